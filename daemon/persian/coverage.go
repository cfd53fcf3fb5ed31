package persian

import (
	"slices"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Coverage accounting: the reading marks the words it uses (used in
// readClause); a content word left over is named in a warning, so that
// no detail of a command vanishes unsaid. Words of the grammar (verbs,
// nouns, particles, politeness) are accounted for by being words of the
// lexicon; what is left is what the planner did not understand.

// account finds the clause's leftover words and refuses a destructive
// act that rests on a word read only by its sound.
func (c clause) account(f *frame, used []bool) {
	if f.rename && !f.create && actWordTitle(f.title) && !c.quotedText(f.title) {
		// «… اسم … به فرم ۱۲ اضافه کن» read as a naming: a verb of the
		// command is no form's name. The form is not renamed; the words
		// are named as not acted on.
		f.leftover = append(f.leftover, f.title)
		f.rename, f.title = false, ""
	}
	// «فرم ۲۰ رو تا اطلاع ثانوی ببند», «… به مدت دو هفته غیرفعال شود»:
	// how long a state lasts is carried by no plan; the state is, and
	// the duration is warned of.
	durLo, durHi := 0, 0
	if !f.negated && (f.disable || f.draft || f.publish) {
		if lo, hi := c.duration(); hi > lo {
			markUsed(used, lo, hi)
			f.duration = surfaceOf(c[lo:hi])
			durLo, durHi = lo, hi
		}
	}
	for i, t := range c {
		if !used[i] && t.quoted {
			f.leftQuotes = append(f.leftQuotes, t.s)
		}
		if t.list != nil && t.list.options {
			// Options read whole are carried by a step, or named too.
			f.leftQuotes = append(f.leftQuotes, listTexts(t.list)...)
		}
		if used[i] || t.punct || t.isNum || t.list != nil || t.quoted {
			continue
		}
		if accounted(t) || i > 0 && vocabWords[c[i-1].m+t.m] || i+1 < len(c) && vocabWords[t.m+c[i+1].m] {
			// «پیش نویس»: a word of the lexicon typed in two.
			continue
		}
		f.leftover = append(f.leftover, t.s)
	}
	if f.create && f.title == "" && len(f.leftover) > 0 {
		f.purpose = c.formPurpose(used)
		if f.purpose != "" {
			kept := f.leftover[:0]
			for _, w := range f.leftover {
				if !containsWord(f.purpose, w) {
					kept = append(kept, w)
				}
			}
			f.leftover = kept
		}
	}
	// «با فرمت X» with an X no format is named by: the format asked
	// for would vanish, so the clause gets no plan.
	for i, t := range c {
		if !used[i] && !t.quoted && isAny(t.m, formatWords...) && (len(f.groups) > 0 || f.edit != nil) && f.edit.formatless() && !f.groupsFormatted() {
			if name := c.formatNameAfter(i); name != "" && f.edit == nil && (f.dropped == "" || f.dropped == "the answer's length") && c.saysFieldType() {
				// «یه سوال کوتاه «شماره کارت» … فرمتش کارت بانکی باشه»:
				// the kind of answer was chosen in words, the format is a
				// detail of it; the question is added, the format named.
				f.dropped = "format:" + name
				kept := f.leftover[:0]
				for _, w := range f.leftover {
					if w != t.s && !containsWord(name, w) {
						kept = append(kept, w)
					}
				}
				f.leftover = kept
				continue
			}
			f.refusal = domain.T("the format asked for after «%s» is not one a plan can set (mobile, landline, national code, postal code, URL)", t.s)
			f.edit, f.groups, f.add = nil, nil, false
			return
		}
	}
	// A clause asks for something when it acts or has a verb of its own
	// («رنگش رو سبز کن»); a time is asked for wherever it is said («فرم
	// ۲ رو هفته | بعد منتشر کن»).
	acts := f.hasIntent() || f.edit != nil || f.disable || f.deleteForm || f.duplicate || c.has(renameVerbsV) || c.saysWhenOutside(durLo, durHi)
	if !f.negated && acts && len(f.groups) == 0 && c.saysUnique() {
		// «سوال ۲ فرم ۶ تکراری قبول نکنه»: uniqueness is all it asks,
		// and no plan carries it.
		f.detail = domain.T("a plan cannot make a question take each answer once")
		f.detailKind = "unique"
		return
	}
	if !f.negated && (f.deleteForm || f.disable || f.draft) && !f.publish {
		if w := c.afterPublishing(); w != "" {
			// «فرم ۵ رو بعد از انتشار پاک کن»: once it has been out, not
			// now — a form is never destroyed on an order for later.
			f.detail = domain.T("a plan acts now; it cannot wait for something to happen («%s»)", w)
			f.detailKind = "later"
			return
		}
	}
	if !f.negated && acts {
		if w := c.holidayTime(); w != "" {
			// «… بعد از یلدا دوباره publish کن», «تا عید …»: a feast
			// after a word of time is a date to act on.
			f.detail = domain.T("a plan acts now; it cannot wait for a time («%s»)", w)
			f.detailKind = "later"
			return
		}
		if w := c.stretchToAct(); w != "" {
			// «فرم ۲۳ رو دو روز قبل از اون ببندید», «یه روز قبلش»: a
			// stretch of time counted from something is when to act.
			f.detail = domain.T("a plan acts now; it cannot wait for a time («%s»)", w)
			f.detailKind = "later"
			return
		}
		if w := c.afterEvent(); w != "" {
			// «فرم ۱۱ رو بعد از تموم شدن ثبت نام ببند»: an order for
			// when something happens is an order for a later time.
			f.detail = domain.T("a plan acts now; it cannot wait for something to happen («%s»)", w)
			f.detailKind = "later"
			return
		}
	}
	if !f.negated && acts {
		for _, w := range f.leftover {
			m := matchForm(w)
			if std, _, ok := regionalWord(m); ok {
				m = matchForm(std) // «صبا»: Dari's tomorrow, a time
			} else if e, _, ok := earWord(m); ok && earHeard[e] {
				m = e // «فردآ»: the time spelt by ear (spelledbyear.go)
			}
			switch {
			case len(f.groups) > 0:
				// A clause that adds questions may hold their wordings
				// («دو سوال: رنگ، سایز»); its details are warned of.
				continue
			case isAny(m, timeWords...):
				f.detail = domain.T("a plan acts now; it cannot wait for a time («%s»)", w)
			case isAny(m, lookWords...):
				f.detail = domain.T("a plan cannot set how a form looks («%s»)", w)
			case isAny(m, helpWords...):
				f.detail = domain.T("a plan cannot set a question's help text or placeholder («%s»)", w)
			case isAny(m, limitWords...) && f.edit != nil:
				f.detail = domain.T("a plan cannot set a question's limits («%s»)", w)
			case m == "تکرار" && (f.edit != nil || f.toks.hasQuestionNoun()):
				f.detail = domain.T("questions have no copy action")
			default:
				continue
			}
			f.detailKind = m
			return
		}
	}
	if !f.hasIntent() && f.edit == nil && !f.deleteForm && !f.disable && !f.duplicate && c.saysDone() {
		// «I deleted form 3, now publish form 4», «فرم ۳ رو پاک کردم»:
		// the forms a report names are not the next order's.
		f.ids, f.bareIDs, f.refersBack = nil, nil, false
	}
	if (f.deleteForm || f.disable || f.draft || f.edit != nil && f.edit.del) && !f.negated && c.conditional() {
		// «اگه فرم ۳ جواب نداره پاکش کن», «delete form 3 if it has no
		// answers»: a plan cannot weigh the condition, and does not
		// destroy on it.
		f.deleteForm, f.disable, f.draft, f.edit = false, false, false, nil
		f.refusal = domain.T("the order depends on a condition a plan cannot check; check it, then give the order")
		return
	}
	if (f.deleteForm || f.disable || f.draft || f.edit != nil && f.edit.del) && !f.negated {
		if w := c.earNumber(); w != "" {
			// «فرم بیصت رو پاک کن», «صوال پنچم رو حزف کن»: a number
			// heard, not read, names nothing that is destroyed.
			f.deleteForm, f.disable, f.draft, f.edit = false, false, false, nil
			f.refusal = domain.T("«%s» was read as a number by its sound; a form or a question is deleted, closed or unpublished only when its number is written exactly", w)
			return
		}
		if f.edit != nil && f.edit.del {
			for i, t := range c {
				// «گزینه‌ی دوم سوال ۳ رو پاک کن», «سطر دوم سوال ۳ …»: a word
				// not understood with its own number or place may name
				// what is meant — a part of the question, not the question.
				if !used[i] && isWord(t) && !accounted(t) && i+1 < len(c) && (c[i+1].isNum && c[i+1].digits || c.placeAt(i+1)) {
					f.edit = nil
					f.refusal = domain.T("«%s %s» was not understood; the form is not changed on a guess", t.s, c[i+1].s)
					return
				}
			}
		}
		for _, w := range f.leftover {
			if earDenial(matchForm(w)) || earHedge(matchForm(w)) {
				// «فرم ۱۵ نمیخام پاک بشه», «اگرر فرم ۲۳ … پاکش کن»: an
				// unread word that may deny the act, make it a question,
				// a condition or a later time leaves nothing destroyed on
				// a guess.
				f.deleteForm, f.disable, f.draft, f.edit = false, false, false, nil
				f.refusal = domain.T("«%s» was not understood and may deny the act; nothing is deleted, closed or unpublished on a guess", w)
				return
			}
		}
	}
	if !(f.deleteForm || f.disable || f.draft) || f.negated {
		return
	}
	if f.edit == nil && (f.disable || f.draft) {
		if _, _, _, ok := c.questionRef(); ok {
			// «سوال ۳ فرم ۴ را مخفی/غیرفعال کن»: a question has no state
			// of its own; the form is not closed for it.
			f.disable, f.draft = false, false
			f.refusal = domain.T("a question cannot be hidden, closed or unpublished on its own; delete it, or name the form to close")
			return
		}
	}
	if w := c.hedge(); w != "" {
		// «فرم ۵ رو شاید پاک کنم»: an act only maybe wanted is not an
		// order to destroy.
		f.deleteForm, f.disable, f.draft = false, false, false
		f.refusal = domain.T("«%s»: the command is not sure; a form is deleted, closed or unpublished only when that is plainly asked", w)
		return
	}
	if part := c.partOfForm(); part != "" {
		// «کد ملی فرم ۳ رو غیرفعال کن», «لوگوی فرم ۳ رو از انتشار دربیار»:
		// what is meant is a part of the form, not the form.
		f.deleteForm, f.disable, f.draft = false, false, false
		f.refusal = domain.T("«%s» is part of the form; a form is deleted, closed or unpublished only when it is what is named", part)
		return
	}
	for _, w := range f.leftover {
		if !hasDigit(w) {
			continue
		}
		// «A3 فرم ۴ رو پاک کن»: a word not understood with a number in
		// it may name what is meant — a question, not the form.
		f.deleteForm, f.disable, f.draft = false, false, false
		f.refusal = domain.T("«%s» was not understood; the form is not changed on a guess", w)
		return
	}
	for i, t := range c {
		// «فرم ۲۰ رو حذف کن ۳۵», «فرم‌های ۲۰ الی ۳۵ …» with a joiner
		// not known: a number the reading did not use may name another
		// form or a question; the form is not destroyed on half a reading.
		if !used[i] && t.isNum && t.digits && !t.quoted {
			f.deleteForm, f.disable, f.draft = false, false, false
			f.refusal = domain.T("«%s» was not understood; the form is not changed on a guess", t.s)
			return
		}
	}
	for i, t := range c {
		// «فرم ۵ نفره رو پاک کن», «فرم ۵ تایی»: a number with a measure
		// after it counts something of the form (people, items, stars),
		// and is no id; the form is not changed on a guess.
		if n := c.atAny(i, formNounsV); n > 0 && !t.quoted && i+n+1 < len(c) && c[i+n].isNum && c[i+n].digits && !c[i+n].quoted {
			m := c[i+n+1]
			if !m.quoted && !m.punct && (isAny(m.m, measureWords...) || !accounted(m) && isWord(m) && (strings.HasSuffix(m.m, "ه") || strings.HasSuffix(m.m, "ی"))) {
				f.deleteForm, f.disable, f.draft = false, false, false
				f.refusal = domain.T("«%s %s» was not understood; the form is not changed on a guess", c[i+n].s, m.s)
				return
			}
		}
		// «فورم ۱۲ رو پاک کن»: a form is deleted, disabled or taken off
		// the site only when it is named in so many letters.
		if t.fuzzy && c.atAny(i, formNounsV) > 0 {
			f.deleteForm, f.disable, f.draft = false, false, false
			f.refusal = domain.T("«%s» was read as «فرم» by its sound; a form is deleted, closed or unpublished only when named exactly", t.s)
			return
		}
		// «ثوال ۷ فرم ۹۰ رو حذف کن», «qustion اولش رو پاک کن»: a word not
		// understood, with its own number or place, may name what is
		// meant — a question, not the form.
		if !used[i] && isWord(t) && !accounted(t) && i+1 < len(c) && (c[i+1].isNum && c[i+1].digits || c.placeAt(i+1)) {
			f.deleteForm, f.disable, f.draft = false, false, false
			f.refusal = domain.T("«%s %s» was not understood; the form is not changed on a guess", t.s, c[i+1].s)
			return
		}
	}
}

// actWordTitle reports a title that is one word of an act of the
// command («اضافه», «حذف», «منتشر»): no name a form is given.
func actWordTitle(title string) bool {
	m := matchForm(strings.TrimSpace(title))
	return m != "" && !strings.Contains(m, " ") && (isAny(m, addVerbs...) || isAny(m, publishWords...) || isAny(m, deleteWords...) || isAny(m, draftWords...) || isAny(m, disableWords...) || isAny(m, copyWords...) || isAny(m, createVerbs...))
}

// quotedText reports a quote of the clause whose text is s.
func (c clause) quotedText(s string) bool {
	for _, t := range c {
		if t.quoted && t.s == s {
			return true
		}
	}
	return false
}

// formPurpose returns what a form made with no title is for — «یه فرم
// برای ثبت‌نام کلاس یوگا بساز», «یه فرم ثبت‌نام کارگاه می‌خوام» — the
// unread words right after its noun (and «برای», «واسه», «جهت»), or "".
// It is not the form's name: the form is made untitled and the
// purpose is warned of.
func (c clause) formPurpose(used []bool) string {
	for i := range c {
		n := c.atAny(i, formNounsV)
		if n == 0 {
			n = c.atAny(i, formKindsV)
		}
		if n == 0 || c[i].quoted {
			continue
		}
		j := i + n
		if j < len(c) && !c[j].quoted && isAny(c[j].m, "جدید", "جدیدی", "تازه", "خالی", "new") {
			j++
		}
		// «یه فرم بسازید برای ثبت‌نام نذری»: the verb said before what
		// the form is for, with its light verb when it has one.
		if f := j; f < len(c) && c.createVerbAt(f) && f+1 < len(c) && !c[f+1].quoted && isAny(c[f+1].m, "برای", "واسه", "جهت", "مخصوص", "for") {
			j = f + 1
		} else if f+2 < len(c) && !c[f].quoted && isAny(c[f].m, "درست", "آماده") && lightVerbSet[c[f+1].m] && !c[f+2].quoted && isAny(c[f+2].m, "برای", "واسه", "جهت", "مخصوص", "for") {
			j = f + 2
		}
		if j < len(c) && !c[j].quoted && isAny(c[j].m, "برای", "واسه", "جهت", "مخصوص", "for") {
			j++
		}
		k := j
		for k < len(c) && !used[k] && isWord(c[k]) && !accounted(c[k]) {
			k++
		}
		if k > j {
			return surfaceOf(c[j:k])
		}
	}
	return ""
}

// quotesLeft names in a warning the quoted text and the options of the
// command that no step of the plan carries: a wording, a name or a list
// never vanishes unsaid, even where the reading did not expect it.
func (b *builder) quotesLeft(fs []*frame) {
	var left []string
	note := func(q string) {
		if !slices.Contains(left, q) && !b.carries(q) {
			left = append(left, q)
		}
	}
	for _, f := range fs {
		for _, q := range f.leftQuotes {
			note(q)
		}
		// Every quote the command says is carried or named: a reading
		// that marked one read without putting it in a step never drops
		// it unsaid.
		if len(b.steps) > 0 && !f.negated {
			for _, t := range f.toks {
				if t.quoted && strings.TrimSpace(t.s) != "" {
					note(t.s)
				}
			}
		}
	}
	if len(left) == 0 {
		return
	}
	words := "«" + strings.Join(left, "»، «") + "»"
	b.warn("plan.text_left", domain.T("this text of the command is in no step of the plan: %s", words))
}

// carries reports a text some step of the plan holds as a title, a
// wording or an option.
func (b *builder) carries(q string) bool {
	// Most quotes are carried as typed: no key is made for them.
	for _, st := range b.steps {
		p := st.Params
		if p.Title == q || p.Question == q || slices.Contains(p.Options, q) {
			return true
		}
	}
	k := corpusKey(q)
	for _, st := range b.steps {
		p := st.Params
		if corpusKey(p.Title) == k || corpusKey(p.Question) == k || k != "" && (strings.Contains(corpusKey(p.Title), k) || strings.Contains(corpusKey(p.Question), k)) {
			return true
		}
		for _, o := range p.Options {
			if corpusKey(o) == k {
				return true
			}
		}
	}
	return false
}

// accounted reports a word the grammar knows, whether or not this
// reading used it.
func accounted(t token) bool {
	m := t.m
	if t.fuzzy && earHeard[m] {
		// «فردآ», «هفطه»: a time or a look word spelt by ear is the
		// detail it names, left over as the word typed right is.
		return false
	}
	if vocabWords[m] || sounds.known[m] || typeWords[m] || questionNouns[m] || t.fuzzy || t.pron || regionalSaid[m] {
		return true
	}
	if _, ok := ordinal(m); ok {
		return true
	}
	// The object marker or «هم» typed on: «سوالو», «فرمم».
	for _, suf := range [...]string{"رو", "و", "م", "ی"} {
		if base, ok := strings.CutSuffix(m, suf); ok && base != "" && (vocabWords[base] || sounds.known[base] || questionNouns[base]) {
			return true
		}
	}
	return false
}

// measureWords count something of a form after a number: «فرم ۵ نفره»
// (for five people), «۵ تایی», «۵ ستاره», «۵ ساله».
var measureWords = []string{"نفره", "نفری", "تایی", "تاییه", "ستاره", "ستارهای", "ساله", "سالهها", "روزه", "ماهه", "هفتهای", "صفحهای", "مرحلهای", "سوالی", "سوالیه", "گزینهای", "قسمتی", "بخشی"}

// The details a plan cannot carry, by meaning: a time to act, how the
// form looks, help text, a question's limits. Left over in a clause,
// they were its point, and the clause gets no plan.
var (
	timeWords = append([]string{"فردا", "پسفردا", "امشب", "شب", "غروب", "بامداد", "سحر", "نیمهشب", "ساعت", "صبح", "عصر", "ظهر", "بعدازظهر", "هفته", "ماه", "آینده", "tomorrow", "tonight", "oclock", "later", "week", "weeks", "month", "months", "day", "days", "hour", "hours", "minute", "minutes", "morning", "evening", "midnight", "noon", "weekend", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "شنبه", "یکشنبه", "دوشنبه", "سهشنبه", "چهارشنبه", "پنجشنبه", "جمعه",
		// the times said in Finglish: «form 30 ro farda pak kon».
		"farda", "pasfarda", "emshab", "hafte", "haftebad", "mahe", "saat", "sobh", "asr", "zohr", "badan", "ba'dan"}, clearMonths()...)
	lookWords  = []string{"رنگ", "رنگش", "فونت", "فونتش", "قلم", "زمینه", "سایز", "درشت", "درشتتر", "ریز", "ریزتر", "پررنگ", "تم", "color", "colour", "font", "theme", "background", "style", "استایل"}
	helpWords  = []string{"راهنما", "راهنمای", "placeholder", "hint", "پلیسهولدر"}
	limitWords = []string{"حجم", "حداکثر", "حداقل", "مگ", "مگابایت", "کیلوبایت", "مقیاس", "بازه", "max", "min", "mb", "kb",
		// what a file or a text may be: «پسوند فایل: فقط pdf», «۲۰ کاراکتر».
		"پسوند", "پسوندهای", "کاراکتر", "extension", "extensions", "characters", "chars"}
)

// afterEvent returns the phrase of an order given for when something
// happens — «بعد از تموم شدن ثبت نام», «پس از پایان مهلت», «وقتی ظرفیت
// پر شد», «once registration ends» — or "". «بعد از سوال دوم» (a place),
// «بعد از اون» and «پس از انتشار» (an order of steps) are no event.
func (c clause) afterEvent() string {
	for i := range c {
		if w := c.afterEventAt(i); w != "" {
			return w
		}
	}
	return ""
}

// afterEventAt returns the phrase of afterEvent that starts at i.
func (c clause) afterEventAt(i int) string {
	t := c[i]
	if t.quoted {
		return ""
	}
	if isAny(t.m, "وقتی", "هروقت", "زمانیکه", "when", "once", "whenever") && i+1 < len(c) {
		return t.s + " " + c[i+1].s
	}
	if !isAny(t.m, "بعد", "پس", "after") {
		return ""
	}
	k := i + 1
	if k < len(c) && isAny(c[k].m, "از", "of") {
		k++
	} else if t.m != "after" {
		return ""
	}
	if k >= len(c) || c[k].quoted || c[k].punct {
		return ""
	}
	nx := c[k]
	_, ord := ordinal(nx.m)
	if nx.qnoun || ord || nx.isNum || nx.pron || nx.list != nil || isAny(nx.m, "اون", "آن", "این", "اینکه", "آنکه", "that", "it", "this", "the", "field", "question") ||
		c.atAny(k, formNounsV) > 0 || c.atAny(k, actionWordsV) > 0 || c.atAny(k, deleteWordsV) > 0 || c.atAny(k, actionNounsV) > 0 || c.atAny(k, copyV2) > 0 || c.atAny(k, disableWordsV) > 0 {
		return ""
	}
	// «بعد از کلاس» may describe a form; an event says something ends
	// or happens: «بعد از تموم شدن ثبت نام», «پس از پایان مهلت».
	for j := k; j < len(c) && j <= k+3; j++ {
		if !c[j].quoted && isAny(c[j].m, eventWords...) {
			return t.s + " " + c[k-1].s + " " + nx.s
		}
	}
	return ""
}

// eventWords say that something ends or happens.
var eventWords = []string{"تموم", "تمام", "پایان", "اتمام", "شدن", "پر", "رسیدن", "گذشتن", "end", "ends", "ending", "closes", "finishes", "deadline", "مهلت"}

// saysUnique reports «تکراری قبول نکنه», «تکراری نباشه», «یکتا»,
// «unique», «no duplicates»: each answer only once.
func (c clause) saysUnique() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, "یکتا", "unique", "duplicates", "duplicate") && !(t.m == "duplicate" && i+1 < len(c) && c.atAny(i+1, formNounsV) > 0) {
			if t.m != "duplicate" || i > 0 && isAny(c[i-1].m, "no", "not") {
				return true
			}
		}
		if isAny(t.m, "تکراری", "تکرار") {
			for k := i + 1; k < len(c) && k <= i+3; k++ {
				if negativeVerbs[c[k].m] || isAny(c[k].m, "نکنه", "نکند", "نپذیره", "نپذیرد", "نباشه", "نباشد", "نشه", "نشود", "ممنوع") {
					return true
				}
			}
		}
	}
	return false
}

// hedge returns a word that makes the clause unsure, «شاید», «احتمالا»,
// «maybe», or "".
func (c clause) hedge() string {
	for _, t := range c {
		if !t.quoted && isAny(t.m, "شاید", "احتمالا", "احتمالاً", "ممکنه", "maybe", "perhaps", "probably", "might") {
			return t.s
		}
	}
	return ""
}

// saysWhenOutside reports a word of time in the clause outside [lo,
// hi), a duration read already. (Not a vocab: the words of a vocab
// count as read, and these must stay left over.)
func (c clause) saysWhenOutside(lo, hi int) bool {
	for k := range c {
		if !c[k].quoted && timeWordSet[c[k].m] && (k < lo || k >= hi) {
			return true
		}
	}
	return false
}

// timeWordSet holds timeWords, looked up for every word of a clause.
var timeWordSet = func() map[string]bool {
	m := make(map[string]bool, len(timeWords))
	for _, w := range timeWords {
		m[w] = true
	}
	return m
}()

// Durations: how long a form is to stay closed, a draft or published.
var (
	// timeUnits count a stretch of time: «دو هفته», «a week».
	timeUnits = []string{"روز", "روزه", "هفته", "ماه", "سال", "ساعت", "دقیقه", "day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours", "minute", "minutes"}
	// untilTerms follow «تا», «until»: the end of a stretch of time.
	untilTerms = []string{"عید", "نوروز", "یلدا", "تعطیلات", "اطلاع", "آخر", "اخر", "پایان", "انتهای", "انتها", "اواخر", "اوایل", "اول", "ابتدای", "شروع", "خبر", "خبرت", "خبرتون", "اطلاعیه", "further", "the", "end", "next", "after"}
	// laterWords after a stretch of time make it a time to act: «یه
	// ساعت دیگه», «دو روز بعد», «in a week».
	// A stretch before «قبل», «پیش» is a time too: «یه هفته قبل از
	// حرکت ببندین» (a week before it leaves).
	laterWords = []string{"دیگه", "دیگر", "بعد", "بعدش", "later", "from", "after", "قبل", "قبلش", "پیش", "before", "ago", "earlier"}
	// whileWords are durations said in one word or two: «موقتا», «یه
	// مدت», «temporarily».
	whileWords = []string{"موقتا", "موقتاً", "فعلا", "فعلاً", "عجالتا", "temporarily", "indefinitely"}
)

// duration finds how long a change is to last — «تا اطلاع ثانوی», «تا
// آخر هفته», «تا فردا», «به مدت دو هفته», «برای یه ماه», «یه هفته
// ببند», «until further notice», «for two weeks» — and returns its
// span, or lo == hi. A stretch counted before «دیگه»/«بعد» («یه ساعت
// دیگه») is a time to act, no duration.
func (c clause) duration() (lo, hi int) {
	for i, t := range c {
		if t.quoted || t.punct {
			continue
		}
		start := -1
		switch {
		case isAny(t.m, "تا", "until", "till") && i+1 < len(c) && !(i > 0 && c[i-1].isNum && !c[i-1].quoted && (c[i+1].isNum || !c[i-1].digits && isAny(c[i+1].m, timeUnits...))):
			// «۱ تا ۳» is a range and «دو تا هفته» a count, not an end.
			nx := c[i+1]
			if !nx.quoted && (isAny(nx.m, untilTerms...) || isAny(nx.m, timeWords...) || isAny(nx.m, monthWords...) || nx.isNum && i+2 < len(c) && (isAny(c[i+2].m, monthWords...) || isAny(c[i+2].m, timeUnits...))) {
				start = i
			}
		case isAny(t.m, "به", "برای") && i+1 < len(c) && isAny(c[i+1].m, "مدت", "مدتی"):
			start = i
		case isAny(t.m, "برای", "for") && i+2 < len(c) && (c[i+1].isNum || isAny(c[i+1].m, "a", "one", "یه", "یک")) && isAny(c[i+2].m, timeUnits...):
			start = i
		case t.m == "for" && i+2 < len(c) && c[i+1].m == "a" && c[i+2].m == "while":
			return i, i + 3
		case t.isNum && !t.digits && i+1 < len(c) && isAny(c[i+1].m, timeUnits...) && !(i+2 < len(c) && isAny(c[i+2].m, laterWords...)) && !(i > 0 && isAny(c[i-1].m, "in", "after", "از", "تا", "ظرف", "within")):
			start = i
		case isAny(t.m, whileWords...) || isAny(t.m, "یه", "یک") && i+1 < len(c) && c[i+1].m == "مدت" || t.m == "مدتی":
			n := 1
			if t.m == "یه" || t.m == "یک" {
				n = 2
			}
			return i, i + n
		}
		if start < 0 {
			continue
		}
		j := start + 1
		for j < len(c) && !c[j].punct && !c[j].quoted && !isAny(c[j].m, "را", "رو", "و", "and") && !c.actAt(j) && !clauseVerbSet[c[j].m] &&
			!lightVerbSet[c[j].m] && c.atAny(j, formNounsV) == 0 && !c[j].qnoun && !isAny(c[j].m, stateWords...) && !isAny(c[j].m, "باشد", "باشه", "بماند", "بمونه", "بشه", "شود", "گردد") {
			j++
		}
		if j > start+1 {
			return start, j
		}
	}
	return 0, 0
}

// clearMonths are the month names no other word shares: «دی», «تیر»
// and «مهر» alone are words too, and are months only after a day's
// number (duration).
func clearMonths() []string {
	var out []string
	for _, m := range monthWords {
		if !isAny(m, "دی", "تیر", "مهر") {
			out = append(out, m)
		}
	}
	return out
}

// revertsAfterDuration returns the duration of a state a later clause
// undoes — «فرم ۲۰ رو یه هفته ببند بعد دوباره بازش کن»: the undoing is
// meant for when the while is over, an order for a later time — or "".
func revertsAfterDuration(fs []*frame) string {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1], fs[k]
		if prev.duration == "" || f.negated {
			continue
		}
		closes := prev.disable || prev.draft
		if closes && f.publish || prev.publish && (f.disable || f.draft) {
			return prev.duration
		}
	}
	return ""
}

// afterPublishing returns «بعد از انتشار», «after publishing»: a
// publication said as the time after which to act, or "".
func (c clause) afterPublishing() string {
	for i := 0; i+1 < len(c); i++ {
		if c[i].quoted || !isAny(c[i].m, "بعد", "پس", "after", "once") {
			continue
		}
		k := i + 1
		if c[k].m == "از" && k+1 < len(c) {
			k++
		} else if !isLatin(c[i].m) {
			continue
		}
		if c.atAny(k, publishWordsV) > 0 {
			return surfaceOf(c[i : k+1])
		}
	}
	return ""
}

// holidayWords name feasts and holidays: a date when said after a
// word of time, a name otherwise («سفارشای عید»).
var holidayWords = []string{"عید", "نوروز", "یلدا", "تعطیلات", "christmas", "easter"}

// holidayTime returns «از یلدا», «after christmas» — a feast after a
// preposition of time — or "".
func (c clause) holidayTime() string {
	for i := 1; i < len(c); i++ {
		if !c[i].quoted && isAny(c[i].m, holidayWords...) && isAny(c[i-1].m, "از", "تا", "after", "before", "until", "since") {
			if lo, hi := c.duration(); i >= lo && i < hi {
				continue
			}
			return c[i-1].s + " " + c[i].s
		}
	}
	return ""
}

// monthWords name the months, Jalali and Gregorian: a date.
var monthWords = []string{"فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور", "مهر", "آبان", "آذر", "دی", "بهمن", "اسفند",
	"فروردینماه", "اردیبهشتماه", "خردادماه", "تیرماه", "مردادماه", "شهریورماه", "مهرماه", "آبانماه", "آذرماه", "دیماه", "بهمنماه", "اسفندماه",
	"january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december"}

// formatless reports an edit that sets no format (or no edit).
func (e *fieldEdit) formatless() bool { return e == nil || e.format == "" }

// groupsFormatted reports a question of the clause with a format.
func (f *frame) groupsFormatted() bool {
	for _, g := range f.groups {
		if g.format != "" {
			return true
		}
	}
	return false
}

// detailsArePoint refuses a command whose clause asked for a detail the
// plan cannot carry (coverage.account), when that detail was its point:
// a time to act always is; looks, help text and limits are not when the
// command adds questions, whose detail it then is, dropped with a
// warning (RULINGS 8 and 18).
func detailsArePoint(fs []*frame) {
	adds := false
	for _, f := range fs {
		adds = adds || len(f.groups) > 0
	}
	scale := false
	for _, f := range fs {
		scale = scale || f.toks.saysScale()
	}
	// «فرم ۱۸. سوال ۳. فایل. حجم: حداکثر دو مگابایت.»: a limit said in a
	// clause of its own, in a command with no verb, of a question named
	// only with its kind, is what the command is about.
	limit := ""
	for _, f := range fs {
		if f.hasIntent() || len(f.groups) > 0 || f.edit != nil {
			continue
		}
		for _, w := range f.leftover {
			if limit == "" && isAny(matchForm(w), limitWords...) {
				limit = w
			}
		}
	}
	verb := false
	for _, f := range fs {
		verb = verb || limit != "" && f.toks.hasVerb()
	}
	for _, f := range fs {
		if limit != "" && !verb && f.edit != nil && f.edit.onlyKind() && !f.negated {
			f.detail = domain.T("a plan cannot set a question's limits («%s»)", limit)
			f.detailKind = "limit"
		}
		if scale && f.edit != nil && f.edit.onlyRating() && !f.negated {
			// «rating سوال ۴ رو بکن از ۱ تا ۱۰», «امتیازیه از ۵، بکنش از
			// ۱۰»: the scale is what the edit asks, and no plan holds it.
			f.detail = domain.T("a plan cannot set a rating's scale")
			f.detailKind = "scale"
		}
		if f.detail.Key == "" || adds && !isAny(f.detailKind, timeWords...) && f.detailKind != "scale" {
			continue
		}
		f.refusal = f.detail
		f.edit, f.groups, f.add, f.publish, f.draft, f.disable, f.deleteForm, f.duplicate, f.rename = nil, nil, false, false, false, false, false, false, false
	}
}

// saysScale reports a scale said in numbers: «از ۱ تا ۱۰», «از ده»,
// «1 to 10», «out of 5».
func (c clause) saysScale() bool {
	for i, t := range c {
		if t.quoted || i+1 >= len(c) || !c[i+1].isNum || c[i+1].quoted {
			continue
		}
		if isAny(t.m, "از", "from") && (i+2 >= len(c) || !c[i+2].qnoun && c.atAny(i+2, formNounsV) == 0) {
			return true
		}
		if t.m == "of" && i > 0 && c[i-1].m == "out" {
			return true
		}
	}
	return false
}

// onlyRating reports an edit whose one change is to a rating question:
// what it would change is the scale the words say.
func (e *fieldEdit) onlyRating() bool {
	return (e.typ == "" || e.typ == "rating") && e.question == "" && e.format == "" && len(e.options) == 0 &&
		!e.required && !e.optional && !e.del && e.to == nil && len(e.more) == 0
}

// onlyKind reports an edit that says at most the question's kind: a
// question named by what it is, with nothing to change.
func (e *fieldEdit) onlyKind() bool {
	return e.question == "" && e.format == "" && len(e.options) == 0 &&
		!e.required && !e.optional && !e.del && e.to == nil && len(e.more) == 0
}

// saysDone reports a clause that tells what was done: a verb in the past.
func (c clause) saysDone() bool {
	for _, t := range c {
		if !t.quoted && isAny(t.m, pastLightVerbs...) && t.m != "شده" {
			return true
		}
	}
	return false
}

// conditional reports «اگه … », «if …», «در صورتی که …» stating a
// condition — not the courtesy «اگه میشه», «if possible».
func (c clause) conditional() bool {
	for i, t := range c {
		// «در صورت لزوم/نیاز …», «در صورت اتمام مهلت …», «در صورتی که
		// …»: in case of something. («در صورت سوال» is in the wording of
		// the question, no condition.)
		if !t.quoted && i > 0 && c[i-1].m == "در" && (t.m == "صورت" && i+1 < len(c) && !c[i+1].quoted && !c[i+1].punct && !c[i+1].qnoun || t.m == "صورتی" && i+1 < len(c) && c[i+1].m == "که") {
			return true
		}
		if t.quoted || !isAny(t.m, "اگه", "اگر", "if", "چنانچه", "درصورتیکه", "درصورتی") {
			continue
		}
		if i+1 < len(c) && isAny(c[i+1].m, "میشه", "ممکنه", "ممکن", "possible", "you", "can", "امکان", "امکانش", "لطف", "زحمتی") {
			continue
		}
		return true
	}
	return false
}

// placeAt reports an ordinal at i, «دوم», «اولش», «third»: the place of
// something in the form.
func (c clause) placeAt(i int) bool {
	if c[i].quoted {
		return false
	}
	_, ok := ordinal(c[i].m)
	_, ok2 := ordinal(strings.TrimSuffix(c[i].m, "ش"))
	return ok || ok2 || c.atAny(i, topMarkersV) > 0
}

// formatNameAfter returns the words that name a format after the format
// word at i («فرمتش کارت بانکی شانزده رقمی باشه» → «کارت بانکی شانزده
// رقمی»), up to the verb or the clause's end.
func (c clause) formatNameAfter(i int) string {
	lo := i + 1
	for lo < len(c) && !c[lo].quoted && isAny(c[lo].m, "هم", "را", "رو", "به", "از", "نوع") {
		lo++
	}
	hi := lo
	for hi < len(c) && !c[hi].quoted && !c[hi].punct && !isAny(c[hi].m, "باشه", "باشد", "بشه", "شود", "و", "and") && !lightVerbSet[c[hi].m] && c.atAny(hi, placeVerbsV) == 0 && c.atAny(hi, addVerbsV) == 0 {
		hi++
	}
	if hi == lo || hi-lo > 5 {
		return ""
	}
	return surfaceOf(c[lo:hi])
}

// saysFieldType reports a kind of answer named in words in the clause:
// «یه سوال کوتاه», «a short answer».
func (c clause) saysFieldType() bool {
	for i := range c {
		if c[i].quoted {
			continue
		}
		if _, n := c.fieldTypeAt(i); n > 0 {
			return true
		}
	}
	return false
}
