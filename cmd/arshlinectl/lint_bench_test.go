package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// benchFiles is how many plan files the batch benchmarks lint per run;
// `make bench-lint` uses the same number.
const benchFiles = 2000

// benchPolicy is the agent-plan policy of the batch benchmark.
const benchPolicy = `allow_tools: ["db.*", "notify.*", "payments.*", "file.read"]
deny_tools: ["payments.refund"]
bounds:
  payments.transfer.amount: [0, 1000]
deny_tokens_regex: ["ACME-[0-9]{8}"]
`

// benchPlan writes the i-th plan of a kind: a copy of the contract's
// reference example (5 web-navigator actions, 3 step-contract steps, 4
// agent-plan steps) with its own ids and values, so no two files are the
// same text.
func benchPlan(kind string, i int) string {
	switch kind {
	case "web-navigator/v1":
		return fmt.Sprintf(`{
  "plan": {
    "id": "plan_%04d",
    "description": "Search laptops, batch %d",
    "actions": [
      {"id": "a%d_1", "type": "goto", "url": "https://www.example.com/search?page=%d", "description": "Open the search page"},
      {"id": "a%d_2", "type": "wait_for", "selector": "input[name='q']", "description": "Ensure search box"},
      {"id": "a%d_3", "type": "fill", "selector": "input[name='q']", "value": "laptops %d", "description": "Enter query"},
      {"id": "a%d_4", "type": "press", "value": "Enter", "description": "Submit", "wait_for": {"selector": "#search", "timeout": %d}},
      {"id": "a%d_5", "type": "scrape", "selector": "#search .g", "extract": {"type": "text"}, "store_as": "results", "description": "Capture"}
    ],
    "output": {"type": "json", "max_results": %d}
  }
}
`, i, i, i, i, i, i, i, i, 1000+i, i, 1+i%100)
	case "step-contract/v1":
		return fmt.Sprintf(`{
  "task_summary": "Say hello then tell the time, request %d",
  "steps": [
    {"step_id": "step_1", "title": "Greet %d", "description": "Say hello", "dependencies": [], "deliverable": "a greeting", "acceptance": "the greeting is shown", "tool": {"name": "echo_tool", "args": {"text": "hello %d"}}},
    {"step_id": "step_2", "title": "Time %d", "description": "Read the clock", "dependencies": ["step_1"], "deliverable": "the time", "acceptance": ["the time is shown"], "tool": {"name": "get_time", "args": {}}},
    {"step_id": "step_3", "title": "Sum up %d", "description": "Tell both", "dependencies": ["step_1", "step_2"], "deliverable": "a sentence", "acceptance": "both are in it", "tool": {"name": "echo_tool", "args": {"text": "done"}}}
  ],
  "assumptions": ["the clock is right"],
  "risks": []
}
`, i, i, i, i, i)
	default:
		return fmt.Sprintf(`{
  "goal": "Pay supplier %d and tell finance",
  "steps": [
    {"id": "invoice%d", "tool": "db.query_ro", "parameters": {"query": "SELECT id, amount, email FROM invoices WHERE supplier = $1 AND paid = false", "args": ["acme-%d"]}},
    {"id": "pay%d", "tool": "payments.transfer", "parameters": {"amount": "{{invoice%d.result.amount}}", "to": "acme-%d"}, "depends_on": ["invoice%d"]},
    {"id": "mark%d", "tool": "db.query", "parameters": {"query": "UPDATE invoices SET paid = true WHERE id = $1", "args": ["{{invoice%d.result.id}}"]}, "depends_on": ["pay%d"]},
    {"id": "notify%d", "tool": "notify.email", "parameters": {"to": "{{invoice%d.result.email}}", "body": "Paid ${{invoice%d.result.amount}}"}, "depends_on": ["mark%d"]}
  ],
  "context": {"supplier": "acme-%d"},
  "meta": {"planner": "gpt-4o"}
}
`, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i)
	}
}

// writeBenchFiles writes n plans of a kind into dir and returns their paths.
func writeBenchFiles(tb testing.TB, dir, kind string, n int) []string {
	tb.Helper()
	files := make([]string, n)
	for i := range files {
		files[i] = filepath.Join(dir, fmt.Sprintf("%s-%04d.json", strings.NewReplacer("/", "-").Replace(kind), i))
		if err := os.WriteFile(files[i], []byte(benchPlan(kind, i)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return files
}

// benchBatch writes the batch of a kind, with the policy for agent-plan,
// and returns its files and lint's arguments for them.
func benchBatch(b *testing.B, kind string) (files, args []string) {
	dir := b.TempDir()
	files = writeBenchFiles(b, dir, kind, benchFiles)
	args = []string{"--contract", kind, "--format", "json"}
	if kind == "agent-plan" {
		policy := filepath.Join(dir, "policy.yaml")
		if err := os.WriteFile(policy, []byte(benchPolicy), 0o644); err != nil {
			b.Fatal(err)
		}
		args = append(args, "--policy", policy)
	}
	return files, append(args, files...)
}

// BenchmarkLintBatch lints 2,000 plan files of each kind in one call of
// `arshlinectl lint --format json`, in process, and reports the time per plan
// next to the time a bare read of the same files takes in the same run,
// one after the other, with the reader lint uses: lint-µs/plan −
// read-µs/plan is the linter's own cost. os.ReadFile of the same files
// is reported beside them.
func BenchmarkLintBatch(b *testing.B) {
	for _, kind := range []string{"web-navigator/v1", "step-contract/v1", "agent-plan"} {
		b.Run(kind, func(b *testing.B) {
			files, args := benchBatch(b, kind)
			var stderr bytes.Buffer
			if code := cmdLint(args, io.Discard, &stderr); code != 0 {
				b.Fatalf("lint exits %d: %s", code, stderr.String())
			}
			var lintTime, readTime, osReadTime time.Duration
			var reader fileReader
			for b.Loop() {
				start := time.Now()
				for _, f := range files {
					if _, err := reader.read(f); err != nil {
						b.Fatal(err)
					}
				}
				readTime += time.Since(start)
				start = time.Now()
				for _, f := range files {
					if _, err := os.ReadFile(f); err != nil {
						b.Fatal(err)
					}
				}
				osReadTime += time.Since(start)
				start = time.Now()
				cmdLint(args, io.Discard, io.Discard)
				lintTime += time.Since(start)
			}
			plans := float64(b.N * len(files))
			lintUS := float64(lintTime.Microseconds()) / plans
			readUS := float64(readTime.Microseconds()) / plans
			b.ReportMetric(lintUS, "lint-µs/plan")
			b.ReportMetric(readUS, "read-µs/plan")
			b.ReportMetric(lintUS-readUS, "above-read-µs/plan")
			b.ReportMetric(float64(osReadTime.Microseconds())/plans, "os.ReadFile-µs/plan")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkLintProcess runs the shipped command, `arshlinectl lint
// --format json`, as its own process over 2,000 plan files of each kind,
// next to `cat` reading the same files as its own process: a process
// that merely reads the files is the floor a user compares a linter
// with, and process-µs/plan − cat-µs/plan is what linting adds to it.
func BenchmarkLintProcess(b *testing.B) {
	cat, err := exec.LookPath("cat")
	if err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "arshlinectl")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/arshline/arshline-sidecar/cmd/arshlinectl").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, kind := range []string{"web-navigator/v1", "step-contract/v1", "agent-plan"} {
		b.Run(kind, func(b *testing.B) {
			files, lintArgs := benchBatch(b, kind)
			args := append([]string{"lint"}, lintArgs...)
			run := func(name string, args ...string) time.Duration {
				cmd := exec.Command(name, args...)
				cmd.Stdout = io.Discard
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				start := time.Now()
				if err := cmd.Run(); err != nil {
					b.Fatalf("%s: %v: %s", name, err, stderr.String())
				}
				return time.Since(start)
			}
			run(bin, args...) // the files in the page cache, the binary loaded
			var lintTime, catTime time.Duration
			for b.Loop() {
				catTime += run(cat, files...)
				lintTime += run(bin, args...)
			}
			plans := float64(b.N * len(files))
			lintUS := float64(lintTime.Microseconds()) / plans
			catUS := float64(catTime.Microseconds()) / plans
			b.ReportMetric(lintUS, "process-µs/plan")
			b.ReportMetric(catUS, "cat-µs/plan")
			b.ReportMetric(lintUS-catUS, "above-cat-µs/plan")
			b.ReportMetric(0, "ns/op")
		})
	}
}
