package sqlstore

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jmoiron/sqlx"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/migrations"
)

// openSchemaAt builds a database at path holding only the migrations
// named, as an older daemon left it, and returns it still open.
func openSchemaAt(t *testing.T, path string, names ...string) *sqlx.DB {
	t.Helper()
	raw, err := sqlx.Open("sqlite", dsn(path, []string{"foreign_keys(1)", "journal_mode(WAL)"}, "immediate"))
	if err != nil {
		t.Fatal(err)
	}
	raw.SetMaxOpenConns(1)
	raw.MustExec("CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
	for _, name := range names {
		body, err := migrations.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		raw.MustExec(string(body))
		raw.MustExec("INSERT INTO schema_migrations VALUES (?, '2026-01-01T00:00:00Z')", name)
	}
	return raw
}

// TestLeanWritesMigrationKeepsEverything upgrades a database written under
// the first schema: every row, id, reference, constraint, trigger and view
// survives the rebuild, and new rows continue the old ids.
func TestLeanWritesMigrationKeepsEverything(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old := openSchemaAt(t, path, "0001_initial.sql", "0002_views.sql")
	old.MustExec(`INSERT INTO forms (title, status, public_token, owner_id, created_at, updated_at)
		VALUES ('قدیمی', 'published', 'tok-1', 3, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
		       ('حذف‌شده', 'draft', 'tok-2', 3, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`)
	old.MustExec(`UPDATE forms SET deleted_at = '2026-01-02T00:00:00Z' WHERE id = 2`)
	old.MustExec(`INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at) VALUES
		(1, 1, '{"title":"قدیمی","status":"draft","document":{}}', 'api', 3, '2026-01-01T00:00:00Z'),
		(2, 1, '{"title":"حذف‌شده","status":"draft","document":{}}', 'api', 3, '2026-01-01T00:00:00Z')`)
	old.MustExec(`INSERT INTO form_versions (form_id, seq, state, source, parent_version_id, diff, created_by, created_at)
		VALUES (1, 2, '{"title":"قدیمی","status":"published","document":{}}', 'planner', 1, '[]', 3, '2026-01-01T00:00:01Z')`)
	old.MustExec(`UPDATE forms SET head_version_id = 3 WHERE id = 1`)
	old.MustExec(`UPDATE forms SET head_version_id = 2 WHERE id = 2`)
	old.MustExec(`INSERT INTO audit_log (ts, req_id, actor, action, form_id, before_version_id, after_version_id, undo_token_hash, details)
		VALUES ('2026-01-01T00:00:01Z', 'req-1', 3, 'publish_form', 1, 1, 3, 'hash-1', '{"step":0}')`)
	old.MustExec(`INSERT INTO jobs (req_id, actor, form_id, intent, status, phases, result_version_id, result, created_at, updated_at)
		VALUES ('job-1', 3, 1, 'generate', 'succeeded', '["analyze_input"]', 3, '{"ok":true}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:02Z')`)
	old.Close()

	db := openTest(t, path)
	applied, err := db.SchemaVersions(ctx)
	if err != nil || !strings.Contains(strings.Join(applied, " "), "0003_lean_writes.sql") {
		t.Fatalf("applied %v %v", applied, err)
	}
	var ddl []string
	if err := db.read.Select(&ddl, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(ddl, "\n")
	for _, gone := range []string{"AUTOINCREMENT", "json_valid(state)", "json_valid(details)", " IN (", "audit_log_req", "_rebuilt"} {
		if strings.Contains(all, gone) {
			t.Errorf("schema still has %q", gone)
		}
	}
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}

	f, err := db.GetForm(ctx, 1, 1)
	if err != nil || f.PublicToken != "tok-1" || f.Title != "قدیمی" || f.Status != domain.StatusPublished || f.HeadVersionID != 3 || f.HeadSeq != 2 || f.VersionCount != 2 {
		t.Fatalf("form 1 after the upgrade: %+v %v", f, err)
	}
	if _, err := db.GetForm(ctx, 1, 2); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("the deleted form came back: %v", err)
	}
	j, err := db.GetJob(ctx, 1, "job-1")
	if err != nil || j.Status != "succeeded" || string(j.Result) != `{"ok":true}` || *j.ResultVersionID != 3 {
		t.Fatalf("job after the upgrade: %+v %v", j, err)
	}
	var audited *domain.AuditEntry
	var created *domain.Form
	var createdVersion *domain.Version
	err = db.Update(ctx, func(tx domain.FormTx) error {
		if audited, err = tx.AuditByTokenHash(1, "hash-1"); err != nil {
			return err
		}
		created, createdVersion, err = tx.CreateForm(1, 4, domain.FormState{Title: "تازه"}, domain.VersionMeta{CreatedBy: 4})
		return err
	})
	if err != nil || audited.ID != 1 || *audited.AfterVersionID != 3 {
		t.Fatalf("audit row after the upgrade: %+v %v", audited, err)
	}
	if created.ID != 3 || createdVersion.ID != 4 {
		t.Fatalf("new ids do not continue the old ones: form %d, version %d", created.ID, createdVersion.ID)
	}

	var views []struct {
		Title  string `db:"form_title"`
		Before int64  `db:"before_seq"`
		After  int64  `db:"after_seq"`
	}
	if err := db.read.Select(&views, "SELECT form_title, before_seq, after_seq FROM v_audit"); err != nil ||
		len(views) != 1 || views[0].Title != "قدیمی" || views[0].Before != 1 || views[0].After != 2 {
		t.Fatalf("v_audit: %+v %v", views, err)
	}
	var heads int
	if err := db.read.Get(&heads, "SELECT count(*) FROM v_form_versions WHERE is_head"); err != nil || heads != 3 {
		t.Fatalf("v_form_versions heads: %d %v", heads, err)
	}
	if err := db.read.Get(&heads, "SELECT count(*) FROM v_recent_jobs"); err != nil || heads != 1 {
		t.Fatalf("v_recent_jobs: %d %v", heads, err)
	}

	// Constraints and triggers the rebuild must have kept.
	for _, bad := range []string{
		"INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at) VALUES (99, 1, '{}', 'api', 1, 'now')",
		"INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at) VALUES (1, 3, '{}', 'typed', 1, 'now')",
		"INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at) VALUES (1, 2, '{}', 'api', 1, 'now')",
		"UPDATE forms SET status = 'archived' WHERE id = 1",
		"UPDATE forms SET head_version_id = 99 WHERE id = 1",
		"UPDATE form_versions SET state = '{}' WHERE id = 1",
		"DELETE FROM form_versions WHERE id = 1",
		"INSERT INTO audit_log (ts, req_id, actor, action, undo_token_hash) VALUES ('now', 'r', 1, 'x', 'hash-1')",
		"INSERT INTO jobs (req_id, actor, form_id, intent, status, created_at, updated_at) VALUES ('j', 1, 1, 'x', 'sleeping', 'now', 'now')",
	} {
		if _, err := db.write.Exec(bad); err == nil {
			t.Errorf("accepted after the upgrade: %s", bad)
		}
	}
}

// TestMigrationWithBrokenReferenceIsNotApplied: foreign keys are off while
// a migration runs, so the runner itself must refuse one that leaves a
// dangling reference, commit nothing of it, and turn them on again.
func TestMigrationWithBrokenReferenceIsNotApplied(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	err := db.applyMigration(ctx, "9999_broken.sql",
		`CREATE TABLE extra (x INTEGER); INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at)
		 VALUES (42, 1, '{}', 'api', 1, 'now')`)
	if err == nil || !strings.Contains(err.Error(), "form_versions") {
		t.Fatalf("err = %v", err)
	}
	var n int
	if err := db.write.Get(&n, "SELECT count(*) FROM sqlite_master WHERE name = 'extra'"); err != nil || n != 0 {
		t.Fatalf("the refused migration left a table: %d %v", n, err)
	}
	if err := db.write.Get(&n, "SELECT count(*) FROM schema_migrations WHERE version = '9999_broken.sql'"); err != nil || n != 0 {
		t.Fatalf("the refused migration was recorded: %d %v", n, err)
	}
	if err := db.write.Get(&n, "PRAGMA foreign_keys"); err != nil || n != 1 {
		t.Fatalf("foreign keys after a refused migration: %d %v", n, err)
	}
}

// TestJSONColumnsAreCheckedBeforeWriting: the schema does not parse JSON
// columns, so what a caller hands in is checked before anything is written.
func TestJSONColumnsAreCheckedBeforeWriting(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	f := createForm(t, db, "x")
	bad := []byte(`{"op": "add",`)
	cases := map[string]func(tx domain.FormTx) error{
		"diff": func(tx domain.FormTx) error {
			_, err := tx.CommitVersion(1, f.ID, f.State(), domain.VersionMeta{Diff: bad, CreatedBy: 1})
			return err
		},
		"details": func(tx domain.FormTx) error {
			return tx.InsertAudit(1, &domain.AuditEntry{ReqID: "r", Actor: 1, Action: "x", Details: bad})
		},
		"result": func(tx domain.FormTx) error {
			return tx.PutJob(1, &domain.Job{ReqID: "j", Actor: 1, FormID: f.ID, Intent: "x", Status: domain.JobRunning, Result: bad})
		},
	}
	for name, write := range cases {
		if err := db.Update(ctx, write); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	var rows int
	if err := db.read.Get(&rows, "SELECT (SELECT count(*) FROM form_versions) + (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM jobs)"); err != nil || rows != 1 {
		t.Fatalf("rows after refused writes: %d %v", rows, err)
	}
}

// TestPublicTokensAreUniqueByConstruction: a form's token is its id under
// the database's AES key, so tokens are distinct, carry no visible order,
// survive a reopen, and differ between databases.
func TestPublicTokensAreUniqueByConstruction(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openTest(t, filepath.Join(dir, "a.db"))
	seen := map[string]bool{}
	var tokens []string
	for i := 0; i < 50; i++ {
		f := createForm(t, db, "x")
		if len(f.PublicToken) != 32 || seen[f.PublicToken] || strings.Trim(f.PublicToken, "0123456789abcdef") != "" {
			t.Fatalf("token %q of form %d", f.PublicToken, f.ID)
		}
		if f.PublicToken != publicToken(db.tokenKey, f.ID) {
			t.Fatalf("form %d's token is not its enciphered id", f.ID)
		}
		seen[f.PublicToken] = true
		tokens = append(tokens, f.PublicToken)
	}
	if sort.StringsAreSorted(tokens) {
		t.Fatal("tokens sort in the order forms were made")
	}
	got, err := db.GetForm(ctx, 1, 1)
	if err != nil || got.PublicToken != tokens[0] {
		t.Fatalf("stored token %q, made %q, %v", got.PublicToken, tokens[0], err)
	}
	db.Close()

	// The next form's id is a new one (on MariaDB past the rest of the
	// block the closed store held), and so is its token.
	again := openTest(t, filepath.Join(dir, "a.db"))
	if f := createForm(t, again, "y"); f.ID <= 50 || seen[f.PublicToken] || f.PublicToken != publicToken(again.tokenKey, f.ID) {
		t.Fatalf("after reopening: form %d, token %q", f.ID, f.PublicToken)
	}
	if publicToken(again.tokenKey, 1) != tokens[0] {
		t.Fatal("the key changed across a reopen")
	}
	other := openTest(t, filepath.Join(dir, "b.db"))
	if f := createForm(t, other, "z"); f.ID != 1 || f.PublicToken == tokens[0] {
		t.Fatalf("two databases made the same token for form 1: %q", f.PublicToken)
	}
}

// TestSitesMigrationMakesOldRowsSiteOne upgrades a database of the lean
// schema (0003): its forms, versions, audit rows and jobs become site 1's,
// site 1 reads and changes them as before, and site 2 sees none of them.
func TestSitesMigrationMakesOldRowsSiteOne(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old := openSchemaAt(t, path, "0001_initial.sql", "0002_views.sql", "0003_lean_writes.sql")
	old.MustExec(`INSERT INTO forms (title, status, public_token, owner_id, created_at, updated_at)
		VALUES ('پیش از سایت‌ها', 'published', 'tok-1', 3, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`)
	old.MustExec(`INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at)
		VALUES (1, 1, '{"title":"پیش از سایت‌ها","status":"published","document":{}}', 'api', 3, '2026-01-01T00:00:00Z')`)
	old.MustExec(`UPDATE forms SET head_version_id = 1 WHERE id = 1`)
	old.MustExec(`INSERT INTO audit_log (ts, req_id, actor, action, form_id, after_version_id, undo_token_hash, details)
		VALUES ('2026-01-01T00:00:01Z', 'req-1', 3, 'create_form', 1, 1, 'hash-1', '{}')`)
	old.MustExec(`INSERT INTO jobs (req_id, actor, form_id, intent, status, phases, created_at, updated_at)
		VALUES ('job-1', 3, 1, 'generate', 'succeeded', '[]', '2026-01-01T00:00:00Z', '2026-01-01T00:00:02Z')`)
	old.Close()

	db := openTest(t, path)
	for _, table := range []string{"forms", "form_versions", "audit_log", "jobs"} {
		var sites []int64
		if err := db.read.Select(&sites, "SELECT site_id FROM "+table); err != nil || len(sites) != 1 || sites[0] != 1 {
			t.Fatalf("%s: sites %v %v", table, sites, err)
		}
	}
	f, err := db.GetForm(ctx, 1, 1)
	if err != nil || f.SiteID != 1 || f.Title != "پیش از سایت‌ها" || f.HeadVersionID != 1 {
		t.Fatalf("site 1's form: %+v %v", f, err)
	}
	if _, err := db.GetVersion(ctx, 1, 1, 1); err != nil {
		t.Fatalf("site 1's version: %v", err)
	}
	if a, err := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1}); err != nil || len(a) != 1 {
		t.Fatalf("site 1's audit: %+v %v", a, err)
	}
	if j, err := db.GetJob(ctx, 1, "job-1"); err != nil || j.Status != domain.JobSucceeded {
		t.Fatalf("site 1's job: %+v %v", j, err)
	}

	if _, err := db.GetForm(ctx, 2, 1); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("site 2 reads site 1's form: %v", err)
	}
	if _, err := db.GetVersion(ctx, 2, 1, 1); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("site 2 reads site 1's version: %v", err)
	}
	if forms, err := db.ListForms(ctx, domain.FormQuery{SiteID: 2, IncludeDeleted: true}); err != nil || len(forms) != 0 {
		t.Fatalf("site 2 lists %+v %v", forms, err)
	}
	if a, err := db.ListAudit(ctx, domain.AuditQuery{SiteID: 2}); err != nil || len(a) != 0 {
		t.Fatalf("site 2's audit: %+v %v", a, err)
	}
	if _, err := db.GetJob(ctx, 2, "job-1"); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("site 2 reads site 1's job: %v", err)
	}
	err = db.Update(ctx, func(tx domain.FormTx) error {
		_, err := tx.AuditByTokenHash(2, "hash-1")
		return err
	})
	if domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("site 2 finds site 1's undo token: %v", err)
	}

	// New rows of site 1 continue the old ones' ids and site.
	err = db.Update(ctx, func(tx domain.FormTx) error {
		_, err := tx.CommitVersion(1, 1, f.State(), domain.VersionMeta{CreatedBy: 3})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if vs, err := db.ListVersions(ctx, 1, 1, 10, 0); err != nil || len(vs) != 2 || vs[0].Seq != 2 {
		t.Fatalf("site 1's versions after a commit: %+v %v", vs, err)
	}
}
