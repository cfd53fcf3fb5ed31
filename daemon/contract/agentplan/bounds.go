package agentplan

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// boundTarget splits a bound key into tool and argument. Tool names
// contain dots too, so "payments.transfer.amount" could be tool
// "payments" with argument "transfer.amount" or tool "payments.transfer"
// with argument "amount": the longest prefix that is a tool of the plan
// wins. Matching ignores case, like the tool lists.
func boundTarget(key string, isTool func(lower string) bool) (tool, arg string, ok bool) {
	lower := strings.ToLower(key)
	for i := len(lower) - 1; i > 0; i-- {
		if lower[i] == '.' && i < len(lower)-1 && isTool(lower[:i]) {
			return lower[:i], key[i+1:], true
		}
	}
	return "", "", false
}

// boundRoute is a policy bound resolved against the plan's tools.
type boundRoute struct {
	bound *Bound
	tool  string // lower case
	arg   string
}

// boundRoutes resolves the policy's bounds against the plan, once per
// plan; bounds for tools the plan does not use are left out.
func (v *validator) boundRoutes(p *planView) []boundRoute {
	if !p.routed {
		p.routed = true
		for i := range v.policy.Bounds {
			b := &v.policy.Bounds[i]
			if tool, arg, ok := boundTarget(b.Key, p.hasTool); ok {
				p.routes = append(p.routes, boundRoute{bound: b, tool: tool, arg: arg})
			}
		}
	}
	return p.routes
}

// checkBounds checks the step's arguments against every bound that
// resolves to its tool. Values that are references are known only when
// the plan runs, so the executor has to check them then.
func (v *validator) checkBounds(p *planView, s *stepView) {
	if len(v.policy.Bounds) == 0 || s.params == nil || s.tool == "" {
		return
	}
	for _, r := range v.boundRoutes(p) {
		if !isLower(r.tool, s.tool) {
			continue
		}
		val, dotted, found := lookupArg(s.params, r.arg)
		if !found {
			continue
		}
		v.segs = append(v.segs[:0], pathSeg{key: "steps", idx: -1}, pathSeg{idx: s.index}, pathSeg{key: s.paramsKey, idx: -1})
		if !dotted {
			v.pushKey(r.arg)
		} else {
			for rest := r.arg; ; {
				part, more, ok := strings.Cut(rest, ".")
				v.pushKey(part)
				if !ok {
					break
				}
				rest = more
			}
		}
		if list, isList := val.([]any); isList {
			for i, e := range list {
				v.pushIndex(i)
				v.checkBound(s, *r.bound, r.arg, e)
				v.pop()
			}
			continue
		}
		v.checkBound(s, *r.bound, r.arg, val)
	}
}

// lookupArg finds arg in params: first as a key as written, then as a
// dotted path into nested objects (dotted is then true).
func lookupArg(params map[string]any, arg string) (val any, dotted, found bool) {
	if val, ok := params[arg]; ok {
		return val, false, true
	}
	var cur any = params
	for rest := arg; ; {
		part, more, ok := strings.Cut(rest, ".")
		m, isObj := cur.(map[string]any)
		if !isObj {
			return nil, false, false
		}
		if cur, isObj = m[part]; !isObj {
			return nil, false, false
		}
		if !ok {
			return cur, true, true
		}
		rest = more
	}
}

// checkBound checks one value against a bound; the path is that of the
// value being checked.
func (v *validator) checkBound(s *stepView, b Bound, arg string, val any) {
	if str, isStr := val.(string); isStr && hasRef(str) {
		return
	}
	shown := boundText(val)
	n, ok := argRat(val)
	if !ok {
		v.add(RuleBoundViolation, s.id, v.pointer(),
			domain.T("Argument %s is %s, not a number, so its policy bound %s cannot hold; pass a number.", quote(arg), shown, b.describe()), "")
		return
	}
	below := b.Min != nil && n.Cmp(b.Min) < 0
	above := b.Max != nil && n.Cmp(b.Max) > 0
	if !below && !above {
		return
	}
	fix := b.maxText
	if below {
		fix = b.minText
	}
	v.add(RuleBoundViolation, s.id, v.pointer(),
		domain.T("Argument %s is %s, outside the policy bound %s for tool %s; use a value within it.", quote(arg), shown, b.describe(), quote(s.tool)), fix)
}

func (b Bound) describe() string {
	lo, hi := "-∞", "+∞"
	if b.Min != nil {
		lo = b.minText
	}
	if b.Max != nil {
		hi = b.maxText
	}
	return "[" + lo + ", " + hi + "]"
}

// argRat reads a plan value as an exact number: JSON numbers and strings
// that hold a plain decimal number.
func argRat(v any) (*big.Rat, bool) {
	switch n := v.(type) {
	case json.Number:
		return decimalRat(n.String())
	case string:
		return decimalRat(strings.TrimSpace(n))
	case float64:
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return nil, false
		}
		return decimalRat(strconv.FormatFloat(n, 'g', -1, 64))
	case int:
		return new(big.Rat).SetInt64(int64(n)), true
	case int64:
		return new(big.Rat).SetInt64(n), true
	}
	return nil, false
}

func boundText(v any) string {
	switch n := v.(type) {
	case string:
		return quote(n)
	case nil:
		return "null"
	case map[string]any:
		return "{…}"
	}
	return clip(fmt.Sprint(v))
}

// hasTool reports whether a step of the plan has the tool whose lower-case
// name is lower. A small plan is searched; a large one gets a set of its
// tool names in lower case, built once.
func (p *planView) hasTool(lower string) bool {
	const small = 16
	if len(p.steps) <= small {
		for _, st := range p.steps {
			if st != nil && st.tool != "" && isLower(lower, st.tool) {
				return true
			}
		}
		return false
	}
	if !p.toolsBuilt {
		p.toolsBuilt = true
		if p.tools == nil {
			p.tools = map[string]bool{}
		}
		for _, st := range p.steps {
			if st != nil && st.tool != "" {
				p.tools[strings.ToLower(st.tool)] = true
			}
		}
	}
	return p.tools[lower]
}
