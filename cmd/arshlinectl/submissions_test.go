package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// runDaemon runs a whole daemon in process on a temporary socket and
// returns the socket and a connected client.
func runDaemon(t *testing.T, extra ...string) (string, *rpc.Client) {
	t.Helper()
	dir := systemdtest.ShortTempDir(t)
	cfg, err := daemon.ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), append([]string{
		"--socket", filepath.Join(dir, "d.sock"), "--db", filepath.Join(dir, "d.db"),
		"--log-dir", filepath.Join(dir, "logs"), "--shutdown-timeout", "5s"}, extra...), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- daemon.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	t.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		c, err := rpc.Dial(context.Background(), cfg.Socket)
		if err == nil {
			t.Cleanup(func() { c.Close() })
			return cfg.Socket, c
		}
		if time.Now().After(deadline) {
			t.Fatalf("daemon did not come up: %v", err)
		}
	}
}

func TestSubmissionsCommand(t *testing.T) {
	socket, c := runDaemon(t, "--submit-min-fill", "0")
	ctx := context.Background()
	var created struct {
		Form struct {
			ID          int64  `json:"id"`
			PublicToken string `json:"public_token"`
		} `json:"form"`
	}
	if err := c.Call(ctx, "forms.create", map[string]any{"title": "نظرسنجی"}, &created); err != nil {
		t.Fatal(err)
	}
	id := created.Form.ID
	doc := map[string]any{"version": "arshline_form@v1", "fields": []any{map[string]any{"id": "f1", "type": "textarea", "label": "نظر"}}}
	if err := c.Call(ctx, "forms.update", map[string]any{"id": id, "document": doc}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Call(ctx, "forms.set_status", map[string]any{"id": id, "status": "published"}, &created); err != nil {
		t.Fatal(err)
	}
	var subs []int64
	for i, text := range []string{"خیلی خوب بود", "صف طولانی بود"} {
		// Each respondent loads the form: a token is one submission.
		var pf struct {
			FormToken string `json:"form_token"`
		}
		if err := c.Call(ctx, "forms.public", map[string]any{"token": created.Form.PublicToken}, &pf); err != nil {
			t.Fatal(err)
		}
		var r struct {
			SubmissionID int64 `json:"submission_id"`
		}
		if err := c.Call(ctx, "submissions.submit", map[string]any{"token": created.Form.PublicToken, "form_token": pf.FormToken,
			"answers": map[string]any{"f1": text}, "client": map[string]any{"ip_hash": strconv.Itoa(i)}}, &r); err != nil {
			t.Fatal(err)
		}
		subs = append(subs, r.SubmissionID)
	}
	cli := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(append([]string{"--socket", socket}, args...), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	form := strconv.FormatInt(id, 10)
	code, out, _ := cli("submissions", "list", form, "--q", "صف")
	var page struct {
		Items []struct {
			ID int64 `json:"id"`
		} `json:"items"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &page) != nil || len(page.Items) != 1 || page.Items[0].ID != subs[1] {
		t.Fatalf("list --q: %d %s", code, out)
	}
	if code, out, _ := cli("submissions", "get", form, strconv.FormatInt(subs[0], 10)); code != 0 || !strings.Contains(out, "خیلی خوب بود") {
		t.Fatalf("get: %d %s", code, out)
	}
	if code, out, _ := cli("submissions", "status", form, "starred", strconv.FormatInt(subs[0], 10)); code != 0 || !strings.Contains(out, `"updated": 1`) && !strings.Contains(out, `"updated":1`) {
		t.Fatalf("status: %d %s", code, out)
	}
	if code, out, _ := cli("submissions", "delete", form, strconv.FormatInt(subs[1], 10)); code != 0 || !strings.Contains(out, "1") {
		t.Fatalf("delete: %d %s", code, out)
	}
	if code, out, _ := cli("submissions", "list", form); code != 0 || json.Unmarshal([]byte(out), &page) != nil || len(page.Items) != 1 {
		t.Fatalf("list after delete: %d %s", code, out)
	}
	// Bad input: a usage error before anything is sent, or the daemon's
	// own localized refusal.
	for _, args := range [][]string{{"submissions"}, {"submissions", "list", "x"}, {"submissions", "status", form}, {"submissions", "delete", form, "-1"}, {"submissions", "drop", form}} {
		if code, _, _ := cli(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, errOut := cli("submissions", "list", form, "--status", "deleted"); code == 0 || !strings.Contains(errOut, "status") {
		t.Errorf("a bad status: %d %q", code, errOut)
	}
}
