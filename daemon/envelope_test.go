package daemon

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// envelopeMethods report what a handler sees of the envelope.
func envelopeMethods() []rpc.Method {
	type titleParams struct {
		Title string `json:"title"`
		Count int    `json:"count,omitempty"`
		Inner *struct {
			Name string `json:"name"`
		} `json:"inner,omitempty"`
	}
	return []rpc.Method{
		{Name: "whoami", Handler: func(ctx context.Context, params json.RawMessage) (any, error) {
			a := domain.ActorFrom(ctx)
			return map[string]any{"user": a.UserID, "caps": a.Caps, "locale": a.Locale, "site": a.Site(),
				"req_id": domain.RequestIDFrom(ctx), "params": string(params)}, nil
		}},
		{Name: "forms.rename", Capability: domain.CapManageForms, Handler: rpc.Typed(func(ctx context.Context, p titleParams) (any, error) {
			return p, nil
		})},
		{Name: "settings", Capability: domain.CapManageOptions, Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return "ok", nil
		}},
	}
}

// lineConn speaks raw lines to a server, to send exactly what a test means.
type lineConn struct {
	t  *testing.T
	nc net.Conn
	r  *bufio.Reader
}

// envelopeServer serves envelopeMethods with the daemon's transport
// configuration (envelope, capability check) and returns a connection.
func envelopeServer(t *testing.T, locale string, onCall func(rpc.CallInfo)) *lineConn {
	t.Helper()
	path := filepath.Join(t.TempDir(), "e.sock")
	ln, err := rpc.Listen(path, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := rpc.NewServer(rpcConfig(&Config{Locale: locale}, onCall, nil), serveMethods(envelopeMethods()))
	go srv.Serve(context.Background(), ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	nc, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return &lineConn{t: t, nc: nc, r: bufio.NewReader(nc)}
}

func callRaw(t *testing.T, c *lineConn, req string) string {
	t.Helper()
	c.nc.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.nc.Write([]byte(req + "\n")); err != nil {
		t.Fatal(err)
	}
	line, err := c.r.ReadString('\n')
	if err != nil {
		t.Fatalf("no reply to %s: %v", req, err)
	}
	return line
}

func resultOf(t *testing.T, line string) map[string]any {
	t.Helper()
	var r struct {
		Result map[string]any `json:"result"`
		Error  *rpc.Error     `json:"error"`
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error != nil || r.Result == nil {
		t.Fatalf("not a result object: %s", line)
	}
	return r.Result
}

type replyError struct {
	ID    json.RawMessage `json:"id"`
	Error *rpc.Error      `json:"error"`
}

func decodeErrorReply(t *testing.T, line string) replyError {
	t.Helper()
	var r replyError
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error == nil {
		t.Fatalf("not an error reply: %q (%v)", line, err)
	}
	return r
}

func TestEnvelope(t *testing.T) {
	var seen []rpc.CallInfo
	var mu sync.Mutex
	c := envelopeServer(t, "en_US", func(ci rpc.CallInfo) {
		mu.Lock()
		seen = append(seen, ci)
		mu.Unlock()
	})

	t.Run("actor and req_id reach ctx, not params", func(t *testing.T) {
		res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"req_id":"ABCdef012345","x":1,"actor":{"user_id":42,"caps":["read"],"locale":"fa"}}}`))
		if res["user"] != float64(42) || res["locale"] != "fa_IR" || res["req_id"] != "ABCdef012345" || res["params"] != `{"x":1}` {
			t.Fatalf("handler saw %v", res)
		}
		if caps, _ := res["caps"].([]any); len(caps) != 1 || caps[0] != "read" {
			t.Fatalf("caps %v", res["caps"])
		}
	})
	t.Run("no actor is the operator in the default locale", func(t *testing.T) {
		res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"x":[1]}}`))
		if res["user"] != float64(0) || res["locale"] != "en_US" || res["params"] != `{"x":[1]}` {
			t.Fatalf("handler saw %v", res)
		}
		if id, _ := res["req_id"].(string); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id) {
			t.Fatalf("generated req_id %q", id)
		}
		res = resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":[1,2]}`))
		if res["user"] != float64(0) || res["params"] != `[1,2]` {
			t.Fatalf("positional params: handler saw %v", res)
		}
	})
	t.Run("an actor without a locale gets the default", func(t *testing.T) {
		res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"actor":{"user_id":5}}}`))
		if res["locale"] != "en_US" || res["params"] != `{}` || res["site"] != float64(1) {
			t.Fatalf("handler saw %v", res)
		}
	})
	// The quick reading and the member-by-member one (an escape in the
	// params forces the latter) both carry the site.
	for _, params := range []string{
		`{"actor":{"user_id":5,"caps":["read"],"locale":"fa_IR","site_id":7},"x":1}`,
		`{"actor":{"site_id":7,"user_id":5},"x":1}`,
		`{"actor":{"user_id":5,"site_id":7,"locale":null},"x":1}`,
		`{"actor":{"user_id":5,"site_\u0069d":7},"x":1}`,
		`{"x":1,"act\u006fr":{"user_id":5,"site_id":7}}`,
	} {
		t.Run("site_id in "+params, func(t *testing.T) {
			res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":`+params+`}`))
			if res["site"] != float64(7) || res["user"] != float64(5) || res["params"] != `{"x":1}` {
				t.Fatalf("handler saw %v", res)
			}
		})
	}

	badReqIDs := []string{`"abcde"`, `"` + strings.Repeat("a", 33) + `"`, `"abcdeg"`, `123456`, `""`, `null`, `"ab cd ef"`, `"\u0061bcdef"`}
	for _, id := range badReqIDs {
		t.Run("req_id "+id, func(t *testing.T) {
			r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"req_id":`+id+`}}`))
			if r.Error.Code != rpc.CodeInvalidParams || !strings.Contains(r.Error.Message, "req_id") || !strings.Contains(r.Error.Data["message_fa"].(string), "هگزادسیمال") {
				t.Fatalf("%s accepted or misreported: %+v", id, r.Error)
			}
		})
	}
	for _, ok := range []string{`"abcdef"`, `"` + strings.Repeat("F", 32) + `"`} {
		res := resultOf(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"req_id":`+ok+`}}`))
		if `"`+res["req_id"].(string)+`"` != ok {
			t.Fatalf("req_id %s came through as %v", ok, res["req_id"])
		}
	}

	badActors := []string{
		`{"user_id":"7"}`, `{"user_id":-1}`, `{"user_id":1.5}`, `{"caps":["read"]}`,
		`{"user_id":1,"caps":"read"}`, `{"user_id":1,"caps":[1]}`, `{"user_id":1,"locale":5}`,
		`{"user_id":1,"role":"admin"}`, `{"user_id":1,"user_id":2}`, `[1]`, `"operator"`, `7`,
		`{"user_id":1,"site_id":0}`, `{"user_id":1,"site_id":-2}`, `{"user_id":1,"site_id":"2"}`,
		`{"user_id":1,"site_id":2.0}`, `{"user_id":1,"site_id":1e1}`, `{"user_id":1,"site_id":null}`,
		`{"user_id":1,"site_id":[2]}`, `{"user_id":1,"site_id":2,"site_id":3}`, `{"user_id":1,"Site_id":2}`,
		`{"user_id":1,"site_id":99999999999999999999}`,
	}
	for _, a := range badActors {
		t.Run("actor "+a, func(t *testing.T) {
			r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"actor":`+a+`}}`))
			if r.Error.Code != rpc.CodeInvalidParams || !strings.Contains(r.Error.Message, "actor") ||
				!strings.Contains(r.Error.Message, "site_id") || !strings.Contains(r.Error.Data["message_fa"].(string), "site_id") {
				t.Fatalf("actor %s: %+v", a, r.Error)
			}
		})
	}
	t.Run("two actors", func(t *testing.T) {
		r := decodeErrorReply(t, callRaw(t, c, `{"jsonrpc":"2.0","id":1,"method":"whoami","params":{"actor":{"user_id":1},"actor":{"user_id":2,"caps":["manage_options"]}}}`))
		if r.Error.Code != rpc.CodeInvalidParams {
			t.Fatalf("an ambiguous actor was accepted: %+v", r.Error)
		}
	})

	mu.Lock()
	first := seen[0]
	mu.Unlock()
	if first.Method != "whoami" || first.ReqID != "ABCdef012345" || first.UserID != 42 || first.ErrorCode != "" || first.Notification || first.Latency <= 0 {
		t.Fatalf("OnCall got %+v", first)
	}
}

func TestCapabilities(t *testing.T) {
	c := envelopeServer(t, "", nil)

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

func TestWithoutEnvelopeKeepsOtherMembersExactly(t *testing.T) {
	in := `{"actor":{"user_id":1},"title":"فرم \"نو\"","req_id":"abcdef","n":[1, 2],"k\u0065y":1}`
	call, err := envelope{defaultLocale: domain.LocaleFA}.read(context.Background(), json.RawMessage(in), rpc.Peer{Operator: true})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"title":"فرم \"نو\"","n":[1, 2],"k\u0065y":1}`
	if got := string(call.Params); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	for in, want := range map[string]string{
		`{ "actor" : {"user_id":1} , "req_id":"abcdef" }`: `{}`,
		`{ "a" : 1 ,"actor":null}`:                        `{"a":1}`,
		`{"x":1}`:                                         `{"x":1}`,
	} {
		// Space between members belongs to no member: it may stay.
		call, err := envelope{defaultLocale: domain.LocaleFA}.read(context.Background(), json.RawMessage(in), rpc.Peer{Operator: true})
		var got bytes.Buffer
		if err != nil || json.Compact(&got, call.Params) != nil || got.String() != want {
			t.Errorf("%s: %s %v, want %s", in, call.Params, err, want)
		}
	}
}

// domainCodes are the Code constants daemon/domain declares.
func domainCodes(t *testing.T) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "domain/errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" || len(vs.Values) != 1 {
				continue
			}
			name, err := strconv.Unquote(vs.Values[0].(*ast.BasicLit).Value)
			if err != nil {
				t.Fatal(err)
			}
			codes[name] = true
		}
	}
	return codes
}

// Every domain code has its number in the transport's table and the
// table numbers no other, and the transport's own errors carry domain
// names.
func TestTransportCodesAreTheDomains(t *testing.T) {
	codes := domainCodes(t)
	if len(codes) < 16 {
		t.Fatalf("found %d domain codes", len(codes))
	}
	for code := range codes {
		if _, ok := rpc.Codes[code]; !ok {
			t.Errorf("domain code %s has no number", code)
		}
	}
	for name := range rpc.Codes {
		if !codes[name] {
			t.Errorf("the transport numbers %s, which the domain does not declare", name)
		}
	}
	for code, want := range map[int]domain.Code{
		rpc.CodeInvalidParams: domain.CodeInvalidParams, rpc.CodeInternalError: domain.CodeInternal,
		rpc.CodeForbidden: domain.CodeForbidden, rpc.CodeCancelled: domain.CodeCancelled,
		rpc.CodeTimeout: domain.CodeTimeout, rpc.CodeUnavailable: domain.CodeUnavailable,
		rpc.CodeTooLarge:   domain.CodeTooLarge,
		rpc.CodeParseError: domain.CodeInvalidParams, rpc.CodeInvalidRequest: domain.CodeInvalidParams,
		rpc.CodeMethodNotFound: domain.CodeNotFound,
	} {
		if got := (&rpc.Error{Code: code}).CodeName(); got != string(want) {
			t.Errorf("rpc names %d %s, the domain %s", code, got, want)
		}
	}
}
