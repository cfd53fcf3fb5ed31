package contract

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

const fiveStepPlan = `{"version":1,"steps":[{"action":"create_form","params":{"title":"چکاپ سه"}},{"action":"add_field","params":{"type":"short_text","required":true,"index":0}}]}`

// TestDecodeValues: the values contracts read — maps, slices, strings,
// json.Number, bools, nil — and the errors for what is not one JSON text.
func TestDecodeValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want any
	}{
		{fiveStepPlan, map[string]any{"version": json.Number("1"), "steps": []any{
			map[string]any{"action": "create_form", "params": map[string]any{"title": "چکاپ سه"}},
			map[string]any{"action": "add_field", "params": map[string]any{"type": "short_text", "required": true, "index": json.Number("0")}},
		}}},
		{` [1, -0.5e+3, 0, 1E9, true, false, null, "", {}, []] `, []any{json.Number("1"), json.Number("-0.5e+3"), json.Number("0"), json.Number("1E9"), true, false, nil, "", map[string]any{}, []any{}}},
		{`{"n":12345678901234567890123}`, map[string]any{"n": json.Number("12345678901234567890123")}}, // kept exact, not rounded to a float
		{`{"a":1,"a":2}`, map[string]any{"a": json.Number("2")}},                                       // the last of a repeated member
		{`"\u0041\u00e9\ud83d\ude00\n\t\"\\\/"`, "Aé😀\n\t\"\\/"},
		{`"\ud83d"`, "\ufffd"}, // a lone surrogate is the replacement character
		{"\"\xff\"", "\ufffd"},
		{strings.Repeat("[", 50) + strings.Repeat("]", 50), nest(50)},
	} {
		got, err := Decode([]byte(tc.in))
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Decode(%q) = %#v, %v; want %#v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{
		"\"a\x01b\"", `01`, `1.`, `.5`, `-`, `1e`, `tru`, `nul`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `{} {}`, `{}x`, ``, `   `,
		`"\u00"`, `"\x41"`, strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	} {
		if v, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%.40q) = %#v, want an error", bad, v)
		}
	}
}

func nest(n int) any {
	var v any = []any{}
	for range n - 1 {
		v = []any{v}
	}
	return v
}

func BenchmarkDecodePlan(b *testing.B) {
	data := []byte(fiveStepPlan)
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFastDecodeAgreesOrStepsAside: what the fast parser reads it reads
// as encoding/json does, and what it does not take on (errors, repairs,
// depth) it leaves to encoding/json rather than judging.
func TestFastDecodeAgreesOrStepsAside(t *testing.T) {
	for _, tc := range []struct {
		in   string
		fast bool // the fast parser reads it itself
	}{
		{fiveStepPlan, true},
		{` {"a" : [1 , -0.5e+3 , 0 , 1E9 , true , false , null , "" , {} , [ ] ] } `, true},
		{`"\u0041\u00e9\ud83d\ude00\n\t\"\\\/\b\f\r"`, true},
		{`{"a":1,"a":{"b":2}}`, true},
		{`"\ud83d"`, false},       // lone high surrogate: encoding/json writes U+FFFD
		{`"\ude00x"`, false},      // lone low surrogate
		{`"\ud83d\u0041"`, false}, // a high surrogate before a non-surrogate
		{"\"\xff\"", false},       // invalid UTF-8: encoding/json repairs it
		{"\"\\n\xff\"", false},    // the same after an escape
		{"\"a\x01b\"", false},     // control character
		{`01`, false}, {`1.`, false}, {`-`, false}, {`1e+`, false}, {`tru`, false},
		{`{"a":1,}`, false}, {`[1,]`, false}, {`{"a" 1}`, false}, {`{1:2}`, false},
		{`{} {}`, false}, {``, false}, {`"\x41"`, false}, {`"\u00g0"`, false},
		{strings.Repeat("[", fastMaxDepth) + strings.Repeat("]", fastMaxDepth), true},
		{strings.Repeat("[", fastMaxDepth+1) + strings.Repeat("]", fastMaxDepth+1), false},
	} {
		v, ok := fastDecode([]byte(tc.in))
		if ok != tc.fast {
			t.Errorf("fastDecode(%.40q) ok = %v, want %v", tc.in, ok, tc.fast)
			continue
		}
		want, err := decodeStandard([]byte(tc.in))
		if ok && (err != nil || !reflect.DeepEqual(v, want)) {
			t.Errorf("fastDecode(%.40q) = %#v; encoding/json: %#v, %v", tc.in, v, want, err)
		}
		got, gotErr := Decode([]byte(tc.in))
		if (gotErr == nil) != (err == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("Decode(%.40q) = %#v, %v; encoding/json: %#v, %v", tc.in, got, gotErr, want, err)
		}
	}
}

// FuzzDecode holds the fast parser to encoding/json: whatever it reads
// must be what encoding/json reads, value for value.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{fiveStepPlan, `[1,-0.5e+3,0,1E9,true,false,null,"",{},[]]`, `{"a":1,"a":2}`,
		`"\u0041\u00e9\ud83d\ude00\n\t\"\\\/"`, `"\ud83d"`, "\"\xff\"", `{"plan":{"id":"p","actions":[{"url":"https://x/?a=1&b=<2>"}]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, ok := fastDecode(data)
		if !ok {
			return
		}
		want, err := decodeStandard(data)
		if err != nil {
			t.Fatalf("fastDecode read %q, which encoding/json refuses: %v", data, err)
		}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("fastDecode(%q) = %#v; encoding/json: %#v", data, v, want)
		}
	})
}

func BenchmarkDecodeStandard(b *testing.B) {
	data := []byte(fiveStepPlan)
	for b.Loop() {
		if _, err := decodeStandard(data); err != nil {
			b.Fatal(err)
		}
	}
}
