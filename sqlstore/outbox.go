package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The webhook outbox. A row is written in the submission's own
// transaction (EnqueueWebhooks), so a submission acknowledged is a
// delivery owed; the delivery worker claims due rows, posts them and
// marks each delivered or failed. Its columns are used so:
//   - attempts counts the attempts begun: a claim adds one before the
//     POST, so an attempt cut short by a crash still counts, and a
//     payload that brings the daemon down cannot be retried for ever;
//   - next_attempt_at is when the row is next due. A claim moves it a
//     lease ahead, so that a row whose worker died comes due again by
//     itself, and no other worker (another process on the same file)
//     takes it while the POST runs;
//   - a delivery given up keeps delivered_at NULL and has next_attempt_at
//     WebhookNever, past every due time, so it leaves the due index's
//     range and is no longer counted as pending; last_error says why.
//
// Times are compared as stored text (RFC 3339, UTC). formatTime drops
// trailing zeros of the fraction, so two times within the same second
// may compare in the wrong order: a row can come due up to a second
// early or late, which the worker's one-second poll hides anyway.

// WebhookNever is the next_attempt_at of a delivery given up.
const WebhookNever = "9999-12-31T23:59:59Z"

// maxLastError bounds last_error: the worker's message and at most the
// start of a receiver's reply, not a whole error page.
const maxLastError = 500

const (
	sqlEnqueueWebhook = `INSERT INTO webhook_outbox (id, site_id, form_id, submission_id, url, payload,
		next_attempt_at, created_at) VALUES (
		max(coalesce((SELECT max(id) FROM webhook_outbox), 0), (SELECT last_id FROM id_floors WHERE name = 'webhook_outbox')) + 1,
		?, ?, ?, ?, ?, ?, ?)`
	sqlEnqueueWebhookMySQL = `INSERT INTO webhook_outbox (site_id, form_id, submission_id, url, payload,
		next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`
	// Hosts claim rows each for itself: the rows due are locked, those
	// another host has locked skipped, and the lease written before the
	// commit, so a row is posted by one host at a time, and by another
	// once its lease has run out.
	sqlClaimWebhooksMySQL = `SELECT id, site_id, form_id, submission_id, url, payload, attempts, next_attempt_at, created_at
		FROM webhook_outbox WHERE delivered_at IS NULL AND next_attempt_at <= ?
		ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED`
	// The subquery walks webhook_outbox_due (next_attempt_at, then rowid)
	// from the oldest due time, so a claim reads only what it takes
	// however long the backlog.
	sqlClaimWebhooks = `UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = ?
		WHERE id IN (SELECT id FROM webhook_outbox WHERE delivered_at IS NULL AND next_attempt_at <= ?
			ORDER BY next_attempt_at, id LIMIT ?)
		RETURNING id, site_id, form_id, submission_id, url, payload, attempts, next_attempt_at, created_at`
	sqlWebhookDue = `SELECT count(*) FROM (SELECT 1 FROM webhook_outbox
		WHERE delivered_at IS NULL AND next_attempt_at <= ? LIMIT 1) due`
	sqlWebhookDelivered = `UPDATE webhook_outbox SET delivered_at = ?, last_error = NULL
		WHERE id = ? AND delivered_at IS NULL`
	sqlWebhookFailed = `UPDATE webhook_outbox SET last_error = ?, next_attempt_at = ?
		WHERE id = ? AND delivered_at IS NULL`
)

// The insert runs inside every submission's transaction and the marks
// once per delivery, so they join the writer's prepared statements.
func init() {
	hotWriteQueries = append(hotWriteQueries, sqlEnqueueWebhook, sqlClaimWebhooks, sqlWebhookDelivered, sqlWebhookFailed)
}

// EnqueueWebhooks adds deliveries owed, in the caller's transaction, and
// sets each entry's ID. An entry without CreatedAt is created now; one
// without NextAttemptAt is due at once. Attempts, DeliveredAt and
// LastError are ignored: a new delivery has none.
func (t *Tx) EnqueueWebhooks(entries ...*domain.OutboxEntry) error {
	for _, e := range entries {
		if e.URL == "" {
			return errors.New("enqueue webhook: no URL")
		}
		if !json.Valid(e.Payload) {
			return fmt.Errorf("enqueue webhook to %s: the payload is not valid JSON", e.URL)
		}
		if e.CreatedAt.IsZero() {
			e.CreatedAt = t.now
		}
		if e.NextAttemptAt.IsZero() {
			e.NextAttemptAt = e.CreatedAt
		}
		insert := sqlEnqueueWebhook
		if t.mysql {
			insert = sqlEnqueueWebhookMySQL
		}
		res, err := t.tx.ExecContext(t.ctx, insert, e.SiteID, e.FormID, e.SubmissionID, e.URL,
			string(e.Payload), formatTime(e.NextAttemptAt), formatTime(e.CreatedAt))
		if err != nil {
			return err
		}
		if e.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		e.Attempts, e.DeliveredAt, e.LastError = 0, nil, ""
	}
	return nil
}

type outboxRow struct {
	ID            int64  `db:"id"`
	SiteID        int64  `db:"site_id"`
	FormID        int64  `db:"form_id"`
	SubmissionID  int64  `db:"submission_id"`
	URL           string `db:"url"`
	Payload       string `db:"payload"`
	Attempts      int    `db:"attempts"`
	NextAttemptAt string `db:"next_attempt_at"`
	CreatedAt     string `db:"created_at"`
}

// ClaimWebhooks takes up to n deliveries due now, most overdue first:
// each has its attempts raised by one (this attempt included) and is not
// due again before lease has passed, by which time it is marked
// delivered or failed, or its worker is gone. Entries come back in id
// order; NextAttemptAt is the end of the lease.
func (db *DB) ClaimWebhooks(ctx context.Context, n int, lease time.Duration) ([]domain.OutboxEntry, error) {
	if n <= 0 {
		return nil, nil
	}
	// The worker asks every second; asking the read pool first keeps an
	// idle outbox from taking the writer's turn each time.
	var due int
	if err := db.reads.GetContext(ctx, &due, sqlWebhookDue, formatTime(db.now())); err != nil {
		return nil, err
	}
	if due == 0 {
		return nil, nil
	}
	var rows []outboxRow
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		rows = rows[:0]
		if tx.mysql {
			if err := tx.tx.SelectContext(tx.ctx, &rows, sqlClaimWebhooksMySQL, tx.ts, n); err != nil {
				return err
			}
			until := formatTime(tx.now.Add(lease))
			for i := range rows {
				if _, err := tx.tx.ExecContext(tx.ctx, "UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
					until, rows[i].ID); err != nil {
					return err
				}
				rows[i].Attempts++
				rows[i].NextAttemptAt = until
			}
			return nil
		}
		return tx.tx.SelectContext(tx.ctx, &rows, sqlClaimWebhooks, formatTime(tx.now.Add(lease)), tx.ts, n)
	})
	if err != nil {
		return nil, err
	}
	out := make([]domain.OutboxEntry, len(rows))
	for i, r := range rows {
		out[i] = domain.OutboxEntry{ID: r.ID, SiteID: r.SiteID, FormID: r.FormID, SubmissionID: r.SubmissionID,
			URL: r.URL, Payload: json.RawMessage(r.Payload), Attempts: r.Attempts,
			NextAttemptAt: parseTime(r.NextAttemptAt), CreatedAt: parseTime(r.CreatedAt)}
	}
	// RETURNING gives rows in no promised order.
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// MarkWebhookDelivered records that the receiver accepted delivery id.
// A row already delivered keeps its first time, and a row gone with its
// submission is no error.
func (db *DB) MarkWebhookDelivered(ctx context.Context, id int64) error {
	return db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		_, err := tx.tx.ExecContext(tx.ctx, sqlWebhookDelivered, tx.ts, id)
		return err
	})
}

// MarkWebhookFailed records why an attempt at delivery id failed and when
// to try again; a zero retryAt gives the delivery up (next_attempt_at
// WebhookNever). lastErr is cut to 500 bytes on a character boundary. A
// row delivered meanwhile (an earlier attempt's answer came late) stays
// delivered.
func (db *DB) MarkWebhookFailed(ctx context.Context, id int64, lastErr string, retryAt time.Time) error {
	next := WebhookNever
	if !retryAt.IsZero() {
		next = formatTime(retryAt)
	}
	lastErr = truncateUTF8(lastErr, maxLastError)
	return db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		_, err := tx.tx.ExecContext(tx.ctx, sqlWebhookFailed, lastErr, next, id)
		return err
	})
}

// PendingWebhooks counts the deliveries still owed: neither delivered nor
// given up, due now or later.
func (db *DB) PendingWebhooks(ctx context.Context) (int64, error) {
	var n int64
	err := db.reads.GetContext(ctx, &n, `SELECT count(*) FROM webhook_outbox
		WHERE delivered_at IS NULL AND next_attempt_at < ?`, WebhookNever)
	return n, err
}

// WebhookSecret is the key site siteID's webhook bodies are signed
// with: 64 lowercase hex digits of its own, made on the first delivery
// of the site and kept (site_secrets, migration 0008; site 1 keeps the
// database's former single secret). The text itself is the HMAC key, so
// that a receiver pastes it as it is.
func (db *DB) WebhookSecret(ctx context.Context, siteID int64) (string, error) {
	var s string
	err := db.reads.GetContext(ctx, &s, "SELECT value FROM site_secrets WHERE site_id = ? AND name = 'webhook_secret'", siteID)
	if err == nil && s != "" {
		return s, nil
	}
	if !errors.Is(err, sql.ErrNoRows) && err != nil {
		return "", err
	}
	err = db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		// Another writer may have made it first: keep that one.
		if _, err := tx.tx.ExecContext(tx.ctx, `INSERT INTO site_secrets (site_id, name, value, created_at)
			VALUES (?, 'webhook_secret', ?, ?) ON CONFLICT DO NOTHING`, siteID, newSecret(), tx.ts); err != nil {
			return err
		}
		return tx.tx.GetContext(tx.ctx, &s, "SELECT value FROM site_secrets WHERE site_id = ? AND name = 'webhook_secret'", siteID)
	})
	return s, err
}

// ClearDeliveredWebhookBodies empties the payload of at most limit
// deliveries delivered before before, oldest first, and reports how many
// it emptied: a delivered body is a second copy of a respondent's
// answers, kept only as long as the retention the worker is given. The
// row stays, with its id, URL and times.
func (db *DB) ClearDeliveredWebhookBodies(ctx context.Context, before time.Time, limit int) (int, error) {
	var n int64
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		q := `UPDATE webhook_outbox SET payload = '' WHERE id IN (
			SELECT id FROM webhook_outbox INDEXED BY webhook_outbox_delivered
			WHERE delivered_at IS NOT NULL AND payload <> '' AND delivered_at < ? ORDER BY delivered_at LIMIT ?)`
		if tx.mysql {
			// No LIMIT in an IN subquery there; a single-table UPDATE
			// takes ORDER BY and LIMIT itself.
			q = `UPDATE webhook_outbox SET payload = ''
				WHERE delivered_at IS NOT NULL AND payload <> '' AND delivered_at < ? ORDER BY delivered_at LIMIT ?`
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

// RotateWebhookSecret gives site siteID a new webhook secret and returns
// it; deliveries signed from now on use it.
func (db *DB) RotateWebhookSecret(ctx context.Context, siteID int64) (string, error) {
	var s string
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		s = newSecret()
		_, err := tx.tx.ExecContext(tx.ctx, `INSERT INTO site_secrets (site_id, name, value, created_at)
			VALUES (?, 'webhook_secret', ?, ?)
			ON CONFLICT (site_id, name) DO UPDATE SET value = excluded.value, created_at = excluded.created_at`, siteID, s, tx.ts)
		return err
	})
	return s, err
}

// newSecret is 64 lowercase hex digits of crypto/rand.
func newSecret() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return hex.EncodeToString(b[:])
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
