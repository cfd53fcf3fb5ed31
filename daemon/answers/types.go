package answers

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
	"github.com/arshline/arshline-sidecar/daemon/jalali"
)

// judge checks one sent, non-empty answer of an answerable field. It
// returns the normalised value, or the field's error, or ok false when the
// answer turns out blank once normalised (spaces only, say).
func judge(f *document.Field, raw json.RawMessage) (value any, fe *FieldError, ok bool) {
	switch f.Type {
	case "text", "textarea":
		return judgeText(f, raw)
	case "email":
		return judgeFormatted(f, raw, iranformat.FormatEmail)
	case "number":
		return judgeNumber(f, raw)
	case "radio", "select":
		return judgeOption(f, raw)
	case "checkbox":
		return judgeCheckbox(f, raw)
	case "date":
		return judgeDate(f, raw)
	case "rating":
		return judgeRating(f, raw)
	case "matrix":
		return judgeMatrix(f, raw)
	case "file":
		return judgeFiles(f, raw)
	}
	// A type the document schema does not have: nothing can answer it.
	return nil, ptr(entry(f.ID, ReasonNotAnswerable)), false
}

func ptr(e FieldError) *FieldError { return &e }

func fail(f *document.Field, r Reason, args ...string) (any, *FieldError, bool) {
	return nil, ptr(entry(f.ID, r, args...)), false
}

func failType(f *document.Field, s shape) (any, *FieldError, bool) {
	return nil, ptr(wrongType(f.ID, s)), false
}

// decodeString reads a JSON string.
func decodeString(raw json.RawMessage) (string, bool) {
	t := trimJSON(raw)
	if len(t) < 2 || t[0] != '"' {
		return "", false
	}
	// The common case, a string without escapes, needs no decoder.
	if inner := t[1 : len(t)-1]; t[len(t)-1] == '"' && bytes.IndexByte(inner, '\\') < 0 && bytes.IndexByte(inner, '"') < 0 && utf8.Valid(inner) && !hasControl(inner) {
		return string(inner), true
	}
	var s string
	if err := json.Unmarshal(t, &s); err != nil {
		return "", false
	}
	return s, true
}

func hasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 {
			return true
		}
	}
	return false
}

// judgeText: the text as kept (Arabic ي/ك Persian, invisible marks gone,
// trimmed; one line for text), then the format, then the lengths in
// characters of the result.
func judgeText(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	if f.Format != nil && *f.Format != "" {
		return judgeFormatted(f, raw, iranformat.Format(*f.Format))
	}
	s, isString := decodeString(raw)
	if !isString {
		return failType(f, shapeText)
	}
	t := iranformat.Text(s)
	if f.Type == "text" {
		t = oneLine(t)
	}
	if t == "" {
		return nil, nil, false
	}
	if fe := lengths(f, t); fe != nil {
		return nil, fe, false
	}
	return t, nil, true
}

func judgeFormatted(f *document.Field, raw json.RawMessage, format iranformat.Format) (any, *FieldError, bool) {
	s, isString := decodeString(raw)
	if !isString {
		return failType(f, shapeText)
	}
	t, err := iranformat.Check(format, s)
	if err != nil {
		var fe *iranformat.Error
		if !errors.As(err, &fe) {
			// An unknown format is the document's mistake, not the
			// respondent's: the answer is kept as text.
			return judgeText(&document.Field{ID: f.ID, Type: f.Type, MinLength: f.MinLength, MaxLength: f.MaxLength}, raw)
		}
		if fe.Kind == iranformat.KindEmpty {
			return nil, nil, false
		}
		return nil, ptr(NewFieldError(f.ID, Reason(fe.Kind), fe.Kind.Text())), false
	}
	if fe := lengths(f, t); fe != nil {
		return nil, fe, false
	}
	return t, nil, true
}

// oneLine turns the line breaks and tabs of a one-line answer into spaces.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\t") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

func lengths(f *document.Field, t string) *FieldError {
	if f.MinLength == nil && f.MaxLength == nil {
		return nil
	}
	n := utf8.RuneCountInString(t)
	if f.MinLength != nil && n < *f.MinLength {
		return ptr(entry(f.ID, ReasonTooShort, itoa(*f.MinLength)))
	}
	if f.MaxLength != nil && n > *f.MaxLength {
		return ptr(entry(f.ID, ReasonTooLong, itoa(*f.MaxLength)))
	}
	return nil
}

// readNumber reads a JSON number, or a string of one as a Persian keyboard
// types it. shapeOK is false for JSON that is neither.
func readNumber(raw json.RawMessage) (n float64, shapeOK, ok bool) {
	t := trimJSON(raw)
	if len(t) == 0 {
		return 0, false, false
	}
	switch c := t[0]; {
	case c == '"':
		s, isString := decodeString(t)
		if !isString {
			return 0, false, false
		}
		n, ok := parseNumberText(s)
		return n, true, ok
	case c == '-' || (c >= '0' && c <= '9'):
		if !isJSONNumber(t) {
			return 0, true, false
		}
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || math.IsInf(f, 0) {
			return 0, true, false
		}
		return f + 0, true, true // + 0: -0 is 0
	}
	return 0, false, false
}

// isJSONNumber checks RFC 8259's number grammar, which is narrower than
// what strconv.ParseFloat reads (no hex, Inf, NaN or underscores).
func isJSONNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(b)
}

// parseNumberText reads a number typed as text: digits in Latin, Persian or
// Arabic-Indic script; an optional sign (also the minus sign −); '.' or
// the Persian decimal mark «٫» before the fraction. Digits before the
// decimal mark may be grouped by threes with the Persian thousands mark
// «٬», a comma (',' or the Persian «،») or a space: 12٬500 and 1,250,000
// are numbers, 12,5 and 1 2 are not (which number was meant is unclear).
// Exponents, hex, Inf and NaN are not numbers people type.
func parseNumberText(s string) (float64, bool) {
	var b [48]byte
	out := b[:0]
	digits, point := 0, false
	group := -1 // digits since the last group separator; -1 before any
	for i, r := range strings.TrimSpace(s) {
		d, isDigit := iranformat.DigitValue(r)
		switch {
		case isDigit:
			if len(out) == cap(b) {
				return 0, false // more digits than a float64 holds
			}
			out = append(out, d)
			digits++
			if group >= 0 && !point {
				group++
			}
		case (r == '.' || r == '٫') && !point:
			if group >= 0 && group != 3 {
				return 0, false
			}
			out = append(out, '.')
			point = true
		case (r == '-' || r == '−' || r == '+') && i == 0:
			if r != '+' {
				out = append(out, '-')
			}
		case isGroupMark(r) && digits > 0 && !point && (group < 0 || group == 3) && (group >= 0 || digits <= 3):
			group = 0
		default:
			return 0, false
		}
	}
	if digits == 0 || group >= 0 && !point && group != 3 {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(out), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f + 0, true
}

func isGroupMark(r rune) bool {
	return r == '٬' || r == ',' || r == '،' || r == ' ' || r == '\u00a0' || r == '\u202f'
}

func judgeNumber(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	n, shapeOK, ok := readNumber(raw)
	if !shapeOK {
		return failType(f, shapeNumber)
	}
	if !ok {
		return fail(f, ReasonNotANumber)
	}
	if f.Min != nil && f.Min.Number != nil && n < *f.Min.Number {
		return fail(f, ReasonNumberTooSmall, ftoa(*f.Min.Number))
	}
	if f.Max != nil && f.Max.Number != nil && n > *f.Max.Number {
		return fail(f, ReasonNumberTooLarge, ftoa(*f.Max.Number))
	}
	if f.Step != nil && *f.Step > 0 {
		base := 0.0
		if f.Min != nil && f.Min.Number != nil {
			base = *f.Min.Number
		}
		step := *f.Step
		q := (n - base) / step
		if r := math.Round(q); math.Abs(q-r) > 1e-9*math.Max(1, math.Abs(q)) {
			near := base + r*step
			if f.Max != nil && f.Max.Number != nil && near > *f.Max.Number {
				near -= step
			}
			if f.Min != nil && f.Min.Number != nil && near < *f.Min.Number {
				near += step
			}
			return fail(f, ReasonNumberStep, ftoa(step), ftoa(math.Round(near*1e9)/1e9))
		}
	}
	return n, nil, true
}

func optionIndex(f *document.Field, v string) int {
	for i := range f.Options {
		if f.Options[i].Value == v {
			return i
		}
	}
	return -1
}

func judgeOption(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	s, isString := decodeString(raw)
	if !isString {
		return failType(f, shapeOption)
	}
	i := optionIndex(f, s)
	if i < 0 {
		return fail(f, ReasonUnknownOption)
	}
	return f.Options[i].Value, nil, true
}

func judgeCheckbox(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	var list []string
	if t := trimJSON(raw); len(t) == 0 || t[0] != '[' || json.Unmarshal(t, &list) != nil {
		return failType(f, shapeOptions)
	}
	var chosen [64]bool // at most 50 options (the schema's max_options)
	if len(f.Options) > len(chosen) {
		return failType(f, shapeOptions)
	}
	for _, s := range list {
		i := optionIndex(f, s)
		if i < 0 {
			return fail(f, ReasonUnknownOption)
		}
		if chosen[i] {
			return fail(f, ReasonRepeatedOption)
		}
		chosen[i] = true
	}
	if f.MinSelect != nil && len(list) < *f.MinSelect {
		return fail(f, ReasonTooFewOptions, itoa(*f.MinSelect))
	}
	if f.MaxSelect != nil && len(list) > *f.MaxSelect {
		return fail(f, ReasonTooManyOptions, itoa(*f.MaxSelect))
	}
	out := make([]string, 0, len(list))
	for i := range f.Options {
		if chosen[i] {
			out = append(out, f.Options[i].Value)
		}
	}
	return out, nil, true
}

// judgeDate reads the date in the field's calendar and keeps it as
// YYYY-MM-DD of that calendar.
func judgeDate(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	s, isString := decodeString(raw)
	if f.CalendarName() == document.CalendarGregorian {
		if !isString {
			return nil, ptr(NewFieldError(f.ID, ReasonWrongType, catalogue[ReasonInvalidDate])), false
		}
		return judgeGregorian(f, s)
	}
	if !isString {
		return failType(f, shapeDate)
	}
	if strings.TrimSpace(s) == "" {
		return nil, nil, false
	}
	d, err := jalali.Parse(s)
	if err != nil {
		var je *jalali.Error
		if errors.As(err, &je) {
			return nil, ptr(NewFieldError(f.ID, ReasonInvalidDate, je.Text())), false
		}
		return failType(f, shapeDate)
	}
	if f.Min != nil {
		if lo, err := jalali.Parse(f.Min.Date); err == nil && d.Before(lo) {
			return fail(f, ReasonDateTooEarly, lo.String())
		}
	}
	if f.Max != nil {
		if hi, err := jalali.Parse(f.Max.Date); err == nil && d.After(hi) {
			return fail(f, ReasonDateTooLate, hi.String())
		}
	}
	return d.ISO(), nil, true
}

func judgeGregorian(f *document.Field, s string) (any, *FieldError, bool) {
	t := strings.TrimSpace(iranformat.Digits(s))
	if t == "" {
		return nil, nil, false
	}
	t = strings.ReplaceAll(t, "/", "-")
	d, err := time.Parse("2006-1-2", t)
	if err != nil {
		return fail(f, ReasonInvalidDate)
	}
	iso := d.Format("2006-01-02")
	// ISO dates of four-digit years order as strings.
	if f.Min != nil && f.Min.Date != "" && iso < f.Min.Date {
		return fail(f, ReasonDateTooEarly, strings.ReplaceAll(f.Min.Date, "-", "/"))
	}
	if f.Max != nil && f.Max.Date != "" && iso > f.Max.Date {
		return fail(f, ReasonDateTooLate, strings.ReplaceAll(f.Max.Date, "-", "/"))
	}
	return iso, nil, true
}

// ratingScale is the field's scale, 1 to 5 when the document has none.
func ratingScale(f *document.Field) (lo, hi int) {
	if f.Scale == nil {
		return 1, 5
	}
	return f.Scale.Min, f.Scale.Max
}

func judgeRating(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	n, shapeOK, ok := readNumber(raw)
	if !shapeOK || !ok {
		return failType(f, shapeRating)
	}
	if n != math.Trunc(n) {
		return fail(f, ReasonNotInteger)
	}
	lo, hi := ratingScale(f)
	if n < float64(lo) || n > float64(hi) {
		return fail(f, ReasonOutOfScale, itoa(lo), itoa(hi))
	}
	return int(n), nil, true
}

// lookup finds s among list, exactly or as the same text once both are
// normalised (ي/ك, invisible marks, surrounding spaces).
func lookup(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	n := iranformat.Text(s)
	for i, x := range list {
		if iranformat.Text(x) == n {
			return i
		}
	}
	return -1
}

// judgeMatrix reads {row: column}. A row answered with "" or null is not
// answered; a required matrix needs every row.
func judgeMatrix(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	var m map[string]*string
	if t := trimJSON(raw); len(t) == 0 || t[0] != '{' || json.Unmarshal(t, &m) != nil {
		return failType(f, shapeMatrix)
	}
	out := make(map[string]string, len(m))
	for row, col := range m {
		r := lookup(f.Rows, row)
		if r < 0 {
			return fail(f, ReasonUnknownRow)
		}
		if col == nil || strings.TrimSpace(*col) == "" {
			continue
		}
		c := lookup(f.Cols, *col)
		if c < 0 {
			return fail(f, ReasonUnknownColumn)
		}
		if _, twice := out[f.Rows[r]]; twice {
			return failType(f, shapeMatrix) // one row under two spellings
		}
		out[f.Rows[r]] = f.Cols[c]
	}
	if len(out) == 0 {
		return nil, nil, false
	}
	if f.IsRequired() && len(out) < len(f.Rows) {
		return fail(f, ReasonIncomplete)
	}
	return out, nil, true
}

// maxFiles is the field's max_files, 1 when the document has none.
func maxFiles(f *document.Field) int {
	if f.MaxFiles == nil {
		return 1
	}
	return *f.MaxFiles
}

// validUploadID: what the upload path hands out, 1–128 of [A-Za-z0-9_-].
func validUploadID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// judgeFiles reads [{"upload_id": "…"}, …]: references to uploads the
// upload path received and checked (type, size). Their existence and
// ownership are the store's to check.
func judgeFiles(f *document.Field, raw json.RawMessage) (any, *FieldError, bool) {
	var items []json.RawMessage
	if t := trimJSON(raw); len(t) == 0 || t[0] != '[' || json.Unmarshal(t, &items) != nil {
		return failType(f, shapeFiles)
	}
	if len(items) > maxFiles(f) {
		return fail(f, ReasonTooManyFiles, itoa(maxFiles(f)))
	}
	out := make([]Upload, 0, len(items))
	for _, it := range items {
		// Only the reference: what the daemon knows of the file is its
		// own to add, never the respondent's to say.
		var ref struct {
			UploadID string `json:"upload_id"`
		}
		dec := json.NewDecoder(bytes.NewReader(it))
		dec.DisallowUnknownFields()
		if t := trimJSON(it); len(t) == 0 || t[0] != '{' || dec.Decode(&ref) != nil || !validUploadID(ref.UploadID) {
			return fail(f, ReasonInvalidUpload)
		}
		u := Upload{UploadID: ref.UploadID}
		for _, seen := range out {
			if seen.UploadID == u.UploadID {
				return fail(f, ReasonRepeatedUpload)
			}
		}
		out = append(out, u)
	}
	return out, nil, true
}
