package results

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// formulaPiece reports whether some piece of s that a spreadsheet could
// split off (on , ; ؛ tab or a line end) starts, past spaces and quotes,
// with a formula's first character.
func formulaPiece(s string) bool {
	pieces := strings.FieldsFunc("\x00"+s, func(r rune) bool {
		return r == ',' || r == ';' || r == '؛' || r == '\t' || r == '\n' || r == '\r'
	})
	for i, p := range pieces {
		if i == 0 {
			p = p[1:]
		}
		p = strings.TrimLeft(p, ` "`)
		if p != "" && strings.ContainsRune("=+-@", rune(p[0])) {
			return true
		}
	}
	return false
}

func TestNeutraliseEveryPiece(t *testing.T) {
	for in, want := range map[string]string{
		"خوب بود":          "خوب بود",
		"=1+1":             "'=1+1",
		"x;=2+3;":          "x;'=2+3;",
		"x؛ =2+3":          "x؛ '=2+3",
		`c;"=1+1"`:         `c;"'=1+1"`,
		"a,-1,+2,@3":       "a,'-1,'+2,'@3",
		"\t=1":             "'\t'=1",
		"0084575948":       "\u20600084575948",
		"6037991234567890": "\u20606037991234567890",
		"1234":             "1234",
		"09121234567 x":    "09121234567 x",
		"a-b+c=d":          "a-b+c=d",
	} {
		t.Run(in, func(t *testing.T) {
			if got := neutralise(textCell(in)); got != want {
				t.Fatalf("neutralise(%q) = %q, want %q", in, got, want)
			}
		})
	}
	if got := neutralise(numCell(-3, "-3")); got != "-3" {
		t.Fatalf("a number became %q", got)
	}
}

// FuzzNeutralise: whatever a respondent types, no piece of the cell a
// spreadsheet could split off starts a formula, and taking out the
// apostrophes added gives the text back.
func FuzzNeutralise(f *testing.F) {
	for _, s := range []string{"x;=2+3;", "=1", "a\n-1", `"@x`, "0012", "؛+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		out := neutralise(textCell(s))
		if formulaPiece(out) {
			t.Fatalf("neutralise(%q) = %q still has a formula piece", s, out)
		}
		if !strings.Contains(strings.ReplaceAll(out, "'", ""), strings.ReplaceAll(s, "'", "")) {
			t.Fatalf("neutralise(%q) = %q lost text", s, out)
		}
	})
}
