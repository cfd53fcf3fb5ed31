package sqlstore

import (
	"context"
	"path/filepath"
	"testing"

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
