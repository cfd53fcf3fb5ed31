package agentplan

import (
	"fmt"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// sqlParamKeys are the parameters of a db.*/sql.* tool that hold SQL
// text. Bound arguments ("args", "params") are values, never parsed.
var sqlParamKeys = []string{"query", "sql", "statement"}

func isSQLTool(tool string) bool {
	return hasFoldPrefix(tool, "db.") || hasFoldPrefix(tool, "sql.")
}

// checkSQL applies tool.write_in_read_only, tool.least_privilege and
// sql.injection to the SQL text of a database step.
func (v *validator) checkSQL(s *stepView) {
	if s.params == nil || !isSQLTool(s.tool) {
		return
	}
	family, op, _ := strings.Cut(strings.ToLower(s.tool), ".")
	readOnly := strings.HasSuffix(op, "_ro")
	general := op == "query"
	for _, key := range sqlParamKeys {
		q, ok := s.params[key].(string)
		if !ok || strings.TrimSpace(q) == "" {
			continue
		}
		path := ""
		at := func() string {
			if path == "" {
				path = s.path(s.paramsKey, key)
			}
			return path
		}
		// A reference becomes a plain word, so the rest of the query is
		// read as it would be with a harmless value in its place.
		plain, firstRef := replaceTemplates(q, "ref")
		rep := v.sql.analyze(plain)
		if firstRef != "" {
			rep.injections[injInterpolated], rep.found[injInterpolated] = firstRef, true
		}
		if readOnly && len(rep.writes) > 0 {
			words := strings.Join(rep.writes, ", ")
			v.add(RuleWriteInReadOnly, s.id, at(),
				domain.T("Tool %s is read-only, but its query writes (%s); remove the write, or move it to a step with a write tool such as %s.write.", quote(s.tool), words, family), "")
		}
		if general && len(rep.writes) == 0 && rep.statements > 0 && rep.reads == rep.statements {
			v.add(RuleLeastPrivilege, s.id, s.path("tool"),
				domain.T("Tool %s can write, but this query only reads; use %s.query_ro so a mistake cannot change data.", quote(s.tool), family),
				fmt.Sprintf(`"tool": %q`, family+".query_ro"))
		}
		for kind, found := range rep.found {
			if found {
				v.add(RuleSQLInjection, s.id, at(), injectionMessage(injKind(kind), rep.injections[kind]), "")
			}
		}
	}
}

func injectionMessage(kind injKind, detail string) domain.Text {
	d := quote(detail)
	switch kind {
	case injInterpolated:
		return domain.T("The query splices %s into the SQL text, so a step result can rewrite the statement; put a placeholder ($1 or ?) there and pass the value in the bound args.", d)
	case injTautology:
		return domain.T("The query has the always-true condition %s, the classic injection that returns every row; remove it and pass user values as bound parameters ($1, ?).", d)
	case injStacked:
		return domain.T("The query stacks a second statement (%s) after a semicolon; run one statement per step and pass values as bound parameters.", d)
	case injComment:
		return domain.T("A comment follows a quoted value (%s), which is how injected SQL cuts off the rest of a query; remove the comment and bind the value as a parameter.", d)
	case injUnion:
		return domain.T("The query uses UNION SELECT, the usual way an injection reads other tables; if the union is intended, split it into separate steps, otherwise bind user values as parameters.")
	default: // injUnbalanced
		return domain.T("The query has an unclosed quote or comment (%s), a sign of text spliced into SQL; close it and pass values as bound parameters.", d)
	}
}
