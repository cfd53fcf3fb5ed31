// Package agentplan is the agent-plan contract: it lints the generic
// agent plans of Plan-Lint (a goal, steps that call tools with parameters,
// depends_on ordering, {{step.result…}} and ${step.result…} references)
// against a policy, and scores their risk.
//
// Beyond the structure (rules schema.*), it checks the dependency graph
// (step.duplicate_id, dep.unknown, dep.self, dep.cycle), that every
// reference reads a step the referrer transitively depends on
// (ref.unknown_step, ref.not_dependency; ref.implicit_dependency, a
// warning, for an earlier step left out of depends_on), the tools
// (tool.denied, which also refuses Plan-Lint's sql.* write tools;
// tool.write_in_read_only and tool.least_privilege on tokenized SQL;
// sql.injection on SQL text, never on bound args), numeric bounds
// (bound.violation), raw secrets (secret.raw), file paths
// (file.path_traversal) and the plan's size and goal (plan.max_steps,
// plan.missing_goal).
//
// # Policy
//
// The policy comes as contract.Options.Policy, decoded from YAML or JSON
// (DecodePolicy reads a file), with Plan-Lint's keys:
//
//	allow_tools:         [db.query_ro, "notify.*"]  # empty: every tool
//	deny_tools:          ["payments.*"]             # wins over allow_tools
//	bounds:
//	  payments.transfer.amount: [0, 1000]           # null for an open side
//	deny_tokens_regex:   ["ACME-[0-9]{8}"]          # Go RE2 syntax
//	max_steps:           50                         # default 50
//	risk_weights:        {sql.injection: 0.9}       # by rule id or Plan-Lint name
//	fail_risk_threshold: 0.8                        # (0, 1]; unset: no check
//
// Tool patterns use "*" for any run of characters and ignore case. A
// bound key is split into tool and argument at the longest prefix that is
// a tool of the plan, so dotted tool names work; the argument may be a
// dotted path into nested parameters, and each element of an array value
// is checked. A bounded argument must be a number or a numeric string;
// references are skipped because their value exists only at run time.
// contract.Options.MaxSteps stands in when the policy has no max_steps;
// Options.Tools is not used, the tool lists are the policy's.
// A broken policy part is reported as policy.invalid and not applied;
// the rest of the policy still is. Unknown keys are policy.unknown_key
// warnings.
//
// # Risk
//
// The risk score is the sum, over all violations, of the weight of each
// violation's rule, capped at 1 and rounded to hundredths. The default
// weights (DefaultRiskWeights) are:
//
//	tool.write_in_read_only, sql.injection           0.6
//	tool.denied, secret.raw, file.path_traversal     0.5
//	bound.violation                                  0.4
//	dep.cycle                                        0.3
//	schema.type, schema.missing_field, schema.empty,
//	step.duplicate_id, dep.unknown, dep.self,
//	ref.unknown_step, ref.not_dependency,
//	plan.max_steps                                   0.2
//	schema.extra_field, schema.enum,
//	tool.least_privilege                             0.1
//	plan.missing_goal, ref.implicit_dependency       0.05
//	policy.invalid, policy.unknown_key,
//	risk.threshold                                   0
//
// When the policy sets fail_risk_threshold and the score reaches it, the
// error risk.threshold is added, so a plan with many small findings fails
// too. Without it the score is only reported: Plan-Lint's implicit 0.8 is
// not assumed, because error findings already make a plan invalid and a
// second error restating them would only be noise.
//
// # Normalized plan
//
// The report's normalized plan has "args" renamed to "parameters" and
// on_fail ("abort") and depends_on ([]) filled in. The steps it changes,
// the steps array and the root are copies; everything else is shared
// with the input, which Validate never modifies (a plan that needs no
// change comes back as it is). Validating it again finds no new errors.
package agentplan
