package limit

import (
	"context"
	"sync"
	"time"
)

// Budget is what each key (a client) may spend of some unit, bytes for
// uploads: a bucket of perSpan units that refills evenly over span, so
// that one key cannot spend more however it spreads its spending over
// time. It holds at most maxKeys keys; a full bucket is the same as a key
// never seen and is forgotten when room is needed (or by Forget).
type Budget struct {
	perSpan float64
	span    time.Duration
	maxKeys int

	mu   sync.Mutex
	keys map[int64]*bucket

	// shared, when set, keeps the budgets in a store every host sees,
	// under scope; the buckets above then serve only while the store
	// does not answer.
	shared SharedBudget
	scope  string
}

// SharedBudget keeps budgets that several hosts share (sqlstore on
// MariaDB or MySQL): the same bucket, one per scope and key.
type SharedBudget interface {
	SpendBudget(ctx context.Context, scope string, key, n, perSpan int64, span time.Duration) (ok bool, retryAfter time.Duration, err error)
}

type bucket struct {
	left float64 // units the key may still spend
	at   time.Time
}

// NewBudget returns a budget of perSpan units per key over span, for at
// most maxKeys keys at once. Negative perSpan means no budget.
func NewBudget(perSpan int64, span time.Duration, maxKeys int) *Budget {
	return &Budget{perSpan: float64(perSpan), span: span, maxKeys: maxKeys, keys: map[int64]*bucket{}}
}

// Share makes b keep its buckets in s under scope (a name of the budget,
// the same on every host), so that every host sharing s spends no more
// than the budget together. It returns b.
func (b *Budget) Share(s SharedBudget, scope string) *Budget {
	b.shared, b.scope = s, scope
	return b
}

// refill brings k's units up to now.
func (b *Budget) refill(k *bucket, now time.Time) {
	if d := now.Sub(k.at); d > 0 {
		k.left = min(b.perSpan, k.left+b.perSpan*float64(d)/float64(b.span))
		k.at = now
	}
}

// Spend spends n units of key's budget, or refuses them and says how
// long until they are there (at least a second; the whole span when n is
// over the budget). Shared, the store decides; while it does not answer
// (an error, or no answer within sharedTimeout), this host's own bucket
// does.
func (b *Budget) Spend(key, n int64, now time.Time) (bool, time.Duration) {
	if b.perSpan < 0 {
		return true, 0
	}
	if b.shared != nil {
		ctx, cancel := context.WithTimeout(context.Background(), sharedTimeout)
		ok, wait, err := b.shared.SpendBudget(ctx, b.scope, key, n, int64(b.perSpan), b.span)
		cancel()
		if err == nil {
			if ok {
				return true, 0
			}
			return false, max(wait, time.Second)
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.keys[key]
	if k == nil {
		if len(b.keys) >= b.maxKeys {
			b.forgetFull(now)
			if len(b.keys) >= b.maxKeys {
				return false, time.Minute
			}
		}
		k = &bucket{left: b.perSpan, at: now}
		b.keys[key] = k
	}
	b.refill(k, now)
	if float64(n) > k.left {
		if float64(n) > b.perSpan {
			return false, b.span
		}
		wait := time.Duration((float64(n) - k.left) / b.perSpan * float64(b.span))
		return false, max(wait, time.Second)
	}
	k.left -= float64(n)
	return true, 0
}

// Forget drops the keys whose bucket has refilled by now.
func (b *Budget) Forget(now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.forgetFull(now)
}

func (b *Budget) forgetFull(now time.Time) {
	for key, k := range b.keys {
		if b.refill(k, now); k.left >= b.perSpan {
			delete(b.keys, key)
		}
	}
}
