package hosha2

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Hosha2 against fakes that behave as the self-hosted servers do: each
// ends in a saved form or a precise error, and a failure saves nothing.
func TestHosha2AgainstSelfHostedServers(t *testing.T) {
	good := llmtest.Static(answer(goodFields, nil))
	cases := []struct {
		name    string
		server  func(llmtest.Request) llmtest.Reply
		keyless bool
		want    domain.Code // "" for a saved form
		cause   string
	}{
		{"ollama refuses json_schema", llmtest.RejectsJSONSchema(llmtest.OllamaSchemaRejected(), good), false, "", ""},
		{"vllm refuses json_schema", llmtest.RejectsJSONSchema(llmtest.VLLMSchemaRejected(), good), false, "", ""},
		{"no response_format at all", llmtest.RejectsResponseFormat(good), false, "", ""},
		{"ignores response_format, fenced", llmtest.IgnoresResponseFormat(good, true), false, "", ""},
		{"ignores response_format, prose", llmtest.IgnoresResponseFormat(good, false), false, "", ""},
		{"vllm 8192-token context", llmtest.VLLMContext(8192, good), false, "", ""},
		{"keyless", llmtest.Keyless(good), true, "", ""},
		{"slow to start", llmtest.LoadingFirst(2, llmtest.Keyless(good)), true, "", ""},
		{"vllm 1024-token context", llmtest.VLLMContext(1024, good), false, domain.CodeModelLimit, llm.CauseContextTooSmall},
		{"llama.cpp 512-token context", llmtest.LlamaCppContext(512, good), false, domain.CodeModelLimit, llm.CauseContextTooSmall},
		{"model not pulled", func(llmtest.Request) llmtest.Reply { return llmtest.ModelNotFound("m") }, false, domain.CodeOpenAIUnavailable, llm.CauseModelNotFound},
		{"never finishes loading", llmtest.LoadingFirst(100, llmtest.Keyless(good)), false, domain.CodeOpenAIUnavailable, ""},
		{"ignores response_format, answers no form", llmtest.IgnoresResponseFormat(llmtest.Static(`{"form":1}`), true), false, domain.CodeSchemaInvalid, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := setup(t, nil)
			e.model.Then(c.server)
			key := "k"
			if c.keyless {
				key = ""
			}
			e.svc.cfg.Model = mustModel(t, llm.Config{BaseURL: e.model.URL(), Model: "m", APIKey: key, Timeout: 2 * time.Second,
				Backoff: time.Millisecond, MaxTokens: map[string]int{"generate": 8000}})
			out, err := e.svc.Generate(ctxReq("ffff01"), GenerateParams{FormID: e.form, Prompt: prompt("یک فرم ثبت‌نام با نام و امتیاز"), Wait: true})
			vs, _ := e.db.ListVersions(context.Background(), 1, e.form, 10, 0)
			if c.want == "" {
				if err != nil {
					t.Fatalf("failed: %v", err)
				}
				if b := out.(*SuccessBody); len(b.Data.FinalForm.Fields) != 2 || len(vs) != 2 {
					t.Fatalf("body %+v, %d versions", b, len(vs))
				}
				if c.keyless && e.model.Requests()[0].Authorization != "" {
					t.Fatal("a key was sent to a keyless server")
				}
				t.Logf("%s → form saved after %d requests", c.name, e.model.RequestCount())
				return
			}
			de := domain.AsError(err)
			if de.Code != c.want || (c.cause != "" && de.Data["cause"] != c.cause) {
				t.Fatalf("got %v (%v), want %s %s", err, de.Data, c.want, c.cause)
			}
			if len(vs) != 1 {
				t.Fatalf("a failed request wrote %d versions", len(vs)-1)
			}
			if strings.TrimSpace(messages.Render("fa_IR", de.Text())) == "" || de.Text().String() == messages.Render("fa_IR", de.Text()) {
				t.Fatalf("messages %q %q", de.Text().String(), messages.Render("fa_IR", de.Text()))
			}
			t.Logf("%s → %s: %s", c.name, de.Code, de.Text().String())
		})
	}
}
