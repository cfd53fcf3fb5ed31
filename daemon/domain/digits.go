package domain

import "strings"

// PersianDigits writes the Latin digits of s as Persian ones, for Persian
// text: numbers in Latin digits inside Persian text read as foreign.
func PersianDigits(s string) string { return persian(s, false) }

// Numeral is a number written as text (a bound, a step, a date) as an
// argument of a Text: the Persian text shows it in Persian digits, with
// the Persian decimal mark «٫» and the minus sign «−» (Persian text runs
// right to left; a hyphen would read as a dash), the English as it is.
type Numeral string

// String is the numeral as written.
func (n Numeral) String() string { return string(n) }

// Persian is the numeral as Persian text writes it.
func (n Numeral) Persian() string { return persian(string(n), true) }

// persian is the one place Latin digits become Persian ones; marks
// converts the decimal point and the minus sign too.
func persian(s string, marks bool) string {
	if strings.IndexFunc(s, func(r rune) bool { return r >= '0' && r <= '9' || marks && (r == '.' || r == '-') }) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(2 * len(s))
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			r = '۰' + (r - '0')
		case marks && r == '.':
			r = '٫'
		case marks && r == '-':
			r = '−'
		}
		b.WriteRune(r)
	}
	return b.String()
}
