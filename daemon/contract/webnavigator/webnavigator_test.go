package webnavigator

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/golden"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/schematest"
)

// plan wraps actions (JSON text, comma-separated) in a valid envelope.
func plan(actions string) string {
	return `{"plan": {"id": "p1", "description": "test", "actions": [` + actions + `], "output": {"type": "json", "max_results": 5}}}`
}

func validate(t testing.TB, doc string, opts contract.Options) contract.Report {
	t.Helper()
	v, err := contract.Decode([]byte(doc))
	if err != nil {
		t.Fatalf("decode %s: %v", doc, err)
	}
	return New().Validate(context.Background(), v, opts)
}

func found(r contract.Report) string {
	var out []string
	for _, v := range r.Violations {
		out = append(out, v.Step+" "+v.Path+" "+v.Rule)
	}
	return strings.Join(out, ", ")
}

const open = `{"id": "a1", "type": "goto", "url": "https://example.com/", "description": "Open"}`

func TestRules(t *testing.T) {
	cases := []struct{ name, doc, want string }{
		{"typical plan", plan(open + `, {"id": "a2", "type": "click", "selector": "a.next", "description": "Next"}`), ""},
		{"root not object", `[]`, "  schema.type"},
		{"plan not object", `{"plan": "go"}`, " /plan schema.type"},
		{"plan missing", `{}`, " /plan schema.missing_field"},
		{"actions null", `{"plan": {"id": "p", "description": "d", "actions": null, "output": {"type": "json"}}}`, " /plan/actions schema.missing_field"},
		{"actions not array", `{"plan": {"id": "p", "description": "d", "actions": {}, "output": {"type": "json"}}}`, " /plan/actions schema.type"},
		{"action not object", plan(open + `, "click"`), "1 /plan/actions/1 schema.type"},
		{"label is the index without an id", plan(`{"type": "back", "description": "Back"}`), "0 /plan/actions/0/id schema.missing_field"},

		{"url without host", plan(`{"id": "a1", "type": "goto", "url": "https://", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url relative", plan(`{"id": "a1", "type": "goto", "url": "//example.com/a", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url file", plan(`{"id": "a1", "type": "goto", "url": "file:///etc/passwd", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url data", plan(`{"id": "a1", "type": "goto", "url": "data:text/html,<b>x</b>", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url javascript upper case", plan(`{"id": "a1", "type": "goto", "url": "JAVASCRIPT:alert(1)", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url with leading space", plan(`{"id": "a1", "type": "goto", "url": " https://example.com", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url on download checked too", plan(`{"id": "a1", "type": "download", "selector": "a", "url": "ftp://example.com/f", "description": "Get"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url empty", plan(`{"id": "a1", "type": "goto", "url": "", "description": "Open"}`), "a1 /plan/actions/0/url url.scheme"},
		{"url null is no url", plan(`{"id": "a1", "type": "goto", "url": null, "description": "Open"}`), "a1 /plan/actions/0/url action.requires_url"},
		{"selector null is no selector", plan(`{"id": "a1", "type": "click", "selector": null, "description": "Click"}`), "a1 /plan/actions/0/selector action.requires_selector"},
		{"selector empty", plan(`{"id": "a1", "type": "click", "selector": " ", "description": "Click"}`), "a1 /plan/actions/0/selector schema.invalid"},
		{"value for press", plan(`{"id": "a1", "type": "press", "description": "Press"}`), "a1 /plan/actions/0/value action.requires_value"},
		{"value boolean", plan(`{"id": "a1", "type": "fill", "selector": "#q", "value": true, "description": "Fill"}`), "a1 /plan/actions/0/value schema.type"},

		{"pause by number", plan(`{"id": "a1", "type": "pause", "value": 500, "description": "Wait"}`), ""},
		{"pause by numeric string", plan(`{"id": "a1", "type": "pause", "value": " 12.5 ", "description": "Wait"}`), ""},
		{"pause by millis", plan(`{"id": "a1", "type": "pause", "wait_for": {"millis": 100}, "description": "Wait"}`), ""},
		{"wait below 100 ms", plan(`{"id": "a1", "type": "pause", "wait_for": {"millis": 99}, "description": "Wait"}`), "a1 /plan/actions/0/wait_for/millis wait_for.invalid"},
		{"output optional", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `]}}`, ""},
		{"output text refused", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `], "output": {"type": "text", "max_results": 100}}}`, " /plan/output/type output.type"},
		{"max_results above 100", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `], "output": {"type": "csv", "max_results": 101}}}`, " /plan/output/max_results output.max_results"},
		{"blank press value", plan(`{"id": "a1", "type": "press", "value": " ", "description": "Key"}`), "a1 /plan/actions/0/value action.requires_value"},
		{"blank description", plan(`{"id": "a1", "type": "back", "description": ""}`), "a1 /plan/actions/0/description schema.invalid"},
		{"pause negative", plan(`{"id": "a1", "type": "pause", "value": -5, "description": "Wait"}`), "a1 /plan/actions/0/value pause.requires_duration"},
		{"pause words", plan(`{"id": "a1", "type": "pause", "value": "a while", "description": "Wait"}`), "a1 /plan/actions/0/value pause.requires_duration"},
		{"pause by selector only", plan(`{"id": "a1", "type": "pause", "wait_for": {"selector": "#x"}, "description": "Wait"}`), "a1 /plan/actions/0 pause.requires_duration"},
		{"pause nothing", plan(`{"id": "a1", "type": "pause", "description": "Wait"}`), "a1 /plan/actions/0 pause.requires_duration"},

		{"wait_for action by own selector", plan(`{"id": "a1", "type": "wait_for", "selector": "#x", "description": "Wait"}`), ""},
		{"wait_for action by millis", plan(`{"id": "a1", "type": "wait_for", "wait_for": {"millis": 100}, "description": "Wait"}`), ""},
		{"wait_for action with nothing", plan(`{"id": "a1", "type": "wait_for", "description": "Wait"}`), "a1 /plan/actions/0 wait_for.invalid"},
		{"wait_for not object", plan(`{"id": "a1", "type": "back", "wait_for": "#x", "description": "Back"}`), "a1 /plan/actions/0/wait_for wait_for.invalid"},
		{"wait_for empty", plan(`{"id": "a1", "type": "back", "wait_for": {}, "description": "Back"}`), "a1 /plan/actions/0/wait_for wait_for.invalid"},
		{"wait_for timeout only", plan(`{"id": "a1", "type": "back", "wait_for": {"timeout": 500}, "description": "Back"}`), "a1 /plan/actions/0/wait_for wait_for.invalid"},
		{"wait_for bad millis", plan(`{"id": "a1", "type": "back", "wait_for": {"millis": "soon"}, "description": "Back"}`), "a1 /plan/actions/0/wait_for/millis wait_for.invalid"},
		{"wait_for extra", plan(`{"id": "a1", "type": "back", "wait_for": {"millis": 100, "state": "idle"}, "description": "Back"}`), "a1 /plan/actions/0/wait_for/state schema.extra_field"},

		{"retry fine", plan(`{"id": "a1", "type": "back", "retry": {"count": 5, "delay": 0}, "description": "Back"}`), ""},
		{"retry count written 1e0", plan(`{"id": "a1", "type": "back", "retry": {"count": 1e0}, "description": "Back"}`), ""},
		{"retry count 6", plan(`{"id": "a1", "type": "back", "retry": {"count": 6}, "description": "Back"}`), "a1 /plan/actions/0/retry/count retry.count"},
		{"retry count fraction", plan(`{"id": "a1", "type": "back", "retry": {"count": 2.5}, "description": "Back"}`), "a1 /plan/actions/0/retry/count retry.count"},
		{"retry count string", plan(`{"id": "a1", "type": "back", "retry": {"count": "2"}, "description": "Back"}`), "a1 /plan/actions/0/retry/count retry.count"},
		{"retry delay negative", plan(`{"id": "a1", "type": "back", "retry": {"delay": -1}, "description": "Back"}`), "a1 /plan/actions/0/retry/delay retry.delay"},
		{"retry not object", plan(`{"id": "a1", "type": "back", "retry": [2], "description": "Back"}`), "a1 /plan/actions/0/retry schema.type"},

		{"scroll bottom", plan(`{"id": "a1", "type": "scroll", "value": "bottom", "description": "Down"}`), ""},
		{"scroll y only", plan(`{"id": "a1", "type": "scroll", "value": "{\"y\": 3}", "description": "Down"}`), ""},
		{"scroll top", plan(`{"id": "a1", "type": "scroll", "value": "top", "description": "Up"}`), "a1 /plan/actions/0/value scroll.value"},
		{"scroll other key", plan(`{"id": "a1", "type": "scroll", "value": {"x": 1, "z": 2}, "description": "Down"}`), "a1 /plan/actions/0/value scroll.value"},
		{"scroll empty object", plan(`{"id": "a1", "type": "scroll", "value": {}, "description": "Down"}`), "a1 /plan/actions/0/value scroll.value"},
		{"scroll string coordinates", plan(`{"id": "a1", "type": "scroll", "value": {"x": "1"}, "description": "Down"}`), "a1 /plan/actions/0/value scroll.value"},
		{"scroll bad JSON string", plan(`{"id": "a1", "type": "scroll", "value": "{\"y\": ", "description": "Down"}`), "a1 /plan/actions/0/value scroll.value"},

		{"extract attr empty", plan(`{"id": "a1", "type": "scrape", "selector": "a", "extract": {"type": "attr", "attr": ""}, "store_as": "x", "description": "Links"}`), "a1 /plan/actions/0/extract/attr extract.attr_required"},
		{"extract attr not string", plan(`{"id": "a1", "type": "scrape", "selector": "a", "extract": {"type": "text", "attr": 5}, "store_as": "x", "description": "Links"}`), "a1 /plan/actions/0/extract/attr schema.type"},
		{"extract type missing", plan(`{"id": "a1", "type": "scrape", "selector": "a", "extract": {}, "store_as": "x", "description": "Links"}`), "a1 /plan/actions/0/extract/type schema.missing_field"},
		{"extract not object", plan(`{"id": "a1", "type": "scrape", "selector": "a", "extract": "text", "store_as": "x", "description": "Links"}`), "a1 /plan/actions/0/extract schema.type"},

		{"output csv and no max", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `], "output": {"type": "csv"}}}`, ""},
		{"output max fraction", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `], "output": {"type": "json", "max_results": 2.5}}}`, " /plan/output/max_results output.max_results"},
		{"output max string", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `], "output": {"type": "json", "max_results": "5"}}}`, " /plan/output/max_results output.max_results"},
		{"output not object", `{"plan": {"id": "p", "description": "d", "actions": [` + open + `], "output": "json"}}`, " /plan/output schema.type"},
		{"type unknown, conditions skipped", plan(`{"id": "a1", "type": "hover", "description": "Hover"}`), "a1 /plan/actions/0/type action.type_not_allowed"},
		{"type not string", plan(`{"id": "a1", "type": 3, "description": "Hover"}`), "a1 /plan/actions/0/type schema.type"},
		{"duplicate ids", plan(open + `,` + open + `,` + open), "a1 /plan/actions/1/id action.duplicate_id, a1 /plan/actions/2/id action.duplicate_id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validate(t, c.doc, contract.Options{})
			if got := found(r); got != c.want {
				t.Fatalf("got  %q\nwant %q", got, c.want)
			}
			errs := false
			for _, v := range r.Violations {
				errs = errs || v.Severity == contract.SeverityError
				if v.Message == "" || v.Fix == "" {
					t.Errorf("%s without message or fix", v.Rule)
				}
			}
			if r.Valid == errs || (r.Normalized != nil) != r.Valid || r.RiskScore != 0 {
				t.Fatalf("valid=%v normalized=%v risk=%v with errors=%v", r.Valid, r.Normalized != nil, r.RiskScore, errs)
			}
		})
	}
}

func TestActionCountBounds(t *testing.T) {
	many := func(n int) string {
		var acts []string
		for i := 0; i < n; i++ {
			acts = append(acts, `{"id": "a`+strings.Repeat("x", i)+`", "type": "back", "description": "Back"}`)
		}
		return plan(strings.Join(acts, ","))
	}
	for n, want := range map[int]string{0: " /plan/actions plan.actions_count", 1: "", 20: "", 21: " /plan/actions plan.actions_count"} {
		if got := found(validate(t, many(n), contract.Options{})); got != want {
			t.Errorf("%d actions: %q, want %q", n, got, want)
		}
	}
}

func TestPersianMessages(t *testing.T) {
	r := validate(t, plan(`{"id": "a1", "type": "goto", "url": "javascript:x", "description": "Open", "retry": {"count": 9}}`), contract.Options{Locale: "fa_IR"})
	if len(r.Violations) != 2 {
		t.Fatalf("%s", found(r))
	}
	for _, v := range r.Violations {
		if !strings.ContainsAny(v.Message, "ابپتسشیمن") || !strings.ContainsAny(v.Fix, "ابپتسشیمن") {
			t.Errorf("%s not in Persian: %q / %q", v.Rule, v.Message, v.Fix)
		}
	}
	if !strings.Contains(r.Violations[0].Message, "۰ تا ۵") {
		t.Errorf("retry bound not in Persian digits: %q", r.Violations[0].Message)
	}
}

func FuzzWebNav(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "contracts", "web-navigator-v1", "*.json"))
	for _, file := range files {
		if !strings.HasSuffix(file, ".golden.json") && !strings.HasSuffix(file, ".options.json") && !strings.HasPrefix(filepath.Base(file), "_") {
			data, _ := os.ReadFile(file)
			f.Add(string(data))
		}
	}
	f.Add(plan(`{"id": "a1", "type": "scroll", "value": "{\"x\": 1e400}", "description": "x"}`))
	schema, err := schematest.Compile(Name, New().Schema())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := contract.Decode([]byte(s))
		if err != nil {
			return
		}
		r1 := New().Validate(context.Background(), doc, contract.Options{Locale: "fa_IR"})
		r2 := New().Validate(context.Background(), doc, contract.Options{Locale: "fa_IR"})
		b1, _ := json.Marshal(r1)
		b2, _ := json.Marshal(r2)
		if !bytes.Equal(b1, b2) {
			t.Fatalf("not deterministic:\n%s\n%s", b1, b2)
		}
		resorted := contract.Finish(contract.Report{Violations: append([]contract.Violation(nil), r1.Violations...)})
		if !reflect.DeepEqual(resorted.Violations, r1.Violations) {
			t.Fatalf("violations out of order: %+v", r1.Violations)
		}
		if !r1.Valid {
			return
		}
		// A valid plan is its own normal form, revalidates the same, and
		// passes the published schema.
		again := New().Validate(context.Background(), r1.Normalized, contract.Options{Locale: "fa_IR"})
		if b3, _ := json.Marshal(again); !bytes.Equal(b1, b3) {
			t.Fatalf("the normalised plan does not revalidate the same:\n%s\n%s", b1, b3)
		}
		if vs := schematest.Violations(schema, doc, "en"); len(vs) != 0 {
			t.Fatalf("valid for the contract but not for its schema: %+v", vs)
		}
	})
}

// TestPublishedSchema keeps the schema readable beside the fixtures, so
// that a change to it shows in review; go test ./daemon/contract/...
// -update rewrites it.
func TestPublishedSchema(t *testing.T) {
	var v any
	if err := json.Unmarshal(New().Schema(), &v); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("..", "..", "..", "testdata", "contracts", "web-navigator-v1", "_schema.json"), golden.JSON(t, v))
}

// FuzzPlainWebURL: a URL taken without parsing is one url.Parse takes
// as an absolute http or https URL with a host.
func FuzzPlainWebURL(f *testing.F) {
	for _, s := range []string{"https://www.example.com/search?page=1", "http://a", "https://a.b/c#d", "HTTP://X/", "https://", "https://a:80/",
		"https://a b/", "https://a/%zz", "https://user@a/", "https://[::1]/", "javascript:alert(1)", "https://a/\x7f", "https://a?\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !plainWebURL(s) {
			return
		}
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			t.Fatalf("plainWebURL(%q) is true; url.Parse: %#v, %v", s, u, err)
		}
	})
}

func TestPlainWebURL(t *testing.T) {
	for s, want := range map[string]bool{
		"https://www.example.com/search?page=1": true, "http://a": true, "https://a.b/c#d": true, "HTTPS://X?q": true,
		"https://": false, "https://a:80/": false, "https://a b/": false, "https://a/%20": false, "https://user@a/": false,
		"https://[::1]/": false, "ftp://a/": false, "https://a/é": false, "Https://a/": false,
	} {
		if got := plainWebURL(s); got != want {
			t.Errorf("plainWebURL(%q) = %v, want %v", s, got, want)
		}
	}
}
