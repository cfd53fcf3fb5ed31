package persian

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
	fuzzy  bool // m is the lexicon word the typed word sounds like (sound.go)
	// r0 is the first rune of m, or -1 when m is empty (a prefix of
	// every word): clause.at skips phrases that start with another rune.
	r0 rune
	// qnoun is questionNouns[m], asked of most tokens many times.
	qnoun bool
	// dari: typed as a word of Dari's table (dariWords), which opens
	// the reading of Dari's words in context (dariContext).
	dari bool
	// azeri: typed as a word of the Azerbaijani table (azeriWords),
	// which opens the reading in context (azeriContext).
	azeri bool
	// list is a list of options or questions read whole (v2 only; see
	// collectLists).
	list *tokenList
}

// closingQuote returns the quote that closes one opened with r.
func closingQuote(r rune) (rune, bool) {
	switch r {
	case '«':
		return '»', true
	case '"':
		return '"', true
	case '“':
		return '”', true
	case '”':
		return '”', true
	case '„':
		return '“', true
	case '‘':
		return '’', true
	case '\'':
		return '\'', true
	case '‹':
		return '›', true
	case '「':
		return '」', true
	case '`':
		// «add `نام شرکت`»: a programmer quotes a name as code.
		return '`', true
	}
	return 0, false
}

func isPunct(r rune) bool {
	switch r {
	case '،', ',', '؛', ';', ':', '.', '!', '?', '؟', '(', ')', '[', ']', '…', '/':
		return true
	}
	return false
}

// isArrow reports an arrow typed to point from a name to what it is.
func isArrow(r rune) bool {
	switch r {
	case '→', '⟶', '➔', '➜', '⇒', '←', '⟵', '⇐':
		return true
	}
	return false
}

// tokenize splits surface text into tokens, keeping quoted strings whole.
//
// It reads the text in place: a word is the slice of text it spans, so
// words cost no copy. Only a word that a dropped quote cut in two is
// copied together.
func tokenize(text string) []token {
	if !utf8.ValidString(text) {
		// Bytes that are not UTF-8 read as U+FFFD, one per byte.
		text = string([]rune(text))
	}
	// Room for one token per eight bytes (a short Persian word and its
	// space) saves growing the slice token by token.
	toks := make([]token, 0, len(text)/8+4)
	wordStart := -1 // where the pending word starts, -1 when there is none
	cut := false    // the pending word lost a quote: it is joined, not text[wordStart:]
	var joined []byte
	regional := false // a word of regionalWords was typed: regionalContext reads it
	kept := false     // a word of keptTriggers was typed: keptQuestions reads it
	no := false       // «نه» or «لا» was typed: loneNo reads it
	ear := false      // a word of earTriggers was typed: earContext reads the word before it
	flush := func(end int) {
		if wordStart < 0 {
			return
		}
		w := text[wordStart:end]
		if cut {
			w = string(joined)
		}
		// «q2's options», «form 5’s title»: the English possessive is
		// the noun's, as «ـش» is in «گزینه‌هاش».
		if len(w) > 2 && w[len(w)-1] == 's' {
			for _, poss := range [...]string{"'s", "’s"} {
				if stem, ok := strings.CutSuffix(w, poss); ok && stem != "" && stem[len(stem)-1] < utf8.RuneSelf {
					w = stem
				}
			}
		}
		for _, marker := range []string{"شه", "شو"} {
			// «سوال سومشه اجباری بکن»: «its third» with the spoken object
			// marker typed on, «سومش رو» — after the question's noun; alone,
			// «دومشه» may be «it becomes the second».
			if stem, ok := strings.CutSuffix(w, marker); ok && stem != "" && len(toks) > 0 && questionNouns[toks[len(toks)-1].m] {
				if _, ord := ordinal(matchForm(stem)); ord {
					toks = append(toks, wordToken(stem+"ش"), wordToken("رو"))
					wordStart, cut = -1, false
					return
				}
			}
		}
		if stem, ok := strings.CutSuffix(w, "و"); ok && stem != "" {
			// «سوال اولو بردار»: the object marker typed onto an
			// ordinal, «اول رو».
			if _, ord := ordinal(matchForm(stem)); ord {
				toks = append(toks, wordToken(stem), wordToken("رو"))
				wordStart, cut = -1, false
				return
			}
		}
		if k := strings.IndexByte(w, '|'); k > 0 && k < len(w)-1 {
			// «basic|pro|enterprise»: a bar typed between words parts
			// them as it does standing alone.
			for i, p := range strings.Split(w, "|") {
				if i > 0 {
					toks = append(toks, wordToken("|"))
				}
				if p != "" {
					toks = append(toks, wordToken(p))
				}
			}
			wordStart, cut = -1, false
			return
		}
		if w != "" && w[0] < 0x80 && isLatin(w) {
			// «su'al e 3»: the ezafe typed alone after a Finglish word is
			// not written in Persian letters.
			if (w == "e" || w == "E") && len(toks) > 0 && !toks[len(toks)-1].quoted && !toks[len(toks)-1].punct {
				wordStart, cut = -1, false
				return
			}
			// «formo», «soal 2 o»: the spoken object marker typed on a
			// Finglish word is «رو» after it.
			if _, object, _, ok := finglishWord(strings.ToLower(w)); ok && object {
				toks = append(toks, wordToken(w), token{m: "رو", s: ""})
				wordStart, cut = -1, false
				return
			}
		}
		if parts, n := splitGlued(w); n > 1 {
			for _, p := range parts[:n] {
				toks = append(toks, wordToken(p))
			}
		} else {
			t := wordToken(w)
			regional = regional || t.dari || t.azeri
			if tr := tokenTriggers[t.m]; tr != 0 {
				regional = regional || tr&triggerRegional != 0
				kept = kept || tr&triggerKept != 0
				no = no || tr&triggerNo != 0
				ear = ear || tr&triggerEar != 0
			}
			toks = append(toks, t)
		}
		wordStart, cut = -1, false
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		next := i + size
		if closeQ, ok := closingQuote(r); ok && (wordStart < 0 || r != '\'') {
			// An apostrophe inside an English word (don't) is not a quote.
			end, endSize := -1, 0
			for j := next; j < len(text); {
				rj, sj := utf8.DecodeRuneInString(text[j:])
				if rj == closeQ || (r == '"' && rj == '”') || (r == '“' && rj == '"') {
					end, endSize = j, sj
					break
				}
				j += sj
			}
			if end >= 0 {
				flush(i)
				inner := strings.TrimSpace(text[next:end])
				toks = append(toks, token{m: matchForm(inner), s: inner, quoted: true})
				i = end + endSize
				continue
			}
			// An unpaired quote is noise; the word around it goes on. Between
			// two digits, alone or in a run of quotes, it ends the word
			// instead: joined, «۲«0» or «۵"‹۶» would be a number nobody typed.
			if wordStart >= 0 && endsNumber(text, wordStart, i, next, cut, joined) {
				flush(i)
				i = next
				continue
			}
			if wordStart >= 0 && !cut {
				joined = append(joined[:0], text[wordStart:i]...)
				cut = true
			}
			i = next
			continue
		}
		switch {
		case isSpace(r):
			flush(i)
		case isPunct(r) && !((r == '.' || r == '/') && betweenDigits(text, i, next) || inNumeral(text, i, next, r)):
			flush(i)
			toks = append(toks, token{m: text[i:next], s: text[i:next], punct: true})
		case r == '=' && wordStart >= 0 && next < len(text) && !isSpace(rune(text[next])):
			// «type=email», «label=«…»»: a field and its value, as a
			// colon says them.
			flush(i)
			toks = append(toks, token{m: ":", s: "=", punct: true})
		case isArrow(r):
			// ««شیفت» → صبح / عصر»: an arrow points at what follows,
			// as a colon does; it reads as one and shows as typed.
			flush(i)
			toks = append(toks, token{m: ":", s: text[i:next], punct: true})
		case (r == '-' || r == '=') && wordStart < 0 && asciiArrow(text[i:]) > 0:
			// «q3 -> options: …», «… => موبایل»: the arrow typed with
			// the keys it is drawn with.
			n := asciiArrow(text[i:])
			toks = append(toks, token{m: ":", s: text[i : i+n], punct: true})
			next = i + n
		case r == '=' && wordStart < 0 && (next >= len(text) || isSpace(rune(text[next]))) && len(toks) > 0 && !toks[len(toks)-1].punct:
			// «q4.format = postal»: the value given as code gives it,
			// with spaces around the sign.
			toks = append(toks, token{m: ":", s: "=", punct: true})
		case r == '.' && wordStart >= 0 && i > 0 && text[i-1] < utf8.RuneSelf && isASCIIWordByte(text[i-1]) && recordField(text[next:]):
			// «q2.label», «q4.format»: a field of the question, written
			// as code writes it, is the question's, not a full stop.
			flush(i)
		case r == '{' || r == '}':
			// «{type: email, label: …}»: the braces of a record hold
			// its keys and say nothing of their own.
			flush(i)
		case r == '#' || isPictograph(text, i, r):
			flush(i)
		case r == '\u200c' && wordStart < 0:
			// A ZWNJ with no word before it (the joiner of a sequence of
			// pictures, by now) begins no word.
			flush(i)
		default:
			if wordStart < 0 {
				wordStart = i
			}
			if cut {
				joined = append(joined, text[i:next]...)
			}
		}
		i = next
	}
	flush(len(text))
	finglishContext(toks)
	if regional {
		toks = regionalContext(toks)
	}
	toks = kurdishFor(mergeNumbers(mergeAffixes(splitJoinedNouns(splitLightVerbs(splitNon(toks))))))
	if ear {
		toks = earContext(toks)
	}
	counted := false // «تا» was typed: countAfterNoun reads it
	for k := range toks {
		toks[k].r0 = firstRune(toks[k].m)
		toks[k].qnoun = questionNouns[toks[k].m]
		counted = counted || toks[k].m == "تا"
	}
	if counted {
		toks = countAfterNoun(toks)
	}
	if kept || no {
		// Readings of whole phrases, which look words up as clauses do
		// (r0 set); the words they put in are keyed after them.
		if kept {
			toks = keptQuestions(toks)
		}
		if no {
			toks = loneNo(toks)
		}
		for k := range toks {
			toks[k].r0 = firstRune(toks[k].m)
			toks[k].qnoun = questionNouns[toks[k].m]
		}
	}
	return toks
}

// arrow reports an arrow, drawn («→») or typed with ASCII keys («->»,
// «=>»), which the tokenizer reads as a colon and shows as typed.
func (t token) arrow() bool {
	return t.punct && t.m == ":" && t.s != ":" && (isArrow(firstRune(t.s)) || asciiArrow(t.s) > 0)
}

// asciiArrow returns the length of an arrow typed with ASCII keys at
// the start of s — «->», «-->», «=>», «==>» — followed by a space or
// the end, or 0.
func asciiArrow(s string) int {
	n := 0
	for n < len(s) && (s[n] == '-' || s[n] == '=') {
		n++
	}
	if n == 0 || n > 3 || n >= len(s) || s[n] != '>' {
		return 0
	}
	n++
	if n < len(s) && s[n] != ' ' {
		return 0
	}
	return n
}

// endsNumber reports whether an unpaired quote at text[i:next] stands
// between the last digit of the pending word (text[wordStart:i], or
// joined when a quote was dropped from it) and a digit after any
// further quotes.
func endsNumber(text string, wordStart, i, next int, cut bool, joined []byte) bool {
	word := text[wordStart:i]
	if cut {
		word = string(joined)
	}
	before, _ := utf8.DecodeLastRuneInString(strings.TrimRightFunc(word, unmatched))
	if !isDigit(before) {
		return false
	}
	for j := next; j < len(text); {
		r, size := utf8.DecodeRuneInString(text[j:])
		if _, quote := closingQuote(r); quote || unmatched(r) || isAny(string(r), "»", "”", "’", "›", "」") {
			j += size
			continue
		}
		return isDigit(r)
	}
	return false
}

// betweenDigits reports whether the rune at text[i:next] has a digit on
// each side (a decimal point, not a full stop).
func betweenDigits(text string, i, next int) bool {
	if i == 0 || next >= len(text) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(text[:i])
	after, _ := utf8.DecodeRuneInString(text[next:])
	return isDigit(before) && isDigit(after)
}

// inNumeral reports a colon or a comma that is part of a numeral, not
// a mark between words: the colon of a clock time («۸:۰۰», «16:30») and
// the comma grouping thousands («۵۰۰,۰۰۰», «1,200,000 ریال»). Either
// takes a digit before it and exactly its group of digits after — two
// for a time, three for thousands — so «1,2,3» and «سوال 3: …» are
// still parted.
func inNumeral(text string, i, next int, r rune) bool {
	var group int
	switch r {
	case ':':
		group = 2
	case ',':
		group = 3
	default:
		return false
	}
	if i == 0 {
		return false
	}
	if before, _ := utf8.DecodeLastRuneInString(text[:i]); !isDigit(before) {
		return false
	}
	j := next
	for n := 0; n < group; n++ {
		d, size := utf8.DecodeRuneInString(text[j:])
		if j >= len(text) || !isDigit(d) {
			return false
		}
		j += size
	}
	if j < len(text) {
		if after, _ := utf8.DecodeRuneInString(text[j:]); isDigit(after) {
			return false
		}
	}
	return true
}

// isPictograph reports an emoji or other pictograph at text[i] (r), with
// the marks that only shape one: the variation selector, a skin tone, a
// joiner between two pictographs. Outside quotes it decorates the
// command («… اضافه کن ⭐», «publish کن 🚀», «options: …, 1h ⏱️») and
// says nothing the plan carries, so it parts words as a space does and
// is no word of a wording, an option or a verb. Inside quotes it is kept as written.
func isPictograph(text string, i int, r rune) bool {
	if r < 0x2000 {
		return false // Persian and Latin text: no table search
	}
	switch {
	case r == 0xFE0F || r == 0x20E3 || r >= 0x1F3FB && r <= 0x1F3FF:
		return true // the selector of a coloured form, the keycap, a skin tone
	case r == 0x200D || r == 0x200C:
		// The joiner of «👨‍💻», which the surface may show as a ZWNJ.
		next, _ := utf8.DecodeRuneInString(text[i+3:])
		return unicode.Is(unicode.So, next)
	case r == '№' || r == '℅':
		return false
	}
	return unicode.Is(unicode.So, r)
}

// isSpace is unicode.IsSpace, answered without a table search for the
// runes below U+1680, where no white space lies past Latin-1: the
// Persian letters that make most of the text (TestIsSpace).
func isSpace(r rune) bool {
	if r < 0x1680 {
		return r <= 0xff && unicode.IsSpace(r)
	}
	return unicode.IsSpace(r)
}

func firstRune(m string) rune {
	r, size := utf8.DecodeRuneInString(m)
	if size == 0 || r == utf8.RuneError && size == 1 {
		return -1
	}
	return r
}

// mergeAffixes joins the parts of one word that were typed apart because
// the ZWNJ between them became a space: the plural «ها/های» with its noun
// («فرم ها») and the verb prefix «می/نمی» with its verb («نمی خواهم»).
// The surface keeps the user's spacing; only the comparison key is joined.
//
// It merges in place: each token written uses up at least one read, so
// the writes never reach a token still to be read.
func mergeAffixes(toks []token) []token {
	out := toks[:0]
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
		// «در ضمن» (besides), the conjunction «ضمنا» said in two words:
		// «فرم ۱۲ رو ببند در ضمن سوال ۲ رو بیار بالا» parts two orders.
		if plain && t.m == "در" && i+1 < len(toks) && isWord(toks[i+1]) && toks[i+1].m == "ضمن" && (i+2 >= len(toks) || toks[i+2].punct || !isAny(toks[i+2].m, "این", "آن", "اون", "انجام")) {
			out = append(out, token{m: "ضمنا", s: t.s + " " + toks[i+1].s})
			i++
			continue
		}
		// «شماره ی هفت»: the ezafe written apart after a final ه.
		if plain && t.m == "ی" && len(out) > 0 && isWord(out[len(out)-1]) && strings.HasSuffix(out[len(out)-1].m, "ه") {
			prev := &out[len(out)-1]
			prev.s = prev.s + " " + t.s
			if _, ok := earEzafe(prev.m + "ی"); !ok {
				// «گزینه ی دوم» is the noun «گزینه» (spelledbyear.go).
				prev.m += "ی"
			}
			continue
		}
		// «نسخه ای», «به صورت»: a word of the lexicon typed in two, its
		// ZWNJ as a space, is the word.
		if plain && len(out) > 0 && isWord(out[len(out)-1]) && (t.m == "ای" && strings.HasSuffix(out[len(out)-1].m, "ه") || t.m == "صورت" && out[len(out)-1].m == "به") {
			if joined := out[len(out)-1].m + t.m; vocabWords[joined] || sounds.known[joined] {
				prev := out[len(out)-1]
				merged := wordToken(joined)
				merged.s = prev.s + "‌" + t.s
				out[len(out)-1] = merged
				continue
			}
		}
		// «پیش نویس ۱۲», «فرم ثبت نام شماره ۴»: a compound typed with a
		// space for its ZWNJ is one word, as «پیش‌نویس» and «ثبت‌نام»
		// are; read apart, «پیش» is «before» and «نام» a name.
		if plain && len(out) > 0 && isWord(out[len(out)-1]) && !out[len(out)-1].quoted && spacedCompound(out[len(out)-1].m, t.m) {
			prev := out[len(out)-1]
			merged := wordToken(prev.m + t.m)
			merged.s = prev.s + " " + t.s
			out[len(out)-1] = merged
			continue
		}
		// «format اش», «label ش»: the pronoun typed apart from an
		// English noun is its own, as in «formatش».
		if plain && isAny(t.m, "اش", "اشو", "ش", "شو") && len(out) > 0 && isWord(out[len(out)-1]) && isLatin(out[len(out)-1].m) && !out[len(out)-1].pron {
			prev := out[len(out)-1]
			merged := wordToken(prev.m + "ش")
			merged.s = prev.s + " " + t.s
			out[len(out)-1] = merged
			continue
		}
		if plain && isAny(t.m, "ها", "های", "هایی", "هاى", "هاش", "هایش", "هاشو", "هاشم", "هاشون") && len(out) > 0 && isWord(out[len(out)-1]) && !isVerbForm(out[len(out)-1].m) {
			prev := out[len(out)-1]
			// The key of a word read by its sound is the word it stands
			// for: «گضینه های» is «گزینههای».
			suffix := t.m
			if suffix == "هاشم" {
				suffix = "هاش" // «گزینه هاشم»: its options too, the «هم» spoken onto it
			}
			merged := wordToken(prev.m + suffix)
			merged.s = prev.s + " " + t.s
			out[len(out)-1] = merged
			continue
		}
		// «یک فورم نو», «سوال نو»: «نو» after the noun of a form or a
		// question is «جدید» (new), as Dari and the written register say
		// it; elsewhere it stays a word of a title («سال نو»).
		if plain && t.m == "نو" && len(out) > 0 && isWord(out[len(out)-1]) && (isAny(out[len(out)-1].m, "فرم", "فرمی", "پرسشنامه", "نظرسنجی") || questionNouns[out[len(out)-1].m]) {
			t.m = "جدید"
		}
		// «درس کن», «منتظر کن»: a real word that before a light verb
		// can only be a slip of the verb's noun (slipsBeforeLightVerb).
		if plain && i+1 < len(toks) && isWord(toks[i+1]) && lightVerbSet[toks[i+1].m] {
			if w, ok := slipsBeforeLightVerb[t.m]; ok {
				t.m, t.fuzzy = w, true
			}
			// «جور کن», «نشرش کن»: the Dari noun of a verb, with or
			// without its pronoun, is the Iranian one (dariBeforeLightVerb).
			// The light verb as typed, not as its sound reads: «از نشر
			// بکشید» takes the form out of publication, and «بکشید» only
			// sounds like «بکنید».
			if w, ok := dariBeforeLightVerb[t.m]; ok && isAny(matchForm(toks[i+1].s), lightVerbs...) {
				t.m = w
			} else if base, ok := strings.CutSuffix(t.m, "ش"); ok && !t.pron {
				if w, ok := dariBeforeLightVerb[base]; ok && isAny(matchForm(toks[i+1].s), lightVerbs...) {
					t.m, t.pron = w, true
				}
			}
		}
		// «سوال اولش را اجباری بساز»: after a state a question is given,
		// «ساختن» is the light verb «کردن», as in Dari, not a making.
		// Only after the object marker: «یه سوال اجباری بساز» makes one.
		// «سوال دوم را طوری بساز که …»: made so that, as «طوری کن».
		if plain && len(out) > 1 && isAny(t.m, "بساز", "بسازید", "بسازین", "بسازی") && madeInto(out) {
			t.m = "کن"
		}
		// «پیش نویص»: a compound of the lexicon typed apart with a slip
		// in one half is read as the compound, by its sound.
		if plain && !t.fuzzy && i+1 < len(toks) && isWord(toks[i+1]) && !toks[i+1].fuzzy && !sounds.known[t.m] {
			if w, ok := soundWord(t.m + toks[i+1].m); ok && !strings.Contains(w, " ") && sounds.known[w] && utf8.RuneCountInString(w) >= minEditRunes+1 {
				out = append(out, token{m: w, s: t.s + " " + toks[i+1].s, fuzzy: true})
				i++
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// madeInto reports the words before a verb of making that say what an
// object becomes: after «را», a state («اجباری»), a manner («طوری»), a
// kind of question or a format's name, and nothing else.
func madeInto(out []token) bool {
	r := len(out) - 2
	for r >= 0 && r >= len(out)-4 && !isAny(out[r].m, "را", "رو") {
		r--
	}
	if r < 0 || !isAny(out[r].m, "را", "رو") || out[r].quoted {
		return false
	}
	pred := append(clause{}, out[r+1:]...)
	for k, t := range pred {
		if !isWord(t) {
			return false
		}
		pred[k].r0 = firstRune(t.m) // set for the whole command once it is read
	}
	if len(pred) == 1 && (isAny(pred[0].m, requiredWords...) || isAny(pred[0].m, optionalWords...) || isAny(pred[0].m, "طوری", "جوری")) {
		return true
	}
	if fm, from := pred.formatNameEndingAt(len(pred)); fm != "" && from == 0 {
		return true
	}
	k := 0 // «را متن طولانی بساز», «را یه سوال کشویی بساز»
	for k < len(pred)-1 && isAny(pred[k].m, "متن", "پاسخ", "جواب", "سوال", "یه", "یک") {
		k++
	}
	_, n := pred.fieldTypeAt(k)
	return n > 0 && k+n == len(pred)
}

func isWord(t token) bool { return !t.quoted && !t.punct && !t.isNum }

// isVerbForm reports a verb the grammar knows: a plural suffix never
// joins one, so «پاک نکن ها» keeps its negative verb and «ها» after it
// is the particle of insistence.
func isVerbForm(m string) bool {
	return negativeVerbs[m] || lightVerbSet[m] || isAny(m, pastLightVerbs...)
}

// joinedNouns are the nouns typed onto the word after them with the
// space left out: «سوالکوتاه», «فرمجدید».
var joinedNouns = []string{"سوال", "پرسش", "فرم", "فیلد"}

// splitJoinedNouns parts «سوالکوتاه» into «سوال» «کوتاه» when the word
// is none of the lexicon and the rest is.
func splitJoinedNouns(toks []token) []token {
	var out []token
	for i, t := range toks {
		cut := false
		if !t.quoted && !t.punct && !t.isNum && len(t.m) >= 12 && !vocabWords[t.m] && !sounds.known[t.m] && !questionNouns[t.m] && !typeWords[t.m] {
			for _, n := range joinedNouns {
				rest, ok := strings.CutPrefix(t.m, n)
				if !ok || len(rest) < 6 || !(typeWords[rest] || vocabWords[rest] || sounds.known[rest]) || !strings.HasPrefix(t.s, n) {
					continue
				}
				if out == nil {
					out = append(make([]token, 0, len(toks)+1), toks[:i]...)
				}
				out = append(out, wordToken(n), wordToken(t.s[len(n):]))
				cut = true
				break
			}
		}
		if !cut && out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// joinedLightVerbs are the light verbs typed onto the word they make a
// verb of: «منتشرکن», «اضافه‌کنید», «پاکش‌کن».
var joinedLightVerbs = []string{"کنید", "کنین", "کن", "بکن", "بشه", "شود"}

// splitLightVerbs parts «منتشرکن» into «منتشر» «کن» when the first part
// is a word of the lexicon.
// splitNon cuts «غیر» from a word of being required typed on to it
// («غیرالزامی», «غیر‌اجباری» with its ZWNJ): «غیر الزامی» is read, the
// word typed as one was not. («غیرفعال» is a word of its own.)
func splitNon(toks []token) []token {
	for i, t := range toks {
		rest, ok := strings.CutPrefix(t.m, "غیر")
		if t.quoted || !ok || !isAny(rest, requiredWords...) {
			continue
		}
		out := append(make([]token, 0, len(toks)+1), toks[:i]...)
		sr := strings.TrimPrefix(strings.TrimPrefix(t.s, "غیر"), "\u200c")
		out = append(out, wordToken("غیر"), wordToken(sr))
		return append(out, splitNon(toks[i+1:])...)
	}
	return toks
}

func splitLightVerbs(toks []token) []token {
	var out []token
	for i, t := range toks {
		if t.quoted || t.punct || t.isNum || len(t.m) < 8 {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		cut := false
		for _, v := range joinedLightVerbs {
			base, ok := strings.CutSuffix(t.m, v)
			if !ok || len(base) < 4 || !(vocabWords[base] || sounds.known[base]) || vocabWords[t.m] || sounds.known[t.m] {
				continue
			}
			sb := strings.TrimSuffix(t.s, "‌"+v)
			if sb == t.s {
				sb = t.s[:max(0, len(t.s)-len(v))]
			}
			if out == nil {
				out = append(make([]token, 0, len(toks)+1), toks[:i]...)
			}
			out = append(out, wordToken(sb), wordToken(v))
			cut = true
			break
		}
		if !cut && out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// slipsBeforeLightVerb are real words that, before a light verb, can
// only be a slip of the verb's noun: «درس کن» is «درست کن», «منتظر کن»
// «منتشر کن» (nothing is made waiting). «جور کن» is the Dari and
// colloquial «درست کن», make. Alone they keep their meaning («چه جور»).
var slipsBeforeLightVerb = map[string]string{"درس": "درست", "منتظر": "منتشر", "جور": "درست"}

// dariBeforeLightVerb are the nouns Dari makes its verbs of where
// Iranian Persian has another: «جور کردن» is «درست کردن» (to make: a
// form, a question, a question optional), «نشر کردن» is «منتشر کردن»
// (to publish). Alone «جور» is a kind («چه جور») and «نشر» a
// publishing house, so only before a light verb.
var dariBeforeLightVerb = map[string]string{"جور": "درست", "نشر": "منتشر"}

// compoundTails are the second halves of the compounds the grammar
// reads as one word, by their first half: «پیش‌نویس», «ثبت‌نام»,
// «پرسش‌نامه», «نظرسنجی».
var compoundTails = map[string]string{"پیش": "نویس", "ثبت": "نام", "پرسش": "نامه", "نظر": "سنجی"}

// spacedCompound reports a compound's halves typed apart, the second
// with or without a suffix («پیش نویسش», «پرسش نامه ها»).
func spacedCompound(head, tail string) bool {
	want, ok := compoundTails[head]
	if !ok {
		return false
	}
	rest, ok := strings.CutPrefix(tail, want)
	return ok && (rest == "" || isAny(rest, "ش", "شو", "ی", "ها", "های", "هایی"))
}

// isASCIIWordByte reports a Latin letter or digit.
func isASCIIWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// recordField reports a key of a question's record at the start of s,
// not followed by more letters: «label», «format», «type», «required».
func recordField(s string) bool {
	for _, k := range [...]string{"label", "format", "type", "required", "optional", "validation", "question"} {
		if rest, ok := strings.CutPrefix(s, k); ok && (rest == "" || !isASCIIWordByte(rest[0])) {
			return true
		}
	}
	return false
}

// arabicLetters holds, for each rune of the Arabic block (U+0600 to
// U+06FF, where the Persian letters lie), whether unicode.IsLetter says
// it is a letter: the text is mostly those runes, and a table of 256
// answers each without unicode's range search.
var arabicLetters = func() (s [256]bool) {
	for r := rune(0x600); r < 0x700; r++ {
		s[r-0x600] = unicode.IsLetter(r)
	}
	return s
}()

// isLetter is unicode.IsLetter, answered from a table for ASCII and the
// Arabic block (TestRuneClasses).
func isLetter(r rune) bool {
	switch {
	case r < 0x80:
		return 'a' <= r|0x20 && r|0x20 <= 'z'
	case 0x600 <= r && r < 0x700:
		return arabicLetters[r-0x600]
	}
	return unicode.IsLetter(r)
}

// isDigit is unicode.IsDigit, answered without a table search for ASCII
// and the Arabic block, whose digits are the Arabic-Indic and the
// Persian ones (TestRuneClasses).
func isDigit(r rune) bool {
	switch {
	case r < 0x80:
		return '0' <= r && r <= '9'
	case 0x600 <= r && r < 0x700:
		return 0x660 <= r && r <= 0x669 || 0x6f0 <= r && r <= 0x6f9
	}
	return unicode.IsDigit(r)
}
