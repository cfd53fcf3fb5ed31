package persian

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func (c clause) fieldTypeAt(i int) (string, int) {
	// «لیست بازشو», «منوی باز شو»: a list that opens is a dropdown.
	// ـشو reads as the pronoun and object marker, so باز is left.
	if r := c[i].r0; (r == 'ل' || r == 'م' || r == 'ف') && i+1 < len(c) && !c[i].quoted && isAny(c[i].m, "لیست", "منوی", "منو", "فهرست") && !c[i+1].quoted {
		if nx := c[i+1]; nx.m == "بازشو" || nx.m == "باز" && nx.pron {
			return domain.PlanFieldDropdown, 2
		}
		if c[i+1].m == "باز" && i+2 < len(c) && c[i+2].m == "شو" {
			return domain.PlanFieldDropdown, 3
		}
	}
	k, n := c.next(i, fieldTypesV, 0)
	if n == 0 {
		return "", 0
	}
	// «ای» may follow as its own token: «ستاره ای», «گزینه ای».
	if i+n < len(c) && (c[i+n].m == "ای" || c[i+n].m == "ایی") {
		n++
	}
	return fieldTypes[k].typ, n
}

func (c clause) fieldTypeAfter(i int) bool {
	_, n := c.fieldTypeAt(i)
	return n > 0
}

// ordinalNoun reports an ordinal followed by a question noun at i.
func (c clause) ordinalNoun(i int) bool {
	if i+1 >= len(c) || c[i].quoted || !c[i+1].qnoun {
		return false
	}
	_, ok := ordinal(c[i].m)
	return ok
}

// afterQuestion reports whether position i follows a question noun within
// the same phrase, so «با عنوان» there names the question.
func (c clause) afterQuestion(i int) bool {
	for j := i - 1; j >= 0 && j >= i-5; j-- {
		if c[j].qnoun || c.typeNamesQuestion(j) {
			return true
		}
		if isAny(c[j].m, formNouns...) || c[j].quoted {
			return false
		}
	}
	return false
}

// questionText is a question's wording found in a clause, at its position.
type questionText struct {
	at   int
	text string
}

// readQuestionTexts takes the wording of questions first — «با متن X»,
// «با عنوان X» or «که بپرسد X» after a question noun — so that the words
// inside it («با متن نام کامل») are not read as a title, a rename or a
// type. newForm is hasNewForm's answer, which the caller already has.
func (c clause) readQuestionTexts(used []bool, newForm bool) []questionText {
	var out []questionText
	// In a clause that makes no form, «با عنوان X» can only name a
	// question, wherever it stands («… به فرم ۳۰ اضافه کن با عنوان X»).
	questionOnly := !c.mentionsNewForm(newForm)
	anyWhere := questionOnly && (c.hasQuestionNoun() || c.hasTypeWord())
	for i := 0; i < len(c); i++ {
		if used[i] || !(anyWhere || c.afterQuestion(i)) {
			continue
		}
		n := c.atAny(i, questionMarksV)
		if n == 0 && c.afterAQuestion(i) {
			// «یه سوال اضافه کن به اسم شهر»: a name said after the
			// question, in a clause that makes no form, is its wording.
			n = c.atAny(i, questionNamesV)
		}
		if n == 0 && c.namesItsWording(i) {
			// «یه سوال کوتاه اسمش «رشته تحصیلی» …», «… متنش این باشه:
			// چند سالته؟»: the question's own name or text, said with its
			// pronoun, is its wording — not the form's name.
			n = 1
			for i+n < len(c) && !c[i+n].quoted && (isAny(c[i+n].m, "این", "اینه", "باشه", "باشد", "بشه", "رو", "را", "بذار", "بزار", "بگذار", "is", "be") || c[i+n].m == ":") {
				n++
			}
			if i+n < len(c) && c[i+n-1].m == ":" && !c[i+n].quoted {
				// After the colon the wording runs to the clause's end,
				// its question mark included.
				k := len(c)
				for k > i+n && c[k-1].punct && !isAny(c[k-1].m, "؟", "?") {
					k--
				}
				if k > i+n {
					markUsed(used, i, k)
					out = append(out, questionText{at: i, text: surfaceOf(c[i+n:k-1]) + joinMark(c[k-1])})
					i = k - 1
					continue
				}
			}
		}
		if n == 0 {
			continue
		}
		markUsed(used, i, i+n)
		if q := c.askedUpTo(i, n, used); q > 0 {
			// «… که بپرسه چرا ما را انتخاب کردید؟»: what is asked runs to
			// its question mark, «را» and verbs included.
			out = append(out, questionText{at: i, text: surfaceOf(c[i+n:q]) + c[q].s})
			markUsed(used, i+n, q+1)
			i = q
			continue
		}
		text, next := c.span(i+n, used)
		if text != "" {
			out = append(out, questionText{at: i, text: text})
		}
		i = next - 1
	}
	return out
}

// namesItsWording reports «اسمش», «عنوانش», «متنش» at i after a
// question noun: the question's own name, said with its pronoun.
func (c clause) namesItsWording(i int) bool {
	if c[i].quoted || !(c[i].pron && c.atAny(i, nameNounsV) > 0 || isAny(c[i].m, "متنش", "متنشو", "متنشم", "موضوعش", "موضوعشو")) {
		return false
	}
	text := !c[i].pron // «متنش», «موضوعش»: only a question has a text or a subject
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if c[j].qnoun && j >= 2 && c[j-1].m == "از" && isAny(c[j-2].m, "قبل", "بعد", "پس", "پیش") {
			// «یه سوال قبل از سوال اول اضافه کن اسمش …»: the question
			// named in the place is not the one named.
			j -= 2
			continue
		}
		if c[j].qnoun {
			return !isAny(c[j].m, pluralQuestionNouns...) && c.newQuestionNoun(j)
		}
		// «… فرم ۹ … اسمش»: a name said after the form may be the form's
		// — but not after the form the question goes to («یه سوال به
		// فرم ۱۴ اضافه کن اسمش سایز»), which the pronoun does not mean.
		if !text && c.atAny(j, formNounsV) > 0 && j > 0 && !c[j-1].quoted && isAny(c[j-1].m, "به", "در", "تو", "توی", "داخل", "to", "in", "into") {
			continue
		}
		if c[j].quoted || c[j].punct || !text && c.atAny(j, formNounsV) > 0 {
			return false
		}
	}
	return false
}

// joinMark is the last token of a wording: a question mark is kept on
// it, other words after a space.
func joinMark(t token) string {
	if t.punct {
		return t.s
	}
	return " " + t.s
}

// askedUpTo returns where the question mark ends a question asked after
// «که بپرسه» at i (n tokens), or 0: the words between are all unread and
// unquoted.
func (c clause) askedUpTo(i, n int, used []bool) int {
	if !isAny(c[i+n-1].m, "بپرسه", "بپرسد", "بپرسید", "asking", "asks") {
		return 0
	}
	for q := i + n; q < len(c); q++ {
		if c[q].punct && isAny(c[q].m, "؟", "?") {
			if q > i+n {
				return q
			}
			return 0
		}
		if used[q] || c[q].quoted || c[q].punct || c[q].list != nil {
			return 0
		}
	}
	return 0
}

// mentionsNewForm reports a create verb or «فرم جدید» (newForm, as
// hasNewForm reports it): a clause where a title marker may name the form.
func (c clause) mentionsNewForm(newForm bool) bool {
	if newForm {
		return true
	}
	for i := range c {
		if c.createVerbAt(i) {
			return true
		}
	}
	return false
}

func (c clause) hasQuestionNoun() bool {
	for _, t := range c {
		if !t.quoted && t.qnoun {
			return true
		}
	}
	return false
}

// isAnchor reports whether a question noun at i introduces new fields:
// «سوال دوم», «سوال ۴» and «سوال شماره ۳» name an existing question.
func (c clause) isAnchor(i int) bool {
	if !c[i].qnoun {
		return false
	}
	// «همه‌ی سوال‌ها», «بقیه سوالا» speak of the questions the form has.
	if i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "همه", "همهی", "تمام", "تمامی", "بقیه", "بقیهی", "کل", "all") {
		return false
	}
	// «سوالاشم اینا باشه: …»: its questions are those said next; the
	// noun announces them and is none of them.
	if i+1 < len(c) && !c[i+1].quoted && isAny(c[i+1].m, "اینا", "اینها", "اینان", "these", "following") {
		return false
	}
	// «صورت سوال», «متن سوال»: the wording of a question, no new one.
	if i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "صورت", "متن") {
		return false
	}
	// «سومین سوال», «the third question» name a place in the form. Bare
	// «اول» is also the adverb "first" («اول سوال کوتاه را اضافه کن»).
	if i > 0 && !c[i-1].quoted && c[i-1].m != "اول" {
		if _, ok := ordinal(c[i-1].m); ok {
			return false
		}
	}
	if i+1 >= len(c) {
		return true
	}
	nx := c[i+1]
	if nx.quoted || nx.punct {
		return true
	}
	if _, ok := ordinal(nx.m); ok {
		return false
	}
	if nx.m == "شماره" && i+2 < len(c) && c[i+2].isNum {
		return false
	}
	// «سوال ۴» is question 4, but «سوال ۵ گزینه‌ای» has five options.
	if nx.isNum && nx.digits && !(i+2 < len(c) && strings.HasPrefix(c[i+2].m, "گزینه")) {
		return false
	}
	return true
}

// itemAt reads a list item without its noun — «یکی کوتاه», «دو تا بلند»,
// «یکی با متن X» — returning the count and where its type starts.
func (c clause) itemAt(i int, used []bool) (count, typeAt int, ok bool) {
	t := c[i]
	if used[i] || t.quoted || t.punct {
		return 0, 0, false
	}
	num, one := t.num, t.m == "یکی"
	if !t.isNum {
		// «اولی کوتاه، دومی بلند»: the spoken ordinal names one item, and
		// so do «دیگری» (the other), «بعدی» (the next) and «آخری».
		_, ord := ordinal(t.m)
		if !(ord && strings.HasSuffix(t.m, "ی")) && !isAny(t.m, "دیگری", "بعدی", "آخری") {
			return 0, 0, false
		}
		num, one = 1, true
	}
	j := i + 1
	for j < len(c) && isAny(c[j].m, "تا", "دونه", "دانه", "عدد", "تاش") {
		j++
	}
	if j >= len(c) {
		return 0, 0, false
	}
	// «a required dropdown», «دو تا اجباری کوتاه»: the item's type may
	// follow what it says of the item.
	k := j
	for k < len(c) && !c[k].quoted && (isAny(c[k].m, requiredWords...) || isAny(c[k].m, optionalWords...)) {
		k++
	}
	if k > j && k < len(c) {
		if _, n := c.fieldTypeAt(k); n > 0 && !(k+n < len(c) && c[k+n].qnoun) {
			return num, k, true
		}
	}
	if _, n := c.fieldTypeAt(j); n > 0 {
		// «دو تا کوتاه سوال» is the noun's count, read with the noun;
		// so is «a file upload field»: more words of the type may come
		// between.
		k := j + n
		for k < len(c) && !c[k].quoted && (typeWords[c[k].m] || isAny(c[k].m, "upload", "آپلود", "بارگذاری")) {
			k++
		}
		if k < len(c) && c[k].qnoun {
			return 0, 0, false
		}
		return num, j, true
	}
	if one && (c[j].quoted || c.word(j, "با") > 0 || isAny(c[j].m, requiredWords...)) {
		return 1, j, true
	}
	// «یکی ایمیل با عنوان …», «یکی کد ملی»: one item named by a label.
	if one && labelAt(c, j) != nil {
		return 1, j, true
	}
	return 0, 0, false
}

// countOf returns the count said before the question noun at i.
func (c clause) countOf(i int) int {
	j := i - 1
	if j > 0 && isAny(c[j].m, "تا", "عدد") {
		j--
	}
	if j < 0 || !c[j].isNum {
		return 0
	}
	return c[j].num
}

// headsList reports a counted question noun at i followed, before any
// other question, by a list naming as many questions.
func (c clause) headsList(i int) bool {
	if !c.countedAt(i) {
		return false
	}
	j := i - 1
	if isAny(c[j].m, "تا", "عدد") {
		j--
	}
	for k := i + 1; k < len(c); k++ {
		if c[k].qnoun {
			return false
		}
		if l := c[k].list; l != nil && l.named {
			return len(l.items) == c[j].num
		}
	}
	return false
}

// namedListOf reports a list of n named questions after i with no
// question noun between.
func (c clause) namedListOf(i, n int) bool {
	for k := i + 1; k < len(c); k++ {
		if c[k].qnoun {
			return false
		}
		if l := c[k].list; l != nil && l.named {
			return len(l.items) == n
		}
	}
	return false
}

// typedQuoteItem reports a clause that is only a kind and a quoted
// wording, «number «ضربان قلب»», «کوتاه «نام»», perhaps with its options
// after it, «dropdown «…»: Guest / User»: an item of a list of
// questions said with no noun.
func (c clause) typedQuoteItem(i int) bool {
	// «each: number «…»», «هر کدوم: …»: what each form made gets.
	start := 0
	// «new checkbox "Extras" -> …»: «new» before the kind is no part
	// of it.
	for start < len(c) && !c[start].quoted && (isAny(c[start].m, quantifiers...) || isAny(c[start].m, "هر", "کدوم", "کدام", "new", "another") || c[start].punct && c[start].m == ":") {
		start++
	}
	if i != start {
		return false
	}
	_, n := c.fieldTypeAt(i)
	end := len(c)
	if l := c[end-1].list; l != nil && l.options {
		end-- // «dropdown «…»: a / b / c»: and its options
	}
	return n > 0 && i+n+1 == end && c[i+n].quoted
}

// groupAnchor is where a field group starts: a question noun, or a list
// item without its noun (whose count is said with it).
type groupAnchor struct {
	at, count int
	item      bool
	// one: a type said alone beside its verb («add number …») names
	// one question, as if counted.
	one bool
}

// readGroups reads field groups: «دو سوال پاسخ کوتاه», «یک سوال کشویی
// اجباری با متن «X»», «سه سوال ستاره‌ای», «یکی پاسخ بلند», «a rating
// question», «۴ سؤال». Each question noun or list item anchors a group;
// the words between anchors describe the group they follow.
func (c clause) readGroups(f *frame, used []bool, texts []questionText, v2 bool) {
	// The anchors stay in this function: a slice returned from another
	// would be one more allocation for every clause with a question.
	var anchors []groupAnchor
	// «این سوال‌ها رو اضافه کن: …»: the plural noun announces the list
	// that names the questions, and is none of them.
	listed := false
	for _, t := range c {
		listed = listed || t.list != nil && t.list.named
	}
	for i, t := range c {
		if listed && t.qnoun && isAny(t.m, pluralQuestionNouns...) {
			continue
		}
		if listed && t.qnoun && c.headsList(i) {
			// «دو سوال امتیازی اضافه کن: کیفیت غذا و برخورد»: the count
			// and type are the list's, whose items are the questions.
			continue
		}
		if used[i] || t.quoted {
			continue
		}
		if t.list != nil && !t.list.options {
			anchors = append(anchors, groupAnchor{at: i, count: 1, item: true})
			used[i] = true
		} else if t.qnoun && c.isAnchor(i) {
			anchors = append(anchors, groupAnchor{at: i, count: -1})
		} else if i > 0 && c[i-1].punct && c[i-1].m == ":" && len(anchors) > 0 && c.fieldTypeAfter(i) && !c.labelsQuestion(anchors[len(anchors)-1], i-1) && !c.oneNounBefore(i-1, anchors[len(anchors)-1]) {
			// «با سه سوال: کوتاه، …»: a type right after the colon is the
			// list's first item. After one question named as a label,
			// «q: short text «…»», it is that question's type.
			anchors = append(anchors, groupAnchor{at: i, count: 1, item: true})
		} else if c.typedQuoteItem(i) {
			// «new form «…»، number «X»، short text «Y»»: a kind and a
			// quoted wording, as an item of its own, is a question.
			anchors = append(anchors, groupAnchor{at: i, count: 1, item: true})
		} else if n, _, ok := c.itemAt(i, used); ok && listed && c.namedListOf(i, n) {
			// «۶ تا short text: T1، …، T6»: the count and kind head the
			// list whose items are the questions.
			used[i] = true
		} else if n, _, ok := c.itemAt(i, used); ok && !(len(anchors) > 0 && c.kindMarkedAt(i)) {
			anchors = append(anchors, groupAnchor{at: i, count: n, item: true})
			used[i] = true
		}
	}
	if len(anchors) == 0 {
		if at := c.typeBesideAddVerb(used); at >= 0 {
			anchors = append(anchors, groupAnchor{at: at, count: 1, item: true, one: true})
		}
	}
	for gi, a := range anchors {
		g := fieldGroup{count: 1, item: a.item}
		lo, hi := c.groupSpan(anchors, gi)
		if l := c[a.at].list; l != nil && gi > 0 && l.named && c.countedAt(anchors[gi-1].at) && c.countOf(anchors[gi-1].at) > len(l.items) {
			// «سه سوال اضافه کن: کد ملی، شماره شناسنامه»: fewer names
			// than the count said; the count is kept and the names are
			// warned of, not guessed into places. (More names than the
			// count are all questions: each is named.)
			for _, it := range l.items {
				f.leftQuotes = append(f.leftQuotes, surfaceOf(it))
			}
			used[a.at] = true
			continue
		}
		if l := c[a.at].list; l != nil {
			// The questions a list names take what the words around it
			// say of them all.
			var all fieldGroup
			c.groupTraits(&all, a.at, lo, hi, used)
			pos := c.position(lo, hi, used)
			for _, it := range l.items {
				ig := itemGroup(it, l.named)
				if all.typ != "" && all.typ != domain.PlanFieldMultipleChoice && (ig.typ == "" || ig.format == "" && ig.typ != all.typ && !saysOwnType(it)) {
					// «۶ تا سوال کوتاه: نام، …، سن، …»: the kind said of
					// them all is each one's; a label only guesses a kind
					// («سن» a number) where none is said. A format a label
					// says («موبایل») stays, and so does a kind said of the
					// item itself («سن (عددی)»).
					ig.typ = all.typ
				}
				ig.required = ig.required || all.required
				ig.position = pos
				if v2 && len(anchors) == 1 && len(l.items) == 1 && ig.question == "" {
					// «یه سوال عددی بذار «سن»», «… بذار با عنوان سن»: the
					// one question takes the wording said after its verb.
					for _, qt := range texts {
						if qt.at > a.at {
							ig.question = qt.text
							break
						}
					}
					for j := a.at + 1; j < len(c) && ig.question == ""; j++ {
						if c[j].quoted && !used[j] && !c.optionQuote(j) {
							ig.question, used[j] = c[j].s, true
							break
						}
					}
				}
				f.groups = append(f.groups, ig)
			}
			continue
		}
		if a.item {
			// «یه long answer», «یه پاسخ بلند»: a type said without the
			// noun, its count said too, is counted like «یه سوال بلند».
			g.count, g.counted = a.count, a.one || c[a.at].isNum && c[a.at].list == nil
		} else {
			c.groupCount(&g, a.at, lo, used)
		}
		c.groupTraits(&g, a.at, lo, hi, used)
		if v2 {
			c.v2Traits(&g, a.at, hi, used)
			if len(anchors) == 1 && g.options == nil {
				// «گزینه‌های عکاسی، فیلمبرداری رو بذار تو یه سوال checkbox
				// …»: the options said first, as the object the verb
				// puts into the one question, are its own.
				for j := 0; j < a.at; j++ {
					if l := c[j].list; l != nil && l.options && !used[j] {
						g.options, used[j] = listTexts(l), true
						if g.typ == "" || g.typ == domain.PlanFieldShortText {
							g.typ = domain.PlanFieldMultipleChoice
						}
						break
					}
				}
			}
		}
		// Question text: a wording found after the anchor, else a quote.
		for _, qt := range texts {
			// A wording said before any question belongs to the first.
			// One question takes the wording wherever it is said: «یه سوال
			// امتیازی اضافه کن به فرم ۱۴ با عنوان «…»».
			if qt.at > a.at && qt.at < hi || gi == 0 && qt.at < a.at || len(anchors) == 1 && qt.at > a.at {
				g.question = qt.text
				break
			}
		}
		if gi+1 == len(anchors) && g.counted && g.question == "" {
			f.wordsFrom = c.wordingList(a.at+1, used)
		}
		for j := a.at + 1; j < hi && g.question == ""; j++ {
			if c[j].quoted && !used[j] && !c.optionQuote(j) {
				g.question = c[j].s
				used[j] = true
			}
		}
		// «یه سوال عددی بذار «تعداد دفعات»»: one question takes the
		// quote said after its verb.
		for j := hi; v2 && len(anchors) == 1 && g.question == "" && j < len(c); j++ {
			if c[j].quoted && !used[j] && !c.optionQuote(j) {
				g.question = c[j].s
				used[j] = true
			}
		}
		if v2 && len(anchors) == 1 && g.question == "" && g.counted && g.count == 1 {
			// «یه سوال بذار اسم مشتری», «یه سوال بزار کدملی»: one question
			// worded after its verb, the words up to the clause's end.
			if j, k := c.wordingAfterVerb(a.at, used); k > j {
				g.question = strings.NewReplacer(" ؟", "؟", " ?", "?").Replace(surfaceOf(c[j:k]))
				markUsed(used, j, k)
			}
		}
		if !a.item {
			k := a.at + 1
			for k < len(c) && (typeWords[c[k].m] || isAny(c[k].m, requiredWords...)) && !c[k].quoted {
				k++
			}
			g.list = k < len(c) && c[k].punct && c[k].m == ":"
		}
		g.position = c.position(lo, hi, used)
		f.groups = append(f.groups, g)
	}
	if len(f.groups) == 0 {
		if p := c.position(0, len(c), used); p != nil {
			f.position = p
		}
	}
}

// wordingAfterVerb finds the words after the verb that adds or places
// the question at 'at' that end the clause, but for words already read
// (its type, «اجباری»): the span [j, k) of its wording, or k == j.
func (c clause) wordingAfterVerb(at int, used []bool) (j, k int) {
	for v := at + 1; v < len(c); v++ {
		if used[v] || c[v].quoted {
			continue
		}
		n := c.atAny(v, addVerbsV)
		if n == 0 {
			n = c.atAny(v, placeVerbsV)
		}
		if n == 0 {
			continue
		}
		j = v + n
		// «… اضافه کنید کلاس بچه گزینه هایش …»: the verb's light verb
		// is the verb's, not the wording's first word.
		for j < len(c) && !c[j].quoted && !used[j] && isAny(c[j].m, "کن", "کنید", "کنین", "بکن", "بکنید", "بکنین", "نمایید", "شود", "بشه", "گردد") {
			j++
		}
		k = c.bareWordingEnd(j, len(c), used)
		if j < len(c) && !c[j].quoted && isAny(c[j].m, interrogatives...) {
			// «یه سوال بذار کدوم نون رو میخواید گزینه هاش …»: a question
			// said in its own words runs over its object marker and verb,
			// up to its options, a quote or the clause's end.
			k = j
			for k < len(c) && !used[k] && !c[k].quoted && c[k].list == nil && !isOptionNoun(c[k].m) && (!c[k].punct || isAny(c[k].m, "؟", "?")) {
				k++
			}
			return j, k
		}
		for m := j; m < k; m++ {
			// «… اضافه کنی؟», «… بذار ممنون»: the verb's ending or a
			// courtesy after it is no wording.
			if isAny(c[m].m, verbEndings...) || isAny(c[m].m, thankWords...) || isAny(c[m].m, politeWords...) || isAny(c[m].m, greetings...) || titleEnders[c[m].m] {
				return j, j
			}
		}
		if k < len(c) && c[k].punct && isAny(c[k].m, "؟", "?") {
			return j, j
		}
		if k > j && k < len(c) && c[k].list != nil && c[k].list.options {
			// «یه سوال کشویی بذار نوع ملک گزینه هاش …»: the words
			// between the verb and the options are the question's, as
			// they are before «گزینه‌هاش» with no verb between.
			return j, k
		}
		for m := k; m < len(c); m++ {
			// «… آدرس دقیق که بلند باشه»: what follows may only say what
			// was read already (its type, «اجباری»).
			if !used[m] && !c[m].punct && !fillers[c[m].m] && !isAny(c[m].m, "هم", "دیگه", "که", "باشه", "باشد", "بشه", "باشن", "باشند") {
				return j, j
			}
		}
		return j, k
	}
	return 0, 0
}

// groupSpan is the run of tokens that describe the gi-th group: from
// after the anchor before it to the next anchor, less the next group's
// own count and type.
func (c clause) groupSpan(anchors []groupAnchor, gi int) (lo, hi int) {
	a := anchors[gi]
	if gi > 0 {
		lo = anchors[gi-1].at + 1
	}
	hi = len(c)
	if gi+1 < len(anchors) {
		hi = anchors[gi+1].at
		for hi-1 > a.at && !anchors[gi+1].item && (c[hi-1].isNum || c[hi-1].m == "تا" || typeWords[c[hi-1].m]) {
			hi--
		}
	}
	return lo, hi
}

// groupCount reads the number before a question noun at, over its type
// and «اجباری»: «دو تا سوال», «سه سوال», «two short text questions».
func (c clause) groupCount(g *fieldGroup, at, lo int, used []bool) {
	k := at - 1
	for k >= lo && !c[k].isNum {
		if !typeWords[c[k].m] && !isAny(c[k].m, requiredWords...) && !isAny(c[k].m, optionalWords...) && !isAny(c[k].m, "تا", "دونه", "عدد") {
			break
		}
		k--
	}
	if k >= lo && k >= 0 && c[k].isNum && !used[k] {
		if k > 0 && !c[k-1].quoted && c[k-1].m == "هر" {
			// «در هر دو پرسش «نام» افزوده شود»: «هر دو» is each of two
			// forms, not two questions.
			used[k], used[k-1] = true, true
			return
		}
		g.count = c[k].num
		g.counted = true
		used[k] = true
	}
}

// groupTraits reads a group's type and whether it is required, anywhere
// in its span. A question offered with options («با گزینه‌های بله و
// خیر») is a choice question when nothing names its kind.
func (c clause) groupTraits(g *fieldGroup, at, lo, hi int, used []bool) {
	for j := lo; j < hi; j++ {
		if used[j] {
			continue
		}
		if g.typ == "" {
			if typ, n := c.fieldTypeAt(j); n > 0 {
				g.typ = typ
				markUsed(used, j, j+n)
				j += n - 1
				continue
			}
			// «پرسش «تاریخ استخدام» (تاریخ)»: a kind of answer in
			// parentheses after the wording names its type.
			if c[j].punct && c[j].m == "(" && j+1 < hi {
				if l := labelAt(c, j+1); l != nil && namesType(c[j+1].m) && j+1+l.n < len(c) && c[j+1+l.n].m == ")" {
					g.typ, g.format = l.typ, l.format
					markUsed(used, j, j+2+l.n)
					j += 1 + l.n
					continue
				}
				if j+2 < len(c) && c[j+2].m == ")" && isAny(c[j+1].m, "عدد", "رقم") {
					g.typ = domain.PlanFieldNumber
					markUsed(used, j, j+3)
					j += 2
					continue
				}
			}
		}
		if isAny(c[j].m, requiredWords...) {
			g.required = g.required || !c.deniedRequired(j)
			used[j] = true
		}
		if isAny(c[j].m, optionalWords...) {
			used[j] = true
		}
	}
	if g.typ == "" {
		for j := at + 1; j < hi; j++ {
			if !c[j].quoted && isAny(c[j].m, optionNouns...) {
				g.typ = domain.PlanFieldMultipleChoice
				break
			}
		}
	}
}

// optionQuote reports a quote at j that is one of a question's options
// («با گزینه‌های «بله» و «خیر»», «گزینه‌هایی مثل «بله»»), not its wording.
func (c clause) optionQuote(j int) bool {
	k := j - 1
	for k >= 0 && (c[k].quoted || isAny(c[k].m, "و", "یا", "،", ",", "and", "or", ":", "مثل", "مانند", "مثلا", "like")) {
		k--
	}
	return k >= 0 && isAny(c[k].m, optionNouns...)
}

// modifier reads a clause that only describes questions already named:
// «همه امتیازی», «همه‌شون اجباری», «و اجباری». With a quantifier it
// describes them all, without one the last.
func (c clause) modifier() (typ string, required, all, ok bool) {
	for i := 0; i < len(c); i++ {
		t := c[i]
		switch {
		case t.m == "هر" && i+1 < len(c) && c[i+1].isNum && !c[i+1].quoted:
			all = true // «هر دو اجباری», «هر سه امتیازی»: each of the N
			i++
		case t.quoted || t.isNum:
			return "", false, false, false
		case t.qnoun && all:
			// «همه‌ی سوال‌ها اجباری»: the quantifier's noun.
		case isAny(t.m, "باشن", "باشند", "هستن", "هستند", "بشن", "بشوند", "are"):
			all = true // the plural verb agrees with all the questions
		case t.punct || fillers[t.m] || isAny(t.m, "باشه", "باشد", "بشه", "بشود", "be", "is"):
		case isAny(t.m, quantifiers...):
			all = true
		case isAny(t.m, requiredWords...) && !c.deniedRequired(i):
			required = true
		case isAny(t.m, optionalWords...):
		case i > 0 && c[i-1].pron && lightVerbSet[t.m]:
			// «اجباریش کن»: made so, the question just named.
		default:
			ft, n := c.fieldTypeAt(i)
			if n == 0 || typ != "" {
				return "", false, false, false
			}
			typ = ft
			i += n - 1
		}
	}
	return typ, required, all, typ != "" || required
}

// questionNamesV name a question after it is said: «… به اسم شهر», with
// «به» typed onto its noun as it is said: «… بنام نام پدر».
var questionNamesV = newVocab("به اسم", "به نام", "با اسم", "با نام", "بنام", "باسم", "بانام", "named", "called")

// afterAQuestion reports a question noun before i.
func (c clause) afterAQuestion(i int) bool {
	for k := 0; k < i; k++ {
		if c[k].qnoun || c[k].list != nil && !c[k].list.options {
			return true
		}
	}
	return false
}

// typeNamesQuestion reports a type said at j with no question noun
// after it, which names the question itself: «یه checkbox با عنوان
// «مهارت‌ها»», «یه سوال عددی».
func (c clause) typeNamesQuestion(j int) bool {
	if c[j].quoted {
		return false
	}
	if l := c[j].list; l != nil && !l.options && len(l.items) == 1 {
		return true // «یه سوال عددی», read as a list of one question
	}
	_, n := c.fieldTypeAt(j)
	return n > 0 && (j+n >= len(c) || !c[j+n].qnoun)
}

// hasTypeWord reports a type that names a question somewhere in the
// clause.
func (c clause) hasTypeWord() bool {
	for j := range c {
		if c.typeNamesQuestion(j) {
			return true
		}
	}
	return false
}

// interrogatives open a question said in its own words: «کدوم نون رو
// میخواید», «چند نفر میاین».
var interrogatives = []string{"کدوم", "کدام", "کدومش", "چه", "چی", "چیا", "چیه", "چند", "چندتا", "چقدر", "چطور", "آیا", "کی", "کجا", "which", "what", "how", "when", "where", "who"}

// labelsQuestion reports one question noun at a said as the label of
// what follows the colon at colon, «سوال: short text «…»», «q: dropdown
// «…»», «سوال جدید بعد از سوال ۲: …»: no count, no plural and no type
// between, so the colon opens that question, not a list.
func (c clause) labelsQuestion(a groupAnchor, colon int) bool {
	k := a.at
	if a.item || !c[k].qnoun || c[k].quoted || isAny(c[k].m, pluralQuestionNouns...) || c.countedAt(k) {
		return false
	}
	for j := k + 1; j < colon; j++ {
		if c[j].quoted || c[j].list != nil || c.fieldTypeAfter(j) {
			return false
		}
	}
	return true
}

// typeBesideAddVerb finds a type word said right after an English add
// verb («add number «سن»», «insert dropdown …») or right before a
// Persian one («فرم ۷ کشویی اضافه کن»): the terse imperative drops the
// article and the noun, and the type alone names one new question. It
// returns where the question is anchored — the English verb, so that
// the words after the type are read as its wording as after «add a
// number» — or -1.
func (c clause) typeBesideAddVerb(used []bool) int {
	// Most clauses without a question name no type and quote nothing:
	// one look at each word spares them the reading below.
	worth := false
	for _, t := range c {
		worth = worth || t.quoted || typeWords[t.m] || t.m == "+"
	}
	if !worth {
		return -1
	}
	for i := range c {
		if used[i] || c[i].quoted || c[i].punct {
			continue
		}
		n := c.atAny(i, addVerbsV)
		plus := c[i].m == "+" // «new form «X» + short text «Y»»: «+» adds what follows
		if plus {
			n = 1
		}
		if n == 0 {
			continue
		}
		if isLatin(c[i].m) || plus {
			if j := i + n; j < len(c) && !used[j] && !c[j].quoted && c.fieldTypeAfter(j) {
				return j - 1
			}
			// «add: «شماره موبایل سوپروایزر»»: a quote the verb adds
			// is a question's wording — unless options are what it adds.
			j := i + n
			if j < len(c) && c[j].punct && c[j].m == ":" {
				j++
			}
			if j < len(c) && c[j].quoted && !used[j] && !c.namesOptions() {
				return j - 1
			}
			continue
		}
		// The Persian verb follows its object: the type is the word
		// before it, the first of a type phrase of one or two words.
		// «کشویی «شهر» اضافه کن»: or the type and then the quote that
		// words it.
		for k := max(i-4, 0); k < i; k++ {
			if used[k] || c[k].quoted {
				continue
			}
			if _, m := c.fieldTypeAt(k); m > 0 && (k+m == i || k+m+1 == i && c[k+m].quoted && !used[k+m]) && (k == 0 || !c[k-1].qnoun) {
				return k
			}
		}
	}
	// «فرم 71: dropdown «مرورگر»: …»: with no verb at all, a type
	// and the quote that words it are one new question.
	if at := c.typedWording(); at >= 0 && !c.hasVerb() {
		return at
	}
	return -1
}

// typedWording finds a type word said right before a quote («dropdown
// «مرورگر»»), not already a question's place or noun's: the index of
// the type, or -1.
func (c clause) typedWording() int {
	for i := range c {
		if c[i].quoted || c[i].punct || i > 0 && (c[i-1].qnoun || c[i-1].isNum && !c[i-1].digits) {
			continue
		}
		if _, n := c.fieldTypeAt(i); n > 0 && i+n < len(c) && c[i+n].quoted {
			return i
		}
	}
	return -1
}

// oneNounBefore reports a colon right after the noun of one question
// («q: چندگزینه‌ای …», «سوال: کشویی …»): what follows describes that
// question, it does not list more.
func (c clause) oneNounBefore(colon int, a groupAnchor) bool {
	k := colon - 1
	return k >= 0 && a.at == k && !a.item && c[k].qnoun && !isAny(c[k].m, pluralQuestionNouns...) && c.countOf(k) <= 1
}

// namesOptions reports a clause that speaks of options: a quote it adds
// is an option, not a question.
func (c clause) namesOptions() bool {
	for _, t := range c {
		if !t.quoted && (isOptionNoun(t.m) || t.list != nil && t.list.options) {
			return true
		}
	}
	return false
}
