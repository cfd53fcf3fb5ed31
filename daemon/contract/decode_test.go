package contract

import (
	"reflect"
	"strings"
	"testing"
)

var decodeSeeds = []string{
	`{"version":1,"steps":[{"action":"create_form","params":{"title":"چکاپ سه"}},{"action":"add_field","params":{"type":"short_text","required":true,"index":0}}]}`,
	` [1, -0.5e+3, 0, 1E9, true, false, null, "", {}, []] `,
	`{"a":1,"a":2}`,
	`"\u0041\u00e9\ud83d\ude00\n\t\"\\\/"`,
	`"\ud83d"`, `"\udc00x"`, `"\ud83d\u0041"`,
	"\"\xff\"", "\"a\x01b\"",
	`01`, `1.`, `.5`, `-`, `1e`, `tru`, `nul`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `{} {}`, ``, `   `,
	`{"n":12345678901234567890123}`, `"\u00"`, `"\x41"`,
	strings.Repeat("[", 50) + strings.Repeat("]", 50),
}

// Words as a contract registers them, short ones included so that the
// fuzzer meets them often: decoding must give the same values for words
// found in the table and for words that are not.
func init() {
	Intern("version", "steps", "action", "params", "title", "type", "short_text", "required", "index",
		"create_form", "add_field", "a", "", "1", "true")
}

func TestDecodeFastAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range decodeSeeds {
		checkDecode(t, []byte(s))
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, data)
	})
}

// checkDecode: what the fast path takes it decodes exactly as
// encoding/json does, and it gives up on nothing well-formed and plainly
// encoded, so the fallback is the exception.
func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	fast, ok := decodeFast(data)
	std, err := decodeStandard(data)
	switch {
	case ok && err != nil:
		t.Fatalf("%q: fast path took what encoding/json refuses (%v): %#v", data, err, fast)
	case ok && !reflect.DeepEqual(fast, std):
		t.Fatalf("%q: fast %#v, encoding/json %#v", data, fast, std)
	}
	got, gerr := Decode(data)
	if (gerr != nil) != (err != nil) || err == nil && !reflect.DeepEqual(got, std) {
		t.Fatalf("%q: Decode %#v %v, encoding/json %#v %v", data, got, gerr, std, err)
	}
}

func BenchmarkDecodePlan(b *testing.B) {
	data := []byte(decodeSeeds[0])
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			decodeFast(data)
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			decodeStandard(data)
		}
	})
}
