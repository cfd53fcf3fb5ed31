package document

import (
	"encoding/json"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func TestNextFieldSeq(t *testing.T) {
	t.Run("the recorded sequence wins over the ids in use", func(t *testing.T) {
		doc := domain.Document{Fields: []map[string]any{{"id": "f1"}, {"id": "f2"}}, Meta: map[string]any{FieldSeqKey: json.Number("7")}}
		if got := NextFieldSeq(doc); got != 8 {
			t.Fatalf("next %d, want 8", got)
		}
	})
	t.Run("the ids in use win over a lower sequence", func(t *testing.T) {
		doc := domain.Document{Fields: []map[string]any{{"id": "f1"}, {"id": "f2"}}, Meta: map[string]any{FieldSeqKey: float64(1)}}
		if got := NextFieldSeq(doc); got != 3 {
			t.Fatalf("next %d, want 3", got)
		}
	})
}

func TestFieldChanged(t *testing.T) {
	yes := true
	format := "mobile"
	text := Field{ID: "f1", Type: domain.FieldText, Label: "نام", Required: &yes, Format: &format, MinLength: new(int), HelpText: new(string)}
	t.Run("a new type keeps what both types share and gets its defaults", func(t *testing.T) {
		got, err := text.Changed(FieldChange{Type: domain.FieldRadio}, domain.CodeInvalidPlan)
		if err != nil {
			t.Fatal(err)
		}
		if got.Format != nil || got.MinLength != nil || got.HelpText == nil || !got.IsRequired() || len(got.Options) != 2 || got.Label != "نام" {
			t.Fatalf("%+v", got)
		}
	})
	t.Run("text to textarea keeps the length bounds", func(t *testing.T) {
		got, err := text.Changed(FieldChange{Type: domain.FieldTextarea}, domain.CodeInvalidPlan)
		if err != nil || got.MinLength == nil || got.Format != nil {
			t.Fatalf("%+v %v", got, err)
		}
	})
	t.Run("options keep the values of labels already there", func(t *testing.T) {
		radio := Field{ID: "f2", Type: domain.FieldRadio, Label: "رنگ", Options: []Option{{"option_1", "قرمز"}, {"option_4", "آبی"}}, MinSelect: new(int)}
		got, err := radio.Changed(FieldChange{Options: []string{"آبی", "سبز", "قرمز"}}, domain.CodeInvalidPlan)
		if err != nil {
			t.Fatal(err)
		}
		want := []Option{{"option_4", "آبی"}, {"option_5", "سبز"}, {"option_1", "قرمز"}}
		for i := range want {
			if got.Options[i] != want[i] {
				t.Fatalf("options %v, want %v", got.Options, want)
			}
		}
		if got.MinSelect != nil {
			t.Fatal("min_select kept across a new option list")
		}
	})
	t.Run("options on a text question are refused with the caller's code", func(t *testing.T) {
		_, err := text.Changed(FieldChange{Options: []string{"a"}}, domain.CodeSchemaInvalid)
		if domain.ErrorCode(err) != domain.CodeSchemaInvalid {
			t.Fatalf("%v", err)
		}
	})
	t.Run("a format on a choice is refused", func(t *testing.T) {
		_, err := NewField("f3", FieldChange{Type: domain.FieldSelect, Format: "mobile"}, domain.CodeInvalidPlan)
		if domain.ErrorCode(err) != domain.CodeInvalidPlan {
			t.Fatalf("%v", err)
		}
	})
}

func TestFieldStoredRoundTrip(t *testing.T) {
	stored := map[string]any{"id": "f1", "type": "number", "label": "سن", "required": false, "min": float64(0), "max": float64(120), "page": float64(2),
		"show_if": map[string]any{"field": "f0", "op": "equals", "value": "بله"}}
	d := domain.Document{Fields: []map[string]any{stored}}
	f, err := FieldAt(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	back, err := f.Stored()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(stored)
	b, _ := json.Marshal(back)
	if string(a) != string(b) {
		t.Fatalf("round trip changed the field:\n%s\n%s", a, b)
	}
}
