// Command coldplan prints the rules planner's plan of every command of
// a corpus file, one JSON line each («null» for no plan), for
// planner-lovo -rules-answers. It uses only the planner's oldest API
// (persian.New, Config.Contract, Plan), so that cold.sh can build it
// against the planner as it was before a corpus was written.
//
//	go run ./tools/planner-lovo/coldplan -contract 2 testdata/planner/v2.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/persian"
)

func main() {
	contract := flag.Int("contract", 1, "plan version to read the commands for (1 or 2)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: coldplan -contract N FILE.jsonl")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *contract); err != nil {
		fmt.Fprintln(os.Stderr, "coldplan:", err)
		os.Exit(1)
	}
}

func run(path string, contract int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	p := persian.New(persian.Config{Contract: contract})
	out := bufio.NewWriter(os.Stdout)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c struct{ Text string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return err
		}
		b, err := json.Marshal(p.Plan(c.Text).Plan)
		if err != nil {
			return err
		}
		out.Write(append(b, '\n'))
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return out.Flush()
}
