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

// clippedR are imperatives of «گذاشتن» and «برداشتن» said without
// their last «ر», as Isfahani and other spoken Persian says them: «بِذا
// «…»», «شیش تا سوال بذا: …», «وردا ببر».
var clippedR = map[string]string{"بذا": "بذار", "بزا": "بزار", "نذا": "نذار", "نزا": "نزار", "وردا": "وردار", "بذاش": "بذارش", "بزاش": "بزارش"}

// unclipR reads an imperative said without its last «ر» as the
// imperative.
func unclipR(toks []token) []token {
	for i := range toks {
		if full, ok := clippedR[toks[i].m]; ok && !toks[i].quoted {
			toks[i].m = full
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

// beforeThatComma drops the comma written after an opener of "before
// that" («لیکن پیش از آن، فرم ۱۴۱ …», «ولی قبلش، …»): the opener belongs to the clause after it, whose acts it puts
// first, and the comma would leave it a clause of its own.
func beforeThatComma(toks []token) []token {
	for i := 1; i+1 < len(toks); i++ {
		if !toks[i].punct || !isAny(toks[i].m, "،", ",") || toks[i-1].quoted {
			continue
		}
		opener := isAny(toks[i-1].m, "قبلش", "پیشش", "قبلشم")
		if !opener && i >= 3 && isAny(toks[i-1].m, "آن", "اون", "این", "that") {
			opener = isAny(toks[i-3].m, "قبل", "پیش") && toks[i-2].m == "از"
		}
		if opener {
			toks = append(toks[:i:i], toks[i+1:]...)
		}
	}
	return toks
}
