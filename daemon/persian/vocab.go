package persian

import (
	"strings"
	"unicode/utf8"
)

// clause is a token slice with the helpers the grammar needs.
type clause []token

// phrase is a vocabulary entry split into its words once, when the
// package loads, so matching never splits or looks up strings.
type phrase struct {
	key    string
	words  []string
	joined string // the words typed as one, "" for one-word keys
	first  rune   // first rune of words[0], and so of joined
	// second and secondJoined are the second runes of words[0] and of
	// joined, -1 when there is none: a token of two runes or more is a
	// prefix of neither unless its second rune is one of them.
	second, secondJoined rune
}

// secondRune returns the second rune of w, or -1 when w has fewer than
// two runes or its second is not valid UTF-8 (and so proves nothing).
func secondRune(w string) rune {
	n := runeLen(w)
	if n+2 <= len(w) && w[n] >= 0xc2 && w[n] <= 0xdf && w[n+1]&0xc0 == 0x80 {
		// A rune of two bytes, as every Persian letter is, decoded
		// here: it is most of what the vocabularies are asked.
		return rune(w[n]&0x1f)<<6 | rune(w[n+1]&0x3f)
	}
	r, size := utf8.DecodeRuneInString(w[n:])
	if size == 0 || r == utf8.RuneError {
		return -1
	}
	return r
}

// runeLen is the length in bytes of the first rune of w, as
// utf8.DecodeRuneInString gives it, read from its first bytes where
// they are ASCII or a rune of two bytes.
func runeLen(w string) int {
	switch {
	case w == "":
		return 0
	case w[0] < 0x80:
		return 1
	case w[0] >= 0xc2 && w[0] <= 0xdf && len(w) > 1 && w[1]&0xc0 == 0x80:
		return 2
	}
	_, n := utf8.DecodeRuneInString(w)
	return n
}

// mayStart reports whether a token whose key has r1 as its second rune
// (-1 for none) may start p, its first rune being p's.
func (p *phrase) mayStart(r1 rune) bool {
	return r1 < 0 || r1 == p.second || r1 == p.secondJoined
}

// vocab is a list of phrases, kept in the order given: where the first
// match wins (field types, position markers), earlier entries come first.
// vocabWords holds every word of every phrase the grammar matches:
// the words a reading accounts for without marking them (coverage.go).
var vocabWords = map[string]bool{}

type vocab struct {
	// first[k] is phrases[k].first, kept apart so that passing over the
	// phrases a token cannot start reads a few bytes, not every phrase.
	first   []rune
	phrases []phrase
	// byFirst lists, for each value of a first rune's low byte, the
	// indexes of the phrases whose first rune has it, in order, for
	// vocabularies long enough that scanning first[] costs more than
	// reading the list (indexedVocab). The low byte tells the runes of
	// the Arabic block apart, and a list is read without hashing.
	byFirst *[256][]int
	// starts holds the first rune of every phrase: most tokens start
	// with a rune no phrase starts with, and are turned away by one test.
	starts runeSet
}

// runeSet is a set of runes kept as one bit for each value of r&255: a
// rune outside it is certainly not in the set, one in it may be.
type runeSet [4]uint64

func (s *runeSet) add(r rune) { s[r>>6&3] |= 1 << (r & 63) }

// mayHave reports whether r may be in the set: false means it is not.
func (s *runeSet) mayHave(r rune) bool { return s[r>>6&3]&(1<<(r&63)) != 0 }

// firstRunes is the set of the first runes of words.
func firstRunes(words []string) runeSet {
	var s runeSet
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		s.add(r)
	}
	return s
}

// indexedVocab is the length from which a vocabulary gets byFirst.
const indexedVocab = 16

func newVocab(keys ...string) *vocab {
	for _, k := range keys {
		for _, w := range strings.Fields(k) {
			vocabWords[w] = true
		}
		vocabWords[strings.ReplaceAll(k, " ", "")] = true
	}
	v := &vocab{first: make([]rune, 0, len(keys)), phrases: make([]phrase, 0, len(keys))}
	for _, k := range keys {
		p := phrase{key: k, words: strings.Fields(k), first: -1, second: -1, secondJoined: -1}
		if len(p.words) > 1 {
			p.joined = strings.Join(p.words, "")
			p.secondJoined = secondRune(p.joined)
		}
		if len(p.words) > 0 {
			p.first, _ = utf8.DecodeRuneInString(p.words[0])
			p.second = secondRune(p.words[0])
		}
		v.first = append(v.first, p.first)
		v.phrases = append(v.phrases, p)
		if p.first >= 0 {
			v.starts.add(p.first)
		}
	}
	if len(v.phrases) >= indexedVocab {
		v.byFirst = new([256][]int)
		for k, r := range v.first {
			if r >= 0 {
				v.byFirst[r&255] = append(v.byFirst[r&255], k)
			}
		}
	}
	return v
}

// at reports how many tokens starting at i spell p, where one word of p
// may be written as one token or split over up to three (ZWNJ typed as a
// space: «پیش نویس», «چند گزینه ای»). 0 means no match.
func (c clause) at(i int, p *phrase) int {
	if i >= len(c) {
		return 0
	}
	t := &c[i]
	// Every match starts with a token that is a prefix of p's first word
	// (or of its joined form), so a token starting with another rune
	// cannot match; this rejects most phrases without reading them.
	if t.quoted || t.punct || t.r0 >= 0 && t.r0 != p.first {
		return 0
	}
	n := 0
	for _, w := range p.words {
		k := c.word(i+n, w)
		if k == 0 {
			n = -1
			break
		}
		n += k
	}
	if n > 0 {
		return n
	}
	// The words of the key typed as one: «چندگزینه‌ای», «ستاره‌ای».
	if p.joined != "" {
		return c.word(i, p.joined)
	}
	return 0
}

// word reports how many tokens (up to three) starting at i spell w. The
// tokens are compared piece by piece against what is left of w, which
// is what joining them and comparing would give, without building the
// joined string.
func (c clause) word(i int, w string) int {
	if i >= len(c) || c[i].quoted || c[i].punct {
		return 0
	}
	if c[i].m == w {
		return 1
	}
	if !strings.HasPrefix(w, c[i].m) {
		return 0
	}
	rest := w[len(c[i].m):]
	for k := 1; k < 3 && i+k < len(c); k++ {
		if c[i+k].quoted || c[i+k].punct {
			return 0
		}
		m := c[i+k].m
		if rest == m {
			return k + 1
		}
		if !strings.HasPrefix(rest, m) {
			return 0
		}
		rest = rest[len(m):]
	}
	return 0
}

// next returns the first phrase of v, from the k-th on, that matches at
// i, and the match's length; the length is 0 when none does.
func (c clause) next(i int, v *vocab, k int) (int, int) {
	if i >= len(c) || c[i].quoted || c[i].punct {
		return len(v.first), 0
	}
	r0 := c[i].r0
	if r0 >= 0 && !v.starts.mayHave(r0) {
		return max(k, len(v.first)), 0
	}
	r1 := rune(-1)
	if r0 >= 0 {
		r1 = secondRune(c[i].m)
	}
	if r0 >= 0 && v.byFirst != nil {
		for _, j := range v.byFirst[r0&255] {
			if j < k || v.first[j] != r0 || !v.phrases[j].mayStart(r1) {
				continue
			}
			if n := c.at(i, &v.phrases[j]); n > 0 {
				return j, n
			}
		}
		return len(v.first), 0
	}
	for ; k < len(v.first); k++ {
		if r0 >= 0 && (v.first[k] != r0 || !v.phrases[k].mayStart(r1)) {
			continue
		}
		if n := c.at(i, &v.phrases[k]); n > 0 {
			return k, n
		}
	}
	return k, 0
}

// atAny returns the length of the first phrase of v that matches at i.
func (c clause) atAny(i int, v *vocab) int {
	_, n := c.next(i, v, 0)
	return n
}

// find returns the first position where any phrase matches, and its length.
func (c clause) find(from int, v *vocab) (int, int) {
	for i := from; i < len(c); i++ {
		if n := c.atAny(i, v); n > 0 {
			return i, n
		}
	}
	return -1, 0
}

func (c clause) has(v *vocab) bool {
	i, _ := c.find(0, v)
	return i >= 0
}

func (c clause) hasUnused(used []bool, v *vocab) bool {
	return c.unusedAt(used, v) >= 0
}

// unusedAt returns where an unused phrase of v starts, or -1.
func (c clause) unusedAt(used []bool, v *vocab) int {
	for i := range c {
		if !used[i] && c.atAny(i, v) > 0 {
			return i
		}
	}
	return -1
}

// setOf is words as a set, for the word lists asked of nearly every
// token (lightVerbs, clauseVerbs, placeVerbs): one lookup instead of a
// comparison with each word.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var (
	lightVerbSet  = setOf(lightVerbs...)
	clauseVerbSet = setOf(clauseVerbs...)
	placeVerbSet  = setOf(placeVerbs...)
)

// stem is a create verb and whether its inflections count, decided once.
type stem struct {
	s      string
	prefix bool
}

// matches reports whether a word is the stem or, for a prefix stem, one
// of its inflections.
func (st stem) matches(m string) bool {
	return m == st.s || st.prefix && strings.HasPrefix(m, st.s)
}

func markUsed(used []bool, from, to int) {
	for k := from; k < to && k < len(used); k++ {
		used[k] = true
	}
}

func isLatin(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isAny(m string, words ...string) bool {
	for _, w := range words {
		if m == w {
			return true
		}
	}
	return false
}

// markUnused marks the first unused phrase of v used, and reports
// whether there was one.
func (c clause) markUnused(used []bool, v *vocab) bool {
	i := c.unusedAt(used, v)
	if i < 0 {
		return false
	}
	markUsed(used, i, i+c.atAny(i, v))
	return true
}
