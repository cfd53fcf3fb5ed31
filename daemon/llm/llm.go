// Package llm is the daemon's client of OpenAI-compatible chat-completion
// servers. It asks for strict json_schema answers with temperature 0 and a
// fixed seed (both really sent on the wire), retries 429, 5xx and
// connection failures a bounded number of times honouring Retry-After, and
// turns every failure into one *Error whose Kind follows the Hosha2
// taxonomy (ERR_TIMEOUT, ERR_RATE_LIMIT, …) and whose Domain() is the
// envelope error the user sees. Re-asking after an answer that fails
// validation is the caller's business, not this package's.
package llm

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Request is one structured-output chat completion.
type Request struct {
	System, User string
	// SchemaName and Schema ask for a strict json_schema response format;
	// with no Schema the model answers free text.
	SchemaName string
	Schema     json.RawMessage
	MaxTokens  int
	// Purpose names the caller ("generate", "plan", "probe") for the
	// per-purpose answer budget and the log.
	Purpose string
	// CheckStrict makes one strict answer that breaks its schema enough
	// to take the server for one that ignores json_schema (the probe).
	CheckStrict bool
}

// Usage counts the tokens the server billed for one completion.
type Usage struct {
	Prompt, Completion, Total int
}

// Response is the model's answer.
type Response struct {
	Content      string
	FinishReason string
	Refusal      string
	Usage        Usage
	Model        string
	Latency      time.Duration // of the whole call, retries and waits included
	Attempts     int           // HTTP attempts made, 1 when the first one answered
}

// Completer is what callers need of a model; *Client implements it and
// tests may substitute anything that answers the same way.
type Completer interface {
	Complete(ctx context.Context, req Request) (*Response, error)
}

// Available reports whether c can be asked at all: false for nil, and
// for a Completer that says it has no model now (one the operator can
// configure while the daemon runs).
func Available(c Completer) bool {
	if c == nil {
		return false
	}
	if a, ok := c.(interface{ Available() bool }); ok {
		return a.Available()
	}
	return true
}

// DefaultBaseURL is OpenAI's API.
const DefaultBaseURL = "https://api.openai.com/v1"

// Defaults for the zero values of Config.
const (
	DefaultTimeout      = 60 * time.Second
	DefaultMaxRetries   = 2
	DefaultBackoff      = 500 * time.Millisecond
	DefaultMaxRetryWait = 20 * time.Second
	// DefaultMaxAnswerBytes caps what is read of one HTTP answer: a form
	// answer is tens of KB, and the cap stays far below the daemon's
	// memory limit however many jobs run at once.
	DefaultMaxAnswerBytes = 2 << 20
)

// Config configures a Client.
type Config struct {
	BaseURL string // https, or http on a loopback address; DefaultBaseURL when empty
	Model   string
	APIKey  string
	// Timeout bounds one Complete call: its attempts, the waits between
	// them and the steps down the capability ladder together. An attempt
	// that runs out is ERR_TIMEOUT and is not retried, because a slow
	// model stays slow.
	Timeout time.Duration
	// MaxRetries is how many times 429, 5xx and connection failures are
	// retried: 0 means DefaultMaxRetries, a negative value none at all.
	MaxRetries int
	Seed       int
	HTTPClient *http.Client // its Transport is reused; nil uses http.DefaultTransport

	// Backoff is the first retry's wait when the server gives no
	// Retry-After; each later one doubles. Zero means DefaultBackoff.
	Backoff time.Duration
	// MaxRetryWait caps any single wait, Retry-After included, so a server
	// cannot park a request for minutes. Zero means DefaultMaxRetryWait.
	MaxRetryWait time.Duration
	// Jitter returns a number in [0, 1) that spreads backoff waits; nil
	// uses math/rand/v2. Tests inject a fixed source.
	Jitter func() float64

	// MaxAnswerBytes caps the bytes read of one HTTP answer (success or
	// error body); a longer answer fails with CauseAnswerTooLarge
	// (MODEL_LIMIT) and is not asked for again. Zero means
	// DefaultMaxAnswerBytes.
	MaxAnswerBytes int64

	// MaxTokens overrides Request.MaxTokens per Request.Purpose (e.g.
	// "generate", "plan"); a missing or zero entry keeps the request's own.
	MaxTokens map[string]int
	// AllowHTTPHosts are hosts the operator named for plain http beyond
	// loopback (a LAN box, a docker service name).
	AllowHTTPHosts []string
	// RootCAs, when set, are trusted for https instead of the system
	// pool only (a private CA); see LoadCA.
	RootCAs *x509.CertPool
	// Logger receives each step down the capability ladder, each lowered
	// answer budget and each failed call with the server's own message
	// (redacted). nil discards.
	Logger *slog.Logger
}

// Client is a Completer over any OpenAI-compatible server, reached with
// go-openai and a custom BaseURL.
type Client struct {
	cfg    Config
	client *openai.Client
	host   string
	models string // GET …/models
	hc     *http.Client
	log    *slog.Logger

	mu    sync.Mutex
	state state
}

// New checks cfg and builds the client.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	if err := CheckBaseURL(cfg.BaseURL, cfg.AllowHTTPHosts); err != nil {
		return nil, err
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("llm: a model name is required")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = DefaultMaxRetries
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.MaxRetryWait <= 0 {
		cfg.MaxRetryWait = DefaultMaxRetryWait
	}
	if cfg.Jitter == nil {
		cfg.Jitter = rand.Float64
	}
	if cfg.MaxAnswerBytes <= 0 {
		cfg.MaxAnswerBytes = DefaultMaxAnswerBytes
	}
	base := http.DefaultTransport
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		*hc = *cfg.HTTPClient
		if hc.Transport != nil {
			base = hc.Transport
		}
	}
	if cfg.RootCAs != nil {
		t, ok := base.(*http.Transport)
		if !ok {
			return nil, errors.New("llm: a CA file needs the standard HTTP transport")
		}
		t = t.Clone()
		if t.TLSClientConfig == nil {
			t.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		t.TLSClientConfig.RootCAs = cfg.RootCAs
		base = t
	}
	hc.Transport = &wireTransport{base: base, keyless: cfg.APIKey == "", maxBody: cfg.MaxAnswerBytes}
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	oc.HTTPClient = hc
	u, _ := url.Parse(cfg.BaseURL)
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Client{cfg: cfg, client: openai.NewClientWithConfig(oc), host: u.Host, models: oc.BaseURL + "/models", hc: hc, log: log}, nil
}

// LoadCA reads a PEM file of CA certificates and returns the system pool
// with them added.
func LoadCA(path string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("llm: CA file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("llm: CA file %s holds no PEM certificate", path)
	}
	return pool, nil
}

// CheckBaseURL lets the key travel only over TLS, to this machine (where
// tests and local models listen), or over plain http to a host the
// operator named in allowHTTP.
func CheckBaseURL(raw string, allowHTTP []string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("llm: base URL %q: %w", raw, err)
	}
	if u.Host == "" {
		return fmt.Errorf("llm: base URL %q has no host", raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if isLoopback(u.Hostname()) || PlainHTTPAllowed(u.Hostname(), allowHTTP) {
			return nil
		}
		return fmt.Errorf("llm: base URL %q must use https (plain http only to a loopback address or a host named with --openai-allow-http-host)", raw)
	}
	return fmt.Errorf("llm: base URL %q must use https", raw)
}

// PlainHTTPAllowed reports whether host is one the operator named.
func PlainHTTPAllowed(host string, allowHTTP []string) bool {
	for _, h := range allowHTTP {
		h = strings.TrimSpace(h)
		if h != "" && strings.EqualFold(strings.Trim(h, "[]"), strings.Trim(host, "[]")) {
			return true
		}
	}
	return false
}

// IsLoopback reports whether host is this machine.
func IsLoopback(host string) bool { return isLoopback(host) }

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Model returns the configured model name, for logs.
func (c *Client) Model() string { return c.cfg.Model }

// Complete asks for one answer. A request with a Schema climbs down the
// server's capability ladder (see ladder.go); one without is a plain
// completion. Failures are *Error. When the server answered but the
// answer is unusable (a refusal, a truncated or non-JSON reply to a
// schema request), the Response is returned as well, so the caller can
// log the tokens it cost.
func (c *Client) Complete(ctx context.Context, req Request) (*Response, error) {
	if n := c.cfg.MaxTokens[req.Purpose]; n > 0 {
		req.MaxTokens = n
	}
	start := time.Now()
	// One deadline for the whole call: every attempt, every wait between
	// them and every step down the capability ladder share Timeout (a
	// caller's earlier deadline wins), so a call never takes three
	// timeouts plus waits.
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	var (
		out *Response
		err error
	)
	if len(req.Schema) == 0 {
		tally := &Response{}
		var resp openai.ChatCompletionResponse
		resp, err = c.call(ctx, req, c.chatRequest(req), tally)
		if err == nil {
			out, err = c.answer(req, resp, tally)
		}
	} else {
		out, err = c.ladder(ctx, req)
	}
	if out != nil {
		out.Latency = time.Since(start)
	}
	if err != nil {
		var lerr *Error
		if errors.As(err, &lerr) {
			c.note(lerr)
			c.log.Warn("model call failed", "purpose", req.Purpose, "model", c.cfg.Model, "kind", lerr.Kind,
				"cause", lerr.Cause, "status", lerr.Status, "server_message", lerr.ServerMessage)
		}
		return out, err
	}
	c.note(nil)
	return out, nil
}

// call makes one logical request: retried on transient failures and,
// once, with a lower max_tokens when the server said its context window
// cannot hold the answer budget asked for.
func (c *Client) call(ctx context.Context, req Request, creq openai.ChatCompletionRequest, tally *Response) (openai.ChatCompletionResponse, error) {
	resp, err := c.send(ctx, creq, tally)
	if err == nil || !err.tooLarge {
		return resp, errOrNil(err)
	}
	//lint:ignore SA1019 the name every OpenAI-compatible server reads
	was := creq.MaxTokens
	lower := c.lowerBudget(err, was, creq.Messages)
	if lower <= 0 {
		return resp, err
	}
	c.log.Warn("model context too small for the answer budget; asking again with less",
		"purpose", req.Purpose, "model", c.cfg.Model, "context_tokens", err.ContextTokens, "prompt_tokens", err.PromptTokens,
		"max_tokens_was", was, "max_tokens", lower, "server_message", err.ServerMessage)
	//lint:ignore SA1019 the name every OpenAI-compatible server reads
	creq.MaxTokens = lower
	resp, err = c.send(ctx, creq, tally)
	return resp, errOrNil(err)
}

// errOrNil keeps a nil *Error from becoming a non-nil error.
func errOrNil(e *Error) error {
	if e == nil {
		return nil
	}
	return e
}

// Margin and floor of a lowered answer budget: tokenizers differ by a
// few tokens between count and use, and an answer shorter than the floor
// could not hold a form.
const (
	contextMargin = 32
	minAnswer     = 256
)

// lowerBudget is the max_tokens that fits what the server said, or 0
// when lowering cannot help (the prompt alone fills the window, or the
// budget is already below what is left).
func (c *Client) lowerBudget(e *Error, maxTokens int, msgs []openai.ChatCompletionMessage) int {
	window := e.ContextTokens
	if window > 0 {
		c.mu.Lock()
		c.state.contextTokens = window
		c.mu.Unlock()
	} else {
		c.mu.Lock()
		window = c.state.contextTokens
		c.mu.Unlock()
	}
	if window <= 0 {
		return 0
	}
	prompt := e.PromptTokens
	if prompt <= 0 {
		prompt = estimateTokens(msgs)
	}
	left := window - prompt - contextMargin
	if left < minAnswer || (maxTokens > 0 && left >= maxTokens) {
		e.ContextTokens = window
		return 0
	}
	return left
}

// estimateTokens over-counts a prompt (a token per three bytes: Persian
// letters are two bytes and rarely share a token), so a budget computed
// from it still fits.
func estimateTokens(msgs []openai.ChatCompletionMessage) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)/3 + 8
	}
	return n
}

// send is one request with the bounded retries of transient failures.
func (c *Client) send(ctx context.Context, creq openai.ChatCompletionRequest, tally *Response) (openai.ChatCompletionResponse, *Error) {
	for attempt := 1; ; attempt++ {
		tally.Attempts++
		resp, wire, err := c.attempt(ctx, creq)
		if err == nil {
			return resp, nil
		}
		lerr := c.decorate(classify(ctx, err, wire))
		lerr.Attempts = attempt
		if !lerr.retryable() {
			return resp, lerr
		}
		wait := c.retryWait(attempt, lerr.RetryAfter)
		// A server asking for longer than we may wait, or a wait that
		// would outlast the call's deadline, fails now with the server's
		// own hint: the caller learns at once when to come back instead
		// of holding a job (and a rate-limit slot) through a futile wait.
		if lerr.RetryAfter > c.cfg.MaxRetryWait || pastDeadline(ctx, wait) {
			if lerr.RetryAfter <= 0 {
				lerr.RetryAfter = wait
			}
			return resp, lerr
		}
		if attempt > c.cfg.MaxRetries {
			if lerr.RetryAfter <= 0 {
				// The wait we would have made is the honest hint.
				lerr.RetryAfter = wait
			}
			return resp, lerr
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			cerr := c.decorate(classify(ctx, ctx.Err(), wire))
			cerr.Attempts = attempt
			return resp, cerr
		case <-t.C:
		}
	}
}

// pastDeadline reports whether waiting d would reach ctx's deadline.
func pastDeadline(ctx context.Context, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return ok && !time.Now().Add(d).Before(dl)
}

// decorate adds what the client knows to a classified failure.
func (c *Client) decorate(e *Error) *Error {
	e.Host = c.host
	e.keyless = c.cfg.APIKey == ""
	e.ServerMessage = redact(e.ServerMessage, c.cfg.APIKey)
	return e
}

func (c *Client) chatRequest(req Request) openai.ChatCompletionRequest {
	seed := c.cfg.Seed
	creq := openai.ChatCompletionRequest{
		Model: c.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: req.System},
			{Role: openai.ChatMessageRoleUser, Content: req.User},
		},
		// go-openai omits a zero temperature; wireTransport puts it back.
		Temperature: 0,
		Seed:        &seed,
		// max_tokens, not max_completion_tokens: the self-hosted servers
		// (Ollama, vLLM, llama.cpp) read only the older name.
		//lint:ignore SA1019 the name every OpenAI-compatible server reads
		MaxTokens: req.MaxTokens,
	}
	return creq
}

// attempt makes one HTTP request, bounded by the per-attempt timeout.
func (c *Client) attempt(ctx context.Context, creq openai.ChatCompletionRequest) (openai.ChatCompletionResponse, *wireRecord, error) {
	wire := &wireRecord{}
	actx, cancel := context.WithTimeout(withWireRecord(ctx, wire), c.cfg.Timeout)
	defer cancel()
	resp, err := c.client.CreateChatCompletion(actx, creq)
	if err != nil && actx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		err = &attemptTimeout{limit: c.cfg.Timeout, err: err}
	}
	return resp, wire, err
}

// answer turns a decoded completion into a Response, refusing what
// cannot be an answer at all.
func (c *Client) answer(req Request, resp openai.ChatCompletionResponse, tally *Response) (*Response, error) {
	tally.Model = resp.Model
	tally.Usage.Prompt += resp.Usage.PromptTokens
	tally.Usage.Completion += resp.Usage.CompletionTokens
	tally.Usage.Total = tally.Usage.Prompt + tally.Usage.Completion
	out := *tally
	attempts := tally.Attempts
	if len(resp.Choices) == 0 {
		return &out, invalidResponse(attempts, "the server returned no choices")
	}
	ch := resp.Choices[0]
	out.Content, out.FinishReason, out.Refusal = ch.Message.Content, string(ch.FinishReason), ch.Message.Refusal
	switch {
	case out.Refusal != "":
		return &out, invalidResponse(attempts, "the model refused: "+out.Refusal)
	case ch.FinishReason == openai.FinishReasonLength:
		return &out, invalidResponse(attempts, "the answer was cut off at the token limit (finish_reason length)")
	case ch.FinishReason == openai.FinishReasonContentFilter:
		return &out, invalidResponse(attempts, "the answer was withheld by the content filter")
	}
	return &out, nil
}

// retryWait is the server's Retry-After when it gave one, else an
// exponential backoff spread by jitter into [½, 1] of its value; both are
// capped.
func (c *Client) retryWait(attempt int, retryAfter time.Duration) time.Duration {
	wait := retryAfter
	if wait <= 0 {
		full := c.cfg.Backoff << (attempt - 1)
		if full <= 0 || full > c.cfg.MaxRetryWait {
			full = c.cfg.MaxRetryWait
		}
		wait = full/2 + time.Duration(c.cfg.Jitter()*float64(full/2))
	}
	return min(wait, c.cfg.MaxRetryWait)
}

// rawSchema passes a JSON Schema through go-openai unchanged.
type rawSchema json.RawMessage

func (r rawSchema) MarshalJSON() ([]byte, error) { return r, nil }

// attemptTimeout marks an attempt stopped by our own per-attempt limit,
// which the caller's context does not know about.
type attemptTimeout struct {
	limit time.Duration
	err   error
}

func (e *attemptTimeout) Error() string {
	return fmt.Sprintf("no answer within %s: %v", e.limit, e.err)
}

func (e *attemptTimeout) Unwrap() error { return e.err }
