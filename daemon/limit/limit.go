// Package limit is the per-user budget for model calls (Hosha2 and the
// LLM mode of ai.plan share it): a token bucket per WordPress user, from
// golang.org/x/time/rate, that says how long to wait when it is empty.
package limit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// DefaultPerMinute is the Hosha2 specification's 10 requests per 60 s per user.
const DefaultPerMinute = 10

// Limiter holds one bucket per user. The zero value is not usable; call New.
type Limiter struct {
	every time.Duration // one token per every
	burst int
	now   func() time.Time
	// full is how long an untouched bucket takes to refill completely;
	// after that it is the same as a new one and can be forgotten.
	full time.Duration

	mu        sync.Mutex
	buckets   map[int64]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim      *rate.Limiter
	lastSeen time.Time
}

// New returns a limiter refilling perMinute tokens a minute, holding at
// most burst. Zero or negative values take the defaults (DefaultPerMinute,
// and a burst equal to the rate, so a user may spend a minute's budget at
// once). now is the clock (nil: time.Now); tests inject their own.
func New(perMinute, burst int, now func() time.Time) *Limiter {
	if perMinute <= 0 {
		perMinute = DefaultPerMinute
	}
	if burst <= 0 {
		burst = perMinute
	}
	if now == nil {
		now = time.Now
	}
	every := time.Minute / time.Duration(perMinute)
	return &Limiter{
		every:   every,
		burst:   burst,
		now:     now,
		full:    every * time.Duration(burst),
		buckets: map[int64]*bucket{},
	}
}

// Allow takes one token of user's budget. When there is none it takes
// nothing and says how long until there is: whole seconds, rounded up,
// never 0, because clients show and sleep on it.
func (l *Limiter) Allow(user int64) (ok bool, retryAfter time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b := l.buckets[user]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[user] = b
	}
	b.lastSeen = now
	r := b.lim.ReserveN(now, 1)
	if !r.OK() {
		return false, l.full
	}
	delay := r.DelayFrom(now)
	if delay <= 0 {
		return true, 0
	}
	// Give the token back: a refused call must not push later ones further out.
	r.CancelAt(now)
	return false, roundUpToSecond(delay)
}

// Users is the number of buckets held, for tests and health reports.
func (l *Limiter) Users() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// sweep forgets buckets idle long enough to be full again, at most once
// per refill period, so memory follows the active users only and the cost
// is spread over many calls.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < l.full {
		return
	}
	l.lastSweep = now
	for user, b := range l.buckets {
		if now.Sub(b.lastSeen) >= l.full {
			delete(l.buckets, user)
		}
	}
}

func roundUpToSecond(d time.Duration) time.Duration {
	s := (d + time.Second - 1) / time.Second
	return max(s, 1) * time.Second
}
