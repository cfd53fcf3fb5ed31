package sqlstore

import (
	"context"
	"database/sql"
	"sync"

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

// cachedTx runs a transaction's statements through the cache.
type cachedTx struct {
	tx    *sqlx.Tx
	cache *stmtCache
}

func (c *cachedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := c.cache.get(query); st != nil {
		return c.tx.StmtxContext(ctx, st).ExecContext(ctx, args...)
	}
	return c.tx.ExecContext(ctx, query, args...)
}

func (c *cachedTx) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	if st := c.cache.get(query); st != nil {
		return c.tx.StmtxContext(ctx, st).GetContext(ctx, dest, args...)
	}
	return c.tx.GetContext(ctx, dest, query, args...)
}

func (c *cachedTx) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	if st := c.cache.get(query); st != nil {
		return c.tx.StmtxContext(ctx, st).SelectContext(ctx, dest, args...)
	}
	return c.tx.SelectContext(ctx, dest, query, args...)
}
