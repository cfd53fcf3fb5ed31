package persian

import (
	"sort"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// What arshline-plan/v2 lets a command say beyond v1, read only by a
// planner made with Config{Contract: 2}: lists of options and of
// questions, labels that tell a question's type or format, edits of
// existing questions, and deleting, copying and disabling forms.

// tokenList is a list said in one breath: the options of a question
// («با گزینه‌های قرمز، آبی و سبز») or the questions a form asks («با
// سوال‌های نام، ایمیل و سن», «که اسم و رشته رو بپرسه»). It is read
// before the clauses are cut, as its «،» and «و» join items, not clauses.
type tokenList struct {
	options bool
	// named: the items name the questions («سوال‌های …», «که … بپرسه»),
	// so a type word said alone is the subject too («email»); after a
	// singular noun it only says the type («یه سوال عددی»).
	named bool
	items [][]token
}

// listToken stands for a whole list in the token stream: its key
// matches no word of the lexicon.
func listToken(l *tokenList, surfaceText string) token {
	return token{m: "\x00", s: surfaceText, list: l, r0: 0}
}

// collectLists folds every list the command says into one token.
func collectLists(toks []token) []token {
	var out []token
	changed := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.punct && t.m == ":" && len(out) > 0 && choiceBefore(out) {
			// «… که چند تا جواب بشه انتخاب کرد: صبح، ظهر، عصر»: after a
			// choice question the colon lists its options.
			if l, end := optionList(toks, i+1); l != nil && len(l.items) > 1 && end == len(toks) {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.punct && t.m == ":" && len(out) > 0 && colonListFollows(out) {
			// «این سوال‌ها رو اضافه کن: «نام» اجباری، «ایمیل» اختیاری».
			if items, end := listItems(toks, i+1, false); len(items) > 1 && end == len(toks) {
				out = append(out, listToken(&tokenList{items: items, named: true}, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.punct && t.m == ":" && i+1 < len(toks) {
			if _, ok := clause(toks[i+1:]).opensWithOrdinal(); ok {
				// «دو تا فرم می‌خوام: اولی …، دومی …»: the colon opens items
				// that are clauses of their own, as a comma would.
				t = token{m: "،", s: "،", punct: true, r0: '،'}
				changed = true
			}
		}
		if t.quoted || t.punct {
			out = append(out, t)
			continue
		}
		if isOptionNoun(t.m) && !inTypePhrase(toks, i) {
			if l, end := optionList(toks, i+1); l != nil {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
			// «گزینه‌های سوال دوم را بکن الف، ب و ج»: the options follow
			// the verb that gives them.
			if k := optionsAfterVerb(toks, i+1); k > 0 {
				if l, end := optionList(toks, k); l != nil && len(l.items) > 1 {
					out = append(append(out, toks[i:k]...), listToken(l, surfaceOf(toks[k:end])))
					i = end - 1
					changed = true
					continue
				}
			}
		}
		if isAny(t.m, "که", "that", "which") {
			if l, end := askedList(toks, i+1); l != nil {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.qnoun && !namesQuestionAsked(toks, i) {
			if l, end := questionList(toks, i); l != nil {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		out = append(out, t)
	}
	if !changed {
		return toks
	}
	return out
}

func surfaceOf(ts []token) string {
	words := make([]string, 0, len(ts))
	for _, t := range ts {
		words = append(words, t.s)
	}
	return strings.Join(words, " ")
}

func isOptionNoun(m string) bool {
	return isAny(m, optionNouns...) || isAny(m, optionPluralNouns...)
}

// optionList reads the options after their noun: an optional «:» or
// «مثل», then items up to the verb, the object marker or the form.
func optionList(toks []token, from int) (*tokenList, int) {
	j := from
	for j < len(toks) && (toks[j].m == ":" || !toks[j].quoted && isAny(toks[j].m, listMarkers...)) {
		j++
	}
	items, end := listItems(toks, j, true)
	// One option is a list only quoted («یک گزینه «تهران»»): «گزینه
	// دوم» names an option, it does not list one.
	if len(items) == 0 || len(items) == 1 && !(len(items[0]) == 1 && items[0][0].quoted) {
		return nil, 0
	}
	return &tokenList{options: true, items: items}, end
}

// questionList reads the questions named after their noun: after a
// plural («سوال‌های نام، ایمیل و سن», «پرسش‌ها: …») any words, after a
// singular only labels that tell a kind of answer («سوال شماره موبایل و
// کد ملی»), as a bare word after «سوال» is more often its type or a
// description than its wording.
func questionList(toks []token, at int) (*tokenList, int) {
	j := at + 1
	plural := isAny(toks[at].m, pluralQuestionNouns...)
	colon := j < len(toks) && toks[j].m == ":"
	if colon {
		j++
	}
	if !plural && !colon {
		if j >= len(toks) || labelAt(clause(toks), j) == nil {
			return nil, 0
		}
	}
	items, end := listItems(toks, j, false)
	if len(items) == 0 {
		return nil, 0
	}
	if !plural && !colon {
		for _, it := range items {
			if !allLabels(clause(it)) {
				return nil, 0
			}
		}
	}
	return &tokenList{items: items, named: plural || colon}, end
}

// askedList reads «که اسم، رشته و سال ورود رو بپرسه»: what a form asks,
// ending with the object marker and a verb of asking.
func askedList(toks []token, from int) (*tokenList, int) {
	if from < len(toks) && isAskVerb(toks[from].m) && isLatin(toks[from].m) {
		// «a form that asks for name, email»: the verb comes first.
		j := from + 1
		if j < len(toks) && toks[j].m == "for" {
			j++
		}
		if items, end := listItems(toks, j, false); len(items) > 0 {
			return &tokenList{items: items, named: true}, end
		}
		return nil, 0
	}
	j := from
	// «که توش اسم … رو بپرسه»: where it asks comes first.
	if j < len(toks) && (isAny(toks[j].m, "توش", "درش", "داخلش", "توی", "در") || toks[j].pron && isAny(toks[j].m, "تو", "داخل")) && !toks[j].quoted {
		j++
		if j < len(toks) && isAny(toks[j].m, "آن", "اون") {
			j++
		}
	}
	// «که از مشتری شماره موبایل … رو بگیره»: whom it asks comes first.
	if j+1 < len(toks) && toks[j].m == "از" && !toks[j+1].quoted {
		j += 2
	}
	if j < len(toks) && isAny(toks[j].m, "for") {
		j++
	}
	items, end := listItems(toks, j, false)
	if len(items) == 0 {
		return nil, 0
	}
	k := end
	if k < len(toks) && isAny(toks[k].m, "را", "رو") {
		k++
	}
	for n := 0; n < 2 && k < len(toks) && !isAskVerb(toks[k].m); n++ {
		if !isAny(toks[k].m, "ازشون", "ازش", "ازشان", "از", "اونها", "آنها", "افراد", "کاربران", "مشتری", "شرکتکنندهها") {
			break
		}
		k++
	}
	if k >= len(toks) || !isAskVerb(toks[k].m) {
		return nil, 0
	}
	return &tokenList{items: items, named: true}, k + 1
}

// inTypePhrase reports a word that is part of a type phrase said
// around it: the «گزینه» of «چند گزینه ای» names a type, not options.
func inTypePhrase(toks []token, i int) bool {
	c := clause(toks)
	for k := max(i-2, 0); k <= i; k++ {
		if _, n := c.fieldTypeAt(k); n > 0 && k+n > i {
			return true
		}
	}
	return false
}

// optionsAfterVerb finds, after an option noun that names a question's
// options («گزینه‌های سوال دوم فرم ۵»), the verb that gives the new ones
// («رو بکن …», «رو به … تغییر بده»), and returns where they start.
func optionsAfterVerb(toks []token, from int) int {
	if from >= len(toks) || !toks[from].qnoun {
		return 0
	}
	for k := from + 1; k < len(toks) && k < from+9; k++ {
		if toks[k].punct || toks[k].quoted {
			return 0
		}
		if isAny(toks[k].m, "بکن", "کن", "بذار", "بگذار", "بزار", "بشه", "باشه", "بشن", "باشن", "به", "to") {
			return k + 1
		}
	}
	return 0
}

// colonListFollows reports a colon after a verb that adds or makes
// questions named in the plural: what follows lists them.
func colonListFollows(before []token) bool {
	plural, verb := false, false
	for k := len(before) - 1; k >= 0; k-- {
		t := before[k]
		if t.punct && !isAny(t.m, "،", ",") || t.list != nil {
			break
		}
		c := clause(before)
		if isAny(t.m, pluralQuestionNouns...) {
			plural = true
		}
		if c.atAny(k, addVerbsV) > 0 || c.createVerbAt(k) {
			verb = true
		}
	}
	return plural && verb
}

// namesQuestionAsked reports a question named to be edited rather than
// added: the noun and its label carry the object marker («سوال سن رو
// اجباری کن») and no verb of the clause adds or makes anything.
func namesQuestionAsked(toks []token, i int) bool {
	c := clause(toks)
	marked := false
	for k := i + 1; k < len(toks); k++ {
		t := toks[k]
		if t.punct || conjunctions[t.m] {
			break
		}
		if isAny(t.m, "را", "رو") && k <= i+4 {
			marked = true
		}
		if c.atAny(k, addVerbsV) > 0 || c.atAny(k, placeVerbsV) > 0 || c.createVerbAt(k) {
			return false
		}
	}
	return marked
}

func isAskVerb(m string) bool {
	return isAny(m, askVerbs...)
}

// listItems splits a list at «،» and «و»: with commas between its items
// a «و» joins only the last two («نام و نام خانوادگی، کد ملی و موبایل»
// is three), without them every «و» parts two items. A part in
// parentheses says what its item is («نام (کوتاه، اجباری)»). The list
// ends at a word of the grammar: a verb, the object marker, a form, a
// question, a state or an order of steps.
func listItems(toks []token, from int, options bool) ([][]token, int) {
	var parts [][]token // cut at commas
	var cur []token
	depth := 0
	end := from
	j := from
	for ; j < len(toks); j++ {
		t := toks[j]
		if depth > 0 {
			cur = append(cur, t)
			end = j + 1
			if t.punct && t.m == ")" {
				depth--
			}
			continue
		}
		if t.punct && t.m == "(" && len(cur) > 0 {
			depth++
			cur = append(cur, t)
			end = j + 1
			continue
		}
		if t.punct && isAny(t.m, "،", ",", "/") {
			if len(cur) == 0 {
				break
			}
			parts = append(parts, cur)
			cur = nil
			continue
		}
		if listEnds(toks, j, options) {
			break
		}
		cur = append(cur, t)
		end = j + 1
	}
	// «… نام و سن و منتشرش کن»: a «و» before the word that ends the
	// list joins the next clause, not an item.
	for len(cur) > 0 && depth == 0 && !cur[len(cur)-1].quoted && isAny(cur[len(cur)-1].m, "و", "and", "یا", "or") {
		cur = cur[:len(cur)-1]
		end--
	}
	if depth > 0 {
		return nil, 0
	}
	if len(cur) > 0 {
		parts = append(parts, cur)
	}
	// A separator with nothing after it is not the list's.
	if len(parts) == 0 {
		return nil, 0
	}
	var items [][]token
	commas := len(parts) > 1
	for k, p := range parts {
		if commas && k < len(parts)-1 {
			items = append(items, p)
			continue
		}
		items = append(items, splitAnd(p)...)
	}
	for _, it := range items {
		if len(it) == 0 || !options && countedItem(it) {
			return nil, 0
		}
	}
	return items, end
}

// countedItem reports an item that counts or types its questions
// («یکی کوتاه», «دو تا کشویی», «اولی بلند», «یک سوال امتیازی»): such a
// list is read item by item as v1 reads it, not as wordings.
func countedItem(it []token) bool {
	t := it[0]
	if t.quoted {
		return false
	}
	if t.isNum || t.m == "یکی" || isAny(t.m, "دیگری", "بعدی", "آخری") {
		return true
	}
	if _, ok := ordinal(t.m); ok && strings.HasSuffix(t.m, "ی") {
		return true
	}
	// A type v1 has («کوتاه», «امتیازی») is an item of that type; a label
	// of v2's («email») is a subject.
	typ, n := clause(it).fieldTypeAt(0)
	return n > 0 && isAny(typ, domain.PlanFieldTypes...)
}

// splitAnd parts an item at every «و» outside parentheses; a trailing
// «و» is left for the clause after the list.
func splitAnd(p []token) [][]token {
	var out [][]token
	start, depth := 0, 0
	for k, t := range p {
		switch {
		case t.punct && t.m == "(":
			depth++
		case t.punct && t.m == ")":
			depth--
		case depth == 0 && !t.quoted && isAny(t.m, "و", "and", "یا", "or"):
			out = append(out, p[start:k])
			start = k + 1
		}
	}
	return append(out, p[start:])
}

// listEnds reports a token that no item of a list can hold.
func listEnds(toks []token, j int, options bool) bool {
	t := toks[j]
	if t.quoted {
		return false
	}
	if t.punct {
		return !isAny(t.m, "(", ")")
	}
	c := clause(toks)
	if t.qnoun || isAny(t.m, "را", "رو", "که", "باشه", "باشد", "باشن", "باشند", "بشه", "هست", "است", "then", "to") || isAny(t.m, lightVerbs...) || isAskVerb(t.m) {
		return true
	}
	if isAny(t.m, "به", "در", "تو", "داخل", "از", "برای", "in", "of", "from", "on", "into", "to") && j+1 < len(toks) && (c.atAny(j+1, formNounsV) > 0 || toks[j+1].pron || isAny(toks[j+1].m, "آن", "اون", "این")) {
		return true
	}
	if c.atAny(j, formNounsV) > 0 || c.atAny(j, actionWordsV) > 0 || c.atAny(j, placeVerbsV) > 0 || conjunctions[t.m] && !isAny(t.m, "و", "and") || isAny(t.m, renameVerbs...) {
		return true
	}
	if options && (isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...)) {
		return true
	}
	return false
}

// label is a question's subject that tells what kind of answer it takes.
type label struct {
	typ, format string
	n           int  // tokens it spans
	typeOnly    bool // it names the type, not the question («آپلود»)
}

// labelAt reads a label at i.
func labelAt(c clause, i int) *label {
	if i >= len(c) {
		return nil
	}
	k, n := c.next(i, labelsV, 0)
	if n == 0 {
		return nil
	}
	l := labels[k]
	return &label{typ: l.typ, format: l.format, n: n, typeOnly: l.typeOnly}
}

// itemGroup makes a question of a list item: its words are the wording
// (less the words that only name a type), a label in it tells its type
// or format, and words in parentheses say its type and whether it is
// required.
func itemGroup(item []token, named bool) fieldGroup {
	g := fieldGroup{count: 1, item: true}
	c := clause(item)
	var words []string
	for j := 0; j < len(c); j++ {
		t := c[j]
		if t.punct && t.m == "(" {
			for j++; j < len(c) && !(c[j].punct && c[j].m == ")"); j++ {
				if isAny(c[j].m, requiredWords...) {
					g.required = true
				}
				if g.typ == "" {
					if typ, n := c.fieldTypeAt(j); n > 0 {
						g.typ = typ
						j += n - 1
						continue
					}
					if l := labelAt(c, j); l != nil {
						g.typ, g.format = l.typ, l.format
						j += l.n - 1
						continue
					}
				}
				if c[j].m == ":" {
					// «رشته (کشویی: ریاضی، تجربی)»: the rest are options.
					for k := j + 1; k < len(c) && !(c[k].punct && c[k].m == ")"); k++ {
						if !c[k].punct && !isAny(c[k].m, "و", "and") {
							g.options = append(g.options, c[k].s)
						}
					}
				}
			}
			continue
		}
		if t.quoted {
			words = append(words, t.s)
			continue
		}
		if isAny(t.m, requiredWords...) {
			g.required = true
			continue
		}
		if isAny(t.m, optionalWords...) {
			continue
		}
		if l := labelAt(c, j); l != nil {
			if g.typ == "" {
				g.typ, g.format = l.typ, l.format
			}
			if l.typeOnly && !(named && l.n == len(c)) {
				j += l.n - 1
				continue
			}
		}
		if len(words) > 0 || !isAny(t.m, "یک", "یه") {
			if typ, n := c.fieldTypeAt(j); n > 0 && len(words) > 0 {
				if g.typ == "" {
					g.typ = typ
				}
				j += n - 1
				continue
			}
		}
		words = append(words, t.s)
	}
	g.question = strings.Join(words, " ")
	return g
}

// v2Traits completes a group with what only v2 can say: a label among
// its words, the options listed in its span.
func (c clause) v2Traits(g *fieldGroup, at, hi int, used []bool) {
	// «یه سوال برای آپلود عکس پرسنلی»: what the question is for is its
	// subject, less the words that only name its type.
	if j := at + 1; g.question == "" && j+1 < hi && !used[j] && isAny(c[j].m, "برای", "for") {
		k := j + 1
		if l := labelAt(c, k); l != nil && l.typeOnly {
			if g.typ == "" {
				g.typ = l.typ
			}
			k += l.n
		}
		if k < hi && !c.isStop(k) {
			markUsed(used, j, k)
			g.question, _ = c.span(k, used)
		}
	}
	for j := at; j < hi && j < len(c); j++ {
		if c[j].list != nil && c[j].list.options && g.options == nil {
			g.options = listTexts(c[j].list)
			used[j] = true
			continue
		}
		if used[j] || c[j].quoted {
			continue
		}
		// A label tells the type right after the noun («یه سوال تاریخ با
		// متن …»); further on, it may be a wording listed after a colon.
		if j == at+1 && (g.typ == "" || g.typ == domain.PlanFieldShortText && g.format == "") {
			if l := labelAt(c, j); l != nil && (g.typ == "" || l.typ == domain.PlanFieldShortText) {
				g.typ, g.format = l.typ, l.format
				if g.question == "" && !l.typeOnly && j == at+1 {
					g.question = surfaceOf(c[j : j+l.n])
				}
				markUsed(used, j, j+l.n)
				j += l.n - 1
			}
		}
	}
	if len(g.options) > 0 && !domain.IsChoiceType(g.typ) {
		if g.typ == "" || g.typ == domain.PlanFieldShortText {
			g.typ = domain.PlanFieldMultipleChoice
		}
	}
}

func listTexts(l *tokenList) []string {
	out := make([]string, 0, len(l.items))
	for _, it := range l.items {
		out = append(out, surfaceOf(it))
	}
	return out
}

// retype reads the type words only a v2 planner knows as the key of
// the type they name, one token for the phrase.
func retype(toks []token) []token {
	c := clause(toks)
	var out []token
	changed := false
	for i := 0; i < len(toks); i++ {
		k, n := c.next(i, v2TypeWordsV, 0)
		if n == 0 {
			if changed {
				out = append(out, toks[i])
			}
			continue
		}
		if !changed {
			out = append(make([]token, 0, len(toks)), toks[:i]...)
			changed = true
		}
		key := v2TypeWords[k].key
		out = append(out, token{m: key, s: surfaceOf(toks[i : i+n]), r0: firstRune(key)})
		i += n - 1
	}
	if !changed {
		return toks
	}
	return out
}

var (
	deleteWordsV  = newVocab(deleteWords...)
	disableWordsV = newVocab(disableWords...)
	moveVerbsV    = newVocab(moveVerbs...)
	endWordsV     = newVocab(endWords...)
	copyV2        = newVocab(append(append([]string{}, copyWords...), "رونوشت", "نسخه کپی", "نسخه")...)
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
	if i := c.unusedAt(used, disableWordsV); i >= 0 {
		n := c.atAny(i, disableWordsV)
		f.disable = !c.reportedAt(i+n) && !c.compoundAt(i+n)
		markUsed(used, i, i+n)
	} else if i := c.unusedAt(used, deleteWordsV); i >= 0 {
		n := c.atAny(i, deleteWordsV)
		f.deleteForm = !c.reportedAt(i+n) && !c.compoundAt(i+n)
		markUsed(used, i, i+n)
		if f.deleteForm && (c.hasQuestionNoun() || c.hasQuestionList() || c.hasUnused(used, resultsWordsV) || c.hasOptionNoun()) {
			f.deleteForm = false
			f.refusal = [2]string{"the planner deletes a whole form or one question named by its place («سوال دوم»), not all its questions, answers or options",
				"برنامه‌ریز یک فرم کامل یا یک سوال با جایگاهش («سوال دوم») را حذف می‌کند، نه همهٔ سوال‌ها، پاسخ‌ها یا گزینه‌ها را"}
		}
	}
	if i := c.unusedAt(used, copyV2); i >= 0 && !c.hasQuestionNoun() {
		n := c.atAny(i, copyV2)
		if !c.reportedAt(i+n) && !c.compoundAt(i+n) {
			f.duplicate = true
			f.deleteForm, f.disable = false, false
			markUsed(used, i, i+n)
		}
	}
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
	if isAny(t.m, lightVerbs...) || isAny(t.m, pastLightVerbs...) || isAny(t.m, functionWords...) || negativeVerbs[t.m] ||
		c.createVerbAt(i) || c.atAny(i, formNounsV) > 0 || c.atAny(i, formKindsV) > 0 || fillers[t.m] || titleEnders[t.m] {
		return false
	}
	if isAny(t.m, "بگیر", "بگیرید", "بزن", "بزنید", "سازی", "بشه", "بشود", "گردد", "شود", "نمایید", "نما", "کنید", "the", "all", "of", "this", "that", "it", "form", "forms", "question", "nevermind", "now", "please") {
		return false
	}
	// A Persian verb or its infinitive («کنیم», «کردن») is no noun.
	return !strings.HasPrefix(t.m, "کن") && !strings.HasPrefix(t.m, "بکن") && !strings.HasPrefix(t.m, "نک") && !strings.HasPrefix(t.m, "کرد")
}

// reportedAt reports a past light verb at i: «حذف شد», «کپی کردم».
func (c clause) reportedAt(i int) bool {
	return i < len(c) && !c[i].quoted && isAny(c[i].m, pastLightVerbs...)
}

// questionRef finds a question of a form named by its place: «سوال
// دوم», «سوال ۲», «سوال شماره ۲», «سومین سوال», «question 3». It
// returns the 0-based index and the tokens it spans, or ok false.
func (c clause) questionRef() (index, lo, hi int, ok bool) {
	for i, t := range c {
		if !t.qnoun || t.quoted || i+1 >= len(c) {
			continue
		}
		nx := c[i+1]
		// «سوال دومو»: the spoken object marker typed on the ordinal.
		n, isOrd := ordinal(nx.m)
		if m, cut := strings.CutSuffix(nx.m, "و"); !isOrd && cut {
			n, isOrd = ordinal(m)
		}
		if isOrd && !nx.quoted {
			hi := i + 2
			for hi+1 < len(c) && isAny(c[hi].m, "و", "،", ",", "and") {
				if _, ok := ordinal(c[hi+1].m); !ok || c[hi+1].quoted {
					break
				}
				hi += 2
			}
			return n - 1, i, hi, true
		}
		if nx.isNum && nx.num > 0 && !nx.quoted {
			return nx.num - 1, i, i + 2, true
		}
		if nx.m == "شماره" && i+2 < len(c) && c[i+2].isNum && c[i+2].num > 0 {
			return c[i+2].num - 1, i, i + 3, true
		}
		if i > 0 && !c[i-1].quoted {
			if n, isOrd := ordinal(c[i-1].m); isOrd && c[i-1].m != "اول" {
				return n - 1, i - 1, i + 1, true
			}
		}
	}
	return 0, 0, 0, false
}

// wordingRef finds a question named by its wording: «سوال «ایمیل»»,
// «سوال سن رو …». It returns the wording and the tokens it spans.
func (c clause) wordingRef() (text string, lo, hi int) {
	for i, t := range c {
		if !t.qnoun || t.quoted || i+1 >= len(c) || isAny(t.m, pluralQuestionNouns...) {
			continue
		}
		if c[i+1].quoted {
			return c[i+1].s, i, i + 2
		}
		j := i + 1
		for j < len(c) && !c[j].quoted && !c[j].punct && !isAny(c[j].m, "را", "رو") && c.atAny(j, formNounsV) == 0 && j-i <= 4 {
			j++
		}
		if j > i+1 && j < len(c) && isAny(c[j].m, "را", "رو") {
			return surfaceOf(c[i+1 : j]), i, j
		}
	}
	return "", 0, 0
}

// readFieldEdit reads a change to a question the form has: delete it,
// move it, make it required or optional, give it a wording, a type, a
// format or options. A clause that adds or makes something, or opens a
// page, is no edit.
func (c clause) readFieldEdit(f *frame, used []bool) bool {
	if c.countedQuestion() {
		// «یه سوال کشویی به عنوان سوال اول فرم ۵ قرار بده»: a question
		// counted is a new one; the place named is where it goes.
		return false
	}
	idx, lo, hi, ok := c.questionRef()
	adds := c.hasUnused(used, addVerbsV)
	if adds && !(ok && c.hasOptionNoun()) || c.makesSomething(used, lo) || c.hasUnused(used, openWordsV) || c.hasUnused(used, editorWordsV) {
		return false
	}
	e := &fieldEdit{}
	if ok {
		e.index = idx
		for k := lo + 3; k < hi; k += 2 {
			n, _ := ordinal(c[k].m)
			e.more = append(e.more, n-1)
		}
	} else {
		e.byWording, lo, hi = c.wordingRef()
		if e.byWording == "" {
			return false
		}
	}
	markUsed(used, lo, hi)
	if ok && c.hasOptionNoun() && (adds || c.hasUnused(used, deleteWordsV)) && !c.hasOptionList() {
		// «یه گزینه «سایر» به سوال دوم اضافه کن», «گزینه دوم سوال سوم را
		// حذف کن»: the list it changes is not known here, and options
		// replace the whole list.
		f.refusal = [2]string{"an option cannot be added to or removed from a question's current list; give the whole list of options",
			"نمی‌توان گزینه‌ای به فهرست فعلی سوال افزود یا از آن برداشت؛ همهٔ گزینه‌ها را بگویید"}
		return true
	}
	if adds {
		// «یه گزینه «سایر» به سوال دوم اضافه کن»: the list it adds to is
		// not known here, and options replace the whole list.
		f.refusal = [2]string{"an option cannot be added to a question's current list; give the whole list of options",
			"نمی‌توان گزینه‌ای به فهرست فعلی سوال افزود؛ همهٔ گزینه‌ها را بگویید"}
		return true
	}
	changed := false
	if i := c.unusedAt(used, deleteWordsV); i >= 0 {
		e.del, changed = true, true
		markUsed(used, i, i+c.atAny(i, deleteWordsV))
	}
	if !e.del {
		if to, end, found := c.destination(hi, used); found {
			if end {
				f.refusal = [2]string{"the end of a form is no position without knowing how many questions it has; say which place, e.g. «جایگاه پنجم»",
					"«آخر فرم» بدون دانستن شمار سوال‌ها جایگاهی نیست؛ جایگاه را بگویید، مثلاً «جایگاه پنجم»"}
				return true
			}
			e.to, changed = domain.Int(to), true
		}
	}
	if e.to == nil && !e.del {
		for j := range c {
			if used[j] || c[j].quoted {
				continue
			}
			switch {
			case isAny(c[j].m, requiredWords...):
				if c.deniedRequired(j) {
					e.optional = true
					f.negated = false
				} else {
					e.required = true
				}
				used[j], changed = true, true
			case isAny(c[j].m, optionalWords...):
				e.optional, used[j], changed = true, true, true
			case c[j].list != nil && c[j].list.options:
				e.options, used[j], changed = listTexts(c[j].list), true, true
			case e.typ == "":
				if typ, n := c.fieldTypeAt(j); n > 0 {
					e.typ, changed = typ, true
					markUsed(used, j, j+n)
				} else if l := labelAt(c, j); l != nil {
					e.typ, e.format, changed = l.typ, l.format, true
					markUsed(used, j, j+l.n)
				}
			}
		}
		for j := range c {
			if !used[j] && c[j].quoted {
				e.question, used[j], changed = c[j].s, true, true
				break
			}
		}
	}
	if !changed {
		return false
	}
	// Options alone keep the question's own type, which must be a choice
	// one; the contract checks that.
	f.edit = e
	return true
}

// makesSomething reports a create verb that makes something: «make
// question 3 required» makes the question be so, its object right after.
func (c clause) makesSomething(used []bool, ref int) bool {
	for i := range c {
		if !used[i] && c.createVerbAt(i) && !(i+1 == ref || i+2 == ref && isAny(c[i+1].m, "the")) {
			return true
		}
	}
	return false
}

func (c clause) hasQuestionList() bool {
	for _, t := range c {
		if t.list != nil && !t.list.options {
			return true
		}
	}
	return false
}

func (c clause) hasOptionList() bool {
	for _, t := range c {
		if t.list != nil && t.list.options {
			return true
		}
	}
	return false
}

func (c clause) hasOptionNoun() bool {
	for _, t := range c {
		if !t.quoted && (isOptionNoun(t.m) || t.list != nil && t.list.options) {
			return true
		}
	}
	return false
}

// destination reads where a question is moved, after its reference:
// «ببر اول», «بذار جای سوم», «به جایگاه پنجم منتقل کن», «to position
// 1». end is true for the form's end, which needs the question count.
func (c clause) destination(from int, used []bool) (to int, end, found bool) {
	if c.unusedAt(used, moveVerbsV) < 0 {
		return 0, false, false
	}
	for i := from; i < len(c); i++ {
		if used[i] || c[i].quoted {
			continue
		}
		if n := c.atAny(i, slotWordsV); n > 0 && i+n < len(c) {
			j := i + n
			if c[j].qnoun || c[j].m == "شماره" {
				j++
			}
			if j < len(c) {
				if k, ok := ordinal(c[j].m); ok {
					return k - 1, false, true
				}
				if c[j].isNum && c[j].num > 0 {
					return c[j].num - 1, false, true
				}
				if c.atAny(j, endWordsV) > 0 {
					return 0, true, true
				}
			}
		}
		if c.atAny(i, endWordsV) > 0 {
			return 0, true, true
		}
		if c.atAny(i, topWordsV) > 0 {
			return 0, false, true
		}
	}
	return 0, false, false
}

// v2Field gives an add_field step what v2 says of its question: a
// format, or the options of a choice question. One option is no list:
// it is dropped with a warning.
func (b *builder) v2Field(st *domain.PlanStep, g fieldGroup) {
	if g.typ == "" && g.question != "" {
		// «سوال «شماره همراه»»: a wording that is a label tells the type.
		c := clause(tokenize(surface(g.question)))
		if l := labelAt(c, 0); l != nil && l.n == len(c) {
			st.Params.Type, g.format = l.typ, l.format
		}
	}
	if g.format != "" && st.Params.Type == domain.PlanFieldShortText {
		st.Params.Format = g.format
	}
	if !domain.IsChoiceType(st.Params.Type) || len(g.options) == 0 {
		return
	}
	g.options = cleanOptions(g.options)
	if len(g.options) < 2 {
		b.warn("options.one", "a single option is no list of options; the question gets the default two",
			"یک گزینه فهرست گزینه‌ها نیست؛ سوال با دو گزینهٔ پیش‌فرض ساخته می‌شود")
		return
	}
	st.Params.Options = append([]string(nil), g.options...)
}

// formActs emits the v2 steps on whole forms and on one question:
// delete_form, duplicate_form, update_field, delete_field, move_field.
// The form this plan creates can have its questions edited (it has no
// id, and its questions are known) but is not deleted or copied.
func (b *builder) formActs(f *frame, ids []int64, created bool) {
	if created && (f.deleteForm || f.duplicate) {
		b.refuse("a form created in this command cannot be deleted or copied in the same command",
			"فرمی که در همین فرمان ساخته می‌شود را نمی‌توان در همان فرمان حذف یا کپی کرد")
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
			b.steps = append(b.steps, domain.PlanStep{Action: domain.ActionDuplicateForm, Params: domain.StepParams{ID: domain.Int64(id), Title: strings.TrimSpace(f.title)}})
		}
	}
}

// editField emits the step of a question edit. A question named by its
// wording is found among those this plan added to its new form; on a
// form that exists its place is not known here, so it is refused.
func (b *builder) editField(e *fieldEdit, ids []int64, created bool) {
	index := e.index
	if e.byWording != "" {
		index = -1
		if created {
			for k, q := range b.newQuestions {
				if q != "" && corpusKey(q) == corpusKey(e.byWording) {
					index = k
				}
			}
		}
		if index < 0 {
			b.refuse("which question? give its number, e.g. «سوال دوم»", "کدام سوال؟ شمارهٔ سوال را بگویید، مثلاً «سوال دوم»")
			return
		}
	}
	if created && (index >= len(b.newQuestions) || e.to != nil && *e.to >= len(b.newQuestions)) {
		b.refuse("the new form has no question at that place", "فرم تازه در آن جایگاه سوالی ندارد")
		return
	}
	targets := ids
	if created {
		targets = []int64{0}
	}
	if len(e.more) > 0 {
		b.editEach(e, index, targets, created)
		return
	}
	for _, id := range targets {
		p := domain.StepParams{Index: domain.Int(index)}
		if !created {
			p.ID = domain.Int64(id)
		}
		st := domain.PlanStep{Params: p}
		switch {
		case e.del:
			st.Action = domain.ActionDeleteField
		case e.to != nil:
			st.Action = domain.ActionMoveField
			st.Params.To = domain.Int(*e.to)
		default:
			st.Action = domain.ActionUpdateField
			st.Params.Question, st.Params.Type, st.Params.Format = e.question, e.typ, e.format
			st.Params.Required, st.Params.Optional = e.required, e.optional && !e.required
			if opts := cleanOptions(e.options); len(opts) >= 2 {
				st.Params.Options = opts
			}
			if q := st.Params; q.Question == "" && q.Type == "" && q.Format == "" && !q.Required && !q.Optional && q.Options == nil {
				b.refuse("the command names a question but no change to it", "فرمان سوالی را نام می‌برد اما تغییری برای آن نمی‌گوید")
				return
			}
		}
		b.steps = append(b.steps, st)
	}
	if created {
		switch {
		case e.del:
			b.newQuestions = append(b.newQuestions[:index:index], b.newQuestions[index+1:]...)
		case e.to != nil:
			q := b.newQuestions[index]
			rest := append(b.newQuestions[:index:index], b.newQuestions[index+1:]...)
			b.newQuestions = append(rest[:*e.to:*e.to], append([]string{q}, rest[*e.to:]...)...)
		}
	}
}

// corpusKey compares two wordings as an admin would: letters and spaces.
func corpusKey(s string) string {
	return strings.Join(strings.Fields(strings.Trim(matchForm(s), "«»\"'")), " ")
}

// attachOptions gives the options a clause lists on its own («…
// اضافه کن، گزینه‌هاش: الف، ب») to the last question said before it.
func attachOptions(fs []*frame) []*frame {
	out := fs[:0]
	for _, f := range fs {
		var opts *tokenList
		only := true
		for _, t := range f.toks {
			switch {
			case t.list != nil && t.list.options:
				opts = t.list
			case t.punct || isAny(t.m, "و", "هم", "باشه", "باشد", "باشن", "باشند"):
			default:
				only = false
			}
		}
		// «… با متن «روزها» و گزینه‌های شنبه و دوشنبه به فرم ۸ بیفزایید»:
		// a clause that lists options and names no question of its own
		// gives them to the question before, and keeps its verb.
		if opts != nil && !only && len(f.groups) == 0 && len(out) > 0 {
			if prev := out[len(out)-1]; len(prev.groups) > 0 && prev.groups[len(prev.groups)-1].options == nil {
				g := &prev.groups[len(prev.groups)-1]
				g.options = listTexts(opts)
				if g.typ == "" || g.typ == domain.PlanFieldShortText {
					g.typ = domain.PlanFieldMultipleChoice
				}
			}
		}
		if opts != nil && only && !f.hasIntent() && len(out) > 0 {
			if prev := out[len(out)-1]; len(prev.groups) > 0 && prev.groups[len(prev.groups)-1].options == nil {
				g := &prev.groups[len(prev.groups)-1]
				g.options = listTexts(opts)
				if g.typ == "" || g.typ == domain.PlanFieldShortText {
					g.typ = domain.PlanFieldMultipleChoice
				}
				continue
			}
		}
		out = append(out, f)
	}
	return out
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

// saysBefore reports a clause that opens with «قبلش» (before that):
// its acts come before those of the clause before it.
func (c clause) saysBefore() bool {
	for i, t := range c {
		if t.punct || fillers[t.m] || isAny(t.m, "ولی", "اما", "ضمنا", "البته") {
			continue
		}
		if isAny(t.m, "قبلش", "پیشش", "قبلشم") {
			return true
		}
		return i+2 < len(c) && isAny(t.m, "قبل", "پیش", "before") && isAny(c[i+1].m, "از", "that") && isAny(c[i+2].m, "اون", "آن", "این", "that", "همه")
	}
	return false
}

// moveBefore puts the steps from start on before those from prev on:
// the clause said after asked to be done first. Steps of a form this
// plan creates stay after its create_form.
func (b *builder) moveBefore(prev, start int) {
	if start <= prev || start >= len(b.steps) {
		return
	}
	for _, st := range b.steps[prev:] {
		if st.Action == domain.ActionCreateForm {
			return
		}
	}
	moved := append(append([]domain.PlanStep{}, b.steps[start:]...), b.steps[prev:start]...)
	copy(b.steps[prev:], moved)
}

// structured reads a command written as labelled fields — «نام فرم:
// ثبت‌نام همایش / پرسش‌ها: نام، ایمیل» — as the sentence it stands for:
// make a form with that title, and the rest as said.
func structured(toks []token) []token {
	c := clause(toks)
	i := 0
	for i < len(c) && (c[i].punct && c[i].m != ":" || isAny(c[i].m, "—", "-", "–", "/") || c.atAny(i, newFormV) > 0 || c.atAny(i, formNounsV) > 0) {
		if n := c.atAny(i, newFormV); n > 0 {
			i += n
			continue
		}
		i++
	}
	n := c.atAny(i, nameNounsV)
	if n == 0 {
		return toks
	}
	j := i + n
	if j < len(c) && c.atAny(j, formNounsV) > 0 {
		j++
	}
	if j >= len(c) || c[j].m != ":" {
		return toks
	}
	j++
	start := j
	for j < len(c) && !c[j].qnoun && !(c[j].punct && c[j].m != ":") && !isAny(c[j].m, "/", "|", "—", "-", "–") {
		j++
	}
	if j == start {
		return toks
	}
	title := c[start:j]
	text := surfaceOf(title)
	if len(title) == 1 && title[0].quoted {
		text = title[0].s
	}
	for j < len(c) && (c[j].punct && c[j].m != ":" || isAny(c[j].m, "/", "|", "—", "-", "–")) {
		j++
	}
	out := tokenize("یک فرم بساز با عنوان")
	q := token{m: matchForm(text), s: text, quoted: true}
	q.r0 = firstRune(q.m)
	out = append(out, q)
	return append(out, toks[j:]...)
}

// formsByOrdinal reads «دو فرم بساز، اولی به اسم «الف» با یه سوال کوتاه،
// دومی …»: clauses opening with the spoken ordinals «اولی», «دومی», one
// for each form asked for, in order, describe one form each: each is
// made with its own title and questions.
func formsByOrdinal(fs []*frame) []*frame {
	for i := 0; i < len(fs); i++ {
		f := fs[i]
		count := f.createCount
		if !f.create {
			count = f.toks.wishedForms()
		}
		if count < 2 || f.negated || len(f.groups) > 0 {
			continue
		}
		var parts []*frame
		for k := i + 1; k < len(fs) && len(parts) < count; k++ {
			if n, ok := fs[k].toks.opensWithOrdinal(); !ok || n != len(parts)+1 {
				break
			}
			parts = append(parts, fs[k])
		}
		if len(parts) != count {
			continue
		}
		for _, p := range parts {
			p.create, p.add, p.createCount, p.rename = true, false, 0, false
			p.ids, p.bareIDs, p.refersBack = nil, nil, false
			if p.title == "" && len(p.toks) > 1 && p.toks[1].quoted {
				p.title = p.toks[1].s
			}
			// The ordinal itself reads as a list item («اولی با …»): with
			// no type, it is the form, not a question.
			kept := p.groups[:0]
			for k, g := range p.groups {
				if !(g.item && g.typ == "" && (g.question == p.title || k == 0 && g.question == "")) {
					kept = append(kept, g)
				}
			}
			p.groups = kept
		}
		fs = append(fs[:i:i], append(parts, fs[i+1+count:]...)...)
		i += count - 1
	}
	return fs
}

// opensWithOrdinal reads the spoken ordinal a clause opens with: «اولی»,
// «دومی», «the second».
func (c clause) opensWithOrdinal() (int, bool) {
	for _, t := range c {
		if t.punct || t.quoted {
			return 0, false
		}
		if isAny(t.m, "the", "و") {
			continue
		}
		n, ok := ordinal(t.m)
		return n, ok && (strings.HasSuffix(t.m, "ی") || isLatin(t.m))
	}
	return 0, false
}

// wishedForms reads «دو تا فرم می‌خوام»: a count of forms wished for, as
// a request to make them.
func (c clause) wishedForms() int {
	wish := false
	count := 0
	for i, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, "میخوام", "میخواهم", "میخوایم", "میخواهیم", "لازم", "نیاز", "want", "need") {
			wish = true
		}
		if t.isNum && t.num > 1 && i+1 < len(c) {
			k := i + 1
			if c[k].m == "تا" && k+1 < len(c) {
				k++
			}
			if c.atAny(k, formNounsV) > 0 || c.atAny(k, formKindsV) > 0 {
				count = t.num
			}
		}
	}
	if !wish {
		return 0
	}
	return count
}

// editEach applies one edit to several questions: deletions from the
// last up, so that each index still names the question it named; a
// move of several questions is not one place, and is refused.
func (b *builder) editEach(e *fieldEdit, first int, targets []int64, created bool) {
	if e.to != nil || created {
		b.refuse("say one question at a time for this change", "این تغییر را برای هر سوال جداگانه بگویید")
		return
	}
	idx := append([]int{first}, e.more...)
	if e.del {
		sort.Sort(sort.Reverse(sort.IntSlice(idx)))
	}
	for _, id := range targets {
		for k, at := range idx {
			if k > 0 && at == idx[k-1] {
				continue
			}
			one := *e
			one.more = nil
			one.index = at
			b.editField(&one, []int64{id}, false)
		}
	}
}

// saysEach reports «به هر کدوم», «to each of them»: the questions go to
// every form just made, not only the last.
func (c clause) saysEach() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.m == "هر" && i+1 < len(c) && isAny(c[i+1].m, "کدوم", "کدام", "یک", "کدومشون", "کدامشان", "یکیشون") || isAny(t.m, "هرکدوم", "هرکدام", "each") {
			return true
		}
	}
	return false
}

// fieldsEach adds a clause's questions to each of the forms the plan
// has just made, each right after its create_form, as an id-less step
// acts on the form made last. It reports false when the forms made are
// not the plan's last steps.
func (b *builder) fieldsEach(f *frame) bool {
	s := len(b.steps)
	for s > 0 && b.steps[s-1].Action == domain.ActionCreateForm {
		s--
	}
	if len(b.steps)-s < 2 {
		return false
	}
	made := append([]domain.PlanStep(nil), b.steps[s:]...)
	b.steps = b.steps[:s]
	for k, st := range made {
		b.steps = append(b.steps, st)
		b.createStep, b.newQuestions = len(b.steps)-1, nil
		one := *f
		one.budget = f.budget*64 + k + 1
		b.fields(&one, nil, true)
	}
	return true
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

// requiredAfter reads «… با جواب مفصل و اجباری به فرم ۹ اضافه کن»: a
// clause after «و» that names no question of its own but says
// «اجباری» makes the question just named required.
func requiredAfter(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		f, prev := fs[k], fs[k-1]
		if len(f.groups) > 0 || len(prev.groups) == 0 || f.negated || f.modifier || !isAny(f.joinedBy, "و", "and", "،", ",") {
			continue
		}
		for i, t := range f.toks {
			if !t.quoted && isAny(t.m, requiredWords...) && !f.toks.deniedRequired(i) && (i == 0 || f.toks[i-1].punct) {
				prev.groups[len(prev.groups)-1].required = true
				break
			}
		}
	}
}

// choiceBefore reports a singular question of a choice type said in
// the clause before a colon, and no list yet.
func choiceBefore(before []token) bool {
	c := clause(before)
	question, choice := false, false
	for k := len(before) - 1; k >= 0; k-- {
		t := before[k]
		if t.punct && !isAny(t.m, "،", ",") || t.list != nil || isAny(t.m, pluralQuestionNouns...) {
			return false
		}
		question = question || t.qnoun
		if t.isNum && t.num > 1 && k+1 < len(before) && (before[k+1].qnoun || before[k+1].m == "تا") {
			return false // «دو سوال کشویی: استان و شهرستان» words two questions
		}
		if typ, n := c.fieldTypeAt(k); n > 0 && domain.IsChoiceType(typ) {
			choice = true
		}
	}
	return question && choice
}

// countedQuestion reports a question noun with a count before it, over
// its type: «یه سوال», «یک سوال کشویی», «دو تا سوال».
func (c clause) countedQuestion() bool {
	for i, t := range c {
		if !t.qnoun || t.quoted {
			continue
		}
		k := i - 1
		for k >= 0 && !c[k].quoted && (typeWords[c[k].m] || isAny(c[k].m, "تا", "دونه", "عدد")) {
			k--
		}
		if k >= 0 && k < i && c[k].isNum && !c[k].digits && !c[k].quoted {
			return true
		}
	}
	return false
}

// stateChanged reports a step since the plan's last create_form that
// changes the new form's state, after which a draft_form does change it.
func (b *builder) stateChanged() bool {
	for k := len(b.steps) - 1; k >= 0; k-- {
		st := b.steps[k]
		if st.Action == domain.ActionCreateForm {
			return false
		}
		if st.Params.ID == nil && (st.Action == domain.ActionPublishForm || st.Action == domain.ActionDisableForm) {
			return true
		}
	}
	return false
}

// maxOptions and maxOptionRunes are the contract's limits on options.
const (
	maxOptions     = 50
	maxOptionRunes = 200
)

// cleanOptions makes a list of options the contract takes: each cut to
// its length and trimmed of spaces and invisible marks, none empty or
// said twice, at most maxOptions.
func cleanOptions(in []string) []string {
	out := make([]string, 0, len(in))
	for _, o := range in {
		o = strings.TrimFunc(o, invisibleEnd)
		if rs := []rune(o); len(rs) > maxOptionRunes {
			o = strings.TrimFunc(string(rs[:maxOptionRunes]), invisibleEnd)
		}
		if o == "" || isAny(o, out...) {
			continue
		}
		out = append(out, o)
	}
	if len(out) > maxOptions {
		out = out[:maxOptions]
	}
	return out
}

func invisibleEnd(r rune) bool {
	return isSpace(r) || r == '\u200c' || r == '\u200d' || r == '\u200e' || r == '\u200f' ||
		r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' || r == '\ufeff'
}

// inItsPlace reads «… سوال سوم را حذف کن و یه سوال کوتاه جاش بذار»: a
// question put «in its place» takes the place of the one the clause
// before deleted.
func inItsPlace(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1].edit, fs[k]
		if prev == nil || !prev.del || prev.byWording != "" || len(prev.more) > 0 || len(f.groups) == 0 || f.position != nil {
			continue
		}
		for i, t := range f.toks {
			place := isAny(t.m, "جاش", "جایش", "جاشو", "بجاش", "بجایش") ||
				isAny(t.m, "جای", "جا") && i+1 < len(f.toks) && isAny(f.toks[i+1].m, "اون", "آن", "او", "قبلی")
			if place && !t.quoted {
				f.position = domain.Int(prev.index)
				if len(f.ids) == 0 {
					f.ids = fs[k-1].ids
				}
				break
			}
		}
	}
}

// allLabels reports an item made of labels only: «کد ملی», «آپلود رزومه».
func allLabels(c clause) bool {
	for j := 0; j < len(c); {
		l := labelAt(c, j)
		if l == nil {
			return false
		}
		j += l.n
	}
	return len(c) > 0
}

// placeNouns name a place in a form where an answer goes: «یه جای
// آپلود رزومه», «یه بخش برای بارگذاری فایل». Before a label that only
// names a type, they name a question.
var placeNouns = []string{"جای", "جایی", "جا", "بخش", "بخشی", "قسمت", "قسمتی", "محل", "محلی", "place", "section", "spot"}

// placesAsQuestions reads such a place noun as a question noun.
func placesAsQuestions(toks []token) []token {
	c := clause(toks)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].quoted || !isAny(toks[i].m, placeNouns...) {
			continue
		}
		j := i + 1
		if isAny(toks[j].m, "برای", "for") && j+1 < len(toks) {
			j++
		}
		if l := labelAt(c, j); l != nil && l.typeOnly {
			toks[i].qnoun = true
		}
	}
	return toks
}

// uncarriedDetail names a detail said of a rating, number or file
// question that the contract has no parameter for — a scale («از ۱ تا
// ۱۰»), bounds («حداکثر ۲ مگ», «بین ۱۸ تا ۶۰») — or "" when none is said.
// The question is still added; the detail is dropped with a warning.
func (c clause) uncarriedDetail(gs []fieldGroup) string {
	kind := ""
	for _, g := range gs {
		switch g.typ {
		case domain.PlanFieldRating:
			kind = "the rating's scale"
		case domain.PlanFieldNumber:
			kind = "the number's bounds"
		case domain.PlanFieldFile:
			kind = "the file's limits"
		}
	}
	if kind == "" {
		return ""
	}
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.isNum && i+2 < len(c) && isAny(c[i+1].m, "تا", "to", "-") && c[i+2].isNum {
			return kind
		}
		if isAny(t.m, "حداکثر", "حداقل", "بیشتر", "کمتر", "مگ", "مگابایت", "کیلوبایت", "max", "min", "maximum", "minimum", "mb", "kb") {
			return kind
		}
	}
	return ""
}

// dropWarning tells the admin a detail was left out of the plan.
func (b *builder) dropWarning(what string) {
	fa := map[string]string{"the rating's scale": "مقیاس امتیاز", "the number's bounds": "کران‌های عدد", "the file's limits": "محدودیت‌های فایل"}[what]
	b.warn("detail.dropped", what+" cannot be set by a plan; the question is added without it",
		fa+" را طرح نمی‌تواند تعیین کند؛ سوال بدون آن افزوده می‌شود")
}

// editGoesOn reads «سوال دوم فرم ۳ رو اجباری و کشویی کن»: a clause after
// «و» that only says a type, a label or «اجباری» (and its verb) changes
// the question the edit before it changes, and is dropped.
func editGoesOn(fs []*frame) []*frame {
	out := fs[:0]
	for _, f := range fs {
		if len(out) > 0 {
			if prev := out[len(out)-1]; prev.edit != nil && !prev.edit.del && prev.edit.to == nil && !f.negated && len(f.ids) == 0 && f.toks.extendsEdit(prev.edit) {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// extendsEdit applies to e what a clause of only type, label, required
// and light-verb words says, and reports whether the clause was such.
func (c clause) extendsEdit(e *fieldEdit) bool {
	var typ, format string
	required, optional, said := false, false, false
	for i := 0; i < len(c); i++ {
		t := c[i]
		switch {
		case t.punct || isAny(t.m, lightVerbs...) || isAny(t.m, "هم", "باشه", "باشد", "بشه"):
		case !t.quoted && isAny(t.m, requiredWords...):
			required, said = true, true
		case !t.quoted && isAny(t.m, optionalWords...):
			optional, said = true, true
		default:
			if ft, n := c.fieldTypeAt(i); n > 0 && typ == "" {
				typ, said = ft, true
				i += n - 1
				continue
			}
			if l := labelAt(c, i); l != nil && typ == "" {
				typ, format, said = l.typ, l.format, true
				i += l.n - 1
				continue
			}
			return false
		}
	}
	if !said {
		return false
	}
	if typ != "" && e.typ == "" {
		e.typ, e.format = typ, format
	}
	e.required = e.required || required
	e.optional = e.optional || optional
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
		if c[i].quoted || !isAny(c[i].m, "از", "مثل", "مانند", "شبیه") {
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
