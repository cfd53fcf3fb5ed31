package persian

import (
	"slices"
	"strings"
)

// publicNouns name who may reach a form: «از دسترس عموم خارج شود» is
// «از دسترس خارج شود» said of the public.
var publicNouns = []string{"عموم", "همگان", "همه", "مردم", "کاربران", "کاربرا", "عمومی", "پاسخدهندگان", "public", "users"}

// publicAccess reads «از دسترس عموم/همگان/کاربران خارج»: who the form
// is taken from says nothing more than «از دسترس خارج», the closing it
// names, so the words between are dropped before the act is read.
func publicAccess(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].quoted || toks[i].m != "دسترس" || toks[i-1].m != "از" {
			continue
		}
		j := i + 1
		for j < len(toks) && !toks[j].quoted && isAny(toks[j].m, publicNouns...) {
			j++
		}
		if j == i+1 || j >= len(toks) || toks[j].quoted || toks[j].m != "خارج" {
			continue
		}
		toks = append(toks[:i+1:i+1], toks[j:]...)
	}
	return toks
}

// draftBesideClosing reads «فرم ۳۹ از دسترس خارج و به حالت پیش‌نویس
// بازگردانده شود», «غیرفعالش کن و ببرش پیش‌نویس»: a closing and a draft
// said of one form in two clauses joined by «و» is one change, the
// draft, as when both are said in one clause — a draft takes no answers
// either. The clause of the draft, which names no form of its own and
// asks nothing else, is dropped.
func draftBesideClosing(fs []*frame) []*frame {
	out := fs[:0]
	for k := 0; k < len(fs); k++ {
		f := fs[k]
		if k+1 < len(fs) && f.disable && !f.deleteForm && !f.duplicate && !f.draft && !f.publish && !f.negated && f.refusal.Key == "" {
			next := fs[k+1]
			if next.draft && !next.negated && isAny(next.joinedBy, "و", "and", "،", ",") && next.onlyState() && (len(next.ids) == 0 || slices.Equal(next.ids, f.ids)) {
				f.disable, f.draft = false, true
				out = append(out, f)
				k++
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// onlyState reports a clause that asks a change of state and nothing
// else: no question, title, edit, copy or new form.
func (f *frame) onlyState() bool {
	return len(f.groups) == 0 && f.edit == nil && f.title == "" && !f.create && !f.add && !f.rename && !f.duplicate && !f.deleteForm && !f.publish && f.refusal.Key == "" && f.nav == ""
}

// takeOutVerbs take something out or off: said after «از انتشار» they
// unpublish, as «خارج کن» does — «از نشر بکش», «از انتشار بردار».
var takeOutVerbs = []string{"بکش", "بکشید", "بکشین", "بکشش", "بکشیدش", "بردار", "بردارید", "بردارین", "بردارش", "برداریدش", "برداشته", "کنار", "بیرون", "پایین"}

// keepOutVerbs deny the taking out: «از انتشار برندار».
var keepOutVerbs = []string{"نکش", "نکشید", "نکشین", "برندار", "برندارید", "برندارین", "برنداری"}

// outOfPublication reads «از (حالت) انتشار/نشر» followed by a verb of
// taking out («بکش», «بردار», «بیرون بیار», «پایین بکش») as «از انتشار
// خارج»: taking a form out of publication is its draft. Read word by
// word, «بکش» was no act and «بردار» the act of deleting — the form
// published, or deleted, for an order to unpublish it.
func outOfPublication(toks []token) []token {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].quoted || toks[i].m != "از" {
			continue
		}
		j := i + 1
		if isAny(toks[j].m, "حالت", "وضعیت") && j+1 < len(toks) {
			j++
		}
		if toks[j].quoted || !isAny(toks[j].m, "انتشار", "نشر") {
			continue
		}
		v := j + 1
		if v >= len(toks) || toks[v].quoted {
			continue
		}
		// The typed word, not the one its sound reads as: «بکشید» is no
		// «بکنید».
		typed := matchForm(toks[v].s)
		denied := isAny(typed, keepOutVerbs...)
		if !denied && !isAny(typed, takeOutVerbs...) {
			continue
		}
		toks[j].m, toks[j].r0 = "انتشار", firstRune("انتشار")
		toks[v].m, toks[v].r0, toks[v].fuzzy = "خارج", firstRune("خارج"), false
		if denied {
			// «از انتشار برندار»: not taken out, which is no order to
			// publish either.
			toks = append(toks[:v+1:v+1], append([]token{wordToken("نکن")}, toks[v+1:]...)...)
			toks[v+1].r0 = firstRune(toks[v+1].m)
			continue
		}
		if v+1 < len(toks) && !toks[v+1].quoted && isAny(matchForm(toks[v+1].s), takeOutVerbs...) {
			// «پایین بکش», «بکشید بیرون»: one taking out, said in two words.
			toks = append(toks[:v+1:v+1], toks[v+2:]...)
		}
	}
	return toks
}

// saysLastQuestion reports «سوال آخر», «آخرین سوال», «the last
// question» said of no counted or new question: the last question the
// form has, not one to add («یه سوال آخر هم اضافه کن» adds one).
func (c clause) saysLastQuestion() bool {
	for i, t := range c {
		if t.quoted || !t.qnoun || c.newQuestionNoun(i) || c.countedAt(i) {
			continue
		}
		if i+1 < len(c) && !c[i+1].quoted && isAny(c[i+1].m, "آخر", "اخر", "آخری", "اخری") || i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "آخرین", "اخرین", "last") {
			return true
		}
	}
	return false
}

// reasonMarksV open a clause that gives the reason for an order: «نظر
// به اینکه …», «از آنجا که …», «چون …», "because …".
var reasonMarksV = newVocab("نظر به اینکه", "نظر به این که", "با توجه به اینکه", "با توجه به این که", "از آنجا که", "از آنجایی که", "از اونجا که", "از اونجایی که", "چون", "چونکه", "زیرا", "because")

// cutReasons takes out the reason given for an order — «نظر به اینکه
// فرم ۳۱ نیازی به دریافت پاسخ ندارد، …» before it, «… چون دیگه لازمش
// نداریم» after it — and returns it apart, to be named back as a
// remark. Read in place, its words («ندارد», «نمی‌خوایم») denied the
// order it explains. A reason said first keeps the form it names when
// the order names none of its own («… آن را غیرفعال کنید»).
func cutReasons(toks []token) ([]token, []string) {
	c := clause(toks)
	for i := 0; i < len(c); i++ {
		n := c.atAny(i, reasonMarksV)
		if n == 0 || c[i].quoted {
			continue
		}
		j := i + n
		for j < len(c) && !(c[j].punct && isAny(c[j].m, "،", ",", "؛", ";", ".", "!")) {
			if c[j].quoted {
				j = -1 // a name or wording is no part of a reason
				break
			}
			j++
		}
		if j <= i+n {
			continue
		}
		before, after := c[:i], clause(nil)
		if j+1 < len(c) {
			after = c[j+1:]
		}
		if i == 0 && (len(after) == 0 || !after.hasOrder()) || i > 0 && !clause(before).hasOrder() {
			continue // the reason is the whole command, or gives no order's
		}
		reason := surfaceOf(c[i+n : j])
		out := append(make([]token, 0, len(toks)), before...)
		if i == 0 && !after.has(formNounsV) {
			for k := i + n; k+1 < j; k++ {
				if c.atAny(k, formNounsV) > 0 && c[k+1].isNum {
					out = append(out, c[k], c[k+1])
				}
			}
			if len(out) > 0 {
				out = append(out, c[j]) // the comma that ended the reason
			}
		}
		out = append(out, after...)
		rest, more := cutReasons(out)
		return rest, append([]string{reason}, more...)
	}
	return toks, nil
}

// receiveNouns and answerNouns say taking answers in: «پذیرش پاسخ»,
// «دریافت جواب», «accepting responses».
var (
	receiveNouns = []string{"پذیرش", "دریافت", "گرفتن", "قبول", "جمعآوری", "جمع", "accepting", "taking", "collecting", "receiving"}
	answerNouns  = []string{"پاسخ", "پاسخها", "پاسخهای", "جواب", "جوابها", "جوابهای", "responses", "response", "answers", "submissions"}
	stopWords    = []string{"متوقف", "قطع", "بسته", "تعطیل", "stop", "halt", "pause"}
	// stopFromWords keep a form from taking answers, after «از»: «از
	// دریافت پاسخ جدید بازداشته شود», «از پذیرش جواب بازایستد».
	stopFromWords = []string{"بازداشته", "بازایستد", "بازبایستد", "بازماند", "بازبماند", "منع", "محروم"}
)

// stopsAnswers reads «پذیرش پاسخ (فرم ۳۱) متوقف گردد», «دریافت جواب رو
// قطع کن», "stop accepting responses on form 31": taking answers
// stopped is the form closed, its link kept (RULINGS 5). The words are
// read as «غیرفعال» where the stop was said; the form named between
// stays.
func stopsAnswers(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].quoted || !isAny(toks[i].m, receiveNouns...) {
			continue
		}
		a := i + 1
		if toks[i].m == "جمع" && a < len(toks) && isAny(toks[a].m, "آوری", "اوری") {
			a++
		}
		if a >= len(toks) || toks[a].quoted || !isAny(toks[a].m, answerNouns...) {
			continue
		}
		stop := -1
		if i > 0 && !toks[i-1].quoted && isAny(toks[i-1].m, stopWords...) {
			stop = i - 1 // "stop accepting responses"
		}
		from := i > 0 && !toks[i-1].quoted && toks[i-1].m == "از"
		for k := a + 1; stop < 0 && k < len(toks) && !toks[k].punct && !toks[k].quoted; k++ {
			if isAny(toks[k].m, stopWords...) || from && isAny(toks[k].m, stopFromWords...) {
				stop = k
			}
		}
		if stop < 0 {
			continue
		}
		if from && isAny(toks[stop].m, stopFromWords...) {
			i-- // «از دریافت پاسخ … بازداشته شود»: the «از» goes with them
		}
		toks[stop].m, toks[stop].r0, toks[stop].fuzzy = "غیرفعال", firstRune("غیرفعال"), false
		if stop < i && a+1 < len(toks) && isAny(toks[a+1].m, "on", "for", "in", "of", "to") {
			a++ // "… responses on form 31": the form is the object of the stop
		}
		toks = append(toks[:i:i], toks[a+1:]...)
		i--
	}
	return toks
}

// formalOnlyV say «only» in the written register: «… خودداری و صرفاً
// پذیرش پاسخ متوقف گردد» — what is done instead, as «فقط» says it.
var formalOnlyV = newVocab("صرفا", "منحصرا", "صرفاً", "منحصراً")

// keptWordsV say in the written register that something stays as it
// is: «پیوند آن باید محفوظ بماند» (its link kept) — known words, not
// words left unread.
var keptWordsV = newVocab("محفوظ", "پابرجا", "بماند", "بمانند", "بمونه")

// azeriFillers drops «ده» said as a filler after a form's number in
// Persian with Azeri habits — «فرم ۱۵ ده سوال متن بلند … اضافه کن دیه»:
// the voice that says «دیه» says «ده» (come on) too, and a count right
// after a form's number, with no «تا», is that filler, not ten. Written
// without «دیه», «فرم ۱۵ ده سوال» keeps its ten.
func azeriFillers(toks []token) []token {
	voiced := false
	for _, t := range toks {
		voiced = voiced || !t.quoted && (t.m == "دیه" || t.s == "دیه")
	}
	if !voiced {
		return toks
	}
	out := make([]token, 0, len(toks))
	for i, t := range toks {
		if i > 0 && !t.quoted && !t.digits && matchForm(t.s) == "ده" && toks[i-1].digits && !(i+1 < len(toks) && isAny(toks[i+1].m, "تا", "دونه", "عدد")) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// rightWords call a wording the right one: «عنوان درست: …», «متن صحیح».
var rightWords = []string{"درست", "صحیح", "درستش", "صحیحش", "اصلاحشده", "correct", "right", "fixed"}

// rightWording reads «عنوان درست: «…»», «متن صحیح «…»», "correct
// label: …" — the right wording, after one said to be wrong — as «متن
// جدید»: the new wording to give, which the title reading takes as a
// name said new (readTitles, correctedWording). Read alone, «درست» was
// the verb of making («درست کن»).
func rightWording(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		t := toks[i]
		if t.quoted || !isAny(t.m, rightWords...) || toks[i-1].quoted || !isAny(toks[i-1].m, wordingNouns...) && !isAny(toks[i-1].m, nameNouns...) {
			continue
		}
		if nx := toks[i+1]; !nx.quoted && !(nx.punct && nx.m == ":") && !isAny(nx.m, "اینه", "این", "is", "=", "را", "رو", "باید") {
			continue
		}
		toks[i].m, toks[i].r0, toks[i].fuzzy = "جدید", firstRune("جدید"), false
	}
	return toks
}

// newWordingAfterColon keeps whole the unquoted wording a question is
// given after a noun of wording and a colon — «فرم ۵۰. سوال ۳. متن
// جدید: چند سال سابقه دارید؟», «… عنوان درست: نام پدر» — up to the
// sentence's end, its question mark kept: it becomes one quoted token,
// so that its words («نام», «سال») are not read as the command's. Only
// after a question named before it, and only plain words: a form, a
// question, a number, a list or another act after the colon is no
// wording.
func newWordingAfterColon(toks []token) []token {
	c := clause(toks)
	asked := false
	for i := 0; i+2 < len(toks); i++ {
		asked = asked || toks[i].qnoun && !toks[i].quoted
		if !asked || toks[i].quoted || !isAny(toks[i].m, wordingNouns...) {
			continue
		}
		colon := i + 1
		if isAny(toks[colon].m, "جدید", "تازه", "new") {
			colon++
		}
		if colon+1 >= len(toks) || !toks[colon].punct || toks[colon].m != ":" || toks[colon+1].quoted {
			continue
		}
		end := colon + 1
		for end < len(toks) && !(toks[end].punct && !isAny(toks[end].m, "؟", "?")) {
			u := toks[end]
			if u.quoted || u.list != nil || u.qnoun || u.isNum && u.digits || c.atAny(end, formNounsV) > 0 || c.atAny(end, actionWordsV) > 0 || c.atAny(end, deleteWordsV) > 0 {
				end = -1
				break
			}
			if u.punct {
				end++
				break // the question mark ends the wording
			}
			end++
		}
		if end <= colon+1 {
			continue
		}
		var b strings.Builder
		for k := colon + 1; k < end; k++ {
			if k == colon+1 {
				b.WriteString(toks[k].s)
			} else {
				b.WriteString(joinMark(toks[k]))
			}
		}
		q := token{m: matchForm(b.String()), s: b.String(), quoted: true, r0: -1}
		out := append(append(make([]token, 0, len(toks)), toks[:colon+1]...), q)
		return append(out, toks[end:]...)
	}
	return toks
}

// becomesAfterMove joins «… رو بیار بالا، بشه سوال دوم»: after a verb of
// moving, a comma before «بشه» and a place (the question it becomes)
// parts no clauses — where the question ends up is the move's
// destination, finer than «بالا». Read as a clause of its own, the place
// was lost and the question went to the top.
func becomesAfterMove(toks []token) []token {
	c := clause(toks)
	moved := false
	for i := 0; i+2 < len(toks); i++ {
		moved = moved || !toks[i].quoted && c.atAny(i, moveVerbsV) > 0
		if !moved || !toks[i].punct || !isAny(toks[i].m, "،", ",") || toks[i+1].quoted || !isAny(toks[i+1].m, "بشه", "بشود", "شود", "گردد", "بشن") {
			continue
		}
		nx := toks[i+2]
		_, ord := ordinal(nx.m)
		if nx.quoted || !(ord || nx.qnoun && i+3 < len(toks) && (toks[i+3].isNum || isOrdinal(toks[i+3].m))) {
			continue
		}
		return append(append(make([]token, 0, len(toks)), toks[:i]...), toks[i+1:]...)
	}
	return toks
}

// kindMarkedAt reports a kind said at i after «از نوع», «به صورت»:
// «پرسشی با عنوان «محل تولد» و از نوع پاسخ کوتاه» says the kind of the
// question named before it, and is no question of its own.
func (c clause) kindMarkedAt(i int) bool {
	if c.atAny(i, kindMarkersV) > 0 {
		return true // «از نوع عددی» is also one type phrase
	}
	for n := 1; n <= 2 && i-n >= 0; n++ {
		if c.atAny(i-n, kindMarkersV) == n {
			return true
		}
	}
	return false
}

// kindJoined reads «پرسشی با عنوان «محل تولد» و از نوع پاسخ کوتاه»:
// «و» before a kind said with its marker joins a trait of the question
// named before it, not a clause of its own, so the «و» is dropped.
// Split there, the kind made a second question.
func kindJoined(toks []token) []token {
	c := clause(toks)
	asked := false
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.punct && !isAny(t.m, "،", ",") {
			asked = false // a new sentence
		}
		asked = asked || t.qnoun && !t.quoted
		if !asked || t.quoted || !isAny(t.m, "و", "and") {
			continue
		}
		// Read before v2's words are retyped: «عددی» is v2's.
		if n := c.atAny(i+1, kindMarkersV); n > 0 && (c.fieldTypeAfter(i+1+n) || c.atAny(i+1+n, v2TypeWordsV) > 0 || c.atAny(i+1, v2TypeWordsV) > 0) {
			return kindJoined(append(append(make([]token, 0, len(toks)), toks[:i]...), toks[i+1:]...))
		}
	}
	return toks
}

// wordsNameLastQuestion reads short sentences that say a question, then
// what it asks: «فرم ۴. سوال بلند. توضیحات بیشتر.», «فرم ۴. سوال عددی.
// سن.». A sentence of plain words and nothing else — no form, number,
// quote, act or question noun — after one that adds a question with no
// wording is that question's wording. Left alone its words were unread.
// Only after a question said without a verb, in the way of such short
// sentences: after «… اضافه کن.» a sentence is a remark or a courtesy.
func wordsNameLastQuestion(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1], fs[k]
		n := len(prev.groups)
		if n == 0 || prev.groups[n-1].question != "" || prev.groups[n-1].count > 1 || prev.edit != nil || prev.negated || prev.toks.hasVerb() ||
			!isAny(f.joinedBy, ".", "،", ",", "!") || f.hasIntent() || f.hasContent() || f.negated || f.modifier && f.modType == "" && !f.modRequired && len(f.leftover) == 0 {
			continue
		}
		words := f.toks
		for len(words) > 0 && words[len(words)-1].punct && !isAny(words[len(words)-1].m, "؟", "?") {
			words = words[:len(words)-1]
		}
		if len(words) == 0 || !words.plainWords() {
			continue
		}
		if l := labelAt(words, 0); !(len(f.leftover) > 0 || l != nil && l.n == len(words) && !l.typeOnly) {
			continue // known words that say no wording («اجباری», «همین»)
		}
		g := &prev.groups[n-1]
		g.question = strings.NewReplacer(" ؟", "؟", " ?", "?").Replace(surfaceOf(words))
		if l := labelAt(words, 0); l != nil && g.typ == "" {
			g.typ, g.format = l.typ, l.format
		}
		f.leftover, f.modifier, f.modType = nil, false, ""
	}
}

// plainWords reports a run of words a wording may be: no quote, number,
// list, form, question noun or act.
func (c clause) plainWords() bool {
	for i, t := range c {
		if t.punct && isAny(t.m, "؟", "?") && i == len(c)-1 {
			continue
		}
		if t.quoted || t.punct || t.isNum || t.list != nil || t.qnoun || c.atAny(i, formNounsV) > 0 || c.atAny(i, actionWordsV) > 0 ||
			c.atAny(i, deleteWordsV) > 0 || c.atAny(i, wrongWordsV) > 0 || isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, "نه", "بله", "آره", "no", "yes") {
			return false
		}
	}
	return true
}

// purposeWords say what a question is for: «یه سوال برای آپلود عکس»,
// «یه سوال ستاره‌ای واسه سرعت ارسال» — its subject, its wording.
var purposeWords = []string{"برای", "واسه", "واسهی", "برا", "جهت", "for"}

// afterAKind reports a kind of question said right before i, counted
// or after its noun: «یه short answer», «سوال ستاره‌ای».
func (c clause) afterAKind(i int) bool {
	k := i - 1
	for k >= 0 && !c[k].quoted && typeWords[c[k].m] {
		k--
	}
	return k < i-1 && k >= 0 && !c[k].quoted && (c[k].qnoun || isAny(c[k].m, "یه", "یک", "a", "an", "one"))
}

// numberNouns are the nouns of a number: after «نوع» they are its kind.
var numberNouns = []string{"عدد", "رقم", "اعداد", "ارقام"}

// kindNamedNumber reads «نوع: عدد», «نوعش عدد باشه», «type: عدد»: the
// noun «عدد» after the word «نوع» is the kind, number, as «عددی» says
// it. Read as a noun, it left the question short text.
func kindNamedNumber(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		t := toks[i]
		if t.quoted || !isAny(t.m, numberNouns...) {
			continue
		}
		k := i - 1
		if toks[k].punct && toks[k].m == ":" && k > 0 {
			k--
		}
		if !toks[k].quoted && isAny(toks[k].m, "نوع", "نوعش", "type", "kind") {
			toks[i].m, toks[i].r0 = "عددی", firstRune("عددی")
		}
	}
	return toks
}

// closedCopulas make «بسته» a state asked for: «بسته شود», «بسته باشه»,
// «بسته کن».
var closedCopulas = []string{"شود", "بشود", "بشه", "شه", "گردد", "باشه", "باشد", "بمونه", "بماند", "کن", "بکن", "کنید", "بکنید", "کنین", "نمایید"}

// deniedReceiving are the denied verbs of taking answers in, as asked
// for (not as reported: «دریافت نکرده» is a fact, no order).
var deniedReceiving = []string{"نکند", "نکنه", "نکنن", "نکنند", "نشود", "نشه"}

// closedSaid reads the form said to be closed or to take no answers:
// «فرم ۱۲ بسته شود», «فرم ۱۲. بسته.», «فرم ۱۲ پاسخی دریافت نکند»,
// «… جوابی قبول نکنه» — the form closed, its link kept (RULINGS 5).
// «بسته» alone in its sentence, or with a copula that asks it, is read
// as «غیرفعال»; an answer noun with a denied verb of receiving as
// «غیرفعال» too, the denial dropped with it.
func closedSaid(toks []token) []token {
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.quoted {
			continue
		}
		if t.m == "بسته" {
			next := i+1 >= len(toks) || toks[i+1].punct && !isAny(toks[i+1].m, "؟", "?") || isAny(toks[i+1].m, closedCopulas...)
			alone := i == 0 || toks[i-1].punct || toks[i-1].isNum || isAny(toks[i-1].m, "را", "رو")
			if next && alone {
				toks[i].m, toks[i].r0 = "غیرفعال", firstRune("غیرفعال")
			}
			continue
		}
		if !isAny(strings.TrimSuffix(t.m, "ی"), answerNouns...) || i+2 >= len(toks) {
			continue
		}
		v := i + 1
		if isAny(toks[v].m, "دریافت", "قبول") && !toks[v].quoted && isAny(toks[v+1].m, deniedReceiving...) && !toks[v+1].quoted {
			toks[v].m, toks[v].r0 = "غیرفعال", firstRune("غیرفعال")
			toks[v+1].m, toks[v+1].r0 = "شود", firstRune("شود")
			toks = append(toks[:i:i], toks[i+1:]...)
		}
	}
	return toks
}

// spatialPlaces reads a place said on the page — «بالای سوال ۲» (above
// it), «زیر سوال ۶», «پایین سوال ۶» (below it), "above Q2", "below
// Q6" — as the order it means: before or after that question, «قبل از»
// and «بعد از».
func spatialPlaces(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.quoted || !toks[i+1].qnoun || toks[i+1].quoted {
			continue
		}
		var with []token
		switch {
		case isAny(t.m, "بالای", "بالایه", "above"):
			with = []token{wordToken("قبل"), wordToken("از")}
		case isAny(t.m, "زیر", "زیره", "پایین", "پایینه", "پایینی", "below", "under", "beneath"):
			with = []token{wordToken("بعد"), wordToken("از")}
		default:
			continue
		}
		if isLatin(t.m) {
			with = []token{wordToken("before")}
			if t.m != "above" {
				with = []token{wordToken("after")}
			}
		}
		for k := range with {
			with[k].r0 = firstRune(with[k].m)
		}
		toks = append(toks[:i:i], append(with, toks[i+1:]...)...)
		i += len(with) - 1
	}
	return toks
}

// formNameFixed reads a form's name said to be wrong and then the right
// one named — «اسم فرم ۷ غلطه، درستش «…» است», «عنوان فرم ۷ اشتباه
// است. عنوان صحیح: «…»», «فرم ۷. اسم جدید: «…».», «… غلطه، بکنش «…»» —
// as the rename it asks: the words from the right name's marker to its
// quote are read as «اسم فرم N را به «…» تغییر بده». Only in a command
// that names no question (a question's wording has its own reading)
// and names the form before.
func formNameFixed(toks []token) []token {
	c := clause(toks)
	form := -1
	for i, t := range toks {
		if t.qnoun && !t.quoted {
			return toks
		}
		if form < 0 && i+1 < len(toks) && c.atAny(i, formNounsV) > 0 && toks[i+1].isNum && toks[i+1].digits {
			form = i + 1
		}
	}
	if form < 0 {
		return toks
	}
	for r := range toks {
		if !toks[r].quoted && c.atAny(r, copyV2) > 0 && !(r > 0 && c.atAny(r-1, nameNounsV) > 0) {
			// «فرم ۱۹ رو کپی کن، title جدید: «…»»: the new name is the
			// copy's (actsOnCopy), not the form's.
			return toks
		}
	}
	for r := form + 1; r < len(toks); r++ {
		t := toks[r]
		if t.quoted {
			continue
		}
		start := -1
		switch {
		case t.m == "جدید" && r > 0 && (c.atAny(r-1, nameNounsV) > 0 || isAny(toks[r-1].m, wordingNouns...)) && !toks[r-1].quoted:
			start = r - 1 // «اسم جدید», «عنوان درست» (read as «جدید»)
		case isAny(t.m, "درستش", "صحیحش") || t.pron && isAny(t.m, "درست", "صحیح", "بکن", "کن", "بکنید", "کنید"):
			start = r
		case isAny(t.m, "correct", "right", "new") && r+1 < len(toks) && (c.atAny(r+1, nameNounsV) > 0 || isAny(toks[r+1].m, wordingNouns...)):
			start = r // "correct name: …": the adjective before its noun
			r++
		default:
			continue
		}
		q := r + 1
		for q < len(toks) && q <= r+2 && !toks[q].quoted && (toks[q].punct && toks[q].m == ":" || isAny(toks[q].m, "اینه", "این", "باشه", "بشه", "بشود", "شود")) {
			q++
		}
		if q >= len(toks) || !toks[q].quoted {
			continue
		}
		out := append(make([]token, 0, len(toks)+6), toks[:start]...)
		for _, w := range []string{"اسم", "فرم"} {
			out = append(out, wordToken(w))
		}
		out = append(out, toks[form])
		for _, w := range []string{"را", "به"} {
			out = append(out, wordToken(w))
		}
		out = append(out, toks[q])
		for _, w := range []string{"تغییر", "بده"} {
			out = append(out, wordToken(w))
		}
		rest := toks[q+1:]
		if len(rest) > 0 && !rest[0].quoted && isAny(rest[0].m, "است", "هست", "ه") {
			rest = rest[1:]
		}
		out = append(out, rest...)
		for k := range out {
			out[k].r0 = firstRune(out[k].m)
			out[k].qnoun = questionNouns[out[k].m]
		}
		return out
	}
	return toks
}

// wrongWordsV say that something is wrong — «غلطه», «اشتباه است»,
// "typo" — before the right one is named: known words of a remark, no
// act and no word left unread.
var wrongWordsV = newVocab("غلط", "غلطه", "اشتباه", "اشتباهه", "نادرست", "نادرسته", "ناصحیح", "wrong", "typo", "incorrect")

// makeIntoEdit reads «سوال اولش را اجباری بساز», «سوال دوم فورم ۷ را
// «نام کامل» بسازید»: «ساختن» with an object that exists and what it
// is to become is "make it so", as «کن» says it — an edit of that
// question, not a new one. Said so in Dari and the written register.
func makeIntoEdit(toks []token) []token {
	c := clause(toks)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].quoted || !toks[i].qnoun || !c.questionNumbered(i) && !isOrdinal(strings.TrimSuffix(toks[i+1].m, "ش")) {
			continue
		}
		m := i + 2
		for m < len(toks) && !toks[m].quoted && (c.atAny(m, formNounsV) > 0 || toks[m].isNum) {
			m++
		}
		if m >= len(toks) || !isAny(toks[m].m, "را", "رو") {
			continue
		}
		v := m + 1
		said := false
		for v < len(toks) && (toks[v].quoted || isAny(toks[v].m, requiredWords...) || isAny(toks[v].m, optionalWords...) || typeWords[toks[v].m]) {
			said = true
			v++
		}
		if !said || v >= len(toks) || toks[v].quoted || !isAny(toks[v].m, "بساز", "بسازید", "بسازین", "بسازش") {
			continue
		}
		toks[v].m, toks[v].r0 = "کن", firstRune("کن")
	}
	return toks
}

// moveOntoQuestion reads "move Q3 to Q1", «form 9: move Q3 → Q1», «سوال
// ۳ رو ببر به سوال ۱»: in a command that moves, after the question
// moved, «to», «به» or an arrow before another question names that
// question's place, as «جای سوال ۱» does.
func moveOntoQuestion(toks []token) []token {
	c := clause(toks)
	moved, named := false, false
	for i := range toks {
		moved = moved || !toks[i].quoted && c.atAny(i, moveVerbsV) > 0
	}
	if !moved {
		return toks
	}
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.qnoun && !t.quoted && c.questionNumbered(i) {
			named = true
			continue
		}
		if !named || t.quoted || !(isAny(t.m, "to", "into", "onto", "به") || t.arrow()) {
			continue
		}
		if nx := toks[i+1]; nx.qnoun && !nx.quoted && c.questionNumbered(i+1) {
			toks[i] = wordToken("جای")
			toks[i].r0 = firstRune(toks[i].m)
		}
	}
	return toks
}

// The readings of this file, each run only on a command that says one
// of its words: most commands say none, and a pass costs a look at
// every word.
const (
	passReason passes = 1 << iota
	passMakeInto
	passMoves
	passSpatial
	passRight
	passNumberKind
	passKindJoined
	passFormName
	passColonWording
	passBecomes
	passClosed
	passStops
	passOutOfPublication
	passPublic
	passErase
	passErasedPart
	passCopy
	passLink
	passAll
	passFor
	passRequirement
	passStory
)

// passes is a set of the readings a command needs.
type passes uint32

// passWords are the words that call for each reading.
var passWords = func() map[string]passes {
	m := map[string]passes{}
	add := func(p passes, words ...string) {
		for _, w := range words {
			m[w] |= p
		}
	}
	add(passReason, "نظر", "توجه", "آنجا", "آنجایی", "اونجا", "اونجایی", "چون", "چونکه", "زیرا", "because")
	add(passMakeInto, "بساز", "بسازید", "بسازین", "بسازش")
	// Both readings of a place a question is moved to need a verb of
	// moving.
	add(passMoves, moveVerbs...)
	add(passMoves, "قرار", "بنداز", "بندازش", "بندازید", "put", "place", "make", "set")
	add(passSpatial, "بالای", "بالایه", "above", "زیر", "زیره", "پایین", "پایینه", "پایینی", "below", "under", "beneath")
	add(passRight, rightWords...)
	add(passNumberKind, numberNouns...)
	add(passKindJoined, "نوع", "صورت", "بهصورت", "بصورت", "شکل", "بهشکل", "type")
	add(passFormName, "جدید", "درستش", "صحیحش", "درست", "صحیح", "correct", "right", "new", "بکن", "کن", "بکنید", "کنید")
	add(passColonWording, ":", "=")
	add(passBecomes, "بشه", "بشود", "شود", "گردد", "بشن", "باشه", "باشد")
	add(passClosed, "بسته", "پاسخی", "جوابی", "پاسخ", "جواب")
	add(passStops, receiveNouns...)
	add(passOutOfPublication, "انتشار", "نشر")
	add(passPublic, "دسترس")
	add(passErase, eraseWords...)
	add(passErasedPart, erasedPartNouns...)
	add(passCopy, copyWords...)
	add(passCopy, "رونوشت", "نسخه")
	add(passLink, linkNouns...)
	add(passAll, quantifiers...)
	add(passFor, "برای", "برا", "واسه", "واسهی", "for")
	add(passRequirement, requirementNouns...)
	add(passRequirement, "ستاره", "asterisk")
	add(passStory, storyWords...)
	add(passAll, "هر", "همشون", "همهشون", "همگیشون", "هردوتاش", "هردوش", "هردوشون")
	return m
}()

// run applies f to the result of next when the command needs pass.
func (p passes) run(pass passes, f func([]token) []token, toks []token) []token {
	if p&pass != 0 {
		return f(toks)
	}
	return toks
}

// edits reads the edits and labels said the way people say them, in
// the order each needs the one before: a question made into something,
// a place on the page, the right wording, a kind by its noun or joined
// apart, a form's name said wrong then right.
func (p passes) edits(toks []token) []token {
	if p&passErase != 0 && p&passErasedPart != 0 {
		toks = erasedThenWritten(toks)
	}
	toks = p.run(passErase, helpOfQuestionErased, toks)
	toks = p.run(passRequirement, requirementRemoved, toks)
	toks = p.run(passCopy, copyNamedAfterColon, toks)
	toks = p.run(passColonWording, formNameKeyed, toks)
	toks = p.run(passColonWording, requiredKeyed, toks)
	toks = p.run(passAll, allRequiredAfterList, toks)
	toks = p.run(passFor, quotedForNewForm, toks)
	toks = p.run(passMakeInto, makeIntoEdit, toks)
	toks = p.run(passMoves, moveOntoQuestion, toks)
	toks = p.run(passSpatial, spatialPlaces, toks)
	toks = p.run(passRight, rightWording, toks)
	toks = p.run(passNumberKind, kindNamedNumber, toks)
	toks = p.run(passKindJoined, kindJoined, toks)
	return p.run(passFormName|passRight, formNameFixed, toks)
}

// states reads the states said in other words: where a moved question
// ends up, a form closed or taking no answers, taken out of
// publication, taken from the public.
func (p passes) states(toks []token) []token {
	if p&passMoves != 0 {
		toks = p.run(passBecomes, becomesAfterMove, toks)
	}
	toks = p.run(passBecomes, becomesPlaceOfNew, toks)
	toks = p.run(passClosed, closedSaid, toks)
	toks = p.run(passStops, stopsAnswers, toks)
	toks = p.run(passLink, linkKeptActive, toks)
	toks = p.run(passOutOfPublication, outOfPublication, toks)
	return p.run(passPublic, publicAccess, toks)
}

// likeWordsV compare a form made to one that exists: «یه فرم عین فرم ۹
// بساز» makes its copy, as «مثل» says it.
var likeWordsV = newVocab("مثل", "مانند", "شبیه", "عین", "مشابه", "همانند", "like", "same as")

// pasteWordsV complete a copy: «کپی پیست کن», "copy paste".
var pasteWordsV = newVocab("پیست", "paste")
