package forms

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func docOf(fields ...map[string]any) *domain.Document {
	return &domain.Document{Version: domain.DocumentVersion, Fields: fields}
}

// Every direct writer stores only documents that pass the schema; html
// is sanitised on write and every other text kept as typed.
func TestWritersCheckTheDocument(t *testing.T) {
	s := newService(t)
	ctx := context.Background()
	created, err := s.Create(ctx, CreateParams{Title: "<b>فرم</b>", Document: docOf(map[string]any{"id": "f1", "type": "text", "label": "<iframe> or <div>?"})})
	if err != nil {
		t.Fatal(err)
	}
	id := created.Form.ID
	if created.Form.Title != "<b>فرم</b>" || created.Form.Document.Fields[0]["label"] != "<iframe> or <div>?" {
		t.Fatalf("text changed: %+v", created.Form)
	}
	_, err = s.Update(ctx, UpdateParams{ID: id, Document: docOf(map[string]any{"id": "f1", "type": "text", "label": "x", "onclick": "y"})})
	de := domain.AsError(err)
	if de.Code != domain.CodeSchemaInvalid {
		t.Fatalf("unknown key: %v", err)
	}
	if vs, _ := de.Data["violations"].([]document.Violation); len(vs) != 1 || vs[0].Path != "/fields/0/onclick" || vs[0].MessageFA == "" {
		t.Fatalf("violations %v", de.Data["violations"])
	}
	res, err := s.Update(ctx, UpdateParams{ID: id, Document: docOf(map[string]any{"id": "f1", "type": "html", "label": "x", "html": `<p onclick="x()">سلام<script>alert(1)</script></p>`})})
	if err != nil {
		t.Fatal(err)
	}
	if h := res.Form.Document.Fields[0]["html"]; h != "<p>سلام</p>" {
		t.Fatalf("html not sanitised: %q", h)
	}
	if _, err := s.Update(ctx, UpdateParams{ID: id, Title: strptr(strings.Repeat("ع", 161))}); domain.ErrorCode(err) != domain.CodeInvalidParams {
		t.Fatalf("long title: %v", err)
	}
	// apply_diff: a patch that yields an invalid document is refused.
	head := res.Form.HeadVersionID
	_, err = s.ApplyDiff(ctx, ApplyDiffParams{FormID: id, VersionID: head, Diff: json.RawMessage(`[{"op":"add","path":"/fields/-","value":{"id":"f2","type":"text","label":"y","show_if":{"field":"f9","op":"answered"}}}]`)})
	if domain.ErrorCode(err) != domain.CodeSchemaInvalid {
		t.Fatalf("apply_diff: %v", err)
	}
	out, err := s.ApplyDiff(ctx, ApplyDiffParams{FormID: id, VersionID: head, Diff: json.RawMessage(`[{"op":"add","path":"/fields/-","value":{"id":"f2","type":"radio","label":"y","options":[{"value":"a","label":"الف"}]}}]`)})
	if err != nil || len(out.Document.Fields) != 2 {
		t.Fatalf("apply_diff: %v", err)
	}
}

// A version written before today's rules cannot become the head as it
// is: rollback refuses it with the violations, and the head stays.
func TestRollbackToAVersionBeforeTheRules(t *testing.T) {
	s := newService(t)
	ctx := context.Background()
	created, err := s.Create(ctx, CreateParams{Title: "x"})
	if err != nil {
		t.Fatal(err)
	}
	id := created.Form.ID
	var ruleless *domain.Version
	err = s.Store.Update(ctx, func(tx domain.FormTx) error {
		st := created.Form.State()
		st.Document = domain.Document{Version: domain.DocumentVersion, Fields: []map[string]any{{"id": "f1", "type": "text", "label": "x", "choices": []any{"a"}}}}
		ruleless, err = tx.CommitVersion(1, id, st, domain.VersionMeta{Source: domain.SourceAPI})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, UpdateParams{ID: id, Document: docOf()}); err != nil {
		t.Fatal(err)
	}
	_, err = s.Rollback(ctx, VersionParams{FormID: id, VersionID: ruleless.ID})
	de := domain.AsError(err)
	if de.Code != domain.CodeSchemaInvalid || de.Data["violations"] == nil || !strings.Contains(de.Text().String(), "before the current document rules") {
		t.Fatalf("rollback: %v", err)
	}
	if _, err := s.Rollback(ctx, VersionParams{FormID: id, VersionID: created.Version.ID}); err != nil {
		t.Fatalf("rollback to a valid version: %v", err)
	}
}

func TestSchemaMethod(t *testing.T) {
	raw, err := newService(t).Schema(context.Background(), SchemaParams{})
	if err != nil || !json.Valid(raw) || !strings.Contains(string(raw), `"show_if"`) {
		t.Fatalf("%v %.80s", err, raw)
	}
}

func strptr(s string) *string { return &s }
