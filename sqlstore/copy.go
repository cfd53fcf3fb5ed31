package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
)

// copyTable is a table copy-store moves, with the columns that order
// its rows (its key) for the checksum.
type copyTable struct {
	name string
	key  string
}

// copyTables are moved in this order; settings and site_secrets first,
// since the keys in them make the forms' public tokens and sign the
// webhooks receivers know. Foreign keys are not checked while rows move
// (a form names its head version, which names the form).
var copyTables = []copyTable{
	{"settings", "name"},
	{"site_secrets", "site_id, name"},
	{"forms", "id"},
	{"form_versions", "id"},
	{"audit_log", "id"},
	{"jobs", "req_id"},
	{"submissions", "id"},
	{"submission_days", "form_id, day"},
	{"answer_counts", "form_id, field_id, day, key"},
	{"answer_totals", "form_id, field_id, key"},
	{"answer_blocks", "form_id, field_id, block, key"},
	{"rollup_state", "name"},
	{"uploads", "id"},
	{"upload_usage", "site_id, form_id"},
	{"webhook_outbox", "id"},
	{"notification_outbox", "id"},
	{"unique_answers", "submission_id, field_id"},
}

// ErrTargetNotEmpty: copy-store's target holds forms, submissions or
// other rows already. Nothing is written into it.
var ErrTargetNotEmpty = errors.New("the target store is not empty")

// TableCopy is what copy-store moved of one table and how it checked it.
type TableCopy struct {
	Table    string
	Rows     int64
	Checksum string // SHA-256 of the rows in key order, the same on both ends
}

// CopyOptions tune CopyStore.
type CopyOptions struct {
	// SearchText makes a submission's search text from the stored
	// state of the form version it answered (form_versions.state, nil
	// when that version is gone) and its stored answers, as the
	// submission path did when it stored it, option labels included
	// (SQLite's search index keeps no text to copy). Nil indexes every
	// text the answers hold.
	SearchText func(state, answers []byte) string
}

// CopyStore copies every row of the SQLite store from into the empty
// MariaDB or MySQL store to, then reads both back and compares, per
// table, the row count and a SHA-256 of the rows in key order; it
// reports success only when all agree. The search index is rebuilt from
// the submissions, and the target's ids continue past the highest the
// source ever gave (id_floors), so no erased id comes back. The source
// is only read. A target holding any row beyond the keys a new store
// makes for itself is refused with ErrTargetNotEmpty.
func CopyStore(ctx context.Context, from, to *DB, opts CopyOptions) ([]TableCopy, error) {
	if from.mysql != nil || to.mysql == nil {
		return nil, errors.New("sqlstore: copy-store copies an SQLite store into a MariaDB or MySQL one")
	}
	if opts.SearchText == nil {
		opts.SearchText = func(_, answers []byte) string { return answersText(answers) }
	}
	for _, t := range copyTables {
		if t.name == "settings" || t.name == "site_secrets" || t.name == "rollup_state" {
			continue // a new store makes its own; the source's replace them
		}
		var n int64
		if err := to.write.GetContext(ctx, &n, "SELECT count(*) FROM "+t.name); err != nil {
			return nil, err
		}
		if n > 0 {
			return nil, fmt.Errorf("%w: %s holds %d rows", ErrTargetNotEmpty, to.path, n)
		}
	}
	conn, err := to.write.Connx(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SET SESSION foreign_key_checks = 0"); err != nil {
		return nil, err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SET SESSION foreign_key_checks = 1")
	for _, t := range copyTables {
		if err := copyRows(ctx, from.read, conn, t); err != nil {
			return nil, fmt.Errorf("sqlstore: copy %s: %w", t.name, err)
		}
	}
	if err := rebuildTerms(ctx, from.read, conn, opts.SearchText); err != nil {
		return nil, fmt.Errorf("sqlstore: search index: %w", err)
	}
	// The submissions the source's rollup had counted are counted here.
	var rolled int64
	if err := from.read.GetContext(ctx, &rolled, sqlRolledUpTo); err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, "UPDATE submissions SET counted = 1 WHERE id <= ?", rolled); err != nil {
		return nil, err
	}
	for _, table := range []string{"submissions", "webhook_outbox", "notification_outbox"} {
		var floor int64
		if err := from.read.GetContext(ctx, &floor, `SELECT max(coalesce((SELECT max(id) FROM `+table+`), 0),
			coalesce((SELECT last_id FROM id_floors WHERE name = ?), 0))`, table); err != nil {
			return nil, err
		}
		if _, err := conn.ExecContext(ctx, fmt.Sprintf("ALTER TABLE %s AUTO_INCREMENT = %d", table, floor+1)); err != nil {
			return nil, err
		}
	}
	// The hosts' blocks of ids start past every copied id, and past the
	// erased ones of submissions (AUTO_INCREMENT, set above).
	for _, table := range idTables {
		if err := to.raiseIDBlock(ctx, conn, table, 0); err != nil {
			return nil, err
		}
	}
	var report []TableCopy
	for _, t := range copyTables {
		a, err := tableChecksum(ctx, from, t)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: check %s in the source: %w", t.name, err)
		}
		b, err := tableChecksum(ctx, to, t)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: check %s in the target: %w", t.name, err)
		}
		if a != b {
			return report, fmt.Errorf("sqlstore: %s differs after the copy: %d rows (%s) in the source, %d (%s) in the target",
				t.name, a.Rows, a.Checksum[:12], b.Rows, b.Checksum[:12])
		}
		report = append(report, a)
	}
	return report, nil
}

// sourceColumns are the columns of table in the SQLite store.
func sourceColumns(ctx context.Context, src *sqlx.DB, table string) ([]string, error) {
	var cols []string
	err := src.SelectContext(ctx, &cols, "SELECT name FROM pragma_table_info(?) ORDER BY cid", table)
	if err == nil && len(cols) == 0 {
		err = fmt.Errorf("no table %s", table)
	}
	return cols, err
}

func copyRows(ctx context.Context, src *sqlx.DB, dst *sqlx.Conn, t copyTable) error {
	cols, err := sourceColumns(ctx, src, t.name)
	if err != nil {
		return err
	}
	list := strings.Join(cols, ", ")
	if t.name == "settings" || t.name == "site_secrets" || t.name == "rollup_state" {
		if _, err := dst.ExecContext(ctx, "DELETE FROM "+t.name); err != nil {
			return err
		}
	}
	rows, err := src.QueryxContext(ctx, "SELECT "+list+" FROM "+t.name+" ORDER BY "+t.key)
	if err != nil {
		return err
	}
	defer rows.Close()
	const batch = 200
	row := "(?" + strings.Repeat(", ?", len(cols)-1) + ")"
	var args []any
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		q := "INSERT INTO " + t.name + " (" + list + ") VALUES " + row + strings.Repeat(", "+row, n-1)
		_, err := dst.ExecContext(ctx, q, args...)
		args, n = args[:0], 0
		return err
	}
	for rows.Next() {
		vals, err := rows.SliceScan()
		if err != nil {
			return err
		}
		args = append(args, vals...)
		n++
		if n == batch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return flush()
}

// rebuildTerms fills submission_terms from the source's submissions.
// Each version's state is read once while its submissions pass, which
// come in id order and so mostly by version.
func rebuildTerms(ctx context.Context, src *sqlx.DB, dst *sqlx.Conn, text func(state, answers []byte) string) error {
	rows, err := src.QueryxContext(ctx, "SELECT id, form_id, version_id, tracking_code, answers FROM submissions ORDER BY id")
	if err != nil {
		return err
	}
	defer rows.Close()
	states := map[int64][]byte{}
	for rows.Next() {
		var id, form, version int64
		var code string
		var answers []byte
		if err := rows.Scan(&id, &form, &version, &code, &answers); err != nil {
			return err
		}
		state, ok := states[version]
		if !ok {
			if len(states) >= maxCopyStates {
				clear(states)
			}
			err := src.GetContext(ctx, &state, "SELECT state FROM form_versions WHERE id = ?", version)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			states[version] = state
		}
		if err := insertTerms(ctx, dst, form, id, indexTerms(code+" "+SearchText(text(state, answers)))); err != nil {
			return err
		}
	}
	return rows.Err()
}

// maxCopyStates bounds the version states rebuildTerms keeps at once.
const maxCopyStates = 256

// answersText is every string a stored answer list holds: the values
// and what the respondent typed.
func answersText(answers []byte) string {
	var v any
	if json.Unmarshal(answers, &v) != nil {
		return ""
	}
	var b strings.Builder
	var walk func(any, string)
	walk = func(v any, key string) {
		switch x := v.(type) {
		case string:
			if key != "field" && key != "type" {
				b.WriteString(x)
				b.WriteByte(' ')
			}
		case float64:
			b.WriteString(strconv.FormatFloat(x, 'f', -1, 64))
			b.WriteByte(' ')
		case []any:
			for _, e := range x {
				walk(e, key)
			}
		case map[string]any:
			for k, e := range x {
				walk(e, k)
			}
		}
	}
	walk(v, "")
	return b.String()
}

// tableChecksum counts a table's rows and hashes them in key order, each
// value as text (numbers in their shortest form, NULL apart from every
// text), so that the same rows give the same sum on either engine.
func tableChecksum(ctx context.Context, db *DB, t copyTable) (TableCopy, error) {
	out := TableCopy{Table: t.name}
	cols, err := copyColumns(ctx, db, t.name)
	if err != nil {
		return out, err
	}
	rows, err := db.read.QueryxContext(ctx, "SELECT "+strings.Join(cols, ", ")+" FROM "+t.name+" ORDER BY "+t.key)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	h := sha256.New()
	for rows.Next() {
		vals, err := rows.SliceScan()
		if err != nil {
			return out, err
		}
		for _, v := range vals {
			writeValue(h, v)
		}
		out.Rows++
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.Checksum = hex.EncodeToString(h.Sum(nil))
	return out, nil
}

// copyColumns are the columns both engines' table has: the SQLite ones
// (MariaDB's jobs.host, unique_answers.kept_hash and submissions.counted
// are its own).
func copyColumns(ctx context.Context, db *DB, table string) ([]string, error) {
	if db.mysql != nil {
		var cols []string
		err := db.write.SelectContext(ctx, &cols, `SELECT column_name FROM information_schema.columns
			WHERE table_schema = DATABASE() AND table_name = ? AND column_name NOT IN ('host', 'kept_hash', 'counted') ORDER BY ordinal_position`,
			db.mysql.prefix+table)
		if err != nil {
			return nil, err
		}
		// The same order on both ends: SQLite's.
		return sortLike(cols), nil
	}
	cols, err := sourceColumns(ctx, db.read, table)
	return sortLike(cols), err
}

// sortLike orders columns by name, the same on both engines.
func sortLike(cols []string) []string {
	out := slices.Clone(cols)
	slices.Sort(out)
	return out
}

func writeValue(h hash.Hash, v any) {
	var s string
	null := false
	switch x := v.(type) {
	case nil:
		null = true
	case int64:
		s = strconv.FormatInt(x, 10)
	case float64:
		s = strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		s = "0"
		if x {
			s = "1"
		}
	case []byte:
		s = string(x)
	case string:
		s = x
	default:
		s = fmt.Sprint(x)
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !null && looksNumeric(s) {
		s = strconv.FormatFloat(f, 'g', -1, 64)
	}
	var n [9]byte
	if null {
		n[0] = 1
	}
	binary.BigEndian.PutUint64(n[1:], uint64(len(s)))
	h.Write(n[:])
	h.Write([]byte(s))
}

// looksNumeric: digits, a sign, a point and an exponent only, as both
// engines write numbers (not "Inf" or "NaN" texts).
func looksNumeric(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r == '-' || r == '+' || r == '.' || r == 'e' || r == 'E') {
			return false
		}
	}
	return true
}
