// Package stepcontract is the step-contract/v1 contract: planner output
// numbered step_1..step_N, contiguous and ascending, with the exact step
// count asked for, dependencies only on earlier declared steps, tools
// only from the registry, and no missing or extra fields.
package stepcontract

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// Name is the contract's registry name.
const Name = "step-contract/v1"

// DefaultTools is the registry the contract document lists.
var DefaultTools = []string{"echo_tool", "get_time"}

var stepIDRE = regexp.MustCompile(`^step_([1-9][0-9]*)$`)

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

type checker struct {
	locale string
	vs     []contract.Violation
}

func (c *checker) err(rule, step, path, en, fa, fix string) {
	c.vs = append(c.vs, contract.Violation{Rule: rule, Severity: contract.SeverityError, Step: step, Path: path, Message: contract.Msg(c.locale, en, fa), Fix: fix})
}

// fields checks an object's keys: every one present, no others.
func (c *checker) fields(obj map[string]any, step, path string, required []string) {
	missing, extra := contract.Fields(obj, required, nil)
	for _, k := range missing {
		if _, present := obj[k]; present {
			continue // present as null: the type check reports it
		}
		c.err("schema.missing_field", step, path+contract.Pointer(k), fmt.Sprintf("%q is required", k), fmt.Sprintf("فیلد %q الزامی است", k), "add "+k)
	}
	for _, k := range extra {
		c.err("schema.extra_field", step, path+contract.Pointer(k), fmt.Sprintf("%q is not part of the contract", k), fmt.Sprintf("فیلد %q جزو قرارداد نیست", k), "remove "+k)
	}
}

func (c *checker) typed(obj map[string]any, key, kind, step, path string) {
	v, ok := obj[key]
	if !ok {
		return
	}
	good := false
	switch kind {
	case "string":
		_, good = v.(string)
	case "strings":
		if arr, isArr := v.([]any); isArr {
			good = true
			for _, x := range arr {
				if _, s := x.(string); !s {
					good = false
				}
			}
		}
	case "string|strings":
		if _, s := v.(string); s {
			good = true
		} else {
			c.typed(obj, key, "strings", step, path)
			return
		}
	case "object":
		_, good = v.(map[string]any)
	}
	if !good {
		want := map[string]string{"string": "a string", "strings": "an array of strings", "object": "an object", "string|strings": "a string or an array of strings"}[kind]
		c.err("schema.type", step, path+contract.Pointer(key), fmt.Sprintf("%q must be %s", key, want), fmt.Sprintf("%q باید %s باشد", key, want), "")
	}
}

// Validate implements contract.Contract.
func (Contract) Validate(_ context.Context, doc any, opts contract.Options) contract.Report {
	c := &checker{locale: opts.Locale}
	tools := opts.Tools
	if len(tools) == 0 {
		tools = DefaultTools
	}
	registered := map[string]bool{}
	for _, t := range tools {
		registered[t] = true
	}
	root, ok := doc.(map[string]any)
	if !ok {
		c.err("schema.type", "", "", "the plan must be a JSON object", "طرح باید یک شیء JSON باشد", "")
		return finish(c, nil)
	}
	c.fields(root, "", "", []string{"task_summary", "steps", "assumptions", "risks"})
	c.typed(root, "task_summary", "string", "", "")
	c.typed(root, "assumptions", "strings", "", "")
	c.typed(root, "risks", "strings", "", "")
	steps, isArr := root["steps"].([]any)
	if _, present := root["steps"]; present && !isArr {
		c.err("schema.type", "", "/steps", "steps must be an array", "steps باید آرایه باشد", "")
	}
	if opts.ExpectedSteps > 0 && isArr && len(steps) != opts.ExpectedSteps {
		c.err("step.count_mismatch", "", "/steps", fmt.Sprintf("%d steps were asked for, the plan has %d", opts.ExpectedSteps, len(steps)), fmt.Sprintf("%d گام خواسته شده بود، طرح %d گام دارد", opts.ExpectedSteps, len(steps)), fmt.Sprintf("emit exactly step_1..step_%d", opts.ExpectedSteps))
	}
	declared := map[string]int{} // step id → position
	prevNum := 0
	for i, s := range steps {
		path := contract.Pointer("steps", i)
		step, ok := s.(map[string]any)
		if !ok {
			c.err("schema.type", strconv.Itoa(i), path, "a step must be an object", "هر گام باید شیء باشد", "")
			continue
		}
		c.fields(step, stepLabel(step, i), path, []string{"step_id", "title", "description", "dependencies", "deliverable", "acceptance", "tool"})
		label := stepLabel(step, i)
		for _, k := range []string{"title", "description", "deliverable"} {
			c.typed(step, k, "string", label, path)
		}
		c.typed(step, "acceptance", "string|strings", label, path)
		c.typed(step, "dependencies", "strings", label, path)
		id, isStr := step["step_id"].(string)
		if _, present := step["step_id"]; present && !isStr {
			c.err("schema.type", label, path+"/step_id", "step_id must be a string", "step_id باید رشته باشد", "")
		}
		if isStr {
			m := stepIDRE.FindStringSubmatch(id)
			if m == nil {
				c.err("step.id_format", label, path+"/step_id", fmt.Sprintf("step_id %q must look like step_1, step_2, …", id), fmt.Sprintf("شناسهٔ گام %q باید به شکل step_1، step_2، … باشد", id), "")
			} else {
				n, _ := strconv.Atoi(m[1])
				if first, dup := declared[id]; dup {
					c.err("step.duplicate_id", label, path+"/step_id", fmt.Sprintf("%s is already step %d", id, first), fmt.Sprintf("%s پیش‌تر در جایگاه %d آمده است", id, first), "")
				} else {
					declared[id] = i
					switch {
					case i == 0 && n != 1:
						c.err("step.index_start", label, path+"/step_id", fmt.Sprintf("the first step must be step_1, not %s", id), fmt.Sprintf("نخستین گام باید step_1 باشد، نه %s", id), "renumber from step_1")
					case i > 0 && n < prevNum:
						c.err("step.order", label, path+"/step_id", fmt.Sprintf("%s comes after step_%d: steps must ascend", id, prevNum), fmt.Sprintf("%s پس از step_%d آمده است؛ گام‌ها باید صعودی باشند", id, prevNum), "")
					case i > 0 && n > prevNum+1:
						c.err("step.index_gap", label, path+"/step_id", fmt.Sprintf("%s follows step_%d: numbers must be contiguous", id, prevNum), fmt.Sprintf("%s پس از step_%d آمده است؛ شماره‌ها نباید جا بیفتند", id, prevNum), "")
					}
					if n > prevNum {
						prevNum = n
					}
				}
			}
		}
		if deps, ok := step["dependencies"].([]any); ok {
			for j, d := range deps {
				dep, isStr := d.(string)
				if !isStr {
					continue
				}
				dpath := path + contract.Pointer("dependencies", j)
				if _, earlier := declared[dep]; earlier && dep != id {
					continue
				}
				if dep == id || laterDeclared(steps, i, dep) {
					c.err("dep.forward", label, dpath, fmt.Sprintf("%s depends on %s, which is not an earlier step", label, dep), fmt.Sprintf("%s به %s وابسته است که گامی پیشین نیست", label, dep), "depend only on earlier steps")
					continue
				}
				c.err("dep.unknown", label, dpath, fmt.Sprintf("%s depends on %s, which is not a step", label, dep), fmt.Sprintf("%s به %s وابسته است که چنین گامی وجود ندارد", label, dep), "")
			}
		}
		if t, present := step["tool"]; present {
			tool, ok := t.(map[string]any)
			if !ok {
				c.err("schema.type", label, path+"/tool", "tool must be an object {name, args}", "tool باید شیء {name, args} باشد", "")
				continue
			}
			c.fields(tool, label, path+"/tool", []string{"name", "args"})
			c.typed(tool, "name", "string", label, path+"/tool")
			c.typed(tool, "args", "object", label, path+"/tool")
			if name, ok := tool["name"].(string); ok && !registered[name] {
				c.err("tool.not_registered", label, path+"/tool/name", fmt.Sprintf("tool %q is not registered (%s)", name, strings.Join(tools, ", ")), fmt.Sprintf("ابزار %q ثبت نشده است (%s)", name, strings.Join(tools, "، ")), "use echo_tool and say so in the description and deliverable")
			}
		}
	}
	return finish(c, doc)
}

func laterDeclared(steps []any, i int, id string) bool {
	for _, s := range steps[i+1:] {
		if m, ok := s.(map[string]any); ok && m["step_id"] == id {
			return true
		}
	}
	return false
}

func stepLabel(step map[string]any, i int) string {
	if id, ok := step["step_id"].(string); ok && id != "" {
		return id
	}
	return strconv.Itoa(i)
}

func finish(c *checker, doc any) contract.Report {
	r := contract.Finish(contract.Report{Contract: Name, Violations: c.vs})
	if r.Valid {
		r.Normalized = doc
	}
	r.RiskScore = float64(min(len(c.vs), 5)) / 5
	return r
}

// Rules implements contract.Contract.
func (Contract) Rules() []contract.RuleInfo {
	e := contract.SeverityError
	return []contract.RuleInfo{
		{ID: "schema.missing_field", Severity: e, Description: "A required field is missing."},
		{ID: "schema.extra_field", Severity: e, Description: "A field the contract does not define."},
		{ID: "schema.type", Severity: e, Description: "A field has the wrong JSON type."},
		{ID: "step.id_format", Severity: e, Description: "step_id is step_<k> with k ≥ 1."},
		{ID: "step.index_start", Severity: e, Description: "Numbering starts at step_1."},
		{ID: "step.index_gap", Severity: e, Description: "Numbering is contiguous."},
		{ID: "step.order", Severity: e, Description: "Steps ascend."},
		{ID: "step.duplicate_id", Severity: e, Description: "Each step_id once."},
		{ID: "step.count_mismatch", Severity: e, Description: "Exactly the number of steps asked for (option expected_steps)."},
		{ID: "dep.unknown", Severity: e, Description: "Dependencies name declared steps."},
		{ID: "dep.forward", Severity: e, Description: "Dependencies name earlier steps only (a step never depends on itself)."},
		{ID: "tool.not_registered", Severity: e, Description: "Tools come from the registry (default echo_tool, get_time)."},
	}
}

// Schema implements contract.Contract.
func (Contract) Schema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "step-contract/v1",
  "type": "object", "additionalProperties": false,
  "required": ["task_summary", "steps", "assumptions", "risks"],
  "properties": {
    "task_summary": {"type": "string"},
    "steps": {"type": "array", "items": {
      "type": "object", "additionalProperties": false,
      "required": ["step_id", "title", "description", "dependencies", "deliverable", "acceptance", "tool"],
      "properties": {
        "step_id": {"type": "string", "pattern": "^step_[1-9][0-9]*$"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "dependencies": {"type": "array", "items": {"type": "string"}},
        "deliverable": {"type": "string"},
        "acceptance": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "tool": {"type": "object", "additionalProperties": false, "required": ["name", "args"],
                 "properties": {"name": {"enum": ["echo_tool", "get_time"]}, "args": {"type": "object"}}}
      }}},
    "assumptions": {"type": "array", "items": {"type": "string"}},
    "risks": {"type": "array", "items": {"type": "string"}}
  }
}`)
}
