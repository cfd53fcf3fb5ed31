package notify

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

const buildDoc = `{"version":"arshline_form@v1","fields":[
{"id":"name","type":"text","label":"نام"},
{"id":"mobile","type":"text","label":"همراه","format":"mobile_ir"},
{"id":"email","type":"email","label":"ایمیل"},
{"id":"plan","type":"checkbox","label":"طرح","options":[{"value":"a","label":"طلایی"},{"value":"b","label":"نقره‌ای"}]},
{"id":"grid","type":"matrix","label":"جدول","rows":["r1","r2"],"cols":["c1","c2"]}],
"settings":{"notify_emails":["Owner@Example.com"],"notifications":[
{"channel":"sms","to":"field:mobile","pattern":{"code":"185643","params":{"1":"{{tracking_code}}","0":"{{name}}"}}},
{"channel":"sms","to":"admin","template":"{{name}}: {{plan}} / {{grid}}"},
{"channel":"sms","to":"09351112233"},
{"channel":"email","to":"field:email","template":"{{name}}\n{{tracking_code}}"},
{"channel":"email","to":"admin"}]}}`

func message(t *testing.T, answers string, persian bool) Message {
	t.Helper()
	doc, err := document.Parse([]byte(buildDoc))
	if err != nil {
		t.Fatal(err)
	}
	sub := &domain.Submission{TrackingCode: "4821907736", Answers: json.RawMessage(answers)}
	value, answer := Answers(doc, sub)
	return Message{Doc: doc, Title: "ثبت‌نام <b>", Persian: persian, Value: value, Answer: answer,
		Time: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)}
}

func TestBuild(t *testing.T) {
	full := `[{"field":"name","value":"سارا {{tracking_code}}"},{"field":"mobile","value":"09121234567"},
	{"field":"email","value":"sara@example.com"},{"field":"plan","value":["a","b"]},{"field":"grid","value":{"r2":"c1","r1":"c2"}}]`
	t.Run("each notification rendered and addressed", func(t *testing.T) {
		got := Build(message(t, full, true))
		if len(got) != 6 {
			t.Fatalf("%d deliveries", len(got))
		}
		want := []struct {
			notice          int
			channel, to, pl string
		}{
			{0, "sms", "09121234567", `{"pattern":{"code":"185643","params":[{"name":"0","value":"سارا {{tracking_code}}"},{"name":"1","value":"4821907736"}]}}`},
			{1, "sms", "admin", `{"text":"سارا {{tracking_code}}: طلایی، نقره‌ای / r1: c2؛ r2: c1"}`},
			{2, "sms", "09351112233", `{"text":"پاسخ تازه به فرم «ثبت‌نام \u003cb\u003e»\nکد رهگیری: 4821907736"}`},
			{3, "email", "sara@example.com", ""},
			{4, "email", "admin", ""},
			{-1, "email", "Owner@example.com", ""},
		}
		for i, w := range want {
			g := got[i]
			if g.Notice != w.notice || g.Channel != w.channel || g.Receiver != w.to || w.pl != "" && string(g.Payload) != w.pl {
				t.Errorf("delivery %d: %d %s %s %s", i, g.Notice, g.Channel, g.Receiver, g.Payload)
			}
		}
		var mail EmailPayload
		_ = json.Unmarshal(got[3].Payload, &mail)
		if mail.Body != "سارا {{tracking_code}}\n4821907736" || mail.Subject != "پاسخ تازه به فرم: ثبت‌نام <b>" {
			t.Errorf("templated mail: %+v", mail)
		}
		_ = json.Unmarshal(got[4].Payload, &mail)
		if !strings.Contains(mail.Body, "کد رهگیری: 4821907736") || !strings.Contains(mail.Body, "2026-11-27 13:30") {
			t.Errorf("default mail (Iran time): %+v", mail)
		}
	})
	t.Run("English defaults", func(t *testing.T) {
		got := Build(message(t, full, false))
		var p SMSPayload
		_ = json.Unmarshal(got[2].Payload, &p)
		if p.Text != "New answer to the form “ثبت‌نام <b>”\nTracking code: 4821907736" {
			t.Fatalf("%q", p.Text)
		}
	})
	t.Run("an unanswered receiver is skipped", func(t *testing.T) {
		got := Build(message(t, `[{"field":"name","value":"x"}]`, true))
		for _, g := range got {
			if g.Notice == 0 || g.Notice == 3 {
				t.Fatalf("a delivery to an unanswered question: %+v", g)
			}
		}
		if len(got) != 4 {
			t.Fatalf("%d deliveries", len(got))
		}
	})
	t.Run("long answers are cut", func(t *testing.T) {
		long := strings.Repeat("ب", 2000)
		got := Build(message(t, `[{"field":"name","value":"`+long+`"},{"field":"mobile","value":"09121234567"}]`, true))
		var p SMSPayload
		_ = json.Unmarshal(got[0].Payload, &p)
		if n := len([]rune(p.Pattern.Params[0].Value)); n != maxParamRunes {
			t.Fatalf("a pattern value of %d characters", n)
		}
	})
}

func TestViewAndMask(t *testing.T) {
	now := time.Now()
	cases := []struct {
		n      domain.Notification
		status string
	}{
		{domain.Notification{NextAttemptAt: now}, StatusPending},
		{domain.Notification{NextAttemptAt: now, Attempts: 1, ErrorKind: "rate_limited", LastError: "429"}, StatusRetrying},
		{domain.Notification{NextAttemptAt: never, Attempts: 1, ErrorKind: "no_credit", LastError: "418"}, StatusFailed},
		{domain.Notification{NextAttemptAt: now, SentAt: &now, Attempts: 1}, StatusSent},
	}
	for _, c := range cases {
		t.Run(c.status, func(t *testing.T) {
			if d := View(c.n, "fa_IR"); d.Status != c.status {
				t.Fatalf("%+v is %s, want %s", c.n, d.Status, c.status)
			}
		})
	}
	if d := View(cases[2].n, "fa_IR"); d.LastError != "اعتبار حساب پیامک تمام شده است — 418" {
		t.Fatalf("fa: %q", d.LastError)
	}
	if d := View(cases[2].n, "en_US"); d.LastError != "the SMS account has no credit left — 418" {
		t.Fatalf("en: %q", d.LastError)
	}
	for in, want := range map[[2]string]string{{"sms", "09121234567"}: "0912***4567", {"email", "sara@example.com"}: "s***@example.com",
		{"email", "admin"}: "admin", {"email", "broken"}: "***"} {
		if got := Mask(in[0], in[1]); got != want {
			t.Errorf("Mask%v = %q, want %q", in, got, want)
		}
	}
}

func TestBackoff(t *testing.T) {
	for attempts, want := range map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 12: time.Hour} {
		d := Backoff(30*time.Second, time.Hour, attempts)
		if d < want-want/10 || d > want+want/10 {
			t.Errorf("attempt %d waits %v, want %v ± 10%%", attempts, d, want)
		}
	}
}
