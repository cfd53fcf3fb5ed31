// Package arshplan is the arshline-plan/v1 contract: the strict plan a
// Persian command becomes before anything runs. It validates plans from
// any source (the internal planner, a model, a client), normalises them
// (default title, trimmed strings, bounded lengths, unknown keys dropped)
// and writes the preview sentences the admin confirms.
package arshplan

import (
	"context"
	"encoding/json"
	"fmt"
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

type paramKind int

const (
	kindID paramKind = iota
	kindString
	kindType
	kindBool
	kindIndex
)

type paramSpec struct {
	name     string
	kind     paramKind
	required bool
}

// actions lists each action's parameters exactly as the contract does.
var actions = map[string][]paramSpec{
	domain.ActionCreateForm:      {{"title", kindString, false}},
	domain.ActionAddField:        {{"id", kindID, false}, {"type", kindType, true}, {"question", kindString, false}, {"required", kindBool, false}, {"index", kindIndex, false}},
	domain.ActionUpdateFormTitle: {{"id", kindID, true}, {"title", kindString, true}},
	domain.ActionOpenBuilder:     {{"id", kindID, true}},
	domain.ActionOpenEditor:      {{"id", kindID, true}, {"index", kindIndex, true}},
	domain.ActionOpenResults:     {{"id", kindID, true}},
	domain.ActionPublishForm:     {{"id", kindID, true}},
	domain.ActionDraftForm:       {{"id", kindID, true}},
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

// checker accumulates violations for one validation.
type checker struct {
	locale string
	vs     []contract.Violation
}

func (c *checker) add(rule string, sev contract.Severity, step int, path, en, fa, fixEN, fixFA string) {
	v := contract.Violation{Rule: rule, Severity: sev, Path: path, Message: contract.Msg(c.locale, en, PersianDigits(fa)), Fix: contract.Msg(c.locale, fixEN, fixFA)}
	if step >= 0 {
		v.Step = strconv.Itoa(step)
	}
	c.vs = append(c.vs, v)
}

func (c *checker) err(rule string, step int, path, en, fa, fixEN, fixFA string) {
	c.add(rule, contract.SeverityError, step, path, en, fa, fixEN, fixFA)
}

// Validate checks a decoded plan (numbers as json.Number, see
// contract.Decode) and returns the report and, when valid, the normalised
// plan.
func Validate(ctx context.Context, doc any, opts contract.Options) (contract.Report, *domain.Plan) {
	c := &checker{locale: opts.Locale}
	maxSteps := opts.MaxSteps
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	plan := &domain.Plan{Version: 1}
	root, ok := doc.(map[string]any)
	if !ok {
		c.err(RulePlanNotObject, -1, "", "the plan must be a JSON object {\"version\":1,\"steps\":[…]}", "طرح باید یک شیء JSON به شکل {\"version\":1,\"steps\":[…]} باشد", "", "")
		return finish(c, nil)
	}
	switch v, present := root["version"]; {
	case !present:
		c.err(RulePlanVersion, -1, "/version", "version is missing", "فیلد version وجود ندارد", "add \"version\": 1", "\"version\": 1 را اضافه کنید")
	default:
		if n, ok := integer(v); !ok || n != 1 {
			c.err(RulePlanVersion, -1, "/version", fmt.Sprintf("version must be the integer 1, not %s", show(v)), fmt.Sprintf("version باید عدد صحیح ۱ باشد، نه %s", show(v)), "set \"version\": 1", "مقدار \"version\": 1 را بگذارید")
		}
	}
	for k := range root {
		if k != "version" && k != "steps" {
			c.add(RuleParamUnknown, contract.SeverityWarning, -1, contract.Pointer(k), fmt.Sprintf("unknown key %q at the top of the plan is ignored", k), fmt.Sprintf("کلید ناشناختهٔ %q در طرح نادیده گرفته شد", k), "", "")
		}
	}
	stepsRaw, present := root["steps"]
	steps, isArray := stepsRaw.([]any)
	switch {
	case !present || stepsRaw == nil:
		c.err(RulePlanNoSteps, -1, "/steps", "the plan has no steps", "طرح هیچ گامی ندارد", "add at least one step", "دست‌کم یک گام اضافه کنید")
		return finish(c, nil)
	case !isArray:
		c.err(RulePlanNoSteps, -1, "/steps", "steps must be an array", "steps باید آرایه باشد", "", "")
		return finish(c, nil)
	case len(steps) == 0:
		c.err(RulePlanNoSteps, -1, "/steps", "the plan has no steps", "طرح هیچ گامی ندارد", "add at least one step", "دست‌کم یک گام اضافه کنید")
		return finish(c, nil)
	case len(steps) > maxSteps:
		c.err(RulePlanTooManySteps, -1, "/steps", fmt.Sprintf("the plan has %d steps; at most %d are allowed", len(steps), maxSteps), fmt.Sprintf("طرح %d گام دارد؛ حداکثر %d گام مجاز است", len(steps), maxSteps), "split the command into smaller ones", "فرمان را به چند فرمان کوچک‌تر بشکنید")
		return finish(c, nil)
	}

	created := false
	for i, raw := range steps {
		path := contract.Pointer("steps", i)
		obj, ok := raw.(map[string]any)
		if !ok {
			c.err(RuleStepNotObject, i, path, fmt.Sprintf("step %d must be an object {\"action\",\"params\"}", i), fmt.Sprintf("گام %d باید شیئی با action و params باشد", i), "", "")
			continue
		}
		for k := range obj {
			if k != "action" && k != "params" {
				c.add(RuleParamUnknown, contract.SeverityWarning, i, path+contract.Pointer(k), fmt.Sprintf("unknown key %q in step %d is ignored", k, i), fmt.Sprintf("کلید ناشناختهٔ %q در گام %d نادیده گرفته شد", k, i), "", "")
			}
		}
		action, _ := obj["action"].(string)
		specs, known := actions[action]
		if !known {
			c.err(RuleActionNotAllowed, i, path+"/action", fmt.Sprintf("action %s is not allowed; use one of %s", show(obj["action"]), strings.Join(domain.PlanActions, ", ")), fmt.Sprintf("اقدام %s مجاز نیست؛ یکی از %s را به کار ببرید", show(obj["action"]), strings.Join(domain.PlanActions, "، ")), "", "")
			continue
		}
		var params map[string]any
		switch p := obj["params"].(type) {
		case nil:
			params = map[string]any{}
		case map[string]any:
			params = p
		default:
			c.err(RuleParamType, i, path+"/params", "params must be an object", "params باید شیء باشد", "", "")
			continue
		}
		step := domain.PlanStep{Action: action}
		if ok := c.params(i, path+"/params", action, specs, params, &step.Params); !ok {
			continue
		}
		if action == domain.ActionCreateForm {
			created = true
		}
		if action == domain.ActionAddField && step.Params.ID == nil && !created {
			c.err(RuleSeqAddWithoutForm, i, path+"/params", "add_field without an id must come after a create_form in the same plan", "افزودن سوال بدون شناسهٔ فرم فقط پس از ساختن فرم در همین طرح ممکن است", "give the form's id, or create the form first", "شناسهٔ فرم را بدهید یا ابتدا فرم را بسازید")
		}
		plan.Steps = append(plan.Steps, step)
	}
	if opts.Forms != nil && len(c.errorsOnly()) == 0 {
		c.references(ctx, plan, opts.Forms)
	}
	return finish(c, plan)
}

// ValidatePlan validates an already typed plan, as the planners produce.
func ValidatePlan(ctx context.Context, p *domain.Plan, opts contract.Options) (contract.Report, *domain.Plan) {
	if p == nil {
		return Validate(ctx, nil, opts)
	}
	b, err := json.Marshal(p)
	if err != nil {
		return Validate(ctx, nil, opts)
	}
	doc, err := contract.Decode(b)
	if err != nil {
		return Validate(ctx, nil, opts)
	}
	return Validate(ctx, doc, opts)
}

func (c *checker) errorsOnly() []contract.Violation {
	var out []contract.Violation
	for _, v := range c.vs {
		if v.Severity == contract.SeverityError {
			out = append(out, v)
		}
	}
	return out
}

func finish(c *checker, plan *domain.Plan) (contract.Report, *domain.Plan) {
	r := contract.Finish(contract.Report{Contract: Name, Violations: c.vs})
	if !r.Valid {
		return r, nil
	}
	if r.Valid {
		r.RiskScore = 0
		r.Normalized = plan
	}
	return r, plan
}

func (c *checker) params(i int, path, action string, specs []paramSpec, params map[string]any, out *domain.StepParams) bool {
	ok := true
	allowed := map[string]paramSpec{}
	for _, s := range specs {
		allowed[s.name] = s
	}
	for k := range params {
		if _, known := allowed[k]; !known {
			c.add(RuleParamUnknown, contract.SeverityWarning, i, path+contract.Pointer(k), fmt.Sprintf("%s takes no parameter %q; it is dropped", action, k), fmt.Sprintf("اقدام %s پارامتر %q ندارد؛ حذف شد", action, k), "", "")
		}
	}
	for _, s := range specs {
		v, present := params[s.name]
		p := path + contract.Pointer(s.name)
		if !present || v == nil {
			if s.required {
				c.err(RuleParamMissing, i, p, fmt.Sprintf("%s needs %s", action, s.name), fmt.Sprintf("اقدام %s به %s نیاز دارد", action, s.name), "", "")
				ok = false
			}
			continue
		}
		switch s.kind {
		case kindID:
			n, isInt := integer(v)
			switch {
			case !isInt:
				c.err(RuleParamType, i, p, fmt.Sprintf("id must be a positive integer, not %s", show(v)), fmt.Sprintf("شناسهٔ فرم باید عدد صحیح مثبت باشد، نه %s", show(v)), "", "")
				ok = false
			case n <= 0:
				c.err(RuleParamInvalid, i, p, fmt.Sprintf("id must be positive, not %d", n), fmt.Sprintf("شناسهٔ فرم باید مثبت باشد، نه %d", n), "", "")
				ok = false
			default:
				out.ID = domain.Int64(n)
			}
		case kindIndex:
			n, isInt := integer(v)
			switch {
			case !isInt:
				c.err(RuleParamType, i, p, fmt.Sprintf("index must be an integer, not %s", show(v)), fmt.Sprintf("جایگاه باید عدد صحیح باشد، نه %s", show(v)), "", "")
				ok = false
			case n < 0 || n > math.MaxInt32:
				c.err(RuleParamInvalid, i, p, "index is 0-based and must not be negative", "جایگاه از صفر شمرده می‌شود و نمی‌تواند منفی باشد", "", "")
				ok = false
			default:
				out.Index = domain.Int(int(n))
			}
		case kindBool:
			b, isBool := v.(bool)
			if !isBool {
				c.err(RuleParamType, i, p, fmt.Sprintf("required must be true or false, not %s", show(v)), fmt.Sprintf("required باید true یا false باشد، نه %s", show(v)), "", "")
				ok = false
				continue
			}
			out.Required = b
		case kindType:
			t, isStr := v.(string)
			if !isStr {
				c.err(RuleParamType, i, p, "type must be a string", "نوع سوال باید رشته باشد", "", "")
				ok = false
				continue
			}
			t = strings.TrimSpace(t)
			if _, known := domain.DocumentFieldType(t); !known {
				c.err(RuleParamInvalid, i, p, fmt.Sprintf("field type %q is not one of %s", t, strings.Join(domain.PlanFieldTypes, ", ")), fmt.Sprintf("نوع سوال %q مجاز نیست؛ یکی از %s", t, strings.Join(domain.PlanFieldTypes, "، ")), "", "")
				ok = false
				continue
			}
			out.Type = t
		case kindString:
			str, isStr := v.(string)
			if !isStr {
				c.err(RuleParamType, i, p, fmt.Sprintf("%s must be a string, not %s", s.name, show(v)), fmt.Sprintf("%s باید رشته باشد، نه %s", s.name, show(v)), "", "")
				ok = false
				continue
			}
			if !utf8.ValidString(str) {
				c.err(RuleParamInvalid, i, p, s.name+" is not valid UTF-8", s.name+" متن UTF-8 معتبر نیست", "", "")
				ok = false
				continue
			}
			str = trim(str)
			limit := MaxTitleRunes
			if s.name == "question" {
				limit = MaxQuestionRunes
			}
			if utf8.RuneCountInString(str) > limit {
				str = string([]rune(str)[:limit])
				c.add(RuleParamTruncated, contract.SeverityWarning, i, p, fmt.Sprintf("%s was cut to %d characters", s.name, limit), fmt.Sprintf("%s به %d نویسه کوتاه شد", s.name, limit), "", "")
			}
			switch s.name {
			case "title":
				out.Title = str
			case "question":
				out.Question = str
			}
		}
	}
	if action == domain.ActionCreateForm && out.Title == "" {
		out.Title = domain.DefaultFormTitle
	}
	if action == domain.ActionUpdateFormTitle && out.Title == "" && ok {
		c.err(RuleParamMissing, i, path+"/title", "the new title is empty", "عنوان جدید خالی است", "", "")
		ok = false
	}
	return ok
}

// references checks ids and indexes against the store: the forms must
// exist, and an index must fall inside the form as earlier steps of the
// plan leave it.
func (c *checker) references(ctx context.Context, p *domain.Plan, forms contract.FormLookup) {
	type formInfo struct {
		ok     bool
		fields int
	}
	known := map[int64]*formInfo{}
	createdFields := -1
	for i, st := range p.Steps {
		path := contract.Pointer("steps", i, "params")
		if st.Action == domain.ActionCreateForm {
			createdFields = 0
			continue
		}
		if st.Params.ID == nil {
			if st.Action == domain.ActionAddField && createdFields >= 0 {
				if st.Params.Index != nil && *st.Params.Index > createdFields {
					c.err(RuleRefIndexOutOfRange, i, path+"/index", fmt.Sprintf("index %d is past the end of the new form, which will have %d fields", *st.Params.Index, createdFields), fmt.Sprintf("جایگاه %d بیرون از فرم تازه است که %d سوال خواهد داشت", *st.Params.Index, createdFields), "", "")
				}
				createdFields++
			}
			continue
		}
		id := *st.Params.ID
		info, seen := known[id]
		if !seen {
			_, n, ok, err := forms.LookupForm(ctx, id)
			if err != nil {
				continue // the store will answer at execution; a lookup failure is not the plan's fault
			}
			info = &formInfo{ok: ok, fields: n}
			known[id] = info
		}
		if !info.ok {
			c.err(RuleRefFormNotFound, i, path+"/id", fmt.Sprintf("form %d does not exist", id), fmt.Sprintf("فرم %d وجود ندارد", id), "check the form's id in the forms list", "شناسهٔ فرم را در فهرست فرم‌ها بررسی کنید")
			continue
		}
		switch st.Action {
		case domain.ActionAddField:
			if st.Params.Index != nil && *st.Params.Index > info.fields {
				c.err(RuleRefIndexOutOfRange, i, path+"/index", fmt.Sprintf("index %d is past the end of form %d, which has %d fields", *st.Params.Index, id, info.fields), fmt.Sprintf("جایگاه %d بیرون از فرم %d است که %d سوال دارد", *st.Params.Index, id, info.fields), "", "")
			}
			info.fields++
		case domain.ActionOpenEditor:
			if st.Params.Index != nil && *st.Params.Index >= info.fields {
				c.err(RuleRefIndexOutOfRange, i, path+"/index", fmt.Sprintf("form %d has %d fields; question %d does not exist", id, info.fields, *st.Params.Index+1), fmt.Sprintf("فرم %d فقط %d سوال دارد؛ سوال %d وجود ندارد", id, info.fields, *st.Params.Index+1), "", "")
			}
		}
	}
}

// integer reads a JSON integer exactly: 3 yes; 3.0, "3", 1e3 and values
// beyond int64 no.
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

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil || len(b) > 60 {
		return fmt.Sprintf("%T", v)
	}
	return string(b)
}

// trim removes spaces, ZWNJ and bidi marks at the ends: they are invisible
// and only make two equal titles differ.
func trim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '\u200c' || r == '\u200d' || r == '\u200e' || r == '\u200f' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') || r == '\ufeff'
	})
}
