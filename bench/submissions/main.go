// Command submissions measures results and exports on a large answered
// form: it fills a store with N submissions of a ten-field Persian form
// (internal/filltest, the product's write path), starts arshlined on it, and
// reports results.summary latency, submission page and search latency,
// export rows per second with the daemon's and the CLI's peak memory,
// and the bytes on disk per submission.
//
//	go run ./bench/submissions [-dir /tmp/arshline-1m] [-n 1000000] [-days 365]
//
// The store is kept in -dir and reused by the next run (-refill writes it
// again); it never belongs in the repository.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/internal/filltest"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "submissions:", err)
		os.Exit(1)
	}
}

type config struct {
	dir        string
	n, days    int
	runs       int
	refill     bool
	skipExport bool
	fillOnly   bool
}

func run() error {
	var c config
	flag.StringVar(&c.dir, "dir", "/tmp/arshline-1m", "where the store, the binaries and the exports go")
	flag.IntVar(&c.n, "n", 1_000_000, "submissions")
	flag.IntVar(&c.days, "days", 365, "days they are spread over, ending today")
	flag.IntVar(&c.runs, "runs", 200, "calls per latency figure")
	flag.BoolVar(&c.refill, "refill", false, "write the store again even if -dir has one")
	flag.BoolVar(&c.skipExport, "skip-export", false, "measure latencies only")
	flag.BoolVar(&c.fillOnly, "fill-only", false, "write the store and report its size only")
	flag.Parse()
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		return err
	}
	dbPath := filepath.Join(c.dir, "d.db")
	ctx := context.Background()
	formID, err := ensureStore(ctx, c, dbPath)
	if err != nil {
		return err
	}
	if err := diskReport(dbPath, c.n); err != nil || c.fillOnly {
		return err
	}
	bin := filepath.Join(c.dir, "bin")
	for _, cmd := range []string{"arshlined", "arshlinectl"} {
		if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, cmd), "./cmd/"+cmd).CombinedOutput(); err != nil {
			return fmt.Errorf("build %s: %v\n%s", cmd, err, out)
		}
	}
	sock := filepath.Join(c.dir, "d.sock")
	daemon := exec.Command(filepath.Join(bin, "arshlined"), "--socket", sock, "--db", dbPath, "--log-dir", filepath.Join(c.dir, "logs"), "--log-level", "WARN")
	daemon.Stderr = os.Stderr
	if err := daemon.Start(); err != nil {
		return err
	}
	defer func() {
		daemon.Process.Signal(syscall.SIGTERM)
		daemon.Wait()
	}()
	client, err := dial(ctx, sock)
	if err != nil {
		return err
	}
	defer client.Close()
	fmt.Printf("\nlatency over %d calls (µs): p50, p90, max\n", c.runs)
	to := domain.IranDay(time.Now())
	daysAgo := func(n int) string {
		return time.Now().AddDate(0, 0, -n).In(time.FixedZone("IRST", 12600)).Format("2006-01-02")
	}
	for _, m := range []struct {
		name   string
		method string
		params map[string]any
	}{
		{"results.summary (all days)", "results.summary", map[string]any{"form_id": formID}},
		{"results.summary (last 30 days)", "results.summary", map[string]any{"form_id": formID, "from": daysAgo(29), "to": to}},
		{"results.summary (last 180 days)", "results.summary", map[string]any{"form_id": formID, "from": daysAgo(179), "to": to}},
		{"results.summary (days 300 to 100 ago)", "results.summary", map[string]any{"form_id": formID, "from": daysAgo(300), "to": daysAgo(100)}},
	} {
		if err := latency(c.runs, m.name, func() error { return client.Call(ctx, m.method, m.params, nil) }); err != nil {
			return err
		}
	}
	if err := listLatency(ctx, c, client, dbPath, formID); err != nil {
		return err
	}
	if c.skipExport {
		return nil
	}
	fmt.Println("\nexports (arshlinectl export FORM_ID --format F > FILE)")
	for _, format := range []string{"csv", "xlsx"} {
		if err := exportRun(c, bin, sock, daemon.Process.Pid, formID, format); err != nil {
			return err
		}
	}
	return nil
}

// ensureStore fills the store unless -dir holds one already, and returns
// the answered form's id.
func ensureStore(ctx context.Context, c config, dbPath string) (int64, error) {
	idFile := dbPath + ".form"
	if b, err := os.ReadFile(idFile); err == nil && !c.refill {
		return strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	}
	for _, suffix := range []string{"", "-wal", "-shm", ".form"} {
		os.Remove(dbPath + suffix)
	}
	// synchronous=OFF: the store is a throwaway, written as fast as the
	// write path allows; what is measured afterwards runs with FULL.
	db, err := sqlstore.Open(ctx, dbPath, sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		return 0, err
	}
	start := time.Now()
	id, err := filltest.Form(ctx, db, filltest.Options{N: c.n, Days: c.days, SpamEvery: 50, Seed: 1,
		Progress: func(done int) {
			if el := time.Since(start); done%(c.n/10+1) < c.n/c.days+1 {
				fmt.Fprintf(os.Stderr, "  %d submissions, %.0f/s\n", done, float64(done)/el.Seconds())
			}
		}})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	el := time.Since(start)
	fmt.Printf("filled %d submissions over %d days in %s (%.0f/s)\n", c.n, c.days, el.Round(time.Second), float64(c.n)/el.Seconds())
	return id, os.WriteFile(idFile, []byte(strconv.FormatInt(id, 10)), 0o600)
}

// diskReport prints the store's size per submission, in all and per
// table and index (SQLite's dbstat).
func diskReport(dbPath string, n int) error {
	var total int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(dbPath + suffix); err == nil {
			total += fi.Size()
		}
	}
	fmt.Printf("\non disk: %d bytes, %.0f bytes per submission\n", total, float64(total)/float64(n))
	raw, err := sql.Open("sqlite", "file:"+dbPath+"?mode=ro")
	if err != nil {
		return err
	}
	defer raw.Close()
	rows, err := raw.Query("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 12")
	if err != nil {
		fmt.Println("  (no dbstat:", err, ")")
		return nil
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var size int64
		if err := rows.Scan(&name, &size); err != nil {
			return err
		}
		fmt.Printf("  %-28s %12d bytes  %6.0f per submission\n", name, size, float64(size)/float64(n))
	}
	return rows.Err()
}

func dial(ctx context.Context, sock string) (*rpc.Client, error) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := rpc.Dial(ctx, sock)
		if err == nil {
			return c, nil
		}
		if time.Now().After(deadline) {
			return nil, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// latency runs fn runs times (after a few unmeasured calls) and prints
// its percentiles.
func latency(runs int, name string, fn func() error) error {
	for i := 0; i < 3; i++ {
		if err := fn(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	d := make([]time.Duration, runs)
	for i := range d {
		start := time.Now()
		if err := fn(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		d[i] = time.Since(start)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	fmt.Printf("  %-44s %8d %8d %8d\n", name, d[len(d)/2].Microseconds(), d[len(d)*9/10].Microseconds(), d[len(d)-1].Microseconds())
	return nil
}

// listLatency measures submissions.list's first and 1,000th page and a
// search: over the socket when the daemon serves the method, else the
// store's ListSubmissions in this process, on the same file.
func listLatency(ctx context.Context, c config, client *rpc.Client, dbPath string, formID int64) error {
	var newest int64
	raw, err := sql.Open("sqlite", "file:"+dbPath+"?mode=ro")
	if err != nil {
		return err
	}
	err = raw.QueryRow("SELECT max(id) FROM submissions WHERE form_id = ?", formID).Scan(&newest)
	raw.Close()
	if err != nil {
		return err
	}
	const limit = 50
	page1000 := newest - 999*limit + 1 // ids are dense: 999 pages of 50 newer than this
	queries := []struct {
		name   string
		params map[string]any
	}{
		{"submissions.list first page (50)", map[string]any{"form_id": formID, "limit": limit}},
		{"submissions.list 1,000th page (50)", map[string]any{"form_id": formID, "limit": limit, "before_id": page1000}},
		{"q=احمدی (in 1 of 10)", map[string]any{"form_id": formID, "limit": limit, "q": "احمدی"}},
		{"q=تهران دندان (two words, 1 in 36)", map[string]any{"form_id": formID, "limit": limit, "q": "تهران دندان"}},
		{"q=پارکینگ مهربان متشکرم (three words)", map[string]any{"form_id": formID, "limit": limit, "q": "پارکینگ مهربان متشکرم"}},
	}
	err = client.Call(ctx, "submissions.list", queries[0].params, nil)
	var re *rpc.Error
	if err == nil {
		for _, q := range queries {
			if err := latency(c.runs, q.name, func() error { return client.Call(ctx, "submissions.list", q.params, nil) }); err != nil {
				return err
			}
		}
		return nil
	}
	if !errors.As(err, &re) || re.Code != rpc.CodeMethodNotFound {
		return err
	}
	fmt.Println("  (submissions.list is not served yet: the store's ListSubmissions, in this process)")
	db, err := sqlstore.Open(ctx, dbPath, sqlstore.Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	for _, q := range queries {
		dq := domain.SubmissionQuery{SiteID: 1, FormID: formID, Limit: limit}
		if b, ok := q.params["before_id"].(int64); ok {
			dq.BeforeID = b
		}
		if s, ok := q.params["q"].(string); ok {
			dq.Q = s
		}
		if err := latency(c.runs, q.name, func() error {
			items, err := db.ListSubmissions(ctx, dq)
			if err == nil && len(items) == 0 {
				err = fmt.Errorf("no submissions for %+v", dq)
			}
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

// procStatus reads one kB figure (VmRSS, VmHWM) of a process.
func procStatus(pid int, key string) int64 {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// exportRun exports the form with arshlinectl into a file and reports
// rows per second, the CLI's peak RSS and how far the
// daemon's peak RSS rose above its RSS before the export (its peak is
// reset first, through /proc/PID/clear_refs).
func exportRun(c config, bin, sock string, daemonPid int, formID int64, format string) error {
	out := filepath.Join(c.dir, "export."+format)
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer os.Remove(out)
	os.WriteFile("/proc/"+strconv.Itoa(daemonPid)+"/clear_refs", []byte("5"), 0)
	before := procStatus(daemonPid, "VmRSS")
	cmd := exec.Command(filepath.Join(bin, "arshlinectl"), "--socket", sock, "export", strconv.FormatInt(formID, 10), "--format", format)
	cmd.Stdout, cmd.Stderr = f, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	// The CLI's peak RSS, read from /proc while it runs (VmHWM only
	// grows): getrusage cannot tell it, because a child's ru_maxrss
	// starts from its parent's, this measuring process's, peak.
	var cli int64
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for waiting := true; waiting; {
		select {
		case err = <-exited:
			waiting = false
		case <-time.After(20 * time.Millisecond):
			cli = max(cli, procStatus(cmd.Process.Pid, "VmHWM"))
		}
	}
	el := time.Since(start)
	f.Close()
	if err != nil {
		return fmt.Errorf("export %s: %w", format, err)
	}
	peak := procStatus(daemonPid, "VmHWM")
	fi, _ := os.Stat(out)
	rows, err := countRows(out, format)
	if err != nil {
		return err
	}
	fmt.Printf("  %-5s %d rows in %.1f s: %.0f rows/s, %d bytes; daemon RSS %d kB → peak %d kB (+%.1f MB); CLI peak RSS %.1f MB\n",
		format, rows, el.Seconds(), float64(rows)/el.Seconds(), fi.Size(), before, peak, float64(peak-before)/1024, float64(cli)/1024)
	return nil
}

// countRows counts the data rows of an export: CSV lines after the
// header; for XLSX the submissions exported, which the CSV run counted.
func countRows(path, format string) (int, error) {
	if format != "csv" {
		return lastCSVRows, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	n := 0
	for {
		k, err := f.Read(buf)
		for _, b := range buf[:k] {
			if b == '\n' {
				n++
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	// Comments may hold line breaks inside quotes; the fill writes none.
	lastCSVRows = n - 1
	return lastCSVRows, nil
}

var lastCSVRows int
