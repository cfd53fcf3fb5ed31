// Command planner-lovo measures, leaving one voice out, whether a
// learned reading of a command's intent would do better than the
// rules of daemon/persian, or make them safer. Each corpus file is a
// voice: a multinomial logistic regression over character n-grams and
// words is trained on the other files, reads the file left out, and is
// scored beside the rules planner on the same commands — the intent
// (which actions the command asks for), the rules' full plans, and
// three ways to keep a rules plan only when the learned reading agrees
// with it (docs/PLANNER.md).
//
// The rules as they are now have read every corpus; cold.sh reads each
// one with the planner as it was before the corpus was written, which
// is the rules' own leave-one-voice-out score.
//
//	go run ./tools/planner-lovo                       # the rules as now
//	bash tools/planner-lovo/cold.sh /tmp/cold …       # then, the rules cold:
//	go run ./tools/planner-lovo -rules-answers /tmp/cold -unasked
//	go run ./tools/planner-lovo -rules-answers /tmp/cold -when /tmp/cold/when
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	corpora := flag.String("corpora", "testdata/planner/*.jsonl,../shared/corpus/*.jsonl",
		"comma-separated globs of corpus files, each one voice (run from the repository's root)")
	minDocs := flag.Int("min-docs", 2, "keep a feature seen in at least this many training commands")
	epochs := flag.Int("epochs", defaultTraining.Epochs, "passes of gradient descent over the training commands")
	lambda := flag.Float64("lambda", defaultTraining.Lambda, "L2 penalty on the weights")
	answers := flag.String("rules-answers", "", "take the rules' plans of a corpus from DIR/<file name> when there, one JSON plan or null a line (cold.sh writes them)")
	threshold := flag.Float64("guard", 0.1, "the guard stops a rules plan whose destructive action the learned reading gives a lower probability")
	when := flag.String("when", "", "train the learned reading of a voice read cold only on the voices that came before it, by this file's «name<TAB>unix time» lines (cold.sh writes DIR/when)")
	unasked := flag.Bool("unasked", false, "list every rules plan with an unasked destructive action, and what each gate did")
	flag.Parse()
	voices, err := loadVoices(*corpora)
	if err != nil {
		fmt.Fprintln(os.Stderr, "planner-lovo:", err)
		os.Exit(1)
	}
	given, err := loadAnswers(*answers, voices)
	if err != nil {
		fmt.Fprintln(os.Stderr, "planner-lovo:", err)
		os.Exit(1)
	}
	arrivals, err := loadWhen(*when)
	if err != nil {
		fmt.Fprintln(os.Stderr, "planner-lovo:", err)
		os.Exit(1)
	}
	cfg := guardConfig{MinDocs: *minDocs, Train: defaultTraining, Threshold: *threshold, When: arrivals}
	cfg.Train.Epochs, cfg.Train.Lambda = *epochs, *lambda
	res, err := leaveOneVoiceOut(voices, given, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "planner-lovo:", err)
		os.Exit(1)
	}
	res.write(os.Stdout)
	if *unasked {
		fmt.Println()
		res.writeUnasked(os.Stdout)
	}
}

// loadVoices reads every file the globs match, in name order; fewer
// than two voices leave nothing to train on.
func loadVoices(globs string) ([]voice, error) {
	var paths []string
	for _, g := range strings.Split(globs, ",") {
		m, err := filepath.Glob(strings.TrimSpace(g))
		if err != nil {
			return nil, err
		}
		paths = append(paths, m...)
	}
	sort.Strings(paths)
	var out []voice
	for _, p := range paths {
		v, err := loadVoice(p)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("%d corpus files match %q: need two or more", len(out), globs)
	}
	return out, nil
}

// loadAnswers reads the plans dir holds for the voices, by file name;
// a voice with no file there is read by the planner in this process.
func loadAnswers(dir string, voices []voice) (map[string][]map[string]any, error) {
	out := map[string][]map[string]any{}
	if dir == "" {
		return out, nil
	}
	for _, v := range voices {
		b, err := os.ReadFile(filepath.Join(dir, v.Name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var plans []map[string]any
		for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var p map[string]any
			if err := json.Unmarshal([]byte(line), &p); err != nil {
				return nil, fmt.Errorf("%s line %d: %v", filepath.Join(dir, v.Name), i+1, err)
			}
			plans = append(plans, p)
		}
		out[v.Name] = plans
	}
	return out, nil
}

// loadWhen reads «name<TAB>unix time» lines.
func loadWhen(path string) (map[string]int64, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		name, at, ok := strings.Cut(line, "\t")
		t, err := strconv.ParseInt(at, 10, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s line %d: not «name<TAB>unix time»", path, i+1)
		}
		out[name] = t
	}
	return out, nil
}
