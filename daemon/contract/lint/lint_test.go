package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/golden"
	"github.com/arshline/arshline-sidecar/daemon/contract/internal/schematest"
	"github.com/arshline/arshline-sidecar/daemon/contract/registry"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

const fixtures = "../../../testdata/contracts/"

func run(t *testing.T, stdin string, terminal bool, cfg *Config) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(cfg, strings.NewReader(stdin), &out, &errb, terminal)
	return out.String(), errb.String(), code
}

// conf is a run of the named contract in a format and a locale.
func conf(t *testing.T, name, format, locale string, files ...string) *Config {
	t.Helper()
	c, ok := registry.Default().Get(name)
	if !ok {
		t.Fatalf("no contract %s", name)
	}
	return &Config{Contract: c, Format: format, Options: contract.Options{Locale: locale}, Files: files}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func goldenReport(t *testing.T, name string) contract.Report {
	t.Helper()
	data, err := os.ReadFile(fixtures + name + ".golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var r contract.Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTextFormat(t *testing.T) {
	file := fixtures + "web-navigator-v1/fail_messages_in_persian.json"
	out, _, code := run(t, "", false, conf(t, "web-navigator/v1", "text", "en_US", file))
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	rep := goldenReport(t, "web-navigator-v1/fail_messages_in_persian")
	// The golden report is in Persian; the text run asked for English, so
	// compare the shape from the golden and the words from the run.
	if len(lines) != len(rep.Violations)+2 {
		t.Fatalf("%d lines for %d violations:\n%s", len(lines), len(rep.Violations), out)
	}
	if want := file + `: step a1: url.scheme (error) at /plan/actions/0/url: url scheme "javascript:" is not allowed; only http and https — fix: write a full address such as https://example.com/page (javascript:, file: and data: are refused)`; lines[0] != want {
		t.Fatalf("line\n%s\nwant\n%s", lines[0], want)
	}
	for i, v := range rep.Violations {
		step := ""
		if v.Step != "" {
			step = " step " + v.Step + ":"
		}
		if !strings.HasPrefix(lines[i], file+":"+step+" "+v.Rule+" ("+string(v.Severity)+") at "+v.Path+": ") {
			t.Errorf("line %d %q does not match %+v", i, lines[i], v)
		}
	}
	if want := file + ": invalid (web-navigator/v1), 9 errors, 1 warning"; lines[len(lines)-2] != want {
		t.Errorf("file line %q, want %q", lines[len(lines)-2], want)
	}
	if want := "1 file, 1 invalid, 9 errors, 1 warning"; lines[len(lines)-1] != want {
		t.Errorf("summary %q, want %q", lines[len(lines)-1], want)
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("colour codes outside a terminal")
	}
	coloured, _, _ := run(t, "", true, conf(t, "web-navigator/v1", "text", "en_US", file))
	if !strings.Contains(coloured, "\x1b[31merror\x1b[0m") || !strings.Contains(coloured, "\x1b[1murl.scheme\x1b[0m") {
		t.Errorf("no colour on a terminal: %q", coloured[:200])
	}
	// A root violation and Persian summary.
	fa, _, _ := run(t, "[]", false, conf(t, "arshline-plan/v1", "text", "fa_IR", "-"))
	if !strings.HasPrefix(fa, "-: plan.not_object (error) at (document): طرح باید") || !strings.HasSuffix(fa, "۱ پرونده، ۱ نامعتبر، ۱ خطا، ۰ هشدار\n") {
		t.Errorf("Persian text:\n%s", fa)
	}
}

func TestJSONFormat(t *testing.T) {
	one := fixtures + "step-contract-v1/fail_messages_in_persian.json"
	expected := conf(t, "step-contract/v1", "json", "fa_IR", one)
	expected.Options.ExpectedSteps = 2
	out, _, code := run(t, "", false, expected)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var got contract.Report
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one report: %v\n%s", err, out)
	}
	if want := goldenReport(t, "step-contract-v1/fail_messages_in_persian"); !reflect.DeepEqual(got, want) {
		t.Fatalf("report differs from the golden one:\n%s", out)
	}
	two := fixtures + "step-contract-v1/pass_three_steps.json"
	out, _, code = run(t, "", false, conf(t, "step-contract/v1", "json", "en_US", two, one))
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var many []struct {
		File   string          `json:"file"`
		Report contract.Report `json:"report"`
	}
	if err := json.Unmarshal([]byte(out), &many); err != nil {
		t.Fatalf("not an array of file reports: %v", err)
	}
	if len(many) != 2 || many[0].File != two || many[1].File != one || !many[0].Report.Valid || many[1].Report.Valid {
		t.Fatalf("file reports %+v", many)
	}
}

func compileSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := schematest.Compile("sarif-schema-2.1.0.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSARIFValidatesAgainstTheSARIFSchema(t *testing.T) {
	schema := compileSARIFSchema(t)
	for _, tc := range []struct{ contract, file string }{
		{"agent-plan", "agent-plan/sql_injection_patterns.json"},
		{"web-navigator/v1", "web-navigator-v1/fail_messages_in_persian.json"},
		{"step-contract/v1", "step-contract-v1/fail_messages_in_persian.json"},
		{"arshline-plan/v1", "arshline-plan-v1/fail_messages_in_persian.json"},
	} {
		out, _, code := run(t, "", false, conf(t, tc.contract, "sarif", "fa_IR", fixtures+tc.file, fixtures+tc.file))
		if code != 1 {
			t.Fatalf("%s: exit %d", tc.file, code)
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); err != nil {
			t.Fatalf("%s: SARIF does not validate: %v", tc.file, err)
		}
		var log SarifLog
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		run := log.Runs[0]
		if len(run.Results) == 0 || len(run.Results)%2 != 0 {
			t.Fatalf("%s: %d results for the same file twice", tc.file, len(run.Results))
		}
		for _, r := range run.Results {
			if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
				t.Fatalf("%s: ruleIndex %d points at %s, not %s", tc.file, r.RuleIndex, run.Tool.Driver.Rules[r.RuleIndex].ID, r.RuleID)
			}
			if r.Locations[0].PhysicalLocation.Region == nil || r.Properties["path"] != r.Locations[0].LogicalLocations[0].FullyQualifiedName {
				t.Fatalf("%s: result without region or pointer: %+v", tc.file, r)
			}
		}
	}
	// The schema is not a rubber stamp.
	for _, bad := range []string{
		`{"version": "2.1.0"}`,
		`{"version": "2.0.0", "runs": []}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "r"}]}]}`,
	} {
		doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if schema.Validate(doc) == nil {
			t.Errorf("the SARIF schema accepted %s", bad)
		}
	}
}

func TestSARIFRegionsPointAtTheValue(t *testing.T) {
	file := writeFile(t, "plan with space.json", `{"plan": {"id": "p", "description": "گشت در فروشگاه",
  "actions": [{"id": "a1", "type": "goto", "url": "javascript:x", "description": "باز کردن"},
              {"id": "a1", "type": "click", "description": "Click"}],
  "output": {"type": "json"}}}
`)
	out, _, code := run(t, "", false, conf(t, "web-navigator/v1", "sarif", "en_US", file))
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var log SarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	got := map[string]SarifRegion{}
	for _, r := range log.Runs[0].Results {
		got[r.RuleID+" "+r.Properties["path"]] = *r.Locations[0].PhysicalLocation.Region
		if uri := r.Locations[0].PhysicalLocation.ArtifactLocation.URI; !strings.HasPrefix(uri, "file:///") || !strings.HasSuffix(uri, "plan%20with%20space.json") {
			t.Errorf("artifact uri %q", uri)
		}
	}
	want := map[string]SarifRegion{
		"url.scheme /plan/actions/0/url":                    {2, 44},
		"action.duplicate_id /plan/actions/1/id":            {3, 16},
		"action.requires_selector /plan/actions/1/selector": {3, 15}, // missing: the action's own start
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s at %+v, want %+v (all: %+v)", k, got[k], w, got)
		}
	}
}

func TestPointerOffsets(t *testing.T) {
	src := []byte("[1, {\"a\": [true, {\"b~/\": null}], \"ن\": \"x\"}, []]")
	offsets := pointerOffsets(src)
	want := map[string]string{
		"":             "[1",
		"/0":           "1,",
		"/1":           "{\"a\"",
		"/1/a":         "\"a\"",
		"/1/a/0":       "true",
		"/1/a/1":       "{\"b",
		"/1/a/1/b~0~1": "\"b~/\"",
		"/1/ن":         "\"ن\"",
		"/2":           "[]]",
	}
	if len(offsets) != len(want) {
		t.Errorf("%d pointers, want %d: %v", len(offsets), len(want), offsets)
	}
	for p, prefix := range want {
		off, ok := offsets[p]
		if !ok || !bytes.HasPrefix(src[off:], []byte(prefix)) {
			t.Errorf("%q at %d (%v), want the text %q there", p, off, ok, prefix)
		}
	}
	if off, ok := nearestOffset(offsets, "/1/a/1/missing"); !ok || off != offsets["/1/a/1"] {
		t.Errorf("missing member not placed at its object: %d %v", off, ok)
	}
	if line, col := lineColumn([]byte("ab\nسلام x"), 10); line != 2 || col != 5 {
		t.Errorf("line %d col %d", line, col)
	}
}

func TestArtifactURI(t *testing.T) {
	for in, want := range map[string]string{
		"-":                 "stdin",
		"plans/a b.json":    "plans/a%20b.json",
		"/srv/plans/x.json": "file:///srv/plans/x.json",
		"طرح.json":          "%D8%B7%D8%B1%D8%AD.json",
	} {
		if got := artifactURI(in); got != want {
			t.Errorf("artifactURI(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOutputGoldens pins each format's whole output for the same files,
// so a change in what people or tools read shows in review
// (go test ./daemon/contract/... -update rewrites them).
func TestOutputGoldens(t *testing.T) {
	files := []string{fixtures + "web-navigator-v1/warn_scrape_without_store_as.json", fixtures + "web-navigator-v1/fail_messages_in_persian.json"}
	for _, tc := range []struct{ golden, format, locale string }{
		{"text.en.golden", "text", "en_US"},
		{"text.fa.golden", "text", "fa_IR"},
		{"json.golden.json", "json", "en_US"},
		{"sarif.golden.json", "sarif", "en_US"},
	} {
		out, stderr, code := run(t, "", false, conf(t, "web-navigator/v1", tc.format, tc.locale, files...))
		if code != 1 || stderr != "" {
			t.Fatalf("%s: exit %d, stderr %q", tc.golden, code, stderr)
		}
		golden.Check(t, filepath.Join("testdata", tc.golden), []byte(out))
	}
}

// reusingReader reads each file into one buffer, as the command's reader
// does, so that a text kept past the next read would change under it.
func reusingReader() func(string) ([]byte, error) {
	var buf []byte
	return func(name string) ([]byte, error) {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		buf = append(buf[:0], data...)
		return buf, nil
	}
}

// TestBatchKeepsEachFilesText: a reader may reuse its buffer from file to
// file, so what a report keeps of its file (SARIF regions, a syntax
// error's position) must be its own copy: in a batch of a long plan, a
// short one and a long one again, each file's regions are the ones it
// gets when linted alone.
func TestBatchKeepsEachFilesText(t *testing.T) {
	dir := t.TempDir()
	long := `{"plan": {"id": "p", "description": "d", "actions": [` + strings.Repeat(`{"id": "a", "type": "back", "description": "x"}, `, 40) + `{"id": "z", "type": "nope", "description": "x"}]}}`
	contents := []string{long, "\n\n      " + `{"plan": {"description": "d", "id": ""}}`, "\n" + long}
	var paths []string
	for i, text := range contents {
		path := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	regions := func(files ...string) map[string][]string {
		var out, errOut bytes.Buffer
		cfg := conf(t, "web-navigator/v1", "sarif", "en_US", files...)
		cfg.NewReader = reusingReader
		if code := Run(cfg, nil, &out, &errOut, false); code != ExitViolations {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		var sarif struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI string `json:"uri"`
							} `json:"artifactLocation"`
							Region json.RawMessage `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(out.Bytes(), &sarif); err != nil {
			t.Fatal(err)
		}
		byFile := map[string][]string{}
		for _, r := range sarif.Runs[0].Results {
			loc := r.Locations[0].PhysicalLocation
			byFile[loc.ArtifactLocation.URI] = append(byFile[loc.ArtifactLocation.URI], string(loc.Region))
		}
		return byFile
	}
	batch := regions(paths...)
	for _, path := range paths {
		alone := regions(path)
		uri := ""
		for k := range alone {
			uri = k
		}
		if len(alone[uri]) == 0 || !reflect.DeepEqual(batch[uri], alone[uri]) {
			t.Errorf("%s: regions in the batch %v, alone %v", path, batch[uri], alone[uri])
		}
	}

	broken := filepath.Join(dir, "broken.json")
	if err := os.WriteFile(broken, []byte("{\n  \"plan\": ]"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	cfg := conf(t, "web-navigator/v1", "json", "en_US", paths[0], broken, paths[2])
	cfg.NewReader = reusingReader
	if code := Run(cfg, nil, &out, &errOut, false); code != ExitUsage {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(errOut.String(), "broken.json:2:11") {
		t.Errorf("the syntax error is not placed at 2:11: %s", errOut.String())
	}
}
