// Package executor applies validated arshline plans to the store in one
// transaction — every mutating step writing a version, an audit row and an
// undo token — and undoes them again.
package executor

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/messages"
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
	var res Result
	err := forms.Update(ctx, e.Store, func(w *forms.Writer) error {
		res = Result{Results: []StepResult{}, UndoTokens: []string{}, FormsTouched: []int64{}}
		touched := map[int64]bool{}
		var created int64
		for i, step := range p.Steps {
			var token, hash string
			if domain.IsMutation(step.Action) {
				var err error
				if token, hash, err = newUndoToken(); err != nil {
					return err
				}
			}
			r, err := applyStep(w, i, step, created, hash)
			if err != nil {
				return stepError(i, step.Action, err)
			}
			r.Step = i
			res.Results = append(res.Results, r)
			if step.Action == domain.ActionCreateForm {
				created = r.FormID
			}
			if !domain.IsMutation(step.Action) {
				continue
			}
			res.UndoTokens = append(res.UndoTokens, token)
			if !touched[r.FormID] {
				touched[r.FormID] = true
				res.FormsTouched = append(res.FormsTouched, r.FormID)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// auditDetails is what a step's audit row records besides its columns,
// its members in name order.
type auditDetails struct {
	FieldID string            `json:"field_id"`
	Params  domain.StepParams `json:"params"`
	Step    int               `json:"step"`
}

// applyStep writes step i of a plan through w; created is the form an
// earlier create_form step made, undoHash the hash of the step's undo
// token.
func applyStep(w *forms.Writer, i int, step domain.PlanStep, created int64, undoHash string) (r StepResult, err error) {
	r.Action = step.Action
	meta := domain.VersionMeta{Source: domain.SourcePlanner}
	details := func() (json.RawMessage, error) {
		return json.Marshal(auditDetails{FieldID: r.FieldID, Params: step.Params, Step: i})
	}
	target := created
	if step.Params.ID != nil {
		target = *step.Params.ID
	}
	switch step.Action {
	case domain.ActionCreateForm, domain.ActionDuplicateForm:
		st := domain.FormState{Title: domain.DefaultFormTitle, Status: domain.StatusDraft, Document: domain.NewDocument()}
		if step.Action == domain.ActionDuplicateForm {
			if target == 0 {
				return r, noForm()
			}
			f, err := w.Head(target)
			if err != nil {
				return r, err
			}
			st.Title = copyTitle(f.Title, f.Document)
			st.Document = f.Document
		}
		if step.Params.Title != "" {
			st.Title = step.Params.Title
		}
		if st.Title, err = planTitle(st.Title); err != nil {
			return r, err
		}
		if step.Action == domain.ActionDuplicateForm {
			if st.Document, err = document.Check(st.Document, domain.CodeInvalidPlan); err != nil {
				return r, err
			}
		}
		d, err := details()
		if err != nil {
			return r, err
		}
		f, v, err := w.Create(step.Action, st, meta, d, undoHash)
		if err != nil {
			return r, err
		}
		r.FormID, r.VersionID = f.ID, v.ID
		return r, nil

	case domain.ActionAddField, domain.ActionUpdateFormTitle, domain.ActionPublishForm, domain.ActionDraftForm,
		domain.ActionDisableForm, domain.ActionDeleteForm,
		domain.ActionUpdateField, domain.ActionDeleteField, domain.ActionMoveField:
		if target == 0 {
			return r, noForm()
		}
		edit := forms.Edit{Action: step.Action, Version: meta, UndoTokenHash: undoHash, Delete: step.Action == domain.ActionDeleteForm,
			Apply: func(_ *domain.Form, st *domain.FormState, v *domain.VersionMeta) (json.RawMessage, error) {
				if err := applyToState(step, target, st, v, &r); err != nil {
					return nil, err
				}
				return details()
			}}
		switch step.Action {
		case domain.ActionAddField, domain.ActionUpdateField, domain.ActionDeleteField, domain.ActionMoveField:
			edit.Check = domain.CodeInvalidPlan
		}
		written, err := w.Write(target, edit)
		if err != nil {
			return r, err
		}
		r.FormID, r.VersionID = target, written.Version.ID
		return r, nil

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
		return r, nil
	}
	return r, domain.Errorf(domain.CodeInvalidPlan, "action %s is not allowed", step.Action)
}

func noForm() error {
	return domain.Errorf(domain.CodeInvalidPlan, "no form to change: give an id or create a form earlier in the plan")
}

// applyToState applies a step that changes one form to st, the form as
// the plan's earlier steps left it, recording the step's diff in v and
// the question it touched in r.
func applyToState(step domain.PlanStep, target int64, st *domain.FormState, v *domain.VersionMeta, r *StepResult) error {
	var err error
	fields := st.Document.Fields
	switch step.Action {
	case domain.ActionAddField:
		typ, ok := domain.DocumentFieldType(step.Params.Type)
		if !ok {
			return unknownType(step.Params.Type)
		}
		label := step.Params.Question
		if label == "" {
			label = defaultLabel(step.Params.Type)
		}
		seq := document.NextFieldSeq(st.Document)
		required := step.Params.Required
		field, err := document.NewField("f"+strconv.Itoa(seq), document.FieldChange{Type: typ, Label: label, Required: &required,
			Options: step.Params.Options, Format: step.Params.Format}, domain.CodeInvalidPlan)
		if err != nil {
			return err
		}
		stored, err := field.Stored()
		if err != nil {
			return err
		}
		pos := len(fields)
		if step.Params.Index != nil {
			pos = *step.Params.Index
		}
		if err := checkIndex("index", pos, target, len(fields)+1, len(fields)); err != nil {
			return err
		}
		st.Document.Meta = document.WithFieldSeq(st.Document.Meta, seq)
		st.Document.Fields = slices.Insert(slices.Clone(fields), pos, stored)
		r.FieldID = field.ID
		setDiff(v, map[string]any{"op": "add", "path": "/fields/" + strconv.Itoa(pos), "value": stored})
	case domain.ActionUpdateField:
		pos, err := fieldIndex(step.Params.Index, target, len(fields))
		if err != nil {
			return err
		}
		field, err := document.FieldAt(st.Document, pos)
		if err != nil {
			return domain.Wrap(domain.CodeInvalidPlan, err, "unreadable question\x04%[1]s", err.Error(), pos+1)
		}
		change := document.FieldChange{Label: step.Params.Question, Options: step.Params.Options, Format: step.Params.Format}
		if step.Params.Type != "" {
			if change.Type, _ = domain.DocumentFieldType(step.Params.Type); change.Type == "" {
				return unknownType(step.Params.Type)
			}
		}
		if step.Params.Required || step.Params.Optional {
			required := step.Params.Required
			change.Required = &required
		}
		if field, err = field.Changed(change, domain.CodeInvalidPlan); err != nil {
			return err
		}
		stored, err := field.Stored()
		if err != nil {
			return err
		}
		st.Document.Fields = slices.Clone(fields)
		st.Document.Fields[pos] = stored
		r.FieldID = field.ID
		setDiff(v, map[string]any{"op": "replace", "path": "/fields/" + strconv.Itoa(pos), "value": stored})
	case domain.ActionDeleteField:
		pos, err := fieldIndex(step.Params.Index, target, len(fields))
		if err != nil {
			return err
		}
		// The removed id stays counted, so no later question gets it.
		st.Document.Meta = document.WithFieldSeq(st.Document.Meta, document.NextFieldSeq(st.Document)-1)
		r.FieldID, _ = fields[pos]["id"].(string)
		st.Document.Fields = slices.Delete(slices.Clone(fields), pos, pos+1)
		setDiff(v, map[string]any{"op": "remove", "path": "/fields/" + strconv.Itoa(pos)})
	case domain.ActionMoveField:
		n := len(fields)
		pos, err := fieldIndex(step.Params.Index, target, n)
		if err != nil {
			return err
		}
		if step.Params.To == nil {
			return domain.Errorf(domain.CodeInvalidPlan, "move_field needs to")
		}
		to := *step.Params.To
		if err := checkIndex("to", to, target, n, n); err != nil {
			return err
		}
		moved := fields[pos]
		st.Document.Fields = slices.Insert(slices.Delete(slices.Clone(fields), pos, pos+1), to, moved)
		r.FieldID, _ = moved["id"].(string)
		setDiff(v, map[string]any{"op": "move", "from": "/fields/" + strconv.Itoa(pos), "path": "/fields/" + strconv.Itoa(to)})
	case domain.ActionUpdateFormTitle:
		if st.Title, err = planTitle(step.Params.Title); err != nil {
			return err
		}
	case domain.ActionPublishForm:
		st.Status = domain.StatusPublished
	case domain.ActionDraftForm:
		st.Status = domain.StatusDraft
	case domain.ActionDisableForm:
		st.Status = domain.StatusDisabled
	case domain.ActionDeleteForm:
		// The version records the form as it was deleted; undo finds it
		// there and restores the form.
	}
	return nil
}

func unknownType(t string) error {
	return domain.Errorf(domain.CodeInvalidPlan, "unknown field type %s", t)
}

// checkIndex refuses a position outside 0..limit-1 of a form that has n
// questions at this step (limit is n+1 where add_field inserts, n
// elsewhere).
func checkIndex(param string, pos int, form int64, limit, n int) error {
	if pos >= 0 && pos < limit {
		return nil
	}
	return domain.Errorf(domain.CodeInvalidPlan, "%s %d is outside form %d, which has %d fields at this step", param, pos, form, n).With("param", param)
}

// fieldIndex is the question an update, delete or move names.
func fieldIndex(index *int, form int64, n int) (int, error) {
	if index == nil {
		return 0, domain.Errorf(domain.CodeInvalidPlan, "the step needs index: which question")
	}
	if n == 0 {
		return 0, domain.Errorf(domain.CodeInvalidPlan, "form %d has no questions at this step", form)
	}
	return *index, checkIndex("index", *index, form, n, n)
}

func setDiff(meta *domain.VersionMeta, op map[string]any) {
	diff, _ := json.Marshal([]map[string]any{op})
	meta.Diff, meta.DiffApplied, meta.DiffSHA = diff, true, forms.DiffSHA(diff)
}

// copyTitle names a duplicate the server names: «X (رونوشت)», or
// "X (copy)" for a form whose document says it is English, cut so the
// name stays within the title limit.
func copyTitle(title string, doc domain.Document) string {
	locale := domain.LocaleFA
	if l, _ := doc.Meta["locale"].(string); l != "" && !domain.IsPersian(l) && strings.HasPrefix(strings.ToLower(l), "en") {
		locale = domain.LocaleEN
	}
	suffix := messages.Render(locale, domain.T("duplicate title\x04 (copy)"))
	max := document.DocLimits().MaxTitleChars - utf8.RuneCountInString(suffix)
	if r := []rune(title); len(r) > max {
		title = strings.TrimSpace(string(r[:max]))
	}
	return title + suffix
}

// planTitle applies the title rule every writer shares; a plan that
// breaks it is INVALID_PLAN.
func planTitle(t string) (string, error) {
	title, err := document.CheckTitle(t)
	if err != nil {
		return "", domain.Errorf(domain.CodeInvalidPlan, err.Key, err.Args...)
	}
	return title, nil
}

// defaultLabels label a question a plan adds without one: in Persian,
// the language of the forms the planner builds.
var defaultLabels = map[string]domain.Text{
	domain.PlanFieldLongText:       domain.T("default label\x04Long answer question"),
	domain.PlanFieldMultipleChoice: domain.T("default label\x04Multiple-choice question"),
	domain.PlanFieldDropdown:       domain.T("default label\x04Dropdown question"),
	domain.PlanFieldRating:         domain.T("default label\x04Your rating"),
	domain.PlanFieldCheckboxes:     domain.T("default label\x04Several-answer question"),
	domain.PlanFieldNumber:         domain.T("default label\x04Number"),
	domain.PlanFieldEmail:          domain.T("default label\x04Email"),
	domain.PlanFieldDate:           domain.T("default label\x04Date"),
	domain.PlanFieldFile:           domain.T("default label\x04File upload"),
}

func defaultLabel(planType string) string {
	t, ok := defaultLabels[planType]
	if !ok {
		t = domain.T("default label\x04Short answer question")
	}
	return messages.Render(domain.LocaleFA, t)
}

func stepError(i int, action string, err error) error {
	de := domain.AsError(err)
	c := *de
	t := domain.T("step %d (%s) failed, nothing was changed: %s", i+1, action, de)
	c.Key, c.Args = t.Key, t.Args
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
