package results

import (
	"encoding/csv"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/jalali"
)

// TestTimeCellsAsTimeFormat: the export's time columns, one day's dates
// formatted once and the time of day by hand, are what time.Format and
// jalali.FromTime write, for times in order (as an export reads them),
// out of order, on either side of midnight in UTC and in Iran, and
// before 1970.
func TestTimeCellsAsTimeFormat(t *testing.T) {
	var c timeCells
	check := func(tm time.Time) {
		t.Helper()
		it := tm.In(iranTime)
		wantISO := tm.UTC().Format(time.RFC3339)
		wantJalali := jalali.FromTime(it).String() + it.Format(" 15:04:05")
		if iso, jt := c.format(tm); iso != wantISO || jt != wantJalali {
			t.Fatalf("%v: %q %q, want %q %q", tm, iso, jt, wantISO, wantJalali)
		}
	}
	start := time.Date(2026, 1, 9, 20, 29, 58, 0, time.UTC) // 23:59:58 in Iran
	for s := range 3 * 86400 / 7 {
		check(start.Add(time.Duration(s*7) * time.Second))
	}
	for _, d := range []string{"2026-01-09T20:29:59Z", "2026-01-09T20:30:00Z", "2026-01-09T23:59:59.999Z", "2026-01-10T00:00:00Z",
		"1969-12-31T23:59:59.5Z", "1960-03-20T20:30:00Z", "2100-03-20T20:29:59Z", "2026-03-20T20:30:00.000000001Z"} {
		tm, err := time.Parse(time.RFC3339Nano, d)
		if err != nil {
			t.Fatal(err)
		}
		check(tm)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		check(time.Unix(rng.Int64N(4_000_000_000)-1_000_000_000, rng.Int64N(1e9)))
	}
}

// csvWriterRecord is what encoding/csv writes for record, as the export
// configures it.
func csvWriterRecord(record []string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.UseCRLF = true
	w.Write(record)
	w.Flush()
	return b.String()
}

// TestAppendCSVRecordAsEncodingCSV: the export's CSV writer writes what
// encoding/csv writes, for fields built from every byte its rules look
// at, and for random ones.
func TestAppendCSVRecordAsEncodingCSV(t *testing.T) {
	parts := []string{"", "a", "سلام", `"`, ",", "\r", "\n", "\r\n", " ", "\t", "\u00a0", "\u2003", `\.`, `\`, ".", "'", "=", "\xff", "\u200c"}
	var records [][]string
	for _, a := range parts {
		for _, b := range parts {
			records = append(records, []string{a + b}, []string{a, b}, []string{a + "x" + b, b + a})
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		rec := make([]string, 1+rng.IntN(4))
		for i := range rec {
			for range rng.IntN(6) {
				rec[i] += parts[rng.IntN(len(parts))]
			}
		}
		records = append(records, rec)
	}
	records = append(records, []string{}, nil)
	buf := []byte("kept")
	for _, rec := range records {
		want := csvWriterRecord(rec)
		if got := appendCSVRecord(buf[:4], rec); string(got[:4]) != "kept" || string(got[4:]) != want {
			t.Fatalf("%q: %q, want %q", rec, got[4:], want)
		}
	}
}

func FuzzAppendCSVRecord(f *testing.F) {
	f.Add("a\"b", " c\r\nd", `\.`)
	f.Fuzz(func(t *testing.T, a, b, c string) {
		rec := []string{a, b, c}
		if got, want := string(appendCSVRecord(nil, rec)), csvWriterRecord(rec); got != want {
			t.Fatalf("%q: %q, want %q", rec, got, want)
		}
	})
}
