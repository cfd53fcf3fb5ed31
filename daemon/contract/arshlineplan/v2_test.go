package arshlineplan

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/golden"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

var v2Dir = filepath.Join("..", "..", "..", "testdata", "contracts", "arshline-plan-v2")

// typedStore is a store that also tells its questions' document types.
type typedStore struct {
	*storeForms
	types map[int64][]string
}

func (s typedStore) LookupFieldTypes(_ context.Context, id int64) ([]string, error) {
	return s.types[id], nil
}

func newTypedStore() typedStore {
	return typedStore{newStore(), map[int64][]string{3: {"text", "radio"}, 7: {}}}
}

func stepsV2(ss ...string) string { return `{"version":2,"steps":[` + strings.Join(ss, ",") + `]}` }

func validateV2(t *testing.T, plan string, opts contract.Options) (contract.Report, *domain.Plan) {
	t.Helper()
	doc, err := contract.Decode([]byte(plan))
	if err != nil {
		t.Fatalf("decode %s: %v", plan, err)
	}
	return ValidateV2(context.Background(), doc, opts)
}

// fixtureDocs reads the cases of a fixture directory, without goldens,
// options and the files that start with "_".
func fixtureDocs(t testing.TB, dir string) map[string]any {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	out := map[string]any{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		if strings.HasSuffix(name, ".golden") || strings.HasSuffix(name, ".options") || strings.HasPrefix(name, "_") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := contract.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[name] = doc
	}
	if len(out) == 0 {
		t.Fatalf("no fixtures in %s", dir)
	}
	return out
}

// TestV2AcceptsV1Plans: a v1 plan means under v2 exactly what it means
// under v1, violations and normalised plan alike; only the report's
// contract differs.
func TestV2AcceptsV1Plans(t *testing.T) {
	for name, doc := range fixtureDocs(t, filepath.Join("..", "..", "..", "testdata", "contracts", "arshline-plan-v1")) {
		m, isObj := doc.(map[string]any)
		if n, isInt := integer(m["version"]); !isObj || !isInt || n != 1 {
			continue
		}
		for _, opts := range []contract.Options{{}, {Locale: "fa_IR", Forms: newStore()}} {
			r1, p1 := Validate(context.Background(), doc, opts)
			r2, p2 := ValidateV2(context.Background(), doc, opts)
			if r2.Contract != NameV2 || !reflect.DeepEqual(r1.Violations, r2.Violations) || !reflect.DeepEqual(p1, p2) || r1.Valid != r2.Valid {
				t.Errorf("%s: v1 %+v\nv2 %+v", name, r1, r2)
			}
			if p2 != nil && p2.Version != 1 {
				t.Errorf("%s: a v1 plan became version %d", name, p2.Version)
			}
		}
	}
}

func TestV2Rules(t *testing.T) {
	store := newTypedStore()
	cases := []struct {
		name, plan string
		opts       contract.Options
		want       string
	}{
		{"v1 checks stay", stepsV2(`{"action":"publish_form","params":{"id":0}}`), contract.Options{}, "/steps/0/params/id param.invalid:e"},
		{"id-less state change after create", stepsV2(`{"action":"create_form"}`, `{"action":"open_results","params":{"id":3}}`, `{"action":"publish_form"}`, `{"action":"disable_form"}`), contract.Options{}, ""},
		{"duplicate opens no reference", stepsV2(`{"action":"duplicate_form","params":{"id":3}}`, `{"action":"draft_form"}`), contract.Options{}, "/steps/1/params seq.no_form_for_step:e"},
		{"any later step, not only the next", stepsV2(`{"action":"create_form"}`, `{"action":"publish_form","params":{"id":3}}`, `{"action":"add_field","params":{"type":"date"}}`, `{"action":"delete_field","params":{"index":0}}`), contract.Options{}, ""},
		{"the latest create_form", stepsV2(`{"action":"create_form"}`, `{"action":"add_field","params":{"type":"date"}}`, `{"action":"create_form"}`, `{"action":"delete_field","params":{"index":0}}`), contract.Options{}, "/steps/3/params/index ref.index_out_of_range:e"},
		{"offline, existing forms are not counted", stepsV2(`{"action":"delete_field","params":{"id":3,"index":40}}`), contract.Options{}, ""},
		{"with a store they are", stepsV2(`{"action":"delete_field","params":{"id":3,"index":2}}`), contract.Options{Forms: newStore()}, "/steps/0/params/index ref.index_out_of_range:e"},
		{"a failing lookup rejects nothing", stepsV2(`{"action":"delete_field","params":{"id":13,"index":2}}`), contract.Options{Forms: store}, ""},
		{"a move to the end", stepsV2(`{"action":"move_field","params":{"id":3,"index":0,"to":1}}`), contract.Options{Forms: store}, ""},
		{"types follow moves", stepsV2(`{"action":"move_field","params":{"id":3,"index":0,"to":1}}`, `{"action":"update_field","params":{"id":3,"index":1,"format":"url"}}`, `{"action":"update_field","params":{"id":3,"index":0,"options":["a","b"]}}`), contract.Options{Forms: store}, ""},
		{"types follow inserts", stepsV2(`{"action":"add_field","params":{"id":3,"type":"checkboxes","index":0}}`, `{"action":"update_field","params":{"id":3,"index":1,"format":"url"}}`, `{"action":"update_field","params":{"id":3,"index":0,"options":["a","b"]}}`), contract.Options{Forms: store}, ""},
		{"types follow type changes", stepsV2(`{"action":"update_field","params":{"id":3,"index":0,"type":"email"}}`, `{"action":"update_field","params":{"id":3,"index":0,"format":"url"}}`), contract.Options{Forms: store}, "/steps/1/params/format param.format_needs_short_text:e"},
		{"a store without types checks counts only", stepsV2(`{"action":"update_field","params":{"id":3,"index":1,"format":"url"}}`), contract.Options{Forms: newStore()}, ""},
		{"required false is a change", stepsV2(`{"action":"update_field","params":{"id":3,"index":1,"required":false}}`), contract.Options{}, ""},
		{"deleted form, then its id again", stepsV2(`{"action":"delete_form","params":{"id":3}}`, `{"action":"delete_form","params":{"id":3}}`), contract.Options{Forms: store}, "/steps/1/params/id ref.form_not_found:e"},
		{"v1 params keep their v1 requirements", stepsV2(`{"action":"open_builder"}`), contract.Options{}, "/steps/0/params/id param.missing:e"},
		{"version 1 knows no v2 action", `{"version":1,"steps":[{"action":"delete_form","params":{"id":3}}]}`, contract.Options{}, "/steps/0/action step.action_not_allowed:e"},
		{"version as a string", `{"version":"2","steps":[{"action":"delete_form","params":{"id":3}}]}`, contract.Options{}, "/version plan.version:e"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, p := validateV2(t, tc.plan, tc.opts)
			if got := found(r); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			if r.Valid != (p != nil) || r.Contract != NameV2 {
				t.Fatalf("valid=%v plan=%v contract=%s", r.Valid, p, r.Contract)
			}
		})
	}
}

// TestV2RequiredFalseSurvives: an update_field that makes a question
// optional says so in its normalised plan, through JSON and back.
func TestV2RequiredFalseSurvives(t *testing.T) {
	_, p := validateV2(t, stepsV2(`{"action":"update_field","params":{"id":3,"index":0,"required":false}}`, `{"action":"add_field","params":{"id":3,"type":"email","required":false}}`), contract.Options{})
	if p == nil || !p.Steps[0].Params.Optional || p.Steps[1].Params.Optional {
		t.Fatalf("plan %+v", p)
	}
	b, _ := json.Marshal(p)
	if !bytes.Contains(b, []byte(`"index":0,"required":false`)) && !bytes.Contains(b, []byte(`"required":false,"index":0`)) {
		t.Fatalf("required false lost: %s", b)
	}
	var back domain.Plan
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(&back, p) {
		t.Fatalf("round trip: %v\n%+v\n%+v", err, back, p)
	}
	if r, p2 := ValidatePlanV2(context.Background(), p, contract.Options{}); len(r.Violations) != 0 || !reflect.DeepEqual(p2, p) {
		t.Fatalf("not a fixed point: %+v", r.Violations)
	}
}

func TestV2Normalisation(t *testing.T) {
	r, p := validateV2(t, stepsV2(
		`{"action":"create_form"}`,
		`{"action":"add_field","params":{"type":" dropdown ","options":[" الف ","\u200cب"],"format":null}}`,
		`{"action":"add_field","params":{"type":"short_text","format":" mobile_ir "}}`,
		`{"action":"duplicate_form","params":{"id":3,"title":"  "}}`,
	), contract.Options{})
	if !r.Valid || len(r.Violations) != 0 {
		t.Fatalf("%s", found(r))
	}
	want := &domain.Plan{Version: 2, Steps: []domain.PlanStep{
		{Action: "create_form", Params: domain.StepParams{Title: domain.DefaultFormTitle}},
		{Action: "add_field", Params: domain.StepParams{Type: "dropdown", Options: []string{"الف", "ب"}}},
		{Action: "add_field", Params: domain.StepParams{Type: "short_text", Format: "mobile_ir"}},
		// no title: the server names the copy
		{Action: "duplicate_form", Params: domain.StepParams{ID: domain.Int64(3)}},
	}}
	if !reflect.DeepEqual(p, want) {
		got, _ := json.Marshal(p)
		exp, _ := json.Marshal(want)
		t.Fatalf("normalised\n%s\nwant\n%s", got, exp)
	}
}

func TestV2StoreIsAskedOncePerForm(t *testing.T) {
	store := newTypedStore()
	validateV2(t, stepsV2(`{"action":"publish_form","params":{"id":3}}`, `{"action":"delete_field","params":{"id":3,"index":0}}`, `{"action":"disable_form","params":{"id":3}}`, `{"action":"delete_form","params":{"id":9}}`, `{"action":"duplicate_form","params":{"id":9}}`), contract.Options{Forms: store})
	if store.lookups != 2 {
		t.Fatalf("%d lookups, want 2", store.lookups)
	}
}

// TestV2Previews writes every valid v2 fixture's preview, in Persian and
// in English, with a store and without, into _previews.json, so that a
// change of wording shows in review.
func TestV2Previews(t *testing.T) {
	docs := fixtureDocs(t, v2Dir)
	out := map[string]map[string][]string{}
	for name, doc := range docs {
		for _, withStore := range []bool{true, false} {
			opts := contract.Options{}
			if withStore {
				opts.Forms = titledStore()
			}
			r, p := ValidateV2(context.Background(), doc, opts)
			if !r.Valid {
				continue
			}
			if out[name] == nil {
				out[name] = map[string][]string{}
			}
			for _, loc := range []string{"fa_IR", "en_US"} {
				key := loc
				if !withStore {
					key += " offline"
				}
				lines := Preview(context.Background(), p, opts.Forms, loc)
				if len(lines) != len(p.Steps) {
					t.Fatalf("%s: %d lines for %d steps", name, len(lines), len(p.Steps))
				}
				for k, l := range lines {
					if l == "" || strings.Contains(l, "%!") || strings.Contains(l, "()") {
						t.Errorf("%s %s step %d: %q", name, key, k, l)
					}
				}
				out[name][key] = lines
			}
		}
	}
	if len(out) < 8 {
		t.Fatalf("only %d valid fixtures", len(out))
	}
	golden.Check(t, filepath.Join(v2Dir, "_previews.json"), golden.JSON(t, out))
}

func titledStore() typedStore {
	return typedStore{&storeForms{forms: map[int64]storedForm{3: {"مشتریان", 2}, 5: {"نظرسنجی کارکنان", 0}, 7: {"ثبت‌نام کارگاه", 3}}}, map[int64][]string{3: {"text", "radio"}}}
}

func TestV2NamesForEveryTypeAndFormat(t *testing.T) {
	for _, ft := range domain.PlanFieldTypesV2 {
		if n, ok := typeNames[ft]; !ok || !messages.Has(n.Key) {
			t.Errorf("type %s has no name", ft)
		}
		if _, ok := domain.DocumentFieldType(ft); !ok {
			t.Errorf("type %s has no document type", ft)
		}
		if d, _ := domain.DocumentFieldType(ft); func() string { p, _ := domain.PlanFieldTypeOfDocument(d); return p }() != ft {
			t.Errorf("type %s does not map back", ft)
		}
	}
	for _, f := range domain.PlanFormats {
		if n, ok := formatNames[f]; !ok || !messages.Has(n.Key) {
			t.Errorf("format %s has no name", f)
		}
	}
	for _, a := range domain.PlanActionsV2 {
		if _, ok := actionParamsV2[a]; !ok {
			t.Errorf("action %s has no parameters", a)
		}
		if !domain.IsNavigation(a) && !domain.IsMutation(a) {
			t.Errorf("action %s is neither navigation nor mutation", a)
		}
	}
	if len(actionParamsV2) != len(domain.PlanActionsV2) {
		t.Error("the parameter table and the action list differ")
	}
}

// strictFormV2 writes a normalised v2 plan as a strict-mode model sends it.
func strictFormV2(p *domain.Plan) map[string]any {
	steps := []any{}
	for _, st := range p.Steps {
		params := map[string]any{}
		for _, s := range actionParamsV2[st.Action] {
			var v any
			switch s.kind {
			case kindID:
				if st.Params.ID != nil {
					v = *st.Params.ID
				}
			case kindIndex:
				if st.Params.Index != nil {
					v = *st.Params.Index
				}
			case kindTo:
				if st.Params.To != nil {
					v = *st.Params.To
				}
			case kindBool:
				if st.Params.Required || st.Params.Optional {
					v = st.Params.Required
				}
			case kindType:
				if st.Params.Type != "" {
					v = st.Params.Type
				}
			case kindTitle:
				if st.Params.Title != "" {
					v = st.Params.Title
				}
			case kindQuestion:
				if st.Params.Question != "" {
					v = st.Params.Question
				}
			case kindOptions:
				if st.Params.Options != nil {
					v = st.Params.Options
				}
			case kindFormat:
				if st.Params.Format != "" {
					v = st.Params.Format
				}
			}
			params[s.name] = v
		}
		steps = append(steps, map[string]any{"action": st.Action, "params": params})
	}
	return map[string]any{"version": 2, "steps": steps}
}

func TestV2SchemaStrictAndAgrees(t *testing.T) {
	for name, raw := range map[string]json.RawMessage{"Schema": ContractV2{}.Schema(), "LLMResponseSchemaV2": LLMResponseSchemaV2()} {
		var doc any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("%s is not JSON: %v", name, err)
		}
		if p := strictProblems(doc, name, true); len(p) != 0 {
			t.Errorf("%s leaves the strict subset:\n%s", name, strings.Join(p, "\n"))
		}
	}
	plain := compile(t, "plan2.json", ContractV2{}.Schema())
	wrapped := compile(t, "llm2.json", LLMResponseSchemaV2())
	valid := 0
	for name, doc := range fixtureDocs(t, v2Dir) {
		r, p := ValidateV2(context.Background(), doc, contract.Options{})
		if !r.Valid || p.Version != 2 {
			continue
		}
		valid++
		strict := strictFormV2(p)
		if err := plain.Validate(roundTrip(t, strict)); err != nil {
			t.Errorf("%s: the strict form fails Schema(): %v", name, err)
		}
		if err := wrapped.Validate(roundTrip(t, map[string]any{"result": strict})); err != nil {
			t.Errorf("%s: fails LLMResponseSchemaV2(): %v", name, err)
		}
		sdoc, _ := contract.Decode(mustJSON(strict))
		if r2, p2 := ValidateV2(context.Background(), sdoc, contract.Options{}); len(r2.Violations) != 0 || !reflect.DeepEqual(p2, p) {
			t.Errorf("%s: the strict form is not clean or differs: %+v", name, r2.Violations)
		}
	}
	if valid < 8 {
		t.Fatalf("only %d valid v2 fixtures reached the schema check", valid)
	}
	for _, bad := range []string{
		`{"result": {"version": 1, "steps": [{"action": "publish_form", "params": {"id": 1}}]}}`,
		`{"result": {"version": 2, "steps": [{"action": "add_field", "params": {"id": null, "type": "slider", "question": null, "required": null, "index": null, "options": null, "format": null}}]}}`,
		`{"result": {"version": 2, "steps": [{"action": "add_field", "params": {"id": null, "type": "dropdown", "question": null, "required": null, "index": null, "options": ["one"], "format": null}}]}}`,
		`{"result": {"version": 2, "steps": [{"action": "add_field", "params": {"id": null, "type": "short_text", "question": null, "required": null, "index": null, "options": null, "format": "mobile"}}]}}`,
		`{"result": {"version": 2, "steps": [{"action": "delete_form", "params": {"id": null}}]}}`,
		`{"result": {"version": 2, "steps": [{"action": "move_field", "params": {"id": null, "index": 0}}]}}`,
	} {
		doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if wrapped.Validate(doc) == nil {
			t.Errorf("LLMResponseSchemaV2 accepted %s", bad)
		}
	}
	// The v1 schemas do not move.
	if bytes.Contains(Contract{}.Schema(), []byte("options")) || bytes.Contains(LLMResponseSchema(), []byte("update_field")) {
		t.Fatal("v2 leaked into the v1 schemas")
	}
	dir := v2Dir
	for file, raw := range map[string]json.RawMessage{"_schema.json": ContractV2{}.Schema(), "_llm_response_schema.json": LLMResponseSchemaV2()} {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join(dir, file), golden.JSON(t, v))
	}
}

func FuzzArshlineV2(f *testing.F) {
	for _, dir := range []string{v2Dir, filepath.Join("..", "..", "..", "testdata", "contracts", "arshline-plan-v1")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, file := range files {
			if !strings.HasSuffix(file, ".golden.json") && !strings.HasSuffix(file, ".options.json") && !strings.HasPrefix(filepath.Base(file), "_") {
				data, _ := os.ReadFile(file)
				f.Add(string(data))
			}
		}
	}
	f.Add(stepsV2(`{"action":"create_form"}`, `{"action":"add_field","params":{"type":"checkboxes","options":["a","b"]}}`, `{"action":"move_field","params":{"index":0,"to":0}}`, `{"action":"update_field","params":{"index":0,"required":false}}`))
	f.Add(stepsV2(`{"action":"move_field","params":{"id":3,"index":1,"to":0}}`, `{"action":"update_field","params":{"id":3,"index":0,"options":["x","y"]}}`))
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := contract.Decode([]byte(s))
		if err != nil {
			return
		}
		for _, opts := range []contract.Options{{}, {Locale: "fa_IR", Forms: newTypedStore()}, {Forms: newStore()}} {
			r1, p1 := ValidateV2(context.Background(), doc, opts)
			r2, _ := ValidateV2(context.Background(), doc, opts)
			b1, _ := json.Marshal(r1)
			b2, _ := json.Marshal(r2)
			if !bytes.Equal(b1, b2) {
				t.Fatalf("not deterministic:\n%s\n%s", b1, b2)
			}
			resorted := contract.Finish(contract.Report{Violations: append([]contract.Violation(nil), r1.Violations...)})
			if !reflect.DeepEqual(resorted.Violations, r1.Violations) {
				t.Fatalf("violations out of order: %+v", r1.Violations)
			}
			if r1.Valid != (p1 != nil) || r1.Contract != NameV2 {
				t.Fatalf("valid=%v plan=%v contract=%s", r1.Valid, p1, r1.Contract)
			}
			if p1 == nil {
				continue
			}
			b, _ := json.Marshal(p1)
			if viaJSON, _ := contract.Decode(b); !reflect.DeepEqual(any(planDoc(p1)), viaJSON) {
				t.Fatalf("planDoc differs from the JSON form of %s", b)
			}
			var back domain.Plan
			if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(&back, p1) {
				t.Fatalf("the plan does not survive JSON: %s", b)
			}
			r3, p3 := ValidatePlanV2(context.Background(), p1, contract.Options{MaxSteps: opts.MaxSteps, Forms: opts.Forms})
			if !r3.Valid || !reflect.DeepEqual(p3, p1) {
				t.Fatalf("the normalised plan does not revalidate: %+v", r3.Violations)
			}
			for _, v := range r3.Violations {
				if v.Rule != RuleParamUnknown || p1.Version != 1 {
					t.Fatalf("the normalised plan revalidates with %+v", v)
				}
			}
			if len(Preview(context.Background(), p1, opts.Forms, opts.Locale)) != len(p1.Steps) {
				t.Fatal("preview lines do not match the steps")
			}
		}
	})
}
