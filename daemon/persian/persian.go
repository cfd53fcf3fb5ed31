// Package persian is the internal Persian planner: it reads an admin's
// command the way a Persian speaker writes it — Arabic or Persian letters,
// three digit scripts, ZWNJ or none, colloquial and polite verbs, number
// words, ordinals, quotes of every kind, a little English — and turns it
// into an arshline-plan/v1 plan (Config{Contract: 2}: an arshline-plan/v2
// plan), or into nothing with a reason. It never invents an id, and the
// same text always gives the same plan.
//
// The pipeline, in Plan: normalise letters and marks (normalize.go),
// tokenize, with quoted strings and compound numbers whole (tokens.go,
// words.go, numbers.go) and a word the lexicon does not know read as the
// lexicon word it sounds like (sound.go), set aside what the command
// says not to do («به جای …») and what the speaker will do themselves,
// cut run-on orders where a verb phrase ends and a new object begins, split into clauses at conjunctions and
// punctuation (clauses.go), read each clause into a frame (frame.go,
// whose readClause gives the order of the steps: negation.go,
// refusals.go, ids.go, titles.go, questions.go, lists.go, positions.go,
// intents.go), attach verbless clauses to the clause whose verb they
// share (verbless.go), then resolve pronouns and "the form" against the
// forms mentioned so far and emit steps (builder.go). Every clause
// accounts for its words (coverage.go): content words it did not use
// are named in a warning, and a detail the plan cannot carry that was
// the clause's point (a time to act, looks, help text, a format with no
// name) gives no plan; how long a state is to last («تا اطلاع ثانوی»)
// is warned of and the state set, but its undoing after the while is
// an order for a later time and gets no plan; a form is deleted, closed or unpublished only
// when named exactly, never by a word read by its sound. Questions about
// the form and a command past the step limit get no plan in either
// contract. Quoted text and options no step carries are named in a
// warning too. Every word list is in lexicon.go; vocab.go matches its
// phrases against tokens. A v1 planner reads a command as v2 does and
// keeps what v1 can say (Plan).
//
// A v2 planner also, before the clauses are cut (v2lists.go): reads a command
// written as labelled fields (structured), the type words only v2 has
// (retype), and every list said in one breath — options, the questions
// a form asks — as one token (collectLists); in each clause, right after
// the ids, formats said in words (formats.go), an edit of an existing
// question (readFieldEdit, v2edits.go)
// and the deleting, disabling or copying of forms (readFormActs,
// v2formacts.go); and, between the clauses (v2order.go), options said
// on their own, forms and counted questions told apart by «اولی … دومی
// …» and «اجباری» after
// «و». It refuses a plan past MaxSteps or a
// command adding more than MaxFields questions instead of cutting it.
package persian

import (
	"slices"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Config bounds what one command can produce.
type Config struct {
	MaxFields int // fields added per command clause (default 6)
	MaxSteps  int // steps per plan (default 12)
	// Contract is the plan version written: 1 (the default) reads only
	// what arshline-plan/v1 can say, so its plans never hold a v2 action,
	// type or param; 2 reads options, formats, question edits, form
	// deletes, copies and disables, and state changes of the new form.
	Contract int
}

// Planner is safe for concurrent use; it holds no state between calls.
type Planner struct {
	cfg Config
}

// New returns a planner.
func New(cfg Config) *Planner {
	if cfg.MaxFields <= 0 {
		cfg.MaxFields = 6
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 12
	}
	if cfg.Contract != 2 {
		cfg.Contract = 1
	}
	return &Planner{cfg: cfg}
}

// Navigate is a UI hint for commands that only open a page.
type Navigate struct {
	Action string         `json:"action"`
	Params map[string]any `json:"params"`
}

// Warning is something the admin should know about the plan.
type Warning struct {
	Code      string `json:"code"`
	MessageEN string `json:"message_en"`
	MessageFA string `json:"message_fa"`
}

// Result is a plan, or none with a reason (and a navigation hint when the
// command only opens a page).
type Result struct {
	Plan     *domain.Plan
	None     bool
	Reason   string
	ReasonFA string
	Navigate *Navigate
	Warnings []Warning
	// overFields: no plan because the command adds more questions than
	// MaxFields, which a v1 reading cuts instead of refusing.
	overFields bool
}

// none is no plan, saying why in both languages.
func none(why domain.Text) Result {
	return Result{None: true, Reason: why.String(), ReasonFA: messages.Render(domain.LocaleFA, why)}
}

// noneWarned is no plan, with the warnings gathered so far.
func noneWarned(why domain.Text, warnings []Warning) Result {
	r := none(why)
	r.Warnings = warnings
	return r
}

// PlanContract reads one command for the plan version asked (1 or 2),
// whatever the planner's Config.Contract: one planner serves both
// contracts of ai.plan.
func (p *Planner) PlanContract(text string, contract int) Result {
	cfg := p.cfg
	cfg.Contract = 1
	if contract == 2 {
		cfg.Contract = 2
	}
	return (&Planner{cfg: cfg}).Plan(text)
}

// Plan reads one command. A v1 planner reads it as v2 does, which
// knows more of how people say things (lists, labels, per-item details,
// orders), and gives that plan when arshline-plan/v1 can say all of it
// but options and formats (which v1 never carries). What v2 refuses v1
// refuses, but for more questions than MaxFields, which v1 cuts while
// the command asks for no more than MaxSteps steps; that
// and a plan only v2 can say are read again with v1's own rules.
func (p *Planner) Plan(text string) Result {
	if p.cfg.Contract == 1 {
		cfg := p.cfg
		cfg.Contract = 2
		r := (&Planner{cfg: cfg}).plan(text)
		if r.Plan == nil && !r.overFields {
			// What v2 refuses — a question, a denial, a detail no plan
			// carries, a guess — v1 refuses too.
			return r
		}
		if r.Plan != nil && slices.ContainsFunc(r.Plan.Steps, func(st domain.PlanStep) bool {
			return st.Action == domain.ActionAddField && st.Params.Type != "" && !isAny(st.Params.Type, domain.PlanFieldTypes...) &&
				(st.Params.Type == domain.PlanFieldCheckboxes || labelledType(st.Params.Question) != st.Params.Type)
		}) {
			// «یه سوال چند انتخابی …», «پرسشی از نوع تاریخ …»: a kind
			// of question v1 has not (several answers, a date, a
			// number…), named as a kind; a v1 kind in its place would be
			// a guess. A kind only its wording implies («سن», «ایمیل»)
			// is v1's short text, as v1 reads it.
			return none(domain.T("the command needs arshline-plan/v2"))
		}
		if r.Plan != nil {
			steps := make([]domain.PlanStep, len(r.Plan.Steps))
			copy(steps, r.Plan.Steps)
			for k := range steps {
				steps[k].Params.Options, steps[k].Params.Format = nil, ""
			}
			if plan := (&domain.Plan{Version: 1, Steps: steps}); !needsV2(plan) {
				r.Plan = plan
				return r
			}
		}
	}
	return p.plan(text)
}

// plan reads one command for the planner's own contract.
func (p *Planner) plan(text string) Result {
	toks, archived := archiveIsDelete(formatColon(headedWordingJoined(formatWished(intoFormUnsaid(describedKind(keyedRecord(deletedToRewrite(wordingSaidAfter(dropClosers(dropOpeners(dropGreetings(clippedDige(textedShortWords(dropBlessings(statedStates(tokenize(readText(text))))))))))))))))))
	if len(toks) == 0 {
		return none(domain.T("the command is empty"))
	}
	toks, asides := cutAsides(bareQuestionPut(enumerators(wordingNamedHere(firstAfterNoun(placeThen(beforeThatComma(eachAForm(commaOrdinalList(spokenOrdinalList(guardianNoun(refrainsFromTaking(azeriFillers(deniedInParens(dictatedParts(formSentenceFirst(arrowMoves(bracketLists(stateValues(deniedVerbFirst(toks))))))))))))))))))))
	gate, said := saidReadings(toks)
	var storyTold, reasons []string
	if said&passStory != 0 {
		if toks, storyTold = storyCut(toks); len(storyTold) > 0 {
			gate, said = saidReadings(toks)
		}
	}
	if said&passReason != 0 {
		toks, reasons = cutReasons(toks)
	}
	asides = append(asides, reasons...)
	if asksWhyOrHow(toks) {
		return none(domain.T("this asks why or how, which is a question to answer, not a form-builder action"))
	}
	if asksQuestion(toks) || asksOnly(toks) {
		return none(domain.T("this is a question about the form, to be answered, not an order"))
	}
	if w := gate.word(gateSlangUnclear, unclearSlangAct, toks); w != "" {
		return none(domain.T("«%s» does not say which act it means — closing the form, deleting it or another; say it with the act's own verb («منتشر کن», «ببند», «حذف کن»)", w))
	}
	toks = gate.run(gateNo|gateAsked, answeredNo, gate.run(gateNo, unmarkedAnswers, toks))
	if takenBack(toks) {
		return none(domain.T("the command takes its order back («شوخی کردم», «بی‌خیال», «just kidding»); there is nothing to do"))
	}
	if w := gate.word(gateLater, postponed, toks); w != "" {
		return none(domain.T("a plan acts now; it cannot wait for a time («%s»)", w))
	}
	if gate.says(gateEither, eitherActs, toks) {
		return none(domain.T("this asks which of two things to do, a question to answer, not an order"))
	}
	if gate.says(gateEither|gateOneOf, formChoice, toks) {
		return none(domain.T("the command leaves the choice between forms open («… یا …», «یکی از …»); name the one form"))
	}
	if gate.says(gateNo|gateWait, undecided, toks) {
		return none(domain.T("the command takes its order back at its end («… ولی فعلا نه», «… یا نه بذار بمونه»); there is nothing to do"))
	}
	if selfDestroys(toks) {
		return none(domain.T("this says what the speaker would do, not an order; nothing is deleted, closed or unpublished on it"))
	}
	if gate.says(gateTell, toldToOther, toks) {
		return none(domain.T("the order is for someone else («به … بگو …»), not for the planner"))
	}
	if asksLeave(toks) {
		return none(domain.T("this asks whether to do it, which is a question to answer, not an order"))
	}
	if w := helpTextAsked(toks); w != "" {
		return none(domain.T("a plan cannot set a question's help text or placeholder («%s»)", w))
	}
	if w := gate.word(gateExcept, leftOutOrRest, toks); w != "" {
		return none(domain.T("«%s»: the order is about what the command does not name; name each form or question to act on", w))
	}
	if w := gate.word(gateBeside, questionBesideNamed, toks); w != "" {
		return none(domain.T("«%s» names a question or a form by its place beside another; name it by its own number", w))
	}
	toks = gate.run(gateSpeaker, dropSpeakerActs, gate.run(gateCorrection, selfCorrected, toks))
	toks = gate.run(gateBeforeAfter, afterCuts, gate.run(gateBeforeAfter, beforeVerbEnds, gate.run(gateInsteadOf, dropInsteadOf, toks)))
	// formTitleList may put in the colon colonTitles reads.
	toks = gate.run(gateColon|gateCount, colonTitles, sentenceTitle(gate.run(gateCount, formTitleList, toks)))
	// «عنوان: …، سوال: …، نوع: …»: a command written as labelled fields.
	toks = said.edits(gate.run(gateTypeLabel, labelledTypes, toks))
	v2 := p.cfg.Contract == 2
	if v2 {
		// labelledTypes puts in the parentheses sharedNoun and
		// parenWordings read, moveOntoQuestion the «جای» of
		// placesAsQuestions, formTitleList the colon structured reads.
		toks = commaWordings(gate.run(gateV2Type, retype, toks))
		toks = gate.run(gateColon|gateCount, structured, gate.run(gateParen|gateTypeLabel, sharedNoun, toks))
		places := gatePlaceNoun
		if said&passMoves != 0 {
			places = allGates
		}
		toks = said.run(passColonWording, newWordingAfterColon, gate.run(places, placesAsQuestions, toks))
		toks = gate.run(gateColon|gateCount, amendedOptions, gate.run(gateColon|gateCount, colonWordings, toks))
		toks = bareWordings(collectLists(toks))
	}
	toks = openAfterSentences(cutRunOns(gate.run(gateParen|gateTypeLabel, parenWordings, said.states(toks))))
	clauses, joins := splitClauses(toks)
	frames := make([]*frame, 0, len(clauses))
	for k, c := range clauses {
		f := readClause(c, v2)
		f.joinedBy = joins[k]
		frames = append(frames, f)
	}
	if v2 {
		pronounMoves(frames)
		frames = placeGoesBack(addGoesOn(editGoesOn(questionsByOrdinal(formsByOrdinal(attachOptions(questionInParts(addSharedVerb(refGoesOn(frames)))))))))
		frames = ordinalIsQuestion(frames, true)
		requiredAfter(frames)
		inItsPlace(frames)
		placeGoesOn(frames)
		editInstead(frames)
		actsOnCopy(frames)
		pronounIsQuestion(frames)
		formatGoesBack(frames)
		editShared(frames)
		namesLastQuestion(frames)
		wordsNameLastQuestion(frames)
		formBesideEdit(frames)
	}
	frames = draftBesideClosing(frames)
	if v2 {
		verbShared(frames)
	} else {
		// «…، بعد اولی رو اجباری کن»: v1 has no step to change a
		// question, but the change goes on the question as it is added.
		frames = ordinalIsQuestion(frames, false)
	}
	labelRenames(frames)
	correctedWording(frames)
	detailsArePoint(frames)
	conditionBefore(frames)
	if w := whenBefore(frames); w != "" {
		return none(domain.T("a plan acts now; it cannot wait for something to happen («%s»)", w))
	}
	if w := revertsAfterDuration(frames); w != "" {
		return none(domain.T("undoing a change after a while («%s») is an order for a later time, which a plan cannot wait for", w))
	}
	frames = attachVerbless(frames)
	if v2 {
		partsRemoved(frames)
	}

	for _, f := range frames {
		if f.forbidden != "" && v2 {
			return none(domain.T("the planner does not delete or change all forms at once; name the forms"))
		}
		if f.copies != "" {
			return none(domain.T("the planner does not copy forms; duplicate the form from the forms list"))
		}
		if f.forbidden != "" {
			return none(domain.T("the planner does not delete forms or change them in bulk; do that from the forms list"))
		}
	}
	if destroysAsked(toks, frames) {
		return none(domain.T("nothing is deleted, closed or unpublished on a question; say it as an order, without «؟»"))
	}
	if gate&gateBeforeAfter != 0 {
		formNamedAfter(frames) // «قبل از اینکه لایوش کنی، …» (slang.go)
	}
	if w := earNumberDestroys(toks, frames); w != "" {
		// «فرم بیست و شیس رو پاک کن»: a number heard in one clause
		// names what another destroys (spelledbyear.go).
		return none(domain.T("«%s» was read as a number by its sound; a form or a question is deleted, closed or unpublished only when its number is written exactly", w))
	}
	if w := numberCutShort(toks); w != "" {
		// «فرم بیست و شیس رو منتشر کن»: form 20 is perhaps not the one
		// meant, whatever is done to it.
		return none(domain.T("«%s»: the number may go on in the word after «و», which was not understood; write the number in digits", w))
	}
	b := &builder{cfg: p.cfg, createStep: -1}
	for _, a := range asides {
		b.warn("plan.remark", domain.T("«%s» was read as a remark on what it follows; the plan does not act on it", a))
	}
	for _, s := range storyTold {
		b.warn("plan.story", domain.T("«%s» was read as the story behind the order; the plan does not act on it", s))
	}
	if w := sendAsked(toks); w != "" {
		// «… منتشر کن و لینکشو بفرست»: the sending is no step, and its
		// words are carried by other readings (the trash's «بفرست»,
		// the link's format), so it is named here.
		b.warn("plan.send", domain.T("«%s» asks to send or share the form, which a plan does not do; share its link from the forms list", w))
	}
	negated, reported := 0, 0
	var denied []domain.PlanStep
	prevStart := 0
	// held counts the steps of a «قبل از انتشار فرم ۳۵، …» clause, kept
	// last while the clauses after it are joined by «و» or a comma:
	// «قبل از X، A و B» is A, B, then X.
	held := 0
	for k, f := range frames {
		if f.negated {
			// «فرم ۳ را منتشر نکن، فقط پیش‌نویسش کن»: what is not done
			// still names the form the next clause speaks of.
			negated++
			if f.reported {
				reported++
			}
			b.mention(f)
			denied = append(denied, deniedActs(f, b.ctxIDs)...)
			held = 0
			continue
		}
		start := len(b.steps)
		b.frame(f)
		switch {
		case f.toks.saysBefore() || f.firstAfterContrast():
			b.moveBefore(prevStart, start)
			held = 0
		case k > 0 && frames[k-1].toks.opensBefore() && !frames[k-1].negated:
			held = start - prevStart
			if slices.ContainsFunc(b.steps[prevStart:], func(st domain.PlanStep) bool { return st.Action == domain.ActionCreateForm }) {
				held = 0 // a new form's steps stay after it (moveBefore)
			}
			b.moveBefore(prevStart, start)
		case held > 0 && held <= start && isAny(f.joinedBy, "و", "and", "،", ","):
			b.moveBefore(start-held, start)
		default:
			held = 0
		}
		prevStart = start
	}
	if b.abort != nil {
		r := *b.abort
		r.overFields = b.overFields
		return r
	}
	if v2 {
		deletesHighFirst(b.steps)
		afterDeletes(b.steps)
	}
	b.steps = stateSaidTwice(b.steps)
	b.quotesLeft(frames)
	if contradicts(b.steps, denied) {
		return noneWarned(domain.T("the command both says to delete, close or unpublish a form and says not to; say which"), b.warnings)
	}
	if usesDeleted(b.steps) {
		return noneWarned(domain.T("the command uses a form after deleting it"), b.warnings)
	}
	if len(b.steps) == 0 {
		switch {
		case reported > 0 && reported == negated && !b.needForm:
			return noneWarned(domain.T("the command tells what was done («حذف کردم», «پاک کردید»), not what to do; there is nothing to do"), b.warnings)
		case negated > reported:
			return noneWarned(domain.T("the command says not to do it, so there is nothing to do"), b.warnings)
		case b.needForm:
			return noneWarned(domain.T("which form? give its number, e.g. «فرم ۳»"), b.warnings)
		}
		return noneWarned(domain.T("the command was not understood as a form-builder action"), b.warnings)
	}
	if asked := len(b.steps) + b.cut; asked > p.cfg.MaxSteps {
		return noneWarned(domain.T("the command needs %d steps, more than the %d one plan may hold; split it in two", asked, p.cfg.MaxSteps), b.warnings)
	}
	plan := &domain.Plan{Version: p.cfg.Contract, Steps: b.steps}
	if !v2 && needsV2(plan) {
		return none(domain.T("the command needs arshline-plan/v2"))
	}
	if archived && slices.ContainsFunc(plan.Steps, func(st domain.PlanStep) bool { return st.Action == domain.ActionDeleteForm }) {
		b.warn("plan.archive", domain.T("«%s» is read as deleting the form, which moves it to the bin and can be undone", archivedWord(toks)))
	}
	res := Result{Plan: plan, Warnings: b.warnings}
	if nav := navigationOnly(plan); nav != nil {
		r := noneWarned(domain.T("this only opens a page"), b.warnings)
		r.Navigate = nav
		return r
	}
	return res
}

// deniedActs are the destructive acts a denied clause says not to do,
// each on the forms it names (or, naming none, the forms it refers
// back to).
func deniedActs(f *frame, ctx []int64) []domain.PlanStep {
	ids := f.ids
	if len(ids) == 0 {
		ids = ctx
	}
	var out []domain.PlanStep
	for _, id := range ids {
		for _, a := range []struct {
			said   bool
			action string
		}{{f.deleteForm, domain.ActionDeleteForm}, {f.disable, domain.ActionDisableForm}, {f.draft, domain.ActionDraftForm}} {
			if a.said {
				out = append(out, domain.PlanStep{Action: a.action, Params: domain.StepParams{ID: &id}})
			}
		}
	}
	return out
}

// contradicts reports a step that deletes, closes or unpublishes a form
// the same command said not to: «فرم ۹ رو پاک نکن، فرم رو حذف کن»,
// «فرم ۹ رو از انتشار در نیار، فرم رو پیش‌نویس کن». Which of the two
// the writer meant is not for the planner to guess, and doing the one
// it was told not to do cannot be undone by a warning.
func contradicts(steps, denied []domain.PlanStep) bool {
	for _, st := range steps {
		for _, d := range denied {
			if st.Action == d.Action && st.Params.ID != nil && *st.Params.ID == *d.Params.ID {
				return true
			}
		}
	}
	return false
}

// destroysAsked reports «فرم ۵ رو پاک کن؟»: a command ending in a
// question mark that would delete, close or unpublish, with no polite
// request around it («میشه …؟», «can you …?»): a question, not an order.
//
// The question may be followed by orders not to do something else
// («فرم ۶ رو پاک کنم؟ ولی فرم ۹ رو حذف نکنید»): they ask nothing to be
// done, and the question stays a question.
func destroysAsked(toks []token, frames []*frame) bool {
	n := len(toks)
	if n == 0 {
		return false
	}
	if askedInASentence(frames) {
		return true
	}
	if q := lastQuestionMark(toks); q >= 0 && q < n-1 && onlyDenials(toks[q+1:]) && !slices.ContainsFunc(toks[:q], func(t token) bool {
		return t.punct && isAny(t.m, ".", "!", "؛", ";")
	}) {
		n = q + 1
	}
	if !toks[n-1].punct || !isAny(toks[n-1].m, "؟", "?") {
		return false
	}
	destroys := false
	for _, f := range frames {
		destroys = destroys || !f.negated && (f.deleteForm || f.disable || f.draft || f.edit != nil && f.edit.del)
	}
	if !destroys {
		return false
	}
	for _, t := range toks {
		if !t.quoted && isAny(t.m, politeAskWords...) {
			return false
		}
	}
	return true
}

// lastQuestionMark is the index of the command's last question mark, -1
// for none.
func lastQuestionMark(toks []token) int {
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i].punct && isAny(toks[i].m, "؟", "?") {
			return i
		}
	}
	return -1
}

// onlyDenials reports words that order nothing: each of their parts
// (between marks and «ولی», «اما», «و») denies its verb or is empty.
func onlyDenials(toks []token) bool {
	denied, words := false, false
	for i := 0; i <= len(toks); i++ {
		if i == len(toks) || toks[i].punct || !toks[i].quoted && isAny(toks[i].m, "ولی", "اما", "و", "but", "and") {
			if words && !denied {
				return false
			}
			denied, words = false, false
			continue
		}
		words = true
		denied = denied || !toks[i].quoted && (negativeVerbs[toks[i].m] || deniesOrder(toks[i].m))
	}
	return true
}

func navigationOnly(p *domain.Plan) *Navigate {
	for _, st := range p.Steps {
		if !domain.IsNavigation(st.Action) {
			return nil
		}
	}
	st := p.Steps[0]
	params := map[string]any{}
	if st.Params.ID != nil {
		params["id"] = *st.Params.ID
	}
	if st.Params.Index != nil {
		params["index"] = *st.Params.Index
	}
	return &Navigate{Action: st.Action, Params: params}
}

// archiveWords archive a form: «آرشیو کن», «بایگانی شود», «archive it».
var archiveWords = []string{"آرشیو", "ارشیو", "بایگانی", "archive"}

// archiveIsDelete reads archiving a form as its delete, which keeps the
// form in the bin, undoable — the reading of «آرشیو» that loses
// nothing. Only the word said as an order of its own («آرشیو کن»,
// «archive کن», «archive form 5»), in a command that names no question,
// is read so; as a name («بذار «آرشیو»», «بایگانی ۱۴۰۲») or asked
// about («آرشیو شده؟») it stays a word. It reports whether it read one.
func archiveIsDelete(toks []token) ([]token, bool) {
	at := -1
	for i, t := range toks {
		if t.qnoun && !t.quoted {
			return toks, false
		}
		if at >= 0 || t.quoted || t.punct || !isAny(t.m, archiveWords...) || i+1 >= len(toks) {
			continue
		}
		next := toks[i+1]
		if next.quoted || next.punct {
			continue
		}
		if lightVerbSet[next.m] || negativeVerbs[next.m] || isAny(next.m, "نکنید", "نکنین", "نشود", "نگردد") ||
			t.m == "archive" && (isAny(next.m, formNouns...) || isAny(next.m, "it", "this", "that", "the")) {
			at = i
		}
	}
	if at < 0 {
		return toks, false
	}
	out := slices.Clone(toks)
	out[at].m, out[at].r0 = "حذف", 'ح'
	return out, true
}

// archivedWord is the word of archiving as it was typed.
func archivedWord(toks []token) string {
	for _, t := range toks {
		if t.m == "حذف" && isAny(matchForm(t.s), archiveWords...) {
			return t.s
		}
	}
	return "آرشیو"
}

// conditionBefore refuses a destructive order whose condition was said
// in the clause before it, «در صورتی که فرم ۸ پاسخی ندارد، حذفش کنید»:
// a plan cannot weigh it, and does not destroy on it.
func conditionBefore(fs []*frame) {
	for k := 1; k < len(fs); k++ {
		f, prev := fs[k], fs[k-1]
		destroys := f.deleteForm || f.disable || f.draft || f.edit != nil && f.edit.del
		if !destroys || f.negated || prev.hasIntent() || !prev.toks.conditional() {
			continue
		}
		f.deleteForm, f.disable, f.draft, f.edit = false, false, false, nil
		f.refusal = domain.T("the order depends on a condition a plan cannot check; check it, then give the order")
	}
}

// labelledType is the kind of question a wording implies by a label in
// it («سن» a number, «ایمیل» an email), or "".
func labelledType(question string) string {
	if question == "" {
		return ""
	}
	if typ, _, ok := wordingLabel(question); ok {
		return typ
	}
	c := clause(retype(tokenize(surface(question))))
	for i := range c {
		if l := labelAt(c, i); l != nil {
			return l.typ
		}
	}
	return ""
}
