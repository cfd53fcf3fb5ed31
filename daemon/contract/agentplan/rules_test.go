package agentplan

import (
	"reflect"
	"strings"
	"testing"
)

type m = map[string]any

// TestRules has, for each rule, plans that break it and near misses that
// must not: want lists the "step path" of every finding of the rule.
func TestRules(t *testing.T) {
	cases := []struct {
		name   string
		rule   string
		plan   any
		policy m
		want   []string
	}{
		{"dup id", RuleDuplicateID, plan(step("a", "echo", m{}), step("a", "echo", m{})), nil, []string{"a /steps/1/id"}},
		{"ids differ by case", RuleDuplicateID, plan(step("a", "echo", m{}), step("A", "echo", m{})), nil, nil},

		{"dep unknown", RuleDepUnknown, plan(step("a", "echo", m{}, "b")), nil, []string{"a /steps/0/depends_on/0"}},
		{"dep known later", RuleDepUnknown, plan(step("a", "echo", m{}, "b"), step("b", "echo", m{})), nil, nil},
		{"dep self", RuleDepSelf, plan(step("a", "echo", m{}, "a")), nil, []string{"a /steps/0/depends_on/0"}},
		{"self is not a cycle", RuleDepCycle, plan(step("a", "echo", m{}, "a")), nil, nil},
		{"two-step cycle", RuleDepCycle, plan(step("a", "echo", m{}, "b"), step("b", "echo", m{}, "a")), nil, []string{"a /steps/0/depends_on/0"}},
		{"diamond is not a cycle", RuleDepCycle, plan(step("a", "echo", m{}), step("b", "echo", m{}, "a"), step("c", "echo", m{}, "a"), step("d", "echo", m{}, "b", "c")), nil, nil},
		{"duplicate dep entry", RuleDepCycle, plan(step("a", "echo", m{}), step("b", "echo", m{}, "a", "a")), nil, nil},

		{"ref unknown", RuleRefUnknownStep, plan(step("a", "echo", m{"x": "{{b.result}}"})), nil, []string{"a /steps/0/parameters/x"}},
		{"ref to earlier step not in depends_on", RuleRefImplicitDependency, plan(step("a", "echo", m{}), step("b", "echo", m{"x": "{{a.result}}"})), nil, []string{"b /steps/1/parameters/x"}},
		{"ref to later step", RuleRefNotDependency, plan(step("a", "echo", m{"x": "${b.result}"}), step("b", "echo", m{})), nil, []string{"a /steps/0/parameters/x"}},
		{"ref transitive dep", RuleRefNotDependency, plan(step("a", "echo", m{}), step("b", "echo", m{}, "a"), step("c", "echo", m{"x": "${a.result.v}"}, "b")), nil, nil},
		{"ref in array in object", RuleRefImplicitDependency, plan(step("a", "echo", m{}), step("b", "echo", m{"x": m{"y": []any{1, "v={{a.result}}"}}})), nil, []string{"b /steps/1/parameters/x/y/1"}},
		{"several refs one string", RuleRefImplicitDependency, plan(step("a", "echo", m{}), step("b", "echo", m{}), step("c", "echo", m{"x": "{{a.result}}{{b.result}}{{a.result.z}}"}, "a")), nil, []string{"c /steps/2/parameters/x"}},
		{"ref to later dependency", RuleRefNotDependency, plan(step("a", "echo", m{"x": "{{b.result}}"}, "b"), step("b", "echo", m{})), nil, nil},

		{"deny pattern", RuleToolDenied, plan(step("a", "payments.transfer", m{})), m{"deny_tools": []any{"payments.*"}}, []string{"a /steps/0/tool"}},
		{"deny ignores case", RuleToolDenied, plan(step("a", "PAYMENTS.transfer", m{})), m{"deny_tools": []any{"payments.*"}}, []string{"a /steps/0/tool"}},
		{"deny pattern needs the dot", RuleToolDenied, plan(step("a", "payments", m{})), m{"deny_tools": []any{"payments.*"}}, nil},
		{"allow list", RuleToolDenied, plan(step("a", "db.query_ro", m{}), step("b", "db.query", m{})), m{"allow_tools": []any{"db.query_ro"}}, []string{"b /steps/1/tool"}},
		{"empty allow list allows all", RuleToolDenied, plan(step("a", "anything", m{})), m{"allow_tools": []any{}}, nil},

		{"write in ro", RuleWriteInReadOnly, plan(step("a", "db.query_ro", m{"query": "UPDATE t SET x = 1"})), nil, []string{"a /steps/0/parameters/query"}},
		{"write in ro via sql key", RuleWriteInReadOnly, plan(step("a", "sql.query_ro", m{"sql": "DELETE FROM t"})), nil, []string{"a /steps/0/parameters/sql"}},
		{"write in db.write is fine", RuleWriteInReadOnly, plan(step("a", "db.write", m{"query": "UPDATE t SET x = 1"})), nil, nil},
		{"write words in args are values", RuleWriteInReadOnly, plan(step("a", "db.query_ro", m{"query": "SELECT * FROM t WHERE n = $1", "args": []any{"DROP TABLE t"}})), nil, nil},
		{"least privilege", RuleLeastPrivilege, plan(step("a", "db.query", m{"query": "SELECT 1"})), nil, []string{"a /steps/0/tool"}},
		{"query that writes needs db.query", RuleLeastPrivilege, plan(step("a", "db.query", m{"query": "SELECT 1; INSERT INTO t VALUES (1)"})), nil, nil},

		{"tautology", RuleSQLInjection, plan(step("a", "db.query_ro", m{"query": "SELECT * FROM t WHERE a = '' OR 1=1"})), nil, []string{"a /steps/0/parameters/query"}},
		{"bound args are not SQL", RuleSQLInjection, plan(step("a", "db.query_ro", m{"query": "SELECT * FROM t WHERE a = ?", "args": []any{"' OR 1=1 --"}})), nil, nil},
		{"non-SQL tool query param", RuleSQLInjection, plan(step("a", "search.web", m{"query": "' OR 1=1 --"})), nil, nil},
		{"two kinds, two findings", RuleSQLInjection, plan(step("a", "db.query", m{"query": "SELECT a FROM t WHERE a = 'x' OR 1=1 UNION SELECT b FROM u"})), nil, []string{"a /steps/0/parameters/query", "a /steps/0/parameters/query"}},

		{"bound above", RuleBoundViolation, plan(step("a", "payments.transfer", m{"amount": 1001})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, []string{"a /steps/0/parameters/amount"}},
		{"bound edge", RuleBoundViolation, plan(step("a", "payments.transfer", m{"amount": 1000})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, nil},
		{"bound exact decimal", RuleBoundViolation, plan(step("a", "payments.transfer", m{"amount": "0.1"})), m{"bounds": m{"payments.transfer.amount": []any{0.1, 0.2}}}, nil},
		{"bound open side", RuleBoundViolation, plan(step("a", "t.x", m{"n": -1e9})), m{"bounds": m{"t.x.n": []any{nil, 5}}}, nil},
		{"bound other tool", RuleBoundViolation, plan(step("a", "payments.refund", m{"amount": 5000})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, nil},
		{"bound missing arg", RuleBoundViolation, plan(step("a", "payments.transfer", m{"sum": 5000})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, nil},
		{"bound bool", RuleBoundViolation, plan(step("a", "payments.transfer", m{"amount": true})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, []string{"a /steps/0/parameters/amount"}},
		{"bound hex string", RuleBoundViolation, plan(step("a", "payments.transfer", m{"amount": "0x10"})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, []string{"a /steps/0/parameters/amount"}},
		{"bound huge exponent", RuleBoundViolation, plan(step("a", "payments.transfer", m{"amount": "1e999999999"})), m{"bounds": m{"payments.transfer.amount": []any{0, 1000}}}, []string{"a /steps/0/parameters/amount"}},

		{"secret aws", RuleSecretRaw, plan(step("a", "echo", m{"k": "id AKIAIOSFODNN7EXAMPLE"})), nil, []string{"a /steps/0/parameters/k"}},
		{"secret-like but too short", RuleSecretRaw, plan(step("a", "echo", m{"k": "AKIA1234", "s": "sk-short", "t": "task-force-alignment-meeting-notes"})), nil, nil},
		{"password placeholder", RuleSecretRaw, plan(step("a", "echo", m{"password": "${secrets.pw}", "dsn": "password=$1", "pwd": "****"})), nil, nil},
		{"deny token regex", RuleSecretRaw, plan(step("a", "echo", m{"k": "EMP-1234"})), m{"deny_tokens_regex": []any{`EMP-\d{4}`}}, []string{"a /steps/0/parameters/k"}},

		{"path dotdot", RulePathTraversal, plan(step("a", "file.read", m{"path": "a/../../b"})), nil, []string{"a /steps/0/parameters/path"}},
		{"path dots in names", RulePathTraversal, plan(step("a", "file.read", m{"path": "a/..b/c..d/.../e"})), nil, nil},
		{"path in non-file tool", RulePathTraversal, plan(step("a", "http.get", m{"path": "../../etc/passwd"})), nil, nil},
		{"system dir", RulePathTraversal, plan(step("a", "file.write", m{"path": "/dev/sda"})), nil, []string{"a /steps/0/parameters/path"}},
		{"system dir look-alike", RulePathTraversal, plan(step("a", "file.write", m{"path": "/devices/x", "p2": "/bootstrap.css", "p3": "etc/x"})), nil, nil},
		{"double encoded", RulePathTraversal, plan(step("a", "file.read", m{"path": "%252e%252e%252fetc"})), nil, []string{"a /steps/0/parameters/path"}},
		{"home of user", RulePathTraversal, plan(step("a", "file.read", m{"path": "~root/.bashrc"})), nil, []string{"a /steps/0/parameters/path"}},
		{"windows forward slash", RulePathTraversal, plan(step("a", "file.read", m{"path": "c:/windows/win.ini"})), nil, []string{"a /steps/0/parameters/path"}},

		{"max steps", RuleMaxSteps, plan(step("a", "echo", m{}), step("b", "echo", m{})), m{"max_steps": 1}, []string{" /steps"}},
		{"max steps equal", RuleMaxSteps, plan(step("a", "echo", m{})), m{"max_steps": 1}, nil},
		{"goal present", RuleMissingGoal, plan(step("a", "echo", m{})), nil, nil},
		{"goal missing", RuleMissingGoal, m{"steps": []any{}}, nil, []string{" /goal"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validate(t, c.plan, c.policy)
			got := findings(r, c.rule)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s findings %q, want %q\nall: %+v", c.rule, got, c.want, r.Violations)
			}
		})
	}
}

func TestBoundLongestToolPrefix(t *testing.T) {
	tools := map[string]bool{"payments": true, "payments.transfer": true}
	cases := []struct{ key, tool, arg string }{
		{"payments.transfer.amount", "payments.transfer", "amount"},
		{"payments.fee", "payments", "fee"},
		{"Payments.Transfer.Amount", "payments.transfer", "Amount"},
		{"payments.transfer.limits.daily", "payments.transfer", "limits.daily"},
	}
	for _, c := range cases {
		tool, arg, ok := boundTarget(c.key, func(t string) bool { return tools[t] })
		if !ok || tool != c.tool || arg != c.arg {
			t.Errorf("boundTarget(%q) = %q, %q, %v; want %q, %q", c.key, tool, arg, ok, c.tool, c.arg)
		}
	}
	if _, _, ok := boundTarget("other.amount", func(t string) bool { return tools[t] }); ok {
		t.Error("a bound for a tool the plan does not use resolved")
	}
	if _, err := ParsePolicy(m{"bounds": m{"payments.transfer.": []any{0, 1}}}); err == nil {
		t.Error("a bound key without argument was accepted")
	}
}

func TestWildcardMatch(t *testing.T) {
	cases := []struct {
		pattern, s string
		want       bool
	}{
		{"payments.*", "payments.transfer", true},
		{"payments.*", "payments.", true},
		{"payments.*", "payments", false},
		{"*", "", true},
		{"db.query", "db.query_ro", false},
		{"db.*_ro", "db.query_ro", true},
		{"*.delete", "file.delete", true},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxbyy", false},
		{"**", "x", true},
		{"a*", "abc", true},
		{"a*c*", "axxbc", true},
		{"a*c*", "axxb", false},
		{"*b", "aab", true},
		{"*b", "aba", false},
	}
	for _, c := range cases {
		if got := wildcardMatch(c.pattern, c.s); got != c.want {
			t.Errorf("wildcardMatch(%q, %q) = %v", c.pattern, c.s, got)
		}
	}
}

func TestArgsAliasNormalized(t *testing.T) {
	p := m{"goal": "g", "steps": []any{
		m{"id": "a", "tool": "echo", "args": m{"x": 1}},
		m{"id": "b", "tool": "echo", "parameters": m{}, "on_fail": "continue", "depends_on": []any{"a"}},
	}}
	r := validate(t, p, nil)
	if !r.Valid || len(r.Violations) != 0 {
		t.Fatalf("report %+v", r)
	}
	steps := r.Normalized.(map[string]any)["steps"].([]any)
	a, b := steps[0].(map[string]any), steps[1].(map[string]any)
	if _, has := a["args"]; has || a["parameters"] == nil || a["on_fail"] != "abort" || !reflect.DeepEqual(a["depends_on"], []any{}) {
		t.Errorf("step a normalized to %v", a)
	}
	if b["on_fail"] != "continue" || !reflect.DeepEqual(b["depends_on"], []any{"a"}) {
		t.Errorf("step b normalized to %v", b)
	}
	// The input is not touched.
	if _, has := p["steps"].([]any)[0].(m)["args"]; !has {
		t.Error("normalizing changed the input")
	}
}

func TestRiskScore(t *testing.T) {
	r := validate(t, plan(step("a", "db.query", m{"query": "SELECT 1"})), nil)
	if r.RiskScore != 0.1 {
		t.Errorf("one least-privilege warning scores %v, want 0.1", r.RiskScore)
	}
	r = validate(t, plan(step("a", "db.query", m{"query": "SELECT 1"})), m{"risk_weights": m{"tool.least_privilege": 0.33}})
	if r.RiskScore != 0.33 {
		t.Errorf("overridden weight scores %v, want 0.33", r.RiskScore)
	}
	many := plan()
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		many["steps"] = append(many["steps"].([]any), step(id, "shell.exec", m{}))
	}
	r = validate(t, many, m{"deny_tools": []any{"shell.*"}})
	if r.RiskScore != 1 {
		t.Errorf("capped score %v, want 1", r.RiskScore)
	}
	if got := riskScore([]string{RuleMissingGoal, RuleSchemaExtra, RuleSchemaExtra}, DefaultRiskWeights); got != 0.25 {
		t.Errorf("riskScore = %v, want 0.25", got)
	}
	for rule := range DefaultRiskWeights {
		if _, ok := ruleSeverity[rule]; !ok {
			t.Errorf("weight for %s, which is not a rule", rule)
		}
	}
	for _, info := range New().Rules() {
		if _, ok := DefaultRiskWeights[info.ID]; !ok {
			t.Errorf("rule %s has no default weight", info.ID)
		}
	}
}

func TestRiskThreshold(t *testing.T) {
	p := plan(step("a", "shell.exec", m{}))
	r := validate(t, p, m{"deny_tools": []any{"shell.*"}, "fail_risk_threshold": 0.5})
	if len(findings(r, RuleRiskThreshold)) != 1 || r.Valid {
		t.Errorf("score %v at threshold 0.5: %+v", r.RiskScore, r.Violations)
	}
	r = validate(t, p, m{"deny_tools": []any{"shell.*"}, "fail_risk_threshold": 0.51})
	if len(findings(r, RuleRiskThreshold)) != 0 {
		t.Errorf("score %v below threshold 0.51 still fails: %+v", r.RiskScore, r.Violations)
	}
	// Warnings alone can cross the threshold and fail the plan.
	warn := plan(step("a", "db.query", m{"query": "SELECT 1"}), step("b", "db.query", m{"query": "SELECT 2"}))
	r = validate(t, warn, m{"fail_risk_threshold": 0.2})
	if r.Valid || len(findings(r, RuleRiskThreshold)) != 1 || r.RiskScore != 0.2 {
		t.Errorf("two warnings at threshold 0.2: valid=%v score=%v %+v", r.Valid, r.RiskScore, r.Violations)
	}
}

func TestEveryMessageIsLocalized(t *testing.T) {
	dir := loadFixtures(t)
	seen := map[string]bool{}
	for _, f := range dir {
		en := New().Validate(t.Context(), f.doc, withLocale(f.opts, "en_US"))
		fa := New().Validate(t.Context(), f.doc, withLocale(f.opts, "fa_IR"))
		if len(en.Violations) != len(fa.Violations) {
			t.Fatalf("%s: %d violations in English, %d in Persian", f.name, len(en.Violations), len(fa.Violations))
		}
		for i := range en.Violations {
			e, p := en.Violations[i], fa.Violations[i]
			seen[e.Rule] = true
			if e.Rule != p.Rule || e.Path != p.Path {
				t.Errorf("%s: order differs by locale: %s@%s vs %s@%s", f.name, e.Rule, e.Path, p.Rule, p.Path)
			}
			if e.Message == p.Message || !hasPersianLetters(p.Message) || hasPersianLetters(e.Message) {
				t.Errorf("%s: %s is not translated:\n en: %s\n fa: %s", f.name, e.Rule, e.Message, p.Message)
			}
		}
	}
	for _, info := range New().Rules() {
		if !seen[info.ID] {
			t.Errorf("no fixture shows rule %s", info.ID)
		}
	}
}

func hasPersianLetters(s string) bool {
	return strings.ContainsAny(s, "ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی")
}
