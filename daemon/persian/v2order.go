package persian

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Ordering (arshline-plan/v2): the steps in the order the command means —
// «قبلش», «اولی … دومی …», one edit or question list for each form.

// saysBefore reports a clause that opens with «قبلش» (before that):
// its acts come before those of the clause before it.
func (c clause) saysBefore() bool {
	for i, t := range c {
		// «…، فقط سوال سوم رو قبلش اختیاری کن»: «قبلش» said after the
		// clause's object, before its verb, puts the clause first too.
		if i > 0 && !t.quoted && isAny(t.m, "قبلش", "پیشش", "قبلشم") && isAny(c[i-1].m, "را", "رو", "اینو", "اونو") {
			return true
		}
	}
	for i, t := range c {
		if t.punct || fillers[t.m] || isAny(t.m, "ولی", "اما", "ضمنا", "البته", "لیکن", "منتها", "however", "but") {
			continue
		}
		if isAny(t.m, "قبلش", "پیشش", "قبلشم", "first", "beforehand") {
			return true
		}
		if i > 0 && isAny(c[i-1].m, contrastWords...) && c.opensFirst(i) {
			return true
		}
		// «… after you unpublish it», «… once you have deleted …»,
		// «… after adding …»: what is to have been done comes first.
		if i+1 < len(c) && isAny(t.m, "after", "once") && (isAny(c[i+1].m, "you", "we", "i", "u") || c.actAt(i+1)) {
			return true
		}
		// «…، البته بعد از اینکه سوال سومشو اجباری کردی»: what is to
		// have been done comes first.
		if i+2 < len(c) && isAny(t.m, "بعد", "پس") && c[i+1].m == "از" && isAny(c[i+2].m, "اینکه", "آنکه") {
			return true
		}
		if i+2 < len(c) && isAny(t.m, "قبل", "پیش") && c[i+1].m == "از" && c.actAt(i+2) && clause(c[i+3:]).hasVerb() {
			// «…، ولی قبل از انتشار سوال دومشو اجباری کن»: what is to be
			// done before the act named comes before it.
			return true
		}
		return i+2 < len(c) && isAny(t.m, "قبل", "پیش", "before") && isAny(c[i+1].m, "از", "that") && isAny(c[i+2].m, "اون", "آن", "این", "that", "همه")
	}
	return false
}

// contrastWords open a clause that turns against the one before: «…
// ولی اول …» (but first).
var contrastWords = []string{"ولی", "اما", "البته", "لیکن", "منتها", "but"}

// opensFirst reports «اول», «ابتدا» (first) at i as a time, not a
// place: not before a question or form noun («اول فرم» is its top).
func (c clause) opensFirst(i int) bool {
	return isAny(c[i].m, "اول", "ابتدا", "اولش", "نخست") && !(i+1 < len(c) && (c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0))
}

// firstAfterContrast reports a clause cut after a word of contrast that
// opens with «first»: «فرم ۸ رو منتشر کن ولی اول اسمشو بذار …».
func (f *frame) firstAfterContrast() bool {
	if !isAny(f.joinedBy, contrastWords...) {
		return false
	}
	for i, t := range f.toks {
		if t.punct || fillers[t.m] {
			continue
		}
		return f.toks.opensFirst(i)
	}
	return false
}

// moveBefore puts the steps from start on before those from prev on:
// the clause said after asked to be done first. Steps of a form this
// plan creates stay after its create_form; steps of forms named by
// their ids go before it.
func (b *builder) moveBefore(prev, start int) {
	if start <= prev || start >= len(b.steps) {
		return
	}
	// Steps said first that name their own existing form («…؛ لیکن پیش
	// از آن، فرم ۱۴۱ از انتشار خارج شود») go before a form created
	// before them; steps that refer to the new form never do.
	ownForms := true
	for _, st := range b.steps[start:] {
		ownForms = ownForms && st.Action != domain.ActionCreateForm && st.Params.ID != nil
	}
	for _, st := range b.steps[prev:] {
		if st.Action == domain.ActionCreateForm && !ownForms {
			return
		}
	}
	if ownForms {
		// They go before the new form, not between it and its questions.
		for k := prev - 1; k >= 0 && b.steps[prev].Params.ID == nil && b.steps[prev].Action != domain.ActionCreateForm; k-- {
			if b.steps[k].Params.ID != nil {
				break
			}
			prev = k
		}
	}
	moved := append(append([]domain.PlanStep{}, b.steps[start:]...), b.steps[prev:start]...)
	copy(b.steps[prev:], moved)
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

// questionsByOrdinal reads «دو سوال کوتاه اضافه کن، اولی «نام»، دومی
// «بخش»», «add two questions, the first «Name», the second «Dept»»:
// clauses opening with the spoken ordinals, in order, after a clause
// that adds a count of questions with no wording, each describe one of
// them — its wording, type or «اجباری» — and add none of their own.
func questionsByOrdinal(fs []*frame) []*frame {
	for i := 0; i < len(fs); i++ {
		f := fs[i]
		if f.negated || f.create || len(f.groups) != 1 || f.groups[0].count < 2 || f.groups[0].question != "" || f.groups[0].count > 12 {
			continue
		}
		n := f.groups[0].count
		var parts []*frame
		for k := i + 1; k < len(fs) && len(parts) < n; k++ {
			p := fs[k]
			m, ok := p.toks.opensWithOrdinal()
			if !ok || m != len(parts)+1 || p.negated || len(p.ids) > 0 || p.create || p.edit != nil || p.publish || p.draft || p.disable || p.deleteForm || p.duplicate || p.rename || len(p.groups) > 1 {
				break
			}
			parts = append(parts, p)
		}
		if len(parts) < 2 {
			continue
		}
		g := f.groups[0]
		groups := make([]fieldGroup, n)
		for k := range groups {
			groups[k] = g
			groups[k].count = 1
		}
		for k, p := range parts {
			d := &groups[k]
			if len(p.groups) == 1 {
				pg := p.groups[0]
				d.question = pg.question
				if pg.typ != "" && pg.typ != domain.PlanFieldShortText || d.typ == "" {
					d.typ = pg.typ
				}
				d.required = d.required || pg.required
				if pg.format != "" {
					d.typ, d.format = pg.typ, pg.format
				}
				d.options = pg.options
			}
			if d.question == "" {
				for _, t := range p.toks {
					if t.quoted {
						d.question = t.s
						break
					}
				}
			}
			if d.typ == "" {
				d.typ = g.typ
			}
		}
		f.groups = groups
		fs = append(fs[:i+1], fs[i+1+len(parts):]...)
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
		b.refuse(domain.T("say one question at a time for this change"))
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
		// «به هر دو», «در هر سه»: each of the forms made, counted.
		if t.m == "هر" && i+1 < len(c) && (isAny(c[i+1].m, "کدوم", "کدام", "یک", "کدومشون", "کدامشان", "یکیشون") || c[i+1].isNum && c[i+1].num >= 2 && !c[i+1].digits) || isAny(t.m, "هرکدوم", "هرکدام", "هردو", "هرسه", "each") {
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
	// The new forms' create steps move as their questions go in: the
	// state said of them all («و هر سه منتشر شوند») follows each.
	b.lastCreates = b.lastCreates[:0]
	for k, st := range made {
		b.lastCreates = append(b.lastCreates, len(b.steps))
		b.steps = append(b.steps, st)
		b.createStep, b.newQuestions = len(b.steps)-1, nil
		one := *f
		one.budget = f.budget*64 + k + 1
		b.fields(&one, nil, true)
	}
	return true
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

// usesDeleted reports a step, in the plan's final order, on a form an
// earlier step deletes.
func usesDeleted(steps []domain.PlanStep) bool {
	deleted := map[int64]bool{}
	for _, st := range steps {
		if st.Params.ID != nil && deleted[*st.Params.ID] {
			return true
		}
		if st.Action == domain.ActionDeleteForm && st.Params.ID != nil {
			deleted[*st.Params.ID] = true
		}
	}
	return false
}

// opensBefore reports a clause that says what is to be done first by
// what comes after it: «قبل از اینکه فرم ۱۵ را پاک کنی، …», «پیش از
// انتشار فرم ۱۲، …», «پیش از غیرفعال کردن فرم ۳، …».
func (c clause) opensBefore() bool {
	for i, t := range c {
		if t.punct || fillers[t.m] || isAny(t.m, formalFrames...) {
			continue
		}
		if i+1 < len(c) && t.m == "before" && (isAny(c[i+1].m, "you", "we", "i", "u") || c.actAt(i+1)) {
			// «before publishing form 9, …», «before you delete …».
			return true
		}
		return i+1 < len(c) && isAny(t.m, "قبل", "پیش", "before") && isAny(c[i+1].m, "از", "اینکه") &&
			(i+2 >= len(c) || !isAny(c[i+2].m, "اون", "آن", "این", "that", "همه") && !c[i+2].qnoun)
	}
	return false
}

// actAt reports a word at i that names an act on a form or a question:
// the verb «before» or «after» places in time.
func (c clause) actAt(i int) bool {
	for _, v := range [...]*vocab{publishWordsV, draftWordsV, deleteWordsV, disableWordsV, copyWordsV, addVerbsV, renameVerbsV, moveVerbsV} {
		if c.atAny(i, v) > 0 {
			return true
		}
	}
	return c.createVerbAt(i)
}

// afterCuts puts a comma before «after you …», «after adding …», «once
// you …» and «بعد از اینکه …» said inside a clause, and after the
// verb that ends «بعد از اینکه … کردی» before the order it precedes:
// the act said after them is to have been done first, and is a clause
// of its own (saysBefore).
func afterCuts(toks []token) []token {
	c := clause(toks)
	comma := token{m: "،", s: "،", punct: true, r0: '،'}
	for i := 1; i+1 < len(c); i++ {
		m := c[i].m
		if m != "after" && m != "once" && m != "before" && m != "بعد" && m != "پس" && m != "قبل" && m != "پیش" || c[i].quoted || c[i-1].punct {
			continue
		}
		// «… before you publish it», «… قبل از اینکه منتشرش کنی»: the
		// act said after «before» is one more order, done after.
		english := isAny(m, "after", "once", "before") && (isAny(c[i+1].m, "you", "we", "i", "u") || c.actAt(i+1)) &&
			!(m != "before" && c.atAny(i+1, publishWordsV) > 0) // «delete form 5 after publishing»: a time, not a step (afterPublishing)
		persian := i+2 < len(c) && c[i+1].m == "از" && isAny(c[i+2].m, "اینکه", "آنکه")
		if (english || persian) && c.objectBefore(i) && c.verbBefore(i) {
			out := append(append(make([]token, 0, len(toks)+1), toks[:i]...), comma)
			return afterCuts(append(out, toks[i:]...))
		}
	}
	// «before you publish form 5 delete question 2»: the order after
	// the «before» phrase starts at its verb, once the phrase has its
	// object; it is a clause of its own (opensBefore).
	if len(c) > 3 && c[0].m == "before" && (isAny(c[1].m, "you", "we", "i", "u") || c.actAt(1)) {
		for k := 2; k < len(c); k++ {
			if c[k].punct {
				break
			}
			if k > 2 && c.actAt(k) && isLatin(c[k].m) && c.objectBefore(k) {
				out := append(append(make([]token, 0, len(toks)+1), toks[:k]...), comma)
				return append(out, toks[k:]...)
			}
		}
	}
	// «پرسش دوم فرم ۲۲ پس از تغییر عنوان فرم به «امانت کتاب» حذف
	// گردد»: an act named inside the clause, after «پس از», with its
	// quote, is done first — it is put after the clause as «قبلش …».
	for i := 1; i+3 < len(c); i++ {
		if !isAny(c[i].m, "بعد", "پس") || c[i+1].m != "از" || c[i].quoted || !c.actAt(i+2) || !c.objectBefore(i) {
			continue
		}
		e := i + 3
		for e < len(c) && !c[e].quoted && !c[e].punct {
			e++
		}
		if e >= len(c) || !c[e].quoted {
			continue
		}
		stop := e + 1
		for stop < len(c) && !c[stop].punct {
			stop++
		}
		if !clause(c[e+1 : stop]).hasVerb() {
			continue
		}
		out := make([]token, 0, len(toks)+2)
		out = append(out, toks[:i]...)
		out = append(out, toks[e+1:stop]...)
		out = append(out, comma, token{m: "قبلش", s: "قبلش", r0: 'ق'})
		out = append(out, toks[i+2:e+1]...)
		return append(out, toks[stop:]...)
	}
	for i := 0; i+2 < len(c); i++ {
		if !isAny(c[i].m, "بعد", "پس") || c[i+1].m != "از" || !isAny(c[i+2].m, "اینکه", "آنکه") {
			continue
		}
		for j := i + 3; j+1 < len(c); j++ {
			if c[j].punct {
				break
			}
			if !c[j].quoted && isAny(c[j].m, pastLightVerbs...) && !c[j+1].punct {
				out := append(append(make([]token, 0, len(toks)+1), toks[:j+1]...), comma)
				return append(out, toks[j+1:]...)
			}
		}
	}
	return toks
}

// verbBefore reports a verb in the clause before i.
func (c clause) verbBefore(i int) bool {
	for k := i - 1; k >= 0 && !c[k].punct; k-- {
		if !c[k].quoted && (clauseVerbSet[c[k].m] || c.actAt(k) && isLatin(c[k].m)) {
			return true
		}
	}
	return false
}

// beforeVerbEnds cuts «قبل از اینکه فرم ۱۵ را پاک کنی یه کپی ازش بگیر»
// after the verb of its «اینکه» clause, which the command then orders
// after the clause that follows.
func beforeVerbEnds(toks []token) []token {
	c := clause(toks)
	for i := 0; i+2 < len(c); i++ {
		if !isAny(c[i].m, "قبل", "پیش") || c[i+1].m != "از" || !isAny(c[i+2].m, "اینکه", "این") {
			continue
		}
		for j := i + 3; j < len(c); j++ {
			if c[j].punct {
				return toks
			}
			if !c[j].quoted && isAny(c[j].m, "کنی", "کنید", "کنیم", "کنین", "بکنی", "بشه", "بشود", "شود", "شه", "کنم", "بکنید") && j+1 < len(c) && !c[j+1].punct {
				comma := token{m: "،", s: "،", punct: true, r0: '،'}
				return append(append(append(make([]token, 0, len(toks)+1), toks[:j+1]...), comma), toks[j+1:]...)
			}
		}
		return toks
	}
	return toks
}

// formTitleList gathers the quoted titles of several new forms said
// around their count and verb — «دو تا فرم بساز «الف» و «ب»», «دو فرم
// «الف» و «ب» بساز», «دو فرم با عنوان‌های «الف» و «ب» ایجاد …» — into
// the list the title-list reading knows: «دو فرم بساز: «الف» و «ب»».
func formTitleList(toks []token) []token {
	c := clause(toks)
	for i := 0; i+1 < len(c); i++ {
		if !c[i].isNum || c[i].quoted || c[i].num < 2 || c[i].num > 12 {
			continue
		}
		j := i + 1
		if isAny(c[j].m, "تا", "عدد") && j+1 < len(c) {
			j++
		}
		if c.atAny(j, formNounsV) == 0 && c.atAny(j, formKindsV) == 0 {
			continue
		}
		var quotes, kept []token
		k := j + 1
		headed := false // «two forms pls: …»: a colon announces the list
		for h := k; h < len(c) && !c[h].quoted; h++ {
			if c[h].punct && c[h].m == ":" {
				headed = true
				break
			}
			if !fillers[c[h].m] && !isAny(c[h].m, "لطفا", "new", "جدید", "تازه") {
				break
			}
		}
		for ; k < len(c); k++ {
			t := c[k]
			switch {
			case t.quoted:
				quotes = append(quotes, t)
			case isAny(t.m, "یکی", "اولی", "دومی", "سومی") && k+1 < len(c) && !c[k+1].quoted && c.atAny(k+1, nameNounsV) == 0 && c.atAny(k+1, titleMarkersV) == 0 && c.unquotedTitleAt(k+1) > k+1:
				// «دو فرم بسازید یکی اردوی مشهد یکی اردوی شیراز»: the
				// words after «یکی» up to the next item are its title.
				end := c.unquotedTitleAt(k + 1)
				text := surfaceOf(c[k+1 : end])
				q := token{m: matchForm(text), s: text, quoted: true}
				q.r0 = firstRune(q.m)
				quotes = append(quotes, q)
				k = end - 1
			case fillers[t.m] || t.m == "لطفا":
			case t.punct && isAny(t.m, "،", ",", ":") || isAny(t.m, "و", "and", "یکی", "اولی", "دومی", "سومی", "یکیش", "یکیشم", "یکیش"):
			case c.atAny(k, titleMarkersV) > 0:
				k += c.atAny(k, titleMarkersV) - 1
			case c.createVerbAt(k) || lightVerbSet[t.m]:
				kept = append(kept, t)
			default:
				goto done
			}
		}
	done:
		if len(kept) == 0 && headed && len(quotes) == c[i].num && !(i > 0 && c.createVerbAt(i-1)) {
			kept = tokenize("بساز") // «two forms: "A" و "B"، …»: the count and its list make them
		}
		// «make three forms "A", "B" and "C"»: the verb before the count.
		if len(quotes) != c[i].num || len(kept) == 0 && !(i > 0 && c.createVerbAt(i-1)) {
			continue
		}
		out := append(make([]token, 0, len(toks)+4), toks[:j+1]...)
		out = append(out, kept...)
		out = append(out, token{m: ":", s: ":", punct: true, r0: ':'})
		for n, q := range quotes {
			if n > 0 {
				out = append(out, token{m: "و", s: "و", r0: 'و'})
			}
			out = append(out, q)
		}
		if k < len(toks) {
			out = append(out, token{m: "،", s: "،", punct: true, r0: '،'})
		}
		return append(out, toks[k:]...)
	}
	return toks
}

// saysAll reports «هر دو», «هر سه», «هردوتاشو», «همه‌شون», «both», «all
// of them»: the state is each new form's.
func (c clause) saysAll() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.m == "هر" && i+1 < len(c) && (c[i+1].isNum || strings.HasPrefix(c[i+1].m, "دو") || strings.HasPrefix(c[i+1].m, "سه")) {
			return true
		}
		if strings.HasPrefix(t.m, "هردو") || strings.HasPrefix(t.m, "هرسه") || strings.HasPrefix(t.m, "جفت") || isAny(t.m, "همشون", "همهشون", "همه", "همگی", "both", "all", "each", "every") {
			return true
		}
		// «… و منتشرشون کن», «منتشرشان کنید»: them, the forms made.
		if t.pron && (strings.HasSuffix(t.s, "شون") || strings.HasSuffix(t.s, "شان") || strings.HasSuffix(t.s, "شونو") || strings.HasSuffix(t.s, "شونم") || strings.HasSuffix(t.s, "شانرا")) {
			return true
		}
		// «هر کدوم رو منتشر کن», «هر یک منتشر گردد»: each of them.
		if strings.HasPrefix(t.m, "هرکدوم") || strings.HasPrefix(t.m, "هرکدام") || t.m == "هریک" || t.m == "هر" && i+1 < len(c) && (strings.HasPrefix(c[i+1].m, "کدوم") || strings.HasPrefix(c[i+1].m, "کدام") || c[i+1].m == "یک") {
			return true
		}
	}
	return false
}

// stateEach puts the state step after each form of the last several
// made (RULINGS 7): create A, publish, create B, publish.
func (b *builder) stateEach(action string) bool {
	if len(b.lastCreates) < 2 {
		return false
	}
	creates := b.lastCreates
	for k := len(creates) - 1; k >= 0; k-- {
		end := len(b.steps)
		if k+1 < len(creates) {
			end = creates[k+1]
		}
		st := domain.PlanStep{Action: action}
		b.steps = append(b.steps[:end], append([]domain.PlanStep{st}, b.steps[end:]...)...)
	}
	b.lastCreates = nil
	return true
}

// stateSaidTwice drops a form's state step that repeats the one just
// before it: «فرم ۵۹ دیگه جواب نگیره، ببندش» says the closing twice, and
// the form is closed once. (A question deleted twice is two questions,
// and is kept.)
func stateSaidTwice(steps []domain.PlanStep) []domain.PlanStep {
	out := steps[:0]
	for _, st := range steps {
		if len(out) > 0 && st.Params.ID != nil && reflect.DeepEqual(st, out[len(out)-1]) && isAny(st.Action, domain.ActionPublishForm, domain.ActionDraftForm, domain.ActionDisableForm, domain.ActionDeleteForm) {
			continue
		}
		out = append(out, st)
	}
	return out
}

// afterDeletes renumbers a question the command names after it deleted
// an earlier one of the same form: «سوال ۱ حذف، سوال ۳ اجباری» makes
// the third question as the command numbers it required, which the
// delete before it has moved to the second place (indexes refer to the
// form as the earlier steps left it). Deletes in a run are already
// ordered from the last (deletesHighFirst) and need none.
func afterDeletes(steps []domain.PlanStep) {
	for k, st := range steps {
		if st.Params.Index == nil || st.Action != domain.ActionUpdateField && st.Action != domain.ActionMoveField && st.Action != domain.ActionDeleteField {
			continue
		}
		shift := 0
		for _, d := range steps[:k] {
			if d.Action == domain.ActionDeleteField && d.Params.Index != nil && sameForm(d.Params.ID, st.Params.ID) && *d.Params.Index < *st.Params.Index && st.Action != domain.ActionDeleteField {
				shift++
			}
		}
		if shift > 0 {
			n := *st.Params.Index - shift
			steps[k].Params.Index = &n
		}
	}
}

// deletesHighFirst orders each run of questions deleted from one form
// from the last to the first: «سوال ۲ را پاک کن بعد سوال ۶ را» deletes
// the sixth question as the command numbers it, which deleting the
// second first would have moved to the fifth place.
func deletesHighFirst(steps []domain.PlanStep) {
	for i := 0; i < len(steps); {
		j := i
		for j < len(steps) && steps[j].Action == domain.ActionDeleteField && steps[j].Params.Index != nil &&
			sameForm(steps[j].Params.ID, steps[i].Params.ID) {
			j++
		}
		if j-i > 1 {
			run := steps[i:j]
			sort.SliceStable(run, func(a, b int) bool { return *run[a].Params.Index > *run[b].Params.Index })
		}
		if j == i {
			j++
		}
		i = j
	}
}

func sameForm(a, b *int64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// ordinalIsQuestion reads «…، سوال کوتاه «نام». سوال کوتاه «نام
// خانوادگی». بعد: اولی اجباری.», «… دو سوال «نام» و «فامیل» اضافه کن و
// دومی رو اجباری کن»: a clause opening with a spoken ordinal, after
// clauses that added that many questions or more (and that it does not
// describe one by one, see questionsByOrdinal), speaks of the
// question added in that place. In a form the plan makes, that is the
// form's question of that number, as the earlier steps left it: the
// clause is read again as «سوال N …». In a form that has questions
// already, the place of the new ones is unknown: the change goes on the
// question as it is added — as it does in arshline-plan/v1 (not v2),
// which has no step to change a question.
func ordinalIsQuestion(fs []*frame, v2 bool) []*frame {
	out := fs[:0]
	for k := 0; k < len(fs); k++ {
		if k > 0 && ordinalIsAdded(fs, k, v2) {
			continue
		}
		out = append(out, fs[k])
	}
	return out
}

// ordinalIsAdded reads fs[k] as ordinalIsQuestion says, and reports
// whether it was folded into the question added before.
func ordinalIsAdded(fs []*frame, k int, v2 bool) bool {
	f := fs[k]
	n, at, width, ok := f.toks.ordinalOne()
	if !ok || n < 1 || f.negated || f.create || len(f.ids) > 0 || f.edit != nil || f.publish || f.draft || f.disable || f.deleteForm || f.duplicate || f.rename || len(f.groups) > 1 {
		return false
	}
	if len(f.groups) == 1 && (!f.groups[0].item || f.groups[0].question != "" || f.groups[0].typ != "") {
		return false // «اولی کوتاه», «دومی «…»»: a question described, not one changed
	}
	var added []*fieldGroup
	made, elsewhere, placed := false, false, false
	for _, p := range fs[:k] {
		if p.negated {
			continue
		}
		if p.create {
			made, elsewhere, placed, added = true, false, false, added[:0]
		} else if len(p.ids) > 0 {
			elsewhere = true
		}
		for g := range p.groups {
			if p.groups[g].position != nil || p.position != nil {
				placed = true
			}
			for range p.groups[g].count {
				added = append(added, &p.groups[g])
			}
		}
	}
	if n > len(added) {
		if made && !elsewhere && len(added) > 0 {
			// «… با یه سوال «نام»، بعد سومی رو اجباری کن»: the new form
			// has no such question, nor any the command could mean.
			f.refusal = domain.T("the command speaks of question %d of the new form, which gets only %d; say which question", n, len(added))
		}
		return false
	}
	rest := append(append(clause{}, f.toks[:at]...), f.toks[at+width:]...)
	if made && !elsewhere && !placed && v2 {
		noun := "سوال "
		if isLatin(f.toks[at].m) {
			noun = "question "
		}
		again := append(append(append(clause{}, f.toks[:at]...), tokenize(noun+strconv.Itoa(n))...), f.toks[at+width:]...)
		if r := readClause(again, true); r.edit != nil && !r.edit.del && !r.negated && r.refusal.Key == "" && len(r.groups) == 0 && !r.create && !r.add && !r.publish && !r.draft && !r.disable && !r.deleteForm && !r.duplicate {
			r.joinedBy = f.joinedBy
			fs[k] = r
		}
		return false
	}
	if added[n-1].count != 1 {
		return false // one of several questions said as one group: no step can hold it alone
	}
	var e fieldEdit
	if rest.extendsEdit(&e) && (e.required || e.optional) && e.typ == "" && e.question == "" && len(e.options) == 0 {
		added[n-1].required = e.required
		return true
	}
	return false
}

// ordinalOne finds the spoken ordinal a clause speaks of, near its
// start and with no question or form named in the clause: «اولی»,
// «دومی» («بعد دومی رو اجباری کن»), «the second one», «the first»
// («then make the second one required»). It returns the number, where
// the ordinal stands and how many tokens it takes.
func (c clause) ordinalOne() (n, at, width int, ok bool) {
	at = -1
	for i, t := range c {
		if t.quoted || t.qnoun || c.atAny(i, formNounsV) > 0 {
			return 0, 0, 0, false
		}
		if at >= 0 || t.punct {
			continue
		}
		k, isOrd := ordinal(t.m)
		switch {
		case !isOrd:
		case strings.HasSuffix(t.m, "ی") && !isLatin(t.m):
			n, at, width = k, i, 1
		case isLatin(t.m) && i+1 < len(c) && c[i+1].m == "one":
			n, at, width = k, i, 2
		case isLatin(t.m) && i > 0 && c[i-1].m == "the":
			n, at, width = k, i, 1
		}
		if at < 0 && i >= 4 {
			return 0, 0, 0, false // near the start only
		}
	}
	return n, at, width, at >= 0
}

// labelRenames reads «فرم ۵۰. اول پیش‌نویس. بعد عنوان: «کلاس جدید».»:
// a form's name written as a labelled field, in a clause of its own, in
// a command that makes no form, is the form's new name. (Where a form is
// made, the label names the new one: see structured.)
func labelRenames(fs []*frame) {
	for _, f := range fs {
		if f.create || f.createCount > 0 {
			return
		}
	}
	for _, f := range fs {
		if f.title == "" || f.rename || f.negated || f.hasIntent() || len(f.groups) > 0 {
			continue
		}
		c := f.toks
		i := 0
		for i < len(c) && !c[i].quoted && isAny(c[i].m, "بعد", "بعدش", "سپس", "then", "و") {
			i++
		}
		if n := c.atAny(i, nameNounsV); n > 0 && !c[i].pron && i+n < len(c) && c[i+n].m == ":" {
			f.rename = true
		}
	}
}

// unquotedTitleAt returns where an unquoted title starting at i ends —
// at the next item («یکی», «و یکی»), a mark, a verb or a word of the
// grammar — or i when no title starts there.
func (c clause) unquotedTitleAt(i int) int {
	k := i
	for k < len(c) {
		t := c[k]
		if t.quoted || t.punct || t.isNum || c.isStop(k) || c.createVerbAt(k) || lightVerbSet[t.m] || c.atAny(k, actionWordsV) > 0 || c.atAny(k, formNounsV) > 0 || isAny(t.m, "را", "رو", "هر", "both") || isAny(t.m, quantifiers...) || strings.HasPrefix(t.m, "جفت") || fillers[t.m] {
			break
		}
		if isAny(t.m, "و", "and") {
			break // «… و یکی …», «… و هر دو را …»: «و» ends an unquoted title
		}
		k++
	}
	return k
}
