package rpc

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/go-json-experiment/json/jsontext"
)

func readAllFrames(t *testing.T, r io.Reader, max int) ([]string, error) {
	t.Helper()
	fr := newFrameReader(r, max)
	var frames []string
	for {
		f, err := fr.next()
		if err != nil {
			return frames, err
		}
		frames = append(frames, string(f))
	}
}

func TestFrameReaderSplitsLines(t *testing.T) {
	input := "{\"a\":1}\n\n  \r\n[2]\r\n{\"b\":\"x\\ny\"}\nlast"
	want := []string{`{"a":1}`, `[2]`, `{"b":"x\ny"}`, `last`}
	readers := map[string]io.Reader{
		"whole":        strings.NewReader(input),
		"one byte":     iotest.OneByteReader(strings.NewReader(input)),
		"half":         iotest.HalfReader(strings.NewReader(input)),
		"data and EOF": iotest.DataErrReader(strings.NewReader(input)),
	}
	for name, r := range readers {
		t.Run(name, func(t *testing.T) {
			got, err := readAllFrames(t, r, 64)
			if err != io.EOF {
				t.Fatalf("err = %v, want EOF", err)
			}
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Fatalf("frames %q, want %q", got, want)
			}
		})
	}
}

func TestFrameReaderGrowsToTheLimitAndNoFurther(t *testing.T) {
	limit := 10000 // several times the initial buffer
	exact := strings.Repeat("x", limit)
	got, err := readAllFrames(t, strings.NewReader(exact+"\nok\n"), limit)
	if err != io.EOF || len(got) != 2 || got[0] != exact || got[1] != "ok" {
		t.Fatalf("a frame of exactly the limit: %d frames, err %v", len(got), err)
	}

	for name, input := range map[string]string{
		"with newline":    strings.Repeat("x", limit+1) + "\n",
		"without newline": strings.Repeat("x", 3*limit),
	} {
		t.Run(name, func(t *testing.T) {
			fr := newFrameReader(iotest.HalfReader(strings.NewReader(input)), limit)
			if _, err := fr.next(); !errors.Is(err, errFrameTooLarge) {
				t.Fatalf("err = %v, want errFrameTooLarge", err)
			}
			if len(fr.buf) > limit+1 {
				t.Fatalf("buffer grew to %d bytes for a limit of %d", len(fr.buf), limit)
			}
		})
	}
}

// timeoutOnce returns a deadline error between two chunks, as a socket
// whose read deadline passed does.
type timeoutOnce struct {
	chunks []string
	fired  bool
}

func (r *timeoutOnce) Read(p []byte) (int, error) {
	if len(r.chunks) == 0 {
		return 0, io.EOF
	}
	if len(r.chunks) == 1 && !r.fired {
		r.fired = true
		return 0, os.ErrDeadlineExceeded
	}
	n := copy(p, r.chunks[0])
	r.chunks = r.chunks[1:]
	return n, nil
}

func TestFrameReaderKeepsPartialFrameAcrossTimeout(t *testing.T) {
	fr := newFrameReader(&timeoutOnce{chunks: []string{`{"half":`, "1}\n"}}, 64)
	if _, err := fr.next(); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if !fr.partial() {
		t.Fatal("partial() = false with half a frame buffered")
	}
	f, err := fr.next()
	if err != nil || string(f) != `{"half":1}` {
		t.Fatalf("after the timeout: %q, %v", f, err)
	}
	if fr.partial() {
		t.Fatal("partial() = true with nothing buffered")
	}
}

func TestFrameReaderReleasesBigBuffer(t *testing.T) {
	big := strings.Repeat("y", 200<<10)
	fr := newFrameReader(strings.NewReader(big+"\nsmall\n"), 1<<20)
	if f, err := fr.next(); err != nil || len(f) != len(big) {
		t.Fatalf("big frame: %d bytes, %v", len(f), err)
	}
	if f, err := fr.next(); err != nil || string(f) != "small" {
		t.Fatalf("small frame: %q, %v", f, err)
	}
	if _, err := fr.next(); err != io.EOF {
		t.Fatalf("err = %v, want EOF", err)
	}
	if len(fr.buf) > retainFrameBuffer {
		t.Fatalf("an idle reader keeps %d bytes", len(fr.buf))
	}
}

func TestTooDeep(t *testing.T) {
	cases := []struct {
		text string
		max  int
		want bool
	}{
		{`[[[]]]`, 3, false},
		{`[[[[]]]]`, 3, true},
		{`{"a":{"b":{"c":1}}}`, 3, false},
		{`{"a":{"b":{"c":{}}}}`, 3, true},
		{`["[[[[[[", "]]]"]`, 1, false},       // brackets in strings do not count
		{`["\"[[[[[[", "\\", [1]]`, 2, false}, // nor after escaped quotes
		{`["\\"  ,[[[1]]]]`, 3, true},         // an escaped backslash ends nothing
		{strings.Repeat("[", 100000), 64, true},
	}
	for _, c := range cases {
		if got := tooDeep([]byte(c.text), c.max); got != c.want {
			t.Errorf("tooDeep(%.40q, %d) = %v, want %v", c.text, c.max, got, c.want)
		}
	}
}

func TestMembers(t *testing.T) {
	obj := ` { "a" : 1 , "b\u0063":[1,{"x":"}"}], "d":"q\"uote" ,"e":null, "a":2, "A":3} `
	var keys, values []string
	err := members([]byte(obj), func(k string, v jsontext.Value) {
		keys = append(keys, k)
		values = append(values, string(v))
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(keys, ","); got != "a,bc,d,e,a,A" {
		t.Fatalf("keys %q", got)
	}
	if got := strings.Join(values, " "); got != `1 [1,{"x":"}"}] "q\"uote" null 2 3` {
		t.Fatalf("values %q", got)
	}
	if err := members([]byte(`{}`), func(string, jsontext.Value) { t.Fatal("called for {}") }); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{``, `[]`, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":1 "b":2}`, `{"a":"x`, `{a:1}`, `{"a":[1,2}`, `{} {}`, `{}]`} {
		if err := members([]byte(bad), func(string, jsontext.Value) {}); err == nil {
			t.Errorf("members(%q) accepted malformed JSON", bad)
		}
	}
}

// TestFrameReaderGrowsByDoubling: a frame past the size a reader keeps
// takes a buffer of at most twice its size, not the largest frame's, and
// the reader gives it back once the frame is used.
func TestFrameReaderGrowsByDoubling(t *testing.T) {
	const limit = 64 << 20
	for _, n := range []int{retainFrameBuffer + 1, 300 << 10, 1 << 20, 3<<20 + 7} {
		big := strings.Repeat("z", n)
		fr := newFrameReader(iotest.HalfReader(strings.NewReader(big+"\nsmall\n")), limit)
		f, err := fr.next()
		if err != nil || len(f) != n {
			t.Fatalf("%d: frame of %d bytes, %v", n, len(f), err)
		}
		if len(fr.buf) > 2*(n+1) {
			t.Fatalf("a frame of %d bytes took a buffer of %d", n, len(fr.buf))
		}
		if f, err := fr.next(); err != nil || string(f) != "small" {
			t.Fatalf("%d: then %q, %v", n, f, err)
		}
		if _, err := fr.next(); err != io.EOF {
			t.Fatalf("%d: err = %v, want EOF", n, err)
		}
		if len(fr.buf) > retainFrameBuffer {
			t.Fatalf("%d: the reader keeps %d bytes after the big frame", n, len(fr.buf))
		}
	}
}
