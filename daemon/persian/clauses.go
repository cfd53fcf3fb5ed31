package persian

import (
	"strings"
	"unicode/utf8"
)

// parenWordings reads words in parentheses right after a question noun
// and its type as the question's wording, as if quoted: «یه سوال کوتاه
// (نام و نام خانوادگی)». Parentheses that hold a type, a required or
// optional word, a number or a verb («(multiple choice)», «(اختیاری)»)
// stay as they are.
func parenWordings(toks []token) []token {
	for i := 0; i < len(toks); i++ {
		if !toks[i].punct || toks[i].m != "(" || i == 0 {
			continue
		}
		k := i - 1
		for k > 0 && !toks[k].qnoun && typeWords[toks[k].m] {
			k--
		}
		if !toks[k].qnoun || toks[k].quoted {
			continue
		}
		end := i + 1
		for end < len(toks) && !toks[end].punct {
			end++
		}
		if end == i+1 || end >= len(toks) || toks[end].m != ")" || !clause(toks).parenWords(i+1, end) {
			continue
		}
		words := make([]string, 0, end-i-1)
		for _, t := range toks[i+1 : end] {
			words = append(words, t.s)
		}
		inner := strings.Join(words, " ")
		q := token{m: matchForm(inner), s: inner, quoted: true}
		q.r0 = firstRune(q.m)
		out := append(append(append(make([]token, 0, len(toks)), toks[:i]...), q), toks[end+1:]...)
		return out
	}
	return toks
}

// splitClauses cuts at punctuation and conjunctions, except where و joins
// two numbers (فرم‌های ۳ و ۴).
//
// A clause is the run of tokens between two cuts, so clauses are slices
// of toks rather than copies; their capacity ends with them, so that an
// append to one cannot write over the next. joins[k] is the key of the
// token cut before clause k ("" for the first).
func splitClauses(toks []token) (out [][]token, joins []string) {
	// Most commands hold a few clauses: room for them saves the copies
	// of growing the slices one clause at a time.
	out, joins = make([][]token, 0, 4), make([]string, 0, 4)
	start := 0
	join := ""
	wording := false // an unquoted wording was opened and goes on
	cut := func(end int) {
		wording = false
		if end > start {
			out = append(out, toks[start:end:end])
			joins = append(joins, join)
		}
		if end < len(toks) {
			join = toks[end].m
		}
		start = end + 1
	}
	for i, t := range toks {
		switch {
		case t.quoted || t.punct:
			wording = false
		case clause(toks).atAny(i, titleMarkersV) > 0 || clause(toks).atAny(i, questionMarksV) > 0 || isAny(t.m, "بنویس", "بنویسید", "بنویسین"):
			wording = true
		case (isAny(t.m, ownNameNouns...) && strings.HasSuffix(t.s, "ش") || isAny(t.m, "متنش", "اسمش", "عنوانش", "نامش", "موضوعش")) && i+1 < len(toks) && !toks[i+1].quoted && !toks[i+1].punct:
			// «… اضافه کن عنوانش علت مراجعه و علائم»: its name, said
			// unquoted, runs on as «با عنوان …» does.
			wording = true
		}
		// «… که بپرسه اسمت چیه؟»: a question mark ends its clause and
		// stays in it, the last mark of a wording.
		if t.punct && isAny(t.m, "؟", "?") {
			if i+1 > start {
				out = append(out, toks[start:i+1:i+1])
				joins = append(joins, join)
			}
			join, start = t.m, i+1
			continue
		}
		// «فرم ۵، ۶ و ۷»: a comma inside a list of ids does not end the clause.
		// «بله/خیر» outside a list of options is one phrase, not two
		// clauses.
		// «یه پرسش امتیازدهی (از یک تا پنج) با عنوان …»: parentheses
		// hold a detail of the clause, not a clause of their own.
		// «new form "X" → add rating "Y" → publish», «… -> add …»: an
		// arrow, drawn or typed with «->», before an order parts two orders; before anything else it points at what
		// something is, as a colon.
		if t.arrow() && i+1 < len(toks) && !toks[i+1].quoted &&
			(clause(toks).atAny(i+1, actionWordsV) > 0 || clause(toks).imperativeAct(i+1) || clause(toks).arrowedAct(i+1)) {
			cut(i)
			continue
		}
		if t.punct && t.m != ":" && t.m != "/" && t.m != "(" && t.m != ")" && !(isAny(t.m, "،", ",") && i > 0 && toks[i-1].isNum && toks[i-1].digits && clause(toks).listedID(i+1)) &&
			!(isAny(t.m, "،", ",") && clause(toks).ordinalsJoined(i)) {
			cut(i)
			continue
		}
		// «بعد از سوال دوم» places a question; it does not order steps.
		// «بعد از انتشار» inside a clause says when its act is: the
		// clause goes on (afterPublishing).
		if !t.quoted && conjunctions[t.m] && !(i+2 < len(toks) && toks[i+1].m == "از" && (toks[i+2].qnoun || isAny(toks[i+2].m, "اینکه", "آنکه") || i > 0 && !toks[i-1].punct && !conjunctions[toks[i-1].m] && clause(toks).atAny(i+2, publishWordsV) > 0)) && clause(toks).afterEventAt(i) == "" {
			if (t.m == "و" || t.m == "and") && i+2 < len(toks) && isAny(toks[i+1].m, "بهصورت", "بصورت", "به‌صورت") && (isAny(toks[i+2].m, requiredWords...) || isAny(toks[i+2].m, optionalWords...)) {
				continue // «… با قالب کد ملی و به‌صورت الزامی …» goes on
			}
			if t.m == "و" && wording && i > 0 && isWord(toks[i-1]) && plainWording(toks[i+1:]) && !(i+1 < len(toks) && clause(toks).spokenOrdinalAt(i+1)) {
				continue // «با عنوان اسم و فامیل», «بنویس رشته و گرایش»
			}
			if t.m == "و" || t.m == "and" {
				prevNum := i > 0 && toks[i-1].isNum
				nextNum := i+1 < len(toks) && toks[i+1].isNum && toks[i+1].digits
				if prevNum && nextNum || clause(toks).ordinalsJoined(i) || clause(toks).formIDRun(i) {
					continue
				}
			}
			// «ببر بعد سوال چهارم»: «بعد» without its «از» straight
			// after the verb of moving or placing says where to.
			if i > 0 && (clause(toks).atAny(i-1, moveVerbsV) > 0 || clause(toks).atAny(i-1, placeVerbsV) > 0) && clause(toks).barePreposition(i) {
				continue
			}
			// «فرم ۱۰۹. سوال ۲. بعد سوال ۳.»: «بعد» with a question
			// after it and nothing more, in the short clauses of a
			// terse command, is the place beside that question.
			if isAny(t.m, "قبل", "بعد", "پیش") && clause(toks[:nextStop(toks, i)]).placeOnly(i) == i {
				continue
			}
			// «یه سوال کوتاه «…» بعد سوال ۲ فرم ۴۵ بذار»: after a new
			// question with no verb yet, «بعد سوال ۲» before the verb that
			// puts it, with no object of its own, is where it goes.
			if isAny(t.m, "قبل", "بعد", "پیش") && clause(toks).barePreposition(i) && clause(toks[start:i]).countedQuestion() && !clause(toks[start:i]).hasVerb() && clause(toks[:nextStop(toks, i)]).putsHere(i+1) {
				continue
			}
			cut(i)
			continue
		}
	}
	cut(len(toks))
	return out, joins
}

// putsHere reports a verb of putting or adding after i, before any
// object marker: «… سوال ۲ فرم ۴۵ بذار».
func (c clause) putsHere(i int) bool {
	for ; i < len(c); i++ {
		if c[i].quoted {
			continue
		}
		if isAny(c[i].m, "را", "رو") {
			return false
		}
		if c.atAny(i, placeVerbsV) > 0 || c.atAny(i, addVerbsV) > 0 {
			return true
		}
	}
	return false
}

// nextStop returns where the sentence holding i ends: its full stop,
// «!» or «؟», or the end of the command.
func nextStop(toks []token, i int) int {
	for ; i < len(toks); i++ {
		if toks[i].punct && isAny(toks[i].m, ".", "!", "؟", "?", "،", ",", ";", "؛") {
			return i
		}
	}
	return len(toks)
}

// formIDRun reports a «و» at i inside a list of form numbers in words
// after a plural noun: «فرم‌های یک و دو و سه» is one reference.
func (c clause) formIDRun(i int) bool {
	if !c.listedWordID(i + 1) {
		return false
	}
	for k := i - 1; k >= 1; k -= 2 {
		if !c[k].isNum || c[k].quoted {
			return false
		}
		if isAny(c[k-1].m, pluralFormNouns...) {
			return true
		}
		if !isAny(c[k-1].m, "و", "،", ",", "and") {
			return false
		}
	}
	return false
}

// ordinalsJoined reports a «و» or comma at i between two places of
// questions, «سوال دوم و سوم»: one reference to several questions, not
// two clauses.
func (c clause) ordinalsJoined(i int) bool {
	if i < 2 || i+1 >= len(c) || c[i+1].quoted || c[i-1].quoted {
		return false
	}
	next, ok := ordinal(c[i+1].m)
	if !ok || next < 1 || i+2 < len(c) && c[i+2].qnoun {
		return false
	}
	for k := i - 1; k >= 1; k-- {
		if _, ok := ordinal(c[k].m); !ok || c[k].quoted {
			return false
		}
		if c[k-1].qnoun {
			return true
		}
		if k < 2 || !isAny(c[k-1].m, "و", "،", ",", "and") {
			return false
		}
		k--
	}
	return false
}

// clauseVerbs close a verb phrase: after one, a new object opens a new
// clause even with no «و» or comma between («فرم سه رو منتشر کن فرم
// چهار رو پیش نویس کن»), as dictated commands run on.
var clauseVerbs = []string{"کن", "کنید", "کنین", "بکن", "بکنید", "بکنین", "نمایید", "بفرمایید", "شود", "گردد", "بشه", "بشود", "شه"}

// itemWords name an item of a list of orders with its number: «Step 1:»,
// «مرحله ۲ -», «گام ۳)».
var itemWords = []string{"step", "مرحله", "گام"}

// stateLabels, in a command written as a report, introduce what is the
// case now — «Bug #12: فرم ۳۵ هنوز پیش‌نویس است», «Actual: …», «مشکل:
// …» — which is no order; wantLabels introduce what is wanted: «Expected:
// منتشر شود», «Fix: غیرفعالش کن».
var (
	stateLabels = []string{"bug", "actual", "issue", "problem", "باگ", "مشکل", "ایراد"}
	wantLabels  = []string{"expected", "expect", "fix", "todo", "solution", "انتظار", "راهحل"}
)

// enumerators reads the marks of a command written as a list or a
// report. The numbers of a numbered list of orders — «1) فرم ۹۵: سوال ۱
// حذف 2) …», «۳- فرم ۵ …», «Step 2: …» — become sentence breaks: each
// item is an order of its own and lends its verb to no other. A number
// in parentheses the command opened («سوال ۳ (یا ۴)») is no item, and
// the numbers after an option noun («گزینه‌ها: 1) Chrome 2) Firefox»,
// «با گزینه‌های ۱- صبح ۲- ظهر») number options, one list: they part the
// items as commas do. A command opened by a bullet («- فرم 62 - سوال جدید:
// … - نوع: …»), or a label whose colon a bullet follows («فرم ۱۲: - …»),
// is written as parts: the bullet is dropped and each dash after it
// separates two parts of the order, as a comma does (a dash
// between two numbers stays, a range). A report's labels are read as
// what they introduce: «Expected:» and «Fix:» open the order; «Bug #12:»
// and «Actual:» describe the form as it is, so of their sentence only the
// form or question named is kept, for the order after it to act on. An
// action named as a plan writes it, «add_field», is read as its words.
// optionNounInSentence reports a noun of options in the sentence that
// ends toks.
func optionNounInSentence(toks []token) bool {
	for k := len(toks) - 1; k >= 0 && !(toks[k].punct && isAny(toks[k].m, ".", "!", "؟", "?")); k-- {
		if !toks[k].quoted && isOptionNoun(toks[k].m) {
			return true
		}
	}
	return false
}

func enumerators(toks []token) []token {
	if !marksList(toks) {
		return toks
	}
	out := make([]token, 0, len(toks)+4)
	c := clause(toks)
	open := 0
	stop := token{m: ".", s: ".", punct: true, r0: '.'}
	comma := token{m: "،", s: "،", punct: true, r0: '،'}
	breakHere := func() {
		if len(out) > 0 && !(out[len(out)-1].punct && isAny(out[len(out)-1].m, ".", "،")) {
			out = append(out, stop)
		}
	}
	isDash := func(t token) bool { return !t.quoted && isAny(t.m, "-", "–", "—") }
	bulleted := len(toks) > 0 && isDash(toks[0])
	parenMarks := 0 // items numbered in parentheses, «(۱) … (۲) …»
	for i := range toks {
		if parenMarkAt(toks, i) {
			parenMarks++
		}
	}
	options := false // the items being read are options, after «options:»
	state := false   // inside a sentence that says what the case is
	steps := false   // an item has been read as a step of its own
	// item reads an item's number: in a list of options a comma between
	// two options (none before the first), else a sentence break.
	item := func() {
		k := len(out) - 1
		if k >= 0 && out[k].punct && out[k].m == ":" {
			k--
		}
		if !options && k >= 0 && !out[k].quoted && isOptionNoun(out[k].m) {
			options = true
			return
		}
		if !options && !steps && k >= 0 && !out[k].quoted && (placeVerbSet[out[k].m] || isAny(out[k].m, "بشه", "باشه", "بکن", "بنویس")) && optionNounInSentence(out[:k]) {
			// «گزینه‌های سوال ۴ رو پاک کن، بذار (الف) … (ب) …»: marks
			// right after the verb that gives a question's options,
			// in the sentence that names them, number the options.
			options = true
			return
		}
		if !options && !steps && k >= 0 && choiceBefore(retype(out[:k+1])) {
			// «فرم ۱۳: چندانتخابی «علائم» اضافه ۱) تب ۲) سرفه»: numbers
			// that first come right after a choice question said with
			// its wording number its options, not steps.
			options = true
			if out[len(out)-1].punct && out[len(out)-1].m == ":" {
				return
			}
			out = append(out, token{m: ":", s: ":", punct: true, r0: ':'})
			return
		}
		if !options && !steps && len(out) > 0 && out[len(out)-1].punct && out[len(out)-1].m == ":" && pluralQuestionsBefore(out) {
			// «به فرم ۳۳۵ این سؤال‌ها رو اضافه کنم: ۱) نام ۲) …»: numbers
			// right after the colon of a sentence naming questions in
			// the plural number their wordings, one list.
			options = true
			return
		}
		if !options {
			steps = true
			breakHere()
			return
		}
		if len(out) > 0 && !(out[len(out)-1].punct && isAny(out[len(out)-1].m, ":", "،")) {
			out = append(out, comma)
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.punct && !t.quoted && isAny(t.m, ".", "!", "؟", "?") {
			options, state = false, false
		}
		// «Bug #12:», «Expected:»: a label and its colon.
		if n := c.reportLabel(i); n > 0 {
			breakHere()
			state = isAny(t.m, stateLabels...)
			options = false
			i += n - 1
			continue
		}
		if state {
			// Only what names a form or a question is kept: «فرم ۳۵»,
			// «سوال ۳ فرم ۸۰».
			if !t.quoted && (c.atAny(i, formNounsV) > 0 || t.qnoun) && i+1 < len(toks) {
				_, ord := ordinal(toks[i+1].m)
				if toks[i+1].isNum && toks[i+1].digits || ord {
					out = append(out, t, toks[i+1])
					i++
				}
			}
			continue
		}
		switch {
		case t.quoted:
		case open == 0 && parenMarks >= 2 && parenMarkAt(toks, i):
			// «گزینه‌ها: (۱) اول (۲) دوم», «(a) Instagram (b) TikTok»: an
			// item's number or letter in parentheses marks it as «۱)» does.
			item()
			i += 2
			continue
		case t.punct && t.m == "(":
			open++
		case t.punct && t.m == ")" && open > 0:
			open--
		case t.punct && t.m == ":" && len(out) > 0 && !out[len(out)-1].quoted && isAny(out[len(out)-1].m, optionNouns...):
			options = true
		case t.punct && t.m == ":" && len(out) > 1 && out[len(out)-1].isNum && out[len(out)-1].digits && clause(out).atAny(len(out)-2, formNounsV) > 0 &&
			(len(out) == 2 || out[len(out)-3].punct):
			// «فرم ٦٣: ۶ تا short text: …»: the form named as the label
			// of the item is one part of it, as a comma parts them.
			out = append(out, comma)
			continue
		case open == 0 && isAny(t.m, itemWords...) && i+2 < len(toks) && toks[i+1].isNum && toks[i+1].digits && toks[i+2].punct && isAny(toks[i+2].m, ":", ")", "."):
			breakHere()
			i += 2
			continue
		case open == 0 && isAny(t.m, itemWords...) && i+1 < len(toks) && numberedDash(toks[i+1].m):
			breakHere()
			i++
			continue
		case open == 0 && t.isNum && t.digits && i+1 < len(toks) && toks[i+1].punct && toks[i+1].m == ")":
			item()
			i++
			continue
		case open == 0 && stepNumberedAt(c, i):
			// «form 12: 1. draft 2. rm q3 3. publish»: a step's number
			// and its full stop, before the order it numbers; read as a
			// number, «2. rm q3» made form 2 what the order acted on.
			breakHere()
			i++
			continue
		case open == 0 && !t.punct && numberedDash(t.m):
			item()
			continue
		case !t.quoted && t.m == "+" && len(out) > 0 && !(out[len(out)-1].isNum && i+1 < len(toks) && toks[i+1].isNum):
			// «new form «…» + q: number «…» + publish»: a plus joins
			// two parts of the command, as «و» does; between two
			// numbers it is a sum.
			out = append(out, token{m: "و", s: "+", r0: 'و'})
			continue
		case !t.punct && strings.Contains(t.m, "_") && strings.Trim(t.m, "abcdefghijklmnopqrstuvwxyz_") == "" && strings.Trim(t.m, "_") != "":
			// «Step 2: add_field آپلود فایل …»: an action named as the
			// plan writes it is its words, «add field».
			for _, w := range strings.Split(t.s, "_") {
				if w != "" {
					wt := wordToken(w)
					wt.r0, wt.qnoun = firstRune(wt.m), questionNouns[wt.m]
					out = append(out, wt)
				}
			}
			continue
		case !bulleted && isDash(t) && i > 0 && toks[i-1].punct && toks[i-1].m == ":":
			// «فرم ۱۲: - سوال ۲ … - سوال ۳ …»: the list opens after the
			// label, which names what every item acts on.
			bulleted = true
			continue
		case bulleted && isDash(t):
			switch {
			case len(out) == 0 || out[len(out)-1].punct:
			case out[len(out)-1].isNum && i+1 < len(toks) && toks[i+1].isNum && !c.idOrCountAround(len(out)-1, out, i+1):
				out = append(out, t)
			default:
				out = append(out, comma)
			}
			continue
		case t.punct && !isAny(t.m, "،", ","):
			options = false
		}
		out = append(out, t)
	}
	return out
}

// idOrCountAround reports a dash between a form's or question's number
// and a count, «فرم ۶۳ - ۳ سوال کوتاه»: two parts, not a range.
func (c clause) idOrCountAround(left int, out []token, right int) bool {
	if left > 0 && (clause(out).atAny(left-1, formNounsV) > 0 || out[left-1].qnoun) {
		return true
	}
	return right+1 < len(c) && (c[right+1].qnoun || isAny(c[right+1].m, "تا", "عدد"))
}

// listMarkWords are the words that may mark a list or a report.
var listMarkWords = func() map[string]bool {
	m := map[string]bool{"+": true, "-": true, "–": true, "—": true}
	for _, l := range [][]string{itemWords, stateLabels, wantLabels} {
		for _, w := range l {
			m[w] = true
		}
	}
	return m
}()

// stepNumberedAt reports at i a step's number and its full stop, «2.»,
// before an order: a verb of the form builder's acts.
func stepNumberedAt(c clause, i int) bool {
	if i+2 >= len(c) || !c[i].isNum || !c[i].digits || c[i].quoted || c[i].num < 1 || c[i].num > 12 || !c[i+1].punct || c[i+1].m != "." || c[i+2].quoted {
		return false
	}
	if i > 0 && !c[i-1].quoted && (c[i-1].qnoun || c.atAny(i-1, formNounsV) > 0 || c.atAny(i-1, idMarkersV) > 0) {
		return false // «فرم 5. سوال 2. پاک.»: the number of the noun before
	}
	j := i + 2
	return c.atAny(j, actionWordsV) > 0 || c.atAny(j, deleteWordsV) > 0 || c.atAny(j, disableWordsV) > 0 || c.atAny(j, moveVerbsV) > 0 ||
		c.atAny(j, copyV2) > 0 || c.imperativeAct(j) || isAny(c[j].m, "rename")
}

// marksList reports a token enumerators may read: most commands have
// none, and are returned as they are, not copied.
func marksList(toks []token) bool {
	for i := range toks {
		if stepNumberedAt(clause(toks), i) {
			return true
		}
	}
	for _, t := range toks {
		if t.quoted {
			continue
		}
		if t.punct {
			if t.m == ")" || t.m == ":" {
				return true
			}
			continue
		}
		if listMarkWords[t.m] || strings.IndexByte(t.m, '_') >= 0 || numberedDash(t.m) {
			return true
		}
	}
	return false
}

// parenMarkAt reports an item's number or letter in parentheses at i,
// «(۲)», «(b)», «(ب)».
func parenMarkAt(toks []token, i int) bool {
	if i+2 >= len(toks) || !toks[i].punct || toks[i].m != "(" || !toks[i+2].punct || toks[i+2].m != ")" {
		return false
	}
	t := toks[i+1]
	if t.quoted || t.punct {
		return false
	}
	if t.isNum && t.digits {
		return t.num >= 1 && t.num <= 12
	}
	return t.m == "الف" || utf8.RuneCountInString(t.m) == 1 && (t.m >= "a" && t.m <= "l" || strings.ContainsAny(t.m, "بپتثجچ"))
}

// numberedDash reports an item's number and its dash typed as one word,
// «۳-».
func numberedDash(m string) bool {
	return len(m) > 1 && m[len(m)-1] == '-' && strings.Trim(m[:len(m)-1], "0123456789") == ""
}

// reportLabel reports how many tokens a report's label takes at i:
// «Bug #12:», «Expected:», «Fix:» — a label word, perhaps its number,
// and a colon.
func (c clause) reportLabel(i int) int {
	t := c[i]
	if t.quoted || t.punct || !isAny(t.m, stateLabels...) && !isAny(t.m, wantLabels...) {
		return 0
	}
	j := i + 1
	if j < len(c) && c[j].isNum && c[j].digits {
		j++
	}
	if j < len(c) && c[j].punct && c[j].m == ":" {
		return j + 1 - i
	}
	return 0
}

// cutAsides takes out a relative clause set off by commas after what it
// describes — «سؤال چهارم فرم ۲۱ را، که دیگر لزومی ندارد، حذف کنید»,
// «فرم ۵، که منتشر شده، …» — and returns it apart. It says something of
// the object, not what to do with it: read in place it split the object
// from its verb (the verb fell back to the form) and its words («ندارد»,
// «اجباری است») were read as orders. A remark is named back to the user.
//
// The relative clause may open on «که» or on a demonstrative and «که»
// («، همون که دیروز گفتم،»), and stand after any word of the object —
// its noun, its number, its ordinal, «را» — or after a verb it remarks
// on («نمی‌خوام، که قبلا گفتم، فرم ۴ پیش‌نویس بشه»).
func cutAsides(toks []token) ([]token, []string) {
	var asides []string
	for i := 1; i+2 < len(toks); i++ {
		prev := toks[i-1]
		if !toks[i].punct || !isAny(toks[i].m, "،", ",") || toks[i+1].quoted || prev.punct {
			continue
		}
		open := i + 1
		if isAny(toks[open].m, "همون", "همان", "همونی", "همانی", "اونی", "آنی", "اون", "آن") && open+1 < len(toks) && !toks[open+1].quoted && toks[open+1].m == "که" {
			open++
		}
		if toks[open].m != "که" {
			continue
		}
		j := open + 1
		for j < len(toks) && !toks[j].punct && !toks[j].quoted {
			j++
		}
		// The aside ends at a comma and the order goes on after it.
		if j == open+1 || j+1 >= len(toks) || !isAny(toks[j].m, "،", ",") || toks[j+1].punct {
			continue
		}
		asides = append(asides, surfaceOf(toks[i+1:j]))
		out := append(append(make([]token, 0, len(toks)), toks[:i]...), toks[j+1:]...)
		rest, more := cutAsides(out)
		return rest, append(asides, more...)
	}
	return toks, asides
}

// deniedImperatives close a clause that denies an order: «نکن», «نساز»,
// and every denied imperative deniedVerb reads («پاک نفرمایید»).
var deniedImperatives = []string{"نکن", "نکنید", "نکنین", "نساز", "نسازید", "نذار", "نزار", "نگذار", "نذارید", "نگذارید", "نده", "ندهید", "ندید",
	// a form said to stay as it is: «فرم ۸ بمونه فرم ۹ رو پاک کن»
	"بمونه", "بماند", "بمانه", "سالمه", "نخوره", "نخورد"}

// deniesOrder reports a denied imperative at m.
func deniesOrder(m string) bool { return isAny(m, deniedImperatives...) || deniedVerb(m) }

// cutRunOns puts a comma where a verb phrase ends and a new object
// begins: a form or a question with its number, «یه/یک» counting a new
// one, or a title or name of a form («اسم فرم ۵», «اسمش»).
func cutRunOns(toks []token) []token {
	c := clause(toks)
	// out stays nil until the first comma is put in: most commands have
	// no run-on and are returned as they are, with nothing copied.
	var out []token
	comma := func(i int) {
		if out == nil {
			out = append(make([]token, 0, len(toks)+4), toks[:i+1]...)
		}
		out = append(out, token{m: "،", s: "،", punct: true, r0: '،'})
	}
	denied := false // a denial said so far: «… نمیخواد حذف بشه فقط …»
	for i, t := range toks {
		if out != nil {
			out = append(out, t)
		}
		denied = denied || !t.quoted && negativeVerbs[t.m]
		if denied && i+1 < len(toks) && !t.quoted && !t.punct && (clauseVerbSet[t.m] || negativeVerbs[t.m] || isAny(t.m, verbEndings...)) &&
			!toks[i+1].quoted && isAny(toks[i+1].m, "فقط", "تنها") && ordersAfter(clause(toks[i+2:])) {
			// «سوال ۲ نمیخواد حذف بشه فقط اختیاری بشه», «… حذف نشه
			// فقط …»: after a denial, «فقط» and a verb after the verb
			// that ends it say what is done instead, a clause of its own.
			comma(i)
			continue
		}
		if !t.quoted && t.m == "نه" && !strings.ContainsRune(t.s, 'ُ') && i > 0 && i+1 < len(toks) && !toks[i+1].punct && !toks[i+1].quoted &&
			!toks[i+1].qnoun && !isAny(toks[i+1].m, "تنها", "تا", "تای", "عدد", "عددی") && !c.actEndsAt(i+1+max(c.atAny(i+1, deleteWordsV), c.atAny(i+1, disableWordsV), c.atAny(i+1, draftWordsV), c.atAny(i+1, actionWordsV))) &&
			(c.actEndsAt(i) || toks[i-1].isNum || isAny(toks[i-1].m, "رو", "را")) {
			// «فرم ۵۶ حذف نه فقط سوال دوم اجباری», «فرم ۵ نه فرم ۶ رو
			// پاک کن»: «نه» after an act or an object denies that, and
			// what follows is a clause of its own. «نُه» counting («فرم ۹
			// نه سوال») and «نه … نه …» before the acts it denies
			// («رو نه غیرفعال کن نه …») are not.
			comma(i)
			continue
		}
		if t.quoted || t.punct || !clauseVerbSet[t.m] && !deniesOrder(t.m) && !c.imperativeAct(i) || i+1 >= len(toks) {
			continue
		}
		if i > 0 && isAny(toks[i-1].m, "که", "تا") {
			continue // «… که بشه سوال سوم»: the verb says where, not what next
		}
		if isAny(t.m, "بشه", "بشود", "شود", "بشن") && c.movesBefore(i) {
			continue // «… رو بیار بشه سوال دوم»: where it is moved to
		}
		if i+3 == len(toks) && toks[i+1].qnoun && c.questionBefore(i) {
			if _, ok := ordinal(toks[i+2].m); ok {
				continue // «سوال دوم رو بکن سوال پنجم»: the place it is made
			}
		}
		// «پاک کن سوال دوم فرم ۸ رو»: a verb said before its object, in a
		// clause with no object yet, takes the object after it.
		if !c.objectBefore(i) && !deniesOrder(t.m) {
			continue
		}
		if c.formAfterPut(i) {
			continue
		}
		// «منتشرش کن فرم ۸ رو، …»: the object said after its verb and
		// closed by «رو» is an afterthought naming the verb's object.
		if !deniesOrder(t.m) && c.objectAfterthought(i+1) {
			continue
		}
		// «… delete نکن فقط unpublish کن»: a denied verb ends its clause.
		if c.opensObject(i+1) || deniesOrder(t.m) && !toks[i+1].punct && !conjunctions[toks[i+1].m] && !isAny(toks[i+1].m, "نه") {
			comma(i)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// formAfterPut reports a form named right after a verb of putting or
// adding, in a clause that has named no form yet, with nothing after
// its number but a colon, a list, a stop or the end: «سه تا سوال کوتاه
// بذار فرم ۹۲: …», «یه سوال تاریخ اضافه کن فرم ۱۲». It is where the
// questions go, its «به» or «تو» dropped as in speech, and no new clause.
func (c clause) formAfterPut(i int) bool {
	if c.atAny(i, placeVerbsV) == 0 && !(i > 0 && c.atAny(i-1, addVerbsV) > 0) {
		return false
	}
	for k := i - 1; k >= 0 && !c[k].punct; k-- {
		if c.atAny(k, formNounsV) > 0 {
			return false
		}
	}
	j := i + 1
	n := c.atAny(j, formNounsV)
	if n == 0 || j+n >= len(c) || !c[j+n].digits || c[j+n].quoted {
		return false
	}
	k := j + n + 1
	return k == len(c) || c[k].list != nil || c[k].punct && isAny(c[k].m, ":", ".", "،", ",", "!")
}

// objectAfterthought reports a form named from j and closed by the
// object marker at the end of the sentence or before punctuation: «فرم
// ۸ رو» after the verb is that verb's object, not a new clause.
func (c clause) objectAfterthought(j int) bool {
	if j+2 >= len(c) || c.atAny(j, formNounsV) == 0 {
		return false
	}
	k := j + c.atAny(j, formNounsV)
	for k < len(c) && c[k].isNum && !c[k].quoted {
		k++
	}
	if k == j+c.atAny(j, formNounsV) || k >= len(c) || !isAny(c[k].m, "را", "رو") {
		return false
	}
	if k+1 == len(c) || c[k+1].punct {
		return true
	}
	// «rename کن فرم ۳۱ رو به «…»»: what the verb makes of it, a quote
	// after «به», ends the sentence with it.
	q := k + 1
	if isAny(c[q].m, "به", "to") && !c[q].quoted {
		q++
	}
	return q < len(c) && c[q].quoted && (q+1 == len(c) || c[q+1].punct)
}

// imperativeAct reports an act's own imperative at i, «ببند», «بردار»,
// «بنداز»: like «کن», it closes its verb phrase.
func (c clause) imperativeAct(i int) bool {
	t := c[i]
	if !strings.HasPrefix(t.m, "ب") || utf8.RuneCountInString(t.m) < 3 {
		return false
	}
	return c.atAny(i, disableWordsV) > 0 || c.atAny(i, deleteWordsV) > 0 || c.atAny(i, moveVerbsV) > 0
}

// objectBefore reports an object in the clause before i: a form, a
// question, a number, a quote, a list or a pronoun.
func (c clause) objectBefore(i int) bool {
	for k := i - 1; k >= 0 && !(c[k].punct && !c[k].quoted); k-- {
		t := c[k]
		// «دفترچه رو ببند فرم ۷۴ رو …»: what «رو» marks is an object,
		// whatever it is.
		if t.quoted || t.qnoun || t.isNum || t.pron || t.list != nil || c.atAny(k, formNounsV) > 0 || isAny(t.m, "it", "them", "اون", "آن", "این", "رو", "را") {
			return true
		}
	}
	return false
}

// movesBefore reports a verb of moving in the clause before i.
func (c clause) movesBefore(i int) bool {
	for k := i - 1; k >= 0 && !c[k].punct; k-- {
		if !c[k].quoted && c.atAny(k, moveVerbsV) > 0 {
			return true
		}
	}
	return false
}

// questionBefore reports a question noun in the clause before i.
func (c clause) questionBefore(i int) bool {
	for k := i - 1; k >= 0 && !c[k].punct; k-- {
		if c[k].qnoun && !c[k].quoted {
			return true
		}
	}
	return false
}

// opensObject reports a new object at i: «فرم ۴», «سوال ۳», «سوال
// دوم», «یه سوال …», «اسم فرم ۵». A form after a preposition («اضافه کن
// به فرم ۱۴») is where the verb before it acts, not a new object.
func (c clause) opensObject(i int) bool {
	t := c[i]
	if t.quoted || t.punct {
		return false
	}
	if (c.atAny(i, formNounsV) > 0 || t.qnoun) && i+1 < len(c) {
		nx := c[i+1]
		_, ord := ordinal(nx.m)
		// «… اجباری کن فرم رو منتشر کن»: the form named again.
		return nx.isNum || ord || c.atAny(i, formNounsV) > 0 && isAny(nx.m, "را", "رو")
	}
	if isAny(t.m, "یه", "یک") && i+1 < len(c) {
		return c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0
	}
	if c.atAny(i, nameNounsV) > 0 && i+1 < len(c) {
		return c.atAny(i+1, formNounsV) > 0
	}
	// «… اضافه کنید نوعش تاریخ باشه», «… تایپش دیت باشه»: the kind of
	// what was just named, said with «its», opens a clause of its own.
	return isAny(t.m, "نوعش", "نوعشو") || t.pron && isAny(t.m, "type", "نوع")
}

// hasVerb reports a verb in the clause: a light verb, an act, a
// negative or a copula.
func (c clause) hasVerb() bool {
	for i, t := range c {
		if t.quoted || t.list != nil {
			continue
		}
		if lightVerbSet[t.m] || clauseVerbSet[t.m] || negativeVerbs[t.m] || isAny(t.m, "باشه", "باشد", "هست", "است", "میخوام", "میخواهم", "لازمه") ||
			c.atAny(i, actionWordsV) > 0 || c.atAny(i, placeVerbsV) > 0 || c.atAny(i, deleteWordsV) > 0 {
			return true
		}
	}
	return false
}

// ownNameNouns, said with «ـش», name the wording of what was just said:
// «عنوانش», «اسمش».
var ownNameNouns = []string{"اسم", "عنوان", "متن", "نام", "موضوع", "تیتر"}

// plainWording reports words up to the next cut, verb or detail that
// can only go on a wording: no number, form, question, type or list
// among them.
// After «و» they are the rest of the wording, «… با عنوان اسم و
// فامیل», not a clause of their own.
func plainWording(toks []token) bool {
	c := clause(toks)
	n := 0
	for i, t := range toks {
		if t.punct || !t.quoted && conjunctions[t.m] {
			break
		}
		if c.atAny(i, stopWordsV) > 0 || c.deniedActAt(i) > 0 || lightVerbSet[t.m] || negativeVerbs[t.m] || c.detailStarts(i) {
			break // the verb or detail that ends the wording
		}
		if t.quoted || t.isNum || t.qnoun || t.list != nil || c.atAny(i, formNounsV) > 0 || isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) {
			return false
		}
		if _, k := c.fieldTypeAt(i); k > 0 {
			return false
		}
		n++
	}
	return n > 0
}

// arrowedAct reports an order that starts at i with the verb of deleting,
// closing, copying, moving or renaming, as a programmer writes one after
// an arrow: «draft -> rm q2 -> publish», «-> mv q3 -> q1».
func (c clause) arrowedAct(i int) bool {
	return c.atAny(i, deleteWordsV) > 0 || c.atAny(i, disableWordsV) > 0 || c.atAny(i, copyV2) > 0 || c.atAny(i, moveVerbsV) > 0 || isAny(c[i].m, "rename")
}
