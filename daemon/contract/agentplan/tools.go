package agentplan

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// matchTool reports whether tool matches pattern, where "*" stands for
// any run of characters, dots included ("payments.*" matches
// "payments.transfer"). Case is ignored so that "Payments.Transfer"
// cannot slip past a deny list written in lower case. ascii says that
// both are ASCII, which callers know from checks made once.
func matchTool(pattern, tool string, ascii bool) bool {
	if ascii || (isASCII(tool) && isASCII(pattern)) {
		return wildcardMatch(pattern, tool)
	}
	return wildcardMatch(strings.ToLower(pattern), strings.ToLower(tool))
}

// wildcardMatch is a linear-time glob with "*" as the only wildcard. It
// ignores the case of ASCII letters, which for ASCII text is what
// lower-casing both sides does.
func wildcardMatch(pattern, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
			if p == len(pattern) {
				// A final "*" takes whatever is left.
				return true
			}
		case p < len(pattern) && lowerASCII(pattern[p]) == lowerASCII(s[i]):
			p++
			i++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// firstMatch returns the first of patterns that tool matches; ascii says
// that the patterns and the tool are all ASCII.
func firstMatch(patterns []string, tool string, ascii bool) (string, bool) {
	for _, pat := range patterns {
		if matchTool(pat, tool, ascii) {
			return pat, true
		}
	}
	return "", false
}

// isSQLWriteTool is Plan-Lint's deny_sql_write: every sql.* tool except
// sql.query_ro may write, so it is refused unless allow_tools names it.
func isSQLWriteTool(tool string) bool {
	return hasFoldPrefix(tool, "sql.") && !strings.EqualFold(tool, "sql.query_ro")
}

// checkTool applies deny_tools, which always wins, then refuses sql.*
// write tools that allow_tools does not name, then applies allow_tools as
// a whitelist when it is not empty.
func (v *validator) checkTool(s *stepView) {
	if s.tool == "" {
		return
	}
	ascii := v.policy.asciiTools && isASCII(s.tool)
	if pat, denied := firstMatch(v.policy.DenyTools, s.tool, ascii); denied {
		v.add(RuleToolDenied, s.id, s.path("tool"),
			domain.T("Tool %s is denied by the policy (deny_tools %s); use another tool or ask for the policy to change.", quote(s.tool), quote(pat)), "")
		return
	}
	_, allowed := firstMatch(v.policy.AllowTools, s.tool, ascii)
	if isSQLWriteTool(s.tool) && !allowed {
		v.add(RuleToolDenied, s.id, s.path("tool"),
			domain.T("Tool %s can write to the database: every sql.* tool but sql.query_ro is a write tool; use sql.query_ro to read, or name %s in the policy's allow_tools.", quote(s.tool), quote(s.tool)), "")
		return
	}
	if len(v.policy.AllowTools) == 0 {
		return
	}
	if !allowed {
		list := strings.Join(v.policy.AllowTools, ", ")
		v.add(RuleToolDenied, s.id, s.path("tool"),
			domain.T("Tool %s is not in the policy's allow_tools (%s); use one of those tools or add it to allow_tools.", quote(s.tool), list), "")
	}
}
