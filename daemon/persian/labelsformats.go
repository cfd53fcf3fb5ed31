package persian

import "strings"

// labelQualifiers counts the words from i that qualify a label named
// before them, as the noun after an ezafe does: «کد ملی بچه», «شماره
// همراه مشتری», «کد پستی منزل». A word with a part in the command's
// grammar ends them: the object marker, «هم», a preposition, a verb, a
// noun of a form or question, a kind, a state, a number or a mark.
func (c clause) labelQualifiers(i int, used []bool) int {
	n := 0
	for k := i; k < len(c) && n < 3; k++ {
		t := c[k]
		if used[k] || t.quoted || t.punct || t.isNum || t.list != nil || t.qnoun || t.pron || t.fuzzy || isLatin(t.m) ||
			labelEnds[t.m] || lightVerbSet[t.m] || placeVerbSet[t.m] || typeWords[t.m] || fillers[t.m] || negativeVerbs[t.m] ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, formatWords...) ||
			c.atAny(k, formNounsV) > 0 || c.atAny(k, addVerbsV) > 0 || c.atAny(k, actionWordsV) > 0 || c.atAny(k, forbiddenWordsV) > 0 {
			break
		}
		n++
	}
	return n
}

// labelEnds are the little words after which a label goes no further.
var labelEnds = setOf("رو", "را", "هم", "به", "تو", "توی", "در", "داخل", "با", "که", "و", "یا", "از", "برای", "واسه", "بۆ", "میخوام", "میخواهم", "میخوایم", "لازمه", "لازم", "باشه", "باشد", "بشه", "شود", "هست", "است", "want", "need", "to", "in", "and", "or")

// takenFromForm reports a form named, with its number, as where
// something is taken from — «از فرم ۶», «from form 6» — and named
// nowhere else in the clause: «کد ملی رو از فرم ۶ پاک کن» removes
// something of the form's, never the form.
func (c clause) takenFromForm() bool {
	from := false
	for p := range c {
		n := c.atAny(p, formNounsV)
		if n == 0 || c[p].quoted {
			continue
		}
		if p+n >= len(c) || !c[p+n].isNum {
			continue
		}
		if p == 0 || c[p-1].quoted || !isAny(c[p-1].m, "از", "from") {
			return false
		}
		from = true
	}
	return from
}

// writeCues ask for a wording to be written: «بنویس: …».
var writeCues = setOf("بنویس", "بنویسی", "بنویسید", "بنویسین", "write")

// ownWordingNouns with the pronoun name an existing question's wording:
// «سوال ۱ … اسمش بشه: …» (a word read with its pronoun apart is one
// of these without it).
var ownWordingNouns = setOf("اسمش", "متنش", "عنوانش", "نامش", "لیبلش", "labelش")

// wordingSaidAfter reads the wording of a question said after the rest
// of the order, as speech puts it last: «یه سوال کوتاه بذار فرم ۹۰،
// بنویس: اسم میز», «یه سوال بذار تو فرم ۸۹ شماره همراه مشتری، که …»,
// «یه سوال متن بلند: حساسیت غذایی داره؟ توضیح بدید». The words up to
// the next comma or full stop, when they can only be a wording, are
// quoted and put after the new question's noun and kind, where
// «یه سوال کوتاه «…»» says them. A question already named by its place
// and given a wording after «اسمش بشه:» has it quoted where it is. It
// waits for a question noun with «یه»/«یک» or a wording noun with its
// pronoun, and leaves them alone when a quote follows them.
func wordingSaidAfter(toks []token) []token {
	c := clause(toks)
	q, own := -1, -1
	for i, t := range toks {
		if (t.quoted || t.list != nil) && (q >= 0 || own >= 0) {
			return toks // the wording is quoted, or a list is read whole
		}
		if t.list != nil {
			return toks
		}
		if q < 0 && t.qnoun && !isAny(t.m, pluralQuestionNouns...) && (i > 0 && isAny(toks[i-1].m, "یه", "یک", "a", "one", "add") || i+1 < len(toks) && isAny(toks[i+1].m, "جدید", "جدیدی", "تازه", "new")) {
			q = i
		}
		if own < 0 && (ownWordingNouns[t.m] || t.pron && isAny(t.m, "اسم", "متن", "عنوان", "نام", "لیبل", "label")) {
			own = i
		}
	}
	if q < 0 {
		if !c.hasQuestionNoun() {
			return toks
		}
		return c.ownWordingSaid(own)
	}
	head := q + 1
	for head < len(c) && !c[head].quoted && (!c[head].punct || c[head].m == "(") {
		if isAny(c[head].m, "جدید", "جدیدی", "تازه", "new") {
			head++
		} else if c[head].punct {
			if head+1 >= len(c) {
				break
			}
			_, n := c.fieldTypeAt(head + 1)
			if n == 0 || head+n+1 >= len(c) || c[head+n+1].m != ")" {
				break
			}
			head += n + 2 // «add q (long_text): …»
		} else if _, n := c.fieldTypeAt(head); n > 0 {
			head += n
		} else if _, n := c.next(head, v2TypeWordsV, 0); n > 0 {
			head += n
		} else if typeWords[c[head].m] {
			head++
		} else if l := labelAt(c, head); l != nil {
			head += l.n // «یه سوال تاریخ …»: a label said as the kind
		} else {
			break
		}
	}
	for k := head; k < len(toks); k++ {
		t := toks[k]
		s, drop := -1, -1
		switch {
		case writeCues[t.m]:
			s, drop = k+1, k
			if s < len(toks) && toks[s].punct && toks[s].m == ":" {
				s++
			} else if s+1 < len(toks) && toks[s].punct && isAny(toks[s].m, "،", ",") && c.lastWords(s+1) {
				s++ // «یه سوال … بنویسی، ناوی خوت»: written, then what
			}
			if drop > 0 && toks[drop-1].punct && isAny(toks[drop-1].m, "،", ",") {
				drop--
			}
		case t.punct && t.m == ":" && (k == head || toks[k-1].isNum && toks[k-1].digits && c.formBefore(k-1) || placeVerbSet[toks[k-1].m] || lightVerbSet[toks[k-1].m]):
			s, drop = k+1, k
		case k+1 < len(toks) && toks[k+1].punct && toks[k+1].m == ":" && (ownWordingNouns[t.m] || t.pron && isAny(t.m, "اسم", "متن", "عنوان", "نام", "لیبل", "label")):
			// «… اضافه کن، اسمش: تعداد فرزندان»
			s, drop = k+2, k
			if drop > 0 && toks[drop-1].punct && isAny(toks[drop-1].m, "،", ",") {
				drop--
			}
		case t.isNum && t.digits && c.formBefore(k) && k+1 < len(toks) && !toks[k+1].punct && !labelEnds[toks[k+1].m]:
			s, drop = k+1, k+1
		case t.isNum && t.digits && c.formBefore(k) && k+2 < len(toks) && toks[k+1].punct && isAny(toks[k+1].m, "،", ",") && c.lastWords(k+2):
			// «یه سوال تاریخ بذار فرم ۸۱، روز رزرو»: the last words,
			// set off by a comma.
			s, drop = k+2, k+1
		case t.punct && !isAny(t.m, "،", ","):
			return toks
		}
		if s < 0 {
			continue
		}
		e := c.saidWordingEnd(s)
		if e <= s || allHaste(toks[s:e]) {
			continue
		}
		if s > 0 && toks[s-1].punct && toks[s-1].m == ":" && e+1 < len(toks) && toks[e].punct && isAny(toks[e].m, "،", ",", "/", "|", "؛") && !isOptionNoun(toks[e+1].m) {
			// «… کشویی اضافه کن: تهران، شیراز», «… شیفت اضافه کن: صبح /
			// عصر / شب»: after a colon, words parted by commas or
			// slashes are a list, read as one.
			return toks
		}
		out := make([]token, 0, len(toks))
		out = append(out, toks[:head]...)
		out = append(out, quoted(toks[s:e]))
		out = append(out, toks[head:drop]...)
		return append(out, toks[e:]...)
	}
	return toks
}

// hasteWords say how soon, not what: «… فرم ۷۷ سریع», «… فوری».
var hasteWords = setOf("سریع", "سریعا", "سریعاً", "زود", "زودی", "زودتر", "فوری", "فورا", "فوراً", "عجله", "بدو", "asap", "urgent", "quick", "quickly", "fast")

// allHaste reports words that only say how soon: said after an order,
// they are no wording of it.
func allHaste(ts []token) bool {
	for _, t := range ts {
		if t.quoted || !t.punct && !hasteWords[t.m] {
			return false
		}
	}
	return len(ts) > 0
}

// formBefore reports a form noun right before the number at i.
func (c clause) formBefore(i int) bool {
	for k := max(i-2, 0); k < i; k++ {
		if !c[k].quoted && c.atAny(k, formNounsV) == i-k {
			return true
		}
	}
	return false
}

// saidWordingEnd returns where the words from s stop being a wording
// said unquoted, or s when they are not one: they run to a comma, a
// full stop or the end; a question mark is the wording's own, and what
// follows it in the same sentence («… داره؟ توضیح بدید») asks the
// respondent on. A verb of the planner's, a form or question, a number
// typed as digits, a requirement or the object marker among them makes
// them an order, not a wording; so does an option noun or a marker of
// a wording, which the reading of the clause reads where they are.
func (c clause) saidWordingEnd(s int) int {
	asked := false
	e := s
	for ; e < len(c); e++ {
		t := c[e]
		if t.punct {
			if isAny(t.m, "؟", "?") && e > s {
				asked = true
				continue
			}
			break
		}
		if t.quoted || t.list != nil || t.qnoun || t.isNum && t.digits || isAny(t.m, "رو", "را", "که") || negativeVerbs[t.m] || placeVerbSet[t.m] || fillers[t.m] ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, formatWords...) || c.atAny(e, formNounsV) > 0 ||
			c.atAny(e, addVerbsV) > 0 || c.createVerbAt(e) || c.atAny(e, actionWordsV) > 0 || c.atAny(e, forbiddenWordsV) > 0 ||
			lightVerbSet[t.m] && !asked || writeCues[t.m] || isOptionNoun(t.m) || c.atAny(e, questionMarksV) > 0 || c.atAny(e, titleMarkersV) > 0 {
			if e-1 > s && isAny(c[e-1].m, "و", "and") && !lightVerbSet[t.m] {
				// «… بنویس: اسم میز و منتشرش کن»: the wording ends
				// where «و» joins the next order.
				e--
				break
			}
			return s
		}
	}
	if e == s || labelEnds[c[s].m] || labelEnds[c[e-1].m] {
		return s
	}
	for k := s; k < e; k++ {
		if !isLatin(c[k].m) && !c[k].punct {
			return e
		}
	}
	// A wording all in English is read by the English reading, which
	// takes no kind from its words unless they are quoted.
	return s
}

// quoted makes one quoted token of the words ts, as typed: a mark
// joins the word before it.
func quoted(ts []token) token {
	var b strings.Builder
	for k, t := range ts {
		if k > 0 && !t.punct {
			b.WriteByte(' ')
		}
		b.WriteString(t.s)
	}
	q := token{s: b.String(), quoted: true}
	q.m = matchForm(q.s)
	q.r0 = firstRune(q.m)
	return q
}

// quoteSpan replaces toks[s:e] by their quote.
func quoteSpan(toks []token, s, e int) []token {
	out := make([]token, 0, len(toks))
	out = append(out, toks[:s]...)
	out = append(out, quoted(toks[s:e]))
	return append(out, toks[e:]...)
}

// rewriteDeleteWords are the words of deleting a wording to write
// another in its place.
var rewriteDeleteWords = setOf("حذف", "پاک", "delete", "remove", "erase")

// rewriteLightVerbs close «حذف» or «پاک» as a verb.
var rewriteLightVerbs = setOf("کن", "کنید", "کنین", "بکن", "بکنید", "بکه", "شود", "شه", "بشه", "بشود", "گردد", "نما", "نمایید", "نمائید", "بفرمایید", "فرمایید")

// rewriteVerbs put a new wording where the old one was.
var rewriteVerbs = setOf("جایگزین", "بنویس", "بنویسی", "بنویسید", "بنویسین", "بشه", "شود", "گردد", "باشد", "باشه", "کن", "کنید", "بکن", "بکنید")

// deletedToRewrite reads «متن پیشین پرسش نخست فرم ۶۵ حذف و عبارت «…»
// جایگزین آن گردد», «متن سوال دوم رو پاک کن و بنویس «…»»: a wording
// deleted to write a quoted one in its place is changed, not deleted;
// the deleting words and the «و» after them are dropped, and the rest
// reads as a change of the wording. It waits for a word of deleting
// with a wording noun opening its clause and a quote after it.
func deletedToRewrite(toks []token) []token {
	for i, t := range toks {
		if t.quoted || t.punct || !rewriteDeleteWords[t.m] {
			continue
		}
		// The object: from the clause's start to the delete word,
		// opening with a noun of wording.
		s := i
		for s > 0 && !toks[s-1].punct && !toks[s-1].quoted && !isAny(toks[s-1].m, "و", "and") {
			s--
		}
		if s == i || !(isAny(toks[s].m, partWordingNouns...) || isAny(toks[s].m, "اسم", "نام", "لیبل", "عبارت")) || toks[s].quoted {
			continue
		}
		// A form's name erased and another written («اسم قدیمی فرم ۱۱
		// پاک کن، بنویس «…»») is the form's rename (erasedThenWritten).
		if !clause(toks[s:i]).hasQuestionNoun() && clause(toks[s:i]).has(formNounsV) {
			continue
		}
		j := i + 1
		if j < len(toks) && rewriteLightVerbs[toks[j].m] {
			j++
		}
		if j >= len(toks) || !(toks[j].punct && isAny(toks[j].m, "،", ",") || isAny(toks[j].m, "و", "and")) {
			continue
		}
		quote, verb := false, false
		for k := j + 1; k < len(toks); k++ {
			r := toks[k]
			if r.quoted {
				quote = true
				continue
			}
			if r.punct && !isAny(r.m, "،", ",") || r.qnoun || clause(toks).atAny(k, addVerbsV) > 0 || clause(toks).atAny(k, forbiddenWordsV) > 0 {
				break
			}
			verb = verb || quote && rewriteVerbs[r.m] || rewriteVerbs[r.m] && isAny(r.m, "جایگزین", "بنویس", "بنویسی", "بنویسید", "بنویسین")
		}
		if !quote || !verb {
			continue
		}
		out := make([]token, 0, len(toks))
		out = append(out, toks[:i]...)
		return append(out, toks[j+1:]...)
	}
	return toks
}

// recordKeys are the keys of a question written as a programmer's
// record, «type: email, label: …», «required=true», by what each sets.
var recordKeys = map[string]string{
	"type": "type", "kind": "type",
	// «title:» and «name:» name a form as often as a question, and
	// «text:» ends «short text:»; the reading of titles reads them.
	"label": "label", "question": "label", "wording": "label",
	"format": "format", "validation": "format", "validate": "format", "pattern": "format",
	"required": "required", "optional": "optional", "mandatory": "required",
}

// keyedRecord reads a question written as a record of keys and values —
// «فرم ۸ add q: {type: email, label: ایمیل کاری}», «… `وبسایت شخصی`,
// type: short_text, validation: url», «… required=true» — as the words
// the command would say: the kind, the wording quoted, «اجباری» or
// «اختیاری», «با فرمت …». Keys and values quoted as JSON quotes them
// read the same. A record with a key it does not know (the
// options of a choice, say) is left to the readings of its own. It
// waits for a Latin key, quoted or not, before a colon or «=».
func keyedRecord(toks []token) []token {
	first := -1
	for i := 0; i+1 < len(toks); i++ {
		if recordKeys[toks[i].m] != "" && toks[i+1].punct && toks[i+1].m == ":" {
			first = i
			break
		}
	}
	if first < 0 {
		return toks
	}
	sep := func(t token) bool { return t.punct && isAny(t.m, "،", ",", "؛", ";") }
	start := first
	var label []token
	// «`وبسایت شخصی`, type: …»: the wording said first, quoted.
	if start >= 2 && sep(toks[start-1]) && toks[start-2].quoted {
		label = toks[start-2 : start-1]
		start -= 2
	} else if start >= 1 && toks[start-1].quoted {
		label = toks[start-1 : start]
		start--
	}
	var typ, format []token
	required, optional := false, false
	end := first
	for end < len(toks) {
		if sep(toks[end]) {
			end++
			continue
		}
		if end+1 >= len(toks) || !(toks[end+1].punct && toks[end+1].m == ":") {
			break
		}
		key := recordKeys[toks[end].m]
		if key == "" {
			if isLatin(toks[end].m) && !toks[end].isNum && toks[end].m != "" {
				return toks // a key not known: «opts: […]»
			}
			break
		}
		v := end + 2
		w := v
		for w < len(toks) && !sep(toks[w]) && !toks[w].punct && !(w+1 < len(toks) && recordKeys[toks[w].m] != "" && toks[w+1].punct && toks[w+1].m == ":") {
			w++
		}
		if w == v {
			return toks
		}
		val := toks[v:w]
		if key != "label" && len(val) == 1 && val[0].quoted {
			// «"type": "long_text"»: a value quoted as JSON quotes it.
			val = []token{wordToken(val[0].s)}
		}
		switch key {
		case "type":
			typ = val
		case "label":
			if len(val) == 1 && val[0].quoted {
				label = val
			} else {
				label = []token{quoted(val)}
			}
		case "format":
			format = val
		case "required", "optional":
			yes := isAny(val[0].m, "true", "yes", "1", "بله", "آره", "on")
			no := isAny(val[0].m, "false", "no", "0", "خیر", "نه", "off")
			if !yes && !no || len(val) > 1 {
				return toks
			}
			required = yes == (key == "required")
			optional = !required
		}
		end = w
	}
	// The mark after the last record parts it from what follows.
	for end > first && sep(toks[end-1]) {
		end--
	}
	out := make([]token, 0, len(toks)+4)
	out = append(out, toks[:start]...)
	out = append(out, typ...)
	out = append(out, label...)
	if required {
		out = append(out, wordToken("اجباری"))
	}
	if optional {
		out = append(out, wordToken("اختیاری"))
	}
	if len(format) > 0 {
		// In parentheses, as a detail of the question: after a colon
		// and a quote, bare words would run on into the wording.
		out = append(out, token{m: "(", s: "(", punct: true}, wordToken("با"), wordToken("فرمت"))
		out = append(out, format...)
		out = append(out, token{m: ")", s: ")", punct: true})
	}
	for k := len(toks[:start]); k < len(out); k++ {
		out[k].r0 = firstRune(out[k].m)
		out[k].qnoun = questionNouns[out[k].m]
	}
	// «q2 required=true, q3 required=false»: each record is read.
	return append(out, keyedRecord(toks[end:])...)
}

// describedKind reads a label said with the copula typed on —
// «موبایله», «شماره موبایله», «کد ملیه» — at the end of a sentence or
// a clause: it says what a question asks, and when another part of the
// command gives the order, the order decides. «فرم ۱۱ سوال سوم.
// موبایله. فرمتشو موبایل کن.» sets the format the order names and no
// kind the description would imply: the description is dropped. Beside
// an order that speaks only of digits («فقط عدد ده رقمی بگیره، کد
// ملیه») it names the format those digits are, and is read as the
// label. With no order beside it the description is left to be read as
// the order it stands for. It waits for a word ending in «ه» before a
// mark or at the end.
func describedKind(toks []token) []token {
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !(toks[i].punct && isAny(toks[i].m, ".", "!", "،", ",")) {
			continue
		}
		if i == 0 || toks[i-1].quoted || toks[i-1].punct {
			continue
		}
		if m := toks[i-1].m; !labelLastWords[m] && !labelLastWords[strings.TrimSuffix(m, "ه")] {
			continue
		}
		stem, ok := strings.CutSuffix(toks[i-1].s, "ه")
		if !ok || stem == "" {
			continue
		}
		ls := -1
		for n := 1; n <= 3 && i-n >= 0; n++ {
			k := i - n
			if toks[k].quoted || toks[k].punct {
				break
			}
			words := append(append([]token(nil), toks[k:i-1]...), wordToken(stem))
			for w := range words {
				words[w].r0 = firstRune(words[w].m)
			}
			if clause(words).atAny(0, wordingLabelsV) == len(words) {
				ls = k
			}
		}
		if ls < 0 {
			continue
		}
		order, digits := false, false
		for k, o := range toks {
			if k >= ls && k < i || o.quoted {
				continue
			}
			order = order || lightVerbSet[o.m] || answerVerbSet[o.m] || isAny(o.m, "باشه", "باشد", "بشه", "بشود")
			digits = digits || isAny(o.m, "رقمی", "رقم", "عدد", "عددی", "digits")
		}
		if !order {
			continue
		}
		out := make([]token, 0, len(toks))
		out = append(out, toks[:ls]...)
		if digits {
			label := wordToken(stem)
			label.r0 = firstRune(label.m)
			out = append(append(out, toks[ls:i-1]...), label)
		}
		return append(out, toks[i:]...)
	}
	return toks
}

// ownWordingSaid quotes the new wording of a question named by its
// place, said unquoted: «سوال ۱ فرم ۴۲ اسمش بشه: …», «… اسمش بشه …» to
// the end, «… متنش … بشه», «سوال دوم فرم ۱۹ رو بکن: …». After «بکن:» words that name a
// kind or a format («بکن: چندگزینه‌ای», «بکن: موبایل») change the kind,
// and are left to be read so.
func (c clause) ownWordingSaid(own int) []token {
	toks := []token(c)
	j := -1
	kindless := false
	if own >= 0 {
		j = own + 1
		copula := false
		for j < len(c) && !c[j].quoted && isAny(c[j].m, "بشه", "باشه", "بشود", "باشد", "شود", "گردد", "رو", "را", "هم") {
			copula = copula || !isAny(c[j].m, "رو", "را", "هم")
			j++
		}
		switch {
		case j < len(c) && c[j].punct && c[j].m == ":":
			j++
		case !copula:
			// «سوال دوم فرم ۱۹ متنش اسم کوچیک بچه بشه»: the copula
			// closes the wording.
			p := j
			for p < len(c) && !c[p].punct && !isAny(c[p].m, "بشه", "باشه", "بشود", "باشد", "شود", "گردد") {
				p++
			}
			if p == j || p >= len(c) || c[p].punct || p+1 < len(c) && !c[p+1].punct {
				return toks
			}
			if c[:p].saidWordingEnd(j) != p {
				return toks
			}
			return quoteSpan(toks, j, p)
		}
	} else if out := c.changedToEnd(); out != nil {
		return out
	} else {
		for k := 1; k+1 < len(c); k++ {
			if c[k].punct && c[k].m == ":" && !c[k-1].quoted && isAny(c[k-1].m, "بکن", "کن", "بکنید", "کنید", "بنویس", "بنویسید", "بذار", "بزار", "بگذارید") {
				j, kindless = k+1, true
				break
			}
			// «rename q2 to کد پیگیری», «set q2 label to …»: English
			// names the new wording after «to».
			if c[k].m == "to" && !c[k].quoted && c.renamedBefore(k) {
				j, kindless = k+1, true
				break
			}
		}
		if j < 0 {
			return toks
		}
		named := false
		for k := range c {
			if isOptionNoun(c[k].m) {
				return toks // «گزینه‌ها رو عوض کن، بذار: …» puts options
			}
			if c[k].qnoun && !c[k].quoted && k+1 < len(c) && !(k > 0 && c[k-1].isNum) {
				_, ord := ordinal(c[k+1].m)
				named = named || ord || c[k+1].isNum
			}
		}
		if !named {
			return toks // «دو سوال اضافه کن: …» lists new questions
		}
	}
	if j < 0 || j >= len(c) {
		return toks
	}
	e := c.saidWordingEnd(j)
	if e <= j {
		return toks
	}
	if kindless {
		for k := j; k < e; k++ {
			if _, n := c.fieldTypeAt(k); n > 0 || typeWords[c[k].m] || labelAt(c, k) != nil || c.atAny(k, v2TypeWordsV) > 0 {
				return toks
			}
		}
	}
	return quoteSpan(toks, j, e)
}

// lastWords reports words from s to the end of the command, a closing
// mark aside, with no mark among them.
func (c clause) lastWords(s int) bool {
	for k := s; k < len(c); k++ {
		if c[k].punct {
			return k == len(c)-1 && isAny(c[k].m, ".", "!")
		}
	}
	return true
}

// intoFormUnsaid reads «یه سوال … بذار فرم ۹۷، …», «اضافه کن فرم ۱۲»:
// the form said right after the verb that puts or adds, with no «تو»
// or «به», is where the question goes, as with «تو» — not a form the
// next words act on, which would take «رو». It waits for a verb of
// putting or adding before a form noun and its number.
func intoFormUnsaid(toks []token) []token {
	c := clause(toks)
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].quoted || c.atAny(i, formNounsV) != 1 || !toks[i+1].isNum || !toks[i+1].digits {
			continue
		}
		if toks[i-1].quoted || !(placeVerbSet[toks[i-1].m] || lightVerbSet[toks[i-1].m] && i > 1 && c.atAny(i-2, addVerbsV) > 0) {
			continue
		}
		if i+2 < len(toks) && !toks[i+2].quoted && isAny(toks[i+2].m, "رو", "را", "ره") {
			continue
		}
		into := wordToken("تو")
		into.r0 = firstRune(into.m)
		out := make([]token, 0, len(toks)+1)
		out = append(out, toks[:i]...)
		out = append(out, into)
		return append(out, toks[i:]...)
	}
	return toks
}

// formatWished reads «…، موبایل باشه», «… که لینک باشه», «… بذار تو
// فرم ۹۷ موبایل باشه»: a format's name wished for at the end of a
// clause, after a comma, «که», a verb or the form, is the format of the
// question named, as «فرمتش موبایل باشه» says it.
// «فرمتش» is put before the name. It waits for «باشه» or «باشد» ending
// a clause.
func formatWished(toks []token) []token {
	c := clause(toks)
	for v := 2; v < len(toks); v++ {
		if toks[v].quoted || !isAny(toks[v].m, "باشه", "باشد", "بشه", "بشود") || v+1 < len(toks) && !toks[v+1].punct {
			continue
		}
		for i := max(v-3, 1); i < v; i++ {
			p := toks[i-1]
			if !(p.punct && isAny(p.m, "،", ",") || !p.quoted && (p.m == "که" || placeVerbSet[p.m] || lightVerbSet[p.m] || p.isNum && p.digits && c.formBefore(i-1))) {
				continue
			}
			if _, n := c.next(i, formatNamesV, 0); n != v-i {
				continue
			}
			cue := wordToken("فرمتش")
			cue.r0 = firstRune(cue.m)
			out := make([]token, 0, len(toks)+1)
			out = append(out, toks[:i]...)
			out = append(out, cue)
			return append(out, toks[i:]...)
		}
	}
	return toks
}

// headedWordingJoined reads «یک پرسش کوتاه‌پاسخ با عنوان نام و نام
// خانوادگی متقاضی در فرم ۱۶ درج گردد»: a question's wording named after
// «با عنوان», «تحت عنوان» or «با متن», unquoted and holding «و» or
// «یا», runs to the form it goes to, the verb or a mark — «و» inside it
// joins words of the wording, not two orders — in the written register,
// where the sentence ends in «گردد» or «شود» and a form follows the
// wording. The wording is quoted. It waits for a marker of a wording
// after a question noun.
func headedWordingJoined(toks []token) []token {
	c := clause(toks)
	q := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.punct {
			q = false
			continue
		}
		if t.qnoun && !t.quoted {
			q = true
			continue
		}
		if !q || t.quoted || !isAny(t.m, "با", "تحت", "به") {
			continue
		}
		n := c.atAny(i, titleMarkersV)
		if n == 0 {
			n = c.atAny(i, questionMarksV)
		}
		if n == 0 {
			continue
		}
		s := i + n
		e, joined := s, false
		for e < len(toks) {
			u := toks[e]
			if u.punct || u.quoted || u.list != nil || u.isNum || u.qnoun || c.atAny(e, formNounsV) > 0 ||
				isAny(u.m, "در", "تو", "توی", "داخل", "که", "از", "را", "رو") || e+1 < len(toks) && u.m == "به" && c.atAny(e+1, formNounsV) > 0 ||
				lightVerbSet[u.m] || placeVerbSet[u.m] || c.atAny(e, addVerbsV) > 0 || c.createVerbAt(e) || typeWords[u.m] ||
				isAny(u.m, requiredWords...) || isAny(u.m, optionalWords...) || isOptionNoun(u.m) || u.fuzzy || isAny(u.m, "با", "بعد", "یه", "یک", "هم", "with") {
				break
			}
			joined = joined || isAny(u.m, "و", "یا")
			e++
		}
		if !joined || e-s < 3 || isAny(toks[e-1].m, "و", "یا") || isAny(toks[s].m, "و", "یا") || !formalPassiveAfter(toks, e) {
			continue
		}
		return quoteSpan(toks, s, e)
	}
	return toks
}

// formalPassiveAfter reports, from i, a form named with its number and
// then, before the sentence ends, the passive of the written register:
// «… در فرم ۱۶ درج گردد», «… به فرم ۶۵ الحاق شود».
func formalPassiveAfter(toks []token, i int) bool {
	c := clause(toks)
	form := false
	for k := i; k < len(toks) && !(toks[k].punct && isAny(toks[k].m, ".", "!", "؛", "،", ",")); k++ {
		if n := c.atAny(k, formNounsV); n > 0 && k+n < len(toks) && toks[k+n].isNum {
			form = true
		}
		if form && !toks[k].quoted && isAny(toks[k].m, "گردد", "شود", "گردند", "شوند", "نمایید", "فرمایید", "بفرمایید") {
			return true
		}
	}
	return false
}

// renamedBefore reports an English verb of renaming or a noun of
// wording before «to» at k: «rename q2 to», «set q2 label to».
func (c clause) renamedBefore(k int) bool {
	for p := k - 1; p >= 0 && p >= k-4; p-- {
		if !c[p].quoted && isAny(c[p].m, "rename", "label", "wording", "text", "relabel", "retitle") {
			return true
		}
	}
	return false
}

// changedToEnd reads «عنوان پرسش سوم فرم ۶۴ به شماره پرونده تغییر
// یابد», «متن سوال ۲ فرم ۵ رو به نام پدر عوض کن»: the wording of a
// question, named by its place, changed to words said unquoted after
// «به» and before the verb of changing. It returns the command with
// those words quoted, or nil.
func (c clause) changedToEnd() []token {
	w := -1
	for k := 0; k+1 < len(c); k++ {
		if c[k+1].qnoun && !c[k].quoted && !c[k].pron && (isAny(c[k].m, partWordingNouns...) || isAny(c[k].m, "اسم", "نام", "عبارت")) {
			w = k
			break
		}
	}
	if w < 0 {
		return nil
	}
	for k := w + 2; k+2 < len(c); k++ {
		if c[k].quoted || c[k].m != "به" || !(c[k-1].isNum || isAny(c[k-1].m, "را", "رو")) {
			continue
		}
		v := k + 1
		for v < len(c) && !c[v].punct && !c[v].quoted && !isAny(c[v].m, "تغییر", "عوض", "اصلاح") {
			v++
		}
		if v == k+1 || v >= len(c) || c[v].punct || c[v].quoted {
			return nil
		}
		if c[:v].saidWordingEnd(k+1) != v {
			return nil
		}
		for m := k + 1; m < v; m++ {
			if _, n := c.fieldTypeAt(m); n > 0 || typeWords[c[m].m] || c.atAny(m, formatNamesV) > 0 {
				return nil // «… به موبایل تغییر یابد»: a kind or a format
			}
		}
		return quoteSpan([]token(c), k+1, v)
	}
	return nil
}

// formatColon reads «فرمت: تلفن ثابت», «قالبش: کد پستی»: the colon
// after a noun of format says its name follows, as «فرمت تلفن ثابت»
// does — the words after it are one name, never a list of options.
// It waits for a noun of format before a colon.
func formatColon(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		if !toks[i].punct || toks[i].m != ":" || toks[i-1].quoted || !isAny(toks[i-1].m, formatWords...) || toks[i+1].quoted || toks[i+1].punct {
			continue
		}
		if _, n := clause(toks).next(i+1, formatNamesV, 0); n == 0 {
			continue
		}
		out := make([]token, 0, len(toks))
		out = append(out, toks[:i]...)
		return append(out, toks[i+1:]...)
	}
	return toks
}

// labelLastWords are the last words of the labels that tell a kind
// («موبایل», «ملی», «پستی», «ایمیل»…): a word ending in «ه» is looked at
// as a label said with the copula only when its stem is one of them.
var labelLastWords = func() map[string]bool {
	set := map[string]bool{}
	for _, l := range wordingLabels {
		ws := strings.Fields(l.key)
		if len(ws) > 0 {
			set[matchForm(ws[len(ws)-1])] = true
		}
	}
	return set
}()
