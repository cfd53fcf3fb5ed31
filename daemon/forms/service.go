// Package forms is the service behind forms.*, versions.* and audit.list:
// reading forms, their versions and the audit log, direct edits of forms,
// each written as a new immutable version with an audit row, rollback to
// any earlier version, and JSON Patch application.
package forms

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Limits on direct edits: the document schema's.
var (
	MaxTitleRunes = document.DocLimits().MaxTitleChars
	MaxFields     = document.DocLimits().MaxFields
)

// Service edits forms through a store.
type Service struct {
	Store domain.FormStore
	// SMS tells whether the site can send texts, for the author's
	// warnings; nil: none are given.
	SMS SMSStatus
	// AuditRetention is how long Run keeps an audit row
	// (--audit-retention; zero keeps them for good: an undo token lives
	// no longer than its audit row), deleting through Purger; Ops logs
	// it.
	AuditRetention time.Duration
	Purger         domain.Purger
	Ops            *slog.Logger
}

// CreateParams are forms.create's parameters.
type CreateParams struct {
	Title    string           `json:"title"`
	Status   string           `json:"status,omitempty"`
	Document *domain.Document `json:"document,omitempty"`
}

// UpdateParams are forms.update's parameters. ExpectedVersionID, when set,
// makes the update fail with CONFLICT if someone else moved the head.
type UpdateParams struct {
	ID                int64            `json:"id"`
	Title             *string          `json:"title,omitempty"`
	Document          *domain.Document `json:"document,omitempty"`
	ExpectedVersionID int64            `json:"expected_version_id,omitempty"`
}

// FormResult is a form with the version the call wrote.
type FormResult struct {
	Form    *domain.Form    `json:"form"`
	Version *domain.Version `json:"version,omitempty"`
	// Warnings are what the stored document will not do while the site's
	// settings stay as they are (a code or a text with no SMS provider);
	// the shape of data.violations.
	Warnings []document.Violation `json:"warnings,omitempty"`
}

// Create makes a new form.
func (s *Service) Create(ctx context.Context, p CreateParams) (*FormResult, error) {
	title, err := cleanTitle(p.Title, true)
	if err != nil {
		return nil, err
	}
	status := domain.StatusDraft
	if p.Status != "" {
		status = domain.FormStatus(p.Status)
		if !status.Valid() {
			return nil, badStatus(p.Status)
		}
	}
	doc := domain.NewDocument()
	if p.Document != nil {
		if doc, err = checkDocument(*p.Document); err != nil {
			return nil, err
		}
	}
	var res FormResult
	err = Update(ctx, s.Store, func(w *Writer) error {
		f, v, err := w.Create("forms.create", domain.FormState{Title: title, Status: status, Document: doc},
			domain.VersionMeta{Source: domain.SourceAPI}, nil, "")
		if err != nil {
			return err
		}
		res = FormResult{Form: f, Version: v}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Warnings = s.warnings(ctx, res.Form.Document)
	return &res, nil
}

// Update changes a form's title and/or document.
func (s *Service) Update(ctx context.Context, p UpdateParams) (*FormResult, error) {
	if p.ID <= 0 {
		return nil, badID()
	}
	if p.Title == nil && p.Document == nil {
		return nil, domain.InvalidParams("nothing to update: give title or document")
	}
	var title string
	var doc domain.Document
	var err error
	if p.Title != nil {
		if title, err = cleanTitle(*p.Title, false); err != nil {
			return nil, err
		}
	}
	if p.Document != nil {
		if doc, err = checkDocument(*p.Document); err != nil {
			return nil, err
		}
	}
	res, err := s.commit(ctx, p.ID, "forms.update", p.ExpectedVersionID, func(st *domain.FormState) {
		if p.Title != nil {
			st.Title = title
		}
		if p.Document != nil {
			st.Document = doc
		}
	})
	if err != nil {
		return nil, err
	}
	res.Warnings = s.warnings(ctx, res.Form.Document)
	return res, nil
}

// SetStatusParams are forms.set_status's parameters.
type SetStatusParams struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
}

// SetStatus publishes, drafts or disables a form.
func (s *Service) SetStatus(ctx context.Context, p SetStatusParams) (*FormResult, error) {
	if p.ID <= 0 {
		return nil, badID()
	}
	st := domain.FormStatus(p.Status)
	if !st.Valid() {
		return nil, badStatus(p.Status)
	}
	return s.commit(ctx, p.ID, "forms.set_status", 0, func(fs *domain.FormState) { fs.Status = st })
}

func (s *Service) commit(ctx context.Context, id int64, action string, expected int64, change func(*domain.FormState)) (*FormResult, error) {
	return s.write(ctx, id, func(domain.FormTx) Edit {
		return Edit{Action: action, Version: domain.VersionMeta{Source: domain.SourceAPI},
			Apply: func(f *domain.Form, st *domain.FormState, _ *domain.VersionMeta) (json.RawMessage, error) {
				if expected != 0 && f.HeadVersionID != expected {
					return nil, conflict(f)
				}
				change(st)
				return nil, nil
			}}
	})
}

// write writes the edit edit makes as the one version of a direct edit
// and answers with the form as it now is.
func (s *Service) write(ctx context.Context, id int64, edit func(tx domain.FormTx) Edit) (*FormResult, error) {
	var res FormResult
	err := Update(ctx, s.Store, func(w *Writer) error {
		written, err := w.Write(id, edit(w.Tx()))
		if err != nil {
			return err
		}
		res.Version = written.Version
		res.Form, err = w.Tx().GetForm(domain.ActorFrom(ctx).Site(), id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// Rollback writes a new version that copies an earlier one, so the
// rollback itself can be rolled back.
func (s *Service) Rollback(ctx context.Context, p VersionParams) (*FormResult, error) {
	formID, versionID := p.FormID, p.VersionID
	if formID <= 0 || versionID <= 0 {
		return nil, badID()
	}
	site := domain.ActorFrom(ctx).Site()
	return s.write(ctx, formID, func(tx domain.FormTx) Edit {
		return Edit{Action: "versions.rollback", Version: domain.VersionMeta{Source: domain.SourceRollback}, Apply: func(_ *domain.Form, st *domain.FormState, _ *domain.VersionMeta) (json.RawMessage, error) {
			target, err := tx.GetVersion(site, formID, versionID)
			if err != nil {
				return nil, err
			}
			// A version written before today's rules may not pass them; the
			// head must, so such a rollback is refused with the violations and
			// the admin edits the form instead.
			doc, err := checkDocument(target.State.Document)
			if err != nil {
				de := domain.AsError(err)
				return nil, domain.Errorf(de.Code, "version %d was written before the current document rules and cannot become the head as it is: %s", versionID, de).
					With("violations", de.Data["violations"])
			}
			*st = target.State
			st.Document = doc
			return json.Marshal(map[string]any{"rolled_back_to_version_id": versionID, "rolled_back_to_seq": target.Seq})
		}}
	})
}

// ApplyDiffParams are versions.apply_diff's parameters.
type ApplyDiffParams struct {
	FormID    int64           `json:"form_id"`
	VersionID int64           `json:"version_id"`
	Diff      json.RawMessage `json:"diff"`
	DryRun    bool            `json:"dry_run,omitempty"`
}

// ApplyDiffResult is the new version, or for a dry run the document the
// diff would produce.
type ApplyDiffResult struct {
	DryRun   bool            `json:"dry_run"`
	Document domain.Document `json:"document"`
	DiffSHA  *string         `json:"diff_sha"`
	Form     *domain.Form    `json:"form,omitempty"`
	Version  *domain.Version `json:"version,omitempty"`
}

// ApplyDiff applies a JSON Patch to a version, which must be the form's
// head: a patch written against an older version would silently undo
// whatever came after it.
func (s *Service) ApplyDiff(ctx context.Context, p ApplyDiffParams) (*ApplyDiffResult, error) {
	if p.FormID <= 0 || p.VersionID <= 0 {
		return nil, badID()
	}
	if len(p.Diff) == 0 {
		return nil, domain.InvalidParams("diff is required")
	}
	site := domain.ActorFrom(ctx).Site()
	res := ApplyDiffResult{DryRun: p.DryRun, DiffSHA: DiffSHA(p.Diff)}
	// patched is the head, which must be the version the diff names, with
	// the diff applied and checked.
	patched := func(tx domain.FormTx, f *domain.Form) (*domain.Version, domain.Document, error) {
		base, err := tx.GetVersion(site, p.FormID, p.VersionID)
		if err != nil {
			return nil, domain.Document{}, err
		}
		if f.HeadVersionID != base.ID {
			return nil, domain.Document{}, conflict(f)
		}
		doc, err := ApplyPatch(base.State.Document, p.Diff)
		if err != nil {
			return nil, domain.Document{}, err
		}
		doc, err = checkDocument(doc)
		return base, doc, err
	}
	err := Update(ctx, s.Store, func(w *Writer) error {
		if p.DryRun {
			f, err := w.Head(p.FormID)
			if err != nil {
				return err
			}
			_, res.Document, err = patched(w.Tx(), f)
			return err
		}
		canon, _ := CanonicalJSON(p.Diff)
		written, err := w.Write(p.FormID, Edit{Action: "versions.apply_diff",
			Version: domain.VersionMeta{Source: domain.SourceAPI, Diff: canon, DiffApplied: true, DiffSHA: res.DiffSHA},
			Apply: func(f *domain.Form, st *domain.FormState, _ *domain.VersionMeta) (json.RawMessage, error) {
				base, doc, err := patched(w.Tx(), f)
				if err != nil {
					return nil, err
				}
				*st = base.State
				st.Document = doc
				res.Document = doc
				return nil, nil
			}})
		if err != nil {
			return err
		}
		res.Version = written.Version
		res.Form, err = w.Tx().GetForm(site, p.FormID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

func conflict(f *domain.Form) *domain.Error {
	return domain.Errorf(domain.CodeConflict, "form %d changed meanwhile: its current version is %d (seq %d); reload and try again", f.ID, f.HeadVersionID, f.HeadSeq).
		With("head_version_id", f.HeadVersionID)
}

func badID() *domain.Error {
	return domain.InvalidParams("form_id and version_id must be positive integers")
}

func badStatus(s string) *domain.Error {
	return domain.InvalidParams("status %q is not one of draft, published, disabled", s)
}

// cleanTitle trims a title and bounds its length with the rule every
// writer shares. Titles are plain text: HTML is kept as typed and escaped
// by whoever renders it.
func cleanTitle(t string, allowEmpty bool) (string, error) {
	if strings.TrimSpace(t) == "" && allowEmpty {
		return domain.DefaultFormTitle, nil
	}
	t, err := document.CheckTitle(t)
	if err != nil {
		return "", err
	}
	return t, nil
}

// checkDocument is the check every stored document passes, whoever wrote
// it: the document schema and its rules (daemon/document), html fields
// sanitised. A failure is SCHEMA_INVALID with data.violations.
func checkDocument(d domain.Document) (domain.Document, error) {
	return document.Check(d, domain.CodeSchemaInvalid)
}

// SchemaParams are forms.schema's parameters: none.
type SchemaParams struct{}

// Schema answers forms.schema with the document's JSON Schema.
func (s *Service) Schema(context.Context, SchemaParams) (json.RawMessage, error) {
	return document.Schema(), nil
}
