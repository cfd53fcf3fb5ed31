package agentplan

import (
	"encoding/json"

	"maps"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// planView is the part of a plan the semantic rules can rely on after the
// structural checks: only well-typed values are filled in.
type planView struct {
	root map[string]any
	// goal, context and meta as decoded, with whether the root has them.
	goal, context, meta          any
	hasGoal, hasContext, hasMeta bool
	list                         []any       // the steps array as decoded
	steps                        []*stepView // nil where the step is not an object
	// firstByID maps each id to its first step; later duplicates are
	// reported and left out of the dependency graph.
	firstByID  map[string]int
	tools      map[string]bool // see hasTool
	toolsBuilt bool
	routes     []boundRoute // see boundRoutes
	routed     bool
}

type stepView struct {
	index     int
	id        string // "" when missing, empty or not a string
	tool      string // "" when missing, empty or not a string
	params    map[string]any
	paramsKey string // "parameters" or its alias "args", as written
	deps      []depEntry
	// What normalize changes: "args" without "parameters" is renamed,
	// a missing on_fail or depends_on is filled in.
	rename, hasOnFail, hasDeps bool
	// firstOfID is set on the first step with its id, the one
	// firstByID names and the graph links.
	firstOfID bool
}

type depEntry struct {
	id   string
	pos  int // index inside depends_on, for the violation's path
	node int // the graph node of id, -1 for none; set by checkGraph
}

func (s *stepView) path(segs ...any) string {
	return contract.Pointer(append([]any{"steps", s.index}, segs...)...)
}

func rootField(k string) bool {
	switch k {
	case "goal", "steps", "context", "meta":
		return true
	}
	return false
}

func stepField(k string) bool {
	switch k {
	case "id", "tool", "parameters", "args", "on_fail", "depends_on":
		return true
	}
	return false
}

// checkStructure applies the JSON Schema rules by hand, so that each
// finding gets its own rule id, path and localized message. It returns
// nil when the root is not an object.
func (v *validator) checkStructure(doc any) *planView {
	root, ok := doc.(map[string]any)
	if !ok {
		v.typeError("", "", doc, domain.T(`The plan must be a JSON object with a "steps" array.`))
		return nil
	}
	p := v.newPlan(root)
	known := 0 // root fields present; any other key is unknown
	p.goal, p.hasGoal = root["goal"]
	p.context, p.hasContext = root["context"]
	p.meta, p.hasMeta = root["meta"]
	if p.hasGoal {
		known++
		if _, isStr := p.goal.(string); !isStr {
			v.typeError("", "/goal", p.goal, domain.T(`"goal" must be a string that says what the plan is for.`))
		}
	}
	for _, f := range [...]struct {
		key string
		val any
		has bool
	}{{"context", p.context, p.hasContext}, {"meta", p.meta, p.hasMeta}} {
		if f.has {
			known++
			if _, isObj := f.val.(map[string]any); !isObj {
				k, c := f.key, f.val
				v.typeError("", "/"+k, c, domain.T("%q must be an object of named values.", k))
			}
		}
	}
	raw, ok := root["steps"]
	if ok {
		known++
	}
	if len(root) > known {
		for k := range root {
			if !rootField(k) {
				v.add(RuleSchemaExtra, "", contract.Pointer(k),
					domain.T(`The plan has an unknown field %s; remove it or move it into "meta" (the fields are goal, steps, context, meta).`, quote(k)), "")
			}
		}
	}
	if !ok {
		v.add(RuleSchemaMissing, "", "/steps", domain.T(`The plan has no "steps"; add an array of steps, each with id, tool and parameters.`), `"steps": []`)
		return p
	}
	list, ok := raw.([]any)
	if !ok {
		v.typeError("", "/steps", raw, domain.T(`"steps" must be an array of step objects.`))
		return p
	}
	p.list = list
	p.steps = resized(p.steps, len(list))
	v.views = resized(v.views, len(list))
	views := v.views
	for i, e := range list {
		p.steps[i] = v.checkStep(&views[i], i, e)
		if s := p.steps[i]; s != nil && s.id != "" {
			if _, seen := p.firstByID[s.id]; !seen {
				p.firstByID[s.id] = i
				s.firstOfID = true
			}
		}
	}
	return p
}

// checkStep checks the step raw at index i and fills in s, its view; it
// returns nil when the step is not an object.
// newPlan returns the validator's reusable plan view, emptied, for root.
func (v *validator) newPlan(root map[string]any) *planView {
	p := &v.plan // release left it empty
	if p.firstByID == nil {
		p.firstByID = map[string]int{}
	}
	p.root, p.list, p.steps, p.routes, p.routed, p.toolsBuilt = root, nil, p.steps[:0], p.routes[:0], false, false
	p.goal, p.context, p.meta, p.hasGoal, p.hasContext, p.hasMeta = nil, nil, nil, false, false, false
	return p
}

// release drops what the plan view holds of the plan, and all of it
// after a large plan, so a pooled validator stays small.
func (p *planView) release() {
	if len(p.firstByID) > 1024 || len(p.tools) > 1024 || cap(p.steps) > 1024 {
		*p = planView{}
		return
	}
	clear(p.steps)
	clear(p.routes)
	clear(p.firstByID)
	if p.toolsBuilt {
		clear(p.tools)
	}
	p.root, p.list, p.goal, p.context, p.meta = nil, nil, nil, nil, nil
}

func (v *validator) checkStep(s *stepView, i int, raw any) *stepView {
	obj, ok := raw.(map[string]any)
	if !ok {
		v.typeError("", contract.Pointer("steps", i), raw, domain.T("Each step must be an object with id, tool and parameters."))
		return nil
	}
	s.index = i
	// Each field is looked up once; the fields found tell whether the
	// step has others, so a well-formed step is not iterated.
	idRaw, hasID := obj["id"]
	toolRaw, hasTool := obj["tool"]
	paramsRaw, hasParams := obj["parameters"]
	argsRaw, hasArgs := obj["args"]
	onFail, hasOnFail := obj["on_fail"]
	depsRaw, hasDeps := obj["depends_on"]
	s.rename, s.hasOnFail, s.hasDeps = hasArgs && !hasParams, hasOnFail, hasDeps
	known := 0
	for _, has := range [...]bool{hasID, hasTool, hasParams, hasArgs, hasOnFail, hasDeps} {
		if has {
			known++
		}
	}
	// The id labels the step's violations, even those found before the
	// id field itself is checked.
	if id, ok := idRaw.(string); ok && !blank(id) {
		s.id = id
	}
	if len(obj) > known {
		for k := range obj {
			if !stepField(k) {
				v.add(RuleSchemaExtra, s.id, s.path(k),
					domain.T(`Step %d has an unknown field %s; remove it or move it into "parameters".`, i, quote(k)), "")
			}
		}
	}
	s.id = v.requiredString(s, idRaw, hasID, "id", domain.T(`a unique step id such as "step1"`))
	s.tool = v.requiredString(s, toolRaw, hasTool, "tool", domain.T(`the tool to run, such as "db.query_ro"`))

	switch {
	case hasParams && hasArgs:
		v.add(RuleSchemaExtra, s.id, s.path("args"),
			domain.T(`The step has both "parameters" and its alias "args"; keep only "parameters".`), "")
		s.paramsKey = "parameters"
	case hasArgs:
		s.paramsKey = "args"
		paramsRaw = argsRaw
	case hasParams:
		s.paramsKey = "parameters"
	default:
		v.add(RuleSchemaMissing, s.id, s.path("parameters"),
			domain.T(`The step has no "parameters"; add an object of tool arguments, {} if the tool takes none.`), `"parameters": {}`)
	}
	if s.paramsKey != "" {
		if m, ok := paramsRaw.(map[string]any); ok {
			s.params = m
		} else {
			v.typeError(s.id, s.path(s.paramsKey), paramsRaw,
				domain.T("%q must be an object that maps argument names to values.", s.paramsKey))
		}
	}

	if hasOnFail {
		of := onFail
		str, isStr := of.(string)
		switch {
		case !isStr:
			v.typeError(s.id, s.path("on_fail"), of, domain.T(`"on_fail" must be the string "abort" or "continue".`))
		case str != "abort" && str != "continue":
			v.add(RuleSchemaEnum, s.id, s.path("on_fail"),
				domain.T(`"on_fail" is %s; it must be "abort" or "continue".`, quote(str)), `"abort"`)
		}
	}
	if hasDeps {
		d := depsRaw
		list, isList := d.([]any)
		if !isList {
			v.typeError(s.id, s.path("depends_on"), d, domain.T(`"depends_on" must be an array of step ids.`))
		}
		// The entries of all steps share one array.
		start := len(v.deps)
		for j, e := range list {
			id, isStr := e.(string)
			if !isStr {
				v.typeError(s.id, s.path("depends_on", j), e, domain.T(`Each "depends_on" entry must be a step id string.`))
				continue
			}
			v.deps = append(v.deps, depEntry{id: id, pos: j})
		}
		if len(v.deps) > start {
			s.deps = v.deps[start:len(v.deps):len(v.deps)]
		}
	}
	return s
}

// requiredString checks a required, non-empty string field and returns
// its value, or "" when it is unusable.
func (v *validator) requiredString(s *stepView, raw any, ok bool, key string, what domain.Text) string {
	if !ok {
		v.add(RuleSchemaMissing, s.id, s.path(key),
			domain.T("Step %d has no %q; add %s.", s.index, key, what), "")
		return ""
	}
	str, isStr := raw.(string)
	if !isStr {
		v.typeError(s.id, s.path(key), raw, domain.T("%q must be a string: %s.", key, what))
		return ""
	}
	if blank(str) {
		v.add(RuleSchemaEmpty, s.id, s.path(key),
			domain.T("%q is empty; write %s.", key, what), "")
		return ""
	}
	return str
}

// blank reports whether s holds only the white space that the schema's
// id and tool pattern refuses, so the schema and this check agree.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\v', '\f', '\r', ' ':
		default:
			return false
		}
	}
	return true
}

// typeError reports a value of the wrong JSON type, saying what it is.
func (v *validator) typeError(step, path string, got any, message domain.Text) {
	v.add(RuleSchemaType, step, path, domain.T("%s (found %s)", message, jsonKind(got)), "")
}

// jsonKind names the JSON type of a decoded value, in the message's
// language.
func jsonKind(v any) domain.Text {
	switch v.(type) {
	case nil:
		return domain.T("null")
	case string:
		return domain.T("a string")
	case bool:
		return domain.T("agent-plan\x04a boolean")
	case json.Number, float64, float32, int, int64, uint64:
		return domain.T("a number")
	case []any:
		return domain.T("an array")
	case map[string]any:
		return domain.T("an object")
	}
	return domain.T("a %T", v)
}

func (v *validator) checkGoal(p *planView) {
	g, ok := p.goal, p.hasGoal
	if s, isStr := g.(string); ok && (!isStr || strings.TrimSpace(s) != "") {
		return
	}
	v.add(RuleMissingGoal, "", "/goal",
		domain.T(`The plan states no goal; add a "goal" sentence so a reviewer can tell whether the steps fit it.`), "")
}

func (v *validator) checkMaxSteps(p *planView, limit int) {
	if n := len(p.steps); n > limit {
		v.add(RuleMaxSteps, "", "/steps",
			domain.T("The plan has %d steps, more than the limit of %d; split it into smaller plans or raise max_steps in the policy.", n, limit), "")
	}
}

// normalize returns the plan with "args" renamed to "parameters" and the
// step defaults filled in. Values it cannot interpret stay as they are,
// so normalizing never hides an error. Only what changes is copied: the
// root, the steps array and the steps that gain or rename a field; the
// rest is shared with the input, which Validate does not modify.
func normalize(p *planView) map[string]any {
	var out []any
	for i, s := range p.steps {
		if s == nil || (!s.rename && s.hasOnFail && s.hasDeps) {
			continue
		}
		st := p.list[i].(map[string]any)
		c := maps.Clone(st)
		if s.rename {
			c["parameters"] = st["args"]
			delete(c, "args")
		}
		if !s.hasOnFail {
			c["on_fail"] = "abort"
		}
		if !s.hasDeps {
			c["depends_on"] = []any{}
		}
		if out == nil {
			out = make([]any, len(p.list))
			copy(out, p.list)
		}
		out[i] = c
	}
	if out == nil {
		return p.root
	}
	c := maps.Clone(p.root)
	c["steps"] = out
	return c
}
