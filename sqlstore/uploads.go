package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The rows of uploaded files (migration 0004, table uploads). The bytes
// live in the daemon's upload directory (daemon/uploads); a row names
// them by stored_name, a random name that never leaves the daemon.

// storedUploads turns rows of uploads (uploadRow, uploadSelect) into
// domain uploads.
func storedUploads(rows []uploadRow) []domain.Upload {
	out := make([]domain.Upload, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out
}

// PendingUploadBytes is the size of the form's uploads no submission has
// claimed yet.
func (db *DB) PendingUploadBytes(ctx context.Context, formID int64) (int64, error) {
	var n int64
	err := db.reads.GetContext(ctx, &n, "SELECT coalesce(sum(size), 0) FROM uploads WHERE form_id = ? AND submission_id IS NULL", formID)
	return n, err
}

// sqlUploadUsage reads a form's and its site's bytes of files.
const sqlUploadUsage = `SELECT coalesce(sum(CASE WHEN form_id = ? THEN bytes END), 0) AS form, coalesce(sum(bytes), 0) AS site
	FROM upload_usage WHERE site_id = ?`

type usage struct {
	Form int64 `db:"form"`
	Site int64 `db:"site"`
}

// UploadUsage is the bytes of uploaded files, pending or claimed, that
// form formID and the whole of site siteID keep (upload_usage, kept by
// triggers, migration 0008).
func (db *DB) UploadUsage(ctx context.Context, siteID, formID int64) (formBytes, siteBytes int64, err error) {
	var u usage
	err = db.reads.GetContext(ctx, &u, sqlUploadUsage, formID, siteID)
	return u.Form, u.Site, err
}

// The refusals of InsertPendingUpload: each names the limit in
// data.limit.
var (
	errPendingFull = domain.Errorf(domain.CodeTooLarge, "this form holds too many files not yet sent with an answer; send your answers, or try again later").With("limit", "pending_bytes")
)

// InsertPendingUpload records a received file as pending (no
// submission) with the transaction's time, unless the form's pending
// bytes would then pass lim.MaxPending (TOO_LARGE, data.limit
// "pending_bytes") or the form's or site's files their quota
// ("form_quota", "site_quota"): the sums are read in the same write
// transaction, so uploads finishing together cannot pass a bound between
// them.
func (db *DB) InsertPendingUpload(ctx context.Context, u *domain.Upload, lim domain.UploadLimits) error {
	return db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		// Other hosts receive files too: on MariaDB and MySQL the form's
		// row and the site's usage rows are locked before the sums are
		// read, so that hosts take turns at the bounds.
		if err := t.lockForm(u.FormID); err != nil {
			return err
		}
		if t.mysql {
			var n []int64
			if err := t.tx.SelectContext(t.ctx, &n, "SELECT bytes FROM upload_usage WHERE site_id = ? FOR UPDATE", u.SiteID); err != nil {
				return err
			}
		}
		var pending int64
		if err := t.tx.GetContext(t.ctx, &pending,
			"SELECT coalesce(sum(size), 0) FROM uploads WHERE form_id = ? AND submission_id IS NULL", u.FormID); err != nil {
			return err
		}
		if pending+u.Size > lim.MaxPending {
			return errPendingFull
		}
		if lim.FormQuota > 0 || lim.SiteQuota > 0 {
			var use usage
			if err := t.tx.GetContext(t.ctx, &use, sqlUploadUsage, u.FormID, u.SiteID); err != nil {
				return err
			}
			if lim.FormQuota > 0 && use.Form+u.Size > lim.FormQuota {
				return domain.ErrFormQuota
			}
			if lim.SiteQuota > 0 && use.Site+u.Size > lim.SiteQuota {
				return domain.ErrSiteQuota
			}
		}
		u.SubmissionID = nil
		u.CreatedAt = t.now
		_, err := t.tx.ExecContext(t.ctx, `INSERT INTO uploads (id, site_id, form_id, field_id, submission_id,
			stored_name, mime, size, original_name, sha256, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
			u.ID, u.SiteID, u.FormID, u.FieldID, u.StoredName, u.MIME, u.Size, u.OriginalName, u.SHA256, t.ts)
		if err == nil && t.mysql {
			// What SQLite's trigger uploads_usage_insert does.
			_, err = t.tx.ExecContext(t.ctx, `INSERT INTO upload_usage (site_id, form_id, bytes, files) VALUES (?, ?, ?, 1)
				ON CONFLICT (site_id, form_id) DO UPDATE SET bytes = bytes + excluded.bytes, files = files + 1`, u.SiteID, u.FormID, u.Size)
		}
		return err
	})
}

// ClaimUploads gives the pending uploads ids to submission submissionID:
// the answer to file field fieldID of form formID of site siteID names
// them. Every id must be a pending upload of that very site, form and
// field; otherwise nothing is claimed and the error is INVALID_SUBMISSION
// with data.fields = [{field: fieldID, code: "invalid_upload",
// message_fa, message_en}] (the entry daemon/answers gives an upload
// reference it cannot read, as maps, since the store does not import
// answers), which the submission path returns as it is. An upload of
// another form or field, one claimed already, one swept and a made-up id
// all get that same answer. The submission row must exist already in
// this transaction (uploads.submission_id references it). The uploads
// come back in the order of ids.
func (t *Tx) ClaimUploads(siteID, formID, submissionID int64, fieldID string, ids []string) ([]domain.Upload, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	marks := "?" + strings.Repeat(", ?", len(ids)-1)
	args := make([]any, 0, len(ids)+4)
	args = append(args, siteID, formID, fieldID)
	for _, id := range ids {
		args = append(args, id)
	}
	var rows []uploadRow
	if err := t.tx.SelectContext(t.ctx, &rows, uploadSelect+
		" WHERE site_id = ? AND form_id = ? AND field_id = ? AND submission_id IS NULL AND id IN ("+marks+")", args...); err != nil {
		return nil, err
	}
	byID := make(map[string]*uploadRow, len(rows))
	for i := range rows {
		byID[rows[i].ID] = &rows[i]
	}
	out := make([]domain.Upload, 0, len(ids))
	for _, id := range ids {
		r, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("field %q: %w", fieldID, domain.ErrUploadNotPending)
		}
		delete(byID, id) // an id named twice is claimed once: the second is refused
		r.SubmissionID = sql.NullInt64{Int64: submissionID, Valid: true}
		out = append(out, r.toDomain())
	}
	upd := append([]any{submissionID}, args[3:]...)
	if _, err := t.tx.ExecContext(t.ctx, "UPDATE uploads SET submission_id = ? WHERE id IN ("+marks+")", upd...); err != nil {
		return nil, err
	}
	return out, nil
}

// PendingUploads returns the pending uploads of the site's form among
// ids, by id: what a submission about to claim them says of its files.
func (db *DB) PendingUploads(ctx context.Context, siteID, formID int64, ids []string) (map[string]domain.Upload, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := []any{siteID, formID}
	for _, id := range ids {
		args = append(args, id)
	}
	var rows []uploadRow
	if err := db.reads.SelectContext(ctx, &rows, uploadSelect+" WHERE site_id = ? AND form_id = ? AND submission_id IS NULL AND id IN (?"+
		strings.Repeat(", ?", len(ids)-1)+")", args...); err != nil {
		return nil, err
	}
	out := make(map[string]domain.Upload, len(rows))
	for i := range rows {
		out[rows[i].ID] = rows[i].toDomain()
	}
	return out, nil
}

// GetSubmissionUpload returns one upload a submission of the site's form
// claimed; NOT_FOUND otherwise (a pending upload is nobody's to read).
func (db *DB) GetSubmissionUpload(ctx context.Context, siteID, formID, submissionID int64, id string) (*domain.Upload, error) {
	var r uploadRow
	err := db.reads.GetContext(ctx, &r, uploadSelect+" WHERE id = ? AND site_id = ? AND form_id = ? AND submission_id = ?",
		id, siteID, formID, submissionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "file %v was not found", id)
	}
	if err != nil {
		return nil, err
	}
	u := r.toDomain()
	return &u, nil
}

// SweepPendingUploads deletes at most limit pending uploads made before
// before and returns them, so that their files can be removed now that
// no submission can claim them. A submission claiming one of them in the
// meantime is serialised with this by the single writer: whichever
// commits first wins, and the other finds no row to act on.
func (db *DB) SweepPendingUploads(ctx context.Context, before time.Time, limit int) ([]domain.Upload, error) {
	var rows []uploadRow
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		rows = rows[:0]
		if t.mysql {
			// No DELETE … RETURNING on MySQL: the rows are locked, read
			// and deleted, and upload_usage kept as the trigger does on
			// SQLite. SKIP LOCKED leaves rows another host is sweeping
			// or claiming to that host.
			if err := t.tx.SelectContext(t.ctx, &rows, uploadSelect+` WHERE submission_id IS NULL AND created_at < ?
				ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED`, formatTime(before), limit); err != nil {
				return err
			}
			if err := t.releaseUploadUsage(rows); err != nil {
				return err
			}
			for _, r := range rows {
				if _, err := t.tx.ExecContext(t.ctx, "DELETE FROM uploads WHERE id = ?", r.ID); err != nil {
					return err
				}
			}
			return nil
		}
		return t.tx.SelectContext(t.ctx, &rows, `DELETE FROM uploads WHERE id IN (
			SELECT id FROM uploads WHERE submission_id IS NULL AND created_at < ? ORDER BY created_at LIMIT ?)
			RETURNING id, site_id, form_id, field_id, submission_id, stored_name, mime, size, original_name, sha256, created_at`,
			formatTime(before), limit)
	})
	if err != nil {
		return nil, err
	}
	return storedUploads(rows), nil
}

// StoredUploadNames returns the stored name of every upload row, pending
// or claimed: what the upload directory may hold. A file it does not name
// was left by a daemon stopped between keeping a file and committing its
// row.
func (db *DB) StoredUploadNames(ctx context.Context) (map[string]bool, error) {
	var list []string
	if err := db.read.SelectContext(ctx, &list, "SELECT stored_name FROM uploads"); err != nil {
		return nil, err
	}
	names := make(map[string]bool, len(list))
	for _, n := range list {
		names[n] = true
	}
	return names, nil
}
