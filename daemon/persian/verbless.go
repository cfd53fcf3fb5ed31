package persian

import (
	"slices"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// attachVerbless gives clauses without a verb of their own the verb they
// share. Persian states the verb once at the end of a coordination («دو
// سوال کوتاه و یک سوال بلند اضافه کن», «به فرم ۲ یک سوال کوتاه و به فرم
// ۳ یک سوال بلند اضافه کن»): such clauses take the next verb and keep
// their own targets, in the order they were said. Clauses that cannot
// take the next verb (a list after «با سه سوال:», a title after the
// create verb) complete the clause before them instead.
func attachVerbless(fs []*frame) []*frame {
	fs = listWordings(fs)
	out := make([]*frame, 0, len(fs))
	var pending []*frame // verbless clauses waiting for the next verb
	backward := func(p *frame) {
		if len(out) == 0 {
			out = append(out, p)
			return
		}
		if prev := out[len(out)-1]; p.renameGapped && prev.rename && len(p.ids) > 0 {
			// «اسم فرم ۲ را «الف» بگذار و اسم فرم ۳ را «ب»»: the verb
			// said once serves the clause after it too.
			p.rename = true
			out = append(out, p)
			return
		}
		mergeInto(out[len(out)-1], p)
	}
	for i, f := range fs {
		f.budget = i + 1
		if f.negated && !f.hasIntent() {
			// «فرم ۵ رو نه، فرم ۴ رو پاک کن»: the form denied takes no
			// verb said after it.
			out = append(out, f)
			continue
		}
		if prev := last(out); len(pending) == 0 && prev != nil && !f.hasIntent() && !f.negated {
			if continuesTitle(prev, f) {
				continue
			}
			if repeatsState(prev, f) {
				out = append(out, f)
				continue
			}
			if placesLast(prev, f) || marksNth(prev, f) {
				continue
			}
		}
		if len(pending) == 0 && len(out) > 0 && out[len(out)-1].renamePending && !f.hasIntent() {
			if title := namedTitle(f.toks); title != "" {
				prev := out[len(out)-1]
				prev.title, prev.rename, prev.renamePending = title, true, false
				continue
			}
		}
		if f.modifier {
			describe(append(out, pending...), f)
			continue
		}
		if prev := last(out); len(pending) == 0 && !f.hasIntent() && !f.hasContent() && prev != nil && prev.titleList && len(prev.moreTitles)+1 < prev.createCount {
			if title := namedTitle(f.toks); title != "" {
				prev.moreTitles = append(prev.moreTitles, title)
				continue
			}
		}
		if !f.hasIntent() {
			if f.hasContent() || f.loneNumberWord() > 0 && slices.ContainsFunc(pending, func(p *frame) bool { return len(p.ids) > 0 }) {
				pending = append(pending, f)
			} else {
				out = append(out, f)
			}
			continue
		}
		var shared []*frame
		var sharedIDs []int64 // the pending forms' ids, in the order said
		for _, p := range pending {
			switch {
			case len(p.groups) > 0 && f.add:
				p.add, p.negated, p.budget = true, f.negated, f.budget
				shared = append(shared, p)
			case p.renameGapped && f.rename:
				// «عنوان فرم ۳ را «الف» و عنوان فرم ۴ را «ب» بگذار».
				p.rename = true
				shared = append(shared, p)
			case len(p.groups) == 0 && len(p.ids) > 0 && p.keepsIt():
				// «فرم ۸ رو نگه دار و فرم ۹ رو پاک کن», «فرم ۸ بمونه …»: the
				// form said to stay is kept, never acted on by the next verb.
				p.negated = true
				out = append(out, p)
			case len(p.groups) == 0 && p.title == "" && len(p.ids) > 0 && !f.create && p.ownUnreadAct() && (len(f.ids) > 0 || !isAny(f.joinedBy, ".", "!", "؟", "?")) &&
				!(p.verdictOnly() && len(f.ids) == 0 && !f.destroys()): // «فرم ۳۰ خفنه، لایوش کن»: how the form is (slang.go)
				// «فرم ۲۰ بازنشر و فرم ۲۱ حذف گردد»: the first form was said
				// with a word of its own, not understood — its own order,
				// maybe; it never takes the next order's verb, and the
				// command is not read on a guess.
				p.refusal = domain.T("«%s», said of a form, was not understood; the form does not take the next order's verb", p.unreadActWords())
				p.leftover = nil
				out = append(out, p)
			case len(sharedIDs) > 0 && !f.create && p.loneNumberWord() > 0 && isAny(p.joinedBy, "و", "،", ",", "and"):
				// «فرم دو و سه و چهار رو منتشر کن»: a number word alone
				// in a list of forms is one more form.
				sharedIDs = append(sharedIDs, int64(p.loneNumberWord()))
			case len(p.groups) == 0 && p.title == "" && len(p.ids) > 0 && !f.create:
				// «فرم ۸ و فرم ۹ را منتشر کن»: bare references share the verb,
				// and make forms the topic of a number said without the
				// noun («فرم دو و سه رو منتشر کن»).
				sharedIDs = append(sharedIDs, p.ids...)
			case len(out) == 0 && len(p.groups) > 0 && !f.add && !f.create && f.edit == nil && !f.deleteForm && !f.disable && !f.draft && !p.toks.hasVerb():
				// «فرم ۱۱: سوال کشویی «ماه» گزینه‌ها: …، و بعدش منتشرش
				// کن»: questions said with no verb before an order that
				// adds nothing are added on their own, to the form named
				// before them, and the order follows.
				if len(p.ids) == 0 {
					p.ids = f.ids
					if len(sharedIDs) > 0 {
						p.ids = append([]int64{}, sharedIDs...)
					}
				}
				p.add, p.verbless = true, true
				out = append(out, p)
			case len(out) == 0 && len(p.groups) > 0:
				// Nothing before to complete: the fields go to the verb's form.
				f.groups = append(append([]fieldGroup{}, p.groups...), f.groups...)
			default:
				backward(p)
			}
		}
		if len(sharedIDs) > 0 {
			own := f.ids
			if len(own) == 0 {
				own = f.bareIDs
			}
			if c := f.toks; len(own) == 0 && len(c) > 1 && c[0].isNum && !c[0].digits && !c[0].quoted && c[0].num > 0 && (c.atAny(1, actionWordsV) > 0 || c.actsOnAForm(1)) {
				own = []int64{int64(c[0].num)} // «فرم پنج و شش و هفت منتشر بشن»: the last of the list, before its verb
			}
			f.ids = uniqueIDs(append(sharedIDs, own...))
		}
		if len(shared) == 0 && moreFormsOfAdd(last(out), f) {
			pending = pending[:0]
			continue
		}
		pending = pending[:0]
		if len(shared) > 0 {
			shareTargets(append(shared, f))
			out = append(out, shared...)
		}
		out = append(out, f)
	}
	for _, p := range pending {
		backward(p)
	}
	for _, f := range out {
		f.groups = dropListHeaders(f.groups)
	}
	return out
}

// moreFormsOfAdd reads «یه سوال «نام» به فرم ۱۲، فرم ۱۳ و فرم ۱۴ اضافه
// کن»: forms listed after the form of the questions added, the last of
// them with the verb alone (f, which has taken the ids of the forms
// listed before it), are more forms of the same questions: q, the
// questions' clause, takes f's ids, and f adds nothing of its own.
func moreFormsOfAdd(q, f *frame) bool {
	if q == nil || !f.add || f.create || len(f.groups) > 0 || len(f.ids) == 0 || f.edit != nil || f.negated || !isAny(f.joinedBy, "،", ",", "و", "and") {
		return false
	}
	if !q.add || q.create || len(q.groups) == 0 || len(q.ids) == 0 || q.negated {
		return false
	}
	q.ids = uniqueIDs(append(append([]int64{}, q.ids...), f.ids...))
	return true
}

func last(fs []*frame) *frame {
	if len(fs) == 0 {
		return nil
	}
	return fs[len(fs)-1]
}

// mergeInto completes prev with a verbless clause that follows it.
func mergeInto(prev, p *frame) {
	prev.groups = append(prev.groups, p.groups...)
	prev.each = prev.each || len(p.groups) > 0 && p.toks.saysEach()
	if prev.create && prev.createCount > 1 && prev.title != "" && p.title != "" {
		// «دو فرم بساز، یکی به اسم «الف» و یکی به اسم «ب»».
		prev.moreTitles = append(prev.moreTitles, p.title)
	}
	if prev.title == "" {
		prev.title = p.title
	}
	if len(p.groups) > 0 && !prev.create {
		prev.add = true
	}
	if len(prev.ids) == 0 && len(p.ids) > 0 && !prev.create {
		prev.ids = p.ids
	} else if len(p.ids) > 0 && len(p.groups) == 0 && p.title == "" && !slices.Equal(prev.ids, p.ids) {
		// «فرم ۵ رو پاک کن و فرم ۶ رو»: a form named after the order
		// with no verb of its own is not acted on; it is named in the
		// warning of words not acted on, never dropped unsaid.
		prev.leftover = append(prev.leftover, surfaceOf(p.toks))
	}
}

// shareTargets gives each clause of one shared verb the forms it acts on:
// its own, else those of the nearest clause before it that names some,
// else those of the nearest after it («دو سوال کوتاه و یک سوال بلند به
// فرم ۳ اضافه کن» adds all three to form 3).
func shareTargets(run []*frame) {
	var last []int64
	for _, f := range run {
		if len(f.ids) > 0 {
			last = f.ids
		} else if last != nil {
			f.ids = last
		}
	}
	last = nil
	for k := len(run) - 1; k >= 0; k-- {
		if len(run[k].ids) > 0 {
			last = run[k].ids
		} else if last != nil {
			run[k].ids = last
		}
	}
}

// repeatsState reads «فرم ۴ رو منتشر کن، ۵ رو هم»: numbers with the
// object marker and «هم» (too), and nothing else, get the state change
// of the clause before.
func repeatsState(prev, f *frame) bool {
	// «… منتشر کن، فرم ۵ رو هم», «… پاک کن و فرم ۶ رو هم» names the
	// form with its noun.
	ids := f.bareIDs
	if len(ids) == 0 {
		ids = f.ids
	}
	if len(ids) == 0 || len(f.groups) > 0 || f.title != "" ||
		!(prev.publish || prev.draft || prev.disable || prev.deleteForm) || prev.create || prev.add || prev.rename || prev.nav != "" || prev.edit != nil {
		return false
	}
	destroys := prev.disable || prev.deleteForm
	too := false
	for _, t := range f.toks {
		switch {
		case t.m == "هم":
			too = true
		case t.isNum && t.digits, t.punct, fillers[t.m], isAny(t.m, "را", "رو", "و", "،", ","):
		case isAny(t.m, formNouns...):
			// «… پاک کن، فورم ۶ رو هم»: a form is closed or deleted only
			// when named in so many letters.
			if t.fuzzy && destroys {
				return false
			}
		default:
			return false
		}
	}
	if !too {
		return false
	}
	f.publish, f.draft, f.disable, f.deleteForm, f.ids = prev.publish, prev.draft, prev.disable, prev.deleteForm, ids
	return true
}

// uniqueIDs keeps the first of every id said twice: «فرم ۵ … فرم ۵ رو
// منتشر کن» names one form.
func uniqueIDs(ids []int64) []int64 {
	out := ids[:0]
	for k, id := range ids {
		seen := false
		for _, o := range ids[:k] {
			seen = seen || o == id
		}
		if !seen {
			out = append(out, id)
		}
	}
	return out
}

// actNouns name an act without being one the planner reads by them
// alone: «فرم ۲۰ آپدیت و …», «فرم ۲۰ ویرایش و …».
var actNouns = []string{"آپدیت", "update", "تبدیل", "تغییر", "ویرایش", "اصلاح", "ادیت", "edit", "convert", "replace"}

// ownUnreadAct reports a verbless clause naming forms that says a word
// of its own the reading did not use — an act not understood, or a
// noun of acting — outside a relative clause that only describes the
// form («فرم ۱۴ را که مربوط به اردوی سال گذشته است، …»).
func (f *frame) ownUnreadAct() bool {
	for _, t := range f.toks {
		if !t.quoted && isAny(t.m, "که", "which", "that") {
			return false
		}
	}
	if n := len(f.toks); n > 0 && f.toks[n-1].punct && isAny(f.toks[n-1].m, "؟", "?") {
		// «سوال سوم رو دیدی؟ پاکش کن»: a question put to the listener
		// orders nothing of its own; it names what the order is about.
		return false
	}
	if len(f.leftover) > 0 {
		return true
	}
	for _, t := range f.toks {
		if !t.quoted && isAny(t.m, actNouns...) {
			return true
		}
	}
	return false
}

// unreadActWords names the words ownUnreadAct found.
func (f *frame) unreadActWords() string {
	if len(f.leftover) > 0 {
		return strings.Join(f.leftover, " ")
	}
	var out []string
	for _, t := range f.toks {
		if !t.quoted && isAny(t.m, actNouns...) {
			out = append(out, t.s)
		}
	}
	return strings.Join(out, " ")
}

// stayWords say a form is to stay as it is: «نگه دار», «بمونه»,
// «دست نخوره», «keep».
var stayWords = []string{"نگه", "نگهش", "نگهدار", "نگهداری", "بمونه", "بماند", "بمونن", "بمانند", "بمانه", "نخوره", "نخورد", "نزن", "نزنید", "نزنین", "سالمه", "keep", "leave"}

// keepsIt reports a clause saying its forms stay as they are.
func (f *frame) keepsIt() bool {
	for i, t := range f.toks {
		if !t.quoted && (isAny(t.m, stayWords...) || f.toks.atAny(i, keptWordsV) > 0) {
			return true
		}
	}
	return false
}

// loneNumberWord returns the number of a clause that is one number
// word and nothing else («سه»), or 0.
func (f *frame) loneNumberWord() int {
	if len(f.toks) != 1 || f.toks[0].quoted || !f.toks[0].isNum || f.toks[0].digits || f.hasIntent() || len(f.groups) > 0 || f.negated {
		return 0
	}
	return f.toks[0].num
}
