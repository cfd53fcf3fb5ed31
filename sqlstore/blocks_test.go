package sqlstore

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// blockFacts are the counts of a test submission: a choice and a number
// that depend on its index, so that days and blocks differ.
func blockFacts(i int) []domain.AnswerFact {
	n := float64(i%7 + 1)
	return []domain.AnswerFact{{Field: "c"}, {Field: "c", Key: fmt.Sprint("o", i%5)},
		{Field: "n", Num: n}, {Field: "n", Key: fmt.Sprint(n), Num: n}}
}

// sumDays is what a range must add up to: its per-day counts (answer_counts)
// added up by SQLite, keys whose count and sum are 0 left out.
func sumDays(t *testing.T, db *DB, formID int64, from, to string) map[string][2]float64 {
	t.Helper()
	var rows []struct {
		Field string  `db:"field_id"`
		Key   string  `db:"key"`
		Count int64   `db:"c"`
		Sum   float64 `db:"s"`
	}
	if err := db.read.Select(&rows, `SELECT field_id, key, sum(count) AS c, sum(sum) AS s FROM answer_counts
		WHERE form_id = ? AND day >= ? AND day <= ? GROUP BY field_id, key`, formID, from, dayOrMax(to)); err != nil {
		t.Fatal(err)
	}
	out := map[string][2]float64{}
	for _, r := range rows {
		if r.Count != 0 || r.Sum != 0 {
			out[r.Field+"/"+r.Key] = [2]float64{float64(r.Count), r.Sum}
		}
	}
	return out
}

func summed(t *testing.T, db *DB, formID int64, from, to string) map[string][2]float64 {
	t.Helper()
	counts, err := db.SumAnswerCounts(context.Background(), formID, from, to)
	if err != nil {
		t.Fatalf("%s..%s: %v", from, to, err)
	}
	out := map[string][2]float64{}
	for _, c := range counts {
		if c.Count != 0 || c.Sum != 0 {
			if _, dup := out[c.Field+"/"+c.Key]; dup {
				t.Fatalf("%s..%s: %s/%s twice", from, to, c.Field, c.Key)
			}
			out[c.Field+"/"+c.Key] = [2]float64{float64(c.Count), c.Sum}
		}
	}
	return out
}

func sameCounts(a, b map[string][2]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// checkBlocks: answer_blocks holds exactly answer_counts added up by block.
func checkBlocks(t *testing.T, db *DB) {
	t.Helper()
	var diff int
	// SQLite takes no brackets around a compound SELECT; MariaDB needs
	// them to apply each EXCEPT before the UNION.
	block, open, shut := "CAST(julianday(day) - 2440587.5 AS INTEGER) / 16", "", ""
	if db.mysql != nil {
		block, open, shut = "DATEDIFF(day, '1970-01-01') DIV 16", "(", ")"
	}
	if err := db.read.Get(&diff, `SELECT count(*) FROM (
		`+open+`SELECT form_id, field_id, block, key, count, sum FROM answer_blocks WHERE count != 0 OR sum != 0
		EXCEPT SELECT * FROM (SELECT form_id, field_id, `+block+` AS block, key,
			sum(count) AS count, sum(sum) AS sum FROM answer_counts GROUP BY 1, 2, 3, 4) c WHERE count != 0 OR sum != 0`+shut+`
		UNION ALL
		`+open+`SELECT * FROM (SELECT form_id, field_id, `+block+` AS block, key,
			sum(count) AS count, sum(sum) AS sum FROM answer_counts GROUP BY 1, 2, 3, 4) c WHERE count != 0 OR sum != 0
		EXCEPT SELECT form_id, field_id, block, key, count, sum FROM answer_blocks WHERE count != 0 OR sum != 0`+shut+`) d`); err != nil {
		t.Fatal(err)
	}
	if diff != 0 {
		t.Fatalf("answer_blocks differs from answer_counts by block in %d rows", diff)
	}
}

// TestRangeSumsEqualTheirDays: a form answered over 100 days, with
// submissions erased and marked spam (and back) before and after the
// rollup counted them; every range's sum, read through the blocks of
// days, is the sum of its per-day counts: random ranges, ranges ending on
// either side of a block's edge, single days, ranges with no
// submission, and ranges reaching beyond the days answered.
func TestRangeSumsEqualTheirDays(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "b.db"))
	f := createForm(t, db, "بازه")
	other := createForm(t, db, "دیگر")
	const days, perDay = 100, 4
	// Day 0 starts two days before a block, so ranges cross edges.
	start := time.Unix((1270*blockDays-2)*86400, 0).UTC()
	// A day in seven has no submission.
	dayOf := func(i int) string { return start.AddDate(0, 0, i/perDay+i/perDay/6).Format(time.DateOnly) }
	var subs []*domain.Submission
	for i := range days * perDay {
		form := f
		if i%10 == 9 {
			form = other
		}
		answers := fmt.Sprintf(`["block",%d]`, i)
		factsOfAnswers[answers] = blockFacts(i)
		s := &domain.Submission{SiteID: 1, FormID: form.ID, VersionID: form.HeadVersionID, Answers: []byte(answers)}
		if i%13 == 0 {
			s.Status = domain.SubmissionSpam
		}
		if err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") }); err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s)
	}
	// Every submission onto its day (the write path stamps the present),
	// with the day counts rebuilt to match, before the answers are counted.
	for i, s := range subs {
		if _, err := db.write.Exec("UPDATE submissions SET created_at = ? WHERE id = ?", dayOf(i)+"T08:00:00Z", s.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.write.Exec(`DELETE FROM submission_days`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.write.Exec(`INSERT INTO submission_days (form_id, day, count, first_id, last_id)
		SELECT form_id, substr(created_at, 1, 10), count(*), min(id), max(id) FROM submissions WHERE status != 'spam' GROUP BY 1, 2`); err != nil {
		t.Fatal(err)
	}
	change := func(i int, status domain.SubmissionStatus) {
		t.Helper()
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			got, err := tx.GetSubmissionsByID(1, subs[i].FormID, []int64{subs[i].ID})
			if err != nil || len(got) != 1 {
				return fmt.Errorf("by id: %v %v", got, err)
			}
			if status == "" {
				_, err = tx.DeleteSubmission(&got[0], blockFacts(i))
				return err
			}
			return tx.SetSubmissionStatus(&got[0], status, blockFacts(i))
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// Before the rollup: the newest ones, which it has not counted.
	for i := len(subs) - 1; i > len(subs)-40; i -= 3 {
		change(i, []domain.SubmissionStatus{"", domain.SubmissionSpam, domain.SubmissionNew}[i%3])
	}
	rollUp(t, db)
	// After it: erased, marked spam, and spam back to read.
	for i := 1; i < len(subs)-40; i += 7 {
		change(i, []domain.SubmissionStatus{"", domain.SubmissionSpam, domain.SubmissionRead}[i%3])
	}
	checkBlocks(t, db)

	first, last := dayOf(0), dayOf(len(subs)-1)
	day := func(d int) string { return start.AddDate(0, 0, d).Format(time.DateOnly) }
	ranges := [][2]string{{"", ""}, {first, last}, {"", last}, {first, ""}, {day(-40), day(400)},
		{day(-40), day(-1)}, {day(400), day(500)}, {day(-40), day(30)}, {day(60), day(400)}, {day(0), day(1)}}
	// Ranges starting and ending on every day around block edges.
	for _, edge := range []int{2, 2 + blockDays, 2 + 3*blockDays} {
		for d := edge - 2; d <= edge+1; d++ {
			ranges = append(ranges, [2]string{day(d), day(d)}, [2]string{day(d), day(d + blockDays - 1)},
				[2]string{day(d), day(d + blockDays)}, [2]string{day(d), day(d + 3*blockDays + 1)}, [2]string{"", day(d)}, [2]string{day(d), ""})
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		a, b := rng.IntN(200)-20, rng.IntN(200)-20
		ranges = append(ranges, [2]string{day(min(a, b)), day(max(a, b))})
	}
	nonEmpty := 0
	for _, r := range ranges {
		want := sumDays(t, db, f.ID, r[0], r[1])
		if got := summed(t, db, f.ID, r[0], r[1]); !sameCounts(got, want) {
			t.Fatalf("%s..%s: got %v, want %v", r[0], r[1], got, want)
		}
		if len(want) > 0 {
			nonEmpty++
		}
	}
	if nonEmpty < len(ranges)/2 {
		t.Fatalf("only %d of %d ranges hold counts", nonEmpty, len(ranges))
	}
	// The other form's counts are its own.
	if got, want := summed(t, db, other.ID, day(5), day(70)), sumDays(t, db, other.ID, day(5), day(70)); !sameCounts(got, want) || len(want) == 0 {
		t.Fatalf("other form: got %v, want %v", got, want)
	}
}

// TestRangeSpansCoverTheRange: the whole blocks and edge days a range is
// read as are its days, each once, with fewer than blockDays edge days
// at each end (twice that less two when no whole block fits).
func TestRangeSpansCoverTheRange(t *testing.T) {
	day := func(n int64) string { return numberDay(n) }
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		first := 20000 + rng.Int64N(100)
		last := first + rng.Int64N(200)
		lo, hi := first-20+rng.Int64N(240), first-20+rng.Int64N(240)
		spans, err := rangeSpans(day(lo), day(hi), day(first), day(last))
		if err != nil {
			t.Fatal(err)
		}
		// What the spans should cover: the range within the counted days.
		from, to := max(lo, first), min(hi, last)
		covered := map[int64]int{}
		edge := int64(blockDays - 1) // at most, at each end of whole blocks
		if len(spans) == 1 && !spans[0].block {
			edge = 2*blockDays - 2 // no whole block within the range
		}
		for _, s := range spans {
			if !s.block && s.to-s.from+1 > edge {
				t.Fatalf("%d..%d of %d..%d: %d edge days in one span", lo, hi, first, last, s.to-s.from+1)
			}
			for d := s.from; d <= s.to; d++ {
				if s.block {
					for k := d * blockDays; k < (d+1)*blockDays; k++ {
						covered[k]++
					}
				} else {
					covered[d]++
				}
			}
		}
		for d := first - blockDays; d <= last+blockDays; d++ {
			want := 0
			if d >= from && d <= to {
				want = 1
			}
			if d >= first && d <= last && covered[d] != want {
				t.Fatalf("%d..%d of %d..%d: day %d read %d times, spans %+v", lo, hi, first, last, d, covered[d], spans)
			}
			if covered[d] > 1 {
				t.Fatalf("day %d read twice: %+v", d, spans)
			}
		}
	}
	if _, err := rangeSpans("2026-13-01", "", "2026-01-01", "2026-02-01"); err == nil {
		t.Fatal("a day that is not one was read")
	}
}

// TestMigrationFillsBlocks: migration 0007 adds up the per-day counts a
// store already holds into its blocks.
func TestMigrationFillsBlocks(t *testing.T) {
	sqliteOnly(t)
	path := filepath.Join(t.TempDir(), "m.db")
	db := openTest(t, path)
	f := createForm(t, db, "قدیمی")
	for d := range 50 {
		day := numberDay(int64(1270*blockDays - 5 + d))
		for k := range 3 {
			if _, err := db.write.Exec(`INSERT INTO answer_counts (form_id, field_id, day, key, count, sum) VALUES (?, 'n', ?, ?, ?, ?)`,
				f.ID, day, fmt.Sprint(k), d+k, float64(d*k)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.write.Exec(`INSERT INTO submission_days (form_id, day, count, first_id, last_id) VALUES (?, ?, 1, ?, ?)`, f.ID, day, d+1, d+1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.write.Exec(`INSERT INTO answer_totals (form_id, field_id, key, count, sum) SELECT form_id, field_id, key, sum(count), sum(sum) FROM answer_counts GROUP BY 1, 2, 3`); err != nil {
		t.Fatal(err)
	}
	// As a store from before the migration: no table, not applied.
	for _, q := range []string{"DROP TABLE answer_blocks", "DELETE FROM schema_migrations WHERE version = '0007_answer_blocks.sql'"} {
		if _, err := db.write.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db = openTest(t, path)
	checkBlocks(t, db)
	var n int
	if err := db.read.Get(&n, "SELECT count(*) FROM answer_blocks"); err != nil || n != 4*3 {
		t.Fatalf("%d block rows, want 12 (50 days from 5 before a block: 4 blocks of 3 keys): %v", n, err)
	}
	for _, r := range [][2]string{{numberDay(1270*blockDays - 3), numberDay(1270*blockDays + 40)}, {"", numberDay(1271 * blockDays)}} {
		if got, want := summed(t, db, f.ID, r[0], r[1]), sumDays(t, db, f.ID, r[0], r[1]); !sameCounts(got, want) || len(want) != 3 {
			t.Fatalf("%v: got %v, want %v", r, got, want)
		}
	}
}
