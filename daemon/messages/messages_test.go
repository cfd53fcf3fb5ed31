package messages

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// keysInCode parses every shipped Go file of the module and returns each
// catalogue key a call names (domain.Errorf, Wrap, InvalidParams, T, and
// the transport's newError and clientMessage),
// with where; a key that is not a string literal is reported unless it
// passes on a Text's own key (text.Key).
func keysInCode(t *testing.T) (map[string][]string, []string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}`, "github.com/arshline/arshline-sidecar/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	files := strings.Fields(string(out))
	if len(files) < 50 {
		t.Fatalf("go list found only %d files", len(files))
	}
	keyArg := map[string]int{"Errorf": 1, "Wrap": 2, "InvalidParams": 0, "T": 0, "newError": 1, "clientMessage": 0}
	keys := map[string][]string{}
	var bad []string
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		inDomain := f.Name.Name == "domain"
		inRPC := f.Name.Name == "rpc"
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fn := c.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && x.Name == "domain" {
					name = fn.Sel.Name
				}
			case *ast.Ident:
				if inDomain || inRPC && (fn.Name == "newError" || fn.Name == "clientMessage") {
					name = fn.Name
				}
			}
			i, ok := keyArg[name]
			if !ok || len(c.Args) <= i {
				return true
			}
			where := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path) + ":" + strconv.Itoa(fset.Position(c.Pos()).Line)
			switch a := c.Args[i].(type) {
			case *ast.BasicLit:
				k, err := strconv.Unquote(a.Value)
				if err != nil {
					t.Fatal(err)
				}
				keys[k] = append(keys[k], where)
				// A T without arguments is a template whose arguments
				// come later (T(t.Key, args...)).
				template := name == "T" && len(c.Args) == 1
				if n := len(sampleArgs(domain.English(k))); !template && !c.Ellipsis.IsValid() && len(c.Args)-i-1 < n {
					bad = append(bad, where+": the key asks for "+strconv.Itoa(n)+" arguments")
				}
			case *ast.SelectorExpr:
				if a.Sel.Name != "Key" {
					bad = append(bad, where)
				}
			case *ast.Ident:
				if a.Name != "key" { // a constructor passing its own on
					bad = append(bad, where)
				}
			default:
				bad = append(bad, where)
			}
			return true
		})
	}
	return keys, bad
}

// TestCatalogue fails when a key the code uses has no Persian text, when
// the catalogue holds a text nothing uses, or when a key is not a
// literal the test can read.
func TestCatalogue(t *testing.T) {
	keys, bad := keysInCode(t)
	if len(keys) < 100 {
		t.Fatalf("found only %d keys in the code", len(keys))
	}
	t.Run("every key is a literal given its arguments", func(t *testing.T) {
		for _, where := range bad {
			t.Errorf("%s: the key is not a string literal with its arguments, so its texts cannot be checked", where)
		}
	})
	t.Run("every key has its Persian text", func(t *testing.T) {
		var missing []string
		for k, wheres := range keys {
			if !Has(k) {
				missing = append(missing, strconv.Quote(k)+" ("+strings.Join(wheres, ", ")+")")
			}
		}
		sort.Strings(missing)
		for _, m := range missing {
			t.Errorf("no Persian text for %s", m)
		}
	})
	t.Run("every Persian text is used", func(t *testing.T) {
		for _, k := range Keys() {
			if _, ok := keys[k]; !ok {
				t.Errorf("the catalogue's %q is used nowhere", k)
			}
		}
	})
}

var verb = regexp.MustCompile(`%[-+# 0]*\d*(?:\.\d+)?(?:\[(\d+)\])?([a-zA-Z%])`)

// sampleArgs are arguments of the kinds the verbs of the formats take,
// the first format deciding: a number for %d and %v, a string otherwise.
func sampleArgs(formats ...string) []any {
	var args []any
	for _, f := range formats {
		n := 0
		for _, m := range verb.FindAllStringSubmatch(f, -1) {
			if m[2] == "%" {
				continue
			}
			if m[1] != "" {
				n, _ = strconv.Atoi(m[1])
			} else {
				n++
			}
			for len(args) < n {
				args = append(args, nil)
			}
			if args[n-1] == nil {
				args[n-1] = "x"
				if m[2] == "d" || m[2] == "v" {
					args[n-1] = 7
				}
			}
		}
	}
	return args
}

// TestPersianFormats renders every entry with arguments of the kinds its
// English verbs take (and, for an argument only the Persian text shows,
// its Persian verb), and fails when a text formats one wrongly or leaves
// one out without saying so.
func TestPersianFormats(t *testing.T) {
	for _, k := range Keys() {
		args := sampleArgs(domain.English(k), persian[k])
		for _, locale := range []string{"fa_IR", "en_US"} {
			if s := Localize(locale, k, args); strings.Contains(s, "%!") {
				t.Errorf("%s: %q renders as %q", locale, k, s)
			}
		}
	}
}

func TestRender(t *testing.T) {
	t.Run("Persian digits for %d, Latin for %v", func(t *testing.T) {
		if got := Localize("fa_IR", "limit must be 1 to %d", []any{200}); got != "limit باید از ۱ تا ۲۰۰ باشد" {
			t.Errorf("%%d: %q", got)
		}
		if got := Localize("fa_IR", "q is at most %d bytes", []any{300}); got != "q حداکثر 300 بایت است" {
			t.Errorf("%%v: %q", got)
		}
		if got := Localize("en_US", "limit must be 1 to %d", []any{200}); got != "limit must be 1 to 200" {
			t.Errorf("English: %q", got)
		}
	})
	t.Run("a text inside a text is rendered in the same language", func(t *testing.T) {
		inner := domain.Errorf(domain.CodeInvalidPlan, "move_field needs to")
		outer := domain.T("step %d (%s) failed, nothing was changed: %s", 2, "move_field", inner)
		if got := Render("fa_IR", outer); got != "گام ۲ (move_field) انجام نشد و هیچ تغییری اعمال نشد: move_field به جایگاه مقصد (to) نیاز دارد" {
			t.Errorf("Persian: %q", got)
		}
		if got, want := Render("en_US", outer), "step 2 (move_field) failed, nothing was changed: move_field needs to"; got != want || outer.String() != want {
			t.Errorf("English: %q / %q", got, outer.String())
		}
	})
	t.Run("a text written in both languages", func(t *testing.T) {
		b := domain.Both{EN: "must be a number", FA: "باید عدد باشد"}
		if got := Render("fa_IR", domain.T("the receiver: %s", b)); got != "گیرنده: باید عدد باشد" {
			t.Errorf("Persian: %q", got)
		}
		if got := Render("en_US", domain.T("the receiver: %s", b)); got != "the receiver: must be a number" {
			t.Errorf("English: %q", got)
		}
	})
	t.Run("a key with a context", func(t *testing.T) {
		k := "submissions\x04form_id must be a positive integer"
		if got := Localize("en_US", k, nil); got != "form_id must be a positive integer" {
			t.Errorf("English: %q", got)
		}
		if got := Localize("fa_IR", k, nil); got != "form_id باید عدد صحیح مثبت باشد" {
			t.Errorf("Persian: %q", got)
		}
		if got := domain.Errorf(domain.CodeInvalidParams, k).Error(); got != "INVALID_PARAMS: form_id must be a positive integer" {
			t.Errorf("log: %q", got)
		}
	})
	t.Run("lists are joined in the text's language", func(t *testing.T) {
		items := []string{"a", "b", "c"}
		for _, tc := range []struct {
			name   string
			list   domain.Text
			en, fa string
		}{
			{"List", domain.List(items), "a, b, c", "a، b، c"},
			{"Alternatives", domain.Alternatives(items), "a or b or c", "a یا b یا c"},
			{"Conjunction", domain.Conjunction(items), "a and b and c", "a و b و c"},
			{"Clauses", domain.Clauses(items), "a; b; c", "a؛ b؛ c"},
			{"one item", domain.List(items[:1]), "a", "a"},
			{"no item", domain.List(nil), "", ""},
		} {
			if en, fa := Render("en_US", tc.list), Render("fa_IR", tc.list); en != tc.en || fa != tc.fa || tc.list.String() != tc.en {
				t.Errorf("%s: %q / %q / %q", tc.name, en, fa, tc.list.String())
			}
		}
	})
	t.Run("each Persian format is resolved once, as the catalogue says it", func(t *testing.T) {
		if len(persianFormats) != len(persian) {
			t.Fatalf("%d formats resolved of %d entries", len(persianFormats), len(persian))
		}
		for k := range persian {
			if f, ok := persianFormat(k); !ok || persianFormats[k] != f {
				t.Errorf("%q: resolved %q, the catalogue says %q", k, persianFormats[k], f)
			}
		}
	})
	t.Run("a key without a Persian text falls back to English", func(t *testing.T) {
		if got := Localize("fa_IR", "no such key %d", []any{5}); got != "no such key 5" {
			t.Errorf("%q", got)
		}
	})
}
