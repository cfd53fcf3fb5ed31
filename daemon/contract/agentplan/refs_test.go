package agentplan

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// foundRef is a reference as the test states it: text and step id.
type foundRef struct{ text, stepID string }

func TestFindRefs(t *testing.T) {
	known := map[string]int{"s1": 0, "step-001": 1, "a.b": 2, "a": 3}
	cases := []struct {
		in   string
		want []foundRef
	}{
		{"plain text", nil},
		{"{{s1.result}}", []foundRef{{"{{s1.result}}", "s1"}}},
		{"to: {{ s1.result.email }}!", []foundRef{{"{{ s1.result.email }}", "s1"}}},
		{"${s1.result.x} and {{s1.result[0]}}", []foundRef{{"${s1.result.x}", "s1"}, {"{{s1.result[0]}}", "s1"}}},
		// A currency amount is written as ${{step.result.x}}.
		{"balance ${{step-001.result.balance}}", []foundRef{{"{{step-001.result.balance}}", "step-001"}}},
		{"{{a.b.result.c}}", []foundRef{{"{{a.b.result.c}}", "a.b"}}},
		{"{{a.result}}", []foundRef{{"{{a.result}}", "a"}}},
		{"{{ghost.result.x}}", []foundRef{{"{{ghost.result.x}}", "ghost"}}},
		{"{{s1.results}} {{context.user}} ${HOME} {{.result}}", nil},
		{"{{s1.result", nil},
		{"${s1.result", nil},
		{"{{{{s1.result}}}}", []foundRef{{"{{s1.result}}", "s1"}}},
		{"{{{s1.result}}}", []foundRef{{"{{{s1.result}}", "s1"}}},
		{"{{ x {{s1.result}}", []foundRef{{"{{s1.result}}", "s1"}}},
	}
	for _, c := range cases {
		var got []foundRef
		for from := 0; ; {
			r, next, ok := nextRef(c.in, from, known)
			if !ok {
				break
			}
			if index, isKnown := known[r.stepID]; (isKnown && r.first != index) || (!isKnown && r.first != -1) {
				t.Errorf("nextRef(%q): step %q at %d", c.in, r.stepID, r.first)
			}
			got = append(got, foundRef{r.text, r.stepID})
			from = next
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("nextRef(%q) = %+v, want %+v", c.in, got, c.want)
		}
		if hasRef(c.in) != (len(c.want) > 0) {
			t.Errorf("hasRef(%q) = %v", c.in, !(len(c.want) > 0))
		}
	}
}

// The walk reports each string at its JSON Pointer with the key that
// holds it, array elements under their array's key.
func TestWalkPathsAndKeys(t *testing.T) {
	params := map[string]any{"b": []any{"x", map[string]any{"a/b": "y~"}}, "a": "z", "n": 1, "token": []any{"ghp_" + strings.Repeat("a", 36)},
		"password": "hunter22", "": "{{s9.result}}"}
	r := validate(t, plan(step("s0", "notify.send", params)), nil)
	got := map[string]bool{}
	for _, v := range r.Violations {
		got[v.Rule+" "+v.Path] = true
	}
	for _, want := range []string{
		"secret.raw /steps/0/parameters/token/0",
		"secret.raw /steps/0/parameters/password",
		"ref.unknown_step /steps/0/parameters/",
	} {
		if !got[want] {
			t.Errorf("no %s in %v", want, got)
		}
	}
	v := &validator{}
	v.pushKey("a/b~")
	v.pushIndex(12)
	v.pushKey("")
	if p := v.pointer(); p != "/a~1b~0/12/" {
		t.Errorf("pointer %q", p)
	}
	v.pop()
	v.pop()
	if p := v.pointer(); p != "/a~1b~0" {
		t.Errorf("pointer after pop %q", p)
	}
}

func TestIDSetGrowsPastSmall(t *testing.T) {
	var s idSet
	for round := 0; round < 2; round++ {
		s.reset()
		for i := 0; i < 3*idSetSmall; i++ {
			id := fmt.Sprint("s", i)
			if !s.add(id) {
				t.Fatalf("round %d: %s reported as seen", round, id)
			}
			for j := 0; j <= i; j++ {
				if s.add(fmt.Sprint("s", j)) {
					t.Fatalf("round %d: s%d reported as new after %s", round, j, id)
				}
			}
		}
	}
}

// templateSpansByByte is the plain definition of what nextTemplate finds
// one by one: look at every position in turn.
func templateSpansByByte(s string, yield func(start, end int, expr string)) {
	for i := 0; i < len(s)-1; i++ {
		switch {
		case s[i] == '{' && s[i+1] == '{':
			end := strings.Index(s[i+2:], "}}")
			if end < 0 {
				return
			}
			if k := strings.LastIndex(s[i+2:i+2+end], "{{"); k >= 0 {
				i += 2 + k - 1
				continue
			}
			yield(i, i+2+end+2, s[i+2:i+2+end])
			i += 2 + end + 1
		case s[i] == '$' && s[i+1] == '{' && (i+2 >= len(s) || s[i+2] != '{'):
			end := strings.IndexByte(s[i+2:], '}')
			if end < 0 {
				return
			}
			yield(i, i+2+end+1, s[i+2:i+2+end])
			i += 2 + end
		}
	}
}

func TestTemplateSpansMatchesDefinition(t *testing.T) {
	spans := func(f func(string, func(int, int, string)), s string) []string {
		var out []string
		f(s, func(start, end int, expr string) { out = append(out, fmt.Sprint(start, " ", end, " ", expr)) })
		return out
	}
	templateSpans := func(s string, yield func(start, end int, expr string)) {
		for from := 0; ; {
			start, end, expr, ok := nextTemplate(s, from)
			if !ok {
				return
			}
			yield(start, end, expr)
			from = end
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "{{}}$$ax."
	for n := 0; n < 200000; n++ {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := spans(templateSpans, s), spans(templateSpansByByte, s); !reflect.DeepEqual(got, want) {
			t.Fatalf("nextTemplate over %q: %q, want %q", s, got, want)
		}
	}
}

func TestLastIndexPair(t *testing.T) {
	for _, s := range []string{"", "{", "{{", "a{{b", "{{a{{", "{a{", "{{{", "x{{{y{", "}}"} {
		if got, want := lastIndexPair(s, '{'), strings.LastIndex(s, "{{"); got != want {
			t.Errorf("lastIndexPair(%q) = %d, want %d", s, got, want)
		}
	}
}
