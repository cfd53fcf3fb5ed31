package persian

// Words a voice uses for what the readers already know by another word.

// firstAfterNoun reads «یکم» right after a question noun as «اول»:
// «پرسش‌های یکم تا ششم», «سوالای یکم و دوم». Alone «یکم» is also "a
// little", so only the noun before it makes it the first one.
func firstAfterNoun(toks []token) []token {
	for i := 1; i < len(toks); i++ {
		if toks[i].m == "یکم" && !toks[i].quoted && toks[i-1].qnoun && !toks[i-1].quoted {
			toks[i].m = "اول"
		}
	}
	return toks
}

// stopsTaking reports a verb of taking no more («جواب نگیره», «پاسخ
// نپذیرد», «جواب قبول نکنه»): the form closes to what it takes.
func (c clause) stopsTaking() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if isAny(t.m, refuseTakingVerbs...) || t.m == "قبول" && i+1 < len(c) && isAny(c[i+1].m, "نکنه", "نکند", "نکنن", "نکنند") {
			return true
		}
	}
	return false
}
