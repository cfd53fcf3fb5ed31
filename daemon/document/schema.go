package document

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"slices"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed arshline_form.v1.schema.json
var schemaJSON []byte

// Version names the document format.
const Version = "arshline_form@v1"

// Limits are the document's bounds, read from the schema's x-limits so
// the schema, the checks and the capabilities map agree.
type Limits struct {
	MaxDocumentBytes    int `json:"max_document_bytes"`
	MaxFields           int `json:"max_fields"`
	MaxPages            int `json:"max_pages"`
	MaxOptions          int `json:"max_options"`
	MaxLabelChars       int `json:"max_label_chars"`
	MaxOptionLabelChars int `json:"max_option_label_chars"`
	MaxOptionValueChars int `json:"max_option_value_chars"`
	MaxHelpChars        int `json:"max_help_chars"`
	MaxPlaceholderChars int `json:"max_placeholder_chars"`
	MaxHTMLChars        int `json:"max_html_chars"`
	MaxMatrixRows       int `json:"max_matrix_rows"`
	MaxMatrixCols       int `json:"max_matrix_cols"`
	MaxTextLength       int `json:"max_text_length"`
	MaxFileKB           int `json:"max_file_kb"`
	MaxFiles            int `json:"max_files"`
	MaxTitleChars       int `json:"max_title_chars"`
}

var (
	loadOnce sync.Once
	compiled *jsonschema.Schema
	raw      map[string]any
	limits   Limits
	compact  json.RawMessage
	// displayOnly are the field types respondents do not answer, read
	// from the type's x-display-only so the builder and the daemon agree.
	displayOnly map[string]bool
)

func load() {
	loadOnce.Do(func() {
		var buf bytes.Buffer
		if err := json.Compact(&buf, schemaJSON); err != nil {
			panic("document: schema is not JSON: " + err.Error())
		}
		compact = buf.Bytes()
		if err := json.Unmarshal(schemaJSON, &raw); err != nil {
			panic("document: schema is not JSON: " + err.Error())
		}
		var x struct {
			Limits Limits `json:"x-limits"`
		}
		if err := json.Unmarshal(schemaJSON, &x); err != nil {
			panic("document: x-limits: " + err.Error())
		}
		limits = x.Limits
		var t struct {
			Defs struct {
				Field struct {
					Properties struct {
						Type struct {
							DisplayOnly []string `json:"x-display-only"`
						} `json:"type"`
					} `json:"properties"`
				} `json:"field"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(schemaJSON, &t); err != nil || len(t.Defs.Field.Properties.Type.DisplayOnly) == 0 {
			panic("document: the field type's x-display-only is missing")
		}
		displayOnly = map[string]bool{}
		for _, ty := range t.Defs.Field.Properties.Type.DisplayOnly {
			displayOnly[ty] = true
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
		if err != nil {
			panic("document: schema: " + err.Error())
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		c.DefaultDraft(jsonschema.Draft2020)
		const url = "arshline_form.v1.schema.json"
		if err := c.AddResource(url, doc); err != nil {
			panic("document: schema: " + err.Error())
		}
		if compiled, err = c.Compile(url); err != nil {
			panic("document: schema does not compile: " + err.Error())
		}
	})
}

// Schema is the document's JSON Schema, compact, as forms.schema serves
// it.
func Schema() json.RawMessage {
	load()
	return compact
}

// DocLimits returns the document's bounds.
func DocLimits() Limits {
	load()
	return limits
}

// FieldTypes lists the field types in the schema's order.
func FieldTypes() []string {
	load()
	return stringList(fieldProps()["type"].(map[string]any)["enum"])
}

// TypeKeys returns the keys a field of type t may carry, in the schema's
// order, or nil for an unknown type.
func TypeKeys(t string) []string {
	load()
	for _, c := range fieldDef()["allOf"].([]any) {
		cond := c.(map[string]any)
		typ := cond["if"].(map[string]any)["properties"].(map[string]any)["type"].(map[string]any)["const"]
		if typ == t {
			return stringList(cond["then"].(map[string]any)["propertyNames"].(map[string]any)["enum"])
		}
	}
	return nil
}

// TypesWithKey lists the field types that may carry key, in the schema's
// order.
func TypesWithKey(key string) []string {
	var out []string
	for _, t := range FieldTypes() {
		if slices.Contains(TypeKeys(t), key) {
			out = append(out, t)
		}
	}
	return out
}

// CommonKeys are the keys every field type may carry.
func CommonKeys() []string {
	common := TypeKeys("section")
	return append([]string(nil), common...)
}

// TextFormats lists the text formats the schema allows.
func TextFormats() []string { return nonNull(fieldProps()["format"].(map[string]any)["enum"]) }

// ShowIfOps lists show_if's operators.
func ShowIfOps() []string {
	load()
	return stringList(def("show_if")["properties"].(map[string]any)["op"].(map[string]any)["enum"])
}

// DateCalendars lists the calendars a date field may use.
func DateCalendars() []string { return nonNull(fieldProps()["calendar"].(map[string]any)["enum"]) }

func def(name string) map[string]any {
	return raw["$defs"].(map[string]any)[name].(map[string]any)
}

func fieldDef() map[string]any { return def("field") }

func fieldProps() map[string]any {
	load()
	return fieldDef()["properties"].(map[string]any)
}

func stringList(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func nonNull(v any) []string { return stringList(v) }
