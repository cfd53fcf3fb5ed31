package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"golang.org/x/sys/unix"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/agentplan"
	"github.com/arshline/arshline-sidecar/daemon/contract/lint"
	"github.com/arshline/arshline-sidecar/daemon/contract/registry"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// lintUsage is the lint command line, as printed on a usage error.
const lintUsage = "usage: arshlinectl lint --contract NAME [--policy F] [--format text|json|sarif] [--expected-steps N] [--locale fa_IR|en_US] FILE…"

// lintStdin is what FILE "-" reads.
var lintStdin io.Reader = os.Stdin

// cmdLint validates plan files offline: the command line, the file
// reader and the memory setting of a batch are here, the linter, its
// formats and its exit statuses in daemon/contract/lint. Exit status 2 is
// also a usage error (unknown contract or format, a policy file that does
// not parse or holds an invalid regex).
func cmdLint(args []string, stdout, stderr io.Writer) int {
	cfg, code := parseLintArgs(args, stdout, stderr)
	if cfg == nil {
		return code
	}
	// A plan's values live only while its file is linted, and a batch
	// keeps little of each (its report): collecting after every 400% of
	// growth instead of every 100% costs a few megabytes and spares a
	// quarter of the batch's time (BenchmarkLintBatch, GOGC=100 vs 400).
	if len(cfg.Files) > 1 && len(cfg.Files) <= 20_000 {
		// Past 20,000 files the reports kept for the end are tens of
		// megabytes, and five times that would be too much to hold.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	cfg.NewReader = func() func(string) ([]byte, error) { return new(fileReader).read }
	return lint.Run(cfg, lintStdin, stdout, stderr, isTerminal(stdout))
}

// parseLintArgs reads the flags, which may come before, between or after
// the files ("--" ends them). A nil config means stop with the returned
// code.
func parseLintArgs(args []string, stdout, stderr io.Writer) (*lint.Config, int) {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("contract", "", "contract to validate against")
	policyFile := fs.String("policy", "", "agent-plan policy file, YAML or JSON")
	format := fs.String("format", "text", "output format: text, json or sarif")
	expected := fs.Int("expected-steps", 0, "step-contract/v1: the exact number of steps asked for")
	locale := fs.String("locale", "en_US", "language of the messages: fa_IR or en_US")
	usage := func(problem string) (*lint.Config, int) {
		if problem != "" {
			fmt.Fprintln(stderr, "arshlinectl lint: "+problem)
		}
		fmt.Fprintln(stderr, lintUsage)
		return nil, lint.ExitUsage
	}
	var files []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(stdout, lintUsage)
				fs.SetOutput(stdout)
				fs.PrintDefaults()
				return nil, lint.ExitValid
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
	msg := func(t domain.Text) string { return contract.Msg(*locale, t) }
	reg := registry.Default()
	if *name == "" {
		return usage(msg(domain.T("--contract is required; known contracts: %s", domain.List(reg.Names()))))
	}
	c, ok := reg.Get(*name)
	if !ok {
		return usage(msg(domain.T("unknown contract %q; known contracts: %s", *name, domain.List(reg.Names()))))
	}
	switch *format {
	case "text", "json", "sarif":
	default:
		return usage(msg(domain.T("--format must be text, json or sarif, not %q", *format)))
	}
	if *expected < 0 {
		return usage(msg(domain.T("--expected-steps must not be negative")))
	}
	if len(files) == 0 {
		return usage(msg(domain.T("no file to lint (use - for standard input)")))
	}
	stdinUses := 0
	for _, f := range files {
		if f == "-" {
			stdinUses++
		}
	}
	if stdinUses > 1 {
		return usage(msg(domain.T("standard input (-) can be read only once")))
	}
	cfg := &lint.Config{Contract: c, Format: *format, Files: files,
		Options: contract.Options{Locale: *locale, ExpectedSteps: *expected}}
	if *policyFile != "" {
		data, err := os.ReadFile(*policyFile)
		if err != nil {
			fmt.Fprintln(stderr, "arshlinectl lint: "+msg(domain.T("cannot read the policy %s: %s", *policyFile, err.Error())))
			return nil, lint.ExitUsage
		}
		policy, err := lint.CheckPolicy(*policyFile, data, *locale)
		if err != nil {
			fmt.Fprintln(stderr, "arshlinectl lint: "+err.Error())
			return nil, lint.ExitUsage
		}
		cfg.Options.Policy = policy
		if c.Name() != agentplan.Name {
			fmt.Fprintln(stderr, "arshlinectl lint: "+msg(domain.T("note: --policy only applies to agent-plan; %s ignores it", c.Name())))
		}
	}
	return cfg, lint.ExitValid
}

// fileReader reads the plan files of one worker. A plan is a small file
// read once, and os.ReadFile spends more on it than the linter itself: it
// registers the file with the runtime's poller (two fcntl calls) and asks
// its size (fstat) before reading. Here a file costs open, read, a read
// that finds the end, and close, into a buffer the worker keeps; the
// benchmark's bare read uses the same reader (BenchmarkLintBatch).
type fileReader struct {
	buf []byte
}

// read returns the whole content of the named file in the reader's
// buffer, valid until the next read. Its errors are *os.PathError, as
// os.ReadFile's are.
func (r *fileReader) read(name string) ([]byte, error) {
	fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	for errors.Is(err, unix.EINTR) { // the Go runtime preempts goroutines with a signal
		fd, err = unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	defer unix.Close(fd)
	if r.buf == nil {
		r.buf = make([]byte, 64<<10)
	}
	n := 0
	for {
		if n == len(r.buf) {
			r.buf = append(r.buf, make([]byte, len(r.buf))...)
		}
		m, err := unix.Read(fd, r.buf[n:])
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: name, Err: err}
		}
		if m == 0 {
			return r.buf[:n], nil
		}
		n += m
	}
}

func cmdSchema(args []string, stdout, stderr io.Writer) int {
	reg := registry.Default()
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: arshlinectl schema NAME")
		for _, c := range reg.List() {
			fmt.Fprintf(stderr, "  %s — %s\n", c.Name(), c.Description())
		}
		return 2
	}
	c, ok := reg.Get(args[0])
	if !ok {
		fmt.Fprintf(stderr, "arshlinectl schema: unknown contract %q; known: %s\n", args[0], domain.List(reg.Names()))
		return 2
	}
	var v any
	json.Unmarshal(c.Schema(), &v)
	printJSON(stdout, v)
	return 0
}
