package hosha2

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/llm"
)

// response is the model's envelope, decoded strictly.
type response struct {
	Intent      string          `json:"intent"`
	Diagnostics json.RawMessage `json:"diagnostics"`
	FinalForm   struct {
		Version string           `json:"version"`
		Title   *string          `json:"title"`
		Fields  []map[string]any `json:"fields"`
	} `json:"final_form"`
	Diff       json.RawMessage `json:"diff"`
	UIHints    json.RawMessage `json:"ui_hints"`
	TokenUsage json.RawMessage `json:"token_usage"`
}

// checked is a response that passed every check.
type checked struct {
	doc         domain.Document
	title       string
	diff        json.RawMessage
	diffApplied bool
	diffSHA     *string
	// secondary is what the secondary validation call cost.
	secondary llm.Usage
}

// schemaInvalid is SCHEMA_INVALID saying what was wrong with the
// model's answer; asking again may give a good one.
func schemaInvalid(what domain.Text) *domain.Error {
	return domain.Errorf(domain.CodeSchemaInvalid, "%s; try again", what)
}

// check judges the model's answer after decoding it, never as raw text:
// escapes cannot hide anything from a decoded value, and text that only
// mentions a tag or a scheme is not refused. The envelope decodes
// strictly; labels and every other text stay plain text, kept verbatim
// (escaped by whoever renders them); an html field that asks for active
// content (script, event handlers, non-http(s) URLs, forms, frames) is
// UNSAFE_OUTPUT, and any other html is sanitised with the allow-list;
// then the document passes the one document schema, unknown keys refused.
func (s *Service) check(ctx context.Context, j *job, resp *llm.Response, form *domain.Form, opts Options) (*checked, error) {
	if resp.Refusal != "" {
		return nil, schemaInvalid(domain.T("hosha2\x04the model refused: %s", resp.Refusal))
	}
	if resp.FinishReason == "length" {
		return nil, schemaInvalid(domain.T("the model's answer was cut off"))
	}
	var r response
	dec := json.NewDecoder(strings.NewReader(resp.Content))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(&r); err != nil {
		return nil, schemaInvalid(domain.T("the model's answer does not match the response envelope: %s", err.Error()))
	}
	if dec.More() {
		return nil, schemaInvalid(domain.T("the model's answer has more than one JSON value"))
	}
	if r.FinalForm.Version != domain.DocumentVersion || len(r.FinalForm.Fields) == 0 {
		return nil, schemaInvalid(domain.T("final_form must be arshline_form@v1 with at least one field"))
	}
	fields := make([]map[string]any, 0, len(r.FinalForm.Fields))
	for i, f := range r.FinalForm.Fields {
		field := dropNulls(f)
		if t, _ := field["type"].(string); t == domain.FieldHTML {
			if h, ok := field["html"].(string); ok {
				if threats := document.HTMLThreats(h); len(threats) > 0 {
					s.cfg.Events.Event(ctx, slog.LevelWarn, "validate_response", "unsafe_output", slog.String("req_id", j.row.ReqID),
						slog.String("error_code", string(domain.CodeUnsafeOutput)), slog.Int("field", i), slog.String("threats", strings.Join(threats, ", ")))
					return nil, domain.Errorf(domain.CodeUnsafeOutput, "field %d of the generated form asks for active content (%s) and was blocked",
						i, domain.List(threats)).With("threats", threats)
				}
			}
		}
		fields = append(fields, field)
	}
	out := &checked{diff: json.RawMessage("[]")}
	if r.FinalForm.Title != nil && strings.TrimSpace(*r.FinalForm.Title) != "" {
		title, terr := document.CheckTitle(*r.FinalForm.Title)
		if terr != nil {
			return nil, schemaInvalid(domain.T("the generated title: %s", terr))
		}
		out.title = title
	}
	doc, err := document.Check(domain.Document{Version: domain.DocumentVersion, Fields: fields,
		Settings: form.Document.Settings, Layout: form.Document.Layout, Meta: form.Document.Meta}, domain.CodeSchemaInvalid)
	if err != nil {
		return nil, err
	}
	out.doc = doc
	// The diff must be a valid RFC 6902 patch that applies to the current
	// form and yields a document that passes; when it does not, the full
	// final_form stands alone.
	s.cfg.Events.Event(ctx, slog.LevelInfo, "validate_response", "diff_validate_start", slog.String("req_id", j.row.ReqID))
	if d := bytes.TrimSpace(r.Diff); len(d) > 0 && !bytes.Equal(d, []byte("[]")) && !bytes.Equal(d, []byte("null")) {
		cleaned := dropNullMembers(d)
		patched, err := forms.ApplyPatch(form.Document, cleaned)
		if err == nil {
			patched, err = document.Check(patched, domain.CodeDiffApplyFail)
		}
		// The diff is kept as the version's own only when it says exactly
		// what was saved: the current form with it applied equals the
		// final_form. A diff that applies but yields another form (the
		// model's two halves disagree) would mislead anyone reading or
		// replaying history; the version is then a full replace.
		if err == nil && !sameDocument(patched, doc) {
			err = domain.Errorf(domain.CodeDiffApplyFail, "the diff does not turn the current form into final_form")
		}
		if err != nil {
			s.cfg.Events.Event(ctx, slog.LevelWarn, "validate_response", "diff_validate_end", slog.String("req_id", j.row.ReqID),
				slog.String("error_code", string(domain.CodeDiffApplyFail)), slog.String("err", err.Error()))
		} else {
			canon, _ := forms.CanonicalJSON(cleaned)
			out.diff, out.diffApplied, out.diffSHA = canon, true, forms.DiffSHA(canon)
			s.cfg.Events.Event(ctx, slog.LevelInfo, "validate_response", "diff_validate_end", slog.String("req_id", j.row.ReqID), slog.String("diff_sha", deref(out.diffSHA)))
		}
	}
	if opts.SecondaryValidation {
		var err error
		// A refusal still returns out: the call's tokens count.
		if out.secondary, err = s.secondary(ctx, j, doc); err != nil {
			return out, err
		}
	}
	return out, nil
}

// sameDocument compares two checked documents by their canonical JSON.
func sameDocument(a, b domain.Document) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA != nil || errB != nil {
		return false
	}
	ca, errA := forms.CanonicalJSON(ja)
	cb, errB := forms.CanonicalJSON(jb)
	return errA == nil && errB == nil && bytes.Equal(ca, cb)
}

// dropNulls removes the keys the strict schema forces to null: null
// means "this type does not use it".
func dropNulls(f map[string]any) map[string]any {
	field := make(map[string]any, len(f))
	for k, v := range f {
		if v != nil {
			field[k] = v
		}
	}
	return field
}

// secondary asks the model to validate the final form (intent validate).
// It is a model call like the first: logged with openai_request_start and
// openai_request_end (phase secondary_validation), and its tokens count
// in the job's usage.
func (s *Service) secondary(ctx context.Context, j *job, doc domain.Document) (llm.Usage, error) {
	env, _ := json.Marshal(map[string]any{
		"meta":         map[string]any{"intent": "validate", "user_role": "admin"},
		"capabilities": Capabilities(),
		"final_form":   doc,
	})
	const phase = "secondary_validation"
	attrs := []slog.Attr{slog.String("req_id", j.row.ReqID), slog.Int64("user", domain.ActorFrom(ctx).UserID), slog.String("model", s.cfg.ModelID)}
	s.cfg.Events.Event(ctx, slog.LevelInfo, phase, "openai_request_start", attrs...)
	start := time.Now()
	resp, err := s.cfg.Model.Complete(ctx, llm.Request{
		System: "Check the final_form against the capabilities. Answer {\"valid\": true|false, \"issues\": [...]}.",
		User:   string(env), SchemaName: "hosha2_validate", Schema: validateSchema, MaxTokens: 1000, Purpose: "validate",
	})
	var usage llm.Usage
	if resp != nil {
		usage = resp.Usage
	}
	end := append(attrs, slog.Int("tokens_in", usage.Prompt), slog.Int("tokens_out", usage.Completion),
		slog.Int64("latency_ms", time.Since(start).Milliseconds()))
	if err != nil {
		s.cfg.Events.Event(ctx, slog.LevelWarn, phase, "openai_request_end", append(end, slog.String("error_code", string(domain.AsError(err).Code)))...)
		return usage, err
	}
	s.cfg.Events.Event(ctx, slog.LevelInfo, phase, "openai_request_end", append(end, slog.String("error_code", ""))...)
	var v struct {
		Valid  bool     `json:"valid"`
		Issues []string `json:"issues"`
	}
	if err := json.Unmarshal([]byte(resp.Content), &v); err != nil {
		return usage, schemaInvalid(domain.T("the validation answer is not JSON"))
	}
	if !v.Valid {
		s.cfg.Events.Event(ctx, slog.LevelWarn, "validate_response", "secondary_validation_mismatch", slog.String("req_id", j.row.ReqID), slog.String("error_code", string(domain.CodeSchemaInvalid)))
		return usage, domain.Errorf(domain.CodeSchemaInvalid, "secondary validation rejected the form: %s",
			domain.Clauses(v.Issues)).With("issues", v.Issues)
	}
	return usage, nil
}

// dropNullMembers removes the null "from"/"value" members the strict
// schema forces into every operation.
func dropNullMembers(d json.RawMessage) json.RawMessage {
	var ops []map[string]any
	if json.Unmarshal(d, &ops) != nil {
		return d
	}
	for _, op := range ops {
		for _, k := range []string{"from", "value"} {
			if v, ok := op[k]; ok && v == nil && !(k == "value" && (op["op"] == "add" || op["op"] == "replace" || op["op"] == "test")) {
				delete(op, k)
			}
		}
		if f, ok := op["value"].(map[string]any); ok {
			for k, v := range f {
				if v == nil {
					delete(f, k)
				}
			}
		}
	}
	out, err := json.Marshal(ops)
	if err != nil {
		return d
	}
	return out
}
