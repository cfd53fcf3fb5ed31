// Package executor applies validated arshline plans to the store in one
// transaction — every mutating step writing a version, an audit row and an
// undo token — and undoes them again.
package executor

import (
	"context"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Executor runs plans against a store.
type Executor struct {
	Store domain.FormStore
}

// StepResult is what one step did.
type StepResult struct {
	Step      int            `json:"step"`
	Action    string         `json:"action"`
	FormID    int64          `json:"form_id,omitempty"`
	VersionID int64          `json:"version_id,omitempty"`
	FieldID   string         `json:"field_id,omitempty"`
	Navigate  map[string]any `json:"navigate,omitempty"`
}

// Result is ai.execute's answer.
type Result struct {
	Results      []StepResult `json:"results"`
	UndoTokens   []string     `json:"undo_tokens"`
	FormsTouched []int64      `json:"forms_touched"`
}

// Execute applies every step of p in one write transaction. p must already
// have passed the arshline-plan/v1 or v2 contract; the executor still refuses
// anything that cannot be applied to the store as it is now, naming the
// step, and then nothing of the plan remains.
func (e *Executor) Execute(ctx context.Context, p *domain.Plan) (*Result, error) {
	actor := domain.ActorFrom(ctx)
	reqID := domain.RequestIDFrom(ctx)
	var res Result
	err := e.Store.Update(ctx, func(tx domain.FormTx) error {
		res = Result{Results: []StepResult{}, UndoTokens: []string{}, FormsTouched: []int64{}}
		touched := map[int64]bool{}
		heads := map[int64]formHead{}
		audits := make([]*domain.AuditEntry, 0, len(p.Steps))
		var created int64
		for i, step := range p.Steps {
			r, formID, before, after, err := applyStep(tx, actor, step, created, heads)
			if err != nil {
				return stepError(i, step.Action, err)
			}
			r.Step = i
			res.Results = append(res.Results, r)
			if step.Action == domain.ActionCreateForm {
				created = formID
			}
			if !domain.IsMutation(step.Action) {
				continue
			}
			token, hash, err := newUndoToken()
			if err != nil {
				return err
			}
			details, err := json.Marshal(auditDetails{FieldID: r.FieldID, Params: step.Params, Step: i})
			if err != nil {
				return stepError(i, step.Action, err)
			}
			audits = append(audits, &domain.AuditEntry{
				ReqID: reqID, Actor: actor.UserID, Action: step.Action, FormID: &formID,
				BeforeVersionID: before, AfterVersionID: &after, UndoTokenHash: hash, Details: details,
			})
			res.UndoTokens = append(res.UndoTokens, token)
			if !touched[formID] {
				touched[formID] = true
				res.FormsTouched = append(res.FormsTouched, formID)
			}
		}
		return tx.InsertAudit(actor.Site(), audits...)
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// auditDetails is what a step's audit row records besides its columns;
// its fields are in name order, as the map it replaces was encoded.
type auditDetails struct {
	FieldID string            `json:"field_id"`
	Params  domain.StepParams `json:"params"`
	Step    int               `json:"step"`
}

// formHead is a form as an earlier step of the same plan left it. Nothing
// else writes while the plan's fn runs, so a later step on that form can
// start from it instead of reading the form back and decoding the state
// it has just encoded.
type formHead struct {
	versionID int64
	state     domain.FormState
}

func applyStep(tx domain.FormTx, actor domain.Actor, step domain.PlanStep, created int64, heads map[int64]formHead) (r StepResult, formID int64, before *int64, after int64, err error) {
	r.Action = step.Action
	meta := domain.VersionMeta{Source: domain.SourcePlanner, CreatedBy: actor.UserID}
	target := created
	if step.Params.ID != nil {
		target = *step.Params.ID
	}
	switch step.Action {
	case domain.ActionCreateForm:
		title := domain.DefaultFormTitle
		if step.Params.Title != "" {
			if title, err = planTitle(step.Params.Title); err != nil {
				return r, 0, nil, 0, err
			}
		}
		f, v, err := tx.CreateForm(actor.Site(), actor.UserID, domain.FormState{Title: title, Status: domain.StatusDraft, Document: domain.NewDocument()}, meta)
		if err != nil {
			return r, 0, nil, 0, err
		}
		heads[f.ID] = formHead{versionID: v.ID, state: f.State()}
		r.FormID, r.VersionID = f.ID, v.ID
		return r, f.ID, nil, v.ID, nil

	case domain.ActionDuplicateForm:
		if target == 0 {
			return r, 0, nil, 0, noForm()
		}
		known, err := headOf(tx, actor.Site(), target, heads)
		if err != nil {
			return r, 0, nil, 0, err
		}
		st := known.state
		var title string
		if step.Params.Title != "" {
			title, err = planTitle(step.Params.Title)
		} else {
			title, err = planTitle(copyTitle(st.Title, st.Document))
		}
		if err != nil {
			return r, 0, nil, 0, err
		}
		doc := st.Document
		if doc, err = document.Check(doc, domain.CodeInvalidPlan); err != nil {
			return r, 0, nil, 0, err
		}
		f, v, err := tx.CreateForm(actor.Site(), actor.UserID, domain.FormState{Title: title, Status: domain.StatusDraft, Document: doc}, meta)
		if err != nil {
			return r, 0, nil, 0, err
		}
		heads[f.ID] = formHead{versionID: v.ID, state: f.State()}
		r.FormID, r.VersionID = f.ID, v.ID
		return r, f.ID, nil, v.ID, nil

	case domain.ActionAddField, domain.ActionUpdateFormTitle, domain.ActionPublishForm, domain.ActionDraftForm,
		domain.ActionDisableForm, domain.ActionDeleteForm,
		domain.ActionUpdateField, domain.ActionDeleteField, domain.ActionMoveField:
		if target == 0 {
			return r, 0, nil, 0, noForm()
		}
		known, err := headOf(tx, actor.Site(), target, heads)
		if err != nil {
			return r, 0, nil, 0, err
		}
		head := known.versionID
		st := known.state
		switch step.Action {
		case domain.ActionAddField:
			field, seq, err := newField(step.Params, st.Document)
			if err != nil {
				return r, 0, nil, 0, err
			}
			st.Document.Meta = withFieldSeq(st.Document.Meta, seq)
			pos := len(st.Document.Fields)
			if step.Params.Index != nil {
				pos = *step.Params.Index
			}
			if err := checkIndex("index", pos, target, len(st.Document.Fields)+1, len(st.Document.Fields)); err != nil {
				return r, 0, nil, 0, err
			}
			fields := make([]map[string]any, 0, len(st.Document.Fields)+1)
			fields = append(fields, st.Document.Fields[:pos]...)
			fields = append(fields, field)
			fields = append(fields, st.Document.Fields[pos:]...)
			st.Document.Fields = fields
			r.FieldID, _ = field["id"].(string)
			setDiff(&meta, map[string]any{"op": "add", "path": "/fields/" + strconv.Itoa(pos), "value": field})
		case domain.ActionUpdateField:
			pos, err := fieldIndex(step.Params.Index, target, len(st.Document.Fields))
			if err != nil {
				return r, 0, nil, 0, err
			}
			field, err := updatedField(step.Params, st.Document.Fields[pos])
			if err != nil {
				return r, 0, nil, 0, err
			}
			fields := append([]map[string]any(nil), st.Document.Fields...)
			fields[pos] = field
			st.Document.Fields = fields
			r.FieldID, _ = field["id"].(string)
			setDiff(&meta, map[string]any{"op": "replace", "path": "/fields/" + strconv.Itoa(pos), "value": field})
		case domain.ActionDeleteField:
			pos, err := fieldIndex(step.Params.Index, target, len(st.Document.Fields))
			if err != nil {
				return r, 0, nil, 0, err
			}
			// The removed id stays counted, so no later question gets it.
			st.Document.Meta = withFieldSeq(st.Document.Meta, nextFieldSeq(st.Document)-1)
			r.FieldID, _ = st.Document.Fields[pos]["id"].(string)
			fields := make([]map[string]any, 0, len(st.Document.Fields)-1)
			fields = append(fields, st.Document.Fields[:pos]...)
			fields = append(fields, st.Document.Fields[pos+1:]...)
			st.Document.Fields = fields
			setDiff(&meta, map[string]any{"op": "remove", "path": "/fields/" + strconv.Itoa(pos)})
		case domain.ActionMoveField:
			n := len(st.Document.Fields)
			pos, err := fieldIndex(step.Params.Index, target, n)
			if err != nil {
				return r, 0, nil, 0, err
			}
			if step.Params.To == nil {
				return r, 0, nil, 0, domain.Errorf(domain.CodeInvalidPlan, "move_field needs to", "move_field به جایگاه مقصد (to) نیاز دارد")
			}
			to := *step.Params.To
			if err := checkIndex("to", to, target, n, n); err != nil {
				return r, 0, nil, 0, err
			}
			moved := st.Document.Fields[pos]
			fields := make([]map[string]any, 0, n)
			fields = append(fields, st.Document.Fields[:pos]...)
			fields = append(fields, st.Document.Fields[pos+1:]...)
			fields = append(fields[:to], append([]map[string]any{moved}, fields[to:]...)...)
			st.Document.Fields = fields
			r.FieldID, _ = moved["id"].(string)
			setDiff(&meta, map[string]any{"op": "move", "from": "/fields/" + strconv.Itoa(pos), "path": "/fields/" + strconv.Itoa(to)})
		case domain.ActionUpdateFormTitle:
			if st.Title, err = planTitle(step.Params.Title); err != nil {
				return r, 0, nil, 0, err
			}
		case domain.ActionPublishForm:
			st.Status = domain.StatusPublished
		case domain.ActionDraftForm:
			st.Status = domain.StatusDraft
		case domain.ActionDisableForm:
			st.Status = domain.StatusDisabled
		case domain.ActionDeleteForm:
			// The version records the form as it was deleted; undo finds
			// it there and restores the form.
		}
		if step.Action == domain.ActionAddField || step.Action == domain.ActionUpdateField ||
			step.Action == domain.ActionDeleteField || step.Action == domain.ActionMoveField {
			if st.Document, err = document.Check(st.Document, domain.CodeInvalidPlan); err != nil {
				return r, 0, nil, 0, err
			}
		}
		v, err := tx.CommitVersion(actor.Site(), target, st, meta)
		if err != nil {
			return r, 0, nil, 0, err
		}
		if step.Action == domain.ActionDeleteForm {
			if err := tx.SetDeleted(actor.Site(), target, true); err != nil {
				return r, 0, nil, 0, err
			}
			delete(heads, target)
		} else {
			heads[target] = formHead{versionID: v.ID, state: v.State}
		}
		r.FormID, r.VersionID = target, v.ID
		return r, target, &head, v.ID, nil

	case domain.ActionOpenBuilder, domain.ActionOpenEditor, domain.ActionOpenResults:
		params := map[string]any{}
		if target != 0 {
			params["id"] = target
			r.FormID = target
		}
		if step.Params.Index != nil {
			params["index"] = *step.Params.Index
		}
		r.Navigate = map[string]any{"action": step.Action, "params": params}
		return r, target, nil, 0, nil
	}
	return r, 0, nil, 0, domain.Errorf(domain.CodeInvalidPlan, "action "+step.Action+" is not allowed", "اقدام "+step.Action+" مجاز نیست")
}

func noForm() error {
	return domain.Errorf(domain.CodeInvalidPlan, "no form to change: give an id or create a form earlier in the plan", "فرمی برای تغییر مشخص نشده است: شناسهٔ فرم را بدهید یا پیش از آن فرمی بسازید")
}

// headOf is the form as the plan's earlier steps left it, or as it is
// stored when the plan has not touched it yet.
func headOf(tx domain.FormTx, siteID, id int64, heads map[int64]formHead) (formHead, error) {
	if known, ok := heads[id]; ok {
		return known, nil
	}
	f, err := tx.GetForm(siteID, id)
	if err != nil {
		return formHead{}, err
	}
	return formHead{versionID: f.HeadVersionID, state: f.State()}, nil
}

// checkIndex refuses a position outside 0..limit-1 of a form that has n
// questions at this step (limit is n+1 where add_field inserts, n
// elsewhere).
func checkIndex(param string, pos int, form int64, limit, n int) error {
	if pos >= 0 && pos < limit {
		return nil
	}
	return domain.Errorf(domain.CodeInvalidPlan,
		fmt.Sprintf("%s %d is outside form %d, which has %d fields at this step", param, pos, form, n),
		fmt.Sprintf("%s %d خارج از فرم %d است که در این گام %d فیلد دارد", param, pos, form, n)).With("param", param)
}

// fieldIndex is the question an update, delete or move names.
func fieldIndex(index *int, form int64, n int) (int, error) {
	if index == nil {
		return 0, domain.Errorf(domain.CodeInvalidPlan, "the step needs index: which question", "این گام به index (شمارهٔ سوال) نیاز دارد")
	}
	if n == 0 {
		return 0, domain.Errorf(domain.CodeInvalidPlan,
			fmt.Sprintf("form %d has no questions at this step", form),
			fmt.Sprintf("فرم %d در این گام سوالی ندارد", form))
	}
	return *index, checkIndex("index", *index, form, n, n)
}

// withFieldSeq returns a copy of meta recording seq as the form's field
// sequence (never lowering it).
func withFieldSeq(meta map[string]any, seq int) map[string]any {
	out := make(map[string]any, len(meta)+1)
	for k, v := range meta {
		out[k] = v
	}
	out[FieldSeqKey] = seq
	return out
}

func setDiff(meta *domain.VersionMeta, op map[string]any) {
	diff, _ := json.Marshal([]map[string]any{op})
	meta.Diff, meta.DiffApplied, meta.DiffSHA = diff, true, diffSHA(diff)
}

// commonKeys are the field keys every document type takes.
var commonKeys = []string{"id", "type", "label", "required", "placeholder", "help_text", "show_if", "page"}

// updatedField applies an update_field step to a copy of f. A new type
// keeps what every type shares, and the options when both types take
// them; what only the old type took (a format, a scale, bounds) goes, and
// the new type gets what add_field would give it.
func updatedField(p domain.StepParams, f map[string]any) (map[string]any, error) {
	oldType, _ := f["type"].(string)
	newType := oldType
	if p.Type != "" {
		t, ok := domain.DocumentFieldType(p.Type)
		if !ok {
			return nil, domain.Errorf(domain.CodeInvalidPlan, "unknown field type "+p.Type, "نوع فیلد ناشناخته است: "+p.Type)
		}
		newType = t
	}
	out := make(map[string]any, len(f)+2)
	if newType == oldType {
		for k, v := range f {
			out[k] = v
		}
	} else {
		for _, k := range commonKeys {
			if v, ok := f[k]; ok {
				out[k] = v
			}
		}
		out["type"] = newType
		if isChoiceDoc(oldType) && isChoiceDoc(newType) {
			out["options"] = f["options"]
		}
		if isTextDoc(oldType) && isTextDoc(newType) {
			for _, k := range []string{"min_length", "max_length"} {
				if v, ok := f[k]; ok {
					out[k] = v
				}
			}
		}
		fillDefaults(out)
	}
	if p.Question != "" {
		out["label"] = p.Question
	}
	if p.Required {
		out["required"] = true
	} else if p.Optional {
		out["required"] = false
	}
	if len(p.Options) > 0 {
		if !isChoiceDoc(newType) {
			return nil, domain.Errorf(domain.CodeInvalidPlan, "options need a choice question (multiple_choice, checkboxes or dropdown)", "گزینه‌ها فقط برای سوال چندگزینه‌ای، چندانتخابی یا کشویی است")
		}
		out["options"] = replaceOptions(f["options"], p.Options)
		delete(out, "min_select")
		delete(out, "max_select")
	}
	if p.Format != "" {
		if newType != domain.FieldText {
			return nil, domain.Errorf(domain.CodeInvalidPlan, "format needs a short_text question", "قالب (format) فقط برای سوال پاسخ کوتاه است")
		}
		out["format"] = p.Format
	}
	return out, nil
}

func isChoiceDoc(t string) bool {
	return t == domain.FieldRadio || t == domain.FieldCheckbox || t == domain.FieldSelect
}

func isTextDoc(t string) bool { return t == domain.FieldText || t == domain.FieldTextarea }

// fillDefaults gives a field what its type needs to render: two
// placeholder options for a choice, a 1–5 scale for a rating.
func fillDefaults(f map[string]any) {
	switch f["type"] {
	case domain.FieldRadio, domain.FieldSelect, domain.FieldCheckbox:
		if _, ok := f["options"]; !ok {
			f["options"] = []map[string]any{{"value": "option_1", "label": "گزینهٔ ۱"}, {"value": "option_2", "label": "گزینهٔ ۲"}}
		}
	case domain.FieldRating:
		if _, ok := f["scale"]; !ok {
			f["scale"] = map[string]any{"min": 1, "max": 5}
		}
	}
}

// newOptions makes the options of a new choice question.
func newOptions(labels []string) []map[string]any {
	out := make([]map[string]any, len(labels))
	for i, l := range labels {
		out[i] = map[string]any{"value": "option_" + strconv.Itoa(i+1), "label": l}
	}
	return out
}

// replaceOptions makes the new list: an option whose label was already
// there keeps its value, so stored answers keep meaning it; a new label
// gets a value no option of the old list had.
func replaceOptions(old any, labels []string) []map[string]any {
	byLabel := map[string]string{}
	used := map[string]bool{}
	next := 1
	note := func(value, label string) {
		if label != "" {
			if _, ok := byLabel[label]; !ok {
				byLabel[label] = value
			}
		}
		used[value] = true
		if strings.HasPrefix(value, "option_") {
			if n, err := strconv.Atoi(value[len("option_"):]); err == nil && n >= next {
				next = n + 1
			}
		}
	}
	switch o := old.(type) {
	case []any:
		for _, x := range o {
			if m, ok := x.(map[string]any); ok {
				v, _ := m["value"].(string)
				l, _ := m["label"].(string)
				note(v, l)
			}
		}
	case []map[string]any:
		for _, m := range o {
			v, _ := m["value"].(string)
			l, _ := m["label"].(string)
			note(v, l)
		}
	}
	out := make([]map[string]any, len(labels))
	taken := map[string]bool{}
	for i, l := range labels {
		v, ok := byLabel[l]
		if !ok || taken[v] {
			for used["option_"+strconv.Itoa(next)] {
				next++
			}
			v = "option_" + strconv.Itoa(next)
			next++
		}
		taken[v] = true
		out[i] = map[string]any{"value": v, "label": l}
	}
	return out
}

// copyTitle names a duplicate the server names: «X (رونوشت)», or
// "X (copy)" for a form whose document says it is English, cut so the
// name stays within the title limit.
func copyTitle(title string, doc domain.Document) string {
	suffix := " (رونوشت)"
	if l, _ := doc.Meta["locale"].(string); l != "" && !domain.IsPersian(l) && strings.HasPrefix(strings.ToLower(l), "en") {
		suffix = " (copy)"
	}
	max := document.DocLimits().MaxTitleChars - utf8.RuneCountInString(suffix)
	if r := []rune(title); len(r) > max {
		title = strings.TrimSpace(string(r[:max]))
	}
	return title + suffix
}

// newField builds a field that renders as it is: choice fields get the
// options the plan lists or two placeholders, ratings a 1–5 scale, a
// short_text its format. It returns the field and the form's new field
// sequence number.
func newField(p domain.StepParams, doc domain.Document) (map[string]any, int, error) {
	typ, ok := domain.DocumentFieldType(p.Type)
	if !ok {
		return nil, 0, domain.Errorf(domain.CodeInvalidPlan, "unknown field type "+p.Type, "نوع فیلد ناشناخته است: "+p.Type)
	}
	label := p.Question
	if label == "" {
		label = defaultLabel(p.Type)
	}
	seq := nextFieldSeq(doc)
	f := map[string]any{"id": "f" + strconv.Itoa(seq), "type": typ, "label": label, "required": p.Required}
	if len(p.Options) > 0 {
		if !isChoiceDoc(typ) {
			return nil, 0, domain.Errorf(domain.CodeInvalidPlan, "options need a choice question (multiple_choice, checkboxes or dropdown)", "گزینه‌ها فقط برای سوال چندگزینه‌ای، چندانتخابی یا کشویی است")
		}
		f["options"] = newOptions(p.Options)
	}
	if p.Format != "" {
		if typ != domain.FieldText {
			return nil, 0, domain.Errorf(domain.CodeInvalidPlan, "format needs a short_text question", "قالب (format) فقط برای سوال پاسخ کوتاه است")
		}
		f["format"] = p.Format
	}
	fillDefaults(f)
	return f, seq, nil
}

// planTitle applies the title rule every writer shares; a plan that
// breaks it is INVALID_PLAN.
func planTitle(t string) (string, error) {
	title, err := document.CheckTitle(t)
	if err != nil {
		return "", domain.Errorf(domain.CodeInvalidPlan, err.MessageEN, err.MessageFA)
	}
	return title, nil
}

func defaultLabel(planType string) string {
	switch planType {
	case domain.PlanFieldLongText:
		return "پرسش تشریحی"
	case domain.PlanFieldMultipleChoice:
		return "پرسش چندگزینه‌ای"
	case domain.PlanFieldDropdown:
		return "پرسش کشویی"
	case domain.PlanFieldRating:
		return "امتیاز شما"
	case domain.PlanFieldCheckboxes:
		return "پرسش چندانتخابی"
	case domain.PlanFieldNumber:
		return "عدد"
	case domain.PlanFieldEmail:
		return "ایمیل"
	case domain.PlanFieldDate:
		return "تاریخ"
	case domain.PlanFieldFile:
		return "بارگذاری فایل"
	}
	return "پرسش کوتاه"
}

// FieldSeqKey is the document meta key holding the highest field number
// the executor ever gave in the form: a new field is f<n+1>, so an id of
// a removed field is never given to another question and answers keep
// their meaning across versions.
const FieldSeqKey = "field_seq"

// nextFieldSeq returns one past both the largest f<n> in use and the
// form's recorded sequence.
func nextFieldSeq(doc domain.Document) int {
	max := 0
	switch v := doc.Meta[FieldSeqKey].(type) {
	case float64:
		max = int(v)
	case int:
		max = v
	case json.Number:
		if n, err := v.Int64(); err == nil {
			max = int(n)
		}
	}
	for _, f := range doc.Fields {
		id, _ := f["id"].(string)
		if len(id) > 1 && id[0] == 'f' {
			if n, err := strconv.Atoi(id[1:]); err == nil && n > max {
				max = n
			}
		}
	}
	return max + 1
}

// diffSHA is forms.DiffSHA of a diff encoding/json has just produced.
// DiffSHA hashes the diff re-encoded canonically, which for encoding/json's
// own output (sorted keys, no spaces, the same escaping) is the diff
// itself, so the decode and re-encode are skipped.
func diffSHA(diff []byte) *string {
	if len(diff) < 2 || diff[0] != '[' || string(diff) == "[]" {
		return nil
	}
	sum := sha1.Sum(diff)
	s := hex.EncodeToString(sum[:])
	return &s
}

func stepError(i int, action string, err error) error {
	de := domain.AsError(err)
	c := *de
	c.MessageEN = fmt.Sprintf("step %d (%s) failed, nothing was changed: %s", i+1, action, de.MessageEN)
	c.MessageFA = fmt.Sprintf("گام %d (%s) انجام نشد و هیچ تغییری اعمال نشد: %s", i+1, action, de.MessageFA)
	return c.With("step", i)
}

// newUndoToken makes a token of 48 hex digits: the time in nanoseconds,
// then 128 random bits, the secret. The time comes first, and is kept in
// the clear in the stored hash, so that audit rows are added at the end of
// the undo_token_hash index rather than at a random page of it: each
// random page was written to the WAL and checkpointed again, for every
// step of every plan.
func newUndoToken() (token, hash string, err error) {
	var b [24]byte
	binary.BigEndian.PutUint64(b[:8], uint64(time.Now().UnixNano()))
	if _, err := rand.Read(b[8:]); err != nil {
		return "", "", err
	}
	token = hex.EncodeToString(b[:])
	return token, HashToken(token), nil
}

// HashToken is how undo tokens are stored and looked up: the SHA-256 of
// the token, after the token's 16-digit time prefix for tokens that have
// one. Tokens of 32 digits, made before the prefix, keep their plain hash,
// so they still work.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	if len(token) == 48 {
		return token[:16] + hex.EncodeToString(sum[:])
	}
	return hex.EncodeToString(sum[:])
}
