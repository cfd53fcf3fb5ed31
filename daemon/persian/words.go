package persian

import (
	"strings"
	"unicode/utf8"
)

func wordToken(s string) token {
	t := token{s: s, m: matchForm(s)}
	// «بکو», «مُخُم», «هسه»: a word of regional Persian is the standard
	// word it means (regional.go), looked up exactly, never by sound.
	if std, known, ok := regionalWord(t.m); ok {
		nt := wordToken(std)
		nt.s = s
		_, nt.dari = dariWords[t.m]
		_, nt.azeri = azeriKeys[t.m]
		return nt
	} else if known {
		return t
	}
	// «گزینه‌ی دوم»: the ezafe written on a noun ending in a silent «ه»
	// (spelledbyear.go).
	if base, ok := earEzafe(t.m); ok {
		t.m = base
		return t
	}
	// «یدونه سوال»: «یه دونه», one, typed as one word.
	if isAny(t.m, "یدونه", "یهدونه", "یکدونه") {
		t.m = "یه"
	}
	if n, ok := atoi(t.m); ok && n >= 0 {
		t.num, t.isNum, t.digits = n, true, true
		return t
	}
	if n, ok := numberWords[t.m]; ok {
		t.num, t.isNum = n, true
		return t
	}
	// «بیستوسه»: a compound number typed as one word.
	if k := strings.Index(t.m, "و"); k > 0 {
		tens, ok1 := numberWords[t.m[:k]]
		unit, ok2 := numberWords[t.m[k+len("و"):]]
		if ok1 && ok2 && tens >= 20 && tens%10 == 0 && unit < 10 && unit > 0 {
			t.num, t.isNum = tens+unit, true
			return t
		}
	}
	// «تایپش دیت باشه»: an English noun of the grammar written in
	// Persian letters is the English word, with its pronoun suffix.
	if w, ok := englishInPersian[t.m]; ok {
		t.m = w
		return t
	}
	if base, ok := strings.CutSuffix(t.m, "ش"); ok {
		if w, ok := englishInPersian[base]; ok {
			t.m, t.pron = w, true
			return t
		}
	}
	// «بذا», «وردا»: an imperative said without its last «ر» (clippedR).
	if full, ok := clippedR[t.m]; ok {
		t.m = full
		return t
	}
	// «بیدین»: a regional filler, read as no other word by its sound.
	if regionalFillers[t.m] {
		return t
	}
	// «اینو», «اونو»: a demonstrative with the spoken object marker ـو
	// typed on is the demonstrative («این رو»).
	if base, ok := strings.CutSuffix(t.m, "و"); ok && isAny(base, "این", "اون", "همین", "همون") {
		t.m = base
		return t
	}
	// «فرمه ۱۲ رو …», «سواله ۴ رو …»: the spoken definite ـه («the
	// form») typed on the noun of a form or a question is the noun.
	if base, ok := strings.CutSuffix(t.m, "ه"); ok && (isAny(base, "فرم", "سوال", "سؤال", "پرسش", "فیلد")) {
		t.m = base
		return t
	}
	// A counter joined to its number: دوتا, سه‌تا.
	if base, ok := strings.CutSuffix(t.m, "تا"); ok {
		if n, ok := numberWords[base]; ok && base != "" {
			t.num, t.isNum = n, true
			return t
		}
	}
	// A question named by the size of its scale, the number joined on:
	// «چهارگزینه‌ای», «۴گزینه‌ای» (a choice question), «پنج‌ستاره‌ای» (a
	// rating). The number counts options or stars, not questions.
	for _, sc := range scaleSuffixes {
		if base, ok := strings.CutSuffix(t.m, sc.suffix); ok && base != "" {
			if _, isNumber := numberWords[base]; isNumber || allDigits(base) {
				t.m = sc.key
				return t
			}
		}
	}
	// The pronoun suffix ـش / ـاش: منتشرش, نتایجش, اسمش, بهش; in speech it
	// takes the object marker along (اسمشو = اسمش رو) or «هم» (اسمشم =
	// اسمش هم). ـشون / ـشان is the plural: منتشرشون کن for the forms named.
	if k := strings.LastIndex(t.m, "ش"); k > 0 && pronounSuffixes[t.m[k:]] {
		base := t.m[:k]
		if !pronounBases[base] {
			base = strings.TrimSuffix(base, "ا") // ـاش after a silent ه: نتیجه‌اش
		}
		// «requiredش», «حزفش»: an English word, or a slip of a word
		// that takes the suffix, with it typed on.
		if !pronounBases[base] && isLatin(base) && base != "" {
			t.m, t.pron = base, true
			if n, ok := atoi(base); ok && n >= 0 {
				// «سوال ۲‌ش»: its question 2, the number still a number.
				t.num, t.isNum, t.digits = n, true, true
			}
			return t
		}
		if fix, ok := misspellings[base]; ok && pronounBases[fix] {
			base = fix
		} else if fix, ok := soundWord(base); ok && pronounBases[fix] {
			base = fix
		}
		if pronounBases[base] {
			t.m, t.pron = base, true
			return t
		}
		// «سوال دومش»: its second question. «اولش» is its beginning, a
		// place (topMarkersV).
		if _, ok := ordinal(t.m[:k]); ok && k > 0 && t.m[:k] != "اول" {
			t.m, t.pron = t.m[:k], true
			return t
		}
	}
	if t.m == "ر" {
		// «رُ»: «رو» as it is said, its vowel written as a mark (and the
		// mark dropped); «ر» alone is no other word.
		t.m = "رو"
		return t
	}
	if w, ok := finglishSpelling(t.m); ok {
		// Read as the Persian word is, suffixes and all («esmesh» is
		// «اسمش», its name), the surface kept as typed.
		nt := wordToken(w)
		nt.s = t.s
		return nt
	}
	if base, ok := finglishPronoun(t.m); ok {
		t.m, t.pron = base, true
		return t
	}
	if t.m != "" && t.m[0] < 0x80 {
		if w, _, fuzzy, ok := finglishWord(t.m); ok {
			// «sval», «gozinehaye», «bezarid»: a Finglish spelling read as
			// the Persian word, the surface kept as typed.
			nt := wordToken(w)
			nt.s, nt.fuzzy = t.s, nt.fuzzy || fuzzy
			return nt
		}
	}
	if w, ok := englishNounSlip(t.m); ok {
		t.m, t.fuzzy = w, true
		return t
	}
	if w, ok := englishStem(t.m); ok {
		t.m = w
		return t
	}
	// «پاک نکنیا», «منتشرش کنیا»: the spoken «ـیا» of insistence typed
	// on a verb leaves the verb.
	if base, ok := strings.CutSuffix(t.m, "یا"); ok && (negativeVerbs[base] || lightVerbSet[base]) {
		t.m = base
		return t
	}
	// «غیرفعال‌سازی», «فعال‌سازی»: the act of making a form so, said as
	// a noun with «‌سازی» typed on, is the act.
	if base, ok := strings.CutSuffix(t.m, "سازی"); ok && (isAny(base, disableWords...) || isAny(base, publishWords...) || isAny(base, draftWords...)) {
		t.m = base
		return t
	}
	if w, ok := spokenSpellings[t.m]; ok && len(t.m) < 6 {
		// «طا»: a short word typed as it sounds, too short for the key.
		t.m, t.fuzzy = w, true
		return t
	}
	if len(t.m) == 4 && t.m[0] >= 0x80 {
		// «صه»: a number word of two letters spelt by ear
		// (spelledbyear.go).
		if nt, ok := earToken(t); ok {
			return nt
		}
	}
	if len(t.m) < 6 || t.m[0] < 0x80 {
		return englishPossessive(t)
	}
	// Spoken plural ـا for ـها: فرما, فرمای, جوابای, سوالا.
	if base, ok := strings.CutSuffix(t.m, "ا"); ok && spokenPluralBases[base] {
		t.m = base + "ها"
		return t
	}
	if base, ok := strings.CutSuffix(t.m, "ای"); ok && spokenPluralBases[base] {
		t.m = base + "های"
		return t
	}
	// The plural with the relative ـی, «جواب‌هایی که …» (the answers
	// that …), is the plural itself.
	if base, ok := strings.CutSuffix(t.m, "هایی"); ok && len(base) >= 4 {
		t.m = base + "های"
		return t
	}
	if n := len(t.m); n < len(misspellingEnds) && misspellingEnds[n]&(1<<(t.m[n-1]&63)) != 0 {
		if fix, ok := misspellings[t.m]; ok {
			t.m, t.fuzzy = fix, true
			return t
		}
	}
	if w, ok := soundWord(t.m); ok {
		t.m, t.fuzzy = w, true
	} else if nt, ok := earToken(t); ok {
		// «نکون», «پنچم», «فیلط»: spelt by ear (spelledbyear.go).
		return nt
	}
	return t
}

// finglishSpelling returns the Persian word m spells in Latin letters.
// Every Finglish spelling starts with a Latin letter
// (TestFinglishSpellingsAreLatin): a word in Persian letters, most of
// every command, is never looked up.
func finglishSpelling(m string) (string, bool) {
	if m == "" || m[0] >= 0x80 {
		return "", false
	}
	w, ok := finglish[m]
	return w, ok
}

// englishPossessive reads «form 6's title» as form 6.
func englishPossessive(t token) token {
	for _, suf := range [...]string{"'s", "’s"} {
		base, ok := strings.CutSuffix(t.m, suf)
		if !ok || base == "" {
			continue
		}
		if n, ok := atoi(base); ok && n >= 0 {
			t.m, t.s = base, t.s[:len(t.s)-len(suf)] // the surface may use other digits

			t.num, t.isNum, t.digits = n, true, true
			return t
		}
		t.m = base
		return t
	}
	return t
}

// misspellingEnds[len(w)] has bit w[len(w)-1]&63 set for every key w of
// misspellings: most words fail this test and are never hashed.
var misspellingEnds = func() (ends [48]uint64) {
	for w := range misspellings {
		if len(w) >= len(ends) {
			panic("planner: misspelling longer than its filter: " + w)
		}
		ends[len(w)] |= 1 << (w[len(w)-1] & 63)
	}
	return ends
}()

// misspellings maps the ways the planner's key words are misspelled
// while still read right by a Persian speaker to the words themselves:
// a letter swapped for another that sounds the same (ز ذ ض ظ, س ص ث, ت ط,
// ه ح, ق غ: «گذینه», «اظافه», «حزف»), the final ه dropped («اضاف»,
// «کوتا»), a letter typed twice («منتتشر») or, in words of five letters
// or more, one left out after the first («اضفه») and two neighbouring
// letters swapped («منشتر»). One slip a word, and never from a real word
// or another word of the lexicon: «منتظر» stays «منتظر», and «گزینه‌ای»
// with its ه doubled is the plural «گزینه‌های».
var misspellings = func() map[string]string {
	out := map[string]string{}
	// A slip that spells another word of the lexicon is that word:
	// «گزینه‌ای» with its ه typed twice is the plural «گزینه‌های».
	known := map[string]bool{}
	for _, list := range [][]string{misspelledWords, optionNouns, formNouns, createVerbs, addVerbs, placeVerbs, publishWords, draftWords,
		openWords, resultsWords, nameNouns, renameVerbs, requiredWords, optionalWords, lightVerbs, formKinds, pluralQuestionNouns} {
		for _, w := range list {
			known[w] = true
		}
	}
	for w := range questionNouns {
		known[w] = true
	}
	for _, ft := range fieldTypes {
		for _, w := range strings.Fields(ft.key) {
			known[w] = true
		}
		known[strings.ReplaceAll(ft.key, " ", "")] = true
	}
	add := func(v, w string) {
		if v != w && !realWords[v] && !known[v] && utf8.RuneCountInString(v) >= 3 {
			if _, taken := out[v]; !taken {
				out[v] = w
			}
		}
	}
	for _, w := range misspelledWords {
		rs := []rune(w)
		for i, r := range rs {
			for _, cl := range soundAlikes {
				if !strings.ContainsRune(cl, r) {
					continue
				}
				for _, o := range cl {
					if o != r {
						v := append([]rune{}, rs...)
						v[i] = o
						add(string(v), w)
					}
				}
			}
			if i+1 < len(rs) && len(rs) >= 5 && rs[i] != rs[i+1] {
				v := append([]rune{}, rs...)
				v[i], v[i+1] = v[i+1], v[i]
				add(string(v), w)
			}
		}
		if len(rs) >= 4 && rs[len(rs)-1] == 'ه' {
			add(string(rs[:len(rs)-1]), w)
		}
		// A letter typed twice, or one left out inside a longer word
		// (the first stays: it is what the eye reads the word by).
		for i := range rs {
			if len(rs) >= 4 {
				add(string(rs[:i+1])+string(rs[i:]), w)
			}
			if len(rs) >= 5 && i > 0 {
				add(string(rs[:i])+string(rs[i+1:]), w)
			}
		}
	}
	return out
}()

// splitGlued cuts a word into its runs of digits and of letters when
// every run of letters is a word of gluedWords; any other word (a
// title's «چکاپ۳», a code) stays whole, and n is 1.
func splitGlued(w string) (parts [4]string, n int) {
	if !hasDigit(w) {
		return parts, 1
	}
	start, digit := 0, false
	for i, r := range w {
		d := '0' <= r && r <= '9' || '۰' <= r && r <= '۹' || '٠' <= r && r <= '٩'
		if i > 0 && d != digit {
			if n == len(parts)-1 || !digit && !gluedWord(matchForm(w[start:i])) {
				return parts, 1
			}
			parts[n] = w[start:i]
			n++
			start = i
		}
		digit = d
	}
	if n == 0 || !digit && !gluedWord(matchForm(w[start:])) {
		return parts, 1
	}
	parts[n] = w[start:]
	return parts, n + 1
}

// hasDigit reports a digit of the three scripts in w, by its UTF-8 bytes
// (Persian ۰–۹ are DB B0–B9, Arabic-Indic ٠–٩ are D9 A0–A9): most words
// have none, and this spares them decoding.
func hasDigit(w string) bool {
	for i := 0; i < len(w); i++ {
		b := w[i]
		if '0' <= b && b <= '9' {
			return true
		}
		if i+1 < len(w) && (b == 0xDB && 0xB0 <= w[i+1] && w[i+1] <= 0xB9 || b == 0xD9 && 0xA0 <= w[i+1] && w[i+1] <= 0xA9) {
			return true
		}
	}
	return false
}

// finglish holds the exact Finglish spellings of finglishLexicon
// (finglish.go), filled when the package loads, and the few spellings
// that are not a word and its suffix: «formo» is «فرمو», the form with
// the spoken object marker, which formNouns reads as one word.
var finglish = map[string]string{"formo": "فرمو", "farm": "فرم"}

// englishInPersian maps English nouns of the grammar written in Persian
// letters, as an office's jargon says them, to the English word.
var englishInPersian = map[string]string{"تایپ": "type", "تیتل": "title"}

// finglishPronoun reads the pronoun suffix ـش typed in Latin letters on
// a word of a command written in Finglish: «publishesh kon» (publish
// it), «draftesh», «formatesh» (its format), «ezafash». The stem must be
// a word the lexicon knows in Latin letters, a Finglish word or an
// English verb or noun of the grammar, so that a title's Latin word
// ending in «sh» («fresh», «wish») stays a word.
func finglishPronoun(m string) (string, bool) {
	if len(m) < 5 || !isLatin(m) {
		return "", false
	}
	for _, suf := range [...]string{"esh", "ash", "sh"} {
		base, ok := strings.CutSuffix(m, suf)
		if !ok || len(base) < 3 {
			continue
		}
		if w, ok := finglish[base]; ok {
			return w, true
		}
		if englishActs[base] || isAny(base, formatWords...) {
			return base, true
		}
	}
	return "", false
}

// englishStem reads an English verb of the lexicon said with «-ing» or
// «-ed» as the verb: «before publishing form 9», «after adding a
// field», «once it is deleted». The ending is grammar, not a slip: the
// stem must be a word of the lexicon exactly.
func englishStem(m string) (string, bool) {
	if len(m) < 5 || !isLatin(m) || sounds.known[m] || vocabWords[m] {
		return "", false
	}
	var stems [3]string
	switch {
	case strings.HasSuffix(m, "ing"):
		b := m[:len(m)-3]
		stems = [3]string{b, b + "e", ""}
		if n := len(b); n >= 2 && b[n-1] == b[n-2] {
			stems[2] = b[:n-1] // «dropping»
		}
	case strings.HasSuffix(m, "ied"):
		stems = [3]string{m[:len(m)-3] + "y", "", ""} // «copied»
	case strings.HasSuffix(m, "ed"):
		b := m[:len(m)-2]
		stems = [3]string{b, b + "e", ""}
		if n := len(b); n >= 2 && b[n-1] == b[n-2] {
			stems[2] = b[:n-1]
		}
	default:
		return "", false
	}
	for _, w := range stems {
		if englishActs[w] {
			return w, true
		}
	}
	return "", false
}

// englishActs are the English verbs of the lexicon's acts, whose
// «-ing» and «-ed» forms englishStem reads.
var englishActs = func() map[string]bool {
	out := map[string]bool{}
	for _, l := range [][]string{publishWords, draftWords, deleteWords, disableWords, copyWords, addVerbs, renameVerbs, moveVerbs, createVerbs, openWords} {
		for _, w := range l {
			if isLatin(w) && !strings.Contains(w, " ") {
				out[w] = true
			}
		}
	}
	return out
}()
