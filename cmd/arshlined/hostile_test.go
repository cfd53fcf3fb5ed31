package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// healthProbeEnv makes this test binary, re-run with it, a healthy client
// in a process of its own: the attacks come from the test process, and
// in production an attacker and the clients it hurts are different
// processes too, so the attacker's own goroutines and garbage must not be
// charged to the probe.
const healthProbeEnv = "ARSHLINED_TEST_HEALTH_PROBE_SOCKET"

// serveHealthProbe is the probe process: on "start" it calls
// system.health on its own connection, a 1 ms pause between calls, until
// "stop", then prints the calls' p50 and p99 in nanoseconds, their count
// and the first error.
func serveHealthProbe(socket string) {
	c, err := rpc.Dial(context.Background(), socket)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	for range 20 { // warm the connection
		c.Call(context.Background(), "system.health", nil, nil)
	}
	fmt.Println("ready")
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if in.Text() != "start" {
			continue
		}
		var stopped atomic.Bool
		done := make(chan struct{})
		go func() {
			defer close(done)
			in.Scan()
			stopped.Store(true)
		}()
		var ds []time.Duration
		failure := "none"
		for !stopped.Load() {
			t0 := time.Now()
			if err := c.Call(context.Background(), "system.health", nil, nil); err != nil {
				failure = strings.ReplaceAll(err.Error(), " ", "_")
				break
			}
			ds = append(ds, time.Since(t0))
			time.Sleep(time.Millisecond)
		}
		<-done
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		var p50, p99 time.Duration
		if len(ds) > 0 {
			p50, p99 = ds[len(ds)/2], ds[len(ds)*99/100]
		}
		fmt.Println(int64(p50), int64(p99), len(ds), failure)
	}
	os.Exit(0)
}

// healthProbe drives a probe process.
type healthProbe struct {
	cmd *exec.Cmd
	in  io.Writer
	out *bufio.Scanner
}

func startHealthProbe(t *testing.T, socket string) *healthProbe {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), healthProbeEnv+"="+socket)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &healthProbe{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	if !p.out.Scan() || p.out.Text() != "ready" {
		t.Fatalf("health probe did not start: %q", p.out.Text())
	}
	return p
}

// probeFigures are the probe's calls during one window.
type probeFigures struct {
	p50, p99 time.Duration
	calls    int
}

// measure returns what the probe saw of its calls while during ran.
func (p *healthProbe) measure(t *testing.T, during func()) probeFigures {
	t.Helper()
	fmt.Fprintln(p.in, "start")
	during()
	fmt.Fprintln(p.in, "stop")
	if !p.out.Scan() {
		t.Fatal("health probe died")
	}
	var f probeFigures
	var failure string
	if _, err := fmt.Sscan(p.out.Text(), &f.p50, &f.p99, &f.calls, &failure); err != nil {
		t.Fatalf("health probe said %q: %v", p.out.Text(), err)
	}
	if failure != "none" {
		t.Errorf("healthy client failed: %s", failure)
	}
	return f
}

func rawLine(t *testing.T, path, frame string) string {
	t.Helper()
	nc, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	go func() { nc.Write([]byte(frame + "\n")) }()
	nc.SetReadDeadline(time.Now().Add(20 * time.Second))
	// Every answer here is one short line; a larger buffer would only be
	// the test's own garbage, collected by the daemon sharing this process.
	line, err := bufio.NewReader(nc).ReadString('\n')
	if err != nil {
		return "ERR " + err.Error()
	}
	return line
}

// TestHostileInputs throws each kind of bad input at the real daemon,
// running as its own process as it does in production (attacker and
// healthy client are other processes to it): each gets a clear error (or
// is handled), nothing panics, and the daemon keeps serving a healthy
// client throughout. The table it logs shows the healthy client's p50
// during each attack next to its quiet p50 just before.
func TestHostileInputs(t *testing.T) {
	dir := systemdtest.ShortTempDir(t)
	socket := filepath.Join(dir, "d.sock")
	notify, msgs := systemdtest.NotifySocket(t)
	cmd := exec.Command(daemonBin, "--socket", socket, "--db", filepath.Join(dir, "d.db"),
		"--log-dir", filepath.Join(dir, "logs"), "--max-conns", "64")
	cmd.Env = append(os.Environ(), "NOTIFY_SOCKET="+notify)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil {
			t.Errorf("daemon exit after the attacks: %v", err)
		}
	})
	systemdtest.WaitFor(t, msgs, "READY=1", 10*time.Second)
	c, err := rpc.Dial(context.Background(), socket)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	type attack struct {
		name  string
		run   func(t *testing.T) string // returns what the daemon answered, briefly
		check func(t *testing.T, answer string)
	}
	wantCode := func(code string) func(*testing.T, string) {
		return func(t *testing.T, a string) {
			if !strings.Contains(a, code) {
				t.Errorf("want %s, got %.300s", code, a)
			}
		}
	}
	bidiTitle := "\u202eفرم <script>alert(1)</script> & \"quotes\"\u202c"
	// Large attack frames are built once: the daemon shares this process,
	// so building them every round would charge the test's own allocations
	// to the daemon's garbage collector.
	oversized := `{"jsonrpc":"2.0","id":1,"method":"system.health","params":{"x":"` + strings.Repeat("a", 2<<20) + `"}}`
	nested := strings.Repeat("[", 100000)
	var batch strings.Builder
	batch.WriteByte('[')
	for i := 0; i < 10000; i++ {
		if i > 0 {
			batch.WriteByte(',')
		}
		fmt.Fprintf(&batch, `{"jsonrpc":"2.0","id":%d,"method":"system.health"}`, i)
	}
	batch.WriteByte(']')
	bigBatch := batch.String()
	hugePrompt := strings.Repeat("فرم ", 120000)
	hugePlanSteps := make([]map[string]any, 10000)
	for i := range hugePlanSteps {
		hugePlanSteps[i] = map[string]any{"action": "publish_form", "params": map[string]any{"id": 1}}
	}
	hugePlan, _ := json.Marshal(map[string]any{"plan": map[string]any{"version": 1, "steps": hugePlanSteps}, "confirm": true})
	attacks := []attack{
		{"frame over the limit", func(t *testing.T) string {
			return rawLine(t, socket, oversized)
		}, wantCode("-32600")},
		{"100k nested brackets", func(t *testing.T) string {
			return rawLine(t, socket, nested)
		}, wantCode("-32700")},
		{"invalid UTF-8", func(t *testing.T) string {
			return rawLine(t, socket, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"forms.create\",\"params\":{\"title\":\"\xc3\x28\"}}")
		}, wantCode("-32700")},
		{"huge numbers", func(t *testing.T) string {
			return rawLine(t, socket, `{"jsonrpc":"2.0","id":1,"method":"forms.get","params":{"id":1e400}}`)
		}, wantCode("INVALID_PARAMS")},
		{"huge integer id", func(t *testing.T) string {
			return rawLine(t, socket, `{"jsonrpc":"2.0","id":1,"method":"forms.get","params":{"id":99999999999999999999999}}`)
		}, wantCode("INVALID_PARAMS")},
		{"duplicate keys", func(t *testing.T) string {
			return rawLine(t, socket, `{"jsonrpc":"2.0","id":1,"method":"forms.get","method":"system.health","params":{"id":1,"id":2}}`)
		}, func(t *testing.T, a string) {
			if !strings.Contains(a, `"jsonrpc":"2.0"`) {
				t.Errorf("no well-formed reply: %s", a)
			}
		}},
		{"NaN and Infinity", func(t *testing.T) string {
			return rawLine(t, socket, `{"jsonrpc":"2.0","id":1,"method":"forms.get","params":{"id":NaN,"x":Infinity}}`)
		}, wantCode("-32700")},
		{"batch of 10,000 calls", func(t *testing.T) string {
			return rawLine(t, socket, bigBatch)
		}, wantCode("-32600")},
		{"1 MB prompt", func(t *testing.T) string {
			err := c.Call(context.Background(), "ai.plan", map[string]any{"text": hugePrompt}, nil)
			return fmt.Sprint(err)
		}, func(t *testing.T, a string) {
			if !strings.Contains(a, "MODEL_LIMIT") && !strings.Contains(a, "INVALID_PARAMS") {
				t.Errorf("1 MB prompt: %s", a)
			}
		}},
		{"plan with 10,000 steps", func(t *testing.T) string {
			err := c.Call(context.Background(), "ai.execute", json.RawMessage(hugePlan), nil)
			return fmt.Sprint(err)
		}, func(t *testing.T, a string) {
			if !strings.Contains(a, "INVALID_PLAN") && !strings.Contains(a, "-32600") {
				t.Errorf("10,000 steps: %s", a)
			}
		}},
		{"bidi controls and HTML in a title", func(t *testing.T) string {
			var res struct{ Form domain.Form }
			if err := c.Call(context.Background(), "forms.create", map[string]any{"title": bidiTitle}, &res); err != nil {
				return err.Error()
			}
			var got domain.Form
			if err := c.Call(context.Background(), "forms.get", map[string]any{"id": res.Form.ID}, &got); err != nil {
				return err.Error()
			}
			return got.Title
		}, func(t *testing.T, a string) {
			if a != bidiTitle {
				t.Errorf("title not stored as the exact text: %q", a)
			}
		}},
		{"more connections than the limit", func(t *testing.T) string {
			var conns []net.Conn
			defer func() {
				for _, nc := range conns {
					nc.Close()
				}
			}()
			for i := 0; i < 80; i++ {
				nc, err := net.Dial("unix", socket)
				if err != nil {
					return err.Error()
				}
				conns = append(conns, nc)
			}
			// The connections past the limit are told so and closed; which
			// ones depends on when earlier ones were let go, so read them all.
			var mu sync.Mutex
			var refused []string
			var wg sync.WaitGroup
			for _, nc := range conns {
				wg.Add(1)
				go func(nc net.Conn) {
					defer wg.Done()
					nc.SetReadDeadline(time.Now().Add(time.Second))
					if line, _ := bufio.NewReader(nc).ReadString('\n'); line != "" {
						mu.Lock()
						refused = append(refused, line)
						mu.Unlock()
					}
				}(nc)
			}
			wg.Wait()
			if len(refused) == 0 {
				return "no connection was refused"
			}
			return refused[0]
		}, wantCode("UNAVAILABLE")},
		{"a byte per 10 ms client", func(t *testing.T) string {
			nc, err := net.Dial("unix", socket)
			if err != nil {
				return err.Error()
			}
			defer nc.Close()
			frame := []byte(`{"jsonrpc":"2.0","id":7,"method":"system.health"}` + "\n")
			for _, b := range frame {
				nc.Write([]byte{b})
				time.Sleep(10 * time.Millisecond)
			}
			nc.SetReadDeadline(time.Now().Add(5 * time.Second))
			line, _ := bufio.NewReader(nc).ReadString('\n')
			return line
		}, wantCode(`"id":7`)},
	}

	probe := startHealthProbe(t, socket)
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-34s %7s %10s %13s %6s %10s %13s\n", "attack", "rounds", "quiet p50", "attacked p50", "ratio", "quiet p99", "attacked p99")
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			// The healthy client is measured quiet right before the attack,
			// so both figures see the machine alike.
			q := probe.measure(t, func() { time.Sleep(300 * time.Millisecond) })
			// Repeat the attack for a while so the probe measures during it,
			// not around it; every answer is checked.
			rounds := 0
			u := probe.measure(t, func() {
				for start := time.Now(); rounds == 0 || time.Since(start) < 300*time.Millisecond; rounds++ {
					a.check(t, a.run(t))
				}
			})
			ratio := 0.0
			if q.p50 > 0 {
				ratio = float64(u.p50) / float64(q.p50)
			}
			fmt.Fprintf(&table, "%-34s %7d %10s %13s %6.2f %10s %13s\n", a.name, rounds, q.p50.Round(time.Microsecond),
				u.p50.Round(time.Microsecond), ratio, q.p99.Round(time.Microsecond), u.p99.Round(time.Microsecond))
		})
	}
	// The daemon is still there and sound.
	var h daemon.Health
	if err := c.Call(context.Background(), "system.health", nil, &h); err != nil || !h.OK {
		t.Fatalf("daemon after the attacks: %+v %v", h, err)
	}
	t.Log(table.String())
}
