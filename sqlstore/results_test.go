package sqlstore

import (
	"context"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestResultsReads: the reads results.summary and exports make, on two
// days of one form (one submission spam) and a form of another site.
func TestResultsReads(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "r.db"))
	f := createForm(t, db, "نظرسنجی")
	var other *domain.Form
	if err := db.Update(ctx, func(tx domain.FormTx) (err error) {
		other, _, err = tx.CreateForm(2, 7, domain.FormState{Title: "دیگر", Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{Source: domain.SourceAPI})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	at := func(day string) {
		when, _ := time.Parse(time.RFC3339, day+"T10:00:00+03:30")
		db.now = func() time.Time { return when.UTC() }
	}
	fact := func(key string, num float64) []domain.AnswerFact {
		return []domain.AnswerFact{{Field: "f1"}, {Field: "f1", Key: key}, {Field: "f2"}, {Field: "f2", Key: strconv.FormatFloat(num, 'g', -1, 64), Num: num}}
	}
	at("2026-01-10")
	a := insertSubmission(t, db, f, "", `[{"field":"f1","type":"radio","value":"o1"},{"field":"t","type":"text","value":"اول"}]`, "", fact("o1", 4))
	spam := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, Status: domain.SubmissionSpam, Answers: []byte(`[{"field":"t","type":"text","value":"spam"}]`)}
	if err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(spam, "") }); err != nil {
		t.Fatal(err)
	}
	at("2026-01-11")
	c := insertSubmission(t, db, f, "", `[{"field":"f1","type":"radio","value":"o2"}]`, "", fact("o2", 5))
	d := insertSubmission(t, db, f, "", `[{"field":"t","type":"text","value":"سوم"},{"field":"f1","type":"radio","value":"o2"}]`, "", fact("o2", 5))

	if mark, err := db.FormMark(ctx, 1, f.ID); err != nil || mark != f.HeadVersionID {
		t.Errorf("mark %d %v, want %d", mark, err, f.HeadVersionID)
	}
	for _, tc := range []struct{ site, form int64 }{{2, f.ID}, {1, other.ID}, {1, other.ID + 1}} {
		if _, err := db.FormMark(ctx, tc.site, tc.form); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("site %d form %d: %v", tc.site, tc.form, err)
		}
	}
	if vs, err := db.FormVersions(ctx, f.ID, f.HeadVersionID); err != nil || len(vs) != 1 || vs[0].ID != f.HeadVersionID {
		t.Errorf("versions %+v %v", vs, err)
	}

	for _, tc := range []struct {
		from, to           string
		total, first, last int64
	}{
		{"", "", 3, a.ID, d.ID},
		{"2026-01-11", "", 2, c.ID, d.ID},
		{"", "2026-01-10", 1, a.ID, a.ID},
		{"2026-01-12", "", 0, 0, 0},
	} {
		total, first, last, err := db.DayRange(ctx, f.ID, tc.from, tc.to)
		if err != nil || total != tc.total || first != tc.first || last != tc.last {
			t.Errorf("days %q–%q: %d %d–%d %v, want %d %d–%d", tc.from, tc.to, total, first, last, err, tc.total, tc.first, tc.last)
		}
	}

	sums := func(from, to string) map[string]domain.AnswerCount {
		t.Helper()
		list, err := db.SumAnswerCounts(ctx, f.ID, from, to)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]domain.AnswerCount{}
		for _, c := range list {
			m[c.Field+"/"+c.Key] = c
		}
		return m
	}
	all := sums("", "")
	if all["f1/"].Count != 3 || all["f1/o1"].Count != 1 || all["f1/o2"].Count != 2 || all["f2/5"].Sum != 10 || all["f2/4"].Count != 1 || all["f2/"].Count != 3 || len(all) != 6 {
		t.Errorf("all days: %+v", all)
	}
	if day2 := sums("2026-01-11", "2026-01-11"); day2["f1/"].Count != 2 || day2["f1/o1"].Count != 0 || len(day2) != 4 {
		t.Errorf("second day: %+v", day2)
	}

	type text struct {
		id           int64
		field, value string
	}
	latest := func(scan int, stopAfter int) []text {
		t.Helper()
		var out []text
		err := db.LatestAnswers(ctx, f.ID, a.ID, d.ID, []string{"t"}, scan, func(id int64, created, field, value string) bool {
			out = append(out, text{id, field, value})
			return len(out) < stopAfter
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	// Newest first, spam never; the answer's value as JSON.
	if got, want := latest(10, 10), []text{{d.ID, "t", `"سوم"`}, {a.ID, "t", `"اول"`}}; !reflect.DeepEqual(got, want) {
		t.Errorf("latest: %+v, want %+v", got, want)
	}
	if got := latest(1, 10); len(got) != 1 || got[0].id != d.ID {
		t.Errorf("one submission deep: %+v", got)
	}
	if got := latest(10, 1); len(got) != 1 {
		t.Errorf("fn said stop: %+v", got)
	}

	scan := func(after, last int64, status domain.SubmissionStatus, limit int) []int64 {
		t.Helper()
		var ids []int64
		n, err := db.ScanSubmissions(ctx, f.ID, after, last, status, limit, func(s *domain.Submission) error {
			if s.FormID != f.ID || s.TrackingCode == "" || s.CreatedAt.IsZero() || len(s.Answers) == 0 {
				t.Errorf("row %+v", s)
			}
			ids = append(ids, s.ID)
			return nil
		})
		if err != nil || n != len(ids) {
			t.Fatalf("scan: %d %v", n, err)
		}
		return ids
	}
	if got := scan(0, d.ID, "", 10); !reflect.DeepEqual(got, []int64{a.ID, c.ID, d.ID}) {
		t.Errorf("every status but spam: %v", got)
	}
	if got := scan(0, d.ID, domain.SubmissionSpam, 10); !reflect.DeepEqual(got, []int64{spam.ID}) {
		t.Errorf("spam: %v", got)
	}
	if got := scan(a.ID, c.ID, "", 10); !reflect.DeepEqual(got, []int64{c.ID}) {
		t.Errorf("after a, up to c: %v", got)
	}
	if got := scan(0, d.ID, "", 2); !reflect.DeepEqual(got, []int64{a.ID, c.ID}) {
		t.Errorf("two: %v", got)
	}
	if last, err := db.LastSubmissionID(ctx, f.ID); err != nil || last != d.ID {
		t.Errorf("last %d %v", last, err)
	}
	if last, err := db.LastSubmissionID(ctx, other.ID); err != nil || last != 0 {
		t.Errorf("last of an unanswered form %d %v", last, err)
	}
}
