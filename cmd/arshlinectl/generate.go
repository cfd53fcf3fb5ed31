package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/rpc"
)

// phaseNames name the Hosha2 phases as the admin page shows them, in
// Persian whatever the locale of the generated form.
var phaseNames = map[string]domain.Text{
	"analyze_input":      domain.T("Hosha2 phase\x04analyze_input"),
	"build_capabilities": domain.T("Hosha2 phase\x04build_capabilities"),
	"openai_send":        domain.T("Hosha2 phase\x04openai_send"),
	"validate_response":  domain.T("Hosha2 phase\x04validate_response"),
	"persist_form":       domain.T("Hosha2 phase\x04persist_form"),
	"render_preview":     domain.T("Hosha2 phase\x04render_preview"),
}

type progress struct {
	Status          string          `json:"status"`
	Progress        []string        `json:"progress"`
	ProgressPercent float64         `json:"progress_percent"`
	Error           json.RawMessage `json:"error,omitempty"`
	Result          json.RawMessage `json:"result,omitempty"`
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// cmdGenerate starts a Hosha2 generation, shows its progress, and cancels
// the job on Ctrl-C.
func cmdGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	edit := fs.Bool("edit", false, "edit the form instead of generating it anew")
	locale := fs.String("locale", "fa_IR", "locale of the generated form")
	if fs.Parse(args) != nil || fs.NArg() < 2 {
		fmt.Fprintln(stderr, "usage: arshlinectl generate [--edit] FORM_ID PROMPT…")
		return 2
	}
	formID, ok := atoi64(fs.Arg(0))
	if !ok {
		fmt.Fprintln(stderr, "arshlinectl: FORM_ID must be a positive integer")
		return 2
	}
	prompt := strings.Join(fs.Args()[1:], " ")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c, err := rpc.Dial(ctx, socketPath)
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl:", err)
		return 1
	}
	defer c.Close()
	method := "hosha2.generate"
	if *edit {
		method = "hosha2.edit"
	}
	var started struct {
		RequestID string `json:"request_id"`
	}
	if err := call(ctx, c, method, map[string]any{"form_id": formID, "prompt": prompt, "options": map[string]any{"locale": *locale}}, &started); err != nil {
		printCallError(stderr, err)
		return 1
	}
	tty := isTerminal(stderr)
	var last progress
	for {
		select {
		case <-ctx.Done():
			cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			var res struct {
				Cancelled bool `json:"cancelled"`
			}
			err := call(cctx, c, "hosha2.cancel", map[string]any{"req_id": started.RequestID}, &res)
			cancel()
			if tty {
				fmt.Fprintln(stderr)
			}
			if err != nil {
				printCallError(stderr, err)
				return 1
			}
			fmt.Fprintf(stderr, "cancelled request %s (cancelled: %v)\n", started.RequestID, res.Cancelled)
			return 130
		case <-time.After(200 * time.Millisecond):
		}
		var p progress
		if err := call(ctx, c, "hosha2.progress", map[string]any{"req_id": started.RequestID}, &p); err != nil {
			if ctx.Err() != nil {
				continue
			}
			printCallError(stderr, err)
			return 1
		}
		if tty && (p.ProgressPercent != last.ProgressPercent || p.Status != last.Status) {
			drawBar(stderr, p)
		}
		last = p
		switch p.Status {
		case "succeeded":
			if tty {
				fmt.Fprintln(stderr)
			}
			var v any
			json.Unmarshal(p.Result, &v)
			printJSON(stdout, v)
			return 0
		case "failed", "cancelled":
			if tty {
				fmt.Fprintln(stderr)
			}
			fmt.Fprintf(stderr, "arshlinectl: request %s %s: %s\n", started.RequestID, p.Status, string(p.Error))
			return 1
		}
	}
}

func drawBar(w io.Writer, p progress) {
	const width = 30
	filled := int(p.ProgressPercent*width + 0.5)
	phase := ""
	if n := len(p.Progress); n > 0 {
		if name, ok := phaseNames[p.Progress[n-1]]; ok {
			phase = messages.Render(domain.LocaleFA, name)
		}
	}
	fmt.Fprintf(w, "\r[%s%s] %3.0f%% %s ", strings.Repeat("█", filled), strings.Repeat("·", width-filled), p.ProgressPercent*100, phase)
}
