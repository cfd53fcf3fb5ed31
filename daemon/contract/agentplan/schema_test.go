package agentplan

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func compileSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(New().Schema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("agent-plan.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("agent-plan.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hasSchemaError reports whether the hand-written structural checks
// found anything: they must agree with the published schema.
func hasSchemaError(doc any) bool {
	r := New().Validate(context.Background(), doc, contractOptions())
	for _, v := range r.Violations {
		if strings.HasPrefix(v.Rule, "schema.") {
			return true
		}
	}
	return false
}

func TestSchemaAgreesWithStructuralRules(t *testing.T) {
	s := compileSchema(t)
	extra := []string{
		`{"steps": []}`,
		`{"steps": [{"id": "a", "tool": "t", "args": {}}]}`,
		`{"steps": [{"id": "a", "tool": "t", "args": {}, "parameters": {}}]}`,
		`{"steps": [{"id": " ", "tool": "t", "parameters": {}}]}`,
		`{"steps": [{"id": "a", "tool": "t", "parameters": {}, "on_fail": "ABORT"}]}`,
		`{"steps": [{"id": "a", "tool": "t", "parameters": {}, "depends_on": [null]}]}`,
		`{"steps": [], "context": {}, "meta": {}, "goal": ""}`,
		`"plan"`,
		`null`,
	}
	docs := map[string]any{}
	for _, f := range loadFixtures(t) {
		docs[f.name] = f.doc
	}
	for _, e := range extra {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(e))
		if err != nil {
			t.Fatal(err)
		}
		docs[e] = v
	}
	for name, doc := range docs {
		schemaOK := s.Validate(doc) == nil
		if schemaOK == hasSchemaError(doc) {
			t.Errorf("%s: schema valid=%v but structural rules found errors=%v", name, schemaOK, !schemaOK)
		}
	}
}

func TestSchemaIsJSONAndRulesAreUnique(t *testing.T) {
	if !json.Valid(New().Schema()) {
		t.Fatal("schema is not JSON")
	}
	a := New().Schema()
	a[0] = 'X'
	if New().Schema()[0] == 'X' {
		t.Error("Schema returns shared bytes that a caller can corrupt")
	}
	seen := map[string]bool{}
	for _, r := range New().Rules() {
		if seen[r.ID] || r.Description == "" || r.Severity == "" {
			t.Errorf("rule %+v duplicated or undocumented", r)
		}
		seen[r.ID] = true
	}
	if New().Name() != "agent-plan" || New().Description() == "" {
		t.Error("name or description")
	}
}
