package daemon

import (
	"context"
	"os"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// TestEveryMethodDecodesItsParamsStrictly: each method of the table
// refuses a member its params type does not have, naming it.
func TestEveryMethodDecodesItsParamsStrictly(t *testing.T) {
	c, _ := startDaemon(t)
	methods := []string{
		healthMethod, "system.capabilities", "hosha2.generate", "hosha2.edit", "hosha2.progress", "hosha2.cancel",
		"contracts.list", "contracts.schema", "plan.validate", "ai.plan", "ai.execute", "ai.undo",
		"forms.schema", "forms.list", "forms.get", "forms.create", "forms.update", "forms.set_status",
		"versions.list", "versions.get", "versions.rollback", "versions.apply_diff", "audit.list",
		"forms.public", "submissions.submit", "submissions.otp.send", "submissions.list", "submissions.get", "submissions.set_status", "submissions.delete",
		"submissions.upload", "submissions.file", "model.get", "model.probe", "model.configure",
		"sms.settings.get", "sms.settings.set", "sms.test",
		"results.summary", "submissions.export", "webhooks.secret",
	}
	for _, m := range methods {
		err := c.Call(context.Background(), m, map[string]any{"bogus_member": 1}, nil)
		re, ok := err.(*rpc.Error)
		if !ok || re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "bogus_member" {
			t.Errorf("%s with an unknown member: %v", m, err)
		}
	}
}

// TestJobParamsOverSocket: hosha2.progress and hosha2.cancel name the job
// by request_id or by the envelope's req_id, and refuse anything else.
func TestJobParamsOverSocket(t *testing.T) {
	m := llmtest.New(t)
	m.Then(func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: `{"intent":"generate","diagnostics":{"notes":[],"riskFlags":[]},"final_form":{"version":"arshline_form@v1","title":"رزرو","fields":[{"id":"f1","type":"text","label":"نام","required":true,"placeholder":null,"help_text":null,"options":null,"scale":null,"html":null}]},"diff":[],"ui_hints":{"previewTips":[],"emptyStates":[]},"token_usage":{"prompt":1,"completion":1,"total":2}}`}
	})
	t.Setenv("ARSHLINE_OPENAI_API_KEY", "sk-test-key")
	c, _ := startDaemonEnv(t, os.Getenv, "--openai-base-url", m.URL(), "--openai-model", "test-model")
	var created struct{ Form domain.Form }
	call(t, c, "forms.create", map[string]any{"title": "x"}, &created)
	call(t, c, "hosha2.generate", map[string]any{"form_id": created.Form.ID, "prompt": "فرم رزرو", "wait": true, "req_id": "abc123def"}, nil)
	for _, params := range []map[string]any{
		{"req_id": "abc123def"},
		{"request_id": "abc123def"},
		{"request_id": "abc123def", "req_id": "0000aa"}, // request_id wins
	} {
		var prog struct {
			Status string `json:"status"`
		}
		call(t, c, "hosha2.progress", params, &prog)
		if prog.Status != "succeeded" {
			t.Errorf("progress %v: %+v", params, prog)
		}
		var cancelled map[string]any
		call(t, c, "hosha2.cancel", params, &cancelled)
		if len(cancelled) != 1 || cancelled["cancelled"] != false {
			t.Errorf("cancel %v: %v", params, cancelled)
		}
	}
	for _, method := range []string{"hosha2.progress", "hosha2.cancel"} {
		for _, tc := range []struct {
			params any
			want   domain.Code
		}{
			{map[string]any{"req_id": "0000aa"}, domain.CodeNotFound},
			{map[string]any{"request_id": "nope"}, domain.CodeNotFound},
			{map[string]any{"request_id": 12}, domain.CodeInvalidParams},
			{map[string]any{"job": "abc123def"}, domain.CodeInvalidParams},
			{[]any{"abc123def"}, domain.CodeInvalidParams},
		} {
			if code := callErr(t, c, method, tc.params); code != tc.want {
				t.Errorf("%s %v: %s, want %s", method, tc.params, code, tc.want)
			}
		}
	}
}
