package persian

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// surfaceRune maps a rune of the user's text to the form kept in titles
// and questions: Arabic letters become their Persian twins and invisible
// marks disappear, but digits stay in the script the user typed. It
// returns -1 for runes to drop.
func surfaceRune(r rune) rune {
	switch {
	case r == 'ي' || r == 'ى':
		return 'ی'
	case r == 'ك':
		return 'ک'
	case r == 'ـ': // kashida stretches a word, it is not a letter
		return -1
	case r == '\u064B':
		// The tanween of «لطفاً», «اصلاً» is spelling, not a vowel mark:
		// a wording keeps it as typed. Keywords are compared without it.
		return r
	case r == '\u0654':
		// The hamza over a final ه («شمارهٔ», «ۀ») is how the writer
		// spells the ezafe: a wording keeps it. Keywords are compared
		// without it (matchRune).
		return r
	case r > '\u064B' && r <= '\u065F', r == '\u0670':
		// «درخواست اُو کشاورزی», «اوّل»: a vowel mark is how the writer
		// spells the word (ruling 11: wordings as typed); keywords are
		// compared without it (matchForm), so «بُکن» is «بکن».
		return r
	case r == '\u200e' || r == '\u200f' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') || r == '\ufeff' || r == '\u200b':
		return -1
	case r == '\u200d':
		return '\u200c'
	case r == '\u00a0' || r == '\u2009' || r == '\u202f' || r == '\t' || r == '\n' || r == '\r':
		return ' '
	}
	return r
}

// unmatched reports a rune a wording keeps but keywords are compared
// without: the ZWNJ and the marks written over or under letters.
func unmatched(r rune) bool {
	return r == '\u200c' || r >= '\u064B' && r <= '\u065F' || r == '\u0670'
}

// matchRune maps a surface rune to the form keywords are compared in:
// Latin digits, lower case, one kind of each quote.
func matchRune(r rune) rune {
	switch {
	case r >= '۰' && r <= '۹':
		return '0' + (r - '۰')
	case r >= '٠' && r <= '٩':
		return '0' + (r - '٠')
	case r == 'أ' || r == 'إ' || r == 'ٱ':
		return 'ا'
	case r == 'ؤ':
		return 'و'
	case r == 'ۀ' || r == 'ة':
		// «مسابقة»: the Arabic tied ت is kept in a wording as typed
		// (ruling 11) and compared as «ه».
		return 'ه'
	case r >= '\u0600' && r <= '\u06ff':
		// The Arabic block has no case; unicode.ToLower would search its
		// tables to return r unchanged (TestMatchRuneArabicBlock).
		return r
	}
	return unicode.ToLower(r)
}

// Normalize returns the text as the planner reads it: Persian letters,
// Latin digits, no kashida, diacritics or bidi marks, ZWNJ as a plain
// joiner removed, single spaces. Two commands that differ only in how
// they were typed normalise to the same string.
func Normalize(text string) string {
	var b strings.Builder
	space := false
	for _, r := range text {
		r = surfaceRune(r)
		if r < 0 {
			continue
		}
		if unmatched(r) {
			continue
		}
		r = matchRune(r)
		if unicode.IsSpace(r) {
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

// surface cleans the text for display while keeping the user's digits.
func surface(text string) string {
	// Most text is already clean; it is returned as is, not copied. A
	// RuneError may be a byte that is not UTF-8, which the copy replaces.
	// A vowel mark is kept on a letter only: on a digit, a quote or a
	// space it spells nothing, and would part what the tokenizer reads
	// together (a number broken by a stray quote).
	clean := true
	prev := ' '
	for _, r := range text {
		if surfaceRune(r) != r || r == utf8.RuneError || isHaraka(r) && !isLetter(prev) {
			clean = false
			break
		}
		if !isHaraka(r) {
			prev = r
		}
	}
	if clean {
		return text
	}
	var b strings.Builder
	prev = ' '
	for _, r := range text {
		r = surfaceRune(r)
		if r < 0 || isHaraka(r) && !isLetter(prev) {
			continue
		}
		if !isHaraka(r) {
			prev = r
		}
		b.WriteRune(r)
	}
	return b.String()
}

// matchForm turns a surface word into its comparison key.
func matchForm(s string) string {
	// Most words are their own key; see surface.
	same := true
	var p1, p2 rune
	for _, r := range s {
		if unmatched(r) || r == utf8.RuneError || matchRune(r) != r || r == p1 && r == p2 && isLetter(r) {
			same = false
			break
		}
		p1, p2 = r, p1
	}
	if same {
		return s
	}
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if unmatched(r) {
			continue
		}
		// «نکنیددددد», «لطفااا»: a letter held for stress, three times
		// or more, is the letter once. (Two is a spelling: «مدد».)
		if j := i; isLetter(r) {
			for j+1 < len(rs) && rs[j+1] == r {
				j++
			}
			if j-i >= 2 {
				i = j
			}
		}
		b.WriteRune(matchRune(r))
	}
	return b.String()
}

// isHaraka reports a vowel mark other than the tanween and the hamza
// above, which surfaceRune keeps for their own reasons: ُ َ ِ ّ ْ and the
// dagger alif.
func isHaraka(r rune) bool {
	return r > '\u064B' && r <= '\u065F' && r != '\u0654' || r == '\u0670'
}
