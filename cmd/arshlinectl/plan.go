package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/commands"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/persian"
)

// cmdPlan turns a command into a plan: through the daemon (which checks
// the plan against the stored forms and can use a model), or --offline
// with the internal planner and the contract alone.
func cmdPlan(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	offline := fs.Bool("offline", false, "plan in this process with the internal planner; no daemon needed")
	mode := fs.String("mode", "", "auto, internal or llm (daemon only)")
	asJSON := fs.Bool("json", false, "print exactly the ai.plan result object")
	locale := fs.String("locale", "fa_IR", "language of preview and messages")
	contractName := fs.String("contract", "", "plan contract: arshline-plan/v1 or arshline-plan/v2 (v1 or v2 for short; default v2)")
	if fs.Parse(textIsNoFlag(args)) != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: arshlinectl plan [--offline] [--mode M] [--contract arshline-plan/v1|arshline-plan/v2] [--json] TEXT")
		return 2
	}
	switch *contractName {
	case "v1":
		*contractName = "arshline-plan/v1"
	case "v2":
		*contractName = "arshline-plan/v2"
	case "", "arshline-plan/v1", "arshline-plan/v2":
	default:
		fmt.Fprintln(stderr, "arshlinectl: --contract must be arshline-plan/v1 or arshline-plan/v2")
		return 2
	}
	// A blank TEXT given on purpose is the planner's to refuse, so a
	// script feeding commands through --json gets JSON for it too.
	text := strings.TrimSpace(strings.Join(fs.Args(), " "))
	var res *commands.PlanResult
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: 0, Caps: []string{domain.CapManageOptions}, Locale: domain.NormalizeLocale(*locale)})
	if *offline {
		if *mode != "" && *mode != commands.ModeInternal && *mode != commands.ModeAuto {
			fmt.Fprintln(stderr, "arshlinectl: --offline plans with the internal planner only")
			return 2
		}
		svc := &commands.Service{Internal: persian.New(persian.Config{})}
		var err error
		if res, err = svc.Plan(ctx, commands.PlanParams{Text: text, Mode: commands.ModeInternal, Contract: *contractName}); err != nil {
			de := domain.AsError(err)
			fmt.Fprintf(stderr, "arshlinectl: %s: %s\n", de.Code, messages.Render(*locale, de.Text()))
			if *asJSON {
				printJSON(stdout, map[string]any{"error": map[string]any{"code": de.Code, "message": messages.Render(*locale, de.Text())}})
			}
			return 1
		}
	} else {
		c, cancel := timeout()
		defer cancel()
		res = &commands.PlanResult{}
		params := map[string]any{"text": text, "actor": map[string]any{"user_id": 0, "caps": []string{domain.CapManageOptions}, "locale": *locale}}
		if *mode != "" {
			params["mode"] = *mode
		}
		if *contractName != "" {
			params["contract"] = *contractName
		}
		if !callDaemon(c, "ai.plan", params, res, stderr) {
			return 1
		}
	}
	if *asJSON {
		printJSON(stdout, res)
		return 0
	}
	if res.None {
		fmt.Fprintln(stdout, "no plan:", res.Reason)
		if res.Navigate != nil {
			fmt.Fprintf(stdout, "navigate: %s %v\n", res.Navigate.Action, res.Navigate.Params)
		}
		return 0
	}
	for i, line := range res.Preview {
		fmt.Fprintf(stdout, "%d. %s\n", i+1, line)
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stdout, "! "+w)
	}
	printJSON(stdout, res.Plan)
	return 0
}

// textIsNoFlag marks the end of the flags before the first argument that
// begins with «-» but names no flag: a command written as a list, «- فرم
// 62 - سوال جدید …», is the TEXT, not an unknown flag. A flag's name is
// ASCII letters, digits, «-» and «_», up to its «=».
func textIsNoFlag(args []string) []string {
	for i, a := range args {
		if a == "--" {
			return args
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name = name[:eq]
		}
		if name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == "" {
			continue
		}
		return append(append(append(make([]string, 0, len(args)+1), args[:i]...), "--"), args[i:]...)
	}
	return args
}
