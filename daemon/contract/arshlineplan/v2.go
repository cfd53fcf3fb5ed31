package arshlineplan

import (
	"context"

	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// NameV2 is the registry name of arshline-plan/v2: every v1 action with the
// same parameters, plus question edits (update_field, delete_field,
// move_field), form deletion, duplication and disabling, options and
// formats of questions, five more field types, and id-less state changes
// and edits of the form the plan creates.
const NameV2 = "arshline-plan/v2"

// Limits v2 adds.
const (
	MinOptions           = 2
	MaxOptions           = 50
	MaxOptionRunes       = 200
	versionV2      int64 = 2
)

// Rule ids v2 adds; every v1 rule keeps its id and meaning.
const (
	RuleSeqNoFormForStep     = "seq.no_form_for_step"
	RuleParamNoChange        = "param.no_change"
	RuleOptionsNeedChoice    = "param.options_need_choice"
	RuleFormatNeedsShortText = "param.format_needs_short_text"
)

var actionParamsV2 = map[string][]paramSpec{
	domain.ActionCreateForm:      {{"title", kindTitle, false}},
	domain.ActionAddField:        {{"id", kindID, false}, {"type", kindType, true}, {"question", kindQuestion, false}, {"required", kindBool, false}, {"index", kindIndex, false}, {"options", kindOptions, false}, {"format", kindFormat, false}},
	domain.ActionUpdateFormTitle: {{"id", kindID, true}, {"title", kindTitle, true}},
	domain.ActionOpenBuilder:     {{"id", kindID, true}},
	domain.ActionOpenEditor:      {{"id", kindID, true}, {"index", kindIndex, true}},
	domain.ActionOpenResults:     {{"id", kindID, true}},
	domain.ActionPublishForm:     {{"id", kindID, false}},
	domain.ActionDraftForm:       {{"id", kindID, false}},
	domain.ActionUpdateField:     {{"id", kindID, false}, {"index", kindIndex, true}, {"question", kindQuestion, false}, {"type", kindType, false}, {"required", kindBool, false}, {"options", kindOptions, false}, {"format", kindFormat, false}},
	domain.ActionDeleteField:     {{"id", kindID, false}, {"index", kindIndex, true}},
	domain.ActionMoveField:       {{"id", kindID, false}, {"index", kindIndex, true}, {"to", kindTo, true}},
	domain.ActionDeleteForm:      {{"id", kindID, true}},
	domain.ActionDuplicateForm:   {{"id", kindID, true}, {"title", kindTitle, false}},
	domain.ActionDisableForm:     {{"id", kindID, false}},
}

var v2 = &dialect{
	name: NameV2, version: versionV2, actions: actionParamsV2, types: domain.PlanFieldTypesV2,
	actionList: contract.ListBoth(domain.PlanActionsV2),
	typeList:   contract.ListBoth(domain.PlanFieldTypesV2),
}

var (
	formatList = contract.ListBoth(domain.PlanFormats)
	choiceList = contract.ListBoth([]string{domain.PlanFieldMultipleChoice, domain.PlanFieldCheckboxes, domain.PlanFieldDropdown})
)

func knownFormat(f string) bool {
	for _, x := range domain.PlanFormats {
		if x == f {
			return true
		}
	}
	return false
}

// FieldTypeLookup is what a form store may add to contract.FormLookup so
// that v2 can check `format` and `options` of an update_field that keeps
// the question's type against the type the question has now. Without it
// those checks wait for execution.
type FieldTypeLookup interface {
	// LookupFieldTypes returns the arshline_form@v1 types of the form's
	// questions in order (text, radio, …).
	LookupFieldTypes(ctx context.Context, id int64) ([]string, error)
}

// ContractV2 implements contract.Contract for arshline-plan/v2.
type ContractV2 struct{}

// NewV2 returns the arshline-plan/v2 contract.
func NewV2() contract.Contract { return ContractV2{} }

// Name implements contract.Contract.
func (ContractV2) Name() string { return NameV2 }

// Description implements contract.Contract.
func (ContractV2) Description() string {
	return "Arshline form-builder plan, version 2: v1's steps plus update_field, delete_field, move_field, delete_form, duplicate_form and disable_form, question options and formats, ten field types; a v1 plan is validated as v1"
}

// Validate implements contract.Contract.
func (ContractV2) Validate(ctx context.Context, doc any, opts contract.Options) contract.Report {
	r, _ := ValidateV2(ctx, doc, opts)
	return r
}

// ValidateV2 checks a decoded plan against arshline-plan/v2. A plan whose
// version is the integer 1 is a v1 plan and is validated by v1's rules
// exactly (its normalised plan keeps version 1); the report names v2, the
// contract that was asked.
func ValidateV2(ctx context.Context, doc any, opts contract.Options) (contract.Report, *domain.Plan) {
	if root, ok := doc.(map[string]any); ok {
		if n, isInt := integer(root["version"]); isInt && n == 1 {
			r, p := validateAs(ctx, doc, opts, v1)
			r.Contract = NameV2
			return r, p
		}
	}
	return validateAs(ctx, doc, opts, v2)
}

// ValidatePlanV2 validates a typed plan of either version against
// arshline-plan/v2, as ValidatePlan does for v1.
func ValidatePlanV2(ctx context.Context, p *domain.Plan, opts contract.Options) (contract.Report, *domain.Plan) {
	if p == nil {
		return ValidateV2(ctx, nil, opts)
	}
	return ValidateV2(ctx, planDoc(p), opts)
}

// options checks an options list into out.Options.
func (c *checker) options(i int, v any, out *domain.StepParams) bool {
	// Paths are built only for a violation, as everywhere in the contract.
	at := func() string { return contract.Pointer("steps", i, "params", "options") }
	list, isArray := v.([]any)
	if !isArray {
		c.fail(RuleParamType, i, at(), domain.T("options must be an array of strings, not %s", contract.Show(v)), domain.T(`write the options as ["first", "second"]`))
		return false
	}
	n := int64(len(list))
	if n < MinOptions || n > MaxOptions {
		c.fail(RuleParamInvalid, i, at(), domain.T("a choice question takes %d to %d options, not %d", MinOptions, MaxOptions, n), domain.T("give the whole list, %d to %d options", MinOptions, MaxOptions))
		return false
	}
	ok := true
	opts := make([]string, 0, len(list))
	for k, item := range list {
		path := func() string { return contract.Pointer("steps", i, "params", "options", k) }
		str, isStr := item.(string)
		switch {
		case !isStr:
			c.fail(RuleParamType, i, path(), domain.T("option %d must be a string, not %s", k, contract.Show(item)), domain.T("write each option as text in quotes"))
			ok = false
			continue
		case !utf8.ValidString(str):
			c.fail(RuleParamInvalid, i, path(), domain.T("option %d is not valid UTF-8 text", k), domain.T("send the text as UTF-8"))
			ok = false
			continue
		}
		str = Trim(str)
		if len(str) > MaxOptionRunes && utf8.RuneCountInString(str) > MaxOptionRunes {
			str = Trim(string([]rune(str)[:MaxOptionRunes]))
			c.warn(RuleParamTruncated, i, path(), domain.T("option %d was longer than %d characters and was cut", k, MaxOptionRunes), domain.T("keep each option within %d characters", MaxOptionRunes))
		}
		if str == "" {
			c.fail(RuleParamInvalid, i, path(), domain.T("option %d is empty", k), domain.T("give every option a text, or leave it out of the list"))
			ok = false
			continue
		}
		for _, prev := range opts {
			if prev == str {
				c.fail(RuleParamInvalid, i, path(), domain.T("option %d repeats %q", k, str), domain.T("list each option once"))
				ok = false
				break
			}
		}
		opts = append(opts, str)
	}
	if ok {
		out.Options = opts
	}
	return ok
}

// typeFits checks options and format against the type a question has
// after the step (typ, a planner type). It reports at the parameter and
// keeps the step: later indexes still count it.
func (c *checker) typeFits(i int, p *domain.StepParams, typ string) {
	if typ == "" {
		return
	}
	if p.Options != nil && !domain.IsChoiceType(typ) {
		c.fail(RuleOptionsNeedChoice, i, contract.Pointer("steps", i, "params", "options"), domain.T("options belong to a choice question (%s), not to %s", choiceList, typ), domain.T("leave options out, or make the question a choice type"))
	}
	if p.Format != "" && typ != domain.PlanFieldShortText {
		c.fail(RuleFormatNeedsShortText, i, contract.Pointer("steps", i, "params", "format"), domain.T("format %s belongs to a short_text question, not to %s", p.Format, typ), domain.T("leave format out, or make the question short_text"))
	}
}

// formState is one form as the plan's earlier steps leave it.
type formState struct {
	isNew     bool
	id        int64
	exists    bool
	deletedBy int // input step that deleted it in this plan; -1 if none
	known     bool
	fields    int64
	types     []string // planner types of the questions; nil when unknown
}

func (f *formState) name() domain.Text {
	if f.isNew {
		return domain.T("the new form")
	}
	return domain.T("form %d", f.id)
}

// simulate walks a v2 plan step by step, keeping each form's question
// count (and, where known, each question's type) as the earlier steps
// leave it. The form a plan creates is known exactly; an existing form
// only when a store answers, and its question types only when the store
// is a FieldTypeLookup. What is not known is not checked: execution
// checks again.
func (c *checker) simulate(ctx context.Context, p *domain.Plan, origin []int, forms contract.FormLookup) {
	var current *formState // the form created last by this plan
	byID := map[int64]*formState{}
	for k, st := range p.Steps {
		i := origin[k]
		if st.Action == domain.ActionCreateForm {
			current = &formState{isNew: true, exists: true, deletedBy: -1, known: true, types: []string{}}
			continue
		}
		if !hasParam(actionParamsV2[st.Action], "id") {
			continue
		}
		var f *formState
		if st.Params.ID == nil {
			if current == nil {
				continue // seq.* already reported
			}
			f = current
		} else {
			id := *st.Params.ID
			f = byID[id]
			if f == nil {
				f = &formState{id: id, exists: true, deletedBy: -1}
				if forms != nil {
					// A failed lookup is not the plan's fault: the form
					// stays unknown and execution checks it.
					if _, n, exists, err := forms.LookupForm(ctx, id); err == nil {
						f.exists, f.known, f.fields = exists, true, int64(n)
						if tl, ok := forms.(FieldTypeLookup); ok && exists {
							if docTypes, err := tl.LookupFieldTypes(ctx, id); err == nil && len(docTypes) == n {
								f.types = make([]string, n)
								for q, dt := range docTypes {
									if pt, ok := domain.PlanFieldTypeOfDocument(dt); ok {
										f.types[q] = pt
									} else {
										f.types[q] = dt
									}
								}
							}
						}
					}
				}
				byID[id] = f
			}
			if f.deletedBy >= 0 {
				c.fail(RuleRefFormNotFound, i, contract.Pointer("steps", i, "params", "id"), domain.T("form %d is deleted by step %d of this plan", id, f.deletedBy), domain.T("remove this step, or delete the form last"))
				continue
			}
			if !f.exists {
				c.fail(RuleRefFormNotFound, i, contract.Pointer("steps", i, "params", "id"), domain.T("form %d does not exist", id), domain.T("check the id in the forms list; to act on a form this plan creates, leave id out"))
				continue
			}
		}
		c.apply(i, st, f)
	}
}

// apply checks one step's indexes against f and changes f as the step
// will.
func (c *checker) apply(i int, st domain.PlanStep, f *formState) {
	idx := -1
	if st.Params.Index != nil {
		idx = *st.Params.Index
	}
	switch st.Action {
	case domain.ActionDeleteForm:
		f.deletedBy = i
	case domain.ActionAddField:
		at := -1 // unknown position
		if f.known {
			at = int(f.fields)
			if idx >= 0 {
				if int64(idx) > f.fields {
					c.outOfRange(i, "index", f, int64(idx), true)
				} else {
					at = idx
				}
			}
			f.fields++
		}
		if f.types != nil {
			if at < 0 {
				f.types = nil
			} else {
				f.types = append(f.types[:at], append([]string{st.Params.Type}, f.types[at:]...)...)
			}
		}
	case domain.ActionOpenEditor:
		if f.known && int64(idx) >= f.fields {
			c.outOfRange(i, "index", f, int64(idx), false)
		}
	case domain.ActionUpdateField:
		if !f.known {
			return
		}
		if int64(idx) >= f.fields {
			c.outOfRange(i, "index", f, int64(idx), false)
			return
		}
		if f.types == nil {
			return
		}
		if st.Params.Type != "" {
			f.types[idx] = st.Params.Type
			return
		}
		c.typeFitsQuestion(i, st.Params, f.types[idx], idx)
	case domain.ActionDeleteField:
		if !f.known {
			return
		}
		if int64(idx) >= f.fields {
			c.outOfRange(i, "index", f, int64(idx), false)
			return
		}
		f.fields--
		if f.types != nil {
			f.types = append(f.types[:idx], f.types[idx+1:]...)
		}
	case domain.ActionMoveField:
		if !f.known {
			return
		}
		bad := false
		if int64(idx) >= f.fields {
			c.outOfRange(i, "index", f, int64(idx), false)
			bad = true
		}
		to := *st.Params.To
		if int64(to) >= f.fields {
			c.outOfRange(i, "to", f, int64(to), false)
			bad = true
		}
		if !bad && f.types != nil {
			t := f.types[idx]
			f.types = append(f.types[:idx], f.types[idx+1:]...)
			f.types = append(f.types[:to], append([]string{t}, f.types[to:]...)...)
		}
	}
}

// typeFitsQuestion checks an update_field that keeps the type against the
// question's current type.
func (c *checker) typeFitsQuestion(i int, p domain.StepParams, typ string, idx int) {
	if p.Options != nil && !domain.IsChoiceType(typ) {
		c.fail(RuleOptionsNeedChoice, i, contract.Pointer("steps", i, "params", "options"), domain.T("question %d is %s at this step; options belong to a choice question (%s)", idx, typ, choiceList), domain.T("set a choice type in the same step, or leave options out"))
	}
	if p.Format != "" && typ != domain.PlanFieldShortText {
		c.fail(RuleFormatNeedsShortText, i, contract.Pointer("steps", i, "params", "format"), domain.T("question %d is %s at this step; format %s belongs to a short_text question", idx, typ, p.Format), domain.T(`set "type": "short_text" in the same step, or leave format out`))
	}
}

// outOfRange reports an index or to outside f; insert allows n (add_field
// may append).
func (c *checker) outOfRange(i int, param string, f *formState, idx int64, insert bool) {
	name := f.name()
	n := f.fields
	path := contract.Pointer("steps", i, "params", param)
	switch {
	case insert:
		c.fail(RuleRefIndexOutOfRange, i, path, domain.T("index %d is past the end of %s, which has %d questions at this step", idx, name, n), domain.T("use an index from 0 to %d, or leave it out to add at the end", n))
	case n == 0:
		c.fail(RuleRefIndexOutOfRange, i, path, domain.T("%s has no questions at this step", name), domain.T("add the question first"))
	default:
		c.fail(RuleRefIndexOutOfRange, i, path, domain.T("%s has %d questions at this step; %s %d does not exist", name, n, param, idx), domain.T("use a %s from 0 to %d", param, n-1))
	}
}
