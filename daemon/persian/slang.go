package persian

// Slang: young Tehrani admins — marketers, startup people, social-media
// managers, gamers — give the form builder's acts the verbs of their
// speech and name its parts in marketing English. The words whose act
// is plain are read as the standard word they mean: «داش», «جیگر»,
// «عشقم», «فدات» are addresses like «داداش»; «مچکرم» thanks; «اینپوت» a
// question; «آپشناش» its options. The switch verbs are read by the
// light verb after them (slangContext): «آفش کن», «خاموش کن» turn a form
// off, which is closing it (disable_form); «روشنش کن» turns it on,
// which is publishing it. Bare, they are other words («۲۰٪ آف» is a
// discount, «روشن» is clear), and stay as typed.
//
// slangWords is the regional table's (regionalWords) slang part: looked
// up exactly, never by sound. A slang verb whose act is unclear between
// destroying and not — «جمعش کن» (close it? clear it away?), «بپرونش»
// (post it? get rid of it?), «ریستش کن» (empty its answers?), «بترکون»
// (make it a hit, or blow it up) — is in no table: it is a word the
// planner does not read, and a command it carries gets no plan rather
// than a guess. No entry here reads as a verb that removes
// (TestRegionalDestroysExactly).
var slangWords = map[string][]string{
	// addresses and thanks said around an order
	"داش": {"داداش"}, "جیگر": {"عزیزم"}, "جیگرم": {"عزیزم"}, "عشقم": {"عزیزم"}, "فدات": {"عزیزم"},
	"مچکرم": {"متشکرم"}, "مچکر": {"متشکرم"}, "مرسیی": {"مرسی"},
	// the parts of a form, in marketing English
	"اینپوت": {"فیلد"}, "اینپوتی": {"فیلدی"},
	"چنج": {"عوض"}, "چنجش": {"عوضش"}, // change: «اسمشو چنج کن به …»
	"سروی": {"نظرسنجی"}, "سرویه": {"نظرسنجی"}, // a survey: the form itself
	"آپشناش": {"گزینههاش"}, "آپشنای": {"گزینههای"}, "آپشنا": {"گزینهها"}, "اپشناش": {"گزینههاش"}, "اپشنای": {"گزینههای"},
	// read by the light verb after them (slangContext)
	"آف": nil, "آفش": nil, "خاموش": nil, "خاموشش": nil, "خاموشی": nil, "روشن": nil, "روشنش": nil,
	// an address last in its clause, after the form's number or the
	// order (slangContext)
	"داداش": nil, "عزیزم": nil,
	// «راش بنداز», «راهش بنداز»: launch it, «راه بنداز» with its pronoun
	"راش": nil, "راهش": nil,
	// «لید فرم», «لندینگ فرم»: the kind of page a form is, before its noun
	"لید": nil, "لندینگ": nil,
	// «بندازش بیرون»: thrown out of a form, a question is removed
	"بیرون": nil,
}

// slangSwitches are the switch verbs of slang and the standard word
// each is before its light verb: off is closed, on is published.
var slangSwitches = map[string]string{
	"آف": "غیرفعال", "آفش": "غیرفعالش", "خاموش": "غیرفعال", "خاموشش": "غیرفعالش",
	"روشن": "منتشر", "روشنش": "منتشرش",
}

// slangAddresses are the words of address a clause may end on: «… تو
// فرم ۳۴ جیگر», «… لایو کن داداش». There they are said to the reader,
// and are no question's wording nor a title's last word.
var slangAddresses = map[string]bool{"داداش": true, "داش": true, "عزیزم": true, "جیگر": true, "جیگرم": true, "عشقم": true, "فدات": true}

// slangContext reads the switch verbs («آفش کن», «خاموش کنید», «روشنش
// کن»): before a light verb — its order, its denial or its question
// («آفش نکن», «خاموش شده؟») — one is the act it names; elsewhere it
// stays as typed. It runs with the regional table's readings in context
// (regionalContext).
func slangContext(toks []token) []token {
	var out []token
	skip := 0
	for k, t := range toks {
		if skip > 0 {
			skip--
			continue
		}
		if slangAddresses[t.m] && !t.quoted && thanksOnlyAfter(toks[k+1:]) && k > 0 && !toks[k-1].quoted && (toks[k-1].isNum || isVerbForm(toks[k-1].m)) {
			// «… تو فرم ۳۴ جیگر»: said to the reader, dropped.
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:k]...)
			}
			continue
		}
		if isAny(t.m, "راش", "راهش") && !t.quoted && k+1 < len(toks) && !toks[k+1].quoted && isAny(toks[k+1].m, "بنداز", "بندازش", "بندازید", "بندازین", "بینداز", "بیندازید") {
			// «یه لندینگ فرم «…» راش بنداز»: the verb «راه انداختن».
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:k]...)
			}
			nt := wordToken("راه")
			nt.s = t.s
			out = append(out, nt)
			continue
		}
		if isAny(t.m, "لید", "لندینگ") && !t.quoted && k+1 < len(toks) && !toks[k+1].quoted && isAny(toks[k+1].m, "فرم", "فرمه", "فرمی") {
			// «یه لندینگ فرم …»: a form, said with its page's kind.
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:k]...)
			}
			continue
		}
		if n := thrownOut(toks, k); n > 0 {
			// «سوال سوم رو بنداز بیرون», «بیرون بندازش»: a question is
			// thrown out of its form. Said of a form («فرم ۱۲ رو
			// بندازش بیرون»: out of the list? off the site?) it is
			// unclear between deleting and unpublishing, and is left
			// for unclearSlangAct to refuse.
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:k]...)
			}
			del, verb := wordToken("حذف"), wordToken("کن")
			del.s, verb.s = toks[k].s, toks[k+n-1].s
			if toks[k].m == "بیرون" {
				del.s, verb.s = toks[k+1].s, toks[k].s
			}
			out = append(out, del, verb)
			skip = n - 1
			continue
		}
		if move, ok := dragVerbs[t.m]; ok && !t.quoted && k+1 < len(toks) && !toks[k+1].quoted && isAny(toks[k+1].m, dragPlaces...) && questionInClauseBefore(toks, k) {
			// «سوال سوم رو بکشش بالا»: a question dragged up or down
			// in its form is moved, as with «ببر». Said of a form
			// («فرم ۱۲ رو بکش پایین»: take it down?) it stays as typed.
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:k]...)
			}
			nt := wordToken(move)
			nt.s = t.s
			out = append(out, nt)
			continue
		}
		if isAny(t.m, "آف", "خاموش", "خاموشی") && !t.quoted && outOfState(toks, k) {
			// «از آف دربیار», «از حالت خاموش خارج کن»: out of being
			// closed is open, as «از حالت غیرفعال خارج کن» is.
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:k]...)
			}
			nt := wordToken("غیرفعال")
			nt.s = t.s
			out = append(out, nt)
			continue
		}
		std, ok := slangSwitches[t.m]
		if !ok || t.quoted || t.punct || k+1 >= len(toks) || toks[k+1].quoted || !slangLight(toks[k+1].m) {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = append(make([]token, 0, len(toks)), toks[:k]...)
		}
		nt := wordToken(std)
		nt.s = t.s
		out = append(out, nt)
	}
	if out == nil {
		return toks
	}
	return out
}

// formNamedAfter reads «قبل از اینکه لایوش کنی، یه سوال … به فرم ۱۲
// اضافه کن»: an opening «before» clause whose act points with a pronoun
// at a form the next clause names. The next clause is read first, so
// that the pronoun finds its form, and its steps come first, as
// «before» says. Only publishing is read so: a pronoun pointing ahead
// never deletes, closes or unpublishes a form.
func formNamedAfter(frames []*frame) {
	for k := 0; k+1 < len(frames); k++ {
		f, next := frames[k], frames[k+1]
		if !f.publish || f.draft || f.forbidden != "" || f.negated || f.create || len(f.ids) > 0 || len(f.bareIDs) > 0 || !f.refersBack || len(f.groups) > 0 ||
			next.negated || next.create || len(next.ids) != 1 || !f.toks.opensBefore() {
			continue
		}
		frames[k], frames[k+1] = next, f
		k++
	}
}

// slangLight reports the light verb a switch verb takes, in any person,
// ordered, denied or asked: «آفش کن», «روشنش کنی», «خاموش نکنید».
func slangLight(m string) bool {
	return dariLight(m) || isAny(m, "کنی", "بکنی", "نکنی", "کنیم", "بکنیم", "نکنیم", "کنم", "بکنم", "کنن", "بکنن", "شه", "بشن", "شدن", "باشه", "بمونه", "کردم", "کردیم", "کردید", "کردین")
}

// thanksOnlyAfter reports the rest of a clause empty, or thanks alone:
// «… فرم ۳۴ جیگر، مرسی», «… جیگر ممنون».
func thanksOnlyAfter(rest []token) bool {
	for _, t := range rest {
		if t.punct {
			return true
		}
		if t.quoted || !isAny(t.m, thankWords...) && !slangAddresses[t.m] {
			return false
		}
	}
	return true
}

// verdictWords say how a form is, said before the order on it: «فرم ۳۰
// خفنه، لایوش کن», «فرم ۳۰ آماده‌ست، منتشرش کن». Keys as compared
// (matchForm).
var verdictWords = map[string]bool{
	"آماده": true, "آمادهست": true, "آمادست": true, "آمادس": true, "حاضر": true, "حاضره": true, "اوکی": true, "اوکیه": true, "ok": true,
	"ردیف": true, "ردیفه": true, "خفن": true, "خفنه": true, "باحال": true, "باحاله": true, "عالی": true, "عالیه": true, "تمیز": true, "تمیزه": true,
	"ترکوند": true, "ترکونده": true, "خوب": true, "خوبه": true, "محشر": true, "محشره": true, "تکمیل": true, "تکمیله": true, "تموم": true, "تمومه": true, "اکی": true, "اکیه": true,
}

// verdictOnly reports a clause whose words left unread all say how the
// form is («خفنه», «آماده است»): it orders nothing of its own, and names
// the form the next order speaks of.
func (f *frame) verdictOnly() bool {
	if len(f.leftover) == 0 {
		return false
	}
	for _, w := range f.leftover {
		if !verdictWords[matchForm(w)] {
			return false
		}
	}
	return true
}

// destroys reports a clause that deletes, closes or unpublishes: a
// verdict before it still leaves the form unnamed to it.
func (f *frame) destroys() bool {
	return f.deleteForm || f.disable || f.draft || f.forbidden != "" || f.edit != nil && f.edit.del
}

// slangUnclearWords are the slang verbs whose act is unclear between
// destroying and not: «جمعش کن» (close it? clear it away?), «بپرونش»
// (post it? get rid of it?), «ریستش کن» (empty its answers? start it
// over?), «بترکون» (make it a hit, or blow it up), «اوکیش کن» (approve
// it: publish?), «یه حالی بهش بده» (liven it up). They open
// unclearSlangAct's gate.
var slangUnclearWords = []string{"کنسل", "کنسلش", "استاپ", "استاپش", "پاز", "پازش", "کیل", "کیلش", "بسوزون", "بسوزونش", "بیرون", "جمع", "جمعش", "جمعشون", "بپرون", "بپرونش", "بپرونید", "بپرونین", "ریست", "ریستش", "بترکون", "بترکونش", "بترکونید", "بترکونین", "اوکیش", "حالی"}

// unclearSlangAct finds a slang verb said as an order whose act is
// unclear between destroying and not (slangUnclearWords), and returns
// it as typed: the command is refused with it rather than read as a
// guess. Its denials («جمعش نکن», «نپرونش») order nothing and are left
// to the reading of denials.
func unclearSlangAct(toks []token) string {
	for k, t := range toks {
		if t.quoted || t.punct || !isAny(t.m, slangUnclearWords...) && !isAny(t.m, throwVerbs...) {
			continue
		}
		next := func(j int) string {
			if j < len(toks) && !toks[j].quoted && !toks[j].punct {
				return toks[j].m
			}
			return ""
		}
		switch {
		case isAny(t.m, "بپرون", "بپرونش", "بپرونید", "بپرونین", "بترکون", "بترکونش", "بترکونید", "بترکونین", "بسوزون", "بسوزونش"):
			return t.s
		case isAny(t.m, throwVerbs...) && next(k+1) == "بیرون" || t.m == "بیرون" && isAny(next(k+1), throwVerbs...):
			// «فرم ۱۲ رو بندازش بیرون»: a question thrown out was read
			// as removed already (thrownOut); anything else is unclear.
			return t.s + " " + toks[k+1].s
		case t.m == "حالی":
			// «یه حالی بهش بده», «یه حالی به فرم ۶۸ بده»
			for j := k + 1; j < len(toks) && j <= k+5 && !toks[j].punct; j++ {
				if !toks[j].quoted && isAny(toks[j].m, "بده", "بدین", "بدید", "بدید") {
					return t.s + " … " + toks[j].s
				}
			}
		case isAny(next(k+1), "کن", "کنید", "کنین", "بکن", "بکنید", "بکنین", "بکنش", "کنی", "بکنی") ||
			t.m == "جمع" && next(k+1) == "و" && next(k+2) == "جور":
			return t.s + " " + toks[k+1].s
		}
	}
	return ""
}

// throwVerbs are «انداختن»'s orders, which with «بیرون» throw out.
var throwVerbs = []string{"بنداز", "بندازش", "بندازید", "بندازین", "بندازیدش", "بندازینش", "بینداز", "بیندازش", "بیندازید"}

// thrownOut returns how many tokens from k say «بنداز بیرون» or «بیرون
// بنداز» of a question named in the clause before, or 0.
func thrownOut(toks []token, k int) int {
	if k+1 >= len(toks) || toks[k].quoted || toks[k+1].quoted {
		return 0
	}
	a, b := toks[k].m, toks[k+1].m
	if !(isAny(a, throwVerbs...) && b == "بیرون" || a == "بیرون" && isAny(b, throwVerbs...)) {
		return 0
	}
	return boolInt(questionInClauseBefore(toks, k)) * 2
}

// questionInClauseBefore reports a question noun in the clause before k.
func questionInClauseBefore(toks []token, k int) bool {
	for j := k - 1; j >= 0 && !toks[j].punct; j-- {
		if !toks[j].quoted && (questionNouns[toks[j].m] || isAny(toks[j].m, "سوالای", "سوالا", "سوالارو", "سواله")) {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dragVerbs drag a thing, as a question is dragged in the builder; with
// the pronoun typed on («بکشش») a token's key is the verb.
var dragVerbs = map[string]string{"بکش": "ببر", "بکشش": "ببرش"}

// dragPlaces are where a question is dragged to.
var dragPlaces = []string{"بالا", "بالاتر", "پایین", "پایینتر", "اول", "ته", "آخر"}

// outOfState reports the word at k said as a state left: after «از» or
// «از حالت/وضعیت», before the verb that takes it out («دربیار», «خارج
// کن»).
func outOfState(toks []token, k int) bool {
	j := k - 1
	if j >= 0 && !toks[j].quoted && isAny(toks[j].m, "حالت", "وضعیت") {
		j--
	}
	return j >= 0 && !toks[j].quoted && toks[j].m == "از" &&
		k+1 < len(toks) && !toks[k+1].quoted && (isAny(toks[k+1].m, outVerbs...) || toks[k+1].m == "در")
}
