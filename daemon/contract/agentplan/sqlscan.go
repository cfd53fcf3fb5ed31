package agentplan

import (
	"math/big"
	"strings"
	"unicode/utf8"
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
	kind         tokKind
	unterminated bool
	// kw says which keyword lists a word is on.
	kw   kwFlags
	text string // as written
	// value is, for a word the rules know (see keywords), the word in
	// upper case; "" for any other word, since no rule compares it with a
	// keyword. For a string or quoted identifier it is the content
	// without its quotes.
	value string
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

// opsByFirst lists multiCharOps by their first byte, in their order.
var opsByFirst = func() (t [256][]string) {
	for _, op := range multiCharOps {
		t[op[0]] = append(t[op[0]], op)
	}
	return t
}()

// tokenize appends the tokens of q under dialect d to toks. It never
// fails: unclosed strings and comments become tokens marked unterminated.
func tokenize(toks []sqlToken, q string, d sqlDialect) []sqlToken {
	inExecComment := false
	for i := 0; i < len(q); {
		c := q[i]
		// Words come first, as the most common token; no case before
		// them takes a byte that starts a word.
		switch {
		case isSpace(c):
			i++
		case isWordStart(c):
			end, high := i+1, c
			for end < len(q) && isWordByte(q[end]) {
				high |= q[end]
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
			kw, _ := keywords.lookup(word, high < utf8.RuneSelf)
			toks = addToken(toks, tkWord, word)
			toks[len(toks)-1].value, toks[len(toks)-1].kw = kw.word, kw.flags
			i = end
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
			toks = addToken(toks, tkParam, q[i:end])
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
		case isPunct(c):
			toks = addToken(toks, tkPunct, q[i:i+1])
			i++
		default:
			n := 1
			for _, op := range opsByFirst[c] {
				if strings.HasPrefix(q[i:], op) {
					n = len(op)
					break
				}
			}
			toks = addToken(toks, tkOp, q[i:i+n])
			i += n
		}
	}
	return toks
}

// addToken appends a token of kind with text. It fills the new element in
// place: building the token aside and copying it in was a measurable part
// of tokenizing.
func addToken(toks []sqlToken, kind tokKind, text string) []sqlToken {
	toks = append(toks, sqlToken{})
	t := &toks[len(toks)-1]
	t.kind, t.text = kind, text
	return toks
}

func isPunct(c byte) bool {
	switch c {
	case ';', '(', ')', ',', '.', '[', ']', '{', '}':
		return true
	}
	return false
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
// is an escaped quote; with backslash, \x escapes x as well. Without
// escapes the value is a slice of q, so most literals cost nothing.
func quoted(q string, i int, quote byte, backslash bool) (sqlToken, int) {
	for j := i + 1; j < len(q); j++ {
		switch c := q[j]; {
		case backslash && c == '\\' && j+1 < len(q), c == quote && j+1 < len(q) && q[j+1] == quote:
			return quotedEscaped(q, i, quote, backslash)
		case c == quote:
			return sqlToken{text: q[i : j+1], value: q[i+1 : j]}, j + 1
		}
	}
	return sqlToken{text: q[i:], value: q[i+1:], unterminated: true}, len(q)
}

// quotedEscaped is quoted for a literal with escapes, which it resolves.
func quotedEscaped(q string, i int, quote byte, backslash bool) (sqlToken, int) {
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
const (
	writeAnywhereWords = "INSERT UPDATE DELETE DROP ALTER CREATE TRUNCATE GRANT REVOKE"
	writeAtStartWords  = "MERGE REPLACE UPSERT COPY ATTACH DETACH VACUUM REINDEX RENAME CALL EXEC EXECUTE LOCK LOAD DO REFRESH CLUSTER COMMENT IMPORT DISCARD HANDLER INSTALL UNINSTALL SHUTDOWN KILL PRAGMA"
	readLeadWords      = "SELECT WITH SHOW EXPLAIN DESCRIBE DESC VALUES TABLE"
	// readPragmaWords take an argument and still only read.
	readPragmaWords = "TABLE_INFO TABLE_XINFO INDEX_INFO INDEX_XINFO INDEX_LIST FOREIGN_KEY_LIST FOREIGN_KEY_CHECK INTEGRITY_CHECK QUICK_CHECK TABLE_LIST FUNCTION_LIST PRAGMA_LIST COLLATION_LIST DATABASE_LIST MODULE_LIST COMPILE_OPTIONS"
	// writePragmaWords change the database even without an argument.
	writePragmaWords = "OPTIMIZE WAL_CHECKPOINT INCREMENTAL_VACUUM SHRINK_MEMORY"
	// otherKeywords are the words the rules compare tokens with.
	otherKeywords = "OR UNION ALL DISTINCT AS ANALYZE VERBOSE FOR KEY INTO LIKE TRUE NULL"
)

var comparisons = wordSet("= == <> != < > <= >= <=>")

// kwFlags are the keyword lists a word is on.
type kwFlags uint8

const (
	kwWriteAnywhere kwFlags = 1 << iota
	kwWriteAtStart
	kwReadLead
	kwReadPragma
	kwWritePragma
)

type keyword struct {
	word  string // upper case
	flags kwFlags
}

// keywords holds every word a rule looks for, so that a token is
// upper-cased and classified by one lookup, without allocating.
var keywords = newUpperTable(func() map[string]keyword {
	m := map[string]keyword{}
	for _, list := range []struct {
		words string
		flag  kwFlags
	}{
		{writeAnywhereWords, kwWriteAnywhere}, {writeAtStartWords, kwWriteAtStart}, {readLeadWords, kwReadLead},
		{readPragmaWords, kwReadPragma}, {writePragmaWords, kwWritePragma}, {otherKeywords, 0},
	} {
		for _, w := range strings.Fields(list.words) {
			k := m[w]
			k.word, k.flags = w, k.flags|list.flag
			m[w] = k
		}
	}
	return m
}())

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// upperWord is the upper-cased text of a word token.
func upperWord(t sqlToken) string {
	if t.value != "" {
		return t.value
	}
	return strings.ToUpper(t.text)
}

// Injection kinds, in the order their violations are reported.
type injKind uint8

const (
	injInterpolated injKind = iota
	injTautology
	injStacked
	injComment
	injUnion
	injUnbalanced
	injKinds // the number of kinds
)

// sqlReport is what the SQL rules need to know about one query.
type sqlReport struct {
	writes     []string         // write keywords found, first occurrence order
	injections [injKinds]string // by kind: the offending text
	found      [injKinds]bool   // which kinds were found
	statements int              // non-empty statements
	reads      int              // statements that start with a read keyword
	spare      []string         // empty, with room for writes
}

func (r *sqlReport) write(w string) {
	for _, e := range r.writes {
		if e == w {
			return
		}
	}
	if r.writes == nil {
		r.writes = r.spare
	}
	r.writes = append(r.writes, w)
}

func (r *sqlReport) inject(kind injKind, detail string) {
	if !r.found[kind] {
		r.injections[kind], r.found[kind] = detail, true
	}
}

// sqlScratch is the memory the SQL analysis reuses from query to query.
type sqlScratch struct {
	toks, sig []sqlToken
	writes    []string
	used      int // the most tokens held since the last release
}

// analyze reads q in both dialects and merges what they find. The
// statement counts come from the standard reading. The report's writes
// live in sc until the next call.
func (sc *sqlScratch) analyze(q string) sqlReport {
	r := sqlReport{spare: sc.writes[:0]}
	sc.toks = tokenize(sc.toks[:0], q, standardSQL)
	sc.used = max(sc.used, len(sc.toks))
	sc.scanTokens(sc.toks, false, &r)
	statements, reads := r.statements, r.reads
	switch {
	case !sameInBothDialects(q):
		sc.toks = tokenize(sc.toks[:0], q, mysqlSQL)
		sc.used = max(sc.used, len(sc.toks))
		sc.scanTokens(sc.toks, true, &r)
	case strings.Contains(q, "||") && hasConcatOperator(sc.toks):
		// The same tokens, where only "||" means something else. Without
		// it a second scan would find exactly what the first did.
		sc.scanTokens(sc.toks, true, &r)
	}
	r.statements, r.reads = statements, reads
	if r.writes != nil {
		sc.writes = r.writes[:0]
	}
	return r
}

// sameInBothDialects reports whether the standard and the MySQL reading
// of q give the same tokens. It looks for every byte where the two may
// part: a backslash (escapes), "#" (comments), a double quote (string or
// identifier), "/*" (nested and executable comments), "--" without white
// space after it, "$" not followed by a digit (dollar quotes), and "E'"
// that may start a PostgreSQL escape string. Without them both readings
// take the same decisions at the same places. Being conservative only
// costs the second reading.
func sameInBothDialects(q string) bool {
	for i := 0; i < len(q); i++ {
		if !dialectBytes[q[i]] {
			continue
		}
		switch q[i] {
		case '\\', '#', '"':
			return false
		case '/':
			if i+1 < len(q) && q[i+1] == '*' {
				return false
			}
		case '-':
			if i+2 < len(q) && q[i+1] == '-' && !isSpace(q[i+2]) {
				return false
			}
		case '$':
			if i+1 == len(q) || !isDigit(q[i+1]) {
				return false
			}
		case '\'':
			// After a letter or "_" the E ends a longer word, parameter or
			// hex number; after anything else it may be a word of its own.
			if i > 0 && (q[i-1] == 'E' || q[i-1] == 'e') && (i < 2 || !isLetterOrUnderscore(q[i-2])) {
				return false
			}
		}
	}
	return true
}

// dialectBytes are the bytes sameInBothDialects looks at more closely.
var dialectBytes = func() (t [256]bool) {
	for _, c := range []byte("\\#\"/-$'") {
		t[c] = true
	}
	return t
}()

func isLetterOrUnderscore(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// hasConcatOperator reports whether the tokens have a "||" operator,
// which MySQL reads as OR.
func hasConcatOperator(toks []sqlToken) bool {
	for _, t := range toks {
		if t.kind == tkOp && t.text == "||" {
			return true
		}
	}
	return false
}

// release drops what the scratch holds of the last queries, and all of
// it after an unusually long one, so a pooled validator stays small.
func (sc *sqlScratch) release() {
	const keep = 1024
	if sc.used > keep {
		*sc = sqlScratch{}
		return
	}
	// sig holds a subset of the tokens, so used bounds it too.
	clear(sc.toks[:sc.used])
	clear(sc.sig[:min(sc.used, cap(sc.sig))])
	clear(sc.writes[:cap(sc.writes)])
	sc.used = 0
}

func (sc *sqlScratch) scanTokens(toks []sqlToken, mysql bool, r *sqlReport) {
	// sig is toks without the comments; most queries have none, and then
	// it is toks itself.
	comments := 0
	for k := range toks {
		t := &toks[k]
		if t.unterminated {
			r.inject(injUnbalanced, clip(t.text))
		}
		if t.kind != tkComment {
			continue
		}
		comments++
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
	sig := toks
	if comments > 0 {
		sig = sc.sig[:0]
		for _, t := range toks {
			if t.kind != tkComment {
				sig = append(sig, t)
			}
		}
		sc.sig = sig
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
	lead, leadKW := "", kwFlags(0)
	for _, t := range st {
		if t.kind == tkWord {
			lead, leadKW = t.value, t.kw
			break
		}
	}
	if !mysql {
		r.statements++
		if leadKW&kwReadLead != 0 {
			r.reads++
		}
	}
	if stacked && leadKW&(kwWriteAnywhere|kwWriteAtStart) != 0 {
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
		// Only keywords matter here; any other word has no value.
		if t.kind != tkWord || t.value == "" {
			continue
		}
		u := t.value
		qualified := func() bool { return punct(i-1, ".") || word(i-1) == "AS" }
		call := func() bool { return punct(i+1, "(") }
		atStart := func() bool {
			return i == 0 || punct(i-1, "(") || word(i-1) == "EXPLAIN" || word(i-1) == "ANALYZE" || word(i-1) == "VERBOSE" ||
				(punct(i-1, ")") && lead == "WITH")
		}
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
		case t.kw&kwWriteAnywhere != 0 && !qualified() && !call():
			if u == "UPDATE" && (word(i-1) == "FOR" || word(i-1) == "KEY") {
				// FOR UPDATE takes row locks, which a read-only
				// transaction refuses.
				r.write("FOR UPDATE")
				continue
			}
			dataWrite = true
			r.write(u)
		case t.kw&kwWriteAtStart != 0 && atStart() && !qualified() && !(call() && u == "REPLACE"):
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
	name := kwFlags(0)
	for i < len(rest) && (rest[i].kind == tkWord || rest[i].kind == tkQuoted || (rest[i].kind == tkPunct && rest[i].text == ".")) {
		if rest[i].kind == tkWord {
			name = rest[i].kw
		}
		i++
	}
	if i < len(rest) && rest[i].kind == tkOp && rest[i].text == "=" {
		return true
	}
	if i < len(rest) && rest[i].kind == tkPunct && rest[i].text == "(" {
		return name&kwReadPragma == 0
	}
	return name&kwWritePragma != 0
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
		return (op == "=" || op == "==" || op == "LIKE") && upperWord(a) == upperWord(b)
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
