package persian

import (
	"slices"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Formats said in words (arshline-plan/v2): «با فرمت تلفن ثابت»,
// «فرمتش url باشه», «فقط کد ملی معتبر قبول کنه», «باید موبایل باشه»,
// «یازده رقم و با ۰۹ شروع شود». A format the command names is carried by
// the plan; a length in digits that names none is dropped with a warning.

// formatMeanings are the names of each format by meaning: a head noun
// crossed with the words that qualify it («شماره»، «تلفن»، «تلیفون» ×
// «ثابت»، «منزل»), and the names said alone — colloquial, formal, Dari
// («نمبر مبایل», «ویب سایت») and English. Misspelt forms reach them by their sound (sound.go).
var formatMeanings = []struct {
	format       string
	heads, kinds []string
	alone        []string
}{
	{domain.PlanFormatPhoneIR,
		[]string{"شماره تلفن", "شماره تلیفون", "تلفن", "تلیفون", "تیلفون", "شماره تماس", "نمبر تیلفون", "نمبر تلفن"}, []string{"ثابت", "منزل", "خانه"},
		[]string{"شماره ثابت", "خط ثابت", "ثابت", "landline", "landline number", "home phone", "phone number", "phone"}},
	{domain.PlanFormatMobileIR,
		[]string{"شماره تلفن", "شماره تلیفون", "تلفن", "تلیفون", "تیلفون", "شماره تماس", "شماره", "نمبر"}, []string{"همراه", "موبایل", "مبایل"},
		[]string{"موبایل", "مبایل", "همراه", "mobile number", "mobile", "cell phone", "cellphone", "cell number"}},
	{domain.PlanFormatNationalCode,
		[]string{"کد", "شماره", "code"}, []string{"ملی"},
		[]string{"national code", "national id"}},
	{domain.PlanFormatPostalCodeIR,
		[]string{"کد", "code"}, []string{"پستی"},
		[]string{"postal code", "zip code", "postcode", "postal", "zip"}},
	{domain.PlanFormatURL,
		[]string{"نشانی", "آدرس", "لینک"}, []string{"وب", "وبسایت", "وب سایت", "سایت", "اینترنتی", "صفحه وب", "تارنما", "ویب", "ویبسایت", "ویب سایت"},
		[]string{"وبسایت", "وب سایت", "ویبسایت", "ویب سایت", "پایگاه اینترنتی", "تارنما", "وبگاه", "لینک", "url", "web address", "website", "link", "یو آر ال", "یوآرال"}},
	// An email address is a kind of question, not a short text's format:
	// «فرمتش ایمیل باشه» asks for the email question.
	{emailKind,
		[]string{"آدرس", "نشانی"}, []string{"ایمیل", "پست الکترونیک", "پست الکترونیکی"},
		[]string{"ایمیل", "پست الکترونیک", "پست الکترونیکی", "email address", "email", "e-mail"}},
}

// formatNames maps the ways a format is named to the contract's format,
// the names of more words first: the first name that matches wins.
var formatNames = func() []struct{ key, format string } {
	var out []struct{ key, format string }
	seen := map[string]bool{}
	add := func(key, format string) {
		if !seen[key] {
			seen[key] = true
			out = append(out, struct{ key, format string }{key, format})
		}
	}
	for _, m := range formatMeanings {
		for _, h := range m.heads {
			for _, k := range m.kinds {
				add(h+" "+k, m.format)
			}
		}
		for _, a := range m.alone {
			add(a, m.format)
		}
	}
	slices.SortStableFunc(out, func(a, b struct{ key, format string }) int {
		return len(strings.Fields(b.key)) - len(strings.Fields(a.key))
	})
	return out
}()

// emailKind is what a format said as an email address reads as until
// it is given to a question: the email type, with no format.
const emailKind = "\x00email"

// withFormat gives a question a format said in words: a short text's
// format, or the email type for an email address.
func withFormat(typ, format *string, fm string) {
	if fm == emailKind {
		*typ, *format = domain.PlanFieldEmail, ""
		return
	}
	*typ, *format = domain.PlanFieldShortText, fm
}

var formatNamesV = func() *vocab {
	for _, f := range formatNames {
		if j := joined(f.key); j != "" {
			formatNames = append(formatNames, struct{ key, format string }{j, f.format})
		}
	}
	keys := make([]string, len(formatNames))
	for k, f := range formatNames {
		keys[k] = f.key
	}
	before := map[string]bool{}
	for _, k := range keys {
		for _, w := range append(strings.Fields(k), strings.ReplaceAll(k, " ", "")) {
			before[w] = vocabWords[w]
		}
	}
	v := newVocab(keys...)
	// A word of a format's name that is a plain word too («تماس»,
	// «خانه», «صفحه», «number») stays one outside the name: «یه سوال
	// شماره تماس» is worded «شماره تماس». Only the words that name a
	// format alone are words of the grammar.
	for w, was := range before {
		if !was && !formatWordsAlone[w] {
			delete(vocabWords, w)
		}
	}
	return v
}()

// formatWordsAlone are the words of the grammar among the format names:
// those that say a format or its kind wherever they stand.
var formatWordsAlone = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("شماره تلفن ثابت همراه موبایل mobile منزل landline phone کد ملی national code پستی postal نشانی اینترنتی آدرس سایت وبسایت لینک url وب link website یو آر ال یوآرال ایمیل پست الکترونیک الکترونیکی email e-mail" +
		// and the spellings that are nothing but a format's word
		" تلیفون تیلفون مبایل تارنما وبگاه ویب ویبسایت") {
		m[w] = true
	}
	return m
}()

// formatCues are the words after which a format's name says what the
// answer must be: «فرمت»، «قالب», «فقط», «تنها», «باید», «only».
// «جوابش حتماً لینک باشه»: what the answer is said to be is its format.
var formatCuesV = newVocab(append(append([]string{}, formatWords...), "فقط", "تنها", "باید", "حتما", "حتمی", "جوابش", "پاسخش", "صرفا", "صرفاً", "منحصرا", "منحصراً", "only", "must", "accepts", "accept", "valid",
	// «Q2 validation: national code», «سوال ۲ => لینک»: what a question's
	// answers are checked against, and an arrow to what it becomes.
	"validation", "validate", "validated", "=>", "->", "→",
	// «با اعتبارسنجی کد ملی», «ورودیش موبایل باشه», «کنترل کد ملی».
	"اعتبارسنجی", "ورودی", "ورودیش", "کنترل")...)

// answerVerbs say what a question takes: «… که شماره ثابت بگیرد», «کد
// ملی بپذیره», «شماره تلفن ثابت میخواهم»: the format's name before one
// is the format asked for.
var answerVerbs = []string{"بگیرد", "بگیره", "بگیرند", "بگیرن", "بپذیرد", "بپذیره", "بپذیرند", "قبول", "دریافت",
	"میخواهم", "میخوام", "میخواهیم", "میخوایم", "میخواد", "میخواهد", "وارد", "accepts", "accept", "takes", "wants"}

var answerVerbSet = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range answerVerbs {
		m[w] = true
	}
	return m
}()

// formatFillers may stand between a cue and the format's name: «قالب
// پاسخ آن شمارهٔ …», «فرمتش رو بکن …».
var formatFillers = []string{":", "هم", "بذار", "بزار", "بگذار", "بذارید", "بزارید", "بگذارید", "iranian", "ایرانی", "پاسخ", "جواب", "آن", "اون", "را", "رو", "به", "شماره", "شمارهی", "باشد", "باشه", "بکن", "کن", "یک", "یه", "از", "نوع", "عدد", "of", "be", "a", "an", "the", "in", "from", "ورودی"}

// readFormatWords reads a format named after a cue, and an answer's
// length in digits, and marks their words read. It returns the format
// and, when digits were said and name no format, that they were.
func (c clause) readFormatWords(used []bool) (format string, digits bool) {
	for i := 0; i < len(c); i++ {
		if used[i] || c[i].quoted {
			continue
		}
		n := c.atAny(i, formatCuesV)
		if n == 0 && c[i].punct && (c[i].s == "→" || strings.HasSuffix(c[i].s, ">")) {
			n = 1 // «سوال ۲ => لینک»: an arrow to what the answer becomes
		}
		if n == 0 {
			continue
		}
		j := i + n
		// «قالب پاسخ پرسش نهم فرم ۶ نشانی اینترنتی باشد»: the question
		// and form named between, already read, are passed over.
		for j < len(c) && (used[j] || !c[j].quoted && isAny(c[j].m, formatFillers...)) {
			j++
		}
		if j >= len(c) || used[j] {
			continue
		}
		k, m := c.next(j, formatNamesV, 0)
		if m == 0 {
			continue
		}
		if j > 0 && isAny(c[j-1].m, "از", "from") && j+m+1 < len(c) && isAny(c[j+m].m, "به", "to") {
			// «فرمت سوال ۲ را از موبایل به تلفن ثابت تغییر بده»: the
			// format it had is passed over; the one after «به» is asked.
			if k2, m2 := c.next(j+m+1, formatNamesV, 0); m2 > 0 {
				j, k, m = j+m+1, k2, m2
			}
		}
		format = formatNames[k].format
		lo := i
		if lo > 0 && !used[lo-1] && isAny(c[lo-1].m, "با", "with", "در") {
			lo--
		}
		end := j + m
		for end < len(c) && !used[end] && (isAny(c[end].m, "معتبر", "valid", "باشد", "باشه") || answerVerbSet[c[end].m] || c.validAt(end)) {
			end++
			if end < len(c) && !used[end] && answerVerbSet[c[end-1].m] && lightVerbSet[c[end].m] {
				end++ // «… وارد شود», «… قبول کنه»
			}
		}
		markUsed(used, lo, end)
		break
	}
	if format == "" {
		// «mobile format», «url format», «national code format»: in
		// English order the format's name comes before the word.
		// The word after the name is looked for first: it is rare, and
		// matching every format's name at every word is not.
		for j := 1; j < len(c); j++ {
			if c[j].quoted || !isAny(c[j].m, "format", "formatted") {
				continue
			}
			fm, i := c.formatNameEndingAt(j)
			if fm == "" || used[i] {
				continue
			}
			format = fm
			lo := i
			if lo > 0 && !used[lo-1] && isAny(c[lo-1].m, "in", "with", "a") {
				lo--
			}
			markUsed(used, lo, j+1)
			break
		}
	}
	if format == "" {
		// «که لینک معتبر باشه», «یه کد ملی معتبر»: a format's name said
		// valid is the format asked for.
		for j := 1; j < len(c); j++ {
			if c[j].quoted || !(isAny(c[j].m, "معتبر", "valid") || c.validAt(j)) {
				continue
			}
			fm, i := c.formatNameEndingAt(j)
			if fm == "" || used[i] {
				continue
			}
			format = fm
			markUsed(used, i, j+1)
			break
		}
	}
	if format == "" {
		// «یک سوال «تلفن» جور کن که شماره ثابت بگیرد», «اسمش شماره خانه
		// باشد، شماره تلفن ثابت میخواهم نه موبایل»: a format's name
		// before a verb of taking, said of a question or after «که»;
		// «نه X» after it names the format not wanted.
		for v := 1; v < len(c); v++ {
			if used[v] || c[v].quoted || !answerVerbSet[c[v].m] {
				continue
			}
			e := v
			for e > 0 && !c[e-1].quoted && isAny(c[e-1].m, "را", "رو", "هم") {
				e--
			}
			fm, i := c.formatNameEndingAt(e)
			if fm == "" || used[i] || !c.questionOrThatBefore(i) && c.has(formNounsV) {
				continue
			}
			format = fm
			end := v + 1
			if end < len(c) && lightVerbSet[c[end].m] {
				end++
			}
			if end+1 < len(c) && !c[end].quoted && isAny(c[end].m, "نه", "not") {
				if _, n := c.next(end+1, formatNamesV, 0); n > 0 {
					end += 1 + n
				}
			}
			markUsed(used, i, end)
			break
		}
	}
	// «۱۱ رقمی», «یازده رقم … با ۰۹ شروع»: eleven digits from 09 is a
	// mobile number; another count is a length the contract cannot carry.
	for i := 0; i+1 < len(c); i++ {
		if used[i] || !c[i].isNum || c[i].quoted || !isAny(c[i+1].m, "رقمی", "رقم", "digit", "digits", "رقمه") {
			continue
		}
		starts09 := c.saysStartsWith09()
		if starts09 {
			c.markStartsWith09(used)
		}
		if fm, from := c.formatNameEndingAt(i); format == "" && fm != "" && formatDigits[fm] == c[i].num && !(starts09 && fm != domain.PlanFormatMobileIR) {
			// «کد ملی ده رقمی», «تلفن ثابت ۱۱ رقمی»: the digits a format
			// has are no length of their own.
			format = fm
			markUsed(used, from, i)
		} else if c[i].num == 11 && starts09 || c[i].num == 11 && format == "" && c.has(formatNamesV) {
			format = domain.PlanFormatMobileIR
		} else if format == "" {
			digits = true
			if c[i].num == 11 {
				format = elevenDigits
			}
		}
		markUsed(used, i, i+2)
	}
	if format == "" && !digits {
		// «… که فقط عدد قبول کنه»: digits only is no format a plan
		// carries; it is read, and named as dropped.
		for i := 0; i+1 < len(c); i++ {
			if !used[i] && !c[i].quoted && isAny(c[i].m, "فقط", "تنها", "only") && !c[i+1].quoted && isAny(c[i+1].m, "عدد", "اعداد", "رقم", "ارقام", "عددی", "number", "numbers", "digits", "numeric") {
				markUsed(used, i, i+2)
				format = digitsOnly
				break
			}
		}
	}
	if c.saysStartsWith09() && (format == domain.PlanFormatMobileIR || c.saysMobile()) {
		// «… شماره موبایل پدر که با ۰۹ شروع بشه»: where a mobile number
		// starts says nothing more than the mobile format.
		c.markStartsWith09(used)
	}
	return format, digits
}

// questionOrThatBefore reports a question noun, a quoted wording or «که»
// before i: what a verb of taking is said of.
func (c clause) questionOrThatBefore(i int) bool {
	for k := 0; k < i; k++ {
		if c[k].qnoun || c[k].quoted || !c[k].quoted && isAny(c[k].m, "که", "which", "that") {
			return true
		}
	}
	return false
}

// digitsOnly is what «فقط عدد قبول کنه» reads as: no format a plan
// carries, named in a warning when the question is added or changed.
const digitsOnly = "\x00digits"

// saysMobile reports a label of a mobile number in the clause.
func (c clause) saysMobile() bool {
	for i := range c {
		if c[i].quoted {
			if _, fm, ok := wordingLabel(c[i].s); ok && fm == domain.PlanFormatMobileIR {
				return true
			}
		} else if l := labelAt(c, i); l != nil && l.format == domain.PlanFormatMobileIR {
			return true
		}
	}
	return false
}

// wordingLabels are the subjects that tell a question's kind wherever
// they stand in its wording: «کد پستی محل سکونت», «شمارهٔ همراه ولی»,
// «ایمیل دانشگاهی». Only subjects with one reading: a landline or a
// website is a format only when said in words.
var wordingLabels = []struct{ key, typ, format string }{
	{"شماره موبایل", domain.PlanFieldShortText, domain.PlanFormatMobileIR}, {"شماره همراه", domain.PlanFieldShortText, domain.PlanFormatMobileIR},
	{"تلفن همراه", domain.PlanFieldShortText, domain.PlanFormatMobileIR}, {"موبایل", domain.PlanFieldShortText, domain.PlanFormatMobileIR},
	{"کد ملی", domain.PlanFieldShortText, domain.PlanFormatNationalCode}, {"شماره ملی", domain.PlanFieldShortText, domain.PlanFormatNationalCode},
	// Dari: «تذکره» is the national card, «مبایل» the mobile.
	{"نمبر تذکره", domain.PlanFieldShortText, domain.PlanFormatNationalCode}, {"شماره تذکره", domain.PlanFieldShortText, domain.PlanFormatNationalCode},
	{"مبایل", domain.PlanFieldShortText, domain.PlanFormatMobileIR},
	{"کد پستی", domain.PlanFieldShortText, domain.PlanFormatPostalCodeIR},
	{"ایمیل", domain.PlanFieldEmail, ""}, {"email", domain.PlanFieldEmail, ""}, {"پست الکترونیک", domain.PlanFieldEmail, ""}, {"پست الکترونیکی", domain.PlanFieldEmail, ""},
	{"تاریخ تولد", domain.PlanFieldDate, ""},
}

var wordingLabelsV = func() *vocab {
	for _, l := range wordingLabels {
		if j := joined(l.key); j != "" {
			wordingLabels = append(wordingLabels, struct{ key, typ, format string }{j, l.typ, l.format})
		}
	}
	keys := make([]string, len(wordingLabels))
	for k, l := range wordingLabels {
		keys[k] = l.key
	}
	return newVocab(keys...)
}()

// wordingLabel finds a label inside a question's wording.
func wordingLabel(question string) (typ, format string, ok bool) {
	c := clause(tokenize(surface(question)))
	for i := range c {
		if k, n := c.next(i, wordingLabelsV, 0); n > 0 {
			return wordingLabels[k].typ, wordingLabels[k].format, true
		}
	}
	return "", "", false
}

// elevenDigits is what «یازده رقم» reads as until «با ۰۹» (in the next
// clause, «… و با ۰۹ آغاز شود») makes it a mobile number.
const elevenDigits = "\x0011"

// saysStartsWith09 reports «۰۹» in the clause: where a number starts.
func (c clause) saysStartsWith09() bool {
	for i, t := range c {
		if t.s == "09" || t.s == "۰۹" || t.s == "٠٩" {
			return true
		}
		// «با صفر نه شروع بشه», «با ۰ ۹», «zero nine»: the two digits
		// said one by one.
		if i+1 < len(c) && !t.quoted && (t.m == "صفر" || t.m == "zero" || t.isNum && t.num == 0 && t.digits) &&
			(isAny(c[i+1].m, "نه", "nine") || c[i+1].isNum && c[i+1].num == 9 && c[i+1].digits) {
			return true
		}
	}
	return false
}

// validAt reports a word that says an answer is well formed, «درست»,
// «صحیح»: «فقط کد ملی درست قبول کنه». Before a light verb «درست» is the
// verb «درست کن», not the adjective.
func (c clause) validAt(i int) bool {
	if c[i].quoted || !isAny(c[i].m, "درست", "صحیح", "معتبری", "درستی", "صحیحی") {
		return false
	}
	return i+1 >= len(c) || !lightVerbSet[c[i+1].m]
}

// formatGoesBack gives a format said in a sentence of its own («…؛ پاسخ
// باید یازده رقم باشد و با ۰۹ آغاز شود», «فرمتش موبایل باشه») to the
// question the clause before it adds.
func formatGoesBack(fs []*frame) {
	var last *fieldGroup
	var lastFrame *frame
	for k, f := range fs {
		if k > 0 && f.saidDigits && !f.hasIntent() && fs[k-1].edit != nil && fs[k-1].edit.dropped == "" && fs[k-1].edit.format == "" {
			// «سوال دوم رو اجباری کن و هشت رقمی باشه»: the length is the
			// edited question's, a detail no plan carries.
			fs[k-1].edit.dropped = "the answer's length"
			if f.digitsOnly {
				fs[k-1].edit.dropped = "digits only"
			}
		}
		if e := f.edit; e != nil && e.format == elevenDigits {
			// «سوال سوم رو بکن متن کوتاه که یازده رقمی باشه و با ۰۹ شروع
			// بشه»: the edit's number of digits is a mobile number when
			// the next clause says where it starts; otherwise a length
			// no plan carries.
			e.format, e.dropped = "", "the answer's length"
			if k+1 < len(fs) && fs[k+1].toks.saysStartsWith09() && !fs[k+1].hasIntent() && fs[k+1].edit == nil {
				e.format, e.dropped = domain.PlanFormatMobileIR, ""
				fs[k+1].leftover = nil
			}
		}
		if n := len(f.groups); n > 0 {
			last, lastFrame = &f.groups[n-1], f
			if f.elevenDigits && k+1 < len(fs) && fs[k+1].toks.saysStartsWith09() && last.format == "" {
				// «… که ۱۱ رقمی باشه و با ۰۹ شروع بشه».
				last.typ, last.format = domain.PlanFieldShortText, domain.PlanFormatMobileIR
				f.dropped = ""
				fs[k+1].leftover = nil
			}
			continue
		}
		// «… و format url اضافه کن»: a clause that only repeats the
		// verb adding the question before says its format.
		addsOnly := f.add && !f.create && !f.rename && !f.publish && !f.draft && !f.disable && !f.deleteForm && !f.duplicate && f.nav == "" && f.refusal.Key == ""
		if f.saidFormat == "" || last == nil || f.hasIntent() && !addsOnly || f.edit != nil {
			continue
		}
		if addsOnly {
			f.add = false
			// «پرسشی با عنوان «…» و قالب تلفن ثابت به فرم ۸۰ افزوده شود»:
			// the verb and the form said with the format are the
			// question's, whose clause said neither.
			if !lastFrame.add && !lastFrame.create && !lastFrame.hasIntent() {
				lastFrame.add = true
			}
			if len(lastFrame.ids) == 0 && !lastFrame.create && !lastFrame.refersBack {
				lastFrame.ids, f.ids = f.ids, nil
			}
		}
		format := f.saidFormat
		if format == elevenDigits {
			if !(f.toks.saysStartsWith09() || k+1 < len(fs) && fs[k+1].toks.saysStartsWith09()) {
				continue
			}
			format = domain.PlanFormatMobileIR
		}
		if last.typ == "" || last.typ == domain.PlanFieldShortText {
			withFormat(&last.typ, &last.format, format)
			f.leftover = nil
		}
	}
}

// formatDigits are the digits an answer of a format has.
var formatDigits = map[string]int{domain.PlanFormatNationalCode: 10, domain.PlanFormatPostalCodeIR: 10, domain.PlanFormatMobileIR: 11, domain.PlanFormatPhoneIR: 11}

// formatNameEndingAt returns the format whose name ends right before i,
// unread, and where the name starts; "" when none does.
func (c clause) formatNameEndingAt(i int) (string, int) {
	for k := max(0, i-4); k < i; k++ {
		for j, n := c.next(k, formatNamesV, 0); n > 0; j, n = c.next(k, formatNamesV, j+1) {
			if k+n == i {
				return formatNames[j].format, k
			}
		}
	}
	return "", i
}

// formatNameBefore reports a format's name that ends right before i.
func (c clause) formatNameBefore(i int) bool {
	for k := max(0, i-3); k < i; k++ {
		if _, n := c.next(k, formatNamesV, 0); n > 0 && k+n == i {
			return true
		}
	}
	return false
}

// markStartsWith09 marks read the words that say where the number
// starts: «با صفر نه شروع بشه», «و با ۰۹ آغاز شود».
func (c clause) markStartsWith09(used []bool) {
	for i := range c {
		if c[i].quoted || !isAny(c[i].m, "شروع", "آغاز", "start", "starts", "starting", "begin", "begins") {
			continue
		}
		used[i] = true
		for k := i - 1; k >= 0 && k >= i-4 && !c[k].quoted; k-- {
			if isAny(c[k].m, "صفر", "zero", "نه", "nine", "با", "with") || c[k].isNum && (c[k].num == 0 || c[k].num == 9) {
				used[k] = true
			}
		}
	}
}
