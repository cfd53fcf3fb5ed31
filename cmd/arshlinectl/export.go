package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
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
	var page exportPage
	for {
		cctx, cancel := timeout()
		err := c.Call(cctx, "submissions.export", params, &page)
		cancel()
		if err != nil {
			printCallError(stderr, err)
			return 1
		}
		if _, err := stdout.Write(page.data); err != nil {
			fmt.Fprintln(stderr, "arshlinectl:", err)
			return 1
		}
		if page.Done {
			return 0
		}
		params["cursor"] = page.NextCursor
	}
}

// exportPage is one page of submissions.export. Its data, half a
// megabyte of base64 a page, is read straight into the page's buffer
// (reused from page to page) instead of through encoding/json, whose
// passes over it (checking the reply, then decoding the string) cost
// more than everything else the command does.
type exportPage struct {
	data       []byte
	NextCursor string
	Done       bool
	tail       []byte
}

// ReadResult reads a page as the daemon writes it, data first:
// {"data":"BASE64",...}. The base64 is decoded strictly (no byte outside
// the alphabet, no line break), and the other members are decoded by
// encoding/json with data left out; a page in any other shape is
// decoded by encoding/json whole.
func (p *exportPage) ReadResult(text []byte) error {
	p.data, p.NextCursor, p.Done = p.data[:0], "", false
	if rest, ok := bytes.CutPrefix(text, []byte(`{"data":"`)); ok {
		if end := bytes.IndexByte(rest, '"'); end >= 0 && bytes.IndexByte(rest[:end], '\r') < 0 {
			b64 := rest[:end]
			if n := base64.StdEncoding.DecodedLen(len(b64)); cap(p.data) < n {
				p.data = make([]byte, n)
			}
			n, err := base64.StdEncoding.Decode(p.data[:cap(p.data)], b64)
			if err != nil {
				return fmt.Errorf("page data: %w", err)
			}
			p.data = p.data[:n]
			p.tail = append(append(p.tail[:0], `{"data":null`...), rest[end+1:]...)
			var others struct {
				Data       json.RawMessage `json:"data"`
				NextCursor string          `json:"next_cursor"`
				Done       bool            `json:"done"`
			}
			if err := json.Unmarshal(p.tail, &others); err != nil {
				return err
			}
			if string(others.Data) != "null" {
				return errors.New("page data given twice")
			}
			p.NextCursor, p.Done = others.NextCursor, others.Done
			return nil
		}
	}
	var whole struct {
		Data       []byte `json:"data"`
		NextCursor string `json:"next_cursor"`
		Done       bool   `json:"done"`
	}
	if err := json.Unmarshal(text, &whole); err != nil {
		return err
	}
	p.data, p.NextCursor, p.Done = whole.Data, whole.NextCursor, whole.Done
	return nil
}
