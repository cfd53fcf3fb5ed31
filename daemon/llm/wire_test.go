package llm

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

func TestWithZeroTemperature(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"model":"m"}`, `{"temperature":0,"model":"m"}`},
		{`{}`, `{"temperature":0}`},
		{` {"model":"m"}`, ` {"temperature":0,"model":"m"}`},
		// An explicit value stays as the caller set it.
		{`{"model":"m","temperature":0.7}`, `{"model":"m","temperature":0.7}`},
		// A nested "temperature" (a schema property) is not the request's.
		{`{"response_format":{"schema":{"properties":{"temperature":{"type":"number"}}}}}`,
			`{"temperature":0,"response_format":{"schema":{"properties":{"temperature":{"type":"number"}}}}}`},
		// Not an object: left alone for the server to refuse.
		{`[1,2]`, `[1,2]`},
		{`not json`, `not json`},
	} {
		got := string(withZeroTemperature([]byte(c.in)))
		if got != c.want {
			t.Errorf("withZeroTemperature(%s) = %s, want %s", c.in, got, c.want)
		}
		if json.Valid([]byte(c.in)) && !json.Valid([]byte(got)) {
			t.Errorf("withZeroTemperature(%s) broke the JSON: %s", c.in, got)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		header, value string
		want          time.Duration
	}{
		{"Retry-After", "3", 3 * time.Second},
		{"Retry-After", "0.25", 250 * time.Millisecond},
		{"Retry-After", "0", 0},
		{"Retry-After", "-4", 0},
		{"Retry-After", "soon", 0},
		{"Retry-After", now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{"Retry-After", now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"Retry-After", "1e308", 24 * time.Hour},
		{"Retry-After-Ms", "1500", 1500 * time.Millisecond},
		{"Retry-After-Ms", "x", 0},
		{"", "", 0},
	} {
		h := http.Header{}
		if c.header != "" {
			h.Set(c.header, c.value)
		}
		if got := parseRetryAfter(h, now); got != c.want {
			t.Errorf("%s: %q = %v, want %v", c.header, c.value, got, c.want)
		}
	}
}

func TestRetryWait(t *testing.T) {
	jitter := 0.0
	c := &Client{cfg: Config{Backoff: 100 * time.Millisecond, MaxRetryWait: time.Second, Jitter: func() float64 { return jitter }}}
	// Without Retry-After: exponential, spread over [½, 1] of the step.
	for _, x := range []struct {
		attempt int
		jitter  float64
		want    time.Duration
	}{
		{1, 0, 50 * time.Millisecond},
		{1, 0.5, 75 * time.Millisecond},
		{2, 0, 100 * time.Millisecond},
		{3, 0, 200 * time.Millisecond},
		{10, 0, 500 * time.Millisecond}, // the step is capped before the jitter
		{10, 0.999, 999500 * time.Microsecond},
		{70, 0, 500 * time.Millisecond}, // a shift past the width of Duration
	} {
		jitter = x.jitter
		if got := c.retryWait(x.attempt, 0); got != x.want {
			t.Errorf("attempt %d jitter %v: %v, want %v", x.attempt, x.jitter, got, x.want)
		}
	}
	// The server's Retry-After wins, capped.
	if got := c.retryWait(1, 300*time.Millisecond); got != 300*time.Millisecond {
		t.Errorf("retry-after 300ms: %v", got)
	}
	if got := c.retryWait(1, time.Hour); got != time.Second {
		t.Errorf("retry-after 1h: %v, want the 1s cap", got)
	}
}

func TestKindOfStatus(t *testing.T) {
	for _, c := range []struct {
		status   int
		msg      string
		kind     string
		tooLarge bool
	}{
		{429, "", ErrRateLimit, false},
		{401, "", ErrInvalidAPIKey, false},
		{403, "", ErrInvalidAPIKey, false},
		{400, "This model's maximum context length is 8192 tokens", ErrInvalidRequest, true},
		{400, "Request too large for gpt-4o", ErrInvalidRequest, true},
		{400, "invalid schema", ErrInvalidRequest, false},
		{404, "model not found", ErrInvalidRequest, false},
		{413, "", ErrInvalidRequest, true},
		{500, "", ErrServerError, false},
		{502, "", ErrServerError, false},
		{503, "", ErrModelOverloaded, false},
		{529, "", ErrModelOverloaded, false},
		{500, "The server is overloaded", ErrModelOverloaded, false},
		{302, "", ErrUnknown, false},
	} {
		kind, large := kindOfStatus(c.status, "", "", c.msg)
		if kind != c.kind || large != c.tooLarge {
			t.Errorf("%d %q: %s %v, want %s %v", c.status, c.msg, kind, large, c.kind, c.tooLarge)
		}
	}
}
