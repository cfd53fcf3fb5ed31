package results

import (
	"encoding/csv"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/jalali"
)

// TestScanAnswersAgreesWithEncodingJSON: the export's own reader of
// stored answers gives what encoding/json gives, escapes, nesting and
// spacing included, and refuses what is not an answers list.
func TestScanAnswersAgreesWithEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`[]`,
		` [ ] `,
		`[{"field":"f1","type":"text","value":"سلام","typed":"سلام"}]`,
		`[{"field":"f1","type":"text","value":"a \"quoted\" \u0026 \\ \/ \n","typed":"x"}]`,
		`[{"field":"f2","type":"number","value":-1.5e3,"typed":"-۱۵۰۰"},{"field":"f3","type":"rating","value":4,"typed":4}]`,
		`[{"field":"f4","type":"checkbox","value":["a","b,c","d]"],"typed":["a"]}]`,
		`[{"field":"f5","type":"matrix","value":{"r1":"c1","r}2":"c{2"},"typed":{"r1":"c1"}}]`,
		`[{"field":"f6","type":"file","value":[{"upload_id":"u1"},{"upload_id":"u2"}],"typed":[{"upload_id":"u1"}]}]`,
		`[ { "field" : "f7" , "type" : "date" , "value" : "1404-10-20" } , {"typed":null,"field":"f8","value":true,"type":"x"} ]`,
		`[{"field":"f9","type":"text","value":"0123456789abcdefghij\\","typed":"0123456789abcdefghij\"x\"\\\"y"}]`,
		`[{"field":"f10","type":"text","value":"0123456789abcde\"","typed":"\\"},{"fieldx":"f11","type":"t","value":"","field":"f12"}]`,
		`[{"field":"long field id over sixteen bytes","type":"typed","typed":"type","value":"field"}]`,
		// Begun as encoding/json writes an answer, then not.
		`[{"field":"f13","type":"t","value":1,"other":2},{"field":"f14","type":"t","value":[1,{"a":"}"}],"typed":"x","more":{}}]`,
		`[{"field":"a\"b","type":"t","value":1},{"field":"c","type":"t\\","value":1},{"field":"d","type":"t","value":"v"}]`,
		`[{"type":"t","field":"f15","value":0},{"field":"f16","value":3,"type":"t"},{"field":"f17","type":"t","value":null,"typed":null}]`,
	} {
		var want []storedAnswer
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got, ok := scanAnswers([]byte(in), nil, map[string]string{})
		if !ok {
			t.Errorf("%s: refused", in)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d answers, want %d", in, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i].Field != want[i].Field || got[i].Type != want[i].Type {
				t.Errorf("%s: answer %d is %+v, want %+v", in, i, got[i], want[i])
			}
			var g, w any
			if json.Unmarshal(got[i].Value, &g) != nil || json.Unmarshal(want[i].Value, &w) != nil || !reflect.DeepEqual(g, w) {
				t.Errorf("%s: value %d is %s, want %s", in, i, got[i].Value, want[i].Value)
			}
		}
	}
	for _, in := range []string{``, `{}`, `[`, `[{"field":"f1"`, `[{"field":1}]`, `[{"field":"f1","value":"x}]`, `[{"field":"f1"}}`, `[1]`,
		`[{"field":"f1","value":"0123456789abcdefghij\"}]`, `[{"field":"f1","value":"0123456789abcdefghij`, `[{"field`,
		`[{"field":"f1","type":"t","value":1}`, `[{"field":"f1","type":"t","value":1,"typed":}]`, `[{"field":"f1","type":"t","value":}]`} {
		if _, ok := scanAnswers([]byte(in), nil, map[string]string{}); ok {
			t.Errorf("%q accepted", in)
		}
	}
	if vs, ok := jsonStrings([]byte(`["a","\u0026b"]`)); !ok || !reflect.DeepEqual(vs, []string{"a", "&b"}) {
		t.Errorf("strings: %q %v", vs, ok)
	}
	for _, in := range []string{`["a",1]`, `["a"`, `"a"`, `["a"] x`} {
		if _, ok := jsonStrings([]byte(in)); ok {
			t.Errorf("strings %s accepted", in)
		}
	}
}

// TestScanAnswersRowAfterRow: read row after row into one list, as an
// export does, each row's field ids and types are its own, whether the
// row before had the same ones at the same places or others, escaped or
// not.
func TestScanAnswersRowAfterRow(t *testing.T) {
	rows := []string{
		`[{"field":"a","type":"text","value":"1"},{"field":"b","type":"number","value":2}]`,
		`[{"field":"a","type":"text","value":"3"},{"field":"b","type":"number","value":4}]`,
		`[{"field":"b","type":"number","value":5},{"field":"a","type":"text","value":"6"}]`,
		`[{"field":"\u0062","type":"number","value":5},{"field":"a\\u0041","type":"text","value":"6"}]`,
		`[{"field":"\\u0062","type":"numbe\"r","value":5},{"field":"aA","type":"text","value":"6"}, {"field":"c","type":"x","value":7}]`,
		`[{"field":"b","type":"number","value":5}]`,
		`[{"field":"b","type":"number","value":8},{"field":"\u0061A","type":"text","value":"9"}, {"field":"c","type":"x","value":7}]`,
	}
	var list []storedAnswer
	names := map[string]string{}
	for _, in := range rows {
		var want []storedAnswer
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		var ok bool
		if list, ok = scanAnswers([]byte(in), list, names); !ok || len(list) != len(want) {
			t.Fatalf("%s: %+v %v", in, list, ok)
		}
		for i := range want {
			if list[i].Field != want[i].Field || list[i].Type != want[i].Type || string(list[i].Value) != string(want[i].Value) {
				t.Errorf("%s: answer %d is %+v, want %+v", in, i, list[i], want[i])
			}
		}
	}
}

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
