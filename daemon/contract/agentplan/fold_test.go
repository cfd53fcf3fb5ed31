package agentplan

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The ASCII shortcuts must agree with strings.ToUpper and strings.ToLower
// on any text, including the non-ASCII letters that fold into ASCII.
func TestFoldHelpersMatchUnicode(t *testing.T) {
	words := map[string]int{"PASSWORD": 1, "S": 2, "API_KEY": 3, "I": 4, "K": 5}
	table := newUpperTable(words)
	pieces := []string{"a", "P", "s", "S", "w", "o", "r", "d", "_", "k", "K", "i", "I", "e", "y",
		"\u017f", "\u0131", "\u0130", "\u212A", "é", "\xff", "password", "api_key", "PaSsWoRd"}
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 50000; n++ {
		var b strings.Builder
		for k := rng.IntN(5); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		want, wantOK := words[strings.ToUpper(s)]
		if got, ok := table.lookup(s, isASCII(s)); got != want || ok != wantOK {
			t.Fatalf("lookup(%q) = %d, %v; want %d, %v", s, got, ok, want, wantOK)
		}
		if table.has(s) != wantOK {
			t.Fatalf("has(%q) = %v", s, !wantOK)
		}
		for _, lower := range []string{strings.ToLower(s), "password", "k", "i", ""} {
			if got := isLower(lower, s); got != (lower == strings.ToLower(s)) {
				t.Fatalf("isLower(%q, %q) = %v", lower, s, got)
			}
		}
	}
	long := strings.Repeat("x", 40)
	if _, ok := newUpperTable(map[string]bool{strings.ToUpper(long): true}).lookup(long, true); !ok {
		t.Error("a long word was not found")
	}
}

func TestUpperTableRefusesWordsItCannotFind(t *testing.T) {
	for _, w := range []string{"password", "", "PASSWÖRD"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("newUpperTable accepted %q", w)
				}
			}()
			newUpperTable(map[string]bool{w: true})
		}()
	}
}

func TestMatchToolFoldsCase(t *testing.T) {
	for _, c := range []struct {
		pattern, tool string
		want          bool
	}{
		{"payments.*", "Payments.Transfer", true},
		{"PAYMENTS.REFUND", "payments.refund", true},
		{"db.query", "db.query_ro", false},
		// strings.ToLower turns the Kelvin sign into "k"; the matcher
		// takes the general path for it.
		{"kv.*", "\u212Av.get", true},
		{"\u212Av.*", "kv.get", true},
		{"é.*", "É.x", true},
		// "ſ" upper-cases to "S" but does not lower-case to "s".
		{"sql.*", "\u017fql.x", false},
	} {
		if got := matchTool(c.pattern, c.tool, false); got != c.want {
			t.Errorf("matchTool(%q, %q) = %v", c.pattern, c.tool, got)
		}
		if ascii := isASCII(c.pattern) && isASCII(c.tool); ascii && matchTool(c.pattern, c.tool, true) != c.want {
			t.Errorf("matchTool(%q, %q), known ASCII, = %v", c.pattern, c.tool, !c.want)
		}
	}
}

func TestResized(t *testing.T) {
	s := resized([]int(nil), 3)
	if len(s) != 3 {
		t.Fatalf("len %d", len(s))
	}
	s[0], s[1], s[2] = 7, 8, 9
	r := resized(s, 2)
	if len(r) != 2 || r[0] != 0 || r[1] != 0 || &r[0] != &s[0] {
		t.Errorf("resized(s, 2) = %v, want two zeros in s's array", r)
	}
	if g := resized(s, 5); len(g) != 5 || g[4] != 0 {
		t.Errorf("resized(s, 5) = %v", g)
	}
}

// A policy with a non-ASCII tool pattern is matched the general way,
// where the Kelvin sign lower-cases to "k".
func TestDenyPatternWithNonASCIILetter(t *testing.T) {
	policy := map[string]any{"deny_tools": []any{"\u212Av.*"}, "allow_tools": []any{"*"}}
	r := validate(t, plan(step("a", "KV.get", map[string]any{}), step("b", "db.query_ro", map[string]any{})), policy)
	if got := findings(r, RuleToolDenied); len(got) != 1 || got[0] != "a /steps/0/tool" {
		t.Errorf("tool.denied findings %q", got)
	}
}

// globByDefinition is what wildcardMatch computes, written the slow way:
// "*" matches any run, other bytes match themselves ignoring ASCII case.
func globByDefinition(pattern, s string) bool {
	if pattern == "" {
		return s == ""
	}
	if pattern[0] == '*' {
		for i := 0; i <= len(s); i++ {
			if globByDefinition(pattern[1:], s[i:]) {
				return true
			}
		}
		return false
	}
	return s != "" && lowerASCII(pattern[0]) == lowerASCII(s[0]) && globByDefinition(pattern[1:], s[1:])
}

func TestWildcardMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	gen := func(alphabet string, n int) string {
		b := make([]byte, rng.IntN(n))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for n := 0; n < 100000; n++ {
		pattern, s := gen("aB.*", 7), gen("AbB.", 9)
		if got, want := wildcardMatch(pattern, s), globByDefinition(pattern, s); got != want {
			t.Fatalf("wildcardMatch(%q, %q) = %v, want %v", pattern, s, got, want)
		}
	}
}
