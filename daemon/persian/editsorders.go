package persian

// Edits and orders said the way other voices say them: a text erased
// and another written in its place, a copy named after a colon, a name
// or a requirement set as a key and its value, a link said to stay
// active, a new question's place said as what it becomes, a new form
// named by quotes after «برای» or by dictation's next sentence, a list
// closed by «هر دو اجباری». Each reading runs only on a command that
// says one of its words (saidPasses), apart from sentenceTitle, which
// looks only at full stops.

// standingAdjectives say which of a thing's states is meant — the old,
// the present, the new — and stand between a part noun and the form or
// question it is part of: «اسم قدیمی فرم ۲۷», «متن فعلی سوال ۳».
var standingAdjectives = []string{"قدیمی", "قدیم", "قبلی", "فعلی", "کنونی", "پیشین", "سابق", "موجود", "حاضر", "الانش", "old", "current", "previous", "existing", "present"}

// erasedPartNouns name the text of a form or a question that a command
// erases to write another in its place.
var erasedPartNouns = []string{"اسم", "نام", "عنوان", "تیتر", "متن", "title", "name", "text", "label", "لیبل"}

// writeVerbsV put the new text where the old one was erased: «… پاک کن،
// بنویس «…»», «… حذف و «…» جایگزین آن گردد», «… پاک کن و جاش بذار «…»».
var writeVerbsV = newVocab("بنویس", "بنویسید", "بنویسین", "بنویسش", "بذار", "بزار", "بگذار", "بذارید", "بگذارید", "بزارید", "جایگزین", "جایگزینش", "درج", "write", "put", "type", "تایپ")

// eraseWords erase a text: «پاک», «حذف», «خالی کن», "clear".
var eraseWords = []string{"پاک", "حذف", "خالی", "delete", "remove", "erase", "clear", "دیلیت"}

// erasedThenWritten reads the text of a form or a question erased and
// another written in its place — «اسم قدیمی فرم ۲۷ پاک کن، بنویس «…»»,
// «متن سوال ۴ فرم ۱۸ رو پاک کن و بنویس «…»», «متن پیشین پرسش نخست فرم
// ۶۵ حذف و عبارت «…» جایگزین آن گردد», "clear the title of form 4 and
// write «…»" — as the change of text it asks: «<part> <object> را به
// «…» تغییر بده». What is erased is a part, so the form or question is
// never deleted for it; without the new text the erasing stays a part
// removed, which no step does (partsRemoved).
func erasedThenWritten(toks []token) []token {
	c := clause(toks)
	for p := 0; p+2 < len(toks); p++ {
		if toks[p].quoted || !isAny(toks[p].m, erasedPartNouns...) {
			continue
		}
		obj := p + 1
		for obj < len(toks) && (isAny(toks[obj].m, standingAdjectives...) || toks[obj].m == "of") {
			obj++
		}
		// The erasing word: after the object («اسم فرم ۴ رو پاک کن»), or
		// before the part in English ("clear the title of form 4").
		e, end, k := -1, -1, -1
		if b := p - 1; b >= 0 && toks[b].m == "the" && b > 0 {
			b--
			if !toks[b].quoted && isAny(toks[b].m, eraseWords...) {
				e = b
			}
		}
		if e >= 0 {
			end = obj
			for end < len(toks) && end <= obj+4 && !toks[end].quoted && !toks[end].punct && !isAny(toks[end].m, "and", "then") {
				end++
			}
			k = end
		} else {
			for j := obj; j < len(toks) && j <= p+8; j++ {
				if toks[j].quoted || toks[j].punct {
					break
				}
				if isAny(toks[j].m, eraseWords...) {
					e = j
					break
				}
			}
			if e < 0 {
				continue
			}
			end = e
			for end > obj && isAny(toks[end-1].m, "رو", "را", "ro", "the") {
				end--
			}
			k = e + 1
			if k < len(toks) && !toks[k].quoted && (lightVerbSet[toks[k].m] || isAny(toks[k].m, "بشه", "بشود", "شود", "گردد", "کنید", "بکنید", "کنین")) {
				k++
			}
		}
		if end <= obj || !(c.atAny(obj, formNounsV) > 0 || toks[obj].qnoun) {
			continue
		}
		// After the erasing: «،», «و» or «.», then the new text with its
		// verb of writing on either side.
		for k < len(toks) && !toks[k].quoted && (toks[k].punct && isAny(toks[k].m, "،", ",", ".", "؛") || isAny(toks[k].m, "و", "بعد", "بعدش", "سپس", "and", "then")) {
			k++
		}
		// «… پاک کن جاش بنویس «…»»: where it goes, before the verb.
		for k < len(toks) && k <= e+6 && !toks[k].quoted && isAny(toks[k].m, "جاش", "جایش", "بجاش", "بجایش", "instead") {
			k++
		}
		if k >= len(toks) {
			continue
		}
		q, after := -1, -1
		var text token
		switch {
		case c.atAny(k, writeVerbsV) > 0:
			// «بنویس «…»», «بذار جاش «…»», «بنویس پذیرش بیماران»
			j := k + c.atAny(k, writeVerbsV)
			for j < len(toks) && j <= k+3 && !toks[j].quoted && isAny(toks[j].m, "جاش", "جایش", "بجاش", "به", "جای", "آن", "اون", "instead", "in", "its", "place", "it", ":") {
				j++
			}
			if j < len(toks) && toks[j].quoted {
				q, after, text = j, j+1, toks[j]
				break
			}
			hi := j
			for hi < len(c) && !(c[hi].punct && !isAny(c[hi].m, "-", "–")) {
				hi++
			}
			if hi-j >= 1 && hi-j <= 8 && c.plainTitle(j, hi) {
				words := surfaceOf(toks[j:hi])
				q, after, text = j, hi, token{m: matchForm(words), s: words, quoted: true, r0: -1}
			}
		default:
			// «(عبارت) «…» جایگزین آن گردد», «و «…» بنویس»
			j := k
			if j < len(toks) && !toks[j].quoted && isAny(toks[j].m, "عبارت", "متن", "کلمه", "اسم", "نام", "عنوان") {
				j++
			}
			if j+1 < len(toks) && toks[j].quoted && c.atAny(j+1, writeVerbsV) > 0 {
				q, text = j, toks[j]
				after = j + 1 + c.atAny(j+1, writeVerbsV)
				for after < len(toks) && after <= j+5 && !toks[after].quoted && !toks[after].punct &&
					(isAny(toks[after].m, "آن", "اون", "اش", "ش", "جاش", "جایش", "بجاش", "به", "جای", "شود", "گردد", "بشه", "بشود", "کن", "بکن", "کنید", "نمایید") || lightVerbSet[toks[after].m]) {
					after++
				}
			}
		}
		if q < 0 {
			continue
		}
		out := append(make([]token, 0, len(toks)+4), toks[:min(p, e)]...)
		out = append(out, toks[p])
		out = append(out, toks[obj:end]...)
		for _, w := range []string{"را", "به"} {
			out = append(out, wordToken(w))
		}
		out = append(out, text)
		for _, w := range []string{"تغییر", "بده"} {
			out = append(out, wordToken(w))
		}
		out = append(out, toks[after:]...)
		for i := range out {
			out[i].r0 = firstRune(out[i].m)
			out[i].qnoun = questionNouns[out[i].m]
		}
		return out
	}
	// «اسم فرم ۴ رو خالی کن» with nothing written after: the name
	// emptied is a part erased (partsRemoved), not a name «خالی».
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].m != "خالی" || toks[i].quoted || !lightVerbSet[toks[i+1].m] {
			continue
		}
		for j := max(0, i-8); j < i; j++ {
			if !toks[j].quoted && isAny(toks[j].m, erasedPartNouns...) {
				toks[i].m, toks[i].r0 = "پاک", firstRune("پاک")
				break
			}
		}
	}
	return toks
}

// copyNounsV name the copy a command makes, after the noun of its name:
// «اسم کپی: …», «عنوان نسخه جدید: …», "copy name: …".
var copyNounsV = newVocab("کپی", "کپیه", "نسخه", "نسخه جدید", "رونوشت", "copy", "duplicate", "clone", "جدید", "new", "جدیده", "تازه")

// copyNamedAfterColon reads the name of a copy given after a colon with
// no quotes — «فرم ۳۸ کپی. اسم کپی: تولد ۹ سالگی», «duplicate form 4,
// new title: staging copy» — as the quoted name: the words from the
// colon to the end of the sentence, when they can only be a name. Only
// in a command that copies a form, where the name is the copy's.
func copyNamedAfterColon(toks []token) []token {
	c := clause(toks)
	copied := false
	for i := 0; i+2 < len(c); i++ {
		t := c[i]
		if !t.quoted && c.atAny(i, copyV2) > 0 && !(i > 0 && c.atAny(i-1, nameNounsV) > 0) {
			copied = true
		}
		if !copied || t.quoted || c.atAny(i, nameNounsV) == 0 {
			continue
		}
		k := i + c.atAny(i, nameNounsV)
		for n := 0; n < 2 && k < len(c) && !c[k].quoted && c.atAny(k, copyNounsV) > 0; n++ {
			k += c.atAny(k, copyNounsV)
		}
		if k >= len(c) || !c[k].punct || c[k].m != ":" {
			continue
		}
		lo := k + 1
		if lo < len(c) && c[lo].quoted && i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "new", "the") {
			// "new title: «…»": the copy's new name, no new form made.
			return append(append(make([]token, 0, len(toks)), toks[:i-1]...), toks[i:]...)
		}
		hi := lo
		for hi < len(c) && !(c[hi].punct && !isAny(c[hi].m, "-", "–")) {
			hi++
		}
		if hi-lo < 1 || hi-lo > 8 || !c.plainTitle(lo, hi) {
			continue
		}
		words := surfaceOf(toks[lo:hi])
		head := toks[:lo]
		if i > 0 && !toks[i-1].quoted && isAny(toks[i-1].m, "new", "the") {
			// "new title: …": the copy's new name, no new form made.
			head = append(append(make([]token, 0, lo), toks[:i-1]...), toks[i:lo]...)
		}
		out := append(make([]token, 0, len(toks)), head...)
		out = append(out, token{m: matchForm(words), s: words, quoted: true, r0: -1})
		return append(out, toks[hi:]...)
	}
	return toks
}

// formNameKeyed reads a form's name set as a key and its value — «form
// 54 title -> "…"», «فرم ۵۴ عنوان: «…»», «form 8 name = …» — as the
// rename it asks: «اسم فرم N را به «…» تغییر بده». The name follows
// the form's number straight; a question named before it owns the
// title (its wording, read elsewhere).
func formNameKeyed(toks []token) []token {
	c := clause(toks)
	for i := 0; i+4 < len(c); i++ {
		if c[i].quoted || c[i].qnoun {
			return toks
		}
		n := c.atAny(i, formNounsV)
		if n == 0 || i+n+3 > len(c) || !c[i+n].isNum || !c[i+n].digits || c[i+n].quoted {
			continue
		}
		k := i + n + 1
		m := c.atAny(k, nameNounsV)
		if m == 0 || c[k].quoted || k+m+1 >= len(c) || !(c[k+m].punct && c[k+m].m == ":" || c[k+m].m == "=") {
			continue
		}
		lo := k + m + 1
		hi := lo + 1
		title := toks[lo]
		if !title.quoted {
			for hi = lo; hi < len(c) && !(c[hi].punct && !isAny(c[hi].m, "-", "–")); hi++ {
			}
			if hi-lo < 1 || hi-lo > 8 || !c.plainTitle(lo, hi) {
				continue
			}
			words := surfaceOf(toks[lo:hi])
			title = token{m: matchForm(words), s: words, quoted: true, r0: -1}
		}
		out := append(make([]token, 0, len(toks)+4), toks[:i]...)
		out = append(out, wordToken("اسم"), wordToken("فرم"), toks[i+n], wordToken("را"), wordToken("به"), title, wordToken("تغییر"), wordToken("بده"))
		out = append(out, toks[hi:]...)
		for j := range out {
			out[j].r0 = firstRune(out[j].m)
		}
		return out
	}
	return toks
}

// linkNouns name a form's link: what stays when a form is closed.
var linkNouns = []string{"لینک", "پیوند", "link", "url", "آدرس"}

// linkKeptActive reads «پیوند آن فعال بماند», «لینکش فعال باشه», "keep
// the link active", «پیوند آن حذف نشود» — the link said to stay active
// or not to be deleted — as the link kept («محفوظ بماند»): what closing
// a form keeps (RULINGS 5), never the form published or an order denied.
func linkKeptActive(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].quoted || !isAny(toks[i].m, linkNouns...) {
			continue
		}
		k := i + 1
		for k < len(toks) && k <= i+2 && !toks[k].quoted && isAny(toks[k].m, "آن", "اون", "ش", "اش", "it", "its", "هم", "همچنان", "still") {
			k++
		}
		if k < len(toks) && !toks[k].quoted && isAny(toks[k].m, "فعال", "active", "live", "باز", "open") &&
			k+1 < len(toks) && isAny(toks[k+1].m, "بماند", "بمونه", "بمانه", "باشد", "باشه", "بمانند", "stays", "stay", "remains") {
			toks[k].m, toks[k].r0 = "محفوظ", firstRune("محفوظ")
		}
		// «… لیکن پیوند آن حذف نشود», «لینکش پاک نشه»: the link not
		// deleted is the link kept, and denies no order of the command.
		if k+1 < len(toks) && !toks[k].quoted && isAny(toks[k].m, "حذف", "پاک") && isAny(toks[k+1].m, "نشود", "نشه", "نگردد", "نشود.") {
			toks[k].m, toks[k].r0 = "محفوظ", firstRune("محفوظ")
			toks[k+1].m, toks[k+1].r0 = "بماند", firstRune("بماند")
		}
	}
	return toks
}

// falseValues and trueValues are a key's value as a programmer or a
// form-filler writes it: «required=false», «اجباری: خیر».
var (
	falseValues = []string{"false", "no", "0", "off", "نه", "خیر", "نخیر", "غلط"}
	trueValues  = []string{"true", "yes", "1", "on", "بله", "آره", "اره", "بلی"}
)

// requiredKeyed reads «required=false», «required: no», «اجباری: خیر»
// as optional, and «required: true», «اجباری: بله» as required: the
// value after the key says which, and the key alone would say required.
func requiredKeyed(toks []token) []token {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].quoted || !isAny(toks[i].m, requiredWords...) || !toks[i+1].punct || toks[i+1].m != ":" || toks[i+2].quoted {
			continue
		}
		v := toks[i+2].m
		switch {
		case isAny(v, falseValues...):
			toks[i] = wordToken("اختیاری")
			toks[i].r0 = firstRune(toks[i].m)
			toks = append(toks[:i+1:i+1], toks[i+3:]...)
		case isAny(v, trueValues...):
			toks = append(toks[:i+1:i+1], toks[i+3:]...)
		}
	}
	return toks
}

// becomesPlaceOfNew reads where a new question is to stand said as what
// it becomes — «یه سوال کوتاه «…» بذار بشه سوال دوم», «… اضافه کن که
// سوال سوم بشه», «… تا پرسش نخست گردد» — as «به عنوان سوال دوم», the
// place it is added at. A question named by its number before it in
// the clause is one moved, whose «بشه» becomesAfterMove and the moves
// read.
func becomesPlaceOfNew(toks []token) []token {
	c := clause(toks)
	for i := 1; i < len(toks); i++ {
		if toks[i].quoted || !isAny(toks[i].m, "بشه", "بشود", "شود", "گردد", "باشه", "باشد") {
			continue
		}
		lo, hi := -1, -1 // the place: its noun and ordinal
		if i+2 < len(toks) && toks[i+1].qnoun && !toks[i+1].quoted && isOrdinal(toks[i+2].m) {
			lo, hi = i+1, i+3 // «بشه سوال دوم»
		} else if i >= 2 && toks[i-2].qnoun && !toks[i-2].quoted && isOrdinal(toks[i-1].m) {
			lo, hi = i-2, i // «سوال دوم بشه»
		}
		if lo < 0 {
			continue
		}
		start := min(lo, i)
		if start > 0 && !toks[start-1].quoted && isAny(toks[start-1].m, "که", "تا") {
			start--
		}
		// What comes before, back to the clause's start: a new question
		// put or added, and no question named by its number.
		added := false
		for k := start - 1; k >= 0 && !(toks[k].punct && !isAny(toks[k].m, ":")); k-- {
			if toks[k].qnoun && !toks[k].quoted && k+1 < start && (toks[k+1].isNum || isOrdinal(toks[k+1].m)) {
				added = false
				break
			}
			if !toks[k].quoted && (c.atAny(k, addVerbsV) > 0 || c.atAny(k, placeVerbsV) > 0) {
				added = true
			}
		}
		if !added {
			continue
		}
		end := max(hi, i+1)
		out := append(make([]token, 0, len(toks)+1), toks[:start]...)
		out = append(out, wordToken("به"), wordToken("عنوان"))
		out = append(out, toks[lo:hi]...)
		out = append(out, toks[end:]...)
		for k := range out {
			out[k].r0 = firstRune(out[k].m)
			out[k].qnoun = questionNouns[out[k].m]
		}
		return out
	}
	return toks
}

// allRequiredAfterList ends a list at «، هر دو اجباری», «، همه
// اختیاری», ", all required": a quantifier with a requirement after a
// comma says a trait of every question listed before it, as it does as
// a sentence of its own («… . هر دو اجباری»), and is no item of the
// list. The comma is read as the end of the sentence.
func allRequiredAfterList(toks []token) []token {
	for i := 1; i+2 < len(toks); i++ {
		if !toks[i].punct || !isAny(toks[i].m, "،", ",") {
			continue
		}
		k := i + 1
		switch {
		case toks[k].m == "هر" && k+1 < len(toks) && toks[k+1].isNum && toks[k+1].num >= 2:
			k += 2 // «هر دو», «هر سه»
		case isAny(toks[k].m, quantifiers...) || isAny(toks[k].m, "همشون", "همهشون", "همگیشون", "هردوتاش", "هردوش", "هردوشون"):
			k++
		default:
			continue
		}
		if k < len(toks) && !toks[k].quoted && isAny(toks[k].m, "تا", "تاش", "تاشون") {
			k++
		}
		if k < len(toks) && !toks[k].quoted && (isAny(toks[k].m, requiredWords...) || isAny(toks[k].m, optionalWords...)) {
			toks[i].m, toks[i].s, toks[i].r0 = ".", ".", firstRune(".")
		}
	}
	return toks
}

// forWordsV say what a thing is for: «برای», «واسه», "for".
var forWordsV = newVocab("برای", "برا", "واسه", "واسهی", "for")

// quotedForNewForm reads «یه فرم بساز برای «اردوی پاوه»», «make a form
// for "Camp"»: right after the verb that makes a form, a quoted text
// after «برای» is its name, as a quoted text after the verb is («یه
// فرم بساز «…»»); the quotes name it. Unquoted, what the form is for is
// its purpose (formPurpose), warned of.
func quotedForNewForm(toks []token) []token {
	c := clause(toks)
	form := false
	for i := 0; i+2 < len(toks); i++ {
		if !toks[i].quoted && (c.atAny(i, formNounsV) > 0 || c.atAny(i, formKindsV) > 0) {
			form = true
		}
		if !form || toks[i].quoted || !c.createVerbAt(i) {
			continue
		}
		j := i + 1
		if !toks[j].quoted && (lightVerbSet[toks[j].m] || isAny(toks[j].m, "کنید", "کنین")) {
			j++ // «درست کن»
		}
		n := c.atAny(j, forWordsV)
		if n == 0 || toks[j].quoted || j+n >= len(toks) || !toks[j+n].quoted {
			continue
		}
		return append(append(make([]token, 0, len(toks)), toks[:j]...), toks[j+n:]...)
	}
	return toks
}

// sentenceTitle reads a dictated command's new form named in the
// sentence after it — «فرم جدید. اردوی مهدکودک. بعد دو تا سوال: …»,
// «یه فرم بساز. جشن تولد سارا.» — as its title, as a colon after the
// order would say it («فرم جدید: …»): the sentence is a few plain words,
// most of them words the planner does not know, with no verb, quote,
// question, courtesy or form noun, and the sentence before is only the
// order to make a form. The sentence is read as the quoted name
// after the order («فرم جدید «…»»), the full stop between dropped.
func sentenceTitle(toks []token) []token {
	c := clause(toks)
	start := 0
	for i := 0; i < len(c); i++ {
		if !c[i].punct || c[i].quoted {
			continue
		}
		if c[i].m != "." || !c.namesNewForm(start, i) {
			start = i + 1
			continue
		}
		hi := i + 1
		for hi < len(c) && !(c[hi].punct && isAny(c[hi].m, ".", "!", "؟", "?", ":")) {
			hi++
		}
		if hi-(i+1) < 1 || hi-(i+1) > 6 || hi < len(c) && c[hi].m == ":" || !c.plainTitle(i+1, hi) {
			start = i + 1
			continue
		}
		known, unknown := 0, 0
		for k := i + 1; k < hi; k++ {
			switch {
			case c[k].punct || c.atAny(k, actionWordsV) > 0 || fillers[c[k].m] || courtesy(c[k].m) || isAny(c[k].m, politeWords...):
				known = hi // no title has these
			case c[k].isNum:
			case accounted(c[k]):
				known++
			default:
				unknown++
			}
		}
		if unknown == 0 || known > unknown {
			start = i + 1
			continue
		}
		words := surfaceOf(toks[i+1 : hi])
		out := append(make([]token, 0, len(toks)), toks[:i]...)
		out = append(out, token{m: matchForm(words), s: words, quoted: true, r0: -1})
		return append(out, toks[hi:]...)
	}
	return toks
}

// requirementNouns name a question's being required: «الزام», «اجبار»,
// "the requirement".
var requirementNouns = []string{"الزام", "اجبار", "الزامی", "اجباری", "requirement", "required"}

// requirementRemoved reads the requirement of a question removed —
// «الزام پاسخ‌گویی به پرسش دوم فرم ۱۲ برداشته شود», «اجباری بودن سوال
// ۳ رو بردار», «ستاره سوال ۳ رو پاک کن», "remove the requirement on q2
// of form 5" — as the
// question made optional: what is removed is its being required, never
// the question.
func requirementRemoved(toks []token) []token {
	c := clause(toks)
	for r := 0; r+2 < len(toks); r++ {
		// «ستاره سوال ۳ رو پاک کن»: the star of a question is its mark
		// of being required.
		star := isAny(toks[r].m, "ستاره", "asterisk") && toks[r+1].qnoun
		if toks[r].quoted || !isAny(toks[r].m, requirementNouns...) && !star {
			continue
		}
		q := r + 1
		for q < len(toks) && q <= r+4 && !toks[q].quoted && !toks[q].qnoun &&
			isAny(toks[q].m, "بودن", "پاسخگویی", "پاسخ", "جواب", "دادن", "به", "برای", "از", "on", "of", "from", "for", "the") {
			q++
		}
		if q >= len(toks) || !toks[q].qnoun || toks[q].quoted {
			continue
		}
		from := r
		if from > 0 && !toks[from-1].quoted && isAny(toks[from-1].m, "ستاره", "علامت", "نشان", "star", "mark", "asterisk") {
			from-- // «ستاره اجباری سوال دوم رو بردار»: the mark of it
		}
		v := from - 1 // "remove the requirement on q2": the verb before
		if v > 0 && toks[v].m == "the" {
			v--
		}
		if v >= 0 && !toks[v].quoted && c.atAny(v, deleteWordsV) > 0 {
			end := q
			for end < len(toks) && end <= q+6 && !toks[end].punct && !toks[end].quoted && !isAny(toks[end].m, "and", "then", "و") {
				end++
			}
			out := append(make([]token, 0, len(toks)), toks[:v]...)
			out = append(out, toks[q:end]...)
			out = append(out, wordToken("اختیاری"), wordToken("کن"))
			out = append(out, toks[end:]...)
			for i := range out {
				out[i].r0 = firstRune(out[i].m)
			}
			return out
		}
		e := -1
		for k := q + 1; k < len(toks) && k <= q+8 && !toks[k].punct && !toks[k].quoted; k++ {
			if c.atAny(k, deleteWordsV) > 0 {
				e = k
				break
			}
		}
		if e < 0 {
			continue
		}
		end := e
		for end > q && isAny(toks[end-1].m, "رو", "را", "ro") {
			end--
		}
		out := append(make([]token, 0, len(toks)), toks[:from]...)
		out = append(out, toks[q:end]...)
		out = append(out, wordToken("اختیاری"))
		out = append(out, toks[e+c.atAny(e, deleteWordsV):]...)
		for i := range out {
			out[i].r0 = firstRune(out[i].m)
		}
		return out
	}
	return toks
}

// helpOfQuestionErased keeps «توضیح» before a question noun in a
// command that erases — «توضیح سوال ۳ رو پاک کن» (the help text of
// question 3) — the noun it is, not the kind «توضیحی» its sound reads,
// which would make the question itself what is deleted.
func helpOfQuestionErased(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if !t.quoted && t.fuzzy && t.m == "توضیحی" && matchForm(t.s) == "توضیح" && toks[i+1].qnoun && !toks[i+1].quoted {
			toks[i].m, toks[i].fuzzy, toks[i].r0 = "توضیح", false, firstRune("توضیح")
		}
	}
	return toks
}

// besideWordsV place one question beside another: «بعد از», «قبل از»,
// «زیر», «بالای», «بعدی», "after", "below".
var besideWordsV = newVocab("بعد از", "قبل از", "پیش از", "پس از", "زیر", "زیره", "بالای", "بالایه", "پایین", "پایینِ", "پایینی", "بعدی", "قبلی", "کنار", "after", "before", "below", "above", "under", "next to")

// questionBesideNamed returns the words naming a question or a form by
// its place beside another — «سوال بعد از سوال ۳ رو پاک کن», «سوال زیر
// سوال ۳», «فرم بعدی فرم ۵», "the question after q3" — or by an open
// run from it («فرم ۵ به بعد», "form 5 onwards") or as «the next one»
// («… و بعدی رو هم», «فرم بعدیش»), in a command that adds none: what is
// meant is not the one whose number is said, and acting on that one
// would change or delete what was not asked. "" when there is none.
func questionBesideNamed(toks []token) string {
	c := clause(toks)
	named := func(i int) bool {
		if c[i].qnoun {
			return c.questionNumbered(i)
		}
		n := c.atAny(i, formNounsV)
		return n > 0 && i+n < len(c) && c[i+n].isNum
	}
	noun := func(i int) bool { return !c[i].quoted && (c[i].qnoun || c.atAny(i, formNounsV) > 0) }
	at := ""
	for i := 0; i < len(toks) && at == ""; i++ {
		switch {
		case c[i].quoted:
		case isAny(c[i].m, "بعدی", "بعدیش", "بعدیشو", "بعدیشم", "قبلیش") && !(i+1 < len(c) && (c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0)),
			c[i].m == "next" && (i+1 == len(c) || c[i+1].punct || isAny(c[i+1].m, "one", "too", "also", "as")):
			// «… و بعدی رو هم», «فرم بعدیش», "form 5 and the next"
			if i > 0 && (noun(i-1) || isAny(c[i-1].m, "و", "the", "and")) {
				at = surfaceOf(toks[max(0, i-1) : i+1])
			}
		case c[i].m == "به" && i+1 < len(c) && isAny(c[i+1].m, "بعد", "قبل", "بالا", "پایین") && i > 0 && c[i-1].isNum && (i+2 >= len(c) || !c[i+2].qnoun && c.atAny(i+2, formNounsV) == 0 && !c[i+2].isNum):
			at = surfaceOf(toks[max(0, i-2) : i+2]) // «فرم ۵ به بعد»
		case isAny(c[i].m, "onwards", "onward") && i > 0 && c[i-1].isNum:
			at = surfaceOf(toks[max(0, i-2) : i+1]) // "form 5 onwards"
		case noun(i) && !named(i) && !(i > 0 && isAny(c[i-1].m, "یه", "یک", "a", "an", "one", "new", "یدونه")):
			n := c.atAny(i+1, besideWordsV)
			if n == 0 {
				continue
			}
			j := i + 1 + n
			for j < len(c) && isAny(c[j].m, "از", "the", "of") {
				j++
			}
			if j < len(c) && noun(j) && named(j) {
				at = surfaceOf(toks[i:min(j+2, len(toks))])
			}
		}
	}
	if at == "" {
		return ""
	}
	for k := range c {
		if !c[k].quoted && (c.atAny(k, addVerbsV) > 0 || c.atAny(k, placeVerbsV) > 0 || c.createVerbAt(k) || c.atAny(k, moveVerbsV) > 0) {
			return ""
		}
	}
	return at
}

// exceptWordsV leave something out of what an order names: «جز», «به
// جز», «غیر از», "except".
var exceptWordsV = newVocab("جز", "بجز", "به جز", "غیر از", "except", "excluding", "apart from", "other than")

// restWords name «the rest» as an object: «بقیه رو پاک کن».
var restWords = []string{"بقیه", "باقی", "بقیهشون", "باقیشون", "rest"}

// leftOutOrRest returns the words of a command that acts on what it
// leaves out or on «the rest» — «غیر از فرم ۵ بقیه رو پاک کن», «فرم ۵
// رو نگه دار، بقیه رو حذف کن», «سوال‌های فرم ۵ به جز سوال اول رو پاک
// کن», "delete all except form 5": the forms or questions meant are the
// ones not named, which a plan cannot list, and the one named is the one
// to spare. "" when there is none.
func leftOutOrRest(toks []token) string {
	c := clause(toks)
	for i, t := range toks {
		if t.quoted || t.list != nil {
			continue
		}
		if n := c.atAny(i, exceptWordsV); n > 0 && !(t.m == "جز" && i > 0 && isAny(c[i-1].m, "جزء", "جزو")) {
			return surfaceOf(toks[i : i+n])
		}
		if isAny(t.m, restWords...) && (t.m != "rest" || i > 0 && c[i-1].m == "the") && i+1 < len(c) && isAny(c[i+1].m, "رو", "را", "ro", "هم", "of") {
			return t.s
		}
	}
	return ""
}
