package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// On MariaDB and MySQL a host gives the rows of forms, form_versions,
// audit_log and submissions their ids itself, from blocks it reserves in
// the id_blocks table (migration 0013), so that a call's rows can name
// each other (a version its form and parent, an audit row its version)
// and all go to the server in one packet with the commit: with ids from
// AUTO_INCREMENT, each insert waited for the server's answer before the
// next could be written.
//
// A block is reserved by one autocommit UPDATE of the table's row in
// id_blocks, committed before any of its ids is used, so a block is
// never handed out twice, to this host or another, whatever is rolled
// back or lost in a crash after it (the rest of a block is then skipped,
// never reused). The UPDATE also steps past the table's highest id, so
// rows written by other means (copy-store, a restore) are never collided
// with. Nothing relies on AUTO_INCREMENT's steps, which Galera changes.
//
// Ids of different hosts are in the order they were made only to within
// blockLife: a block is dropped once it is that old, and a block's size
// follows the host's rate (doubling while blocks last under growWithin,
// halving when one is dropped unfinished), so a quiet site's ids stay
// dense and a busy host reserves a block a second or less often.
const (
	blockLife    = 5 * time.Second
	growWithin   = time.Second
	maxBlockSize = 4096
)

// idTables are the tables whose ids come from blocks.
var idTables = []string{"forms", "form_versions", "audit_log", "submissions"}

// idBlocks are a host's blocks, one per table of idTables.
type idBlocks struct {
	db     *DB
	tables map[string]*idBlock
	// reserved counts the blocks reserved (one round trip each), which
	// the round-trip test sets apart from a call's own.
	reserved atomic.Int64
}

type idBlock struct {
	table string
	query string
	mu    sync.Mutex
	// next is the next id to give, end the first past the block.
	next, end int64
	size      int64
	at        time.Time // when the block was reserved
}

func newIDBlocks(db *DB) *idBlocks {
	b := &idBlocks{db: db, tables: map[string]*idBlock{}}
	for _, t := range idTables {
		b.tables[t] = &idBlock{table: t, size: 1,
			query: "UPDATE id_blocks SET next_id = LAST_INSERT_ID(GREATEST(next_id, (SELECT coalesce(max(id), 0) + 1 FROM " + t + ")) + ?) WHERE name = ?"}
	}
	return b
}

// take returns a fresh id of table.
func (b *idBlocks) take(ctx context.Context, table string) (int64, error) {
	blk := b.tables[table]
	if blk == nil {
		return 0, fmt.Errorf("sqlstore: no id blocks for %s", table)
	}
	blk.mu.Lock()
	defer blk.mu.Unlock()
	now := time.Now()
	if blk.next < blk.end && now.Sub(blk.at) < blockLife {
		id := blk.next
		blk.next++
		return id, nil
	}
	switch {
	case blk.end == 0:
	case blk.next < blk.end:
		blk.size = max(1, blk.size/2)
	case now.Sub(blk.at) < growWithin:
		blk.size = min(maxBlockSize, 2*blk.size)
	}
	end, err := b.reserve(ctx, blk)
	if err != nil {
		return 0, fmt.Errorf("sqlstore: reserve ids of %s: %w", table, err)
	}
	blk.next, blk.end, blk.at = end-blk.size, end, now
	id := blk.next
	blk.next++
	return id, nil
}

// reserve moves the table's sequence past a new block of blk.size ids
// and returns the first id past that block. LAST_INSERT_ID(expr) hands
// the new value back in the UPDATE's own answer. A deadlock or a Galera
// certification failure (two hosts reserving at once) is tried again.
func (b *idBlocks) reserve(ctx context.Context, blk *idBlock) (int64, error) {
	backoff := firstBackoff
	for attempt := 1; ; attempt++ {
		res, err := b.db.write.ExecContext(ctx, blk.query, blk.size, blk.table)
		if err == nil {
			b.reserved.Add(1)
			var n int64
			if n, err = res.RowsAffected(); err == nil && n != 1 {
				return 0, fmt.Errorf("id_blocks has no row %s", blk.table)
			}
			if err == nil {
				return res.LastInsertId()
			}
		}
		if !retryable(err) || attempt == maxAttempts {
			return 0, err
		}
		select {
		case <-ctx.Done():
			return 0, err
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// seedIDBlocks moves each sequence past its table's AUTO_INCREMENT
// counter, which is past every id the table ever gave, erased rows'
// too: a store whose ids came from AUTO_INCREMENT before migration 0013
// never gives one of them again. Run at every open; it only ever raises
// a sequence.
func (db *DB) seedIDBlocks(ctx context.Context) error {
	for _, t := range idTables {
		if err := db.raiseIDBlock(ctx, db.write, t, 0); err != nil {
			return err
		}
	}
	return nil
}

// raiseIDBlock raises table's sequence to at least floor and past its
// AUTO_INCREMENT counter.
func (db *DB) raiseIDBlock(ctx context.Context, e interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}, table string, floor int64) error {
	_, err := e.ExecContext(ctx, `UPDATE id_blocks SET next_id = GREATEST(next_id, ?, (SELECT coalesce(max(AUTO_INCREMENT), 0)
		FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?)) WHERE name = ?`,
		floor, db.mysql.prefix+table, table)
	if err != nil {
		return fmt.Errorf("sqlstore: id sequence of %s: %w", table, err)
	}
	return nil
}
