package persian

import "strings"

// Dari: the Persian of Afghanistan, as Afghan admins in Kabul, Herat,
// Mazar and Iran type it. Its light verb «کردن» is «کدن»: the order is
// «کو» («پاک کو», «جور کو», «نشر کو»), the participle «کده» («مهربانی
// کده»: please; «پاک کدی؟»: did you delete it?). It makes verbs of
// other nouns («جور کو», «نشر کو», «تیار کو», «بسته کو»), names things
// with its own words («نمبر» for «شماره», «مبایل», «تلیفون», «تذکره» the
// national card, «مسوده» a draft, «کاپی», «طویل», «لازمی» and «حتمی» for
// required), counts with «دانه» («دو دانه سوال»), says «نی» for «نه»,
// «بان» for «بذار» (put, let), «صبا» for tomorrow, «قد/کتی» for «با»,
// and writes «سیوم», «چارم», «فورم».
//
// dariWords is the regional table's (regionalWords) Dari part: each word
// and the standard words it is read as, looked up exactly, never by
// sound. A word whose reading is nil is read by its neighbours
// (dariContext). Every Dari word is a word read in context of the
// regional table (withTable), so that a Dari command — and only one —
// opens the pass that reads them. No entry is read as a verb that
// removes (TestRegionalDestroysExactly): «پاک کو» deletes because «پاک»
// does, with the object the command names.
var dariWords = map[string][]string{
	// the light verb «کدن»: its past and participle
	"کده": {"کرده"}, "کدی": {"کردی"}, "کدم": {"کردم"}, "کدیم": {"کردیم"}, "کدین": {"کردین"},
	"کدید": {"کردید"}, "کدن": {"کردن"}, "کدند": {"کردند"},
	"نکده": {"نکرده"}, "نکدی": {"نکردی"}, "نکدم": {"نکردم"}, "نکدیم": {"نکردیم"}, "نکدین": {"نکردین"},
	"شوه": {"بشه"}, "نشوه": {"نشه"},
	// states and kinds
	"لازمی": {"اجباری"}, "حتمی": {"اجباری"}, // required
	"مسوده": {"پیش‌نویس"}, // a draft
	"طویل":  {"بلند"},     // long (text)
	"کاپی":  {"کپی"}, "کاپیش": {"کپیش"},
	// nouns of the formats
	"نمبر": {"شماره"}, "نمبرش": {"شمارهاش"},
	"مبایل": {"موبایل"}, "تلیفون": {"تلفن"},
	"فارمت": {"فرمت"}, "فارمتش": {"فرمتش"},
	// ordinals and numbers as said
	"سیوم": {"سوم"}, "سیومش": {"سومش"}, "سیومی": {"سومی"}, "چارم": {"چهارم"}, "چارمش": {"چهارمش"}, "چارمی": {"چهارمی"}, "چار": {"چهار"},
	// put, let; want; no
	"بان": nil, "بانین": {"بذارین"}, "بانید": {"بذارید"}, "بانش": {"بذارش"},
	"نمیخایم": nil, "میخایم": {"میخوام"}, "نمیخاییم": {"نمیخوایم"},
	"نی": {"نه"},
	// time, need, with, like this, leave
	"صبا": {"فردا"}, "پسصبا": {"پسفردا"},
	"ضرور": {"لازم"},
	"کتی":  {"با"},
	"همی":  {"همین"},
	"ایلا": {"ولش"}, "ایله": {"ولش"}, // «ایلا کو»: let it be, «ولش کن»
	// Dari writes the relative «ـه‌ای» as «ـه‌یی»: «چندگزینه‌یی».
	"گزینهیی": {"گزینهای"}, "چندگزینهیی": {"چندگزینهای"}, "دوگزینهیی": {"دوگزینهای"},
	"پرسان": {"پرسش"},                   // a question
	"فورمه": {"فرم"}, "فورمهی": {"فرم"}, // the form, Dari's own word for it
	"سازید": {"بسازید"}, "سازین": {"بسازین"}, // «اختیاری سازید»: make it so
	"بته": {"بده"}, "بتین": {"بدین"}, "بتید": {"بدید"}, // give: «تغیر بتین به …»
	"ببخشین": {"ببخشید"}, // sorry: «نی نی ببخشین، فورم ۸۸ ره»
	"چارده":  {"چهارده"},
	// read by the words beside them (dariContext)
	"کو":      nil, // the order «کن» after a word that takes a light verb; else «where?»
	"جور":     nil, // «جور کو»: make; alone a kind, or fine
	"تیار":    nil, // «تیار کو»: make; alone ready
	"نشر":     nil, // «نشر کو»: publish; «پیش از نشر»: publishing; «از نشر بکش» stays
	"نشرش":    nil, // «نشرش کو»: publish it
	"بسته":    nil, // «بسته کو»: close — a Dari verb, read as Iranian speech reads «بسته کن»
	"دانه":    nil, // «دو دانه سوال»: the counter «تا»
	"قد":      nil, // «قد گزینه‌های …»: with; elsewhere height
	"مهربانی": nil, // «مهربانی کده»: please
	"بسیار":   nil, // «بسیار تشکر»: many thanks
	"زنده":    nil, // «زنده باشین»: thank you
	"اینه":    nil, // «اینه نمیخایم»: this (object); elsewhere «it is this»
	"امید":    nil, // «امید است خوب باشین»: a greeting
	"د":       nil, // Hazaragi «دَ فورم ۶۰»: to, in
}

// dariNotMarks are Dari words that Iranian typing also has (a slip, a
// name, a reed): they are read, but they do not make a command Dari.
var dariNotMarks = map[string]bool{"ببخشین": true, "امید": true, "د": true, "کو": true, "نی": true, "همی": true, "صبا": true, "بسیار": true, "زنده": true, "اینه": true, "قد": true, "جور": true, "چار": true, "نشر": true}

// dariLight reports a light verb as Dari or Iran types it: the verb
// after a noun that makes it an act.
func dariLight(m string) bool {
	return lightVerbSet[m] || isAny(m, "کو", "نکو", "بکو", "شوه", "نشوه", "کدی", "کده", "کدن", "کدم", "کدیم", "کدین", "نکدی", "نکده",
		"شده", "شد", "کرده", "کردی", "کردن", "نکن", "نکنید", "نکنین", "میشه", "نشه", "کنه", "بکنین", "شوند")
}

// dariHost reports a word that takes a light verb: «کو» after it is the
// order «کن». The word as typed («نشرش») or as read («منتشرش»).
func dariHost(m string) bool {
	if base, ok := strings.CutSuffix(m, "ش"); ok && base != "" && dariHostWord(base) {
		return true
	}
	return dariHostWord(m)
}

func dariHostWord(m string) bool {
	return isAny(m, "جور", "نشر", "تیار", "بسته", "منتشر", "درست", "پاک", "حذف", "اضافه", "علاوه", "کپی", "کاپی", "پیشنویس", "مسوده",
		"اجباری", "لازمی", "حتمی", "اختیاری", "غیرفعال", "عوض", "تغییر", "تغیر", "ول", "ایلا", "ایله", "خالی", "کم", "زیاد", "باز", "بالا", "پایین",
		"فعال", "ذخیره", "ایجاد", "ویرایش", "ایدیت", "مخفی",
		// «صبر کو»: wait — the order held back (undecided).
		"صبر", "فکر", "رها") ||
		isAny(m, publishWords...) || isAny(m, draftWords...) || isAny(m, deleteWords...) || isAny(m, disableWords...) ||
		isAny(m, copyWords...) || isAny(m, requiredWords...) || isAny(m, optionalWords...) ||
		typeWords[m] // «عددی کو»: make it a number question
}

// dariContext reads the Dari words of a command (dariWords). It runs
// with the regional table's readings in context (regionalContext), and
// does nothing when no Dari word was typed. In a command that says a
// Dari word of its own, «فورم» is Dari's spelling of «فرم», as exact as
// «فرم» is: a form said so is deleted, closed or unpublished when the
// command asks it.
func dariContext(toks []token) []token {
	marked, any := false, false
	for _, t := range toks {
		if t.quoted || t.punct {
			continue
		}
		if t.dari {
			any = true
			marked = marked || !dariNotMarks[matchForm(t.s)]
		} else if _, ok := dariWords[t.m]; ok {
			any = true
			marked = marked || !dariNotMarks[t.m]
		}
	}
	if !any {
		return toks
	}
	std := func(t token, w string) token {
		nt := wordToken(w)
		nt.s = t.s
		return nt
	}
	raw := func(k int) string {
		if k >= 0 && k < len(toks) && !toks[k].quoted && !toks[k].punct {
			return toks[k].m
		}
		return ""
	}
	out := make([]token, 0, len(toks)+2)
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		if t.quoted || t.punct {
			out = append(out, t)
			continue
		}
		w, known := dariWords[t.m]
		if !known {
			out = append(out, t)
			continue
		}
		if len(w) == 1 {
			out = append(out, std(t, w[0]))
			continue
		}
		next, prev := raw(k+1), ""
		if n := len(out); n > 0 && !out[n-1].quoted && !out[n-1].punct {
			prev = out[n-1].m
		}
		switch t.m {
		case "کو":
			// «پاک کو», «نشرش کو»: the order, after a word that takes a
			// light verb. «فورم ۳۱ کو؟»: where is it — a question, left
			// as typed and never an act.
			if prev != "" && (dariHost(prev) || !out[len(out)-1].isNum && saysWhatItBecomes(out)) && !(k+1 < len(toks) && toks[k+1].punct && isAny(toks[k+1].m, "؟", "?")) && !uiNounBefore(out) {
				marked = true
				out = append(out, std(t, "کن"))
				continue
			}
			// «فورم ۳۱ کو پیدا نمیشه», «دکمه پاک کو در فورم ۱۲»: where —
			// the command asks, and orders nothing.
			out = append(out, std(t, "کجا"))
			continue
		case "جور", "تیار":
			if dariLight(next) {
				out = append(out, std(t, "درست"))
				continue
			}
		case "نشر", "نشرش":
			// The light verb as typed: «از نشر بکشید» only sounds like
			// «بکنید».
			nextTyped := ""
			if next != "" {
				nextTyped = matchForm(toks[k+1].s)
			}
			switch {
			case dariLight(nextTyped):
				// «نشر کو», «نشرش کنین», «نشر شده؟»: publish.
				marked = true
				nt := std(t, "منتشر")
				if t.m == "نشرش" {
					nt = std(t, "منتشرش")
				}
				out = append(out, nt)
				continue
			case t.m == "نشر":
				// «پیش از نشر فورم ۵۲»: publishing, the noun; «از نشر
				// بکش»: out of publication (outOfPublication), a Dari
				// phrase.
				marked = marked || prev == "از"
				out = append(out, std(t, "انتشار"))
				continue
			}
		case "بسته":
			// «بسته کو», «بسته نکنید»: close — Dari's verb for what
			// Iranian speech says «ببند», the form kept and its answers
			// stopped (disable, RULINGS 5). Only before its light verb, as
			// typed: «بسته» alone is a parcel or a state.
			if next != "" && dariLight(matchForm(toks[k+1].s)) {
				marked = true
				out = append(out, std(t, "غیرفعال"))
				continue
			}
		case "دانه":
			// «دو دانه سوال», «یک دانه»: the counter after a number.
			if n := len(out); n > 0 && out[n-1].isNum && !out[n-1].quoted {
				if out[n-1].num != 1 {
					out = append(out, std(t, "تا"))
				}
				continue
			}
		case "قد":
			// «قد گزینه‌های هفتم، هشتم»: with the options.
			if strings.HasPrefix(next, "گزینه") || strings.HasPrefix(next, "جواب") {
				out = append(out, std(t, "با"))
				continue
			}
		case "مهربانی":
			// «مهربانی کده …», «مهربانی کنین», «مهربانی نموده»: please.
			if isAny(next, "کده", "کنین", "کنید", "کرده", "کو", "نموده") {
				out = append(out, std(t, "لطفا"))
				k++
				continue
			}
		case "بسیار":
			if isAny(next, "تشکر", "ممنون", "سپاس") {
				out = append(out, std(t, "خیلی"))
				continue
			}
		case "زنده":
			// «زنده باشین»: thank you, said after an order.
			if isAny(next, "باشین", "باشید", "باشی", "باشن") {
				out = append(out, std(t, "ممنون"))
				k++
				continue
			}
		case "بان":
			// «… ره بان اول», ««…» بان», «بان که نشر شوه»: put, let —
			// after the object or a quote, or opening its clause. After
			// another noun it is the «ـبان» of a keeper («دروازه بان»).
			_, ord := ordinal(prev)
			if prev == "" || isAny(prev, "را", "رو", "این") || ord || len(out) > 0 && out[len(out)-1].isNum && out[len(out)-1].digits || next == "که" {
				out = append(out, std(t, "بذار"))
				continue
			}
		case "نمیخایم":
			// «فورم ۳۲ ره نمیخایم پاک کنی»: I don't want you to delete it
			// — the order not to, «پاک نکن».
			if k+2 < len(toks) && dariHost(next) && isAny(raw(k+2), "کنی", "کنین", "کنید", "بکنی", "بکنین", "بکنید") {
				out = append(out, toks[k+1], std(toks[k+2], "نکن"))
				k += 2
				continue
			}
			out = append(out, std(t, "نمیخوام"))
			continue
		case "امید":
			// «امید است خوب باشین», «امید که صحت باشید»: a greeting
			// before the order, which says nothing of it.
			end := -1
			for j := k + 1; j < len(toks) && j <= k+5 && !toks[j].quoted && !toks[j].punct; j++ {
				if isAny(toks[j].m, "باشین", "باشید", "باشی", "باشن", "باشند", "هستین", "هستید") {
					end = j
					break
				}
			}
			if end > 0 {
				k = end
				continue
			}
		case "د":
			// «دَ فورم ۶۰ یک سوال علاوه کو»: to the form, in it.
			if n := next; n != "" && (isAny(n, "فورم", "فرم", "سوال", "پرسش") || questionNouns[n] || strings.HasPrefix(n, "فرم")) {
				out = append(out, std(t, "به"))
				continue
			}
		case "اینه":
			// «اینه نمیخایم», «اینه پاک کو»: this one, the object; as
			// the copula («اینه که …») it stays.
			n := next
			if r, ok := dariWords[n]; ok && len(r) == 1 {
				n = matchForm(r[0])
			}
			if n != "" && (isVerbForm(n) || negativeVerbs[n] || dariHost(n)) {
				out = append(out, std(t, "این"), token{m: "رو", s: ""})
				continue
			}
		}
		out = append(out, t)
	}
	if marked {
		for k := range out {
			if out[k].fuzzy && !out[k].quoted && strings.HasPrefix(matchForm(out[k].s), "فورم") && strings.HasPrefix(out[k].m, "فرم") {
				out[k].fuzzy = false
			}
		}
	}
	return out
}

// saysWhatItBecomes reports a clause, up to its last word, that names
// what of a question or form is set — «فارمتش نمبر مبایل کو», «نوعش
// جواب کوتاه کو», «اسمش «…» کو»: the «کو» after the value is the order
// that sets it.
func saysWhatItBecomes(out []token) bool {
	for j := len(out) - 1; j >= 0 && !out[j].punct; j-- {
		if !out[j].quoted && isAny(out[j].m, "فرمت", "فرمتش", "قالب", "قالبش", "نوع", "نوعش", "تایپ", "تایپش", "اسمش", "نامش", "عنوانش", "متنش") {
			return true
		}
	}
	return false
}

// uiNounBefore reports a word that takes a light verb right after a
// noun of the page — «دکمه پاک», «گزینه حذف», «بخش نشر»: it names the
// button or the part, and «کو» after it asks where it is.
func uiNounBefore(out []token) bool {
	n := len(out)
	return n >= 2 && !out[n-2].quoted && isAny(out[n-2].m, "دکمه", "دکمهی", "گزینه", "گزینهی", "بخش", "قسمت", "آیکون", "آیکن", "منو", "منوی", "کلید", "تب", "لینک", "صفحه", "جای", "button")
}
