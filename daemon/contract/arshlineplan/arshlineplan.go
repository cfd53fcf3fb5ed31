// Package arshlineplan is the arshline-plan/v1 contract: the strict plan a
// Persian command becomes before anything runs. It validates plans from
// any source (the internal planner, a model, a client), normalises them
// (default title, trimmed strings, bounded lengths, unknown keys dropped)
// and writes the preview sentences the admin confirms.
//
// The checks are written by hand rather than run through the JSON Schema:
// every ai.plan and ai.execute call passes here, and a schema pass would
// cost more than the whole hand-written validation.
package arshlineplan

import (
	"context"
	"encoding/json"

	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Name is the contract's registry name.
const Name = "arshline-plan/v1"

// Limits of the contract.
const (
	DefaultMaxSteps  = 12
	MaxTitleRunes    = 160
	MaxQuestionRunes = 200
	// maxIndex keeps an index inside int on every platform; no form comes
	// near it.
	maxIndex = math.MaxInt32
)

// Rule ids.
const (
	RulePlanNotObject      = "plan.not_object"
	RulePlanVersion        = "plan.version"
	RulePlanNoSteps        = "plan.no_steps"
	RulePlanTooManySteps   = "plan.too_many_steps"
	RuleStepNotObject      = "step.not_object"
	RuleActionNotAllowed   = "step.action_not_allowed"
	RuleParamMissing       = "param.missing"
	RuleParamType          = "param.type"
	RuleParamInvalid       = "param.invalid"
	RuleParamUnknown       = "param.unknown"
	RuleParamTruncated     = "param.truncated"
	RuleSeqAddWithoutForm  = "seq.add_field_without_form"
	RuleRefFormNotFound    = "ref.form_not_found"
	RuleRefIndexOutOfRange = "ref.index_out_of_range"
)

type paramKind uint8

const (
	kindID paramKind = iota
	kindTitle
	kindQuestion
	kindType
	kindBool
	kindIndex
	kindTo      // v2: move_field's final position
	kindOptions // v2: the whole list of a choice question
	kindFormat  // v2: the format of a short_text question
)

type paramSpec struct {
	name     string
	kind     paramKind
	required bool
}

// actionParams lists each action's parameters exactly as the contract does.
// A slice per action, not a map: a linear scan of at most five names is
// faster than hashing and allocates nothing.
var actionParams = map[string][]paramSpec{
	domain.ActionCreateForm:      {{"title", kindTitle, false}},
	domain.ActionAddField:        {{"id", kindID, false}, {"type", kindType, true}, {"question", kindQuestion, false}, {"required", kindBool, false}, {"index", kindIndex, false}},
	domain.ActionUpdateFormTitle: {{"id", kindID, true}, {"title", kindTitle, true}},
	domain.ActionOpenBuilder:     {{"id", kindID, true}},
	domain.ActionOpenEditor:      {{"id", kindID, true}, {"index", kindIndex, true}},
	domain.ActionOpenResults:     {{"id", kindID, true}},
	domain.ActionPublishForm:     {{"id", kindID, true}},
	domain.ActionDraftForm:       {{"id", kindID, true}},
}

// dialect is what sets one version of the contract apart: its name and
// version number, its actions with their parameters, and its field types.
// Both versions run through the same validate.
type dialect struct {
	name    string
	version int64
	actions map[string][]paramSpec
	types   []string
	// actionList and typeList name the allowed actions and types in
	// each language, written once for every message that lists them.
	actionList domain.Both
	typeList   domain.Both
}

func (d *dialect) hasType(t string) bool {
	for _, x := range d.types {
		if x == t {
			return true
		}
	}
	return false
}

var v1 = &dialect{
	name: Name, version: 1, actions: actionParams, types: domain.PlanFieldTypes,
	actionList: contract.ListBoth(domain.PlanActions),
	typeList:   contract.ListBoth(domain.PlanFieldTypes),
}

// Contract implements contract.Contract.
type Contract struct{}

// New returns the arshline-plan/v1 contract.
func New() contract.Contract { return Contract{} }

// Name implements contract.Contract.
func (Contract) Name() string { return Name }

// Description implements contract.Contract.
func (Contract) Description() string {
	return "Arshline form-builder plan: a Persian command as whitelisted steps (create_form, add_field, update_form_title, open_builder, open_editor, open_results, publish_form, draft_form)"
}

// Validate implements contract.Contract.
func (Contract) Validate(ctx context.Context, doc any, opts contract.Options) contract.Report {
	r, _ := Validate(ctx, doc, opts)
	return r
}

// checker accumulates the violations of one validation. Paths and
// messages are built only when a violation is reported, so a valid plan
// costs no string formatting at all.
type checker struct {
	d      *dialect
	locale string
	vs     []contract.Violation
	errors int
}

// add records a violation, its message and fix (none when fix has no
// key) written in the checker's locale.
func (c *checker) add(sev contract.Severity, rule string, step int, path string, message, fix domain.Text) {
	v := contract.Violation{Rule: rule, Severity: sev, Path: path, Message: contract.Msg(c.locale, message)}
	if fix.Key != "" {
		v.Fix = contract.Msg(c.locale, fix)
	}
	if step >= 0 {
		v.Step = strconv.Itoa(step)
	}
	if sev == contract.SeverityError {
		c.errors++
	}
	c.vs = append(c.vs, v)
}

func (c *checker) fail(rule string, step int, path string, message, fix domain.Text) {
	c.add(contract.SeverityError, rule, step, path, message, fix)
}

func (c *checker) warn(rule string, step int, path string, message, fix domain.Text) {
	c.add(contract.SeverityWarning, rule, step, path, message, fix)
}

// Validate checks a decoded plan (numbers as json.Number, see
// contract.Decode) and returns the report and, when it is valid, the
// normalised plan; the plan is nil whenever the report is not valid.
func Validate(ctx context.Context, doc any, opts contract.Options) (contract.Report, *domain.Plan) {
	return validateAs(ctx, doc, opts, v1)
}

func validateAs(ctx context.Context, doc any, opts contract.Options, d *dialect) (contract.Report, *domain.Plan) {
	c := &checker{d: d, locale: opts.Locale}
	ver := strconv.FormatInt(d.version, 10)
	maxSteps := opts.MaxSteps
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	root, ok := doc.(map[string]any)
	if !ok {
		c.fail(RulePlanNotObject, -1, "", domain.T(`the plan must be a JSON object {"version": %s, "steps": […]}, not %s`, ver, contract.Kind(doc)), domain.T("send one JSON object with version and steps"))
		return c.finish(nil)
	}
	if v, present := root["version"]; !present || v == nil {
		c.fail(RulePlanVersion, -1, "/version", domain.T("version is missing"), domain.T(`add "version": %s`, ver))
	} else if n, isInt := integer(v); !isInt || n != d.version {
		c.fail(RulePlanVersion, -1, "/version", domain.T("version must be the integer %d, not %s", d.version, contract.Show(v)), domain.T(`set "version": %s`, ver))
	}
	for k, v := range root {
		if v != nil && k != "version" && k != "steps" {
			c.warn(RuleParamUnknown, -1, contract.Pointer(k), domain.T("unknown key %q at the top of the plan is ignored", k), domain.T("a plan holds only version and steps"))
		}
	}
	stepsRaw := root["steps"]
	steps, isArray := stepsRaw.([]any)
	switch {
	case stepsRaw != nil && !isArray:
		c.fail(RulePlanNoSteps, -1, "/steps", domain.T("steps must be an array of steps, not %s", contract.Kind(stepsRaw)), domain.T(`write steps as [{"action": …, "params": {…}}, …]`))
		return c.finish(nil)
	case len(steps) == 0:
		c.fail(RulePlanNoSteps, -1, "/steps", domain.T("the plan has no steps"), domain.T("add at least one step to steps"))
		return c.finish(nil)
	case len(steps) > maxSteps:
		n, max := int64(len(steps)), int64(maxSteps)
		c.fail(RulePlanTooManySteps, -1, "/steps", domain.T("the plan has %d steps; at most %d are allowed", n, max), domain.T("split the command into smaller ones of at most %d steps", max))
		return c.finish(nil)
	}

	plan := &domain.Plan{Version: int(d.version), Steps: make([]domain.PlanStep, 0, len(steps))}
	// One backing array each for the ids and indexes the steps point at,
	// instead of one allocation per parameter.
	ids := make([]int64, len(steps))
	indexes := make([]int, len(steps))
	// origin maps plan.Steps back to the input's step numbers, which
	// differ once a broken step is left out; the reference pass reports
	// at the input's positions.
	var origin, tos []int
	if opts.Forms != nil || d.version > 1 {
		origin = make([]int, 0, len(steps))
	}
	if d.version > 1 {
		tos = make([]int, len(steps))
	}
	created := false
	for i, raw := range steps {
		obj, ok := raw.(map[string]any)
		if !ok {
			c.fail(RuleStepNotObject, i, contract.Pointer("steps", i), domain.T(`step %d must be an object {"action": …, "params": {…}}, not %s`, i, contract.Kind(raw)), domain.T("write the step as an object with action and params"))
			continue
		}
		for k, v := range obj {
			if v != nil && k != "action" && k != "params" {
				c.warn(RuleParamUnknown, i, contract.Pointer("steps", i, k), domain.T("unknown key %q in step %d is ignored", k, i), domain.T("a step holds only action and params"))
			}
		}
		action, _ := obj["action"].(string)
		specs, known := d.actions[action]
		if !known {
			if a, present := obj["action"]; !present || a == nil {
				c.fail(RuleActionNotAllowed, i, contract.Pointer("steps", i, "action"), domain.T("step %d has no action", i), domain.T("set action to one of %s", d.actionList))
			} else {
				c.fail(RuleActionNotAllowed, i, contract.Pointer("steps", i, "action"), domain.T("action %s is not allowed", contract.Show(a)), domain.T("use one of %s", d.actionList))
			}
			continue
		}
		if action == domain.ActionCreateForm {
			// Set before the parameters are checked: a create_form with a
			// bad title still creates the form later steps refer to, and
			// must not make them report a missing form as well.
			created = true
		}
		var params map[string]any
		switch p := obj["params"].(type) {
		case nil:
			params = nil // absent params are an empty object
		case map[string]any:
			params = p
		default:
			c.fail(RuleParamType, i, contract.Pointer("steps", i, "params"), domain.T("params must be an object, not %s", contract.Kind(p)), domain.T(`write params as an object, e.g. {"id": 3}`))
			continue
		}
		step := domain.PlanStep{Action: action}
		var to *int
		if tos != nil {
			to = &tos[i]
		}
		if !c.params(i, action, specs, params, &step.Params, &ids[i], &indexes[i], to) {
			continue
		}
		// Only add_field may omit id in v1; in v2 the state changes and
		// question edits may too. Either way the id-less step needs a
		// create_form before it.
		if step.Params.ID == nil && !created && hasParam(specs, "id") {
			if action == domain.ActionAddField {
				c.fail(RuleSeqAddWithoutForm, i, contract.Pointer("steps", i, "params"), domain.T("add_field without an id must come after a create_form in the same plan"), domain.T("give the form's id, or create the form in an earlier step"))
			} else {
				c.fail(RuleSeqNoFormForStep, i, contract.Pointer("steps", i, "params"), domain.T("%s without an id must come after a create_form in the same plan", action), domain.T("give the form's id, or create the form in an earlier step"))
			}
		}
		plan.Steps = append(plan.Steps, step)
		if origin != nil {
			origin = append(origin, i)
		}
	}
	switch {
	case d.version > 1:
		c.simulate(ctx, plan, origin, opts.Forms)
	case opts.Forms != nil:
		c.references(ctx, plan, origin, opts.Forms)
	}
	return c.finish(plan)
}

// ValidatePlan validates an already typed plan, as the planners produce
// it. The plan is checked in the form a client sending it as JSON would
// send it (planDoc), so both meet exactly the same rules.
func ValidatePlan(ctx context.Context, p *domain.Plan, opts contract.Options) (contract.Report, *domain.Plan) {
	if p == nil {
		return Validate(ctx, nil, opts)
	}
	return Validate(ctx, planDoc(p), opts)
}

// planDoc writes a typed plan as contract.Decode would read its JSON
// encoding (omitted empty parameters, numbers as json.Number), without
// going through the text. Strings are kept as they are, so invalid UTF-8
// is reported instead of silently replaced.
func planDoc(p *domain.Plan) map[string]any {
	var steps []any
	if p.Steps != nil {
		steps = make([]any, len(p.Steps))
	}
	for i, st := range p.Steps {
		params := make(map[string]any, 3)
		if st.Params.ID != nil {
			params["id"] = json.Number(strconv.FormatInt(*st.Params.ID, 10))
		}
		if st.Params.Title != "" {
			params["title"] = st.Params.Title
		}
		if st.Params.Type != "" {
			params["type"] = st.Params.Type
		}
		if st.Params.Question != "" {
			params["question"] = st.Params.Question
		}
		if st.Params.Required || st.Params.Optional {
			params["required"] = st.Params.Required
		}
		if st.Params.Index != nil {
			params["index"] = json.Number(strconv.Itoa(*st.Params.Index))
		}
		if len(st.Params.Options) > 0 {
			list := make([]any, len(st.Params.Options))
			for k, o := range st.Params.Options {
				list[k] = o
			}
			params["options"] = list
		}
		if st.Params.Format != "" {
			params["format"] = st.Params.Format
		}
		if st.Params.To != nil {
			params["to"] = json.Number(strconv.Itoa(*st.Params.To))
		}
		steps[i] = map[string]any{"action": st.Action, "params": params}
	}
	var stepsValue any
	if steps != nil {
		stepsValue = steps
	}
	return map[string]any{"version": json.Number(strconv.Itoa(p.Version)), "steps": stepsValue}
}

func (c *checker) finish(plan *domain.Plan) (contract.Report, *domain.Plan) {
	r := contract.Finish(contract.Report{Contract: c.d.name, Violations: c.vs})
	if !r.Valid || plan == nil {
		return r, nil
	}
	r.Normalized = plan
	return r, plan
}

// params checks one step's parameters into out; ok is false when the step
// cannot be kept.
func (c *checker) params(i int, action string, specs []paramSpec, params map[string]any, out *domain.StepParams, id *int64, index, to *int) (ok bool) {
	ok = true
	// A null parameter is an absent one (strict-mode models send every key
	// of the schema and null the ones they do not mean), so only a key
	// with a value can be unknown.
	for k, v := range params {
		if v != nil && !hasParam(specs, k) {
			c.warn(RuleParamUnknown, i, contract.Pointer("steps", i, "params", k), domain.T("%s takes no parameter %q; it is dropped", action, k), domain.T("parameters of %s: %s", action, paramNames(specs)))
		}
	}
	for _, s := range specs {
		v := params[s.name]
		if v == nil {
			if s.required {
				c.fail(RuleParamMissing, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s needs the parameter %s", action, s.name), c.missingHint(s.kind))
				ok = false
			}
			continue
		}
		switch s.kind {
		case kindID:
			n, isInt := integer(v)
			switch {
			case !isInt:
				c.fail(RuleParamType, i, contract.Pointer("steps", i, "params", s.name), domain.T("id must be a positive JSON integer such as 3, not %s", contract.Show(v)), domain.T("write the id as a whole number without quotes, decimals or exponent"))
				ok = false
			case n <= 0:
				c.fail(RuleParamInvalid, i, contract.Pointer("steps", i, "params", s.name), domain.T("id must be positive, not %d", n), domain.T("use the form's id from the forms list"))
				ok = false
			default:
				*id = n
				out.ID = id
			}
		case kindIndex, kindTo:
			n, isInt := integer(v)
			noun := domain.T("position\x04index")
			if s.kind == kindTo {
				noun = domain.T("position\x04to")
			}
			switch {
			case !isInt:
				c.fail(RuleParamType, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s must be a non-negative JSON integer, not %s", noun, contract.Show(v)), domain.T("write the position as a whole number, 0 for the first question"))
				ok = false
			case n < 0:
				c.fail(RuleParamInvalid, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s counts from 0 and cannot be %d", s.name, n), domain.T("use 0 for the first question"))
				ok = false
			case n > maxIndex:
				c.fail(RuleParamInvalid, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s %d is far beyond any form", s.name, n), domain.T("count the questions from 0"))
				ok = false
			case s.kind == kindTo:
				*to = int(n)
				out.To = to
			default:
				*index = int(n)
				out.Index = index
			}
		case kindOptions:
			if !c.options(i, v, out) {
				ok = false
			}
		case kindFormat:
			f, isStr := v.(string)
			if !isStr {
				c.fail(RuleParamType, i, contract.Pointer("steps", i, "params", s.name), domain.T("format must be a string, not %s", contract.Show(v)), domain.T("use one of %s", formatList))
				ok = false
				continue
			}
			f = strings.TrimSpace(f)
			if !knownFormat(f) {
				c.fail(RuleParamInvalid, i, contract.Pointer("steps", i, "params", s.name), domain.T("format %q is not allowed", f), domain.T("use one of %s", formatList))
				ok = false
				continue
			}
			out.Format = f
		case kindBool:
			b, isBool := v.(bool)
			if !isBool {
				c.fail(RuleParamType, i, contract.Pointer("steps", i, "params", s.name), domain.T("required must be true or false, not %s", contract.Show(v)), domain.T("write true or false without quotes"))
				ok = false
				continue
			}
			out.Required = b
			// In update_field, false is a change too: it makes the question
			// optional.
			out.Optional = !b && action == domain.ActionUpdateField
		case kindType:
			t, isStr := v.(string)
			if !isStr {
				c.fail(RuleParamType, i, contract.Pointer("steps", i, "params", s.name), domain.T("type must be a string, not %s", contract.Show(v)), domain.T("use one of %s", c.d.typeList))
				ok = false
				continue
			}
			t = strings.TrimSpace(t)
			if !c.d.hasType(t) {
				c.fail(RuleParamInvalid, i, contract.Pointer("steps", i, "params", s.name), domain.T("field type %q is not allowed", t), domain.T("use one of %s", c.d.typeList))
				ok = false
				continue
			}
			out.Type = t
		case kindTitle, kindQuestion:
			str, isStr := v.(string)
			if !isStr {
				c.fail(RuleParamType, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s must be a string, not %s", s.name, contract.Show(v)), domain.T("write the %s as text in quotes", s.name))
				ok = false
				continue
			}
			if !utf8.ValidString(str) {
				c.fail(RuleParamInvalid, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s is not valid UTF-8 text", s.name), domain.T("send the text as UTF-8"))
				ok = false
				continue
			}
			str = Trim(str)
			limit := MaxTitleRunes
			if s.kind == kindQuestion {
				limit = MaxQuestionRunes
			}
			if len(str) > limit && utf8.RuneCountInString(str) > limit {
				str = Trim(string([]rune(str)[:limit]))
				c.warn(RuleParamTruncated, i, contract.Pointer("steps", i, "params", s.name), domain.T("%s was longer than %d characters and was cut", s.name, limit), domain.T("keep the %s within %d characters", s.name, limit))
			}
			if s.kind == kindQuestion {
				out.Question = str
			} else {
				out.Title = str
			}
		}
	}
	switch action {
	case domain.ActionCreateForm:
		if out.Title == "" {
			out.Title = domain.DefaultFormTitle
		}
	case domain.ActionUpdateFormTitle:
		if ok && out.Title == "" {
			c.fail(RuleParamMissing, i, contract.Pointer("steps", i, "params", "title"), domain.T("the new title is empty"), domain.T("give the new title"))
			ok = false
		}
	case domain.ActionAddField:
		c.typeFits(i, out, out.Type)
	case domain.ActionUpdateField:
		if ok && out.Question == "" && out.Type == "" && !out.Required && !out.Optional && out.Options == nil && out.Format == "" {
			c.fail(RuleParamNoChange, i, contract.Pointer("steps", i, "params"), domain.T("update_field changes nothing: give question, type, required, options or format"), domain.T(`say what changes, e.g. "required": true`))
			ok = false
		}
		if out.Type != "" {
			c.typeFits(i, out, out.Type)
		}
	}
	return ok
}

func hasParam(specs []paramSpec, name string) bool {
	for _, s := range specs {
		if s.name == name {
			return true
		}
	}
	return false
}

func paramNames(specs []paramSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

func (c *checker) missingHint(k paramKind) domain.Text {
	switch k {
	case kindID:
		return domain.T(`give the form's id as a number, e.g. "id": 3`)
	case kindType:
		return domain.T("give the field type, one of %s", c.d.typeList)
	case kindTo:
		return domain.T(`give the question's final 0-based position, e.g. "to": 0`)
	case kindIndex:
		return domain.T(`give the question's 0-based position, e.g. "index": 0`)
	case kindTitle:
		return domain.T("give the new title")
	}
	return domain.Text{}
}

// references checks ids and indexes against the store: the forms must
// exist, and an index must fall inside the form as the earlier steps of
// the plan leave it. A form created by this plan has no id yet, so an id
// can only name a form that exists now.
func (c *checker) references(ctx context.Context, p *domain.Plan, origin []int, forms contract.FormLookup) {
	type formState struct {
		exists bool
		fields int64
	}
	known := map[int64]*formState{}
	newFormFields := int64(-1) // fields of the form this plan created last; -1 before any
	for k, st := range p.Steps {
		i := origin[k]
		if st.Action == domain.ActionCreateForm {
			newFormFields = 0
			continue
		}
		if st.Params.ID == nil {
			if st.Action == domain.ActionAddField && newFormFields >= 0 {
				if st.Params.Index != nil && int64(*st.Params.Index) > newFormFields {
					idx := int64(*st.Params.Index)
					c.fail(RuleRefIndexOutOfRange, i, contract.Pointer("steps", i, "params", "index"), domain.T("index %d is past the end of the new form, which has %d questions at this step", idx, newFormFields), domain.T("use an index from 0 to %d, or leave it out to add at the end", newFormFields))
				}
				newFormFields++
			}
			continue
		}
		id := *st.Params.ID
		state, seen := known[id]
		if !seen {
			_, n, exists, err := forms.LookupForm(ctx, id)
			if err != nil {
				// The store will answer again at execution; a failed lookup
				// is not the plan's fault and must not reject it.
				continue
			}
			state = &formState{exists: exists, fields: int64(n)}
			known[id] = state
		}
		if !state.exists {
			c.fail(RuleRefFormNotFound, i, contract.Pointer("steps", i, "params", "id"), domain.T("form %d does not exist", id), domain.T("check the id in the forms list; to add questions to a form this plan creates, leave id out"))
			continue
		}
		switch st.Action {
		case domain.ActionAddField:
			if st.Params.Index != nil && int64(*st.Params.Index) > state.fields {
				idx := int64(*st.Params.Index)
				c.fail(RuleRefIndexOutOfRange, i, contract.Pointer("steps", i, "params", "index"), domain.T("index %d is past the end of form %d, which has %d questions at this step", idx, id, state.fields), domain.T("use an index from 0 to %d, or leave it out to add at the end", state.fields))
			}
			state.fields++
		case domain.ActionOpenEditor:
			if st.Params.Index != nil && int64(*st.Params.Index) >= state.fields {
				idx := int64(*st.Params.Index)
				if state.fields == 0 {
					c.fail(RuleRefIndexOutOfRange, i, contract.Pointer("steps", i, "params", "index"), domain.T("form %d has no questions to open", id), domain.T("open the form in the builder instead"))
				} else {
					c.fail(RuleRefIndexOutOfRange, i, contract.Pointer("steps", i, "params", "index"), domain.T("form %d has %d questions at this step; index %d does not exist", id, state.fields, idx), domain.T("use an index from 0 to %d", state.fields-1))
				}
			}
		}
	}
}

// integer reads a JSON integer exactly: 3 yes; 3.0, "3", 1e3 and values
// beyond int64 no. Go numbers are accepted for callers that build
// documents by hand.
func integer(v any) (int64, bool) {
	switch n := v.(type) {
	case json.Number:
		s := string(n)
		if strings.ContainsAny(s, ".eE") {
			return 0, false
		}
		i, err := strconv.ParseInt(s, 10, 64)
		return i, err == nil
	case int:
		return int64(n), true
	case int64:
		return n, true
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int64(n), true
		}
	}
	return 0, false
}

// show quotes a value as JSON for a message, short enough for one line.
// Trim removes spaces, ZWNJ/ZWJ, bidi marks and a BOM at the ends of s:
// they are invisible, and only make two titles that look equal differ.
func Trim(s string) string {
	return strings.TrimFunc(s, invisibleAtEnd)
}

func invisibleAtEnd(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200c' || r == '\u200d' || r == '\u200e' || r == '\u200f' ||
		(r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') || r == '\ufeff'
}
