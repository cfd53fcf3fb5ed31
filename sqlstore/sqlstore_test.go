package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func openTest(t testing.TB, path string) *DB {
	t.Helper()
	db, err := openEngine(t, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func createForm(t *testing.T, db *DB, title string) *domain.Form { return createFormTB(t, db, title) }

func createFormTB(t testing.TB, db *DB, title string) *domain.Form {
	t.Helper()
	var f *domain.Form
	err := db.Update(context.Background(), func(tx domain.FormTx) error {
		var err error
		f, _, err = tx.CreateForm(1, 7, domain.FormState{Title: title, Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{Source: domain.SourceAPI, CreatedBy: 7})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCreateCommitAndReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db := openTest(t, path)
	f := createForm(t, db, "فرم ۱")
	if f.HeadSeq != 1 || f.VersionCount != 1 || f.Status != domain.StatusDraft {
		t.Fatalf("new form: %+v", f)
	}
	err := db.Update(ctx, func(tx domain.FormTx) error {
		st := f.State()
		st.Title = "renamed"
		st.Status = domain.StatusPublished
		st.Document.Fields = append(st.Document.Fields, map[string]any{"id": "f1", "type": "text"})
		_, err := tx.CommitVersion(1, f.ID, st, domain.VersionMeta{Source: domain.SourcePlanner, CreatedBy: 7})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	db2 := openTest(t, path)
	got, err := db2.GetForm(ctx, 1, f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "renamed" || got.Status != domain.StatusPublished || got.HeadSeq != 2 || len(got.Document.Fields) != 1 {
		t.Fatalf("after reopen: %+v", got)
	}
	vs, err := db2.ListVersions(ctx, 1, f.ID, 10, 0)
	if err != nil || len(vs) != 2 || vs[0].Seq != 2 || vs[1].State.Title != "فرم ۱" || *vs[0].ParentVersionID != vs[1].ID {
		t.Fatalf("versions: %+v %v", vs, err)
	}
	if err := db2.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestFailedTransactionLeavesNoTrace(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	boom := errors.New("boom")
	err := db.Update(ctx, func(tx domain.FormTx) error {
		if _, _, err := tx.CreateForm(1, 1, domain.FormState{Title: "x"}, domain.VersionMeta{}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	forms, err := db.ListForms(ctx, domain.FormQuery{SiteID: 1, IncludeDeleted: true})
	if err != nil || len(forms) != 0 {
		t.Fatalf("forms after rollback: %v %v", forms, err)
	}
	var n int
	if err := db.read.Get(&n, "SELECT count(*) FROM form_versions"); err != nil || n != 0 {
		t.Fatalf("versions after rollback: %d %v", n, err)
	}
}

// TestVersionsAreImmutable: SQLite's triggers refuse a change to a
// version. MariaDB and MySQL have no such triggers (creating one needs
// SUPER where binary logging is on); docs/OPERATIONS.md grants the
// daemon's user no UPDATE or DELETE on form_versions there instead.
func TestVersionsAreImmutable(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	f := createForm(t, db, "x")
	if _, err := db.write.Exec("UPDATE form_versions SET state = '{}' WHERE form_id = ?", f.ID); err == nil {
		t.Fatal("update of a version succeeded")
	}
	if _, err := db.write.Exec("DELETE FROM form_versions WHERE form_id = ?", f.ID); err == nil {
		t.Fatal("delete of a version succeeded")
	}
}

func TestMigrationsAreIdempotent(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db := openTest(t, path)
	first, err := db.SchemaVersions(ctx)
	if err != nil || len(first) < 2 {
		t.Fatalf("versions %v %v", first, err)
	}
	for i := 0; i < 3; i++ {
		if err := db.migrate(ctx); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db2 := openTest(t, path)
	again, _ := db2.SchemaVersions(ctx)
	if fmt.Sprint(first) != fmt.Sprint(again) {
		t.Fatalf("%v != %v", first, again)
	}
}

func TestReadPoolIsReadOnly(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	if _, err := db.read.Exec("INSERT INTO jobs (req_id, actor, form_id, intent, status, created_at, updated_at) VALUES ('a',1,1,'x','queued','t','t')"); err == nil {
		t.Fatal("read pool accepted a write")
	}
}

func TestSoftDeleteAndNotFound(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	f := createForm(t, db, "x")
	if err := db.Update(ctx, func(tx domain.FormTx) error { return tx.SetDeleted(1, f.ID, true) }); err != nil {
		t.Fatal(err)
	}
	if _, err := db.GetForm(ctx, 1, f.ID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("deleted form: %v", err)
	}
	if err := db.Update(ctx, func(tx domain.FormTx) error { return tx.SetDeleted(1, 999, true) }); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("missing form: %v", err)
	}
}

func TestJobsAndFailRunning(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	err := db.Update(ctx, func(tx domain.FormTx) error {
		return tx.PutJob(1, &domain.Job{ReqID: "abc123", Actor: 1, FormID: 1, Intent: "generate", Status: domain.JobRunning, Phases: []string{"analyze_input"}, Progress: 0.1})
	})
	if err != nil {
		t.Fatal(err)
	}
	n, err := db.FailRunningJobs(ctx)
	if err != nil || n != 1 {
		t.Fatalf("FailRunningJobs = %d %v", n, err)
	}
	j, err := db.GetJob(ctx, 1, "abc123")
	if err != nil || j.Status != domain.JobFailed || j.FinishedAt == nil || len(j.Phases) != 1 {
		t.Fatalf("job %+v %v", j, err)
	}
	if j.ErrorCode != string(domain.CodeUnavailable) || !strings.Contains(j.ErrorMessage, "daemon restarted") {
		t.Fatalf("a job the daemon restarted under: %s %q", j.ErrorCode, j.ErrorMessage)
	}
}

func TestBackup(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	dir := t.TempDir()
	db := openTest(t, filepath.Join(dir, "a.db"))
	createForm(t, db, "kept")
	dest := filepath.Join(dir, "copy.db")
	if err := db.Backup(ctx, dest); err != nil {
		t.Fatal(err)
	}
	if err := db.Backup(ctx, dest); err == nil {
		t.Fatal("backup over an existing file succeeded")
	}
	cp := openTest(t, dest)
	forms, err := cp.ListForms(ctx, domain.FormQuery{SiteID: 1})
	if err != nil || len(forms) != 1 || forms[0].Title != "kept" {
		t.Fatalf("backup content %v %v", forms, err)
	}
}

// TestCrashMidWrite kills a child process that is writing versions as fast
// as it can and checks that the file is sound and that every form's head
// points at its newest version (no version without its form change).
func TestCrashMidWrite(t *testing.T) {
	sqliteOnly(t)
	if os.Getenv("ARSHLINE_CRASH_CHILD") != "" {
		crashChild(os.Getenv("ARSHLINE_CRASH_CHILD"))
		return
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	for round := 0; round < 3; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashMidWrite$")
		cmd.Env = append(os.Environ(), "ARSHLINE_CRASH_CHILD="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(300+round*150) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()

		db, err := Open(context.Background(), path, Options{})
		if err != nil {
			t.Fatalf("round %d: reopen: %v", round, err)
		}
		if err := db.IntegrityCheck(context.Background()); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		var bad int
		if err := db.read.Get(&bad, `SELECT count(*) FROM forms f WHERE f.head_version_id IS NULL
			OR f.head_version_id != (SELECT id FROM form_versions v WHERE v.form_id = f.id ORDER BY seq DESC LIMIT 1)
			OR f.title != (SELECT json_extract(state, '$.title') FROM form_versions v WHERE v.id = f.head_version_id)`); err != nil {
			t.Fatal(err)
		}
		if bad != 0 {
			t.Fatalf("round %d: %d forms whose head is not their newest version", round, bad)
		}
		var versions int
		db.read.Get(&versions, "SELECT count(*) FROM form_versions")
		t.Logf("round %d: %d versions survive", round, versions)
		db.Close()
	}
}

func crashChild(path string) {
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		os.Exit(3)
	}
	for i := 0; ; i++ {
		db.Update(context.Background(), func(tx domain.FormTx) error {
			f, _, err := tx.CreateForm(1, 1, domain.FormState{Title: "c" + strconv.Itoa(i)}, domain.VersionMeta{})
			if err != nil {
				return err
			}
			for k := 0; k < 3; k++ {
				st := f.State()
				st.Title = fmt.Sprintf("c%d-%d", i, k)
				if _, err := tx.CommitVersion(1, f.ID, st, domain.VersionMeta{Source: domain.SourcePlanner}); err != nil {
					return err
				}
				f, _ = tx.GetForm(1, f.ID)
			}
			return nil
		})
	}
}

// TestSitesSeeOnlyTheirOwnRows: every read and write by id names a site,
// and a form, version, audit row or job of another site is NOT_FOUND
// exactly as a missing one is, and is left as it was.
func TestSitesSeeOnlyTheirOwnRows(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "s.db"))
	var one, two *domain.Form
	var oneV *domain.Version
	err := db.Update(ctx, func(tx domain.FormTx) error {
		var err error
		if one, oneV, err = tx.CreateForm(1, 7, domain.FormState{Title: "یک"}, domain.VersionMeta{CreatedBy: 7}); err != nil {
			return err
		}
		if two, _, err = tx.CreateForm(2, 8, domain.FormState{Title: "دو"}, domain.VersionMeta{CreatedBy: 8}); err != nil {
			return err
		}
		if err := tx.InsertAudit(1, &domain.AuditEntry{ReqID: "r1", Actor: 7, Action: "create_form", FormID: &one.ID, AfterVersionID: &oneV.ID, UndoTokenHash: "h1"}); err != nil {
			return err
		}
		return tx.PutJob(1, &domain.Job{ReqID: "job001", Actor: 7, FormID: one.ID, Intent: "generate", Status: domain.JobRunning})
	})
	if err != nil {
		t.Fatal(err)
	}
	if one.SiteID != 1 || two.SiteID != 2 {
		t.Fatalf("created forms' sites: %d, %d", one.SiteID, two.SiteID)
	}
	if got, err := db.GetForm(ctx, 2, two.ID); err != nil || got.SiteID != 2 || got.Title != "دو" {
		t.Fatalf("site 2's own form: %+v %v", got, err)
	}

	// missing is the message a form that does not exist gets, for
	// comparing with the one another site's form gets.
	missing := func(err error, id int64) string {
		return strings.ReplaceAll(domain.AsError(err).Text().String(), strconv.FormatInt(id, 10), "N")
	}
	_, errMissing := db.GetForm(ctx, 2, 999)
	_, errOther := db.GetForm(ctx, 2, one.ID)
	if domain.ErrorCode(errOther) != domain.CodeNotFound || missing(errOther, one.ID) != missing(errMissing, 999) {
		t.Fatalf("site 2 reading site 1's form: %v (a missing one: %v)", errOther, errMissing)
	}
	if _, err := db.GetVersion(ctx, 2, one.ID, oneV.ID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("version: %v", err)
	}
	if _, err := db.GetVersion(ctx, 2, two.ID, oneV.ID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("site 1's version under site 2's form: %v", err)
	}
	if _, err := db.ListVersions(ctx, 2, one.ID, 10, 0); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("versions: %v", err)
	}
	if forms, err := db.ListForms(ctx, domain.FormQuery{SiteID: 2, IncludeDeleted: true}); err != nil || len(forms) != 1 || forms[0].ID != two.ID {
		t.Fatalf("site 2 lists %+v %v", forms, err)
	}
	if a, err := db.ListAudit(ctx, domain.AuditQuery{SiteID: 2, FormID: &one.ID}); err != nil || len(a) != 0 {
		t.Fatalf("site 2 pages site 1's audit: %+v %v", a, err)
	}
	if _, err := db.GetJob(ctx, 2, "job001"); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("job: %v", err)
	}

	writes := map[string]func(tx domain.FormTx) error{
		"GetForm":    func(tx domain.FormTx) error { _, err := tx.GetForm(2, one.ID); return err },
		"GetFormAny": func(tx domain.FormTx) error { _, err := tx.GetFormAny(2, one.ID); return err },
		"GetVersion": func(tx domain.FormTx) error { _, err := tx.GetVersion(2, one.ID, oneV.ID); return err },
		"LatestVersionInfo": func(tx domain.FormTx) error {
			_, err := tx.LatestVersionInfo(2, one.ID)
			return err
		},
		"CommitVersion": func(tx domain.FormTx) error {
			_, err := tx.CommitVersion(2, one.ID, domain.FormState{Title: "ربوده", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 8})
			return err
		},
		// A head this call knows, of site 1, is not site 2's to move.
		"CommitVersion after site 1's read": func(tx domain.FormTx) error {
			if _, err := tx.GetForm(1, one.ID); err != nil {
				return err
			}
			_, err := tx.CommitVersion(2, one.ID, domain.FormState{Title: "ربوده", Status: domain.StatusDraft}, domain.VersionMeta{CreatedBy: 8})
			return err
		},
		"SetDeleted":       func(tx domain.FormTx) error { return tx.SetDeleted(2, one.ID, true) },
		"AuditByTokenHash": func(tx domain.FormTx) error { _, err := tx.AuditByTokenHash(2, "h1"); return err },
	}
	for name, fn := range writes {
		if err := db.Update(ctx, fn); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("%s of site 1's form as site 2: %v", name, err)
		}
	}
	// A job id is one across sites: site 2 naming site 1's job is refused
	// and does not touch it.
	err = db.Update(ctx, func(tx domain.FormTx) error {
		return tx.PutJob(2, &domain.Job{ReqID: "job001", Actor: 7, FormID: two.ID, Intent: "edit", Status: domain.JobFailed})
	})
	if domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("site 2 over site 1's job: %v", err)
	}

	got, err := db.GetForm(ctx, 1, one.ID)
	if err != nil || got.Title != "یک" || got.VersionCount != 1 || got.DeletedAt != nil {
		t.Fatalf("site 1's form after site 2's attempts: %+v %v", got, err)
	}
	if j, err := db.GetJob(ctx, 1, "job001"); err != nil || j.Status != domain.JobRunning || j.Intent != "generate" {
		t.Fatalf("site 1's job after site 2's attempt: %+v %v", j, err)
	}
	var audited int
	if err := db.read.Get(&audited, "SELECT count(*) FROM audit_log WHERE site_id = 1"); err != nil || audited != 1 {
		t.Fatalf("site 1's audit rows: %d %v", audited, err)
	}
	var versionSites []int64
	if err := db.read.Select(&versionSites, "SELECT site_id FROM form_versions ORDER BY id"); err != nil || fmt.Sprint(versionSites) != "[1 2]" {
		t.Fatalf("versions' sites: %v %v", versionSites, err)
	}
}
