package answers

import (
	"encoding/json"
	"sort"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Options bound what one submission may hold. Zero values take the
// defaults.
type Options struct {
	// MaxAnswers is the most answers (keys) a submission may carry; zero
	// is the document schema's max_fields, since no form has more
	// questions than that.
	MaxAnswers int
	// MaxValueBytes is the most bytes one answer may take as sent (its
	// JSON): DefaultMaxValueBytes. A textarea at the schema's longest
	// (10,000 characters) fits even with every Persian letter sent as a
	// \uXXXX escape.
	MaxValueBytes int
	// MaxTotalBytes is the most bytes all answers together may take (keys
	// and JSON values); zero is the schema's max_document_bytes.
	MaxTotalBytes int
}

// DefaultMaxValueBytes is Options.MaxValueBytes when it is zero.
const DefaultMaxValueBytes = 64 << 10

func (o Options) withDefaults() Options {
	if o.MaxAnswers <= 0 {
		o.MaxAnswers = document.DocLimits().MaxFields
	}
	if o.MaxValueBytes <= 0 {
		o.MaxValueBytes = DefaultMaxValueBytes
	}
	if o.MaxTotalBytes <= 0 {
		o.MaxTotalBytes = document.DocLimits().MaxDocumentBytes
	}
	return o
}

// Answer is one accepted answer.
type Answer struct {
	Field string `json:"field"`
	Type  string `json:"type"`
	// Value is the normalised answer, by type: string (text, textarea,
	// email, radio, select; a date as YYYY-MM-DD in the field's calendar),
	// float64 (number), int (rating), []string (checkbox, in the
	// document's option order), map[string]string (matrix, row →
	// column), []Upload (file).
	Value any `json:"value"`
	// Typed is the answer exactly as the respondent sent it (its JSON);
	// empty for a file answer, whose references the value holds.
	Typed json.RawMessage `json:"typed"`
}

// TypedText returns what the respondent typed: the string when the answer
// was sent as a JSON string, and the JSON itself otherwise (a number, a
// list of options).
func (a Answer) TypedText() string {
	if s, ok := decodeString(a.Typed); ok {
		return s
	}
	return string(a.Typed)
}

// Upload is one file answer: a reference to bytes received and checked
// (type, size) by the upload path, not here.
type Upload struct {
	UploadID string `json:"upload_id"`
	// Name, Size and MIME are what the daemon knows of the file (the
	// name on the respondent's device, its bytes, the type sniffed),
	// added when the submission is stored; a respondent cannot send them.
	Name string `json:"name,omitempty"`
	Size int64  `json:"size,omitempty"`
	MIME string `json:"mime,omitempty"`
}

// Result is an accepted submission.
type Result struct {
	// Answers holds every answered, shown field, in document order.
	Answers []Answer `json:"answers"`
	// Hidden lists the fields show_if hid, in document order.
	Hidden []string `json:"hidden,omitempty"`
	// Dropped lists the hidden fields that had an answer, which was
	// discarded.
	Dropped []string `json:"dropped,omitempty"`
}

// Get returns the answer of field id.
func (r *Result) Get(id string) (Answer, bool) {
	for _, a := range r.Answers {
		if a.Field == id {
			return a, true
		}
	}
	return Answer{}, false
}

// Values returns the normalised answers by field id.
func (r *Result) Values() map[string]any {
	m := make(map[string]any, len(r.Answers))
	for _, a := range r.Answers {
		m[a.Field] = a.Value
	}
	return m
}

// Validate judges answers (field id → the JSON the respondent sent)
// against doc. It returns the accepted answers, or a *domain.Error:
// TOO_LARGE when a limit of opts is passed (nothing else is read), or
// INVALID_SUBMISSION whose Data["fields"] ([]FieldError) lists every
// failing field once, in document order, then unknown ids in sorted
// order.
func Validate(doc *document.Document, answers map[string]json.RawMessage, opts Options) (Result, error) {
	if doc == nil {
		return Result{}, domain.Errorf(domain.CodeInternal, "no form document to validate against")
	}
	opts = opts.withDefaults()
	if err := checkSize(answers, opts); err != nil {
		return Result{}, err
	}
	v := validator{doc: doc, answers: answers, state: make([]state, len(doc.Fields))}
	v.res.Answers = make([]Answer, 0, min(len(answers), len(doc.Fields)))
	v.run()
	if len(v.errs) > 0 {
		return Result{}, invalid(v.errs)
	}
	return v.res, nil
}

// checkSize counts first (a map's length costs nothing), then measures.
func checkSize(answers map[string]json.RawMessage, opts Options) error {
	if len(answers) > opts.MaxAnswers {
		return tooManyAnswers(opts.MaxAnswers)
	}
	total := 0
	for id, raw := range answers {
		if len(raw) > opts.MaxValueBytes {
			return valueTooLarge(id, opts.MaxValueBytes)
		}
		total += len(id) + len(raw)
	}
	if total > opts.MaxTotalBytes {
		return totalTooLarge(opts.MaxTotalBytes)
	}
	return nil
}

func tooManyAnswers(max int) error {
	return tooLarge(domain.T("The submission has more answers than any form has questions"),
		map[string]any{"max_answers": max})
}

func valueTooLarge(id string, max int) error {
	return tooLarge(domain.T("One answer is too long; shorten it and send the form again"),
		map[string]any{"field": echoID(id), "max_bytes": max})
}

func totalTooLarge(max int) error {
	return tooLarge(domain.T("The answers are too long altogether; shorten them and send the form again"),
		map[string]any{"max_total_bytes": max})
}

// state is what show_if needs of an earlier field.
type state struct {
	hidden   bool
	answered bool // a valid answer
	value    any  // its normalised value
}

type validator struct {
	doc     *document.Document
	answers map[string]json.RawMessage
	state   []state
	res     Result
	errs    []FieldError
}

func (v *validator) run() {
	matched := 0
	for i := range v.doc.Fields {
		f := &v.doc.Fields[i]
		raw, sent := v.answers[f.ID]
		if sent {
			matched++
		}
		if f.ShowIf != nil && !v.shown(f.ShowIf, i) {
			v.state[i].hidden = true
			v.res.Hidden = append(v.res.Hidden, f.ID)
			if sent {
				v.res.Dropped = append(v.res.Dropped, f.ID)
			}
			continue
		}
		if !f.Answerable() {
			if sent {
				v.errs = append(v.errs, entry(f.ID, ReasonNotAnswerable))
			}
			continue
		}
		if !sent || empty(raw) {
			if f.IsRequired() {
				v.errs = append(v.errs, entry(f.ID, ReasonRequired))
			}
			continue
		}
		value, fe, ok := judge(f, raw)
		switch {
		case fe != nil:
			v.errs = append(v.errs, *fe)
		case !ok: // blank once normalised
			if f.IsRequired() {
				v.errs = append(v.errs, entry(f.ID, ReasonRequired))
			}
		default:
			v.state[i].answered, v.state[i].value = true, value
			a := Answer{Field: f.ID, Type: f.Type, Value: value, Typed: raw}
			if f.Type == "file" {
				// What was sent is the uploads' references, which the
				// value holds: there is nothing typed to keep.
				a.Typed = nil
			}
			v.res.Answers = append(v.res.Answers, a)
		}
	}
	if matched < len(v.answers) {
		v.unknown()
	}
}

// unknown reports the ids no field has, sorted so the list is stable.
func (v *validator) unknown() {
	ids := make(map[string]bool, len(v.doc.Fields))
	for i := range v.doc.Fields {
		ids[v.doc.Fields[i].ID] = true
	}
	var extra []string
	for id := range v.answers {
		if !ids[id] {
			extra = append(extra, id)
		}
	}
	sort.Strings(extra)
	for _, id := range extra {
		v.errs = append(v.errs, entry(echoID(id), ReasonUnknownField))
	}
}

// echoID bounds an id the document does not have before it goes back in
// an error: ids are at most 64 characters (the schema's pattern), a key
// may be anything.
func echoID(id string) string {
	const max = 64
	if len(id) <= max {
		return id
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(id[cut]) {
		cut--
	}
	return id[:cut] + "…"
}

// empty reports JSON that carries no answer: null, "", [] or {} (blank
// strings are found after normalising).
func empty(raw json.RawMessage) bool {
	t := trimJSON(raw)
	if string(t) == "null" || string(t) == `""` {
		return true
	}
	if len(t) < 2 || !(t[0] == '[' && t[len(t)-1] == ']' || t[0] == '{' && t[len(t)-1] == '}') {
		return false
	}
	return len(trimJSON(t[1:len(t)-1])) == 0
}

// trimJSON trims JSON's whitespace (space, tab, line feed, carriage
// return) and nothing else: a form feed or a no-break space around a
// value makes it invalid JSON, and it must stay refused.
func trimJSON(b []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
