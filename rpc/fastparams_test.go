package rpc

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

type fastTestStatus string

type fastTestOptions struct {
	Locale string `json:"locale"`
	Strict bool   `json:"strict"`
}

// fastTestParams has a field of every kind fastParams sets itself and a
// few it hands to encoding/json.
type fastTestParams struct {
	Name    string          `json:"name"`
	Status  fastTestStatus  `json:"status,omitempty"`
	On      bool            `json:"on"`
	N       int64           `json:"n"`
	Small   int8            `json:"small"`
	U       uint16          `json:"u"`
	Plan    json.RawMessage `json:"plan"`
	Options fastTestOptions `json:"options"`
	Ptr     *int            `json:"ptr"`
	List    []string        `json:"list"`
	Ignored string          `json:"-"`
	hidden  int
}

var fastParamsSeeds = []string{
	`{}`, `{"name":"x"}`, `{"name":"فرم \u200c","on":true,"n":-12,"small":127,"u":65535}`,
	`{"name":"a\"b"}`, `{"name":"a\nb"}`, `{"name":null,"on":null,"n":null}`, `{"n":1e3}`, `{"n":1.0}`,
	`{"n":9223372036854775808}`, `{"small":128}`, `{"u":-1}`, `{"plan":{"steps":[1, 2]},"plan":null}`,
	`{"options":{"locale":"fa_IR"},"options":{"strict":true}}`, `{"options":{"nope":1}}`, `{"Name":"x"}`,
	`{"na\u006de":"x"}`, `{"ptr":3,"list":["a","b"]}`, `{"ptr":null}`, `{"name":1}`, `{"on":"true"}`,
	`{"status":"draft","hidden":1}`, `{"Ignored":"x"}`, `{"-":"x"}`, `{"name":"x","name":"y"}`,
}

// FuzzFastParams checks that whenever the one-walk decoder takes a params
// object, the strict decoder takes it too and gives the same value.
func FuzzFastParams(f *testing.F) {
	for _, s := range fastParamsSeeds {
		f.Add([]byte(s))
	}
	fast := newFastParams(reflect.TypeFor[fastTestParams]())
	known := knownParams(reflect.TypeFor[fastTestParams]())
	if fast == nil {
		f.Fatal("fastTestParams was not taken")
	}
	f.Fuzz(func(t *testing.T, params []byte) {
		params = trimSpace(params)
		if !json.Valid(params) || len(params) == 0 || params[0] != '{' {
			return // the server answers these before any handler runs
		}
		var got fastTestParams
		if !fast.decode(params, reflect.ValueOf(&got)) {
			return
		}
		want, err := decodeStrict[fastTestParams](params, known)
		if err != nil {
			t.Fatalf("%s: fast path took what the strict decoder refuses: %v", params, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\nfast   %+v\nstrict %+v", params, got, want)
		}
	})
}

func TestFastParamsTakesTheCommonShapes(t *testing.T) {
	fast := newFastParams(reflect.TypeFor[fastTestParams]())
	for _, s := range []string{`{"name":"x","on":true,"n":-12,"plan":{"a":[1]}}`, `{"name":null}`, `{"options":{"locale":"en_US"}}`} {
		var p fastTestParams
		if !fast.decode([]byte(s), reflect.ValueOf(&p)) {
			t.Errorf("%s was left to the strict decoder", s)
		}
	}
	for _, s := range []string{`{"Name":"x"}`, `{"name":"a\"b"}`, `{"n":1e3}`, `{"options":{"nope":1}}`, `{"small":128}`} {
		var p fastTestParams
		if fast.decode([]byte(s), reflect.ValueOf(&p)) {
			t.Errorf("%s was taken by the fast path", s)
		}
	}
	type embedded struct{ fastTestOptions }
	type untagged struct{ Name string }
	// Two fields of one name (go vet's structtag check refuses them
	// spelled out, so the type is built).
	twice := reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[string](), Tag: `json:"a"`},
		{Name: "B", Type: reflect.TypeFor[string](), Tag: `json:"a"`},
	})
	for _, typ := range []reflect.Type{reflect.TypeFor[embedded](), reflect.TypeFor[untagged](), twice,
		reflect.TypeFor[map[string]any](), reflect.TypeFor[json.RawMessage](), reflect.TypeFor[*fastTestParams]()} {
		if newFastParams(typ) != nil {
			t.Errorf("%v is decoded by the fast path", typ)
		}
	}
}

// TestTypedErrorsUnchanged: a member the fast path hands on still gets
// the strict decoder's localized error.
func TestTypedErrorsUnchanged(t *testing.T) {
	h := Typed(func(_ context.Context, p fastTestParams) (any, error) { return p.Name, nil })
	for params, want := range map[string]string{
		`{"name":1}`:             `parameter "name" must be a string`,
		`{"Name":"x"}`:           `unknown parameter "Name"`,
		`{"options":{"nope":1}}`: `unknown parameter "nope"`,
		`{"small":300}`:          `parameter "small" must be an integer`,
	} {
		_, err := h(context.Background(), json.RawMessage(params))
		if err == nil || err.Error() != "INVALID_PARAMS: "+want {
			t.Errorf("%s: got %v, want %s", params, err, want)
		}
	}
	got, err := h(context.Background(), json.RawMessage(`{"name":"فرم"}`))
	if err != nil || got != "فرم" {
		t.Fatalf("got %v %v", got, err)
	}
}
