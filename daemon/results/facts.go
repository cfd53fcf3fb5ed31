// Package results turns accepted answers into the running counts a form's
// results are read from, and reads them back as results.summary: counts
// and shares per option, rating means and histograms, number bounds,
// mean and median, date ranges, and the latest texts.
package results

import (
	"context"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
)

// rollUpBatch is how many submissions one rollup transaction counts: big
// enough that a storm's keys are written once per batch, small enough
// that the shared writer is never held for long.
const rollUpBatch = 2000

// RollUpEvery is how often Run counts new submissions' answers: the
// counts results are read from follow the submissions by about that
// much (results.summary catches them up itself before it reads).
const RollUpEvery = time.Second

// Run counts new submissions' answers every RollUpEvery until ctx ends;
// a failed round is logged to Ops and the next one tries again.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(RollUpEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := s.RollUp(ctx); err != nil && ctx.Err() == nil && s.Ops != nil {
			s.Ops.Warn("counting answers failed; the next round tries again", "err", err)
		}
	}
}

// RollUp counts the answers of every submission not counted yet, batch
// by batch (Run does every RollUpEvery, and results.summary before it
// reads).
func (s *Service) RollUp(ctx context.Context) error {
	for {
		n, err := s.store.RollUpAnswers(ctx, rollUpBatch, answers.FactsOf)
		if err != nil || n < rollUpBatch {
			return err
		}
	}
}
