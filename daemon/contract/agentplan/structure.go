package agentplan

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// planView is the part of a plan the semantic rules can rely on after the
// structural checks: only well-typed values are filled in.
type planView struct {
	root  map[string]any
	steps []*stepView // nil where the step is not an object
	// firstByID maps each id to its first step; later duplicates are
	// reported and left out of the dependency graph.
	firstByID map[string]int
	tools     map[string]bool // see toolSet
}

type stepView struct {
	index     int
	id        string // "" when missing, empty or not a string
	tool      string // "" when missing, empty or not a string
	params    map[string]any
	paramsKey string // "parameters" or its alias "args", as written
	deps      []depEntry
}

type depEntry struct {
	id  string
	pos int // index inside depends_on, for the violation's path
}

func (s *stepView) path(segs ...any) string {
	return contract.Pointer(append([]any{"steps", s.index}, segs...)...)
}

var rootFields = map[string]bool{"goal": true, "steps": true, "context": true, "meta": true}

var stepFields = map[string]bool{"id": true, "tool": true, "parameters": true, "args": true, "on_fail": true, "depends_on": true}

// checkStructure applies the JSON Schema rules by hand, so that each
// finding gets its own rule id, path and localized message. It returns
// nil when the root is not an object.
func (v *validator) checkStructure(doc any) *planView {
	root, ok := doc.(map[string]any)
	if !ok {
		v.typeError("", "", doc, "The plan must be a JSON object with a \"steps\" array.", "طرح باید یک شیء JSON با آرایهٔ «steps» باشد.")
		return nil
	}
	p := &planView{root: root, firstByID: map[string]int{}}
	for _, k := range sortedKeys(root) {
		if !rootFields[k] {
			v.add(RuleSchemaExtra, "", contract.Pointer(k),
				fmt.Sprintf("The plan has an unknown field %s; remove it or move it into \"meta\" (the fields are goal, steps, context, meta).", quote(k)),
				fmt.Sprintf("طرح فیلد ناشناختهٔ %s دارد؛ آن را حذف کنید یا به «meta» ببرید (فیلدها: goal، steps، context، meta).", quote(k)), "")
		}
	}
	if g, ok := root["goal"]; ok {
		if _, isStr := g.(string); !isStr {
			v.typeError("", "/goal", g, "\"goal\" must be a string that says what the plan is for.", "«goal» باید رشته‌ای باشد که هدف طرح را بگوید.")
		}
	}
	for _, k := range []string{"context", "meta"} {
		if c, ok := root[k]; ok {
			if _, isObj := c.(map[string]any); !isObj {
				v.typeError("", "/"+k, c, fmt.Sprintf("%q must be an object of named values.", k), fmt.Sprintf("«%s» باید شیئی از مقدارهای نام‌دار باشد.", k))
			}
		}
	}
	raw, ok := root["steps"]
	if !ok {
		v.add(RuleSchemaMissing, "", "/steps", "The plan has no \"steps\"; add an array of steps, each with id, tool and parameters.",
			"طرح «steps» ندارد؛ آرایه‌ای از گام‌ها بیفزایید که هرکدام id، tool و parameters دارد.", `"steps": []`)
		return p
	}
	list, ok := raw.([]any)
	if !ok {
		v.typeError("", "/steps", raw, "\"steps\" must be an array of step objects.", "«steps» باید آرایه‌ای از شیءهای گام باشد.")
		return p
	}
	p.steps = make([]*stepView, len(list))
	for i, e := range list {
		p.steps[i] = v.checkStep(i, e)
		if s := p.steps[i]; s != nil && s.id != "" {
			if _, seen := p.firstByID[s.id]; !seen {
				p.firstByID[s.id] = i
			}
		}
	}
	return p
}

func (v *validator) checkStep(i int, raw any) *stepView {
	obj, ok := raw.(map[string]any)
	if !ok {
		v.typeError("", contract.Pointer("steps", i), raw, "Each step must be an object with id, tool and parameters.", "هر گام باید شیئی با id، tool و parameters باشد.")
		return nil
	}
	s := &stepView{index: i}
	// The id labels the step's violations, even those found before the
	// id field itself is checked.
	if id, ok := obj["id"].(string); ok && !blank(id) {
		s.id = id
	}
	for _, k := range sortedKeys(obj) {
		if !stepFields[k] {
			v.add(RuleSchemaExtra, s.id, s.path(k),
				fmt.Sprintf("Step %d has an unknown field %s; remove it or move it into \"parameters\".", i, quote(k)),
				fmt.Sprintf("گام %d فیلد ناشناختهٔ %s دارد؛ آن را حذف کنید یا به «parameters» ببرید.", i, quote(k)), "")
		}
	}
	s.id = v.requiredString(s, obj, "id", "a unique step id such as \"step1\"", "شناسه‌ای یکتا مانند «step1»")
	s.tool = v.requiredString(s, obj, "tool", "the tool to run, such as \"db.query_ro\"", "ابزار اجرایی، مانند «db.query_ro»")

	_, hasParams := obj["parameters"]
	_, hasArgs := obj["args"]
	switch {
	case hasParams && hasArgs:
		v.add(RuleSchemaExtra, s.id, s.path("args"),
			"The step has both \"parameters\" and its alias \"args\"; keep only \"parameters\".",
			"گام هم «parameters» دارد و هم نام دیگرش «args» را؛ فقط «parameters» را نگه دارید.", "")
		s.paramsKey = "parameters"
	case hasArgs:
		s.paramsKey = "args"
	case hasParams:
		s.paramsKey = "parameters"
	default:
		v.add(RuleSchemaMissing, s.id, s.path("parameters"),
			"The step has no \"parameters\"; add an object of tool arguments, {} if the tool takes none.",
			"گام «parameters» ندارد؛ شیئی از آرگومان‌های ابزار بیفزایید، و اگر ابزار آرگومانی ندارد {} بنویسید.", `"parameters": {}`)
	}
	if s.paramsKey != "" {
		if m, ok := obj[s.paramsKey].(map[string]any); ok {
			s.params = m
		} else {
			v.typeError(s.id, s.path(s.paramsKey), obj[s.paramsKey],
				fmt.Sprintf("%q must be an object that maps argument names to values.", s.paramsKey),
				fmt.Sprintf("«%s» باید شیئی باشد که نام آرگومان‌ها را به مقدارشان نگاشت کند.", s.paramsKey))
		}
	}

	if of, ok := obj["on_fail"]; ok {
		str, isStr := of.(string)
		switch {
		case !isStr:
			v.typeError(s.id, s.path("on_fail"), of, "\"on_fail\" must be the string \"abort\" or \"continue\".", "«on_fail» باید رشتهٔ «abort» یا «continue» باشد.")
		case str != "abort" && str != "continue":
			v.add(RuleSchemaEnum, s.id, s.path("on_fail"),
				fmt.Sprintf("\"on_fail\" is %s; it must be \"abort\" or \"continue\".", quote(str)),
				fmt.Sprintf("مقدار «on_fail» برابر %s است؛ باید «abort» یا «continue» باشد.", quote(str)), `"abort"`)
		}
	}
	if d, ok := obj["depends_on"]; ok {
		list, isList := d.([]any)
		if !isList {
			v.typeError(s.id, s.path("depends_on"), d, "\"depends_on\" must be an array of step ids.", "«depends_on» باید آرایه‌ای از شناسهٔ گام‌ها باشد.")
		}
		for j, e := range list {
			id, isStr := e.(string)
			if !isStr {
				v.typeError(s.id, s.path("depends_on", j), e, "Each \"depends_on\" entry must be a step id string.", "هر مورد «depends_on» باید رشتهٔ شناسهٔ یک گام باشد.")
				continue
			}
			s.deps = append(s.deps, depEntry{id: id, pos: j})
		}
	}
	return s
}

// requiredString checks a required, non-empty string field and returns
// its value, or "" when it is unusable.
func (v *validator) requiredString(s *stepView, obj map[string]any, key, whatEN, whatFA string) string {
	raw, ok := obj[key]
	if !ok {
		v.add(RuleSchemaMissing, s.id, s.path(key),
			fmt.Sprintf("Step %d has no %q; add %s.", s.index, key, whatEN),
			fmt.Sprintf("گام %d فیلد «%s» ندارد؛ %s را بیفزایید.", s.index, key, whatFA), "")
		return ""
	}
	str, isStr := raw.(string)
	if !isStr {
		v.typeError(s.id, s.path(key), raw, fmt.Sprintf("%q must be a string: %s.", key, whatEN), fmt.Sprintf("«%s» باید رشته باشد: %s.", key, whatFA))
		return ""
	}
	if blank(str) {
		v.add(RuleSchemaEmpty, s.id, s.path(key),
			fmt.Sprintf("%q is empty; write %s.", key, whatEN),
			fmt.Sprintf("«%s» خالی است؛ %s را بنویسید.", key, whatFA), "")
		return ""
	}
	return str
}

// blank reports whether s holds only the white space that the schema's
// id and tool pattern refuses, so the schema and this check agree.
func blank(s string) bool { return strings.Trim(s, "\t\n\v\f\r ") == "" }

func (v *validator) typeError(step, path string, got any, en, fa string) {
	v.add(RuleSchemaType, step, path,
		fmt.Sprintf("%s (found %s)", en, jsonType(got)),
		fmt.Sprintf("%s (اکنون %s است)", fa, jsonTypeFA(got)), "")
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number, float64, float32, int, int64, uint64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v)
}

func jsonTypeFA(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "رشته"
	case bool:
		return "بولی"
	case json.Number, float64, float32, int, int64, uint64:
		return "عدد"
	case []any:
		return "آرایه"
	case map[string]any:
		return "شیء"
	}
	return fmt.Sprintf("%T", v)
}

func (v *validator) checkGoal(p *planView) {
	g, ok := p.root["goal"]
	if s, isStr := g.(string); ok && (!isStr || strings.TrimSpace(s) != "") {
		return
	}
	v.add(RuleMissingGoal, "", "/goal",
		"The plan states no goal; add a \"goal\" sentence so a reviewer can tell whether the steps fit it.",
		"طرح هدفی بیان نکرده است؛ جمله‌ای در «goal» بنویسید تا بازبین بفهمد گام‌ها با آن می‌خوانند یا نه.", "")
}

func (v *validator) checkMaxSteps(p *planView, limit int) {
	if n := len(p.steps); n > limit {
		v.add(RuleMaxSteps, "", "/steps",
			fmt.Sprintf("The plan has %d steps, more than the limit of %d; split it into smaller plans or raise max_steps in the policy.", n, limit),
			fmt.Sprintf("طرح %d گام دارد که از سقف %d بیشتر است؛ آن را به طرح‌های کوچک‌تر بشکنید یا max_steps را در سیاست بالا ببرید.", n, limit), "")
	}
}

// normalize returns a copy of the plan with "args" renamed to
// "parameters" and the step defaults filled in. Values it cannot
// interpret stay as they are, so normalizing never hides an error.
func normalize(root map[string]any) map[string]any {
	out := deepCopy(root).(map[string]any)
	steps, ok := out["steps"].([]any)
	if !ok {
		return out
	}
	for _, e := range steps {
		st, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if a, hasArgs := st["args"]; hasArgs {
			if _, hasParams := st["parameters"]; !hasParams {
				st["parameters"] = a
				delete(st, "args")
			}
		}
		if _, ok := st["on_fail"]; !ok {
			st["on_fail"] = "abort"
		}
		if _, ok := st["depends_on"]; !ok {
			st["depends_on"] = []any{}
		}
	}
	return out
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		l := make([]any, len(t))
		for i, e := range t {
			l[i] = deepCopy(e)
		}
		return l
	}
	return v
}
