// Package domain is the small vocabulary every part of arshline-sidecar
// speaks: actors, forms, versions, plans, audit rows, jobs and the one set
// of domain error codes. It imports nothing of the project.
package domain

import (
	"errors"
	"fmt"
)

// Code is a stable domain error code. The PHP shim, the CLI and the tests
// branch on these names, so they never change once published.
type Code string

const (
	CodeInvalidParams     Code = "INVALID_PARAMS"
	CodeForbidden         Code = "FORBIDDEN"
	CodeNotFound          Code = "NOT_FOUND"
	CodeInvalidPlan       Code = "INVALID_PLAN"
	CodeConflict          Code = "CONFLICT"
	CodeUndoConflict      Code = "UNDO_CONFLICT"
	CodeAlreadyUndone     Code = "ALREADY_UNDONE"
	CodeRateLimit         Code = "RATE_LIMIT"
	CodeCancelled         Code = "CANCELLED"
	CodeTimeout           Code = "TIMEOUT"
	CodeModelLimit        Code = "MODEL_LIMIT"
	CodeSchemaInvalid     Code = "SCHEMA_INVALID"
	CodeUnsafeOutput      Code = "UNSAFE_OUTPUT"
	CodeOpenAIUnavailable Code = "OPENAI_UNAVAILABLE"
	CodeDiffApplyFail     Code = "DIFF_APPLY_FAIL"
	CodeUnavailable       Code = "UNAVAILABLE"
	CodeTooLarge          Code = "TOO_LARGE"
	// CodeInvalidSubmission: answers that need fixing; error.data.fields
	// lists each field's problem.
	CodeInvalidSubmission Code = "INVALID_SUBMISSION"
	// CodeFormClosed: the one answer for a form that takes no answers
	// (draft, disabled, closed, full), so none can be told apart.
	CodeFormClosed Code = "FORM_CLOSED"
	CodeInternal   Code = "INTERNAL"
)

// AllCodes lists every domain code, in the order of their JSON-RPC numbers.
var AllCodes = []Code{
	CodeInvalidParams, CodeForbidden, CodeNotFound, CodeInvalidPlan,
	CodeConflict, CodeUndoConflict, CodeAlreadyUndone, CodeRateLimit,
	CodeCancelled, CodeTimeout, CodeModelLimit, CodeSchemaInvalid,
	CodeUnsafeOutput, CodeOpenAIUnavailable, CodeDiffApplyFail,
	CodeUnavailable, CodeTooLarge, CodeInvalidSubmission, CodeFormClosed,
	CodeInternal,
}

// Error is a domain failure with a message in both supported languages.
// Data carries machine-readable extras (violations, step, retry_after_sec)
// that travel to the client in error.data.
type Error struct {
	Code      Code
	MessageEN string
	MessageFA string
	Data      map[string]any
	Err       error // the cause, for logs only; never sent to a client
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.MessageEN, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.MessageEN)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrorCode, ErrorMessages and ErrorItems are what the transport sends
// (rpc.ErrCoder): the code's name, whose number the transport's table
// gives, the message in both languages and the data items.
func (e *Error) ErrorCode() string { return string(e.Code) }

// ErrorMessages returns the message in English and in Persian.
func (e *Error) ErrorMessages() (en, fa string) { return e.MessageEN, e.MessageFA }

// ErrorItems returns the error's data items.
func (e *Error) ErrorItems() map[string]any { return e.Data }

// Message returns the text in the given locale (fa_IR or en_US).
func (e *Error) Message(locale string) string {
	if IsPersian(locale) && e.MessageFA != "" {
		return e.MessageFA
	}
	return e.MessageEN
}

// With returns a copy of e carrying one more data item.
func (e *Error) With(key string, value any) *Error {
	c := *e
	c.Data = make(map[string]any, len(e.Data)+1)
	for k, v := range e.Data {
		c.Data[k] = v
	}
	c.Data[key] = value
	return &c
}

// Errorf builds an Error with both messages. The Persian text is written by
// the caller, never machine-translated.
func Errorf(code Code, en, fa string) *Error {
	return &Error{Code: code, MessageEN: en, MessageFA: fa}
}

// Wrap builds an Error that keeps cause for the logs.
func Wrap(code Code, cause error, en, fa string) *Error {
	return &Error{Code: code, MessageEN: en, MessageFA: fa, Err: cause}
}

// ErrorCode returns the domain code of err, INTERNAL for anything that is
// not a domain error.
func ErrorCode(err error) Code {
	return AsError(err).Code
}

// AsError returns err as a domain error; anything else becomes INTERNAL
// with a generic message so that internals never leak to clients.
func AsError(err error) *Error {
	var de *Error
	if errors.As(err, &de) {
		return de
	}
	// Errors of other packages (the model client's among them) say for
	// themselves what the user should see.
	var dr interface{ Domain() *Error }
	if errors.As(err, &dr) {
		if d := dr.Domain(); d != nil {
			return d
		}
	}
	return Wrap(CodeInternal, err, "internal error; the details are in the daemon log", "خطای داخلی رخ داد؛ جزئیات در گزارش سرویس ثبت شده است")
}

// Commonly used errors.
var (
	ErrNotFound  = Errorf(CodeNotFound, "not found", "پیدا نشد")
	ErrForbidden = Errorf(CodeForbidden, "you do not have permission for this action", "شما مجوز انجام این کار را ندارید")
)

// NotFound reports a missing object of the given kind and id.
func NotFound(kindEN, kindFA string, id any) *Error {
	return Errorf(CodeNotFound,
		fmt.Sprintf("%s %v was not found", kindEN, id),
		fmt.Sprintf("%s %v پیدا نشد", kindFA, id))
}

// InvalidParams reports a bad request parameter by name.
func InvalidParams(en, fa string) *Error {
	return Errorf(CodeInvalidParams, en, fa)
}
