package llm

import (
	"context"
	"errors"
	"strings"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// The bodies are the servers' own; each names where it comes from.
func TestReadAnswerNamesTheCause(t *testing.T) {
	for _, c := range []struct {
		name          string
		status        int
		msg           string
		kind, cause   string
		window, promp int
	}{
		// vllm/entrypoints/openai/serving_engine.py, _validate_input.
		{"vllm context", 400, "This model's maximum context length is 8192 tokens. However, you requested 10250 tokens (2250 in the messages, 8000 in the completion). Please reduce the length of the messages or completion.",
			ErrInvalidRequest, CauseContextTooSmall, 8192, 2250},
		// Newer vLLM wording of the same check.
		{"vllm context new", 400, "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens and your request has 2778 input tokens (8000 > 4096 - 2778). None",
			ErrInvalidRequest, CauseContextTooSmall, 4096, 2778},
		// llama.cpp tools/server, ERROR_TYPE_EXCEED_CONTEXT_SIZE.
		{"llama.cpp context", 400, "request (9412 tokens) exceeds the available context size (8192 tokens), try increasing it",
			ErrInvalidRequest, CauseContextTooSmall, 8192, 9412},
		{"llama.cpp context, no numbers", 400, "the request exceeds the available context size, try increasing it",
			ErrInvalidRequest, CauseContextTooSmall, 0, 0},
		// vLLM before json_schema: pydantic on ResponseFormat.type.
		{"vllm literal", 400, "[{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}]",
			ErrInvalidRequest, CauseStructuredOutput, 0, 0},
		// vllm/v1/structured_output/backend_xgrammar.py.
		{"vllm xgrammar", 400, "The provided JSON schema contains features not supported by xgrammar.",
			ErrInvalidRequest, CauseStructuredOutput, 0, 0},
		// Ollama llm/server.go through openai/openai.go NewError, 500.
		{"ollama schema", 500, "invalid JSON schema in format", ErrInvalidRequest, CauseStructuredOutput, 0, 0},
		// llama.cpp before json_schema, 500.
		{"llama.cpp response_format", 500, `response_format type must be one of "text" or "json_object", but got: json_schema`,
			ErrInvalidRequest, CauseStructuredOutput, 0, 0},
		// vLLM serving_engine.py _check_model; Ollama server/routes.go.
		{"vllm model", 404, "The model `qwen` does not exist.", ErrInvalidRequest, CauseModelNotFound, 0, 0},
		{"ollama model", 404, `model "llama3.1" not found, try pulling it first`, ErrInvalidRequest, CauseModelNotFound, 0, 0},
		{"401", 401, "Incorrect API key provided", ErrInvalidAPIKey, CauseInvalidKey, 0, 0},
		{"plain 500", 500, "boom", ErrServerError, "", 0, 0},
	} {
		e := &Error{Status: c.status}
		e.readAnswer("", "", c.msg)
		if e.Kind != c.kind || e.Cause != c.cause || e.ContextTokens != c.window || e.PromptTokens != c.promp {
			t.Errorf("%s: kind %s cause %q window %d prompt %d", c.name, e.Kind, e.Cause, e.ContextTokens, e.PromptTokens)
		}
		if e.retryable() && e.Cause != "" {
			t.Errorf("%s: a %s failure must not be retried", c.name, e.Cause)
		}
	}
}

func TestDomainMessagesNameTheCause(t *testing.T) {
	for _, c := range []struct {
		e    *Error
		code domain.Code
		en   string
	}{
		{&Error{Kind: ErrInvalidRequest, Cause: CauseContextTooSmall, ContextTokens: 8192, tooLarge: true, Host: "gpu:8000"}, domain.CodeModelLimit, "8192 tokens"},
		{&Error{Kind: ErrInvalidRequest, Cause: CauseStructuredOutput, Host: "gpu:8000"}, domain.CodeOpenAIUnavailable, "structured output"},
		{&Error{Kind: ErrInvalidRequest, Cause: CauseModelNotFound, Host: "gpu:8000"}, domain.CodeOpenAIUnavailable, "does not serve the configured model"},
		{&Error{Kind: ErrInvalidAPIKey, Cause: CauseInvalidKey, Status: 401, Host: "gpu:8000"}, domain.CodeOpenAIUnavailable, "refused the API key"},
		{&Error{Kind: ErrInvalidAPIKey, Cause: CauseInvalidKey, Status: 401, keyless: true, Host: "gpu:8000"}, domain.CodeOpenAIUnavailable, "requires an API key"},
		{&Error{Kind: ErrNetworkError, Cause: CauseUnreachable, Host: "gpu:8000", Err: errors.New("dial tcp: connect: connection refused")}, domain.CodeOpenAIUnavailable, "cannot be reached (connection refused)"},
		{&Error{Kind: ErrNetworkError, Cause: CauseTLS, Host: "gpu:8000"}, domain.CodeOpenAIUnavailable, "--openai-ca-file"},
	} {
		d := c.e.Domain()
		if d.Code != c.code || !strings.Contains(d.Text().String(), c.en) || messages.Render("fa_IR", d.Text()) == "" || messages.Render("fa_IR", d.Text()) == d.Text().String() {
			t.Errorf("%s: %s %q / %q", c.e.Cause, d.Code, d.Text().String(), messages.Render("fa_IR", d.Text()))
		}
		if c.e.Cause != "" && d.Data["cause"] != c.e.Cause {
			t.Errorf("%s: data.cause = %v", c.e.Cause, d.Data["cause"])
		}
		if d.Code == domain.CodeOpenAIUnavailable && !strings.Contains(d.Text().String(), "gpu:8000") {
			t.Errorf("%s: the message does not name the server: %q", c.e.Cause, d.Text().String())
		}
	}
}

func TestClassifyReadsBodiesGoOpenAICannotDecode(t *testing.T) {
	// vLLM before 0.6 answered errors at the top level:
	// {"object":"error","message":…,"type":"BadRequestError","code":400}.
	body := []byte(`{"object":"error","message":"This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (1000 in the messages, 8000 in the completion).","type":"BadRequestError","param":null,"code":400}`)
	e := classify(context.Background(), &openai.RequestError{HTTPStatusCode: 400, Body: body}, &wireRecord{status: 400})
	if e.Cause != CauseContextTooSmall || e.ContextTokens != 8192 || e.PromptTokens != 1000 || !strings.HasPrefix(e.ServerMessage, "This model's") {
		t.Fatalf("%+v", e)
	}
}

func TestRedact(t *testing.T) {
	got := redact("bad key sk-abcdefghijklmnop for Authorization: Bearer secret-token-123 and my-real-key", "my-real-key")
	for _, leak := range []string{"abcdefghijklmnop", "secret-token-123", "my-real-key"} {
		if strings.Contains(got, leak) {
			t.Fatalf("redact leaked %q: %s", leak, got)
		}
	}
	if r := []rune(redact(strings.Repeat("x", 1000), "")); len(r) > 401 {
		t.Fatalf("redact kept %d runes", len(r))
	}
}
