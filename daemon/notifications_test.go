package daemon

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/notify"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// providerAccounts are a key, a sender line and an approved pattern (its
// code and parameter names, as each provider names them) per provider.
var providerAccounts = map[string]struct {
	key, sender, pattern string
	params               []string
}{
	sms.Kavenegar:   {"4F5A6B7C8D9E0F1A2B3C", "10004346", "order-received", []string{"token", "token10"}},
	sms.Melipayamak: {"09121111111:d72abfd2-ba2f-4cb2", "50004001464354", "185643", []string{"0", "1"}},
	sms.IPPanel:     {"OWY5ZjA3ZjQtNjU2Ni00YjM3", "+983000505", "k2m0xq8ezo", []string{"code", "name"}},
	sms.Ghasedak:    {"b7ee4eace78744868fc38b1b7fa90cae", "210002100", "newOrder", []string{"code", "name"}},
}

const adminMobile = "09350001122"

// notifiedForm asks a name, a mobile and an email, and notifies three
// ways: a pattern text to the respondent's mobile (its parameters the
// tracking code and the name), a plain text to the site's admin, a mail
// to the site's admin.
func notifiedForm(pattern string, params []string) map[string]any {
	values := map[string]any{}
	for _, p := range params {
		switch p {
		case "token", "code", "1":
			values[p] = "{{tracking_code}}"
		default:
			values[p] = "{{name}}"
		}
	}
	if len(params) == 2 && params[0] == "0" {
		values = map[string]any{"0": "{{name}}", "1": "{{tracking_code}}"}
	}
	return map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "name", "type": "text", "label": "نام", "required": true},
		map[string]any{"id": "mobile", "type": "text", "label": "شمارهٔ همراه", "format": "mobile_ir", "required": true},
		map[string]any{"id": "email", "type": "email", "label": "ایمیل"},
	}, "settings": map[string]any{"notifications": []any{
		map[string]any{"channel": "sms", "to": "field:mobile", "pattern": map[string]any{"code": pattern, "params": values}},
		map[string]any{"channel": "sms", "to": "admin", "template": "ثبت‌نام تازه: {{name}}، کد رهگیری {{tracking_code}}"},
		map[string]any{"channel": "email", "to": "admin", "template": "{{name}} فرم را فرستاد.\nکد رهگیری: {{tracking_code}}"},
	}}}
}

// entryWithDeliveries is submissions.get's answer as far as these tests
// read it.
type entryWithDeliveries struct {
	TrackingCode string            `json:"tracking_code"`
	Deliveries   []notify.Delivery `json:"deliveries"`
	Answers      json.RawMessage   `json:"answers"`
}

func entry(t *testing.T, c *rpc.Client, formID, id int64) entryWithDeliveries {
	t.Helper()
	var e entryWithDeliveries
	call(t, c, "submissions.get", map[string]any{"form_id": formID, "id": id}, &e)
	return e
}

// waitDeliveries polls the entry until ok holds of its deliveries.
func waitDeliveries(t *testing.T, c *rpc.Client, formID, id int64, what string, ok func([]notify.Delivery) bool) []notify.Delivery {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		e := entry(t, c, formID, id)
		if ok(e.Deliveries) {
			return e.Deliveries
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the deliveries stayed %+v", what, e.Deliveries)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func submitAnswers(t *testing.T, c *rpc.Client, token string, answers map[string]any) receipt {
	t.Helper()
	var r receipt
	call(t, c, "submissions.submit", map[string]any{"token": token, "form_token": freshToken(t, c, token),
		"answers": answers, "client": map[string]any{"ip_hash": "visitor-" + time.Now().Format("150405.000000000")}}, &r)
	return r
}

func smsSent(ds []notify.Delivery) bool {
	n := 0
	for _, d := range ds {
		if d.Channel == domain.ChannelSMS && d.Status == notify.StatusSent {
			n++
		}
	}
	return n == 2
}

type claimed struct {
	Deliveries []notify.Mail `json:"deliveries"`
	LeaseSec   int           `json:"lease_sec"`
}

// TestNotificationsOverSocket is the whole path through each provider's
// loopback fake: one submission texts its respondent an approved
// pattern, texts the site's admin a plain message, and owes the admin a
// mail, which the plugin's calls take and report; the entry then shows
// every delivery sent, receivers masked.
func TestNotificationsOverSocket(t *testing.T) {
	c, _ := startDaemon(t, noLimits...)
	for _, name := range sms.Names {
		acct := providerAccounts[name]
		t.Run(name, func(t *testing.T) {
			f := smstest.New(t, name, acct.key, acct.sender)
			f.Approve(acct.pattern, acct.params...)
			call(t, c, "sms.settings.set", map[string]any{"provider": name, "api_key": acct.key, "sender": acct.sender,
				"base_url": f.URL(), "admin_mobile": "+98 935 000 1122"}, nil)
			formID, token := publishForm(t, c, notifiedForm(acct.pattern, acct.params))
			r := submitAnswers(t, c, token, map[string]any{"name": "سارا", "mobile": "۰۹۱۲۱۲۳۴۵۶۷", "email": "sara@example.com"})

			waitDeliveries(t, c, formID, r.SubmissionID, "texts", smsSent)
			sent := f.Sent()
			if len(sent) != 2 {
				t.Fatalf("the provider received %+v", sent)
			}
			var pattern, plain smstest.Message
			for _, m := range sent {
				if m.Pattern != "" {
					pattern = m
				} else {
					plain = m
				}
			}
			if pattern.Pattern != acct.pattern || !strings.HasSuffix(pattern.To, "9121234567") || len(pattern.Params) != 2 {
				t.Fatalf("the pattern text: %+v", pattern)
			}
			for _, v := range pattern.Params {
				if v != r.TrackingCode && v != "سارا" {
					t.Fatalf("a pattern value %q is neither the tracking code %s nor the name", v, r.TrackingCode)
				}
			}
			if !strings.HasSuffix(plain.To, "9350001122") || plain.Text != "ثبت‌نام تازه: سارا، کد رهگیری "+r.TrackingCode {
				t.Fatalf("the admin's text: %+v", plain)
			}

			var got claimed
			call(t, c, "notifications.email.claim", map[string]any{"limit": 10}, &got)
			if len(got.Deliveries) != 1 || got.LeaseSec <= 0 {
				t.Fatalf("claimed %+v", got)
			}
			mail := got.Deliveries[0]
			if mail.To != "admin" || mail.SubmissionID != r.SubmissionID || mail.FormID != formID || mail.Attempt != 1 ||
				mail.Body != "سارا فرم را فرستاد.\nکد رهگیری: "+r.TrackingCode || !strings.Contains(mail.Subject, "نوبت‌دهی") {
				t.Fatalf("the mail: %+v", mail)
			}
			var again claimed
			call(t, c, "notifications.email.claim", nil, &again)
			if len(again.Deliveries) != 0 {
				t.Fatalf("a leased mail was claimed twice: %+v", again)
			}
			call(t, c, "notifications.email.report", map[string]any{"id": mail.ID, "ok": true}, nil)

			ds := entry(t, c, formID, r.SubmissionID).Deliveries
			if len(ds) != 3 {
				t.Fatalf("deliveries: %+v", ds)
			}
			want := []struct{ channel, to string }{{"sms", "0912***4567"}, {"sms", "admin"}, {"email", "admin"}}
			for i, d := range ds {
				if d.Status != notify.StatusSent || d.Channel != want[i].channel || d.To != want[i].to || d.Attempts != 1 ||
					d.SentAt == nil || !d.At.Equal(*d.SentAt) || d.LastError != "" || d.Notice != i || d.ID <= 0 {
					t.Fatalf("delivery %d: %+v", i, d)
				}
			}
		})
	}
}

// TestNotificationFailures: a provider's refusal fails a text at once
// with its reason and the admin's retry sends it; a throttled provider
// is tried again by itself; a mail WordPress could not send is tried
// again; only a failed delivery can be retried.
func TestNotificationFailures(t *testing.T) {
	c, _ := startDaemon(t, append(append([]string{}, noLimits...), "--notify-retry-base", "100ms")...)
	acct := providerAccounts[sms.Kavenegar]
	f := smstest.New(t, sms.Kavenegar, acct.key, acct.sender)
	f.Approve(acct.pattern, acct.params...)
	call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "api_key": acct.key, "sender": acct.sender,
		"base_url": f.URL(), "admin_mobile": adminMobile}, nil)
	formID, token := publishForm(t, c, notifiedForm(acct.pattern, acct.params))

	t.Run("no credit fails at once, retry sends", func(t *testing.T) {
		f.SetCredit(0)
		r := submitAnswers(t, c, token, map[string]any{"name": "علی", "mobile": "09121230000"})
		ds := waitDeliveries(t, c, formID, r.SubmissionID, "failed", func(ds []notify.Delivery) bool {
			return ds[0].Status == notify.StatusFailed && ds[1].Status == notify.StatusFailed
		})
		if ds[0].ErrorKind != string(sms.KindNoCredit) || !strings.Contains(ds[0].LastError, "اعتبار حساب پیامک تمام شده") || ds[0].Attempts != 1 {
			t.Fatalf("no credit: %+v", ds[0])
		}
		en := map[string]any{"user_id": 1, "caps": []string{"manage_arshline_forms"}, "locale": "en_US"}
		var e entryWithDeliveries
		call(t, c, "submissions.get", map[string]any{"form_id": formID, "id": r.SubmissionID, "actor": en}, &e)
		if !strings.HasPrefix(e.Deliveries[0].LastError, "the SMS account has no credit left") {
			t.Fatalf("en_US: %q", e.Deliveries[0].LastError)
		}
		f.SetCredit(100)
		var d notify.Delivery
		call(t, c, "submissions.deliveries.retry", map[string]any{"delivery_id": ds[0].ID}, &d)
		if d.ID != ds[0].ID || d.Status != notify.StatusRetrying && d.Status != notify.StatusPending {
			t.Fatalf("retry answered %+v", d)
		}
		ds = waitDeliveries(t, c, formID, r.SubmissionID, "retried", func(ds []notify.Delivery) bool { return ds[0].Status == notify.StatusSent })
		if ds[0].Attempts != 2 || ds[0].LastError != "" || ds[1].Status != notify.StatusFailed {
			t.Fatalf("after the retry: %+v", ds)
		}
		re := rpcErr(t, c, "submissions.deliveries.retry", map[string]any{"delivery_id": ds[0].ID})
		if re.CodeName() != string(domain.CodeConflict) || !strings.Contains(re.Message, "فقط ارسالِ ناموفق") {
			t.Fatalf("retrying a sent delivery: %v", re)
		}
		re = rpcErr(t, c, "submissions.deliveries.retry", map[string]any{"delivery_id": 999999})
		if re.CodeName() != string(domain.CodeNotFound) {
			t.Fatalf("an unknown delivery: %v", re)
		}
		other := map[string]any{"user_id": 1, "caps": []string{"manage_arshline_forms"}, "locale": "fa_IR", "site_id": 2}
		re = rpcErr(t, c, "submissions.deliveries.retry", map[string]any{"delivery_id": ds[1].ID, "actor": other})
		if re.CodeName() != string(domain.CodeNotFound) {
			t.Fatalf("another site's delivery: %v", re)
		}
		drainMail(t, c)
	})

	t.Run("a throttled provider is tried again", func(t *testing.T) {
		f.Throttle(2)
		r := submitAnswers(t, c, token, map[string]any{"name": "مینا", "mobile": "09121230001"})
		ds := waitDeliveries(t, c, formID, r.SubmissionID, "sent after the throttle", smsSent)
		if ds[0].Attempts+ds[1].Attempts != 4 {
			t.Fatalf("two throttled attempts and two sent: %+v", ds)
		}
		drainMail(t, c)
	})

	t.Run("a mail WordPress failed is tried again", func(t *testing.T) {
		r := submitAnswers(t, c, token, map[string]any{"name": "رضا", "mobile": "09121230002"})
		waitDeliveries(t, c, formID, r.SubmissionID, "texts", smsSent)
		var got claimed
		call(t, c, "notifications.email.claim", nil, &got)
		if len(got.Deliveries) != 1 {
			t.Fatalf("claimed %+v", got)
		}
		var rep struct{ Delivery notify.Delivery }
		call(t, c, "notifications.email.report", map[string]any{"id": got.Deliveries[0].ID, "ok": false, "error": "SMTP Error: Could not connect to SMTP host."}, &rep)
		if rep.Delivery.Status != notify.StatusRetrying || !strings.Contains(rep.Delivery.LastError, "Could not connect") || rep.Delivery.ErrorKind != "mail_failed" {
			t.Fatalf("a failed mail: %+v", rep.Delivery)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			call(t, c, "notifications.email.claim", nil, &got)
			if len(got.Deliveries) == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the failed mail never came due again")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if got.Deliveries[0].Attempt != 2 {
			t.Fatalf("second attempt: %+v", got.Deliveries[0])
		}
		call(t, c, "notifications.email.report", map[string]any{"id": got.Deliveries[0].ID, "ok": true}, &rep)
		if rep.Delivery.Status != notify.StatusSent || rep.Delivery.Attempts != 2 {
			t.Fatalf("sent at last: %+v", rep.Delivery)
		}
		// A late report of the first attempt changes nothing.
		call(t, c, "notifications.email.report", map[string]any{"id": got.Deliveries[0].ID, "ok": false, "error": "late"}, &rep)
		if rep.Delivery.Status != notify.StatusSent {
			t.Fatalf("a late failure undid a sent mail: %+v", rep.Delivery)
		}
		re := rpcErr(t, c, "notifications.email.report", map[string]any{"id": 0, "ok": true})
		if re.CodeName() != string(domain.CodeInvalidParams) {
			t.Fatalf("id 0: %v", re)
		}
		re = rpcErr(t, c, "notifications.email.claim", map[string]any{"limit": 51})
		if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "limit" {
			t.Fatalf("limit 51: %v", re)
		}
	})

	t.Run("no admin mobile keeps the text retrying", func(t *testing.T) {
		call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "sender": acct.sender, "base_url": f.URL()}, nil)
		r := submitAnswers(t, c, token, map[string]any{"name": "نگار", "mobile": "09121230003"})
		ds := waitDeliveries(t, c, formID, r.SubmissionID, "admin text waiting", func(ds []notify.Delivery) bool {
			return ds[0].Status == notify.StatusSent && ds[1].Status == notify.StatusRetrying
		})
		if ds[1].ErrorKind != "no_admin_mobile" || !strings.Contains(ds[1].LastError, "شمارهٔ همراه مدیر") {
			t.Fatalf("no admin mobile: %+v", ds[1])
		}
		call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "sender": acct.sender, "base_url": f.URL(), "admin_mobile": adminMobile}, nil)
		waitDeliveries(t, c, formID, r.SubmissionID, "admin text sent once the number is set", smsSent)
		drainMail(t, c)
	})
}

// drainMail reports every due mail sent.
func drainMail(t *testing.T, c *rpc.Client) {
	t.Helper()
	var got claimed
	call(t, c, "notifications.email.claim", map[string]any{"limit": 50}, &got)
	for _, m := range got.Deliveries {
		call(t, c, "notifications.email.report", map[string]any{"id": m.ID, "ok": true}, nil)
	}
}

// TestNotificationBounds: a flood of submissions does not become a flood
// of texts: past the receiver's hourly bound each delivery is logged
// failed with the reason and nothing more reaches the provider; past the
// form's, the same.
func TestNotificationBounds(t *testing.T) {
	c, _ := startDaemon(t, append(append([]string{}, noLimits...), "--notify-per-receiver-per-hour", "2", "--notify-per-form-per-hour", "6")...)
	acct := providerAccounts[sms.Kavenegar]
	f := smstest.New(t, sms.Kavenegar, acct.key, acct.sender)
	f.Approve(acct.pattern, acct.params...)
	call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "api_key": acct.key, "sender": acct.sender,
		"base_url": f.URL(), "admin_mobile": adminMobile}, nil)
	formID, token := publishForm(t, c, notifiedForm(acct.pattern, acct.params))
	var ids []int64
	for i := range 4 {
		r := submitAnswers(t, c, token, map[string]any{"name": "n", "mobile": "0912123400" + string(rune('0'+i))})
		ids = append(ids, r.SubmissionID)
	}
	// Texts owed in order: respondent 1, admin 1, respondent 2, admin 2,
	// respondent 3, admin 3 (the admin's bound of 2 reached; a refused
	// delivery counts against no bound), respondent 4 (the form's sixth),
	// admin 4 (the form's bound of 6 reached).
	kinds := []string{}
	for _, id := range ids {
		ds := waitDeliveries(t, c, formID, id, "settled", func(ds []notify.Delivery) bool {
			for _, d := range ds[:2] {
				if d.Status != notify.StatusSent && d.Status != notify.StatusFailed {
					return false
				}
			}
			return true
		})
		for _, d := range ds[:2] {
			kinds = append(kinds, d.Status+"/"+d.ErrorKind)
			if d.Status == notify.StatusFailed && (d.Attempts != 0 || d.LastError == "") {
				t.Fatalf("a bounded delivery: %+v", d)
			}
		}
	}
	want := []string{"sent/", "sent/", "sent/", "sent/", "sent/", "failed/rate_limited_receiver", "sent/", "failed/rate_limited_form"}
	if strings.Join(kinds, " ") != strings.Join(want, " ") {
		t.Fatalf("deliveries %v, want %v", kinds, want)
	}
	if n := len(f.Sent()); n != 6 {
		t.Fatalf("the provider received %d texts, want 6", n)
	}
	// Mails are bounded apart from texts: the admin's address had 2.
	var got claimed
	call(t, c, "notifications.email.claim", map[string]any{"limit": 50}, &got)
	if len(got.Deliveries) != 2 {
		t.Fatalf("mails claimed: %d, want 2 (the receiver's bound)", len(got.Deliveries))
	}
}

// TestNotificationTestAndCredit: forms.notifications.test sends one of a
// form's notifications with sample answers; sms.credit reads the
// provider's balance; bad parameters are refused in both languages.
func TestNotificationTestAndCredit(t *testing.T) {
	c, _ := startDaemon(t, noLimits...)
	re := rpcErr(t, c, "sms.credit", nil)
	if re.CodeName() != string(domain.CodeUnavailable) || re.Data["kind"] != "not_configured" {
		t.Fatalf("credit with no provider: %v %v", re, re.Data)
	}
	acct := providerAccounts[sms.Ghasedak]
	f := smstest.New(t, sms.Ghasedak, acct.key, acct.sender)
	f.Approve(acct.pattern, acct.params...)
	call(t, c, "sms.settings.set", map[string]any{"provider": sms.Ghasedak, "api_key": acct.key, "sender": acct.sender,
		"base_url": f.URL(), "admin_mobile": adminMobile}, nil)
	formID, token := publishForm(t, c, notifiedForm(acct.pattern, acct.params))
	var pf publicForm
	call(t, c, "forms.public", map[string]any{"token": token}, &pf)
	if _, ok := pf.Document.Settings["notifications"]; ok {
		t.Fatalf("respondents see the notifications: %v", pf.Document.Settings)
	}

	var credit notify.CreditResult
	call(t, c, "sms.credit", nil, &credit)
	if credit.Provider != sms.Ghasedak || credit.Balance == nil || credit.Balance.Amount <= 0 {
		t.Fatalf("credit: %+v", credit)
	}

	var res notify.TestResult
	call(t, c, "forms.notifications.test", map[string]any{"form_id": formID, "index": 1}, &res)
	if res.Delivery.Status != notify.StatusSent || !res.Delivery.Test || res.Delivery.To != "admin" {
		t.Fatalf("test of the admin's text: %+v", res.Delivery)
	}
	if s := f.Sent(); len(s) != 1 || s[0].Text != "ثبت‌نام تازه: نمونه، کد رهگیری 1234567890" {
		t.Fatalf("the test text: %+v", s)
	}
	re = rpcErr(t, c, "forms.notifications.test", map[string]any{"form_id": formID, "index": 0})
	if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "to" {
		t.Fatalf("a test to an answer without to: %v", re)
	}
	call(t, c, "forms.notifications.test", map[string]any{"form_id": formID, "index": 0, "to": "09127778899"}, &res)
	if res.Delivery.Status != notify.StatusSent || res.Delivery.To != "0912***8899" {
		t.Fatalf("test of the pattern: %+v", res.Delivery)
	}
	call(t, c, "forms.notifications.test", map[string]any{"form_id": formID, "index": 2}, &res)
	if res.Delivery.Status != notify.StatusPending || res.Delivery.Channel != "email" {
		t.Fatalf("test of the mail: %+v", res.Delivery)
	}
	var got claimed
	call(t, c, "notifications.email.claim", nil, &got)
	if len(got.Deliveries) != 1 || got.Deliveries[0].SubmissionID != 0 || !strings.Contains(got.Deliveries[0].Body, "1234567890") {
		t.Fatalf("the test mail: %+v", got)
	}
	re = rpcErr(t, c, "forms.notifications.test", map[string]any{"form_id": formID, "index": 7})
	if re.CodeName() != string(domain.CodeNotFound) {
		t.Fatalf("no notification #7: %v", re)
	}
	re = rpcErr(t, c, "forms.notifications.test", map[string]any{"form_id": formID, "index": 1, "to": "02188776655"})
	if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "to" {
		t.Fatalf("a landline: %v", re)
	}
	anon := map[string]any{"user_id": 0, "locale": "fa_IR"}
	re = rpcErr(t, c, "notifications.email.claim", map[string]any{"actor": anon})
	if re.CodeName() != string(domain.CodeForbidden) {
		t.Fatalf("an anonymous claim: %v", re)
	}
}

// TestNotificationDocument: settings.notifications is checked against
// the form's questions, and the author is warned when a code or a text
// needs an SMS provider the site does not have.
func TestNotificationDocument(t *testing.T) {
	c, _ := startDaemon(t)
	var created struct{ Form domain.Form }
	call(t, c, "forms.create", map[string]any{"title": "ثبت‌نام"}, &created)
	doc := notifiedForm("p", []string{"token"})
	doc["settings"].(map[string]any)["notifications"] = []any{
		map[string]any{"channel": "sms", "to": "field:name"},
		map[string]any{"channel": "email", "to": "field:mobile"},
		map[string]any{"channel": "email", "to": "admin", "pattern": map[string]any{"code": "x"}},
		map[string]any{"channel": "sms", "to": "field:nope"},
		map[string]any{"channel": "sms", "to": "admin", "template": "{{surname}}"},
		map[string]any{"channel": "sms", "to": "02188776655"},
	}
	re := rpcErr(t, c, "forms.update", map[string]any{"id": created.Form.ID, "document": doc})
	if re.CodeName() != string(domain.CodeSchemaInvalid) {
		t.Fatalf("bad notifications: %v", re)
	}
	raw, _ := json.Marshal(re.Data["violations"])
	for _, rule := range []string{"notification.not_mobile", "notification.not_email", "notification.pattern_not_sms",
		"notification.unknown_field", "notification.unknown_placeholder", "notification.receiver"} {
		if !strings.Contains(string(raw), `"rule":"`+rule+`"`) {
			t.Errorf("no %s violation in %s", rule, raw)
		}
	}
	if !strings.Contains(string(raw), "message_fa") {
		t.Fatalf("violations without Persian: %s", raw)
	}
	many := []any{}
	for range 11 {
		many = append(many, map[string]any{"channel": "sms", "to": "admin"})
	}
	doc["settings"].(map[string]any)["notifications"] = many
	if re := rpcErr(t, c, "forms.update", map[string]any{"id": created.Form.ID, "document": doc}); re.CodeName() != string(domain.CodeSchemaInvalid) {
		t.Fatalf("11 notifications: %v", re)
	}

	otp := notifiedForm("p", []string{"token"})
	otp["fields"].([]any)[1].(map[string]any)["verify"] = "otp"
	var res struct {
		Warnings []struct {
			Path      string `json:"path"`
			Rule      string `json:"rule"`
			MessageFA string `json:"message_fa"`
		} `json:"warnings"`
	}
	call(t, c, "forms.update", map[string]any{"id": created.Form.ID, "document": otp}, &res)
	rules := []string{}
	for _, w := range res.Warnings {
		rules = append(rules, w.Path+" "+w.Rule)
	}
	want := "/fields/1/verify otp.needs_sms /settings/notifications/0 notification.needs_sms /settings/notifications/1 notification.needs_sms"
	if strings.Join(rules, " ") != want {
		t.Fatalf("warnings %v, want %s", rules, want)
	}
	f := smstest.New(t, sms.Kavenegar, "k", "10004346")
	call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "api_key": "k", "sender": "10004346", "base_url": f.URL()}, nil)
	res.Warnings = nil
	call(t, c, "forms.update", map[string]any{"id": created.Form.ID, "document": otp}, &res)
	if len(res.Warnings) != 1 || res.Warnings[0].Rule != "otp.plain_text" {
		t.Fatalf("with a provider, codes as plain text: %+v", res.Warnings)
	}
	call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "sender": "10004346", "base_url": f.URL(),
		"otp_pattern": map[string]any{"code": "verify"}}, nil)
	res.Warnings = nil
	call(t, c, "forms.update", map[string]any{"id": created.Form.ID, "document": otp}, &res)
	if len(res.Warnings) != 0 {
		t.Fatalf("with an OTP pattern: %+v", res.Warnings)
	}
	var info sms.Info
	call(t, c, "sms.settings.get", nil, &info)
	if info.OTPPattern == nil || info.OTPPattern.Code != "verify" || info.OTPPattern.Param != "token" {
		t.Fatalf("the OTP pattern kept: %+v", info.OTPPattern)
	}

	// A code now goes as the approved pattern, the code its token.
	f.Approve("verify", "token")
	var pub struct{ Form domain.Form }
	call(t, c, "forms.set_status", map[string]any{"id": created.Form.ID, "status": "published"}, &pub)
	if _, _, err := sendOTP(t, c, pub.Form.PublicToken, "09121234567", "visitor"); err != nil {
		t.Fatal(err)
	}
	sent := f.Sent()
	if len(sent) != 1 || sent[0].Pattern != "verify" || len(sent[0].Params["token"]) != 6 || sent[0].Text != "" {
		t.Fatalf("the code as a pattern: %+v", sent)
	}
}
