package notify

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// sweepStore records the worker's retention sweeps; it owes nothing.
type sweepStore struct {
	mu     sync.Mutex
	cuts   []time.Time
	limits []int
	left   int // rows the sweep still finds
	claims int
}

func (s *sweepStore) ClaimNotifications(context.Context, string, int64, int, time.Duration) ([]domain.Notification, error) {
	s.mu.Lock()
	s.claims++
	s.mu.Unlock()
	return nil, nil
}

// waitFor polls ok (under the store's lock) for up to 5 s.
func (s *sweepStore) waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		done := ok()
		s.mu.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s in 5 s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
func (s *sweepStore) MarkNotificationSent(context.Context, int64, int64, string) (bool, error) {
	return false, nil
}
func (s *sweepStore) MarkNotificationFailed(context.Context, int64, int64, string, string, time.Time) (bool, error) {
	return false, nil
}
func (s *sweepStore) PendingNotifications(context.Context) (int64, error) { return 0, nil }
func (s *sweepStore) ClearSentNotifications(_ context.Context, before time.Time, limit int) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cuts = append(s.cuts, before)
	s.limits = append(s.limits, limit)
	n := min(s.left, limit)
	s.left -= n
	return n, nil
}

func TestWorkerRetention(t *testing.T) {
	t.Run("at start, in batches until a short one, cut at now minus the retention", func(t *testing.T) {
		st := &sweepStore{left: 2*retentionBatch + 3}
		began := time.Now()
		w := NewWorker(WorkerConfig{Store: st, Retention: 48 * time.Hour, Poll: 5 * time.Millisecond})
		go w.Run(context.Background())
		// The loop claims only after the start's sweep is over.
		st.waitFor(t, "claim", func() bool { return st.claims > 0 })
		w.Close()
		if len(st.cuts) != 3 || st.limits[0] != retentionBatch {
			t.Fatalf("%d sweeps, want 3 (two full batches and the rest)", len(st.cuts))
		}
		for _, c := range st.cuts {
			if d := began.Add(-48 * time.Hour).Sub(c); d > time.Second || d < -time.Second {
				t.Fatalf("cut %v, want about %v", c, began.Add(-48*time.Hour))
			}
		}
	})
	t.Run("negative keeps everything", func(t *testing.T) {
		st := &sweepStore{left: 10}
		w := NewWorker(WorkerConfig{Store: st, Retention: -1, RetentionEvery: 5 * time.Millisecond, Poll: 5 * time.Millisecond})
		go w.Run(context.Background())
		st.waitFor(t, "second claim", func() bool { return st.claims > 1 })
		time.Sleep(30 * time.Millisecond)
		w.Close()
		if len(st.cuts) != 0 {
			t.Fatalf("swept %d times", len(st.cuts))
		}
	})
	t.Run("again every RetentionEvery", func(t *testing.T) {
		st := &sweepStore{}
		w := NewWorker(WorkerConfig{Store: st, RetentionEvery: 20 * time.Millisecond, Poll: time.Hour})
		go w.Run(context.Background())
		st.waitFor(t, "third sweep", func() bool { return len(st.cuts) >= 3 })
		w.Close()
	})
}
