package domain

import (
	"encoding/json"
	"time"
)

// FormStatus is the publication state of a form.
type FormStatus string

const (
	StatusDraft     FormStatus = "draft"
	StatusPublished FormStatus = "published"
	StatusDisabled  FormStatus = "disabled"
)

// Valid reports whether s is a known status.
func (s FormStatus) Valid() bool {
	return s == StatusDraft || s == StatusPublished || s == StatusDisabled
}

// Field types of arshline_form@v1, the Hosha2 capabilities map's thirteen.
const (
	FieldText     = "text"
	FieldTextarea = "textarea"
	FieldEmail    = "email"
	FieldNumber   = "number"
	FieldRadio    = "radio"
	FieldCheckbox = "checkbox"
	FieldSelect   = "select"
	FieldDate     = "date"
	FieldFile     = "file"
	FieldRating   = "rating"
	FieldMatrix   = "matrix"
	FieldSection  = "section"
	FieldHTML     = "html"
)

// FieldTypes lists the document field types in the capabilities map's order.
var FieldTypes = []string{FieldText, FieldTextarea, FieldEmail, FieldNumber, FieldRadio, FieldCheckbox, FieldSelect, FieldDate, FieldFile, FieldRating, FieldMatrix, FieldSection, FieldHTML}

// DocumentVersion names the form document format.
const DocumentVersion = "arshline_form@v1"

// Document is a form's content in arshline_form@v1 as it is stored and
// patched. Fields stay generic maps so JSON Patch and the store carry them
// unchanged; daemon/document checks every written document against the
// one schema and gives readers a typed view.
type Document struct {
	Version  string           `json:"version"`
	Fields   []map[string]any `json:"fields"`
	Settings map[string]any   `json:"settings,omitempty"`
	Layout   map[string]any   `json:"layout"`
	Meta     map[string]any   `json:"meta"`
}

// NewDocument returns an empty document.
func NewDocument() Document {
	return Document{Version: DocumentVersion, Fields: []map[string]any{}, Layout: map[string]any{}, Meta: map[string]any{}}
}

// FormState is everything a version snapshots.
type FormState struct {
	Title    string     `json:"title"`
	Status   FormStatus `json:"status"`
	Document Document   `json:"document"`
}

// Form is a form with its head state.
type Form struct {
	ID            int64      `json:"id"`
	Title         string     `json:"title"`
	Status        FormStatus `json:"status"`
	PublicToken   string     `json:"public_token"`
	OwnerID       int64      `json:"owner_id"`
	SiteID        int64      `json:"site_id"`
	HeadVersionID int64      `json:"head_version_id"`
	HeadSeq       int64      `json:"head_seq"`
	VersionCount  int64      `json:"version_count"`
	Document      Document   `json:"document"`
	CreatedAt     time.Time  `json:"created_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
	DeletedAt     *time.Time `json:"deleted_at,omitempty"`
}

// State returns the snapshot of the form's head.
func (f *Form) State() FormState {
	return FormState{Title: f.Title, Status: f.Status, Document: f.Document}
}

// Version sources.
const (
	SourcePlanner  = "planner"
	SourceHosha2   = "hosha2"
	SourceRollback = "rollback"
	SourceUndo     = "undo"
	SourceAPI      = "api"
)

// Version is an immutable snapshot of a form.
type Version struct {
	ID              int64           `json:"id"`
	FormID          int64           `json:"form_id"`
	Seq             int64           `json:"seq"`
	State           FormState       `json:"state"`
	Source          string          `json:"source"`
	ParentVersionID *int64          `json:"parent_version_id"`
	Diff            json.RawMessage `json:"diff"`
	DiffApplied     bool            `json:"diff_applied"`
	DiffSHA         *string         `json:"diff_sha"`
	PromptHash      string          `json:"prompt_hash,omitempty"`
	TokensPrompt    int64           `json:"tokens_prompt"`
	TokensComplete  int64           `json:"tokens_completion"`
	TokensTotal     int64           `json:"tokens_total"`
	CreatedBy       int64           `json:"created_by"`
	CreatedAt       time.Time       `json:"created_at"`
}

// VersionInfo describes a version without its snapshot or diff: what
// versions.list shows, so that a list of a hundred versions of a large
// form costs a hundred small rows, not a hundred documents.
type VersionInfo struct {
	ID              int64      `json:"id"`
	FormID          int64      `json:"form_id"`
	Seq             int64      `json:"seq"`
	Source          string     `json:"source"`
	Title           string     `json:"title"`
	Status          FormStatus `json:"status"`
	FieldCount      int        `json:"field_count"`
	ParentVersionID *int64     `json:"parent_version_id"`
	DiffApplied     bool       `json:"diff_applied"`
	DiffSHA         *string    `json:"diff_sha"`
	PromptHash      string     `json:"prompt_hash,omitempty"`
	TokensPrompt    int64      `json:"tokens_prompt"`
	TokensComplete  int64      `json:"tokens_completion"`
	TokensTotal     int64      `json:"tokens_total"`
	CreatedBy       int64      `json:"created_by"`
	CreatedAt       time.Time  `json:"created_at"`
}

// VersionMeta is what the writer of a new version says about it.
type VersionMeta struct {
	Source         string
	Diff           json.RawMessage
	DiffApplied    bool
	DiffSHA        *string
	PromptHash     string
	TokensPrompt   int64
	TokensComplete int64
	TokensTotal    int64
	CreatedBy      int64
}

// AuditEntry is one row of the audit log.
type AuditEntry struct {
	ID              int64           `json:"id"`
	TS              time.Time       `json:"ts"`
	ReqID           string          `json:"req_id"`
	Actor           int64           `json:"actor"`
	Action          string          `json:"action"`
	FormID          *int64          `json:"form_id"`
	BeforeVersionID *int64          `json:"before_version_id"`
	AfterVersionID  *int64          `json:"after_version_id"`
	UndoTokenHash   string          `json:"-"`
	UndoneAt        *time.Time      `json:"undone_at"`
	UndoneBy        *int64          `json:"undone_by"`
	Details         json.RawMessage `json:"details"`
}

// Job statuses.
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobSucceeded = "succeeded"
	JobFailed    = "failed"
	JobCancelled = "cancelled"
)

// Job is a Hosha2 generation or edit request.
type Job struct {
	ReqID           string          `json:"req_id"`
	Actor           int64           `json:"actor"`
	FormID          int64           `json:"form_id"`
	Intent          string          `json:"intent"`
	Status          string          `json:"status"`
	Progress        float64         `json:"progress_percent"`
	Phases          []string        `json:"progress"`
	ErrorCode       string          `json:"error_code,omitempty"`
	ErrorMessage    string          `json:"error_message,omitempty"`
	ResultVersionID *int64          `json:"result_version_id,omitempty"`
	Result          json.RawMessage `json:"result,omitempty"`
	CreatedAt       time.Time       `json:"created_at"`
	UpdatedAt       time.Time       `json:"updated_at"`
	FinishedAt      *time.Time      `json:"finished_at,omitempty"`
}
