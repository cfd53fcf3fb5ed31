package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/arshline/arshline-sidecar/bench"
)

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	clients := fs.Int("clients", 8, "concurrent socket clients")
	duration := fs.Duration("duration", 5*time.Second, "how long to run (ignored with --count)")
	count := fs.Int("count", 0, "total calls instead of a duration")
	mix := fs.String("mix", "system.health,plan.validate,ai.plan,ai.execute,forms.get", "methods and weights, e.g. system.health=3,ai.execute=1")
	fsyncDir := fs.String("fsync-dir", "", "directory whose disk's fsync rate is the baseline (default: the database's, ./data)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	seed := fs.Int64("seed", 1, "seed of the method choice")
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		return 2
	}
	m, err := bench.ParseMix(*mix)
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl bench:", err)
		return 2
	}
	dir := *fsyncDir
	if dir == "" {
		dir = "data"
		if d := os.Getenv("STATE_DIRECTORY"); d != "" {
			dir = d
		}
		if _, err := os.Stat(dir); err != nil {
			dir = filepath.Dir(socketPath)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := bench.Run(ctx, bench.Options{Socket: socketPath, Clients: *clients, Duration: *duration, Count: *count, Mix: m, FsyncDir: dir, Seed: *seed})
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl bench:", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		rep.Print(stdout)
	}
	for _, s := range rep.Methods {
		if s.Errors > 0 {
			return 1
		}
	}
	return 0
}
