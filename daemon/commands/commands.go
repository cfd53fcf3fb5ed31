// Package commands is the service behind ai.plan, ai.execute and ai.undo:
// it turns an admin's command into an arshline-plan/v2 plan (or, asked
// for it, a v1 plan) with the internal Persian planner or a model, never
// returns a plan that fails the contract, previews it, hands confirmed plans to the executor after
// validating them again, and undoes executed steps by their tokens.
package commands

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/arshlineplan"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/executor"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/persian"
)

// Modes of ai.plan.
const (
	ModeAuto     = "auto"
	ModeInternal = "internal"
	ModeLLM      = "llm"
)

// MaxTextRunes bounds a command; nobody types a longer one.
const MaxTextRunes = 2000

// Completer is the model client (llm.Client).
type Completer = llm.Completer

// ModelRequest and ModelResponse are the model client's types.
type (
	ModelRequest  = llm.Request
	ModelResponse = llm.Response
)

// Limiter is the per-user rate limit on model calls.
type Limiter interface {
	Allow(user int64) (bool, time.Duration)
}

// Service plans and executes.
type Service struct {
	Internal *persian.Planner
	Model    Completer // nil when no model is configured
	ModelID  string
	Limiter  Limiter // nil: unlimited
	Forms    contract.FormLookup
	Executor *executor.Executor
	Events   *logx.Logger
	MaxSteps int
	CacheTTL time.Duration
	Now      func() time.Time

	mu    sync.Mutex
	cache map[string]cacheEntry
}

type cacheEntry struct {
	result  PlanResult
	expires time.Time
}

// PlanParams are ai.plan's parameters.
type PlanParams struct {
	Text string `json:"text"`
	Mode string `json:"mode,omitempty"`
	// Contract is the plan's contract: arshlineplan.NameV2 (the default)
	// or arshlineplan.Name for a pure v1 plan.
	Contract string          `json:"contract,omitempty"`
	UI       json.RawMessage `json:"ui,omitempty"`
}

// PlanResult is ai.plan's answer: a plan with its preview, or none.
type PlanResult struct {
	Plan       *domain.Plan         `json:"plan,omitempty"`
	Preview    []string             `json:"preview,omitempty"`
	Warnings   []string             `json:"warnings"`
	Source     string               `json:"source,omitempty"`
	None       bool                 `json:"none,omitempty"`
	Reason     string               `json:"reason,omitempty"`
	Navigate   *persian.Navigate    `json:"navigate,omitempty"`
	Violations []contract.Violation `json:"violations,omitempty"`
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) options(locale string) contract.Options {
	return contract.Options{Locale: locale, MaxSteps: s.MaxSteps, Forms: s.Forms}
}

// Plan answers ai.plan.
func (s *Service) Plan(ctx context.Context, p PlanParams) (*PlanResult, error) {
	text := strings.TrimSpace(p.Text)
	if text == "" {
		return nil, domain.InvalidParams("text is empty: type a command")
	}
	if !utf8.ValidString(text) {
		return nil, domain.InvalidParams("text is not valid UTF-8")
	}
	if utf8.RuneCountInString(text) > MaxTextRunes {
		return nil, domain.Errorf(domain.CodeModelLimit, "the command is too long; keep it under 2000 characters")
	}
	mode := p.Mode
	if mode == "" {
		mode = ModeAuto
	}
	switch mode {
	case ModeAuto, ModeInternal, ModeLLM:
	default:
		return nil, domain.InvalidParams("mode must be auto, internal or llm")
	}
	contractName := p.Contract
	if contractName == "" {
		contractName = arshlineplan.NameV2
	}
	if contractName != arshlineplan.Name && contractName != arshlineplan.NameV2 {
		return nil, domain.InvalidParams("contract must be arshline-plan/v1 or arshline-plan/v2")
	}
	res, err := s.plan(ctx, text, mode, contractName)
	if err != nil {
		return nil, err
	}
	return s.asContract(ctx, res, contractName, domain.ActorFrom(ctx).Locale), nil
}

// asContract gives the plan in the contract asked. A plan may come back
// in v1 when v2 was asked (a model's answer says its own version), and
// every v1 step is a v2 step with the same meaning, so it becomes the
// same steps under version 2, validated again as v2. Asked for v1, a v1
// plan is returned as it is; a plan that needs v2 is none.
// res may be a cached answer: it is never changed.
func (s *Service) asContract(ctx context.Context, res *PlanResult, name, locale string) *PlanResult {
	if res == nil || res.Plan == nil {
		return res
	}
	switch {
	case name == arshlineplan.NameV2 && res.Plan.Version == 1:
		wrapped := &domain.Plan{Version: 2, Steps: append([]domain.PlanStep(nil), res.Plan.Steps...)}
		out := &PlanResult{Warnings: append([]string{}, res.Warnings...), Source: res.Source}
		return s.finishAs(ctx, out, wrapped, locale, arshlineplan.NameV2)
	case name == arshlineplan.Name && res.Plan.Version != 1:
		return &PlanResult{None: true, Warnings: append([]string{}, res.Warnings...),
			Reason: messages.Render(locale, domain.T("the command needs arshline-plan/v2; ask for that contract"))}
	}
	return res
}

// plan answers ai.plan in the planners' own contract.
func (s *Service) plan(ctx context.Context, text, mode, contractName string) (*PlanResult, error) {
	locale := domain.ActorFrom(ctx).Locale
	if mode == ModeInternal || (mode == ModeAuto && !llm.Available(s.Model)) {
		return s.planInternal(ctx, text, locale, contractName), nil
	}
	if !llm.Available(s.Model) {
		return nil, domain.Errorf(domain.CodeOpenAIUnavailable, "no model is configured; use mode internal")
	}
	res, err := s.planLLM(ctx, text, locale, contractName)
	if err == nil {
		return res, nil
	}
	if mode == ModeLLM {
		return nil, err
	}
	// auto: the internal planner is always there to fall back on.
	fallback := s.planInternal(ctx, text, locale, contractName)
	fallback.Warnings = append(fallback.Warnings, messages.Render(locale, domain.AsError(err).Text()))
	return fallback, nil
}

// planInternal asks the internal planner for the contract's plan version:
// v2 reads options, formats, edits and form actions; v1 reads only what
// v1 can carry.
func (s *Service) planInternal(ctx context.Context, text, locale, contractName string) *PlanResult {
	version := 2
	if contractName == arshlineplan.Name {
		version = 1
	}
	r := s.Internal.PlanContract(text, version)
	out := &PlanResult{Warnings: []string{}, Source: ModeInternal}
	for _, w := range r.Warnings {
		out.Warnings = append(out.Warnings, pick(locale, w.MessageEN, w.MessageFA))
	}
	if r.None || r.Plan == nil {
		out.Source = ""
		out.None = true
		out.Reason = pick(locale, r.Reason, r.ReasonFA)
		out.Navigate = r.Navigate
		return out
	}
	return s.finish(ctx, out, r.Plan, locale)
}

// finish validates a plan against the contract its version names (v1
// unless it says 2) and the store, turns a navigation-only plan into a
// hint, and adds the preview.
func (s *Service) finish(ctx context.Context, out *PlanResult, p *domain.Plan, locale string) *PlanResult {
	if p != nil && p.Version == 2 {
		return s.finishAs(ctx, out, p, locale, arshlineplan.NameV2)
	}
	return s.finishAs(ctx, out, p, locale, arshlineplan.Name)
}

// finishAs is finish with the contract to validate by.
func (s *Service) finishAs(ctx context.Context, out *PlanResult, p *domain.Plan, locale, name string) *PlanResult {
	var report contract.Report
	var norm *domain.Plan
	if name == arshlineplan.NameV2 {
		report, norm = arshlineplan.ValidatePlanV2(ctx, p, s.options(locale))
	} else {
		report, norm = arshlineplan.ValidatePlan(ctx, p, s.options(locale))
	}
	if !report.Valid || norm == nil {
		out.None = true
		out.Source = ""
		out.Violations = errorsOnly(report.Violations)
		msgs := make([]string, 0, len(out.Violations))
		for _, v := range out.Violations {
			msgs = append(msgs, v.Message)
		}
		out.Reason = strings.Join(msgs, "؛ ")
		if out.Reason == "" {
			out.Reason = messages.Render(locale, domain.T("the command did not produce a valid plan"))
		}
		return out
	}
	for _, v := range report.Violations {
		if v.Severity == contract.SeverityWarning {
			out.Warnings = append(out.Warnings, v.Message)
		}
	}
	if onlyNavigation(norm) {
		st := norm.Steps[0]
		params := map[string]any{}
		if st.Params.ID != nil {
			params["id"] = *st.Params.ID
		}
		if st.Params.Index != nil {
			params["index"] = *st.Params.Index
		}
		return &PlanResult{None: true, Warnings: out.Warnings,
			Reason:   messages.Render(locale, domain.T("this only opens a page; nothing to execute")),
			Navigate: &persian.Navigate{Action: st.Action, Params: params}}
	}
	out.Plan = norm
	out.Preview = arshlineplan.Preview(ctx, norm, s.Forms, locale)
	return out
}

func onlyNavigation(p *domain.Plan) bool {
	for _, st := range p.Steps {
		if !domain.IsNavigation(st.Action) {
			return false
		}
	}
	return len(p.Steps) > 0
}

func errorsOnly(vs []contract.Violation) []contract.Violation {
	out := make([]contract.Violation, 0, len(vs))
	for _, v := range vs {
		if v.Severity == contract.SeverityError {
			out = append(out, v)
		}
	}
	return out
}

func pick(locale, en, fa string) string {
	if domain.IsPersian(locale) && fa != "" {
		return fa
	}
	if en == "" {
		return fa
	}
	return en
}

// ExecuteParams are ai.execute's parameters.
type ExecuteParams struct {
	Plan    json.RawMessage `json:"plan"`
	Confirm bool            `json:"confirm"`
}

// PreviewResult is ai.execute's answer without confirm.
type PreviewResult struct {
	Plan            *domain.Plan `json:"plan"`
	Preview         []string     `json:"preview"`
	Warnings        []string     `json:"warnings"`
	ConfirmRequired bool         `json:"confirm_required"`
}

// Execute answers ai.execute. The plan is validated again here whatever
// the client says it is.
func (s *Service) Execute(ctx context.Context, p ExecuteParams) (any, error) {
	if len(p.Plan) == 0 {
		return nil, domain.InvalidParams("plan is required")
	}
	locale := domain.ActorFrom(ctx).Locale
	doc, err := contract.Decode(p.Plan)
	if err != nil {
		return nil, domain.InvalidParams("plan is not valid JSON: %s", err.Error())
	}
	// The plan's own version picks the contract: a v1 plan is checked by
	// v1's rules exactly, anything else by v2's (which refuse a version
	// they do not know).
	var report contract.Report
	var norm *domain.Plan
	if isV1(doc) {
		report, norm = arshlineplan.Validate(ctx, doc, s.options(locale))
	} else {
		report, norm = arshlineplan.ValidateV2(ctx, doc, s.options(locale))
	}
	if !report.Valid || norm == nil {
		return nil, invalidPlan(report)
	}
	warnings := []string{}
	for _, v := range report.Violations {
		if v.Severity == contract.SeverityWarning {
			warnings = append(warnings, v.Message)
		}
	}
	if !p.Confirm {
		return &PreviewResult{Plan: norm, Preview: arshlineplan.Preview(ctx, norm, s.Forms, locale), Warnings: warnings, ConfirmRequired: true}, nil
	}
	return s.Executor.Execute(ctx, norm)
}

// isV1 reports a decoded plan whose version is the integer 1.
func isV1(doc any) bool {
	root, ok := doc.(map[string]any)
	if !ok {
		return false
	}
	switch v := root["version"].(type) {
	case json.Number:
		return v.String() == "1"
	case float64:
		return v == 1
	case int:
		return v == 1
	case int64:
		return v == 1
	}
	return false
}

// UndoParams are ai.undo's parameters: one token or several, not both.
type UndoParams struct {
	Token  string   `json:"token,omitempty"`
	Tokens []string `json:"tokens,omitempty"`
}

// Undo answers ai.undo: the steps the tokens name are undone, newest
// first, all or nothing.
func (s *Service) Undo(ctx context.Context, p UndoParams) (*executor.UndoResult, error) {
	tokens := p.Tokens
	if p.Token != "" {
		if len(tokens) > 0 {
			return nil, domain.InvalidParams("give token or tokens, not both")
		}
		tokens = []string{p.Token}
	}
	return s.Executor.Undo(ctx, tokens)
}

func invalidPlan(r contract.Report) *domain.Error {
	errs := errorsOnly(r.Violations)
	if len(errs) > 0 {
		return domain.Errorf(domain.CodeInvalidPlan, "the plan is not valid: %s", errs[0].Rule).With("violations", r.Violations)
	}
	return domain.Errorf(domain.CodeInvalidPlan, "the plan is not valid").With("violations", r.Violations)
}
