package sqlstore

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestOTPCodes: the rows behind mobile verification codes, on both
// engines: read and written under one lock, replaced by a newer code,
// deleted by the retention once of no more use.
func TestOTPCodes(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "otp.db"))
	t0 := time.Date(2026, 11, 27, 10, 0, 0, 123456000, time.UTC)
	code := func(hash string, at time.Time) *domain.OTPCode {
		return &domain.OTPCode{SiteID: 1, FormID: 9, Field: "mobile", Hash: []byte(hash), SentAt: at, ExpiresAt: at.Add(5 * time.Minute),
			MaxAttempts: 3, Sends: 1, SendsSince: at, ResendAt: at.Add(time.Minute), KeepUntil: at.Add(time.Hour)}
	}
	read := func(t *testing.T, key string) *domain.OTPCode {
		t.Helper()
		var got *domain.OTPCode
		if err := db.UpdateOTPCode(ctx, key, func(cur *domain.OTPCode) (*domain.OTPCode, error) {
			got = cur
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}

	t.Run("no row reads as nil", func(t *testing.T) {
		if got := read(t, "none"); got != nil {
			t.Fatalf("%+v", got)
		}
	})
	t.Run("a row is written and read back whole", func(t *testing.T) {
		want := code("\x00hash\xff", t0)
		want.Attempts, want.Consumed = 2, true
		if err := db.UpdateOTPCode(ctx, "k1", func(*domain.OTPCode) (*domain.OTPCode, error) { return want, nil }); err != nil {
			t.Fatal(err)
		}
		got := read(t, "k1")
		if got == nil || got.Key != "k1" || got.SiteID != 1 || got.FormID != 9 || got.Field != "mobile" || !bytes.Equal(got.Hash, want.Hash) ||
			!got.SentAt.Equal(t0) || !got.ExpiresAt.Equal(want.ExpiresAt) || got.Attempts != 2 || got.MaxAttempts != 3 || !got.Consumed ||
			got.Sends != 1 || !got.SendsSince.Equal(t0) || !got.ResendAt.Equal(want.ResendAt) || !got.KeepUntil.Equal(want.KeepUntil) {
			t.Fatalf("read back %+v, wrote %+v", got, want)
		}
	})
	t.Run("a newer code replaces the row", func(t *testing.T) {
		if err := db.UpdateOTPCode(ctx, "k1", func(*domain.OTPCode) (*domain.OTPCode, error) { return code("new", t0.Add(time.Minute)), nil }); err != nil {
			t.Fatal(err)
		}
		if got := read(t, "k1"); string(got.Hash) != "new" || got.Attempts != 0 || got.Consumed {
			t.Fatalf("%+v", got)
		}
	})
	t.Run("an error of fn writes nothing", func(t *testing.T) {
		boom := domain.Errorf(domain.CodeInternal, "boom")
		err := db.UpdateOTPCode(ctx, "k1", func(cur *domain.OTPCode) (*domain.OTPCode, error) {
			next := *cur
			next.Attempts = 3
			return &next, boom
		})
		if domain.ErrorCode(err) != domain.CodeInternal {
			t.Fatalf("err %v", err)
		}
		if got := read(t, "k1"); got.Attempts != 0 {
			t.Fatalf("%+v", got)
		}
	})
	t.Run("retention deletes rows kept until now or earlier", func(t *testing.T) {
		if err := db.UpdateOTPCode(ctx, "k2", func(*domain.OTPCode) (*domain.OTPCode, error) { return code("b", t0.Add(2*time.Hour)), nil }); err != nil {
			t.Fatal(err)
		}
		if n, err := db.PurgeOTPCodes(ctx, t0.Add(time.Hour)); err != nil || n != 0 {
			t.Fatalf("before k1's end: %d %v", n, err)
		}
		if n, err := db.PurgeOTPCodes(ctx, t0.Add(time.Hour+time.Minute)); err != nil || n != 1 {
			t.Fatalf("at k1's end: %d %v", n, err)
		}
		if read(t, "k1") != nil || read(t, "k2") == nil {
			t.Fatal("the wrong row went")
		}
	})
}
