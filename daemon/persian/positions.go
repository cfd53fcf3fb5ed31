package persian

import "github.com/arshline/arshline-sidecar/daemon/domain"

// questionOrdinal reads «سوال دوم», «سوال ۳», «question 2» as a 0-based index.
func (c clause) questionOrdinal() *int {
	for i, t := range c {
		if !t.qnoun || i+1 >= len(c) {
			continue
		}
		nx := c[i+1]
		if n, ok := ordinal(nx.m); ok {
			return domain.Int(n - 1)
		}
		if nx.isNum && nx.num > 0 {
			return domain.Int(nx.num - 1)
		}
		if isAny(nx.m, "شماره", "شمارهی") && i+2 < len(c) && c[i+2].isNum && c[i+2].num > 0 {
			return domain.Int(c[i+2].num - 1)
		}
	}
	for i, t := range c {
		if n, ok := ordinal(t.m); ok && i+1 < len(c) && c[i+1].qnoun {
			return domain.Int(n - 1)
		}
	}
	return nil
}

// besideQuestion reads «بعد از سوال دوم» (after the second question: the
// new one takes the third place, 0-based 2) and «قبل از سوال سوم» (before
// the third: it takes that place, 0-based 2) at i.
func (c clause) besideQuestion(i int) (at, end int, ok bool) {
	if i+2 >= len(c) || !isAny(c[i].m, "بعد", "قبل", "پیش", "پس", "after", "before") {
		return 0, 0, false
	}
	k := i + 1 // «بعد از سوال», «after the question», «after question»
	if isAny(c[k].m, "از", "the") {
		k++
	} else if !isLatin(c[i].m) && !c.barePreposition(i) {
		return 0, 0, false
	}
	if k+1 >= len(c) || !c[k].qnoun {
		return 0, 0, false
	}
	n, isOrd := ordinal(c[k+1].m)
	if !isOrd && c[k+1].isNum && !c[k+1].quoted {
		n, isOrd = c[k+1].num, true
	}
	if !isOrd || n < 1 {
		return 0, 0, false
	}
	if isAny(c[i].m, "بعد", "پس", "after") {
		return n, k + 2, true
	}
	return n - 1, k + 2, true
}

// position reads «در جایگاه اول», «در جایگاه ۳», «اول فرم», «ابتدای فرم»,
// «به عنوان سوال سوم», «at the top», «at position 2» as a 0-based index.
// «آخر» / «انتهای فرم» mean the end, which is no index.
func (c clause) position(lo, hi int, used []bool) *int {
	for i := lo; i < hi; i++ {
		for k, n := c.next(i, slotMarkersV, 0); n > 0; k, n = c.next(i, slotMarkersV, k+1) {
			if i+n >= len(c) {
				continue
			}
			nx := c[i+n]
			if nx.m == "شماره" && i+n+1 < len(c) {
				nx = c[i+n+1]
			}
			if k, ok := ordinal(nx.m); ok {
				markUsed(used, i, i+n+1)
				return domain.Int(k - 1)
			}
			if nx.isNum && nx.num > 0 {
				markUsed(used, i, i+n+1)
				return domain.Int(nx.num - 1)
			}
			if nx.m == "آخر" || nx.m == "last" {
				markUsed(used, i, i+n+1)
				return nil
			}
		}
		if at, end, ok := c.besideQuestion(i); ok {
			markUsed(used, i, end)
			return domain.Int(at)
		}
		n := c.atAny(i, topMarkersV)
		if n == 0 && isAny(c[i].m, "قبل", "پیش") {
			n = c.atAny(i, beforeAllV)
		}
		if n > 0 {
			markUsed(used, i, i+n)
			return domain.Int(0)
		}
	}
	return nil
}

// placesLast reads «بذارش سوال دوم», «بذارش جایگاه سوم» after a clause
// that adds questions: it places the last of them.
func placesLast(prev, f *frame) bool {
	if len(prev.groups) == 0 || f.hasContent() {
		return false
	}
	c := f.toks
	place := false
	var beside *int
	for i := 0; i < len(c); i++ {
		t := c[i]
		// «پس از سؤال دوم», «قبل از سوال ۳»: the place beside another.
		if at, end, ok := c.besideQuestion(i); ok {
			beside = domain.Int(at)
			i = end - 1
			continue
		}
		switch {
		case c.atAny(i, placeVerbsV) > 0 || c.atAny(i, moveVerbsV) > 0:
			place = true
		case place && lightVerbSet[t.m] && c[i-1].m == "قرار":
			// «قرار دهید», «قرار بده»: the light verb of the place verb.
		case isAny(t.m, "به") || c.atAny(i, formNounsV) > 0 || c.atAny(i, topWordsV) > 0:
		case t.qnoun || t.isNum || isAny(t.m, "جایگاه", "جای", "ردیف", "موقعیت", "را", "رو", "باشه", "باشد"):
		case isAny(t.m, demonstratives...):
			// «آن را پس از سؤال دوم قرار دهید», «اینو بذار اول»: the
			// question just added, named by a demonstrative.
		default:
			if _, ok := ordinal(t.m); !ok {
				return false
			}
		}
	}
	pos := beside
	if pos == nil {
		pos = c.questionOrdinal()
	}
	if pos == nil {
		pos = c.position(0, len(c), make([]bool, len(c)))
	}
	if pos == nil {
		// «ببرش اول», «بذارش بالا»: the top, said alone after the verb.
		for i := range c {
			if c.atAny(i, topWordsV) > 0 {
				pos = domain.Int(0)
			}
		}
	}
	g := &prev.groups[len(prev.groups)-1]
	if !place || pos == nil || g.position != nil {
		return false
	}
	g.position = pos
	return true
}

// barePreposition reads «قبل سوال سوم», «بعد سوال ۳»: spoken Persian
// drops the «از» of «قبل از». The question named is the complement of
// the preposition only when no «را/رو» follows it: «بعد سوال ۳ رو پاک
// کن» is «then delete question 3», an order of its own.
func (c clause) barePreposition(i int) bool {
	if !isAny(c[i].m, "قبل", "بعد", "پیش") || c[i].quoted || i+2 >= len(c) || !c[i+1].qnoun {
		return false
	}
	k := i + 2
	if c[k].m == "شماره" {
		k++
	}
	if k >= len(c) {
		return false
	}
	if _, ok := ordinal(c[k].m); !ok && !(c[k].isNum && !c[k].quoted) {
		return false
	}
	return k+1 >= len(c) || !isAny(c[k+1].m, "را", "رو", "رو،") && !c[k+1].pron
}

// besideLastQuestion reports a place said beside the form's last
// question — «بعد از سوال آخر», «پیش از آخرین پرسش», «before the last
// question» — which no index can say without knowing the form.
func (c clause) besideLastQuestion() bool {
	for i := 0; i+2 < len(c); i++ {
		if c[i].quoted || !isAny(c[i].m, "بعد", "قبل", "پیش", "پس", "after", "before") {
			continue
		}
		k := i + 1
		if isAny(c[k].m, "از", "the") {
			k++
		}
		if k+1 >= len(c) || c[k].quoted || c[k+1].quoted {
			continue
		}
		if c[k].qnoun && isAny(c[k+1].m, "آخر", "اخر", "last") || isAny(c[k].m, "آخرین", "اخرین", "last") && c[k+1].qnoun {
			return true
		}
	}
	return false
}
