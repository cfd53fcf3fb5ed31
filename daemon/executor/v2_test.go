package executor

import (
	"context"
	"reflect"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func v2(steps ...domain.PlanStep) *domain.Plan { return &domain.Plan{Version: 2, Steps: steps} }

func st(action string, p domain.StepParams) domain.PlanStep {
	return domain.PlanStep{Action: action, Params: p}
}

// seedForm creates a form with three questions: f1 short text «نام»,
// f2 multiple choice «شهر» (تهران، شیراز), f3 rating.
func seedForm(t *testing.T, ex *Executor, ctx context.Context) int64 {
	t.Helper()
	res, err := ex.Execute(ctx, v2(
		st(domain.ActionCreateForm, domain.StepParams{Title: "مشتریان"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldShortText, Question: "نام"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldMultipleChoice, Question: "شهر", Options: []string{"تهران", "شیراز"}}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldRating}),
	))
	if err != nil {
		t.Fatal(err)
	}
	return res.FormsTouched[0]
}

func getForm(t *testing.T, db *sqlstore.DB, id int64) *domain.Form {
	t.Helper()
	f, err := db.GetForm(context.Background(), 1, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := document.Check(f.Document, domain.CodeInvalidPlan); err != nil {
		t.Fatalf("stored document fails the check: %v", err)
	}
	return f
}

func ids(f *domain.Form) []string {
	out := []string{}
	for _, fl := range f.Document.Fields {
		out = append(out, fl["id"].(string))
	}
	return out
}

func optionLabels(fl map[string]any) []string {
	out := []string{}
	switch o := fl["options"].(type) {
	case []any:
		for _, x := range o {
			out = append(out, x.(map[string]any)["label"].(string))
		}
	case []map[string]any:
		for _, x := range o {
			out = append(out, x["label"].(string))
		}
	}
	return out
}

func optionValues(fl map[string]any) []string {
	out := []string{}
	for _, x := range fl["options"].([]any) {
		out = append(out, x.(map[string]any)["value"].(string))
	}
	return out
}

func undoAll(t *testing.T, ex *Executor, ctx context.Context, tokens []string) *UndoResult {
	t.Helper()
	u, err := ex.Undo(ctx, tokens)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestV2AddFieldTypesOptionsFormat(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	res, err := ex.Execute(ctx, v2(
		st(domain.ActionCreateForm, domain.StepParams{Title: "ثبت‌نام"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldShortText, Question: "موبایل", Format: domain.PlanFormatMobileIR, Required: true}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldCheckboxes, Question: "علاقه‌ها", Options: []string{"کتاب", "فیلم", "ورزش"}}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldDropdown}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldNumber, Question: "سن"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldEmail}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldDate, Question: "تاریخ تولد"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldFile, Question: "رزومه"}),
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.UndoTokens) != 8 {
		t.Fatalf("tokens %d", len(res.UndoTokens))
	}
	f := getForm(t, db, res.FormsTouched[0])
	want := []string{"text", "checkbox", "select", "number", "email", "date", "file"}
	for i, w := range want {
		if f.Document.Fields[i]["type"] != w {
			t.Fatalf("field %d: %v", i, f.Document.Fields[i])
		}
	}
	if f.Document.Fields[0]["format"] != "mobile_ir" || f.Document.Fields[0]["required"] != true {
		t.Fatalf("format %v", f.Document.Fields[0])
	}
	if got := optionLabels(f.Document.Fields[1]); !reflect.DeepEqual(got, []string{"کتاب", "فیلم", "ورزش"}) {
		t.Fatalf("options %v", got)
	}
	if got := optionLabels(f.Document.Fields[2]); len(got) != 2 {
		t.Fatalf("placeholders %v", got)
	}
	undoAll(t, ex, ctx, res.UndoTokens)
	if _, err := db.GetForm(ctx, 1, res.FormsTouched[0]); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("form after undo: %v", err)
	}
}

func TestV2IdlessStepsAfterCreateAndIndexesAsLeft(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	res, err := ex.Execute(ctx, v2(
		st(domain.ActionCreateForm, domain.StepParams{Title: "کارگاه"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldShortText, Question: "اسم"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldShortText, Question: "رشته"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldShortText, Question: "سال ورود"}),
		// [اسم، رشته، سال ورود] → delete 0 → [رشته، سال ورود]
		st(domain.ActionDeleteField, domain.StepParams{Index: domain.Int(0)}),
		// index 1 is now «سال ورود»
		st(domain.ActionUpdateField, domain.StepParams{Index: domain.Int(1), Type: domain.PlanFieldNumber, Required: true}),
		// move «سال ورود» to 0
		st(domain.ActionMoveField, domain.StepParams{Index: domain.Int(1), To: domain.Int(0)}),
		st(domain.ActionPublishForm, domain.StepParams{}),
	))
	if err != nil {
		t.Fatal(err)
	}
	f := getForm(t, db, res.FormsTouched[0])
	if f.Status != domain.StatusPublished || !reflect.DeepEqual(ids(f), []string{"f3", "f2"}) {
		t.Fatalf("form %s %v", f.Status, ids(f))
	}
	if f.Document.Fields[0]["type"] != "number" || f.Document.Fields[0]["required"] != true || f.Document.Fields[0]["label"] != "سال ورود" {
		t.Fatalf("field %v", f.Document.Fields[0])
	}
	if len(res.UndoTokens) != 8 || len(res.FormsTouched) != 1 {
		t.Fatalf("result %+v", res)
	}
	for i, r := range res.Results {
		if r.FormID != f.ID || r.VersionID == 0 {
			t.Fatalf("step %d %+v", i, r)
		}
	}
	if res.Results[4].FieldID != "f1" || res.Results[5].FieldID != "f3" || res.Results[6].FieldID != "f3" {
		t.Fatalf("field ids %+v", res.Results)
	}
	// A field added after the delete gets a fresh id, never f1 again.
	more, err := ex.Execute(ctx, v2(st(domain.ActionDeleteField, domain.StepParams{ID: &f.ID, Index: domain.Int(1)}),
		st(domain.ActionAddField, domain.StepParams{ID: &f.ID, Type: domain.PlanFieldEmail})))
	if err != nil {
		t.Fatal(err)
	}
	if more.Results[1].FieldID != "f4" {
		t.Fatalf("new field id %s", more.Results[1].FieldID)
	}
	// Undo, one step at a time, newest first, back to nothing.
	all := append(append([]string{}, res.UndoTokens...), more.UndoTokens...)
	for i := len(all) - 1; i >= 1; i-- {
		undoAll(t, ex, ctx, all[i:i+1])
	}
	g := getForm(t, db, f.ID)
	if len(g.Document.Fields) != 0 || g.Status != domain.StatusDraft {
		t.Fatalf("after undo %v %s", ids(g), g.Status)
	}
}

func TestV2IdlessWithoutFormFails(t *testing.T) {
	ex, _ := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	_, err := ex.Execute(ctx, v2(st(domain.ActionDisableForm, domain.StepParams{})))
	if domain.ErrorCode(err) != domain.CodeInvalidPlan {
		t.Fatalf("err %v", err)
	}
}

func TestV2MoveFieldToEndAndToZero(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	id := seedForm(t, ex, ctx)
	res, err := ex.Execute(ctx, v2(st(domain.ActionMoveField, domain.StepParams{ID: &id, Index: domain.Int(0), To: domain.Int(2)})))
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(getForm(t, db, id)); !reflect.DeepEqual(got, []string{"f2", "f3", "f1"}) {
		t.Fatalf("to end: %v", got)
	}
	res2, err := ex.Execute(ctx, v2(st(domain.ActionMoveField, domain.StepParams{ID: &id, Index: domain.Int(2), To: domain.Int(0)})))
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(getForm(t, db, id)); !reflect.DeepEqual(got, []string{"f1", "f2", "f3"}) {
		t.Fatalf("to 0: %v", got)
	}
	if _, err := ex.Execute(ctx, v2(st(domain.ActionMoveField, domain.StepParams{ID: &id, Index: domain.Int(0), To: domain.Int(3)}))); domain.ErrorCode(err) != domain.CodeInvalidPlan {
		t.Fatalf("to past the end: %v", err)
	}
	undoAll(t, ex, ctx, res2.UndoTokens)
	undoAll(t, ex, ctx, res.UndoTokens)
	if got := ids(getForm(t, db, id)); !reflect.DeepEqual(got, []string{"f1", "f2", "f3"}) {
		t.Fatalf("after undo: %v", got)
	}
}

func TestV2UpdateFieldOptionsAndTypes(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	id := seedForm(t, ex, ctx)
	before := getForm(t, db, id)
	res, err := ex.Execute(ctx, v2(
		// Options replace the list; «شیراز» keeps its value.
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(1), Options: []string{"شیراز", "اصفهان", "تبریز"}, Type: domain.PlanFieldDropdown}),
		// short text gets a format, then becomes a long text: the format goes.
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(0), Format: domain.PlanFormatNationalCode, Question: "کد ملی"}),
		// rating to a choice type without options: two placeholders, no scale.
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(2), Type: domain.PlanFieldCheckboxes, Required: true}),
	))
	if err != nil {
		t.Fatal(err)
	}
	f := getForm(t, db, id)
	city := f.Document.Fields[1]
	if city["type"] != "select" || !reflect.DeepEqual(optionLabels(city), []string{"شیراز", "اصفهان", "تبریز"}) {
		t.Fatalf("city %v", city)
	}
	if vals := optionValues(city); vals[0] != "option_2" || vals[1] == "option_1" || vals[1] == "option_2" {
		t.Fatalf("values %v", vals)
	}
	if f.Document.Fields[0]["format"] != "national_code" || f.Document.Fields[0]["label"] != "کد ملی" {
		t.Fatalf("text %v", f.Document.Fields[0])
	}
	r := f.Document.Fields[2]
	if r["type"] != "checkbox" || len(optionLabels(r)) != 2 || r["scale"] != nil || r["required"] != true || r["id"] != "f3" {
		t.Fatalf("rating→checkbox %v", r)
	}
	res2, err := ex.Execute(ctx, v2(
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(0), Type: domain.PlanFieldLongText}),
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(1), Type: domain.PlanFieldShortText, Optional: true}),
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(2), Optional: true}),
	))
	if err != nil {
		t.Fatal(err)
	}
	f = getForm(t, db, id)
	if f.Document.Fields[0]["type"] != "textarea" || f.Document.Fields[0]["format"] != nil {
		t.Fatalf("away from short_text keeps format: %v", f.Document.Fields[0])
	}
	if f.Document.Fields[1]["type"] != "text" || f.Document.Fields[1]["options"] != nil {
		t.Fatalf("away from choice keeps options: %v", f.Document.Fields[1])
	}
	if f.Document.Fields[2]["required"] != false {
		t.Fatalf("optional: %v", f.Document.Fields[2])
	}
	// Options on a question that is not a choice fail the plan.
	if _, err := ex.Execute(ctx, v2(st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(0), Options: []string{"الف", "ب"}}))); domain.ErrorCode(err) != domain.CodeInvalidPlan {
		t.Fatalf("options on textarea: %v", err)
	}
	undoAll(t, ex, ctx, res2.UndoTokens)
	undoAll(t, ex, ctx, res.UndoTokens)
	after := getForm(t, db, id)
	if !sameState(before.State(), after.State()) {
		t.Fatalf("undo did not restore:\n%v\n%v", before.Document.Fields, after.Document.Fields)
	}
}

func TestV2DuplicateKeepsFieldIDsAndUndoDeletesCopy(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	id := seedForm(t, ex, ctx)
	if _, err := ex.Execute(ctx, v2(st(domain.ActionPublishForm, domain.StepParams{ID: &id}))); err != nil {
		t.Fatal(err)
	}
	res, err := ex.Execute(ctx, v2(
		st(domain.ActionDuplicateForm, domain.StepParams{ID: &id}),
		st(domain.ActionDuplicateForm, domain.StepParams{ID: &id, Title: "نسخهٔ دوم"}),
	))
	if err != nil {
		t.Fatal(err)
	}
	src := getForm(t, db, id)
	c1 := getForm(t, db, res.Results[0].FormID)
	c2 := getForm(t, db, res.Results[1].FormID)
	if c1.ID == id || c1.Title != "مشتریان (رونوشت)" || c2.Title != "نسخهٔ دوم" || c1.Status != domain.StatusDraft {
		t.Fatalf("copies %q %q %s", c1.Title, c2.Title, c1.Status)
	}
	if !reflect.DeepEqual(ids(c1), ids(src)) || !reflect.DeepEqual(c1.Document.Fields, src.Document.Fields) {
		t.Fatalf("copy fields %v vs %v", ids(c1), ids(src))
	}
	if len(res.FormsTouched) != 2 || len(res.UndoTokens) != 2 {
		t.Fatalf("result %+v", res)
	}
	// A field added to the copy continues its sequence.
	add, err := ex.Execute(ctx, v2(st(domain.ActionAddField, domain.StepParams{ID: &c1.ID, Type: domain.PlanFieldEmail})))
	if err != nil || add.Results[0].FieldID != "f4" {
		t.Fatalf("add to copy: %v %+v", err, add)
	}
	undoAll(t, ex, ctx, add.UndoTokens)
	u := undoAll(t, ex, ctx, res.UndoTokens)
	if len(u.Undone) != 2 || !u.Undone[0].Deleted || !u.Undone[1].Deleted {
		t.Fatalf("undo %+v", u)
	}
	if _, err := db.GetForm(ctx, 1, c1.ID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("copy after undo: %v", err)
	}
	getForm(t, db, id)
}

func TestV2DeleteFormUndoRestoresAndDisable(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	id := seedForm(t, ex, ctx)
	dis, err := ex.Execute(ctx, v2(st(domain.ActionDisableForm, domain.StepParams{ID: &id})))
	if err != nil {
		t.Fatal(err)
	}
	if getForm(t, db, id).Status != domain.StatusDisabled {
		t.Fatal("not disabled")
	}
	del, err := ex.Execute(ctx, v2(st(domain.ActionDeleteForm, domain.StepParams{ID: &id})))
	if err != nil {
		t.Fatal(err)
	}
	if len(del.UndoTokens) != 1 || del.Results[0].VersionID == 0 {
		t.Fatalf("delete result %+v", del)
	}
	if _, err := db.GetForm(ctx, 1, id); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("after delete: %v", err)
	}
	// A step on the deleted form fails.
	if _, err := ex.Execute(ctx, v2(st(domain.ActionPublishForm, domain.StepParams{ID: &id}))); err == nil {
		t.Fatal("publish of a deleted form succeeded")
	}
	u := undoAll(t, ex, ctx, del.UndoTokens)
	if len(u.Undone) != 1 || u.Undone[0].Deleted || u.Undone[0].VersionID == 0 {
		t.Fatalf("undo %+v", u)
	}
	f := getForm(t, db, id)
	if f.Status != domain.StatusDisabled || len(f.Document.Fields) != 3 {
		t.Fatalf("restored %+v", f)
	}
	undoAll(t, ex, ctx, dis.UndoTokens)
	if getForm(t, db, id).Status != domain.StatusDraft {
		t.Fatal("disable not undone")
	}
	audit, _ := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1, FormID: &id, Limit: 20})
	n := 0
	for _, a := range audit {
		if a.Action == domain.ActionDeleteForm || a.Action == domain.ActionDisableForm {
			n++
			if a.UndoneAt == nil {
				t.Fatalf("audit %+v not marked undone", a)
			}
		}
	}
	if n != 2 {
		t.Fatalf("audit rows %d", n)
	}
}

func TestV2FailingStepInMiddleRollsBackEverything(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	id := seedForm(t, ex, ctx)
	before := getForm(t, db, id)
	_, err := ex.Execute(ctx, v2(
		st(domain.ActionDuplicateForm, domain.StepParams{ID: &id}),
		st(domain.ActionDeleteField, domain.StepParams{ID: &id, Index: domain.Int(0)}),
		st(domain.ActionCreateForm, domain.StepParams{Title: "تازه"}),
		st(domain.ActionAddField, domain.StepParams{Type: domain.PlanFieldShortText}),
		// The other form now has 2 questions: index 2 is out of range.
		st(domain.ActionUpdateField, domain.StepParams{ID: &id, Index: domain.Int(2), Question: "x"}),
		st(domain.ActionDeleteForm, domain.StepParams{ID: &id}),
	))
	de := domain.AsError(err)
	if de == nil || de.Code != domain.CodeInvalidPlan || de.Data["step"] != 4 {
		t.Fatalf("err %+v", err)
	}
	after := getForm(t, db, id)
	if after.HeadVersionID != before.HeadVersionID || !sameState(before.State(), after.State()) {
		t.Fatal("form changed")
	}
	all, err := db.ListForms(ctx, domain.FormQuery{SiteID: 1, Limit: 50, IncludeDeleted: true})
	if err != nil || len(all) != 1 {
		t.Fatalf("forms %d %v", len(all), err)
	}
	audit, _ := db.ListAudit(ctx, domain.AuditQuery{SiteID: 1, Limit: 50})
	if len(audit) != 4 {
		t.Fatalf("audit rows %d", len(audit))
	}
}

func TestV2DuplicateTitleLocaleAndLength(t *testing.T) {
	if got := copyTitle("Survey", domain.Document{Meta: map[string]any{"locale": "en_US"}}); got != "Survey (copy)" {
		t.Fatal(got)
	}
	if got := copyTitle("نظرسنجی", domain.NewDocument()); got != "نظرسنجی (رونوشت)" {
		t.Fatal(got)
	}
	long := make([]rune, document.DocLimits().MaxTitleChars)
	for i := range long {
		long[i] = 'ب'
	}
	if _, err := planTitle(copyTitle(string(long), domain.NewDocument())); err != nil {
		t.Fatal(err)
	}
}

func TestV2UndoAroundDeletedForm(t *testing.T) {
	ex, db := newExec(t)
	ctx := actorCtx(5, domain.CapManageForms)
	id := seedForm(t, ex, ctx)
	add, err := ex.Execute(ctx, v2(st(domain.ActionAddField, domain.StepParams{ID: &id, Type: domain.PlanFieldDate})))
	if err != nil {
		t.Fatal(err)
	}
	del, err := ex.Execute(ctx, v2(st(domain.ActionDeleteForm, domain.StepParams{ID: &id})))
	if err != nil {
		t.Fatal(err)
	}
	// A change made before the deletion cannot be undone while the form
	// is deleted.
	if _, err := ex.Undo(ctx, add.UndoTokens); domain.ErrorCode(err) != domain.CodeUndoConflict {
		t.Fatalf("undo on a deleted form: %v", err)
	}
	// Both at once: the deletion (newer) is undone first, then the field.
	u := undoAll(t, ex, ctx, append(append([]string{}, add.UndoTokens...), del.UndoTokens...))
	if len(u.Undone) != 2 || u.Undone[0].Action != domain.ActionDeleteForm {
		t.Fatalf("undo %+v", u)
	}
	if f := getForm(t, db, id); len(f.Document.Fields) != 3 {
		t.Fatalf("fields %v", ids(f))
	}
	if _, err := ex.Undo(ctx, del.UndoTokens); domain.ErrorCode(err) != domain.CodeAlreadyUndone {
		t.Fatalf("second undo: %v", err)
	}
}
