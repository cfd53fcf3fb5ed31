package sqlstore

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Rate windows several hosts share. On one host each limiter keeps its
// sliding window in memory (daemon/limit); hosts sharing a MariaDB or
// MySQL store keep them here instead, so that a client, a form or a user
// has one budget whichever host its requests reach. A window is the log
// of the times of the calls admitted in it, as in memory; a budget of
// bytes is a bucket that refills evenly, kept on the key's row.

// ErrNoSharedWindows: the store keeps no shared windows (SQLite: one
// host, whose limiters keep their own).
var ErrNoSharedWindows = errors.New("sqlstore: rate windows are shared on MariaDB and MySQL only")

// sweepEvery is how many takes pass between two sweeps of a scope's
// expired rows.
const sweepEvery = 256

var takes atomic.Int64

// SharesWindows says whether TakeWindowSlot keeps windows every host
// sees.
func (db *DB) SharesWindows() bool { return db.mysql != nil }

// TakeWindowSlot admits one call of key in scope when fewer than n
// calls were admitted in the window ending now, and records it; when the
// window is full it records nothing and says when its oldest call leaves
// it. Hosts take the slots of one key in turn (its rate_keys row is
// locked), so that together they admit no more than n.
func (db *DB) TakeWindowSlot(ctx context.Context, scope string, key int64, n int, window time.Duration) (ok bool, retryAfter time.Duration, err error) {
	if db.mysql == nil {
		return false, 0, ErrNoSharedWindows
	}
	err = db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		ok, retryAfter = false, 0
		if _, err := t.tx.ExecContext(t.ctx, `INSERT INTO rate_keys (scope, key, touched) VALUES (?, ?, ?)
			ON CONFLICT (scope, key) DO UPDATE SET touched = excluded.touched`, scope, key, time.Now().UnixMicro()); err != nil {
			return err
		}
		// The time is read once the key's row is locked: a host that
		// waited for the lock behind another's call must not record its
		// call as older than that one, nor see the window's oldest call
		// as later than now.
		now := time.Now().UnixMicro()
		from := now - window.Microseconds()
		// The expired calls go in the count's packet, the new call with
		// the commit: three round trips a slot.
		if err := t.execUnread("DELETE FROM rate_windows WHERE scope = ? AND key = ? AND at <= ?", scope, key, from); err != nil {
			return err
		}
		var held struct {
			Count  int   `db:"n"`
			Oldest int64 `db:"oldest"`
		}
		if err := t.tx.GetContext(t.ctx, &held, "SELECT count(*) AS n, coalesce(min(at), 0) AS oldest FROM rate_windows WHERE scope = ? AND key = ?", scope, key); err != nil {
			return err
		}
		if held.Count >= n {
			retryAfter = min(time.Duration(held.Oldest+window.Microseconds()-now)*time.Microsecond, window)
			return nil
		}
		ok = true
		return t.execUnread("INSERT INTO rate_windows (scope, key, at) VALUES (?, ?, ?)", scope, key, now)
	})
	if err == nil {
		db.sweepSometimes(ctx, scope, window)
	}
	return ok, retryAfter, err
}

// SpendBudget spends n units of key's budget in scope: perSpan units
// that come back evenly over span (a bucket, as a host keeps in memory
// for the bytes a client may send), so that a key idle for a whole span
// has its whole budget again. When the budget holds fewer than n units
// it spends nothing and says how long until it holds n: span when n is
// over the whole budget. Hosts spend one key's budget in turn (its
// rate_keys row is locked), so that together they spend no more than it.
func (db *DB) SpendBudget(ctx context.Context, scope string, key, n, perSpan int64, span time.Duration) (ok bool, retryAfter time.Duration, err error) {
	if db.mysql == nil {
		return false, 0, ErrNoSharedWindows
	}
	if n > perSpan {
		return false, span, nil
	}
	err = db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		ok, retryAfter = false, 0
		// The key's row, made full when it is new, goes in the packet
		// that reads it under its lock: two round trips a spend.
		if err := t.execUnread("INSERT INTO rate_keys (scope, key, touched) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
			scope, key, time.Now().UnixMicro()); err != nil {
			return err
		}
		var held struct {
			Spent   int64 `db:"spent"`
			Touched int64 `db:"touched"`
		}
		if err := t.tx.GetContext(t.ctx, &held, "SELECT spent, touched FROM rate_keys WHERE scope = ? AND key = ? FOR UPDATE", scope, key); err != nil {
			return err
		}
		// Read once the row is locked, as in TakeWindowSlot.
		now := time.Now().UnixMicro()
		spent := budgetSpent(held.Spent, now-held.Touched, perSpan, span)
		if spent+n > perSpan {
			retryAfter = time.Duration(float64(spent+n-perSpan) / float64(perSpan) * float64(span))
			return nil
		}
		ok = true
		return t.execUnread("UPDATE rate_keys SET spent = ?, touched = ? WHERE scope = ? AND key = ?", spent+n, now, scope, key)
	})
	if err == nil {
		// A key idle for a span is full, the same as a key never seen.
		db.sweepSometimes(ctx, scope, span)
	}
	return ok, retryAfter, err
}

// budgetSpent is what was spent of a budget of perSpan units, spent
// units elapsed microseconds ago, once elapsed has paid part of it back.
func budgetSpent(spent, elapsed, perSpan int64, span time.Duration) int64 {
	if elapsed <= 0 {
		return spent
	}
	if elapsed >= span.Microseconds() {
		return 0
	}
	back := int64(float64(perSpan) * float64(elapsed) / float64(span.Microseconds()))
	return max(spent-back, 0)
}

// ReturnWindowSlot takes back the newest call admitted for key in scope,
// refused afterwards for another reason.
func (db *DB) ReturnWindowSlot(ctx context.Context, scope string, key int64) error {
	if db.mysql == nil {
		return ErrNoSharedWindows
	}
	return db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		return t.execUnread("DELETE FROM rate_windows WHERE scope = ? AND key = ? ORDER BY at DESC LIMIT 1", scope, key)
	})
}

// sweepSometimes sweeps scope's expired rows once every sweepEvery
// takes. The take's answer is already decided and committed: a sweep
// that fails leaves its rows to the next one rather than turn the answer
// into an error (which makes the caller count the call again in its own
// window).
func (db *DB) sweepSometimes(ctx context.Context, scope string, window time.Duration) {
	if takes.Add(1)%sweepEvery == 0 {
		_ = db.sweepWindows(ctx, scope, window)
	}
}

// sweepWindows forgets a scope's calls that have left the window and the
// keys idle as long, a batch at a time: the keys are what anonymous
// callers send, so their number is theirs to choose.
func (db *DB) sweepWindows(ctx context.Context, scope string, window time.Duration) error {
	from := time.Now().UnixMicro() - window.Microseconds()
	if _, err := db.write.ExecContext(ctx, "DELETE FROM rate_windows WHERE scope = ? AND at <= ? LIMIT 1000", scope, from); err != nil {
		return err
	}
	_, err := db.write.ExecContext(ctx, "DELETE FROM rate_keys WHERE scope = ? AND touched <= ? LIMIT 1000", scope, from)
	return err
}
