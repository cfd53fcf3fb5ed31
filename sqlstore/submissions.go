package sqlstore

import (
	"context"
	"crypto/aes"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The submission write path's statements, prepared once at open with the
// other hot statements: a submission storm runs them all in the writer.
const (
	// The id is past both the newest row and the newest ever erased
	// (id_floors, migration 0008): an id is never given twice.
	sqlInsertSubmission = `INSERT INTO submissions (id, site_id, form_id, version_id, tracking_code, status,
		created_at, client_hash, idempotency_key, answers_sha, answers, form_token_id) VALUES (
		max(coalesce((SELECT max(id) FROM submissions), 0), (SELECT last_id FROM id_floors WHERE name = 'submissions')) + 1,
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// On MariaDB and MySQL the id is the host's own, from a block no
	// host is given twice (idblocks.go).
	sqlInsertSubmissionMySQL = `INSERT INTO submissions (id, site_id, form_id, version_id, tracking_code, status,
		created_at, client_hash, idempotency_key, answers_sha, answers, form_token_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlInsertSearch = `INSERT INTO submissions_fts (rowid, body) VALUES (?, ?)`
	sqlAddDay       = `INSERT INTO submission_days (form_id, day, count, first_id, last_id) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (form_id, day) DO UPDATE SET count = count + excluded.count,
		first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id)`
	sqlCountSubmissions = `SELECT coalesce(sum(count), 0) FROM submission_days WHERE form_id = ?`
	sqlByIdempotencyKey = submissionSelect + ` WHERE form_id = ? AND idempotency_key = ?`
	sqlFormTokenUsed    = `SELECT count(*) FROM submissions WHERE form_id = ? AND form_token_id = ?`
	sqlFormHeadNow      = `SELECT status, head_version_id, deleted_at IS NOT NULL AS deleted FROM forms WHERE id = ?`
	sqlRolledUpTo       = `SELECT last_id FROM rollup_state WHERE name = 'answer_counts'`
	// A value a kept submission holds already is left alone, and the
	// claim reports it taken (unique_answers, migration 0009).
	sqlClaimUnique = `INSERT INTO unique_answers (submission_id, field_id, form_id, value_hash, spam) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`
)

// maxFactRows is the most answer counts one statement adds; a submission
// with more facts takes several statements.
const maxFactRows = 16

// sqlAddFacts[n-1] adds n answer counts in one statement.
var sqlAddFacts = addCountStatements("answer_counts", "form_id, field_id, day, key")

// sqlAddTotals[n-1] adds n answer counts to the all-time totals.
var sqlAddTotals = addCountStatements("answer_totals", "form_id, field_id, key")

// sqlAddBlocks[n-1] adds n answer counts to their blocks of days
// (answer_blocks, migration 0007).
var sqlAddBlocks = addCountStatements("answer_blocks", "form_id, field_id, block, key")

// addCountStatements writes, for n from 1 to maxFactRows, the statement
// that adds n rows of (key columns…, count, sum) to table, adding to the
// count and sum of a row whose key is already there.
func addCountStatements(table, keys string) (qs [maxFactRows]string) {
	row := "(" + strings.Repeat("?, ", strings.Count(keys, ",")+1) + "?, ?)"
	for n := range qs {
		qs[n] = `INSERT INTO ` + table + ` (` + keys + `, count, sum) VALUES ` +
			row + strings.Repeat(", "+row, n) +
			` ON CONFLICT (` + keys + `) DO UPDATE SET count = count + excluded.count, sum = sum + excluded.sum`
	}
	return qs
}

var submissionWriteQueries = append(append(append([]string{sqlInsertSubmission, sqlInsertSearch, sqlAddDay, sqlCountSubmissions, sqlByIdempotencyKey, sqlFormTokenUsed, sqlFormHeadNow, sqlRolledUpTo, sqlClaimUnique}, sqlAddFacts[:]...), sqlAddTotals[:]...), sqlAddBlocks[:]...)

const (
	submissionSelect = `SELECT id, site_id, form_id, version_id, tracking_code, status, created_at,
	client_hash, coalesce(idempotency_key, '') AS idempotency_key, answers_sha, answers FROM submissions`
	// submissionSelectS is the same columns of submissions named s, for
	// queries that join it.
	submissionSelectS = `SELECT s.id, s.site_id, s.form_id, s.version_id, s.tracking_code, s.status, s.created_at,
	s.client_hash, coalesce(s.idempotency_key, '') AS idempotency_key, s.answers_sha, s.answers`
)

type submissionRow struct {
	ID             int64  `db:"id"`
	SiteID         int64  `db:"site_id"`
	FormID         int64  `db:"form_id"`
	VersionID      int64  `db:"version_id"`
	TrackingCode   string `db:"tracking_code"`
	Status         string `db:"status"`
	CreatedAt      string `db:"created_at"`
	ClientHash     string `db:"client_hash"`
	IdempotencyKey string `db:"idempotency_key"`
	AnswersSHA     string `db:"answers_sha"`
	Answers        string `db:"answers"`
}

func (r *submissionRow) toDomain() domain.Submission {
	return domain.Submission{
		ID: r.ID, SiteID: r.SiteID, FormID: r.FormID, VersionID: r.VersionID, TrackingCode: r.TrackingCode,
		Status: domain.SubmissionStatus(r.Status), CreatedAt: parseTime(r.CreatedAt), ClientHash: r.ClientHash,
		IdempotencyKey: r.IdempotencyKey, AnswersSHA: r.AnswersSHA, Answers: []byte(r.Answers),
	}
}

func submissionsToDomain(rows []submissionRow) []domain.Submission {
	out := make([]domain.Submission, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out
}

// UpdateSubmissions runs fn in one write transaction (see Update).
func (db *DB) UpdateSubmissions(ctx context.Context, fn func(tx domain.SubmissionTx) error) error {
	return db.Update(ctx, func(tx domain.FormTx) error { return fn(tx.(*Tx)) })
}

// CountSubmissions counts the form's kept submissions (spam and erased
// ones are not counted).
//
// On MariaDB and MySQL the form's row is locked first, so that hosts
// counting against a form's limit take turns and cannot both take its
// last place.
func (t *Tx) CountSubmissions(formID int64) (int64, error) {
	if err := t.lockForm(formID); err != nil {
		return 0, err
	}
	var n int64
	err := t.tx.GetContext(t.ctx, &n, sqlCountSubmissions, formID)
	return n, err
}

// SubmissionByIdempotencyKey finds the form's submission made with key.
func (t *Tx) SubmissionByIdempotencyKey(formID int64, key string) (*domain.Submission, error) {
	var r submissionRow
	err := t.tx.GetContext(t.ctx, &r, sqlByIdempotencyKey, formID, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s := r.toDomain()
	return &s, nil
}

// FormHeadNow reports a form's status and head version as the write
// transaction sees them, without reading its document: when the head is
// the version read before the transaction began, that read's settings
// are still the form's.
func (t *Tx) FormHeadNow(formID int64) (status domain.FormStatus, headVersionID int64, live bool, err error) {
	if err := t.flushHeads(); err != nil {
		return "", 0, false, err
	}
	var r struct {
		Status  string        `db:"status"`
		Head    sql.NullInt64 `db:"head_version_id"`
		Deleted bool          `db:"deleted"`
	}
	err = t.tx.GetContext(t.ctx, &r, sqlFormHeadNow, formID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, err
	}
	return domain.FormStatus(r.Status), r.Head.Int64, !r.Deleted, nil
}

// trackingCodeAttempts bounds the retries when a fresh tracking code is
// taken already: with 10^10 codes, a second try is already rare.
const trackingCodeAttempts = 5

// FormTokenUsed reports whether a submission of the form was sent with
// the form token tokenID (submissions_form_token, migration 0008).
func (t *Tx) FormTokenUsed(formID int64, tokenID string) (bool, error) {
	var n int
	err := t.tx.GetContext(t.ctx, &n, sqlFormTokenUsed, formID, tokenID)
	return n > 0, err
}

// InsertSubmission stores s, its day's count and its search text
// (normalised here with SearchText, as queries are); RollUpAnswers counts
// its answers after the commit. s.CreatedAt
// is set to the transaction's time, s.Status to new when empty, and
// s.TrackingCode to a fresh random code when empty.
func (t *Tx) InsertSubmission(s *domain.Submission, searchText string) error {
	if s.Status == "" {
		s.Status = domain.SubmissionNew
	}
	s.CreatedAt = t.now
	var key any
	if s.IdempotencyKey != "" {
		key = s.IdempotencyKey
	}
	fresh := s.TrackingCode == ""
	if t.ids != nil {
		if err := t.insertSubmissionHeld(s, key, fresh); err != nil {
			return err
		}
	} else if err := t.insertSubmissionRow(s, key, fresh); err != nil {
		return err
	}
	// The tracking code is searchable too: it is what a respondent quotes.
	if err := t.index(s, s.TrackingCode+" "+SearchText(searchText)); err != nil {
		return err
	}
	if s.Status == domain.SubmissionSpam {
		return nil
	}
	// The answer counts follow by the rollup (RollUpAnswers); the day's
	// count is exact at once, since max_submissions reads it.
	return t.countDay(s, 1)
}

// insertSubmissionHeld gives s the host's next submission id
// (idblocks.go) and holds its row back for the call's next packet: the
// unique indexes judge it there, and heldBackError answers for them.
func (t *Tx) insertSubmissionHeld(s *domain.Submission, key any, fresh bool) error {
	id, err := t.ids.take(t.ctx, "submissions")
	if err != nil {
		return err
	}
	if fresh {
		s.TrackingCode = newTrackingCode()
		t.fresh = append(t.fresh, s)
	}
	s.ID = id
	return t.execUnread(sqlInsertSubmissionMySQL, s.ID, s.SiteID, s.FormID, s.VersionID, s.TrackingCode,
		string(s.Status), t.ts, s.ClientHash, key, s.AnswersSHA, string(s.Answers), nullString(s.FormTokenID))
}

// insertSubmissionRow inserts s's row on SQLite, where the insert gives
// its id, drawing its tracking code again while another holds it.
func (t *Tx) insertSubmissionRow(s *domain.Submission, key any, fresh bool) error {
	for attempt := 0; ; attempt++ {
		if fresh {
			s.TrackingCode = newTrackingCode()
		}
		res, err := t.tx.ExecContext(t.ctx, sqlInsertSubmission, s.SiteID, s.FormID, s.VersionID, s.TrackingCode,
			string(s.Status), t.ts, s.ClientHash, key, s.AnswersSHA, string(s.Answers), nullString(s.FormTokenID))
		if err != nil {
			if fresh && attempt < trackingCodeAttempts && isUniqueViolation(err, "tracking_code") {
				continue
			}
			return err
		}
		s.ID, err = res.LastInsertId()
		return err
	}
}

// ClaimUniqueAnswers records the hashes of s's answers to unique
// questions; the partial unique index over kept rows decides, inside this
// transaction, whether another kept submission of the form holds one, so
// two concurrent sends of one value cannot both pass. A spam submission's
// claims hold nothing until it leaves spam.
func (t *Tx) ClaimUniqueAnswers(s *domain.Submission, claims []domain.UniqueClaim) ([]string, error) {
	spam := 0
	if s.Status == domain.SubmissionSpam {
		spam = 1
	}
	var taken []string
	for _, c := range claims {
		res, err := t.tx.ExecContext(t.ctx, sqlClaimUnique, s.ID, c.Field, s.FormID, c.Hash, spam)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return nil, err
		} else if n == 0 {
			taken = append(taken, c.Field)
		}
	}
	return taken, nil
}

// nullString is s, or NULL when empty.
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// countDay adds (sign 1) or takes out (sign -1) a submission from its
// day's count.
func (t *Tx) countDay(s *domain.Submission, sign int64) error {
	return t.execUnread(sqlAddDay, s.FormID, domain.IranDay(s.CreatedAt), sign, s.ID, s.ID)
}

// count adds (sign 1) or takes out (sign -1) a submission's counts: its
// day's, and its answers' once the rollup has counted them.
func (t *Tx) count(s *domain.Submission, facts []domain.AnswerFact, sign int64) error {
	if err := t.countDay(s, sign); err != nil {
		return err
	}
	counted, err := t.answersCounted(s)
	if err != nil || !counted {
		return err
	}
	return t.countFacts(s.FormID, domain.IranDay(s.CreatedAt), facts, sign)
}

// answersCounted says whether the rollup has counted s's answers: on
// SQLite, whether s is at or below its watermark; on MariaDB and MySQL,
// the submission's own flag, read with its row locked, so that a rollup
// on another host either counted it before this call or skips it.
func (t *Tx) answersCounted(s *domain.Submission) (bool, error) {
	if t.mysql {
		var counted bool
		err := t.tx.GetContext(t.ctx, &counted, "SELECT counted FROM submissions WHERE id = ? FOR UPDATE", s.ID)
		return counted, err
	}
	rolled, err := t.rolledUpTo()
	return s.ID <= rolled, err
}

// rolledUpTo is the newest submission whose answers are counted
// (SQLite).
func (t *Tx) rolledUpTo() (int64, error) {
	var id int64
	err := t.tx.GetContext(t.ctx, &id, sqlRolledUpTo)
	return id, err
}

// countFacts adds facts, each sign times, to the day's, the block's and
// the all-time answer counts of a form.
func (t *Tx) countFacts(formID int64, day string, facts []domain.AnswerFact, sign int64) error {
	block, err := dayBlock(day)
	if err != nil {
		return err
	}
	for len(facts) > 0 {
		n := min(len(facts), maxFactRows)
		args := make([]any, 0, 6*n)
		blocks := make([]any, 0, 6*n)
		totals := make([]any, 0, 5*n)
		for _, f := range facts[:n] {
			args = append(args, formID, f.Field, day, f.Key, sign, float64(sign)*f.Num)
			blocks = append(blocks, formID, f.Field, block, f.Key, sign, float64(sign)*f.Num)
			totals = append(totals, formID, f.Field, f.Key, sign, float64(sign)*f.Num)
		}
		if _, err := t.tx.ExecContext(t.ctx, sqlAddFacts[n-1], args...); err != nil {
			return err
		}
		if _, err := t.tx.ExecContext(t.ctx, sqlAddBlocks[n-1], blocks...); err != nil {
			return err
		}
		if _, err := t.tx.ExecContext(t.ctx, sqlAddTotals[n-1], totals...); err != nil {
			return err
		}
		facts = facts[n:]
	}
	return nil
}

// GetSubmissionsByID returns the form's submissions among ids, in id order.
func (t *Tx) GetSubmissionsByID(siteID, formID int64, ids []int64) ([]domain.Submission, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	q := submissionSelect + " WHERE site_id = ? AND form_id = ? AND id IN (?" + strings.Repeat(", ?", len(ids)-1) + ") ORDER BY id"
	args := make([]any, 0, len(ids)+2)
	args = append(args, siteID, formID)
	for _, id := range ids {
		args = append(args, id)
	}
	var rows []submissionRow
	if err := t.tx.SelectContext(t.ctx, &rows, q, args...); err != nil {
		return nil, err
	}
	return submissionsToDomain(rows), nil
}

// SetSubmissionStatus files s under status, moving its counts out of the
// results when it becomes spam and back when it stops being spam.
func (t *Tx) SetSubmissionStatus(s *domain.Submission, status domain.SubmissionStatus, facts []domain.AnswerFact) error {
	if s.Status == status {
		return nil
	}
	_, err := t.tx.ExecContext(t.ctx, "UPDATE submissions SET status = ? WHERE id = ?", string(status), s.ID)
	if err == nil && t.mysql && (status == domain.SubmissionSpam) != (s.Status == domain.SubmissionSpam) {
		// What SQLite's trigger submissions_unique_spam does.
		_, err = t.tx.ExecContext(t.ctx, "UPDATE unique_answers SET spam = ? WHERE submission_id = ?", status == domain.SubmissionSpam, s.ID)
	}
	if err != nil {
		if isUniqueViolation(err, "unique_answers") {
			// Its trigger takes the submission's unique answers back as
			// it leaves spam; another entry holds one of them by now.
			return domain.Errorf(domain.CodeConflict, "submission %d cannot leave spam: another entry of the form holds an answer of it that must be unique; erase one of the two first", s.ID)
		}
		return err
	}
	switch {
	case status == domain.SubmissionSpam:
		err = t.count(s, facts, -1)
	case s.Status == domain.SubmissionSpam:
		err = t.count(s, facts, 1)
	}
	s.Status = status
	return err
}

// DeleteSubmission erases s with everything that repeats its answers: the
// search entry, its counts, undelivered and delivered webhook bodies, and
// its upload rows, which it returns so that the files can be removed once
// the transaction has committed.
func (t *Tx) DeleteSubmission(s *domain.Submission, facts []domain.AnswerFact) ([]domain.Upload, error) {
	if s.Status != domain.SubmissionSpam {
		if err := t.count(s, facts, -1); err != nil {
			return nil, err
		}
	}
	var ups []uploadRow
	if err := t.tx.SelectContext(t.ctx, &ups, uploadSelect+" WHERE submission_id = ?", s.ID); err != nil {
		return nil, err
	}
	deletes := []string{
		"DELETE FROM submissions_fts WHERE rowid = ?",
		"DELETE FROM webhook_outbox WHERE submission_id = ?",
		"DELETE FROM uploads WHERE submission_id = ?",
		"DELETE FROM submissions WHERE id = ?",
	}
	if t.mysql {
		// What SQLite's triggers do on these deletes (upload_usage,
		// unique_answers, the entry's notifications) is done here, in the
		// same transaction.
		deletes[0] = "DELETE FROM submission_terms WHERE submission_id = ?"
		if err := t.releaseUploadUsage(ups); err != nil {
			return nil, err
		}
		deletes = append(deletes, "DELETE FROM unique_answers WHERE submission_id = ?",
			"DELETE FROM notification_outbox WHERE submission_id = ?")
	}
	for _, q := range deletes {
		if _, err := t.tx.ExecContext(t.ctx, q, s.ID); err != nil {
			return nil, err
		}
	}
	out := make([]domain.Upload, len(ups))
	for i := range ups {
		out[i] = ups[i].toDomain()
	}
	return out, nil
}

const uploadSelect = `SELECT id, site_id, form_id, field_id, submission_id, stored_name, mime, size,
	original_name, sha256, created_at FROM uploads`

type uploadRow struct {
	ID           string        `db:"id"`
	SiteID       int64         `db:"site_id"`
	FormID       int64         `db:"form_id"`
	FieldID      string        `db:"field_id"`
	SubmissionID sql.NullInt64 `db:"submission_id"`
	StoredName   string        `db:"stored_name"`
	MIME         string        `db:"mime"`
	Size         int64         `db:"size"`
	OriginalName string        `db:"original_name"`
	SHA256       string        `db:"sha256"`
	CreatedAt    string        `db:"created_at"`
}

func (r *uploadRow) toDomain() domain.Upload {
	u := domain.Upload{ID: r.ID, SiteID: r.SiteID, FormID: r.FormID, FieldID: r.FieldID, StoredName: r.StoredName,
		MIME: r.MIME, Size: r.Size, OriginalName: r.OriginalName, SHA256: r.SHA256, CreatedAt: parseTime(r.CreatedAt)}
	if r.SubmissionID.Valid {
		id := r.SubmissionID.Int64
		u.SubmissionID = &id
	}
	return u
}

// newTrackingCode returns ten random decimal digits: what a respondent
// reads out on the phone most easily, in any script. A variable, so that
// a test can draw a code that is taken.
var newTrackingCode = func() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return fmt.Sprintf("%010d", binary.BigEndian.Uint64(b[:])%10_000_000_000)
}

// isUniqueViolation says whether err is a unique index refusing a row,
// the index named by column: SQLite names the columns, MariaDB and MySQL
// the index (named after its table, or its column).
func isUniqueViolation(err error, column string) bool {
	msg := err.Error()
	if mysqlErrno(err) == erDupEntry {
		return strings.Contains(msg, column)
	}
	return strings.Contains(msg, "UNIQUE constraint failed") && strings.Contains(msg, column)
}

// GetSubmission returns one submission of the site's form.
func (db *DB) GetSubmission(ctx context.Context, siteID, formID, id int64) (*domain.Submission, error) {
	var r submissionRow
	err := db.reads.GetContext(ctx, &r, submissionSelect+" WHERE id = ? AND form_id = ? AND site_id = ?", id, formID, siteID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "submission %v was not found", id)
	}
	if err != nil {
		return nil, err
	}
	s := r.toDomain()
	return &s, nil
}

// ListSubmissions pages a form's submissions, newest first. A date range
// becomes an id range through submission_days; a search reads the
// full-text index newest first and stops at the page's end.
func (db *DB) ListSubmissions(ctx context.Context, q domain.SubmissionQuery) ([]domain.Submission, error) {
	where := []string{"s.form_id = ?", "s.site_id = ?"}
	args := []any{q.FormID, q.SiteID}
	if q.BeforeID > 0 {
		where = append(where, "s.id < ?")
		args = append(args, q.BeforeID)
	}
	if q.Status != "" {
		where = append(where, "s.status = ?")
		args = append(args, string(q.Status))
	}
	if q.FromDay != "" || q.ToDay != "" {
		_, lo, hi, err := db.DayRange(ctx, q.FormID, q.FromDay, q.ToDay)
		if err != nil {
			return nil, err
		}
		if lo == 0 {
			return []domain.Submission{}, nil
		}
		where = append(where, "s.id >= ?", "s.id <= ?")
		args = append(args, lo, hi)
	}
	from := "FROM submissions s"
	order := "s.id DESC"
	// A search of nothing but spaces and quotes filters nothing.
	if terms := searchTerms(q.Q); db.mysql != nil && len(terms) > 0 {
		// Each word must begin a word of the submission.
		for _, w := range terms {
			where = append(where, "s.id IN (SELECT submission_id FROM submission_terms WHERE form_id = ? AND term LIKE ?)")
			args = append(args, q.FormID, w+"%")
		}
	} else if match := SearchQuery(q.Q); db.mysql == nil && match != "" {
		// The index drives: it yields matching rowids newest first, and
		// the form's filter is checked on each until the page is full.
		from = "FROM submissions_fts f JOIN submissions s ON s.id = f.rowid"
		where = append([]string{"submissions_fts MATCH ?"}, where...)
		args = append([]any{match}, args...)
		order = "f.rowid DESC"
	}
	query := submissionSelectS + " " + from + " WHERE " + strings.Join(where, " AND ") + " ORDER BY " + order + " LIMIT ?"
	args = append(args, q.Limit)
	var rows []submissionRow
	if err := db.reads.SelectContext(ctx, &rows, query, args...); err != nil {
		return nil, err
	}
	return submissionsToDomain(rows), nil
}

// SearchQuery turns what an admin typed into an FTS5 query: every word
// must appear, each as a prefix, quoted so that no FTS5 operator or
// column filter in the text is obeyed. Words are normalised as the
// indexed text is (SearchText).
func SearchQuery(typed string) string {
	// The index's tokenizer (unicode61) splits words at everything but
	// letters, digits and marks, so the query does the same: no quote,
	// operator, column name or control byte reaches FTS5.
	words := searchWords(SearchText(typed))
	if len(words) > 16 {
		words = words[:16]
	}
	var b strings.Builder
	for _, w := range words {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(`"` + w + `"*`)
	}
	return b.String()
}

// SearchText normalises text for the search index and for queries alike:
// Arabic ي/ك and ى as Persian letters, every script's digits as Latin,
// the zero-width non-joiner and kashida as nothing between the parts of
// one word, so «می‌خواهم», «میخواهم» and «مي‌خواهم» all match.
func SearchText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == 'ي' || r == 'ى':
			b.WriteRune('ی')
		case r == 'ك':
			b.WriteRune('ک')
		case r == 'ة':
			b.WriteRune('ه')
		case r == '\u200c' || r == '\u0640' || r == '\u200d':
			// joins the parts of one word
		case r >= '۰' && r <= '۹':
			b.WriteRune('0' + (r - '۰'))
		case r >= '٠' && r <= '٩':
			b.WriteRune('0' + (r - '٠'))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// KeptSubmissions counts a form's kept submissions (no spam), as
// CountSubmissions does inside a write.
func (db *DB) KeptSubmissions(ctx context.Context, formID int64) (int64, error) {
	var n int64
	err := db.reads.GetContext(ctx, &n, sqlCountSubmissions, formID)
	return n, err
}

// FormIDByPublicToken finds the form a public token names. Tokens are
// form ids enciphered (see publicToken), so most are deciphered without
// a query; tokens of forms made before that are looked up.
func (db *DB) FormIDByPublicToken(ctx context.Context, token string) (int64, error) {
	if b, err := hex.DecodeString(token); err == nil && len(b) == aes.BlockSize {
		db.tokenKey.Decrypt(b, b)
		if binary.BigEndian.Uint64(b[:8]) == 0 {
			if id := int64(binary.BigEndian.Uint64(b[8:])); id > 0 {
				return id, nil
			}
		}
	}
	if token == "" || len(token) > 64 {
		return 0, domain.Errorf(domain.CodeNotFound, "form %v was not found", "")
	}
	var id int64
	err := db.reads.GetContext(ctx, &id, "SELECT id FROM forms WHERE public_token = ?", token)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.Errorf(domain.CodeNotFound, "form %v was not found", "")
	}
	return id, err
}

// Secret returns one of the database's own keys (the settings rows made
// by migrations: form_token_key, client_hash_key, webhook_secret).
func (db *DB) Secret(ctx context.Context, name string) ([]byte, error) {
	var v []byte
	if err := db.reads.GetContext(ctx, &v, "SELECT value FROM settings WHERE name = ?", name); err != nil {
		return nil, fmt.Errorf("sqlstore: secret %s: %w", name, err)
	}
	return v, nil
}

// FormHead reports a form's head version and whether it is deleted,
// without reading its document: what tells a cached copy of the form
// from a stale one. Another site's form is NOT_FOUND.
func (db *DB) FormHead(ctx context.Context, siteID, formID int64) (headVersionID int64, deleted bool, err error) {
	var r struct {
		Head    sql.NullInt64 `db:"head_version_id"`
		Deleted bool          `db:"deleted"`
	}
	err = db.reads.GetContext(ctx, &r, "SELECT head_version_id, deleted_at IS NOT NULL AS deleted FROM forms WHERE id = ? AND site_id = ?", formID, siteID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, domain.Errorf(domain.CodeNotFound, "form %v was not found", formID)
	}
	return r.Head.Int64, r.Deleted, err
}

// RollUpAnswers counts the answers of up to batch submissions not yet
// counted, oldest first, in one transaction: facts reads a stored
// submission's answers into the counts they add. Spam is skipped (it is
// never counted). It returns how many submissions it read; 0 means the
// counts are current.
func (db *DB) RollUpAnswers(ctx context.Context, batch int, facts func(answers []byte) ([]domain.AnswerFact, error)) (int, error) {
	n := 0
	err := db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		n = 0
		var rows []struct {
			ID        int64  `db:"id"`
			FormID    int64  `db:"form_id"`
			CreatedAt string `db:"created_at"`
			Status    string `db:"status"`
			Answers   string `db:"answers"`
		}
		if t.mysql {
			// The submissions not counted yet, each locked: a host
			// erasing or filing one as spam meanwhile is skipped now and
			// counted after, and another host's rollup takes others.
			if err := t.tx.SelectContext(t.ctx, &rows, `SELECT id, form_id, created_at, status, answers FROM submissions
				WHERE counted = 0 ORDER BY counted, id LIMIT ? FOR UPDATE SKIP LOCKED`, batch); err != nil {
				return err
			}
		} else {
			from, err := t.rolledUpTo()
			if err != nil {
				return err
			}
			if err := t.tx.SelectContext(t.ctx, &rows, `SELECT id, form_id, created_at, status, answers FROM submissions
				WHERE id > ? ORDER BY id LIMIT ?`, from, batch); err != nil {
				return err
			}
		}
		if len(rows) == 0 {
			return nil
		}
		// Added up here first: a batch of a busy form writes each of its
		// few hundred keys once, not once per submission.
		type key struct {
			form       int64
			day, field string
			key        string
		}
		sums := map[key]*domain.AnswerFact{}
		counts := map[key]int64{}
		var order []key
		for _, r := range rows {
			if domain.SubmissionStatus(r.Status) == domain.SubmissionSpam {
				continue
			}
			fs, err := facts([]byte(r.Answers))
			if err != nil {
				return fmt.Errorf("submission %d: %w", r.ID, err)
			}
			day := domain.IranDay(parseTime(r.CreatedAt))
			for _, f := range fs {
				k := key{r.FormID, day, f.Field, f.Key}
				if sums[k] == nil {
					sums[k] = &domain.AnswerFact{Field: f.Field, Key: f.Key}
					order = append(order, k)
				}
				sums[k].Num += f.Num
				counts[k]++
			}
		}
		for _, k := range order {
			if err := t.addCount(k.form, k.day, *sums[k], counts[k]); err != nil {
				return err
			}
		}
		n = len(rows)
		if t.mysql {
			ids := make([]any, len(rows))
			for i, r := range rows {
				ids[i] = r.ID
			}
			return t.execUnread("UPDATE submissions SET counted = 1 WHERE id IN (?"+strings.Repeat(", ?", len(ids)-1)+")", ids...)
		}
		_, err := t.tx.ExecContext(t.ctx, "UPDATE rollup_state SET last_id = ? WHERE name = 'answer_counts'", rows[len(rows)-1].ID)
		return err
	})
	return n, err
}

// addCount adds count answers of one key, their numbers summing to f.Num.
// Nothing reads the upserts' results: on MariaDB and MySQL they are held
// back and go with the batch's commit, a packet for a batch instead of
// three round trips for each of its keys.
func (t *Tx) addCount(formID int64, day string, f domain.AnswerFact, count int64) error {
	if err := t.execUnread(sqlAddFacts[0], formID, f.Field, day, f.Key, count, f.Num); err != nil {
		return err
	}
	block, err := dayBlock(day)
	if err != nil {
		return err
	}
	if err := t.execUnread(sqlAddBlocks[0], formID, f.Field, block, f.Key, count, f.Num); err != nil {
		return err
	}
	return t.execUnread(sqlAddTotals[0], formID, f.Field, f.Key, count, f.Num)
}
