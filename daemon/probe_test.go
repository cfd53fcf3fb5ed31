package daemon

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// fakeProbe answers the probe as a failing database would.
type fakeProbe struct {
	mu       sync.Mutex
	pingErr  error
	writeErr error
	avail    uint64
	readOnly bool
	writes   int
}

func (f *fakeProbe) Ping(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.pingErr
}

func (f *fakeProbe) ProbeWrite(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes++
	return f.writeErr
}

func (f *fakeProbe) DiskSpace() (uint64, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.avail, f.readOnly, nil
}

func (f *fakeProbe) set(fn func(*fakeProbe)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

// watch starts a database watch over store as the daemon does.
func watch(ctx context.Context, store dbProbe, minFree uint64, interval time.Duration) *dbWatch {
	w := newDBWatch(store, minFree, interval, time.Hour)
	w.First(ctx)
	go w.Run(ctx)
	return w
}

func waitDBOK(t *testing.T, a *dbWatch, want bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); a.OK() != want; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: db_ok stayed %v", what, !want)
		}
	}
}

// The probe turns db_ok false when writes fail although the ping answers
// (a full disk: ENOSPC on commit), when free space falls under the
// threshold, and when the file system is read-only; and true again once
// the cause is gone, retrying a failed write every interval.
func TestProbeNoticesWritesFailing(t *testing.T) {
	f := &fakeProbe{avail: 1 << 30}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := watch(ctx, f, 1<<20, 5*time.Millisecond)
	if !a.OK() {
		t.Fatal("a healthy database is not OK at start")
	}
	f.set(func(f *fakeProbe) { f.avail = 1<<20 - 1 })
	waitDBOK(t, a, false, "free space under the threshold")
	f.set(func(f *fakeProbe) { f.avail = 1 << 30 })
	waitDBOK(t, a, true, "space back")

	f.set(func(f *fakeProbe) { f.writeErr = syscall.ENOSPC })

	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	a2 := watch(ctx2, f, 1<<20, 5*time.Millisecond)
	if a2.OK() {
		t.Fatal("commits fail with ENOSPC, yet db_ok at start")
	}
	f.set(func(f *fakeProbe) { f.writeErr = nil })
	waitDBOK(t, a2, true, "writes succeed again (retried every interval)")
	f.set(func(f *fakeProbe) { f.readOnly = true })
	waitDBOK(t, a2, false, "read-only file system")
	f.set(func(f *fakeProbe) { f.readOnly = false; f.pingErr = errors.New("gone") })
	waitDBOK(t, a2, false, "ping fails")
}

// mountTiny mounts a tmpfs of size bytes for the test, or skips it where
// the test may not mount (not root, no CAP_SYS_ADMIN).
func mountTiny(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small file system needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %s %v", out, err)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Logf("umount: %s %v; detaching", out, err)
			exec.Command("umount", "-l", dir).Run()
		}
	})
	return dir
}

func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
}

func healthDBOK(t *testing.T, c *rpc.Client) bool {
	t.Helper()
	var h Health
	if err := c.Call(context.Background(), healthMethod, nil, &h); err != nil {
		t.Fatal(err)
	}
	return h.DBOK
}

func waitHealth(t *testing.T, c *rpc.Client, want bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(6 * time.Second); healthDBOK(t, c) != want; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: system.health db_ok stayed %v", what, !want)
		}
	}
}

// The real daemon on a real file system: system.health says db_ok false
// once the database's file system is full, and true again when space is
// freed.
func TestHealthDBOKOnFullDisk(t *testing.T) {
	mnt := mountTiny(t, "24m") // registered first: unmounted after the daemon stops
	c, _ := startDaemon(t, "--db", filepath.Join(mnt, "d.db"))
	if !healthDBOK(t, c) {
		t.Fatal("db_ok false on a healthy database")
	}
	filler := filepath.Join(mnt, "filler")
	fill(t, filler)
	waitHealth(t, c, false, "disk full")
	os.Remove(filler)
	waitHealth(t, c, true, "space freed")
}

// The real probe on a database it can read but not write: opened through
// a read-only bind mount as root (permissions do not stop root), through
// a 0400 file otherwise.
func TestProbeReadOnlyDatabase(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	live, err := sqlstore.Open(ctx, filepath.Join(src, "d.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	dir := src
	if os.Geteuid() == 0 {
		dir = t.TempDir()
		if out, err := exec.Command("mount", "--bind", "-o", "ro", src, dir).CombinedOutput(); err != nil {
			t.Skipf("read-only bind mount: %s %v", out, err)
		}
		t.Cleanup(func() { exec.Command("umount", dir).Run() })
	} else if err := os.Chmod(filepath.Join(src, "d.db"), 0o400); err != nil {
		t.Fatal(err)
	}
	ro, err := sqlstore.Open(ctx, filepath.Join(dir, "d.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.Ping(ctx); err != nil {
		t.Fatalf("the read-only database does not even read: %v", err)
	}
	pctx, cancel := context.WithCancel(ctx)
	defer cancel()
	a := watch(pctx, ro, 0, 10*time.Millisecond)
	if a.OK() {
		t.Fatal("db_ok true on a database that cannot write")
	}
	// The write probe alone notices, whatever statfs says.
	if err := ro.ProbeWrite(ctx); err == nil {
		t.Fatal("a write to the read-only database succeeded")
	}
	a2 := watch(pctx, live, 0, 10*time.Millisecond)
	if !a2.OK() {
		t.Fatal("db_ok false on the writable database")
	}
}
