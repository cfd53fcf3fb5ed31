package rpc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"

	"github.com/go-json-experiment/json/jsontext"
)

// generous bounds how long a test waits for something that should happen
// at once; it is a failure deadline, not a performance claim.
const generous = 10 * time.Second

// specCounters records that notification handlers really ran, since a
// notification has no reply to show it.
type specCounters struct {
	hello, sum, update atomic.Int64
}

// numbers reads params as a list of numbers, given positionally.
func numbers(raw json.RawMessage) ([]float64, error) {
	var xs []float64
	if err := json.Unmarshal(raw, &xs); err != nil {
		return nil, domain.InvalidParams("params must be a list of numbers")
	}
	return xs, nil
}

// specMethods are the methods the examples of the JSON-RPC 2.0
// specification call, implemented for real.
func specMethods(n *specCounters) []Method {
	subtract := func(ctx context.Context, raw json.RawMessage) (any, error) {
		if len(raw) > 0 && raw[0] == '[' {
			xs, err := numbers(raw)
			if err != nil || len(xs) != 2 {
				return nil, domain.InvalidParams("subtract takes two numbers")
			}
			return xs[0] - xs[1], nil
		}
		return Typed(func(ctx context.Context, p struct {
			Minuend    float64 `json:"minuend"`
			Subtrahend float64 `json:"subtrahend"`
		}) (any, error) {
			return p.Minuend - p.Subtrahend, nil
		})(ctx, raw)
	}
	sum := func(ctx context.Context, raw json.RawMessage) (any, error) {
		xs, err := numbers(raw)
		if err != nil {
			return nil, err
		}
		total := 0.0
		for _, x := range xs {
			total += x
		}
		return total, nil
	}
	return []Method{
		{Name: "subtract", Handler: subtract},
		{Name: "sum", Handler: sum},
		{Name: "notify_hello", Handler: func(ctx context.Context, raw json.RawMessage) (any, error) {
			n.hello.Add(1)
			return nil, nil
		}},
		{Name: "notify_sum", Handler: func(ctx context.Context, raw json.RawMessage) (any, error) {
			n.sum.Add(1)
			return sum(ctx, raw)
		}},
		{Name: "update", Handler: func(ctx context.Context, raw json.RawMessage) (any, error) {
			n.update.Add(1)
			return nil, nil
		}},
		{Name: "get_data", Handler: func(ctx context.Context, raw json.RawMessage) (any, error) {
			return []any{"hello", 5}, nil
		}},
	}
}

// testEnvelope is an application's envelope reduced to what the
// transport's tests need: "actor" (user_id, caps, locale) and "req_id"
// leave a params object for the context, as in the daemon, whose own
// rules for them are tested there.
func testEnvelope(ctx context.Context, params json.RawMessage, _ Peer) (Call, error) {
	call := Call{Params: params}
	actor := domain.Actor{Caps: []string{domain.CapManageOptions}}
	if len(params) > 0 && params[0] == '{' {
		var env struct {
			Actor *domain.Actor `json:"actor"`
			ReqID string        `json:"req_id"`
		}
		kept := []byte{'{'}
		if err := members(params, func(key string, value jsontext.Value) {
			if key != "actor" && key != "req_id" {
				if len(kept) > 1 {
					kept = append(kept, ',')
				}
				k, _ := json.Marshal(key)
				kept = append(append(append(kept, k...), ':'), value...)
			}
		}); err != nil || json.Unmarshal(params, &env) != nil {
			return call, domain.InvalidParams("bad envelope")
		}
		call.Params = append(kept, '}')
		if env.Actor != nil {
			actor = *env.Actor
		}
		call.ReqID = env.ReqID
	}
	if call.ReqID == "" {
		call.ReqID = NewRequestID()
	}
	call.UserID, call.Locale = actor.UserID, actor.Locale
	call.Context = domain.WithRequestID(domain.WithActor(ctx, actor), call.ReqID)
	return call, nil
}

// testAuthorize checks a capability as the daemon does.
func testAuthorize(ctx context.Context, capability string) error {
	if domain.ActorFrom(ctx).Can(capability) {
		return nil
	}
	return domain.ErrForbidden.With("capability", capability)
}

// withTestHooks gives cfg the test envelope and authorization unless it
// has its own.
func withTestHooks(cfg Config) Config {
	if cfg.Envelope == nil {
		cfg.Envelope = testEnvelope
	}
	if cfg.Authorize == nil {
		cfg.Authorize = testAuthorize
	}
	if cfg.Localize == nil {
		cfg.Localize = testLocalize
	}
	return cfg
}

// testPersian is the Persian catalogue of the test methods' errors.
var testPersian = map[string]string{
	"form %v was not found":                      "فرم %v پیدا نشد",
	"the form changed after this step":           "فرم پس از این مرحله تغییر کرده است",
	"the form changed meanwhile":                 "فرم در این فاصله تغییر کرده است",
	"slow down":                                  "کمی آهسته‌تر",
	"the envelope is refused":                    "پوشش پذیرفته نشد",
	"params must be a list of numbers":           "پارامترها باید فهرستی از عدد باشند",
	"subtract takes two numbers":                 "subtract دو عدد می‌گیرد",
	"bad envelope":                               "پوشش نامعتبر",
	"not found":                                  "پیدا نشد",
	"you do not have permission for this action": "شما مجوز انجام این کار را ندارید",
}

// testLocalize is the test servers' Config.Localize: the daemon's
// catalogue, which holds the transport's own texts, and the test
// methods' texts.
func testLocalize(locale, format string, args []any) string {
	if fa, ok := testPersian[format]; ok && strings.HasPrefix(locale, "fa") {
		return fmt.Sprintf(fa, args...)
	}
	return messages.Localize(locale, format, args)
}

type testServer struct {
	srv  *Server
	path string
	done chan error // Serve's result
}

// startServer serves methods on a fresh socket in a temporary directory.
// The server is shut down when the test ends, and Serve must return nil.
func startServer(t testing.TB, cfg Config, methods []Method) *testServer {
	t.Helper()
	return startServerTrusting(t, cfg, methods, uint32(os.Getuid()), 0)
}

// startServerAs is startServer for a server that takes self for its own
// uid and does not know root, so that a test, which may run as root, can
// be a peer the server does not trust, or one trusted only as the
// daemon's own user.
func startServerAs(t testing.TB, cfg Config, methods []Method, self uint32) *testServer {
	t.Helper()
	return startServerTrusting(t, cfg, methods, self, math.MaxUint32)
}

func startServerTrusting(t testing.TB, cfg Config, methods []Method, self, root uint32) *testServer {
	t.Helper()
	path := filepath.Join(t.TempDir(), "arshlined.sock")
	ln, err := Listen(path, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{srv: NewServer(withTestHooks(cfg), methods), path: path, done: make(chan error, 1)}
	ts.srv.cfg.selfUID, ts.srv.cfg.rootUID = self, root
	go func() { ts.done <- ts.srv.Serve(context.Background(), ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), generous)
		defer cancel()
		ts.srv.Shutdown(ctx)
		select {
		case err := <-ts.done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(generous):
			t.Error("Serve did not return after Shutdown")
		}
	})
	return ts
}

// rawConn speaks bytes, to send exactly what a test means.
type rawConn struct {
	t  testing.TB
	nc net.Conn
	r  *bufio.Reader
}

func dialRaw(t testing.TB, path string) *rawConn {
	t.Helper()
	nc, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return &rawConn{t: t, nc: nc, r: bufio.NewReaderSize(nc, 64<<10)}
}

func (c *rawConn) send(s string) {
	c.t.Helper()
	c.nc.SetWriteDeadline(time.Now().Add(generous))
	if _, err := io.WriteString(c.nc, s); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// sendLine sends one frame; newlines inside s (the specification prints
// its examples over several lines) become spaces.
func (c *rawConn) sendLine(s string) {
	c.t.Helper()
	c.send(strings.ReplaceAll(s, "\n", " ") + "\n")
}

func (c *rawConn) recv() string {
	c.t.Helper()
	c.nc.SetReadDeadline(time.Now().Add(generous))
	line, err := c.r.ReadString('\n')
	if err != nil {
		c.t.Fatalf("no reply: %v (got %q)", err, line)
	}
	return line
}

// expectClosed asserts that the server closes the connection, with no
// more data first.
func (c *rawConn) expectClosed() {
	c.t.Helper()
	c.nc.SetReadDeadline(time.Now().Add(generous))
	line, err := c.r.ReadString('\n')
	if err == nil {
		c.t.Fatalf("connection still open, read %q", line)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		c.t.Fatal("connection not closed by the server")
	}
}

// replyError is a reply's error object, decoded for assertions.
type replyError struct {
	ID    json.RawMessage `json:"id"`
	Error *Error          `json:"error"`
}

func decodeErrorReply(t testing.TB, line string) replyError {
	t.Helper()
	var r replyError
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error == nil {
		t.Fatalf("not an error reply: %q (%v)", line, err)
	}
	return r
}

// canonical reduces a reply to what the specification fixes: results,
// ids and error codes, not the wording of messages. Batches become sorted
// lists, because their order is free.
func canonical(t testing.TB, text string) string {
	t.Helper()
	var v any
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("reply is not JSON: %q: %v", text, err)
	}
	one := func(v any) string {
		obj, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("reply element is not an object: %v", v)
		}
		if e, ok := obj["error"].(map[string]any); ok {
			if _, ok := e["message"].(string); !ok {
				t.Fatalf("error without a message: %v", e)
			}
			obj["error"] = map[string]any{"code": e["code"]}
		}
		b, _ := json.Marshal(obj)
		return string(b)
	}
	if list, ok := v.([]any); ok {
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = one(x)
		}
		sort.Strings(parts)
		return "[" + strings.Join(parts, ",") + "]"
	}
	return one(v)
}

func dialClient(t testing.TB, path string) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	c, err := Dial(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// waitFor polls cond until it holds or the generous deadline passes.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(generous)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// frameOf runs one frame through the dispatcher without a socket.
func frameOf(s *Server, frame string) string {
	var out bytes.Buffer
	s.handleFrame(context.Background(), Peer{}, []byte(frame), &out)
	return out.String()
}

// ConnCount returns the number of connections being served.
func (s *Server) ConnCount() int { return int(s.active.Load()) }
