package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode"
)

// command is one line of a planner corpus (testdata/planner/README.md).
type command struct {
	ID     string         `json:"id"`
	Text   string         `json:"text"`
	Expect map[string]any `json:"expect"`
}

// voice is one corpus file: the commands of one or a few voices, the
// unit left out in turn.
type voice struct {
	Name     string
	Contract int // 2 when any expected plan says "version": 2, else 1
	Commands []command
}

// loadVoice reads a corpus file. Its contract is the plan version its
// expectations are written in: every v2 file has v2 plans, no v1 file
// has one.
func loadVoice(path string) (voice, error) {
	v := voice{Name: filepath.Base(path), Contract: 1}
	f, err := os.Open(path)
	if err != nil {
		return v, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c command
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return v, fmt.Errorf("%s:%d: %v", v.Name, line, err)
		}
		if c.Expect == nil {
			return v, fmt.Errorf("%s:%d: no expect", v.Name, line)
		}
		if ver, _ := c.Expect["version"].(float64); ver == 2 {
			v.Contract = 2
		}
		v.Commands = append(v.Commands, c)
	}
	if err := sc.Err(); err != nil {
		return v, err
	}
	if len(v.Commands) == 0 {
		return v, fmt.Errorf("%s: no commands", v.Name)
	}
	return v, nil
}

// noPlan is the intent of a command that must give no plan.
const noPlan = "none"

// intentOf is what a learned reading predicts of a plan: the set of
// actions it holds, sorted and joined by «+», or noPlan. How many
// questions, in which order, on which form, with which wording are
// slots the rules read (numbers, ids, quotes, order words); which acts
// the command asks for is what the rules get wrong when they misread
// the object, and the one thing a check on a destructive step needs.
func intentOf(actions []string) string {
	if len(actions) == 0 {
		return noPlan
	}
	seen := map[string]bool{}
	var set []string
	for _, a := range actions {
		if !seen[a] {
			seen[a] = true
			set = append(set, a)
		}
	}
	sort.Strings(set)
	return strings.Join(set, "+")
}

// actionsOf is the actions of a plan (an expectation or an answer) in
// order, none when it has no plan.
func actionsOf(plan map[string]any) []string {
	steps, _ := plan["steps"].([]any)
	var out []string
	for _, s := range steps {
		step, _ := s.(map[string]any)
		a, _ := step["action"].(string)
		out = append(out, a)
	}
	return out
}

// destructive are the actions that take something away from the
// respondents or the admin: a wrong one loses data or a live form.
var destructive = map[string]bool{"delete_form": true, "delete_field": true, "disable_form": true, "draft_form": true}

// unaskedDestruction reports a plan holding a destructive action that
// the expected plan does not hold at all.
func unaskedDestruction(got, expect []string) bool {
	asked := map[string]bool{}
	for _, a := range expect {
		asked[a] = true
	}
	for _, a := range got {
		if destructive[a] && !asked[a] {
			return true
		}
	}
	return false
}

// The rule below is the one daemon/persian/corpus_test.go (mismatch)
// and planner-score apply; navigate hints are counted apart there and
// not at all here.

// mismatch returns "" when a plan (nil: no plan) meets an expectation,
// else why it does not.
func mismatch(expect map[string]any, got map[string]any) string {
	if truthy(expect["none"]) {
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

// emptyParam reports a param that says nothing, the same as absent; in
// update_field «"required": false» makes a question optional.
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

// sameValue compares JSON values: strings as corpusText has them, lists
// item by item, anything else exactly.
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
		return aStr && bStr && corpusText(as) == corpusText(bs)
	}
	return reflect.DeepEqual(a, b)
}

func truthy(v any) bool {
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

// corpusText is a title or a wording as the corpora compare it: ي and ك
// as ی and ک, no kashida or right-to-left mark, a ZWNJ as a space, white
// space single, no quotes or end punctuation around it, and a combining
// hamza or madda joined to its letter.
func corpusText(s string) string {
	s = composeArabic(s)
	s = strings.NewReplacer("\u064a", "\u06cc", "\u0643", "\u06a9", "\u0640", "", "\u200c", " ", "\u200f", "").Replace(s)
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || '\x1c' <= r && r <= '\x1f' }), " ")
	return strings.TrimFunc(s, func(r rune) bool { return strings.ContainsRune("«»\"'“”‘’「」 .،,؛;:", r) })
}

// composeArabic joins a letter and a combining hamza or madda into the
// one letter canonical composition makes of them.
func composeArabic(s string) string {
	if !strings.ContainsAny(s, "\u0653\u0654\u0655") {
		return s
	}
	composed := map[[2]rune]rune{
		{'\u0627', '\u0653'}: '\u0622', {'\u0627', '\u0654'}: '\u0623', {'\u0648', '\u0654'}: '\u0624',
		{'\u0627', '\u0655'}: '\u0625', {'\u064a', '\u0654'}: '\u0626', {'\u06d5', '\u0654'}: '\u06c0',
		{'\u06c1', '\u0654'}: '\u06c2', {'\u06d2', '\u0654'}: '\u06d3',
	}
	rs := []rune(s)
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 {
			if c, ok := composed[[2]rune{out[n-1], r}]; ok {
				out[n-1] = c
				continue
			}
		}
		out = append(out, r)
	}
	return string(out)
}
