package persian

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// wordingList finds, after a counted question noun at from-1, a colon or
// «مثل» followed to the clause's end by a plain item — words that are no
// type, count, verb or noun of the grammar, or one quote: the first of
// the questions' wordings. It returns where the item starts, or 0. Items
// that are types («سه سوال: کوتاه، بلند») are read as list items instead.
func (c clause) wordingList(from int, used []bool) int {
	for k := from; k+1 < len(c); k++ {
		if c[k].quoted || !isAny(c[k].m, listMarkers...) {
			continue
		}
		if c.plainItem(k+1, len(c), used) || c[k].m == ":" && c.askedSentence(k+1, used) {
			markUsed(used, k, len(c))
			return k + 1
		}
		return 0
	}
	return 0
}

// plainItem reports whether c[lo:hi] is one item of a list of wordings.
func (c clause) plainItem(lo, hi int, used []bool) bool {
	if lo >= hi {
		return false
	}
	if c[lo].quoted {
		return hi-lo == 1 && !used[lo]
	}
	for j := lo; j < hi; j++ {
		t := c[j]
		if used[j] || t.quoted || t.punct || t.isNum || t.qnoun || fillers[t.m] {
			return false
		}
		if _, n := c.fieldTypeAt(j); n > 0 {
			return false
		}
		if c.atAny(j, stopWordsV) > 0 || c.atAny(j, actionWordsV) > 0 || c.atAny(j, formNounsV) > 0 || isAny(t.m, quantifiers...) ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, optionNouns...) || isAny(t.m, "یکی", "دیگه", "دیگر", "غیره", "...") {
			return false
		}
		if _, ok := ordinal(t.m); ok {
			return false
		}
	}
	return true
}

// parenWords reports whether c[lo:hi] are plain words, joined perhaps
// by «و»: a wording, not a type, a mark or a command.
func (c clause) parenWords(lo, hi int) bool {
	for j := lo; j < hi; j++ {
		t := c[j]
		if t.m == "و" && j > lo && j+1 < hi {
			continue
		}
		if t.quoted || t.punct || t.isNum || t.qnoun || isLatin(t.m) || fillers[t.m] {
			return false
		}
		if _, n := c.fieldTypeAt(j); n > 0 {
			return false
		}
		if c.atAny(j, stopWordsV) > 0 || c.atAny(j, actionWordsV) > 0 || c.atAny(j, formNounsV) > 0 ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, optionNouns...) || isAny(t.m, "غیر", "مثلا", "مثل") {
			return false
		}
	}
	return true
}

// itemText is the wording an item of such a list gives its question.
func (c clause) itemText(lo int) string {
	if c[lo].quoted {
		return c[lo].s
	}
	var b strings.Builder
	for k, t := range c[lo:] {
		if k == 0 {
			b.WriteString(t.s)
		} else {
			b.WriteString(joinMark(t))
		}
	}
	return b.String()
}

// askedSentence reports a question asked in its own words from lo to
// the clause's end, its question mark last: «: What is your native
// language?», «: زبان مادری شما چیست؟». Its words are the wording,
// whatever grammar words they hold.
func (c clause) askedSentence(lo int, used []bool) bool {
	n := len(c)
	if n-lo < 2 || !c[n-1].punct || !isAny(c[n-1].m, "؟", "?") {
		return false
	}
	for j := lo; j < n-1; j++ {
		if used[j] || c[j].quoted || c[j].punct && !isAny(c[j].m, "،", ",") || c[j].list != nil {
			return false
		}
	}
	return true
}

// listWordings gives counted questions the wordings listed after them:
// in «به فرم ۴ سه سوال اضافه کن: نام، نام خانوادگی، شماره تماس» the
// first item closes the clause of the count and the others are clauses
// of their own, cut at «،» or «و». As many items as questions name one
// each. A different number of items wins only when the list is plainly
// complete — closed by «و» before its last item, or every item quoted —
// else the count stands and the items name nothing, as the text does not
// say which questions they are.
func listWordings(fs []*frame) []*frame {
	var out []*frame
	for i := 0; i < len(fs); i++ {
		f := fs[i]
		out = append(out, f)
		if f.wordsFrom == 0 || f.negated || len(f.groups) == 0 || !(f.add || f.create) {
			continue
		}
		items := []string{f.toks.itemText(f.wordsFrom)}
		quoted := f.toks[f.wordsFrom].quoted
		closed := false
		j := i + 1
		for ; j < len(fs); j++ {
			p := fs[j]
			// A lone quote reads as a title on its own; here it is an item.
			lone := len(p.toks) == 1 && p.toks[0].quoted && len(p.groups) == 0 && len(p.ids) == 0
			// «…: «تماس همراه»، فرمت موبایل»: a clause saying a format
			// describes the question; it names none.
			if p.hasIntent() || p.hasContent() && !lone || p.negated || p.modifier || p.saidFormat != "" || p.saidDigits || !isAny(p.joinedBy, "،", ",", "و", "and") ||
				!p.toks.plainItem(0, len(p.toks), make([]bool, len(p.toks))) {
				break
			}
			items = append(items, p.toks.itemText(0))
			quoted = quoted && p.toks[0].quoted
			closed = isAny(p.joinedBy, "و", "and")
		}
		g := f.groups[len(f.groups)-1]
		if len(items) != g.count && !closed && !quoted {
			continue
		}
		f.groups = f.groups[:len(f.groups)-1]
		for _, q := range items {
			item := g
			item.count, item.question = 1, q
			// «یه سوال اضافه کن: کد ملی دانش‌آموز»: a label in a listed
			// wording tells its kind, as in a quoted one.
			// Only a format (short text's, which v1 leaves out) is given
			// here: a kind of v2's alone would take the plan from v1.
			if item.format == "" && (item.typ == "" || item.typ == domain.PlanFieldShortText) {
				if _, fm, ok := wordingLabel(q); ok && fm != "" {
					item.typ, item.format = domain.PlanFieldShortText, fm
				}
			}
			f.groups = append(f.groups, item)
		}
		i = j - 1
	}
	return out
}

// dropListHeaders removes a count that only announces the list after it:
// in «با سه سوال: یکی کوتاه، یکی بلند و یکی کشویی» the three questions
// are the items, not three more.
func dropListHeaders(gs []fieldGroup) []fieldGroup {
	out := gs[:0:0]
	for i, g := range gs {
		header := g.typ == "" && g.question == "" && !g.item && g.count > 1 && i+1 < len(gs) && (gs[i+1].item || g.list)
		if !header {
			out = append(out, g)
		}
	}
	return out
}

// describe applies a modifier clause to the questions of the nearest
// clause before it that names some; «همه» reaches every clause of the
// verb they share («یه سوال کوتاه و یه سوال بلند اضافه کن، همه اجباری»).
func describe(before []*frame, m *frame) {
	apply := func(g *fieldGroup) {
		if g.typ == "" {
			g.typ = m.modType
		}
		g.required = g.required || m.modRequired
	}
	for k := len(before) - 1; k >= 0; k-- {
		gs := before[k].groups
		if len(gs) == 0 {
			continue
		}
		switch lg := &gs[len(gs)-1]; {
		case m.modAll:
			for j := k; j >= 0 && before[j].budget == before[k].budget; j-- {
				for i := range before[j].groups {
					apply(&before[j].groups[i])
				}
			}
		case m.modType != "" && (lg.item || lg.list):
			// «سه سوال: کوتاه، بلند و امتیازی»: in a list a bare type is
			// one more item.
			before[k].groups = append(gs, fieldGroup{count: 1, typ: m.modType, required: m.modRequired, item: true})
		default:
			apply(lg)
		}
		return
	}
}

// marksNth reads «اولی اجباری، دومی اختیاری» after a clause that adds
// several questions: the spoken ordinal picks one of them, which the
// clause makes required (or leaves optional), and adds none.
func marksNth(prev, f *frame) bool {
	c := f.toks
	if len(c) < 2 || len(c) > 3 || c[0].quoted || !strings.HasSuffix(c[0].m, "ی") {
		return false
	}
	k, ok := ordinal(c[0].m)
	if !ok {
		return false
	}
	required := isAny(c[1].m, requiredWords...)
	if !required && !isAny(c[1].m, optionalWords...) || len(c) == 3 && !isAny(c[2].m, "باشه", "باشد", "بشه", "بشود") {
		return false
	}
	seen := 0
	for gi, g := range prev.groups {
		n := max(g.count, 1)
		if k > seen+n {
			seen += n
			continue
		}
		if g.position != nil || g.question != "" {
			return false
		}
		before, after := k-seen-1, seen+n-k
		one := g
		one.count, one.required, one.list = 1, required, false
		parts := make([]fieldGroup, 0, 3)
		if before > 0 {
			b := g
			b.count, b.list = before, false
			parts = append(parts, b)
		}
		parts = append(parts, one)
		if after > 0 {
			a := g
			a.count, a.list = after, false
			parts = append(parts, a)
		}
		prev.groups = append(prev.groups[:gi:gi], append(parts, prev.groups[gi+1:]...)...)
		return true
	}
	return false
}
