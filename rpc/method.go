package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Handler serves one method. params is the request's params as sent, or
// as Config.Envelope passed them on; it is nil when the request had none.
// The result is encoded with encoding/json; an error reaches the client
// as ErrCoder describes.
type Handler func(ctx context.Context, params json.RawMessage) (any, error)

// Method is one row of the method table.
type Method struct {
	Name string
	// Capability is what the caller must hold, as Config.Authorize
	// decides; "" lets every peer that passed the socket's checks call
	// the method.
	Capability string
	Handler    Handler
	// Inline marks a method that only computes or reads, in bounded time:
	// a connection with nothing else in flight runs it on its reader
	// goroutine. A synchronous client (the PHP shim) then pays no
	// goroutine hand-off per call, which is most of a quick call's
	// latency. Methods that wait on a model or on a durable commit stay
	// concurrent, so a pipelining client is never held behind them.
	Inline bool
}

// Typed adapts a function taking a parameter struct. Params are decoded
// strictly, so that a misspelt key is an error rather than a silent
// default: an unknown member, a member in another case than its json tag
// ("ID" for "id"), a member given twice or a wrong type is an
// invalid-params error naming the member, in both languages. Absent
// params decode as the zero P; params must otherwise be an object.
func Typed[P any](fn func(ctx context.Context, p P) (any, error)) Handler {
	return func(ctx context.Context, params json.RawMessage) (any, error) {
		var p P
		params = trimSpace(params)
		if len(params) == 0 || string(params) == "null" {
			return fn(ctx, p)
		}
		if params[0] != '{' {
			return nil, errParamsShape
		}
		if err := jsonv2.Unmarshal(params, &p, paramsOptions); err != nil {
			return nil, paramsError(err)
		}
		return fn(ctx, p)
	}
}

// paramsOptions read params strictly: names exactly as tagged (the
// default), each at most once (the default), none unknown.
var paramsOptions = jsonv2.RejectUnknownMembers(true)

func errUnknownParam(name string) *codedError {
	return newError(CodeInvalidParams, "unknown parameter %q", name).with("param", name)
}

// paramsError explains a decoding failure in terms of the request, never
// of Go types.
func paramsError(err error) error {
	var ec ErrCoder
	if errors.As(err, &ec) {
		return ec // a parameter type's own UnmarshalJSON said what is wrong
	}
	var se *jsonv2.SemanticError
	var syn *jsontext.SyntacticError
	switch {
	case errors.As(err, &se) && se.Err == jsonv2.ErrUnknownName:
		return errUnknownParam(se.JSONPointer.LastToken())
	case errors.As(err, &se) && se.GoType != nil && (se.Err == nil || errors.Is(se.Err, strconv.ErrRange) || errors.Is(se.Err, strconv.ErrSyntax)):
		// A value of the wrong kind, or a number out of the type's range;
		// an error of a parameter type's own method is told as it is.
		field := paramPath(se.JSONPointer)
		return wrongKind(field, se.GoType).with("param", field)
	case errors.As(err, &syn) && syn.Err == jsontext.ErrDuplicateName:
		name := syn.JSONPointer.LastToken()
		return newError(CodeInvalidParams, "parameter %q is given twice", name).with("param", name)
	}
	e := newError(CodeInvalidParams, "the parameters could not be read: %s", err.Error())
	e.cause = err
	return e
}

// paramPath names the member a JSON Pointer leads to as a dotted path of
// member names ("document.fields"); array positions are left out.
func paramPath(p jsontext.Pointer) string {
	var names []string
	for tok := range p.Tokens() {
		if _, err := strconv.Atoi(tok); err != nil {
			names = append(names, tok)
		}
	}
	if len(names) == 0 {
		return "params"
	}
	return strings.Join(names, ".")
}

// wrongKind is the error of a parameter whose value is not of the JSON
// kind its Go type reads.
func wrongKind(field string, t reflect.Type) *codedError {
	if t == nil {
		return newError(CodeInvalidParams, "parameter %q must be a different type", field)
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return newError(CodeInvalidParams, "parameter %q must be an integer", field)
	case reflect.Float32, reflect.Float64:
		return newError(CodeInvalidParams, "parameter %q must be a number", field)
	case reflect.String:
		return newError(CodeInvalidParams, "parameter %q must be a string", field)
	case reflect.Bool:
		return newError(CodeInvalidParams, "parameter %q must be true or false", field)
	case reflect.Slice, reflect.Array:
		return newError(CodeInvalidParams, "parameter %q must be an array", field)
	case reflect.Map, reflect.Struct:
		return newError(CodeInvalidParams, "parameter %q must be an object", field)
	}
	return newError(CodeInvalidParams, "parameter %q must be a different type", field)
}
