package plancorpus

import (
	"encoding/json"
	"testing"
)

// TestMismatch holds the corpus rule to its cases, those that fail too.
func TestMismatch(t *testing.T) {
	plan := func(params string) any {
		var out any
		if err := json.Unmarshal([]byte(`{"plan":{"version":1,"steps":[{"action":"create_form","params":`+params+`}]}}`), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	expect := func(s string) map[string]any {
		var out map[string]any
		if err := json.Unmarshal([]byte(s), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	steps := expect(`{"steps":[{"action":"create_form","params":{"title":"فرم جدید"}}]}`)
	cases := []struct {
		expect map[string]any
		answer any
		match  bool
	}{
		{steps, plan(`{"title":"«فرم جديد»."}`), true},
		{steps, plan(`{"title":"فرم\u200cجدید","question":"","required":false,"index":null,"options":[]}`), true},
		{steps, plan(`{"title":"فرم  جدید "}`), true},
		{steps, plan(`{"title":"فرم تازه"}`), false},
		{steps, plan(`{"title":"فرم جدید","required":true}`), false},
		{steps, plan(`{"title":"فرم جدید","id":3}`), false},
		{steps, plan(`{}`), false},
		{steps, map[string]any{"none": true}, false},
		{steps, expect(`{"version":1,"steps":[{"action":"create_form","params":{"title":"فرم جدید"}}]}`), true},
		{expect(`{"none":true}`), map[string]any{"none": true}, true},
		{expect(`{"none":true}`), plan(`{"title":"x"}`), false},
		{expect(`{"steps":[{"action":"add_field","params":{"options":["بله","خیر"]}}]}`),
			expect(`{"plan":{"steps":[{"action":"add_field","params":{"options":["بله","خير"]}}]}}`), true},
		{expect(`{"steps":[{"action":"add_field","params":{"options":["بله","خیر"]}}]}`),
			expect(`{"plan":{"steps":[{"action":"add_field","params":{"options":["بله"]}}]}}`), false},
	}
	update := func(params string) any {
		return expect(`{"plan":{"version":2,"steps":[{"action":"update_field","params":` + params + `}]}}`)
	}
	required := expect(`{"steps":[{"action":"update_field","params":{"id":3,"index":1,"required":true}}]}`)
	optional := expect(`{"steps":[{"action":"update_field","params":{"id":3,"index":1,"required":false}}]}`)
	cases = append(cases, []struct {
		expect map[string]any
		answer any
		match  bool
	}{
		{optional, update(`{"id":3,"index":1,"required":false}`), true},
		{optional, update(`{"id":3,"index":1}`), false},
		{required, update(`{"id":3,"index":1,"required":true}`), true},
		{expect(`{"steps":[{"action":"update_field","params":{"id":3,"index":1,"question":"x"}}]}`), update(`{"id":3,"index":1,"question":"x","required":false}`), false},
		{expect(`{"steps":[{"action":"move_field","params":{"id":3,"index":1,"to":0}}]}`), expect(`{"plan":{"steps":[{"action":"move_field","params":{"id":3,"index":1,"to":2}}]}}`), false},
		{expect(`{"steps":[{"action":"add_field","params":{"type":"short_text","format":"mobile_ir"}}]}`), expect(`{"plan":{"steps":[{"action":"add_field","params":{"type":"short_text"}}]}}`), false},
	}...)
	for i, c := range cases {
		if why := Mismatch(c.expect, c.answer); (why == "") != c.match {
			t.Errorf("case %d: mismatch %q, want a match: %v", i, why, c.match)
		}
	}
	if Text("ا\u0653ب") != "آب" {
		t.Error("a madda typed apart is not joined to its letter")
	}
}
