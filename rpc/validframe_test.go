package rpc

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

var validFrameSeeds = []string{
	``, ` `, `{}`, `[]`, `[[[]]]`, `{"a":[1,-2.5e+3,true,false,null,"x\u00e9\n"]}`, `"سلام"`, `0`, `-0`, `01`, `1.`,
	`1e`, `-`, `.5`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `{,}`, `"\x"`, `"\u12"`, `"\ud800"`, "\"\xed\xa0\x80\"",
	"\"\xff\"", "\"a\x01\"", `nul`, `truex`, `{"a":1}{"b":2}`, "[\xff]", strings.Repeat("[", 64) + strings.Repeat("]", 64),
	strings.Repeat("[", 65) + strings.Repeat("]", 65), `{"jsonrpc":"2.0","method":"x","params":{"a":"\"]"},"id":1}`,
}

// FuzzValidFrame checks that the one-pass check agrees with the three
// checks it replaces on any text.
func FuzzValidFrame(f *testing.F) {
	for _, s := range validFrameSeeds {
		f.Add([]byte(s), 64)
	}
	f.Add([]byte(`[[1]]`), 1)
	f.Fuzz(func(t *testing.T, b []byte, maxDepth int) {
		if maxDepth < 0 || maxDepth > 200 {
			maxDepth = 64
		}
		want := utf8.Valid(b) && !tooDeep(b, maxDepth) && json.Valid(b)
		if got := validFrame(b, maxDepth); got != want {
			t.Fatalf("validFrame(%q, %d) = %v, the three checks say %v", b, maxDepth, got, want)
		}
	})
}

func BenchmarkValidFrame(b *testing.B) {
	frame := []byte(`{"jsonrpc":"2.0","id":1,"method":"plan.validate","params":{"contract":"arshline-plan/v1","plan":{"version":1,"steps":[{"action":"create_form","params":{"title":"سنجش رضایت"}},{"action":"add_field","params":{"type":"short_text","question":"نام شما"}},{"action":"add_field","params":{"type":"rating","required":true}},{"action":"add_field","params":{"type":"multiple_choice","question":"کدام شعبه؟","index":0}},{"action":"update_form_title","params":{"id":3,"title":"سنجش رضایت مشتریان"}}]}}}`)
	b.Run("one-pass", func(b *testing.B) {
		for b.Loop() {
			if !validFrame(frame, 64) {
				b.Fatal("refused")
			}
		}
	})
	b.Run("three-checks", func(b *testing.B) {
		for b.Loop() {
			if !utf8.Valid(frame) || tooDeep(frame, 64) || !json.Valid(frame) {
				b.Fatal("refused")
			}
		}
	})
}
