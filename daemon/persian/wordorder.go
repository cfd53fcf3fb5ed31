package persian

// deniedVerbFirst reads a denied light verb said before the act it
// denies — «فرم ۴۵ رو نکن پاک», «نوکون پاک», «نکن پاک فرم ۴۵ رو» — as
// said after it («پاک نکن»): spoken Persian may put the verb first, and
// the act after it is still the one denied, never an order to do it.
// Not when an act ends right before the verb («پاکش نکن …»: that act
// is the one denied) or the act after it has a light verb of its own
// («… نکن، منتشر کن»: a new order).
func deniedVerbFirst(toks []token) []token {
	c := clause(toks)
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.quoted || !negativeVerbs[t.m] || !isAny(t.m, "نکن", "نکنید", "نکنین", "نکنی") || i > 0 && c.actEndsAt(i) {
			continue
		}
		n := c.actLen(i + 1)
		if n == 0 || toks[i+1].quoted {
			continue
		}
		if end := i + 1 + n; end < len(toks) && !toks[end].quoted && (lightVerbSet[toks[end].m] || c.actLen(end) > 0) {
			continue
		}
		out := append(append(append(make([]token, 0, len(toks)), toks[:i]...), toks[i+1:i+1+n]...), t)
		return append(out, toks[i+1+n:]...)
	}
	return toks
}
