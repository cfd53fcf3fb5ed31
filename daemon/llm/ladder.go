package llm

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	openai "github.com/sashabaranov/go-openai"
)

// Structured is a rung of the capability ladder: how a server is asked
// for JSON.
type Structured string

const (
	// StructuredJSONSchema: response_format json_schema, strict; the
	// server enforces the schema.
	StructuredJSONSchema Structured = "json_schema"
	// StructuredJSONObject: response_format json_object and the schema in
	// the system prompt; the answer is checked here against the schema
	// and repaired.
	StructuredJSONObject Structured = "json_object"
	// StructuredNone: a plain completion with the schema in the prompt;
	// the JSON is taken out of ``` fences or prose, checked and repaired.
	StructuredNone Structured = "none"
)

// MaxRepairs is how many times an answer that is not JSON matching the
// schema is sent back for correction on the json_object and none rungs.
const MaxRepairs = 2

// next is the rung below.
func (s Structured) next() (Structured, bool) {
	switch s {
	case StructuredJSONSchema:
		return StructuredJSONObject, true
	case StructuredJSONObject:
		return StructuredNone, true
	}
	return "", false
}

// rung is the rung this server is asked on: the highest not yet refused.
func (c *Client) rung() Structured {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state.structured == "" {
		return StructuredJSONSchema
	}
	return c.state.structured
}

// stepDown records that the server cannot do rung from, once: calls in
// flight that learn the same thing do not step twice.
func (c *Client) stepDown(from, to Structured, why string, serverMessage string) {
	c.mu.Lock()
	cur := c.state.structured
	if cur == "" {
		cur = StructuredJSONSchema
	}
	moved := cur == from
	if moved {
		c.state.structured = to
	}
	c.mu.Unlock()
	if moved {
		c.log.Warn("model server cannot do "+string(from)+"; using "+string(to)+" from now on",
			"model", c.cfg.Model, "host", c.host, "why", why, "server_message", serverMessage)
	}
}

// ladder asks for req.Schema on the server's current rung, stepping down
// when the server refuses the response_format or ignores it.
func (c *Client) ladder(ctx context.Context, req Request) (*Response, error) {
	tally := &Response{}
	mode := c.rung()
	for {
		out, err := c.onRung(ctx, req, mode, tally)
		var lerr *Error
		if errors.As(err, &lerr) && lerr.Cause == CauseStructuredOutput {
			if next, ok := mode.next(); ok {
				c.stepDown(mode, next, "the server refused response_format "+string(mode), lerr.ServerMessage)
				mode = next
				continue
			}
		}
		if errors.Is(err, errIgnored) {
			// The server answered a strict json_schema request with text:
			// it ignores response_format. Ask again without it.
			c.stepDown(mode, StructuredNone, "the server answered a json_schema request with text around or instead of JSON", "")
			mode = StructuredNone
			continue
		}
		return out, err
	}
}

// strikesToStepDown is how many strict answers in a row may break their
// schema before the server is taken to ignore json_schema. One could be
// a server's bug; a probe (CheckStrict) decides at once.
const strikesToStepDown = 2

// strike counts a strict answer that broke its schema and reports
// whether the server should now be taken to ignore json_schema.
func (c *Client) strike(decisive bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.state.strikes++
	return decisive || c.state.strikes >= strikesToStepDown
}

// errIgnored marks a strict request answered with something other than
// bare JSON.
var errIgnored = errors.New("the server ignored response_format")

// onRung asks on one rung, repairing on the lower ones.
func (c *Client) onRung(ctx context.Context, req Request, mode Structured, tally *Response) (*Response, error) {
	creq := c.chatRequest(req)
	name := req.SchemaName
	if name == "" {
		name = "answer"
	}
	switch mode {
	case StructuredJSONSchema:
		creq.ResponseFormat = &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name: name, Schema: rawSchema(req.Schema), Strict: true,
			},
		}
	case StructuredJSONObject:
		creq.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
		creq.Messages[0].Content = withSchema(req.System, req.Schema)
	default:
		creq.Messages[0].Content = withSchema(req.System, req.Schema)
	}
	var sch *jsonschema.Schema
	for repair := 0; ; repair++ {
		resp, err := c.call(ctx, req, creq, tally)
		if err != nil {
			return nil, err
		}
		out, err := c.answer(req, resp, tally)
		if err != nil {
			return out, err
		}
		raw := strings.TrimSpace(out.Content)
		if mode == StructuredJSONSchema && json.Valid([]byte(raw)) {
			if sch == nil {
				if sch, err = compileSchema(req.Schema); err != nil {
					return out, invalidResponse(tally.Attempts, "the request's schema does not compile: "+err.Error())
				}
			}
			problem := validate(sch, json.RawMessage(raw))
			if problem == "" || !c.strike(req.CheckStrict) {
				// The server enforced the schema, or may have: the caller
				// judges the answer.
				return out, nil
			}
			// A server that enforces json_schema never breaks it: this one
			// ignores response_format (old Ollama). Ask again with the
			// schema in the prompt, and from now on.
			c.stepDown(mode, StructuredNone, "the server answered a json_schema request with JSON that breaks the schema: "+truncate(problem, 300), "")
			return out, errIgnored
		}
		doc, problem := extractJSON(raw)
		if problem == "" {
			if sch == nil {
				if sch, err = compileSchema(req.Schema); err != nil {
					return out, invalidResponse(tally.Attempts, "the request's schema does not compile: "+err.Error())
				}
			}
			problem = validate(sch, doc)
		}
		if mode == StructuredJSONSchema {
			// Text around or instead of JSON: the server ignored the schema.
			if problem == "" {
				c.stepDown(mode, StructuredNone, "the server answered a json_schema request with text around the JSON", "")
				out.Content = string(doc)
				return out, nil
			}
			return out, errIgnored
		}
		if problem == "" {
			out.Content = string(doc)
			c.mu.Lock()
			c.state.strikes = 0
			c.mu.Unlock()
			return out, nil
		}
		if repair >= MaxRepairs {
			return out, invalidResponse(tally.Attempts, fmt.Sprintf("after %d corrections the answer is still not JSON matching the schema: %s", MaxRepairs, problem))
		}
		c.log.Info("model answer needs a correction", "purpose", req.Purpose, "model", c.cfg.Model, "rung", string(mode),
			"repair", repair+1, "problem", problem)
		creq.Messages = append(creq.Messages,
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: truncate(out.Content, 8000)},
			openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: "That answer is not valid: " + problem +
				"\nAnswer again with only the corrected JSON object: no prose, no code fences."})
	}
}

// withSchema puts the schema in the system prompt for servers that do
// not take it in response_format.
func withSchema(system string, schema json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, schema) != nil {
		b.Reset()
		b.Write(schema)
	}
	return system + "\n\nAnswer with exactly one JSON object and nothing else (no prose, no code fences). " +
		"It must validate against this JSON Schema; every property it lists is required, null where unused:\n" + b.String()
}

// extractJSON takes the JSON object out of an answer: as it is, inside a
// ``` fence (```json or bare), or the outermost {…} in prose. The
// problem is empty when an object was found.
func extractJSON(s string) (json.RawMessage, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, "the answer is empty"
	}
	if json.Valid([]byte(s)) {
		return json.RawMessage(s), objectProblem(s)
	}
	// Fenced blocks, first to last.
	rest := s
	for {
		i := strings.Index(rest, "```")
		if i < 0 {
			break
		}
		body := rest[i+3:]
		if nl := strings.IndexByte(body, '\n'); nl >= 0 && !strings.ContainsAny(body[:nl], "{[") {
			body = body[nl+1:] // the language tag
		}
		j := strings.Index(body, "```")
		if j < 0 {
			break
		}
		if block := strings.TrimSpace(body[:j]); json.Valid([]byte(block)) {
			return json.RawMessage(block), objectProblem(block)
		}
		rest = body[j+3:]
	}
	// The first balanced object in prose.
	for start := strings.IndexByte(s, '{'); start >= 0; {
		dec := json.NewDecoder(strings.NewReader(s[start:]))
		var v json.RawMessage
		if dec.Decode(&v) == nil {
			return v, objectProblem(string(v))
		}
		next := strings.IndexByte(s[start+1:], '{')
		if next < 0 {
			break
		}
		start += 1 + next
	}
	return nil, "the answer holds no JSON object"
}

func objectProblem(s string) string {
	if !strings.HasPrefix(strings.TrimSpace(s), "{") {
		return "the answer is JSON but not an object"
	}
	return ""
}

var schemas sync.Map // sha256 of the schema → *jsonschema.Schema

func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	key := sha256.Sum256(raw)
	if s, ok := schemas.Load(key); ok {
		return s.(*jsonschema.Schema), nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	doc = nullableOptional(doc)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	const url = "request.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, err
	}
	schemas.Store(key, s)
	return s, nil
}

// validate returns the schema violations of doc, briefly, or "". Null
// members are read as absent, as Hosha2 and the planner read them.
func validate(s *jsonschema.Schema, doc json.RawMessage) string {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return "the answer is not JSON: " + err.Error()
	}
	inst = WithoutNullMembers(inst)
	if err := s.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return truncate(strings.Join(strings.Fields(fmt.Sprintf("%v", ve)), " "), 1500)
		}
		return truncate(err.Error(), 1500)
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// nullableOptional drops from every "required" list the properties whose
// schema admits null. Strict mode needs every key sent, null when unused;
// a model given the schema in its prompt often leaves such keys out, and
// the callers read a missing key as null, so that is no reason to send
// the answer back.
func nullableOptional(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = nullableOptional(x)
		}
		props, _ := t["properties"].(map[string]any)
		req, ok := t["required"].([]any)
		if !ok || props == nil {
			return t
		}
		kept := req[:0:0]
		for _, r := range req {
			name, _ := r.(string)
			if !admitsNull(props[name]) {
				kept = append(kept, r)
			}
		}
		t["required"] = kept
	case []any:
		for i := range t {
			t[i] = nullableOptional(t[i])
		}
	}
	return v
}

func admitsNull(s any) bool {
	m, ok := s.(map[string]any)
	if !ok {
		return false
	}
	switch typ := m["type"].(type) {
	case string:
		if typ == "null" {
			return true
		}
	case []any:
		for _, x := range typ {
			if x == "null" {
				return true
			}
		}
	}
	if enum, ok := m["enum"].([]any); ok {
		for _, x := range enum {
			if x == nil {
				return true
			}
		}
	}
	if c, ok := m["const"]; ok && c == nil {
		return true
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := m[key].([]any); ok {
			for _, a := range alts {
				if admitsNull(a) {
					return true
				}
			}
		}
	}
	return false
}

// WithoutNullMembers removes object members whose value is null, at every
// depth, in place: what a strict schema made a model write for the
// members it does not use.
func WithoutNullMembers(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if x == nil {
				delete(t, k)
				continue
			}
			t[k] = WithoutNullMembers(x)
		}
	case []any:
		for i := range t {
			t[i] = WithoutNullMembers(t[i])
		}
	}
	return v
}
