package executor

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func newExec(t testing.TB) (*Executor, *sqlstore.DB) {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "x.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &Executor{Store: db}, db
}

func actorCtx(id int64, caps ...string) context.Context {
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: id, Caps: caps, Locale: "en_US"})
	return domain.WithRequestID(ctx, "abcdef12")
}

func createPlan(title string) *domain.Plan {
	return &domain.Plan{Version: 1, Steps: []domain.PlanStep{
		{Action: domain.ActionCreateForm, Params: domain.StepParams{Title: title}},
		{Action: domain.ActionAddField, Params: domain.StepParams{Type: domain.PlanFieldShortText, Question: "نام"}},
		{Action: domain.ActionAddField, Params: domain.StepParams{Type: domain.PlanFieldRating, Index: domain.Int(0), Required: true}},
	}}
}

func TestExecuteCreatesVersionsAuditAndTokens(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	res, err := ex.Execute(ctx, createPlan("چکاپ سه"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.UndoTokens) != 3 || len(res.FormsTouched) != 1 || len(res.Results) != 3 {
		t.Fatalf("result %+v", res)
	}
	f, err := db.GetForm(ctx, 1, res.FormsTouched[0])
	if err != nil {
		t.Fatal(err)
	}
	if f.Title != "چکاپ سه" || f.VersionCount != 3 || len(f.Document.Fields) != 2 {
		t.Fatalf("form %+v", f)
	}
	// The rating was inserted at index 0, before the short text.
	if f.Document.Fields[0]["type"] != "rating" || f.Document.Fields[1]["label"] != "نام" || f.Document.Fields[0]["scale"] == nil {
		t.Fatalf("fields %+v", f.Document.Fields)
	}
	audit, _ := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1, FormID: &f.ID, Limit: 10})
	if len(audit) != 3 || audit[0].Action != domain.ActionAddField || audit[2].Action != domain.ActionCreateForm || audit[2].ReqID != "abcdef12" {
		t.Fatalf("audit %+v", audit)
	}
	// Newest first: row k records step 2-k, its versions and its token.
	fieldIDs := []string{"", "f1", "f2"}
	for k, a := range audit {
		step := 2 - k
		want := fmt.Sprintf(`{"field_id":%q,"params":`, fieldIDs[step])
		if !strings.HasPrefix(string(a.Details), want) || !strings.HasSuffix(string(a.Details), fmt.Sprintf(`,"step":%d}`, step)) {
			t.Errorf("step %d details %s", step, a.Details)
		}
		if *a.AfterVersionID != res.Results[step].VersionID || a.UndoTokenHash != HashToken(res.UndoTokens[step]) {
			t.Errorf("step %d audit %+v, result %+v", step, a, res.Results[step])
		}
		if (step == 0) != (a.BeforeVersionID == nil) || (step > 0 && *a.BeforeVersionID != res.Results[step-1].VersionID) {
			t.Errorf("step %d before version %v", step, a.BeforeVersionID)
		}
		if k > 0 && a.ID != audit[k-1].ID-1 {
			t.Errorf("audit ids %d then %d", audit[k-1].ID, a.ID)
		}
	}
}

func TestFailingStepRollsBackWholePlan(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	p := createPlan("x")
	p.Steps = append(p.Steps, domain.PlanStep{Action: domain.ActionPublishForm, Params: domain.StepParams{ID: domain.Int64(999)}})
	_, err := ex.Execute(ctx, p)
	de := domain.AsError(err)
	if de.Code != domain.CodeNotFound || de.Data["step"] != 3 {
		t.Fatalf("err = %v data %v", err, de.Data)
	}
	forms, _ := db.ListForms(ctx, domain.FormQuery{SiteID: 1, IncludeDeleted: true})
	audit, _ := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1, Limit: 10})
	if len(forms) != 0 || len(audit) != 0 {
		t.Fatalf("trace left: %d forms, %d audit rows", len(forms), len(audit))
	}
}

func TestIndexOutOfRangeNamesStep(t *testing.T) {
	ex, _ := newExec(t)
	p := &domain.Plan{Version: 1, Steps: []domain.PlanStep{
		{Action: domain.ActionCreateForm, Params: domain.StepParams{Title: "x"}},
		{Action: domain.ActionAddField, Params: domain.StepParams{Type: "short_text", Index: domain.Int(4)}},
	}}
	_, err := ex.Execute(actorCtx(1), p)
	if de := domain.AsError(err); de.Code != domain.CodeInvalidPlan || de.Data["step"] != 1 {
		t.Fatalf("err %v", err)
	}
}

func TestUndoWholePlanThenAlreadyUndone(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := ex.Undo(ctx, res.UndoTokens)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Undone) != 3 || !u.Undone[2].Deleted || u.Undone[0].Action != domain.ActionAddField {
		t.Fatalf("undo %+v", u)
	}
	if _, err := db.GetForm(ctx, 1, res.FormsTouched[0]); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("form still visible: %v", err)
	}
	_, err = ex.Undo(ctx, res.UndoTokens[:1])
	if domain.ErrorCode(err) != domain.CodeAlreadyUndone {
		t.Fatalf("second undo: %v", err)
	}
}

func TestUndoChainOneByOne(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	for i := 2; i >= 1; i-- {
		if _, err := ex.Undo(ctx, res.UndoTokens[i:i+1]); err != nil {
			t.Fatalf("undo step %d: %v", i, err)
		}
	}
	f, _ := db.GetForm(ctx, 1, res.FormsTouched[0])
	if len(f.Document.Fields) != 0 || f.VersionCount != 5 {
		t.Fatalf("after undos: %d fields, %d versions", len(f.Document.Fields), f.VersionCount)
	}
}

func TestUndoConflictNamesLaterChange(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	id := res.FormsTouched[0]
	later, err := ex.Execute(ctx, &domain.Plan{Version: 1, Steps: []domain.PlanStep{{Action: domain.ActionUpdateFormTitle, Params: domain.StepParams{ID: &id, Title: "y"}}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ex.Undo(ctx, res.UndoTokens[1:2])
	de := domain.AsError(err)
	if de.Code != domain.CodeUndoConflict || de.Data["later_version_id"] != later.Results[0].VersionID {
		t.Fatalf("err %v data %v", err, de.Data)
	}
	// Nothing changed: the conflict rolled back.
	f, _ := db.GetForm(ctx, 1, id)
	if f.Title != "y" || len(f.Document.Fields) != 2 {
		t.Fatalf("form changed by a failed undo: %+v", f)
	}
	// A batch with a conflicting token undoes nothing.
	if _, err := ex.Undo(ctx, res.UndoTokens); domain.ErrorCode(err) != domain.CodeUndoConflict {
		t.Fatalf("batch: %v", err)
	}
	if _, err := ex.Undo(ctx, later.UndoTokens); err != nil {
		t.Fatal(err)
	}
	if _, err := ex.Undo(ctx, res.UndoTokens); err != nil {
		t.Fatalf("after undoing the later change: %v", err)
	}
}

func TestUndoIsBoundToActor(t *testing.T) {
	ex, _ := newExec(t)
	res, err := ex.Execute(actorCtx(5), createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ex.Undo(actorCtx(6, domain.CapManageForms), res.UndoTokens[2:]); domain.ErrorCode(err) != domain.CodeForbidden {
		t.Fatalf("other actor: %v", err)
	}
	if _, err := ex.Undo(actorCtx(6, domain.CapManageOptions), res.UndoTokens[2:]); err != nil {
		t.Fatalf("administrator: %v", err)
	}
	for _, bad := range [][]string{{"zz"}, {"0123456789abcdef0123456789abcdef"}} {
		if _, err := ex.Undo(actorCtx(5), bad); err == nil {
			t.Fatalf("token %v accepted", bad)
		}
	}
}

func TestConcurrentExecutesOnOneFormSerialise(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, &domain.Plan{Version: 1, Steps: []domain.PlanStep{{Action: domain.ActionCreateForm, Params: domain.StepParams{Title: "x"}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := res.FormsTouched[0]
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := ex.Execute(ctx, &domain.Plan{Version: 1, Steps: []domain.PlanStep{
				{Action: domain.ActionAddField, Params: domain.StepParams{ID: &id, Type: "short_text", Question: fmt.Sprint(i)}},
				{Action: domain.ActionAddField, Params: domain.StepParams{ID: &id, Type: "short_text", Question: fmt.Sprint(i)}},
			}})
			errs <- err
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	f, _ := db.GetForm(ctx, 1, id)
	if len(f.Document.Fields) != 40 || f.VersionCount != 41 {
		t.Fatalf("%d fields, %d versions", len(f.Document.Fields), f.VersionCount)
	}
	seen := map[string]bool{}
	for i, fl := range f.Document.Fields {
		if seen[fl["id"].(string)] {
			t.Fatalf("duplicate field id %v", fl["id"])
		}
		seen[fl["id"].(string)] = true
		// Each plan's two fields are adjacent: plans did not interleave.
		if i%2 == 1 && fl["label"] != f.Document.Fields[i-1]["label"] {
			t.Fatalf("plans interleaved at %d", i)
		}
	}
}

// A step on a form an earlier step of the plan wrote starts from what that
// step wrote; the versions must be what reading the form back would give.
func TestPlanStepsChainOnOneForm(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	id := res.FormsTouched[0]
	res, err = ex.Execute(ctx, &domain.Plan{Version: 1, Steps: []domain.PlanStep{
		{Action: domain.ActionUpdateFormTitle, Params: domain.StepParams{ID: &id, Title: "y"}},
		{Action: domain.ActionAddField, Params: domain.StepParams{ID: &id, Type: domain.PlanFieldDropdown, Index: domain.Int(1)}},
		{Action: domain.ActionPublishForm, Params: domain.StepParams{ID: &id}},
		{Action: domain.ActionAddField, Params: domain.StepParams{ID: &id, Type: domain.PlanFieldShortText}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	vs, err := db.ListVersions(ctx, 1, id, 20, 0)
	if err != nil || len(vs) != 7 {
		t.Fatalf("%d versions, %v", len(vs), err)
	}
	for i := 0; i+1 < len(vs); i++ {
		if *vs[i].ParentVersionID != vs[i+1].ID || vs[i].Seq != vs[i+1].Seq+1 {
			t.Fatalf("version %d does not follow %d", vs[i].ID, vs[i+1].ID)
		}
	}
	f, _ := db.GetForm(ctx, 1, id)
	var ids []string
	for _, fl := range f.Document.Fields {
		ids = append(ids, fl["id"].(string))
	}
	if f.Title != "y" || f.Status != domain.StatusPublished || f.HeadVersionID != res.Results[3].VersionID ||
		fmt.Sprint(ids) != "[f2 f3 f1 f4]" || f.Document.Fields[1]["type"] != "select" {
		t.Fatalf("form %+v, field ids %v", f, ids)
	}
}

// BenchmarkExecute3Step measures one create_form + two add_field plan in
// one durable (synchronous=FULL) transaction on a real file.
func BenchmarkExecute3Step(b *testing.B) {
	db, err := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), sqlstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ex := &Executor{Store: db}
	ctx := actorCtx(1)
	p := createPlan("bench")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ex.Execute(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExecute3StepParallel is the same with concurrent callers,
// which queue on the single writer connection.
func BenchmarkExecute3StepParallel(b *testing.B) {
	db, err := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), sqlstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ex := &Executor{Store: db}
	ctx := actorCtx(1)
	p := createPlan("bench")
	b.ReportAllocs()
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := ex.Execute(ctx, p); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkExecute3Step16Clients is the same plan from 16 concurrent
// callers whatever GOMAXPROCS is: the load at which group commit has to
// bring throughput near the disk's fsync rate. plans/s is the figure to
// compare with that rate.
func BenchmarkExecute3Step16Clients(b *testing.B) {
	const clients = 16
	db, err := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), sqlstore.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ex := &Executor{Store: db}
	ctx := actorCtx(1)
	p := createPlan("bench")
	procs := runtime.GOMAXPROCS(0)
	b.ReportAllocs()
	b.SetParallelism((clients + procs - 1) / procs)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := ex.Execute(ctx, p); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "plans/s")
}

// TestUndoTokensAppendInIndexOrder: new tokens start with the time, so
// their stored hashes sort in the order they were made; tokens of the
// older 32-digit form keep their plain hash and still undo.
func TestUndoTokensAppendInIndexOrder(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5)
	res, err := ex.Execute(ctx, createPlan("x"))
	if err != nil {
		t.Fatal(err)
	}
	for i, tok := range res.UndoTokens {
		if len(tok) != 48 || len(HashToken(tok)) != 80 || HashToken(tok)[:16] != tok[:16] {
			t.Fatalf("token %q, hash %q", tok, HashToken(tok))
		}
		if i > 0 && HashToken(tok)[:16] < HashToken(res.UndoTokens[i-1])[:16] {
			t.Fatalf("hashes out of order: %q after %q", HashToken(tok), HashToken(res.UndoTokens[i-1]))
		}
	}
	const old = "0123456789abcdef0123456789abcdef"
	if len(HashToken(old)) != 64 {
		t.Fatalf("an old token's hash changed: %q", HashToken(old))
	}
	var formID int64
	err = db.Update(ctx, func(tx domain.FormTx) error {
		f, v, err := tx.CreateForm(1, 5, domain.FormState{Title: "old", Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{CreatedBy: 5})
		if err != nil {
			return err
		}
		formID = f.ID
		err = tx.InsertAudit(1, &domain.AuditEntry{ReqID: "abcdef12", Actor: 5, Action: domain.ActionCreateForm,
			FormID: &f.ID, AfterVersionID: &v.ID, UndoTokenHash: HashToken(old), Details: []byte(`{}`)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	u, err := ex.Undo(ctx, []string{old})
	if err != nil || len(u.Undone) != 1 || !u.Undone[0].Deleted {
		t.Fatalf("undo with an old token: %+v %v", u, err)
	}
	if _, err := db.GetForm(ctx, 1, formID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("form still visible: %v", err)
	}
	if _, err := ex.Undo(ctx, []string{old[:31]}); domain.ErrorCode(err) != domain.CodeInvalidParams {
		t.Fatalf("a 31-digit token: %v", err)
	}
}
