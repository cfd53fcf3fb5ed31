package forms

import (
	"encoding/json"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func doc(fields ...string) domain.Document {
	d := domain.NewDocument()
	for _, id := range fields {
		d.Fields = append(d.Fields, map[string]any{"id": id, "type": "text", "label": id})
	}
	return d
}

func TestApplyPatch(t *testing.T) {
	cases := []struct {
		name, patch string
		want        []string // field ids after, nil for an error
	}{
		{"add at end", `[{"op":"add","path":"/fields/-","value":{"id":"c","type":"text"}}]`, []string{"a", "b", "c"}},
		{"add at 0", `[{"op":"add","path":"/fields/0","value":{"id":"c","type":"text"}}]`, []string{"c", "a", "b"}},
		{"remove", `[{"op":"remove","path":"/fields/0"}]`, []string{"b"}},
		{"move", `[{"op":"move","from":"/fields/0","path":"/fields/1"}]`, []string{"b", "a"}},
		{"copy then replace id", `[{"op":"copy","from":"/fields/0","path":"/fields/-"},{"op":"replace","path":"/fields/2/id","value":"z"}]`, []string{"a", "b", "z"}},
		{"test passes", `[{"op":"test","path":"/fields/0/id","value":"a"},{"op":"remove","path":"/fields/1"}]`, []string{"a"}},
		{"test fails", `[{"op":"test","path":"/fields/0/id","value":"q"}]`, nil},
		{"index out of bounds", `[{"op":"remove","path":"/fields/5"}]`, nil},
		{"negative index", `[{"op":"remove","path":"/fields/-1"}]`, nil},
		{"escaped pointer", `[{"op":"add","path":"/meta/a~1b","value":1}]`, []string{"a", "b"}},
		{"unknown op", `[{"op":"frob","path":"/fields/0"}]`, nil},
		{"not an array", `{"op":"add"}`, nil},
		{"changes the version", `[{"op":"replace","path":"/version","value":"v0"}]`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := ApplyPatch(doc("a", "b"), json.RawMessage(c.patch))
			if c.want == nil {
				if domain.ErrorCode(err) != domain.CodeDiffApplyFail {
					t.Fatalf("want DIFF_APPLY_FAIL, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, f := range out.Fields {
				ids = append(ids, f["id"].(string))
			}
			if len(ids) != len(c.want) {
				t.Fatalf("ids %v, want %v", ids, c.want)
			}
			for i := range ids {
				if ids[i] != c.want[i] {
					t.Fatalf("ids %v, want %v", ids, c.want)
				}
			}
		})
	}
}

func TestDiffSHA(t *testing.T) {
	a := DiffSHA(json.RawMessage(`[{"op":"remove","path":"/fields/0"}]`))
	b := DiffSHA(json.RawMessage(`[ { "path" : "/fields/0", "op" : "remove" } ]`))
	if a == nil || b == nil || *a != *b || len(*a) != 40 {
		t.Fatalf("canonical sha: %v %v", a, b)
	}
	for _, empty := range []string{`[]`, `null`, `{}`, `nope`} {
		if DiffSHA(json.RawMessage(empty)) != nil {
			t.Errorf("DiffSHA(%s) is not null", empty)
		}
	}
}

func FuzzApplyPatch(f *testing.F) {
	f.Add(`[{"op":"add","path":"/fields/-","value":{"id":"c","type":"text"}}]`)
	f.Add(`[{"op":"move","from":"/fields/0","path":"/fields/1"}]`)
	f.Add(`[{"op":"copy","from":"/fields","path":"/meta/x"},{"op":"copy","from":"/meta","path":"/layout/y"}]`)
	f.Add(`[{"op":"test","path":"/fields/0/id","value":"a"}]`)
	f.Fuzz(func(t *testing.T, patch string) {
		out1, err1 := ApplyPatch(doc("a", "b"), json.RawMessage(patch))
		out2, err2 := ApplyPatch(doc("a", "b"), json.RawMessage(patch))
		if (err1 == nil) != (err2 == nil) {
			t.Fatal("not deterministic")
		}
		if err1 != nil {
			if domain.ErrorCode(err1) != domain.CodeDiffApplyFail {
				t.Fatalf("error is not DIFF_APPLY_FAIL: %v", err1)
			}
			return
		}
		b1, _ := json.Marshal(out1)
		b2, _ := json.Marshal(out2)
		if string(b1) != string(b2) || out1.Version != domain.DocumentVersion {
			t.Fatal("different or versionless result")
		}
	})
}
