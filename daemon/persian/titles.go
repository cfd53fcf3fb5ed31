package persian

import "strings"

// isStop reports tokens that end an unquoted title or question.
func (c clause) isStop(i int) bool {
	t := c[i]
	if t.punct || t.list != nil {
		return true
	}
	if t.quoted {
		return false
	}
	// «به اسم ثبت‌نام کارگاه با سه سوال کوتاه»: a preposition whose
	// object is a count of questions, a question or a type of one ends
	// the name before it.
	if i+1 < len(c) && isAny(t.m, "با", "به", "برای", "with") && !c[i+1].quoted {
		nx := i + 1
		if c[nx].isNum {
			nx++
			if nx < len(c) && isAny(c[nx].m, "تا", "دونه", "عدد") {
				nx++
			}
		}
		if nx < len(c) && (c[nx].qnoun || c[nx].list != nil) {
			return true
		}
		if nx < len(c) {
			if _, n := c.fieldTypeAt(nx); n > 0 && nx+n < len(c) && c[nx+n].qnoun {
				return true
			}
		}
	}
	if _, n := c.fieldTypeAt(i); n > 0 && i+n < len(c) && c[i+n].qnoun {
		return true
	}
	if t.isNum && i+1 < len(c) && (c[i+1].qnoun || c[i+1].list != nil && !c[i+1].list.options) {
		return true // «… یه سوال …», «… یه [سوال کد ملی] …»
	}
	// «… کتابخوانی زمستان دو تا سوال …»: typed without «و», the next
	// group's count with its counter ends the name before it.
	if t.isNum && i+2 < len(c) && isAny(c[i+1].m, "تا", "دونه", "دانه", "عدد") && c[i+2].qnoun {
		return true
	}
	if t.qnoun {
		return true
	}
	// «… یکی جواب کوتاه با عنوان نام شرکت یکی ایمیل …», «یکی اسمش الف
	// یکی ب»: «یکی» (one of them) starts the next item; «یکی از» is
	// "one of", part of a wording.
	if t.m == "یکی" && i > 0 && !(i+1 < len(c) && isAny(c[i+1].m, "از", "دیگه", "دیگر")) {
		return true
	}
	// «اولی به اسم الف و دومی به اسم ب»: a spoken ordinal names the
	// next item.
	if i > 0 && c.spokenOrdinalAt(i) {
		return true
	}
	// «به اسم نظرسنجی مشتریان که یه سوال … داشته باشه»: a relative
	// clause says what the form has, not its name.
	if isAny(t.m, "که", "which", "that") && i > 0 {
		for k := i + 1; k < len(c); k++ {
			if c[k].qnoun || c[k].list != nil {
				return true
			}
		}
	}
	// «… با عنوان تاریخ مراجعه در فرم ۴۰ درج گردد»: a form named by its
	// number after a preposition is where the question goes, not words
	// of its name.
	if isAny(t.m, "در", "به", "تو", "توی", "داخل", "برای", "از", "in", "to", "into", "of", "on") && i+1 < len(c) {
		if n := c.atAny(i+1, formNounsV); n > 0 && i+1+n < len(c) && c[i+1+n].isNum {
			return true
		}
	}
	return c.atAny(i, stopWordsV) > 0 || c.detailStarts(i)
}

// spokenOrdinalAt reports «اولی», «دومی», «سومی» at i: the first, the
// second one, naming an item of a list said in one breath.
func (c clause) spokenOrdinalAt(i int) bool {
	t := c[i]
	if t.quoted || !strings.HasSuffix(t.m, "ی") || isAny(t.m, "یکی") {
		return false
	}
	_, ok := ordinal(t.m)
	return ok && !(i+1 < len(c) && (c[i+1].qnoun || c.atAny(i+1, formNounsV) > 0))
}

// detailStarts reports a detail of the question beginning at i, which
// ends an unquoted wording before it: a place («بعد از سوال دوم», «آخر
// فرم»), its being required («اجباری نباشه»), a scale («از یک تا پنج»)
// or a format («فرمتش یو آر ال باشه»). Grammar ends the wording, not a
// list of wordings.
func (c clause) detailStarts(i int) bool {
	t := c[i]
	if n := c.atAny(i, besideV); n > 0 && i+n < len(c) && !c[i+n].quoted {
		if nx := c[i+n]; nx.qnoun || nx.isNum {
			return true
		}
		if _, ok := ordinal(c[i+n].m); ok {
			return true
		}
	}
	if (isAny(t.m, endWords...) || t.m == "اخر") && i+1 < len(c) && c.atAny(i+1, formNounsV) > 0 {
		return true
	}
	if isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) {
		if i+1 == len(c) || isAny(c[i+1].m, negativeCopulas...) || isAny(c[i+1].m, "باشه", "باشد", "بشه", "شود", "هم", "است", "هست") {
			return true
		}
	}
	if t.m == "از" && i+3 < len(c) && c[i+1].isNum && c[i+2].m == "تا" && c[i+3].isNum {
		return true
	}
	// «با عنوان شغل پدر و از نوع متن کوتاه»: the kind, said with its
	// marker, is no word of the wording.
	if t.r0 == 'ا' || t.r0 == 'ب' || t.r0 == 'o' || t.r0 == 'w' || t.r0 == 'a' {
		// Only the markers' first words are worth a look in the lexicon.
		if n := c.atAny(i, kindMarkersV); n > 0 && (c.fieldTypeAfter(i+n) || c.fieldTypeAfter(i)) {
			return true
		}
	}
	if len(t.m) > 0 && t.m[0] == 1 && !t.quoted {
		// «از نوع عددی», read whole as v2's kind: its marker said too.
		for _, m := range []string{"از نوع", "با نوع", "به صورت", "به شکل", "of type"} {
			if strings.HasPrefix(t.s, m) {
				return true
			}
		}
	}
	return strings.HasPrefix(t.m, "فرمت") || t.m == "format"
}

// span reads a title or question starting at i: a quoted token whole, or
// words up to the next stop. It returns the surface text and the index
// after it.
func (c clause) span(i int, used []bool) (string, int) {
	if i < len(c) && c[i].punct && c[i].m == ":" && i+1 < len(c) {
		i++ // «تغییر بده به: جلسه», «با عنوان: …»
	}
	if i >= len(c) {
		return "", i
	}
	if c[i].quoted {
		used[i] = true
		return c[i].s, i + 1
	}
	var words []string
	j := i
	for ; j < len(c) && (!c.isStop(j) || j > i && c[j].m == "و" && plainWording(c[j+1:])); j++ {
		if fillers[c[j].m] {
			continue
		}
		words = append(words, c[j].s)
		used[j] = true
	}
	// «الف و دومی …»: a «و» before the stop joins the next item.
	for len(words) > 0 && isAny(words[len(words)-1], "و", "and") {
		words = words[:len(words)-1]
	}
	// «… که بپرسه اسمت چیه؟»: the question mark is the wording's.
	if len(words) > 0 && j < len(c) && c[j].punct && isAny(c[j].m, "؟", "?") {
		words[len(words)-1] += c[j].s
		j++
	}
	return strings.Join(words, " "), j
}

// spanUntilVerb reads the words between i and the clause's closing verb
// phrase: «اسم فرم را چکاپ سه بگذار» → «چکاپ سه».
func (c clause) spanUntilVerb(i, verb int, used []bool) string {
	if i < len(c) && c[i].quoted {
		used[i] = true
		return c[i].s
	}
	var words []string
	for j := i; j < verb && j < len(c); j++ {
		if c[j].punct || fillers[c[j].m] {
			continue
		}
		// «… اسمش الف یکی ب جفتشم منتشر کن», «اسمش الف یه سوال … بذار»:
		// the next item, a question or another act ends the name before
		// the verb is reached.
		if j > i && !c[j].quoted && (c[j].m == "یکی" && c.isStop(j) || c.atAny(j, actionWordsV) > 0 || c[j].qnoun || c[j].isNum && j+1 < len(c) && c[j+1].qnoun) {
			break
		}
		words = append(words, c[j].s)
		used[j] = true
	}
	return strings.Join(words, " ")
}

// readTitles finds the form title or a rename: «با عنوان X», «به نام X»,
// «اسمش را X بگذار», «اسمش رو بذار X», «عنوان فرم ۳ را به X تغییر بده».
func (c clause) readTitles(f *frame, used []bool) {
	// A marker right after a question noun introduces a question, not a title.
	for i := 0; i < len(c); i++ {
		for k, n := c.next(i, titleMarkersV, 0); n > 0; k, n = c.next(i, titleMarkersV, k+1) {
			if isAny(titleMarkersV.phrases[k].key, "به عنوان", "بعنوان") && i+n < len(c) && (c[i+n].qnoun || c.fieldTypeAfter(i+n) || c.ordinalNoun(i+n)) {
				continue // «به عنوان سوال سوم», «به عنوان سومین سوال» are positions
			}
			if c.afterQuestion(i) {
				continue
			}
			for k := i; k < i+n; k++ {
				used[k] = true
			}
			title, _ := c.span(i+n, used)
			if title != "" && f.title == "" {
				f.title = title
			}
			i += n - 1
			break
		}
	}
	// «create form "X"», «یک فرم «X» بساز»: a quoted name right after the noun.
	if f.title == "" {
		for i := 0; i+1 < len(c); i++ {
			if c[i].quoted || !isAny(c[i].m, "فرم", "فرمی", "form", "جدید", "جدیدی", "تازه", "new") {
				continue
			}
			if c[i].m == "تازه" && (i == 0 || !isAny(c[i-1].m, "فرم", "فرمی")) {
				continue // «نسخه تازه «…»» is the copy's name; «فرم تازه «…»» the new form's
			}
			if i > 0 && !c[i-1].quoted && (c.atAny(i-1, nameNounsV) > 0 || isAny(c[i-1].m, wordingNouns...)) {
				continue // «عنوان جدید: «…»» is a name said new, read below
			}
			q := i + 1
			if (c[q].punct && c[q].m == ":" || isAny(c[q].m, "برای", "واسه", "for")) && q+1 < len(c) {
				q++ // «فرم جدید: «X»», «یه فرم برای «X» بساز»
			}
			if c[q].quoted && !used[q] && !c.afterQuestion(q) {
				used[q] = true
				f.title = c[q].s
				break
			}
		}
	}
	// «یه فرم بساز «گزارش هفتگی» با …»: a quote right after the verb
	// that makes the form names it, past the light verb of a compound
	// one («یه فرم تازه درست کن «…»»).
	if f.title == "" {
		for i := 0; i+1 < len(c); i++ {
			q := i + 1
			if q+1 < len(c) && !c[q].quoted && lightVerbSet[c[q].m] && !lightVerbSet[c[i].m] {
				q++
			}
			if c.createVerbAt(i) && c[q].quoted && !used[q] && !c.afterQuestion(q) && c.madeFormBefore(i) {
				used[q] = true
				f.title = c[q].s
				break
			}
		}
	}
	// Rename / naming: a name noun that is not a marker's object.
	for i := 0; i < len(c); i++ {
		if used[i] || c[i].quoted {
			continue
		}
		n := c.atAny(i, nameNounsV)
		// «یه سوال کوتاه واسه اسم پدر»: what a question is for names
		// nothing.
		if n == 0 || (i > 0 && (c[i-1].m == "با" || c[i-1].m == "به" || c[i-1].m == "تحت" || isAny(c[i-1].m, purposeWords...) && (c.afterNewQuestion(i-1) || c.afterAKind(i-1)))) {
			continue
		}
		if !c[i].pron && c.afterNewQuestion(i) {
			// «یه سوال کوتاه اسم مهمون به فرم ۱۲ اضافه کن»: a name right
			// after a new question and its type begins the question's
			// wording («guest's name»); it names no form.
			continue
		}
		// «تغییر نام فرم ۵ به X», «فرم ۶ را تغییر نام بده به X»: the verbal
		// noun names the act, and the new title follows «به».
		if i > 0 && !c[i-1].quoted && isAny(c[i-1].m, "تغییر", "عوض", "ویرایش", "اصلاح", "change") {
			if t := c.titleAfterTo(i+n, used); t != "" {
				markUsed(used, i-1, i+n)
				f.title, f.rename = t, true
				break
			}
			// «فرم ۸ رو به «نظرسنجی پاییز» تغییر نام بده»: the new title
			// said with «به» before the verbal noun.
			if t, k := c.titleToBefore(i-1, used); t != "" {
				markUsed(used, k, i+n)
				f.title, f.rename = t, true
				break
			}
		}
		// The verb closing the naming phrase.
		verb, vn := -1, 0
		for j := i + n; j < len(c); j++ {
			if used[j] {
				continue
			}
			if m := c.atAny(j, renameVerbsV); m > 0 {
				verb, vn = j, m
				break
			}
		}
		if verb < 0 && c[i].pron && f.title == "" && i > 0 && c.madeBefore(i) {
			// «یه فرم بساز اسمش کلاس زبان»: the form just made is named,
			// with no verb of naming.
			if t, _ := c.span(i+n, used); t != "" {
				markUsed(used, i, i+n)
				f.title = t
				break
			}
		}
		if verb < 0 {
			// «عنوان فرم ۳ را «الف» و …»: the verb comes in a later clause.
			if t := c.gappedTitle(i+n, used); t != "" && !f.renameGapped {
				f.title, f.renameGapped = t, true
			}
			continue
		}
		if isLatin(c[i].m) {
			// «change the title of form 3 to X»: the title follows «to».
			if j, _ := c.find(i+n, toV); j >= 0 {
				if t, _ := c.span(j+1, used); t != "" {
					markUsed(used, i, j+1)
					f.title, f.rename = t, true
					break
				}
			}
		}
		// Object marker را/رو (or «به» for «… را به X تغییر بده»).
		start := i + n
		marker := -1
		for j := i + n; j < verb; j++ {
			if c[j].m == "را" || c[j].m == "رو" || c[j].m == "به" || c[j].m == "to" {
				start, marker = j+1, j
			}
		}
		// «عنوان «گزارش ماهانه» رو بذار»: the object marker follows the
		// title itself, and the verb places it. With «عوض کن» the quote
		// would be the title to replace.
		if marker == verb-1 && marker > i+n && c[marker].m != "به" && c[marker-1].quoted && !used[marker-1] && placeVerbSet[c[verb].m] {
			used[marker-1] = true
			markUsed(used, i, verb+vn)
			f.title, f.rename = c[marker-1].s, true
			break
		}
		// Not the title: «هم» (also), the marker, and the form named
		// before the verb («عنوان فرم ۱۰ بشه X»).
		for start < verb && !c[start].quoted {
			if isAny(c[start].m, "هم", "را", "رو") || used[start] {
				start++
			} else if start+1 < verb && c[start+1].quoted && isAny(c[start].m, "کپیش", "کپیه", "کپی", "copy") {
				// «اسم کپیش «…» باشه»: the copy whose name it is.
				start++
			} else if k := c.atAny(start, formNounsV); k > 0 && start+k < len(c) && used[start+k] {
				start += k
			} else if k > 0 && start+k <= verb && (start+k == verb || isAny(c[start+k].m, "هم", "را", "رو")) {
				// «…، اسم فرم هم بشه «…»»: the form whose name it is,
				// named in the clause before.
				start += k
			} else {
				break
			}
		}
		for j := i + n; j < start; j++ {
			used[j] = true
		}
		title := ""
		if start < verb {
			title = c.spanUntilVerb(start, verb, used)
			// «… را به X تغییر نام بده»: the noun may follow the verb word.
		}
		if strings.TrimSpace(title) == "" {
			// «اسمش رو بذار X»: the title follows the verb.
			// A second verb may name the act again: «عوض کن بذار X».
			after := verb + vn
			// «اسمشو عوض کن فرم ۳۱ رو به «…»»: the form named after the
			// verb, read already, and its object marker are passed over.
			for after < len(c) && !c[after].quoted {
				if k := c.atAny(after, formNounsV); k > 0 && after+k < len(c) && used[after+k] {
					after += k
				} else if lightVerbSet[c[after].m] || placeVerbSet[c[after].m] || used[after] || isAny(c[after].m, "را", "رو") && after > verb+vn {
					after++
				} else {
					break
				}
			}
			if after < len(c) && (c[after].m == "به" || c[after].m == "to" || c[after].m == ":") {
				after++
			}
			title, _ = c.span(after, used)
		}
		title = strings.TrimSpace(title)
		if title == "" {
			f.renamePending = true
			continue
		}
		used[i] = true
		used[verb] = true
		f.title = title
		f.rename = true
		break
	}
	// English: «rename form 3 to X», «change its title to X»; the verb
	// in Persian grammar, «فرم ۳ رو rename کن به X».
	if !f.rename {
		if i, n := c.find(0, renameV); i >= 0 {
			j, _ := c.find(i+n, toV)
			if j < 0 && i+n < len(c) && lightVerbSet[c[i+n].m] && i+n+1 < len(c) && c[i+n+1].m == "به" {
				j = i + n + 1
			}
			if j >= 0 {
				if t, _ := c.span(j+1, used); t != "" {
					f.title, f.rename = t, true
				}
			}
		}
	}
	// «فرم ۲۲. عنوان غلط. عنوان درست: «X».», «اسم جدید فرم ۵: «X»»: a
	// name said right or new, with no verb, is the name to give.
	if f.title == "" && !f.create {
		for i := 0; i+1 < len(c); i++ {
			q := i + 1
			if c[q].quoted || !isAny(c[q].m, correctedNames...) {
				continue
			}
			wordingOnly := !c[i].quoted && isAny(c[i].m, "متن", "label", "لیبل", "wording", "text")
			if used[i] || c[i].quoted || c.atAny(i, nameNounsV) == 0 && !wordingOnly || c[i].pron {
				continue
			}
			q++
			for q < len(c) && !c[q].quoted && (used[q] || isAny(c[q].m, ":", "=", "را", "رو", "باید", "is")) {
				q++
			}
			if q < len(c) && c[q].quoted && !used[q] {
				markUsed(used, i, q+1)
				// A text («متن درست») is a question's, never the form's.
				f.title, f.rename, f.nameCorrected = c[q].s, !wordingOnly, true
			}
			break
		}
	}
	// «فرم ۴ رو rename کن «X»», «rename it: X»: the quote after the verb
	// of renaming is the new name.
	if f.title == "" {
		for i := range c {
			if c[i].quoted || !isAny(c[i].m, "rename", "renamed", "رینیم") {
				continue
			}
			q := i + 1
			// «rename کن فرم ۳۱ رو به «…»»: the form named after the verb
			// (read already, with its object marker) is passed over.
			for q < len(c) && !c[q].quoted && (used[q] || isAny(c[q].m, "کن", "بکن", "کنید", "کنین", "به", "to", "it", "as", ":", "را", "رو") || c[q].punct && c[q].m == ":") {
				q++
			}
			if q < len(c) && c[q].quoted && !used[q] {
				used[q], used[i] = true, true
				f.title, f.rename = c[q].s, true
			}
			break
		}
	}
}

// correctedWording reads «فرم ۵. سوال ۳. عنوان درست: «سن».»: the right
// name said after a question named with nothing done to it is that
// question's wording, not the form's title.
func correctedWording(fs []*frame) {
	defer func() {
		for _, f := range fs {
			if f.nameCorrected && !f.rename && f.title != "" {
				// «متن درست: «…»» of no question: a text no step takes.
				f.leftQuotes = append(f.leftQuotes, f.title)
				f.title = ""
			}
		}
	}()
	for k := 1; k < len(fs); k++ {
		f := fs[k]
		if !f.nameCorrected || len(f.ids) > 0 || f.negated {
			continue
		}
		j := k - 1
		for j > 0 && !fs[j].hasIntent() && !fs[j].hasContent() && fs[j].edit == nil && !fs[j].toks.hasQuestionNoun() {
			j-- // «عنوان قلط.»: a remark on the wording between
		}
		p := fs[j]
		if p.hasIntent() || p.edit != nil || len(p.groups) > 0 || p.negated {
			continue
		}
		idx, _, _, ok := p.toks.questionRef()
		if !ok {
			continue
		}
		f.edit = &fieldEdit{index: idx, question: f.title}
		f.rename, f.title, f.nameCorrected = false, "", false
		if len(p.ids) > 0 {
			f.ids = p.ids
		}
		for i := j; i < k; i++ {
			fs[i].leftover = nil
		}
	}
}

// correctedNames say a name is the one to have: «اسم جدید», «new
// title»; the words that call it the right one («عنوان درست», «نام
// صحیح») are read as «جدید» first (rightWording).
var correctedNames = []string{"جدید", "تازه", "اصلاحی", "جدیدش", "new"}

// titleAfterTo reads the title after «به» / «to», past the form named.
func (c clause) titleAfterTo(from int, used []bool) string {
	for j := from; j+1 < len(c); j++ {
		if c[j].quoted || !isAny(c[j].m, "به", "to") || c.atAny(j+1, formNounsV) > 0 {
			continue
		}
		t, _ := c.span(j+1, used)
		return t
	}
	return ""
}

// gappedTitle reads «<form> را X» up to the clause's end, for a naming
// phrase whose verb is shared with the next clause. With no form named
// the copula may be left out too: «یه فرم بساز، اسمش «X»».
func (c clause) gappedTitle(from int, used []bool) string {
	for from < len(c) && (c[from].punct && c[from].m == ":" || !c[from].quoted && c[from].m == "هم") {
		from++
	}
	if from+1 == len(c) && c[from].quoted {
		used[from] = true
		return c[from].s
	}
	for j := from; j < len(c); j++ {
		if c[j].quoted || !isAny(c[j].m, "را", "رو") {
			continue
		}
		if j+1 < len(c) && c[j+1].quoted && j+2 == len(c) {
			used[j+1] = true
			return c[j+1].s
		}
		return ""
	}
	return ""
}

// namedTitle reads the title of a clause that only names it: a quoted
// string, or its words without the placing verb («بذار «جدید»»).
func namedTitle(c clause) string {
	var words []string
	for _, t := range c {
		if t.quoted {
			return t.s
		}
		if t.punct || placeVerbSet[t.m] || lightVerbSet[t.m] || isAny(t.m, "به", "را", "رو", "اسمش", "اسم", "نام", "عنوان", "to") || fillers[t.m] {
			continue
		}
		words = append(words, t.s)
	}
	return strings.Join(words, " ")
}

// continuesTitle joins to an unquoted title that closed the clause
// before the words after «و» that can only be more of it: in «اسمشو
// بذار جلسه اولیا و مربیان», «مربیان» asks for nothing and names no
// form, question or type. It reports whether f was taken.
func continuesTitle(prev, f *frame) bool {
	if f.hasContent() || f.modifier || len(f.bareIDs) > 0 || !isAny(f.joinedBy, "و", "and") ||
		!(prev.rename || prev.create) || prev.title == "" || prev.createCount > 1 || len(prev.moreTitles) > 0 || len(prev.groups) > 0 {
		return false
	}
	end := prev.toks[len(prev.toks)-1]
	if !isWord(end) || !strings.HasSuffix(prev.title, end.s) {
		return false
	}
	words := make([]string, 0, len(f.toks))
	for i, t := range f.toks {
		if !isWord(t) || t.qnoun || fillers[t.m] || negativeVerbs[t.m] || titleEnders[t.m] || typeWords[t.m] ||
			isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) || lightVerbSet[t.m] ||
			f.toks.atAny(i, actionWordsV) > 0 || f.toks.atAny(i, formNounsV) > 0 || f.toks.atAny(i, nameNounsV) > 0 || f.toks.atAny(i, placeVerbsV) > 0 {
			return false
		}
		words = append(words, t.s)
	}
	if len(words) == 0 {
		return false
	}
	conj := "و"
	if f.joinedBy == "and" {
		conj = "and"
	}
	prev.title += " " + conj + " " + strings.Join(words, " ")
	return true
}

// madeBefore reports a create verb before i: «یه فرم بساز اسمش …».
func (c clause) madeBefore(i int) bool {
	for k := 0; k < i; k++ {
		if c.createVerbAt(k) {
			return true
		}
	}
	return false
}

// madeFormBefore reports a form noun before the create verb at i, with
// no question noun between: «یه فرم بساز …», not «یه سوال بساز».
func (c clause) madeFormBefore(i int) bool {
	for k := i - 1; k >= 0; k-- {
		if c[k].qnoun || c[k].list != nil {
			return false
		}
		if c.atAny(k, formNounsV) > 0 || c.atAny(k, formKindsV) > 0 {
			return true
		}
	}
	return false
}

// afterNewQuestion reports a new question's noun («یه سوال», «پرسشی»)
// right before i, with only its type words between.
func (c clause) afterNewQuestion(i int) bool {
	k := i - 1
	for k >= 0 && !c[k].quoted && typeWords[c[k].m] {
		k--
	}
	// «فرم ۱۲ سوال کوتاه اسم مشتری بذار»: a question noun with its type
	// and no number is a new one too, said without «یه».
	// «اسم فرم» after them still names the form.
	ofForm := i+1 < len(c) && c.atAny(i+1, formNounsV) > 0
	return k >= 0 && (c.newQuestionNoun(k) || !ofForm && k < i-1 && c[k].qnoun && !c[k].quoted && !isAny(c[k].m, pluralQuestionNouns...) && !c.questionNumbered(k))
}

// newFormWords say that the form named is one to make.
var newFormWords = []string{"جدید", "جدیدی", "تازه", "new"}

// colonTitles quotes the title a colon gives a new form — «new form:
// گزارش شیفت شب. …», «فرم جدید: …», «یه فرم بساز: …» — as a label and
// its value: the words after the colon up to the sentence's stop are
// the title, as if quoted. Words that name questions, their types or a
// list (commas) are the form's questions instead, read elsewhere.
func colonTitles(toks []token) []token {
	c := clause(toks)
	start := 0
	for i := 0; i < len(c); i++ {
		t := c[i]
		if t.quoted || !t.punct {
			continue
		}
		if t.m != ":" {
			start = i + 1
			continue
		}
		if !c.namesNewForm(start, i) {
			start = i + 1
			continue
		}
		k := i + 1
		for k < len(c) && !(c[k].punct && !isAny(c[k].m, "،", ",")) {
			k++
		}
		if k-(i+1) < 1 || k-(i+1) > 8 || !c.plainTitle(i+1, k) {
			start = i + 1
			continue
		}
		words := surfaceOf(toks[i+1 : k])
		out := append(make([]token, 0, len(toks)), toks[:i+1]...)
		out = append(out, token{m: matchForm(words), s: words, quoted: true, r0: -1})
		return append(out, toks[k:]...)
	}
	return toks
}

// namesNewForm reports a sentence part [lo, hi) that is only the order
// to make a form: its noun with «جدید» or a verb that makes it, a count
// of one, nothing else.
func (c clause) namesNewForm(lo, hi int) bool {
	noun, made := false, false
	for k := lo; k < hi; k++ {
		switch {
		case c[k].quoted || c[k].punct:
			return false
		case c.atAny(k, formNounsV) > 0:
			noun = true
			k += c.atAny(k, formNounsV) - 1
		case isAny(c[k].m, newFormWords...):
			made = made || noun || k+1 < hi && c.atAny(k+1, formNounsV) > 0
		case c.createVerbAt(k):
			made = true
		case isAny(c[k].m, "یه", "یک", "a", "an", "one") || lightVerbSet[c[k].m] || isAny(c[k].m, politeWords...):
		default:
			return false
		}
	}
	return noun && made
}

// plainTitle reports words [lo, hi) that can only be a title: no quote,
// list, question, type, label, form noun or verb among them.
func (c clause) plainTitle(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if labelAt(c, k) != nil {
			return false
		}
	}
	return c.plainWording(lo, hi)
}

// plainWording reports words [lo, hi) that can only be a wording: no
// quote, list, question, type, form noun, verb or requirement among
// them.
func (c clause) plainWording(lo, hi int) bool {
	for k := lo; k < hi; k++ {
		t := c[k]
		if _, n := c.next(k, v2TypeWordsV, 0); n > 0 {
			return false // a type not yet read as one («new form: dropdown …»)
		}
		if t.quoted || t.punct || t.list != nil || t.qnoun || c.fieldTypeAfter(k) || isAny(t.m, requiredWords...) || isAny(t.m, optionalWords...) ||
			c.atAny(k, formNounsV) > 0 || c.atAny(k, addVerbsV) > 0 || c.atAny(k, placeVerbsV) > 0 || c.createVerbAt(k) ||
			lightVerbSet[t.m] || isAny(t.m, "و", "and", "با", "with", "که") {
			return false
		}
	}
	return true
}

// wordingCueNouns name a question's wording: «با عنوان …», «به عبارت …».
var wordingCueNouns = []string{"عنوان", "متن", "عبارت", "جمله", "اسم", "نام", "title", "label", "text", "wording"}

// wordingNamedHere reads the wording named by what follows it. The
// demonstrative of «با این عنوان: …», «به این عبارت: «…»», «with this
// title: …» is dropped: the wording is what follows, as «با عنوان: …»
// says. A label said right after the verb, «… اضافه کن عنوان: …», is
// parted from it as by a comma. The commas that set the wording off between a question and its
// verb, as formal writing puts them — «پرسشی کوتاه‌پاسخ، با عنوان «…»،
// درج فرمایید» — are dropped too: they part no two orders.
func wordingNamedHere(toks []token) []token {
	var out []token
	keep := func(i int) {
		if out == nil {
			out = append(make([]token, 0, len(toks)), toks[:i]...)
		}
	}
	cueAt := func(j int) bool {
		return j+1 < len(toks) && !toks[j].quoted && isAny(toks[j].m, "با", "به", "with") && !toks[j+1].quoted && isAny(toks[j+1].m, wordingCueNouns...)
	}
	dropComma := -1 // the comma after the wording set off, to drop
	for i, t := range toks {
		if i > 0 && i+1 < len(toks) && !t.quoted && isAny(t.m, "این", "همین", "this") && !toks[i-1].quoted && isAny(toks[i-1].m, "با", "به", "with") &&
			!toks[i+1].quoted && isAny(toks[i+1].m, wordingCueNouns...) {
			keep(i)
			continue
		}
		if t.punct && isAny(t.m, "،", ",") && i > 0 && !toks[i-1].quoted && (toks[i-1].qnoun || answerKindWord(toks[i-1].m)) {
			j := i + 1
			if cueAt(j) {
				j += 2
			} else if j < len(toks) && toks[j].m == toks[i].m {
				j = -1
			} else if j+2 < len(toks) && !toks[j].quoted && isAny(toks[j].m, "با", "به", "with") && !toks[j+1].quoted && isAny(toks[j+1].m, "این", "همین", "this") && !toks[j+2].quoted && isAny(toks[j+2].m, wordingCueNouns...) {
				j += 3
			} else {
				j = -1
			}
			if j > 0 {
				if j < len(toks) && toks[j].punct && toks[j].m == ":" {
					j++
				}
				if j+1 < len(toks) && toks[j].quoted && toks[j+1].punct && isAny(toks[j+1].m, "،", ",") {
					dropComma = j + 1
				}
				keep(i)
				continue
			}
		}
		if i == dropComma {
			keep(i)
			continue
		}
		if i > 0 && i+2 < len(toks) && !t.quoted && isAny(t.m, "عنوان", "متن", "عبارت", "title", "label", "text") && toks[i+1].punct && toks[i+1].m == ":" && !toks[i-1].quoted &&
			(isAny(toks[i-1].m, "کن", "کنید", "کنین", "بکن", "بکنید", "کنم") || placeVerbSet[toks[i-1].m]) {
			// «… اضافه کن عنوان: اسم شرکت»: the label after the verb
			// opens the wording as it does after a comma.
			keep(i)
			out = append(out, token{m: "،", s: "،", punct: true, r0: '،'}, t)
			continue
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// answerKindWord reports a word of a question's kind, also joined to
// the noun of its answer: «کوتاه», «کوتاه‌پاسخ», «تشریحی».
func answerKindWord(m string) bool {
	if typeWords[m] {
		return true
	}
	for _, a := range []string{"پاسخ", "جواب"} {
		if k := strings.TrimSuffix(strings.TrimSuffix(m, a), "\u200c"); k != m && typeWords[k] {
			return true
		}
	}
	return false
}

// bareQuestionPut reads «سؤال «نام پدر» هم بذارم», «سوال «شغل» بذار»: a
// question noun with no article, its wording quoted right after it and
// the verb of putting closing the sentence, with no «رو» to make it one
// there already and no place to move it to, is a new question, as with
// «یه». The command must name a form for it to go to.
func bareQuestionPut(toks []token) []token {
	c := clause(toks)
	form := false
	for i := range toks {
		if !toks[i].quoted && c.atAny(i, formNounsV) > 0 {
			form = true
			break
		}
	}
	if !form {
		return toks
	}
	var out []token
	for i, t := range toks {
		if !t.quoted && t.qnoun && !isAny(t.m, pluralQuestionNouns...) && i+2 < len(toks) && toks[i+1].quoted &&
			(i == 0 || toks[i-1].quoted || !isAny(toks[i-1].m, "یه", "یک", "این", "همین", "اون", "آن", "همون", "همان", "a", "one")) {
			j := i + 2
			if !toks[j].quoted && toks[j].m == "هم" {
				j++
			}
			if j < len(toks) && !toks[j].quoted && placeVerbSet[toks[j].m] && toks[j].m != "قرار" && (j+1 == len(toks) || toks[j+1].punct) {
				if out == nil {
					out = append(make([]token, 0, len(toks)+2), toks[:i]...)
				}
				one := wordToken("یه")
				one.r0 = firstRune(one.m)
				out = append(out, one, t)
				continue
			}
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// titleToBefore returns the title said with «به» right before end («…
// رو به «X» تغییر نام بده», «… به نظرسنجی پاییز تغییر نام بده»), and
// where its «به» is; "" when there is none. The words between are all
// unread and follow the object marker or the form's number.
func (c clause) titleToBefore(end int, used []bool) (string, int) {
	for k := end - 2; k >= 1; k-- {
		if used[k] && c[k].m != "به" {
			return "", -1
		}
		if c[k].quoted || c[k].m != "به" {
			continue
		}
		if !isAny(c[k-1].m, "را", "رو") && !c[k-1].isNum {
			return "", -1
		}
		words := c[k+1 : end]
		for j := range words {
			if used[k+1+j] {
				return "", -1
			}
		}
		if len(words) == 1 && words[0].quoted {
			return words[0].s, k
		}
		for _, w := range words {
			if w.quoted || w.punct {
				return "", -1
			}
		}
		return surfaceOf(words), k
	}
	return "", -1
}
