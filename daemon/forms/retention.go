package forms

import (
	"context"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Run deletes audit rows past AuditRetention a minute after it starts
// and then every domain.RetentionEvery, until ctx ends.
func (s *Service) Run(ctx context.Context) {
	domain.RunRetention(ctx, s.PurgeAudit)
}

// PurgeAudit deletes the audit rows written longer than AuditRetention
// before now.
func (s *Service) PurgeAudit(ctx context.Context, now time.Time) {
	if s.AuditRetention <= 0 || s.Purger == nil {
		return
	}
	_, n, err := s.Purger.Purge(ctx, time.Time{}, now.Add(-s.AuditRetention))
	switch {
	case err != nil && s.Ops != nil:
		s.Ops.Warn("retention purge of audit rows failed", "err", err)
	case n > 0 && s.Ops != nil:
		s.Ops.Info("retention purge", "audit_rows_deleted", n)
	}
}
