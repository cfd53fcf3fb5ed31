package sqlstore

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestPutJobNeverTakesAnotherActorsRow: a job row is written over only by
// its own actor while it runs; a finished row, or another actor's, is a
// CONFLICT and stays as it was.
func TestPutJobNeverTakesAnotherActorsRow(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "j.db"))
	put := func(j domain.Job) error {
		return db.Update(ctx, func(tx domain.FormTx) error { return tx.PutJob(1, &j) })
	}
	running := domain.Job{ReqID: "dup001", Actor: 1, FormID: 1, Intent: "generate", Status: domain.JobRunning, Phases: []string{}}
	if err := put(running); err != nil {
		t.Fatal(err)
	}
	// Another actor, while it runs.
	if err := put(domain.Job{ReqID: "dup001", Actor: 2, FormID: 9, Intent: "edit", Status: domain.JobRunning}); domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("another actor's insert over a running job: %v", err)
	}
	// Its own actor finishes it.
	done := running
	done.Status, done.Progress, done.Phases = domain.JobSucceeded, 1, []string{"analyze_input"}
	if err := put(done); err != nil {
		t.Fatal(err)
	}
	// Another actor, and the same one, after it finished.
	for _, actor := range []int64{2, 1} {
		if err := put(domain.Job{ReqID: "dup001", Actor: actor, FormID: 9, Intent: "edit", Status: domain.JobRunning}); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("actor %d over a finished job: %v", actor, err)
		}
	}
	j, err := db.GetJob(ctx, 1, "dup001")
	if err != nil || j.Actor != 1 || j.FormID != 1 || j.Intent != "generate" || j.Status != domain.JobSucceeded || j.Progress != 1 || len(j.Phases) != 1 {
		t.Fatalf("row %+v %v", j, err)
	}
}

// TestPurgeKeepsWhatIsWithinRetention: finished jobs and audit rows older
// than the cut go; running jobs and newer rows stay.
func TestPurgeKeepsWhatIsWithinRetention(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "p.db"))
	f := createForm(t, db, "نگه‌داری")
	finished := time.Now()
	err := db.Update(ctx, func(tx domain.FormTx) error {
		for _, j := range []domain.Job{
			{ReqID: "run001", Actor: 1, FormID: f.ID, Intent: "generate", Status: domain.JobRunning, Phases: []string{}},
			{ReqID: "fin001", Actor: 1, FormID: f.ID, Intent: "generate", Status: domain.JobSucceeded, Phases: []string{}, FinishedAt: &finished},
		} {
			if err := tx.PutJob(1, &j); err != nil {
				return err
			}
		}
		return tx.InsertAudit(1, &domain.AuditEntry{ReqID: "r", Actor: 1, Action: "forms.update", FormID: &f.ID, Details: []byte("{}")})
	})
	if err != nil {
		t.Fatal(err)
	}
	count := func(q string) (n int) {
		db.read.Get(&n, q)
		return
	}
	auditRows := count("SELECT count(*) FROM audit_log")
	// A cut in the past removes nothing.
	if jobs, audit, err := db.Purge(ctx, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour)); err != nil || jobs != 0 || audit != 0 {
		t.Fatalf("purge of nothing: %d %d %v", jobs, audit, err)
	}
	// A cut after everything removes the finished job and every audit row,
	// never the running job; a zero cut keeps its kind.
	jobs, audit, err := db.Purge(ctx, time.Now().Add(time.Hour), time.Time{})
	if err != nil || jobs != 1 || audit != 0 || count("SELECT count(*) FROM jobs WHERE req_id = 'run001'") != 1 {
		t.Fatalf("purge of jobs: %d %d %v", jobs, audit, err)
	}
	if _, audit, err = db.Purge(ctx, time.Time{}, time.Now().Add(time.Hour)); err != nil || int(audit) != auditRows || count("SELECT count(*) FROM audit_log") != 0 {
		t.Fatalf("purge of audit: %d of %d, %v", audit, auditRows, err)
	}
}
