package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Handler serves one method. params is the request's params object with
// the envelope keys (actor, req_id) removed, or nil when absent.
type Handler func(ctx context.Context, params json.RawMessage) (any, error)

// Method is one row of the method table.
type Method struct {
	Name       string
	Capability string // required of the actor; "" for none
	Handler    Handler
}

// Typed adapts a function taking a params struct. Params are decoded
// strictly: an unknown key or a wrong type is INVALID_PARAMS naming it,
// so a typo never silently becomes a default.
func Typed[P any](fn func(ctx context.Context, p P) (any, error)) Handler {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p P
		if len(raw) > 0 {
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&p); err != nil {
				return nil, paramsError(err)
			}
		}
		return fn(ctx, p)
	}
}

func paramsError(err error) *domain.Error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "params"
		}
		return domain.InvalidParams(
			fmt.Sprintf("parameter %s must be %s, not %s", field, jsonKind(te.Type.Kind().String()), te.Value),
			fmt.Sprintf("پارامتر %s باید از نوع %s باشد، نه %s", field, jsonKind(te.Type.Kind().String()), te.Value))
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return domain.InvalidParams("unknown parameter "+name, "پارامتر ناشناخته: "+name)
	}
	return domain.InvalidParams("invalid params: "+msg, "پارامترها نامعتبرند: "+msg)
}

func jsonKind(goKind string) string {
	switch goKind {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	}
	return goKind
}
