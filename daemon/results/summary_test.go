package results_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/results"
)

func opts(pairs ...string) []map[string]any {
	var out []map[string]any
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, map[string]any{"value": pairs[i], "label": pairs[i+1]})
	}
	return out
}

// sampleFields are a form's fields in three versions: v2 relabels f7,
// widens the rating to 1–7 and relabels option o2; v3 drops f7.
func sampleFields(version int) []map[string]any {
	o2 := "آزاد"
	oldLabel := "قدیمی ۱"
	scale := map[string]any{"min": 1, "max": 5}
	if version >= 2 {
		o2, oldLabel, scale = "آزاد (خصوصی)", "قدیمی ۲", map[string]any{"min": 1, "max": 7}
	}
	fields := []map[string]any{
		{"id": "f1", "type": "radio", "label": "بیمه", "options": opts("o1", "تأمین اجتماعی", "o2", o2)},
		{"id": "f2", "type": "checkbox", "label": "علاقه‌ها", "options": opts("a", "ورزش", "b", "کتاب", "c", "سفر")},
		{"id": "f3", "type": "rating", "label": "رضایت", "scale": scale},
		{"id": "f4", "type": "number", "label": "سن"},
		{"id": "f5", "type": "date", "label": "تاریخ مراجعه", "calendar": "jalali"},
		{"id": "f6", "type": "text", "label": "نظر"},
		{"id": "f7", "type": "text", "label": oldLabel},
		{"id": "f8", "type": "matrix", "label": "کیفیت", "rows": []any{"غذا", "خدمات"}, "cols": []any{"خوب", "بد"}},
		{"id": "s1", "type": "section", "label": "پایان"},
	}
	if version >= 3 {
		fields = append(fields[:6], fields[7:]...)
	}
	return fields
}

// sample is a form answered on three days (2026-01-10, -12 and -15), one
// submission of the first day spam.
type sample struct {
	*fixture
	ids []int64 // in order: s1, s2, spam, s4, s5, s6
}

func newSample(t *testing.T) *sample {
	f := newFixture(t)
	s := &sample{fixture: f}
	v1 := f.newForm(sampleFields(1)...)
	s.ids = append(s.ids,
		f.submit(v1, domain.SubmissionNew, map[string]any{"f1": "o1", "f2": []string{"a", "b"}, "f3": 4, "f4": 30, "f5": "1404-10-20", "f6": "خوب بود", "f7": "x1",
			"f8": map[string]any{"غذا": "خوب", "خدمات": "بد"}}),
		f.submit(v1, domain.SubmissionRead, map[string]any{"f1": "o2", "f2": []string{"b"}, "f3": 5, "f4": "۲۰", "f5": "۱۴۰۴/۱۰/۲۵", "f6": `=HYPERLINK("http://evil.example","x")`, "f7": "x2",
			"f8": map[string]any{"غذا": "خوب"}}),
		f.submit(v1, domain.SubmissionSpam, map[string]any{"f1": "o1", "f2": []string{"c"}, "f3": 1, "f4": 100, "f6": "spam text", "f7": "x3"}),
	)
	f.onDay("2026-01-10")
	v2 := f.version(sampleFields(2)...)
	s.ids = append(s.ids,
		f.submit(v2, domain.SubmissionStarred, map[string]any{"f1": "o2", "f2": []string{"a"}, "f3": 7, "f4": 40, "f5": "1404-11-01", "f6": "+98 cmd", "f7": "x4"}),
		f.submit(v2, domain.SubmissionNew, map[string]any{"f1": "o1", "f2": []string{"a", "c"}, "f3": 2, "f4": 25, "f6": "-2+3"}),
	)
	f.onDay("2026-01-12")
	v3 := f.version(sampleFields(3)...)
	s.ids = append(s.ids, f.submit(v3, domain.SubmissionNew, map[string]any{"f1": "o1", "f3": 3, "f4": 36.5, "f6": "@SUM(1)"}))
	f.onDay("2026-01-15")
	return s
}

func summary(t *testing.T, f *fixture, ctx context.Context, p results.SummaryParams) (*results.SummaryResult, map[string]results.FieldSummary) {
	t.Helper()
	res, err := f.svc.Summary(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]results.FieldSummary{}
	for _, fs := range res.Fields {
		by[fs.ID] = fs
	}
	return res, by
}

func f64(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

// TestSummaryHandComputed checks every kind of field against numbers
// worked out by hand from the sample (spam left out).
func TestSummaryHandComputed(t *testing.T) {
	s := newSample(t)
	res, by := summary(t, s.fixture, ctxSite(1, "fa_IR"), results.SummaryParams{FormID: s.form})
	if res.Total != 5 {
		t.Errorf("total %d, want 5", res.Total)
	}
	var order []string
	for _, fs := range res.Fields {
		order = append(order, fs.ID)
	}
	// The newest version's fields in its order, then the removed one; no
	// section.
	if want := []string{"f1", "f2", "f3", "f4", "f5", "f6", "f8", "f7"}; !reflect.DeepEqual(order, want) {
		t.Errorf("fields %v, want %v", order, want)
	}

	f1 := by["f1"]
	if f1.Answered != 5 || !reflect.DeepEqual(f1.Counts, map[string]int64{"o1": 3, "o2": 2}) ||
		f1.Shares["o1"] != 0.6 || f1.Shares["o2"] != 0.4 {
		t.Errorf("radio: %+v", f1)
	}
	if want := []results.OptionCount{{Value: "o1", Label: "تأمین اجتماعی", Count: 3, Share: 0.6}, {Value: "o2", Label: "آزاد (خصوصی)", Count: 2, Share: 0.4}}; !reflect.DeepEqual(f1.Options, want) {
		t.Errorf("radio options %+v", f1.Options)
	}

	f2 := by["f2"]
	if f2.Answered != 4 || !reflect.DeepEqual(f2.Counts, map[string]int64{"a": 3, "b": 2, "c": 1}) || f2.Shares["a"] != 0.75 || f2.Shares["c"] != 0.25 {
		t.Errorf("checkbox: %+v", f2)
	}

	f3 := by["f3"]
	wantHist := []results.Bucket{{1, 0}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 0}, {7, 1}}
	if f3.Answered != 5 || f64(f3.Mean) != 4.2 || !reflect.DeepEqual(f3.Histogram, wantHist) || f3.Min != 2 || f3.Max != 7 {
		t.Errorf("rating: answered %d mean %v histogram %v min %v max %v", f3.Answered, f64(f3.Mean), f3.Histogram, f3.Min, f3.Max)
	}

	// 20, 25, 30, 36.5, 40: an odd count, the middle one.
	f4 := by["f4"]
	if f4.Answered != 5 || f64(f4.Median) != 30 || f64(f4.Mean) != 30.3 || f4.Min != 20.0 || f4.Max != 40.0 {
		t.Errorf("number: answered %d median %v mean %v min %v max %v", f4.Answered, f64(f4.Median), f64(f4.Mean), f4.Min, f4.Max)
	}

	f5 := by["f5"]
	if f5.Answered != 3 || f5.Min != "1404-10-20" || f5.Max != "1404-11-01" {
		t.Errorf("date: %+v", f5)
	}

	f6 := by["f6"]
	var texts []string
	for _, a := range f6.Latest {
		texts = append(texts, a.Value)
	}
	if want := []string{"@SUM(1)", "-2+3", "+98 cmd", `=HYPERLINK("http://evil.example","x")`, "خوب بود"}; f6.Answered != 5 || !reflect.DeepEqual(texts, want) {
		t.Errorf("text: answered %d latest %q", f6.Answered, texts)
	}
	if f6.Latest[0].SubmissionID != s.ids[5] || f6.Latest[0].CreatedAt != "2026-01-15T08:00:00Z" {
		t.Errorf("latest text: %+v", f6.Latest[0])
	}

	f7 := by["f7"]
	if !f7.Removed || f7.Label != "قدیمی ۲" || f7.Answered != 3 || f7.Type != "text" {
		t.Errorf("removed field: %+v", f7)
	}
	if by["f1"].Removed {
		t.Error("a field of the newest version is marked removed")
	}

	f8 := by["f8"]
	if want := map[string]map[string]int64{"غذا": {"خوب": 2}, "خدمات": {"بد": 1}}; f8.Answered != 2 || !reflect.DeepEqual(f8.Counts, want) {
		t.Errorf("matrix: %+v", f8)
	}
}

// TestSummaryDays: from and to count whole days, both ends included, in
// any of the date forms accepted; a number's median of an even count is
// the mean of the middle two.
func TestSummaryDays(t *testing.T) {
	s := newSample(t)
	ctx := ctxSite(1, "fa_IR")
	res, by := summary(t, s.fixture, ctx, results.SummaryParams{FormID: s.form, From: "2026-01-10", To: "2026-01-12"})
	// 30, 20, 40, 25: the mean of 25 and 30.
	if res.Total != 4 || by["f4"].Answered != 4 || f64(by["f4"].Median) != 27.5 || f64(by["f4"].Mean) != 28.75 {
		t.Errorf("10th–12th: total %d, number %+v median %v", res.Total, by["f4"], f64(by["f4"].Median))
	}
	if len(by["f6"].Latest) != 4 || by["f6"].Latest[0].Value != "-2+3" {
		t.Errorf("10th–12th texts: %+v", by["f6"].Latest)
	}
	// 1404-10-22 (Jalali) is 2026-01-12; an RFC 3339 time names its day in Iran.
	for _, from := range []string{"1404-10-22", "۱۴۰۴/۱۰/۲۲", "2026-01-11T21:00:00Z"} {
		res, by = summary(t, s.fixture, ctx, results.SummaryParams{FormID: s.form, From: from})
		if res.Total != 3 || res.From != "2026-01-12" || by["f1"].Answered != 3 {
			t.Errorf("from %s: total %d from %q", from, res.Total, res.From)
		}
	}
	res, by = summary(t, s.fixture, ctx, results.SummaryParams{FormID: s.form, From: "2026-01-13", To: "2026-01-14"})
	if res.Total != 0 || by["f1"].Answered != 0 || len(by["f6"].Latest) != 0 || by["f3"].Mean != nil || len(by["f3"].Histogram) != 7 {
		t.Errorf("a range without submissions: %+v", res)
	}
}

// TestSummaryRefusals: bad params are INVALID_PARAMS, another site's form
// and a missing one NOT_FOUND.
func TestSummaryRefusals(t *testing.T) {
	s := newSample(t)
	for _, tc := range []struct {
		ctx  context.Context
		p    results.SummaryParams
		want domain.Code
	}{
		{ctxSite(1, "fa_IR"), results.SummaryParams{}, domain.CodeInvalidParams},
		{ctxSite(1, "fa_IR"), results.SummaryParams{FormID: s.form, From: "yesterday"}, domain.CodeInvalidParams},
		{ctxSite(1, "fa_IR"), results.SummaryParams{FormID: s.form, From: "2026-02-01", To: "2026-01-01"}, domain.CodeInvalidParams},
		{ctxSite(2, "fa_IR"), results.SummaryParams{FormID: s.form}, domain.CodeNotFound},
		{ctxSite(1, "fa_IR"), results.SummaryParams{FormID: s.form + 100}, domain.CodeNotFound},
	} {
		_, err := s.svc.Summary(tc.ctx, tc.p)
		if code := domain.ErrorCode(err); code != tc.want {
			t.Errorf("%+v: %v, want %s", tc.p, err, tc.want)
		}
		if de := domain.AsError(err); messages.Render("fa_IR", de.Text()) == "" || de.Text().String() == "" {
			t.Errorf("%+v: a message is missing: %+v", tc.p, de)
		}
	}
	// The result is plain JSON for the PHP shim.
	res, err := s.svc.Summary(ctxSite(1, ""), results.SummaryParams{FormID: s.form})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
}
