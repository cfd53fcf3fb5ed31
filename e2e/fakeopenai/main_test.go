package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/llm"
)

var planSchema = json.RawMessage(`{"type":"object","required":["result"],"properties":{"result":{"type":"object"}}}`)

// Every mode ends in an answer through the daemon's model client.
func TestModes(t *testing.T) {
	for _, c := range []struct {
		mode            string
		context         int
		loading         int64
		keyless         bool
		structured      string
		wantRequestsMin int
	}{
		{"strict", 0, 0, false, "json_schema", 1},
		{"ollama-reject", 0, 0, false, "json_object", 2},
		{"vllm-reject", 8192, 0, true, "json_object", 2},
		{"ignore-fenced", 0, 2, false, "none", 1},
		{"ignore-prose", 0, 0, true, "none", 1},
	} {
		t.Run(c.mode, func(t *testing.T) {
			f := newFake(config{slow: time.Second, mode: c.mode, context: c.context, keyless: c.keyless, loading: int(c.loading)})
			ts := httptest.NewServer(f.handler())
			defer ts.Close()
			key := "sk-test"
			if c.keyless {
				key = ""
			}
			m, err := llm.New(llm.Config{BaseURL: ts.URL + "/v1", Model: "fake-model", APIKey: key, Backoff: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Probe(context.Background()); err != nil {
				t.Fatal(err)
			}
			resp, err := m.Complete(context.Background(), llm.Request{
				System: "You translate a Persian (or English) command of a WordPress form-builder admin into a strict plan JSON for Arshline.",
				User:   "Command: یک فرم بساز، اسم فرم را چکاپ بگذار", SchemaName: "arshline_plan_result", Schema: planSchema, MaxTokens: 8000,
			})
			if err != nil {
				t.Fatal(err)
			}
			var ans struct {
				Result struct {
					Steps []any `json:"steps"`
				} `json:"result"`
			}
			if json.Unmarshal([]byte(resp.Content), &ans) != nil || len(ans.Result.Steps) != 1 {
				t.Fatalf("answer %q", resp.Content)
			}
			st := m.Status()
			if st.Structured != c.structured || st.ContextTokens != c.context || !st.Reachable {
				t.Fatalf("status %+v", st)
			}
		})
	}
}
