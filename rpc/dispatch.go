package rpc

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// CallInfo describes one finished call, for the daemon's one log line per
// call. Frames that are not requests at all (parse errors, invalid
// request objects) are not calls and are not reported.
type CallInfo struct {
	Method       string
	ReqID        string
	UserID       int64
	Latency      time.Duration
	ErrorCode    domain.Code // "" on success
	Notification bool
}

// request is one request object as read from the wire.
type request struct {
	id     []byte // raw id as sent; nil for a notification
	method string
	params []byte // raw params; nil when absent or null
}

var nullID = []byte("null")

// parseRequest reads one request object. When the object is invalid, the
// returned request still carries its id if the id itself was readable,
// so the error reply can name it; otherwise the reply's id is null, as
// the specification prescribes.
func parseRequest(raw []byte) (request, *domain.Error) {
	raw = trimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return request{}, errNotObject
	}
	const (
		seenVersion = 1 << iota
		seenMethod
		seenParams
		seenID
	)
	var version, method, params, id []byte
	var seen uint8
	duplicate := false
	err := forEachMember(raw, func(key, value []byte) bool {
		var bit uint8
		switch string(key) {
		case "jsonrpc":
			bit, version = seenVersion, value
		case "method":
			bit, method = seenMethod, value
		case "params":
			bit, params = seenParams, value
		case "id":
			bit, id = seenID, value
		default:
			return true // members of extensions are not ours to refuse
		}
		if seen&bit != 0 {
			duplicate = true
			return false
		}
		seen |= bit
		return true
	})
	switch {
	case err != nil:
		return request{}, errNotObject
	case duplicate:
		return request{}, errDuplicate
	}
	var req request
	if id != nil {
		if !validID(id) {
			return request{}, errBadID
		}
		req.id = id
	}
	if v, err := unquote(version); err != nil || string(v) != "2.0" {
		return req, errBadVersion
	}
	if method == nil {
		return req, errNoMethod
	}
	name, err := unquote(method)
	if err != nil {
		return req, errBadMethod
	}
	req.method = string(name)
	if params != nil {
		switch params[0] {
		case '{', '[':
			req.params = params
		case 'n': // null: some clients send it for "no params"
		default:
			return req, errBadParams
		}
	}
	return req, nil
}

// validID accepts what the specification allows as an id: a string, a
// number or null.
func validID(id []byte) bool {
	switch c := id[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return true
	}
	return string(id) == "null"
}

// handleFrame answers one frame, a request or a batch, appending the reply
// line (with its newline) to out. Nothing is appended when the frame holds
// only notifications.
func (s *Server) handleFrame(ctx context.Context, frame []byte, out *bytes.Buffer) {
	frame = trimSpace(frame)
	if len(frame) == 0 {
		return
	}
	// validFrame is the three checks below in one scan; they run only to
	// name what is wrong with a frame it refuses.
	if !validFrame(frame, s.cfg.MaxDepth) {
		switch {
		case !utf8.Valid(frame):
			s.protocolErrorLine(out, CodeParseError, errNotUTF8)
		case tooDeep(frame, s.cfg.MaxDepth):
			s.protocolErrorLine(out, CodeParseError, errTooDeep(s.cfg.MaxDepth))
		default:
			s.protocolErrorLine(out, CodeParseError, errNotJSON)
		}
		return
	}
	if frame[0] == '[' {
		s.handleBatch(ctx, frame, out)
		return
	}
	mark := out.Len()
	s.handleOne(ctx, frame, out)
	if out.Len() > mark {
		out.WriteByte('\n')
	}
}

func (s *Server) protocolErrorLine(out *bytes.Buffer, code int, de *domain.Error) {
	appendError(out, nullID, s.protocolError(de, code))
	out.WriteByte('\n')
}

// protocolError builds the reply to a frame that is not a valid request.
// It gets a request id like any call, and the id goes to the debug log, so
// that a client's bug report can be matched with what the server saw.
func (s *Server) protocolError(de *domain.Error, code int) *Error {
	reqID := newReqID()
	s.log.Debug("refused a malformed frame", "request_id", reqID, "code", code, "reason", de.MessageEN)
	return wireError(de, code, s.cfg.DefaultLocale, reqID)
}

// handleBatch answers a batch. Its calls run concurrently on up to
// MaxInFlight workers; each reply keeps its request's id, and the reply
// array holds them in request order (the specification allows any).
func (s *Server) handleBatch(ctx context.Context, frame []byte, out *bytes.Buffer) {
	items := make([][]byte, 0, 8)
	n := 0
	if err := forEachElement(frame, func(elem []byte) bool {
		if n++; n <= s.cfg.MaxBatch {
			items = append(items, elem)
		}
		return true
	}); err != nil {
		s.protocolErrorLine(out, CodeParseError, errNotJSON)
		return
	}
	switch {
	case n == 0:
		s.protocolErrorLine(out, CodeInvalidRequest, errEmptyBatch)
		return
	case n > s.cfg.MaxBatch:
		s.protocolErrorLine(out, CodeInvalidRequest, errBatchTooLarge(n, s.cfg.MaxBatch))
		return
	}

	replies := make([]*bytes.Buffer, len(items))
	answer := func(i int) {
		defer s.survive("answering a batch entry")
		b := getBuffer()
		s.handleOne(ctx, items[i], b)
		if b.Len() == 0 {
			putBuffer(b)
			return
		}
		replies[i] = b
	}
	if workers := min(len(items), s.cfg.MaxInFlight); workers <= 1 {
		for i := range items {
			answer(i)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := int(next.Add(1) - 1); i < len(items); i = int(next.Add(1) - 1) {
					answer(i)
				}
			})
		}
		wg.Wait()
	}

	mark := out.Len()
	out.WriteByte('[')
	first := true
	for _, b := range replies {
		if b == nil {
			continue
		}
		if !first {
			out.WriteByte(',')
		}
		first = false
		out.Write(b.Bytes())
		putBuffer(b)
	}
	if first { // only notifications: the specification wants no reply at all
		out.Truncate(mark)
		return
	}
	out.WriteString("]\n")
}

// handleOne answers one request object, appending its reply object (no
// newline) to out, or nothing for a notification.
func (s *Server) handleOne(ctx context.Context, raw []byte, out *bytes.Buffer) {
	req, perr := parseRequest(raw)
	if perr != nil {
		id := req.id
		if id == nil {
			id = nullID
		}
		appendError(out, id, s.protocolError(perr, CodeInvalidRequest))
		return
	}
	s.call(ctx, req, out)
}

// call runs one valid request: envelope, method lookup, capability check,
// handler, reply and the OnCall report.
func (s *Server) call(ctx context.Context, req request, out *bytes.Buffer) {
	start := time.Now()
	notification := req.id == nil
	params, env, envErr := s.readEnvelope(req.params)
	m := s.methods[req.method]

	var result any
	var derr *domain.Error
	code := 0
	switch {
	case m == nil:
		derr, code = errMethodNotFound(req.method), CodeMethodNotFound
	case envErr != nil:
		derr = envErr
	case !env.actor.Can(m.Capability):
		derr = domain.ErrForbidden.With("capability", m.Capability)
	default:
		result, derr = s.run(ctx, m, env, params)
	}

	if derr == nil && !notification {
		mark := out.Len()
		if err := encodeResult(out, req.id, result); err != nil {
			out.Truncate(mark)
			s.log.Error("encoding a result failed", "method", req.method, "req_id", env.reqID, "err", err)
			derr = domain.AsError(err)
		}
	}
	if derr != nil && !notification {
		if code == 0 {
			code = CodeFor(derr.Code)
		}
		appendError(out, req.id, wireError(derr, code, env.actor.Locale, env.reqID))
	}
	if s.cfg.OnCall != nil {
		info := CallInfo{Method: req.method, ReqID: env.reqID, UserID: env.actor.UserID,
			Latency: time.Since(start), Notification: notification}
		if derr != nil {
			info.ErrorCode = derr.Code
		}
		s.cfg.OnCall(info)
	}
}

// run calls the handler with the actor and request id in ctx. A panic is
// an internal error of this call only: it is logged with its stack and
// the connection goes on serving.
func (s *Server) run(ctx context.Context, m *Method, env envelope, params []byte) (result any, derr *domain.Error) {
	ctx = domain.WithRequestID(domain.WithActor(ctx, env.actor), env.reqID)
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("handler panicked", "method", m.Name, "req_id", env.reqID,
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			result, derr = nil, domain.AsError(fmt.Errorf("panic in %s: %v", m.Name, p))
		}
	}()
	res, err := m.Handler(ctx, params)
	if err != nil {
		de := errorFromHandler(err)
		if de.Code == domain.CodeInternal {
			// The client gets a generic message; the cause is only here.
			s.log.Error("handler failed", "method", m.Name, "req_id", env.reqID, "err", err)
		}
		return nil, de
	}
	return res, nil
}

// survive is the last line of defence of a goroutine the server starts:
// a panic outside any handler (an OnCall hook, a bug here) costs one reply,
// not the daemon. Handler panics are recovered in run, with a reply.
func (s *Server) survive(what string) {
	if p := recover(); p != nil {
		s.log.Error("recovered from a panic", "while", what, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	}
}

// envelope is what the server reads from params for every method.
type envelope struct {
	actor domain.Actor
	reqID string
}

// readEnvelope takes "actor" and "req_id" out of a params object. The
// envelope is filled even when it is invalid (operator actor, generated
// id), so that the error reply is localized and carries a request id.
func (s *Server) readEnvelope(params []byte) ([]byte, envelope, *domain.Error) {
	env := envelope{actor: domain.OperatorActor(s.cfg.DefaultLocale)}
	if len(params) == 0 || params[0] != '{' {
		env.reqID = newReqID()
		return params, env, nil
	}
	var actorRaw, reqIDRaw []byte
	actors, reqIDs := 0, 0
	if err := forEachMember(params, func(key, value []byte) bool {
		switch string(key) {
		case "actor":
			actorRaw, actors = value, actors+1
		case "req_id":
			reqIDRaw, reqIDs = value, reqIDs+1
		}
		return true
	}); err != nil {
		env.reqID = newReqID()
		return nil, env, errParamsShape
	}
	var err *domain.Error
	if actorRaw != nil {
		a, ok := parseActor(actorRaw, s.cfg.DefaultLocale)
		switch {
		case !ok || actors > 1:
			err = errBadActor
		case a != nil:
			env.actor = *a
		}
	}
	if reqIDRaw != nil {
		if id, ok := parseReqID(reqIDRaw); ok && reqIDs == 1 {
			env.reqID = id
		} else if err == nil {
			err = errBadReqID
		}
	}
	if env.reqID == "" {
		env.reqID = newReqID()
	}
	if actors+reqIDs == 0 {
		return params, env, err
	}
	return withoutEnvelope(params), env, err
}

// withoutEnvelope copies a params object without its envelope members.
func withoutEnvelope(params []byte) []byte {
	out := make([]byte, 0, len(params))
	out = append(out, '{')
	_ = walkMembers(params, func(key, literal, value []byte) bool {
		if k := string(key); k == "actor" || k == "req_id" {
			return true
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, literal...)
		out = append(out, ':')
		out = append(out, value...)
		return true
	})
	return append(out, '}')
}

// parseActor reads {"user_id", "caps", "locale"} exactly: an actor is who
// the call runs for, so a member the server does not understand is an
// error rather than something to guess about. null means no actor.
func parseActor(raw []byte, defaultLocale string) (*domain.Actor, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	if raw[0] != '{' {
		return nil, false
	}
	var a domain.Actor
	const (
		seenUser = 1 << iota
		seenCaps
		seenLocale
	)
	var seen uint8
	ok := true
	mark := func(bit uint8) bool {
		if seen&bit != 0 {
			ok = false
		}
		seen |= bit
		return ok
	}
	err := forEachMember(raw, func(key, value []byte) bool {
		switch string(key) {
		case "user_id":
			if !mark(seenUser) {
				return false
			}
			id, err := strconv.ParseInt(string(value), 10, 64)
			if err != nil || id < 0 {
				ok = false
			}
			a.UserID = id
		case "caps":
			if !mark(seenCaps) {
				return false
			}
			if string(value) == "null" {
				return true
			}
			if value[0] != '[' {
				ok = false
				return false
			}
			if err := forEachElement(value, func(elem []byte) bool {
				c, err := unquote(elem)
				if err != nil {
					ok = false
					return false
				}
				a.Caps = append(a.Caps, string(c))
				return true
			}); err != nil {
				ok = false
			}
		case "locale":
			if !mark(seenLocale) {
				return false
			}
			if string(value) == "null" {
				return true
			}
			l, err := unquote(value)
			if err != nil {
				ok = false
			}
			a.Locale = string(l)
		default:
			ok = false
		}
		return ok
	})
	if err != nil || !ok || seen&seenUser == 0 {
		return nil, false
	}
	if a.Locale == "" {
		a.Locale = defaultLocale
	}
	a.Locale = domain.NormalizeLocale(a.Locale)
	return &a, true
}

// parseReqID accepts a string of 6 to 32 hexadecimal digits: request ids
// end up in logs and audit rows, so they are kept short and inert.
func parseReqID(raw []byte) (string, bool) {
	if len(raw) < 2+6 || len(raw) > 2+32 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	id := raw[1 : len(raw)-1]
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return "", false
		}
	}
	return string(id), true
}

// newReqID makes a 32-digit id for calls without one: the time in
// nanoseconds, then 64 random bits. It only has to tell calls apart, so
// the runtime's fast generator is enough; the time comes first because
// rows indexed by request id (audit_log.req_id, Hosha2 jobs) are then
// added at the end of their index instead of at a random page of it, and
// a random page per durable plan was a large share of ai.execute's writes.
func newReqID() string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(time.Now().UnixNano()))
	binary.BigEndian.PutUint64(b[8:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// encodeResult is appendResult that also survives a result whose
// MarshalJSON panics: encoding/json does not recover those, and the
// result belongs to the handler, so it is the handler's failure.
func encodeResult(out *bytes.Buffer, id []byte, result any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic while encoding the result: %v", p)
		}
	}()
	return appendResult(out, id, result)
}

// JSONAppender is a result that writes its own JSON, one line of exactly
// what encoding/json would write for it (without HTML escapes). The
// results of the quickest methods implement it: reflection was a
// twentieth of such a call.
type JSONAppender interface {
	AppendJSON(b []byte) []byte
}

// appendResult appends a success reply. json.RawMessage results are
// compacted, which also checks them and keeps the reply on one line.
func appendResult(out *bytes.Buffer, id []byte, result any) error {
	out.WriteString(`{"jsonrpc":"2.0","id":`)
	out.Write(id)
	out.WriteString(`,"result":`)
	switch r := result.(type) {
	case nil:
		out.WriteString("null")
	case json.RawMessage:
		if err := json.Compact(out, r); err != nil {
			return err
		}
	case JSONAppender:
		out.Write(r.AppendJSON(out.AvailableBuffer()))
	default:
		if err := encodeJSON(out, result); err != nil {
			return err
		}
	}
	out.WriteByte('}')
	return nil
}

// appendError appends an error reply. Data a handler attached that cannot
// be encoded is dropped rather than losing the error itself.
func appendError(out *bytes.Buffer, id []byte, e *Error) {
	mark := out.Len()
	out.WriteString(`{"jsonrpc":"2.0","id":`)
	out.Write(id)
	out.WriteString(`,"error":`)
	if err := encodeJSON(out, e); err != nil {
		out.Truncate(mark)
		fixed := map[string]any{}
		for _, k := range []string{"error", "message_fa", "message_en", "request_id"} {
			if v, ok := e.Data[k]; ok {
				fixed[k] = v
			}
		}
		appendError(out, id, &Error{Code: e.Code, Message: e.Message, Data: fixed})
		return
	}
	out.WriteByte('}')
}

// encodeJSON appends v without the newline json.Encoder adds. HTML is not
// escaped: replies go to programs, and they are shorter that way.
func encodeJSON(out *bytes.Buffer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	out.Truncate(out.Len() - 1)
	return nil
}

// Reply buffers are pooled; one that grew past maxPooledBuffer for a big
// result is left to the collector so the pool does not pin memory.
const maxPooledBuffer = 1 << 20

var bufferPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuffer() *bytes.Buffer { return bufferPool.Get().(*bytes.Buffer) }

func putBuffer(b *bytes.Buffer) {
	if b.Cap() > maxPooledBuffer {
		return
	}
	b.Reset()
	bufferPool.Put(b)
}
