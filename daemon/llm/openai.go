// Package llm is the client of OpenAI-compatible chat-completion servers:
// strict json_schema answers, temperature 0 that really reaches the wire,
// bounded retries honouring Retry-After, and the error taxonomy
// (ERR_TIMEOUT, ERR_RATE_LIMIT, …) mapped to domain errors.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Request is one structured-output chat completion.
type Request struct {
	System, User string
	SchemaName   string
	Schema       json.RawMessage
	MaxTokens    int
}

// Response is the model's answer.
type Response struct {
	Content      string
	FinishReason string
	Refusal      string
	TokensIn     int
	TokensOut    int
	Latency      time.Duration
}

// Completer is what callers need of a model; *Client implements it. Its
// errors carry a domain error (errors.As).
type Completer interface {
	Complete(ctx context.Context, req Request) (*Response, error)
}

// Config configures the model client.
type Config struct {
	BaseURL    string
	Model      string
	APIKey     string
	Timeout    time.Duration // one attempt
	MaxRetries int           // network retries on 429/5xx/connection errors (default 2)
	Seed       int
}

// Client is a Completer over any OpenAI-compatible server, reached with
// go-openai and a custom BaseURL.
type Client struct {
	cfg    Config
	client *openai.Client
}

// New builds the client. go-openai has no retries and drops a zero
// temperature; the transport adds both.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 60 * time.Second
	}
	if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	} else if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 2
	}
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	oc.HTTPClient = &http.Client{Transport: &retryTransport{base: http.DefaultTransport, retries: cfg.MaxRetries, perTry: cfg.Timeout}}
	return &Client{cfg: cfg, client: openai.NewClientWithConfig(oc)}
}

// Complete asks for one structured answer.
func (o *Client) Complete(ctx context.Context, req Request) (*Response, error) {
	seed := o.cfg.Seed
	creq := openai.ChatCompletionRequest{
		Model: o.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: req.System},
			{Role: openai.ChatMessageRoleUser, Content: req.User},
		},
		Temperature: 0,
		Seed:        &seed,
		MaxTokens:   req.MaxTokens,
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name: req.SchemaName, Schema: rawSchema(req.Schema), Strict: true,
			},
		},
	}
	start := time.Now()
	resp, err := o.client.CreateChatCompletion(ctx, creq)
	if err != nil {
		return nil, classify(ctx, err)
	}
	if len(resp.Choices) == 0 {
		return nil, domain.Errorf(domain.CodeSchemaInvalid, "the model returned no answer", "مدل پاسخی برنگرداند")
	}
	ch := resp.Choices[0]
	return &Response{
		Content: ch.Message.Content, FinishReason: string(ch.FinishReason), Refusal: ch.Message.Refusal,
		TokensIn: resp.Usage.PromptTokens, TokensOut: resp.Usage.CompletionTokens, Latency: time.Since(start),
	}, nil
}

// rawSchema passes a JSON Schema through go-openai unchanged.
type rawSchema json.RawMessage

func (r rawSchema) MarshalJSON() ([]byte, error) { return r, nil }

// classify maps client errors to the domain taxonomy, with a retry hint.
func classify(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return domain.Wrap(domain.CodeCancelled, err, "the request was cancelled", "درخواست لغو شد")
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return domain.Wrap(domain.CodeTimeout, err, "the model did not answer in time; try again", "مدل به‌موقع پاسخ نداد؛ دوباره تلاش کنید").With("kind", "ERR_TIMEOUT")
	}
	var rl *retryAfterError
	if errors.As(err, &rl) {
		wait := rl.seconds
		if wait < 1 {
			wait = 5
		}
		return domain.Wrap(domain.CodeRateLimit, err, fmt.Sprintf("the model service is rate limiting; try again in %d seconds", wait),
			fmt.Sprintf("سرویس مدل محدودیت نرخ اعمال کرده است؛ %d ثانیهٔ دیگر تلاش کنید", wait)).With("retry_after_sec", wait).With("kind", "ERR_RATE_LIMIT")
	}
	var se *json.SyntaxError
	var ue *json.UnmarshalTypeError
	if errors.As(err, &se) || errors.As(err, &ue) || errors.Is(err, io.ErrUnexpectedEOF) {
		return domain.Wrap(domain.CodeSchemaInvalid, err, "the model service answered with malformed JSON; try again", "سرویس مدل پاسخ JSON نامعتبر داد؛ دوباره تلاش کنید").With("kind", "ERR_UNKNOWN")
	}
	var ae *openai.APIError
	var re *openai.RequestError
	status := 0
	msg := ""
	switch {
	case errors.As(err, &ae):
		status, msg = ae.HTTPStatusCode, ae.Message
	case errors.As(err, &re):
		status, msg = re.HTTPStatusCode, fmt.Sprint(re.Err)
	}
	switch {
	case status == 429:
		return domain.Wrap(domain.CodeRateLimit, err, "the model service is rate limiting; try again in 5 seconds", "سرویس مدل محدودیت نرخ اعمال کرده است؛ ۵ ثانیهٔ دیگر تلاش کنید").With("retry_after_sec", 5).With("kind", "ERR_RATE_LIMIT")
	case status == 401 || status == 403:
		return domain.Wrap(domain.CodeOpenAIUnavailable, err, "the model service refused the API key; check the key file", "سرویس مدل کلید API را نپذیرفت؛ فایل کلید را بررسی کنید").With("kind", "ERR_INVALID_API_KEY")
	case status == 400 && (strings.Contains(msg, "context_length") || strings.Contains(msg, "maximum context") || strings.Contains(msg, "too long")):
		return domain.Wrap(domain.CodeModelLimit, err, "the request is too large for the model; shorten it", "درخواست برای مدل بیش از حد بزرگ است؛ آن را کوتاه‌تر کنید").With("kind", "ERR_INVALID_REQUEST")
	case status >= 400 && status < 500:
		return domain.Wrap(domain.CodeOpenAIUnavailable, err, "the model service rejected the request", "سرویس مدل درخواست را نپذیرفت").With("kind", "ERR_INVALID_REQUEST")
	case status == 503 || status == 529:
		return domain.Wrap(domain.CodeOpenAIUnavailable, err, "the model is overloaded; try again shortly", "مدل پرمشغله است؛ کمی بعد دوباره تلاش کنید").With("kind", "ERR_MODEL_OVERLOADED").With("retry_after_sec", 5)
	case status >= 500:
		return domain.Wrap(domain.CodeOpenAIUnavailable, err, "the model service failed; try again shortly", "سرویس مدل خطا داد؛ کمی بعد دوباره تلاش کنید").With("kind", "ERR_SERVER_ERROR").With("retry_after_sec", 5)
	}
	var ne net.Error
	if errors.As(err, &ne) || status == 0 {
		return domain.Wrap(domain.CodeOpenAIUnavailable, err, "the model service cannot be reached; try again shortly", "سرویس مدل در دسترس نیست؛ کمی بعد دوباره تلاش کنید").With("kind", "ERR_NETWORK_ERROR").With("retry_after_sec", 5)
	}
	return domain.Wrap(domain.CodeOpenAIUnavailable, err, "the model call failed", "فراخوانی مدل ناموفق بود").With("kind", "ERR_UNKNOWN")
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// retryAfterError carries the server's Retry-After of a final 429.
type retryAfterError struct{ seconds int }

func (e *retryAfterError) Error() string { return fmt.Sprintf("retry after %d s", e.seconds) }

// retryTransport makes a zero temperature explicit (go-openai omits it),
// bounds each attempt, and retries 429, 5xx and connection errors a few
// times, honouring Retry-After (capped), never past the caller's context.
type retryTransport struct {
	base    http.RoundTripper
	retries int
	perTry  time.Duration
}

const maxRetryWait = 10 * time.Second

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		body = withZeroTemperature(b)
	}
	ctx := req.Context()
	var resp *http.Response
	var err error
	for attempt := 0; ; attempt++ {
		tryCtx, cancel := context.WithTimeout(ctx, t.perTry)
		r := req.Clone(tryCtx)
		if body != nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
		}
		resp, err = t.base.RoundTrip(r)
		retryable := err != nil && ctx.Err() == nil || err == nil && (resp.StatusCode == 429 || resp.StatusCode >= 500)
		if !retryable || attempt >= t.retries {
			if err != nil {
				cancel()
				return nil, err
			}
			if resp.StatusCode == 429 {
				// go-openai does not expose headers, so the wait travels as the error.
				s, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				cancel()
				return nil, &retryAfterError{seconds: s}
			}
			// The body is read by the caller after we return, so the
			// attempt's context must live as long as the body.
			resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
			return resp, nil
		}
		wait := time.Duration(1<<attempt) * 200 * time.Millisecond
		if err == nil {
			if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil && s >= 0 {
				wait = time.Duration(s) * time.Second
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		cancel()
		if wait > maxRetryWait {
			wait = maxRetryWait
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// withZeroTemperature adds "temperature": 0 when the body has none, so a
// deterministic request is really deterministic on the wire.
func withZeroTemperature(body []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	if _, ok := m["temperature"]; ok {
		return body
	}
	m["temperature"] = json.RawMessage("0")
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}
