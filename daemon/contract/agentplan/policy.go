package agentplan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// DefaultMaxSteps is the step limit when the policy sets none.
const DefaultMaxSteps = 50

// DefaultRiskWeights is what each violation of a rule adds to the risk
// score unless the policy's risk_weights overrides it. Rules about the
// policy itself weigh nothing: a broken policy says nothing about the plan.
var DefaultRiskWeights = map[string]float64{
	RuleSchemaType:            0.2,
	RuleSchemaMissing:         0.2,
	RuleSchemaExtra:           0.1,
	RuleSchemaEnum:            0.1,
	RuleSchemaEmpty:           0.2,
	RuleDuplicateID:           0.2,
	RuleDepUnknown:            0.2,
	RuleDepSelf:               0.2,
	RuleDepCycle:              0.3,
	RuleRefUnknownStep:        0.2,
	RuleRefNotDependency:      0.2,
	RuleRefImplicitDependency: 0.05,
	RuleToolDenied:            0.5,
	RuleWriteInReadOnly:       0.6,
	RuleLeastPrivilege:        0.1,
	RuleSQLInjection:          0.6,
	RuleBoundViolation:        0.4,
	RuleSecretRaw:             0.5,
	RulePathTraversal:         0.5,
	RuleMaxSteps:              0.2,
	RuleMissingGoal:           0.05,
	RulePolicyInvalid:         0,
	RulePolicyUnknownKey:      0,
	RuleRiskThreshold:         0,
}

// PlanLintRiskNames are the risk-weight names of Plan-Lint's own policy
// files (its error codes in lower case, and the names its documentation
// uses) with the rules of this contract each one weighs, so that a policy
// written for Plan-Lint works unchanged. Names are matched in any case; a
// weight given by rule id wins over one given by a name here.
var PlanLintRiskNames = map[string][]string{
	"tool_deny":               {RuleToolDenied, RuleWriteInReadOnly},
	"unauthorized_tool":       {RuleToolDenied},
	"tool_write":              {RuleWriteInReadOnly},
	"raw_secret":              {RuleSecretRaw},
	"sensitive_data":          {RuleSecretRaw},
	"sensitive_data_exposure": {RuleSecretRaw},
	"bound_violation":         {RuleBoundViolation},
	"excessive_amount":        {RuleBoundViolation},
	"insufficient_amount":     {RuleBoundViolation},
	"loop":                    {RuleDepCycle},
	"loop_detected":           {RuleDepCycle},
	"max_steps_exceeded":      {RuleMaxSteps},
	"sql_injection":           {RuleSQLInjection},
	"schema_invalid":          {RuleSchemaType, RuleSchemaMissing, RuleSchemaExtra, RuleSchemaEnum, RuleSchemaEmpty},
}

// Policy is a parsed Plan-Lint policy.
type Policy struct {
	// AllowTools, when not empty, is the whitelist of tool patterns.
	AllowTools []string
	// DenyTools are tool patterns that are always refused; they win over
	// AllowTools.
	DenyTools []string
	// Bounds are the numeric limits, sorted by key.
	Bounds []Bound
	// DenyTokens are extra secret patterns (Go RE2 syntax).
	DenyTokens []*regexp.Regexp
	// MaxSteps is 0 when the policy does not set it.
	MaxSteps int
	// RiskWeights holds the effective weight of every rule: the defaults
	// overlaid with the policy's risk_weights.
	RiskWeights map[string]float64
	// FailRiskThreshold is the score at which the plan fails; 0 when the
	// policy sets none. A value above 1 is never reached.
	FailRiskThreshold float64
	// asciiTools is set when every tool pattern is ASCII, so matching an
	// ASCII tool needs no case mapping beyond ASCII.
	asciiTools bool
}

// Bound limits one numeric argument. The key is "<tool>.<arg>"; which
// part is the tool is decided against the plan (see boundTarget).
type Bound struct {
	Key      string
	Min, Max *big.Rat // nil is unbounded on that side
	minText  string
	maxText  string
}

// PolicyProblem is one defect of a policy document.
type PolicyProblem struct {
	Key     string // the policy key, dotted for nested ones
	Warning bool   // an unknown key: probably a typo, but harmless
	text    domain.Text
}

// Message returns the problem in the locale.
func (p PolicyProblem) Message(locale string) string { return contract.Msg(locale, p.text) }

// PolicyError lists every defect found in a policy document.
type PolicyError struct{ Problems []PolicyProblem }

func (e *PolicyError) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		parts[i] = p.text.String()
	}
	return "invalid agent-plan policy: " + strings.Join(parts, "; ")
}

// ParsePolicy checks and compiles a policy given as decoded JSON or YAML.
// A nil or empty map is the default policy. Any defect makes it fail with
// a *PolicyError listing all of them; unknown keys are not defects (Validate
// reports them as warnings) so a policy written for a newer version loads.
func ParsePolicy(raw map[string]any) (*Policy, error) {
	p, problems := parsePolicy(raw)
	var defects []PolicyProblem
	for _, pr := range problems {
		if !pr.Warning {
			defects = append(defects, pr)
		}
	}
	if len(defects) > 0 {
		return nil, &PolicyError{Problems: defects}
	}
	return p, nil
}

// DecodePolicy reads a policy file, YAML or JSON, into the map that
// contract.Options.Policy carries.
func DecodePolicy(data []byte) (map[string]any, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return map[string]any{}, nil
	}
	var v any
	if trimmed[0] == '{' {
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("policy: %w", err)
		}
	} else if err := yaml.Unmarshal(trimmed, &v); err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	m, ok := plainYAML(v).(map[string]any)
	if !ok {
		return nil, errors.New("policy: the document must be a mapping of keys to values")
	}
	return m, nil
}

// plainYAML turns the map[any]any that YAML produces for non-string keys
// into map[string]any so the policy looks the same from either format.
func plainYAML(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = plainYAML(e)
		}
		return t
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[fmt.Sprint(k)] = plainYAML(e)
		}
		return m
	case []any:
		for i, e := range t {
			t[i] = plainYAML(e)
		}
		return t
	}
	return v
}

// parsePolicy keeps every usable part of the policy and reports the rest,
// so one bad regex does not switch off the other checks.
func parsePolicy(raw map[string]any) (*Policy, []PolicyProblem) {
	p := &Policy{RiskWeights: make(map[string]float64, len(DefaultRiskWeights))}
	for k, w := range DefaultRiskWeights {
		p.RiskWeights[k] = w
	}
	var problems []PolicyProblem
	bad := func(key string, text domain.Text) {
		problems = append(problems, PolicyProblem{Key: key, text: text})
	}
	for _, key := range sortedKeys(raw) {
		v := raw[key]
		switch key {
		case "allow_tools", "deny_tools":
			list, ok := stringList(v)
			if !ok {
				bad(key, domain.T(`policy %s must be a list of tool names or patterns such as "payments.*"`, key))
				continue
			}
			var kept []string
			for i, pat := range list {
				if strings.TrimSpace(pat) == "" {
					bad(fmt.Sprintf("%s.%d", key, i), domain.T("policy %s[%d] is empty; remove it or write a tool name", key, i))
					continue
				}
				kept = append(kept, pat)
			}
			if key == "allow_tools" {
				p.AllowTools = kept
			} else {
				p.DenyTools = kept
			}
		case "bounds":
			m, ok := v.(map[string]any)
			if !ok {
				bad(key, domain.T(`policy bounds must map "tool.arg" to [min, max], e.g. payments.transfer.amount: [0, 1000]`))
				continue
			}
			for _, bk := range sortedKeys(m) {
				b, problem := parseBound(bk, m[bk])
				if problem.Key != "" {
					bad("bounds."+bk, problem)
					continue
				}
				p.Bounds = append(p.Bounds, b)
			}
		case "deny_tokens_regex":
			list, ok := stringList(v)
			if !ok {
				bad(key, domain.T("policy deny_tokens_regex must be a list of regular expressions"))
				continue
			}
			for i, src := range list {
				re, err := regexp.Compile(src)
				if err != nil {
					bad(fmt.Sprintf("%s.%d", key, i),
						domain.T("policy deny_tokens_regex[%d] %q is not a valid regular expression (%v); fix it in Go RE2 syntax, which has no look-ahead or back-references", i, src, err))
					continue
				}
				if re.MatchString("") {
					bad(fmt.Sprintf("%s.%d", key, i),
						domain.T("policy deny_tokens_regex[%d] %q matches empty text, so it would flag every value; make it require at least one character", i, src))
					continue
				}
				p.DenyTokens = append(p.DenyTokens, re)
			}
		case "max_steps":
			n, ok := wholeNumber(v)
			if !ok || n < 1 || n > math.MaxInt32 {
				bad(key, domain.T("policy max_steps must be a whole number of at least 1"))
				continue
			}
			p.MaxSteps = int(n)
		case "risk_weights":
			m, ok := v.(map[string]any)
			if !ok {
				bad(key, domain.T("policy risk_weights must map rule ids to weights between 0 and 1"))
				continue
			}
			// A weight given by this contract's own rule id wins over one
			// given by a Plan-Lint name, and a name that weighs one rule
			// over one that weighs several (tool_write over tool_deny).
			explicit := map[string]bool{}
			for _, rule := range sortedKeys(m) {
				if _, known := DefaultRiskWeights[rule]; known {
					explicit[rule] = true
				}
			}
			keys := sortedKeys(m)
			sort.SliceStable(keys, func(i, j int) bool {
				return len(PlanLintRiskNames[strings.ToLower(keys[i])]) > len(PlanLintRiskNames[strings.ToLower(keys[j])])
			})
			for _, rule := range keys {
				w, ok := number(m[rule])
				if !ok || w < 0 || w > 1 {
					bad("risk_weights."+rule, domain.T("policy risk_weights.%s must be a number between 0 and 1", rule))
					continue
				}
				if targets, alias := PlanLintRiskNames[strings.ToLower(rule)]; alias {
					for _, t := range targets {
						if !explicit[t] {
							p.RiskWeights[t] = w
						}
					}
					continue
				}
				if _, known := DefaultRiskWeights[rule]; !known {
					problems = append(problems, PolicyProblem{Key: "risk_weights." + rule, Warning: true,
						text: domain.T("policy risk_weights names %q, which is not a rule of this contract; check the spelling against the rule list", rule)})
					continue
				}
				p.RiskWeights[rule] = w
			}
		case "fail_risk_threshold":
			t, ok := number(v)
			if !ok || t <= 0 || t > 1 {
				bad(key, domain.T("policy fail_risk_threshold must be a number above 0 and at most 1, e.g. 0.8"))
				continue
			}
			p.FailRiskThreshold = t
		default:
			problems = append(problems, PolicyProblem{Key: key, Warning: true,
				text: domain.T("policy key %q is not known and is ignored; the keys are allow_tools, deny_tools, bounds, deny_tokens_regex, max_steps, risk_weights, fail_risk_threshold", key)})
		}
	}
	p.asciiTools = true
	for _, list := range [][]string{p.AllowTools, p.DenyTools} {
		for _, pat := range list {
			p.asciiTools = p.asciiTools && isASCII(pat)
		}
	}
	return p, problems
}

// parseBound reads one bound; problem has a key when the bound is not usable.
func parseBound(key string, v any) (b Bound, problem domain.Text) {
	b = Bound{Key: key}
	if i := strings.LastIndexByte(key, '.'); i <= 0 || i == len(key)-1 {
		return b, domain.T(`policy bound %q must be named "<tool>.<argument>", e.g. payments.transfer.amount`, key)
	}
	pair, ok := v.([]any)
	if !ok || len(pair) != 2 {
		return b, domain.T("policy bound %q must be a list of two numbers [min, max]; use null for an open side", key)
	}
	for side, e := range pair {
		if e == nil {
			continue
		}
		r, text, ok := policyRat(e)
		if !ok {
			return b, domain.T("policy bound %q has %s where a number or null belongs", key, boundText(e))
		}
		if side == 0 {
			b.Min, b.minText = r, text
		} else {
			b.Max, b.maxText = r, text
		}
	}
	if b.Min != nil && b.Max != nil && b.Min.Cmp(b.Max) > 0 {
		return b, domain.T("policy bound %q has its minimum %s above its maximum %s; swap them", key, b.minText, b.maxText)
	}
	return b, domain.Text{}
}

// policyRat reads a bound exactly. A float64 from YAML goes through its
// shortest decimal form so that 0.1 in the policy equals "0.1" in a plan.
func policyRat(v any) (*big.Rat, string, bool) {
	var text string
	switch n := v.(type) {
	case json.Number:
		text = n.String()
	case float64:
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return nil, "", false
		}
		text = strconv.FormatFloat(n, 'g', -1, 64)
	case float32:
		text = strconv.FormatFloat(float64(n), 'g', -1, 32)
	case int:
		text = strconv.Itoa(n)
	case int64:
		text = strconv.FormatInt(n, 10)
	case uint64:
		text = strconv.FormatUint(n, 10)
	default:
		return nil, "", false
	}
	r, ok := decimalRat(text)
	return r, text, ok
}

var decimalPattern = regexp.MustCompile(`^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?$`)

// maxDecimalExponent keeps big.Rat from building a number with millions
// of digits out of a short string such as "1e999999999".
const maxDecimalExponent = 400

// decimalRat parses a plain decimal number exactly. Hex, underscores,
// Inf and NaN are not numbers here.
func decimalRat(s string) (*big.Rat, bool) {
	m := decimalPattern.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	if m[1] != "" {
		e, err := strconv.Atoi(m[1])
		if err != nil || e > maxDecimalExponent || e < -maxDecimalExponent {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

func stringList(v any) ([]string, bool) {
	if v == nil {
		return nil, true
	}
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	case float64:
		return n, !math.IsInf(n, 0) && !math.IsNaN(n)
	case float32:
		return float64(n), true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	}
	return 0, false
}

func wholeNumber(v any) (int64, bool) {
	f, ok := number(v)
	if !ok || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// riskScore adds the weight of every violation, caps the sum at 1 and
// rounds it to hundredths. Callers pass the rules in report order, so the
// float sum, and with it the rounding, is the same on every run.
func riskScore(rules []string, weights map[string]float64) float64 {
	var sum float64
	for _, r := range rules {
		sum += weights[r]
	}
	return math.Round(math.Min(1, sum)*100) / 100
}
