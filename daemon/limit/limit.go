// Package limit is the per-user budget for model calls, which Hosha2 and
// the LLM mode of ai.plan share: at most N calls per WordPress user in any
// 60-second window (10 by default, docs/HOSHA2.md).
//
// It is a sliding window log: for each user the times of the last N
// admitted calls. A call is admitted while fewer than N of them lie within
// the last 60 s. A refilling token bucket is not the same rule: a full
// bucket of 10 spent at once refills one token every 6 s, so it lets 19
// calls through in one minute.
package limit

import (
	"fmt"
	"sync"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// DefaultPerMinute is Hosha2's budget: 10 model requests per user in any 60 s.
const DefaultPerMinute = 10

// Window is the span the budget covers.
const Window = time.Minute

// Limiter holds the recent admitted calls of each user. The zero value is
// not usable; call New.
type Limiter struct {
	n   int
	now func() time.Time

	mu        sync.Mutex
	users     map[int64]*callLog
	lastSweep time.Time
}

// callLog is a ring of the times of a user's last admitted calls, oldest
// at start; calls older than the window are dropped from the front.
type callLog struct {
	times []time.Time // len n
	start int
	count int
}

// expire drops the calls that have left the window ending at now: a call
// at t counts while now - t < Window.
func (c *callLog) expire(now time.Time) {
	for c.count > 0 && now.Sub(c.times[c.start]) >= Window {
		c.start = (c.start + 1) % len(c.times)
		c.count--
	}
}

// New returns a limiter admitting perMinute calls per user in any 60 s
// window; zero or negative takes DefaultPerMinute. now is the clock (nil:
// time.Now); tests inject their own.
func New(perMinute int, now func() time.Time) *Limiter {
	if perMinute <= 0 {
		perMinute = DefaultPerMinute
	}
	if now == nil {
		now = time.Now
	}
	return &Limiter{n: perMinute, now: now, users: map[int64]*callLog{}}
}

// Allow admits one call of user and records it. When the user's window is
// full it records nothing and says how long until the oldest admitted call
// leaves the window: whole seconds, rounded up, never 0, because clients
// show it and sleep on it. A refused call does not move that time.
func (l *Limiter) Allow(user int64) (ok bool, retryAfter time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	c := l.users[user]
	if c == nil {
		c = &callLog{times: make([]time.Time, l.n)}
		l.users[user] = c
	}
	c.expire(now)
	if c.count == len(c.times) {
		return false, roundUpToSecond(c.times[c.start].Add(Window).Sub(now))
	}
	c.times[(c.start+c.count)%len(c.times)] = now
	c.count++
	return true, 0
}

// Users is the number of users whose calls are held, for tests.
func (l *Limiter) Users() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.users)
}

// sweep forgets the users whose window is empty — they are the same as a
// user never seen — at most once per window, so memory follows the users
// active in the last minute and the cost is spread over many calls. A user
// with a call still in the window is never forgotten, however many others
// there are.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < Window {
		return
	}
	l.lastSweep = now
	for user, c := range l.users {
		c.expire(now)
		if c.count == 0 {
			delete(l.users, user)
		}
	}
}

func roundUpToSecond(d time.Duration) time.Duration {
	s := (d + time.Second - 1) / time.Second
	return max(s, 1) * time.Second
}

// Exceeded is the RATE_LIMIT error a refused call answers with, whichever
// method made it: the wait in both languages and, for clients that sleep
// on it, data.retry_after_sec (whole seconds, at least 1).
func Exceeded(retryAfter time.Duration) *domain.Error {
	secs := int(roundUpToSecond(retryAfter) / time.Second)
	return domain.Errorf(domain.CodeRateLimit,
		fmt.Sprintf("too many model requests; try again in %d seconds", secs),
		fmt.Sprintf("درخواست‌ها بیش از حد مجاز است؛ %s ثانیهٔ دیگر دوباره تلاش کنید", domain.PersianNumber(secs))).With("retry_after_sec", secs)
}
