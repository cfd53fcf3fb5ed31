package limit

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// clock is a manual clock for the limiter.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 20, 12, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestEleventhCallInAMinuteIsRefused(t *testing.T) {
	c := newClock()
	l := New(0, 0, c.now) // the defaults: 10 a minute, all of them at once if need be
	// Ten calls within half a second: the bucket refills one token every
	// 6 s, so the eleventh finds it empty.
	for i := 1; i <= DefaultPerMinute; i++ {
		if ok, wait := l.Allow(7); !ok || wait != 0 {
			t.Fatalf("call %d refused (wait %v)", i, wait)
		}
		c.advance(50 * time.Millisecond)
	}
	ok, wait := l.Allow(7)
	if ok {
		t.Fatal("the 11th call within a minute was allowed")
	}
	if wait < time.Second || wait%time.Second != 0 {
		t.Fatalf("retry after %v: want whole seconds, at least one", wait)
	}
	// Refused calls take nothing: hammering does not push the wait out.
	for range 50 {
		if ok, again := l.Allow(7); ok || again != wait {
			t.Fatalf("refused call changed the budget: ok=%v wait=%v, first wait %v", ok, again, wait)
		}
	}
	// The wait it gave is honest: one second short is still refused,
	// at the wait a call goes through.
	c.advance(wait - time.Second)
	if ok, _ := l.Allow(7); ok {
		t.Fatal("allowed before the announced wait")
	}
	c.advance(time.Second)
	if ok, _ := l.Allow(7); !ok {
		t.Fatal("refused after the announced wait")
	}
	// After a full window the whole burst is back.
	c.advance(time.Minute)
	for i := 1; i <= DefaultPerMinute; i++ {
		if ok, _ := l.Allow(7); !ok {
			t.Fatalf("call %d refused after the window", i)
		}
	}
}

func TestRetryAfterRoundsUp(t *testing.T) {
	for _, x := range []struct {
		perMinute, burst int
		want             time.Duration
	}{
		{10, 10, 6 * time.Second}, // one token every 6 s
		{7, 7, 9 * time.Second},   // 8.57 s rounds up
		{120, 1, 1 * time.Second}, // 0.5 s rounds up to the 1 s floor
		{600, 3, 1 * time.Second}, // 0.1 s
		{1, 2, 60 * time.Second},
	} {
		c := newClock()
		l := New(x.perMinute, x.burst, c.now)
		for i := 0; i < x.burst; i++ {
			if ok, _ := l.Allow(1); !ok {
				t.Fatalf("%d/min burst %d: call %d refused", x.perMinute, x.burst, i+1)
			}
		}
		ok, wait := l.Allow(1)
		if ok || wait != x.want {
			t.Errorf("%d/min burst %d: ok=%v wait=%v, want refused with %v", x.perMinute, x.burst, ok, wait, x.want)
		}
	}
}

func TestUsersHaveTheirOwnBuckets(t *testing.T) {
	c := newClock()
	l := New(2, 2, c.now)
	l.Allow(1)
	l.Allow(1)
	if ok, _ := l.Allow(1); ok {
		t.Fatal("user 1 over budget was allowed")
	}
	if ok, _ := l.Allow(2); !ok {
		t.Fatal("user 2 paid for user 1")
	}
}

func TestIdleBucketsAreForgotten(t *testing.T) {
	c := newClock()
	l := New(10, 10, c.now)
	for u := int64(0); u < 1000; u++ {
		l.Allow(u)
	}
	if n := l.Users(); n != 1000 {
		t.Fatalf("%d buckets", n)
	}
	c.advance(30 * time.Second)
	l.Allow(5000)
	if n := l.Users(); n != 1001 {
		t.Fatalf("buckets still refilling were dropped: %d", n)
	}
	c.advance(31 * time.Second) // a minute since the first thousand
	l.Allow(5000)
	if n := l.Users(); n != 1 {
		t.Fatalf("%d buckets after the idle ones refilled, want 1", n)
	}
	// A bucket that was emptied is not forgotten before it is full.
	l2 := New(1, 1, c.now)
	l2.Allow(9)
	c.advance(30 * time.Second)
	if ok, _ := l2.Allow(9); ok {
		t.Fatal("an emptied bucket was forgotten and refilled early")
	}
}

func TestConcurrentCallsNeverExceedTheBurst(t *testing.T) {
	c := newClock()
	l := New(10, 10, c.now)
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				if ok, _ := l.Allow(3); ok {
					allowed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if allowed.Load() != 10 {
		t.Fatalf("%d calls allowed at one instant, want the burst of 10", allowed.Load())
	}
}

func BenchmarkAllowOneUser(b *testing.B) {
	l := New(1<<30, 1<<30, nil)
	for b.Loop() {
		l.Allow(1)
	}
}

func BenchmarkAllowManyUsers(b *testing.B) {
	l := New(10, 10, nil)
	var u int64
	for b.Loop() {
		u = (u + 1) % 10000
		l.Allow(u)
	}
}

func BenchmarkAllowParallel(b *testing.B) {
	l := New(10, 10, nil)
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		u := next.Add(1)
		for pb.Next() {
			l.Allow(u)
		}
	})
}
