// Command fakeopenai runs the llmtest fake model as a process, for the
// WordPress end-to-end harness: point the daemon's --openai-base-url at
// the URL it prints.
//
//	fakeopenai -addr 127.0.0.1:0 -script replies.json -delay 100ms
//
// The script (see llmtest.ParseScript) is answered in order and its last
// reply repeats; without a script every request gets a 500 saying so.
// The first line on stdout is "fakeopenai listening on <base URL>".
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fakeopenai:", err)
		os.Exit(2)
	}
}

// run serves until ctx ends.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fakeopenai", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "listen address (port 0 picks a free one)")
	script := fs.String("script", "", "JSON file with an array of replies")
	delay := fs.Duration("delay", 0, "delay for replies that set none")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var replies []llmtest.Reply
	if *script != "" {
		data, err := os.ReadFile(*script)
		if err != nil {
			return err
		}
		if replies, err = llmtest.ParseScript(data); err != nil {
			return err
		}
	}
	for i := range replies {
		if replies[i].Delay == 0 {
			replies[i].Delay = *delay
		}
	}
	srv, err := llmtest.Listen(*addr, replies...)
	if err != nil {
		return err
	}
	defer srv.Close()
	if len(replies) > 0 {
		last := replies[len(replies)-1]
		srv.Then(func(llmtest.Request) llmtest.Reply { return last })
	}
	fmt.Fprintf(stdout, "fakeopenai listening on %s\n", srv.URL())
	<-ctx.Done()
	return nil
}
