package daemon

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/models"

	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

func parseModelFlags(t *testing.T, args ...string) (*Config, error) {
	t.Helper()
	return ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), args, func(string) string { return "" })
}

func TestModelFlags(t *testing.T) {
	// A named model with no key is on: self-hosted servers need none.
	c, err := parseModelFlags(t, "--openai-base-url", "http://127.0.0.1:11434/v1", "--openai-model", "qwen2.5:7b")
	if err != nil || !c.LLMConfigured() || c.OpenAIKey != "" || c.OpenAIMaxTokens != 8000 || c.OpenAIPlanMaxTokens != 2000 {
		t.Fatalf("%v %+v", err, c)
	}
	if _, err := parseModelFlags(t, "--openai-base-url", "http://ollama:11434/v1", "--openai-model", "m"); err == nil {
		t.Fatal("plain http to an unnamed host was accepted")
	}
	c, err = parseModelFlags(t, "--openai-base-url", "http://ollama:11434/v1", "--openai-model", "m",
		"--openai-allow-http-host", "ollama, 192.168.1.20", "--openai-max-tokens", "3000", "--openai-plan-max-tokens", "500")
	if err != nil || len(c.OpenAIAllowHTTPHosts) != 2 || c.OpenAIMaxTokens != 3000 || c.OpenAIPlanMaxTokens != 500 {
		t.Fatalf("%v %+v", err, c)
	}
	if _, err := parseModelFlags(t, "--openai-ca-file", filepath.Join(t.TempDir(), "missing.pem")); err == nil {
		t.Fatal("a missing CA file was accepted")
	}
	if _, err := parseModelFlags(t, "--openai-max-tokens", "0"); err == nil {
		t.Fatal("a zero answer budget was accepted")
	}
}

// A keyless server behind a daemon started with only --openai-model: the
// background probe learns what it can, and system.health shows it.
func TestHealthShowsTheModel(t *testing.T) {
	m := llmtest.New(t)
	m.Models(llmtest.Model{ID: "test-model", MaxModelLen: 8192})
	m.Then(llmtest.RejectsJSONSchema(llmtest.VLLMSchemaRejected(), llmtest.Static(`{"arshline_probe":7}`)))
	c, _ := startDaemonEnv(t, func(string) string { return "" }, "--openai-base-url", m.URL(), "--openai-model", "test-model")
	deadline := time.Now().Add(10 * time.Second)
	for {
		var h Health
		call(t, c, "system.health", nil, &h)
		if !h.LLMConfigured || h.Model == nil {
			t.Fatalf("health %+v", h)
		}
		if h.Model.Probed {
			if !h.Model.Reachable || h.Model.Structured != "json_object" || h.Model.ContextTokens != 8192 {
				t.Fatalf("model %+v", *h.Model)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the probe never finished")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, r := range m.Requests() {
		if r.Authorization != "" {
			t.Fatalf("Authorization %q sent with no key", r.Authorization)
		}
	}
}

// TestModelConfiguredFromWordPress: with no model in the flags, an
// administrator probes a server, configures it, and Hosha2 uses it at
// once; the key is never shown, the change is audited, it outlives a
// restart, and only manage_options may make it.
func TestModelConfiguredFromWordPress(t *testing.T) {
	m := llmtest.New(t)
	m.Models(llmtest.Model{ID: "qwen2.5:7b"}, llmtest.Model{ID: "llama3.1:8b"})
	m.Then(func(r llmtest.Request) llmtest.Reply {
		if strings.Contains(string(r.Raw), "arshline_probe") {
			return llmtest.Reply{Content: `{"arshline_probe":7}`}
		}
		return llmtest.Reply{Content: hosha2Reply}
	})
	dir := t.TempDir()
	db := filepath.Join(dir, "kept.db")
	c, _ := startDaemon(t, "--db", db)
	var info models.Info
	call(t, c, "model.get", nil, &info)
	if info.Configured || info.Source != "none" {
		t.Fatalf("model.get with no model: %+v", info)
	}
	var created struct{ Form domain.Form }
	call(t, c, "forms.create", map[string]any{"title": "x"}, &created)
	if code := callErr(t, c, "hosha2.generate", map[string]any{"form_id": created.Form.ID, "prompt": "فرم تماس", "wait": true}); code != domain.CodeOpenAIUnavailable {
		t.Fatalf("generate with no model: %v", code)
	}

	const key = "sk-secret-key-1234567890"
	var probe models.ProbeResult
	call(t, c, "model.probe", map[string]any{"base_url": m.URL(), "model": "qwen2.5:7b", "api_key": key}, &probe)
	if !probe.OK || !probe.Status.Reachable || len(probe.Status.Models) != 2 || probe.Status.Models[1] != "llama3.1:8b" {
		t.Fatalf("probe: %+v", probe)
	}
	// A probe changes nothing.
	call(t, c, "model.get", nil, &info)
	if info.Configured {
		t.Fatal("model.probe configured the model")
	}
	// Refusals: plain http to a LAN host without allowing it; an operator
	// without manage_options.
	if code := callErr(t, c, "model.configure", map[string]any{"base_url": "http://192.168.1.20:11434/v1", "model": "m"}); code != domain.CodeInvalidParams {
		t.Fatalf("plain http to a LAN host: %v", code)
	}
	admin := map[string]any{"user_id": 3, "caps": []string{"manage_arshline_forms"}}
	if code := callErr(t, c, "model.configure", map[string]any{"base_url": m.URL(), "model": "m", "actor": admin}); code != domain.CodeForbidden {
		t.Fatalf("configure without manage_options: %v", code)
	}

	var raw json.RawMessage
	call(t, c, "model.configure", map[string]any{"base_url": m.URL(), "model": "qwen2.5:7b", "api_key": key}, &raw)
	if strings.Contains(string(raw), key) || !strings.Contains(string(raw), `"key_set":true`) {
		t.Fatalf("model.configure answered %s", raw)
	}
	call(t, c, "hosha2.generate", map[string]any{"form_id": created.Form.ID, "prompt": "فرم تماس", "wait": true}, nil)
	last := m.Requests()[len(m.Requests())-1]
	if last.Authorization != "Bearer "+key {
		t.Fatalf("the configured key was not sent: %q", last.Authorization)
	}
	var audit []domain.AuditEntry
	call(t, c, "audit.list", map[string]any{"limit": 10}, &audit)
	found := false
	for _, a := range audit {
		if a.Action == "model.configure" {
			found = true
			if strings.Contains(string(a.Details), key) {
				t.Fatalf("the audit row holds the key: %s", a.Details)
			}
		}
	}
	if !found {
		t.Fatal("no audit row for model.configure")
	}

	// A restart keeps it; clearing it goes back to the flags' (none).
	c2, _ := startDaemon(t, "--db", db)
	call(t, c2, "model.get", nil, &info)
	if !info.Configured || info.Source != "admin" || info.Model != "qwen2.5:7b" || !info.KeySet {
		t.Fatalf("after a restart: %+v", info)
	}
	call(t, c2, "model.configure", map[string]any{"clear": true}, &info)
	if info.Configured || info.Source != "none" {
		t.Fatalf("after clear: %+v", info)
	}
}

const hosha2Reply = `{"intent":"generate","diagnostics":{"notes":[],"riskFlags":[]},"final_form":{"version":"arshline_form@v1","title":"تماس","fields":[{"id":"f1","type":"text","label":"نام","required":true,"placeholder":null,"help_text":null,"options":null,"scale":null,"html":null}]},"diff":[],"ui_hints":{"previewTips":[],"emptyStates":[]},"token_usage":{"prompt":1,"completion":1,"total":2}}`
