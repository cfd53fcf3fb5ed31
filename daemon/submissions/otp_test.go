package submissions

import (
	"testing"
	"time"
)

// TestOTPBook: the codes and limits behind submissions.otp.send and the
// otp of submissions.submit, on an injected clock.
func TestOTPBook(t *testing.T) {
	cfg := Config{OTPTTL: 5 * time.Minute, OTPTries: 3, OTPResendAfter: time.Minute,
		OTPPerMobilePerHour: 3, OTPPerClientPerHour: 4, OTPPerFormPerHour: 6, OTPPerSitePerDay: 8}
	t0 := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	const mobile = "09121234567"

	t.Run("a right code is taken once, and restore gives it back", func(t *testing.T) {
		b := newOTPBook(cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		out, _, restore := b.take(1, "m", mobile, "123456", t0.Add(time.Minute))
		if out != otpOK {
			t.Fatalf("right code: %v", out)
		}
		if out, _, _ := b.take(1, "m", mobile, "123456", t0.Add(time.Minute)); out != otpNone {
			t.Fatalf("second use: %v", out)
		}
		restore()
		if out, _, _ := b.take(1, "m", mobile, "123456", t0.Add(time.Minute)); out != otpOK {
			t.Fatalf("after restore: %v", out)
		}
	})
	t.Run("a code is bound to its form, field and number", func(t *testing.T) {
		b := newOTPBook(cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		for _, c := range []struct {
			form  int64
			field string
			to    string
		}{{2, "m", mobile}, {1, "n", mobile}, {1, "m", "09121234568"}} {
			if out, _, _ := b.take(c.form, c.field, c.to, "123456", t0); out != otpNone {
				t.Fatalf("%+v: %v", c, out)
			}
		}
	})
	t.Run("wrong codes spend tries, the last burns the code", func(t *testing.T) {
		b := newOTPBook(cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		if out, left, _ := b.take(1, "m", mobile, "000000", t0); out != otpWrong || left != 2 {
			t.Fatalf("first wrong: %v %d", out, left)
		}
		if out, left, _ := b.take(1, "m", mobile, "000001", t0); out != otpWrong || left != 1 {
			t.Fatalf("second wrong: %v %d", out, left)
		}
		if out, _, _ := b.take(1, "m", mobile, "000002", t0); out != otpBurnt {
			t.Fatalf("third wrong: %v", out)
		}
		if out, _, _ := b.take(1, "m", mobile, "123456", t0); out != otpNone {
			t.Fatalf("the right code after it burnt: %v", out)
		}
	})
	t.Run("a code expires", func(t *testing.T) {
		b := newOTPBook(cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		if out, _, _ := b.take(1, "m", mobile, "123456", t0.Add(5*time.Minute)); out != otpExpired {
			t.Fatalf("at expiry: %v", out)
		}
	})
	t.Run("a new code replaces the old one", func(t *testing.T) {
		b := newOTPBook(cfg)
		b.keep(1, "m", mobile, "111111", cfg, t0)
		b.keep(1, "m", mobile, "222222", cfg, t0.Add(2*time.Minute))
		if out, _, _ := b.take(1, "m", mobile, "111111", t0.Add(2*time.Minute)); out != otpWrong {
			t.Fatalf("old code: %v", out)
		}
		if out, _, _ := b.take(1, "m", mobile, "222222", t0.Add(2*time.Minute)); out != otpOK {
			t.Fatalf("new code: %v", out)
		}
	})
	t.Run("the resend wait doubles", func(t *testing.T) {
		b := newOTPBook(cfg)
		if b.admit(1, 1, "m", mobile, "c", t0) != nil {
			t.Fatal("first send refused")
		}
		if w := b.keep(1, "m", mobile, "111111", cfg, t0); w != time.Minute {
			t.Fatalf("first wait %v", w)
		}
		if l := b.admit(1, 1, "m", mobile, "c", t0.Add(30*time.Second)); l == nil || l.name != "resend" || l.wait != 30*time.Second {
			t.Fatalf("too soon: %+v", l)
		}
		at := t0.Add(time.Minute)
		if b.admit(1, 1, "m", mobile, "c", at) != nil {
			t.Fatal("resend after the wait refused")
		}
		if w := b.keep(1, "m", mobile, "222222", cfg, at); w != 2*time.Minute {
			t.Fatalf("second wait %v", w)
		}
	})
	t.Run("limits per number, client, form and site", func(t *testing.T) {
		b := newOTPBook(cfg)
		n := 0
		send := func(site, form int64, to, client string) *otpLimit {
			n++ // a new field each time: no resend wait in the way
			return b.admit(site, form, "f"+string(rune('a'+n)), to, client, t0)
		}
		for range 3 {
			if l := send(1, 1, mobile, "c"+string(rune('a'+n))); l != nil {
				t.Fatalf("under the limits: %+v", l)
			}
		}
		if l := send(1, 1, mobile, "other"); l == nil || l.name != "mobile" || l.wait != time.Hour {
			t.Fatalf("fourth text to one number: %+v", l)
		}
		if l := send(2, 9, mobile, "other"); l != nil {
			t.Fatalf("the same number on another site: %+v", l)
		}
		for i := range 4 {
			if l := send(3, 30, "0912000000"+string(rune('0'+i)), "client"); l != nil {
				t.Fatalf("client under its limit: %+v", l)
			}
		}
		if l := send(3, 30, "09120000009", "client"); l == nil || l.name != "client" {
			t.Fatalf("fifth code for one client: %+v", l)
		}
		// Form 1 of site 1 has had 3 texts: 3 more pass, the seventh not.
		for i := range 3 {
			if l := send(1, 1, "0913000000"+string(rune('0'+i)), "x"+string(rune('0'+i))); l != nil {
				t.Fatalf("form under its limit: %+v", l)
			}
		}
		if l := send(1, 1, "09130000009", "y"); l == nil || l.name != "form" {
			t.Fatalf("seventh text of one form: %+v", l)
		}
		// Site 1 has had 6; another form takes 2 more, then the site's day is full.
		for i := range 2 {
			if l := send(1, 2, "0914000000"+string(rune('0'+i)), "z"+string(rune('0'+i))); l != nil {
				t.Fatalf("site under its limit: %+v", l)
			}
		}
		if l := send(1, 3, "09140000009", "w"); l == nil || l.name != "site" {
			t.Fatalf("ninth text of one site in a day: %+v", l)
		}
		// An hour later the hourly counts are free again, the daily one not.
		if l := b.admit(1, 4, "g", "09150000000", "v", t0.Add(time.Hour)); l == nil || l.name != "site" {
			t.Fatalf("an hour later: %+v", l)
		}
		if l := b.admit(1, 4, "g", "09150000000", "v", t0.Add(24*time.Hour)); l != nil {
			t.Fatalf("a day later: %+v", l)
		}
	})
	t.Run("codes are six digits", func(t *testing.T) {
		seen := map[string]bool{}
		for range 200 {
			c := newCode()
			if len(c) != otpDigits || c[0] < '0' || c[0] > '9' {
				t.Fatalf("code %q", c)
			}
			seen[c] = true
		}
		if len(seen) < 190 {
			t.Fatalf("only %d distinct codes of 200", len(seen))
		}
	})
}
