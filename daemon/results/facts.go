// Package results turns accepted answers into the running counts a form's
// results are read from, and reads them back as results.summary: counts
// and shares per option, rating means and histograms, number bounds,
// mean and median, date ranges, and the latest texts.
package results

import (
	"context"

	"github.com/arshline/arshline-sidecar/daemon/answers"
)

// rollUpBatch is how many submissions one rollup transaction counts: big
// enough that a storm's keys are written once per batch, small enough
// that the shared writer is never held for long.
const rollUpBatch = 2000

// RollUp counts the answers of every submission not counted yet, batch
// by batch (the daemon runs it every second, and results.summary before
// it reads).
func (s *Service) RollUp(ctx context.Context) error {
	for {
		n, err := s.store.RollUpAnswers(ctx, rollUpBatch, answers.FactsOf)
		if err != nil || n < rollUpBatch {
			return err
		}
	}
}
