package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

type auditRow struct {
	ID              int64          `db:"id"`
	TS              string         `db:"ts"`
	ReqID           string         `db:"req_id"`
	Actor           int64          `db:"actor"`
	Action          string         `db:"action"`
	FormID          sql.NullInt64  `db:"form_id"`
	BeforeVersionID sql.NullInt64  `db:"before_version_id"`
	AfterVersionID  sql.NullInt64  `db:"after_version_id"`
	UndoTokenHash   sql.NullString `db:"undo_token_hash"`
	UndoneAt        sql.NullString `db:"undone_at"`
	UndoneBy        sql.NullInt64  `db:"undone_by"`
	Details         string         `db:"details"`
}

const auditSelect = `SELECT id, ts, req_id, actor, action, form_id, before_version_id, after_version_id,
	undo_token_hash, undone_at, undone_by, details FROM audit_log`

func nullInt(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}

func (r *auditRow) toDomain() domain.AuditEntry {
	return domain.AuditEntry{
		ID: r.ID, TS: parseTime(r.TS), ReqID: r.ReqID, Actor: r.Actor, Action: r.Action,
		FormID: nullInt(r.FormID), BeforeVersionID: nullInt(r.BeforeVersionID), AfterVersionID: nullInt(r.AfterVersionID),
		UndoTokenHash: r.UndoTokenHash.String, UndoneAt: parseTimePtr(r.UndoneAt), UndoneBy: nullInt(r.UndoneBy),
		Details: json.RawMessage(r.Details),
	}
}

// ListAudit pages the site's audit log newest first.
func (db *DB) ListAudit(ctx context.Context, q domain.AuditQuery) ([]domain.AuditEntry, error) {
	query := auditSelect + " WHERE site_id = ?"
	args := []any{q.SiteID}
	if q.FormID != nil {
		query += " AND form_id = ?"
		args = append(args, *q.FormID)
	}
	if q.BeforeID > 0 {
		query += " AND id < ?"
		args = append(args, q.BeforeID)
	}
	if q.Limit <= 0 {
		q.Limit = 50
	}
	query += " ORDER BY id DESC LIMIT ?"
	args = append(args, q.Limit)
	var rows []auditRow
	if err := db.reads.SelectContext(ctx, &rows, query, args...); err != nil {
		return nil, err
	}
	out := make([]domain.AuditEntry, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// InsertAudit writes the entries' audit rows, of the site, up to
// maxAuditRows to a statement: a plan's steps are audited together, and
// one statement per row cost each step a full statement run in the
// serial writer.
func (t *Tx) InsertAudit(siteID int64, entries ...*domain.AuditEntry) error {
	for len(entries) > 0 {
		n := min(len(entries), maxAuditRows)
		if err := t.insertAuditRows(siteID, entries[:n]); err != nil {
			return err
		}
		entries = entries[n:]
	}
	return nil
}

func (t *Tx) insertAuditRows(siteID int64, entries []*domain.AuditEntry) error {
	args := make([]any, 0, len(entries)*auditColumns)
	for _, e := range entries {
		details := string(e.Details)
		if details == "" {
			details = "{}"
		} else if !json.Valid(e.Details) {
			return errors.New("insert audit: the details are not valid JSON")
		}
		var hash any
		if e.UndoTokenHash != "" {
			hash = e.UndoTokenHash
		}
		args = append(args, siteID, t.ts, e.ReqID, e.Actor, e.Action, e.FormID, e.BeforeVersionID, e.AfterVersionID, hash, details)
	}
	res, err := t.tx.ExecContext(t.ctx, sqlInsertAudit[len(entries)-1], args...)
	if err != nil {
		return fmt.Errorf("insert audit: %w", err)
	}
	last, err := res.LastInsertId()
	if err != nil {
		return err
	}
	// The rows of one statement take consecutive rowids, one past the
	// largest: nothing else writes, and rows are never deleted.
	for i, e := range entries {
		e.ID, e.TS = last-int64(len(entries)-1-i), t.now
	}
	return nil
}

// AuditByTokenHash finds the site's audit row an undo token belongs to;
// a token of another site is as unknown as one never issued.
func (t *Tx) AuditByTokenHash(siteID int64, hash string) (*domain.AuditEntry, error) {
	var r auditRow
	if err := t.tx.GetContext(t.ctx, &r, auditSelect+" WHERE undo_token_hash = ? AND site_id = ?", hash, siteID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.Errorf(domain.CodeNotFound, "unknown undo token", "توکن بازگردانی معتبر نیست")
		}
		return nil, err
	}
	e := r.toDomain()
	return &e, nil
}

// MarkUndone records that an audited change was undone.
func (t *Tx) MarkUndone(auditID, by int64) error {
	res, err := t.tx.ExecContext(t.ctx, "UPDATE audit_log SET undone_at = ?, undone_by = ? WHERE id = ? AND undone_at IS NULL",
		t.ts, by, auditID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Errorf(domain.CodeAlreadyUndone, "this change was already undone", "این تغییر پیش‌تر بازگردانده شده است")
	}
	return nil
}

type jobRow struct {
	ReqID           string         `db:"req_id"`
	Actor           int64          `db:"actor"`
	FormID          int64          `db:"form_id"`
	Intent          string         `db:"intent"`
	Status          string         `db:"status"`
	Progress        float64        `db:"progress"`
	Phases          string         `db:"phases"`
	ErrorCode       sql.NullString `db:"error_code"`
	ErrorMessage    sql.NullString `db:"error_message"`
	ResultVersionID sql.NullInt64  `db:"result_version_id"`
	Result          sql.NullString `db:"result"`
	CreatedAt       string         `db:"created_at"`
	UpdatedAt       string         `db:"updated_at"`
	FinishedAt      sql.NullString `db:"finished_at"`
	SiteID          int64          `db:"site_id"`
}

// GetJob returns a Hosha2 job of the site by request id; a job of
// another site is NOT_FOUND.
func (db *DB) GetJob(ctx context.Context, siteID int64, reqID string) (*domain.Job, error) {
	var r jobRow
	if err := db.reads.GetContext(ctx, &r, "SELECT * FROM jobs WHERE req_id = ? AND site_id = ?", reqID, siteID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.NotFound("request", "درخواست", reqID)
		}
		return nil, err
	}
	j := &domain.Job{
		ReqID: r.ReqID, Actor: r.Actor, FormID: r.FormID, Intent: r.Intent, Status: r.Status,
		Progress: r.Progress, ErrorCode: r.ErrorCode.String, ErrorMessage: r.ErrorMessage.String,
		ResultVersionID: nullInt(r.ResultVersionID), CreatedAt: parseTime(r.CreatedAt), UpdatedAt: parseTime(r.UpdatedAt),
		FinishedAt: parseTimePtr(r.FinishedAt),
	}
	if err := json.Unmarshal([]byte(r.Phases), &j.Phases); err != nil {
		return nil, err
	}
	if r.Result.Valid {
		j.Result = json.RawMessage(r.Result.String)
	}
	return j, nil
}

// PutJob inserts a job row of the site, or updates it when the row is
// the same actor's of the same site and still queued or running. Job ids
// are the callers' request ids, so a row of that id owned by another
// actor or site, or one already finished, is a CONFLICT and is left as it
// was: a caller can never take over someone else's job, nor rewrite a
// finished one, by naming its id.
func (t *Tx) PutJob(siteID int64, j *domain.Job) error {
	phases, err := json.Marshal(j.Phases)
	if err != nil {
		return err
	}
	if j.Phases == nil {
		phases = []byte("[]")
	}
	var result, finished, code, msg any
	if len(j.Result) > 0 {
		if !json.Valid(j.Result) {
			return errors.New("put job: the result is not valid JSON")
		}
		result = string(j.Result)
	}
	if j.FinishedAt != nil {
		finished = formatTime(*j.FinishedAt)
	}
	if j.ErrorCode != "" {
		code = j.ErrorCode
	}
	if j.ErrorMessage != "" {
		msg = j.ErrorMessage
	}
	created := j.CreatedAt
	if created.IsZero() {
		created = t.now
		j.CreatedAt = created
	}
	j.UpdatedAt = t.now
	res, err := t.tx.ExecContext(t.ctx, `INSERT INTO jobs (site_id, req_id, actor, form_id, intent, status, progress, phases,
		error_code, error_message, result_version_id, result, created_at, updated_at, finished_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (req_id) DO UPDATE SET status = excluded.status, progress = excluded.progress,
		phases = excluded.phases, error_code = excluded.error_code, error_message = excluded.error_message,
		result_version_id = excluded.result_version_id, result = excluded.result,
		updated_at = excluded.updated_at, finished_at = excluded.finished_at
		WHERE jobs.actor = excluded.actor AND jobs.site_id = excluded.site_id AND jobs.status IN ('queued', 'running')`,
		siteID, j.ReqID, j.Actor, j.FormID, j.Intent, j.Status, j.Progress, string(phases), code, msg,
		j.ResultVersionID, result, formatTime(created), t.ts, finished)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.CodeConflict, "a request with this req_id already exists; send a new req_id", "درخواستی با این شناسه (req_id) وجود دارد؛ شناسهٔ تازه‌ای بفرستید")
	}
	return nil
}

// FailRunningJobs marks every job left queued or running by a previous
// process as failed: nothing can still be working on it. Code and
// message are those of a job the daemon stops under on shutdown
// (UNAVAILABLE, "daemon restarted"): the user did nothing, and sending
// the request again will do it.
func (db *DB) FailRunningJobs(ctx context.Context) (int64, error) {
	now := formatTime(db.now())
	res, err := db.write.ExecContext(ctx, `UPDATE jobs SET status = 'failed', error_code = 'UNAVAILABLE',
		error_message = 'the daemon restarted while this request was running; send it again', updated_at = ?, finished_at = ?
		WHERE status IN ('queued', 'running')`, now, now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Purge deletes finished Hosha2 jobs that finished before jobsBefore and
// audit rows written before auditBefore (a zero time keeps them all),
// and says how many of each went. Versions are never purged: submissions
// name the version they answered, and undo tokens and rollbacks the ones
// they restore.
func (db *DB) Purge(ctx context.Context, jobsBefore, auditBefore time.Time) (jobs, audit int64, err error) {
	err = db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		jobs, audit = 0, 0
		if !jobsBefore.IsZero() {
			res, err := t.tx.ExecContext(t.ctx, "DELETE FROM jobs WHERE finished_at IS NOT NULL AND finished_at < ?", formatTime(jobsBefore))
			if err != nil {
				return err
			}
			jobs, _ = res.RowsAffected()
		}
		if !auditBefore.IsZero() {
			res, err := t.tx.ExecContext(t.ctx, "DELETE FROM audit_log WHERE ts < ?", formatTime(auditBefore))
			if err != nil {
				return err
			}
			audit, _ = res.RowsAffected()
		}
		return nil
	})
	return jobs, audit, err
}
