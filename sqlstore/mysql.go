package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/go-sql-driver/mysql"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// MySQLScheme starts a --db value that names a MariaDB or MySQL database
// instead of an SQLite file.
const MySQLScheme = "mysql://"

// IsMySQL says whether a --db value names a MariaDB or MySQL database.
func IsMySQL(db string) bool { return strings.HasPrefix(db, MySQLScheme) }

// DefaultPrefix is the prefix of the store's tables when the address
// names none: they may share the WordPress database.
const DefaultPrefix = "arsh_"

var prefixPattern = regexp.MustCompile(`^[A-Za-z0-9_]{0,32}$`)

// MySQLTarget is a parsed mysql:// address.
type MySQLTarget struct {
	Config *mysql.Config
	Prefix string
}

// ParseMySQL parses mysql://USER[:PASS]@unix(/path)/DB?prefix=P&… or
// mysql://USER[:PASS]@tcp(HOST:PORT)/DB?tls=true&prefix=P. password,
// when not empty, is used instead of one in the address (read from a
// file by the caller). Parameters are the driver's (tls, timeout,
// readTimeout, writeTimeout, …) plus prefix; a parameter the driver does
// not know would be sent to the server as a system variable, so only
// the driver's own are accepted. The address's password never appears
// in an error.
func ParseMySQL(addr, password string) (*MySQLTarget, error) {
	if !IsMySQL(addr) {
		return nil, fmt.Errorf("sqlstore: %q is not a mysql:// address", redact(addr))
	}
	rest := strings.TrimPrefix(addr, MySQLScheme)
	dsn, rawQuery, _ := strings.Cut(rest, "?")
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: database address %s: parameters: %v", redact(addr), err)
	}
	prefix := DefaultPrefix
	if v, ok := q["prefix"]; ok {
		prefix = v[len(v)-1]
		if !prefixPattern.MatchString(prefix) {
			return nil, fmt.Errorf("sqlstore: database address %s: the prefix must be at most 32 letters, digits or _, not %q", redact(addr), prefix)
		}
		q.Del("prefix")
	}
	for name := range q {
		if !driverParams[name] {
			return nil, fmt.Errorf("sqlstore: database address %s: unknown parameter %q (known: prefix, %s)", redact(addr), name, strings.Join(sortedKeys(driverParams), ", "))
		}
	}
	if len(q) > 0 {
		dsn += "?" + q.Encode()
	}
	cfg, err := mysql.ParseDSN(dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: database address %s: %v", redact(addr), err)
	}
	if cfg.DBName == "" {
		return nil, fmt.Errorf("sqlstore: database address %s names no database", redact(addr))
	}
	if cfg.User == "" {
		return nil, fmt.Errorf("sqlstore: database address %s names no user", redact(addr))
	}
	if password != "" {
		cfg.Passwd = password
	}
	// Times are stored as RFC 3339 text on both engines, so the driver
	// hands strings back; statements are sent with their arguments in one
	// round trip (the driver escapes them for utf8mb4) instead of a
	// prepare, execute and close each.
	cfg.ParseTime = false
	cfg.InterpolateParams = true
	cfg.MultiStatements = false
	cfg.Collation = "utf8mb4_bin"
	if cfg.Params == nil {
		cfg.Params = map[string]string{}
	}
	cfg.Params["sql_mode"] = "'STRICT_ALL_TABLES,NO_ZERO_DATE,NO_ZERO_IN_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'"
	cfg.Params["time_zone"] = "'+00:00'"
	return &MySQLTarget{Config: cfg, Prefix: prefix}, nil
}

// driverParams are the address parameters passed to the driver.
var driverParams = map[string]bool{
	"tls": true, "timeout": true, "readTimeout": true, "writeTimeout": true,
	"allowNativePasswords": true, "allowCleartextPasswords": true, "serverPubKey": true,
	"maxAllowedPacket": true, "rejectReadOnly": true, "connectionAttributes": true,
}

func sortedKeys(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}

// redact hides the password of a mysql:// address, for messages and
// logs. As the driver does, the credentials end at the last @ before the
// last / (the one before the database name), so a password may hold @.
func redact(addr string) string {
	if !IsMySQL(addr) {
		return addr
	}
	rest := strings.TrimPrefix(addr, MySQLScheme)
	dsn, _, _ := strings.Cut(rest, "?")
	slash := strings.LastIndexByte(dsn, '/')
	if slash < 0 {
		slash = len(dsn)
	}
	at := strings.LastIndexByte(dsn[:slash], '@')
	if at < 0 {
		return addr
	}
	user, _, hasPass := strings.Cut(rest[:at], ":")
	if !hasPass {
		return addr
	}
	return MySQLScheme + user + ":***" + rest[at:]
}

// Redact returns a --db value fit for a log line: a mysql:// address
// without its password, a path as it is.
func Redact(db string) string { return redact(db) }

// ReadPasswordFile reads a database password from a file (systemd's
// LoadCredential=, or a 0600 file), without its surrounding blanks.
func ReadPasswordFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	p := strings.TrimSpace(string(b))
	if p == "" {
		return "", fmt.Errorf("%w: %s", ErrEmptyPassword, path)
	}
	return p, nil
}

// ErrEmptyPassword: a password file holds nothing but blanks.
var ErrEmptyPassword = errors.New("the password file is empty")

// openMySQLPool opens a pool whose statements pass through d.
func openMySQLPool(cfg *mysql.Config, d *mysqlDialect) (*sql.DB, error) {
	c, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(&dialectConnector{Connector: c, d: d}), nil
}

// openMySQLTxPool opens the pool of Update's transactions (see
// dialectConnector.txOnly). Its connections may send several statements
// in one packet, which only the commit folded into a transaction's last
// statement does (commitWith); arguments are always escaped into the
// text by the driver, never spliced by the store.
func openMySQLTxPool(cfg *mysql.Config, d *mysqlDialect) (*sql.DB, error) {
	cfg = cfg.Clone()
	cfg.MultiStatements = true
	c, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(&dialectConnector{Connector: c, d: d, txOnly: true}), nil
}

// dialectConnector gives every connection of a pool the dialect.
type dialectConnector struct {
	driver.Connector
	d *mysqlDialect
	// txOnly: the pool serves transactions only. Its sessions run with
	// autocommit off, so a transaction begins with its first statement
	// instead of a START TRANSACTION round trip of its own; a statement
	// outside a transaction is refused there, since nothing would ever
	// commit it.
	txOnly bool
}

// Connect opens a connection whose transactions are READ COMMITTED: each
// statement sees what other hosts committed before it, and the rows a
// call must keep stable it locks. Set once per connection, it costs no
// round trip per transaction.
func (c *dialectConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	e, ok := conn.(driver.ExecerContext)
	if !ok {
		conn.Close()
		return nil, errNoInterface
	}
	setup := []string{"SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"}
	if c.txOnly {
		setup = append(setup, "SET SESSION autocommit = 0")
	}
	for _, q := range setup {
		if _, err := e.ExecContext(ctx, q, nil); err != nil {
			conn.Close()
			return nil, err
		}
	}
	return &dialectConn{Conn: conn, d: c.d, txOnly: c.txOnly}, nil
}

// dialectConn rewrites each statement and hands it to the driver's own
// connection, which offers every one of these interfaces.
type dialectConn struct {
	driver.Conn
	d      *mysqlDialect
	txOnly bool
	// On a txOnly connection: inTx while a transaction is open, and
	// committed once a statement ending in commitSuffix has run.
	inTx, committed bool
}

// commitSuffix ends the last statement of a transaction on the
// transaction pool, so that statement and the commit take one round
// trip (commitWith).
const commitSuffix = ";\nCOMMIT"

var errOutsideTx = errors.New("sqlstore: a statement outside a transaction on the transaction pool")

// noteStatement refuses a statement outside a transaction on a txOnly
// connection.
func (c *dialectConn) noteStatement() error {
	if c.txOnly && !c.inTx {
		return errOutsideTx
	}
	return nil
}

// noteDone records that a statement ending in commitSuffix committed.
func (c *dialectConn) noteDone(query string, err error) {
	if c.txOnly && err == nil && strings.HasSuffix(query, commitSuffix) {
		c.committed = true
	}
}

var errNoInterface = errors.New("sqlstore: the MySQL driver lacks an expected interface")

// A statement is prepared on the transaction pool only inside a
// transaction: database/sql prepares one there when the driver cannot
// send a statement's arguments in its text.
func (c *dialectConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := c.noteStatement(); err != nil {
		return nil, err
	}
	if p, ok := c.Conn.(driver.ConnPrepareContext); ok {
		return p.PrepareContext(ctx, c.d.rewrite(query))
	}
	return c.Conn.Prepare(c.d.rewrite(query))
}

func (c *dialectConn) Prepare(query string) (driver.Stmt, error) {
	if err := c.noteStatement(); err != nil {
		return nil, err
	}
	return c.Conn.Prepare(c.d.rewrite(query))
}

func (c *dialectConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if err := c.noteStatement(); err != nil {
		return nil, err
	}
	e, ok := c.Conn.(driver.ExecerContext)
	if !ok {
		return nil, errNoInterface
	}
	res, err := e.ExecContext(ctx, c.d.rewrite(query), args)
	c.noteDone(query, err)
	return res, notReady(err)
}

func (c *dialectConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if err := c.noteStatement(); err != nil {
		return nil, err
	}
	q, ok := c.Conn.(driver.QueryerContext)
	if !ok {
		return nil, errNoInterface
	}
	rows, err := q.QueryContext(ctx, c.d.rewrite(query), args)
	return rows, notReady(err)
}

func (c *dialectConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if c.txOnly {
		// The pool's sessions run with autocommit off and READ
		// COMMITTED: the transaction begins at its first statement.
		if opts.ReadOnly || (opts.Isolation != driver.IsolationLevel(sql.LevelDefault) && opts.Isolation != driver.IsolationLevel(sql.LevelReadCommitted)) {
			return nil, errors.New("sqlstore: the transaction pool runs READ COMMITTED read-write transactions only")
		}
		if c.inTx {
			return nil, errors.New("sqlstore: a transaction is already open on this connection")
		}
		c.inTx, c.committed = true, false
		return lazyTx{c}, nil
	}
	if b, ok := c.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return nil, errNoInterface
}

// lazyTx is a transaction of the transaction pool: nothing is sent to
// begin it, and its commit costs no round trip when its last statement
// carried it.
type lazyTx struct{ c *dialectConn }

func (t lazyTx) Commit() error {
	defer func() { t.c.inTx = false }()
	if t.c.committed {
		return nil
	}
	return t.end("COMMIT")
}

func (t lazyTx) Rollback() error {
	defer func() { t.c.inTx = false }()
	return t.end("ROLLBACK")
}

func (t lazyTx) end(q string) error {
	e, ok := t.c.Conn.(driver.ExecerContext)
	if !ok {
		return errNoInterface
	}
	_, err := e.ExecContext(context.Background(), q, nil)
	return err
}

func (c *dialectConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c *dialectConn) ResetSession(ctx context.Context) error {
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *dialectConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *dialectConn) CheckNamedValue(nv *driver.NamedValue) error {
	if n, ok := c.Conn.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// MySQL and MariaDB error numbers the store acts on.
const (
	erDupEntry        = 1062 // a unique key refused a row
	erLockWaitTimeout = 1205 // a row lock was not granted in time
	erLockDeadlock    = 1213 // a deadlock, or a Galera certification failure
	erNoSuchTable     = 1146 // the statement names a table the database lacks
	// A Galera node not ready for clients (ER_UNKNOWN_COM_ERROR, "WSREP
	// has not yet prepared node for application use"): it is out of the
	// cluster's primary component, joining it, or set to reject queries
	// (wsrep_reject_queries). The statement was not run.
	erWsrepNotReady = 1047
)

// mysqlErrno returns the server's error number in err, 0 for none.
func mysqlErrno(err error) uint16 {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}

// retryable says whether a transaction that failed with err may be run
// again from its start: InnoDB chose it as a deadlock's victim, a lock
// wait timed out, Galera refused it at certification or aborted it for
// a write replicated from another node (both reported as a deadlock), or
// the Galera node was briefly not ready, having run nothing of it.
func retryable(err error) bool {
	var race *raceError
	if errors.As(err, &race) {
		return true
	}
	switch mysqlErrno(err) {
	case erLockDeadlock, erLockWaitTimeout, erWsrepNotReady:
		return true
	}
	return false
}

// notReadyError is error 1047, a Galera node not ready for clients, as
// its caller answers it: UNAVAILABLE, since the statement ran nowhere
// and the next may run, rather than an internal error. It unwraps to
// the server's error, which retryable and mysqlErrno read.
type notReadyError struct{ err error }

func (e *notReadyError) Error() string { return e.err.Error() }
func (e *notReadyError) Unwrap() error { return e.err }

// Domain is the error the caller answers (domain.AsError).
func (e *notReadyError) Domain() *domain.Error {
	return domain.Wrap(domain.CodeUnavailable, e.err, "the database is not ready; try again shortly")
}

// notReady marks err as notReadyError when it is error 1047.
func notReady(err error) error {
	if err != nil && mysqlErrno(err) == erWsrepNotReady {
		return &notReadyError{err}
	}
	return err
}

// gaveUp is the answer of a call whose transaction was aborted on every
// run: UNAVAILABLE while the Galera node is not ready, CONFLICT when
// other calls kept changing the same rows. Nothing of it was committed,
// so the caller may send it again; the server's error stays inside, for
// the log.
func gaveUp(err error) error {
	if mysqlErrno(err) == erWsrepNotReady {
		return domain.Wrap(domain.CodeUnavailable, err, "the database is not ready; try again shortly")
	}
	return domain.Wrap(domain.CodeConflict, err, "other requests changed the same data at the same moment; nothing was saved; try again")
}
