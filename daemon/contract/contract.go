// Package contract is the one validation engine behind plan.validate,
// ai.plan, ai.execute and `arshlinectl lint`: a registry of contracts, each
// with a JSON Schema, semantic rules and normalisation, all reporting
// violations in the same ordered, stable shape.
package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Severity of a violation. Only errors make a plan invalid.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Violation is one broken rule at one place of the plan.
type Violation struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Step     string   `json:"step,omitempty"`
	Path     string   `json:"path"`
	Message  string   `json:"message"`
	Fix      string   `json:"fix,omitempty"`
}

// Report is the result of validating one plan against one contract.
type Report struct {
	Contract   string      `json:"contract"`
	Valid      bool        `json:"valid"`
	RiskScore  float64     `json:"risk_score"`
	Violations []Violation `json:"violations"`
	Normalized any         `json:"normalized,omitempty"`
}

// RuleInfo describes a rule for documentation and SARIF output.
type RuleInfo struct {
	ID          string   `json:"id"`
	Severity    Severity `json:"severity"`
	Description string   `json:"description"`
}

// FormLookup answers what the arshline-plan contract needs to know about
// stored forms. It is nil when no store is at hand (offline lint).
type FormLookup interface {
	// LookupForm returns the form's title and field count; ok is false
	// when no live form has that id.
	LookupForm(ctx context.Context, id int64) (title string, fields int, ok bool, err error)
}

// Options tune one validation. Zero values mean the contract's defaults.
type Options struct {
	Locale        string         `json:"locale,omitempty"`
	MaxSteps      int            `json:"max_steps,omitempty"`
	ExpectedSteps int            `json:"expected_steps,omitempty"`
	Tools         []string       `json:"tools,omitempty"`
	Policy        map[string]any `json:"policy,omitempty"`
	Forms         FormLookup     `json:"-"`
}

// Contract validates and normalises one kind of plan.
type Contract interface {
	Name() string
	Description() string
	// Schema is the contract's JSON Schema (draft 2020-12).
	Schema() json.RawMessage
	Rules() []RuleInfo
	// Validate checks doc, a value decoded by Decode. It never panics and
	// returns the same report for the same input and options.
	Validate(ctx context.Context, doc any, opts Options) Report
}

// Registry holds the contracts by name.
type Registry struct {
	byName map[string]Contract
	names  []string
}

// NewRegistry returns a registry of the given contracts.
func NewRegistry(cs ...Contract) *Registry {
	r := &Registry{byName: map[string]Contract{}}
	for _, c := range cs {
		r.byName[c.Name()] = c
		r.names = append(r.names, c.Name())
	}
	sort.Strings(r.names)
	return r
}

// Get returns the named contract.
func (r *Registry) Get(name string) (Contract, bool) {
	c, ok := r.byName[name]
	return c, ok
}

// List returns the contracts sorted by name.
func (r *Registry) List() []Contract {
	out := make([]Contract, 0, len(r.names))
	for _, n := range r.names {
		out = append(out, r.byName[n])
	}
	return out
}

// Names returns the contract names, sorted.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }

// Finish sorts the violations by path (then rule), sets Valid, and returns
// the report. Every contract ends its Validate with it.
func Finish(r Report) Report {
	sort.SliceStable(r.Violations, func(i, j int) bool {
		a, b := r.Violations[i], r.Violations[j]
		if c := comparePointers(a.Path, b.Path); c != 0 {
			return c < 0
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		if a.Message != b.Message {
			return a.Message < b.Message
		}
		// The rest only breaks ties, so that the order never depends on
		// the order the rules happened to run in.
		if a.Step != b.Step {
			return a.Step < b.Step
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		return a.Fix < b.Fix
	})
	r.Valid = true
	for _, v := range r.Violations {
		if v.Severity == SeverityError {
			r.Valid = false
			break
		}
	}
	if r.Violations == nil {
		r.Violations = []Violation{}
	}
	return r
}

// comparePointers orders JSON Pointers segment by segment, numeric
// segments numerically, so /steps/2 comes before /steps/10.
func comparePointers(a, b string) int {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		ai, aerr := strconv.Atoi(as[i])
		bi, berr := strconv.Atoi(bs[i])
		switch {
		case aerr == nil && berr == nil && ai != bi:
			if ai < bi {
				return -1
			}
			return 1
		case aerr == nil && berr == nil:
			// "0" and "00" are different keys with the same number: order
			// them by text, or the order would depend on map iteration.
		case aerr == nil:
			return -1
		case berr == nil:
			return 1
		}
		if as[i] < bs[i] {
			return -1
		}
		return 1
	}
	return len(as) - len(bs)
}

// Pointer builds an RFC 6901 JSON Pointer from segments.
func Pointer(segs ...any) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteByte('/')
		switch v := s.(type) {
		case int:
			b.WriteString(strconv.Itoa(v))
		case string:
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(v, "~", "~0"), "/", "~1"))
		default:
			fmt.Fprint(&b, v)
		}
	}
	return b.String()
}

// Msg writes a message in the locale from the daemon's one catalogue:
// Persian for fa*, English otherwise.
func Msg(locale string, t domain.Text) string { return messages.Render(locale, t) }

// ReadMembers reads obj's members named in names into vals (vals[i] is
// the member names[i], nil when it is absent or null) in one pass over
// obj, and returns the names of its other members, sorted. A plan's
// objects have a few members each, which a contract asks for several
// times: one pass costs less than looking each up again.
func ReadMembers(obj map[string]any, names []string, vals []any) (extra []string) {
	for k, v := range obj {
		if i := slices.Index(names, k); i >= 0 {
			vals[i] = v
		} else {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	return extra
}

// MissingMembers lists the names of the first required members that
// ReadMembers found absent or null, in their order.
func MissingMembers(names []string, vals []any, required int) (missing []string) {
	for i, v := range vals[:required] {
		if v == nil {
			missing = append(missing, names[i])
		}
	}
	return missing
}

// Fields compares an object's keys with a closed schema: the required
// keys it lacks (absent or null) and the keys that are neither required
// nor optional, both in a stable order.
func Fields(obj map[string]any, required, optional []string) (missing, extra []string) {
	present := 0
	for _, k := range required {
		v, ok := obj[k]
		if ok {
			present++
		}
		if v == nil {
			missing = append(missing, k)
		}
	}
	if present == len(obj) {
		return missing, nil // nothing but required members
	}
	// The lists are short: scanning them costs less than building a set
	// for every object of every plan.
	for k := range obj {
		if !slices.Contains(required, k) && !slices.Contains(optional, k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	return missing, extra
}
