package document

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/jalali"
)

// Parse checks raw against the schema and the rules, and decodes it
// strictly into the typed view. A document that does not pass returns
// *Error with every violation found (at most MaxViolations).
func Parse(raw []byte) (*Document, error) {
	load()
	var vs violations
	if len(raw) > limits.MaxDocumentBytes {
		vs.add("", "document.too_large", domain.T("the document has %d bytes; at most %d are allowed", len(raw), limits.MaxDocumentBytes))
		return nil, vs.err()
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		vs.add("", "document.not_json", domain.T("the document is not JSON"))
		return nil, vs.err()
	}
	if err := compiled.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return nil, err
		}
		vs.fromSchema(ve, nil)
		return nil, vs.err()
	}
	var d Document
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		// The schema passed, so this is a mismatch between the schema and
		// the Go types: a bug, reported as a violation rather than a panic.
		vs.add("", "document.decode", domain.T("the document does not decode: %s", err.Error()))
		return nil, vs.err()
	}
	rules(&d, &vs)
	if err := vs.err(); err != nil {
		return nil, err
	}
	return &d, nil
}

// Check is what every writer calls before it stores a document: defaults
// filled (version, empty fields), each html field sanitised, then Parse.
// The returned document is what to store; a failure is a domain error
// of the writer's code with data.violations.
func Check(d domain.Document, code domain.Code) (domain.Document, error) {
	if d.Version == "" {
		d.Version = Version
	}
	fields := make([]map[string]any, len(d.Fields))
	for i, f := range d.Fields {
		if t, _ := f["type"].(string); t == domain.FieldHTML {
			if h, ok := f["html"].(string); ok {
				c := make(map[string]any, len(f))
				for k, v := range f {
					c[k] = v
				}
				c["html"] = SanitizeHTML(h)
				f = c
			}
		}
		fields[i] = f
	}
	d.Fields = fields
	raw, err := json.Marshal(d)
	if err != nil {
		return d, domain.Wrap(code, err, "the form document cannot be encoded")
	}
	if _, err := Parse(raw); err != nil {
		var de *Error
		if errors.As(err, &de) {
			return d, de.Domain(code)
		}
		return d, err
	}
	if d.Layout == nil {
		d.Layout = map[string]any{}
	}
	if d.Meta == nil {
		d.Meta = map[string]any{}
	}
	return d, nil
}

// CheckTitle trims a form title and bounds it: the same rule for every
// writer. Titles are plain text, kept as typed and escaped at render.
func CheckTitle(t string) (string, *domain.Error) {
	t = strings.TrimSpace(t)
	if t == "" {
		return "", domain.InvalidParams("title must not be empty")
	}
	if !utf8.ValidString(t) {
		return "", domain.InvalidParams("title is not valid UTF-8")
	}
	if bad := controlChar(t, false); bad {
		return "", domain.InvalidParams("title contains control characters")
	}
	if n := DocLimits().MaxTitleChars; utf8.RuneCountInString(t) > n {
		return "", domain.InvalidParams("title is longer than %d characters", n)
	}
	return t, nil
}

// controlChar reports C0/C1 control characters (tab and newlines are
// allowed where multiline is true).
func controlChar(s string, multiline bool) bool {
	for _, r := range s {
		if (r < 0x20 || (r >= 0x7f && r < 0xa0)) && !(multiline && (r == '\n' || r == '\t' || r == '\r')) {
			return true
		}
	}
	return false
}

func fp(i int, key string) string { return "/fields/" + strconv.Itoa(i) + "/" + key }

// rules checks what the schema cannot state.
func rules(d *Document, vs *violations) {
	index := map[string]int{}
	page := 1
	for i := range d.Fields {
		f := &d.Fields[i]
		if j, dup := index[f.ID]; dup {
			vs.add(fp(i, "id"), "field.duplicate_id", domain.T("id %q is already used by field %d", f.ID, j))
		} else {
			index[f.ID] = i
		}
		texts(f, i, vs)
		if p := f.PageNo(); p < page {
			vs.add(fp(i, "page"), "page.order", domain.T("page %d comes after page %d; fields are listed page by page", p, page))
		} else {
			page = p
		}
		if f.ShowIf != nil {
			showIf(d, f, i, index, vs)
		}
		switch f.Type {
		case domain.FieldText, domain.FieldTextarea:
			if f.MinLength != nil && f.MaxLength != nil && *f.MinLength > *f.MaxLength {
				vs.add(fp(i, "min_length"), "bound.order", domain.T("min_length is greater than max_length"))
			}
			if f.VerifiesOTP() && (f.Format == nil || *f.Format != "mobile_ir") {
				vs.add(fp(i, "verify"), "verify.not_mobile", domain.T(`verify "otp" needs a mobile question (format mobile_ir): the code is sent to the number answered`))
			}
		case domain.FieldNumber:
			if f.Min != nil && f.Max != nil && *f.Min.Number > *f.Max.Number {
				vs.add(fp(i, "min"), "bound.order", domain.T("min is greater than max"))
			}
		case domain.FieldRadio, domain.FieldSelect, domain.FieldCheckbox:
			options(f, i, vs)
		case domain.FieldDate:
			dates(f, i, vs)
		case domain.FieldMatrix:
			unique(f.Rows, i, "rows", vs)
			unique(f.Cols, i, "cols", vs)
		case domain.FieldHTML:
			if f.HTML != nil && SanitizeHTML(*f.HTML) != *f.HTML {
				vs.add(fp(i, "html"), "html.unsanitised", domain.T("html holds markup outside the allow-list"))
			}
		}
	}
	if d.Settings != nil {
		settings(d.Settings, vs)
		notifications(d, vs)
	}
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

func texts(f *Field, i int, vs *violations) {
	check := func(path, s string, multiline bool) {
		if controlChar(s, multiline) {
			vs.add(path, "text.control", domain.T("contains control characters"))
		}
	}
	if blank(f.Label) {
		vs.add(fp(i, "label"), "text.blank", domain.T("label is blank"))
	}
	check(fp(i, "label"), f.Label, false)
	if f.Placeholder != nil {
		check(fp(i, "placeholder"), *f.Placeholder, false)
	}
	if f.HelpText != nil {
		check(fp(i, "help_text"), *f.HelpText, true)
	}
	for j, o := range f.Options {
		at := fp(i, "options/"+strconv.Itoa(j))
		if blank(o.Label) {
			vs.add(at+"/label", "text.blank", domain.T("option label is blank"))
		}
		check(at+"/label", o.Label, false)
		check(at+"/value", o.Value, false)
	}
	for j, r := range f.Rows {
		check(fp(i, "rows/"+strconv.Itoa(j)), r, false)
	}
	for j, c := range f.Cols {
		check(fp(i, "cols/"+strconv.Itoa(j)), c, false)
	}
}

func unique(list []string, i int, key string, vs *violations) {
	seen := map[string]bool{}
	for j, s := range list {
		k := strings.TrimSpace(s)
		if seen[k] {
			vs.add(fp(i, key+"/"+strconv.Itoa(j)), key+".duplicate", domain.T("%q is listed twice", s))
		}
		seen[k] = true
	}
}

func options(f *Field, i int, vs *violations) {
	seen := map[string]int{}
	for j, o := range f.Options {
		if k, dup := seen[o.Value]; dup {
			vs.add(fp(i, "options/"+strconv.Itoa(j)+"/value"), "option.duplicate_value",
				domain.T("option value %q is already used by option %d", o.Value, k))
		} else {
			seen[o.Value] = j
		}
	}
	n := len(f.Options)
	if f.MinSelect != nil && *f.MinSelect > n {
		vs.add(fp(i, "min_select"), "select.bounds", domain.T("min_select is %d but there are %d options", *f.MinSelect, n))
	}
	if f.MaxSelect != nil && *f.MaxSelect > n {
		vs.add(fp(i, "max_select"), "select.bounds", domain.T("max_select is %d but there are %d options", *f.MaxSelect, n))
	}
	if f.MinSelect != nil && f.MaxSelect != nil && *f.MinSelect > *f.MaxSelect {
		vs.add(fp(i, "min_select"), "bound.order", domain.T("min_select is greater than max_select"))
	}
}

// dayNumber returns a comparable day for an ISO-shaped date of the
// calendar, or false when the day does not exist.
func dayNumber(calendar, s string) (int, bool) {
	if calendar == CalendarGregorian {
		t, err := time.Parse("2006-01-02", s)
		if err != nil {
			return 0, false
		}
		return int(t.Unix() / 86400), true
	}
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	y, e1 := strconv.Atoi(s[:4])
	m, e2 := strconv.Atoi(s[5:7])
	dd, e3 := strconv.Atoi(s[8:])
	if e1 != nil || e2 != nil || e3 != nil {
		return 0, false
	}
	d, err := jalali.New(y, jalali.Month(m), dd)
	if err != nil {
		return 0, false
	}
	_ = d
	return y*400 + m*32 + dd, true
}

func dates(f *Field, i int, vs *violations) {
	cal := f.CalendarName()
	var lo, hi int
	var okLo, okHi bool
	for _, b := range []struct {
		key   string
		bound *Bound
		day   *int
		ok    *bool
	}{{"min", f.Min, &lo, &okLo}, {"max", f.Max, &hi, &okHi}} {
		if b.bound == nil {
			continue
		}
		if *b.day, *b.ok = dayNumber(cal, b.bound.Date); !*b.ok {
			vs.add(fp(i, b.key), "date.invalid", domain.T("%s is not a day of the %s calendar", b.bound.Date, calendarName(cal)))
		}
	}
	if okLo && okHi && lo > hi {
		vs.add(fp(i, "min"), "bound.order", domain.T("min is after max"))
	}
}

// calendarName names a date field's calendar in a message: as the
// document spells it in English, by its Persian name in Persian (any
// calendar but the Gregorian one is the Jalali).
func calendarName(c string) domain.Text {
	if c == CalendarGregorian {
		return domain.T("calendar\x04gregorian")
	}
	return domain.T("Jalali calendar\x04%s", c)
}

func showIf(d *Document, f *Field, i int, index map[string]int, vs *violations) {
	s := f.ShowIf
	at := fp(i, "show_if")
	j, ok := index[s.Field]
	switch {
	case s.Field == f.ID:
		vs.add(at+"/field", "show_if.self", domain.T("show_if names the field itself"))
		return
	case !ok || j >= i:
		vs.add(at+"/field", "show_if.not_earlier", domain.T("show_if names %q, which is not an earlier field", s.Field))
		return
	}
	target := &d.Fields[j]
	if !target.Answerable() {
		vs.add(at+"/field", "show_if.not_answerable", domain.T("field %q is a %s and has no answer", s.Field, target.Type))
		return
	}
	var values []any
	switch s.Op {
	case OpAnswered:
		if s.Value != nil {
			vs.add(at+"/value", "show_if.value", domain.T("answered takes no value"))
		}
		return
	case OpIn:
		list, isList := s.Value.([]any)
		if !isList {
			vs.add(at+"/value", "show_if.value", domain.T("in needs a list of values"))
			return
		}
		values = list
	default:
		if s.Value == nil {
			vs.add(at+"/value", "show_if.value", domain.T("%s needs a value", s.Op))
			return
		}
		if _, isList := s.Value.([]any); isList {
			vs.add(at+"/value", "show_if.value", domain.T("%s compares with one value, not a list", s.Op))
			return
		}
		values = []any{s.Value}
	}
	if len(target.Options) == 0 {
		return
	}
	known := map[string]bool{}
	for _, o := range target.Options {
		known[o.Value] = true
	}
	for _, v := range values {
		str, _ := v.(string)
		if !known[str] {
			vs.add(at+"/value", "show_if.unknown_option", domain.T("%v is not an option value of %q", v, s.Field))
		}
	}
}

func settings(s *Settings, vs *violations) {
	if s.Welcome != nil && controlChar(*s.Welcome, true) {
		vs.add("/settings/welcome", "text.control", domain.T("contains control characters"))
	}
	if s.ThankYou != nil && controlChar(*s.ThankYou, true) {
		vs.add("/settings/thank_you", "text.control", domain.T("contains control characters"))
	}
	for i, w := range s.Webhooks {
		if !WebhookURLAllowed(w.URL) {
			vs.add("/settings/webhooks/"+strconv.Itoa(i)+"/url", "url.scheme", domain.T("a webhook URL must be https (http only to a loopback address), without credentials"))
		}
	}
}

// WebhookURLAllowed reports whether a webhook may post to u: an absolute
// https URL with a host and no credentials, or http to a loopback
// address (tests, local receivers).
func WebhookURLAllowed(u string) bool {
	p, err := url.Parse(u)
	if err != nil || p.User != nil || p.Host == "" || p.Opaque != "" {
		return false
	}
	switch p.Scheme {
	case "https":
		return true
	case "http":
		h := p.Hostname()
		if h == "localhost" {
			return true
		}
		ip := net.ParseIP(h)
		return ip != nil && ip.IsLoopback()
	}
	return false
}
