package rpc

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// fastParams decodes the params object of a plain parameter struct in one
// walk over its members, setting strings, booleans, integers and raw
// messages directly and handing only other members to encoding/json.
// Typed used to check the members and then run encoding/json's Decoder
// over the whole object, which scanned it three times and copied it
// once: a sixth of plan.validate's cost in the daemon.
//
// It only accepts: anything it does not take plainly (an unknown or
// escaped member name, a string with escapes, a number that is not a
// plain integer, a member encoding/json refuses) makes decode report
// false, and Typed then decodes the params its strict, slower way, which
// gives the same value or the error the caller sees. FuzzFastParams
// checks that both ways agree.
type fastParams struct {
	fields map[string]fastField
}

type fastField struct {
	index int
	kind  fastKind
	bits  int // of an integer
}

type fastKind uint8

const (
	fastOther fastKind = iota // through encoding/json
	fastRaw                   // json.RawMessage: the member's text, copied
	fastString
	fastBool
	fastInt
	fastUint
)

var (
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// newFastParams returns nil when t is not a struct this decoder takes
// whole: one with its own UnmarshalJSON, embedded or untagged exported
// fields (whose names encoding/json matches regardless of case), or tag
// options that change decoding.
func newFastParams(t reflect.Type) *fastParams {
	if t.Kind() != reflect.Struct || customDecoding(t) {
		return nil
	}
	fp := &fastParams{fields: map[string]fastField{}}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			if f.Anonymous {
				return nil
			}
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if _, twice := fp.fields[name]; twice || f.Anonymous || name == "" || strings.Contains(opts, "string") {
			return nil
		}
		ff := fastField{index: i}
		switch ft := f.Type; {
		case ft == rawMessageType:
			ff.kind = fastRaw
		case customDecoding(ft):
			ff.kind = fastOther
		case ft.Kind() == reflect.String:
			ff.kind = fastString
		case ft.Kind() == reflect.Bool:
			ff.kind = fastBool
		case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Int64:
			ff.kind, ff.bits = fastInt, ft.Bits()
		case ft.Kind() >= reflect.Uint && ft.Kind() <= reflect.Uint64:
			ff.kind, ff.bits = fastUint, ft.Bits()
		}
		fp.fields[name] = ff
	}
	return fp
}

// customDecoding reports whether encoding/json would decode t, or a
// pointer to it, through the type's own methods.
func customDecoding(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Implements(jsonUnmarshalerType) || p.Implements(jsonUnmarshalerType) ||
		t.Implements(textUnmarshalerType) || p.Implements(textUnmarshalerType)
}

// decode fills *dst (a pointer to the struct) from params, a JSON object
// the server has already checked is valid JSON, and reports whether it
// could; on false *dst is partly written and must be discarded.
func (fp *fastParams) decode(params []byte, dst reflect.Value) bool {
	v := dst.Elem()
	ok := true
	err := walkMembers(params, func(key, keyLiteral, value []byte) bool {
		if len(key) != len(keyLiteral)-2 { // escaped: let encoding/json read it
			ok = false
			return false
		}
		f, found := fp.fields[string(key)]
		if !found {
			ok = false
			return false
		}
		ok = f.set(v.Field(f.index), value)
		return ok
	})
	return ok && err == nil
}

func (f fastField) set(field reflect.Value, value []byte) bool {
	switch f.kind {
	case fastRaw:
		field.SetBytes(append(json.RawMessage(nil), value...))
		return true
	case fastString:
		if s, ok := plainString(value); ok {
			field.SetString(s)
			return true
		}
	case fastBool:
		switch string(value) {
		case "true":
			field.SetBool(true)
			return true
		case "false":
			field.SetBool(false)
			return true
		}
	case fastInt:
		if plainInteger(value) {
			n, err := strconv.ParseInt(string(value), 10, f.bits)
			if err == nil {
				field.SetInt(n)
				return true
			}
		}
	case fastUint:
		if plainInteger(value) && value[0] != '-' {
			n, err := strconv.ParseUint(string(value), 10, f.bits)
			if err == nil {
				field.SetUint(n)
				return true
			}
		}
	}
	if value[0] == 'n' && f.kind != fastRaw && f.kind != fastOther {
		return string(value) == "null" // null leaves a plain field as it is
	}
	if f.kind != fastOther {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(value))
	dec.DisallowUnknownFields()
	return dec.Decode(field.Addr().Interface()) == nil
}

// plainString returns the content of a string literal with no escapes and
// nothing encoding/json would change or refuse.
func plainString(lit []byte) (string, bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", false
	}
	inner := lit[1 : len(lit)-1]
	for _, c := range inner {
		if c < 0x20 || c == '\\' || c == '"' {
			return "", false
		}
	}
	if !utf8.Valid(inner) {
		return "", false
	}
	return string(inner), true
}

// plainInteger accepts -?(0|[1-9][0-9]*), the integers JSON writes
// without a fraction or an exponent.
func plainInteger(b []byte) bool {
	if len(b) > 0 && b[0] == '-' {
		b = b[1:]
	}
	if len(b) == 0 || (b[0] == '0' && len(b) > 1) {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
