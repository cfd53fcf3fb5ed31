package sqlstore

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func totalChanges(t *testing.T, tx domain.FormTx) int64 {
	t.Helper()
	var n int64
	if err := tx.(*Tx).tx.GetContext(context.Background(), &n, "SELECT total_changes()"); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMovedHeadsAreWrittenOnce: a form's row takes its new head once per
// call, yet every read inside the call, and every reader after it, sees
// the head the call's last version left.
func TestMovedHeadsAreWrittenOnce(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	other := createForm(t, db, "other")
	var id, last int64
	err := db.Update(ctx, func(tx domain.FormTx) error {
		before := totalChanges(t, tx)
		f, _, err := tx.CreateForm(1, 1, domain.FormState{Title: "a", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 1})
		if err != nil {
			return err
		}
		id = f.ID
		st := f.State()
		for _, title := range []string{"b", "c"} {
			st.Title = title
			v, err := tx.CommitVersion(1, id, st, domain.VersionMeta{CreatedBy: 1})
			if err != nil {
				return err
			}
			last = v.ID
		}
		st.Status = domain.StatusPublished
		ov, err := tx.CommitVersion(1, other.ID, st, domain.VersionMeta{CreatedBy: 1})
		if err != nil {
			return err
		}
		// one form row and four versions so far; no head written yet
		if n := totalChanges(t, tx) - before; n != 5 {
			t.Errorf("%d rows changed before any read, want 5", n)
		}
		got, err := tx.GetForm(1, id)
		if err != nil || got.HeadVersionID != last || got.HeadSeq != 3 || got.Title != "c" {
			t.Errorf("inside the call: %+v %v", got, err)
		}
		if o, err := tx.GetForm(1, other.ID); err != nil || o.HeadVersionID != ov.ID || o.Status != domain.StatusPublished {
			t.Errorf("the other form inside the call: %+v %v", o, err)
		}
		if n := totalChanges(t, tx) - before; n != 7 {
			t.Errorf("%d rows changed after the read, want 7 (two heads written)", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f, err := db.GetForm(ctx, 1, id)
	if err != nil || f.HeadVersionID != last || f.Title != "c" || f.VersionCount != 3 {
		t.Fatalf("after the call: %+v %v", f, err)
	}

	// A head moved by a call that then fails moves nowhere.
	boom := errors.New("boom")
	err = db.Update(ctx, func(tx domain.FormTx) error {
		st := f.State()
		st.Title = "lost"
		if _, err := tx.CommitVersion(1, id, st, domain.VersionMeta{CreatedBy: 1}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	// A head moved by a call that ends without reading is written at its end,
	// and a soft delete in the same call keeps it.
	err = db.Update(ctx, func(tx domain.FormTx) error {
		st := f.State()
		st.Title = "d"
		v, err := tx.CommitVersion(1, id, st, domain.VersionMeta{CreatedBy: 1})
		last = v.ID
		if err != nil {
			return err
		}
		return tx.SetDeleted(1, other.ID, true)
	})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := db.GetForm(ctx, 1, id); err != nil || f.HeadVersionID != last || f.Title != "d" || f.HeadSeq != 4 {
		t.Fatalf("after a failed and a good call: %+v %v", f, err)
	}
	if o, err := getForm(ctx, db.reads, 1, other.ID, true); err != nil || o.DeletedAt == nil || o.Status != domain.StatusPublished {
		t.Fatalf("the soft-deleted form: %+v %v", o, err)
	}
}

// TestAuditRowsShareStatements: entries are written up to maxAuditRows to
// a statement (on MariaDB too, through INSERT … RETURNING), each gets the
// id of its own row, and a refused entry in a later statement leaves none
// of the call's rows behind.
func TestAuditRowsShareStatements(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	f := createForm(t, db, "x")
	var entries []*domain.AuditEntry
	for i := 0; i < 2*maxAuditRows+3; i++ {
		entries = append(entries, &domain.AuditEntry{ReqID: "r" + strconv.Itoa(i), Actor: int64(i), Action: "add_field",
			FormID: &f.ID, AfterVersionID: &f.HeadVersionID, UndoTokenHash: "h" + strconv.Itoa(i), Details: []byte(`{"step":` + strconv.Itoa(i) + `}`)})
	}
	if err := db.Update(ctx, func(tx domain.FormTx) error { return tx.InsertAudit(1, entries...) }); err != nil {
		t.Fatal(err)
	}
	got, err := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1, Limit: 100})
	if err != nil || len(got) != len(entries) {
		t.Fatalf("%d rows, %v", len(got), err)
	}
	byID := map[int64]domain.AuditEntry{}
	for _, row := range got {
		byID[row.ID] = row
	}
	for i, e := range entries {
		row, ok := byID[e.ID]
		if !ok || row.ReqID != e.ReqID || row.Actor != e.Actor || row.UndoTokenHash != e.UndoTokenHash ||
			string(row.Details) != string(e.Details) || *row.FormID != f.ID || e.TS.IsZero() {
			t.Fatalf("entry %d (id %d) stored as %+v", i, e.ID, row)
		}
	}

	again := []*domain.AuditEntry{{ReqID: "new", Actor: 1, Action: "x", UndoTokenHash: "fresh"}}
	for i := 0; i < maxAuditRows; i++ {
		again = append(again, &domain.AuditEntry{ReqID: "new", Actor: 1, Action: "x"})
	}
	again = append(again, &domain.AuditEntry{ReqID: "new", Actor: 1, Action: "x", UndoTokenHash: "h3"})
	if err := db.Update(ctx, func(tx domain.FormTx) error { return tx.InsertAudit(1, again...) }); err == nil {
		t.Fatal("a duplicate token hash in the second statement was accepted")
	}
	if after, _ := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1, Limit: 100}); len(after) != len(entries) {
		t.Fatalf("%d rows after a refused call, want %d", len(after), len(entries))
	}
}

// TestNewFormKeepsItsTokenThroughLaterVersions: a form created and given
// more versions in one call (a plan's create_form and add_field steps)
// keeps the public token it was created with, so its link and shortcode
// find it once published.
func TestNewFormKeepsItsTokenThroughLaterVersions(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	for _, read := range []bool{false, true} {
		t.Run("read inside the call "+strconv.FormatBool(read), func(t *testing.T) {
			var created *domain.Form
			err := db.Update(ctx, func(tx domain.FormTx) error {
				f, _, err := tx.CreateForm(1, 1, domain.FormState{Title: "a", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 1})
				if err != nil {
					return err
				}
				created = f
				st := f.State()
				st.Status = domain.StatusPublished
				if _, err := tx.CommitVersion(1, f.ID, st, domain.VersionMeta{CreatedBy: 1}); err != nil {
					return err
				}
				if read {
					if _, err := tx.GetForm(1, f.ID); err != nil {
						return err
					}
				}
				st.Title = "b"
				_, err = tx.CommitVersion(1, f.ID, st, domain.VersionMeta{CreatedBy: 1})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			f, err := db.GetForm(ctx, 1, created.ID)
			if err != nil || created.PublicToken == "" || f.PublicToken != created.PublicToken || f.Title != "b" {
				t.Fatalf("created with %q, stored %+v %v", created.PublicToken, f, err)
			}
			if id, err := db.FormIDByPublicToken(ctx, f.PublicToken); err != nil || id != f.ID {
				t.Errorf("token finds %d %v, want %d", id, err, f.ID)
			}
		})
	}
}

// TestOpenFillsMissingTokens: opening a database gives each form stored
// without a public token the one its id makes, and leaves the others.
func TestOpenFillsMissingTokens(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	blank, kept := createForm(t, db, "blank"), createForm(t, db, "kept")
	if _, err := db.write.ExecContext(ctx, "UPDATE forms SET public_token = '' WHERE id = ?", blank.ID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = openTest(t, path)
	for _, want := range []*domain.Form{blank, kept} {
		f, err := db.GetForm(ctx, 1, want.ID)
		if err != nil || f.PublicToken != want.PublicToken {
			t.Errorf("form %d: token %q, want %q (%v)", want.ID, f.PublicToken, want.PublicToken, err)
		}
		if id, err := db.FormIDByPublicToken(ctx, want.PublicToken); err != nil || id != want.ID {
			t.Errorf("form %d: the token finds %d %v", want.ID, id, err)
		}
	}
}
