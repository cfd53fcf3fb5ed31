package rpc

import (
	"bufio"
	"errors"
	"io"
)

// errFrameTooLarge means a line exceeded the frame limit; the connection
// cannot be resynchronised cheaply, so it is answered once and closed.
var errFrameTooLarge = errors.New("frame too large")

// frameReader reads newline-terminated frames of bounded size.
type frameReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

func newFrameReader(r io.Reader, max int) *frameReader {
	size := 64 << 10
	if max < size {
		size = max + 1
	}
	return &frameReader{r: bufio.NewReaderSize(r, size), max: max}
}

// next returns the next frame without its newline. The slice is valid
// until the following call. A final frame without a newline is returned
// at EOF.
func (f *frameReader) next() ([]byte, error) {
	f.buf = f.buf[:0]
	for {
		chunk, err := f.r.ReadSlice('\n')
		if len(f.buf)+len(chunk) > f.max+1 { // +1: the newline itself is free
			return nil, errFrameTooLarge
		}
		switch {
		case err == nil:
			if len(f.buf) == 0 {
				return trimCR(chunk[:len(chunk)-1]), nil
			}
			f.buf = append(f.buf, chunk[:len(chunk)-1]...)
			return trimCR(f.buf), nil
		case errors.Is(err, bufio.ErrBufferFull):
			f.buf = append(f.buf, chunk...)
		case errors.Is(err, io.EOF) && len(f.buf)+len(chunk) > 0:
			f.buf = append(f.buf, chunk...)
			return f.buf, nil
		default:
			return nil, err
		}
	}
}

func trimCR(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		return b[:n-1]
	}
	return b
}

// nestingTooDeep reports whether a JSON text nests arrays or objects
// deeper than max, scanning once without decoding, so a frame of 100,000
// brackets costs microseconds instead of a deep recursive decode.
func nestingTooDeep(b []byte, max int) bool {
	depth := 0
	inString, escaped := false, false
	for _, c := range b {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			depth++
			if depth > max {
				return true
			}
		case ']', '}':
			depth--
		}
	}
	return false
}
