package document

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// FieldChange is what an edit of one question says: a type, a label, a
// required flag, a list of option labels, a text format. Empty members
// leave the question as it is.
type FieldChange struct {
	Type     string // a document field type (domain.Field*)
	Label    string
	Required *bool
	Options  []string
	Format   string
}

// NewField builds question id from c so that it renders as it is: a
// choice gets c's options or two placeholders, a rating a 1–5 scale, a
// short text its format. code is the error code of a change the type
// cannot take.
func NewField(id string, c FieldChange, code domain.Code) (Field, error) {
	required := c.Required != nil && *c.Required
	f := Field{ID: id, Type: c.Type, Label: c.Label, Required: &required}
	if len(c.Options) > 0 {
		if !isChoice(f.Type) {
			return Field{}, optionsNeedChoice(code)
		}
		f.Options = newOptions(c.Options)
	}
	if c.Format != "" {
		if f.Type != domain.FieldText {
			return Field{}, formatNeedsText(code)
		}
		f.Format = &c.Format
	}
	f.fillDefaults()
	return f, nil
}

// Changed applies c to a copy of f. A new type keeps what every type
// shares, the options when both types take them and the length bounds
// when both are texts; what only the old type took (a format, a scale,
// bounds) goes, and the new type gets what NewField would give it. A new
// option list keeps the value of every label that was already there, so
// stored answers keep meaning it.
func (f Field) Changed(c FieldChange, code domain.Code) (Field, error) {
	out := f
	if c.Type != "" && c.Type != f.Type {
		out = Field{ID: f.ID, Type: c.Type, Label: f.Label, Required: f.Required, Placeholder: f.Placeholder,
			HelpText: f.HelpText, ShowIf: f.ShowIf, Page: f.Page}
		if isChoice(f.Type) && isChoice(c.Type) {
			out.Options = f.Options
		}
		if isText(f.Type) && isText(c.Type) {
			out.MinLength, out.MaxLength = f.MinLength, f.MaxLength
		}
		out.fillDefaults()
	}
	if c.Label != "" {
		out.Label = c.Label
	}
	if c.Required != nil {
		required := *c.Required
		out.Required = &required
	}
	if len(c.Options) > 0 {
		if !isChoice(out.Type) {
			return Field{}, optionsNeedChoice(code)
		}
		out.Options = replaceOptions(f.Options, c.Options)
		out.MinSelect, out.MaxSelect = nil, nil
	}
	if c.Format != "" {
		if out.Type != domain.FieldText {
			return Field{}, formatNeedsText(code)
		}
		format := c.Format
		out.Format = &format
	}
	return out, nil
}

func optionsNeedChoice(code domain.Code) error {
	return domain.Errorf(code, "options need a choice question (multiple_choice, checkboxes or dropdown)")
}

func formatNeedsText(code domain.Code) error {
	return domain.Errorf(code, "format needs a short_text question")
}

func isChoice(t string) bool {
	return t == domain.FieldRadio || t == domain.FieldCheckbox || t == domain.FieldSelect
}

func isText(t string) bool { return t == domain.FieldText || t == domain.FieldTextarea }

// fillDefaults gives a field what its type needs to render: two
// placeholder options for a choice, a 1–5 scale for a rating.
func (f *Field) fillDefaults() {
	switch {
	case isChoice(f.Type) && f.Options == nil:
		f.Options = []Option{{Value: "option_1", Label: defaultOption(1)}, {Value: "option_2", Label: defaultOption(2)}}
	case f.Type == domain.FieldRating && f.Scale == nil:
		f.Scale = &Scale{Min: 1, Max: 5}
	}
}

// newOptions makes the options of a new choice question.
func newOptions(labels []string) []Option {
	out := make([]Option, len(labels))
	for i, l := range labels {
		out[i] = Option{Value: "option_" + strconv.Itoa(i+1), Label: l}
	}
	return out
}

// replaceOptions makes the new list: an option whose label was already
// there keeps its value; a new label gets a value no option of the old
// list had.
func replaceOptions(old []Option, labels []string) []Option {
	byLabel := map[string]string{}
	used := map[string]bool{}
	next := 1
	for _, o := range old {
		if o.Label != "" {
			if _, ok := byLabel[o.Label]; !ok {
				byLabel[o.Label] = o.Value
			}
		}
		used[o.Value] = true
		if n, err := strconv.Atoi(strings.TrimPrefix(o.Value, "option_")); err == nil && strings.HasPrefix(o.Value, "option_") && n >= next {
			next = n + 1
		}
	}
	out := make([]Option, len(labels))
	taken := map[string]bool{}
	for i, l := range labels {
		v, ok := byLabel[l]
		if !ok || taken[v] {
			for used["option_"+strconv.Itoa(next)] {
				next++
			}
			v = "option_" + strconv.Itoa(next)
			next++
		}
		taken[v] = true
		out[i] = Option{Value: v, Label: l}
	}
	return out
}

// FieldAt reads question i of a stored document into the typed view.
func FieldAt(d domain.Document, i int) (Field, error) {
	raw, err := json.Marshal(d.Fields[i])
	if err != nil {
		return Field{}, err
	}
	var f Field
	if err := json.Unmarshal(raw, &f); err != nil {
		return Field{}, fmt.Errorf("question %d does not read as a field: %w", i+1, err)
	}
	return f, nil
}

// Stored is f as a stored document holds it: a map whose encoding
// (sorted keys) is the one every version's diff is hashed over.
func (f Field) Stored() (map[string]any, error) {
	raw, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// FieldSeqKey is the document meta key holding the highest field number
// ever given in the form: a new field is f<n+1>, so an id of a removed
// field is never given to another question and answers keep their
// meaning across versions.
const FieldSeqKey = "field_seq"

// NextFieldSeq returns one past both the largest f<n> in use and the
// form's recorded sequence.
func NextFieldSeq(doc domain.Document) int {
	max := 0
	switch v := doc.Meta[FieldSeqKey].(type) {
	case float64:
		max = int(v)
	case int:
		max = v
	case json.Number:
		if n, err := v.Int64(); err == nil {
			max = int(n)
		}
	}
	for _, f := range doc.Fields {
		id, _ := f["id"].(string)
		if len(id) > 1 && id[0] == 'f' {
			if n, err := strconv.Atoi(id[1:]); err == nil && n > max {
				max = n
			}
		}
	}
	return max + 1
}

// WithFieldSeq returns a copy of meta recording seq as the form's field
// sequence.
func WithFieldSeq(meta map[string]any, seq int) map[string]any {
	out := make(map[string]any, len(meta)+1)
	for k, v := range meta {
		out[k] = v
	}
	out[FieldSeqKey] = seq
	return out
}

// defaultOption labels the placeholder option n of a new choice question,
// in Persian as the planner's forms are.
func defaultOption(n int) string {
	return messages.Render(domain.LocaleFA, domain.T("default option\x04Option %d", n))
}
