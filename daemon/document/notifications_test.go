package document

import (
	"encoding/json"
	"strings"
	"testing"
)

// notifyDoc is a form with a name, a mobile and an email question and
// the notifications given.
func notifyDoc(notifications string) []byte {
	return []byte(`{"version":"arshline_form@v1","fields":[
	{"id":"name","type":"text","label":"نام"},
	{"id":"mobile","type":"text","label":"همراه","format":"mobile_ir"},
	{"id":"email","type":"email","label":"ایمیل"},
	{"id":"email2","type":"text","label":"ایمیل دوم","format":"email"},
	{"id":"intro","type":"section","label":"بخش"}],
	"settings":{"notifications":` + notifications + `}}`)
}

func TestNotifications(t *testing.T) {
	t.Run("every kind of receiver, template and pattern passes", func(t *testing.T) {
		d, err := Parse(notifyDoc(`[
		{"channel":"sms","to":"field:mobile","pattern":{"code":"185643","params":{"1":"{{tracking_code}}","0":"{{ name }}","10":"x","b":"y","a":"z"}}},
		{"channel":"sms","to":"admin","template":"پاسخ تازه از {{name}}\n{{tracking_code}}"},
		{"channel":"sms","to":"+98 912 123 4567"},
		{"channel":"email","to":"field:email"},
		{"channel":"email","to":"field:email2","template":null,"pattern":null},
		{"channel":"email","to":"Owner@Example.com","template":"{{email}}"}]`))
		if err != nil {
			t.Fatal(err)
		}
		n := d.Settings.Notifications
		if len(n) != 6 || strings.Join(n[0].Pattern.ParamNames(), ",") != "0,1,10,a,b" {
			t.Fatalf("%+v; params in order %v", n, n[0].Pattern.ParamNames())
		}
		if k, v := n[0].Receiver(); k != ToField || v != "mobile" {
			t.Fatalf("field receiver %s %s", k, v)
		}
		if k, _ := n[1].Receiver(); k != ToAdmin {
			t.Fatalf("admin receiver %s", k)
		}
		again, _ := json.Marshal(d)
		if _, err := Parse(again); err != nil {
			t.Fatalf("re-encoded: %v", err)
		}
	})
	refused := map[string]struct{ notifications, rule string }{
		"sms to a question that is no mobile": {`[{"channel":"sms","to":"field:name"}]`, "notification.not_mobile"},
		"mail to a question that is no email": {`[{"channel":"email","to":"field:mobile"}]`, "notification.not_email"},
		"a question the form lacks":           {`[{"channel":"sms","to":"field:ghost"}]`, "notification.unknown_field"},
		"a pattern on a mail":                 {`[{"channel":"email","to":"admin","pattern":{"code":"x"}}]`, "notification.pattern_not_sms"},
		"a template and a pattern":            {`[{"channel":"sms","to":"admin","template":"t","pattern":{"code":"x"}}]`, "notification.template_and_pattern"},
		"a placeholder of no question":        {`[{"channel":"sms","to":"admin","template":"{{surname}}"}]`, "notification.unknown_placeholder"},
		"a placeholder of a heading":          {`[{"channel":"sms","to":"admin","pattern":{"code":"x","params":{"a":"{{intro}}"}}}]`, "notification.unknown_placeholder"},
		"a landline":                          {`[{"channel":"sms","to":"02188776655"}]`, "notification.receiver"},
		"an address that is none":             {`[{"channel":"email","to":"owner at example"}]`, "notification.receiver"},
		"a control character":                 {`[{"channel":"sms","to":"admin","template":"a\u0007b"}]`, "text.control"},
		"an unknown channel":                  {`[{"channel":"fax","to":"admin"}]`, "enum"},
		"eleven notifications":                {`[` + strings.Repeat(`{"channel":"sms","to":"admin"},`, 10) + `{"channel":"sms","to":"admin"}]`, "schema.max_items"},
		"a template too long":                 {`[{"channel":"sms","to":"admin","template":"` + strings.Repeat("ب", 1001) + `"}]`, "schema.max_length"},
		"eleven pattern parameters":           {`[{"channel":"sms","to":"admin","pattern":{"code":"x","params":{` + manyParams(11) + `}}}]`, "schema.invalid"},
		"an unknown key":                      {`[{"channel":"sms","to":"admin","cc":"x"}]`, "schema.unknown_key"},
	}
	for name, c := range refused {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(notifyDoc(c.notifications))
			de, ok := err.(*Error)
			if !ok {
				t.Fatalf("accepted, or not a violation list: %v", err)
			}
			for _, v := range de.Violations {
				if strings.Contains(v.Rule, c.rule) && v.MessageFA != "" && v.MessageEN != "" {
					return
				}
			}
			t.Fatalf("no %s violation: %+v", c.rule, de.Violations)
		})
	}
}

// manyParams lists n pattern parameters.
func manyParams(n int) string {
	list := make([]string, n)
	for i := range list {
		list[i] = `"p` + string(rune('a'+i)) + `":"v"`
	}
	return strings.Join(list, ",")
}

func TestPlaceholders(t *testing.T) {
	got := Placeholders("{{a}} و {{ b_1 }} و {{a}} {{}} {{1x}} {a}")
	if strings.Join(got, ",") != "a,b_1,a" {
		t.Fatalf("placeholders %v", got)
	}
	filled := Fill("سلام {{name}}، کد {{ tracking_code }} {{ghost}}", func(n string) string {
		return map[string]string{"name": "{{tracking_code}}", "tracking_code": "123"}[n]
	})
	if filled != "سلام {{tracking_code}}، کد 123 " {
		t.Fatalf("an answer's own braces were filled again: %q", filled)
	}
}

// FuzzFill: filling never panics, and what it leaves of a template's
// placeholders is only what the values brought.
func FuzzFill(f *testing.F) {
	f.Add("{{a}}{{ b }}{{", "x")
	f.Add("{{tracking_code}} و {{name}}", "{{name}}")
	f.Fuzz(func(t *testing.T, tmpl, value string) {
		out := Fill(tmpl, func(string) string { return "" })
		if len(Placeholders(out)) != 0 {
			t.Fatalf("Fill(%q) left placeholders: %q", tmpl, out)
		}
		_ = Fill(tmpl, func(string) string { return value })
	})
}
