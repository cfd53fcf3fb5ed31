// Package llmtest is an OpenAI-compatible chat-completions server on
// loopback, for tests. It answers from a script
// (replies, HTTP errors, slow replies, malformed bodies), then from a
// default function, records every request as it arrived on the wire, and
// reports clients that hung up before their answer, so the real client
// is exercised over real HTTP exactly as against a self-hosted model.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Usage is the token count a reply reports.
type Usage struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
	Total      int `json:"total"`
}

// Reply is one scripted answer.
type Reply struct {
	Status       int    // HTTP status; 0 means 200
	Content      string // the assistant message's content
	FinishReason string // "stop" when empty
	Refusal      string
	// Delay holds the answer back; a client that gives up meanwhile is
	// counted by Aborted and signalled on Closed.
	Delay      time.Duration
	RetryAfter string // the Retry-After header, verbatim
	// RawBody is sent instead of a chat completion (or an error object),
	// for malformed answers.
	RawBody string
	// Usage is reported as it is; when zero, it is estimated from the
	// request and content sizes (about four bytes a token).
	Usage Usage
	// ErrorCode and ErrorMessage fill the error object of a non-2xx reply.
	ErrorCode    string
	ErrorMessage string
}

// ContextLengthExceeded is OpenAI's answer to a request longer than the
// model's context window.
func ContextLengthExceeded() Reply {
	return Reply{
		Status:       http.StatusBadRequest,
		ErrorCode:    "context_length_exceeded",
		ErrorMessage: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9100 tokens.",
	}
}

// Request is one request as the server received it.
type Request struct {
	Method, Path  string
	Authorization string
	Raw           []byte
	Body          map[string]any // Raw decoded; nil when it was not a JSON object
}

// Temperature reports whether the body carried a temperature and its value.
func (r Request) Temperature() (float64, bool) {
	v, ok := r.Body["temperature"].(float64)
	return v, ok
}

// Seed reports whether the body carried a seed and its value.
func (r Request) Seed() (int, bool) {
	v, ok := r.Body["seed"].(float64)
	return int(v), ok
}

// Message returns the content of the first message with the given role.
func (r Request) Message(role string) string {
	msgs, _ := r.Body["messages"].([]any)
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		if mm["role"] == role {
			s, _ := mm["content"].(string)
			return s
		}
	}
	return ""
}

// ResponseFormat returns the body's response_format object, nil without one.
func (r Request) ResponseFormat() map[string]any {
	rf, _ := r.Body["response_format"].(map[string]any)
	return rf
}

// Server is the fake model.
type Server struct {
	srv  *httptest.Server
	stop chan struct{}

	mu       sync.Mutex
	script   []Reply
	fallback func(Request) Reply
	requests []Request
	count    int  // requests received, kept or not
	forget   bool // see ForgetRequests
	aborted  int
	closed   chan struct{}
	models   []Model
}

// Model is one entry of GET /v1/models; MaxModelLen is vLLM's addition
// (0 leaves it out, as Ollama and llama.cpp do).
type Model struct {
	ID          string
	MaxModelLen int
}

// Models makes the server answer GET /v1/models with these entries;
// without it that path is 404.
func (s *Server) Models(models ...Model) {
	s.mu.Lock()
	s.models = models
	s.mu.Unlock()
}

// NewServer starts a server on 127.0.0.1 with an ephemeral port that
// answers with script, in order. Past the script it answers with the
// function given to Then, or with a 500 saying the script ran out.
func NewServer(script ...Reply) *Server {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic("llmtest: " + err.Error())
	}
	s := &Server{script: script, stop: make(chan struct{}), closed: make(chan struct{})}
	s.srv = &httptest.Server{Listener: l, Config: &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}}
	s.srv.Start()
	return s
}

// NewHandler is the server without a listener of its own: a program
// serves it beside other paths (e2e/fakeopenai, the fake model of the
// end-to-end and PHP tests). URL is not for it; Close releases the
// replies Delay holds back.
func NewHandler(script ...Reply) *Server {
	return &Server{script: script, stop: make(chan struct{}), closed: make(chan struct{})}
}

// New is NewServer closed when the test ends.
func New(t testing.TB, script ...Reply) *Server {
	t.Helper()
	s := NewServer(script...)
	t.Cleanup(s.Close)
	return s
}

// URL is the base URL a client is given, ending in /v1.
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Close releases replies still held back by Delay and stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	s.mu.Unlock()
	if s.srv != nil {
		s.srv.Close()
	}
}

// Script appends replies to the script.
func (s *Server) Script(replies ...Reply) {
	s.mu.Lock()
	s.script = append(s.script, replies...)
	s.mu.Unlock()
}

// Then answers every request past the script with fn.
func (s *Server) Then(fn func(Request) Reply) {
	s.mu.Lock()
	s.fallback = fn
	s.mu.Unlock()
}

// ForgetRequests stops keeping the requests received (they are only
// counted), for benchmarks that measure the client's memory over
// thousands of calls.
func (s *Server) ForgetRequests() {
	s.mu.Lock()
	s.forget, s.requests = true, nil
	s.mu.Unlock()
}

// Requests returns the requests received so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// RequestCount is len(Requests()) without the copy.
func (s *Server) RequestCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// Aborted counts requests whose client hung up before the answer.
func (s *Server) Aborted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.aborted
}

// Closed is closed when a client first hangs up before its answer.
func (s *Server) Closed() <-chan struct{} { return s.closed }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	req := Request{Method: r.Method, Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Raw: raw}
	if json.Unmarshal(raw, &req.Body) != nil {
		req.Body = nil
	}
	if r.Method == http.MethodGet && r.URL.Path == "/v1/models" {
		s.serveModels(w)
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		writeError(w, Reply{Status: http.StatusNotFound, ErrorCode: "unknown_url", ErrorMessage: "only POST /v1/chat/completions is served"})
		return
	}
	s.mu.Lock()
	s.count++
	if !s.forget {
		s.requests = append(s.requests, req)
	}
	var rep Reply
	switch {
	case len(s.script) > 0:
		rep, s.script = s.script[0], s.script[1:]
	case s.fallback != nil:
		fn := s.fallback
		s.mu.Unlock()
		rep = fn(req)
		s.mu.Lock()
	default:
		rep = Reply{Status: http.StatusInternalServerError, ErrorCode: "script_exhausted", ErrorMessage: "the fake model has no reply left"}
	}
	s.mu.Unlock()
	if rep.Delay > 0 {
		t := time.NewTimer(rep.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			s.noteAbort()
			return
		case <-s.stop:
			t.Stop()
			return
		}
	}
	if rep.RetryAfter != "" {
		w.Header().Set("Retry-After", rep.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.RawBody != "" {
		if rep.Status != 0 {
			w.WriteHeader(rep.Status)
		}
		io.WriteString(w, rep.RawBody)
		return
	}
	if rep.Status != 0 && rep.Status != http.StatusOK {
		writeError(w, rep)
		return
	}
	writeCompletion(w, req, rep)
}

func (s *Server) serveModels(w http.ResponseWriter) {
	s.mu.Lock()
	models := s.models
	s.mu.Unlock()
	if models == nil {
		writeError(w, Reply{Status: http.StatusNotFound, ErrorCode: "unknown_url", ErrorMessage: "no model list was given"})
		return
	}
	data := make([]any, 0, len(models))
	for _, m := range models {
		e := map[string]any{"id": m.ID, "object": "model", "created": 0, "owned_by": "llmtest"}
		if m.MaxModelLen > 0 {
			e["max_model_len"] = m.MaxModelLen
		}
		data = append(data, e)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data})
}

func (s *Server) noteAbort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.aborted++
	if s.aborted == 1 {
		close(s.closed)
	}
}

func writeError(w http.ResponseWriter, rep Reply) {
	code, msg := rep.ErrorCode, rep.ErrorMessage
	if msg == "" {
		msg = fmt.Sprintf("the fake model answered %d as scripted", rep.Status)
	}
	typ := "invalid_request_error"
	switch {
	case rep.Status == http.StatusTooManyRequests:
		typ = "rate_limit_error"
	case rep.Status == http.StatusUnauthorized:
		typ, code = "invalid_request_error", firstOf(code, "invalid_api_key")
	case rep.Status >= 500:
		typ = "server_error"
	}
	var codeVal any
	if code != "" {
		codeVal = code
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.Status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": codeVal}})
}

func writeCompletion(w http.ResponseWriter, req Request, rep Reply) {
	finish := firstOf(rep.FinishReason, "stop")
	msg := map[string]any{"role": "assistant", "content": rep.Content}
	if rep.Refusal != "" {
		msg["refusal"] = rep.Refusal
		msg["content"] = nil
	}
	usage := rep.Usage
	if usage == (Usage{}) {
		usage = Usage{Prompt: len(req.Raw)/4 + 1, Completion: len(rep.Content)/4 + 1}
	}
	if usage.Total == 0 {
		usage.Total = usage.Prompt + usage.Completion
	}
	model, _ := req.Body["model"].(string)
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-llmtest", "object": "chat.completion", "created": time.Now().Unix(), "model": firstOf(model, "llmtest"),
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": usage.Prompt, "completion_tokens": usage.Completion, "total_tokens": usage.Total},
	})
}

func firstOf(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
