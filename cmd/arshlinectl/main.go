// Command arshlinectl talks to arshlined over its Unix socket, and runs the
// planner and the plan linter offline without a daemon.
//
//	arshlinectl [--socket P] [--site N] call METHOD [JSON]
//	arshlinectl status [--json]
//	arshlinectl plan [--offline] [--mode M] [--json] TEXT…
//	arshlinectl execute FILE|-
//	arshlinectl undo TOKEN…
//	arshlinectl audit [--form ID] [--limit N]
//	arshlinectl lint --contract NAME [--policy F] [--format text|json|sarif] [--expected-steps N] FILE…
//	arshlinectl schema NAME
//	arshlinectl generate FORM_ID PROMPT…
//	arshlinectl forms list|get ID|create TITLE|publish ID|draft ID
//	arshlinectl versions list FORM_ID|get FORM_ID VERSION_ID|rollback FORM_ID VERSION_ID
//	arshlinectl submissions list|get|status|delete FORM_ID …
//	arshlinectl export FORM_ID --format csv|xlsx [--status S] [--from D] [--to D] > FILE
//
// --site N makes every call act on WordPress site N of a multisite
// network: it names the operator as the call's actor, with that site.
// Without it the operator acts on site 1.
//
// The load tool is a binary of its own, cmd/arshline-load: this one ships.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/rpc"
)

// socketPath is where commands that need the daemon find it.
var socketPath = defaultSocket()

// site is the WordPress site calls act on (--site); 0 names none, and the
// daemon then takes the operator's calls for site 1.
var site int64

func defaultSocket() string {
	if p := os.Getenv("ARSHLINE_SOCKET"); p != "" {
		return p
	}
	if dir := os.Getenv("RUNTIME_DIRECTORY"); dir != "" {
		return filepath.Join(dir, "arshlined.sock")
	}
	if _, err := os.Stat("arshlined.sock"); err == nil {
		return "arshlined.sock"
	}
	if _, err := os.Stat("/run/arshline/arshlined.sock"); err == nil {
		return "/run/arshline/arshlined.sock"
	}
	return "arshlined.sock"
}

type command struct {
	run     func(args []string, stdout, stderr io.Writer) int
	summary string
}

func subcommands() map[string]command {
	return map[string]command{
		"status":      {cmdStatus, "status [--json]: the daemon's version and protocol, socket, database, uploads, free disk and model"},
		"call":        {cmdCall, "call METHOD [JSON]: raw JSON-RPC call, prints the result"},
		"plan":        {cmdPlan, "plan [--offline] [--mode M] [--json] TEXT: turn a Persian command into a plan"},
		"execute":     {cmdExecute, "execute FILE|-: validate and run a plan (ai.execute with confirm)"},
		"undo":        {cmdUndo, "undo TOKEN…: undo executed steps, newest first, all or nothing"},
		"audit":       {cmdAudit, "audit [--form ID] [--limit N] [--before ID]: page the audit log"},
		"lint":        {cmdLint, "lint --contract NAME [--policy F] [--format text|json|sarif] FILE…: validate plans offline"},
		"schema":      {cmdSchema, "schema NAME: print a contract's JSON Schema"},
		"generate":    {cmdGenerate, "generate FORM_ID PROMPT: generate a form with the model (Ctrl-C cancels)"},
		"forms":       {cmdForms, "forms list|get ID|create TITLE|publish ID|draft ID"},
		"versions":    {cmdVersions, "versions list FORM_ID|get FORM_ID VERSION_ID|rollback FORM_ID VERSION_ID"},
		"submissions": {cmdSubmissions, "submissions list|get|status|delete FORM_ID …: page, read, file and erase a form's answers"},
		"export":      {cmdExport, "export FORM_ID --format csv|xlsx [--status S] [--from D] [--to D] > FILE: a form's submissions"},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arshlinectl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&socketPath, "socket", socketPath, "daemon socket path (env ARSHLINE_SOCKET)")
	site = 0
	fs.Func("site", "act on this WordPress site (blog id) of a multisite network; default 1", func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return errors.New("the site must be a positive integer")
		}
		site = n
		return nil
	})
	fs.Usage = func() { usage(stderr) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	rest := fs.Args()
	if len(rest) == 0 {
		usage(stderr)
		return 2
	}
	cmd, ok := subcommands()[rest[0]]
	if !ok {
		fmt.Fprintf(stderr, "arshlinectl: unknown command %q\n", rest[0])
		usage(stderr)
		return 2
	}
	return cmd.run(rest[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: arshlinectl [--socket PATH] [--site N] COMMAND [ARGS]")
	cmds := subcommands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintln(w, "  "+cmds[n].summary)
	}
}

// callDaemon makes one call and prints a clear one-line error when the
// daemon is not there or answers with an error.
func callDaemon(ctx context.Context, method string, params any, result any, stderr io.Writer) bool {
	c, err := rpc.Dial(ctx, socketPath)
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl:", err)
		return false
	}
	defer c.Close()
	if err := call(ctx, c, method, params, result); err != nil {
		printCallError(stderr, err)
		return false
	}
	return true
}

// call is c.Call with the site of --site, which travels in the actor as
// every call's site does. Params without an actor get the operator as
// one (user 0, every capability, as a call without an actor runs; the
// daemon's locale stays the operator's, as none is named); an actor the
// params name already (plan --locale, call) gets the site added.
func call(ctx context.Context, c *rpc.Client, method string, params, result any) error {
	if site == 0 {
		return c.Call(ctx, method, params, result)
	}
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	members := map[string]json.RawMessage{}
	if string(raw) != "null" {
		if err := json.Unmarshal(raw, &members); err != nil {
			return errors.New("--site needs the params to be a JSON object")
		}
	}
	actor := map[string]any{"user_id": 0, "caps": []string{"manage_options"}}
	if named, ok := members["actor"]; ok {
		var own map[string]any
		if err := json.Unmarshal(named, &own); err != nil || own == nil {
			return errors.New("--site needs the params' actor to be an object")
		}
		if _, ok := own["site_id"]; ok {
			return errors.New("--site names the site; the params' actor must not name one too")
		}
		actor = own
	}
	actor["site_id"] = site
	members["actor"], _ = json.Marshal(actor)
	return c.Call(ctx, method, members, result)
}

func printCallError(stderr io.Writer, err error) {
	var re *rpc.Error
	if errors.As(err, &re) {
		code, _ := re.Data["error"].(string)
		fmt.Fprintf(stderr, "arshlinectl: %s: %s\n", code, re.Message)
		if v, ok := re.Data["violations"]; ok {
			b, _ := json.MarshalIndent(v, "", "  ")
			fmt.Fprintln(stderr, string(b))
		}
		return
	}
	fmt.Fprintln(stderr, "arshlinectl:", err)
}

// callAndPrint makes one call and prints its result: the shape of most
// commands.
func callAndPrint(method string, params any, stdout, stderr io.Writer) int {
	ctx, cancel := timeout()
	defer cancel()
	var out any
	if !callDaemon(ctx, method, params, &out, stderr) {
		return 1
	}
	printJSON(stdout, out)
	return 0
}

func printJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

func timeout() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 2*time.Minute)
}

func cmdCall(args []string, stdout, stderr io.Writer) int {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(stderr, "usage: arshlinectl call METHOD [JSON]")
		return 2
	}
	var params json.RawMessage
	if len(args) == 2 {
		params = json.RawMessage(args[1])
		if !json.Valid(params) {
			fmt.Fprintln(stderr, "arshlinectl: params are not valid JSON")
			return 2
		}
	}
	ctx, cancel := timeout()
	defer cancel()
	var out json.RawMessage
	if !callDaemon(ctx, args[0], params, &out, stderr) {
		return 1
	}
	var v any
	json.Unmarshal(out, &v)
	printJSON(stdout, v)
	return 0
}

func readFileArg(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(name)
}

func cmdExecute(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("execute", flag.ContinueOnError)
	fs.SetOutput(stderr)
	preview := fs.Bool("preview", false, "only validate and preview, change nothing")
	if fs.Parse(args) != nil || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: arshlinectl execute [--preview] FILE|-")
		return 2
	}
	body, err := readFileArg(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl:", err)
		return 2
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(body, &doc); err != nil {
		fmt.Fprintln(stderr, "arshlinectl: the plan file is not a JSON object:", err)
		return 2
	}
	plan := json.RawMessage(body)
	if p, ok := doc["plan"]; ok { // an ai.plan result is accepted as it is
		plan = p
	}
	return callAndPrint("ai.execute", map[string]any{"plan": plan, "confirm": !*preview}, stdout, stderr)
}

func cmdUndo(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: arshlinectl undo TOKEN…")
		return 2
	}
	return callAndPrint("ai.undo", map[string]any{"tokens": args}, stdout, stderr)
}

func cmdAudit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	form := fs.Int64("form", 0, "only this form")
	limit := fs.Int("limit", 50, "rows (1..200)")
	before := fs.Int64("before", 0, "rows older than this id")
	if fs.Parse(args) != nil {
		return 2
	}
	p := map[string]any{"limit": *limit}
	if *form > 0 {
		p["form_id"] = *form
	}
	if *before > 0 {
		p["before_id"] = *before
	}
	return callAndPrint("audit.list", p, stdout, stderr)
}

func atoi64(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}

func cmdForms(args []string, stdout, stderr io.Writer) int {
	usageLine := "usage: arshlinectl forms list|get ID|create TITLE|publish ID|draft ID"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	var method string
	var params any
	switch args[0] {
	case "list":
		method, params = "forms.list", map[string]any{}
	case "create":
		method, params = "forms.create", map[string]any{"title": strings.Join(args[1:], " ")}
	case "get", "publish", "draft":
		if len(args) != 2 {
			fmt.Fprintln(stderr, usageLine)
			return 2
		}
		id, ok := atoi64(args[1])
		if !ok {
			fmt.Fprintln(stderr, "arshlinectl: form id must be a positive integer")
			return 2
		}
		switch args[0] {
		case "get":
			method, params = "forms.get", map[string]any{"id": id}
		case "publish":
			method, params = "forms.set_status", map[string]any{"id": id, "status": "published"}
		default:
			method, params = "forms.set_status", map[string]any{"id": id, "status": "draft"}
		}
	default:
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	return callAndPrint(method, params, stdout, stderr)
}

func cmdVersions(args []string, stdout, stderr io.Writer) int {
	usageLine := "usage: arshlinectl versions list FORM_ID|get FORM_ID VERSION_ID|rollback FORM_ID VERSION_ID"
	if len(args) < 2 {
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	ids := make([]int64, 0, 2)
	for _, a := range args[1:] {
		n, ok := atoi64(a)
		if !ok {
			fmt.Fprintln(stderr, "arshlinectl: ids must be positive integers")
			return 2
		}
		ids = append(ids, n)
	}
	var method string
	var params any
	switch {
	case args[0] == "list" && len(ids) == 1:
		method, params = "versions.list", map[string]any{"form_id": ids[0]}
	case args[0] == "get" && len(ids) == 2:
		method, params = "versions.get", map[string]any{"form_id": ids[0], "version_id": ids[1]}
	case args[0] == "rollback" && len(ids) == 2:
		method, params = "versions.rollback", map[string]any{"form_id": ids[0], "version_id": ids[1]}
	default:
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	return callAndPrint(method, params, stdout, stderr)
}
