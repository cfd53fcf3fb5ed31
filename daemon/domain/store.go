package domain

import (
	"context"
	"time"
)

// Purger deletes history past its retention: jobs finished before
// jobsBefore and audit rows written before auditBefore (a zero time
// deletes none of its kind), and says how many of each went.
type Purger interface {
	Purge(ctx context.Context, jobsBefore, auditBefore time.Time) (jobs, audit int64, err error)
}

// SettingsStore keeps what administrators set (the model, the SMS
// provider): one named row each, written together with the audit row
// that says who changed it.
type SettingsStore interface {
	Setting(ctx context.Context, name string) (value []byte, ok bool, err error)
	PutSetting(ctx context.Context, siteID int64, name string, value []byte, audit *AuditEntry) error
}

// RetentionEvery is how often history past its retention is purged;
// the first purge is a minute after start.
const RetentionEvery = 6 * time.Hour

// RunRetention calls purge a minute after it is called and then every
// RetentionEvery, until ctx ends; it returns when ctx ends.
func RunRetention(ctx context.Context, purge func(ctx context.Context, now time.Time)) {
	wait := time.Minute
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = RetentionEvery
		purge(ctx, time.Now())
	}
}

// FormStore is the persistence the services need. The SQLite store
// implements it; services take it as an interface so they can be read
// without knowing SQL.
//
// Every form, version, audit row and job belongs to one WordPress site,
// and every method names the site it acts for (Actor.Site). A row of
// another site is NOT_FOUND exactly as a missing one is, so that a site
// cannot learn which ids the others use.
type FormStore interface {
	FormReader
	// Update runs fn in one write transaction: everything fn does is
	// committed together, or nothing is when fn returns an error.
	Update(ctx context.Context, fn func(tx FormTx) error) error
}

// FormReader answers read-only questions from a consistent snapshot.
type FormReader interface {
	GetForm(ctx context.Context, siteID, id int64) (*Form, error)
	ListForms(ctx context.Context, q FormQuery) ([]Form, error)
	ListVersions(ctx context.Context, siteID, formID int64, limit, offset int) ([]Version, error)
	// ListVersionInfo is ListVersions without snapshots and diffs.
	ListVersionInfo(ctx context.Context, siteID, formID int64, limit, offset int) ([]VersionInfo, error)
	GetVersion(ctx context.Context, siteID, formID, versionID int64) (*Version, error)
	ListAudit(ctx context.Context, q AuditQuery) ([]AuditEntry, error)
	GetJob(ctx context.Context, siteID int64, reqID string) (*Job, error)
}

// FormTx is what a write transaction can do. Reads inside it see the
// transaction's own writes. One transaction may serve several sites (the
// writer commits calls in groups), so each method names its site.
type FormTx interface {
	// GetForm returns a live (not deleted) form of the site with its
	// head document.
	GetForm(siteID, id int64) (*Form, error)
	// GetFormAny returns a form of the site even when it is soft-deleted.
	GetFormAny(siteID, id int64) (*Form, error)
	GetVersion(siteID, formID, versionID int64) (*Version, error)
	// LatestVersionInfo describes a form's newest version without its
	// state or diff: what a conflict message names, read without loading
	// every snapshot inside the write transaction.
	LatestVersionInfo(siteID, formID int64) (*Version, error)
	CreateForm(siteID, owner int64, state FormState, meta VersionMeta) (*Form, *Version, error)
	// CommitVersion appends a version holding state and moves the form's
	// head (and its title and status) to it.
	CommitVersion(siteID, formID int64, state FormState, meta VersionMeta) (*Version, error)
	SetDeleted(siteID, formID int64, deleted bool) error
	// InsertAudit writes audit rows of the site, in one statement, and
	// sets each entry's ID and TS.
	InsertAudit(siteID int64, entries ...*AuditEntry) error
	// AuditByTokenHash finds the site's audit row an undo token belongs
	// to; a token of another site is unknown.
	AuditByTokenHash(siteID int64, hash string) (*AuditEntry, error)
	// MarkUndone marks an audit row (one AuditByTokenHash returned) undone.
	MarkUndone(auditID, by int64) error
	// PutJob inserts or updates a job of the site (see the store's rules).
	PutJob(siteID int64, j *Job) error
}

// FormQuery filters forms.list. SiteID is the site listed (Actor.Site);
// no site is 0, which matches no row.
type FormQuery struct {
	SiteID         int64
	Status         FormStatus
	Limit          int
	Offset         int
	IncludeDeleted bool
}

// AuditQuery pages the site's audit log, newest first; SiteID 0 matches
// no row.
type AuditQuery struct {
	SiteID   int64
	FormID   *int64
	Limit    int
	BeforeID int64
}
