// Package webhooks delivers the webhook outbox: every new submission is
// POSTed, signed, to each URL its form's settings.webhooks names.
//
// Rows are written into the outbox in the submission's own transaction,
// so a submission acknowledged is a delivery owed; the Worker here claims
// due rows (a claim is a lease: a row whose worker dies comes due again
// by itself), posts them with bounded concurrency and marks each
// delivered on a 2xx answer or failed, to be retried with exponential
// backoff. A crash between the POST and the mark sends the same delivery
// again: delivery is at least once, and the X-Arshline-Delivery header,
// the outbox row's id, is the receiver's key to drop a repeat.
//
// A form's author chooses the URL, so the Worker is careful where it
// connects (see dial.go): https only, to public addresses only, checked
// on the address actually dialled; plain http and private or loopback
// addresses only when the operator allows them (tests, local
// receivers). Redirects are never followed.
package webhooks

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/outbox"
)

// Store is the outbox as the Worker uses it (sqlstore.DB implements it).
type Store interface {
	// ClaimWebhooks takes up to n due deliveries, raising each one's
	// Attempts by one and leasing it for lease.
	ClaimWebhooks(ctx context.Context, n int, lease time.Duration) ([]domain.OutboxEntry, error)
	MarkWebhookDelivered(ctx context.Context, id int64) error
	// MarkWebhookFailed records lastErr and when to try again; a zero
	// retryAt gives the delivery up for good.
	MarkWebhookFailed(ctx context.Context, id int64, lastErr string, retryAt time.Time) error
	// PendingWebhooks counts the deliveries neither made nor given up.
	PendingWebhooks(ctx context.Context) (int64, error)
	// WebhookSecret is site siteID's HMAC key, as text.
	WebhookSecret(ctx context.Context, siteID int64) (string, error)
	// ClearDeliveredWebhookBodies empties the payload of at most limit
	// deliveries delivered before before and reports how many it emptied.
	ClearDeliveredWebhookBodies(ctx context.Context, before time.Time, limit int) (int, error)
}

// Headers of every delivery.
const (
	HeaderDelivery  = "X-Arshline-Delivery"
	HeaderTimestamp = "X-Arshline-Timestamp"
	HeaderSignature = "X-Arshline-Signature"
)

// Defaults of Config. With RetryBase 10 s doubling to RetryMax 1 h, the
// 33rd attempt comes about 24 h after the submission (10 s + 20 s + … +
// 2,560 s, then 23 × 1 h); it is the last.
const (
	DefaultPoll        = time.Second
	DefaultTimeout     = 10 * time.Second
	DefaultConcurrency = 4
	DefaultRetryBase   = 10 * time.Second
	DefaultRetryMax    = time.Hour
	DefaultMaxAttempts = 33
	// DefaultBodyRetention keeps a delivered body a week: time to look
	// into a receiver's complaint, not a second copy of every answer.
	DefaultBodyRetention  = 7 * 24 * time.Hour
	DefaultRetentionEvery = time.Hour
	// retentionBatch is how many bodies one transaction empties.
	retentionBatch = 500
)

// maxResponseBytes is how much of a receiver's answer is read (and then
// dropped): enough to reuse the connection after a short answer, never a
// whole download.
const maxResponseBytes = 64 << 10

// errorSnippet is how much of a refusing receiver's answer last_error
// keeps, for the admin to see why.
const errorSnippet = 200

// Config sets up a Worker; zero fields take the defaults.
type Config struct {
	Store  Store
	Events *logx.Logger
	// AllowLoopback is --webhooks-allow-loopback-http: plain http to a
	// loopback address, and https to loopback and private addresses.
	AllowLoopback bool
	// Poll is how often the outbox is looked at without a Notify.
	Poll time.Duration
	// Timeout bounds one attempt: connecting, TLS, the answer.
	Timeout     time.Duration
	Concurrency int
	// RetryBase is the wait after a first failed attempt, doubled after
	// each further one up to RetryMax, each wait varied by ±10 % so that
	// the deliveries of a burst do not all come back together.
	RetryBase, RetryMax time.Duration
	// MaxAttempts is the attempt after whose failure a delivery is given
	// up.
	MaxAttempts int
	// RootCAs are the CAs trusted for receivers' https; nil is the
	// system's.
	RootCAs *x509.CertPool
	// BodyRetention is how long a delivered delivery keeps its body (a
	// respondent's answers, which the submission holds anyway); past it
	// the body is emptied, the row kept. Negative keeps bodies for good.
	BodyRetention time.Duration
	// RetentionEvery is how often bodies past BodyRetention are looked
	// for (default an hour).
	RetentionEvery time.Duration
}

// Worker delivers the outbox in the background until shut down.
type Worker struct {
	cfg   Config
	https *http.Client
	http  *http.Client
	// lease is how long a claimed row stays away from other claims: an
	// attempt's whole timeout and time to mark it.
	lease time.Duration

	life     *outbox.Lifecycle
	ctx      context.Context // life's: the deliveries', cancelled to cut them off
	finished chan int64      // a delivery is over
	// storeFailing is set while reading or claiming fails (run's
	// goroutine only).
	storeFailing bool
}

// New returns a Worker; Run delivers.
func New(cfg Config) *Worker {
	if cfg.Events == nil {
		cfg.Events = logx.Discard()
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.RetryBase <= 0 {
		cfg.RetryBase = DefaultRetryBase
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = DefaultRetryMax
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.BodyRetention == 0 {
		cfg.BodyRetention = DefaultBodyRetention
	}
	if cfg.RetentionEvery <= 0 {
		cfg.RetentionEvery = DefaultRetentionEvery
	}
	tlsConf := &tls.Config{RootCAs: cfg.RootCAs, MinVersion: tls.VersionTLS12}
	w := &Worker{
		cfg:      cfg,
		https:    newClient(cfg.Timeout, cfg.Concurrency, tlsConf, publicOnly(cfg.AllowLoopback)),
		http:     newClient(cfg.Timeout, cfg.Concurrency, nil, loopbackOnly),
		lease:    cfg.Timeout + 5*time.Second,
		life:     outbox.NewLifecycle(),
		finished: make(chan int64),
	}
	w.ctx = w.life.Context()
	return w
}

// Run delivers the outbox until Shutdown or Close, or until ctx ends,
// which cuts off the deliveries under way as Close does; it returns when
// the Worker has stopped. Shutdown and Close wait for Run: it must be
// called once.
func (w *Worker) Run(ctx context.Context) {
	w.life.Run(ctx, w.run)
}

// Notify says that deliveries were just committed, so that they go out
// now rather than at the next poll. It never blocks.
func (w *Worker) Notify() { w.life.Notify() }

// Shutdown stops claiming deliveries, lets those under way finish until
// ctx is done, cuts off the rest (each is due again at once, for the next
// start) and returns when the Worker has stopped. It may be called more
// than once.
func (w *Worker) Shutdown(ctx context.Context) { w.life.Shutdown(ctx) }

// Close stops the Worker at once, cutting off deliveries under way.
func (w *Worker) Close() { w.life.Close() }

func (w *Worker) run() {
	if n, err := w.cfg.Store.PendingWebhooks(w.ctx); err == nil && n > 0 {
		w.cfg.Events.Event(w.ctx, slog.LevelInfo, "webhook", "webhook_outbox_pending", slog.Int64("pending", n))
	}
	inflight := map[int64]bool{}
	tick := time.NewTicker(w.cfg.Poll)
	defer tick.Stop()
	w.clearOldBodies()
	retention := time.NewTicker(w.cfg.RetentionEvery)
	defer retention.Stop()
	// more says the last claim was full, so deliveries may be waiting:
	// the next free slot claims again without waiting for the poll.
	more := true
	stopping := w.life.Stopping()
	for {
		if stopping != nil && more && len(inflight) < w.cfg.Concurrency {
			more = w.claim(inflight)
		}
		if stopping == nil && len(inflight) == 0 {
			return
		}
		select {
		case id := <-w.finished:
			delete(inflight, id)
			continue
		case <-w.life.Wake():
		case <-tick.C:
		case <-retention.C:
			if stopping != nil {
				w.clearOldBodies()
			}
			continue
		case <-stopping:
			stopping = nil
			continue
		}
		more = true
	}
}

// clearOldBodies empties the bodies of deliveries delivered more than
// BodyRetention ago, a batch per transaction so that the writer is never
// held long.
func (w *Worker) clearOldBodies() {
	if w.cfg.BodyRetention < 0 {
		return
	}
	before := time.Now().Add(-w.cfg.BodyRetention)
	total := 0
	for w.ctx.Err() == nil {
		n, err := w.cfg.Store.ClearDeliveredWebhookBodies(w.ctx, before, retentionBatch)
		if err != nil {
			w.storeError("webhook_retention", err)
			return
		}
		total += n
		if n < retentionBatch {
			break
		}
	}
	if total > 0 {
		w.cfg.Events.Event(w.ctx, slog.LevelInfo, "webhook", "webhook_bodies_cleared", slog.Int("deliveries", total))
	}
}

// claim starts deliveries in the free slots and reports whether it filled
// them all.
func (w *Worker) claim(inflight map[int64]bool) bool {
	free := w.cfg.Concurrency - len(inflight)
	entries, err := w.cfg.Store.ClaimWebhooks(w.ctx, free, w.lease)
	if err != nil {
		w.storeError("webhook_claim", err)
		return false
	}
	secrets := map[int64]string{}
	for _, e := range entries {
		// A row still being delivered here whose lease ran out (its mark
		// waited on a slow disk) is not posted twice at once.
		if inflight[e.ID] {
			continue
		}
		secret, ok := secrets[e.SiteID]
		if !ok {
			if secret, err = w.cfg.Store.WebhookSecret(w.ctx, e.SiteID); err != nil {
				// Its lease runs out and it comes due again.
				w.storeError("webhook_secret", err)
				continue
			}
			secrets[e.SiteID] = secret
		}
		inflight[e.ID] = true
		go func() {
			w.deliver(e, secret)
			w.finished <- e.ID
		}()
	}
	if err == nil {
		w.storeFailing = false
	}
	return len(entries) == free
}

// storeError logs the first of a run of failures to read or claim the
// outbox: a broken database would otherwise write a line every poll, and
// the database probe already reports it.
func (w *Worker) storeError(evt string, err error) {
	if w.ctx.Err() == nil && !w.storeFailing {
		w.cfg.Events.Event(w.ctx, slog.LevelError, "webhook", evt, slog.String("err", err.Error()))
	}
	w.storeFailing = true
}

// outcome is what one attempt came to.
type outcome struct {
	status int   // the receiver's HTTP status, 0 without an answer
	err    error // nil: delivered
}

func (w *Worker) deliver(e domain.OutboxEntry, secret string) {
	started := time.Now()
	o := w.post(e, secret)
	// The mark outlives a shutdown's cut-off: a delivery made but not
	// marked would be sent again.
	mctx, cancel := context.WithTimeout(context.WithoutCancel(w.ctx), 10*time.Second)
	defer cancel()
	var markErr error
	level, evt := slog.LevelInfo, "webhook_delivered"
	var retryAt time.Time
	switch {
	case o.err == nil:
		markErr = w.cfg.Store.MarkWebhookDelivered(mctx, e.ID)
	case w.ctx.Err() != nil:
		// Cut off by a shutdown: due again at once, for the next start.
		level, evt, retryAt = slog.LevelWarn, "webhook_interrupted", time.Now()
		markErr = w.cfg.Store.MarkWebhookFailed(mctx, e.ID, "the daemon stopped during the attempt", retryAt)
	case e.Attempts >= w.cfg.MaxAttempts:
		level, evt = slog.LevelError, "webhook_given_up"
		markErr = w.cfg.Store.MarkWebhookFailed(mctx, e.ID, o.err.Error(), time.Time{})
	default:
		level, evt = slog.LevelWarn, "webhook_failed"
		retryAt = time.Now().Add(w.backoff(e.Attempts))
		markErr = w.cfg.Store.MarkWebhookFailed(mctx, e.ID, o.err.Error(), retryAt)
	}
	// The line names the delivery and the receiver's host only: neither
	// the payload (respondents' answers) nor the URL's path and query,
	// where services such as chat webhooks keep their secret.
	attrs := []slog.Attr{slog.Int64("delivery", e.ID), slog.Int64("site", e.SiteID), slog.Int64("form_id", e.FormID),
		slog.Int64("submission", e.SubmissionID), slog.String("host", hostOf(e.URL)), slog.Int("attempt", e.Attempts),
		slog.Int64("latency_ms", time.Since(started).Milliseconds())}
	if o.status != 0 {
		attrs = append(attrs, slog.Int("status", o.status))
	}
	if o.err != nil {
		attrs = append(attrs, slog.String("err", o.err.Error()))
	}
	if !retryAt.IsZero() {
		attrs = append(attrs, slog.String("retry_at", retryAt.UTC().Format(time.RFC3339)))
	}
	if markErr != nil {
		// Unmarked, the row comes due again when its lease ends: sent
		// again rather than lost.
		level = slog.LevelError
		attrs = append(attrs, slog.String("mark_err", markErr.Error()))
	}
	w.cfg.Events.Event(mctx, level, "webhook", evt, attrs...)
}

// backoff is the wait after the attempts-th failed attempt.
func (w *Worker) backoff(attempts int) time.Duration {
	d := w.cfg.RetryBase
	for i := 1; i < attempts && d < w.cfg.RetryMax; i++ {
		d *= 2
	}
	d = min(d, w.cfg.RetryMax)
	return d - d/10 + rand.N(d/5+1)
}

// post makes one attempt.
func (w *Worker) post(e domain.OutboxEntry, secret string) outcome {
	u, err := url.Parse(e.URL)
	if err != nil || u.Host == "" || u.User != nil {
		return outcome{err: errors.New("the URL is not an absolute http(s) URL without credentials")}
	}
	client := w.https
	switch u.Scheme {
	case "https":
	case "http":
		if !w.cfg.AllowLoopback {
			return outcome{err: errors.New("refused: plain http is not allowed; the URL must be https")}
		}
		if !loopbackHost(u.Hostname()) {
			return outcome{err: errors.New("refused: plain http is allowed to a loopback address only; the URL must be https")}
		}
		client = w.http
	default:
		return outcome{err: fmt.Errorf("refused: the scheme %q is not https", u.Scheme)}
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(w.ctx, http.MethodPost, u.String(), bytes.NewReader(e.Payload))
	if err != nil {
		return outcome{err: errors.New("the URL cannot be requested")}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Arshline-Webhooks/1")
	req.Header.Set(HeaderDelivery, strconv.FormatInt(e.ID, 10))
	req.Header.Set(HeaderTimestamp, ts)
	req.Header.Set(HeaderSignature, "v2="+Sign(secret, e.ID, ts, e.URL, e.Payload))
	resp, err := client.Do(req)
	if err != nil {
		return outcome{err: plainError(err)}
	}
	defer resp.Body.Close()
	head := make([]byte, errorSnippet)
	n, _ := io.ReadFull(resp.Body, head)
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponseBytes-int64(n)))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return outcome{status: resp.StatusCode}
	}
	msg := "HTTP " + strconv.Itoa(resp.StatusCode)
	if loc := resp.Header.Get("Location"); resp.StatusCode >= 300 && resp.StatusCode < 400 && loc != "" {
		msg += " (a redirect, not followed)"
	}
	if text := printable(head[:n]); text != "" {
		msg += ": " + text
	}
	return outcome{status: resp.StatusCode, err: errors.New(msg)}
}

// Sign is the signature of a delivery (the header's "v2=" value): hex
// HMAC-SHA256 under the site's secret of the delivery id, the timestamp,
// the URL posted to and the body, each of the first three followed by a
// line feed. A body replayed under another delivery id, to another URL
// or at another time does not verify; the URL holds no line feed
// (net/url refuses one), so the parts cannot be shifted into each other.
func Sign(secret string, deliveryID int64, timestamp, url string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(deliveryID, 10)))
	mac.Write([]byte{'\n'})
	mac.Write([]byte(timestamp))
	mac.Write([]byte{'\n'})
	mac.Write([]byte(url))
	mac.Write([]byte{'\n'})
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// plainError is err without the URL net/http wraps it in: the URL's path
// or query may hold the receiver's secret, and the error is logged and
// stored.
func plainError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if ue.Timeout() {
			return errors.New("no answer within the timeout")
		}
		return ue.Err
	}
	return err
}

// printable is the start of a receiver's answer as one line of valid
// UTF-8, for last_error.
func printable(b []byte) string {
	// The cut may split a character; ToValidUTF8 drops its bytes.
	return strings.Join(strings.Fields(strings.ToValidUTF8(string(b), "")), " ")
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}
