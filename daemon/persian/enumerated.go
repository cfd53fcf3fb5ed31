package persian

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Commands written as enumerations. An admin lists orders or items one
// a line or run together on one line, each after a mark: a number
// («۱- …», «1) …», «۲. …»), a letter («الف) … ب) …», «الف- …»), an
// ordinal head («اول: … دوم: …»), a bullet («- …», «• …», «* …»), or a
// teacher's question head («سوال ۱: … الف) … ب) …»). The marks are
// structure, not wording: «الف)» is no option called الف and «۱-» no id
// 1, while «سوال ۳» inside an item names a question. Before tokenizing,
// stepsRead puts such a text back into the shapes the reader already
// knows:
//
//   - items that are orders each become a sentence of its own, numbered
//     «۱- … ۲- …» (enumerators reads those marks as sentence breaks, so a
//     number never becomes an id); the head before them («فرم ۴۵:»,
//     «کارهای فرم ۲۵:») names what they act on;
//   - items under an order («… این سوالا رو اضافه کن:», «فرم‌های زیر منتشر
//     شوند:») are that order's objects: wordings are quoted and listed
//     after its colon, forms and questions named by number take the place
//     of the noun that announced them («فرم ۶۳، فرم ۶۴ و فرم ۶۵ منتشر
//     شوند»);
//   - questions that carry their own options (a quiz's «الف) … ب) …», or
//     ««…» با گزینه‌های …» several times after one colon) become «سوال
//     چندگزینه‌ای «…» با گزینه‌های …» joined by «و», one per question;
//   - lines under an item marked otherwise or indented are its options.
//
// Options parted by «|» after a colon are parted as by «،».

// stepsTrigger reports a text stepsRead may change: a line break, a
// bullet «•» or «*», an item's mark closed by «)» after a digit or a
// letter, «الف-», «ثانیاً», an ordinal head «اول:» or «First:», or after
// a colon a «|», two option nouns or an item numbered 1. The text is read once, byte by
// byte; most commands have none of these bytes and pay only that.
func stepsTrigger(text string) bool {
	colon := -1
	pipe := false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\n', '*':
			return true
		case 0xE2: // «•» is E2 80 A2, a keycap «1️⃣» ends E2 83 A3
			if strings.HasPrefix(text[i:], "•") || strings.HasPrefix(text[i:], "\u20e3") {
				return true
			}
		case ')':
			if i > 0 && (digitByteBefore(text, i) || strings.HasSuffix(text[:i], "الف") || letterMarkBefore(text, i)) {
				return true
			}
		case '-':
			if strings.HasSuffix(text[:i], "الف") || colon >= 0 && i > 1 && text[i-1] == ' ' && digitByteBefore(text, i-1) {
				return true // «الف-», «…: 1 - …»
			}
		case '|':
			pipe = true
		case ':':
			if colon < 0 {
				colon = i
			}
		}
	}
	if strings.Contains(text, "ثانیا") {
		return true // «اولاً، … ثانیاً، …»
	}
	if r, _ := utf8.DecodeRuneInString(text); digitValue(r) >= 0 {
		if kind, v, _ := markAt(strings.SplitN(text, " ", 3)); kind == markNumber && v == 1 {
			return true // «1. فرم ۲۹ منتشر بشه. 2. …»: an item 1 opens the text
		}
	}
	if colon < 0 {
		return false
	}
	after := text[colon:]
	if pipe || strings.Contains(text, "اول:") || strings.Contains(text, "irst:") || strings.Count(after, "گزینه") >= 2 {
		return true
	}
	// «…: 1) … 2) …», «…: 1. …»: items numbered after a colon.
	for _, m := range []string{"1.", "۱."} {
		if strings.Contains(after, m) {
			return true
		}
	}
	return false
}

// digitByteBefore reports a digit — Latin, Persian or Arabic-Indic —
// right before byte i.
func digitByteBefore(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return digitValue(r) >= 0
}

// letterMarkBefore reports a lone letter of letterValues right before
// byte i, after a space or a parenthesis: «ب)», «(ج)».
func letterMarkBefore(text string, i int) bool {
	r, n := utf8.DecodeLastRuneInString(text[:i])
	if _, ok := letterValues[string(r)]; !ok {
		return false
	}
	if i-n == 0 {
		return true
	}
	p, _ := utf8.DecodeLastRuneInString(text[:i-n])
	return p == ' ' || p == '('
}

// stepsRead reads a command written as an enumeration (see above).
func stepsRead(text string) string {
	if !stepsTrigger(text) {
		return text
	}
	text = pipesAsCommas(ungluedMarks(text))
	if t, ok := optionedEntries(text); ok {
		return t
	}
	e, ok := enumerate(text)
	if !ok {
		return text
	}
	if t, ok := e.rewrite(); ok {
		return t
	}
	return text
}

// markKind is how the items of an enumeration are marked.
type markKind int

const (
	markNone    markKind = iota
	markNumber           // «۱-», «1)», «2.»
	markLetter           // «الف)», «ب-», «(ج)»
	markOrdinal          // «اول:», «دوم:»
	markBullet           // «-», «•», «*»
	markQuiz             // «سوال ۱:»
)

// enumItem is an item without its mark, and the lines under it.
type enumItem struct {
	text string
	sub  []string
}

// enumeration is a command's head and its items.
type enumeration struct {
	head  string
	kind  markKind
	items []enumItem
	lines bool // one item a line, not run together
	stops bool // numbered «1.», «2 -», «2️⃣»: marks read as numbers
}

// letterValues are the letters that number items, in order: «الف، ب،
// ج، د، ه», with «پ» and «ت» of the Persian alphabet's order.
var letterValues = map[string]int{"الف": 1, "ب": 2, "ج": 3, "پ": 3, "د": 4, "ت": 4, "ه": 5, "ث": 5, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5}

// ordinalHeads are the ordinal words that head an item before a colon.
var ordinalHeads = map[string]int{"اول": 1, "اولا": 1, "دوم": 2, "دوما": 2, "سوم": 3, "سوما": 3, "چهارم": 4, "پنجم": 5, "ششم": 6,
	"ثانیا": 2, "ثالثا": 3, "رابعا": 4, "first": 1, "second": 2, "third": 3, "fourth": 4}

// adverbHeads are the ordinals of a letter that head an item before a
// comma as well as a colon: «اولاً، … ثانیاً، …».
var adverbHeads = map[string]bool{"اولا": true, "ثانیا": true, "ثالثا": true, "رابعا": true}

// markAt reads an item's mark at the start of the words ws: its kind, its
// value (0 for a bullet) and how many words it takes.
func markAt(ws []string) (markKind, int, int) {
	if len(ws) == 0 {
		return markNone, 0, 0
	}
	w := ws[0]
	if isAny(w, bullets...) {
		return markBullet, 0, 1
	}
	// «1 - …», «۲ ) …»: the number and its mark typed apart.
	if len(ws) > 2 && isAny(ws[1], "-", ")", ".", "–", "ـ") {
		if v, ok := markNumber1(w); ok {
			return markNumber, v, 2
		}
	}
	// «1️⃣», «۲ـ»: a keycap emoji, a number and a kashida.
	for _, end := range []string{"\ufe0f\u20e3", "\u20e3", "ـ"} {
		if body, ok := strings.CutSuffix(w, end); ok {
			if v, ok := markNumber1(body); ok {
				return markNumber, v, 1
			}
		}
	}
	if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") && len(w) > 2 {
		w = w[1:]
	}
	if n := len(w); n > 1 && strings.ContainsRune(")-.", rune(w[n-1])) {
		body := w[:n-1]
		if k := strings.LastIndexAny(body, "-."); k > 0 {
			// «۱-۱)», «2.3.»: a sub-point, numbered by its last part.
			if _, ok := markNumber1(body[:k]); ok {
				if v, ok := markNumber1(body[k+1:]); ok {
					return markNumber, v, 1
				}
			}
		}
		if v, ok := markNumber1(body); ok && (w[n-1] != '.' || len(ws) > 1) {
			return markNumber, v, 1
		}
		if v, ok := letterValues[body]; ok && w[n-1] != '.' {
			return markLetter, v, 1
		}
	}
	if n := len(w); n > 1 && w[n-1] == ':' {
		if v, ok := ordinalHeads[matchForm(w[:n-1])]; ok {
			return markOrdinal, v, 1
		}
	}
	if m := matchForm(strings.TrimSuffix(w, "،")); adverbHeads[m] {
		return markOrdinal, ordinalHeads[m], 1
	}
	// «Q1:», «سوال۲:»: the noun and its number typed as one word.
	if n := len(w); n > 2 && w[n-1] == ':' {
		body := w[:n-1]
		k := len(body)
		for k > 0 && digitValue(rune(body[k-1])) >= 0 {
			k--
		}
		if k == len(body) {
			// Persian digits are two bytes each.
			r := []rune(body)
			j := len(r)
			for j > 0 && digitValue(r[j-1]) >= 0 {
				j--
			}
			if j < len(r) && j > 0 {
				if v, ok := markNumber1(string(r[j:])); ok && quizNoun(string(r[:j])) {
					return markQuiz, v, 1
				}
			}
		} else if k > 0 {
			if v, ok := markNumber1(body[k:]); ok && quizNoun(body[:k]) {
				return markQuiz, v, 1
			}
		}
	}
	// «سوال ۱:», «صوال ۲:», «Q 3:»: a quiz's question and its number.
	if len(ws) > 1 && quizNoun(w) {
		if n := len(ws[1]); n > 1 && ws[1][n-1] == ':' {
			if v, ok := markNumber1(ws[1][:n-1]); ok {
				return markQuiz, v, 2
			}
		}
	}
	return markNone, 0, 0
}

// bullets mark the items of a list one a line: dashes, dots, stars,
// squares and ticks.
var bullets = []string{"-", "–", "—", "•", "*", "·", "▪", "▪️", "▫", "▫️", "●", "○", "◦", "✅", "✔", "✔️", "☑", "☑️", "🔹", "🔸", "➖"}

// quizNoun reports a question noun as a quiz heads its questions with,
// misspelt by sound too («صوال», «ثوال»).
func quizNoun(w string) bool {
	m := matchForm(w)
	return questionNouns[m] || isAny(m, "صوال", "ثوال", "سئوال", "question", "q")
}

// markNumber1 reads the number of an item's mark: 1 to 20, in any digits.
func markNumber1(s string) (int, bool) {
	if s == "" || utf8.RuneCountInString(s) > 2 {
		return 0, false
	}
	v := 0
	for _, r := range s {
		d := digitValue(r)
		if d < 0 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, v >= 1 && v <= 20
}

// digitValue is a Latin, Persian or Arabic-Indic digit's value, or -1.
func digitValue(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= '۰' && r <= '۹':
		return int(r - '۰')
	case r >= '٠' && r <= '٩':
		return int(r - '٠')
	}
	return -1
}

// ungluedMarks parts from the word before it an item's number glued to
// it and closed by «)» («پیش نویس کن2)سوال» → «پیش نویس کن 2) سوال»),
// and from the word after it a mark glued to it at a line's or the text's
// start («1)فرم»).
func ungluedMarks(text string) string {
	if strings.IndexByte(text, ')') < 0 {
		return text
	}
	rs := []rune(text)
	out := make([]rune, 0, len(rs)+8)
	changed := false
	quote, paren := false, 0 // inside «…» or "…"; parentheses open
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch r {
		case '«':
			quote = true
		case '»':
			quote = false
		case '"':
			quote = !quote
		case '(':
			paren++
		}
		if r != ')' {
			out = append(out, r)
			continue
		}
		if paren > 0 {
			paren--
			out = append(out, r)
			continue
		}
		j := i
		for j > 0 && i-j < 3 && digitValue(rs[j-1]) >= 0 {
			j--
		}
		if j == i || i-j > 2 || quote {
			out = append(out, r)
			continue
		}
		if j > 0 && unicode.Is(unicode.Arabic, rs[j-1]) && unicode.IsLetter(rs[j-1]) {
			// «کن2)»: the number is glued to a word; part it.
			num := append([]rune(nil), out[len(out)-(i-j):]...)
			out = append(append(append(out[:len(out)-(i-j)], ' '), num...), r)
			changed = true
		} else {
			out = append(out, r)
		}
		if (j == 0 || unicode.Is(unicode.Arabic, rs[j-1]) || unicode.IsSpace(rs[j-1])) && i+1 < len(rs) && unicode.Is(unicode.Arabic, rs[i+1]) {
			out = append(out, ' ') // «1)فرم»
			changed = true
		}
	}
	if !changed {
		return text
	}
	return string(out)
}

// pipesAsCommas reads a «|» after a colon, outside quotes, as the comma
// it stands for between items: «اضافه کن: قرمز | آبی | سبز».
func pipesAsCommas(text string) string {
	c := strings.IndexByte(text, ':')
	if c < 0 || strings.IndexByte(text[c:], '|') < 0 {
		return text
	}
	rs := []rune(text)
	colon := false
	open := false
	for i, r := range rs {
		switch r {
		case '«':
			open = true
		case '»':
			open = false
		case ':':
			colon = true
		case '|':
			if colon && !open {
				rs[i] = '،'
			}
		}
	}
	return strings.ReplaceAll(string(rs), " ، ", "، ")
}

// enumerate splits a text into its head and its marked items: one a line
// when its lines are marked, else marks of one kind and consecutive
// values run together on one line.
func enumerate(text string) (enumeration, bool) {
	if strings.ContainsRune(text, '\n') {
		if e, ok := enumerateLines(text); ok {
			return e, true
		}
	}
	return enumerateInline(strings.ReplaceAll(text, "\n", " "))
}

// enumerateLines reads a text whose lines are items: the lines before the
// first marked one are the head; a line marked as the first is the next
// item; a line marked otherwise or indented belongs under the item before
// it; a line with no mark goes on with it.
func enumerateLines(text string) (enumeration, bool) {
	var e enumeration
	var head []string
	next := 0
	raws := strings.Split(text, "\n")
	// «لطفا 1. form 22 …⏎2. form 23 …», «سلام، - فرم ۵ …⏎- فرم ۶ …»: a
	// plea or a head before the first item's mark, on its line.
	for k := 0; k+1 < len(raws); k++ {
		ws := splitMarkWords(strings.TrimSpace(raws[k]))
		if kind, _, _ := markAt(ws); kind != markNone || len(ws) < 2 {
			continue
		}
		nextWs := splitMarkWords(strings.TrimSpace(raws[k+1]))
		kind, v, _ := markAt(nextWs)
		if kind == markNone || kind == markQuiz {
			break
		}
		for w := 1; w < len(ws); w++ {
			if k2, v2, _ := markAt(ws[w:]); k2 == kind && (kind == markBullet && ws[w] == nextWs[0] || kind != markBullet && v2 == v-1) {
				raws = append(raws[:k], append([]string{strings.Join(ws[:w], " "), strings.Join(ws[w:], " ")}, raws[k+1:]...)...)
				break
			}
		}
		break
	}
	for _, raw := range raws {
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		indented := len(raw) > 0 && (raw[0] == ' ' || raw[0] == '\t')
		ws := splitMarkWords(line)
		kind, v, n := markAt(ws)
		switch {
		case e.kind == markNone && kind != markNone && !indented:
			e.kind, next = kind, v+1
			e.items = append(e.items, enumItem{text: strings.Join(ws[n:], " ")})
		case e.kind == markNone:
			head = append(head, line)
		case kind == e.kind && !indented && (kind == markBullet || v == next):
			next = v + 1
			e.items = append(e.items, enumItem{text: strings.Join(ws[n:], " ")})
		case kind != markNone || indented:
			last := &e.items[len(e.items)-1]
			last.sub = append(last.sub, strings.Join(ws[n:], " "))
		default:
			last := &e.items[len(e.items)-1]
			last.text += " " + line
		}
	}
	e.head = strings.Join(head, " ")
	e.lines = true
	if n := len(e.items); n > 0 {
		e.items[n-1].text = dropClosingThanks(e.items[n-1].text)
		if m := len(e.items[n-1].sub); m > 0 {
			e.items[n-1].sub[m-1] = dropClosingThanks(e.items[n-1].sub[m-1])
		}
	}
	if len(e.items) < 2 && !(len(e.items) == 1 && e.kind == markQuiz) {
		return e, false
	}
	return e, true
}

// dropClosingThanks drops the thanks that close a command from the end
// of its last item: «… - کد پستی ممنون» lists «کد پستی».
func dropClosingThanks(s string) string {
	ws := strings.Fields(s)
	n := len(ws)
	for n > 0 && isAny(matchForm(strings.TrimRight(ws[n-1], ".!،")), closingThanks...) {
		n--
	}
	if n == len(ws) || n == 0 {
		return s
	}
	return strings.Join(ws[:n], " ")
}

// splitMarkWords is the words of a line, a bullet glued to the first one
// parted from it («•add», «-سوال»).
func splitMarkWords(line string) []string {
	ws := strings.Fields(line)
	if len(ws) > 0 {
		for _, b := range bullets[3:] {
			if w := ws[0]; len(w) > len(b) && strings.HasPrefix(w, b) {
				return append([]string{b, w[len(b):]}, ws[1:]...)
			}
		}
	}
	return ws
}

// enumerateInline finds, on one line, the first run of marks of one kind
// with consecutive values from 1 (a quiz's heads from any number), at
// least two of them (one quiz head will do).
func enumerateInline(text string) (enumeration, bool) {
	ws := strings.Fields(text)
	for _, want := range []markKind{markQuiz, markLetter, markNumber, markOrdinal} {
		var e enumeration
		e.kind = want
		next := 1
		start := -1
		cur := -1
		quote := 0
		for i := 0; i < len(ws); i++ {
			quote += strings.Count(ws[i], "«") - strings.Count(ws[i], "»")
			if quote > 0 {
				continue
			}
			kind, v, n := markAt(ws[i:])
			if kind != want || v != next && !(want == markQuiz && start < 0) {
				continue
			}
			if cur >= 0 {
				e.items[len(e.items)-1].text = strings.Join(ws[cur:i], " ")
			} else {
				start = i
			}
			e.items = append(e.items, enumItem{})
			if strings.HasSuffix(ws[i], ".") || n == 2 || strings.HasSuffix(ws[i], "\u20e3") {
				// «2.», «2 -», «2️⃣»: marks enumerators would read as a
				// number, and so as an id.
				e.stops = true
			}
			next = v + 1
			cur = i + n
			i += n - 1
		}
		if cur < 0 {
			continue
		}
		e.items[len(e.items)-1].text = dropClosingThanks(strings.Join(ws[cur:], " "))
		// «فرم ۲۲: 1 - سوال ۲ حذف شود»: one item, its number typed apart
		// after the colon of a head that names the form — a mark, not
		// form 1.
		single := want == markNumber && e.stops && start > 0 && strings.HasSuffix(ws[start-1], ":") && namesSomething(strings.Join(ws[:start], " "))
		if len(e.items) >= 2 || want == markQuiz || single {
			e.head = strings.Join(ws[:start], " ")
			return e, true
		}
	}
	return enumeration{}, false
}

// saysOrder reports a text that gives an order: a verb of the form
// builder's acts, a light verb, a verb of putting or of a clause.
func saysOrder(s string) bool {
	toks := tokenize(surface(s))
	c := clause(toks)
	for i, t := range toks {
		if t.quoted || t.punct {
			continue
		}
		if lightVerbSet[t.m] || clauseVerbSet[t.m] || placeVerbSet[t.m] || negativeVerbs[t.m] || c.actLen(i) > 0 || c.imperativeAct(i) {
			return true
		}
	}
	return false
}

// namesByNumber reports a text that names forms or questions by number
// and nothing else: «فرم ۶۳», «سوال 5», «پرسش ۷».
func namesByNumber(s string) bool {
	toks := tokenize(surface(s))
	c := clause(toks)
	named := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.punct {
			continue
		}
		n := c.atAny(i, formNounsV)
		if n == 0 && (t.qnoun || quizNoun(t.s)) {
			n = 1
		}
		if n == 0 || i+n >= len(toks) || !toks[i+n].isNum || !toks[i+n].digits {
			return false
		}
		named = true
		i += n
	}
	return named
}

// namesSomething reports a text that names a form or a question by its
// number or ordinal: «سوال ۱ اجباری», «سوال دوم رو بکن متن بلند».
func namesSomething(s string) bool {
	toks := tokenize(surface(s))
	c := clause(toks)
	for i := 0; i+1 < len(toks); i++ {
		n := c.atAny(i, formNounsV)
		if n == 0 && (toks[i].qnoun || quizNoun(toks[i].s)) {
			n = 1
		}
		if n == 0 || i+n >= len(toks) {
			continue
		}
		if _, ord := ordinal(toks[i+n].m); ord || toks[i+n].isNum {
			return true
		}
	}
	return false
}

// persianNumber writes n in Persian digits.
func persianNumber(n int) string {
	var b strings.Builder
	for _, r := range strconv.Itoa(n) {
		b.WriteRune('۰' + (r - '0'))
	}
	return b.String()
}

// rewrite puts an enumeration back into the shapes the reader knows.
func (e enumeration) rewrite() (string, bool) {
	head := joinPlurals(strings.TrimSpace(e.head))
	verb := strings.TrimRight(head, " :：")
	headOrders := verb != "" && saysOrder(verb)
	if e.kind != markQuiz && headOrders && optionsHead(verb) {
		// «… با گزینه‌های زیر: ۱- … ۲- …»: the items are options.
		return verb + ": " + e.joinTexts("، "), true
	}
	if !headOrders && hasOptionNoun(verb) && !e.anyOrder() {
		// «گزینه‌های سوال ۲ فرم ۱۲: - کم - متوسط - زیاد»: the items are
		// the options the head names.
		return verb + ": " + e.joinTexts("، "), true
	}
	if !headOrders {
		return e.steps(head)
	}
	all, byNumber, named := true, true, true
	for _, it := range e.items {
		if !saysOrder(it.text) {
			all = false
		}
		if !namesByNumber(it.text) {
			byNumber = false
		}
		if !namesSomething(it.text) {
			named = false
		}
	}
	switch {
	case e.kind == markQuiz:
		return e.entries(verb)
	case all:
		// «موارد زیر اجرا گردد: ۱- افزودن … ۲- انتشار …»: each item
		// is an order of its own.
		return e.steps(head)
	case named && !byNumber:
		// «فرم ۷۶ رو اینطوری کن: a) سوال ۱ اجباری b) سوال ۲ اختیاری»:
		// each item names a question or a form and says what of it,
		// without a verb — an order of its own.
		return e.steps(head)
	case byNumber || announcesQuestions(verb):
		return e.entries(verb)
	case hasOptionNoun(verb):
		// «به فرم ۵۰ این گزینه‌ها رو برای سوال ۲ بذار: * بله * خیر».
		return verb + ": " + e.joinTexts("، "), true
	case announcesList(verb):
		return e.entries(verb)
	}
	return "", false
}

// steps writes items that are orders as sentences numbered «۱- … ۲- …»
// after the head. Numbers run together on one line enumerators reads as
// they are.
func (e enumeration) steps(head string) (string, bool) {
	if e.kind == markNumber && !e.lines && !e.stops {
		return "", false
	}
	head = lookDropped(head)
	var b strings.Builder
	b.WriteString(head)
	for k, it := range e.items {
		b.WriteString(" ")
		b.WriteString(persianNumber(k + 1))
		b.WriteString("- ")
		b.WriteString(strings.TrimRight(it.text, " .،"))
		if len(it.sub) > 0 {
			if hasOptionNoun(it.text) {
				b.WriteString(": ")
			} else {
				b.WriteString(" با گزینه‌های ")
			}
			b.WriteString(strings.Join(it.sub, "، "))
		}
	}
	return strings.TrimSpace(b.String()), true
}

// joinPlurals joins to its noun a plural suffix typed apart, outside
// quotes: «پرسش های زیر» is «پرسش‌های زیر».
func joinPlurals(head string) string {
	if !strings.Contains(head, " ها") {
		return head
	}
	ws := strings.Split(head, " ")
	out := ws[:1]
	quote := strings.Count(ws[0], "«") - strings.Count(ws[0], "»")
	for _, w := range ws[1:] {
		if quote <= 0 && isAny(w, "ها", "های", "هایی") && len(out) > 0 && out[len(out)-1] != "" {
			out[len(out)-1] += "\u200c" + w
			continue
		}
		quote += strings.Count(w, "«") - strings.Count(w, "»")
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// announcesList reports a head that announces its items in the plural:
// «این سوالا رو», «پرسش‌های زیر», «فرم‌های زیر», «اینارو», «سوالاش»,
// "questions", or a count of questions «سه سوال», «2 dropdowns».
func announcesList(head string) bool {
	ws := strings.Fields(head)
	for k, w := range ws {
		m := matchForm(w)
		if pluralListNoun(m) {
			return true
		}
		j := k + 1
		if j < len(ws) && isAny(matchForm(ws[j]), "تا", "عدد") {
			j++ // «دو تا سوال»
		}
		if j < len(ws) && countWord(m) && (quizNoun(ws[j]) || typeOfPlural(ws[j]) != "") && !afterFormNoun(ws, k) {
			if n := countOf(m); n >= 2 && n <= 12 {
				return true
			}
		}
	}
	return false
}

// afterFormNoun reports a form's noun right before word k: «فرم ۹۱
// سوال …» names form 91, it counts no questions.
func afterFormNoun(ws []string, k int) bool {
	return k > 0 && clause(tokenize(surface(ws[k-1]))).atAny(0, formNounsV) > 0
}

// pluralListNoun reports a demonstrative or a plural noun that announces
// a list: «این‌ها», «اینارو», «سوالا», «پرسش‌های», «فرم‌های», «موارد».
func pluralListNoun(m string) bool {
	return isAny(m, "اینها", "اینا", "اینارو", "اینهارو", "اینهارا", "موارد", "these", "following") || isAny(m, pluralQuestionNouns...) ||
		strings.HasPrefix(m, "فرمها") || strings.HasPrefix(m, "سوالا") || strings.HasPrefix(m, "سوالها") || strings.HasPrefix(m, "پرسشها")
}

// anyOrder reports an item that gives an order.
func (e enumeration) anyOrder() bool {
	for _, it := range e.items {
		if saysOrder(it.text) {
			return true
		}
	}
	return false
}

func (e enumeration) joinTexts(sep string) string {
	ts := make([]string, len(e.items))
	for k, it := range e.items {
		ts[k] = strings.TrimRight(it.text, " .،")
	}
	return strings.Join(ts, sep)
}

// optionsHead reports a head that ends on a noun of options, perhaps with
// «زیر»: «… با گزینه‌های زیر», «گزینه‌هاش».
func optionsHead(head string) bool {
	ws := strings.Fields(head)
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-2; k-- {
		if isOptionNoun(matchForm(ws[k])) {
			return true
		}
	}
	return false
}

// hasOptionNoun reports a noun of options in a text.
func hasOptionNoun(s string) bool {
	for _, w := range strings.Fields(s) {
		if isOptionNoun(matchForm(strings.TrimRight(w, ":"))) {
			return true
		}
	}
	return false
}

// entry is one question or object an order lists: its wording, its
// options (when it carries them) and what else it says.
type entry struct {
	text    string
	options []string
	typ     string // the kind said with it: «کلاس (چندگزینه‌ای: اول، دوم)»
}

// entries writes the items of an order as its objects.
func (e enumeration) entries(verb string) (string, bool) {
	es := make([]entry, 0, len(e.items))
	optioned := false
	byNumber := true
	for _, it := range e.items {
		en := readEntry(it)
		if len(en.options) > 0 || hasOptionNoun(en.text) {
			optioned = true
		}
		if !namesByNumber(en.text) {
			byNumber = false
		}
		es = append(es, en)
	}
	if optioned {
		return optionedChain(verb, es), true
	}
	if byNumber {
		// «فرم‌های زیر منتشر شوند: - فرم ۶۳ - فرم ۶۴»: the forms take the
		// place of the noun that announced them.
		names := make([]string, len(es))
		for k, en := range es {
			names[k] = en.text
		}
		list := strings.Join(names[:len(names)-1], "، ") + " و " + names[len(names)-1]
		if h, ok := replaceListNoun(verb, list); ok {
			return h, true
		}
		return verb + ": " + strings.Join(names, "، "), true
	}
	ws := make([]string, len(es))
	for k, en := range es {
		ws[k] = quoteWording(en.text)
	}
	if !announcesQuestions(verb) {
		// «این موارد رو اضافه کن: - نام شرکت - …»: the items are
		// wordings, so what announced them is questions.
		if h, ok := replaceListNoun(verb, "این سوال‌ها"); ok {
			verb = h
		}
	}
	return verb + ": " + strings.Join(ws, "، "), true
}

// lookVerbs ask the reader to look at what the head names: «فرم ۶۰ رو
// ببین:», «به فرم ۶۰ نگاه کن:». Before a list of steps they name the
// list's subject; they open no page.
var lookVerbs = []string{"ببین", "ببینید", "ببینین", "look", "نگاه"}

// lookDropped drops a verb of looking that ends a head before its colon.
func lookDropped(head string) string {
	h := strings.TrimRight(head, " :")
	ws := strings.Fields(h)
	n := len(ws)
	switch {
	case n > 1 && isAny(matchForm(ws[n-1]), lookVerbs...):
		n--
	case n > 2 && isAny(matchForm(ws[n-2]), "نگاه") && isAny(matchForm(ws[n-1]), "کن", "کنید", "بنداز", "بندازید"):
		n -= 2
	default:
		return head
	}
	return strings.Join(ws[:n], " ") + ":"
}

// announcesQuestions reports a head whose noun for its items is a
// question's: «این سوالا رو», «پرسش‌های زیر», "questions".
func announcesQuestions(head string) bool {
	ws := strings.Fields(head)
	for k, w := range ws {
		m := matchForm(w)
		if isAny(m, pluralQuestionNouns...) || strings.HasPrefix(m, "سوالا") || strings.HasPrefix(m, "سوالها") || strings.HasPrefix(m, "پرسشها") {
			return true
		}
		j := k + 1
		if j < len(ws) && isAny(matchForm(ws[j]), "تا", "عدد") {
			j++
		}
		if j < len(ws) && quizNoun(ws[j]) && !afterFormNoun(ws, k) {
			if n := countOf(m); n >= 2 && n <= 12 {
				return true // «سه سوال», «دو تا پرسش»
			}
		}
	}
	return false
}

// readEntry reads an item as an entry: its options are the marks inside
// it («… الف) تهران ب) تبریز») or the lines under it.
func readEntry(it enumItem) entry {
	en := entry{text: strings.TrimSpace(it.text), options: it.sub}
	if inner, ok := enumerateInline(en.text); ok && len(inner.items) >= 2 && (inner.kind == markLetter || inner.kind == markNumber) {
		en.text = strings.TrimSpace(strings.TrimRight(inner.head, " :"))
		for _, o := range inner.items {
			en.options = append(en.options, strings.TrimRight(o.text, " .،"))
		}
	}
	if len(en.options) == 0 && strings.HasSuffix(en.text, ")") {
		// «کلاس (چندگزینه‌ای: اول، دوم، سوم)»: the kind and the options
		// in a parenthesis after the wording.
		if k := strings.LastIndex(en.text, "("); k > 0 {
			in := en.text[k+1 : len(en.text)-1]
			if c := strings.IndexAny(in, ":："); c > 0 && kindWords(in[:c]) {
				var opts []string
				for _, o := range strings.FieldsFunc(strings.ReplaceAll(in[c+1:], " و ", "، "), func(r rune) bool { return r == '،' || r == ',' || r == '/' }) {
					if o = strings.TrimSpace(o); o != "" {
						opts = append(opts, o)
					}
				}
				if len(opts) >= 2 {
					return entry{text: strings.TrimSpace(en.text[:k]), options: opts, typ: strings.TrimSpace(in[:c])}
				}
			}
		}
	}
	if len(en.options) == 0 && hasOptionNoun(en.text) {
		if o := optionedEntry(en.text); len(o.options) >= 2 {
			return o
		}
	}
	return en
}

// quoteWording quotes an item that is a wording, keeping a type said
// after it in parentheses outside the quote: «نام (کوتاه)» → ««نام»
// (کوتاه)». What is quoted already, or names a form or question by
// number, stays as it is.
func quoteWording(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), " .،")
	if s == "" || strings.ContainsAny(s, "«»\"") || namesByNumber(s) {
		return s
	}
	tail := ""
	if strings.HasSuffix(s, ")") {
		if k := strings.LastIndex(s, "("); k > 0 && kindWords(s[k+1:len(s)-1]) {
			s, tail = strings.TrimSpace(s[:k]), " "+s[k:]
		}
	}
	return "«" + s + "»" + tail
}

// kindWords reports words that say a question's kind, format or need —
// «کوتاه», «تاریخ», «url», «اجباری» — which a parenthesis after a
// wording adds to it; any other parenthesis is part of the wording:
// «ساعت ورود (۸ تا ۱۰)».
func kindWords(s string) bool {
	ws := strings.Fields(s)
	if len(ws) == 0 || len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		t := tokenize(surface(w))
		if len(t) == 0 {
			return false
		}
		c := clause(t)
		if !typeWordAt(w) && c.atAny(0, formatNamesV) == 0 && !isAny(t[0].m, requiredWords...) && !isAny(t[0].m, optionalWords...) && !isAny(t[0].m, "و", "،", "تاریخ", "عدد", "عددی", "ایمیل", "فایل", "date", "number", "email", "file") {
			return false
		}
	}
	return true
}

// listNounWords are the words of the noun phrase a head announces its
// items with: a demonstrative, a plural noun, «زیر», the object marker.
func listNoun(w string) bool {
	m := matchForm(w)
	if isAny(m, "این", "اینها", "اینا", "اینارو", "اینهارو", "اینهارا", "زیر", "ذیل", "رو", "را", "موارد", "these", "following") {
		return true
	}
	return isAny(m, pluralQuestionNouns...) || strings.HasPrefix(m, "فرمها") || strings.HasPrefix(m, "سوالا") || strings.HasPrefix(m, "پرسشها")
}

// replaceListNoun puts list in the place of the noun phrase that
// announces it in head: «فرم‌های زیر منتشر شوند» → «فرم ۶۳، فرم ۶۴ و
// فرم ۶۵ منتشر شوند», «اینارو از فرم 46 پاک کن» → «سوال 5 و سوال 2 رو
// از فرم 46 پاک کن».
func replaceListNoun(head, list string) (string, bool) {
	ws := strings.Fields(head)
	start := -1
	for k, w := range ws {
		m := matchForm(w)
		if m == "این" || pluralListNoun(m) {
			start = k
			break
		}
	}
	if start < 0 {
		return "", false
	}
	end := start + 1
	for end < len(ws) && listNoun(ws[end]) && !isAny(matchForm(ws[end]), "رو", "را") {
		end++
	}
	marker := ""
	if m := matchForm(ws[start]); strings.HasSuffix(m, "رو") && m != "رو" {
		marker = " رو"
	}
	if end < len(ws) && isAny(matchForm(ws[end]), "رو", "را") {
		marker = " " + ws[end]
		end++
	}
	out := append(append(append([]string{}, ws[:start]...), list+marker), ws[end:]...)
	return strings.Join(out, " "), true
}

// optionedChain writes questions that carry their own options as one
// «یک سوال TYPE «…» با گزینه‌های …» each, joined by «و», after the head's
// colon; a count or a plural noun of the head that announced them is
// dropped, its type kept for each.
func optionedChain(verb string, es []entry) string {
	head, typ := dropAnnounced(verb)
	parts := make([]string, len(es))
	for k, en := range es {
		w := quoteWording(en.text)
		t := typ
		if en.typ != "" {
			t = en.typ
		}
		if t == "" && len(en.options) > 0 {
			t = "چندگزینه‌ای"
		}
		// «یک سوال … و یک سوال …»: each question counted, so that two
		// wordings joined by «و» are read as two questions.
		p := "یک سوال " + w
		if t != "" {
			p = "یک سوال " + t + " " + w
		}
		if len(en.options) > 0 {
			p += " با گزینه‌های " + strings.Join(en.options, "، ")
		}
		parts[k] = p
	}
	return head + ": " + strings.Join(parts, " و ")
}

// dropAnnounced takes out of a head the words that announce its items —
// a count, a demonstrative, a plural or counted question noun, «زیر»,
// the object marker — and returns the type they named: «سه سوال
// چندگزینه‌ای به فرم ۲۲ اضافه کنید» → «به فرم ۲۲ اضافه کنید»,
// «چندگزینه‌ای».
func dropAnnounced(head string) (string, string) {
	ws := strings.Fields(head)
	typ := ""
	out := make([]string, 0, len(ws))
	for k := 0; k < len(ws); k++ {
		w := ws[k]
		m := matchForm(w)
		nextNoun := k+1 < len(ws) && (quizNoun(ws[k+1]) || typeOfPlural(ws[k+1]) != "" || isAny(matchForm(ws[k+1]), "تا"))
		switch {
		case countWord(m) && nextNoun && !afterFormNoun(ws, k), isAny(m, "تا") && k > 0 && countWord(matchForm(ws[k-1])):
			continue
		case quizNoun(w) || m == "این" || pluralListNoun(m):
			// The noun and the type words after it.
			for k+1 < len(ws) {
				if typeWordAt(ws[k+1]) {
					typ = strings.TrimSpace(typ + " " + ws[k+1])
					k++
					continue
				}
				if listNoun(ws[k+1]) {
					k++
					continue
				}
				break
			}
			continue
		case typeOfPlural(w) != "":
			// «add 2 dropdowns»: an English plural of a type.
			typ = typeOfPlural(w)
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " "), typ
}

// countWord reports a count: digits or a number word.
func countWord(m string) bool {
	if _, ok := numberWords[m]; ok {
		return true
	}
	t := tokenize(m)
	return len(t) == 1 && t[0].isNum
}

// countOf is the value of a count word, or 0.
func countOf(m string) int {
	if n, ok := numberWords[m]; ok {
		return n
	}
	if t := tokenize(m); len(t) == 1 && t[0].isNum {
		return t[0].num
	}
	return 0
}

// typeWordAt reports a type named by the word w: «چندگزینه‌ای», «کشویی»,
// "checkboxes".
func typeWordAt(w string) bool {
	t := tokenize(surface(w))
	if len(t) == 0 {
		return false
	}
	c := clause(t)
	_, n := c.fieldTypeAt(0)
	return n > 0 || c.atAny(0, v2TypeWordsV) > 0
}

// typeOfPlural reads an English type named in the plural, «dropdowns»,
// «checkboxes», as its singular.
func typeOfPlural(w string) string {
	m := matchForm(w)
	if !strings.HasSuffix(m, "s") || len(m) < 4 {
		return ""
	}
	for _, s := range []string{m, strings.TrimSuffix(m, "es"), strings.TrimSuffix(m, "s")} {
		if typeWordAt(s) {
			return s
		}
	}
	return ""
}

// optionedEntries reads several questions, each with «با گزینه‌های …»,
// listed after one colon with no marks: «سه سوال چندگزینه‌ای به فرم ۲۲
// اضافه کنید: «رنگ آسمان» با گزینه‌های آبی، خاکستری و سیاه؛ «فصل سرد» با
// گزینه‌های …». A new question starts at a quoted wording after «؛», «،»
// or «و» that follows a list of options.
func optionedEntries(text string) (string, bool) {
	q := strings.Index(text, "«")
	if q < 0 || strings.ContainsRune(text, '\n') {
		return "", false
	}
	c := strings.LastIndexByte(text[:q], ':')
	if c < 0 {
		return "", false
	}
	verb, rest := strings.TrimSpace(text[:c]), strings.TrimSpace(text[c+1:])
	if strings.Count(rest, "گزینه") < 2 || !saysOrder(verb) || !strings.HasPrefix(rest, "«") {
		return "", false
	}
	// Cut rest at each «…» that opens an entry.
	var es []entry
	rs := []rune(rest)
	begin := 0
	for i := 1; i < len(rs); i++ {
		if rs[i] != '«' {
			continue
		}
		before := strings.TrimSpace(string(rs[begin:i]))
		if !strings.Contains(before, "گزینه") {
			continue
		}
		before = strings.TrimSpace(strings.TrimRight(before, "؛،, "))
		before = strings.TrimSuffix(before, " و")
		es = append(es, optionedEntry(before))
		begin = i
	}
	es = append(es, optionedEntry(strings.TrimSpace(string(rs[begin:]))))
	if len(es) < 2 {
		return "", false
	}
	for _, en := range es {
		if len(en.options) < 2 {
			return "", false
		}
	}
	return optionedChain(verb, es), true
}

// optionedEntry reads «"wording" با گزینه‌های a، b و c» as its wording and
// options.
func optionedEntry(s string) entry {
	ws := strings.Fields(s)
	j := 0
	for j < len(ws) && !isOptionNoun(matchForm(strings.TrimRight(ws[j], ":"))) {
		j++
	}
	if j == len(ws) || j == 0 {
		return entry{text: s}
	}
	w := strings.Join(ws[:j], " ")
	if isAny(ws[j-1], "با") {
		w = strings.Join(ws[:j-1], " ")
	}
	j++
	for j < len(ws) && isAny(strings.TrimRight(ws[j], ":"), "ها", "های", "هاش", "") {
		j++ // «گزینه های»: the plural typed apart
	}
	list := strings.Join(ws[j:], " ")
	list = strings.ReplaceAll(list, " و ", "، ")
	var opts []string
	for _, o := range strings.FieldsFunc(list, func(r rune) bool { return r == '،' || r == ',' || r == '؛' }) {
		if o = strings.TrimSpace(o); o != "" {
			opts = append(opts, o)
		}
	}
	return entry{text: w, options: opts}
}

// askedInASentence reports a sentence that asks a destructive act, not
// answered by a later sentence that orders the same act: «فرم ۸: ۱- سوال ۳ پاک بشه؟ ۲- سوال
// ۴ اجباری بشه», «فرم ۸ رو پاک کنم؟ بعد فرم ۹ رو منتشر کن» — an item or
// a sentence ending in «؟» asks, whatever the sentences after it order.
// A plea in it («میشه …؟», «لطفاً …؟») makes it a request, and an order
// of the same act after it answers it («… پاک کنم؟ آره پاکش کن»).
func askedInASentence(frames []*frame) bool {
	const (
		delForm = 1 << iota
		delField
		disable
		draft
	)
	asked := 0
	for _, f := range frames {
		if f.negated {
			continue
		}
		kinds := 0
		if f.deleteForm {
			kinds |= delForm
		}
		if f.edit != nil && f.edit.del {
			kinds |= delField
		}
		if f.disable {
			kinds |= disable
		}
		if f.draft {
			kinds |= draft
		}
		if kinds == 0 {
			continue
		}
		c := f.toks
		if n := len(c); n > 0 && c[n-1].punct && isAny(c[n-1].m, "؟", "?") && !slices.ContainsFunc(c, func(t token) bool {
			return !t.quoted && isAny(t.m, politeAskWords...)
		}) {
			asked |= kinds
			continue
		}
		asked &^= kinds // ordered after it: the answer
	}
	return asked != 0
}

// politeAskWords make a question a polite request: «میشه …؟», "can you …?".
var politeAskWords = []string{"میشه", "میشود", "میتونی", "میتونید", "میتوانید", "میتوانی", "ممکنه", "لطفا", "لطفاً", "can", "could", "would", "please", "امکانش", "امکان"}

// originalWords name the form copied, not its copy: «اصلی رو منتشر کن».
var originalWords = []string{"اصل", "اصلش", "اصلی", "اصلیه", "اصلیو", "اصلیرو", "اصلیشو", "قبلی", "قدیمی", "original", "old"}

// deniedThenOnly ends a clause at a denied copula or verb followed by
// «فقط», «تنها» or «بلکه»: «حذف سوال ۲ لازم نیست فقط عنوانش …» is «…
// لازم نیست، فقط …» — the act before is denied, what follows is done
// instead (ruling 12). Typed without the comma, or dictated, the two
// were one clause and the denied act was read as ordered.
func deniedThenOnly(text string) string {
	if !strings.Contains(text, "فقط") && !strings.Contains(text, "تنها") && !strings.Contains(text, "بلکه") {
		return text
	}
	var b strings.Builder
	prev := "" // the word before, past spaces typed twice
	changed := false
	for k, w := range strings.Split(text, " ") {
		if k > 0 {
			if prev != "" && w != "" && isAny(w, "فقط", "تنها", "بلکه") {
				if m := matchForm(prev); isAny(m, deniedCopulas...) || negativeVerbs[m] {
					b.WriteString("،")
					changed = true
				}
			}
			b.WriteByte(' ')
		}
		b.WriteString(w)
		if w != "" {
			prev = w
		}
	}
	if !changed {
		return text
	}
	return b.String()
}

// objectUnsaid reports a clause that names no object at all: no form, no
// question, no number, no quote, no pronoun. After a copy («فرم ۵ رو
// کپی کن و منتشر کن», «۱- از فرم ۴۸ کپی تهیه شود ۲- منتشر شود») the
// object left unsaid is the copy, which has no id yet, as «it» is.
func (c clause) objectUnsaid() bool {
	for i, t := range c {
		if t.quoted || t.isNum || t.qnoun || t.list != nil || c.atAny(i, formNounsV) > 0 || isAny(t.m, originalWords...) {
			return false
		}
	}
	return true
}
