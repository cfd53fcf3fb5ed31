package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestMariaDBTransactionPool: Update's transactions on MariaDB begin
// without a START TRANSACTION of their own (autocommit is off on the
// pool's sessions) and a write whose result is not read rides with the
// next statement or the commit; every guarantee of a transaction holds
// all the same.
func TestJoinableInsert(t *testing.T) {
	for q, want := range map[string]string{
		"INSERT INTO settings (name, value) VALUES (?, ?)":                        "(?, ?)",
		"INSERT INTO t (a, b) VALUES (?, coalesce(?, 1))":                         "(?, coalesce(?, 1))",
		"INSERT INTO settings (name, value) VALUES (?, ?), (?, ?)":                "",
		"INSERT INTO rate_keys (scope, key) VALUES (?, ?) ON CONFLICT DO NOTHING": "",
		"INSERT INTO t (a) SELECT a FROM u":                                       "",
		"UPDATE forms SET title = ? WHERE id = ?":                                 "",
	} {
		row, ok := joinableInsert(q)
		if row != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", q, row, ok, want)
		}
	}
}

func TestMariaDBTransactionPool(t *testing.T) {
	sqliteOnly(t) // opens MariaDB itself
	ctx := context.Background()
	db, err := Open(ctx, mariadbtest.NewDatabase(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	setting := func(name string) (string, error) {
		var v string
		err := db.write.Get(&v, "SELECT value FROM settings WHERE name = ?", name)
		return v, err
	}

	t.Run("a statement outside a transaction is refused", func(t *testing.T) {
		if _, err := db.txPool.ExecContext(ctx, "INSERT INTO settings (name, value) VALUES ('loose', 'x')"); !errors.Is(err, errOutsideTx) {
			t.Fatalf("exec: %v", err)
		}
		var n int
		if err := db.txPool.GetContext(ctx, &n, "SELECT count(*) FROM settings"); !errors.Is(err, errOutsideTx) {
			t.Fatalf("query: %v", err)
		}
		if _, err := db.txPool.PreparexContext(ctx, "SELECT 1"); !errors.Is(err, errOutsideTx) {
			t.Fatalf("prepare: %v", err)
		}
		if _, err := setting("loose"); err == nil {
			t.Fatal("the refused statement wrote its row")
		}
	})

	t.Run("a statement prepared inside a transaction runs in it", func(t *testing.T) {
		// database/sql's way when the driver cannot put the arguments in
		// the text.
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			m := ftx.(*Tx).tx.(*mysqlTx)
			st, err := m.tx.PreparexContext(ctx, "INSERT INTO settings (name, value) VALUES (?, ?)")
			if err != nil {
				return err
			}
			defer st.Close()
			_, err = st.ExecContext(ctx, "prepared", "yes")
			return err
		})
		if v, gerr := setting("prepared"); err != nil || gerr != nil || v != "yes" {
			t.Fatalf("update %v; row %q %v", err, v, gerr)
		}
	})

	t.Run("a held-back write commits with the commit", func(t *testing.T) {
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			return ftx.(*Tx).execUnread("INSERT INTO settings (name, value) VALUES ('last', 'kept')")
		})
		if v, gerr := setting("last"); err != nil || gerr != nil || v != "kept" {
			t.Fatalf("update %v; row %q %v", err, v, gerr)
		}
	})

	t.Run("a held-back write is seen by the call's next read", func(t *testing.T) {
		var seen string
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			if err := tx.execUnread("INSERT INTO settings (name, value) VALUES ('mid', 'one')"); err != nil {
				return err
			}
			return tx.tx.GetContext(tx.ctx, &seen, "SELECT value FROM settings WHERE name = 'mid'")
		})
		if err != nil || seen != "one" {
			t.Fatalf("%q %v", seen, err)
		}
	})

	t.Run("held-back writes go together, each translated", func(t *testing.T) {
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			if err := tx.execUnread("INSERT INTO settings (name, value) VALUES (?, ?)", "pair_a", "1"); err != nil {
				return err
			}
			// ON CONFLICT DO NOTHING names its own statement's first
			// column, not the one before it.
			if err := tx.execUnread("INSERT INTO rate_keys (scope, key, touched) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", "s", 7, 1); err != nil {
				return err
			}
			if err := tx.execUnread("INSERT INTO rate_keys (scope, key, touched) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", "s", 7, 2); err != nil {
				return err
			}
			return tx.execUnread("INSERT INTO settings (name, value) VALUES (?, ?)", "pair_b", "2")
		})
		a, aerr := setting("pair_a")
		b, berr := setting("pair_b")
		var touched int64
		terr := db.write.Get(&touched, "SELECT touched FROM rate_keys WHERE scope = 's' AND `key` = 7")
		if err != nil || aerr != nil || berr != nil || terr != nil || a != "1" || b != "2" || touched != 1 {
			t.Fatalf("update %v; rows %q %v, %q %v; touched %d %v", err, a, aerr, b, berr, touched, terr)
		}
	})

	t.Run("the same insert held back again joins the one before", func(t *testing.T) {
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			for _, name := range []string{"join_a", "join_b", "join_c"} {
				if err := tx.execUnread("INSERT INTO settings (name, value) VALUES (?, ?)", name, name); err != nil {
					return err
				}
			}
			m := tx.tx.(*mysqlTx)
			if got := strings.Count(m.pending.String(), "INSERT"); got != 1 {
				t.Errorf("%d inserts held back, want one of three rows: %s", got, m.pending.String())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"join_a", "join_b", "join_c"} {
			if v, err := setting(name); err != nil || v != name {
				t.Fatalf("%s: %q %v", name, v, err)
			}
		}
	})

	t.Run("the statement a held-back write rides with gets its own result", func(t *testing.T) {
		var affected int64
		var f *domain.Form
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			if err := tx.execUnread("INSERT INTO settings (name, value) VALUES ('ride_a', '1'), ('ride_b', '1'), ('ride_c', '1')"); err != nil {
				return err
			}
			res, err := tx.tx.ExecContext(tx.ctx, "UPDATE settings SET value = '2' WHERE name IN ('ride_a', 'ride_b')")
			if err != nil {
				return err
			}
			if affected, err = res.RowsAffected(); err != nil {
				return err
			}
			if err := tx.execUnread("UPDATE settings SET value = '3' WHERE name = 'ride_c'"); err != nil {
				return err
			}
			// The form's id is its insert's, not the held-back update's.
			f, _, err = tx.CreateForm(1, 1, domain.FormState{Title: "سوار"}, domain.VersionMeta{CreatedBy: 1})
			return err
		})
		if err != nil || affected != 2 {
			t.Fatalf("update %v, %d rows affected, want 2", err, affected)
		}
		if got, err := db.GetForm(ctx, 1, f.ID); err != nil || got.Title != "سوار" {
			t.Fatalf("the form by the id the call got: %+v %v", got, err)
		}
		if v, _ := setting("ride_c"); v != "3" {
			t.Fatalf("ride_c is %q", v)
		}
	})

	t.Run("a held-back write refused at the commit leaves nothing", func(t *testing.T) {
		var formID int64
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			f, _, err := tx.CreateForm(1, 1, domain.FormState{Title: "نیمه‌کاره"}, domain.VersionMeta{CreatedBy: 1})
			if err != nil {
				return err
			}
			formID = f.ID
			// The name is taken: the duplicate key fails the commit's
			// round trip.
			return tx.execUnread("INSERT INTO settings (name, value) VALUES ('last', 'again')")
		})
		if mysqlErrno(err) != erDupEntry {
			t.Fatalf("update: %v", err)
		}
		if _, err := db.GetForm(ctx, 1, formID); !isNotFound(err) {
			t.Fatalf("the form of the refused call: %v", err)
		}
		if v, _ := setting("last"); v != "kept" {
			t.Fatalf("the row became %q", v)
		}
	})

	t.Run("a held-back write refused at the next statement fails the call", func(t *testing.T) {
		ran := false
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			if err := tx.execUnread("INSERT INTO settings (name, value) VALUES ('last', 'again')"); err != nil {
				return err
			}
			_, err := tx.tx.ExecContext(tx.ctx, "INSERT INTO settings (name, value) VALUES ('after', 'x')")
			ran = err == nil
			return err
		})
		if mysqlErrno(err) != erDupEntry || ran {
			t.Fatalf("update: %v, next statement ran: %v", err, ran)
		}
		if _, err := setting("after"); err == nil {
			t.Fatal("the statement after the refused write was kept")
		}
	})

	t.Run("a failed call rolls back and its connection serves the next", func(t *testing.T) {
		db.txPool.SetMaxOpenConns(1)
		defer db.txPool.SetMaxOpenConns(32)
		boom := errors.New("boom")
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			if _, err := tx.tx.ExecContext(tx.ctx, "INSERT INTO settings (name, value) VALUES ('undone', 'x')"); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		// The one connection's next transaction must not carry the
		// rolled-back row, nor commit it.
		if err := db.Update(ctx, func(ftx domain.FormTx) error {
			return ftx.(*Tx).execUnread("INSERT INTO settings (name, value) VALUES ('next', 'x')")
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := setting("undone"); err == nil {
			t.Fatal("the failed call's row was committed")
		}
		if _, err := setting("next"); err != nil {
			t.Fatalf("the next call's row: %v", err)
		}
	})
}

// TestMariaDBRoundTrips: the round trips the server receives for the
// store's hot calls, read from its general log, so that a change that
// adds one is seen: each costs the busy server about what a whole
// single-row insert does (docs/PERFORMANCE.md, "Several hosts on one
// MariaDB").
func TestMariaDBRoundTrips(t *testing.T) {
	sqliteOnly(t) // opens MariaDB itself
	ctx := context.Background()
	srv := mariadbtest.Start(t)
	d := mariadbtest.Create(t)
	db, err := Open(ctx, d.Address("arsh_", true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv.Exec(t, "GRANT SELECT ON mysql.general_log TO '"+d.Name+"'@'localhost'")
	t.Cleanup(func() { srv.Exec(t, "SET GLOBAL general_log = 0") })
	// trips runs call with the server logging every query into its
	// general_log table and returns how many of them came from this
	// store's user, less the id blocks reserved meanwhile: a block serves
	// many calls (idblocks.go), and which call reserves it is chance.
	trips := func(t *testing.T, call func() error) int {
		t.Helper()
		reserved := db.ids.reserved.Load()
		defer func() { t.Logf("%d id blocks reserved besides", db.ids.reserved.Load()-reserved) }()
		srv.Exec(t, "SET GLOBAL log_output = 'TABLE'")
		srv.Exec(t, "TRUNCATE mysql.general_log")
		srv.Exec(t, "SET GLOBAL general_log = 1")
		err := call()
		srv.Exec(t, "SET GLOBAL general_log = 0")
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.write.Get(&n, "SELECT count(*) FROM mysql.general_log WHERE command_type = 'Query' AND user_host LIKE ?", d.Name+"[%"); err != nil {
			t.Fatal(err)
		}
		return n - int(db.ids.reserved.Load()-reserved)
	}
	plan := func() error {
		return db.Update(ctx, func(tx domain.FormTx) error {
			f, v1, err := tx.CreateForm(1, 1, domain.FormState{Title: "سه گام"}, domain.VersionMeta{CreatedBy: 1})
			if err != nil {
				return err
			}
			v2, err := tx.CommitVersion(1, f.ID, domain.FormState{Title: "سه گام", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 1})
			if err != nil {
				return err
			}
			v3, err := tx.CommitVersion(1, f.ID, domain.FormState{Title: "سه گام", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 1})
			if err != nil {
				return err
			}
			var entries []*domain.AuditEntry
			for i, v := range []*domain.Version{v1, v2, v3} {
				entries = append(entries, &domain.AuditEntry{ReqID: "r", Action: "step", FormID: &f.ID, AfterVersionID: &v.ID,
					UndoTokenHash: fmt.Sprintf("%d-%d", v.ID, i)})
			}
			return tx.InsertAudit(1, entries...)
		})
	}
	if err := plan(); err != nil { // the pools' connections, opened
		t.Fatal(err)
	}
	t.Run("a 3-step plan on a new form", func(t *testing.T) {
		// The form, three versions, the audit rows and the head, with
		// ids the host knew, in one packet with the commit.
		if n := trips(t, plan); n != 1 {
			t.Fatalf("%d round trips, want 1", n)
		}
		// The three versions in one statement.
		var n int
		if err := db.write.Get(&n, "SELECT count(*) FROM mysql.general_log WHERE user_host LIKE ? AND argument LIKE '%INSERT INTO arsh_form_versions%'", d.Name+"[%"); err != nil {
			t.Fatal(err)
		}
		var text string
		if err := db.write.Get(&text, "SELECT CONVERT(argument USING utf8mb4) FROM mysql.general_log WHERE user_host LIKE ? AND argument LIKE '%INSERT INTO arsh_form_versions%'", d.Name+"[%"); err != nil {
			t.Fatal(err)
		}
		if n != 1 || strings.Count(text, "INSERT INTO arsh_form_versions") != 1 {
			t.Fatalf("%d packets with the versions, %d inserts of them, want one of three rows", n, strings.Count(text, "INSERT INTO arsh_form_versions"))
		}
	})
	t.Run("a 3-step plan on a form that exists", func(t *testing.T) {
		f := createForm(t, db, "سه گام دیگر")
		// The form's row locked and read, then the three versions, the
		// audit rows and the head with the commit.
		n := trips(t, func() error {
			return db.Update(ctx, func(tx domain.FormTx) error {
				if _, err := tx.GetForm(1, f.ID); err != nil {
					return err
				}
				var entries []*domain.AuditEntry
				for i := range 3 {
					v, err := tx.CommitVersion(1, f.ID, domain.FormState{Title: fmt.Sprint("گام ", i), Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 1})
					if err != nil {
						return err
					}
					entries = append(entries, &domain.AuditEntry{ReqID: "r", Action: "step", FormID: &f.ID, AfterVersionID: &v.ID})
				}
				return tx.InsertAudit(1, entries...)
			})
		})
		if n != 2 {
			t.Fatalf("%d round trips, want 2", n)
		}
	})
	t.Run("a submission", func(t *testing.T) {
		f := createForm(t, db, "ورودی")
		s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte(`[]`)}
		// The row with the host's id, its search words, its day's count
		// and the commit, in one packet.
		n := trips(t, func() error {
			return db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "علی رضایی") })
		})
		if n != 1 {
			t.Fatalf("%d round trips, want 1", n)
		}
	})
	t.Run("a shared rate window's slot", func(t *testing.T) {
		// The key's lock, the expired calls with the count, the call
		// with the commit.
		if n := trips(t, func() error { _, _, err := db.TakeWindowSlot(ctx, "trips", 1, 10, time.Minute); return err }); n != 3 {
			t.Fatalf("%d round trips, want 3", n)
		}
	})
	t.Run("a shared budget's spend", func(t *testing.T) {
		// The key's row with its read under the lock, the spend with
		// the commit.
		if n := trips(t, func() error { _, _, err := db.SpendBudget(ctx, "trips", 1, 10, 100, time.Hour); return err }); n != 2 {
			t.Fatalf("%d round trips, want 2", n)
		}
	})
}
