package agentplan

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
)

// The last policy is recognised by content: an equal map, even a new one,
// reuses the compiled policy; a map changed in place is compiled again.
func TestCompilePolicyRecognisesContentNotIdentity(t *testing.T) {
	raw := map[string]any{"deny_tools": []any{"payments.*"}, "bounds": map[string]any{"p.t.amount": []any{json.Number("0"), json.Number("10")}}}
	first, _ := compilePolicy(raw)
	again, _ := compilePolicy(raw)
	if again != first {
		t.Error("the same map was compiled again")
	}
	copied := map[string]any{"deny_tools": []any{"payments.*"}, "bounds": map[string]any{"p.t.amount": []any{json.Number("0"), json.Number("10")}}}
	if p, _ := compilePolicy(copied); p != first {
		t.Error("an equal map was compiled again")
	}
	raw["deny_tools"].([]any)[0] = "file.*"
	changed, _ := compilePolicy(raw)
	if changed == first || len(changed.DenyTools) != 1 || changed.DenyTools[0] != "file.*" {
		t.Errorf("a map changed in place kept its old policy: %v", changed.DenyTools)
	}
	raw["bounds"].(map[string]any)["p.t.amount"] = []any{json.Number("0"), json.Number("20")}
	if p, _ := compilePolicy(raw); p.Bounds[0].maxText != "20" {
		t.Errorf("a nested change was missed: max %s", p.Bounds[0].maxText)
	}
	// Policies used in turn are all recognised, up to the number of
	// snapshots kept.
	var maps []map[string]any
	var compiled []*Policy
	for i := range len(recentPolicies.slots) {
		m := map[string]any{"max_steps": json.Number(fmt.Sprint(i + 1))}
		p, _ := compilePolicy(m)
		maps, compiled = append(maps, m), append(compiled, p)
	}
	stored := recentPolicies.next.Load()
	for round := 0; round < 2; round++ {
		for i, m := range maps {
			if p, _ := compilePolicy(m); p != compiled[i] || p.MaxSteps != i+1 {
				t.Errorf("round %d: policy %d compiled again or wrong (max_steps %d)", round, i, p.MaxSteps)
			}
		}
	}
	if n := recentPolicies.next.Load() - stored; n != 0 {
		t.Errorf("%d policies used in turn missed the snapshots", n)
	}
	// A value of a type the comparison does not know is compiled every
	// time, correctly.
	odd := map[string]any{"max_steps": int32(3), "allow_tools": []any{"db.*"}}
	for range 2 {
		if p, problems := compilePolicy(odd); len(p.AllowTools) != 1 || len(problems) != 1 {
			t.Errorf("policy with an int32: %+v, %v", p, problems)
		}
	}
}

func TestSameValue(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		a, b any
		same bool
	}{
		{nil, nil, true},
		{nil, false, false},
		{"x", "x", true},
		{"x", "y", false},
		{"1", json.Number("1"), false},
		{json.Number("1"), json.Number("1.0"), false},
		{json.Number("1"), json.Number("1"), true},
		{1.5, 1.5, true},
		{0.0, negZero, false},
		{math.NaN(), math.NaN(), true},
		{float32(1), float32(1), true},
		{float32(1), 1.0, false},
		{1, 1, true},
		{1, int64(1), false},
		{int64(2), int64(2), true},
		{uint64(2), uint64(2), true},
		{uint64(2), uint64(3), false},
		{true, true, true},
		{true, "true", false},
		{[]any{"a", 1}, []any{"a", 1}, true},
		{[]any{"a"}, []any{"a", "b"}, false},
		{[]any{"a"}, "a", false},
		{map[string]any{"k": []any{1}}, map[string]any{"k": []any{1}}, true},
		{map[string]any{"k": 1}, map[string]any{"j": 1}, false},
		{map[string]any{"k": 1}, map[string]any{"k": 1, "j": 2}, false},
		{map[string]any{"k": 1}, []any{1}, false},
		{int32(1), int32(1), false}, // unknown types never compare equal
	} {
		if got := sameValue(c.a, c.b); got != c.same {
			t.Errorf("sameValue(%#v, %#v) = %v", c.a, c.b, got)
		}
	}
}

func TestCopyValue(t *testing.T) {
	src := map[string]any{"l": []any{"a", json.Number("1"), nil, map[string]any{"b": true}}, "f": 1.5}
	c := copyValue(src)
	if !sameValue(c, src) {
		t.Fatalf("copy %v differs from %v", c, src)
	}
	src["l"].([]any)[3].(map[string]any)["b"] = false
	if sameValue(c, src) {
		t.Error("the copy shares a nested map with its source")
	}
	for _, bad := range []any{
		map[string]any{"x": int32(1)},
		[]any{"ok", struct{}{}},
		map[any]any{"x": 1},
	} {
		if got := copyValue(bad); got != nil {
			t.Errorf("copyValue(%#v) = %#v, want nil for an unknown type", bad, got)
		}
	}
}
