package sqlstore

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func enqueue(t *testing.T, db *DB, entries ...*domain.OutboxEntry) {
	t.Helper()
	err := db.Update(context.Background(), func(tx domain.FormTx) error {
		return tx.(*Tx).EnqueueWebhooks(entries...)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func entry(sub int64) *domain.OutboxEntry {
	return &domain.OutboxEntry{SiteID: 1, FormID: 9, SubmissionID: sub, URL: "https://example.com/hook",
		Payload: json.RawMessage(`{"event":"submission.created","submission_id":` + strconv.FormatInt(sub, 10) + `}`)}
}

func claimIDs(t *testing.T, db *DB, n int, lease time.Duration) []domain.OutboxEntry {
	t.Helper()
	got, err := db.ClaimWebhooks(context.Background(), n, lease)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A clock the test moves; the store reads it for every transaction.
func setClock(db *DB, at time.Time) { db.now = func() time.Time { return at } }

func TestOutboxClaimLeasesDueEntriesOldestFirst(t *testing.T) {
	db := openTest(t, filepath.Join(t.TempDir(), "o.db"))
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	setClock(db, t0)
	a, b, later := entry(1), entry(2), entry(3)
	b.NextAttemptAt = t0.Add(-time.Minute) // most overdue: first
	later.NextAttemptAt = t0.Add(time.Hour)
	enqueue(t, db, a, b, later)
	if a.ID == 0 || b.ID <= a.ID || later.ID <= b.ID {
		t.Fatalf("ids not set in order: %d %d %d", a.ID, b.ID, later.ID)
	}
	if !a.CreatedAt.Equal(t0) || !a.NextAttemptAt.Equal(t0) {
		t.Fatalf("defaults: created %v next %v, want both %v", a.CreatedAt, a.NextAttemptAt, t0)
	}

	got := claimIDs(t, db, 1, 15*time.Second)
	if len(got) != 1 || got[0].ID != b.ID || got[0].Attempts != 1 || !got[0].NextAttemptAt.Equal(t0.Add(15*time.Second)) {
		t.Fatalf("first claim: %+v, want entry %d, attempt 1, leased to +15s", got, b.ID)
	}
	if string(got[0].Payload) != string(b.Payload) || got[0].URL != b.URL || got[0].SubmissionID != 2 || got[0].SiteID != 1 || got[0].FormID != 9 {
		t.Fatalf("claimed entry lost its data: %+v", got[0])
	}
	got = claimIDs(t, db, 10, 15*time.Second)
	if len(got) != 1 || got[0].ID != a.ID {
		t.Fatalf("second claim: %+v, want only %d (b is leased, later not due)", got, a.ID)
	}
	if got := claimIDs(t, db, 10, 15*time.Second); len(got) != 0 {
		t.Fatalf("claimed leased entries: %+v", got)
	}
	// The lease ends without a mark (the worker died): due again.
	setClock(db, t0.Add(16*time.Second))
	got = claimIDs(t, db, 10, 15*time.Second)
	if len(got) != 2 || got[0].ID != a.ID || got[1].ID != b.ID || got[0].Attempts != 2 {
		t.Fatalf("after the lease: %+v, want %d and %d at attempt 2", got, a.ID, b.ID)
	}
	if got := claimIDs(t, db, 0, time.Second); got != nil {
		t.Fatalf("claim of 0: %+v", got)
	}
}

func TestOutboxEnqueueRefusesBadEntriesAndKeepsNothing(t *testing.T) {
	db := openTest(t, filepath.Join(t.TempDir(), "o.db"))
	bad := entry(2)
	bad.Payload = json.RawMessage(`{"event":`)
	noURL := entry(3)
	noURL.URL = ""
	for name, e := range map[string]*domain.OutboxEntry{"payload": bad, "url": noURL} {
		err := db.Update(context.Background(), func(tx domain.FormTx) error {
			return tx.(*Tx).EnqueueWebhooks(entry(1), e)
		})
		if err == nil {
			t.Fatalf("%s: bad entry accepted", name)
		}
	}
	if n, err := db.PendingWebhooks(context.Background()); err != nil || n != 0 {
		t.Fatalf("pending after refused enqueues: %d %v (the good entry of each call must be rolled back too)", n, err)
	}
}

func TestOutboxMarks(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "o.db"))
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	setClock(db, t0)
	a, b, c := entry(1), entry(2), entry(3)
	enqueue(t, db, a, b, c)
	if n, _ := db.PendingWebhooks(ctx); n != 3 {
		t.Fatalf("pending %d, want 3", n)
	}
	claimIDs(t, db, 3, time.Minute)

	// Delivered: no longer pending, and a late failure of an earlier
	// attempt does not make it owed again.
	if err := db.MarkWebhookDelivered(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := db.MarkWebhookFailed(ctx, a.ID, "late", t0); err != nil {
		t.Fatal(err)
	}
	if err := db.MarkWebhookDelivered(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	var delivered, lastErr *string
	db.write.QueryRow("SELECT delivered_at, last_error FROM webhook_outbox WHERE id = ?", a.ID).Scan(&delivered, &lastErr)
	if delivered == nil || *delivered != formatTime(t0) || lastErr != nil {
		t.Fatalf("delivered row: delivered_at %v last_error %v", delivered, lastErr)
	}

	// Failed: due at retryAt, with the error cut to 500 bytes on a
	// character boundary.
	long := strings.Repeat("ش", 300) // 600 bytes
	retry := t0.Add(40 * time.Second)
	if err := db.MarkWebhookFailed(ctx, b.ID, long, retry); err != nil {
		t.Fatal(err)
	}
	var next, msg string
	var attempts int
	db.write.QueryRow("SELECT next_attempt_at, last_error, attempts FROM webhook_outbox WHERE id = ?", b.ID).Scan(&next, &msg, &attempts)
	if next != formatTime(retry) || len(msg) != 500 || !utf8.ValidString(msg) || attempts != 1 {
		t.Fatalf("failed row: next %s, last_error %d bytes (valid %v), attempts %d", next, len(msg), utf8.ValidString(msg), attempts)
	}
	setClock(db, retry)
	if got := claimIDs(t, db, 3, time.Minute); len(got) != 1 || got[0].ID != b.ID || got[0].Attempts != 2 {
		t.Fatalf("claim at retry time: %+v", got)
	}

	// Given up: not pending, never due again.
	if err := db.MarkWebhookFailed(ctx, c.ID, "HTTP 500", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if n, _ := db.PendingWebhooks(ctx); n != 1 {
		t.Fatalf("pending %d, want 1 (b only)", n)
	}
	setClock(db, time.Date(9000, 1, 1, 0, 0, 0, 0, time.UTC))
	for _, e := range claimIDs(t, db, 3, time.Minute) {
		if e.ID == c.ID {
			t.Fatal("a delivery given up was claimed")
		}
	}
	// A row gone with its submission is no error to mark.
	if err := db.MarkWebhookDelivered(ctx, 999); err != nil {
		t.Fatal(err)
	}
}

func TestOutboxSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "o.db")
	db, err := openEngine(t, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := entry(1)
	enqueue(t, db, e)
	secret, err := db.WebhookSecret(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if raw, err := hex.DecodeString(secret); err != nil || len(raw) != 32 || strings.ToLower(secret) != secret {
		t.Fatalf("webhook secret %q is not 64 lowercase hex digits", secret)
	}
	db.Close()
	db = openTest(t, path)
	if again, _ := db.WebhookSecret(context.Background(), 1); again != secret {
		t.Fatal("the webhook secret changed on reopening")
	}
	got := claimIDs(t, db, 5, time.Second)
	if len(got) != 1 || got[0].ID != e.ID {
		t.Fatalf("after reopening: %+v", got)
	}
}

// TestWebhookSecretsPerSite: each site signs with its own secret, made
// on first use and kept; site 1 keeps the secret of a database made
// before secrets were per site; rotating gives a site a new one and
// leaves the others alone.
func TestWebhookSecretsPerSite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "o.db")
	db := openTest(t, path)
	var legacy string
	if err := db.read.Get(&legacy, "SELECT value FROM settings WHERE name = 'webhook_secret'"); err != nil {
		t.Fatal(err)
	}
	secret := func(site int64) string {
		t.Helper()
		s, err := db.WebhookSecret(ctx, site)
		if err != nil {
			t.Fatal(err)
		}
		if len(s) != 64 {
			t.Fatalf("site %d's secret %q is not 64 hex digits", site, s)
		}
		return s
	}
	one, two, three := secret(1), secret(2), secret(3)
	t.Run("site 1 keeps the database's secret", func(t *testing.T) {
		if one != legacy {
			t.Fatalf("site 1 signs with %q, the database had %q", one, legacy)
		}
	})
	t.Run("sites differ", func(t *testing.T) {
		if one == two || two == three || one == three {
			t.Fatalf("secrets shared: %s %s %s", one, two, three)
		}
	})
	db.Close()
	db = openTest(t, path)
	t.Run("kept across calls and reopening", func(t *testing.T) {
		if secret(2) != two || secret(1) != one {
			t.Fatal("a site's secret changed")
		}
	})
	t.Run("rotation", func(t *testing.T) {
		fresh, err := db.RotateWebhookSecret(ctx, 2)
		if err != nil || fresh == two || len(fresh) != 64 {
			t.Fatalf("rotated %q: %v", fresh, err)
		}
		if secret(2) != fresh || secret(3) != three || secret(1) != one {
			t.Fatal("rotation did not give site 2 alone its new secret")
		}
	})
}
