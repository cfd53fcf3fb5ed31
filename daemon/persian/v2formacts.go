package persian

import (
	"strings"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Form acts (arshline-plan/v2): deleting, disabling and copying a form,
// and the checks that keep a v1 plan free of them.

var (
	deleteWordsV  = newVocab(deleteWords...)
	disableWordsV = newVocab(disableWords...)
	moveVerbsV    = newVocab(append(append([]string{}, moveVerbs...), "قرار", "بنداز", "بندازش", "بندازید", "put", "place", "make", "set")...)
	endWordsV     = newVocab(endWords...)
	copyV2        = newVocab(append(append([]string{}, copyWords...), "رونوشت", "نسخه کپی", "نسخه پشتیبان", "نسخهی پشتیبان", "نسخه بکاپ", "بکاپ", "backup", "نسخه", "نسخهای", "نسخهی", "duplicate", "داپلیکیت")...)
	slotWordsV    = newVocab("جایگاه", "جای", "جا", "موقعیت", "ردیف", "مکان", "position", "place", "spot")
	topWordsV     = newVocab("اول فرم", "ابتدای فرم", "بالای فرم", "اول", "ابتدا", "بالا", "اولش", "top", "first", "beginning")
)

// readFormActs reads deleting, disabling and copying a form. The words
// are set aside so that «غیر فعال» is not read as «فعال» (publish).
//
// Said in the past («حذف شد», «کپی کردم») they report, not ask. A
// deletion whose object is a form's questions, answers or options, and
// not the form, is refused: it never deletes the form.
func (c clause) readFormActs(f *frame, used []bool) {
	if i := c.stopsAnswers(used); i >= 0 {
		// «دریافت پاسخ در فرم ۲۸ متوقف شود»: the form takes no more
		// answers, its link stays.
		f.disable = !c.reportedAt(i + 1)
		used[i] = true
		return
	}
	if i := c.unusedAt(used, disableWordsV); i >= 0 && c.outOf(i, i+c.atAny(i, disableWordsV)) {
		// «از حالت غیرفعال خارج کن»: out of being closed is open again.
		markUsed(used, i, i+c.atAny(i, disableWordsV))
		f.publish = true
	} else if i := c.unusedAt(used, disableWordsV); i >= 0 {
		n := c.atAny(i, disableWordsV)
		// «فرم ۲۲ غیرفعال باشد»: the state wished for is an order.
		f.disable = !c.reportedAt(i+n) && (!c.compoundAt(i+n) || i+n < len(c) && isAny(c[i+n].m, "باشد", "باشه", "بماند", "بمونه", "بمانه", "باشند", "باشن"))
		markUsed(used, i, i+n)
	} else if i := c.unusedAt(used, deleteWordsV); i >= 0 {
		n := c.atAny(i, deleteWordsV)
		f.deleteForm = !c.reportedAt(i+n) && !c.compoundAt(i+n)
		markUsed(used, i, i+n)
		if j := c.unusedAt(used, siteWordsV); f.deleteForm && j >= 0 {
			// «remove form 3 from the site», «از سایت برش دار»: taken
			// off the site, kept (RULINGS 5). The place is said, not
			// published or opened («public view»).
			markUsed(used, j, j+c.atAny(j, siteWordsV))
			f.deleteForm, f.draft = false, true
		}
		if f.deleteForm {
			if part := c.partOfForm(); part != "" {
				// «عنوان فرم ۳ را پاک کن», «delete the title of form 3»:
				// what is deleted is a part of the form, not the form.
				f.deleteForm = false
				f.refusal = domain.T("«%s» is part of the form; the planner deletes a whole form or one question named by its place, never the form for a part of it", part)
			}
		}
		if f.deleteForm && c.takenFromForm() {
			// «کد ملی رو از فرم ۶ پاک کن», «remove X from form 6»: the
			// form is where something is taken from, not what goes.
			f.deleteForm = false
			f.refusal = domain.T("something is to be taken out of the form, not the form deleted; the planner deletes a whole form or one question named by its place")
		}
		if f.deleteForm && (c.hasQuestionNoun() || c.hasQuestionList() || c.hasUnused(used, resultsWordsV) || c.hasOptionNoun()) {
			f.deleteForm = false
			f.refusal = domain.T("the planner deletes a whole form or one question named by its place («سوال دوم»), not all its questions, answers or options")
		}
	}
	if i := c.unusedAt(used, copyV2); i >= 0 && !c.hasQuestionNoun() {
		n := c.atAny(i, copyV2)
		// «call the copy «…»»: the copy named, a noun, is no act.
		if i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "the", "this", "that", "new") {
			markUsed(used, i-1, i+n)
			return
		}
		if !c.reportedAt(i+n) && !c.compoundAt(i+n) {
			f.duplicate = true
			if k := i - 1; k >= 0 && isAny(c[k].m, "تا", "عدد") {
				i = k
			}
			if k := i - 1; k >= 0 && c[k].isNum && !c[k].quoted && !used[k] && c[k].num > 1 {
				f.copyCount, used[k] = c[k].num, true
			}
			f.deleteForm, f.disable = false, false
			markUsed(used, i, i+n)
		}
	}
}

// outOf reports «از (حالت) X خارج کن/دربیار» around the words [i, j).
func (c clause) outOf(i, j int) bool {
	k := i - 1
	if k >= 0 && isAny(c[k].m, "حالت", "وضعیت") {
		k--
	}
	if k < 0 || c[k].m != "از" {
		return false
	}
	for m := j; m < len(c) && m <= j+1; m++ {
		if !c[m].quoted && (isAny(c[m].m, outVerbs...) || isAny(c[m].m, "خارج", "دربیار", "دربیارید", "بیرون")) {
			return true
		}
		// «از غیرفعال در بیار»: the verb typed apart, as leavesDraft reads
		// it — it had closed the form it asked to open.
		if !c[m].quoted && c[m].m == "در" && m+1 < len(c) && isAny(c[m+1].m, "بیار", "بیارید", "بیارین", "آر", "آور", "بیاورید") {
			return true
		}
	}
	return false
}

// compoundAt reports a word at i, right after an act's word, that makes
// a noun of them both («کپی رایت», «حذف اضافات»): no act is asked.
// After the act's word a command has its verb, its object or nothing.
func (c clause) compoundAt(i int) bool {
	if i >= len(c) {
		return false
	}
	t := c[i]
	if t.punct || t.quoted || t.isNum || t.qnoun || t.list != nil {
		return false
	}
	// «فرم ۸۸ رو ببند ظرفیت پر شد»: after an imperative («ببند»,
	// «بردار») the verb phrase is over; what follows starts anew.
	if i > 0 && !c[i-1].quoted && strings.HasPrefix(c[i-1].m, "ب") && utf8.RuneCountInString(c[i-1].m) >= 3 {
		return false
	}
	if lightVerbSet[t.m] || isAny(t.m, pastLightVerbs...) || isAny(t.m, functionWords...) || negativeVerbs[t.m] ||
		c.createVerbAt(i) || c.atAny(i, formNounsV) > 0 || c.atAny(i, formKindsV) > 0 || fillers[t.m] || titleEnders[t.m] {
		return false
	}
	if isAny(t.m, "تهیه", "تکراری", "دیگر", "دیگه", "جدید", "بگیر", "بگیرید", "بگیرین", "بگیری", "بزن", "بزنید", "بزنین", "بزنی", "سازی", "بشه", "بشود", "گردد", "شود", "نمایید", "نما", "کنید", "the", "all", "of", "this", "that", "it", "form", "forms", "question", "nevermind", "now", "please") {
		return false
	}
	if c.atAny(i, pasteWordsV) > 0 {
		return false // «کپی پیست کن»: copied and pasted is one copy
	}
	// A Persian verb or its infinitive («کنیم», «کردن») is no noun.
	return !strings.HasPrefix(t.m, "کن") && !strings.HasPrefix(t.m, "بکن") && !strings.HasPrefix(t.m, "نک") && !strings.HasPrefix(t.m, "کرد")
}

// reportedAt reports a past light verb at i: «حذف شد», «کپی کردم».
func (c clause) reportedAt(i int) bool {
	return i < len(c) && !c[i].quoted && isAny(c[i].m, pastLightVerbs...)
}

// formActs emits the v2 steps on whole forms and on one question:
// delete_form, duplicate_form, update_field, delete_field, move_field.
// The form this plan creates can have its questions edited (it has no
// id, and its questions are known) but is not deleted or copied.
func (b *builder) formActs(f *frame, ids []int64, created bool) {
	if created && (f.deleteForm || f.duplicate) {
		b.refuse(domain.T("a form created in this command cannot be deleted or copied in the same command"))
		return
	}
	if f.edit != nil {
		b.editField(f.edit, ids, created)
		return
	}
	for _, id := range ids {
		switch {
		case f.deleteForm:
			b.steps = append(b.steps, domain.PlanStep{Action: domain.ActionDeleteForm, Params: domain.StepParams{ID: domain.Int64(id)}})
			if b.deleted == nil {
				b.deleted = map[int64]bool{}
			}
			b.deleted[id] = true
		case f.duplicate:
			// «دو تا کپی از فرم ۷ بگیر»: as many copies as counted.
			for n := 0; n < max(f.copyCount, 1); n++ {
				b.steps = append(b.steps, domain.PlanStep{Action: domain.ActionDuplicateForm, Params: domain.StepParams{ID: domain.Int64(id), Title: strings.TrimSpace(f.title)}})
			}
		}
	}
}

// needsV2 reports a plan that says what only v2 can: a v1 plan never
// holds it.
func needsV2(p *domain.Plan) bool {
	for _, st := range p.Steps {
		switch st.Action {
		case domain.ActionCreateForm, domain.ActionAddField, domain.ActionUpdateFormTitle, domain.ActionPublishForm,
			domain.ActionDraftForm, domain.ActionOpenBuilder, domain.ActionOpenEditor, domain.ActionOpenResults:
		default:
			return true
		}
		q := st.Params
		if len(q.Options) > 0 || q.Format != "" || q.To != nil || q.Optional || q.Type != "" && !isAny(q.Type, domain.PlanFieldTypes...) {
			return true
		}
		if st.Action != domain.ActionCreateForm && st.Action != domain.ActionAddField && q.ID == nil {
			return true
		}
	}
	return false
}

// asksLeave reports a command that asks whether the speaker should do
// something — «اسمشو عوض کنم؟», «فرم ۳ رو منتشر کنیم؟» — a question in
// the first person, which asks for advice and orders nothing. A request
// asked of the listener («میشه منتشرش کنی؟») is still one.
func asksLeave(toks []token) bool {
	n := len(toks)
	for n > 0 && toks[n-1].punct && isAny(toks[n-1].m, "?", "؟", "!") {
		n--
	}
	if n == len(toks) || n == 0 || toks[n-1].quoted {
		return false
	}
	// «… منتشر کنیم یا نه؟»: the alternative said after the verb.
	if n > 2 && isAny(toks[n-2].m, "یا", "or") && isAny(toks[n-1].m, "نه", "خیر", "not", "no") {
		n -= 2
	}
	return isAny(toks[n-1].m, firstPersonVerbs...)
}

// describesForm reports a clause that names a form (or a kind of one)
// and the questions it asks, with no id: «فرمی لازم دارم که …».
func (c clause) describesForm(used []bool) bool {
	list := false
	for _, t := range c {
		if t.list != nil && !t.list.options && t.list.named {
			list = true
		}
	}
	return list && (c.hasUnused(used, formNounsV) || c.hasUnused(used, formKindsV) || c.hasNewForm())
}

// namesCopy gives a title to the copy the plan's last step makes, when
// it has none yet, and reports whether it did.
func (b *builder) namesCopy(title string) bool {
	n := len(b.steps)
	if n == 0 || b.steps[n-1].Action != domain.ActionDuplicateForm || b.steps[n-1].Params.Title != "" {
		return false
	}
	b.steps[n-1].Params.Title = strings.TrimSpace(title)
	return true
}

// copiesFrom reads «از روی فرم ۳ یه فرم جدید بساز», «یه فرم مثل فرم ۳
// بساز»: a form made from another one, or like it, is its copy.
func (c clause) copiesFrom(f *frame, used []bool) {
	if len(f.ids) != 1 || c.hasQuestionNoun() || c.hasQuestionList() || !c.hasCreateVerb(used) || c.hasUnused(used, resultsWordsV) {
		return
	}
	// What is made must be a form: «یه فرم جدید», a kind of form, or a
	// second «فرم»; «از فرم ۲ یه خروجی بساز» makes something else.
	forms := 0
	for i := range c {
		if c.atAny(i, formNounsV) > 0 || c.atAny(i, formKindsV) > 0 {
			forms++
		}
	}
	if forms < 2 && !c.hasNewForm() {
		return
	}
	for i := 0; i+1 < len(c); i++ {
		// «یه فرم مثل فرم ۳ بساز»: a form like another is its copy too.
		if c[i].quoted || c[i].m != "از" && c.atAny(i, likeWordsV) == 0 {
			continue
		}
		j := i + 1
		if isAny(c[j].m, "روی", "رو") {
			j++
		}
		if c.atAny(j, formNounsV) > 0 {
			f.duplicate = true
			return
		}
	}
}

// copyAsObject reports «کپی‌شو منتشر کن», «کپی‌اش رو پیش‌نویس کن»,
// «publish the copy»: a copy — the noun, with its pronoun or object
// marker — that another act is done to, not a verb of copying.
func (c clause) copyAsObject() bool {
	for i, t := range c {
		if t.quoted || t.m == "" || t.m[0] != 'c' && (t.m[0] < 0xD8 || t.m[0] > 0xDA) {
			continue // «کپی», «نسخه», «رونوشت» and «copy» only: Arabic-block letters or a «c»
		}
		j := -1
		switch {
		case isAny(t.m, "کپیه", "کپیهرو") || t.m == "کپی" && t.pron:
			j = i + 1
		case isAny(t.m, "کپی", "نسخه") && i+1 < len(c) && isAny(c[i+1].m, "ش", "شو", "اش", "اشو", "شرو"),
			isAny(t.m, "کپی", "رونوشت") && i+1 < len(c) && isAny(c[i+1].m, "آن", "اون", "این", "it"):
			j = i + 2 // «کپی شو», «کپی آن»
		case t.m == "copy" && i > 0 && isAny(c[i-1].m, "the", "its", "that"):
			// «publish the copy»: in English the act comes first.
			for k := 0; k < i-1; k++ {
				if !c[k].quoted && c.actsOnAForm(k) {
					return true
				}
			}
			j = i + 1
		}
		if j < 0 {
			continue
		}
		for j < len(c) && !c[j].quoted && isAny(c[j].m, "را", "رو", "هم", "رم", "to") {
			j++
		}
		if j < len(c) && !c[j].quoted && c.actsOnAForm(j) {
			return true
		}
	}
	return false
}

// actsOnAForm reports a word at i that publishes, unpublishes, closes
// or deletes a form.
func (c clause) actsOnAForm(i int) bool {
	return c.atAny(i, publishWordsV) > 0 || c.atAny(i, draftWordsV) > 0 || c.atAny(i, disableWordsV) > 0 || c.atAny(i, deleteWordsV) > 0
}

// copyOfFormActedOn reports «کپی فرم ۲۳ رو پاک کن», «رونوشت فرم ۲۳ را
// منتشر کنید»: the copy of a form named by its number, said as a noun,
// the object of another act on a form.
func (c clause) copyOfFormActedOn() bool {
	for i, t := range c {
		if t.quoted || !isAny(t.m, "کپی", "رونوشت", "copy") || i+1 >= len(c) {
			continue
		}
		n := c.formNamedAt(i + 1)
		if n == 0 {
			continue
		}
		j := i + 1 + n
		for j < len(c) && !c[j].quoted && isAny(c[j].m, "را", "رو", "هم", "رم", "to") {
			j++
		}
		if j < len(c) && !c[j].quoted && c.actsOnAForm(j) {
			return true
		}
	}
	return false
}

// actsOnCopy refuses a clause that acts on the copy an earlier clause
// makes: «از فرم ۴ کپی بگیر و کپیه رو منتشر کن», «نسخه‌ای تهیه و همان
// نسخه منتشر شود». The copy has no id a plan can name.
func actsOnCopy(fs []*frame) {
	copied, itIsCopy := false, false
	var last *frame
	for _, f := range fs {
		if (f.duplicate || f.rename) && last != nil && len(f.ids) == 0 && f.title != "" && last.title == "" && (f.toks.has(nameNounsV) || f.toks.has(callV)) {
			// «فرم ۱۰ را کپی کن و اسم کپی را بذار «…»», «duplicate form 9
			// and name it «…»», «… تکثیر و نسخه جدید «…» نامیده شود»:
			// the name is the copy's, made once.
			last.title, f.duplicate, f.rename, f.title = f.title, false, false, ""
			continue
		}
		if last != nil && !f.hasIntent() && len(f.ids) == 0 && last.title == "" && len(f.leftQuotes) == 1 && (f.toks.has(nameNounsV) || f.toks.has(callV)) {
			// «duplicate form 9 and name it «…»», «… and call it «…»».
			last.title, f.leftQuotes = f.leftQuotes[0], nil
			continue
		}
		if f.duplicate && !f.negated && f.toks.copyOfFormActedOn() {
			// «کپی فرم ۲۳ رو پاک کن»: the copy of form 23 is what is
			// deleted; it has no id, and form 23 is not the one meant.
			f.duplicate, f.publish, f.draft, f.disable, f.deleteForm, f.edit, f.add, f.rename = false, false, false, false, false, nil, false, false
			f.refusal = domain.T("the copy has no id yet, so a plan cannot act on it; make the copy, then give its number")
			continue
		}
		if f.duplicate && !(copied && f.copyIsObject()) {
			copied, last, itIsCopy = true, f, true
			continue
		}
		if f.duplicate {
			// «… duplicate کن و copy‌ش رو publish کن»: the copy is what
			// the second order acts on, not a second copy.
			f.duplicate = false
		}
		if !copied && !f.negated && f.toks.copyAsObject() {
			// «یه فرم بساز «سفارش»، بعد کپی‌شو منتشر کن»: its copy, a form
			// no order here makes, has no id either.
			f.publish, f.draft, f.disable, f.deleteForm, f.edit, f.add, f.rename = false, false, false, false, nil, false, false
			f.refusal = domain.T("the copy has no id yet, so a plan cannot act on it; make the copy, then give its number")
			continue
		}
		if !copied || f.negated {
			continue
		}
		named := f.toks.namesFormByNumber()
		if named && !f.duplicate {
			itIsCopy = false // «… بعد اسم فرم ۹ رو بذار «…» و غیرفعالش کن»
		}
		if itIsCopy && (f.publish || f.draft || f.disable || f.deleteForm || f.edit != nil) && !named && f.toks.refersByPronoun() {
			// «فرم ۵ رو کپی کن، بعد منتشرش کن», «… بعد سوال سومش رو پاک
			// کن»: «it» after a copy may be the copy, which has no id; the
			// form copied is acted on only when named again.
			f.publish, f.draft, f.disable, f.deleteForm, f.edit, f.add, f.rename = false, false, false, false, nil, false, false
			f.refusal = domain.T("«it» after a copy may be the copy, which has no id yet; name the form by its number, or make the copy first and then give its number")
			continue
		}
		if itIsCopy && (f.publish || f.draft || f.disable || f.deleteForm || f.edit != nil) && f.toks.objectUnsaid() {
			// «فرم ۵ رو کپی کن و منتشر کن»: the object left unsaid after
			// a copy is the copy (enumerated.go).
			f.publish, f.draft, f.disable, f.deleteForm, f.edit, f.add, f.rename = false, false, false, false, nil, false, false
			f.refusal = domain.T("the copy has no id yet, so a plan cannot act on it; make the copy, then give its number")
			continue
		}
		c := f.toks
		for i, t := range c {
			if t.quoted || !(c.atAny(i, copyV2) > 0 || isAny(t.m, "کپیه", "کپیش", "نسخهه", "کپیشو", "copy")) {
				continue
			}
			if i+1 < len(c) && isAny(c[i+1].m, "اصلی", "قبلی", "قدیمی", "original") {
				continue // «نسخه اصلی»: the form copied, which has its id
			}
			f.publish, f.draft, f.disable, f.deleteForm, f.edit, f.add, f.rename = false, false, false, false, nil, false, false
			f.refusal = domain.T("the copy has no id yet, so a plan cannot act on it; make the copy, then give its number")
			break
		}
	}
}

// namesFormByNumber reports a form noun with its number in the clause:
// «فرم ۵», "form 5".
func (c clause) namesFormByNumber() bool {
	for i := range c {
		if n := c.atAny(i, formNounsV); n > 0 && !c[i].quoted && i+n < len(c) && c[i+n].isNum {
			return true
		}
	}
	return false
}

// refersByPronoun reports a pronoun in the clause that may stand for a
// form: the suffix «ـش» («منتشرش», «سومش»), «آن», «اون», "it", "its".
func (c clause) refersByPronoun() bool {
	for _, t := range c {
		if !t.quoted && (t.pron || isAny(t.m, "آن", "اون", "آنرا", "اونو", "it", "its", "این", "همین", "همون", "همان")) {
			return true
		}
		// «پیش نویسش»: a compound typed apart, its suffix on the half.
		if !t.quoted && strings.Contains(t.s, " ") && strings.HasSuffix(strings.ReplaceAll(matchForm(t.s), " ", ""), t.m+"ش") {
			return true
		}
	}
	return false
}

// callV names a thing: «call it …», and in formal Persian «… «…» نامیده
// شود», «آن را «…» بنامید».
var callV = newVocab("call", "called", "title", "نامیده", "بنام", "بنامید", "بنامش", "بنامیدش")

// copyIsObject reports a clause whose word for a copy is the object of
// another act: it carries a pronoun or the object marker («copy‌ش رو
// publish کن», «کپی رو منتشر کن»), and the clause publishes, hides,
// closes, deletes or edits.
func (f *frame) copyIsObject() bool {
	c := f.toks
	if !(c.has(publishWordsV) || c.has(draftWordsV) || c.has(deleteWordsV) || c.has(renameVerbsV)) {
		return false
	}
	for i, t := range c {
		if t.quoted || !(c.atAny(i, copyV2) > 0 || isAny(t.m, "کپیه", "کپیش", "نسخهه", "کپیشو", "copy")) {
			continue
		}
		if t.pron || i+1 < len(c) && isAny(c[i+1].m, "را", "رو") {
			return true
		}
		// «نسخه جدید رو publish کن»: a word describing the copy between it
		// and its object marker.
		if i+2 < len(c) && !c[i+1].isNum && !c[i+1].quoted && !c[i+1].punct && isAny(c[i+2].m, "را", "رو") {
			return true
		}
	}
	return false
}

// stopsAnswers finds the word that stops a form taking answers, said
// with the taking: «دریافت پاسخ … متوقف/قطع شود», «پاسخ‌گیری بسته شود».
func (c clause) stopsAnswers(used []bool) int {
	// «فرم ۶۱ دیگه رزومه نگیره», «دیگر ثبت‌نام نپذیرد»: no more of what
	// the form takes in, whatever it is called.
	for i, t := range c {
		if t.quoted || !isAny(t.m, "دیگه", "دیگر", "anymore") {
			continue
		}
		for k := i + 1; k < len(c) && k <= i+3; k++ {
			if !used[k] && !c[k].quoted && isAny(c[k].m, refuseTakingVerbs...) {
				return k
			}
		}
	}
	taking := false
	for _, t := range c {
		if !t.quoted && isAny(t.m, "دریافت", "پاسخگیری", "جوابگیری", "گرفتن", "قبول") {
			taking = true
		}
	}
	if !taking {
		return -1
	}
	for i, t := range c {
		if !used[i] && !t.quoted && isAny(t.m, "متوقف", "توقف", "قطع", "بسته", "stop", "stopped") {
			return i
		}
	}
	return -1
}

// siteWordsV name the site a form is published on.
// siteWordsV name where the public sees a form: removed from there
// («از سایت برش دار», «از دید مردم بردارید»), the form is taken off the
// site and kept.
var siteWordsV = newVocab("سایت", "وبسایت", "site", "website", "از دید", "از دیده", "از معرض دید", "از دسترس", "public view", "from view", "from the public")

// formParts name a part of a form that a command may speak of: its
// title, description, logo, looks, link.
// partTimeAdjectives say which of a part's states is meant: its old,
// present or new one.
// partTimeAdjectives say when a part of a form was what it is: the
// standing adjectives and «جدید/تازه».
var partTimeAdjectives = append([]string{"جدید", "تازه"}, standingAdjectives...)

var formParts = []string{"عنوان", "اسم", "نام", "تیتر", "title", "name", "توضیحات", "توضیح", "description", "لوگو", "logo", "متن", "text",
	"رنگ", "color", "colour", "عکس", "تصویر", "image", "لینک", "link", "پیوند", "آدرس", "address", "url", "تنظیمات", "settings",
	"سربرگ", "header", "پاورقی", "footer", "تم", "theme", "فونت", "font", "ظاهر", "زمینه", "background", "پیام", "message",
	// «نسخه دوم فرم ۲۳»: a copy or version of the form, another form
	// whose number is not said.
	"نسخه", "version"}

// partOfForm returns the part of a form the form noun stands in ezafe
// to, or after «of»: «عنوان فرم ۳», «the title of form 3» — the part is
// the object, not the form. "" when the form itself is the object.
func (c clause) partOfForm() string {
	for p := range c {
		if c.atAny(p, formNounsV) == 0 || p == 0 {
			continue
		}
		k := p - 1
		if isAny(c[k].m, "of") && k > 0 {
			k--
		}
		// «اسم قدیمی فرم ۲۷», «عنوان فعلی فرم ۳»: an adjective of when
		// stands between the part and the form.
		if k > 0 && !c[k].quoted && isAny(c[k].m, partTimeAdjectives...) {
			k--
		}
		if !c[k].quoted && (isAny(c[k].m, formParts...) || earPart(c[k].m, formPartKeys)) {
			return c[k].s
		}
		// «اسم X فرم ۵ رو پاک کن», «اسم خیلی قدیمی فرم ۵»: a part named up
		// to three words before the form, with only its modifiers between
		// (no verb, object marker, «و», number or noun of a form or a
		// question), is still what is deleted.
		for j := k - 1; j >= 0 && j >= k-3; j-- {
			b := c[j+1]
			if b.quoted || b.punct || b.isNum || b.qnoun || isAny(b.m, "را", "رو", "و", "and", "then") || lightVerbSet[b.m] || negativeVerbs[b.m] ||
				c.atAny(j+1, formNounsV) > 0 || c.atAny(j+1, actionWordsV) > 0 || c.atAny(j+1, deleteWordsV) > 0 || c.atAny(j+1, disableWordsV) > 0 {
				break
			}
			if !c[j].quoted && (isAny(c[j].m, formParts...) || earPart(c[j].m, formPartKeys)) {
				return c[j].s
			}
		}
		// «کد ملی فرم ۳ رو پاک کن», «ایمیل فرم ۳»: a question's subject
		// in ezafe with the form is what is deleted — a question, never
		// the form.
		for j := max(k-2, 0); j <= k; j++ {
			if l := labelAt(c, j); l != nil && j+l.n == k+1 {
				return surfaceOf(c[j : k+1])
			}
		}
		// «لوگوی فرم ۳ رو حذف کن»: a word not understood, with the ezafe
		// written on it, is something of the form's and may be what is
		// meant; the form is not deleted, closed or unpublished on a guess.
		if isWord(c[k]) && !c[k].quoted && !accounted(c[k]) && !c[k].isNum && (strings.HasSuffix(c[k].s, "ی") || strings.HasSuffix(c[k].s, "ۀ")) && utf8.RuneCountInString(c[k].s) > 2 {
			return c[k].s
		}
	}
	return ""
}

// waitsAt returns how many words before n say to wait — «صبر کن»,
// «وایسا», «دست نگه دار», "wait", "hold on" — or 0.
func waitsAt(toks []token, n int) int {
	if n < 1 || toks[n-1].quoted {
		return 0
	}
	last := toks[n-1].m
	switch {
	case isAny(last, "وایسا", "وایستا", "وایسید", "وایستید", "wait"):
		return 1
	case n >= 2 && !toks[n-2].quoted && (toks[n-2].m == "صبر" && isAny(last, "کن", "کنید", "کنین", "بکن") || toks[n-2].m == "hold" && last == "on"):
		return 2
	case n >= 3 && !toks[n-3].quoted && toks[n-3].m == "دست" && toks[n-2].m == "نگه" && isAny(last, "دار", "دارید", "دارین"):
		return 3
	}
	return 0
}

// keepWords say a form stays as it is: «بذار بمونه», «نگهش دار».
var keepWords = []string{"بذار", "بزار", "بگذار", "بمونه", "بماند", "بمونن", "بمانند", "باشه", "بمونه", "نگهش", "نگه", "دار", "دارید", "let", "it", "be", "stay", "keep"}

// undecided reports a command that takes its order back at its end:
// «… پاکش کن ولی فعلا نه» (but not now), «… پاک کن یا نه بذار بمونه»
// (or no, let it stay), «… but not yet». Nothing is ordered.
func undecided(toks []token) bool {
	n := len(toks)
	for n > 0 && toks[n-1].punct {
		n--
	}
	if n < 2 || toks[n-1].quoted {
		return false
	}
	// «… یا نه بذار بمونه»: the alternative is to keep it.
	for i := 0; i+1 < n; i++ {
		if toks[i].quoted || !isAny(toks[i].m, "یا", "or") || !isAny(toks[i+1].m, "نه", "not", "no") {
			continue
		}
		rest := true
		for _, t := range toks[i+2 : n] {
			rest = rest && !t.quoted && (t.punct || isAny(t.m, keepWords...))
		}
		if rest && i+2 < n {
			return true
		}
	}
	// «… پاک کن، نه صبر کن», «… delete it, no, wait»: told to wait
	// after the order, with nothing after: the order is held back.
	if w := waitsAt(toks, n); w > 0 && w < n {
		return true
	}
	// «… ولی فعلا نه», «… but not now», «… but not yet».
	timeWord := func(t token) bool {
		return !t.quoted && (t.punct || isAny(t.m, "فعلا", "فعلاً", "الان", "حالا", "هنوز", "امروز", "now", "yet", "today"))
	}
	k := n - 1
	for k >= 0 && timeWord(toks[k]) {
		k--
	}
	if k < 1 || toks[k].quoted || !isAny(toks[k].m, "نه", "not", "no") {
		return false
	}
	k--
	for k >= 0 && timeWord(toks[k]) {
		k--
	}
	return k >= 0 && !toks[k].quoted && isAny(toks[k].m, "ولی", "اما", "but")
}

// desireWords turn the speaker's own verb into a request: «میخوام فرم
// ۶ رو پاک کنم» asks for it.
var desireWords = []string{"میخوام", "میخواهم", "مخام", "مخوام", "میخوایم", "میخواهیم", "میخواستم", "میخواستیم", "قصد", "خواهشمندم", "خواستم", "لطفا", "لطفاً", "میشه", "میتونم", "میتونیم"}

// selfDestroys reports a destructive order said with the speaker's own
// verb and no wish around it, its question mark left off: «فرم ۶ رو پاک
// کنم», «باید فرم ۷ رو غیرفعال کنم» — a question or a note to self,
// never an order to destroy.
func selfDestroys(toks []token) bool {
	n := len(toks)
	for n > 0 && toks[n-1].punct {
		n--
	}
	if n == 0 || toks[n-1].quoted || !isAny(toks[n-1].m, firstPersonVerbs...) {
		return false
	}
	c := clause(toks[:n])
	destroys := false
	for i, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, desireWords...) {
			return false
		}
		if destroys && isAny(t.m, "تا", "که", "so", "to") {
			// «فرم ۳۰ رو برگردون پیش‌نویس تا قیمتا رو درست کنم»: the
			// speaker's verb is the purpose's, after the order.
			return false
		}
		destroys = destroys || c.atAny(i, deleteWordsV) > 0 || c.atAny(i, disableWordsV) > 0 || c.atAny(i, draftWordsV) > 0 || c.atAny(i, unpublishV) > 0
	}
	return destroys
}
