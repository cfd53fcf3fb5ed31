package persian

import (
	"slices"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// formSentenceFirst reads a command dictated in short sentences, one of
// which only names the form — «یه سوال چند گزینه ای. فرم ۲۰. سرویس
// مدرسه. آره یا نه.», «یه سوال امتیازی. فرم ۲۶. غذای مهد» — as if that
// sentence came first: it says which form the whole command is about,
// and said between a new question and the sentences that complete it,
// it would part them. Only when no sentence before it names a form.
func formSentenceFirst(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.punct && t.m == "." }) {
		return toks
	}
	start := 0 // where the current sentence starts
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !(toks[i].punct && toks[i].m == ".") {
			continue
		}
		s := clause(toks[start:i])
		if n := s.atAny(0, formNounsV); start > 0 && n > 0 && len(s) == n+1 && s[n].digits && !s[n].quoted {
			// toks[start:i] is «فرم ۲۰»; the stop after it goes with it.
			end := i
			if end < len(toks) {
				end++
			}
			out := make([]token, 0, len(toks)+1)
			out = append(out, toks[start:i]...)
			out = append(out, token{m: ".", s: ".", punct: true, r0: '.'})
			out = append(out, toks[:start]...)
			out = append(out, toks[end:]...)
			for len(out) > 0 && out[len(out)-1].punct && out[len(out)-1].m == "." && len(toks) > 0 && !(toks[len(toks)-1].punct && toks[len(toks)-1].m == ".") {
				out = out[:len(out)-1]
			}
			return out
		}
		if start < i && s.namesForm() {
			return toks
		}
		start = i + 1
	}
	return toks
}

// namesForm reports a form noun in the clause.
func (c clause) namesForm() bool {
	for i := range c {
		if !c[i].quoted && c.atAny(i, formNounsV) > 0 {
			return true
		}
	}
	return false
}

// dictatedParts reads the sentences that complete a new question in a
// dictated command, after the sentence that adds it with no wording:
// a sentence naming only a kind gives its kind («سوال جدید. کشویی.»),
// a sentence of a few plain words is its wording («… کشویی. کلاس.» is
// «… کشویی. «کلاس».»), and, for a choice question, the sentence of
// short items parted by «،», «/» or «یا» after it is its options («…
// اول، دوم، سوم» is «گزینه‌ها: «اول»، «دوم»، «سوم»»). questionInParts
// then folds them into the question as it does when they are quoted
// and named. Only commands with a full stop pay for more than a scan.
func dictatedParts(toks []token) []token {
	stops := 0
	for _, t := range toks {
		if t.punct && t.m == "." {
			stops++
		}
	}
	if stops == 0 {
		return toks
	}
	// Read first, without copying: where the wording is and where the
	// options are, if anywhere.
	wordFrom, wordTo, itemsFrom, itemsTo := -1, -1, -1, -1
	start, found, choice, worded := 0, false, false, false
read:
	for end := 0; end <= len(toks); end++ {
		if end < len(toks) && !(toks[end].punct && toks[end].m == ".") {
			continue
		}
		s := clause(toks[start:end])
		switch {
		case !found:
			if s.newUnworded() {
				found, choice = true, choiceBefore(s)
			}
		case len(s) == 0 || s.formOnly():
		case !worded && s.kindOnly():
			typ, _ := s.fieldTypeAt(0)
			choice = choice || domain.IsChoiceType(typ)
		case !worded && len(s) == 1 && s[0].quoted:
			worded = true
		case !worded && s.dictatedWording():
			worded, wordFrom, wordTo = true, start, end
		case worded && choice && s.bareItems():
			itemsFrom, itemsTo = start, end
			break read
		default:
			break read
		}
		start = end + 1
	}
	if wordFrom < 0 && itemsFrom < 0 {
		return toks
	}
	out := make([]token, 0, len(toks)+8)
	quote := func(ts []token) token {
		text := surfaceOf(ts)
		q := token{m: matchForm(text), s: text, quoted: true}
		q.r0 = firstRune(q.m)
		return q
	}
	for i := 0; i < len(toks); i++ {
		switch i {
		case wordFrom:
			out = append(out, quote(toks[wordFrom:wordTo]))
			i = wordTo - 1
		case itemsFrom:
			// Each item is given as a quote, so that no word of it
			// («نه» in «آره یا نه») is read as the grammar's.
			out = append(out, token{m: "گزینهها", s: "گزینه‌ها", r0: 'گ'}, token{m: ":", s: ":", punct: true, r0: ':'})
			from := itemsFrom
			for k := itemsFrom; k <= itemsTo; k++ {
				if k < itemsTo && !(toks[k].punct || !toks[k].quoted && isAny(toks[k].m, "یا", "or")) {
					continue
				}
				if from > itemsFrom {
					out = append(out, token{m: "،", s: "،", punct: true, r0: '،'})
				}
				out = append(out, quote(toks[from:k]))
				from = k + 1
			}
			i = itemsTo - 1
		default:
			out = append(out, toks[i])
		}
	}
	return out
}

// formOnly reports a sentence that names a form and nothing else:
// «فرم ۲۰».
func (c clause) formOnly() bool {
	n := c.atAny(0, formNounsV)
	return n > 0 && len(c) == n+1 && c[n].digits && !c[n].quoted
}

// kindOnly reports a sentence that names a kind of question and
// nothing else: «کشویی», «چند گزینه ای».
func (c clause) kindOnly() bool {
	_, n := c.fieldTypeAt(0)
	return n > 0 && n == len(c)
}

// newUnworded reports a sentence that adds one new question and gives
// it no wording and no options: «یه سوال کشویی», «فرم ۳۸ یه سوال چند
// گزینه ای», «سوال جدید».
func (c clause) newUnworded() bool {
	question := false
	for i, t := range c {
		if t.quoted || t.list != nil || isOptionNoun(t.m) || t.isNum && t.num > 1 && !t.digits {
			return false
		}
		question = question || t.qnoun && !isAny(t.m, pluralQuestionNouns...) && (c.newQuestionNoun(i) || i+1 < len(c) && isAny(c[i+1].m, "جدید", "تازه", "new"))
	}
	return question
}

// dictatedWording reports a sentence of one to four plain words that name
// nothing of the grammar: no number, kind, noun of a form, question or
// option, verb, state or place — the subject a question asks about.
func (c clause) dictatedWording() bool {
	if len(c) == 0 || len(c) > 4 {
		return false
	}
	for i, t := range c {
		if !isWord(t) || t.isNum || t.qnoun || t.pron || typeWords[t.m] || isOptionNoun(t.m) || lightVerbSet[t.m] || negativeVerbs[t.m] ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, functionWords...) || isAny(t.m, "یا", "نه", "آره", "بله", "خیر") ||
			isAny(t.m, thankWords...) || isAny(t.m, pleaWords...) || isAny(t.m, courtesyWords...) || isAny(t.m, politeWords...) || isAny(t.m, orderWords...) || isAny(t.m, nowWords...) || fillers[t.m] ||
			c.atAny(i, formNounsV) > 0 || c.atAny(i, actionWordsV) > 0 || c.atAny(i, placeVerbsV) > 0 || c.atAny(i, deleteWordsV) > 0 {
			return false
		}
		if _, ok := ordinal(t.m); ok {
			return false
		}
	}
	return true
}

// bareItems reports a sentence of two or more short items — one to
// three words each — parted by «،», «/» or «یا», with nothing of the
// grammar that acts: «آره یا نه», «اول، دوم، سوم، چهارم».
func (c clause) bareItems() bool {
	items, words := 1, 0
	for i, t := range c {
		if t.punct && isAny(t.m, "،", ",", "/") || !t.quoted && isAny(t.m, "یا", "or") {
			if words == 0 {
				return false
			}
			items, words = items+1, 0
			continue
		}
		if t.punct || t.digits || t.qnoun || t.list != nil || lightVerbSet[t.m] || negativeVerbs[t.m] ||
			c.atAny(i, formNounsV) > 0 || c.atAny(i, actionWordsV) > 0 || c.atAny(i, placeVerbsV) > 0 || c.atAny(i, deleteWordsV) > 0 {
			return false
		}
		words++
		if words > 3 {
			return false
		}
	}
	return items >= 2 && words > 0
}

// bracketLists reads a list written as a JSON array — «add fields:
// ["نام","ایمیل"]», «opts: ["admin","editor"]» — as the list it holds:
// the brackets are dropped when all they hold is items parted by
// commas, each a quote or a word.
func bracketLists(toks []token) []token {
	open := -1
	for i, t := range toks {
		if !t.punct || t.quoted {
			continue
		}
		switch t.m {
		case "[":
			open = i
		case "]":
			if open >= 0 && i > open+1 && itemsParted(toks[open+1:i]) {
				out := append(append(append(make([]token, 0, len(toks)-2), toks[:open]...), toks[open+1:i]...), toks[i+1:]...)
				return bracketLists(out)
			}
			open = -1
		}
	}
	return toks
}

// itemsParted reports items parted by commas: quotes or words, a comma
// between every two.
func itemsParted(ts []token) bool {
	comma := true // the last token was a comma, or there is none yet
	for k, t := range ts {
		isComma := t.punct && isAny(t.m, ",", "،")
		switch {
		case isComma && (k == 0 || comma):
			return false
		case isComma:
			comma = true
		case t.punct:
			return false
		default:
			comma = false
		}
	}
	return !comma
}

// placeNouns name a place in a form's list of questions, said after an
// arrow: «q12 → position 1», «سوال ۱۲ → جایگاه ۱».
var arrowPlaceNouns = []string{"position", "pos", "index", "place", "جایگاه", "جای", "جا", "مکان", "ردیف", "شماره"}

// arrowMoves reads an arrow from a question to a place, with no verb —
// «q12 → position 1», «سوال ۳ -> اول», «q5 → q1» — as moving the
// question there, as «move q12 → position 1» is read.
func arrowMoves(toks []token) []token {
	for i, t := range toks {
		if !t.punct || t.m != ":" || !isAny(t.s, "→", "⟶", "➔", "➜", "⇒", "->", "-->", "=>", "==>") || i < 2 || i+1 >= len(toks) {
			continue
		}
		// the question: «q12», «سوال ۱۲», «سوال دوم», right after a stop
		// or a colon
		from := i - 2
		if !toks[from].qnoun || toks[from].quoted {
			continue
		}
		if _, ord := ordinal(toks[i-1].m); !(toks[i-1].isNum && toks[i-1].digits || ord) || toks[i-1].quoted {
			continue
		}
		if from > 0 && !toks[from-1].punct {
			continue
		}
		// the place: a noun of place and its number, a question's
		// place, or a word of place
		r := toks[i+1]
		_, ord := ordinal(r.m)
		place := !r.quoted && (isAny(r.m, arrowPlaceNouns...) && i+2 < len(toks) && toks[i+2].isNum || r.qnoun && i+2 < len(toks) && toks[i+2].isNum ||
			ord || isAny(r.m, "آخر", "اولش", "آخرش", "top", "bottom", "first", "last", "start", "end"))
		if !place {
			continue
		}
		move := token{m: "move", s: "move", r0: 'm'}
		return append(append(append(make([]token, 0, len(toks)+1), toks[:from]...), move), toks[from:]...)
	}
	return toks
}

// stateValues reads a form's state given as a key and its value —
// «status: published», «status = live», «state=unpublished» — as the
// order to put the form in that state; the past participle said alone
// («form 12 is published, …») stays a report.
func stateValues(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].quoted || !isAny(toks[i].m, "status", "state") {
			continue
		}
		j := i + 1
		for j < len(toks) && !toks[j].quoted && (toks[j].punct && toks[j].m == ":" || toks[j].m == "=") {
			j++
		}
		if j >= len(toks) || toks[j].quoted {
			continue
		}
		switch toks[j].m {
		case "published", "live", "public":
			toks[j].m, toks[j].r0 = "publish", 'p'
		case "unpublished", "drafted", "hidden":
			toks[j].m, toks[j].r0 = "draft", 'd'
		}
	}
	return toks
}

// linesAsItems reads the lines that end a command, each one short item
// — pasted or typed one under another, perhaps after a bullet or a
// number — as a list after the line before them: «… کشویی «شهر» اضافه
// کن⏎تهران⏎مشهد⏎تبریز» is «… اضافه کن: تهران، مشهد، تبریز». Lines that
// hold an order, a form or a question are lines of their own, as
// before. Only a command with a line break pays for it.
func linesAsItems(text string) string {
	if !strings.ContainsRune(text, '\n') {
		return text
	}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	first := len(lines)
	var items []string
	for first > 1 {
		item, ok := itemLine(lines[first-1])
		if !ok {
			break
		}
		items = append([]string{item}, items...)
		first--
	}
	if len(items) < 2 {
		return text
	}
	head := strings.TrimRight(strings.Join(lines[:first], " "), " :：")
	return head + ": " + strings.Join(items, "، ")
}

// itemLine returns a line's item without its bullet or number, when it
// is one to four words that give no order and name no form or question.
func itemLine(l string) (string, bool) {
	l = strings.TrimLeft(l, "-–—•*·▪● \t")
	// «1.», «۲)», «3-»: a number that counts the lines.
	if r := []rune(l); len(r) > 2 && (r[0] >= '0' && r[0] <= '9' || r[0] >= '۰' && r[0] <= '۹') && strings.ContainsRune(".)-", r[1]) {
		l = strings.TrimSpace(string(r[2:]))
	}
	toks := tokenize(surface(l))
	if len(toks) == 0 || len(toks) > 4 {
		return "", false
	}
	for _, w := range strings.Fields(l) {
		// «س۴», «F12»: a question or form named as in notes.
		if kind, _ := noteAbbrev(w); kind != 0 {
			return "", false
		}
	}
	c := clause(toks)
	for i, t := range toks {
		if t.punct && !t.quoted || t.digits || t.qnoun || lightVerbSet[t.m] || negativeVerbs[t.m] || clauseVerbSet[t.m] || placeVerbSet[t.m] ||
			c.actLen(i) > 0 || c.atAny(i, formNounsV) > 0 || isOptionNoun(t.m) {
			return "", false
		}
	}
	return strings.Trim(l, "\"«»“”"), true
}
