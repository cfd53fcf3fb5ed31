package logx

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// slogCallLine is the line the general path writes for c.
func slogCallLine(t testing.TB, level slog.Level, c RPCCall) string {
	var buf bytes.Buffer
	l := &Logger{Logger: slog.New(NewHandler(&buf, slog.LevelDebug))}
	l.Event(context.Background(), level, "rpc", "rpc_call", c.attrs()...)
	return buf.String()
}

// withoutTS drops the timestamp, the one field the two paths take at
// different instants.
func withoutTS(line string) string {
	if i := strings.Index(line, `","lvl"`); strings.HasPrefix(line, `{"ts":"`) && i > 0 {
		return line[i:]
	}
	return line
}

func checkCallLine(t *testing.T, level slog.Level, c RPCCall) {
	t.Helper()
	now := time.Now()
	fast := string(appendCallLine(nil, now, level, c))
	want := slogCallLine(t, level, c)
	if withoutTS(fast) != withoutTS(want) {
		t.Fatalf("call line\n got %s\nwant %s", fast, want)
	}
	if !strings.HasPrefix(fast, `{"ts":"`+now.UTC().Format(time.RFC3339Nano)+`"`) {
		t.Fatalf("timestamp: %s", fast)
	}
}

var callSeeds = []RPCCall{
	{Method: "system.health", ReqID: "3abe8060852f0f80", User: 7, Latency: 42 * time.Microsecond, Outcome: "ok"},
	{Method: "forms.get", ReqID: "ab12cd", User: -1, Latency: 3*time.Millisecond + 5, Outcome: "NOT_FOUND", ErrorCode: "NOT_FOUND"},
	{Method: "no\"such\\method\n\t\r\x00\x1f<&>\u2028\u2029", ReqID: "x\xffy", Outcome: "INTERNAL", ErrorCode: "INTERNAL"},
	{Method: "call ali@example.com or 09121234567", ReqID: "Bearer abcdefghijk12345", Outcome: "ok"},
	{Method: "فرم‌ها", ReqID: "", Outcome: "RATE_LIMIT", ErrorCode: "RATE_LIMIT", Latency: -time.Second},
}

func TestCallLineEqualsTheGeneralPath(t *testing.T) {
	for _, c := range callSeeds {
		for _, level := range []slog.Level{slog.LevelInfo, slog.LevelWarn, slog.LevelError, slog.LevelDebug} {
			checkCallLine(t, level, c)
		}
	}
}

func FuzzCallLine(f *testing.F) {
	for _, c := range callSeeds {
		f.Add(c.Method, c.ReqID, c.User, int64(c.Latency), c.Outcome, c.ErrorCode)
	}
	f.Fuzz(func(t *testing.T, method, reqID string, user, latency int64, outcome, code string) {
		checkCallLine(t, slog.LevelWarn, RPCCall{Method: method, ReqID: reqID, User: user, Latency: time.Duration(latency), Outcome: outcome, ErrorCode: code})
	})
}

func TestCallWritesThroughTheBatchAndHonoursTheLevel(t *testing.T) {
	dir := t.TempDir()
	l, err := Open(Config{Dir: dir, Level: slog.LevelWarn})
	if err != nil {
		t.Fatal(err)
	}
	l.Call(slog.LevelInfo, callSeeds[0])
	l.Call(slog.LevelWarn, callSeeds[1])
	l.Close()
	data := readLog(t, dir)
	if strings.Contains(data, "system.health") || strings.Count(data, "\n") != 1 || !strings.Contains(data, `"method":"forms.get"`) {
		t.Fatalf("log: %q", data)
	}
}

func BenchmarkCallLine(b *testing.B) {
	l, err := Open(Config{Dir: b.TempDir(), Level: slog.LevelInfo})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	b.ReportAllocs()
	for b.Loop() {
		l.Call(slog.LevelInfo, callSeeds[0])
	}
}

func readLog(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
