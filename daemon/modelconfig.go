package daemon

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// modelSwitch is the model every feature asks. An administrator may set
// or change it while the daemon runs (model.configure), so Hosha2 and the
// planner hold the switch, never a client.
type modelSwitch struct {
	cur atomic.Pointer[llm.Client]
}

// Complete asks the current model, or answers OPENAI_UNAVAILABLE.
func (m *modelSwitch) Complete(ctx context.Context, req llm.Request) (*llm.Response, error) {
	c := m.cur.Load()
	if c == nil {
		return nil, noModel()
	}
	return c.Complete(ctx, req)
}

// Available reports whether a model is configured now (llm.Available).
func (m *modelSwitch) Available() bool { return m.cur.Load() != nil }

func noModel() *domain.Error {
	return domain.Errorf(domain.CodeOpenAIUnavailable,
		"no model is configured; set one on the plugin's settings page or with --openai-model",
		"هیچ مدلی پیکربندی نشده است؛ مدل را در صفحهٔ تنظیمات افزونه یا با --openai-model تنظیم کنید")
}

// modelSettingName is the settings row of the model an administrator
// chose; it wins over the flags until cleared.
const modelSettingName = "model_config"

// modelSettings is that row: the key is kept in the daemon's own 0600
// database and never sent back to anyone.
type modelSettings struct {
	BaseURL       string `json:"base_url"`
	Model         string `json:"model"`
	APIKey        string `json:"api_key,omitempty"`
	AllowHTTPHost bool   `json:"allow_http_host,omitempty"`
}

// apply returns cfg with the settings in place of the flags' model.
func (s modelSettings) apply(cfg *Config) *Config {
	c := *cfg
	c.OpenAIBaseURL, c.OpenAIModel, c.OpenAIKey = s.BaseURL, s.Model, s.APIKey
	c.OpenAIAllowHTTPHosts = append([]string(nil), cfg.OpenAIAllowHTTPHosts...)
	if s.AllowHTTPHost {
		if u, err := url.Parse(s.BaseURL); err == nil {
			c.OpenAIAllowHTTPHosts = append(c.OpenAIAllowHTTPHosts, u.Hostname())
		}
	}
	return &c
}

// loadModelSettings reads the administrator's model, if one was set.
func loadModelSettings(ctx context.Context, store *sqlstore.DB) (*modelSettings, error) {
	raw, ok, err := store.Setting(ctx, modelSettingName)
	if err != nil || !ok {
		return nil, err
	}
	var s modelSettings
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("settings %s: %w", modelSettingName, err)
	}
	return &s, nil
}

// ModelParams name a model server: model.probe tries them, model.configure
// keeps them. An absent api_key keeps the key in use; "" means none.
type ModelParams struct {
	BaseURL       string  `json:"base_url"`
	Model         string  `json:"model"`
	APIKey        *string `json:"api_key,omitempty"`
	AllowHTTPHost bool    `json:"allow_http_host,omitempty"`
	// Clear (model.configure) forgets the administrator's model: the
	// flags' applies again, or none.
	Clear bool `json:"clear,omitempty"`
}

// ModelInfo is what an administrator may see of the model in use: never
// its key.
type ModelInfo struct {
	Configured    bool        `json:"configured"`
	BaseURL       string      `json:"base_url,omitempty"`
	Model         string      `json:"model,omitempty"`
	KeySet        bool        `json:"key_set"`
	AllowHTTPHost bool        `json:"allow_http_host,omitempty"`
	Source        string      `json:"source"` // "admin", "flags" or "none"
	Status        *llm.Status `json:"status,omitempty"`
}

// ProbeResult is model.probe's answer: what the server can do, and the
// failure, if any, in both languages.
type ProbeResult struct {
	OK     bool           `json:"ok"`
	Status llm.Status     `json:"status"`
	Error  map[string]any `json:"error,omitempty"`
}

// currentModel describes the model in use.
func (a *app) currentModel() ModelInfo {
	a.modelMu.Lock()
	cfg, source := a.modelCfg, a.modelSource
	a.modelMu.Unlock()
	info := ModelInfo{Source: source}
	c := a.models.cur.Load()
	if c == nil {
		info.Source = "none"
		return info
	}
	st := c.Status()
	info.Configured, info.BaseURL, info.Model, info.KeySet, info.Status = true, cfg.BaseURL, cfg.Model, cfg.APIKey != "", &st
	info.AllowHTTPHost = cfg.AllowHTTPHost
	return info
}

// ModelGet serves model.get.
func (a *app) ModelGet(context.Context, struct{}) (ModelInfo, error) { return a.currentModel(), nil }

// settingsFrom merges params with the model in use: a missing key keeps
// the current one.
func (a *app) settingsFrom(p ModelParams) (modelSettings, error) {
	a.modelMu.Lock()
	cur := a.modelCfg
	a.modelMu.Unlock()
	s := modelSettings{BaseURL: strings.TrimSpace(p.BaseURL), Model: strings.TrimSpace(p.Model), APIKey: cur.APIKey, AllowHTTPHost: p.AllowHTTPHost}
	if p.APIKey != nil {
		s.APIKey = strings.TrimSpace(*p.APIKey)
	}
	if s.BaseURL == "" || s.Model == "" || len(s.BaseURL) > 500 || len(s.Model) > 200 || len(s.APIKey) > 500 {
		return s, domain.Errorf(domain.CodeInvalidParams, "base_url and model are required (at most 500 and 200 characters)",
			"base_url و model لازم‌اند (حداکثر ۵۰۰ و ۲۰۰ نویسه)")
	}
	cfg := s.apply(a.cfg)
	if err := checkBaseURL(cfg.OpenAIBaseURL, cfg.OpenAIAllowHTTPHosts); err != nil {
		return s, domain.Errorf(domain.CodeInvalidParams,
			"the base URL must be https, or http on this host or to a host you allow explicitly",
			"نشانی سرور باید https باشد، یا http روی همین میزبان یا به میزبانی که صریحاً اجازه می‌دهید").With("reason", err.Error())
	}
	return s, nil
}

// probeTimeout bounds model.probe: a model that is still loading answers
// the next probe.
const probeTimeout = 30 * time.Second

// ModelProbe serves model.probe: it tries a server with the settings
// given, without keeping them.
func (a *app) ModelProbe(ctx context.Context, p ModelParams) (*ProbeResult, error) {
	s, err := a.settingsFrom(p)
	if err != nil {
		return nil, err
	}
	c, err := newModel(s.apply(a.cfg), a.ops)
	if err != nil {
		return nil, domain.Errorf(domain.CodeInvalidParams, "the model settings cannot be used: "+err.Error(),
			"تنظیمات مدل قابل استفاده نیست: "+err.Error())
	}
	pctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	perr := c.Probe(pctx)
	res := &ProbeResult{OK: perr == nil, Status: c.Status()}
	if perr != nil {
		de := domain.AsError(perr)
		res.Error = rpc.ErrorData(de)
	}
	return res, nil
}

// ModelConfigure serves model.configure: it keeps the settings in the
// database, switches every feature to the new model at once (calls in
// flight finish with the old one), writes an audit row without the key,
// and probes the server in the background.
func (a *app) ModelConfigure(ctx context.Context, p ModelParams) (ModelInfo, error) {
	actor := domain.ActorFrom(ctx)
	details := map[string]any{"clear": p.Clear}
	var next *llm.Client
	var s modelSettings
	var raw []byte
	if !p.Clear {
		var err error
		if s, err = a.settingsFrom(p); err != nil {
			return ModelInfo{}, err
		}
		if next, err = newModel(s.apply(a.cfg), a.ops); err != nil {
			return ModelInfo{}, domain.Errorf(domain.CodeInvalidParams, "the model settings cannot be used: "+err.Error(),
				"تنظیمات مدل قابل استفاده نیست: "+err.Error())
		}
		raw, _ = json.Marshal(s)
		details["base_url"], details["model"], details["key_set"] = s.BaseURL, s.Model, s.APIKey != ""
	}
	detailsJSON, _ := json.Marshal(details)
	err := a.store.PutSetting(ctx, actor.Site(), modelSettingName, raw, &domain.AuditEntry{
		ReqID: domain.RequestIDFrom(ctx), Actor: actor.UserID, Action: "model.configure", Details: detailsJSON})
	if err != nil {
		return ModelInfo{}, err
	}
	source := "admin"
	if p.Clear {
		// Back to the flags' model, or none.
		s, source = modelSettings{BaseURL: a.cfg.OpenAIBaseURL, Model: a.cfg.OpenAIModel, APIKey: a.cfg.OpenAIKey}, "flags"
		next = nil
		if a.cfg.LLMConfigured() {
			if next, err = newModel(a.cfg, a.ops); err != nil {
				return ModelInfo{}, err
			}
		}
	}
	a.modelMu.Lock()
	a.modelCfg, a.modelSource = s, source
	a.modelMu.Unlock()
	a.models.cur.Store(next)
	a.ops.Info("model configured", "by", actor.Label(), "base_url", s.BaseURL, "model", s.Model, "key_set", s.APIKey != "", "cleared", p.Clear)
	if next != nil {
		go func() { _ = next.ProbeUntilAnswered(a.probeCtx, 5*time.Second, time.Minute) }()
	}
	a.events.Event(ctx, slog.LevelInfo, "model", "model_configured", slog.String("model", s.Model), slog.Bool("cleared", p.Clear))
	return a.currentModel(), nil
}
