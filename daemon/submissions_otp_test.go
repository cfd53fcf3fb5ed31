package daemon

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// otpForm asks for a name and a mobile number proved by a code.
var otpForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "name", "type": "text", "label": "نام"},
	map[string]any{"id": "mobile", "type": "text", "label": "شمارهٔ همراه", "format": "mobile_ir", "required": true, "verify": "otp"},
}}

// otpSetup starts a daemon with extra flags, sets the site's SMS
// provider to a Kavenegar fake and publishes otpForm.
func otpSetup(t *testing.T, extra ...string) (*rpc.Client, *smstest.Fake, int64, string) {
	t.Helper()
	c, _ := startDaemon(t, append(append([]string{}, noLimits...), extra...)...)
	f := smstest.New(t, sms.Kavenegar, "4F5A6B7C8D9E0F1A2B3C", "10004346")
	call(t, c, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "api_key": f.Key, "sender": f.Sender, "base_url": f.URL()}, nil)
	id, token := publishForm(t, c, otpForm)
	return c, f, id, token
}

type otpSent struct {
	Sent          bool   `json:"sent"`
	RetryAfterSec int    `json:"retry_after_sec"`
	ExpiresInSec  int    `json:"expires_in_sec"`
	Tries         int    `json:"tries"`
	Mobile        string `json:"mobile"`
}

// sendOTP asks for a code to mobile from client on a freshly loaded
// page, and returns the page's form token with the answer.
func sendOTP(t *testing.T, c *rpc.Client, token, mobile, client string) (string, otpSent, error) {
	t.Helper()
	ft := freshToken(t, c, token)
	var out otpSent
	err := c.Call(context.Background(), "submissions.otp.send", map[string]any{"token": token, "form_token": ft, "field": "mobile",
		"mobile": mobile, "client": map[string]any{"ip_hash": client}}, &out)
	return ft, out, err
}

var codeInText = regexp.MustCompile(`: ([0-9]{6})\n`)

// lastCode reads the code of the fake's newest text.
func lastCode(t *testing.T, f *smstest.Fake) string {
	t.Helper()
	sent := f.Sent()
	if len(sent) == 0 {
		t.Fatal("no text reached the provider")
	}
	m := codeInText.FindStringSubmatch(sent[len(sent)-1].Text)
	if m == nil {
		t.Fatalf("no code in the text %q", sent[len(sent)-1].Text)
	}
	return m[1]
}

func submitOTP(c *rpc.Client, token, formToken, mobile, code string) (receipt, error) {
	var r receipt
	err := c.Call(context.Background(), "submissions.submit", map[string]any{"token": token, "form_token": formToken,
		"answers": map[string]any{"name": "سارا", "mobile": mobile}, "otp": map[string]any{"mobile": code},
		"client": map[string]any{"ip_hash": "visitor"}}, &r)
	return r, err
}

// otpRefused checks err is INVALID_SUBMISSION on the mobile question with
// reason, and returns the error.
func otpRefused(t *testing.T, err error, reason string) *rpc.Error {
	t.Helper()
	re, ok := err.(*rpc.Error)
	if !ok || re.CodeName() != string(domain.CodeInvalidSubmission) {
		t.Fatalf("want INVALID_SUBMISSION %s, got %v", reason, err)
	}
	if codes := fieldCodes(t, re); codes["mobile"] != reason || len(codes) != 1 {
		t.Fatalf("refused %v, want mobile %s", codes, reason)
	}
	return re
}

// TestMobileOTPOverSocket: a respondent asks for a code, the site's
// provider (a loopback fake) receives it, and the submission with it is
// stored with the number marked verified; wrong, over-tried, missing and
// reused codes are refused with localized messages and store nothing.
func TestMobileOTPOverSocket(t *testing.T) {
	c, f, formID, token := otpSetup(t, "--otp-tries", "3")

	t.Run("send, receive, submit: the answer is verified", func(t *testing.T) {
		ft, sent, err := sendOTP(t, c, token, "+98 912 123 4567", "visitor")
		if err != nil {
			t.Fatal(err)
		}
		if !sent.Sent || sent.RetryAfterSec != 60 || sent.ExpiresInSec != 300 || sent.Tries != 3 || sent.Mobile != "0912***4567" {
			t.Fatalf("otp.send answered %+v", sent)
		}
		msgs := f.Sent()
		if len(msgs) != 1 || msgs[0].To != "09121234567" || !strings.Contains(msgs[0].Text, "نوبت‌دهی") {
			t.Fatalf("texts at the provider: %+v", msgs)
		}
		r, err := submitOTP(c, token, ft, "09121234567", domain.PersianDigits(lastCode(t, f)))
		if err != nil {
			t.Fatalf("submit with the code (in Persian digits): %v", err)
		}
		var entry domain.Submission
		call(t, c, "submissions.get", map[string]any{"form_id": formID, "id": r.SubmissionID}, &entry)
		var stored []map[string]any
		if err := json.Unmarshal(entry.Answers, &stored); err != nil {
			t.Fatal(err)
		}
		verified := map[string]any{}
		for _, a := range stored {
			verified[a["field"].(string)] = a["verified"]
		}
		if verified["mobile"] != true || verified["name"] != nil {
			t.Fatalf("stored answers %s", entry.Answers)
		}
		b, _ := exportOverSocket(t, c, map[string]any{"form_id": formID, "format": "csv"})
		if !strings.Contains(string(b), "09121234567") {
			t.Fatalf("the export lacks the verified number: %s", b)
		}
		t.Run("the code is used once", func(t *testing.T) {
			_, err := submitOTP(c, token, freshToken(t, c, token), "09121234567", lastCode(t, f))
			otpRefused(t, err, "otp_expired")
		})
	})

	t.Run("an idempotent repeat returns the first receipt", func(t *testing.T) {
		ft, _, err := sendOTP(t, c, token, "09181112233", "visitor8")
		if err != nil {
			t.Fatal(err)
		}
		p := map[string]any{"token": token, "form_token": ft, "idempotency_key": "otp-once",
			"answers": map[string]any{"mobile": "09181112233"}, "otp": map[string]any{"mobile": lastCode(t, f)},
			"client": map[string]any{"ip_hash": "visitor"}}
		var r1, r2 receipt
		call(t, c, "submissions.submit", p, &r1)
		call(t, c, "submissions.submit", p, &r2)
		if r1.SubmissionID == 0 || r1 != r2 {
			t.Fatalf("first %+v, repeat %+v", r1, r2)
		}
		// Other answers under the same key are not that receipt.
		p["answers"] = map[string]any{"mobile": "09181112233", "name": "دیگری"}
		if err := c.Call(context.Background(), "submissions.submit", p, nil); err == nil {
			t.Fatal("other answers under a used key and a used code were taken")
		}
	})

	t.Run("a wrong code says the tries left; the last burns it", func(t *testing.T) {
		ft, _, err := sendOTP(t, c, token, "09351112233", "visitor2")
		if err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, f)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		re := otpRefused(t, func() error { _, err := submitOTP(c, token, ft, "09351112233", wrong); return err }(), "otp_wrong")
		body, _ := json.Marshal(re.Data)
		if !strings.Contains(string(body), "2 tries left") || !strings.Contains(string(body), "۲ بار دیگر") {
			t.Fatalf("tries left not said: %s", body)
		}
		_, err = submitOTP(c, token, ft, "09351112233", wrong)
		otpRefused(t, err, "otp_wrong")
		_, err = submitOTP(c, token, ft, "09351112233", wrong)
		otpRefused(t, err, "otp_too_many_tries")
		_, err = submitOTP(c, token, ft, "09351112233", code)
		otpRefused(t, err, "otp_expired")
	})

	t.Run("a code of another number is refused", func(t *testing.T) {
		ft, _, err := sendOTP(t, c, token, "09131112233", "visitor3")
		if err != nil {
			t.Fatal(err)
		}
		_, err = submitOTP(c, token, ft, "09131112234", lastCode(t, f))
		otpRefused(t, err, "otp_expired")
	})

	t.Run("no code is refused, in the respondent's language", func(t *testing.T) {
		var r receipt
		err := c.Call(context.Background(), "submissions.submit", map[string]any{"token": token, "form_token": freshToken(t, c, token),
			"answers": map[string]any{"mobile": "09121234567"}, "client": map[string]any{"ip_hash": "visitor"},
			"actor": map[string]any{"user_id": 0, "caps": []string{}, "locale": "en_US"}}, &r)
		re := otpRefused(t, err, "otp_required")
		if !strings.Contains(re.Message, "fix") {
			t.Fatalf("en_US message %q", re.Message)
		}
	})

	t.Run("resend too soon", func(t *testing.T) {
		if _, _, err := sendOTP(t, c, token, "09191112233", "visitor4"); err != nil {
			t.Fatal(err)
		}
		n := len(f.Sent())
		_, _, err := sendOTP(t, c, token, "09191112233", "visitor4")
		re, ok := err.(*rpc.Error)
		if !ok || re.CodeName() != string(domain.CodeRateLimit) || re.Data["limit"] != "resend" || re.Data["retry_after_sec"] == nil ||
			!strings.Contains(re.Message, "ثانیهٔ دیگر") {
			t.Fatalf("resend at once: %v %v", err, re.Data)
		}
		if len(f.Sent()) != n {
			t.Fatal("a refused resend reached the provider")
		}
	})

	t.Run("refusals before any text", func(t *testing.T) {
		n := len(f.Sent())
		ft := freshToken(t, c, token)
		for name, p := range map[string]map[string]any{
			"a landline":                   {"field": "mobile", "mobile": "02188776655"},
			"a field that does not verify": {"field": "name", "mobile": "09121234567"},
			"an unknown field":             {"field": "nope", "mobile": "09121234567"},
			"a forged form token":          {"field": "mobile", "mobile": "09121234567", "form_token": "AAAA" + ft[4:]},
		} {
			t.Run(name, func(t *testing.T) {
				params := map[string]any{"token": token, "form_token": ft, "client": map[string]any{"ip_hash": "v"}}
				for k, v := range p {
					params[k] = v
				}
				code := callErr(t, c, "submissions.otp.send", params)
				if code != domain.CodeInvalidParams && code != domain.CodeInvalidSubmission {
					t.Fatalf("%s: %v", name, code)
				}
			})
		}
		if len(f.Sent()) != n {
			t.Fatalf("a refused request sent a text: %+v", f.Sent()[n:])
		}
	})

	t.Run("a code taken by a submission not stored goes back", func(t *testing.T) {
		used := freshToken(t, c, token)
		if _, _, err := sendOTP(t, c, token, "09171112233", "visitor6"); err != nil {
			t.Fatal(err)
		}
		code := lastCode(t, f)
		if _, err := submitOTP(c, token, used, "09171112233", code); err != nil {
			t.Fatal(err)
		}
		if _, _, err := sendOTP(t, c, token, "09171112234", "visitor7"); err != nil {
			t.Fatal(err)
		}
		code = lastCode(t, f)
		// The page's token was spent by the submission above: refused
		// after the code was checked, which must not spend the code.
		_, err := submitOTP(c, token, used, "09171112234", code)
		if re, ok := err.(*rpc.Error); !ok || fieldCodes(t, re)[""] != "form_token_used" {
			t.Fatalf("a spent page: %v", err)
		}
		if _, err := submitOTP(c, token, freshToken(t, c, token), "09171112234", code); err != nil {
			t.Fatalf("the code after a refusal that stored nothing: %v", err)
		}
	})

	t.Run("verify on a question that is not a mobile one is refused", func(t *testing.T) {
		doc := map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code", "verify": "otp"}}}
		err := c.Call(context.Background(), "forms.update", map[string]any{"id": formID, "document": doc}, nil)
		re, ok := err.(*rpc.Error)
		if !ok || !strings.Contains(string(must(json.Marshal(re.Data))), "verify.not_mobile") {
			t.Fatalf("forms.update: %v", err)
		}
	})

	t.Run("the provider's refusal is the respondent's error and keeps no code", func(t *testing.T) {
		f.Block("09381112233")
		ft, _, err := sendOTP(t, c, token, "09381112233", "visitor5")
		re, ok := err.(*rpc.Error)
		if !ok || re.Data["kind"] != string(sms.KindInvalidReceiver) {
			t.Fatalf("blocked number: %v", err)
		}
		_, err = submitOTP(c, token, ft, "09381112233", "123456")
		otpRefused(t, err, "otp_expired")
	})

	// Four submissions were stored; every refusal stored nothing.
	if n := len(listEntries(t, c, formID, "")); n != 4 {
		t.Fatalf("%d entries, want 4", n)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestMobileOTPLimits: the per-number, per-client and per-form limits
// over the socket, each refusal RATE_LIMIT naming its limit, and none
// reaching the provider.
func TestMobileOTPLimits(t *testing.T) {
	c, f, _, tokenA := otpSetup(t, "--otp-per-mobile-per-hour", "2", "--otp-per-client-per-hour", "3", "--otp-per-form-per-hour", "5")
	_, tokenB := publishForm(t, c, otpForm)
	_, tokenC := publishForm(t, c, otpForm)
	send := func(t *testing.T, token, mobile, client, limit string) {
		t.Helper()
		n := len(f.Sent())
		_, _, err := sendOTP(t, c, token, mobile, client)
		if limit == "" {
			if err != nil || len(f.Sent()) != n+1 {
				t.Fatalf("%s from %s: %v", mobile, client, err)
			}
			return
		}
		re, ok := err.(*rpc.Error)
		if !ok || re.CodeName() != string(domain.CodeRateLimit) || re.Data["limit"] != limit || re.Data["message_en"] == "" || re.Data["retry_after_sec"] == nil {
			t.Fatalf("want RATE_LIMIT %s, got %v", limit, err)
		}
		if len(f.Sent()) != n {
			t.Fatal("a refused request reached the provider")
		}
	}
	t.Run("per mobile, all forms together", func(t *testing.T) {
		send(t, tokenA, "09121111111", "ca", "")
		send(t, tokenB, "09121111111", "cb", "")
		send(t, tokenC, "09121111111", "cc", "mobile")
	})
	t.Run("per client", func(t *testing.T) {
		send(t, tokenB, "09122222221", "k", "")
		send(t, tokenB, "09122222222", "k", "")
		send(t, tokenB, "09122222223", "k", "")
		send(t, tokenB, "09122222224", "k", "client")
	})
	t.Run("per form", func(t *testing.T) {
		// Form B has sent 4 texts: one more, then it is full for the hour.
		send(t, tokenB, "09123333331", "k2", "")
		send(t, tokenB, "09123333332", "k3", "form")
		send(t, tokenC, "09123333332", "k3", "")
	})
}

// TestMobileOTPExpires: a code past --otp-ttl is refused, asking for a
// new one.
func TestMobileOTPExpires(t *testing.T) {
	c, f, _, token := otpSetup(t, "--otp-ttl", "1s")
	ft, sent, err := sendOTP(t, c, token, "09121234567", "visitor")
	if err != nil || sent.ExpiresInSec != 1 {
		t.Fatalf("%+v %v", sent, err)
	}
	time.Sleep(1100 * time.Millisecond)
	_, err = submitOTP(c, token, ft, "09121234567", lastCode(t, f))
	re := otpRefused(t, err, "otp_expired")
	body, _ := json.Marshal(re.Data)
	if !strings.Contains(string(body), "ask for a new code") || !strings.Contains(string(body), "کد تازه بخواهید") {
		t.Fatalf("%s", body)
	}
}

// TestMobileOTPWithoutProvider: with no SMS provider set the respondent
// is told the form cannot send codes, and nothing is sent or kept.
func TestMobileOTPWithoutProvider(t *testing.T) {
	c, _ := startDaemon(t, noLimits...)
	_, token := publishForm(t, c, otpForm)
	_, _, err := sendOTP(t, c, token, "09121234567", "visitor")
	re, ok := err.(*rpc.Error)
	if !ok || re.CodeName() != string(domain.CodeUnavailable) || re.Data["kind"] != "sms_not_configured" ||
		!strings.Contains(re.Message, "سامانهٔ پیامک سایت تنظیم نشده") || !strings.Contains(re.Data["message_en"].(string), "SMS provider is not set up") {
		t.Fatalf("no provider: %v %v", err, re)
	}
}
