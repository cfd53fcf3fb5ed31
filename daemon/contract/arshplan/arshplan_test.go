package arshplan

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

type fakeForms map[int64][2]any // id → {title, fields}

func (f fakeForms) LookupForm(_ context.Context, id int64) (string, int, bool, error) {
	v, ok := f[id]
	if !ok {
		return "", 0, false, nil
	}
	return v[0].(string), v[1].(int), true, nil
}

func validate(t *testing.T, plan string, opts contract.Options) (contract.Report, *domain.Plan) {
	t.Helper()
	doc, err := contract.Decode([]byte(plan))
	if err != nil {
		t.Fatalf("decode %s: %v", plan, err)
	}
	return Validate(context.Background(), doc, opts)
}

func rules(r contract.Report) []string {
	var out []string
	for _, v := range r.Violations {
		out = append(out, v.Rule+":"+string(v.Severity)[:1])
	}
	return out
}

func TestRules(t *testing.T) {
	forms := fakeForms{3: {"مشتریان", 2}}
	cases := []struct {
		name, plan string
		forms      bool
		want       string // rules with severity initial, comma-joined; "" = clean
	}{
		{"seed example", `{"version":1,"steps":[{"action":"create_form","params":{"title":"چکاپ سه"}},{"action":"add_field","params":{"type":"short_text"}},{"action":"add_field","params":{"type":"short_text"}}]}`, false, ""},
		{"not object", `[1]`, false, "plan.not_object:e"},
		{"version missing", `{"steps":[{"action":"create_form","params":{}}]}`, false, "plan.version:e"},
		{"version 2", `{"version":2,"steps":[{"action":"create_form","params":{}}]}`, false, "plan.version:e"},
		{"version 1.0", `{"version":1.0,"steps":[{"action":"create_form","params":{}}]}`, false, "plan.version:e"},
		{"no steps", `{"version":1,"steps":[]}`, false, "plan.no_steps:e"},
		{"steps missing", `{"version":1}`, false, "plan.no_steps:e"},
		{"too many", `{"version":1,"steps":[` + strings.Repeat(`{"action":"publish_form","params":{"id":1}},`, 12) + `{"action":"publish_form","params":{"id":1}}]}`, false, "plan.too_many_steps:e"},
		{"step not object", `{"version":1,"steps":["create_form"]}`, false, "step.not_object:e"},
		{"action not allowed", `{"version":1,"steps":[{"action":"delete_form","params":{"id":1}}]}`, false, "step.action_not_allowed:e"},
		{"param missing", `{"version":1,"steps":[{"action":"publish_form","params":{}}]}`, false, "param.missing:e"},
		{"id as string", `{"version":1,"steps":[{"action":"publish_form","params":{"id":"3"}}]}`, false, "param.type:e"},
		{"id 3.0", `{"version":1,"steps":[{"action":"publish_form","params":{"id":3.0}}]}`, false, "param.type:e"},
		{"id 1e3", `{"version":1,"steps":[{"action":"publish_form","params":{"id":1e3}}]}`, false, "param.type:e"},
		{"id zero", `{"version":1,"steps":[{"action":"publish_form","params":{"id":0}}]}`, false, "param.invalid:e"},
		{"id negative", `{"version":1,"steps":[{"action":"publish_form","params":{"id":-4}}]}`, false, "param.invalid:e"},
		{"bad type", `{"version":1,"steps":[{"action":"add_field","params":{"id":3,"type":"email"}}]}`, false, "param.invalid:e"},
		{"required not bool", `{"version":1,"steps":[{"action":"add_field","params":{"id":3,"type":"rating","required":"yes"}}]}`, false, "param.type:e"},
		{"negative index", `{"version":1,"steps":[{"action":"add_field","params":{"id":3,"type":"rating","index":-1}}]}`, false, "param.invalid:e"},
		{"unknown param dropped", `{"version":1,"steps":[{"action":"publish_form","params":{"id":3,"color":"red"}}]}`, false, "param.unknown:w"},
		{"add without form", `{"version":1,"steps":[{"action":"add_field","params":{"type":"rating"}}]}`, false, "seq.add_field_without_form:e"},
		{"add before create", `{"version":1,"steps":[{"action":"add_field","params":{"type":"rating"}},{"action":"create_form","params":{}}]}`, false, "seq.add_field_without_form:e"},
		{"form not found", `{"version":1,"steps":[{"action":"publish_form","params":{"id":9}}]}`, true, "ref.form_not_found:e"},
		{"form found", `{"version":1,"steps":[{"action":"publish_form","params":{"id":3}}]}`, true, ""},
		{"index in range", `{"version":1,"steps":[{"action":"add_field","params":{"id":3,"type":"rating","index":2}}]}`, true, ""},
		{"index out of range", `{"version":1,"steps":[{"action":"add_field","params":{"id":3,"type":"rating","index":3}}]}`, true, "ref.index_out_of_range:e"},
		{"index counts earlier adds", `{"version":1,"steps":[{"action":"add_field","params":{"id":3,"type":"rating"}},{"action":"add_field","params":{"id":3,"type":"rating","index":3}}]}`, true, ""},
		{"editor index", `{"version":1,"steps":[{"action":"open_editor","params":{"id":3,"index":2}}]}`, true, "ref.index_out_of_range:e"},
		{"new form index", `{"version":1,"steps":[{"action":"create_form","params":{}},{"action":"add_field","params":{"type":"rating","index":1}}]}`, true, "ref.index_out_of_range:e"},
		{"refs unchecked offline", `{"version":1,"steps":[{"action":"publish_form","params":{"id":9}}]}`, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := contract.Options{Locale: "en_US"}
			if c.forms {
				opts.Forms = forms
			}
			r, p := validate(t, c.plan, opts)
			got := strings.Join(rules(r), ",")
			if got != c.want {
				t.Fatalf("rules %q, want %q: %+v", got, c.want, r.Violations)
			}
			if r.Valid != (p != nil) || r.Valid == strings.Contains(c.want, ":e") {
				t.Fatalf("valid=%v plan=%v", r.Valid, p)
			}
		})
	}
}

func TestNormalisation(t *testing.T) {
	long := strings.Repeat("ب", 300)
	r, p := validate(t, `{"version":1,"steps":[{"action":"create_form","params":{"title":"  \u200c "}},{"action":"add_field","params":{"type":" rating ","question":"`+long+`","junk":1}},{"action":"update_form_title","params":{"id":4,"title":"\u200f عنوان \u202c"}}]}`, contract.Options{Locale: "fa_IR"})
	if !r.Valid {
		t.Fatalf("%+v", r.Violations)
	}
	if p.Steps[0].Params.Title != domain.DefaultFormTitle || p.Steps[1].Params.Type != "rating" || len([]rune(p.Steps[1].Params.Question)) != 200 || p.Steps[2].Params.Title != "عنوان" {
		t.Fatalf("normalised %+v", p)
	}
	b, _ := json.Marshal(p)
	if strings.Contains(string(b), "junk") {
		t.Fatal("unknown key kept")
	}
	// The normalised plan revalidates clean of errors and warnings.
	r2, _ := ValidatePlan(context.Background(), p, contract.Options{})
	if len(r2.Violations) != 0 {
		t.Fatalf("normalised plan not clean: %+v", r2.Violations)
	}
	// Messages follow the locale.
	if !strings.ContainsAny(r.Violations[0].Message, "آابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی") {
		t.Fatalf("not Persian: %q", r.Violations[0].Message)
	}
}

func TestPreview(t *testing.T) {
	forms := fakeForms{3: {"مشتریان", 2}}
	_, p := validate(t, `{"version":1,"steps":[{"action":"create_form","params":{"title":"چکاپ سه"}},{"action":"add_field","params":{"type":"short_text","question":"نام","required":true}},{"action":"publish_form","params":{"id":3}},{"action":"open_editor","params":{"id":3,"index":1}}]}`, contract.Options{})
	fa := Preview(context.Background(), p, forms, "fa_IR")
	en := Preview(context.Background(), p, forms, "en_US")
	if len(fa) != 4 || len(en) != 4 {
		t.Fatalf("%v %v", fa, en)
	}
	if !strings.Contains(fa[2], "فرم ۳ «مشتریان»") || !strings.Contains(fa[1], "«نام»") || !strings.Contains(fa[1], "اجباری") {
		t.Fatalf("fa: %q", fa)
	}
	if en[2] != `Publish form 3 "مشتریان".` || !strings.Contains(en[1], `required short-text question "نام" to the new form "چکاپ سه"`) || !strings.Contains(en[3], "question 2") {
		t.Fatalf("en: %q", en)
	}
}

func TestSchemasAreJSON(t *testing.T) {
	for _, s := range []json.RawMessage{Contract{}.Schema(), LLMResponseSchema()} {
		var v map[string]any
		if err := json.Unmarshal(s, &v); err != nil {
			t.Fatalf("schema is not JSON: %v", err)
		}
	}
}

func BenchmarkValidate5Steps(b *testing.B) {
	doc, _ := contract.Decode([]byte(`{"version":1,"steps":[{"action":"create_form","params":{"title":"سنجش رضایت"}},{"action":"add_field","params":{"type":"short_text","question":"نام شما"}},{"action":"add_field","params":{"type":"rating","required":true}},{"action":"add_field","params":{"type":"multiple_choice","question":"کدام شعبه؟","index":0}},{"action":"publish_form","params":{"id":3}}]}`))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Validate(context.Background(), doc, contract.Options{})
	}
}

func FuzzArshline(f *testing.F) {
	f.Add(`{"version":1,"steps":[{"action":"create_form","params":{"title":"x"}},{"action":"add_field","params":{"type":"rating","index":0}}]}`)
	f.Add(`{"version":1,"steps":[{"action":"publish_form","params":{"id":1e400}}]}`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := contract.Decode([]byte(s))
		if err != nil {
			return
		}
		r1, p1 := Validate(context.Background(), doc, contract.Options{})
		r2, _ := Validate(context.Background(), doc, contract.Options{})
		b1, _ := json.Marshal(r1)
		b2, _ := json.Marshal(r2)
		if string(b1) != string(b2) {
			t.Fatal("not deterministic")
		}
		if p1 != nil {
			r3, _ := ValidatePlan(context.Background(), p1, contract.Options{})
			if !r3.Valid {
				t.Fatalf("normalised plan invalid: %+v", r3.Violations)
			}
		}
	})
}
