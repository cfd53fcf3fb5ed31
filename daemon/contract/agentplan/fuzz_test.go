package agentplan

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

func FuzzAgentPlan(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(fixtureDir, "*.json"))
	for _, p := range paths {
		if strings.HasSuffix(p, ".golden.json") || strings.HasSuffix(p, ".options.json") {
			continue
		}
		plan, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		policy := []byte(`{}`)
		if opts, err := os.ReadFile(strings.TrimSuffix(p, ".json") + ".options.json"); err == nil {
			var o struct{ Policy json.RawMessage }
			if json.Unmarshal(opts, &o) == nil && o.Policy != nil {
				policy = o.Policy
			}
		}
		f.Add(plan, policy)
	}
	f.Add([]byte(`{"steps":[{"id":"a","tool":"db.query_ro","args":{"query":"SELECT '{{a.result}}' /*! DROP"}}]}`),
		[]byte(`{"bounds":{"db.query_ro.query":[0,1]},"fail_risk_threshold":0.1}`))
	f.Fuzz(func(t *testing.T, planJSON, policyJSON []byte) {
		doc, err := contract.Decode(planJSON)
		if err != nil {
			return
		}
		var policy map[string]any
		if p, err := contract.Decode(policyJSON); err == nil {
			policy, _ = p.(map[string]any)
		}
		opts := contract.Options{Policy: policy, Locale: "fa_IR"}
		first := New().Validate(context.Background(), doc, opts)
		second := New().Validate(context.Background(), doc, opts)
		a, _ := json.Marshal(first)
		b, _ := json.Marshal(second)
		if !bytes.Equal(a, b) {
			t.Fatalf("not deterministic:\n%s\n%s", a, b)
		}
		resorted := contract.Finish(contract.Report{Violations: append([]contract.Violation(nil), first.Violations...)})
		if !reflect.DeepEqual(resorted.Violations, first.Violations) {
			t.Fatalf("violations not in report order: %+v", first.Violations)
		}
		hasError := false
		for _, v := range first.Violations {
			if v.Message == "" || v.Severity == "" {
				t.Fatalf("violation without message or severity: %+v", v)
			}
			hasError = hasError || v.Severity == contract.SeverityError
		}
		if first.Valid == hasError {
			t.Fatalf("valid=%v with error findings=%v", first.Valid, hasError)
		}
		if first.RiskScore < 0 || first.RiskScore > 1 || math.Abs(math.Round(first.RiskScore*100)-first.RiskScore*100) > 1e-9 {
			t.Fatalf("risk score %v", first.RiskScore)
		}
		if first.Normalized == nil {
			return
		}
		// The normalized plan, sent back through the wire format, must not
		// break any rule more often than the original did.
		data, err := json.Marshal(first.Normalized)
		if err != nil {
			t.Fatal(err)
		}
		again, err := contract.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		norm := New().Validate(context.Background(), again, opts)
		before := errorCounts(first)
		for rule, n := range errorCounts(norm) {
			if n > before[rule] {
				t.Fatalf("normalizing added %s errors (%d > %d)\nplan: %s\nnormalized: %s", rule, n, before[rule], planJSON, data)
			}
		}
	})
}

func errorCounts(r contract.Report) map[string]int {
	out := map[string]int{}
	for _, v := range r.Violations {
		if v.Severity == contract.SeverityError {
			out[v.Rule]++
		}
	}
	return out
}
