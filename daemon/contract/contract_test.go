package contract

import (
	"reflect"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func TestFinishOrdersByPathNumerically(t *testing.T) {
	r := Finish(Report{Violations: []Violation{
		{Rule: "b", Severity: SeverityWarning, Path: "/steps/10/id"},
		{Rule: "a", Severity: SeverityError, Path: "/steps/2/id"},
		{Rule: "c", Severity: SeverityError, Path: "/steps/2"},
		{Rule: "a", Severity: SeverityError, Path: ""},
		{Rule: "z", Severity: SeverityError, Path: "/steps/2/id"},
	}})
	var got []string
	for _, v := range r.Violations {
		got = append(got, v.Path+" "+v.Rule)
	}
	want := []string{" a", "/steps/2 c", "/steps/2/id a", "/steps/2/id z", "/steps/10/id b"}
	if !reflect.DeepEqual(got, want) || r.Valid {
		t.Fatalf("%v valid=%v", got, r.Valid)
	}
	if clean := Finish(Report{Violations: []Violation{{Rule: "w", Severity: SeverityWarning}}}); !clean.Valid {
		t.Fatal("warnings alone made a plan invalid")
	}
	if empty := Finish(Report{}); empty.Violations == nil || !empty.Valid {
		t.Fatal("an empty report must have [] violations and be valid")
	}
}

func TestDecode(t *testing.T) {
	v, err := Decode([]byte(`{"id": 12345678901234567890}`))
	if err != nil || v.(map[string]any)["id"].(interface{ String() string }).String() != "12345678901234567890" {
		t.Fatalf("%v %v", v, err)
	}
	for _, bad := range []string{`{"a":1} {"b":2}`, `{"a":`, ``} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
}

func TestFieldsAndPointer(t *testing.T) {
	missing, extra := Fields(map[string]any{"a": 1, "b": nil, "z": 2, "y": 3}, []string{"a", "b", "c"}, []string{"d"})
	if !reflect.DeepEqual(missing, []string{"b", "c"}) || !reflect.DeepEqual(extra, []string{"y", "z"}) {
		t.Fatalf("missing %v extra %v", missing, extra)
	}
	if p := Pointer("steps", 3, "a/b~c"); p != "/steps/3/a~1b~0c" {
		t.Fatalf("pointer %s", p)
	}
}

func TestMsgAndKind(t *testing.T) {
	for _, tc := range []struct {
		name, locale string
		text         domain.Text
		want         string
	}{
		{"Persian for fa", "fa_IR", domain.T("an array"), "آرایه"},
		{"Persian for FA", "FA", domain.T("a boolean"), "مقدار درست/نادرست"},
		{"English otherwise", "en_US", domain.T("an array"), "an array"},
		{"English with no locale", "", domain.T("a number"), "a number"},
		{"a kind inside a message, Persian", "fa_IR", domain.T("actions must be an array, not %s", Kind(map[string]any{})), "actions باید آرایه باشد، نه شیء"},
		{"a kind inside a message, English", "en", domain.T("actions must be an array, not %s", Kind(nil)), "actions must be an array, not null"},
		{"a kind outside JSON keeps its Go type", "fa_IR", Kind(uint8(1)), "uint8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Msg(tc.locale, tc.text); got != tc.want {
				t.Errorf("Msg(%q, %q) = %q, want %q", tc.locale, tc.text.Key, got, tc.want)
			}
		})
	}
}

// TestFinishIsATotalOrder: the report's order must not depend on the
// order the violations were found in, even for keys that read as the same
// number ("0" and "00") or violations that differ only in their fix.
func TestFinishIsATotalOrder(t *testing.T) {
	vs := []Violation{
		{Rule: "r", Severity: SeverityWarning, Path: "/00000000000"},
		{Rule: "r", Severity: SeverityWarning, Path: "/00000"},
		{Rule: "r", Severity: SeverityWarning, Path: "/0"},
		{Rule: "r", Severity: SeverityError, Path: "/x", Fix: "b"},
		{Rule: "r", Severity: SeverityError, Path: "/x", Fix: "a"},
		{Rule: "r", Severity: SeverityError, Path: "/x", Step: "2"},
		{Rule: "r", Severity: SeverityWarning, Path: "/x"},
	}
	first := Finish(Report{Violations: append([]Violation(nil), vs...)}).Violations
	for i := 0; i < len(vs); i++ {
		rotated := append(append([]Violation(nil), vs[i:]...), vs[:i]...)
		for l, r := 0, len(rotated)-1; l < r && i%2 == 1; l, r = l+1, r-1 {
			rotated[l], rotated[r] = rotated[r], rotated[l]
		}
		if got := Finish(Report{Violations: rotated}).Violations; !reflect.DeepEqual(got, first) {
			t.Fatalf("order depends on the input order:\n%+v\n%+v", got, first)
		}
	}
	if first[0].Path != "/0" || first[1].Path != "/00000" || first[2].Path != "/00000000000" {
		t.Fatalf("numeric-looking keys: %+v", first[:3])
	}
}
