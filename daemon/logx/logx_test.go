package logx

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	cases := []struct{ in, want string }{
		{"contact ali.rezaei@example.co.ir now", "contact <REDACT_EMAIL> now"},
		{"call 09121234567", "call <REDACT_PHONE>"},
		{"call ۰۹۱۲۱۲۳۴۵۶۷ please", "call <REDACT_PHONE> please"},
		{"شماره: ٠٩١٢١٢٣٤٥٦٧", "شماره: <REDACT_PHONE>"},
		{"mixed ۰۹12-۱۲۳-4567", "mixed <REDACT_PHONE>"},
		{"+98 912 123 4567", "<REDACT_PHONE>"},
		{"+989121234567", "<REDACT_PHONE>"},
		{"00989121234567", "<REDACT_PHONE>"},
		{"0912 123 45 67", "<REDACT_PHONE>"},
		{"office 021-88776655", "office <REDACT_PHONE>"},
		{"+1 415 555 0100", "<REDACT_PHONE>"},
		{"key sk-proj-abcdefghijklmnop1234", "key sk-****1234"},
		{"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc.def", "Authorization: " + RedactedSecret},
		{"header bearer abcdefghij123", "header " + RedactedSecret},
		{"password=hunter22 and more", "password=" + RedactedSecret + " and more"},
		{`api_key: "x y z"`, "api_key: " + RedactedSecret},
		// Things that must survive untouched.
		{"diff 3f786850e387550fdab836ed7e6dc881de23001b", "diff 3f786850e387550fdab836ed7e6dc881de23001b"},
		{"form 12 has 3 fields", "form 12 has 3 fields"},
		{"req ab12cd34ef", "req ab12cd34ef"},
		{"id 123456789012345", "id 123456789012345"},
		{"فرم ۳ منتشر شد", "فرم ۳ منتشر شد"},
		{"", ""},
	}
	for _, c := range cases {
		if got := Redact(c.in); got != c.want {
			t.Errorf("Redact(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHandlerWritesSpecFieldsRedacted(t *testing.T) {
	var buf bytes.Buffer
	l := &Logger{Logger: slog.New(NewHandler(&buf, slog.LevelDebug))}
	l.Event(context.Background(), slog.LevelInfo, "openai_send", "openai_request_end",
		slog.String("req_id", "ab12cd34"), slog.Int64("user", 3), slog.String("model", "gpt-x"),
		slog.Int("tokens_in", 120), slog.Int("tokens_out", 85), slog.Int64("latency_ms", 42),
		slog.String("error_code", ""), slog.String("diff_sha", "3f786850e387550fdab836ed7e6dc881de23001b"),
		slog.String("prompt", "my mail is a@b.io and phone ۰۹۱۲۱۲۳۴۵۶۷"), slog.String("api_key", "plain"))
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatalf("not one JSON object: %q", buf.String())
	}
	for _, k := range []string{"ts", "lvl", "phase", "evt", "req_id", "user", "model", "tokens_in", "tokens_out", "latency_ms", "error_code", "diff_sha"} {
		if _, ok := m[k]; !ok {
			t.Errorf("missing field %s in %v", k, m)
		}
	}
	if m["lvl"] != "INFO" || m["evt"] != "openai_request_end" || m["phase"] != "openai_send" {
		t.Errorf("fields: %v", m)
	}
	if m["prompt"] != "my mail is <REDACT_EMAIL> and phone <REDACT_PHONE>" {
		t.Errorf("prompt not redacted: %v", m["prompt"])
	}
	if m["api_key"] != RedactedSecret || m["diff_sha"] != "3f786850e387550fdab836ed7e6dc881de23001b" {
		t.Errorf("key masking: %v %v", m["api_key"], m["diff_sha"])
	}
}

func TestFileLogAndRotate(t *testing.T) {
	dir := t.TempDir()
	l, err := Open(Config{Dir: dir, Level: slog.LevelInfo})
	if err != nil {
		t.Fatal(err)
	}
	l.Event(context.Background(), slog.LevelDebug, "p", "hidden")
	l.Event(context.Background(), slog.LevelInfo, "p", "first")
	if err := l.Rotate(); err != nil {
		t.Fatal(err)
	}
	l.Event(context.Background(), slog.LevelWarn, "p", "second")
	l.Close()
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("want current file and one backup, got %v", entries)
	}
	f, _ := os.Open(filepath.Join(dir, FileName))
	defer f.Close()
	sc := bufio.NewScanner(f)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) != 1 || !strings.Contains(lines[0], `"evt":"second"`) || !strings.Contains(lines[0], `"lvl":"WARN"`) {
		t.Fatalf("current file: %v", lines)
	}
}

func BenchmarkRedactPlain(b *testing.B) {
	s := "analyze_input finished for the form without personal data"
	for i := 0; i < b.N; i++ {
		Redact(s)
	}
}

func BenchmarkRedactPersonal(b *testing.B) {
	s := "user ali@example.com called from ۰۹۱۲۱۲۳۴۵۶۷ with key sk-proj-abcdefghijklmnop1234"
	for i := 0; i < b.N; i++ {
		Redact(s)
	}
}
