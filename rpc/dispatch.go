package rpc

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// CallInfo describes one finished call, for the daemon's one log line per
// call. Frames that are not requests at all (parse errors, invalid
// request objects) are not calls and are not reported.
type CallInfo struct {
	Method       string
	ReqID        string
	UserID       int64
	Latency      time.Duration
	ErrorCode    string // the code's name, as error.data["error"] has it; "" on success
	Notification bool
}

// Call is what Config.Envelope makes of a request's params: what the
// handler gets, and what the transport needs to know of the caller.
type Call struct {
	// Context is the handler's context; the transport's when nil.
	Context context.Context
	// Params is what the handler gets as its params.
	Params json.RawMessage
	// ReqID names the call in error.data["request_id"] and in CallInfo;
	// when empty the transport makes one with NewRequestID, which the
	// handler then does not see, so an envelope that puts the id in
	// Context makes it there.
	ReqID string
	// UserID is who the call runs for, as CallInfo reports it.
	UserID int64
	// Locale is the language of the call's error messages;
	// Config.DefaultLocale when empty.
	Locale string
}

// request is one request object as read from the wire.
type request struct {
	id     json.RawMessage // raw id as sent; nil for a notification
	method string
	params json.RawMessage // raw params; nil when absent or null
}

var nullID = json.RawMessage("null")

// parseRequest reads one request object. When the object is invalid, the
// returned request still carries its id if the id itself was readable,
// so the error reply can name it; otherwise the reply's id is null, as
// the specification prescribes. The request's members are copies: it
// stays valid when raw's buffer is reused.
//
// The object's members are read one by one, exactly as written: "Method"
// is an extension's member, not the method, and a protocol member given
// twice is refused (members of extensions are not ours to refuse, and
// the params' own members are the handler's).
func parseRequest(raw []byte) (request, *codedError) {
	raw = trimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		if !jsontext.Value(raw).IsValid(readOptions) {
			return request{}, errNotJSON
		}
		return request{}, errNotObject
	}
	var w wireRequest
	duplicate := false
	err := members(raw, func(name string, value jsontext.Value) {
		var slot *jsontext.Value
		switch name {
		case "jsonrpc":
			slot = &w.JSONRPC
		case "method":
			slot = &w.Method
		case "params":
			slot = &w.Params
		case "id":
			slot = &w.ID
		default:
			return
		}
		if *slot != nil {
			duplicate = true
		}
		*slot = bytes.Clone(value)
	})
	switch {
	case err != nil && !jsontext.Value(raw).IsValid(readOptions):
		return request{}, errNotJSON
	case err != nil:
		return request{}, errNotObject
	case duplicate:
		return request{}, errDuplicate
	}
	var req request
	if w.ID != nil {
		if !validID(w.ID) {
			return request{}, errBadID
		}
		req.id = json.RawMessage(w.ID)
	}
	var version string
	if w.JSONRPC.Kind() != '"' || jsonv2.Unmarshal(w.JSONRPC, &version, readOptions) != nil || version != "2.0" {
		return req, errBadVersion
	}
	if w.Method == nil {
		return req, errNoMethod
	}
	if w.Method.Kind() != '"' || jsonv2.Unmarshal(w.Method, &req.method, readOptions) != nil {
		return req, errBadMethod
	}
	if w.Params != nil {
		switch w.Params.Kind() {
		case '{', '[':
			req.params = json.RawMessage(w.Params)
		case 'n': // null: some clients send it for "no params"
		default:
			return req, errBadParams
		}
	}
	return req, nil
}

// readOptions are how the transport reads a request: any text
// encoding/json takes for JSON is JSON here too (a frame's bytes are
// valid UTF-8 already; a lone surrogate escape is a handler's to judge).
var readOptions = jsonv2.JoinOptions(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// members calls fn with the name and the value of each member of the
// JSON object obj, in order, names unescaped and compared by nobody:
// "ID" is not "id". Text that is not one JSON object is an error.
func members(obj []byte, fn func(name string, value jsontext.Value)) error {
	dec := jsontext.NewDecoder(bytes.NewReader(obj), readOptions)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return errNotAnObject
	}
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		name := tok.String()
		value, err := dec.ReadValue()
		if err != nil {
			return err
		}
		fn(name, value)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return errNotAnObject
	}
	return nil
}

var errNotAnObject = errors.New("rpc: not a JSON object")

// wireRequest is the protocol's members of a request object, as written.
type wireRequest struct {
	JSONRPC, Method, Params, ID jsontext.Value
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

// handleFrame answers one frame, a request or a batch, from peer,
// appending the reply line (with its newline) to out. Nothing is appended
// when the frame holds only notifications.
func (s *Server) handleFrame(ctx context.Context, peer Peer, frame []byte, out *bytes.Buffer) {
	frame = trimSpace(frame)
	if len(frame) == 0 {
		return
	}
	if err := s.frameError(frame); err != nil {
		s.protocolErrorLine(out, err)
		return
	}
	if frame[0] == '[' {
		s.handleBatch(ctx, peer, frame, out)
		return
	}
	mark := out.Len()
	s.handleOne(ctx, peer, frame, out)
	if out.Len() > mark {
		out.WriteByte('\n')
	}
}

// frameError says what makes a frame unreadable before any decoder sees
// it, or returns nil: text that is not UTF-8, or nesting deeper than the
// limit, which the pre-scan refuses for a frame of 100,000 brackets in
// microseconds. Whether it is JSON at all the decoding that follows
// finds out (errNotJSON).
func (s *Server) frameError(frame []byte) *codedError {
	switch {
	case !utf8.Valid(frame):
		return errNotUTF8
	case tooDeep(frame, s.cfg.MaxDepth):
		return errTooDeep(s.cfg.MaxDepth)
	}
	return nil
}

// answerRequest answers one request read from a frame of its own,
// appending its reply line to out.
func (s *Server) answerRequest(ctx context.Context, peer Peer, req request, out *bytes.Buffer) {
	mark := out.Len()
	s.call(ctx, peer, req, out)
	if out.Len() > mark {
		out.WriteByte('\n')
	}
}

func (s *Server) protocolErrorLine(out *bytes.Buffer, e *codedError) {
	appendError(out, nullID, s.protocolError(e))
	out.WriteByte('\n')
}

// protocolError builds the reply to a frame that is not a valid request.
// It gets a request id like any call, and the id goes to the debug log, so
// that a client's bug report can be matched with what the server saw.
func (s *Server) protocolError(e *codedError) *Error {
	reqID := NewRequestID()
	s.log.Debug("refused a malformed frame", "request_id", reqID, "code", e.code, "reason", e.english())
	return wireError(e, s.cfg.DefaultLocale, reqID, s.cfg.Localize)
}

// handleBatch answers a batch. Its calls run concurrently on up to
// MaxInFlight workers; each reply keeps its request's id, and the reply
// array holds them in request order (the specification allows any).
func (s *Server) handleBatch(ctx context.Context, peer Peer, frame []byte, out *bytes.Buffer) {
	var items []jsontext.Value
	if err := jsonv2.Unmarshal(frame, &items, readOptions); err != nil {
		s.protocolErrorLine(out, errNotJSON)
		return
	}
	switch n := len(items); {
	case n == 0:
		s.protocolErrorLine(out, errEmptyBatch)
		return
	case n > s.cfg.MaxBatch:
		s.protocolErrorLine(out, errBatchTooLarge(n, s.cfg.MaxBatch))
		return
	}

	replies := make([]*bytes.Buffer, len(items))
	// The replies' budget: a reply that would pass it is dropped, and
	// from then on no call of the batch runs.
	var used atomic.Int64
	var spent atomic.Bool
	limit := int64(s.cfg.MaxBatchReplyBytes)
	answer := func(i int) {
		defer s.survive("answering a batch entry")
		b := getBuffer()
		if !spent.Load() {
			s.handleOne(ctx, peer, items[i], b)
			if n := int64(b.Len()); used.Add(n) > limit {
				used.Add(-n)
				spent.Store(true)
				b.Reset()
				s.refuseTooLarge(items[i], b)
			}
		} else {
			s.refuseTooLarge(items[i], b)
		}
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

// refuseTooLarge answers a batch entry past the batch's reply budget
// with TOO_LARGE, without running it: nothing for a notification, the
// usual error for an entry that is not a valid request.
func (s *Server) refuseTooLarge(raw []byte, out *bytes.Buffer) {
	req, perr := parseRequest(raw)
	switch {
	case perr != nil:
		id := req.id
		if id == nil {
			id = nullID
		}
		appendError(out, id, s.protocolError(perr))
	case req.id != nil:
		appendError(out, req.id, wireError(errBatchReplyTooLarge(s.cfg.MaxBatchReplyBytes), s.cfg.DefaultLocale, NewRequestID(), s.cfg.Localize))
	}
}

// handleOne answers one request object, appending its reply object (no
// newline) to out, or nothing for a notification.
func (s *Server) handleOne(ctx context.Context, peer Peer, raw []byte, out *bytes.Buffer) {
	req, perr := parseRequest(raw)
	if perr != nil {
		id := req.id
		if id == nil {
			id = nullID
		}
		appendError(out, id, s.protocolError(perr))
		return
	}
	s.call(ctx, peer, req, out)
}

// call runs one valid request: envelope, method lookup, authorization,
// handler, reply and the OnCall report.
func (s *Server) call(ctx context.Context, peer Peer, req request, out *bytes.Buffer) {
	start := time.Now()
	notification := req.id == nil
	call, envErr := s.envelope(ctx, peer, req.params)
	m := s.methods[req.method]

	if m == nil {
		// The caller chose the name: it reaches the reply and the log
		// only cut short.
		req.method = clipMethodName(req.method)
	}

	var result any
	var failure ErrCoder
	switch {
	case m == nil:
		failure = errMethodNotFound(req.method)
	case envErr != nil:
		failure = errorFromHandler(envErr)
	default:
		if m.Capability != "" {
			if err := s.cfg.Authorize(call.Context, m.Capability); err != nil {
				failure = errorFromHandler(err)
				break
			}
		}
		result, failure = s.run(m, call)
	}

	if failure == nil && !notification {
		mark := out.Len()
		if err := encodeResult(out, req.id, result, s.cfg.MaxReplyBytes); err == errReplyOverLimit {
			out.Truncate(mark)
			s.log.Warn("a reply past the limit was not sent", "method", req.method, "req_id", call.ReqID, "limit", s.cfg.MaxReplyBytes)
			failure = errReplyTooLarge(s.cfg.MaxReplyBytes)
		} else if err != nil {
			out.Truncate(mark)
			s.log.Error("encoding a result failed", "method", req.method, "req_id", call.ReqID, "err", err)
			failure = errorFromHandler(err)
		}
	}
	var wire *Error
	if failure != nil {
		wire = wireError(failure, call.Locale, call.ReqID, s.cfg.Localize)
		if !notification {
			appendError(out, req.id, wire)
		}
	}
	if s.cfg.OnCall != nil {
		info := CallInfo{Method: req.method, ReqID: call.ReqID, UserID: call.UserID,
			Latency: time.Since(start), Notification: notification}
		if wire != nil {
			info.ErrorCode = wire.CodeName()
		}
		s.cfg.OnCall(info)
	}
}

// MaxMethodNameBytes is the most of an unknown method's name that
// reaches an error reply or CallInfo (the event log). Every method the
// daemon serves has a shorter name.
const MaxMethodNameBytes = 64

// clipMethodName cuts name to at most MaxMethodNameBytes of valid UTF-8,
// ending in "…" when it was cut.
func clipMethodName(name string) string {
	if len(name) <= MaxMethodNameBytes && utf8.ValidString(name) {
		return name
	}
	const ellipsis = "…"
	if len(name) > 4*MaxMethodNameBytes {
		name = name[:4*MaxMethodNameBytes] // enough to fill the cut, whatever is invalid in it
	}
	name = strings.ToValidUTF8(name, "\uFFFD")
	if len(name) <= MaxMethodNameBytes {
		return name
	}
	cut := MaxMethodNameBytes - len(ellipsis)
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + ellipsis
}

// envelope runs Config.Envelope and fills in what it left empty. The
// call is complete even when the envelope is refused, so that the error
// reply is localized and carries a request id.
func (s *Server) envelope(ctx context.Context, peer Peer, params json.RawMessage) (Call, error) {
	call := Call{Params: params}
	var err error
	if s.cfg.Envelope != nil {
		call, err = s.cfg.Envelope(ctx, params, peer)
	}
	if call.Context == nil {
		call.Context = ctx
	}
	if call.ReqID == "" {
		call.ReqID = NewRequestID()
	}
	if call.Locale == "" {
		call.Locale = s.cfg.DefaultLocale
	}
	return call, err
}

// run calls the handler. A panic is an internal error of this call only:
// it is logged with its stack and the connection goes on serving.
func (s *Server) run(m *Method, call Call) (result any, failure ErrCoder) {
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("handler panicked", "method", m.Name, "req_id", call.ReqID,
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			result, failure = nil, errorFromHandler(fmt.Errorf("panic in %s: %v", m.Name, p))
		}
	}()
	res, err := m.Handler(call.Context, call.Params)
	if err != nil {
		ec := errorFromHandler(err)
		if rpcCode(ec) == CodeInternalError {
			// The client gets a generic message; the cause is only here.
			s.log.Error("handler failed", "method", m.Name, "req_id", call.ReqID, "err", err)
		}
		return nil, ec
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

// NewRequestID makes a 32-digit id for calls without one: the time in
// nanoseconds, then 64 random bits. It only has to tell calls apart, so
// the runtime's fast generator is enough; the time comes first because
// rows indexed by request id (audit_log.req_id, Hosha2 jobs) are then
// added at the end of their index instead of at a random page of it, and
// a random page per durable plan was a large share of ai.execute's writes.
func NewRequestID() string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(time.Now().UnixNano()))
	binary.BigEndian.PutUint64(b[8:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// encodeResult is appendResult that also survives a result whose
// MarshalJSON panics: encoding/json does not recover those, and the
// result belongs to the handler, so it is the handler's failure.
//
// A reply longer than limit bytes is errReplyOverLimit: a
// json.RawMessage result is refused by its length before it is copied;
// others are measured once encoded (encoding/json builds a value whole
// before writing it), and the caller drops the text.
func encodeResult(out *bytes.Buffer, id []byte, result any, limit int) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic while encoding the result: %v", p)
		}
	}()
	if r, ok := result.(json.RawMessage); ok && len(r) > limit {
		return errReplyOverLimit
	}
	mark := out.Len()
	if err := appendResult(out, id, result); err != nil {
		return err
	}
	if out.Len()-mark > limit {
		return errReplyOverLimit
	}
	return nil
}

var errReplyOverLimit = errors.New("rpc: the reply is past the limit")

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
