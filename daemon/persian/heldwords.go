package persian

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Words a voice uses for what the readers already know by another word.

// firstAfterNoun reads «یکم» right after a question noun as «اول»:
// «پرسش‌های یکم تا ششم», «سوالای یکم و دوم». Alone «یکم» is also "a
// little", so only the noun before it makes it the first one.
func firstAfterNoun(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		if toks[i].m == "یکم" && !toks[i].quoted && toks[i-1].qnoun && !toks[i-1].quoted {
			toks[i].m = "اول"
		}
	}
	return toks
}

// clippedR are imperatives of «گذاشتن» and «برداشتن» said without
// their last «ر», as Isfahani and other spoken Persian says them: «بِذا
// «…»», «شیش تا سوال بذا: …», «وردا ببر».
var clippedR = map[string]string{"بذا": "بذار", "بزا": "بزار", "نذا": "نذار", "نزا": "نزار", "وردا": "وردار", "بذاش": "بذارش", "بزاش": "بزارش"}

// regionalFillers are a regional voice's words of address, said
// around an order and part of none: the Gilaki «بیدین» (look), which
// by its sound alone would be «ببندین» (close it).
var regionalFillers = map[string]bool{"بیدین": true, "بیدینید": true, "بیدینین": true}

// stopsTaking reports a verb of taking no more («جواب نگیره», «پاسخ
// نپذیرد», «جواب قبول نکنه»): the form closes to what it takes.
func (c clause) stopsTaking() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, refuseTakingVerbs...) || t.m == "قبول" && i+1 < len(c) && isAny(c[i+1].m, "نکنه", "نکند", "نکنن", "نکنند") {
			return true
		}
	}
	return false
}

// beforeThatComma drops the comma written after an opener of "before
// that" («لیکن پیش از آن، فرم ۱۴۱ …», «ولی قبلش، …»): the opener belongs to the clause after it, whose acts it puts
// first, and the comma would leave it a clause of its own.
func beforeThatComma(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		if !toks[i].punct || !isAny(toks[i].m, "،", ",") || toks[i-1].quoted {
			continue
		}
		opener := isAny(toks[i-1].m, "قبلش", "پیشش", "قبلشم")
		if !opener && i >= 3 && isAny(toks[i-1].m, "آن", "اون", "این", "that") {
			opener = isAny(toks[i-3].m, "قبل", "پیش") && toks[i-2].m == "از"
		}
		if opener {
			toks = append(toks[:i:i], toks[i+1:]...)
		}
	}
	return toks
}

// thenWords say "at that time", after the earlier steps: «اون موقع»,
// «آنگاه».
var thenWords = newVocab("اون موقع", "آن موقع", "اونموقع", "اون وقت", "آن وقت", "اونوقت", "آنوقت", "آنگاه", "then", "by then")

// becomesWords say a question will be at a place: «… اول میشه», «…
// نخست خواهد بود».
var becomesWords = newVocab("میشه", "میشود", "می شود", "بشه", "شود", "خواهد بود", "خواهد شد", "هست", "است", "will be", "is")

// placeThen reads «سؤالی که اون موقع اول میشه», «پرسشی که آنگاه نخست
// خواهد بود» (the question that will then be first) as «سؤال اول»: a
// place said after the earlier steps, which is how a plan's indexes
// count (API.md), so the question is named by that place as it is.
func placeThen(toks []token) []token {
	c := clause(toks)
	for i := 0; i+4 < len(c); i++ {
		if !c[i].qnoun || c[i].quoted || c[i+1].m != "که" {
			continue
		}
		k := c.atAny(i+2, thenWords)
		if k == 0 || i+2+k >= len(c) {
			continue
		}
		o := i + 2 + k
		if _, ok := ordinal(c[o].m); !ok || c[o].quoted {
			continue
		}
		v := c.atAny(o+1, becomesWords)
		if v == 0 {
			continue
		}
		noun := c[i]
		noun.m, noun.s = "سوال", "سوال"
		out := append(append(make([]token, 0, len(toks)), toks[:i]...), noun, toks[o])
		return placeThen(append(out, toks[o+1+v:]...))
	}
	return toks
}

// nowPlaceWords follow a question's place to say it is counted as the
// form is now, before the plan's steps: «پرسش دوم فعلی».
var nowPlaceWords = []string{"فعلی", "کنونی", "فعلیش", "current", "currently"}

// placeAfterSteps follows a question at index of form id, counted as
// the form is before the plan, through the moves and deletes the plan
// has made of that form so far, and gives its index as they leave it
// (plan indexes count so), or gone when a step deleted it.
func (b *builder) placeAfterSteps(id int64, index int) (at int, gone bool) {
	at = index
	for _, st := range b.steps {
		if st.Params.ID == nil || *st.Params.ID != id || st.Params.Index == nil {
			continue
		}
		from := *st.Params.Index
		switch st.Action {
		case domain.ActionMoveField:
			if st.Params.To == nil {
				continue
			}
			to := *st.Params.To
			switch {
			case at == from:
				at = to
			case from < at && at <= to:
				at--
			case to <= at && at < from:
				at++
			}
		case domain.ActionDeleteField:
			if at == from {
				return 0, true
			}
			if at > from {
				at--
			}
		case domain.ActionAddField:
			if at >= from {
				at++
			}
		}
	}
	return at, false
}

// namedInParens finds «(اسم کپی: اولیا کلاس دوم)», «(عنوان: نام
// دانش‌آموز)»: a name said in parentheses after a label and a colon,
// without quotes. The parentheses hold the name itself, not a remark.
var namedInParens = regexp.MustCompile(`\(\s*((?:اسم|نام|عنوان|تیتر|title|name)(?:\s+(?:کپی|رونوشت|نسخه|فرم|سوال|سؤال|پرسش|جدید|تازه|copy|form))?)\s*:\s*([^«»"():]+?)\s*\)`)

// quoteNamedInParens quotes the name said in parentheses after a label
// and a colon, so it is read as quoted names are.
func quoteNamedInParens(text string) string {
	if !strings.Contains(text, "(") || !strings.Contains(text, ":") {
		return text
	}
	return namedInParens.ReplaceAllString(text, "($1: «$2»)")
}

// pluralQuestionsBefore reports a question noun in the plural («این
// سؤال‌ها», «پرسش‌های زیر») in the sentence that out ends.
func pluralQuestionsBefore(out []token) bool {
	for k := len(out) - 1; k >= 0; k-- {
		t := out[k]
		if t.punct && isAny(t.m, ".", "!", "؟", "?") {
			return false
		}
		if !t.quoted && isAny(t.m, pluralQuestionNouns...) {
			return true
		}
	}
	return false
}

// spokenOrdinalList punctuates a counted list dictated with no marks:
// «سه تا سوال اضافه کن اول نام … دوم تاریخ تولد سوم شماره موبایل»
// is «…: اول نام …، دوم …، سوم …» — one ordinal for each question
// counted, in order, each opening the next question's wording.
func spokenOrdinalList(toks []token) []token {
	c := clause(toks)
	for i := 2; i < len(c); i++ {
		if n, ok := ordinal(c[i].m); !ok || n != 1 || c[i].quoted || c[i-1].punct || c[i-1].qnoun || i+1 < len(c) && (c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0) {
			continue
		}
		count := 0
		for k := i - 1; k >= 1 && k >= i-8 && !c[k].punct; k-- {
			if c[k].qnoun && !c[k].quoted {
				j := k - 1
				if isAny(c[j].m, "تا", "عدد", "دونه") {
					j--
				}
				if j >= 0 && c[j].isNum && !c[j].quoted {
					count = c[j].num
				}
				break
			}
		}
		if count < 2 {
			continue
		}
		at := []int{i}
		for j := i + 2; j < len(c) && len(at) < count; j++ {
			if c[j].punct {
				break
			}
			if n, ok := ordinal(c[j].m); ok && n == len(at)+1 && !c[j].quoted && !c[j-1].qnoun && !(j+1 < len(c) && c[j+1].qnoun) {
				at = append(at, j)
			}
		}
		if len(at) != count {
			continue
		}
		out := make([]token, 0, len(toks)+count)
		prev := 0
		for k, j := range at {
			out = append(out, toks[prev:j]...)
			mark := token{m: "،", s: "،", punct: true, r0: '،'}
			if k == 0 {
				mark = token{m: ":", s: ":", punct: true, r0: ':'}
			}
			out = append(out, mark)
			prev = j
		}
		return append(out, toks[prev:]...)
	}
	return toks
}

// commaOrdinalList reads a counted list whose items are dictated or
// typed after commas and opened by «اولی», «دومی»: «دو تا سوال کوتاه
// اضافه کن، اولی اسم، دومی فامیل» is «…: اول اسم، دوم فامیل», as
// spokenOrdinalList reads it said with no marks. Only items that are
// plain words are read so: «اولی کوتاه، دومی بلند» gives each item its
// kind (itemAt) and «اولی «…»» its quoted wording.
func commaOrdinalList(toks []token) []token {
	c := clause(toks)
	for i := 3; i < len(c); i++ {
		// The cheap tests first: a word after a comma ending in «ی».
		if !c[i-1].punct || !isAny(c[i-1].m, "،", ",") || c[i].quoted || !strings.HasSuffix(c[i].m, "ی") {
			continue
		}
		if n, ok := ordinal(c[i].m); !ok || n != 1 {
			continue
		}
		count := 0
		for k := i - 2; k >= 1 && k >= i-9 && !c[k].punct; k-- {
			if c[k].qnoun && !c[k].quoted {
				count = c.countOf(k)
				break
			}
		}
		if count < 2 {
			continue
		}
		at := []int{i}
		for j := i + 2; j < len(c) && len(at) < count; j++ {
			if c[j].punct && !isAny(c[j].m, "،", ",") {
				break
			}
			if n, ok := ordinal(c[j].m); ok && n == len(at)+1 && strings.HasSuffix(c[j].m, "ی") && !c[j].quoted && c[j-1].punct {
				at = append(at, j)
			}
		}
		if len(at) != count {
			continue
		}
		plain := true
		for _, j := range at {
			if j+1 >= len(c) || !c.plainItemAt(j+1) {
				plain = false
			}
		}
		if !plain {
			continue
		}
		out := append(make([]token, 0, len(toks)), toks...)
		out[i-1] = token{m: ":", s: ":", punct: true, r0: ':'}
		for _, j := range at {
			// «اولی» as «اول»: the place of the item, as a list after a
			// colon names it.
			m := strings.TrimSuffix(out[j].m, "ی")
			out[j].m, out[j].s = m, m
		}
		return out
	}
	return toks
}

// plainItemAt reports a word at i that can only be an item's wording:
// no quote, mark, number, kind, «با» or word of being required.
func (c clause) plainItemAt(i int) bool {
	t := c[i]
	if t.quoted || t.punct || t.isNum || t.qnoun || isAny(t.m, "با", "with") || isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) {
		return false
	}
	_, n := c.fieldTypeAt(i)
	return n == 0 && labelAt(c, i) == nil
}

// guardianHeads are nouns «ولی» follows as the guardian, by ezafe:
// «نام ولی», «شغل ولی», «امضای ولی».
var guardianHeads = []string{"نام", "اسم", "شغل", "امضا", "امضای", "تلفن", "شماره", "موبایل", "همراه", "اجازه", "رضایت", "نظر", "تحصیلات", "نسبت", "کد", "ایمیل", "آدرس", "سن"}

// guardianNoun reads «ولی» after such a noun as the guardian, a word of
// the wording, not "but" opening a clause: «۴) نام ولی ۵) شغل ولی».
func guardianNoun(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		if toks[i].m != "ولی" || toks[i].quoted || toks[i-1].quoted || !isAny(toks[i-1].m, guardianHeads...) {
			continue
		}
		// «… نام رو عوض کن، ولی …» has a break or a verb between.
		if i+1 < len(toks) && !toks[i+1].punct && !toks[i+1].isNum && toks[i+1].m != "و" && !isAny(toks[i+1].m, "را", "رو") && !toks[i+1].qnoun {
			continue
		}
		toks[i].m = "ولیِ"
	}
	return toks
}

// eachAForm reads names listed and then «هر کدوم یه فرم (جدا) بساز»
// (make a form for each): «۱) «کلاس اول الف» ۲) «کلاس اول ب» ← هر
// کدوم یه فرم جدا بسازم و همون موقع منتشرش کنم» is «۲ فرم «…»، «…»
// بسازم و هرکدوم همون موقع منتشرش کنم» — a form for each name, and
// what is said of "it" done to each (RULINGS 7).
func eachAForm(toks []token) []token {
	c := clause(toks)
	for i := 1; i+3 < len(c); i++ {
		if c[i].quoted {
			continue
		}
		w := 0
		switch {
		case isAny(c[i].m, "هرکدوم", "هرکدام", "هریک"):
			w = 1
		case c[i].m == "هر" && isAny(c[i+1].m, "کدوم", "کدام", "یک", "کدومشون", "کدامشان"):
			w = 2
		default:
			continue
		}
		j := i + w
		body := 0
		switch {
		case isAny(c[j].m, "یه", "یک") && c.atAny(j+1, formNounsV) > 0:
			body = j + 1 + c.atAny(j+1, formNounsV)
		case isAny(c[j].m, "فرمی", "پرسشنامهای"):
			body = j + 1 // «هر یک فرمی جداگانه ایجاد …»
		default:
			continue
		}
		for body < len(c) && isAny(c[body].m, "جدا", "جداگانه", "مجزا", "مستقل") {
			body++
		}
		if body >= len(c) || !c.createVerbAt(body) {
			continue
		}
		// The names before, back to the sentence's start or a word that
		// is no list mark: quotes, with numbers, commas, «و», arrows.
		var names []token
		start := i
		for k := i - 1; k >= 0; k-- {
			t := c[k]
			if t.quoted {
				names = append([]token{t}, names...)
				start = k
				continue
			}
			// A colon or an arrow may part the names from «هر کدوم».
			if t.punct && !isAny(t.m, ".", "!", "؟", "?", ":") || t.punct && t.m == ":" && len(names) == 0 || t.isNum || isAny(t.m, "و", "برای", "واسه", "←", "->", "=>", ")", "(", "-") {
				continue
			}
			break
		}
		if len(names) < 2 {
			continue
		}
		out := append(make([]token, 0, len(toks)+len(names)+4), toks[:start]...)
		count := strconv.Itoa(len(names))
		out = append(out, token{m: count, s: count, isNum: true, num: len(names), digits: true, r0: rune(count[0])},
			token{m: "فرم", s: "فرم", r0: 'ف'})
		for k, n := range names {
			if k > 0 {
				out = append(out, token{m: "،", s: "،", punct: true, r0: '،'})
			}
			out = append(out, n)
		}
		// The verb, then «هرکدوم» after its «و»: each form's state.
		e := body + 1
		for e < len(c) && !c[e].punct && c[e].m != "و" {
			e++
		}
		out = append(out, toks[body:e]...)
		if e < len(c) && c[e].m == "و" {
			out = append(out, toks[e], token{m: "هرکدوم", s: "هرکدوم", r0: 'ه'})
			e++
		}
		return append(out, toks[e:]...)
	}
	return toks
}

// refrainsFromTaking reads «از پذیرش پاسخ خودداری کند», «از دریافت
// پاسخ‌ها اجتناب نماید» (refrain from taking answers) as «… بازایستد»:
// what is refrained from is taking answers, so the form closes; it
// denies no act of the plan.
func refrainsFromTaking(toks []token) []token {
	for i := 0; i+4 < len(toks); i++ {
		if toks[i].m != "از" || toks[i].quoted || !isAny(toks[i+1].m, "پذیرش", "دریافت", "قبول", "گرفتن") ||
			!isAny(toks[i+2].m, "پاسخ", "پاسخها", "جواب", "جوابها") || !isAny(toks[i+3].m, "خودداری", "اجتناب") {
			continue
		}
		end := i + 4
		if isAny(toks[end].m, "کند", "نماید", "شود", "گردد", "کنه", "بشه", "بکند", "بنماید", "ورزد") {
			end++
		}
		stop := toks[i+3]
		stop.m, stop.s, stop.r0 = "بازایستد", "بازایستد", 'ب'
		out := append(append(append(make([]token, 0, len(toks)), toks[:i+3]...), stop), toks[end:]...)
		if toks[i+1].m != "پذیرش" || toks[i+2].m != "پاسخ" {
			out[i+1].m, out[i+2].m = "پذیرش", "پاسخ" // the phrase disabling reads
		}
		return out
	}
	return toks
}
