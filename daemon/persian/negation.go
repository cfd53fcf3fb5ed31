package persian

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// readNegation marks a clause that denies what it says: a negative verb
// («نکن», «نباید») that does not deny only the word before it, «لازم
// نیست» before an action, «خودداری». A pronoun suffix there makes the
// clause refer back to a form named before.
func (c clause) readNegation(f *frame) {
	// «فرم ۵ رو نه، …», «not form 5, …»: an object denied on its own.
	if n := len(c); n >= 2 && !c[n-1].quoted && isAny(c[n-1].m, "نه", "not") && (isAny(c[n-2].m, "را", "رو") || c[n-2].isNum || c.actEndsAt(n-1)) {
		f.negated = true // «فرم ۵۶ حذف نه، …»: the act denied, said as a note
	}
	if len(c) >= 3 && c[0].m == "not" && c.atAny(1, formNounsV) > 0 {
		f.negated = true
	}
	// «فرم ۸۸. حذف نه. پیش‌نویس.»: an act named and answered «نه» right
	// after it is the act denied.
	if n := len(c); n >= 2 && !c[n-1].quoted && isAny(c[n-1].m, "نه", "نخیر", "no", "not") {
		for k := max(0, n-4); k < n-1; k++ {
			end := k + max(c.atAny(k, actionWordsV), c.atAny(k, deleteWordsV), c.atAny(k, disableWordsV))
			for end < n-1 && c[end].punct && isAny(c[end].m, ":", "،", ",") {
				end++
			}
			if end > k && end == n-1 {
				f.negated = true
			}
		}
	}
	for i, t := range c {
		if t.quoted {
			continue
		}
		if (negativeVerbs[t.m] || deniedVerb(t.m)) && !c.negatesPredicate(i) && !c.reasonBeforeOrder(i) && !c.nobodyAfterOrder(i) {
			f.negated = true
		}
		if c.lestAt(i) {
			f.negated = true // «نکنه فرم ۲۳ رو پاک کنی», «فرم ۲۳ رو پاک نکنه»
		}
		if isAny(t.m, "نیست", "نیس") && i > 0 && isAny(c[i-1].m, needWords...) && c.negatesAction(i) {
			f.negated = true // «لازم نیست فرم ۶ منتشر بشه»
		}
		if isAny(t.m, deniedCopulas...) && c.nominalActDenied(i) {
			f.negated = true // «حذف فرم ۱۴ مد نظر نیست», «پاک کردن سوال دوم صلاح نمی‌باشد»
		}
		if isAny(t.m, needDeniedVerbs...) && c.actNotNeeded(i) {
			f.negated = true // «پرسش دوم نیازی به حذف ندارد»
		}
		if t.m == "عدم" && i+1 < len(c) && (c.atAny(i+1, deleteWordsV) > 0 || c.atAny(i+1, disableWordsV) > 0 || c.atAny(i+1, actionWordsV) > 0) {
			f.negated = true // «ضمن عدم حذف فرم ۲۴، …»: the act not to be done
		}
		// The denied verbs below all start with the negative «ن»; most
		// words do not, and pay one comparison.
		if !f.negated && strings.HasPrefix(t.m, "ن") {
			if i > 0 && deniedLightVerb(t.m) && c.actEndsAt(i) {
				f.negated = true // «فرم ۹ رو حذف نکونید»: a denied verb spelt as said
			}
			if isAny(t.m, deniedPresentVerbs...) && c.actEndsAt(i) {
				f.negated = true // «سوال ۲ رو حذف نمیکنیم», «پاکش نمی‌کنم»
			}
			if isAny(t.m, formalDeniedAux...) && c.actBefore(i) && !c.inActPhrase(i) {
				// «در خصوص حذف فرم ۹ اقدامی صورت نپذیرد», «با حذف فرم ۹
				// موافقت نمی‌شود»: the written register's auxiliary, denied,
				// says of the act before it that it is not to be done.
				f.negated = true
			}
			if isAny(t.m, "نداره", "ندارد") && c.actEndsAt(i) {
				f.negated = true // «فرم ۹ دیگه پاک کردن نداره»
			}
			if isAny(t.m, intentDeniedVerbs...) && c.intentDenied(i) {
				f.negated = true // «حذف فرم به هیچ عنوان مد نظر نیست»
			}
		}
		// Only the English «no»: «نه» before an act is also nine («فرم نه
		// منتشر بشه») or denies an alternative («منتشر کن نه پیش‌نویس»).
		if t.m == "no" && i+1 < len(c) && !c[i+1].quoted && c.actLen(i+1) > 0 && !(i+1+c.actLen(i+1) < len(c) && isAny(c[i+1+c.actLen(i+1)].m, "کن", "بکن", "کنید", "بکنید")) {
			f.negated = true // «form 9: no delete! only unpublish»
		}
		if isAny(t.m, refrainWords...) || t.m == "صرف" && i+1 < len(c) && c[i+1].m == "نظر" {
			f.negated = true // «از انتشار فرم ۹ خودداری فرمایید» asks that it not be done
		}
		if isAny(t.m, pastPersonal...) && c.actEndsAt(i) && !c.subordinateBefore(i) {
			// «سوال اول فرم ۷ رو حذف کردید»: an act in the past with its
			// person is a report (or a question about it), never an order.
			// After «بعد از اینکه», «وقتی» it is an order of steps.
			f.negated, f.reported = true, true
		}
		if t.m == "کردن" && c.actEndsAt(i) && c.spokenPastPlural(i) && !c.subordinateBefore(i) {
			// «فرم قبلی رو کلا پاک کردن»: the spoken «کردند» (they
			// deleted it), its object said before it with «رو» — not the
			// infinitive «پاک کردن فرم ۱۸», whose object follows.
			f.negated, f.reported = true, true
		}
		if isAny(t.m, "شده", "کرده") && c.deletedBefore(i) && !c.subordinateBefore(i) && !(i+1 < len(c) && isAny(c[i+1].m, "باشد", "باشه", "باشند", "باشن")) {
			// «سوال اول فرم ۴۰ پاک شده», «… حذف شده است», «کسی پاکش
			// کرده»: what has been deleted is a report (or, with a question mark, a question),
			// never an order to delete; «حذف شده باشد» is one.
			f.negated, f.reported = true, true
		}
		if t.pron {
			f.refersBack = true
		}
	}
}

// deletedBefore reports a word of deleting that ends right before i.
func (c clause) deletedBefore(i int) bool {
	for k := max(0, i-3); k < i; k++ {
		if !c[k].quoted && k+c.atAny(k, deleteWordsV) == i && c.atAny(k, deleteWordsV) > 0 {
			return true
		}
	}
	return false
}

// pastPersonal are the light verbs of a past act with its person: «کردم»,
// «کردید», «نمودید».
var pastPersonal = []string{"کردم", "کردی", "کردید", "کردین", "کردیم", "کردند", "نمودم", "نمودید", "نمودیم", "نمودند", "فرمودید", "فرمودین",
	// the perfect: «حذف کرده‌اند».
	"کردهاند", "کردهایم", "کردهاید", "کردهام", "نمودهاند"}

// deniedLightVerb reports a word no lexicon knows that reads as a light
// verb with the negative prefix, spelt as it is said: «نکونید»,
// «نکونین», «نشَه», «نگرده». Said right after an act, it denies it.
func deniedLightVerb(m string) bool {
	rest, ok := strings.CutPrefix(m, "ن")
	if !ok || sounds.known[m] || vocabWords[m] || realWords[m] {
		return false
	}
	for _, p := range []string{"کو", "کن", "ش", "گرد", "فرما", "نما", "بکن"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// inActPhrase reports i inside an act said with a denied verb: «پاسخ
// نپذیرد» closes a form, it denies nothing.
func (c clause) inActPhrase(i int) bool {
	for k := max(0, i-3); k <= i; k++ {
		if n := c.actLen(k); n > 0 && k+n > i {
			return true
		}
	}
	return false
}

// formalDeniedAux are the written register's auxiliaries and verbs of
// approval, and the light verbs of an act being done, denied: «صورت
// نپذیرد», «قرار نگرفت», «موافقت نمی‌شود», «انجام نشود».
var formalDeniedAux = []string{"نپذیرد", "نپذیرفت", "نپذیرفته", "نگیرد", "نگرفت", "نگرفته", "نمیگردد", "نگردید", "نیابد", "نیافت", "نمیشود", "نشد", "نمیپذیرد",
	// «حذف سوال سوم انجام نشود», «هیچ حذفی انجام ندهید».
	"نشود", "نشه", "ندهید", "ندهند", "ندهد", "ندید", "ندین"}

// deniedPresentVerbs are the light verbs in the present, denied: «حذف
// نمی‌کنیم», «پاکش نمی‌کنم», «منتشر نمیشه». After an act they deny it;
// elsewhere («دیگه ازش استفاده نمیکنیم») they give a reason.
var deniedPresentVerbs = []string{"نمیکنیم", "نمیکنم", "نمیکنن", "نمیکنند", "نمیکنید", "نمیکنی", "نمیکنه", "نمیکند", "نمیشه", "نمیشود", "نمینماییم", "نمیشن", "نمیشوند", "نخواهیم", "نخواهد"}

// actLen returns the length of an act's word at i: an action, a delete,
// a disable or a draft.
func (c clause) actLen(i int) int {
	return max(c.atAny(i, actionWordsV), c.atAny(i, deleteWordsV), c.atAny(i, disableWordsV), c.atAny(i, draftWordsV))
}

// actEndsAt reports an act's word right before i, past the object
// marker and «کردن»/«شدن» of its noun: «حذف نمیکنیم», «پاک کردن نداره».
func (c clause) actEndsAt(i int) bool {
	j := i
	for j > 0 && !c[j-1].quoted && isAny(c[j-1].m, "را", "رو", "کردن", "شدن", "دیگه", "دیگر", "هم") {
		j--
	}
	for k := max(0, j-3); k < j; k++ {
		if n := c.actLen(k); n > 0 && k+n == j {
			return true
		}
	}
	return false
}

// deniedCopulas end a clause that says of its subject what it is not:
// «… مد نظر نیست», «… صلاح نمی‌باشد», «… قرار نبوده», «… ضرورت ندارد».
var deniedCopulas = []string{"نیست", "نیس", "نمیباشد", "نباشد", "نباشه", "نبوده", "نبود", "نیستش", "ندارد", "نداره"}

// nominalActDenied reports a denied copula at i, at the clause's end,
// whose subject is an act said as a noun before it: «حذف فرم ۱۴ مد نظر
// نیست», «پاک کردن سوال دوم لازم نیست», «بستن فرم ۹ صلاح نمی‌باشد». What
// stands between the act and the copula is what the act is not (meant,
// needed, wise, allowed), so the act is denied whatever those words are.
// An act ordered in the clause («… پاک کن») is not such a subject, and a
// copula after «که» belongs to a relative clause («حذف سوالی که لازم
// نیست»), not to the act.
func (c clause) nominalActDenied(i int) bool {
	end := len(c)
	if k := c.insteadAfter(i); k >= 0 {
		end = k // «حذف سوال ۲ لازم نیست فقط …»: what follows is the alternative
	}
	for k := i + 1; k < end; k++ {
		if !c[k].punct && !isAny(c[k].m, "فعلا", "فعلاً", "دیگه", "دیگر", "اصلا", "اصلاً", "هنوز", "الان", "حالا", "هم") {
			return false
		}
	}
	act, nominal := -1, false
	for k := 0; k < i; k++ {
		if c[k].quoted {
			continue
		}
		if act < 0 {
			if n := max(c.atAny(k, deleteWordsV), c.atAny(k, disableWordsV), c.atAny(k, actionWordsV)); n > 0 {
				// A noun of the act comes before what it acts on («حذف
				// فرم ۱۴») or is an infinitive («فرم ۹ رو حذف کردن»); an
				// act after its object with neither («فرم ۳ دیگه منتشر
				// نباشه», «فرم ۹ رو بندازین تو سطل زباله دیگه لازم نیست»)
				// is a state wished or an order with its reason.
				act = k
				nominal = k+n < i && isAny(c[k+n].m, "کردن", "شدن", "نمودن")
				k += n - 1
			}
			continue
		}
		if c[k].m == "که" || lightVerbSet[c[k].m] && !isAny(c[k].m, "کردن", "کرد") {
			return false
		}
		nominal = nominal || c[k].qnoun || c.atAny(k, formNounsV) > 0
	}
	return act >= 0 && nominal
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
		if c[i].punct && isAny(c[i].m, "؟", "?") && i+1 < len(c) && !c[i+1].quoted && (isAny(c[i+1].m, noAnswers...) || c.atAny(i+1, noAnswersV) > 0) &&
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
	return c.deniedAfterOrder()
}

// postponed returns the words that put the command's one act off to
// later — «حذف فرم ۹ رو بذار برای بعد», «… به بعد موکول شود», «فرم ۹ رو
// بعداً حذف کن» — or "". «بعداً» between two acts is «then», not this.
func postponed(toks []token) string {
	c := clause(toks)
	word, later := "", false
	for i, t := range c {
		if t.quoted {
			continue
		}
		switch {
		case isAny(t.m, "برای", "واسه", "for") && i+1 < len(c) && isAny(c[i+1].m, "بعد", "بعدا", "later"):
			word = t.s + " " + c[i+1].s
		case isAny(t.m, "موکول", "postpone", "postponed"):
			word = t.s
		case isAny(t.m, "بعدا", "بعداً") && i > 0 && !c[i-1].punct && !conjunctions[c[i-1].m]:
			// «…، بعدا سوال ۲ رو اجباری کن»: after a break it is «then».
			word, later = t.s, true
		default:
			continue
		}
		break
	}
	if word == "" {
		return ""
	}
	// The acts are counted only when a word of putting off is there.
	acts := 0
	for i := range c {
		if !c[i].quoted && c.actLen(i) > 0 {
			acts++
		}
	}
	if acts == 0 || later && acts > 1 {
		return ""
	}
	return word
}

// noAnswers answer an act asked as a question no: «حذف؟ نه», «… ؟ هرگز»,
// «… ؟ به هیچ وجه».
var noAnswers = []string{"نه", "نخیر", "خیر", "هرگز", "ابدا", "اصلا", "no", "nope", "nah", "never"}

var noAnswersV = newVocab("به هیچ وجه", "به هیچ عنوان", "هیچ وقت", "هیچوقت", "no way", "not at all")

// deniedAfterOrder reports a command that ends in a bare denied verb,
// with nothing of its own but «نه» or «صبر کن» before it, after an
// order: «فرم ۹ رو حذف کن. نه صبر کن، نکن.» takes the order back.
func (c clause) deniedAfterOrder() bool {
	end := len(c)
	for end > 0 && c[end-1].punct {
		end--
	}
	if end == 0 || c[end-1].quoted || !(negativeVerbs[c[end-1].m] || deniedVerb(c[end-1].m)) {
		return false
	}
	// Back over «نه», «صبر کن», «wait» and the commas between them, to
	// the mark that ends the order.
	filler := func(j int) bool {
		return j >= 0 && !c[j].quoted && (isAny(c[j].m, "نه", "صبر", "wait", "no", "اصلا") || isAny(c[j].m, "کن", "کنید") && j > 0 && c[j-1].m == "صبر")
	}
	k := end - 1
	for k > 0 && !c[k-1].quoted {
		switch {
		case filler(k - 1):
		case c[k-1].punct && isAny(c[k-1].m, "،", ",") && filler(k-2):
		default:
			return c[k-1].punct && isAny(c[k-1].m, ".", "!", "؛", ";", "…", "...", "،", ",") && c.actBefore(k-1)
		}
		k--
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
		if !c[i].punct || !isAny(c[i].m, "؟", "?") || i+1 >= len(c) || c[i+1].quoted || !c.actBefore(i) {
			continue
		}
		n := c.atAny(i+1, noAnswersV)
		if n == 0 && isAny(c[i+1].m, noAnswers...) {
			n = 1
		}
		if n == 0 {
			continue
		}
		rest := i + 1 + n
		for rest < len(c) && c[rest].punct {
			rest++
		}
		if rest < len(c) && clause(c[rest:]).hasOrder() {
			// «فرم ۵۴. حذف؟ نه. پیش‌نویس؟ بله.»: the sentences before the
			// one asked («فرم ۵۴.», its topic) still name what the order
			// after the no acts on.
			from := c.sentenceStart(i)
			kept := append(make([]token, 0, len(toks)+4), toks[:from]...)
			if ref := c[from:i].objectRef(); len(ref) > 0 && !clause(c[rest:]).has(formNounsV) {
				// «فرم ۲۰ رو حذف کنم؟ نه. فقط ببندش.»: the form asked
				// about is the one the order after the no speaks of.
				kept = append(append(kept, ref...), token{s: ".", m: ".", punct: true})
			}
			return answeredYes(append(kept, toks[rest:]...))
		}
	}
	return answeredYes(deniedActDropped(unneededActDropped(toks)))
}

// unneededActDropped drops a stretch that names an act and says it is
// not needed, when an order follows it: «پاک کردن سوال‌ها لازم نیست،
// فقط سوال اول … را اختیاری کن», «حذف سوالات ضرور نیست، …» ask for the
// order after it alone (RULINGS 12). The act had been read with the
// question of the order after it: a delete nobody asked for.
func unneededActDropped(toks []token) []token {
	c := clause(toks)
	for i := 1; i+1 < len(c); i++ {
		if c[i].quoted || !isAny(c[i].m, "نیست", "نیس") || !isAny(c[i-1].m, needWords...) || c[i+1].quoted {
			continue
		}
		// The order after it: past a mark, or said with «فقط», «ولی»
		// where the mark was not typed (dictated).
		rest := i + 2
		if !c[i+1].punct || !isAny(c[i+1].m, "،", ",", ".", "؛", ";") {
			if !isAny(c[i+1].m, "فقط", "تنها", "بلکه", "ولی", "اما", "only", "just") {
				continue
			}
			rest = i + 1
		}
		from := i - 1
		for from > 0 && !c[from-1].punct {
			from--
		}
		if !clause(c[from:i+1]).nominalActDenied(i-from) || !clause(c[rest:]).hasOrder() {
			continue
		}
		kept := append(make([]token, 0, len(toks)+4), toks[:from]...)
		if ref := c[from:i].objectRef(); len(ref) > 0 && !clause(c[rest:]).has(formNounsV) {
			// «بستن فرم ۷۲ لازم نیست، سوال اولش رو …»: the form of the
			// act not needed is the one the order after it speaks of.
			kept = append(append(kept, ref...), token{s: ".", m: ".", punct: true})
		}
		return append(kept, toks[rest:]...)
	}
	return toks
}

// deniedActDropped drops a sentence that only names an act and denies
// it, «حذف نه.», when an order follows: «فرم ۵. سوال ۳. حذف نه.
// اختیاری.» asks for the order after it, of the same question.
func deniedActDropped(toks []token) []token {
	c := clause(toks)
	for i := range c {
		if c[i].quoted || !isAny(c[i].m, "نه", "نخیر", "no") || i+1 >= len(c) || !c[i+1].punct || !isAny(c[i+1].m, ".", "؛", ";", "!") {
			continue
		}
		from := c.sentenceStart(i)
		k := from
		for k < i {
			n := max(c.atAny(k, actionWordsV), c.atAny(k, deleteWordsV), c.atAny(k, disableWordsV))
			if n == 0 && !(c[k].punct && isAny(c[k].m, ":", "،", ",")) {
				break
			}
			k += max(n, 1)
		}
		if k != i || i == from || !clause(c[i+2:]).hasOrder() {
			continue
		}
		return append(append(make([]token, 0, len(toks)), toks[:from]...), toks[i+2:]...)
	}
	return toks
}

// objectRef returns the form and question named in the clause, each
// its noun and number or ordinal: «فرم ۲۰», «سوال دوم فرم ۵».
func (c clause) objectRef() []token {
	var out []token
	for i := 0; i < len(c); i++ {
		n := c.atAny(i, formNounsV)
		if n == 0 && !c[i].qnoun {
			continue
		}
		if n == 0 {
			n = 1
		}
		j := i + n
		for j < len(c) && (c[j].isNum || isOrdinal(c[j].m) || c.atAny(j, idMarkersV) > 0) {
			j++
		}
		if j > i+n {
			out = append(out, c[i:j]...)
		}
		i = j - 1
	}
	return out
}

// yesWords answer a question yes.
var yesWords = []string{"بله", "بلی", "آره", "اره", "آری", "yes", "yep", "yeah"}

// answeredYes reads an order asked as a question and answered yes by
// the same writer, «پیش‌نویس؟ بله.», «منتشرش کنم؟ آره»: the order
// stands, without its question mark and the yes.
func answeredYes(toks []token) []token {
	c := clause(toks)
	for i := range c {
		if !c[i].punct || !isAny(c[i].m, "؟", "?") || i+1 >= len(c) || c[i+1].quoted || !isAny(c[i+1].m, yesWords...) || !c.actBefore(i) || c.actBefore(c.sentenceStart(i)) && !c.actBetween(c.sentenceStart(i), i) {
			continue
		}
		out := append(append(make([]token, 0, len(toks)), toks[:i]...), token{s: ".", m: ".", punct: true})
		return answeredYes(append(out, toks[i+2:]...))
	}
	return toks
}

// sentenceStart returns where the sentence holding i starts: after the
// last «.», «؛», «!» or «؟» before it.
func (c clause) sentenceStart(i int) int {
	for k := i - 1; k >= 0; k-- {
		if c[k].punct && isAny(c[k].m, ".", "؛", ";", "!", "؟", "?") {
			return k + 1
		}
	}
	return 0
}

// actBetween reports an act's word in [from, to).
func (c clause) actBetween(from, to int) bool {
	for k := from; k < to; k++ {
		if c.atAny(k, actionWordsV) > 0 || c.atAny(k, deleteWordsV) > 0 || c.atAny(k, disableWordsV) > 0 {
			return true
		}
	}
	return false
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
var deniedStems = []string{"نفرمای", "ننمای", "نفرمائ", "ننمائ", "نکن", "نبند", "نذار", "نزار", "نگذار", "نبر", "نده", "نریز", "ننداز", "نساز", "نفرست",
	// «از انتشار در نیار»: the form not taken out of what it is in.
	"نیار", "نیاور", "درنیار", "درنیاور"}

// deniedStemStarts are the first runes of deniedStems: most words start
// with none of them.
var deniedStemStarts = firstRunes(deniedStems)

// deniedEndings are the endings of an imperative: person, «ـا» of
// insistence, alone or after the person («نکنی‌ها»), the pronoun. Not «ـه», «ـد»: «که کسی پر نکنه» says what
// is wanted, it denies no order.
// «پاک نکنی ها»: the «ها» of warning, typed apart, is joined on as a
// plural's would be.
var deniedEndings = []string{"ی", "ید", "ین", "یا", "یدا", "ینا", "ش", "یش", "یدش", "ینش", "شو", "یدشو", "ینشو", "ها", "یها", "یدها", "ینها"}

// lestAt reports «نکنه» at i denying an act: opening the command it is
// "lest" («نکنه فرم ۲۳ رو پاک کنی»), right after an act the act wished
// undone («فرم ۲۳ رو پاک نکنه»). After «که» or «تا» it says what is
// wanted («که کسی پر نکنه»), and after «قبول» it is part of a closing
// or a rule («جواب قبول نکنه», «تکراری قبول نکنه»), denying nothing.
func (c clause) lestAt(i int) bool {
	if c[i].quoted || c[i].m != "نکنه" || i > 0 && c[i-1].m == "قبول" {
		return false
	}
	for k := 0; k < i; k++ {
		if !c[k].quoted && isAny(c[k].m, "که", "تا") {
			return false
		}
	}
	// «(کسی پرش نکنه)»: said of something else than an act on the form,
	// it is what is wanted too.
	return i == 0 || c.actEndsAt(i)
}

// deniedVerb reports a denied imperative with a colloquial ending on:
// «پاک نکنیا», «نبندینا», «نذاریدش» — the order not to do it.
func deniedVerb(m string) bool {
	if r, _ := utf8.DecodeRuneInString(m); !deniedStemStarts.mayHave(r) {
		return false
	}
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
		if !t.quoted && isAny(t.m, "کنی", "بکنی", "کنه", "بکنه", "کنیم", "بکنیم", "کنن", "کنند", "بشه", "بشود", "شود", "بشن") {
			// «نمی‌خوام حذف کنی»: not wanting it done, said of the act
			// itself in the subjunctive — a denial, whatever follows.
			return false
		}
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

// intendedWords say an act is meant or planned, before a denied
// copula or «have»: «مد نظر», «مورد نظر», «منظور», «قصد», «در کار»,
// «مطرح», «برنامه‌ای», «تصمیمی».
var intendedWords = []string{"نظر", "مدنظر", "منظور", "مقصود", "قصد", "قصدی", "نیت", "نیتی", "هدف", "کار", "مطرح", "برنامه", "برنامهای", "برنامهی", "قرار", "تصمیم", "تصمیمی", "خیال"}

// intentDeniedVerbs deny that an act is meant: «… نیست», «قصد نداریم»;
// each starts with the negative «ن».
var intentDeniedVerbs = []string{"نیست", "نیس", "نیستش", "نمیباشد", "نمیباشه", "نبوده", "ندارم", "نداریم", "ندارد", "نداره", "نداشتم", "نداشتیم"}

// intentDenied reports a denied copula or «have» at i after a word of
// meaning or planning, with an act named in the clause: «حذف فرم به
// هیچ عنوان مد نظر نیست», «قصد نداریم فرم ۹ رو حذف کنیم», «برنامه‌ای
// برای حذف فرم ۹ نیست», «قرار نیست فرم ۹ پاک بشه» — the act is not
// meant.
func (c clause) intentDenied(i int) bool {
	intent := false
	for k := 0; k < i; k++ {
		if !c[k].quoted && isAny(c[k].m, intendedWords...) {
			intent = true
		}
	}
	if !intent {
		return false
	}
	if c.actBefore(i) {
		return true
	}
	j, _ := c.find(i+1, actionWordsV)
	k, _ := c.find(i+1, deleteWordsV)
	l, _ := c.find(i+1, disableWordsV)
	return j >= 0 || k >= 0 || l >= 0
}

// nobodySubjects are the subjects of a wish that nobody do a thing:
// «کسی», «هیچ‌کس», "no one".
var nobodySubjects = []string{"کسی", "هیچکس", "هیچکسی", "احدی", "nobody", "anyone", "anybody"}

// nobodyAfterOrder reports a denied verb at i in a clause of purpose
// after an order — «ببند که دیگه کسی جواب نده», «پیش‌نویسش کن تا کسی
// نبیندش», «… so that nobody answers» — whose subject is nobody: it says
// what the order is for, in the third person, and denies no order.
func (c clause) nobodyAfterOrder(i int) bool {
	subject := false
	for k := i - 1; k > 0 && k >= i-6; k-- {
		t := c[k]
		if t.quoted || t.punct {
			return false
		}
		if isAny(t.m, nobodySubjects...) || t.m == "هیچ" && k+1 < len(c) && isAny(c[k+1].m, "کس", "کسی") {
			subject = true
		}
		if isAny(t.m, "که", "تا", "so") {
			return subject && c.actBefore(k)
		}
	}
	return false
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
	for k := max(0, i-3); k < i-1; k++ {
		if c.atAny(k, disableWordsV) == i-k {
			// «غیر فعال نباشه», its ZWNJ typed as a space: «فعال» ends
			// the word of closing, which the copula denies.
			return false
		}
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
	// «سوال ۴ لازم نیست حذف شه», «نیازی نیست پاک شود»: the delete said
	// after the need denied is what is not needed; only a bare order
	// after it («… لازم نیست حذفش کن») gives the reason for it instead.
	for _, v := range []*vocab{deleteWordsV, disableWordsV} {
		if j, n := c.find(i+1, v); j >= 0 {
			k := j + n
			return k >= len(c) || !isAny(c[k].m, "کن", "بکن", "کنش", "بکنش")
		}
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
	// «لازم نیست سوال دوم فرم ۵ اجباری باشه»: so too when the question
	// is named between them, with no verb of its own.
	for k := j - 1; k > 0; k-- {
		if c[k].quoted || lightVerbSet[c[k].m] || negativeVerbs[c[k].m] || c.atAny(k, actionWordsV) > 0 {
			break
		}
		if isAny(c[k].m, "نیست", "نیس") && isAny(c[k-1].m, needWords...) {
			return true
		}
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
				for j < len(toks) && !toks[j].quoted && (lightVerbSet[toks[j].m] || strings.HasPrefix(toks[j].m, "کن") || strings.HasPrefix(toks[j].m, "کرد") || strings.HasPrefix(toks[j].m, "بکن")) {
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
// The written register corrects with a notice: «…؛ اصلاحیه: منظور فرم
// ۳۳ بوده است».
var correctionV = newVocab("نه ببخشید", "ببخشید", "نه نه", "یا نه", "اشتباه شد", "اشتباه گفتم", "منظورم", "اصلاحیه", "منظورمان", "منظورمون", "sorry", "i mean", "correction")

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
	// «نه نه نه اشتباه شد …», «نه ببخشید اشتباه گفتم …»: a correction
	// stammered, its words said again, is one correction.
	for at+n < len(c) && !c[at+n].quoted {
		if k := c.atAny(at+n, correctionV); k > 0 {
			n += k
		} else if c[at+n].m == "نه" && at+n+1 < len(c) && !c[at+n+1].isNum && c.atAny(at+n+1, formNounsV) == 0 {
			n++
		} else {
			break
		}
	}
	// The clause corrected starts after the last clause break before it.
	start := 0
	from := at - 1
	for from > 0 && c[from].punct && !isAny(c[from].m, "،", ",") {
		from-- // «…؛ اصلاحیه: …»: the sentence before the notice
	}
	for {
		start = 0
		for i := from; i >= 0; i-- {
			if isAny(c[i].m, "و", "and") && i > 0 && i+1 < len(c) && c[i-1].isNum && c[i+1].isNum {
				continue // «فرم ۵ و ۶ …»: a list of ids, one clause
			}
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
	rest := toks[at+n:]
	for i, t := range rest {
		if !t.quoted && (t.punct && isAny(t.m, "،", ",", ":") || isAny(t.m, "منظورم", "منظور", "منظورمان", "منظورمون", "بود", "است", "هست", "اینه", "که", "i", "mean", "meant") ||
			// «منظورم این بود (که) …»: "what I meant was this" only
			// leads to the order.
			t.m == "این" && i+1 < len(rest) && isAny(rest[i+1].m, "بود", "است", "هست", "که")) && len(after) == 0 {
			continue
		}
		after = append(after, t)
	}
	for len(after) > 0 && !after[len(after)-1].quoted && (after[len(after)-1].punct || isAny(after[len(after)-1].m, "بود", "بودم", "بوده", "بودیم", "است", "میباشد", "را", "رو")) {
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
			for q < len(corr) && (corr[q].isNum || corr.atAny(q, idMarkersV) > 0 || isOrdinal(corr[q].m) ||
				// «فرم ۵ و ۶ رو پاک کن، نه ببخشید فقط ۶»: every id listed
				q > p+1 && q+1 < len(corr) && corr[q+1].isNum && !corr[q].quoted && (isAny(corr[q].m, "و", "and", "،", ",") || corr[q].punct && isAny(corr[q].m, "،", ","))) {
				q++ // «سوال دوم …، منظورم سوال سوم بود»: an ordinal names it too
			}
			break
		}
	}
	// «… حذف کن، نه ببخشید، ببرش اول»: a verb of moving is the new
	// verb too — read as an object, the delete had stayed, of the form.
	if ca := clause(after); ca.hasVerb() || ca.closesIt() || ca.movesIt() {
		if p >= 0 && q > p+1 && !ca.has(formNounsV) && !ca.hasQuestionNoun() {
			// «فرم ۳۰ رو منتشر کن نه ببخشید پیش نویس کن»: the new verb,
			// of the same form.
			if corr[p].qnoun {
				// «سوال دو فرم ۸۱ رو حذف کن نه … اجباریش کن»: the
				// question's form goes with it to the new verb.
				if k := corr.atAny(q, formNounsV); k > 0 && q+k < len(corr) && corr[q+k].isNum {
					q += k + 1
				}
			}
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
	bare := bareIDs(after) && !corr[p].qnoun
	if !namesObject(after) && !bare {
		// «سوال سوم فرم ۸ رو حذف کن، نه ببخشید، اختیاری», «… بفرستش
		// اول»: what is said after the correction is neither an order
		// read nor an object to put in the corrected one's place. The
		// order is taken back; put in the place of the question, it had
		// left the delete of the whole form.
		return toks[:start]
	}
	out = append(out, corr[:p]...)
	if bare {
		// «… نه ببخشید فقط ۶», «منظورم ۶ بود»: the numbers alone stand
		// for the ids, and the noun stays; «فقط» said of them goes.
		out = append(out, corr[p])
		ids := after[:0:0]
		for _, t := range after {
			if !isAny(t.m, "فقط", "only", "just") {
				ids = append(ids, t)
			}
		}
		after = ids
	}
	out = append(out, after...)
	return append(out, corr[q:]...)
}

// namesObject reports ts opening with a form or a question: its noun,
// a number or an ordinal («فرم بیست و یک رو», «سوال سوم», «سومی»).
// «بفرستش اول» names a place, after a verb not read.
func namesObject(ts []token) bool {
	c := clause(ts)
	if len(c) == 0 || c[0].quoted {
		return false
	}
	t := c[0]
	return t.qnoun || questionNouns[t.m] || t.isNum || isOrdinal(t.m) || c.atAny(0, formNounsV) > 0
}

// movesIt reports a verb of moving: «ببرش», «بذارش اول».
func (c clause) movesIt() bool {
	for _, t := range c {
		if !t.quoted && isAny(t.m, moveVerbs...) {
			return true
		}
	}
	return false
}

// closesIt reports «ببندش»: the verb of closing with its object typed
// on, a whole order of its own.
func (c clause) closesIt() bool {
	for i, t := range c {
		if t.pron && !t.quoted && c.atAny(i, disableWordsV) > 0 {
			return true
		}
	}
	return false
}

// bareIDs reports numbers alone, with «فقط» (only) and the joiners of a
// list: the ids of a correction said without their noun. «نه» is the
// «no» that opens a correction, never the id nine: «… حذف کن نه نه نه».
func bareIDs(ts []token) bool {
	num := false
	for _, t := range ts {
		switch {
		case t.isNum && !t.quoted && t.m != "نه":
			num = true
		case !t.quoted && (isAny(t.m, "فقط", "only", "just", "و", "and") || t.punct && isAny(t.m, "،", ",")):
		default:
			return false
		}
	}
	return num
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

// partNouns name a part of a question or a form, or a thing around it,
// that a plan has no step to remove: its text or title, a word of its wording, its help
// text, its required star, its picture, its answers, the window or
// editor it is open in, the cache («توضیح», read by its sound as the
// kind «توضیحی», is still the help text here). «کلمه «لطفا» رو از متن سوال اول پاک
// کن», «پاسخ‌های فرم ۲۴ رو خالی کن», «پنجره ویرایش فرم ۴۳ رو ببند»
// remove or close that, never the question or the form.
var partNouns = []string{"متن", "عنوان", "کلمه", "واژه", "حرف", "جمله", "عبارت", "توضیح", "توضیحی", "توضیحات", "راهنما", "عکس", "تصویر", "لوگو",
	"پنجره", "تب", "زبانه", "صفحه", "ادیتور", "ویرایشگر", "پیشنمایش", "کش", "حافظه", "پاسخ", "جواب", "جوابا", "داده", "اطلاعات", "سابقه", "تاریخچه",
	"فایل", "پیوست", "ورودی", "آمار", "نتایج", "نتیجه", "word", "text", "hint", "help", "description", "image", "picture", "logo", "window", "tab", "editor",
	"preview", "cache", "answers", "answer", "responses", "response", "submissions", "entries", "data", "results"}

// partSuffixes are the plural, ezafe and pronoun endings a part noun
// is typed with: «پاسخهای», «جوابها», «توضیحاتش».
var partSuffixes = []string{"هایش", "هاشو", "هاش", "های", "ها", "ای", "ی", "ش", "شو", "s"}

// textParts are the part nouns naming a question's or form's text.
var textParts = []string{"متن", "عنوان"}

// isPartNoun reports a part noun, with or without its endings.
func isPartNoun(m string) bool {
	if isAny(m, partNouns...) || earPart(m, partNounKeys) {
		return true
	}
	for _, s := range partSuffixes {
		if base, ok := strings.CutSuffix(m, s); ok && base != "" && isAny(base, partNouns...) {
			return true
		}
	}
	return false
}

// removedPart names what a clause removes or closes when that is not a
// question or a form but a part of one, or an option: the head of the
// object before the first question or form noun («گزینه «سبز» رو از
// سوال سوم …», «توضیحات زیر سوال اول …», «کش فرم ۳۸ …»), or, for a
// clause that only refers back («حذفش کن»), the head of the clause
// before it («گزینه آخر سوال دوم اضافیه، …»). "" when the object is
// the question or the form.
func (c clause) removedPart() string {
	j := -1
	for i, t := range c {
		if !t.quoted && (t.qnoun || isAny(t.m, formNouns...)) {
			j = i
			break
		}
	}
	if j < 0 {
		j = len(c)
	}
	start := j
	for start > 0 && !c[start-1].punct && (c[start-1].quoted || !lightVerbSet[c[start-1].m] && !deniesOrder(c[start-1].m)) {
		start--
	}
	// The head of the object is its first noun: «دریافت پاسخ در فرم ۱۸
	// متوقف گردد» stops the receiving, which closes the form.
	for k := start; k < j; k++ {
		t := c[k]
		if t.quoted || isAny(t.m, objectLeadIns...) || fillers[t.m] || courtesy(t.m) {
			continue // «میشه کش فرم ۳۸ رو پاک کنی»
		}
		if isPartNoun(t.m) || isOptionNoun(t.m) {
			return t.s
		}
		if t.list != nil && t.list.options {
			return strings.Join(listTexts(t.list), "، ") // «گزینه «سبز» رو از …»
		}
		return ""
	}
	return ""
}

// objectLeadIns are the words before the head of an object: a plea, a
// determiner, a quantifier.
var objectLeadIns = []string{"لطفا", "لطفاً", "خواهشا", "بیزحمت", "این", "اون", "آن", "همون", "همان", "همه", "همهی", "تمام", "تمامی", "کل", "کلیه", "یه", "یک", "the", "all", "this", "that", "please"}

// partsRemoved refuses a clause that would delete, close or unpublish
// a question or a form where what it removes is a part of one or an
// option (removedPart): no step removes that, and removing the whole
// in its place destroys what was not asked.
func partsRemoved(fs []*frame) {
	for k, f := range fs {
		if f.negated || !(f.deleteForm || f.disable || f.draft || f.edit != nil && f.edit.del) {
			continue
		}
		n := len(f.toks)
		for n > 0 && f.toks[n-1].punct {
			n--
		}
		if n > 0 && len(f.leftover) > 0 && f.toks.actNounFirst() && slices.Contains(f.leftover, f.toks[n-1].s) && !f.toks[n-1].quoted {
			// «حذف فرم ۳۳ برگشت‌پذیره», «حذف فرم ۳۳ خطرناکه»: the act said
			// as a noun, with no verb, then a word not understood where
			// the verb would be — what is said of the act, not an order.
			f.refusal = domain.T("«%s» is said of the act, which is named with no verb; say it as an order", f.toks[n-1].s)
			continue
		}
		if f.toks.actInName() {
			f.deleteForm, f.disable, f.draft = false, false, false
			if f.edit != nil && f.edit.del {
				f.edit = nil
			}
			f.refusal = domain.T("a word of deleting or closing is said inside a name given with no quotes; put the name in «…»")
			continue
		}
		if f.disable && f.toks.stopsTaking() {
			// «… فقط دیگه جواب نگیره»: the answers are what the form
			// stops taking, not a part removed from it.
			continue
		}
		part := f.toks.removedPart()
		if part == "" && k > 0 && !f.toks.namesObject() {
			part = fs[k-1].toks.removedPart()
		}
		if isAny(matchForm(part), textParts...) && !f.deleteForm && (f.edit == nil || !f.edit.del) {
			// A text or a title is deleted, never drafted or closed:
			// «عنوان فرم ۱۲ را … تغییر بده و بعد پیش‌نویسش کن» drafts the
			// form whose title the clause before renamed.
			part = ""
		}
		if part == "" {
			continue
		}
		if slices.ContainsFunc(fs, func(o *frame) bool { return o != f && !o.negated && o.hasIntent() }) {
			// «ادیتور رو ببند و فرم ۲۶ رو منتشر کن»: the other orders
			// stand; what closes the part is named as not acted on.
			f.deleteForm, f.disable, f.draft = false, false, false
			if f.edit != nil && f.edit.del {
				f.edit = nil
			}
			f.leftover = append(f.leftover, part)
			continue
		}
		f.refusal = domain.T("what is removed or closed is «%s», a part of a question or form or an option, which no plan step removes; the question and the form stay", part)
	}
}

// namesObject reports a question or form noun in the clause.
func (c clause) namesObject() bool {
	for _, t := range c {
		if !t.quoted && (t.qnoun || isAny(t.m, formNouns...)) {
			return true
		}
	}
	return false
}

// actInName reports an act's word said inside a name: after a naming
// whose verb comes first («فرم ۱۲ اسمشو کن حذف و اضافه ترم پاییز»,
// «عنوانش بشه پاک کردن سوابق») and with no verb of its own after it.
// Dictated, the name has no quotes; the act is a word of it, not an
// order.
func (c clause) actInName() bool {
	named := false
	for i, t := range c {
		if t.quoted || t.punct {
			continue
		}
		if i+1 < len(c) && (isAny(t.m, nameNouns...) || isAny(strings.TrimSuffix(strings.TrimSuffix(t.m, "و"), "ش"), nameNouns...)) &&
			(isAny(c[i+1].m, "کن", "بکن", "بشه", "بشود", "شود", "باشه", "باشد", "بذار", "بزار", "بگذار", "کنید", "بکنید") ||
				i+2 < len(c) && isAny(c[i+1].m, "رو", "را") && isAny(c[i+2].m, "کن", "بکن", "بذار", "بزار", "بگذار", "کنید", "بکنید")) {
			named = true
			continue
		}
		if !named {
			continue
		}
		if n := max(c.atAny(i, deleteWordsV), c.atAny(i, disableWordsV)); n > 0 {
			if i+n >= len(c) || !lightVerbSet[c[i+n].m] && !isAny(c[i+n].m, "کنید", "بکنید", "کنین") {
				return true
			}
		}
	}
	return false
}

// subordinateBefore reports a word opening a clause of time or relation
// before i: «بعد از اینکه …», «وقتی …», «… که».
func (c clause) subordinateBefore(i int) bool {
	for k := 0; k < i; k++ {
		if !c[k].quoted && isAny(c[k].m, "اینکه", "آنکه", "انکه", "وقتی", "هروقت", "زمانیکه", "که", "تا", "when", "after", "once") {
			return true
		}
	}
	return false
}

// actNounFirst reports a clause that opens on a delete or close word
// said as a noun (no light verb after it in the clause): «حذف فرم ۳۳ …».
func (c clause) actNounFirst() bool {
	k := 0
	for k < len(c) && !c[k].quoted && (fillers[c[k].m] || courtesy(c[k].m)) {
		k++
	}
	if k >= len(c) || c[k].quoted || max(c.atAny(k, deleteWordsV), c.atAny(k, disableWordsV)) == 0 {
		return false
	}
	for i, t := range c {
		if !t.quoted && (lightVerbSet[t.m] || clauseVerbSet[t.m] || negativeVerbs[t.m] || deniesOrder(t.m) || c.imperativeAct(i)) {
			return false
		}
	}
	return true
}

// unmarkedAnswers puts back the marks a dictated or unpunctuated
// command leaves out around an order asked and answered: «unpublish
// کنیم نه بذار بمونه» is «… کنیم؟ نه، …», and «حذف نه پیش‌نویس بله» is
// «حذف؟ نه. پیش‌نویس؟ بله.». Read without them, the «نه» denied what
// followed it, and the act asked about and refused was done.
func unmarkedAnswers(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		if toks[i].quoted || toks[i].m != "نه" || toks[i-1].punct || toks[i-1].quoted {
			continue
		}
		c := clause(toks)
		asked := isAny(toks[i-1].m, askedVerbs...) && c.actEndsAt(i-1)
		if !asked && c.actEndsAt(i) {
			for j := i + 1; j < len(toks) && !toks[j].punct; j++ {
				if !toks[j].quoted && isAny(toks[j].m, "بله", "آره", "اره", "yes") && c.actEndsAt(j) {
					asked = true
					break
				}
			}
		}
		if !asked {
			continue
		}
		out := make([]token, 0, len(toks)+2)
		out = append(append(out, toks[:i]...), token{m: "؟", s: "؟", punct: true}, toks[i])
		if i+1 < len(toks) && !toks[i+1].punct {
			out = append(out, token{m: ".", s: ".", punct: true})
		}
		toks = append(out, toks[i+1:]...)
		i += 2
	}
	return toks
}

// askedVerbs are the light verbs of an act put as a question to oneself
// or the listener: «منتشرش کنیم؟», «پاکش کنم؟».
var askedVerbs = []string{"کنیم", "بکنیم", "کنم", "بکنم"}
