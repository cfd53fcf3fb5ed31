package logx

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingWriter records each write it gets.
type countingWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes++
	return c.buf.Write(p)
}

func (c *countingWriter) snapshot() (string, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String(), c.writes
}

func TestBatchWriterKeepsEveryLineInOrderPerWriter(t *testing.T) {
	var sink countingWriter
	b := newBatchWriter(&sink, time.Hour) // only explicit flushes
	const writers, lines = 8, 500
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range lines {
				fmt.Fprintf(b, "w%d-%d\n", w, i)
				if i%97 == 0 {
					b.Flush()
				}
			}
		}()
	}
	wg.Wait()
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	out, writes := sink.snapshot()
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != writers*lines {
		t.Fatalf("%d lines, want %d", len(got), writers*lines)
	}
	next := make([]int, writers)
	for _, l := range got {
		var w, i int
		if _, err := fmt.Sscanf(l, "w%d-%d", &w, &i); err != nil || i != next[w] {
			t.Fatalf("line %q out of order (want w%d-%d)", l, w, next[w])
		}
		next[w]++
	}
	if writes >= writers*lines {
		t.Fatalf("%d file writes for %d lines: nothing was batched", writes, writers*lines)
	}
}

func TestBatchWriterFlushesByItself(t *testing.T) {
	var sink countingWriter
	b := newBatchWriter(&sink, 10*time.Millisecond)
	b.Write([]byte("one\n"))
	b.Write([]byte("two\n"))
	deadline := time.Now().Add(10 * time.Second)
	for {
		out, writes := sink.snapshot()
		if out == "one\ntwo\n" {
			if writes != 1 {
				t.Fatalf("%d writes for two queued lines", writes)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("queued lines never reached the writer: %q", out)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestBatchWriterBoundsWhatWaits(t *testing.T) {
	var sink countingWriter
	b := newBatchWriter(&sink, time.Hour)
	line := []byte(strings.Repeat("x", 1023) + "\n")
	for range maxBatch / len(line) {
		b.Write(line)
	}
	if out, _ := sink.snapshot(); len(out) != maxBatch {
		t.Fatalf("%d bytes written after filling the batch, want %d", len(out), maxBatch)
	}
	big := []byte(strings.Repeat("y", 2*maxBatch) + "\n")
	b.Write(big)
	if out, _ := sink.snapshot(); len(out) != maxBatch+len(big) {
		t.Fatalf("an oversized line waits: %d bytes written", len(out))
	}
}

func TestLoggerCloseAndRotateWriteWhatWaits(t *testing.T) {
	dir := t.TempDir()
	l, err := Open(Config{Dir: dir, Level: slog.LevelInfo})
	if err != nil {
		t.Fatal(err)
	}
	l.Event(context.Background(), slog.LevelInfo, "p", "before_flush")
	if err := l.Flush(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, FileName)); !strings.Contains(string(data), `"evt":"before_flush"`) {
		t.Fatalf("after Flush: %q", data)
	}
	l.Event(context.Background(), slog.LevelInfo, "p", "before_close")
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, FileName)); !strings.Contains(string(data), `"evt":"before_close"`) {
		t.Fatalf("after Close: %q", data)
	}
}
