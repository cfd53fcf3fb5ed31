package models

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

type noEvents struct{}

func (noEvents) Event(context.Context, slog.Level, string, string, ...slog.Attr) {}

func openStore(t *testing.T, path string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func adminCtx() context.Context {
	return domain.WithActor(context.Background(), domain.Actor{UserID: 1, Caps: []string{domain.CapManageOptions}})
}

func TestService(t *testing.T) {
	ops := slog.New(slog.NewTextHandler(io.Discard, nil))
	m := llmtest.New(t)
	m.Then(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"arshline_probe":7}`} })
	path := filepath.Join(t.TempDir(), "m.db")
	db := openStore(t, path)
	ctx := context.Background()

	t.Run("no model in the flags or the settings answers OPENAI_UNAVAILABLE", func(t *testing.T) {
		s, err := New(ctx, Base{BaseURL: "https://api.openai.com/v1"}, db, noEvents{}, ops)
		if err != nil {
			t.Fatal(err)
		}
		if s.Available() || s.Status() != nil {
			t.Fatal("a model without one configured")
		}
		if _, err := s.Complete(ctx, llm.Request{User: "x", Purpose: "plan"}); domain.ErrorCode(err) != domain.CodeOpenAIUnavailable {
			t.Fatalf("Complete: %v", err)
		}
		if info, _ := s.Get(ctx, struct{}{}); info.Configured || info.Source != "none" {
			t.Fatalf("%+v", info)
		}
	})
	t.Run("the flags' model is in use until an administrator chooses another", func(t *testing.T) {
		s, err := New(ctx, Base{BaseURL: m.URL(), Model: "flag-model"}, db, noEvents{}, ops)
		if err != nil {
			t.Fatal(err)
		}
		if info, _ := s.Get(ctx, struct{}{}); !info.Configured || info.Source != "flags" || info.Model != "flag-model" {
			t.Fatalf("%+v", info)
		}
		key := "sk-kept-secret"
		info, err := s.Configure(adminCtx(), Params{BaseURL: m.URL(), Model: "chosen", APIKey: &key})
		if err != nil || info.Source != "admin" || info.Model != "chosen" || !info.KeySet {
			t.Fatalf("%+v %v", info, err)
		}
		// A new service on the same database starts with the chosen model.
		again, err := New(ctx, Base{BaseURL: m.URL(), Model: "flag-model"}, db, noEvents{}, ops)
		if err != nil {
			t.Fatal(err)
		}
		if info, _ := again.Get(ctx, struct{}{}); info.Source != "admin" || info.Model != "chosen" {
			t.Fatalf("after a restart: %+v", info)
		}
		if info, err := again.Configure(adminCtx(), Params{Clear: true}); err != nil || info.Source != "flags" || info.Model != "flag-model" {
			t.Fatalf("after clear: %+v %v", info, err)
		}
	})
	t.Run("settings that cannot be used are refused and change nothing", func(t *testing.T) {
		s, err := New(ctx, Base{BaseURL: m.URL(), Model: "flag-model"}, db, noEvents{}, ops)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []Params{{BaseURL: "http://192.168.1.20:11434/v1", Model: "m"}, {BaseURL: m.URL()}, {BaseURL: "ftp://x/v1", Model: "m"},
			{BaseURL: m.URL(), Model: strings.Repeat("m", 201)}} {
			if _, err := s.Configure(adminCtx(), p); domain.ErrorCode(err) != domain.CodeInvalidParams {
				t.Errorf("%+v: %v", p, err)
			}
		}
		if info, _ := s.Get(ctx, struct{}{}); info.Model != "flag-model" {
			t.Fatalf("a refused change changed the model: %+v", info)
		}
	})
	t.Run("a probe reports the server and keeps nothing", func(t *testing.T) {
		s, err := New(ctx, Base{BaseURL: "https://api.openai.com/v1"}, db, noEvents{}, ops)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Probe(adminCtx(), Params{BaseURL: m.URL(), Model: "probed"})
		if err != nil || !res.OK || res.Failure != nil || !res.Status.Reachable {
			t.Fatalf("%+v %v", res, err)
		}
		if s.Available() {
			t.Fatal("a probe configured the model")
		}
	})
}
