package bench

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// startDaemon runs a whole daemon on a temporary socket and database;
// extra flags come after the defaults and override them.
func startDaemon(t testing.TB, extra ...string) string {
	t.Helper()
	dir := t.TempDir()
	sock := filepath.Join(dir, "d.sock")
	cfg, err := daemon.ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), append([]string{
		"--socket", sock, "--db", filepath.Join(dir, "d.db"), "--log-dir", filepath.Join(dir, "logs"),
	}, extra...), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- daemon.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("daemon: %v", err)
		}
	})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		c, err := rpc.Dial(ctx, sock)
		if err == nil {
			c.Close()
			return sock
		}
		if time.Now().After(deadline) {
			t.Fatalf("daemon did not come up: %v", err)
		}
	}
}

// TestRunAgainstTheDaemon runs every method of the load tool against a
// real daemon: each call must succeed and be counted once.
func TestRunAgainstTheDaemon(t *testing.T) {
	sock := startDaemon(t)
	rep, err := Run(context.Background(), Options{Socket: sock, Clients: 4, Count: 200, Mix: DefaultMix, FsyncDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range rep.Methods {
		if m.Errors != 0 {
			t.Errorf("%s: %d errors, first: %s", m.Method, m.Errors, m.FirstError)
		}
		if m.Calls == 0 || m.PerSecond <= 0 || m.P50us <= 0 || m.P50us > m.P90us || m.P90us > m.P99us || m.P99us > m.MaxUs {
			t.Errorf("%s: implausible figures %+v", m.Method, m)
		}
		if _, ok := rep.Ratios[m.Method]; !ok {
			t.Errorf("%s has no ratios", m.Method)
		}
		total += m.Calls
	}
	if total != 200 || len(rep.Methods) != len(DefaultMix) {
		t.Fatalf("%d calls over %d methods, want 200 over %d", total, len(rep.Methods), len(DefaultMix))
	}
	if rep.Echo.P50us <= 0 || rep.FsyncPerSec <= 0 {
		t.Fatalf("baselines missing: %+v %v", rep.Echo, rep.FsyncPerSec)
	}
}

// TestRunCountsErrors: a method answering with an error is counted as
// failing, with its message, not as a fast success.
func TestRunCountsErrors(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "e.sock")
	ln, err := rpc.Listen(sock, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := rpc.NewServer(rpc.Config{}, []rpc.Method{
		{Name: "system.health", Handler: func(context.Context, json.RawMessage) (any, error) {
			return nil, domain.Errorf(domain.CodeNotFound, "database %v was not found", 1)
		}},
		{Name: "plan.validate", Handler: func(context.Context, json.RawMessage) (any, error) {
			return map[string]any{"contract": "arshline-plan/v1", "valid": false}, nil
		}},
	})
	ctx, cancel := context.WithCancel(context.Background())
	go srv.Serve(ctx, ln)
	defer cancel()
	rep, err := Run(context.Background(), Options{Socket: sock, Clients: 2, Count: 40,
		Mix: map[string]int{"system.health": 1, "plan.validate": 1}, FsyncDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Methods {
		if m.Errors != m.Calls || m.Calls == 0 || m.PerSecond != 0 {
			t.Errorf("%s: %d of %d calls failed, %v/s", m.Method, m.Errors, m.Calls, m.PerSecond)
		}
	}
	if first := rep.Methods[0].FirstError; !strings.Contains(first, "reported invalid") {
		t.Errorf("plan.validate's error: %q", first)
	}
	if first := rep.Methods[1].FirstError; !strings.Contains(first, "database") && !strings.Contains(first, "پایگاه داده") {
		t.Errorf("system.health's error: %q", first)
	}
}

func TestReply(t *testing.T) {
	c := &syncClient{id: 7}
	for _, tc := range []struct {
		line, result, err string
	}{
		{`{"jsonrpc":"2.0","id":7,"result":{"ok":true}}` + "\n", `{"ok":true}`, ""},
		{`{"jsonrpc":"2.0","id":7,"result":[1]}`, `[1]`, ""},
		{`{"id":7, "jsonrpc":"2.0", "result": {"ok":true}}`, `{"ok":true}`, ""},
		{`{"jsonrpc":"2.0","id":7,"result":null}`, `null`, ""},
		{`{"jsonrpc":"2.0","id":8,"result":{}}`, "", "reply for id 8, expected 7"},
		{`{"jsonrpc":"2.0","id":7}`, "", "neither result nor error"},
		{`{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"no such method"}}`, "", "no such method"},
		{`{"jsonrpc":"2.0","id":7,"result":{"ok":`, "", "not JSON"},
		{`garbage`, "", "not JSON"},
	} {
		got, err := c.reply([]byte(tc.line))
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.line, err, tc.err)
			}
		case err != nil || string(got) != tc.result:
			t.Errorf("%s: %s %v, want %s", tc.line, got, err, tc.result)
		}
	}
	var re *rpc.Error
	if _, err := c.reply([]byte(`{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"x"}}`)); !errors.As(err, &re) || re.Code != -32601 {
		t.Errorf("an error reply is not an *rpc.Error: %v", err)
	}
}
