package hosha2

import (
	"context"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Run deletes finished jobs past JobRetention a minute after it starts
// and then every domain.RetentionEvery, until ctx ends.
func (s *Service) Run(ctx context.Context) {
	domain.RunRetention(ctx, s.PurgeJobs)
}

// PurgeJobs deletes the jobs finished longer than JobRetention before
// now.
func (s *Service) PurgeJobs(ctx context.Context, now time.Time) {
	if s.cfg.JobRetention <= 0 || s.cfg.Purger == nil {
		return
	}
	n, _, err := s.cfg.Purger.Purge(ctx, now.Add(-s.cfg.JobRetention), time.Time{})
	switch {
	case err != nil && s.cfg.Ops != nil:
		s.cfg.Ops.Warn("retention purge of finished jobs failed", "err", err)
	case n > 0 && s.cfg.Ops != nil:
		s.cfg.Ops.Info("retention purge", "jobs_deleted", n)
	}
}
