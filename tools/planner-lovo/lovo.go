package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/persian"
	"github.com/arshline/arshline-sidecar/internal/plancorpus"
)

// reading is what is known of one command before any model is trained:
// its expectation, the rules' plan and the learned reading's features.
type reading struct {
	Voice    string
	ID       string
	Text     string
	Expect   map[string]any
	Expected []string       // the expected plan's actions, none for no plan
	Rules    map[string]any // the rules' plan as JSON, nil for none
	Ruled    []string       // its actions
	Features []string
}

// readVoices runs the rules planner on every command, with the
// contract its file is written for, or takes its plans from answers
// (by file name) when they are there.
func readVoices(voices []voice, answers map[string][]map[string]any) ([][]reading, error) {
	planners := map[int]*persian.Planner{1: persian.New(persian.Config{Contract: 1}), 2: persian.New(persian.Config{Contract: 2})}
	out := make([][]reading, len(voices))
	for i, v := range voices {
		given, cold := answers[v.Name]
		if cold && len(given) != len(v.Commands) {
			return nil, fmt.Errorf("%s: %d answers for %d commands", v.Name, len(given), len(v.Commands))
		}
		for j, c := range v.Commands {
			r := reading{Voice: v.Name, ID: c.ID, Text: c.Text, Expect: c.Expect, Features: featuresOf(readText(c.Text))}
			if !plancorpus.Truthy(c.Expect["none"]) {
				r.Expected = actionsOf(c.Expect)
			}
			if cold {
				r.Rules = given[j]
			} else if res := planners[v.Contract].Plan(c.Text); res.Plan != nil {
				b, err := json.Marshal(res.Plan)
				if err == nil {
					err = json.Unmarshal(b, &r.Rules)
				}
				if err != nil {
					return nil, err
				}
			}
			if len(actionsOf(r.Rules)) == 0 {
				r.Rules = nil
			}
			r.Ruled = actionsOf(r.Rules)
			out[i] = append(out[i], r)
		}
	}
	return out, nil
}

// gate counts the plans one way of answering emits.
type gate struct {
	Emitted int // plans given
	Right   int // plans given that meet the expectation
	Razing  int // of those, plans holding a destructive action
	Wrong   int // plans given that do not
	Unasked int // wrong plans holding a destructive action the expectation has not
	Pass    int // commands answered as expected, no plan included
}

func (g *gate) count(r reading, emit bool) {
	var plan map[string]any
	if emit {
		plan = r.Rules
		g.Emitted++
	}
	ok := plancorpus.Mismatch(r.Expect, plan) == ""
	if ok {
		g.Pass++
	}
	if !emit {
		return
	}
	if ok {
		g.Right++
		if slices.ContainsFunc(r.Ruled, func(a string) bool { return destructive[a] }) {
			g.Razing++
		}
		return
	}
	g.Wrong++
	if unaskedDestruction(r.Ruled, r.Expected) {
		g.Unasked++
	}
}

func (g *gate) add(o gate) {
	g.Emitted += o.Emitted
	g.Right += o.Right
	g.Razing += o.Razing
	g.Wrong += o.Wrong
	g.Unasked += o.Unasked
	g.Pass += o.Pass
}

// tally is one fold's counts (or their sum).
type tally struct {
	Voice         string
	Contract      int
	Cold          bool // the rules' plans are those of the planner before the file was written
	TrainedOn     int  // voices the learned reading was trained on
	N             int  // commands
	Plans         int  // commands expecting a plan
	Unseen        int  // commands whose intent no training command has
	RulesIntent   int  // the rules' actions are the expected set
	LearnedIntent int  // the learned intent is the expected set
	// Of the commands whose intent the rules read wrong, those the
	// learned reading reads right.
	LearnedFixes int
	// The rules' wrong answers, by what is wrong: the set of actions;
	// the set right but their order or count; only the params.
	FailIntent, FailOrder, FailSlot int
	// Rules: the rules' plan as it is. Agree: kept only when its set of
	// actions is the learned intent. Guard: kept unless it holds a
	// destructive action the learned reading gives a probability below
	// the guard's threshold; Sweep, the same at each of sweep. Binary
	// and BinarySweep: the same with the probability of a two-class
	// model of each destructive action instead of the intent model's.
	Rules, Agree, Guard gate
	Binary              gate
	Sweep, BinarySweep  [len(sweep)]gate
	Features, Classes   int
	ModelBytes          int
	BinaryBytes         int // the two-class models and the feature strings
}

func (t *tally) add(o tally) {
	t.N += o.N
	t.Plans += o.Plans
	t.Unseen += o.Unseen
	t.RulesIntent += o.RulesIntent
	t.LearnedIntent += o.LearnedIntent
	t.LearnedFixes += o.LearnedFixes
	t.FailIntent += o.FailIntent
	t.FailOrder += o.FailOrder
	t.FailSlot += o.FailSlot
	t.Rules.add(o.Rules)
	t.Agree.add(o.Agree)
	t.Guard.add(o.Guard)
	t.Binary.add(o.Binary)
	for i := range t.Sweep {
		t.Sweep[i].add(o.Sweep[i])
		t.BinarySweep[i].add(o.BinarySweep[i])
	}
}

// verdict is one command's learned intent and what the gates did.
type verdict struct {
	Reading     reading
	Learned     string
	Probability float64
	Asked       map[string]float64 // the probability the command asks for each action
	Binary      map[string]float64 // the same for each destructive action, by its two-class model
}

// result is the whole experiment: a tally per voice left out.
type result struct {
	Folds    []tally
	Verdicts []verdict
	// PredictCPU is the CPU time the learned reading took over every
	// left-out command (normal form, features, scores), which a busy
	// machine does not inflate as it does the wall-clock time; TrainTime
	// the wall-clock time of fitting every fold's model. Measured, never
	// compared.
	PredictCPU, TrainTime time.Duration
	BinaryCPU             time.Duration // the two-class models' reading, as PredictCPU
	Threshold             float64       // the guard's
}

// sweep are the guard thresholds the summary compares.
var sweep = [...]float64{0.5, 0.2, 0.1, 0.05, 0.02}

// guardConfig is the learned reading's training and the guard's threshold.
type guardConfig struct {
	MinDocs   int
	Train     trainConfig
	Threshold float64
	// When, if given, is when each corpus came to the planner's work: a
	// voice the rules read cold is then read by a learned reading
	// trained only on the voices that came before it, as the rules were.
	When map[string]int64
}

// leaveOneVoiceOut trains, for each voice, a model on every other voice
// and reads the voice left out with it and with the rules.
func leaveOneVoiceOut(voices []voice, answers map[string][]map[string]any, cfg guardConfig) (result, error) {
	read, err := readVoices(voices, answers)
	if err != nil {
		return result{}, err
	}
	res := result{Threshold: cfg.Threshold}
	for held := range voices {
		_, cold := answers[voices[held].Name]
		arrived, timed := cfg.When[voices[held].Name]
		var others []reading
		trainedOn := 0
		for i := range voices {
			if t, ok := cfg.When[voices[i].Name]; i == held || cold && timed && (!ok || t >= arrived) {
				continue
			}
			others = append(others, read[i]...)
			trainedOn++
		}
		if len(others) == 0 {
			return result{}, fmt.Errorf("%s: no voice came before it to train on", voices[held].Name)
		}
		start := time.Now()
		m, vocab := fit(others, cfg.MinDocs, cfg.Train)
		binary := fitBinary(others, vocab, cfg.Train)
		res.TrainTime += time.Since(start)
		known := map[string]bool{}
		for _, c := range m.Classes {
			known[c] = true
		}
		t := tally{Voice: voices[held].Name, Contract: voices[held].Contract, Cold: cold, TrainedOn: trainedOn, Features: len(vocab), Classes: len(m.Classes),
			ModelBytes: m.bytes() + vocab.bytes(), BinaryBytes: vocab.bytes()}
		for _, b := range binary {
			t.BinaryBytes += b.bytes()
		}
		probs := make([][]float64, len(read[held]))
		before := cpuTime()
		for i, r := range read[held] {
			probs[i] = m.probabilities(vocab.read(readText(r.Text)))
		}
		res.PredictCPU += time.Duration(cpuTime() - before)
		yes := make([]map[string]float64, len(read[held]))
		before = cpuTime()
		for i, r := range read[held] {
			x := vocab.read(readText(r.Text))
			yes[i] = map[string]float64{}
			for a, b := range binary {
				yes[i][a] = b.probabilities(x)[1]
			}
		}
		res.BinaryCPU += time.Duration(cpuTime() - before)
		for i, r := range read[held] {
			v := verdict{Reading: r, Asked: m.asked(probs[i]), Binary: yes[i]}
			for c, p := range probs[i] {
				if p > v.Probability {
					v.Learned, v.Probability = m.Classes[c], p
				}
			}
			res.Verdicts = append(res.Verdicts, v)
			t.score(v, known, cfg.Threshold)
		}
		res.Folds = append(res.Folds, t)
	}
	return res, nil
}

// fit trains the learned reading on the given commands.
func fit(rs []reading, minDocs int, cfg trainConfig) (*model, vocabulary) {
	docs := make([][]string, len(rs))
	for i, r := range rs {
		docs[i] = r.Features
	}
	vocab := newVocabulary(docs, minDocs)
	var classes []string
	for _, r := range rs {
		classes = append(classes, intentOf(r.Expected))
	}
	slices.Sort(classes)
	classes = slices.Compact(classes)
	xs := make([]sparse, len(rs))
	ys := make([]int, len(rs))
	for i, r := range rs {
		xs[i] = vocab.vector(r.Features)
		ys[i], _ = slices.BinarySearch(classes, intentOf(r.Expected))
	}
	return train(xs, ys, classes, len(vocab), cfg), vocab
}

// fitBinary trains, for each destructive action, a two-class model of
// whether a command asks for it, over the intent model's features.
func fitBinary(rs []reading, vocab vocabulary, cfg trainConfig) map[string]*model {
	xs := make([]sparse, len(rs))
	for i, r := range rs {
		xs[i] = vocab.vector(r.Features)
	}
	out := map[string]*model{}
	for a := range destructive {
		ys := make([]int, len(rs))
		for i, r := range rs {
			if slices.Contains(r.Expected, a) {
				ys[i] = 1
			}
		}
		out[a] = train(xs, ys, []string{"no", a}, len(vocab), cfg)
	}
	return out
}

// score counts one left-out command.
func (t *tally) score(v verdict, known map[string]bool, threshold float64) {
	r, learned := v.Reading, v.Learned
	want := intentOf(r.Expected)
	t.N++
	if len(r.Expected) > 0 {
		t.Plans++
	}
	if !known[want] {
		t.Unseen++
	}
	if intentOf(r.Ruled) == want {
		t.RulesIntent++
	}
	if learned == want {
		t.LearnedIntent++
		if intentOf(r.Ruled) != want {
			t.LearnedFixes++
		}
	}
	if plancorpus.Mismatch(r.Expect, r.Rules) != "" {
		switch {
		case intentOf(r.Ruled) != want:
			t.FailIntent++
		case !slices.Equal(r.Ruled, r.Expected):
			t.FailOrder++
		default:
			t.FailSlot++
		}
	}
	emitted := r.Rules != nil
	t.Rules.count(r, emitted)
	t.Agree.count(r, emitted && intentOf(r.Ruled) == learned)
	t.Guard.count(r, emitted && guarded(r.Ruled, v.Asked, threshold))
	t.Binary.count(r, emitted && guarded(r.Ruled, v.Binary, threshold))
	for i, th := range sweep {
		t.Sweep[i].count(r, emitted && guarded(r.Ruled, v.Asked, th))
		t.BinarySweep[i].count(r, emitted && guarded(r.Ruled, v.Binary, th))
	}
}

// guarded reports a rules plan whose every destructive action the
// learned reading says the command asks for with a probability of at
// least threshold.
func guarded(ruled []string, asked map[string]float64, threshold float64) bool {
	for _, a := range ruled {
		if destructive[a] && asked[a] < threshold {
			return false
		}
	}
	return true
}

func share(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", float64(n)/float64(of))
}

// write prints the table: a line per voice left out (marked «cold»
// when the rules' plans are those of the planner before the file was
// written), the total, and the totals of the cold files and the others.
func (res result) write(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "voice left out\tv\ttrained on\tcmds\tunseen\tintent rules\tintent learned\trules pass\tfail set/order/slot\t"+
		"rules P\trules R\tunasked\tagree P\tagree R\tunasked\tguard P\tguard R\tunasked\tbinary P\tbinary R\tunasked\t")
	line := func(t tally) {
		name := t.Voice
		if t.Cold {
			name += " (cold)"
		}
		contract, trainedOn := "-", "-"
		if t.TrainedOn > 0 {
			contract, trainedOn = fmt.Sprint(t.Contract), fmt.Sprint(t.TrainedOn)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%d/%d/%d\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\t%d\t\n",
			name, contract, trainedOn, t.N, t.Unseen, share(t.RulesIntent, t.N), share(t.LearnedIntent, t.N), share(t.Rules.Pass, t.N),
			t.FailIntent, t.FailOrder, t.FailSlot,
			share(t.Rules.Right, t.Rules.Emitted), share(t.Rules.Right, t.Plans), t.Rules.Unasked,
			share(t.Agree.Right, t.Agree.Emitted), share(t.Agree.Right, t.Plans), t.Agree.Unasked,
			share(t.Guard.Right, t.Guard.Emitted), share(t.Guard.Right, t.Plans), t.Guard.Unasked,
			share(t.Binary.Right, t.Binary.Emitted), share(t.Binary.Right, t.Plans), t.Binary.Unasked)
	}
	all, cold, warm := tally{Voice: "all"}, tally{Voice: "rules cold"}, tally{Voice: "rules as now"}
	bytes, binaryBytes, features, classes := 0, 0, 0, 0
	for _, t := range res.Folds {
		line(t)
		all.add(t)
		if t.Cold {
			cold.add(t)
		} else {
			warm.add(t)
		}
		bytes = max(bytes, t.ModelBytes)
		binaryBytes = max(binaryBytes, t.BinaryBytes)
		features = max(features, t.Features)
		classes = max(classes, t.Classes)
	}
	totals := []tally{all}
	if cold.N > 0 {
		totals = append(totals, cold, warm)
	}
	for _, t := range totals {
		line(t)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nintent = the set of actions a plan holds, %q for no plan; P = right plans / plans given, R = right plans / commands expecting one;\n"+
		"unasked = wrong plans holding a destructive action the expectation has not; agree = the rules' plan only when its intent is the learned one;\n"+
		"guard = the rules' plan unless it holds a destructive action the learned intent gives a probability below %.2f; binary = the same by a two-class model of each destructive action\n", noPlan, res.Threshold)
	for _, t := range totals {
		fmt.Fprintf(w, "\n%s: %d commands, %d expecting a plan; intent right: rules %d, learned %d (%d with an intent no training voice has);\n"+
			"  of the %d the rules read wrong, the learned reading has %d right\n"+
			"  rules' plans right %d, wrong %d: the set of actions %d, their order or count %d, params only %d\n",
			t.Voice, t.N, t.Plans, t.RulesIntent, t.LearnedIntent, t.Unseen, t.N-t.RulesIntent, t.LearnedFixes,
			t.Rules.Pass, t.N-t.Rules.Pass, t.FailIntent, t.FailOrder, t.FailSlot)
		for _, g := range []struct {
			name string
			g    gate
		}{{"rules", t.Rules}, {"agree", t.Agree}, {"guard", t.Guard}, {"binary", t.Binary}} {
			fmt.Fprintf(w, "  %-6s plans given %d, right %d (%d with a destructive step), wrong %d (unasked destructive %d); precision %s, recall %s; commands right %d\n",
				g.name, g.g.Emitted, g.g.Right, g.g.Razing, g.g.Wrong, g.g.Unasked, share(g.g.Right, g.g.Emitted), share(g.g.Right, t.Plans), g.g.Pass)
		}
		for i, th := range sweep {
			for _, g := range []struct {
				name string
				g    gate
			}{{"guard", t.Sweep[i]}, {"binary", t.BinarySweep[i]}} {
				fmt.Fprintf(w, "  %-6s at %.2f: plans given %d, right %d, wrong %d (unasked destructive %d); recall %s\n",
					g.name, th, g.g.Emitted, g.g.Right, g.g.Wrong, g.g.Unasked, share(g.g.Right, t.Plans))
			}
		}
	}
	fmt.Fprintf(w, "\nintent model: at most %d features x %d intents, %d bytes (float32 weights, feature strings, intent names); the %d two-class models: %d bytes\n",
		features, classes, bytes, len(destructive), binaryBytes)
	if all.N > 0 {
		fmt.Fprintf(w, "CPU per command (normal form, features, scores): intent model %.1f µs, two-class models %.1f µs; training %.1f s per fold (wall time)\n",
			float64(res.PredictCPU.Nanoseconds())/1e3/float64(all.N), float64(res.BinaryCPU.Nanoseconds())/1e3/float64(all.N),
			res.TrainTime.Seconds()/float64(len(res.Folds)))
	}
}

// writeUnasked lists the rules' wrong plans holding an unasked
// destructive action, and whether each gate stopped them.
func (res result) writeUnasked(w io.Writer) {
	for _, v := range res.Verdicts {
		r := v.Reading
		if r.Rules == nil || plancorpus.Mismatch(r.Expect, r.Rules) == "" || !unaskedDestruction(r.Ruled, r.Expected) {
			continue
		}
		var doubt []string
		for _, a := range r.Ruled {
			if destructive[a] {
				doubt = append(doubt, fmt.Sprintf("%s %.2f, two-class %.2f", a, v.Asked[a], v.Binary[a]))
			}
		}
		fmt.Fprintf(w, "%s %s: %s\n  expected %s, rules %s, learned %s (%.2f; %s); stopped by agree %t, guard %t, binary %t\n",
			r.Voice, r.ID, r.Text, intentOf(r.Expected), strings.Join(r.Ruled, ","), v.Learned, v.Probability, strings.Join(doubt, "; "),
			intentOf(r.Ruled) != v.Learned, !guarded(r.Ruled, v.Asked, res.Threshold), !guarded(r.Ruled, v.Binary, res.Threshold))
	}
}

// cpuTime is the CPU time the process has used, in nanoseconds (user
// and system, garbage collection included).
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
