package daemon

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// startDaemon runs a whole daemon on a temporary socket and database and
// returns a connected client. The daemon stops when the test ends.
func startDaemon(t testing.TB, extra ...string) (*rpc.Client, *Config) {
	t.Helper()
	return startDaemonEnv(t, func(string) string { return "" }, extra...)
}

func startDaemonEnv(t testing.TB, getenv func(string) string, extra ...string) (*rpc.Client, *Config) {
	t.Helper()
	dir := t.TempDir()
	args := append([]string{
		"--socket", filepath.Join(dir, "d.sock"), "--db", filepath.Join(dir, "d.db"),
		"--log-dir", filepath.Join(dir, "logs"), "--shutdown-timeout", "5s",
	}, extra...)
	cfg, err := ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), args, getenv)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(15 * time.Second):
			t.Error("daemon did not stop")
		}
	})
	var c *rpc.Client
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err = rpc.Dial(context.Background(), cfg.Socket)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("daemon did not come up: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Cleanup(func() { c.Close() })
	return c, cfg
}

func call(t *testing.T, c *rpc.Client, method string, params any, out any) {
	t.Helper()
	if err := c.Call(context.Background(), method, params, out); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
}

func callErr(t *testing.T, c *rpc.Client, method string, params any) domain.Code {
	t.Helper()
	err := c.Call(context.Background(), method, params, nil)
	if err == nil {
		t.Fatalf("%s succeeded, want an error", method)
	}
	re, ok := err.(*rpc.Error)
	if !ok {
		t.Fatalf("%s: not an RPC error: %v", method, err)
	}
	return domain.Code(re.CodeName())
}

func TestHealth(t *testing.T) {
	c, _ := startDaemon(t)
	var h Health
	call(t, c, "system.health", nil, &h)
	if !h.OK || !h.DBOK || h.LLMConfigured || h.Version == "" || h.Protocol != Protocol || Protocol != 1 {
		t.Fatalf("health %+v", h)
	}
}

// TestStatus: system.status tells an owner where the data lives, how big
// it is and how much room is left, and only to a caller who may manage
// options, since it names paths on the host.
func TestStatus(t *testing.T) {
	c, cfg := startDaemon(t)
	t.Run("operator sees paths, sizes and free space", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(cfg.UploadDir, "f1"), make([]byte, 1000), 0o600); err != nil {
			t.Fatal(err)
		}
		var st Status
		call(t, c, "system.status", nil, &st)
		if st.Version != Version || st.Protocol != Protocol || st.Socket != cfg.Socket || !st.DBOK || st.LLMConfigured || st.Model != "" {
			t.Fatalf("status %+v", st)
		}
		if st.Database.Path != cfg.DB || st.Database.Bytes <= 0 || st.Database.FreeBytes == 0 || st.Database.Error != "" {
			t.Errorf("database %+v", st.Database)
		}
		if st.Uploads.Path != cfg.UploadDir || st.Uploads.Bytes != 1000 || st.Uploads.Files != 1 || st.Uploads.FreeBytes == 0 || st.Uploads.Error != "" {
			t.Errorf("uploads %+v", st.Uploads)
		}
	})
	t.Run("an unreadable place is reported, not fatal", func(t *testing.T) {
		moved := cfg.UploadDir + ".away"
		if err := os.Rename(cfg.UploadDir, moved); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Rename(moved, cfg.UploadDir) })
		var st Status
		call(t, c, "system.status", nil, &st)
		if st.Uploads.Error == "" || st.Uploads.Bytes != 0 || st.Database.Error != "" {
			t.Errorf("uploads %+v, database %+v", st.Uploads, st.Database)
		}
	})
	t.Run("names the model in use", func(t *testing.T) {
		m := llmtest.New(t)
		m.Models(llmtest.Model{ID: "test-model", MaxModelLen: 8192})
		withModel, _ := startDaemon(t, "--openai-base-url", m.URL(), "--openai-model", "test-model")
		var st Status
		call(t, withModel, "system.status", nil, &st)
		if !st.LLMConfigured || st.Model != "test-model" {
			t.Errorf("status %+v", st)
		}
	})
	t.Run("needs manage_options", func(t *testing.T) {
		editor := map[string]any{"actor": map[string]any{"user_id": 9, "caps": []string{domain.CapManageForms}}}
		if code := callErr(t, c, "system.status", editor); code != domain.CodeForbidden {
			t.Errorf("an editor got %s", code)
		}
		admin := map[string]any{"actor": map[string]any{"user_id": 1, "caps": []string{"manage_options"}}}
		var st Status
		call(t, c, "system.status", admin, &st)
		if st.Database.Path != cfg.DB {
			t.Errorf("admin: %+v", st)
		}
	})
}

func TestFormsAndVersionsOverSocket(t *testing.T) {
	c, _ := startDaemon(t)
	var created struct {
		Form    domain.Form    `json:"form"`
		Version domain.Version `json:"version"`
	}
	call(t, c, "forms.create", map[string]any{"title": "  ثبت‌نام <b>کارگاه</b> \u202e "}, &created)
	if created.Form.Title != "ثبت‌نام <b>کارگاه</b> \u202e" || created.Form.Status != domain.StatusDraft || created.Version.Seq != 1 {
		t.Fatalf("created %+v", created)
	}
	id := created.Form.ID
	var updated struct{ Form domain.Form }
	call(t, c, "forms.update", map[string]any{"id": id, "document": map[string]any{
		"version": "arshline_form@v1", "fields": []any{map[string]any{"id": "f1", "type": "text", "label": "نام"}}}}, &updated)
	call(t, c, "forms.set_status", map[string]any{"id": id, "status": "published"}, &updated)
	if updated.Form.Status != domain.StatusPublished || updated.Form.VersionCount != 3 || len(updated.Form.Document.Fields) != 1 {
		t.Fatalf("updated %+v", updated.Form)
	}
	var versions []domain.Version
	call(t, c, "versions.list", map[string]any{"form_id": id, "limit": 10}, &versions)
	if len(versions) != 3 || versions[2].Seq != 1 {
		t.Fatalf("versions %+v", versions)
	}
	var rolled struct{ Form domain.Form }
	call(t, c, "versions.rollback", map[string]any{"form_id": id, "version_id": versions[2].ID}, &rolled)
	if rolled.Form.Status != domain.StatusDraft || len(rolled.Form.Document.Fields) != 0 || rolled.Form.HeadSeq != 4 {
		t.Fatalf("rollback %+v", rolled.Form)
	}

	// JSON Patch against the head: dry run changes nothing, then apply.
	patch := json.RawMessage(`[{"op":"add","path":"/fields/-","value":{"id":"f9","type":"email","label":"ایمیل"}}]`)
	var dry struct {
		DryRun   bool            `json:"dry_run"`
		Document domain.Document `json:"document"`
		DiffSHA  *string         `json:"diff_sha"`
	}
	call(t, c, "versions.apply_diff", map[string]any{"form_id": id, "version_id": rolled.Form.HeadVersionID, "diff": patch, "dry_run": true}, &dry)
	if !dry.DryRun || len(dry.Document.Fields) != 1 || dry.DiffSHA == nil || len(*dry.DiffSHA) != 40 {
		t.Fatalf("dry run %+v", dry)
	}
	var f domain.Form
	call(t, c, "forms.get", map[string]any{"id": id}, &f)
	if f.HeadSeq != 4 {
		t.Fatalf("dry run wrote a version: head seq %d", f.HeadSeq)
	}
	call(t, c, "versions.apply_diff", map[string]any{"form_id": id, "version_id": f.HeadVersionID, "diff": patch}, nil)
	// The same patch against the old head is stale now.
	if code := callErr(t, c, "versions.apply_diff", map[string]any{"form_id": id, "version_id": f.HeadVersionID, "diff": patch}); code != domain.CodeConflict {
		t.Fatalf("stale apply_diff: %s", code)
	}
	call(t, c, "forms.get", map[string]any{"id": id}, &f)
	bad := json.RawMessage(`[{"op":"remove","path":"/fields/7"}]`)
	if code := callErr(t, c, "versions.apply_diff", map[string]any{"form_id": id, "version_id": f.HeadVersionID, "diff": bad}); code != domain.CodeDiffApplyFail {
		t.Fatalf("bad patch: %s", code)
	}

	// Errors are domain errors and change nothing.
	for _, tc := range []struct {
		method string
		params any
		want   domain.Code
	}{
		{"forms.get", map[string]any{"id": 999}, domain.CodeNotFound},
		{"forms.get", map[string]any{"id": -1}, domain.CodeInvalidParams},
		{"forms.get", map[string]any{"id": "1"}, domain.CodeInvalidParams},
		{"forms.get", map[string]any{"id": 1, "bogus": true}, domain.CodeInvalidParams},
		{"forms.set_status", map[string]any{"id": id, "status": "gone"}, domain.CodeInvalidParams},
		{"forms.update", map[string]any{"id": id, "document": map[string]any{"fields": []any{map[string]any{"id": "x", "type": "blink"}}}}, domain.CodeSchemaInvalid},
		{"versions.list", map[string]any{"form_id": id, "limit": 101}, domain.CodeInvalidParams},
		{"versions.get", map[string]any{"form_id": id, "version_id": 99999}, domain.CodeNotFound},
		{"forms.list", map[string]any{"actor": map[string]any{"user_id": 9, "caps": []string{"read"}}}, domain.CodeForbidden},
	} {
		if code := callErr(t, c, tc.method, tc.params); code != tc.want {
			t.Errorf("%s %v: got %s, want %s", tc.method, tc.params, code, tc.want)
		}
	}
	call(t, c, "forms.get", map[string]any{"id": id}, &f)
	if f.HeadSeq != 5 {
		t.Fatalf("a failed call wrote a version: head seq %d", f.HeadSeq)
	}
}

func TestStaleSocketIsReplacedAndLiveOneRefused(t *testing.T) {
	_, cfg := startDaemon(t)
	// A second daemon on the same socket must refuse to start.
	args := []string{"--socket", cfg.Socket, "--db", cfg.DB + "2", "--log-dir", cfg.LogDir}
	cfg2, err := ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), args, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	err = Run(context.Background(), cfg2, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil {
		t.Fatal("second daemon started on a live socket")
	}
	if _, statErr := os.Stat(cfg.Socket); statErr != nil {
		t.Fatalf("the live socket was removed: %v", statErr)
	}
}

func TestHosha2OverSocket(t *testing.T) {
	m := llmtest.New(t)
	m.Then(func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: `{"intent":"generate","diagnostics":{"notes":[],"riskFlags":[]},"final_form":{"version":"arshline_form@v1","title":"رزرو","fields":[{"id":"f1","type":"text","label":"نام","required":true,"placeholder":null,"help_text":null,"options":null,"scale":null,"html":null}]},"diff":[],"ui_hints":{"previewTips":[],"emptyStates":[]},"token_usage":{"prompt":1,"completion":1,"total":2}}`}
	})
	t.Setenv("ARSHLINE_OPENAI_API_KEY", "sk-test-key")
	c, _ := startDaemonEnv(t, os.Getenv, "--openai-base-url", m.URL(), "--openai-model", "test-model")
	var caps map[string]any
	call(t, c, "system.capabilities", nil, &caps)
	if caps["schema_version"] != "2.0" || len(caps["fields"].([]any)) != 13 {
		t.Fatalf("capabilities %v", caps)
	}
	// forms.schema needs no capability: the builder and the public
	// renderer read the same schema.
	var schema map[string]any
	call(t, c, "forms.schema", map[string]any{"actor": map[string]any{"user_id": 0, "caps": []string{}}}, &schema)
	if schema["title"] != "arshline_form@v1" || schema["additionalProperties"] != false {
		t.Fatalf("schema %v", schema["title"])
	}
	var created struct{ Form domain.Form }
	call(t, c, "forms.create", map[string]any{"title": "x"}, &created)
	var body struct {
		RequestID string `json:"request_id"`
		VersionID int64  `json:"version_id"`
		Data      struct {
			ProgressPercent float64 `json:"progress_percent"`
		} `json:"data"`
	}
	call(t, c, "hosha2.generate", map[string]any{"form_id": created.Form.ID, "prompt": "فرم رزرو", "wait": true, "req_id": "abc123def"}, &body)
	if body.RequestID != "abc123def" || body.VersionID == 0 || body.Data.ProgressPercent != 1 {
		t.Fatalf("generate %+v", body)
	}
	var prog struct {
		Status   string   `json:"status"`
		Progress []string `json:"progress"`
	}
	call(t, c, "hosha2.progress", map[string]any{"req_id": "abc123def"}, &prog)
	if prog.Status != "succeeded" || len(prog.Progress) != 6 {
		t.Fatalf("progress %+v", prog)
	}
	if code := callErr(t, c, "hosha2.generate", map[string]any{"form_id": created.Form.ID}); code != domain.CodeInvalidParams {
		t.Fatalf("missing prompt: %s", code)
	}
}

// hupOnReady records what the daemon tells the service manager, and
// answers the first READY=1 with a SIGHUP at once: the earliest a
// supervisor, or a test that saw READY=1, can send one.
type hupOnReady struct {
	said chan string
	once sync.Once
}

func (n *hupOnReady) Ready() error {
	n.said <- "READY=1"
	n.once.Do(func() { syscall.Kill(os.Getpid(), syscall.SIGHUP) })
	return nil
}
func (n *hupOnReady) Stopping() error  { n.said <- "STOPPING=1"; return nil }
func (n *hupOnReady) Reloading() error { n.said <- "RELOADING=1"; return nil }
func (n *hupOnReady) RunWatchdog(ctx context.Context, probe func(context.Context) error) {
}

// A SIGHUP right after READY=1 rotates the log and is answered with
// RELOADING=1 and READY=1; it must never find the runtime's default
// action (ending the process) still in place.
func TestSIGHUPRightAfterReady(t *testing.T) {
	n := &hupOnReady{said: make(chan string, 16)}
	saved := newNotifier
	newNotifier = func(*slog.Logger) notifier { return n }
	t.Cleanup(func() { newNotifier = saved })
	startDaemon(t)
	for _, want := range []string{"READY=1", "RELOADING=1", "READY=1"} {
		select {
		case got := <-n.said:
			if got != want {
				t.Fatalf("the daemon said %s, want %s", got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no %s", want)
		}
	}
}
