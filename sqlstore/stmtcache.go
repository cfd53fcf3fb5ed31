package sqlstore

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"

	"github.com/jmoiron/sqlx"
)

// stmtCache keeps the hot write-path statements prepared on the single
// writer connection: parsing SQL was a third of a plan's execution time,
// and with one connection a prepared statement is reused by every
// transaction. They are prepared at open, because once a transaction
// holds the only connection nothing else can be prepared on it.
type stmtCache struct {
	mu sync.Mutex
	m  map[string]*sqlx.Stmt
}

func newStmtCache(ctx context.Context, db *sqlx.DB, queries []string) (*stmtCache, error) {
	c := &stmtCache{m: make(map[string]*sqlx.Stmt, len(queries))}
	for _, q := range queries {
		st, err := db.PreparexContext(ctx, q)
		if err != nil {
			c.close()
			return nil, err
		}
		c.m[q] = st
	}
	return c, nil
}

func (c *stmtCache) get(query string) *sqlx.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[query]
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.m {
		st.Close()
	}
	c.m = nil
}

// batchTx is the one SQLite transaction a batch of Update calls shares.
// Binding a cached statement to a transaction allocates and registers a
// new sql.Stmt each time, so each is bound once per batch and reused by
// every call in it; savepoints do not invalidate prepared statements.
type batchTx struct {
	tx    *sqlx.Tx
	cache *stmtCache
	bound map[string]*sqlx.Stmt // nil value: not a cached query
}

func newBatchTx(tx *sqlx.Tx, cache *stmtCache) *batchTx {
	return &batchTx{tx: tx, cache: cache, bound: make(map[string]*sqlx.Stmt, len(hotWriteQueries))}
}

func (b *batchTx) stmt(query string) *sqlx.Stmt {
	st, ok := b.bound[query]
	if !ok {
		if st = b.cache.get(query); st != nil {
			st = b.tx.Stmtx(st)
		}
		b.bound[query] = st
	}
	return st
}

// exec runs one of the committer's own statements (savepoints).
func (b *batchTx) exec(query string) error {
	var err error
	if st := b.stmt(query); st != nil {
		_, err = st.Exec()
	} else {
		_, err = b.tx.Exec(query)
	}
	return err
}

// cachedTx is one Update call's handle on the batch transaction. It
// carries that caller's context, and it stops working once the call's fn
// has returned, so a Tx kept past its fn cannot write into a batch-mate's
// savepoint.
type cachedTx struct {
	b     *batchTx
	ctx   context.Context
	run   context.Context
	ended atomic.Bool
}

func newCachedTx(b *batchTx, ctx context.Context) *cachedTx {
	return &cachedTx{b: b, ctx: ctx, run: context.WithoutCancel(ctx)}
}

// prepare checks the caller's context between statements and returns the
// context to run the statement with. That one is never cancelled: the
// driver answers a cancelled context with sqlite3_interrupt, which can
// roll back the whole transaction, and with it the batch-mates' work.
// Statements here are short, so stopping between them is prompt enough.
func (c *cachedTx) prepare(ctx context.Context) (context.Context, error) {
	if c.ended.Load() {
		return nil, sql.ErrTxDone
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if ctx == c.ctx {
		return c.run, nil
	}
	return context.WithoutCancel(ctx), nil
}

func (c *cachedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx, err := c.prepare(ctx)
	if err != nil {
		return nil, err
	}
	if st := c.b.stmt(query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return c.b.tx.ExecContext(ctx, query, args...)
}

func (c *cachedTx) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	ctx, err := c.prepare(ctx)
	if err != nil {
		return err
	}
	if st := c.b.stmt(query); st != nil {
		return st.GetContext(ctx, dest, args...)
	}
	return c.b.tx.GetContext(ctx, dest, query, args...)
}

func (c *cachedTx) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	ctx, err := c.prepare(ctx)
	if err != nil {
		return err
	}
	if st := c.b.stmt(query); st != nil {
		return st.SelectContext(ctx, dest, args...)
	}
	return c.b.tx.SelectContext(ctx, dest, query, args...)
}

// maxReadStatements bounds readStmts: queries are built from a handful of
// fixed shapes, so the bound is never reached in practice, and a shape
// past it still runs, only unprepared.
const maxReadStatements = 64

// readStmts runs the read pool's queries through statements prepared once
// (database/sql then prepares each on every pool connection once): for a
// single-row read such as forms.get, parsing the SQL cost more than
// running it.
type readStmts struct {
	db *sqlx.DB
	// unprepared sends every query as it is: the MySQL driver then sends
	// it with its arguments in one round trip, where a prepared statement
	// costs one per connection and is kept on the server.
	unprepared bool
	mu         sync.RWMutex
	m          map[string]*sqlx.Stmt
}

func newReadStmts(db *sqlx.DB) *readStmts {
	return &readStmts{db: db, m: map[string]*sqlx.Stmt{}}
}

func (r *readStmts) stmt(ctx context.Context, query string) *sqlx.Stmt {
	if r.unprepared {
		return nil
	}
	r.mu.RLock()
	st, ok := r.m[query]
	r.mu.RUnlock()
	if ok {
		return st
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.m[query]; ok {
		return st
	}
	if r.m == nil || len(r.m) >= maxReadStatements {
		return nil
	}
	st, err := r.db.PreparexContext(ctx, query)
	if err != nil {
		// Let the query itself run and report the error.
		return nil
	}
	r.m[query] = st
	return st
}

// GetContext is sqlx's, through a prepared statement.
func (r *readStmts) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	if st := r.stmt(ctx, query); st != nil {
		return st.GetContext(ctx, dest, args...)
	}
	return r.db.GetContext(ctx, dest, query, args...)
}

// SelectContext is sqlx's, through a prepared statement.
func (r *readStmts) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	if st := r.stmt(ctx, query); st != nil {
		return st.SelectContext(ctx, dest, args...)
	}
	return r.db.SelectContext(ctx, dest, query, args...)
}

func (r *readStmts) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, st := range r.m {
		st.Close()
	}
	r.m = nil
}
