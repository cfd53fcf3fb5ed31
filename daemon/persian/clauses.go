package persian

import (
	"strings"
	"unicode/utf8"
)

// parenWordings reads words in parentheses right after a question noun
// and its type as the question's wording, as if quoted: «یه سوال کوتاه
// (نام و نام خانوادگی)». Parentheses that hold a type, a required or
// optional word, a number or a verb («(multiple choice)», «(اختیاری)»)
// stay as they are.
func parenWordings(toks []token) []token {
	for i := 0; i < len(toks); i++ {
		if !toks[i].punct || toks[i].m != "(" || i == 0 {
			continue
		}
		k := i - 1
		for k > 0 && !toks[k].qnoun && typeWords[toks[k].m] {
			k--
		}
		if !toks[k].qnoun || toks[k].quoted {
			continue
		}
		end := i + 1
		for end < len(toks) && !toks[end].punct {
			end++
		}
		if end == i+1 || end >= len(toks) || toks[end].m != ")" || !clause(toks).parenWords(i+1, end) {
			continue
		}
		words := make([]string, 0, end-i-1)
		for _, t := range toks[i+1 : end] {
			words = append(words, t.s)
		}
		inner := strings.Join(words, " ")
		q := token{m: matchForm(inner), s: inner, quoted: true}
		q.r0 = firstRune(q.m)
		out := append(append(append(make([]token, 0, len(toks)), toks[:i]...), q), toks[end+1:]...)
		return out
	}
	return toks
}

// splitClauses cuts at punctuation and conjunctions, except where و joins
// two numbers (فرم‌های ۳ و ۴).
//
// A clause is the run of tokens between two cuts, so clauses are slices
// of toks rather than copies; their capacity ends with them, so that an
// append to one cannot write over the next. joins[k] is the key of the
// token cut before clause k ("" for the first).
func splitClauses(toks []token) (out [][]token, joins []string) {
	start := 0
	join := ""
	wording := false // an unquoted wording was opened and goes on
	cut := func(end int) {
		wording = false
		if end > start {
			out = append(out, toks[start:end:end])
			joins = append(joins, join)
		}
		if end < len(toks) {
			join = toks[end].m
		}
		start = end + 1
	}
	for i, t := range toks {
		switch {
		case t.quoted || t.punct:
			wording = false
		case clause(toks).atAny(i, titleMarkersV) > 0 || clause(toks).atAny(i, questionMarksV) > 0 || isAny(t.m, "بنویس", "بنویسید", "بنویسین"):
			wording = true
		}
		// «… که بپرسه اسمت چیه؟»: a question mark ends its clause and
		// stays in it, the last mark of a wording.
		if t.punct && isAny(t.m, "؟", "?") {
			if i+1 > start {
				out = append(out, toks[start:i+1:i+1])
				joins = append(joins, join)
			}
			join, start = t.m, i+1
			continue
		}
		// «فرم ۵، ۶ و ۷»: a comma inside a list of ids does not end the clause.
		// «بله/خیر» outside a list of options is one phrase, not two
		// clauses.
		// «یه پرسش امتیازدهی (از یک تا پنج) با عنوان …»: parentheses
		// hold a detail of the clause, not a clause of their own.
		if t.punct && t.m != ":" && t.m != "/" && t.m != "(" && t.m != ")" && !(isAny(t.m, "،", ",") && i > 0 && toks[i-1].isNum && toks[i-1].digits && clause(toks).listedID(i+1)) &&
			!(isAny(t.m, "،", ",") && clause(toks).ordinalsJoined(i)) {
			cut(i)
			continue
		}
		// «بعد از سوال دوم» places a question; it does not order steps.
		// «بعد از انتشار» inside a clause says when its act is: the
		// clause goes on (afterPublishing).
		if !t.quoted && conjunctions[t.m] && !(i+2 < len(toks) && toks[i+1].m == "از" && (toks[i+2].qnoun || isAny(toks[i+2].m, "اینکه", "آنکه") || i > 0 && !toks[i-1].punct && !conjunctions[toks[i-1].m] && clause(toks).atAny(i+2, publishWordsV) > 0)) && clause(toks).afterEventAt(i) == "" {
			if (t.m == "و" || t.m == "and") && i+2 < len(toks) && isAny(toks[i+1].m, "بهصورت", "بصورت", "به‌صورت") && (isAny(toks[i+2].m, requiredWords...) || isAny(toks[i+2].m, optionalWords...)) {
				continue // «… با قالب کد ملی و به‌صورت الزامی …» goes on
			}
			if t.m == "و" && wording && i > 0 && isWord(toks[i-1]) && plainWording(toks[i+1:]) && !(i+1 < len(toks) && clause(toks).spokenOrdinalAt(i+1)) {
				continue // «با عنوان اسم و فامیل», «بنویس رشته و گرایش»
			}
			if t.m == "و" || t.m == "and" {
				prevNum := i > 0 && toks[i-1].isNum
				nextNum := i+1 < len(toks) && toks[i+1].isNum && toks[i+1].digits
				if prevNum && nextNum || clause(toks).ordinalsJoined(i) || clause(toks).formIDRun(i) {
					continue
				}
			}
			// «ببر بعد سوال چهارم»: «بعد» without its «از» straight
			// after the verb of moving or placing says where to.
			if i > 0 && (clause(toks).atAny(i-1, moveVerbsV) > 0 || clause(toks).atAny(i-1, placeVerbsV) > 0) && clause(toks).barePreposition(i) {
				continue
			}
			cut(i)
			continue
		}
	}
	cut(len(toks))
	return out, joins
}

// formIDRun reports a «و» at i inside a list of form numbers in words
// after a plural noun: «فرم‌های یک و دو و سه» is one reference.
func (c clause) formIDRun(i int) bool {
	if !c.listedWordID(i + 1) {
		return false
	}
	for k := i - 1; k >= 1; k -= 2 {
		if !c[k].isNum || c[k].quoted {
			return false
		}
		if isAny(c[k-1].m, pluralFormNouns...) {
			return true
		}
		if !isAny(c[k-1].m, "و", "،", ",", "and") {
			return false
		}
	}
	return false
}

// ordinalsJoined reports a «و» or comma at i between two places of
// questions, «سوال دوم و سوم»: one reference to several questions, not
// two clauses.
func (c clause) ordinalsJoined(i int) bool {
	if i < 2 || i+1 >= len(c) || c[i+1].quoted || c[i-1].quoted {
		return false
	}
	next, ok := ordinal(c[i+1].m)
	if !ok || next < 1 || i+2 < len(c) && c[i+2].qnoun {
		return false
	}
	for k := i - 1; k >= 1; k-- {
		if _, ok := ordinal(c[k].m); !ok || c[k].quoted {
			return false
		}
		if c[k-1].qnoun {
			return true
		}
		if k < 2 || !isAny(c[k-1].m, "و", "،", ",", "and") {
			return false
		}
		k--
	}
	return false
}

// clauseVerbs close a verb phrase: after one, a new object opens a new
// clause even with no «و» or comma between («فرم سه رو منتشر کن فرم
// چهار رو پیش نویس کن»), as dictated commands run on.
var clauseVerbs = []string{"کن", "کنید", "کنین", "بکن", "بکنید", "بکنین", "نمایید", "بفرمایید", "شود", "گردد", "بشه", "بشود", "شه"}

// enumerators turns the numbers of a numbered list of orders — «1) فرم
// ۹۵: سوال ۱ حذف 2) …», «۳- فرم ۵ …» — into sentence breaks: each item
// is an order of its own and lends its verb to no other. A number in
// parentheses the command opened («سوال ۳ (یا ۴)») is no item.
//
// After an option noun («با گزینه‌های ۱- صبح ۲- ظهر ۳- عصر», «options:
// 1) A 2) B») the numbers count options, not orders: they part the
// items as commas do.
func enumerators(toks []token) []token {
	var out []token
	open := 0
	stop := token{m: ".", s: ".", punct: true, r0: '.'}
	comma := token{m: "،", s: "،", punct: true, r0: '،'}
	options := false // the numbers count the options named before them
	mark := func() {
		if k := len(out) - 1; k >= 0 && out[k].punct && out[k].m == ":" {
			k--
			if k >= 0 && isOptionNoun(out[k].m) && !out[k].quoted {
				options = true
				return
			}
		}
		if k := len(out) - 1; options || k >= 0 && isOptionNoun(out[k].m) && !out[k].quoted {
			if !options {
				options = true
				return
			}
			out = append(out, comma)
			return
		}
		if len(out) > 0 {
			out = append(out, stop)
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.quoted:
		case t.punct && t.m == "(":
			open++
		case t.punct && t.m == ")" && open > 0:
			open--
		case open == 0 && t.isNum && t.digits && i+1 < len(toks) && toks[i+1].punct && toks[i+1].m == ")":
			mark()
			i++
			continue
		case open == 0 && !t.punct && len(t.m) > 1 && t.m[len(t.m)-1] == '-' && strings.Trim(t.m[:len(t.m)-1], "0123456789") == "":
			mark()
			continue
		case t.punct && !isAny(t.m, "،", ","):
			options = false
		}
		out = append(out, t)
	}
	return out
}

// cutAsides takes out a relative clause set off by commas after what it
// describes — «سؤال چهارم فرم ۲۱ را، که دیگر لزومی ندارد، حذف کنید»,
// «فرم ۵، که منتشر شده، …» — and returns it apart. It says something of
// the object, not what to do with it: read in place it split the object
// from its verb (the verb fell back to the form) and its words («ندارد»,
// «اجباری است») were read as orders. A remark is named back to the user.
func cutAsides(toks []token) ([]token, []string) {
	var asides []string
	for i := 1; i+2 < len(toks); i++ {
		prev := toks[i-1]
		if !toks[i].punct || !isAny(toks[i].m, "،", ",") || toks[i+1].quoted || toks[i+1].m != "که" ||
			!(prev.isNum || !prev.quoted && isAny(prev.m, "را", "رو")) {
			continue
		}
		j := i + 2
		for j < len(toks) && !toks[j].punct && !toks[j].quoted {
			j++
		}
		// The aside ends at a comma and the order goes on after it.
		if j == i+2 || j+1 >= len(toks) || !isAny(toks[j].m, "،", ",") || toks[j+1].punct {
			continue
		}
		asides = append(asides, surfaceOf(toks[i+1:j]))
		out := append(append(make([]token, 0, len(toks)), toks[:i]...), toks[j+1:]...)
		rest, more := cutAsides(out)
		return rest, append(asides, more...)
	}
	return toks, asides
}

// deniedImperatives close a clause that denies an order: «نکن», «نساز»,
// and every denied imperative deniedVerb reads («پاک نفرمایید»).
var deniedImperatives = []string{"نکن", "نکنید", "نکنین", "نساز", "نسازید", "نذار", "نزار", "نگذار", "نذارید", "نگذارید", "نده", "ندهید", "ندید",
	// a form said to stay as it is: «فرم ۸ بمونه فرم ۹ رو پاک کن»
	"بمونه", "بماند", "بمانه", "سالمه", "نخوره", "نخورد"}

// deniesOrder reports a denied imperative at m.
func deniesOrder(m string) bool { return isAny(m, deniedImperatives...) || deniedVerb(m) }

// cutRunOns puts a comma where a verb phrase ends and a new object
// begins: a form or a question with its number, «یه/یک» counting a new
// one, or a title or name of a form («اسم فرم ۵», «اسمش»).
func cutRunOns(toks []token) []token {
	c := clause(toks)
	var out []token
	for i, t := range toks {
		out = append(out, t)
		if t.quoted || t.punct || !isAny(t.m, clauseVerbs...) && !deniesOrder(t.m) && !c.imperativeAct(i) || i+1 >= len(toks) {
			continue
		}
		if i > 0 && isAny(toks[i-1].m, "که", "تا") {
			continue // «… که بشه سوال سوم»: the verb says where, not what next
		}
		if isAny(t.m, "بشه", "بشود", "شود", "بشن") && c.movesBefore(i) {
			continue // «… رو بیار بشه سوال دوم»: where it is moved to
		}
		if i+3 == len(toks) && toks[i+1].qnoun && c.questionBefore(i) {
			if _, ok := ordinal(toks[i+2].m); ok {
				continue // «سوال دوم رو بکن سوال پنجم»: the place it is made
			}
		}
		// «پاک کن سوال دوم فرم ۸ رو»: a verb said before its object, in a
		// clause with no object yet, takes the object after it.
		if !c.objectBefore(i) && !deniesOrder(t.m) {
			continue
		}
		// «منتشرش کن فرم ۸ رو، …»: the object said after its verb and
		// closed by «رو» is an afterthought naming the verb's object.
		if !deniesOrder(t.m) && c.objectAfterthought(i+1) {
			continue
		}
		// «… delete نکن فقط unpublish کن»: a denied verb ends its clause.
		if c.opensObject(i+1) || deniesOrder(t.m) && !toks[i+1].punct && !conjunctions[toks[i+1].m] && !isAny(toks[i+1].m, "نه") {
			out = append(out, token{m: "،", s: "،", punct: true, r0: '،'})
		}
	}
	if len(out) == len(toks) {
		return toks
	}
	return out
}

// objectAfterthought reports a form named from j and closed by the
// object marker at the end of the sentence or before punctuation: «فرم
// ۸ رو» after the verb is that verb's object, not a new clause.
func (c clause) objectAfterthought(j int) bool {
	if j+2 >= len(c) || c.atAny(j, formNounsV) == 0 {
		return false
	}
	k := j + c.atAny(j, formNounsV)
	for k < len(c) && c[k].isNum && !c[k].quoted {
		k++
	}
	if k == j+c.atAny(j, formNounsV) || k >= len(c) || !isAny(c[k].m, "را", "رو") {
		return false
	}
	if k+1 == len(c) || c[k+1].punct {
		return true
	}
	// «rename کن فرم ۳۱ رو به «…»»: what the verb makes of it, a quote
	// after «به», ends the sentence with it.
	q := k + 1
	if isAny(c[q].m, "به", "to") && !c[q].quoted {
		q++
	}
	return q < len(c) && c[q].quoted && (q+1 == len(c) || c[q+1].punct)
}

// imperativeAct reports an act's own imperative at i, «ببند», «بردار»,
// «بنداز»: like «کن», it closes its verb phrase.
func (c clause) imperativeAct(i int) bool {
	t := c[i]
	if !strings.HasPrefix(t.m, "ب") || utf8.RuneCountInString(t.m) < 3 {
		return false
	}
	return c.atAny(i, disableWordsV) > 0 || c.atAny(i, deleteWordsV) > 0 || c.atAny(i, moveVerbsV) > 0
}

// objectBefore reports an object in the clause before i: a form, a
// question, a number, a quote, a list or a pronoun.
func (c clause) objectBefore(i int) bool {
	for k := i - 1; k >= 0 && !(c[k].punct && !c[k].quoted); k-- {
		t := c[k]
		if t.quoted || t.qnoun || t.isNum || t.pron || t.list != nil || c.atAny(k, formNounsV) > 0 || isAny(t.m, "it", "them", "اون", "آن", "این") {
			return true
		}
	}
	return false
}

// movesBefore reports a verb of moving in the clause before i.
func (c clause) movesBefore(i int) bool {
	for k := i - 1; k >= 0 && !c[k].punct; k-- {
		if !c[k].quoted && c.atAny(k, moveVerbsV) > 0 {
			return true
		}
	}
	return false
}

// questionBefore reports a question noun in the clause before i.
func (c clause) questionBefore(i int) bool {
	for k := i - 1; k >= 0 && !c[k].punct; k-- {
		if c[k].qnoun && !c[k].quoted {
			return true
		}
	}
	return false
}

// opensObject reports a new object at i: «فرم ۴», «سوال ۳», «سوال
// دوم», «یه سوال …», «اسم فرم ۵». A form after a preposition («اضافه کن
// به فرم ۱۴») is where the verb before it acts, not a new object.
func (c clause) opensObject(i int) bool {
	t := c[i]
	if t.quoted || t.punct {
		return false
	}
	if (c.atAny(i, formNounsV) > 0 || t.qnoun) && i+1 < len(c) {
		nx := c[i+1]
		_, ord := ordinal(nx.m)
		// «… اجباری کن فرم رو منتشر کن»: the form named again.
		return nx.isNum || ord || c.atAny(i, formNounsV) > 0 && isAny(nx.m, "را", "رو")
	}
	if isAny(t.m, "یه", "یک") && i+1 < len(c) {
		return c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0
	}
	if c.atAny(i, nameNounsV) > 0 && i+1 < len(c) {
		return c.atAny(i+1, formNounsV) > 0
	}
	// «… اضافه کنید نوعش تاریخ باشه», «… تایپش دیت باشه»: the kind of
	// what was just named, said with «its», opens a clause of its own.
	return isAny(t.m, "نوعش", "نوعشو") || t.pron && isAny(t.m, "type", "نوع")
}

// hasVerb reports a verb in the clause: a light verb, an act, a
// negative or a copula.
func (c clause) hasVerb() bool {
	for i, t := range c {
		if t.quoted || t.list != nil {
			continue
		}
		if isAny(t.m, lightVerbs...) || isAny(t.m, clauseVerbs...) || negativeVerbs[t.m] || isAny(t.m, "باشه", "باشد", "هست", "است", "میخوام", "میخواهم", "لازمه") ||
			c.atAny(i, actionWordsV) > 0 || c.atAny(i, placeVerbsV) > 0 || c.atAny(i, deleteWordsV) > 0 {
			return true
		}
	}
	return false
}

// plainWording reports words up to the next cut, verb or detail that
// can only go on a wording: no number, form, question, type or list
// among them.
// After «و» they are the rest of the wording, «… با عنوان اسم و
// فامیل», not a clause of their own.
func plainWording(toks []token) bool {
	c := clause(toks)
	n := 0
	for i, t := range toks {
		if t.punct || !t.quoted && conjunctions[t.m] {
			break
		}
		if c.atAny(i, stopWordsV) > 0 || c.deniedActAt(i) > 0 || isAny(t.m, lightVerbs...) || negativeVerbs[t.m] || c.detailStarts(i) {
			break // the verb or detail that ends the wording
		}
		if t.quoted || t.isNum || t.qnoun || t.list != nil || c.atAny(i, formNounsV) > 0 || isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) {
			return false
		}
		if _, k := c.fieldTypeAt(i); k > 0 {
			return false
		}
		n++
	}
	return n > 0
}
