// Package rpc is arshlined's JSON-RPC 2.0 transport over a Unix stream
// socket, one JSON text per line. It keeps three concerns apart, as
// jrpc2 does: framing (frame.go: bounded line reads), dispatch
// (dispatch.go: requests, batches, notifications, standard errors) and
// handlers (method.go: a table of typed methods with the capability each
// needs). It also holds the peer check, the listener and a client.
package rpc

import (
	"fmt"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Standard JSON-RPC 2.0 error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)

// domainCodes gives every domain code one fixed JSON-RPC code.
var domainCodes = map[domain.Code]int{
	domain.CodeInvalidParams:     CodeInvalidParams,
	domain.CodeInternal:          CodeInternalError,
	domain.CodeForbidden:         -32001,
	domain.CodeNotFound:          -32002,
	domain.CodeInvalidPlan:       -32003,
	domain.CodeConflict:          -32004,
	domain.CodeUndoConflict:      -32005,
	domain.CodeAlreadyUndone:     -32006,
	domain.CodeRateLimit:         -32007,
	domain.CodeCancelled:         -32008,
	domain.CodeTimeout:           -32009,
	domain.CodeModelLimit:        -32010,
	domain.CodeSchemaInvalid:     -32011,
	domain.CodeUnsafeOutput:      -32012,
	domain.CodeOpenAIUnavailable: -32013,
	domain.CodeDiffApplyFail:     -32014,
	domain.CodeUnavailable:       -32015,
}

var codeDomains = func() map[int]domain.Code {
	m := make(map[int]domain.Code, len(domainCodes))
	for d, c := range domainCodes {
		m[c] = d
	}
	return m
}()

// CodeFor returns the JSON-RPC code of a domain code.
func CodeFor(c domain.Code) int {
	if n, ok := domainCodes[c]; ok {
		return n
	}
	return CodeInternalError
}

// DomainFor returns the domain code of a JSON-RPC code; protocol errors
// (-32700, -32600, -32601) map to INVALID_PARAMS.
func DomainFor(code int) domain.Code {
	if d, ok := codeDomains[code]; ok {
		return d
	}
	switch code {
	case CodeParseError, CodeInvalidRequest, CodeMethodNotFound:
		return domain.CodeInvalidParams
	}
	return domain.CodeInternal
}

// Error is an error object as it travels on the wire.
type Error struct {
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Data    map[string]any `json:"data,omitempty"`
}

func (e *Error) Error() string {
	if code, ok := e.Data["error"].(string); ok {
		return fmt.Sprintf("%s (%d): %s", code, e.Code, e.Message)
	}
	return fmt.Sprintf("rpc error %d: %s", e.Code, e.Message)
}

// DomainCode returns the domain code the server put in data.error, or
// the one implied by the numeric code.
func (e *Error) DomainCode() domain.Code {
	if s, ok := e.Data["error"].(string); ok && s != "" {
		return domain.Code(s)
	}
	return DomainFor(e.Code)
}

// wireError builds the error object for a domain error, in the locale.
func wireError(de *domain.Error, locale, reqID string) *Error {
	data := make(map[string]any, len(de.Data)+4)
	for k, v := range de.Data {
		data[k] = v
	}
	data["error"] = string(de.Code)
	data["message_fa"] = de.MessageFA
	data["message_en"] = de.MessageEN
	data["request_id"] = reqID
	return &Error{Code: CodeFor(de.Code), Message: de.Message(locale), Data: data}
}

// protocolError builds a standard error that has no domain meaning
// beyond "your request was malformed".
func protocolError(code int, en, fa, locale string) *Error {
	dcode := DomainFor(code)
	msg := en
	if domain.IsPersian(locale) {
		msg = fa
	}
	return &Error{Code: code, Message: msg, Data: map[string]any{
		"error": string(dcode), "message_fa": fa, "message_en": en,
	}}
}

// protocolErrorDomain sends a domain error before any request was read
// (connection refused by a limit or the peer check).
func protocolErrorDomain(de *domain.Error, locale string) *Error {
	return wireError(de, locale, "")
}

func unavailable() *domain.Error {
	return domain.Errorf(domain.CodeUnavailable,
		"the daemon has too many connections; try again shortly",
		"تعداد اتصال‌ها به سرویس بیش از حد است؛ کمی بعد دوباره تلاش کنید")
}

func forbiddenPeer() *domain.Error {
	return domain.Errorf(domain.CodeForbidden,
		"this user or group may not connect to the daemon (peer check)",
		"این کاربر یا گروه اجازهٔ اتصال به سرویس را ندارد (بررسی هویت فرایند)")
}
