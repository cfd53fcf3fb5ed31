package rpc

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

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

// domainCodes is the one mapping of domain codes to wire codes. The numbers
// are published in API.md; the PHP shim and the CLI depend on them.
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

var wireCodes = func() map[int]domain.Code {
	m := make(map[int]domain.Code, len(domainCodes)+3)
	for d, w := range domainCodes {
		m[w] = d
	}
	// Protocol errors have no domain code of their own; these are the
	// nearest ones, so that a client branching on domain codes (the PHP shim
	// choosing an HTTP status) treats them sensibly.
	m[CodeParseError] = domain.CodeInvalidParams
	m[CodeInvalidRequest] = domain.CodeInvalidParams
	m[CodeMethodNotFound] = domain.CodeNotFound
	return m
}()

// CodeFor returns the JSON-RPC error code of a domain code. An unknown
// domain code is reported as an internal error.
func CodeFor(code domain.Code) int {
	if c, ok := domainCodes[code]; ok {
		return c
	}
	return CodeInternalError
}

// DomainCodeFor is the inverse of CodeFor. The protocol codes map to the
// nearest domain code (parse error and invalid request to INVALID_PARAMS,
// method not found to NOT_FOUND); an unknown code maps to INTERNAL.
func DomainCodeFor(code int) domain.Code {
	if d, ok := wireCodes[code]; ok {
		return d
	}
	return domain.CodeInternal
}

// Error is a JSON-RPC error object as it travels on the wire. Data holds the
// domain code under "error", both messages, the request id and any extra
// items of the domain error.
type Error struct {
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Data    map[string]any `json:"data,omitempty"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("rpc error %d (%s): %s", e.Code, e.DomainCode(), e.Message)
}

// DomainCode returns the domain code the server put in error.data, or the
// one CodeFor maps to when the data does not name one.
func (e *Error) DomainCode() domain.Code {
	if s, ok := e.Data["error"].(string); ok && s != "" {
		return domain.Code(s)
	}
	return DomainCodeFor(e.Code)
}

// MessageIn returns the error's message in locale when the server sent both
// languages, and the message as sent otherwise.
func (e *Error) MessageIn(locale string) string {
	key := "message_en"
	if domain.IsPersian(locale) {
		key = "message_fa"
	}
	if s, ok := e.Data[key].(string); ok && s != "" {
		return s
	}
	return e.Message
}

// wireError turns a domain error into the error object sent to a client.
// Data items of the domain error come first so that they can never
// overwrite the keys the contract fixes.
func wireError(de *domain.Error, code int, locale, reqID string) *Error {
	data := make(map[string]any, len(de.Data)+4)
	for k, v := range de.Data {
		data[k] = v
	}
	data["error"] = string(de.Code)
	data["message_fa"] = de.MessageFA
	data["message_en"] = de.MessageEN
	data["request_id"] = reqID
	return &Error{Code: code, Message: de.Message(locale), Data: data}
}

// errorFromHandler maps whatever a handler returned to a domain error.
// Cancellation and deadlines are recognised even when a handler returns
// them bare, because the caller can act on them (retry, raise a timeout).
func errorFromHandler(err error) *domain.Error {
	var de *domain.Error
	switch {
	case errors.As(err, &de):
		return de
	case errors.Is(err, context.Canceled):
		return domain.Wrap(domain.CodeCancelled, err, "the call was cancelled", "درخواست لغو شد")
	case errors.Is(err, context.DeadlineExceeded):
		return domain.Wrap(domain.CodeTimeout, err, "the call took too long and was stopped", "درخواست بیش از حد طول کشید و متوقف شد")
	}
	return domain.AsError(err)
}

// Protocol errors. Their messages name the problem precisely because the
// people reading them are writing a client.

func errParse(reason, reasonFA string) *domain.Error {
	return domain.Errorf(domain.CodeInvalidParams,
		"parse error: "+reason, "خطای تجزیه: "+reasonFA)
}

var (
	errNotJSON     = errParse("the request is not valid JSON", "درخواست JSON معتبری نیست")
	errNotUTF8     = errParse("the request is not valid UTF-8 text", "درخواست متن UTF-8 معتبری نیست")
	errEmptyBatch  = errInvalidRequest("the batch is empty", "دستهٔ درخواست‌ها خالی است")
	errNotObject   = errInvalidRequest("a request must be a JSON object", "هر درخواست باید یک شیء JSON باشد")
	errBadVersion  = errInvalidRequest(`"jsonrpc" must be "2.0"`, `مقدار "jsonrpc" باید "2.0" باشد`)
	errBadMethod   = errInvalidRequest(`"method" must be a string`, `مقدار "method" باید رشته باشد`)
	errBadParams   = errInvalidRequest(`"params" must be an object or an array`, `مقدار "params" باید شیء یا آرایه باشد`)
	errBadID       = errInvalidRequest(`"id" must be a string, a number or null`, `مقدار "id" باید رشته، عدد یا null باشد`)
	errDuplicate   = errInvalidRequest("a member appears twice in the request", "یک عضو در درخواست دو بار آمده است")
	errNoMethod    = errInvalidRequest(`the request has no "method"`, `درخواست "method" ندارد`)
	errParamsShape = domain.InvalidParams("params must be a JSON object", "پارامترها باید یک شیء JSON باشند")
	errBadReqID    = domain.InvalidParams("req_id must be 6 to 32 hexadecimal characters", "req_id باید ۶ تا ۳۲ نویسهٔ هگزادسیمال باشد")
	errBadActor    = domain.InvalidParams(
		`actor must be an object with "user_id" (integer), "caps" (list of strings) and "locale" (string)`,
		`actor باید شیئی با "user_id" (عدد صحیح)، "caps" (فهرست رشته‌ها) و "locale" (رشته) باشد`)
	errBusy = domain.Errorf(domain.CodeUnavailable,
		"the daemon is serving too many connections; try again shortly",
		"سرویس در حال حاضر اتصال‌های زیادی دارد؛ کمی بعد دوباره تلاش کنید")
	errPeerRejected = domain.Errorf(domain.CodeForbidden,
		"this user is not allowed to use the arshlined socket",
		"این کاربر اجازهٔ استفاده از سوکت arshlined را ندارد")
)

func errInvalidRequest(reason, reasonFA string) *domain.Error {
	return domain.Errorf(domain.CodeInvalidParams,
		"invalid request: "+reason, "درخواست نامعتبر: "+reasonFA)
}

func errTooDeep(limit int) *domain.Error {
	return errParse(
		"the request nests deeper than "+strconv.Itoa(limit)+" levels",
		"ساختار درخواست بیش از "+faDigits(limit)+" سطح تودرتو است")
}

func errOversizedFrame(limit int) *domain.Error {
	return errInvalidRequest(
		"the request is larger than "+strconv.Itoa(limit)+" bytes; the connection will be closed",
		"اندازهٔ درخواست بیش از "+faDigits(limit)+" بایت است؛ اتصال بسته می‌شود")
}

func errBatchTooLarge(n, limit int) *domain.Error {
	return errInvalidRequest(
		"the batch holds "+strconv.Itoa(n)+" requests; at most "+strconv.Itoa(limit)+" are allowed",
		"این دسته "+faDigits(n)+" درخواست دارد؛ حداکثر "+faDigits(limit)+" درخواست مجاز است")
}

func errMethodNotFound(name string) *domain.Error {
	return domain.Errorf(domain.CodeNotFound,
		fmt.Sprintf("method %q does not exist", name),
		fmt.Sprintf("متد «%s» وجود ندارد", name))
}

// faDigits writes n with Persian digits, as Persian text shows numbers.
func faDigits(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune('۰' + (r - '0'))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
