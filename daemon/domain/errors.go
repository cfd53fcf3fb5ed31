// Package domain is the small vocabulary every part of arshline-sidecar
// speaks: actors, forms, versions, plans, audit rows, jobs and the one set
// of domain error codes. It imports nothing of the project.
package domain

import (
	"errors"
	"fmt"
	"strings"
)

// Code is a stable domain error code. The PHP shim, the CLI and the tests
// branch on these names, so they never change once published; their
// JSON-RPC numbers are the transport's (rpc.Codes, docs/API.md).
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

// Text is something said to a person: Key is the English text as a fmt
// format, which is also its key in the catalogue of every other language
// (daemon/messages), and Args are the format's arguments. A Text is
// rendered in the caller's language where it leaves the daemon; in
// English it renders itself (String), for logs. An argument that is a
// Text, or an *Error, is rendered in the same language.
type Text struct {
	Key  string
	Args []any
}

// T is the Text of key and its arguments.
func T(key string, args ...any) Text { return Text{Key: key, Args: args} }

// String is the text in English.
func (t Text) String() string { return fmt.Sprintf(English(t.Key), englishArgs(t.Args)...) }

// English is the English format of key: the key itself, or what follows
// its context when it has one. A context ("context\x04text", gettext's
// convention) keeps apart two texts that are the same in English and
// not in another language.
func English(key string) string {
	if i := strings.IndexByte(key, '\x04'); i >= 0 {
		return key[i+1:]
	}
	return key
}

// englishArgs are args as the English text formats them: an *Error
// stands for its text, without its code.
func englishArgs(args []any) []any {
	var out []any
	for i, a := range args {
		if e, ok := a.(*Error); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = e.Text()
		}
	}
	if out == nil {
		return args
	}
	return out
}

// Error is a domain failure: its code and its text, rendered in the
// caller's language where it leaves the daemon. Data carries
// machine-readable extras (violations, step, retry_after_sec) that travel
// to the client in error.data.
type Error struct {
	Code Code
	Key  string // the English text as a fmt format, the catalogues' key
	Args []any
	Data map[string]any
	Err  error // the cause, for logs only; never sent to a client
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Text(), e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Text())
}

func (e *Error) Unwrap() error { return e.Err }

// Text is what the error says to a person.
func (e *Error) Text() Text { return Text{Key: e.Key, Args: e.Args} }

// ErrorCode, ErrorMessage and ErrorItems are what the transport sends
// (rpc.ErrCoder): the code's name, whose number the transport's table
// gives, the message's key and arguments, which the transport renders in
// the caller's language, and the data items.
func (e *Error) ErrorCode() string { return string(e.Code) }

// ErrorMessage returns the message's key and arguments.
func (e *Error) ErrorMessage() (key string, args []any) { return e.Key, e.Args }

// ErrorItems returns the error's data items.
func (e *Error) ErrorItems() map[string]any { return e.Data }

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

// Errorf builds an Error saying key, an English fmt format whose Persian
// text is the catalogue's (daemon/messages), written by a person, never
// machine-translated.
func Errorf(code Code, key string, args ...any) *Error {
	return &Error{Code: code, Key: key, Args: args}
}

// Wrap builds an Error that keeps cause for the logs.
func Wrap(code Code, cause error, key string, args ...any) *Error {
	return &Error{Code: code, Key: key, Args: args, Err: cause}
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
	return Wrap(CodeInternal, err, "internal error; the details are in the daemon log")
}

// Commonly used errors.
var (
	ErrNotFound  = Errorf(CodeNotFound, "not found")
	ErrForbidden = Errorf(CodeForbidden, "you do not have permission for this action")
)

// InvalidParams reports a bad request parameter.
func InvalidParams(key string, args ...any) *Error {
	return Errorf(CodeInvalidParams, key, args...)
}

// Both is a text someone wrote in both languages, the English and the
// Persian, which a Text takes as an argument: a document violation's or
// an answer's message, which travel in error.data in both languages.
type Both struct{ EN, FA string }

// String is the English text.
func (b Both) String() string { return b.EN }
