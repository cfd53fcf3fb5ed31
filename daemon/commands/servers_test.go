package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// ai.plan mode llm against fakes that behave as the self-hosted servers
// do: a plan, or a precise error.
func TestPlanAgainstSelfHostedServers(t *testing.T) {
	good := llmtest.Static(validPlanReply)
	cases := []struct {
		name   string
		server func(llmtest.Request) llmtest.Reply
		want   domain.Code
		cause  string
	}{
		{"ollama refuses json_schema", llmtest.RejectsJSONSchema(llmtest.OllamaSchemaRejected(), good), "", ""},
		{"vllm refuses json_schema", llmtest.RejectsJSONSchema(llmtest.VLLMSchemaRejected(), good), "", ""},
		{"ignores response_format, fenced", llmtest.IgnoresResponseFormat(good, true), "", ""},
		{"ignores response_format, prose", llmtest.IgnoresResponseFormat(good, false), "", ""},
		{"vllm 2048-token context", llmtest.VLLMContext(2048, good), "", ""},
		{"keyless", llmtest.Keyless(good), "", ""},
		{"slow to start", llmtest.LoadingFirst(2, llmtest.Keyless(good)), "", ""},
		{"vllm 512-token context", llmtest.VLLMContext(512, good), domain.CodeModelLimit, llm.CauseContextTooSmall},
		{"model not pulled", func(llmtest.Request) llmtest.Reply { return llmtest.ModelNotFound("test-model") }, domain.CodeOpenAIUnavailable, llm.CauseModelNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := llmtest.New(t)
			f.Then(c.server)
			m, err := llm.New(llm.Config{BaseURL: f.URL(), Model: "test-model", Timeout: 2 * time.Second, Backoff: time.Millisecond,
				MaxTokens: map[string]int{"plan": 2000}})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := newService(t, m, nil)
			res, err := s.Plan(ctxFor("fa_IR"), PlanParams{Text: "یک فرم بساز", Mode: ModeLLM})
			if c.want == "" {
				if err != nil || res.Plan == nil || res.Source != ModeLLM || len(res.Plan.Steps) != 2 {
					t.Fatalf("%+v %v", res, err)
				}
				t.Logf("%s → plan after %d requests", c.name, f.RequestCount())
				return
			}
			de := domain.AsError(err)
			if de.Code != c.want || de.Data["cause"] != c.cause || strings.TrimSpace(messages.Render("fa_IR", de.Text())) == "" {
				t.Fatalf("got %v %v, want %s %s", err, de.Data, c.want, c.cause)
			}
			t.Logf("%s → %s: %s", c.name, de.Code, de.Text().String())
		})
	}
}
