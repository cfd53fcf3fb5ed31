package limit

import (
	"testing"
	"time"
)

// TestBudget: a host's own budget spends up to perSpan units a key,
// pays them back evenly over the span, and holds a bounded number of
// keys.
func TestBudget(t *testing.T) {
	start := time.Now()
	t.Run("up to the budget, then the wait for what is missing", func(t *testing.T) {
		b := NewBudget(1000, time.Hour, 16)
		if ok, _ := b.Spend(1, 1000, start); !ok {
			t.Fatal("the whole budget refused")
		}
		if ok, wait := b.Spend(1, 100, start); ok || wait != 6*time.Minute {
			t.Fatalf("100 past the budget: %v, wait %v; want a refusal and 6m", ok, wait)
		}
		if ok, _ := b.Spend(2, 1000, start); !ok {
			t.Fatal("another key is held back")
		}
	})
	t.Run("paid back evenly", func(t *testing.T) {
		b := NewBudget(1000, time.Hour, 16)
		b.Spend(1, 1000, start)
		half := start.Add(30 * time.Minute)
		if ok, _ := b.Spend(1, 500, half); !ok {
			t.Fatal("half the budget is not back after half an hour")
		}
		if ok, _ := b.Spend(1, 1, half); ok {
			t.Fatal("more than half came back after half an hour")
		}
	})
	t.Run("more than the whole budget waits the span", func(t *testing.T) {
		b := NewBudget(1000, time.Hour, 16)
		if ok, wait := b.Spend(1, 1001, start); ok || wait != time.Hour {
			t.Fatalf("1,001 of 1,000: %v, wait %v", ok, wait)
		}
	})
	t.Run("no budget", func(t *testing.T) {
		if ok, _ := NewBudget(-1, time.Hour, 16).Spend(1, 1<<40, start); !ok {
			t.Fatal("a negative budget refused")
		}
	})
	t.Run("full of keys, a new one waits until one has refilled", func(t *testing.T) {
		b := NewBudget(1000, time.Hour, 2)
		b.Spend(1, 10, start)
		b.Spend(2, 10, start)
		if ok, wait := b.Spend(3, 10, start); ok || wait != time.Minute {
			t.Fatalf("a third key while two spend: %v, wait %v", ok, wait)
		}
		// A minute later both buckets are full again: forgotten.
		later := start.Add(time.Minute)
		if ok, _ := b.Spend(3, 10, later); !ok {
			t.Fatal("a third key refused once the others refilled")
		}
		b.Forget(later.Add(time.Hour))
		if n := len(b.keys); n != 0 {
			t.Fatalf("%d full buckets kept after Forget", n)
		}
	})
}
