package sqlstore

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func enqueueNotes(t *testing.T, db *DB, limits domain.NotificationLimits, entries ...*domain.Notification) {
	t.Helper()
	err := db.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
		return tx.EnqueueNotifications(limits, entries...)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func note(site, form, sub int64, channel, to string) *domain.Notification {
	return &domain.Notification{SiteID: site, FormID: form, SubmissionID: sub, Channel: channel, Receiver: to,
		Payload: json.RawMessage(`{"text":"پاسخ تازه"}`)}
}

func TestNotificationOutbox(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "n.db"))
	f := createForm(t, db, "اعلان")
	sub := insertSubmission(t, db, f, "", `[]`, "", nil)

	t.Run("owed, claimed by channel and site, leased, sent", func(t *testing.T) {
		a, b, c := note(1, f.ID, sub.ID, domain.ChannelSMS, "09121234567"), note(1, f.ID, sub.ID, domain.ChannelEmail, "a@example.com"),
			note(2, f.ID, sub.ID, domain.ChannelEmail, "b@example.com")
		enqueueNotes(t, db, domain.NotificationLimits{}, a, b, c)
		if a.ID == 0 || b.ID != a.ID+1 || c.ID != b.ID+1 || a.Limited {
			t.Fatalf("ids %d %d %d", a.ID, b.ID, c.ID)
		}
		got, err := db.ClaimNotifications(ctx, domain.ChannelEmail, 1, 10, time.Minute)
		if err != nil || len(got) != 1 || got[0].ID != b.ID || got[0].Attempts != 1 || got[0].Receiver != "a@example.com" {
			t.Fatalf("site 1's mails: %+v %v", got, err)
		}
		if again, _ := db.ClaimNotifications(ctx, domain.ChannelEmail, 1, 10, time.Minute); len(again) != 0 {
			t.Fatalf("a leased row was claimed again: %+v", again)
		}
		if all, _ := db.ClaimNotifications(ctx, domain.ChannelSMS, 0, 10, time.Minute); len(all) != 1 || all[0].ID != a.ID {
			t.Fatalf("every site's texts: %+v", all)
		}
		if ok, err := db.MarkNotificationSent(ctx, 2, b.ID, ""); ok || err != nil {
			t.Fatalf("another site marked b sent: %v %v", ok, err)
		}
		if ok, err := db.MarkNotificationSent(ctx, 1, b.ID, ""); !ok || err != nil {
			t.Fatalf("mark sent: %v %v", ok, err)
		}
		if ok, _ := db.MarkNotificationFailed(ctx, 1, b.ID, "mail_failed", "late", time.Time{}); ok {
			t.Fatal("a late failure changed a sent row")
		}
		n, err := db.Notification(ctx, 1, b.ID)
		if err != nil || n.SentAt == nil || n.LastError != "" {
			t.Fatalf("after sent: %+v %v", n, err)
		}
		if _, err := db.Notification(ctx, 2, b.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("another site's row: %v", err)
		}
	})

	t.Run("a failure waits, a give-up leaves the due range, retry brings it back once", func(t *testing.T) {
		e := note(1, f.ID, sub.ID, domain.ChannelSMS, "09120000001")
		enqueueNotes(t, db, domain.NotificationLimits{}, e)
		got, _ := db.ClaimNotifications(ctx, domain.ChannelSMS, 0, 10, time.Minute)
		if len(got) != 1 || got[0].ID != e.ID {
			t.Fatalf("claimed %+v", got)
		}
		if _, err := db.MarkNotificationFailed(ctx, 0, e.ID, "rate_limited", "429", time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.ClaimNotifications(ctx, domain.ChannelSMS, 0, 10, time.Minute); len(got) != 0 {
			t.Fatalf("claimed before its retry time: %+v", got)
		}
		if _, err := db.RetryNotification(ctx, 1, e.ID); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("retry of a row still being tried: %v", err)
		}
		before, _ := db.PendingNotifications(ctx)
		if _, err := db.MarkNotificationFailed(ctx, 0, e.ID, "no_credit", "418", time.Time{}); err != nil {
			t.Fatal(err)
		}
		if after, _ := db.PendingNotifications(ctx); after != before-1 {
			t.Fatalf("a given-up row still counted pending (%d, then %d)", before, after)
		}
		if _, err := db.RetryNotification(ctx, 2, e.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("another site's retry: %v", err)
		}
		r, err := db.RetryNotification(ctx, 1, e.ID)
		if err != nil || r.AttemptBase != 1 || r.Attempts != 1 || r.ErrorKind != "no_credit" {
			t.Fatalf("retry: %+v %v", r, err)
		}
		got, _ = db.ClaimNotifications(ctx, domain.ChannelSMS, 0, 10, time.Minute)
		if len(got) != 1 || got[0].Attempts != 2 || got[0].AttemptBase != 1 {
			t.Fatalf("claimed after the retry: %+v", got)
		}
		if _, err := db.MarkNotificationSent(ctx, 0, e.ID, "8792344"); err != nil {
			t.Fatal(err)
		}
		n, _ := db.Notification(ctx, 1, e.ID)
		if n.ProviderID != "8792344" || n.ErrorKind != "" || n.LastError != "" {
			t.Fatalf("sent after a retry: %+v", n)
		}
	})

	t.Run("hourly bounds per form and per receiver, by channel", func(t *testing.T) {
		g := createForm(t, db, "سیل")
		lim := domain.NotificationLimits{PerFormPerHour: 3, PerReceiverPerHour: 2}
		var owed []*domain.Notification
		for _, to := range []string{"09121110000", "09121110000", "09121110000", "09121110001", "09121110002"} {
			e := note(1, g.ID, 0, domain.ChannelSMS, to)
			enqueueNotes(t, db, lim, e)
			owed = append(owed, e)
		}
		kinds := ""
		for _, e := range owed {
			kinds += e.ErrorKind + ","
			if e.Limited != (e.ErrorKind != "") || e.Limited && e.NextAttemptAt.Year() != 9999 {
				t.Fatalf("limited row: %+v", e)
			}
		}
		if kinds != ",,rate_limited_receiver,,rate_limited_form," {
			t.Fatalf("bounds: %s", kinds)
		}
		mail := note(1, g.ID, 0, domain.ChannelEmail, "x@example.com")
		enqueueNotes(t, db, lim, mail)
		if mail.Limited {
			t.Fatal("a mail counted against the texts' bound")
		}
		old := note(1, g.ID, 0, domain.ChannelSMS, "09121119999")
		old.CreatedAt = time.Now().Add(-2 * time.Hour)
		enqueueNotes(t, db, domain.NotificationLimits{}, old)
		fresh := note(1, g.ID, 0, domain.ChannelSMS, "09121119999")
		enqueueNotes(t, db, domain.NotificationLimits{PerFormPerHour: 4}, fresh)
		if fresh.Limited {
			t.Fatal("a row of two hours ago counted in the last hour")
		}
	})

	t.Run("refuses what cannot be sent", func(t *testing.T) {
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			return tx.EnqueueNotifications(domain.NotificationLimits{}, note(1, f.ID, 0, "fax", "1"))
		})
		if err == nil {
			t.Fatal("an unknown channel was owed")
		}
		bad := note(1, f.ID, 0, domain.ChannelSMS, "09121234567")
		bad.Payload = json.RawMessage(`{`)
		if err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.EnqueueNotifications(domain.NotificationLimits{}, bad) }); err == nil {
			t.Fatal("a payload that is not JSON was owed")
		}
	})

	t.Run("erasing the entry erases its deliveries; ids are not given twice", func(t *testing.T) {
		s := insertSubmission(t, db, f, "", `[{"field":"m","value":"09121234567"}]`, "", nil)
		e := note(1, f.ID, s.ID, domain.ChannelSMS, "09121234567")
		enqueueNotes(t, db, domain.NotificationLimits{}, e)
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			_, err := tx.DeleteSubmission(s, nil)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if list, _ := db.Notifications(ctx, 1, s.ID); len(list) != 0 {
			t.Fatalf("deliveries left of an erased entry: %+v", list)
		}
		next := note(1, f.ID, 0, domain.ChannelSMS, "09121234567")
		enqueueNotes(t, db, domain.NotificationLimits{}, next)
		if next.ID <= e.ID {
			t.Fatalf("id %d given again after %d was erased", next.ID, e.ID)
		}
	})
}

func TestClearSentNotifications(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "r.db"))
	f := createForm(t, db, "نگهداری")
	old := []*domain.Notification{note(1, f.ID, 1, domain.ChannelSMS, "09121234567"), note(1, f.ID, 1, domain.ChannelEmail, "sara@example.com"),
		note(1, f.ID, 1, domain.ChannelSMS, "admin")}
	fresh := note(1, f.ID, 2, domain.ChannelSMS, "09351112233")
	unsent := note(1, f.ID, 3, domain.ChannelSMS, "09351112244")
	enqueueNotes(t, db, domain.NotificationLimits{}, append(old, fresh, unsent)...)
	for _, e := range append(old, fresh) {
		if _, err := db.MarkNotificationSent(ctx, 1, e.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("only sent rows before the cut, masked, message emptied, in batches", func(t *testing.T) {
		// Every row was sent just now: a cut in the future takes the sent
		// ones, two at a time.
		n1, err := db.ClearSentNotifications(ctx, time.Now().Add(time.Minute), 2)
		if err != nil || n1 != 2 {
			t.Fatalf("first batch %d %v", n1, err)
		}
		n2, _ := db.ClearSentNotifications(ctx, time.Now().Add(time.Minute), 2)
		n3, _ := db.ClearSentNotifications(ctx, time.Now().Add(time.Minute), 2)
		if n2 != 2 || n3 != 0 {
			t.Fatalf("then %d and %d", n2, n3)
		}
		want := map[int64]string{old[0].ID: "0912***4567", old[1].ID: "s***@example.com", old[2].ID: "admin", fresh.ID: "0935***2233", unsent.ID: "09351112244"}
		for id, to := range want {
			n, err := db.Notification(ctx, 1, id)
			if err != nil || n.Receiver != to {
				t.Fatalf("row %d: %+v %v, want receiver %s", id, n, err, to)
			}
			if (string(n.Payload) == "") == (id == unsent.ID) {
				t.Fatalf("row %d payload %q", id, n.Payload)
			}
		}
	})
	t.Run("a cut before every send clears nothing", func(t *testing.T) {
		s := note(1, f.ID, 4, domain.ChannelSMS, "09121230000")
		enqueueNotes(t, db, domain.NotificationLimits{}, s)
		db.MarkNotificationSent(ctx, 1, s.ID, "")
		if n, err := db.ClearSentNotifications(ctx, time.Now().Add(-time.Hour), 10); err != nil || n != 0 {
			t.Fatalf("cleared %d %v", n, err)
		}
	})
}
