package daemon

import (
	"testing"
	"time"
)

func TestUserLimiter(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newUserLimiter(10)
	l.now = func() time.Time { return now }
	for i := 0; i < 10; i++ {
		if ok, _ := l.Allow(1); !ok {
			t.Fatalf("call %d refused", i)
		}
	}
	ok, wait := l.Allow(1)
	if ok || wait < time.Second {
		t.Fatalf("11th call: ok=%v wait=%v", ok, wait)
	}
	if ok, _ := l.Allow(2); !ok {
		t.Fatal("another user is limited too")
	}
	now = now.Add(6 * time.Second)
	if ok, _ := l.Allow(1); !ok {
		t.Fatal("no token after the refill interval")
	}
}
