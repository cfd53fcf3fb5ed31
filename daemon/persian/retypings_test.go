package persian

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The ways real writers retype one command without changing what it
// asks: TestNoUnaskedDestructionWhenRetyped says every corpus command
// again each of these ways. Each retyping is named, so that a failure
// says which habit broke the reading.

// retyping is one habit of retyping a command; spared, when set, is
// the destructive action the retyped command denies on form spareID
// (no plan may take it there, whatever the corpus line asked).
type retyping struct {
	name   string
	retype func(string) string
	spared string
}

// spareID is the form the negated-order retypings deny destroying; no
// corpus command names it.
const spareID = 4217

var (
	toLatinDigits  = strings.NewReplacer("۰", "0", "۱", "1", "۲", "2", "۳", "3", "۴", "4", "۵", "5", "۶", "6", "۷", "7", "۸", "8", "۹", "9", "٠", "0", "١", "1", "٢", "2", "٣", "3", "٤", "4", "٥", "5", "٦", "6", "٧", "7", "٨", "8", "٩", "9")
	latinToPersian = strings.NewReplacer("0", "۰", "1", "۱", "2", "۲", "3", "۳", "4", "۴", "5", "۵", "6", "۶", "7", "۷", "8", "۸", "9", "۹")
	latinToArabic  = strings.NewReplacer("0", "٠", "1", "١", "2", "٢", "3", "٣", "4", "٤", "5", "٥", "6", "٦", "7", "٧", "8", "٨", "9", "٩")
	// noPunctuation is dictation: no mark at all, quotes included.
	noPunctuation = strings.NewReplacer("،", " ", ",", " ", ".", " ", "؛", " ", ";", " ", ":", " ", "؟", " ", "?", " ", "!", " ", "«", " ", "»", " ", "\"", " ", "(", " ", ")", " ", "/", " ")
	// sentenceEnds writes every clause end as a full stop.
	sentenceEnds = strings.NewReplacer("، ", ". ", "؛ ", ". ", "; ", ". ")
)

// eachWord rewrites the words of text that f changes, leaving the
// spacing and the words inside «…» as they were.
func eachWord(text string, f func(string) string) string {
	var b strings.Builder
	quoted := false
	for _, w := range strings.SplitAfter(text, " ") {
		core := strings.TrimRight(w, " ")
		if strings.Contains(core, "«") {
			quoted = true
		}
		if !quoted {
			lead, word, trail := splitMarks(core)
			core = lead + f(word) + trail
		}
		if strings.Contains(w, "»") {
			quoted = false
		}
		b.WriteString(core + w[len(strings.TrimRight(w, " ")):])
	}
	return b.String()
}

// splitMarks parts the punctuation around a word from it.
func splitMarks(w string) (string, string, string) {
	marks := "،,.؛;:؟?!«»()\""
	word := strings.TrimLeft(w, marks)
	lead := w[:len(w)-len(word)]
	core := strings.TrimRight(word, marks)
	return lead, core, word[len(core):]
}

// retypedLightVerbs are the light verbs a command ends its orders with.
var retypedLightVerbs = map[string]bool{"کن": true, "کنید": true, "کنین": true, "بکن": true, "بکنید": true, "نکن": true, "نکنید": true, "نکنین": true, "کنه": true, "بشه": true, "نشه": true, "شود": true, "نشود": true, "بده": true, "بذار": true, "بزار": true, "نمایید": true, "بفرمایید": true}

// swapRegister turns colloquial verb endings and «رو» formal and formal
// ones colloquial.
func swapRegister(w string) string {
	switch w {
	case "کن":
		return "کنید"
	case "کنید", "کنین":
		return "کن"
	case "نکن":
		return "نکنید"
	case "نکنید", "نکنین":
		return "نکن"
	case "بکن":
		return "بکنید"
	case "رو":
		return "را"
	case "را":
		return "رو"
	case "بشه":
		return "شود"
	case "شود":
		return "بشه"
	case "نشه":
		return "نشود"
	case "نشود":
		return "نشه"
	}
	return w
}

// holdLetter holds the last letter of a verb for stress: «کنیددد».
func holdLetter(w string) string {
	if !retypedLightVerbs[w] {
		return w
	}
	r := []rune(w)
	return w + strings.Repeat(string(r[len(r)-1]), 3)
}

// negatedVerb is a denied light verb.
func negatedVerb(w string) bool {
	return w == "نکن" || w == "نکنید" || w == "نکنین" || w == "نشه" || w == "نشود" || w == "نکنه" || w == "نکند" || w == "نذار" || w == "نزن" || w == "نگردد" || w == "ننمایید"
}

// intensify puts «اصلا» (or «به هیچ وجه») before the verb noun of a
// denied light verb: «پاک نکن» → «اصلا پاک نکن».
func intensify(word string) func(string) string {
	return func(text string) string {
		ws := strings.Split(text, " ")
		var out []string
		for i, w := range ws {
			_, core, _ := splitMarks(w)
			if i+1 < len(ws) {
				_, next, _ := splitMarks(ws[i+1])
				if negatedVerb(next) && core != "رو" && core != "را" && !strings.ContainsAny(w, "«»") {
					out = append(out, word)
				}
			}
			out = append(out, w)
		}
		return strings.Join(out, " ")
	}
}

// finglishVerbs writes the verbs in Latin letters, the rest as it was.
var finglishVerbs = strings.NewReplacer("پاک نکن", "pak nakon", "پاک کن", "pak kon", "حذف نکن", "hazf nakon", "حذف کن", "hazf kon", "حذفش کن", "hazfesh kon", "پاکش کن", "pakesh kon",
	"منتشر نکن", "montasher nakon", "منتشر کن", "publish kon", "منتشرش کن", "publishesh kon", "اضافه کن", "ezafe kon", "غیرفعال نکن", "gheyrefaal nakon", "غیرفعال کن", "gheyrefaal kon",
	"عوض کن", "avaz kon", "بساز", "besaz", "اجباری کن", "ejbari kon")

// soundTypos are sound-alike misspellings of verb nouns and object
// nouns, one letter class at a time.
var soundTypos = []struct {
	name string
	r    *strings.Replacer
}{
	{"zal", strings.NewReplacer("حذف", "حزف", "گزینه", "گذینه", "بذار", "بزار", "اجباری", "اجباری")},
	{"zad", strings.NewReplacer("حذف", "حضف", "گزینه", "گضینه", "بذار", "بظار")},
	{"za", strings.NewReplacer("حذف", "حظف", "گزینه", "گظینه", "گذار", "گظار")},
	{"sin", strings.NewReplacer("سوال", "ثوال", "سؤال", "صوال", "پرسش", "پرثش", "نسخه", "نصخه")},
	{"te", strings.NewReplacer("منتشر", "منطشر", "تغییر", "طغییر", "متن", "مطن", "اجباری", "اجباری")},
	{"he", strings.NewReplacer("حذف", "هذف", "اضافه", "اضافح", "گزینه", "گزینح")},
	{"ghaf", strings.NewReplacer("غیرفعال", "قیرفعال", "غیر فعال", "قیر فعال", "قبول", "غبول")},
}

// swapOrders says two orders joined by «و» (or «، بعد») the other way
// round: «X کن و Y کن» → «Y کن و X کن».
func swapOrders(text string) string {
	for _, sep := range []string{" و ", "، بعد ", "، سپس ", " و بعد "} {
		parts := strings.SplitN(text, sep, 2)
		if len(parts) != 2 {
			continue
		}
		lw := strings.Fields(parts[0])
		if len(lw) == 0 || !retypedLightVerbs[strings.Trim(lw[len(lw)-1], "،,.؛")] {
			continue
		}
		second := strings.TrimRight(parts[1], " .،")
		return second + " و " + parts[0]
	}
	return text
}

// retypings are every habit TestNoUnaskedDestructionWhenRetyped tries.
func retypings() []retyping {
	rs := []retyping{
		{name: "no commas or stops", retype: strings.NewReplacer("،", " ", ",", " ", ".", " ", "؛", " ").Replace},
		{name: "greeting", retype: func(s string) string { return "سلام، " + s }},
		{name: "please before", retype: func(s string) string { return "لطفا " + s }},
		{name: "can you", retype: func(s string) string { return "میشه " + s }},
		{name: "thanks after", retype: func(s string) string { return s + " ممنون" }},
		{name: "please after", retype: func(s string) string { return s + " لطفا" }},
		{name: "kon as konid", retype: func(s string) string { return strings.ReplaceAll(s, " کن", " کنید") }},
		{name: "ro as ra", retype: func(s string) string { return strings.ReplaceAll(s, " رو ", " را ") }},
		{name: "zwnj dropped", retype: func(s string) string { return strings.ReplaceAll(s, "\u200c", "") }},
		{name: "zwnj as space", retype: func(s string) string { return strings.ReplaceAll(s, "\u200c", " ") }},
		{name: "arabic letters", retype: strings.NewReplacer("ی", "ي", "ک", "ك").Replace},
		{name: "question mark left off", retype: func(s string) string { return strings.ReplaceAll(s, "؟", "") }},
		{name: "latin digits", retype: toLatinDigits.Replace},
		{name: "persian digits", retype: func(s string) string { return latinToPersian.Replace(toLatinDigits.Replace(s)) }},
		{name: "arabic-indic digits", retype: func(s string) string { return latinToArabic.Replace(toLatinDigits.Replace(s)) }},
		{name: "dictation, no marks", retype: noPunctuation.Replace},
		{name: "clauses as sentences", retype: func(s string) string {
			s = strings.TrimRight(sentenceEnds.Replace(s), " .")
			if strings.HasSuffix(s, "؟") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "»") {
				return s
			}
			return s + "."
		}},
		{name: "letter held on the verb", retype: func(s string) string { return eachWord(s, holdLetter) }},
		{name: "register swapped", retype: func(s string) string { return eachWord(s, swapRegister) }},
		{name: "ro as ru", retype: func(s string) string { return strings.ReplaceAll(s, " رو ", " رُ ") }},
		{name: "ro in latin", retype: func(s string) string { return strings.ReplaceAll(s, " رو ", " ro ") }},
		{name: "trailing question mark", retype: func(s string) string { return strings.TrimRight(s, " .") + "?" }},
		{name: "two question marks", retype: func(s string) string { return strings.TrimRight(s, " .؟") + "؟؟" }},
		{name: "remark between commas", retype: remark("، که قبلا گفتم،")},
		{name: "remark about yesterday", retype: remark("، همون که دیروز گفتم،")},
		{name: "asla before a denial", retype: intensify("اصلا")},
		{name: "be hich vajh before a denial", retype: intensify("به هیچ وجه")},
		{name: "filler diye", retype: func(s string) string { return s + " دیه" }},
		{name: "filler dige", retype: func(s string) string { return s + " دیگه" }},
		{name: "filler khob", retype: func(s string) string { return s + " خب" }},
		{name: "finglish verbs", retype: finglishVerbs.Replace},
		{name: "orders the other way round", retype: swapOrders},
		{name: "denied delete before", retype: func(s string) string { return "فرم ۴۲۱۷ رو پاک نکن، " + s }, spared: domain.ActionDeleteForm},
		{name: "denied delete after", retype: func(s string) string {
			return strings.TrimRight(s, " .") + " ولی فرم ۴۲۱۷ رو حذف نکنید"
		}, spared: domain.ActionDeleteForm},
		{name: "denied disable before", retype: func(s string) string { return "فرم 4217 غیرفعال نشه. " + s }, spared: domain.ActionDisableForm},
		{name: "denied draft after", retype: func(s string) string {
			return strings.TrimRight(s, " .") + "، فرم ۴۲۱۷ هم پیش‌نویس نشه"
		}, spared: domain.ActionDraftForm},
		{name: "denied unpublish before", retype: func(s string) string { return "فرم ۴۲۱۷ رو از انتشار در نیار، " + s }, spared: domain.ActionDraftForm},
	}
	for _, st := range soundTypos {
		rs = append(rs, retyping{name: "sound typo " + st.name, retype: st.r.Replace})
	}
	return rs
}

// remark puts a remark between commas after the object of the first
// order («فرم ۵ رو، که قبلا گفتم، منتشر کن»), or after the first word.
func remark(r string) func(string) string {
	return func(s string) string {
		for _, obj := range []string{" رو ", " را "} {
			if i := strings.Index(s, obj); i >= 0 && !strings.Contains(s[:i], "«") {
				return s[:i+len(obj)-1] + r + " " + s[i+len(obj):]
			}
		}
		if i := strings.Index(s, " "); i > 0 && !strings.Contains(s[:i], "«") {
			return s[:i] + r + s[i:]
		}
		return s
	}
}
