package persian

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// builder turns frames into steps, tracking which form "it" means.
type builder struct {
	// lastCreates are the indexes in steps of the create_form steps of
	// the last frame that made forms (stateEach).
	lastCreates []int
	cfg         Config
	steps       []domain.PlanStep
	warnings    []Warning
	// context: the form a pronoun or "the form" refers to.
	ctxIDs     []int64
	ctxCreated bool // the last form mentioned is the one this plan creates
	createStep int  // index of the create_form step, -1 when none
	created    bool
	overFields bool // refused for adding more than MaxFields questions (v1 cuts instead)
	cut        int  // questions asked for that v1 cut past MaxFields
	needForm   bool
	named      bool // some clause before has named a form by its id
	abort      *Result
	used       map[budgetKey]int // fields added per shared verb and target
	// newQuestions are the wordings of the questions added to the form
	// this plan creates, in order ("" when unsaid): an edit may name one.
	newQuestions []string
	deleted      map[int64]bool // forms a delete_form step has removed
	added        int            // questions added by the command so far
}

func (b *builder) v2() bool { return b.cfg.Contract == 2 }

func (b *builder) refuse(why domain.Text) {
	if b.abort == nil {
		r := none(why)
		b.abort = &r
	}
}

// budgetKey counts fields against Config.MaxFields: one budget per verb
// (with the clauses sharing it) and per form it adds to.
type budgetKey struct {
	clause  int
	id      int64
	created bool
}

func (b *builder) warn(code string, text domain.Text) {
	for _, w := range b.warnings {
		if w.Code == code {
			return
		}
	}
	b.warnings = append(b.warnings, Warning{Code: code, MessageEN: text.String(), MessageFA: messages.Render(domain.LocaleFA, text)})
}

// targets resolves the forms a frame acts on: its own ids, else the ones
// a pronoun or "the form" points to. created is true when the target is
// the form this plan creates (which has no id yet).
func (b *builder) targets(f *frame) (ids []int64, created bool, ok bool) {
	if len(f.ids) > 0 {
		return f.ids, false, true
	}
	if f.refersBack || f.add || f.rename || f.publish || f.draft || f.nav != "" || f.disable || f.edit != nil || f.deleteForm || f.duplicate {
		if b.ctxCreated {
			return nil, true, true
		}
		if len(b.ctxIDs) > 0 {
			return b.ctxIDs, false, true
		}
	}
	return nil, false, false
}

// mention makes the forms a clause names the ones a later pronoun means.
func (b *builder) mention(f *frame) {
	b.bare(f)
	if len(f.ids) > 0 {
		b.named = true
		b.ctxIDs, b.ctxCreated = f.ids, false
	}
}

// bare takes the numbers a clause said without «فرم» as its forms when
// an earlier clause has made forms the topic.
func (b *builder) bare(f *frame) {
	if len(f.ids) == 0 && len(f.bareIDs) > 0 && b.named {
		f.ids = f.bareIDs
	}
}

func (b *builder) frame(f *frame) {
	b.bare(f)
	if f.newRef && b.createStep >= 0 && len(f.ids) == 0 {
		// «… بعد تو فرم جدیده یه سوال بذار»: the new form is the one
		// this plan made, not another.
		f.create, f.createCount, f.title = false, 0, ""
		f.add = f.add || len(f.groups) > 0
		b.ctxIDs, b.ctxCreated = nil, true
	}
	if len(f.leftover) > 0 {
		words := "«" + strings.Join(f.leftover, "»، «") + "»"
		b.warn("plan.leftover", domain.T("these words were not understood and the plan does not act on them: %s", words))
	}
	if f.purpose != "" {
		b.warn("plan.purpose", domain.T("«%s» says what the form is for, not its name; it is made untitled — name it with «به اسم …»", f.purpose))
	}
	if f.duration != "" {
		b.warn("plan.duration", domain.T("a plan cannot set how long a change lasts («%s»); it stays until it is changed back", f.duration))
	}
	if len(f.ids) > 0 {
		b.named = true
	}
	for _, id := range f.ids {
		if id <= 0 {
			r := none(domain.T("form ids start at 1; there is no form 0"))
			b.abort = &r
			return
		}
	}
	if f.create {
		b.create(f)
		return
	}
	ids, created, ok := b.targets(f)
	if len(f.ids) == 0 && len(ids) > 1 && (f.deleteForm || f.disable || f.draft) && !f.negated && !f.toks.pluralPronoun() {
		// «فرم ۱۲ و فرم ۱۳ رو ببین. پاکش کن»: «it» is one form, and
		// which of those named is not said; nothing is destroyed on a
		// guess.
		f.refusal = domain.T("«it» may be any of the forms named before; name the form to delete or close")
	}
	if len(f.ids) > 0 {
		b.ctxIDs, b.ctxCreated = f.ids, false
	}
	if f.refusal.Key != "" {
		b.refuse(f.refusal)
		return
	}
	if !ok {
		if f.add || f.rename || f.publish || f.draft || f.nav != "" || f.disable || f.edit != nil || f.deleteForm || f.duplicate {
			b.needForm = true
		}
		return
	}
	if f.deleteForm || f.duplicate || f.edit != nil {
		b.formActs(f, ids, created)
		return
	}
	// A clause's acts go in the order a form goes through them: its
	// title, its questions, its state, then the page to open.
	// «فرم ۷ را کپی کن و اسمش را «الف» بگذار»: «its name» is the
	// copy's, which has no id to rename by.
	if f.rename && f.title != "" && !(len(f.ids) == 0 && b.namesCopy(f.title)) {
		b.rename(f.title, ids, created)
	}
	if f.add && f.dropped != "" {
		b.dropWarning(f.dropped)
	}
	if f.add {
		if created && b.v2() && f.toks.saysEach() && b.fieldsEach(f) {
			// done: each new form has its questions
		} else if created {
			b.fields(f, nil, true)
		} else {
			for _, id := range ids {
				b.fields(f, domain.Int64(id), false)
			}
		}
	}
	b.states(f, ids, created)
	if f.nav != "" {
		b.navigate(f, ids, created)
	}
}

// create emits the create_form steps of a frame and the fields that go
// with them. «سه فرم جدید بساز»: several forms, the fields (if any) go
// to the last. Forms named one by one take their names in order; with
// one name, all share it.
func (b *builder) create(f *frame) {
	title := strings.TrimSpace(f.title)
	if title == "" {
		title = domain.DefaultFormTitle
	}
	count := max(f.createCount, 1, 1+len(f.moreTitles))
	if count > b.cfg.MaxSteps {
		// «صد تا فرم جدید بساز»: refused whole, never cut to the limit.
		b.refuse(domain.T("the command makes %d forms, more than the %d steps one plan may hold", count, b.cfg.MaxSteps))
		return
	}
	b.lastCreates = b.lastCreates[:0]
	for k := 0; k < count; k++ {
		b.lastCreates = append(b.lastCreates, len(b.steps))
		t := title
		if len(f.moreTitles) > 0 && k > 0 {
			t = domain.DefaultFormTitle
			if k-1 < len(f.moreTitles) {
				t = strings.TrimSpace(f.moreTitles[k-1])
			}
		}
		b.steps = append(b.steps, domain.PlanStep{Action: domain.ActionCreateForm, Params: domain.StepParams{Title: t}})
	}
	b.createStep = len(b.steps) - 1
	b.created, b.ctxCreated, b.ctxIDs = true, true, nil
	if f.dropped != "" && len(f.groups) > 0 {
		b.dropWarning(f.dropped)
	}
	if count > 1 && b.v2() && len(f.groups) > 0 && (f.each || f.toks.saysEach()) && b.fieldsEach(f) {
		// «سه تا فرم بساز، هر کدوم سه تا سوال کوتاه داشته باشه»: the
		// questions go to each form made, as «به هر کدوم …» adds them.
	} else {
		b.fields(f, nil, true)
	}
	if f.publish && b.v2() {
		b.states(f, nil, true)
	}
}

// rename gives the forms a new title; the form this plan creates takes
// it in its create step, as it has no id to rename by.
func (b *builder) rename(title string, ids []int64, created bool) {
	if created {
		b.steps[b.createStep].Params.Title = title
		return
	}
	for _, id := range ids {
		b.steps = append(b.steps, domain.PlanStep{Action: domain.ActionUpdateFormTitle, Params: domain.StepParams{ID: domain.Int64(id), Title: title}})
	}
}

// states emits publish_form and draft_form. A form this plan creates
// starts as a draft and cannot change state before it exists: that is
// a warning, not a step.
func (b *builder) states(f *frame, ids []int64, created bool) {
	for _, act := range []struct {
		on     bool
		action string
	}{{f.publish, domain.ActionPublishForm}, {f.draft, domain.ActionDraftForm}, {f.disable, domain.ActionDisableForm}} {
		if !act.on {
			continue
		}
		if created && b.v2() {
			// «… و هر دو رو منتشر کن»: each new form takes the step.
			if f.toks.saysAll() && b.stateEach(act.action) {
				continue
			}
			// The form this plan creates takes the step without an id;
			// it starts as a draft, so drafting it changes nothing.
			if act.action != domain.ActionDraftForm || b.stateChanged() {
				b.steps = append(b.steps, domain.PlanStep{Action: act.action})
			}
			continue
		}
		if created {
			// A new form starts as a draft, so drafting it asks nothing.
			// Publishing or closing it needs its id, which arshline-plan/v1
			// cannot leave out: the contract says a command it cannot
			// express whole gets no plan, not a plan without that step.
			if act.action != domain.ActionDraftForm {
				b.refuse(domain.T("arshline-plan/v1 cannot publish or close a form made in the same command, as it has no number yet; make the form, then publish it by its number"))
			}
			continue
		}
		for _, id := range ids {
			if b.inState(act.action, id) {
				continue
			}
			b.steps = append(b.steps, domain.PlanStep{Action: act.action, Params: domain.StepParams{ID: domain.Int64(id)}})
		}
	}
}

// navigate emits the page to open for each form; the editor opens at a
// question, the first unless one is named.
func (b *builder) navigate(f *frame, ids []int64, created bool) {
	if created {
		b.warn("form.not_created_yet_nav", domain.T("a form created in this command has no page to open yet"))
		return
	}
	for _, id := range ids {
		st := domain.PlanStep{Action: f.nav, Params: domain.StepParams{ID: domain.Int64(id)}}
		if f.nav == domain.ActionOpenEditor {
			idx := 0
			if f.position != nil {
				idx = *f.position
			}
			st.Params.Index = domain.Int(idx)
		}
		b.steps = append(b.steps, st)
	}
}

// inState reports that the plan has already put form id in the state
// action leads to, with no other state change since: «از حالت انتشار
// خارج و به پیش‌نویس منتقل گردد» says one change twice.
func (b *builder) inState(action string, id int64) bool {
	for k := len(b.steps) - 1; k >= 0; k-- {
		st := b.steps[k]
		if st.Params.ID == nil || *st.Params.ID != id || st.Action != domain.ActionPublishForm && st.Action != domain.ActionDraftForm {
			continue
		}
		return st.Action == action
	}
	return false
}

// fields emits the add_field steps of a frame's groups for one target.
func (b *builder) fields(f *frame, id *int64, toCreated bool) {
	key := budgetKey{clause: f.budget, created: toCreated}
	if id != nil {
		key.id = *id
	}
	if b.used == nil {
		b.used = map[budgetKey]int{}
	}
	for gi, g := range f.groups {
		n := g.count
		if n < 1 {
			n = 1
		}
		for k := 0; k < n; k++ {
			// v2 counts the command's questions, whatever form they go to.
			if b.v2() && b.added >= b.cfg.MaxFields {
				b.overFields = true
				b.refuse(domain.T("at most %d questions are added by one command; split it in two", b.cfg.MaxFields))
				return
			}
			if b.used[key] >= b.cfg.MaxFields {
				// v1 cuts; what it cuts still counts against the step
				// limit, so a command asking for more than one plan may
				// hold is refused rather than cut (see Planner.plan).
				b.cut += n - k + f.questionsAfter(gi)
				b.warn("fields.capped",
					domain.T("at most %d fields are added at once; add the rest with another command", b.cfg.MaxFields))
				return
			}
			typ := g.typ
			if typ == "" {
				typ = domain.PlanFieldShortText
			}
			st := domain.PlanStep{Action: domain.ActionAddField, Params: domain.StepParams{ID: id, Type: typ, Required: g.required}}
			if n == 1 {
				st.Params.Question = g.question
			}
			if b.v2() {
				b.v2Field(&st, g)
			}
			pos := g.position
			if pos == nil {
				pos = f.position
			}
			if pos != nil && !toCreated || pos != nil && *pos == 0 {
				// Several fields at one position go in order: 0, 1, 2…
				st.Params.Index = domain.Int(*pos + k)
			}
			if toCreated {
				at := len(b.newQuestions)
				if st.Params.Index != nil && *st.Params.Index <= at {
					at = *st.Params.Index
				}
				b.newQuestions = append(b.newQuestions[:at:at], append([]string{st.Params.Question}, b.newQuestions[at:]...)...)
			}
			b.steps = append(b.steps, st)
			b.used[key]++
			b.added++
		}
	}
}

// pluralPronoun reports a pronoun that stands for several things:
// «پاکشون کن», «اونا», «آن‌ها», «them», «both».
func (c clause) pluralPronoun() bool {
	for i, t := range c {
		if t.quoted {
			continue
		}
		if t.m == "هر" && i+1 < len(c) && c[i+1].isNum && c[i+1].num >= 2 {
			return true // «هر دو رو ببند»
		}
		if t.pron && (strings.HasSuffix(t.s, "شون") || strings.HasSuffix(t.s, "شان") || strings.HasSuffix(t.s, "شونو") || strings.HasSuffix(t.s, "شونم")) {
			return true
		}
		if isAny(t.m, "اونا", "اونها", "آنها", "آنان", "them", "both", "all") || isAny(t.m, quantifiers...) {
			return true
		}
	}
	return false
}
