package sqlstore

import (
	"context"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
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

// TestStartJobCapped: on MariaDB, jobs start only while fewer than the
// cap are queued or running, whichever host started them; a finished
// job frees its slot, a running row unwritten for longer than the
// staleness bound does not hold one, and hosts starting at once never
// pass the cap together. SQLite has no shared cap.
func TestStartJobCapped(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "j.db")
	db := openTest(t, path)
	job := func(id string) *domain.Job {
		return &domain.Job{ReqID: id, Actor: 1, FormID: 1, Intent: "generate", Status: domain.JobRunning, Phases: []string{}}
	}
	if testEngine == "sqlite" {
		if _, err := db.StartJobCapped(ctx, 1, job("lite01"), 2, time.Hour); err != ErrNoSharedWindows {
			t.Fatalf("on SQLite: %v", err)
		}
		return
	}
	start := func(id string) bool {
		t.Helper()
		ok, err := db.StartJobCapped(ctx, 1, job(id), 2, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	t.Run("the cap", func(t *testing.T) {
		if !start("cap001") || !start("cap002") {
			t.Fatal("a job under the cap was refused")
		}
		if start("cap003") {
			t.Fatal("a third job started past a cap of 2")
		}
		if _, err := db.GetJob(ctx, 1, "cap003"); !isNotFound(err) {
			t.Fatalf("the refused job's row: %v", err)
		}
	})
	t.Run("a finished job frees its slot", func(t *testing.T) {
		done := job("cap001")
		done.Status = domain.JobSucceeded
		if err := db.Update(ctx, func(tx domain.FormTx) error { return tx.PutJob(1, done) }); err != nil {
			t.Fatal(err)
		}
		if !start("cap003") {
			t.Fatal("refused after a job finished")
		}
	})
	t.Run("a stale running row holds no slot", func(t *testing.T) {
		if _, err := db.write.Exec("UPDATE jobs SET updated_at = ? WHERE req_id IN ('cap002', 'cap003')", formatTime(time.Now().Add(-2*time.Hour))); err != nil {
			t.Fatal(err)
		}
		if !start("cap004") || !start("cap005") || start("cap006") {
			t.Fatal("stale rows were counted, or the cap was passed")
		}
	})
	t.Run("hosts starting at once", func(t *testing.T) {
		// The second host is a second store on the same database.
		second, err := openEngine(t, path, Options{Host: "web2"})
		if err != nil {
			t.Fatal(err)
		}
		defer second.Close()
		db.write.Exec("UPDATE jobs SET status = 'succeeded'")
		var wg sync.WaitGroup
		var started atomic.Int64
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := db
				if i%2 == 1 {
					s = second
				}
				ok, err := s.StartJobCapped(ctx, 1, job("race0"+strconv.Itoa(i)), 3, time.Hour)
				if err != nil {
					t.Error(err)
				}
				if ok {
					started.Add(1)
				}
			}()
		}
		wg.Wait()
		if started.Load() != 3 {
			t.Fatalf("%d jobs started at once under a cap of 3", started.Load())
		}
	})
}
