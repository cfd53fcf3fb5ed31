package agentplan

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// validate runs the contract on a plan given as Go values, after a JSON
// round trip so numbers look as they do from the wire.
func validate(t testing.TB, plan any, policy map[string]any) contract.Report {
	t.Helper()
	return validateLocale(t, plan, policy, "en_US")
}

func validateLocale(t testing.TB, plan any, policy map[string]any, locale string) contract.Report {
	t.Helper()
	data, err := json.Marshal(plan)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := contract.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return New().Validate(context.Background(), doc, contract.Options{Policy: policy, Locale: locale})
}

// plan builds a plan with a goal from steps.
func plan(steps ...map[string]any) map[string]any {
	list := make([]any, len(steps))
	for i, s := range steps {
		list[i] = s
	}
	return map[string]any{"goal": "test", "steps": list}
}

// step builds a step; deps may be empty.
func step(id, tool string, params map[string]any, deps ...string) map[string]any {
	s := map[string]any{"id": id, "tool": tool, "parameters": params}
	if len(deps) > 0 {
		d := make([]any, len(deps))
		for i, x := range deps {
			d[i] = x
		}
		s["depends_on"] = d
	}
	return s
}

// findings lists the violations of one rule as "step path".
func findings(r contract.Report, rule string) []string {
	var out []string
	for _, v := range r.Violations {
		if v.Rule == rule {
			out = append(out, v.Step+" "+v.Path)
		}
	}
	return out
}

func withLocale(o contract.Options, locale string) contract.Options {
	o.Locale = locale
	return o
}

func contractOptions() contract.Options { return contract.Options{Locale: "en_US"} }
