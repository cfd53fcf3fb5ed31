package persian

// openAfterSentences reads a command said in short sentences that ends
// in a bare verb of opening — «فرم ۵۶. نتایج. باز.», «فرم ۱۰۸. سوال ۴.
// ویرایشگر باز.» — as one clause: the sentences before name the form
// and the page, and the last says to open it. Read apart, the opening
// had no page and fell back to the builder. Only when no sentence
// before has a verb or an act of its own.
func openAfterSentences(toks []token) []token {
	end := len(toks)
	for end > 0 && toks[end-1].punct {
		end--
	}
	// The last sentence: a verb of opening, the page it may name before
	// it and its light verb — «باز», «باز کن», «ویرایشگر باز», «open».
	start := end
	for start > 0 && !toks[start-1].punct {
		start--
	}
	if start == 0 || end-start > 3 || toks[start-1].m == ":" {
		return toks
	}
	last := clause(toks[start:end])
	opens := false
	for i, t := range last {
		if t.quoted || t.isNum {
			return toks
		}
		if n := last.atAny(i, openWordsV); n > 0 && (i+n == len(last) || lightVerbSet[last[i+n].m]) {
			opens = true
		}
	}
	if !opens {
		return toks
	}
	sentences := 0
	for i, t := range toks[:start] {
		if t.quoted {
			continue
		}
		if t.punct {
			sentences++
			continue
		}
		if lightVerbSet[t.m] || negativeVerbs[t.m] || clause(toks[:start]).actLen(i) > 0 || clause(toks[:start]).atAny(i, openWordsV) > 0 {
			return toks
		}
	}
	if sentences < 2 {
		return toks
	}
	out := make([]token, 0, len(toks))
	for _, t := range toks[:end] {
		if !t.punct || t.m == ":" {
			out = append(out, t)
		}
	}
	return append(out, toks[end:]...)
}
