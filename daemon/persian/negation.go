package persian

import "strings"

// readNegation marks a clause that denies what it says: a negative verb
// («نکن», «نباید») that does not deny only the word before it, «لازم
// نیست» before an action, «خودداری». A pronoun suffix there makes the
// clause refer back to a form named before.
func (c clause) readNegation(f *frame) {
	// «فرم ۵ رو نه، …», «not form 5, …»: an object denied on its own.
	if n := len(c); n >= 2 && !c[n-1].quoted && isAny(c[n-1].m, "نه", "not") && (isAny(c[n-2].m, "را", "رو") || c[n-2].isNum) {
		f.negated = true
	}
	if len(c) >= 3 && c[0].m == "not" && c.atAny(1, formNounsV) > 0 {
		f.negated = true
	}
	for i, t := range c {
		if t.quoted {
			continue
		}
		if (negativeVerbs[t.m] || deniedVerb(t.m)) && !c.negatesPredicate(i) && !c.reasonBeforeOrder(i) {
			f.negated = true
		}
		if isAny(t.m, "نیست", "نیس") && i > 0 && isAny(c[i-1].m, needWords...) && c.negatesAction(i) {
			f.negated = true // «لازم نیست فرم ۶ منتشر بشه»
		}
		if isAny(t.m, needDeniedVerbs...) && c.actNotNeeded(i) {
			f.negated = true // «پرسش دوم نیازی به حذف ندارد»
		}
		if t.m == "عدم" && i+1 < len(c) && (c.atAny(i+1, deleteWordsV) > 0 || c.atAny(i+1, disableWordsV) > 0 || c.atAny(i+1, actionWordsV) > 0) {
			f.negated = true // «ضمن عدم حذف فرم ۲۴، …»: the act not to be done
		}
		if isAny(t.m, refrainWords...) {
			f.negated = true // «از انتشار فرم ۹ خودداری فرمایید» asks that it not be done
		}
		if t.pron {
			f.refersBack = true
		}
	}
}

// needDeniedVerbs deny a need: «نیازی به حذف ندارد», «لزومی به انتشارش
// نیست».
var needDeniedVerbs = []string{"ندارد", "نداره", "ندارن", "ندارند", "نداریم", "ندارم", "نیست", "نیس"}

// actNotNeeded reports a need word before i with an act between them:
// «نیازی به حذف ندارد» says the act is not needed, which denies it. A
// need denied with no act after it («پاکش کن، دیگه لزومی نداره») is the
// reason for the order before it.
func (c clause) actNotNeeded(i int) bool {
	for k := 0; k < i; k++ {
		if c[k].quoted || !isAny(c[k].m, needWords...) {
			continue
		}
		for j := k + 1; j < i; j++ {
			if !c[j].quoted && (c.atAny(j, actionWordsV) > 0 || c.atAny(j, deleteWordsV) > 0 || c.atAny(j, disableWordsV) > 0) {
				return true
			}
		}
	}
	return false
}

// takeBackV are the words that take an order back after it is given.
var takeBackV = newVocab("دست نزن", "دست نزنید", "دست نزنین", "بهش دست نزن", "شوخی کردم", "شوخی کردیم", "شوخی بود", "بیخیال", "بیخیالش", "ولش کن", "ولش", "just kidding", "kidding", "never mind", "nevermind", "actually no", "forget it")

// takenBack reports a command that takes back what it said: «فرم ۵ رو
// پاک کن، شوخی کردم», «delete form 5 ... actually no, keep it». A new
// order after it is a self-correction (selfCorrected), not this.
func takenBack(toks []token) bool {
	c := clause(toks)
	for i := range c {
		// «فرم ۱۷ سوال ۵ حذف؟ نه، فعلا دست نزن»: an order asked as a
		// question and answered no by the same writer, with no other
		// order after the no (that would be a correction).
		if c[i].punct && isAny(c[i].m, "؟", "?") && i+1 < len(c) && !c[i+1].quoted && isAny(c[i+1].m, "نه", "نخیر", "no", "nope", "nah") &&
			c.actBefore(i) && !clause(c[i+1:]).hasOrder() {
			return true
		}
		if c[i].quoted || c.atAny(i, takeBackV) == 0 {
			continue
		}
		// The order taken back comes before the words that take it back.
		if c.actBefore(i) {
			return true
		}
	}
	return false
}

// answeredNo drops an order asked as a question and answered no when
// another order follows: «فرم ۵ رو منتشر کنم؟ نه، فقط سوال ۲ رو اجباری
// کن» asks for the second alone. With no order after the no, the
// command is taken back (takenBack).
func answeredNo(toks []token) []token {
	c := clause(toks)
	for i := range c {
		if !c[i].punct || !isAny(c[i].m, "؟", "?") || i+1 >= len(c) || c[i+1].quoted || !isAny(c[i+1].m, "نه", "نخیر", "no", "nope", "nah") || !c.actBefore(i) {
			continue
		}
		rest := i + 2
		for rest < len(c) && c[rest].punct {
			rest++
		}
		if rest < len(c) && clause(c[rest:]).hasOrder() {
			return toks[rest:]
		}
	}
	return toks
}

// hasOrder reports an act's word or an edit's (required, optional).
func (c clause) hasOrder() bool {
	if c.actBefore(len(c)) {
		return true
	}
	for _, t := range c {
		if !t.quoted && (isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...)) {
			return true
		}
	}
	return false
}

// actBefore reports an act's word before i.
func (c clause) actBefore(i int) bool {
	for k := 0; k < i; k++ {
		if c.atAny(k, actionWordsV) > 0 || c.atAny(k, deleteWordsV) > 0 || c.atAny(k, disableWordsV) > 0 {
			return true
		}
	}
	return false
}

// deniedStems are the imperatives of the acts with the negative prefix:
// «نکن», «نبند», «نذار», «ننداز», and of the polite light verbs that
// stand for «کن»: «پاک نفرمایید», «حذف ننمایید».
var deniedStems = []string{"نفرمای", "ننمای", "نفرمائ", "ننمائ", "نکن", "نبند", "نذار", "نزار", "نگذار", "نبر", "نده", "نریز", "ننداز", "نساز", "نفرست"}

// deniedEndings are the endings of an imperative: person, «ـا» of
// insistence, alone or after the person («نکنی‌ها»), the pronoun. Not «ـه», «ـد»: «که کسی پر نکنه» says what
// is wanted, it denies no order.
// «پاک نکنی ها»: the «ها» of warning, typed apart, is joined on as a
// plural's would be.
var deniedEndings = []string{"ی", "ید", "ین", "یا", "یدا", "ینا", "ش", "یش", "یدش", "ینش", "شو", "یدشو", "ینشو", "ها", "یها", "یدها", "ینها"}

// deniedVerb reports a denied imperative with a colloquial ending on:
// «پاک نکنیا», «نبندینا», «نذاریدش» — the order not to do it.
func deniedVerb(m string) bool {
	for _, st := range deniedStems {
		if rest, ok := strings.CutPrefix(m, st); ok && (rest == "" || isAny(rest, deniedEndings...)) {
			return true
		}
	}
	return false
}

// reasonBeforeOrder reports «دیگه نمیخوام» at i with an order after it
// («فرم ۱۲ رو دیگه نمیخوام پاکش کن»): not wanting the form any more is
// why the order is given, and the order stands.
func (c clause) reasonBeforeOrder(i int) bool {
	if !isAny(c[i].m, "نمیخوام", "نمیخواهم", "نمیخوایم", "نمیخواهیم", "نمیخوامش", "ندارم", "نداریم") {
		return false
	}
	for _, t := range c[i+1:] {
		if !t.quoted && isAny(t.m, "کن", "بکن", "کنید", "بکنید", "کنین", "بکنین", "بنداز", "بندازش", "بریز") {
			return true
		}
	}
	return false
}

// readNa reads «نه» before a verb as "not" — before a noun, or as a
// form's number, it is nine. Opening the clause or paired with a second
// «نه» (neither … nor: «نه منتشرش کن نه سوال بهش اضافه کن») it denies the
// clause; after the verb it denies only the alternative it names
// («منتشرش کن نه پیش‌نویس»), which is then not read.
//
// The acts denied this way are every act on a form, the destructive ones
// too: «نه پاکش کن نه غیرفعال» denies both. When the clause goes on
// with what is to be done instead («… فقط اسمشو بزار …»), the denied
// part is set aside and the rest is the command (RULINGS 12).
func (c clause) readNa(f *frame, used []bool) {
	first, last, count := -1, -1, 0
	for i, t := range c {
		if t.quoted || used[i] || t.m != "نه" {
			continue
		}
		count++
		if i+1 < len(c) && c.deniedActAt(i+1) > 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return
	}
	opening := true
	for _, t := range c[:first] {
		if !fillers[t.m] {
			opening = false
		}
	}
	if opening || count > 1 {
		if k := c.insteadAfter(last); k >= 0 {
			markUsed(used, first, k+1)
			return
		}
		f.negated = true
		return
	}
	markUsed(used, first, first+1+c.deniedActAt(first+1))
}

// deniedActAt is the length of an act's word at i that «نه» can deny.
func (c clause) deniedActAt(i int) int {
	return max(c.atAny(i, actionWordsV), c.atAny(i, deleteWordsV), c.atAny(i, disableWordsV), c.atAny(i, copyV2))
}

// insteadAfter finds «فقط», «بلکه», «only» after i with a verb after
// it: what is to be done in place of the acts denied before it.
func (c clause) insteadAfter(i int) int {
	for k := i + 1; k < len(c); k++ {
		if !c[k].quoted && (isAny(c[k].m, "فقط", "تنها", "بلکه", "only", "just", "instead") || c.atAny(k, formalOnlyV) > 0) && clause(c[k+1:]).hasVerb() {
			return k
		}
	}
	return -1
}

// skipDeniedForms sets aside «نه فرم ۴ (را)» after the verb: «فرم ۳ را
// منتشر کن نه فرم ۴ را» names form 4 only to exclude it, as «نه» after
// the verb drops the alternative it names.
func (c clause) skipDeniedForms(used []bool) {
	for i := 1; i < len(c); i++ {
		if c[i].quoted || used[i] || c[i].m != "نه" {
			continue
		}
		if j, _ := c.find(0, actionWordsV); j < 0 || j > i {
			continue
		}
		k := i + 1
		n := c.atAny(k, formNounsV)
		if n == 0 || k+n >= len(c) || !c[k+n].isNum || !c[k+n].digits {
			continue
		}
		end := k + n + 1
		if end < len(c) && isAny(c[end].m, "را", "رو") {
			end++
		}
		markUsed(used, i, end)
		i = end - 1
	}
}

// negatesPredicate reports a negated copula («نباشه») that denies the
// word before it, not the command: «اجباری نباشه» makes a question
// optional, «دیگه منتشر نباشه» asks for the form to be unpublished.
func (c clause) negatesPredicate(i int) bool {
	if c[i].m == "not" && i+1 < len(c) && isAny(c[i+1].m, requiredWords...) {
		return true // «a question that is not required»
	}
	if i == 0 || !isAny(c[i].m, negativeCopulas...) {
		return false
	}
	prev := c[i-1].m
	return isAny(prev, requiredWords...) || isAny(prev, publishWords...)
}

// unpublishedState reports «منتشر نباشه»: the form is to be not published.
func (c clause) unpublishedState() bool {
	for i := 1; i < len(c); i++ {
		if !c[i].quoted && isAny(c[i].m, negativeCopulas...) && isAny(c[i-1].m, publishWords...) {
			return true
		}
	}
	return false
}

// negatesAction reports whether «لازم نیست» at i denies the command: an
// action follows it, or there is no question it could describe («سوالی
// که جواب دادنش لازم نیست» is an optional question).
func (c clause) negatesAction(i int) bool {
	if j, _ := c.find(i+1, actionWordsV); j >= 0 {
		return true
	}
	// «فرم ۹ رو پاک کن دیگه لازم نیست»: what is no longer needed is what
	// the order before it acts on — the reason for the order, not its
	// denial.
	if i > 1 && isAny(c[i-2].m, "دیگه", "دیگر") {
		for k := 0; k < i-2; k++ {
			if !c[k].quoted && (c.atAny(k, deleteWordsV) > 0 || c.atAny(k, disableWordsV) > 0 || c.atAny(k, actionWordsV) > 0) {
				return false
			}
		}
	}
	return !c.hasQuestionNoun()
}

// deniedRequired reports a required word at j that the text denies:
// «غیر اجباری», «اجباری نباشه», «لازم نیست».
func (c clause) deniedRequired(j int) bool {
	if j > 0 && isAny(c[j-1].m, "غیر", "non", "not") {
		return true
	}
	// «no longer required», «not be mandatory».
	if j > 1 && (c[j-2].m == "no" && c[j-1].m == "longer" || c[j-2].m == "not" && isAny(c[j-1].m, "be", "been")) {
		return true
	}
	// «از حالت الزامی خارج شود», «از اجباری بودن دربیار»: taken out of
	// being required.
	if k := j - 1; k >= 0 && (c[k].m == "از" || isAny(c[k].m, "حالت", "وضعیت") && k > 0 && c[k-1].m == "از") {
		for m := j + 1; m < len(c) && m <= j+3; m++ {
			if !c[m].quoted && (isAny(c[m].m, outVerbs...) || isAny(c[m].m, "خارج", "دربیار", "دربیارید", "بیرون")) {
				return true
			}
		}
	}
	// «لازم نیست اجباری باشه»: what is not needed is its being required.
	if j > 1 && isAny(c[j-1].m, "نیست", "نیس") && isAny(c[j-2].m, needWords...) {
		return true
	}
	return j+1 < len(c) && (isAny(c[j+1].m, negativeCopulas...) || isAny(c[j+1].m, "نیست", "نیس"))
}

// markNeed takes «لازم» with a form of داشتن («لازم دارم», «لازم
// داریم») as the verb "to need", which says nothing of a question being
// required: «لازم دارم یه فرم با سه سوال امتیازی».
func (c clause) markNeed(used []bool) {
	for i := 0; i+1 < len(c); i++ {
		if !c[i].quoted && c[i].m == "لازم" && !c[i+1].quoted && isAny(c[i+1].m, haveVerbs...) {
			used[i], used[i+1] = true, true
		}
	}
}

// insteadOfV opens what is not to be done: «به جای حذف فرم ۱۱، …»,
// «فرم ۲۰ را به جای اینکه پاک کنی از انتشار درش بیار».
var insteadOfV = newVocab("به جای", "بجای", "بهجای", "به جای اینکه", "بجای اینکه", "بهجای اینکه", "instead of")

// dropInsteadOf takes out of the command the act said after «به جای»
// up to the end of its phrase, keeping the forms and questions it
// names: what is done instead is the command.
func dropInsteadOf(toks []token) []token {
	c := clause(toks)
	for i := 0; i < len(c); i++ {
		n := c.atAny(i, insteadOfV)
		if n == 0 || c[i].quoted {
			continue
		}
		if i+n+1 < len(c) && c[i+n].qnoun && c.placeAt(i+n+1) && c.has(placeVerbsV) {
			// «پرسش سوم به جای پرسش دوم قرار گیرد»: the place of the
			// second question, where the third is put.
			continue
		}
		out := append(make([]token, 0, len(toks)), toks[:i]...)
		j := i + n
		for ; j < len(toks) && !toks[j].punct; j++ {
			t := toks[j]
			if t.quoted || t.isNum || c.atAny(j, formNounsV) > 0 || t.qnoun || isAny(t.m, functionWords...) || isAny(t.m, "آن", "اون", "این") {
				out = append(out, t)
				continue
			}
			if isAny(t.m, "اینکه", "این که") {
				continue
			}
			if k := max(c.atAny(j, actionWordsV), c.atAny(j, deleteWordsV), c.atAny(j, disableWordsV)); k > 0 {
				// The act and its verb («پاک کنی», «پاک کردن») close the
				// phrase.
				j += k
				for j < len(toks) && !toks[j].quoted && (isAny(toks[j].m, lightVerbs...) || strings.HasPrefix(toks[j].m, "کن") || strings.HasPrefix(toks[j].m, "کرد") || strings.HasPrefix(toks[j].m, "بکن")) {
					j++
				}
				break
			}
			out = append(out, t)
		}
		if j < len(toks) && isAny(toks[j].m, "،", ",") {
			j++ // «به جای حذف فرم ۱۱، …»: the comma closed the phrase
		}
		return append(out, toks[j:]...)
	}
	return toks
}

// correctionV opens a self-correction: «… نه ببخشید، …», «… ببخشید
// منظورم فرم ۳۲ بود», «… sorry, I mean …».
var correctionV = newVocab("نه ببخشید", "ببخشید", "نه نه", "یا نه", "اشتباه شد", "اشتباه گفتم", "منظورم", "sorry", "i mean")

// selfCorrected keeps only the corrected order (RULINGS 17): the clause
// before the correction is dropped when the correction has a verb of
// its own («فرم ۳۰ رو منتشر کن نه ببخشید پیش نویس کن»), and otherwise
// takes the object the correction names in place of its own («فرم بیست
// رو پاک کن نه ببخشید فرم بیست و یک رو»: delete form 21, never 20).
func selfCorrected(toks []token) []token {
	c := clause(toks)
	at, n := -1, 0
	for i := 1; i < len(c); i++ {
		if c[i].quoted {
			continue
		}
		if k := c.atAny(i, correctionV); k > 0 {
			at, n = i, k
			break
		}
	}
	if at < 0 {
		return toks
	}
	// The clause corrected starts after the last clause break before it.
	start := 0
	for from := at - 1; ; {
		start = 0
		for i := from; i >= 0; i-- {
			if c[i].punct && !isAny(c[i].m, "،", ",") || !c[i].quoted && conjunctions[c[i].m] {
				start = i + 1
				break
			}
		}
		// «فرم ۱۲ رو پاک کن ولی نه، ببخشید، …»: a «ولی نه» before the
		// correction only opens it; the order corrected is the one before.
		if start == 0 || !onlyCorrecting(c[start:at]) {
			break
		}
		from = start - 2
	}
	var after []token
	for _, t := range toks[at+n:] {
		if !t.quoted && (t.punct && isAny(t.m, "،", ",") || isAny(t.m, "منظورم", "منظور", "بود", "است", "هست", "i", "mean", "meant")) && len(after) == 0 {
			continue
		}
		after = append(after, t)
	}
	for len(after) > 0 && !after[len(after)-1].quoted && (after[len(after)-1].punct || isAny(after[len(after)-1].m, "بود", "بودم", "است", "را", "رو")) {
		after = after[:len(after)-1]
	}
	if len(after) == 0 {
		// «… نه ببخشید» and nothing after: the order is taken back.
		return toks[:start]
	}
	out := append(make([]token, 0, len(toks)), toks[:start]...)
	// The corrected clause's own form or question reference.
	corr := clause(toks[start:at])
	p, q := -1, -1
	for i := range corr {
		if corr.atAny(i, formNounsV) > 0 || corr[i].qnoun {
			p = i
			q = i + 1
			for q < len(corr) && (corr[q].isNum || corr.atAny(q, idMarkersV) > 0) {
				q++
			}
			break
		}
	}
	if ca := clause(after); ca.hasVerb() {
		if p >= 0 && q > p+1 && !ca.has(formNounsV) && !ca.hasQuestionNoun() {
			// «فرم ۳۰ رو منتشر کن نه ببخشید پیش نویس کن»: the new verb,
			// of the same form.
			ref := corr[p:q]
			if q < len(corr) && isAny(corr[q].m, "را", "رو") {
				ref = corr[p : q+1]
			}
			out = append(out, ref...)
		}
		return append(out, after...)
	}
	// The correction names an object: it stands for the corrected
	// clause's own form or question reference.
	if p < 0 || q == p+1 {
		return toks // nothing to put the correction in place of: read as said
	}
	out = append(out, corr[:p]...)
	out = append(out, after...)
	return append(out, corr[q:]...)
}

// onlyCorrecting reports words that only open a correction: «نه»,
// «ولی», commas — no order of their own.
func onlyCorrecting(ts []token) bool {
	for _, t := range ts {
		if t.quoted || !(t.punct && isAny(t.m, "،", ",") || isAny(t.m, "نه", "ولی", "اما", "no", "but", "wait", "صبر", "کن")) {
			return false
		}
	}
	return true
}
