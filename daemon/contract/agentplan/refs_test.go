package agentplan

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestFindRefs(t *testing.T) {
	known := map[string]int{"s1": 0, "step-001": 1, "a.b": 2, "a": 3}
	cases := []struct {
		in   string
		want []stepRef
	}{
		{"plain text", nil},
		{"{{s1.result}}", []stepRef{{"{{s1.result}}", "s1"}}},
		{"to: {{ s1.result.email }}!", []stepRef{{"{{ s1.result.email }}", "s1"}}},
		{"${s1.result.x} and {{s1.result[0]}}", []stepRef{{"${s1.result.x}", "s1"}, {"{{s1.result[0]}}", "s1"}}},
		// A currency amount is written as ${{step.result.x}}.
		{"balance ${{step-001.result.balance}}", []stepRef{{"{{step-001.result.balance}}", "step-001"}}},
		{"{{a.b.result.c}}", []stepRef{{"{{a.b.result.c}}", "a.b"}}},
		{"{{a.result}}", []stepRef{{"{{a.result}}", "a"}}},
		{"{{ghost.result.x}}", []stepRef{{"{{ghost.result.x}}", "ghost"}}},
		{"{{s1.results}} {{context.user}} ${HOME} {{.result}}", nil},
		{"{{s1.result", nil},
		{"${s1.result", nil},
		{"{{{{s1.result}}}}", []stepRef{{"{{s1.result}}", "s1"}}},
		{"{{{s1.result}}}", []stepRef{{"{{{s1.result}}", "s1"}}},
		{"{{ x {{s1.result}}", []stepRef{{"{{s1.result}}", "s1"}}},
	}
	for _, c := range cases {
		var got []stepRef
		eachRef(c.in, known, func(r stepRef) { got = append(got, r) })
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("eachRef(%q) = %+v, want %+v", c.in, got, c.want)
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
