// Package plancorpus is the one rule by which a planner's answer is held
// to what a planner corpus (testdata/planner, the shared corpora)
// expects: the planner's corpus test and the leave-one-voice-out tool
// both score by it, as planner-score does outside the repository.
package plancorpus

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Mismatch returns "" when an answer — an ai.plan answer ({"plan": …} or
// {"none": true, …}) or a bare plan ({"version": 1, "steps": […]}) —
// meets an expectation, else why it does not. The rule:
//   - an expected {"none": true} is met when the answer has no plan;
//   - else the plan has the same number of steps, with the same actions
//     in the same order;
//   - every expected param is equal (see sameValue), and any other param
//     the plan gives is empty: null, "", [] or, for required, false.
func Mismatch(expect map[string]any, answer any) string {
	got := PlanOf(answer)
	if Truthy(expect["none"]) {
		if got != nil {
			return "expected no plan"
		}
		return ""
	}
	if got == nil {
		return "expected a plan, got none"
	}
	es, _ := expect["steps"].([]any)
	gs, _ := got["steps"].([]any)
	if len(es) != len(gs) {
		return fmt.Sprintf("expected %d steps, got %d", len(es), len(gs))
	}
	for i := range es {
		e, _ := es[i].(map[string]any)
		g, ok := gs[i].(map[string]any)
		if !ok || e["action"] != g["action"] {
			return fmt.Sprintf("step %d: expected action %v, got %v", i, e["action"], g["action"])
		}
		ep, _ := e["params"].(map[string]any)
		gp, _ := g["params"].(map[string]any)
		for k, v := range ep {
			if gv, ok := gp[k]; !ok || !sameValue(v, gv) {
				return fmt.Sprintf("step %d (%v): param %s expected %v, got %v", i, e["action"], k, v, gp[k])
			}
		}
		for k, v := range gp {
			if _, ok := ep[k]; ok || emptyParam(g["action"], k, v) {
				continue
			}
			return fmt.Sprintf("step %d (%v): unexpected param %s=%v", i, e["action"], k, v)
		}
	}
	return ""
}

// PlanOf is the plan of an answer, or nil when it has none with steps.
func PlanOf(answer any) map[string]any {
	out, ok := answer.(map[string]any)
	if !ok || out["none"] == true {
		return nil
	}
	p := out
	if inner, ok := out["plan"]; ok {
		p, _ = inner.(map[string]any)
	}
	if steps, ok := p["steps"].([]any); !ok || len(steps) == 0 {
		return nil
	}
	return p
}

// emptyParam reports a param that says nothing, the same as absent.
// In update_field «"required": false» makes a question optional: a
// change, never empty.
func emptyParam(action any, k string, v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case bool:
		return k == "required" && !v && action != "update_field"
	}
	return false
}

// HintMatches reports a navigate hint in the answer with the expected
// action and every expected param.
func HintMatches(action string, params map[string]any, answer any) bool {
	out, _ := answer.(map[string]any)
	hint, ok := out["navigate"].(map[string]any)
	if !ok || hint["action"] != action {
		return false
	}
	got, _ := hint["params"].(map[string]any)
	for k, v := range params {
		if !sameValue(v, got[k]) {
			return false
		}
	}
	return true
}

// sameValue compares JSON values: strings as Text has them, lists
// item by item, booleans only with booleans, anything else exactly.
func sameValue(a, b any) bool {
	al, aList := a.([]any)
	bl, bList := b.([]any)
	if aList || bList {
		if !aList || !bList || len(al) != len(bl) {
			return false
		}
		for i := range al {
			if !sameValue(al[i], bl[i]) {
				return false
			}
		}
		return true
	}
	as, aStr := a.(string)
	bs, bStr := b.(string)
	if aStr || bStr {
		return aStr && bStr && Text(as) == Text(bs)
	}
	return reflect.DeepEqual(a, b)
}

// Truthy reports a JSON value that says something: true, a non-empty
// string, list or object, a number not 0.
func Truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case float64:
		return v != 0
	case []any:
		return len(v) > 0
	case map[string]any:
		return len(v) > 0
	}
	return true
}

// Text is a title or a wording as the corpora compare it: ي and ك
// as ی and ک, no kashida or right-to-left mark, a ZWNJ as a space, white
// space single, and no quotes or end punctuation around it. A plan may
// write a title the way the admin typed it and still match.
func Text(s string) string {
	s = norm.NFC.String(s)
	s = strings.NewReplacer("\u064a", "\u06cc", "\u0643", "\u06a9", "\u0640", "", "\u200c", " ", "\u200f", "").Replace(s)
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || '\x1c' <= r && r <= '\x1f' }), " ")
	return strings.TrimFunc(s, func(r rune) bool { return strings.ContainsRune("«»\"'“”‘’「」 .،,؛;:", r) })
}
