package agentplan

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// secretCandidates must pick exactly the patterns whose anchors occur in
// the lower-cased text, for any text: the regexps of the others are not
// run.
func TestSecretCandidatesMatchLowerCase(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := secretCandidates(s), secretCandidatesLowered(strings.ToLower(s)); got != want {
			t.Fatalf("secretCandidates(%q) = %b, want %b", s, got, want)
		}
	}
	for _, s := range []string{
		"", "plain text", "AKIAIOSFODNN7EXAMPLE", "-----BEGIN RSA PRIVATE KEY-----", "eyJhbGciOi",
		"ghp_x", "GITHUB_PAT_", "xoxb-1", "sk-proj-abc", "postgres://u:p@h", "PassWord=1", "pwd",
		"ak\u0130a", "as\u0130a", "s\u212A-", "private \u212Aey", "\u0130", "\u212A", "\u0131", "\u017f",
		"a\xffkia", "\xc4", "\xe2\x84", "…akia…", "paid", "agpaida",
	} {
		check(s)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "A", "k", "K", "i", "I", "s", "S", "g", "p", "P", "d", "r", "o", "n", "v", "e", "y", "Y", "j", "J",
		"h", "t", "u", "b", "_", "x", "X", "-", ":", "/", " ", "w", "W", "c", "\u0130", "\u212A", "\u0131", "\u017f", "…", "\xff", "\xc4", "\xe2",
		"akia", "private key", "github_pat_", "passw", "://", "eyj", "xox", "sk-"}
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for k := rng.IntN(10); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		check(b.String())
	}
}
