package sqlstore

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestIDsNeverReused: once the newest submission is erased (and its
// webhook delivery and notification with it), the next submission,
// delivery and notification get new ids, also after the database is
// reopened, so that a receiver dropping repeats by id never drops a new
// one.
func TestIDsNeverReused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "s.db")
	db := openTest(t, path)
	f := createForm(t, db, "شناسه‌ها")
	insertWithDelivery := func(db *DB) (sub, delivery, notice int64) {
		t.Helper()
		s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte("[]")}
		e := &domain.OutboxEntry{SiteID: 1, FormID: f.ID, URL: "https://example.com/h", Payload: []byte(`{}`)}
		n := &domain.Notification{SiteID: 1, FormID: f.ID, Channel: domain.ChannelSMS, Receiver: "09121234567", Payload: []byte(`{"text":"x"}`)}
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			if err := tx.InsertSubmission(s, ""); err != nil {
				return err
			}
			e.SubmissionID, n.SubmissionID = s.ID, s.ID
			if err := tx.EnqueueWebhooks(e); err != nil {
				return err
			}
			return tx.EnqueueNotifications(domain.NotificationLimits{}, n)
		})
		if err != nil {
			t.Fatal(err)
		}
		return s.ID, e.ID, n.ID
	}
	erase := func(db *DB, id int64) {
		t.Helper()
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			list, err := tx.GetSubmissionsByID(1, f.ID, []int64{id})
			if err != nil || len(list) != 1 {
				t.Fatalf("read %d: %v %v", id, list, err)
			}
			_, err = tx.DeleteSubmission(&list[0], nil)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	seen := map[int64]bool{}
	seenDelivery := map[int64]bool{}
	seenNotice := map[int64]bool{}
	check := func(name string, sub, delivery, notice int64) {
		t.Helper()
		t.Run(name, func(t *testing.T) {
			if seen[sub] || seenDelivery[delivery] || seenNotice[notice] {
				t.Fatalf("submission %d, delivery %d or notification %d was given before", sub, delivery, notice)
			}
		})
		seen[sub], seenDelivery[delivery], seenNotice[notice] = true, true, true
	}
	for i := range 3 {
		s, d, n := insertWithDelivery(db)
		check("first "+string(rune('a'+i)), s, d, n)
	}
	s, d, n := insertWithDelivery(db)
	seen[s], seenDelivery[d], seenNotice[n] = true, true, true
	erase(db, s)
	s, d, n = insertWithDelivery(db)
	check("after the newest was erased", s, d, n)
	erase(db, s)
	db.Close()
	db = openTest(t, path)
	s, d, n = insertWithDelivery(db)
	check("after erasing and reopening", s, d, n)
}
