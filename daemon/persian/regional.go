package persian

import "strings"

// Persian written with the habits of another language of Iran keeps the
// other language's forms of the few words a command is built on: the
// light verb, the verb of putting, the object marker, "this", "now".
// A Kermanshahi Kurdish speaker writes «بکه» for «بکن», «ئی» for «این»,
// «ایسا» for «الان» and «واز» for «باز»; a Rashti speaker writing with
// Gilaki habits writes «بوکون»/«نوکون» for «بکن»/«نکن», «بیذار» for
// «بذار» and «ره» for the object marker «رو». Each is read as the
// Persian word it stands for; the surface stays as typed.

// regionalForms maps a regional form to the Persian word of the
// grammar. Only words no Persian command uses in another sense are
// listed.
var regionalForms = map[string]string{
	// Kurdish: the light verb «کردن» in its imperative and denial,
	// «ئی»/«ئو» (this/that), «ایسا» (now), «واز» (open), «ببخشی»
	// (sorry, said to one person).
	"بکه": "بکن", "نکه": "نکن", "بکین": "بکنین",
	"ئی": "این", "ئو": "اون",
	"ایسا": "الان", "ایسه": "الان",
	"واز":   "باز",
	"ببخشی": "ببخشید",
	// Gilaki: «بوکون»/«نوکون» (do/don't) and their persons, «بوکونه»
	// (that it do), «بیذار»/«نیذار» (put/don't put), «ره» (the object
	// marker), «بمانه» (let it stay), «بیدینم» (let me see).
	"بوکون": "بکن", "بوکونید": "بکنید", "بوکونین": "بکنین", "بوکونی": "بکنی", "بوکونه": "بکنه", "بوکونن": "بکنن",
	"نوکون": "نکن", "نوکونید": "نکنید", "نوکونین": "نکنین", "نوکونه": "نکنه",
	"بیذار": "بذار", "بیذارید": "بذارید", "بیذارین": "بذارین", "بیذاری": "بذاری", "نیذار": "نذار",
	"ره":     "رو",
	"بمانه":  "بمونه",
	"بیدینم": "ببینم",
	// «بوکن»/«نوکن» of Mashhad and the north, «بکو»/«نکو» of Lori and
	// Shirazi speech: the same light verb.
	"بوکن": "بکن", "نوکن": "نکن", "بکو": "بکن", "نکو": "نکن",
	// The written prohibitive of older Persian, which every region
	// reads: «پاک مکن», «مکنید».
	"مکن": "نکن", "مکنید": "نکنید",
	// Kurdish «نکین», «ئیه» (this is), «نیه» (is not), «چن» (how many,
	// a few); the spoken «خا» of «خواستن» («نمیخاد»).
	"نکین": "نکنین", "نوکونی": "نکنی", "بوکونم": "بکنم", "ئیه": "این", "نیه": "نیست", "چن": "چند",
	"میخاد": "میخواد", "نمیخاد": "نمیخواد",
}

// regionalPronouns are regional forms with the pronoun suffix «ـش» typed
// on: «بوکونش» (do it), «بیذارش» (put it).
var regionalPronouns = map[string]string{"بوکونش": "بکن", "بیذارش": "بذار", "بکهش": "بکن"}

// regionalWord reads a regional form as the Persian word it stands
// for; ok is false for every other word (one map lookup).
func regionalWord(t token) (token, bool) {
	if w, ok := regionalForms[t.m]; ok {
		t.m = w
		return t, true
	}
	if w, ok := regionalPronouns[t.m]; ok {
		t.m, t.pron = w, true
		return t, true
	}
	return t, false
}

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
