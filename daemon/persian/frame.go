package persian

import "github.com/arshline/arshline-sidecar/daemon/domain"

// frame is what one clause asks for.
type frame struct {
	create, add, rename, publish, draft bool
	nav                                 string // open_builder | open_editor | open_results
	forbidden                           string
	copies                              string // the word that asks to copy a form
	negated                             bool
	reported                            bool // a denial that is a report of a past act: «حذف کردید»
	refersBack                          bool // a pronoun or "the form"
	ids                                 []int64
	bareIDs                             []int64 // numbers said without «فرم»: see clause.bareIDs
	title                               string
	groups                              []fieldGroup
	position                            *int
	// renamePending: «اسم فرم ۵ را عوض کن و بذار «جدید»» names the new
	// title in the next clause.
	renamePending bool
	createCount   int // «سه فرم جدید»
	// renameGapped: «عنوان فرم ۳ را «الف»» names a title but leaves the
	// verb to the next clause.
	renameGapped bool
	// nameCorrected: the title was said as the right or new name with no
	// verb («عنوان درست: «…»»); after a question named alone it is the
	// question's wording (correctedWording).
	nameCorrected bool
	toks          clause
	// titleList: «دو فرم بساز: الف و ب» names the forms in the clauses
	// after; moreTitles holds the titles after the first.
	titleList  bool
	moreTitles []string
	// modifier: a clause like «همه امتیازی و اجباری» that describes the
	// questions just named (all of them when modAll, else the last).
	modifier            bool
	modAll, modRequired bool
	modType             string
	budget              int // the verb whose field budget this clause spends
	// wordsFrom: «سه سوال اضافه کن: نام، …» — where, in toks, the
	// wordings listed after a colon or «مثل» begin (0 when none).
	wordsFrom int
	joinedBy  string // the conjunction or mark cut before the clause
	// each: a clause merged into this one said its questions go to each
	// of the forms made («…، هر کدوم سه تا سوال داشته باشه»).
	each bool
	// v2 only: what the clause does to forms and questions beyond v1.
	deleteForm, disable, duplicate bool
	edit                           *fieldEdit
	refusal                        domain.Text // why the clause is refused, when it is
	dropped                        string      // a detail v2 cannot carry, said of its questions
	leftover                       []string    // content words the reading did not use (coverage.go)
	leftQuotes                     []string    // quoted text the reading did not use (coverage.go)
	elevenDigits                   bool        // its last question's answer has eleven digits, a mobile number if «۰۹» follows
	verbless                       bool        // it adds with no verb of its own: the verb of a clause beside it is shared, if one is
	newRef                         bool        // «تو فرم جدیده»: in the new form, the one made before if the plan made one
	copyCount                      int         // «دو تا کپی»: how many copies
	saidFormat                     string      // a format said with no question of its own (formatGoesBack)
	saidDigits                     bool        // a length in digits said with no question of its own
	digitsOnly                     bool        // «فقط عدد قبول کنه», a rule no plan carries
	detail                         domain.Text // why a detail the plan cannot carry refuses the command, if it was its point
	detailKind                     string      // the word that asked for it
	duration                       string      // how long a state is to last, which no plan carries (coverage.go)
	purpose                        string      // what a form made with no title is for (coverage.go)
}

// fieldEdit is a change to one question of a form: «سوال دوم را اجباری
// کن», «سوال سوم را ببر اول», «سوال «سن» را حذف کن».
type fieldEdit struct {
	index     int
	more      []int  // «سوال دوم و سوم»: the other questions named with it
	byWording string // the question named by its wording, index unknown yet
	question  string
	typ       string
	format    string
	options   []string
	required  bool
	optional  bool
	del       bool
	to        *int
	dropped   string // a detail said of the change that no plan carries («ده رقمی باشه»)
	current   bool   // named by its place before the plan's steps («پرسش دوم فعلی»)
}

func (f *frame) hasIntent() bool {
	return f.create || f.add || f.rename || f.renamePending || f.publish || f.draft || f.nav != "" || f.forbidden != "" || f.copies != "" ||
		f.deleteForm || f.disable || f.duplicate || f.edit != nil || f.refusal.Key != ""
}

func (f *frame) hasContent() bool {
	return len(f.groups) > 0 || f.title != "" || len(f.ids) > 0
}

// wishedLabel reads a clause that opens with a label no question noun
// names and wishes for it or places it: the question it asks.
func (c clause) wishedLabel(used []bool) (fieldGroup, bool) {
	i := 0
	for i < len(c) && (used[i] || c[i].punct || fillers[c[i].m]) {
		i++
	}
	if i >= len(c) || c[i].quoted {
		return fieldGroup{}, false
	}
	k, n := c.next(i, wordingLabelsV, 0)
	if n == 0 || k < 0 {
		return fieldGroup{}, false
	}
	wish := false
	for j := i + n; j < len(c); j++ {
		if c[j].qnoun || c[j].list != nil {
			return fieldGroup{}, false
		}
		wish = wish || !c[j].quoted && (isAny(c[j].m, "میخوام", "میخواهم", "میخوایم", "میخواهیم", "لازمه", "لازم", "want", "need") || c.atAny(j, placeVerbsV) > 0 || c.atAny(j, addVerbsV) > 0)
	}
	if !wish {
		return fieldGroup{}, false
	}
	l := wordingLabels[k]
	n += c.labelQualifiers(i+n, used)
	markUsed(used, i, i+n)
	return fieldGroup{count: 1, typ: l.typ, format: l.format, question: surfaceOf(c[i : i+n])}, true
}

// fieldGroup is "N questions of type T, required, with text Q".
type fieldGroup struct {
	count    int
	typ      string
	required bool
	question string
	position *int
	item     bool // a list item without its noun: «یکی کوتاه», «دو تا بلند»
	list     bool // followed by a colon: «با سه سوال: …» announces a list
	counted  bool // its count was said: «سه سوال», «یه سوال»
	options  []string
	format   string
}

// readClause reads one clause into a frame. Each step sets aside (marks
// used) the tokens it reads, so that no later step reads them as
// something else; hence the order:
//
//   - negation first, over the whole clause: a denied deletion («فرم ۵
//     رو پاک نکن») is no refusal;
//   - refusals, which end the reading: a clause that deletes or acts on
//     all forms asks for nothing the planner does;
//   - form ids, before any number is read as a count or a position;
//   - question wordings, then titles, before anything else: their words
//     («با متن نام کامل», «به اسم آزمون ریاضی») are text, not grammar;
//   - field groups, with what is left;
//   - copying, only where it is not inside a wording or a title;
//   - reports of what was done, before the intents, so that «منتشر
//     کردم» does not ask to publish;
//   - the intents, then the page to open, which only a clause with no
//     other intent opens;
//   - last, the clause that only describes the questions before it
//     («همه اجباری»), which is one with no intent and no content.
//
// A v2 planner also reads, right after the ids, an edit of an existing
// question (which ends the reading: its quote is the new wording, not a
// title), and the deleting, disabling or copying of forms, which v1
// refuses.
func readClause(toks []token, v2 bool) *frame {
	c := clause(toks)
	f := &frame{toks: c}
	used := make([]bool, len(c)) // tokens consumed as titles, questions or ids
	c.read(f, used, v2)
	c.account(f, used)
	return f
}

// read fills the frame of one clause; see readClause.
func (c clause) read(f *frame, used []bool, v2 bool) {

	c.readNegation(f)
	if !v2 && c.readRefusal(f) {
		return
	}
	if i := c.allForms(); v2 && i >= 0 {
		f.forbidden = c[i].s
		return
	}
	c.markNeed(used)
	newForm := c.hasNewForm()
	c.readForms(f, used, newForm)
	if v2 {
		if c.readFieldEdit(f, used) {
			return
		}
		c.readFormActs(f, used)
		c.copiesFrom(f, used)
	}
	var format string
	var digits bool
	if v2 {
		format, digits = c.readFormatWords(used)
		if format == digitsOnly {
			format, f.digitsOnly = "", true
		}
	}
	c.markNewQuestion(used)
	texts := c.readQuestionTexts(used, newForm)
	if v2 {
		c.markScales(used)
	}
	c.readTitles(f, used)
	if f.duplicate && f.title == "" {
		// «duplicate form 7 as «X»»: a quote said with a copy names it.
		for i, t := range c {
			if t.quoted && !used[i] {
				f.title, used[i] = t.s, true
				break
			}
		}
	}
	if f.disable && !f.deleteForm && !f.duplicate && c.hasUnused(used, draftWordsV) {
		// «از دسترس خارج کن برگرده پیش‌نویس», «غیرفعالش کن پیش‌نویس بشه»:
		// the draft named is where the form goes; a draft takes no
		// answers either, so the closing is said by it.
		f.disable, f.draft = false, true
	}
	if f.deleteForm || f.disable || f.duplicate {
		return
	}
	c.readGroups(f, used, texts, v2)
	if len(f.groups) > 0 && c.besideLastQuestion() {
		// «… پیش از پرسش آخر فرم ۲۶ درج گردد»: the last question's place
		// depends on how many the form has, which the plan cannot know.
		f.refusal = domain.T("the end of a form is no position without knowing how many questions it has; say which place, e.g. «جایگاه پنجم»")
		return
	}
	if len(f.groups) > 0 && c.saysLastQuestion() {
		// «فرم ۵۰. سوال آخر. اجباری.»: the last question the form has
		// is one that exists, and which it is depends on how many there
		// are — no new question, and no index the plan can know.
		f.groups, f.add = nil, false
		f.refusal = domain.T("which question? give its number, e.g. «سوال دوم»")
		return
	}
	if v2 {
		f.dropped = c.uncarriedDetail(f.groups, used)
		for k := range f.groups {
			g := &f.groups[k]
			if g.question == "" || g.format != "" || g.typ != "" && g.typ != domain.PlanFieldShortText {
				continue
			}
			if typ, fm, ok := wordingLabel(g.question); ok && (fm != "" || g.typ == "") {
				g.typ, g.format = typ, fm
			}
		}
		if len(f.groups) == 0 && f.edit == nil {
			f.saidFormat = format // for the question before (formatGoesBack)
			f.saidDigits = digits && format == "" || f.digitsOnly
		}
		if format == elevenDigits {
			format = ""
			f.elevenDigits = len(f.groups) > 0
		}
		if n := len(f.groups); n > 0 && format != "" {
			// The format said in words is the last question's.
			g := &f.groups[n-1]
			if g.typ == "" || g.typ == domain.PlanFieldShortText {
				withFormat(&g.typ, &g.format, format)
			}
		}
		if f.digitsOnly && f.dropped == "" && len(f.groups) > 0 {
			f.dropped = "digits only"
		}
		if digits && f.dropped == "" && len(f.groups) > 0 && f.groups[len(f.groups)-1].format == "" {
			f.dropped = "the answer's length"
		}
		if f.dropped == "" && len(f.groups) > 0 && c.saysUnique() {
			// «… که تکراری قبول نکنه»: one answer per value is not a
			// detail a plan carries.
			f.dropped = "the answer's uniqueness"
		}
	}
	if !v2 && c.readCopy(f, used) {
		return
	}
	madeAlready := c.readReports(used)
	c.readIntents(f, used, newForm, madeAlready)
	if v2 && f.create && !f.negated && c.hasUnused(used, publishWordsV) && !c.hasUnused(used, unpublishV) && !c.inactiveState() {
		// «یه فرم بساز که منتشر هم بشه»: the form made is published.
		f.publish = true
	}
	if v2 && !f.create && !f.add && len(f.ids) == 0 && c.describesForm(used) {
		// «یه نظرسنجی لازم دارم که نام و ایمیل رو بپرسه»: a form wished
		// for by the questions it asks is a form to make.
		f.create = true
	}
	if (v2 || c.kindedQuestion()) && !f.hasIntent() && f.edit == nil && len(f.ids) > 0 && len(f.groups) > 0 && (c.countedQuestion() || c.typedWording() >= 0 || c.hasOptionList()) && !c.hasVerb() {
		// «فرم ۱۳: یه سوال کشویی «شیفت» با گزینه‌های …», «فرم ۲۵ سوال
		// کشویی «پرداخت»: کارت، نقد»: a new question said of a form with
		// no verb at all — counted, typed beside its wording, or given
		// its options — is added to it.
		f.add, f.verbless = true, true
	}
	if v2 && len(f.groups) == 0 && f.edit == nil && len(f.ids) > 0 && !f.create && !f.publish && !f.draft && !f.rename {
		// «کد پستی هم میخوام تو فرم ۱۲», «کد ملی هم بذار تو فرم ۳»: a
		// label wished for or placed in a form is a question of its own.
		if g, ok := c.wishedLabel(used); ok {
			f.groups, f.add = []fieldGroup{g}, true
		}
	}
	c.readNavigation(f, used)
	if !f.hasIntent() && !f.hasContent() {
		f.modType, f.modRequired, f.modAll, f.modifier = c.modifier()
	}
}

// kindedQuestion reports a question noun with its kind said before it
// in English order («rating field …»): a new question, in either
// contract.
func (c clause) kindedQuestion() bool {
	for i, t := range c {
		if t.qnoun && !t.quoted && c.kindBefore(i) {
			return true
		}
	}
	return false
}

// questionsAfter counts the questions the groups after group i ask for
// (a group with no count asks for one).
func (f *frame) questionsAfter(i int) int {
	n := 0
	for _, g := range f.groups[i+1:] {
		n += max(g.count, 1)
	}
	return n
}
