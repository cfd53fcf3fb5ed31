package hosha2

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/sqlstore"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

func field(id, typ, label string, extra map[string]any) map[string]any {
	f := map[string]any{"id": id, "type": typ, "label": label, "required": false, "placeholder": nil, "help_text": nil, "options": nil, "scale": nil, "html": nil}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

func answer(fields []map[string]any, diff any) string {
	if diff == nil {
		diff = []any{}
	}
	b, _ := json.Marshal(map[string]any{
		"intent": "generate", "diagnostics": map[string]any{"notes": []string{}, "riskFlags": []string{}},
		"final_form": map[string]any{"version": "arshline_form@v1", "title": "ثبت‌نام", "fields": fields},
		"diff":       diff, "ui_hints": map[string]any{"previewTips": []string{}, "emptyStates": []string{}},
		"token_usage": map[string]any{"prompt": 1, "completion": 1, "total": 2},
	})
	return string(b)
}

var goodFields = []map[string]any{field("f1", "text", "نام", nil), field("f2", "rating", "امتیاز", map[string]any{"scale": map[string]any{"min": 1, "max": 5}})}

type env struct {
	svc   *Service
	db    *sqlstore.DB
	model *llmtest.Server
	form  int64
}

func setup(t *testing.T, lim Limiter, script ...llmtest.Reply) *env {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "h.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	m := llmtest.New(t, script...)
	svc := New(Config{Store: db, Jobs: db, Model: mustModel(t, llm.Config{BaseURL: m.URL(), Model: "m", APIKey: "k", Timeout: 2 * time.Second, MaxRetries: 1}), ModelID: "m", Limiter: lim})
	t.Cleanup(func() { svc.Shutdown(context.Background()) })
	var id int64
	db.Update(context.Background(), func(tx domain.FormTx) error {
		f, _, err := tx.CreateForm(1, 3, domain.FormState{Title: "x", Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{})
		id = f.ID
		return err
	})
	return &env{svc: svc, db: db, model: m, form: id}
}

func ctxReq(id string) context.Context {
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: 3, Caps: []string{domain.CapManageForms}, Locale: "fa_IR"})
	return domain.WithRequestID(ctx, id)
}

func prompt(s string) *string { return &s }

func TestGenerateWaitWritesVersion(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Usage: llmtest.Usage{Prompt: 120, Completion: 40, Total: 160}})
	out, err := e.svc.Generate(ctxReq("aaaa01"), GenerateParams{FormID: e.form, Prompt: prompt("یک فرم ثبت‌نام با نام و امتیاز"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	body := out.(*SuccessBody)
	if !body.Success || body.VersionID == 0 || body.Data.ProgressPercent != 1.0 || len(body.Data.Progress) != 6 || body.DiffSHA != nil || len(body.Data.FinalForm.Fields) != 2 {
		t.Fatalf("body %+v", body)
	}
	v, err := e.db.GetVersion(context.Background(), 1, e.form, body.VersionID)
	if err != nil || v.Source != domain.SourceHosha2 || len(v.PromptHash) != 64 || v.TokensTotal != 160 || v.State.Title != "ثبت‌نام" {
		t.Fatalf("version %+v %v", v, err)
	}
	if strings.Contains(string(mustJSON(v)), "امتیاز\u0020با") {
		t.Fatal("the prompt is stored in clear")
	}
	j, err := e.db.GetJob(context.Background(), 1, "aaaa01")
	if err != nil || j.Status != domain.JobSucceeded || j.ResultVersionID == nil {
		t.Fatalf("job row %+v %v", j, err)
	}
	req := e.model.Requests()[0].Body
	msgs := req["messages"].([]any)
	var envl map[string]any
	json.Unmarshal([]byte(msgs[1].(map[string]any)["content"].(string)), &envl)
	meta := envl["meta"].(map[string]any)
	if meta["intent"] != "generate" || meta["locale"] != "fa_IR" || envl["capabilities"] == nil || req["temperature"] != float64(0) {
		t.Fatalf("envelope %v", envl)
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

func TestValidationOfParams(t *testing.T) {
	e := setup(t, nil)
	for _, c := range []struct {
		p      GenerateParams
		reason string
	}{
		{GenerateParams{FormID: 0, Prompt: prompt("x")}, "invalid_form_id"},
		{GenerateParams{FormID: e.form}, "missing_prompt"},
		{GenerateParams{FormID: e.form, Prompt: prompt("   ")}, "empty_prompt"},
		{GenerateParams{FormID: e.form, Prompt: prompt("x"), Options: json.RawMessage(`"fa"`)}, "invalid_options_type"},
	} {
		_, err := e.svc.Generate(ctxReq("bbbb01"), c.p)
		if de := domain.AsError(err); de.Code != domain.CodeInvalidParams || de.Data["reason"] != c.reason {
			t.Errorf("%+v: %v %v", c.p, err, de.Data)
		}
	}
	if _, err := e.svc.Generate(ctxReq("bbbb02"), GenerateParams{FormID: 999, Prompt: prompt("x")}); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("missing form: %v", err)
	}
	if _, err := e.svc.Generate(ctxReq("bbbb03"), GenerateParams{FormID: e.form, Prompt: prompt(strings.Repeat("ف", 9000))}); domain.ErrorCode(err) != domain.CodeModelLimit {
		t.Fatalf("long prompt: %v", err)
	}
	if e.model.RequestCount() != 0 {
		t.Fatal("invalid requests reached the model")
	}
}

func TestAsyncProgressIsMonotonicAndEndsAtOne(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Delay: 100 * time.Millisecond})
	var mu sync.Mutex
	var seen []float64
	e.svc.afterPhase = func(_, _ string) {}
	out, err := e.svc.Generate(ctxReq("cccc01"), GenerateParams{FormID: e.form, Prompt: prompt("فرم")})
	if err != nil || out.(*StartResult).Status != "running" {
		t.Fatalf("%+v %v", out, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		p, err := e.svc.Progress(ctxReq("x"), JobParams{RequestID: "cccc01"})
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		seen = append(seen, p.ProgressPercent)
		mu.Unlock()
		if p.Status == domain.JobSucceeded {
			if p.ProgressPercent != 1.0 || len(p.Progress) != 6 || p.Progress[0] != "analyze_input" || p.Progress[5] != "render_preview" {
				t.Fatalf("final progress %+v", p)
			}
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] < seen[i-1] {
			t.Fatalf("progress went back: %v", seen)
		}
	}
	if seen[len(seen)-1] != 1.0 {
		t.Fatalf("did not finish: %v", seen[len(seen)-1])
	}
}

func TestModelErrorsAreExplicitAndWriteNothing(t *testing.T) {
	cases := []struct {
		name   string
		script []llmtest.Reply
		want   domain.Code
	}{
		{"500", []llmtest.Reply{{Status: 500}, {Status: 500}}, domain.CodeOpenAIUnavailable},
		{"429", []llmtest.Reply{{Status: 429, RetryAfter: "0"}, {Status: 429, RetryAfter: "2"}}, domain.CodeRateLimit},
		{"401", []llmtest.Reply{{Status: 401}}, domain.CodeOpenAIUnavailable},
		{"context length", []llmtest.Reply{llmtest.ContextLengthExceeded()}, domain.CodeModelLimit},
		{"timeout", []llmtest.Reply{{Delay: 5 * time.Second}, {Delay: 5 * time.Second}}, domain.CodeTimeout},
		{"malformed", []llmtest.Reply{{RawBody: `{"choices":[`}}, domain.CodeSchemaInvalid},
		{"not the envelope", []llmtest.Reply{{Content: `{"form": 1}`}}, domain.CodeSchemaInvalid},
		{"truncated", []llmtest.Reply{{Content: `{"intent":`, FinishReason: "length"}}, domain.CodeSchemaInvalid},
		{"unknown field type", []llmtest.Reply{{Content: answer([]map[string]any{field("f1", "blink", "x", nil)}, nil)}}, domain.CodeSchemaInvalid},
		{"script", []llmtest.Reply{{Content: answer([]map[string]any{field("f1", "html", "x", map[string]any{"html": "<script>alert(1)</script>"})}, nil)}}, domain.CodeUnsafeOutput},
		{"onclick key", []llmtest.Reply{{Content: answer([]map[string]any{field("f1", "text", "hi", map[string]any{"onclick": "x()"})}, nil)}}, domain.CodeSchemaInvalid},
		{"javascript url", []llmtest.Reply{{Content: answer([]map[string]any{field("f1", "html", "x", map[string]any{"html": `<a href="javascript:alert(1)">x</a>`})}, nil)}}, domain.CodeUnsafeOutput},
		{"title too long", []llmtest.Reply{{Content: strings.Replace(answer(goodFields, nil), `"ثبت‌نام"`, `"`+strings.Repeat("ع", 161)+`"`, 1)}}, domain.CodeSchemaInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := setup(t, nil, c.script...)
			_, err := e.svc.Generate(ctxReq("dddd01"), GenerateParams{FormID: e.form, Prompt: prompt("فرم"), Wait: true})
			de := domain.AsError(err)
			if de.Code != c.want {
				t.Fatalf("got %v, want %s", err, c.want)
			}
			if c.want == domain.CodeRateLimit && de.Data["retry_after_sec"] != 2 {
				t.Fatalf("retry_after_sec %v", de.Data["retry_after_sec"])
			}
			vs, _ := e.db.ListVersions(context.Background(), 1, e.form, 10, 0)
			if len(vs) != 1 {
				t.Fatalf("a failed request wrote %d versions", len(vs)-1)
			}
			j, _ := e.db.GetJob(context.Background(), 1, "dddd01")
			if j.Status != domain.JobFailed || j.ErrorCode != string(c.want) || j.FinishedAt == nil {
				t.Fatalf("job %+v", j)
			}
		})
	}
}

func TestRawHTMLStrippedAndDiffs(t *testing.T) {
	htmlField := field("f1", "html", "توضیح", map[string]any{"html": "<p>سلام <b>دنیا</b></p>"})
	goodDiff := []any{map[string]any{"op": "add", "path": "/fields/0", "from": nil, "value": htmlField}}
	badDiff := []any{map[string]any{"op": "remove", "path": "/fields/9", "from": nil, "value": nil}}
	e := setup(t, nil, llmtest.Reply{Content: answer([]map[string]any{htmlField}, goodDiff)}, llmtest.Reply{Content: answer([]map[string]any{htmlField}, badDiff)})
	out, err := e.svc.Generate(ctxReq("eeee01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	body := out.(*SuccessBody)
	if body.Data.FinalForm.Fields[0]["html"] != "<p>سلام <b>دنیا</b></p>" {
		t.Fatalf("allow-listed html not kept: %v", body.Data.FinalForm.Fields[0]["html"])
	}
	if body.DiffSHA == nil || len(*body.DiffSHA) != 40 || string(body.Data.Diff) == "[]" {
		t.Fatalf("applicable diff not kept: %v %s", body.DiffSHA, body.Data.Diff)
	}
	out, err = e.svc.Edit(ctxReq("eeee02"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	body = out.(*SuccessBody)
	if body.DiffSHA != nil || string(body.Data.Diff) != "[]" || len(body.Data.FinalForm.Fields) != 1 {
		t.Fatalf("bad diff should fall back to the full form: %v %s", body.DiffSHA, body.Data.Diff)
	}
}

func TestSecondaryValidationMismatch(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil)}, llmtest.Reply{Content: `{"valid": false, "issues": ["rating scale is missing"]}`})
	_, err := e.svc.Generate(ctxReq("ffff01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Options: json.RawMessage(`{"secondary_validation": true}`), Wait: true})
	if domain.ErrorCode(err) != domain.CodeSchemaInvalid || e.model.RequestCount() != 2 {
		t.Fatalf("%v after %d requests", err, e.model.RequestCount())
	}
	second := e.model.Requests()[1].Body["messages"].([]any)[1].(map[string]any)["content"].(string)
	if !strings.Contains(second, `"intent":"validate"`) {
		t.Fatalf("secondary request: %s", second)
	}
}

func TestCancelAbortsTheModelRequest(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Delay: 30 * time.Second})
	if _, err := e.svc.Generate(ctxReq("abab01"), GenerateParams{FormID: e.form, Prompt: prompt("x")}); err != nil {
		t.Fatal(err)
	}
	for e.model.RequestCount() == 0 {
		time.Sleep(2 * time.Millisecond)
	}
	start := time.Now()
	res, err := e.svc.Cancel(ctxReq("x"), JobParams{RequestID: "abab01"})
	took := time.Since(start)
	if err != nil || !res.Cancelled {
		t.Fatalf("cancel: %+v %v", res, err)
	}
	p, _ := e.svc.Progress(ctxReq("x"), JobParams{RequestID: "abab01"})
	if p.Status != domain.JobCancelled || p.Error["code"] != "CANCELLED" || len(p.Progress) != 2 {
		t.Fatalf("progress after cancel %+v", p)
	}
	deadline := time.Now().Add(5 * time.Second)
	for e.model.Aborted() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if e.model.Aborted() != 1 {
		t.Fatal("the model server did not see the request aborted")
	}
	vs, _ := e.db.ListVersions(context.Background(), 1, e.form, 10, 0)
	if len(vs) != 1 {
		t.Fatal("a cancelled request wrote a version")
	}
	t.Logf("cancel latency: %v", took)
	if again, err := e.svc.Cancel(ctxReq("x"), JobParams{RequestID: "abab01"}); err != nil || again.Cancelled {
		t.Fatal("a finished job was cancelled twice")
	}
	if _, err := e.svc.Cancel(ctxReq("x"), JobParams{RequestID: "nope01"}); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("unknown job: %v", err)
	}
}

// TestJobParamsNameTheJob: request_id in params names the job; without
// it, the call's own request id does (the envelope's req_id); with
// neither, the call is refused.
func TestJobParamsNameTheJob(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil)})
	if _, err := e.svc.Generate(ctxReq("feed01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true}); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		ctx context.Context
		p   JobParams
	}{
		"request_id":            {ctxReq("other1"), JobParams{RequestID: "feed01"}},
		"the call's request id": {ctxReq("feed01"), JobParams{}},
	} {
		p, err := e.svc.Progress(tc.ctx, tc.p)
		if err != nil || p.Status != domain.JobSucceeded {
			t.Errorf("progress by %s: %+v %v", name, p, err)
		}
		c, err := e.svc.Cancel(tc.ctx, tc.p)
		if err != nil || c.Cancelled {
			t.Errorf("cancel by %s: %+v %v", name, c, err)
		}
	}
	if _, err := e.svc.Progress(ctxReq("other1"), JobParams{}); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("progress of the call's own id, no such job: %v", err)
	}
	if _, err := e.svc.Progress(ctxReq(""), JobParams{}); domain.ErrorCode(err) != domain.CodeInvalidParams {
		t.Errorf("progress of no job: %v", err)
	}
	if _, err := e.svc.Cancel(ctxReq(""), JobParams{}); domain.ErrorCode(err) != domain.CodeInvalidParams {
		t.Errorf("cancel of no job: %v", err)
	}
}

func TestCheckpointCancel(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil)})
	e.svc.afterPhase = func(reqID, phase string) {
		if phase == "analyze_input" {
			go e.svc.Cancel(ctxReq("x"), JobParams{RequestID: reqID})
			time.Sleep(50 * time.Millisecond)
		}
	}
	_, err := e.svc.Generate(ctxReq("cdcd01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true})
	de := domain.AsError(err)
	if de.Code != domain.CodeCancelled || e.model.RequestCount() != 0 {
		t.Fatalf("%v (checkpoint %v), %d model requests", err, de.Data["checkpoint"], e.model.RequestCount())
	}
}

type fakeClock struct{ allowed int }

func (f *fakeClock) Allow(int64) (bool, time.Duration) {
	if f.allowed > 0 {
		f.allowed--
		return true, 0
	}
	return false, 1200 * time.Millisecond
}

func TestRateLimitBeforeAnyWork(t *testing.T) {
	e := setup(t, &fakeClock{allowed: 0})
	_, err := e.svc.Generate(ctxReq("rrrr01"), GenerateParams{FormID: e.form, Prompt: prompt("x")})
	de := domain.AsError(err)
	if de.Code != domain.CodeRateLimit || de.Data["retry_after_sec"] != 2 || e.model.RequestCount() != 0 {
		t.Fatalf("%v %v", err, de.Data)
	}
	if _, err := e.db.GetJob(context.Background(), 1, "rrrr01"); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatal("a rate-limited request left a job")
	}
}

func TestRestartMarksRunningJobsFailed(t *testing.T) {
	dir := t.TempDir()
	db, _ := sqlstore.Open(context.Background(), filepath.Join(dir, "r.db"), sqlstore.Options{})
	db.Update(context.Background(), func(tx domain.FormTx) error {
		return tx.PutJob(1, &domain.Job{ReqID: "run001", Actor: 3, FormID: 1, Intent: "generate", Status: domain.JobRunning, Phases: []string{"analyze_input"}, Progress: 0.1})
	})
	db.Close()
	db2, _ := sqlstore.Open(context.Background(), filepath.Join(dir, "r.db"), sqlstore.Options{})
	defer db2.Close()
	n, err := db2.FailRunningJobs(context.Background())
	svc := New(Config{Store: db2, Jobs: db2})
	p, perr := svc.Progress(ctxReq("x"), JobParams{RequestID: "run001"})
	if err != nil || n != 1 || perr != nil || p.Status != domain.JobFailed || p.Error == nil {
		t.Fatalf("%d %v %+v %v", n, err, p, perr)
	}
}

func BenchmarkGenerateWait(b *testing.B) {
	db, _ := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), sqlstore.Options{})
	defer db.Close()
	m := llmtest.New(b)
	content := answer(goodFields, nil)
	m.Then(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: content} })
	svc := New(Config{Store: db, Jobs: db, Model: mustModel(b, llm.Config{BaseURL: m.URL(), Model: "m", APIKey: "k"})})
	var id int64
	db.Update(context.Background(), func(tx domain.FormTx) error {
		f, _, err := tx.CreateForm(1, 3, domain.FormState{Title: "x"}, domain.VersionMeta{})
		id = f.ID
		return err
	})
	var ds []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := svc.Generate(ctxReq(fmt.Sprintf("b%07x", i)), GenerateParams{FormID: id, Prompt: prompt("x"), Wait: true}); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	if len(ds) > 0 {
		sortDur(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds()), "p50-µs")
	}
}

func sortDur(ds []time.Duration) {
	for i := 1; i < len(ds); i++ {
		for k := i; k > 0 && ds[k] < ds[k-1]; k-- {
			ds[k], ds[k-1] = ds[k-1], ds[k]
		}
	}
}

func TestEventLogHasTheSpecEvents(t *testing.T) {
	dir := t.TempDir()
	events, err := logx.Open(logx.Config{Dir: dir, Level: slog.LevelInfo})
	if err != nil {
		t.Fatal(err)
	}
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, []any{map[string]any{"op": "add", "path": "/fields/0", "from": nil, "value": goodFields[0]}})})
	e.svc.cfg.Events = events
	if _, err := e.svc.Generate(ctxReq("e7e7e7"), GenerateParams{FormID: e.form, Prompt: prompt("فرم با ایمیل ali@example.com"), Wait: true}); err != nil {
		t.Fatal(err)
	}
	events.Close()
	data, _ := os.ReadFile(filepath.Join(dir, logx.FileName))
	log := string(data)
	for _, evt := range []string{"openai_request_start", "openai_request_end", "diff_validate_start", "diff_validate_end", "progress_update", "version_saved", "summary"} {
		if !strings.Contains(log, `"evt":"`+evt+`"`) {
			t.Errorf("no %s event", evt)
		}
	}
	if strings.Contains(log, "ali@example.com") || strings.Contains(log, "فرم با ایمیل") {
		t.Fatal("the prompt reached the log")
	}
	if !strings.Contains(log, `"diff_sha":"`) {
		t.Fatal("summary without diff_sha")
	}
}

func mustModel(tb testing.TB, cfg llm.Config) *llm.Client {
	tb.Helper()
	c, err := llm.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// TestDiffKeptOnlyWhenItYieldsTheSavedForm: a diff that applies but does
// not turn the current form into final_form is not the version's diff;
// the version is a full replace.
func TestDiffKeptOnlyWhenItYieldsTheSavedForm(t *testing.T) {
	addBoth := []any{
		map[string]any{"op": "add", "path": "/fields/0", "from": nil, "value": goodFields[0]},
		map[string]any{"op": "add", "path": "/fields/1", "from": nil, "value": goodFields[1]}}
	renameFirst := []any{map[string]any{"op": "replace", "path": "/fields/0/label", "from": nil, "value": "نام خانوادگی"}}
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, addBoth)}, llmtest.Reply{Content: answer(goodFields, renameFirst)})
	out, err := e.svc.Generate(ctxReq("d1ff01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	body := out.(*SuccessBody)
	v, _ := e.db.GetVersion(context.Background(), 1, e.form, body.VersionID)
	if body.DiffSHA == nil || !v.DiffApplied || v.DiffSHA == nil {
		t.Fatalf("a diff that yields final_form was not kept: %v %+v", body.DiffSHA, v)
	}
	// The rename applies to the saved form, but the result is not what
	// the model says it saved.
	out, err = e.svc.Edit(ctxReq("d1ff02"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	body = out.(*SuccessBody)
	v, _ = e.db.GetVersion(context.Background(), 1, e.form, body.VersionID)
	if body.DiffSHA != nil || v.DiffApplied || v.DiffSHA != nil || string(body.Data.Diff) != "[]" {
		t.Fatalf("a diff that disagrees with final_form was recorded: sha %v, applied %v, diff %s", body.DiffSHA, v.DiffApplied, body.Data.Diff)
	}
	if v.State.Document.Fields[0]["label"] != "نام" {
		t.Fatalf("the saved form is not final_form: %v", v.State.Document.Fields[0])
	}
}

// TestSecondaryValidationIsLoggedAndCounted: the second model call has
// its own openai_request_start/end lines and its tokens count in the
// version and the summary.
func TestSecondaryValidationIsLoggedAndCounted(t *testing.T) {
	dir := t.TempDir()
	events, err := logx.Open(logx.Config{Dir: dir, Level: slog.LevelInfo})
	if err != nil {
		t.Fatal(err)
	}
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Usage: llmtest.Usage{Prompt: 100, Completion: 20, Total: 120}},
		llmtest.Reply{Content: `{"valid": true, "issues": []}`, Usage: llmtest.Usage{Prompt: 30, Completion: 5, Total: 35}})
	e.svc.cfg.Events = events
	out, err := e.svc.Generate(ctxReq("5ec001"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Options: json.RawMessage(`{"secondary_validation": true}`), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	events.Close()
	body := out.(*SuccessBody)
	v, _ := e.db.GetVersion(context.Background(), 1, e.form, body.VersionID)
	if v.TokensPrompt != 130 || v.TokensComplete != 25 || v.TokensTotal != 155 || body.Data.TokenUsage.Total != 155 {
		t.Fatalf("tokens: version %d/%d/%d, body %+v; want both calls counted (130/25/155)", v.TokensPrompt, v.TokensComplete, v.TokensTotal, body.Data.TokenUsage)
	}
	data, _ := os.ReadFile(filepath.Join(dir, logx.FileName))
	var starts, ends int
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, `"phase":"secondary_validation"`) {
			if strings.Contains(line, `"evt":"openai_request_start"`) {
				starts++
			}
			if strings.Contains(line, `"evt":"openai_request_end"`) && strings.Contains(line, `"tokens_in":30`) && strings.Contains(line, `"latency_ms":`) {
				ends++
			}
		}
	}
	if starts != 1 || ends != 1 {
		t.Fatalf("secondary validation logged %d starts and %d ends with its tokens, want 1 and 1", starts, ends)
	}
}

// TestOneDeadlineForTheModelWork: the first call and the secondary
// validation share one --openai-timeout; each fits alone, both do not.
func TestOneDeadlineForTheModelWork(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Delay: 700 * time.Millisecond},
		llmtest.Reply{Content: `{"valid": true, "issues": []}`, Delay: 700 * time.Millisecond})
	e.svc.cfg.ModelTimeout = time.Second
	_, err := e.svc.Generate(ctxReq("dead01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Options: json.RawMessage(`{"secondary_validation": true}`), Wait: true})
	if code := domain.ErrorCode(err); code != domain.CodeTimeout {
		t.Fatalf("two 700 ms calls under one 1 s deadline: %v, want TIMEOUT", err)
	}
}

// TestFinishedJobsLeaveMemory: a finished job is answered from its row,
// so finished jobs hold nothing in the daemon.
func TestFinishedJobsLeaveMemory(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil)})
	if _, err := e.svc.Generate(ctxReq("f0f0f0"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		e.svc.mu.Lock()
		n := len(e.svc.jobs)
		e.svc.mu.Unlock()
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d finished jobs still in memory", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	p, err := e.svc.Progress(ctxReq("x"), JobParams{RequestID: "f0f0f0"})
	if err != nil || p.Status != domain.JobSucceeded || p.Result == nil || p.ProgressPercent != 1 {
		t.Fatalf("progress of a finished job from its row: %+v %v", p, err)
	}
	// Its id stays taken.
	if _, err := e.svc.Generate(ctxReq("f0f0f0"), GenerateParams{FormID: e.form, Prompt: prompt("x")}); domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("a finished job's req_id reused: %v", err)
	}
}

// TestRunningJobsAreCapped: past MaxRunningJobs, whoever asks, a new job
// is RATE_LIMIT with a wait; once one ends, there is room again.
func TestRunningJobsAreCapped(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Delay: 30 * time.Second})
	e.svc.cfg.MaxRunningJobs = 2
	for _, id := range []string{"ca0001", "ca0002"} {
		if _, err := e.svc.Generate(ctxReq(id), GenerateParams{FormID: e.form, Prompt: prompt("x")}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := e.svc.Generate(ctxReq("ca0003"), GenerateParams{FormID: e.form, Prompt: prompt("x")})
	de := domain.AsError(err)
	if de.Code != domain.CodeRateLimit || de.Data["retry_after_sec"] == nil {
		t.Fatalf("a third job past the cap of 2: %v %v", err, de.Data)
	}
	if _, err := e.svc.Cancel(ctxReq("x"), JobParams{RequestID: "ca0001"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := e.svc.Generate(ctxReq("ca0004"), GenerateParams{FormID: e.form, Prompt: prompt("x")})
		if err == nil {
			break
		}
		if domain.ErrorCode(err) != domain.CodeRateLimit || time.Now().After(deadline) {
			t.Fatalf("after a cancel: %v", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	e.svc.Cancel(ctxReq("x"), JobParams{RequestID: "ca0002"})
	e.svc.Cancel(ctxReq("x"), JobParams{RequestID: "ca0004"})
}

// TestCancelFromAnotherHost: two hosts share one MariaDB store; a job
// started on host A is cancelled by a call to host B, which leaves the
// cancel in the store: A's job stops (the model request aborted, no
// version written) and B answers cancelled once A has recorded it.
func TestCancelFromAnotherHost(t *testing.T) {
	addr := mariadbtest.NewDatabase(t)
	open := func(host string) *sqlstore.DB {
		db, err := sqlstore.Open(context.Background(), addr, sqlstore.Options{Host: host})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbA, dbB := open("web1"), open("web2")
	m := llmtest.New(t, llmtest.Reply{Content: answer(goodFields, nil), Delay: 30 * time.Second})
	model := mustModel(t, llm.Config{BaseURL: m.URL(), Model: "m", APIKey: "k", Timeout: 40 * time.Second, MaxRetries: 1})
	a := New(Config{Store: dbA, Jobs: dbA, Model: model, ModelID: "m", Cancels: dbA, CancelPoll: 50 * time.Millisecond, PersistPhases: true})
	b := New(Config{Store: dbB, Jobs: dbB, Model: model, ModelID: "m", Cancels: dbB, CancelPoll: 50 * time.Millisecond, PersistPhases: true})
	t.Cleanup(func() { a.Shutdown(context.Background()); b.Shutdown(context.Background()) })
	var form int64
	if err := dbA.Update(context.Background(), func(tx domain.FormTx) error {
		f, _, err := tx.CreateForm(1, 3, domain.FormState{Title: "x", Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{})
		form = f.ID
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Generate(ctxReq("cdcd01"), GenerateParams{FormID: form, Prompt: prompt("x")}); err != nil {
		t.Fatal(err)
	}
	for m.RequestCount() == 0 {
		time.Sleep(2 * time.Millisecond)
	}
	t.Run("host B sees the job running, with the phases host A has done", func(t *testing.T) {
		pa, _ := a.Progress(ctxReq("x"), JobParams{RequestID: "cdcd01"})
		p, err := b.Progress(ctxReq("x"), JobParams{RequestID: "cdcd01"})
		if err != nil || p.Status != domain.JobRunning || len(p.Progress) == 0 || len(p.Progress) != len(pa.Progress) {
			t.Fatalf("on B %+v %v; on A %+v", p, err, pa)
		}
	})
	t.Run("host B's cancel stops host A's job", func(t *testing.T) {
		res, err := b.Cancel(ctxReq("x"), JobParams{RequestID: "cdcd01"})
		if err != nil || !res.Cancelled {
			t.Fatalf("cancel: %+v %v", res, err)
		}
		p, _ := a.Progress(ctxReq("x"), JobParams{RequestID: "cdcd01"})
		if p.Status != domain.JobCancelled {
			t.Fatalf("on host A: %+v", p)
		}
		deadline := time.Now().Add(5 * time.Second)
		for m.Aborted() == 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if m.Aborted() != 1 {
			t.Fatal("the model request was not aborted")
		}
		if vs, _ := dbB.ListVersions(context.Background(), 1, form, 10, 0); len(vs) != 1 {
			t.Fatal("a cancelled request wrote a version")
		}
	})
	t.Run("a finished job is not cancelled again", func(t *testing.T) {
		if res, err := b.Cancel(ctxReq("x"), JobParams{RequestID: "cdcd01"}); err != nil || res.Cancelled {
			t.Fatalf("%+v %v", res, err)
		}
	})
}
