package main

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/persian"
)

// readText is a command as the learned reading sees it: the planner's
// own normal form (persian.Normalize: Persian letters, Latin digits, no
// kashida, ZWNJ or bidi marks), every digit as 0 and every quoted span
// as «» — ids, counts and titles are the rules' to read, and a title
// like «حذف شده» must not say what to do.
func readText(text string) string {
	s := persian.Normalize(text)
	var b strings.Builder
	closing := rune(0)
	for i, r := range s {
		switch {
		case closing != 0:
			if r == closing {
				closing = 0
			}
			continue
		case r == '«' || r == '“' || r == '"':
			if close := closerOf(r); strings.ContainsRune(s[i+utf8.RuneLen(r):], close) {
				closing = close
				b.WriteString(" «» ")
				continue
			}
		case unicode.IsDigit(r):
			r = '0'
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// closerOf is the quote mark that ends a span its opener starts.
func closerOf(open rune) rune {
	switch open {
	case '«':
		return '»'
	case '“':
		return '”'
	}
	return open
}

// featuresOf is the sparse feature set of a read text, in sorted order:
// character 2-, 3- and 4-grams over the text with a space at either end
// (so word edges and the words either side of a space are seen), word
// unigrams and word bigrams. Character grams carry a misspelt or glued
// word («حزفش») to the grams it shares with the word it stands for.
func featuresOf(read string) []string {
	seen := map[string]bool{}
	rs := []rune(" " + read + " ")
	for n := 2; n <= 4; n++ {
		for i := 0; i+n <= len(rs); i++ {
			seen["c:"+string(rs[i:i+n])] = true
		}
	}
	words := strings.Fields(read)
	for i, w := range words {
		seen["w:"+w] = true
		if i > 0 {
			seen["b:"+words[i-1]+" "+w] = true
		}
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// vocabulary numbers the features seen in at least minDocs training
// commands, in sorted order, so that the same training set always gives
// the same columns.
type vocabulary map[string]int

func newVocabulary(docs [][]string, minDocs int) vocabulary {
	count := map[string]int{}
	for _, d := range docs {
		for _, f := range d {
			count[f]++
		}
	}
	var keep []string
	for f, n := range count {
		if n >= minDocs {
			keep = append(keep, f)
		}
	}
	sort.Strings(keep)
	v := make(vocabulary, len(keep))
	for i, f := range keep {
		v[f] = i
	}
	return v
}

// vector is a command's known features as column indexes in order,
// each of weight 1/sqrt(n), so that long and short commands weigh the
// same.
func (v vocabulary) vector(features []string) sparse {
	var x sparse
	for _, f := range features {
		if i, ok := v[f]; ok {
			x.Index = append(x.Index, i)
		}
	}
	return weighed(x)
}

// read is vector(featuresOf(text)) for a read text, without making a
// string of every feature: what a planner would run per command.
func (v vocabulary) read(text string) sparse {
	var x sparse
	buf := make([]byte, 0, 64)
	look := func() {
		if i, ok := v[string(buf)]; ok {
			x.Index = append(x.Index, i)
		}
	}
	rs := []rune(" " + text + " ")
	for n := 2; n <= 4; n++ {
		for i := 0; i+n <= len(rs); i++ {
			buf = append(buf[:0], "c:"...)
			for _, r := range rs[i : i+n] {
				buf = utf8.AppendRune(buf, r)
			}
			look()
		}
	}
	words := strings.Fields(text)
	for i, w := range words {
		buf = append(append(buf[:0], "w:"...), w...)
		look()
		if i > 0 {
			buf = append(append(append(append(buf[:0], "b:"...), words[i-1]...), ' '), w...)
			look()
		}
	}
	return weighed(x)
}

// weighed sorts and dedupes the columns and gives them their weight.
func weighed(x sparse) sparse {
	slices.Sort(x.Index)
	x.Index = slices.Compact(x.Index)
	if len(x.Index) > 0 {
		x.Value = 1 / math.Sqrt(float64(len(x.Index)))
	}
	return x
}

// bytes is the size of the feature strings a shipped model would hold.
func (v vocabulary) bytes() int {
	n := 0
	for f := range v {
		n += len(f)
	}
	return n
}
