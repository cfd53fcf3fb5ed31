package contracts

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

var update = flag.Bool("update", false, "rewrite the golden reports")

// dirFor maps a contract name to its fixture directory (a slash is not a
// directory level there).
func dirFor(name string) string { return strings.ReplaceAll(name, "/", "-") }

// TestGoldenReports validates every fixture of every contract and compares
// the report with its golden file, byte for byte.
func TestGoldenReports(t *testing.T) {
	reg := Default()
	for _, c := range reg.List() {
		dir := filepath.Join("..", "..", "..", "testdata", "contracts", dirFor(c.Name()))
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		var cases []string
		for _, f := range files {
			if strings.HasSuffix(f, ".golden.json") || strings.HasSuffix(f, ".options.json") {
				continue
			}
			cases = append(cases, strings.TrimSuffix(f, ".json"))
		}
		sort.Strings(cases)
		if len(cases) < 2 {
			t.Errorf("%s: fewer than two fixtures in %s", c.Name(), dir)
		}
		passing, failing := 0, 0
		for _, base := range cases {
			t.Run(c.Name()+"/"+filepath.Base(base), func(t *testing.T) {
				data, err := os.ReadFile(base + ".json")
				if err != nil {
					t.Fatal(err)
				}
				doc, err := contract.Decode(data)
				if err != nil {
					t.Fatal(err)
				}
				var opts contract.Options
				if raw, err := os.ReadFile(base + ".options.json"); err == nil {
					if err := json.Unmarshal(raw, &opts); err != nil {
						t.Fatal(err)
					}
				}
				rep := c.Validate(context.Background(), doc, opts)
				if rep.Valid {
					passing++
				} else {
					failing++
				}
				name := filepath.Base(base)
				if strings.HasPrefix(name, "fail_") && rep.Valid || strings.HasPrefix(name, "pass_") && !rep.Valid {
					t.Errorf("fixture named %s but valid=%v", name, rep.Valid)
				}
				got, _ := json.MarshalIndent(rep, "", "  ")
				got = append(got, '\n')
				if *update {
					os.WriteFile(base+".golden.json", got, 0o644)
					return
				}
				want, err := os.ReadFile(base + ".golden.json")
				if err != nil {
					t.Fatalf("no golden report (run with -update): %v", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("report differs from %s.golden.json:\n%s", name, got)
				}
			})
		}
		if passing == 0 || failing == 0 {
			t.Errorf("%s needs passing and failing fixtures (%d/%d)", c.Name(), passing, failing)
		}
	}
}

// TestEveryRuleHasAFailingFixture keeps the fixtures honest: each rule a
// contract declares is produced by at least one fixture.
func TestEveryRuleHasAFailingFixture(t *testing.T) {
	for _, c := range Default().List() {
		if c.Name() == "agent-plan" {
			continue // its own package checks this over its 38 fixtures
		}
		seen := map[string]bool{}
		goldens, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "contracts", dirFor(c.Name()), "*.golden.json"))
		for _, g := range goldens {
			data, _ := os.ReadFile(g)
			var rep contract.Report
			json.Unmarshal(data, &rep)
			for _, v := range rep.Violations {
				seen[v.Rule] = true
			}
		}
		for _, r := range c.Rules() {
			if !seen[r.ID] && !strings.HasPrefix(r.ID, "ref.") && r.ID != "param.truncated" {
				t.Errorf("%s: no fixture produces %s", c.Name(), r.ID)
			}
		}
	}
}

func FuzzContracts(f *testing.F) {
	for _, dir := range []string{"web-navigator-v1", "step-contract-v1", "arshline-plan-v1", "agent-plan"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "contracts", dir, "*.json"))
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && !strings.Contains(file, ".golden.") {
				f.Add(string(data))
			}
		}
	}
	reg := Default()
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := contract.Decode([]byte(s))
		if err != nil {
			return
		}
		for _, c := range reg.List() {
			a := c.Validate(context.Background(), doc, contract.Options{})
			b := c.Validate(context.Background(), doc, contract.Options{})
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) {
				t.Fatalf("%s: not deterministic", c.Name())
			}
			sorted := append([]contract.Violation(nil), a.Violations...)
			sort.SliceStable(sorted, func(i, j int) bool { return false })
			for i := 1; i < len(a.Violations); i++ {
				if contract.Finish(contract.Report{Violations: []contract.Violation{a.Violations[i], a.Violations[i-1]}}).Violations[0] != a.Violations[i-1] {
					t.Fatalf("%s: violations not sorted by path", c.Name())
				}
			}
		}
	})
}

func readDoc(b *testing.B, rel string) any {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "contracts", rel))
	if err != nil {
		b.Fatal(err)
	}
	doc, err := contract.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

// hundredSteps grows a typical plan to 100 steps the way each contract
// numbers them.
func hundredSteps(name string, doc any) any {
	m := doc.(map[string]any)
	switch name {
	case "web-navigator/v1":
		plan := m["plan"].(map[string]any)
		acts := plan["actions"].([]any)
		var out []any
		for i := 0; i < 100; i++ {
			a := map[string]any{}
			for k, v := range acts[i%len(acts)].(map[string]any) {
				a[k] = v
			}
			a["id"] = "a" + strings.Repeat("x", 0) + string(rune('A'+i%26)) + string(rune('a'+i/26))
			out = append(out, a)
		}
		plan["actions"] = out
	case "step-contract/v1":
		steps := m["steps"].([]any)
		var out []any
		for i := 1; i <= 100; i++ {
			s := map[string]any{}
			for k, v := range steps[0].(map[string]any) {
				s[k] = v
			}
			s["step_id"] = "step_" + itoa(i)
			if i > 1 {
				s["dependencies"] = []any{"step_" + itoa(i-1)}
			}
			out = append(out, s)
		}
		m["steps"] = out
	case "arshline-plan/v1":
		steps := m["steps"].([]any)
		var out []any
		for i := 0; i < 100; i++ {
			out = append(out, steps[i%len(steps)])
		}
		m["steps"] = out
	}
	return doc
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// BenchmarkValidate measures each contract on a typical plan and on a
// 100-step one (longer than web-navigator and arshline allow, so those
// report their step-count violation: the cost of saying no counts too).
func BenchmarkValidate(b *testing.B) {
	typical := map[string]string{
		"arshline-plan/v1": "arshline-plan-v1/pass_seed_example.json",
		"web-navigator/v1": "web-navigator-v1/pass_seed_example.json",
		"step-contract/v1": "step-contract-v1/pass_three_steps.json",
	}
	reg := Default()
	for name, file := range typical {
		c, _ := reg.Get(name)
		for _, size := range []string{"typical", "100steps"} {
			doc := readDoc(b, file)
			if size == "100steps" {
				doc = hundredSteps(name, doc)
			}
			b.Run(name+"/"+size, func(b *testing.B) {
				opts := contract.Options{MaxSteps: 200}
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					c.Validate(context.Background(), doc, opts)
				}
			})
		}
	}
}
