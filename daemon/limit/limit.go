// Package limit is the per-user budget for model calls, which Hosha2 and
// the LLM mode of ai.plan share: at most N calls per WordPress user in any
// 60-second window (10 by default, docs/HOSHA2.md).
//
// It is a sliding window log: for each user the times of the last N
// admitted calls. A call is admitted while fewer than N of them lie within
// the last 60 s. A refilling token bucket is not the same rule: a full
// bucket of 10 spent at once refills one token every 6 s, so it lets 19
// calls through in one minute.
//
// Budget is the other kind, for what is counted in units rather than
// calls (the bytes a client may upload in an hour): a bucket per key that
// refills evenly over its span.
package limit

import (
	"context"
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
	// maxUsers bounds the users held (0: no bound).
	maxUsers int

	mu        sync.Mutex
	users     map[int64]*callLog
	lastSweep time.Time
	// lastForced is when a full bounded limiter last swept out of turn.
	lastForced time.Time

	// shared, when set, keeps the windows in a store every host sees,
	// under scope; the memory above then serves only while the store
	// does not answer.
	shared Shared
	scope  string
}

// Shared keeps windows that several hosts share (sqlstore on MariaDB or
// MySQL): the same sliding window log, one per scope and key.
type Shared interface {
	TakeWindowSlot(ctx context.Context, scope string, key int64, n int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
	ReturnWindowSlot(ctx context.Context, scope string, key int64) error
}

// sharedTimeout bounds a call to the shared store; past it, or on any
// error, the host's own window decides, so that a slow database does
// not stop every call and the host still holds its own budget.
const sharedTimeout = 2 * time.Second

// Share makes l keep its windows in s under scope (a name of the budget,
// the same on every host), so that every host sharing s admits no more
// than the budget together. It returns l.
func (l *Limiter) Share(s Shared, scope string) *Limiter {
	l.shared, l.scope = s, scope
	return l
}

// callLog is a ring of the times of a user's last admitted calls, oldest
// at start; calls older than the window are dropped from the front. The
// ring grows as the user calls, up to the budget: a user seen once costs
// one time, not the whole budget's worth.
type callLog struct {
	times []time.Time // len up to n
	start int
	count int
}

// add records a call at now, growing the ring while it is under n.
func (c *callLog) add(now time.Time, n int) {
	if c.count == len(c.times) && len(c.times) < n {
		if c.start != 0 || cap(c.times) == len(c.times) {
			grown := make([]time.Time, c.count, min(n, max(4, 2*c.count)))
			for i := range c.count {
				grown[i] = c.times[(c.start+i)%len(c.times)]
			}
			c.times, c.start = grown, 0
		}
		c.times = append(c.times, now)
		c.count++
		return
	}
	c.times[(c.start+c.count)%len(c.times)] = now
	c.count++
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

// NewBounded is New holding at most maxUsers users: past it, a user not
// held is refused (with the wait until the window may free room) until
// users leave the window. For budgets keyed by what anonymous callers
// send, whose number is theirs to choose.
func NewBounded(perMinute, maxUsers int, now func() time.Time) *Limiter {
	l := New(perMinute, now)
	l.maxUsers = maxUsers
	return l
}

// Allow admits one call of user and records it. When the user's window is
// full it records nothing and says how long until the oldest admitted call
// leaves the window: whole seconds, rounded up, never 0, because clients
// show it and sleep on it. A refused call does not move that time.
func (l *Limiter) Allow(user int64) (ok bool, retryAfter time.Duration) {
	if l.shared != nil {
		ctx, cancel := context.WithTimeout(context.Background(), sharedTimeout)
		ok, wait, err := l.shared.TakeWindowSlot(ctx, l.scope, user, l.n, Window)
		cancel()
		if err == nil {
			if ok {
				return true, 0
			}
			return false, roundUpToSecond(wait)
		}
		// The store answered, but every run of the take was aborted by
		// other hosts' takes of the same key (Galera certification
		// failures): that key is being spent that fast. This host's own
		// window would admit its whole budget again, so the call is
		// refused; only a store that does not answer leaves the decision
		// to this host.
		if domain.ErrorCode(err) == domain.CodeConflict {
			return false, time.Second
		}
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	c := l.users[user]
	if c == nil {
		if l.maxUsers > 0 && len(l.users) >= l.maxUsers {
			// Full: forget the idle users now rather than at the next
			// sweep (at most once a second, so that a flood of new users
			// does not make every call walk them all), and refuse when
			// every held user is still active.
			if now.Sub(l.lastForced) >= time.Second {
				l.lastForced, l.lastSweep = now, time.Time{}
				l.sweep(now)
			}
			if len(l.users) >= l.maxUsers {
				return false, roundUpToSecond(Window)
			}
		}
		c = &callLog{}
		l.users[user] = c
	}
	c.expire(now)
	if c.count == l.n {
		return false, roundUpToSecond(c.times[c.start].Add(Window).Sub(now))
	}
	c.add(now, l.n)
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
	return domain.Errorf(domain.CodeRateLimit, "too many model requests; try again in %d seconds", secs).With("retry_after_sec", secs)
}

// heldTimes is how many call times the limiter has room for, all users
// together: its memory, for tests.
func (l *Limiter) heldTimes() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, c := range l.users {
		n += cap(c.times)
	}
	return n
}

// Undo takes back the latest call Allow admitted for user, refused
// afterwards for another reason: it gives its place back.
func (l *Limiter) Undo(user int64) {
	if l.shared != nil {
		ctx, cancel := context.WithTimeout(context.Background(), sharedTimeout)
		err := l.shared.ReturnWindowSlot(ctx, l.scope, user)
		cancel()
		if err == nil {
			return
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if c := l.users[user]; c != nil && c.count > 0 {
		c.count--
	}
}
