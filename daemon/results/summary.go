package results

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// SummaryParams are results.summary's parameters: from and to bound the
// days (Iran time, both inclusive) counted.
type SummaryParams struct {
	FormID int64  `json:"form_id"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
}

// SummaryResult is results.summary's result. Spam is never counted.
type SummaryResult struct {
	FormID int64 `json:"form_id"`
	// Total counts the submissions of the days asked for.
	Total int64 `json:"total"`
	// From and To are the days counted (Gregorian YYYY-MM-DD, Iran
	// time), absent when open.
	From   string         `json:"from,omitempty"`
	To     string         `json:"to,omitempty"`
	Fields []FieldSummary `json:"fields"`
}

// FieldSummary is one field's results; which keys it has depends on the
// type. Shares are of the field's answered count (a checkbox's add up to
// more than 1).
type FieldSummary struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Label string `json:"label"`
	// Removed: the form's newest version no longer has the field; its
	// label is the newest it had.
	Removed  bool  `json:"removed,omitempty"`
	Answered int64 `json:"answered"`
	// Counts: option value → count (radio, select, checkbox); rating →
	// count (rating); row → column → count (matrix).
	Counts any `json:"counts,omitempty"`
	// Shares: option value → count/answered (radio, select, checkbox).
	Shares map[string]float64 `json:"shares,omitempty"`
	// Options lists the choices in the newest version's order (then any
	// only older versions had), with their labels.
	Options   []OptionCount `json:"options,omitempty"`
	Mean      *float64      `json:"mean,omitempty"`
	Median    *float64      `json:"median,omitempty"`
	Histogram []Bucket      `json:"histogram,omitempty"`
	// Min and Max: numbers (number, rating), or dates as answered, in the
	// field's calendar (date).
	Min any `json:"min,omitempty"`
	Max any `json:"max,omitempty"`
	// Latest: the newest answers of a text, textarea or email field.
	Latest []TextAnswer `json:"latest,omitempty"`
}

// OptionCount is one choice's count.
type OptionCount struct {
	Value string  `json:"value"`
	Label string  `json:"label"`
	Count int64   `json:"count"`
	Share float64 `json:"share"`
}

// Bucket is one rating's count; a histogram lists the whole scale.
type Bucket struct {
	Value int   `json:"value"`
	Count int64 `json:"count"`
}

// TextAnswer is one text answer.
type TextAnswer struct {
	SubmissionID int64  `json:"submission_id"`
	CreatedAt    string `json:"created_at"`
	Value        string `json:"value"`
}

// Summary limits: how many texts a field lists, and how many of the
// newest submissions are read to find them: latestFirst first, which
// fills the fields most people answer, and latestScan only when a field
// is still short (a field few answer may list fewer: reading deeper would
// make the summary's cost grow with the form).
const (
	latestTexts = 5
	latestFirst = 40
	latestScan  = 500
)

// Summary serves results.summary: it adds up the running counts the
// write path keeps per day, so its cost follows the days and distinct
// answers, not the number of submissions.
func (s *Service) Summary(ctx context.Context, p SummaryParams) (*SummaryResult, error) {
	fromDay, toDay, err := DayBounds(p.From, p.To)
	if err != nil {
		return nil, err
	}
	cat, err := s.form(ctx, p.FormID)
	if err != nil {
		return nil, err
	}
	// The counts follow the submissions; bring them up to date first.
	if err := s.RollUp(ctx); err != nil {
		return nil, err
	}
	total, firstID, lastID, err := s.store.DayRange(ctx, p.FormID, fromDay, toDay)
	if err != nil {
		return nil, err
	}
	res := &SummaryResult{FormID: p.FormID, Total: total, From: fromDay, To: toDay, Fields: make([]FieldSummary, 0, len(cat.fields))}
	byField := map[string][]domain.AnswerCount{}
	if total > 0 {
		counts, err := s.store.SumAnswerCounts(ctx, p.FormID, fromDay, toDay)
		if err != nil {
			return nil, err
		}
		for _, c := range counts {
			byField[c.Field] = append(byField[c.Field], c)
		}
	}
	latest, err := s.latestTexts(ctx, p.FormID, firstID, lastID, cat)
	if err != nil {
		return nil, err
	}
	for _, f := range cat.fields {
		fs := summarise(f, byField[f.ID])
		if isText(f.Type) {
			fs.Latest = latest[f.ID]
			if fs.Latest == nil {
				fs.Latest = []TextAnswer{}
			}
		}
		res.Fields = append(res.Fields, fs)
	}
	return res, nil
}

func isText(t string) bool {
	return t == domain.FieldText || t == domain.FieldTextarea || t == domain.FieldEmail
}

// latestTexts reads the newest answers of the catalogue's text fields.
func (s *Service) latestTexts(ctx context.Context, formID, firstID, lastID int64, cat *catalogue) (map[string][]TextAnswer, error) {
	out := map[string][]TextAnswer{}
	var ids []string
	for _, f := range cat.fields {
		if isText(f.Type) {
			ids = append(ids, f.ID)
		}
	}
	if lastID == 0 || len(ids) == 0 {
		return out, nil
	}
	for _, scan := range []int{latestFirst, latestScan} {
		clear(out)
		full, err := s.latestPass(ctx, formID, firstID, lastID, ids, scan, out)
		if err != nil || full == len(ids) {
			return out, err
		}
	}
	return out, nil
}

// latestPass collects into out the newest texts among the scan newest
// submissions, and counts the fields it filled.
func (s *Service) latestPass(ctx context.Context, formID, firstID, lastID int64, ids []string, scan int, out map[string][]TextAnswer) (int, error) {
	full := 0
	err := s.store.LatestAnswers(ctx, formID, firstID, lastID, ids, scan, func(id int64, created, field, value string) bool {
		if len(out[field]) >= latestTexts {
			return true
		}
		var text string
		if json.Unmarshal([]byte(value), &text) != nil {
			return true // not a text answer (the field changed type)
		}
		out[field] = append(out[field], TextAnswer{SubmissionID: id, CreatedAt: created, Value: text})
		if len(out[field]) == latestTexts {
			full++
		}
		return full < len(ids)
	})
	return full, err
}

// summarise turns one field's counts into its summary.
func summarise(f *fieldInfo, counts []domain.AnswerCount) FieldSummary {
	fs := FieldSummary{ID: f.ID, Type: f.Type, Label: f.Label, Removed: f.Removed}
	keyed := counts[:0:0]
	for _, c := range counts {
		if c.Key == "" {
			fs.Answered = c.Count
		} else if c.Count > 0 {
			keyed = append(keyed, c)
		}
	}
	switch f.Type {
	case domain.FieldRadio, domain.FieldSelect, domain.FieldCheckbox:
		choices(&fs, f, keyed)
	case domain.FieldRating:
		rating(&fs, f, keyed)
	case domain.FieldNumber:
		numbers(&fs, keyed)
	case domain.FieldDate:
		if len(keyed) > 0 {
			lo, hi := keyed[0].Key, keyed[0].Key
			for _, c := range keyed {
				lo, hi = min(lo, c.Key), max(hi, c.Key)
			}
			fs.Min, fs.Max = lo, hi
		}
	case domain.FieldMatrix:
		m := map[string]map[string]int64{}
		for _, c := range keyed {
			row, col, ok := strings.Cut(c.Key, answers.MatrixKeySep)
			if !ok {
				continue
			}
			if m[row] == nil {
				m[row] = map[string]int64{}
			}
			m[row][col] += c.Count
		}
		fs.Counts = m
	}
	return fs
}

func share(n, of int64) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// choices lists every option of the newest version (zeros included),
// then values only older versions offered.
func choices(fs *FieldSummary, f *fieldInfo, keyed []domain.AnswerCount) {
	counts := make(map[string]int64, len(keyed))
	for _, c := range keyed {
		counts[c.Key] += c.Count
	}
	fs.Counts, fs.Shares = counts, make(map[string]float64, len(counts))
	listed := map[string]bool{}
	for _, o := range f.latest.Options {
		listed[o.Value] = true
		fs.Options = append(fs.Options, OptionCount{Value: o.Value, Label: o.Label, Count: counts[o.Value], Share: share(counts[o.Value], fs.Answered)})
	}
	var older []string
	for v := range counts {
		if !listed[v] {
			older = append(older, v)
		}
	}
	sort.Strings(older)
	for _, v := range older {
		label := f.options[v]
		if label == "" {
			label = v
		}
		fs.Options = append(fs.Options, OptionCount{Value: v, Label: label, Count: counts[v], Share: share(counts[v], fs.Answered)})
	}
	for v, n := range counts {
		fs.Shares[v] = share(n, fs.Answered)
	}
	if fs.Options == nil {
		fs.Options = []OptionCount{}
	}
}

// rating fills the histogram over the newest scale (1–5 without one),
// zeros included, and any rating an older scale allowed.
func rating(fs *FieldSummary, f *fieldInfo, keyed []domain.AnswerCount) {
	lo, hi := 1, 5
	if sc := f.latest.Scale; sc != nil && sc.Min <= sc.Max && sc.Max-sc.Min <= 100 {
		lo, hi = sc.Min, sc.Max
	}
	counts := map[int]int64{}
	var n int64
	var sum float64
	for _, c := range keyed {
		v, err := strconv.Atoi(c.Key)
		if err != nil {
			continue
		}
		counts[v] += c.Count
		n += c.Count
		sum += c.Sum
		lo, hi = min(lo, v), max(hi, v)
	}
	asText := make(map[string]int64, hi-lo+1)
	for v := lo; v <= hi; v++ {
		fs.Histogram = append(fs.Histogram, Bucket{Value: v, Count: counts[v]})
		asText[strconv.Itoa(v)] = counts[v]
	}
	fs.Counts = asText
	if n > 0 {
		mean := sum / float64(n)
		fs.Mean = &mean
		found := false
		for v := lo; v <= hi; v++ {
			if counts[v] > 0 {
				if !found {
					fs.Min, found = v, true
				}
				fs.Max = v
			}
		}
	}
}

// numbers gives the bounds, the mean and the median of a number field
// from its per-value counts: the median is the middle value (the mean of
// the two middle ones for an even count), found by walking the values in
// order with their counts.
func numbers(fs *FieldSummary, keyed []domain.AnswerCount) {
	type value struct {
		v float64
		n int64
	}
	vals := make([]value, 0, len(keyed))
	var n int64
	var sum float64
	for _, c := range keyed {
		v, err := strconv.ParseFloat(c.Key, 64)
		if err != nil {
			continue
		}
		vals = append(vals, value{v, c.Count})
		n += c.Count
		sum += c.Sum
	}
	if n == 0 {
		return
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i].v < vals[j].v })
	mean := sum / float64(n)
	fs.Mean, fs.Min, fs.Max = &mean, vals[0].v, vals[len(vals)-1].v
	// nth returns the value at 0-based position i of the sorted answers.
	nth := func(i int64) float64 {
		for _, x := range vals {
			if i < x.n {
				return x.v
			}
			i -= x.n
		}
		return vals[len(vals)-1].v
	}
	median := nth(n / 2)
	if n%2 == 0 {
		median = (nth(n/2-1) + median) / 2
	}
	fs.Median = &median
}
