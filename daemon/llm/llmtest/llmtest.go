// Package llmtest is an OpenAI-compatible chat-completions server on
// loopback for tests: it answers from a script (replies, HTTP errors,
// slow replies, malformed bodies) and records every request, so the real
// client is exercised over real HTTP exactly as against a self-hosted model.
package llmtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Reply is one scripted answer.
type Reply struct {
	Status       int           // HTTP status; 0 or 200 for success
	Content      string        // the assistant message content
	Finish       string        // finish_reason, "stop" by default
	Refusal      string        // the message's refusal
	Raw          string        // a raw body instead of a chat completion (malformed JSON)
	RetryAfter   string        // Retry-After header
	Delay        time.Duration // wait before answering (the client may give up)
	ContextError bool          // a 400 saying the context is too long
	TokensIn     int
	TokensOut    int
}

// Server is the fake model.
type Server struct {
	srv      *httptest.Server
	mu       sync.Mutex
	script   []Reply
	fallback func(body map[string]any) Reply
	bodies   []map[string]any
	aborted  atomic.Int64
}

// New starts a server answering with script, in order; past its end it
// answers 500. It stops when the test ends.
func New(t testing.TB, script ...Reply) *Server {
	s := &Server{script: script}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// Then answers every request past the script with fn.
func (s *Server) Then(fn func(body map[string]any) Reply) {
	s.mu.Lock()
	s.fallback = fn
	s.mu.Unlock()
}

// URL is the base URL for the client (ending in /v1).
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Requests counts the requests received.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.bodies)
}

// Bodies returns the decoded request bodies.
func (s *Server) Bodies() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.bodies...)
}

// Aborted counts requests whose client went away before the answer.
func (s *Server) Aborted() int64 { return s.aborted.Load() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var body map[string]any
	json.Unmarshal(b, &body)
	s.mu.Lock()
	s.bodies = append(s.bodies, body)
	var rep Reply
	switch {
	case len(s.script) > 0:
		rep, s.script = s.script[0], s.script[1:]
	case s.fallback != nil:
		rep = s.fallback(body)
	default:
		rep = Reply{Status: 500}
	}
	s.mu.Unlock()
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			s.aborted.Add(1)
			return
		}
	}
	if rep.RetryAfter != "" {
		w.Header().Set("Retry-After", rep.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.Status != 0 && rep.Status != 200 {
		w.WriteHeader(rep.Status)
		code, msg := "server_error", "the fake model failed as scripted"
		if rep.ContextError {
			code, msg = "context_length_exceeded", "This model's maximum context length is 8192 tokens"
		}
		json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error", "code": code}})
		return
	}
	if rep.Raw != "" {
		io.WriteString(w, rep.Raw)
		return
	}
	finish := rep.Finish
	if finish == "" {
		finish = "stop"
	}
	msg := map[string]any{"role": "assistant", "content": rep.Content}
	if rep.Refusal != "" {
		msg["refusal"] = rep.Refusal
	}
	in, out := rep.TokensIn, rep.TokensOut
	if in == 0 {
		in, out = 120, 40
	}
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": in, "completion_tokens": out, "total_tokens": in + out},
	})
}
