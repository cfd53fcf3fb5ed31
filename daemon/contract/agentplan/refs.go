package agentplan

import (
	"fmt"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// stepRef is one {{id.result…}} or ${id.result…} reference in a string.
type stepRef struct {
	text   string // the reference as written, braces included
	stepID string
	first  int // the index of the step with that id, -1 for none
}

// nextTemplate finds the first template expression in s at or after
// from: {{expr}} or ${expr}. In "${{x}}" the dollar is literal text
// before a {{x}} reference, which is how a currency amount is written.
// next is where to look for the one after it.
func nextTemplate(s string, from int) (start, end int, expr string, ok bool) {
	// Every expression has a "{" at or just after its start, so the
	// search jumps from one "{" to the next.
	for {
		j := strings.IndexByte(s[from:], '{')
		if j < 0 {
			return 0, 0, "", false
		}
		j += from
		switch {
		case j > from && s[j-1] == '$' && (j+1 >= len(s) || s[j+1] != '{'):
			i := j - 1
			n := strings.IndexByte(s[i+2:], '}')
			if n < 0 {
				return 0, 0, "", false
			}
			return i, i + 2 + n + 1, s[i+2 : i+2+n], true
		case j+1 < len(s) && s[j+1] == '{':
			i := j
			n := strings.Index(s[i+2:], "}}")
			if n < 0 {
				return 0, 0, "", false
			}
			if k := lastIndexPair(s[i+2:i+2+n], '{'); k >= 0 {
				// "{{ {{x}}": the innermost pair is the expression.
				from = i + 2 + k
				continue
			}
			return i, i + 2 + n + 2, s[i+2 : i+2+n], true
		default:
			from = j + 1
		}
	}
}

// lastIndexPair is strings.LastIndex(s, string([]byte{c, c})), with a
// quick answer for the usual expression that has no c at all.
func lastIndexPair(s string, c byte) int {
	for i := strings.LastIndexByte(s, c); i > 0; i = strings.LastIndexByte(s[:i], c) {
		if s[i-1] == c {
			return i - 1
		}
	}
	return -1
}

// replaceTemplates replaces every template expression in s with word and
// returns the result and the first expression replaced ("" for none).
func replaceTemplates(s, word string) (string, string) {
	start, end, _, ok := nextTemplate(s, 0)
	if !ok {
		return s, ""
	}
	first := s[start:end]
	var b strings.Builder
	last := 0
	for ok {
		b.WriteString(s[last:start])
		b.WriteString(word)
		last = end
		start, end, _, ok = nextTemplate(s, end)
	}
	b.WriteString(s[last:])
	return b.String(), first
}

// nextRef returns the first step reference in s at or after from, and
// where the search goes on. An expression refers to a step when it reads
// "<id>.result" followed by nothing, "." or "[". Ids may contain dots, so
// the longest known id wins; for an unknown id the text before the first
// ".result" is taken.
func nextRef(s string, from int, known map[string]int) (r stepRef, next int, ok bool) {
	for {
		start, end, expr, found := nextTemplate(s, from)
		if !found {
			return stepRef{}, 0, false
		}
		from = end
		// Mustache's triple braces leave one brace on each side.
		if id, first, ok := refTarget(trimExpr(expr), known); ok {
			return stepRef{text: s[start:end], stepID: id, first: first}, end, true
		}
	}
}

// trimExpr is strings.Trim(expr, "{} \t") without building the cut set
// at every call.
func trimExpr(expr string) string {
	cut := func(c byte) bool { return c == '{' || c == '}' || c == ' ' || c == '\t' }
	i, j := 0, len(expr)
	for i < j && cut(expr[i]) {
		i++
	}
	for j > i && cut(expr[j-1]) {
		j--
	}
	return expr[i:j]
}

// hasRef reports whether s holds a step reference.
func hasRef(s string) bool {
	_, _, ok := nextRef(s, 0, nil)
	return ok
}

// refTarget returns the step id an expression reads and, when the id is
// known, its step index (-1 otherwise).
func refTarget(expr string, known map[string]int) (string, int, bool) {
	best, bestIndex := "", -1
	for i := 0; i < len(expr); {
		j := strings.Index(expr[i:], ".result")
		if j < 0 {
			break
		}
		at := i + j
		rest := expr[at+len(".result"):]
		if at > 0 && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			id := expr[:at]
			if index, ok := known[id]; ok {
				best, bestIndex = id, index
			} else if best == "" && !strings.ContainsAny(id, " \t{}") {
				// Keep the first candidate for an unknown id, but let a
				// longer known id replace it.
				best = id
			}
		}
		i = at + 1
	}
	return best, bestIndex, best != ""
}

// checkRefs reports the references in str, a string of step s's
// parameters, to steps that do not exist or that the step does not
// (transitively) depend on. A later step's result may not exist yet when
// the step runs: an error. An earlier step has run by then, since steps
// run in order, so leaving it out of depends_on is only a warning.
func (v *validator) checkRefs(p *planView, g *depGraph, s *stepView, str string) {
	seen := &v.seenRefs
	seen.reset()
	for from := 0; ; {
		r, next, ok := nextRef(str, from, p.firstByID)
		if !ok {
			return
		}
		from = next
		if !seen.add(r.stepID) {
			continue
		}
		switch {
		case r.first < 0:
			v.add(RuleRefUnknownStep, s.id, v.pointer(),
				domain.T("%s refers to step %s, which is not in the plan; fix the step id in the reference.", r.text, quote(r.stepID)), "")
		case r.stepID == s.id:
			v.add(RuleRefNotDependency, s.id, v.pointer(),
				domain.T("%s reads the result of this very step, which does not exist while it runs; take the value from an earlier step.", r.text), "")
		case g.dependsOn(s, g.stepNode[r.first]):
		case r.first < s.index:
			v.add(RuleRefImplicitDependency, s.id, v.pointer(),
				domain.T("%s reads the result of step %s, which comes earlier but is not in depends_on; add %s to depends_on so the dependency is stated.", r.text, quote(r.stepID), quote(r.stepID)),
				dependsOnFix(s, r.stepID))
		default:
			v.add(RuleRefNotDependency, s.id, v.pointer(),
				domain.T("%s reads the result of step %s, but this step does not depend on it, so it may run first; add %s to depends_on.", r.text, quote(r.stepID), quote(r.stepID)),
				dependsOnFix(s, r.stepID))
		}
	}
}

// idSet is a set of step ids that does not allocate while it is small,
// as it is for the references of one string.
type idSet struct {
	small []string
	big   map[string]bool
}

const idSetSmall = 8

func (s *idSet) reset() {
	s.small = s.small[:0]
	s.big = nil
}

// add puts id in the set and reports whether it was new.
func (s *idSet) add(id string) bool {
	if s.big != nil {
		if s.big[id] {
			return false
		}
		s.big[id] = true
		return true
	}
	for _, e := range s.small {
		if e == id {
			return false
		}
	}
	if len(s.small) < idSetSmall {
		s.small = append(s.small, id)
		return true
	}
	s.big = make(map[string]bool, 2*idSetSmall)
	for _, e := range s.small {
		s.big[e] = true
	}
	s.big[id] = true
	return true
}

// dependsOnFix is the step's depends_on with id added.
func dependsOnFix(s *stepView, id string) string {
	var ids []string
	for _, d := range s.deps {
		ids = append(ids, fmt.Sprintf("%q", d.id))
	}
	ids = append(ids, fmt.Sprintf("%q", id))
	return `"depends_on": [` + strings.Join(ids, ", ") + "]"
}
