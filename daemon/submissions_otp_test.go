package daemon

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

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

// TestMobileOTPOverSocket: the SMS provider set by sms.settings.set and
// the --otp-* flags reach submissions.otp.send: a respondent asks for a
// code, the provider (a loopback fake) receives it, the submission with
// it is stored with the number marked verified and exported, and the
// code is used once. What the codes and their limits do is tested in
// daemon/submissions.
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
