package persian

// readForms reads the forms a clause names: «فرم ۳», a state change's
// noun with its number («انتشار ۵»), or numbers alone once forms are
// the topic («… و ۵ را پیش‌نویس کن»). «نه» is read between the ids and
// the rest: after «فرم» it is nine, before a verb it is "not". A clause
// that says «فرم» with no number means a form named before, unless it
// makes a new one.
func (c clause) readForms(f *frame, used []bool, newForm bool) {
	if c.has(refersBackV) {
		f.refersBack = true
	}
	c.skipDeniedForms(used)
	f.ids = c.formIDs(used)
	f.newRef = len(f.ids) == 0 && c.inNewForm()
	c.readNa(f, used)
	if len(f.ids) == 0 {
		if i, _ := c.find(0, formNounsV); i < 0 {
			f.ids = c.actionNounIDs(used)
		}
	}
	if len(f.ids) == 0 {
		if i, _ := c.find(0, formNounsV); i < 0 {
			f.bareIDs = c.bareIDs(used)
		} else if !newForm {
			f.refersBack = true
		}
	}
}

// formChoice reports a command that leaves a choice of forms to the
// planner: «فرم ۵ یا ۶», «فرم ۵ یا فرم ۶», «form 5 or 6», «یکی از
// فرم‌های ۵ و ۶», «یکیشو», «one of them». A plan acts on the forms named,
// never on one it picks.
func formChoice(toks []token) bool {
	c := clause(toks)
	forms := 0
	for i := range c {
		if c.atAny(i, formNounsV) > 0 {
			forms++
		}
	}
	if forms == 0 {
		return false
	}
	for i, t := range c {
		if t.quoted || t.punct {
			continue
		}
		if isAny(t.m, "یا", "or") && i > 0 && i+1 < len(c) && c[i-1].isNum && !c[i-1].quoted {
			j := i + 1
			if c.atAny(j, formNounsV) > 0 {
				j++
			}
			if j < len(c) && c[j].isNum && !c[j].quoted && (i >= 2 && c.atAny(i-2, formNounsV) > 0 || j > i+1) {
				return true
			}
		}
		if t.m == "یکی" && i+1 < len(c) && c[i+1].m == "از" && i+2 < len(c) && (c.atAny(i+2, formNounsV) > 0 || isAny(c[i+2].m, "اینا", "اونا", "این", "اون", "آنها")) {
			return true
		}
		if isAny(t.m, "یکیش", "یکیشو", "یکیشون", "یکیشونو") || t.m == "یکی" && t.pron {
			return true
		}
		if t.m == "one" && i+1 < len(c) && c[i+1].m == "of" {
			return true
		}
		if t.m == "either" {
			return true
		}
	}
	return false
}

// eitherActs reports «فرم ۵ رو منتشر کن یا پیش‌نویس؟», «publish form 5
// or draft it?»: a question between two acts, to be answered, not done.
func eitherActs(toks []token) bool {
	n := len(toks)
	if n == 0 {
		return false
	}
	// Said without its question mark («فرم ۴ رو منتشر کنم یا پیش‌نویس
	// بمونه»), a choice between two acts is still one to answer — unless
	// «یا نه» takes the first act back and corrects it.
	c := clause(toks)
	for i, t := range c {
		if t.quoted || !isAny(t.m, "یا", "or") || i+1 >= n || isAny(c[i+1].m, "نه", "not", "no") {
			continue
		}
		j := i + 1
		// «… یا هنوز پیش‌نویسه», «… یا بمونه پیش‌نویس», «… یا بذارم draft
		// بمونه»: the other state may follow a word of staying.
		for j < n && (fillers[c[j].m] || isAny(c[j].m, "که", "اینکه", "it", "should", "هنوز", "همچنان", "still") || isAny(c[j].m, stayWords...) || isAny(c[j].m, firstPersonVerbs...)) {
			j++
		}
		if j < n && (c.atAny(j, actionWordsV) > 0 || c.atAny(j, deleteWordsV) > 0 || c.atAny(j, disableWordsV) > 0 || c.atAny(j, draftWordsV) > 0 || c.atAny(j, copyV2) > 0) {
			return true
		}
	}
	return false
}

// inNewForm reports «تو فرم جدیده», «به فرم جدید», «to the new form»:
// a place in the new form, with no verb that makes one.
func (c clause) inNewForm() bool {
	for i := 0; i+2 < len(c); i++ {
		if c[i].quoted || !isAny(c[i].m, "تو", "توی", "به", "در", "داخل", "to", "in") {
			continue
		}
		j := i + 1
		if c[j].m == "the" {
			j++
		}
		if j+1 < len(c) && c.atAny(j, formNounsV) > 0 && isAny(c[j+1].m, "جدیده", "جدید", "تازه", "جدیدمون", "new") {
			for k := range c {
				if c.createVerbAt(k) {
					return false
				}
			}
			return true
		}
		if j+1 < len(c) && c[j].m == "new" && isAny(c[j+1].m, "form") {
			return true
		}
	}
	return false
}

// formIDs reads «فرم ۳», «فرم شماره ۳», «فرم با شناسه ۳», «فرم‌های ۳ و ۴»,
// «form 3», «forms 3 and 4». A number word is an id only where nothing
// else can be meant: after «شماره», or right before the object marker
// («فرم سه را منتشر کن»); «فرم سه سوالی» is not form 3.
func (c clause) formIDs(used []bool) []int64 {
	var ids []int64
	for i := 0; i < len(c); i++ {
		n := c.atAny(i, formNounsV)
		if n == 0 {
			continue
		}
		j := i + n
		marked := false
		if m := c.atAny(j, idMarkersV); m > 0 {
			j += m
			marked = true
		} else if j+1 < len(c) && isWord(c[j]) && !c[j].qnoun && !isAny(c[j].m, functionWords...) && c.atAny(j, actionWordsV) == 0 && c[j+1].m == "شماره" {
			// «فرم ثبت‌نام شماره ۴»: a noun describing the form may come
			// between it and its number.
			j += 1 + c.atAny(j+1, idMarkersV)
			marked = true
		}
		// A Persian number word is also the id when the count or the verb
		// comes next: «به فرم هفده یه سوال …», «فرم هفت منتشر بشه», or
		// when the clause is the reference alone, cut from the next by
		// «و»: «فرم سیزده و فرم چهارده را …». The article «a» is never one.
		alone := j+1 == len(c) && (i == 0 || i == 1 && isAny(c[0].m, functionWords...))
		// «… بذار تو فرم هیجده», «… to form seven»: the form a
		// preposition points to, its number closing the clause.
		pointed := j+1 == len(c) && i > 0 && isAny(c[i-1].m, "به", "تو", "توی", "در", "داخل", "از", "to", "in", "into", "from", "of", "on")
		// «… تو فرم دوازده بپرسه …», «… تو فرم سی و دو اجباری باشه»: a
		// verb or «اجباری» after the number leaves it nothing to count.
		if !pointed && i > 0 && j+1 < len(c) && c[j].isNum && !c[j].digits && isAny(c[i-1].m, "به", "تو", "توی", "در", "داخل") && !c[j+1].quoted &&
			(isAskVerb(c[j+1].m) || isAny(c[j+1].m, requiredWords...) || isAny(c[j+1].m, optionalWords...) || clauseVerbSet[c[j+1].m] || isAny(c[j+1].m, "باشه", "باشد")) {
			pointed = true
		}
		// «نتایج فرم هفت», «انتشار فرم نه»: a page or an act governs the
		// form in ezafe, and a number closing that phrase can only be its
		// number, as no noun it could count follows.
		if !pointed && j+1 == len(c) && i > 0 && (c.atAny(i-1, resultsWordsV) > 0 || c.atAny(i-1, actionNounsV) > 0 || c.atAny(i-1, editV) > 0) {
			pointed = true
		}
		// «سوال چهارم فرم بیست و هفت …»: the form a numbered question
		// belongs to; a number after it can only be the form's.
		owner := false
		if i >= 2 && c[i-2].qnoun && !c[i-1].quoted {
			_, ord := ordinal(c[i-1].m)
			owner = ord || c[i-1].isNum
		}
		// «… ته فرم چهل و هفت بزار»: the form a place is the end or
		// the start of.
		// «اول فرم یه سوال …» counts a question there: the article is
		// no id.
		if i >= 1 && !c[i-1].quoted && (isAny(c[i-1].m, endWords...) || isAny(c[i-1].m, "اخر", "اول", "ابتدای")) &&
			j < len(c) && !isAny(c[j].m, "یه", "یک", "یکی") && !c.listedQuestionCount(j) {
			owner = true
		}
		// «به فرم نود و هفت هم یه سوال …»: «هم» after the number adds
		// the form to what was said; what follows it tells as well, as
		// it does after «فقط» and «لطفا» («فرم سی فقط ببندش»).
		nx := j + 1
		if nx+1 < len(c) && isAny(c[nx].m, "هم", "نیز", "فقط", "لطفا") && !c[nx].quoted {
			nx++
		}
		if j < len(c) && c[j].isNum && !c[j].digits && c[j].num > 0 && !used[j] && !isAny(c[j].m, "a", "an") &&
			(marked || alone || pointed || owner || nx < len(c) && (isAny(c[nx].m, "را", "رو", "و") || c.besidePlace(nx) || c.questionNumbered(nx) || c.saysOfForm(nx) || !isLatin(c[j].m) && (c[nx].isNum && !c[nx].quoted || c.atAny(nx, actionWordsV) > 0))) {
			ids = append(ids, int64(c[j].num))
			markUsed(used, i, i+n) // a form with a number is not the one to make
			used[j] = true
			j++
			// «فرم‌های یک و دو و سه»: after a plural noun the list goes on
			// in words, every number of it an id.
			for plural := isAny(c[i].m, pluralFormNouns...); plural && j+1 < len(c) && isAny(c[j].m, idSeparators...) && (c.listedWordID(j+1) || c.listedID(j+1)); j += 2 {
				ids = append(ids, int64(c[j+1].num))
				used[j], used[j+1] = true, true
			}
			// «فرم سیزده و ۱۴»: the list may go on in digits.
			if !(j+1 < len(c) && isAny(c[j].m, idSeparators...) && c.listedID(j+1)) {
				continue
			}
			used[j] = true
			j++
		}
		for j < len(c) && c[j].isNum && c[j].digits && !used[j] {
			ids = append(ids, int64(c[j].num))
			markUsed(used, i, i+n)
			used[j] = true
			j++
			// «فرم‌های ۱ تا ۳۰»: a range names every form in it, which
			// the step limit then weighs.
			if j+1 < len(c) && isAny(c[j].m, rangeWords...) && c.listedID(j+1) && int64(c[j+1].num) > ids[len(ids)-1] && int64(c[j+1].num)-ids[len(ids)-1] < 100 {
				for k := ids[len(ids)-1] + 1; k < int64(c[j+1].num); k++ {
					ids = append(ids, k)
				}
				used[j] = true
				j++
				continue
			}
			// «فرم‌های ۱۲ تا ۱»: written from the top down, the range is
			// the same forms, in the order said.
			if j+1 < len(c) && isAny(c[j].m, rangeWords...) && c.listedID(j+1) && int64(c[j+1].num) < ids[len(ids)-1] && ids[len(ids)-1]-int64(c[j+1].num) < 100 {
				for k := ids[len(ids)-1] - 1; k > int64(c[j+1].num); k-- {
					ids = append(ids, k)
				}
				used[j] = true
				j++
				continue
			}
			// The list goes on only over a separator: in «فرم ۲ ۳ تا
			// سوال» the second number counts questions.
			if j+1 < len(c) && isAny(c[j].m, idSeparators...) && (c.listedID(j+1) || isAny(c[i].m, pluralFormNouns...) && c.listedWordID(j+1)) {
				used[j] = true
				j++
				if !c[j].digits {
					// «فرم‌های ۱ و دو»: a word goes on the list too.
					ids = append(ids, int64(c[j].num))
					used[j] = true
					j++
				}
				continue
			}
			break
		}
	}
	return ids
}

// listedWordID reports a number word at j that continues a list of
// form ids named after a plural noun: not a count of what follows it.
func (c clause) listedWordID(j int) bool {
	if j >= len(c) || !c[j].isNum || c[j].digits || c[j].quoted || c[j].num <= 0 || isAny(c[j].m, "یه", "a", "an") {
		return false
	}
	return !(j+1 < len(c) && (c[j+1].qnoun || isAny(c[j+1].m, "تا", "دونه", "عدد") || c.atAny(j+1, formNounsV) > 0 || c.fieldTypeAfter(j+1)))
}

// listedID reports a number at j that can continue a list of form ids:
// written in digits and not counting what follows it («۲ سوال», «۳ تا»).
func (c clause) listedID(j int) bool {
	if j >= len(c) || !c[j].isNum || !c[j].digits || c[j].quoted {
		return false
	}
	if j+1 < len(c) && (c[j+1].qnoun || isAny(c[j+1].m, "تا", "دونه", "عدد") || c.fieldTypeAfter(j+1)) {
		return false
	}
	return true
}

// bareIDs reads form ids said without the noun, once forms are the
// topic: «فرم ۳ را منتشر کن و ۵ را پیش‌نویس». Only numbers in digits that
// take the object marker qualify, and only outside a question's name.
func (c clause) bareIDs(used []bool) []int64 {
	// A number word qualifies when it opens the clause, where the noun
	// was left out: «فرم دو و سه رو منتشر کن». «یکی رو» is "one of them".
	if len(c) > 1 && c[0].isNum && !c[0].digits && c[0].num > 1 && !used[0] && isAny(c[1].m, "را", "رو") {
		markUsed(used, 0, 2)
		return []int64{int64(c[0].num)}
	}
	for i := 0; i < len(c); i++ {
		if used[i] || !c.listedID(i) || i > 0 && (c[i-1].qnoun || c.atAny(i-1, slotMarkersV) > 0 || c[i-1].m == "شماره") {
			continue
		}
		var ids []int64
		j := i
		for {
			ids = append(ids, int64(c[j].num))
			if j+2 < len(c) && isAny(c[j+1].m, idSeparators...) && c.listedID(j+2) {
				j += 2
				continue
			}
			break
		}
		if j+1 < len(c) && isAny(c[j+1].m, "را", "رو") {
			markUsed(used, i, j+1)
			return ids
		}
		i = j
	}
	return nil
}

// actionNounIDs reads the numbers that follow the noun of a state
// change as its object, the form noun left out: «انتشار ۵», «پیش‌نویس
// ۱۲». The verbal noun governs what follows it (ezafe), so the number is
// the form acted on; only digits that count nothing qualify.
func (c clause) actionNounIDs(used []bool) []int64 {
	for i := 0; i < len(c); i++ {
		n := c.atAny(i, actionNounsV)
		if n == 0 || used[i] {
			continue
		}
		j := i + n
		var ids []int64
		for c.listedID(j) && !used[j] {
			ids = append(ids, int64(c[j].num))
			if j+2 < len(c) && isAny(c[j+1].m, idSeparators...) && c.listedID(j+2) {
				j += 2
				continue
			}
			j++
			break
		}
		// With the object marker the number is the object of a later verb
		// («پیش‌نویس ۱۲ رو منتشر کن»: the draft is what is published).
		if len(ids) > 0 && !(j < len(c) && isAny(c[j].m, "را", "رو")) {
			markUsed(used, i+n, j)
			return ids
		}
		i = j - 1
	}
	return nil
}

// besidePlace reports a place beside a question at i («بعد از سوال
// دوم», «قبل از سوال ۳») or a new question counted («یه سوال»): the
// number before it is the form's, as it counts nothing.
func (c clause) besidePlace(i int) bool {
	if i+2 < len(c) && isAny(c[i].m, "بعد", "قبل", "پیش", "پس") && c[i+1].m == "از" && c[i+2].qnoun {
		return true
	}
	return i+1 < len(c) && isAny(c[i].m, "یه", "یک") && c[i+1].qnoun
}

// questionNumbered reports a question with its own number at i («فرم
// ده سوال سه رو پاک کن»): the number before it cannot count it, so it is
// the form's.
func (c clause) questionNumbered(i int) bool {
	if i+1 >= len(c) || !c[i].qnoun || c[i+1].quoted {
		return false
	}
	_, ord := ordinal(c[i+1].m)
	return ord || c[i+1].isNum
}

// saysOfForm reports at i what is said of a form, not counted by a
// number before it: its name («فرم سه اسمشو بذار …»), a pronoun, or an
// act on forms («فرم سه حذف بشه», «فرم سه کپی بشه»).
func (c clause) saysOfForm(i int) bool {
	if c[i].quoted {
		return false
	}
	return c.atAny(i, nameNounsV) > 0 && c[i].pron || c.atAny(i, deleteWordsV) > 0 || c.atAny(i, disableWordsV) > 0 || c.atAny(i, copyV2) > 0
}

// listedQuestionCount reports a number at j that counts what follows
// it: «دو سوال», «سه تا», «دو کوتاه».
func (c clause) listedQuestionCount(j int) bool {
	return j+1 < len(c) && (c[j+1].qnoun || isAny(c[j+1].m, "تا", "دونه", "عدد") || c.fieldTypeAfter(j+1))
}
