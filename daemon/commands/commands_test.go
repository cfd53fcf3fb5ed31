package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/executor"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/persian"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// The model's answers under arshline-plan/v2's strict schema (the
// default contract), and one under v1's.
const validPlanReply = `{"result":{"version":2,"steps":[{"action":"create_form","params":{"title":"چکاپ"}},{"action":"add_field","params":{"id":null,"type":"short_text","question":null,"required":null,"index":null,"options":null,"format":null}}]}}`
const invalidPlanReply = `{"result":{"version":2,"steps":[{"action":"add_field","params":{"id":null,"type":"short_text","question":null,"required":null,"index":null,"options":null,"format":null}}]}}`
const validPlanReplyV1 = `{"result":{"version":1,"steps":[{"action":"create_form","params":{"id":null,"title":"چکاپ","type":null,"question":null,"required":null,"index":null}},{"action":"add_field","params":{"id":null,"title":null,"type":"short_text","question":null,"required":null,"index":null}}]}}`

func newService(t *testing.T, model Completer, lim Limiter) (*Service, *sqlstore.DB) {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "a.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &Service{
		Internal: persian.New(persian.Config{}), Model: model, ModelID: "test-model", Limiter: lim,
		Forms: db, Executor: &executor.Executor{Store: db}, Events: logx.Discard(), MaxSteps: 12, CacheTTL: time.Minute,
	}, db
}

func ctxFor(locale string) context.Context {
	return domain.WithActor(context.Background(), domain.Actor{UserID: 7, Caps: []string{domain.CapManageForms}, Locale: locale})
}

func model(f *llmtest.Server, timeout time.Duration) *llm.Client {
	c, err := llm.New(llm.Config{BaseURL: f.URL(), Model: "test-model", APIKey: "sk-test", Timeout: timeout, MaxRetries: 2, Seed: 7})
	if err != nil {
		panic(err)
	}
	return c
}

func TestInternalPlanPreviewAndExecute(t *testing.T) {
	s, db := newService(t, nil, nil)
	ctx := ctxFor("fa_IR")
	res, err := s.Plan(ctx, PlanParams{Text: "یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار"})
	if err != nil || res.Plan == nil || res.Source != ModeInternal || len(res.Preview) != 3 {
		t.Fatalf("plan %+v %v", res, err)
	}
	raw, _ := json.Marshal(res.Plan)
	prev, err := s.Execute(ctx, ExecuteParams{Plan: raw})
	if pr, ok := prev.(*PreviewResult); err != nil || !ok || !pr.ConfirmRequired {
		t.Fatalf("preview %+v %v", prev, err)
	}
	if forms, _ := db.ListForms(ctx, domain.FormQuery{SiteID: 1}); len(forms) != 0 {
		t.Fatal("a preview wrote something")
	}
	out, err := s.Execute(ctx, ExecuteParams{Plan: raw, Confirm: true})
	if r, ok := out.(*executor.Result); err != nil || !ok || len(r.UndoTokens) != 3 {
		t.Fatalf("execute %+v %v", out, err)
	}
	// A reference to a missing form is caught before anything runs.
	res, err = s.Plan(ctx, PlanParams{Text: "فرم ۹۹ را منتشر کن"})
	if err != nil || !res.None || len(res.Violations) == 0 || res.Violations[0].Rule != "ref.form_not_found" {
		t.Fatalf("missing form %+v %v", res, err)
	}
	// The client's plan is never trusted.
	if _, err := s.Execute(ctx, ExecuteParams{Plan: json.RawMessage(`{"version":1,"steps":[{"action":"delete_form","params":{"id":1}}]}`), Confirm: true}); domain.ErrorCode(err) != domain.CodeInvalidPlan {
		t.Fatalf("bad plan: %v", err)
	}
	for _, bad := range []PlanParams{{Text: "  "}, {Text: "x", Mode: "magic"}, {Text: strings.Repeat("ف", 3000)}} {
		if _, err := s.Plan(ctx, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if _, err := s.Plan(ctx, PlanParams{Text: "x", Mode: ModeLLM}); domain.ErrorCode(err) != domain.CodeOpenAIUnavailable {
		t.Fatalf("llm without a model: %v", err)
	}
}

func TestLLMPlanValidSentWithTemperatureZeroAndCached(t *testing.T) {
	f := llmtest.New(t, llmtest.Reply{Content: validPlanReply})
	s, _ := newService(t, model(f, 5*time.Second), nil)
	res, err := s.Plan(ctxFor("en_US"), PlanParams{Text: "یک فرم بساز", Mode: ModeLLM})
	if err != nil || res.Plan == nil || res.Source != ModeLLM || res.Plan.Steps[0].Params.Title != "چکاپ" || len(res.Plan.Steps) != 2 {
		t.Fatalf("%+v %v", res, err)
	}
	body := f.Requests()[0].Body
	if temp, ok := body["temperature"]; !ok || temp != float64(0) {
		t.Fatalf("temperature on the wire: %v (present %v)", temp, ok)
	}
	if body["seed"] != float64(7) {
		t.Fatalf("seed: %v", body["seed"])
	}
	rf := body["response_format"].(map[string]any)
	if rf["type"] != "json_schema" || rf["json_schema"].(map[string]any)["strict"] != true {
		t.Fatalf("response_format %v", rf)
	}
	// Same text, typed differently: served from the cache, no request.
	again, err := s.Plan(ctxFor("en_US"), PlanParams{Text: "يك فرم  بساز", Mode: ModeLLM})
	if err != nil || again.Plan == nil || f.RequestCount() != 1 {
		t.Fatalf("cache: %d requests, %+v %v", f.RequestCount(), again, err)
	}
}

func TestLLMRepairs(t *testing.T) {
	f := llmtest.New(t, llmtest.Reply{Content: invalidPlanReply}, llmtest.Reply{Content: validPlanReply})
	s, _ := newService(t, model(f, 5*time.Second), nil)
	res, err := s.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم بساز", Mode: ModeLLM})
	if err != nil || res.Plan == nil || f.RequestCount() != 2 {
		t.Fatalf("repair: %+v %v (%d requests)", res, err, f.RequestCount())
	}
	second := f.Requests()[1].Body["messages"].([]any)[1].(map[string]any)["content"].(string)
	if !strings.Contains(second, "seq.add_field_without_form") {
		t.Fatalf("the re-ask does not name the violation: %s", second)
	}

	// Still invalid after two repairs: llm mode fails closed…
	f2 := llmtest.New(t, llmtest.Reply{Content: invalidPlanReply}, llmtest.Reply{Content: invalidPlanReply}, llmtest.Reply{Content: invalidPlanReply})
	s2, _ := newService(t, model(f2, 5*time.Second), nil)
	if _, err := s2.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم بساز", Mode: ModeLLM}); domain.ErrorCode(err) != domain.CodeSchemaInvalid || f2.RequestCount() != 3 {
		t.Fatalf("fail closed: %v after %d requests", err, f2.RequestCount())
	}
	// …auto falls back to the internal planner.
	f3 := llmtest.New(t, llmtest.Reply{Content: invalidPlanReply}, llmtest.Reply{Content: invalidPlanReply}, llmtest.Reply{Content: invalidPlanReply})
	s3, _ := newService(t, model(f3, 5*time.Second), nil)
	res, err = s3.Plan(ctxFor("fa_IR"), PlanParams{Text: "یک فرم جدید بساز"})
	if err != nil || res.Plan == nil || res.Source != ModeInternal || len(res.Warnings) == 0 {
		t.Fatalf("fallback: %+v %v", res, err)
	}
}

func TestLLMNoneAndFailures(t *testing.T) {
	cases := []struct {
		name   string
		script []llmtest.Reply
		want   domain.Code // "" means a none result
	}{
		{"none", []llmtest.Reply{{Content: `{"result":{"none":true,"reason":"delete is not allowed"}}`}}, ""},
		{"refusal", []llmtest.Reply{{Content: "", Refusal: "I can't help with that"}}, domain.CodeSchemaInvalid},
		{"truncated", []llmtest.Reply{{Content: `{"result":{"version":1,"st`, FinishReason: "length"}}, domain.CodeSchemaInvalid},
		{"malformed body", []llmtest.Reply{{RawBody: `{"choices": [oops`}}, domain.CodeSchemaInvalid},
		{"429 then ok", []llmtest.Reply{{Status: 429, RetryAfter: "0"}, {Content: validPlanReply}}, "plan"},
		{"429 exhausted", []llmtest.Reply{{Status: 429, RetryAfter: "1"}, {Status: 429, RetryAfter: "1"}, {Status: 429, RetryAfter: "3"}}, domain.CodeRateLimit},
		{"500 exhausted", []llmtest.Reply{{Status: 500}, {Status: 500}, {Status: 500}}, domain.CodeOpenAIUnavailable},
		{"401", []llmtest.Reply{{Status: 401}}, domain.CodeOpenAIUnavailable},
		{"context length", []llmtest.Reply{llmtest.ContextLengthExceeded()}, domain.CodeModelLimit},
		{"timeout", []llmtest.Reply{{Delay: 3 * time.Second, Content: validPlanReply}, {Delay: 3 * time.Second}, {Delay: 3 * time.Second}}, domain.CodeTimeout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := llmtest.New(t, c.script...)
			// Only the timeout case needs a short deadline; the others answer
			// at once, and a loaded machine must not turn them into timeouts.
			timeout := 2 * time.Second
			switch c.want {
			case domain.CodeTimeout:
				timeout = 300 * time.Millisecond
			case domain.CodeRateLimit:
				// Two waits of 1 s fit in the call's one deadline.
				timeout = 10 * time.Second
			}
			s, _ := newService(t, model(f, timeout), nil)
			res, err := s.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم بساز", Mode: ModeLLM})
			switch c.want {
			case "":
				if err != nil || !res.None || res.Reason == "" {
					t.Fatalf("%+v %v", res, err)
				}
			case "plan":
				if err != nil || res.Plan == nil {
					t.Fatalf("%+v %v", res, err)
				}
			default:
				de := domain.AsError(err)
				if de.Code != c.want {
					t.Fatalf("got %v, want %s", err, c.want)
				}
				if c.want == domain.CodeRateLimit && de.Data["retry_after_sec"] != 3 {
					t.Fatalf("retry_after_sec %v", de.Data["retry_after_sec"])
				}
			}
		})
	}
}

type denyAll struct{}

func (denyAll) Allow(int64) (bool, time.Duration) { return false, 1500 * time.Millisecond }

func TestLLMRateLimitedBeforeCalling(t *testing.T) {
	f := llmtest.New(t, llmtest.Reply{Content: validPlanReply})
	s, _ := newService(t, model(f, time.Second), denyAll{})
	_, err := s.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم بساز", Mode: ModeLLM})
	de := domain.AsError(err)
	if de.Code != domain.CodeRateLimit || de.Data["retry_after_sec"] != 2 || f.RequestCount() != 0 {
		t.Fatalf("%v %v, %d requests", err, de.Data, f.RequestCount())
	}
}

// TestUndoTakesTokenOrTokens: ai.undo names its steps with one token or
// a list, never both.
func TestUndoTakesTokenOrTokens(t *testing.T) {
	s, _ := newService(t, nil, nil)
	ctx := ctxFor("fa_IR")
	res, err := s.Plan(ctx, PlanParams{Text: "یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار"})
	if err != nil || res.Plan == nil {
		t.Fatalf("plan %+v %v", res, err)
	}
	raw, _ := json.Marshal(res.Plan)
	out, err := s.Execute(ctx, ExecuteParams{Plan: raw, Confirm: true})
	if err != nil {
		t.Fatal(err)
	}
	tokens := out.(*executor.Result).UndoTokens
	_, err = s.Undo(ctx, UndoParams{Token: tokens[2], Tokens: tokens[:2]})
	if de := domain.AsError(err); de == nil || de.Code != domain.CodeInvalidParams || de.Text().String() != "give token or tokens, not both" || messages.Render("fa_IR", de.Text()) != "فقط یکی از token یا tokens را بفرستید" {
		t.Fatalf("token and tokens: %+v", de)
	}
	if u, err := s.Undo(ctx, UndoParams{Token: tokens[2]}); err != nil || len(u.Undone) != 1 {
		t.Fatalf("one token: %+v %v", u, err)
	}
	if u, err := s.Undo(ctx, UndoParams{Tokens: tokens[:2]}); err != nil || len(u.Undone) != 2 {
		t.Fatalf("two tokens: %+v %v", u, err)
	}
	if _, err := s.Undo(ctx, UndoParams{}); domain.ErrorCode(err) != domain.CodeInvalidParams {
		t.Fatalf("no token: %v", err)
	}
}

func TestPlanContractV2ByDefaultV1OnRequest(t *testing.T) {
	s, _ := newService(t, nil, nil)
	ctx := ctxFor("fa_IR")
	text := "یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار"
	def, err := s.Plan(ctx, PlanParams{Text: text})
	if err != nil || def.Plan == nil || def.Plan.Version != 2 || len(def.Preview) != 3 {
		t.Fatalf("default %+v %v", def, err)
	}
	v2, err := s.Plan(ctx, PlanParams{Text: text, Contract: "arshline-plan/v2"})
	if err != nil || v2.Plan == nil || v2.Plan.Version != 2 {
		t.Fatalf("v2 %+v %v", v2, err)
	}
	v1, err := s.Plan(ctx, PlanParams{Text: text, Contract: "arshline-plan/v1"})
	if err != nil || v1.Plan == nil || v1.Plan.Version != 1 {
		t.Fatalf("v1 %+v %v", v1, err)
	}
	// Same steps either way; the v1 plan is exactly the planner's.
	a, _ := json.Marshal(def.Plan.Steps)
	b, _ := json.Marshal(v1.Plan.Steps)
	if string(a) != string(b) || strings.Join(def.Preview, "\n") != strings.Join(v1.Preview, "\n") {
		t.Fatalf("steps differ:\n%s\n%s", a, b)
	}
	direct, _ := json.Marshal(s.Internal.Plan(text).Plan.Steps)
	if string(direct) != string(b) {
		t.Fatalf("v1 is not the planner's plan:\n%s\n%s", direct, b)
	}
	if _, err := s.Plan(ctx, PlanParams{Text: text, Contract: "arshline-plan/v3"}); domain.ErrorCode(err) != domain.CodeInvalidParams {
		t.Fatalf("unknown contract: %v", err)
	}
	// A v2 plan from ai.plan executes as it is.
	raw, _ := json.Marshal(def.Plan)
	out, err := s.Execute(ctx, ExecuteParams{Plan: raw, Confirm: true})
	if r, ok := out.(*executor.Result); err != nil || !ok || len(r.UndoTokens) != 3 {
		t.Fatalf("execute %+v %v", out, err)
	}
}

func TestExecuteV2PlanPreviewRunUndo(t *testing.T) {
	s, db := newService(t, nil, nil)
	ctx := ctxFor("en_US")
	plan := json.RawMessage(`{"version":2,"steps":[
		{"action":"create_form","params":{"title":"کارگاه"}},
		{"action":"add_field","params":{"type":"short_text","question":"موبایل","format":"mobile_ir","required":true}},
		{"action":"add_field","params":{"type":"multiple_choice","question":"رشته","options":["کامپیوتر","برق"]}},
		{"action":"move_field","params":{"index":1,"to":0}},
		{"action":"update_field","params":{"index":0,"options":["کامپیوتر","برق","مکانیک"],"type":"checkboxes"}},
		{"action":"publish_form","params":{}}]}`)
	prev, err := s.Execute(ctx, ExecuteParams{Plan: plan})
	pr, ok := prev.(*PreviewResult)
	if err != nil || !ok || pr.Plan.Version != 2 || len(pr.Preview) != 6 {
		t.Fatalf("preview %+v %v", prev, err)
	}
	out, err := s.Execute(ctx, ExecuteParams{Plan: plan, Confirm: true})
	r, ok := out.(*executor.Result)
	if err != nil || !ok || len(r.UndoTokens) != 6 {
		t.Fatalf("execute %+v %v", out, err)
	}
	f, err := db.GetForm(ctx, 1, r.FormsTouched[0])
	if err != nil || f.Status != domain.StatusPublished || f.Document.Fields[0]["type"] != "checkbox" || f.Document.Fields[1]["format"] != "mobile_ir" {
		t.Fatalf("form %+v %v", f, err)
	}
	// Duplicate, then delete the original, in a second plan; undo both.
	second := json.RawMessage(fmt.Sprintf(`{"version":2,"steps":[{"action":"duplicate_form","params":{"id":%d}},{"action":"delete_form","params":{"id":%d}}]}`, f.ID, f.ID))
	out, err = s.Execute(ctx, ExecuteParams{Plan: second, Confirm: true})
	r2, ok := out.(*executor.Result)
	if err != nil || !ok || len(r2.UndoTokens) != 2 {
		t.Fatalf("second %+v %v", out, err)
	}
	if _, err := s.Undo(ctx, UndoParams{Tokens: r2.UndoTokens}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.GetForm(ctx, 1, f.ID); err != nil {
		t.Fatalf("original not restored: %v", err)
	}
	if _, err := db.GetForm(ctx, 1, r2.Results[0].FormID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("copy not removed: %v", err)
	}
	// v2 actions in a version 1 plan, and a v2 plan the store refutes.
	for _, bad := range []string{
		`{"version":1,"steps":[{"action":"disable_form","params":{"id":1}}]}`,
		`{"version":2,"steps":[{"action":"delete_form","params":{"id":999}}]}`,
		`{"version":2,"steps":[{"action":"update_field","params":{"index":0,"question":"x"}}]}`,
		`{"version":3,"steps":[{"action":"create_form","params":{}}]}`,
	} {
		if _, err := s.Execute(ctx, ExecuteParams{Plan: json.RawMessage(bad), Confirm: true}); domain.ErrorCode(err) != domain.CodeInvalidPlan {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

func TestAsContractV1RefusesAV2Plan(t *testing.T) {
	s, _ := newService(t, nil, nil)
	ctx := ctxFor("en_US")
	in := &PlanResult{Plan: &domain.Plan{Version: 2, Steps: []domain.PlanStep{{Action: domain.ActionCreateForm}, {Action: domain.ActionDisableForm}}}, Warnings: []string{}}
	out := s.asContract(ctx, in, "arshline-plan/v1", "en_US")
	if !out.None || out.Plan != nil || !strings.Contains(out.Reason, "arshline-plan/v2") {
		t.Fatalf("%+v", out)
	}
	if in.Plan == nil || in.None {
		t.Fatal("the answer given was changed")
	}
	if same := s.asContract(ctx, in, "arshline-plan/v2", "en_US"); same != in {
		t.Fatal("a v2 plan asked as v2 was rebuilt")
	}
}

// TestLLMPlanDroppedKeysAreWarned: what validation drops from the model's
// plan (a key the contract does not have) is told to the admin in their
// language, the first time and from the cache.
func TestLLMPlanDroppedKeysAreWarned(t *testing.T) {
	reply := `{"result":{"version":1,"steps":[{"action":"create_form","params":{"title":"چکاپ","color":"red"}},{"action":"add_field","params":{"type":"short_text"}}]}}`
	f := llmtest.New(t, llmtest.Reply{Content: reply})
	s, _ := newService(t, model(f, 2*time.Second), nil)
	for _, round := range []string{"first", "cached"} {
		res, err := s.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم چکاپ بساز", Mode: ModeLLM})
		if err != nil || res.Plan == nil {
			t.Fatalf("%s: %+v %v", round, res, err)
		}
		found := false
		for _, w := range res.Warnings {
			if strings.Contains(w, "color") && strings.Contains(w, "حذف شد") {
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: warnings %q do not say in Persian that color was dropped", round, res.Warnings)
		}
	}
	if f.RequestCount() != 1 {
		t.Fatalf("%d model requests, want 1 (the second from the cache)", f.RequestCount())
	}
}

// TestLLMPlanSpeaksTheContractAsked: asked for v2 (the default), the
// model gets v2's prompt and schema and its v2 plan is kept; asked for
// v1, it gets v1's; the two are cached apart.
func TestLLMPlanSpeaksTheContractAsked(t *testing.T) {
	v2Reply := `{"result":{"version":2,"steps":[{"action":"create_form","params":{"title":"ثبت‌نام"}},{"action":"add_field","params":{"type":"multiple_choice","question":"رنگ","options":["قرمز","آبی"]}},{"action":"publish_form","params":{}}]}}`
	f := llmtest.New(t, llmtest.Reply{Content: v2Reply}, llmtest.Reply{Content: validPlanReplyV1})
	s, _ := newService(t, model(f, 2*time.Second), nil)
	res, err := s.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم ثبت‌نام با سوال رنگ بساز و منتشرش کن", Mode: ModeLLM})
	if err != nil || res.Plan == nil || res.Plan.Version != 2 || len(res.Plan.Steps) != 3 || len(res.Plan.Steps[1].Params.Options) != 2 {
		t.Fatalf("v2: %+v %v", res, err)
	}
	res, err = s.Plan(ctxFor("fa_IR"), PlanParams{Text: "فرم ثبت‌نام با سوال رنگ بساز و منتشرش کن", Mode: ModeLLM, Contract: "arshline-plan/v1"})
	if err != nil || res.Plan == nil || res.Plan.Version != 1 {
		t.Fatalf("v1: %+v %v", res, err)
	}
	reqs := f.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model requests, want 2 (one per contract)", len(reqs))
	}
	system := func(r llmtest.Request) string {
		return r.Body["messages"].([]any)[0].(map[string]any)["content"].(string)
	}
	if !strings.Contains(system(reqs[0]), `"version": 2`) || !strings.Contains(system(reqs[1]), `"version": 1`) {
		t.Fatalf("the prompts do not name their contract's version")
	}
}
