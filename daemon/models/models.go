// Package models is the model every feature asks and the settings it is
// built from: the flags' model, or the one an administrator chose on the
// plugin's settings page (model.get, model.probe, model.configure), which
// wins until cleared. Features hold the Service as an llm.Completer, never
// a client, so a model switched while the daemon runs reaches them all at
// once.
package models

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
)

// Events records what an administrator changed, for the event log.
type Events interface {
	Event(ctx context.Context, level slog.Level, phase, evt string, attrs ...slog.Attr)
}

// Base is the model the daemon's flags name, and how every model is
// reached.
type Base struct {
	BaseURL        string
	Model          string // empty: no model from the flags
	APIKey         string
	AllowHTTPHosts []string
	CAFile         string // a private CA for the model server's https
	Timeout        time.Duration
	MaxTokens      int // a Hosha2 call's answer budget
	PlanMaxTokens  int // an ai.plan call's
	// Probe learns at start, in the background, what the server supports.
	Probe bool
}

// Service is the model in use and its settings.
type Service struct {
	base   Base
	store  domain.SettingsStore
	events Events
	ops    *slog.Logger
	// ctx bounds the background probes; it ends when the daemon stops.
	ctx context.Context

	cur    atomic.Pointer[llm.Client]
	mu     sync.Mutex
	chosen settings // what cur was built from (its key never leaves the daemon)
	source string   // "admin", "flags" or "none"
}

// settingName is the settings row of the model an administrator chose.
const settingName = "model_config"

// settings is that row: the key is kept in the daemon's own 0600
// database and never sent back to anyone.
type settings struct {
	BaseURL       string `json:"base_url"`
	Model         string `json:"model"`
	APIKey        string `json:"api_key,omitempty"`
	AllowHTTPHost bool   `json:"allow_http_host,omitempty"`
}

// New reads the administrator's model, if one was set, and builds the
// model in use: that one, else the flags', else none.
func New(ctx context.Context, base Base, store domain.SettingsStore, events Events, ops *slog.Logger) (*Service, error) {
	s := &Service{base: base, store: store, events: events, ops: ops, ctx: ctx, source: "none"}
	saved, err := s.load(ctx)
	switch {
	case err != nil:
		return nil, err
	case saved != nil:
		s.chosen, s.source = *saved, "admin"
		ops.Info("using the model configured from WordPress, not the flags'", "base_url", saved.BaseURL, "model", saved.Model)
	case base.Model != "":
		s.chosen, s.source = settings{BaseURL: base.BaseURL, Model: base.Model, APIKey: base.APIKey}, "flags"
	default:
		return s, nil
	}
	model, err := s.client(s.chosen)
	if err != nil {
		return nil, fmt.Errorf("openai: %w", err)
	}
	s.cur.Store(model)
	if base.Probe {
		// In the background: a slow or absent model server never holds
		// up the socket; what it learns shows in system.health.
		go func() { _ = model.ProbeUntilAnswered(ctx, 5*time.Second, time.Minute) }()
	}
	return s, nil
}

func (s *Service) load(ctx context.Context) (*settings, error) {
	raw, ok, err := s.store.Setting(ctx, settingName)
	if err != nil || !ok {
		return nil, err
	}
	var c settings
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("settings %s: %w", settingName, err)
	}
	return &c, nil
}

// allowedHosts are the hosts c's server may be reached at over plain
// http: the flags', and c's own when the administrator allowed it.
func (s *Service) allowedHosts(c settings) []string {
	hosts := append([]string(nil), s.base.AllowHTTPHosts...)
	if c.AllowHTTPHost {
		if u, err := url.Parse(c.BaseURL); err == nil {
			hosts = append(hosts, u.Hostname())
		}
	}
	return hosts
}

// client builds the model client of c and says in the log what an
// operator should know: no key is sent, the key travels over plain http,
// a private CA is trusted.
func (s *Service) client(c settings) (*llm.Client, error) {
	mc := llm.Config{
		BaseURL: c.BaseURL, Model: c.Model, APIKey: c.APIKey, Timeout: s.base.Timeout, Seed: 1,
		MaxTokens:      map[string]int{"generate": s.base.MaxTokens, "plan": s.base.PlanMaxTokens},
		AllowHTTPHosts: s.allowedHosts(c),
		Logger:         s.ops.With("component", "model"),
	}
	if s.base.CAFile != "" {
		pool, err := llm.LoadCA(s.base.CAFile)
		if err != nil {
			return nil, err
		}
		mc.RootCAs = pool
		s.ops.Info("model server certificates are checked against the system CAs and " + s.base.CAFile)
	}
	if u, err := url.Parse(c.BaseURL); err == nil && u.Scheme == "http" && !llm.IsLoopback(u.Hostname()) {
		s.ops.Warn("the model server is reached over plain http: prompts, forms and any key travel unencrypted on the network",
			"host", u.Host)
	}
	if c.APIKey == "" {
		s.ops.Info("no API key is configured: none is sent to the model server", "base_url", c.BaseURL, "model", c.Model)
	}
	return llm.New(mc)
}

// Complete asks the current model, or answers OPENAI_UNAVAILABLE.
func (s *Service) Complete(ctx context.Context, req llm.Request) (*llm.Response, error) {
	c := s.cur.Load()
	if c == nil {
		return nil, noModel()
	}
	return c.Complete(ctx, req)
}

// Available reports whether a model is configured now (llm.Available).
func (s *Service) Available() bool { return s.cur.Load() != nil }

// Status is what the current model's server is known to support; nil
// without a model.
func (s *Service) Status() *llm.Status {
	c := s.cur.Load()
	if c == nil {
		return nil
	}
	st := c.Status()
	return &st
}

func noModel() *domain.Error {
	return domain.Errorf(domain.CodeOpenAIUnavailable, "no model is configured; set one on the plugin's settings page or with --openai-model")
}

// Params name a model server: model.probe tries them, model.configure
// keeps them. An absent api_key keeps the key in use; "" means none.
type Params struct {
	BaseURL       string  `json:"base_url"`
	Model         string  `json:"model"`
	APIKey        *string `json:"api_key,omitempty"`
	AllowHTTPHost bool    `json:"allow_http_host,omitempty"`
	// Clear (model.configure) forgets the administrator's model: the
	// flags' applies again, or none.
	Clear bool `json:"clear,omitempty"`
}

// Info is what an administrator may see of the model in use: never its
// key.
type Info struct {
	Configured    bool        `json:"configured"`
	BaseURL       string      `json:"base_url,omitempty"`
	Model         string      `json:"model,omitempty"`
	KeySet        bool        `json:"key_set"`
	AllowHTTPHost bool        `json:"allow_http_host,omitempty"`
	Source        string      `json:"source"` // "admin", "flags" or "none"
	Status        *llm.Status `json:"status,omitempty"`
}

// ProbeResult is model.probe's answer: what the server can do, and the
// failure, if any. Failure is sent in Error as the transport shapes
// error.data, which the wiring fills in.
type ProbeResult struct {
	OK      bool           `json:"ok"`
	Status  llm.Status     `json:"status"`
	Error   map[string]any `json:"error,omitempty"`
	Failure *domain.Error  `json:"-"`
}

// Get serves model.get.
func (s *Service) Get(context.Context, struct{}) (Info, error) { return s.info(), nil }

func (s *Service) info() Info {
	s.mu.Lock()
	c, source := s.chosen, s.source
	s.mu.Unlock()
	info := Info{Source: source}
	st := s.Status()
	if st == nil {
		info.Source = "none"
		return info
	}
	info.Configured, info.BaseURL, info.Model, info.KeySet, info.Status = true, c.BaseURL, c.Model, c.APIKey != "", st
	info.AllowHTTPHost = c.AllowHTTPHost
	return info
}

// settingsFrom merges params with the model in use: a missing key keeps
// the current one.
func (s *Service) settingsFrom(p Params) (settings, error) {
	s.mu.Lock()
	cur := s.chosen
	s.mu.Unlock()
	c := settings{BaseURL: strings.TrimSpace(p.BaseURL), Model: strings.TrimSpace(p.Model), APIKey: cur.APIKey, AllowHTTPHost: p.AllowHTTPHost}
	if p.APIKey != nil {
		c.APIKey = strings.TrimSpace(*p.APIKey)
	}
	if c.BaseURL == "" || c.Model == "" || len(c.BaseURL) > 500 || len(c.Model) > 200 || len(c.APIKey) > 500 {
		return c, domain.Errorf(domain.CodeInvalidParams, "base_url and model are required (at most 500 and 200 characters)")
	}
	if err := CheckBaseURL(c.BaseURL, s.allowedHosts(c)); err != nil {
		return c, domain.Errorf(domain.CodeInvalidParams, "the base URL must be https, or http on this host or to a host you allow explicitly").With("reason", err.Error())
	}
	return c, nil
}

// probeTimeout bounds model.probe: a model that is still loading answers
// the next probe.
const probeTimeout = 30 * time.Second

// Probe serves model.probe: it tries a server with the settings given,
// without keeping them.
func (s *Service) Probe(ctx context.Context, p Params) (*ProbeResult, error) {
	c, err := s.settingsFrom(p)
	if err != nil {
		return nil, err
	}
	m, err := s.client(c)
	if err != nil {
		return nil, unusable(err)
	}
	pctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	perr := m.Probe(pctx)
	res := &ProbeResult{OK: perr == nil, Status: m.Status()}
	if perr != nil {
		res.Failure = domain.AsError(perr)
	}
	return res, nil
}

func unusable(err error) *domain.Error {
	return domain.Errorf(domain.CodeInvalidParams, "the model settings cannot be used: %s", err.Error())
}

// Configure serves model.configure: it keeps the settings in the
// database, switches every feature to the new model at once (calls in
// flight finish with the old one), writes an audit row without the key,
// and probes the server in the background.
func (s *Service) Configure(ctx context.Context, p Params) (Info, error) {
	actor := domain.ActorFrom(ctx)
	details := map[string]any{"clear": p.Clear}
	var next *llm.Client
	var c settings
	var raw []byte
	if !p.Clear {
		var err error
		if c, err = s.settingsFrom(p); err != nil {
			return Info{}, err
		}
		if next, err = s.client(c); err != nil {
			return Info{}, unusable(err)
		}
		raw, _ = json.Marshal(c)
		details["base_url"], details["model"], details["key_set"] = c.BaseURL, c.Model, c.APIKey != ""
	}
	detailsJSON, _ := json.Marshal(details)
	err := s.store.PutSetting(ctx, actor.Site(), settingName, raw, &domain.AuditEntry{
		ReqID: domain.RequestIDFrom(ctx), Actor: actor.UserID, Action: "model.configure", Details: detailsJSON})
	if err != nil {
		return Info{}, err
	}
	source := "admin"
	if p.Clear {
		// Back to the flags' model, or none.
		c, source = settings{BaseURL: s.base.BaseURL, Model: s.base.Model, APIKey: s.base.APIKey}, "flags"
		next = nil
		if s.base.Model != "" {
			if next, err = s.client(c); err != nil {
				return Info{}, err
			}
		}
	}
	s.mu.Lock()
	s.chosen, s.source = c, source
	s.mu.Unlock()
	s.cur.Store(next)
	s.ops.Info("model configured", "by", actor.Label(), "base_url", c.BaseURL, "model", c.Model, "key_set", c.APIKey != "", "cleared", p.Clear)
	if next != nil {
		go func() { _ = next.ProbeUntilAnswered(s.ctx, 5*time.Second, time.Minute) }()
	}
	s.events.Event(ctx, slog.LevelInfo, "model", "model_configured", slog.String("model", c.Model), slog.Bool("cleared", p.Clear))
	return s.info(), nil
}

// CheckBaseURL allows https anywhere and plain http only on loopback or
// to a host the operator named, so a key is never sent in clear over a
// network nobody chose.
func CheckBaseURL(raw string, allowHTTP []string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("--openai-base-url %q is not an absolute URL", raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		h := u.Hostname()
		if h == "localhost" || h == "::1" || strings.HasPrefix(h, "127.") || llm.PlainHTTPAllowed(h, allowHTTP) {
			return nil
		}
		return fmt.Errorf("--openai-base-url %q: plain http is allowed only on loopback or to a host named with --openai-allow-http-host; use https", raw)
	}
	return fmt.Errorf("--openai-base-url %q: scheme must be https", raw)
}
