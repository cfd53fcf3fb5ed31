package daemon

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// dbProbe is the part of the store the database probe uses.
type dbProbe interface {
	Ping(context.Context) error
	ProbeWrite(context.Context) error
	DiskSpace() (avail uint64, readOnly bool, err error)
}

// The database probe. A ping alone answers from the page cache and says
// nothing about writes: with the disk full, forms.update fails while the
// ping succeeds. Nor is a write rolled back enough: SQLite writes nothing
// to disk for a transaction that does not commit, and even a committed
// write may reuse WAL pages already allocated after a checkpoint, so a
// full disk shows only when the WAL or the database must grow. Hence two
// probes:
//   - every second, besides the ping, one statfs(2) of the database's file
//     system: a file system remounted read-only, or with less than
//     minFreeBytes left for unprivileged writers (a WAL checkpoint and the
//     next writes need room to grow), is not OK. It costs a system call.
//   - every probeWriteEvery, a real commit (sqlstore.ProbeWrite: one row of
//     settings rewritten, queued on the writer like any call): it notices
//     what statfs cannot (a read-only database file, quota, I/O errors).
//     A commit means an fsync, so it is not run every second; after a
//     failure it runs every second until it succeeds again.
const (
	minFreeBytes      = 16 << 20
	probeWriteEvery   = 30 * time.Second
	probeWriteTimeout = 10 * time.Second
)

// dbWatch keeps the latest database probe: the ping and statfs every
// interval, a write every writeEvery (every interval while writes fail).
type dbWatch struct {
	store dbProbe
	// minFree is the free space below which the database counts as
	// unable to write.
	minFree              uint64
	interval, writeEvery time.Duration
	ok                   atomic.Bool
	writeErr             atomic.Pointer[error]
}

// newDBWatch returns a watch over store (the store; a fake in tests).
func newDBWatch(store dbProbe, minFree uint64, interval, writeEvery time.Duration) *dbWatch {
	return &dbWatch{store: store, minFree: minFree, interval: interval, writeEvery: writeEvery}
}

// OK reports the latest probe.
func (w *dbWatch) OK() bool { return w.ok.Load() }

// First runs the first probe, write included: the daemon answers
// system.health truly from its first call.
func (w *dbWatch) First(ctx context.Context) {
	w.write(ctx)
	w.ok.Store(w.check(ctx) == nil)
}

// Run keeps OK fresh until ctx ends. The write probes run beside the
// read ones, so that a write stuck behind the writer (up to
// probeWriteTimeout) never holds back the ping and statfs.
func (w *dbWatch) Run(ctx context.Context) {
	var writes sync.WaitGroup
	writes.Add(1)
	go func() {
		defer writes.Done()
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(w.nextWrite()):
				w.write(ctx)
			}
		}
	}()
	defer writes.Wait()
	read := time.NewTicker(w.interval)
	defer read.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-read.C:
			w.ok.Store(w.check(ctx) == nil)
		}
	}
}

// nextWrite is the wait before the next write probe: writeEvery, or
// interval while writes fail.
func (w *dbWatch) nextWrite() time.Duration {
	if err := w.writeErr.Load(); err != nil && *err != nil {
		return w.interval
	}
	return w.writeEvery
}

func (w *dbWatch) write(ctx context.Context) {
	wctx, cancel := context.WithTimeout(ctx, probeWriteTimeout)
	defer cancel()
	err := w.store.ProbeWrite(wctx)
	w.writeErr.Store(&err)
}

// check is one probe: the ping, the file system, and the latest write
// probe's outcome.
func (w *dbWatch) check(ctx context.Context) error {
	pctx, cancel := context.WithTimeout(ctx, w.interval)
	defer cancel()
	if err := w.store.Ping(pctx); err != nil {
		return err
	}
	avail, readOnly, err := w.store.DiskSpace()
	switch {
	case err != nil:
		return err
	case readOnly:
		return errors.New("the database's file system is read-only")
	case avail < w.minFree:
		return fmt.Errorf("%d bytes free on the database's file system, under %d", avail, w.minFree)
	}
	if err := w.writeErr.Load(); err != nil {
		return *err
	}
	return nil
}
