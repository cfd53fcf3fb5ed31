package forms

import (
	"context"
	"encoding/json"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Writer is the one way a form version is written: every change of a
// form — a direct edit, a rollback, a plan's step, an undo, a model's
// answer — reads the form's head, changes its state, has the document
// checked, commits the version and records the audit row, here and
// nowhere else (daemon/deps_test.go fails on a CommitVersion or
// CreateForm elsewhere). A Writer lives for one transaction; Update
// opens both.
type Writer struct {
	tx     domain.FormTx
	site   int64
	actor  int64
	reqID  string
	heads  map[int64]*domain.Form
	audits []*domain.AuditEntry
}

// Update runs fn in one write transaction of store with a Writer for
// the caller of ctx; the audit rows fn's edits make are inserted
// together when fn returns without error.
func Update(ctx context.Context, store domain.FormStore, fn func(w *Writer) error) error {
	actor := domain.ActorFrom(ctx)
	return store.Update(ctx, func(tx domain.FormTx) error {
		w := &Writer{tx: tx, site: actor.Site(), actor: actor.UserID, reqID: domain.RequestIDFrom(ctx), heads: map[int64]*domain.Form{}}
		if err := fn(w); err != nil {
			return err
		}
		return tx.InsertAudit(w.site, w.audits...)
	})
}

// Tx is the transaction the writer writes in, for the reads an edit
// makes besides the form's head.
func (w *Writer) Tx() domain.FormTx { return w.tx }

// Edit is one change of a form, written as one version with one audit row.
type Edit struct {
	// Action names the change in the audit log.
	Action string
	// Version says what the new version records besides its state: the
	// source, a diff, the model's tokens. CreatedBy is the caller.
	Version domain.VersionMeta
	// Apply changes st, the state of the form's head f, may record in v
	// the diff it made, and returns the audit row's details (nil for
	// none).
	Apply func(f *domain.Form, st *domain.FormState, v *domain.VersionMeta) (json.RawMessage, error)
	// Check is the error code of a document that fails document.Check;
	// empty when Apply leaves the document as it was or gives one checked
	// already.
	Check domain.Code
	// UndoTokenHash is the hash of the token that undoes the change, when
	// it can be undone by token.
	UndoTokenHash string
	// Delete soft-deletes the form after the version that records it as
	// it was deleted.
	Delete bool
}

// Written is what Write did.
type Written struct {
	Before  int64 // the head version the edit started from
	Version *domain.Version
	Audit   *domain.AuditEntry
}

// Head is form id as this transaction's earlier writes left it, or as
// it is stored: a plan's later step on a form starts from the state its
// earlier step has just written instead of reading it back.
func (w *Writer) Head(id int64) (*domain.Form, error) {
	if f, ok := w.heads[id]; ok {
		return f, nil
	}
	f, err := w.tx.GetForm(w.site, id)
	if err != nil {
		return nil, err
	}
	w.heads[id] = f
	return f, nil
}

// Create writes a new form with its first version.
func (w *Writer) Create(action string, st domain.FormState, meta domain.VersionMeta, details json.RawMessage, undoTokenHash string) (*domain.Form, *domain.Version, error) {
	meta.CreatedBy = w.actor
	f, v, err := w.tx.CreateForm(w.site, w.actor, st, meta)
	if err != nil {
		return nil, nil, err
	}
	w.heads[f.ID] = f
	w.record(action, f.ID, nil, &v.ID, details, undoTokenHash)
	return f, v, nil
}

// Write applies e to the head of form id and writes the version.
func (w *Writer) Write(id int64, e Edit) (*Written, error) {
	f, err := w.Head(id)
	if err != nil {
		return nil, err
	}
	st := f.State()
	meta := e.Version
	details, err := e.Apply(f, &st, &meta)
	if err != nil {
		return nil, err
	}
	if e.Check != "" {
		if st.Document, err = document.Check(st.Document, e.Check); err != nil {
			return nil, err
		}
	}
	meta.CreatedBy = w.actor
	v, err := w.tx.CommitVersion(w.site, id, st, meta)
	if err != nil {
		return nil, err
	}
	before := f.HeadVersionID
	if e.Delete {
		if err := w.tx.SetDeleted(w.site, id, true); err != nil {
			return nil, err
		}
		delete(w.heads, id)
	} else {
		next := *f
		next.Title, next.Status, next.Document = v.State.Title, v.State.Status, v.State.Document
		next.HeadVersionID, next.HeadSeq, next.VersionCount = v.ID, v.Seq, f.VersionCount+1
		next.UpdatedAt = v.CreatedAt
		w.heads[id] = &next
	}
	a := w.record(e.Action, id, &before, &v.ID, details, e.UndoTokenHash)
	return &Written{Before: before, Version: v, Audit: a}, nil
}

// Record adds an audit row of a change that wrote no version (an undo
// that removed the form it had created).
func (w *Writer) Record(action string, formID int64, before *int64, details json.RawMessage) {
	w.record(action, formID, before, nil, details, "")
}

// Forget drops what the writer knows of form id after the caller changed
// it without a version (deleted or restored it).
func (w *Writer) Forget(id int64) { delete(w.heads, id) }

func (w *Writer) record(action string, formID int64, before, after *int64, details json.RawMessage, undoTokenHash string) *domain.AuditEntry {
	a := &domain.AuditEntry{ReqID: w.reqID, Actor: w.actor, Action: action, FormID: &formID,
		BeforeVersionID: before, AfterVersionID: after, UndoTokenHash: undoTokenHash, Details: details}
	w.audits = append(w.audits, a)
	return a
}
