package persian

import "strings"

// Regional Persian: admins from the provinces type the words and verb
// forms of their own speech — Lori and Bakhtiari («بکو» for «بکن», «بنه»
// for «بذار»), Yazdi («ایطو»), Shirazi («کاکو», «ایکه», «مو» for «من»),
// Mashhadi («مُخُم» for «می‌خوام», «وردار» for «بردار») and the Persian of
// Khuzestan with its Arabic habits («لا» for «نه», «هسه» for «حالا»,
// «ماکو» for «نیست», «سوّی» for «بساز», «بفرم» for «به فرم»). The clipped
// endings of these speeches (-ُم, -ُش: «بکنُم», «اسمُش») are the standard
// ones once their vowel marks are dropped, as keywords are compared
// (matchForm), and need no entry.
//
// regionalWords is one table by meaning: each regional word and the
// standard words it is read as, its region in a comment. It is read at
// tokenizing (wordToken and tokenize), so every reading after sees the
// standard word. A regional word is looked up exactly, never by sound:
// one that sounds like a destructive verb is not one. The only entries
// whose standard word is a destructive verb are listed in
// regionalDestroys (TestRegionalDestroysExactly), and a word read in
// context (regionalContext) never becomes one.
var regionalWords = withTable(azeriWords, withTable(slangWords, withTable(dariWords, map[string][]string{
	// Lori, Bakhtiari (Khorramabad): «کردن» is «کودن»; «نهادن» puts.
	"بکو":   {"بکن"},    // Lori: do
	"بکوش":  {"بکنش"},   // Lori: do it
	"بکوین": {"بکنین"},  // Lori: do (you all)
	"نکو":   {"نکن"},    // Lori: don't
	"نکوش":  {"نکنش"},   // Lori: don't do it
	"هنی":   {"دوباره"}, // Lori: again, another
	"ایچو":  {"اینجا"},  // Lori: here
	"بنه":   {"بذار"},   // Lori, Bakhtiari: put
	"بنش":   {"بذارش"},  // Lori, Bakhtiari: put it
	// Yazdi.
	"ایطو":   {"اینطوری"}, // Yazdi: like this
	"ایطوری": {"اینطوری"}, // Yazdi: like this
	"ایجا":   {"اینجا"},   // Yazdi, Shirazi: here
	// Shirazi.
	"ایکه": {"این"},   // Shirazi: this one
	"کاکو": {"داداش"}, // Shirazi, Bushehri: brother (an address)
	// Mashhadi.
	"مخم":    {"میخوام"},  // Mashhadi «مُخُم»: I want
	"مخمش":   {"میخوام"},  // Mashhadi: I want it
	"مخی":    {"میخوای"},  // Mashhadi: you want
	"مخیم":   {"میخوایم"}, // Mashhadi: we want
	"وردار":  nil,         // Mashhadi, Isfahani, spoken: take away (regionalDestroys) — «وردار ببر» moves
	"وردارش": nil,         // the same, with its object
	// Khuzestani Persian.
	"هسه":   {"حالا"},       // Khuzestani, Lori: now
	"بعدین": {"بعد"},        // Khuzestani, spoken: then, later
	"بفرم":  {"به", "فرم"},  // the preposition typed on, as Arabic «بـ»: to the form
	"بسوال": {"به", "سوال"}, // the same: to the question
	"لفرم":  {"به", "فرم"},  // Khuzestani, the Arabic «لـ» typed on: to the form
	"سولی":  {"بساز"},       // Khuzestani «سوّ لی»: make me
	// Read in context (regionalContext): the word alone is another word.
	"لا":   nil, // Khuzestani «لا»: no — «لا به لای» is «among»
	"لو":   nil, // Khuzestani «لو لا»: or not
	"سوی":  nil, // Khuzestani «سوّی»: make — «به سوی» is «towards»
	"سو":   nil, // Khuzestani «سوّ لی»: make me
	"دیر":  nil, // Khuzestani «دیر بالک»: mind you
	"زین":  nil, // Khuzestani «زین»: good — also «saddle»
	"ماکو": nil, // Khuzestani «ماکو»: there is none
	"مو":   nil, // Shirazi, Lori, Khuzestani: I — also «hair»
	"بس":   nil, // Khuzestani, spoken: but, after an order; only, elsewhere
	"اسمه": nil, // Khuzestani, as Arabic «اسمه», and spoken: its name — before a quote
	// Kermanshahi Kurdish and Gilaki (Rasht), and the forms every region
	// reads: the light verb and its denial, «بیذار» (put), «ره» (the
	// object marker), «ئی» (this), «ایسا/ایسه» (now), «واز» (open), the
	// old prohibitive «مکن».
	"بکه":     {"بکن"},
	"نکه":     {"نکن"},
	"بکین":    {"بکنین"},
	"ئی":      {"این"},
	"ئو":      {"اون"},
	"ایسا":    {"الان"},
	"ایسه":    {"الان"},
	"واز":     {"باز"},
	"ببخشی":   {"ببخشید"},
	"بوکون":   {"بکن"},
	"بوکونید": {"بکنید"},
	"بوکونین": {"بکنین"},
	"بوکونی":  {"بکنی"},
	"بوکونه":  {"بکنه"},
	"بوکونن":  {"بکنن"},
	"نوکون":   {"نکن"},
	"نوکونید": {"نکنید"},
	"نوکونین": {"نکنین"},
	"نوکونه":  {"نکنه"},
	"بیذار":   {"بذار"},
	"بیذارید": {"بذارید"},
	"بیذارین": {"بذارین"},
	"بیذاری":  {"بذاری"},
	"نیذار":   {"نذار"},
	"ره":      {"رو"},
	"بمانه":   {"بمونه"},
	"بیدینم":  {"ببینم"},
	"بوکن":    {"بکن"},
	"نوکن":    {"نکن"},
	"مکن":     {"نکن"},
	"مکنید":   {"نکنید"},
	"نکین":    {"نکنین"},
	"نوکونی":  {"نکنی"},
	"بوکونم":  {"بکنم"},
	"ئیه":     {"این"},
	"نیه":     {"نیست"},
	"چن":      {"چند"},
	"میخاد":   {"میخواد"},
	"نمیخاد":  {"نمیخواد"},
	"بوکونش":  {"بکنش"},
	"بیذارش":  {"بذارش"},
	"بکهش":    {"بکنش"},
})))

// withTable adds to m the words of a variety's table (Dari, Azerbaijani
// habits, slang), keyed as words are compared; a word m already reads
// keeps its reading. One table is looked up for all of them, exactly.
func withTable(table, m map[string][]string) map[string][]string {
	for w, std := range table {
		if k := matchForm(w); k != "" {
			if _, ok := m[k]; !ok {
				m[k] = std
			}
		}
	}
	return m
}

// regionalSaid are the standard words of the table that order nothing
// — here, like this, I, mind — and are no word left unread: the
// coverage accounting counts them read (accounted).
var regionalSaid = map[string]bool{"اینجا": true, "اینطوری": true, "من": true, "مواظب": true, "باش": true, "بس": true}

// regionalDestroys are the regional words the table reads as a verb that
// removes: no other regional word becomes one.
var regionalDestroys = map[string]bool{"وردار": true, "وردارش": true}

// regionalWord returns the standard word a regional word is read as,
// when the table gives one word; ok is false for other words, and for
// the words read as two or in context, which wordToken leaves as they
// are for tokenize.
func regionalWord(m string) (std string, known, ok bool) {
	w, known := regionalWords[m]
	if len(w) == 1 {
		return w[0], true, true
	}
	return "", known, false
}

// regionalContext reads the regional words whose reading depends on
// their neighbours, and the ones read as two words. It runs only when a
// word of the table was typed (tokenize).
func regionalContext(toks []token) []token {
	toks = slangContext(azeriContext(dariContext(toks)))
	out := toks[:0:0]
	clauseStart := func(k int) bool { return k == 0 || toks[k-1].punct }
	clauseEnd := func(k int) bool { return k+1 >= len(toks) || toks[k+1].punct }
	next := func(k int) string {
		if k+1 < len(toks) && !toks[k+1].quoted {
			return toks[k+1].m
		}
		return ""
	}
	std := func(t token, w string) token {
		nt := wordToken(w)
		nt.s = t.s
		return nt
	}
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		w, known := regionalWords[t.m]
		if t.quoted || t.punct || !known {
			out = append(out, t)
			continue
		}
		switch {
		case len(w) > 1:
			for _, p := range w {
				out = append(out, wordToken(p))
			}
		case t.m == "لا" && next(k) != "به" && !(k > 0 && toks[k-1].m == "لا" && next(k) == "به"):
			// «لا، پاکش نکن», «لا لا»: no.
			out = append(out, std(t, "نه"))
		case t.m == "لو" && next(k) == "لا":
			// «منتشره لو لا؟»: or not.
			out = append(out, std(t, "یا"), std(toks[k+1], "نه"))
			k++
		case t.m == "سوی" && !(k > 0 && isAny(toks[k-1].m, "به", "از", "هر", "دو")) && clauseStart(k):
			// «سوّی فرم جدید»: make, as an order opens its clause.
			out = append(out, std(t, "بساز"))
		case t.m == "سو" && isAny(next(k), "لی", "لیا", "لنا"):
			// «سوّ لی یک سوال»: make me.
			out = append(out, std(t, "بساز"))
			k++
		case t.m == "دیر" && next(k) == "بالک":
			// «دیر بالک»: mind you — a caution, no act.
			out = append(out, std(t, "مواظب"), std(toks[k+1], "باش"))
			k++
		case t.m == "زین" && (clauseStart(k) && (clauseEnd(k) || k+1 < len(toks) && toks[k+1].punct) || clauseEnd(k) && k > 0 && !toks[k-1].quoted && toks[k-1].punct):
			// «زین، هسه …»: good, said alone.
			out = append(out, std(t, "خوب"))
		case t.m == "ماکو":
			// «فرم ۵۰ ماکو سوال ایمیل»: the form has none — a report of
			// what is missing, in the Arabic order, the thing after it.
			// The report leaves no words: what is missing is added, if
			// it is, by an order of its own.
			// A verb in what follows makes it an order: only «ماکو»
			// is dropped then. Last in its clause («فرم ۵۰ سوال ایمیل
			// ماکو»), the thing missing is before it, from its question
			// noun on.
			if clauseEnd(k) {
				for j := len(out) - 1; j >= 0 && !out[j].punct; j-- {
					if !out[j].quoted && questionNouns[out[j].m] {
						out = out[:j]
						break
					}
				}
				continue
			}
			end := k
			for end+1 < len(toks) && !toks[end+1].punct {
				end++
				if !toks[end].quoted && isVerbForm(toks[end].m) {
					end = k
					break
				}
			}
			k = end
		case regionalDestroys[t.m]:
			// «سوال سوم رو وردار»: take it away. «وردار ببر جای اول»,
			// «ورش دار بذار اول»: picked up to be put elsewhere, a move
			// the verb after says — the word is dropped.
			if isAny(next(k), "ببر", "ببرش", "بذار", "بذارش", "بزار", "بزارش", "بیار", "بیارش", "بنه", "بکن", "کن") {
				continue
			}
			out = append(out, std(t, strings.Replace(t.m, "ور", "بر", 1)))
		case t.m == "بس" && k+1 < len(toks) && !toks[k+1].punct && k > 0 && (isVerbForm(toks[k-1].m) || toks[k-1].punct && isAny(toks[k-1].m, "،", ",") && k > 1 && isVerbForm(toks[k-2].m)):
			// «حذف کن بس سوال چهارم بمونه», «منتشر کن بس …»: after an
			// order, «بس» begins another, «ولی». Elsewhere («بس سوال
			// اول رو اختیاری کن», «بس ببندش») it is «only», and stays
			// as typed: either reading leaves the act said.
			out = append(out, std(t, "ولی"))
		case t.m == "اسمه" && k+1 < len(toks) && toks[k+1].quoted:
			// «سوّی فرم جدید، اسمه «مسابقة الشعر»»: its name, before the
			// name; elsewhere («سوال اول اسمه») a predicate.
			out = append(out, std(t, "اسمش"))
		case t.m == "مو" && clauseStart(k):
			// «مو میخوام …», «مو نمی‌دونم …»: I, opening what is said.
			out = append(out, std(t, "من"))
		default:
			out = append(out, t)
		}
	}
	return out
}

// loneNo reads «نه» (or the Khuzestani «لا», by now «نه») standing alone
// between two marks after an order, with another order or another
// object after it — «سوال دوم رو پاک کن، لا، اختیاریش کن», «… لا، سوال
// سوم رو» — as the correction it is (RULINGS 17), «نه ببخشید»: only the
// order after it, or the order on the object after it, is planned. The first order
// had been planned too, a delete the writer took back.
func loneNo(toks []token) []token {
	mark := func(t token) bool { return t.punct && isAny(t.m, "،", ",", ".", "؛", ";", "!") }
	for k := 2; k+2 < len(toks); k++ {
		t := toks[k]
		if t.quoted || t.m != "نه" || !mark(toks[k-1]) || !mark(toks[k+1]) || toks[k-2].quoted || !isVerbForm(toks[k-2].m) || !ordersAfter(clause(toks[k+2:])) && !namesObject(toks[k+2:]) {
			continue
		}
		out := append(make([]token, 0, len(toks)+1), toks[:k+1]...)
		out = append(out, wordToken("ببخشید"))
		return append(out, toks[k+1:]...)
	}
	// «… حذف کن نه، نه», «… حذف کن، نه ۹»: «نه» after an order with only
	// more «نه» or ids typed in digits after it takes the order back or
	// corrects its ids — the order had been planned as first said.
	for k := 1; k < len(toks); k++ {
		t := toks[k]
		j := k - 1
		if j > 0 && mark(toks[j]) {
			j--
		}
		if t.quoted || t.m != "نه" || toks[j].quoted || !isVerbForm(toks[j].m) && !clause(toks).imperativeAct(j) || !onlyNoOrIDs(toks[k+1:]) {
			continue
		}
		out := append(make([]token, 0, len(toks)+1), toks[:k+1]...)
		out = append(out, wordToken("ببخشید"))
		return append(out, toks[k+1:]...)
	}
	return toks
}

// onlyNoOrIDs reports what follows a «نه» after an order: nothing but
// marks, more «نه», and ids typed in digits with the words that list
// them.
func onlyNoOrIDs(ts []token) bool {
	for _, t := range ts {
		if t.quoted || !(t.punct || t.m == "نه" || t.isNum && t.digits || isAny(t.m, "و", "فقط")) {
			return false
		}
	}
	return true
}

// ordersAfter reports an order of its own after a lone «نه»: a verb,
// «ببندش», or a verb of moving.
func ordersAfter(c clause) bool { return c.hasVerb() || c.closesIt() || c.movesIt() }

// kurdishFor reads «بۆ», the Kurdish «for» that a Kermanshahi writer
// also says for «to be»: before the word it governs it is «برای» («بۆ
// فرم ۳۰ …», «بۆش بنویسی»); closing its clause it is the copula — «اجباری
// بۆ» is «اجباری باشه», after «منظورم» it is «بود» («صوال ششم منظورم بۆ»); before
// «ئی» and a count it is «بشه» (let them be these three).
func kurdishFor(toks []token) []token {
	for i := range toks {
		t := &toks[i]
		if t.quoted || !strings.HasPrefix(t.m, "بۆ") {
			continue
		}
		switch t.m {
		case "بۆ":
			switch {
			case i > 0 && isAny(toks[i-1].m, "منظورم", "منظور", "منظورمون"):
				t.m = "بود" // «… منظورم بۆ»: what I meant was
			case i+2 < len(toks) && isAny(toks[i+1].m, "این", "اینا") && (toks[i+2].isNum || toks[i+2].punct && toks[i+2].m == ":"):
				t.m = "بشه" // «… عوض بکه، بۆ ئی سه تا: …»: let them be these
			case i+1 == len(toks) || toks[i+1].punct && toks[i+1].m != ":":
				t.m = "باشه"
			default:
				t.m = "برای"
			}
		case "بۆش":
			t.m = "براش"
		case "بۆم":
			t.m = "برام"
		case "بۆشان", "بۆیان":
			t.m = "براشون"
		}
	}
	return toks
}
