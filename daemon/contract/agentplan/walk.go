package agentplan

import (
	"strconv"
	"strings"
)

// pathSeg is one segment of the JSON Pointer of the value being checked:
// an object key, or an array index when idx >= 0.
type pathSeg struct {
	key string
	idx int
}

func (v *validator) pushKey(k string) { v.segs = append(v.segs, pathSeg{key: k, idx: -1}) }

func (v *validator) pushIndex(i int) { v.segs = append(v.segs, pathSeg{idx: i}) }

func (v *validator) pop() { v.segs = v.segs[:len(v.segs)-1] }

// pointer is the JSON Pointer of the value being checked. The walk keeps
// only its segments; the text is built for a violation, which a valid
// plan never has.
func (v *validator) pointer() string {
	var b strings.Builder
	for _, s := range v.segs {
		b.WriteByte('/')
		if s.idx >= 0 {
			b.WriteString(strconv.Itoa(s.idx))
		} else {
			b.WriteString(escapePointer(s.key))
		}
	}
	return b.String()
}

func escapePointer(seg string) string {
	if !strings.ContainsAny(seg, "~/") {
		return seg
	}
	return strings.ReplaceAll(strings.ReplaceAll(seg, "~", "~0"), "/", "~1")
}

// stringScope says which checks apply to the strings of one walk.
type stringScope struct {
	plan  *planView
	graph *depGraph
	step  *stepView // nil for the plan's goal, context and meta
	// paths is set under the arguments of a file.* tool that are not file
	// contents: file.path_traversal applies there.
	paths bool
}

// checkStrings walks a step's parameters once and gives every string to
// each rule that reads strings: raw secrets, step references and, for
// file.* tools, paths. The walk's order does not matter, since Finish
// sorts the findings.
func (v *validator) checkStrings(p *planView, g *depGraph, s *stepView) {
	if s.params == nil {
		return
	}
	sc := stringScope{plan: p, graph: g, step: s}
	fileTool := hasFoldPrefix(s.tool, "file.")
	v.segs = append(v.segs[:0], pathSeg{key: "steps", idx: -1}, pathSeg{idx: s.index}, pathSeg{key: s.paramsKey, idx: -1})
	for k, val := range s.params {
		sc.paths = false
		if fileTool {
			sc.paths = !contentKeys.has(k)
		}
		v.pushKey(k)
		v.walk(&sc, val, k)
		v.pop()
	}
}

// checkRootSecrets scans the plan's own strings that reach a log or a
// reviewer: the goal, the context and the meta.
func (v *validator) checkRootSecrets(p *planView) {
	var sc stringScope
	for _, f := range [...]struct {
		key string
		val any
		has bool
	}{{"goal", p.goal, p.hasGoal}, {"context", p.context, p.hasContext}, {"meta", p.meta, p.hasMeta}} {
		if f.has {
			v.segs = append(v.segs[:0], pathSeg{key: f.key, idx: -1})
			v.walk(&sc, f.val, f.key)
		}
	}
}

// walk visits every string inside val; key is the name of the object key
// that holds it (array elements inherit their array's key).
func (v *validator) walk(sc *stringScope, val any, key string) {
	switch t := val.(type) {
	case string:
		v.checkString(sc, key, t)
	case map[string]any:
		for k, e := range t {
			v.pushKey(k)
			v.walk(sc, e, k)
			v.pop()
		}
	case []any:
		for i, e := range t {
			v.pushIndex(i)
			v.walk(sc, e, key)
			v.pop()
		}
	}
}

func (v *validator) checkString(sc *stringScope, key, str string) {
	stepID := ""
	if sc.step != nil {
		stepID = sc.step.id
		v.checkRefs(sc.plan, sc.graph, sc.step, str)
	}
	v.scanSecret(stepID, key, str)
	if sc.paths {
		if problem, bad := pathProblem(str); bad {
			v.add(RulePathTraversal, stepID, v.pointer(), problem, "")
		}
	}
}
