package persian

import (
	"strings"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// hasCreateVerb reports an unused create verb, inflected or not.
func (c clause) hasCreateVerb(used []bool) bool {
	for i := range c {
		if !used[i] && c.createVerbAt(i) {
			return true
		}
	}
	return false
}

// createVerbAt reports a create verb at i: a stem or its inflection, or
// the compound «راه بنداز» (launch), its two words typed apart.
func (c clause) createVerbAt(i int) bool {
	t := c[i]
	if t.quoted || t.punct {
		return false
	}
	if t.m == "make" && i+1 < len(c) && (isAny(c[i+1].m, "it", "them", "this", "that", "sure", "question") || c[i+1].qnoun ||
		isAny(c[i+1].m, requiredWords...) || isAny(c[i+1].m, optionalWords...)) {
		return false // «make it optional»: make is "set" here, nothing is made
	}
	if t.pron && isAny(t.m, "درست", "صحیح") {
		// «درستش «…»ه», «درستش کن»: its right form, or fix it — the
		// thing named is changed, nothing is made.
		return false
	}
	if c.validAt(i) && c.formatNameBefore(i) {
		// «فقط کد ملی درست قبول کنه»: a well-formed national code.
		return false
	}
	if r, _ := utf8.DecodeRuneInString(t.m); createStemStarts.mayHave(r) {
		for _, st := range createStems {
			if st.matches(t.m) {
				return true
			}
		}
	}
	// The bare stem «ساخت» is the verbal noun only when it heads its
	// object, «ساخت فرم جدید»; at the end of a clause it is the past
	// tense (who made it), and as a prefix it starts other words
	// (ساختار، ساختمان).
	if t.m == "ساخت" && i+1 < len(c) {
		if i > 0 && isAny(c[i-1].m, "صفحه", "صفحهی", "بخش", "قسمت") {
			return false // «صفحه ساخت فرم»: the builder's page, nothing made
		}
		j := i + 1
		if isAny(c[j].m, "یک", "یه") {
			j++
		}
		return c.atAny(j, formNounsV) > 0 || c.atAny(j, formKindsV) > 0
	}
	if t.m == "راه" && i+1 < len(c) && !c[i+1].quoted {
		nx := c[i+1].m
		return strings.HasPrefix(nx, "بنداز") || strings.HasPrefix(nx, "بینداز") || strings.HasPrefix(nx, "بیانداز") || strings.HasPrefix(nx, "اندازی")
	}
	return false
}

// hasNewForm spots «فرم جدید», «یه فرم تازه», «new form».
func (c clause) hasNewForm() bool {
	return c.has(newFormV)
}

// leavesDraft reports «از (حالت) پیش‌نویس خارج کن/دربیار»: taking a form
// out of draft publishes it.
func (c clause) leavesDraft(used []bool) bool {
	for i := 0; i+1 < len(c); i++ {
		if c[i].quoted || c[i].m != "از" {
			continue
		}
		j := i + 1
		if isAny(c[j].m, "حالت", "وضعیت") {
			j++
		}
		n := c.atAny(j, draftWordsV)
		if n == 0 {
			// «از حالت غیرفعال خارج کن»: out of being closed is open.
			n = c.atAny(j, disableWordsV)
		}
		if n == 0 || used[j] {
			continue
		}
		for k := j + n; k < len(c) && k <= j+n+1; k++ {
			if !c[k].quoted && (isAny(c[k].m, outVerbs...) || c[k].m == "در" && k+1 < len(c) && isAny(c[k+1].m, "بیار", "بیارید", "بیارین", "آر", "آور", "بیاورید")) {
				return true // «از پیش‌نویس خارج کن», «از پیش نویس در بیار»
			}
		}
	}
	return false
}

// giveVerbsV give something to a form: «یه سوال به فرم ۶۲ بده».
var giveVerbsV = newVocab("بده", "بدید", "بدین", "بدهید", "give")

// readIntents reads what the clause asks to do to forms: make one (or
// several), add questions, publish or draft. Making a form wins over the
// others: its own questions go with it, and it cannot be renamed,
// published or drafted before it exists.
func (c clause) readIntents(f *frame, used []bool, newForm, madeAlready bool) {
	hasCreateVerb := c.hasCreateVerb(used)
	switch {
	case hasCreateVerb && (newForm || c.hasUnused(used, formNounsV) || f.title != "" || c.hasUnused(used, formKindsV)):
		f.create = true
	case newForm && !madeAlready && !c.hasUnused(used, publishWordsV) && !c.hasUnused(used, draftWordsV):
		f.create = true
	}
	// With questions and no form to make, a create verb makes the
	// questions: «به فرم ۴ یه سوال کوتاه تعریف کن».
	// «یه سوال … به فرم ۶۲ بده»: a question given to a form is added.
	gives := len(f.groups) > 0 && len(f.ids) > 0 && c.countedQuestion() && c.hasUnused(used, giveVerbsV)
	if c.hasUnused(used, addVerbsV) || (len(f.groups) > 0 && (c.hasUnused(used, placeVerbsV) || hasCreateVerb)) || gives {
		f.add = true
	}
	if f.create && len(f.groups) > 0 {
		f.add = false // the create step carries them
	}
	if f.create {
		c.readCreateCount(f, used)
	}
	c.readState(f, used)
	if f.create && f.createCount > 1 {
		c.readTitleList(f, used)
	}
	if f.create {
		f.rename = false
	}
}

// readCreateCount reads how many forms to make: «سه فرم», «دو تا فرم».
func (c clause) readCreateCount(f *frame, used []bool) {
	for i := 0; i+1 < len(c); i++ {
		k := i + 1
		if c[k].m == "تا" && k+1 < len(c) {
			k++
		}
		// «50 new forms», «three blank surveys»: English adjectives come
		// between the count and the noun.
		for k+1 < len(c) && isAny(c[k].m, "new", "blank", "empty", "more", "separate", "different", "identical") {
			k++
		}
		if c[i].isNum && !used[i] && c[i].num > 1 && (isAny(c[k].m, "فرم", "form", "forms", "فرمها") || c.atAny(k, formKindsV) > 0) {
			f.createCount = c[i].num
			used[i] = true
			return
		}
	}
}

// readState reads publishing and drafting. Words that take a form out
// of publication («از انتشار خارج کن», «منتشر نباشه») draft it, and
// taking it out of draft publishes it.
func (c clause) readState(f *frame, used []bool) {
	if !f.create && c.hasUnused(used, publishWordsV) {
		f.publish = true
	}
	if !f.create && c.reopens(used) {
		// «… ببند بعد دوباره بازش کن», «open it again»: a form opened
		// again takes answers again, which is publishing it (RULINGS 5).
		f.publish = true
	}
	if !f.create && c.madeAvailable() {
		// «فرم ۴۱ رو در دسترس بچه‌ها قرار بدید»: put where people reach
		// it is published. (That it stays so, «در دسترس باشد», is no
		// order.)
		f.publish = true
	}
	unpublish := c.hasUnused(used, publishStemV) && (c.hasUnused(used, unpublishV) || c.unpublishedState())
	if !f.create && (c.hasUnused(used, draftWordsV) || unpublish) {
		f.draft = true
		f.publish = false
	}
	if !f.create && !unpublish && c.leavesDraft(used) {
		f.draft, f.publish = false, true
	}
	if !f.draft && c.inactiveState() {
		// «فرم ۲۳ دیگه فعال نباشه»: a form not active is a form closed
		// («غیرفعال», RULINGS 5), not one published; a new form not
		// active is left as it is made, a draft.
		f.disable, f.publish = !f.create, false
	}
}

// inactiveState reports «فعال نباشه», «active نباشه»: the form is to be
// not active. «غیر فعال نباشه», the closing denied, is not.
func (c clause) inactiveState() bool {
	for i := 1; i < len(c); i++ {
		if c[i].quoted || !isAny(c[i].m, negativeCopulas...) || c[i-1].quoted || !isAny(c[i-1].m, "فعال", "active", "اکتیو", "enabled", "enable") {
			continue
		}
		if i >= 2 && !c[i-2].quoted && isAny(c[i-2].m, "غیر", "de", "in") {
			continue
		}
		return true
	}
	return false
}

// reopens reports «باز» (open) said with «دوباره», «مجدداً», «again»,
// and marks it used: the form is opened again to answers, not a page.
func (c clause) reopens(used []bool) bool {
	again := false
	for i := range c {
		again = again || !c[i].quoted && isAny(c[i].m, "دوباره", "مجددا", "مجدداً", "again")
	}
	if !again {
		return false
	}
	for i := range c {
		if !used[i] && !c[i].quoted && isAny(c[i].m, "باز", "open", "reopen") {
			used[i] = true
			return true
		}
	}
	return false
}

// madeAvailable reports «در دسترس … قرار بده/بدهید/گیرد».
func (c clause) madeAvailable() bool {
	for i := 0; i+1 < len(c); i++ {
		if c[i].quoted || c[i].m != "در" || c[i+1].m != "دسترس" {
			continue
		}
		for k := i + 2; k < len(c) && k <= i+5; k++ {
			if !c[k].quoted && c[k].m == "قرار" {
				return true
			}
		}
	}
	return false
}

// readTitleList reads the names of several forms made at once: «دو فرم
// بساز: الف و ب», «دو فرم به اسم «الف» و «ب»»: the names of the others
// follow the first.
func (c clause) readTitleList(f *frame, used []bool) {
	f.titleList = f.title != ""
	if f.createCount > 1 && f.title != "" {
		// «دو تا فرم بساز یکی اسمش الف یکی ب»: «یکی» names each of them.
		for i := 0; i < len(c) && len(f.moreTitles)+1 < f.createCount; i++ {
			if used[i] || c[i].quoted || c[i].m != "یکی" && !c.spokenOrdinalAt(i) || i+1 >= len(c) || isAny(c[i+1].m, "از", "دیگه", "دیگر") {
				continue
			}
			j := i + 1
			marked := false // «دومی به اسم ب»: the title reading may have passed over it
			if n := c.atAny(j, titleMarkersV); n > 0 {
				j, marked = j+n, true
			} else if c.atAny(j, nameNounsV) > 0 && c[j].pron {
				j, marked = j+1, true
			}
			if j >= len(c) || used[j] && !marked {
				continue
			}
			end := j
			for end < len(c) && !c.isStop(end) && !(end > j && (c.atAny(end, actionWordsV) > 0 || isAny(c[end].m, quantifiers...) || strings.HasPrefix(c[end].m, "جفت") || strings.HasPrefix(c[end].m, "هردو"))) {
				end++
			}
			if c[j].quoted {
				end = j + 1
			}
			if end > j && corpusKey(surfaceOf(c[j:end])) != corpusKey(f.title) {
				used[i] = true
				f.moreTitles = append(f.moreTitles, surfaceOf(c[j:end]))
				markUsed(used, j, end)
				i = end - 1
			}
		}
	}
	for i, t := range c {
		if t.punct && t.m == ":" && i+1 < len(c) {
			f.titleList = true
			if f.title == "" {
				f.title, _ = c.span(i+1, used)
			}
			return
		}
	}
}

// readNavigation reads the page a clause opens: a numbered question to
// edit opens the editor, results or a form's page open theirs, and
// editing a form with no question named opens the builder.
func (c clause) readNavigation(f *frame, used []bool) {
	editQuestion := c.hasUnused(used, editV) && c.questionOrdinal() != nil && len(f.ids) > 0 && !f.rename
	if !f.create && !f.add && editQuestion {
		f.nav = domain.ActionOpenEditor
		f.position = c.questionOrdinal()
	}
	// «نتایج فرم ۵», said as a noun phrase like «انتشار فرم ۱۹», asks to see them.
	if !f.hasIntent() && len(f.ids) > 0 && c.hasUnused(used, resultsWordsV) {
		f.nav = domain.ActionOpenResults
	}
	// «فرم ۱۴ را ویرایش کن» with no question named edits the whole form.
	if !f.create && !f.add && !f.rename && !f.renamePending && !f.publish && !f.draft && f.nav == "" && len(f.ids) > 0 && c.hasUnused(used, editV) {
		f.nav = domain.ActionOpenBuilder
	}
	if !f.create && !f.add && f.nav == "" && c.opensPage(used) {
		switch {
		case c.hasUnused(used, resultsWordsV):
			f.nav = domain.ActionOpenResults
		case c.questionOrdinal() == nil && c.markUnused(used, builderWordsV):
			// «فرم ۴ را در فرم‌ساز باز کن»: the builder, named.
			f.nav = domain.ActionOpenBuilder
		case c.hasUnused(used, editorWordsV) || c.questionOrdinal() != nil:
			f.nav = domain.ActionOpenEditor
			if f.position == nil {
				f.position = c.questionOrdinal()
			}
		default:
			f.nav = domain.ActionOpenBuilder
		}
	}
}

// opensPage reports an unused word asking to see a page. «باز» is
// "open" only as a verb, with its light verb after it («بازش کن»);
// before anything else it is "again": «… که باز جواب بگیره».
func (c clause) opensPage(used []bool) bool {
	for i := 0; i < len(c); i++ {
		n := c.atAny(i, openWordsV)
		if n == 0 || used[i] || c[i].quoted {
			continue
		}
		if c[i].m == "باز" && n == 1 && i+1 < len(c) && !c[i+1].punct && !lightVerbSet[c[i+1].m] && !negativeVerbs[c[i+1].m] && !isAny(c[i+1].m, "بشه", "شود", "شه", "بشود", "کنید", "کنین", "بکن", "نما", "نمایید") {
			continue
		}
		return true
	}
	return false
}
