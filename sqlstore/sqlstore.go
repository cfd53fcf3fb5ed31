// Package sqlstore keeps forms, their immutable versions, the audit log,
// submissions, jobs and the outbox, in one SQLite file (modernc.org/sqlite,
// no cgo) on a single host or in a MariaDB or MySQL database that several
// hosts share (a mysql:// address, see mysql.go and dialect.go).
//
// On SQLite it has one writer connection, so write transactions queue in
// Go instead of spinning on SQLITE_BUSY and the calls queued together
// share one commit, and a pool of read-only connections beside it. On
// MariaDB and MySQL each Update is its own transaction on a pool, run
// again from its start when the server reports a deadlock, a lock wait
// timeout or a Galera certification failure.
package sqlstore

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/migrations"
)

// Options tune how the database is opened.
type Options struct {
	// Synchronous is SQLite's synchronous pragma: FULL (default) makes
	// every acknowledged commit durable across power loss.
	Synchronous string
	// ReadConns is the size of the read pool (default 2×GOMAXPROCS).
	ReadConns int
	// BusyTimeout bounds how long a connection waits for a lock.
	BusyTimeout time.Duration
	// Password is the MariaDB or MySQL password, read from a file by the
	// caller; it replaces one written in a mysql:// address.
	Password string
	// Host names this daemon among those sharing a MariaDB or MySQL
	// store (default: the host name): the Hosha2 jobs it runs carry it.
	Host string
	// LocalDir is the directory whose file system DiskSpace reports for a
	// MariaDB or MySQL store (the uploads' and exports'), which keeps no
	// file of its own here.
	LocalDir string
}

// DB is the store.
type DB struct {
	path  string
	write *sqlx.DB
	read  *sqlx.DB
	// txPool runs Update's transactions on MariaDB and MySQL (see
	// openMySQLTxPool); nil on SQLite.
	txPool *sqlx.DB
	reads  *readStmts // the read pool's prepared statements
	stmts  *stmtCache
	// tokenKey makes forms' public tokens (see publicToken); it is kept
	// in the database so that tokens outlive restarts and backups.
	tokenKey cipher.Block
	now      func() time.Time
	group    *committer
	// mysql is the dialect of a MariaDB or MySQL store, nil on SQLite.
	mysql *mysqlDialect
	// ids gives new rows their ids on MariaDB and MySQL (idblocks.go).
	ids      *idBlocks
	host     string
	localDir string
	// retries counts transactions run again after a deadlock, lock wait
	// timeout or certification failure (MariaDB and MySQL).
	retries atomic.Int64
}

// Open opens (creating if needed) the database at path and applies
// pending migrations.
//
// A path starting with mysql:// opens a MariaDB or MySQL database instead
// (ParseMySQL); the other options then do not apply.
func Open(ctx context.Context, path string, opts Options) (*DB, error) {
	if IsMySQL(path) {
		return openMySQL(ctx, path, opts)
	}
	if opts.Synchronous == "" {
		opts.Synchronous = "FULL"
	}
	switch strings.ToUpper(opts.Synchronous) {
	case "OFF", "NORMAL", "FULL", "EXTRA":
	default:
		return nil, fmt.Errorf("sqlstore: synchronous must be OFF, NORMAL, FULL or EXTRA, not %q", opts.Synchronous)
	}
	if opts.ReadConns <= 0 {
		opts.ReadConns = 2 * runtime.GOMAXPROCS(0)
	}
	if opts.BusyTimeout <= 0 {
		opts.BusyTimeout = 5 * time.Second
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("sqlstore: create data directory: %w", err)
		}
	}
	if err := createPrivate(path); err != nil {
		return nil, err
	}
	pragmas := []string{
		fmt.Sprintf("busy_timeout(%d)", opts.BusyTimeout.Milliseconds()),
		"journal_mode(WAL)",
		"foreign_keys(1)",
		"synchronous(" + strings.ToUpper(opts.Synchronous) + ")",
		// An erased submission's answers are overwritten with zeros, not
		// only unlinked: the file, and any copy of it, keeps no trace.
		"secure_delete(1)",
	}
	// Each call of a group commit runs in a savepoint, and SQLite copies
	// every page a savepoint first touches to a sub-journal, which spills
	// to a temporary file past 64 KiB: a write(2) per page. The sub-journal
	// only serves rollback inside a live transaction, so memory loses
	// nothing on a crash.
	writePragmas := append(pragmas[:len(pragmas):len(pragmas)], "temp_store(MEMORY)")
	write, err := sqlx.Open("sqlite", dsn(path, writePragmas, "immediate"))
	if err != nil {
		return nil, fmt.Errorf("sqlstore: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlstore: open %s: %w", path, err)
	}
	db := &DB{path: path, write: write, now: func() time.Time { return time.Now().UTC() }}
	if err := db.migrate(ctx); err != nil {
		write.Close()
		return nil, err
	}
	if db.tokenKey, err = loadTokenKey(ctx, write); err != nil {
		write.Close()
		return nil, err
	}
	if err := fillMissingTokens(ctx, write, db.tokenKey); err != nil {
		write.Close()
		return nil, err
	}
	if db.stmts, err = newStmtCache(ctx, write, append(hotWriteQueries[:len(hotWriteQueries):len(hotWriteQueries)], submissionWriteQueries...)); err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlstore: prepare: %w", err)
	}
	read, err := sqlx.Open("sqlite", dsn(path, append(pragmas[:1:1], "foreign_keys(1)", "query_only(1)"), "deferred"))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlstore: open read pool: %w", err)
	}
	read.SetMaxOpenConns(opts.ReadConns)
	read.SetMaxIdleConns(opts.ReadConns)
	db.read = read
	db.reads = newReadStmts(read)
	db.group = startCommitter(db)
	return db, nil
}

func loadTokenKey(ctx context.Context, write *sqlx.DB) (cipher.Block, error) {
	var key []byte
	if err := write.GetContext(ctx, &key, "SELECT value FROM settings WHERE name = 'public_token_key'"); err != nil {
		return nil, fmt.Errorf("sqlstore: public token key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: public token key: %w", err)
	}
	return block, nil
}

// fillMissingTokens gives each form stored without a public token the
// one its id makes. Every form needs one: its link, shortcode and
// submissions find it by that token, and a database may hold forms that
// a plan created and changed in one call, stored with none.
func fillMissingTokens(ctx context.Context, write *sqlx.DB, key cipher.Block) error {
	var ids []int64
	if err := write.SelectContext(ctx, &ids, "SELECT id FROM forms WHERE public_token = ''"); err != nil {
		return fmt.Errorf("sqlstore: forms without a public token: %w", err)
	}
	for _, id := range ids {
		if _, err := write.ExecContext(ctx, "UPDATE forms SET public_token = ? WHERE id = ? AND public_token = ''", publicToken(key, id), id); err != nil {
			return fmt.Errorf("sqlstore: public token of form %d: %w", id, err)
		}
	}
	return nil
}

func dsn(path string, pragmas []string, txlock string) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", txlock)
	p, err := uriPath(path)
	if err != nil {
		p = (&url.URL{Path: path}).EscapedPath()
	}
	return "file:" + p + "?" + q.Encode()
}

// Path returns the database file's path, or the mysql:// address without
// its password.
func (db *DB) Path() string { return db.path }

// Engine is "sqlite" or "mysql".
func (db *DB) Engine() string {
	if db.mysql != nil {
		return "mysql"
	}
	return "sqlite"
}

// Retries counts the transactions run again after a deadlock, a lock wait
// timeout or a certification failure since the store was opened.
func (db *DB) Retries() int64 { return db.retries.Load() }

// Close closes both pools. Update calls still queued get ErrClosed; a
// batch already begun is committed first. The WAL is checkpointed by
// SQLite on the last close, so a clean shutdown leaves a single
// self-contained file.
func (db *DB) Close() error {
	var errs []error
	if db.group != nil {
		db.group.close()
	}
	db.stmts.close()
	if db.read != nil && db.read != db.write {
		db.reads.close()
		errs = append(errs, db.read.Close())
	}
	if db.txPool != nil {
		errs = append(errs, db.txPool.Close())
	}
	errs = append(errs, db.write.Close())
	return errors.Join(errs...)
}

// Ping checks that the database answers a query; the watchdog and
// system.health use it. On MariaDB and MySQL the query reads a table: a
// Galera node out of its cluster's primary component still answers a
// query that reads none, and refuses every other (error 1047).
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if db.mysql != nil {
		return db.reads.GetContext(ctx, &one, "SELECT count(*) FROM (SELECT 1 FROM schema_migrations LIMIT 1) t")
	}
	return db.reads.GetContext(ctx, &one, "SELECT 1")
}

// IntegrityCheck runs PRAGMA integrity_check and returns its findings,
// nil when the file is sound.
//
// On MariaDB and MySQL it runs CHECK TABLE on each of the store's tables.
func (db *DB) IntegrityCheck(ctx context.Context) error {
	if db.mysql != nil {
		return db.checkMySQLTables(ctx)
	}
	return integrityCheck(ctx, db.write)
}

// Backup writes a consistent copy of the live database to dest with
// VACUUM INTO, which does not block readers or writers for long. dest
// must not exist (a symlink there is refused too); the copy is 0600 and
// must pass integrity_check.
//
// A MariaDB or MySQL store is backed up by the server's own tools.
func (db *DB) Backup(ctx context.Context, dest string) error {
	if db.mysql != nil {
		return errors.New("sqlstore: a MariaDB or MySQL store is backed up with mariadb-dump --single-transaction or mariabackup, not by arshlined")
	}
	return vacuumInto(ctx, db.write, dest)
}

// NewestSchema is the newest migration this binary embeds.
func NewestSchema() string {
	names, _ := fs.Glob(migrations.FS, "*.sql")
	sort.Strings(names)
	if len(names) == 0 {
		return ""
	}
	return names[len(names)-1]
}

// migrate applies the embedded migrations not yet recorded, each in its
// own transaction, so a crash leaves the schema at a known version.
// Foreign keys are off while one runs, so that a migration may rebuild a
// table others refer to (SQLite's documented procedure: dropping the old
// table would otherwise cascade or fail), and every reference is checked
// before its transaction commits.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("sqlstore: migrations table: %w", err)
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	var applied []string
	if err := db.write.SelectContext(ctx, &applied, "SELECT version FROM schema_migrations"); err != nil {
		return err
	}
	// A migration recorded in the database that this binary does not
	// embed was applied by a newer arshlined (migrations are only ever
	// added): refuse before touching anything.
	known := map[string]bool{}
	for _, name := range names {
		known[name] = true
	}
	sort.Strings(applied)
	for _, v := range applied {
		if !known[v] {
			return &SchemaTooNewError{Path: db.path, Version: applied[len(applied)-1], Newest: names[len(names)-1]}
		}
	}
	done := map[string]bool{}
	for _, v := range applied {
		done[v] = true
	}
	for _, name := range names {
		if done[name] {
			continue
		}
		body, err := migrations.FS.ReadFile(name)
		if err != nil {
			return err
		}
		if err := db.applyMigration(ctx, name, string(body)); err != nil {
			return fmt.Errorf("sqlstore: migration %s: %w", name, err)
		}
	}
	return nil
}

func (db *DB) applyMigration(ctx context.Context, name, body string) (err error) {
	// The pragma is a no-op inside a transaction, so it is set around it;
	// the writer pool's single connection is the one both run on.
	if _, err := db.write.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return err
	}
	defer func() {
		if _, onErr := db.write.ExecContext(ctx, "PRAGMA foreign_keys = ON"); onErr != nil && err == nil {
			err = onErr
		}
	}()
	tx, err := db.write.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, body); err != nil {
		return err
	}
	var broken []struct {
		Table  string        `db:"table"`
		RowID  sql.NullInt64 `db:"rowid"`
		Parent string        `db:"parent"`
		FKID   int64         `db:"fkid"`
	}
	if err := tx.SelectContext(ctx, &broken, "PRAGMA foreign_key_check"); err != nil {
		return err
	}
	if len(broken) > 0 {
		b := broken[0]
		return fmt.Errorf("%d rows would break a foreign key, the first in %s (rowid %d) referring to %s",
			len(broken), b.Table, b.RowID.Int64, b.Parent)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", name, formatTime(db.now())); err != nil {
		return err
	}
	return tx.Commit()
}

// SchemaVersions lists the applied migrations in order.
func (db *DB) SchemaVersions(ctx context.Context) ([]string, error) {
	var v []string
	err := db.read.SelectContext(ctx, &v, "SELECT version FROM schema_migrations ORDER BY version")
	return v, err
}

// Update runs fn in one IMMEDIATE write transaction on the single writer
// connection, which it may share with other Update calls (group commit,
// see groupcommit.go): fn runs in its own savepoint, sees its own writes
// and those of the calls queued before it, and nothing of it remains if
// it returns an error or panics (a panic comes back as a *PanicError).
// Update returns nil only once the transaction holding fn's writes has
// committed. If ctx is done before fn starts, fn does not run.
//
// On MariaDB and MySQL, fn runs in a transaction of its own, and runs
// again from its start when the server aborts that transaction as a
// deadlock's victim, on a lock wait timeout or a Galera certification
// failure (see updateMySQL): fn must set, not accumulate, what it hands
// back to its caller, and do nothing outside the transaction that a
// second run would repeat.
func (db *DB) Update(ctx context.Context, fn func(tx domain.FormTx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if db.mysql != nil {
		return db.updateMySQL(ctx, fn)
	}
	c := &call{ctx: ctx, fn: fn, turn: make(chan *Tx, 1), ran: make(chan error, 1), done: make(chan error, 1)}
	if err := db.group.enqueue(c); err != nil {
		return err
	}
	return c.wait()
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

func parseTimePtr(s sql.NullString) *time.Time {
	if !s.Valid {
		return nil
	}
	t := parseTime(s.String)
	return &t
}

var (
	_ domain.FormStore = (*DB)(nil)
	_ domain.FormTx    = (*Tx)(nil)
)
