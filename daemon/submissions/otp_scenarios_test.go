package submissions_test

import (
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
)

// otpForm asks for a name and a mobile number proved by a code.
var otpForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "name", "type": "text", "label": "نام"},
	map[string]any{"id": "mobile", "type": "text", "label": "شمارهٔ همراه", "format": "mobile_ir", "required": true, "verify": "otp"},
}}

// otpSite is a site whose SMS provider is a loopback Kavenegar fake, with
// otpForm published.
type otpSite struct {
	*site
	fake *smstest.Fake
	form *domain.Form
}

func newOTPSite(t *testing.T, cfg submissions.Config) *otpSite {
	t.Helper()
	s := newSite(t, cfg)
	fake := smstest.New(t, sms.Kavenegar, "4F5A6B7C8D9E0F1A2B3C", "10004346")
	texts := sms.NewService(s.db, nil)
	options := domain.WithActor(context.Background(), domain.Actor{UserID: 1, Caps: []string{domain.CapManageOptions}, SiteID: 1})
	key := fake.Key
	if _, err := texts.Set(options, sms.SetParams{Provider: sms.Kavenegar, APIKey: &key, Sender: fake.Sender, BaseURL: fake.URL()}); err != nil {
		t.Fatal(err)
	}
	s.svc.SMS = texts
	return &otpSite{site: s, fake: fake, form: s.publish(otpForm)}
}

// ask asks for a code to mobile from client on a freshly loaded page of
// form, and returns the page's form token with the answer.
func (s *otpSite) ask(form *domain.Form, mobile, client string) (string, *submissions.OTPSent, error) {
	s.t.Helper()
	ft := s.page(form.PublicToken)
	sent, err := s.svc.SendOTP(admin, submissions.OTPSendParams{Token: form.PublicToken, FormToken: ft, Field: "mobile", Mobile: mobile, Client: submissions.Client{IPHash: client}})
	return ft, sent, err
}

var codeInText = regexp.MustCompile(`: ([0-9]{6})\n`)

// lastCode reads the code of the fake's newest text.
func (s *otpSite) lastCode() string {
	s.t.Helper()
	sent := s.fake.Sent()
	if len(sent) == 0 {
		s.t.Fatal("no text reached the provider")
	}
	m := codeInText.FindStringSubmatch(sent[len(sent)-1].Text)
	if m == nil {
		s.t.Fatalf("no code in the text %q", sent[len(sent)-1].Text)
	}
	return m[1]
}

// withCode is a submission of mobile with code on the page of formToken.
func (s *otpSite) withCode(formToken, mobile, code string) submissions.SubmitParams {
	return submissions.SubmitParams{Token: s.form.PublicToken, FormToken: formToken, Answers: json.RawMessage(`{"name":"سارا","mobile":"` + mobile + `"}`),
		OTP: map[string]string{"mobile": code}, Client: submissions.Client{IPHash: "visitor"}}
}

// otpRefused checks err is INVALID_SUBMISSION on the mobile question with
// reason, and returns the error.
func otpRefused(t *testing.T, err error, reason string) *domain.Error {
	t.Helper()
	if domain.ErrorCode(err) != domain.CodeInvalidSubmission {
		t.Fatalf("want INVALID_SUBMISSION %s, got %v", reason, err)
	}
	fields := answers.FieldErrors(err)
	if len(fields) != 1 || fields[0].Field != "mobile" || string(fields[0].Code) != reason {
		t.Fatalf("refused %+v, want mobile %s", fields, reason)
	}
	return domain.AsError(err)
}

// TestMobileOTP: a respondent asks for a code, the site's provider (a
// loopback fake) receives it, and the submission with it is stored with
// the number marked verified; wrong, over-tried, missing and reused
// codes are refused with localized messages and store nothing.
func TestMobileOTP(t *testing.T) {
	cfg := open()
	cfg.OTPTries = 3
	s := newOTPSite(t, cfg)
	stored := 0
	submit := func(p submissions.SubmitParams) (*submissions.Receipt, error) {
		r, err := s.svc.Submit(admin, p)
		if err == nil {
			stored++
		}
		return r, err
	}

	t.Run("send, receive, submit: the answer is verified", func(t *testing.T) {
		ft, sent, err := s.ask(s.form, "+98 912 123 4567", "visitor")
		if err != nil {
			t.Fatal(err)
		}
		if !sent.Sent || sent.RetryAfterSec != 60 || sent.ExpiresInSec != 300 || sent.Tries != 3 || sent.Mobile != "0912***4567" {
			t.Fatalf("otp.send answered %+v", sent)
		}
		msgs := s.fake.Sent()
		if len(msgs) != 1 || msgs[0].To != "09121234567" || !strings.Contains(msgs[0].Text, "نوبت‌دهی") {
			t.Fatalf("texts at the provider: %+v", msgs)
		}
		r, err := submit(s.withCode(ft, "09121234567", domain.PersianDigits(s.lastCode())))
		if err != nil {
			t.Fatalf("submit with the code (in Persian digits): %v", err)
		}
		answers := s.stored(s.form.ID, r.SubmissionID)
		if !answers["mobile"].Verified || answers["name"].Verified {
			t.Fatalf("stored answers %+v", answers)
		}
		t.Run("the code is used once", func(t *testing.T) {
			_, err := submit(s.withCode(s.page(s.form.PublicToken), "09121234567", s.lastCode()))
			otpRefused(t, err, "otp_expired")
		})
	})

	t.Run("an idempotent repeat returns the first receipt", func(t *testing.T) {
		ft, _, err := s.ask(s.form, "09181112233", "visitor8")
		if err != nil {
			t.Fatal(err)
		}
		p := s.withCode(ft, "09181112233", s.lastCode())
		p.Answers, p.IdempotencyKey = json.RawMessage(`{"mobile":"09181112233"}`), "otp-once"
		r1, err := submit(p)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := s.svc.Submit(admin, p)
		if err != nil || !reflect.DeepEqual(r1, r2) {
			t.Fatalf("first %+v, repeat %+v %v", r1, r2, err)
		}
		// Other answers under the same key are not that receipt.
		p.Answers = json.RawMessage(`{"mobile":"09181112233","name":"دیگری"}`)
		if _, err := submit(p); err == nil {
			t.Fatal("other answers under a used key and a used code were taken")
		}
	})

	t.Run("a wrong code says the tries left; the last burns it", func(t *testing.T) {
		ft, _, err := s.ask(s.form, "09351112233", "visitor2")
		if err != nil {
			t.Fatal(err)
		}
		code, wrong := s.lastCode(), "000000"
		if code == wrong {
			wrong = "111111"
		}
		_, err = submit(s.withCode(ft, "09351112233", wrong))
		body, _ := json.Marshal(otpRefused(t, err, "otp_wrong").Data)
		if !strings.Contains(string(body), "2 tries left") || !strings.Contains(string(body), "۲ بار دیگر") {
			t.Fatalf("tries left not said: %s", body)
		}
		_, err = submit(s.withCode(ft, "09351112233", wrong))
		otpRefused(t, err, "otp_wrong")
		_, err = submit(s.withCode(ft, "09351112233", wrong))
		otpRefused(t, err, "otp_too_many_tries")
		_, err = submit(s.withCode(ft, "09351112233", code))
		otpRefused(t, err, "otp_expired")
	})

	t.Run("a code of another number is refused", func(t *testing.T) {
		ft, _, err := s.ask(s.form, "09131112233", "visitor3")
		if err != nil {
			t.Fatal(err)
		}
		_, err = submit(s.withCode(ft, "09131112234", s.lastCode()))
		otpRefused(t, err, "otp_expired")
	})

	t.Run("no code is refused, in the respondent's language", func(t *testing.T) {
		p := s.withCode(s.page(s.form.PublicToken), "09121234567", "")
		p.OTP = nil
		_, err := s.svc.Submit(admin, p)
		de := otpRefused(t, err, "otp_required")
		if en, fa := messages.Render("en_US", de.Text()), messages.Render("fa_IR", de.Text()); !strings.Contains(en, "fix") || fa == en || fa == "" {
			t.Fatalf("messages %q %q", en, fa)
		}
	})

	t.Run("resend too soon", func(t *testing.T) {
		if _, _, err := s.ask(s.form, "09191112233", "visitor4"); err != nil {
			t.Fatal(err)
		}
		n := len(s.fake.Sent())
		_, _, err := s.ask(s.form, "09191112233", "visitor4")
		de := domain.AsError(err)
		if domain.ErrorCode(err) != domain.CodeRateLimit || de.Data["limit"] != "resend" || de.Data["retry_after_sec"] == nil || !strings.Contains(messages.Render("fa_IR", de.Text()), "ثانیهٔ دیگر") {
			t.Fatalf("resend at once: %v %v", err, de.Data)
		}
		if len(s.fake.Sent()) != n {
			t.Fatal("a refused resend reached the provider")
		}
	})

	t.Run("refusals before any text", func(t *testing.T) {
		n := len(s.fake.Sent())
		ft := s.page(s.form.PublicToken)
		for name, p := range map[string]submissions.OTPSendParams{
			"a landline":                   {Field: "mobile", Mobile: "02188776655"},
			"a field that does not verify": {Field: "name", Mobile: "09121234567"},
			"an unknown field":             {Field: "nope", Mobile: "09121234567"},
			"a forged form token":          {Field: "mobile", Mobile: "09121234567", FormToken: "AAAA" + ft[4:]},
		} {
			t.Run(name, func(t *testing.T) {
				p.Token, p.Client = s.form.PublicToken, submissions.Client{IPHash: "v"}
				if p.FormToken == "" {
					p.FormToken = ft
				}
				_, err := s.svc.SendOTP(admin, p)
				if code := domain.ErrorCode(err); code != domain.CodeInvalidParams && code != domain.CodeInvalidSubmission {
					t.Fatalf("%s: %v", name, err)
				}
			})
		}
		if len(s.fake.Sent()) != n {
			t.Fatalf("a refused request sent a text: %+v", s.fake.Sent()[n:])
		}
	})

	t.Run("a code taken by a submission not stored goes back", func(t *testing.T) {
		used := s.page(s.form.PublicToken)
		if _, _, err := s.ask(s.form, "09171112233", "visitor6"); err != nil {
			t.Fatal(err)
		}
		if _, err := submit(s.withCode(used, "09171112233", s.lastCode())); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.ask(s.form, "09171112234", "visitor7"); err != nil {
			t.Fatal(err)
		}
		code := s.lastCode()
		// The page's token was spent by the submission above: refused
		// after the code was checked, which must not spend the code.
		_, err := submit(s.withCode(used, "09171112234", code))
		if fe := answers.FieldErrors(err); len(fe) != 1 || fe[0].Code != submissions.ReasonUsed {
			t.Fatalf("a spent page: %v", err)
		}
		if _, err := submit(s.withCode(s.page(s.form.PublicToken), "09171112234", code)); err != nil {
			t.Fatalf("the code after a refusal that stored nothing: %v", err)
		}
	})

	t.Run("the provider's refusal is the respondent's error and keeps no code", func(t *testing.T) {
		s.fake.Block("09381112233")
		ft, _, err := s.ask(s.form, "09381112233", "visitor5")
		if de := domain.AsError(err); de == nil || de.Data["kind"] != string(sms.KindInvalidReceiver) {
			t.Fatalf("blocked number: %v", err)
		}
		_, err = submit(s.withCode(ft, "09381112233", "123456"))
		otpRefused(t, err, "otp_expired")
	})

	t.Run("verify on a question that is not a mobile one is refused", func(t *testing.T) {
		_, err := s.forms.Update(admin, forms.UpdateParams{ID: s.form.ID, Document: documentOf(t, map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code", "verify": "otp"}}})})
		if body, _ := json.Marshal(domain.AsError(err).Data); err == nil || !strings.Contains(string(body), "verify.not_mobile") {
			t.Fatalf("forms.update: %v", err)
		}
	})

	t.Run("every refusal stored nothing", func(t *testing.T) {
		page, err := s.svc.List(admin, submissions.ListParams{FormID: s.form.ID, Limit: 200})
		if err != nil || len(page.Items) != stored {
			t.Fatalf("%d entries, want the %d stored: %v", len(page.Items), stored, err)
		}
	})
}

// TestMobileOTPLimits: the per-number, per-client and per-form limits,
// each refusal RATE_LIMIT naming its limit, and none reaching the
// provider.
func TestMobileOTPLimits(t *testing.T) {
	cfg := open()
	cfg.OTPPerMobilePerHour, cfg.OTPPerClientPerHour, cfg.OTPPerFormPerHour = 2, 3, 5
	s := newOTPSite(t, cfg)
	formA, formB, formC := s.form, s.publish(otpForm), s.publish(otpForm)
	send := func(t *testing.T, form *domain.Form, mobile, client, limit string) {
		t.Helper()
		n := len(s.fake.Sent())
		_, _, err := s.ask(form, mobile, client)
		if limit == "" {
			if err != nil || len(s.fake.Sent()) != n+1 {
				t.Fatalf("%s from %s: %v", mobile, client, err)
			}
			return
		}
		de := domain.AsError(err)
		if domain.ErrorCode(err) != domain.CodeRateLimit || de.Data["limit"] != limit || messages.Render("en_US", de.Text()) == "" || de.Data["retry_after_sec"] == nil {
			t.Fatalf("want RATE_LIMIT %s, got %v", limit, err)
		}
		if len(s.fake.Sent()) != n {
			t.Fatal("a refused request reached the provider")
		}
	}
	t.Run("per mobile, all forms together", func(t *testing.T) {
		send(t, formA, "09121111111", "ca", "")
		send(t, formB, "09121111111", "cb", "")
		send(t, formC, "09121111111", "cc", "mobile")
	})
	t.Run("per client", func(t *testing.T) {
		send(t, formB, "09122222221", "k", "")
		send(t, formB, "09122222222", "k", "")
		send(t, formB, "09122222223", "k", "")
		send(t, formB, "09122222224", "k", "client")
	})
	t.Run("per form", func(t *testing.T) {
		// Form B has sent 4 texts: one more, then it is full for the hour.
		send(t, formB, "09123333331", "k2", "")
		send(t, formB, "09123333332", "k3", "form")
		send(t, formC, "09123333332", "k3", "")
	})
	t.Run("an hour later the limits are whole again", func(t *testing.T) {
		s.clock.advance(time.Hour + time.Second)
		send(t, formC, "09121111111", "cc", "")
	})
}

// TestMobileOTPExpires: a code past its time to live is refused, asking
// for a new one.
func TestMobileOTPExpires(t *testing.T) {
	cfg := open()
	cfg.OTPTTL = time.Minute
	s := newOTPSite(t, cfg)
	ft, sent, err := s.ask(s.form, "09121234567", "visitor")
	if err != nil || sent.ExpiresInSec != 60 {
		t.Fatalf("%+v %v", sent, err)
	}
	s.clock.advance(time.Minute + time.Second)
	_, err = s.svc.Submit(admin, s.withCode(ft, "09121234567", s.lastCode()))
	body, _ := json.Marshal(otpRefused(t, err, "otp_expired").Data)
	if !strings.Contains(string(body), "ask for a new code") || !strings.Contains(string(body), "کد تازه بخواهید") {
		t.Fatalf("%s", body)
	}
}
