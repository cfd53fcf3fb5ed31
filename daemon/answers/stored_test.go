package answers

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// everyAnswer answers every answerable field of everyType, as a phone
// sends it.
func everyAnswer() map[string]json.RawMessage {
	m := base()
	for k, v := range map[string]string{
		"mobile": `"۰۹۱۲ ۱۲۳ ۴۵۶۷"`, "bio": `"سلام"`, "email": `"a@example.com"`, "count": `"۱۲٫۵"`, "temp": `-3`,
		"ins": `"o2"`, "city": `"thr"`, "langs": `["c","a"]`, "visit": `"۱۴۰۳/۱۲/۳۰"`, "born": `"2001-02-03"`,
		"stars": `4`, "grid2": `{"r1":"c2","r2":""}`, "docs": `[{"upload_id":"u1"},{"upload_id":"u2"}]`,
	} {
		m[k] = json.RawMessage(v)
	}
	return m
}

// TestStored: what a submission keeps of its answers, and what is read
// back from it.
func TestStored(t *testing.T) {
	d := parse(t, everyType)
	res, err := Validate(d, everyAnswer(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := EncodeStored(res.Answers, map[string]bool{"mobile": true})
	if err != nil {
		t.Fatal(err)
	}
	var r StoredReader
	list, err := r.Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	byField := map[string]Stored{}
	for _, s := range list {
		byField[s.Field] = s
	}
	t.Run("every answer in document order", func(t *testing.T) {
		if len(list) != len(res.Answers) {
			t.Fatalf("%d stored, %d accepted: %s", len(list), len(res.Answers), raw)
		}
		for i, s := range list {
			if s.Field != res.Answers[i].Field || s.Type != res.Answers[i].Type {
				t.Errorf("answer %d is %s/%s, want %s/%s", i, s.Field, s.Type, res.Answers[i].Field, res.Answers[i].Type)
			}
		}
	})
	t.Run("typed kept only where it says more than the value", func(t *testing.T) {
		for field, want := range map[string]string{"mobile": `"۰۹۱۲ ۱۲۳ ۴۵۶۷"`, "count": `"۱۲٫۵"`, "langs": `["c","a"]`, "visit": `"۱۴۰۳/۱۲/۳۰"`,
			"name": "", "temp": "", "stars": "", "born": "", "ins": "", "docs": ""} {
			if got := string(byField[field].Typed); got != want {
				t.Errorf("%s: typed %q, want %q", field, got, want)
			}
		}
		if strings.Contains(string(raw), `"typed":null`) {
			t.Errorf("an absent typed copy is written: %s", raw)
		}
	})
	t.Run("verified marks the proved mobile only", func(t *testing.T) {
		for _, s := range list {
			if s.Verified != (s.Field == "mobile") {
				t.Errorf("%s: verified %v", s.Field, s.Verified)
			}
		}
	})
	t.Run("read back as the judge made it", func(t *testing.T) {
		for i, s := range list {
			a, ok := s.Answer()
			if !ok {
				t.Fatalf("%s: %s not read", s.Field, s.Value)
			}
			want := res.Answers[i]
			if !reflect.DeepEqual(a.Value, want.Value) {
				t.Errorf("%s: value %#v, want %#v", s.Field, a.Value, want.Value)
			}
			if a.TypedText() != want.TypedText() {
				t.Errorf("%s: typed text %q, want %q", s.Field, a.TypedText(), want.TypedText())
			}
		}
	})
	t.Run("facts of the stored answers are the facts of the judged ones", func(t *testing.T) {
		got, err := FactsOf(raw)
		if err != nil {
			t.Fatal(err)
		}
		if want := Facts(res.Answers); !sameFacts(got, want) {
			t.Fatalf("%v, want %v", got, want)
		}
	})
	t.Run("a value not of its type's shape is an error", func(t *testing.T) {
		for _, bad := range []string{
			`[{"field":"a","type":"number","value":"x"}]`,
			`[{"field":"a","type":"checkbox","value":"x"}]`,
			`[{"field":"a","type":"matrix","value":[1]}]`,
			`[{"field":"a","type":"file","value":{}}]`,
			`[{"field":"a","type":"text","value":1}]`,
			`[{"field":"a","type":"rating","value":null}]`,
			`{"field":"a"}`, `[`, ``,
		} {
			if _, err := FactsOf([]byte(bad)); err == nil {
				t.Errorf("%s read", bad)
			}
		}
	})
	t.Run("an empty list", func(t *testing.T) {
		raw, err := EncodeStored(nil, nil)
		if err != nil || string(raw) != "[]" {
			t.Fatalf("%s %v", raw, err)
		}
		if facts, err := FactsOf(raw); err != nil || len(facts) != 0 {
			t.Fatalf("%v %v", facts, err)
		}
	})
}

func sameFacts(a, b []domain.AnswerFact) bool {
	sorted := func(fs []domain.AnswerFact) []domain.AnswerFact {
		out := append([]domain.AnswerFact(nil), fs...)
		sort.Slice(out, func(i, j int) bool {
			if out[i].Field != out[j].Field {
				return out[i].Field < out[j].Field
			}
			return out[i].Key < out[j].Key
		})
		return out
	}
	return reflect.DeepEqual(sorted(a), sorted(b))
}

// storedByJSON is what encoding/json reads of a stored list, typed
// null read as no copy.
func storedByJSON(in []byte) ([]Stored, error) {
	var want []Stored
	if err := json.Unmarshal(in, &want); err != nil {
		return nil, err
	}
	for i := range want {
		if string(want[i].Typed) == "null" {
			want[i].Typed = nil
		}
	}
	return want, nil
}

// agree fails t unless the scanner read in as encoding/json does.
func agree(t *testing.T, in string, got []Stored) {
	t.Helper()
	want, err := storedByJSON([]byte(in))
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d answers, want %d", in, len(got), len(want))
	}
	for i := range got {
		if got[i].Field != want[i].Field || got[i].Type != want[i].Type || got[i].Verified != want[i].Verified {
			t.Errorf("%s: answer %d is %+v, want %+v", in, i, got[i], want[i])
		}
		for _, pair := range [][2]json.RawMessage{{got[i].Value, want[i].Value}, {got[i].Typed, want[i].Typed}} {
			var g, w any
			for k := range pair {
				if string(pair[k]) == "null" {
					pair[k] = nil // encoding/json reads null so
				}
			}
			if (pair[0] == nil) != (pair[1] == nil) {
				t.Errorf("%s: answer %d: %s, want %s", in, i, pair[0], pair[1])
				continue
			}
			if pair[0] == nil {
				continue
			}
			if json.Unmarshal(pair[0], &g) != nil || json.Unmarshal(pair[1], &w) != nil || !reflect.DeepEqual(g, w) {
				t.Errorf("%s: answer %d: %s, want %s", in, i, pair[0], pair[1])
			}
		}
	}
}

// TestStoredReaderAgreesWithEncodingJSON: the scanner of stored answers
// gives what encoding/json gives, escapes, nesting and spacing included,
// and refuses what is not an answers list.
func TestStoredReaderAgreesWithEncodingJSON(t *testing.T) {
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
		`[{"field":"m","type":"text","value":"09121234567","typed":"۰۹۱۲","verified":true},{"field":"n","type":"text","value":"1","verified":true}]`,
		`[{"verified":false,"field":"m","type":"text","value":"1"},{}]`,
		// Begun as EncodeStored writes an answer, then not.
		`[{"field":"f13","type":"t","value":1,"other":2},{"field":"f14","type":"t","value":[1,{"a":"}"}],"typed":"x","more":{}}]`,
		`[{"field":"a\"b","type":"t","value":1},{"field":"c","type":"t\\","value":1},{"field":"d","type":"t","value":"v"}]`,
		`[{"type":"t","field":"f15","value":0},{"field":"f16","value":3,"type":"t"},{"field":"f17","type":"t","value":null,"typed":null}]`,
	} {
		var r StoredReader
		got, err := r.Read([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		agree(t, in, got)
	}
	for _, in := range []string{``, `{}`, `[`, `[{"field":"f1"`, `[{"field":1}]`, `[{"field":"f1","value":"x}]`, `[{"field":"f1"}}`, `[1]`,
		`[{"field":"f1","value":"0123456789abcdefghij\"}]`, `[{"field":"f1","value":"0123456789abcdefghij`, `[{"field`,
		`[{"field":"f1","type":"t","value":1}`, `[{"field":"f1","type":"t","value":1,"typed":}]`, `[{"field":"f1","type":"t","value":}]`,
		`[] x`, `[{"field":"f","type":"t","value":1}] ]`} {
		var r StoredReader
		if _, err := r.Read([]byte(in)); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	if vs, ok := storedStrings([]byte(`["a","\u0026b"]`)); !ok || !reflect.DeepEqual(vs, []string{"a", "&b"}) {
		t.Errorf("strings: %q %v", vs, ok)
	}
	for _, in := range []string{`["a",1]`, `["a"`, `"a"`, `["a"] x`} {
		if _, ok := storedStrings([]byte(in)); ok {
			t.Errorf("strings %s accepted", in)
		}
	}
}

// TestStoredReaderRowAfterRow: read row after row with one reader, as an
// export does, each row's field ids and types are its own, whether the
// row before had the same ones at the same places or others, escaped or
// not.
func TestStoredReaderRowAfterRow(t *testing.T) {
	rows := []string{
		`[{"field":"a","type":"text","value":"1"},{"field":"b","type":"number","value":2}]`,
		`[{"field":"a","type":"text","value":"3"},{"field":"b","type":"number","value":4}]`,
		`[{"field":"b","type":"number","value":5},{"field":"a","type":"text","value":"6"}]`,
		`[{"field":"\u0062","type":"number","value":5},{"field":"a\\u0041","type":"text","value":"6"}]`,
		`[{"field":"\\u0062","type":"numbe\"r","value":5},{"field":"aA","type":"text","value":"6"}, {"field":"c","type":"x","value":7}]`,
		`[{"field":"b","type":"number","value":5}]`,
		`[{"field":"b","type":"number","value":8},{"field":"\u0061A","type":"text","value":"9"}, {"field":"c","type":"x","value":7}]`,
	}
	var r StoredReader
	for _, in := range rows {
		list, err := r.Read([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		agree(t, in, list)
	}
}

// FuzzStoredReader: the reader never panics, and reads every list
// encoding/json writes of stored answers as encoding/json reads it.
func FuzzStoredReader(f *testing.F) {
	f.Add(`[{"field":"f1","type":"text","value":"سلام","typed":"سلام","verified":true}]`)
	f.Add(`[ { "field" : "f7" , "type" : "date" , "value" : "1404-10-20" } , {"typed":null,"field":"f8","value":true,"type":"x"} ]`)
	f.Add(`[{"field":"f5","type":"matrix","value":{"r1":"c1","r}2":"c{2"},"typed":{"r1":"c1"}}]`)
	f.Add(`[{"field":"a\"b","type":"t\\","value":"\u0026"}]`)
	f.Fuzz(func(t *testing.T, in string) {
		var r StoredReader
		r.Read([]byte(in))
		list, err := storedByJSON([]byte(in))
		if err != nil {
			return
		}
		written, err := json.Marshal(list)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Read(written)
		if err != nil {
			t.Fatalf("%s: %v", written, err)
		}
		agree(t, string(written), got)
	})
}
