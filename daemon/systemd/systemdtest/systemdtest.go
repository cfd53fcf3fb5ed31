// Package systemdtest stands in for the systemd service manager in tests:
// it receives sd_notify messages on a real datagram socket and starts
// programs socket-activated with a real listening socket, so the daemon's
// systemd integration is exercised without systemd.
package systemdtest

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ShortTempDir returns a new directory removed at the end of the test.
// Unix socket paths are limited to 107 bytes and t.TempDir() embeds the
// test's name, so sockets go here instead.
func ShortTempDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "sd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// NotifySocket listens on a new unixgram socket as systemd's notify socket
// does and returns its path, for NOTIFY_SOCKET, and the messages it
// receives, one datagram each (a datagram may hold several
// newline-separated fields). The channel is closed when the test ends.
func NotifySocket(t testing.TB) (path string, msgs <-chan string) {
	t.Helper()
	path = filepath.Join(ShortTempDir(t), "notify.sock")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	// Buffered so a slow test never makes the sender block or drop.
	out := make(chan string, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(out)
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			if err != nil {
				return
			}
			out <- string(buf[:n])
		}
	}()
	t.Cleanup(func() {
		conn.Close()
		<-done
	})
	return path, out
}

// WaitFor reads msgs until a datagram holding the field want arrives and
// returns the datagrams skipped before it. It fails the test after timeout.
func WaitFor(t testing.TB, msgs <-chan string, want string, timeout time.Duration) (skipped []string) {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				t.Fatalf("notify socket closed while waiting for %q (got %q)", want, skipped)
			}
			if HasField(m, want) {
				return skipped
			}
			skipped = append(skipped, m)
		case <-deadline:
			t.Fatalf("no %q within %v (got %q)", want, timeout, skipped)
		}
	}
}

// HasField reports whether the datagram msg holds the line field.
func HasField(msg, field string) bool {
	for _, line := range strings.Split(msg, "\n") {
		if line == field {
			return true
		}
	}
	return false
}

// Listen creates a listening Unix stream socket in a short temporary
// directory, as a socket unit does before the service starts. Closing the
// returned listener does not remove the socket file, so a child that
// inherited it keeps serving after the test closes its own copy.
func Listen(t testing.TB) *net.UnixListener {
	t.Helper()
	path := filepath.Join(ShortTempDir(t), "activated.sock")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	t.Cleanup(func() { ln.Close() })
	return ln
}

// ActivatedCommand returns a command that runs name with args the way
// systemd runs a socket-activated service: each of files becomes a
// descriptor from 3 upward, LISTEN_FDS counts them and LISTEN_PID is the
// pid of name itself. The pid is only known inside the child, so the
// command goes through /bin/sh, which exports its own pid ($$) and then
// execs name, keeping that pid. Callers add their own Env entries (the
// current environment is the default) and start the command.
func ActivatedCommand(name string, args []string, files ...*os.File) *exec.Cmd {
	shArgs := append([]string{"-c", `export LISTEN_PID=$$; exec "$0" "$@"`, name}, args...)
	cmd := exec.Command("/bin/sh", shArgs...)
	cmd.ExtraFiles = files
	cmd.Env = append(os.Environ(), "LISTEN_FDS="+strconv.Itoa(len(files)))
	return cmd
}

// ListenerFile duplicates ln's descriptor for handing to a child.
func ListenerFile(t testing.TB, ln *net.UnixListener) *os.File {
	t.Helper()
	f, err := ln.File()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
