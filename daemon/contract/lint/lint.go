// Package lint is `arshlinectl lint` as a library: it validates plan files
// offline against one contract of the registry and prints the reports as
// text for people, as JSON for scripts, or as SARIF 2.1.0 for
// code-scanning tools.
//
//	lint --contract NAME [--policy F] [--format text|json|sarif]
//	     [--expected-steps N] [--locale fa_IR|en_US] FILE…
//
// FILE "-" reads standard input. Exit status: 0 when every plan is valid
// (warnings allowed), 1 when a plan has an error-severity violation, 2 on a
// usage or I/O error (unknown contract or format, unreadable file, a file
// that is not JSON, a policy file that does not parse or holds an invalid
// regex).
//
// The json format prints the report of a single file as it is; for
// several files it prints an array of {"file": NAME, "report": REPORT} in
// the order the files were given.
package lint

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/agentplan"
	"github.com/arshline/arshline-sidecar/daemon/contract/registry"
)

// Exit statuses of Main.
const (
	ExitValid      = 0
	ExitViolations = 1
	ExitUsage      = 2
)

// Usage is the command line, as printed on a usage error.
const Usage = "usage: arshlinectl lint --contract NAME [--policy F] [--format text|json|sarif] [--expected-steps N] [--locale fa_IR|en_US] FILE…"

// FileReport is one linted file: the name it was given by ("-" for
// standard input) and its report.
type FileReport struct {
	File   string          `json:"file"`
	Report contract.Report `json:"report"`
	// source is the file's text, for SARIF regions.
	source []byte
}

// config is the parsed command line.
type config struct {
	contract contract.Contract
	format   string
	opts     contract.Options
	files    []string
}

// Main runs the lint command with args (without the program and command
// names). isTerminal says whether stdout is a terminal: the text format is
// coloured only then.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, isTerminal bool) int {
	cfg, code := parseArgs(args, stdout, stderr)
	if cfg == nil {
		return code
	}
	locale := cfg.opts.Locale
	results := lintFiles(cfg, stdin)
	reports := make([]FileReport, len(results))
	for i, r := range results {
		file := cfg.files[i]
		switch {
		case r.readErr != nil:
			fmt.Fprintln(stderr, "arshlinectl lint: "+contract.Msg(locale, "cannot read "+file+": "+r.readErr.Error(), "خواندن "+file+" ممکن نشد: "+r.readErr.Error()))
			return ExitUsage
		case r.jsonErr != nil:
			where := syntaxPosition(r.report.source, r.jsonErr)
			fmt.Fprintln(stderr, "arshlinectl lint: "+contract.Msg(locale, file+where+" is not valid JSON: "+r.jsonErr.Error(), file+where+" یک JSON معتبر نیست: "+r.jsonErr.Error()))
			return ExitUsage
		}
		reports[i] = r.report
	}
	var err error
	switch cfg.format {
	case "json":
		err = writeJSON(stdout, results)
	case "sarif":
		err = writeJSONValue(stdout, SARIF(cfg.contract, reports))
	default:
		err = writeText(stdout, reports, locale, isTerminal)
	}
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl lint: "+contract.Msg(locale, "cannot write the output: "+err.Error(), "نوشتن خروجی ممکن نشد: "+err.Error()))
		return ExitUsage
	}
	for _, r := range reports {
		if !r.Report.Valid {
			return ExitViolations
		}
	}
	return ExitValid
}

// parseArgs reads the flags, which may come before, between or after the
// files ("--" ends them). A nil config means stop with the returned code.
func parseArgs(args []string, stdout, stderr io.Writer) (*config, int) {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("contract", "", "contract to validate against")
	policyFile := fs.String("policy", "", "agent-plan policy file, YAML or JSON")
	format := fs.String("format", "text", "output format: text, json or sarif")
	expected := fs.Int("expected-steps", 0, "step-contract/v1: the exact number of steps asked for")
	locale := fs.String("locale", "en_US", "language of the messages: fa_IR or en_US")
	usage := func(problem string) (*config, int) {
		if problem != "" {
			fmt.Fprintln(stderr, "arshlinectl lint: "+problem)
		}
		fmt.Fprintln(stderr, Usage)
		return nil, ExitUsage
	}
	var files []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(stdout, Usage)
				fs.SetOutput(stdout)
				fs.PrintDefaults()
				return nil, ExitValid
			}
			return usage(err.Error())
		}
		consumed := len(rest) - fs.NArg()
		if consumed > 0 && rest[consumed-1] == "--" {
			files = append(files, fs.Args()...)
			break
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if *locale != "fa_IR" && *locale != "en_US" {
		return usage(fmt.Sprintf("--locale must be fa_IR or en_US, not %q", *locale))
	}
	msg := func(en, fa string) string { return contract.Msg(*locale, en, fa) }
	reg := registry.Default()
	if *name == "" {
		return usage(msg("--contract is required; known contracts: "+strings.Join(reg.Names(), ", "), "‏--contract لازم است؛ قراردادهای شناخته‌شده: "+strings.Join(reg.Names(), "، ")))
	}
	c, ok := reg.Get(*name)
	if !ok {
		return usage(msg(fmt.Sprintf("unknown contract %q; known contracts: %s", *name, strings.Join(reg.Names(), ", ")), fmt.Sprintf("قرارداد %q شناخته نیست؛ قراردادهای شناخته‌شده: %s", *name, strings.Join(reg.Names(), "، "))))
	}
	switch *format {
	case "text", "json", "sarif":
	default:
		return usage(msg(fmt.Sprintf("--format must be text, json or sarif, not %q", *format), fmt.Sprintf("‏--format باید text، json یا sarif باشد، نه %q", *format)))
	}
	if *expected < 0 {
		return usage(msg("--expected-steps must not be negative", "‏--expected-steps نمی‌تواند منفی باشد"))
	}
	if len(files) == 0 {
		return usage(msg("no file to lint (use - for standard input)", "پرونده‌ای برای بررسی داده نشده است (برای ورودی استاندارد - بنویسید)"))
	}
	stdinUses := 0
	for _, f := range files {
		if f == "-" {
			stdinUses++
		}
	}
	if stdinUses > 1 {
		return usage(msg("standard input (-) can be read only once", "ورودی استاندارد (-) فقط یک بار خوانده می‌شود"))
	}
	cfg := &config{contract: c, format: *format, files: files,
		opts: contract.Options{Locale: *locale, ExpectedSteps: *expected}}
	if *policyFile != "" {
		policy, err := loadPolicy(*policyFile, *locale)
		if err != nil {
			fmt.Fprintln(stderr, "arshlinectl lint: "+err.Error())
			return nil, ExitUsage
		}
		cfg.opts.Policy = policy
		if c.Name() != agentplan.Name {
			fmt.Fprintln(stderr, "arshlinectl lint: "+msg("note: --policy only applies to agent-plan; "+c.Name()+" ignores it", "توجه: ‏--policy فقط برای agent-plan است و "+c.Name()+" آن را نادیده می‌گیرد"))
		}
	}
	return cfg, ExitValid
}

// loadPolicy reads a Plan-Lint policy file (YAML or JSON) and checks it,
// so that a typo in a regex stops the run instead of silently matching
// nothing.
func loadPolicy(path, locale string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, errors.New(contract.Msg(locale, "cannot read the policy "+path+": "+err.Error(), "خواندن سیاست "+path+" ممکن نشد: "+err.Error()))
	}
	policy, err := agentplan.DecodePolicy(data)
	if err != nil {
		return nil, errors.New(contract.Msg(locale, "policy "+path+" does not parse: "+err.Error(), "سیاست "+path+" خوانا نیست: "+err.Error()))
	}
	if _, err := agentplan.ParsePolicy(policy); err != nil {
		var perr *agentplan.PolicyError
		if errors.As(err, &perr) {
			problems := make([]string, len(perr.Problems))
			for i, p := range perr.Problems {
				problems[i] = p.Message(locale)
			}
			return nil, errors.New(contract.Msg(locale, "policy "+path+" is invalid: ", "سیاست "+path+" نامعتبر است: ") + strings.Join(problems, "; "))
		}
		return nil, errors.New(contract.Msg(locale, "policy "+path+" is invalid: "+err.Error(), "سیاست "+path+" نامعتبر است: "+err.Error()))
	}
	return policy, nil
}

func readInput(file string, stdin io.Reader, files *fileReader) ([]byte, error) {
	if file == "-" {
		if stdin == nil {
			return nil, errors.New("no standard input")
		}
		return io.ReadAll(stdin)
	}
	return files.read(file)
}

// syntaxPosition returns ":LINE:COLUMN" of a JSON syntax error, or "".
func syntaxPosition(data []byte, err error) string {
	var syn *json.SyntaxError
	if !errors.As(err, &syn) {
		return ""
	}
	line, col := lineColumn(data, int(syn.Offset)-1)
	return fmt.Sprintf(":%d:%d", line, col)
}

// fileResult is one file's outcome: its report, or why it has none.
type fileResult struct {
	report  FileReport
	readErr error
	jsonErr error
	// encoded is the report as the json format prints it, made by the
	// worker that validated it so that encoding runs in parallel too.
	encoded []byte
}

// lintFiles reads, decodes, validates and (for the json format) encodes
// every file, on as many workers as there are processors, and returns the
// results in the order of the files. The contracts are safe for
// concurrent use and the policy is compiled once, so the workers share
// nothing but the options.
func lintFiles(cfg *config, stdin io.Reader) []fileResult {
	// A plan's values live only while its file is linted, and a batch
	// keeps little of each (its report): collecting after every 400% of
	// growth instead of every 100% costs a few megabytes and spares a
	// quarter of the batch's time (BenchmarkLintBatch, GOGC=100 vs 400).
	if len(cfg.files) > 1 && len(cfg.files) <= 20_000 {
		// Past 20,000 files the reports kept for the end are tens of
		// megabytes, and five times that would be too much to hold.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	results := make([]fileResult, len(cfg.files))
	workers := min(runtime.GOMAXPROCS(0), len(cfg.files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			enc := newElementEncoder(len(cfg.files) > 1)
			var files fileReader
			for {
				i := int(next.Add(1)) - 1
				if i >= len(cfg.files) {
					return
				}
				results[i] = lintOne(cfg, cfg.files[i], stdin, enc, &files)
			}
		}()
	}
	wg.Wait()
	return results
}

func lintOne(cfg *config, file string, stdin io.Reader, enc *elementEncoder, files *fileReader) fileResult {
	data, err := readInput(file, stdin, files)
	if err != nil {
		return fileResult{readErr: err}
	}
	// data is the reader's buffer, which the next file overwrites: the
	// decoded plan shares nothing with it, and a report that needs the
	// text later (SARIF regions, a syntax error's position) keeps a copy.
	doc, err := contract.Decode(data)
	if err != nil {
		return fileResult{report: FileReport{File: file, source: bytes.Clone(data)}, jsonErr: err}
	}
	r := fileResult{report: FileReport{File: file, Report: cfg.contract.Validate(context.Background(), doc, cfg.opts)}}
	switch cfg.format {
	case "json":
		r.encoded, r.jsonErr = enc.encode(r.report)
	case "sarif":
		r.report.source = bytes.Clone(data)
	}
	// Every report waits for the last file before it is printed: keep
	// only what the output still needs, so that the collector does not go
	// over thousands of plans again and again while the rest are read.
	r.report.Report.Normalized = nil
	return r
}

// writeJSON prints the report of a single file as it is, and several as
// an array of {"file", "report"}: byte for byte what encoding the whole
// value at once prints.
func writeJSON(w io.Writer, results []fileResult) error {
	out := bufio.NewWriterSize(w, 64<<10)
	if len(results) == 1 {
		out.Write(results[0].encoded)
		out.WriteByte('\n')
		return out.Flush()
	}
	out.WriteString("[")
	for i, r := range results {
		if i > 0 {
			out.WriteString(",")
		}
		out.WriteString("\n  ")
		out.Write(r.encoded)
	}
	if len(results) > 0 {
		out.WriteString("\n")
	}
	out.WriteString("]\n")
	return out.Flush()
}

func writeJSONValue(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
