package agentplan

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

func BenchmarkAgentPlan(b *testing.B) {
	policy := map[string]any{
		"allow_tools":       []any{"db.*", "notify.*", "payments.*", "file.read"},
		"deny_tools":        []any{"payments.refund"},
		"bounds":            map[string]any{"payments.transfer.amount": []any{0, 1000}},
		"deny_tokens_regex": []any{`ACME-[0-9]{8}`},
	}
	typical := []byte(`{
  "goal": "Pay the supplier and tell finance",
  "steps": [
    {"id": "invoice", "tool": "db.query_ro", "parameters": {"query": "SELECT id, amount, email FROM invoices WHERE supplier = $1 AND paid = false", "args": ["acme"]}},
    {"id": "pay", "tool": "payments.transfer", "parameters": {"amount": "{{invoice.result.amount}}", "to": "acme"}, "depends_on": ["invoice"]},
    {"id": "mark", "tool": "db.query", "parameters": {"query": "UPDATE invoices SET paid = true WHERE id = $1", "args": ["{{invoice.result.id}}"]}, "depends_on": ["pay"]},
    {"id": "notify", "tool": "notify.email", "parameters": {"to": "{{invoice.result.email}}", "body": "Paid ${{invoice.result.amount}}"}, "depends_on": ["mark"]}
  ],
  "context": {"supplier": "acme"},
  "meta": {"planner": "gpt-4o"}
}`)
	steps := make([]any, 100)
	for i := range steps {
		s := map[string]any{"id": fmt.Sprintf("s%d", i), "tool": "db.query_ro",
			"parameters": map[string]any{"query": "SELECT a, b FROM t WHERE id = $1 AND note <> 'x; DROP'", "args": []any{i}}}
		if i > 0 {
			s["tool"] = "notify.email"
			s["parameters"] = map[string]any{"to": "a@example.com", "body": fmt.Sprintf("row {{s%d.result.a}} of {{s0.result.b}}", i-1)}
			s["depends_on"] = []any{fmt.Sprintf("s%d", i-1)}
		}
		steps[i] = s
	}
	hundred, err := json.Marshal(map[string]any{"goal": "many steps", "steps": steps})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"typical", typical}, {"100steps", hundred}} {
		b.Run(c.name, func(b *testing.B) {
			doc, err := contract.Decode(c.data)
			if err != nil {
				b.Fatal(err)
			}
			opts := contract.Options{Policy: policy, Locale: "en_US", MaxSteps: 200}
			if r := New().Validate(context.Background(), doc, opts); !r.Valid {
				b.Fatalf("benchmark plan is not valid: %+v", r.Violations)
			}
			b.ReportAllocs()
			for b.Loop() {
				New().Validate(context.Background(), doc, opts)
			}
		})
	}
}
