package sqlstore

import (
	"io/fs"
	"regexp"
	"strings"
	"sync"

	"github.com/arshline/arshline-sidecar/migrations"
)

// The repositories write their SQL once, in SQLite's dialect. On MariaDB
// and MySQL every statement passes through a mysqlDialect before the
// driver sees it, which changes only what the two spell differently and
// means the same:
//
//   - the store's tables take the configured prefix (forms → arsh_forms),
//     so that they can live in the WordPress database;
//   - the column named key, a reserved word there, is quoted;
//   - an upsert's ON CONFLICT (…) DO UPDATE SET … excluded.c becomes
//     ON DUPLICATE KEY UPDATE … VALUES(c), and ON CONFLICT DO NOTHING
//     sets the first inserted column to itself (a no-op that reports no
//     row changed, as SQLite's does);
//   - the scalar min(a, b) and max(a, b) become LEAST and GREATEST.
//
// What differs in meaning (RETURNING, full-text search, JSON, id
// generation, row locks) is written per engine where it is used, behind
// db.mysql.

// storeTables are the tables the prefix applies to: every table the
// MariaDB/MySQL migrations create, read from them, so that a table a
// new migration adds takes the prefix with nothing else to change, and
// the two the migrating host makes itself (schema_migrations, and
// schema_lock for its lease; see migrateMySQL).
var storeTables = func() map[string]bool {
	tables := map[string]bool{"schema_migrations": true, "schema_lock": true}
	names, _ := fs.Glob(migrations.MySQL, "mysql/*.sql")
	for _, n := range names {
		body, _ := migrations.MySQL.ReadFile(n)
		for _, m := range createTable.FindAllStringSubmatch(string(body), -1) {
			tables[m[1]] = true
		}
	}
	return tables
}()

var createTable = regexp.MustCompile(`(?im)^\s*CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?` + "`?" + `([a-z_][a-z0-9_]*)`)

// StoreTables lists the store's tables, in no order: what copy-store
// moves and check counts.
func StoreTables() []string {
	out := make([]string, 0, len(storeTables))
	for t := range storeTables {
		out = append(out, t)
	}
	return out
}

type mysqlDialect struct {
	prefix string
	cache  sync.Map // SQLite-dialect text → MySQL text
}

// rewrite returns q in MySQL's dialect.
func (d *mysqlDialect) rewrite(q string) string {
	if v, ok := d.cache.Load(q); ok {
		return v.(string)
	}
	out := translateMySQL(q, d.prefix)
	d.cache.Store(q, out)
	return out
}

// sqlToken is one lexical piece of a statement: an identifier, a quoted
// literal or identifier, or any other run of text kept as it is.
type sqlToken struct {
	text  string
	ident bool
}

func lexSQL(q string) []sqlToken {
	var toks []sqlToken
	i := 0
	for i < len(q) {
		c := q[i]
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 1
			for j < len(q) && (q[j] == '_' || q[j] >= 'a' && q[j] <= 'z' || q[j] >= 'A' && q[j] <= 'Z' || q[j] >= '0' && q[j] <= '9') {
				j++
			}
			toks = append(toks, sqlToken{text: q[i:j], ident: true})
			i = j
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(q) {
				if q[j] == c {
					if j+1 < len(q) && q[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			if j < len(q) {
				j++
			}
			text := q[i:j]
			if c == '"' && len(text) >= 2 && text[len(text)-1] == '"' {
				// SQLite's quoted identifier is MySQL's backquoted one.
				text = "`" + strings.ReplaceAll(text[1:len(text)-1], "`", "``") + "`"
			}
			toks = append(toks, sqlToken{text: text})
			i = j
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			j := strings.IndexByte(q[i:], '\n')
			if j < 0 {
				j = len(q) - i
			}
			toks = append(toks, sqlToken{text: q[i : i+j]})
			i += j
		default:
			j := i + 1
			if c >= '0' && c <= '9' {
				for j < len(q) && (q[j] >= '0' && q[j] <= '9' || q[j] == '.') {
					j++
				}
			}
			toks = append(toks, sqlToken{text: q[i:j]})
			i = j
		}
	}
	return toks
}

// next returns the index of the first token at or after i that is not
// blank, or len(toks).
func nextWord(toks []sqlToken, i int) int {
	for i < len(toks) && strings.TrimSpace(toks[i].text) == "" {
		i++
	}
	return i
}

func isWord(toks []sqlToken, i int, word string) bool {
	return i < len(toks) && toks[i].ident && strings.EqualFold(toks[i].text, word)
}

// closing returns the index of the ')' matching the '(' at i, and how
// many commas lie directly inside the pair.
func closing(toks []sqlToken, i int) (end, commas int) {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j].text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return j, commas
			}
		case ",":
			if depth == 1 {
				commas++
			}
		}
	}
	return len(toks), commas
}

func translateMySQL(q, prefix string) string {
	toks := lexSQL(q)
	// The first column the current statement's INSERT names, for ON
	// CONFLICT DO NOTHING; a text may hold several statements (see
	// mysqlTx.flush).
	firstColumn := ""
	var b strings.Builder
	b.Grow(len(q) + 32)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !t.ident {
			b.WriteString(t.text)
			continue
		}
		prevDot := i > 0 && toks[i-1].text == "."
		if isWord(toks, i, "INSERT") {
			firstColumn = insertFirstColumn(toks, i)
		}
		switch {
		case t.text == "ON" && isWord(toks, nextWord(toks, i+1), "CONFLICT"):
			j := nextWord(toks, nextWord(toks, i+1)+1)
			if j < len(toks) && toks[j].text == "(" {
				end, _ := closing(toks, j)
				j = nextWord(toks, end+1)
			}
			// j is at DO.
			k := nextWord(toks, j+1)
			if isWord(toks, k, "NOTHING") {
				col := quoteColumn(firstColumn)
				b.WriteString("ON DUPLICATE KEY UPDATE " + col + " = " + col)
				i = k
				continue
			}
			// DO UPDATE SET: what follows SET is kept.
			set := nextWord(toks, k+1)
			b.WriteString("ON DUPLICATE KEY UPDATE")
			i = set
			continue
		case t.text == "excluded" && !prevDot && i+2 < len(toks) && toks[i+1].text == "." && toks[i+2].ident:
			b.WriteString("VALUES(" + quoteColumn(toks[i+2].text) + ")")
			i += 2
			continue
		case (t.text == "min" || t.text == "max") && !prevDot:
			if j := nextWord(toks, i+1); j < len(toks) && toks[j].text == "(" {
				if _, commas := closing(toks, j); commas > 0 {
					if t.text == "min" {
						b.WriteString("LEAST")
					} else {
						b.WriteString("GREATEST")
					}
					continue
				}
			}
			b.WriteString(t.text)
			continue
		case t.text == "key":
			b.WriteString("`key`")
			continue
		case storeTables[t.text] && !prevDot:
			b.WriteString(prefix + t.text)
			continue
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// insertFirstColumn returns the first column named by the INSERT at
// toks[i].
func insertFirstColumn(toks []sqlToken, i int) string {
	for j := i; j < len(toks); j++ {
		if toks[j].text == "(" {
			if k := nextWord(toks, j+1); k < len(toks) && toks[k].ident {
				return toks[k].text
			}
			return ""
		}
	}
	return ""
}

func quoteColumn(c string) string {
	if c == "key" {
		return "`key`"
	}
	return c
}
