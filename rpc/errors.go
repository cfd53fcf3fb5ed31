package rpc

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Standard JSON-RPC 2.0 error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)

// Server error codes the transport answers with itself. They are part of
// the codes docs/API.md publishes; the application's own errors choose
// theirs through ErrCoder.
const (
	CodeForbidden   = -32001 // the peer may not use the socket
	CodeCancelled   = -32008 // a handler returned context.Canceled
	CodeTimeout     = -32009 // a handler returned context.DeadlineExceeded
	CodeUnavailable = -32015 // too many connections
	CodeTooLarge    = -32016 // a reply, or a batch's replies, past the server's limit
)

// ErrCoder is how an application error chooses the error object a client
// gets: a handler's error that is, or wraps, an ErrCoder is sent with the
// number Codes gives its ErrorCode name. Any other error is an internal
// error with a generic message, so that internals never reach a client;
// the error itself goes to Config.ErrorLog.
//
// An ErrCoder may also implement
//
//	ErrorMessage() (format string, args []any) // the message: an English fmt format and its arguments
//	ErrorItems() map[string]any                // more items of error.data
//
// The message is written in the caller's locale by Config.Localize for
// error.message, and in both languages in error.data. Without it,
// error.data holds the code's name and the request id, and the message
// is Error(). The transport adds "error", "message_fa",
// "message_en" and "request_id" to the items, which can overwrite none
// of them; the map an error returns is not kept or changed.
type ErrCoder interface {
	error
	ErrorCode() string
}

type messager interface {
	ErrorMessage() (format string, args []any)
}

// Localizer writes a message, an English fmt format and its arguments,
// in a locale (fa_IR or en_US).
type Localizer func(locale, format string, args []any) string

// English is the Localizer of a server given none: the English text in
// every locale.
func English(_, format string, args []any) string { return fmt.Sprintf(format, args...) }

// errorTexts are ec's message in English and in Persian, and whether it
// has one.
func errorTexts(ec ErrCoder, localize Localizer) (en, fa string, ok bool) {
	m, ok := ec.(messager)
	if !ok {
		return "", "", false
	}
	if localize == nil {
		localize = English
	}
	format, args := m.ErrorMessage()
	return localize("en_US", format, args), localize("fa_IR", format, args), true
}

type itemser interface{ ErrorItems() map[string]any }

// Codes is the one table of the error codes clients see: each code's
// name, as error.data["error"] carries it, and its JSON-RPC number. The
// numbers are published in docs/API.md; the PHP shim and the CLI depend
// on them. INVALID_PARAMS and INTERNAL are the specification's own codes,
// the others are in its server-error range.
var Codes = map[string]int{
	"INVALID_PARAMS":     -32602,
	"INTERNAL":           -32603,
	"FORBIDDEN":          -32001,
	"NOT_FOUND":          -32002,
	"INVALID_PLAN":       -32003,
	"CONFLICT":           -32004,
	"UNDO_CONFLICT":      -32005,
	"ALREADY_UNDONE":     -32006,
	"RATE_LIMIT":         -32007,
	"CANCELLED":          -32008,
	"TIMEOUT":            -32009,
	"MODEL_LIMIT":        -32010,
	"SCHEMA_INVALID":     -32011,
	"UNSAFE_OUTPUT":      -32012,
	"OPENAI_UNAVAILABLE": -32013,
	"DIFF_APPLY_FAIL":    -32014,
	"UNAVAILABLE":        -32015,
	"TOO_LARGE":          -32016,
	"INVALID_SUBMISSION": -32017,
	"FORM_CLOSED":        -32018,
}

// CodeNumber is the JSON-RPC number of a code's name; an unknown name is
// an internal error's.
func CodeNumber(name string) int {
	if n, ok := Codes[name]; ok {
		return n
	}
	return CodeInternalError
}

// Error is a JSON-RPC error object as it travels on the wire. Data holds
// the code's name under "error", the message in both languages, the
// request id and any extra items of the application's error.
type Error struct {
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Data    map[string]any `json:"data,omitempty"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("rpc error %d (%s): %s", e.Code, e.CodeName(), e.Message)
}

// CodeName returns the code's name the server put in error.data
// ("NOT_FOUND", "RATE_LIMIT", …). An error without one is named after the
// codes this package defines, and INTERNAL otherwise.
func (e *Error) CodeName() string {
	if s, ok := e.Data["error"].(string); ok && s != "" {
		return s
	}
	return codeName(e.Code)
}

// MessageIn returns the error's message in locale when the server sent both
// languages, and the message as sent otherwise.
func (e *Error) MessageIn(locale string) string {
	key := "message_en"
	if isPersian(locale) {
		key = "message_fa"
	}
	if s, ok := e.Data[key].(string); ok && s != "" {
		return s
	}
	return e.Message
}

// Names of the codes the transport answers with, as error.data["error"]
// carries them. Protocol errors have no name of their own: they take the
// nearest one, so that a client branching on names (the PHP shim choosing
// an HTTP status) treats them sensibly.
const (
	nameInvalidParams = "INVALID_PARAMS"
	nameNotFound      = "NOT_FOUND"
	nameInternal      = "INTERNAL"
)

func codeName(code int) string {
	switch code {
	case CodeParseError, CodeInvalidRequest:
		return nameInvalidParams
	case CodeMethodNotFound:
		return nameNotFound
	}
	for name, n := range Codes {
		if n == code {
			return name
		}
	}
	return nameInternal
}

// codedError is an error of the transport itself: its message is an
// English fmt format and its arguments, which Config.Localize writes in
// the caller's language like the application's. It is an ErrCoder like
// the application's errors.
type codedError struct {
	code   int
	format string
	args   []any
	data   map[string]any
	cause  error // for the logs only
}

func newError(code int, format string, args ...any) *codedError {
	return &codedError{code: code, format: format, args: args}
}

// english is the message in English, for logs.
func (e *codedError) english() string { return fmt.Sprintf(e.format, e.args...) }

func (e *codedError) Error() string {
	if e.cause != nil {
		return codeName(e.code) + ": " + e.english() + ": " + e.cause.Error()
	}
	return codeName(e.code) + ": " + e.english()
}

func (e *codedError) Unwrap() error { return e.cause }

// RPCCode is the error's exact number: the protocol's own errors (parse
// error, invalid request, method not found) have no name of their own.
func (e *codedError) RPCCode() int { return e.code }

func (e *codedError) ErrorCode() string { return codeName(e.code) }

func (e *codedError) ErrorMessage() (string, []any) { return e.format, e.args }

func (e *codedError) ErrorItems() map[string]any { return e.data }

// with returns a copy of e carrying one more data item.
func (e *codedError) with(key string, value any) *codedError {
	c := *e
	c.data = make(map[string]any, len(e.data)+1)
	for k, v := range e.data {
		c.data[k] = v
	}
	c.data[key] = value
	return &c
}

// isPersian reports whether locale asks for Persian text.
func isPersian(locale string) bool {
	return strings.HasPrefix(strings.ToLower(locale), "fa")
}

// normalizeLocale maps a locale to one of the two the messages are
// written in, Persian when none is named.
func normalizeLocale(locale string) string {
	if locale == "" || isPersian(locale) {
		return "fa_IR"
	}
	return "en_US"
}

// wireError turns an error into the error object sent to a client: the
// error's items first, then its code's name, its messages and the request
// id, which the items can never overwrite.
func wireError(ec ErrCoder, locale, reqID string, localize Localizer) *Error {
	data := ErrorData(ec, localize)
	msg := ec.Error()
	if en, fa, ok := errorTexts(ec, localize); ok {
		msg = en
		if isPersian(locale) && fa != "" {
			msg = fa
		}
	}
	data["request_id"] = reqID
	return &Error{Code: rpcCode(ec), Message: msg, Data: data}
}

// ErrorData is error.data of ec without the request id: its items, then
// its code's name under "error" and its messages under "message_fa" and
// "message_en", which the items can never overwrite. A result that
// reports an error in a member of its own (a probe's) uses it too.
func ErrorData(ec ErrCoder, localize Localizer) map[string]any {
	var items map[string]any
	if it, ok := ec.(itemser); ok {
		items = it.ErrorItems()
	}
	data := make(map[string]any, len(items)+4)
	for k, v := range items {
		data[k] = v
	}
	data["error"] = ec.ErrorCode()
	if en, fa, ok := errorTexts(ec, localize); ok {
		data["message_fa"], data["message_en"] = fa, en
	}
	return data
}

// rpcCode is the number ec is sent with.
func rpcCode(ec ErrCoder) int {
	if n, ok := ec.(interface{ RPCCode() int }); ok {
		return n.RPCCode()
	}
	return CodeNumber(ec.ErrorCode())
}

var (
	errCancelled = newError(CodeCancelled, "the call was cancelled")
	errTimedOut  = newError(CodeTimeout, "the call took too long and was stopped")
	errInternal  = newError(CodeInternalError, "internal error; the details are in the daemon log")
)

// errorFromHandler maps whatever a handler returned to the error the
// client gets. Cancellation and deadlines are recognised even when a
// handler returns them bare, because the caller can act on them (retry,
// raise a timeout).
func errorFromHandler(err error) ErrCoder {
	var ec ErrCoder
	switch {
	case errors.As(err, &ec):
		return ec
	case errors.Is(err, context.Canceled):
		c := *errCancelled
		c.cause = err
		return &c
	case errors.Is(err, context.DeadlineExceeded):
		c := *errTimedOut
		c.cause = err
		return &c
	}
	c := *errInternal
	c.cause = err
	return &c
}

// Protocol errors. Their messages name the problem precisely because the
// people reading them are writing a client.

var (
	errNotJSON      = newError(CodeParseError, "parse error: the request is not valid JSON")
	errNotUTF8      = newError(CodeParseError, "parse error: the request is not valid UTF-8 text")
	errEmptyBatch   = newError(CodeInvalidRequest, "invalid request: the batch is empty")
	errNotObject    = newError(CodeInvalidRequest, "invalid request: a request must be a JSON object")
	errBadVersion   = newError(CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	errBadMethod    = newError(CodeInvalidRequest, `invalid request: "method" must be a string`)
	errBadParams    = newError(CodeInvalidRequest, `invalid request: "params" must be an object or an array`)
	errBadID        = newError(CodeInvalidRequest, `invalid request: "id" must be a string, a number or null`)
	errDuplicate    = newError(CodeInvalidRequest, "invalid request: a member appears twice in the request")
	errNoMethod     = newError(CodeInvalidRequest, `invalid request: the request has no "method"`)
	errParamsShape  = newError(CodeInvalidParams, "params must be a JSON object")
	errBusy         = newError(CodeUnavailable, "the daemon is serving too many connections; try again shortly")
	errPeerRejected = newError(CodeForbidden, "this user is not allowed to use the arshlined socket")
)

func errTooDeep(limit int) *codedError {
	return newError(CodeParseError, "parse error: the request nests deeper than %d levels", limit)
}

func errOversizedFrame(limit int) *codedError {
	return newError(CodeInvalidRequest, "invalid request: the request is larger than %d bytes; the connection will be closed", limit)
}

func errBatchTooLarge(n, limit int) *codedError {
	return newError(CodeInvalidRequest, "invalid request: the batch holds %d requests; at most %d are allowed", n, limit)
}

func errReplyTooLarge(limit int) *codedError {
	return newError(CodeTooLarge, "the reply would be larger than %d bytes; ask for less at once", limit).with("limit_bytes", limit)
}

func errBatchReplyTooLarge(limit int) *codedError {
	return newError(CodeTooLarge, "the replies to this batch would pass %d bytes; this call was not answered, send it in another batch", limit).with("limit_bytes", limit)
}

func errMethodNotFound(name string) *codedError {
	return newError(CodeMethodNotFound, "method %q does not exist", name)
}
