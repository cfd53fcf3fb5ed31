package llm

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"regexp"
	"strconv"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Error kinds: the Hosha2 taxonomy of model-client failures, written to
// the event log as they are, plus the two a caller of this package can
// also meet (a cancelled call and an answer that is not what was asked).
const (
	ErrNetworkError    = "ERR_NETWORK_ERROR"
	ErrTimeout         = "ERR_TIMEOUT"
	ErrRateLimit       = "ERR_RATE_LIMIT"
	ErrInvalidAPIKey   = "ERR_INVALID_API_KEY"
	ErrModelOverloaded = "ERR_MODEL_OVERLOADED"
	ErrInvalidRequest  = "ERR_INVALID_REQUEST"
	ErrServerError     = "ERR_SERVER_ERROR"
	ErrUnknown         = "ERR_UNKNOWN"
	ErrCancelled       = "ERR_CANCELLED"
	ErrInvalidResponse = "ERR_INVALID_RESPONSE"
)

// Error is a failed completion.
type Error struct {
	Kind       string
	Status     int           // HTTP status of the last attempt, 0 when none arrived
	RetryAfter time.Duration // what the server asked for, or the next backoff
	Attempts   int
	Err        error
	// Cause names what really went wrong when the server's answer says
	// it (Cause* constants); empty when nothing more is known than Kind.
	Cause string
	// ServerMessage is the server's own error text, redacted (no key, no
	// bearer token) and bounded, for the event log.
	ServerMessage string
	// ContextTokens and PromptTokens are what the server said about its
	// context window and the request's prompt; 0 when it did not say.
	ContextTokens, PromptTokens int
	// Host is the model server's host, named in the user's message.
	Host string
	// keyless is set when no key was sent, so a 401 means one is needed.
	keyless bool
	// tooLarge marks an invalid request refused for its size (context
	// length, 413): the user can fix it by asking for less.
	tooLarge bool
}

// Causes: what a person has to fix, read from the server's answer.
const (
	// CauseStructuredOutput: the server refused response_format
	// (json_schema or json_object). The client steps down its ladder on
	// its own; a caller meets it only when every step was refused.
	CauseStructuredOutput = "structured_output_unsupported"
	// CauseContextTooSmall: prompt and answer do not fit the model's
	// context window even with the answer budget lowered.
	CauseContextTooSmall = "context_too_small"
	// CauseUnreachable: no HTTP answer at all (refused, DNS, reset).
	CauseUnreachable = "unreachable"
	// CauseTLS: the server's certificate is not trusted.
	CauseTLS = "tls_untrusted"
	// CauseInvalidKey: 401/403.
	CauseInvalidKey = "invalid_key"
	// CauseModelNotFound: the server does not serve the configured model.
	CauseModelNotFound = "model_not_found"
	// CauseAnswerTooLarge: the answer was longer than
	// Config.MaxAnswerBytes; reading stopped at the cap.
	CauseAnswerTooLarge = "answer_too_large"
)

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("llm: ")
	b.WriteString(e.Kind)
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " after %d attempts", e.Attempts)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// TooLarge reports whether the server refused the request for its size.
func (e *Error) TooLarge() bool { return e.tooLarge }

// retryable is the transient set: rate limits, server
// failures and connections that broke. A timeout is not: the same model
// would be as slow again.
func (e *Error) retryable() bool {
	switch e.Kind {
	case ErrNetworkError, ErrRateLimit, ErrServerError, ErrModelOverloaded:
		return true
	}
	return false
}

// RetryAfterSeconds is RetryAfter rounded up to whole seconds, at least 1.
func (e *Error) RetryAfterSeconds() int {
	s := int((e.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}

// Domain is the error the user sees: the Hosha2 envelope code, a message
// in both languages saying what to do, and data.kind for the logs.
func (e *Error) Domain() *domain.Error {
	var d *domain.Error
	transient := false
	host := e.Host
	if host == "" {
		host = "the model server"
	}
	switch {
	case e.Kind == ErrCancelled:
		d = domain.Wrap(domain.CodeCancelled, e, "the request was cancelled")
	case e.Kind == ErrTimeout:
		d = domain.Wrap(domain.CodeTimeout, e, "the model did not answer in time; try again, perhaps with a shorter request")
	case e.Kind == ErrRateLimit:
		secs := e.RetryAfterSeconds()
		d = domain.Wrap(domain.CodeRateLimit, e, "the model service is limiting requests; try again in %d seconds", secs)
		transient = true
	case e.tooLarge && e.ContextTokens > 0:
		d = domain.Wrap(domain.CodeModelLimit, e, "the request does not fit the model's context window of %d tokens, even with a shorter answer; shorten the prompt or the form, or start the model with a larger context (vLLM --max-model-len, llama.cpp -c, Ollama num_ctx)", e.ContextTokens)
	case e.tooLarge:
		d = domain.Wrap(domain.CodeModelLimit, e, "the request is too large for the model; shorten the prompt or the form and try again")
	case e.Cause == CauseAnswerTooLarge:
		var tooBig *answerTooLarge
		limit := int64(DefaultMaxAnswerBytes)
		if errors.As(e.Err, &tooBig) {
			limit = tooBig.limit
		}
		kb := int((limit + 1023) / 1024)
		d = domain.Wrap(domain.CodeModelLimit, e, "the model's answer was larger than the %d KB the daemon accepts and was discarded; ask for a smaller form or change, or check the model server", kb)
	case e.Cause == CauseStructuredOutput:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s refused structured output (response_format) at every level the daemon tried; update the server or choose a model that supports JSON output", host)
	case e.Cause == CauseModelNotFound:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s does not serve the configured model; check --openai-model against the server's model list (GET /v1/models), or pull the model first (ollama pull)", host)
	case e.Kind == ErrInvalidAPIKey && e.keyless:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s requires an API key and none is configured; enter the key on the plugin's settings page or set --openai-key-file", host)
	case e.Cause == CauseTLS:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "the certificate of %s is not trusted; give the daemon the CA that signed it (--openai-ca-file)", host)
	case e.Kind == ErrNetworkError:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s cannot be reached (%s); check that it is running and that the base URL is right, then try again shortly", host, netReason(e.Err))
		transient = true
	case e.Kind == ErrInvalidResponse:
		d = domain.Wrap(domain.CodeSchemaInvalid, e, "the model's answer was not the requested JSON; try again")
	case e.Kind == ErrInvalidAPIKey:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s refused the API key (HTTP %d); check the key configured for the daemon", host, e.Status)
	case e.Kind == ErrInvalidRequest:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s rejected the request (HTTP %d): %s", host, e.Status, orDash(e.ServerMessage))
	case e.Kind == ErrModelOverloaded && strings.Contains(strings.ToLower(e.ServerMessage), "loading"):
		// llama.cpp and vLLM answer 503 "Loading model" while the weights load.
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "%s is still loading the model; try again in a minute", host)
		transient = true
	case e.Kind == ErrModelOverloaded:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "the model is overloaded right now; try again shortly")
		transient = true
	case e.Kind == ErrServerError:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "the model service failed; try again shortly")
		transient = true
	default:
		d = domain.Wrap(domain.CodeOpenAIUnavailable, e, "the model call failed; try again shortly")
	}
	d = d.With("kind", e.Kind)
	if e.Cause != "" {
		d = d.With("cause", e.Cause)
	}
	if e.ContextTokens > 0 {
		d = d.With("context_tokens", e.ContextTokens)
	}
	if transient {
		d = d.With("retry_after_sec", e.RetryAfterSeconds())
	}
	return d
}

func invalidResponse(attempts int, why string) *Error {
	return &Error{Kind: ErrInvalidResponse, Status: 200, Attempts: attempts, Err: errors.New(why)}
}

// classify maps what go-openai and net/http returned to a Kind, and
// reads the server's own words for the Cause.
func classify(ctx context.Context, err error, wire *wireRecord) *Error {
	e := &Error{Err: err, Status: wire.status, RetryAfter: wire.retryAfter}
	var (
		apiErr  *openai.APIError
		reqErr  *openai.RequestError
		ate     *attemptTimeout
		netErr  net.Error
		synErr  *json.SyntaxError
		typErr  *json.UnmarshalTypeError
		certErr *tls.CertificateVerificationError
		unkCA   x509.UnknownAuthorityError
		hostErr x509.HostnameError
		tooBig  *answerTooLarge
	)
	switch {
	case ctx.Err() != nil:
		// The caller's own context decides: a cancel is theirs, a deadline
		// is a timeout.
		e.Kind = ErrTimeout
		if errors.Is(ctx.Err(), context.Canceled) {
			e.Kind = ErrCancelled
		}
		return e
	case errors.As(err, &ate):
		e.Kind = ErrTimeout
		return e
	case errors.As(err, &tooBig):
		// Not transient: the same request gets the same answer.
		e.Kind, e.Cause = ErrInvalidResponse, CauseAnswerTooLarge
		return e
	case errors.As(err, &apiErr):
		e.Status = apiErr.HTTPStatusCode
		e.ServerMessage = apiErr.Message
		e.readAnswer(apiErr.Type, fmt.Sprint(apiErr.Code), apiErr.Message)
		return e
	case errors.As(err, &reqErr):
		e.Status = reqErr.HTTPStatusCode
		e.ServerMessage = bodyMessage(reqErr.Body)
		e.readAnswer("", "", string(reqErr.Body))
		return e
	case errors.As(err, &certErr) || errors.As(err, &unkCA) || errors.As(err, &hostErr):
		e.Kind, e.Cause = ErrNetworkError, CauseTLS
		return e
	case errors.As(err, &netErr) && netErr.Timeout():
		e.Kind = ErrTimeout
		return e
	case wire.status >= 200 && wire.status < 300 &&
		(errors.As(err, &synErr) || errors.As(err, &typErr) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)):
		e.Kind = ErrInvalidResponse
		return e
	case errors.As(err, &netErr) || wire.status == 0:
		e.Kind, e.Cause = ErrNetworkError, CauseUnreachable
		return e
	}
	e.Kind = ErrUnknown
	return e
}

// readAnswer sets Kind, Cause and the context numbers from an HTTP error
// answer.
func (e *Error) readAnswer(typ, code, msg string) {
	e.Kind, e.tooLarge = kindOfStatus(e.Status, typ, code, msg)
	text := typ + " " + code + " " + msg
	switch {
	case e.Kind == ErrInvalidAPIKey:
		e.Cause = CauseInvalidKey
	case e.tooLarge:
		e.Cause = CauseContextTooSmall
		e.ContextTokens, e.PromptTokens = parseContext(text)
	case structuredRefusal(e.Status, text):
		// Not transient even when the server said 500 (llama.cpp and
		// Ollama do): the same request would be refused again.
		e.Kind, e.Cause = ErrInvalidRequest, CauseStructuredOutput
	case modelNotFound(e.Status, text):
		e.Kind, e.Cause = ErrInvalidRequest, CauseModelNotFound
	}
}

// kindOfStatus reads an HTTP error answer. OpenAI says "context length"
// in a 400; vLLM says "maximum context length" in a 400; llama.cpp says
// "exceeds the available context size" (type exceed_context_size_error)
// in a 400; other servers use 413 or their own words.
func kindOfStatus(status int, typ, code, msg string) (kind string, tooLarge bool) {
	lower := strings.ToLower(typ + " " + code + " " + msg)
	switch {
	case status == 429:
		return ErrRateLimit, false
	case status == 401 || status == 403:
		return ErrInvalidAPIKey, false
	case status == 413:
		return ErrInvalidRequest, true
	case status >= 400 && status < 500:
		large := strings.Contains(lower, "context_length") || strings.Contains(lower, "context length") ||
			strings.Contains(lower, "maximum context") || strings.Contains(lower, "too many tokens") ||
			strings.Contains(lower, "request too large") || strings.Contains(lower, "string_above_max_length") ||
			strings.Contains(lower, "exceeds the available context size") || strings.Contains(lower, "exceed_context_size")
		return ErrInvalidRequest, large
	case status == 503 || status == 529 || strings.Contains(lower, "overloaded"):
		return ErrModelOverloaded, false
	case status >= 500:
		return ErrServerError, false
	}
	return ErrUnknown, false
}

// structuredRefusal recognises a server refusing response_format. The
// words are the servers' own:
//
//   - vLLM before json_schema support validated response_format.type
//     with pydantic (vllm/entrypoints/openai/protocol.py, ResponseFormat:
//     Literal["text", "json_object"]) and answered 400 "… response_format
//     … Input should be 'text' or 'json_object' …"; later versions refuse
//     a schema their grammar backend cannot compile with 400 "The provided
//     JSON schema contains features not supported by xgrammar."
//     (vllm/v1/structured_output/backend_xgrammar.py);
//   - Ollama's runner answers "invalid JSON schema in format" (llm/server.go)
//     and its OpenAI layer passes it on (openai/openai.go, NewError) with 400
//     or 500; older releases said `invalid format: expected "json" or a
//     valid JSON Schema`;
//   - llama.cpp's server before json_schema support answered 500
//     "response_format type must be one of \"text\" or \"json_object\", but
//     got: json_schema" (tools/server/utils.hpp, oaicompat params parse).
func structuredRefusal(status int, text string) bool {
	if status != 400 && status != 422 && status != 500 && status != 501 {
		return false
	}
	lower := strings.ToLower(text)
	for _, p := range []string{"response_format", "json_schema", "json schema", "invalid format", "xgrammar", "guided_json", "guided decoding", "structured output"} {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// modelNotFound recognises an unknown model name: OpenAI's
// model_not_found code, vLLM's 404 "The model `x` does not exist."
// (vllm/entrypoints/openai/serving_engine.py, _check_model) and Ollama's
// 404 `model "x" not found, try pulling it first` (server/routes.go).
func modelNotFound(status int, text string) bool {
	lower := strings.ToLower(text)
	if strings.Contains(lower, "model_not_found") {
		return true
	}
	if status != 404 && status != 400 {
		return false
	}
	return strings.Contains(lower, "model") && (strings.Contains(lower, "not found") || strings.Contains(lower, "does not exist"))
}

var (
	// vLLM (vllm/entrypoints/openai/serving_engine.py, _validate_input):
	// "This model's maximum context length is 8192 tokens. However, you
	// requested 10000 tokens (2000 in the messages, 8000 in the
	// completion). …"; newer releases: "… maximum context length is 4096
	// tokens and your request has 2778 input tokens (8000 > 4096 - 2778)".
	vllmContextRe = regexp.MustCompile(`maximum context length is (\d+) tokens`)
	vllmPromptRe  = regexp.MustCompile(`\((\d+) in the messages|request has (\d+) input tokens|your prompt contains at least (\d+) input tokens|requested (\d+) tokens in the messages|messages resulted in (\d+) tokens`)
	// llama.cpp (tools/server/server.cpp, ERROR_TYPE_EXCEED_CONTEXT_SIZE):
	// "request (9412 tokens) exceeds the available context size (8192
	// tokens), try increasing it", with "n_prompt_tokens" and "n_ctx" in
	// the error object.
	llamaContextRe = regexp.MustCompile(`context size \((\d+) tokens\)|"n_ctx"\s*:\s*(\d+)`)
	llamaPromptRe  = regexp.MustCompile(`request \((\d+) tokens\)|"n_prompt_tokens"\s*:\s*(\d+)`)
)

// parseContext reads the context window and the prompt's size from a
// context-length error; 0 for what the text does not say.
func parseContext(text string) (contextTokens, promptTokens int) {
	contextTokens = firstNumber(vllmContextRe, text)
	if contextTokens == 0 {
		contextTokens = firstNumber(llamaContextRe, text)
	}
	promptTokens = firstNumber(vllmPromptRe, text)
	if promptTokens == 0 {
		promptTokens = firstNumber(llamaPromptRe, text)
	}
	return contextTokens, promptTokens
}

func firstNumber(re *regexp.Regexp, text string) int {
	m := re.FindStringSubmatch(text)
	for _, g := range m[min(1, len(m)):] {
		if n, err := strconv.Atoi(g); err == nil && n > 0 {
			return n
		}
	}
	return 0
}

// bodyMessage is the readable part of an error body go-openai could not
// decode as OpenAI's: vLLM's older top-level {"object":"error","message":…},
// Ollama's native {"error":"…"}, or the text itself.
func bodyMessage(body []byte) string {
	var v struct {
		Message string          `json:"message"`
		Error   json.RawMessage `json:"error"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &v) == nil {
		if v.Message != "" {
			return v.Message
		}
		var s string
		if json.Unmarshal(v.Error, &s) == nil && s != "" {
			return s
		}
		var o struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(v.Error, &o) == nil && o.Message != "" {
			return o.Message
		}
		if len(v.Detail) > 0 {
			return string(v.Detail)
		}
	}
	return string(body)
}

var (
	bearerRe = regexp.MustCompile(`(?i)bearer\s+[^\s"',]+`)
	skKeyRe  = regexp.MustCompile(`\b(sk|key|api[_-]?key)[-_=:]\s*[A-Za-z0-9_\-]{8,}`)
)

// redact removes the key and anything that looks like a credential from
// a server's text and bounds its length, so it can go to the log.
func redact(s, key string) string {
	if key != "" {
		s = strings.ReplaceAll(s, key, "[key]")
	}
	s = bearerRe.ReplaceAllString(s, "Bearer [redacted]")
	s = skKeyRe.ReplaceAllString(s, "[redacted]")
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 400 {
		s = string(r[:400]) + "…"
	}
	return s
}

// netReason is a short reason for a failed connection.
func netReason(err error) domain.Text {
	var dnsErr *net.DNSError
	switch {
	case err == nil:
		return domain.T("no answer")
	case errors.As(err, &dnsErr):
		return domain.T("host name not found: %s", dnsErr.Name)
	case strings.Contains(err.Error(), "connection refused"):
		return domain.T("connection refused")
	case strings.Contains(err.Error(), "connection reset"):
		return domain.T("connection reset")
	case strings.Contains(err.Error(), "no route to host"):
		return domain.T("no route to host")
	}
	return domain.T("no answer")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
