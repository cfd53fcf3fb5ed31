package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

var daemonBin string

// TestMain builds the real arshlined once; the tests run it as a child
// process, the way systemd or an operator would.
func TestMain(m *testing.M) {
	if socket := os.Getenv(healthProbeEnv); socket != "" {
		serveHealthProbe(socket)
	}
	dir, err := os.MkdirTemp("", "arshlined-bin")
	if err != nil {
		panic(err)
	}
	daemonBin = filepath.Join(dir, "arshlined")
	out, err := exec.Command("go", "build", "-o", daemonBin, ".").CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	mariadbtest.Stop()
	mariadbtest.StopGalera()
	os.RemoveAll(dir)
	os.Exit(code)
}

func health(t *testing.T, socket string) {
	t.Helper()
	c, err := rpc.Dial(context.Background(), socket)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var h struct {
		OK   bool `json:"ok"`
		DBOK bool `json:"db_ok"`
	}
	if err := c.Call(context.Background(), "system.health", nil, &h); err != nil || !h.OK || !h.DBOK {
		t.Fatalf("health %+v %v", h, err)
	}
}

func rssKB(pid int) string {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return "?"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// TestSocketActivationNotifyAndWatchdog runs the daemon as systemd would:
// the listening socket arrives as fd 3 with LISTEN_FDS/LISTEN_PID, and
// READY=1, WATCHDOG=1 and STOPPING=1 arrive on NOTIFY_SOCKET.
func TestSocketActivationNotifyAndWatchdog(t *testing.T) {
	dir := systemdtest.ShortTempDir(t)
	ln := systemdtest.Listen(t)
	notify, msgs := systemdtest.NotifySocket(t)
	cmd := systemdtest.ActivatedCommand(daemonBin, []string{
		"--db", filepath.Join(dir, "a.db"), "--log-dir", filepath.Join(dir, "logs"),
	}, systemdtest.ListenerFile(t, ln))
	cmd.Env = append(cmd.Env, "NOTIFY_SOCKET="+notify, "WATCHDOG_USEC=200000")
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	systemdtest.WaitFor(t, msgs, "READY=1", 10*time.Second)
	t.Logf("start to READY=1: %v (new database)", time.Since(start))
	health(t, ln.Addr().String())
	systemdtest.WaitFor(t, msgs, "WATCHDOG=1", 5*time.Second)
	systemdtest.WaitFor(t, msgs, "WATCHDOG=1", 5*time.Second)
	t.Logf("idle RSS: %s", rssKB(cmd.Process.Pid))
	cmd.Process.Signal(syscall.SIGTERM)
	systemdtest.WaitFor(t, msgs, "STOPPING=1", 10*time.Second)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}
}

// TestHandStartedLifecycle starts the daemon by hand: it creates its own
// socket, rotates its log on SIGHUP, and on SIGTERM finishes and removes
// the socket. A restart on the existing database is timed to READY.
func TestHandStartedLifecycle(t *testing.T) {
	dir := systemdtest.ShortTempDir(t)
	socket := filepath.Join(dir, "d.sock")
	logs := filepath.Join(dir, "logs")
	args := []string{"--socket", socket, "--db", filepath.Join(dir, "d.db"), "--log-dir", logs}
	for round := 0; round < 2; round++ {
		notify, msgs := systemdtest.NotifySocket(t)
		cmd := exec.Command(daemonBin, args...)
		cmd.Env = append(os.Environ(), "NOTIFY_SOCKET="+notify)
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		systemdtest.WaitFor(t, msgs, "READY=1", 10*time.Second)
		t.Logf("round %d: start to READY=1 %v, idle RSS %s", round, time.Since(start), rssKB(cmd.Process.Pid))
		health(t, socket)
		if round == 0 {
			// A call logged at INFO (health probes are DEBUG), so the log
			// has a line to rotate away.
			c, err := rpc.Dial(context.Background(), socket)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Call(context.Background(), "forms.list", nil, nil); err != nil {
				t.Fatal(err)
			}
			c.Close()
			cmd.Process.Signal(syscall.SIGHUP)
			systemdtest.WaitFor(t, msgs, "READY=1", 5*time.Second) // RELOADING=1 … READY=1
			entries, _ := os.ReadDir(logs)
			if len(entries) < 2 {
				t.Errorf("SIGHUP did not rotate the log: %v", entries)
			}
		}
		cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("exit: %v", err)
		}
		if _, err := os.Stat(socket); !os.IsNotExist(err) {
			t.Fatalf("socket left behind: %v", err)
		}
	}
	out, err := exec.Command(daemonBin, "check", "--db", filepath.Join(dir, "d.db"), "--socket", socket, "--log-dir", logs).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "integrity_check ok") {
		t.Fatalf("check: %s %v", out, err)
	}
	backup := filepath.Join(dir, "copy.db")
	out, err = exec.Command(daemonBin, "backup", backup, "--db", filepath.Join(dir, "d.db"), "--log-dir", logs).CombinedOutput()
	if err != nil {
		t.Fatalf("backup: %s %v", out, err)
	}
	if fi, err := os.Stat(backup); err != nil || fi.Size() == 0 {
		t.Fatalf("backup file: %v", err)
	}
}

func TestBadFlagsFailClearly(t *testing.T) {
	for _, args := range [][]string{
		{"--socket-mode", "999"},
		{"--log-level", "LOUD"},
		{"--openai-base-url", "http://example.com/v1"},
		{"--notify-retention", "10m"},
		{"--notify-per-receiver-per-hour", "-1"},
		{"frobnicate"},
	} {
		out, err := exec.Command(daemonBin, args...).CombinedOutput()
		if err == nil {
			t.Errorf("%v: started", args)
			continue
		}
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || len(out) == 0 {
			t.Errorf("%v: exit %v, output %q", args, err, out)
		}
	}
	out, err := exec.Command(daemonBin, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "arshlined ") {
		t.Fatalf("version: %q %v", out, err)
	}
}
