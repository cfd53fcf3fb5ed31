package document

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
)

// apiExample is API.md's example document.
const apiExample = `{"version": "arshline_form@v1",
 "fields": [
   {"id": "f1", "type": "text", "label": "نام", "required": true,
    "placeholder": null, "help_text": null, "format": null,
    "min_length": null, "max_length": 100, "show_if": null, "page": 1},
   {"id": "f2", "type": "text", "label": "موبایل", "required": true, "format": "mobile_ir"},
   {"id": "f3", "type": "radio", "label": "بیمه", "options": [{"value": "o1", "label": "تأمین اجتماعی"}, {"value": "o2", "label": "آزاد"}]},
   {"id": "f4", "type": "date", "label": "تاریخ مراجعه", "calendar": "jalali", "min": "1405-01-01", "max": null},
   {"id": "f5", "type": "textarea", "label": "توضیح", "show_if": {"field": "f3", "op": "equals", "value": "o2"}}
 ],
 "settings": {"welcome": null, "thank_you": "ممنون از شما", "close_at": null,
              "max_submissions": null, "notify_emails": [], "webhooks": []}}`

func TestAPIExampleParses(t *testing.T) {
	d, err := Parse([]byte(apiExample))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Fields) != 5 || d.Fields[3].Min.Date != "1405-01-01" || d.Fields[4].ShowIf.Value != "o2" || *d.Settings.ThankYou != "ممنون از شما" {
		t.Fatalf("%+v", d)
	}
	again, _ := json.Marshal(d)
	if _, err := Parse(again); err != nil {
		t.Fatalf("re-encoded: %v\n%s", err, again)
	}
}

func TestEveryTypeAndKey(t *testing.T) {
	doc := `{"version":"arshline_form@v1","fields":[
	{"id":"a","type":"text","label":"x","format":"sheba","min_length":2,"max_length":30,"placeholder":"p","help_text":"h\nh","page":1,"required":true},
	{"id":"b","type":"textarea","label":"x","max_length":1000},
	{"id":"c","type":"email","label":"x","unique":true},
	{"id":"c2","type":"text","label":"x","format":"national_code","unique":true},
	{"id":"c3","type":"text","label":"x","unique":false},
	{"id":"d","type":"number","label":"x","min":0,"max":10.5,"step":0.5},
	{"id":"e","type":"radio","label":"x","options":[{"value":"1","label":"یک"},{"value":"2","label":"دو"}]},
	{"id":"f","type":"checkbox","label":"x","options":[{"value":"1","label":"a"},{"value":"2","label":"b"}],"min_select":1,"max_select":2,"show_if":{"field":"e","op":"in","value":["1","2"]}},
	{"id":"g","type":"select","label":"x","options":[{"value":"1","label":"a"}],"page":2},
	{"id":"h","type":"date","label":"x","calendar":"gregorian","min":"2024-02-29","max":"2025-01-01","page":2},
	{"id":"h2","type":"date","label":"x","min":"1403-12-30","page":2},
	{"id":"i","type":"file","label":"x","accept":["image/png","application/pdf","image/*"],"max_size_kb":2048,"max_files":3,"page":2},
	{"id":"j","type":"rating","label":"x","scale":{"min":1,"max":5},"show_if":{"field":"d","op":"answered"},"page":2},
	{"id":"k","type":"matrix","label":"x","rows":["r1","r2"],"cols":["c1","c2"],"page":2},
	{"id":"l","type":"section","label":"x","page":3},
	{"id":"m","type":"html","label":"x","page":3,"html":"<p dir=\"rtl\">سلام <a href=\"https://example.com\">لینک</a></p>"}],
	"settings":{"welcome":"سلام","thank_you":"ممنون","close_at":"2026-12-01T00:00:00Z","max_submissions":100,"notify_emails":["a@example.com"],"webhooks":[{"url":"https://example.com/h"},{"url":"http://127.0.0.1:8080/x"}]},
	"layout":{"pages":[]},"meta":{"x":1}}`
	if _, err := Parse([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	if got := len(FieldTypes()); got != len(domain.FieldTypes) {
		t.Fatalf("schema has %d types, domain %d", got, len(domain.FieldTypes))
	}
	for i, f := range iranformat.Formats() {
		if TextFormats()[i] != string(f) {
			t.Fatalf("format %d: schema %q, iranformat %q", i, TextFormats()[i], f)
		}
	}
}

func TestViolations(t *testing.T) {
	cases := []struct{ name, fields, rule, path string }{
		{"unknown key", `{"id":"a","type":"text","label":"x","onclick":"y"}`, "schema.unknown_key", "/fields/0/onclick"},
		{"key of another type", `{"id":"a","type":"text","label":"x","options":[{"value":"1","label":"a"}]}`, "schema.key_not_for_type", "/fields/0/options"},
		{"unknown type", `{"id":"a","type":"blink","label":"x"}`, "schema.enum", "/fields/0/type"},
		{"unknown format", `{"id":"a","type":"text","label":"x","format":"zip"}`, "schema.enum", "/fields/0/format"},
		{"label too long", `{"id":"a","type":"text","label":"` + strings.Repeat("ب", 501) + `"}`, "schema.max_length", "/fields/0/label"},
		{"blank label", `{"id":"a","type":"text","label":"  "}`, "text.blank", "/fields/0/label"},
		{"control char", `{"id":"a","type":"text","label":"a\u0000b"}`, "text.control", "/fields/0/label"},
		{"choice without options", `{"id":"a","type":"radio","label":"x"}`, "schema.missing_key", "/fields/0/options"},
		{"duplicate id", `{"id":"a","type":"text","label":"x"},{"id":"a","type":"text","label":"y"}`, "field.duplicate_id", "/fields/1/id"},
		{"duplicate option", `{"id":"a","type":"radio","label":"x","options":[{"value":"1","label":"a"},{"value":"1","label":"b"}]}`, "option.duplicate_value", "/fields/0/options/1/value"},
		{"min>max", `{"id":"a","type":"number","label":"x","min":5,"max":1}`, "bound.order", "/fields/0/min"},
		{"length order", `{"id":"a","type":"text","label":"x","min_length":5,"max_length":1}`, "bound.order", "/fields/0/min_length"},
		{"date string for number", `{"id":"a","type":"number","label":"x","min":"1"}`, "schema.type", "/fields/0/min"},
		{"jalali day that does not exist", `{"id":"a","type":"date","label":"x","min":"1404-12-30"}`, "date.invalid", "/fields/0/min"},
		{"gregorian day that does not exist", `{"id":"a","type":"date","label":"x","calendar":"gregorian","max":"2025-02-29"}`, "date.invalid", "/fields/0/max"},
		{"date order", `{"id":"a","type":"date","label":"x","min":"1405-02-01","max":"1405-01-31"}`, "bound.order", "/fields/0/min"},
		{"show_if self", `{"id":"a","type":"text","label":"x","show_if":{"field":"a","op":"answered"}}`, "show_if.self", "/fields/0/show_if/field"},
		{"show_if later", `{"id":"a","type":"text","label":"x","show_if":{"field":"b","op":"answered"}},{"id":"b","type":"text","label":"y"}`, "show_if.not_earlier", "/fields/0/show_if/field"},
		{"show_if option", `{"id":"a","type":"radio","label":"x","options":[{"value":"1","label":"a"}]},{"id":"b","type":"text","label":"y","show_if":{"field":"a","op":"equals","value":"9"}}`, "show_if.unknown_option", "/fields/1/show_if/value"},
		{"show_if op", `{"id":"a","type":"text","label":"x"},{"id":"b","type":"text","label":"y","show_if":{"field":"a","op":"matches","value":"9"}}`, "schema.enum", "/fields/1/show_if/op"},
		{"checkbox bounds", `{"id":"a","type":"checkbox","label":"x","options":[{"value":"1","label":"a"}],"max_select":2}`, "select.bounds", "/fields/0/max_select"},
		{"checkbox order", `{"id":"a","type":"checkbox","label":"x","options":[{"value":"1","label":"a"},{"value":"2","label":"b"}],"min_select":2,"max_select":1}`, "bound.order", "/fields/0/min_select"},
		{"page range", `{"id":"a","type":"text","label":"x","page":21}`, "schema.maximum", "/fields/0/page"},
		{"page order", `{"id":"a","type":"text","label":"x","page":2},{"id":"b","type":"text","label":"y","page":1}`, "page.order", "/fields/1/page"},
		{"unsanitised html", `{"id":"a","type":"html","label":"x","html":"<script>x</script>"}`, "html.unsanitised", "/fields/0/html"},
		{"bad id", `{"id":"1 a","type":"text","label":"x"}`, "schema.pattern", "/fields/0/id"},
		{"rating scale", `{"id":"a","type":"rating","label":"x","scale":{"min":1,"max":11}}`, "schema.maximum", "/fields/0/scale/max"},
		{"file size", `{"id":"a","type":"file","label":"x","max_size_kb":0}`, "schema.minimum", "/fields/0/max_size_kb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(`{"version":"arshline_form@v1","fields":[` + c.fields + `]}`))
			de, ok := err.(*Error)
			if !ok {
				t.Fatalf("got %v", err)
			}
			for _, v := range de.Violations {
				if v.Rule == c.rule && v.Path == c.path {
					if v.MessageEN == "" || v.MessageFA == "" {
						t.Fatalf("messages missing: %+v", v)
					}
					return
				}
			}
			t.Fatalf("want %s at %s, got %+v", c.rule, c.path, de.Violations)
		})
	}
}

// TestUniqueOnlyOnShortAnswers: unique is taken on text and email
// questions and refused on every other type with its own message.
func TestUniqueOnlyOnShortAnswers(t *testing.T) {
	t.Run("allowed", func(t *testing.T) {
		d, err := Parse([]byte(`{"version":"arshline_form@v1","fields":[{"id":"a","type":"text","label":"x","format":"mobile_ir","unique":true},{"id":"b","type":"email","label":"y","unique":null}]}`))
		if err != nil {
			t.Fatal(err)
		}
		if !d.Fields[0].IsUnique() || d.Fields[1].IsUnique() {
			t.Fatalf("IsUnique: %v %v", d.Fields[0].IsUnique(), d.Fields[1].IsUnique())
		}
	})
	for _, typ := range []string{"textarea", "number", "date", "rating", "file", "section"} {
		t.Run("refused on "+typ, func(t *testing.T) {
			_, err := Check(domain.Document{Fields: []map[string]any{{"id": "a", "type": typ, "label": "x", "unique": true}}}, domain.CodeSchemaInvalid)
			de, ok := err.(*domain.Error)
			if !ok || de.Code != domain.CodeSchemaInvalid {
				t.Fatalf("got %v", err)
			}
			vs := de.Data["violations"].([]Violation)
			for _, v := range vs {
				if v.Path == "/fields/0/unique" && v.Rule == "schema.key_not_for_type" {
					if !strings.Contains(v.MessageEN, "only on text and email questions") || !strings.Contains(v.MessageFA, "هر نفر یک‌بار") {
						t.Fatalf("message: %+v", v)
					}
					return
				}
			}
			t.Fatalf("violations %+v", vs)
		})
	}
}

// TestVerifyOnlyOnMobile: verify "otp" is taken on a text question of
// format mobile_ir and refused, with its own message, on a text of
// another format or none and on every other type.
func TestVerifyOnlyOnMobile(t *testing.T) {
	t.Run("allowed on a mobile question", func(t *testing.T) {
		d, err := Parse([]byte(`{"version":"arshline_form@v1","fields":[{"id":"m","type":"text","label":"x","format":"mobile_ir","verify":"otp"},{"id":"n","type":"text","label":"y","format":"mobile_ir","verify":null}]}`))
		if err != nil {
			t.Fatal(err)
		}
		if !d.Fields[0].VerifiesOTP() || d.Fields[1].VerifiesOTP() {
			t.Fatalf("VerifiesOTP: %v %v", d.Fields[0].VerifiesOTP(), d.Fields[1].VerifiesOTP())
		}
	})
	violation := func(t *testing.T, f map[string]any) Violation {
		t.Helper()
		_, err := Check(domain.Document{Fields: []map[string]any{f}}, domain.CodeSchemaInvalid)
		de, ok := err.(*domain.Error)
		if !ok || de.Code != domain.CodeSchemaInvalid {
			t.Fatalf("got %v", err)
		}
		for _, v := range de.Data["violations"].([]Violation) {
			if v.Path == "/fields/0/verify" {
				return v
			}
		}
		t.Fatalf("no violation at /fields/0/verify: %+v", de.Data["violations"])
		return Violation{}
	}
	for name, format := range map[string]any{"no format": nil, "national code": "national_code", "landline": "phone_ir"} {
		t.Run("refused on a text with "+name, func(t *testing.T) {
			f := map[string]any{"id": "a", "type": "text", "label": "x", "verify": "otp"}
			if format != nil {
				f["format"] = format
			}
			v := violation(t, f)
			if v.Rule != "verify.not_mobile" || !strings.Contains(v.MessageEN, "mobile_ir") || !strings.Contains(v.MessageFA, "شمارهٔ همراه") {
				t.Fatalf("violation %+v", v)
			}
		})
	}
	for _, typ := range []string{"textarea", "email", "number"} {
		t.Run("refused on "+typ, func(t *testing.T) {
			v := violation(t, map[string]any{"id": "a", "type": typ, "label": "x", "verify": "otp"})
			if v.Rule != "schema.key_not_for_type" || !strings.Contains(v.MessageEN, "only on mobile questions") || !strings.Contains(v.MessageFA, "شمارهٔ همراه") {
				t.Fatalf("violation %+v", v)
			}
		})
	}
	t.Run("an unknown way of verifying", func(t *testing.T) {
		v := violation(t, map[string]any{"id": "a", "type": "text", "label": "x", "format": "mobile_ir", "verify": "email"})
		if v.Rule != "schema.enum" {
			t.Fatalf("violation %+v", v)
		}
	})
}

func TestDocumentBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"version":"arshline_form@v1","fields":[`)
	for i := 0; i < 201; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"id":"f` + strings.Repeat("1", 1) + string(rune('a'+i%26)) + `","type":"text","label":"x"}`)
	}
	b.WriteString("]}")
	_, err := Parse([]byte(b.String()))
	if de, ok := err.(*Error); !ok || de.Violations[0].Rule != "schema.max_items" && !hasRule(de, "schema.max_items") {
		t.Fatalf("201 fields: %v", err)
	}
	big := `{"version":"arshline_form@v1","fields":[],"meta":{"x":"` + strings.Repeat("a", 600<<10) + `"}}`
	if _, err := Parse([]byte(big)); err == nil || !hasRule(err.(*Error), "document.too_large") {
		t.Fatalf("600 KB: %v", err)
	}
	if _, err := Parse([]byte(`{"version":"arshline_form@v1","fields":[],"extra":1}`)); err == nil || !hasRule(err.(*Error), "schema.unknown_key") {
		t.Fatalf("root key: %v", err)
	}
	if _, err := Parse([]byte(`{"version":"arshline_form@v1","fields":[],"settings":{"webhooks":[{"url":"http://example.com/"}]}}`)); err == nil || !hasRule(err.(*Error), "url.scheme") {
		t.Fatalf("http webhook: %v", err)
	}
}

func hasRule(e *Error, rule string) bool {
	for _, v := range e.Violations {
		if v.Rule == rule {
			return true
		}
	}
	return false
}

func TestCheckSanitisesHTMLAndKeepsText(t *testing.T) {
	label := `<b onclick="x()">JavaScript: online = 1 <iframe> or <div>?</b>`
	d := domain.Document{Fields: []map[string]any{
		{"id": "f1", "type": "text", "label": label},
		{"id": "f2", "type": "html", "label": "x", "html": `<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">l</a> &lt;scr<b></b>ipt&gt;</p>`},
	}}
	out, err := Check(d, domain.CodeSchemaInvalid)
	if err != nil {
		t.Fatal(err)
	}
	if out.Fields[0]["label"] != label {
		t.Fatalf("label changed: %v", out.Fields[0]["label"])
	}
	h := out.Fields[1]["html"].(string)
	if strings.Contains(h, "<script") || strings.Contains(h, "onclick") || strings.Contains(h, "javascript") || len(HTMLThreats(h)) > 0 {
		t.Fatalf("html not sanitised: %s", h)
	}
	if d.Fields[1]["html"] == h {
		t.Fatal("Check changed the caller's map in place or did nothing")
	}
	if _, err := Check(domain.Document{Fields: []map[string]any{{"id": "f1", "type": "nope", "label": "x"}}}, domain.CodeInvalidPlan); domain.ErrorCode(err) != domain.CodeInvalidPlan {
		t.Fatalf("code: %v", err)
	} else if vs, _ := domain.AsError(err).Data["violations"].([]Violation); len(vs) == 0 {
		t.Fatalf("no violations: %v", domain.AsError(err).Data)
	}
}

func TestCheckTitle(t *testing.T) {
	if _, err := CheckTitle(strings.Repeat("ع", 161)); err == nil {
		t.Fatal("161 characters accepted")
	}
	if got, err := CheckTitle("  <b>فرم</b> "); err != nil || got != "<b>فرم</b>" {
		t.Fatalf("%q %v", got, err)
	}
}

func TestModelSchemaIsStrict(t *testing.T) {
	var walk func(path string, v any)
	walk = func(path string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			if l, ok := v.([]any); ok {
				for _, x := range l {
					walk(path, x)
				}
			}
			return
		}
		for k, x := range m {
			if !strictKeywords[k] {
				t.Errorf("%s: keyword %s", path, k)
			}
			if k == "properties" {
				props := x.(map[string]any)
				if m["additionalProperties"] != false || len(m["required"].([]string)) != len(props) {
					t.Errorf("%s: not strict: %v", path, m)
				}
				for name, p := range props {
					walk(path+"/"+name, p)
				}
				continue
			}
			walk(path+"/"+k, x)
		}
	}
	s := ModelFieldSchema()
	walk("field", s)
	props := s["properties"].(map[string]any)
	for _, k := range []string{"format", "options", "show_if", "calendar", "rows", "html", "scale", "min"} {
		if props[k] == nil || !acceptsNull(props[k].(map[string]any)) && props[k].(map[string]any)["anyOf"] == nil {
			t.Errorf("%s missing or not nullable: %v", k, props[k])
		}
	}
	if acceptsNull(props["label"].(map[string]any)) {
		t.Error("label nullable")
	}
	// the embedded schema itself is not changed by generating
	if strings.Contains(string(Schema()), `"enum":["email","mobile_ir","phone_ir","national_code","postal_code_ir","url","time","persian_letters","latin_letters","card_ir","sheba",null,null]`) {
		t.Error("generation mutated the schema")
	}
}

func TestCapabilitiesFollowSchema(t *testing.T) {
	caps := Capabilities()
	fields := caps["fields"].([]FieldCapability)
	want := map[string]string{"text": "format,min_length,max_length,unique,verify", "email": "unique", "textarea": "format,min_length,max_length", "checkbox": "options,min_select,max_select", "date": "calendar,min,max", "file": "accept,max_size_kb,max_files", "matrix": "rows,cols", "html": "html", "section": ""}
	for _, f := range fields {
		if w, ok := want[f.Type]; ok && strings.Join(f.Keys, ",") != w {
			t.Errorf("%s: %v, want %s", f.Type, f.Keys, w)
		}
	}
	if len(fields) != 13 {
		t.Fatalf("%d types", len(fields))
	}
}

func TestAnswerableFollowsSchema(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want bool
	}{
		{"text", true}, {"matrix", true}, {"file", true}, {"section", false}, {"html", false},
	} {
		t.Run(c.typ, func(t *testing.T) {
			f := Field{Type: c.typ}
			if got := f.Answerable(); got != c.want {
				t.Errorf("Answerable(%s) = %v, want %v (the schema's x-display-only)", c.typ, got, c.want)
			}
		})
	}
}
