package logx

import (
	"io"
	"sync"
	"time"
)

// flushDelay is how long an event line may wait before it reaches the
// file; maxBatch bounds what waits, so memory stays bounded under a
// flood.
const (
	flushDelay = 100 * time.Millisecond
	maxBatch   = 256 << 10
)

// batchWriter gathers event lines and hands them to the file a batch at a
// time. Every RPC call writes a line, and one write system call per call
// was a measurable share of a quick call's cost under load; batched, the
// calls of a busy tenth of a second share one. Lines reach the file within
// flushDelay, and at once on Flush, Rotate and Close.
type batchWriter struct {
	w     io.Writer
	delay time.Duration

	flushMu sync.Mutex // orders flushes, rotation and close against each other

	mu     sync.Mutex // guards the fields below
	buf    []byte
	spare  []byte
	armed  bool // a flush is scheduled
	closed bool
}

func newBatchWriter(w io.Writer, delay time.Duration) *batchWriter {
	return &batchWriter{w: w, delay: delay}
}

// Write queues p. It never fails for a queued line; errors of the file
// surface on the flush (and slog would drop them anyway).
func (b *batchWriter) Write(p []byte) (int, error) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return b.w.Write(p)
	}
	b.buf = append(b.buf, p...)
	full := len(b.buf) >= maxBatch
	if !b.armed && !full {
		b.armed = true
		time.AfterFunc(b.delay, func() { b.Flush() })
	}
	b.mu.Unlock()
	if full {
		return len(p), b.Flush()
	}
	return len(p), nil
}

// Flush writes every queued line now.
func (b *batchWriter) Flush() error {
	b.flushMu.Lock()
	defer b.flushMu.Unlock()
	return b.flushLocked()
}

func (b *batchWriter) flushLocked() error {
	b.mu.Lock()
	out := b.buf
	b.buf, b.spare = b.spare[:0], nil
	b.armed = false
	b.mu.Unlock()
	if len(out) == 0 {
		return nil
	}
	_, err := b.w.Write(out)
	b.mu.Lock()
	if cap(out) <= maxBatch*2 {
		b.spare = out[:0]
	}
	b.mu.Unlock()
	return err
}

// do runs fn (a rotation) after the queued lines, with no flush between.
func (b *batchWriter) do(fn func() error) error {
	b.flushMu.Lock()
	defer b.flushMu.Unlock()
	err := b.flushLocked()
	if ferr := fn(); ferr != nil {
		return ferr
	}
	return err
}

// close flushes and makes later writes go straight to the file.
func (b *batchWriter) close(fn func() error) error {
	b.flushMu.Lock()
	defer b.flushMu.Unlock()
	err := b.flushLocked()
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	if cerr := fn(); cerr != nil {
		return cerr
	}
	return err
}
