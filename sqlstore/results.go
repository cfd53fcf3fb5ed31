package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// FormMark names a live form of a site by the newest of its versions: the
// fields results and exports list are the union of every version's, and
// versions are only ever added, so the mark tells a cached list that is
// still right from one to rebuild. A form that is deleted, missing or of
// another site is NOT_FOUND, so that a site cannot learn another's ids.
func (db *DB) FormMark(ctx context.Context, siteID, formID int64) (newestVersionID int64, err error) {
	var v sql.NullInt64
	err = db.reads.GetContext(ctx, &v, `SELECT (SELECT max(id) FROM form_versions WHERE form_id = f.id)
		FROM forms f WHERE f.id = ? AND f.site_id = ? AND f.deleted_at IS NULL`, formID, siteID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.NotFound("form", "فرم", formID)
	}
	return v.Int64, err
}

// FormVersions returns every version of a form up to and including
// version upTo, oldest first: their documents hold the labels, options
// and scales results and exports name answers with.
func (db *DB) FormVersions(ctx context.Context, formID, upTo int64) ([]domain.Version, error) {
	var rows []versionRow
	if err := db.reads.SelectContext(ctx, &rows, versionSelect+" WHERE form_id = ? AND id <= ? ORDER BY id", formID, upTo); err != nil {
		return nil, err
	}
	return versionsToDomain(rows)
}

// DayRange adds up the form's submission_days between two Iran-time days
// (inclusive; "" leaves that end open): how many submissions they hold
// and the id range they span, which bounds every other read of those
// days. Spam is not counted (nor, when it came in as spam, inside the
// range). A range with no submission has total 0 and ids 0.
func (db *DB) DayRange(ctx context.Context, formID int64, fromDay, toDay string) (total, firstID, lastID int64, err error) {
	var r struct {
		Total sql.NullInt64 `db:"total"`
		First sql.NullInt64 `db:"first"`
		Last  sql.NullInt64 `db:"last"`
	}
	err = db.reads.GetContext(ctx, &r, `SELECT sum(count) AS total, min(first_id) AS first, max(last_id) AS last
		FROM submission_days WHERE form_id = ? AND day >= ? AND day <= ?`, formID, fromDay, dayOrMax(toDay))
	return r.Total.Int64, r.First.Int64, r.Last.Int64, err
}

// dayOrMax is the upper end of a day range: "" leaves it open, and every
// YYYY-MM-DD sorts before "~".
func dayOrMax(day string) string {
	if day == "" {
		return "~"
	}
	return day
}

// SumAnswerCounts adds up the form's running counts over the days from
// fromDay to toDay (inclusive; "" leaves that end open), per field and
// key; with both ends open it reads the all-time totals instead. Spam is
// never in them.
//
// The rows are added up here rather than by GROUP BY: the primary key
// orders them by field, day, key, so SQLite would sort every row of the
// range in a temporary b-tree first (a year of a ten-field form is some
// 50,000 rows: 70–100 ms), where reading them in key order and adding
// into a map costs about a third of that.
func (db *DB) SumAnswerCounts(ctx context.Context, formID int64, fromDay, toDay string) ([]domain.AnswerCount, error) {
	// All time, or a range that holds every day the form has counts for:
	// the totals, a row per field and key.
	query := `SELECT field_id, key, count, sum FROM answer_totals WHERE form_id = ?`
	args := []any{formID}
	if (fromDay != "" || toDay != "") && !db.coversAllDays(ctx, formID, fromDay, toDay) {
		query = `SELECT field_id, key, count, sum FROM answer_counts WHERE form_id = ? AND day >= ? AND day <= ?`
		args = append(args, fromDay, dayOrMax(toDay))
	}
	rows, err := db.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.AnswerCount
	at := map[string]int{} // field, NUL, key → index in out
	var field, key sql.RawBytes
	var buf []byte
	for rows.Next() {
		var n int64
		var sum float64
		if err := rows.Scan(&field, &key, &n, &sum); err != nil {
			return nil, err
		}
		buf = append(append(append(buf[:0], field...), 0), key...)
		if i, ok := at[string(buf)]; ok { // a lookup by string(buf) allocates nothing
			out[i].Count += n
			out[i].Sum += sum
			continue
		}
		at[string(buf)] = len(out)
		out = append(out, domain.AnswerCount{Field: string(field), Key: string(key), Count: n, Sum: sum})
	}
	return out, rows.Err()
}

// coversAllDays reports whether the days fromDay..toDay hold every day
// the form has counts for.
func (db *DB) coversAllDays(ctx context.Context, formID int64, fromDay, toDay string) bool {
	var r struct {
		First sql.NullString `db:"first"`
		Last  sql.NullString `db:"last"`
	}
	if err := db.reads.GetContext(ctx, &r, "SELECT min(day) AS first, max(day) AS last FROM submission_days WHERE form_id = ?", formID); err != nil || !r.First.Valid {
		return false
	}
	return fromDay <= r.First.String && dayOrMax(toDay) >= r.Last.String
}

// LatestAnswers reads the answers to fields of the form's newest
// submissions that are not spam, among ids first..last, newest first, at
// most scan submissions deep, and hands each to fn (the answer's value as
// JSON) until fn returns false. The answers are picked out by SQLite's
// JSON functions, so a submission's other answers are never decoded.
func (db *DB) LatestAnswers(ctx context.Context, formID, firstID, lastID int64, fields []string, scan int,
	fn func(submissionID int64, createdAt, field, value string) bool) error {
	if len(fields) == 0 {
		return nil
	}
	args := []any{formID, firstID, lastID, scan}
	for _, f := range fields {
		args = append(args, f)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT s.id, s.created_at, a.value ->> '$.field', a.value -> '$.value'
		FROM (SELECT id, created_at, answers FROM submissions
			WHERE form_id = ? AND id BETWEEN ? AND ? AND status != 'spam'
			ORDER BY id DESC LIMIT ?) s, json_each(s.answers) a
		WHERE a.value ->> '$.field' IN (?`+strings.Repeat(", ?", len(fields)-1)+`)
		ORDER BY s.id DESC`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var created, field, value string
		if err := rows.Scan(&id, &created, &field, &value); err != nil {
			return err
		}
		if !fn(id, created, field, value) {
			break
		}
	}
	return rows.Err()
}
