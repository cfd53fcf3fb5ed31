package persian

import (
	"strings"
	"unicode/utf8"
)

// The story before the order. Admins often first tell what the form is
// for — the event, its date and place, who comes, what happened last
// time — and give the order after it, or between two parts of it:
// «ما هفته بعد یه کارگاه داریم برای ۴۰ نفر. میشه به فرم ۳۲ یه سوال
// اضافه کنید؟», «پارسال فرم رو حذف کردیم و کلی آدم گله کردن. امسال فقط
// سوال سوم رو اختیاری کنید». The story's words are no part of the
// order: its date is no time to act, its head-count no count of
// questions, a deletion it tells of no order to delete.
//
// What tells the two apart is the verb. A sentence of the story states
// something: its verb is in the present or the past of a subject of its
// own («داریم», «برگزار می‌شه», «شرکت می‌کنن», «بود», «کردیم», «گفت»,
// «نیست»). A sentence of the order commands: an imperative («بسازید»,
// «پاکش کنین»), a subjunctive after a wish or a courtesy («می‌خوام …
// بسازید», «میشه … اضافه کنید؟»), a formal passive («… ایجاد گردد»), a
// denial («پاک نکنید»). A sentence of neither kind (a greeting, a bare
// form named, a wording said alone) is kept as it is.

// storyConnectorsV join the story to the order that follows from it
// inside one sentence: «…، برای همین لطفاً …», «…، پس …».
var storyConnectorsV = newVocab("برای همین", "برا همین", "واسه همین", "به همین خاطر", "به همین دلیل", "به همین جهت", "بنابراین", "بنابرین", "لذا", "از این رو", "ازاینرو", "پس")

// correctionNoticeV correct an order said before: «اصلاحیه: منظور …».
var correctionNoticeV = newVocab("اصلاحیه", "منظور", "منظورم", "منظورمون")

// contrastAt returns how many words at i open an order against the
// story told before it — «امسال», «این بار», «این دفعه», "this time" —
// or 0. (Not a vocab: a vocab's words count as read everywhere, and
// «این دفعه» may be a wording's.)
func (c clause) contrastAt(i int) int {
	switch {
	case c[i].quoted:
		return 0
	case isAny(c[i].m, "امسال", "اینبار", "ایندفعه", "اینسری"):
		return 1
	case i+1 < len(c) && !c[i+1].quoted && (c[i].m == "این" && isAny(c[i+1].m, "بار", "دفعه", "سری") || c[i].m == "this" && isAny(c[i+1].m, "time", "year")):
		return 2
	}
	return 0
}

// storyWords open the reading: a mark that ends a sentence, or a word
// that starts a connector.
var storyWords = []string{".", "؛", ";", "!", "،", ",", "همین", "بنابراین", "بنابرین", "لذا", "ازاینرو", "پس"}

// requestWords make a sentence a request whatever its verb: «لطفاً»,
// «خواهشمندم», «بی‌زحمت», «می‌خوام», «می‌تونید».
// englishOrderVerbs are the English imperatives of the acts: «publish
// form 12», "add a question".
var englishOrderVerbs = []string{"add", "publish", "unpublish", "create", "make", "build", "delete", "remove", "close", "disable", "draft",
	"rename", "move", "copy", "duplicate", "clone", "set", "change", "put", "insert", "archive", "hide"}

var requestWords = []string{"لطفا", "لطفاً", "لطفن", "خواهشا", "خواهشاً", "خواهشمندم", "خواهشمند", "خواهشمندیم", "بیزحمت", "مستدعی", "مقتضی",
	"میخوام", "میخواهم", "میخوایم", "میخواهیم", "میخواستم", "میخواستیم", "مخوام", "میتونی", "میتونید", "میتونین", "میتوانید", "میتوانی",
	"please", "can", "could", "would"}

// orderVerbs are the verbs of an order: the light verbs in the
// imperative and the subjunctive of the person addressed or of the
// passive, and the imperatives of the acts.
var orderVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"کن", "کنید", "کنین", "کنی", "بکن", "بکنید", "بکنین", "بکنی", "کنیدش", "کنینش", "بکنش", "بکنیدش", "بکنینش",
		"نما", "نمایید", "نمائید", "نمایین", "بنمایید", "فرمایید", "فرمائید", "بفرمایید", "بفرمائید", "بفرمایین", "فرمایین",
		"شود", "بشود", "بشه", "شه", "گردد", "گردند", "شوند", "بشن", "بشوند", "یابد", "یابند", "باشه", "باشد", "باشند", "باشن",
		"بده", "بدید", "بدین", "بدهید", "دهید", "بدش", "بیفزا", "بیفزایید", "بیافزایید", "بگنجانید", "بگنجان"} {
		m[w] = true
	}
	for _, list := range [][]string{createVerbs, placeVerbs, takeVerbs, moveVerbs, returnVerbs, outVerbs} {
		for _, w := range list {
			// «بساز», «بذارید», «ببرش», «دربیارید» — not «درست», which
			// is no verb of its own.
			if strings.HasPrefix(w, "ب") || strings.HasPrefix(w, "دربی") {
				m[w] = true
			}
		}
	}
	return m
}()

// pastStems are the past stems of the verbs a story tells with: «کرد»,
// «شد», «بود», «گفت», «بست» …
var pastStems = []string{"کرد", "شد", "بود", "داشت", "گفت", "رفت", "اومد", "آمد", "امد", "گرفت", "بست", "زد", "داد", "ساخت", "گذاشت", "ذاشت", "فرستاد", "پرید", "افتاد", "موند", "ماند", "خواست", "دید", "نوشت", "رسید", "پرسید", "کشید", "برد", "آورد", "اورد", "اومدن", "تونست", "توانست", "دونست", "دانست", "شنید"}

// pastEndings are the person endings after a past stem, and those of
// its participle.
var pastEndings = []string{"", "م", "ی", "یم", "ید", "ین", "ن", "ند", "ه", "هام", "های", "هایم", "هاید", "هاند", "هان", "هایم", "ن"}

// passiveOrders are the verbs of a passive order, «… منتشر بشه», «…
// ایجاد گردد»: after «قراره» they tell what is arranged.
var passiveOrders = []string{"شود", "بشود", "بشه", "شه", "گردد", "گردند", "شوند", "بشن", "بشوند", "باشه", "باشد"}

// othersCan say what someone else can or wants to do: the verb after
// them is theirs, not an order: «می‌تونه بره», «می‌خوان بیان».
var othersCan = []string{"میتونه", "میتونن", "میتواند", "میتوانند", "نمیتونه", "نمیتونن", "نمیتواند", "نمیتوانند", "میخواد", "میخوان", "میخواهد", "میخواهند", "نمیخواد", "نمیخوان"}

// stateVerbs are the verbs of having and being a story says: «داریم»,
// «است», «نیست».
var stateVerbs = []string{"دارم", "داریم", "داره", "دارد", "دارن", "دارند", "دارید", "دارین", "ندارم", "نداریم", "نداره", "ندارد", "ندارن", "ندارند", "باید", "نباید",
	"have", "has", "had", "was", "were", "will", "did", "happened", "starts", "ends", "begins"}

// notVerbsOfMi are words that start with «می» and are no verb.
var notVerbsOfMi = []string{"میز", "میزان", "میانگین", "میلیون", "میلیارد", "میوه", "میدان", "میدون", "میهمان", "مهمان", "میراث", "میل", "میخ", "میس", "میکس"}

// statesVerb reports a verb of a statement: the present with «می»
// («برگزار می‌شه», «میان»), the past («کردیم», «بستیم», «گفت», «شده
// بود»), having («داریم», «باید»), and being (copula).
func statesVerb(t token) bool {
	return copula(t) || eventVerb(t)
}

// eventVerb reports a verb of a statement other than being: something
// done, had or happening.
func eventVerb(t token) bool {
	if t.quoted || t.punct || t.isNum {
		return false
	}
	m := typedKey(t)
	if storyWordSet[m]&wordRequests != 0 {
		return false
	}
	if storyWordSet[m]&wordStates != 0 {
		return true
	}
	if r, _ := utf8.DecodeRuneInString(m); !eventStarts.mayHave(r) {
		return false
	}
	if rest, ok := strings.CutPrefix(m, "نمی"); ok && utf8.RuneCountInString(rest) >= 2 {
		return true
	}
	if rest, ok := strings.CutPrefix(m, "می"); ok && utf8.RuneCountInString(rest) >= 2 && !isAny(m, notVerbsOfMi...) {
		return true
	}
	for _, w := range [2]string{m, strings.TrimPrefix(m, "ن")} {
		for _, st := range pastStems {
			rest, ok := strings.CutPrefix(w, st)
			if !ok {
				continue
			}
			if isAny(rest, pastEndings...) {
				return true
			}
			// «ندیدتش», «کردیمش», «بستنش»: an object's pronoun on.
			for _, cl := range []string{"ش", "تش", "شون", "شو", "شان"} {
				if r, ok := strings.CutSuffix(rest, cl); ok && isAny(r, pastEndings...) {
					return true
				}
			}
		}
	}
	return false
}

// copulaVerbs are the verbs of being: «است», «نیست», «هست».
var copulaVerbs = []string{"است", "هست", "هستش", "هستن", "هستند", "هستیم", "نیست", "نیستن", "نیستند", "نیستیم", "اند", "ایم", "is", "are", "isnt", "arent"}

// copula reports a verb of being, alone or joined on («روزه‌ست»,
// «ساله‌ان»): a sentence of it alone says what something is.
func copula(t token) bool {
	if t.quoted || t.punct {
		return false
	}
	if storyWordSet[t.m]&wordCopula != 0 {
		return true
	}
	for _, suf := range []string{"\u200cست", "\u200cاست", "\u200cاند", "\u200cان", "\u200cایم"} {
		if strings.HasSuffix(t.s, suf) {
			return true
		}
	}
	return false
}

// ordersVerb reports a verb or a word that makes its sentence an order:
// an imperative or subjunctive of the acts, a denial, a request.
func ordersVerb(t token) bool {
	if t.quoted || t.punct {
		return false
	}
	m := typedKey(t)
	if orderVerbs[m] || negativeVerbs[m] || storyWordSet[m]&wordRequests != 0 || deniedVerb(m) {
		return true
	}
	// «ببرید», «ببندین», «بنویسیدش»: an imperative of the person
	// addressed. («بازدید» is a noun.)
	if !strings.HasPrefix(m, "ب") || isAny(m, "بازدید", "بازدیدش", "بازدیدید") {
		return false
	}
	for _, end := range []string{"ید", "ین", "یدش", "ینش"} {
		if stem, ok := strings.CutSuffix(m, end); ok && utf8.RuneCountInString(stem) >= 3 {
			return true
		}
	}
	return false
}

// typedKey is the key of the word as it was typed: a word read by its
// sound («برگزار» heard as «بگذار») orders nothing it did not say.
func typedKey(t token) string {
	if t.fuzzy {
		return matchForm(t.s)
	}
	return t.m
}

// Kinds of the words storyWordSet holds.
const (
	wordRequests    = 1 << iota // requestWords, englishOrderVerbs
	wordStates                  // stateVerbs
	wordCopula                  // copulaVerbs
	wordSubordinate             // subordinators
)

// storyWordSet holds the words a sentence is read by, looked up once
// for each word.
var storyWordSet = func() map[string]uint8 {
	m := map[string]uint8{}
	for _, l := range []struct {
		words []string
		kind  uint8
	}{{requestWords, wordRequests}, {englishOrderVerbs, wordRequests}, {stateVerbs, wordStates}, {copulaVerbs, wordCopula}, {subordinators, wordSubordinate}} {
		for _, w := range l.words {
			m[w] |= l.kind
		}
	}
	return m
}()

// eventStarts are the first letters of a verb eventVerb may read: «می»,
// «نمی» and the past stems, with or without «ن».
var eventStarts = firstRunes(append(append([]string{"می", "ن"}, pastStems...), stateVerbs...))

// subordinators open a clause of condition or time, which says when an
// order holds, not what happened: «اگه …», «وقتی …», «هروقت …».
var subordinators = []string{"اگه", "اگر", "چنانچه", "درصورتیکه", "درصورتی", "وقتی", "وقتیکه", "هروقت", "هرموقع", "زمانیکه", "if", "when", "once", "unless"}

// sentenceKind is what a sentence of a command does.
type sentenceKind uint8

const (
	sentenceOther sentenceKind = iota // a greeting, a form named, a wording
	sentenceStory                     // it states what is or was
	sentenceOrder                     // it orders, asks or denies
)

// kind reads a sentence: an order when a word of it orders or it asks
// («؟»), a story when it states with a verb of its own and orders
// nothing, else neither. A sentence that only says what something is
// («… دو روزه‌ست», «پاسخ به این پرسش الزامی است») is a story only
// before the order (afterOrder false): after it, it says what the
// order makes.
func (c clause) kind(afterOrder bool) sentenceKind {
	if len(c) > 0 && !c[0].quoted && c[0].m == "آیا" {
		return sentenceOrder // a question, with or without its mark
	}
	if c.has(correctionV) || c.has(correctionNoticeV) {
		// «اصلاحیه: منظور فرم ۴۱ بوده است»: a correction of the order
		// before it, not a story.
		return sentenceOrder
	}
	for k, t := range c {
		if !t.quoted && (storyWordSet[t.m]&wordSubordinate != 0 || t.m == "در" && k+1 < len(c) && isAny(c[k+1].m, "صورت", "صورتی")) {
			// «اگه جوابی نداره، پاکش کن»: a condition of the order,
			// which a plan cannot weigh — never a story to drop.
			return sentenceOrder
		}
	}
	if c.ownPlan() {
		// «ما یه همایش داریم و می‌خوایم ثبت‌نام کنیم»: what the
		// speaker means to do, told.
		return sentenceStory
	}
	planned := false
	for k, t := range c {
		// «فرم ۱۲ قراره هفته بعد بسته بشه», «قرار است … منتشر شود»:
		// what is arranged to happen, told; its verb orders nothing.
		planned = planned || !t.quoted && (t.m == "قراره" || t.m == "قرار" && k+1 < len(c) && isAny(c[k+1].m, "است", "بود", "بوده", "هست"))
	}
	event, being, asks, when, said := false, false, false, false, 0
	for k, t := range c {
		if planned && !t.quoted && isAny(t.m, passiveOrders...) || k > 0 && !t.quoted && isAny(c[k-1].m, othersCan...) {
			// «هر کس فقط یکی رو می‌تونه بره»: what someone else can
			// or wants to do, told.
			event = true
			continue
		}
		if t.punct && isAny(t.m, "؟", "?") || ordersVerb(t) && !(storyWordSet[t.m]&wordRequests != 0 && isLatin(t.m) && k+1 < len(c) && statesVerb(c[k+1])) {
			// («delete کردیم»: an English act with a Persian verb that
			// states is told, not ordered.)
			return sentenceOrder
		}
		event = event || eventVerb(t)
		being = being || copula(t) || !t.fuzzy && isAny(strings.TrimSuffix(t.m, "ه"), copulaStates...) && strings.HasSuffix(t.m, "ه")
		asks = asks || !t.quoted && (isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...))
		if t.quoted || t.punct || t.isNum {
			continue
		}
		if timeWordSet[t.m] || isAny(t.m, monthWords...) {
			when = true
		} else if !isAny(t.m, functionWords...) && !isAny(t.m, laterWords...) && !isAny(t.m, "تا", "آینده", "اینده") {
			said++
		}
	}
	switch {
	case afterOrder && asks:
		// «…؛ جواب دادن به این سوال اجباری است»: what the order makes.
		return sentenceOther
	case event || being && !afterOrder:
		return sentenceStory
	case !afterOrder && when && said >= 2 && !c.hasOrder() && !c.namesFormID() && !c.has(formNounsV) && !c.hasQuestionNoun():
		// «دکتر از هفته بعد مرخصیه», «جلسه سه‌شنبه ساعت ۴ عصره»: when
		// something is, said with its subject and a verb joined on
		// that no table holds.
		return sentenceStory
	}
	return sentenceOther
}

// storySentence is one sentence of a command: toks[lo:hi] its words,
// end the mark after it (hi at the command's end, -1 before a connector
// said with no mark).
type storySentence struct {
	lo, hi, end int
	kind        sentenceKind
}

// sentences parts a command at the marks that end a sentence and at a
// connector after a comma («…، برای همین …»).
func sentences(c clause) []storySentence {
	var out []storySentence
	lo, ordered := 0, false
	for i := 0; i <= len(c); i++ {
		cut, next := false, i+1
		switch {
		case i == len(c):
			cut = true
		case c[i].quoted:
		case c[i].punct && isAny(c[i].m, ".", "؛", ";", "!"):
			cut = true
		case c[i].punct && isAny(c[i].m, "،", ",") && i+1 < len(c):
			if n := c.atAny(i+1, storyConnectorsV); n > 0 && !(c[i+1].m == "پس" && i+2 < len(c) && c[i+2].m == "از") {
				cut, next = true, i+1
			}
		case i > lo && !c[i].punct && c[i].m != "پس" && !c[i-1].punct && c.atAny(i, storyConnectorsV) > 0:
			// «… داریم به همین خاطر یه فرم بسازید»: the connector with
			// no comma before it parts the sentence there.
			if i > lo {
				out = append(out, storySentence{lo: lo, hi: i, end: -1})
			}
			lo = i
			continue
		}
		if !cut {
			continue
		}
		if i > lo {
			out = append(out, storySentence{lo: lo, hi: i, end: i})
		}
		lo = next
	}
	out = leadingStories(c, out)
	if len(out) < 2 {
		// One sentence, however it ends: nothing to tell apart, and
		// most commands that open the reading stop here.
		return out
	}
	for k := range out {
		out[k].kind = clause(c[out[k].lo:out[k].hi]).kind(ordered)
		ordered = ordered || out[k].kind == sentenceOrder
	}
	// «دکتر دو تا شیفت داره. صبح ۸ تا ۱۲. عصر ۴ تا ۸.»: bare words
	// after a sentence of the story, before any order, go on telling it.
	for k := 1; k < len(out); k++ {
		if out[k].kind == sentenceOrder {
			break
		}
		if out[k].kind == sentenceOther && out[k-1].kind == sentenceStory && clause(c[out[k].lo:out[k].hi]).bare() {
			out[k].kind = sentenceStory
		}
	}
	return out
}

// bare reports words that name no form or question, order no act and
// quote nothing: what a story goes on with, not what an order names.
func (c clause) bare() bool {
	for _, t := range c {
		if t.quoted || t.qnoun {
			return false
		}
	}
	return !c.hasOrder() && !c.has(formNounsV)
}

// storyCut takes the story out of a command that tells one before or
// around its order, and returns the sentences taken, to be named back.
// Only a command that holds an order loses its story: told alone, a
// story is read as it is (a report, a question). When the order names
// no form of its own and points back («آن سؤال را اختیاری کنید»,
// «پاکش کنین»), the question or form the story last names stays in the
// story's place, as the sentence that names it.
func storyCut(toks []token) ([]token, []string) {
	c := clause(toks)
	if !c.mayTell() {
		return c, nil
	}
	ss := sentences(c)
	if len(ss) < 2 {
		return c, nil
	}
	orders, stories := 0, 0
	for _, s := range ss {
		switch s.kind {
		case sentenceOrder:
			orders++
		case sentenceStory:
			stories++
		}
	}
	if orders == 0 || stories == 0 {
		return c, nil
	}
	ownForm, ownQuestion := false, false
	for _, s := range ss {
		if s.kind == sentenceStory {
			continue
		}
		part := c[s.lo:s.hi]
		ownForm = ownForm || part.namesFormID() || part.has(newFormV)
		ownQuestion = ownQuestion || part.namesQuestionPlace()
	}
	// The question or form the order points back to: the last the
	// story names before the first order, else the last it names.
	var ref []token
	if !ownForm {
		firstOrder := len(ss)
		for k, s := range ss {
			if s.kind == sentenceOrder && k < firstOrder {
				firstOrder = k
			}
		}
		for k, s := range ss {
			if s.kind != sentenceStory || len(ref) > 0 && k > firstOrder {
				continue
			}
			if r := clause(c[s.lo:s.hi]).lastReferent(!ownQuestion); len(r) > 0 {
				ref = r
			}
		}
	}
	pointed := -1 // where «اون سوال» of an order stands, for ref to take its place
	if len(ref) > 0 && ref[0].qnoun {
		for _, s := range ss {
			if s.kind == sentenceStory {
				continue
			}
			for i := s.lo; i+1 < s.hi && pointed < 0; i++ {
				if !c[i].quoted && isAny(c[i].m, "اون", "آن", "همون", "همان", "همین", "این") && c[i+1].qnoun && !c[i+1].quoted &&
					!(i+2 < len(c) && (c[i+2].isNum || isOrdinal(c[i+2].m))) {
					pointed = i
				}
			}
		}
	}
	out := make([]token, 0, len(toks)+len(ref)+1)
	var told []string
	placed := len(ref) == 0
	afterStory := false
	for _, s := range ss {
		if s.kind == sentenceStory {
			told = append(told, surfaceOf(c[s.lo:s.hi]))
			afterStory = true
			continue
		}
		lo := s.lo
		if afterStory && !(c[lo].m == "پس" && lo+1 < len(c) && c[lo+1].m == "از") {
			// «…، برای همین لطفاً …»: the connector points back to the
			// story, and goes with it; so does «امسال», «این بار» (as
			// against then) opening the order.
			lo = min(lo+c.atAny(lo, storyConnectorsV), s.hi)
			if lo < s.hi {
				lo = min(lo+c.contrastAt(lo), s.hi)
			}
		}
		afterStory = false
		part := c[lo:s.hi]
		switch {
		case !placed && pointed >= lo && pointed < s.hi:
			// «… سوال پنجم فرم ۴۴ خیلی طولانیه. اون سوال رو اختیاری
			// کن»: «اون سوال» is the question the story names.
			out = append(append(append(out, c[lo:pointed]...), ref...), c[pointed+2:s.hi]...)
			placed = true
		case !placed && pointed < 0 && s.kind == sentenceOrder:
			// «… تکراریه. پاکش کنین»: the order's object is what the
			// story named, said before it.
			ro := wordToken("رو")
			ro.r0 = firstRune(ro.m)
			out = append(append(append(out, ref...), ro), part...)
			placed = true
		default:
			out = append(out, part...)
		}
		if s.end >= 0 && s.end < len(c) {
			out = append(out, c[s.end])
		}
	}
	return out, told
}

// mayTell reports a command that may hold a story: a mark that ends a
// sentence before its last word, a connector, or a verb that states or
// a word of time before its last comma. Most commands the reading opens for a comma
// or a final full stop stop here, before any sentence is read.
func (c clause) mayTell() bool {
	comma := -1
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.punct && isAny(t.m, ".", "؛", ";", "!") && i < len(c)-1 || !t.punct && (isAny(t.m, "همین", "بنابراین", "بنابرین", "لذا", "ازاینرو") || t.m == "پس" && i > 0 && c[i-1].punct) {
			return true
		}
		if t.punct && isAny(t.m, "،", ",") {
			comma = i
		}
	}
	for i := 0; i < comma; i++ {
		if statesVerb(c[i]) || !c[i].quoted && timeWordSet[c[i].m] {
			return true
		}
	}
	return false
}

// formNamedAt returns how many words from i name a form by its number
// («فرم ۳۲», «فرم شماره ۴۰»), or 0.
func (c clause) formNamedAt(i int) int {
	n := c.atAny(i, formNounsV)
	if c[i].quoted || n == 0 {
		return 0
	}
	if i+n < len(c) && !c[i+n].quoted {
		n += c.atAny(i+n, idMarkersV)
	}
	if i+n >= len(c) || !c[i+n].isNum || c[i+n].quoted {
		return 0
	}
	return n + 1
}

// namesFormID reports «فرم ۳۲»: a form named by its number.
func (c clause) namesFormID() bool {
	for i := range c {
		if c.formNamedAt(i) > 0 {
			return true
		}
	}
	return false
}

// namesQuestionPlace reports «سوال سوم», «سؤال ۲»: a question named by
// its place.
func (c clause) namesQuestionPlace() bool {
	for i := 0; i+1 < len(c); i++ {
		if !c[i].qnoun || c[i].quoted {
			continue
		}
		if _, ord := ordinal(c[i+1].m); ord || c[i+1].isNum && !c[i+1].quoted {
			return true
		}
	}
	return false
}

// lastReferent returns the words of the last form the story names by
// its number, with the question named before it («سوال چهارم فرم ۹۱»)
// when withQuestion.
func (c clause) lastReferent(withQuestion bool) []token {
	for i := len(c) - 2; i >= 0; i-- {
		n := c.formNamedAt(i)
		if n == 0 {
			continue
		}
		lo := i
		if withQuestion && i >= 2 && c[i-2].qnoun && !c[i-2].quoted {
			if _, ord := ordinal(c[i-1].m); ord || c[i-1].isNum {
				lo = i - 2
			}
		}
		return append([]token(nil), c[lo:i+n]...)
	}
	return nil
}

// storyLines ends each line of a command written on several lines with
// a mark, when one of its lines tells a story: a line is a sentence,
// and the mark lets storyCut see where it ends. A text on one line, or
// with no story line, is returned as it is.
func storyLines(text string) string {
	if strings.IndexByte(text, '\n') < 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	story := false
	for _, l := range lines {
		if clause(tokenize(surface(l))).kind(false) == sentenceStory {
			story = true
			break
		}
	}
	if !story {
		return text
	}
	var b strings.Builder
	for k, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		b.WriteString(l)
		if k < len(lines)-1 && l != "" && !strings.HasSuffix(l, ".") && !strings.HasSuffix(l, "؛") && !strings.HasSuffix(l, "!") && !strings.HasSuffix(l, "؟") && !strings.HasSuffix(l, ":") && !strings.HasSuffix(l, "،") {
			b.WriteString(" .")
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// stretchToAct returns a stretch of time counted before or after
// something — «دو روز قبل از اون», «یه هفته بعدش», «سه روز دیگه» —
// which says when to act, or "". Said in the order, it is refused; a
// duration («دو هفته ببند») is read elsewhere.
func (c clause) stretchToAct() string {
	for i := 0; i+2 < len(c); i++ {
		if c[i].quoted || !c[i].isNum || c[i+1].quoted || !isAny(c[i+1].m, timeUnits...) || c[i+2].quoted || !isAny(c[i+2].m, laterWords...) {
			continue
		}
		return surfaceOf(c[i : i+3])
	}
	return ""
}

// stateWords are the words of a form's state that a copula can be
// glued on: «غیرفعاله», «منتشره», «پیش‌نویسه», «فعاله».
var copulaStates = []string{"غیرفعال", "فعال", "منتشر", "پیشنویس", "بسته", "باز"}

// statedStates reads a state word with the spoken copula on it, «فرم ۶۲
// غیرفعاله» (it is closed), as the statement it is: the word heard by
// its sound as the bare state was the order to set it. Before a light
// verb («غیرفعاله کن» typed for «غیرفعال کن») it stays the order. It
// looks at the words read by their sound only, which most commands
// have none of.
func statedStates(toks []token) []token {
	var out []token
	for i, t := range toks {
		if !t.fuzzy || t.quoted || !isAny(t.m, copulaStates...) || matchForm(t.s) != t.m+"ه" {
			continue
		}
		if i+1 < len(toks) && !toks[i+1].quoted && (lightVerbSet[toks[i+1].m] || orderVerbs[toks[i+1].m]) {
			continue
		}
		if out == nil {
			out = append([]token(nil), toks...)
		}
		out[i].m, out[i].fuzzy, out[i].r0 = matchForm(t.s), false, firstRune(matchForm(t.s))
	}
	if out == nil {
		return toks
	}
	return out
}

// spokenPastPlural reports «کردن» at i said as the spoken «کردند»: the
// object marked with «رو/را» a few words before its act, and no form,
// question or quote after it that an infinitive would govern.
func (c clause) spokenPastPlural(i int) bool {
	if i+1 < len(c) && (c[i+1].quoted || c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0) {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-5; k-- {
		if c[k].punct {
			return false
		}
		if !c[k].quoted && isAny(c[k].m, "رو", "را") {
			return true
		}
	}
	return false
}

// leadingStories parts the story told at the start of a sentence, up to
// a comma, from the order after it: «کمپین یلدا شب ۳۰ آذر تموم میشه،
// فرم ۸۴ رو …», «سلام، ما یه همایش داریم هفته بعد، یه فرم بسازید …».
// Only leading parts are read so — each states with a verb of its own or
// is a greeting, naming no form or question — and only when what
// follows the last of them orders: a comma inside an order (a list of
// options, a remark) parts nothing.
func leadingStories(c clause, ss []storySentence) []storySentence {
	var out []storySentence
	for _, s := range ss {
		cut := -1 // the comma that ends the story
		story := false
		start := s.lo
		for i := s.lo; i < s.hi; i++ {
			if c[i].quoted {
				break
			}
			if !c[i].punct || !isAny(c[i].m, "،", ",") {
				continue
			}
			part := clause(c[start:i])
			if len(part) == 0 || part.has(formNounsV) || part.hasQuestionNoun() || part[len(part)-1].m == "که" {
				// «فرم ۸۰، بدون آنکه …، منتشر شود», «… خواستار آن است
				// که فرم ۸۰، …»: the order's own words go on past the
				// comma.
				break
			}
			switch part.kind(false) {
			case sentenceStory:
				story = true
			case sentenceOther:
				if !part.bare() {
					i = s.hi // the order's own words: no story before it
					continue
				}
			default:
				i = s.hi
				continue
			}
			cut, start = i, i+1
		}
		if !story || cut < 0 || cut+1 >= s.hi || clause(c[cut+1:s.hi]).kind(true) != sentenceOrder {
			out = append(out, s)
			continue
		}
		out = append(out, storySentence{lo: s.lo, hi: cut, end: cut}, storySentence{lo: cut + 1, hi: s.hi, end: s.end})
	}
	return out
}

// whenWords open a clause of the time an order is for: «وقتی ثبت‌نام
// تموم شد، فرم رو ببند», "once registration ends, …".
var whenWords = []string{"وقتی", "وقتیکه", "هروقت", "هرموقع", "زمانیکه", "همینکه", "when", "once", "whenever"}

// whenBefore returns the clause of time said before an order, «وقتی
// ثبت‌نام تموم شد», when it tells of something that is to happen, not
// of an act of the same command («وقتی ساختیش، منتشرش کن» puts two
// acts in order): the order is for then, which a plan cannot wait for.
// It returns "" when there is none.
func whenBefore(fs []*frame) string {
	for k := 0; k+1 < len(fs); k++ {
		f := fs[k]
		if len(f.toks) == 0 || f.toks[0].quoted || !isAny(f.toks[0].m, whenWords...) || f.hasIntent() || f.toks.actBefore(len(f.toks)) || f.toks.addresseeDid() {
			continue
		}
		if next := fs[k+1]; next.hasIntent() && !next.negated {
			return surfaceOf(f.toks)
		}
	}
	return ""
}

// addresseeDid reports a verb in the past of the person addressed,
// «ساختی», «کردید»: what the command's own reader will have done.
func (c clause) addresseeDid() bool {
	for _, t := range c {
		if t.quoted {
			continue
		}
		for _, st := range pastStems {
			if rest, ok := strings.CutPrefix(t.m, st); ok && isAny(rest, "ی", "ید", "ین", "یش", "یدش", "ینش") {
				return true
			}
		}
	}
	return false
}

// wishWords say what the speaker wants: «می‌خوام», «می‌خوایم».
var wishWords = []string{"میخوام", "میخوایم", "میخواهم", "میخواهیم", "میخواستم", "میخواستیم", "مخوام"}

// ownPlan reports a wish for what the speaker will do, not the reader:
// «می‌خوایم ثبت‌نام کنیم», «می‌خوام هفته بعد یه نظرسنجی بگیریم» — a wish
// word, a verb of the first person after it, no act of the form said
// and nothing ordered of the reader. («می‌خوام یه فرم بسازم» names the
// act: the speaker makes it with the planner, and it is the order.)
func (c clause) ownPlan() bool {
	wish, own := -1, false
	for i, t := range c {
		if t.quoted || t.punct {
			continue
		}
		switch {
		case wish < 0 && isAny(t.m, wishWords...):
			wish = i
		case wish >= 0 && firstPersonVerb(t.m):
			own = true
		case wish >= 0 && (orderVerbs[t.m] || negativeVerbs[t.m]):
			return false
		}
	}
	return own && !c.hasOrder() && !c.has(formNounsV) && !c.hasQuestionNoun()
}

// firstPersonVerb reports a verb of the first person in the
// subjunctive: «کنیم», «بگیریم», «بسازم».
func firstPersonVerb(m string) bool {
	if isAny(m, "کنیم", "کنم", "بکنیم", "بکنم", "باشیم", "باشم") {
		return true
	}
	if !strings.HasPrefix(m, "ب") {
		return false
	}
	for _, end := range []string{"یم", "م"} {
		if stem, ok := strings.CutSuffix(m, end); ok && utf8.RuneCountInString(stem) >= 3 {
			return true
		}
	}
	return false
}
