package hosha2

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Phases and their weights in basis points, exactly as the specification
// gives them; they sum to 10,000 so a finished job is exactly 1.0.
var phases = []struct {
	name   string
	weight int
}{
	{"analyze_input", 1000}, {"build_capabilities", 1500}, {"openai_send", 2000},
	{"validate_response", 2500}, {"persist_form", 1500}, {"render_preview", 1500},
}

// Intents a request may name.
var intents = map[string]bool{"auto": true, "generate": true, "edit": true, "extend": true, "translate": true, "validate": true, "optimize": true}

// JobReader finds jobs of earlier processes, of one site.
type JobReader interface {
	GetJob(ctx context.Context, siteID int64, reqID string) (*domain.Job, error)
}

// Limiter is the per-user limit on model calls.
type Limiter interface {
	Allow(user int64) (bool, time.Duration)
}

// Config wires a Service.
type Config struct {
	Store          domain.FormStore
	Jobs           JobReader
	Model          llm.Completer // nil: every request answers OPENAI_UNAVAILABLE
	ModelID        string
	Limiter        Limiter
	Events         *logx.Logger
	MaxPromptRunes int // default 8000
	// MaxRunningJobs bounds the jobs running at once, across users
	// (default 16): each holds a model connection and a goroutine, and
	// the model server serves a few at a time anyway. Past it, RATE_LIMIT.
	MaxRunningJobs int
	// ModelTimeout is the one deadline of a job's model work, the first
	// call and the secondary validation together (--openai-timeout);
	// zero leaves each call to the client's own deadline.
	ModelTimeout time.Duration
	// JobRetention is how long Run keeps a finished job (--job-retention;
	// zero keeps them for good), deleting through Purger; Ops logs it.
	JobRetention time.Duration
	Purger       domain.Purger
	Ops          *slog.Logger
	// Cancels, when set, carries cancels between hosts sharing one store:
	// a cancel of a job another host runs is recorded there, and each
	// running job watches for one (every CancelPoll).
	Cancels    CancelBoard
	CancelPoll time.Duration // default 500 ms
	// PersistPhases writes the job's row at every phase, not only at its
	// start and end, so that hosts sharing the store read its progress.
	PersistPhases bool
	// Cap, when set, counts MaxRunningJobs over every host sharing the
	// store: a job's first row is written only while fewer are running
	// on all of them together.
	Cap JobCap
}

// JobCap starts a job only while fewer than max run on all the hosts
// sharing a store (sqlstore on MariaDB or MySQL).
type JobCap interface {
	StartJobCapped(ctx context.Context, siteID int64, j *domain.Job, max int, staleAfter time.Duration) (bool, error)
}

// capStaleAfter is how long a running job's row may go unwritten and
// still count against the shared cap: past it, its host is taken for
// dead. Rows are written at every phase when hosts share the store.
func (c Config) capStaleAfter() time.Duration {
	return max(2*c.ModelTimeout, 10*time.Minute)
}

// CancelBoard is where hosts sharing a store leave cancels for each
// other (sqlstore on MariaDB or MySQL).
type CancelBoard interface {
	RequestJobCancel(ctx context.Context, reqID string) error
	JobCancelRequested(ctx context.Context, reqID string) (bool, error)
}

// remoteCancelWait bounds how long hosha2.cancel waits for the host
// running a job to record that it stopped.
const remoteCancelWait = 15 * time.Second

// DefaultMaxRunningJobs is Config.MaxRunningJobs when it is zero.
const DefaultMaxRunningJobs = 16

// Service runs Hosha2 jobs.
type Service struct {
	cfg    Config
	base   context.Context
	stop   context.CancelFunc
	mu     sync.Mutex
	jobs   map[string]*job
	wg     sync.WaitGroup
	hookMu sync.Mutex
	// afterPhase, when set by tests, runs after each completed phase.
	afterPhase func(reqID, phase string)
}

// New returns a service; Shutdown stops its jobs.
func New(cfg Config) *Service {
	if cfg.MaxPromptRunes <= 0 {
		cfg.MaxPromptRunes = 8000
	}
	if cfg.MaxRunningJobs <= 0 {
		cfg.MaxRunningJobs = DefaultMaxRunningJobs
	}
	if cfg.Events == nil {
		cfg.Events = logx.Discard()
	}
	if cfg.CancelPoll <= 0 {
		cfg.CancelPoll = 500 * time.Millisecond
	}
	base, stop := context.WithCancel(context.Background())
	return &Service{cfg: cfg, base: base, stop: stop, jobs: map[string]*job{}}
}

// Shutdown cancels running jobs and waits for them to record it.
func (s *Service) Shutdown(ctx context.Context) {
	s.stop()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// job is a running or finished request.
type job struct {
	finished sync.Once
	mu       sync.Mutex
	// site is the site of the actor who started the job: only calls for
	// that site see it, and its row is written as that site's.
	site     int64
	row      domain.Job
	basis    int
	cancel   context.CancelFunc
	canceled bool
	done     chan struct{}
	err      *domain.Error
	result   *SuccessBody
}

func (j *job) snapshot() (domain.Job, *domain.Error, *SuccessBody) {
	j.mu.Lock()
	defer j.mu.Unlock()
	row := j.row
	row.Phases = append([]string(nil), j.row.Phases...)
	return row, j.err, j.result
}

// Options are the request's options.
type Options struct {
	Locale              string   `json:"locale,omitempty"`
	SecondaryValidation bool     `json:"secondary_validation,omitempty"`
	TaskHints           []string `json:"taskHints,omitempty"`
	Complexity          string   `json:"complexity,omitempty"`
	ModelPref           string   `json:"model_pref,omitempty"`
}

// GenerateParams are hosha2.generate's and hosha2.edit's parameters.
type GenerateParams struct {
	FormID  int64           `json:"form_id"`
	Prompt  *string         `json:"prompt"`
	Options json.RawMessage `json:"options,omitempty"`
	Intent  string          `json:"intent,omitempty"`
	Wait    bool            `json:"wait,omitempty"`
}

// StartResult is the answer when the caller does not wait.
type StartResult struct {
	RequestID string `json:"request_id"`
	Status    string `json:"status"`
}

// SuccessBody is Hosha2's success body (docs/HOSHA2.md).
type SuccessBody struct {
	Success   bool       `json:"success"`
	RequestID string     `json:"request_id"`
	VersionID int64      `json:"version_id"`
	DiffSHA   *string    `json:"diff_sha"`
	Data      ResultData `json:"data"`
}

// ResultData is the success body's data.
type ResultData struct {
	FinalForm       domain.Document `json:"final_form"`
	Diff            json.RawMessage `json:"diff"`
	TokenUsage      TokenUsage      `json:"token_usage"`
	Progress        []string        `json:"progress"`
	ProgressPercent float64         `json:"progress_percent"`
}

// TokenUsage counts the model's tokens.
type TokenUsage struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
	Total      int `json:"total"`
}

func invalid(reason string, text domain.Text) *domain.Error {
	return domain.InvalidParams(text.Key, text.Args...).With("reason", reason)
}

// Generate starts a generation (intent generate unless given).
func (s *Service) Generate(ctx context.Context, p GenerateParams) (any, error) {
	return s.start(ctx, p, "generate")
}

// Edit starts an edit of the form's current version.
func (s *Service) Edit(ctx context.Context, p GenerateParams) (any, error) {
	return s.start(ctx, p, "edit")
}

func (s *Service) start(ctx context.Context, p GenerateParams, defaultIntent string) (any, error) {
	if p.FormID <= 0 {
		return nil, invalid("invalid_form_id", domain.T("hosha2\x04form_id must be a positive integer"))
	}
	if p.Prompt == nil {
		return nil, invalid("missing_prompt", domain.T("prompt is required"))
	}
	prompt := strings.TrimSpace(*p.Prompt)
	if prompt == "" {
		return nil, invalid("empty_prompt", domain.T("prompt is empty"))
	}
	var opts Options
	if len(p.Options) > 0 && !bytes.Equal(p.Options, []byte("null")) {
		if t := bytes.TrimSpace(p.Options); len(t) == 0 || t[0] != '{' {
			return nil, invalid("invalid_options_type", domain.T("options must be an object"))
		}
		if err := json.Unmarshal(p.Options, &opts); err != nil {
			return nil, invalid("invalid_options_type", domain.T("options are not valid: %s", err.Error()))
		}
	}
	intent := p.Intent
	if intent == "" {
		intent = defaultIntent
	}
	if !intents[intent] {
		return nil, invalid("invalid_intent", domain.T("intent must be one of auto, generate, edit, extend, translate, validate, optimize"))
	}
	if utf8.RuneCountInString(prompt) > s.cfg.MaxPromptRunes {
		return nil, domain.Errorf(domain.CodeModelLimit, "the prompt is longer than %d characters; shorten it", s.cfg.MaxPromptRunes)
	}
	actor := domain.ActorFrom(ctx)
	reqID := domain.RequestIDFrom(ctx)
	if reqID == "" {
		reqID = fmt.Sprintf("%x", time.Now().UnixNano())
	}
	if s.cfg.Limiter != nil {
		if ok, wait := s.cfg.Limiter.Allow(actor.UserID); !ok {
			s.cfg.Events.Event(ctx, slog.LevelWarn, "rate_limit", "rate_limit_exceeded", slog.String("req_id", reqID), slog.Int64("user", actor.UserID), slog.String("error_code", string(domain.CodeRateLimit)))
			return nil, limit.Exceeded(wait)
		}
	}
	if !llm.Available(s.cfg.Model) {
		return nil, domain.Errorf(domain.CodeOpenAIUnavailable, "no model is configured for Hosha2; set --openai-model (and a key if the server needs one)").With("retry_after_sec", 60)
	}
	form, err := s.formNow(ctx, p.FormID)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if _, dup := s.jobs[reqID]; dup {
		s.mu.Unlock()
		return nil, domain.Errorf(domain.CodeConflict, "a request with this req_id already exists")
	}
	if len(s.jobs) >= s.cfg.MaxRunningJobs {
		s.mu.Unlock()
		return nil, jobsFull(s.cfg.MaxRunningJobs)
	}
	jobCtx, cancel := context.WithCancel(domain.WithRequestID(domain.WithActor(s.base, actor), reqID))
	j := &job{
		site:   actor.Site(),
		row:    domain.Job{ReqID: reqID, Actor: actor.UserID, FormID: p.FormID, Intent: intent, Status: domain.JobRunning, Phases: []string{}},
		cancel: cancel, done: make(chan struct{}),
	}
	s.jobs[reqID] = j
	s.mu.Unlock()
	if err := s.persistFirst(ctx, j); err != nil {
		cancel()
		s.mu.Lock()
		delete(s.jobs, reqID)
		s.mu.Unlock()
		return nil, err
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		// A finished job leaves memory: its row, written before done is
		// closed, answers progress from now on, so a thousand finished
		// jobs hold no results in the daemon.
		defer s.forget(reqID)
		defer func() {
			// A bug in one job fails that job; it never takes the daemon down.
			if r := recover(); r != nil {
				s.cfg.Events.Event(jobCtx, slog.LevelError, "summary", "job_panic", slog.String("req_id", reqID), slog.String("panic", fmt.Sprint(r)))
				s.finish(jobCtx, j, nil, fmt.Errorf("panic: %v", r))
			}
		}()
		if s.cfg.Cancels != nil {
			go s.watchCancel(jobCtx, j)
		}
		s.run(jobCtx, j, form, prompt, opts)
	}()
	if !p.Wait {
		return &StartResult{RequestID: reqID, Status: domain.JobRunning}, nil
	}
	select {
	case <-j.done:
	case <-ctx.Done():
		return nil, domain.Wrap(domain.CodeCancelled, ctx.Err(), "the caller stopped waiting; the request goes on")
	}
	_, jerr, res := j.snapshot()
	if jerr != nil {
		return nil, jerr
	}
	return res, nil
}

// persistFirst writes a new job's first row; with a shared cap, only
// while fewer than MaxRunningJobs run on all hosts.
func (s *Service) persistFirst(ctx context.Context, j *job) error {
	if s.cfg.Cap == nil {
		return s.persist(ctx, j)
	}
	row, _, _ := j.snapshot()
	started, err := s.cfg.Cap.StartJobCapped(ctx, j.site, &row, s.cfg.MaxRunningJobs, s.cfg.capStaleAfter())
	if err != nil {
		return err
	}
	if !started {
		return jobsFull(s.cfg.MaxRunningJobs)
	}
	return nil
}

func jobsFull(max int) error {
	return domain.Errorf(domain.CodeRateLimit, "%d Hosha2 requests are running, the most at once; try again in %d seconds", max, jobsFullRetry).
		With("retry_after_sec", jobsFullRetry)
}

// forget drops a finished job from memory.
func (s *Service) forget(reqID string) {
	s.mu.Lock()
	delete(s.jobs, reqID)
	s.mu.Unlock()
}

// jobsFullRetry is the wait suggested when MaxRunningJobs are running: a
// model call takes seconds to a minute.
const jobsFullRetry = 10

func (s *Service) formNow(ctx context.Context, id int64) (*domain.Form, error) {
	var f *domain.Form
	site := domain.ActorFrom(ctx).Site()
	err := s.cfg.Store.Update(ctx, func(tx domain.FormTx) error {
		var err error
		f, err = tx.GetForm(site, id)
		return err
	})
	return f, err
}

func (s *Service) persist(ctx context.Context, j *job) error {
	row, _, _ := j.snapshot()
	return s.cfg.Store.Update(ctx, func(tx domain.FormTx) error { return tx.PutJob(j.site, &row) })
}

// complete records a finished phase and its cumulative progress.
func (s *Service) complete(ctx context.Context, j *job, phase string) {
	j.mu.Lock()
	for _, p := range phases {
		if p.name == phase {
			j.basis += p.weight
		}
	}
	j.row.Phases = append(j.row.Phases, phase)
	j.row.Progress = float64(j.basis) / 10000
	progress := j.row.Progress
	j.mu.Unlock()
	// Live progress is served from memory; the row is written when the
	// job starts and when it ends, so a phase costs no durable write,
	// unless other hosts read it from the store.
	s.cfg.Events.Event(ctx, slog.LevelInfo, phase, "progress_update", slog.String("req_id", j.row.ReqID), slog.Float64("progress", progress))
	if s.cfg.PersistPhases {
		if err := s.persist(ctx, j); err != nil {
			s.cfg.Events.Event(ctx, slog.LevelWarn, phase, "progress_persist_failed", slog.String("req_id", j.row.ReqID), slog.String("err", err.Error()))
		}
	}
	s.hookMu.Lock()
	hook := s.afterPhase
	s.hookMu.Unlock()
	if hook != nil {
		hook(j.row.ReqID, phase)
	}
}

// checkpoint stops the job when it was cancelled, or when the daemon is
// stopping under it.
func (s *Service) checkpoint(ctx context.Context, j *job, name string) error {
	if ctx.Err() != nil {
		if s.stoppedUnder(j) {
			return errRestarted().With("checkpoint", name)
		}
		return domain.Errorf(domain.CodeCancelled, "request cancelled by user (%s)", name).With("checkpoint", name)
	}
	return nil
}

// stoppedUnder reports whether the job's context ended because the
// daemon is shutting down, not because its user cancelled it.
func (s *Service) stoppedUnder(j *job) bool {
	j.mu.Lock()
	canceled := j.canceled
	j.mu.Unlock()
	return !canceled && s.base.Err() != nil
}

// errRestarted is the end of a job the daemon stopped under: the user
// did nothing, and sending the request again will do it.
func errRestarted() *domain.Error {
	return domain.Errorf(domain.CodeUnavailable, "the daemon restarted while this request was running; send it again")
}

func (s *Service) finish(ctx context.Context, j *job, res *SuccessBody, err error) {
	j.finished.Do(func() { s.record(ctx, j, res, err) })
}

func (s *Service) record(ctx context.Context, j *job, res *SuccessBody, err error) {
	j.mu.Lock()
	now := time.Now().UTC()
	j.row.FinishedAt = &now
	if err != nil {
		de := domain.AsError(err)
		switch {
		case !j.canceled && s.base.Err() != nil && (de.Code == domain.CodeCancelled || errors.Is(err, context.Canceled)):
			de = errRestarted()
		case j.canceled || errors.Is(err, context.Canceled):
			de = domain.Errorf(domain.CodeCancelled, "request cancelled by user")
		}
		j.err = de
		j.row.ErrorCode, j.row.ErrorMessage = string(de.Code), de.Text().String()
		j.row.Status = domain.JobFailed
		if de.Code == domain.CodeCancelled {
			j.row.Status = domain.JobCancelled
		}
	} else {
		j.result = res
		j.row.Status = domain.JobSucceeded
		j.row.ResultVersionID = &res.VersionID
		j.row.Result, _ = json.Marshal(res)
	}
	j.mu.Unlock()
	if err := s.persist(context.Background(), j); err != nil {
		s.cfg.Events.Event(ctx, slog.LevelError, "summary", "job_persist_failed", slog.String("req_id", j.row.ReqID), slog.String("err", err.Error()))
	}
	close(j.done)
}

func (s *Service) run(ctx context.Context, j *job, form *domain.Form, prompt string, opts Options) {
	start := time.Now()
	actor := domain.ActorFrom(ctx)
	var usage TokenUsage
	var diffSHA *string
	res, err := func() (*SuccessBody, error) {
		s.cfg.Events.Event(ctx, slog.LevelInfo, "analyze_input", "request_start", slog.String("req_id", j.row.ReqID), slog.Int64("user", actor.UserID),
			slog.String("intent", j.row.Intent), slog.Int("prompt_runes", utf8.RuneCountInString(prompt)))
		s.complete(ctx, j, "analyze_input")
		if err := s.checkpoint(ctx, j, "before_capabilities"); err != nil {
			return nil, err
		}
		caps := Capabilities()
		s.complete(ctx, j, "build_capabilities")
		if err := s.checkpoint(ctx, j, "before_openai"); err != nil {
			return nil, err
		}
		modelCtx := ctx
		if s.cfg.ModelTimeout > 0 {
			var cancel context.CancelFunc
			modelCtx, cancel = context.WithTimeout(ctx, s.cfg.ModelTimeout)
			defer cancel()
		}
		env := s.envelope(j.row.Intent, prompt, opts, caps, form)
		s.cfg.Events.Event(ctx, slog.LevelInfo, "openai_send", "openai_request_start", slog.String("req_id", j.row.ReqID), slog.Int64("user", actor.UserID), slog.String("model", s.cfg.ModelID))
		callStart := time.Now()
		resp, err := s.cfg.Model.Complete(modelCtx, llm.Request{System: systemPrompt, User: string(env), SchemaName: "hosha2_response", Schema: responseSchema, MaxTokens: 8000, Purpose: "generate"})
		endAttrs := []slog.Attr{slog.String("req_id", j.row.ReqID), slog.Int64("user", actor.UserID), slog.String("model", s.cfg.ModelID)}
		if err != nil {
			if ctx.Err() != nil {
				err = domain.Errorf(domain.CodeCancelled, "request cancelled by user (in flight)")
				if s.stoppedUnder(j) {
					err = errRestarted()
				}
			}
			de := domain.AsError(err)
			// A failure's latency is the whole call's, retries and waits
			// included, as a success's is.
			endAttrs = append(endAttrs, slog.Int64("latency_ms", time.Since(callStart).Milliseconds()),
				slog.String("error_code", string(de.Code)), slog.Any("kind", de.Data["kind"]))
			// The server's own words (redacted by llm) say what to fix.
			var lerr *llm.Error
			if errors.As(err, &lerr) {
				endAttrs = append(endAttrs, slog.String("cause", lerr.Cause), slog.Int("http_status", lerr.Status), slog.String("server_message", lerr.ServerMessage))
			}
			s.cfg.Events.Event(ctx, slog.LevelWarn, "openai_send", "openai_request_end", endAttrs...)
			return nil, de
		}
		usage = TokenUsage{Prompt: resp.Usage.Prompt, Completion: resp.Usage.Completion, Total: resp.Usage.Prompt + resp.Usage.Completion}
		s.cfg.Events.Event(ctx, slog.LevelInfo, "openai_send", "openai_request_end", append(endAttrs, slog.Int("tokens_in", resp.Usage.Prompt),
			slog.Int("tokens_out", resp.Usage.Completion), slog.Int64("latency_ms", resp.Latency.Milliseconds()), slog.String("error_code", ""))...)
		s.complete(ctx, j, "openai_send")
		if err := s.checkpoint(ctx, j, "after_openai"); err != nil {
			return nil, err
		}
		out, err := s.check(modelCtx, j, resp, form, opts)
		if out != nil {
			usage.Prompt += out.secondary.Prompt
			usage.Completion += out.secondary.Completion
			usage.Total = usage.Prompt + usage.Completion
		}
		if err != nil {
			return nil, err
		}
		diffSHA = out.diffSHA
		s.complete(ctx, j, "validate_response")
		if err := s.checkpoint(ctx, j, "before_persist"); err != nil {
			return nil, err
		}
		v, err := s.save(ctx, j, form, out, prompt, usage)
		if err != nil {
			return nil, err
		}
		s.complete(ctx, j, "persist_form")
		s.complete(ctx, j, "render_preview")
		row, _, _ := j.snapshot()
		return &SuccessBody{Success: true, RequestID: row.ReqID, VersionID: v.ID, DiffSHA: out.diffSHA,
			Data: ResultData{FinalForm: out.doc, Diff: out.diff, TokenUsage: usage, Progress: row.Phases, ProgressPercent: row.Progress}}, nil
	}()
	code := ""
	level := slog.LevelInfo
	if err != nil {
		code = string(domain.ErrorCode(err))
		level = slog.LevelWarn
		if domain.ErrorCode(err) == domain.CodeCancelled {
			s.cfg.Events.Event(ctx, slog.LevelWarn, "summary", "request_cancelled", slog.String("req_id", j.row.ReqID), slog.Int64("user", actor.UserID))
		}
	}
	s.cfg.Events.Event(ctx, level, "summary", "summary", slog.String("req_id", j.row.ReqID), slog.Int64("user", actor.UserID),
		slog.String("model", s.cfg.ModelID), slog.Int("tokens_in", usage.Prompt), slog.Int("tokens_out", usage.Completion),
		slog.Int64("latency_ms", time.Since(start).Milliseconds()), slog.String("error_code", code), slog.String("diff_sha", deref(diffSHA)))
	s.finish(ctx, j, res, err)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

const systemPrompt = `You are Hosha2, the form designer of the Arshline WordPress form builder.
The user message is a JSON request envelope: meta (intent, locale, hints), user_input (the admin's prompt), capabilities (the only field types, keys, formats and logic you may use, with their limits) and, when editing, current_form.
Answer with one JSON object matching the response schema: final_form is the whole form after your change (version "arshline_form@v1", labels in meta.locale), diff is the RFC 6902 JSON Patch from current_form to final_form ([] for a new form), token_usage your estimate.
Keep the id of every existing field you keep; give a new field an id current_form does not use. Keys a field type does not use are null. show_if names an earlier field.
Labels, options, help texts and placeholders are plain text, shown exactly as written. Only an html field's html may hold markup, limited to capabilities.html.allowed_tags, with http or https links only; never scripts, event handlers, styles or forms.`

func (s *Service) envelope(intent, prompt string, opts Options, caps json.RawMessage, form *domain.Form) []byte {
	locale := opts.Locale
	if locale == "" {
		locale = domain.LocaleFA
	}
	env := map[string]any{
		"meta": map[string]any{
			"intent": intent, "taskHints": nonNil(opts.TaskHints), "complexity": orDefault(opts.Complexity, "medium"),
			"model_pref": orDefault(opts.ModelPref, "auto"), "locale": locale, "user_role": "admin",
			"secondary_validation": opts.SecondaryValidation,
		},
		"user_input":   map[string]any{"question": prompt, "prompt": prompt},
		"capabilities": caps,
	}
	if intent != "generate" || len(form.Document.Fields) > 0 {
		env["current_form"] = form.Document
	}
	b, _ := json.Marshal(env)
	return b
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (s *Service) save(ctx context.Context, j *job, form *domain.Form, out *checked, prompt string, usage TokenUsage) (*domain.Version, error) {
	actor := domain.ActorFrom(ctx)
	sum := sha256.Sum256([]byte(prompt))
	var v *domain.Version
	err := forms.Update(ctx, s.cfg.Store, func(w *forms.Writer) error {
		// out.doc passed document.Check when the answer was checked.
		written, err := w.Write(form.ID, forms.Edit{Action: "hosha2." + actionOf(j.row.Intent),
			Version: domain.VersionMeta{Source: domain.SourceHosha2, Diff: out.diff, DiffApplied: out.diffApplied, DiffSHA: out.diffSHA,
				PromptHash: hex.EncodeToString(sum[:]), TokensPrompt: int64(usage.Prompt), TokensComplete: int64(usage.Completion),
				TokensTotal: int64(usage.Total)},
			Apply: func(_ *domain.Form, st *domain.FormState, _ *domain.VersionMeta) (json.RawMessage, error) {
				st.Document = out.doc
				if out.title != "" {
					st.Title = out.title
				}
				return json.Marshal(map[string]any{"intent": j.row.Intent, "diff_sha": out.diffSHA})
			}})
		if err != nil {
			return err
		}
		v = written.Version
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.cfg.Events.Event(ctx, slog.LevelInfo, "persist_form", "version_saved", slog.String("req_id", j.row.ReqID), slog.Int64("user", actor.UserID),
		slog.Int64("version_id", v.ID), slog.String("diff_sha", deref(out.diffSHA)))
	return v, nil
}

func actionOf(intent string) string {
	if intent == "generate" {
		return "generate"
	}
	return "edit"
}

// ProgressResult is hosha2.progress's answer.
type ProgressResult struct {
	Status          string         `json:"status"`
	Progress        []string       `json:"progress"`
	ProgressPercent float64        `json:"progress_percent"`
	Error           map[string]any `json:"error,omitempty"`
	Result          any            `json:"result,omitempty"`
}

func (s *Service) lookup(ctx context.Context, reqID string) (*job, *domain.Job, error) {
	s.mu.Lock()
	j := s.jobs[reqID]
	s.mu.Unlock()
	actor := domain.ActorFrom(ctx)
	if j != nil && j.site != actor.Site() {
		// Another site's job is as unknown as a missing one.
		return nil, nil, domain.Errorf(domain.CodeNotFound, "request %v was not found", reqID)
	}
	if j != nil {
		row, _, _ := j.snapshot()
		if row.Actor != actor.UserID && !actor.Can(domain.CapManageOptions) {
			return nil, nil, domain.ErrForbidden
		}
		return j, &row, nil
	}
	if s.cfg.Jobs == nil {
		return nil, nil, domain.Errorf(domain.CodeNotFound, "request %v was not found", reqID)
	}
	row, err := s.cfg.Jobs.GetJob(ctx, actor.Site(), reqID)
	if err != nil {
		return nil, nil, err
	}
	if row.Actor != actor.UserID && !actor.Can(domain.CapManageOptions) {
		return nil, nil, domain.ErrForbidden
	}
	return nil, row, nil
}

// cancelElsewhere cancels a job another host runs: it leaves the cancel
// on the board and waits until that host records the job's end.
func (s *Service) cancelElsewhere(ctx context.Context, reqID string) (bool, error) {
	if err := s.cfg.Cancels.RequestJobCancel(ctx, reqID); err != nil {
		return false, err
	}
	site := domain.ActorFrom(ctx).Site()
	deadline := time.Now().Add(remoteCancelWait)
	for {
		row, err := s.cfg.Jobs.GetJob(ctx, site, reqID)
		if err != nil {
			return false, err
		}
		if row.Status != domain.JobRunning {
			return row.Status == domain.JobCancelled, nil
		}
		if time.Now().After(deadline) {
			return false, domain.Errorf(domain.CodeUnavailable, "the host running this request did not stop it in time; it stops at its next checkpoint")
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(s.cfg.CancelPoll / 2):
		}
	}
}

// watchCancel stops j when a cancel of it is left on the board by
// another host, until j ends.
func (s *Service) watchCancel(ctx context.Context, j *job) {
	tick := time.NewTicker(s.cfg.CancelPoll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-j.done:
			return
		case <-tick.C:
		}
		asked, err := s.cfg.Cancels.JobCancelRequested(ctx, j.row.ReqID)
		if err == nil && asked {
			j.mu.Lock()
			j.canceled = true
			j.mu.Unlock()
			j.cancel()
			return
		}
	}
}

// JobParams name a job: hosha2.progress's and hosha2.cancel's
// parameters. The RPC envelope takes "req_id" out of params as the call's
// own request id, so a job named that way arrives as the call's request
// id; "request_id" (the name in generate's answer) is read from params
// and wins.
type JobParams struct {
	RequestID string `json:"request_id,omitempty"`
}

func (p JobParams) job(ctx context.Context) string {
	if p.RequestID != "" {
		return p.RequestID
	}
	return domain.RequestIDFrom(ctx)
}

// Progress reports a job's completed phases.
func (s *Service) Progress(ctx context.Context, p JobParams) (*ProgressResult, error) {
	return s.progress(ctx, p.job(ctx))
}

func (s *Service) progress(ctx context.Context, reqID string) (*ProgressResult, error) {
	if reqID == "" {
		return nil, domain.InvalidParams("req_id is required")
	}
	j, row, err := s.lookup(ctx, reqID)
	if err != nil {
		return nil, err
	}
	out := &ProgressResult{Status: row.Status, Progress: row.Phases, ProgressPercent: row.Progress}
	if out.Progress == nil {
		out.Progress = []string{}
	}
	if row.ErrorCode != "" {
		out.Error = map[string]any{"code": row.ErrorCode, "message": row.ErrorMessage}
		if j != nil {
			if _, jerr, _ := j.snapshot(); jerr != nil {
				out.Error["message"] = messages.Render(domain.ActorFrom(ctx).Locale, jerr.Text())
				if ra, ok := jerr.Data["retry_after_sec"]; ok {
					out.Error["retry_after_sec"] = ra
				}
			}
		}
	}
	if len(row.Result) > 0 {
		out.Result = row.Result
	}
	return out, nil
}

// CancelResult is hosha2.cancel's answer: whether this call stopped the
// job.
type CancelResult struct {
	Cancelled bool `json:"cancelled"`
}

// Cancel stops a running job: at its next checkpoint, or at once when it
// is waiting for the model (the HTTP request is aborted).
func (s *Service) Cancel(ctx context.Context, p JobParams) (*CancelResult, error) {
	ok, err := s.cancel(ctx, p.job(ctx))
	if err != nil {
		return nil, err
	}
	return &CancelResult{Cancelled: ok}, nil
}

func (s *Service) cancel(ctx context.Context, reqID string) (bool, error) {
	if reqID == "" {
		return false, domain.InvalidParams("req_id is required")
	}
	j, row, err := s.lookup(ctx, reqID)
	if err != nil {
		return false, err
	}
	if j == nil && row.Status == domain.JobRunning && s.cfg.Cancels != nil {
		return s.cancelElsewhere(ctx, reqID)
	}
	if j == nil || row.Status != domain.JobRunning {
		return false, nil
	}
	j.mu.Lock()
	j.canceled = true
	j.mu.Unlock()
	j.cancel()
	<-j.done
	final, _, _ := j.snapshot()
	return final.Status == domain.JobCancelled, nil
}
