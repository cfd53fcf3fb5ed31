package agentplan

import (
	"fmt"
	"strings"
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
				fmt.Sprintf("Tool %s is read-only, but its query writes (%s); remove the write, or move it to a step with a write tool such as %s.write.", quote(s.tool), words, family),
				fmt.Sprintf("ابزار %s فقط‌خواندنی است، اما پرس‌وجوی آن می‌نویسد (%s)؛ نوشتن را حذف کنید یا آن را به گامی با ابزار نوشتن مانند %s.write ببرید.", quote(s.tool), words, family), "")
		}
		if general && len(rep.writes) == 0 && rep.statements > 0 && rep.reads == rep.statements {
			v.add(RuleLeastPrivilege, s.id, s.path("tool"),
				fmt.Sprintf("Tool %s can write, but this query only reads; use %s.query_ro so a mistake cannot change data.", quote(s.tool), family),
				fmt.Sprintf("ابزار %s می‌تواند بنویسد، اما این پرس‌وجو فقط می‌خواند؛ %s.query_ro را به کار ببرید تا خطایی داده‌ها را تغییر ندهد.", quote(s.tool), family),
				fmt.Sprintf(`"tool": %q`, family+".query_ro"))
		}
		for kind, found := range rep.found {
			if found {
				en, fa := injectionMessage(injKind(kind), rep.injections[kind])
				v.add(RuleSQLInjection, s.id, at(), en, fa, "")
			}
		}
	}
}

func injectionMessage(kind injKind, detail string) (string, string) {
	d := quote(detail)
	switch kind {
	case injInterpolated:
		return fmt.Sprintf("The query splices %s into the SQL text, so a step result can rewrite the statement; put a placeholder ($1 or ?) there and pass the value in the bound args.", d),
			fmt.Sprintf("پرس‌وجو %s را درون متن SQL می‌گذارد و نتیجهٔ یک گام می‌تواند دستور را عوض کند؛ به جای آن نشانگر ($1 یا ?) بگذارید و مقدار را در args بفرستید.", d)
	case injTautology:
		return fmt.Sprintf("The query has the always-true condition %s, the classic injection that returns every row; remove it and pass user values as bound parameters ($1, ?).", d),
			fmt.Sprintf("پرس‌وجو شرط همیشه‌درست %s را دارد، همان تزریق رایجی که همهٔ ردیف‌ها را برمی‌گرداند؛ آن را حذف کنید و مقدارهای کاربر را با پارامتر ($1، ?) بفرستید.", d)
	case injStacked:
		return fmt.Sprintf("The query stacks a second statement (%s) after a semicolon; run one statement per step and pass values as bound parameters.", d),
			fmt.Sprintf("پرس‌وجو پس از نقطه‌ویرگول دستور دومی (%s) را پشت سر اولی آورده است؛ در هر گام فقط یک دستور اجرا کنید و مقدارها را با پارامتر بفرستید.", d)
	case injComment:
		return fmt.Sprintf("A comment follows a quoted value (%s), which is how injected SQL cuts off the rest of a query; remove the comment and bind the value as a parameter.", d),
			fmt.Sprintf("پس از یک مقدار نقل‌قول‌شده توضیح آمده است (%s)، روشی که SQL تزریقی با آن بقیهٔ پرس‌وجو را می‌بُرد؛ توضیح را حذف کنید و مقدار را با پارامتر بفرستید.", d)
	case injUnion:
		return "The query uses UNION SELECT, the usual way an injection reads other tables; if the union is intended, split it into separate steps, otherwise bind user values as parameters.",
			"پرس‌وجو UNION SELECT دارد، راه معمول تزریق برای خواندن جدول‌های دیگر؛ اگر عمدی است آن را به گام‌های جدا بشکنید، وگرنه مقدارهای کاربر را با پارامتر بفرستید."
	default: // injUnbalanced
		return fmt.Sprintf("The query has an unclosed quote or comment (%s), a sign of text spliced into SQL; close it and pass values as bound parameters.", d),
			fmt.Sprintf("پرس‌وجو یک نقل‌قول یا توضیح بسته‌نشده دارد (%s) که نشانهٔ چسباندن متن به SQL است؛ آن را ببندید و مقدارها را با پارامتر بفرستید.", d)
	}
}
