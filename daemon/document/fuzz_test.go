package document

import (
	"encoding/json"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// FuzzDocument: Parse and Check never panic; a document that passes
// re-encodes (typed and as stored) and passes again; sanitised html
// sanitised again is unchanged.
func FuzzDocument(f *testing.F) {
	f.Add([]byte(apiExample), `<p>سلام</p>`)
	f.Add([]byte(`{"version":"arshline_form@v1","fields":[{"id":"a","type":"checkbox","label":"x","options":[{"value":"1","label":"a"}],"min_select":1,"max_select":1},{"id":"b","type":"date","label":"y","min":"1403-12-30","show_if":{"field":"a","op":"in","value":["1"]}}]}`), `&lt;scr<b></b>ipt&gt;`)
	f.Add([]byte(`{"version":"arshline_form@v1","fields":[{"id":"m","type":"html","label":"x","html":"<a href=\"https://e.example\">l</a>"}],"settings":{"webhooks":[{"url":"https://e.example/h"}]}}`), `<a href="java&#9;script:x">l</a><img src=x onerror=y>`)
	f.Add([]byte(`{"version":"arshline_form@v1","fields":[{"id":"m","type":"text","label":"x","format":"mobile_ir"}],"settings":{"notifications":[{"channel":"sms","to":"field:m","pattern":{"code":"p","params":{"0":"{{m}}","1":"{{ tracking_code }}"}}},{"channel":"email","to":"admin","template":"{{m}}\n{{tracking_code}}"}]}}`), `<p>x</p>`)
	f.Add([]byte(`{"version":"arshline_form@v1","fields":[{"id":"n","type":"number","label":"x","min":1e308,"max":1.7976931348623157e308,"step":1e-300}]}`), `<div dir="rtl"><ul><li>x</li></ul></div>`)
	f.Fuzz(func(t *testing.T, raw []byte, h string) {
		if s := SanitizeHTML(h); SanitizeHTML(s) != s {
			t.Fatalf("sanitising is not stable: %q -> %q -> %q", h, s, SanitizeHTML(s))
		} else if threats := HTMLThreats(s); len(threats) > 0 {
			t.Fatalf("sanitised html %q still has %v", s, threats)
		}
		d, err := Parse(raw)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("not a violation list: %v", err)
			}
			return
		}
		again, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(again); err != nil {
			t.Fatalf("typed re-encoding fails: %v\n%s\n%s", err, raw, again)
		}
		var stored domain.Document
		if err := json.Unmarshal(raw, &stored); err != nil {
			t.Fatalf("a passing document does not decode as stored: %v", err)
		}
		checked, err := Check(stored, domain.CodeSchemaInvalid)
		if err != nil {
			t.Fatalf("Check refuses what Parse accepts: %v\n%s", err, raw)
		}
		if _, err := Check(checked, domain.CodeSchemaInvalid); err != nil {
			t.Fatalf("Check is not stable: %v", err)
		}
	})
}
