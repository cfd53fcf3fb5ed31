package llm_test

import (
	"bytes"
	"context"
	"encoding/pem"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

const good = `{"answer":"سلام","temperature":21.5}`

func formats(srv *llmtest.Server) []string {
	var out []string
	for _, r := range srv.Requests() {
		t, _ := r.ResponseFormat()["type"].(string)
		if t == "" {
			t = "none"
		}
		out = append(out, t)
	}
	return out
}

func logged(*testing.T) (*slog.Logger, *bytes.Buffer) {
	var b bytes.Buffer
	return slog.New(slog.NewTextHandler(&b, nil)), &b
}

// A server that refuses json_schema ends on json_object with the schema
// in the prompt; the rung is learned once and the next call starts there.
func TestLadderStepsDownWhenJSONSchemaIsRefused(t *testing.T) {
	for name, refusal := range map[string]llmtest.Reply{"ollama": llmtest.OllamaSchemaRejected(), "vllm": llmtest.VLLMSchemaRejected()} {
		t.Run(name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Then(llmtest.RejectsJSONSchema(refusal, llmtest.Static(good)))
			log, buf := logged(t)
			c := client(t, srv, func(cfg *llm.Config) { cfg.Logger = log })
			resp, err := c.Complete(context.Background(), ask())
			if err != nil {
				t.Fatal(err)
			}
			if resp.Content != good || resp.Attempts != 2 {
				t.Fatalf("response %+v", resp)
			}
			if got := strings.Join(formats(srv), ","); got != "json_schema,json_object" {
				t.Fatalf("formats %s", got)
			}
			if !srv.Requests()[1].SystemHasSchema() {
				t.Fatal("json_object request without the schema in the prompt")
			}
			if st := c.Status(); st.Structured != "json_object" || !st.Reachable {
				t.Fatalf("status %+v", st)
			}
			if !strings.Contains(buf.String(), "server_message") || !strings.Contains(buf.String(), "json_object") {
				t.Fatalf("the step down is not logged with the server's words: %s", buf.String())
			}
			if _, err := c.Complete(context.Background(), ask()); err != nil || srv.RequestCount() != 3 {
				t.Fatalf("second call: %v, %d requests", err, srv.RequestCount())
			}
			if f := formats(srv); f[2] != "json_object" {
				t.Fatalf("second call asked with %s", f[2])
			}
		})
	}
}

// A server that takes no response_format at all ends on plain text.
func TestLadderReachesPlainText(t *testing.T) {
	srv := llmtest.New(t)
	srv.Then(llmtest.RejectsResponseFormat(func(llmtest.Request) string { return "```json\n" + good + "\n```" }))
	c := client(t, srv, nil)
	resp, err := c.Complete(context.Background(), ask())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != good || strings.Join(formats(srv), ",") != "json_schema,json_object,none" || c.Status().Structured != "none" {
		t.Fatalf("%+v %v %+v", resp, formats(srv), c.Status())
	}
}

// Old Ollama drops the schema: fenced JSON or JSON in prose is taken out
// and checked, and the server is asked without response_format after.
func TestServerThatIgnoresResponseFormat(t *testing.T) {
	for _, fenced := range []bool{true, false} {
		srv := llmtest.New(t)
		srv.Then(llmtest.IgnoresResponseFormat(llmtest.Static(good), fenced))
		c := client(t, srv, nil)
		for i := 0; i < 2; i++ {
			resp, err := c.Complete(context.Background(), ask())
			if err != nil {
				t.Fatal(err)
			}
			if resp.Content != good {
				t.Fatalf("fenced=%v content %q", fenced, resp.Content)
			}
		}
		if got := strings.Join(formats(srv), ","); got != "json_schema,none" || c.Status().Structured != "none" {
			t.Fatalf("fenced=%v formats %s", fenced, got)
		}
	}
}

// Below strict mode an answer that breaks the schema is sent back with
// the violations, at most twice; then the call fails, naming them.
func TestRepairsOnLowerRungs(t *testing.T) {
	srv := llmtest.New(t, llmtest.VLLMSchemaRejected(), llmtest.Reply{Content: `{"answer":1}`}, llmtest.Reply{Content: good})
	resp, err := client(t, srv, nil).Complete(context.Background(), ask())
	if err != nil || resp.Content != good {
		t.Fatalf("%v %+v", err, resp)
	}
	last := srv.Requests()[2]
	if msgs, _ := last.Body["messages"].([]any); len(msgs) != 4 || !strings.Contains(string(last.Raw), "not valid") {
		t.Fatalf("repair request: %s", last.Raw)
	}

	srv = llmtest.New(t, llmtest.VLLMSchemaRejected())
	srv.Then(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"answer":1}`} })
	_, err = client(t, srv, nil).Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrInvalidResponse, domain.CodeSchemaInvalid)
	if srv.RequestCount() != 1+1+llm.MaxRepairs || !strings.Contains(le.Error(), "corrections") {
		t.Fatalf("%d requests, %v", srv.RequestCount(), le)
	}
}

// vLLM with an 8,192-token window and the default 8000-token budget:
// the budget is lowered to what the server says is left, once.
func TestVLLMContextLowersMaxTokens(t *testing.T) {
	srv := llmtest.New(t)
	srv.Then(llmtest.VLLMContext(8192, llmtest.Static(good)))
	log, buf := logged(t)
	c := client(t, srv, func(cfg *llm.Config) { cfg.Logger = log })
	req := ask()
	req.MaxTokens = 8000
	req.User = strings.Repeat("فرم ثبت‌نام ", 300)
	resp, err := c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || resp.Content != good {
		t.Fatalf("%d requests", len(reqs))
	}
	prompt := reqs[0].PromptTokens()
	if got, want := reqs[1].MaxTokens(), 8192-prompt-32; got != want {
		t.Fatalf("lowered max_tokens %d, want %d", got, want)
	}
	if c.Status().ContextTokens != 8192 || !strings.Contains(buf.String(), "max_tokens_was=8000") {
		t.Fatalf("status %+v log %s", c.Status(), buf.String())
	}
}

// A prompt that alone fills the window is MODEL_LIMIT, naming the window.
func TestPromptTooLongForTheContextIsModelLimit(t *testing.T) {
	for name, fn := range map[string]func(int, llmtest.Answer) func(llmtest.Request) llmtest.Reply{
		"vllm": llmtest.VLLMContext, "llama.cpp": llmtest.LlamaCppContext,
	} {
		srv := llmtest.New(t)
		srv.Then(fn(1024, llmtest.Static(good)))
		req := ask()
		req.User = strings.Repeat("x", 8000)
		_, err := client(t, srv, nil).Complete(context.Background(), req)
		le := checkFailure(t, err, llm.ErrInvalidRequest, domain.CodeModelLimit)
		if le.Cause != llm.CauseContextTooSmall || !strings.Contains(le.Domain().Text().String(), "1024 tokens") || srv.RequestCount() != 1 {
			t.Fatalf("%s: %+v, %d requests", name, le, srv.RequestCount())
		}
	}
}

func TestKeylessServerGetsNoAuthorization(t *testing.T) {
	srv := llmtest.New(t)
	srv.Then(llmtest.Keyless(llmtest.Static(good)))
	c := client(t, srv, func(cfg *llm.Config) { cfg.APIKey = "" })
	if _, err := c.Complete(context.Background(), ask()); err != nil {
		t.Fatal(err)
	}
	if a := srv.Requests()[0].Authorization; a != "" {
		t.Fatalf("Authorization %q sent with no key", a)
	}
	// A server that wants one after all says so precisely.
	srv2 := llmtest.New(t, llmtest.Reply{Status: 401})
	_, err := client(t, srv2, func(cfg *llm.Config) { cfg.APIKey = "" }).Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrInvalidAPIKey, domain.CodeOpenAIUnavailable)
	if !strings.Contains(le.Domain().Text().String(), "requires an API key") {
		t.Fatal(le.Domain().Text().String())
	}
}

// llama.cpp answers 503 "Loading model" until its weights are in.
func TestServerSlowToStart(t *testing.T) {
	srv := llmtest.New(t)
	srv.Then(llmtest.LoadingFirst(2, llmtest.Keyless(llmtest.Static(good))))
	resp, err := client(t, srv, nil).Complete(context.Background(), ask())
	if err != nil || resp.Content != good || resp.Attempts != 3 {
		t.Fatalf("%v %+v", err, resp)
	}
	srv = llmtest.New(t)
	srv.Then(llmtest.LoadingFirst(10, llmtest.Keyless(llmtest.Static(good))))
	_, err = client(t, srv, nil).Complete(context.Background(), ask())
	checkFailure(t, err, llm.ErrModelOverloaded, domain.CodeOpenAIUnavailable)
}

func TestModelNotFound(t *testing.T) {
	srv := llmtest.New(t, llmtest.ModelNotFound("test-model"))
	_, err := client(t, srv, nil).Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrInvalidRequest, domain.CodeOpenAIUnavailable)
	if le.Cause != llm.CauseModelNotFound || srv.RequestCount() != 1 || !strings.Contains(le.Domain().Text().String(), "does not serve the configured model") {
		t.Fatalf("%+v", le)
	}
}

func TestUnreachableNamesTheHost(t *testing.T) {
	srv := llmtest.NewServer()
	url := srv.URL()
	srv.Close()
	c := client(t, srv, func(cfg *llm.Config) { cfg.BaseURL = url; cfg.MaxRetries = -1 })
	_, err := c.Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrNetworkError, domain.CodeOpenAIUnavailable)
	if le.Cause != llm.CauseUnreachable || !strings.Contains(le.Domain().Text().String(), "127.0.0.1") || c.Status().Reachable {
		t.Fatalf("%+v %s", le, le.Domain().Text().String())
	}
}

func TestProbeLearnsWhatTheServerCan(t *testing.T) {
	srv := llmtest.New(t)
	srv.Models(llmtest.Model{ID: "test-model", MaxModelLen: 8192}, llmtest.Model{ID: "other"})
	srv.Then(llmtest.RejectsJSONSchema(llmtest.VLLMSchemaRejected(), llmtest.Static(`{"arshline_probe":7}`)))
	c := client(t, srv, nil)
	if st := c.Status(); st.Structured != "unknown" || st.Probed {
		t.Fatalf("before the probe: %+v", st)
	}
	if err := c.Probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	st := c.Status()
	if !st.Reachable || st.Structured != "json_object" || st.ContextTokens != 8192 || st.ModelListed == nil || !*st.ModelListed || !st.Probed {
		t.Fatalf("after the probe: %+v", st)
	}
}

func TestPlainHTTPOnlyToNamedHosts(t *testing.T) {
	if _, err := llm.New(llm.Config{BaseURL: "http://ollama:11434/v1", Model: "m"}); err == nil {
		t.Fatal("plain http to a LAN host was allowed unnamed")
	}
	if _, err := llm.New(llm.Config{BaseURL: "http://ollama:11434/v1", Model: "m", AllowHTTPHosts: []string{"OLLAMA"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := llm.New(llm.Config{BaseURL: "http://10.0.0.5/v1", Model: "m", AllowHTTPHosts: []string{"ollama"}}); err == nil {
		t.Fatal("another host was allowed")
	}
}

func TestPrivateCA(t *testing.T) {
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":"x","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"{\"answer\":\"a\",\"temperature\":1}"},"finish_reason":"stop"}]}`))
	}))
	defer ts.Close()
	// Without the CA the certificate is not trusted, and the message says what to do.
	c, err := llm.New(llm.Config{BaseURL: ts.URL + "/v1", Model: "m", MaxRetries: -1, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrNetworkError, domain.CodeOpenAIUnavailable)
	if le.Cause != llm.CauseTLS || !strings.Contains(le.Domain().Text().String(), "--openai-ca-file") {
		t.Fatalf("%+v", le)
	}
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ts.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	pool, err := llm.LoadCA(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err = llm.New(llm.Config{BaseURL: ts.URL + "/v1", Model: "m", RootCAs: pool, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(context.Background(), ask()); err != nil {
		t.Fatal(err)
	}
	if _, err := llm.LoadCA(filepath.Join(t.TempDir(), "none.pem")); err == nil {
		t.Fatal("a missing CA file loaded")
	}
}

// Old Ollama drops json_schema and the model writes JSON of its own
// shape: the probe's strict answer breaks the schema, so the server is
// asked with the schema in the prompt from then on. Ordinary calls take
// two such answers in a row to conclude the same.
func TestBareJSONThatIgnoresTheSchema(t *testing.T) {
	ignoring := func(want string) func(llmtest.Request) llmtest.Reply {
		return func(r llmtest.Request) llmtest.Reply {
			if r.SystemHasSchema() {
				return llmtest.Reply{Content: want}
			}
			return llmtest.Reply{Content: `{"reply":"hello"}`}
		}
	}
	srv := llmtest.New(t)
	srv.Then(ignoring(`{"arshline_probe":7}`))
	c := client(t, srv, nil)
	if err := c.Probe(context.Background()); err != nil || c.Status().Structured != "none" {
		t.Fatalf("%v %+v", err, c.Status())
	}

	srv = llmtest.New(t)
	srv.Then(ignoring(good))
	c = client(t, srv, nil)
	if resp, err := c.Complete(context.Background(), ask()); err != nil || resp.Content != `{"reply":"hello"}` {
		t.Fatalf("first strict answer goes to the caller: %v %+v", err, resp)
	}
	resp, err := c.Complete(context.Background(), ask())
	if err != nil || resp.Content != good || c.Status().Structured != "none" {
		t.Fatalf("second: %v %+v %+v", err, resp, c.Status())
	}
}

// A server still loading its model when the daemon starts is probed
// again until it answers.
func TestProbeWaitsForAServerThatIsLoading(t *testing.T) {
	srv := llmtest.New(t)
	srv.Then(llmtest.LoadingFirst(5, llmtest.Keyless(llmtest.Static(`{"arshline_probe":7}`))))
	c := client(t, srv, func(cfg *llm.Config) { cfg.MaxRetries = -1 })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.ProbeUntilAnswered(ctx, time.Millisecond, 5*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if st := c.Status(); !st.Reachable || st.Structured != "json_schema" || st.LastError != "" {
		t.Fatalf("%+v", st)
	}
}
