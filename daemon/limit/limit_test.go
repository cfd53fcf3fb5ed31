package limit

import (
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
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
	start := c.now()
	l := New(0, c.now) // the default: 10 a minute
	for i := 1; i <= DefaultPerMinute; i++ {
		if ok, wait := l.Allow(7); !ok || wait != 0 {
			t.Fatalf("call %d refused (wait %v)", i, wait)
		}
		c.advance(50 * time.Millisecond)
	}
	// The eleventh comes 500 ms after the first: the first leaves the
	// window 59.5 s later, which rounds up to 60 s.
	ok, wait := l.Allow(7)
	if ok {
		t.Fatal("the 11th call within a minute was allowed")
	}
	if wait != 60*time.Second {
		t.Fatalf("retry after %v, want 60s", wait)
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
	if ok, again := l.Allow(7); ok || again != time.Second {
		t.Fatalf("one second before the announced wait: ok=%v wait=%v", ok, again)
	}
	c.advance(time.Second)
	if ok, _ := l.Allow(7); !ok {
		t.Fatal("refused after the announced wait")
	}
	// Only the first call had left the window: the second (at 50 ms) has
	// too by now (60.5 s), the third (100 ms) as well, but not more than
	// the calls 60 s older than now.
	if got := c.now().Sub(start); got != 60500*time.Millisecond {
		t.Fatalf("clock at %v", got)
	}
	n := 0
	for {
		if ok, _ := l.Allow(7); !ok {
			break
		}
		n++
	}
	if n != 9 {
		// calls at 0..450 ms all left the window by 60.5 s: ten slots, one taken above
		t.Fatalf("%d more calls admitted at 60.5 s, want 9", n)
	}
}

func TestRetryAfterRoundsUp(t *testing.T) {
	for _, x := range []struct {
		after time.Duration // since the one admitted call
		want  time.Duration
	}{
		{0, 60 * time.Second},
		{500 * time.Millisecond, 60 * time.Second}, // 59.5 s
		{58 * time.Second, 2 * time.Second},        // exactly 2 s
		{59200 * time.Millisecond, time.Second},    // 0.8 s
		{59999 * time.Millisecond, time.Second},    // 1 ms is still a whole second, never 0
	} {
		c := newClock()
		l := New(1, c.now)
		if ok, _ := l.Allow(1); !ok {
			t.Fatal("first call refused")
		}
		c.advance(x.after)
		ok, wait := l.Allow(1)
		if ok || wait != x.want {
			t.Errorf("%v after: ok=%v wait=%v, want refused with %v", x.after, ok, wait, x.want)
		}
	}
}

// TestExactlyNInAnyWindow runs a long simulated hour: whatever the pace
// of the calls, no 60 s window holds more than N admitted ones, and a
// call is refused only when N already do.
func TestExactlyNInAnyWindow(t *testing.T) {
	const n = DefaultPerMinute
	t.Run("hammering", func(t *testing.T) {
		// A client calling every 100 ms gets its 10 at the start of
		// each minute and nothing else: 100 in ten minutes. A bucket of
		// 10 refilling one every 6 s gives 19 in the first minute and
		// 109 in ten.
		c := newClock()
		start := c.now()
		l := New(n, c.now)
		var admitted []time.Time
		for c.now().Sub(start) < 10*time.Minute {
			if ok, _ := l.Allow(1); ok {
				admitted = append(admitted, c.now())
			}
			c.advance(100 * time.Millisecond)
		}
		if len(admitted) != 10*n {
			t.Fatalf("%d calls admitted in ten minutes, want %d", len(admitted), 10*n)
		}
		checkWindows(t, admitted, n)
	})
	t.Run("random pace", func(t *testing.T) {
		c := newClock()
		start := c.now()
		l := New(n, c.now)
		rng := rand.New(rand.NewSource(14))
		var admitted []time.Time
		refused := 0
		for c.now().Sub(start) < time.Hour {
			now := c.now()
			ok, wait := l.Allow(1)
			inWindow := 0
			for _, t0 := range admitted {
				if now.Sub(t0) < Window {
					inWindow++
				}
			}
			switch {
			case ok && inWindow >= n:
				t.Fatalf("admitted at %v with %d calls in the window", now.Sub(start), inWindow)
			case !ok && inWindow < n:
				t.Fatalf("refused at %v with only %d calls in the window", now.Sub(start), inWindow)
			case !ok && wait < time.Second:
				t.Fatalf("refused with wait %v", wait)
			case ok:
				admitted = append(admitted, now)
			default:
				refused++
			}
			// Mostly bursts, sometimes long pauses.
			if rng.Intn(20) == 0 {
				c.advance(time.Duration(rng.Int63n(int64(90 * time.Second))))
			} else {
				c.advance(time.Duration(rng.Int63n(int64(3 * time.Second))))
			}
		}
		if refused == 0 || len(admitted) < 100 {
			t.Fatalf("the run did not test much: %d admitted, %d refused", len(admitted), refused)
		}
		checkWindows(t, admitted, n)
	})
}

// checkWindows: every window [t, t+60 s) starting at an admitted call
// holds at most n admitted calls (a window holding the most calls can
// always be moved to start at one of them).
func checkWindows(t *testing.T, admitted []time.Time, n int) {
	t.Helper()
	most := 0
	for i, t0 := range admitted {
		k := 0
		for _, t1 := range admitted[i:] {
			if t1.Sub(t0) < Window {
				k++
			}
		}
		most = max(most, k)
		if k > n {
			t.Fatalf("%d calls in the 60 s from %v", k, t0)
		}
	}
	if most != n {
		t.Fatalf("at most %d calls in any window, want the budget of %d used", most, n)
	}
}

func TestUsersHaveTheirOwnBudget(t *testing.T) {
	c := newClock()
	l := New(2, c.now)
	l.Allow(1)
	l.Allow(1)
	if ok, _ := l.Allow(1); ok {
		t.Fatal("user 1 over budget was allowed")
	}
	if ok, _ := l.Allow(2); !ok {
		t.Fatal("user 2 paid for user 1")
	}
}

// TestManyOtherUsersDoNotResetALimitedOne: however many other users call,
// a user over budget stays refused until the window says otherwise.
func TestManyOtherUsersDoNotResetALimitedOne(t *testing.T) {
	c := newClock()
	l := New(10, c.now)
	for range 10 {
		l.Allow(1)
	}
	_, wait := l.Allow(1)
	for u := int64(2); u <= 20_002; u++ {
		if ok, _ := l.Allow(u); !ok {
			t.Fatalf("user %d refused", u)
		}
	}
	if ok, again := l.Allow(1); ok || again != wait {
		t.Fatalf("after 20,001 other users: ok=%v wait=%v, want refused with %v", ok, again, wait)
	}
	if n := l.Users(); n != 20_002 {
		t.Fatalf("%d users held, want 20,002", n)
	}
}

func TestSweepForgetsOnlyIdleUsers(t *testing.T) {
	c := newClock()
	l := New(10, c.now)
	for u := int64(0); u < 1000; u++ {
		l.Allow(u)
	}
	if n := l.Users(); n != 1000 {
		t.Fatalf("%d users", n)
	}
	c.advance(30 * time.Second)
	for range 10 {
		l.Allow(5000) // over budget until 90 s
	}
	l.Allow(5001)
	if n := l.Users(); n != 1002 {
		t.Fatalf("users with calls in the window were dropped: %d", n)
	}
	c.advance(31 * time.Second) // 61 s: the first thousand's window is empty
	if ok, _ := l.Allow(5002); !ok {
		t.Fatal("a new user was refused")
	}
	if n := l.Users(); n != 3 {
		t.Fatalf("%d users after the sweep, want 3 (two still in their window, one new)", n)
	}
	if ok, wait := l.Allow(5000); ok || wait != 29*time.Second {
		t.Fatalf("the limited user was forgotten: ok=%v wait=%v, want refused for 29s", ok, wait)
	}
	// The sweep runs at most once a window: at 90 s nothing is swept…
	c.advance(29 * time.Second)
	l.Allow(5002)
	if n := l.Users(); n != 3 {
		t.Fatalf("%d users at 90 s, want 3 until the next sweep", n)
	}
	// …and at 121 s only user 5002, who called at 90 s, is left.
	c.advance(31 * time.Second)
	l.Allow(5002)
	if n := l.Users(); n != 1 {
		t.Fatalf("%d users at 121 s, want 1", n)
	}
}

func TestConcurrentCallsNeverExceedTheBudget(t *testing.T) {
	c := newClock()
	l := New(10, c.now)
	var allowed [4]atomic.Int32
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				u := int64((g + i) % 4)
				if ok, _ := l.Allow(u); ok {
					allowed[u].Add(1)
				}
				if i%50 == 0 {
					l.Users()
				}
			}
		}()
	}
	wg.Wait()
	for u := range allowed {
		if n := allowed[u].Load(); n != 10 {
			t.Fatalf("user %d: %d calls allowed at one instant, want the budget of 10", u, n)
		}
	}
}

func TestExceeded(t *testing.T) {
	for _, x := range []struct {
		wait time.Duration
		secs int
	}{{0, 1}, {time.Millisecond, 1}, {1500 * time.Millisecond, 2}, {60 * time.Second, 60}} {
		e := Exceeded(x.wait)
		if e.Code != domain.CodeRateLimit || e.Data["retry_after_sec"] != x.secs {
			t.Errorf("%v: %s %v", x.wait, e.Code, e.Data)
		}
	}
	e := Exceeded(3 * time.Second)
	if e.Text().String() != "too many model requests; try again in 3 seconds" || messages.Render("fa_IR", e.Text()) != "درخواست‌ها بیش از حد مجاز است؛ ۳ ثانیهٔ دیگر دوباره تلاش کنید" {
		t.Errorf("messages: %q %q", e.Text().String(), messages.Render("fa_IR", e.Text()))
	}
}

func BenchmarkAllowOneUser(b *testing.B) {
	l := New(1<<16, nil)
	for b.Loop() {
		l.Allow(1)
	}
}

func BenchmarkAllowManyUsers(b *testing.B) {
	l := New(10, nil)
	var u int64
	for b.Loop() {
		u = (u + 1) % 10000
		l.Allow(u)
	}
}

func BenchmarkAllowParallel(b *testing.B) {
	l := New(10, nil)
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		u := next.Add(1)
		for pb.Next() {
			l.Allow(u)
		}
	})
}

// TestUndoGivesThePlaceBack: a call admitted and then refused for another
// reason takes its place back, so that it does not count.
func TestUndoGivesThePlaceBack(t *testing.T) {
	c := newClock()
	l := New(2, c.now)
	l.Allow(1)
	l.Allow(1)
	l.Undo(1)
	if ok, _ := l.Allow(1); !ok {
		t.Fatal("a place given back was not free")
	}
	if ok, _ := l.Allow(1); ok {
		t.Fatal("the budget grew past 2")
	}
	l.Undo(7) // a user never seen: nothing to give back
	if l.Users() != 1 {
		t.Fatalf("Undo of an unknown user kept %d users", l.Users())
	}
}

// TestBoundedUsersCostLittle: a limiter of a large budget holds a user
// seen once in a few bytes, not the whole budget's worth, and a bounded
// one never holds more users than its bound: a new user past it is
// refused until the window frees room, and users already held are
// counted as any user is.
func TestBoundedUsersCostLittle(t *testing.T) {
	c := newClock()
	l := NewBounded(600, 100, c.now)
	t.Run("a user seen once", func(t *testing.T) {
		if ok, _ := l.Allow(0); !ok {
			t.Fatal("refused")
		}
		if got := l.heldTimes(); got > 4 {
			t.Fatalf("one call holds room for %d times", got)
		}
	})
	for u := int64(1); u < 100; u++ {
		l.Allow(u)
	}
	t.Run("past the bound", func(t *testing.T) {
		ok, retry := l.Allow(100)
		if ok || retry <= 0 || l.Users() != 100 {
			t.Fatalf("user 101 of a limiter bounded at 100: ok %v retry %v, %d users", ok, retry, l.Users())
		}
		if ok, _ := l.Allow(5); !ok {
			t.Fatal("a held user was refused")
		}
	})
	t.Run("room again after the window", func(t *testing.T) {
		c.advance(Window)
		if ok, _ := l.Allow(100); !ok {
			t.Fatal("a new user refused once the others left the window")
		}
	})
	t.Run("the whole budget still holds", func(t *testing.T) {
		for i := range 599 {
			if ok, _ := l.Allow(100); !ok {
				t.Fatalf("call %d refused", i+2)
			}
		}
		if ok, _ := l.Allow(100); ok {
			t.Fatal("call 601 admitted")
		}
	})
}
