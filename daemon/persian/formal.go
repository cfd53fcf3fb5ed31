package persian

import "strings"

// The written formal registers — a professor's academic Persian, an
// office's letters — put the order at the very end of a long sentence
// and wrap it in words the grammar reads as something else. formalRegister
// puts such a text back into the plainer sentence the grammar reads,
// before it is tokenized:
//
//   - a reference back («فرم مزبور», «فرم مذکور», «فرم فوق‌الذکر», «فرم
//     یادشده») is the last form named by its number before it, and «پرسش
//     مذکور» is «آن», the question just named; with nothing named before
//     it is left, and the command names no form;
//   - the reasons and references a letter opens with («با توجه به …،»,
//     «نظر به اینکه …،», «در راستای …،», «مطابق …،», «همان‌گونه که …،»),
//     up to the comma before the order marker («خواهشمند است», «مقتضی
//     است») or else up to the first comma, are not the order — unless they
//     name the only form the order acts on, when a pronoun of the order
//     («آن را حذف کنید», «پاکش کن») is the question they name;
//   - an aside between dashes that is a relative clause («— که … —») or a
//     reason, a parenthesis that only cites a rule or a letter («(بند ۲-۱
//     صورتجلسه مورخ …)»), a clause's number cited («بند ۳ بخشنامه»), a
//     date («مورخ ۱۴۰۳/۰۸/۲۰») are not part of the order; a point's head
//     («بند ۱:») starts an order;
//   - the impersonal frames «لازم است», «ضروری است», «بدیهی است», «کافی
//     است», «به استحضار می‌رساند» at a clause's start mark an order, not a
//     required question;
//   - a clause after a form's or a question's name that ends at a comma
//     on a verb of state or of the past («پرسش دوم فرم ۱۵ که … حذف شده
//     بود، …») describes it; «اقدام لازم» is the action needed;
//   - a formal negation «ضرورتی/نیازی/لزومی به X نیست (نمی‌باشد، ندارد)»
//     is the plain denial of X, so that nothing it names is done;
//   - the formal ordinal before its noun («دومین پرسش», «دومین و سومین
//     پرسش», «نخستین جایگاه», «به عنوان دومین پرسش») is the ordinal after
//     it; «واپسین» is «آخرین»;
//   - an auxiliary left out before «و» («فرمی … ایجاد و در آن …»,
//     «تبدیل و …») is the one the sentence ends with;
//   - «نخست …» or «ابتدا …» before a «سپس» is the order the acts are
//     said in, not the first place; a plural question noun with its type
//     («پرسش‌های کوتاه «…» و «…»») is one question of that type for each
//     label listed after it;
//   - «بدون حذف کردن», «بدون غیرفعال و حذف» deny the acts they name:
//     they are left out, never read as the acts;
//   - a clause whose subject is an act's noun and whose predicate is
//     negative («حذف پرسش دوم … موجه نیست», «پیشنهاد حذف … رد گردید»,
//     «… مورد موافقت قرار نگرفت») denies the act; an exception («به
//     استثنای پرسش نخست», «به جز سوال اول») is left out, so that the
//     order is read on all, which no plan carries, and never on the
//     exception;
//   - a text that ends on the past «گردید» and orders nothing else
//     («به اطلاع می‌رساند فرم ۲۰ منتشر گردید») reports what was done;
//   - «عنوان فرم ۲۰ به «…» و عنوان فرم ۲۱ به «…» تغییر یابد»: the verb
//     said once at the end is each title's;
//   - «مفتوح» is published, «از دسترس عموم خارج» unpublished, and
//     «طراحی» or «تهیه» of a new form («فرمی …») its creation.
//
// A text holding none of formalTriggers is returned as it is.
func formalRegister(text string) string {
	if !formalTrigger(text) {
		return text
	}
	return formalRead(text)
}

// formalRead is formalRegister on a text formalTrigger has opened.
func formalRead(text string) string {
	us := units(text)
	for k := range us {
		if !us[k].quoted {
			us[k].key = matchForm(us[k].s)
		}
	}
	us = withoutActs(joinedVerbs(us))
	us = formalBackRefs(us)
	us = formalAsides(us)
	us = describingClauses(us)
	us = formalPreamble(us)
	us = formalMarkers(us)
	us = formalNegations(us)
	us = postposedNegations(us)
	us = deniedActNouns(us)
	us = exceptions(us)
	us = askedWithoutMark(us)
	us = formalOrdinals(us)
	us = formalWords(us)
	us = reportedPast(us)
	us = firstThen(us)
	us = sharedObject(us)
	us = pluralLabels(us)
	us = elidedAuxiliary(us)
	us = gappedTitleVerb(us)
	return join(us)
}

// formalTriggers are the words a formal reading waits for; formalAuxNouns
// open it only before «و».
var formalTriggers = map[string]bool{
	"مزبور": true, "مذکور": true, "فوقالذکر": true, "یادشده": true, "بند": true, "مورخ": true,
	"مفتوح": true, "ضرورتی": true, "نیازی": true, "لزومی": true, "احتیاجی": true,
	"لازم": true, "ضروری": true, "بدیهی": true, "کافی": true, "کافیست": true, "استحضار": true,
	"—": true, "–": true, "عموم": true, "طراحی": true, "واپسین": true,
	"دومین": true, "سومین": true, "چهارمین": true, "پنجمین": true, "ششمین": true, "هفتمین": true, "هشتمین": true, "نهمین": true, "دهمین": true, "نخستین": true,
	"آیا": true, "بدون": true, "حفظ": true, "گردید": true, "چون": true, "چونکه": true, "اونجایی": true, "استثنای": true, "جز": true, "بجز": true, "غیر": true, "نیست": true, "نمیباشد": true, "نگرفت": true, "نشد": true, "نگردید": true, "رد": true, "طبق": true, "آنجایی": true, "حذفشدنی": true, "شدنی": true, "نخست": true, "ابتدا": true, "نسبت": true, "پرسشهای": true, "سوالهای": true, "سؤالهای": true, "نظر": true, "عنایت": true, "آنجا": true, "راستای": true, "منظور": true, "همانگونه": true, "پیرو": true, "عطف": true, "بازگشت": true, "اجرای": true, "مطابق": true, "استناد": true, "امعان": true, "توجه": true,
}

var formalAuxNouns = []string{"ایجاد", "تهیه", "طراحی", "تبدیل", "افزوده", "اضافه", "درج", "اصلاح", "تکثیر", "منتقل", "منتشر", "غیرفعال"}

// formalKind is what a word is to formalScan, so that a word is looked
// up once.
type formalKind uint16

const (
	formalOpens  formalKind = 1 << iota // one of formalTriggers
	formalAux                           // one of formalAuxNouns
	formalAnd                           // «و»
	formalAgreed                        // «تایید», «موافقت» after «مورد»
	formalTitle                         // «عنوان» after «… «…» و»
	formalYad                           // «یاد»
	formalShode                         // «شده» after «یاد»
	formalFogh                          // «فوق»
	formalZekr                          // «الذکر» after «فوق»
	formalMored                         // «مورد»
	formalKe                            // «که»
)

var formalWordKinds = func() map[string]formalKind {
	m := map[string]formalKind{}
	for w, ok := range formalTriggers {
		if ok {
			m[w] |= formalOpens
		}
	}
	for _, w := range formalAuxNouns {
		m[w] |= formalAux
	}
	for _, w := range []string{"تایید", "تأیید", "موافقت"} {
		m[w] |= formalAgreed
	}
	for w, k := range map[string]formalKind{"و": formalAnd, "عنوان": formalTitle, "یاد": formalYad, "شده": formalShode, "فوق": formalFogh, "الذکر": formalZekr, "مورد": formalMored, "که": formalKe} {
		m[w] |= k
	}
	return m
}()

func formalTrigger(text string) bool {
	return saidInText(text)&textFormal != 0
}

// formalEdgeMark reports whether r is a mark formalScan trims off a word:
// as strings.Trim with the marks as its cutset, without reading the
// cutset again for every rune.
func formalEdgeMark(r rune) bool {
	switch r {
	case '،', ',', '؛', ';', ':', '.', '(', ')', '«', '»':
		return true
	}
	return false
}

// formalScan reads the words of a text, split at its spaces, for
// formalTrigger.
type formalScan struct {
	prevAux, prevYad, prevFogh, prevMored, sawKe bool
	quoteAnd                                     int // «… «…» و عنوان»: 1 after a closing quote, 2 after its «و»
}

// word reads the next word and reports whether it opens the formal
// reading.
func (f *formalScan) word(w string) bool {
	var buf [96]byte
	comma := strings.HasSuffix(w, "،") || strings.HasSuffix(w, ",")
	closes := strings.HasSuffix(w, "»")
	w = strings.TrimFunc(w, formalEdgeMark)
	if w == "" || len(w) > len(buf) {
		f.prevAux, f.prevYad, f.prevFogh = false, false, false
		return false
	}
	// The word without its ZWNJs, in a buffer on the stack: the map
	// is looked up without a copy of it.
	n := 0
	for i := 0; i < len(w); i++ {
		if w[i] == 0xe2 && i+2 < len(w) && w[i+1] == 0x80 && w[i+2] == 0x8c {
			i += 2
			continue
		}
		buf[n] = w[i]
		n++
	}
	k := buf[:n]
	kind := formalWordKinds[string(k)]
	if kind&formalOpens != 0 || f.prevAux && kind&formalAnd != 0 ||
		f.prevMored && kind&formalAgreed != 0 || f.sawKe && comma ||
		f.quoteAnd == 2 && kind&formalTitle != 0 ||
		f.prevYad && kind&formalShode != 0 || f.prevFogh && kind&formalZekr != 0 ||
		strings.HasPrefix(string(k), "یاد") && strings.HasSuffix(string(k), "شده") && len(k) > len("یادشده")-1 {
		return true
	}
	f.prevAux = kind&formalAux != 0
	f.prevYad, f.prevFogh, f.prevMored = kind&formalYad != 0, kind&formalFogh != 0, kind&formalMored != 0
	f.sawKe = f.sawKe || kind&formalKe != 0
	switch {
	case closes:
		f.quoteAnd = 1
	case f.quoteAnd == 1 && kind&formalAnd != 0:
		f.quoteAnd = 2
	default:
		f.quoteAnd = 0
	}
	return false
}

// joinedVerbs puts back together a verb whose ZWNJ was typed as a
// space: «نمی باشد», «می رساند».
func joinedVerbs(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		if k+1 < len(us) && isAny(ukey(us[k]), "می", "نمی") && isAny(ukey(us[k+1]), "باشد", "باشند", "رساند", "رسانیم", "گردد", "شود") {
			out = append(out, unit{s: us[k].s + "\u200c" + us[k+1].s, glued: us[k].glued})
			k++
			continue
		}
		out = append(out, us[k])
	}
	return out
}

func isPlea(k string) bool {
	return isAny(k, "لطفا", "لطفن", "خواهشا", "ممنون", "سلام")
}

func ukey(u unit) string {
	if u.quoted {
		return ""
	}
	if u.key != "" {
		return u.key
	}
	return matchForm(u.s)
}

func isClauseMark(u unit) bool {
	return !u.quoted && isAny(u.s, "،", ",", "؛", ";", ".", ":", "\n")
}

// backRefAt reports the length (1 or 2 units) of a back-reference word
// at k: «مزبور», «مذکور», «فوق‌الذکر», «فوق الذکر», «یادشده», «یاد شده».
func backRefAt(us []unit, k int) int {
	switch key := ukey(us[k]); {
	case isAny(key, "مزبور", "مذکور", "فوقالذکر", "یادشده", "مزبوره", "مذکوره"):
		return 1
	case k+1 < len(us) && (key == "فوق" && ukey(us[k+1]) == "الذکر" || key == "یاد" && ukey(us[k+1]) == "شده"):
		return 2
	}
	return 0
}

func isFormNoun(k string) bool {
	return isAny(k, "فرم", "پرسشنامه", "نظرسنجی")
}

func isQuestionNoun(k string) bool {
	return isAny(k, "پرسش", "سوال", "سوال", "سؤال", "پرسشی", "سوالی", "سؤالی")
}

// formalBackRefs reads «فرم مزبور» as the form last named by number and
// «پرسش مذکور» as «آن» after a question named before it.
func formalBackRefs(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		if k > 0 && !us[k].quoted {
			if n := backRefAt(us, k); n > 0 {
				head := ukey(us[k-1])
				if isFormNoun(head) {
					if num, ok := lastFormNumber(out[:len(out)-1]); ok {
						out = append(out, unit{s: num})
						k += n - 1
						continue
					}
				} else if isQuestionNoun(head) && questionNamedBefore(out[:len(out)-1]) {
					out[len(out)-1] = unit{s: "آن", glued: out[len(out)-1].glued}
					k += n - 1
					continue
				}
			}
		}
		out = append(out, us[k])
	}
	return out
}

func lastFormNumber(us []unit) (string, bool) {
	for k := len(us) - 2; k >= 0; k-- {
		if isFormNoun(ukey(us[k])) {
			j := k + 1
			if ukey(us[j]) == "شماره" && j+1 < len(us) {
				j++
			}
			if isDigits(us[j].s) && !us[j].quoted {
				return us[j].s, true
			}
		}
	}
	return "", false
}

func questionNamedBefore(us []unit) bool {
	for _, u := range us {
		if k := ukey(u); isQuestionNoun(k) || strings.HasPrefix(k, "پرسش") || strings.HasPrefix(k, "سوال") {
			return true
		}
	}
	return false
}

// formalOpeners begin the reasons and references a letter puts before
// its order.
var formalOpeners = [][]string{
	{"با", "توجه", "به"}, {"نظر", "به"}, {"با", "عنایت", "به"}, {"از", "آنجا", "که"}, {"از", "آنجایی", "که"},
	{"در", "راستای"}, {"به", "منظور"}, {"همانگونه", "که"}, {"همان", "گونه", "که"}, {"پیرو"}, {"عطف", "به"},
	{"بازگشت", "به"}, {"در", "اجرای"}, {"ضمن", "حفظ"}, {"با", "حفظ"}, {"چون"}, {"چونکه"}, {"ازاونجاییکه"}, {"از", "اونجایی", "که"}, {"مطابق"}, {"به", "استناد"}, {"با", "امعان", "نظر", "به"}, {"طبق"},
}

func openerAt(us []unit, k int) int {
	for _, o := range formalOpeners {
		if k+len(o) > len(us) {
			continue
		}
		ok := true
		for j, w := range o {
			if ukey(us[k+j]) != w {
				ok = false
				break
			}
		}
		if ok {
			return len(o)
		}
	}
	return 0
}

// orderMarkerAt reports the length of an order's impersonal frame at k.
func orderMarkerAt(us []unit, k int) int {
	key := ukey(us[k])
	switch {
	case isAny(key, "خواهشمند", "مستدعی", "مقتضی", "مستدعیست", "خواهشمندم", "خواهشمندیم"):
		return 1
	case isAny(key, "لازمست", "کافیست", "ضروریست"):
		return 1
	case k+1 < len(us) && isAny(key, "لازم", "ضروری", "بدیهی", "کافی", "شایسته") && ukey(us[k+1]) == "است":
		return 2
	case k+2 < len(us) && key == "به" && ukey(us[k+1]) == "استحضار" && isAny(ukey(us[k+2]), "میرساند", "میرسانیم", "میرسانم"):
		return 3
	}
	return 0
}

func isGreeting(us []unit, k int) int {
	key := ukey(us[k])
	switch {
	case isAny(key, "احتراما", "سلام", "باسلام", "بااحترام") || isPlea(key):
		return 1
	case k+1 < len(us) && key == "با" && isAny(ukey(us[k+1]), "سلام", "احترام"):
		return 2
	}
	return 0
}

// formalPreamble drops the reasons a letter opens with.
func formalPreamble(us []unit) []unit {
	k := 0
	for k < len(us) {
		if n := isGreeting(us, k); n > 0 {
			k += n
		} else if isClauseMark(us[k]) {
			k++
		} else if n := orderMarkerAt(us, k); n > 0 {
			k += n
			if k < len(us) && ukey(us[k]) == "است" {
				k++
			}
		} else {
			break
		}
	}
	n := openerAt(us, k)
	if n == 0 {
		return us
	}
	end := -1
	for j := k + n; j+1 < len(us); j++ {
		if isAny(us[j].s, "،", ",") && !us[j].quoted {
			if end < 0 {
				end = j
			}
			if orderMarkerAt(us, j+1) > 0 {
				end = j
				break
			}
		}
	}
	if end < 0 {
		return us
	}
	if num, named := lastFormNumber(append(us[k:end:end], unit{})); named {
		if _, after := lastFormNumber(append(us[end+1:len(us):len(us)], unit{})); !after {
			// «با توجه به اینکه پرسش دوم فرم ۱۲ تکراری است، آن را حذف
			// کنید»: the pronoun is the question the reasons name, not
			// their form.
			if out, ok := reasonsQuestionForPronoun(us[:k], us[k:end], us[end+1:], num); ok {
				return out
			}
			return us
		}
	}
	out := append([]unit{}, us[:k]...)
	rest := us[end+1:]
	if len(rest) > 0 {
		rest = append([]unit{{s: rest[0].s, quoted: rest[0].quoted}}, rest[1:]...)
	}
	return append(out, rest...)
}

var citeWords = []string{"بند", "مورخ", "مصوبه", "مطابق", "صورتجلسه", "نامه", "بخشنامه", "پیرو", "طبق", "ماده", "تبصره", "آییننامه", "دستورالعمل"}

func isDash(u unit) bool {
	return !u.quoted && isAny(u.s, "—", "–", "-", "--")
}

// formalAsides drops asides and cited numbers that are not the order.
func formalAsides(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		u := us[k]
		if isDash(u) && k+1 < len(us) && (ukey(us[k+1]) == "که" || openerAt(us, k+1) > 0) {
			if j := closingAt(us, k+1, isDash); j > 0 && !holdsQuote(us[k+1:j]) {
				k = j
				continue
			}
		}
		if !u.quoted && u.s == "(" {
			if j := closingAt(us, k+1, func(u unit) bool { return !u.quoted && u.s == ")" }); j > 0 && citesOnly(us[k+1:j]) {
				k = j
				continue
			}
		}
		key := ukey(u)
		if key == "مورخ" && k+1 < len(us) && isDateUnits(us, k+1) > 0 {
			k += isDateUnits(us, k+1)
			continue
		}
		if key == "بند" && k+1 < len(us) && isDateUnits(us, k+1) > 0 {
			n := isDateUnits(us, k+1)
			// «بند ۱: …», «بند ۲) …» heads a point: an order starts there.
			if k+1+n < len(us) && !us[k+1+n].quoted && isAny(us[k+1+n].s, ":", ")", "-") {
				if len(out) > 0 && !isClauseMark(out[len(out)-1]) {
					out = append(out, unit{s: "؛", glued: true})
				}
				k += n + 1
				continue
			}
			k += n
			continue
		}
		out = append(out, u)
	}
	return out
}

func closingAt(us []unit, from int, closes func(unit) bool) int {
	for j := from; j < len(us); j++ {
		if closes(us[j]) {
			return j
		}
		if !us[j].quoted && isAny(us[j].s, ".", "\n", "؛") {
			return -1
		}
	}
	return -1
}

func holdsQuote(us []unit) bool {
	for _, u := range us {
		if u.quoted {
			return true
		}
	}
	return false
}

// citesOnly reports a parenthesis that cites a rule or a letter and
// names no form or question.
func citesOnly(us []unit) bool {
	cites := false
	for _, u := range us {
		k := ukey(u)
		if u.quoted || isFormNoun(k) || isQuestionNoun(k) || strings.HasPrefix(k, "پرسش") || strings.HasPrefix(k, "سوال") {
			return false
		}
		if isAny(k, citeWords...) {
			cites = true
		}
	}
	return cites
}

// isDateUnits reports how many units at k make a cited number or date:
// «۳», «۲-۱», «۱۴۰۳/۰۸/۲۰».
func isDateUnits(us []unit, k int) int {
	n := 0
	for k+n < len(us) && !us[k+n].quoted {
		s := us[k+n].s
		if n%2 == 0 {
			if !isDigits(strings.ReplaceAll(s, "-", "")) || strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") {
				break
			}
		} else if s != "/" || !us[k+n].glued {
			break
		}
		n++
	}
	if n%2 == 0 && n > 0 {
		n--
	}
	return n
}

// formalMarkers drops an impersonal frame at a clause's start.
func formalMarkers(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		if n := orderMarkerAt(us, k); n > 0 && ukey(us[k]) != "خواهشمند" && ukey(us[k]) != "مستدعی" && ukey(us[k]) != "مقتضی" &&
			k+n < len(us) && (len(out) == 0 || isClauseMark(out[len(out)-1]) || isAny(ukey(out[len(out)-1]), "و", "احتراما") || isPlea(ukey(out[len(out)-1]))) {
			k += n - 1
			continue
		}
		out = append(out, us[k])
	}
	return out
}

// negVerbs are the plain denials of an act's verbal noun.
var negVerbs = map[string][]string{
	"حذف": {"حذف", "نکنید"}, "انتشار": {"منتشر", "نکنید"}, "ایجاد": {"نسازید"}, "ساخت": {"نسازید"},
	"طراحی": {"نسازید"}, "اصلاح": {"تغییر", "ندهید"}, "تغییر": {"تغییر", "ندهید"}, "ویرایش": {"تغییر", "ندهید"},
	"افزودن": {"اضافه", "نکنید"}, "اضافه": {"اضافه", "نکنید"}, "درج": {"اضافه", "نکنید"},
	"غیرفعالسازی": {"غیرفعال", "نکنید"}, "بستن": {"غیرفعال", "نکنید"}, "تکثیر": {"کپی", "نکنید"},
}

func isFormalNeg(k string) bool {
	return isAny(k, "نیست", "نمیباشد", "ندارد", "ندارند", "نمیباشند", "نیستند", "نبوده", "نخواهدبود")
}

// formalNegations reads «ضرورتی/نیازی به X نیست» as the denial of X.
func formalNegations(us []unit) []unit {
	for k := 0; k+2 < len(us); k++ {
		if !isAny(ukey(us[k]), "ضرورتی", "نیازی", "لزومی", "احتیاجی") || ukey(us[k+1]) != "به" {
			continue
		}
		end := -1
		for j := k + 2; j < len(us); j++ {
			if isFormalNeg(ukey(us[j])) {
				end = j
				break
			}
			if isClauseMark(us[j]) {
				break
			}
		}
		if end < 0 || end == k+2 {
			continue
		}
		verb, ok := negVerbs[ukey(us[k+2])]
		if !ok {
			continue
		}
		out := append([]unit{}, us[:k]...)
		out = append(out, us[k+3:end]...)
		out = append(out, unit{s: "را"})
		for _, w := range verb {
			out = append(out, unit{s: w})
		}
		out = append(out, us[end+1:]...)
		return formalNegations(out)
	}
	return us
}

func isPlaceNoun(k string) bool {
	return isQuestionNoun(k) || isAny(k, "جایگاه", "جای", "ردیف", "پرسشها", "سوالها")
}

// plainOrdinal turns «دومین» into «دوم», «نخستین» into «اول».
func plainOrdinal(u unit) (string, bool) {
	k := ukey(u)
	if k == "نخستین" {
		return "اول", true
	}
	if b, ok := strings.CutSuffix(u.s, "ین"); ok && strings.HasSuffix(k, "مین") {
		if _, ok := ordinal(k); ok {
			return b, true
		}
	}
	return "", false
}

// formalOrdinals puts an ordinal before its noun after it.
func formalOrdinals(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		u := us[k]
		if ukey(u) == "واپسین" {
			out = append(out, unit{s: "آخرین", glued: u.glued})
			continue
		}
		a, ok := plainOrdinal(u)
		if !ok {
			out = append(out, u)
			continue
		}
		// «دومین و سومین پرسش»
		if k+3 < len(us) && ukey(us[k+1]) == "و" && isPlaceNoun(ukey(us[k+3])) {
			if b, ok := plainOrdinal(us[k+2]); ok {
				out = append(out, unit{s: "پرسش‌های"}, unit{s: a}, unit{s: "و"}, unit{s: b})
				k += 3
				continue
			}
		}
		if k+1 < len(us) && isPlaceNoun(ukey(us[k+1])) {
			noun := us[k+1].s
			// «به عنوان دومین پرسش» is the place it goes to.
			if n := len(out); n >= 2 && ukey(out[n-2]) == "به" && ukey(out[n-1]) == "عنوان" {
				out = out[:n-1]
				noun = "جایگاه"
			}
			out = append(out, unit{s: noun}, unit{s: a})
			k++
			continue
		}
		out = append(out, u)
	}
	return out
}

// formalWords reads the Arabic-derived words of the register.
func formalWords(us []unit) []unit {
	newForm := false
	for _, u := range us {
		if isAny(ukey(u), "فرمی", "پرسشنامهای") {
			newForm = true
		}
	}
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		u := us[k]
		switch key := ukey(u); {
		case isAny(key, "لازم", "مقتضی") && k > 0 && isAny(ukey(us[k-1]), "اقدام", "اقدامات"):
			// «اقدام لازم معمول گردد»: the action needed, not a
			// required answer.
			continue
		case key == "مفتوح" && k+1 < len(us) && isPassiveVerb(ukey(us[k+1])):
			u = unit{s: "منتشر", glued: u.glued}
		case key == "دسترس" && k+2 < len(us) && ukey(us[k+1]) == "عموم" && ukey(us[k+2]) == "خارج":
			out = append(out, unit{s: "حالت", glued: u.glued}, unit{s: "انتشار"})
			k++
			continue
		case newForm && isAny(key, "پرسشنامهای", "پرسشنامهی"):
			u = unit{s: "فرمی", glued: u.glued}
		case newForm && key == "طراحی", newForm && key == "تهیه" && k+1 < len(us) && (ukey(us[k+1]) == "و" || isPassiveVerb(ukey(us[k+1]))):
			u = unit{s: "ایجاد", glued: u.glued}
		}
		out = append(out, u)
	}
	return out
}

func isPassiveVerb(k string) bool {
	return isAny(k, "گردد", "شود", "گردند", "شوند", "گردیده", "شده", "باشد", "گردید", "شد", "نماید", "نمایید", "فرمایید")
}

// elidedAuxiliary puts back the auxiliary a formal sentence leaves out
// before «و»: «فرمی … ایجاد و در آن …» is «… ایجاد گردد و در آن …».
func elidedAuxiliary(us []unit) []unit {
	aux := ""
	for k := len(us) - 1; k >= 0; k-- {
		if isAny(ukey(us[k]), "گردد", "شود", "گردند", "شوند") {
			aux = us[k].s
			break
		}
	}
	if aux == "" {
		return us
	}
	out := make([]unit, 0, len(us)+2)
	for k := 0; k < len(us); k++ {
		out = append(out, us[k])
		if k > 0 && k+2 < len(us) && isAny(ukey(us[k]), formalAuxNouns...) && ukey(us[k+1]) == "و" &&
			!isAny(ukey(us[k-1]), "به", "از", "برای", "جهت", "و") && !isAny(ukey(us[k+2]), formalAuxNouns...) && !isAny(ukey(us[k+2]), "انتشار", "حذف", "افزودن") {
			out = append(out, unit{s: aux})
		}
	}
	return out
}

// postposedNegations reads «حذف فرم ۶۱ ضرورتی ندارد», «X لزومی ندارد»,
// «X نیازی نیست»: the act named at the clause's start, denied after it;
// «X حذف‌شدنی نیست»: X is not to be deleted.
func postposedNegations(us []unit) []unit {
	for k := 1; k+1 < len(us); k++ {
		// «فرم ۳۴ حذف‌شدنی نیست»: not to be deleted.
		if act, ok := strings.CutSuffix(ukey(us[k]), "شدنی"); ok && isFormalNeg(ukey(us[k+1])) {
			n := 1
			if act == "" && !us[k-1].quoted {
				act, n = ukey(us[k-1]), 2
			}
			if verb, ok := negVerbs[act]; ok {
				out := append([]unit{}, us[:k+1-n]...)
				out = append(out, unit{s: "را"})
				for _, w := range verb {
					out = append(out, unit{s: w})
				}
				return postposedNegations(append(out, us[k+2:]...))
			}
		}
		negAt := 2
		switch {
		case isAny(ukey(us[k]), "ضرورتی", "نیازی", "لزومی", "احتیاجی") && isFormalNeg(ukey(us[k+1])):
		case ukey(us[k]) == "مورد" && k+2 < len(us) && isAny(ukey(us[k+1]), "تایید", "تأیید", "موافقت") && isFormalNeg(ukey(us[k+2])):
			// «انتشار فرم ۱۵ مورد تأیید نمی‌باشد»
			negAt = 3
		default:
			continue
		}
		start := k
		for start > 0 && !isClauseMark(us[start-1]) {
			start--
		}
		for start < k && (isPlea(ukey(us[start])) || isGreeting(us, start) > 0) {
			start++
		}
		verb, ok := negVerbs[ukey(us[start])]
		if !ok || start+1 >= k {
			continue
		}
		out := append([]unit{}, us[:start]...)
		out = append(out, us[start+1:k]...)
		out = append(out, unit{s: "را"})
		for _, w := range verb {
			out = append(out, unit{s: w})
		}
		return append(out, us[k+negAt:]...)
	}
	return us
}

// askedWithoutMark reads a sentence that opens with «آیا» and ends on a
// verb of state («… می‌باشد», «… وجود دارد», «… شده است») as the
// question it is, with or without its mark.
func askedWithoutMark(us []unit) []unit {
	k := 0
	for k < len(us) && (isClauseMark(us[k]) || isGreeting(us, k) > 0) {
		k += max(1, isGreeting(us, k))
	}
	if k >= len(us) || ukey(us[k]) != "آیا" {
		return us
	}
	end := len(us) - 1
	for end > k && (isClauseMark(us[end]) || isPlea(ukey(us[end])) || isAny(ukey(us[end]), "دیگه", "دیه", "تشکر", "متشکرم", "سپاس")) {
		end--
	}
	for j := k; j <= end; j++ {
		if !us[j].quoted && isAny(us[j].s, "؟", "?") {
			return us
		}
	}
	if !isAny(ukey(us[end]), "میباشد", "میباشند", "است", "هست", "دارد", "ندارد", "دارند", "نیست", "شده", "گردیده", "شدهاست", "بود", "نبود") {
		return us
	}
	out := append([]unit{}, us[:end+1]...)
	out = append(out, unit{s: "؟", glued: true})
	return append(out, us[end+1:]...)
}

// firstThen drops «نخست» or «ابتدا» that opens a sequence closed by a
// later «سپس» («نخست پرسشی … و سپس …»), unless a question or a place
// is beside it («نخست پرسش», «پرسش نخست»: the first question). «در
// ابتدا» before «سپس» is «at first»; «در ابتدای فرم» is a place, and
// is left.
func firstThen(us []unit) []unit {
	then := -1
	for k := len(us) - 1; k >= 0; k-- {
		if ukey(us[k]) == "سپس" {
			then = k
			break
		}
	}
	if then < 0 {
		return us
	}
	out := make([]unit, 0, len(us))
	for k, u := range us {
		atFirst := k > 0 && ukey(u) == "ابتدا" && ukey(us[k-1]) == "در"
		if k < then && isAny(ukey(u), "نخست", "ابتدا") && k+1 < len(us) && (atFirst || !isAny(ukey(us[k+1]), "پرسش", "سوال", "سؤال", "جایگاه", "فرم") &&
			(k == 0 || !isPlaceNoun(ukey(us[k-1])) && !isFormNoun(ukey(us[k-1])))) {
			if len(out) > 0 && ukey(out[len(out)-1]) == "در" {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, u)
	}
	return out
}

var countWords = []string{"", "", "دو", "سه", "چهار", "پنج", "شش"}

// pluralLabels reads «پرسش‌های کوتاه «الف» و «ب»» as «دو پرسش کوتاه
// «الف» و «ب»»: the plural noun, its type, and the labels listed after
// it, two to six of them.
func pluralLabels(us []unit) []unit {
	for k := 0; k+2 < len(us); k++ {
		key := ukey(us[k])
		plural := isAny(key, "پرسشهای", "سوالهای", "سؤالهای")
		n := 1
		if !plural && isAny(key, "پرسش", "سوال", "سؤال") && k+1 < len(us) && isAny(ukey(us[k+1]), "های", "ها") {
			plural, n = true, 2
		}
		if !plural {
			continue
		}
		j := k + n
		typed := j
		for j < len(us) && !us[j].quoted && typeWords[ukey(us[j])] {
			j++
		}
		if j == typed {
			continue
		}
		labels := 0
		for j < len(us) && us[j].quoted {
			labels++
			j++
			if j+1 < len(us) && !us[j].quoted && isAny(us[j].s, "و", "،", ",") && us[j+1].quoted {
				j++
			}
		}
		if labels < 2 || labels >= len(countWords) {
			continue
		}
		out := append([]unit{}, us[:k]...)
		out = append(out, unit{s: countWords[labels], glued: us[k].glued}, unit{s: "پرسش"})
		return append(out, us[k+n:]...)
	}
	return us
}

var formalActNouns = []string{"ایجاد", "طراحی", "تهیه", "انتشار", "غیرفعالسازی", "اصلاح", "تکثیر", "حذف", "افزودن", "درج", "ویرایش"}

// sharedObject reads «نسبت به ایجاد و انتشار فرمی … اقدام» as «نسبت به
// ایجاد فرمی … و انتشار آن اقدام»: two acts said before the one thing
// both act on.
func sharedObject(us []unit) []unit {
	for k := 0; k+4 < len(us); k++ {
		if ukey(us[k]) != "نسبت" || ukey(us[k+1]) != "به" || !isAny(ukey(us[k+2]), formalActNouns...) ||
			ukey(us[k+3]) != "و" || !isAny(ukey(us[k+4]), formalActNouns...) {
			continue
		}
		end := -1
		for j := k + 5; j < len(us); j++ {
			if ukey(us[j]) == "اقدام" {
				end = j
				break
			}
			if isClauseMark(us[j]) || ukey(us[j]) == "و" {
				break
			}
		}
		if end < 0 || end == k+5 {
			continue
		}
		out := append([]unit{}, us[:k+3]...)
		out = append(out, us[k+5:end]...)
		out = append(out, us[k+3], us[k+4], unit{s: "آن"})
		return append(out, us[end:]...)
	}
	return us
}

var withoutActNouns = []string{"حذف", "پاک", "غیرفعال", "غیرفعالسازی", "تغییر", "اصلاح", "ویرایش", "انتشار", "بستن", "تکثیر", "کپی", "جابجایی", "جابهجایی"}

// withoutActs leaves out «بدون حذف کردن (پرسش‌ها)», «بدون غیرفعال و حذف
// کردن»: what a command is to be done without is not to be done.
func withoutActs(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		if ukey(us[k]) != "بدون" || k+1 >= len(us) || !isAny(ukey(us[k+1]), withoutActNouns...) {
			out = append(out, us[k])
			continue
		}
		j := k + 2
		for j < len(us) {
			key := ukey(us[j])
			switch {
			case isAny(key, "کردن", "نمودن", "شدن", "ساختن", "دادن"):
				j++
				continue
			case isAny(key, "و", "یا") && j+1 < len(us) && isAny(ukey(us[j+1]), withoutActNouns...):
				j += 2
				continue
			case isAny(key, "پرسشها", "سوالها", "سوالات", "سؤالات", "گزینهها", "آن", "آنها", "اون", "اونا", "اونو", "آنرا", "ش", "شان"):
				j++
				if j < len(us) && isAny(ukey(us[j]), "را", "رو", "های") {
					j++
				}
				continue
			case isAny(key, "پرسش", "سوال") && j+1 < len(us) && isAny(ukey(us[j+1]), "ها", "های"):
				j += 2
				continue
			}
			break
		}
		k = j - 1
	}
	return out
}

// describingClauses drops a relative clause that only describes what it
// follows — «پرسش دوم فرم ۱۵ که در نسخه پیشین حذف شده بود، …» — one
// that ends at a comma on a verb of state or of the past: what it tells
// was done, or is, and is not ordered.
func describingClauses(us []unit) []unit {
	for k := 1; k+2 < len(us); k++ {
		if ukey(us[k]) != "که" || !namesFormOrQuestion(us[k-1]) && !(k > 1 && isAny(ukey(us[k-1]), "را", "رو") && namesFormOrQuestion(us[k-2])) {
			continue
		}
		end := -1
		for j := k + 1; j < len(us); j++ {
			if us[j].quoted {
				break
			}
			if isAny(us[j].s, "،", ",") {
				end = j
				break
			}
			if isClauseMark(us[j]) {
				break
			}
		}
		if end < 0 || end == k+1 || end+1 >= len(us) {
			continue
		}
		last := ukey(us[end-1])
		if !isAny(last, "بود", "بودند", "است", "هست", "بوده", "بودهاست", "شده", "شد", "گردید", "گردیده", "گردیدهاست", "شدهاست", "شدهبود", "نبود", "نیست", "میباشد", "داشت", "دارد", "ندارد") {
			continue
		}
		out := append([]unit{}, us[:k]...)
		return describingClauses(append(out, us[end+1:]...))
	}
	return us
}

// namesFormOrQuestion reports a unit that ends the name of a form or a
// question: its number, its ordinal, or the noun.
func namesFormOrQuestion(u unit) bool {
	if u.quoted {
		return false
	}
	k := ukey(u)
	_, ord := ordinal(k)
	return isDigits(u.s) || ord || isFormNoun(k) || isQuestionNoun(k)
}

// deniedActNouns reads a clause that names an act by its noun and says
// it is not to be («حذف پرسش دوم فرم ۱۵ موجه نیست», «پیشنهاد حذف پرسش
// سوم … رد گردید», «درخواست حذف فرم ۱۵ مورد موافقت قرار نگرفت») as the
// plain denial of the act on what it names.
func deniedActNouns(us []unit) []unit {
	s := 0
	for s < len(us) {
		e := s
		for e < len(us) && !isClauseMark(us[e]) && !isAny(ukey(us[e]), "ولی", "اما", "بلکه", "لیکن", "لکن") {
			e++
		}
		if out, ok := deniedClause(us, s, e); ok {
			return deniedActNouns(out)
		}
		s = e + 1
	}
	return us
}

func deniedClause(us []unit, s, e int) ([]unit, bool) {
	for s < e && (isPlea(ukey(us[s])) || isAny(ukey(us[s]), "پیشنهاد", "درخواست", "موضوع", "لذا", "ضمنا")) {
		s++
	}
	last := e - 1
	for last > s && (isPlea(ukey(us[last])) || isAny(ukey(us[last]), "دیگه", "دیه")) {
		last--
	}
	if s >= last {
		return nil, false
	}
	verb, ok := negVerbs[ukey(us[s])]
	if !ok {
		return nil, false
	}
	lk := ukey(us[last])
	if !isFormalNeg(lk) && !isAny(lk, "نگرفت", "نشد", "نگردید", "نمیشود", "نمیگردد") &&
		!(isAny(lk, "گردید", "شد", "گردیده") && ukey(us[last-1]) == "رد") {
		return nil, false
	}
	// What the act names ends at its last number, ordinal or quote.
	end := -1
	for j := s + 1; j < last; j++ {
		if namesFormOrQuestion(us[j]) && !isFormNoun(ukey(us[j])) && !isQuestionNoun(ukey(us[j])) || us[j].quoted {
			end = j + 1
		}
	}
	if end < 0 {
		return nil, false
	}
	out := append([]unit{}, us[:s]...)
	out = append(out, us[s+1:end]...)
	out = append(out, unit{s: "را"})
	for _, w := range verb {
		out = append(out, unit{s: w})
	}
	return append(out, us[last+1:]...), true
}

// exceptions leaves out «به استثنای …», «به جز …», «بجز …», «غیر از …»
// and what they name.
func exceptions(us []unit) []unit {
	out := make([]unit, 0, len(us))
	for k := 0; k < len(us); k++ {
		key := ukey(us[k])
		n := 0
		switch {
		case k+1 < len(us) && key == "به" && isAny(ukey(us[k+1]), "استثنای", "جز"):
			n = 2
		case isAny(key, "بجز", "باستثنای", "جز"):
			n = 1
		case k+1 < len(us) && key == "غیر" && ukey(us[k+1]) == "از":
			n = 2
		}
		if n == 0 {
			out = append(out, us[k])
			continue
		}
		j := k + n
		for j < len(us) && !isClauseMark(us[j]) {
			u := us[j]
			uk := ukey(u)
			_, ord := ordinal(uk)
			if u.quoted || isDigits(u.s) || ord || isFormNoun(uk) || isQuestionNoun(uk) || isNumberWord(u.s) || uk == "و" {
				j++
				continue
			}
			break
		}
		if j == k+n {
			out = append(out, us[k])
			continue
		}
		k = j - 1
	}
	return out
}

// reasonsQuestionForPronoun puts the question the reasons name («پرسش دوم فرم
// ۱۲») in place of the pronoun of the order after them («آن را حذف
// کنید», «پاکش کن»), and drops the reasons. It reports false when the
// reasons name no question by its ordinal or the order has no pronoun.
func reasonsQuestionForPronoun(head, reasons, rest []unit, form string) ([]unit, bool) {
	q := -1
	for j := 0; j+1 < len(reasons); j++ {
		if _, ok := ordinal(ukey(reasons[j+1])); ok && isQuestionNoun(ukey(reasons[j])) {
			q = j
		}
	}
	if q < 0 {
		return nil, false
	}
	ref := []unit{{s: reasons[q].s}, {s: reasons[q+1].s}, {s: "فرم"}, {s: form}}
	for j, u := range rest {
		key := ukey(u)
		var with []unit
		switch {
		case isAny(key, "آن", "اون", "آنرا", "اونو", "آنها"):
			with = ref
			if isAny(key, "آنرا", "اونو") {
				with = append(append([]unit{}, ref...), unit{s: "را"})
			}
		case isAny(key, "پاکش", "حذفش", "پاکشون"):
			with = append(append([]unit{}, ref...), unit{s: "را"}, unit{s: strings.TrimSuffix(strings.TrimSuffix(u.s, "ون"), "ش")})
		default:
			continue
		}
		out := append([]unit{}, head...)
		out = append(out, rest[:j]...)
		out = append(out, with...)
		return append(out, rest[j+1:]...), true
	}
	return nil, false
}

// reportedPast reads a text ending on the past «گردید» («فرم ۲۰ منتشر
// گردید») as the report it is, «شده است», when no order («گردد», «شود»,
// «نمایید», «فرمایید», «کنید») is said in it.
func reportedPast(us []unit) []unit {
	last := len(us) - 1
	for last >= 0 && (isClauseMark(us[last]) || isPlea(ukey(us[last]))) {
		last--
	}
	if last < 1 || ukey(us[last]) != "گردید" || ukey(us[last-1]) == "مقرر" {
		return us
	}
	for _, u := range us[:last] {
		if isAny(ukey(u), "گردد", "شود", "گردند", "شوند", "نمایید", "فرمایید", "کنید", "کن", "یابد") {
			return us
		}
	}
	out := append([]unit{}, us[:last]...)
	out = append(out, unit{s: "شده"}, unit{s: "است"})
	return append(out, us[last+1:]...)
}

// gappedTitleVerb puts the verb a sentence ends with («تغییر یابد») after
// each new title it is shared by: «عنوان فرم ۲۰ به «الف» و عنوان فرم ۲۱
// به «ب» تغییر یابد».
func gappedTitleVerb(us []unit) []unit {
	last := len(us) - 1
	for last >= 0 && (isClauseMark(us[last]) || isPlea(ukey(us[last]))) {
		last--
	}
	if last < 1 || us[last-1].quoted || !isAny(ukey(us[last]), "یابد", "گردد", "شود", "کند", "کنید", "نمایید", "فرمایید") {
		return us
	}
	verb := []unit{{s: us[last-1].s}, {s: us[last].s}}
	out := make([]unit, 0, len(us)+4)
	for k, u := range us {
		out = append(out, u)
		if u.quoted && k > 0 && k+2 < last && ukey(us[k-1]) == "به" && ukey(us[k+1]) == "و" && ukey(us[k+2]) == "عنوان" {
			out = append(out, verb...)
		}
	}
	return out
}
