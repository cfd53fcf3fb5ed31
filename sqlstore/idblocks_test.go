package sqlstore

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestMariaDBIDBlocks: the ids a host gives from its blocks (idblocks.go)
// are never given twice, by it or another host, after a reopen, past
// rows written by other means and past the ids AUTO_INCREMENT gave
// before the blocks.
func TestMariaDBIDBlocks(t *testing.T) {
	sqliteOnly(t) // opens MariaDB itself, several hosts on one database
	ctx := context.Background()
	mariadbtest.Start(t)
	d := mariadbtest.Create(t)
	open := func(host string) *DB {
		t.Helper()
		db, err := Open(ctx, d.Address("arsh_", true), Options{Host: host})
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	a, b := open("web1"), open("web2")
	defer func() { a.Close(); b.Close() }()
	form := createForm(t, a, "شناسه‌های میزبان‌ها")
	// plan writes a form with three versions and their audit rows, and a
	// submission to form, and returns every id it was given.
	plan := func(db *DB) ([]int64, error) {
		var ids []int64
		err := db.Update(ctx, func(tx domain.FormTx) error {
			ids = ids[:0]
			f, v1, err := tx.CreateForm(1, 1, domain.FormState{Title: "گام‌ها"}, domain.VersionMeta{CreatedBy: 1})
			if err != nil {
				return err
			}
			ids = append(ids, f.ID, v1.ID)
			var entries []*domain.AuditEntry
			for range 2 {
				v, err := tx.CommitVersion(1, f.ID, domain.FormState{Title: "گام‌ها", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 1})
				if err != nil {
					return err
				}
				ids = append(ids, v.ID)
				entries = append(entries, &domain.AuditEntry{ReqID: "r", Action: "step", FormID: &f.ID, AfterVersionID: &v.ID})
			}
			if err := tx.InsertAudit(1, entries...); err != nil {
				return err
			}
			s := &domain.Submission{SiteID: 1, FormID: form.ID, VersionID: form.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte(`[]`)}
			if err := tx.(*Tx).InsertSubmission(s, ""); err != nil {
				return err
			}
			ids = append(ids, entries[0].ID, entries[1].ID, s.ID)
			return nil
		})
		return ids, err
	}
	// kinds names the table of each position plan returns.
	kinds := []string{"forms", "form_versions", "form_versions", "form_versions", "audit_log", "audit_log", "submissions"}
	given := map[string]map[int64]bool{}
	for _, k := range idTables {
		given[k] = map[int64]bool{}
	}
	highest := map[string]int64{}
	note := func(t *testing.T, ids []int64) {
		t.Helper()
		for i, id := range ids {
			k := kinds[i]
			if given[k][id] {
				t.Fatalf("%s id %d given twice", k, id)
			}
			given[k][id] = true
			highest[k] = max(highest[k], id)
		}
	}
	count := func(t *testing.T, table string) int {
		t.Helper()
		var n int
		if err := a.write.Get(&n, "SELECT count(*) FROM "+table); err != nil {
			t.Fatal(err)
		}
		return n
	}

	t.Run("two hosts writing at once share no id", func(t *testing.T) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i := range 16 {
			db := a
			if i%2 == 1 {
				db = b
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					ids, err := plan(db)
					if err != nil {
						errs <- err
						return
					}
					mu.Lock()
					note(t, ids)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		// Every id given is a row, so none was lost to a failed call.
		if n := count(t, "submissions"); n != len(given["submissions"]) {
			t.Fatalf("%d submissions stored, %d ids given", n, len(given["submissions"]))
		}
		if n := count(t, "audit_log"); n != len(given["audit_log"]) {
			t.Fatalf("%d audit rows stored, %d ids given", n, len(given["audit_log"]))
		}
	})

	t.Run("a quick host's blocks grow", func(t *testing.T) {
		blk := a.ids.tables["form_versions"]
		blk.mu.Lock()
		size := blk.size
		blk.mu.Unlock()
		if size < 4 {
			t.Fatalf("block size %d after 240 versions within seconds, want it grown", size)
		}
	})

	t.Run("a block older than its life is left, and the next comes after it", func(t *testing.T) {
		blk := a.ids.tables["forms"]
		blk.mu.Lock()
		blk.end = blk.next + 1 // one id left
		blk.at = time.Now().Add(-blockLife - time.Second)
		left, size := blk.next, blk.size
		blk.mu.Unlock()
		reserved := a.ids.reserved.Load()
		ids, err := plan(a)
		if err != nil {
			t.Fatal(err)
		}
		note(t, ids)
		if a.ids.reserved.Load() == reserved {
			t.Fatal("no block reserved for an old block's last id")
		}
		if ids[0] <= left {
			t.Fatalf("form id %d, want past the left block's id %d", ids[0], left)
		}
		if blk.size != max(1, size/2) {
			t.Fatalf("block size %d after one was left unfinished, want %d", blk.size, max(1, size/2))
		}
	})

	t.Run("a new block starts past rows written by other means", func(t *testing.T) {
		far := highest["forms"] + 1000
		if _, err := a.write.Exec(`INSERT INTO forms (id, site_id, title, status, public_token, owner_id, created_at, updated_at)
			VALUES (?, 1, 'restored', 'draft', 'restored', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`, far); err != nil {
			t.Fatal(err)
		}
		for _, db := range []*DB{a, b} {
			blk := db.ids.tables["forms"]
			blk.mu.Lock()
			blk.next = blk.end // used up
			blk.mu.Unlock()
			ids, err := plan(db)
			if err != nil {
				t.Fatal(err)
			}
			note(t, ids)
			if ids[0] <= far {
				t.Fatalf("form id %d, want past the restored form's %d", ids[0], far)
			}
		}
	})

	t.Run("a reopened host gives no id given before", func(t *testing.T) {
		// The rest of web1's blocks are never used: the reopened store
		// reserves anew.
		a.Close()
		a = open("web1")
		for range 3 {
			ids, err := plan(a)
			if err != nil {
				t.Fatal(err)
			}
			for i, id := range ids {
				if id <= highest[kinds[i]] {
					t.Fatalf("%s id %d after reopening, want past %d", kinds[i], id, highest[kinds[i]])
				}
			}
			note(t, ids)
		}
	})

	t.Run("ids AUTO_INCREMENT gave before the blocks are not given again", func(t *testing.T) {
		// A store from before migration 0013 whose newest submission,
		// with id 50000, was erased: only AUTO_INCREMENT remembers it.
		for _, q := range []string{"UPDATE id_blocks SET next_id = 1", "ALTER TABLE submissions AUTO_INCREMENT = 50001"} {
			if _, err := a.write.Exec(q); err != nil {
				t.Fatal(q, err)
			}
		}
		a.Close()
		b.Close()
		a, b = open("web1"), open("web2")
		ids, err := plan(b)
		if err != nil {
			t.Fatal(err)
		}
		if s := ids[len(ids)-1]; s <= 50000 {
			t.Fatalf("submission id %d, want past the erased 50000", s)
		}
		note(t, ids)
	})
}

// TestTakenTrackingCode: a drawn tracking code another submission holds
// is drawn again, a code the caller gave is refused, and nothing of a
// refused call remains. On MariaDB the submission's row goes to the
// server with the commit, and what its unique index refuses is judged
// there (heldBackError).
func TestTakenTrackingCode(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir()+"/s.db")
	f := createForm(t, db, "کد رهگیری")
	insert := func(code string) (*domain.Submission, error) {
		s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x",
			Answers: []byte(`[]`), TrackingCode: code}
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") })
		return s, err
	}
	// stored counts the form's submissions and the rows that follow one.
	stored := func(t *testing.T) (n [3]int) {
		t.Helper()
		terms := "SELECT count(*) FROM submissions_fts WHERE rowid IN (SELECT id FROM submissions WHERE form_id = ?)"
		if testEngine == "mariadb" {
			terms = "SELECT count(*) FROM submission_terms WHERE form_id = ?"
		}
		for i, q := range []string{"SELECT count(*) FROM submissions WHERE form_id = ?", terms,
			"SELECT coalesce(sum(count), 0) FROM submission_days WHERE form_id = ?"} {
			if err := db.write.Get(&n[i], q, f.ID); err != nil {
				t.Fatal(err)
			}
		}
		return n
	}
	first, err := insert("1234567890")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("a drawn code that is taken is drawn again", func(t *testing.T) {
		draws := 0
		draw := newTrackingCode
		newTrackingCode = func() string {
			draws++
			if draws == 1 {
				return first.TrackingCode
			}
			return draw()
		}
		defer func() { newTrackingCode = draw }()
		s, err := insert("")
		if err != nil {
			t.Fatal(err)
		}
		if s.TrackingCode == first.TrackingCode || draws != 2 {
			t.Fatalf("code %s after %d draws, want a second, different one", s.TrackingCode, draws)
		}
		got, err := db.GetSubmission(ctx, 1, f.ID, s.ID)
		if err != nil || got.TrackingCode != s.TrackingCode {
			t.Fatalf("stored %+v, %v; want code %s", got, err, s.TrackingCode)
		}
	})
	t.Run("a given code that is taken is refused and nothing stays", func(t *testing.T) {
		before := stored(t)
		_, err = insert(first.TrackingCode)
		if !isUniqueViolation(err, "tracking_code") {
			t.Fatalf("err %v, want the tracking code's unique index", err)
		}
		if after := stored(t); after != before {
			t.Fatalf("submissions, search words, day count %v after the refusal, %v before", after, before)
		}
	})
}
