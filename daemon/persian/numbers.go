package persian

import (
	"strconv"
	"strings"
)

// mergeNumbers joins compound number words (بیست و سه → 23) into one token.
// Like mergeAffixes, it merges in place.
func mergeNumbers(toks []token) []token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if i+2 < len(toks) && numberGoesOn(t, toks[i+1], toks[i+2]) {
			t.fuzzy = true // «بیست و شیس» (spelledbyear.go)
		}
		// «صد و چهل و شش»: hundreds, then tens, then units, each part
		// smaller than the place the sum has reached.
		if t.isNum && !t.digits && t.num >= 20 && t.num%10 == 0 && i+2 < len(toks) && toks[i+1].m == "و" && toks[i+2].isNum && !toks[i+2].digits && toks[i+2].num < t.num {
			m := token{m: t.m, s: t.s, num: t.num, isNum: true, fuzzy: t.fuzzy}
			for i+2 < len(toks) && toks[i+1].m == "و" && toks[i+2].isNum && !toks[i+2].digits && toks[i+2].num > 0 && toks[i+2].num < placeLeft(m.num) {
				u := toks[i+2]
				m.m, m.s, m.num, m.fuzzy = m.m+" و "+u.m, m.s+" و "+u.s, m.num+u.num, m.fuzzy || u.fuzzy
				i += 2
			}
			out = append(out, m)
			continue
		}
		// «بیستو سه»: the «و» typed onto the tens.
		if base, ok := strings.CutSuffix(t.m, "و"); ok && !t.quoted && !t.isNum && i+1 < len(toks) && toks[i+1].isNum && !toks[i+1].digits {
			if tens, ok := numberWords[base]; ok && tens >= 20 && tens%10 == 0 && toks[i+1].num < tens {
				u := toks[i+1]
				out = append(out, token{m: base + " و " + u.m, s: t.s + " " + u.s, num: tens + u.num, isNum: true, fuzzy: u.fuzzy})
				i++
				continue
			}
		}
		// «بیست و یکم»: a compound ordinal, read as the digits with «م».
		if t.isNum && !t.digits && t.num >= 20 && t.num%10 == 0 && i+2 < len(toks) && toks[i+1].m == "و" {
			if u, ok := unitOrdinal(toks[i+2].m); ok {
				out = append(out, token{m: strconv.Itoa(t.num+u) + "م", s: t.s + " و " + toks[i+2].s, fuzzy: t.fuzzy || toks[i+2].fuzzy})
				i += 2
				continue
			}
		}
		// «سوال پنج ام», «سی امین»: the ordinal suffix typed apart.
		if t.isNum && i+1 < len(toks) && !toks[i+1].quoted && isAny(toks[i+1].m, "ام", "امین", "مین") {
			key := strconv.Itoa(t.num) + "ام"
			out = append(out, token{m: key, s: t.s + " " + toks[i+1].s, fuzzy: t.fuzzy})
			i++
			continue
		}
		// «سوال ۵ گزینه‌ای», «با سه گزینه», «امتیازی پنج ستاره‌ای», «از ۱۰
		// امتیاز»: after a question noun, «با», «از» or a type the number
		// counts options, stars or points, and with them names the
		// question's kind, not five questions.
		if t.isNum && i+1 < len(toks) && len(out) > 0 {
			prev := out[len(out)-1].m
			// «…، ۵ ستاره»: said after a comma, the scale of the question
			// just named.
			after := questionNouns[prev] || prev == "با" || prev == "از" || typeWords[prev] || (prev == "،" || prev == ",") && questionBefore(out)
			// «با دو گزینهٔ «دختر» و «پسر»»: the options named next are
			// the list the number counts.
			listed := i+2 < len(toks) && (toks[i+2].quoted || toks[i+2].m == ":")
			if key := scaleWord(toks[i+1]); after && key != "" && !listed {
				opt := toks[i+1]
				opt.m, opt.s = key, t.s+" "+opt.s
				out = append(out, opt)
				i++
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// scaleWord returns the type word that a number before t names: options
// make a choice question, stars or points a rating. "" when t is none.
func scaleWord(t token) string {
	switch {
	case t.quoted || t.punct:
		return ""
	case isAny(t.m, "گزینه", "گزینهای", "گزینهایی"):
		return "گزینهای"
	case isAny(t.m, "ستاره", "ستارهای", "ستارهایی", "stars", "star"):
		return "ستارهای"
	case isAny(t.m, "امتیاز", "امتیازی", "نمره", "نمرهای", "points", "point"):
		return "امتیازی"
	}
	return ""
}

// unitOrdinal reads the ordinal of a unit, «یکم» to «نهم» (with or
// without ـین), as the last word of a compound ordinal. Alone «یکم» is
// also "a little", so ordinal does not read it.
func unitOrdinal(m string) (int, bool) {
	base, ok := strings.CutSuffix(strings.TrimSuffix(m, "ین"), "م")
	if !ok {
		return 0, false
	}
	if base == "سو" {
		return 3, true
	}
	n, ok := numberWords[base]
	return n, ok && n >= 1 && n <= 9 && base != "یه" && base != "یکی"
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
	// The ezafe said as «ه»: «سوال دومه فرم ۳».
	if b, ok := strings.CutSuffix(m, "ه"); ok && strings.HasSuffix(b, "م") {
		if n, ok := ordinal(b); ok {
			return n, true
		}
	}
	// The spoken substantive ordinal: «دومی», «سومی» (the second one).
	if b, ok := strings.CutSuffix(m, "ی"); ok && !strings.HasSuffix(b, "ین") {
		if n, ok := ordinal(b); ok {
			return n, true
		}
	}
	base := strings.TrimSuffix(m, "ین")
	// Digits with the ordinal suffix: «۵ام», «۵امین», «۳مین»; a number
	// word ending in «ی» takes «ام» too: «سی‌ام» (thirtieth).
	if b, ok := strings.CutSuffix(base, "ام"); ok && allDigits(b) {
		if n, ok := atoi(b); ok && n > 0 {
			return n, true
		}
	} else if ok && strings.HasSuffix(b, "ی") {
		if n, ok := numberWords[b]; ok && n >= 10 {
			return n, true
		}
	}
	if b, ok := strings.CutSuffix(base, "م"); ok {
		if n, ok := numberWords[b]; ok && b != "یک" && b != "یه" && b != "یکی" {
			return n, true
		}
		if n, ok := atoi(b); ok && n > 0 {
			return n, true
		}
	}
	for _, suf := range []string{"th", "st", "nd", "rd"} {
		if b, ok := strings.CutSuffix(m, suf); ok {
			if n, ok := atoi(b); ok && n > 0 {
				return n, true
			}
		}
	}
	return 0, false
}

// atoi is strconv.Atoi without the error value, which is allocated on
// every failure: most words are not numbers, and Atoi can only accept a
// string that starts with a sign or a digit.
func atoi(s string) (int, bool) {
	if s == "" || !(s[0] == '+' || s[0] == '-' || '0' <= s[0] && s[0] <= '9') {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// allDigits reports a non-empty run of ASCII digits (matchForm has
// already turned Persian and Arabic-Indic digits into them).
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// placeLeft is the largest part a compound number can still take after
// n: below 100 after whole hundreds, below 10 after whole tens, nothing
// after units.
func placeLeft(n int) int {
	switch {
	case n%100 == 0:
		return 100
	case n%10 == 0:
		return 10
	}
	return 0
}

// questionBefore reports a question named in the tokens read so far,
// whose scale a number after a comma may give («…، ۵ ستاره»); after a
// greeting («سلام، یه امتیازی …») the number counts a new question.
func questionBefore(out []token) bool {
	for _, t := range out {
		if !t.quoted && (questionNouns[t.m] || typeWords[t.m]) {
			return true
		}
	}
	return false
}
