package main

import (
	"flag"
	"fmt"
	"io"
)

const submissionsUsage = `usage: arshlinectl submissions list FORM_ID [--status S] [--q TEXT] [--from DAY] [--to DAY] [--limit N] [--before ID]
       arshlinectl submissions get FORM_ID ID
       arshlinectl submissions status FORM_ID new|read|starred|spam ID…
       arshlinectl submissions delete FORM_ID ID…`

// cmdSubmissions pages, reads, files and erases a form's submissions.
func cmdSubmissions(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 {
		fmt.Fprintln(stderr, submissionsUsage)
		return 2
	}
	formID, ok := atoi64(args[1])
	if !ok {
		fmt.Fprintln(stderr, "arshlinectl: the form id must be a positive integer")
		return 2
	}
	rest := args[2:]
	switch args[0] {
	case "list":
		fs := flag.NewFlagSet("submissions list", flag.ContinueOnError)
		fs.SetOutput(stderr)
		status := fs.String("status", "", "new, read, starred or spam")
		q := fs.String("q", "", "words to search the answers and tracking codes for")
		from := fs.String("from", "", "first day (YYYY-MM-DD or a Jalali date such as 1404/09/02)")
		to := fs.String("to", "", "last day")
		limit := fs.Int("limit", 50, "submissions per page (1-200)")
		before := fs.Int64("before", 0, "the next_before_id of the previous page")
		if err := fs.Parse(rest); err != nil || fs.NArg() != 0 {
			fmt.Fprintln(stderr, submissionsUsage)
			return 2
		}
		p := map[string]any{"form_id": formID, "limit": *limit}
		for k, v := range map[string]string{"status": *status, "q": *q, "from": *from, "to": *to} {
			if v != "" {
				p[k] = v
			}
		}
		if *before > 0 {
			p["before_id"] = *before
		}
		return callAndPrint("submissions.list", p, stdout, stderr)
	case "get":
		if len(rest) != 1 {
			fmt.Fprintln(stderr, submissionsUsage)
			return 2
		}
		id, ok := atoi64(rest[0])
		if !ok {
			fmt.Fprintln(stderr, "arshlinectl: the submission id must be a positive integer")
			return 2
		}
		return callAndPrint("submissions.get", map[string]any{"form_id": formID, "id": id}, stdout, stderr)
	case "status", "delete":
		p := map[string]any{"form_id": formID}
		method := "submissions.delete"
		if args[0] == "status" {
			if len(rest) < 1 {
				fmt.Fprintln(stderr, submissionsUsage)
				return 2
			}
			method, p["status"], rest = "submissions.set_status", rest[0], rest[1:]
		}
		if len(rest) == 0 {
			fmt.Fprintln(stderr, submissionsUsage)
			return 2
		}
		ids := make([]int64, 0, len(rest))
		for _, a := range rest {
			id, ok := atoi64(a)
			if !ok {
				fmt.Fprintln(stderr, "arshlinectl: submission ids must be positive integers")
				return 2
			}
			ids = append(ids, id)
		}
		p["ids"] = ids
		return callAndPrint(method, p, stdout, stderr)
	}
	fmt.Fprintln(stderr, submissionsUsage)
	return 2
}
