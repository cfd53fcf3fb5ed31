package persian

import (
	"strings"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Reading lists (arshline-plan/v2): options and the questions a form asks,
// said in one breath, folded into one token before the clauses are cut;
// labels that tell a question's type or format; the v2 type words.

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
	// Until the first list is folded, out is toks[:i] itself, its
	// capacity cut so that the first fold copies it: most commands say
	// no list and are returned with nothing copied.
	out := toks[:0:0]
	changed := false
	// keep adds toks[i], as it is, to out.
	keep := func(i int) {
		if changed {
			out = append(out, toks[i])
		} else {
			out = toks[: i+1 : i+1]
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.punct && t.m == ":" && len(out) > 0 && choiceBefore(out) {
			// «… که چند تا جواب بشه انتخاب کرد: صبح، ظهر، عصر»: after a
			// choice question the colon lists its options, up to the end,
			// the verb, or the next order («… دوشنبه و منتشرش کن»).
			if l, end := optionList(toks, i+1, true); l != nil && len(l.items) > 1 && (endsCommand(toks, end) || verbCloses(toks, end) || orderFollows(toks, end) || actFollows(toks, end) || requiredFollows(toks, end)) {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.punct && t.m == "(" && len(out) > 0 && (choiceBefore(out) || oneWordedQuestion(out) && slashedParens(toks, i)) {
			// «یه سوال چند جوابی «علاقه‌مندی‌ها» … (ورزش/موسیقی/کتاب)»:
			// after a choice question, parentheses list its options.
			if l, end := optionList(toks, i, false); l != nil && len(l.items) > 1 {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.punct && t.m == ":" && len(out) > 0 && oneWordedQuestion(out) {
			// «یه سوال «جنسیت» بذار: مرد، زن»: one question, worded
			// already; what the colon lists are its options.
			if l, end := optionList(toks, i+1, true); l != nil && len(l.items) > 1 && (endsCommand(toks, end) || verbCloses(toks, end)) {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.punct && t.m == ":" && len(out) > 0 {
			// «این سوال‌ها رو اضافه کن: «نام» اجباری، «ایمیل» اختیاری»; the
			// list may end the sentence, or a new question may follow it
			// («…، «موبایل» و یه dropdown «…» با options …؛ بعد …»).
			// After the verb that makes a form, items each typed in
			// parentheses are its questions too, and an order may follow
			// («یه فرم بساز: اسم (کوتاه)، سن (عددی) و بعدش منتشرش کن»).
			items, end := listItems(toks, i+1, false)
			plural := colonListFollows(out)
			typed := !plural && len(items) > 1 && madeBefore(out) && typedItems(items)
			// «۶ سوال کوتاه: Test1، …، Test6», «۳ تا short text: …»: a
			// count of questions and their kind as the label, and as
			// many names after its colon as it counts, are those
			// questions, with no verb.
			counted := !plural && !typed && len(items) > 1 && countedKindBefore(out) == len(items)
			if len(items) > 1 && ((plural || counted) && (endsCommand(toks, end) || newQuestionAt(toks, end)) || typed && (endsCommand(toks, end) || newQuestionAt(toks, end) || orderFollows(toks, end))) {
				out = append(out, listToken(&tokenList{items: items, named: true}, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if !t.quoted && !t.punct && (clauseVerbSet[t.m] || placeVerbSet[t.m]) && len(out) > 0 && colonListFollows(withNext(out, toks, i, changed)) && i+1 < len(toks) {
			// «سه تا سوال اضافه کن اسم و فامیل و شماره موبایل», «سه تا
			// سوال بذار اسم فامیل موبایل»: after the verb, as many items as
			// the count names them.
			n := countBefore(out)
			from := i + 1
			// «دو تا سوال بذار مثل «الف» و «ب»»: «مثل» introduces them.
			for from < len(toks) && !toks[from].quoted && isAny(toks[from].m, listMarkers...) {
				from++
			}
			items, end := listItems(toks, from, false)
			if len(items) == 1 && len(items[0]) == n && allPlainWords(items[0]) {
				items = wordItems(items[0])
			}
			if len(items) > 1 && len(items) == n && (endsCommand(toks, end) || toks[end].punct || conjunctions[toks[end].m]) {
				out = append(out, t, listToken(&tokenList{items: items, named: true}, surfaceOf(toks[i+1:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if !t.quoted && !t.punct && placeVerbSet[t.m] && t.m != "قرار" && len(out) > 0 && choiceBefore(out) && i+1 < len(toks) {
			// «یه سوال کشویی «پایه» بذار هفتم، هشتم یا نهم», «… منطقه
			// بذار شمال یا جنوب یا شرق»: after the verb that puts a
			// choice question, words parted by «یا» or a comma, up to the
			// end or the next order, are its options.
			if l, end := optionList(toks, i+1, false); l != nil && len(l.items) > 1 && separatedItems(toks[i+1:end]) && listClosed(toks, end) {
				out = append(out, t, listToken(l, surfaceOf(toks[i+1:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		with := !t.quoted && (t.m == "با" || t.m == "with")
		if with && !changed && i+1 < len(toks) && !toks[i+1].quoted && isAny(toks[i+1].m, "اینا", "اینها", "these") {
			// «گندم، جو، زعفرون؛ مُخام با اینا یه سوال کشویی … بذاری»:
			// the list said first, then pointed back at, is the options
			// of the question the order puts; they are read where the
			// order ends, after the question.
			if l, stop := listSaidFirst(toks, i); l != nil {
				end := i + 2
				for end < len(toks) && !(toks[end].punct && !isAny(toks[end].m, "،", ",")) {
					end++
				}
				rest := append(append([]token(nil), out[stop+1:]...), toks[i+2:end]...)
				out = append(append(rest, listToken(l, surfaceOf(toks[:stop]))), toks[end:]...)
				return out
			}
		}
		if with && choiceTypeEnds(out) && i+1 < len(toks) && !toks[i+1].quoted && !isOptionNoun(toks[i+1].m) {
			// «یکی «رنگ زمینه» کشویی با لاکی، سرمه‌ای، کرم؛ …», «a
			// dropdown with red, green or blue»: after a choice type,
			// «با» gives its options with no noun to name them, parted by
			// commas or «یا» up to a stop or the next order.
			if l, end := optionList(toks, i+1, false); l != nil && len(l.items) > 1 && separatedItems(toks[i+1:end]) && (listClosed(toks, end) || verbCloses(toks, end)) {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if a, b, n := yesNoAt(toks, i); n > 0 {
			// «یه سوال بله/خیر», «a yes/no question»: a question of two
			// options, as said.
			yes := &tokenList{options: true, items: [][]token{{a}, {b}}}
			if i+n < len(toks) && toks[i+n].qnoun {
				out = append(out, toks[i+n], listToken(yes, surfaceOf(toks[i:i+n])))
				i += n
				changed = true
				continue
			}
			if k := len(out) - 1; k >= 0 && (out[k].qnoun || typeWords[out[k].m]) {
				out = append(out, listToken(yes, surfaceOf(toks[i:i+n])))
				i += n - 1
				changed = true
				continue
			}
		}
		if !t.quoted && t.m == "یکی" && !(i+1 < len(toks) && isAny(toks[i+1].m, "از", "دیگه", "دیگر")) {
			// «شیش تا سوال داشته باشه یکی اسم و فامیل جواب کوتاه، یکی
			// ایمیل، یکی سابقه کار که عددی باشه …»: the questions counted
			// before, named one by one.
			if n := countBefore(out); n >= 2 {
				if items, end := oneByOne(toks, i, n); items != nil {
					out = append(out, listToken(&tokenList{items: items, named: true}, surfaceOf(toks[i:end])))
					i = end - 1
					changed = true
					continue
				}
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
		if !t.quoted && !t.punct && i+2 < len(toks) && toks[i+1].punct && toks[i+1].m == "/" && len(out) > 0 && (choiceBefore(out) || oneWordedQuestion(out)) {
			// «یه سوال multiple choice «پلتفرم» بذار PC / PS5 / Xbox»:
			// words parted by «/» after a choice question, or one
			// worded already, are its options, with or without
			// parentheses.
			if l, end := optionList(toks, i, false); l != nil && len(l.items) > 1 {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.quoted || t.punct {
			if changed {
				out = append(out, t) // t may be a colon read as a comma
			} else {
				keep(i)
			}
			continue
		}
		if isAny(t.m, answerOptionNouns...) && questionInSentence(out) && !(i+1 < len(toks) && (clause(toks).atAny(i+1, formNounsV) > 0 || toks[i+1].isNum)) {
			// «یه سوال کشویی «شهر» … با جواب‌های تهران، قم», «…، جواباش:
			// …»: the answers a new question offers, listed, are its
			// options; «جواب‌های فرم ۵» stays the form's results.
			if l, end := optionList(toks, i+1, false); l != nil && len(l.items) > 1 {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		optNoun := isOptionNoun(t.m)
		if optNoun && !isAny(t.m, "گزینه", "آپشن", "option", "choice") {
			// «گزینه‌های سوال ۳ رو بردار و به جاش بذار صبح، عصر»: all
			// the options taken away and others put in their place is
			// the list replaced; nothing is deleted.
			if del, from := optionsPutInstead(toks, i+1); from > 0 {
				if l, end := optionList(toks, from, true); l != nil && len(l.items) > 1 {
					out = append(append(out, toks[i:del]...), token{m: "بکن", s: surfaceOf(toks[del:from]), r0: 'ب'}, listToken(l, surfaceOf(toks[from:end])))
					i = end - 1
					changed = true
					continue
				}
			}
		}
		if optNoun && !inTypePhrase(toks, i) {
			if l, end := optionList(toks, i+1, pluralOptionNoun(t.m)); l != nil {
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				if demonstrativeObjectAt(toks, end) {
					// «… مغازه اینو بذار اول»: the order on the question
					// just described is a clause of its own (placesLast).
					out = append(out, token{m: "،", s: "،", punct: true, r0: '،'})
				}
				i = end - 1
				changed = true
				continue
			}
			// «گزینه‌های سوال دوم را بکن الف، ب و ج»: the options follow
			// the verb that gives them.
			if k := optionsAfterVerb(toks, i+1); k > 0 {
				if l, end := optionList(toks, k, pluralOptionNoun(t.m)); l != nil && len(l.items) > 1 {
					out = append(append(out, toks[i:k]...), listToken(l, surfaceOf(toks[k:end])))
					i = end - 1
					changed = true
					continue
				}
			}
		}
		if isAny(t.m, "که", "that", "which") {
			if l, end := askedList(toks, i+1); l != nil {
				if len(l.items) == 1 && oneQuestionBefore(out) {
					// «یه سوال بذار که شماره ملی بچه رو بپرسه»: what the one
					// question counted before asks is its wording, as if
					// quoted; it is no second question.
					w := l.items[0]
					out = append(out, token{m: matchForm(surfaceOf(w)), s: surfaceOf(w), quoted: true, r0: -1})
					i = end - 1
					changed = true
					continue
				}
				out = append(out, listToken(l, surfaceOf(toks[i:end])))
				i = end - 1
				changed = true
				continue
			}
		}
		if t.qnoun && !t.quoted {
			// «دو سؤال کوتاه «نام» و «سال بازنشستگی»»: as many quotes as
			// the count before the noun, after its type, word one
			// question each.
			if n := countRightBefore(out); n >= 2 {
				j := i + 1
				for j < len(toks) && !toks[j].quoted && typeWords[toks[j].m] {
					j++
				}
				if j < len(toks) && toks[j].quoted {
					if items, end := listItems(toks, j, false); len(items) == n && allSingleQuotes(items) {
						out = append(append(out, toks[i:j]...), listToken(&tokenList{items: items, named: true}, surfaceOf(toks[j:end])))
						i = end - 1
						changed = true
						continue
					}
				}
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
		keep(i)
	}
	if !changed {
		return toks
	}
	return out
}

// withNext is out with toks[i] after it, where out is what collectLists
// has kept of toks[:i]; while nothing has changed, that is toks[:i+1],
// and nothing is copied.
func withNext(out, toks []token, i int, changed bool) []token {
	if !changed {
		return toks[:i+1]
	}
	return append(out, toks[i])
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
// After a plural noun or a colon (plural), words said side by side
// with no separator are an option each.
func optionList(toks []token, from int, plural bool) (*tokenList, int) {
	j := from
	// «گزینه‌های آن تهران، …»: the possessive is not an option.
	if j < len(toks) && !toks[j].quoted && isAny(toks[j].m, "آن", "اون", "این", "سوال", "پرسش") && j+1 < len(toks) && !toks[j+1].punct {
		j++
	}
	// «options are S, M and L», «options will be …»: the English
	// copula after the noun says what they are, as a colon would.
	// («be» is read as the Finglish «به»: its surface says which.)
	for j+1 < len(toks) && !toks[j].quoted && (isAny(toks[j].m, "are", "is", "will", "would", "should") || strings.EqualFold(toks[j].s, "be")) && !toks[j+1].punct {
		j++
	}
	// «options = …», «opts: …»: what the noun is set to follows.
	for j < len(toks) && (toks[j].m == ":" || !toks[j].quoted && (toks[j].m == "=" || isAny(toks[j].m, listMarkers...))) {
		j++
	}
	if items, end := letteredItems(toks, j); items != nil {
		return &tokenList{options: true, items: items}, end
	}
	if j < len(toks) && toks[j].punct && toks[j].m == "(" {
		// «گزینه‌ها (اینستاگرام، گوگل، تابلو)»: the parentheses hold
		// the list.
		k := j + 1
		for k < len(toks) && !(toks[k].punct && toks[k].m == ")") {
			k++
		}
		if k < len(toks) {
			if items, end := listItems(toks[:k], j+1, true); len(items) > 1 && end == k {
				return &tokenList{options: true, items: items}, k + 1
			}
		}
	}
	items, end := listItems(toks, j, true)
	// «گزینه‌هاش بله خیر شاید», «options: bronze silver gold»: after a
	// plural noun, words said side by side with no separator are an
	// option each; where the run ends the grammar has said already.
	if len(items) == 1 && plural {
		if run := runItems(items[0]); run != nil {
			items = run
		}
	}
	// One option is a list only quoted («یک گزینه «تهران»»): «گزینه
	// دوم» names an option, it does not list one.
	if len(items) == 0 || len(items) == 1 && !(len(items[0]) == 1 && items[0][0].quoted) {
		return nil, 0
	}
	return &tokenList{options: true, items: items}, end
}

// answerWords are the answers a yes/no question's options are made of.
var answerWords = []string{"آره", "اره", "بله", "آری", "خیر", "شاید", "نمیدونم", "نمیدانم", "yes", "no", "maybe"}

// pluralOptionNoun reports a noun that names several options
// («گزینه‌ها», «گزینه‌هاش», «options»), after which a run of words is
// a list, not one option's wording.
func pluralOptionNoun(m string) bool {
	return isOptionNoun(m) && !isAny(m, "گزینه", "آپشن", "option", "choice")
}

// runItems parts a run of words said with no separator into an option
// each: a number keeps the word it counts («نیم کیلو یک کیلو» is two).
// It returns nil for a run that holds a word of the grammar, a quote or
// parentheses, which are not a bare list.
func runItems(run []token) [][]token {
	if len(run) < 2 {
		return nil
	}
	var out [][]token
	for k := 0; k < len(run); k++ {
		t := run[k]
		if t.quoted || t.punct || t.list != nil || isAny(t.m, functionWords...) {
			return nil
		}
		// «اره نه شاید»: «نه» beside a word of answering is the answer
		// no, not nine counting the word after it.
		// «۸ تا ۱۰ ۱۰ تا ۱۲», «۵۰ تا ۸۰ متر ۸۰ تا ۱۲۰ متر» (options on
		// lines of their own): a range is one option, with the unit
		// after it when another range or number does not follow.
		// A bound before a number is the option's too: «بالای ۱۲۰ متر»,
		// «بیش از ۵ نفر».
		if n := numericItem(run, k); n > 0 {
			out = append(out, run[k:k+n])
			k += n - 1
			continue
		}
		no := t.m == "نه" && (k > 0 && isAny(run[k-1].m, answerWords...) || k+1 < len(run) && isAny(run[k+1].m, answerWords...))
		counted := (t.isNum && !no || t.m == "نیم") && k+1 < len(run) && !run[k+1].isNum && run[k+1].m != "نیم"
		if counted {
			out = append(out, run[k:k+2])
			k++
			continue
		}
		out = append(out, run[k:k+1])
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// formOptionAt reports «فرم N» said as an option among others — «با
// گزینه‌های فرم ۱، فرم ۲» (the forms of a tax return, say): right
// after the option noun or a mark that parts options, and followed by
// another such mark or following one that parts it from another «فرم
// N», it names an option, not the form acted on.
func formOptionAt(toks []token, j int) bool {
	if j == 0 || j+2 >= len(toks) || toks[j].quoted || !isAny(toks[j].m, "فرم", "form") || !toks[j+1].isNum {
		return false
	}
	prev, next := toks[j-1], toks[j+2]
	parts := func(t token) bool {
		return t.punct && isAny(t.m, "،", ",", "/") || !t.quoted && isAny(t.m, "|", "-", "یا", "or")
	}
	if !(parts(prev) || !prev.quoted && isOptionNoun(prev.m)) {
		return false
	}
	// the last of them: after a mark, with «فرم N» before the mark
	return parts(next) || j >= 3 && parts(prev) && !toks[j-3].quoted && toks[j-3].m == toks[j].m && toks[j-2].isNum
}

// boundWords put a number's option on one side of it: «زیر ۵۰ متر»,
// «بالای ۴۰», «بیش از ۳ نفر», «تا ۱۰۰ میلیون».
var boundWords = []string{"زیر", "بالای", "بالاي", "بیش", "بیشتر", "کمتر", "بالاتر", "حداقل", "حداکثر", "تا", "over", "under", "above", "below"}

// numericItem returns how many words of run from k make one option of
// numbers said on lines of their own — a range («۸ تا ۱۰», «۵۰ تا ۸۰
// متر») or a bound and its number («بالای ۱۲۰ متر») with the unit after
// it unless a number or another bound comes next — or 0.
func numericItem(run []token, k int) int {
	j := k
	switch {
	case run[j].isNum && j+2 < len(run) && isAny(run[j+1].m, "تا", "-", "to") && run[j+2].isNum:
		j += 3
	case !run[j].isNum && isAny(run[j].m, boundWords...):
		j++
		if j < len(run) && run[j].m == "از" {
			j++
		}
		if j >= len(run) || !run[j].isNum {
			return 0
		}
		j++
	default:
		return 0
	}
	if j < len(run) && !run[j].isNum && !isAny(run[j].m, boundWords...) && (j+1 >= len(run) || run[j+1].isNum || isAny(run[j+1].m, boundWords...)) {
		j++
	}
	return j - k
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
	if plural && !colon && j < len(toks) && !toks[j].quoted && isAny(toks[j].m, listPointers...) {
		// «پرسش‌های زیر … افزوده شوند: …»: the list comes after the colon.
		return nil, 0
	}
	if !plural && !colon {
		if j >= len(toks) || labelAt(clause(toks), j) == nil {
			return nil, 0
		}
		// «یه سوال ایمیل»: a word that is also a type names the type.
		// «یه سوال ایمیل و یه سوال تاریخ»: «و» before another question
		// said with its own noun joins two questions, not two labels.
		if namesType(toks[j].m) && (j+1 >= len(toks) || !isAny(toks[j+1].m, "و", "،", ",", "and") || questionSaidAt(toks, j+2)) {
			return nil, 0
		}
	}
	items, end := listItems(toks, j, false)
	if len(items) == 0 {
		return nil, 0
	}
	// «سوال‌های دوم و سوم»: questions named by their places are edited,
	// not worded.
	places := true
	for _, it := range items {
		_, ord := ordinal(it[0].m)
		if len(it) == 3 && !it[0].quoted && isAny(it[1].m, "تا", "to") && !it[2].quoted {
			// «سوال‌های دوم تا چهارم»: a range of places.
			_, ord2 := ordinal(it[2].m)
			places = places && (ord || it[0].isNum) && (ord2 || it[2].isNum)
			continue
		}
		places = places && len(it) == 1 && !it[0].quoted && (ord || it[0].isNum)
	}
	if places {
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
	if j < len(toks) && isAny(toks[j].m, "فقط", "تنها", "only", "باید") {
		return nil, 0 // «که فقط کد پستی بگیره»: a format, not what it asks
	}
	items, end := listItems(toks, j, false)
	if len(items) == 0 {
		return nil, 0
	}
	if len(items) == 1 && questionSaidBefore(toks, from) {
		// «سوال «تلفن» رو اضافه کن که شماره ثابت بگیرد»: of a question
		// already named, what it takes is its format.
		if _, n := clause(items[0]).next(0, formatNamesV, 0); n > 0 && n == len(items[0]) {
			return nil, 0
		}
	}
	// «که سن و ایمیل افراد را بپرسد»: whom it is asked of, said after
	// the last item, is none of its words.
	if last := items[len(items)-1]; len(last) > 1 && !last[len(last)-1].quoted && isAny(last[len(last)-1].m, askedPeople...) {
		items[len(items)-1] = last[:len(last)-1]
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

// questionSaidBefore reports a question noun or a quoted wording before
// i.
func questionSaidBefore(toks []token, i int) bool {
	for k := 0; k < i && k < len(toks); k++ {
		if toks[k].qnoun || toks[k].quoted {
			return true
		}
	}
	return false
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
	// «گزینه‌های پیشین پرسش سوم …», «گزینه‌های فعلی سوال ۲ …»: which
	// options, the ones there now, is no option and gives none.
	for from < len(toks) && !toks[from].quoted && isAny(toks[from].m, presentOptionWords...) {
		from++
	}
	if from >= len(toks) {
		return 0
	}
	// «گزینه‌هاش غلطه بکنش …», «گزینه‌هاشم بزار …»: options of the
	// question just named, with their verb close after.
	start, window := from+1, 9
	if !toks[from].qnoun {
		start, window = from, 3
	} else {
		// «… به این صورت اصلاح شود: خیلی کم، کم، …»: a colon says where.
		for k := from + 1; k < len(toks) && k < from+12 && !(toks[k].punct && toks[k].m != ":") && !toks[k].quoted; k++ {
			if toks[k].punct && toks[k].m == ":" {
				return k + 1
			}
		}
	}
	for k := start; k < len(toks) && k < from+window; k++ {
		// «گزینه‌ها عوض: حضوری، آنلاین», «options changed: …»: a noun of
		// changing said without its light verb, then a colon, as a
		// clause is said in short: the new ones follow the colon.
		if k+1 < len(toks) && toks[k+1].punct && toks[k+1].m == ":" && !toks[k].quoted && (isAny(toks[k].m, verbalNouns...) || isAny(toks[k].m, "changed", "change", "جدید", "new")) {
			return k + 2
		}
		// «… از این به بعد «موافقم»، …»: when the change is to hold is
		// no option and gives none.
		if n := fromNowOn(toks, k); n > 0 {
			k += n - 1
			continue
		}
		// «گزینه‌های سوال سوم با «بله» و «خیر» جایگزین شود», «… از این
		// به بعد «موافقم»، «مخالفم» باشد»: the new options said before
		// the verb that replaces with them, or the copula that says
		// they are now the options.
		if j := k + 1; toks[k].quoted || !toks[k].punct && isAny(toks[k].m, "با", "with") && j < len(toks) && !toks[j].punct {
			if !toks[k].quoted {
				j = k + 1
				// «… با موارد «الف»، «ب» …»: the noun of the items is
				// none of them.
				if j+1 < len(toks) && !toks[j].quoted && isAny(toks[j].m, itemNouns...) && (toks[j+1].quoted || toks[j+1].punct && toks[j+1].m == ":") {
					j++
					if toks[j].punct {
						j++
					}
				}
			} else {
				j = k
			}
			// «نسبت به جایگزینی گزینه‌های پرسش ۴ … با موارد … اقدام
			// شود»: the act named as a noun before the options.
			replacedBefore := !toks[k].quoted && from >= 2 && !toks[from-2].quoted && isAny(toks[from-2].m, replaceNouns...)
			if l, end := optionList(toks, j, true); l != nil && len(l.items) > 1 && (replacesWith(toks, end, !toks[k].quoted) || replacedBefore) {
				return j
			}
		}
		if toks[k].punct || toks[k].quoted {
			return 0
		}
		// Every person of the verb gives them: «بکن», «بکنین», «بذارید».
		// A note to oneself says the verb in the first person: «عوض کنم».
		if isAny(toks[k].m, "بکن", "کن", "بکنین", "بکنید", "کنین", "کنید", "کنم", "بکنم", "کنیم", "بکنیم", "بده", "بدهید", "بدید", "بدین", "دهید", "بشه", "باشه", "بشن", "باشن", "باشند", "شوند", "به", "to") || placeVerbSet[toks[k].m] && toks[k].m != "قرار" {
			// «… عوض کن بکن الف، ب»: the verb said twice; «… عوض کن،
			// بذار: الف، ب»: the second after a comma, the options after
			// its colon.
			again := func(t token) bool {
				return !t.quoted && (isAny(t.m, "بکن", "بکنین", "بکنید", "بنویس", "بنویسید", "بنویسین", "بذارم", "بزارم", "بنویسم", "بشه", "بشن", "بشود", "بشوند") || placeVerbSet[t.m] && t.m != "قرار")
			}
			for k+2 < len(toks) && (again(toks[k+1]) || toks[k+1].punct && isAny(toks[k+1].m, "،", ",") && again(toks[k+2])) {
				k++
			}
			// «… عوض کن، بشه این سه تا: …»: the new options pointed at
			// and counted before their colon.
			if d := k + 1; d+1 < len(toks) && !toks[d].quoted && isAny(toks[d].m, "این", "اینا", "اینها", "these") {
				d++
				if !toks[d].quoted && toks[d].isNum {
					d++
				}
				if d < len(toks) && !toks[d].quoted && isAny(toks[d].m, "تا", "تای", "مورد", "گزینه") {
					d++
				}
				if d+1 < len(toks) && toks[d].punct && toks[d].m == ":" {
					return d + 1
				}
			}
			if k+2 < len(toks) && toks[k+1].punct && toks[k+1].m == ":" {
				return k + 2
			}
			// «… set کن به low، …», «… replace کن با «حضوری» …»: the
			// preposition after the verb introduces the options.
			if k+2 < len(toks) && !toks[k+1].quoted && !toks[k+1].punct && isAny(toks[k+1].m, "به", "با", "to", "with") && !isAny(toks[k].m, "به", "to") {
				return k + 2
			}
			return k + 1
		}
	}
	return 0
}

// presentOptionWords say the options a question has now, about to be
// replaced: «گزینه‌های قبلی», «the current options».
var presentOptionWords = []string{"پیشین", "قبلی", "فعلی", "موجود", "قدیمی", "کنونی", "حاضر", "current", "old", "existing", "previous"}

// fromNowOn returns the length of «از این به بعد», «از حالا به بعد»,
// «from now on» at k, or 0.
func fromNowOn(toks []token, k int) int {
	if k+3 < len(toks) && toks[k].m == "از" && isAny(toks[k+1].m, "این", "حالا", "الان") && toks[k+2].m == "به" && toks[k+3].m == "بعد" {
		return 4
	}
	if k+2 < len(toks) && toks[k].m == "from" && toks[k+1].m == "now" && toks[k+2].m == "on" {
		return 3
	}
	return 0
}

// replaceWords replace one thing with another: «… با … جایگزین شود».
var replaceWords = []string{"جایگزین", "تعویض", "عوض", "replace", "replaced"}

// answerOptionNouns name the answers a question offers, which listed
// after it are its options: «با جواب‌های …», «جواباش: …», «انتخاب‌های …».
var answerOptionNouns = []string{"جوابهای", "جوابها", "جواباش", "جوابهاش", "جوابای", "پاسخهای", "پاسخها", "پاسخهاش", "انتخابهای", "انتخابها", "انتخاباش", "انتخابهاش", "answers", "choices"}

// questionInSentence reports a question noun or a kind of question in
// the sentence that ends before.
func questionInSentence(before []token) bool {
	c := clause(before)
	for k := len(before) - 1; k >= 0 && !(before[k].punct && !isAny(before[k].m, "،", ",", ":")); k-- {
		if before[k].quoted {
			continue
		}
		if before[k].qnoun {
			return true
		}
		if _, n := c.fieldTypeAt(k); n > 0 {
			return true
		}
	}
	return false
}

// replaceNouns name the act of replacing, said as a noun before what is
// replaced: «جایگزینی گزینه‌های …», «تعویض گزینه‌های …».
var replaceNouns = []string{"جایگزینی", "تعویض", "replacing", "replacement"}

// itemNouns name the items of a list said after «با»: «با موارد …».
var itemNouns = []string{"موارد", "مورد", "عبارات", "عبارتهای", "مقادیر", "گزینههای", "items", "values"}

// replacesWith reports, after a list of options at end, the verb that
// makes them the question's options: one of replacing (after «با»), or
// the copula or a light verb («… باشد», «… بشه»).
func replacesWith(toks []token, end int, with bool) bool {
	if end >= len(toks) || toks[end].quoted || toks[end].punct {
		return false
	}
	if with {
		return isAny(toks[end].m, replaceWords...)
	}
	return isAny(toks[end].m, "باشد", "باشه", "باشن", "باشند", "بشه", "بشن", "شود", "شوند", "گردد", "گردند")
}

// optionsPutInstead finds, after the noun of a question's options, the
// word that takes them away and the words that put others in their
// place — «… رو بردار و به جاش بذار …», «… حذف کن، جاش بنویس …» — and
// returns where the taking away starts and the new options
// start, or 0, 0.
func optionsPutInstead(toks []token, from int) (del, start int) {
	c := clause(toks)
	for k := from; k < len(toks) && k < from+8; k++ {
		if toks[k].quoted || toks[k].punct && !isAny(toks[k].m, "،", ",") {
			return 0, 0
		}
		n := c.atAny(k, deleteWordsV)
		if n == 0 {
			continue
		}
		j := k + n
		for j < len(toks) && !toks[j].quoted && (lightVerbSet[toks[j].m] || isAny(toks[j].m, "و", "and") || toks[j].punct && isAny(toks[j].m, "،", ",", ".")) {
			j++
		}
		m := insteadAt(toks, j)
		if m == 0 {
			put, ok := c.putsNewAfterDelete(k+n, j)
			if !ok {
				return 0, 0
			}
			m = put
		}
		j += m
		for j < len(toks) && !toks[j].quoted && (placeVerbSet[toks[j].m] || isAny(toks[j].m, "بکن", "بکنید", "کن", "کنید", "بنویس", "بنویسید", "put", "write", "add", "اضافه", "درج", "شود", "گردد", "بشه")) {
			j++
		}
		if j < len(toks) && toks[j].punct && toks[j].m == ":" {
			j++
		}
		return k, j
	}
	return 0, 0
}

// insteadAt returns the length of the words at j that say «in their
// place»: «به جاش», «جاش», «به جاشون», «instead», or 0. («به جای …»
// is read before, as what is not to be done.)
// putsNewAfterDelete reports the words from del to j, after a verb that
// deletes options, as ending in a verb that puts or makes the new ones
// — «… پاک کن، بذار …», «… حذف کن، بنویس: …», «… پاک کن. بشه: …», «…
// حذف کنید و این‌ها را بگذارید: …» — with no word for "instead": the
// list is replaced. skip counts the words from j that point at the new
// list («این‌ها را»). After a full stop only a colon or a quote may
// follow the verb.
func (c clause) putsNewAfterDelete(del, j int) (skip int, ok bool) {
	stop := false
	for k := del; k < j; k++ {
		stop = stop || c[k].punct && c[k].m == "."
	}
	v := j
	if v+1 < len(c) && !c[v].quoted && isAny(c[v].m, "اینها", "اینا", "این", "these") && isAny(c[v+1].m, "را", "رو") {
		v += 2
	}
	next := v
	switch {
	case v == j && c.replacedWithAfter(j):
		// «… حذف و موارد «الف» و «ب» جایگزین گردد»: the new ones,
		// then the verb of replacing.
		if !c[j].quoted {
			return 1, true
		}
		return 0, true
	case v < len(c) && !c[v].quoted && (placeVerbSet[c[v].m] && c[v].m != "قرار" || isAny(c[v].m, "بنویس", "بنویسید", "بنویسین")):
		next = v + 1
	case v == j && j >= del+2 && !c[j-1].quoted && isAny(c[j-1].m, "بشه", "بشن", "باشه", "باشن") && c[j-2].punct && isAny(c[j-2].m, ".", "،", ","):
	default:
		return 0, false
	}
	if stop && !(next < len(c) && (c[next].quoted || c[next].punct && c[next].m == ":")) {
		return 0, false
	}
	return v - j, true
}

// replacedWithAfter reports quoted items from j, perhaps after a noun of
// items («موارد»), followed by a verb of replacing: «موارد «الف» و «ب»
// جایگزین گردد».
func (c clause) replacedWithAfter(j int) bool {
	k := j
	if k < len(c) && !c[k].quoted && isAny(c[k].m, itemNouns...) {
		k++
	}
	quotes := 0
	for k < len(c) && (c[k].quoted || c[k].punct && isAny(c[k].m, "،", ",") || !c[k].quoted && isAny(c[k].m, "و", "and")) {
		if c[k].quoted {
			quotes++
		}
		k++
	}
	return quotes > 1 && k < len(c) && !c[k].quoted && isAny(c[k].m, replaceWords...)
}

func insteadAt(toks []token, j int) int {
	k := j
	if k < len(toks) && isAny(toks[k].m, "به", "در") {
		k++
	}
	if k >= len(toks) || toks[k].quoted {
		return 0
	}
	switch {
	case isAny(toks[k].m, "جاش", "جاشون", "جایش", "جایشان", "جاشان", "عوضش"):
		return k + 1 - j
	case k == j && isAny(toks[k].m, "instead", "بجاش", "بجاشون"):
		return 1
	case k == j && isAny(toks[k].m, "اینجوری", "اینطوری", "اینطور", "اینگونه", "این‌جوری", "این‌طوری"):
		// «… پاک کن و اینجوری بذار: …»: put this way, the new list.
		return 1
	case k == j+1 && toks[j].m == "به" && isAny(toks[k].m, "این") && k+1 < len(toks) && isAny(toks[k+1].m, "صورت", "شکل", "ترتیب"):
		// «… حذف و به این صورت درج شود: …».
		return 3
	}
	return 0
}

// colonListFollows reports a colon after a verb that adds or makes
// questions named in the plural: what follows lists them.
func colonListFollows(before []token) bool {
	c := clause(before)
	start := len(c)
	for start > 0 && !(c[start-1].punct && !isAny(c[start-1].m, "،", ",") || c[start-1].list != nil) {
		start--
	}
	// «سوال‌ها», or a count of them: «سه تا سوال», «این شیش تا سوالو»;
	// looked for first, as most sentences have none and a verb costs
	// more to find.
	plural := false
	for k := start; k < len(c) && !plural; k++ {
		plural = isAny(c[k].m, pluralQuestionNouns...) || c[k].qnoun && c.countedAt(k)
	}
	if !plural {
		return false
	}
	for k := start; k < len(c); k++ {
		if c.atAny(k, addVerbsV) > 0 || c.createVerbAt(k) || c.atAny(k, placeVerbsV) > 0 {
			return true
		}
	}
	return false
}

// namesQuestionAsked reports a question named to be edited rather than
// added: the noun and its label carry the object marker («سوال سن رو
// اجباری کن») and no verb of the clause adds or makes anything.
func namesQuestionAsked(toks []token, i int) bool {
	// The object marker is looked for first: most question nouns have
	// none after them, and then no verb need be looked for.
	marked := false
	for k := i + 1; k < len(toks) && k <= i+4 && !marked; k++ {
		t := toks[k]
		if t.punct || conjunctions[t.m] {
			break
		}
		marked = isAny(t.m, "را", "رو")
	}
	if !marked {
		return false
	}
	c := clause(toks)
	for k := i + 1; k < len(toks); k++ {
		t := toks[k]
		if t.punct || conjunctions[t.m] {
			break
		}
		if c.atAny(k, addVerbsV) > 0 || c.atAny(k, placeVerbsV) > 0 || c.createVerbAt(k) {
			return false
		}
	}
	return true
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
	var cut []token     // the mark each part after the first was cut at
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
		// «تهران - مشهد - شیراز», «… | …»: a dash or a bar standing alone
		// parts options too.
		if t.punct && isAny(t.m, "،", ",", "/") || options && !t.quoted && isAny(t.m, "-", "–", "—", "|") && len(cur) > 0 {
			if len(cur) == 0 {
				break
			}
			if len(parts) > 0 {
				cut = append(cut, toks[j-len(cur)-1])
			}
			parts = append(parts, cur)
			cur = nil
			continue
		}
		if listEnds(toks, j, options) {
			break
		}
		// «گزینه‌های «کتاب»، «مجله» و «روزنامه» تعیین گردد»: a list of
		// quotes ends at the first bare word after its last quote.
		if options && !t.quoted && len(cur) > 0 && cur[len(cur)-1].quoted && !isAny(t.m, "و", "یا", "and", "or") && allPartsQuoted(append(parts, cur)) {
			break
		}
		cur = append(cur, t)
		end = j + 1
	}
	// «… بله، خیر، نمیدانم و یه سوال تاریخ تولد»: a count before the
	// noun that ended the list starts the next question.
	for len(cur) > 0 && depth == 0 && j < len(toks) && toks[j].qnoun && !cur[len(cur)-1].quoted && cur[len(cur)-1].isNum {
		cur = cur[:len(cur)-1]
		end--
	}
	// «… نام و سن و منتشرش کن»: a «و» before the word that ends the
	// list joins the next clause, not an item; «… تبریز لطفا», «…
	// تبریز دیگه»: a courtesy or filler after the last item is none.
	// «… بزرگ ها», «… بزرگ خب», «… بزرگ و اینا», «… L etc»: a particle
	// of talk, or words saying the list goes on, name no option either.
	for len(cur) > 0 && depth == 0 {
		n := len(cur)
		if k := goesOnAt(cur); k >= 0 {
			// The words are the list's, read with it, and no item's.
			cur = cur[:k]
			continue
		} else if cur[n-1].quoted || !(isAny(cur[n-1].m, "و", "and", "یا", "or") || courtesy(cur[n-1].m) && (n > 1 || pleads(cur[n-1].m)) || n > 1 && spokenParticle(cur[n-1].m)) {
			break
		} else {
			n--
		}
		end -= len(cur) - n
		cur = cur[:n]
	}
	if depth > 0 {
		return nil, 0
	}
	if len(cur) > 0 {
		if len(parts) > 0 {
			cut = append(cut, toks[j-len(cur)-1])
		}
		parts = append(parts, cur)
	}
	parts = dashesInItems(parts, cut)
	// «… سینما و اینا، اجباری هم باشه»: the words saying the list goes
	// on close the last part, a separator after them.
	if n := len(parts); n > 0 {
		if k := goesOnAt(parts[n-1]); k == 0 {
			parts = parts[:n-1]
		} else if k > 0 {
			parts[n-1] = parts[n-1][:k]
		}
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
	// «گزینه‌های الف ب ج د», «A B C»: single letters side by side are an
	// item each.
	if options && len(items) == 1 && len(items[0]) > 1 && allLetters(items[0]) {
		items = wordItems(items[0])
	}
	// «گزینه‌هاش «داخلی» «اطفال» «زنان»»: quotes side by side are an
	// item each.
	var split [][]token
	for _, it := range items {
		if len(it) > 1 && allQuoted(it) {
			for k := range it {
				split = append(split, it[k:k+1])
			}
			continue
		}
		split = append(split, it)
	}
	items = split
	for _, it := range items {
		if len(it) == 0 || !options && countedItem(it) {
			return nil, 0
		}
	}
	return items, end
}

// dashesInItems joins back the parts a dash cut when the list is
// parted by a stronger mark too: in «ویزیت - ۳۰۰ هزار تومان، سونوگرافی
// - ۸۵۰ هزار تومان» the commas part the options and each dash is
// inside one, between a service and its price. cut holds the mark
// before each part after the first.
func dashesInItems(parts [][]token, cut []token) [][]token {
	if len(cut) != len(parts)-1 {
		return parts
	}
	dash, strong := false, false
	for _, t := range cut {
		if isAny(t.m, "-", "–", "—") {
			dash = true
		} else {
			strong = true
		}
	}
	if !dash || !strong {
		return parts
	}
	out := [][]token{parts[0]}
	for k, t := range cut {
		if isAny(t.m, "-", "–", "—") {
			last := out[len(out)-1]
			joined := append(append(append([]token(nil), last...), t), parts[k+1]...)
			out[len(out)-1] = joined
			continue
		}
		out = append(out, parts[k+1])
	}
	return out
}

// openEndWords say that a numbered option goes on past its number:
// «۳ خوابه و بیشتر», «۲ بار یا بیشتر», «۵۰ و بالاتر».
var openEndWords = []string{"بیشتر", "بیش‌تر", "بیش تر", "بالاتر", "کمتر", "کم‌تر", "پایینتر", "پایین‌تر", "more", "above", "less", "over"}

// opensEnd reports the words after a «و» or «یا» that only say the item
// before them, which holds a number, goes on past it.
func opensEnd(before, after []token) bool {
	if len(after) != 1 || after[0].quoted || !isAny(after[0].m, openEndWords...) {
		return false
	}
	for _, t := range before {
		if t.isNum || t.digits || hasDigit(t.s) {
			return true
		}
	}
	return false
}

// courtesy reports a word said after a command that asks nothing and
// names no option: thanks, «لطفا», «دیگه», «هم», an address.
func courtesy(m string) bool {
	return isAny(m, thankWords...) || isAny(m, pleaWords...) || isAny(m, "دیگه", "هم", "فقط", "فعلا", "داداش", "عزیزم", "جان", "آقا", "قربان")
}

// pleads reports a word of thanks or asking that no option is: after
// the last option it is said to the listener, even as a part of its own
// («…، مشهد، لطفا»). An address («آقا», «جان») said alone after a
// separator is an option («خانم / آقا»).
func pleads(m string) bool {
	return isAny(m, thankWords...) || isAny(m, pleaWords...)
}

// pleaWords ask the listener kindly: «لطفا», «بیزحمت», «خواهشا».
var pleaWords = []string{"لطفا", "لطفاً", "لطفن", "بیزحمت", "بیزحمتش", "خواهشا", "خواهشاً", "please", "pls", "پلیز", "plz"}

// spokenParticle reports a particle of talk that says nothing of the
// word it follows: «خب», and the fillers of the polite.
func spokenParticle(m string) bool {
	return fillers[m] || m == "خب"
}

// goesOnAt returns where words saying that a list goes on unsaid begin
// at the end of its last item — «… و اینا», «… و غیره», «… etc», «…
// and so on» — or -1. They are no option, nor part of one.
func goesOnAt(cur []token) int {
	n := len(cur)
	if n == 0 || cur[n-1].quoted || cur[n-1].punct {
		return -1
	}
	last := cur[n-1].m
	switch {
	case isAny(last, "etc", "etcetera"):
		return n - 1
	case isAny(last, "اینا", "اینها", "غیره", "امثالهم", "more") && n >= 2 && isAny(cur[n-2].m, "و", "and"):
		return n - 2
	case isAny(last, "on", "forth") && n >= 3 && cur[n-2].m == "so" && cur[n-3].m == "and":
		return n - 3
	}
	return -1
}

// allPartsQuoted reports parts each made of quotes alone, joined by
// «و» or «یا».
func allPartsQuoted(parts [][]token) bool {
	for _, p := range parts {
		for _, t := range p {
			if !t.quoted && !isAny(t.m, "و", "یا", "and", "or") {
				return false
			}
		}
	}
	return true
}

// allQuoted reports an item made of quotes alone.
func allQuoted(it []token) bool {
	for _, t := range it {
		if !t.quoted {
			return false
		}
	}
	return true
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
	// of v2's («email») is a subject. A word only heard as a type
	// («توضیح», like «توضیحی») is, alone in a list, the subject it
	// spells: «اسم، آدرس، توضیح».
	if len(it) == 1 && t.fuzzy {
		return false
	}
	typ, n := clause(it).fieldTypeAt(0)
	if n > 0 && n < len(it) && it[n].punct && it[n].m == "(" {
		// «امتیاز (امتیازی)»: what is in parentheses says the kind; the
		// word before it is the wording, though it names a kind too.
		return false
	}
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
			// «۳ خوابه و بیشتر» is one option.
			if opensEnd(p[start:k], p[k+1:]) {
				continue
			}
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
	// «… ۱۴۰۱ به بعد اضافه کن», «۱۳۹۰ به قبل»: «به بعد» after a number
	// is the option's («from 1401 on»), not the next act's.
	if isAny(t.m, "بعد", "قبل", "بالا", "پایین") && j > 1 && toks[j-1].m == "به" && (toks[j-2].isNum || hasDigit(toks[j-2].s)) {
		return false
	}
	c := clause(toks)
	// «… تبریز بهش اضافه کن», «… ۹ براش بذار»: a preposition carrying a
	// pronoun points back at the question; no option holds one.
	if t.pron && isAny(t.m, pronounPrepositions...) {
		return true
	}
	if newQuestionAt(toks, j) {
		return true
	}
	// «… زمین مغازه اینو بذار اول فرم», «… آن را پس از …»: a
	// demonstrative that is the object of the next verb names the
	// question; no option holds one.
	if demonstrativeObjectAt(toks, j) {
		return true
	}
	if t.qnoun || isAny(t.m, "را", "رو", "که", "باشه", "باشد", "باشن", "باشند", "بشه", "بشن", "بشند", "بشوند", "هست", "است", "then", "to") || lightVerbSet[t.m] || isAskVerb(t.m) {
		return true
	}
	if isAny(t.m, "به", "در", "تو", "داخل", "از", "برای", "in", "of", "from", "on", "into", "to") && j+1 < len(toks) && (c.atAny(j+1, formNounsV) > 0 || toks[j+1].pron || isAny(toks[j+1].m, "آن", "اون", "این")) {
		return true
	}
	if options && formOptionAt(toks, j) {
		return false
	}
	if c.atAny(j, formNounsV) > 0 || c.atAny(j, actionWordsV) > 0 || c.atAny(j, placeVerbsV) > 0 || conjunctions[t.m] && !isAny(t.m, "و", "and") {
		return true
	}
	// «… تمدید پروانه و تغییر کاربری درج گردد»: a noun of changing is
	// the verb only with its light verb; before another word it is an
	// option's first word.
	if isAny(t.m, renameVerbs...) && !(isAny(t.m, verbalNouns...) && j+1 < len(toks) && !toks[j+1].punct && !toks[j+1].quoted && !lightVerbSet[toks[j+1].m] && !isAny(toks[j+1].m, renameVerbs...)) {
		return true
	}
	// «… خوب و متوسط و بد بعدم منتشرش کن»: a word putting the next act
	// after this one starts a new clause.
	if isAny(t.m, sequenceWords...) || isAny(t.m, "then", "afterwards") {
		return true
	}
	if options && (isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...)) {
		return true
	}
	// «…: رشته تحصیلی، گزینه‌هاش ریاضی، …»: the noun that names the
	// options starts their list; no option holds it.
	if options && !t.quoted && pluralOptionNoun(t.m) && j > 0 && toks[j-1].punct && isAny(toks[j-1].m, "،", ",") {
		return true
	}
	// «… ظهر، عصر تبدیل شود», «… شب درست کن»: the word before a light
	// verb that ends the command is the verb's own noun, no option.
	if options && j+1 < len(toks) && !toks[j+1].quoted && lightVerbSet[toks[j+1].m] && endsCommand(toks, j+2) {
		return true
	}
	// «… اردبیل، اولش بذار», «… شب، ببرش آخر»: a place said right
	// before the verb that puts the question there is the order's, no
	// option.
	if options && j+1 < len(toks) && !toks[j+1].quoted && placeWord(t) && (c.atAny(j+1, placeVerbsV) > 0 || c.atAny(j+1, moveVerbsV) > 0) {
		return true
	}
	// «… انسانی پس از پرسش سوم», «… gold after question 2»: a position
	// phrase places the question; no option holds one.
	if j+1 < len(toks) && (isAny(t.m, "پس", "پیش", "قبل", "بعد") && toks[j+1].m == "از" || isAny(t.m, "after", "before") && (toks[j+1].qnoun || isAny(toks[j+1].m, "question", "field"))) {
		return true
	}
	return false
}

// placeWord reports a word that names a place in a form, perhaps with
// the pronoun of the question put there: «اول», «اولش», «آخرش», «بالا».
func placeWord(t token) bool {
	m := t.m
	if base, ok := strings.CutSuffix(m, "ش"); ok && base != "" {
		m = base
	}
	_, ord := ordinal(m)
	return ord || isAny(m, endWords...) || isAny(m, "بالا", "اولین", "first", "top")
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

// saysOwnType reports a list item that says its kind in parentheses:
// «سن (عددی)».
func saysOwnType(item []token) bool {
	for _, t := range item {
		if t.punct && t.m == "(" {
			return true
		}
	}
	return false
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
		// «نخست «رشته» از نوع پاسخ کوتاه و دوم «سال ورود» از نوع عددی»:
		// the order of the items and «از نوع» before the type say
		// nothing of the wording.
		if _, ord := ordinal(t.m); ord && j == 0 && len(c) > 1 {
			continue
		}
		if isAny(t.m, "از", "نوع", "type", "of") && j+1 < len(c) && (isAny(c[j+1].m, "نوع", "type") || c.fieldTypeAfterAt(j+1)) {
			continue
		}
		if isAny(t.m, requiredWords...) {
			g.required = true
			continue
		}
		if isAny(t.m, optionalWords...) {
			continue
		}
		// ««نام» short text و required»: «و» joins what is said of the
		// question, not words of its wording.
		if isAny(t.m, "و", "and") && (j+1 >= len(c) || isAny(c[j+1].m, requiredWords...) || isAny(c[j+1].m, optionalWords...)) {
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
	j := at + 1
	for j < hi && used[j] && typeWords[c[j].m] {
		j++ // «یه سوال ستاره‌ای برای …», «یه short answer واسه …»: past its type
	}
	if g.question == "" && j+1 < hi && !used[j] && isAny(c[j].m, purposeWords...) && c.atAny(j+1, formNounsV) == 0 {
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
	if (g.typ == "" || g.typ == domain.PlanFieldShortText) && g.format == "" {
		// «a national code field», «یه mobile field «Phone»»: in English
		// order the label comes before the noun.
		for k := max(at-3, 0); k < at; k++ {
			if l := labelAt(c, k); l != nil && k+l.n == at && !used[k] && l.format != "" {
				g.typ, g.format = l.typ, l.format
				if g.question == "" && c.quoteIn(at+1, hi, used) < 0 && !(l.n == 1 && namesType(c[k].m)) {
					g.question = surfaceOf(c[k:at])
				}
				markUsed(used, k, at)
				break
			}
		}
	}
	if g.question == "" && c.quoteIn(at+1, hi, used) < 0 {
		// «یه سوال کوتاه نام و نام خانوادگی», «یه سوال چندانتخابی علائم
		// با گزینه‌های …»: the words after the type are the wording, up to
		// what grammar says ends it.
		j := at + 1
		if j < hi && c[j].punct && c[j].m == ":" && c[at].qnoun {
			j++ // «q: چندگزینه‌ای وضعیت بیمار»: the noun's own colon
		}
		if n := c.atAny(j, kindMarkersV); n > 0 && j+n < hi && c.fieldTypeAfter(j+n) {
			j += n // «سؤالی از نوع متن بلند شرح ماوقع»: the kind's own marker
		}
		typed := j
		for j < hi && !c[j].quoted && typeWords[c[j].m] {
			j++
		}
		if j > typed && j < hi && isAny(c[j].m, "و", "and") {
			j = hi // «یه سوال بلند و غیر ضروری»: no wording follows «و»
		}
		if j > typed {
			if k := c.bareWordingEnd(j, hi, used); k > j {
				g.question = surfaceOf(c[j:k])
				markUsed(used, j, k)
			}
		} else if c.kindBefore(at) && c.newQuestionNoun(at) {
			// «email field ایمیل کاری رستوران», «یه date field تاریخ
			// تحویل»: the kind was said before the noun, in English
			// order, so what follows the noun is all wording, a label
			// word at its head included.
			if k := c.bareWordingEnd(j, hi, used); k > j {
				g.question = surfaceOf(c[j:k])
				markUsed(used, j, k)
			}
		} else if c.newQuestionNoun(at) && labelAt(c, j) == nil {
			// «یه سوال آدرس محل کار به فرم ۵۰ اضافه کن»: with no type
			// said, words right after the noun of a new question that the
			// lexicon does not know are its wording — else they would be
			// left over.
			if k := c.bareWordingEnd(j, hi, used); k > j && c.unknownIn(j, k) {
				g.question = surfaceOf(c[j:k])
				markUsed(used, j, k)
			}
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
				if g.question == "" && j == at+1 {
					// «یه سوال تاریخ «تاریخ مراجعه»», «سوال ایمیل با عنوان
					// «…»»: a quote after the label is the wording; the
					// label only names the kind.
					end := j + l.n
					if q := c.quoteIn(j+l.n, hi, used); q >= 0 {
						g.question, used[q] = c[q].s, true
					} else if !l.typeOnly && !(l.n == 1 && namesType(c[j].m)) {
						// «یه سوال شماره موبایل مشتری»: the words after the
						// label go on with the wording.
						end = max(end, c.bareWordingEnd(end, hi, used))
						g.question = surfaceOf(c[j:end])
					} else if k := c.bareWordingEnd(end, hi, used); k > end {
						// «یه سوال فایل عکس کیک», «یه سوال تاریخ روز مسابقه»:
						// a word that only names the kind, then what the
						// question asks for — its wording.
						g.question = surfaceOf(c[end:k])
						if c.modifiesKind(end) || !l.typeOnly && k == end+1 {
							// «یک فیلد ایمیل سازمانی»: an adjective after the
							// kind word qualifies it; the wording is both.
							// «سوال ایمیل بیمار», «سوال تاریخ عقد»: a kind word
							// that is also what is asked («ایمیل», «تاریخ»;
							// not «فایل») heads the one noun after it, whose
							// email or date it asks; a phrase after it asks
							// on its own («تاریخ روز مسابقه», «… شروع قرارداد»).
							g.question = surfaceOf(c[j:k])
						}
						end = k
					}
					markUsed(used, j, end)
					j = end - l.n
				} else {
					markUsed(used, j, j+l.n)
				}
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

// sharedNoun gives the next item its noun back in «پرسش «تاریخ
// استخدام» (تاریخ) و «مبلغ حقوق» (عدد)»: a quote typed in parentheses,
// joined by «و» or «،» to one said after a question noun, is one more
// question said with the same noun.
func sharedNoun(toks []token) []token {
	for i := 3; i+1 < len(toks); i++ {
		if !toks[i].quoted || !toks[i+1].punct || toks[i+1].m != "(" || !isAny(toks[i-1].m, "و", "،", ",", "and") || toks[i-1].quoted || toks[i-2].m != ")" {
			continue
		}
		k := i - 3
		for k > 0 && !(toks[k].punct && toks[k].m == "(") {
			k--
		}
		if k < 2 || !toks[k-1].quoted {
			continue
		}
		noun := k - 2
		for noun >= 0 && toks[noun].quoted {
			noun-- // «پرسش «الف» (کوتاه) و «ب» (عدد) و «ج» (تاریخ)»
		}
		if noun < 0 || !toks[noun].qnoun || isAny(toks[noun].m, pluralQuestionNouns...) {
			continue
		}
		out := append(make([]token, 0, len(toks)+1), toks[:i]...)
		out = append(out, toks[noun])
		return sharedNoun(append(out, toks[i:]...))
	}
	return toks
}

// newQuestionNoun reports a question noun at i counted one («یه سوال»,
// «a question») or said indefinite («پرسشی»): a question to be made.
func (c clause) newQuestionNoun(i int) bool {
	if !c[i].qnoun || isAny(c[i].m, pluralQuestionNouns...) {
		return false
	}
	if i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "یه", "یک", "a", "an", "one") {
		return true
	}
	// «یه rating field کیفیت غذا», «email field …»: a kind said before
	// the noun, in English order, names a question to be made — an
	// existing one is named by its number, not its kind.
	if c.kindBefore(i) {
		return true
	}
	return strings.HasSuffix(c[i].m, "ی") && isAny(strings.TrimSuffix(c[i].m, "ی"), "سوال", "پرسش", "فیلد")
}

// kindMarkersV say that the kind of a question follows: «سؤالی از نوع
// متن بلند», «پرسشی به صورت عددی», «a question of type date».
var kindMarkersV = newVocab("از نوع", "با نوع", "به صورت", "به شکل", "of type", "with type", "as")

// kindBefore reports a type said right before the Latin question noun
// at i, in English order: «rating field», «a date field».
func (c clause) kindBefore(i int) bool {
	if !isLatin(c[i].m) {
		return false
	}
	for k := max(i-3, 0); k < i; k++ {
		if _, n := c.fieldTypeAt(k); n > 0 && k+n == i && !c[k].quoted {
			return true
		}
	}
	return false
}

// unknownIn reports a word in c[lo:hi] the lexicon does not know.
func (c clause) unknownIn(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if isWord(c[k]) && !accounted(c[k]) {
			return true
		}
	}
	return false
}

// namesType reports a label that is also the name of a type: alone
// after «سوال» it says the type, and is the wording only when quoted.
func namesType(m string) bool {
	return isAny(m, "ایمیل", "تاریخ", "email", "date", "فایل", "file", "number", "\x01number")
}

// quoteIn returns the first unused quote in c[lo:hi], or -1.
func (c clause) quoteIn(lo, hi int, used []bool) int {
	for k := lo; k < hi && k < len(c); k++ {
		if c[k].quoted && !used[k] {
			return k
		}
		if c[k].qnoun || c[k].list != nil {
			break
		}
	}
	return -1
}

func listTexts(l *tokenList) []string {
	out := make([]string, 0, len(l.items))
	for _, it := range l.items {
		out = append(out, itemSurface(it))
	}
	return out
}

// itemSurface is an item's words as written: parentheses hug what they
// hold («مبتدی (۰ تا ۶ ماه)»), as the tokens, parted at them, no longer
// say.
func itemSurface(ts []token) string {
	var b strings.Builder
	for k, t := range ts {
		if k > 0 && !(ts[k-1].punct && isAny(ts[k-1].m, "(", "[")) && !(t.punct && isAny(t.m, ")", "]")) {
			b.WriteByte(' ')
		}
		b.WriteString(t.s)
	}
	return b.String()
}

// retype reads the type words only a v2 planner knows as the key of
// the type they name, one token for the phrase.
func retype(toks []token) []token {
	c := clause(toks)
	var out []token
	changed := false
	for i := 0; i < len(toks); i++ {
		k, n := c.next(i, v2TypeWordsV, 0)
		if n == 0 && i > 0 && toks[i-1].qnoun && !toks[i].quoted && isAny(toks[i].m, "عدد", "رقم") && !(i+1 < len(toks) && toks[i+1].qnoun) {
			// «یه فیلد عدد «متراژ»»: after the noun, «عدد» is the kind of
			// answer (before it, «دو عدد سوال», it counts).
			if !changed {
				out = append(make([]token, 0, len(toks)), toks[:i]...)
				changed = true
			}
			out = append(out, token{m: "\x01number", s: toks[i].s, r0: 1})
			continue
		}
		if n > 0 && i > 0 && !toks[i-1].quoted && isAny(toks[i-1].m, "mobile", "phone", "cell", "landline", "contact", "national", "id", "موبایل", "تلفن", "همراه", "تماس") {
			// «a mobile number», «شماره … موبایل number»: the number of a
			// phone is its format's name, not the number type.
			n = 0
		}
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
		// A word only heard as a type word stays one heard («توضیح»).
		out = append(out, token{m: key, s: surfaceOf(toks[i : i+n]), r0: firstRune(key), fuzzy: n == 1 && toks[i].fuzzy})
		i += n - 1
	}
	if !changed {
		return toks
	}
	return out
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
				// «… و گزینه‌های … پس از پرسش سوم درج گردد»: the place
				// said with the options is the question's too.
				if g.position == nil && f.position != nil {
					g.position, f.position = f.position, nil
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
		if n := len(out); n > 0 && len(f.groups) == 1 && f.groups[0].options == nil {
			// «گزینه‌هاش تهران، اصفهان باشه، یه سوال چندجوابی «شهرها»
			// بذار»: options said in a clause of their own first, no
			// question before them, are the next one question's.
			if l, ok := optionsOnly(out[n-1]); ok && (n == 1 || len(out[n-2].groups) == 0) {
				g := &f.groups[0]
				g.options = listTexts(l)
				if g.typ == "" || g.typ == domain.PlanFieldShortText {
					g.typ = domain.PlanFieldMultipleChoice
				}
				out = out[:n-1]
			}
		}
		out = append(out, f)
	}
	return out
}

// optionsOnly returns the options of a clause that says only them,
// perhaps with «باشه», and asks nothing.
func optionsOnly(f *frame) (*tokenList, bool) {
	if f.hasIntent() || len(f.groups) > 0 || len(f.ids) > 0 || f.title != "" {
		return nil, false
	}
	var opts *tokenList
	for _, t := range f.toks {
		switch {
		case t.list != nil && t.list.options && opts == nil:
			opts = t.list
		case t.punct || !t.quoted && isAny(t.m, "و", "هم", "باشه", "باشد", "باشن", "باشند", "بشه", "شود"):
		default:
			return nil, false
		}
	}
	return opts, opts != nil
}

// structured reads a command written as labelled fields — «نام فرم:
// ثبت‌نام همایش / پرسش‌ها: نام، ایمیل» — as the sentence it stands for:
// make a form with that title, and the rest as said.
func structured(toks []token) []token {
	toks = formIDLabels(toks)
	c := clause(toks)
	// «عنوان فرم ۴: «گزارش»», «title of form 4: Report»: the name of a
	// form that exists, written as a labelled field, renames it.
	if n := c.atAny(0, nameNounsV); n > 0 {
		j := n
		if j < len(c) && c[j].m == "of" {
			j++
		}
		if k := c.atAny(j, formNounsV); k > 0 && j+k+1 < len(c) && c[j+k].isNum && c[j+k+1].m == ":" {
			out := append(append([]token{}, toks[:j+k+1]...), tokenize("رو بکن")...)
			return append(out, toks[j+k+2:]...)
		}
	}
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
	// «سوال ۱: نظر کلی (بلند)، سوال ۲: …»: numbered labels of the new
	// form's questions, not places of questions it has.
	for k := j; k < len(toks); k++ {
		if k+2 < len(toks) && toks[k].qnoun && !toks[k].quoted && toks[k+2].m == ":" && (toks[k+1].isNum || isOrdinal(toks[k+1].m)) {
			out = append(out, toks[k])
			k++
			continue
		}
		out = append(out, toks[k])
	}
	return out
}

// formIDLabels reads «فرم: ۵», «Form: 5», a form's number written as a
// labelled field, as «فرم ۵».
func formIDLabels(toks []token) []token {
	c := clause(toks)
	for i := 0; i+2 < len(c); i++ {
		if n := c.atAny(i, formNounsV); n > 0 && i+n+1 < len(c) && c[i+n].m == ":" && c[i+n+1].isNum && !c[i+n+1].quoted && (c[i+n+1].digits || !isLatin(c[i+n+1].m) && !isAny(c[i+n+1].m, "یه", "یک")) {
			out := append(append([]token{}, toks[:i+n]...), toks[i+n+1:]...)
			return formIDLabels(out)
		}
	}
	return toks
}

// choiceBefore reports a singular question of a choice type said in
// the clause before a colon, and no list yet.
func choiceBefore(before []token) bool {
	c := clause(before)
	question, choice := false, false
	for k := len(before) - 1; k >= 0; k-- {
		t := before[k]
		if t.punct && !isAny(t.m, "،", ",") {
			if t.m == ":" && k > 0 && before[k-1].qnoun {
				continue // «q: چندگزینه‌ای …»: the noun's own colon
			}
			// «form 47: add dropdown «شیفت»: …»: a stop before the
			// question ends the clause that says it.
			break
		}
		if t.list != nil || isAny(t.m, pluralQuestionNouns...) {
			return false
		}
		// «یه dropdown «نوع پرداخت» اضافه کن: …»: a worded choice
		// type is a question without the noun.
		question = question || t.qnoun || t.quoted
		if t.isNum && t.num > 1 && k+1 < len(before) && (before[k+1].qnoun || before[k+1].m == "تا") && !c.formIDAt(k) {
			return false // «دو سوال کشویی: استان و شهرستان» words two questions
		}
		if typ, n := c.fieldTypeAt(k); n > 0 && domain.IsChoiceType(typ) {
			choice = true
		}
	}
	return question && choice
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

// saysFromTo reports a range said as «از N تا M», none of it quoted.
func (c clause) saysFromTo() bool {
	for i := range c {
		if c.fromToAt(i) {
			return true
		}
	}
	return false
}

// fromToAt reports «از N تا M» at i, its words unquoted.
func (c clause) fromToAt(i int) bool {
	return i+3 < len(c) && !c[i].quoted && c[i].m == "از" && c[i+1].isNum && !c[i+1].quoted && c[i+2].m == "تا" && c[i+3].isNum && !c[i+3].quoted
}

// uncarriedDetail names a detail said of a rating, number or file
// question that the contract has no parameter for — a scale («از ۱ تا
// ۱۰»), bounds («حداکثر ۲ مگ», «بین ۱۸ تا ۶۰») — or "" when none is said.
// The question is still added; the detail is dropped with a warning.
func (c clause) uncarriedDetail(gs []fieldGroup, used []bool) string {
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
		// «یه سوال «رضایت» از ۱ تا ۱۰»: a range said of any other kind
		// of question is no parameter either.
		if len(gs) > 0 && c.saysFromTo() {
			return "the answer's range"
		}
		return ""
	}
	said := false
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.isNum && i+2 < len(c) && isAny(c[i+1].m, "تا", "to", "-") && c[i+2].isNum {
			said = true
		}
		if isAny(t.m, "حداکثر", "حداقل", "بیشتر", "کمتر", "مگ", "مگابایت", "کیلوبایت", "max", "min", "maximum", "minimum", "mb", "kb") {
			said = true
		}
	}
	if !said {
		return ""
	}
	// The words of the limit are what the warning names; they are read.
	for i, t := range c {
		if used[i] || t.quoted || !(isAny(t.m, limitWords...) || isAny(t.m, "بیشتر", "کمتر", "maximum", "minimum", "حجمش", "حجمشم", "گیگ", "gb")) {
			continue
		}
		used[i] = true
		for k := i + 1; k < len(c) && k <= i+3 && !used[k] && !c[k].quoted && (c[k].isNum || isAny(c[k].m, limitWords...) || isAny(c[k].m, "گیگ", "gb")); k++ {
			used[k] = true
		}
	}
	return kind
}

// markScales sets aside a scale or bounds, «از ۱ تا ۵ (ستاره)»: its
// numbers are no count of questions; the detail is warned of
// (uncarriedDetail) or refused when it is the point.
func (c clause) markScales(used []bool) {
	for i := 0; i+3 < len(c); i++ {
		if !c.fromToAt(i) || used[i+1] || used[i+3] {
			continue
		}
		end := i + 4
		if end < len(c) && !c[end].quoted && isAny(c[end].m, "ستاره", "امتیاز", "نمره", "star", "stars") {
			end++
		}
		markUsed(used, i, end)
		i = end - 1
	}
}

// dropWarning tells the admin a detail was left out of the plan.
func (b *builder) dropWarning(what string) {
	if name, ok := strings.CutPrefix(what, "format:"); ok {
		b.warn("detail.dropped", domain.T("%s cannot be set by a plan; the question is added without it", domain.Both{EN: "the format «" + name + "»", FA: "قالب «" + name + "»"}))
		return
	}
	if what == "digits only" {
		b.warn("detail.dropped", domain.T("%s cannot be set by a plan; the question is added without it", domain.Both{EN: "an answer of digits only", FA: "فقط رقم بودن پاسخ"}))
		return
	}
	fa := map[string]string{"the rating's scale": "مقیاس امتیاز", "the number's bounds": "کران‌های عدد", "the file's limits": "محدودیت‌های فایل", "the answer's length": "شمار رقم‌های پاسخ", "the answer's uniqueness": "یکتا بودن پاسخ", "the answer's range": "بازهٔ پاسخ"}[what]
	b.warn("detail.dropped", domain.T("%s cannot be set by a plan; the question is added without it", domain.Both{EN: what, FA: fa}))
}

// bareWordingEnd returns where an unquoted wording that starts at j
// ends: before a verb, a preposition, a form, a count, a new question,
// an option list, «required», or punctuation.
func (c clause) bareWordingEnd(j, hi int, used []bool) int {
	k := j
	for k < hi && k < len(c) {
		t := c[k]
		if used[k] {
			break
		}
		if c.endsBareWording(k) {
			// «میزان رضایت از کلاس», «عکس قبل از شروع», «متراژ به متر
			// مربع»: a preposition whose object is a plain noun is part
			// of the wording; one that names a form, a question, a place
			// or an act ends it.
			if n := c.wordingPreposition(k, j, hi, used); n > 0 {
				k += n
				continue
			}
			break
		}
		if t.m == "و" || t.m == "and" {
			// «نام و نام خانوادگی» goes on; «… و یه سوال …» does not.
			if k+1 >= hi || c.endsBareWording(k+1) || isAny(c[k+1].m, "و", "and") {
				break
			}
		}
		k++
	}
	return k
}

// wordingPreposition returns the length of a preposition at k inside
// a wording begun at j («از», «به», «در», «برای», «قبل از», «بعد از»)
// whose object is a word a wording holds, or 0. A preposition that
// opens a place («به جایگاه سوم», «به انتهای فرم», «به عنوان سوال
// اول») or whose object is a form, a question, a number, a type or a
// verb belongs to the command, not to the wording.
func (c clause) wordingPreposition(k, j, hi int, used []bool) int {
	if k <= j || c[k].quoted {
		return 0
	}
	n := 0
	switch {
	case isAny(c[k].m, "از", "به", "در", "برای"):
		n = 1
	case isAny(c[k].m, "قبل", "بعد", "پیش", "پس") && k+1 < len(c) && c[k+1].m == "از":
		n = 2
	default:
		return 0
	}
	o := k + n
	if o >= hi || o >= len(c) || used[o] || c.endsBareWording(o) || c.atAny(k, slotMarkersV) > 0 || c.atAny(k, topMarkersV) > 0 ||
		c.atAny(k, endWordsV) > 0 || c.atAny(o, endWordsV) > 0 || isLatin(c[o].m) ||
		isAny(c[o].m, "جای", "جا", "جایگاه", "عنوان", "صورت", "حالت", "شکل", "همراه", "انتهای", "ابتدای", "آخر", "اول", "ته", "بالای", "پایین", "زیر") {
		return 0
	}
	return n + 1
}

// endsBareWording reports a token no unquoted wording holds.
func (c clause) endsBareWording(k int) bool {
	t := c[k]
	// «غیر ضروری», «غیر اجباری»: the negation of «required» is a detail.
	if t.m == "غیر" && k+1 < len(c) && (isAny(c[k+1].m, requiredWords...) || isAny(c[k+1].m, optionalWords...)) {
		return true
	}
	return t.punct || t.quoted || t.list != nil || t.qnoun || t.isNum || t.pron ||
		isAny(t.m, "با", "به", "تو", "توی", "در", "برای", "واسه", "که", "را", "رو", "هم", "دیگه", "دیگر", "یه", "یک", "از", "ای", "with", "to", "in", "for") ||
		lightVerbSet[t.m] || isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || typeWords[t.m] ||
		c.atAny(k, actionWordsV) > 0 || c.atAny(k, placeVerbsV) > 0 || c.atAny(k, formNounsV) > 0 || c.atAny(k, deleteWordsV) > 0 ||
		c.atAny(k, titleMarkersV) > 0 || c.atAny(k, questionMarksV) > 0 || isOptionNoun(t.m) || c.atAny(k, slotMarkersV) > 0 || c.atAny(k, topMarkersV) > 0 ||
		c.atAny(k, endWordsV) > 0 || isAny(t.m, "بعد", "قبل", "پیش", "پس", "اول", "آخر", "ته") ||
		t.m == "یکی" && !(k+1 < len(c) && isAny(c[k+1].m, "از", "دیگه", "دیگر"))
}

// bareWordings keeps whole an unquoted wording said after a question's
// type whose words are joined by «و» («یه سوال کوتاه نام و نام
// خانوادگی»): it becomes one quoted token, so that the «و» in it does
// not cut the clause.
func bareWordings(toks []token) []token {
	c := clause(toks)
	used := make([]bool, len(c))
	for i := 0; i < len(c); i++ {
		if !c[i].qnoun || c[i].quoted {
			continue
		}
		j := i + 1
		for j < len(c) && !c[j].quoted && typeWords[c[j].m] {
			j++
		}
		if j == i+1 {
			continue
		}
		k := c.bareWordingEnd(j, len(c), used)
		joined := false
		for m := j; m < k; m++ {
			joined = joined || isAny(c[m].m, "و", "and")
		}
		if !joined {
			continue
		}
		text := surfaceOf(c[j:k])
		q := token{m: matchForm(text), s: text, quoted: true}
		q.r0 = firstRune(q.m)
		return append(append(append(make([]token, 0, len(toks)), toks[:j]...), q), bareWordings(toks[k:])...)
	}
	return toks
}

// countedAt reports a count of two or more before the question noun at
// k: «سه سوال», «شیش تا سوال».
func (c clause) countedAt(k int) bool {
	j := k - 1
	if j >= 0 && isAny(c[j].m, "تا", "عدد") {
		j--
	}
	return j >= 0 && c[j].isNum && c[j].num >= 2 && !c[j].quoted && !c.formIDAt(j)
}

// formIDAt reports a number at j said right after a form's noun: «فرم
// ۹۱ سوال …», «فرم شماره ۴۰ سوال …» name a form and count no question.
func (c clause) formIDAt(j int) bool {
	if j <= 0 || !c[j].isNum || c[j].quoted {
		return false
	}
	k := j - 1
	if k > 0 && !c[k].quoted && isAny(c[k].m, "شماره", "number", "no", "#") {
		k--
	}
	return c.atAny(k, formNounsV) == 1
}

// countBefore returns the count of questions said before: «سه تا سوال»
// is 3; 0 when none is.
func countBefore(before []token) int {
	c := clause(before)
	for k := len(before) - 1; k >= 0; k-- {
		if before[k].qnoun && c.countedAt(k) {
			j := k - 1
			if isAny(c[j].m, "تا", "عدد") {
				j--
			}
			return c[j].num
		}
	}
	return 0
}

// allPlainWords reports words that are neither quotes, numbers, nor
// words of the grammar: the subjects of questions said one by one.
func allPlainWords(ts []token) bool {
	for _, t := range ts {
		if !isWord(t) || isAny(t.m, functionWords...) || typeWords[t.m] {
			return false
		}
	}
	return true
}

// wordItems makes an item of each word.
func wordItems(ts []token) [][]token {
	out := make([][]token, len(ts))
	for k := range ts {
		out[k] = ts[k : k+1]
	}
	return out
}

// namesLastQuestion gives a name said in a clause of its own — «…،
// اسمش «تصویر نسخه»» — to the question the clause before adds with no
// wording of its own.
func namesLastQuestion(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		prev, f := fs[k-1], fs[k]
		n := len(prev.groups)
		if n == 0 || prev.groups[n-1].question != "" || prev.groups[n-1].count > 1 || prev.create || len(f.ids) > 0 || f.create || len(f.groups) > 0 || f.edit != nil {
			continue
		}
		c := f.toks
		i, m := c.find(0, nameNounsV)
		if i < 0 || !c[i].pron {
			continue
		}
		q := c.quoteIn(i+m, len(c), make([]bool, len(c)))
		if q < 0 {
			continue
		}
		prev.groups[n-1].question = c[q].s
		f.rename, f.renameGapped, f.title, f.refersBack, f.leftover = false, false, "", false, nil
	}
}

// questionSaidAt reports a question said with its own noun at i: the
// noun, or a count before it («یه سوال», «دو تا پرسش»).
func questionSaidAt(toks []token, i int) bool {
	for k := i; k < len(toks) && k < i+3; k++ {
		t := toks[k]
		if t.quoted || t.punct {
			return false
		}
		if t.qnoun {
			return true
		}
		if !t.isNum && !isAny(t.m, "یه", "یک", "a", "one", "تا") {
			return false
		}
	}
	return false
}

// allLetters reports words that are each one letter («الف», «ب», «A»).
func allLetters(ts []token) bool {
	for _, t := range ts {
		if t.quoted || t.punct || t.isNum && t.digits || utf8.RuneCountInString(t.m) > 1 && t.m != "الف" {
			return false
		}
	}
	return true
}

// letteredItems reads options numbered by letters: «الف) تهران ب)
// تبریز ج) شیراز», «a) red b) blue». It returns nil when the words at j
// are not so numbered.
func letteredItems(toks []token, j int) ([][]token, int) {
	// A mark is a letter closed by «)», or one in parentheses: «الف)»,
	// «(الف)», «(ب)».
	markLen := func(k int) int {
		open := 0
		if k < len(toks) && toks[k].punct && toks[k].m == "(" {
			open = 1
		}
		k += open
		if k+1 < len(toks) && !toks[k].quoted && (utf8.RuneCountInString(toks[k].m) == 1 || toks[k].m == "الف") && toks[k+1].punct && toks[k+1].m == ")" {
			return open + 2
		}
		return 0
	}
	isMark := func(k int) bool { return markLen(k) > 0 }
	if !isMark(j) {
		return nil, 0
	}
	var items [][]token
	k := j
	for isMark(k) {
		k += markLen(k)
		start := k
		for k < len(toks) && !isMark(k) && !(toks[k].punct && !isAny(toks[k].m, "،", ",")) && !listEnds(toks, k, true) {
			k++
		}
		item := toks[start:k]
		for len(item) > 0 && (item[len(item)-1].punct || isAny(item[len(item)-1].m, "و", "یا")) {
			item = item[:len(item)-1]
		}
		if len(item) == 0 {
			return nil, 0
		}
		items = append(items, item)
	}
	if len(items) < 2 {
		return nil, 0
	}
	return items, k
}

// oneWordedQuestion reports a clause before a colon that adds one
// question, singular and counted one, with its wording quoted.
func oneWordedQuestion(before []token) bool {
	c := clause(before)
	nouns, quoted := 0, false
	for k, t := range before {
		if t.punct && !isAny(t.m, "،", ",") || t.list != nil || isAny(t.m, pluralQuestionNouns...) || c.countedAt(k) && t.qnoun {
			return false
		}
		if t.qnoun {
			nouns++
		}
		quoted = quoted || t.quoted && nouns > 0
	}
	return nouns == 1 && quoted
}

// labelledTypes turns «…، نوع: کوتاه» in a command written as labelled
// fields into «(کوتاه)» after the item before it: the type of the
// question just named, not a question of its own.
func labelledTypes(toks []token) []token {
	c := clause(toks)
	for i := 0; i+3 < len(c); i++ {
		if !(c[i].punct && isAny(c[i].m, "،", ",", "-", "–", "|", "/")) || !isAny(c[i+1].m, "نوع", "نوعش", "type", "قالب") || c[i+2].m != ":" {
			continue
		}
		_, n := c.fieldTypeAt(i + 3)
		if n == 0 {
			continue
		}
		out := append(make([]token, 0, len(toks)+1), toks[:i]...)
		out = append(out, token{m: "(", s: "(", punct: true, r0: '('})
		out = append(out, toks[i+3:i+3+n]...)
		out = append(out, token{m: ")", s: ")", punct: true, r0: ')'})
		return labelledTypes(append(out, toks[i+3+n:]...))
	}
	return toks
}

// slashedParens reports parentheses opened at i whose words are parted
// by «/»: «(مبتدی/متوسط/پیشرفته)» can only be options.
func slashedParens(toks []token, i int) bool {
	slash := false
	for k := i + 1; k < len(toks); k++ {
		if toks[k].punct && toks[k].m == ")" {
			return slash
		}
		slash = slash || toks[k].punct && toks[k].m == "/"
	}
	return false
}

// yesNoAt reads «بله خیر», «بله/خیر», «بله یا خیر», «آره نه», «yes/no»
// at i: the two answers and the tokens they span.
func yesNoAt(toks []token, i int) (yes, no token, n int) {
	if i+1 >= len(toks) || toks[i].quoted || !isAny(toks[i].m, "بله", "آره", "yes") {
		return token{}, token{}, 0
	}
	j := i + 1
	if isAny(toks[j].m, "/", "یا", "or") && j+1 < len(toks) {
		j++
	}
	if toks[j].quoted || !(isAny(toks[j].m, "خیر", "no") || toks[i].m == "آره" && toks[j].m == "نه") {
		return token{}, token{}, 0
	}
	return toks[i], toks[j], j + 1 - i
}

// oneByOne reads n items each opened by «یکی» from i: each its wording
// and what is said of it («که عددی باشه», «جواب کوتاه و اجباری»). It
// gives nothing unless there are n, each starting with its wording.
func oneByOne(toks []token, i, n int) ([][]token, int) {
	c := clause(toks)
	var items [][]token
	var cur []token
	j := i
	for ; j < len(toks); j++ {
		t := toks[j]
		if !t.quoted && t.m == "یکی" && !(j+1 < len(toks) && isAny(toks[j+1].m, "از", "دیگه", "دیگر")) {
			if j > i {
				items = append(items, cur)
			}
			cur = nil
			continue
		}
		if t.punct && !isAny(t.m, "،", ",", "(", ")") || !t.quoted && (conjunctions[t.m] && !isAny(t.m, "و", "and") || c.atAny(j, actionWordsV) > 0 && !isAny(t.m, "فعال")) {
			break
		}
		// «… یکی نام خانوادگی هر دو اجباری»: what is said of them all
		// ends the last item.
		if !t.quoted && (t.m == "هر" && j+1 < len(toks) && toks[j+1].isNum || isAny(t.m, quantifiers...) || strings.HasPrefix(t.m, "جفت")) {
			break
		}
		if t.punct || !t.quoted && isAny(t.m, "که", "هم", "باشه", "باشد", "بشه", "باشن", "باشند", "بود") {
			continue
		}
		cur = append(cur, t)
	}
	items = append(items, cur)
	if len(items) != n {
		return nil, 0
	}
	for k, it := range items {
		for len(it) > 0 && !it[len(it)-1].quoted && isAny(it[len(it)-1].m, "و", "and") {
			it = it[:len(it)-1]
		}
		if len(it) == 0 || countedItem(it) {
			return nil, 0
		}
		items[k] = it
	}
	return items, j
}

// madeBefore reports a verb that makes a form in the tokens before.
func madeBefore(before []token) bool {
	c := clause(before)
	for k := len(before) - 1; k >= 0; k-- {
		if before[k].punct && !isAny(before[k].m, "،", ",") {
			return false
		}
		if c.createVerbAt(k) {
			return true
		}
	}
	return false
}

// typedItems reports items each saying its type in parentheses: «اسم
// (کوتاه)», «عکس (فایل)».
func typedItems(items [][]token) bool {
	for _, it := range items {
		open := -1
		for k, t := range it {
			if t.punct && t.m == "(" {
				open = k
			}
		}
		if open < 1 {
			return false
		}
		if g := itemGroup(it, true); g.typ == "" {
			return false
		}
	}
	return true
}

// orderFollows reports «و بعدش …», «، سپس …» at end: a new order after a
// list.
func orderFollows(toks []token, end int) bool {
	j := end
	for j < len(toks) && (toks[j].punct && isAny(toks[j].m, "،", ",", "؛", ";") || isAny(toks[j].m, "و", "and")) {
		j++
	}
	return j > end && j < len(toks) && (conjunctions[toks[j].m] || isAny(toks[j].m, orderWords...))
}

// requiredFollows reports «… night - required», «…، اجباری»: after the
// list, whether the question must be answered, and the end.
func requiredFollows(toks []token, end int) bool {
	j := end
	for j < len(toks) && !toks[j].quoted && (toks[j].punct && isAny(toks[j].m, "،", ",", "؛", ";") || isAny(toks[j].m, "-", "–", "—", "و", "and", "هم")) {
		j++
	}
	if j >= len(toks) || toks[j].quoted || !(isAny(toks[j].m, requiredWords...) || isAny(toks[j].m, optionalWords...)) {
		return false
	}
	j++
	for j < len(toks) && !toks[j].quoted && isAny(toks[j].m, "هم", "باشه", "باشد", "بشه", "شود", "کن", "کنید", "بکن", "باشن") {
		j++
	}
	return endsCommand(toks, j)
}

// actFollows reports an act at end, perhaps after «و», «… دوشنبه و
// منتشرش کن»:
// what the list was said with ends there, and a new order begins.
func actFollows(toks []token, end int) bool {
	j := end
	if j < len(toks) && !toks[j].quoted && isAny(toks[j].m, "و", "and") {
		j++
	}
	if j >= len(toks) {
		return false
	}
	c := clause(toks)
	return c.atAny(j, actionWordsV) > 0 || c.atAny(j, deleteWordsV) > 0 || c.atAny(j, formNounsV) > 0 || toks[j].qnoun
}

// newQuestionAt reports a question counted at j, «یه dropdown …», «یک
// سوال …»: the start of one more question after a list.
func newQuestionAt(toks []token, j int) bool {
	if j+2 < len(toks) && !toks[j].quoted && isAny(toks[j].m, "و", "and") {
		j++ // «… و یه سوال کشویی …»
	}
	if j+1 >= len(toks) || toks[j].quoted || !isAny(toks[j].m, "یه", "یک") {
		return false
	}
	_, n := clause(toks).fieldTypeAt(j + 1)
	return toks[j+1].qnoun || n > 0
}

// endsCommand reports that nothing but punctuation follows end: «…، شمارهٔ
// همراه و ایمیل.» ends with its full stop.
func endsCommand(toks []token, end int) bool {
	thanks := false
	for k := end; k < len(toks); k++ {
		// «… (فایل). سپاسگزارم.»: thanks after the list close it too.
		if !toks[k].punct && !toks[k].quoted && k > end && (thanks || toks[k-1].punct) && isAny(toks[k].m, thankWords...) {
			thanks = true
			continue
		}
		// «… صبح، عصر دیگه», «… تراکتور لطفا»: a particle of talk or a
		// courtesy after the list ends nothing new.
		if !toks[k].punct && !toks[k].quoted && (courtesy(toks[k].m) || spokenParticle(toks[k].m)) {
			continue
		}
		if !toks[k].punct || !isAny(toks[k].m, ".", "!", "؛", ";", "…", "،", ",") {
			return false
		}
	}
	return true
}

// fieldTypeAfterAt reports a type phrase or a label at i.
func (c clause) fieldTypeAfterAt(i int) bool {
	if i >= len(c) {
		return false
	}
	_, n := c.fieldTypeAt(i)
	return n > 0 || labelAt(c, i) != nil
}

// oneQuestionBefore reports one question counted before: «یه سوال»,
// «سوالی», «a question» (no number, no plural), whose wording a «که …
// بپرسه» after it says.
func oneQuestionBefore(toks []token) bool {
	for k := len(toks) - 1; k >= 0; k-- {
		t := toks[k]
		if t.quoted || t.list != nil {
			return false
		}
		if !t.qnoun {
			continue
		}
		if isAny(t.m, "سوالی", "پرسشی", "فیلدی") {
			return true
		}
		return k > 0 && isAny(toks[k-1].m, "یه", "یک", "a", "one") && !isAny(t.m, pluralQuestionNouns...)
	}
	return false
}

// colonWordings keeps whole the wording said after a colon of one
// question counted before it («یه سوال اضافه کن به فرم ۱۲: نام و نام
// خانوادگی», «…: Your email address», «…: توضیح بده»): up to the
// sentence's end, plain words, «و» and a last question mark included,
// it becomes one quoted token, so that no «و» cuts it and no label or
// type word in it is read as the question's kind alone. A list (commas,
// quotes) or an order after it («… و منتشرش کن») is no one wording.
func colonWordings(toks []token) []token {
	for i, t := range toks {
		if !t.punct || t.m != ":" || i+1 >= len(toks) || !oneCountedBefore(toks[:i]) {
			continue
		}
		c := clause(toks)
		end := len(toks)
		for k := i + 1; k < len(toks); k++ {
			u := toks[k]
			if u.punct && isAny(u.m, "؟", "?") {
				end = k + 1
				break
			}
			if u.punct && isAny(u.m, ".", "!") {
				end = k
				break
			}
			if u.quoted || u.punct || u.list != nil || u.qnoun || lightVerbSet[u.m] && k > i+2 || isAny(u.m, sequenceWords...) || isAny(u.m, orderWords...) && u.m != "اول" ||
				c.atAny(k, formNounsV) > 0 || c.atAny(k, actionWordsV) > 0 || c.atAny(k, deleteWordsV) > 0 || isOptionNoun(u.m) || isAny(u.m, requiredWords...) || isAny(u.m, optionalWords...) {
				return toks
			}
		}
		if end <= i+1 {
			return toks
		}
		var b strings.Builder
		for k := i + 1; k < end; k++ {
			if k == i+1 {
				b.WriteString(toks[k].s)
			} else {
				b.WriteString(joinMark(toks[k]))
			}
		}
		out := append(append([]token{}, toks[:i+1]...), token{m: matchForm(b.String()), s: b.String(), quoted: true, r0: -1})
		return append(out, toks[end:]...)
	}
	return toks
}

// oneCountedBefore reports one question counted in the tokens before a
// colon, and no other: «یه سوال …», «یک پرسش بلند …», «a question»,
// «سوالی …», «یه long answer …».
func oneCountedBefore(before []token) bool {
	c := clause(before)
	found := false
	for k, t := range before {
		if t.quoted || t.list != nil {
			return false
		}
		if t.isNum && !t.digits && t.num > 1 {
			return false
		}
		if t.qnoun && isAny(t.m, pluralQuestionNouns...) {
			return false
		}
		if !(t.isNum && t.num == 1 && !t.digits || isAny(t.m, "a", "one")) || k+1 >= len(before) {
			if t.qnoun && isAny(t.m, "سوالی", "پرسشی", "فیلدی") {
				found = true
			}
			continue
		}
		j := k + 1
		for j < len(before) && typeWords[before[j].m] && !before[j].qnoun {
			j++
		}
		if j < len(before) && before[j].qnoun {
			found = true
		} else if _, n := c.fieldTypeAt(k + 1); n > 0 {
			found = true
		}
	}
	return found
}

// askedPeople are those a form asks things of: «… ایمیل افراد را بپرسد».
var askedPeople = []string{"افراد", "کاربران", "مشتریان", "مشتریها", "مشتریا", "شرکتکنندگان", "شرکتکنندهها", "متقاضیان", "اعضا", "دانشجویان", "دانشآموزان", "بیماران", "مراجعین", "مراجعان", "مهمانان", "مهمونا", "بچهها", "people", "users", "customers", "participants", "applicants"}

// separatedItems reports a run of words parted by «یا» or a comma: a
// list said as one, not words side by side.
func separatedItems(ts []token) bool {
	for _, t := range ts {
		if !t.quoted && isOptionNoun(t.m) {
			return false // «… بذار گزینه‌هاش …»: the noun says it (optionList)
		}
	}
	for _, t := range ts {
		if !t.quoted && (isAny(t.m, "یا", "or") || t.punct && isAny(t.m, "،", ",")) {
			return true
		}
	}
	return false
}

// listClosed reports the end of a command, punctuation, a conjunction
// or a sequence word at end: what a list of options said after its
// verb is followed by.
// listSaidFirst reads a list that opens the command, its items parted
// by commas up to the first stop before i: the options a later «با
// اینا» points back at. It returns the list and the stop's index.
func listSaidFirst(toks []token, i int) (*tokenList, int) {
	stop := -1
	for k := 0; k < i; k++ {
		if toks[k].punct && !isAny(toks[k].m, "،", ",") {
			stop = k
			break
		}
	}
	if stop < 2 || !separatedItems(toks[:stop]) {
		return nil, 0
	}
	items, end := listItems(toks[:stop], 0, true)
	if end != stop || len(items) < 2 {
		return nil, 0
	}
	return &tokenList{options: true, items: items}, stop
}

// choiceTypeEnds reports the words before ending in a choice type
// («کشویی», «چند گزینه ای», «multiple choice»), or in one and the
// question's quoted wording («کشویی «رنگ»»).
func choiceTypeEnds(before []token) bool {
	if n := len(before); n > 1 && before[n-1].quoted {
		before = before[:n-1]
	}
	c := clause(before)
	for k := max(len(before)-3, 0); k < len(before); k++ {
		if typ, n := c.fieldTypeAt(k); n > 0 && k+n == len(before) && domain.IsChoiceType(typ) && !before[k].quoted {
			return true
		}
	}
	return false
}

// verbCloses reports a list closed by the verb that adds or puts its
// question, with nothing after it («یه سوال کشویی «وعده» → صبحانه /
// ناهار / شام بذار»): the Persian verb comes last, after the options.
func verbCloses(toks []token, end int) bool {
	c := clause(toks)
	n := c.atAny(end, addVerbsV)
	if n == 0 {
		n = c.atAny(end, placeVerbsV)
	}
	if n == 0 || toks[end].quoted {
		return false
	}
	k := end + n
	for k < len(toks) && !toks[k].quoted && lightVerbSet[toks[k].m] {
		k++
	}
	return endsCommand(toks, k)
}

func listClosed(toks []token, end int) bool {
	return end >= len(toks) || toks[end].punct || conjunctions[toks[end].m] || isAny(toks[end].m, sequenceWords...) || isAny(toks[end].m, "بعد")
}

// demonstrativeObjectAt reports a demonstrative at j that is the object
// of the verb after it: «اینو بذار اول», «آن را پس از …», «اونو ببر …».
func demonstrativeObjectAt(toks []token, j int) bool {
	if j+1 >= len(toks) || toks[j].quoted || !isAny(toks[j].m, demonstratives...) {
		return false
	}
	c := clause(toks)
	return isAny(toks[j+1].m, "را", "رو") || c.atAny(j+1, placeVerbsV) > 0 || c.atAny(j+1, moveVerbsV) > 0
}

// modifiesKind reports an adjective at k right after a word naming a
// question's kind: a word ending in the adjectival «ی» («سازمانی»,
// «شخصی», «کاری») that is neither a type, a label, a number nor an
// ordinal. «ایمیل سازمانی» is a kind of email, not a subject of its own.
func (c clause) modifiesKind(k int) bool {
	t := c[k]
	if t.quoted || t.isNum || !strings.HasSuffix(t.m, "ی") || utf8.RuneCountInString(t.m) < 4 || typeWords[t.m] || labelAt(c, k) != nil {
		return false
	}
	if _, ok := ordinal(t.m); ok {
		return false
	}
	return k+1 >= len(c) || c.endsBareWording(k+1)
}

// allSingleQuotes reports items that are each one quote.
func allSingleQuotes(items [][]token) bool {
	for _, it := range items {
		if len(it) != 1 || !it[0].quoted {
			return false
		}
	}
	return true
}

// countRightBefore returns the count said right before a noun, after
// before: «دو سؤال», «سه تا سوال»; 0 with none.
func countRightBefore(before []token) int {
	k := len(before) - 1
	if k >= 0 && !before[k].quoted && isAny(before[k].m, "تا", "عدد") {
		k--
	}
	if k < 0 || !before[k].isNum || before[k].quoted {
		return 0
	}
	return before[k].num
}

// countedKindBefore returns the count of a label that counts questions
// or a kind of them, «۶ سوال کوتاه», «۳ تا short text», said last before
// a colon: the number, «تا» or «عدد», then only question nouns and type
// words. It is 0 when the words before the colon are anything else.
func countedKindBefore(before []token) int {
	c := clause(before)
	k := len(before) - 1
	for k >= 0 && !before[k].punct && !(before[k].isNum && !before[k].quoted) {
		k--
	}
	if k < 0 || !before[k].isNum || before[k].num < 2 {
		return 0
	}
	n, j := before[k].num, k+1
	if j < len(before) && isAny(before[j].m, "تا", "عدد") {
		j++
	}
	kind := false
	for j < len(before) {
		if before[j].quoted {
			return 0
		}
		if before[j].qnoun {
			kind = true
			j++
			continue
		}
		_, w := c.fieldTypeAt(j)
		if w == 0 {
			return 0
		}
		kind = true
		j += w
	}
	if !kind {
		return 0
	}
	return n
}

// unwanted say an option is not wanted: «Root رو نمی‌خوایم».
var unwanted = []string{"نمیخوایم", "نمیخوام", "نمیخواهیم", "نمیخواهم", "نباشه", "نباشد"}

// amendedOptions reads a correction said right after a list of options
// parted by «/»: «…: Guest / User / Admin / Root، Root رو نمی‌خوایم»
// takes that option out, «…، فقط سه تای اول» keeps the first ones. The
// correction is of the list, not an order of its own (read alone, its
// «نمی‌خوایم» denied the whole command), and leaves the list as meant.
func amendedOptions(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		if !toks[i].punct || toks[i].m != ":" || !toks[i-1].quoted {
			continue
		}
		// The items: single words parted by «/».
		var items []int
		j := i + 1
		for j < len(toks) && !toks[j].punct && !toks[j].quoted {
			items = append(items, j)
			if j+2 < len(toks) && toks[j+1].m == "/" && !toks[j+2].punct {
				j += 2
				continue
			}
			j++
			break
		}
		if len(items) < 3 || j >= len(toks) || !isAny(toks[j].m, "،", ",") {
			continue
		}
		end := j + 1
		for end < len(toks) && !(toks[end].punct && toks[end].m != "،" && toks[end].m != ",") {
			end++
		}
		keep := items
		k := j + 1
		changed := false
		for k < end {
			switch {
			case k+2 < end && !toks[k].quoted && isAny(toks[k+1].m, "رو", "را") && isAny(toks[k+2].m, unwanted...):
				var rest []int
				for _, it := range keep {
					if toks[it].m != toks[k].m {
						rest = append(rest, it)
					}
				}
				if len(rest) == len(keep) || len(rest) < 2 {
					return toks
				}
				keep, changed, k = rest, true, k+3
			case k+3 < end && toks[k].m == "فقط" && toks[k+1].isNum && !toks[k+1].quoted && isAny(toks[k+2].m, "تای", "تا") && isAny(toks[k+3].m, "اول", "اولی", "اولش"):
				n := toks[k+1].num
				if n < 2 || n > len(keep) {
					return toks
				}
				keep, changed, k = keep[:n], true, k+4
			case toks[k].punct && isAny(toks[k].m, "،", ","):
				k++
			default:
				return toks
			}
		}
		if !changed {
			continue
		}
		out := append(make([]token, 0, len(toks)), toks[:i+1]...)
		for n, it := range keep {
			if n > 0 {
				out = append(out, toks[i+2])
			}
			out = append(out, toks[it])
		}
		return append(out, toks[end:]...)
	}
	return toks
}

// commaWordings reads a wording set off by commas after a question's
// type — «یه سوال تاریخ، روز تحویل فرش، اضافه کنید» — as quoted: the
// words between the commas say what the question asks, and the verb
// after them adds it.
//
// «…، بپرسه «کدوم ابعاد رو میخواید» …»: a verb of asking after a comma,
// with its quote, words the question before it as «که بپرسه» does; the
// comma joins, it does not start an order.
func commaWordings(toks []token) []token {
	for i := 1; i+2 < len(toks); i++ {
		if toks[i].punct && isAny(toks[i].m, "،", ",") && !toks[i+1].quoted && isAskVerb(toks[i+1].m) && toks[i+2].quoted {
			toks = append(append(make([]token, 0, len(toks)), toks[:i]...), toks[i+1:]...)
			break
		}
	}
	c := clause(toks)
	for i := 2; i < len(c); i++ {
		if !c[i].punct || !isAny(c[i].m, "،", ",") {
			continue
		}
		typed := false
		for k := max(i-3, 1); k < i; k++ {
			_, n := c.fieldTypeAt(k)
			if l := labelAt(c, k); n == 0 && l != nil && (l.typeOnly || l.n == 1 && namesType(c[k].m)) {
				n = l.n // «یه سوال تاریخ، …»: a word that only names the kind
			}
			if n > 0 && k+n == i && !c[k].quoted && (c[k-1].qnoun || isAny(c[k-1].m, "یه", "یک", "a")) {
				typed = true
			}
		}
		if !typed {
			continue
		}
		e := i + 1
		for e < len(c) && !c[e].punct {
			e++
		}
		if e == i+1 || e-i-1 > 6 || e+1 >= len(c) || !isAny(c[e].m, "،", ",") || !c.plainWording(i+1, e) {
			continue
		}
		if c.atAny(e+1, addVerbsV) == 0 && c.atAny(e+1, placeVerbsV) == 0 {
			continue
		}
		words := surfaceOf(toks[i+1 : e])
		out := append(make([]token, 0, len(toks)), toks[:i]...)
		out = append(out, token{m: matchForm(words), s: words, quoted: true, r0: -1})
		return append(out, toks[e+1:]...)
	}
	return toks
}
