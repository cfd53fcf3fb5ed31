package agentplan

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// boundTarget splits a bound key into tool and argument. Tool names
// contain dots too, so "payments.transfer.amount" could be tool
// "payments" with argument "transfer.amount" or tool "payments.transfer"
// with argument "amount": the longest prefix that is a tool of the plan
// wins. Matching ignores case, like the tool lists.
func boundTarget(key string, tools map[string]bool) (tool, arg string, ok bool) {
	lower := strings.ToLower(key)
	for i := len(lower) - 1; i > 0; i-- {
		if lower[i] == '.' && i < len(lower)-1 && tools[lower[:i]] {
			return lower[:i], key[i+1:], true
		}
	}
	return "", "", false
}

// checkBounds checks the step's arguments against every bound that
// resolves to its tool. Values that are references are known only when
// the plan runs, so the executor has to check them then.
func (v *validator) checkBounds(p *planView, s *stepView) {
	if len(v.policy.Bounds) == 0 || s.params == nil || s.tool == "" {
		return
	}
	tools := p.toolSet()
	for _, b := range v.policy.Bounds {
		tool, arg, ok := boundTarget(b.Key, tools)
		if !ok || tool != strings.ToLower(s.tool) {
			continue
		}
		val, segs, found := lookupArg(s.params, arg)
		if !found {
			continue
		}
		path := s.path(append([]any{s.paramsKey}, segs...)...)
		if list, isList := val.([]any); isList {
			for i, e := range list {
				v.checkBound(s, b, arg, path+"/"+strconv.Itoa(i), e)
			}
			continue
		}
		v.checkBound(s, b, arg, path, val)
	}
}

// lookupArg finds arg in params: first as a key as written, then as a
// dotted path into nested objects.
func lookupArg(params map[string]any, arg string) (any, []any, bool) {
	if val, ok := params[arg]; ok {
		return val, []any{arg}, true
	}
	var cur any = params
	var segs []any
	for _, part := range strings.Split(arg, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, nil, false
		}
		if cur, ok = m[part]; !ok {
			return nil, nil, false
		}
		segs = append(segs, part)
	}
	return cur, segs, true
}

func (v *validator) checkBound(s *stepView, b Bound, arg, path string, val any) {
	if str, isStr := val.(string); isStr && len(findRefs(str, nil)) > 0 {
		return
	}
	shown := boundText(val)
	n, ok := argRat(val)
	if !ok {
		v.add(RuleBoundViolation, s.id, path,
			fmt.Sprintf("Argument %s is %s, not a number, so its policy bound %s cannot hold; pass a number.", quote(arg), shown, b.describe()),
			fmt.Sprintf("آرگومان %s مقدار %s دارد که عدد نیست، پس محدودهٔ %s سیاست را نمی‌توان بررسی کرد؛ یک عدد بفرستید.", quote(arg), shown, b.describe()), "")
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
	v.add(RuleBoundViolation, s.id, path,
		fmt.Sprintf("Argument %s is %s, outside the policy bound %s for tool %s; use a value within it.", quote(arg), shown, b.describe(), quote(s.tool)),
		fmt.Sprintf("آرگومان %s مقدار %s دارد که بیرون از محدودهٔ %s سیاست برای ابزار %s است؛ مقداری درون این محدوده بدهید.", quote(arg), shown, b.describe(), quote(s.tool)), fix)
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

// toolSet is the plan's tool names in lower case, built once.
func (p *planView) toolSet() map[string]bool {
	if p.tools == nil {
		p.tools = map[string]bool{}
		for _, st := range p.steps {
			if st != nil && st.tool != "" {
				p.tools[strings.ToLower(st.tool)] = true
			}
		}
	}
	return p.tools
}
