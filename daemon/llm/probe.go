package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// state is what the client learned about its server, kept in memory for
// the life of the process.
type state struct {
	structured    Structured // "" until learned: json_schema is tried first
	contextTokens int
	answered      bool // an HTTP answer ever came
	reachable     bool // the last call got an HTTP answer
	probed        bool
	modelListed   *bool
	models        []string // the ids /v1/models listed, at most maxListedModels
	lastCause     string
	strikes       int // strict answers in a row that broke their schema
	checkedAt     time.Time
}

// Status is what system.health shows of the model server.
type Status struct {
	// Reachable: the last call or probe got an HTTP answer.
	Reachable bool `json:"reachable"`
	// Structured is the rung learned (json_schema, json_object, none), or
	// "unknown" before any structured answer or probe.
	Structured string `json:"structured"`
	// ContextTokens is the context window the server stated (vLLM's
	// max_model_len in /v1/models, or a context error), 0 when unknown.
	ContextTokens int `json:"context_tokens"`
	// ModelListed: whether /v1/models lists the configured model; absent
	// when the list could not be read.
	ModelListed *bool `json:"model_listed,omitempty"`
	// Models are the ids /v1/models listed (at most 200): what an admin
	// picks the model from.
	Models []string `json:"models,omitempty"`
	// LastError is the cause of the last failure (Cause* or a Kind),
	// empty after a success.
	LastError string `json:"last_error,omitempty"`
	Probed    bool   `json:"probed"`
}

// Status returns what was learned so far.
func (c *Client) Status() Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := Status{Reachable: c.state.reachable, Structured: string(c.state.structured), ContextTokens: c.state.contextTokens,
		ModelListed: c.state.modelListed, Models: c.state.models, LastError: c.state.lastCause, Probed: c.state.probed}
	if st.Structured == "" {
		st.Structured = "unknown"
		if c.state.probed && c.state.reachable && c.state.lastCause == "" {
			st.Structured = string(StructuredJSONSchema)
		}
	}
	return st
}

// note records the outcome of a call.
func (c *Client) note(e *Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.state.checkedAt = time.Now()
	if e == nil {
		c.state.reachable, c.state.answered, c.state.lastCause = true, true, ""
		return
	}
	c.state.reachable = e.Status != 0
	if e.Status != 0 {
		c.state.answered = true
	}
	c.state.lastCause = e.Cause
	if c.state.lastCause == "" {
		c.state.lastCause = e.Kind
	}
	if e.ContextTokens > 0 {
		c.state.contextTokens = e.ContextTokens
	}
}

// probeSchema is the small structured request of a probe. Its one key
// and value are not in the prompt: a server that enforces the schema
// writes them, one that ignores response_format cannot guess them.
var probeSchema = json.RawMessage(`{"type":"object","additionalProperties":false,"required":["arshline_probe"],"properties":{"arshline_probe":{"type":"integer","enum":[7]}}}`)

// Probe asks the server what it can do: GET /v1/models (is the model
// there, what context does vLLM state), then a small structured request
// that finds the highest rung of the ladder the server takes. What it
// learns is kept and shown by Status; the error is the structured
// request's, nil when it succeeded.
func (c *Client) Probe(ctx context.Context) error {
	c.listModels(ctx)
	_, err := c.Complete(ctx, Request{
		System: "You check that the server answers JSON.", User: "Answer with a JSON object.",
		SchemaName: "probe", Schema: probeSchema, MaxTokens: 64, Purpose: "probe", CheckStrict: true,
	})
	c.mu.Lock()
	c.state.probed = true
	if err == nil && c.state.structured == "" {
		c.state.structured = StructuredJSONSchema
	}
	st := c.state
	c.mu.Unlock()
	attrs := []any{"model", c.cfg.Model, "host", c.host, "reachable", st.reachable, "structured", string(st.structured),
		"context_tokens", st.contextTokens}
	if err != nil {
		c.log.Warn("model probe failed", append(attrs, "err", err.Error())...)
	} else {
		c.log.Info("model probe", attrs...)
	}
	return err
}

// ProbeUntilAnswered probes, and probes again while the server cannot
// be reached or is still loading its model (a server started after the
// daemon, a model still being read from disk), waiting first, then twice
// as long each time up to most, until ctx ends. Other outcomes end it:
// they are what the server can do.
func (c *Client) ProbeUntilAnswered(ctx context.Context, first, most time.Duration) error {
	wait := first
	for {
		err := c.Probe(ctx)
		var e *Error
		if err == nil || !errors.As(err, &e) || (e.Kind != ErrNetworkError && e.Kind != ErrModelOverloaded && e.Kind != ErrTimeout) || ctx.Err() != nil {
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		wait = min(2*wait, most)
	}
}

// modelList is /v1/models as OpenAI, Ollama, vLLM and llama.cpp answer
// it; vLLM adds max_model_len to each entry (vllm/entrypoints/openai/
// protocol.py, ModelCard).
type modelList struct {
	Data []struct {
		ID          string `json:"id"`
		MaxModelLen int    `json:"max_model_len"`
	} `json:"data"`
}

// maxListedModels bounds the model ids kept from /v1/models: a hosted
// provider lists hundreds, and a dropdown of more helps no one.
const maxListedModels = 200

func (c *Client) listModels(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, min(c.cfg.Timeout, 15*time.Second))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.models, nil)
	if err != nil {
		return
	}
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.log.Warn("model server: GET /models failed", "host", c.host, "err", redact(err.Error(), c.cfg.APIKey))
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		c.log.Warn("model server: GET /models answered "+fmt.Sprint(resp.StatusCode), "host", c.host,
			"server_message", redact(bodyMessage(body), c.cfg.APIKey))
		return
	}
	var list modelList
	if err := json.Unmarshal(body, &list); err != nil {
		c.log.Warn("model server: /models is not a model list", "host", c.host, "err", err.Error())
		return
	}
	listed := false
	window := 0
	ids := make([]string, 0, len(list.Data))
	for _, m := range list.Data {
		ids = append(ids, m.ID)
		if m.ID == c.cfg.Model {
			listed, window = true, m.MaxModelLen
		}
	}
	if len(ids) > maxListedModels {
		ids = ids[:maxListedModels]
	}
	c.mu.Lock()
	c.state.modelListed = &listed
	c.state.models = ids
	c.state.reachable, c.state.answered = true, true
	if window > 0 {
		c.state.contextTokens = window
	}
	c.mu.Unlock()
	if !listed {
		c.log.Warn("model server does not list the configured model", "model", c.cfg.Model, "host", c.host, "models", ids)
	}
}
