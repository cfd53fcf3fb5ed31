package persian

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// asksWhyOrHow reports a command that opens, after any greeting or
// filler, with «چرا» or «چطور/چگونه»: «چرا فرم ۳ منتشر نمیشه؟», «چطوری
// میشه یه فرم ساخت؟» ask for an explanation. A request phrased as a
// question opens otherwise («میشه …؟», «آیا ممکن است …؟»).
func asksWhyOrHow(toks []token) bool {
	for _, t := range toks {
		if t.punct || fillers[t.m] || isAny(t.m, greetings...) {
			continue
		}
		return !t.quoted && isAny(t.m, whyHowWords...)
	}
	return false
}

// allForms returns where the clause speaks of all forms at once — a
// quantifier before the plural noun, «همه‌ی فرم‌ها», «تمام فرم‌های
// منتشرشده», «all the forms» — or -1. «همه‌ی فرم‌های ۲ و ۳» names its
// forms and is not all of them.
func (c clause) allForms() int {
	for i := 0; i+1 < len(c); i++ {
		if c[i].quoted || !isAny(c[i].m, allWords...) {
			continue
		}
		j := i + 1
		for j < len(c) && !c[j].quoted && isAny(c[j].m, "ی", "the", "of") {
			j++
		}
		if j < len(c) && !c[j].quoted && isAny(c[j].m, "فرمها", "فرمهای", "forms") && !(j+1 < len(c) && c[j+1].isNum && c[j+1].digits) {
			return i
		}
	}
	return -1
}

// markReported takes a state word in the past tense as a report, not a
// request: «فرم ۳ رو منتشر کردم», «آیا فرم ۴ منتشر شده است؟».
func (c clause) markReported(used []bool) {
	for i := range c {
		if used[i] {
			continue
		}
		n := c.atAny(i, publishWordsV)
		if n == 0 {
			n = c.atAny(i, draftWordsV)
		}
		if n > 0 && i+n < len(c) && !c[i+n].quoted && isAny(c[i+n].m, pastLightVerbs...) {
			markUsed(used, i, i+n+1)
		}
	}
}

// reportsMaking reports a clause that tells of a form already made: the
// past of «ساختن», or a create verb with a past light verb («ایجاد
// کردم», «درست شد»), which it then sets aside as markReported does.
func (c clause) reportsMaking(used []bool) bool {
	reported := false
	for i := range c {
		if used[i] || c[i].quoted {
			continue
		}
		// «ساختن» is also the infinitive («ساختن فرم»): past only at the
		// clause's end, where a verb stands.
		if isAny(c[i].m, pastMakeVerbs...) && (c[i].m != "ساختن" || i == len(c)-1) {
			used[i] = true
			reported = true
			continue
		}
		if isAny(c[i].m, "ایجاد", "درست", "تعریف") && i+1 < len(c) && !c[i+1].quoted && isAny(c[i+1].m, pastLightVerbs...) {
			markUsed(used, i, i+2)
			reported = true
		}
	}
	return reported
}

// readRefusal reads a clause that asks to delete or to change all forms
// at once, which the planner refuses; it reports whether it did. «فرم ۵
// رو پاک نکن»: a deletion the command denies asks for nothing, and the
// form it names is the one the next clause speaks of.
func (c clause) readRefusal(f *frame) bool {
	if i, _ := c.find(0, forbiddenWordsV); i >= 0 && !f.negated {
		f.forbidden = c[i].s
		return true
	}
	if i := c.allForms(); i >= 0 {
		f.forbidden = c[i].s
		return true
	}
	return false
}

// readCopy reads a request to copy a form, which the planner refuses:
// copying said outside a wording or a title, in a clause that names no
// question (whose subject it could be), is the act asked for.
func (c clause) readCopy(f *frame, used []bool) bool {
	if i := c.unusedAt(used, copyWordsV); i >= 0 && !c.hasQuestionNoun() {
		f.copies = c[i].s
		return true
	}
	return false
}

// readReports sets aside what the clause reports as done, and tells
// whether it reports a form already made.
func (c clause) readReports(used []bool) (madeAlready bool) {
	c.markReported(used)
	return c.reportsMaking(used)
}

// asksQuestion reports a command that is a question about the form, not
// an order: «فرم ۲ منتشر شده یا نه؟» (yes or no), «فرم ۴ را منتشر کنم
// یا پیش‌نویس بمونه؟» (either or), «آیا فرم ۸ منتشر شده است؟» (its
// state). A request said as a question («میشه فرم ۳ رو منتشر کنی؟»)
// asks for neither and stays an order.
// askingPredicates ask where, what or which something is: «کجاست»,
// «چیه», «کدومه».
var askingPredicates = []string{"کجاست", "کجاس", "کجان", "کجاهاست", "چیه", "چیست", "چیان", "کدومه", "کدامست", "کدوماست", "چنده", "چطوره", "چجوریه"}

// ordersOrOpens reports a light verb of an order («باز کن ببینم جوابا
// چیه») or a page named («نتایج فرم ۷ کجاست؟», which opens the
// results): what asks after them is no question about the form.
func ordersOrOpens(toks []token) bool {
	c := clause(toks)
	for i, t := range c {
		if !t.quoted && (lightVerbSet[t.m] || c.atAny(i, resultsWordsV) > 0 || c.atAny(i, openWordsV) > 0 || c.atAny(i, editorWordsV) > 0) {
			return true
		}
	}
	return false
}

// saysFormOrQuestion reports a form's or a question's noun.
func saysFormOrQuestion(toks []token) bool {
	c := clause(toks)
	for i, t := range c {
		if !t.quoted && (t.qnoun || c.atAny(i, formNounsV) > 0) {
			return true
		}
	}
	return false
}

func asksQuestion(toks []token) bool {
	// «… پاک کنم یا نه؟ (بعداً تصمیم می‌گیرم)»: a remark in parentheses
	// after the question mark leaves the command a question.
	end := len(toks)
	if end > 2 && toks[end-1].punct && toks[end-1].m == ")" {
		for k := end - 2; k > 0; k-- {
			if toks[k].punct && toks[k].m == "(" {
				if toks[k-1].punct && isAny(toks[k-1].m, "?", "؟") {
					end = k
				}
				break
			}
		}
	}
	toks = toks[:end]
	n := len(toks)
	for n > 0 && toks[n-1].punct && isAny(toks[n-1].m, "?", "؟", "!", ".") {
		n--
	}
	// «دکمه انتشار فرم ۱۲ کجاست», «عنوان سوال دوم چیه»: a predicate that
	// asks, said last, makes a question with or without its mark.
	if n > 1 && !toks[n-1].quoted && isAny(toks[n-1].m, askingPredicates...) && saysFormOrQuestion(toks[:n-1]) && !ordersOrOpens(toks[:n-1]) {
		return true
	}
	for n < len(toks) && toks[n].m == "." {
		n++ // a full stop is no question mark
	}
	if n == len(toks) || n == 0 || toks[n-1].quoted {
		return false
	}
	last := toks[n-1].m
	if n > 1 && isAny(toks[n-2].m, "یا", "or") && isAny(last, "نه", "خیر", "not", "no") {
		return true
	}
	// «فرم ۲۰ منتشره؟», «فعاله؟», «منتشر هست؟», «is form 20 published?»:
	// a state said with its copula and a question mark asks what is.
	if isAny(last, stateWords...) && copulaTypedOn(toks[n-1].s) && !copulaTypedOn(last) {
		return true
	}
	if base, ok := cutCopula(last); ok && isAny(base, stateWords...) {
		return true // «فعاله؟», «اجباریح؟»: the copula typed on, heard or typed as ح
	}
	if n > 1 && isAny(last, "است", "هست", "هستن", "هستند") && isAny(toks[n-2].m, stateWords...) {
		return true
	}
	if !toks[0].quoted && isAny(toks[0].m, "is", "are", "was", "were", "has", "have", "does", "did") && !politeAsk(toks[:n]) {
		return true
	}
	if isAny(last, "شده", "شد", "شدن", "شدند") || n > 1 && isAny(last, "است", "هست", "اند") && isAny(toks[n-2].m, "شده", "شدهاند") {
		return true
	}
	// «should I delete form 3?», «can we publish it?»: asking whether.
	for k := 0; k+1 < n; k++ {
		if !toks[k].quoted && isAny(toks[k].m, "should", "shall", "do", "must") && isAny(toks[k+1].m, "i", "we") {
			return true
		}
	}
	either, mine := false, false
	for _, t := range toks[:n] {
		if t.quoted || t.list != nil {
			continue
		}
		if isAny(t.m, "یا", "or") {
			either = true
		}
		if isAny(t.m, firstPersonVerbs...) || isAny(t.m, "بمونه", "بماند", "بمانه", "بشه؟") {
			mine = true
		}
	}
	return either && mine
}

// politeAsk reports «is it possible to …», «would it be ok to …»: an
// order asked politely, not a question about the form.
func politeAsk(toks []token) bool {
	for _, t := range toks {
		if !t.quoted && isAny(t.m, "possible", "ok", "okay", "please") {
			return true
		}
	}
	return false
}

// stateWords name the state a form is in, which «؟» after its copula
// asks about.
var stateWords = []string{"منتشر", "پیشنویس", "غیرفعال", "فعال", "بسته", "باز", "اجباری", "الزامی", "اختیاری", "published", "active", "open", "closed", "live", "draft", "disabled"}

// cutCopula takes the copula «ـه» (is) off a word, also when it is typed
// by its sound as «ح»: «منتشره», «اجباریح».
func cutCopula(m string) (string, bool) {
	r, size := utf8.DecodeLastRuneInString(m)
	if size == 0 || soundClass(r) != 'ه' {
		return m, false
	}
	return m[:len(m)-size], true
}

// copulaTypedOn reports a word that ends in the copula «ـه» or its
// sound-alike «ح».
func copulaTypedOn(s string) bool {
	_, ok := cutCopula(s)
	return ok
}

// speakerWillDo reports a clause in which the speaker says what they
// will do themselves: «خودم اضافه می‌کنم», «بعداً می‌سازمش».
func (c clause) speakerWillDo() bool {
	for _, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, "خودم", "خودمون", "خودمان", "میکنم", "میکنیم", "میسازم", "میسازیم", "میذارم", "میذاریم", "میگذارم", "میزنم", "میافزایم", "خواهمکرد", "انجاممیدهم") {
			return true
		}
	}
	return false
}

// openers are what a speaker says before the order to hold the
// listener: «خب»، «ببین»، «یعنی», «ok so».
var openers = []string{"خب", "خوب", "ببین", "ببینید", "ببینین", "یعنی", "اممم", "امم", "ok", "okay", "so", "well",
	// the connectives a formal letter opens its order with: «علی‌هذا، …»,
	// «لذا …», «بدین‌وسیله …».
	"علیهذا", "لذا", "بنابراین", "بدینوسیله", "therefore"}

// dropOpeners takes the openers off the start of a command when an
// order with a verb of its own follows: «خب ببین فرم ۲۳ رو منتشر کن»
// asks to publish, not to show.
func dropOpeners(toks []token) []token {
	i := 0
	for i < len(toks) && !toks[i].quoted && (isAny(toks[i].m, openers...) || toks[i].punct && isAny(toks[i].m, "،", ",")) {
		i++
	}
	if i == 0 || i == len(toks) {
		return toks
	}
	end := i
	for end < len(toks) && !(toks[end].punct && isAny(toks[end].m, ".", "؛", ";", "!", "؟", "?")) {
		end++
	}
	if !clause(toks[i:end]).hasVerb() {
		return toks
	}
	return toks[i:]
}

// dropSpeakerActs takes out each sentence (up to «.», «؛», «!» or «؟»)
// in which the speaker says what they will do themselves: «…؛ پرسش‌ها
// را بعداً خودم اضافه می‌کنم».
func dropSpeakerActs(toks []token) []token {
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !(toks[i].punct && isAny(toks[i].m, ".", "؛", ";", "!", "؟", "?")) {
			continue
		}
		if clause(toks[start:i]).speakerWillDo() {
			end := min(i+1, len(toks))
			return dropSpeakerActs(append(append(make([]token, 0, len(toks)), toks[:start]...), toks[end:]...))
		}
		start = i + 1
	}
	return toks
}

// dropClosers takes off the courtesies after a closing question mark,
// «… پاک کنم؟ ممنون»: the command stays the question it is.
func dropClosers(toks []token) []token {
	toks = dropThanks(toks)
	n := len(toks)
	for n > 0 && !toks[n-1].quoted && (isAny(toks[n-1].m, thankWords...) || courtesy(toks[n-1].m) || fillers[toks[n-1].m] || isAny(toks[n-1].m, questionTags...) ||
		toks[n-1].punct && !isAny(toks[n-1].m, "؟", "?")) {
		n--
	}
	if n == len(toks) || n == 0 || !toks[n-1].punct || !isAny(toks[n-1].m, "؟", "?") {
		return toks
	}
	return toks[:n]
}

// questionTags are the words a spoken question trails off with, «…
// پاک کنم؟ دیه», «… حذف کنیم؟ خب»: they ask for an answer, not for the
// act.
var questionTags = []string{"دیه", "دیگه", "دیگ", "دگه", "خب", "خوب", "پس", "حالا", "اصن", "dige", "khob"}

// closingThanks are the thanks and courtesies a command may end with.
var closingThanks = []string{"میشم", "میشوم", "پیشاپیش", "ازت", "ازتون", "ازشما", "لطفا", "لطفاً", "please", "pls", "پلیز", "mersi", "merci", "mamnoon", "mamnun", "mamnunam", "mamnoonam", "مرسی", "ممنون", "ممنونم", "سپاس", "سپاسگزارم", "متشکرم", "تشکر", "thanks", "thx", "thank", "you", "خیلی"}

// dropThanks takes off the thanks a command ends with, «… ممنون»,
// «… مرسی», so that they end no unquoted wording or title: «اسمش
// سفارش کیک تولد ممنون» names the form «سفارش کیک تولد».
func dropThanks(toks []token) []token {
	n := len(toks)
	thanked := false
	for n > 0 && !toks[n-1].quoted && (isAny(toks[n-1].m, closingThanks...) || toks[n-1].punct && isAny(toks[n-1].m, "،", ",", ".", "!")) {
		thanked = thanked || isAny(toks[n-1].m, thankWords...) || isAny(toks[n-1].m, "mersi", "merci", "mamnoon", "mamnun", "thank", "پلیز", "please", "لطفا", "لطفاً")
		n--
	}
	if !thanked || n == 0 {
		return toks
	}
	return toks[:n]
}

// greetingWords open a command with a greeting or a plea: «سلام، …»,
// «لطفا …», «با سلام و احترام، …».
var greetingWords = []string{"سلام", "درود", "لطفا", "لطفاً", "لطفن", "خواهشا", "please", "hi", "hello", "salam", "lotfan", "با", "و", "احترام", "علیکم", "وقت", "بخیر", "عرض", "ادب"}

// dropGreetings takes the greeting or plea off the start of a command,
// whatever follows: «سلام، عنوان: …» is read as «عنوان: …», «لطفا فرم
// سیزده و فرم چهارده را …» as the order itself.
func dropGreetings(toks []token) []token {
	i := 0
	greeted := false
	// «یا علی، …», «یا حق …»: a call on a holy name opening a command is
	// a greeting; nowhere else is «یا» anything but "or".
	if len(toks) > 2 && !toks[0].quoted && !toks[1].quoted && toks[0].m == "یا" && isAny(toks[1].m, "علی", "حق", "حسین", "ابوالفضل", "الله", "زهرا", "مهدی", "رضا") {
		i, greeted = 2, true
	}
	for i < len(toks) && !toks[i].quoted && (isAny(toks[i].m, greetingWords...) || toks[i].punct && isAny(toks[i].m, "،", ",", "!", "؛")) {
		greeted = greeted || isAny(toks[i].m, "سلام", "درود", "لطفا", "لطفاً", "لطفن", "خواهشا", "please", "hi", "hello", "salam", "lotfan")
		i++
	}
	// «با …» and «و …» alone open no greeting: «با سلام» does.
	if !greeted || i == len(toks) {
		return toks
	}
	for i > 0 && isAny(toks[i-1].m, "با", "و") {
		i--
	}
	return toks[i:]
}

// blessings are, by their first word, the religious and polite formulas said around an
// order, anywhere in it: «ان‌شاءالله اول فرم ۴۰ رو …», «… حذف نکنید
// خواهش می‌کنم؛ فقط …», «خدا خیرتون بده». They say nothing of the act
// and are taken out whole, so that no clause is read with them.
var blessings = func() map[string][][]string {
	out := map[string][][]string{}
	for _, p := range []string{
		"ان‌شاءالله", "انشالله", "انشاالله", "ایشالا", "ایشالله", "ان شاءالله", "ان شاالله", "inshallah", "ماشاءالله",
		"خواهش می‌کنم", "خواهش میکنم", "خواهش می‌کنیم", "خواهش میکنیم", "التماس دعا",
		"خدا خیرتون بده", "خدا خیرت بده", "خدا خیرتان دهد", "خدا خیرتان بدهد", "خدا قوت", "خدا حفظتون کنه",
		"ان شاء الله", "انشاء الله", "ان شا الله", "انشاءالله", "به امید خدا", "با صلوات", "بسم الله", "بسم الله الرحمن الرحیم",
		"الحمدلله", "الحمد لله", "خدا رو شکر", "خدا را شکر", "شکر خدا", "اجرکم عندالله", "اجرتون با خدا", "اجرتان با خدا",
		"قربون دستت", "قربون دستتون", "قربان دستتان", "قربونت برم", "فدات شم", "خیر ببینی", "خیر ببینید", "خیر ببینین",
		"عاقبت بخیر شید", "عاقبت بخیر بشید", "عاقبت به خیر شوید", "دستت درد نکنه", "دستتون درد نکنه", "دست شما درد نکند",
		"خسته نباشید", "خسته نباشی", "خسته نباشین", "ممنون از زحماتتون", "ممنون از زحماتت", "با تشکر از زحمات شما",
		"به حق پنج تن", "التماس دعای خیر", "محتاجیم به دعا",
	} {
		ws := strings.Fields(matchForm(p))
		out[ws[0]] = append(out[ws[0]], ws)
	}
	return out
}()

// dropBlessings takes the blessings out of a command; a command with
// none is returned as it is.
func dropBlessings(toks []token) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		n := 0
		if !toks[i].quoted {
			for _, b := range blessings[toks[i].m] {
				if len(b) > n && blessingAt(toks, i, b) {
					n = len(b)
				}
			}
		}
		if n == 0 {
			if out != nil {
				out = append(out, toks[i])
			}
			continue
		}
		if out == nil {
			out = append(make([]token, 0, len(toks)), toks[:i]...)
		}
		i += n - 1
	}
	if out == nil {
		return toks
	}
	return out
}

// blessingAt reports the words of b at toks[i:], none of them quoted.
func blessingAt(toks []token, i int, b []string) bool {
	if i+len(b) > len(toks) {
		return false
	}
	for k, w := range b {
		if toks[i+k].quoted || toks[i+k].m != w {
			return false
		}
	}
	return true
}

// textedShortWords reads the one-letter words of texting: «ی سوال» is
// «یه سوال» (a question), «ب فرم ۱۲» is «به فرم ۱۲». A letter in a list
// of lettered options («الف/ب/ج») or quoted stays a letter.
func textedShortWords(toks []token) []token {
	for i := range toks {
		t := &toks[i]
		if t.quoted || t.m != "ی" && t.m != "ب" {
			continue
		}
		if i+1 >= len(toks) || toks[i+1].punct || toks[i+1].quoted && t.m == "ب" || i > 0 && toks[i-1].punct && isAny(toks[i-1].m, "/", "،", ",", "(") ||
			i > 0 && letterWord(toks[i-1]) || letterWord(toks[i+1]) {
			continue
		}
		if t.m == "ی" {
			t.m = "یه"
		} else {
			t.m = "به"
		}
		t.r0 = firstRune(t.m)
	}
	return toks
}

// clippedDige reads the particle «دیگه» («come on», «already») as it
// is said clipped in speech, «دیه» (the «گ» dropped between vowels, as
// a Tabrizi says it) or «دگه», where it ends a sentence: «… سرمه ای
// دیه», «… بذار دیه.». There it is the particle, which ends a list or a
// wording as «دیگه» does; inside a sentence «دیه» stays the word it
// spells.
func clippedDige(toks []token) []token {
	for i := range toks {
		t := &toks[i]
		if t.quoted || !isAny(t.m, "دیه", "دگه") || i+1 < len(toks) && !toks[i+1].punct {
			continue
		}
		t.m, t.r0 = "دیگه", 'د'
	}
	return toks
}

// letterWord reports a word that is one letter, or «الف»: an item of a
// list of lettered options.
func letterWord(t token) bool {
	return !t.quoted && !t.punct && !t.isNum && (t.m == "الف" || utf8.RuneCountInString(t.m) == 1)
}

// tellVerbs ask the listener to say something to someone: «بگو», «بگید».
var tellVerbs = []string{"بگو", "بگید", "بگویید", "بگین", "بگی"}

// toldToOther reports «به علی بگو فرم ۱۲ رو پاک کنه»: an order to be
// passed on to a person named after «به», whose own verb follows in the
// third person. It orders the planner nothing; acting on it would act
// for someone else.
func toldToOther(toks []token) bool {
	for i := 1; i+1 < len(toks) && i < 5; i++ {
		if toks[i].quoted || !isAny(toks[i].m, tellVerbs...) {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			t := toks[k]
			if t.quoted || t.punct || t.isNum || t.qnoun || clause(toks).atAny(k, formNounsV) > 0 {
				break
			}
			if t.m == "به" && k < i-1 {
				return true
			}
		}
	}
	return false
}

// asksOnly reports a command all of whose sentences ask rather than
// order: «فرم ۲۹ چن تا سوال داره؟ چیکار کنم بفهمم» asks how many
// questions a form has and how to find out. A sentence asks when it
// ends in a question mark and holds a word of asking («چند»,
// «کدوم»…), or opens with «چرا», «چطور», «چیکار»; a verb of making,
// adding or placing in it is an order however it ends.
func asksOnly(toks []token) bool {
	// No question mark, no sentence that asks: most commands stop here.
	if !slices.ContainsFunc(toks, func(t token) bool { return t.punct && isAny(t.m, "؟", "?") }) {
		return false
	}
	asked, start := false, 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !(toks[i].punct && isAny(toks[i].m, ".", "!", "؟", "?", "؛", ";")) {
			continue
		}
		end := i
		if i < len(toks) && isAny(toks[i].m, "؟", "?") {
			end = i + 1
		}
		if s := toks[start:min(end, len(toks))]; len(s) > 0 && !(len(s) == 1 && s[0].punct) {
			mark := s[len(s)-1].punct && isAny(s[len(s)-1].m, "؟", "?")
			switch {
			case ordersIn(s):
				return false
			case mark && asksIn(s):
				asked = true
			case opensWithHow(s):
			default:
				return false
			}
		}
		start = i + 1
	}
	return asked
}

// ordersIn reports a verb of making, adding, placing or a light verb
// in the sentence: it orders something.
func ordersIn(s []token) bool {
	c := clause(s)
	for k, t := range s {
		if t.quoted || t.punct {
			continue
		}
		if c.atAny(k, addVerbsV) > 0 || c.atAny(k, placeVerbsV) > 0 || c.createVerbAt(k) || clauseVerbSet[t.m] && t.m != "کنم" {
			return true
		}
	}
	return false
}

// asksIn reports an unquoted word of asking in the sentence.
func asksIn(s []token) bool {
	for _, t := range s {
		if !t.quoted && isAny(t.m, interrogatives...) {
			return true
		}
	}
	return false
}

// opensWithHow reports a sentence whose first word asks why, how or
// what to do («چیکار کنم بفهمم»).
func opensWithHow(s []token) bool {
	for _, t := range s {
		if t.punct || fillers[t.m] {
			continue
		}
		return !t.quoted && (isAny(t.m, whyHowWords...) || isAny(t.m, "چیکار", "چکار", "چیکارش"))
	}
	return false
}

// helpNouns name a note shown with a question: its help text.
var helpNouns = []string{"توضیح", "توضیحات", "راهنما", "راهنمای", "راهنمایی"}

// helpTextAsked returns the word of a help text asked for a question
// that is there already — «سوال اول فرم ۳: زیرش یه توضیح بنویس»,
// «برای سوال ۲ یه راهنما بذار» — which no plan can set; the note is not
// a new question's kind («سوال توضیحی») nor the wording of one, and the
// question is left as it is. A command that adds a question («یه سوال
// …») is read as ever.
func helpTextAsked(toks []token) string {
	c := clause(toks)
	at := -1
	for i, t := range toks {
		if !t.quoted && (isAny(t.m, helpNouns...) || isAny(t.s, helpNouns...)) && (i == 0 || !toks[i-1].qnoun && !typeWords[toks[i-1].m]) {
			at = i
			break
		}
	}
	if at < 0 {
		return ""
	}
	named, verb := false, false
	for i, t := range toks {
		if t.quoted {
			continue
		}
		if t.qnoun && (c.newQuestionNoun(i) || isAny(t.m, pluralQuestionNouns...)) {
			return ""
		}
		if c.questionNumbered(i) {
			named = true
		}
		if i > at && (strings.HasPrefix(t.m, "بنویس") || placeVerbSet[t.m] || isAny(t.m, "اضافه", "add", "write", "put")) {
			verb = true
		}
	}
	if !named || !verb {
		return ""
	}
	return toks[at].s
}

// sendVerbs send or share: a form is not sent by a plan.
var sendVerbs = []string{"بفرست", "بفرستید", "بفرستین", "بفرستش", "بفرستیدش", "share", "send", "شیرش", "فوروارد", "forward"}

// sendAsked returns the words that ask to send or share the form («لینکشو
// بفرست», «… برام ایمیل کن», «به همه پیامک بزن»), or "". Sending to the
// trash («بفرست تو سطل آشغال») is deleting, and is no sending.
func sendAsked(toks []token) string {
	for _, t := range toks {
		if !t.quoted && isAny(t.m, "سطل", "زباله", "آشغال", "trash", "bin", "recycle") {
			return ""
		}
	}
	for i, t := range toks {
		if t.quoted || t.punct {
			continue
		}
		if isAny(t.m, sendVerbs...) {
			return t.s
		}
		// «ارسال کن», «ارسال شود», «شیر کن»: the noun of sending with its
		// verb; «برای ارسال کد …» names a purpose.
		if isAny(t.m, "ارسال", "شیر") && i+1 < len(toks) && !toks[i+1].quoted && (lightVerbSet[toks[i+1].m] || isAny(toks[i+1].m, "شود", "شه", "بشه", "گردد", "بشود")) {
			return t.s + " " + toks[i+1].s
		}
		// «ایمیل کن», «پیامک بزن»: a message said as the act.
		if isAny(t.m, "ایمیل", "email", "پیامک", "sms", "اساماس") && i+1 < len(toks) && !toks[i+1].quoted && isAny(toks[i+1].m, "کن", "کنید", "کنین", "بکن", "بزن", "بزنید", "بزنین", "بده", "بدید") {
			return t.s + " " + toks[i+1].s
		}
	}
	return ""
}
