package persian

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"
)

// Words spelt by ear. A writer with little schooling, a child typing
// for a parent or someone used to another script writes a word as it
// is heard, and the sound key (sound.go) already reads the letters
// that sound alike. What it does not reach are the slips of sound
// that change the letters themselves, and the tables of the lexicon it
// does not hold:
//
//   - a short vowel written out as a letter: «نکون», «کون», «سیوم»,
//     «پرسیش», «سعوال» (ع heard as the vowel «ا»);
//   - a final «ه» heard as nothing: «هفد» for «هفده»;
//   - the letters a script without «پ چ ژ گ» has no dots for, and the
//     writer's guess back: «پنچ» for «پنج», «تاریح» for «تاریخ»;
//   - a final «د» heard as «ت»: «فیلط» for «فیلد»;
//   - the silent «و» of «خوا» left out: «نمیخام» for «نمیخوام»;
//   - the number words, their ordinals, the verbs that deny and the
//     light verbs, which are short and not in the sound index.
//
// A word no table knows is read, by one of these changes and no more,
// as the one word of the lexicon (the sound index, or earWords here)
// whose key it then has; two words reached so are neither. A word
// typed with a letter held («دوومی», «صوااال») is that word exactly;
// any other is marked fuzzy, and a fuzzy number never names what a
// destructive step acts on (earNumberDestroys).

// earWords are the words of the lexicon's tables the sound index does
// not hold, by their sound key: the number words and their ordinals,
// the verbs that deny, and the light verbs with their persons.
var earWords = func() map[string]string {
	ix := map[string]string{}
	group := map[string]int{}
	g := 0 // the table being put: words of one table sounding alike mean one thing
	put := func(w string) {
		if w == "" || w[0] < 0x80 || strings.Contains(w, " ") {
			return
		}
		k := soundKey(w)
		if old, ok := ix[k]; ok && old != w {
			// «بذارید» and «بزارید» are one verb; two words of different
			// tables sharing a key read as neither.
			if old == "" || group[old] != g {
				ix[k] = ""
			}
			return
		}
		ix[k], group[w] = w, g
	}
	g = 1
	for w, n := range numberWords {
		if w == "" || w[0] < 0x80 {
			continue
		}
		put(w)
		if n >= 2 && w != "یه" && w != "یکی" && w != "یک" {
			// «سی‌ام»: a number word ending in «ی» takes «ام».
			stem := w
			if strings.HasSuffix(w, "ی") {
				stem += "ا"
			}
			for _, suf := range [...]string{"م", "مین", "می"} {
				put(stem + suf)
			}
		}
	}
	for _, w := range [...]string{"اول", "اولین", "اولی", "سوم", "سومین", "سومی"} {
		put(w)
	}
	g = 2
	for w := range negativeVerbs {
		put(w)
	}
	for _, w := range [...]string{"نکنی", "نکنه", "نکنند", "نکنیم"} {
		put(w)
	}
	g = 6
	// «فردآ», «هفطه», «اگح»: a time, a condition or a doubt misspelt
	// still holds the act back.
	for _, l := range [][]string{timeWords, holidayWords, earHedges} {
		for _, w := range l {
			put(w)
		}
	}
	g = 4
	// «چتور», «چطوو»: a question word misspelt still asks.
	for _, w := range whyHowWords {
		put(w)
	}
	g = 3
	for _, l := range [][]string{lightVerbs, verbEndings} {
		for _, w := range l {
			put(w)
		}
	}
	return ix
}()

// earHedges are the words that make an act a condition, a doubt or a
// question: said, no destruction is planned on them (coverage.go).
var earHedges = []string{"اگه", "اگر", "چنانچه", "وقتی", "شاید", "احتمالا", "ممکنه", "بعدا", "بعدن", "نه", "آیا", "فرضا", "مثلا"}

// earHeard are the words the planner reads by meaning outside the
// sound index — a time, a feast, how a form looks, a question's limits,
// a measure: each is its own word, never a slip of another («عید» is
// no «عدد» with a vowel written out).
var earHeard = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range [][]string{timeWords, holidayWords, untilTerms, lookWords, helpWords, limitWords, measureWords} {
		for _, w := range l {
			m[w] = true
		}
	}
	return m
}()

// earDots pairs the letters, by their sound class, that differ only by
// dots a writer of another script leaves off or puts on: پ/ب, چ/ج, ژ/ز,
// گ/ک, and خ/ح (ح is heard in the class of ه).
var earDots = map[rune]rune{'پ': 'ب', 'ب': 'پ', 'چ': 'ج', 'ج': 'چ', 'ژ': 'ز', 'ز': 'ژ', 'گ': 'ک', 'ک': 'گ', 'خ': 'ه', 'ه': 'خ'}

// earVowel reports the letters a short vowel is written out with.
func earVowel(r rune) bool { return r == 'و' || r == 'ی' || r == 'ا' }

// earLookupBytes returns the word of the lexicon a sound key names: the
// sound index first, then earWords; "" when none, or when two do. The
// key is in bytes, which the map lookups read without a copy.
func earLookupBytes(k []byte) string {
	if w, ok := sounds.exact[string(k)]; ok {
		return w
	}
	return earWords[string(k)]
}

// earWord returns the lexicon word m is, spelt by ear, and whether it
// is that word exactly (only a letter held down). m is a Persian word
// of three letters or more that no table of the planner knows.
func earWord(m string) (w string, exact, ok bool) {
	if len(m) == 4 && m[0] >= 0x80 && !sounds.known[m] && !vocabWords[m] {
		// «بیست و صه»: a number word of two letters, by its key alone.
		var kb [16]byte
		if w := earWords[string(appendSoundKey(kb[:0], m))]; w != "" && w != m {
			if _, isNum := numberWords[w]; isNum {
				return w, false, true
			}
		}
		return "", false, false
	}
	if len(m) < 6 || m[0] < 0x80 || sounds.known[m] || vocabWords[m] || realWords[m] || earHeard[m] {
		return "", false, false
	}
	if _, isNum := numberWords[m]; isNum || earSuffixed(m) || earInflected(m) {
		return "", false, false
	}
	// The key and its changes are read in buffers: a map looked up by
	// string(bytes) copies nothing.
	var kb [64]byte
	k := appendSoundKey(kb[:0], m)
	if w := earLookupBytes(k); w != "" {
		if w == m {
			return "", false, false
		}
		return w, heldOnly(m) == w, true
	}
	var rb [32]rune
	rs := rb[:0]
	for _, r := range string(k) {
		if len(rs) == cap(rs) {
			return "", false, false
		}
		rs = append(rs, r)
	}
	if len(rs) < 2 {
		return "", false, false
	}
	found := ""
	var cb [96]byte
	key := func(c []rune) []byte {
		b := cb[:0]
		for _, r := range c {
			b = utf8.AppendRune(b, r)
		}
		return b
	}
	try := func(c []rune) bool {
		w := earLookupBytes(key(c))
		if w == "" || w == found {
			return true
		}
		if found != "" {
			return false
		}
		found = w
		return true
	}
	var bb [33]rune
	buf := bb[:0]
	for i := 1; i < len(rs); i++ {
		// A vowel written out, never the first letter nor the last (a
		// final «ی» is a suffix: «فعلی» is no «فعال»): «نکون», «سیوم».
		// What is left keeps three letters, but for the light verb «کن»
		// («عوض کون»): two letters are too many words' sound («عید»
		// is no «عدد»).
		if earVowel(rs[i]) && rs[i] != rs[i-1] && i < len(rs)-1 {
			buf = append(append(buf[:0], rs[:i]...), rs[i+1:]...)
			if (len(buf) >= 3 || lightVerbSet[earLookupBytes(key(buf))]) && !try(buf) {
				return "", false, false
			}
		}
		// A letter's dots left off or put on: «پنچ», «تاریح».
		if d, ok := earDots[rs[i]]; ok {
			buf = append(buf[:0], rs...)
			buf[i] = d
			if !try(buf) {
				return "", false, false
			}
		}
	}
	for i := 0; i+1 < len(rs); i++ {
		// «خوا» said «خا», its «و» silent: «نمیخام», «میخاد».
		if rs[i] == 'خ' && rs[i+1] == 'ا' {
			buf = append(append(append(buf[:0], rs[:i+1]...), 'و'), rs[i+1:]...)
			if !try(buf) {
				return "", false, false
			}
		}
	}
	last := rs[len(rs)-1]
	if last != 'ه' {
		// The final «ه» of a number heard as nothing: «هفد», «دوازد».
		// Of other words it is a suffix the grammar takes off and puts
		// back («شماره همراه»), not a slip.
		if w := earWords[string(key(append(append(buf[:0], rs...), 'ه')))]; w != "" && w != found {
			if _, isNum := numberWords[w]; isNum {
				if found != "" {
					return "", false, false
				}
				found = w
			}
		}
	}
	if last == 'ت' {
		// A final «د» heard as «ت»: «فیلط».
		buf = append(buf[:0], rs...)
		buf[len(buf)-1] = 'د'
		if !try(buf) {
			return "", false, false
		}
	}
	if found == "" {
		return "", false, false
	}
	return found, false, true
}

// earSuffixes are the endings a known word takes and stays itself.
var earSuffixes = [...]string{"ی", "ش", "شو", "شم", "شون", "ها", "های", "ای", "ه", "م", "و", "ت", "یش", "ام", "اش"}

// earSuffixed reports a word that is a known word with an ending on:
// «بعدیش» is «بعدی» and its pronoun, no slip of «بعدش».
func earSuffixed(m string) bool {
	for _, suf := range earSuffixes {
		if base, ok := strings.CutSuffix(m, suf); ok && len(base) >= 4 && (sounds.known[base] || vocabWords[base] || realWords[base] || earHeard[base]) {
			return true
		}
	}
	return false
}

// earInflected reports a verb of the standard lexicon with a person
// ending on («ببینن», «ببینند»): a word of its own. A regional verb
// with «ن» on it is not («نکون» is «نکن» spelt by ear, not Lori «نکو»
// said of others).
func earInflected(m string) bool {
	if !inflected(m) {
		return false
	}
	for _, e := range personEndings {
		if base, ok := strings.CutSuffix(m, e); ok && base != "" && (sounds.known[base] || vocabWords[base]) {
			if _, _, regional := regionalWord(base); !regional {
				return true
			}
		}
	}
	return false
}

// heldOnly is m with every letter typed more than once in a row typed
// once: «دوومی» is «دومی», «صوااال» «صوال».
func heldOnly(m string) string {
	var b strings.Builder
	var prev rune = -1
	for _, r := range m {
		if r != prev {
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// earToken reads t, a word no table knew, as the lexicon word it is
// spelt by ear, keeping the surface as typed (ruling 11); ok is false
// when it is none.
func earToken(t token) (token, bool) {
	w, exact, ok := earWord(t.m)
	if !ok || !utf8.ValidString(w) {
		return t, false
	}
	nt := wordToken(w)
	nt.s = t.s
	nt.fuzzy = nt.fuzzy || !exact
	return nt, true
}

// earNumber returns the surface of a number or an ordinal of the
// clause read by its sound («بیصت», «پنچم»), or "": a number heard
// wrong names another form or question, so none names what a
// destructive step acts on.
func (c clause) earNumber() string {
	for _, t := range c {
		if !t.fuzzy || t.quoted {
			continue
		}
		if _, ord := ordinal(t.m); t.isNum || ord {
			return t.s
		}
	}
	return ""
}

// earLabelHeads maps the second word of each two-word label of the
// lexicon («کد ملی», «تلفن ثابت», «تاریخ تولد») to the first words it
// follows.
var earLabelHeads = func() map[string][]string {
	m := map[string][]string{}
	for _, l := range labels {
		f := strings.Fields(l.key)
		if len(f) != 2 || isLatin(l.key) || f[0] == "" || f[0][0] < 0x80 {
			continue
		}
		if !slices.Contains(m[f[1]], f[0]) {
			m[f[1]] = append(m[f[1]], f[0])
		}
	}
	return m
}()

// earTriggers are the words earContext waits for: the clipped «نی»,
// «ادد» (read as "add"), and the second words of the two-word labels.
func earTriggers() map[string]bool {
	// «نه» too: Dari's «نی» (no) is read as «نه» by the regional table
	// before this reading sees it.
	m := map[string]bool{"نی": true, "نه": true, "اد": true}
	for w := range earLabelHeads {
		m[w] = true
	}
	return m
}

// earContext reads the words spelt by ear that only their neighbour
// tells: «نی» after a word of need is «نیست» clipped as it is said
// («لازم نی فرم ۹۰ رو ببندی»), «ادد» after a question's noun the kind
// «عدد», and the unread word before the second
// word of a two-word label is its first word when two changes of sound
// reach it («کوت ملی», «کت پستی»): the label's second word, typed
// exactly, leaves no doubt that a short first word alone would.
func earContext(toks []token) []token {
	if len(toks) < 2 {
		return toks
	}
	out := toks[:1]
	for i := 1; i < len(toks); i++ {
		t, prev := toks[i], &out[len(out)-1]
		if t.quoted || prev.quoted || prev.punct {
			out = append(out, t)
			continue
		}
		if (t.m == "نی" || t.m == "نه" && matchForm(t.s) == "نی") && isAny(prev.m, needWords...) {
			t.m = "نیست"
			out = append(out, t)
			continue
		}
		if t.m == "اد" && questionNouns[prev.m] && (i+1 == len(toks) || !lightVerbSet[toks[i+1].m]) {
			// «یه صوال ادد «…»»: after a question's noun and before no
			// light verb, «ادد» is the kind «عدد» heard, not "add".
			t.m, t.fuzzy = "عدد", true
			out = append(out, t)
			continue
		}
		out = append(out, t)
		heads, ok := earLabelHeads[t.m]
		if !ok || prev.fuzzy || prev.isNum || sounds.known[prev.m] || vocabWords[prev.m] || realWords[prev.m] || prev.m == "" || prev.m[0] < 0x80 {
			continue
		}
		for _, h := range heads {
			if prev.m != h && earReaches(prev.m, h) {
				prev.m, prev.fuzzy = h, true
				break
			}
		}
	}
	return out
}

// earEzafeBase reports a noun of the lexicon ending in a silent «ه»,
// after which «ی» is the ezafe («گزینه‌ی دوم», «نمونه‌ی»), not a word.
func earEzafeBase(m string) bool {
	return strings.HasSuffix(m, "ه") && len(m) >= 6 && (isOptionNoun(m) || questionNouns[m] || sounds.known[m] || vocabWords[m])
}

// earEzafe returns m without the ezafe «ی» written on a noun ending in
// a silent «ه» («گزینه‌ی», «گزینهی»): the noun itself, never the «ـه‌ای»
// of a kind («گزینه‌ای») its sound is near.
func earEzafe(m string) (string, bool) {
	base, ok := strings.CutSuffix(m, "ی")
	if ok && earEzafeBase(base) {
		return base, true
	}
	return "", false
}

// earReaches reports m heard as w by at most two of the changes earWord
// makes one of: «کوت» is «کد» with its vowel written out and its «د»
// heard as «ت».
func earReaches(m, w string) bool {
	k, target := []rune(soundKey(m)), soundKey(w)
	if string(k) == target {
		return true
	}
	return earOneChange(k, func(v []rune) bool {
		return string(v) == target || earOneChange(v, func(u []rune) bool { return string(u) == target })
	})
}

// earOneChange calls fn with each key one change of earWord away from
// rs (a vowel written out taken away, dots put on or off, the silent
// «و» of «خوا» put back, a final «ت» as «د»), and reports whether fn was
// true of one.
func earOneChange(rs []rune, fn func([]rune) bool) bool {
	buf := make([]rune, 0, len(rs))
	for i := 1; i < len(rs); i++ {
		if earVowel(rs[i]) && rs[i] != rs[i-1] && i < len(rs)-1 {
			if fn(append(append(buf[:0], rs[:i]...), rs[i+1:]...)) {
				return true
			}
		}
		if d, ok := earDots[rs[i]]; ok {
			buf = append(buf[:0], rs...)
			buf[i] = d
			if fn(buf) {
				return true
			}
		}
	}
	for i := 0; i+1 < len(rs); i++ {
		if rs[i] == 'خ' && rs[i+1] == 'ا' {
			if fn(append(append(append(buf[:0], rs[:i+1]...), 'و'), rs[i+1:]...)) {
				return true
			}
		}
	}
	if n := len(rs); n > 1 && rs[n-1] == 'ت' {
		buf = append(buf[:0], rs...)
		buf[n-1] = 'د'
		return fn(buf)
	}
	return false
}

// earDenial reports a word left unread that may be a verb denied: a
// wish denied with the prefix «نمی», spelt by ear («نمیحام»), or «ن»
// before a verb of the lexicon as typed or spelt by ear («نضار»,
// «نبندین»). A denial misread makes a destructive step nobody asked
// for, so such a word stops one (coverage.go).
func earDenial(m string) bool {
	if rest, ok := strings.CutPrefix(m, "نمی"); ok && rest != "" {
		// a wish denied, «نمیحام»; «نمیکنیم», «نمیدیم» after an order
		// say what will not be done any more, its reason.
		for _, w := range [...]string{"خوام", "خواد", "خوای", "خوایم", "خواین", "خواهم", "خواهد"} {
			if earReaches(m, "نمی"+w) {
				return true
			}
		}
		return false
	}
	rest, ok := strings.CutPrefix(m, "ن")
	if !ok || len(rest) < 4 {
		return false
	}
	if lightVerbSet[rest] || placeVerbSet[rest] || isAny(rest, moveVerbs...) || isAny(rest, disableWords...) {
		return true
	}
	if w, _, ok := earWord(rest); ok && (lightVerbSet[w] || placeVerbSet[w] || isAny(w, moveVerbs...) || isAny(w, disableWords...)) {
		return true
	}
	return false
}

// gluedWord reports a word a number is typed onto (gluedWords), as
// typed or spelt by ear: «صوال۳», «فورم۵رو» part as «سوال۳» does.
func gluedWord(m string) bool {
	if gluedWords[m] {
		return true
	}
	if len(m) < 6 || m[0] < 0x80 {
		return false
	}
	t := wordToken(m)
	return t.fuzzy && gluedWords[t.m]
}

// earHedge reports a word left unread that two changes of sound make a
// word of earHedges, a time or a question word («اگرر», «حفته»): the act it stands beside may be a condition, a doubt, a
// question or for later, and nothing is destroyed on a guess.
func earHedge(m string) bool {
	if m == "" || m[0] < 0x80 {
		return false
	}
	for _, l := range [][]string{earHedges, timeWords, whyHowWords} {
		for _, w := range l {
			// The word itself is read where it stands, by the readings
			// of its own (a feast, «عید», is a time only after a word of
			// time, and then it is read so).
			if w != "" && w[0] >= 0x80 && w != m && earReaches(m, w) {
				return true
			}
		}
	}
	return false
}

// earKeys holds the sound keys of a word list.
func earKeys(words []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		if w != "" && w[0] >= 0x80 && !strings.Contains(w, " ") {
			m[soundKey(w)] = true
		}
	}
	return m
}

var (
	// formPartKeys and partNounKeys are the sound keys of the parts of
	// a form and of a question (formParts, partNouns).
	formPartKeys = earKeys(formParts)
	partNounKeys = earKeys(partNouns)
)

// earPart reports m, typed by ear, as a word of keys: by its sound
// («توضیحاط»), a letter held («لوگوو»), or with the spoken «ه» of the
// ezafe or the definite on («اسمه فرم ۲۳», «متنه سوال ۲»). Read only to
// keep a part from being taken for its form or question, it never
// makes a step.
func earPart(m string, keys map[string]bool) bool {
	if m == "" || m[0] < 0x80 {
		return false
	}
	var kb [64]byte
	k := appendSoundKey(kb[:0], m)
	if keys[string(k)] {
		return true
	}
	base, ok := bytes.CutSuffix(k, []byte("ه"))
	return ok && len(base) > 0 && keys[string(base)]
}

// numberGoesOn reports the tens t followed by «و» and a word not
// understood, u («بیست و شیس»): the number may go on in that word, so
// the number read is perhaps not the one said, and it is read as heard,
// not as written (fuzzy).
func numberGoesOn(t, and, u token) bool {
	return t.isNum && !t.digits && !t.quoted && t.num >= 20 && t.num%10 == 0 && and.m == "و" && isWord(u) && !accounted(u)
}

// numberCutShort returns the words of a number that may go on in a word
// not understood after its «و» («بیست و شیس», «سی و فلان»), or "".
func numberCutShort(toks []token) string {
	for i := 0; i+2 < len(toks); i++ {
		if numberGoesOn(toks[i], toks[i+1], toks[i+2]) {
			return surfaceOf(toks[i : i+3])
		}
	}
	return ""
}

// earNumberDestroys returns the number of the command read by its sound
// when a clause of it destroys (a delete, close or unpublish not
// denied), or "": the clause that names the number is not always the
// one that acts («فرم بیست و شیس رو پاک کن» parts at «و»).
func earNumberDestroys(toks []token, frames []*frame) string {
	w := clause(toks).earNumber()
	if w == "" {
		return ""
	}
	for _, f := range frames {
		if !f.negated && (f.deleteForm || f.disable || f.draft || f.edit != nil && f.edit.del) {
			return w
		}
	}
	return ""
}
