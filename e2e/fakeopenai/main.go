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

	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

// fake is the fake model: llmtest's server, which speaks the OpenAI
// chat completions protocol and plays the self-hosted servers, answering
// with what this command's model writes.
type fake struct {
	*llmtest.Server
	slow    time.Duration
	mode    string
	context int
	keyless bool

	mu       sync.Mutex
	requests int
	bySchema map[string]int
}

// config is the command line's choice of server behaviour.
type config struct {
	slow    time.Duration
	mode    string
	context int
	keyless bool
	loading int
}

func newFake(c config) *fake {
	f := &fake{Server: llmtest.NewHandler(), slow: c.slow, mode: c.mode, context: c.context, keyless: c.keyless, bySchema: map[string]int{}}
	f.Models(llmtest.Model{ID: "fake-model", MaxModelLen: c.context})
	answer := f.reply
	if c.loading > 0 {
		answer = llmtest.LoadingFirst(c.loading, answer)
	}
	f.Then(func(r llmtest.Request) llmtest.Reply {
		if !f.keyless && !strings.HasPrefix(r.Authorization, "Bearer ") {
			return llmtest.Reply{Status: http.StatusUnauthorized, ErrorMessage: "missing bearer token"}
		}
		return answer(r)
	})
	return f
}

// handler serves the model's API and GET /stats.
func (f *fake) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/stats", f.stats)
	mux.Handle("/", f.Server)
	return mux
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address (loopback)")
	portFile := flag.String("port-file", "", "write the chosen port here once listening")
	slow := flag.Duration("slow", 6*time.Second, "delay of a [slow] answer")
	mode := flag.String("mode", "strict", "strict, ollama-reject, vllm-reject, ignore-fenced or ignore-prose")
	window := flag.Int("context", 0, "context window in tokens (vLLM's --max-model-len); 0 for none")
	keyless := flag.Bool("keyless", false, "serve without a key")
	loading := flag.Int("loading", 0, "answer 503 Loading model to this many first requests")
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

	f := newFake(config{slow: *slow, mode: *mode, context: *window, keyless: *keyless, loading: *loading})
	srv := &http.Server{Handler: f.handler(), ReadHeaderTimeout: 5 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		f.Close() // releases answers held back by [slow]
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("fakeopenai: %v", err)
	}
}

func (f *fake) stats(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"requests": f.requests, "by_schema": f.bySchema, "aborted": f.Aborted()})
}

// lastMessage is the content of the last message of a role: a repair
// turn's user message comes after the first.
func lastMessage(r llmtest.Request, role string) string {
	content := ""
	msgs, _ := r.Body["messages"].([]any)
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		if mm["role"] == role {
			content, _ = mm["content"].(string)
		}
	}
	return content
}

// schemaOf names what a request asks for: its json_schema's name, or,
// asked without one (json_object or plain text), what its system prompt
// says.
func schemaOf(r llmtest.Request, system string) string {
	if js, ok := r.ResponseFormat()["json_schema"].(map[string]any); ok {
		if name, _ := js["name"].(string); name != "" {
			return name
		}
	}
	switch {
	case strings.Contains(system, "strict plan JSON"):
		return "plan"
	case strings.Contains(system, "Check the final_form"):
		return "validate"
	case strings.Contains(system, "You check that the server answers JSON"):
		return "probe"
	}
	return ""
}

// content is what the model writes for r.
func content(r llmtest.Request) string {
	user, system := lastMessage(r, "user"), lastMessage(r, "system")
	schema := strings.ToLower(schemaOf(r, system))
	var v any
	switch {
	case schema == "probe":
		// The daemon's model probe (daemon/llm/probe.go).
		v = map[string]any{"arshline_probe": 7}
	case strings.Contains(schema, "plan"):
		v = planAnswer(user, planVersion(system))
	case strings.Contains(schema, "validate"):
		v = validateAnswer(user)
	default:
		v = hosha2Answer(user)
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}

// reply answers one request as the chosen server does: a refusal of
// json_schema, a prompt past the context window, or the model's answer,
// which the markers in the prompt may turn into a failure, a rate limit
// or a slow answer.
func (f *fake) reply(r llmtest.Request) llmtest.Reply {
	var rep llmtest.Reply
	switch f.mode {
	case "ollama-reject":
		rep = llmtest.RejectsJSONSchema(llmtest.OllamaSchemaRejected(), content)(r)
	case "vllm-reject":
		rep = llmtest.RejectsJSONSchema(llmtest.VLLMSchemaRejected(), content)(r)
	case "ignore-fenced":
		rep = llmtest.IgnoresResponseFormat(content, true)(r)
	case "ignore-prose":
		rep = llmtest.IgnoresResponseFormat(content, false)(r)
	default:
		rep = llmtest.Reply{Content: content(r)}
	}
	if rep.Status != 0 {
		return rep
	}
	if f.context > 0 {
		if refused := llmtest.VLLMContext(f.context, content)(r); refused.Status != 0 {
			return refused
		}
	}
	user := lastMessage(r, "user")
	f.mu.Lock()
	f.requests++
	f.bySchema[schemaOf(r, lastMessage(r, "system"))]++
	f.mu.Unlock()
	switch {
	case strings.Contains(user, "[fail]"):
		return llmtest.Reply{Status: http.StatusInternalServerError, ErrorMessage: "the fake model failed as asked"}
	case strings.Contains(user, "[limit]"):
		return llmtest.Reply{Status: http.StatusTooManyRequests, RetryAfter: "7", ErrorCode: "rate_limit_exceeded", ErrorMessage: "the fake model is rate limited as asked"}
	case strings.Contains(user, "[slow]"):
		rep.Delay = f.slow
	}
	rep.Usage = llmtest.Usage{Prompt: 120 + len(user)/4, Completion: 85, Total: 205 + len(user)/4}
	return rep
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
