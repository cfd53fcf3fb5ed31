package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/registry"
)

// standardElement is the element encoding/json writes for r: the
// reference the token-by-token writer is held to.
func standardElement(t *testing.T, r FileReport, array bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if array {
		enc.SetIndent("  ", "  ")
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	} else {
		enc.SetIndent("", "  ")
		if err := enc.Encode(r.Report); err != nil {
			t.Fatal(err)
		}
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func assertSameEncoding(t *testing.T, name string, r FileReport) {
	t.Helper()
	for _, array := range []bool{false, true} {
		got, err := newElementEncoder(array).encode(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := standardElement(t, r, array); !bytes.Equal(got, want) {
			t.Errorf("%s (array %v): the report is written\n%s\nencoding/json writes\n%s", name, array, got, want)
		}
	}
}

// TestReportEncodingMatchesEncodingJSON: every fixture of every contract,
// valid or not, in both languages, is written byte for byte as
// encoding/json writes its report.
func TestReportEncodingMatchesEncodingJSON(t *testing.T) {
	reg := registry.Default()
	files, err := filepath.Glob("../../../testdata/contracts/*/*.json")
	if err != nil || len(files) < 50 {
		t.Fatalf("fixtures: %d, %v", len(files), err)
	}
	byDir := map[string]string{"agent-plan": "agent-plan", "arshline-plan-v1": "arshline-plan/v1", "arshline-plan-v2": "arshline-plan/v2",
		"step-contract-v1": "step-contract/v1", "web-navigator-v1": "web-navigator/v1"}
	checked := 0
	for _, f := range files {
		name, ok := byDir[filepath.Base(filepath.Dir(f))]
		if !ok {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := contract.Decode(data)
		if err != nil {
			continue // a fixture of what is not JSON
		}
		c, _ := reg.Get(name)
		for _, locale := range []string{"en_US", "fa_IR"} {
			r := c.Validate(context.Background(), doc, contract.Options{Locale: locale})
			assertSameEncoding(t, f+" "+locale, FileReport{File: f, Report: r})
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d reports compared", checked)
	}
}

// TestReportEncodingOfAwkwardText: the characters encoding/json escapes
// its own way, numbers as typed, floats at the edges of its formats, and
// a normalised value that is not decoded JSON (written by encoding/json).
func TestReportEncodingOfAwkwardText(t *testing.T) {
	awkward := "a\u2028b\u2029c<>&\x00\x01\x1f\b\f\n\r\t\"\\/é😀 \x7f \xff\xfe bad"
	for _, score := range []float64{0, 1, 0.1 + 0.2, 1e-7, 1e-6, 1e20, 1e21, 123456789.125, math.SmallestNonzeroFloat64} {
		r := contract.Report{Contract: "x", RiskScore: score, Violations: []contract.Violation{
			{Rule: "r", Severity: contract.SeverityError, Path: "/a~1b", Message: awkward, Fix: awkward},
			{Rule: "s", Severity: contract.SeverityWarning, Message: strings.Repeat("م", 3)},
		}, Normalized: map[string]any{awkward: []any{awkward, json.Number("-1.5e+300"), json.Number("12345678901234567890"), true, false, nil,
			map[string]any{}, []any{}, map[string]any{"z": "1", "a": "2", "ب": "3", "B": 4.5}}}}
		assertSameEncoding(t, "awkward", FileReport{File: awkward, Report: r})
	}
	typed := contract.Report{Contract: "x", Violations: []contract.Violation{}, Normalized: struct {
		Version int `json:"version"`
	}{2}}
	assertSameEncoding(t, "typed", FileReport{File: "f", Report: typed})
	nested := contract.Report{Contract: "x", Violations: []contract.Violation{}, Normalized: map[string]any{"steps": []any{int64(3), struct{ A int }{1}}}}
	assertSameEncoding(t, "nested", FileReport{File: "f", Report: nested})
}

// FuzzReportEncoding: any JSON text as a normalised plan, and any text
// as a file name and a message, is written as encoding/json writes it.
func FuzzReportEncoding(f *testing.F) {
	for _, s := range []string{`{"plan":{"id":"p","actions":[]}}`, `[1,-0.5e+3,"\u2028",{"b":1,"a":[{}]}]`, `"<&>"`, `{"":null,"é":"\u0000"}`} {
		f.Add([]byte(s), "file.json", "msg")
	}
	f.Fuzz(func(t *testing.T, plan []byte, file, message string) {
		doc, err := contract.Decode(plan)
		if err != nil {
			return
		}
		r := FileReport{File: file, Report: contract.Report{Contract: "c", Violations: []contract.Violation{
			{Rule: "r", Severity: contract.SeverityError, Step: message, Path: "/x", Message: message}}, Normalized: doc}}
		assertSameEncoding(t, "fuzzed", r)
	})
}
