package domain

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// ErrUploadNotPending is ClaimUploads' refusal of an id that is not a
// pending upload of the form's field; the submission says so under the
// question.
var ErrUploadNotPending = errors.New("the upload is not pending for this form and field")

// SubmissionStatus is where an admin has filed a submission.
type SubmissionStatus string

const (
	SubmissionNew     SubmissionStatus = "new"
	SubmissionRead    SubmissionStatus = "read"
	SubmissionStarred SubmissionStatus = "starred"
	SubmissionSpam    SubmissionStatus = "spam"
)

// Valid reports whether s is a known submission status.
func (s SubmissionStatus) Valid() bool {
	return s == SubmissionNew || s == SubmissionRead || s == SubmissionStarred || s == SubmissionSpam
}

// Submission is one accepted set of answers to a form.
type Submission struct {
	ID        int64 `json:"id"`
	SiteID    int64 `json:"site_id"`
	FormID    int64 `json:"form_id"`
	VersionID int64 `json:"version_id"`
	// TrackingCode is the short code (کد رهگیری) the respondent is
	// given and can quote; unique within the site.
	TrackingCode string           `json:"tracking_code"`
	Status       SubmissionStatus `json:"status"`
	CreatedAt    time.Time        `json:"created_at"`
	// ClientHash is a keyed hash of what the shim said about the client:
	// it groups one client's submissions without keeping its address.
	ClientHash     string `json:"client_hash"`
	IdempotencyKey string `json:"-"`
	// AnswersSHA is the SHA-256 of Answers.
	AnswersSHA string `json:"-"`
	// FormTokenID names the form token the submission was sent with:
	// one token is one accepted submission ("" when none, as in tests).
	FormTokenID string `json:"-"`
	// Answers is the JSON list of accepted answers, in document order:
	// [{"field", "type", "value", "typed"?}].
	Answers json.RawMessage `json:"answers"`
}

// AnswerFact is one count results.summary keeps for a submission: field
// Field answered with Key ("" for "answered" itself), Num added to the
// key's running sum (numbers and ratings).
type AnswerFact struct {
	Field string
	Key   string
	Num   float64
}

// SubmissionQuery pages a form's submissions, newest first.
type SubmissionQuery struct {
	SiteID   int64
	FormID   int64
	Limit    int
	BeforeID int64
	Status   SubmissionStatus
	// FromDay and ToDay bound the days (Iran time, YYYY-MM-DD, both
	// inclusive; "" leaves that end open).
	FromDay, ToDay string
	// Q is a full-text search over the answers and the tracking code.
	Q string
}

// AnswerCount is one running count, summed over the days asked for.
type AnswerCount struct {
	Field string
	Key   string
	Count int64
	Sum   float64
}

// Upload is a file received for a file field, pending until a submission
// names it.
type Upload struct {
	ID           string    `json:"upload_id"`
	SiteID       int64     `json:"site_id"`
	FormID       int64     `json:"form_id"`
	FieldID      string    `json:"field"`
	SubmissionID *int64    `json:"submission_id,omitempty"`
	StoredName   string    `json:"-"`
	MIME         string    `json:"mime"`
	Size         int64     `json:"size"`
	OriginalName string    `json:"name"`
	SHA256       string    `json:"sha256"`
	CreatedAt    time.Time `json:"created_at"`
}

// OutboxEntry is one webhook delivery owed.
type OutboxEntry struct {
	ID            int64           `json:"id"`
	SiteID        int64           `json:"site_id"`
	FormID        int64           `json:"form_id"`
	SubmissionID  int64           `json:"submission_id"`
	URL           string          `json:"url"`
	Payload       json.RawMessage `json:"payload"`
	Attempts      int             `json:"attempts"`
	NextAttemptAt time.Time       `json:"next_attempt_at"`
	DeliveredAt   *time.Time      `json:"delivered_at,omitempty"`
	LastError     string          `json:"last_error,omitempty"`
	CreatedAt     time.Time       `json:"created_at"`
}

// SubmissionStore is the persistence of submissions.
type SubmissionStore interface {
	ListSubmissions(ctx context.Context, q SubmissionQuery) ([]Submission, error)
	GetSubmission(ctx context.Context, siteID, formID, id int64) (*Submission, error)
	// UpdateSubmissions runs fn in one write transaction, as
	// FormStore.Update does.
	UpdateSubmissions(ctx context.Context, fn func(tx SubmissionTx) error) error
}

// SubmissionTx is what a write transaction can do with submissions.
type SubmissionTx interface {
	FormTx
	// FormHeadNow reports a form's status and head version without its
	// document; live is false for a deleted or missing form.
	FormHeadNow(formID int64) (status FormStatus, headVersionID int64, live bool, err error)
	// CountSubmissions counts the form's kept submissions: spam and
	// erased ones free their place under max_submissions.
	CountSubmissions(formID int64) (int64, error)
	// SubmissionByIdempotencyKey finds the form's submission made with
	// key, nil when there is none.
	SubmissionByIdempotencyKey(formID int64, key string) (*Submission, error)
	// FormTokenUsed reports whether a kept submission of the form was
	// sent with the form token named tokenID.
	FormTokenUsed(formID int64, tokenID string) (bool, error)
	// InsertSubmission stores s (setting its ID and, when empty, a fresh
	// TrackingCode), its day's count and searchText for q; its answers
	// are counted for results by the rollup after the commit.
	InsertSubmission(s *Submission, searchText string) error
	// GetSubmissionsByID returns the form's submissions among ids.
	GetSubmissionsByID(siteID, formID int64, ids []int64) ([]Submission, error)
	// SetSubmissionStatus files one submission; facts are its answers'
	// facts, taken out of or put back into the counts when it moves into
	// or out of spam.
	SetSubmissionStatus(s *Submission, status SubmissionStatus, facts []AnswerFact) error
	// ClaimUniqueAnswers records the keyed hashes of s's answers to the
	// form's unique questions, after InsertSubmission. It returns the
	// fields whose value a kept (not spam) submission of the form holds
	// already; the caller then refuses s, and its transaction claims
	// nothing.
	ClaimUniqueAnswers(s *Submission, claims []UniqueClaim) (taken []string, err error)
	// EnqueueWebhooks writes webhook deliveries owed, in the
	// submission's own transaction, setting each entry's ID.
	EnqueueWebhooks(entries ...*OutboxEntry) error
	// EnqueueNotifications writes notification deliveries owed, in the
	// submission's own transaction, setting each entry's ID. An entry
	// over one of limits' hourly bounds is written Limited: failed at
	// once with its reason (ErrorKind), never sent.
	EnqueueNotifications(limits NotificationLimits, entries ...*Notification) error
	// ClaimUploads makes pending uploads of the site's form and field the
	// submission's; an id that is not one is ErrUploadNotPending and
	// nothing is claimed.
	ClaimUploads(siteID, formID, submissionID int64, fieldID string, ids []string) ([]Upload, error)
	// DeleteSubmission erases one submission, its search entry, its
	// counts (facts), its outbox rows and its upload rows, and returns
	// the uploads it had so that their files can be removed once the
	// transaction has committed.
	DeleteSubmission(s *Submission, facts []AnswerFact) ([]Upload, error)
}

// UniqueClaim is one answer to a question marked unique: the field and
// the keyed hash of its normalised value (never the value).
type UniqueClaim struct {
	Field string
	Hash  string
}

// iranTime is Iran Standard Time. Iran has kept UTC+03:30 all year since
// 2022, so a fixed zone is exact for every submission, and the daemon
// needs no time zone database on the host.
var iranTime = time.FixedZone("IRST", 3*3600+1800)

// IranDay is the calendar day (Gregorian, YYYY-MM-DD) of t in Iran: the
// day results and filters count submissions by.
func IranDay(t time.Time) string { return t.In(iranTime).Format("2006-01-02") }

// UploadLimits are the bounds a received file is recorded within.
type UploadLimits struct {
	// MaxPending bounds the form's files no submission claimed yet.
	MaxPending int64
	// FormQuota and SiteQuota bound all the files, pending or claimed,
	// of the form and of its site (0 or less: no quota).
	FormQuota, SiteQuota int64
}

// The refusals of a file that would pass its form's or its site's
// storage quota (data.limit "form_quota", "site_quota").
var (
	// ErrFormQuota and ErrSiteQuota: the form's or the site's files
	// would pass their storage quota.
	ErrFormQuota = Errorf(CodeTooLarge, "this form has no room for more files; send your answers without the file, or tell the site's administrator").With("limit", "form_quota")
	ErrSiteQuota = Errorf(CodeTooLarge, "this site has no room for more files; send your answers without the file, or tell the site's administrator").With("limit", "site_quota")
)
