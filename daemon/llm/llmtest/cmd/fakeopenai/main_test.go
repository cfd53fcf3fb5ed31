package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestServesTheScriptAndRepeatsItsLastReply(t *testing.T) {
	script := filepath.Join(t.TempDir(), "replies.json")
	if err := os.WriteFile(script, []byte(`[{"status": 429, "retry_after": 1}, {"content": {"ok": true}}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-script", script, "-delay", "1ms"}, pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := strings.TrimSpace(strings.TrimPrefix(line, "fakeopenai listening on "))
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/v1") {
		t.Fatalf("announced %q", line)
	}
	var statuses []int
	for range 3 {
		resp, err := http.Post(url+"/chat/completions", "application/json", strings.NewReader(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
		if resp.StatusCode == 200 && !strings.Contains(string(body), `{\"ok\":true}`) {
			t.Fatalf("body %s", body)
		}
	}
	if statuses[0] != 429 || statuses[1] != 200 || statuses[2] != 200 {
		t.Fatalf("statuses %v", statuses)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop")
	}
}

func TestBadScriptIsAnError(t *testing.T) {
	script := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(script, []byte(`{"not": "an array"}`), 0o600)
	for _, args := range [][]string{{"-script", script}, {"-script", script + ".missing"}, {"-nosuchflag"}} {
		if err := run(context.Background(), args, io.Discard); err == nil {
			t.Errorf("run(%v) succeeded", args)
		}
	}
}
