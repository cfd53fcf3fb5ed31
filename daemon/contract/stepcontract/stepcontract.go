// Package stepcontract is the step-contract/v1 contract: planner output
// of at least one step, numbered step_1..step_N contiguous and ascending
// when the plan uses that convention, with the exact step count asked
// for, dependencies only on earlier declared steps, tools only from the
// registry, no empty prose and no missing or extra fields.
package stepcontract

import (
	"context"
	"encoding/json"

	"slices"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Name is the contract's registry name.
const Name = "step-contract/v1"

// DefaultTools is the default tool registry; the
// Tools option replaces it.
var DefaultTools = []string{"echo_tool", "get_time"}

// The closed field sets: the contract forbids missing and extra fields
// alike, so every field is required.
var (
	rootFields = []string{"task_summary", "steps", "assumptions", "risks"}
	stepFields = []string{"step_id", "title", "description", "dependencies", "deliverable", "acceptance", "tool"}
	toolFields = []string{"name", "args"}
)

// Contract implements contract.Contract.
type Contract struct{}

// New returns the step-contract/v1 contract.
func New() contract.Contract { return Contract{} }

// Name implements contract.Contract.
func (Contract) Name() string { return Name }

// Description implements contract.Contract.
func (Contract) Description() string {
	return "Planner contract: {task_summary, steps[step_1..step_N with dependencies and tool], assumptions, risks}"
}

type msg struct{ text, fix domain.Text }

type checker struct {
	locale string
	vs     []contract.Violation
}

func (c *checker) fail(rule, step, path string, m msg) {
	c.vs = append(c.vs, contract.Violation{Rule: rule, Severity: contract.SeverityError, Step: step, Path: path,
		Message: contract.Msg(c.locale, m.text), Fix: contract.Msg(c.locale, m.fix)})
}

// fields reports the missing (absent or null) and extra keys of obj.
func (c *checker) fields(obj map[string]any, step, path string, required []string) {
	missing, extra := contract.Fields(obj, required, nil)
	c.fieldProblems(missing, extra, step, path, required)
}

// fieldProblems reports the missing and extra members of an object.
func (c *checker) fieldProblems(missing, extra []string, step, path string, required []string) {
	for _, k := range missing {
		c.fail(contract.RuleSchemaMissingField, step, path+contract.Pointer(k), msg{
			domain.T("stepcontract\x04%q is required", k),
			domain.T("add %s; the contract allows no missing field", k)})
	}
	for _, k := range extra {
		c.fail(contract.RuleSchemaExtraField, step, path+contract.Pointer(k), msg{
			domain.T("%q is not part of the contract (fields: %s)", k, strings.Join(required, ", ")),
			domain.T("remove %s", k)})
	}
}

type kind int

const (
	kindString kind = iota
	kindStrings
	kindStringOrStrings
	kindObject
)

var kindNames = map[kind]domain.Text{
	kindString:          domain.T("a string"),
	kindStrings:         domain.T("an array of strings"),
	kindStringOrStrings: domain.T("a string or an array of strings"),
	kindObject:          domain.T("an object"),
}

// typed checks the JSON type of a present, non-null field.
func (c *checker) typed(obj map[string]any, key string, k kind, step, path string) bool {
	return c.typedOf(obj[key], key, k, step, path)
}

// typedOf is typed for the member's value v, already read.
func (c *checker) typedOf(v any, key string, k kind, step, path string) bool {
	if v == nil {
		return false // reported as missing
	}
	good := false
	switch k {
	case kindString:
		_, good = v.(string)
	case kindStrings:
		good = allStrings(v)
	case kindStringOrStrings:
		_, good = v.(string)
		good = good || allStrings(v)
	case kindObject:
		_, good = v.(map[string]any)
	}
	if !good {
		names := kindNames[k]
		c.fail(contract.RuleSchemaType, step, path+contract.Pointer(key), msg{
			domain.T("%q must be %s, not %s", key, names, show(v)),
			domain.T("stepcontract\x04write %s as %s", key, names)})
	}
	return good
}

func allStrings(v any) bool {
	arr, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range arr {
		if _, s := x.(string); !s {
			return false
		}
	}
	return true
}

// stepNumber parses step_<k>, k ≥ 1 without leading zeros. Nine digits
// at most: no plan has a billion steps, and the number must fit an int.
func stepNumber(id string) (int, bool) {
	rest, ok := strings.CutPrefix(id, "step_")
	if !ok || rest == "" || rest[0] < '1' || rest[0] > '9' || len(rest) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return 0, false
		}
		n = n*10 + int(rest[i]-'0')
	}
	return n, true
}

// Validate implements contract.Contract.
func (Contract) Validate(_ context.Context, doc any, opts contract.Options) contract.Report {
	c := &checker{locale: opts.Locale}
	tools := opts.Tools
	if len(tools) == 0 {
		tools = DefaultTools
	}
	root, ok := doc.(map[string]any)
	if !ok {
		c.fail(contract.RuleSchemaType, "", "", msg{
			domain.T("the plan must be a JSON object {task_summary, steps, assumptions, risks}, not %s", show(doc)),
			domain.T("emit one JSON object and nothing else")})
		return c.finish(nil)
	}
	c.fields(root, "", "", rootFields)
	if c.typed(root, "task_summary", kindString, "", "") {
		c.nonEmpty(root, "task_summary", "", "")
	}
	c.typed(root, "assumptions", kindStrings, "", "")
	c.typed(root, "risks", kindStrings, "", "")
	var steps []any
	if raw := root["steps"]; raw != nil {
		var isArr bool
		if steps, isArr = raw.([]any); !isArr {
			c.fail(contract.RuleSchemaType, "", "/steps", msg{
				domain.T("steps must be an array, not %s", show(raw)),
				domain.T(`write steps as [{"step_id": "step_1", …}, …]`)})
		} else if len(steps) == 0 {
			c.fail("plan.no_steps", "", "/steps", msg{
				domain.T("the plan has no steps"),
				domain.T("emit at least step_1")})
		} else if opts.ExpectedSteps > 0 && len(steps) != opts.ExpectedSteps {
			c.fail("step.count_mismatch", "", "/steps", msg{
				domain.T("%d steps were asked for, the plan has %d", opts.ExpectedSteps, len(steps)),
				domain.T("emit exactly step_1..step_%d", opts.ExpectedSteps)})
		}
	}
	var declared positions // step_id → position, for steps seen so far
	last := 0              // the highest step number seen so far
	numbered := usesNumbering(steps)
	for i, s := range steps {
		paths := stepPath(i)
		path := paths.base
		step, ok := s.(map[string]any)
		if !ok {
			c.fail(contract.RuleSchemaType, strconv.Itoa(i), path, msg{
				domain.T("a step must be an object, not %s", show(s)),
				domain.T(`write the step as {"step_id", "title", "description", "dependencies", "deliverable", "acceptance", "tool"}`)})
			continue
		}
		var view [stepMemberCount]any // read in one pass over the step
		extra := contract.ReadMembers(step, stepFields, view[:])
		id, idIsString := view[memberID].(string)
		label := id
		if !idIsString || id == "" {
			label = strconv.Itoa(i)
		}
		if missing := contract.MissingMembers(stepFields, view[:], len(stepFields)); missing != nil || extra != nil {
			c.fieldProblems(missing, extra, label, path, stepFields)
		}
		for k, v := range []any{view[memberTitle], view[memberDescription], view[memberDeliverable]} {
			if c.typedOf(v, textFields[k], kindString, label, path) {
				c.nonEmptyOf(v, textFields[k], label, path)
			}
		}
		if c.typedOf(view[memberAcceptance], "acceptance", kindStringOrStrings, label, path) {
			c.nonEmptyOf(view[memberAcceptance], "acceptance", label, path)
		}
		if view[memberID] != nil && c.typedOf(view[memberID], "step_id", kindString, label, path) {
			if numbered {
				c.numbering(id, i, label, path, &declared, &last)
			} else {
				c.unique(id, i, label, path, &declared)
			}
		}
		if c.typedOf(view[memberDependencies], "dependencies", kindStrings, label, path) {
			c.dependencies(view[memberDependencies].([]any), id, i, label, path, steps, &declared)
		}
		if view[memberTool] != nil && c.typedOf(view[memberTool], "tool", kindObject, label, path) {
			tool := view[memberTool].(map[string]any)
			c.fields(tool, label, paths.tool, toolFields)
			c.typed(tool, "args", kindObject, label, paths.tool)
			if c.typed(tool, "name", kindString, label, paths.tool) && !slices.Contains(tools, tool["name"].(string)) {
				name := tool["name"].(string)
				c.fail("tool.not_registered", label, paths.tool+"/name", msg{
					domain.T("tool %q is not registered (registry: %s)", name, domain.List(tools)),
					domain.T("use echo_tool instead and say so in the step's description and deliverable")})
			}
		}
	}
	return c.finish(doc)
}

// positions maps the step_ids seen so far to their positions. Plans
// have a handful of steps, for which a list is cheaper than a map; a
// long plan gets a map.
type positions struct {
	ids  []string
	pos  []int
	byID map[string]int
}

func (p *positions) get(id string) (int, bool) {
	if p.byID != nil {
		n, ok := p.byID[id]
		return n, ok
	}
	if i := slices.Index(p.ids, id); i >= 0 {
		return p.pos[i], true
	}
	return 0, false
}

func (p *positions) set(id string, pos int) {
	if p.byID == nil && len(p.ids) < 32 {
		if i := slices.Index(p.ids, id); i >= 0 {
			p.pos[i] = pos
			return
		}
		p.ids, p.pos = append(p.ids, id), append(p.pos, pos)
		return
	}
	if p.byID == nil {
		p.byID = make(map[string]int, 64)
		for i, id := range p.ids {
			p.byID[id] = p.pos[i]
		}
	}
	p.byID[id] = pos
}

// stepPointers are the JSON Pointers of a step and of its tool.
type stepPointers struct{ base, tool string }

// stepPaths are the pointers of the first steps, written once: building
// them for every step of every plan cost more than checking the step.
var stepPaths = func() (paths [32]stepPointers) {
	for i := range paths {
		base := contract.Pointer("steps", i)
		paths[i] = stepPointers{base, base + "/tool"}
	}
	return paths
}()

func stepPath(i int) stepPointers {
	if i < len(stepPaths) {
		return stepPaths[i]
	}
	base := contract.Pointer("steps", i)
	return stepPointers{base, base + "/tool"}
}

// The places ReadMembers puts a step's members at, in stepFields.
const (
	memberID = iota
	memberTitle
	memberDescription
	memberDependencies
	memberDeliverable
	memberAcceptance
	memberTool
	stepMemberCount
)

// textFields are the step's prose fields, none of which may be empty.
var textFields = []string{"title", "description", "deliverable"}

// nonEmpty reports a string, or an array of strings, that says nothing:
// empty or white space only, an empty array, or an empty item.
func (c *checker) nonEmpty(obj map[string]any, key, step, path string) {
	c.nonEmptyOf(obj[key], key, step, path)
}

// nonEmptyOf is nonEmpty for the member's value, already read.
func (c *checker) nonEmptyOf(value any, key, step, path string) {
	blank := false
	switch v := value.(type) {
	case string:
		blank = strings.TrimSpace(v) == ""
	case []any:
		blank = len(v) == 0
		for _, x := range v {
			if s, _ := x.(string); strings.TrimSpace(s) == "" {
				blank = true
			}
		}
	}
	if blank {
		c.fail(contract.RuleSchemaInvalid, step, path+"/"+key, msg{
			domain.T("%q must not be empty", key),
			domain.T("write what %s stands for", key)})
	}
}

// usesNumbering reports whether the plan names its steps step_<k>: any
// step_id starting with "step_" (in any case) puts the plan under the
// numbering rules.
// A plan with other ids (fetch, parse, …) is judged on the other rules.
func usesNumbering(steps []any) bool {
	for _, s := range steps {
		if m, ok := s.(map[string]any); ok {
			if id, ok := m["step_id"].(string); ok && len(id) >= 5 && strings.EqualFold(id[:5], "step_") {
				return true
			}
		}
	}
	return false
}

// unique checks a step_id of a plan that does not number its steps: it
// only has to be unique and not empty.
func (c *checker) unique(id string, i int, label, path string, declared *positions) {
	if strings.TrimSpace(id) == "" {
		c.fail(contract.RuleSchemaInvalid, label, path+"/step_id", msg{
			domain.T("step_id must not be empty"),
			domain.T("give the step a name later steps can depend on")})
		return
	}
	if first, dup := declared.get(id); dup {
		c.fail("step.duplicate_id", label, path+"/step_id", msg{
			domain.T("%s is already step %d", id, first),
			domain.T("give every step its own step_id")})
		return
	}
	declared.set(id, i)
}

// numbering checks one step_id against the steps before it: step_1 first,
// then each number one more than the last, never repeated or going back.
func (c *checker) numbering(id string, i int, label, path string, declared *positions, last *int) {
	n, ok := stepNumber(id)
	if !ok {
		if _, dup := declared.get(id); !dup {
			declared.set(id, i) // still a name later steps may depend on
		}
		c.fail("step.id_format", label, path+"/step_id", msg{
			domain.T("step_id %q must look like step_1, step_2, …", id),
			domain.T("name this step step_%d", *last+1)})
		return
	}
	if first, dup := declared.get(id); dup {
		c.fail("step.duplicate_id", label, path+"/step_id", msg{
			domain.T("%s is already step %d", id, first),
			domain.T("number this step step_%d", *last+1)})
		return
	}
	declared.set(id, i)
	switch {
	case *last == 0 && n != 1:
		c.fail("step.index_start", label, path+"/step_id", msg{
			domain.T("numbering must start at step_1, not %s", id),
			domain.T("renumber the steps from step_1")})
	case n < *last:
		c.fail("step.order", label, path+"/step_id", msg{
			domain.T("%s comes after step_%d: steps must ascend", id, *last),
			domain.T("emit the steps in ascending order")})
	case *last > 0 && n > *last+1:
		c.fail("step.index_gap", label, path+"/step_id", msg{
			domain.T("%s follows step_%d: step_%d is skipped", id, *last, *last+1),
			domain.T("number this step step_%d", *last+1)})
	}
	if n > *last {
		*last = n
	}
}

// dependencies checks that each names a step declared before this one.
func (c *checker) dependencies(deps []any, id string, i int, label, path string, steps []any, declared *positions) {
	for j, d := range deps {
		dep := d.(string)
		if pos, earlier := declared.get(dep); earlier && pos < i {
			continue
		}
		dpath := path + contract.Pointer("dependencies", j)
		switch {
		case dep == id:
			c.fail("dep.forward", label, dpath, msg{
				domain.T("%s depends on itself", label),
				domain.T("remove the step from its own dependencies")})
		case declaredAfter(steps, i, dep):
			c.fail("dep.forward", label, dpath, msg{
				domain.T("%s depends on %s, which comes later", label, dep),
				domain.T("depend only on earlier steps, or reorder the steps")})
		default:
			c.fail("dep.unknown", label, dpath, msg{
				domain.T("%s depends on %s, which is not a step of this plan", label, dep),
				domain.T("name a declared step_id")})
		}
	}
}

func declaredAfter(steps []any, i int, id string) bool {
	for _, s := range steps[i+1:] {
		if m, ok := s.(map[string]any); ok && m["step_id"] == id {
			return true
		}
	}
	return false
}

// show writes a value for a message as contract.Show does, except that an
// object or array is only named: this contract's messages are about shapes.
func show(v any) string {
	switch v.(type) {
	case map[string]any, []any:
		return contract.KindOf(v)
	}
	return contract.Show(v)
}

// finish sorts the report. The contract rejects rather than rewrites, so
// a valid plan is its own normal form; there is no risk model here and
// risk_score stays 0.
func (c *checker) finish(doc any) contract.Report {
	r := contract.Finish(contract.Report{Contract: Name, Violations: c.vs})
	if r.Valid {
		r.Normalized = doc
	}
	return r
}

// Rules implements contract.Contract.
func (Contract) Rules() []contract.RuleInfo {
	e := contract.SeverityError
	return []contract.RuleInfo{
		{ID: contract.RuleSchemaMissingField, Severity: e, Description: "A required field is missing or null."},
		{ID: contract.RuleSchemaExtraField, Severity: e, Description: "A field the contract does not define."},
		{ID: contract.RuleSchemaType, Severity: e, Description: "A field has the wrong JSON type."},
		{ID: contract.RuleSchemaInvalid, Severity: e, Description: "task_summary, title, description, deliverable, acceptance (or one of its items) or step_id is empty."},
		{ID: "plan.no_steps", Severity: e, Description: "The plan has at least one step."},
		{ID: "step.id_format", Severity: e, Description: "In a plan that numbers its steps (a step_id starts with step_), every step_id is step_<k>: k from 1, no leading zero, at most 9 digits."},
		{ID: "step.index_start", Severity: e, Description: "Numbering starts at step_1 (numbered plans)."},
		{ID: "step.index_gap", Severity: e, Description: "Numbering is contiguous: no skipped index."},
		{ID: "step.order", Severity: e, Description: "Steps are emitted in ascending order."},
		{ID: "step.duplicate_id", Severity: e, Description: "Each step_id appears once."},
		{ID: "step.count_mismatch", Severity: e, Description: "Exactly the number of steps asked for (option expected_steps)."},
		{ID: "dep.unknown", Severity: e, Description: "Dependencies name declared steps."},
		{ID: "dep.forward", Severity: e, Description: "Dependencies name earlier steps only; a step never depends on itself."},
		{ID: "tool.not_registered", Severity: e, Description: "Tools come from the registry (default echo_tool, get_time; option tools)."},
	}
}

// Schema implements contract.Contract. The numbering and dependency rules
// relate steps to each other and are the contract's own checks.
func (Contract) Schema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "step-contract/v1",
  "type": "object", "additionalProperties": false,
  "required": ["task_summary", "steps", "assumptions", "risks"],
  "properties": {
    "task_summary": {"type": "string", "pattern": "\\S"},
    "steps": {"type": "array", "minItems": 1, "items": {
      "type": "object", "additionalProperties": false,
      "required": ["step_id", "title", "description", "dependencies", "deliverable", "acceptance", "tool"],
      "properties": {
        "step_id": {"type": "string", "pattern": "\\S", "description": "step_1, step_2, … when the plan numbers its steps; then the numbering rules apply"},
        "title": {"type": "string", "pattern": "\\S"},
        "description": {"type": "string", "pattern": "\\S"},
        "dependencies": {"type": "array", "items": {"type": "string"}},
        "deliverable": {"type": "string", "pattern": "\\S"},
        "acceptance": {"anyOf": [{"type": "string", "pattern": "\\S"}, {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "\\S"}}]},
        "tool": {"type": "object", "additionalProperties": false, "required": ["name", "args"],
                 "properties": {"name": {"type": "string", "description": "a registered tool; by default echo_tool or get_time"}, "args": {"type": "object"}}}
      }}},
    "assumptions": {"type": "array", "items": {"type": "string"}},
    "risks": {"type": "array", "items": {"type": "string"}}
  }
}`)
}
