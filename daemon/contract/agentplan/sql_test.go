package agentplan

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestAnalyzeSQLWrites(t *testing.T) {
	cases := []struct {
		query  string
		writes []string // nil: a pure read
	}{
		{"SELECT id FROM users WHERE id = $1", nil},
		{"select * from t", nil},
		{"INSERT INTO t VALUES (1)", []string{"INSERT"}},
		{"insert or replace into t values (1)", []string{"INSERT"}},
		{"UPDATE t SET a = 1", []string{"UPDATE"}},
		{"DELETE FROM t", []string{"DELETE"}},
		{"MERGE INTO t USING s ON (t.id = s.id) WHEN MATCHED THEN UPDATE SET a = 1", []string{"MERGE", "UPDATE"}},
		{"REPLACE INTO t VALUES (1)", []string{"REPLACE"}},
		{"UPSERT INTO t VALUES (1)", []string{"UPSERT"}},
		{"DROP TABLE t", []string{"DROP"}},
		{"ALTER TABLE t ADD c int", []string{"ALTER"}},
		{"CREATE TABLE t (a int)", []string{"CREATE"}},
		{"TRUNCATE t", []string{"TRUNCATE"}},
		{"GRANT ALL ON t TO bob", []string{"GRANT"}},
		{"REVOKE ALL ON t FROM bob", []string{"REVOKE"}},
		{"ATTACH DATABASE 'x.db' AS x", []string{"ATTACH"}},
		{"COPY t TO '/tmp/t.csv'", []string{"COPY"}},
		{"COPY (SELECT 1) TO '/tmp/x'", []string{"COPY"}},
		{"PRAGMA journal_mode = WAL", []string{"PRAGMA"}},
		{"PRAGMA main.user_version(3)", []string{"PRAGMA"}},
		{"PRAGMA optimize", []string{"PRAGMA"}},
		{"PRAGMA table_info(users)", nil},
		{"PRAGMA journal_mode", nil},
		{"EXPLAIN ANALYZE DELETE FROM t", []string{"DELETE"}},
		{"WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", []string{"DELETE"}},
		{"WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", []string{"INSERT"}},
		{"SELECT * INTO new_t FROM t", []string{"SELECT INTO"}},
		{"SELECT a FROM t INTO OUTFILE '/tmp/a'", []string{"SELECT INTO"}},
		{"SELECT * FROM t FOR UPDATE", []string{"FOR UPDATE"}},
		{"SELECT * FROM t FOR NO KEY UPDATE", []string{"FOR UPDATE"}},
		{"SELECT * FROM t FOR SHARE", nil},
		// Keywords that are not statements here.
		{"SELECT 'DELETE FROM t' AS note", nil},
		{`SELECT "drop", "update" FROM t`, nil},
		{"SELECT `delete` FROM t", nil},
		{"SELECT 1 -- DROP TABLE t", nil},
		{"SELECT 1 /* TRUNCATE t */", nil},
		{"SELECT 1 /* nested /* DROP t */ still comment */", nil},
		{"SELECT replace(name, 'a', 'b') FROM t", nil},
		{"SELECT insert('abc', 1, 1, 'x')", nil},
		{"SELECT copy, merge, attach FROM books", nil},
		{"SELECT t.update, x AS delete FROM t", nil},
		{"SELECT created_at, updated_by, drop_count FROM t", nil},
		{"SELECT E'it\\'s DELETE' AS s", nil},
		{"SELECT 'a''b; DROP TABLE t' AS s", nil},
		{"SELECT 1::text", nil},
		// Hidden from one dialect, live in the other.
		{"SELECT 1 /*! ; DROP TABLE t */", []string{"DROP"}},
		{"SELECT 'a\\'; DROP TABLE t; -- '", []string{"DROP"}},
		{"SELECT 1 # comment in MySQL, operator in PostgreSQL\n", nil},
		{"SELECT 2 # 3; DROP TABLE t", []string{"DROP"}},
		{`SELECT "x\"; DELETE FROM t; --"`, []string{"DELETE"}},
	}
	for _, c := range cases {
		got := new(sqlScratch).analyze(c.query).writes
		if !reflect.DeepEqual(got, c.writes) {
			t.Errorf("%q: writes %q, want %q", c.query, got, c.writes)
		}
	}
}

func TestAnalyzeSQLInjection(t *testing.T) {
	cases := []struct {
		query string
		kinds []injKind // in report order; nil: clean
	}{
		{"SELECT * FROM users WHERE name = $1", nil},
		{"SELECT * FROM users WHERE name = ? AND role = :role AND org = @org", nil},
		{"SELECT * FROM users WHERE 1=1 AND name = $1", nil},
		{"SELECT * FROM t WHERE a = 1 OR b = 2", nil},
		{"SELECT * FROM t WHERE a = 1 OR 1 = 2", nil},
		{"SELECT * FROM t WHERE note = 'x OR 1=1'", nil},
		{"SELECT 'UNION SELECT password' AS s", nil},
		{"SELECT * FROM t WHERE a = 1 -- trailing note", nil},
		{"SELECT 1; SELECT 2", nil},
		{"SELECT * FROM users WHERE name = 'x' OR 1=1", []injKind{injTautology}},
		{"SELECT * FROM users WHERE name = 'x' or 1 = 1.0", []injKind{injTautology}},
		{"SELECT * FROM users WHERE name = 'x' OR (2 > 1)", []injKind{injTautology}},
		{"SELECT * FROM users WHERE name = '' OR 'a'='a'", []injKind{injTautology}},
		{"SELECT * FROM users WHERE name = '' OR 'a'='A'", []injKind{injTautology}},
		{"SELECT * FROM users WHERE name = '' OR x=x", []injKind{injTautology}},
		{"SELECT * FROM users WHERE id = 5 OR TRUE", []injKind{injTautology}},
		{"SELECT * FROM users WHERE id = 5 OR 1", []injKind{injTautology}},
		{"SELECT * FROM users WHERE id = 5 || 1=1", []injKind{injTautology}},
		{"SELECT * FROM users WHERE id = 5 OR 0", nil},
		{"SELECT * FROM t WHERE id = 1; DROP TABLE t", []injKind{injStacked}},
		{"SELECT * FROM t WHERE id = 1;\n  delete from t", []injKind{injStacked}},
		{"SELECT * FROM u WHERE n = 'admin' -- ' AND p = 'x'", []injKind{injComment}},
		{"SELECT * FROM u WHERE n = 'admin'/* */", []injKind{injComment}},
		{"SELECT * FROM u WHERE n = ('admin') -- x", []injKind{injComment}},
		{"SELECT * FROM u WHERE n = 'admin'#", []injKind{injComment}},
		{"SELECT a FROM t UNION SELECT b FROM u", []injKind{injUnion}},
		{"SELECT a FROM t union all (select b from u)", []injKind{injUnion}},
		{"SELECT * FROM u WHERE n = 'bob", []injKind{injUnbalanced}},
		{"SELECT * FROM u /* open", []injKind{injUnbalanced}},
		{"SELECT * FROM u WHERE n = '' OR 'a'='a", []injKind{injTautology, injUnbalanced}},
		{"SELECT 'a\\'' OR 1=1 -- '", []injKind{injTautology}},
	}
	for _, c := range cases {
		var got []injKind
		for k, found := range new(sqlScratch).analyze(c.query).found {
			if found {
				got = append(got, injKind(k))
			}
		}
		if !reflect.DeepEqual(got, c.kinds) {
			t.Errorf("%q: injections %q, want %q", c.query, got, c.kinds)
		}
	}
}

func TestAnalyzeSQLStatements(t *testing.T) {
	cases := []struct {
		query             string
		statements, reads int
	}{
		{"SELECT 1", 1, 1},
		{"SELECT 1;", 1, 1},
		{"  ; ;", 0, 0},
		{"SELECT 1; UPDATE t SET a = 1", 2, 1},
		{"WITH x AS (SELECT 1) SELECT * FROM x; SHOW TABLES", 2, 2},
		{"-- only a comment", 0, 0},
	}
	for _, c := range cases {
		r := new(sqlScratch).analyze(c.query)
		if r.statements != c.statements || r.reads != c.reads {
			t.Errorf("%q: %d statements, %d reads; want %d, %d", c.query, r.statements, r.reads, c.statements, c.reads)
		}
	}
}

func TestTokenizeKinds(t *testing.T) {
	toks := tokenize(nil, `SELECT "a b", 'it''s', $$x$$, $1, ?, :name, 1.5e3, x::int -- c`, standardSQL)
	var kinds []tokKind
	for _, tk := range toks {
		kinds = append(kinds, tk.kind)
	}
	want := []tokKind{tkWord, tkQuoted, tkPunct, tkString, tkPunct, tkString, tkPunct, tkParam, tkPunct, tkParam, tkPunct, tkParam, tkPunct, tkNumber, tkPunct, tkWord, tkOp, tkWord, tkComment}
	if !reflect.DeepEqual(kinds, want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	if toks[3].value != "it's" || toks[5].value != "x" || toks[1].value != "a b" {
		t.Errorf("values %q %q %q", toks[3].value, toks[5].value, toks[1].value)
	}
	if my := tokenize(nil, `"a b"`, mysqlSQL); len(my) != 1 || my[0].kind != tkString {
		t.Errorf("MySQL reads a double-quoted string: %+v", my)
	}
}

// sameInBothDialects lets the analysis read a query once; it must only
// say so when the two readings really give the same tokens.
func TestSameInBothDialects(t *testing.T) {
	for _, c := range []struct {
		query string
		same  bool
	}{
		{"SELECT id, amount FROM invoices WHERE supplier = $1 AND paid = false", true},
		{"SELECT 'alice' -- note", true},
		{"SELECT a || b FROM t", true},
		{`SELECT 'it\'s'`, false},
		{"SELECT 1 # c", false},
		{`SELECT "x"`, false},
		{"SELECT 1 /* c */", false},
		{"SELECT 1 --c", false},
		{"SELECT $$x$$", false},
		{"SELECT E'x'", false},
		{"SELECT 1E'x'", false},
		{"SELECT nicE'x'", true},
	} {
		if got := sameInBothDialects(c.query); got != c.same {
			t.Errorf("sameInBothDialects(%q) = %v", c.query, got)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aEe1x_ $-#/*!'\"`\\?:@.;()|=<>\n\t\u00e9"
	same := 0
	for n := 0; n < 200000; n++ {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		q := string(b)
		if !sameInBothDialects(q) {
			continue
		}
		same++
		std, my := tokenize(nil, q, standardSQL), tokenize(nil, q, mysqlSQL)
		if !reflect.DeepEqual(std, my) {
			t.Fatalf("%q: the dialects differ, %+v and %+v", q, std, my)
		}
	}
	if same < 1000 {
		t.Fatalf("only %d generated queries read alike; the test checks too little", same)
	}
}
