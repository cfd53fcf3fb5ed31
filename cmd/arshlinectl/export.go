package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arshline/arshline-sidecar/rpc"
)

// cmdExport writes a form's submissions to stdout as CSV or XLSX. The
// daemon sends the file in pages of about half a megabyte; each is
// written as it arrives, so memory stays flat however large the form.
func cmdExport(args []string, stdout, stderr io.Writer) int {
	usageLine := "usage: arshlinectl export FORM_ID --format csv|xlsx [--status S] [--from DATE] [--to DATE] > FILE"
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "csv", "csv or xlsx")
	status := fs.String("status", "", "only this status (new, read, starred, spam); default every status but spam")
	from := fs.String("from", "", "first day (2026-11-23, 1405-09-02), Iran time")
	to := fs.String("to", "", "last day, inclusive")
	// FORM_ID may come before the flags, as the usage line writes it.
	var idArg string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		idArg, args = args[0], args[1:]
	}
	if fs.Parse(args) != nil {
		return 2
	}
	if idArg == "" && fs.NArg() == 1 {
		idArg = fs.Arg(0)
	} else if fs.NArg() != 0 {
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	id, ok := atoi64(idArg)
	if !ok {
		fmt.Fprintln(stderr, usageLine)
		return 2
	}
	if *format != "csv" && *format != "xlsx" {
		fmt.Fprintln(stderr, "arshlinectl: --format must be csv or xlsx")
		return 2
	}
	params := map[string]any{"form_id": id, "format": *format}
	for k, v := range map[string]string{"status": *status, "from": *from, "to": *to} {
		if v != "" {
			params[k] = v
		}
	}
	ctx := context.Background()
	c, err := rpc.Dial(ctx, socketPath)
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl:", err)
		return 1
	}
	defer c.Close()
	for {
		var page struct {
			Data       []byte `json:"data"`
			NextCursor string `json:"next_cursor"`
			Done       bool   `json:"done"`
		}
		cctx, cancel := timeout()
		err := c.Call(cctx, "submissions.export", params, &page)
		cancel()
		if err != nil {
			printCallError(stderr, err)
			return 1
		}
		if _, err := stdout.Write(page.Data); err != nil {
			fmt.Fprintln(stderr, "arshlinectl:", err)
			return 1
		}
		if page.Done {
			return 0
		}
		params["cursor"] = page.NextCursor
	}
}
