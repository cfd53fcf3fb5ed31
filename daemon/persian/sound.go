package persian

import (
	"strings"
	"unicode/utf8"
)

// Words the lexicon knows, matched by how they sound. Persian writers
// confuse letters that sound alike (ز ذ ض ظ, س ص ث, ت ط, ه ح, ق غ, ا آ ع,
// ی ئ, ک), write one word with or without آ, ء or its ZWNJ, and type a
// letter twice: «حزف», «ثوال», «صوال», «طاریخ», «اضافع». soundKey maps a
// word to the letters it is heard by; a word the lexicon does not know
// is read as the lexicon word with its key, and, when it is long enough
// to leave no doubt, as the one lexicon word one letter away.

// soundClass maps a letter to the first letter of its class.
func soundClass(r rune) rune {
	switch r {
	case 'ذ', 'ض', 'ظ':
		return 'ز'
	case 'ص', 'ث':
		return 'س'
	case 'ط':
		return 'ت'
	case 'ح':
		return 'ه'
	case 'غ':
		return 'ق'
	case 'آ', 'ع', 'أ', 'إ':
		return 'ا'
	case 'ئ', 'ي':
		return 'ی'
	case 'ك':
		return 'ک'
	case 'ؤ':
		return 'و'
	case 'ء', '\u0654', '\u200c':
		return -1
	}
	return r
}

// soundKey is the word as heard: each letter its class, hamza and ZWNJ
// left out, a letter typed twice once, and «ع» typed for the hamza seat
// before «ی» («کشوعی») heard as that seat.
func soundKey(m string) string {
	var buf [64]byte
	return string(appendSoundKey(buf[:0], m))
}

// appendSoundKey appends the key of m to b.
func appendSoundKey(b []byte, m string) []byte {
	var prev rune = -1
	var last rune // the letter before r, as typed
	for i, r := range m {
		typed := r
		// «کشوعی» for «کشوئی»: ع typed for the hamza seat between a
		// vowel letter and «ی» is heard as it.
		if r == 'ع' && (last == 'و' || last == 'ا') && strings.HasPrefix(m[i+len("ع"):], "ی") {
			r = 'ی'
		}
		last = typed
		r = soundClass(r)
		if r < 0 || r == prev && !(r == 'ه' && strings.HasPrefix(m[i+len("ه"):], "ا")) {
			// «ـه» before the plural «ها» («گذینه‌های») is two letters
			// heard, not one typed twice: «گزینه‌ای» is another word.
			continue
		}
		b = utf8.AppendRune(b, r)
		prev = r
	}
	return b
}

// spokenSpellings are lexicon words written as they are said, which no
// letter class reaches: a vowel written out («فورم»).
var spokenSpellings = map[string]string{
	"فورم": "فرم", "فورمها": "فرمها", "فورمهای": "فرمهای", "فورمو": "فرمو", "فورمی": "فرمی",
	"سوالو": "سوال", "پرسشو": "پرسش",
	// the counter after a number («دو طا سوال»): two letters, too short
	// for the sound key, and no word of its own.
	"طا": "تا",
	// «ادد کن»: the English «add» written in Persian letters as spelt.
	"ادد": "اد",
	// «از حالط انتشار»: «حالت» typed with ط, too short for the key.
	"حالط": "حالت",
	// «چن تا سوال», «چن جوابی»: «چند» as it is said, its «د» dropped.
	"چن": "چند",
	// «یا نع», «نع پاکش نکن»: «نه» typed as the chat spells it.
	"نع": "نه",
	// «چطو پاکش کنم»: «چطور» said with its «ر» dropped.
	"چطو": "چطور", "چتو": "چطور",
}

// soundWords lists the lexicon words that are read by their sound: the
// nouns, verbs and type words a command is made of. Words of two letters
// or less are left out: too many real words sound like them.
func soundWords() []string {
	var out []string
	lists := [][]string{misspelledWords, optionNouns, formNouns, createVerbs, addVerbs, placeVerbs, publishWords, draftWords,
		openWords, resultsWords, nameNouns, renameVerbs, requiredWords, optionalWords, formKinds, pluralQuestionNouns,
		deleteWords, disableWords, moveVerbs, copyWords, formatWords, formalVerbs, sequenceWords, negativeCopulas,
		// a denial misspelt still denies: «از حذف فرم ۹ خوداری شود».
		refrainWords}
	for _, l := range lists {
		out = append(out, l...)
	}
	for w, ok := range questionNouns {
		if ok {
			out = append(out, w)
		}
	}
	for _, ft := range fieldTypes {
		out = append(out, strings.Fields(ft.key)...)
	}
	for _, l := range labels {
		out = append(out, strings.Fields(l.key)...)
	}
	for _, w := range v2TypeWords {
		out = append(out, strings.Fields(w.phrase)...)
	}
	// the words that name formats: «اینطرنتی», «صابت», «پصتی»; not the
	// plain words of their names («تماس», «صفحه»), which stay plain.
	for _, f := range formatNames {
		for _, w := range strings.Fields(f.key) {
			if formatWordsAlone[w] {
				out = append(out, w)
			}
		}
	}
	return out
}

// soundIndex holds the lexicon by sound: exact maps a key to its word,
// oneOff maps each key with one letter left out to its word; "" marks a
// key two different words share, which is then read as neither.
type soundIndex struct {
	known  map[string]bool
	exact  map[string]string
	oneOff map[string]string
}

// minEditRunes is the shortest key read one letter away: in shorter
// words one letter makes another word («سال», «سوال»).
const minEditRunes = 5

var sounds = func() *soundIndex {
	ix := &soundIndex{known: map[string]bool{}, exact: map[string]string{}, oneOff: map[string]string{}}
	// Two words of one meaning that sound alike («پابلیش», «پابلیک»,
	// both publishing) leave no doubt between them: a slip of either is
	// read as the first. Words that destroy are not grouped.
	meaning := map[string]int{}
	for g, l := range [][]string{publishWords, openWords, resultsWords, createVerbs, addVerbs, placeVerbs,
		nameNouns, requiredWords, optionalWords, optionNouns, formNouns, formKinds} {
		for _, w := range l {
			if _, ok := meaning[w]; !ok {
				meaning[w] = g + 1
			}
		}
	}
	put := func(m map[string]string, k, w string) {
		old, ok := m[k]
		switch {
		case !ok || old == w:
			m[k] = w
		case old != "" && meaning[old] != 0 && meaning[old] == meaning[w]:
		case old != "" && strings.ContainsAny(old, "ؤئءأإ"):
			// «سؤال» and «سوال» are one word: the spelling without a
			// hamza seat stands for both.
			m[k] = w
		case strings.ContainsAny(w, "ؤئءأإ"):
		default:
			m[k] = ""
		}
	}
	words := soundWords()
	for _, w := range words {
		if strings.Contains(w, " ") {
			continue
		}
		ix.known[w] = true
	}
	for w := range realWords {
		ix.known[w] = true
	}
	for _, l := range [][]string{carriedWords, courtesyWords, nowWords, spokenVerbForms} {
		for _, w := range l {
			ix.known[w] = true
		}
	}
	// Every other word the grammar reads is its own word, never a slip
	// of a lexicon word: «نباشه» is not «باشه» with a letter added.
	for _, l := range [][]string{lightVerbs, functionWords, negativeCopulas, needWords, haveVerbs, outVerbs, allWords,
		quantifiers, greetings, whyHowWords, returnVerbs, formalFrames, orderWords, takeVerbs, clitics, englishParticles, politeWords, askVerbs, firstPersonVerbs, endWords, pastMakeVerbs, pastLightVerbs, refrainWords, emphaticWords, demonstratives} {
		for _, w := range l {
			ix.known[w] = true
		}
	}
	for _, m := range []map[string]bool{negativeVerbs, fillers, conjunctions, titleEnders, pronounBases} {
		for w := range m {
			ix.known[w] = true
		}
	}
	for w := range numberWords {
		ix.known[w] = true
	}
	for _, w := range words {
		if strings.Contains(w, " ") || isLatin(w) || w == "" || w[0] < 0x80 || utf8.RuneCountInString(w) < 3 {
			continue
		}
		k := soundKey(w)
		put(ix.exact, k, w)
		if rs := []rune(k); len(rs) >= minEditRunes {
			for i := range rs {
				put(ix.oneOff, string(rs[:i])+string(rs[i+1:]), w)
			}
		}
	}
	return ix
}()

// soundWord returns the lexicon word m sounds like, when m is not a
// word of the lexicon or a real word of its own.
func soundWord(m string) (string, bool) {
	if w, ok := spokenSpellings[m]; ok {
		return w, true
	}
	if len(m) < 6 || m[0] < 0x80 || sounds.known[m] || vocabWords[m] || realWords[m] {
		return "", false
	}
	if inflected(m) {
		return "", false
	}
	// The key, and the key less one letter, are read in buffers: a
	// map looked up by string(bytes) copies nothing.
	var kb, db [64]byte
	k := appendSoundKey(kb[:0], m)
	if w, ok := sounds.exact[string(k)]; ok {
		return w, w != "" && w != m
	}
	runes := utf8.RuneCount(k)
	if runes < minEditRunes {
		return "", false
	}
	first, _ := utf8.DecodeRune(k)
	// A letter left out of m: its key is a key of the lexicon less one.
	if w, ok := sounds.oneOff[string(k)]; ok {
		return w, w != "" && sameStart(w, first)
	}
	// A letter added to m, or one changed: one left out of m's key is
	// the key, or the key less the same letter.
	found := ""
	for i := 0; i < len(k); {
		_, size := utf8.DecodeRune(k[i:])
		d := append(append(db[:0], k[:i]...), k[i+size:]...)
		i += size
		cands := [...]string{sounds.oneOff[string(d)], ""}
		if runes-1 >= minEditRunes {
			cands[1] = sounds.exact[string(d)]
		}
		for _, w := range cands {
			if w == "" {
				continue
			}
			if found != "" && found != w {
				return "", false
			}
			found = w
		}
	}
	// Both keys less one letter agree also when the letters left out
	// stand in different places («بازیکن», «بسازین»): that is two
	// edits, not one changed letter.
	return found, found != "" && sameStart(found, first) && oneRuneEdit([]rune(string(k)), []rune(soundKey(found)))
}

// oneRuneEdit reports two keys one letter apart: one left out, added
// or changed in the same place.
func oneRuneEdit(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch len(b) - len(a) {
	case 0:
		return i < len(a) && string(a[i+1:]) == string(b[i+1:])
	case 1:
		return string(a[i:]) == string(b[i+1:])
	}
	return false
}

// personEndings are the endings a verb takes to say who does it.
var personEndings = []string{"م", "ن", "د", "ند", "ید", "ین"}

// inflected reports a verb of the lexicon with a person ending on:
// «ببینن», «ببینند» are «ببین» said of others, not a slip of it, and «که
// مردم ببینن» is nobody's order to open a page. A verb is known by the
// prefix of its mood («بـ», «نـ», «میـ»); after other words «ـم» is «هم»
// («اجباریم باشه»).
func inflected(m string) bool {
	if !strings.HasPrefix(m, "ب") && !strings.HasPrefix(m, "ن") && !strings.HasPrefix(m, "می") {
		return false
	}
	for _, e := range personEndings {
		if base, ok := strings.CutSuffix(m, e); ok && base != "" && (sounds.known[base] || vocabWords[base]) {
			return true
		}
	}
	return false
}

// sameStart reports a word whose key starts with r: the eye reads a word
// by its first letter, so a slip is never there («حضوری» is not
// «ضروری»).
func sameStart(w string, r rune) bool {
	k := soundKey(w)
	first, _ := utf8.DecodeRuneInString(k)
	return first == r
}

// englishNouns are the English nouns of a question or its options
// whose slips are read as them: «qustion», «qeustion», «optoins». Only
// these nouns, which narrow an act to a question, are read by one
// edit; a verb typed wrong is never guessed.
var englishNouns = []string{"question", "questions", "option", "options", "field", "fields"}

// englishNounSlip returns the English noun one edit (a letter left
// out, added, changed or two swapped) from m, a Latin word of six
// letters or more that is no word of the lexicon.
func englishNounSlip(m string) (string, bool) {
	if len(m) < 6 || !isLatin(m) || sounds.known[m] || vocabWords[m] || questionNouns[m] {
		return "", false
	}
	found := ""
	for _, w := range englishNouns {
		if m[0] == w[0] && oneEdit(m, w) {
			if found != "" {
				return "", false
			}
			found = w
		}
	}
	return found, found != ""
}

// oneEdit reports two different ASCII words one edit apart.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		diff := []int{}
		for i := range a {
			if a[i] != b[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) == 1 {
			return true
		}
		return len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}
