package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/arshlineplan"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/persian"
)

// MaxRepairs is how many times a model is asked again with the
// violations of its previous answer before the call fails closed.
const MaxRepairs = 2

// systemPrompt is the v1 prompt, built once: the model sees exactly the
// rules the validator will apply.
var systemPrompt = strings.Join([]string{
	"You translate a Persian (or English) command of a WordPress form-builder admin into a strict plan JSON for Arshline.",
	"Answer with one JSON object matching the schema: {\"result\": PLAN} or {\"result\": {\"none\": true, \"reason\": \"...\"}}.",
	"PLAN is {\"version\": 1, \"steps\": [{\"action\": ..., \"params\": {...}}]} with at most 12 steps.",
	"Allowed actions and params (no others; unused params are null):",
	"- create_form {title}: a missing title means \"فرم جدید\".",
	"- add_field {id?, type, question?, required?, index?}: type is short_text|long_text|multiple_choice|dropdown|rating; omit id (null) right after create_form in the same plan to target the new form; index is 0-based.",
	"- update_form_title {id, title}",
	"- open_builder {id}, open_editor {id, index (0-based)}, open_results {id}",
	"- publish_form {id}, draft_form {id}",
	"Never guess ids: use a numeric id only when the user wrote it. Keep titles and questions in the user's own words and digits.",
	"Deleting, bulk changes, or anything else outside these actions: return none with a short reason. A negated command (e.g. «منتشر نکن») produces no step for that action.",
	"Examples:",
	`«یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار» → {"result":{"version":1,"steps":[{"action":"create_form","params":{"title":"چکاپ سه"}},{"action":"add_field","params":{"type":"short_text"}},{"action":"add_field","params":{"type":"short_text"}}]}}`,
	`«عنوان فرم 3 را به فرم مشتریان تغییر بده» → {"result":{"version":1,"steps":[{"action":"update_form_title","params":{"id":3,"title":"فرم مشتریان"}}]}}`,
	`«فرم ۵ را حذف کن» → {"result":{"none":true,"reason":"deleting forms is not allowed"}}`,
}, "\n")

// systemPromptV2 is the prompt of arshline-plan/v2 (docs/contracts/
// arshline-plan-v2.md): v1's actions and the edits, deletions, moves and
// form actions v2 adds, with its semantics.
var systemPromptV2 = strings.Join([]string{
	"You translate a Persian (or English) command of a WordPress form-builder admin into a strict plan JSON for Arshline.",
	"Answer with one JSON object matching the schema: {\"result\": PLAN} or {\"result\": {\"none\": true, \"reason\": \"...\"}}.",
	"PLAN is {\"version\": 2, \"steps\": [{\"action\": ..., \"params\": {...}}]} with at most 12 steps; a command that needs more is none, never cut short.",
	"Allowed actions and params (no others; unused params are null):",
	"- create_form {title}: a missing title means \"فرم جدید\". A new form is a draft.",
	"- add_field {id?, type, question?, required?, index?, options?, format?}: type is short_text|long_text|multiple_choice|checkboxes|dropdown|rating|number|email|date|file; options (2..50 strings) for multiple_choice, checkboxes and dropdown; format (short_text only) is mobile_ir|phone_ir|national_code|postal_code_ir|url. Infer a type or format from an unambiguous label: «شماره موبایل» → short_text + mobile_ir, «کد ملی» → national_code, «کد پستی» → postal_code_ir, «ایمیل» → email, «تاریخ تولد» → date.",
	"- update_field {id?, index, question?, type?, required?, options?, format?}: at least one change; options replace the whole list.",
	"- delete_field {id?, index}, move_field {id?, index, to}: to is the question's final 0-based position.",
	"- update_form_title {id, title}, publish_form {id?}, draft_form {id?}, disable_form {id?} (keeps its link, refuses answers), delete_form {id} (undoable), duplicate_form {id, title?}",
	"- open_builder {id}, open_editor {id, index (0-based)}, open_results {id}",
	"An id-less step acts on the form most recently created by create_form earlier in the same plan. Indexes refer to the form as the earlier steps left it.",
	"Never guess ids: use a numeric id only when the user wrote it. Keep titles, questions and options in the user's own words and digits.",
	"Details the plan cannot carry (a rating's scale, number bounds, file limits) are left out. Anything outside these actions, and negated commands (e.g. «منتشر نکن»), give no step for that action; questions about an action are not orders: return none.",
	"Examples:",
	`«یک فرم ثبت‌نام بساز با سوال شماره موبایل و منتشرش کن» → {"result":{"version":2,"steps":[{"action":"create_form","params":{"title":"ثبت‌نام"}},{"action":"add_field","params":{"type":"short_text","question":"شماره موبایل","format":"mobile_ir"}},{"action":"publish_form","params":{}}]}}`,
	`«سوال دوم فرم ۳ را حذف کن» → {"result":{"version":2,"steps":[{"action":"delete_field","params":{"id":3,"index":1}}]}}`,
	`«به فرم ۲ یک سوال چندگزینه‌ای با گزینه‌های قرمز، آبی و سبز اضافه کن» → {"result":{"version":2,"steps":[{"action":"add_field","params":{"id":2,"type":"multiple_choice","options":["قرمز","آبی","سبز"]}}]}}`,
}, "\n")

// llmContract is what the model is asked for and checked against, per
// contract.
type llmContract struct {
	prompt   string
	schema   func() json.RawMessage
	validate func(context.Context, any, contract.Options) (contract.Report, *domain.Plan)
}

var llmContracts = map[string]llmContract{
	arshlineplan.Name:   {systemPrompt, arshlineplan.LLMResponseSchema, arshlineplan.Validate},
	arshlineplan.NameV2: {systemPromptV2, arshlineplan.LLMResponseSchemaV2, arshlineplan.ValidateV2},
}

func (s *Service) cacheKey(contractName, text string) string {
	h := sha256.Sum256([]byte(contractName + "\x00" + s.ModelID + "\x00" + persian.Normalize(text)))
	return hex.EncodeToString(h[:])
}

func (s *Service) cached(key string) (*PlanResult, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.cache[key]
	if !ok || s.now().After(e.expires) {
		delete(s.cache, key)
		return nil, false
	}
	r := e.result
	return &r, true
}

func (s *Service) store(key string, r *PlanResult) {
	if s.CacheTTL <= 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cache == nil {
		s.cache = map[string]cacheEntry{}
	}
	if len(s.cache) > 10000 { // bound memory; entries are cheap to recompute
		now := s.now()
		for k, e := range s.cache {
			if now.After(e.expires) {
				delete(s.cache, k)
			}
		}
		if len(s.cache) > 10000 {
			s.cache = map[string]cacheEntry{}
		}
	}
	s.cache[key] = cacheEntry{result: *r, expires: s.now().Add(s.CacheTTL)}
}

// llmAnswer is the wrapper object the strict schema asks for.
type llmAnswer struct {
	Result json.RawMessage `json:"result"`
}

func (s *Service) planLLM(ctx context.Context, text, locale, contractName string) (*PlanResult, error) {
	want, ok := llmContracts[contractName]
	if !ok {
		want, contractName = llmContracts[arshlineplan.NameV2], arshlineplan.NameV2
	}
	key := s.cacheKey(contractName, text)
	if r, ok := s.cached(key); ok {
		// The plan is the model's, but the preview names forms as they are now.
		if r.Plan != nil {
			return s.finish(ctx, &PlanResult{Warnings: append([]string{}, r.Warnings...), Source: ModeLLM}, r.Plan, locale), nil
		}
		return r, nil
	}
	actor := domain.ActorFrom(ctx)
	if s.Limiter != nil {
		if ok, wait := s.Limiter.Allow(actor.UserID); !ok {
			s.Events.Event(ctx, slog.LevelWarn, "ai_plan", "rate_limit_exceeded",
				slog.String("req_id", domain.RequestIDFrom(ctx)), slog.Int64("user", actor.UserID), slog.String("error_code", string(domain.CodeRateLimit)))
			return nil, limit.Exceeded(wait)
		}
	}
	user := "Command: " + text
	var lastReport contract.Report
	for attempt := 0; attempt <= MaxRepairs; attempt++ {
		resp, err := s.Model.Complete(ctx, ModelRequest{
			System: want.prompt, User: user, SchemaName: "arshline_plan_result",
			Schema: want.schema(), MaxTokens: 2000, Purpose: "plan",
		})
		if err != nil {
			s.logLLM(ctx, attempt, nil, err)
			return nil, domain.AsError(err)
		}
		s.logLLM(ctx, attempt, resp, nil)
		if resp.Refusal != "" {
			return nil, domain.Errorf(domain.CodeSchemaInvalid, "the model refused: %s", resp.Refusal)
		}
		if resp.FinishReason == "length" {
			return nil, domain.Errorf(domain.CodeSchemaInvalid, "the model's answer was cut off; try a shorter command")
		}
		var ans llmAnswer
		if err := json.Unmarshal([]byte(resp.Content), &ans); err != nil || len(ans.Result) == 0 {
			user = repairPrompt(text, resp.Content, "the answer is not a JSON object with a \"result\" key")
			continue
		}
		var none struct {
			None   bool   `json:"none"`
			Reason string `json:"reason"`
		}
		if json.Unmarshal(ans.Result, &none) == nil && none.None {
			r := &PlanResult{None: true, Reason: none.Reason, Warnings: []string{}}
			s.store(key, r)
			return r, nil
		}
		doc, err := contract.Decode(stripNulls(ans.Result))
		if err != nil {
			user = repairPrompt(text, resp.Content, err.Error())
			continue
		}
		report, norm := want.validate(ctx, doc, contract.Options{Locale: "en_US", MaxSteps: s.MaxSteps})
		if report.Valid && norm != nil {
			// What validation dropped or cut (an unknown key, an
			// over-long title) is said to the admin, in their language.
			warnings := planWarnings(ctx, want, doc, locale, s.MaxSteps)
			s.store(key, &PlanResult{Plan: norm, Source: ModeLLM, Warnings: warnings})
			return s.finish(ctx, &PlanResult{Warnings: append([]string{}, warnings...), Source: ModeLLM}, norm, locale), nil
		}
		lastReport = report
		user = repairPrompt(text, resp.Content, describe(report))
	}
	return nil, domain.Errorf(domain.CodeSchemaInvalid, "the model did not produce a valid plan after %d corrections", MaxRepairs).With("violations", lastReport.Violations)
}

// planWarnings lists the warnings of a valid plan in locale.
func planWarnings(ctx context.Context, want llmContract, doc any, locale string, maxSteps int) []string {
	report, _ := want.validate(ctx, doc, contract.Options{Locale: locale, MaxSteps: maxSteps})
	out := []string{}
	for _, v := range report.Violations {
		if v.Severity == contract.SeverityWarning {
			out = append(out, v.Message)
		}
	}
	return out
}

func repairPrompt(text, previous, problems string) string {
	return "Command: " + text + "\n\nYour previous answer was:\n" + previous +
		"\n\nIt is not valid: " + problems + "\nAnswer again with a corrected JSON object."
}

func describe(r contract.Report) string {
	var b strings.Builder
	for _, v := range r.Violations {
		if v.Severity != contract.SeverityError {
			continue
		}
		fmt.Fprintf(&b, "%s at %s: %s; ", v.Rule, v.Path, v.Message)
	}
	return b.String()
}

// stripNulls removes null-valued params: the strict schema makes the model
// send every key, with null for the ones it does not use.
func stripNulls(raw json.RawMessage) []byte {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	v = llm.WithoutNullMembers(v)
	out, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return out
}

func (s *Service) logLLM(ctx context.Context, attempt int, resp *ModelResponse, err error) {
	actor := domain.ActorFrom(ctx)
	attrs := []slog.Attr{
		slog.String("req_id", domain.RequestIDFrom(ctx)), slog.Int64("user", actor.UserID),
		slog.String("model", s.ModelID), slog.Int("attempt", attempt),
	}
	level := slog.LevelInfo
	if resp != nil {
		attrs = append(attrs, slog.Int("tokens_in", resp.Usage.Prompt), slog.Int("tokens_out", resp.Usage.Completion),
			slog.Int64("latency_ms", resp.Latency.Milliseconds()), slog.String("finish_reason", resp.FinishReason))
	}
	if err != nil {
		level = slog.LevelWarn
		attrs = append(attrs, slog.String("error_code", string(domain.ErrorCode(err))))
		var lerr *llm.Error
		if errors.As(err, &lerr) {
			// The server's own words, redacted by llm: never the raw error,
			// which may echo a request.
			attrs = append(attrs, slog.String("kind", lerr.Kind), slog.String("cause", lerr.Cause),
				slog.Int("http_status", lerr.Status), slog.String("server_message", lerr.ServerMessage))
		} else {
			attrs = append(attrs, slog.String("err", err.Error()))
		}
	}
	s.Events.Event(ctx, level, "ai_plan", "openai_request_end", attrs...)
}
