package systemd_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/systemd"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
)

// childReport is what the socket-activated helper process prints on its
// first stdout line.
type childReport struct {
	Pid       int      `json:"pid"`
	Addrs     []string `json:"addrs"`
	Err       string   `json:"err"`
	EnvLeft   []string `json:"env_left"` // LISTEN_* variables still set after Listeners
	ServedErr string   `json:"served_err,omitempty"`
}

// TestActivationHelper is not a test: run as a child by the tests below,
// it plays a socket-activated daemon. It calls Listeners, reports what it
// got, then answers one line on the first listener.
func TestActivationHelper(t *testing.T) {
	if os.Getenv("ARSHLINE_SYSTEMD_HELPER") != "1" {
		t.Skip("helper process for the socket activation tests")
	}
	lns, err := systemd.Listeners()
	rep := childReport{Pid: os.Getpid()}
	if err != nil {
		rep.Err = err.Error()
	}
	for _, ln := range lns {
		rep.Addrs = append(rep.Addrs, ln.Addr().String())
	}
	for _, name := range []string{"LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"} {
		if _, ok := os.LookupEnv(name); ok {
			rep.EnvLeft = append(rep.EnvLeft, name)
		}
	}
	line, _ := json.Marshal(rep)
	fmt.Println(string(line))
	if len(lns) == 0 {
		os.Exit(0)
	}
	conn, err := lns[0].Accept()
	if err != nil {
		fmt.Fprintln(os.Stderr, "accept:", err)
		os.Exit(3)
	}
	req, _ := bufio.NewReader(conn).ReadString('\n')
	fmt.Fprintf(conn, "pid %d got %s", os.Getpid(), req)
	conn.Close()
	os.Exit(0)
}

// startActivated runs the helper socket-activated with files as fds 3...
// and returns its first report line and a function waiting for its exit.
func startActivated(t *testing.T, files ...*os.File) (childReport, func() error) {
	t.Helper()
	cmd := systemdtest.ActivatedCommand(os.Args[0], []string{"-test.run=^TestActivationHelper$", "-test.count=1"}, files...)
	cmd.Env = append(cmd.Env, "ARSHLINE_SYSTEMD_HELPER=1", "GORACE=atexit_sleep_ms=0", "LISTEN_FDNAMES=rpc")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("helper printed no report: %v", err)
	}
	var rep childReport
	if err := json.Unmarshal([]byte(line), &rep); err != nil {
		t.Fatalf("helper report %q: %v", line, err)
	}
	if rep.Pid != cmd.Process.Pid {
		t.Fatalf("helper runs as pid %d, started as %d: the shell did not exec", rep.Pid, cmd.Process.Pid)
	}
	return rep, cmd.Wait
}

func TestListenersServesOnTheInheritedSocket(t *testing.T) {
	ln := systemdtest.Listen(t)
	path := ln.Addr().String()
	rep, wait := startActivated(t, systemdtest.ListenerFile(t, ln))
	if rep.Err != "" || len(rep.Addrs) != 1 || rep.Addrs[0] != path {
		t.Fatalf("child got listeners %q, err %q; want [%s]", rep.Addrs, rep.Err, path)
	}
	if len(rep.EnvLeft) != 0 {
		t.Fatalf("LISTEN_* left in the child's environment: %v", rep.EnvLeft)
	}
	// Only the child may answer: our own copy is closed, and closing it
	// must leave the socket file in place as systemd's does.
	ln.Close()

	conn, err := net.DialTimeout("unix", path, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "hello\n")
	reply, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("pid %d got hello\n", rep.Pid); reply != want {
		t.Fatalf("reply %q, want %q", reply, want)
	}
	if err := wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
}

func TestListenersRejectsADatagramSocket(t *testing.T) {
	dir := systemdtest.ShortTempDir(t)
	pc, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: dir + "/dgram.sock", Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	f, err := pc.File()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, wait := startActivated(t, f)
	if !strings.Contains(rep.Err, "not a stream socket") || len(rep.Addrs) != 0 {
		t.Fatalf("child got listeners %q, err %q; want a stream-socket error", rep.Addrs, rep.Err)
	}
	if err := wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
}

func TestListenersRejectsANonSocketAndKeepsNoPartialResult(t *testing.T) {
	ln := systemdtest.Listen(t)
	notSocket, err := os.CreateTemp(t.TempDir(), "plain")
	if err != nil {
		t.Fatal(err)
	}
	defer notSocket.Close()
	rep, wait := startActivated(t, systemdtest.ListenerFile(t, ln), notSocket)
	if !strings.Contains(rep.Err, "LISTEN_FD_4") || !strings.Contains(rep.Err, "not a socket") || len(rep.Addrs) != 0 {
		t.Fatalf("child got listeners %q, err %q; want an error naming fd 4 and no listeners", rep.Addrs, rep.Err)
	}
	if len(rep.EnvLeft) != 0 {
		t.Fatalf("LISTEN_* left in the child's environment after an error: %v", rep.EnvLeft)
	}
	if err := wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
}

func TestListenersRejectsAConnectedSocket(t *testing.T) {
	ln := systemdtest.Listen(t)
	client, err := net.Dial("unix", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	f, err := client.(*net.UnixConn).File()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, wait := startActivated(t, f)
	if !strings.Contains(rep.Err, "Accept=no") {
		t.Fatalf("child got listeners %q, err %q; want the Accept=no hint", rep.Addrs, rep.Err)
	}
	if err := wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
}

func TestListenersIgnoresDescriptorsMeantForAnotherProcess(t *testing.T) {
	// The parent of a socket-activated service must not take its fds: the
	// pid check is what tells them apart.
	t.Setenv("LISTEN_PID", fmt.Sprint(os.Getppid()))
	t.Setenv("LISTEN_FDS", "1")
	lns, err := systemd.Listeners()
	if err != nil || len(lns) != 0 {
		t.Fatalf("Listeners() = %v, %v; want none", lns, err)
	}
	if _, ok := os.LookupEnv("LISTEN_FDS"); ok {
		t.Fatal("LISTEN_FDS still set")
	}
}

func TestListenersEmptyWhenStartedByHand(t *testing.T) {
	os.Unsetenv("LISTEN_PID")
	os.Unsetenv("LISTEN_FDS")
	lns, err := systemd.Listeners()
	if err != nil || len(lns) != 0 {
		t.Fatalf("Listeners() = %v, %v; want none", lns, err)
	}
}
