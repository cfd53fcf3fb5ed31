// Package schematest checks documents against the contracts' JSON Schemas
// in tests: each contract validates by hand, and its tests hold the
// published schema to agree with it. Failures become schema.* violations
// in the contracts' own shape, so both can be compared.
package schematest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Compile compiles one self-contained JSON Schema document (draft
// 2020-12 unless its $schema names another). name only identifies the
// schema in error messages.
func Compile(name string, schema []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("schema %s is not JSON: %w", name, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, doc); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	s, err := c.Compile(name)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return s, nil
}

var englishPrinter = message.NewPrinter(language.English)

// Violations validates doc (as contract.Decode returns it) against s and
// turns every failure into a schema.* violation with a JSON contract.Pointer path
// and a message in the locale. A missing property is reported at the
// property's own path, an extra property once per key, and a failed
// anyOf/oneOf once at its place instead of once per alternative (the
// alternatives' complaints contradict each other and help nobody). Step is
// left empty: only the contract knows what a step is.
//
// A number beyond any float64 (more than maxNumberDigits digits or an
// exponent past ±maxExponent) is reported as schema.invalid and checked
// as if it were a large or tiny ordinary number: the schema library
// expands numbers exactly, and 1e999999999 would take it minutes.
func Violations(s *jsonschema.Schema, doc any, locale string) []contract.Violation {
	var out []contract.Violation
	doc, _ = tameNumbers(doc, "", locale, &out)
	err := s.Validate(doc)
	if err == nil {
		return out
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []contract.Violation{{Rule: contract.RuleSchemaInvalid, Severity: contract.SeverityError, Message: contract.Msg(locale, domain.T("the document against its schema\x04%s", err.Error()))}}
	}
	collectSchemaErrors(verr, locale, &out)
	return out
}

const (
	maxExponent     = 400
	maxNumberLength = 400
)

// tameNumbers returns doc with every number too large for the schema
// library replaced by its nearest float64, reporting those beyond float64
// range; doc itself is not modified. changed is false when nothing was
// replaced, and then doc is returned as is.
func tameNumbers(doc any, at, locale string, out *[]contract.Violation) (tamed any, changed bool) {
	switch v := doc.(type) {
	case json.Number:
		tame, wild, outOfRange := tameNumber(v)
		if outOfRange {
			*out = append(*out, contract.Violation{Rule: contract.RuleSchemaInvalid, Severity: contract.SeverityError, Path: at,
				Message: contract.Msg(locale, domain.T("the number is beyond any usable value"))})
		}
		return tame, wild
	case map[string]any:
		var copied map[string]any
		for k, e := range v {
			if t, ch := tameNumbers(e, at+contract.Pointer(k), locale, out); ch {
				if copied == nil {
					copied = make(map[string]any, len(v))
					for k2, e2 := range v {
						copied[k2] = e2
					}
				}
				copied[k] = t
			}
		}
		if copied != nil {
			return copied, true
		}
	case []any:
		var copied []any
		for i, e := range v {
			if t, ch := tameNumbers(e, at+contract.Pointer(i), locale, out); ch {
				if copied == nil {
					copied = append([]any(nil), v...)
				}
				copied[i] = t
			}
		}
		if copied != nil {
			return copied, true
		}
	}
	return doc, false
}

// tameNumber replaces a number with a long text or a large exponent by
// the nearest float64 (±MaxFloat64 past its range, 0 below it); the
// schema library would expand it digit by digit. outOfRange says the
// value was beyond float64 altogether.
func tameNumber(n json.Number) (tame json.Number, wild, outOfRange bool) {
	s := string(n)
	bigExponent := false
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(s[i+1:])
		bigExponent = err != nil || e > maxExponent || e < -maxExponent
	}
	if len(s) <= maxNumberLength && !bigExponent {
		return n, false, false
	}
	f, err := strconv.ParseFloat(s, 64)
	switch {
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true, err != nil
}
func collectSchemaErrors(e *jsonschema.ValidationError, locale string, out *[]contract.Violation) {
	at := contract.Pointer(stringsToAny(e.InstanceLocation)...)
	add := func(rule, path string, message domain.Text) {
		*out = append(*out, contract.Violation{Rule: rule, Severity: contract.SeverityError, Path: path, Message: contract.Msg(locale, message)})
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, name := range k.Missing {
			add(contract.RuleSchemaMissingField, at+contract.Pointer(name), domain.T("%q is required here; add it", name))
		}
		return
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			add(contract.RuleSchemaExtraField, at+contract.Pointer(name), domain.T("%q is not a field of this object; remove it", name))
		}
		return
	case *kind.Type:
		add(contract.RuleSchemaType, at, domain.T("expected %s, got %s", domain.Alternatives(k.Want), k.Got))
		return
	case *kind.AnyOf, *kind.OneOf:
		detail := e.ErrorKind.LocalizedString(englishPrinter)
		add(contract.RuleSchemaInvalid, at, domain.T("the value matches none of the allowed shapes (%s)", detail))
		return
	}
	if len(e.Causes) == 0 {
		detail := e.ErrorKind.LocalizedString(englishPrinter)
		add(contract.RuleSchemaInvalid, at, domain.T("a value against its schema\x04%s", detail))
		return
	}
	for _, c := range e.Causes {
		collectSchemaErrors(c, locale, out)
	}
}

func stringsToAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
