package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

var answerSchema = json.RawMessage(`{"type":"object","additionalProperties":false,"required":["answer","temperature"],
"properties":{"answer":{"type":"string"},"temperature":{"type":"number"}}}`)

func client(t *testing.T, srv *llmtest.Server, tweak func(*llm.Config)) *llm.Client {
	t.Helper()
	cfg := llm.Config{
		BaseURL: srv.URL(), Model: "test-model", APIKey: "sk-test-key", Timeout: 5 * time.Second, Seed: 42,
		Backoff: time.Millisecond, Jitter: func() float64 { return 0 },
	}
	if tweak != nil {
		tweak(&cfg)
	}
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ask() llm.Request {
	return llm.Request{System: "answer briefly", User: "سلام", SchemaName: "answer", Schema: answerSchema, MaxTokens: 100}
}

func TestCompleteSendsDeterministicStrictRequest(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"answer":"hi","temperature":21.5}`, Usage: llmtest.Usage{Prompt: 11, Completion: 7}})
	resp, err := client(t, srv, nil).Complete(context.Background(), ask())
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != `{"answer":"hi","temperature":21.5}` || resp.FinishReason != "stop" || resp.Attempts != 1 {
		t.Fatalf("response = %+v", resp)
	}
	if resp.Usage != (llm.Usage{Prompt: 11, Completion: 7, Total: 18}) {
		t.Fatalf("usage = %+v", resp.Usage)
	}
	if resp.Model != "test-model" || resp.Latency <= 0 {
		t.Fatalf("model %q latency %v", resp.Model, resp.Latency)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if temp, ok := r.Temperature(); !ok || temp != 0 {
		t.Fatalf("temperature on the wire: %v present=%v; body %s", temp, ok, r.Raw)
	}
	if seed, ok := r.Seed(); !ok || seed != 42 {
		t.Fatalf("seed on the wire: %v present=%v", seed, ok)
	}
	if r.Authorization != "Bearer sk-test-key" {
		t.Fatalf("authorization %q", r.Authorization)
	}
	if r.Message("system") != "answer briefly" || r.Message("user") != "سلام" {
		t.Fatalf("messages: %s", r.Raw)
	}
	if max, _ := r.Body["max_tokens"].(float64); max != 100 {
		t.Fatalf("max_tokens = %v", r.Body["max_tokens"])
	}
	rf := r.ResponseFormat()
	js, _ := rf["json_schema"].(map[string]any)
	if rf["type"] != "json_schema" || js["strict"] != true || js["name"] != "answer" {
		t.Fatalf("response_format = %v", rf)
	}
	// The schema travels unchanged, its own "temperature" property included.
	got, _ := json.Marshal(js["schema"])
	var want any
	json.Unmarshal(answerSchema, &want)
	wantJSON, _ := json.Marshal(want)
	if string(got) != string(wantJSON) {
		t.Fatalf("schema on the wire %s, want %s", got, wantJSON)
	}
}

func TestCompleteWithoutSchemaAcceptsText(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: "plain words"})
	resp, err := client(t, srv, nil).Complete(context.Background(), llm.Request{System: "s", User: "u"})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != "plain words" {
		t.Fatalf("content %q", resp.Content)
	}
	if rf := srv.Requests()[0].ResponseFormat(); rf != nil {
		t.Fatalf("response_format sent without a schema: %v", rf)
	}
	if temp, ok := srv.Requests()[0].Temperature(); !ok || temp != 0 {
		t.Fatal("temperature 0 missing without a schema")
	}
}

func TestNewChecksConfig(t *testing.T) {
	for _, c := range []struct {
		url, model string
		ok         bool
	}{
		{"https://api.openai.com/v1", "gpt-4o-mini", true},
		{"", "gpt-4o-mini", true},
		{"http://127.0.0.1:8080/v1", "m", true},
		{"http://localhost:8080/v1", "m", true},
		{"http://[::1]:8080/v1", "m", true},
		{"http://api.example.com/v1", "m", false},
		{"http://10.0.0.5/v1", "m", false},
		{"ftp://127.0.0.1/v1", "m", false},
		{"https:///v1", "m", false},
		{"://bad", "m", false},
		{"https://api.openai.com/v1", "  ", false},
	} {
		_, err := llm.New(llm.Config{BaseURL: c.url, Model: c.model})
		if (err == nil) != c.ok {
			t.Errorf("New(%q, %q): err = %v, want ok=%v", c.url, c.model, err, c.ok)
		}
	}
}

// failure is one scripted failure and what the caller must see.
type failure struct {
	name     string
	script   []llmtest.Reply
	kind     string
	code     domain.Code
	requests int // requests the server must have seen
}

func TestCompleteFailures(t *testing.T) {
	okReply := llmtest.Reply{Content: `{"answer":"ok","temperature":0}`}
	cases := []failure{
		{"401 invalid key", []llmtest.Reply{{Status: 401}}, llm.ErrInvalidAPIKey, domain.CodeOpenAIUnavailable, 1},
		{"429 exhausted", []llmtest.Reply{{Status: 429, RetryAfter: "0"}, {Status: 429, RetryAfter: "0"}, {Status: 429, RetryAfter: "3"}, okReply},
			llm.ErrRateLimit, domain.CodeRateLimit, 3},
		{"500 exhausted", []llmtest.Reply{{Status: 500}, {Status: 500}, {Status: 500}, okReply}, llm.ErrServerError, domain.CodeOpenAIUnavailable, 3},
		{"503 overloaded", []llmtest.Reply{{Status: 503}, {Status: 503}, {Status: 503}}, llm.ErrModelOverloaded, domain.CodeOpenAIUnavailable, 3},
		{"context length", []llmtest.Reply{llmtest.ContextLengthExceeded(), okReply}, llm.ErrInvalidRequest, domain.CodeModelLimit, 1},
		{"413 too large", []llmtest.Reply{{Status: 413, RawBody: "request entity too large"}}, llm.ErrInvalidRequest, domain.CodeModelLimit, 1},
		{"400 other", []llmtest.Reply{{Status: 400, ErrorCode: "model_not_found", ErrorMessage: "no such model"}, okReply},
			llm.ErrInvalidRequest, domain.CodeOpenAIUnavailable, 1},
		{"malformed body", []llmtest.Reply{{RawBody: `{"choices": [oops`}}, llm.ErrInvalidResponse, domain.CodeSchemaInvalid, 1},
		{"truncated", []llmtest.Reply{{Content: `{"answer":"o`, FinishReason: "length"}}, llm.ErrInvalidResponse, domain.CodeSchemaInvalid, 1},
		{"refusal", []llmtest.Reply{{Refusal: "I cannot help with that"}}, llm.ErrInvalidResponse, domain.CodeSchemaInvalid, 1},
		{"content filter", []llmtest.Reply{{Content: "", FinishReason: "content_filter"}}, llm.ErrInvalidResponse, domain.CodeSchemaInvalid, 1},
		// Prose to a strict request: the server ignores response_format, so
		// the client steps down, asks again and then for corrections, twice.
		{"not JSON", []llmtest.Reply{{Content: "Sure! Here is your JSON"}, {Content: "Sure!"}, {Content: "Sure!"}, {Content: "Sure!"}, okReply},
			llm.ErrInvalidResponse, domain.CodeSchemaInvalid, 4},
		{"no choices", []llmtest.Reply{{RawBody: `{"id":"x","choices":[],"usage":{"prompt_tokens":3}}`}}, llm.ErrInvalidResponse, domain.CodeSchemaInvalid, 1},
		{"error without JSON", []llmtest.Reply{{Status: 502, RawBody: "<html>bad gateway</html>"}, {Status: 502, RawBody: "<html>"}, {Status: 502, RawBody: "<html>"}},
			llm.ErrServerError, domain.CodeOpenAIUnavailable, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := llmtest.New(t, c.script...)
			_, err := client(t, srv, nil).Complete(context.Background(), ask())
			checkFailure(t, err, c.kind, c.code)
			if n := srv.RequestCount(); n != c.requests {
				t.Fatalf("server saw %d requests, want %d", n, c.requests)
			}
		})
	}
}

func checkFailure(t *testing.T, err error, kind string, code domain.Code) *llm.Error {
	t.Helper()
	var le *llm.Error
	if !errors.As(err, &le) {
		t.Fatalf("error %v (%T) is not *llm.Error", err, err)
	}
	if le.Kind != kind {
		t.Fatalf("kind %s, want %s (%v)", le.Kind, kind, err)
	}
	d := le.Domain()
	if d.Code != code {
		t.Fatalf("domain code %s, want %s", d.Code, code)
	}
	if d.Text().String() == "" || messages.Render("fa_IR", d.Text()) == "" || d.Text().String() == messages.Render("fa_IR", d.Text()) {
		t.Fatalf("messages en=%q fa=%q", d.Text().String(), messages.Render("fa_IR", d.Text()))
	}
	if d.Data["kind"] != kind {
		t.Fatalf("data.kind = %v", d.Data["kind"])
	}
	if domain.AsError(err).Code != code {
		t.Fatalf("domain.AsError = %s", domain.AsError(err).Code)
	}
	return le
}

func TestRateLimitHintIsTheServersRetryAfter(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 429, RetryAfter: "7"})
	_, err := client(t, srv, func(c *llm.Config) { c.MaxRetries = -1 }).Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrRateLimit, domain.CodeRateLimit)
	if le.RetryAfter != 7*time.Second || le.Status != 429 || le.Attempts != 1 {
		t.Fatalf("error %+v", le)
	}
	if got := le.Domain().Data["retry_after_sec"]; got != 7 {
		t.Fatalf("retry_after_sec = %v", got)
	}
	if !strings.Contains(messages.Render("fa_IR", le.Domain().Text()), "۷") {
		t.Fatalf("Persian message without the wait: %q", messages.Render("fa_IR", le.Domain().Text()))
	}
}

// TestRetryAfterBeyondTheWaitFailsAtOnce: a 429 asking for longer than
// the client may wait is not waited for (nor cut to the cap and tried
// again): the caller gets the server's own Retry-After at once.
func TestRetryAfterBeyondTheWaitFailsAtOnce(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 429, RetryAfter: "120"}, llmtest.Reply{Content: `{}`})
	_, err := client(t, srv, func(c *llm.Config) { c.MaxRetryWait = 20 * time.Second }).Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrRateLimit, domain.CodeRateLimit)
	if le.RetryAfter != 120*time.Second || srv.RequestCount() != 1 {
		t.Fatalf("retry-after %v after %d requests, want 2m0s after 1", le.RetryAfter, srv.RequestCount())
	}
	// The same when the wait would outlast the call's deadline.
	srv = llmtest.New(t, llmtest.Reply{Status: 503, RetryAfter: "3"}, llmtest.Reply{Content: `{}`})
	_, err = client(t, srv, func(c *llm.Config) { c.Timeout = 2 * time.Second }).Complete(context.Background(), ask())
	le = checkFailure(t, err, llm.ErrModelOverloaded, domain.CodeOpenAIUnavailable)
	if le.RetryAfter != 3*time.Second || srv.RequestCount() != 1 {
		t.Fatalf("retry-after %v after %d requests, want 3s after 1", le.RetryAfter, srv.RequestCount())
	}
}

// TestOneDeadlineForTheWholeCall: the attempts share --openai-timeout.
// Two slow failures of 400 ms each fit one 500 ms attempt limit each, but
// not one 500 ms call: the second is cut off and the third never made.
func TestOneDeadlineForTheWholeCall(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 500, Delay: 400 * time.Millisecond},
		llmtest.Reply{Status: 500, Delay: 400 * time.Millisecond}, llmtest.Reply{Content: `{}`})
	_, err := client(t, srv, func(c *llm.Config) { c.Timeout = 500 * time.Millisecond }).Complete(context.Background(), ask())
	if err == nil {
		t.Fatal("a call of three attempts outlived its deadline and succeeded")
	}
	if n := srv.RequestCount(); n != 2 {
		t.Fatalf("%d requests, want 2 (the third is past the deadline)", n)
	}
}

func TestRateLimitWithoutRetryAfterStillHintsAtLeastASecond(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 429})
	_, err := client(t, srv, func(c *llm.Config) { c.MaxRetries = -1 }).Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrRateLimit, domain.CodeRateLimit)
	if sec, _ := le.Domain().Data["retry_after_sec"].(int); sec < 1 {
		t.Fatalf("retry_after_sec = %v", le.Domain().Data["retry_after_sec"])
	}
}

func TestRetriesThenSucceeds(t *testing.T) {
	for _, first := range []llmtest.Reply{{Status: 429, RetryAfter: "0"}, {Status: 500}, {Status: 503}} {
		srv := llmtest.New(t, first, llmtest.Reply{Content: `{"answer":"ok","temperature":1}`})
		resp, err := client(t, srv, nil).Complete(context.Background(), ask())
		if err != nil {
			t.Fatalf("after %d: %v", first.Status, err)
		}
		if resp.Attempts != 2 || srv.RequestCount() != 2 {
			t.Fatalf("after %d: attempts %d, requests %d", first.Status, resp.Attempts, srv.RequestCount())
		}
		// Every attempt, the retried one too, says temperature 0.
		for i, r := range srv.Requests() {
			if temp, ok := r.Temperature(); !ok || temp != 0 {
				t.Fatalf("attempt %d without temperature 0", i+1)
			}
		}
	}
}

func TestConnectionRefusedIsRetriedThenNetworkError(t *testing.T) {
	srv := llmtest.NewServer()
	url := srv.URL()
	srv.Close()
	var dials atomic.Int32
	base := http.DefaultTransport.(*http.Transport).Clone()
	hc := &http.Client{Transport: countingTransport{base: base, n: &dials}}
	c, err := llm.New(llm.Config{BaseURL: url, Model: "m", HTTPClient: hc, Backoff: time.Millisecond, MaxRetries: 2})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), ask())
	le := checkFailure(t, err, llm.ErrNetworkError, domain.CodeOpenAIUnavailable)
	if le.Attempts != 3 || dials.Load() != 3 {
		t.Fatalf("attempts %d, transport calls %d, want 3", le.Attempts, dials.Load())
	}
	if sec, _ := le.Domain().Data["retry_after_sec"].(int); sec < 1 {
		t.Fatalf("no retry hint: %v", le.Domain().Data)
	}
}

type countingTransport struct {
	base http.RoundTripper
	n    *atomic.Int32
}

func (c countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.base.RoundTrip(r)
}

func TestAttemptTimeoutIsNotRetriedAndHangsUp(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Delay: time.Minute}, llmtest.Reply{Content: `{}`})
	_, err := client(t, srv, func(c *llm.Config) { c.Timeout = 100 * time.Millisecond }).Complete(context.Background(), ask())
	checkFailure(t, err, llm.ErrTimeout, domain.CodeTimeout)
	waitClosed(t, srv)
	if srv.RequestCount() != 1 {
		t.Fatalf("a timed-out attempt was retried: %d requests", srv.RequestCount())
	}
}

func TestCallerDeadlineIsTimeout(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Delay: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := client(t, srv, nil).Complete(ctx, ask())
	checkFailure(t, err, llm.ErrTimeout, domain.CodeTimeout)
	waitClosed(t, srv)
}

func TestCallerCancelAbortsTheRequestInFlight(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Delay: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := client(t, srv, nil).Complete(ctx, ask())
		done <- err
	}()
	for srv.RequestCount() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		checkFailure(t, err, llm.ErrCancelled, domain.CodeCancelled)
	case <-time.After(10 * time.Second):
		t.Fatal("Complete did not return after cancel")
	}
	waitClosed(t, srv)
}

func TestCancelDuringBackoffStopsRetrying(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 500}, llmtest.Reply{Content: `{}`})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := client(t, srv, func(c *llm.Config) {
			c.Backoff, c.MaxRetryWait, c.Timeout = 10*time.Minute, time.Hour, time.Hour
		}).Complete(ctx, ask())
		done <- err
	}()
	for srv.RequestCount() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		checkFailure(t, err, llm.ErrCancelled, domain.CodeCancelled)
	case <-time.After(10 * time.Second):
		t.Fatal("Complete kept waiting after cancel")
	}
	if srv.RequestCount() != 1 {
		t.Fatalf("retried after cancel: %d requests", srv.RequestCount())
	}
}

func TestUnusableAnswerStillReportsUsage(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"answer":"cut`, FinishReason: "length", Usage: llmtest.Usage{Prompt: 50, Completion: 100}})
	resp, err := client(t, srv, nil).Complete(context.Background(), ask())
	checkFailure(t, err, llm.ErrInvalidResponse, domain.CodeSchemaInvalid)
	if resp == nil || resp.Usage.Total != 150 || resp.FinishReason != "length" {
		t.Fatalf("response with the failure = %+v", resp)
	}
}

func waitClosed(t *testing.T, srv *llmtest.Server) {
	t.Helper()
	select {
	case <-srv.Closed():
	case <-time.After(10 * time.Second):
		t.Fatal("the server never saw the client hang up")
	}
	if srv.Aborted() < 1 {
		t.Fatal("Aborted() = 0 after Closed()")
	}
}

func TestErrorText(t *testing.T) {
	e := &llm.Error{Kind: llm.ErrServerError, Status: 500, Attempts: 3, Err: errors.New("boom")}
	if got := e.Error(); got != "llm: ERR_SERVER_ERROR (HTTP 500) after 3 attempts: boom" {
		t.Fatalf("Error() = %q", got)
	}
	if !errors.Is(e, e.Err) {
		t.Fatal("Unwrap lost the cause")
	}
}

func BenchmarkComplete(b *testing.B) {
	srv := llmtest.NewServer()
	defer srv.Close()
	srv.Then(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"answer":"ok","temperature":0}`} })
	c, err := llm.New(llm.Config{BaseURL: srv.URL(), Model: "m"})
	if err != nil {
		b.Fatal(err)
	}
	req := ask()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Complete(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}
