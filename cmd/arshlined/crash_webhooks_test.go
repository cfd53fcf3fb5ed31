package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// startDaemon runs arshlined on dir's database with webhooks allowed to
// loopback receivers, and waits for READY=1.
func startDaemon(t *testing.T, dir string, extra ...string) (*exec.Cmd, string) {
	t.Helper()
	socket := filepath.Join(dir, "d.sock")
	notify, msgs := systemdtest.NotifySocket(t)
	args := append([]string{"--socket", socket, "--db", filepath.Join(dir, "d.db"), "--log-dir", filepath.Join(dir, "logs"),
		"--webhooks-allow-loopback-http"}, extra...)
	cmd := exec.Command(daemonBin, args...)
	cmd.Env = append(os.Environ(), "NOTIFY_SOCKET="+notify)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	systemdtest.WaitFor(t, msgs, "READY=1", 10*time.Second)
	return cmd, socket
}

// killDuringLoad runs rounds of: start the daemon, run load against it,
// SIGKILL the daemon at a random moment 100–600 ms in, then cancel load's
// context and wait for it to return. load gets the round's socket; what
// it saw acknowledged is its own to record. The submission storm runs
// through here too.
func killDuringLoad(t *testing.T, rounds int, rng *rand.Rand, start func() (*exec.Cmd, string), load func(ctx context.Context, socket string, round int)) {
	t.Helper()
	for round := range rounds {
		cmd, socket := start()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			load(ctx, socket, round)
		}()
		time.Sleep(time.Duration(100+rng.Intn(500)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		cancel()
		<-done
	}
}

// webhookReceiver is a receiver on loopback that checks each delivery's
// signature as a real one must and counts deliveries by their id.
type webhookReceiver struct {
	*httptest.Server
	secret string
	delay  func() time.Duration
	mu     sync.Mutex
	seen   map[string]int // X-Arshline-Delivery → POSTs received
	forged int            // POSTs whose signature did not verify
}

func newWebhookReceiver(t *testing.T, secret string, delay func() time.Duration) *webhookReceiver {
	rc := &webhookReceiver{secret: secret, delay: delay, seen: map[string]int{}}
	rc.Server = httptest.NewServer(http.HandlerFunc(rc.serve))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *webhookReceiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	mac := hmac.New(sha256.New, []byte(rc.secret))
	// The v2 signature (docs/API.md): delivery id, timestamp and the URL
	// posted to, each and a line feed, then the body.
	mac.Write([]byte(r.Header.Get("X-Arshline-Delivery") + "\n" + r.Header.Get("X-Arshline-Timestamp") + "\n" +
		"http://" + r.Host + r.URL.RequestURI() + "\n" + string(body)))
	sig, _ := hex.DecodeString(strings.TrimPrefix(r.Header.Get("X-Arshline-Signature"), "v2="))
	// Answering late keeps deliveries in flight when the daemon dies.
	time.Sleep(rc.delay())
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if !hmac.Equal(sig, mac.Sum(nil)) {
		rc.forged++
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	rc.seen[r.Header.Get("X-Arshline-Delivery")]++
}

// checkWebhooksDelivered waits until no delivery is owed in the database
// at dbPath, then checks that every outbox row is delivered and was seen
// by rc, and that rc saw nothing else; it returns how many deliveries rc
// got more than once, and how many POSTs beyond the first those were.
func checkWebhooksDelivered(t *testing.T, dbPath string, rc *webhookReceiver, within time.Duration) (repeated, extra int) {
	t.Helper()
	db, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(within)
	for {
		var owed int
		if err := db.QueryRow("SELECT count(*) FROM webhook_outbox WHERE delivered_at IS NULL").Scan(&owed); err != nil {
			t.Fatal(err)
		}
		if owed == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d webhook deliveries still owed %v after the restart", owed, within)
		}
		time.Sleep(100 * time.Millisecond)
	}
	rows, err := db.Query("SELECT id FROM webhook_outbox")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	rc.mu.Lock()
	defer rc.mu.Unlock()
	inDB := map[string]bool{}
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		key := strconv.FormatInt(id, 10)
		inDB[key] = true
		switch n := rc.seen[key]; {
		case n == 0:
			t.Errorf("outbox row %s is marked delivered but the receiver never got it", key)
		case n > 1:
			repeated++
			extra += n - 1
		}
	}
	for id := range rc.seen {
		if !inDB[id] {
			t.Errorf("the receiver got delivery %q, which is no outbox row", id)
		}
	}
	if rc.forged != 0 {
		t.Errorf("%d deliveries with a signature that does not verify", rc.forged)
	}
	return repeated, extra
}

// TestCrashWebhookDeliveries kills the daemon with SIGKILL at random
// moments while deliveries are enqueued and posted, restarts it, and
// checks that every delivery owed reaches the receiver at least once,
// signed, and that repeats are only those a kill cut short (reported).
func TestCrashWebhookDeliveries(t *testing.T) {
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	dir := systemdtest.ShortTempDir(t)
	dbPath := filepath.Join(dir, "d.db")
	rng := rand.New(rand.NewSource(7))
	start := func() (*exec.Cmd, string) { return startDaemon(t, dir) }

	// This process writes the outbox rows the submission path would,
	// through the same EnqueueWebhooks, in its own transactions beside
	// the daemon's.
	store, err := sqlstore.Open(context.Background(), dbPath, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	secret, err := store.WebhookSecret(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var delayMu sync.Mutex
	delayRng := rand.New(rand.NewSource(8))
	rc := newWebhookReceiver(t, secret, func() time.Duration {
		delayMu.Lock()
		defer delayMu.Unlock()
		return time.Duration(delayRng.Intn(25)) * time.Millisecond
	})

	enqueued := 0
	submission := int64(0)
	killDuringLoad(t, rounds, rng, start, func(ctx context.Context, _ string, round int) {
		for ctx.Err() == nil {
			n := 1 + int(submission%3)
			submission++
			var entries []*domain.OutboxEntry
			for range n {
				payload, _ := json.Marshal(map[string]any{"event": "submission.created", "form_id": 1, "submission_id": submission,
					"tracking_code": fmt.Sprintf("R%dS%d", round, submission), "answers": []any{}})
				entries = append(entries, &domain.OutboxEntry{SiteID: 1, FormID: 1, SubmissionID: submission, URL: rc.URL + "/hook", Payload: payload})
			}
			err := store.Update(context.Background(), func(tx domain.FormTx) error {
				return tx.(*sqlstore.Tx).EnqueueWebhooks(entries...)
			})
			if err != nil {
				t.Errorf("enqueue beside the daemon: %v", err)
				return
			}
			enqueued += n
			time.Sleep(10 * time.Millisecond)
		}
	})

	// Deliveries claimed at the last kill come due again when their
	// lease (the 10 s timeout and 5 s) ends.
	cmd, _ := start()
	defer func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() }()
	began := time.Now()
	repeated, extra := checkWebhooksDelivered(t, dbPath, rc, 60*time.Second)
	var retried int
	var maxAttempts int
	db, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.QueryRow("SELECT count(*), coalesce(max(attempts), 0) FROM webhook_outbox WHERE attempts > 1").Scan(&retried, &maxAttempts)
	if n, err := store.PendingWebhooks(context.Background()); err != nil || n != 0 {
		t.Errorf("pending after the drain: %d %v", n, err)
	}
	t.Logf("webhook crash suite: %d rounds, %d deliveries enqueued, all delivered %v after the last restart; %d claimed again after a kill (most attempts %d); %d received more than once (%d extra POSTs), none lost",
		rounds, enqueued, time.Since(began).Round(100*time.Millisecond), retried, maxAttempts, repeated, extra)
	if enqueued == 0 {
		t.Fatal("nothing was enqueued: the suite checked nothing")
	}
	if retried == 0 {
		t.Error("no delivery was under way at any kill: the suite did not test recovery")
	}
}

// TestWebhookDeliveryAcrossSIGTERM: the daemon started by systemd or an
// operator delivers the outbox, and on SIGTERM a delivery that does not
// finish within --shutdown-timeout is cut off and left due at once, so
// that the next start sends it without waiting for its lease.
func TestWebhookDeliveryAcrossSIGTERM(t *testing.T) {
	dir := systemdtest.ShortTempDir(t)
	dbPath := filepath.Join(dir, "d.db")
	store, err := sqlstore.Open(context.Background(), dbPath, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	secret, err := store.WebhookSecret(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	stall := make(chan struct{})
	var stalled sync.Once
	rc := &webhookReceiver{secret: secret, delay: func() time.Duration { return 0 }, seen: map[string]int{}}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/stall") {
			// The server notices a closed connection only once the body
			// is read.
			io.ReadAll(r.Body)
			stalled.Do(func() { close(stall) })
			<-r.Context().Done() // until the daemon gives up on it
			return
		}
		rc.serve(w, r)
	}))
	defer rc.Close()
	enqueue := func(path string) int64 {
		e := &domain.OutboxEntry{SiteID: 1, FormID: 1, SubmissionID: 1, URL: rc.URL + path, Payload: json.RawMessage(`{"event":"submission.created"}`)}
		if err := store.Update(context.Background(), func(tx domain.FormTx) error { return tx.(*sqlstore.Tx).EnqueueWebhooks(e) }); err != nil {
			t.Fatal(err)
		}
		return e.ID
	}
	quick, stuck := enqueue("/hook"), enqueue("/stall")

	cmd, _ := startDaemon(t, dir, "--shutdown-timeout", "300ms")
	select {
	case <-stall:
	case <-time.After(10 * time.Second):
		t.Fatal("the daemon never posted the delivery")
	}
	began := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v", err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Fatalf("stopping took %v with a receiver that never answers", took)
	}
	db, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var quickDelivered, stuckDelivered sql.NullString
	var next, lastErr string
	db.QueryRow("SELECT delivered_at FROM webhook_outbox WHERE id = ?", quick).Scan(&quickDelivered)
	db.QueryRow("SELECT delivered_at, next_attempt_at, last_error FROM webhook_outbox WHERE id = ?", stuck).Scan(&stuckDelivered, &next, &lastErr)
	if !quickDelivered.Valid || stuckDelivered.Valid || lastErr != "the daemon stopped during the attempt" || next > time.Now().UTC().Format(time.RFC3339Nano) {
		t.Fatalf("after SIGTERM: quick delivered %v; stuck delivered %v, next %s, last_error %q", quickDelivered.Valid, stuckDelivered.Valid, next, lastErr)
	}
	log, err := os.ReadFile(filepath.Join(dir, "logs", "hooshyar2-log.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), `"evt":"webhook_delivered"`) || !strings.Contains(string(log), `"evt":"webhook_interrupted"`) {
		t.Fatalf("the event log lacks the deliveries' lines:\n%s", log)
	}
}
