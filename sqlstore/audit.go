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
// serial writer. On MariaDB and MySQL the rows take the host's own ids
// (idblocks.go) and are held back for the call's next packet, which is
// usually its commit.
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
	columns := auditColumns
	if t.ids != nil {
		columns++
	}
	args := make([]any, 0, len(entries)*columns)
	ids := make([]int64, len(entries))
	for i, e := range entries {
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
		if t.ids != nil {
			id, err := t.ids.take(t.ctx, "audit_log")
			if err != nil {
				return err
			}
			ids[i] = id
			args = append(args, id)
		}
		args = append(args, siteID, t.ts, e.ReqID, e.Actor, e.Action, e.FormID, e.BeforeVersionID, e.AfterVersionID, hash, details)
	}
	if t.ids != nil {
		if err := t.execUnread(sqlInsertAuditID[len(entries)-1], args...); err != nil {
			return fmt.Errorf("insert audit: %w", err)
		}
		for i, e := range entries {
			e.ID, e.TS = ids[i], t.now
		}
		return nil
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
	q := auditSelect + " WHERE undo_token_hash = ? AND site_id = ?"
	if t.mysql {
		// Locked until the commit: a second host undoing the same token
		// waits, then finds it undone, as a single host's next call does.
		q += " FOR UPDATE"
	}
	if err := t.tx.GetContext(t.ctx, &r, q, hash, siteID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.Errorf(domain.CodeNotFound, "unknown undo token")
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
		return domain.Errorf(domain.CodeAlreadyUndone, "this change was already undone")
	}
	return nil
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
