package planner

import (
	"strconv"
	"strings"
	"unicode"
)

// token is one word, number, quoted string or punctuation mark.
type token struct {
	m      string // comparison key: see matchForm
	s      string // surface text, as shown back to the user
	quoted bool
	punct  bool
	num    int  // value when isNum
	isNum  bool // digits or a number word
	digits bool // written with digits (an id), not as a word
	pron   bool // carried the pronoun suffix ـش ("its")
}

var quotePairs = map[rune]rune{'«': '»', '"': '"', '“': '”', '”': '”', '„': '“', '‘': '’', '\'': '\'', '‹': '›', '「': '」'}

func isPunct(r rune) bool {
	switch r {
	case '،', ',', '؛', ';', ':', '.', '!', '?', '؟', '(', ')', '[', ']', '…':
		return true
	}
	return false
}

// tokenize splits surface text into tokens, keeping quoted strings whole.
func tokenize(text string) []token {
	rs := []rune(text)
	var toks []token
	var word []rune
	flush := func() {
		if len(word) == 0 {
			return
		}
		toks = append(toks, wordToken(string(word)))
		word = word[:0]
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if closeQ, ok := quotePairs[r]; ok && (len(word) == 0 || r != '\'') {
			// An apostrophe inside an English word (don't) is not a quote.
			end := -1
			for j := i + 1; j < len(rs); j++ {
				if rs[j] == closeQ || (r == '"' && rs[j] == '”') || (r == '“' && rs[j] == '"') {
					end = j
					break
				}
			}
			if end > i {
				flush()
				inner := strings.TrimSpace(string(rs[i+1 : end]))
				toks = append(toks, token{m: matchForm(inner), s: inner, quoted: true})
				i = end
				continue
			}
			continue // an unpaired quote is noise
		}
		switch {
		case unicode.IsSpace(r):
			flush()
		case isPunct(r) && !(r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1])):
			flush()
			toks = append(toks, token{m: string(r), s: string(r), punct: true})
		case r == '#':
			flush()
		default:
			word = append(word, r)
		}
	}
	flush()
	return mergeNumbers(mergeAffixes(toks))
}

// mergeAffixes joins the parts of one word that were typed apart because
// the ZWNJ between them became a space: the plural «ها/های» with its noun
// («فرم ها») and the verb prefix «می/نمی» with its verb («نمی خواهم»).
// The surface keeps the user's spacing; only the comparison key is joined.
func mergeAffixes(toks []token) []token {
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		plain := !t.quoted && !t.punct && !t.isNum
		if plain && (t.m == "می" || t.m == "نمی") && i+1 < len(toks) && isWord(toks[i+1]) {
			next := wordToken(t.s + toks[i+1].s)
			next.s = t.s + " " + toks[i+1].s
			out = append(out, next)
			i++
			continue
		}
		if plain && isAny(t.m, "ها", "های", "هایی", "هاى") && len(out) > 0 && isWord(out[len(out)-1]) {
			prev := out[len(out)-1]
			merged := wordToken(prev.s + t.s)
			merged.s = prev.s + " " + t.s
			out[len(out)-1] = merged
			continue
		}
		out = append(out, t)
	}
	return out
}

func isWord(t token) bool { return !t.quoted && !t.punct && !t.isNum }

func wordToken(s string) token {
	t := token{s: s, m: matchForm(s)}
	if n, err := strconv.Atoi(t.m); err == nil && n >= 0 {
		t.num, t.isNum, t.digits = n, true, true
		return t
	}
	if n, ok := numberWords[t.m]; ok {
		t.num, t.isNum = n, true
		return t
	}
	// A counter joined to its number: دوتا, سه‌تا.
	if base, ok := strings.CutSuffix(t.m, "تا"); ok {
		if n, ok := numberWords[base]; ok && base != "" {
			t.num, t.isNum = n, true
			return t
		}
	}
	// The pronoun suffix ـش / ـاش: منتشرش, نتایجش, اسمش, بهش; in speech it
	// takes the object marker along: اسمشو = اسمش رو.
	for _, suf := range []string{"اشو", "شو", "اش", "ش"} {
		if base, ok := strings.CutSuffix(t.m, suf); ok && pronounBases[base] {
			t.m, t.pron = base, true
			return t
		}
	}
	return t
}

// pronounBases are words that take ـش meaning "of it / to it" in commands.
var pronounBases = map[string]bool{
	"منتشر": true, "نتایج": true, "نتیجه": true, "اسم": true, "نام": true, "عنوان": true,
	"به": true, "پیشنویس": true, "سوالات": true, "سوالها": true, "پاسخها": true, "جوابها": true,
	"بساز": true, "بسازید": true, "بذار": true, "بگذار": true, "فرم": true, "تیتر": true, "برا": true, "برای": true,
	"تو": true, "داخل": true, "باز": true, "ویرایش": true,
}

// mergeNumbers joins compound number words (بیست و سه → 23) into one token.
func mergeNumbers(toks []token) []token {
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.isNum && !t.digits && t.num >= 20 && t.num%10 == 0 && i+2 < len(toks) && toks[i+1].m == "و" && toks[i+2].isNum && !toks[i+2].digits && toks[i+2].num < t.num {
			u := toks[i+2]
			out = append(out, token{m: t.m + " و " + u.m, s: t.s + " و " + u.s, num: t.num + u.num, isNum: true})
			i += 2
			continue
		}
		out = append(out, t)
	}
	return out
}

var numberWords = map[string]int{
	"یک": 1, "یه": 1, "یکی": 1, "دو": 2, "سه": 3, "چهار": 4, "پنج": 5, "شش": 6, "شیش": 6, "هفت": 7, "هشت": 8, "نه": 9, "ده": 10,
	"یازده": 11, "دوازده": 12, "سیزده": 13, "چهارده": 14, "پانزده": 15, "پونزده": 15, "شانزده": 16, "شونزده": 16,
	"هفده": 17, "هیفده": 17, "هجده": 18, "هیجده": 18, "نوزده": 19, "بیست": 20, "سی": 30, "چهل": 40, "پنجاه": 50,
	"شصت": 60, "هفتاد": 70, "هشتاد": 80, "نود": 90, "صد": 100,
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12,
}

// ordinal reads اول, دوم, سومین, third, 3rd… as a 1-based position.
func ordinal(m string) (int, bool) {
	switch m {
	case "اول", "اولین", "نخست", "نخستین", "first", "1st":
		return 1, true
	case "سوم", "سومین", "third", "3rd":
		return 3, true
	case "second", "2nd":
		return 2, true
	case "fourth", "4th":
		return 4, true
	case "fifth", "5th":
		return 5, true
	}
	base := strings.TrimSuffix(m, "ین")
	if b, ok := strings.CutSuffix(base, "م"); ok {
		if n, ok := numberWords[b]; ok && b != "یک" && b != "یه" && b != "یکی" {
			return n, true
		}
		if n, err := strconv.Atoi(b); err == nil && n > 0 {
			return n, true
		}
	}
	for _, suf := range []string{"th", "st", "nd", "rd"} {
		if b, ok := strings.CutSuffix(m, suf); ok {
			if n, err := strconv.Atoi(b); err == nil && n > 0 {
				return n, true
			}
		}
	}
	return 0, false
}
