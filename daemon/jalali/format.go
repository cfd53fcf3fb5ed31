package jalali

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// String returns d as 1403/12/30: Latin digits, the year in four digits,
// month and day in two.
func (d Date) String() string { return string(d.appendDigits(make([]byte, 0, 10), '/')) }

// ISO returns d as 1403-12-30, the notation of the form document's date
// bounds; it sorts as text in date order.
func (d Date) ISO() string { return string(d.appendDigits(make([]byte, 0, 10), '-')) }

// Persian returns d as ۱۴۰۳/۱۲/۳۰, in Persian digits.
func (d Date) Persian() string { return domain.PersianDigits(d.String()) }

// PersianLong returns d as a person writes it: «۳۰ اسفند ۱۴۰۳».
func (d Date) PersianLong() string {
	return domain.PersianDigits(strconv.Itoa(d.Day)) + " " + d.Month.Persian() + " " + domain.PersianDigits(strconv.Itoa(d.Year))
}

// MarshalText returns d in ISO form, so JSON and the store carry 1403-12-30.
func (d Date) MarshalText() ([]byte, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("jalali: %d/%d/%d is not a date", d.Year, int(d.Month), d.Day)
	}
	return d.appendDigits(make([]byte, 0, 10), '-'), nil
}

// UnmarshalText accepts everything Parse accepts.
func (d *Date) UnmarshalText(text []byte) error {
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*d = p
	return nil
}

func (d Date) appendDigits(b []byte, sep byte) []byte {
	b = appendPadded(b, d.Year, 4)
	b = append(b, sep)
	b = appendPadded(b, int(d.Month), 2)
	b = append(b, sep)
	return appendPadded(b, d.Day, 2)
}

func appendPadded(b []byte, n, width int) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	var tmp [20]byte
	s := strconv.AppendInt(tmp[:0], int64(n), 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// The kinds of parse failure; test them with errors.Is.
var (
	ErrNotADate = errors.New("not a date")
	ErrYear     = errors.New("no such year")
	ErrMonth    = errors.New("no such month")
	ErrDay      = errors.New("no such day")
)

// Error says why a text or three numbers are not a date. Err is one of
// ErrNotADate, ErrYear, ErrMonth, ErrDay; Detail explains it in English for
// logs; MessageFA and MessageEN say it to the respondent. Date holds the
// year, month and day as read when there were three numbers.
type Error struct {
	Input  string
	Err    error
	Detail string
	Date   Date
}

// Text is what the respondent reads: what to type, and for a day that
// does not exist, how many days the month has (its Persian is the
// catalogue's, daemon/messages).
func (e *Error) Text() domain.Text {
	switch e.Err {
	case ErrYear:
		return domain.T("Enter the year in four digits, like 1403")
	case ErrMonth:
		return domain.T("The month must be from 1 to 12")
	case ErrDay:
		n := DaysInMonth(e.Date.Year, e.Date.Month)
		if n == 0 {
			break
		}
		month := domain.Both{EN: e.Date.Month.String(), FA: e.Date.Month.Persian()}
		return domain.T("%s %d has %d days; the day must be from 1 to %d", month, e.Date.Year, n, n)
	}
	return domain.T("Enter the date as year/month/day, like 1403/12/30")
}

func (e *Error) Error() string {
	if e.Input == "" {
		return "jalali: " + e.Err.Error() + ": " + e.Detail
	}
	return "jalali: " + strconv.Quote(e.Input) + ": " + e.Err.Error() + ": " + e.Detail
}

func (e *Error) Unwrap() error { return e.Err }

// MinYear and MaxYear bound the years Parse and New accept: a year is
// written with at most four digits.
const (
	MinYear = 1
	MaxYear = 9999
)

func (d Date) check() error {
	switch {
	case d.Year < MinYear || d.Year > MaxYear:
		return &Error{Err: ErrYear, Date: d, Detail: fmt.Sprintf("year %d is outside %d–%d", d.Year, MinYear, MaxYear)}
	case d.Month < Farvardin || d.Month > Esfand:
		return &Error{Err: ErrMonth, Date: d, Detail: fmt.Sprintf("month %d: a year has 12 months", int(d.Month))}
	case d.Day < 1:
		return &Error{Err: ErrDay, Date: d, Detail: fmt.Sprintf("day %d: days start at 1", d.Day)}
	case d.Day > DaysInMonth(d.Year, d.Month):
		if d.Month == Esfand && d.Day == 30 {
			return &Error{Err: ErrDay, Date: d, Detail: fmt.Sprintf("%d is not a leap year: Esfand has 29 days", d.Year)}
		}
		return &Error{Err: ErrDay, Date: d, Detail: fmt.Sprintf("day %d: %s has %d days", d.Day, d.Month, DaysInMonth(d.Year, d.Month))}
	}
	return nil
}

// Parse reads a date as respondents type it: year, month and day in
// Latin, Persian (۱۴۰۳) or Arabic-Indic (١٤٠٣) digits, separated by '/',
// '-', '.', '٫' (the Persian decimal mark a Persian keyboard puts where
// '.' is) or '؍' (the Arabic date separator), with or without leading
// zeros (1403/1/5), with spaces around the parts and bidi marks anywhere.
// The year has four digits. Written year last (30/12/1403, the order some
// people write by hand), the parts are day/month/year. Eight digits and
// nothing else (14031230) are year, month and day.
//
// The error says whether the text is not a date at all (ErrNotADate) or
// names a year, month or day that does not exist.
func Parse(s string) (Date, error) {
	var parts [3]field
	n := 0
	cur := field{}
	inField, sepSeen := false, false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if v, ok := digitValue(r); ok {
			if !inField {
				if n == 3 || (n > 0 && !sepSeen) {
					return Date{}, notADate(s)
				}
				inField, sepSeen = true, false
				cur = field{}
			}
			if cur.digits == 8 {
				return Date{}, notADate(s)
			}
			cur.value = cur.value*10 + v
			cur.digits++
			continue
		}
		if inField {
			parts[n] = cur
			n++
			inField = false
		}
		switch {
		case isSeparator(r):
			if n == 0 || sepSeen || n == 3 {
				return Date{}, notADate(s)
			}
			sepSeen = true
		case isSpace(r), isInvisible(r):
		default:
			return Date{}, notADate(s)
		}
	}
	if inField {
		parts[n] = cur
		n++
	}
	if sepSeen {
		return Date{}, notADate(s) // a trailing separator
	}
	var y, m, d field
	switch {
	case n == 1 && parts[0].digits == 8:
		v := parts[0].value
		y, m, d = field{v / 10000, 4}, field{v / 100 % 100, 2}, field{v % 100, 2}
	case n != 3:
		return Date{}, notADate(s)
	case parts[0].digits > 2:
		y, m, d = parts[0], parts[1], parts[2]
	case parts[2].digits > 2:
		d, m, y = parts[0], parts[1], parts[2]
	default:
		return Date{}, &Error{Input: s, Err: ErrYear, Detail: "the year must be written in four digits"}
	}
	if y.digits != 4 {
		return Date{}, &Error{Input: s, Err: ErrYear, Detail: "the year must be written in four digits"}
	}
	if m.digits > 2 || d.digits > 2 {
		return Date{}, notADate(s)
	}
	date := Date{y.value, Month(m.value), d.value}
	if err := date.check(); err != nil {
		err.(*Error).Input = s
		return Date{}, err
	}
	return date, nil
}

type field struct{ value, digits int }

func notADate(s string) error {
	return &Error{Input: s, Err: ErrNotADate, Detail: "expected year/month/day, like 1403/12/30"}
}

func digitValue(r rune) (int, bool) {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0'), true
	case r >= '۰' && r <= '۹':
		return int(r - '۰'), true
	case r >= '٠' && r <= '٩':
		return int(r - '٠'), true
	}
	return 0, false
}

func isSeparator(r rune) bool {
	return r == '/' || r == '-' || r == '.' || r == '٫' || r == '؍' || r == '／' || r == '\u2215'
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0' || r == '\u2009' || r == '\u202f'
}

// isInvisible is true for the marks a phone keyboard or a copy from a
// right-to-left page leaves in a date: bidi controls, zero-width space and
// joiners, the byte order mark.
func isInvisible(r rune) bool {
	return r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u200e' || r == '\u200f' || r == '\u061c' ||
		(r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') || r == '\ufeff'
}
