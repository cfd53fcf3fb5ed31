package document

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Violation is one broken rule: where (a JSON Pointer into the document),
// which rule (a stable id) and what to do, in both languages.
type Violation struct {
	Path      string      `json:"path"`
	Rule      string      `json:"rule"`
	MessageEN string      `json:"message_en"`
	MessageFA string      `json:"message_fa"`
	text      domain.Text // what the two messages say, for an error that names the violation
}

// said is what the violation says as an argument of a Text: its key and
// arguments when it was found here, its two messages otherwise.
func (v Violation) said() any {
	if v.text.Key != "" {
		return v.text
	}
	return domain.Both{EN: v.MessageEN, FA: v.MessageFA}
}

// same reports whether v and w say the same at the same place.
func (v Violation) same(w Violation) bool {
	return v.Path == w.Path && v.Rule == w.Rule && v.MessageEN == w.MessageEN && v.MessageFA == w.MessageFA
}

// MaxViolations bounds the list one error carries.
const MaxViolations = 50

// Error is a document that does not pass: the violations, ordered by
// path.
type Error struct {
	Violations []Violation
}

func (e *Error) Error() string {
	if len(e.Violations) == 0 {
		return "invalid document"
	}
	v := e.Violations[0]
	return fmt.Sprintf("%s: %s (%d violations)", v.Path, v.MessageEN, len(e.Violations))
}

// Domain turns the error into a domain error of the given code (the
// writer's: SCHEMA_INVALID for forms and Hosha2, INVALID_PLAN for the
// executor), naming the first violation and carrying all of them in
// data.violations.
func (e *Error) Domain(code domain.Code) *domain.Error {
	first := Violation{Path: "/", text: domain.T("invalid document")}
	if len(e.Violations) > 0 {
		first = e.Violations[0]
	}
	msg := first.said()
	if n := len(e.Violations); n > 1 {
		return domain.Wrap(code, e, "the form document is not valid: %s: %s (and %d more)", pathOrRoot(first.Path), msg, n-1).With("violations", e.Violations)
	}
	return domain.Wrap(code, e, "the form document is not valid: %s: %s", pathOrRoot(first.Path), msg).With("violations", e.Violations)
}

func pathOrRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

type violations struct{ list []Violation }

// NewViolation is the violation of rule at path, its messages written
// from text in both languages.
func NewViolation(path, rule string, text domain.Text) Violation {
	return Violation{Path: path, Rule: rule,
		MessageEN: text.String(), MessageFA: messages.Render(domain.LocaleFA, text), text: text}
}

func (vs *violations) add(path, rule string, text domain.Text) {
	vs.list = append(vs.list, NewViolation(path, rule, text))
}

func (vs *violations) err() error {
	if len(vs.list) == 0 {
		return nil
	}
	sort.SliceStable(vs.list, func(i, j int) bool { return pathLess(vs.list[i].Path, vs.list[j].Path) })
	unknown := map[string]bool{}
	for _, v := range vs.list {
		if v.Rule == "schema.unknown_key" {
			unknown[v.Path] = true
		}
	}
	out := vs.list[:0]
	for i, v := range vs.list {
		if (i > 0 && v.same(vs.list[i-1])) || (v.Rule == "schema.key_not_for_type" && unknown[v.Path]) {
			continue
		}
		out = append(out, v)
	}
	if len(out) > MaxViolations {
		out = out[:MaxViolations]
	}
	return &Error{Violations: out}
}

// pathLess orders pointers segment by segment, numbers as numbers.
func pathLess(a, b string) bool {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		an, aerr := strconv.Atoi(as[i])
		bn, berr := strconv.Atoi(bs[i])
		if aerr == nil && berr == nil {
			return an < bn
		}
		return as[i] < bs[i]
	}
	return len(as) < len(bs)
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// fromSchema turns the library's error tree into violations: its leaves,
// and for "null or an object" alternatives only the branch that says
// what is wrong.
//
// A propertyNames error's own instance location is not reliable (the
// library reuses the slice), so it is reported at its parent's object.
func (vs *violations) fromSchema(e *jsonschema.ValidationError, parent []string) {
	switch k := e.ErrorKind.(type) {
	case *kind.PropertyNames:
		at := pointer(parent)
		if k.Property == "unique" {
			types := TypesWithKey("unique")
			vs.add(at+"/unique", "schema.key_not_for_type", domain.T("unique (one answer per person) is allowed only on %s questions",
				domain.Conjunction(types)))
			return
		}
		if k.Property == "verify" {
			vs.add(at+"/verify", "schema.key_not_for_type",
				domain.T("verify (a code sent by SMS) is allowed only on mobile questions: type text with format mobile_ir"))
			return
		}
		vs.add(at+"/"+k.Property, "schema.key_not_for_type", domain.T("key %q does not belong to this field type", k.Property))
		return
	case *kind.AnyOf, *kind.OneOf:
		var real []*jsonschema.ValidationError
		for _, c := range e.Causes {
			if _, isType := c.ErrorKind.(*kind.Type); !isType || len(c.Causes) > 0 {
				real = append(real, c)
			}
		}
		if len(real) == 0 {
			vs.add(pointer(e.InstanceLocation), "schema.type", domain.T("has the wrong type"))
			return
		}
		for _, c := range real {
			vs.fromSchema(c, e.InstanceLocation)
		}
		return
	}
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			vs.fromSchema(c, e.InstanceLocation)
		}
		return
	}
	vs.leaf(e)
}

func (vs *violations) leaf(e *jsonschema.ValidationError) {
	at := pointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			vs.add(at+"/"+p, "schema.unknown_key", domain.T("unknown key %q", p))
		}
	case *kind.Required:
		for _, p := range k.Missing {
			vs.add(at+"/"+p, "schema.missing_key", domain.T("%q is required", p))
		}
	case *kind.Type:
		vs.add(at, "schema.type", domain.T("must be %s, not %s", domain.Alternatives(k.Want), k.Got))
	case *kind.Enum:
		vs.add(at, "schema.enum", domain.T("%v is not one of %v", k.Got, k.Want))
	case *kind.Const:
		vs.add(at, "schema.const", domain.T("must be %v", k.Want))
	case *kind.MinLength:
		vs.add(at, "schema.min_length", domain.T("must have at least %d characters", k.Want))
	case *kind.MaxLength:
		vs.add(at, "schema.max_length", domain.T("has %d characters; at most %d are allowed", k.Got, k.Want))
	case *kind.MinItems:
		vs.add(at, "schema.min_items", domain.T("needs at least %d items", k.Want))
	case *kind.MaxItems:
		vs.add(at, "schema.max_items", domain.T("has %d items; at most %d are allowed", k.Got, k.Want))
	case *kind.Minimum:
		vs.add(at, "schema.minimum", domain.T("must be at least %s", k.Want.RatString()))
	case *kind.Maximum:
		vs.add(at, "schema.maximum", domain.T("must be at most %s", k.Want.RatString()))
	case *kind.ExclusiveMinimum:
		vs.add(at, "schema.minimum", domain.T("must be greater than %s", k.Want.RatString()))
	case *kind.Pattern:
		vs.add(at, "schema.pattern", domain.T("%q does not have the required form", k.Got))
	case *kind.Format:
		vs.add(at, "schema.format", domain.T("is not a valid %s", k.Want))
	default:
		vs.add(at, "schema.invalid", domain.T("schema\x04%s", e.Error()))
	}
}
