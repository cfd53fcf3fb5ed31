package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// FormMark names a live form of a site by the newest of its versions: the
// fields results and exports list are the union of every version's, and
// versions are only ever added, so the mark tells a cached list that is
// still right from one to rebuild. A form that is deleted, missing or of
// another site is NOT_FOUND, so that a site cannot learn another's ids.
func (db *DB) FormMark(ctx context.Context, siteID, formID int64) (newestVersionID int64, err error) {
	var v sql.NullInt64
	err = db.reads.GetContext(ctx, &v, `SELECT (SELECT id FROM form_versions WHERE form_id = f.id ORDER BY seq DESC LIMIT 1)
		FROM forms f WHERE f.id = ? AND f.site_id = ? AND f.deleted_at IS NULL`, formID, siteID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.Errorf(domain.CodeNotFound, "form %v was not found", formID)
	}
	return v.Int64, err
}

// FormVersions returns every version of a form up to and including
// version upTo, oldest first: their documents hold the labels, options
// and scales results and exports name answers with.
func (db *DB) FormVersions(ctx context.Context, formID, upTo int64) ([]domain.Version, error) {
	var rows []versionRow
	if err := db.reads.SelectContext(ctx, &rows, versionSelect+` WHERE form_id = ?
		AND seq <= (SELECT seq FROM form_versions WHERE id = ? AND form_id = ?) ORDER BY seq`, formID, upTo, formID); err != nil {
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
// key. Spam is never in them.
//
// All time, or a range holding every day the form has counts for, reads
// the all-time totals: a row per field and key. Any other range reads
// the whole blocks of days it covers from answer_blocks and its edge
// days (at most blockDays-1 at each end) from answer_counts, so that
// half a year of a ten-field form is some 3,500 rows instead of 24,000.
// Each read names the form's fields (from the totals), so that SQLite
// seeks to each field's days or blocks instead of reading every row of
// the form to filter them by day.
//
// The rows are added up here rather than by GROUP BY: the primary keys
// order them by field, day or block, key, so SQLite would sort every row
// in a temporary b-tree first, where reading them in key order and
// adding into a map costs about a third of that.
func (db *DB) SumAnswerCounts(ctx context.Context, formID int64, fromDay, toDay string) ([]domain.AnswerCount, error) {
	query := `SELECT field_id, key, count, sum FROM answer_totals WHERE form_id = ?`
	args := []any{formID}
	if fromDay != "" || toDay != "" {
		first, last, ok, err := db.countedDays(ctx, formID)
		if err != nil || !ok {
			return nil, err
		}
		if fromDay > first || dayOrMax(toDay) < last {
			spans, err := rangeSpans(fromDay, toDay, first, last)
			if err != nil || len(spans) == 0 {
				return nil, err
			}
			query, args = spansQuery(formID, spans)
		}
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

// countedDays is the first and the last day the form has submissions
// counted on; ok false when it has none.
func (db *DB) countedDays(ctx context.Context, formID int64) (first, last string, ok bool, err error) {
	var r struct {
		First sql.NullString `db:"first"`
		Last  sql.NullString `db:"last"`
	}
	err = db.reads.GetContext(ctx, &r, "SELECT min(day) AS first, max(day) AS last FROM submission_days WHERE form_id = ?", formID)
	return r.First.String, r.Last.String, r.First.Valid, err
}

// blockDays is how many days one answer_blocks row adds up (migration
// 0007 fills the table with the same number). Sixteen days of a ten-field
// form are some 145 rows where a day is 130: half a year is then eleven
// blocks and a month of edge days at worst.
const blockDays = 16

// dayNumber is a day's number, counted from 1970-01-01.
func dayNumber(day string) (int64, error) {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0, fmt.Errorf("sqlstore: day %q: %w", day, err)
	}
	return floorDiv(t.Unix(), 86400), nil
}

// numberDay is the day of a day number.
func numberDay(n int64) string { return time.Unix(n*86400, 0).UTC().Format(time.DateOnly) }

// dayBlock is the answer_blocks block a day falls in.
func dayBlock(day string) (int64, error) {
	n, err := dayNumber(day)
	return floorDiv(n, blockDays), err
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// span is a run of days (block false: days from..to) or of whole blocks
// (block true: blocks from..to) to add up.
type span struct {
	block    bool
	from, to int64
}

// rangeSpans splits the days fromDay..toDay ("" open) of a form whose
// counts lie on the days first..last into whole blocks and edge days.
// An end beyond the counted days is moved to the edge of the block
// holding the first or last counted day: no count lies between, and the
// range then starts or ends with a whole block.
func rangeSpans(fromDay, toDay, first, last string) ([]span, error) {
	lo, err := dayNumber(first)
	if err != nil {
		return nil, err
	}
	if lo = floorDiv(lo, blockDays) * blockDays; fromDay != "" && fromDay > first {
		if lo, err = dayNumber(fromDay); err != nil {
			return nil, err
		}
	}
	hi, err := dayNumber(last)
	if err != nil {
		return nil, err
	}
	if hi = floorDiv(hi, blockDays)*blockDays + blockDays - 1; toDay != "" && toDay < last {
		if hi, err = dayNumber(toDay); err != nil {
			return nil, err
		}
	}
	if lo > hi {
		return nil, nil
	}
	firstBlock := floorDiv(lo+blockDays-1, blockDays)
	lastBlock := floorDiv(hi+1, blockDays) - 1
	if firstBlock > lastBlock {
		return []span{{from: lo, to: hi}}, nil
	}
	var spans []span
	if start := firstBlock * blockDays; lo < start {
		spans = append(spans, span{from: lo, to: start - 1})
	}
	spans = append(spans, span{block: true, from: firstBlock, to: lastBlock})
	if end := (lastBlock + 1) * blockDays; end <= hi {
		spans = append(spans, span{from: end, to: hi})
	}
	return spans, nil
}

// spansQuery reads the counts of spans, one SELECT each.
func spansQuery(formID int64, spans []span) (string, []any) {
	const fields = `field_id IN (SELECT field_id FROM answer_totals WHERE form_id = ?)`
	var parts []string
	var args []any
	for _, s := range spans {
		if s.block {
			parts = append(parts, `SELECT field_id, key, count, sum FROM answer_blocks WHERE form_id = ? AND `+fields+` AND block BETWEEN ? AND ?`)
			args = append(args, formID, formID, s.from, s.to)
		} else {
			parts = append(parts, `SELECT field_id, key, count, sum FROM answer_counts WHERE form_id = ? AND `+fields+` AND day BETWEEN ? AND ?`)
			args = append(args, formID, formID, numberDay(s.from), numberDay(s.to))
		}
	}
	return strings.Join(parts, " UNION ALL "), args
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
	if db.mysql != nil {
		return db.latestAnswersMySQL(ctx, formID, firstID, lastID, fields, scan, fn)
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

// latestAnswersMySQL is LatestAnswers on MariaDB and MySQL, whose JSON
// table functions differ (and MariaDB's returns no objects): the
// submissions' answers are read and picked out here.
func (db *DB) latestAnswersMySQL(ctx context.Context, formID, firstID, lastID int64, fields []string, scan int,
	fn func(submissionID int64, createdAt, field, value string) bool) error {
	want := make(map[string]bool, len(fields))
	for _, f := range fields {
		want[f] = true
	}
	rows, err := db.read.QueryContext(ctx, `SELECT id, created_at, answers FROM submissions
		WHERE form_id = ? AND id BETWEEN ? AND ? AND status != 'spam' ORDER BY id DESC LIMIT ?`, formID, firstID, lastID, scan)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var created string
		var answers []byte
		if err := rows.Scan(&id, &created, &answers); err != nil {
			return err
		}
		var list []struct {
			Field string          `json:"field"`
			Value json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(answers, &list); err != nil {
			return fmt.Errorf("submission %d: answers: %w", id, err)
		}
		for _, a := range list {
			if !want[a.Field] || a.Value == nil {
				continue
			}
			if !fn(id, created, a.Field, string(a.Value)) {
				return nil
			}
		}
	}
	return rows.Err()
}
