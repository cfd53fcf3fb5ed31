package rpc

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// TestUnknownMethodNameIsCut: a megabyte-long method name reaches neither
// the reply nor the call's log line whole: it is cut to
// MaxMethodNameBytes of valid UTF-8 in both.
func TestUnknownMethodNameIsCut(t *testing.T) {
	var mu sync.Mutex
	var logged []string
	ts := startServer(t, Config{MaxFrameBytes: 2 << 20, OnCall: func(ci CallInfo) {
		mu.Lock()
		logged = append(logged, ci.Method)
		mu.Unlock()
	}}, loadMethods())
	c := dialRaw(t, ts.path)
	// A name of multi-byte letters, so that byte 64 falls inside one.
	name := "a" + strings.Repeat("ش", 1<<19)
	req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": name})
	c.sendLine(string(req))
	line := c.recv()
	if len(line) > 2048 {
		t.Fatalf("the reply to an unknown method is %d bytes", len(line))
	}
	r := decodeErrorReply(t, line)
	if r.Error.Code != CodeMethodNotFound {
		t.Fatalf("error %+v", r.Error)
	}
	for _, msg := range []string{r.Error.Message, r.Error.MessageIn("en_US"), r.Error.MessageIn("fa_IR")} {
		if !strings.Contains(msg, "ششش") {
			t.Errorf("the message does not show the start of the name: %q", msg)
		}
	}
	waitFor(t, "the call to be reported", func() bool { mu.Lock(); defer mu.Unlock(); return len(logged) == 1 })
	mu.Lock()
	got := logged[0]
	mu.Unlock()
	if len(got) > 64 || !utf8.ValidString(got) || !strings.HasPrefix(got, "aش") {
		t.Fatalf("OnCall saw a method name of %d bytes (valid UTF-8: %v): %.80q", len(got), utf8.ValidString(got), got)
	}

	// Known names, and unknown short ones, are untouched.
	c.sendLine(`{"jsonrpc":"2.0","id":2,"method":"no.such.method"}`)
	if r := decodeErrorReply(t, c.recv()); !strings.Contains(r.Error.MessageIn("en_US"), `"no.such.method"`) {
		t.Fatalf("a short name was changed: %+v", r.Error)
	}
}

func TestClipMethodName(t *testing.T) {
	for in, want := range map[string]string{
		"":                                "",
		"forms.get":                       "forms.get",
		strings.Repeat("x", 64):           strings.Repeat("x", 64),
		strings.Repeat("x", 65):           strings.Repeat("x", 61) + "…",
		strings.Repeat("ش", 40):           strings.Repeat("ش", 30) + "…", // 80 bytes: 30 letters and the ellipsis are 63
		"\xff" + strings.Repeat("y", 100): "\uFFFD" + strings.Repeat("y", 58) + "…",
	} {
		got := clipMethodName(in)
		if got != want || len(got) > MaxMethodNameBytes || !utf8.ValidString(got) {
			t.Errorf("clipMethodName(%.20q…) = %q, want %q", in, got, want)
		}
	}
}
