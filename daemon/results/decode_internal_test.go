package results

import (
	"encoding/json"
	"reflect"
	"testing"
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
	for _, in := range []string{``, `{}`, `[`, `[{"field":"f1"`, `[{"field":1}]`, `[{"field":"f1","value":"x}]`, `[{"field":"f1"}}`, `[1]`} {
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
