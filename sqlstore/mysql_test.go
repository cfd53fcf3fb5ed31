package sqlstore

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/migrations"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

func TestParseMySQL(t *testing.T) {
	t.Run("a Unix socket with a prefix", func(t *testing.T) {
		m, err := ParseMySQL("mysql://wp:secret@unix(/run/mysqld/mysqld.sock)/wordpress?prefix=arsh_", "")
		if err != nil {
			t.Fatal(err)
		}
		c := m.Config
		if c.User != "wp" || c.Passwd != "secret" || c.Net != "unix" || c.Addr != "/run/mysqld/mysqld.sock" || c.DBName != "wordpress" || m.Prefix != "arsh_" {
			t.Fatalf("%+v prefix %q", c, m.Prefix)
		}
		if c.ParseTime || !c.InterpolateParams || c.MultiStatements || c.Collation != "utf8mb4_bin" {
			t.Fatalf("driver settings %+v", c)
		}
	})
	t.Run("TCP with TLS, the password from a file", func(t *testing.T) {
		m, err := ParseMySQL("mysql://wp@tcp(db.internal:3306)/site?tls=true&prefix=x_", "from-file")
		if err != nil {
			t.Fatal(err)
		}
		if m.Config.Net != "tcp" || m.Config.Addr != "db.internal:3306" || m.Config.TLSConfig != "true" || m.Config.Passwd != "from-file" || m.Prefix != "x_" {
			t.Fatalf("%+v", m.Config)
		}
	})
	t.Run("no prefix named takes the default", func(t *testing.T) {
		m, err := ParseMySQL("mysql://wp@unix(/s)/db", "")
		if err != nil || m.Prefix != DefaultPrefix {
			t.Fatalf("%v %v", m, err)
		}
		m, err = ParseMySQL("mysql://wp@unix(/s)/db?prefix=", "")
		if err != nil || m.Prefix != "" {
			t.Fatalf("an empty prefix: %v %v", m, err)
		}
	})
	for _, c := range []struct{ name, addr, want string }{
		{"not mysql", "/var/lib/arshline/arshline.db", "not a mysql:// address"},
		{"a prefix with a quote", "mysql://wp:pw@unix(/s)/db?prefix=a'b", "prefix must be"},
		{"a long prefix", "mysql://wp:pw@unix(/s)/db?prefix=" + strings.Repeat("a", 33), "prefix must be"},
		{"an unknown parameter", "mysql://wp:pw@unix(/s)/db?autocommit=0", `unknown parameter "autocommit"`},
		{"no database", "mysql://wp:pw@unix(/s)/", "names no database"},
		{"no user", "mysql://:pw@unix(/s)/db", "names no user"},
		{"a bad address", "mysql://wp:pw@unix(/s/db", "invalid DSN"},
	} {
		t.Run("refused: "+c.name, func(t *testing.T) {
			_, err := ParseMySQL(c.addr, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%v, want %q", err, c.want)
			}
			if strings.Contains(err.Error(), "pw@") {
				t.Fatalf("the password shows in %q", err)
			}
		})
	}
	t.Run("Redact hides the password only", func(t *testing.T) {
		if got := Redact("mysql://wp:s3cr@t@unix(/s)/db?prefix=a_"); got != "mysql://wp:***@unix(/s)/db?prefix=a_" {
			t.Fatal(got)
		}
		if got := Redact("/var/lib/arshline/arshline.db"); got != "/var/lib/arshline/arshline.db" {
			t.Fatal(got)
		}
	})
}

func TestMySQLDialect(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"tables take the prefix, strings and columns do not",
			"SELECT s.id, f.title FROM submissions s JOIN forms f ON f.id = s.form_id WHERE name = 'submissions'",
			"SELECT s.id, f.title FROM p_submissions s JOIN p_forms f ON f.id = s.form_id WHERE name = 'submissions'"},
		{"key is quoted", "SELECT key, count FROM answer_totals ORDER BY key", "SELECT `key`, count FROM p_answer_totals ORDER BY `key`"},
		{"an upsert",
			"INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
			"INSERT INTO p_settings (name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = VALUES(value)"},
		{"an upsert adding, with scalar min and max",
			"INSERT INTO submission_days (form_id, day, count, first_id, last_id) VALUES (?, ?, ?, ?, ?) ON CONFLICT (form_id, day) DO UPDATE SET count = count + excluded.count, first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id)",
			"INSERT INTO p_submission_days (form_id, day, count, first_id, last_id) VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE count = count + VALUES(count), first_id = LEAST(first_id, VALUES(first_id)), last_id = GREATEST(last_id, VALUES(last_id))"},
		{"do nothing", "INSERT INTO unique_answers (submission_id, field_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
			"INSERT INTO p_unique_answers (submission_id, field_id) VALUES (?, ?) ON DUPLICATE KEY UPDATE submission_id = submission_id"},
		{"aggregate max stays", "SELECT max(id) FROM submissions", "SELECT max(id) FROM p_submissions"},
		{"a qualified column named like a table stays", "SELECT x.forms FROM t x", "SELECT x.forms FROM t x"},
		{"a quoted identifier", `SELECT "key" FROM jobs`, "SELECT `key` FROM p_jobs"},
		{"an escaped quote in a string", "SELECT 'it''s forms' FROM forms", "SELECT 'it''s forms' FROM p_forms"},
		{"several statements, each do nothing on its own first column",
			"INSERT INTO settings (name, value) VALUES (?, ?);\nINSERT INTO unique_answers (submission_id, field_id) VALUES (?, ?) ON CONFLICT DO NOTHING;\nCOMMIT",
			"INSERT INTO p_settings (name, value) VALUES (?, ?);\nINSERT INTO p_unique_answers (submission_id, field_id) VALUES (?, ?) ON DUPLICATE KEY UPDATE submission_id = submission_id;\nCOMMIT"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := translateMySQL(c.in, "p_"); got != c.want {
				t.Fatalf("\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// FuzzMySQLDialect: any text translates without a panic, the same way
// each time, and text without identifiers passes through unchanged.
func FuzzMySQLDialect(f *testing.F) {
	for _, s := range []string{"SELECT 1", "INSERT INTO forms (a) VALUES (?) ON CONFLICT DO NOTHING", "'unterminated", "min((", "ON CONFLICT (", "excluded."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := translateMySQL(s, "p_")
		if b := translateMySQL(s, "p_"); a != b {
			t.Fatalf("two translations of %q differ", s)
		}
		if !strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_\"") && a != s {
			t.Fatalf("%q became %q", s, a)
		}
	})
}

// TestMigrationListsMatch: every migration has a file for each engine,
// so that a store on either is at a named schema.
func TestMigrationListsMatch(t *testing.T) {
	names, err := MigrationNames()
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 || names[len(names)-1] != NewestSchema() {
		t.Fatalf("names %v, newest %s", names, NewestSchema())
	}
	for _, n := range names {
		if _, err := migrations.MySQL.ReadFile("mysql/" + n); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
}

// TestStoreTablesComeFromTheMigrations: every table a MariaDB migration
// creates takes the prefix, and nothing else does.
func TestStoreTablesComeFromTheMigrations(t *testing.T) {
	for _, name := range []string{"forms", "form_versions", "submissions", "submission_terms", "answer_counts", "rate_windows", "rate_keys", "job_cancels", "schema_migrations", "unique_answers"} {
		if !storeTables[name] {
			t.Errorf("%s takes no prefix", name)
		}
	}
	for _, name := range []string{"submissions_fts", "id_floors", "value", "key", "TABLE"} {
		if storeTables[name] {
			t.Errorf("%s takes the prefix", name)
		}
	}
}

// TestOperationsGrantsEveryTable: the grants OPERATIONS.md gives the
// daemons' database user name every table of the store, and only those,
// so that a daemon set up by the recipe can use a table a new migration
// adds.
func TestOperationsGrantsEveryTable(t *testing.T) {
	doc, err := os.ReadFile("../docs/OPERATIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	loop := regexp.MustCompile(`(?s)for t in ([a-z_\s\\]+); do\s+echo "GRANT SELECT, INSERT, UPDATE, DELETE ON wordpress\.arsh_\$t`).FindSubmatch(doc)
	versions := regexp.MustCompile(`GRANT SELECT, INSERT ON wordpress\.arsh_form_versions `).Find(doc)
	if loop == nil || versions == nil {
		t.Fatal("OPERATIONS.md has no grants loop and form_versions grant")
	}
	granted := map[string]bool{"form_versions": true}
	for _, name := range strings.Fields(strings.ReplaceAll(string(loop[1]), "\\", " ")) {
		if granted[name] {
			t.Errorf("%s is granted twice", name)
		}
		granted[name] = true
	}
	for name := range storeTables {
		if !granted[name] {
			t.Errorf("OPERATIONS.md grants nothing on %s", name)
		}
	}
	for name := range granted {
		if !storeTables[name] {
			t.Errorf("OPERATIONS.md grants %s, which is not a table of the store", name)
		}
	}
}

func TestSplitStatements(t *testing.T) {
	got := splitStatements("-- a comment; with a semicolon\nCREATE TABLE a (\n  x INT -- ; inline\n);\n\nINSERT INTO a VALUES (1);\nSELECT 1")
	if len(got) != 3 || !strings.HasPrefix(got[0], "CREATE TABLE a") || got[1] != "INSERT INTO a VALUES (1)" || got[2] != "SELECT 1" {
		t.Fatalf("%q", got)
	}
}

// TestMariaDBSchemaRules: on MariaDB as on SQLite, a store migrated by a
// newer arshlined is refused with its version named, and opening a
// migrated store again applies nothing; tables carry the prefix, and two
// prefixes keep two stores apart in one database.
func TestMariaDBSchemaRules(t *testing.T) {
	sqliteOnly(t) // opens MariaDB itself
	ctx := context.Background()
	addr := mariadbtest.NewDatabase(t)
	db, err := Open(ctx, addr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := createForm(t, db, "پیشوند")
	t.Run("tables carry the prefix, utf8mb4 with binary collation", func(t *testing.T) {
		var coll string
		if err := db.write.Get(&coll, `SELECT table_collation FROM information_schema.tables
			WHERE table_schema = DATABASE() AND table_name = 'arsh_forms'`); err != nil || coll != "utf8mb4_bin" {
			t.Fatalf("arsh_forms collation %q, %v", coll, err)
		}
	})
	t.Run("transactions are READ COMMITTED", func(t *testing.T) {
		var level string
		if err := db.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			return tx.tx.GetContext(tx.ctx, &level, "SELECT @@SESSION.tx_isolation")
		}); err != nil || level != "READ-COMMITTED" {
			t.Fatalf("isolation %q, %v", level, err)
		}
	})
	t.Run("server settings that weaken the store are named", func(t *testing.T) {
		// The test server commits durably and has no binary log.
		if w, err := db.ServerWarnings(ctx); err != nil || len(w) != 0 {
			t.Fatalf("%q %v", w, err)
		}
		mariadbtest.Start(t).Exec(t, "SET GLOBAL innodb_flush_log_at_trx_commit = 2")
		defer mariadbtest.Start(t).Exec(t, "SET GLOBAL innodb_flush_log_at_trx_commit = 1")
		w, err := db.ServerWarnings(ctx)
		if err != nil || len(w) != 1 || !strings.Contains(w[0], "innodb_flush_log_at_trx_commit is 2") {
			t.Fatalf("%q %v", w, err)
		}
	})
	t.Run("a second prefix is a second store", func(t *testing.T) {
		other, err := Open(ctx, strings.Replace(addr, "prefix=arsh_", "prefix=b_", 1), Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		if _, err := other.GetForm(ctx, 1, f.ID); !isNotFound(err) {
			t.Fatalf("the b_ store sees arsh_'s form: %v", err)
		}
	})
	t.Run("reopening applies nothing", func(t *testing.T) {
		before, _ := db.SchemaVersions(ctx)
		db2, err := Open(ctx, addr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		after, _ := db2.SchemaVersions(ctx)
		db2.Close()
		if strings.Join(before, ",") != strings.Join(after, ",") || len(after) == 0 {
			t.Fatalf("%v then %v", before, after)
		}
	})
	t.Run("a newer schema is refused", func(t *testing.T) {
		if _, err := db.write.Exec("INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_future.sql', 'x')"); err != nil {
			t.Fatal(err)
		}
		_, err := Open(ctx, addr, Options{})
		var tooNew *SchemaTooNewError
		if !errors.As(err, &tooNew) || tooNew.Version != "9999_future.sql" || strings.Contains(err.Error(), "pw") {
			t.Fatalf("%v", err)
		}
	})
	db.Close()
}

// TestMariaDBRowOnlyUser: once a user that may change the schema has
// migrated the store, the daemons run as one that may only read and
// write rows, and only add versions (OPERATIONS.md, "The database
// user"): the store opens as that user and keeps a form, and the server
// refuses it a change to a version.
func TestMariaDBRowOnlyUser(t *testing.T) {
	sqliteOnly(t) // opens MariaDB itself
	ctx := context.Background()
	d := mariadbtest.Create(t)
	owner, err := Open(ctx, d.Address("arsh_", true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	err = owner.write.Select(&tables, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = DATABASE() AND table_name LIKE 'arsh\\_%' AND table_type = 'BASE TABLE'`)
	owner.Close()
	if err != nil || len(tables) < 10 {
		t.Fatalf("the store's tables: %v %v", tables, err)
	}
	s := mariadbtest.Start(t)
	user, pass := d.Name+"_rows", "rows"+d.Password
	s.Exec(t, "CREATE USER '"+user+"'@'localhost' IDENTIFIED BY '"+pass+"'")
	t.Cleanup(func() { s.Exec(t, "DROP USER IF EXISTS '"+user+"'@'localhost'") })
	for _, table := range tables {
		privs := "SELECT, INSERT, UPDATE, DELETE"
		if table == "arsh_form_versions" {
			privs = "SELECT, INSERT"
		}
		s.Exec(t, "GRANT "+privs+" ON "+d.Name+".`"+table+"` TO '"+user+"'@'localhost'")
	}
	db, err := Open(ctx, "mysql://"+user+":"+pass+"@unix("+d.Socket+")/"+d.Name+"?prefix=arsh_", Options{})
	if err != nil {
		t.Fatalf("the row-only user cannot open the migrated store: %v", err)
	}
	defer db.Close()
	t.Run("a form is kept", func(t *testing.T) {
		f := createForm(t, db, "ردیف‌ها")
		if got, err := db.GetForm(ctx, 1, f.ID); err != nil || got.Title != "ردیف‌ها" {
			t.Fatalf("%+v %v", got, err)
		}
	})
	t.Run("a version cannot be changed", func(t *testing.T) {
		_, err := db.write.Exec("UPDATE form_versions SET source = 'api'")
		if mysqlErrno(err) != 1142 {
			t.Fatalf("UPDATE of a version: %v", err)
		}
	})
}

func isNotFound(err error) bool {
	var de *domain.Error
	return errors.As(err, &de) && de.Code == domain.CodeNotFound
}

// TestMariaDBRetriesDeadlocks: two calls that lock two rows in opposite
// orders deadlock; the server aborts one, which is run again from its
// start and commits, so both calls succeed, and the retry is counted. A
// call whose every run is aborted gives up after maxAttempts runs with
// the server's error.
func TestMariaDBRetriesDeadlocks(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	db, err := Open(ctx, mariadbtest.NewDatabase(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, n := range []string{"a", "b"} {
		if _, err := db.write.Exec("INSERT INTO settings (name, value) VALUES (?, '0')", "lock_"+n); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("a deadlock's victim runs again and commits", func(t *testing.T) {
		var wg sync.WaitGroup
		var runs [2]int
		// Both calls hold their first row before either asks for its
		// second: a deadlock every time, however the goroutines run.
		var locked sync.WaitGroup
		locked.Add(2)
		var once [2]sync.Once
		errs := make([]error, 2)
		for i, order := range [][2]string{{"lock_a", "lock_b"}, {"lock_b", "lock_a"}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = db.Update(ctx, func(ftx domain.FormTx) error {
					tx := ftx.(*Tx)
					runs[i]++
					if _, err := tx.tx.ExecContext(tx.ctx, "UPDATE settings SET value = value + 1 WHERE name = ?", order[0]); err != nil {
						return err
					}
					once[i].Do(func() {
						locked.Done()
						locked.Wait()
					})
					_, err := tx.tx.ExecContext(tx.ctx, "UPDATE settings SET value = value + 1 WHERE name = ?", order[1])
					return err
				})
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("%v / %v", errs[0], errs[1])
		}
		if runs[0]+runs[1] < 3 || db.Retries() < 1 {
			t.Fatalf("runs %v, retries %d: no deadlock was forced", runs, db.Retries())
		}
		var a, b string
		db.write.Get(&a, "SELECT value FROM settings WHERE name = 'lock_a'")
		db.write.Get(&b, "SELECT value FROM settings WHERE name = 'lock_b'")
		if a != "2" || b != "2" {
			t.Fatalf("each row should be raised once by each call: %s %s", a, b)
		}
	})
	t.Run("retries are bounded", func(t *testing.T) {
		runs := 0
		start := time.Now()
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			runs++
			return &raceError{errors.New("always refused")}
		})
		if err == nil || runs != maxAttempts {
			t.Fatalf("%d runs, %v", runs, err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("gave up after %v", d)
		}
	})
}

// FuzzParseMySQL: any address is parsed or refused without a panic, a
// refusal never shows the address's password, and an accepted address
// has a database, a user and a prefix of the allowed characters.
func FuzzParseMySQL(f *testing.F) {
	for _, s := range []string{"mysql://u:p@unix(/s)/db?prefix=a_", "mysql://u:p@tcp(h:3306)/db?tls=true", "mysql://u:p@/x?prefix='", "mysql://", "mysql://u:secret@unix(/s/db"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, addr string) {
		m, err := ParseMySQL(addr, "")
		if err != nil {
			if _, pass, ok := strings.Cut(strings.TrimPrefix(addr, MySQLScheme), ":"); ok && len(pass) > 8 {
				if p, _, _ := strings.Cut(pass, "@"); len(p) > 8 && strings.Contains(err.Error(), p) && !strings.Contains(redact(addr), p) {
					t.Fatalf("the password shows in %q", err)
				}
			}
			return
		}
		if m.Config.DBName == "" || m.Config.User == "" || !prefixPattern.MatchString(m.Prefix) {
			t.Fatalf("accepted %q as %+v prefix %q", addr, m.Config, m.Prefix)
		}
	})
}
