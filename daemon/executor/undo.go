package executor

import (
	"bytes"
	"context"
	"encoding/json"

	"regexp"
	"sort"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
)

// UndoResult is ai.undo's answer.
type UndoResult struct {
	Undone   []UndoneStep `json:"undone"`
	Versions []int64      `json:"versions"`
}

// UndoneStep names one change that was reverted.
type UndoneStep struct {
	AuditID int64  `json:"audit_id"`
	Action  string `json:"action"`
	FormID  int64  `json:"form_id"`
	// VersionID is the version the undo wrote; 0 when it deleted the form.
	VersionID int64 `json:"version_id,omitempty"`
	Deleted   bool  `json:"deleted,omitempty"`
}

var tokenRE = regexp.MustCompile(`^(?:[0-9a-f]{16})?[0-9a-f]{32}$`)

// MaxUndoTokens bounds one ai.undo call; a plan has at most a few dozen steps.
const MaxUndoTokens = 100

// Undo reverts the changes the tokens name, newest first, all in one
// transaction: if any cannot be undone, none is.
func (e *Executor) Undo(ctx context.Context, tokens []string) (*UndoResult, error) {
	if len(tokens) == 0 {
		return nil, domain.InvalidParams("give an undo token")
	}
	if len(tokens) > MaxUndoTokens {
		return nil, domain.InvalidParams("at most %d tokens at once", MaxUndoTokens)
	}
	for _, t := range tokens {
		if !tokenRE.MatchString(t) {
			return nil, domain.InvalidParams("an undo token is 48 (or, from older versions, 32) lowercase hex characters")
		}
	}
	actor := domain.ActorFrom(ctx)
	site := actor.Site()
	var res UndoResult
	err := forms.Update(ctx, e.Store, func(w *forms.Writer) error {
		tx := w.Tx()
		res = UndoResult{Undone: []UndoneStep{}, Versions: []int64{}}
		entries := make([]*domain.AuditEntry, 0, len(tokens))
		for _, t := range tokens {
			a, err := tx.AuditByTokenHash(site, HashToken(t))
			if err != nil {
				return err
			}
			if a.Actor != actor.UserID && !actor.Can(domain.CapManageOptions) {
				return domain.ErrForbidden
			}
			entries = append(entries, a)
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].ID > entries[j].ID })
		for _, a := range entries {
			step, err := undoOne(w, actor, a)
			if err != nil {
				return err
			}
			res.Undone = append(res.Undone, step)
			if step.VersionID != 0 {
				res.Versions = append(res.Versions, step.VersionID)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

func undoOne(w *forms.Writer, actor domain.Actor, a *domain.AuditEntry) (UndoneStep, error) {
	tx := w.Tx()
	step := UndoneStep{AuditID: a.ID, Action: a.Action}
	if a.UndoneAt != nil {
		return step, domain.Errorf(domain.CodeAlreadyUndone, "the %s change (audit %d) was already undone", a.Action, a.ID).With("audit_id", a.ID)
	}
	if a.FormID == nil || a.AfterVersionID == nil {
		return step, domain.Errorf(domain.CodeUndoConflict, "this change cannot be undone")
	}
	step.FormID = *a.FormID
	site := actor.Site()
	f, err := tx.GetFormAny(site, *a.FormID)
	if err != nil {
		return step, err
	}
	restore := a.Action == domain.ActionDeleteForm
	if restore && f.DeletedAt == nil {
		return step, domain.Errorf(domain.CodeUndoConflict, "form %d is no longer deleted", f.ID).With("form_id", f.ID)
	}
	if f.DeletedAt != nil && !restore {
		return step, domain.Errorf(domain.CodeUndoConflict, "form %d was deleted after this change", f.ID).With("form_id", f.ID)
	}
	after, err := tx.GetVersion(site, f.ID, *a.AfterVersionID)
	if err != nil {
		return step, err
	}
	// The form must be as the change left it. Later versions that only
	// returned it to that state (undos of later steps) do not count.
	if f.HeadVersionID != after.ID && !sameState(f.State(), after.State) {
		last, err := tx.LatestVersionInfo(site, f.ID)
		if err != nil {
			return step, err
		}
		return step, domain.Errorf(domain.CodeUndoConflict, "form %d changed after this step: version %d (seq %d, %s, by user %d at %s); undo that first or roll back by version", f.ID, last.ID, last.Seq, last.Source, last.CreatedBy, last.CreatedAt.Format("2006-01-02 15:04:05")).
			With("form_id", f.ID).With("later_version_id", last.ID).With("later_seq", last.Seq)
	}
	if restore {
		// Undoing a deletion brings the form back as it was deleted.
		if err := tx.SetDeleted(site, f.ID, false); err != nil {
			return step, err
		}
		w.Forget(f.ID)
	}
	details := func(deleted bool) (json.RawMessage, error) {
		return json.Marshal(map[string]any{"undone_audit_id": a.ID, "undone_action": a.Action, "deleted": deleted})
	}
	if a.BeforeVersionID == nil {
		// Undoing a creation removes the form; it stays in the database,
		// soft-deleted, with all its history.
		if err := tx.SetDeleted(site, f.ID, true); err != nil {
			return step, err
		}
		w.Forget(f.ID)
		step.Deleted = true
		d, err := details(true)
		if err != nil {
			return step, err
		}
		before := f.HeadVersionID
		w.Record("undo", f.ID, &before, d)
	} else {
		prev, err := tx.GetVersion(site, f.ID, *a.BeforeVersionID)
		if err != nil {
			return step, err
		}
		written, err := w.Write(f.ID, forms.Edit{Action: "undo", Version: domain.VersionMeta{Source: domain.SourceUndo},
			Apply: func(_ *domain.Form, st *domain.FormState, _ *domain.VersionMeta) (json.RawMessage, error) {
				*st = prev.State
				return details(false)
			}})
		if err != nil {
			return step, err
		}
		step.VersionID = written.Version.ID
	}
	return step, tx.MarkUndone(a.ID, actor.UserID)
}

func sameState(a, b domain.FormState) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}
