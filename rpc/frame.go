package rpc

import (
	"bytes"
	"errors"
	"io"
	"sync"
)

// errFrameTooLarge means a line grew past the frame limit. The stream
// cannot be resynchronised cheaply, so the connection is answered once and
// closed.
var errFrameTooLarge = errors.New("rpc: frame too large")

const (
	initialFrameBuffer = 4 << 10
	// A connection that once sent a large frame gives the memory back
	// when its buffer drains, so idle connections stay small.
	retainFrameBuffer = 64 << 10
)

// frameReader splits a byte stream into newline-terminated frames of at
// most max bytes. It reads into one growing buffer and hands out slices of
// it, so a frame costs no allocation; a slice is valid until the next call.
//
// Unlike bufio, it keeps a partial frame across a read error, so a read
// deadline can be extended and reading resumed without losing data.
type frameReader struct {
	r       io.Reader
	buf     []byte
	start   int // first byte of the frame being assembled
	end     int // end of the buffered bytes
	scanned int // bytes after start already known to hold no newline
	max     int
	err     error // read error held back until the buffered frames are used
}

func newFrameReader(r io.Reader, max int) *frameReader {
	return &frameReader{r: r, max: max}
}

// next returns the next frame that is not blank, without its line ending.
// At EOF a last frame without a newline is still returned. A frame longer
// than max gives errFrameTooLarge.
func (f *frameReader) next() ([]byte, error) {
	for {
		if i := bytes.IndexByte(f.buf[f.start+f.scanned:f.end], '\n'); i >= 0 {
			lineEnd := f.start + f.scanned + i
			line := f.buf[f.start:lineEnd]
			f.start, f.scanned = lineEnd+1, 0
			if len(line) > f.max {
				return nil, errFrameTooLarge
			}
			if line = trimCR(line); isBlank(line) {
				continue
			}
			return line, nil
		}
		f.scanned = f.end - f.start
		if f.scanned > f.max {
			return nil, errFrameTooLarge
		}
		if f.err != nil {
			err := f.err
			f.err = nil
			if err == io.EOF && f.end > f.start {
				line := trimCR(f.buf[f.start:f.end])
				f.start, f.scanned = f.end, 0
				f.err = io.EOF
				if !isBlank(line) {
					return line, nil
				}
				continue
			}
			return nil, err
		}
		f.makeRoom()
		n, err := f.r.Read(f.buf[f.end:])
		f.end += n
		if err != nil {
			f.err = err
		}
	}
}

// makeRoom guarantees free space at the end of the buffer: it drops used
// frames, moves a partial frame to the front and grows up to max+1 bytes
// (a frame of max bytes plus its newline).
func (f *frameReader) makeRoom() {
	if f.start == f.end {
		f.start, f.end, f.scanned = 0, 0, 0
		if len(f.buf) > retainFrameBuffer {
			f.release()
		}
	}
	if f.buf == nil {
		f.buf = getFrameBuffer(min(initialFrameBuffer, f.max+1))
	}
	if f.end < len(f.buf) {
		return
	}
	if f.start > 0 {
		f.end = copy(f.buf, f.buf[f.start:f.end])
		f.start = 0
		return
	}
	// Doubling: a frame of n bytes takes a buffer of at most 2n, and its
	// bytes are copied about once more in all. (Going straight to the
	// largest frame's size made every reply past 64 KiB cost 64 MiB,
	// resident once written: a client paging through an export in
	// replies of half a megabyte reached a quarter of a gigabyte.)
	size := min(2*len(f.buf), f.max+1)
	grown := getFrameBuffer(size)
	f.end = copy(grown, f.buf[:f.end])
	putFrameBuffer(f.buf)
	f.buf = grown
}

// frameBuffers pools frame buffers by size (powers of two, and the
// largest frame's size): a stream of
// connections sending big or oversized frames then reuses memory instead
// of churning the collector, which every other call would pay for.
var frameBuffers sync.Map // size → *sync.Pool of *[]byte

func getFrameBuffer(size int) []byte {
	if p, ok := frameBuffers.Load(size); ok {
		if b, ok := p.(*sync.Pool).Get().(*[]byte); ok {
			return *b
		}
	}
	return make([]byte, size)
}

func putFrameBuffer(b []byte) {
	if cap(b) == 0 {
		return
	}
	b = b[:cap(b)]
	p, _ := frameBuffers.LoadOrStore(len(b), &sync.Pool{})
	p.(*sync.Pool).Put(&b)
}

// release gives the buffer back; the reader must not be used after it.
func (f *frameReader) release() {
	putFrameBuffer(f.buf)
	f.buf = nil
}

// partial reports whether part of a frame is buffered: a client that
// stops in the middle of a frame is stalled, not idle between calls.
func (f *frameReader) partial() bool {
	return !isBlank(f.buf[f.start:f.end])
}

func trimCR(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		return b[:n-1]
	}
	return b
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// tooDeep reports whether a text nests arrays and objects deeper than max.
// It runs before any decoding, in one pass without recursion, so that a
// frame of 100,000 brackets is refused in microseconds.
func tooDeep(b []byte, max int) bool {
	depth := 0
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			if depth++; depth > max {
				return true
			}
		case ']', '}':
			depth--
		}
	}
	return false
}
