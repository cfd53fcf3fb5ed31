package main

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
)

// TestStatusCommand runs `arshlinectl status` against a real daemon, and
// against each way of not reaching one, whose messages must tell the
// causes apart.
func TestStatusCommand(t *testing.T) {
	socket, _ := runDaemon(t)
	dir := filepath.Dir(socket)
	if err := os.WriteFile(filepath.Join(dir, "uploads", "a"), make([]byte, 2048), 0o600); err != nil {
		t.Fatal(err)
	}

	t.Run("a running daemon: versions, places, free space, model", func(t *testing.T) {
		var out, errb bytes.Buffer
		if code := run([]string{"--socket", socket, "status"}, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		for _, want := range []string{
			"arshlined  " + daemon.Version + " (protocol 1)",
			"socket     " + socket,
			"database   " + filepath.Join(dir, "d.db") + "  ",
			", ok\n",
			"uploads    " + filepath.Join(dir, "uploads") + "  2.0 KiB in 1 files",
			" free\n",
			"model      none",
		} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("no %q in\n%s", want, out.String())
			}
		}
	})

	t.Run("--json is the daemon's answer", func(t *testing.T) {
		var out, errb bytes.Buffer
		if code := run([]string{"--socket", socket, "status", "--json"}, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		var st daemonStatus
		if err := json.Unmarshal(out.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		if st.Protocol != 1 || st.Version != daemon.Version || !st.DBOK || st.Uploads.Bytes != 2048 || st.Database.FreeBytes == 0 {
			t.Errorf("status %+v", st)
		}
	})

	t.Run("usage", func(t *testing.T) {
		var out, errb bytes.Buffer
		if code := run([]string{"--socket", socket, "status", "extra"}, &out, &errb); code != 2 {
			t.Errorf("exit %d", code)
		}
	})

	t.Run("no socket", func(t *testing.T) {
		missing := filepath.Join(t.TempDir(), "none.sock")
		assertStatusFails(t, missing, "no socket at "+missing, "systemctl enable --now arshlined.socket")
	})

	t.Run("a socket nobody listens on", func(t *testing.T) {
		stale := filepath.Join(systemdtest.ShortTempDir(t), "stale.sock")
		ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: stale, Net: "unix"})
		if err != nil {
			t.Fatal(err)
		}
		ln.SetUnlinkOnClose(false)
		ln.Close()
		assertStatusFails(t, stale, "connection refused at "+stale, "systemctl restart arshlined.socket")
	})

	t.Run("not a socket", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "file")
		os.WriteFile(file, nil, 0o600)
		assertStatusFails(t, file, file)
	})

	t.Run("permission denied names owner, group, mode and the caller", func(t *testing.T) {
		if os.Geteuid() != 0 {
			// The caller owns the socket here; mode 0 shuts out its owner
			// too (root would pass through any mode).
			closed := filepath.Join(systemdtest.ShortTempDir(t), "closed.sock")
			ln, err := net.Listen("unix", closed)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			os.Chmod(closed, 0)
			assertStatusFails(t, closed, "permission denied on "+closed, "mode ----------", "you are user ")
			return
		}
		// As root: the same daemon's socket (mode 0660, root's), reached
		// as nobody.
		os.Chmod(dir, 0o755)
		out, code := runAsNobody(t, "--socket", socket, "status")
		for _, want := range []string{"permission denied on " + socket, "owner root", "mode -rw-rw----", "you are user nobody"} {
			if code != 1 || !strings.Contains(out, want) {
				t.Errorf("exit %d, no %q in %q", code, want, out)
			}
		}
	})

	t.Run("a peer the daemon refuses", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("needs another uid than the daemon's: run as root")
		}
		open, _ := runDaemon(t, "--socket-mode", "0666")
		os.Chmod(filepath.Dir(open), 0o755)
		out, code := runAsNobody(t, "--socket", open, "status")
		if code != 1 || !strings.Contains(out, "refused this user (user nobody") || !strings.Contains(out, "sudo -u arshline arshlinectl status") {
			t.Errorf("exit %d: %q", code, out)
		}
	})
}

func assertStatusFails(t *testing.T, socket string, wants ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run([]string{"--socket", socket, "status"}, &out, &errb)
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	if code != 1 || len(lines) != 1 || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	for _, want := range wants {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("no %q in %q", want, errb.String())
		}
	}
}

// runAsNobody runs this command, built, as uid and gid 65534 (root only),
// and returns its stderr and exit code.
func runAsNobody(t *testing.T, args ...string) (string, int) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "arshlinectl")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %s %v", out, err)
	}
	os.Chmod(filepath.Dir(bin), 0o755)
	cmd := exec.Command("setpriv", append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", bin}, args...)...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return errb.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return errb.String(), 0
}

// TestPrintStatusMariaDB: a store on MariaDB or MySQL shows its tables'
// size on the server, not the free space of a disk the daemon does not
// write, and an error reading the size is shown instead.
func TestPrintStatusMariaDB(t *testing.T) {
	const addr = "mysql://arshline@unix(/run/mysqld/mysqld.sock)/wordpress?prefix=arsh_"
	for _, c := range []struct {
		name      string
		db        storagePlace
		want, not []string
	}{
		{"the tables' size", storagePlace{Path: addr, Bytes: 3 << 20},
			[]string{"database   " + addr + "  3.0 MiB, ok\n", "the store's tables on the database server"}, []string{"B free", "error"}},
		{"an error", storagePlace{Path: addr, Error: "Access denied"},
			[]string{"database   " + addr + "  0 B, ok\n", "error: Access denied\n"}, []string{"B free"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			printStatus(&out, daemonStatus{Version: "x", Protocol: 1, DBOK: true, Database: c.db, Uploads: storagePlace{Path: "/u", FreeBytes: 1 << 30}})
			s := out.String()
			db := s[strings.Index(s, "database"):strings.Index(s, "uploads")]
			for _, w := range c.want {
				if !strings.Contains(s, w) {
					t.Errorf("no %q in\n%s", w, s)
				}
			}
			for _, n := range c.not {
				if strings.Contains(db, n) {
					t.Errorf("%q in the database lines\n%s", n, db)
				}
			}
		})
	}
}
