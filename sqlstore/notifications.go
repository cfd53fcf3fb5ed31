package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The notification outbox (migration 0010). Rows are written in the
// submission's own transaction (EnqueueNotifications), so a submission
// acknowledged is a delivery owed. SMS rows are claimed by the daemon's
// worker, email rows by the WordPress plugin; a claim is a lease, as the
// webhook outbox's is: attempts goes up by one before the attempt, and
// next_attempt_at moves a lease ahead, so a row whose sender died comes
// due again by itself. A delivery given up has next_attempt_at
// WebhookNever and no sent_at.

const (
	sqlEnqueueNotification = `INSERT INTO notification_outbox (id, site_id, form_id, submission_id, notice, channel,
		receiver, payload, limited, next_attempt_at, error_kind, last_error, created_at) VALUES (
		max(coalesce((SELECT max(id) FROM notification_outbox), 0), (SELECT last_id FROM id_floors WHERE name = 'notification_outbox')) + 1,
		?, ?, ?, ?, ?, ?, ?, ?, ?, nullif(?, ''), nullif(?, ''), ?)`
	// On MariaDB and MySQL the id is AUTO_INCREMENT's, never given twice
	// either.
	sqlEnqueueNotificationMySQL = `INSERT INTO notification_outbox (site_id, form_id, submission_id, notice, channel,
		receiver, payload, limited, next_attempt_at, error_kind, last_error, created_at) VALUES (
		?, ?, ?, ?, ?, ?, ?, ?, ?, nullif(?, ''), nullif(?, ''), ?)`
	// Both counts stop at the bound: they read at most that many index
	// entries however busy the form.
	sqlNotificationsOfForm = `SELECT count(*) FROM (SELECT 1 FROM notification_outbox
		WHERE form_id = ? AND channel = ? AND created_at >= ? AND limited = 0 LIMIT ?) owed`
	sqlNotificationsToReceiver = `SELECT count(*) FROM (SELECT 1 FROM notification_outbox
		WHERE site_id = ? AND channel = ? AND receiver = ? AND created_at >= ? AND limited = 0 LIMIT ?) owed`
	sqlClaimNotifications = `UPDATE notification_outbox SET attempts = attempts + 1, next_attempt_at = ?
		WHERE id IN (SELECT id FROM notification_outbox WHERE channel = ? AND sent_at IS NULL AND next_attempt_at <= ?
			AND (? = 0 OR site_id = ?) ORDER BY next_attempt_at, id LIMIT ?)
		RETURNING ` + notificationColumns
	// Hosts claim rows each for itself, as they do webhooks: the rows due
	// are locked, those another host has locked skipped, and the lease
	// written before the commit.
	sqlClaimNotificationsMySQL = `SELECT ` + notificationColumns + ` FROM notification_outbox
		WHERE channel = ? AND sent_at IS NULL AND next_attempt_at <= ? AND (? = 0 OR site_id = ?)
		ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED`
	sqlNotificationDue = `SELECT count(*) FROM (SELECT 1 FROM notification_outbox
		WHERE channel = ? AND sent_at IS NULL AND next_attempt_at <= ? AND (? = 0 OR site_id = ?) LIMIT 1) due`
	sqlNotificationSent = `UPDATE notification_outbox SET sent_at = ?, provider_id = nullif(?, ''), error_kind = NULL, last_error = NULL
		WHERE id = ? AND sent_at IS NULL AND (? = 0 OR site_id = ?)`
	sqlNotificationFailed = `UPDATE notification_outbox SET error_kind = nullif(?, ''), last_error = ?, next_attempt_at = ?
		WHERE id = ? AND sent_at IS NULL AND (? = 0 OR site_id = ?)`
	notificationColumns = `id, site_id, form_id, submission_id, notice, channel, receiver, payload, attempts, attempt_base,
		limited, next_attempt_at, sent_at, provider_id, error_kind, last_error, created_at`
)

func init() {
	hotWriteQueries = append(hotWriteQueries, sqlEnqueueNotification, sqlNotificationsOfForm, sqlNotificationsToReceiver,
		sqlClaimNotifications, sqlNotificationSent, sqlNotificationFailed)
}

type notificationRow struct {
	ID            int64          `db:"id"`
	SiteID        int64          `db:"site_id"`
	FormID        int64          `db:"form_id"`
	SubmissionID  int64          `db:"submission_id"`
	Notice        int            `db:"notice"`
	Channel       string         `db:"channel"`
	Receiver      string         `db:"receiver"`
	Payload       string         `db:"payload"`
	Attempts      int            `db:"attempts"`
	AttemptBase   int            `db:"attempt_base"`
	Limited       bool           `db:"limited"`
	NextAttemptAt string         `db:"next_attempt_at"`
	SentAt        sql.NullString `db:"sent_at"`
	ProviderID    sql.NullString `db:"provider_id"`
	ErrorKind     sql.NullString `db:"error_kind"`
	LastError     sql.NullString `db:"last_error"`
	CreatedAt     string         `db:"created_at"`
}

func (r *notificationRow) toDomain() domain.Notification {
	return domain.Notification{ID: r.ID, SiteID: r.SiteID, FormID: r.FormID, SubmissionID: r.SubmissionID, Notice: r.Notice,
		Channel: r.Channel, Receiver: r.Receiver, Payload: json.RawMessage(r.Payload), Attempts: r.Attempts,
		AttemptBase: r.AttemptBase, Limited: r.Limited, NextAttemptAt: parseTime(r.NextAttemptAt), SentAt: parseTimePtr(r.SentAt),
		ProviderID: r.ProviderID.String, ErrorKind: r.ErrorKind.String, LastError: r.LastError.String, CreatedAt: parseTime(r.CreatedAt)}
}

func rowsToNotifications(rows []notificationRow) []domain.Notification {
	out := make([]domain.Notification, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// EnqueueNotifications adds notification deliveries owed, in the
// caller's transaction, and sets each entry's ID. Each entry is first
// held against limits: when the form has owed PerFormPerHour deliveries
// of the channel in the last hour, or the receiver PerReceiverPerHour
// from every form of the site, the entry is written Limited, failed at
// once (next_attempt_at WebhookNever) with ErrorKind saying which bound,
// and is never sent.
func (t *Tx) EnqueueNotifications(limits domain.NotificationLimits, entries ...*domain.Notification) error {
	since := formatTime(t.now.Add(-time.Hour))
	for _, e := range entries {
		if e.Channel != domain.ChannelSMS && e.Channel != domain.ChannelEmail {
			return fmt.Errorf("enqueue notification: unknown channel %q", e.Channel)
		}
		if e.Receiver == "" || !json.Valid(e.Payload) {
			return errors.New("enqueue notification: no receiver, or a payload that is not JSON")
		}
		if e.CreatedAt.IsZero() {
			e.CreatedAt = t.now
		}
		if e.NextAttemptAt.IsZero() {
			e.NextAttemptAt = e.CreatedAt
		}
		e.Limited, e.ErrorKind, e.LastError = false, "", ""
		if n := limits.PerFormPerHour; n > 0 {
			var c int
			if err := t.tx.GetContext(t.ctx, &c, sqlNotificationsOfForm, e.FormID, e.Channel, since, n); err != nil {
				return err
			}
			if c >= n {
				e.Limited, e.ErrorKind = true, domain.NotifyRateLimitedForm
				e.LastError = fmt.Sprintf("not sent: the form has owed %d %s deliveries in the last hour, its bound", n, e.Channel)
			}
		}
		if n := limits.PerReceiverPerHour; n > 0 && !e.Limited {
			var c int
			if err := t.tx.GetContext(t.ctx, &c, sqlNotificationsToReceiver, e.SiteID, e.Channel, e.Receiver, since, n); err != nil {
				return err
			}
			if c >= n {
				e.Limited, e.ErrorKind = true, domain.NotifyRateLimitedReceiver
				e.LastError = fmt.Sprintf("not sent: this receiver has been owed %d %s deliveries in the last hour, its bound", n, e.Channel)
			}
		}
		next := formatTime(e.NextAttemptAt)
		if e.Limited {
			next = WebhookNever
		}
		insert := sqlEnqueueNotification
		if t.mysql {
			insert = sqlEnqueueNotificationMySQL
		}
		res, err := t.tx.ExecContext(t.ctx, insert, e.SiteID, e.FormID, e.SubmissionID, e.Notice, e.Channel,
			e.Receiver, string(e.Payload), e.Limited, next, e.ErrorKind, e.LastError, formatTime(e.CreatedAt))
		if err != nil {
			return err
		}
		if e.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		if e.Limited {
			e.NextAttemptAt = parseTime(WebhookNever)
		}
		e.Attempts, e.AttemptBase, e.SentAt = 0, 0, nil
	}
	return nil
}

// ClaimNotifications takes up to n deliveries of channel due now, of
// site siteID (0: every site), most overdue first: each has its attempts
// raised by one and is not due again before lease has passed. Entries
// come back in id order; NextAttemptAt is the end of the lease.
func (db *DB) ClaimNotifications(ctx context.Context, channel string, siteID int64, n int, lease time.Duration) ([]domain.Notification, error) {
	if n <= 0 {
		return nil, nil
	}
	var due int
	if err := db.reads.GetContext(ctx, &due, sqlNotificationDue, channel, formatTime(db.now()), siteID, siteID); err != nil {
		return nil, err
	}
	if due == 0 {
		return nil, nil
	}
	var rows []notificationRow
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		rows = rows[:0]
		until := formatTime(tx.now.Add(lease))
		if tx.mysql {
			if err := tx.tx.SelectContext(tx.ctx, &rows, sqlClaimNotificationsMySQL, channel, tx.ts, siteID, siteID, n); err != nil {
				return err
			}
			if len(rows) == 0 {
				return nil
			}
			ids := make([]any, 0, len(rows)+1)
			ids = append(ids, until)
			for i := range rows {
				ids = append(ids, rows[i].ID)
				rows[i].Attempts++
				rows[i].NextAttemptAt = until
			}
			_, err := tx.tx.ExecContext(tx.ctx, "UPDATE notification_outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id IN (?"+
				strings.Repeat(", ?", len(rows)-1)+")", ids...)
			return err
		}
		return tx.tx.SelectContext(tx.ctx, &rows, sqlClaimNotifications, until, channel, tx.ts, siteID, siteID, n)
	})
	if err != nil {
		return nil, err
	}
	return rowsToNotifications(rows), nil
}

// MarkNotificationSent records that delivery id left (providerID: the
// provider's message id, if any). siteID 0 matches any site; a row of
// another site, or sent already, is left as it is and reported false.
func (db *DB) MarkNotificationSent(ctx context.Context, siteID, id int64, providerID string) (bool, error) {
	var n int64
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		res, err := tx.tx.ExecContext(tx.ctx, sqlNotificationSent, tx.ts, providerID, id, siteID, siteID)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}

// MarkNotificationFailed records why an attempt at delivery id failed
// and when to try again; a zero retryAt gives it up. A row sent
// meanwhile stays sent (reported false).
func (db *DB) MarkNotificationFailed(ctx context.Context, siteID, id int64, kind, lastErr string, retryAt time.Time) (bool, error) {
	next := WebhookNever
	if !retryAt.IsZero() {
		next = formatTime(retryAt)
	}
	lastErr = truncateUTF8(lastErr, maxLastError)
	var n int64
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		res, err := tx.tx.ExecContext(tx.ctx, sqlNotificationFailed, kind, lastErr, next, id, siteID, siteID)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n > 0, err
}

// Notifications lists the deliveries of submission submissionID of site
// siteID, oldest first.
func (db *DB) Notifications(ctx context.Context, siteID, submissionID int64) ([]domain.Notification, error) {
	var rows []notificationRow
	err := db.reads.SelectContext(ctx, &rows, "SELECT "+notificationColumns+
		" FROM notification_outbox WHERE submission_id = ? AND site_id = ? ORDER BY id", submissionID, siteID)
	if err != nil {
		return nil, err
	}
	return rowsToNotifications(rows), nil
}

// Notification is one delivery of site siteID; NOT_FOUND when there is
// none (another site's is not found either).
func (db *DB) Notification(ctx context.Context, siteID, id int64) (*domain.Notification, error) {
	var r notificationRow
	err := db.reads.GetContext(ctx, &r, "SELECT "+notificationColumns+" FROM notification_outbox WHERE id = ? AND site_id = ?", id, siteID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "no such delivery")
	}
	if err != nil {
		return nil, err
	}
	n := r.toDomain()
	return &n, nil
}

// RetryNotification makes a failed delivery of site siteID due now, its
// attempts so far set aside (attempt_base), and returns it. Only a
// delivery given up can be retried: one pending, retrying or sent is
// CONFLICT; one of another site NOT_FOUND. A delivery an hourly bound
// refused is retried as any other: the administrator chose to send it.
func (db *DB) RetryNotification(ctx context.Context, siteID, id int64) (*domain.Notification, error) {
	var out *domain.Notification
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		var r notificationRow
		err := tx.tx.GetContext(tx.ctx, &r, "SELECT "+notificationColumns+" FROM notification_outbox WHERE id = ? AND site_id = ?", id, siteID)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.Errorf(domain.CodeNotFound, "no such delivery")
		}
		if err != nil {
			return err
		}
		if r.SentAt.Valid || r.NextAttemptAt != WebhookNever {
			return domain.Errorf(domain.CodeConflict, "only a failed delivery can be retried; this one is sent or still being tried").With("delivery_id", id)
		}
		if _, err := tx.tx.ExecContext(tx.ctx, `UPDATE notification_outbox SET next_attempt_at = ?, attempt_base = attempts, limited = 0
			WHERE id = ?`, tx.ts, id); err != nil {
			return err
		}
		r.NextAttemptAt, r.AttemptBase, r.Limited = tx.ts, r.Attempts, false
		n := r.toDomain()
		out = &n
		return nil
	})
	return out, err
}

// PendingNotifications counts the deliveries still owed: neither sent nor
// given up.
func (db *DB) PendingNotifications(ctx context.Context) (int64, error) {
	var n int64
	err := db.reads.GetContext(ctx, &n, `SELECT count(*) FROM notification_outbox
		WHERE sent_at IS NULL AND next_attempt_at < ?`, WebhookNever)
	return n, err
}

// ClearSentNotifications empties the message of at most limit deliveries
// sent before before, oldest first, masks their receiver (0912***4567,
// s***@example.com) and reports how many it cleared: a sent text or mail
// holds a respondent's number or address and answers, kept only as long
// as the retention the worker is given. The row stays in the entry's log.
func (db *DB) ClearSentNotifications(ctx context.Context, before time.Time, limit int) (int, error) {
	var n int64
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		q := `UPDATE notification_outbox SET payload = '',
			receiver = CASE
				WHEN receiver = 'admin' THEN receiver
				WHEN channel = 'sms' AND length(receiver) >= 8 THEN substr(receiver, 1, 4) || '***' || substr(receiver, -4)
				WHEN channel = 'email' AND instr(receiver, '@') > 1 THEN substr(receiver, 1, 1) || '***' || substr(receiver, instr(receiver, '@'))
				ELSE '***' END
			WHERE id IN (SELECT id FROM notification_outbox INDEXED BY notification_outbox_sent
				WHERE sent_at IS NOT NULL AND payload <> '' AND sent_at < ? ORDER BY sent_at LIMIT ?)`
		if tx.mysql {
			// || is OR there, and an IN subquery takes no LIMIT; a
			// single-table UPDATE takes ORDER BY and LIMIT itself.
			// char_length counts characters, as SQLite's length does.
			q = `UPDATE notification_outbox SET payload = '',
				receiver = CASE
					WHEN receiver = 'admin' THEN receiver
					WHEN channel = 'sms' AND char_length(receiver) >= 8 THEN concat(substr(receiver, 1, 4), '***', substr(receiver, -4))
					WHEN channel = 'email' AND instr(receiver, '@') > 1 THEN concat(substr(receiver, 1, 1), '***', substr(receiver, instr(receiver, '@')))
					ELSE '***' END
				WHERE sent_at IS NOT NULL AND payload <> '' AND sent_at < ? ORDER BY sent_at LIMIT ?`
		}
		res, err := tx.tx.ExecContext(tx.ctx, q, formatTime(before), limit)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
