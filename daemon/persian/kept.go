package persian

// A question said to stay as it is beside an order — «سوال سوم رو حذف
// کن ولی سوال چهارم بمونه», «… و سوال اول دست نخوره», «… بس سوال دوم
// سالمه», «سوال پنجم رو نگه دار» — is not deleted: it is read as the
// denial the planner reads in «سوال چهارم رو حذف نکن». Without it the
// kept question joined the deleted ones, a step nobody asked for.

// keptWords are the words of a clause that keeps its question: stay
// verbs, and the words of «دست نخوره» and «نگه دار».
var keptWords = map[string]bool{
	"بمونه": true, "بماند": true, "بمانه": true, "بمونن": true, "بمانند": true, "سالمه": true, "بمونند": true,
	"دست": true, "نخوره": true, "نخورد": true, "نزن": true, "نزنید": true, "نزنین": true,
	"نگه": true, "نگهش": true, "دار": true, "دارید": true, "نگهدار": true, "نگهدارید": true,
	"همینطوری": true, "همینجوری": true, "همونجوری": true, "همانطور": true,
}

// keptTriggers are the words without which keptQuestions changes
// nothing: it runs only when one is typed (tokenize).
var keptTriggers = map[string]bool{
	"بمونه": true, "بماند": true, "بمانه": true, "بمونن": true, "بمانند": true, "بمونند": true, "سالمه": true,
	"نخوره": true, "نخورد": true, "نگه": true, "نگهش": true, "نگهدار": true, "نگهدارید": true,
}

// keptQuestions rewrites each clause that only names a question and
// says it stays as the denial of its delete.
func keptQuestions(toks []token) []token {
	var out []token // nil until a clause is rewritten
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !toks[i].punct && (toks[i].quoted || !isAny(toks[i].m, "ولی", "اما", "بس", "و", "but", "and")) {
			continue
		}
		if rest, ok := keptClause(toks[start:i]); ok {
			if out == nil {
				out = append(make([]token, 0, len(toks)+2), toks[:start]...)
			}
			seg := toks[start:i]
			out = append(out, seg[:rest]...)
			if !isAny(seg[rest-1].m, "رو", "را") {
				out = append(out, wordToken("رو"))
			}
			out = append(out, wordToken("حذف"), wordToken("نکن"))
		} else if out != nil {
			out = append(out, toks[start:i]...)
		}
		if out != nil && i < len(toks) {
			out = append(out, toks[i])
		}
		start = i + 1
	}
	if out == nil {
		return toks
	}
	return out
}

// keptClause reports a clause «سوال <n> [فرم <n>] [رو] <kept words>»,
// with where its kept words start.
func keptClause(seg []token) (int, bool) {
	// «لطفا سوال …», «… بمونه ممنون»: a plea before, thanks after.
	j := 0
	for j < len(seg) && !seg[j].quoted && (isAny(seg[j].m, pleaWords...) || isAny(seg[j].m, thankWords...)) {
		j++
	}
	if len(seg)-j < 3 || seg[j].quoted || !questionNouns[seg[j].m] {
		return 0, false
	}
	j++
	if _, ord := ordinal(seg[j].m); !ord && !seg[j].isNum {
		return 0, false
	}
	j++
	if j+1 < len(seg) && isAny(seg[j].m, formNouns...) && seg[j+1].isNum {
		j += 2
	}
	if j < len(seg) && isAny(seg[j].m, "رو", "را", "هم") {
		j++
	}
	rest, kept := j, false
	for ; j < len(seg); j++ {
		if seg[j].quoted || !keptWords[seg[j].m] && !isAny(seg[j].m, thankWords...) && !isAny(seg[j].m, pleaWords...) {
			return 0, false
		}
		kept = kept || keptTriggers[seg[j].m]
	}
	return rest, kept && rest < len(seg)
}

// tokenTriggers are the words a tokenized word is looked up in once, for
// the readings of tokenize that wait for a rare word: regional words
// read in context or as two (regionalContext), the words that keep
// a question (keptQuestions), «نه» (loneNo) and the words after which a
// word spelt by ear is read in context (earContext).
var tokenTriggers = func() map[string]uint8 {
	m := map[string]uint8{}
	for w, std := range regionalWords {
		if len(std) != 1 {
			m[w] |= triggerRegional
		}
	}
	for w := range keptTriggers {
		m[w] |= triggerKept
	}
	for w := range dragVerbs {
		m[w] |= triggerRegional // slangContext reads a question dragged
	}
	m["نه"] |= triggerNo
	m["لا"] |= triggerNo
	for w := range earTriggers() {
		m[w] |= triggerEar
	}
	return m
}()

const (
	triggerRegional uint8 = 1 << iota
	triggerKept
	triggerNo
	triggerEar
)
