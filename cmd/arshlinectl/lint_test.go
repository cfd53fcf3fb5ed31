package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract/lint"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

const fixtures = "../../testdata/contracts/"

func runLint(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"lint"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

func TestLintExitCodesAndFormats(t *testing.T) {
	_, _, code := runLint(t, "--contract", "web-navigator/v1", fixtures+"web-navigator-v1/pass_reference_example.json")
	if code != 0 {
		t.Fatalf("valid plan: exit %d", code)
	}
	out, _, code := runLint(t, "--contract", "web-navigator/v1", fixtures+"web-navigator-v1/fail_url_scheme.json")
	if code != 1 || !strings.Contains(out, "url.scheme (error) at /plan/actions/0/url") || strings.Contains(out, "\x1b[") {
		t.Fatalf("text: exit %d\n%s", code, out)
	}
	out, _, code = runLint(t, "--contract", "step-contract/v1", "--format", "json", "--expected-steps", "4", fixtures+"step-contract-v1/pass_three_steps.json")
	var rep struct {
		Valid      bool
		Violations []struct{ Rule string }
	}
	if code != 1 || json.Unmarshal([]byte(out), &rep) != nil || rep.Valid || rep.Violations[0].Rule != "step.count_mismatch" {
		t.Fatalf("json: exit %d %s", code, out)
	}
	out, _, _ = runLint(t, "--contract", "arshline-plan/v1", "--format", "json", fixtures+"arshline-plan-v1/pass_rename.json", fixtures+"arshline-plan-v1/fail_version.json")
	var many []lint.FileReport
	if err := json.Unmarshal([]byte(out), &many); err != nil || len(many) != 2 || many[1].Report.Valid {
		t.Fatalf("json for two files: %v %s", err, out)
	}
	// Usage and I/O errors are exit 2 with a message.
	for _, args := range [][]string{
		{"--contract", "nope", "x.json"},
		{"--contract", "agent-plan"},
		{"--contract", "agent-plan", "--format", "xml", "x.json"},
		{"--contract", "agent-plan", "/nonexistent.json"},
	} {
		if _, errText, code := runLint(t, args...); code != 2 || errText == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errText)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"steps": [`), 0o644)
	if _, _, code := runLint(t, "--contract", "agent-plan", bad); code != 2 {
		t.Errorf("malformed JSON: exit %d", code)
	}
	policy := filepath.Join(t.TempDir(), "policy.yaml")
	os.WriteFile(policy, []byte("deny_tokens_regex:\n  - \"([unclosed\"\n"), 0o644)
	if _, errText, code := runLint(t, "--contract", "agent-plan", "--policy", policy, fixtures+"agent-plan/args_alias_normalized.json"); code != 2 || !strings.Contains(errText, "policy") {
		t.Errorf("invalid policy regex: exit %d %q", code, errText)
	}
}

func TestLintSARIFValidatesAgainstSchema(t *testing.T) {
	f, err := os.Open("../../testdata/sarif/sarif-2.1.0-subset.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ contract, file string }{
		{"agent-plan", "agent-plan/sql_injection_patterns.json"},
		{"web-navigator/v1", "web-navigator-v1/fail_url_scheme.json"},
		{"step-contract/v1", "step-contract-v1/fail_dep_forward.json"},
		{"arshline-plan/v1", "arshline-plan-v1/fail_param_invalid.json"},
		{"arshline-plan/v2", "arshline-plan-v2/fail_no_form_for_step.json"},
	} {
		out, _, code := runLint(t, "--contract", tc.contract, "--format", "sarif", fixtures+tc.file)
		if code != 1 {
			t.Fatalf("%s: exit %d", tc.file, code)
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(v); err != nil {
			t.Fatalf("%s: SARIF does not validate: %v", tc.file, err)
		}
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct{ Rules []struct{ ID string } }
				}
				Results []struct {
					RuleID    string
					RuleIndex int
				}
			}
		}
		json.Unmarshal([]byte(out), &log)
		rules := log.Runs[0].Tool.Driver.Rules
		for _, r := range log.Runs[0].Results {
			if rules[r.RuleIndex].ID != r.RuleID {
				t.Fatalf("%s: ruleIndex %d points at %s, not %s", tc.file, r.RuleIndex, rules[r.RuleIndex].ID, r.RuleID)
			}
		}
	}
	// The schema is not a rubber stamp: a log without runs fails it.
	v, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"version":"2.1.0"}`))
	if sch.Validate(v) == nil {
		t.Fatal("the SARIF schema accepted a log without runs")
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLintExitStatus: 0 valid, 1 violations, 2 for a usage or I/O
// error, with a message that says which.
func TestLintExitStatus(t *testing.T) {
	wn := fixtures + "web-navigator-v1/"
	badPolicy := writeFile(t, "bad.yaml", "allow_tools: [unclosed\n")
	allowList := writeFile(t, "allow.yaml", "# only reads are allowed\nallow_tools:\n  - http.get\n")
	badRegex := writeFile(t, "regex.yaml", "deny_tokens_regex:\n  - \"([unclosed\"\n")
	notJSON := writeFile(t, "plan.json", "{\n  \"plan\": {\n    \"id\": 1,,\n}")
	cases := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr string // a piece the error message must hold
	}{
		{"valid", "", []string{"--contract", "web-navigator/v1", wn + "pass_reference_example.json"}, 0, ""},
		{"warnings only", "", []string{"--contract", "web-navigator/v1", wn + "warn_scrape_without_store_as.json"}, 0, ""},
		{"violations", "", []string{"--contract", "web-navigator/v1", wn + "fail_url_scheme.json"}, 1, ""},
		{"one bad file of two", "", []string{"--contract", "web-navigator/v1", wn + "pass_reference_example.json", wn + "fail_output.json"}, 1, ""},
		{"flags after files", "", []string{wn + "fail_output.json", "--contract", "web-navigator/v1", "--format", "json"}, 1, ""},
		{"stdin", `{"version":1,"steps":[{"action":"publish_form","params":{"id":3}}]}`, []string{"--contract", "arshline-plan/v1", "-"}, 0, ""},
		{"stdin invalid", `{"version":1,"steps":[]}`, []string{"--contract", "arshline-plan/v1", "-"}, 1, ""},
		{"double dash", "", []string{"--contract", "arshline-plan/v1", "--", fixtures + "arshline-plan-v1/pass_rename.json"}, 0, ""},
		{"expected steps", "", []string{"--contract", "step-contract/v1", "--expected-steps", "4", fixtures + "step-contract-v1/pass_three_steps.json"}, 1, ""},
		{"policy applied", "", []string{"--contract", "agent-plan", "--policy", allowList, fixtures + "agent-plan/reference_example.json"}, 1, ""},
		{"default policy", "", []string{"--contract", "agent-plan", fixtures + "agent-plan/reference_example.json"}, 0, ""},
		{"policy with another contract", "", []string{"--contract", "web-navigator/v1", "--policy", allowList, wn + "pass_reference_example.json"}, 0, "only applies to agent-plan"},
		{"a directory", "", []string{"--contract", "web-navigator/v1", t.TempDir()}, 2, "cannot read"},

		{"unknown contract", "", []string{"--contract", "nope", wn + "pass_reference_example.json"}, 2, "unknown contract \"nope\""},
		{"no contract", "", []string{wn + "pass_reference_example.json"}, 2, "--contract is required"},
		{"no file", "", []string{"--contract", "agent-plan"}, 2, "no file"},
		{"bad format", "", []string{"--contract", "agent-plan", "--format", "xml", wn + "pass_reference_example.json"}, 2, "--format"},
		{"bad locale", "", []string{"--contract", "agent-plan", "--locale", "de_DE", wn + "pass_reference_example.json"}, 2, "--locale"},
		{"negative expected steps", "", []string{"--contract", "step-contract/v1", "--expected-steps", "-1", wn + "pass_reference_example.json"}, 2, "negative"},
		{"unknown flag", "", []string{"--contract", "agent-plan", "--colour", wn + "pass_reference_example.json"}, 2, "colour"},
		{"unreadable file", "", []string{"--contract", "web-navigator/v1", filepath.Join(t.TempDir(), "missing.json")}, 2, "cannot read"},
		{"not JSON", "", []string{"--contract", "web-navigator/v1", notJSON}, 2, notJSON + ":3:13 is not valid JSON"},
		{"trailing data", `{} {}`, []string{"--contract", "web-navigator/v1", "-"}, 2, "not valid JSON"},
		{"stdin twice", "{}", []string{"--contract", "web-navigator/v1", "-", "-"}, 2, "only once"},
		{"policy does not parse", "", []string{"--contract", "agent-plan", "--policy", badPolicy, wn + "pass_reference_example.json"}, 2, "does not parse"},
		{"policy regex invalid", "", []string{"--contract", "agent-plan", "--policy", badRegex, wn + "pass_reference_example.json"}, 2, "is invalid"},
		{"policy missing", "", []string{"--contract", "agent-plan", "--policy", badPolicy + ".none", wn + "pass_reference_example.json"}, 2, "cannot read the policy"},
		{"Persian errors", "", []string{"--contract", "nope", "--locale", "fa_IR", wn + "pass_reference_example.json"}, 2, "شناخته نیست"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lintStdin = strings.NewReader(c.stdin)
			defer func() { lintStdin = os.Stdin }()
			_, stderr, code := runLint(t, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, c.code, stderr)
			}
			if c.stderr != "" && !strings.Contains(stderr, c.stderr) {
				t.Fatalf("stderr %q does not say %q", stderr, c.stderr)
			}
			if c.code == 2 && c.stderr == "" {
				t.Fatal("a usage error with no message")
			}
		})
	}
}

func TestLintHelp(t *testing.T) {
	out, _, code := runLint(t, "-h")
	if code != 0 || !strings.Contains(out, lintUsage) || !strings.Contains(out, "-expected-steps") {
		t.Fatalf("exit %d: %q", code, out)
	}
}

// TestLintFileReader: whole files of any size, empty ones, and the errors
// os.ReadFile gives, with the same shape.
func TestLintFileReader(t *testing.T) {
	dir := t.TempDir()
	var r fileReader
	for _, size := range []int{0, 1, 1000, 64 << 10, 64<<10 + 1, 300_000} {
		want := bytes.Repeat([]byte("ab\n"), size/3+1)[:size]
		name := filepath.Join(dir, fmt.Sprintf("f%d", size))
		if err := os.WriteFile(name, want, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := r.read(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("read of %d bytes: %d bytes, %v", size, len(got), err)
		}
	}
	for _, name := range []string{filepath.Join(dir, "missing"), dir} {
		_, err := r.read(name)
		_, osErr := os.ReadFile(name)
		if err == nil || osErr == nil || err.Error() != osErr.Error() {
			t.Errorf("read(%s): %v; os.ReadFile: %v", name, err, osErr)
		}
	}
}
