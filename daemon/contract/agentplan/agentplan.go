package agentplan

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Name is the contract's registry name.
const Name = "agent-plan"

// Rule ids. They are stable: users configure risk weights and suppress
// findings by them.
const (
	RuleSchemaType            = "schema.type"
	RuleSchemaMissing         = "schema.missing_field"
	RuleSchemaExtra           = "schema.extra_field"
	RuleSchemaEnum            = "schema.enum"
	RuleSchemaEmpty           = "schema.empty"
	RuleDuplicateID           = "step.duplicate_id"
	RuleDepUnknown            = "dep.unknown"
	RuleDepSelf               = "dep.self"
	RuleDepCycle              = "dep.cycle"
	RuleRefUnknownStep        = "ref.unknown_step"
	RuleRefNotDependency      = "ref.not_dependency"
	RuleRefImplicitDependency = "ref.implicit_dependency"
	RuleToolDenied            = "tool.denied"
	RuleWriteInReadOnly       = "tool.write_in_read_only"
	RuleLeastPrivilege        = "tool.least_privilege"
	RuleSQLInjection          = "sql.injection"
	RuleBoundViolation        = "bound.violation"
	RuleSecretRaw             = "secret.raw"
	RulePathTraversal         = "file.path_traversal"
	RuleMaxSteps              = "plan.max_steps"
	RuleMissingGoal           = "plan.missing_goal"
	RulePolicyInvalid         = "policy.invalid"
	RulePolicyUnknownKey      = "policy.unknown_key"
	RuleRiskThreshold         = "risk.threshold"
)

var rules = []contract.RuleInfo{
	{ID: RuleSchemaType, Severity: contract.SeverityError, Description: "A value has the wrong JSON type (the plan and each step are objects, steps is an array, parameters an object, ids and tools strings)."},
	{ID: RuleSchemaMissing, Severity: contract.SeverityError, Description: "A required field is missing: steps at the root; id, tool and parameters (or its alias args) in a step."},
	{ID: RuleSchemaExtra, Severity: contract.SeverityError, Description: "A field the format does not define, or both parameters and args in one step."},
	{ID: RuleSchemaEnum, Severity: contract.SeverityError, Description: "on_fail is neither \"abort\" nor \"continue\"."},
	{ID: RuleSchemaEmpty, Severity: contract.SeverityError, Description: "A step id or tool is an empty string."},
	{ID: RuleDuplicateID, Severity: contract.SeverityError, Description: "Two steps share an id, so references and dependencies to it are ambiguous."},
	{ID: RuleDepUnknown, Severity: contract.SeverityError, Description: "depends_on names a step that is not in the plan."},
	{ID: RuleDepSelf, Severity: contract.SeverityError, Description: "A step depends on itself."},
	{ID: RuleDepCycle, Severity: contract.SeverityError, Description: "Steps depend on each other in a cycle, so none of them can start; each cycle is reported once with its path."},
	{ID: RuleRefUnknownStep, Severity: contract.SeverityError, Description: "A {{step.result…}} or ${step.result…} reference names a step that is not in the plan."},
	{ID: RuleRefNotDependency, Severity: contract.SeverityError, Description: "A reference reads the result of a later step (or of its own step) that is not a (transitive) dependency, so it may not have run yet."},
	{ID: RuleRefImplicitDependency, Severity: contract.SeverityWarning, Description: "A reference reads the result of an earlier step that is not in depends_on: the order makes it run first, but the dependency is not stated."},
	{ID: RuleToolDenied, Severity: contract.SeverityError, Description: "The tool matches the policy's deny_tools, or allow_tools is set and the tool matches none of it."},
	{ID: RuleWriteInReadOnly, Severity: contract.SeverityError, Description: "A db.query_ro step runs SQL that writes (INSERT, UPDATE, DELETE, DDL, GRANT, COPY, PRAGMA assignments, SELECT INTO …)."},
	{ID: RuleLeastPrivilege, Severity: contract.SeverityWarning, Description: "A db.query step only reads; db.query_ro would be enough."},
	{ID: RuleSQLInjection, Severity: contract.SeverityError, Description: "The SQL text carries an injection pattern: tautology, stacked statement, comment after a quote, UNION SELECT, unbalanced quote, or a step result spliced into the text."},
	{ID: RuleBoundViolation, Severity: contract.SeverityError, Description: "A numeric argument is outside the policy's bounds for its tool, or is not a number."},
	{ID: RuleSecretRaw, Severity: contract.SeverityError, Description: "A raw secret (cloud key, private key, token, password) or a policy deny_tokens_regex match is in the plan."},
	{ID: RulePathTraversal, Severity: contract.SeverityError, Description: "A file.* step uses a path with .. segments, a home directory, or a system location (/etc, /root, /proc, /sys, /dev, /boot, C:\\Windows)."},
	{ID: RuleMaxSteps, Severity: contract.SeverityError, Description: "The plan has more steps than the policy's max_steps (default 50)."},
	{ID: RuleMissingGoal, Severity: contract.SeverityWarning, Description: "The plan states no goal, so a reviewer cannot judge whether the steps fit it."},
	{ID: RulePolicyInvalid, Severity: contract.SeverityError, Description: "The policy itself is broken (for example an invalid regular expression); the broken part is not applied."},
	{ID: RulePolicyUnknownKey, Severity: contract.SeverityWarning, Description: "The policy has a key or risk weight this contract does not know; it is ignored."},
	{ID: RuleRiskThreshold, Severity: contract.SeverityError, Description: "The plan's risk score reached the policy's fail_risk_threshold."},
}

var ruleSeverity = func() map[string]contract.Severity {
	m := make(map[string]contract.Severity, len(rules))
	for _, r := range rules {
		m[r.ID] = r.Severity
	}
	return m
}()

//go:embed schema.json
var schemaJSON []byte

// AgentPlan is the agent-plan contract. Its zero value is ready to use.
type AgentPlan struct{}

// New returns the agent-plan contract.
func New() contract.Contract { return AgentPlan{} }

// Name implements contract.Contract.
func (AgentPlan) Name() string { return Name }

// Description implements contract.Contract.
func (AgentPlan) Description() string {
	return "Plan-Lint agent plans: steps with tools, parameters and depends_on, checked against a policy (allowed tools, bounds, secrets) with a risk score."
}

// Schema implements contract.Contract.
func (AgentPlan) Schema() json.RawMessage { return append(json.RawMessage(nil), schemaJSON...) }

// Rules implements contract.Contract.
func (AgentPlan) Rules() []contract.RuleInfo { return append([]contract.RuleInfo(nil), rules...) }

// Validate implements contract.Contract.
func (AgentPlan) Validate(_ context.Context, doc any, opts contract.Options) contract.Report {
	v := validatorPool.Get().(*validator)
	defer v.release()
	v.locale = opts.Locale
	policy, problems := compilePolicy(opts.Policy)
	v.policy = policy
	for _, p := range problems {
		rule := RulePolicyInvalid
		if p.Warning {
			rule = RulePolicyUnknownKey
		}
		v.addRaw(rule, "", "", p.Message(v.locale), "")
	}
	maxSteps := policy.MaxSteps
	if maxSteps == 0 {
		maxSteps = opts.MaxSteps
	}
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}

	plan := v.checkStructure(doc)
	if plan != nil {
		v.checkGoal(plan)
		v.checkMaxSteps(plan, maxSteps)
		g := v.checkGraph(plan)
		for _, s := range plan.steps {
			if s == nil {
				continue
			}
			v.checkTool(s)
			v.checkSQL(s)
			v.checkBounds(plan, s)
			v.checkStrings(plan, g, s)
		}
		v.checkRootSecrets(plan)
	}

	r := contract.Finish(contract.Report{Contract: Name, Violations: v.out})
	ruleIDs := make([]string, len(r.Violations))
	for i, vi := range r.Violations {
		ruleIDs[i] = vi.Rule
	}
	score := riskScore(ruleIDs, policy.RiskWeights)
	if policy.FailRiskThreshold > 0 && score >= policy.FailRiskThreshold {
		shown, limit := fmt.Sprintf("%.2f", score), fmt.Sprintf("%g", policy.FailRiskThreshold)
		v.add(RuleRiskThreshold, "", "",
			domain.T("The plan's risk score %s reached the policy threshold %s; fix the other violations until the score is lower.", shown, limit), "")
		r = contract.Finish(contract.Report{Contract: Name, Violations: v.out})
	}
	r.RiskScore = score
	if plan != nil {
		r.Normalized = normalize(plan)
	}
	return r
}

// validator collects the violations of one Validate call. The rest is
// scratch memory, kept between calls in validatorPool so a valid plan
// costs few allocations.
type validator struct {
	locale string
	policy *Policy
	out    []contract.Violation

	plan     planView
	views    []stepView
	graph    depGraph
	segs     []pathSeg  // see pointer
	deps     []depEntry // the depends_on entries of all steps
	seenRefs idSet
	sql      sqlScratch
}

var validatorPool = sync.Pool{New: func() any { return new(validator) }}

// release returns v to the pool without what belongs to the report or
// points into the plan.
func (v *validator) release() {
	const keep = 1024
	v.locale, v.policy, v.out = "", nil, nil
	if cap(v.segs) > keep {
		v.segs = nil
	}
	if cap(v.deps) > keep {
		v.deps = nil
	}
	if cap(v.views) > keep {
		v.views = nil
	}
	clear(v.views)
	v.plan.release()
	v.graph.release()
	clear(v.segs[:cap(v.segs)])
	clear(v.deps)
	v.segs, v.deps = v.segs[:0], v.deps[:0]
	v.seenRefs.reset()
	clear(v.seenRefs.small[:cap(v.seenRefs.small)])
	v.sql.release()
	validatorPool.Put(v)
}

// add records a violation with its message written in the validator's
// locale. fix is a literal replacement, not prose, so it has no locale.
func (v *validator) add(rule, step, path string, message domain.Text, fix string) {
	v.addRaw(rule, step, path, contract.Msg(v.locale, message), fix)
}

func (v *validator) addRaw(rule, step, path, message, fix string) {
	sev, ok := ruleSeverity[rule]
	if !ok {
		sev = contract.SeverityError
	}
	v.out = append(v.out, contract.Violation{Rule: rule, Severity: sev, Step: step, Path: path, Message: message, Fix: fix})
}

// quote shows a user-supplied name inside a message, bounded so a huge
// value cannot blow up the report.
func quote(s string) string {
	const limit = 80
	if r := []rune(s); len(r) > limit {
		s = string(r[:limit]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

func hasFoldPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
