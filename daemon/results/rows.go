package results

import (
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/jalali"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// cell is one exported value: text, or a number a spreadsheet should
// keep as a number.
type cell struct {
	text  string
	num   float64
	isNum bool
}

func textCell(s string) cell { return cell{text: s} }

func numCell(f float64, text string) cell { return cell{text: text, num: f, isNum: true} }

// The columns every export starts with.
const fixedColumns = 6

// column is one field's column; a Jalali date field has a second one
// with the same date in the Gregorian calendar.
type column struct {
	field     *fieldInfo
	gregorian bool
}

// rowMaker turns submissions into rows of cells, one column per field of
// the catalogue (every version's fields), answers named with the option
// labels of the version each submission answered.
type rowMaker struct {
	cat      *catalogue
	persian  bool
	fileLink string
	// sub is the submission whose row is being made.
	sub  *domain.Submission
	cols []column
	// first maps a field id to its (first) column's index in a row.
	first  map[string]int
	row    []cell
	stored answers.StoredReader
	times  timeCells
	memo   map[*document.Field]map[string]memoCells
}

func newRowMaker(cat *catalogue, v view) *rowMaker {
	m := &rowMaker{cat: cat, persian: v.persian, fileLink: v.fileLink, first: map[string]int{},
		memo: map[*document.Field]map[string]memoCells{}}
	for _, f := range cat.fields {
		m.first[f.ID] = fixedColumns + len(m.cols)
		m.cols = append(m.cols, column{field: f})
		if f.jalali {
			m.cols = append(m.cols, column{field: f, gregorian: true})
		}
	}
	m.row = make([]cell, fixedColumns+len(m.cols))
	return m
}

// header names the columns: the fixed ones in the caller's language, a
// field by its newest label (with its id when two fields share a label).
func (m *rowMaker) header() []string {
	locale := exportLocale(m.persian)
	h := make([]string, 0, len(fixedHeader)+len(m.cols))
	for _, t := range fixedHeader {
		h = append(h, messages.Render(locale, t))
	}
	labels := map[string]int{}
	for _, f := range m.cat.fields {
		labels[f.Label]++
	}
	for _, c := range m.cols {
		name := c.field.Label
		if labels[name] > 1 || name == "" {
			name += " [" + c.field.ID + "]"
		}
		if c.gregorian {
			name += messages.Render(locale, domain.T(" (Gregorian)"))
		}
		h = append(h, name)
	}
	return h
}

// fixedHeader names the columns every export has, in the export's
// language: their ids in English, their labels in Persian.
var fixedHeader = []domain.Text{
	domain.T("export column\x04tracking_code"),
	domain.T("export column\x04id"),
	domain.T("export column\x04status"),
	domain.T("export column\x04created_at"),
	domain.T("export column\x04created_at_jalali"),
	domain.T("export column\x04version"),
}

// exportLocale is the locale an export's texts are written in.
func exportLocale(persian bool) string {
	if persian {
		return domain.LocaleFA
	}
	return domain.LocaleEN
}

// statusNames name a submission's status in an export in both languages,
// written once: every row shows one.
var statusNames = map[domain.SubmissionStatus]domain.Both{
	domain.SubmissionNew:     both(domain.T("submission status\x04New")),
	domain.SubmissionRead:    both(domain.T("submission status\x04Read")),
	domain.SubmissionStarred: both(domain.T("submission status\x04Starred")),
	domain.SubmissionSpam:    both(domain.T("submission status\x04Spam")),
}

func both(t domain.Text) domain.Both {
	return domain.Both{EN: messages.Render(domain.LocaleEN, t), FA: messages.Render(domain.LocaleFA, t)}
}

// statusName is status in the export's language; an unknown one as it is.
func (m *rowMaker) statusName(status domain.SubmissionStatus) string {
	names, ok := statusNames[status]
	switch {
	case !ok:
		return string(status)
	case m.persian:
		return names.FA
	}
	return names.EN
}

// make fills the row of one submission; the slice is reused by the next
// call.
func (m *rowMaker) make(s *domain.Submission) []cell {
	for i := range m.row {
		m.row[i] = cell{}
	}
	var seq int64
	var vfields map[string]*document.Field
	if v := m.cat.versions[s.VersionID]; v != nil {
		seq, vfields = v.seq, v.fields
	}
	m.sub = s
	iso, jalaliTime := m.times.format(s.CreatedAt)
	m.row[0] = textCell(s.TrackingCode)
	m.row[1] = numCell(float64(s.ID), strconv.FormatInt(s.ID, 10))
	m.row[2] = textCell(m.statusName(s.Status))
	m.row[3] = textCell(iso)
	m.row[4] = textCell(jalaliTime)
	m.row[5] = numCell(float64(seq), strconv.FormatInt(seq, 10))
	list, err := m.stored.Read(s.Answers)
	if err != nil {
		return m.row
	}
	for _, a := range list {
		i, ok := m.first[a.Field]
		if !ok {
			continue // a field of a version newer than the export
		}
		fi := m.cols[i-fixedColumns].field
		vf := vfields[a.Field]
		if vf == nil {
			vf = fi.latest
		}
		memo := m.memo[vf]
		if cells, ok := memo[string(a.Value)]; ok && cells.typ == a.Type {
			m.row[i] = cells.cell
			if fi.jalali && a.Type == domain.FieldDate {
				m.row[i+1] = cells.gregorian
			}
			continue
		}
		m.row[i] = m.answerCell(a, fi, vf)
		if fi.jalali && a.Type == domain.FieldDate {
			m.row[i+1] = textCell(gregorianDate(m.row[i].text, vf))
		}
		if memoised(a.Type) && len(memo) < maxMemo {
			if memo == nil {
				memo = map[string]memoCells{}
				m.memo[vf] = memo
			}
			kept := memoCells{typ: a.Type, cell: m.row[i]}
			if fi.jalali && a.Type == domain.FieldDate {
				kept.gregorian = m.row[i+1]
			}
			memo[string(a.Value)] = kept
		}
	}
	return m.row
}

// Answers of a few types repeat from row to row and cost more to render
// than to look up (a checkbox's labels joined, a number read and written
// again, a date in the other calendar): their cells are kept, per
// version's field and stored value, up to maxMemo values a field.
type memoCells struct {
	typ             string
	cell, gregorian cell
}

var maxMemo = 1024

func memoised(typ string) bool {
	switch typ {
	case domain.FieldCheckbox, domain.FieldNumber, domain.FieldRating, domain.FieldDate:
		return true
	}
	return false
}

// timeCells writes a submission's time as the export's two columns,
// RFC 3339 in UTC and the Jalali date and time in Iran (a fixed
// +03:30). Each day's dates are formatted once, the time of day by
// hand: an export lists thousands of submissions a day, and formatting
// both whole (time.Format, jalali.FromTime) was a tenth of a CSV row's
// cost.
type timeCells struct {
	ok                bool
	utcDay, iranDay   int64
	utcDate, iranDate string // "2026-01-10T", "1404/10/20 "
	buf               []byte
}

const secondsPerDay = 86400

// iranOffset is Iran's time zone, +03:30, in seconds.
const iranOffset = 3*3600 + 1800

func (c *timeCells) format(t time.Time) (iso, jalaliTime string) {
	utcDay, utcSecond := daySecond(t.Unix())
	iranDay, iranSecond := daySecond(t.Unix() + iranOffset)
	if !c.ok || utcDay != c.utcDay || iranDay != c.iranDay {
		c.ok, c.utcDay, c.iranDay = true, utcDay, iranDay
		c.utcDate = time.Unix(utcDay*secondsPerDay, 0).UTC().Format("2006-01-02T")
		c.iranDate = jalali.FromTime(time.Unix(iranDay*secondsPerDay, 0).UTC()).String() + " "
	}
	c.buf = appendClock(append(c.buf[:0], c.utcDate...), utcSecond)
	iso = string(append(c.buf, 'Z'))
	c.buf = appendClock(append(c.buf[:0], c.iranDate...), iranSecond)
	return iso, string(c.buf)
}

// daySecond splits Unix time into its day and the second of that day.
func daySecond(unix int64) (day, second int64) {
	day, second = unix/secondsPerDay, unix%secondsPerDay
	if second < 0 {
		day, second = day-1, second+secondsPerDay
	}
	return day, second
}

// appendClock appends a second of the day as 15:04:05.
func appendClock(b []byte, second int64) []byte {
	h, m, s := second/3600, second/60%60, second%60
	return append(b, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
}

// answerCell renders one answer by its stored type; a value not of its
// type's shape as its JSON.
func (m *rowMaker) answerCell(s answers.Stored, fi *fieldInfo, vf *document.Field) cell {
	switch s.Type {
	case domain.FieldRadio, domain.FieldSelect:
		if v, ok := s.Text(); ok {
			return textCell(optionLabel(v, fi, vf))
		}
		return textCell(string(s.Value))
	case domain.FieldText, domain.FieldTextarea, domain.FieldEmail, domain.FieldDate:
		if v, ok := s.Text(); ok {
			return textCell(v)
		}
		return textCell(string(s.Value))
	}
	a, ok := s.Answer()
	if !ok {
		return textCell(string(s.Value))
	}
	switch v := a.Value.(type) {
	case float64:
		return numCell(v, answers.NumberKey(v))
	case int:
		return numCell(float64(v), strconv.Itoa(v))
	case []string:
		for i, o := range v {
			v[i] = optionLabel(o, fi, vf)
		}
		return textCell(strings.Join(v, "، "))
	case map[string]string:
		return textCell(matrixText(v, vf))
	case []answers.Upload:
		files := make([]string, len(v))
		for i, u := range v {
			files[i] = m.fileText(u.UploadID, u.Name)
		}
		return textCell(strings.Join(files, "\n"))
	case string:
		if a.Type == domain.FieldRadio || a.Type == domain.FieldSelect {
			return textCell(optionLabel(v, fi, vf))
		}
		return textCell(v)
	}
	return textCell(string(s.Value))
}

// fileText is one file of an answer: the name the respondent's file had
// and the link that opens it, or its upload id without a link.
func (m *rowMaker) fileText(id, name string) string {
	switch {
	case m.fileLink != "" && name != "":
		return name + " — " + fillLink(m.fileLink, m.sub.FormID, m.sub.ID, id)
	case m.fileLink != "":
		return fillLink(m.fileLink, m.sub.FormID, m.sub.ID, id)
	case name != "":
		return name + " [" + id + "]"
	}
	return id
}

// optionLabel names an option value as the answered version did, else
// as the newest version offering it did, else by the value itself.
func optionLabel(v string, fi *fieldInfo, vf *document.Field) string {
	for _, o := range vf.Options {
		if o.Value == v {
			return o.Label
		}
	}
	if l, ok := fi.options[v]; ok {
		return l
	}
	return v
}

// matrixText writes "row: column" pairs in the version's row order,
// then rows it did not have, sorted.
func matrixText(mv map[string]string, vf *document.Field) string {
	parts := make([]string, 0, len(mv))
	done := map[string]bool{}
	for _, r := range vf.Rows {
		if c, ok := mv[r]; ok {
			parts = append(parts, r+": "+c)
			done[r] = true
		}
	}
	var rest []string
	for r := range mv {
		if !done[r] {
			rest = append(rest, r)
		}
	}
	sort.Strings(rest)
	for _, r := range rest {
		parts = append(parts, r+": "+mv[r])
	}
	return strings.Join(parts, "؛ ")
}

// gregorianDate is a date answer in the Gregorian calendar (ISO): the
// answer itself when the answered version asked in Gregorian.
func gregorianDate(answer string, vf *document.Field) string {
	if vf.CalendarName() == document.CalendarGregorian {
		return answer
	}
	d, err := jalali.Parse(answer)
	if err != nil {
		return ""
	}
	y, mo, dd := d.Gregorian()
	return time.Date(y, mo, dd, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
}

// neutralise makes a text cell that a spreadsheet could read as a
// formula plain text. A spreadsheet may split a CSV line on a comma, a
// semicolon, the Arabic semicolon or a tab (its locale or its user picks
// one), and quotes do not hold where a field does not start with one:
// so every piece of the cell a split could make (its start, and what
// follows each of those separators or a line end, past spaces and
// quotes) that starts with = + - or @ gets an apostrophe before it, as
// OWASP's CSV injection advice has for a cell's start; a cell starting
// with a tab or a carriage return too. A code of digits a spreadsheet
// would read as a number and spoil (a leading zero: a national code, a
// mobile number; more than 15 digits: a card number) gets an invisible
// word joiner (U+2060) before it, so that it stays the text it is.
// Numbers the export itself wrote are left alone: -3 is a number, not a
// formula.
func neutralise(c cell) string {
	if c.isNum || c.text == "" {
		return c.text
	}
	s := c.text
	if digitCode(s) {
		return "\u2060" + s
	}
	var b []byte
	start := 0 // s[start:] is not copied to b yet
	piece := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case piece && (r == ' ' || r == '"'):
		case piece && (r == '=' || r == '+' || r == '-' || r == '@' || (i == 0 && (r == '\t' || r == '\r'))):
			b = append(append(b, s[start:i]...), '\'')
			start, piece = i, false
		default:
			piece = false
		}
		if r == ',' || r == ';' || r == '؛' || r == '\t' || r == '\n' || r == '\r' {
			piece = true
		}
		i += size
	}
	if b == nil {
		return s
	}
	return string(append(b, s[start:]...))
}

// digitCode reports whether s is all ASCII digits that a spreadsheet
// would turn into a number it cannot write back the same: a leading zero,
// or more digits than a double holds exactly.
func digitCode(s string) bool {
	if len(s) < 2 || (s[0] != '0' && len(s) <= 15) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// appendCSVRecord appends one CSV record as encoding/csv's Writer writes
// it with UseCRLF (comma-separated, CRLF line ends, a field quoted when
// it holds a quote, comma, CR or LF, starts with a space, or is \.; in
// a quoted field a quote is doubled and CR, LF and CRLF are each CRLF),
// straight into the page: through csv.Writer each row cost a Write into
// its bufio.Writer and a Flush into the page, to learn the page's length.
func appendCSVRecord(b []byte, record []string) []byte {
	for n, field := range record {
		if n > 0 {
			b = append(b, ',')
		}
		if !csvNeedsQuotes(field) {
			b = append(b, field...)
			continue
		}
		b = append(b, '"')
		for len(field) > 0 {
			i := strings.IndexAny(field, "\"\r\n")
			if i < 0 {
				i = len(field)
			}
			b = append(b, field[:i]...)
			if field = field[i:]; len(field) > 0 {
				switch field[0] {
				case '"':
					b = append(b, '"', '"')
				case '\n':
					b = append(b, '\r', '\n')
				}
				// A CR is dropped, as encoding/csv drops it with
				// UseCRLF: CR LF is then one CRLF.
				field = field[1:]
			}
		}
		b = append(b, '"')
	}
	return append(b, '\r', '\n')
}

// csvNeedsQuotes is encoding/csv's rule for a comma-separated field.
func csvNeedsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` {
		return true
	}
	for i := 0; i < len(field); i++ {
		if c := field[i]; c == '\n' || c == '\r' || c == '"' || c == ',' {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r)
}
