package sqlstore

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// insertSubmission stores a submission whose answers count as facts, and
// rolls the counts up.
func insertSubmission(t *testing.T, db *DB, f *domain.Form, key, answers, search string, facts []domain.AnswerFact) *domain.Submission {
	t.Helper()
	s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", IdempotencyKey: key,
		AnswersSHA: "sha-" + answers, Answers: []byte(answers)}
	err := db.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
		return tx.InsertSubmission(s, search)
	})
	if err != nil {
		t.Fatal(err)
	}
	factsOfAnswers[answers] = facts
	rollUp(t, db)
	return s
}

// factsOfAnswers is what the tests' submissions count, by their answers.
var factsOfAnswers = map[string][]domain.AnswerFact{}

// rollUp counts every submission not counted yet with factsOfAnswers.
func rollUp(t testing.TB, db *DB) {
	t.Helper()
	for {
		n, err := db.RollUpAnswers(context.Background(), 3, func(raw []byte) ([]domain.AnswerFact, error) { return factsOfAnswers[string(raw)], nil })
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

func TestSubmissionsStoreCountSearchAndErase(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "s.db"))
	f := createForm(t, db, "نظرسنجی")
	other := createForm(t, db, "دیگر")
	facts := []domain.AnswerFact{{Field: "f1"}, {Field: "f1", Key: "o1"}, {Field: "f2"}, {Field: "f2", Key: "4", Num: 4}}
	a := insertSubmission(t, db, f, "k1", `[{"field":"f1","value":"o1"}]`, "1234567890 می‌خواهم کتاب", facts)
	b := insertSubmission(t, db, f, "", `[{"field":"f1","value":"o1"}]`, "دفتر", facts)
	insertSubmission(t, db, other, "", `[]`, "کتاب", nil)
	if len(a.TrackingCode) != 10 || a.TrackingCode == b.TrackingCode {
		t.Fatalf("tracking codes %q %q", a.TrackingCode, b.TrackingCode)
	}

	var n int64
	var dup *domain.Submission
	err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) (err error) {
		if n, err = tx.CountSubmissions(f.ID); err != nil {
			return err
		}
		dup, err = tx.SubmissionByIdempotencyKey(f.ID, "k1")
		return err
	})
	if err != nil || n != 2 || dup == nil || dup.ID != a.ID {
		t.Fatalf("count %d, by key %+v, %v", n, dup, err)
	}
	// The unique index refuses a second row with the key.
	err = db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		return tx.InsertSubmission(&domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, IdempotencyKey: "k1", Answers: []byte("[]")}, "")
	})
	if err == nil {
		t.Fatal("a repeated idempotency key was stored twice")
	}

	list := func(q domain.SubmissionQuery) []int64 {
		t.Helper()
		q.SiteID, q.FormID = 1, f.ID
		if q.Limit == 0 {
			q.Limit = 10
		}
		items, err := db.ListSubmissions(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		ids := []int64{}
		for _, s := range items {
			ids = append(ids, s.ID)
		}
		return ids
	}
	if got := list(domain.SubmissionQuery{}); len(got) != 2 || got[0] != b.ID {
		t.Fatalf("newest first: %v", got)
	}
	if got := list(domain.SubmissionQuery{Limit: 1, BeforeID: b.ID}); len(got) != 1 || got[0] != a.ID {
		t.Fatalf("second page: %v", got)
	}
	// Search: another form's match is not this form's; Arabic letters,
	// a ZWNJ and a prefix find the same words; the tracking code too.
	for q, want := range map[string]int{"کتاب": 1, "كتا": 1, "می‌خواهم": 1, "مي": 1, a.TrackingCode: 1, "دفتر": 1, "قلم": 0, `"` + "OR" + `*`: 0, "  ": 2} {
		if got := list(domain.SubmissionQuery{Q: q}); len(got) != want {
			t.Errorf("q %q found %v, want %d", q, got, want)
		}
	}
	day := time.Now()
	if got := list(domain.SubmissionQuery{FromDay: domain.IranDay(day), ToDay: domain.IranDay(day)}); len(got) != 2 {
		t.Errorf("today: %v", got)
	}
	past := day.AddDate(0, 0, -3)
	if got := list(domain.SubmissionQuery{ToDay: domain.IranDay(past)}); len(got) != 0 {
		t.Errorf("three days ago: %v", got)
	}
	if _, err := db.GetSubmission(ctx, 2, f.ID, a.ID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("another site read a submission: %v", err)
	}

	counts := func() (rows, sum int64) {
		t.Helper()
		if err := db.read.Get(&rows, "SELECT coalesce(sum(count), 0) FROM answer_counts WHERE form_id = ? AND field_id = 'f2' AND key = '4'", f.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.read.Get(&sum, "SELECT coalesce(sum(sum), 0) FROM answer_counts WHERE form_id = ? AND field_id = 'f2' AND key = '4'", f.ID); err != nil {
			t.Fatal(err)
		}
		// The all-time totals always agree with the days added up.
		var total, totalSum int64
		db.read.Get(&total, "SELECT coalesce(sum(count), 0) FROM answer_totals WHERE form_id = ? AND field_id = 'f2' AND key = '4'", f.ID)
		db.read.Get(&totalSum, "SELECT coalesce(sum(sum), 0) FROM answer_totals WHERE form_id = ? AND field_id = 'f2' AND key = '4'", f.ID)
		if total != rows || totalSum != sum {
			t.Fatalf("totals %d/%d, days %d/%d", total, totalSum, rows, sum)
		}
		return
	}
	if c, s := counts(); c != 2 || s != 8 {
		t.Fatalf("counts %d sum %d, want 2 and 8", c, s)
	}
	// Spam leaves the counts and comes back; erasing takes them out and
	// leaves nothing searchable.
	update := func(fn func(tx domain.SubmissionTx, s *domain.Submission) error) {
		t.Helper()
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			got, err := tx.GetSubmissionsByID(1, f.ID, []int64{a.ID})
			if err != nil || len(got) != 1 {
				t.Fatalf("by id: %v %v", got, err)
			}
			return fn(tx, &got[0])
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	update(func(tx domain.SubmissionTx, s *domain.Submission) error {
		return tx.SetSubmissionStatus(s, domain.SubmissionSpam, facts)
	})
	if c, _ := counts(); c != 1 {
		t.Fatalf("spam still counted: %d", c)
	}
	update(func(tx domain.SubmissionTx, s *domain.Submission) error {
		return tx.SetSubmissionStatus(s, domain.SubmissionStarred, facts)
	})
	if c, _ := counts(); c != 2 {
		t.Fatalf("back from spam: %d", c)
	}
	update(func(tx domain.SubmissionTx, s *domain.Submission) error {
		_, err := tx.DeleteSubmission(s, facts)
		return err
	})
	if c, s := counts(); c != 1 || s != 4 {
		t.Fatalf("after erasing: %d %d", c, s)
	}
	if got := list(domain.SubmissionQuery{Q: "کتاب"}); len(got) != 0 {
		t.Fatalf("an erased submission is still found: %v", got)
	}
	var left int
	db.read.Get(&left, "SELECT count(*) FROM submissions WHERE id = ?", a.ID)
	if left != 0 {
		t.Fatal("row not erased")
	}
}

// FuzzSearchQuery: whatever an admin types into the search box becomes a
// query FTS5 accepts (never a syntax error, never an operator obeyed),
// and text indexed is found by its own words.
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"کتاب", `"`, `a OR b`, `NEAR(a b)`, `body:x`, `*`, `^a`, `-a`, `a AND`, "علي ١٢٣", "\x00", "(", `""*`} {
		f.Add(s)
	}
	db := openTest(f, filepath.Join(f.TempDir(), "fuzz.db"))
	form := createFormTB(f, db, "جست‌وجو")
	f.Fuzz(func(t *testing.T, typed string) {
		_, err := db.ListSubmissions(context.Background(), domain.SubmissionQuery{SiteID: 1, FormID: form.ID, Limit: 5, Q: typed})
		if err != nil {
			t.Fatalf("q %q: %v", typed, err)
		}
	})
}

// TestRollUpFollowsWhatHappenedBefore: a submission marked spam or erased
// before the rollup reaches it is never counted; one marked spam after
// is taken out; the counts then agree with what is kept.
func TestRollUpFollowsWhatHappenedBefore(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "r.db"))
	f := createFormTB(t, db, "پیگیری")
	one := []domain.AnswerFact{{Field: "q"}, {Field: "q", Key: "o1"}}
	factsOfAnswers[`["rollup"]`] = one
	var subs []*domain.Submission
	for range 4 {
		s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, Answers: []byte(`["rollup"]`)}
		if err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") }); err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s)
	}
	change := func(i int, fn func(tx domain.SubmissionTx, s *domain.Submission) error) {
		t.Helper()
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			got, err := tx.GetSubmissionsByID(1, f.ID, []int64{subs[i].ID})
			if err != nil || len(got) != 1 {
				t.Fatalf("by id: %v %v", got, err)
			}
			return fn(tx, &got[0])
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// Before the rollup: 0 spam, 1 erased.
	change(0, func(tx domain.SubmissionTx, s *domain.Submission) error {
		return tx.SetSubmissionStatus(s, domain.SubmissionSpam, one)
	})
	change(1, func(tx domain.SubmissionTx, s *domain.Submission) error {
		_, err := tx.DeleteSubmission(s, one)
		return err
	})
	rollUp(t, db)
	counted := func() (days, answers, totals int64) {
		db.read.Get(&days, "SELECT coalesce(sum(count), 0) FROM submission_days WHERE form_id = ?", f.ID)
		db.read.Get(&answers, "SELECT coalesce(sum(count), 0) FROM answer_counts WHERE form_id = ? AND key = 'o1'", f.ID)
		db.read.Get(&totals, "SELECT coalesce(sum(count), 0) FROM answer_totals WHERE form_id = ? AND key = 'o1'", f.ID)
		return
	}
	if d, a, tot := counted(); d != 2 || a != 2 || tot != 2 {
		t.Fatalf("after the rollup: days %d, answers %d, totals %d; want 2 each", d, a, tot)
	}
	// After it: 2 spam, then 0 back from spam.
	change(2, func(tx domain.SubmissionTx, s *domain.Submission) error {
		return tx.SetSubmissionStatus(s, domain.SubmissionSpam, one)
	})
	change(0, func(tx domain.SubmissionTx, s *domain.Submission) error {
		return tx.SetSubmissionStatus(s, domain.SubmissionNew, one)
	})
	if d, a, tot := counted(); d != 2 || a != 2 || tot != 2 {
		t.Fatalf("after spam moves: days %d, answers %d, totals %d; want 2 each", d, a, tot)
	}
}
