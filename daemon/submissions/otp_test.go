package submissions

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/sqlstore"
)

// testBook is an otpBook on a real store, whose calls fail the test on
// an error of the store.
type testBook struct {
	*otpBook
	t  *testing.T
	db *sqlstore.DB
}

// newTestBook opens a store in a temporary directory and a book on it.
func newTestBook(t *testing.T, cfg Config) *testBook {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "otp.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &testBook{otpBook: bookOn(t, db, cfg), t: t, db: db}
}

// bookOn is a book on db, as each host of the store makes its own.
func bookOn(t *testing.T, db *sqlstore.DB, cfg Config) *otpBook {
	t.Helper()
	key, err := db.Secret(context.Background(), "otp_code_key")
	if err != nil {
		t.Fatal(err)
	}
	return newOTPBook(cfg, key, db)
}

func (b *testBook) keep(form int64, field, mobile, code string, cfg Config, now time.Time) time.Duration {
	b.t.Helper()
	w, err := b.otpBook.keep(context.Background(), 1, form, field, mobile, code, cfg, now)
	if err != nil {
		b.t.Fatal(err)
	}
	return w
}

func (b *testBook) take(form int64, field, mobile, code string, now time.Time) (otpOutcome, int, func()) {
	b.t.Helper()
	out, left, restore, err := b.otpBook.take(context.Background(), form, field, mobile, code, now)
	if err != nil {
		b.t.Fatal(err)
	}
	return out, left, restore
}

func (b *testBook) admit(site, form int64, field, mobile, client string, now time.Time) *otpLimit {
	b.t.Helper()
	l, err := b.otpBook.admit(context.Background(), site, form, field, mobile, client, now)
	if err != nil {
		b.t.Fatal(err)
	}
	return l
}

// TestOTPBook: the codes and limits behind submissions.otp.send and the
// otp of submissions.submit, on an injected clock.
func TestOTPBook(t *testing.T) {
	cfg := Config{OTPTTL: 5 * time.Minute, OTPTries: 3, OTPResendAfter: time.Minute,
		OTPPerMobilePerHour: 3, OTPPerClientPerHour: 4, OTPPerFormPerHour: 6, OTPPerSitePerDay: 8}
	t0 := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	const mobile = "09121234567"

	t.Run("a right code is taken once, and restore gives it back", func(t *testing.T) {
		b := newTestBook(t, cfg)
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
		b := newTestBook(t, cfg)
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
		b := newTestBook(t, cfg)
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
		b := newTestBook(t, cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		if out, _, _ := b.take(1, "m", mobile, "123456", t0.Add(5*time.Minute)); out != otpExpired {
			t.Fatalf("at expiry: %v", out)
		}
	})
	t.Run("a new code replaces the old one", func(t *testing.T) {
		b := newTestBook(t, cfg)
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
		b := newTestBook(t, cfg)
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
		b := newTestBook(t, cfg)
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
	t.Run("two books on one store share codes and tries", func(t *testing.T) {
		a := newTestBook(t, cfg)
		b := &testBook{otpBook: bookOn(t, a.db, cfg), t: t, db: a.db}
		a.keep(1, "m", mobile, "123456", cfg, t0)
		if l := b.admit(1, 1, "m", mobile, "c", t0.Add(30*time.Second)); l == nil || l.name != "resend" {
			t.Fatalf("the other book sends again at once: %+v", l)
		}
		if out, left, _ := b.take(1, "m", mobile, "000000", t0); out != otpWrong || left != 2 {
			t.Fatalf("wrong on b: %v %d", out, left)
		}
		if out, left, _ := a.take(1, "m", mobile, "000001", t0); out != otpWrong || left != 1 {
			t.Fatalf("wrong on a after one on b: %v %d", out, left)
		}
		out, _, restore := b.take(1, "m", mobile, "123456", t0)
		if out != otpOK {
			t.Fatalf("right code on b: %v", out)
		}
		if out, _, _ := a.take(1, "m", mobile, "123456", t0); out != otpNone {
			t.Fatalf("the code used on b, again on a: %v", out)
		}
		restore()
		if out, left, _ := a.take(1, "m", mobile, "123456", t0); out != otpOK || left != 1 {
			t.Fatalf("restored on b, taken on a: %v %d", out, left)
		}
	})
	t.Run("a restore does not bring back a code replaced since", func(t *testing.T) {
		b := newTestBook(t, cfg)
		b.keep(1, "m", mobile, "111111", cfg, t0)
		_, _, restore := b.take(1, "m", mobile, "111111", t0)
		b.keep(1, "m", mobile, "222222", cfg, t0.Add(time.Minute))
		restore()
		if out, _, _ := b.take(1, "m", mobile, "111111", t0.Add(time.Minute)); out != otpWrong {
			t.Fatalf("the old code after its restore: %v", out)
		}
	})
	t.Run("a burnt code is not restored and stays burnt", func(t *testing.T) {
		b := newTestBook(t, cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		for i := range 3 {
			b.take(1, "m", mobile, "00000"+string(rune('0'+i)), t0)
		}
		if out, _, _ := b.take(1, "m", mobile, "123456", t0); out != otpNone {
			t.Fatalf("right code after burning: %v", out)
		}
	})
	t.Run("retention deletes a row once its code, resend wait and hour are over", func(t *testing.T) {
		b := newTestBook(t, cfg)
		b.keep(1, "m", mobile, "123456", cfg, t0)
		ctx := context.Background()
		if n, err := b.db.PurgeOTPCodes(ctx, t0.Add(59*time.Minute)); err != nil || n != 0 {
			t.Fatalf("within the hour: %d %v", n, err)
		}
		// The resend count still holds the row within the hour.
		if l := b.admit(1, 1, "m", mobile, "c", t0.Add(30*time.Second)); l == nil || l.name != "resend" {
			t.Fatalf("resend wait after a purge: %+v", l)
		}
		if n, err := b.db.PurgeOTPCodes(ctx, t0.Add(time.Hour)); err != nil || n != 1 {
			t.Fatalf("after the hour: %d %v", n, err)
		}
		if out, _, _ := b.take(1, "m", mobile, "123456", t0); out != otpNone {
			t.Fatalf("a purged code: %v", out)
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
