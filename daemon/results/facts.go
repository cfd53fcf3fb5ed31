// Package results turns accepted answers into the running counts a form's
// results are read from, and reads them back as results.summary: counts
// and shares per option, rating means and histograms, number bounds,
// mean and median, date ranges, and the latest texts.
package results

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// MatrixKeySep joins a matrix answer's row and column in its count key.
const MatrixKeySep = "\x1f"

// Facts lists the counts one submission adds: for every answer, one
// "answered" fact (key ""), and one per option chosen, rating, number,
// date or matrix cell. Text, email and file answers count only as
// answered: their words are searched, not counted.
func Facts(list []answers.Answer) []domain.AnswerFact {
	facts := make([]domain.AnswerFact, 0, 2*len(list))
	for _, a := range list {
		facts = append(facts, domain.AnswerFact{Field: a.Field})
		switch v := a.Value.(type) {
		case string:
			switch a.Type {
			case domain.FieldRadio, domain.FieldSelect, domain.FieldDate:
				facts = append(facts, domain.AnswerFact{Field: a.Field, Key: v})
			}
		case []string: // checkbox
			for _, o := range v {
				facts = append(facts, domain.AnswerFact{Field: a.Field, Key: o})
			}
		case float64: // number
			facts = append(facts, domain.AnswerFact{Field: a.Field, Key: NumberKey(v), Num: v})
		case int: // rating
			facts = append(facts, domain.AnswerFact{Field: a.Field, Key: strconv.Itoa(v), Num: float64(v)})
		case map[string]string: // matrix
			for row, col := range v {
				facts = append(facts, domain.AnswerFact{Field: a.Field, Key: row + MatrixKeySep + col})
			}
		// The same answers read back from the store with encoding/json:
		// lists and objects of strings come back as []any and
		// map[string]any (a rating as float64, which keys alike).
		case []any:
			for _, o := range v {
				if s, ok := o.(string); ok && a.Type == domain.FieldCheckbox {
					facts = append(facts, domain.AnswerFact{Field: a.Field, Key: s})
				}
			}
		case map[string]any:
			for row, col := range v {
				if s, ok := col.(string); ok && a.Type == domain.FieldMatrix {
					facts = append(facts, domain.AnswerFact{Field: a.Field, Key: row + MatrixKeySep + s})
				}
			}
		}
	}
	return facts
}

// NumberKey is the count key of a number: its shortest decimal form.
func NumberKey(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// FactsOf reads a stored submission's answers ([{field, type, value,
// typed?}]) into the counts they add, as Facts does for answers just
// judged.
func FactsOf(stored []byte) ([]domain.AnswerFact, error) {
	var list []answers.Answer
	if err := json.Unmarshal(stored, &list); err != nil {
		return nil, err
	}
	return Facts(list), nil
}

// rollUpBatch is how many submissions one rollup transaction counts: big
// enough that a storm's keys are written once per batch, small enough
// that the shared writer is never held for long.
const rollUpBatch = 2000

// RollUp counts the answers of every submission not counted yet, batch
// by batch (the daemon runs it every second, and results.summary before
// it reads).
func (s *Service) RollUp(ctx context.Context) error {
	for {
		n, err := s.store.RollUpAnswers(ctx, rollUpBatch, FactsOf)
		if err != nil || n < rollUpBatch {
			return err
		}
	}
}
