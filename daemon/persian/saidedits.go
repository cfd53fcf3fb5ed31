package persian

// publicNouns name who may reach a form: «از دسترس عموم خارج شود» is
// «از دسترس خارج شود» said of the public.
var publicNouns = []string{"عموم", "همگان", "همه", "مردم", "کاربران", "کاربرا", "عمومی", "پاسخدهندگان", "public", "users"}

// publicAccess reads «از دسترس عموم/همگان/کاربران خارج»: who the form
// is taken from says nothing more than «از دسترس خارج», the closing it
// names, so the words between are dropped before the act is read.
func publicAccess(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].quoted || toks[i].m != "دسترس" || toks[i-1].m != "از" {
			continue
		}
		j := i + 1
		for j < len(toks) && !toks[j].quoted && isAny(toks[j].m, publicNouns...) {
			j++
		}
		if j == i+1 || j >= len(toks) || toks[j].quoted || toks[j].m != "خارج" {
			continue
		}
		toks = append(toks[:i+1:i+1], toks[j:]...)
	}
	return toks
}

// draftBesideClosing reads «فرم ۳۹ از دسترس خارج و به حالت پیش‌نویس
// بازگردانده شود», «غیرفعالش کن و ببرش پیش‌نویس»: a closing and a draft
// said of one form in two clauses joined by «و» is one change, the
// draft, as when both are said in one clause — a draft takes no answers
// either. The clause of the draft, which names no form of its own and
// asks nothing else, is dropped.
func draftBesideClosing(fs []*frame) []*frame {
	out := fs[:0]
	for k := 0; k < len(fs); k++ {
		f := fs[k]
		if k+1 < len(fs) && f.disable && !f.deleteForm && !f.duplicate && !f.draft && !f.publish && !f.negated && f.refusal.Key == "" {
			next := fs[k+1]
			if next.draft && !next.negated && isAny(next.joinedBy, "و", "and", "،", ",") && next.onlyState() && (len(next.ids) == 0 || sameIDs(next.ids, f.ids)) {
				f.disable, f.draft = false, true
				out = append(out, f)
				k++
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// onlyState reports a clause that asks a change of state and nothing
// else: no question, title, edit, copy or new form.
func (f *frame) onlyState() bool {
	return len(f.groups) == 0 && f.edit == nil && f.title == "" && !f.create && !f.add && !f.rename && !f.duplicate && !f.deleteForm && !f.publish && f.refusal.Key == "" && f.nav == ""
}

// takeOutVerbs take something out or off: said after «از انتشار» they
// unpublish, as «خارج کن» does — «از نشر بکش», «از انتشار بردار».
var takeOutVerbs = []string{"بکش", "بکشید", "بکشین", "بکشش", "بکشیدش", "بردار", "بردارید", "بردارین", "بردارش", "برداریدش", "برداشته", "کنار", "بیرون", "پایین"}

// keepOutVerbs deny the taking out: «از انتشار برندار».
var keepOutVerbs = []string{"نکش", "نکشید", "نکشین", "برندار", "برندارید", "برندارین", "برنداری"}

// outOfPublication reads «از (حالت) انتشار/نشر» followed by a verb of
// taking out («بکش», «بردار», «بیرون بیار», «پایین بکش») as «از انتشار
// خارج»: taking a form out of publication is its draft. Read word by
// word, «بکش» was no act and «بردار» the act of deleting — the form
// published, or deleted, for an order to unpublish it.
func outOfPublication(toks []token) []token {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].quoted || toks[i].m != "از" {
			continue
		}
		j := i + 1
		if isAny(toks[j].m, "حالت", "وضعیت") && j+1 < len(toks) {
			j++
		}
		if toks[j].quoted || !isAny(toks[j].m, "انتشار", "نشر") {
			continue
		}
		v := j + 1
		if v >= len(toks) || toks[v].quoted {
			continue
		}
		// The typed word, not the one its sound reads as: «بکشید» is no
		// «بکنید».
		typed := matchForm(toks[v].s)
		denied := isAny(typed, keepOutVerbs...)
		if !denied && !isAny(typed, takeOutVerbs...) {
			continue
		}
		toks[j].m, toks[j].r0 = "انتشار", firstRune("انتشار")
		toks[v].m, toks[v].r0, toks[v].fuzzy = "خارج", firstRune("خارج"), false
		if denied {
			// «از انتشار برندار»: not taken out, which is no order to
			// publish either.
			toks = append(toks[:v+1:v+1], append([]token{wordToken("نکن")}, toks[v+1:]...)...)
			toks[v+1].r0 = firstRune(toks[v+1].m)
			continue
		}
		if v+1 < len(toks) && !toks[v+1].quoted && isAny(matchForm(toks[v+1].s), takeOutVerbs...) {
			// «پایین بکش», «بکشید بیرون»: one taking out, said in two words.
			toks = append(toks[:v+1:v+1], toks[v+2:]...)
		}
	}
	return toks
}

// saysLastQuestion reports «سوال آخر», «آخرین سوال», «the last
// question» said of no counted or new question: the last question the
// form has, not one to add («یه سوال آخر هم اضافه کن» adds one).
func (c clause) saysLastQuestion() bool {
	for i, t := range c {
		if t.quoted || !t.qnoun || c.newQuestionNoun(i) || c.countedAt(i) {
			continue
		}
		if i+1 < len(c) && !c[i+1].quoted && isAny(c[i+1].m, "آخر", "اخر", "آخری", "اخری") || i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "آخرین", "اخرین", "last") {
			return true
		}
	}
	return false
}
