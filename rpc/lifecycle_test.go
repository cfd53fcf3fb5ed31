package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gateMethods hold a call until the test releases it.
func gateMethods(started chan<- struct{}, release <-chan struct{}) []Method {
	return []Method{
		{Name: "slow", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			started <- struct{}{}
			select {
			case <-release:
				return "finished", nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}},
		{Name: "stubborn", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			started <- struct{}{}
			<-ctx.Done() // only a cancelled context stops it
			return nil, ctx.Err()
		}},
		{Name: "quick", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) { return "quick", nil }},
	}
}

func TestGracefulShutdownDeliversCallsInFlight(t *testing.T) {
	started, release := make(chan struct{}, 1), make(chan struct{})
	path := filepath.Join(t.TempDir(), "d.sock")
	ln, err := Listen(path, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Config{}, gateMethods(started, release))
	served := make(chan error, 1)
	go func() { served <- srv.Serve(context.Background(), ln) }()

	c := dialClient(t, path)
	reply := make(chan error, 1)
	var result string
	go func() { reply <- c.Call(context.Background(), "slow", nil, &result) }()
	<-started
	if srv.InFlight() != 1 || srv.ConnCount() != 1 {
		t.Fatalf("in flight %d, connections %d", srv.InFlight(), srv.ConnCount())
	}

	shutdown := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), generous)
		defer cancel()
		shutdown <- srv.Shutdown(ctx)
	}()
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(generous):
		t.Fatal("Serve did not return when shutdown began")
	}
	// No new connections: the socket file is gone with the listener.
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("socket file after shutdown began: %v", err)
	}
	if _, err := Dial(context.Background(), path); !errors.Is(err, ErrNoDaemon) {
		t.Fatalf("dial during shutdown: %v", err)
	}
	select {
	case err := <-shutdown:
		t.Fatalf("Shutdown returned (%v) with a call in flight", err)
	case <-time.After(50 * time.Millisecond):
	}

	close(release)
	if err := <-reply; err != nil || result != "finished" {
		t.Fatalf("the call in flight got %q, %v", result, err)
	}
	if err := <-shutdown; err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if srv.ConnCount() != 0 || srv.InFlight() != 0 {
		t.Fatalf("after shutdown: %d connections, %d in flight", srv.ConnCount(), srv.InFlight())
	}
	// The client sees the connection end.
	if err := c.Call(context.Background(), "quick", nil, nil); !errors.Is(err, ErrConnectionClosed) {
		t.Fatalf("call after shutdown: %v", err)
	}
}

func TestShutdownDeadlineCancelsAndCloses(t *testing.T) {
	started := make(chan struct{}, 1)
	ts := startServer(t, Config{}, gateMethods(started, nil))
	c := dialClient(t, ts.path)
	reply := make(chan error, 1)
	go func() { reply <- c.Call(context.Background(), "stubborn", nil, nil) }()
	<-started

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := ts.srv.Shutdown(ctx)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "1 running call") {
		t.Fatalf("Shutdown past its deadline: %v", err)
	}
	if err := <-reply; !errors.Is(err, ErrConnectionClosed) {
		t.Fatalf("the cut-off call got %v", err)
	}
	waitFor(t, "the cancelled handler to return", func() bool { return ts.srv.InFlight() == 0 })
}

func TestServeStopsWhenItsContextEnds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.sock")
	ln, err := Listen(path, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Config{}, gateMethods(nil, nil))
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	if err := dialClient(t, path).Call(context.Background(), "quick", nil, nil); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := Dial(context.Background(), path); !errors.Is(err, ErrNoDaemon) {
		t.Fatalf("still accepting: %v", err)
	}
	sctx, scancel := context.WithTimeout(context.Background(), generous)
	defer scancel()
	if err := srv.Shutdown(sctx); err != nil {
		t.Fatal(err)
	}
	// A server that was shut down serves nothing more.
	ln2, err := Listen(path, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Serve(context.Background(), ln2); err != nil {
		t.Fatalf("Serve after Shutdown: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("Serve after Shutdown left the socket behind")
	}
}

func TestListenReplacesStaleSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.sock")
	// A daemon that died leaves its socket file behind.
	dead, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	dead.(*net.UnixListener).SetUnlinkOnClose(false)
	dead.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no stale file to test with: %v", err)
	}

	ln, err := Listen(path, 0, "")
	if err != nil {
		t.Fatalf("Listen over a stale socket: %v", err)
	}
	srv := NewServer(Config{}, gateMethods(nil, nil))
	go srv.Serve(context.Background(), ln)
	defer srv.Shutdown(context.Background())
	if err := dialClient(t, path).Call(context.Background(), "quick", nil, nil); err != nil {
		t.Fatalf("serving on the replaced socket: %v", err)
	}
}

func TestListenRefusesLiveSocket(t *testing.T) {
	ts := startServer(t, Config{}, gateMethods(nil, nil))
	_, err := Listen(ts.path, 0, "")
	if !errors.Is(err, ErrSocketInUse) || !strings.Contains(err.Error(), "another daemon is listening on "+ts.path) {
		t.Fatalf("Listen on a live socket: %v", err)
	}
	// The live daemon keeps its socket.
	if err := dialClient(t, ts.path).Call(context.Background(), "quick", nil, nil); err != nil {
		t.Fatalf("the live daemon lost its socket: %v", err)
	}
}

func TestListenLeavesOtherFilesAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.sock")
	if err := os.WriteFile(path, []byte("not a socket"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(path, 0, ""); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Fatalf("Listen over a regular file: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "not a socket" {
		t.Fatal("the regular file was changed")
	}
}

func TestListenModeGroupAndDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run", "arshline")
	gid := os.Getegid()
	grp, err := user.LookupGroupId(strconv.Itoa(gid))
	if err != nil {
		t.Skipf("no name for gid %d: %v", gid, err)
	}
	for _, tc := range []struct {
		name  string
		mode  os.FileMode
		group string
		want  os.FileMode
	}{
		{"default mode", 0, "", 0o660},
		{"explicit mode, group by name", 0o600, grp.Name, 0o600},
		{"group by number", 0o660, strconv.Itoa(gid), 0o660},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "d.sock")
			ln, err := Listen(path, tc.mode, tc.group)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != tc.want {
				t.Fatalf("mode %v, want socket %v", fi.Mode(), tc.want)
			}
			if st, ok := fileGID(fi); ok && st != gid {
				t.Fatalf("group %d, want %d", st, gid)
			}
		})
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o750 {
		t.Fatalf("created directory: %v %v", fi.Mode(), err)
	}
	if _, err := os.Stat(filepath.Join(dir, "d.sock")); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("closing the listener left the socket file")
	}
	if _, err := Listen(filepath.Join(dir, "x.sock"), 0, "no-such-group-arshline"); err == nil || !strings.Contains(err.Error(), "no-such-group-arshline") {
		t.Fatalf("unknown group: %v", err)
	}
	if _, err := Listen(filepath.Join(dir, "x.sock"), 0, "-5"); err == nil {
		t.Fatal("negative gid accepted")
	}
}

func fileGID(fi os.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Gid), true
}
