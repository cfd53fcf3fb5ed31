package forms

import (
	"context"
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// ListParams are forms.list's parameters.
type ListParams struct {
	Status         string `json:"status,omitempty"`
	Limit          int    `json:"limit,omitempty"`
	Offset         int    `json:"offset,omitempty"`
	IncludeDeleted bool   `json:"include_deleted,omitempty"`
}

// List pages the forms, newest first: 50 by default, at most 200.
func (s *Service) List(ctx context.Context, p ListParams) ([]domain.Form, error) {
	limit, err := limitIn(p.Limit, 50, 200)
	if err != nil {
		return nil, err
	}
	if p.Status != "" && !domain.FormStatus(p.Status).Valid() {
		return nil, domain.InvalidParams("status must be draft, published or disabled")
	}
	if p.Offset < 0 {
		return nil, badOffset()
	}
	return s.Store.ListForms(ctx, domain.FormQuery{SiteID: domain.ActorFrom(ctx).Site(), Status: domain.FormStatus(p.Status), Limit: limit, Offset: p.Offset, IncludeDeleted: p.IncludeDeleted})
}

// GetParams are forms.get's parameters.
type GetParams struct {
	ID int64 `json:"id"`
}

// Get returns a live form with its head document.
func (s *Service) Get(ctx context.Context, p GetParams) (*domain.Form, error) {
	if err := positive(p.ID, "id"); err != nil {
		return nil, err
	}
	return s.Store.GetForm(ctx, domain.ActorFrom(ctx).Site(), p.ID)
}

// ListVersionsParams are versions.list's parameters.
type ListVersionsParams struct {
	FormID int64 `json:"form_id"`
	Limit  int   `json:"limit,omitempty"`
	Offset int   `json:"offset,omitempty"`
}

// ListVersions pages a form's versions, newest first: 20 by default, at
// most 100. Each is described, not copied: versions.get has the snapshot.
func (s *Service) ListVersions(ctx context.Context, p ListVersionsParams) ([]domain.VersionInfo, error) {
	if err := positive(p.FormID, "form_id"); err != nil {
		return nil, err
	}
	limit, err := limitIn(p.Limit, 20, 100)
	if err != nil {
		return nil, err
	}
	if p.Offset < 0 {
		return nil, badOffset()
	}
	return s.Store.ListVersionInfo(ctx, domain.ActorFrom(ctx).Site(), p.FormID, limit, p.Offset)
}

// VersionParams name one version of a form: versions.get's and
// versions.rollback's parameters.
type VersionParams struct {
	FormID    int64 `json:"form_id"`
	VersionID int64 `json:"version_id"`
}

// GetVersion returns one version of a form.
func (s *Service) GetVersion(ctx context.Context, p VersionParams) (*domain.Version, error) {
	if err := positive(p.FormID, "form_id"); err != nil {
		return nil, err
	}
	if err := positive(p.VersionID, "version_id"); err != nil {
		return nil, err
	}
	return s.Store.GetVersion(ctx, domain.ActorFrom(ctx).Site(), p.FormID, p.VersionID)
}

// AuditParams are audit.list's parameters.
type AuditParams struct {
	FormID   *int64 `json:"form_id,omitempty"`
	Limit    int    `json:"limit,omitempty"`
	BeforeID int64  `json:"before_id,omitempty"`
}

// ListAudit pages the site's audit log, newest first: 50 rows by
// default, at most 200, of one form or of all.
func (s *Service) ListAudit(ctx context.Context, p AuditParams) ([]domain.AuditEntry, error) {
	limit, err := limitIn(p.Limit, 50, 200)
	if err != nil {
		return nil, err
	}
	return s.Store.ListAudit(ctx, domain.AuditQuery{SiteID: domain.ActorFrom(ctx).Site(), FormID: p.FormID, Limit: limit, BeforeID: p.BeforeID})
}

// limitIn is a page size: def when n is 0, else n if it lies in 1..max.
func limitIn(n, def, max int) (int, error) {
	if n == 0 {
		return def, nil
	}
	if n < 1 || n > max {
		m := strconv.Itoa(max)
		return 0, domain.InvalidParams("limit must be between 1 and %s", m)
	}
	return n, nil
}

func positive(id int64, name string) error {
	if id <= 0 {
		return domain.InvalidParams("%s must be a positive integer", name)
	}
	return nil
}

func badOffset() *domain.Error {
	return domain.InvalidParams("offset must not be negative")
}
