package sqlstore

import (
	"context"
	"database/sql"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// ScanSubmissions hands fn the form's submissions with ids after afterID
// up to lastID, oldest first, at most limit of them: one page of an
// export, read by keyset on (form_id, id) so that the millionth row costs
// what the first does. status "" takes every status but spam. fn sees one
// *domain.Submission reused from row to row, its Answers valid only until
// fn returns (the driver's own buffer, not copied): fn copies what it
// keeps.
func (db *DB) ScanSubmissions(ctx context.Context, formID, afterID, lastID int64, status domain.SubmissionStatus, limit int,
	fn func(*domain.Submission) error) (n int, err error) {
	query := `SELECT id, site_id, version_id, tracking_code, status, created_at, answers FROM submissions
		WHERE form_id = ? AND id > ? AND id <= ? AND status != 'spam' ORDER BY id LIMIT ?`
	args := []any{formID, afterID, lastID, limit}
	if status != "" {
		query = `SELECT id, site_id, version_id, tracking_code, status, created_at, answers FROM submissions
		WHERE form_id = ? AND status = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?`
		args = []any{formID, string(status), afterID, lastID, limit}
	}
	rows, err := db.read.QueryContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	s := domain.Submission{FormID: formID}
	var st, created string
	var answers sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&s.ID, &s.SiteID, &s.VersionID, &s.TrackingCode, &st, &created, &answers); err != nil {
			return n, err
		}
		s.Status, s.CreatedAt, s.Answers = domain.SubmissionStatus(st), parseTime(created), []byte(answers)
		if err := fn(&s); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}

// LastSubmissionID is the newest id of the form's submissions, 0 when it
// has none: an export stops there, so rows that arrive while it pages are
// left to the next one instead of stretching it without end.
func (db *DB) LastSubmissionID(ctx context.Context, formID int64) (int64, error) {
	var id int64
	err := db.reads.GetContext(ctx, &id, `SELECT coalesce(max(id), 0) FROM submissions WHERE form_id = ?`, formID)
	return id, err
}
