package rpc

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// request is one call as decoded from the wire. ID stays raw so that an
// absent id (a notification) differs from "id": null (a request).
type request struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	ID      json.RawMessage `json:"id"`
}

// response is one reply. Exactly one of Result and Error is set.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
	ID      json.RawMessage `json:"id"`
}

var nullID = json.RawMessage("null")

var reqIDRE = regexp.MustCompile(`^[0-9a-fA-F]{6,32}$`)

// CallInfo describes a finished call for the daemon's one log line.
type CallInfo struct {
	Method       string
	ReqID        string
	UserID       int64
	Latency      time.Duration
	ErrorCode    domain.Code // "" on success
	Notification bool
}

// handleFrame answers one frame: a single request or a batch. It returns
// nil when nothing is to be sent (notifications only).
func (s *Server) handleFrame(ctx context.Context, frame []byte) []byte {
	frame = bytes.TrimSpace(frame)
	if len(frame) == 0 {
		return nil // blank lines between frames are tolerated
	}
	if !utf8.Valid(frame) {
		return s.encode(response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeParseError, "parse error: the frame is not valid UTF-8", "خطای تجزیه: پیام UTF-8 معتبر نیست", s.cfg.DefaultLocale)})
	}
	if nestingTooDeep(frame, s.cfg.MaxDepth) {
		return s.encode(response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeParseError, fmt.Sprintf("parse error: JSON nested deeper than %d levels", s.cfg.MaxDepth), fmt.Sprintf("خطای تجزیه: تودرتویی JSON بیش از %d سطح است", s.cfg.MaxDepth), s.cfg.DefaultLocale)})
	}
	if !json.Valid(frame) {
		return s.encode(response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeParseError, "parse error: the frame is not valid JSON", "خطای تجزیه: پیام JSON معتبر نیست", s.cfg.DefaultLocale)})
	}
	if frame[0] != '[' {
		resp, ok := s.handleOne(ctx, frame)
		if !ok {
			return nil
		}
		return s.encode(resp)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(frame, &items); err != nil {
		return s.encode(response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeParseError, "parse error: "+err.Error(), "خطای تجزیه: "+err.Error(), s.cfg.DefaultLocale)})
	}
	if len(items) == 0 {
		return s.encode(response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeInvalidRequest, "invalid request: empty batch", "درخواست نامعتبر: دستهٔ خالی", s.cfg.DefaultLocale)})
	}
	if len(items) > s.cfg.MaxBatch {
		return s.encode(response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeInvalidRequest, fmt.Sprintf("invalid request: a batch holds at most %d calls", s.cfg.MaxBatch), fmt.Sprintf("درخواست نامعتبر: هر دسته حداکثر %d فراخوانی دارد", s.cfg.MaxBatch), s.cfg.DefaultLocale)})
	}
	// Calls of one batch run concurrently, bounded, and the replies keep
	// their ids; the spec allows any order.
	replies := make([]*response, len(items))
	sem := make(chan struct{}, s.cfg.MaxInFlight)
	var wg sync.WaitGroup
	for i, item := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, item json.RawMessage) {
			defer func() { <-sem; wg.Done() }()
			if resp, ok := s.handleOne(ctx, item); ok {
				replies[i] = &resp
			}
		}(i, item)
	}
	wg.Wait()
	var buf bytes.Buffer
	buf.WriteByte('[')
	n := 0
	for _, r := range replies {
		if r == nil {
			continue
		}
		if n > 0 {
			buf.WriteByte(',')
		}
		buf.Write(s.encodeBody(*r))
		n++
	}
	if n == 0 {
		return nil // a batch of notifications gets no reply at all
	}
	buf.WriteByte(']')
	buf.WriteByte('\n')
	return buf.Bytes()
}

// handleOne answers one request object; ok is false for notifications.
func (s *Server) handleOne(ctx context.Context, raw json.RawMessage) (response, bool) {
	locale := s.cfg.DefaultLocale
	var req request
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &req) != nil {
		return response{JSONRPC: "2.0", ID: nullID,
			Error: protocolError(CodeInvalidRequest, "invalid request: a call must be a JSON object", "درخواست نامعتبر: هر فراخوانی باید یک شیء JSON باشد", locale)}, true
	}
	id, idOK := checkID(req.ID)
	notification := req.ID == nil
	invalid := func(en, fa string) (response, bool) {
		if !idOK {
			id = nullID
		}
		return response{JSONRPC: "2.0", ID: id, Error: protocolError(CodeInvalidRequest, "invalid request: "+en, "درخواست نامعتبر: "+fa, locale)}, true
	}
	if !idOK {
		return invalid("id must be a string, a number or null", "شناسه باید رشته، عدد یا null باشد")
	}
	if req.JSONRPC != "2.0" {
		return invalid(`"jsonrpc" must be "2.0"`, `مقدار "jsonrpc" باید "2.0" باشد`)
	}
	var method string
	if len(req.Method) == 0 || json.Unmarshal(req.Method, &method) != nil {
		return invalid(`"method" must be a string`, `"method" باید رشته باشد`)
	}
	if len(req.Params) > 0 && req.Params[0] != '{' && req.Params[0] != '[' && !bytes.Equal(req.Params, nullID) {
		return invalid(`"params" must be an object or an array`, `"params" باید شیء یا آرایه باشد`)
	}

	start := time.Now()
	result, actor, reqID, err := s.call(ctx, method, req.Params)
	info := CallInfo{Method: method, ReqID: reqID, UserID: actor.UserID, Notification: notification}
	resp := response{JSONRPC: "2.0", ID: id}
	if err != nil {
		info.ErrorCode = err.DomainCode()
		resp.Error = err
	} else {
		body, merr := marshal(result)
		if merr != nil {
			de := domain.AsError(merr)
			info.ErrorCode = de.Code
			resp.Error = wireError(de, actor.Locale, reqID)
		} else {
			resp.Result = body
		}
	}
	info.Latency = time.Since(start)
	if s.cfg.OnCall != nil {
		s.cfg.OnCall(info)
	}
	if notification {
		return response{}, false
	}
	return resp, true
}

// call finds the method, reads the envelope, checks the capability and
// runs the handler, turning panics and non-domain errors into INTERNAL.
func (s *Server) call(ctx context.Context, method string, params json.RawMessage) (result any, actor domain.Actor, reqID string, rerr *Error) {
	actor = domain.OperatorActor(s.cfg.DefaultLocale)
	m, ok := s.methods[method]
	if !ok {
		return nil, actor, "", protocolError(CodeMethodNotFound,
			fmt.Sprintf("method %q does not exist", method), fmt.Sprintf("متد %q وجود ندارد", method), actor.Locale)
	}
	rest, env, derr := splitEnvelope(params)
	if env.Actor != nil {
		actor = *env.Actor
		actor.Locale = domain.NormalizeLocale(actor.Locale)
	}
	reqID = env.ReqID
	if reqID == "" {
		reqID = newReqID()
	}
	if derr != nil {
		return nil, actor, reqID, wireError(derr, actor.Locale, reqID)
	}
	if !actor.Can(m.Capability) {
		return nil, actor, reqID, wireError(domain.ErrForbidden.With("capability", m.Capability), actor.Locale, reqID)
	}
	ctx = domain.WithActor(ctx, actor)
	ctx = domain.WithRequestID(ctx, reqID)
	defer func() {
		if p := recover(); p != nil {
			s.logError("handler panic", "method", method, "req_id", reqID, "panic", fmt.Sprint(p))
			result, rerr = nil, wireError(domain.AsError(fmt.Errorf("panic: %v", p)), actor.Locale, reqID)
		}
	}()
	res, err := m.Handler(ctx, rest)
	if err != nil {
		de := domain.AsError(err)
		if de.Code == domain.CodeInternal {
			s.logError("handler failed", "method", method, "req_id", reqID, "err", err)
		}
		return nil, actor, reqID, wireError(de, actor.Locale, reqID)
	}
	return res, actor, reqID, nil
}

type envelope struct {
	Actor *domain.Actor
	ReqID string
}

// splitEnvelope takes actor and req_id out of the params object, so that
// handlers decode only their own parameters strictly.
func splitEnvelope(params json.RawMessage) (json.RawMessage, envelope, *domain.Error) {
	var env envelope
	if len(params) == 0 || bytes.Equal(params, nullID) {
		return nil, env, nil
	}
	if params[0] == '[' {
		return nil, env, domain.InvalidParams("params must be an object with named parameters", "پارامترها باید به صورت شیء با نام ارسال شوند")
	}
	if !bytes.Contains(params, []byte(`"actor"`)) && !bytes.Contains(params, []byte(`"req_id"`)) {
		return params, env, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(params, &fields); err != nil {
		return nil, env, domain.InvalidParams("params are not a JSON object", "پارامترها شیء JSON نیستند")
	}
	if raw, ok := fields["actor"]; ok {
		var a domain.Actor
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil || a.UserID < 0 {
			return nil, env, domain.InvalidParams("actor must be {user_id, caps, locale}", "actor باید به شکل {user_id, caps, locale} باشد")
		}
		env.Actor = &a
		delete(fields, "actor")
	}
	if raw, ok := fields["req_id"]; ok {
		var id string
		if json.Unmarshal(raw, &id) != nil || !reqIDRE.MatchString(id) {
			return nil, env, domain.InvalidParams("req_id must be 6 to 32 hex characters", "req_id باید ۶ تا ۳۲ نویسهٔ هگز باشد")
		}
		env.ReqID = id
		delete(fields, "req_id")
	}
	rest, err := json.Marshal(fields)
	if err != nil {
		return nil, env, domain.AsError(err)
	}
	return rest, env, nil
}

// checkID accepts what the spec allows as an id: a string, a number or
// null (and absence, for notifications).
func checkID(id json.RawMessage) (json.RawMessage, bool) {
	if id == nil {
		return nil, true
	}
	switch c := id[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return id, true
	case bytes.Equal(id, nullID):
		return id, true
	}
	return nil, false
}

func newReqID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func (s *Server) encodeBody(r response) []byte {
	b, err := marshal(r)
	if err != nil {
		b, _ = marshal(response{JSONRPC: "2.0", ID: r.ID, Error: &Error{Code: CodeInternalError, Message: "internal error"}})
	}
	return b
}

func (s *Server) encode(r response) []byte {
	return append(s.encodeBody(r), '\n')
}
