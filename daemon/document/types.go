package document

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Document is a form's document, decoded strictly after it passed the
// schema and the rules.
type Document struct {
	Version  string         `json:"version"`
	Fields   []Field        `json:"fields"`
	Settings *Settings      `json:"settings,omitempty"`
	Layout   map[string]any `json:"layout,omitempty"`
	Meta     map[string]any `json:"meta,omitempty"`
}

// Field is one question (or a section heading, or an html block). Keys a
// type does not use are nil; Parse refuses them when present.
type Field struct {
	ID          string  `json:"id"`
	Type        string  `json:"type"`
	Label       string  `json:"label"`
	Required    *bool   `json:"required,omitempty"`
	Placeholder *string `json:"placeholder,omitempty"`
	HelpText    *string `json:"help_text,omitempty"`
	ShowIf      *ShowIf `json:"show_if,omitempty"`
	Page        *int    `json:"page,omitempty"`

	// text, textarea
	Format    *string `json:"format,omitempty"`
	MinLength *int    `json:"min_length,omitempty"`
	MaxLength *int    `json:"max_length,omitempty"`
	// text, email: one entry per person (an answer used once per form)
	Unique *bool `json:"unique,omitempty"`
	// text with format mobile_ir: "otp" asks for a code sent to the
	// number by SMS before the form can be sent
	Verify *string `json:"verify,omitempty"`
	// number (numbers) and date (YYYY-MM-DD in the field's calendar)
	Min  *Bound   `json:"min,omitempty"`
	Max  *Bound   `json:"max,omitempty"`
	Step *float64 `json:"step,omitempty"`
	// radio, checkbox, select
	Options   []Option `json:"options,omitempty"`
	MinSelect *int     `json:"min_select,omitempty"`
	MaxSelect *int     `json:"max_select,omitempty"`
	// date
	Calendar *string `json:"calendar,omitempty"`
	// file
	Accept    []string `json:"accept,omitempty"`
	MaxSizeKB *int     `json:"max_size_kb,omitempty"`
	MaxFiles  *int     `json:"max_files,omitempty"`
	// rating
	Scale *Scale `json:"scale,omitempty"`
	// matrix
	Rows []string `json:"rows,omitempty"`
	Cols []string `json:"cols,omitempty"`
	// html: sanitised markup
	HTML *string `json:"html,omitempty"`
}

// IsRequired reports the field's required flag (absent or null: false).
func (f *Field) IsRequired() bool { return f.Required != nil && *f.Required }

// IsUnique reports whether the field's answer may be used by one kept
// submission of the form only (absent or null: no).
func (f *Field) IsUnique() bool { return f.Unique != nil && *f.Unique }

// VerifiesOTP reports whether the respondent must prove the mobile
// number answered with a code sent to it.
func (f *Field) VerifiesOTP() bool { return f.Verify != nil && *f.Verify == VerifyOTP }

// VerifyOTP is the verify value of a mobile question checked by SMS.
const VerifyOTP = "otp"

// PageNo is the field's page, 1 when absent (absent does not mean
// "the page before"; fields are listed page by page).
func (f *Field) PageNo() int {
	if f.Page == nil {
		return 1
	}
	return *f.Page
}

// CalendarName is the date field's calendar: jalali unless it says
// gregorian.
func (f *Field) CalendarName() string {
	if f.Calendar == nil || *f.Calendar == "" {
		return CalendarJalali
	}
	return *f.Calendar
}

// Answerable reports whether respondents answer the field: the schema's
// display-only types (sections, html blocks) only show text.
func (f *Field) Answerable() bool {
	load()
	return !displayOnly[f.Type]
}

// Calendars of date fields.
const (
	CalendarJalali    = "jalali"
	CalendarGregorian = "gregorian"
)

// Option is one choice of a radio, checkbox or select field: value is
// what answers store, label what people read.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Scale is a rating's range.
type Scale struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// ShowIf shows a field only when an earlier field's answer matches.
type ShowIf struct {
	Field string `json:"field"`
	Op    string `json:"op"`
	Value any    `json:"value,omitempty"`
}

// show_if operators.
const (
	OpEquals    = "equals"
	OpNotEquals = "not_equals"
	OpIn        = "in"
	OpAnswered  = "answered"
)

// Settings are the form's settings.
type Settings struct {
	Welcome        *string   `json:"welcome,omitempty"`
	ThankYou       *string   `json:"thank_you,omitempty"`
	CloseAt        *string   `json:"close_at,omitempty"`
	MaxSubmissions *int64    `json:"max_submissions,omitempty"`
	NotifyEmails   []string  `json:"notify_emails,omitempty"`
	Webhooks       []Webhook `json:"webhooks,omitempty"`
	// Notifications are sent after each kept submission.
	Notifications []Notification `json:"notifications,omitempty"`
}

// Notification is one text or mail sent about each submission.
type Notification struct {
	Channel  string      `json:"channel"`
	To       string      `json:"to"`
	Template *string     `json:"template,omitempty"`
	Pattern  *SMSPattern `json:"pattern,omitempty"`
}

// SMSPattern is a provider's approved pattern and its parameters' values.
type SMSPattern struct {
	Code   string            `json:"code"`
	Params map[string]string `json:"params,omitempty"`
}

// Webhook is where each new submission is posted.
type Webhook struct {
	URL string `json:"url"`
}

// Bound is a number field's min or max (Number) or a date field's
// (Date, YYYY-MM-DD).
type Bound struct {
	Number *float64
	Date   string
}

// UnmarshalJSON reads a number or a string.
func (b *Bound) UnmarshalJSON(p []byte) error {
	p = bytes.TrimSpace(p)
	if len(p) > 0 && p[0] == '"' {
		return json.Unmarshal(p, &b.Date)
	}
	f, err := strconv.ParseFloat(string(p), 64)
	if err != nil {
		return fmt.Errorf("bound %s is neither a number nor a date", p)
	}
	b.Number = &f
	return nil
}

// MarshalJSON writes the number or the date.
func (b Bound) MarshalJSON() ([]byte, error) {
	if b.Number != nil {
		return json.Marshal(*b.Number)
	}
	return json.Marshal(b.Date)
}
