package uploads

import (
	"context"
	"time"
)

// Run removes the files an earlier run left unnamed (SweepOrphans), then
// sweeps every SweepEvery until ctx ends. A sweep that fails leaves its
// rows and files for the next one.
func (s *Service) Run(ctx context.Context) {
	_ = s.SweepOrphans(ctx)
	t := time.NewTicker(SweepEvery)
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

// Sweep runs one sweep: uploads in progress that stalled (no chunk for
// the idle timeout, or too slow to keep their slot), part files older
// than PartTTL, clients whose byte budget is whole again, and
// received files no submission claimed within PendingTTL, rows and files.
// Run runs it every SweepEvery, after SweepOrphans at start. A
// row is deleted before its file, so a file whose removal failed is only
// unreachable, never named by a row whose bytes are gone.
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
		if !t.gone && s.stalled(t, now) {
			s.drop(t)
		}
		t.mu.Unlock()
	}
	s.bytes.Forget(now)
	s.cfg.Files.sweepParts(now.Add(-PartTTL))
	for {
		list, err := s.cfg.Records.SweepPendingUploads(ctx, now.Add(-PendingTTL), sweepBatch)
		s.cfg.Files.Remove(list)
		if err != nil || len(list) < sweepBatch {
			return err
		}
	}
}

// SweepOrphans removes the stored files no upload row names and last
// written more than PartTTL ago: a daemon stopped between keeping a file
// and committing its row leaves one. A file kept since the names were
// read is younger than that, so it is never taken for an orphan.
func (s *Service) SweepOrphans(ctx context.Context) error {
	names, err := s.cfg.Records.StoredUploadNames(ctx)
	if err != nil {
		return err
	}
	return s.cfg.Files.removeUnnamed(names, s.cfg.Now().Add(-PartTTL))
}
