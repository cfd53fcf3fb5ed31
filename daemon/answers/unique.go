package answers

import (
	"strings"
	"unicode"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
)

// UniqueValue is what an answer to a question marked unique is compared
// by, so that one person typing the same thing another way is still one
// person. value is the answer as Validate normalised it, which already
// makes one of «۰۹۱۲…», «+98 912…» and «98912…» (mobile_ir), Persian and
// Arabic digits of a national code, and the case of an email's domain.
// Emails are compared as judged (the part before @ is the mail server's,
// kept as typed). Any other text is compared with every digit Latin,
// Arabic ي/ى/ك/ة as their Persian twins, the zero-width non-joiner,
// joiner and kashida gone, runs of spaces one space, and letters in lower
// case. ok is false for a field that is not unique or an answer that is
// not text.
func UniqueValue(f *document.Field, value any) (key string, ok bool) {
	s, isText := value.(string)
	if !f.IsUnique() || !isText || s == "" {
		return "", false
	}
	if f.Type == "email" || (f.Format != nil && *f.Format == string(iranformat.FormatEmail)) {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range iranformat.Digits(s) {
		switch {
		case r == 'ي' || r == 'ى':
			r = 'ی'
		case r == 'ك':
			r = 'ک'
		case r == 'ة':
			r = 'ه'
		case r == '\u200c' || r == '\u200d' || r == 'ـ':
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	if b.Len() == 0 {
		return "", false
	}
	return b.String(), true
}

// AlreadyUsed is the refusal of a submission whose answers to the unique
// questions fields another kept entry of the form has: INVALID_SUBMISSION
// with one already_used entry per field, saying nothing of that entry.
func AlreadyUsed(fields []string) error {
	list := make([]FieldError, len(fields))
	for i, f := range fields {
		list[i] = entry(f, ReasonAlreadyUsed)
	}
	return invalid(list)
}
