package domain

import (
	"strconv"
	"strings"
)

// PersianDigits writes the Latin digits of s as Persian ones, for Persian
// messages: numbers in Latin digits inside Persian text read as foreign.
func PersianDigits(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		if r >= '0' && r <= '9' {
			r = '۰' + (r - '0')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// PersianNumber is n in Persian digits.
func PersianNumber(n int) string { return PersianDigits(strconv.Itoa(n)) }
