package persian

import "github.com/arshline/arshline-sidecar/daemon/domain"

// A question said in parts (arshline-plan/v2): a writer of short,
// topic-first sentences names the new question in one («سوال جدید.»)
// and gives its kind, its wording and its options each in a sentence of
// its own after it («کشویی. موضوع: «سطح». گزینه: مبتدی، متوسط.»). Such
// a sentence has no verb, no form and no question of its own: it only
// completes the question before it.

// partWordingNouns name what follows them as a question's wording when a
// sentence gives it alone: «موضوع: «سطح»», «عنوان: «…»», «متن: «…»».
var partWordingNouns = []string{"موضوع", "عنوان", "متن", "صورت", "تیتر", "label", "title", "text", "wording", "topic"}

// questionInParts folds into a new question the sentences after it that
// only give its kind, its wording or its options, and drops them as
// clauses of their own.
func questionInParts(fs []*frame) []*frame {
	out := fs[:0]
	var open *fieldGroup // the new question the sentences may complete
	for _, f := range fs {
		if open != nil && f.partOnly() {
			if open.fill(f) {
				continue
			}
		}
		if open != nil && open.typ == "" && open.question == "" && len(open.options) == 0 && f.kindAndWordingOnly() {
			// «سوال جدید. کشویی «سطح».»: the new question, said bare,
			// then its kind and wording in the next sentence.
			g := f.groups[0]
			g.count, g.counted, g.item = open.count, open.counted, open.item
			if open.position != nil {
				g.position = open.position
			}
			g.required = g.required || open.required
			*open = g
			continue
		}
		open = nil
		if n := len(f.groups); n > 0 && !f.create && len(f.groups) == 1 {
			if g := &f.groups[n-1]; g.count <= 1 && !g.item && !g.list {
				open = g
			}
		}
		out = append(out, f)
	}
	return out
}

// partOnly reports a sentence with nothing of its own to do: no verb,
// form, question, title or edit, parted from the one before by a stop.
func (f *frame) partOnly() bool {
	// «عنوان: «علاقه‌ها».» is read alone as a title; after a question
	// said without its wording it is that wording (fill).
	if f.hasIntent() && !(f.rename && f.title != "") || len(f.ids) > 0 || len(f.groups) > 0 || f.edit != nil || f.negated {
		return false
	}
	return isAny(f.joinedBy, ".", "،", ",", "؛", ";", ":") && !f.toks.hasVerb()
}

// kindAndWordingOnly reports a sentence that says one question by its
// kind and its wording alone, «کشویی «سطح».»: no noun or count of its
// own, no verb, form, title or edit.
func (f *frame) kindAndWordingOnly() bool {
	if f.hasIntent() && !f.add || len(f.ids) > 0 || len(f.groups) != 1 || f.title != "" || f.edit != nil || f.negated {
		return false
	}
	if !isAny(f.joinedBy, ".", "،", ",", "؛", ";", ":") || f.toks.hasVerb() {
		return false
	}
	for _, t := range f.toks {
		if !t.quoted && (t.qnoun || t.isNum || t.list != nil && !t.list.options) {
			return false
		}
	}
	g := f.groups[0]
	return g.count <= 1 && g.typ != "" && g.question != ""
}

// fill completes the question with the part a sentence gives — a kind,
// a wording or a list of options — when the question lacks it; it
// reports whether the sentence was one of these.
func (g *fieldGroup) fill(f *frame) bool {
	c := f.toks
	var words []int
	for i, t := range c {
		if !t.punct {
			words = append(words, i)
		}
	}
	if len(words) == 0 {
		return false
	}
	first, last := c[words[0]], c[words[len(words)-1]]
	if f.title != "" && !(last.quoted && len(words) == 2) {
		return false
	}
	switch {
	case f.modifier && f.modType != "" && !f.modAll && !f.modRequired:
		// «کشویی.»: its kind.
		if g.typ != "" && g.typ != domain.PlanFieldShortText {
			return false
		}
		g.typ = f.modType
		return true
	case last.quoted && (len(words) == 1 || len(words) == 2 && !first.quoted && isAny(first.m, partWordingNouns...)):
		// ««جنسیت».», «موضوع: «سطح».»: its wording.
		if g.question != "" {
			return false
		}
		g.question = last.s
		return true
	case last.list != nil && last.list.options && (len(words) == 1 || len(words) == 2 && !first.quoted && isOptionNoun(first.m)):
		// «گزینه: مبتدی، متوسط.»: its options.
		if len(g.options) > 0 {
			return false
		}
		g.options = listTexts(last.list)
		if g.typ == "" || g.typ == domain.PlanFieldShortText {
			g.typ = domain.PlanFieldMultipleChoice
		}
		return true
	}
	return false
}
