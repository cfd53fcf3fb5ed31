package agentplan

import (
	"strings"
	"unicode/utf8"
)

// The rules compare names and SQL words the way strings.ToUpper and
// strings.ToLower see them. These helpers give the same answers without
// allocating for ASCII text, and leave other text to the general
// functions: a few non-ASCII letters fold into ASCII ("ſ" upper-cases to
// "S", the Kelvin sign lower-cases to "k").

// upperTable maps upper-case words to values; lookup(s) is
// m[strings.ToUpper(s)] without hashing or allocating for ASCII s.
type upperTable[V any] struct {
	words map[string]V // the general path
	slots [256][]upperEntry[V]
}

type upperEntry[V any] struct {
	word string
	val  V
}

func newUpperTable[V any](words map[string]V) *upperTable[V] {
	t := &upperTable[V]{words: words}
	for w, v := range words {
		if w == "" || !isASCII(w) || w != strings.ToUpper(w) {
			panic("agentplan: upperTable word " + w + " is not upper-case ASCII")
		}
		h := upperSlot(len(w), w[0], w[len(w)-1])
		t.slots[h] = append(t.slots[h], upperEntry[V]{w, v})
	}
	return t
}

// upperSlot spreads words by length and by their first and last letter,
// which the caller has upper-cased.
func upperSlot(n int, first, last byte) uint8 {
	return uint8(n*37 + int(first)*7 + int(last))
}

// lookup is m[strings.ToUpper(s)]; ascii says whether s is all ASCII,
// which callers that scan s anyway know for free.
func (t *upperTable[V]) lookup(s string, ascii bool) (V, bool) {
	if !ascii {
		v, ok := t.words[strings.ToUpper(s)]
		return v, ok
	}
	var zero V
	if s == "" {
		return zero, false
	}
	for _, e := range t.slots[upperSlot(len(s), upperASCII(s[0]), upperASCII(s[len(s)-1]))] {
		if len(e.word) == len(s) && equalUpperASCII(s, e.word) {
			return e.val, true
		}
	}
	return zero, false
}

// has is lookup for a set, for s of any kind.
func (t *upperTable[V]) has(s string) bool {
	_, ok := t.lookup(s, isASCII(s))
	return ok
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// equalUpperASCII reports whether the ASCII string s upper-cases to
// upper, which has the same length.
func equalUpperASCII(s, upper string) bool {
	for i := 0; i < len(s); i++ {
		if upperASCII(s[i]) != upper[i] {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isLower reports whether lower == strings.ToLower(s).
func isLower(lower, s string) bool {
	if !isASCII(s) {
		return lower == strings.ToLower(s)
	}
	if len(lower) != len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lowerASCII(s[i]) != lower[i] {
			return false
		}
	}
	return true
}
