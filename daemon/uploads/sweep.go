package uploads

import (
	"context"
	"time"
)

// Run sweeps every interval until ctx ends: uploads left unfinished past
// PartTTL, and received files no submission claimed within PendingTTL,
// rows and files. The daemon starts it beside its other background loops.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = s.Sweep(ctx)
		}
	}
}

// Sweep runs one sweep now. A row is deleted before its file, so a file
// whose removal failed is only unreachable, never named by a row whose
// bytes are gone.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.cfg.Now()
	s.mu.Lock()
	var stale []*transfer
	for _, t := range s.transfers {
		stale = append(stale, t)
	}
	s.mu.Unlock()
	for _, t := range stale {
		t.mu.Lock()
		if !t.gone && now.Sub(t.touched) >= PartTTL {
			s.drop(t)
		}
		t.mu.Unlock()
	}
	s.cfg.Files.sweepParts(now.Add(-PartTTL))
	for {
		list, err := s.cfg.Records.SweepPendingUploads(ctx, now.Add(-PendingTTL), sweepBatch)
		s.cfg.Files.Remove(list)
		if err != nil || len(list) < sweepBatch {
			return err
		}
	}
}
