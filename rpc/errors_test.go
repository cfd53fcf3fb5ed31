package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// logBuffer is an ErrorLog that tests can read.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// errorMethods fail in the ways handlers do.
func errorMethods() []Method {
	return []Method{
		{Name: "form.missing", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return nil, domain.Errorf(domain.CodeNotFound, "form %v was not found", 9).With("form_id", 9).With("error", "SPOOFED")
		}},
		{Name: "wrapped.conflict", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			de := domain.Errorf(domain.CodeConflict, "the form changed meanwhile")
			return nil, fmt.Errorf("saving: %w", de)
		}},
		{Name: "leaky", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return nil, errors.New("open /var/lib/arshline/db: password=hunter2")
		}},
		{Name: "boom", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			panic("index out of range in the planner")
		}},
		{Name: "cancelled", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return nil, context.Canceled
		}},
		{Name: "too.slow", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return nil, fmt.Errorf("calling the model: %w", context.DeadlineExceeded)
		}},
		{Name: "unencodable", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return map[string]any{"ch": make(chan int)}, nil
		}},
		{Name: "bad.data", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return nil, domain.Errorf(domain.CodeRateLimit, "slow down").
				With("retry_after_sec", 3).With("fn", func() {})
		}},
		{Name: "ok", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) { return "ok", nil }},
		{Name: "raw", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return json.RawMessage("{\n  \"title\": \"فرم\",\n  \"fields\": [ 1, 2 ]\n}\n"), nil
		}},
		{Name: "marshal.panics", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return panickyResult{}, nil
		}},
		{Name: "raw.broken", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return json.RawMessage(`{"title": `), nil
		}},
	}
}

// panickyResult fails the way a buggy MarshalJSON does.
type panickyResult struct{}

func (panickyResult) MarshalJSON() ([]byte, error) { panic("nil map in a result type") }

func TestPanicsOutsideHandlersCostOneReply(t *testing.T) {
	var hookPanics atomic.Int32
	ts := startServer(t, Config{OnCall: func(ci CallInfo) {
		if ci.ReqID == "dead00" {
			hookPanics.Add(1)
			panic("a broken log hook")
		}
	}}, errorMethods())
	c := dialRaw(t, ts.path)
	r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"marshal.panics"}`))
	if r.Error.Code != CodeInternalError || string(r.ID) != "1" {
		t.Fatalf("a panicking MarshalJSON: %+v", r.Error)
	}
	// A hook that panics loses its call's reply, alone or in a batch;
	// the connection and the server stay.
	c.sendLine(`{"jsonrpc":"2.0","id":"lost","method":"ok","params":{"req_id":"dead00"}}`)
	c.sendLine(`[{"jsonrpc":"2.0","id":"lost too","method":"ok","params":{"req_id":"dead00"}}]`)
	waitFor(t, "the hook to panic twice", func() bool { return hookPanics.Load() == 2 })
	if got := callRaw(t, c, `{"jsonrpc":"2.0","id":3,"method":"ok"}`); got != `{"jsonrpc":"2.0","id":3,"result":"ok"}`+"\n" {
		t.Fatalf("after a panicking hook: %s", got)
	}
}

func TestRawResultsAreCompactedAndChecked(t *testing.T) {
	ts := startServer(t, Config{}, errorMethods())
	c := dialRaw(t, ts.path)
	if got := callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"raw"}`); got != `{"jsonrpc":"2.0","id":1,"result":{"title":"فرم","fields":[1,2]}}`+"\n" {
		t.Fatalf("raw result: %q", got)
	}
	r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":2,"method":"raw.broken"}`))
	if r.Error.Code != CodeInternalError || string(r.ID) != "2" {
		t.Fatalf("a broken raw result: %+v", r.Error)
	}
}

func callRaw(t *testing.T, c *rawConn, req string) string {
	t.Helper()
	c.sendLine(req)
	return c.recv()
}

func TestDomainErrorReply(t *testing.T) {
	ts := startServer(t, Config{}, errorMethods())
	c := dialRaw(t, ts.path)

	for _, tc := range []struct{ locale, message string }{
		{"fa_IR", "فرم 9 پیدا نشد"},
		{"en_US", "form 9 was not found"},
	} {
		line := callRaw(t, c, `{"jsonrpc":"2.0","id":7,"method":"form.missing","params":{"actor":{"user_id":3,"caps":["read"],"locale":"`+tc.locale+`"},"req_id":"00ff00ff"}}`)
		r := decodeErrorReply(t, line)
		e := r.Error
		if string(r.ID) != "7" || e.Code != -32002 || e.Message != tc.message {
			t.Fatalf("%s: reply %s", tc.locale, line)
		}
		want := map[string]any{"error": "NOT_FOUND", "message_fa": "فرم 9 پیدا نشد", "message_en": "form 9 was not found",
			"request_id": "00ff00ff", "form_id": float64(9)}
		for k, v := range want {
			if e.Data[k] != v {
				t.Errorf("%s: data[%s] = %v, want %v (the fixed keys win over handler data)", tc.locale, k, e.Data[k], v)
			}
		}
		if e.CodeName() != "NOT_FOUND" {
			t.Errorf("CodeName() = %s", e.CodeName())
		}
	}

	r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"wrapped.conflict"}`))
	if r.Error.Code != -32004 || r.Error.Data["error"] != "CONFLICT" || r.Error.Message != "فرم در این فاصله تغییر کرده است" {
		t.Fatalf("a wrapped domain error: %+v", r.Error)
	}
	if id, _ := r.Error.Data["request_id"].(string); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id) {
		t.Fatalf("generated request_id %q", id)
	}

	for method, want := range map[string]int{"cancelled": -32008, "too.slow": -32009} {
		r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"`+method+`"}`))
		if r.Error.Code != want {
			t.Errorf("%s: code %d, want %d", method, r.Error.Code, want)
		}
	}

	// Data that cannot be encoded is dropped, the error itself is not.
	r = decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"bad.data"}`))
	if r.Error.Code != -32007 || r.Error.Data["error"] != "RATE_LIMIT" || r.Error.Data["message_en"] != "slow down" {
		t.Fatalf("unencodable data: %+v", r.Error)
	}
}

func TestInternalErrorsAndPanicsDoNotLeakAndDoNotStopTheServer(t *testing.T) {
	var log logBuffer
	var calls []CallInfo
	var mu sync.Mutex
	ts := startServer(t, Config{ErrorLog: log.logger(), OnCall: func(ci CallInfo) {
		mu.Lock()
		calls = append(calls, ci)
		mu.Unlock()
	}}, errorMethods())
	c := dialRaw(t, ts.path)

	for _, method := range []string{"leaky", "boom", "unencodable"} {
		line := callRaw(t, c, `{"jsonrpc":"2.0","id":"x","method":"`+method+`","params":{"actor":{"user_id":1,"caps":[],"locale":"en_US"}}}`)
		r := decodeErrorReply(t, line)
		if r.Error.Code != CodeInternalError || r.Error.Data["error"] != "INTERNAL" {
			t.Fatalf("%s: %s", method, line)
		}
		for _, secret := range []string{"hunter2", "/var/lib", "index out of range", "chan"} {
			if strings.Contains(line, secret) {
				t.Fatalf("%s: the reply leaks %q: %s", method, secret, line)
			}
		}
		if r.Error.Message != "internal error; the details are in the daemon log" {
			t.Fatalf("%s: message %q", method, r.Error.Message)
		}
	}
	// The same connection still serves.
	if got := callRaw(t, c, `{"jsonrpc":"2.0","id":2,"method":"ok"}`); !strings.Contains(got, `"result":"ok"`) {
		t.Fatalf("after a panic: %s", got)
	}
	logged := log.String()
	for _, want := range []string{"hunter2", "handler panicked", "index out of range in the planner", "goroutine", "encoding a result failed"} {
		if !strings.Contains(logged, want) {
			t.Errorf("the error log lacks %q:\n%s", want, logged)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != 4 || calls[0].ErrorCode != "INTERNAL" || calls[1].Method != "boom" || calls[3].ErrorCode != "" {
		t.Fatalf("OnCall saw %+v", calls)
	}
}

// envelopeMethods report what a handler sees of the envelope.
func envelopeMethods() []Method {
	type titleParams struct {
		Title string `json:"title"`
		Count int    `json:"count,omitempty"`
		Inner *struct {
			Name string `json:"name"`
		} `json:"inner,omitempty"`
	}
	return []Method{
		{Name: "whoami", Handler: func(ctx context.Context, params json.RawMessage) (any, error) {
			a := domain.ActorFrom(ctx)
			return map[string]any{"user": a.UserID, "caps": a.Caps, "locale": a.Locale,
				"req_id": domain.RequestIDFrom(ctx), "params": string(params)}, nil
		}},
		{Name: "forms.rename", Capability: domain.CapManageForms, Handler: Typed(func(ctx context.Context, p titleParams) (any, error) {
			return p, nil
		})},
		{Name: "settings", Capability: domain.CapManageOptions, Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return "ok", nil
		}},
	}
}

func resultOf(t *testing.T, line string) map[string]any {
	t.Helper()
	var r struct {
		Result map[string]any `json:"result"`
		Error  *Error         `json:"error"`
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error != nil || r.Result == nil {
		t.Fatalf("not a result object: %s", line)
	}
	return r.Result
}

// The envelope hook decides what the handler gets and what the
// transport reports of the call; its own rules (the daemon's actor and
// req_id) are tested in package daemon.
func TestEnvelopeHook(t *testing.T) {
	type key struct{}
	var seen []CallInfo
	var mu sync.Mutex
	var peers atomic.Int32
	refused := domain.InvalidParams("the envelope is refused")
	cfg := Config{DefaultLocale: "en_US", OnCall: func(ci CallInfo) {
		mu.Lock()
		seen = append(seen, ci)
		mu.Unlock()
	}, Envelope: func(ctx context.Context, params json.RawMessage, peer Peer) (Call, error) {
		if peer.UID == uint32(os.Getuid()) && peer.PID > 0 {
			peers.Add(1)
		}
		switch string(params) {
		case `{"refuse":"fa"}`:
			return Call{ReqID: "0badc0de", Locale: "fa_IR"}, refused
		case `{"generate":true}`:
			return Call{Params: json.RawMessage(`{}`)}, nil
		}
		return Call{Context: context.WithValue(ctx, key{}, "from the envelope"), Params: json.RawMessage(`{"kept":1}`),
			ReqID: "abcdef01", UserID: 42, Locale: "fa_IR"}, nil
	}}
	ts := startServer(t, cfg, []Method{{Name: "whoami", Handler: func(ctx context.Context, params json.RawMessage) (any, error) {
		v, _ := ctx.Value(key{}).(string)
		return map[string]any{"ctx": v, "params": string(params)}, nil
	}}, {Name: "fail", Handler: func(ctx context.Context, params json.RawMessage) (any, error) {
		return nil, domain.ErrNotFound
	}}})
	c := dialRaw(t, ts.path)

	res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"actor":{"user_id":42}}}`))
	if res["ctx"] != "from the envelope" || res["params"] != `{"kept":1}` {
		t.Fatalf("handler saw %v", res)
	}
	r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":2,"method":"fail","params":{"x":1}}`))
	if r.Error.Message != "پیدا نشد" || r.Error.Data["request_id"] != "abcdef01" {
		t.Fatalf("the envelope's locale and request id: %+v", r.Error)
	}
	r = decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":3,"method":"whoami","params":{"refuse":"fa"}}`))
	if r.Error.Code != CodeInvalidParams || r.Error.Message != "پوشش پذیرفته نشد" || r.Error.Data["request_id"] != "0badc0de" {
		t.Fatalf("a refused envelope: %+v", r.Error)
	}
	// The method is looked up after the envelope, and a missing one wins
	// over a refused envelope; its message is in the envelope's locale.
	r = decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":4,"method":"nope","params":{"refuse":"fa"}}`))
	if r.Error.Code != CodeMethodNotFound || r.Error.Message != "متد «nope» وجود ندارد" || r.Error.Data["request_id"] != "0badc0de" {
		t.Fatalf("a missing method: %+v", r.Error)
	}
	// What the envelope leaves empty the transport fills in.
	r = decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":5,"method":"fail","params":{"generate":true}}`))
	if id, _ := r.Error.Data["request_id"].(string); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id) || r.Error.Message != "not found" {
		t.Fatalf("generated request id and default locale: %+v", r.Error)
	}
	if peers.Load() != 5 {
		t.Fatalf("the envelope saw this process as the peer %d times of 5", peers.Load())
	}

	mu.Lock()
	defer mu.Unlock()
	first := seen[0]
	if first.Method != "whoami" || first.ReqID != "abcdef01" || first.UserID != 42 || first.ErrorCode != "" || first.Notification || first.Latency <= 0 {
		t.Fatalf("OnCall got %+v", first)
	}
	if seen[1].ErrorCode != "NOT_FOUND" || seen[2].ErrorCode != "INVALID_PARAMS" || seen[3].ErrorCode != "NOT_FOUND" {
		t.Fatalf("OnCall error codes: %+v", seen)
	}
}

func TestCapabilities(t *testing.T) {
	ts := startServer(t, Config{}, envelopeMethods())
	c := dialRaw(t, ts.path)

	r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"forms.rename","params":{"title":"x","actor":{"user_id":9,"caps":["read"],"locale":"fa_IR"}}}`))
	if r.Error.Code != -32001 || r.Error.Data["error"] != "FORBIDDEN" || r.Error.Data["capability"] != domain.CapManageForms ||
		r.Error.Message != "شما مجوز انجام این کار را ندارید" {
		t.Fatalf("a reader renamed a form: %+v", r.Error)
	}
	res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"forms.rename","params":{"title":"x","actor":{"user_id":9,"caps":["manage_arshline_forms"]}}}`))
	if res["title"] != "x" {
		t.Fatalf("an editor could not rename: %v", res)
	}
	// manage_options implies every capability, as for a WordPress admin.
	resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"forms.rename","params":{"title":"x","actor":{"user_id":1,"caps":["manage_options"]}}}`))
	r = decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"settings","params":{"actor":{"user_id":9,"caps":["manage_arshline_forms"]}}}`))
	if r.Error.Code != -32001 {
		t.Fatalf("an editor reached admin settings: %+v", r.Error)
	}
	// No actor: the local operator, trusted by the socket's checks.
	if got := callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"settings"}`); !strings.Contains(got, `"result":"ok"`) {
		t.Fatalf("operator refused: %s", got)
	}
}

func TestTypedDecodesStrictly(t *testing.T) {
	ts := startServer(t, Config{}, envelopeMethods())
	c := dialRaw(t, ts.path)
	call := func(params string) string {
		return callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"forms.rename","params":`+params+`}`)
	}

	for _, tc := range []struct{ params, field, en, fa string }{
		{`{"title":"x","titel":"y"}`, "titel", `unknown parameter "titel"`, "پارامتر ناشناخته «titel»"},
		{`{"Title":"x"}`, "Title", `unknown parameter "Title"`, "پارامتر ناشناخته «Title»"},
		{`{"title":"x","inner":{"name":"a","nmae":"b"}}`, "nmae", `unknown parameter "nmae"`, "پارامتر ناشناخته «nmae»"},
		{`{"title":5}`, "title", `parameter "title" must be a string`, "پارامتر «title» باید رشته باشد"},
		{`{"title":"x","count":"many"}`, "count", `parameter "count" must be an integer`, "پارامتر «count» باید عدد صحیح باشد"},
		{`{"title":"x","count":1.5}`, "count", `parameter "count" must be an integer`, "پارامتر «count» باید عدد صحیح باشد"},
	} {
		r := decodeErrorReply(t, call(tc.params))
		e := r.Error
		if e.Code != CodeInvalidParams || e.Data["message_en"] != tc.en || e.Data["message_fa"] != tc.fa || e.Message != tc.fa {
			t.Errorf("%s: %+v", tc.params, e)
		}
		if p, _ := e.Data["param"].(string); !strings.HasSuffix(p, tc.field) {
			t.Errorf("%s: data.param = %v, want %s", tc.params, e.Data["param"], tc.field)
		}
	}
	for _, params := range []string{`["x"]`, `[]`} {
		if r := decodeErrorReply(t, call(params)); r.Error.Code != CodeInvalidParams || r.Error.Data["message_en"] != "params must be a JSON object" {
			t.Errorf("%s: %+v", params, r.Error)
		}
	}
	for _, params := range []string{`null`, `{}`, `{"actor":{"user_id":1,"caps":["manage_options"]}}`} {
		if res := resultOf(t, call(params)); res["title"] != "" {
			t.Errorf("%s: zero params decoded as %v", params, res)
		}
	}
	if got := callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"forms.rename"}`); !strings.Contains(got, `"result":{"title":""}`) {
		t.Errorf("absent params: %s", got)
	}
	if res := resultOf(t, call(`{"title":"فرم","count":2,"inner":{"name":"n"}}`)); res["title"] != "فرم" || res["count"] != float64(2) {
		t.Errorf("valid params decoded as %v", res)
	}
}

func TestTypedWithoutServer(t *testing.T) {
	type embedded struct {
		Shared string `json:"shared"`
	}
	type params struct {
		embedded
		Plain  int
		Hidden string `json:"-"`
	}
	h := Typed(func(ctx context.Context, p params) (any, error) { return p, nil })
	for _, ok := range []string{`{"shared":"s"}`, `{"Plain":1}`, ` {} `, ``} {
		if _, err := h(context.Background(), json.RawMessage(ok)); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	// Names are matched exactly: case variants of a name, tagged or not,
	// are refused however they are written (upper-case letters, escapes,
	// the two signs that fold to ASCII letters: the long s, the Kelvin
	// sign), and so is a member given twice.
	for _, bad := range []string{`{"plain":1}`, `{"PLAIN":1}`, `{"shared":"s","shared":"t"}`, `{"Hidden":"x"}`, `{"shared":"s",`, `"text"`, `{"embedded":{}}`, `{"plain":"1"}`, `{"shared":1}`,
		`{"SHARED":"s"}`, `{"sh\u0041red":"s"}`, "{\"\u017fhared\":\"s\"}", `{"\u017fhared":"s"}`} {
		_, err := h(context.Background(), json.RawMessage(bad))
		var ec ErrCoder
		if !errors.As(err, &ec) || rpcCode(ec) != CodeInvalidParams {
			t.Errorf("%q: err %v, want INVALID_PARAMS", bad, err)
		}
	}
	type kinds struct {
		B bool              `json:"b"`
		L []int             `json:"l"`
		M map[string]string `json:"m"`
		F float64           `json:"f"`
	}
	hk := Typed(func(ctx context.Context, p kinds) (any, error) { return p, nil })
	for params, want := range map[string]string{
		`{"b":"yes"}`: `parameter "b" must be true or false`,
		`{"l":{}}`:    `parameter "l" must be an array`,
		`{"m":[]}`:    `parameter "m" must be an object`,
		`{"f":"1.5"}`: `parameter "f" must be a number`,
		`{"l":["x"]}`: `must be an integer`,
	} {
		_, err := hk(context.Background(), json.RawMessage(params))
		var ce *codedError
		if !errors.As(err, &ce) || !strings.Contains(ce.english(), want) || ce.code != CodeInvalidParams {
			t.Errorf("%s: %v, want %q", params, err, want)
			continue
		}
		if fa := testLocalize("fa_IR", ce.format, ce.args); fa == ce.english() || !strings.Contains(fa, "باید") {
			t.Errorf("%s: %v, want %q with a Persian message", params, err, want)
		}
	}
	// Map parameters have no fixed members.
	hm := Typed(func(ctx context.Context, p map[string]int) (any, error) { return len(p), nil })
	if n, err := hm(context.Background(), json.RawMessage(`{"a":1,"b":2}`)); err != nil || n != 2 {
		t.Errorf("map params: %v, %v", n, err)
	}
}

type typedTestOptions struct {
	Locale string `json:"locale"`
	Strict bool   `json:"strict"`
}

type typedTestParams struct {
	Name    string           `json:"name"`
	Small   int8             `json:"small"`
	Options typedTestOptions `json:"options"`
}

// Typed's errors read as the domain's do: the code's name, then the
// English message.
func TestTypedErrorText(t *testing.T) {
	h := Typed(func(_ context.Context, p typedTestParams) (any, error) { return p.Name, nil })
	for params, want := range map[string]string{
		`{"name":1}`:               `parameter "name" must be a string`,
		`{"Name":"x"}`:             `unknown parameter "Name"`,
		`{"options":{"nope":1}}`:   `unknown parameter "nope"`,
		`{"small":300}`:            `parameter "small" must be an integer`,
		`{"name":"a","name":"b"}`:  `parameter "name" is given twice`,
		`{"options":{"locale":5}}`: `parameter "options.locale" must be a string`,
	} {
		_, err := h(context.Background(), json.RawMessage(params))
		if err == nil || err.Error() != "INVALID_PARAMS: "+want {
			t.Errorf("%s: got %v, want %s", params, err, want)
		}
	}
	got, err := h(context.Background(), json.RawMessage(`{"name":"فرم"}`))
	if err != nil || got != "فرم" {
		t.Fatalf("got %v %v", got, err)
	}
}

func TestMethodNotFoundIsLocalized(t *testing.T) {
	ts := startServer(t, Config{}, envelopeMethods())
	c := dialRaw(t, ts.path)
	r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":"a","method":"forms.delete_all"}`))
	if r.Error.Code != CodeMethodNotFound || r.Error.Message != "متد «forms.delete_all» وجود ندارد" || r.Error.CodeName() != "NOT_FOUND" {
		t.Fatalf("default (Persian): %+v", r.Error)
	}
	r = decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":"a","method":"forms.delete_all","params":{"actor":{"user_id":1,"locale":"en_US"}}}`))
	if r.Error.Message != `method "forms.delete_all" does not exist` {
		t.Fatalf("English actor: %+v", r.Error)
	}
}

func TestInvalidRequestsEchoReadableIDs(t *testing.T) {
	s := NewServer(Config{}, specMethods(&specCounters{}))
	for _, tc := range []struct{ frame, id string }{
		{`{"jsonrpc":"1.0","method":"sum","id":5}`, `5`},
		{`{"method":"sum","id":"x"}`, `"x"`},
		{`{"jsonrpc":"2.0","id":6}`, `6`},
		{`{"jsonrpc":"2.0","method":"sum","params":3,"id":7}`, `7`},
		{`{"jsonrpc":"2.0","method":"sum","id":{"a":1}}`, `null`},
		{`{"jsonrpc":"2.0","method":"sum","id":[1]}`, `null`},
		{`{"jsonrpc":"2.0","method":"sum","id":true}`, `null`},
		{`{"jsonrpc":"2.0","method":"sum","id":1,"id":2}`, `null`},
		{`"just a string"`, `null`},
		{`42`, `null`},
	} {
		line := frameOf(s, tc.frame)
		r := decodeErrorReply(t, line)
		if r.Error.Code != CodeInvalidRequest || string(r.ID) != tc.id {
			t.Errorf("%s: %s (want id %s)", tc.frame, line, tc.id)
		}
	}
	// id null is a request, not a notification: it is answered.
	if got := frameOf(s, `{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":null}`); got != `{"jsonrpc":"2.0","id":null,"result":3}`+"\n" {
		t.Errorf("id null: %q", got)
	}
	// Members of extensions are ignored; escapes in names are understood.
	if got := frameOf(s, `{"jsonrpc":"2.0","method":"s\u0075m","params":[2],"id":1,"x-trace":"t"}`); got != `{"jsonrpc":"2.0","id":1,"result":2}`+"\n" {
		t.Errorf("extension member: %q", got)
	}
}

func TestNewServerRefusesBadTables(t *testing.T) {
	h := func(ctx context.Context, _ json.RawMessage) (any, error) { return nil, nil }
	for name, methods := range map[string][]Method{
		"empty name": {{Name: "", Handler: h}},
		"reserved":   {{Name: "rpc.discover", Handler: h}},
		"no handler": {{Name: "x"}},
		"unchecked":  {{Name: "x", Capability: "read", Handler: h}},
		"twice":      {{Name: "x", Handler: h}, {Name: "x", Handler: h}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: NewServer accepted the table", name)
				}
			}()
			NewServer(Config{}, methods)
		}()
	}
}

// publishedCodes reads the error table of docs/API.md, the one the
// plugin's tests read too: each code's name and JSON-RPC number.
func publishedCodes(t *testing.T) map[string]int {
	t.Helper()
	doc, err := os.ReadFile("../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `([A-Z_]+)` \\| (-\\d+) \\| \\d{3}").FindAllStringSubmatch(string(doc), -1)
	if len(rows) < 16 {
		t.Fatalf("the error table of docs/API.md was not found (%d rows)", len(rows))
	}
	codes := map[string]int{}
	for _, r := range rows {
		n, _ := strconv.Atoi(r[2])
		if _, dup := codes[r[1]]; dup {
			t.Errorf("docs/API.md lists %s twice", r[1])
		}
		codes[r[1]] = n
	}
	return codes
}

// TestCodesAreThePublishedTable fails when Codes and the table of
// docs/API.md differ in a name or a number.
func TestCodesAreThePublishedTable(t *testing.T) {
	published := publishedCodes(t)
	for name := range Codes {
		if _, ok := published[name]; !ok {
			t.Errorf("%s is not in docs/API.md", name)
		}
	}
	seen := map[int]string{}
	for name, want := range published {
		t.Run(name, func(t *testing.T) {
			if got := CodeNumber(name); got != want {
				t.Errorf("CodeNumber(%s) = %d, want %d", name, got, want)
			}
			if other, dup := seen[want]; dup {
				t.Errorf("%s and %s share %d", name, other, want)
			}
			seen[want] = name
			if back := codeName(want); back != name {
				t.Errorf("codeName(%d) = %s, want %s", want, back, name)
			}
			if name != "INVALID_PARAMS" && name != "INTERNAL" && (want > -32000 || want < -32089) {
				t.Errorf("%s maps to %d, outside -32000..-32089", name, want)
			}
		})
	}
	t.Run("an unknown name is internal", func(t *testing.T) {
		if got := CodeNumber("NO_SUCH_CODE"); got != CodeInternalError {
			t.Errorf("unknown name maps to %d", got)
		}
	})
}

// spoofer is an application error whose items try to overwrite what the
// transport puts in error.data.
type spoofer struct{}

func (spoofer) Error() string     { return "NOT_FOUND: form 9 was not found" }
func (spoofer) ErrorCode() string { return "NOT_FOUND" }
func (spoofer) ErrorMessage() (string, []any) {
	return "form %v was not found", []any{9}
}
func (spoofer) ErrorItems() map[string]any {
	return map[string]any{"form_id": 9, "error": "SPOOFED", "message_en": "spoofed", "request_id": "x"}
}

func TestWireErrorShape(t *testing.T) {
	w := wireError(spoofer{}, "fa_IR", "abc123", testLocalize)
	if w.Code != -32002 || w.Message != "فرم 9 پیدا نشد" {
		t.Fatalf("error %d %q", w.Code, w.Message)
	}
	d := w.Data
	if d["error"] != "NOT_FOUND" || d["message_en"] != "form 9 was not found" || d["message_fa"] != "فرم 9 پیدا نشد" || d["form_id"] != 9 || d["request_id"] != "abc123" {
		t.Fatalf("data %v", d)
	}
	if en := wireError(spoofer{}, "en_US", "abc123", testLocalize); en.Message != "form 9 was not found" {
		t.Fatalf("English message %q", en.Message)
	}
}
