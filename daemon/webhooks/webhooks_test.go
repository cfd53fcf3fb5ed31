package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func openStore(t *testing.T, path string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// enqueue writes one delivery per URL, as the submission path does.
func enqueue(t *testing.T, db *sqlstore.DB, sub int64, urls ...string) []*domain.OutboxEntry {
	t.Helper()
	return enqueueSite(t, db, 1, sub, urls...)
}

// enqueueSite is enqueue for a submission of site.
func enqueueSite(t *testing.T, db *sqlstore.DB, site, sub int64, urls ...string) []*domain.OutboxEntry {
	t.Helper()
	var entries []*domain.OutboxEntry
	for _, u := range urls {
		payload := fmt.Sprintf(`{"event":"submission.created","form_id":9,"submission_id":%d,"tracking_code":"AB12CD","answers":[{"field":"f1","type":"text","value":"پاسخ محرمانه"}]}`, sub)
		entries = append(entries, &domain.OutboxEntry{SiteID: site, FormID: 9, SubmissionID: sub, URL: u, Payload: json.RawMessage(payload)})
	}
	err := db.Update(context.Background(), func(tx domain.FormTx) error {
		return tx.(*sqlstore.Tx).EnqueueWebhooks(entries...)
	})
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// row is an outbox row as the database holds it.
type row struct {
	attempts  int
	next      string
	delivered bool
	lastErr   string
}

func readRow(t *testing.T, db *sqlstore.DB, id int64) row {
	t.Helper()
	raw, err := sql.Open("sqlite", db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var r row
	var delivered, lastErr sql.NullString
	if err := raw.QueryRow("SELECT attempts, next_attempt_at, delivered_at, last_error FROM webhook_outbox WHERE id = ?", id).
		Scan(&r.attempts, &r.next, &delivered, &lastErr); err != nil {
		t.Fatal(err)
	}
	r.delivered, r.lastErr = delivered.Valid, lastErr.String
	return r
}

// delivery is one POST a receiver got.
type delivery struct {
	id, ts, sig, ctype, url string
	body                    []byte
}

// receiver is a webhook receiver on loopback; answer decides each reply
// (n counts the requests, from 1).
type receiver struct {
	*httptest.Server
	mu  sync.Mutex
	got []delivery
}

func newReceiver(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *receiver {
	rc := &receiver{}
	rc.Server = httptest.NewServer(rc.handler(answer))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) handler(answer func(n int, w http.ResponseWriter, r *http.Request)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		rc.mu.Lock()
		rc.got = append(rc.got, delivery{url: scheme + "://" + r.Host + r.URL.RequestURI(), id: r.Header.Get(HeaderDelivery), ts: r.Header.Get(HeaderTimestamp),
			sig: r.Header.Get(HeaderSignature), ctype: r.Header.Get("Content-Type"), body: body})
		n := len(rc.got)
		rc.mu.Unlock()
		if answer != nil {
			answer(n, w, r)
		}
	})
}

func (rc *receiver) deliveries() []delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]delivery(nil), rc.got...)
}

// verify checks a delivery the way a receiver must: the v2 signature
// over "<delivery id>\n<timestamp>\n<URL>\n<body>" with the site's
// secret, compared in constant time, and a timestamp within five minutes.
func verify(secret string, d delivery) error {
	sig, ok := strings.CutPrefix(d.sig, "v2=")
	if !ok {
		return fmt.Errorf("signature header %q lacks v2=", d.sig)
	}
	got, err := hex.DecodeString(sig)
	if err != nil {
		return err
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(d.id + "\n" + d.ts + "\n" + d.url + "\n" + string(d.body)))
	if !hmac.Equal(got, mac.Sum(nil)) {
		return fmt.Errorf("signature %s does not match the delivery", sig)
	}
	ts, err := strconv.ParseInt(d.ts, 10, 64)
	if err != nil || time.Since(time.Unix(ts, 0)).Abs() > 5*time.Minute {
		return fmt.Errorf("timestamp %q is not within five minutes", d.ts)
	}
	return nil
}

func fast(db *sqlstore.DB) Config {
	// The timeout leaves a loaded machine room to answer in time.
	return Config{Store: db, AllowLoopback: true, Poll: 50 * time.Millisecond, Timeout: time.Second,
		RetryBase: 50 * time.Millisecond, RetryMax: 200 * time.Millisecond}
}

func start(t *testing.T, cfg Config) *Worker {
	w := New(cfg)
	go w.Run(context.Background())
	t.Cleanup(w.Close)
	return w
}

func waitFor(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestDeliveredOnceSignedAndLoggedWithoutPayload(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openStore(t, filepath.Join(dir, "w.db"))
	secret, err := db.WebhookSecret(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	rc := newReceiver(t, nil)
	events, err := logx.Open(logx.Config{Dir: filepath.Join(dir, "logs"), Level: slog.LevelDebug})
	if err != nil {
		t.Fatal(err)
	}
	cfg := fast(db)
	cfg.Events = events
	// Only Notify can bring the delivery out before the test ends.
	cfg.Poll = time.Hour
	w := start(t, cfg)
	e := enqueue(t, db, 41, rc.URL+"/hooks/s3cr3t-path?token=abc")[0]
	w.Notify()
	waitFor(t, "the delivery", 5*time.Second, func() bool { return readRow(t, db, e.ID).delivered })
	time.Sleep(150 * time.Millisecond) // room for a second POST, which must not come
	got := rc.deliveries()
	if len(got) != 1 {
		t.Fatalf("receiver got %d deliveries, want 1", len(got))
	}
	d := got[0]
	if err := verify(secret, d); err != nil {
		t.Fatal(err)
	}
	if d.id != strconv.FormatInt(e.ID, 10) || d.ctype != "application/json" || string(d.body) != string(e.Payload) {
		t.Fatalf("delivery id %q (want %d), content type %q, body %s", d.id, e.ID, d.ctype, d.body)
	}
	// A body, delivery id or URL changed in transit, or another secret,
	// fails verification.
	for name, change := range map[string]func(*delivery){
		"body":        func(d *delivery) { d.body = []byte(strings.Replace(string(d.body), "41", "42", 1)) },
		"delivery id": func(d *delivery) { d.id += "0" },
		"URL":         func(d *delivery) { d.url = strings.Replace(d.url, "s3cr3t-path", "other", 1) },
	} {
		tampered := d
		change(&tampered)
		if verify(secret, tampered) == nil {
			t.Fatalf("verification accepts a changed %s", name)
		}
	}
	if verify(strings.Repeat("0", 64), d) == nil {
		t.Fatal("verification accepts another secret")
	}
	if n, _ := db.PendingWebhooks(ctx); n != 0 {
		t.Fatalf("%d pending after delivery", n)
	}
	if r := readRow(t, db, e.ID); r.attempts != 1 || r.lastErr != "" {
		t.Fatalf("row after delivery: %+v", r)
	}

	w.Close()
	events.Close()
	log, err := os.ReadFile(events.Path())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), `"evt":"webhook_delivered"`) || !strings.Contains(string(log), `"status":200`) {
		t.Fatalf("no delivery line in the event log:\n%s", log)
	}
	for _, secretBit := range []string{"پاسخ محرمانه", "AB12CD", "s3cr3t-path", "token=abc", secret} {
		if strings.Contains(string(log), secretBit) {
			t.Fatalf("the event log holds %q:\n%s", secretBit, log)
		}
	}
}

func TestRetriedAfterServerErrorAndAfterTimeout(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	failing := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 1 {
			http.Error(w, "database\n  is down", http.StatusInternalServerError)
		}
	})
	slow := newReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 1 {
			select { // past the worker's timeout
			case <-time.After(3 * time.Second):
			case <-r.Context().Done():
			}
		}
	})
	cfg := fast(db)
	// Retries wait long enough for each first failure to be seen.
	cfg.RetryBase, cfg.RetryMax = 1500*time.Millisecond, 1500*time.Millisecond
	start(t, cfg)
	entries := enqueue(t, db, 1, failing.URL, slow.URL)
	waitFor(t, "the 500", 5*time.Second, func() bool { return readRow(t, db, entries[0].ID).lastErr != "" })
	if r := readRow(t, db, entries[0].ID); r.lastErr != "HTTP 500: database is down" || r.delivered {
		t.Fatalf("after a 500: %+v", r)
	}
	waitFor(t, "the timeout", 5*time.Second, func() bool { return readRow(t, db, entries[1].ID).lastErr != "" })
	if r := readRow(t, db, entries[1].ID); r.lastErr != "no answer within the timeout" || r.delivered {
		t.Fatalf("after a timeout: %+v", r)
	}
	waitFor(t, "both retries", 5*time.Second, func() bool {
		return readRow(t, db, entries[0].ID).delivered && readRow(t, db, entries[1].ID).delivered
	})
	for i, rc := range []*receiver{failing, slow} {
		got := rc.deliveries()
		if len(got) != 2 || got[0].id != got[1].id || got[0].id != strconv.FormatInt(entries[i].ID, 10) {
			t.Fatalf("receiver %d: %d deliveries %+v, want the same delivery id twice", i, len(got), got)
		}
		if r := readRow(t, db, entries[i].ID); r.attempts != 2 || r.lastErr != "" {
			t.Fatalf("receiver %d: row %+v, want 2 attempts and no error left", i, r)
		}
	}
}

func TestRedirectNotFollowedAndGivenUp(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	var followed atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/elsewhere", func(http.ResponseWriter, *http.Request) { followed.Add(1) })
	rc := &receiver{}
	mux.Handle("/hook", rc.handler(func(_ int, w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
	}))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cfg := fast(db)
	cfg.MaxAttempts = 2
	start(t, cfg)
	e := enqueue(t, db, 1, srv.URL+"/hook")[0]
	waitFor(t, "the delivery to be given up", 5*time.Second, func() bool { return readRow(t, db, e.ID).next == sqlstore.WebhookNever })
	r := readRow(t, db, e.ID)
	if r.delivered || r.attempts != 2 || !strings.HasPrefix(r.lastErr, "HTTP 302 (a redirect, not followed)") {
		t.Fatalf("given-up row: %+v", r)
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(rc.deliveries()); n != 2 || followed.Load() != 0 {
		t.Fatalf("%d attempts after giving up at 2; the redirect was followed %d times", n, followed.Load())
	}
	if n, _ := db.PendingWebhooks(context.Background()); n != 0 {
		t.Fatalf("a delivery given up counts as pending (%d)", n)
	}
}

// refused enqueues deliveries the worker must not make and waits until
// each has failed; it returns their errors.
func refused(t *testing.T, cfg Config, db *sqlstore.DB, urls ...string) []string {
	t.Helper()
	start(t, cfg)
	entries := enqueue(t, db, 1, urls...)
	var errs []string
	for _, e := range entries {
		waitFor(t, "the refusal of "+e.URL, 5*time.Second, func() bool { return readRow(t, db, e.ID).lastErr != "" })
		r := readRow(t, db, e.ID)
		if r.delivered {
			t.Fatalf("%s was delivered", e.URL)
		}
		errs = append(errs, r.lastErr)
	}
	return errs
}

func TestPlainHTTPRefused(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	rc := newReceiver(t, nil)
	strict := fast(db)
	strict.AllowLoopback = false
	errs := refused(t, strict, db, rc.URL, "ftp://example.com/x")
	if !strings.Contains(errs[0], "plain http is not allowed") || !strings.Contains(errs[1], `scheme "ftp"`) {
		t.Fatalf("errors: %q", errs)
	}
	// With the flag, plain http still goes to loopback only, by name and
	// by what the name resolves to.
	db2 := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	errs = refused(t, fast(db2), db2, "http://192.0.2.1:9/hook", "http://user:pw@127.0.0.1/")
	if !strings.Contains(errs[0], "loopback address only") || !strings.Contains(errs[1], "without credentials") {
		t.Fatalf("errors with the flag: %q", errs)
	}
	if n := len(rc.deliveries()); n != 0 {
		t.Fatalf("the receiver got %d requests", n)
	}
}

func TestPrivateAddressesRefusedOverHTTPS(t *testing.T) {
	tlsRC := &receiver{}
	tlsSrv := httptest.NewTLSServer(tlsRC.handler(nil))
	defer tlsSrv.Close()
	port := tlsSrv.URL[strings.LastIndexByte(tlsSrv.URL, ':'):]
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	strict := fast(db)
	strict.AllowLoopback = false
	strict.RootCAs = tlsSrv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs
	errs := refused(t, strict, db, tlsSrv.URL, "https://localhost"+port, "https://10.1.2.3/", "https://169.254.169.254/latest/meta-data", "https://[::1]"+port)
	for i, e := range errs {
		if !strings.Contains(e, "is not a public address") {
			t.Fatalf("refusal %d: %q", i, e)
		}
	}
	if n := len(tlsRC.deliveries()); n != 0 {
		t.Fatalf("the loopback receiver got %d requests", n)
	}
	// The operator's flag lets https reach loopback (a receiver on the
	// same host), and the certificate is still checked.
	db2 := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	allowed := fast(db2)
	allowed.RootCAs = strict.RootCAs
	start(t, allowed)
	e := enqueue(t, db2, 1, tlsSrv.URL+"/")[0]
	waitFor(t, "the https delivery", 5*time.Second, func() bool { return readRow(t, db2, e.ID).delivered })
	secret, _ := db2.WebhookSecret(context.Background(), 1)
	if got := tlsRC.deliveries(); len(got) != 1 || verify(secret, got[0]) != nil {
		t.Fatalf("https deliveries: %+v", got)
	}
}

func TestPublicAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"93.184.215.14": true, "2606:4700::6810:85e5": true, "8.8.8.8": true,
		"127.0.0.1": false, "127.8.9.1": false, "::1": false, "10.0.0.1": false, "172.16.5.4": false,
		"192.168.1.1": false, "169.254.169.254": false, "fe80::1": false, "fd00::1": false, "0.0.0.0": false,
		"::": false, "100.64.0.1": false, "224.0.0.1": false, "255.255.255.255": false, "::ffff:127.0.0.1": false,
		"::ffff:10.0.0.1": false, "198.18.0.1": false,
	} {
		if got := public(netip.MustParseAddr(addr).Unmap()); got != want {
			t.Errorf("public(%s) = %v, want %v", addr, got, want)
		}
	}
}

func TestConcurrencyIsBounded(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	var now, most atomic.Int32
	release := make(chan struct{})
	rc := newReceiver(t, func(_ int, _ http.ResponseWriter, r *http.Request) {
		n := now.Add(1)
		defer now.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	cfg := fast(db)
	cfg.Timeout = 5 * time.Second
	start(t, cfg)
	var urls []string
	for range 10 {
		urls = append(urls, rc.URL)
	}
	enqueue(t, db, 1, urls...)
	waitFor(t, "4 deliveries at once", 5*time.Second, func() bool { return now.Load() == DefaultConcurrency })
	time.Sleep(200 * time.Millisecond) // polls that must not start a fifth
	close(release)
	waitFor(t, "all deliveries", 10*time.Second, func() bool {
		n, _ := db.PendingWebhooks(context.Background())
		return n == 0
	})
	if most.Load() != DefaultConcurrency || len(rc.deliveries()) != 10 {
		t.Fatalf("at most %d at once (want %d), %d deliveries (want 10)", most.Load(), DefaultConcurrency, len(rc.deliveries()))
	}
}

// The outbox outlives the process: deliveries enqueued before a restart,
// and one claimed by a worker that died before marking it, are made by
// the next worker.
func TestOutboxSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	rc := newReceiver(t, nil)
	db, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	entries := enqueue(t, db, 1, rc.URL, rc.URL)
	// A worker that claimed the first and died: the row is leased.
	if got, err := db.ClaimWebhooks(context.Background(), 1, 5*time.Second); err != nil || len(got) != 1 {
		t.Fatalf("claim: %v %v", got, err)
	}
	db.Close()

	db = openStore(t, path)
	start(t, fast(db))
	waitFor(t, "the unclaimed delivery", 5*time.Second, func() bool { return readRow(t, db, entries[1].ID).delivered })
	if readRow(t, db, entries[0].ID).delivered {
		t.Fatal("a leased delivery was made before its lease ended")
	}
	waitFor(t, "the leased delivery", 10*time.Second, func() bool { return readRow(t, db, entries[0].ID).delivered })
	if r := readRow(t, db, entries[0].ID); r.attempts != 2 {
		t.Fatalf("the leased delivery's attempts: %d, want 2 (the dead worker's counts)", r.attempts)
	}
}

// Shutdown lets a delivery under way finish within its deadline; past
// it, the delivery is cut off and due at once for the next start.
func TestShutdownCutsOffAndReleases(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	release := make(chan struct{})
	rc := newReceiver(t, func(n int, _ http.ResponseWriter, r *http.Request) {
		if n == 2 {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	})
	cfg := fast(db)
	cfg.Timeout = 5 * time.Second
	w := New(cfg)
	go w.Run(context.Background())
	quick := enqueue(t, db, 1, rc.URL)[0]
	waitFor(t, "the first delivery", 5*time.Second, func() bool { return readRow(t, db, quick.ID).delivered })
	stuck := enqueue(t, db, 2, rc.URL)[0]
	w.Notify()
	waitFor(t, "the second request", 5*time.Second, func() bool { return len(rc.deliveries()) == 2 })
	sctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	began := time.Now()
	w.Shutdown(sctx)
	cancel()
	if took := time.Since(began); took > 2*time.Second {
		t.Fatalf("shutdown took %v", took)
	}
	r := readRow(t, db, stuck.ID)
	if r.delivered || r.lastErr != "the daemon stopped during the attempt" || r.next > time.Now().UTC().Format(time.RFC3339Nano) {
		t.Fatalf("cut-off row: %+v", r)
	}
	close(release)
	w.Notify() // after Shutdown: no effect, no block
	start(t, fast(db))
	waitFor(t, "the cut-off delivery after a restart", 5*time.Second, func() bool { return readRow(t, db, stuck.ID).delivered })
}

func TestBackoffScheduleSpansADay(t *testing.T) {
	w := &Worker{cfg: Config{RetryBase: DefaultRetryBase, RetryMax: DefaultRetryMax, MaxAttempts: DefaultMaxAttempts}}
	var total time.Duration
	for a := 1; a < DefaultMaxAttempts; a++ {
		nominal := min(DefaultRetryBase<<min(a-1, 20), DefaultRetryMax)
		d := w.backoff(a)
		if d < nominal*9/10 || d > nominal*11/10 {
			t.Fatalf("backoff after attempt %d: %v, want %v ± 10%%", a, d, nominal)
		}
		total += nominal
	}
	if total < 23*time.Hour || total > 25*time.Hour {
		t.Fatalf("the last attempt comes %v after the first, want about 24 h", total)
	}
	if d := w.backoff(1000); d > DefaultRetryMax*11/10 || d < DefaultRetryMax*9/10 {
		t.Fatalf("backoff after 1000 attempts: %v", d)
	}
}

func TestSignMatchesTheDocumentedExample(t *testing.T) {
	// The example in docs/API.md ("Webhooks"), read from there, so that
	// a receiver written from the documentation agrees with the daemon.
	api, err := os.ReadFile("../../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(api)), " ")
	m := regexp.MustCompile("secret `([0-9a-f]{64})`, delivery `([0-9]+)`, timestamp `([0-9]+)`, URL `([^`]+)`, body `([^`]+)` → `v2=([0-9a-f]{64})`").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("docs/API.md has no signature example")
	}
	id, _ := strconv.ParseInt(m[2], 10, 64)
	if got := Sign(m[1], id, m[3], m[4], []byte(m[5])); got != m[6] {
		t.Fatalf("Sign = %s, the documentation says %s", got, m[6])
	}
	d := delivery{id: m[2], ts: m[3], url: m[4], body: []byte(m[5]), sig: "v2=" + m[6]}
	if err := verify(m[1], d); err == nil || !strings.Contains(err.Error(), "timestamp") {
		t.Fatalf("the example's signature does not verify as a receiver checks it: %v", err)
	}
}

// TestEachSiteSignsWithItsOwnSecret: deliveries of two sites of one
// daemon are signed with each site's own secret, so that one site's
// receiver cannot forge or accept another's.
func TestEachSiteSignsWithItsOwnSecret(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	rc := newReceiver(t, nil)
	start(t, fast(db))
	one := enqueueSite(t, db, 1, 1, rc.URL+"/one")[0]
	two := enqueueSite(t, db, 2, 2, rc.URL+"/two")[0]
	waitFor(t, "both deliveries", 5*time.Second, func() bool {
		return readRow(t, db, one.ID).delivered && readRow(t, db, two.ID).delivered
	})
	s1, err := db.WebhookSecret(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := db.WebhookSecret(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rc.deliveries() {
		own, other := s1, s2
		if strings.HasSuffix(d.url, "/two") {
			own, other = s2, s1
		}
		t.Run(d.url, func(t *testing.T) {
			if err := verify(own, d); err != nil {
				t.Fatalf("with its site's secret: %v", err)
			}
			if verify(other, d) == nil {
				t.Fatal("the other site's secret verifies it too")
			}
		})
	}
}

// A database that stops answering is logged once, not at every poll, and
// the worker still stops when told.
func TestBrokenStoreLoggedOnce(t *testing.T) {
	dir := t.TempDir()
	db, err := sqlstore.Open(context.Background(), filepath.Join(dir, "w.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	events, err := logx.Open(logx.Config{Dir: filepath.Join(dir, "logs"), Level: slog.LevelDebug})
	if err != nil {
		t.Fatal(err)
	}
	cfg := fast(db)
	cfg.Events = events
	w := New(cfg)
	go w.Run(context.Background())
	time.Sleep(300 * time.Millisecond) // six polls
	w.Close()
	events.Close()
	log, err := os.ReadFile(events.Path())
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(log), `"lvl":"ERROR"`); n != 1 {
		t.Fatalf("%d ERROR lines, want 1:\n%s", n, log)
	}
}

// TestEmbeddedIPv4RefusedBeforeDialling runs the https dialer's check on
// IPv6 addresses that carry an IPv4 one (IPv4-compatible, IPv4-mapped,
// NAT64 and 6to4): one embedding a loopback or private address reaches
// that address through a translator or the host's own stack, so it is
// refused. The check is called as the dialer calls it, with the address
// about to be dialled; nothing is dialled, since such an address may
// leave the machine by its IPv6 default route.
func TestEmbeddedIPv4RefusedBeforeDialling(t *testing.T) {
	check := publicOnly(false)
	for _, addr := range []string{
		"[::127.0.0.1]:443", "[::10.0.0.1]:443", "[::169.254.169.254]:443", "[::ffff:127.0.0.1]:443",
		"[::ffff:192.168.1.1]:443", "[64:ff9b::127.0.0.1]:443", "[64:ff9b::10.1.2.3]:443",
		"[64:ff9b::a9fe:a9fe]:443", "[64:ff9b:1::10.0.0.1]:443", "[2002:7f00:1::1]:443", "[2002:a00:1::]:443",
		"[2002:c0a8:101::1]:443", "[2002:a9fe:a9fe::1]:443", "[::]:443",
	} {
		t.Run(addr, func(t *testing.T) {
			if err := check("tcp6", addr, nil); err == nil {
				t.Fatalf("%s was let through", addr)
			}
		})
	}
	for _, addr := range []string{"[64:ff9b::8.8.8.8]:443", "[2002:808:808::1]:443", "[2606:4700::6810:85e5]:443"} {
		t.Run(addr, func(t *testing.T) {
			if err := check("tcp6", addr, nil); err != nil {
				t.Fatalf("%s was refused: %v", addr, err)
			}
		})
	}
}

// TestDeliveredBodiesEmptiedAfterRetention: the worker empties a
// delivered body once it is older than the retention, and keeps the body
// of a delivery still owed, whatever its age.
func TestDeliveredBodiesEmptiedAfterRetention(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	ok := newReceiver(t, nil)
	failing := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) })
	cfg := fast(db)
	cfg.BodyRetention, cfg.RetentionEvery = 300*time.Millisecond, 50*time.Millisecond
	start(t, cfg)
	done := enqueue(t, db, 1, ok.URL)[0]
	owed := enqueue(t, db, 2, failing.URL)[0]
	body := func(id int64) string {
		t.Helper()
		raw, err := sql.Open("sqlite", db.Path())
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		var p string
		if err := raw.QueryRow("SELECT payload FROM webhook_outbox WHERE id = ?", id).Scan(&p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	waitFor(t, "the delivery", 5*time.Second, func() bool { return readRow(t, db, done.ID).delivered })
	t.Run("kept within the retention", func(t *testing.T) {
		if body(done.ID) == "" {
			t.Fatal("emptied at once")
		}
	})
	waitFor(t, "the delivered body emptied", 5*time.Second, func() bool { return body(done.ID) == "" })
	t.Run("an owed delivery keeps its body", func(t *testing.T) {
		if body(owed.ID) != string(owed.Payload) {
			t.Fatal("the body of a delivery still owed was touched")
		}
	})
}

// TestRunEndsWithItsContext: the daemon stops the worker by ending Run's
// context; Run returns, and Shutdown after it returns at once.
func TestRunEndsWithItsContext(t *testing.T) {
	w := New(fast(openStore(t, filepath.Join(t.TempDir(), "w.db"))))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run kept running after its context ended")
	}
	w.Shutdown(context.Background())
}
