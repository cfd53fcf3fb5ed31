package lint

import (
	"context"
	"os"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/registry"
)

// BenchmarkLintSteps times each step of linting the web-navigator
// reference example, of which the batch benchmark's plans are copies
// (cmd/arshlinectl BenchmarkLintBatch): decoding, validating, writing the
// report.
func BenchmarkLintSteps(b *testing.B) {
	data, err := os.ReadFile(fixtures + "web-navigator-v1/pass_reference_example.json")
	if err != nil {
		b.Fatal(err)
	}
	c, _ := registry.Default().Get("web-navigator/v1")
	doc, err := contract.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	report := FileReport{File: "plan.json", Report: c.Validate(context.Background(), doc, contract.Options{})}
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			contract.Decode(data)
		}
	})
	b.Run("validate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c.Validate(context.Background(), doc, contract.Options{})
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		enc := newElementEncoder(true)
		for b.Loop() {
			enc.encode(report)
		}
	})
}
