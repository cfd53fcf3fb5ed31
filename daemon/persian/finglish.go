package persian

import "strings"

// Finglish is Persian typed in Latin letters, as it is on phones and
// keyboards without a Persian layout: «be form 12 do ta soal kootah
// ezafe kon». Nobody spells it the same way twice («soal», «sual»,
// «so'al», «su'al», «soaal», «sval»), so a word is read in three steps:
// its exact spelling in finglishLexicon; its spelling put in a canonical
// form (finglishCanon: kh/x, gh/q, ee/i, oo/ou/o/u, doubled letters,
// apostrophes, a final «h»); and, for a word that destroys nothing, its
// consonants alone (finglishSkeleton: «ezaf» for «ezafe», «sval» for
// «soal»), which marks the token fuzzy. A suffix typed on a word
// («soale», «gozinehaye», «pakesh», «formo») is read as the Persian
// suffix on the Persian word. Only Latin words the grammar does not
// already read as English («publish», «delete», «form», «options») are
// read so; a quoted title or wording keeps its surface as typed.

// finglishLexicon lists, by meaning, the Persian word each Finglish
// spelling stands for. Only one spelling of a word needs to be listed:
// its variants reach it through finglishCanon and finglishSkeleton.
var finglishLexicon = []struct {
	fa    string
	latin []string
}{
	// The object marker, prepositions and conjunctions.
	{"رو", []string{"ro", "ru"}}, {"را", []string{"ra"}}, {"به", []string{"be", "beh"}},
	{"با", []string{"ba"}}, {"و", []string{"va"}}, {"تو", []string{"too", "tu"}}, {"توی", []string{"tuye", "tooye"}},
	{"از", []string{"az"}}, {"در", []string{"dar"}}, {"برای", []string{"baraye", "bara"}}, {"که", []string{"ke"}},
	{"یا", []string{"ya"}}, {"هم", []string{"ham"}}, {"فقط", []string{"faghat"}}, {"دیگه", []string{"dige"}},
	{"بعد", []string{"bad", "baad"}}, {"بعدش", []string{"badesh", "baadesh"}}, {"قبل", []string{"ghabl"}},
	{"قبلش", []string{"ghablesh"}}, {"اول", []string{"aval"}}, {"آخر", []string{"akhar"}}, {"جای", []string{"jaye"}},
	{"اون", []string{"un", "oon"}}, {"این", []string{"een"}}, {"اینو", []string{"ino"}}, {"اونو", []string{"uno", "ono"}},
	{"همه", []string{"hame", "hameye"}}, {"هنوز", []string{"hanuz"}}, {"دوباره", []string{"dobare"}},
	{"تا", []string{"ta"}}, {"های", []string{"haye", "hai"}}, {"ها", []string{"ha"}}, {"هاش", []string{"hash"}},
	// Courtesy and wishes.
	{"سلام", []string{"salam"}}, {"لطفا", []string{"lotfan", "pls", "plz"}}, {"مرسی", []string{"merci", "mersi"}},
	{"ممنون", []string{"mamnun", "mamnunam"}}, {"متشکرم", []string{"motshakeram", "moteshakeram"}},
	{"میخوام", []string{"mikham", "mikhastam"}}, {"میخوایم", []string{"mikhaym", "mikhaim"}}, {"میخوای", []string{"mikhay"}},
	{"میشه", []string{"mishe"}}, {"میتونی", []string{"mituni"}}, {"بی زحمت", []string{"bizahmat"}},
	// Light verbs and copulas.
	{"کن", []string{"kon"}}, {"کنید", []string{"konid"}}, {"کنین", []string{"konin"}}, {"کنی", []string{"koni"}},
	{"بکن", []string{"bokon"}}, {"کنه", []string{"kone"}}, {"کنم", []string{"konam"}}, {"بکنید", []string{"bokonid"}},
	{"نکن", []string{"nakon"}}, {"نکنید", []string{"nakonid"}}, {"نکنین", []string{"nakonin"}}, {"نکنی", []string{"nakoni"}},
	{"بشه", []string{"beshe"}}, {"نشه", []string{"nashe"}}, {"باشه", []string{"bashe"}}, {"باشد", []string{"bashad"}},
	{"نباشه", []string{"nabashe"}}, {"شده", []string{"shode"}}, {"شد", []string{"shod"}}, {"هست", []string{"hast"}},
	{"کردم", []string{"kardam"}}, {"کردی", []string{"kardi"}}, {"کردید", []string{"kardid"}}, {"کرد", []string{"kard"}},
	{"نیست", []string{"nist"}}, {"است", []string{"ast"}}, {"بده", []string{"bede"}}, {"بدید", []string{"bedid"}},
	// Verbs of making, putting, moving, changing.
	{"بساز", []string{"besaz", "bsaz"}}, {"بسازید", []string{"besazid"}}, {"بسازین", []string{"besazin"}},
	{"بسازم", []string{"besazam"}}, {"بسازی", []string{"besazi"}}, {"درست", []string{"dorost"}},
	{"بذار", []string{"bezar", "bzar", "begzar", "bogzar"}}, {"بذارید", []string{"bezarid", "begzarid", "bogzarid"}},
	{"بذارین", []string{"bezarin", "begzarin"}}, {"بذاری", []string{"bezari"}},
	{"اضافه", []string{"ezafe", "ezaf"}}, {"ببر", []string{"bebar"}}, {"ببرید", []string{"bebarid"}}, {"ببرین", []string{"bebarin"}},
	{"خارج", []string{"kharej"}}, {"حالت", []string{"halat"}}, {"دربیار", []string{"darbiar", "darbiyar"}}, {"بیار", []string{"biar", "biyar"}}, {"بیارید", []string{"biarid"}},
	{"عوض", []string{"avaz"}}, {"تغییر", []string{"taghir"}}, {"بنویس", []string{"benevis"}},
	{"قدیمی", []string{"ghadimi", "qadimi"}}, {"فعلی", []string{"feli", "fe'li"}}, {"کسی", []string{"kasi"}},
	// Publishing and the states of a form.
	// English words of publishing as they are said in Persian.
	{"پابلیش", []string{"pablish"}}, {"ریپابلیش", []string{"ripablish"}}, {"آنپابلیش", []string{"anpablish"}},
	{"منتشر", []string{"montasher"}}, {"انتشار", []string{"enteshar"}}, {"پیشنویس", []string{"pishnevis"}},
	{"غیرفعال", []string{"gheyrefaal", "gheirefaal"}}, {"غیر", []string{"gheyre", "gheir"}}, {"فعال", []string{"faal"}},
	{"ببند", []string{"beband"}}, {"ببندید", []string{"bebandid"}}, {"ببندین", []string{"bebandin"}}, {"بستن", []string{"bastan"}}, {"بسته", []string{"baste"}},
	{"پاک", []string{"pak"}}, {"حذف", []string{"hazf"}}, {"کپی", []string{"kopi"}},
	// Nouns of the form.
	{"فرم", []string{"farm"}}, {"سوال", []string{"soal", "porsesh"}}, {"سوالها", []string{"soalha"}},
	{"گزینه", []string{"gozine"}}, {"گزینهها", []string{"gozineha"}}, {"گزینههای", []string{"gozinehaye"}},
	{"اسم", []string{"esm"}}, {"عنوان", []string{"onvan"}}, {"جواب", []string{"javab"}}, {"متن", []string{"matn"}},
	{"اجباری", []string{"ejbari"}}, {"اختیاری", []string{"ekhtiari"}}, {"جدید", []string{"jadid"}},
	// Kinds of question.
	{"کوتاه", []string{"kootah"}}, {"بلند", []string{"boland"}}, {"چند", []string{"chand"}},
	{"گزینهای", []string{"gozinei"}}, {"چندگزینهای", []string{"chandgozinei"}}, {"انتخابی", []string{"entekhabi"}},
	{"چندانتخابی", []string{"chandentekhabi"}}, {"کشویی", []string{"keshooyi", "keshoei"}},
	{"امتیازی", []string{"emtiazi"}}, {"ستاره", []string{"setare"}}, {"ستارهای", []string{"setarei"}},
	{"عدد", []string{"adad"}}, {"عددی", []string{"adadi"}}, {"تاریخ", []string{"tarikh"}},
	{"ایمیل", []string{"imeil", "imel", "emeil"}}, {"عکس", []string{"aks"}}, {"فایل", []string{"fayl"}},
	// Formats.
	{"موبایل", []string{"mobayl", "mobail"}}, {"شماره", []string{"shomare"}}, {"تلفن", []string{"telefon"}},
	{"ثابت", []string{"sabet"}}, {"کد", []string{"kod"}}, {"ملی", []string{"meli"}}, {"پستی", []string{"posti"}},
	{"لینک", []string{"linke"}}, {"سایت", []string{"sait"}},
	// Numbers and ordinals.
	{"یه", []string{"ye"}}, {"یک", []string{"yek"}}, {"سه", []string{"se"}}, {"چهار", []string{"chahar", "char"}},
	{"پنج", []string{"panj"}}, {"شش", []string{"shish", "shesh"}}, {"هفت", []string{"haft"}}, {"هشت", []string{"hasht"}},
	{"نه", []string{"noh", "na"}}, {"ده", []string{"dah"}}, {"دوم", []string{"dovom"}}, {"سوم", []string{"sevom"}},
	{"چهارم", []string{"chaharom"}}, {"پنجم", []string{"panjom"}}, {"ششم", []string{"sheshom"}}, {"هفتم", []string{"haftom"}},
	{"یکی", []string{"yeki"}}, {"دوتا", []string{"dota"}}, {"سهتا", []string{"seta"}},
	// Pages to open.
	{"نتایج", []string{"natayej", "nataiej", "nataij"}}, {"نتیجه", []string{"natije"}}, {"باز", []string{"baz"}},
	{"نشون", []string{"neshun"}}, {"ببینم", []string{"bebinam"}}, {"برو", []string{"boro"}},
	{"ویرایشگر", []string{"virayeshgar"}}, {"ویرایش", []string{"virayesh"}}, {"پاسخها", []string{"pasokhha"}},
	// Questions about a form.
	{"چی", []string{"chi"}}, {"چیا", []string{"chia"}}, {"چیه", []string{"chie"}}, {"بود", []string{"bud"}}, {"آیا", []string{"aya"}}, {"کی", []string{"kei"}},
}

// finglishDestroys are the Persian words whose meaning removes or closes
// something: a Latin token reaches them by its spelling, never by its
// consonants alone.
var finglishDestroys = map[string]bool{
	"پاک": true, "حذف": true, "غیرفعال": true, "غیر": true, "ببند": true, "ببندید": true, "ببندین": true,
	"بستن": true, "بسته": true, "پیشنویس": true,
}

var (
	finglishByCanon    = map[string]string{}
	finglishBySkeleton = map[string]string{}
)

func init() {
	clash := map[string]bool{}
	for _, e := range finglishLexicon {
		for _, l := range e.latin {
			finglishByCanon[finglishCanon(l)] = e.fa
			if _, ok := finglish[l]; !ok {
				finglish[l] = e.fa
			}
		}
	}
	for _, e := range finglishLexicon {
		for _, l := range e.latin {
			k := finglishSkeleton(finglishCanon(l))
			if len(k) < 2 {
				continue
			}
			if w, ok := finglishBySkeleton[k]; ok && w != e.fa || finglishDestroys[e.fa] {
				clash[k] = true
			}
			finglishBySkeleton[k] = e.fa
		}
	}
	for k := range clash {
		delete(finglishBySkeleton, k)
	}
}

// finglishCanon puts a Finglish spelling in one form: letters that
// spell one Persian sound the same (x and kh, q and gh, c and k, w and
// v), the long vowels however they are typed (ee, ou, oo, o and u; aa),
// a doubled letter once, apostrophes (the hamza and ayn) and hyphens
// dropped, a final «h» after a vowel dropped, «ey»/«ei»/«yi» as «i».
func finglishCanon(m string) string {
	var buf [40]byte
	b := buf[:0]
	for i := 0; i < len(m) && len(b) < len(buf)-2; i++ {
		c := m[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch c {
		case '\'', '`', '-', '_':
			continue
		case 'x':
			b = append(b, 'k', 'h')
			continue
		case 'q':
			b = append(b, 'g', 'h')
			continue
		case 'c':
			if i+1 < len(m) && m[i+1] == 'h' {
				b = append(b, 'c')
				continue
			}
			c = 'k'
		case 'w':
			c = 'v'
		case 'o':
			c = 'u'
		case 'y':
			// «ey», «yi»: the vowel ی however it is typed.
			if i > 0 {
				c = 'i'
			}
		}
		if n := len(b); n > 0 && b[n-1] == c && c != 'h' {
			continue // doubled letters, «ee», «oo», «ou», «aa»
		}
		if c == 'i' && len(b) > 0 && b[len(b)-1] == 'e' {
			b = b[:len(b)-1] // «ei» as «i»: «gheire», «gozinei»
		}
		b = append(b, c)
	}
	if n := len(b); n > 2 && b[n-1] == 'h' && strings.IndexByte("aeiu", b[n-2]) >= 0 {
		b = b[:n-1]
	}
	return string(b)
}

// finglishSkeleton keeps the consonants of a canonical spelling: the
// vowels typed or left out («sval», «ezaf», «kutah», «bzar») do not
// tell one word from another. A vowel that begins the word stays as a
// mark (the alef), and a «v» after a consonant is the vowel و.
func finglishSkeleton(c string) string {
	var b [32]byte
	n := 0
	for i := 0; i < len(c) && n < len(b); i++ {
		ch := c[i]
		vowel := strings.IndexByte("aeiu", ch) >= 0
		if vowel && i > 0 {
			continue
		}
		if vowel {
			ch = '\''
		}
		if ch == 'v' && i > 0 && strings.IndexByte("aeiu", c[i-1]) < 0 {
			continue
		}
		if ch == 'h' && n > 0 && strings.IndexByte("sczkg", b[n-1]) >= 0 {
			// «sh», «ch», «zh», «kh», «gh» typed with or without their h:
			// «montaser», «ekhtiari», «extiari».
			continue
		}
		if n > 0 && b[n-1] == ch {
			continue
		}
		b[n] = ch
		n++
	}
	return string(b[:n])
}

// finglishSuffixes are the Persian suffixes typed on a Finglish word,
// longest first: the plural and its ezafe, the pronoun «it», the
// spoken object marker, the ezafe.
var finglishSuffixes = []struct{ latin, fa string }{
	{"hayesh", "هایش"}, {"haye", "های"}, {"hash", "هاش"}, {"ha", "ها"}, {"a", "ها"},
	{"esh", "ش"}, {"ash", "ش"}, {"sh", "ش"}, {"ro", ""}, {"o", ""}, {"ye", ""}, {"e", ""}, {"i", "ی"},
}

// finglishWord reads a Latin token as the Persian word it spells, with
// the suffix typed on it; object tells that the spoken object marker
// («-o», «-ro») was typed on it, and fuzzy that only its consonants
// were matched. English words the grammar reads are left to it.
func finglishWord(m string) (fa string, object, fuzzy, ok bool) {
	// A word of letters only: digits («12», the ids of nearly every
	// command) and signs spell no Persian word.
	if len(m) < 2 || len(m) > 31 || m[0] < 'a' || m[0] > 'z' || !isLatin(m) || finglishEnglish(m) {
		return "", false, false, false
	}
	if w, ok := finglishByCanon[finglishCanon(m)]; ok {
		return w, false, false, true
	}
	for _, suf := range finglishSuffixes {
		base, found := strings.CutSuffix(m, suf.latin)
		if !found || len(base) < 2 {
			continue
		}
		object := suf.latin == "o" || suf.latin == "ro"
		w, ok := finglish[base]
		if !ok {
			w, ok = finglishByCanon[finglishCanon(base)]
		}
		if !ok && object {
			// «esmesho»: the object marker after the pronoun, «اسمش رو».
			var inner, sound bool
			w, inner, sound, ok = finglishWord(base)
			if ok && !inner {
				return w, true, sound, true
			}
			ok = false
		}
		if !ok && finglishEnglish(base) && suf.fa == "ش" {
			continue // «publishesh»: finglishPronoun reads it
		}
		if !ok {
			continue
		}
		return w + suf.fa, object, false, true
	}
	if len(m) >= 4 {
		k := finglishSkeleton(finglishCanon(m))
		// Two consonants tell a word only when it was typed without
		// its vowels («sval», «bzar»): «body» is not «بعد».
		if w, ok := finglishBySkeleton[k]; ok && (len(k) > 2 || vowelLetters(m) <= 1) {
			return w, false, true, true
		}
	}
	return "", false, false, false
}

// finglishEnglish reports an English word the grammar reads as it is.
func finglishEnglish(m string) bool {
	return vocabWords[m] || sounds.known[m] || englishActs[m] || isAny(m, formatWords...) || isAny(m, englishParticles...) ||
		isAny(m, "do", "not", "dont", "don't", "is", "was", "has", "have", "it", "me", "my", "ok", "okay", "yes", "no", "so", "now", "all")
}

// finglishContext reads the Finglish words whose sense hangs on the
// word after them. «do» is the number two where it counts — before the
// counter «ta» or a question's or form's noun («do ta soal», «do soal
// kootah») — and elsewhere the English verb («do not publish»). A word
// of deleting, drafting or closing typed in Latin letters («pak»,
// «hazf», «pishnevis», «gheyrefaal») is the act only before its light
// verb («pak kon», «hazfesh nakon», «pak kardi?»): in English grammar
// or a title («rename form 7 to Star Pak», «options Salam, Bad, Pak»)
// it is a Latin word, never a delete. A state said as where the form
// goes («begzar too pishnevis») is the act too.
//
// A Latin word typed with a capital inside a sentence («گزینه‌های Cash /
// Card / Wallet», «options: Gold, Silver») is a name or a label, as
// written: Finglish is typed in lower case, and «Card» is no «کرد».
func finglishContext(toks []token) {
	for k := range toks {
		t := toks[k]
		if t.quoted || t.s == "" || t.s[0] >= 0x80 {
			continue
		}
		if t.s[0] >= 'A' && t.s[0] <= 'Z' && k > 0 && !(toks[k-1].punct && isAny(toks[k-1].m, ".", "!", "؟", "?", "\n")) && t.m != "" && t.m[0] >= 0x80 {
			if lower := matchForm(t.s); lower != t.m && isLatin(lower) {
				toks[k] = token{m: lower, s: t.s}
				continue
			}
		}
		var next string
		if k+1 < len(toks) && !toks[k+1].quoted {
			next = toks[k+1].m
		}
		switch {
		case t.m == "do":
			if next == "تا" || questionNouns[next] || isAny(next, formNouns...) || next == "گزینه" {
				nt := wordToken("دو")
				nt.s = t.s
				toks[k] = nt
			}
		case finglishNeedsVerb[t.m] && !finglishLightVerb(next) && !(k > 0 && isAny(toks[k-1].m, "تو", "توی", "در", "حالت", "از")):
			// Neither before its light verb nor where the form is put
			// or taken from («begzar too pishnevis», «az pishnevis dar
			// biar»): a Latin word like any other.
			toks[k] = token{m: matchForm(t.s), s: t.s}
		case t.m == "غیر" && k+1 < len(toks) && toks[k+1].m == "فعال" && toks[k+1].s != "" && toks[k+1].s[0] < 0x80:
			// «gheyre faal kon»: the two words of «غیرفعال» are the act
			// only as it is, before a light verb.
			var after string
			if k+2 < len(toks) && !toks[k+2].quoted {
				after = toks[k+2].m
			}
			if !finglishLightVerb(after) {
				toks[k] = token{m: matchForm(t.s), s: t.s}
				toks[k+1] = token{m: matchForm(toks[k+1].s), s: toks[k+1].s}
			}
		case isAny(t.m, "ببند", "ببندید", "ببندین") && !t.pron && !(k > 0 && (toks[k-1].isNum || isAny(toks[k-1].m, "رو", "را"))):
			// «beband» closes the form said before it with its object
			// marker or its number, or «bebandesh»; after a colon or in a
			// title it is a word.
			toks[k] = token{m: matchForm(t.s), s: t.s}
		}
	}
}

// finglishNeedsVerb are the words of a form's state that are an act
// only with a light verb after them; bare, «faal» and «pak» are as
// likely an option or a title's word.
var finglishNeedsVerb = map[string]bool{"پاک": true, "حذف": true, "پیشنویس": true, "غیرفعال": true, "فعال": true}

// finglishLightVerb reports the light verb, or its negation or past,
// that makes an act of the noun before it.
func finglishLightVerb(m string) bool {
	return m != "" && (lightVerbSet[m] || negativeVerbs[m] ||
		isAny(m, "کنی", "کنه", "کنم", "بکنی", "نکنی", "شه", "شد", "شده", "کردی", "کردم", "کردید", "کردین", "نشه", "بشن", "draft", "publish"))
}

// vowelLetters counts the vowel letters typed in a Latin word.
func vowelLetters(m string) int {
	n := 0
	for i := 0; i < len(m); i++ {
		if strings.IndexByte("aeiouyAEIOUY", m[i]) >= 0 {
			n++
		}
	}
	return n
}
