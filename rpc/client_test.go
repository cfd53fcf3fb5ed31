package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

func TestDialWithoutDaemon(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "arshlined.sock")
	_, err := Dial(context.Background(), missing)
	var nd *NoDaemonError
	if !errors.Is(err, ErrNoDaemon) || !errors.As(err, &nd) {
		t.Fatalf("no socket file: %v", err)
	}
	if want := "no arshlined is listening on " + missing + " (is it running?)"; err.Error() != want {
		t.Fatalf("message %q, want %q", err.Error(), want)
	}
	if fa, en := nd.Message("fa_IR", messages.Localize), nd.Message("en_US", messages.Localize); fa != "هیچ نمونه‌ای از arshlined روی "+missing+" گوش نمی‌دهد (آیا سرویس در حال اجراست؟)" || en != err.Error() {
		t.Fatalf("localized messages: %q / %q", fa, en)
	}
	if got := nd.Message("fa_IR", nil); got != err.Error() {
		t.Fatalf("without a catalogue: %q", got)
	}

	// A socket file left by a dead daemon refuses connections.
	stale := filepath.Join(dir, "stale.sock")
	ln, err := net.Listen("unix", stale)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if _, err := Dial(context.Background(), stale); !errors.Is(err, ErrNoDaemon) {
		t.Fatalf("stale socket: %v", err)
	}

	// Not every failure is a missing daemon.
	file := filepath.Join(dir, "regular")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Dial(context.Background(), filepath.Join(file, "d.sock"))
	if err == nil || errors.Is(err, ErrNoDaemon) || !strings.Contains(err.Error(), file) {
		t.Fatalf("a path through a regular file: %v", err)
	}
}

func clientMethods(notified *atomic.Int64) []Method {
	return []Method{
		{Name: "echo", Handler: Typed(func(ctx context.Context, p struct {
			N     int    `json:"n"`
			Delay int    `json:"delay_ms"`
			Text  string `json:"text"`
		}) (any, error) {
			// Later calls finish first, so replies come back out of order.
			select {
			case <-time.After(time.Duration(p.Delay) * time.Millisecond):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return map[string]any{"n": p.N, "text": p.Text, "req_id": domain.RequestIDFrom(ctx)}, nil
		})},
		{Name: "note", Handler: func(ctx context.Context, params json.RawMessage) (any, error) {
			notified.Add(1)
			return nil, nil
		}},
		{Name: "fail", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return nil, domain.Errorf(domain.CodeUndoConflict, "the form changed after this step").With("step", 2)
		}},
	}
}

func TestClientConcurrentCallsGetTheirOwnReplies(t *testing.T) {
	var notified atomic.Int64
	ts := startServer(t, Config{MaxInFlight: 64}, clientMethods(&notified))
	c := dialClient(t, ts.path)
	const n = 100
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			var got struct {
				N    int    `json:"n"`
				Text string `json:"text"`
			}
			params := map[string]any{"n": i, "delay_ms": (n - i) % 20, "text": fmt.Sprintf("فرم %d", i)}
			if err := c.Call(context.Background(), "echo", params, &got); err != nil {
				errs <- err
				return
			}
			if got.N != i || got.Text != fmt.Sprintf("فرم %d", i) {
				errs <- fmt.Errorf("call %d got the reply of %d", i, got.N)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestClientParamsAndResults(t *testing.T) {
	var notified atomic.Int64
	ts := startServer(t, Config{}, clientMethods(&notified))
	c := dialClient(t, ts.path)
	ctx := context.Background()

	// A pretty-printed json.RawMessage still travels as one line.
	raw := json.RawMessage("{\n  \"n\": 3,\n  \"req_id\": \"c0ffee00\"\n}")
	var got map[string]any
	if err := c.Call(ctx, "echo", raw, &got); err != nil || got["n"] != float64(3) || got["req_id"] != "c0ffee00" {
		t.Fatalf("raw params: %v, %v", got, err)
	}
	// A nil result discards the reply.
	if err := c.Call(ctx, "echo", nil, nil); err != nil {
		t.Fatal(err)
	}
	// A result that does not fit is reported, and the client goes on.
	var wrong []int
	if err := c.Call(ctx, "echo", nil, &wrong); err == nil || !strings.Contains(err.Error(), "decoding the result of echo") {
		t.Fatalf("mismatched result: %v", err)
	}
	if _, err := encodeRequest("echo", make(chan int), []byte("1")); err == nil {
		t.Fatal("unencodable params accepted")
	}
	if err := c.Call(ctx, "echo", map[string]any{"bad": make(chan int)}, nil); err == nil {
		t.Fatal("unencodable params sent")
	}
	if err := c.Call(ctx, "echo", map[string]int{"n": 1}, nil); err != nil {
		t.Fatalf("after local errors: %v", err)
	}
}

func TestClientErrors(t *testing.T) {
	var notified atomic.Int64
	ts := startServer(t, Config{}, clientMethods(&notified))
	c := dialClient(t, ts.path)

	err := c.Call(context.Background(), "fail", map[string]any{"actor": map[string]any{"user_id": 2, "locale": "en_US"}}, nil)
	var rerr *Error
	if !errors.As(err, &rerr) {
		t.Fatalf("not an *Error: %v", err)
	}
	if rerr.Code != -32005 || rerr.CodeName() != "UNDO_CONFLICT" || rerr.Message != "the form changed after this step" ||
		rerr.MessageIn("fa_IR") != "فرم پس از این مرحله تغییر کرده است" || rerr.MessageIn("en_US") != rerr.Message || rerr.Data["step"] != float64(2) {
		t.Fatalf("error %+v", rerr)
	}
	if !strings.Contains(rerr.Error(), "UNDO_CONFLICT") {
		t.Fatalf("Error() = %q", rerr.Error())
	}
	// Without data, the codes of the transport name themselves, and any
	// other is INTERNAL (the application's numbers are the domain's to
	// name: Codes).
	for code, want := range map[int]string{CodeMethodNotFound: "NOT_FOUND", CodeParseError: "INVALID_PARAMS",
		CodeInvalidRequest: "INVALID_PARAMS", CodeUnavailable: "UNAVAILABLE", -32099: "INTERNAL", 7: "INTERNAL"} {
		bare := &Error{Code: code, Message: "x"}
		if bare.CodeName() != want || bare.MessageIn("fa_IR") != "x" {
			t.Fatalf("bare error %d: %s", code, bare.CodeName())
		}
	}
}

// Notify sends a notification: the server runs the method and sends no
// reply, not even for an error. Only tests send them; the CLI and the
// PHP shim always want the reply.
func (c *Client) Notify(ctx context.Context, method string, params any) error {
	frame, err := encodeRequest(method, params, nil)
	if err != nil {
		return err
	}
	return c.send(ctx, frame)
}

func TestClientNotify(t *testing.T) {
	var notified atomic.Int64
	ts := startServer(t, Config{}, clientMethods(&notified))
	c := dialClient(t, ts.path)
	for range 3 {
		if err := c.Notify(context.Background(), "note", map[string]int{"x": 1}); err != nil {
			t.Fatal(err)
		}
	}
	// Notifications of a missing method are silent too.
	if err := c.Notify(context.Background(), "no.such.method", nil); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the notifications to run", func() bool { return notified.Load() == 3 })
	if err := c.Call(context.Background(), "echo", map[string]int{"n": 1}, nil); err != nil {
		t.Fatalf("a call after notifications: %v", err)
	}
}

func TestClientContext(t *testing.T) {
	var notified atomic.Int64
	ts := startServer(t, Config{}, clientMethods(&notified))
	c := dialClient(t, ts.path)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := c.Call(ctx, "echo", map[string]int{"delay_ms": 300}, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("call past its deadline: %v", err)
	}
	// The late reply is dropped; the client keeps working.
	var got map[string]any
	if err := c.Call(context.Background(), "echo", map[string]int{"n": 8, "delay_ms": 400}, &got); err != nil || got["n"] != float64(8) {
		t.Fatalf("after a timed-out call: %v %v", got, err)
	}

	done, stop := context.WithCancel(context.Background())
	stop()
	if err := c.Call(done, "echo", nil, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("call with a cancelled context: %v", err)
	}
}

func TestClientSeesConnectionLoss(t *testing.T) {
	var notified atomic.Int64
	ts := startServer(t, Config{}, clientMethods(&notified))
	c := dialClient(t, ts.path)
	pending := make(chan error, 1)
	go func() { pending <- c.Call(context.Background(), "echo", map[string]int{"delay_ms": 5000}, nil) }()
	waitFor(t, "the call to start", func() bool { return ts.srv.InFlight() == 1 })

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ts.srv.Shutdown(ctx) // cancels the call and closes the connection
	if err := <-pending; !errors.Is(err, ErrConnectionClosed) {
		t.Fatalf("pending call: %v", err)
	}
	if err := c.Call(context.Background(), "echo", nil, nil); !errors.Is(err, ErrConnectionClosed) {
		t.Fatalf("call on a lost connection: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close after loss: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

func TestClientRefusesGarbageFromTheServer(t *testing.T) {
	server, client := net.Pipe()
	c := NewClient(client)
	defer c.Close()
	go func() {
		buf := make([]byte, 1024)
		server.Read(buf)
		server.Write([]byte("this is not JSON\n"))
	}()
	err := c.Call(context.Background(), "x", nil, nil)
	if !errors.Is(err, ErrConnectionClosed) || !strings.Contains(err.Error(), "unreadable reply") {
		t.Fatalf("garbage reply: %v", err)
	}
}

func TestClientWriteCutShortEndsTheConnection(t *testing.T) {
	// A peer that accepts, takes one byte (so the write has begun) and
	// never reads again: a big request cannot be sent whole. The call is
	// cancelled only once the write is under way, so that however long
	// encoding 8 MiB takes on a loaded machine, the write is cut short
	// rather than never begun.
	path := filepath.Join(t.TempDir(), "deaf.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	testDone := make(chan struct{})
	defer close(testDone)
	begun := make(chan struct{})
	go func() {
		nc, err := ln.Accept()
		if err == nil {
			defer nc.Close()
			var one [1]byte
			if _, err := io.ReadFull(nc, one[:]); err == nil {
				close(begun)
			}
			<-testDone
		}
	}()
	c := dialClient(t, path)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-begun:
			time.Sleep(50 * time.Millisecond)
		case <-time.After(30 * time.Second):
		}
		cancel()
	}()
	huge := map[string]string{"blob": strings.Repeat("z", 8<<20)}
	if err := c.Call(ctx, "x", huge, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a write cut short: %v", err)
	}
	// Half a frame may be out; the client must not write after it.
	after, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if err := c.Call(after, "x", nil, nil); !errors.Is(err, ErrConnectionClosed) {
		t.Fatalf("a call after a cut-short write: %v", err)
	}
	if err := c.Notify(after, "x", nil); err == nil {
		t.Fatal("a notification after a cut-short write was sent")
	}
}

// TestClientBigReplies: replies past the 64 KiB a connection keeps come
// back whole, between small ones, and each costs the client about its
// own size: before the frame buffer grew by doubling, every reply past
// 64 KiB cost a 64 MiB buffer (MaxReplyBytes).
func TestClientBigReplies(t *testing.T) {
	var runs atomic.Int64
	ts := startServer(t, Config{MaxReplyBytes: MaxReplyBytes}, sizedMethods(&runs))
	c := dialClient(t, ts.path)
	ctx := context.Background()
	var before, after runtime.MemStats
	calls := 0
	for _, n := range []int{100, 70 << 10, 10, 512 << 10, 1 << 20, 20, 1 << 20, 3 << 20, 5} {
		// Pooled buffers of earlier calls emptied, so that a call which
		// takes a 64 MiB one allocates it again.
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		var got string
		if err := c.Call(ctx, "sized", map[string]int{"n": n}, &got); err != nil || len(got) != n || strings.Trim(got, "x") != "" {
			t.Fatalf("a reply of %d bytes: %d bytes back, %v", n, len(got), err)
		}
		runtime.ReadMemStats(&after)
		// Both ends are in this process: the server's string and reply
		// buffer, the client's frame buffer, its copy of the result and
		// the string decoded from it, a few times n in all.
		if grew := after.TotalAlloc - before.TotalAlloc; grew > uint64(16*n+(8<<20)) {
			t.Errorf("a reply of %d bytes allocated %d bytes", n, grew)
		}
		calls++
	}
	if runs.Load() != int64(calls) {
		t.Fatalf("%d calls ran, want %d", runs.Load(), calls)
	}
}

// pageText is a ResultReader that keeps the text it was handed.
type pageText struct {
	text []byte
	err  error
}

func (p *pageText) ReadResult(text []byte) error {
	p.text = append(p.text[:0], text...)
	return p.err
}

// TestClientResultReader: a ResultReader gets the result's text as the
// server wrote it, unchecked, and its error is the call's; any other
// result that is not JSON ends the connection as an unreadable reply,
// as it did when encoding/json read every reply whole.
func TestClientResultReader(t *testing.T) {
	var runs atomic.Int64
	ts := startServer(t, Config{MaxReplyBytes: MaxReplyBytes}, sizedMethods(&runs))
	c := dialClient(t, ts.path)
	ctx := context.Background()
	var p pageText
	if err := c.Call(ctx, "sized", map[string]int{"n": 300 << 10}, &p); err != nil || string(p.text) != `"`+strings.Repeat("x", 300<<10)+`"` {
		t.Fatalf("reader: %d bytes, %v", len(p.text), err)
	}
	p.err = errors.New("not a page")
	if err := c.Call(ctx, "sized", map[string]int{"n": 3}, &p); err == nil || !strings.Contains(err.Error(), "decoding the result of sized: not a page") {
		t.Fatalf("reader's error: %v", err)
	}
	// An error reply never reaches the reader.
	var re *Error
	if err := c.Call(ctx, "missing", nil, &p); !errors.As(err, &re) || re.Code != CodeMethodNotFound {
		t.Fatalf("error reply: %v", err)
	}

	for _, tc := range []struct {
		line   string
		reader bool
		want   string // in the error; "" for none
	}{
		{`{"jsonrpc":"2.0","id":1,"result":not json}`, true, ""},
		{`{"jsonrpc":"2.0","id":1,"result":not json}`, false, "unreadable reply"},
		{`{"jsonrpc":"2.0","id":1,"result":{"a":1}}`, false, ""},
		{`{"jsonrpc":"2.0","id":01,"result":{"a":1}}`, false, "unreadable reply"},
		{`{"jsonrpc":"2.0","id":1,"result":{"a":1}} `, false, ""},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}`, true, "no"},
	} {
		server, client := net.Pipe()
		c := NewClient(client)
		go func() {
			buf := make([]byte, 1024)
			server.Read(buf)
			server.Write([]byte(tc.line + "\n"))
		}()
		var err error
		if tc.reader {
			var p pageText
			if err = c.Call(ctx, "x", nil, &p); err == nil && string(p.text) != "not json" {
				t.Errorf("%s: the reader got %q", tc.line, p.text)
			}
		} else {
			var v map[string]int
			if err = c.Call(ctx, "x", nil, &v); err == nil && v["a"] != 1 {
				t.Errorf("%s: got %v", tc.line, v)
			}
		}
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s (reader %v): %v, want %q", tc.line, tc.reader, err, tc.want)
		}
		c.Close()
		server.Close()
	}
}
