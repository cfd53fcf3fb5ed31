package persian

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Two ways admins write a command that the grammar does not read as
// written, each read here by putting the text back into the words and
// marks the grammar reads, before it is tokenized.
//
// Spoken punctuation (spokenMarks): a phone's voice typing writes the
// marks it hears as words — «نقطه», «ویرگول», «علامت سوال», «دونقطه»,
// «گیومه باز … گیومه بسته», «نقل قول … پایان نقل قول», «پرانتز باز»,
// «خط جدید», «اینتر», «خط تیره». A word is read as its mark only where
// it stands as punctuation: «نقطه» ends a clause after a verb, a closing
// mark or a form's number, before nothing but thanks, or at the end of
// the text — unless a bare verbless fragment follows it, which it
// begins («… اضافه کن نقطه تحویل») — and is a word elsewhere («نقطه
// شروع سفر»); a line break follows a verb, a closing mark or a form's
// number; nothing inside a quoted stretch is read, and a stretch
// dictated between «گیومه باز» and «گیومه بسته» becomes a quoted label
// kept as it was said.
//
// Terse notes (terseNotes): a lab manager's or an ops person's notes —
// «ف۱۲ س۳ → اجب», «F12 / Q3 => req», «+Q email «…» req», «ف۱۱: -س۳»,
// «F14: draft => pub». The abbreviations are read as the words they
// stand for, an arrow between two questions as a move, an arrow from a
// form to a quoted name as its new title, an arrow between two states as
// the second, a new line, «;» or a «/» before a note's next head as the
// end of an order. A minus sign is a removal only when it is glued to a
// question's abbreviation standing alone at an order's start («؛ -س۳»):
// between numbers it is a range («س۲-۴», «Q1-Q3»), opening the lines of
// a list that adds nothing it is a bullet, and anywhere else it is left
// unread, so that nothing is deleted on a guess.

// A unit is a word, a quoted stretch or a mark of the text being read
// again. glued says the unit was typed onto the one before it.
type unit struct {
	s      string
	quoted bool
	glued  bool
	key    string // the word's key, when a reading has looked it up once
}

// unitMark reports a mark cut off a word as a unit of its own.
func unitMark(r rune) bool {
	switch r {
	case ':', ';', '؛', '،', ',', '/', '?', '؟', '!', '(', ')', '\n':
		return true
	}
	return false
}

// units splits text into words, quoted stretches and marks. A new line
// is a unit «\n»; other white space parts words.
func units(text string) []unit {
	var out []unit
	start := -1
	glued := false
	flush := func(end int) {
		if start >= 0 {
			out = append(out, unit{s: text[start:end], glued: glued})
			start = -1
		}
	}
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if close, ok := closingQuote(r); ok && r != '\'' && r != '‘' {
			if j := strings.IndexRune(text[i+n:], close); j >= 0 {
				g := start >= 0 || len(out) > 0 && i > 0 && !isSpace(lastRune(text[:i]))
				flush(i)
				out = append(out, unit{s: text[i : i+n+j+utf8.RuneLen(close)], quoted: true, glued: g})
				i += n + j + utf8.RuneLen(close)
				glued = true
				continue
			}
		}
		if a := noteArrowAt(text[i:]); a > 0 {
			// «Q3->req», «Q3=req», «س۳→س۱»: an arrow typed onto the
			// words it joins stands alone.
			g := start >= 0 || len(out) > 0 && i > 0 && !isSpace(lastRune(text[:i]))
			flush(i)
			out = append(out, unit{s: text[i : i+a], glued: g})
			i += a
			glued = true
			continue
		}
		switch {
		case unitMark(r) || r == '.' && start >= 0 && (i+n == len(text) || isSpace(firstRuneOf(text[i+n:]))):
			// a full stop ends the word it is typed on: «pub.», «سؤال.»
			g := start >= 0 || len(out) > 0 && i > 0 && !isSpace(lastRune(text[:i]))
			flush(i)
			out = append(out, unit{s: text[i : i+n], glued: g && r != '\n'})
			glued = true
		case unicode.IsSpace(r):
			flush(i)
			glued = false
		default:
			if start < 0 {
				start = i
				if i == 0 || isSpace(lastRune(text[:i])) {
					glued = false
				}
			}
		}
		i += n
	}
	flush(len(text))
	return out
}

func firstRuneOf(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// join writes units back as text: a glued unit and a closing mark
// without the space before it, an opening parenthesis without the space
// after it.
func join(us []unit) string {
	var b strings.Builder
	for k, u := range us {
		if k > 0 && !u.glued && u.s != "\n" && us[k-1].s != "(" && us[k-1].s != "\n" {
			b.WriteByte(' ')
		}
		b.WriteString(u.s)
	}
	return b.String()
}

// spokenMarkWords are the words a dictated mark begins with; a text
// holding none of them is returned as it is.
var spokenMarkWords = []string{"گیومه", "نقل", "نقطه", "ویرگول", "کاما", "علامت", "پرانتز", "خط", "اینتر", "پاراگراف", "بند جدید"}

// spokenMarks reads the punctuation a phone's voice typing spelled out
// as words (see the top of this file).
func spokenMarks(text string) string {
	found := false
	for _, w := range spokenMarkWords {
		if strings.Contains(text, w) {
			found = true
			break
		}
	}
	if !found {
		return text
	}
	return spokenRead(text)
}

// spokenRead is spokenMarks on a text holding a spoken mark.
func spokenRead(text string) string {
	us := units(text)
	n := len(us)
	us = spokenQuotes(us)
	out := make([]unit, 0, len(us))
	changed := len(us) != n
	mark := func(s string, glue bool) {
		out = append(out, unit{s: s, glued: glue})
		changed = true
	}
	for i := 0; i < len(us); i++ {
		u := us[i]
		if u.quoted {
			out = append(out, u)
			continue
		}
		next := func(k int) string {
			if i+k < len(us) && !us[i+k].quoted {
				return us[i+k].s
			}
			return ""
		}
		switch w := u.s; {
		case w == "ویرگول" || w == "کاما" || w == "کامای":
			mark("،", true)
		case w == "علامت" && isAny(next(1), "سوال", "سؤال", "سئوال", "پرسش", "صوال", "ثوال"):
			mark("؟", true)
			i++
		case w == "علامت" && next(1) == "تعجب":
			mark("!", true)
			i++
		case w == "دونقطه":
			mark(":", true)
		case w == "دو" && next(1) == "نقطه" && !(len(out) > 0 && isAny(out[len(out)-1].s, "با", "از", "به", "در", "و", "یا", "این", "اون", "آن", "هر", "فقط", "تا")):
			mark(":", true)
			i++
		case w == "پرانتز" && next(1) == "باز":
			mark("(", false)
			i++
		case w == "پرانتز" && isAny(next(1), "بسته", "بسته‌شد"):
			mark(")", true)
			i++
		case w == "نقطه" && next(1) == "ویرگول", w == "نقطه‌ویرگول":
			// the semicolon: «نقطه ویرگول» is one mark, not two.
			mark("؛", true)
			if w == "نقطه" {
				i++
			}
		case w == "نقطه" && (i == len(us)-1 || lineBreakAfter(out) && !wordingAfter(us, i+1) || onlyCourtesyAfter(us, i+1)):
			mark(".", true)
		case (w == "خط" && isAny(next(1), "جدید", "بعد", "بعدی") || w == "سر" && next(1) == "خط") && lineBreakAfter(out):
			mark(".", true)
			i++
		case isAny(w, "پاراگراف", "بند") && next(1) == "جدید" && lineBreakAfter(out):
			mark(".", true)
			i++
		case w == "اینتر" && lineBreakAfter(out):
			mark(".", true)
		case w == "خط" && next(1) == "تیره" && endsClause(out):
			mark("،", true)
			i++
		default:
			out = append(out, u)
		}
	}
	if !changed {
		return text
	}
	return join(out)
}

// spokenQuotes turns a stretch dictated between «گیومه باز» and «گیومه
// بسته» (or «نقل قول» and «پایان نقل قول») into one quoted unit, its
// words kept as they were said. An opening word with no closing one
// after it is left as it is.
func spokenQuotes(us []unit) []unit {
	opens := func(k int) int {
		switch {
		case k+1 < len(us) && us[k].s == "گیومه" && us[k+1].s == "باز":
			return 2
		case k+1 < len(us) && us[k].s == "باز" && us[k+1].s == "کردن" && k+2 < len(us) && us[k+2].s == "گیومه":
			return 3
		case us[k].s == "نقل‌قول":
			return 1
		case us[k].s == "گیومه" && !(k+1 < len(us) && isAny(us[k+1].s, "باز", "بسته")):
			// «گیومه X گیومه»: the same word opens and closes.
			return 1
		case k+1 < len(us) && us[k].s == "نقل" && us[k+1].s == "قول":
			return 2
		}
		return 0
	}
	closes := func(k int) int {
		at := func(ws ...string) bool {
			if k+len(ws) > len(us) {
				return false
			}
			for j, w := range ws {
				if us[k+j].quoted || us[k+j].s != w {
					return false
				}
			}
			return true
		}
		switch {
		case at("گیومه", "بسته"), at("بستن", "گیومه"), at("پایان", "گیومه"):
			return 2
		case at("پایان", "نقل", "قول"), at("نقل", "قول", "بسته"):
			return 3
		case at("پایان", "نقل‌قول"), at("نقل‌قول", "بسته"):
			return 2
		case at("گیومه") && !(k+1 < len(us) && us[k+1].s == "باز"):
			return 1
		}
		return 0
	}
	var out []unit
	unclosed := false // no closing word follows: later openings have none either
	for i := 0; i < len(us); i++ {
		n := 0
		if !us[i].quoted && !unclosed {
			n = opens(i)
		}
		if n == 0 {
			out = append(out, us[i])
			continue
		}
		end, m := -1, 0
		for j := i + n; j < len(us); j++ {
			if m = closes(j); m > 0 {
				end = j
				break
			}
		}
		unclosed = end < 0
		if end <= i+n {
			out = append(out, us[i])
			continue
		}
		label := strings.TrimSpace(join(us[i+n : end]))
		out = append(out, unit{s: "«" + label + "»", quoted: true})
		i = end + m - 1
	}
	return out
}

// wordingAfter reports that what follows k to the next mark is a bare
// fragment — no verb, no form or question, no number, no thanks — so a
// «نقطه» before it begins it: «… اضافه کن نقطه تحویل» puts the
// question «نقطه تحویل».
func wordingAfter(us []unit, k int) bool {
	n := 0
	for ; k < len(us) && !us[k].quoted && !unitMark(firstRuneOf(us[k].s)); k++ {
		m := matchForm(us[k].s)
		if isVerbForm(m) || isAny(m, dictatedClauseEnds...) || isAny(m, thanksWords...) || isAny(m, spokenMarkWords...) ||
			isAny(m, "فرم", "سوال", "سؤال", "پرسش", "گزینه", "گزینه‌ها", "گزینه‌هاش", "بعد", "بعدش", "و") || isDigits(m) || isNumberWord(m) {
			return false
		}
		n++
	}
	return n > 0 && n <= 4 && (k == len(us) || !us[k].quoted)
}

// thanksWords close a dictated command after its last mark.
var thanksWords = []string{"ممنون", "مرسی", "متشکرم", "ممنونم", "سپاس", "سپاسگزارم", "لطفا", "خداحافظ", "merci", "thanks"}

// onlyCourtesyAfter reports that nothing but thanks follows k: «…
// فامیل نقطه ممنون» ends its last clause with the mark.
func onlyCourtesyAfter(us []unit, k int) bool {
	if k >= len(us) {
		return false
	}
	for ; k < len(us); k++ {
		if us[k].quoted || !(isAny(matchForm(us[k].s), thanksWords...) || isAny(us[k].s, ".", "!", "،")) {
			return false
		}
	}
	return true
}

// dictatedClauseEnds are verbs a dictated mark may follow besides the light
// verbs and their denials: the subjunctives and copulas a clause ends on.
var dictatedClauseEnds = []string{"باشه", "باشد", "بشه", "شود", "شه", "نشه", "نباشه", "کنه", "نکنه", "بگیره", "نگیره", "بده", "بدید", "بدین", "بفرمایید", "ممنون", "مرسی", "لطفا", "شده"}

// endsClause reports whether the text read so far ends a clause: on a
// verb or a closing mark.
func endsClause(out []unit) bool {
	if len(out) == 0 {
		return false
	}
	u := out[len(out)-1]
	if u.quoted || isAny(u.s, ")", "؟", "!", "?") {
		return true
	}
	m := matchForm(u.s)
	if isVerbForm(m) || isAny(m, dictatedClauseEnds...) {
		return true
	}
	// «ببندش», «اختیاریش کن»: an imperative with its object typed on.
	if stem, ok := strings.CutSuffix(m, "ش"); ok && (isVerbForm(stem) || strings.HasPrefix(stem, "ب") && utf8.RuneCountInString(stem) > 2 && isVerbForm(strings.TrimPrefix(stem, "ب"))) {
		return true
	}
	return false
}

// lineBreakAfter reports whether a dictated new line stands where a line
// ends: after a clause, or after the number a form or a question is
// named by («فرم بیست و هفت خط جدید …»).
func lineBreakAfter(out []unit) bool {
	if endsClause(out) {
		return true
	}
	k := len(out) - 1
	for k >= 0 && !out[k].quoted && (out[k].s == "و" || isDigits(out[k].s) || isNumberWord(out[k].s)) {
		k--
	}
	return k < len(out)-1 && k >= 0 && isAny(matchForm(out[k].s), "فرم", "سوال", "پرسش", "form")
}

// isNumberWord reports a Persian number word («بیست», «هفت», «سی»).
func isNumberWord(s string) bool {
	_, ok := numberWords[matchForm(s)]
	return ok
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !isDigit(r) {
			return false
		}
	}
	return true
}

// noteLines keeps the lines of a note apart: the text is read with its
// white space made one (surface), so a new line between the orders of a
// note («F50⏎Q2 => opt⏎pub») is made a «؛» first. Only a text that
// noteTrigger finds written as notes is changed.
func noteLines(text string) string {
	if !strings.Contains(text, "\n") || !noteTrigger(text) {
		return text
	}
	lines := strings.Split(text, "\n")
	adds := strings.Contains(text, "+")
	var b strings.Builder
	for k, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if rest, ok := strings.CutPrefix(strings.TrimLeft(l, " \t"), "-"); ok && !adds {
			// «-س۳» opening a line of a list that adds nothing is a
			// bullet, as «- س۳» is: it removes nothing.
			l = "- " + rest
		}
		b.WriteString(l)
		if k < len(lines)-1 && l != "" && !strings.HasSuffix(l, ";") && !strings.HasSuffix(l, "؛") && !strings.HasSuffix(l, ":") {
			b.WriteString("؛")
		}
		b.WriteString(" ")
	}
	return b.String()
}

// noteTrigger reports whether text may be written as terse notes: an
// abbreviated form or question glued to its number («ف۱۲», «س۵», «F12»,
// «Q5»), a plus sign, or one of the note words. Most commands hold none,
// and are returned by terseNotes as they are.
func noteTrigger(text string) bool {
	return saidInText(text)&textNotes != 0
}

// noteScan reads the runes of a text for noteTrigger.
type noteScan struct {
	p1, p2, p3 rune // the three runes before the one read
	start      int  // where the word being read starts; -1 between words
}

func newNoteScan() noteScan { return noteScan{p1: ' ', p2: ' ', p3: ' ', start: -1} }

// rune reads r, at i of text, and reports whether it opens the notes.
func (n *noteScan) rune(text string, i int, r rune) bool {
	// Only a digit after a note letter or a space may open the notes:
	// those are looked at before the digit.
	if (n.p1 == ' ' || isNoteLetter(n.p1)) && isDigit(r) {
		if isNoteLetter(n.p1) && !isLetter(n.p2) || n.p1 == ' ' && (n.p2 == 'ف' || n.p2 == 'س') && !isLetter(n.p3) {
			return true
		}
	}
	if r == '+' {
		return true
	}
	// A note word is a word of its own: «opt» but not «options»,
	// «اخت» but not «اختیاری».
	if isLetter(r) {
		if n.start < 0 {
			n.start = i
		}
	} else if n.start >= 0 {
		if noteWordTriggers[text[n.start:i]] {
			return true
		}
		n.start = -1
	}
	n.p1, n.p2, n.p3 = r, n.p1, n.p2
	return false
}

// end reports whether the text's last word opens the notes.
func (n *noteScan) end(text string) bool {
	return n.start >= 0 && noteWordTriggers[text[n.start:]]
}

func isNoteLetter(r rune) bool {
	switch r {
	case 'ف', 'س', 'F', 'f', 'Q', 'q':
		return true
	}
	return false
}

var noteWordTriggers = setOf("req", "opt", "pub", "Req", "Opt", "Pub", "REQ", "OPT", "PUB", "اجب", "اخت")

// noteWords are the abbreviations of a note, read as the words they
// stand for.
var noteWords = map[string]string{
	"req": "اجباری", "opt": "اختیاری", "اجب": "اجباری", "اخت": "اختیاری",
	"pub": "publish", "unpub": "unpublish",
}

// noteStates are the states a note sets a form to, as in «draft => pub».
var noteStates = []string{"draft", "pub", "publish", "published", "unpub", "unpublish", "منتشر", "پیش‌نویس", "پیشنویس", "disabled", "غیرفعال"}

func isNoteArrow(s string) bool {
	return isAny(s, "→", "=>", "->", "⇒", "←", "⟶", "➔", "=")
}

// noteArrowAt returns the length of an arrow or equals sign at the start
// of s, or 0.
func noteArrowAt(s string) int {
	for _, a := range [...]string{"=>", "->", "→", "⇒", "←", "⟶", "➔", "="} {
		if strings.HasPrefix(s, a) {
			return len(a)
		}
	}
	return 0
}

// noteAbbrev reads «ف۱۲», «F12» (kind 'f') and «س۵», «Q5» (kind 'q'):
// the letter and the number typed together.
func noteAbbrev(s string) (kind byte, num string) {
	r, n := utf8.DecodeRuneInString(s)
	if n == len(s) || !isDigits(s[n:]) {
		return 0, ""
	}
	switch r {
	case 'ف', 'F', 'f':
		return 'f', s[n:]
	case 'س', 'Q', 'q':
		return 'q', s[n:]
	}
	return 0, ""
}

// noteRange reads «س۲-۴», «Q1-Q3», «س۲-س۴»: the questions from one
// number to another.
func noteRange(s string) (from, to string, ok bool) {
	var a, b string
	found := false
	for _, dash := range []string{"..", "-", "–", "—", "~"} {
		if a, b, found = strings.Cut(s, dash); found {
			break
		}
	}
	if !found {
		return "", "", false
	}
	if k, n := noteAbbrev(a); k == 'q' {
		if isDigits(b) {
			return n, b, true
		}
		if k2, n2 := noteAbbrev(b); k2 == 'q' {
			return n, n2, true
		}
	}
	return "", "", false
}

// orderStart reports whether unit k starts an order of a note: the
// text's first unit, or one after a separator, a colon or a form named
// by its abbreviation.
func orderStart(us []unit, k int, formAt map[int]bool) bool {
	if k == 0 {
		return true
	}
	p := us[k-1]
	return !p.quoted && (isAny(p.s, ";", "؛", "\n", ":", "/", "،", ",", "-", "–", "—", "•") || formAt[k-1])
}

// noteHead reports whether unit k may begin an order of a note, so that
// a «/» before it parts two orders rather than two options.
func noteHead(us []unit, k int) bool {
	if k >= len(us) || us[k].quoted {
		return false
	}
	s := us[k].s
	if kind, _ := noteAbbrev(s); kind != 0 {
		return true
	}
	if _, _, ok := noteRange(s); ok {
		return true
	}
	if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") && len(s) > 1 {
		return true
	}
	_, word := noteWords[strings.ToLower(s)]
	return word || isAny(strings.ToLower(s), noteStates...) || isAny(strings.ToLower(s), "title", "عنوان")
}

// terseNotes reads a command written as terse notes (see the top of
// this file).
func terseNotes(text string) string {
	if !noteTrigger(text) {
		return text
	}
	return notesRead(text)
}

// notesRead is terseNotes on a text noteTrigger has opened.
func notesRead(text string) string {
	us := units(text)
	formAt := map[int]bool{}
	for k, u := range us {
		if kind, _ := noteAbbrev(u.s); kind == 'f' && !u.quoted {
			formAt[k] = true
		} else if u.s == "ف" && k+1 < len(us) && isDigits(us[k+1].s) {
			formAt[k+1] = true
		}
	}
	noted := len(formAt) > 0
	out := make([]unit, 0, len(us)+8)
	adding := false // the order being read adds questions: it ends with «اضافه کن»
	endOrder := func() {
		if adding {
			out = append(out, unit{s: "اضافه"}, unit{s: "کن"})
			adding = false
		}
	}
	word := func(s string, glued bool) { out = append(out, unit{s: s, glued: glued}) }
	for i := 0; i < len(us); i++ {
		u := us[i]
		if u.quoted {
			out = append(out, u)
			continue
		}
		s, low := u.s, strings.ToLower(u.s)
		next := func(k int) unit {
			if i+k < len(us) {
				return us[i+k]
			}
			return unit{}
		}
		switch {
		case isAny(s, ";", "؛", "\n"):
			endOrder()
			if s == "\n" {
				if len(out) > 0 && !isAny(out[len(out)-1].s, ";", "؛", ":") {
					word("؛", true)
				}
				continue
			}
			out = append(out, u)
		case s == "/" && noted && noteHead(us, i+1):
			// «F12 / Q3 => req / Q4 => opt»: a slash before a note's
			// next head ends an order; between plain words it parts
			// options («A / B / C»).
			endOrder()
			word("؛", true)
		case s == "ف" && formAt[i+1], s == "س" && isDigits(next(1).s) && noted:
			if s == "ف" {
				word("فرم", u.glued)
			} else {
				word("سوال", u.glued)
			}
		case isNoteArrow(s) && i > 0 && i+1 < len(us) && isAny(strings.ToLower(us[i-1].s), noteStates...) && isAny(strings.ToLower(next(1).s), noteStates...):
			// «draft => pub»: from one state to the next is the next.
			out = out[:len(out)-1]
		default:
			if kind, n := noteAbbrev(s); kind == 'f' {
				word("فرم", u.glued)
				word(n, false)
				if isNoteArrow(next(1).s) && next(2).quoted || isAny(strings.ToLower(next(1).s), "title", "name", "عنوان", "اسم", "نام") && (isNoteArrow(next(2).s) || next(2).s == ":") && next(3).quoted {
					// «ف۲۰ → «…»», «F9 title => «…»»: the form's new title.
					out[len(out)-2] = unit{s: "عنوان", glued: u.glued}
					out[len(out)-1] = unit{s: "فرم"}
					word(n, false)
					word("بشه", false)
					i++
					if !isNoteArrow(us[i].s) {
						i++ // the word «title» before the arrow
					}
				}
				continue
			}
			if kind, n := noteAbbrev(s); kind == 'q' {
				if isNoteArrow(next(1).s) && !next(2).quoted && isAny(strings.ToLower(next(2).s), "اول", "first", "top", "بالا") {
					// «Q4 -> first», «س۴ → اول»: moved to the top.
					for k, w := range []string{"سوال", n, "رو", "ببر", "اول"} {
						word(w, k == 0 && u.glued)
					}
					i += 2
					continue
				}
				if isNoteArrow(next(1).s) {
					if k2, n2 := noteAbbrev(next(2).s); k2 == 'q' {
						// «س۲ → س۶», «Q2 -> Q1»: the question moved to
						// where the other stands.
						word("سوال", u.glued)
						word(n, false)
						for _, w := range []string{"رو", "ببر", "جای", "سوال", n2} {
							word(w, false)
						}
						i += 2
						continue
					}
				}
				word("سوال", u.glued)
				word(n, false)
				continue
			}
			if from, to, ok := noteRange(s); ok {
				// «س۲-۴», «Q1-Q3»: a range, never a removal.
				for k, w := range []string{"سوال", from, "تا", to} {
					word(w, k == 0 && u.glued)
				}
				continue
			}
			if rest, ok := strings.CutPrefix(s, "-"); ok && noted && orderStart(us, i, formAt) && orderEndsAt(us, i+1) {
				// «؛ -س۳»: a question's abbreviation with a minus glued
				// to it, alone between two orders, is its removal.
				if kind, n := noteAbbrev(rest); kind == 'q' {
					for k, w := range []string{"سوال", n, "رو", "حذف", "کن"} {
						word(w, k == 0 && u.glued)
					}
					continue
				}
			}
			if rest, ok := strings.CutPrefix(s, "+"); ok && orderStart(us, i, formAt) {
				// «+Q», «+سوال», «+۲ سوال», «+ سوال»: an order that adds.
				nextQ := isAny(strings.ToLower(next(1).s), "q", "سوال", "سؤال", "پرسش")
				if n := strings.TrimRight(rest, "Qqس"); n != rest && isDigits(n) && isAny(strings.ToLower(rest[len(n):]), "q", "س") {
					// «+2Q»: the count and the question typed together.
					rest = n + " سوال"
				}
				switch {
				case isAny(strings.ToLower(rest), "q", "سوال", "سؤال", "پرسش"):
					rest = "سوال"
				case strings.HasSuffix(rest, " سوال"):
				case rest == "" && nextQ, isDigits(rest) && nextQ:
				default:
					out = append(out, u)
					continue
				}
				if len(out) > 0 && isDigits(out[len(out)-1].s) {
					// «ف۵ +۲ سوال»: the form's number is not the count.
					word(":", true)
				}
				if rest != "" {
					word(rest, false)
				}
				if strings.EqualFold(next(1).s, "q") {
					word("سوال", false)
					i++
				}
				adding = !containsAddVerb(us[i+1:])
				continue
			}
			if isNoteArrow(s) {
				// «->», «=», «⇒»: the arrow the grammar reads.
				word("→", false)
				continue
			}
			if w, ok := noteWords[low]; ok && noteWordStands(us, i, formAt) {
				if isAny(low, "pub") && isAny(next(1).s, "?", "؟") {
					// «ف۳۳ pub?»: whether it is published.
					word("منتشر", u.glued)
					word("شده", false)
					continue
				}
				word(w, u.glued)
				continue
			}
			out = append(out, u)
		}
	}
	endOrder()
	return join(out)
}

// noteWordStands reports whether a note word at k stands as an order or
// a state of its own: «pub» after a form's number, a separator, an
// arrow or «نه،»; «req» and «opt» anywhere outside a quote. «keep it
// pub» keeps a state, and orders nothing.
func noteWordStands(us []unit, k int, formAt map[int]bool) bool {
	if !isAny(strings.ToLower(us[k].s), "pub", "unpub") {
		return true
	}
	if orderStart(us, k, formAt) {
		return true
	}
	p := us[k-1]
	return !p.quoted && (isDigits(p.s) || isNoteArrow(p.s))
}

// orderEndsAt reports the end of an order at k: the text's end or a
// separator, after any thanks or plea («… -س۳ ممنون»).
func orderEndsAt(us []unit, k int) bool {
	for k < len(us) && !us[k].quoted && isAny(strings.ToLower(us[k].s), "ممنون", "مرسی", "لطفا", "merci", "thanks", "thx", "please", "plz", ".", "!") {
		k++
	}
	return k == len(us) || !us[k].quoted && isAny(us[k].s, ";", "؛", "\n", "/")
}

// containsAddVerb reports a verb of adding in the rest of an order.
func containsAddVerb(us []unit) bool {
	for _, u := range us {
		if isAny(u.s, ";", "؛", "\n") {
			return false
		}
		if !u.quoted && isAny(matchForm(u.s), "اضافه", "بذار", "بزار", "add", "اضافش") {
			return true
		}
	}
	return false
}

// deniedInParens reads a parenthesis that holds only a denied act —
// «سوال دوم رو اختیاری کن (حذف نکن)», dictated «پرانتز باز حذف نکن
// پرانتز بسته» — as a clause of its own set off by commas, so that the
// order beside it stands and the denial keeps its act from being done,
// as «… اختیاری کن، حذف نکن» reads.
func deniedInParens(toks []token) []token {
	for i, t := range toks {
		if !t.punct || t.m != "(" {
			continue
		}
		end, denied := -1, false
		for j := i + 1; j < len(toks) && j <= i+5; j++ {
			u := toks[j]
			if u.punct && u.m == ")" {
				end = j
				break
			}
			if u.quoted || u.isNum || u.punct {
				break
			}
			if negativeVerbs[u.m] {
				denied = true
			}
		}
		if end < 0 || !denied || i == 0 {
			continue
		}
		out := append(make([]token, 0, len(toks)), toks...)
		out[i] = token{m: "،", s: "،", punct: true, r0: '،'}
		out[end] = token{m: "،", s: "،", punct: true, r0: '،'}
		return out
	}
	return toks
}
