package daemon

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// userLimiter is a token bucket per WordPress user for model calls.
type userLimiter struct {
	mu      sync.Mutex
	perMin  int
	buckets map[int64]*rate.Limiter
	now     func() time.Time
}

func newUserLimiter(perMinute int) *userLimiter {
	return &userLimiter{perMin: perMinute, buckets: map[int64]*rate.Limiter{}, now: time.Now}
}

// Allow takes a token for user, or says how long until one is free
// (rounded up to whole seconds by the caller, never 0).
func (l *userLimiter) Allow(user int64) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[user]
	if !ok {
		if len(l.buckets) > 10000 { // idle buckets are full again; forgetting them changes nothing
			l.buckets = map[int64]*rate.Limiter{}
		}
		b = rate.NewLimiter(rate.Every(time.Minute/time.Duration(l.perMin)), l.perMin)
		l.buckets[user] = b
	}
	now := l.now()
	r := b.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, time.Duration(math.Max(float64(d), float64(time.Second)))
	}
	return true, 0
}
