package systemd_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/systemd"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
)

const waitLong = 5 * time.Second

// underSystemd sets the variables systemd gives a Type=notify service with
// WatchdogSec= and returns the notify socket's messages.
func underSystemd(t *testing.T, watchdogUsec string) <-chan string {
	t.Helper()
	path, msgs := systemdtest.NotifySocket(t)
	t.Setenv("NOTIFY_SOCKET", path)
	t.Setenv("WATCHDOG_USEC", watchdogUsec)
	t.Setenv("WATCHDOG_PID", fmt.Sprint(os.Getpid()))
	return msgs
}

// syncBuffer collects log output written from the watchdog goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestNotifierLifecycleWithWatchdog(t *testing.T) {
	msgs := underSystemd(t, "30000000")
	n := systemd.NewNotifier(systemd.WithWatchdogInterval(5 * time.Millisecond))
	for _, name := range []string{"NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"} {
		if _, ok := os.LookupEnv(name); ok {
			t.Errorf("%s still in the environment; children would inherit it", name)
		}
	}
	if err := n.Ready(); err != nil {
		t.Fatal(err)
	}
	if skipped := systemdtest.WaitFor(t, msgs, "READY=1", waitLong); len(skipped) != 0 {
		t.Fatalf("before READY=1: %q", skipped)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		n.RunWatchdog(ctx, func(context.Context) error { return nil })
	}()
	for i := 0; i < 5; i++ {
		if skipped := systemdtest.WaitFor(t, msgs, "WATCHDOG=1", waitLong); len(skipped) != 0 {
			t.Fatalf("between pings: %q", skipped)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(waitLong):
		t.Fatal("RunWatchdog did not return after its context ended")
	}

	if err := n.Status("draining"); err != nil {
		t.Fatal(err)
	}
	if err := n.Stopping(); err != nil {
		t.Fatal(err)
	}
	// Pings already in flight may precede; nothing else may.
	for _, m := range systemdtest.WaitFor(t, msgs, "STATUS=draining", waitLong) {
		if m != "WATCHDOG=1" {
			t.Fatalf("unexpected message %q", m)
		}
	}
	if skipped := systemdtest.WaitFor(t, msgs, "STOPPING=1", waitLong); len(skipped) != 0 {
		t.Fatalf("before STOPPING=1: %q", skipped)
	}
}

func TestNotifierPingsAtHalfTheWatchdogTimeout(t *testing.T) {
	underSystemd(t, "30000000")
	if got := systemd.NewNotifier().WatchdogInterval(); got != 15*time.Second {
		t.Fatalf("ping interval %v, want 15s for WatchdogSec=30s", got)
	}
}

func TestNotifierReloadingCarriesAMonotonicTimestamp(t *testing.T) {
	msgs := underSystemd(t, "")
	n := systemd.NewNotifier()
	if err := n.Reloading(); err != nil {
		t.Fatal(err)
	}
	m := <-msgs
	if !systemdtest.HasField(m, "RELOADING=1") || !strings.Contains(m, "\nMONOTONIC_USEC=") || strings.HasSuffix(m, "\n") {
		t.Fatalf("reload message %q", m)
	}
}

func TestNotifierStatusStaysOneField(t *testing.T) {
	msgs := underSystemd(t, "")
	if err := systemd.NewNotifier().Status("db down\nREADY=1"); err != nil {
		t.Fatal(err)
	}
	if m := <-msgs; m != "STATUS=db down READY=1" {
		t.Fatalf("status message %q: a newline in the text must not forge a field", m)
	}
}

// stepClock lets the test release watchdog beats one at a time.
type stepClock struct{ beats chan time.Time }

func (c stepClock) Tick(time.Duration) (<-chan time.Time, func()) { return c.beats, func() {} }

func TestWatchdogWithholdsPingsWhileTheProbeFails(t *testing.T) {
	msgs := underSystemd(t, "2000000")
	clock := stepClock{beats: make(chan time.Time)}
	var logs syncBuffer
	n := systemd.NewNotifier(systemd.WithClock(clock), systemd.WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))

	// The test decides each probe's answer and learns when it was asked.
	answers := make(chan error)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		n.RunWatchdog(ctx, func(probeCtx context.Context) error {
			select {
			case err := <-answers:
				return err
			case <-probeCtx.Done():
				return probeCtx.Err()
			}
		})
	}()
	beat := func(answer error) {
		t.Helper()
		select {
		case answers <- answer:
		case <-time.After(waitLong):
			t.Fatal("the watchdog did not probe")
		}
		select {
		case clock.beats <- time.Now():
		case <-time.After(waitLong):
			t.Fatal("the watchdog did not wait for the next beat")
		}
	}
	dbDown := errors.New("database is locked")

	beat(nil)
	if skipped := systemdtest.WaitFor(t, msgs, "WATCHDOG=1", waitLong); len(skipped) != 0 {
		t.Fatalf("before the first ping: %q", skipped)
	}
	beat(dbDown)
	beat(dbDown)
	beat(dbDown)
	beat(nil)
	// Datagrams arrive in order, so everything before the next ping was
	// sent during the failing beats: one status line, and no ping.
	skipped := systemdtest.WaitFor(t, msgs, "WATCHDOG=1", waitLong)
	if len(skipped) != 1 || skipped[0] != "STATUS=watchdog paused: health probe failing: database is locked" {
		t.Fatalf("while the probe failed the watchdog sent %q", skipped)
	}
	if m := <-msgs; m != "STATUS=ready" {
		t.Fatalf("after resuming: %q", m)
	}
	beat(nil)
	systemdtest.WaitFor(t, msgs, "WATCHDOG=1", waitLong)

	cancel()
	select {
	case <-done:
	case <-time.After(waitLong):
		t.Fatal("RunWatchdog did not return after its context ended")
	}
	out := logs.String()
	if strings.Count(out, "watchdog pings stopped") != 1 || !strings.Contains(out, "database is locked") {
		t.Fatalf("want one log line for the pause naming the cause, got:\n%s", out)
	}
	if strings.Count(out, "watchdog pings resumed") != 1 {
		t.Fatalf("want one log line for the resumption, got:\n%s", out)
	}
}

func TestWatchdogTreatsAHungProbeAsFailing(t *testing.T) {
	msgs := underSystemd(t, "2000000")
	n := systemd.NewNotifier(systemd.WithWatchdogInterval(20*time.Millisecond), systemd.WithLogger(slog.New(slog.DiscardHandler)))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls int
	var mu sync.Mutex
	go n.RunWatchdog(ctx, func(probeCtx context.Context) error {
		mu.Lock()
		calls++
		first := calls == 1
		mu.Unlock()
		if first {
			<-probeCtx.Done() // a database that never answers
			return probeCtx.Err()
		}
		return nil
	})
	skipped := systemdtest.WaitFor(t, msgs, "WATCHDOG=1", waitLong)
	if len(skipped) != 1 || !strings.Contains(skipped[0], "deadline exceeded") {
		t.Fatalf("before the first ping after a hung probe: %q", skipped)
	}
}

func TestWatchdogOffUnlessSystemdAsksForIt(t *testing.T) {
	cases := map[string]struct{ usec, pid string }{
		"no WATCHDOG_USEC":          {"", ""},
		"another process' watchdog": {"2000000", "1"},
		"malformed WATCHDOG_USEC":   {"soon", ""},
		"zero WATCHDOG_USEC":        {"0", ""},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			msgs := underSystemd(t, c.usec)
			t.Setenv("WATCHDOG_PID", c.pid)
			n := systemd.NewNotifier(systemd.WithWatchdogInterval(time.Millisecond), systemd.WithLogger(slog.New(slog.DiscardHandler)))
			if got := n.WatchdogInterval(); got != 0 {
				t.Fatalf("watchdog interval %v, want off", got)
			}
			returned := make(chan struct{})
			go func() {
				n.RunWatchdog(context.Background(), func(context.Context) error { return nil })
				close(returned)
			}()
			select {
			case <-returned:
			case <-time.After(waitLong):
				t.Fatal("RunWatchdog blocked although the watchdog is off")
			}
			if err := n.Stopping(); err != nil {
				t.Fatal(err)
			}
			if m := <-msgs; m != "STOPPING=1" {
				t.Fatalf("first message %q: the watchdog pinged although off", m)
			}
		})
	}
}

func TestNotifierIsANoOpStartedByHand(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", "")
	os.Unsetenv("NOTIFY_SOCKET")
	t.Setenv("WATCHDOG_USEC", "1000")
	n := systemd.NewNotifier()
	if n.Enabled() || n.WatchdogInterval() != 0 {
		t.Fatalf("enabled=%v interval=%v without NOTIFY_SOCKET", n.Enabled(), n.WatchdogInterval())
	}
	for name, call := range map[string]func() error{
		"Ready": n.Ready, "Stopping": n.Stopping, "Reloading": n.Reloading,
		"Status": func() error { return n.Status("x") },
	} {
		if err := call(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	var zero systemd.Notifier
	if err := zero.Ready(); err != nil {
		t.Errorf("zero Notifier: %v", err)
	}
}

func TestNotifierReportsAnUnreachableSocket(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", systemdtest.ShortTempDir(t)+"/gone.sock")
	if err := systemd.NewNotifier().Ready(); err == nil || !strings.Contains(err.Error(), "READY=1") {
		t.Fatalf("Ready() = %v; want an error naming the message", err)
	}
	t.Setenv("NOTIFY_SOCKET", "vsock:2:1234")
	if err := systemd.NewNotifier().Ready(); err == nil || !strings.Contains(err.Error(), "vsock") {
		t.Fatalf("Ready() = %v; want an unsupported-address error", err)
	}
}
