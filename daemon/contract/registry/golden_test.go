package registry

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/golden"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/schematest"
)

const fixtureRoot = "../../../testdata/contracts"

// fixtureOptions is a fixture's <case>.options.json: the contract options,
// plus a stand-in form store for the reference rules of arshline-plan.
type fixtureOptions struct {
	contract.Options
	FormStore fixtureForms `json:"forms"`
}

// fixtureForms maps a form id to its title and field count and, for the
// v2 checks of format and options, optionally its questions' document
// types.
type fixtureForms map[string]struct {
	Title  string   `json:"title"`
	Fields int      `json:"fields"`
	Types  []string `json:"types,omitempty"`
}

func (f fixtureForms) LookupForm(_ context.Context, id int64) (string, int, bool, error) {
	form, ok := f[strconv.FormatInt(id, 10)]
	return form.Title, form.Fields, ok, nil
}

// LookupFieldTypes makes the stand-in store an arshlineplan.FieldTypeLookup;
// a form without "types" answers none, as a store that cannot tell.
func (f fixtureForms) LookupFieldTypes(_ context.Context, id int64) ([]string, error) {
	return f[strconv.FormatInt(id, 10)].Types, nil
}

type fixture struct {
	name string // file name without .json
	base string // path without .json
	doc  any
	opts contract.Options
}

// fixtures reads every case of a contract's directory: <case>.json, with
// <case>.options.json beside it when the case needs options.
func fixtures(t testing.TB, c contract.Contract) []fixture {
	t.Helper()
	dir := filepath.Join(fixtureRoot, Dir(c.Name()))
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no fixtures in %s", c.Name(), dir)
	}
	var out []fixture
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if strings.HasSuffix(name, ".golden") || strings.HasSuffix(name, ".options") || strings.HasPrefix(name, "_") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := contract.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		fx := fixture{name: name, base: strings.TrimSuffix(f, ".json"), doc: doc}
		if raw, err := os.ReadFile(fx.base + ".options.json"); err == nil {
			var o fixtureOptions
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&o); err != nil {
				t.Fatalf("%s.options.json: %v", fx.base, err)
			}
			fx.opts = o.Options
			if o.FormStore != nil {
				fx.opts.Forms = o.FormStore
			}
		}
		out = append(out, fx)
	}
	return out
}

func render(r contract.Report) []byte {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// TestGoldenReports validates every fixture of every registered contract
// and compares the report with <case>.golden.json byte for byte. Names
// carry a promise the test holds them to: fail_* is invalid, warn_* is
// valid with warnings, pass_* is valid without any violation.
func TestGoldenReports(t *testing.T) {
	for _, c := range Default().List() {
		passing, failing := 0, 0
		for _, fx := range fixtures(t, c) {
			rep := c.Validate(context.Background(), fx.doc, fx.opts)
			if rep.Valid {
				passing++
			} else {
				failing++
			}
			t.Run(c.Name()+"/"+fx.name, func(t *testing.T) {
				if rep.Contract != c.Name() {
					t.Errorf("report names contract %q", rep.Contract)
				}
				switch {
				case strings.HasPrefix(fx.name, "fail_") && rep.Valid:
					t.Errorf("fail_ fixture is valid")
				case strings.HasPrefix(fx.name, "warn_") && (!rep.Valid || len(rep.Violations) == 0):
					t.Errorf("warn_ fixture: valid=%v with %d violations", rep.Valid, len(rep.Violations))
				case strings.HasPrefix(fx.name, "pass_") && (!rep.Valid || len(rep.Violations) != 0):
					t.Errorf("pass_ fixture: valid=%v with %+v", rep.Valid, rep.Violations)
				}
				// The standard indented encoding, as agent-plan's own harness
				// writes it, so both compare the same bytes.
				golden.Check(t, fx.base+".golden.json", render(rep))
			})
		}
		if passing == 0 || failing == 0 {
			t.Errorf("%s needs passing and failing fixtures (%d passing, %d failing)", c.Name(), passing, failing)
		}
	}
}

// TestNoOrphanGoldens keeps the fixture directories tidy: every golden or
// options file belongs to a case.
func TestNoOrphanGoldens(t *testing.T) {
	for _, c := range Default().List() {
		dir := filepath.Join(fixtureRoot, Dir(c.Name()))
		for _, suffix := range []string{".golden.json", ".options.json"} {
			files, _ := filepath.Glob(filepath.Join(dir, "*"+suffix))
			for _, f := range files {
				if _, err := os.Stat(strings.TrimSuffix(f, suffix) + ".json"); err != nil {
					t.Errorf("%s has no case beside it", f)
				}
			}
		}
	}
}

// ruleCoverage is a directory's _rules.json: for each rule of the
// contract, the cases that break it and the cases that pass near it.
type ruleCoverage map[string]struct {
	Fail []string `json:"fail"`
	Pass []string `json:"pass"`
}

// TestEveryRuleHasFailingAndPassingFixtures holds the fixtures of the
// contracts that keep a _rules.json to it: each rule the contract declares
// is broken by at least one case (its report carries the rule) and met by
// at least one valid case (its report does not).
func TestEveryRuleHasFailingAndPassingFixtures(t *testing.T) {
	for _, c := range Default().List() {
		dir := filepath.Join(fixtureRoot, Dir(c.Name()))
		raw, err := os.ReadFile(filepath.Join(dir, "_rules.json"))
		if os.IsNotExist(err) && c.Name() == "agent-plan" {
			continue // its package checks its own fixtures rule by rule
		}
		if err != nil {
			t.Errorf("%s: %v", c.Name(), err)
			continue
		}
		var cov ruleCoverage
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cov); err != nil {
			t.Fatalf("%s/_rules.json: %v", dir, err)
		}
		reports := map[string]contract.Report{}
		for _, fx := range fixtures(t, c) {
			reports[fx.name] = c.Validate(context.Background(), fx.doc, fx.opts)
		}
		declared := map[string]bool{}
		for _, r := range c.Rules() {
			declared[r.ID] = true
			entry, ok := cov[r.ID]
			if !ok || len(entry.Fail) == 0 || len(entry.Pass) == 0 {
				t.Errorf("%s: rule %s needs a failing and a passing fixture in _rules.json", c.Name(), r.ID)
				continue
			}
			for _, name := range entry.Fail {
				rep, ok := reports[name]
				if !ok {
					t.Errorf("%s: %s lists missing fixture %s", c.Name(), r.ID, name)
				} else if !hasRule(rep, r.ID) {
					t.Errorf("%s: %s does not produce %s", c.Name(), name, r.ID)
				}
			}
			for _, name := range entry.Pass {
				rep, ok := reports[name]
				if !ok {
					t.Errorf("%s: %s lists missing fixture %s", c.Name(), r.ID, name)
				} else if !rep.Valid || hasRule(rep, r.ID) {
					t.Errorf("%s: passing fixture %s for %s is invalid or carries the rule", c.Name(), name, r.ID)
				}
			}
		}
		for id := range cov {
			if !declared[id] {
				t.Errorf("%s: _rules.json lists %s, which the contract does not declare", c.Name(), id)
			}
		}
		// And the other way round: no report carries an undeclared rule.
		for name, rep := range reports {
			for _, v := range rep.Violations {
				if !declared[v.Rule] {
					t.Errorf("%s: %s reports undeclared rule %s", c.Name(), name, v.Rule)
				}
			}
		}
	}
}

func TestDefaultRegistry(t *testing.T) {
	reg := Default()
	want := []string{"agent-plan", "arshline-plan/v1", "arshline-plan/v2", "step-contract/v1", "web-navigator/v1"}
	if got := reg.Names(); !slices.Equal(got, want) {
		t.Fatalf("contracts %v, want %v", got, want)
	}
	for _, c := range reg.List() {
		if c.Description() == "" {
			t.Errorf("%s has no description", c.Name())
		}
		if _, err := schematest.Compile(c.Name(), c.Schema()); err != nil {
			t.Errorf("%s: schema does not compile: %v", c.Name(), err)
		}
		seen := map[string]bool{}
		for _, r := range c.Rules() {
			if seen[r.ID] || r.Description == "" || (r.Severity != contract.SeverityError && r.Severity != contract.SeverityWarning && r.Severity != contract.SeverityInfo) {
				t.Errorf("%s: rule %+v duplicated, undocumented or of no known severity", c.Name(), r)
			}
			seen[r.ID] = true
		}
		if _, err := os.Stat(filepath.Join(fixtureRoot, Dir(c.Name()))); err != nil {
			t.Errorf("%s has no fixture directory: %v", c.Name(), err)
		}
	}
	if Dir("web-navigator/v1") != "web-navigator-v1" || Dir("agent-plan") != "agent-plan" {
		t.Fatal("Dir maps names to the wrong directories")
	}
}

// TestSchemaAgreesWithStructuralRules: a valid fixture passes the
// contract's published JSON Schema, and a fixture with schema.* errors
// fails it, so the schema served by contracts.schema says what the
// contract enforces.
func TestSchemaAgreesWithStructuralRules(t *testing.T) {
	for _, c := range Default().List() {
		if c.Name() == "agent-plan" {
			continue // checked in its own package
		}
		s, err := schematest.Compile(c.Name(), c.Schema())
		if err != nil {
			t.Fatal(err)
		}
		for _, fx := range fixtures(t, c) {
			rep := c.Validate(context.Background(), fx.doc, fx.opts)
			schemaErrors := schematest.Violations(s, fx.doc, "en")
			structural := false
			for _, v := range rep.Violations {
				structural = structural || strings.HasPrefix(v.Rule, "schema.")
			}
			// arshline-plan drops unknown keys with a warning, which its
			// closed schema refuses; and v2 accepts v1 plans, which its
			// version-2 schema does not describe.
			if rep.Valid && len(schemaErrors) != 0 && !strings.HasPrefix(c.Name(), "arshline-plan/") {
				t.Errorf("%s/%s: valid, but the schema rejects it: %+v", c.Name(), fx.name, schemaErrors)
			}
			if structural && len(schemaErrors) == 0 {
				t.Errorf("%s/%s: schema.* violations, but the schema accepts it", c.Name(), fx.name)
			}
		}
	}
}

func hasRule(r contract.Report, rule string) bool {
	for _, v := range r.Violations {
		if v.Rule == rule {
			return true
		}
	}
	return false
}

// hundredSteps grows a typical plan to 100 steps the way each contract
// numbers them.
func hundredSteps(name string, doc any) any {
	m := doc.(map[string]any)
	switch name {
	case "web-navigator/v1":
		plan := m["plan"].(map[string]any)
		acts := plan["actions"].([]any)
		out := make([]any, 0, 100)
		for i := 0; i < 100; i++ {
			a := map[string]any{}
			for k, v := range acts[i%len(acts)].(map[string]any) {
				a[k] = v
			}
			a["id"] = fmt.Sprintf("a%d", i+1)
			out = append(out, a)
		}
		plan["actions"] = out
	case "step-contract/v1":
		steps := m["steps"].([]any)
		out := make([]any, 0, 100)
		for i := 1; i <= 100; i++ {
			s := map[string]any{}
			for k, v := range steps[0].(map[string]any) {
				s[k] = v
			}
			s["step_id"] = fmt.Sprintf("step_%d", i)
			s["dependencies"] = []any{}
			if i > 1 {
				s["dependencies"] = []any{fmt.Sprintf("step_%d", i-1)}
			}
			out = append(out, s)
		}
		m["steps"] = out
	case "arshline-plan/v1", "arshline-plan/v2":
		steps := m["steps"].([]any)
		out := make([]any, 0, 100)
		for i := 0; i < 100; i++ {
			out = append(out, steps[i%len(steps)])
		}
		m["steps"] = out
	}
	return doc
}

// BenchmarkValidate measures each contract on a typical plan and on a
// 100-step one. arshline-plan runs with MaxSteps 100 so the long plan is
// checked step by step; web-navigator allows 20 actions, so its 100-action
// plan is checked in full and also reports the count: saying no costs
// time too.
func BenchmarkValidate(b *testing.B) {
	typical := []struct{ name, file string }{
		{"arshline-plan/v1", "arshline-plan-v1/pass_all_actions.json"},
		{"arshline-plan/v2", "arshline-plan-v2/pass_all_actions.json"},
		{"web-navigator/v1", "web-navigator-v1/pass_reference_example.json"},
		{"step-contract/v1", "step-contract-v1/pass_three_steps.json"},
	}
	reg := Default()
	for _, tc := range typical {
		c, _ := reg.Get(tc.name)
		for _, size := range []string{"typical", "100steps"} {
			data, err := os.ReadFile(filepath.Join(fixtureRoot, tc.file))
			if err != nil {
				b.Fatal(err)
			}
			doc, err := contract.Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			if size == "100steps" {
				doc = hundredSteps(tc.name, doc)
			}
			opts := contract.Options{MaxSteps: 100}
			if size == "typical" && !c.Validate(context.Background(), doc, opts).Valid {
				b.Fatalf("%s: the typical plan is not valid", tc.file)
			}
			b.Run(tc.name+"/"+size, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.Validate(context.Background(), doc, opts)
				}
			})
		}
	}
}

// BenchmarkValidateFailing measures the reports that carry messages:
// every fail_ fixture of every contract, validated in Persian and in
// English, one report per iteration of the whole set.
func BenchmarkValidateFailing(b *testing.B) {
	for _, locale := range []string{"fa_IR", "en_US"} {
		b.Run(locale, func(b *testing.B) {
			type run struct {
				c    contract.Contract
				fx   fixture
				opts contract.Options
			}
			var runs []run
			for _, c := range Default().List() {
				for _, fx := range fixtures(b, c) {
					if !strings.HasPrefix(fx.name, "fail_") {
						continue
					}
					opts := fx.opts
					opts.Locale = locale
					runs = append(runs, run{c, fx, opts})
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range runs {
					r.c.Validate(context.Background(), r.fx.doc, r.opts)
				}
			}
		})
	}
}

// TestRulesAreDocumented keeps the documents in step with the code: every
// rule a contract declares is named, in backquotes, in docs/API.md and in
// the rules table of the contract's page in docs/contracts/.
func TestRulesAreDocumented(t *testing.T) {
	api, err := os.ReadFile("../../../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range Default().List() {
		page, err := os.ReadFile(filepath.Join("../../../docs/contracts", Dir(c.Name())+".md"))
		if err != nil {
			t.Errorf("%s: %v", c.Name(), err)
			continue
		}
		for _, r := range c.Rules() {
			if !bytes.Contains(page, []byte("| `"+r.ID+"` |")) {
				t.Errorf("%s: rule %s is not in the rules table of its page", c.Name(), r.ID)
			}
			if !bytes.Contains(api, []byte("`"+r.ID+"`")) && !documentedAsFamily(api, r.ID) {
				t.Errorf("%s: rule %s is not in docs/API.md", c.Name(), r.ID)
			}
		}
	}
}

// documentedAsFamily accepts API.md's shorthand `action.requires_url|selector|…`.
func documentedAsFamily(doc []byte, id string) bool {
	prefix, last, ok := strings.Cut(id, "_")
	if !ok {
		return false
	}
	for _, seg := range strings.Split(string(doc), "`") {
		if rest, found := strings.CutPrefix(seg, prefix+"_"); found && slices.Contains(strings.Split(rest, "|"), last) {
			return true
		}
	}
	return false
}
