package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"
)

// errFrameTooLarge means a line grew past the frame limit. The stream
// cannot be resynchronised cheaply, so the connection is answered once and
// closed.
var errFrameTooLarge = errors.New("rpc: frame too large")

// errMalformed is what the JSON scanners return for text that is not the
// JSON they expect. Dispatch validates frames before scanning them, so it
// is only seen when a Handler is called with raw bytes directly.
var errMalformed = errors.New("rpc: malformed JSON")

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
	size := min(2*len(f.buf), f.max+1)
	if size > retainFrameBuffer {
		// Past the size a connection keeps, go straight to the largest
		// frame's size.
		size = f.max + 1
	}
	grown := getFrameBuffer(size)
	f.end = copy(grown, f.buf[:f.end])
	putFrameBuffer(f.buf)
	f.buf = grown
}

// frameBuffers pools frame buffers by size (powers of two up to
// retainFrameBuffer, and the largest frame's size): a stream of
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

// The scanners below walk JSON without decoding it, so that dispatch can
// read the envelope of a request and drop members from params without
// reflection. They check bounds and report errMalformed instead of
// trusting their input.

// skipSpaceAt returns the first index at or after i that is not blank.
func skipSpaceAt(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// valueEnd returns the index just past the JSON value that starts at b[i].
func valueEnd(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errMalformed
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, err := stringEnd(b, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errMalformed
	}
	j := i
	for j < len(b) {
		switch b[j] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			if j == i {
				return 0, errMalformed
			}
			return j, nil
		}
		j++
	}
	return j, nil
}

func stringEnd(b []byte, i int) (int, error) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, errMalformed
}

// forEachMember calls fn with the key (unescaped) and the raw value of
// each member of the JSON object obj, in order. fn returning false stops
// the walk.
func forEachMember(obj []byte, fn func(key, value []byte) bool) error {
	return walkMembers(obj, func(key, _, value []byte) bool { return fn(key, value) })
}

// walkMembers is forEachMember that also passes each key's literal as
// written, for callers that copy members unchanged.
func walkMembers(obj []byte, fn func(key, keyLiteral, value []byte) bool) error {
	i := skipSpaceAt(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return errMalformed
	}
	i = skipSpaceAt(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return nil
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return errMalformed
		}
		keyEnd, err := stringEnd(obj, i)
		if err != nil {
			return err
		}
		literal := obj[i:keyEnd]
		key, err := unquote(literal)
		if err != nil {
			return err
		}
		i = skipSpaceAt(obj, keyEnd)
		if i >= len(obj) || obj[i] != ':' {
			return errMalformed
		}
		i = skipSpaceAt(obj, i+1)
		end, err := valueEnd(obj, i)
		if err != nil {
			return err
		}
		if !fn(key, literal, obj[i:end]) {
			return nil
		}
		i = skipSpaceAt(obj, end)
		if i >= len(obj) {
			return errMalformed
		}
		switch obj[i] {
		case '}':
			return nil
		case ',':
			i = skipSpaceAt(obj, i+1)
		default:
			return errMalformed
		}
	}
}

// forEachElement calls fn with each raw element of the JSON array arr.
func forEachElement(arr []byte, fn func(elem []byte) bool) error {
	i := skipSpaceAt(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return errMalformed
	}
	i = skipSpaceAt(arr, i+1)
	if i < len(arr) && arr[i] == ']' {
		return nil
	}
	for {
		end, err := valueEnd(arr, i)
		if err != nil {
			return err
		}
		if !fn(arr[i:end]) {
			return nil
		}
		i = skipSpaceAt(arr, end)
		if i >= len(arr) {
			return errMalformed
		}
		switch arr[i] {
		case ']':
			return nil
		case ',':
			i = skipSpaceAt(arr, i+1)
		default:
			return errMalformed
		}
	}
}

// unquote returns the content of a JSON string literal. Literals without
// escapes, nearly all of them, are returned as a sub-slice.
func unquote(lit []byte) ([]byte, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, errMalformed
	}
	inner := lit[1 : len(lit)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return inner, nil
	}
	var s string
	if err := json.Unmarshal(lit, &s); err != nil {
		return nil, errMalformed
	}
	return []byte(s), nil
}
