package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/agentplan"
	"github.com/arshline/arshline-sidecar/daemon/contract/contracts"
)

func cmdLint(args []string, stdout, stderr io.Writer) int {
	return lintMain(args, stdout, stderr, isTerminal(stdout))
}

// fileReport is one linted file in the json output for several files.
type fileReport struct {
	File   string          `json:"file"`
	Report contract.Report `json:"report"`
}

// lintMain validates plan files offline. Exit 0: every plan valid
// (warnings allowed); 1: violations; 2: usage or I/O error.
func lintMain(args []string, stdout, stderr io.Writer, color bool) int {
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("contract", "", "contract name (see `arshlinectl schema`)")
	policyFile := fs.String("policy", "", "agent-plan policy file, YAML or JSON")
	format := fs.String("format", "text", "text, json or sarif")
	expected := fs.Int("expected-steps", 0, "step-contract: the exact number of steps asked for")
	locale := fs.String("locale", "en_US", "language of messages (fa_IR or en_US)")
	if fs.Parse(args) != nil {
		return 2
	}
	reg := contracts.Default()
	c, ok := reg.Get(*name)
	if !ok {
		fmt.Fprintf(stderr, "arshlinectl lint: unknown contract %q; known: %s\n", *name, strings.Join(reg.Names(), ", "))
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: arshlinectl lint --contract NAME [--policy F] [--format text|json|sarif] [--expected-steps N] FILE…")
		return 2
	}
	if *format != "text" && *format != "json" && *format != "sarif" {
		fmt.Fprintf(stderr, "arshlinectl lint: --format must be text, json or sarif, not %q\n", *format)
		return 2
	}
	opts := contract.Options{Locale: *locale, ExpectedSteps: *expected}
	if *policyFile != "" {
		data, err := os.ReadFile(*policyFile)
		if err != nil {
			fmt.Fprintln(stderr, "arshlinectl lint:", err)
			return 2
		}
		pol, err := agentplan.DecodePolicy(data)
		if err != nil {
			fmt.Fprintf(stderr, "arshlinectl lint: policy %s: %v\n", *policyFile, err)
			return 2
		}
		if _, err := agentplan.ParsePolicy(pol); err != nil {
			fmt.Fprintf(stderr, "arshlinectl lint: policy %s: %v\n", *policyFile, err)
			return 2
		}
		opts.Policy = pol
	}
	var reports []fileReport
	for _, file := range fs.Args() {
		data, err := readFileArg(file)
		if err != nil {
			fmt.Fprintln(stderr, "arshlinectl lint:", err)
			return 2
		}
		doc, err := contract.Decode(data)
		if err != nil {
			fmt.Fprintf(stderr, "arshlinectl lint: %s is not valid JSON: %v\n", file, err)
			return 2
		}
		reports = append(reports, fileReport{File: file, Report: c.Validate(context.Background(), doc, opts)})
	}
	switch *format {
	case "json":
		if len(reports) == 1 {
			printJSON(stdout, reports[0].Report)
		} else {
			printJSON(stdout, reports)
		}
	case "sarif":
		printJSON(stdout, sarif(c, reports))
	default:
		printText(stdout, reports, color)
	}
	for _, r := range reports {
		if !r.Report.Valid {
			return 1
		}
	}
	return 0
}

func printText(w io.Writer, reports []fileReport, color bool) {
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	errs, warns := 0, 0
	for _, r := range reports {
		for _, v := range r.Report.Violations {
			sev := string(v.Severity)
			switch v.Severity {
			case contract.SeverityError:
				errs++
				sev = paint("31", sev)
			case contract.SeverityWarning:
				warns++
				sev = paint("33", sev)
			}
			step := ""
			if v.Step != "" {
				step = " step " + v.Step + ":"
			}
			line := fmt.Sprintf("%s:%s %s (%s) at %s: %s", r.File, step, paint("1", v.Rule), sev, v.Path, v.Message)
			if v.Fix != "" {
				line += " — fix: " + v.Fix
			}
			fmt.Fprintln(w, line)
		}
		status := paint("32", "valid")
		if !r.Report.Valid {
			status = paint("31", "invalid")
		}
		fmt.Fprintf(w, "%s: %s (%s), risk %.2f\n", r.File, status, r.Report.Contract, r.Report.RiskScore)
	}
	fmt.Fprintf(w, "%d file(s), %d error(s), %d warning(s)\n", len(reports), errs, warns)
}

// sarif renders reports as SARIF 2.1.0 for code-scanning tools.
func sarif(c contract.Contract, reports []fileReport) map[string]any {
	rules := c.Rules()
	sort.Slice(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	index := map[string]int{}
	var sr []map[string]any
	level := func(s contract.Severity) string {
		switch s {
		case contract.SeverityError:
			return "error"
		case contract.SeverityWarning:
			return "warning"
		}
		return "note"
	}
	for i, r := range rules {
		index[r.ID] = i
		sr = append(sr, map[string]any{
			"id": r.ID, "shortDescription": map[string]any{"text": r.Description},
			"defaultConfiguration": map[string]any{"level": level(r.Severity)},
		})
	}
	results := []map[string]any{}
	for _, r := range reports {
		for _, v := range r.Report.Violations {
			if _, ok := index[v.Rule]; !ok {
				index[v.Rule] = len(sr)
				sr = append(sr, map[string]any{"id": v.Rule, "shortDescription": map[string]any{"text": v.Rule}, "defaultConfiguration": map[string]any{"level": level(v.Severity)}})
			}
			msg := v.Message
			if v.Fix != "" {
				msg += " Fix: " + v.Fix
			}
			results = append(results, map[string]any{
				"ruleId": v.Rule, "ruleIndex": index[v.Rule], "level": level(v.Severity),
				"message": map[string]any{"text": msg},
				"locations": []any{map[string]any{
					"physicalLocation": map[string]any{"artifactLocation": map[string]any{"uri": r.File}},
					"logicalLocations": []any{map[string]any{"name": v.Path, "kind": "member"}},
				}},
				"properties": map[string]any{"path": v.Path, "step": v.Step},
			})
		}
	}
	return map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name": "arshlinectl", "informationUri": "https://github.com/arshline/arshline-sidecar", "rules": sr,
			}},
			"results": results,
		}},
	}
}

func cmdSchema(args []string, stdout, stderr io.Writer) int {
	reg := contracts.Default()
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: arshlinectl schema NAME")
		for _, c := range reg.List() {
			fmt.Fprintf(stderr, "  %s — %s\n", c.Name(), c.Description())
		}
		return 2
	}
	c, ok := reg.Get(args[0])
	if !ok {
		fmt.Fprintf(stderr, "arshlinectl schema: unknown contract %q; known: %s\n", args[0], strings.Join(reg.Names(), ", "))
		return 2
	}
	var v any
	json.Unmarshal(c.Schema(), &v)
	printJSON(stdout, v)
	return 0
}
