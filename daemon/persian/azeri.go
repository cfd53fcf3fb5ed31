package persian

import "strings"

// Azerbaijani habits: admins whose first language is Azerbaijani Turkish
// (Tabriz, Urmia, Ardabil, Zanjan, the Azeri bazaar of Tehran) type
// Persian with Turkish words in it — numbers and ordinals («بیر», «ایکی»,
// «بیرینجی», «ikinci»), the light verb «ائله» for «کن» («اضافه ائله»,
// «منتشر ائله»), «اولسون» for «باشه», «آدی» for «اسمش», «یوخ» for «نه»,
// «سونرا» for «بعد», «ساغ اول» for thanks — and Turkish case endings
// written apart after a number or a noun: «فرم ۱۴ ده» (in form 14),
// «فرم ۱۴ ه» (to it), «فرم ۱۵ ین» (its), «فرم ۱۴ نی/ی/و» (the object,
// «رو»). Turkish puts the ordinal before its noun («ایکینجی سوالی»: the
// second question, as object) and a label before the noun it names
// («نوبت سوالی»: the question «نوبت»). Turkish verbs of the form builder
// are typed in Persian or Latin letters: «سیل/sil» delete, «باغلا/bağla»
// close, «آچ/aç» open, «گیزلت» hide, «kopyala» copy, «قوی» put.
//
// azeriWords is the regional table's (regionalWords) Azerbaijani part:
// each word and the standard words it is read as, looked up exactly,
// never by sound. A word whose reading is nil is read by its neighbours
// (azeriContext). No entry of the table reads as a verb that removes:
// «سیل», «sil» and «سیلمه» are read in context only, «سیل» as «پاک کن»
// only after its object said exactly («… رو سیل», «فرم ۵۰ و سیل»); the
// Persian «سیل» (a flood: «سیل گلدی», «سیل‌زدگان») stays a flood.
var azeriWords = map[string][]string{
	// make, new, its name, let it be, let it stay
	"یارات": {"بساز"}, "yarat": {"بساز"},
	"یئنی": {"جدید"}, "yeni": {"جدید"},
	"آدی": {"اسمش"}, "adı": {"اسمش"}, "adi": {"اسمش"},
	"آدینی": {"اسمش", "رو"}, "adını": {"اسمش", "رو"},
	"اولسون": {"باشه"}, "olsun": {"باشه"},
	"قالسین": {"بمونه"}, "qalsın": {"بمونه"},
	// the light verb «ائله» (do) and its denial
	"ائله": {"کن"}, "ائلیین": {"کنید"}, "ائلیسن": {"کنی"}, "eylə": {"کن"},
	"ائلمه": {"نکن"}, "ائلمیین": {"نکنید"}, "ائتمه": {"نکن"},
	"قویون": {"بذارید"}, // put (you all): «آدینی «…» قویون»
	// numbers and ordinals
	"بیر": {"یک"}, "ایکی": {"دو"}, "اوچ": {"سه"}, "دؤرد": {"چهار"}, "دؤرت": {"چهار"}, "بئش": {"پنج"},
	"bir": {"یک"}, "iki": {"دو"}, "üç": {"سه"}, "dörd": {"چهار"}, "beş": {"پنج"},
	"بیرینجی": {"اول"}, "ایکینجی": {"دوم"}, "اوچونجو": {"سوم"}, "اوچونجی": {"سوم"}, "دؤردونجو": {"چهارم"}, "دوردونجو": {"چهارم"}, "بئشینجی": {"پنجم"},
	"birinci": {"اول"}, "ikinci": {"دوم"}, "üçüncü": {"سوم"}, "dördüncü": {"چهارم"}, "beşinci": {"پنجم"},
	"ایکینجینی": {"دوم", "رو"}, "بیرینجینی": {"اول", "رو"}, "اوچونجونو": {"سوم", "رو"},
	// then, now, tomorrow, still, again, only
	"سونرا": {"بعد"}, "sonra": {"بعد"},
	"ایندی": {"الان"}, "indi": {"الان"},
	"صاباح": {"فردا"}, "sabah": {"فردا"},
	"هله": {"هنوز"}, "hələ": {"هنوز"},
	"یئنیدن": {"دوباره"}, "yenidən": {"دوباره"}, "yeniden": {"دوباره"},
	"یالنیز": {"فقط"}, "yalnız": {"فقط"}, "تکجه": {"فقط"}, "سادهجه": {"فقط"},
	// no, is not, needed, ready, how many, how, where, pity
	"یوخ": {"نه"}, "yox": {"نه"}, "یوخدو": {"نیست"}, "یوخدور": {"نیست"},
	"دئییل": {"نیست"}, "لازیمدی": {"لازمه"}, "لازیم": {"لازم"}, "حاضیر": {"آماده"},
	"نئچه": {"چند"}, "نجه": {"چطور"}, "نئجه": {"چطور"}, "هارا": {"کجا"}, "هاردا": {"کجا"},
	"اولوب": {"شده"}, "دولدو": {"پر", "شد"},
	"حئیف": {"حیف"}, // a pity — never «حذف», whatever it sounds like
	// address and thanks
	"قارداش": {"داداش"}, "qardaş": {"داداش"}, "یاخشی": {"خوب"},
	// all, the forms, the options
	"بوتون": {"همه"}, "bütün": {"همه"},
	"فرملاری": {"فرمها", "رو"}, "گزینهلری": {"گزینههاش"}, "سواللاری": {"سوالاش"},
	// the question, in Latin letters
	"sual": {"سوال"}, "sualı": {"سوال", "رو"}, "suali": {"سوال", "رو"},
	// verbs of the builder with no reading that removes
	"گیزلت": {"مخفی", "کن"}, "gizlət": {"مخفی", "کن"},
	"kopyala": {"کپی", "کن"}, "کوپیالا": {"کپی", "کن"}, "کوپی": {"کپی"},
	// read by the words beside them (azeriContext)
	"سیل":     nil, // «… رو سیل»: delete, after its object; else a flood
	"sil":     nil,
	"سیلمه":   nil, // don't delete: «پاک نکن»
	"silmə":   nil,
	"سیلمیین": nil,
	"سیلیندی": nil, // was deleted? «پاک شد»
	"silindi": nil,
	"سیلینیب": nil,
	"silinib": nil,
	"باغلا":   nil, // close, after its object
	"bağla":   nil,
	"قاپات":   nil,
	"باغلاما": nil, // don't close — also the saz
	"bağlama": nil,
	"آچ":      nil, // open, after its object
	"aç":      nil,
	"قوی":     nil, // put — Persian «قوی» is strong
	"ساغ":     nil, // «ساغ اول»: thanks
	"دانا":    nil, // «بیر دانا»: the counter after a number
	"تز":      nil, // quickly, before a verb — Persian «تز» is a thesis
	"هه":      nil, // yes, opening a clause
	"بو":      nil, // this, before a noun — Persian «بو» is a smell
	"لری":     nil, // «گزینه لری»: the plural and its «its», typed apart
	"یئر":     nil, // «birinci yer»: the first place
	"yer":     nil,
	"yerə":    nil,
	"یئره":    nil,
}

// azeriNotMarks are words of the table that Persian typing also has (a
// smell, a thesis, strength, a flood): read where their neighbours say
// so, they do not make a command Azerbaijani.
var azeriNotMarks = map[string]bool{"سیل": true, "قوی": true, "تز": true, "هه": true, "بو": true, "دانا": true, "آچ": true, "حئیف": true, "هله": true, "لری": true}

// azeriWord reports the comparison key of a word as typed, when it is a
// word of the Azerbaijani table.
func azeriWord(t token) (string, bool) {
	if t.quoted || t.punct {
		return "", false
	}
	k := matchForm(t.s)
	_, ok := azeriKeys[k]
	return k, ok
}

// azeriKeys are azeriWords under their comparison keys.
var azeriKeys = func() map[string][]string {
	m := map[string][]string{}
	for w, std := range azeriWords {
		m[matchForm(w)] = std
	}
	return m
}()

// azeriLatin reports a Latin word with a letter of the Azerbaijani
// alphabet that English has not.
func azeriLatin(s string) bool {
	return strings.ContainsAny(s, "ğşçöüıəĞŞÇÖÜİƏ")
}

// azeriCase are the Turkish case endings typed apart after a number or
// a noun: the locative «ده/دا» (in), the dative «ه/یه» (to), the
// genitive «ین/ون/نین/نون» (of), the accusative «نی/ی/و/نو/یو» (the
// object).
var azeriCase = map[string]string{
	"ده": "", "دا": "", "ه": "", "یه": "", "ین": "", "ون": "", "نین": "", "نون": "", "ئین": "",
	"نی": "رو", "ی": "رو", "و": "رو", "نو": "رو", "یو": "رو",
	// the same typed in Latin letters: «form 12 ni sil», «form 12 də»
	"də": "", "da": "", "de": "", "ə": "", "yə": "", "ye": "", "in": "", "ın": "", "nin": "", "nın": "",
	"ni": "رو", "nı": "رو", "nu": "رو", "nü": "رو",
}

// azeriContext reads the Azerbaijani words of a command whose reading
// depends on their neighbours, and the case endings typed apart. It runs
// with the regional table's readings in context (regionalContext), and
// does nothing when no word of the Azerbaijani table was typed; the
// case endings and «قوی» are read only when a word of the command is
// Azerbaijani's own (not one Persian also has).
func azeriContext(toks []token) []token {
	marked, any := false, false
	for i, t := range toks {
		if k, ok := azeriWord(t); ok {
			any = true
			// «گزینه لری»: the Turkish plural typed apart marks the
			// command, where «لری» alone is Lori.
			marked = marked || !azeriNotMarks[k] || k == "لری" && i > 0 && strings.HasPrefix(toks[i-1].m, "گزینه")
		} else if !t.quoted && !t.punct && azeriLatin(t.s) {
			marked = true
		}
	}
	if !any && !marked {
		return toks
	}
	typed := func(k int) string {
		if k >= 0 && k < len(toks) && !toks[k].quoted && !toks[k].punct {
			return matchForm(toks[k].s)
		}
		return ""
	}
	std := func(t token, w string) token {
		nt := wordToken(w)
		nt.s = t.s
		return nt
	}
	// clauseEnd: the word closes its clause, or only thanks or an
	// address follow it («… sil ممنون», «… قوی ساغ اول»).
	clauseEnd := func(k int) bool {
		return k+1 >= len(toks) || toks[k+1].punct || azeriCourtesy[typed(k+1)] && clauseEndAt(toks, k+1)
	}
	// objectSaid: the last words read name the object exactly — «رو/را»
	// after it, or a form by its number.
	objectSaid := func(out []token) bool {
		n := len(out)
		if n == 0 || out[n-1].quoted {
			return false
		}
		if isAny(out[n-1].m, "رو", "را") {
			return n >= 2
		}
		// «فرم ۶۹ باغلا»: a form by its number, in a command that says
		// a word of Azerbaijani's own; «فرم ۷۰ سیل» alone is a flood.
		return marked && n >= 2 && out[n-1].isNum && out[n-1].digits && isFormNoun(out[n-2].m)
	}
	// verbAfter: the word after is a verb — Persian, or a verb of the
	// table.
	verbAfter := func(k int) bool {
		if k+1 >= len(toks) || toks[k+1].quoted || toks[k+1].punct {
			return false
		}
		n := toks[k+1]
		if isVerbForm(n.m) || dariHost(n.m) {
			return true
		}
		return azeriVerb(typed(k + 1))
	}
	out := make([]token, 0, len(toks)+4)
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		if t.quoted || t.punct {
			out = append(out, t)
			continue
		}
		n := len(out)
		w := matchForm(t.s)
		// A case ending typed apart after a form's number, an ordinal or
		// a noun: «فرم ۱۴ ده», «فرم ۱۴ نی», «سوال ایکینجی نی», «اصلی نی».
		if c, ok := azeriCase[w]; ok && (marked || c != "" && azeriVerb(typed(k+1)) && clauseEnd(k+1)) && n >= 1 && !out[n-1].quoted && !out[n-1].punct {
			afterForm := n >= 2 && out[n-1].isNum && out[n-1].digits && isFormNoun(out[n-2].m)
			_, afterOrd := ordinal(out[n-1].m)
			afterOrd = afterOrd && n >= 2 && questionNouns[out[n-2].m]
			counted := isAny(typed(k+1), "تا", "دانه", "دانا", "دونه")
			switch {
			case (afterForm || afterOrd) && !counted && (c != "" || w != "و" || verbAfter(k)):
				if c != "" {
					out = append(out, std(t, c))
				}
				continue
			case c != "" && w != "و" && w != "ی" && verbAfter(k):
				// «اصلی نی سیلمه»: the object of the verb after.
				out = append(out, std(t, c))
				continue
			}
		}
		key, known := azeriKeys[w]
		if !known {
			// «ایکینجی سوالی», «ikinci سوالو»: the ordinal before its
			// noun, the noun taking the object's ending.
			if marked && n >= 1 && isAny(w, "سوالی", "سوالو", "سوالین", "سوالینی") {
				if _, ord := ordinal(out[n-1].m); ord {
					out = append(out, std(t, "سوال"))
					if w != "سوالین" {
						out = append(out, std(t, "رو"))
					}
					continue
				}
				// «نوبت سوالی»: the label before the question it names.
				j := n
				for j > 0 && n-j < 3 && !out[j-1].quoted && !out[j-1].punct && !out[j-1].isNum && !questionNouns[out[j-1].m] && !isFormNoun(out[j-1].m) &&
					!isAny(out[j-1].m, "رو", "را", "به", "در", "یک", "یه") && !isVerbForm(out[j-1].m) && !typeWords[out[j-1].m] {
					j--
				}
				if j == n && n > 0 && out[n-1].quoted {
					j--
				}
				if j < n && (j == 0 || !out[j-1].quoted) {
					label := append([]token(nil), out[j:]...)
					out = out[:j]
					if j == 0 || !out[j-1].isNum || out[j-1].digits {
						// A question said by its label alone is one.
						out = append(out, wordToken("یک"))
					}
					out = append(append(out, std(t, "سوال")), label...)
					continue
				}
			}
			out = append(out, t)
			continue
		}
		if len(key) > 0 {
			// Read already (wordToken); a reading of two words is
			// tokenize's (regionalContext).
			out = append(out, t)
			continue
		}
		switch w {
		case "سیل", "sil":
			// Delete, only after its object said exactly.
			if objectSaid(out) && (clauseEnd(k) || isAny(typed(k+1), "یالنیز", "yalnız")) {
				out = append(out, std(t, "پاک"), std(t, "کن"))
				continue
			}
		case "سیلمه", "silmə", "سیلمیین":
			out = append(out, std(t, "پاک"), std(t, "نکن"))
			continue
		case "سیلیندی", "silindi":
			out = append(out, std(t, "پاک"), std(t, "شد"))
			continue
		case "سیلینیب", "silinib":
			out = append(out, std(t, "پاک"), std(t, "شده"))
			continue
		case "باغلا", "bağla", "قاپات":
			if objectSaid(out) {
				out = append(out, std(t, "ببند"))
				continue
			}
		case "باغلاما", "bağlama":
			if objectSaid(out) || n == 0 || out[n-1].punct || isAny(out[n-1].m, "نه") {
				out = append(out, std(t, "غیرفعال"), std(t, "نکن"))
				continue
			}
		case "آچ", "aç":
			if objectSaid(out) || n >= 1 && out[n-1].m == "دوباره" {
				out = append(out, std(t, "باز"), std(t, "کن"))
				continue
			}
		case "قوی":
			// «… سوال موبایل قوی», «… «نوبت» سوالی قوی، گزینه‌لری …»: put,
			// the verb closing its clause.
			if marked && n > 0 && (clauseEnd(k) || strings.HasPrefix(typed(k+1), "گزینه")) {
				out = append(out, std(t, "بذار"))
				continue
			}
		case "ساغ":
			if nx := typed(k + 1); strings.HasPrefix(nx, "اول") {
				out = append(out, std(t, "ممنون"))
				k++
				continue
			}
		case "دانا":
			if n > 0 && out[n-1].isNum && !out[n-1].quoted {
				num := out[n-1]
				if n >= 2 && questionNouns[out[n-2].m] && !out[n-2].quoted {
					// «سوال بیر دانا بلند»: the count after its noun, as
					// Turkish lists say it, goes before the noun.
					out[n-1] = out[n-2]
					out[n-2] = num
					if num.num != 1 {
						out = append(out[:n-1], std(t, "تا"), out[n-1])
					}
					continue
				}
				if num.num != 1 {
					out = append(out, std(t, "تا"))
				}
				continue
			}
		case "تز":
			if verbAfter(k) {
				continue
			}
		case "هه":
			if n == 0 || out[n-1].punct {
				continue
			}
		case "بو":
			if nx := typed(k + 1); isFormNoun(nx) || questionNouns[nx] || isAny(nx, "فرمی", "سوالی", "هفته", "گون", "آی") {
				out = append(out, std(t, "این"))
				continue
			}
		case "لری":
			if n > 0 && strings.HasPrefix(out[n-1].m, "گزینه") {
				out[n-1] = std(out[n-1], "گزینههاش")
				continue
			}
		case "یئر", "yer", "yerə", "یئره":
			// «birinci yer»: the ordinal before the place.
			if n > 0 {
				if _, ord := ordinal(out[n-1].m); ord {
					last := out[n-1]
					out = append(out[:n-1], std(t, "جای"), last)
					continue
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// azeriVerb reports a verb of the Azerbaijani table, as typed.
func azeriVerb(w string) bool {
	return isAny(w, "سیل", "sil", "سیلمه", "silmə", "باغلا", "bağla", "قاپات", "باغلاما", "bağlama", "آچ", "aç", "گیزلت", "gizlət", "kopyala", "کوپی", "ائله", "ائلیین", "ائلمه", "ائلمیین")
}

// azeriCourtesy are the thanks and addresses said after an order.
var azeriCourtesy = map[string]bool{"ممنون": true, "مرسی": true, "لطفا": true, "تشکر": true, "سپاس": true, "ساغ": true, "اول": true, "اولون": true, "اولاسان": true,
	"قارداش": true, "داداش": true, "حاجی": true, "باجی": true, "sağ": true, "ol": true, "olun": true, "merci": true, "thanks": true}

// clauseEndAt reports the courtesies from k on reaching the end of the
// clause.
func clauseEndAt(toks []token, k int) bool {
	for ; k < len(toks) && !toks[k].punct; k++ {
		if toks[k].quoted || !azeriCourtesy[matchForm(toks[k].s)] {
			return false
		}
	}
	return true
}

// countAfterNoun reads the count said after its question, as Turkish
// and spoken Persian list it — «سوال کوتاه سه تا فرم ۳۰ اضافه کنید» is
// «سه تا سوال کوتاه»: the count and its «تا» go before the noun. Only
// where nothing else may follow the count: the end, a mark, the form, a
// preposition or the verb; «سوال ۳ تا ۵» is a range, and a count in
// digits right after the noun is its number unless a type comes between.
func countAfterNoun(toks []token) []token {
	for k := 2; k < len(toks); k++ {
		if toks[k].m != "تا" || toks[k].quoted || !toks[k-1].isNum || toks[k-1].quoted || toks[k-1].num < 2 || toks[k-1].num > 12 {
			continue
		}
		j := k - 2
		for j >= 0 && !toks[j].quoted && !toks[j].qnoun && typeWords[toks[j].m] {
			j--
		}
		if j < 0 || !toks[j].qnoun || toks[j].quoted || toks[k-1].digits && j == k-2 {
			continue
		}
		if j > 0 && toks[j-1].isNum && !toks[j-1].quoted && !(j > 1 && isFormNoun(toks[j-2].m)) {
			continue // a count said before the noun already
		}
		if k+1 < len(toks) {
			nx := toks[k+1]
			if nx.quoted || !(nx.punct || isFormNoun(nx.m) || isAny(nx.m, "به", "در", "برای", "توی", "تو", "اضافه") || isVerbForm(nx.m)) {
				continue
			}
		}
		moved := append(make([]token, 0, len(toks)), toks[:j]...)
		moved = append(moved, toks[k-1], toks[k])
		moved = append(moved, toks[j:k-1]...)
		toks = append(moved, toks[k+1:]...)
	}
	return toks
}
