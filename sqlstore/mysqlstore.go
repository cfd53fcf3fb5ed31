package sqlstore

import (
	"context"
	"crypto/aes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	mathrand "math/rand/v2"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/migrations"
)

// Retrying a transaction the server aborted (a deadlock's victim, a lock
// wait past innodb_lock_wait_timeout, a Galera certification failure):
// at most maxAttempts runs, waiting a random time up to a doubling bound
// between them, so that hosts that collided do not collide again in step.
const (
	maxAttempts  = 8
	firstBackoff = 5 * time.Millisecond
	maxBackoff   = 400 * time.Millisecond
)

func openMySQL(ctx context.Context, addr string, opts Options) (*DB, error) {
	target, err := ParseMySQL(addr, opts.Password)
	if err != nil {
		return nil, err
	}
	d := &mysqlDialect{prefix: target.Prefix}
	pool, err := openMySQLPool(target.Config, d)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: open %s: %w", redact(addr), err)
	}
	conns := opts.ReadConns
	if conns <= 0 {
		conns = 32
	}
	pool.SetMaxOpenConns(conns)
	pool.SetMaxIdleConns(conns)
	// Below the server's wait_timeout (8 hours by default, often minutes
	// on shared hosting), so that the pool never hands out a connection
	// the server has closed.
	pool.SetConnMaxLifetime(3 * time.Minute)
	pool.SetConnMaxIdleTime(time.Minute)
	w := sqlx.NewDb(pool, "mysql")
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlstore: open %s: %w", redact(addr), err)
	}
	txp, err := openMySQLTxPool(target.Config, d)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlstore: open %s: %w", redact(addr), err)
	}
	// As many transactions as reads at once: a host holds at most twice
	// conns connections (docs/OPERATIONS.md).
	txp.SetMaxOpenConns(conns)
	txp.SetMaxIdleConns(conns)
	txp.SetConnMaxLifetime(3 * time.Minute)
	txp.SetConnMaxIdleTime(time.Minute)
	host := opts.Host
	if host == "" {
		host, _ = os.Hostname()
	}
	db := &DB{path: redact(addr), write: w, read: w, txPool: sqlx.NewDb(txp, "mysql"), mysql: d, host: host, localDir: opts.LocalDir, now: func() time.Time { return time.Now().UTC() }}
	db.reads = newReadStmts(nil)
	db.stmts = &stmtCache{m: map[string]*sqlx.Stmt{}}
	fail := func(err error) (*DB, error) {
		db.txPool.Close()
		w.Close()
		return nil, err
	}
	if err := db.migrateMySQL(ctx); err != nil {
		return fail(err)
	}
	if err := db.seedMySQLKeys(ctx); err != nil {
		return fail(err)
	}
	db.ids = newIDBlocks(db)
	if err := db.seedIDBlocks(ctx); err != nil {
		return fail(err)
	}
	if db.tokenKey, err = loadTokenKey(ctx, w); err != nil {
		return fail(err)
	}
	if err := fillMissingTokens(ctx, w, db.tokenKey); err != nil {
		return fail(err)
	}
	db.reads = newReadStmts(w)
	db.reads.unprepared = true
	return db, nil
}

// seedMySQLKeys makes the keys SQLite's migrations make with randomblob:
// each is inserted only if no host has made it yet, and every host then
// reads the one that won.
func (db *DB) seedMySQLKeys(ctx context.Context) error {
	keys := []struct {
		name string
		size int
		hex  bool
	}{{"public_token_key", aes.BlockSize, false}, {"form_token_key", 32, false}, {"webhook_secret", 32, true},
		{"client_hash_key", 32, false}, {"unique_answer_key", 32, false}, {"otp_code_key", 32, false}}
	for _, k := range keys {
		b := make([]byte, k.size)
		if _, err := rand.Read(b); err != nil {
			return err
		}
		var v any = b
		if k.hex {
			v = hex.EncodeToString(b)
		}
		if _, err := db.write.ExecContext(ctx, "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", k.name, v); err != nil {
			return fmt.Errorf("sqlstore: key %s: %w", k.name, err)
		}
	}
	// Site 1, the one site of a single-site install, signs with the
	// database's secret, as migration 0008 arranges on SQLite.
	if _, err := db.write.ExecContext(ctx, `INSERT INTO site_secrets (site_id, name, value, created_at)
		SELECT 1, 'webhook_secret', value, ? FROM settings WHERE name = 'webhook_secret' ON CONFLICT DO NOTHING`, formatTime(db.now())); err != nil {
		return fmt.Errorf("sqlstore: site 1's webhook secret: %w", err)
	}
	return nil
}

// migrateMySQL applies the MariaDB/MySQL migrations not yet recorded,
// under the same rule as on SQLite: a recorded migration this binary does
// not embed means a newer arshlined migrated the database, which is then
// refused. Hosts starting together take turns through a lease
// (takeMigrationLease); DDL on these engines commits as it goes, so a
// migration cut short is applied again from its first statement not yet
// done, each statement being checked against the schema first (see
// applyMySQLStatement).
func (db *DB) migrateMySQL(ctx context.Context) error {
	conn, err := db.write.Connx(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	names, done, err := db.appliedMigrations(ctx, conn)
	if err != nil || len(done) == len(names) {
		return err
	}
	release, err := db.takeMigrationLease(ctx, conn)
	if err != nil {
		return err
	}
	defer release()
	// Another host may have applied them while this one waited.
	if names, done, err = db.appliedMigrations(ctx, conn); err != nil {
		return err
	}
	for _, name := range names {
		if done[name] {
			continue
		}
		body, err := migrations.MySQL.ReadFile("mysql/" + name)
		if err != nil {
			return err
		}
		for _, stmt := range splitStatements(string(body)) {
			if err := db.applyMySQLStatement(ctx, conn, stmt); err != nil {
				return fmt.Errorf("sqlstore: migration %s: %w\n%s", name, err, stmt)
			}
		}
		if _, err := conn.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", name, formatTime(db.now())); err != nil {
			return fmt.Errorf("sqlstore: migration %s: %w", name, err)
		}
	}
	return nil
}

// appliedMigrations lists the migrations this binary embeds and those of
// them the database records, and refuses a database that records one it
// does not embed.
func (db *DB) appliedMigrations(ctx context.Context, conn *sqlx.Conn) (names []string, done map[string]bool, err error) {
	// The table is created only when it is missing: the daemons run as a
	// user that may read and write rows and not create tables (the
	// server refuses CREATE TABLE IF NOT EXISTS to it even when the
	// table exists), once a user that may has migrated the store.
	var applied []string
	err = conn.SelectContext(ctx, &applied, "SELECT version FROM schema_migrations")
	if mysqlErrno(err) == erNoSuchTable {
		if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version VARCHAR(191) NOT NULL PRIMARY KEY, applied_at VARCHAR(40) NOT NULL
		) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`); err != nil {
			return nil, nil, fmt.Errorf("sqlstore: migrations table: %w", err)
		}
	} else if err != nil {
		return nil, nil, fmt.Errorf("sqlstore: migrations table: %w", err)
	}
	if names, err = MigrationNames(); err != nil {
		return nil, nil, err
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n] = true
	}
	sort.Strings(applied)
	done = map[string]bool{}
	for _, v := range applied {
		if !known[v] {
			return nil, nil, &SchemaTooNewError{Path: db.path, Version: applied[len(applied)-1], Newest: names[len(names)-1]}
		}
		done[v] = true
	}
	return names, done, nil
}

// The migration lease: the row of schema_lock a host migrating the store
// holds until, renewed every migrationLease/4 while it migrates. A
// committed row holds on every node of a Galera cluster, which certifies
// one of two hosts taking it at once; a named lock (GET_LOCK) or a row
// lock would hold on one node only, and hosts starting together through
// two nodes would both create the same tables. A host that dies while
// migrating leaves the lease to run out.
const migrationLease = time.Minute

// takeMigrationLease waits up to twice migrationLease for the lease and
// returns its release.
func (db *DB) takeMigrationLease(ctx context.Context, conn *sqlx.Conn) (release func(), err error) {
	for _, q := range []string{`CREATE TABLE IF NOT EXISTS schema_lock (
			name VARCHAR(64) NOT NULL PRIMARY KEY, holder VARCHAR(255) NOT NULL, held_until BIGINT NOT NULL
		) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
		"INSERT INTO schema_lock (name, holder, held_until) VALUES ('migrate', '', 0) ON CONFLICT DO NOTHING"} {
		if _, err := conn.ExecContext(ctx, q); err != nil && !retryable(err) {
			return nil, fmt.Errorf("sqlstore: migration lease: %w", err)
		}
	}
	var token [8]byte
	if _, err := rand.Read(token[:]); err != nil {
		return nil, err
	}
	holder := truncateUTF8(db.host, 200) + " " + hex.EncodeToString(token[:])
	// Taken when free or run out, and renewed, by one statement: of two
	// hosts taking it at once, one finds it held, or (on Galera) is
	// refused at certification.
	take := func(ctx context.Context, e interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	}) (bool, error) {
		now := time.Now()
		res, err := e.ExecContext(ctx, "UPDATE schema_lock SET holder = ?, held_until = ? WHERE name = 'migrate' AND (holder = ? OR held_until < ?)",
			holder, now.Add(migrationLease).UnixMicro(), holder, now.UnixMicro())
		if err != nil {
			return false, err
		}
		n, err := res.RowsAffected()
		return n == 1, err
	}
	deadline := time.Now().Add(2 * migrationLease)
	for {
		ok, err := take(ctx, conn)
		if err != nil && !retryable(err) {
			return nil, fmt.Errorf("sqlstore: migration lease: %w", err)
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			return nil, errors.New("sqlstore: another host has been migrating the store for two minutes; try again")
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			select {
			case <-stop:
				return
			case <-time.After(migrationLease / 4):
				// A renewal that fails is tried again at the next turn,
				// well before the lease runs out.
				take(context.WithoutCancel(ctx), db.write)
			}
		}
	}()
	return func() {
		close(stop)
		<-stopped
		db.write.ExecContext(context.WithoutCancel(ctx), "UPDATE schema_lock SET held_until = 0 WHERE name = 'migrate' AND holder = ?", holder)
	}, nil
}

// applyMySQLStatement runs one statement of a migration, unless it is a
// CREATE TABLE of a table that exists already (a migration cut short
// after it), an ADD COLUMN of a column the table has, or an INSERT into a
// table that holds rows already.
func (db *DB) applyMySQLStatement(ctx context.Context, conn *sqlx.Conn, stmt string) error {
	fields := strings.Fields(stmt)
	if len(fields) >= 6 && strings.EqualFold(fields[0], "ALTER") && strings.EqualFold(fields[1], "TABLE") &&
		strings.EqualFold(fields[3], "ADD") && strings.EqualFold(fields[4], "COLUMN") {
		var n int
		if err := conn.GetContext(ctx, &n, `SELECT count(*) FROM information_schema.columns
			WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?`, db.mysql.prefix+fields[2], fields[5]); err != nil || n > 0 {
			return err
		}
	}
	if len(fields) >= 3 && strings.EqualFold(fields[0], "CREATE") && strings.EqualFold(fields[1], "TABLE") {
		if exists, err := db.mysqlTableExists(ctx, conn, fields[2]); err != nil || exists {
			return err
		}
	}
	if len(fields) >= 3 && strings.EqualFold(fields[0], "INSERT") && strings.EqualFold(fields[1], "INTO") {
		var n int
		if err := conn.GetContext(ctx, &n, "SELECT count(*) FROM "+fields[2]); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
	}
	if len(fields) >= 3 && strings.EqualFold(fields[0], "ALTER") && strings.Contains(strings.ToUpper(stmt), "FOREIGN KEY") {
		var n int
		if err := conn.GetContext(ctx, &n, `SELECT count(*) FROM information_schema.referential_constraints
			WHERE constraint_schema = DATABASE() AND table_name = ?`, db.mysql.prefix+fields[2]); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
	}
	_, err := conn.ExecContext(ctx, stmt)
	return err
}

func (db *DB) mysqlTableExists(ctx context.Context, q queryer, table string) (bool, error) {
	var n int
	err := q.GetContext(ctx, &n, `SELECT count(*) FROM information_schema.tables
		WHERE table_schema = DATABASE() AND table_name = ?`, db.mysql.prefix+table)
	return n > 0, err
}

// splitStatements cuts a migration at each semicolon that ends a line,
// dropping comment lines.
func splitStatements(body string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(body, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(t, ";") {
			s := strings.TrimSpace(cur.String())
			out = append(out, strings.TrimSuffix(s, ";"))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// MigrationNames lists the migrations of both engines, in order. It
// fails when a name is in one engine's list and not the other's.
func MigrationNames() ([]string, error) {
	lite, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return nil, err
	}
	my, err := fs.Glob(migrations.MySQL, "mysql/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(lite)
	for i := range my {
		my[i] = strings.TrimPrefix(my[i], "mysql/")
	}
	sort.Strings(my)
	if strings.Join(lite, "\n") != strings.Join(my, "\n") {
		return nil, fmt.Errorf("sqlstore: the SQLite migrations (%s) and the MariaDB/MySQL ones (%s) differ: every migration needs both files",
			strings.Join(lite, ", "), strings.Join(my, ", "))
	}
	return lite, nil
}

// StoreBytes is what the store's tables take on a MariaDB or MySQL
// server, rows and indexes, as information_schema reports them (InnoDB's
// figures are estimates, refreshed as the tables change). On SQLite the
// size is the file's, which the caller reads itself.
func (db *DB) StoreBytes(ctx context.Context) (int64, error) {
	if db.mysql == nil {
		return 0, errors.New("sqlstore: StoreBytes is for MariaDB and MySQL stores")
	}
	tables := append(StoreTables(), "schema_migrations")
	args := make([]any, len(tables))
	for i, t := range tables {
		args[i] = db.mysql.prefix + t
	}
	var n int64
	err := db.write.GetContext(ctx, &n, `SELECT coalesce(sum(data_length + index_length), 0) FROM information_schema.tables
		WHERE table_schema = DATABASE() AND table_name IN (?`+strings.Repeat(", ?", len(tables)-1)+")", args...)
	return n, err
}

// checkMySQLTables runs CHECK TABLE on every table of the store.
func (db *DB) checkMySQLTables(ctx context.Context) error {
	tables := StoreTables()
	sort.Strings(tables)
	var problems []string
	for _, t := range tables {
		exists, err := db.mysqlTableExists(ctx, db.write, t)
		if err != nil {
			return err
		}
		if !exists {
			continue
		}
		var rows []struct {
			Table string `db:"Table"`
			Op    string `db:"Op"`
			Type  string `db:"Msg_type"`
			Text  string `db:"Msg_text"`
		}
		if err := db.write.SelectContext(ctx, &rows, "CHECK TABLE "+t); err != nil {
			return err
		}
		for _, r := range rows {
			if strings.EqualFold(r.Type, "error") || (strings.EqualFold(r.Type, "status") && !strings.EqualFold(r.Text, "OK")) {
				problems = append(problems, r.Table+": "+r.Text)
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("CHECK TABLE: %s", strings.Join(problems, "; "))
	}
	return nil
}

// mysqlTx is an Update call's own MariaDB or MySQL transaction. Writes
// whose results nobody reads may be held back (deferExec) and sent in
// the same packet as the next statement, or as the commit (commitWith):
// each of a call's round trips costs the server more than the row it
// writes. The server runs a packet's statements in order and stops at
// the first that fails, whose error is then the packet's; the driver
// hands back the last statement's result (rows, affected rows, insert
// id), which is the one the caller sent.
type mysqlTx struct {
	tx *sqlx.Tx
	// pending are the held-back statements joined by ";\n", and their
	// arguments in order.
	pending strings.Builder
	args    []any
	// last is the held-back statement written last, when it is an insert
	// of one row that the next insert of the same text may join
	// (deferExec).
	last string
}

// maxPendingBytes bounds the held-back text: past it, the statements are
// sent at once (a packet must fit the server's max_allowed_packet, 16 MiB
// by default, once the driver has written the arguments into it).
const maxPendingBytes = 64 << 10

// with returns query preceded by the held-back statements, and the
// arguments of all, and forgets them: they go in the caller's packet.
func (m *mysqlTx) with(query string, args []any) (string, []any) {
	if m.pending.Len() == 0 {
		return query, args
	}
	m.pending.WriteString(";\n")
	m.pending.WriteString(query)
	q, all := m.pending.String(), append(m.args, args...)
	m.pending.Reset()
	m.args, m.last = nil, ""
	return q, all
}

// joinableInsert says whether query inserts one row of placeholders
// and nothing else (no upsert), and returns that row: the same insert
// held back twice in a row becomes one statement of two rows, which the
// server parses and runs once (a plan's versions, one after another).
func joinableInsert(query string) (row string, ok bool) {
	if !strings.HasPrefix(query, "INSERT INTO ") || strings.Contains(query, " ON ") {
		return "", false
	}
	i := strings.LastIndex(query, "VALUES (")
	if i < 0 || !strings.HasSuffix(query, ")") || strings.Contains(query[i:], "),") {
		return "", false
	}
	return query[i+len("VALUES "):], true
}

// deferExec holds query back until the next statement or the commit. Its
// error, if any, is then that round trip's, which fails the call as an
// error of the write itself would have.
func (m *mysqlTx) deferExec(ctx context.Context, query string, args ...any) error {
	if row, ok := joinableInsert(query); ok && query == m.last {
		m.pending.WriteString(", ")
		m.pending.WriteString(row)
	} else {
		if m.pending.Len() > 0 {
			m.pending.WriteString(";\n")
		}
		m.pending.WriteString(query)
		m.last = ""
		if ok {
			m.last = query
		}
	}
	m.args = append(m.args, args...)
	if m.pending.Len() > maxPendingBytes {
		q, all := m.pending.String(), m.args
		m.pending.Reset()
		m.args, m.last = nil, ""
		_, err := m.tx.ExecContext(ctx, q, all...)
		return err
	}
	return nil
}

// commitWith sends the held-back writes and COMMIT in one round trip, or
// COMMIT alone when nothing is held back.
func (m *mysqlTx) commitWith(ctx context.Context) error {
	if m.pending.Len() > 0 {
		m.pending.WriteString(commitSuffix)
		q, all := m.pending.String(), m.args
		m.pending.Reset()
		m.args, m.last = nil, ""
		if _, err := m.tx.ExecContext(ctx, q, all...); err != nil {
			return err
		}
	}
	return m.tx.Commit()
}

func (m *mysqlTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query, args = m.with(query, args)
	return m.tx.ExecContext(ctx, query, args...)
}

func (m *mysqlTx) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	query, args = m.with(query, args)
	return m.tx.GetContext(ctx, dest, query, args...)
}

func (m *mysqlTx) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	query, args = m.with(query, args)
	return m.tx.SelectContext(ctx, dest, query, args...)
}

// updateMySQL runs fn in a transaction of its own, READ COMMITTED (see
// dialectConnector.Connect), and runs it again from its start, after a
// bounded random wait, when the server aborts it as retryable; a call
// aborted on every run, or whose context ends while it waits, ends as
// gaveUp says.
func (db *DB) updateMySQL(ctx context.Context, fn func(tx domain.FormTx) error) error {
	backoff := firstBackoff
	for attempt := 1; ; attempt++ {
		err := db.runMySQL(ctx, fn)
		if err == nil || !retryable(err) {
			return err
		}
		if attempt == maxAttempts {
			return gaveUp(err)
		}
		db.retries.Add(1)
		wait := time.Duration(mathrand.Int64N(int64(backoff))) + backoff/2
		select {
		case <-ctx.Done():
			return gaveUp(err)
		case <-time.After(wait):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

func (db *DB) runMySQL(ctx context.Context, fn func(tx domain.FormTx) error) (err error) {
	sqltx, err := db.txPool.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlstore: begin: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			sqltx.Rollback()
		}
	}()
	now := db.now()
	mtx := &mysqlTx{tx: sqltx}
	t := &Tx{tx: mtx, ctx: ctx, tokenKey: db.tokenKey, now: now, ts: formatTime(now), mysql: true, ids: db.ids, host: db.host}
	if err := runGuarded(func() error { return fn(t) }); err != nil {
		return t.heldBackError(err)
	}
	if err := t.flushHeads(); err != nil {
		return t.heldBackError(err)
	}
	if err := mtx.commitWith(ctx); err != nil {
		return fmt.Errorf("sqlstore: commit: %w", t.heldBackError(err))
	}
	committed = true
	return nil
}

// heldBackError is err as the caller of Update sees it. A write held
// back (mysqlTx.deferExec) fails in the packet of a later statement or
// of the commit, so a submission's row refused by a unique index is
// judged here, whichever statement carried it: a tracking code another
// submission holds is drawn again, and a key or form token another host
// stored meanwhile makes the call run again and find that submission.
func (t *Tx) heldBackError(err error) error {
	if mysqlErrno(err) != erDupEntry {
		return err
	}
	if isUniqueViolation(err, "tracking_code") && len(t.fresh) > 0 {
		for _, s := range t.fresh {
			s.TrackingCode = ""
		}
		return &raceError{err}
	}
	if isUniqueViolation(err, "submissions_idempotency") || isUniqueViolation(err, "submissions_form_token") {
		return &raceError{err}
	}
	return err
}

// runGuarded calls f and returns a panic in it as a *PanicError.
func runGuarded(f func() error) (err error) {
	returned := false
	defer func() {
		if !returned {
			if p := recover(); p != nil {
				err = &PanicError{Value: p, Stack: debug.Stack()}
			} else {
				err = errGoexit
			}
		}
	}()
	err = f()
	returned = true
	return err
}

// lockForm takes the row lock of a form for the rest of the call on
// MariaDB and MySQL, so that two hosts changing one form take turns and
// the second sees the first's head; SQLite's single writer needs none.
func (t *Tx) lockForm(formID int64) error {
	if !t.mysql {
		return nil
	}
	for _, id := range t.locked {
		if id == formID {
			return nil
		}
	}
	// The lock is held back and goes with the read that follows it (the
	// form's head, its count): the read, a statement of its own, starts
	// once the lock is granted and sees what its last holder committed.
	// INTO a variable, it answers no rows, so the packet's first rows are
	// the read's; a missing form sets nothing, and the read finds none.
	if err := t.execUnread("SELECT id INTO @arshline_locked FROM forms WHERE id = ? FOR UPDATE", formID); err != nil {
		return err
	}
	t.locked = append(t.locked, formID)
	return nil
}

// raceError is a unique index refusing a row another host wrote after
// this call looked for it (an idempotency key, a form token): running
// the call again finds that row and answers as a single host would.
type raceError struct{ err error }

func (e *raceError) Error() string { return e.err.Error() }
func (e *raceError) Unwrap() error { return e.err }

// index keeps a submission's search text: in the FTS5 table on SQLite,
// as its words in submission_terms on MariaDB and MySQL.
func (t *Tx) index(s *domain.Submission, text string) error {
	if !t.mysql {
		_, err := t.tx.ExecContext(t.ctx, sqlInsertSearch, s.ID, text)
		return err
	}
	return insertTerms(t.ctx, unreadExecer{t}, s.FormID, s.ID, indexTerms(text))
}

// unreadExecer runs its statements as Tx.execUnread, for callers that
// discard the result.
type unreadExecer struct{ t *Tx }

func (u unreadExecer) ExecContext(_ context.Context, query string, args ...any) (sql.Result, error) {
	return nil, u.t.execUnread(query, args...)
}

// insertTerms adds a submission's words to submission_terms, up to 64 a
// statement.
func insertTerms(ctx context.Context, db interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}, formID, submissionID int64, terms []string) error {
	for len(terms) > 0 {
		n := min(len(terms), 64)
		args := make([]any, 0, 3*n)
		for _, term := range terms[:n] {
			args = append(args, formID, term, submissionID)
		}
		q := "INSERT INTO submission_terms (form_id, term, submission_id) VALUES (?, ?, ?)" + strings.Repeat(", (?, ?, ?)", n-1)
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			return err
		}
		terms = terms[n:]
	}
	return nil
}

// releaseUploadUsage takes uploads about to be deleted out of
// upload_usage, as SQLite's trigger uploads_usage_delete does.
func (t *Tx) releaseUploadUsage(ups []uploadRow) error {
	for _, u := range ups {
		if _, err := t.tx.ExecContext(t.ctx, `UPDATE upload_usage SET bytes = bytes - ?, files = files - 1
			WHERE site_id = ? AND form_id = ?`, u.Size, u.SiteID, u.FormID); err != nil {
			return err
		}
	}
	return nil
}

// ServerWarnings reads the MariaDB or MySQL server settings that weaken
// what the store promises and says what is wrong with each: a commit
// acknowledged before it is on disk, a binary log format READ COMMITTED
// cannot write, a Galera node whose reads may miss another node's
// commits. None on SQLite, or on a server set as docs/OPERATIONS.md
// asks.
func (db *DB) ServerWarnings(ctx context.Context) ([]string, error) {
	if db.mysql == nil {
		return nil, nil
	}
	get := func(name string) (string, bool) {
		var v sql.NullString
		// A variable the server does not have (wsrep_* on MySQL) is no
		// finding.
		if err := db.write.GetContext(ctx, &v, "SELECT @@GLOBAL."+name); err != nil || !v.Valid {
			return "", false
		}
		return v.String, true
	}
	var out []string
	if v, ok := get("innodb_flush_log_at_trx_commit"); ok && v != "1" {
		out = append(out, "innodb_flush_log_at_trx_commit is "+v+": a commit can be acknowledged and then lost when the server stops; set it to 1")
	}
	if bin, ok := get("log_bin"); ok && (bin == "1" || strings.EqualFold(bin, "ON")) {
		if f, ok := get("binlog_format"); ok && strings.EqualFold(f, "STATEMENT") {
			out = append(out, "binlog_format is STATEMENT: InnoDB refuses the store's READ COMMITTED writes to the binary log; set it to ROW (or MIXED)")
		}
	}
	if on, ok := get("wsrep_on"); ok && (on == "1" || strings.EqualFold(on, "ON")) {
		if w, ok := get("wsrep_sync_wait"); ok && w == "0" {
			out = append(out, "wsrep_sync_wait is 0 on this Galera node: a read may miss what another node committed just before; set it to 1")
		}
	}
	return out, nil
}
