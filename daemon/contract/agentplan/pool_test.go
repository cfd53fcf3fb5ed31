package agentplan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// Validate reuses its scratch memory; nothing of one plan may show in the
// report of the next. Every fixture is validated after every other one
// and must give the report it gave alone.
func TestValidatorReuseLeavesNoTrace(t *testing.T) {
	fixtures := loadFixtures(t)
	alone := make([][]byte, len(fixtures))
	for i, f := range fixtures {
		alone[i] = encodeReport(t, New().Validate(context.Background(), f.doc, f.opts))
	}
	for i, before := range fixtures {
		for j, f := range fixtures {
			New().Validate(context.Background(), before.doc, before.opts)
			if got := encodeReport(t, New().Validate(context.Background(), f.doc, f.opts)); !bytes.Equal(got, alone[j]) {
				t.Fatalf("%s after %s:\n%s\nalone:\n%s", f.name, fixtures[i].name, got, alone[j])
			}
		}
	}
}

// Bound keys are resolved against the plan's tools by comparing names in
// a small plan and through a set of names in a large one; both must find
// the tool whatever its case.
func TestBoundsResolveInSmallAndLargePlans(t *testing.T) {
	policy := map[string]any{"bounds": map[string]any{"Payments.Transfer.amount": []any{0, 100}}}
	for _, n := range []int{1, 16, 17, 40} {
		steps := make([]map[string]any, n)
		for i := range steps {
			steps[i] = step(fmt.Sprint("s", i), "notify.send", map[string]any{})
		}
		steps[n-1] = step(fmt.Sprint("s", n-1), "payments.TRANSFER", map[string]any{"amount": 500})
		r := validate(t, plan(steps...), policy)
		if got := findings(r, RuleBoundViolation); len(got) != 1 || got[0] != fmt.Sprintf("s%d /steps/%d/parameters/amount", n-1, n-1) {
			t.Errorf("%d steps: %q", n, got)
		}
	}
}

// A step may depend on a later one; the graph then has a forward edge and
// is searched for cycles, finding none.
func TestForwardDependencyIsNoCycle(t *testing.T) {
	r := validate(t, plan(
		step("a", "notify.send", map[string]any{"x": "{{b.result}}"}, "b"),
		step("b", "notify.send", map[string]any{}, "c"),
		step("c", "notify.send", map[string]any{}),
	), nil)
	if !r.Valid || len(r.Violations) != 0 {
		data, _ := json.Marshal(r.Violations)
		t.Fatalf("violations %s", data)
	}
	r = validate(t, plan(
		step("a", "notify.send", map[string]any{}, "b"),
		step("b", "notify.send", map[string]any{}, "a"),
	), nil)
	if got := findings(r, RuleDepCycle); len(got) != 1 {
		t.Errorf("cycle findings %q", got)
	}
}

// Normalizing copies only what it changes and never the input.
func TestNormalizeSharesWhatItKeeps(t *testing.T) {
	params := map[string]any{"k": "v"}
	kept := map[string]any{"id": "a", "tool": "t", "parameters": params, "on_fail": "abort", "depends_on": []any{}}
	root := map[string]any{"goal": "g", "steps": []any{kept}}
	r := New().Validate(context.Background(), root, contract.Options{})
	if fmt.Sprintf("%p", r.Normalized) != fmt.Sprintf("%p", root) {
		t.Error("a plan that needs no change was copied")
	}
	changed := map[string]any{"id": "b", "tool": "t", "args": params}
	root = map[string]any{"goal": "g", "steps": []any{kept, changed}}
	r = New().Validate(context.Background(), root, contract.Options{})
	steps := r.Normalized.(map[string]any)["steps"].([]any)
	if fmt.Sprintf("%p", steps[0]) != fmt.Sprintf("%p", kept) {
		t.Error("an unchanged step was copied")
	}
	b := steps[1].(map[string]any)
	if _, has := b["args"]; has || fmt.Sprintf("%p", b["parameters"]) != fmt.Sprintf("%p", params) || b["on_fail"] != "abort" {
		t.Errorf("changed step normalized to %v", b)
	}
	if _, has := changed["parameters"]; has || len(root["steps"].([]any)) != 2 {
		t.Error("normalizing changed the input")
	}
}

// Validate may run on many goroutines at once, each with its own policy
// or the same one; the pooled scratch and the shared policy cache must
// not mix them up.
func TestValidateConcurrently(t *testing.T) {
	fixtures := loadFixtures(t)
	want := make([][]byte, len(fixtures))
	for i, f := range fixtures {
		want[i] = encodeReport(t, New().Validate(context.Background(), f.doc, f.opts))
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for round := 0; round < 5; round++ {
				for k := range fixtures {
					i := (k*7 + g + round) % len(fixtures)
					f := fixtures[i]
					got, err := json.MarshalIndent(New().Validate(context.Background(), f.doc, f.opts), "", "  ")
					if err != nil {
						errs <- err
						return
					}
					if !bytes.Equal(append(got, '\n'), want[i]) {
						errs <- fmt.Errorf("%s on goroutine %d:\n%s", f.name, g, got)
						return
					}
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
