// Package lint validates plan files offline against one contract of the
// registry and prints the reports as text for people, as JSON for
// scripts, or as SARIF 2.1.0 for code-scanning tools: what `arshlinectl
// lint` does once its command line is read (cmd/arshlinectl owns the
// flags, the file reader and the process's memory settings).
//
// Run's exit status: 0 when every plan is valid (warnings allowed), 1 when
// a plan has an error-severity violation, 2 on an I/O error (an
// unreadable file, a file that is not JSON).
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
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/agentplan"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Exit statuses of Run, and of the command.
const (
	ExitValid      = 0
	ExitViolations = 1
	ExitUsage      = 2
)

// FileReport is one linted file: the name it was given by ("-" for
// standard input) and its report.
type FileReport struct {
	File   string          `json:"file"`
	Report contract.Report `json:"report"`
	// source is the file's text, for SARIF regions.
	source []byte
}

// Config is one run of the linter.
type Config struct {
	Contract contract.Contract
	Format   string // "text", "json" or "sarif"
	Options  contract.Options
	// Files are linted in order; "-" is standard input.
	Files []string
	// NewReader gives each worker of the run its own file reader; the
	// text a reader returns is used before its next call. Nil reads with
	// os.ReadFile.
	NewReader func() func(name string) ([]byte, error)
}

// Run lints every file of cfg and prints the reports to stdout, the
// reasons a file has none to stderr, and returns the exit status.
// isTerminal says whether stdout is a terminal: the text format is
// coloured only then.
func Run(cfg *Config, stdin io.Reader, stdout, stderr io.Writer, isTerminal bool) int {
	locale := cfg.Options.Locale
	results := lintFiles(cfg, stdin)
	reports := make([]FileReport, len(results))
	for i, r := range results {
		file := cfg.Files[i]
		switch {
		case r.readErr != nil:
			fmt.Fprintln(stderr, "arshlinectl lint: "+contract.Msg(locale, domain.T("cannot read %s: %s", file, r.readErr.Error())))
			return ExitUsage
		case r.jsonErr != nil:
			where := syntaxPosition(r.report.source, r.jsonErr)
			fmt.Fprintln(stderr, "arshlinectl lint: "+contract.Msg(locale, domain.T("%s%s is not valid JSON: %s", file, where, r.jsonErr.Error())))
			return ExitUsage
		}
		reports[i] = r.report
	}
	var err error
	switch cfg.Format {
	case "json":
		err = writeJSON(stdout, results)
	case "sarif":
		err = writeJSONValue(stdout, SARIF(cfg.Contract, reports))
	default:
		err = writeText(stdout, reports, locale, isTerminal)
	}
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl lint: "+contract.Msg(locale, domain.T("cannot write the output: %s", err.Error())))
		return ExitUsage
	}
	for _, r := range reports {
		if !r.Report.Valid {
			return ExitViolations
		}
	}
	return ExitValid
}

// CheckPolicy decodes a Plan-Lint policy file (YAML or JSON), data, read
// from path, and checks it, so that a typo in a regex stops the run
// instead of silently matching nothing.
func CheckPolicy(path string, data []byte, locale string) (map[string]any, error) {
	policy, err := agentplan.DecodePolicy(data)
	if err != nil {
		return nil, errors.New(contract.Msg(locale, domain.T("policy %s does not parse: %s", path, err.Error())))
	}
	if _, err := agentplan.ParsePolicy(policy); err != nil {
		var perr *agentplan.PolicyError
		if errors.As(err, &perr) {
			problems := make([]string, len(perr.Problems))
			for i, p := range perr.Problems {
				problems[i] = p.Message(locale)
			}
			return nil, errors.New(contract.Msg(locale, domain.T("policy %s is invalid: ", path)) + strings.Join(problems, "; "))
		}
		return nil, errors.New(contract.Msg(locale, domain.T("policy %s is invalid: %s", path, err.Error())))
	}
	return policy, nil
}

func readInput(file string, stdin io.Reader, read func(string) ([]byte, error)) ([]byte, error) {
	if file == "-" {
		if stdin == nil {
			return nil, errors.New("no standard input")
		}
		return io.ReadAll(stdin)
	}
	return read(file)
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
func lintFiles(cfg *Config, stdin io.Reader) []fileResult {
	results := make([]fileResult, len(cfg.Files))
	workers := min(runtime.GOMAXPROCS(0), len(cfg.Files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			enc := newElementEncoder(len(cfg.Files) > 1)
			read := os.ReadFile
			if cfg.NewReader != nil {
				read = cfg.NewReader()
			}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(cfg.Files) {
					return
				}
				results[i] = lintOne(cfg, cfg.Files[i], stdin, enc, read)
			}
		}()
	}
	wg.Wait()
	return results
}

func lintOne(cfg *Config, file string, stdin io.Reader, enc *elementEncoder, read func(string) ([]byte, error)) fileResult {
	data, err := readInput(file, stdin, read)
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
	r := fileResult{report: FileReport{File: file, Report: cfg.Contract.Validate(context.Background(), doc, cfg.Options)}}
	switch cfg.Format {
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
