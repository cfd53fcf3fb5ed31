package persian

// gilakiPut are the imperatives of «گذاشتن» as Gilaki-coloured speech
// says them, with «ی» after the «ب»: «بیذار», «بیذارین».
var gilakiPut = map[string]string{"بیذار": "بذار", "بیذارید": "بذارید", "بیذارین": "بذارین", "بیذاری": "بذاری", "بیذارش": "بذارش", "نیذار": "نذار"}

// labelQualifiers counts the words from i that qualify a label named
// before them, as the noun after an ezafe does: «کد ملی بچه», «شماره
// همراه مشتری», «کد پستی منزل». A word with a part in the command's
// grammar ends them: the object marker, «هم», a preposition, a verb, a
// noun of a form or question, a kind, a state, a number or a mark.
func (c clause) labelQualifiers(i int, used []bool) int {
	n := 0
	for k := i; k < len(c) && n < 3; k++ {
		t := c[k]
		if used[k] || t.quoted || t.punct || t.isNum || t.list != nil || t.qnoun || t.pron || t.fuzzy || isLatin(t.m) ||
			labelEnds[t.m] || lightVerbSet[t.m] || placeVerbSet[t.m] || typeWords[t.m] || fillers[t.m] || negativeVerbs[t.m] ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || isAny(t.m, formatWords...) ||
			c.atAny(k, formNounsV) > 0 || c.atAny(k, addVerbsV) > 0 || c.atAny(k, actionWordsV) > 0 || c.atAny(k, forbiddenWordsV) > 0 {
			break
		}
		n++
	}
	return n
}

// labelEnds are the little words after which a label goes no further.
var labelEnds = setOf("رو", "را", "هم", "به", "تو", "توی", "در", "داخل", "با", "که", "و", "یا", "از", "برای", "واسه", "بۆ", "میخوام", "میخواهم", "میخوایم", "لازمه", "لازم", "باشه", "باشد", "بشه", "شود", "هست", "است", "want", "need", "to", "in", "and", "or")

// takenFromForm reports a form named, with its number, as where
// something is taken from — «از فرم ۶», «from form 6» — and named
// nowhere else in the clause: «کد ملی رو از فرم ۶ پاک کن» removes
// something of the form's, never the form.
func (c clause) takenFromForm() bool {
	from := false
	for p := range c {
		n := c.atAny(p, formNounsV)
		if n == 0 || c[p].quoted {
			continue
		}
		if p+n >= len(c) || !c[p+n].isNum {
			continue
		}
		if p == 0 || c[p-1].quoted || !isAny(c[p-1].m, "از", "from") {
			return false
		}
		from = true
	}
	return from
}
