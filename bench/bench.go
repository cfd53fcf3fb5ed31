// Package bench is the library of the load tool, cmd/arshline-load: N
// concurrent socket clients run a mix of calls against a live daemon for a
// duration or a count, and the results are printed next to two baselines measured
// in the same run on the same machine — a raw Unix-socket echo round trip
// and the disk's fsync rate — because a figure means little without them.
package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/arshline/arshline-sidecar/internal/filltest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// Options configure one run.
type Options struct {
	Socket   string
	Clients  int
	Duration time.Duration
	Count    int            // total calls; overrides Duration when > 0
	Mix      map[string]int // method → weight
	FsyncDir string         // where to measure fsync (the database's directory)
	Seed     int64
}

// DefaultMix exercises every hot method.
var DefaultMix = map[string]int{"system.health": 1, "plan.validate": 1, "ai.plan": 1, "ai.execute": 1, "forms.get": 1}

// ParseMix reads "system.health=3,ai.execute=1" (weight defaults to 1).
func ParseMix(s string) (map[string]int, error) {
	mix := map[string]int{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, weight, found := strings.Cut(part, "=")
		w := 1
		if found {
			if _, err := fmt.Sscanf(weight, "%d", &w); err != nil || w < 1 {
				return nil, fmt.Errorf("mix: weight of %s must be a positive integer", name)
			}
		}
		if _, ok := calls[name]; !ok {
			return nil, fmt.Errorf("mix: unknown method %q (known: %s)", name, strings.Join(knownMethods(), ", "))
		}
		mix[name] = w
	}
	if len(mix) == 0 {
		return nil, fmt.Errorf("mix: empty")
	}
	return mix, nil
}

// MethodStats is what one method did.
type MethodStats struct {
	Method     string  `json:"method"`
	Calls      int     `json:"calls"`
	Errors     int     `json:"errors"`
	PerSecond  float64 `json:"per_second"`
	P50us      float64 `json:"p50_us"`
	P90us      float64 `json:"p90_us"`
	P99us      float64 `json:"p99_us"`
	MaxUs      float64 `json:"max_us"`
	FirstError string  `json:"first_error,omitempty"`
}

// Report is a whole run.
type Report struct {
	Clients     int           `json:"clients"`
	Seconds     float64       `json:"seconds"`
	Methods     []MethodStats `json:"methods"`
	Echo        EchoResult    `json:"echo"`
	FsyncPerSec float64       `json:"fsync_per_second"`
	// CPUSeconds is this process's own CPU time (user and system) while
	// the calls ran, the baselines left out: what the load itself cost
	// the machine the daemon shares.
	CPUSeconds float64 `json:"cpu_seconds"`
	// Ratios relate each method to the baselines: p50 over the echo p50,
	// and calls per second over fsyncs per second.
	Ratios map[string]Ratio `json:"ratios"`
}

// Ratio puts a method's figures next to the baselines.
type Ratio struct {
	P50OverEcho    float64 `json:"p50_over_echo_p50"`
	RateOverEcho   float64 `json:"rate_over_echo_rate"`
	RateOverFsync  float64 `json:"rate_over_fsync_rate"`
	P99OverEchoP99 float64 `json:"p99_over_echo_p99"`
}

// caller is one method's call on a client.
type caller func(ctx context.Context, c *syncClient, st *state) error

// state holds what calls need and set up once: a form to read, plans.
type state struct {
	formID       int64
	formParams   json.RawMessage
	submitParams json.RawMessage
}

// validPrefix is how the daemon's report of a valid arshline plan begins;
// a report that does not begin so is decoded before it is judged.
var validPrefix = []byte(`{"contract":"arshline-plan/v1","valid":true,`)

var calls = map[string]caller{
	"system.health": func(ctx context.Context, c *syncClient, _ *state) error {
		_, err := c.Call(ctx, "system.health", nil)
		return err
	},
	"plan.validate": func(ctx context.Context, c *syncClient, _ *state) error {
		raw, err := c.Call(ctx, "plan.validate", validateParams)
		if err != nil || bytes.HasPrefix(raw, validPrefix) {
			return err
		}
		var r struct {
			Valid bool `json:"valid"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return err
		}
		if !r.Valid {
			return fmt.Errorf("the 5-step plan was reported invalid")
		}
		return nil
	},
	"ai.plan": func(ctx context.Context, c *syncClient, _ *state) error {
		_, err := c.Call(ctx, "ai.plan", planParams)
		return err
	},
	"ai.execute": func(ctx context.Context, c *syncClient, _ *state) error {
		_, err := c.Call(ctx, "ai.execute", executeParams)
		return err
	},
	"forms.get": func(ctx context.Context, c *syncClient, st *state) error {
		_, err := c.Call(ctx, "forms.get", st.formParams)
		return err
	},
	// A respondent's ten answers to the published ten-question form; the
	// daemon must run with the spam defences off (--submit-min-fill 0,
	// --submit-per-client-per-minute 0, --submit-per-form-per-minute 0,
	// --form-token-reuse: every call sends the same form token).
	"submissions.submit": func(ctx context.Context, c *syncClient, st *state) error {
		_, err := c.Call(ctx, "submissions.submit", st.submitParams)
		return err
	},
}

func knownMethods() []string {
	var names []string
	for n := range calls {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

var fiveStepPlan = json.RawMessage(`{"version":1,"steps":[
{"action":"create_form","params":{"title":"سنجش رضایت"}},
{"action":"add_field","params":{"type":"short_text","question":"نام شما"}},
{"action":"add_field","params":{"type":"rating","required":true}},
{"action":"add_field","params":{"type":"multiple_choice","question":"کدام شعبه؟","index":0}},
{"action":"update_form_title","params":{"id":3,"title":"سنجش رضایت مشتریان"}}]}`)

var threeStepPlan = json.RawMessage(`{"version":1,"steps":[
{"action":"create_form","params":{"title":"چکاپ سه"}},
{"action":"add_field","params":{"type":"short_text"}},
{"action":"add_field","params":{"type":"short_text"}}]}`)

// The params of the calls that never change, encoded once.
var (
	validateParams = mustEncode(map[string]any{"contract": "arshline-plan/v1", "plan": fiveStepPlan})
	planParams     = mustEncode(map[string]any{"text": "یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار", "mode": "internal"})
	executeParams  = mustEncode(map[string]any{"plan": threeStepPlan, "confirm": true})
)

// publishForSubmissions creates and publishes filltest.TenQuestionForm and
// returns submissions.submit's params for it.
func publishForSubmissions(ctx context.Context, c *rpc.Client) (json.RawMessage, error) {
	var created struct {
		Form struct {
			ID int64 `json:"id"`
		} `json:"form"`
	}
	if err := c.Call(ctx, "forms.create", map[string]any{"title": "سنجش رضایت"}, &created); err != nil {
		return nil, err
	}
	if err := c.Call(ctx, "forms.update", map[string]any{"id": created.Form.ID, "document": filltest.TenQuestionForm}, nil); err != nil {
		return nil, err
	}
	var pub struct {
		Form struct {
			PublicToken string `json:"public_token"`
		} `json:"form"`
	}
	if err := c.Call(ctx, "forms.set_status", map[string]any{"id": created.Form.ID, "status": "published"}, &pub); err != nil {
		return nil, err
	}
	var pf struct {
		FormToken string `json:"form_token"`
	}
	if err := c.Call(ctx, "forms.public", map[string]any{"token": pub.Form.PublicToken}, &pf); err != nil {
		return nil, err
	}
	return mustEncode(map[string]any{"token": pub.Form.PublicToken, "form_token": pf.FormToken, "answers": filltest.TenAnswers,
		"client": map[string]any{"ip_hash": "load"}}), nil
}

func mustEncode(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// tally is what one client saw of one method. Latencies are kept in a
// pointer-free slice: a run records hundreds of thousands of them, and
// the collector need not scan what holds no pointers.
type tally struct {
	latencies  []time.Duration // of successful calls
	errors     int
	firstError string
}

// Run performs the load run and the baselines.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Clients < 1 {
		o.Clients = 1
	}
	if len(o.Mix) == 0 {
		o.Mix = DefaultMix
	}
	if o.Duration <= 0 && o.Count <= 0 {
		o.Duration = 5 * time.Second
	}
	st := &state{}
	setup, err := rpc.Dial(ctx, o.Socket)
	if err != nil {
		return nil, err
	}
	var created struct {
		Form struct {
			ID int64 `json:"id"`
		} `json:"form"`
	}
	if _, ok := o.Mix["forms.get"]; ok {
		if err := setup.Call(ctx, "forms.create", map[string]any{"title": "bench"}, &created); err != nil {
			setup.Close()
			return nil, fmt.Errorf("setup (forms.create): %w", err)
		}
		st.formID = created.Form.ID
		st.formParams = mustEncode(map[string]any{"id": st.formID})
	}
	if _, ok := o.Mix["submissions.submit"]; ok {
		if st.submitParams, err = publishForSubmissions(ctx, setup); err != nil {
			setup.Close()
			return nil, fmt.Errorf("setup (submissions): %w", err)
		}
	}
	setup.Close()

	var names []string
	for n := range o.Mix {
		names = append(names, n)
	}
	sort.Strings(names)
	var wheel []int // indices into names, each repeated by its weight
	callers := make([]caller, len(names))
	for i, n := range names {
		callers[i] = calls[n]
		for j := 0; j < o.Mix[n]; j++ {
			wheel = append(wheel, i)
		}
	}

	runCtx := ctx
	var cancel context.CancelFunc = func() {}
	if o.Count <= 0 {
		runCtx, cancel = context.WithTimeout(ctx, o.Duration)
	}
	defer cancel()
	var remaining = make(chan struct{}, max(o.Count, 0))
	for i := 0; i < o.Count; i++ {
		remaining <- struct{}{}
	}
	close(remaining)

	results := make([][]tally, o.Clients)
	var wg sync.WaitGroup
	cpu0 := cpuSeconds()
	start := time.Now()
	var dialErr error
	var dialMu sync.Mutex
	for w := 0; w < o.Clients; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c, err := dialSync(ctx, o.Socket)
			if err != nil {
				dialMu.Lock()
				dialErr = err
				dialMu.Unlock()
				return
			}
			defer c.Close()
			rng := rand.New(rand.NewSource(o.Seed + int64(w)))
			local := make([]tally, len(names))
			for i := range local {
				local[i].latencies = make([]time.Duration, 0, 4096)
			}
			for {
				if o.Count > 0 {
					if _, ok := <-remaining; !ok {
						break
					}
				} else if runCtx.Err() != nil {
					break
				}
				m := wheel[rng.Intn(len(wheel))]
				t0 := time.Now()
				err := callers[m](ctx, c, st)
				d := time.Since(t0)
				t := &local[m]
				if err != nil {
					if t.errors++; t.firstError == "" {
						t.firstError = err.Error()
					}
					continue
				}
				t.latencies = append(t.latencies, d)
			}
			results[w] = local
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuSeconds() - cpu0
	if dialErr != nil {
		return nil, dialErr
	}

	rep := &Report{Clients: o.Clients, Seconds: elapsed.Seconds(), CPUSeconds: cpu, Ratios: map[string]Ratio{}}
	for i, n := range names {
		var all tally
		for _, r := range results {
			t := r[i]
			all.latencies = append(all.latencies, t.latencies...)
			all.errors += t.errors
			if all.firstError == "" {
				all.firstError = t.firstError
			}
		}
		rep.Methods = append(rep.Methods, summarize(n, all, elapsed))
	}
	rep.Echo, err = MeasureEcho(ctx, 2000, o.Clients, time.Second)
	if err != nil {
		return nil, fmt.Errorf("echo baseline: %w", err)
	}
	rep.FsyncPerSec, err = MeasureFsync(o.FsyncDir, time.Second)
	if err != nil {
		return nil, fmt.Errorf("fsync baseline: %w", err)
	}
	for _, m := range rep.Methods {
		r := Ratio{}
		if rep.Echo.P50us > 0 {
			r.P50OverEcho = round2(m.P50us / rep.Echo.P50us)
			r.P99OverEchoP99 = round2(m.P99us / rep.Echo.P99us)
		}
		if rep.Echo.PerSecond > 0 {
			r.RateOverEcho = round2(m.PerSecond / rep.Echo.PerSecond)
		}
		if rep.FsyncPerSec > 0 {
			r.RateOverFsync = round2(m.PerSecond / rep.FsyncPerSec)
		}
		rep.Ratios[m.Method] = r
	}
	return rep, nil
}

func summarize(name string, t tally, elapsed time.Duration) MethodStats {
	ds := t.latencies
	st := MethodStats{Method: name, Calls: len(ds) + t.errors, Errors: t.errors, FirstError: t.firstError}
	slices.Sort(ds)
	st.PerSecond = round2(float64(len(ds)) / elapsed.Seconds())
	st.P50us = us(percentile(ds, 0.50))
	st.P90us = us(percentile(ds, 0.90))
	st.P99us = us(percentile(ds, 0.99))
	if len(ds) > 0 {
		st.MaxUs = us(ds[len(ds)-1])
	}
	return st
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	i := int(float64(len(ds)-1) * p)
	return ds[i]
}

func us(d time.Duration) float64 { return round2(float64(d) / float64(time.Microsecond)) }

func round2(f float64) float64 { return float64(int64(f*100+0.5)) / 100 }

// Print writes the report for people.
func (r *Report) Print(w io.Writer) {
	fmt.Fprintf(w, "clients: %d, %.1f s\n", r.Clients, r.Seconds)
	fmt.Fprintf(w, "%-14s %9s %7s %10s %9s %9s %9s %9s %9s %9s %9s\n", "method", "calls", "errors", "calls/s", "p50 µs", "p90 µs", "p99 µs", "max µs", "p50/echo", "rate/echo", "rate/fsync")
	for _, m := range r.Methods {
		ra := r.Ratios[m.Method]
		fmt.Fprintf(w, "%-14s %9d %7d %10.0f %9.0f %9.0f %9.0f %9.0f %9.2f %9.2f %9.2f\n", m.Method, m.Calls, m.Errors, m.PerSecond, m.P50us, m.P90us, m.P99us, m.MaxUs, ra.P50OverEcho, ra.RateOverEcho, ra.RateOverFsync)
		if m.FirstError != "" {
			fmt.Fprintf(w, "  first error: %s\n", m.FirstError)
		}
	}
	fmt.Fprintf(w, "load tool CPU: %.3f s over the calls\n", r.CPUSeconds)
	fmt.Fprintf(w, "baseline: raw unix-socket echo round trip p50 %.1f µs, p99 %.1f µs; %.0f round trips/s with %d clients; fsync %.0f/s\n", r.Echo.P50us, r.Echo.P99us, r.Echo.PerSecond, r.Echo.Clients, r.FsyncPerSec)
}

// cpuSeconds is the CPU time (user and system) this process has spent,
// 0 where getrusage fails.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}
