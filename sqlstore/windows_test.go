package sqlstore

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// TestSpendBudget: a shared budget of units spends up to its whole
// amount per key, refuses past it with the wait until the units are
// back, and pays them back evenly over its span. SQLite keeps none: one
// host keeps its budgets in memory.
func TestSpendBudget(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "d.db"))
	const per, span = 1000, time.Hour
	if testEngine == "sqlite" {
		t.Run("SQLite keeps no shared budgets", func(t *testing.T) {
			if _, _, err := db.SpendBudget(ctx, "test_bytes", 1, 10, per, span); !errors.Is(err, ErrNoSharedWindows) {
				t.Fatalf("SpendBudget on SQLite: %v", err)
			}
		})
		return
	}
	spend := func(t *testing.T, key, n int64) (bool, time.Duration) {
		t.Helper()
		ok, wait, err := db.SpendBudget(ctx, "test_bytes", key, n, per, span)
		if err != nil {
			t.Fatal(err)
		}
		return ok, wait
	}
	t.Run("up to the whole budget", func(t *testing.T) {
		for _, n := range []int64{600, 400} {
			if ok, _ := spend(t, 1, n); !ok {
				t.Fatalf("%d units refused", n)
			}
		}
	})
	t.Run("past it, the wait until the units are back", func(t *testing.T) {
		// 100 of 1,000 an hour come back in six minutes (less the
		// moments the test has run).
		ok, wait := spend(t, 1, 100)
		if ok || wait < 5*time.Minute+50*time.Second || wait > 6*time.Minute {
			t.Fatalf("100 units past the budget: %v, wait %v", ok, wait)
		}
	})
	t.Run("more than the whole budget waits the whole span", func(t *testing.T) {
		if ok, wait := spend(t, 2, per+1); ok || wait != span {
			t.Fatalf("%d units of a budget of %d: %v, wait %v", per+1, per, ok, wait)
		}
		if ok, _ := spend(t, 2, per); !ok {
			t.Fatal("a refusal spent the budget")
		}
	})
	t.Run("another key has its own", func(t *testing.T) {
		if ok, _ := spend(t, 3, per); !ok {
			t.Fatal("a new key's whole budget refused")
		}
	})
	t.Run("paid back evenly over the span", func(t *testing.T) {
		// The spend half a span ago: half the budget is back.
		if _, err := db.write.ExecContext(ctx, "UPDATE rate_keys SET touched = touched - ? WHERE scope = 'test_bytes' AND `key` = 1",
			(span / 2).Microseconds()); err != nil {
			t.Fatal(err)
		}
		if ok, _ := spend(t, 1, 490); !ok {
			t.Fatal("half the budget is not back after half the span")
		}
		if ok, _ := spend(t, 1, 20); ok {
			t.Fatal("more than half the budget came back after half the span")
		}
	})
	t.Run("a key idle for the span has its whole budget", func(t *testing.T) {
		if _, err := db.write.ExecContext(ctx, "UPDATE rate_keys SET touched = touched - ? WHERE scope = 'test_bytes' AND `key` = 3",
			span.Microseconds()); err != nil {
			t.Fatal(err)
		}
		if ok, _ := spend(t, 3, per); !ok {
			t.Fatal("the whole budget is not back after the span")
		}
	})
}
