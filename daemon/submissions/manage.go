package submissions

import (
	"context"
	"encoding/json"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/notify"
	"github.com/arshline/arshline-sidecar/daemon/results"
)

// ListParams pages a form's submissions, newest first.
type ListParams struct {
	FormID   int64  `json:"form_id"`
	Limit    int    `json:"limit,omitempty"`
	BeforeID int64  `json:"before_id,omitempty"`
	Status   string `json:"status,omitempty"`
	// From and To are days, inclusive, in Iran time: Gregorian
	// YYYY-MM-DD or Jalali YYYY/MM/DD (any script's digits), as
	// results.DayBounds reads them.
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Q searches the answers and the tracking code: every word, as a
	// word's beginning.
	Q string `json:"q,omitempty"`
}

// Page is one page of submissions; NextBeforeID continues it, null at the
// end.
type Page struct {
	Items        []domain.Submission `json:"items"`
	NextBeforeID *int64              `json:"next_before_id"`
}

const (
	defaultPage = 50
	maxPage     = 200
	maxIDs      = 500
	maxQuery    = 200
)

// ownForm returns the caller's site's live form, NOT_FOUND otherwise.
func (s *Service) ownForm(ctx context.Context, id int64) (*domain.Form, error) {
	if id <= 0 {
		return nil, domain.Errorf(domain.CodeInvalidParams, "submissions\x04form_id must be a positive integer")
	}
	return s.store.GetForm(ctx, domain.ActorFrom(ctx).Site(), id)
}

// List serves submissions.list.
func (s *Service) List(ctx context.Context, p ListParams) (*Page, error) {
	if p.Limit == 0 {
		p.Limit = defaultPage
	}
	if p.Limit < 1 || p.Limit > maxPage {
		return nil, domain.Errorf(domain.CodeInvalidParams, "limit must be 1 to %d", maxPage)
	}
	if p.Status != "" && !domain.SubmissionStatus(p.Status).Valid() {
		return nil, badStatus()
	}
	if len(p.Q) > maxQuery {
		return nil, domain.Errorf(domain.CodeInvalidParams, "q is at most %d bytes", maxQuery)
	}
	q := domain.SubmissionQuery{Limit: p.Limit, BeforeID: p.BeforeID, Status: domain.SubmissionStatus(p.Status), Q: p.Q}
	var err error
	if q.FromDay, q.ToDay, err = results.DayBounds(p.From, p.To); err != nil {
		return nil, err
	}
	f, err := s.ownForm(ctx, p.FormID)
	if err != nil {
		return nil, err
	}
	q.SiteID, q.FormID = f.SiteID, f.ID
	items, err := s.store.ListSubmissions(ctx, q)
	if err != nil {
		return nil, err
	}
	page := &Page{Items: items}
	if page.Items == nil {
		page.Items = []domain.Submission{}
	}
	if len(items) == p.Limit {
		next := items[len(items)-1].ID
		page.NextBeforeID = &next
	}
	return page, nil
}

func badStatus() error {
	return domain.Errorf(domain.CodeInvalidParams, "submissions\x04status must be new, read, starred or spam")
}

// GetParams names one submission of a form.
type GetParams struct {
	FormID int64 `json:"form_id"`
	ID     int64 `json:"id"`
}

// Entry is one submission with the version of the form it answered.
type Entry struct {
	domain.Submission
	Version *domain.Version `json:"version"`
	// Deliveries is the entry's notification log, oldest first.
	Deliveries []notify.Delivery `json:"deliveries"`
}

// Get serves submissions.get.
func (s *Service) Get(ctx context.Context, p GetParams) (*Entry, error) {
	f, err := s.ownForm(ctx, p.FormID)
	if err != nil {
		return nil, err
	}
	sub, err := s.store.GetSubmission(ctx, f.SiteID, f.ID, p.ID)
	if err != nil {
		return nil, err
	}
	v, err := s.store.GetVersion(ctx, f.SiteID, f.ID, sub.VersionID)
	if err != nil {
		return nil, err
	}
	e := &Entry{Submission: *sub, Version: v, Deliveries: []notify.Delivery{}}
	if s.Deliveries != nil {
		if e.Deliveries, err = s.Deliveries(ctx, f.SiteID, sub.ID); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// IDsParams names submissions of a form; Status is set_status's.
type IDsParams struct {
	FormID int64   `json:"form_id"`
	IDs    []int64 `json:"ids"`
	Status string  `json:"status,omitempty"`
}

func (p *IDsParams) check() error {
	if len(p.IDs) == 0 || len(p.IDs) > maxIDs {
		return domain.Errorf(domain.CodeInvalidParams, "ids must list 1 to %d submissions", maxIDs)
	}
	return nil
}

// Updated is set_status's result.
type Updated struct {
	Updated int `json:"updated"`
}

// SetStatus serves submissions.set_status. Ids of other forms are not
// touched and not counted.
func (s *Service) SetStatus(ctx context.Context, p IDsParams) (*Updated, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	status := domain.SubmissionStatus(p.Status)
	if !status.Valid() {
		return nil, badStatus()
	}
	f, err := s.ownForm(ctx, p.FormID)
	if err != nil {
		return nil, err
	}
	var n int
	err = s.store.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		n = 0
		subs, err := tx.GetSubmissionsByID(f.SiteID, f.ID, p.IDs)
		if err != nil {
			return err
		}
		for i := range subs {
			if subs[i].Status == status {
				continue
			}
			facts, err := factsOf(&subs[i])
			if err != nil {
				return err
			}
			if err := tx.SetSubmissionStatus(&subs[i], status, facts); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Updated{Updated: n}, nil
}

// Deleted is delete's result.
type Deleted struct {
	Deleted int `json:"deleted"`
}

// Delete serves submissions.delete: the submissions are erased with their
// search entries, counts, webhook bodies and files, and one audit row
// says who erased how many (not what they held).
func (s *Service) Delete(ctx context.Context, p IDsParams) (*Deleted, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	f, err := s.ownForm(ctx, p.FormID)
	if err != nil {
		return nil, err
	}
	actor := domain.ActorFrom(ctx)
	var files []domain.Upload
	var n int
	err = s.store.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		n, files = 0, nil
		subs, err := tx.GetSubmissionsByID(f.SiteID, f.ID, p.IDs)
		if err != nil {
			return err
		}
		erased := make([]int64, 0, len(subs))
		for i := range subs {
			facts, err := factsOf(&subs[i])
			if err != nil {
				return err
			}
			ups, err := tx.DeleteSubmission(&subs[i], facts)
			if err != nil {
				return err
			}
			files = append(files, ups...)
			erased = append(erased, subs[i].ID)
		}
		n = len(erased)
		if n == 0 {
			return nil
		}
		details, _ := json.Marshal(map[string]any{"submission_ids": erased, "files": len(files)})
		formID := f.ID
		return tx.InsertAudit(f.SiteID, &domain.AuditEntry{ReqID: domain.RequestIDFrom(ctx), Actor: actor.UserID,
			Action: "submissions.delete", FormID: &formID, Details: details})
	})
	if err != nil {
		return nil, err
	}
	if len(files) > 0 && s.RemoveFiles != nil {
		s.RemoveFiles(files)
	}
	return &Deleted{Deleted: n}, nil
}
