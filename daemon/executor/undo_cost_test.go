package executor

import (
	"context"
	"fmt"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// snapshotCounter is the store with every full snapshot read inside a
// write transaction counted.
type snapshotCounter struct {
	*sqlstore.DB
	snapshots int
}

func (s *snapshotCounter) Update(ctx context.Context, fn func(tx domain.FormTx) error) error {
	return s.DB.Update(ctx, func(tx domain.FormTx) error { return fn(countingTx{tx, s}) })
}

type countingTx struct {
	domain.FormTx
	s *snapshotCounter
}

func (c countingTx) GetVersion(siteID, formID, versionID int64) (*domain.Version, error) {
	c.s.snapshots++
	return c.FormTx.GetVersion(siteID, formID, versionID)
}

// laterVersions makes a form, then n more versions of it, and returns the
// undo token of the form's first question.
func laterVersions(t testing.TB, ex *Executor, n int) (token string, head int64) {
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	id := res.FormsTouched[0]
	for i := range n {
		r, err := ex.Execute(ctx, &domain.Plan{Version: 1, Steps: []domain.PlanStep{{Action: domain.ActionUpdateFormTitle, Params: domain.StepParams{ID: &id, Title: fmt.Sprintf("t%d", i)}}}})
		if err != nil {
			t.Fatal(err)
		}
		head = r.Results[0].VersionID
	}
	return res.UndoTokens[1], head
}

// TestOldUndoTokenReadsNoLaterSnapshots: refusing an old token whose form
// changed since reads the one snapshot the step left and the metadata of
// the newest version, not every later version, however many there are.
func TestOldUndoTokenReadsNoLaterSnapshots(t *testing.T) {
	ex, db := newExec(t)
	token, head := laterVersions(t, ex, 300)
	counter := &snapshotCounter{DB: db}
	ex.Store = counter
	_, err := ex.Undo(actorCtx(5), []string{token})
	de := domain.AsError(err)
	if de.Code != domain.CodeUndoConflict || de.Data["later_version_id"] != head {
		t.Fatalf("err %v data %v", err, de.Data)
	}
	if counter.snapshots > 1 {
		t.Fatalf("the refusal read %d snapshots inside the write transaction", counter.snapshots)
	}
}

// BenchmarkOldUndoTokenRefused times the refusal of an old token after 300
// later versions: the write transaction it holds.
func BenchmarkOldUndoTokenRefused(b *testing.B) {
	ex, _ := newExec(b)
	token, _ := laterVersions(b, ex, 300)
	ctx := actorCtx(5)
	for b.Loop() {
		if _, err := ex.Undo(ctx, []string{token}); domain.ErrorCode(err) != domain.CodeUndoConflict {
			b.Fatal(err)
		}
	}
}
