package lint

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// fileReader reads the plan files of one worker. A plan is a small file
// read once, and os.ReadFile spends more on it than the linter itself: it
// registers the file with the runtime's poller (two fcntl calls) and asks
// its size (fstat) before reading. Here a file costs open, read, a read
// that finds the end, and close, into a buffer the worker keeps; the
// benchmark's bare read uses the same reader (BenchmarkLintBatch).
type fileReader struct {
	buf []byte
}

// read returns the whole content of the named file in the reader's
// buffer, valid until the next read. Its errors are *os.PathError, as
// os.ReadFile's are.
func (r *fileReader) read(name string) ([]byte, error) {
	fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	for errors.Is(err, unix.EINTR) { // the Go runtime preempts goroutines with a signal
		fd, err = unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	defer unix.Close(fd)
	if r.buf == nil {
		r.buf = make([]byte, 64<<10)
	}
	n := 0
	for {
		if n == len(r.buf) {
			r.buf = append(r.buf, make([]byte, len(r.buf))...)
		}
		m, err := unix.Read(fd, r.buf[n:])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: name, Err: err}
		}
		if m == 0 {
			return r.buf[:n], nil
		}
		n += m
	}
}
