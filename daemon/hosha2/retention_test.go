package hosha2

import (
	"context"
	"testing"
	"time"
)

// purges records what it was asked to purge.
type purges struct{ jobsBefore, auditBefore []time.Time }

func (p *purges) Purge(_ context.Context, jobsBefore, auditBefore time.Time) (int64, int64, error) {
	p.jobsBefore, p.auditBefore = append(p.jobsBefore, jobsBefore), append(p.auditBefore, auditBefore)
	return 0, 0, nil
}

// TestJobRetention: finished jobs older than --job-retention are purged,
// never audit rows (forms keeps those); zero keeps every job.
func TestJobRetention(t *testing.T) {
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	t.Run("jobs past the retention", func(t *testing.T) {
		p := &purges{}
		New(Config{JobRetention: 48 * time.Hour, Purger: p}).PurgeJobs(context.Background(), now)
		if len(p.jobsBefore) != 1 || !p.jobsBefore[0].Equal(now.Add(-48*time.Hour)) || !p.auditBefore[0].IsZero() {
			t.Fatalf("purged jobs before %v, audit before %v", p.jobsBefore, p.auditBefore)
		}
	})
	t.Run("zero keeps every job", func(t *testing.T) {
		p := &purges{}
		New(Config{Purger: p}).PurgeJobs(context.Background(), now)
		if len(p.jobsBefore) != 0 {
			t.Fatalf("purged %v", p.jobsBefore)
		}
	})
	t.Run("Run ends with its context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { New(Config{JobRetention: time.Hour, Purger: &purges{}}).Run(ctx); close(done) }()
		cancel()
		<-done
	})
}
