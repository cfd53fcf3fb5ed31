package persian

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Reading edits (arshline-plan/v2): an existing question named by its place
// or wording, what is changed in it, and where it is moved.

// questionRef finds a question of a form named by its place: «سوال
// دوم», «سوال ۲», «سوال شماره ۲», «سومین سوال», «question 3». It
// returns the 0-based index and the tokens it spans, or ok false.
func (c clause) questionRef() (index, lo, hi int, ok bool) {
	for i, t := range c {
		if !t.qnoun || t.quoted || i+1 >= len(c) {
			continue
		}
		nx := c[i+1]
		// «سوال دومو»: the spoken object marker typed on the ordinal.
		n, isOrd := ordinal(nx.m)
		if m, cut := strings.CutSuffix(nx.m, "و"); !isOrd && cut {
			n, isOrd = ordinal(m)
		}
		if !isOrd && isAny(nx.m, "یکم", "یکمی", "اولش", "اولشو", "اولشم") {
			// «سوال یکم»: after the noun, «یکم» is first, not "a little".
			n, isOrd = 1, true
		}
		if isOrd && !nx.quoted {
			hi := i + 2
			for hi+1 < len(c) && isAny(c[hi].m, "و", "،", ",", "and", "تا", "to") {
				if _, ok := ordinal(c[hi+1].m); !ok || c[hi+1].quoted {
					break
				}
				hi += 2
			}
			if c.countsFromEnd(hi) {
				return 0, 0, 0, false
			}
			return n - 1, i, hi, true
		}
		if nx.isNum && nx.num > 0 && !nx.quoted {
			// «سوال ۲ و ۳»: digits listed after the noun are questions
			// too, unless a noun they count follows («۳ سوال»).
			hi := i + 2
			// A range's end may be said in words as dictation gives it
			// («سوالای یک تا سیزده»): after a range word a number is a
			// question too, however it is written.
			for hi+1 < len(c) && isAny(c[hi].m, "و", "،", ",", "and", "تا", "to", "الی", "لغایت") && c[hi+1].isNum && (c[hi+1].digits || isAny(c[hi].m, rangeWords...)) && !c[hi+1].quoted &&
				!(hi+2 < len(c) && (c[hi+2].qnoun || isAny(c[hi+2].m, "تا"))) {
				hi += 2
			}
			if c.countsFromEnd(hi) {
				return 0, 0, 0, false
			}
			return nx.num - 1, i, hi, true
		}
		if isAny(nx.m, "شماره", "شمارهی", "number", "no", "#", "nr") && i+2 < len(c) && c[i+2].isNum && c[i+2].num > 0 {
			return c[i+2].num - 1, i, i + 3, true
		}
		if i > 0 && !c[i-1].quoted {
			if n, isOrd := ordinal(c[i-1].m); isOrd && c[i-1].m != "اول" {
				return n - 1, i - 1, i + 1, true
			}
		}
	}
	return 0, 0, 0, false
}

// markLookLeadIn marks «ببین» (look) used when a change follows it in
// the clause: «سوال سوم فرم ۱۲ رو ببین، گزینه‌هاش غلطه بکنش …» asks for
// the change; «see» only leads to it and opens no page.
func (c clause) markLookLeadIn(used []bool) {
	for i := range c {
		if used[i] || c[i].quoted || !isAny(c[i].m, "ببین", "ببینید", "ببینین", "look") {
			continue
		}
		for k := i + 1; k+1 < len(c); k++ {
			if !c[k].quoted && isAny(c[k].m, "بکن", "کن", "بکنید", "کنید", "بذار", "بزار", "بشه") && (c[k+1].list != nil || c[k+1].quoted) {
				used[i] = true
				return
			}
		}
	}
}

// placedBeside reports the question noun at lo as the object of a
// position phrase: «بعد از سوال دوم», «before question 3».
func (c clause) placedBeside(lo int) bool {
	for k := lo - 2; k <= lo-1; k++ {
		if k >= 0 {
			if _, end, ok := c.besideQuestion(k); ok && end > lo {
				return true
			}
		}
	}
	return false
}

// wordingRef finds a question named by its wording: «سوال «ایمیل»»,
// «سوال سن رو …». It returns the wording and the tokens it spans.
func (c clause) wordingRef() (text string, lo, hi int) {
	for i, t := range c {
		if !t.qnoun || t.quoted || i+1 >= len(c) || isAny(t.m, pluralQuestionNouns...) {
			continue
		}
		if c[i+1].quoted {
			return c[i+1].s, i, i + 2
		}
		j := i + 1
		for j < len(c) && !c[j].quoted && !c[j].punct && !isAny(c[j].m, "را", "رو") && c.atAny(j, formNounsV) == 0 && j-i <= 4 {
			j++
		}
		if j > i+1 && j < len(c) && isAny(c[j].m, "را", "رو") {
			return surfaceOf(c[i+1 : j]), i, j
		}
	}
	return "", 0, 0
}

// readFieldEdit reads a change to a question the form has: delete it,
// move it, make it required or optional, give it a wording, a type, a
// format or options. A clause that adds or makes something, or opens a
// page, is no edit.
func (c clause) readFieldEdit(f *frame, used []bool) bool {
	if c.countedQuestion() && !c.remadeAs() {
		// «یه سوال کشویی به عنوان سوال اول فرم ۵ قرار بده»: a question
		// counted is a new one; the place named is where it goes.
		return false
	}
	c.markLookLeadIn(used)
	idx, lo, hi, ok := c.questionRef()
	adds := c.hasUnused(used, addVerbsV)
	if ok && adds && c.placedBeside(lo) {
		// «پرسشی … پس از پرسش سوم درج گردد»: the question named after
		// «پس از» is where the new one goes, not the one edited.
		return false
	}
	if adds && !(ok && c.hasOptionNoun()) || c.makesSomething(used, lo) || c.hasUnused(used, openWordsV) || c.hasUnused(used, editorWordsV) {
		return false
	}
	e := &fieldEdit{}
	if ok {
		e.index = idx
		if hi < len(c) && !c[hi].quoted && isAny(c[hi].m, nowPlaceWords...) {
			e.current = true
			hi++
		}
		last := idx
		for k := lo + 3; k < hi; k += 2 {
			n, isOrd := ordinal(c[k].m)
			if !isOrd {
				n = c[k].num
			}
			if isAny(c[k-1].m, "تا", "to", "الی", "لغایت") {
				// «سوال دوم تا چهارم»: every question of the range.
				for m := last + 1; m < n-1 && m-idx < 12; m++ {
					e.more = append(e.more, m)
				}
			}
			e.more = append(e.more, n-1)
			last = n - 1
		}
	} else {
		e.byWording, lo, hi = c.wordingRef()
		if e.byWording == "" {
			return false
		}
		if !c.hasVerb() && c.hasOptionList() && (hi >= len(c) || !isAny(c[hi].m, "را", "رو")) {
			// «فرم ۲۵ — سوال «نحوه پرداخت» کشویی: کارت، نقد»: a question
			// worded, typed and given its options, with no verb to change
			// it and no object marker to point at one the form has,
			// describes a new question.
			return false
		}
	}
	// In a clause with no verb of its own, the question named by its
	// wording is the edit's only when the clause changes it: otherwise
	// its words are left to the readings after this one («به فرم ۵ سوال «نام» و سوال
	// «شهر» اضافه کن»: the first is a question added by the verb the
	// clauses share, not one the form has).
	var before [32]bool
	unmarked := append(before[:0], used...)
	markUsed(used, lo, hi)
	for i := hi; i < len(c); i++ {
		if !used[i] && c.fixesAt(i, lo) {
			markUsed(used, i, i+2)
		}
	}
	if ok && c.hasOptionNoun() && (adds || c.hasUnused(used, deleteWordsV)) && !c.hasOptionList() {
		// «یه گزینه «سایر» به سوال دوم اضافه کن», «گزینه دوم سوال سوم را
		// حذف کن»: the list it changes is not known here, and options
		// replace the whole list.
		f.refusal = domain.T("an option cannot be added to or removed from a question's current list; give the whole list of options")
		return true
	}
	if adds {
		// «یه گزینه «سایر» به سوال دوم اضافه کن»: the list it adds to is
		// not known here, and options replace the whole list.
		f.refusal = domain.T("an option cannot be added to a question's current list; give the whole list of options")
		return true
	}
	changed := false
	if j, k := c.requiredRemoved(used); j >= 0 {
		// «الزامی بودن پرسش پنجم برداشته شود»: it becomes optional.
		e.optional, changed = true, true
		used[j] = true
		if c[j+1].m == "بودن" {
			used[j+1] = true
		}
		if j > 0 && isAny(c[j-1].m, requiredMarks...) {
			used[j-1] = true
		}
		markUsed(used, k, k+max(1, c.atAny(k, deleteWordsV)))
		f.negated = false
	}
	if i := c.unusedAt(used, deleteWordsV); i >= 0 {
		e.del, changed = true, true
		markUsed(used, i, i+c.atAny(i, deleteWordsV))
	}
	if !e.del {
		if to, ok := c.swapped(e.index, e.more); ok {
			if to < 0 {
				f.refusal = domain.T("two questions far apart trade places by two moves; say each move")
				return true
			}
			e.to, e.more, changed = domain.Int(to), nil, true
		}
	}
	if !e.del && e.to == nil {
		if to, end, found := c.destination(hi, used, e.index); found {
			if end {
				f.refusal = domain.T("the end of a form is no position without knowing how many questions it has; say which place, e.g. «جایگاه پنجم»")
				return true
			}
			e.to, changed = domain.Int(to), true
		}
	}
	if e.to == nil && !e.del {
		typedBy := "" // the label that set the type, if one did
		fm, digits := c.readFormatWords(used)
		if fm == digitsOnly {
			fm, e.dropped = "", "digits only"
		}
		if digits && fm == "" {
			// «… رو بکن متن کوتاه که ده رقمی باشه»: a length no plan
			// carries; the change is made and the length named.
			e.dropped = "the answer's length"
		}
		if fm == elevenDigits && c.saysStartsWith09() {
			e.format, changed = domain.PlanFormatMobileIR, true
		} else if fm == emailKind {
			// «فرمتش ایمیل باشه»: the email question.
			e.typ, changed = domain.PlanFieldEmail, true
		} else if fm != "" {
			// elevenDigits waits for «با ۰۹ شروع بشه» in the clause after
			// (formatGoesBack).
			e.format, changed = fm, true
		}
		for j := range c {
			if used[j] || c[j].quoted {
				continue
			}
			switch {
			case isAny(c[j].m, requiredWords...):
				if c.deniedRequired(j) {
					e.optional = true
					f.negated = false
				} else {
					e.required = true
				}
				used[j], changed = true, true
			case isAny(c[j].m, optionalWords...):
				e.optional, used[j], changed = true, true, true
			case c[j].list != nil && c[j].list.options:
				e.options, used[j], changed = listTexts(c[j].list), true, true
				if k := j + 1; k < len(c) && !c[k].quoted && isAny(c[k].m, replaceWords...) {
					// «… با «بله» و «خیر» جایگزین شود»: the verb it
					// replaces with.
					used[k] = true
				}
			case c[j].list != nil && len(c[j].list.items) == 1 && e.typ == "":
				// «… رو یه سوال عددی کن»: the kind of question it becomes.
				if g := itemGroup(c[j].list.items[0], false); g.typ != "" && g.question == "" {
					e.typ, e.format, used[j], changed = g.typ, g.format, true, true
				}
			case e.typ == "" || e.format == "":
				if typ, n := c.fieldTypeAt(j); n > 0 {
					// «از کوتاه بکن بلند», «از نوع پاسخ کوتاه به پاسخ بلند»:
					// the type it had is not the change.
					from := j > 0 && isAny(c[j-1].m, "از", "from") || j > 1 && isAny(c[j-1].m, "نوع", "type") && isAny(c[j-2].m, "از", "from") && c.typeAfter(j+n)
					if !from && e.typ == "" {
						e.typ, changed = typ, true
					}
					markUsed(used, j, j+n)
				} else if l := labelAt(c, j); l != nil {
					// A format named alone changes the format, not the
					// type: «فرمت سوال ۲ را بکن موبایل».
					if l.format != "" {
						if e.format == "" {
							e.format, changed = l.format, true
						}
						if e.typ == "" && !c.has(formatCuesV) && fm == "" {
							// «سوال اول را موبایل کن»: the kind of answer;
							// not when the answer was described too («…
							// موبایل ۱۱ رقمی با ۰۹»): that is its format.
							e.typ = l.typ
						}
					} else if e.typ == "" {
						e.typ, changed = l.typ, true
						typedBy = surfaceOf(c[j : j+l.n])
					}
					markUsed(used, j, j+l.n)
				}
			}
		}
		for j := range c {
			if !used[j] && c[j].quoted {
				e.question, used[j], changed = c[j].s, true, true
				break
			}
		}
		if e.question == "" {
			if w := c.saidWording(used); w != "" {
				e.question, changed = w, true
			}
		}
		if typedBy != "" && containsWord(e.question, typedBy) {
			// «متنش بشه سن شما چقدر است»: «سن» is a word of the new
			// wording, not a change of the question's type.
			e.typ = ""
		}
	}
	if !changed {
		if !ok && !c.hasVerb() {
			copy(used, unmarked)
		}
		return false
	}
	// Options alone keep the question's own type, which must be a choice
	// one; the contract checks that.
	f.edit = e
	return true
}

// typeAfter reports a type named at or after i: «… به پاسخ بلند».
func (c clause) typeAfter(i int) bool {
	for k := i; k < len(c); k++ {
		if _, n := c.fieldTypeAt(k); n > 0 && !c[k].quoted {
			return true
		}
	}
	return false
}

// remadeAs reports «سوال سوم فرم ۵۸ رو یه سوال عددی کن»: a question
// named by its place, with the object marker, made into «a question» of
// a type — an edit, not a new question.
func (c clause) remadeAs() bool {
	_, _, hi, ok := c.questionRef()
	if !ok {
		return false
	}
	for k := hi; k < len(c) && k <= hi+4; k++ {
		if !c[k].quoted && isAny(c[k].m, "را", "رو") {
			for j := k + 1; j+1 < len(c); j++ {
				if isAny(c[j].m, "یه", "یک") && (c[j+1].qnoun || c[j+1].list != nil && !c[j+1].list.options && len(c[j+1].list.items) == 1) {
					for v := j + 2; v < len(c); v++ {
						if !c[v].quoted && isAny(c[v].m, "کن", "بکن", "کنید", "بکنید", "کنین") {
							return true
						}
					}
				}
			}
			return false
		}
	}
	return false
}

// makesSomething reports a create verb that makes something: «make
// question 3 required» makes the question be so, its object right after.
func (c clause) makesSomething(used []bool, ref int) bool {
	for i := range c {
		if !used[i] && c.createVerbAt(i) && !(i+1 == ref || i+2 == ref && isAny(c[i+1].m, "the")) && !c.fixesAt(i, ref) {
			return true
		}
	}
	return false
}

// fixesAt reports «درست» after the question it names: «سوال سوم رو
// درست کن بنویس …» mends the question, it makes nothing.
func (c clause) fixesAt(i, ref int) bool {
	return ref >= 0 && i > ref && !c[i].quoted && c[i].m == "درست" && i+1 < len(c) && lightVerbSet[c[i+1].m]
}

func (c clause) hasQuestionList() bool {
	for _, t := range c {
		if t.list != nil && !t.list.options {
			return true
		}
	}
	return false
}

func (c clause) hasOptionList() bool {
	for _, t := range c {
		if t.list != nil && t.list.options {
			return true
		}
	}
	return false
}

func (c clause) hasOptionNoun() bool {
	for _, t := range c {
		if !t.quoted && (isOptionNoun(t.m) || t.list != nil && t.list.options) {
			return true
		}
	}
	return false
}

// destination reads where a question is moved, after its reference:
// «ببر اول», «بذار جای سوم», «به جایگاه پنجم منتقل کن», «to position
// 1». end is true for the form's end, which needs the question count.
var (
	afterV  = newVocab("بعد از", "پس از", "بعداز", "after")
	besideV = newVocab("بعد از", "پس از", "بعداز", "قبل از", "پیش از", "قبلاز", "after", "before")
)

func (c clause) destination(from int, used []bool, src int) (to int, end, found bool) {
	rest := from
	for rest < len(c) && used[rest] {
		rest++ // the form named after the question: «سوال ۴ فرم ۱۰۸ قبل از سوال ۲»
	}
	if c.unusedAt(used, moveVerbsV) < 0 && !(c.placeOnly(rest) >= 0 && !c.hasVerb()) {
		// «سوال دوم رو بکن سوال پنجم»: a question made into another
		// place is moved there.
		for i := from; i+2 < len(c); i++ {
			if !used[i] && !c[i].quoted && isAny(c[i].m, "بکن", "کن", "بکنید", "کنید", "بشه", "بشود", "شود") && c[i+1].qnoun && !used[i+1] && !c[i+2].quoted && i+3 == len(c) {
				if k, ok := ordinal(c[i+2].m); ok && k-1 != src {
					return k - 1, false, true
				}
			}
		}
		return 0, false, false
	}
	// «سوال ۴ رو یکی ببر بالا», «… بیار بالاتر», «move it down one»: a
	// step up or down from where it is.
	for i := from; i < len(c); i++ {
		if used[i] || c[i].quoted {
			continue
		}
		up, down := isAny(c[i].m, "بالا", "بالاتر", "up", "higher"), isAny(c[i].m, "پایین", "پایینتر", "down", "lower")
		if !up && !down {
			continue
		}
		steps := 0
		for k := max(i-3, from); k < min(i+3, len(c)); k++ {
			if k != i && !c[k].quoted && (c[k].m == "یکی" || c[k].isNum && !used[k] && c[k].num > 0 && c[k].num < 10 && !c[k].digits || c[k].m == "one") {
				steps = max(c[k].num, 1)
			}
		}
		if steps == 0 && isAny(c[i].m, "بالاتر", "پایینتر", "higher", "lower") {
			steps = 1
		}
		if steps == 0 {
			break
		}
		used[i] = true
		if up {
			return max(src-steps, 0), false, true
		}
		return src + steps, false, true
	}
	// «سوال ۶ را بیار بالا بکن دومی», «… ببرش بشه سومی»: the place is
	// the ordinal said after the move, which says more than «بالا».
	for i := from + 1; i < len(c); i++ {
		if !used[i] && !c[i].quoted && isAny(c[i-1].m, "بکن", "کن", "بکنش", "بشه", "بشود", "شود") {
			if k, ok := ordinal(c[i].m); ok {
				return k - 1, false, true
			}
			// «… ببر بالا بشه سوال دوم», «… بشه سوال ۲».
			if c[i].qnoun && i+1 < len(c) && !c[i+1].quoted {
				if k, ok := ordinal(c[i+1].m); ok {
					return k - 1, false, true
				}
				if c[i+1].isNum && c[i+1].num > 0 {
					return c[i+1].num - 1, false, true
				}
			}
		}
	}
	// «… بیار بالا دوم بشه», Dari «… بالا سوال دوم شوه»: the ordinal
	// said before the verb of becoming, or of coming and going («سوال
	// پنجم فرم ۲ دوم بیاد»).
	for i := from + 2; i < len(c); i++ {
		if !c[i].quoted && isAny(c[i].m, "بشه", "بشود", "شود", "بیاد", "بیاید", "بره", "برود") && !used[i-1] && !c[i-1].quoted {
			if k, ok := ordinal(c[i-1].m); ok {
				return k - 1, false, true
			}
		}
	}
	for i := from; i < len(c); i++ {
		if used[i] || c[i].quoted {
			continue
		}
		// «بعد از سوال ۴», «پیش از پرسش سوم», «بعد از ۵»: the place
		// beside another question is counted once the moved one has left
		// its own.
		n := c.atAny(i, besideV)
		if n == 0 && c.barePreposition(i) {
			n = 1
		}
		if n > 0 && i+n < len(c) && (c[i+n].qnoun && i+n+1 < len(c) || c[i+n].isNum || isOrdinal(c[i+n].m)) {
			at := i + n
			if c[at].qnoun {
				at++
			}
			k, ok := ordinal(c[at].m)
			if !ok && c[at].isNum {
				k, ok = c[at].num, c[at].num > 0
			}
			if ok {
				after := c.atAny(i, afterV) > 0 || c[i].m == "بعد"
				switch {
				case after && src < k-1:
					return k - 1, false, true
				case after:
					return k, false, true
				case src < k-1:
					return k - 2, false, true
				default:
					return k - 1, false, true
				}
			}
		}
		// «سوال سوم را بنداز سوال پنجم»: the place is the question named.
		if i > 0 && c[i].qnoun && c.atAny(i-1, moveVerbsV) > 0 && i+1 < len(c) {
			if k, ok := ordinal(c[i+1].m); ok {
				return k - 1, false, true
			}
		}
		// «ببر دوم», «bebar sevom», «ببر اولی»: an ordinal straight after
		// the verb of moving is the place itself («اول» alone is also
		// «first», the order of acts, and is read as the top above).
		if i > 0 && c.atAny(i-1, moveVerbsV) > 0 && !c[i-1].quoted {
			if k, ok := ordinal(c[i].m); ok && (k > 1 || c[i].m == "اولی") {
				return k - 1, false, true
			}
		}

		if n := c.atAny(i, slotWordsV); n > 0 && i+n < len(c) {
			j := i + n
			if c[j].qnoun || c[j].m == "شماره" {
				j++
			}
			if j < len(c) {
				if k, ok := ordinal(c[j].m); ok {
					return k - 1, false, true
				}
				if c[j].isNum && c[j].num > 0 {
					return c[j].num - 1, false, true
				}
				if c.atAny(j, endWordsV) > 0 {
					return 0, true, true
				}
			}
		}
		if c.atAny(i, endWordsV) > 0 {
			return 0, true, true
		}
		if c.atAny(i, topWordsV) > 0 {
			return 0, false, true
		}
	}
	return 0, false, false
}

// v2Field gives an add_field step what v2 says of its question: a
// format, or the options of a choice question. One option is no list:
// it is dropped with a warning.
func (b *builder) v2Field(st *domain.PlanStep, g fieldGroup) {
	if g.typ == "" && g.question != "" {
		// «سوال «شماره همراه»»: a wording that is a label tells the type.
		c := clause(tokenize(surface(g.question)))
		if l := labelAt(c, 0); l != nil && l.n == len(c) {
			st.Params.Type, g.format = l.typ, l.format
		}
	}
	if g.format != "" && st.Params.Type == domain.PlanFieldShortText {
		st.Params.Format = g.format
	}
	if !domain.IsChoiceType(st.Params.Type) || len(g.options) == 0 {
		return
	}
	g.options = cleanOptions(g.options)
	if len(g.options) < 2 {
		b.warn("options.one", domain.T("a single option is no list of options; the question gets the default two"))
		return
	}
	st.Params.Options = append([]string(nil), g.options...)
}

// editField emits the step of a question edit. A question named by its
// wording is found among those this plan added to its new form; on a
// form that exists its place is not known here, so it is refused.
func (b *builder) editField(e *fieldEdit, ids []int64, created bool) {
	if e.dropped == "digits only" {
		b.warn("detail.dropped", domain.T("%s cannot be set by a plan; the question is changed without it", domain.Both{EN: "an answer of digits only", FA: "فقط رقم بودن پاسخ"}))
	} else if e.dropped != "" || e.format == elevenDigits {
		b.warn("detail.dropped", domain.T("%s cannot be set by a plan; the question is changed without it", domain.Both{EN: "the answer's length", FA: "شمار رقم‌های پاسخ"}))
	}
	index := e.index
	if e.byWording != "" {
		index = -1
		if created {
			for k, q := range b.newQuestions {
				if q != "" && corpusKey(q) == corpusKey(e.byWording) {
					index = k
				}
			}
		}
		if index < 0 {
			b.refuse(domain.T("which question? give its number, e.g. «سوال دوم»"))
			return
		}
	}
	if created && (index >= len(b.newQuestions) || e.to != nil && *e.to >= len(b.newQuestions)) {
		b.refuse(domain.T("the new form has no question at that place"))
		return
	}
	targets := ids
	if created {
		targets = []int64{0}
	}
	if len(e.more) > 0 {
		b.editEach(e, index, targets, created)
		return
	}
	for _, id := range targets {
		at := index
		if e.current && !created {
			var gone bool
			if at, gone = b.placeAfterSteps(id, index); gone {
				b.refuse(domain.T("the question named was deleted by an earlier step"))
				return
			}
		}
		p := domain.StepParams{Index: domain.Int(at)}
		if !created {
			p.ID = domain.Int64(id)
		}
		st := domain.PlanStep{Params: p}
		switch {
		case e.del:
			st.Action = domain.ActionDeleteField
		case e.to != nil:
			st.Action = domain.ActionMoveField
			st.Params.To = domain.Int(*e.to)
		default:
			st.Action = domain.ActionUpdateField
			st.Params.Question, st.Params.Type, st.Params.Format = e.question, e.typ, e.format
			st.Params.Required, st.Params.Optional = e.required, e.optional && !e.required
			if opts := cleanOptions(e.options); len(opts) >= 2 {
				st.Params.Options = opts
			}
			if q := st.Params; q.Question == "" && q.Type == "" && q.Format == "" && !q.Required && !q.Optional && q.Options == nil {
				b.refuse(domain.T("the command names a question but no change to it"))
				return
			}
		}
		b.steps = append(b.steps, st)
	}
	if created {
		switch {
		case e.del:
			b.newQuestions = append(b.newQuestions[:index:index], b.newQuestions[index+1:]...)
		case e.to != nil:
			q := b.newQuestions[index]
			rest := append(b.newQuestions[:index:index], b.newQuestions[index+1:]...)
			b.newQuestions = append(rest[:*e.to:*e.to], append([]string{q}, rest[*e.to:]...)...)
		}
	}
}

// requiredAfter reads «… با جواب مفصل و اجباری به فرم ۹ اضافه کن»: a
// clause after «و» that names no question of its own but says
// «اجباری» makes the question just named required.
func requiredAfter(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		f, prev := fs[k], fs[k-1]
		if len(prev.groups) > 0 && !f.negated && f.edit == nil && !f.create {
			if req, ok := f.toks.saysOfThisQuestion(); ok {
				// «…؛ پاسخ به این پرسش الزامی است», «این پرسش الزامی
				// نباشد»: said of the question just added.
				prev.groups[len(prev.groups)-1].required = req
				f.groups, f.add, f.leftover = nil, false, nil
				continue
			}
		}
		if len(f.groups) > 0 || len(prev.groups) == 0 || f.negated || f.modifier || !isAny(f.joinedBy, "و", "and", "،", ",") {
			continue
		}
		for i, t := range f.toks {
			if !t.quoted && isAny(t.m, requiredWords...) && !f.toks.deniedRequired(i) && (i == 0 || f.toks[i-1].punct) {
				prev.groups[len(prev.groups)-1].required = true
				break
			}
		}
	}
}

// countedQuestion reports a question noun with a count before it, over
// its type: «یه سوال», «یک سوال کشویی», «دو تا سوال».
func (c clause) countedQuestion() bool {
	for i, t := range c {
		if !(t.qnoun || t.list != nil && !t.list.options) || t.quoted || c.questionNumbered(i) {
			continue // «فرم ده سوال سه»: a question with its own number is not counted
		}
		// «سوال جدید بعد از سوال ۲: …», «new question after q2»: a
		// question called new is one to add, whatever is named beside.
		// «email field …»: one named by its kind, in English order.
		if !t.quoted && t.qnoun && (c.newAfterNoun(i) > 0 || i > 0 && isAny(c[i-1].m, "new") || c.kindBefore(i)) {
			return true
		}
		k := i - 1
		for k >= 0 && !c[k].quoted && (typeWords[c[k].m] || isAny(c[k].m, "تا", "دونه", "عدد")) {
			k--
		}
		if k >= 0 && k < i && c[k].isNum && !c[k].digits && !c[k].quoted {
			return true
		}
	}
	return false
}

// newQuestionWords say a question is a new one: «سوال جدید», «پرسش تازه».
var newQuestionWords = []string{"جدید", "جدیدی", "تازه", "تازهای"}

// newAfterNoun returns where «جدید» stands after the question noun at
// i, its type between or not («سوال جدید», «سوال کوتاه جدید»), or 0.
func (c clause) newAfterNoun(i int) int {
	j := i + 1
	if j < len(c) && !c[j].quoted {
		if _, n := c.fieldTypeAt(j); n > 0 {
			j += n
		}
	}
	if j < len(c) && j > i && !c[j].quoted && isAny(c[j].m, newQuestionWords...) {
		return j
	}
	return 0
}

// markNewQuestion sets aside «جدید» said of a question: it says the
// question is one to add, and is never its wording.
func (c clause) markNewQuestion(used []bool) {
	for i, t := range c {
		if t.qnoun && !t.quoted {
			if j := c.newAfterNoun(i); j > 0 {
				used[j] = true
			}
		}
	}
}

// inItsPlace reads «… سوال سوم را حذف کن و یه سوال کوتاه جاش بذار»: a
// question put «in its place» takes the place of the one the clause
// before deleted.
func inItsPlace(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1].edit, fs[k]
		if prev == nil || !prev.del || prev.byWording != "" || len(prev.more) > 0 || len(f.groups) == 0 || f.position != nil {
			continue
		}
		for i, t := range f.toks {
			place := isAny(t.m, "جاش", "جایش", "جاشو", "بجاش", "بجایش") ||
				isAny(t.m, "جای", "جا") && i+1 < len(f.toks) && isAny(f.toks[i+1].m, "اون", "آن", "او", "قبلی") ||
				t.m == "place" && i > 0 && f.toks[i-1].m == "its" // «… add «Seat» in its place»
			if place && !t.quoted {
				f.position = domain.Int(prev.index)
				if len(f.ids) == 0 {
					f.ids = fs[k-1].ids
				}
				break
			}
		}
	}
}

// editGoesOn reads «سوال دوم فرم ۳ رو اجباری و کشویی کن»: a clause after
// «و» that only says a type, a label or «اجباری» (and its verb) changes
// the question the edit before it changes, and is dropped.
func editGoesOn(fs []*frame) []*frame {
	out := fs[:0]
	for _, f := range fs {
		if len(out) > 0 {
			if prev := out[len(out)-1]; prev.edit != nil && !prev.edit.del && prev.edit.to == nil && !f.negated && len(f.ids) == 0 && f.toks.extendsEdit(prev.edit) {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// containsWord reports w among the words of text.
func containsWord(text, w string) bool {
	return strings.Contains(" "+corpusKey(text)+" ", " "+corpusKey(w)+" ")
}

// verbShared reads «add two short questions and a rating question to
// form 12», «به فرم ۴ یک سوال بلند و یک سوال کوتاه اضافه کن»: a clause
// adding questions with no verb of its own, beside one that adds with
// its verb, shares that verb (and its form) rather than acting alone.
func verbShared(fs []*frame) {
	for k, f := range fs {
		if !f.verbless {
			continue
		}
		before := k > 0 && fs[k-1].add && len(fs[k-1].groups) > 0 && !fs[k-1].verbless && !fs[k-1].create
		after := k+1 < len(fs) && fs[k+1].add && len(fs[k+1].groups) > 0 && !fs[k+1].verbless && !fs[k+1].create
		if before || after {
			f.add, f.verbless = false, false
		}
	}
}

// pronounMoves reads «make question 2 of form 3 required and move it to
// the top», «سوال ۲ رو اجباری کن و بعد ببرش جای سوال اول»: the pronoun
// on the verb of moving is the question the clause before edits, read
// again with that question named.
func pronounMoves(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1], fs[k]
		// «سوال ۴ رو حذف نکن، ببرش بعد از سوال اول»: a delete denied
		// names the question its alternative moves, as an edit does.
		deniedDelete := prev.edit != nil && prev.edit.del && prev.negated
		if prev.edit == nil || (prev.edit.del || prev.negated) && !deniedDelete || prev.edit.byWording != "" || f.negated || len(f.ids) > 0 || len(f.groups) > 0 || !f.toks.placesIt() {
			continue
		}
		lo, hi := prev.toks.refSpan()
		if hi <= lo {
			continue
		}
		merged := readClause(append(append(clause{}, prev.toks[lo:hi]...), f.toks...), true)
		if merged.edit != nil && merged.edit.to != nil && merged.edit.index == prev.edit.index && !merged.negated && merged.refusal.Key == "" {
			merged.joinedBy = f.joinedBy
			if len(merged.ids) == 0 {
				merged.ids = prev.ids
			}
			fs[k] = merged
		}
	}
}

// refSpan returns the tokens that name the question a clause edits and
// its form: «سوال ۲ فرم ۳ رو», «question 2 of form 3».
func (c clause) refSpan() (lo, hi int) {
	_, lo, hi, ok := c.questionRef()
	if !ok {
		return 0, 0
	}
	for hi < len(c) && (c[hi].isNum || c.atAny(hi, formNounsV) > 0 || isAny(c[hi].m, "را", "رو", "of", "in")) {
		hi++
	}
	return lo, hi
}

// refGoesOn reads «متن پرسش اول فرم ۴۱ غلطه، بکنیدش «…»»: a clause that
// names a question and asks nothing of it, followed by one that asks a
// change and names no question or form, is one edit of that question,
// read again as one clause.
func refGoesOn(fs []*frame) []*frame {
	out := fs[:0]
	for k := 0; k < len(fs); k++ {
		f := fs[k]
		if k+1 < len(fs) && f.edit == nil && !f.hasIntent() && !f.negated && len(f.groups) == 0 && f.toks.namesQuestion() {
			next := fs[k+1]
			if !next.negated && len(next.ids) == 0 && next.edit == nil && len(next.groups) == 0 && (!next.toks.namesQuestion() || next.toks.placeOnly(0) >= 0) {
				merged := readClause(append(append(clause{}, f.toks...), next.toks...), true)
				if merged.edit != nil && !merged.publish && !merged.draft && !merged.disable && !merged.deleteForm && !merged.duplicate && !merged.create && merged.refusal.Key == "" {
					merged.joinedBy = f.joinedBy
					out = append(out, merged)
					k++
					continue
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// addSharedVerb reads «در فرم ۶۱ سوال «سابقه» از نوع عددی و اجباری
// اضافه کنید»: a verbless clause that names a question by its wording,
// before one whose only act is to add and that adds nothing of its own,
// is that question being added, read again as one clause.
func addSharedVerb(fs []*frame) []*frame {
	out := fs[:0]
	for k := 0; k < len(fs); k++ {
		f := fs[k]
		if k+1 < len(fs) && f.edit != nil && f.edit.byWording != "" && !f.toks.hasVerb() && !f.negated {
			next := fs[k+1]
			if next.add && len(next.groups) == 0 && len(next.ids) == 0 && !next.negated && !next.create && !next.publish && next.edit == nil {
				merged := readClause(append(append(clause{}, f.toks...), next.toks...), true)
				if len(merged.groups) > 0 && merged.edit == nil {
					merged.joinedBy = f.joinedBy
					out = append(out, merged)
					k++
					continue
				}
			}
		}
		if k+1 < len(fs) && f.namesNewQuestion() {
			// «پرسش «تاریخ استخدام» (تاریخ) و پرسش «مبلغ حقوق» (عدد) به
			// فرم ۸۰ افزوده شود»: a question named by its wording alone,
			// joined to the clause that adds questions, is added too.
			next := fs[k+1]
			if next.add && len(next.groups) > 0 && !next.negated && !next.create && next.edit == nil && isAny(next.joinedBy, "و", "and", "،", ",") {
				join := token{m: next.joinedBy, s: next.joinedBy, r0: firstRune(next.joinedBy), punct: isAny(next.joinedBy, "،", ",")}
				merged := readClause(append(append(append(clause{}, f.toks...), join), next.toks...), true)
				if len(merged.groups) == len(next.groups)+max(len(f.groups), 1) && merged.edit == nil {
					merged.joinedBy = f.joinedBy
					out = append(out, merged)
					k++
					continue
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// namesNewQuestion reports a clause with no verb, form or act that
// only names a question by a quoted wording, with perhaps its type in
// parentheses: «پرسش «تاریخ استخدام» (تاریخ)».
func (f *frame) namesNewQuestion() bool {
	quoteAfterNoun := false
	for i := 0; i+1 < len(f.toks); i++ {
		quoteAfterNoun = quoteAfterNoun || f.toks[i].qnoun && f.toks[i+1].quoted
	}
	if !quoteAfterNoun {
		return false
	}
	// Read alone it may look like an edit of the question so worded
	// («پرسش «الف» (تاریخ)»: make it a date); with no verb it is none.
	if e := f.edit; e != nil && (e.byWording == "" || e.del || e.to != nil || e.question != "" || len(e.options) > 0) {
		return false
	}
	if f.negated || f.add || f.create || len(f.ids) > 0 || f.edit == nil && f.hasIntent() || f.toks.hasVerb() {
		return false
	}
	c := f.toks
	noun, quote := false, false
	for i, t := range c {
		switch {
		case t.qnoun && !isAny(t.m, pluralQuestionNouns...):
			noun = true
		case t.quoted && noun:
			quote = true
		case t.punct || fillers[t.m] || isAny(t.m, requiredWords...) || typeWords[t.m]:
		case isAny(t.m, "به", "هر", "یک", "کدام", "کدوم", "کدوم", "each", "to", "of", "them"):
			// «به هر یک پرسش «…» …»: to each of the forms just named.
		default:
			if _, n := c.fieldTypeAt(i); n == 0 && labelAt(c, i) == nil && !isAny(t.m, "عدد", "رقم") {
				return false
			}
		}
	}
	return noun && quote
}

// namesQuestion reports a question named by its place in the clause.
func (c clause) namesQuestion() bool {
	_, _, _, ok := c.questionRef()
	return ok
}

// addGoesOn reads «یه field جدید add کن، type‌ش short text و label‌ش
// «نام شرکت»»: a clause after one that adds a question, saying only its
// type, its wording or «اجباری», describes that question, and is dropped.
func addGoesOn(fs []*frame) []*frame {
	out := fs[:0]
	for _, f := range fs {
		if len(out) > 0 {
			prev := out[len(out)-1]
			if n := len(prev.groups); n > 0 && prev.groups[n-1].count == 1 && !f.negated && len(f.ids) == 0 && len(f.groups) == 0 && !f.hasIntent() && f.toks.describesQuestion() {
				g := &prev.groups[n-1]
				var e fieldEdit
				f.toks.extendsEdit(&e)
				if e.typ != "" && (g.typ == "" || g.typ == domain.PlanFieldShortText && g.format == "") {
					g.typ, g.format = e.typ, e.format
				}
				g.required = g.required || e.required
				if g.question == "" {
					g.question = e.question
				}
				continue
			}
			// «فرم ۸۱. سوال کوتاه جدید. «شماره سفارش».»: a quote standing
			// alone after a question said with no wording is its wording.
			if n := len(prev.groups); n > 0 && prev.groups[n-1].count == 1 && prev.groups[n-1].question == "" && !prev.negated && !f.negated && !f.hasIntent() && len(f.ids) == 0 && len(f.groups) == 0 {
				if q, ok := f.toks.loneQuote(); ok {
					prev.groups[n-1].question = q
					continue
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// loneQuote returns the quote of a clause that is that quote alone, its
// marks aside.
func (c clause) loneQuote() (string, bool) {
	q := ""
	for _, t := range c {
		switch {
		case t.punct:
		case t.quoted && q == "":
			q = t.s
		default:
			return "", false
		}
	}
	return q, q != ""
}

// describesQuestion reports a clause that names a question's kind or
// wording by its noun («type‌ش …», «label‌ش «…»»), as extendsEdit reads.
func (c clause) describesQuestion() bool {
	noun := false
	for _, t := range c {
		noun = noun || !t.quoted && (isAny(t.m, wordingNouns...) || isAny(t.m, "نوع", "نوعش", "type", "typeش"))
	}
	var e fieldEdit
	return noun && c.extendsEdit(&e)
}

// extendsEdit applies to e what a clause of only type, label, required
// and light-verb words says, and reports whether the clause was such.
func (c clause) extendsEdit(e *fieldEdit) bool {
	var typ, format, wording string
	var options []string
	required, optional, said, named := false, false, false, false
	for i := 0; i < len(c); i++ {
		t := c[i]
		switch {
		case !t.quoted && isAny(t.m, wordingNouns...):
			// «… و label‌ش رو بکن «Full name»»: the question's wording.
			named = true
		case named && !t.quoted && (isAny(t.m, correctedNames...) || isAny(t.m, rightWords...) || isAny(t.m, "غلط", "غلطه", "اشتباه", "اشتباهه", "wrong")):
			// «سوال ۳. عنوان غلط. عنوان درست: «…»»: what is said of the
			// wording, wrong or right.
		case !t.quoted && isAny(t.m, "rename", "renameش", "renameاش"):
			// «q1: make required + rename to «…»»: renaming with no
			// object after a change of a question renames that question.
			named = true
		case !t.quoted && t.pron && isAny(t.m, "اسم", "نام"):
			// «سوال سوم رو اجباری کنید و اسمش رو بذارید «…»»: «its
			// name» after a clause that changes a question is that
			// question's, the thing last spoken of.
			named = true
		case t.list != nil && t.list.options && options == nil:
			// «… و گزینه‌های «الف»، «ب» را برای آن تعیین نمایید».
			options, said = listTexts(t.list), true
		case !t.quoted && isAny(t.m, "تعیین", "برای", "براش", "set", "for"):
		case t.quoted && named && wording == "":
			wording, said = t.s, true
		case t.punct || lightVerbSet[t.m] || isAny(t.m, "هم", "باشه", "باشد", "بشه", "آن", "اون", "را", "رو", "نیز", "همچنین", "it", "هست", "است", "نوع", "نوعش", "نوعشو", "type", "شو", "ش", "to") || named && !t.quoted && t.m == "به" || fillers[t.m] || isAny(t.m, formatWords...) || placeVerbSet[t.m]:
		case !t.quoted && isAny(t.m, requiredWords...) && i+1 < len(c) && c[i+1].m == "بودن":
			// «الزامی بودن آن حذف شود»: what is removed is its being
			// required.
			k := i + 2
			for k < len(c) && isAny(c[k].m, "آن", "اون", "را", "رو", "نیز", "هم", "این", "پرسش", "سوال") {
				k++
			}
			if k >= len(c) || c.atAny(k, deleteWordsV) == 0 && !isAny(c[k].m, "برداشته", "لغو", "حذف") {
				return false
			}
			optional, said = true, true
			i = k
			for i+1 < len(c) && (lightVerbSet[c[i+1].m] || isAny(c[i+1].m, "شود", "گردد")) {
				i++
			}
		case !t.quoted && isAny(t.m, requiredWords...):
			required, said = true, true
		case !t.quoted && isAny(t.m, optionalWords...):
			optional, said = true, true
		default:
			if ft, n := c.fieldTypeAt(i); n > 0 && typ == "" {
				typ, said = ft, true
				i += n - 1
				continue
			}
			if l := labelAt(c, i); l != nil && typ == "" {
				typ, format, said = l.typ, l.format, true
				i += l.n - 1
				continue
			}
			if end := c.plainNameAt(i, named && wording == ""); end > i {
				// «… و اسمش را بگذارید کلاس چندم است»: the name said
				// unquoted after the verb, or between the object marker
				// and the verb, is the question's wording.
				wording, said = strings.NewReplacer(" ؟", "؟", " ?", "?").Replace(surfaceOf(c[i:end])), true
				i = end - 1
				continue
			}
			return false
		}
	}
	if !said {
		return false
	}
	if typ != "" && e.typ == "" {
		if format == "" && typ == domain.PlanFieldShortText {
			// «قالب سؤال سوم به URL تغییر یابد و نوع آن پاسخ کوتاه
			// گردد»: a short text keeps the format said before it.
			format = e.format
		}
		e.typ, e.format = typ, format
	} else if format != "" && e.format == "" && e.typ == domain.PlanFieldShortText {
		// «… short text کن و format‌ش رو کد ملی بذار».
		e.format = format
	}
	e.required = e.required || required
	e.optional = e.optional || optional
	if wording != "" && e.question == "" {
		e.question = wording
	}
	if options != nil && e.options == nil {
		e.options = options
	}
	return true
}

// plainNameAt returns where an unquoted name starting at i ends, in a
// clause whose noun of wording was said (named): after the clause's
// verb it runs to the end, its question mark kept; before it, from the
// object marker to the verb. Plain words only — a form, a question, a
// number or another act is no wording. It returns i when there is none.
func (c clause) plainNameAt(i int, named bool) int {
	if !named || c[i].quoted || !isWord(c[i]) {
		return i
	}
	verb := func(k int) bool { return placeVerbSet[c[k].m] || lightVerbSet[c[k].m] }
	plain := func(k int) bool {
		t := c[k]
		return t.punct && isAny(t.m, "؟", "?") || isWord(t) && !t.qnoun && t.list == nil && c.atAny(k, formNounsV) == 0 && c.atAny(k, actionWordsV) == 0 && !isAny(t.m, "را", "رو", "و", "and")
	}
	after := false
	for k := 0; k < i; k++ {
		after = after || verb(k)
	}
	end := i
	if after {
		last := len(c)
		for last > i && c[last-1].punct && !isAny(c[last-1].m, "؟", "?") {
			last--
		}
		for end < last && plain(end) {
			end++
		}
		if end < last {
			return i
		}
		return end
	}
	if i == 0 || !isAny(c[i-1].m, "را", "رو") {
		return i
	}
	for end < len(c) && !verb(end) && plain(end) {
		end++
	}
	if end == len(c) || !verb(end) {
		return i
	}
	return end
}

// saysOfThisQuestion reads a clause that says of «this question» (or
// «its answer») only that it is required or not: «پاسخ به این پرسش
// الزامی است», «این پرسش الزامی نباشد», «پاسخ به آن اختیاری است».
func (c clause) saysOfThisQuestion() (required, ok bool) {
	this, said := false, false
	for i, t := range c {
		switch {
		case t.quoted || t.isNum || t.list != nil:
			return false, false
		case isAny(t.m, "این", "همین", "آن", "اون", "همان", "this", "it") || t.pron:
			this = true
		case isAny(t.m, requiredWords...):
			required, said = !c.deniedRequired(i), true
		case isAny(t.m, optionalWords...):
			required, said = false, true
		case t.qnoun || t.punct || fillers[t.m] || isAny(t.m, "پاسخ", "جواب", "به", "را", "رو", "هم", "نیز", "است", "هست", "باشد", "باشه", "نباشد", "نباشه", "بودن", "شود", "بشه", "گردد", "کن", "کنید", "بکن", "is", "be", "the", "answer", "to", "make", "set", "mark", "as", "also", "too"):
		default:
			return false, false
		}
	}
	return required, this && said
}

// placeGoesOn gives a place said in a clause of its own to the questions
// the next clause adds: «در فرم ۷ پس از پرسش سوم، یک پرسش … درج گردد».
func placeGoesOn(fs []*frame) {
	for k := 0; k+1 < len(fs); k++ {
		f, next := fs[k], fs[k+1]
		if f.hasIntent() || len(f.groups) > 0 || f.edit != nil || f.negated || len(next.groups) == 0 || next.position != nil || next.edit != nil {
			continue
		}
		used := make([]bool, len(f.toks))
		at := f.toks.position(0, len(f.toks), used)
		if at == nil {
			continue
		}
		next.position = at
		if len(next.ids) == 0 && !next.refersBack {
			next.ids = f.ids
		}
		f.ids, f.bareIDs, f.refersBack, f.leftover = nil, nil, false, nil
	}
}

// placeGoesBack gives the place said in the clause after one that adds
// a question to that question: «… اضافه کن و بذارش بعد از سوال ۴». The
// pronoun on the verb of placing is the question just added.
func placeGoesBack(fs []*frame) []*frame {
	out := fs[:0]
	for _, f := range fs {
		if n := len(out); n > 0 && !f.negated && len(f.groups) == 0 && len(f.ids) == 0 && f.toks.placesIt() {
			prev := out[n-1]
			if len(prev.groups) == 1 && prev.groups[0].count == 1 && prev.groups[0].position == nil && prev.position == nil {
				used := make([]bool, len(f.toks))
				if at := f.toks.position(0, len(f.toks), used); at != nil {
					prev.groups[0].position = at
					continue
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// placeOnly returns where, from «from» on, a clause says only a place
// beside a question — «قبل سوال ۲», «ببر بعد از سوال ۳.» — the question
// named there being the place, not the thing acted on; -1 when it says
// more. Written in short clauses, «فرم ۱۰۸. سوال ۴. قبل سوال ۲.» moves
// question 4 with no verb of moving: the place is the order.
func (c clause) placeOnly(from int) int {
	i := from
	for i < len(c) && !c[i].quoted && (c[i].punct || c.atAny(i, moveVerbsV) > 0 || isAny(c[i].m, "را", "رو", "it") ||
		isAny(c[i].m, "جا", "جایش", "جاش", "جایگاه", "جایگاهش", "place", "position") && i+1 < len(c) && c[i+1].m == ":") {
		i++ // «جا: بعد سوال ۵»: the place written as a labelled field
	}
	at := i
	n := c.atAny(i, besideV)
	if n == 0 && i < len(c) && !c[i].quoted && isAny(c[i].m, "قبل", "بعد", "پیش") {
		n = 1 // «قبل سوال ۲»: the «از» dropped
	}
	if n == 0 || i+n+1 >= len(c) || !c[i+n].qnoun {
		return -1
	}
	i += n + 1
	if c[i].m == "شماره" {
		i++
	}
	if i >= len(c) || c[i].quoted {
		return -1
	}
	if _, ok := ordinal(c[i].m); !ok && !c[i].isNum && c.atAny(i, endWordsV) == 0 {
		return -1 // a number, an ordinal or the last one («بعد سوال آخر»)
	}
	for i++; i < len(c); i++ {
		if !c[i].punct {
			return -1
		}
	}
	return at
}

// placesIt reports a verb of placing with the pronoun on: «بذارش»,
// «ببرش», «put it».
func (c clause) placesIt() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.pron && (c.atAny(i, placeVerbsV) > 0 || c.atAny(i, moveVerbsV) > 0) || isAny(t.m, "بذارش", "بزارش", "بگذارش", "ببرش") || (t.m == "put" || c.atAny(i, moveVerbsV) > 0) && i+1 < len(c) && isAny(c[i+1].m, "it", "them") {
			return true
		}
	}
	return false
}

// editInstead reads the alternative to a question edit denied just
// before: «سوال ۳ را پاک نکن، فقط اختیاریش کن», «پرسش دوم را حذف
// نکنید، بلکه آن را اختیاری کنید». The alternative is said of the same
// question.
func editInstead(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1], fs[k]
		if !prev.negated || prev.edit == nil || prev.edit.byWording != "" || f.negated || f.edit != nil || len(f.ids) > 0 || len(f.groups) > 0 || f.hasIntent() {
			continue
		}
		var rest clause
		for _, t := range f.toks {
			if !t.quoted && isAny(t.m, "فقط", "تنها", "بلکه", "آن", "اون", "را", "رو", "just", "only", "instead", "it") || fillers[t.m] {
				continue
			}
			rest = append(rest, t)
		}
		e := &fieldEdit{index: prev.edit.index}
		if len(rest) == 0 || !rest.extendsEdit(e) {
			continue
		}
		// «… حذف نکن، اجباریش کن»: the alternative is an edit of its own,
		// no longer a description of questions before it.
		f.edit, f.ids, f.refersBack, f.leftover, f.modifier = e, prev.ids, false, nil, false
	}
	for k := 1; k < len(fs); k++ {
		// «سوال سوم رو جابجا نکن فقط متنشو عوض کن بنویس …»: the question
		// a denied order names is the one the alternative changes, read
		// again with the question said before it.
		prev, f := fs[k-1], fs[k]
		if !prev.negated || prev.edit != nil && prev.edit.byWording != "" || f.negated || f.edit != nil || len(f.ids) > 0 || len(f.groups) > 0 || f.toks.namesQuestion() {
			continue
		}
		_, lo, hi, ok := prev.toks.questionRef()
		if !ok {
			continue
		}
		for hi < len(prev.toks) && (prev.toks[hi].isNum || prev.toks.atAny(hi, formNounsV) > 0 || isAny(prev.toks[hi].m, "را", "رو")) {
			hi++
		}
		// Only the question and its form are taken: the denied act said
		// before them («حذف سوال دوم فرم ۶۹ نه، فقط متنشو بکن …») stays
		// denied.
		merged := readClause(append(append(clause{}, prev.toks[lo:hi]...), f.toks...), true)
		if merged.edit != nil && !merged.negated && !merged.publish && !merged.draft && !merged.disable && !merged.deleteForm && !merged.duplicate && !merged.create && merged.refusal.Key == "" {
			merged.joinedBy = f.joinedBy
			fs[k] = merged
			// The denied clause has given its question and form away.
			prev.ids, prev.bareIDs, prev.refersBack, prev.leftover = nil, nil, false, nil
		}
	}
}

// pronounIsQuestion reads a pronoun after a clause that names a
// question as that question, never as its form: «سوال ۵ فرم ۳ اضافیه،
// پاکش کن» deletes question 5, «متن سوال ۲ غلطه، بکنش «…»» rewords it.
// A form is closed or unpublished only when named, so a pronoun there
// after a question gets no plan.
func pronounIsQuestion(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		// «سوال سوم رو دیدی؟ خیلی بده. پاکش کن»: a clause between that
		// names nothing («خیلی بده») leaves the pronoun to what was named
		// before it.
		j := k - 1
		for j > 0 && fs[j].namesNothing() {
			j--
		}
		prev, f := fs[j], fs[k]
		destroys := f.deleteForm || f.disable || f.draft
		// «سوال ۲ فرم ۳ اضافیه، حذف کن»: a verb with no object at all
		// acts on what was just named, as a pronoun would.
		bare := destroys && len(f.bareIDs) == 0 && !f.toks.has(formNounsV) && !f.toks.hasQuestionNoun()
		if len(f.ids) > 0 || !f.refersBack && !bare || f.negated || f.edit != nil || len(f.groups) > 0 || f.create || f.toks.has(formNounsV) {
			continue
		}
		if destroys && len(prev.groups) > 0 && !prev.create {
			// «add a question to form 3 and delete it»: the question or
			// the form? Nothing is destroyed on a guess.
			f.deleteForm, f.disable, f.draft = false, false, false
			f.refusal = domain.T("«it» may be the question just added or its form; name what to delete or close")
			continue
		}
		if destroys && prev.edit != nil && !prev.edit.del {
			// «… سوال دومش هم اجباری بشه، بعدشم حذفش کن»: the question
			// just changed or its form? Nothing is destroyed on a guess.
			f.deleteForm, f.disable, f.draft = false, false, false
			f.refusal = domain.T("«it» may be the question just changed or its form; name what to delete or close")
			continue
		}
		if prev.edit != nil || len(prev.groups) > 0 || prev.create || prev.deleteForm || prev.duplicate || prev.disable {
			continue
		}
		idx, _, _, ok := prev.toks.questionRef()
		if !ok {
			continue
		}
		switch {
		case f.deleteForm:
			f.deleteForm = false
			f.edit = &fieldEdit{index: idx, del: true}
		case f.disable || f.draft:
			f.disable, f.draft = false, false
			f.refusal = domain.T("the pronoun stands for the question named before, and a question cannot be closed or unpublished; name the form")
			continue
		case f.publish || f.duplicate || f.rename || f.nav != "":
			continue
		default:
			e := &fieldEdit{index: idx}
			var rest clause
			for _, t := range f.toks {
				if t.quoted && e.question == "" {
					e.question = t.s
					continue
				}
				if isAny(t.m, "آن", "اون", "را", "رو", "بکن", "کن", "بکنش", "کنش", "بذار", "بزار", "بذارش") || t.pron && isAny(t.m, "بکن", "کن", "بذار", "بزار") {
					continue
				}
				rest = append(rest, t)
			}
			if e.question == "" && (len(rest) == 0 || !rest.extendsEdit(e)) {
				continue
			}
			if e.question != "" && len(rest) > 0 && !rest.extendsEdit(e) {
				continue
			}
			f.edit = e
		}
		f.ids, f.refersBack, f.leftover, f.modifier = prev.ids, false, nil, false
		prev.ids, prev.refersBack, prev.leftover = nil, false, nil
	}
}

// requiredMarks are the words for the mark or the state of being
// required: «حالت اجباری», «ستاره اجباری», «تیک الزامی».
var requiredMarks = []string{"حالت", "وضعیت", "ستاره", "علامت", "تیک", "مارک", "ستارهی", "علامتی"}

// requiredRemoved finds the required word said as a state that is
// removed: «الزامی بودن … حذف/برداشته شود», «اجباریشو بردارید», «حالت
// اجباری سوال ۲ رو حذف کن» — the required word at j, the word that
// removes it at k. What is taken away is the question's being
// required, not the question.
func (c clause) requiredRemoved(used []bool) (j, k int) {
	for j = 0; j+1 < len(c); j++ {
		if used[j] || c[j].quoted || !isAny(c[j].m, requiredWords...) {
			continue
		}
		start := j + 1
		switch {
		case c[j+1].m == "بودن":
			start = j + 2
		case isAny(c[j+1].m, "رو", "را"):
			// «required رو از سوال ۳ بردار»: the word itself is the
			// object, and what is taken off the question.
			start = j + 2
		case c[j].pron, j > 0 && isAny(c[j-1].m, requiredMarks...):
		default:
			continue
		}
		for k = start; k < len(c); k++ {
			if c[k].punct || lightVerbSet[c[k].m] {
				break // the removal is said of the state in its own phrase
			}
			if !used[k] && !c[k].quoted && (c.atAny(k, deleteWordsV) > 0 || isAny(c[k].m, "لغو")) {
				return j, k
			}
		}
	}
	return -1, -1
}

// editShared gives a question named in a clause with no verb the edit
// of the clause beside it: «اول سوال ۶ فرم ۴ رو پاک کن بعد سوال ۲ شو»,
// «ابتدا پرسش دهم و سپس پرسش سوم فرم ۲۴ حذف گردد». The bare clause
// says only which question; its neighbour says what is done, and to
// which form.
func editShared(fs []*frame) {
	for k, f := range fs {
		if f.edit != nil || f.negated || len(f.groups) > 0 || f.hasIntent() || f.deleteForm || f.disable || f.duplicate || len(f.leftover) > 0 {
			continue
		}
		idx, _, _, ok := f.toks.questionRef()
		if !ok || f.toks.hasVerb() {
			continue
		}
		var other *frame
		if k > 0 && fs[k-1].edit != nil && fs[k-1].edit.byWording == "" && !fs[k-1].negated {
			other = fs[k-1]
		} else if k+1 < len(fs) && fs[k+1].edit != nil && fs[k+1].edit.byWording == "" && !fs[k+1].negated {
			other = fs[k+1]
		}
		if other == nil {
			// «سوال ۲ و فرم ۳ رو پاک کن»: a question named beside a form
			// being deleted or closed is not acted on silently.
			for _, nb := range []int{k - 1, k + 1} {
				if nb >= 0 && nb < len(fs) && (fs[nb].deleteForm || fs[nb].disable) && !fs[nb].negated {
					f.refusal = domain.T("a question is named beside a form being deleted or closed, with nothing said of it; say what to do with which form's question")
				}
			}
			continue
		}
		if other.edit.to != nil || other.edit.index == idx && (len(f.ids) == 0 || len(other.ids) > 0 && f.ids[0] == other.ids[0]) {
			continue // the neighbour's own question is no second one
		}
		e := *other.edit
		e.index, e.more = idx, nil
		f.edit = &e
		if len(f.ids) == 0 {
			f.ids = other.ids
		}
		f.refersBack = false
	}
}

// placeWordsV name a question's place: «جای سوال ۲ و ۳ را عوض کن».
var placeWordsV = newVocab("جای", "جا", "جاهای")

func isOrdinal(m string) bool {
	_, ok := ordinal(m)
	return ok
}

// swapped reads «جای سوال ۲ و ۳ را عوض کن», «سوال ۲ را با سوال ۳
// جابجا کن»: two questions side by side trade places, one move. It
// returns the first's index and its new place; far apart, ok is true
// and to is -1 (two moves the command does not spell out).
func (c clause) swapped(first int, more []int) (to int, ok bool) {
	swap := false
	for i, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, "جابجا", "جابهجا", "swap", "switch") || t.m == "عوض" && c.has(placeWordsV) && i > 0 {
			swap = true
		}
	}
	if !swap {
		return 0, false
	}
	second := -1
	if len(more) == 1 {
		second = more[0]
	} else {
		for i := range c {
			if i > 0 && c[i].qnoun && isAny(c[i-1].m, "با", "with", "and") && i+1 < len(c) {
				if k, ok := ordinal(c[i+1].m); ok {
					second = k - 1
				} else if c[i+1].isNum {
					second = c[i+1].num - 1
				}
			}
		}
	}
	if second < 0 {
		return 0, false
	}
	if second == first+1 || second == first-1 {
		return second, true
	}
	return -1, true
}

// countsFromEnd reports a place counted from the end after a question
// named at hi: «سوال دوم از آخر», «یکی مونده به آخر», «second to last»
// — no index says it without knowing the form (RULINGS 15).
func (c clause) countsFromEnd(hi int) bool {
	for k := hi; k < len(c) && k <= hi+2; k++ {
		if c.atAny(k, endWordsV) > 0 && k > hi {
			return isAny(c[k-1].m, "از", "به", "مونده", "مانده", "to", "from", "the")
		}
	}
	return false
}

// formBesideEdit refuses a form named on its own beside an edit of
// another form's question — «فرم ۳ و سوال ۲ فرم ۴ را پاک کن»: deleting
// form 3 or its second question are both readings, and a destructive
// act is not taken on a guess.
func formBesideEdit(fs []*frame) {
	for k := 0; k+1 < len(fs); k++ {
		f, next := fs[k], fs[k+1]
		if len(f.ids) == 0 || f.hasIntent() || f.edit != nil || len(f.groups) > 0 || f.negated || next.edit == nil || len(next.ids) == 0 {
			continue
		}
		if _, _, _, ok := f.toks.questionRef(); ok {
			continue
		}
		same := len(f.ids) == len(next.ids)
		for i := range f.ids {
			same = same && f.ids[i] == next.ids[i]
		}
		if same {
			continue
		}
		f.refusal = domain.T("a form is named beside another form's question with one verb; say what to do with each")
	}
}

// saidWording reads a question's new wording said without quotes after
// «بنویس» or «بشه» in a clause that names the wording it changes:
// «متن سوال اول رو عوض کن بنویس اسم و فامیل کامل», «… متنشم عوض کن
// بشه سن شما چقدر است».
func (c clause) saidWording(used []bool) string {
	names := false
	for j, t := range c {
		if !t.quoted && !used[j] && isAny(t.m, "متن", "متنش", "متنشو", "متنشم", "صورت", "wording", "text") {
			names, used[j] = true, true
		}
	}
	if !names {
		return ""
	}
	for j := 0; j+1 < len(c); j++ {
		if used[j] || c[j].quoted || !isAny(c[j].m, "بنویس", "بنویسید", "بنویسین", "بشه", "بشود", "شود") {
			continue
		}
		text, _ := c.span(j+1, used)
		if text != "" {
			used[j] = true
		}
		return text
	}
	return ""
}

// namesNothing reports a clause that names no form, question or title
// and orders nothing: «خیلی بده», «ممنون».
func (f *frame) namesNothing() bool {
	return len(f.ids) == 0 && len(f.bareIDs) == 0 && len(f.groups) == 0 && f.edit == nil && f.title == "" && !f.hasIntent() && !f.negated &&
		!f.refersBack && !f.toks.hasQuestionNoun() && !f.toks.has(formNounsV)
}
