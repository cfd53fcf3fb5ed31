package sqlstore

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Full-text search on MariaDB and MySQL. Their FULLTEXT indexes drop
// words shorter than three letters and English stop words, and cannot
// be told to normalise Persian as SearchText does, so the store keeps
// the words itself: submission_terms holds each distinct word of a
// submission's search text, split and folded as SQLite's unicode61
// tokenizer with remove_diacritics 2 does, and a search asks that each
// word typed begin one of them (the prefix query FTS5 runs).

// maxTermRunes is the longest word kept; a longer one is kept cut, and
// still matches any search for a prefix of it up to this length.
const maxTermRunes = 100

// searchWords splits normalised text into words as unicode61 does: at
// everything but letters, digits and marks.
func searchWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
}

// foldTerm lower-cases a word and takes the diacritics off Latin
// letters (é → e), as unicode61's remove_diacritics does; Persian and
// Arabic letters and their marks are kept as SearchText left them.
func foldTerm(w string) string {
	w = strings.ToLower(w)
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		if r >= 0x300 && r <= 0x36f { // combining diacritical marks
			continue
		}
		b.WriteRune(r)
	}
	out := norm.NFC.String(b.String())
	if n := 0; len(out) > maxTermRunes {
		for i := range out {
			if n == maxTermRunes {
				return out[:i]
			}
			n++
		}
	}
	return out
}

// indexTerms returns the distinct folded words of normalised text.
func indexTerms(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range searchWords(text) {
		if t := foldTerm(w); t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// searchTerms is what an admin typed, as the words a search asks for: at
// most 16, folded as the kept words are.
func searchTerms(typed string) []string {
	terms := indexTerms(SearchText(typed))
	if len(terms) > 16 {
		terms = terms[:16]
	}
	return terms
}
