package sqlstore

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestCopyStoreToMariaDB: an SQLite store with forms, versions, audit,
// submissions (one erased, one spam), counts, uploads, unique answers,
// webhook deliveries, notifications and secrets moves into an empty MariaDB database; every
// table's row count and checksum agree, the moved store answers as the
// old one did (forms by their public tokens, searches, webhook secrets),
// new ids continue past every id the source gave, and a second copy into
// the now full target is refused and writes nothing.
func TestCopyStoreToMariaDB(t *testing.T) {
	sqliteOnly(t) // it opens both engines itself
	ctx := context.Background()
	addr := mariadbtest.NewDatabase(t)
	src := openTest(t, filepath.Join(t.TempDir(), "old.db"))

	f := createForm(t, src, "فرم قدیمی")
	withFileField(t, src, f)
	a := insertSubmission(t, src, f, "k1", `[{"field":"f1","value":"کتاب‌ها"}]`, "کتاب‌ها", []domain.AnswerFact{{Field: "f1", Key: "x"}})
	b := insertSubmission(t, src, f, "", `[{"field":"f1","value":"دفتر"}]`, "دفتر", nil)
	last := insertSubmission(t, src, f, "", `[{"field":"f1","value":"آخر"}]`, "آخر", nil)
	kept, erased := note(1, f.ID, a.ID, domain.ChannelSMS, "09121234567"), note(1, f.ID, last.ID, domain.ChannelEmail, "a@example.com")
	enqueueNotes(t, src, domain.NotificationLimits{}, kept, erased)
	if err := src.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		if _, err := tx.ClaimUniqueAnswers(a, []domain.UniqueClaim{{Field: "f1", Hash: "h1"}}); err != nil {
			return err
		}
		if err := tx.SetSubmissionStatus(b, domain.SubmissionSpam, nil); err != nil {
			return err
		}
		// The newest is erased: its id must not come back in the copy.
		_, err := tx.DeleteSubmission(last, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := pending(src, f, "u1", "photo", 10); err != nil {
		t.Fatal(err)
	}
	enqueue(t, src, &domain.OutboxEntry{SiteID: 1, FormID: f.ID, SubmissionID: a.ID, URL: "https://example.com/h", Payload: []byte(`{"a":1}`)})
	secret, err := src.WebhookSecret(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}

	dst, err := Open(ctx, addr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	report, err := CopyStore(ctx, src, dst, CopyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("every table agrees", func(t *testing.T) {
		if len(report) != len(copyTables) {
			t.Fatalf("%d tables reported, want %d", len(report), len(copyTables))
		}
		rows := map[string]int64{}
		for _, r := range report {
			rows[r.Table] = r.Rows
			if len(r.Checksum) != 64 {
				t.Fatalf("%s: checksum %q", r.Table, r.Checksum)
			}
		}
		if rows["submissions"] != 2 || rows["forms"] != 1 || rows["uploads"] != 1 || rows["webhook_outbox"] != 1 || rows["unique_answers"] != 1 ||
			rows["notification_outbox"] != 1 {
			t.Fatalf("rows moved: %v", rows)
		}
	})
	t.Run("the moved store answers as the old one", func(t *testing.T) {
		g, err := dst.GetForm(ctx, 1, f.ID)
		if err != nil || g.PublicToken != f.PublicToken {
			t.Fatalf("form %+v, %v (token was %s)", g, err, f.PublicToken)
		}
		if id, err := dst.FormIDByPublicToken(ctx, f.PublicToken); err != nil || id != f.ID {
			t.Fatalf("token → %d, %v", id, err)
		}
		got, err := dst.ListSubmissions(ctx, domain.SubmissionQuery{SiteID: 1, FormID: f.ID, Q: "كتاب", Limit: 10})
		if err != nil || len(got) != 1 || got[0].ID != a.ID {
			t.Fatalf("search after the move: %+v, %v", got, err)
		}
		if s, err := dst.WebhookSecret(ctx, 1); err != nil || s != secret {
			t.Fatalf("webhook secret %q, %v; want the old %q", s, err, secret)
		}
		if n, err := dst.Notification(ctx, 1, kept.ID); err != nil || n.Receiver != kept.Receiver || n.SubmissionID != a.ID {
			t.Fatalf("notification after the move: %+v, %v", n, err)
		}
	})
	t.Run("answers counted in the source are counted in the target", func(t *testing.T) {
		var uncounted int
		if err := dst.write.Get(&uncounted, "SELECT count(*) FROM submissions WHERE counted = 0"); err != nil || uncounted != 0 {
			t.Fatalf("%d submissions left for the rollup, %v", uncounted, err)
		}
		if n, err := dst.RollUpAnswers(ctx, 10, func([]byte) ([]domain.AnswerFact, error) { return nil, nil }); err != nil || n != 0 {
			t.Fatalf("the rollup found %d submissions to count again, %v", n, err)
		}
	})
	t.Run("new ids continue past every id the source gave", func(t *testing.T) {
		s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "n", Answers: []byte("[]")}
		if err := dst.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") }); err != nil {
			t.Fatal(err)
		}
		if s.ID <= last.ID {
			t.Fatalf("new submission got id %d, the erased one had %d", s.ID, last.ID)
		}
		n := note(1, f.ID, s.ID, domain.ChannelSMS, "09121234567")
		enqueueNotes(t, dst, domain.NotificationLimits{}, n)
		if n.ID <= erased.ID {
			t.Fatalf("new notification got id %d, the erased one had %d", n.ID, erased.ID)
		}
	})
	t.Run("a target that is not empty is refused", func(t *testing.T) {
		before, err := tableChecksum(ctx, dst, copyTable{"submissions", "id"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CopyStore(ctx, src, dst, CopyOptions{}); !errors.Is(err, ErrTargetNotEmpty) {
			t.Fatalf("second copy: %v, want ErrTargetNotEmpty", err)
		}
		after, _ := tableChecksum(ctx, dst, copyTable{"submissions", "id"})
		if before != after {
			t.Fatal("the refused copy changed the target")
		}
	})
	t.Run("a row changed on one side changes the checksum", func(t *testing.T) {
		before, _ := tableChecksum(ctx, dst, copyTable{"forms", "id"})
		if _, err := dst.write.Exec("UPDATE forms SET title = 'x' WHERE id = ?", f.ID); err != nil {
			t.Fatal(err)
		}
		after, _ := tableChecksum(ctx, dst, copyTable{"forms", "id"})
		if before == after || before.Rows != after.Rows {
			t.Fatalf("checksum unchanged: %+v", after)
		}
	})
}
