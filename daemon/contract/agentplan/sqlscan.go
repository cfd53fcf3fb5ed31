package agentplan

import (
	"math/big"
	"strings"
)

// The SQL rules look at tokens, never at raw text, so keywords inside
// string literals, quoted identifiers and comments do not count. SQL
// dialects disagree on what is a string or a comment (backslash escapes,
// "#" comments, double-quoted strings, /*! … */ code in MySQL), so a query
// is read once the standard/PostgreSQL way and once the MySQL way, and a
// finding in either counts: an attacker picks the reading that hides it.

type tokKind uint8

const (
	tkWord    tokKind = iota // keyword or bare identifier
	tkNumber                 // numeric literal
	tkString                 // string literal
	tkQuoted                 // quoted identifier
	tkParam                  // placeholder: $1, ?, :name, @name
	tkPunct                  // ; ( ) , . [ ]
	tkOp                     // operator
	tkComment                // -- … , # … , /* … */
)

type sqlToken struct {
	kind tokKind
	text string // as written
	// value is the upper-cased word, or the content of a string or quoted
	// identifier without its quotes.
	value        string
	unterminated bool
}

type sqlDialect struct {
	backslashEscapes  bool // 'it\'s'
	hashComments      bool // # to end of line
	doubleQuoteString bool // "text" is a string, not an identifier
	dashNeedsSpace    bool // "--" starts a comment only before a space
	executableComment bool // /*! code */ runs
	dollarQuotes      bool // $tag$ … $tag$
	nestedComments    bool // /* /* */ */
}

var (
	standardSQL = sqlDialect{dollarQuotes: true, nestedComments: true}
	mysqlSQL    = sqlDialect{backslashEscapes: true, hashComments: true, doubleQuoteString: true, dashNeedsSpace: true, executableComment: true}
)

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

func isWordStart(c byte) bool {
	return c == '_' || c >= 0x80 || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

var multiCharOps = []string{"<=>", "<=", ">=", "<>", "!=", "==", "||", "&&", "::", "->>", "->"}

// tokenize splits q into tokens under dialect d. It never fails:
// unclosed strings and comments become tokens marked unterminated.
func tokenize(q string, d sqlDialect) []sqlToken {
	var toks []sqlToken
	inExecComment := false
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case isSpace(c):
			i++
		case inExecComment && strings.HasPrefix(q[i:], "*/"):
			inExecComment = false
			i += 2
		case c == '-' && i+1 < len(q) && q[i+1] == '-' && (!d.dashNeedsSpace || i+2 == len(q) || isSpace(q[i+2])):
			end := lineEnd(q, i)
			toks = append(toks, sqlToken{kind: tkComment, text: q[i:end]})
			i = end
		case c == '#' && d.hashComments:
			end := lineEnd(q, i)
			toks = append(toks, sqlToken{kind: tkComment, text: q[i:end]})
			i = end
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			if d.executableComment && !inExecComment && i+2 < len(q) && q[i+2] == '!' {
				// MySQL runs the inside of /*! … */ (after an optional
				// version number), so it is code, not a comment.
				i += 3
				for i < len(q) && isDigit(q[i]) {
					i++
				}
				inExecComment = true
				continue
			}
			end, closed := blockCommentEnd(q, i, d.nestedComments)
			toks = append(toks, sqlToken{kind: tkComment, text: q[i:end], unterminated: !closed})
			i = end
		case c == '\'':
			t, end := quoted(q, i, '\'', d.backslashEscapes)
			t.kind = tkString
			toks = append(toks, t)
			i = end
		case c == '"':
			t, end := quoted(q, i, '"', d.doubleQuoteString && d.backslashEscapes)
			t.kind = tkQuoted
			if d.doubleQuoteString {
				t.kind = tkString
			}
			toks = append(toks, t)
			i = end
		case c == '`':
			t, end := quoted(q, i, '`', false)
			t.kind = tkQuoted
			toks = append(toks, t)
			i = end
		case c == '$' && i+1 < len(q) && isDigit(q[i+1]):
			end := i + 1
			for end < len(q) && isDigit(q[end]) {
				end++
			}
			toks = append(toks, sqlToken{kind: tkParam, text: q[i:end]})
			i = end
		case c == '$' && d.dollarQuotes && dollarTag(q, i) != "":
			tag := dollarTag(q, i)
			body := i + len(tag)
			t := sqlToken{kind: tkString}
			if end := strings.Index(q[body:], tag); end >= 0 {
				t.text, t.value = q[i:body+end+len(tag)], q[body:body+end]
			} else {
				t.text, t.value, t.unterminated = q[i:], q[body:], true
			}
			toks = append(toks, t)
			i += len(t.text)
		case c == '?':
			toks = append(toks, sqlToken{kind: tkParam, text: "?"})
			i++
		case (c == ':' || c == '@') && i+1 < len(q) && (isWordStart(q[i+1]) || q[i+1] == '@') && !(c == ':' && i > 0 && q[i-1] == ':'):
			end := i + 1
			for end < len(q) && (isWordByte(q[end]) || q[end] == '@') {
				end++
			}
			toks = append(toks, sqlToken{kind: tkParam, text: q[i:end]})
			i = end
		case isDigit(c) || (c == '.' && i+1 < len(q) && isDigit(q[i+1])):
			end := numberEnd(q, i)
			toks = append(toks, sqlToken{kind: tkNumber, text: q[i:end]})
			i = end
		case isWordStart(c):
			end := i + 1
			for end < len(q) && isWordByte(q[end]) {
				end++
			}
			word := q[i:end]
			if (word == "E" || word == "e") && end < len(q) && q[end] == '\'' && !d.backslashEscapes {
				// PostgreSQL E'…' strings take backslash escapes.
				t, stop := quoted(q, end, '\'', true)
				t.kind, t.text = tkString, q[i:stop]
				toks = append(toks, t)
				i = stop
				continue
			}
			toks = append(toks, sqlToken{kind: tkWord, text: word, value: strings.ToUpper(word)})
			i = end
		case strings.ContainsRune(";(),.[]{}", rune(c)):
			toks = append(toks, sqlToken{kind: tkPunct, text: q[i : i+1]})
			i++
		default:
			n := 1
			for _, op := range multiCharOps {
				if strings.HasPrefix(q[i:], op) {
					n = len(op)
					break
				}
			}
			toks = append(toks, sqlToken{kind: tkOp, text: q[i : i+n]})
			i += n
		}
	}
	return toks
}

func lineEnd(q string, i int) int {
	if n := strings.IndexAny(q[i:], "\n\r"); n >= 0 {
		return i + n
	}
	return len(q)
}

func blockCommentEnd(q string, i int, nested bool) (int, bool) {
	depth := 0
	for j := i; j+1 < len(q); j++ {
		switch {
		case q[j] == '/' && q[j+1] == '*' && (nested || depth == 0):
			depth++
			j++
		case q[j] == '*' && q[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1, true
			}
		}
	}
	return len(q), false
}

// quoted reads a quoted token starting at q[i] == quote. A doubled quote
// is an escaped quote; with backslash, \x escapes x as well.
func quoted(q string, i int, quote byte, backslash bool) (sqlToken, int) {
	var b strings.Builder
	for j := i + 1; j < len(q); j++ {
		switch c := q[j]; {
		case backslash && c == '\\' && j+1 < len(q):
			b.WriteByte(q[j+1])
			j++
		case c == quote && j+1 < len(q) && q[j+1] == quote:
			b.WriteByte(quote)
			j++
		case c == quote:
			return sqlToken{text: q[i : j+1], value: b.String()}, j + 1
		default:
			b.WriteByte(c)
		}
	}
	return sqlToken{text: q[i:], value: b.String(), unterminated: true}, len(q)
}

// dollarTag returns the PostgreSQL dollar-quote opener at q[i] ("$$" or
// "$tag$"), or "".
func dollarTag(q string, i int) string {
	j := i + 1
	if j < len(q) && q[j] == '$' {
		return "$$"
	}
	if j >= len(q) || !isWordStart(q[j]) {
		return ""
	}
	for j < len(q) && isWordByte(q[j]) && q[j] != '$' {
		j++
	}
	if j < len(q) && q[j] == '$' {
		return q[i : j+1]
	}
	return ""
}

func numberEnd(q string, i int) int {
	j := i
	if strings.HasPrefix(q[i:], "0x") || strings.HasPrefix(q[i:], "0X") {
		j += 2
		for j < len(q) && isWordByte(q[j]) {
			j++
		}
		return j
	}
	for j < len(q) && isDigit(q[j]) {
		j++
	}
	if j < len(q) && q[j] == '.' {
		j++
		for j < len(q) && isDigit(q[j]) {
			j++
		}
	}
	if j < len(q) && (q[j] == 'e' || q[j] == 'E') {
		k := j + 1
		if k < len(q) && (q[k] == '+' || q[k] == '-') {
			k++
		}
		if k < len(q) && isDigit(q[k]) {
			for k < len(q) && isDigit(q[k]) {
				k++
			}
			j = k
		}
	}
	return j
}

// Write keywords. The first group writes wherever it appears as a
// keyword; the second only where a statement starts, because the same
// words are common function or column names (REPLACE(), a "copy" column).
var (
	writeAnywhere = wordSet("INSERT UPDATE DELETE DROP ALTER CREATE TRUNCATE GRANT REVOKE")
	writeAtStart  = wordSet("MERGE REPLACE UPSERT COPY ATTACH DETACH VACUUM REINDEX RENAME CALL EXEC EXECUTE LOCK LOAD DO REFRESH CLUSTER COMMENT IMPORT DISCARD HANDLER INSTALL UNINSTALL SHUTDOWN KILL PRAGMA")
	readLeads     = wordSet("SELECT WITH SHOW EXPLAIN DESCRIBE DESC VALUES TABLE")
	// readPragmas take an argument and still only read.
	readPragmas = wordSet("TABLE_INFO TABLE_XINFO INDEX_INFO INDEX_XINFO INDEX_LIST FOREIGN_KEY_LIST FOREIGN_KEY_CHECK INTEGRITY_CHECK QUICK_CHECK TABLE_LIST FUNCTION_LIST PRAGMA_LIST COLLATION_LIST DATABASE_LIST MODULE_LIST COMPILE_OPTIONS")
	// writePragmas change the database even without an argument.
	writePragmas = wordSet("OPTIMIZE WAL_CHECKPOINT INCREMENTAL_VACUUM SHRINK_MEMORY")
	comparisons  = wordSet("= == <> != < > <= >= <=>")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Injection kinds, in the order their violations are reported.
const (
	injInterpolated = "interpolated"
	injTautology    = "tautology"
	injStacked      = "stacked"
	injComment      = "comment"
	injUnion        = "union"
	injUnbalanced   = "unbalanced"
)

var injectionOrder = []string{injInterpolated, injTautology, injStacked, injComment, injUnion, injUnbalanced}

// sqlReport is what the SQL rules need to know about one query.
type sqlReport struct {
	writes     []string          // write keywords found, first occurrence order
	injections map[string]string // kind -> the offending text
	statements int               // non-empty statements
	reads      int               // statements that start with a read keyword
}

func (r *sqlReport) write(w string) {
	for _, e := range r.writes {
		if e == w {
			return
		}
	}
	r.writes = append(r.writes, w)
}

func (r *sqlReport) inject(kind, detail string) {
	if _, ok := r.injections[kind]; !ok {
		r.injections[kind] = detail
	}
}

// analyzeSQL reads q in both dialects and merges what they find. The
// statement counts come from the standard reading.
func analyzeSQL(q string) *sqlReport {
	r := &sqlReport{injections: map[string]string{}}
	scanTokens(tokenize(q, standardSQL), false, r)
	std := *r
	scanTokens(tokenize(q, mysqlSQL), true, r)
	r.statements, r.reads = std.statements, std.reads
	return r
}

func scanTokens(toks []sqlToken, mysql bool, r *sqlReport) {
	var sig []sqlToken
	for k, t := range toks {
		if t.unterminated {
			r.inject(injUnbalanced, clip(t.text))
		}
		if t.kind != tkComment {
			sig = append(sig, t)
			continue
		}
		// A comment right after a quoted value (possibly closed by ")" or
		// ";") is how injected text cuts off the rest of the query.
		for j := k - 1; j >= 0; j-- {
			p := toks[j]
			if p.kind == tkPunct && (p.text == ")" || p.text == ";") {
				continue
			}
			if p.kind == tkString || p.kind == tkQuoted {
				r.inject(injComment, clip(p.text+" "+t.text))
			}
			break
		}
	}
	nonEmpty := 0
	start := 0
	for i := 0; i <= len(sig); i++ {
		if i < len(sig) && !(sig[i].kind == tkPunct && sig[i].text == ";") {
			continue
		}
		stmt := sig[start:i]
		start = i + 1
		if len(stmt) == 0 {
			continue
		}
		nonEmpty++
		scanStatement(stmt, nonEmpty > 1, mysql, r)
	}
}

func scanStatement(st []sqlToken, stacked, mysql bool, r *sqlReport) {
	lead := ""
	for _, t := range st {
		if t.kind == tkWord {
			lead = t.value
			break
		}
	}
	if !mysql {
		r.statements++
		if readLeads[lead] {
			r.reads++
		}
	}
	if stacked && (writeAnywhere[lead] || writeAtStart[lead]) {
		r.inject(injStacked, "; "+lead)
	}
	word := func(i int) string {
		if i >= 0 && i < len(st) && st[i].kind == tkWord {
			return st[i].value
		}
		return ""
	}
	punct := func(i int, p string) bool {
		return i >= 0 && i < len(st) && st[i].kind == tkPunct && st[i].text == p
	}
	dataWrite := false
	for i, t := range st {
		if t.kind == tkOp && t.text == "||" && mysql {
			checkTautology(st, i, r)
			continue
		}
		if t.kind != tkWord {
			continue
		}
		u := t.value
		qualified := punct(i-1, ".") || word(i-1) == "AS"
		call := punct(i+1, "(")
		atStart := i == 0 || punct(i-1, "(") || word(i-1) == "EXPLAIN" || word(i-1) == "ANALYZE" || word(i-1) == "VERBOSE" ||
			(punct(i-1, ")") && lead == "WITH")
		switch {
		case u == "OR":
			checkTautology(st, i, r)
		case u == "UNION":
			j := i + 1
			if w := word(j); w == "ALL" || w == "DISTINCT" {
				j++
			}
			for punct(j, "(") {
				j++
			}
			if word(j) == "SELECT" {
				r.inject(injUnion, "UNION SELECT")
			}
		case writeAnywhere[u] && !qualified && !call:
			if u == "UPDATE" && (word(i-1) == "FOR" || word(i-1) == "KEY") {
				// FOR UPDATE takes row locks, which a read-only
				// transaction refuses.
				r.write("FOR UPDATE")
				continue
			}
			dataWrite = true
			r.write(u)
		case writeAtStart[u] && atStart && !qualified && !(call && u == "REPLACE"):
			if u == "PRAGMA" && !pragmaWrites(st[i+1:]) {
				continue
			}
			dataWrite = true
			r.write(u)
		case u == "INTO" && (lead == "SELECT" || lead == "WITH") && !dataWrite:
			// SELECT … INTO creates a table (or, in MySQL, a file).
			r.write("SELECT INTO")
		}
	}
}

// pragmaWrites decides whether the tokens after PRAGMA set a value:
// "name = v" and "name(v)" write, except the pragmas that take an
// argument only to read ("table_info(t)").
func pragmaWrites(rest []sqlToken) bool {
	i := 0
	name := ""
	for i < len(rest) && (rest[i].kind == tkWord || rest[i].kind == tkQuoted || (rest[i].kind == tkPunct && rest[i].text == ".")) {
		if rest[i].kind == tkWord {
			name = rest[i].value
		}
		i++
	}
	if i < len(rest) && rest[i].kind == tkOp && rest[i].text == "=" {
		return true
	}
	if i < len(rest) && rest[i].kind == tkPunct && rest[i].text == "(" {
		return !readPragmas[name]
	}
	return writePragmas[name]
}

// checkTautology looks at what follows the OR at st[i] for a condition
// that is always true: "1=1", "'a'='a'", "x=x", "2>1", "TRUE", "1".
func checkTautology(st []sqlToken, i int, r *sqlReport) {
	j := i + 1
	for j < len(st) && st[j].kind == tkPunct && st[j].text == "(" {
		j++
	}
	if j >= len(st) {
		return
	}
	a := st[j]
	op := ""
	if j+1 < len(st) {
		if o := st[j+1]; (o.kind == tkOp && comparisons[o.text]) || (o.kind == tkWord && o.value == "LIKE") {
			op = strings.ToUpper(o.text)
		}
	}
	if op != "" && j+2 < len(st) {
		b := st[j+2]
		if alwaysTrue(a, op, b) {
			r.inject(injTautology, clip(st[i].text+" "+a.text+op+b.text))
		}
		return
	}
	if op != "" {
		return
	}
	truthy := (a.kind == tkWord && a.value == "TRUE") || (a.kind == tkNumber && numericValue(a.text) != nil && numericValue(a.text).Sign() != 0)
	if !truthy {
		return
	}
	if j+1 == len(st) || (st[j+1].kind == tkPunct && st[j+1].text == ")") || st[j+1].kind == tkWord {
		r.inject(injTautology, clip(st[i].text+" "+a.text))
	}
}

func alwaysTrue(a sqlToken, op string, b sqlToken) bool {
	switch {
	case a.kind == tkNumber && b.kind == tkNumber:
		x, y := numericValue(a.text), numericValue(b.text)
		if x == nil || y == nil {
			return false
		}
		c := x.Cmp(y)
		switch op {
		case "=", "==", "<=>", "LIKE":
			return c == 0
		case "<>", "!=":
			return c != 0
		case "<":
			return c < 0
		case ">":
			return c > 0
		case "<=":
			return c <= 0
		case ">=":
			return c >= 0
		}
	case (a.kind == tkString || a.kind == tkQuoted) && a.kind == b.kind:
		// MySQL compares case-insensitively by default, so 'a'='A' is
		// as true as 'a'='a'.
		switch op {
		case "=", "==", "<=>", "LIKE":
			return strings.EqualFold(a.value, b.value) || (op == "LIKE" && b.value == "%")
		case "<>", "!=":
			return !strings.EqualFold(a.value, b.value)
		}
	case a.kind == tkWord && b.kind == tkWord && a.value != "NULL":
		return (op == "=" || op == "==" || op == "LIKE") && a.value == b.value
	}
	return false
}

func numericValue(s string) *big.Rat {
	r, ok := decimalRat(s)
	if !ok {
		return nil
	}
	return r
}

// clip keeps quoted SQL short in messages.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
