package notify

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/outbox"
	"github.com/arshline/arshline-sidecar/daemon/sms"
)

// Store is the notification outbox (sqlstore.DB implements it).
type Store interface {
	// ClaimNotifications takes up to n due deliveries of channel (of
	// site siteID; 0: every site), raising each one's attempts by one and
	// leasing it for lease.
	ClaimNotifications(ctx context.Context, channel string, siteID int64, n int, lease time.Duration) ([]domain.Notification, error)
	MarkNotificationSent(ctx context.Context, siteID, id int64, providerID string) (bool, error)
	// MarkNotificationFailed records a failed attempt and when to try
	// again; a zero retryAt gives the delivery up.
	MarkNotificationFailed(ctx context.Context, siteID, id int64, kind, lastErr string, retryAt time.Time) (bool, error)
	PendingNotifications(ctx context.Context) (int64, error)
	// ClearSentNotifications empties the message and masks the receiver
	// of at most limit deliveries sent before before, and reports how
	// many it cleared.
	ClearSentNotifications(ctx context.Context, before time.Time, limit int) (int, error)
}

// SMS is the site's SMS settings as the worker uses them (sms.Service).
type SMS interface {
	Provider(ctx context.Context) (sms.Provider, error)
	AdminMobile(ctx context.Context) (string, error)
}

// Defaults of WorkerConfig. Ten attempts from 30 s doubling to an hour
// span about five hours: a provider down for an afternoon still gets
// the texts, a number it refuses is given up at once.
const (
	DefaultPoll        = time.Second
	DefaultConcurrency = 2
	DefaultRetryBase   = 30 * time.Second
	DefaultRetryMax    = time.Hour
	DefaultMaxAttempts = 10
	// DefaultRetention keeps a sent delivery's text and receiver a week:
	// time to answer "did my text go out?", not a second copy of every
	// respondent's number and answers.
	DefaultRetention      = 7 * 24 * time.Hour
	DefaultRetentionEvery = time.Hour
	retentionBatch        = 500
)

// Backoff is the wait after the attempts-th failed attempt: base doubled
// per attempt up to max, varied by ±10 % so a burst's retries spread.
func Backoff(base, max time.Duration, attempts int) time.Duration {
	d := base
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	d = min(d, max)
	return d - d/10 + rand.N(d/5+1)
}

// WorkerConfig sets up a Worker; zero fields take the defaults.
type WorkerConfig struct {
	Store  Store
	SMS    SMS
	Events *logx.Logger
	Poll   time.Duration
	// Concurrency bounds the texts under way at once.
	Concurrency         int
	RetryBase, RetryMax time.Duration
	// MaxAttempts is the attempt after whose failure a delivery is given
	// up (counted since an administrator's last retry).
	MaxAttempts int
	// Timeout bounds one request to the provider (sms.DefaultTimeout).
	Timeout time.Duration
	// Retention is how long a sent delivery keeps its message and its
	// receiver unmasked (texts and mails alike); negative keeps them.
	Retention time.Duration
	// RetentionEvery is how often sent deliveries past Retention are
	// looked for.
	RetentionEvery time.Duration
}

// Worker sends the SMS deliveries of the outbox until shut down.
type Worker struct {
	cfg   WorkerConfig
	lease time.Duration
	life  *outbox.Lifecycle
	// ctx is life's: the texts under way, cut off when the Worker stops.
	ctx     context.Context
	failing bool
}

// NewWorker returns a Worker; Run texts.
func NewWorker(cfg WorkerConfig) *Worker {
	if cfg.Events == nil {
		cfg.Events = logx.Discard()
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
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
	if cfg.Timeout <= 0 {
		cfg.Timeout = sms.DefaultTimeout
	}
	if cfg.Retention == 0 {
		cfg.Retention = DefaultRetention
	}
	if cfg.RetentionEvery <= 0 {
		cfg.RetentionEvery = DefaultRetentionEvery
	}
	life := outbox.NewLifecycle()
	return &Worker{cfg: cfg, lease: cfg.Timeout + 10*time.Second, life: life, ctx: life.Context()}
}

// Run texts the notifications owed until Shutdown or Close, or until ctx
// ends, which cuts off the texts under way as Close does; it returns when
// the Worker has stopped. Shutdown and Close wait for Run: it must be
// called once.
func (w *Worker) Run(ctx context.Context) {
	w.life.Run(ctx, w.run)
}

// Notify says deliveries were just committed. It never blocks.
func (w *Worker) Notify() { w.life.Notify() }

// Shutdown stops claiming, lets the texts under way finish until ctx is
// done, then cuts the rest off (each comes due again for the next start).
func (w *Worker) Shutdown(ctx context.Context) { w.life.Shutdown(ctx) }

// Close stops the Worker at once.
func (w *Worker) Close() { w.life.Close() }

func (w *Worker) run() {
	if n, err := w.cfg.Store.PendingNotifications(w.ctx); err == nil && n > 0 {
		w.cfg.Events.Event(w.ctx, slog.LevelInfo, "notify", "notifications_pending", slog.Int64("pending", n))
	}
	tick := time.NewTicker(w.cfg.Poll)
	defer tick.Stop()
	w.clearSent()
	retention := time.NewTicker(w.cfg.RetentionEvery)
	defer retention.Stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	slots := make(chan struct{}, w.cfg.Concurrency)
	inflight := sync.Map{}
	for {
		select {
		case <-w.life.Stopping():
			return
		default:
		}
		free := w.cfg.Concurrency - len(slots)
		more := false
		if free > 0 {
			entries, err := w.cfg.Store.ClaimNotifications(w.ctx, domain.ChannelSMS, 0, free, w.lease)
			if err != nil {
				if w.ctx.Err() == nil && !w.failing {
					w.cfg.Events.Event(w.ctx, slog.LevelError, "notify", "notification_claim", slog.String("err", err.Error()))
				}
				w.failing = true
			} else {
				w.failing = false
			}
			more = len(entries) == free
			for _, e := range entries {
				if _, busy := inflight.LoadOrStore(e.ID, true); busy {
					continue
				}
				slots <- struct{}{}
				wg.Add(1)
				go func() {
					defer wg.Done()
					w.deliver(e)
					inflight.Delete(e.ID)
					<-slots
					w.Notify()
				}()
			}
		}
		if more {
			continue
		}
		select {
		case <-w.life.Stopping():
			return
		case <-w.life.Wake():
		case <-tick.C:
		case <-retention.C:
			w.clearSent()
		}
	}
}

// clearSent empties the messages and masks the receivers of deliveries
// sent more than Retention ago, a batch per transaction so that the
// writer is never held long.
func (w *Worker) clearSent() {
	if w.cfg.Retention < 0 {
		return
	}
	before := time.Now().Add(-w.cfg.Retention)
	total := 0
	for w.ctx.Err() == nil {
		n, err := w.cfg.Store.ClearSentNotifications(w.ctx, before, retentionBatch)
		if err != nil {
			w.cfg.Events.Event(w.ctx, slog.LevelError, "notify", "notification_retention", slog.String("err", err.Error()))
			return
		}
		total += n
		if n < retentionBatch {
			break
		}
	}
	if total > 0 {
		w.cfg.Events.Event(w.ctx, slog.LevelInfo, "notify", "notifications_cleared", slog.Int("deliveries", total))
	}
}

// outcome of one attempt.
type outcome struct {
	providerID string
	kind       string
	err        error
	retryable  bool
}

// send makes one attempt at an SMS delivery.
func (w *Worker) send(ctx context.Context, e domain.Notification) outcome {
	var p SMSPayload
	if json.Unmarshal(e.Payload, &p) != nil || p.Text == "" && p.Pattern == nil {
		return outcome{kind: "bad_payload", err: errors.New("the delivery's message cannot be read")}
	}
	to := e.Receiver
	if to == domain.ReceiverAdmin {
		m, err := w.cfg.SMS.AdminMobile(ctx)
		if err != nil {
			return failure(err, "no_admin_mobile")
		}
		to = m
	}
	prov, err := w.cfg.SMS.Provider(ctx)
	if err != nil {
		return failure(err, "not_configured")
	}
	ctx, cancel := context.WithTimeout(ctx, w.cfg.Timeout)
	defer cancel()
	var id string
	if p.Pattern != nil {
		id, err = prov.SendPattern(ctx, to, *p.Pattern)
	} else {
		id, err = prov.Send(ctx, to, p.Text)
	}
	if err != nil {
		return failure(err, "invalid_pattern")
	}
	return outcome{providerID: id}
}

// failure classes an error: a provider's by its kind (retried when the
// provider may take the same message later), the settings' (no provider,
// no admin mobile) retried in case the administrator sets them, anything
// else given up as fallback.
func failure(err error, fallback string) outcome {
	var se *sms.Error
	if errors.As(err, &se) {
		return outcome{kind: string(se.Kind), err: err, retryable: se.Retryable()}
	}
	if de := domain.AsError(err); de != nil && de.Code == domain.CodeUnavailable {
		kind, _ := de.Data["kind"].(string)
		if kind == "" {
			kind = fallback
		}
		return outcome{kind: kind, err: errors.New(de.Text().String()), retryable: true}
	}
	if de := domain.AsError(err); de != nil && de.Key != "" {
		return outcome{kind: fallback, err: errors.New(de.Text().String())}
	}
	return outcome{kind: fallback, err: err, retryable: true}
}

func (w *Worker) deliver(e domain.Notification) {
	started := time.Now()
	var o outcome
	if e.Attempts-e.AttemptBase > w.cfg.MaxAttempts {
		// Claimed again and again without an outcome: each attempt's
		// daemon died under it. Given up, not retried for ever.
		o = outcome{kind: "no_outcome", err: errors.New("no outcome after the bound of attempts")}
	} else {
		o = w.send(w.ctx, e)
	}
	mctx, cancel := context.WithTimeout(context.WithoutCancel(w.ctx), 10*time.Second)
	defer cancel()
	var markErr error
	level, evt := slog.LevelInfo, "notification_sent"
	var retryAt time.Time
	switch {
	case o.err == nil:
		_, markErr = w.cfg.Store.MarkNotificationSent(mctx, 0, e.ID, o.providerID)
	case w.ctx.Err() != nil:
		level, evt, retryAt = slog.LevelWarn, "notification_interrupted", time.Now()
		_, markErr = w.cfg.Store.MarkNotificationFailed(mctx, 0, e.ID, "interrupted", "the daemon stopped during the attempt", retryAt)
	case !o.retryable || e.Attempts-e.AttemptBase >= w.cfg.MaxAttempts:
		level, evt = slog.LevelError, "notification_given_up"
		_, markErr = w.cfg.Store.MarkNotificationFailed(mctx, 0, e.ID, o.kind, o.err.Error(), time.Time{})
	default:
		level, evt = slog.LevelWarn, "notification_failed"
		retryAt = time.Now().Add(Backoff(w.cfg.RetryBase, w.cfg.RetryMax, e.Attempts-e.AttemptBase))
		_, markErr = w.cfg.Store.MarkNotificationFailed(mctx, 0, e.ID, o.kind, o.err.Error(), retryAt)
	}
	// The line names the delivery, never the number or the text.
	attrs := []slog.Attr{slog.Int64("delivery", e.ID), slog.Int64("site", e.SiteID), slog.Int64("form_id", e.FormID),
		slog.Int64("submission", e.SubmissionID), slog.Int("attempt", e.Attempts), slog.Int64("latency_ms", time.Since(started).Milliseconds())}
	if o.err != nil {
		attrs = append(attrs, slog.String("kind", o.kind), slog.String("err", o.err.Error()))
	}
	if !retryAt.IsZero() {
		attrs = append(attrs, slog.String("retry_at", retryAt.UTC().Format(time.RFC3339)))
	}
	if markErr != nil {
		level = slog.LevelError
		attrs = append(attrs, slog.String("mark_err", markErr.Error()))
	}
	w.cfg.Events.Event(mctx, level, "notify", evt, attrs...)
}
