// Command fakeopenai is a loopback OpenAI-compatible chat completions
// server for the end-to-end and PHP tests. It answers the daemon's two
// kinds of structured requests deterministically:
//
//   - the planner (response schema named *plan*): a plan for the command,
//     or {"none": true} when it recognises nothing;
//   - Hosha2 (schema hosha2_response): a response envelope whose
//     final_form is built from the prompt, and the secondary validation
//     (schema hosha2_validate): {"valid": true, "issues": []}.
//
// Markers in the prompt steer it: [slow] waits -slow before answering
// (giving up when the caller hangs up), [fail] answers HTTP 500, [limit]
// answers HTTP 429 with Retry-After, [unsafe] puts a script in an html
// field, [broken] breaks the envelope, [invalid] makes the secondary
// validation reject the form. GET /stats reports the requests seen;
// GET /v1/models lists the model.
//
// -mode makes it behave as a self-hosted server does (the bodies are the
// servers' own, with their sources cited where they are written):
//
//   - strict (default): takes json_schema;
//   - ollama-reject, vllm-reject: refuses json_schema as Ollama and an
//     older vLLM do, takes json_object;
//   - ignore-fenced, ignore-prose: ignores response_format (old Ollama)
//     and writes the JSON in a ```json fence or in a sentence.
//
// -context N refuses, as vLLM does, a request whose prompt plus
// max_tokens exceeds N tokens; -keyless serves without a key (and refuses
// none); -loading N answers llama.cpp's 503 "Loading model" to the first
// N requests.
//
//	fakeopenai -addr 127.0.0.1:0 -port-file /tmp/port -slow 6s -mode vllm-reject -context 8192
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"
)

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model          string    `json:"model"`
	MaxTokens      int       `json:"max_tokens"`
	Messages       []message `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
			Strict bool            `json:"strict"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

type server struct {
	slow    time.Duration
	mode    string
	context int
	keyless bool
	loading int64

	mu       sync.Mutex
	requests int
	bySchema map[string]int
	aborted  int
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address (loopback)")
	portFile := flag.String("port-file", "", "write the chosen port here once listening")
	slow := flag.Duration("slow", 6*time.Second, "delay of a [slow] answer")
	mode := flag.String("mode", "strict", "strict, ollama-reject, vllm-reject, ignore-fenced or ignore-prose")
	window := flag.Int("context", 0, "context window in tokens (vLLM's --max-model-len); 0 for none")
	keyless := flag.Bool("keyless", false, "serve without a key")
	loading := flag.Int64("loading", 0, "answer 503 Loading model to this many first requests")
	flag.Parse()
	switch *mode {
	case "strict", "ollama-reject", "vllm-reject", "ignore-fenced", "ignore-prose":
	default:
		log.Fatalf("fakeopenai: unknown -mode %q", *mode)
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("fakeopenai: %v", err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	if *portFile != "" {
		tmp := *portFile + ".tmp"
		if err := os.WriteFile(tmp, []byte(fmt.Sprint(port)), 0o644); err != nil {
			log.Fatalf("fakeopenai: %v", err)
		}
		if err := os.Rename(tmp, *portFile); err != nil {
			log.Fatalf("fakeopenai: %v", err)
		}
	}
	fmt.Printf("fakeopenai listening on http://127.0.0.1:%d/v1\n", port)

	s := &server{slow: *slow, mode: *mode, context: *window, keyless: *keyless, loading: *loading, bySchema: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/models", s.listModels)
	mux.HandleFunc("/v1/chat/completions", s.completions)
	mux.HandleFunc("/stats", s.stats)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("fakeopenai: %v", err)
	}
}

func (s *server) stats(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"requests": s.requests, "by_schema": s.bySchema, "aborted": s.aborted})
}

// listModels is GET /v1/models with the one model the fake plays, and
// vLLM's max_model_len when -context is set.
func (s *server) listModels(w http.ResponseWriter, _ *http.Request) {
	m := map[string]any{"id": "fake-model", "object": "model", "created": 0, "owned_by": "fakeopenai"}
	if s.context > 0 {
		m["max_model_len"] = s.context
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{m}})
}

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": typ, "code": typ}})
}

func (s *server) completions(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		apiError(w, http.StatusMethodNotAllowed, "invalid_request_error", "POST only")
		return
	}
	if !s.keyless && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
		apiError(w, http.StatusUnauthorized, "invalid_api_key", "missing bearer token")
		return
	}
	var req chatRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<20)).Decode(&req); err != nil {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "body is not JSON: "+err.Error())
		return
	}
	schema, format := "", ""
	if req.ResponseFormat != nil {
		format = req.ResponseFormat.Type
		if req.ResponseFormat.JSONSchema != nil {
			schema = req.ResponseFormat.JSONSchema.Name
		}
	}
	user, system, promptBytes := "", "", 0
	for _, m := range req.Messages {
		promptBytes += len(m.Content)
		switch m.Role {
		case "user":
			user = m.Content
		case "system":
			system = m.Content
		}
	}
	if schema == "" {
		// Asked without a schema name (json_object or plain text): tell
		// the callers apart by their system prompts.
		switch {
		case strings.Contains(system, "strict plan JSON"):
			schema = "plan"
		case strings.Contains(system, "Check the final_form"):
			schema = "validate"
		case strings.Contains(system, "You check that the server answers JSON"):
			schema = "probe"
		}
	}
	s.mu.Lock()
	s.loading--
	stillLoading := s.loading >= 0
	s.mu.Unlock()
	if stillLoading {
		// llama.cpp tools/server/server.cpp while the weights load.
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"error": map[string]any{"code": 503, "message": "Loading model", "type": "unavailable_error"}})
		return
	}
	if format == "json_schema" {
		switch s.mode {
		case "ollama-reject":
			// ollama llm/server.go "invalid JSON schema in format", through
			// openai/openai.go NewError.
			writeJSON(w, http.StatusInternalServerError, map[string]any{"error": map[string]any{"message": "invalid JSON schema in format", "type": "api_error", "param": nil, "code": nil}})
			return
		case "vllm-reject":
			// vllm/entrypoints/openai/protocol.py ResponseFormat before
			// json_schema: pydantic's literal error, top-level error body.
			writeJSON(w, http.StatusBadRequest, map[string]any{"object": "error", "message": "[{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}]", "type": "BadRequestError", "param": nil, "code": 400})
			return
		}
	}
	if prompt := promptBytes / 4; s.context > 0 && prompt+req.MaxTokens > s.context {
		// vllm/entrypoints/openai/serving_engine.py, _validate_input.
		writeJSON(w, http.StatusBadRequest, map[string]any{"object": "error", "message": fmt.Sprintf(
			"This model's maximum context length is %d tokens. However, you requested %d tokens (%d in the messages, %d in the completion). Please reduce the length of the messages or completion.",
			s.context, prompt+req.MaxTokens, prompt, req.MaxTokens), "type": "BadRequestError", "param": nil, "code": 400})
		return
	}
	s.mu.Lock()
	s.requests++
	s.bySchema[schema]++
	s.mu.Unlock()

	switch {
	case strings.Contains(user, "[fail]"):
		apiError(w, http.StatusInternalServerError, "server_error", "the fake model failed as asked")
		return
	case strings.Contains(user, "[limit]"):
		w.Header().Set("Retry-After", "7")
		apiError(w, http.StatusTooManyRequests, "rate_limit_exceeded", "the fake model is rate limited as asked")
		return
	case strings.Contains(user, "[slow]"):
		select {
		case <-time.After(s.slow):
		case <-r.Context().Done():
			s.mu.Lock()
			s.aborted++
			s.mu.Unlock()
			return
		}
	}

	var content any
	switch {
	case schema == "probe":
		// The daemon's model probe (daemon/llm/probe.go).
		content = map[string]any{"arshline_probe": 7}
	case strings.Contains(strings.ToLower(schema), "plan"):
		content = planAnswer(user, planVersion(system))
	case strings.Contains(strings.ToLower(schema), "validate"):
		content = validateAnswer(user)
	default:
		content = hosha2Answer(user)
	}
	raw, _ := json.Marshal(content)
	text := string(raw)
	switch s.mode {
	case "ignore-fenced":
		text = "Here is the JSON you asked for:\n\n```json\n" + text + "\n```\n"
	case "ignore-prose":
		text = "Sure! " + text + " Let me know if anything should change."
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":      fmt.Sprintf("chatcmpl-fake-%d", time.Now().UnixNano()),
		"object":  "chat.completion",
		"created": time.Now().Unix(),
		"model":   req.Model,
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": text},
			"finish_reason": "stop",
		}},
		"usage": map[string]any{"prompt_tokens": 120 + len(user)/4, "completion_tokens": 85, "total_tokens": 205 + len(user)/4},
	})
}

var (
	titleRe = regexp.MustCompile(`(?:اسم|نام|عنوان) فرم را (.+?) بگذار`)
	countRe = regexp.MustCompile(`(یک|دو|سه|چهار|پنج|شش|\d+|[۰-۹]+) (?:سوال|سؤال|پرسش)(?: ?های)?(?: (پاسخ کوتاه|کوتاه|پاسخ بلند|تشریحی|چندگزینه‌ای|چند گزینه‌ای|کشویی|امتیازی|امتیاز))?`)
	numbers = map[string]int{"یک": 1, "دو": 2, "سه": 3, "چهار": 4, "پنج": 5, "شش": 6}
	kinds   = map[string]string{
		"پاسخ کوتاه": "short_text", "کوتاه": "short_text", "پاسخ بلند": "long_text", "تشریحی": "long_text",
		"چندگزینه‌ای": "multiple_choice", "چند گزینه‌ای": "multiple_choice", "کشویی": "dropdown",
		"امتیازی": "rating", "امتیاز": "rating",
	}
)

// planVersion is the plan version the daemon's prompt asks for, as a
// model that follows its instructions answers.
func planVersion(system string) int {
	if strings.Contains(system, `{"version": 2,`) {
		return 2
	}
	return 1
}

// planAnswer is the planner's structured answer: create_form with the
// title the command names, then the questions it counts, or none.
func planAnswer(user string, version int) any {
	text := strings.TrimPrefix(user, "Command: ")
	if i := strings.Index(text, "\n"); i >= 0 {
		text = text[:i]
	}
	m := titleRe.FindStringSubmatch(text)
	if m == nil {
		return map[string]any{"result": map[string]any{"none": true, "reason": "the fake model recognises only «… اسم فرم را X بگذار»"}}
	}
	steps := []any{map[string]any{"action": "create_form", "params": map[string]any{"title": strings.TrimSpace(m[1])}}}
	if c := countRe.FindStringSubmatch(text); c != nil {
		n, ok := numbers[c[1]]
		if !ok {
			n = parseDigits(c[1])
		}
		kind := kinds[c[2]]
		if kind == "" {
			kind = "short_text"
		}
		for i := 0; i < n && i < 6; i++ {
			steps = append(steps, map[string]any{"action": "add_field", "params": map[string]any{"type": kind}})
		}
	}
	return map[string]any{"result": map[string]any{"version": version, "steps": steps}}
}

// parseDigits reads Latin or Persian digits.
func parseDigits(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			n = n*10 + int(r-'0')
		case r >= '۰' && r <= '۹':
			n = n*10 + int(r-'۰')
		}
	}
	return n
}

// envelope is the part of a Hosha2 request envelope the fake reads.
type envelope struct {
	Meta struct {
		Intent string `json:"intent"`
		Locale string `json:"locale"`
	} `json:"meta"`
	UserInput struct {
		Question string `json:"question"`
		Prompt   string `json:"prompt"`
	} `json:"user_input"`
	CurrentForm *struct {
		Fields []json.RawMessage `json:"fields"`
	} `json:"current_form"`
}

// validateAnswer is the secondary validation's answer.
func validateAnswer(user string) any {
	if strings.Contains(user, "[invalid]") {
		return map[string]any{"valid": false, "issues": []string{"the fake model rejects this form as asked"}}
	}
	return map[string]any{"valid": true, "issues": []string{}}
}

// hosha2Answer is a Hosha2 response envelope in the daemon's
// strict response schema: every field key present, unused ones null.
func hosha2Answer(user string) any {
	var env envelope
	_ = json.Unmarshal([]byte(user), &env)
	prompt := env.UserInput.Prompt
	if prompt == "" {
		prompt = env.UserInput.Question
	}
	if prompt == "" {
		prompt = user
	}
	if strings.Contains(prompt, "[broken]") {
		return map[string]any{"intent": "generate", "final_form": map[string]any{"version": "arshline_form@v0"}}
	}
	title, fields := buildForm(prompt)
	diff := []any{}
	if env.CurrentForm != nil {
		for i := len(env.CurrentForm.Fields) - 1; i >= 0; i-- {
			diff = append(diff, map[string]any{"op": "remove", "path": fmt.Sprintf("/fields/%d", i), "from": nil, "value": nil})
		}
	}
	for i, f := range fields {
		diff = append(diff, map[string]any{"op": "add", "path": fmt.Sprintf("/fields/%d", i), "from": nil, "value": f})
	}
	intent := env.Meta.Intent
	if intent == "" || intent == "auto" {
		intent = "generate"
	}
	return map[string]any{
		"intent":      intent,
		"diagnostics": map[string]any{"notes": []string{}, "riskFlags": []string{}},
		"final_form":  map[string]any{"version": "arshline_form@v1", "title": title, "fields": fields},
		"diff":        diff,
		"ui_hints":    map[string]any{"previewTips": []string{}, "emptyStates": []string{}},
		"token_usage": map[string]any{"prompt": 120, "completion": 85, "total": 205},
	}
}

// field is one field with every key of the strict schema.
func field(id, typ, label string, required bool, extra map[string]any) map[string]any {
	f := map[string]any{"id": id, "type": typ, "label": label, "required": required,
		"placeholder": nil, "help_text": nil, "options": nil, "scale": nil, "html": nil}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

// buildForm makes the fields of a form from a prompt: a fixed set that
// covers the common types, titled after the prompt.
func buildForm(prompt string) (string, []any) {
	title := strings.TrimSpace(strings.NewReplacer("[slow]", "", "[unsafe]", "", "[invalid]", "").Replace(prompt))
	if r := []rune(title); len(r) > 60 {
		title = string(r[:60])
	}
	note := "پاسخ‌های شما <b>محرمانه</b> می‌ماند."
	if strings.Contains(prompt, "[unsafe]") {
		note = `<script>alert("x")</script>`
	}
	opt := func(v, l string) map[string]any { return map[string]any{"value": v, "label": l} }
	help := "برای ارسال رسید"
	if strings.Contains(prompt, "[invalid]") {
		help = "[invalid]" // seen again by the secondary validation request
	}
	return title, []any{
		field("f1", "section", "اطلاعات شما", false, nil),
		field("f2", "text", "نام و نام خانوادگی", true, map[string]any{"placeholder": "مثلاً سارا احمدی"}),
		field("f3", "email", "ایمیل", true, map[string]any{"help_text": help}),
		field("f4", "radio", "نوع عضویت", false, map[string]any{"options": []any{opt("normal", "عادی"), opt("gold", "ویژه")}}),
		field("f5", "rating", "میزان رضایت", false, map[string]any{"scale": map[string]any{"min": 1, "max": 5}}),
		field("f6", "textarea", "توضیحات", false, nil),
		field("f7", "html", "یادداشت", false, map[string]any{"html": note}),
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
