package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

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
	if err := db.reads.GetContext(ctx, &r, `SELECT req_id, actor, form_id, intent, status, progress, phases, error_code, error_message,
		result_version_id, result, created_at, updated_at, finished_at, site_id FROM jobs WHERE req_id = ? AND site_id = ?`, reqID, siteID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.Errorf(domain.CodeNotFound, "request %v was not found", reqID)
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
	if t.mysql {
		return t.putJobMySQL(siteID, j, string(phases), code, msg, result, created, finished)
	}
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
		return domain.Errorf(domain.CodeConflict, "a request with this req_id already exists; send a new req_id")
	}
	return nil
}

// FailRunningJobs marks every job left queued or running by a previous
// process as failed: nothing can still be working on it. Code and
// message are those of a job the daemon stops under on shutdown
// (UNAVAILABLE, "daemon restarted"): the user did nothing, and sending
// the request again will do it.
//
// On MariaDB and MySQL only this host's jobs are failed, and those of
// no host (moved by copy-store): the others' are still running on their
// hosts.
func (db *DB) FailRunningJobs(ctx context.Context) (int64, error) {
	now := formatTime(db.now())
	q := `UPDATE jobs SET status = 'failed', error_code = 'UNAVAILABLE',
		error_message = 'the daemon restarted while this request was running; send it again', updated_at = ?, finished_at = ?
		WHERE status IN ('queued', 'running')`
	args := []any{now, now}
	if db.mysql != nil {
		q += " AND (host = ? OR host = '')"
		args = append(args, db.host)
	}
	res, err := db.write.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// putJobMySQL is PutJob on MariaDB and MySQL, whose upsert takes no
// condition: the row is locked and read, then inserted or updated. A row
// inserted by another host in between makes the insert fail on the key,
// and the call is run again, to find that row.
func (t *Tx) putJobMySQL(siteID int64, j *domain.Job, phases string, code, msg, result any, created time.Time, finished any) error {
	var cur struct {
		Actor  int64  `db:"actor"`
		SiteID int64  `db:"site_id"`
		Status string `db:"status"`
	}
	err := t.tx.GetContext(t.ctx, &cur, "SELECT actor, site_id, status FROM jobs WHERE req_id = ? FOR UPDATE", j.ReqID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = t.tx.ExecContext(t.ctx, `INSERT INTO jobs (site_id, host, req_id, actor, form_id, intent, status, progress, phases,
			error_code, error_message, result_version_id, result, created_at, updated_at, finished_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			siteID, t.host, j.ReqID, j.Actor, j.FormID, j.Intent, j.Status, j.Progress, phases, code, msg,
			j.ResultVersionID, result, formatTime(created), t.ts, finished)
		if err != nil && mysqlErrno(err) == erDupEntry {
			return &raceError{err}
		}
		return err
	case err != nil:
		return err
	}
	if cur.Actor != j.Actor || cur.SiteID != siteID || (cur.Status != "queued" && cur.Status != "running") {
		return domain.Errorf(domain.CodeConflict, "a request with this req_id already exists; send a new req_id")
	}
	_, err = t.tx.ExecContext(t.ctx, `UPDATE jobs SET status = ?, progress = ?, phases = ?, error_code = ?, error_message = ?,
		result_version_id = ?, result = ?, updated_at = ?, finished_at = ? WHERE req_id = ?`,
		j.Status, j.Progress, phases, code, msg, j.ResultVersionID, result, t.ts, finished, j.ReqID)
	return err
}

// RequestJobCancel records that Hosha2 job reqID is to stop, for the
// host running it to see (WatchJobCancel): several hosts share a MariaDB
// or MySQL store, and the cancel may reach another host than the job.
func (db *DB) RequestJobCancel(ctx context.Context, reqID string) error {
	if db.mysql == nil {
		return ErrNoSharedWindows
	}
	return db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		_, err := t.tx.ExecContext(t.ctx, `INSERT INTO job_cancels (req_id, requested_at) VALUES (?, ?)
			ON CONFLICT (req_id) DO UPDATE SET requested_at = excluded.requested_at`, reqID, t.ts)
		return err
	})
}

// JobCancelRequested says whether a cancel of job reqID was recorded.
func (db *DB) JobCancelRequested(ctx context.Context, reqID string) (bool, error) {
	if db.mysql == nil {
		return false, ErrNoSharedWindows
	}
	var n int
	err := db.read.GetContext(ctx, &n, "SELECT count(*) FROM job_cancels WHERE req_id = ?", reqID)
	return n > 0, err
}

// StartJobCapped records j, of the site, as started unless max jobs are
// queued or running already on all the hosts sharing the store, and says
// whether it did. A job whose row has not been written for staleAfter
// is not counted: its host died (the restart of that host marks it
// failed), or it waits on a slow model between two phases. Starts take
// turns on one rate_keys row, so that two hosts cannot both take the
// last slot. MariaDB and MySQL only: one host counts its own jobs.
func (db *DB) StartJobCapped(ctx context.Context, siteID int64, j *domain.Job, max int, staleAfter time.Duration) (bool, error) {
	if db.mysql == nil {
		return false, ErrNoSharedWindows
	}
	started := false
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		started = false
		if _, err := t.tx.ExecContext(t.ctx, `INSERT INTO rate_keys (scope, key, touched) VALUES ('hosha2_running', 0, ?)
			ON CONFLICT (scope, key) DO UPDATE SET touched = excluded.touched`, t.now.UnixMicro()); err != nil {
			return err
		}
		var n int
		if err := t.tx.GetContext(t.ctx, &n, "SELECT count(*) FROM jobs WHERE status IN ('queued', 'running') AND updated_at > ?",
			formatTime(t.now.Add(-staleAfter))); err != nil {
			return err
		}
		if n >= max {
			return nil
		}
		if err := t.PutJob(siteID, j); err != nil {
			return err
		}
		started = true
		return nil
	})
	return started, err
}
