package sqlstore

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// formRow is a form joined with its head version.
type formRow struct {
	ID            int64          `db:"id"`
	Title         string         `db:"title"`
	Status        string         `db:"status"`
	PublicToken   string         `db:"public_token"`
	OwnerID       int64          `db:"owner_id"`
	SiteID        int64          `db:"site_id"`
	HeadVersionID sql.NullInt64  `db:"head_version_id"`
	HeadSeq       sql.NullInt64  `db:"head_seq"`
	HeadState     sql.NullString `db:"head_state"`
	VersionCount  int64          `db:"version_count"`
	CreatedAt     string         `db:"created_at"`
	UpdatedAt     string         `db:"updated_at"`
	DeletedAt     sql.NullString `db:"deleted_at"`
}

const formSelect = `SELECT f.id, f.title, f.status, f.public_token, f.owner_id, f.site_id, f.head_version_id,
	v.seq AS head_seq, v.state AS head_state,
	(SELECT count(*) FROM form_versions c WHERE c.form_id = f.id) AS version_count,
	f.created_at, f.updated_at, f.deleted_at
FROM forms f LEFT JOIN form_versions v ON v.id = f.head_version_id`

func (r *formRow) toDomain() (*domain.Form, error) {
	f := &domain.Form{
		ID: r.ID, Title: r.Title, Status: domain.FormStatus(r.Status), PublicToken: r.PublicToken,
		OwnerID: r.OwnerID, SiteID: r.SiteID, HeadVersionID: r.HeadVersionID.Int64, HeadSeq: r.HeadSeq.Int64,
		VersionCount: r.VersionCount, CreatedAt: parseTime(r.CreatedAt), UpdatedAt: parseTime(r.UpdatedAt),
		DeletedAt: parseTimePtr(r.DeletedAt), Document: domain.NewDocument(),
	}
	if r.HeadState.Valid {
		var st domain.FormState
		if err := json.Unmarshal([]byte(r.HeadState.String), &st); err != nil {
			return nil, fmt.Errorf("form %d: head state: %w", r.ID, err)
		}
		f.Document = normalizeDocument(st.Document)
	}
	return f, nil
}

func normalizeDocument(d domain.Document) domain.Document {
	if d.Version == "" {
		d.Version = domain.DocumentVersion
	}
	if d.Fields == nil {
		d.Fields = []map[string]any{}
	}
	if d.Layout == nil {
		d.Layout = map[string]any{}
	}
	if d.Meta == nil {
		d.Meta = map[string]any{}
	}
	return d
}

// versionColumns are the columns of a version every read of one takes:
// a whole version (versionRow) and its summary (ListVersionInfo).
type versionColumns struct {
	ID              int64          `db:"id"`
	Seq             int64          `db:"seq"`
	Source          string         `db:"source"`
	ParentVersionID sql.NullInt64  `db:"parent_version_id"`
	DiffApplied     bool           `db:"diff_applied"`
	DiffSHA         sql.NullString `db:"diff_sha"`
	PromptHash      sql.NullString `db:"prompt_hash"`
	TokensPrompt    int64          `db:"tokens_prompt"`
	TokensComplete  int64          `db:"tokens_completion"`
	TokensTotal     int64          `db:"tokens_total"`
	CreatedBy       int64          `db:"created_by"`
	CreatedAt       string         `db:"created_at"`
}

// parent is the version's parent id, nil for none.
func (c *versionColumns) parent() *int64 {
	if !c.ParentVersionID.Valid {
		return nil
	}
	return &c.ParentVersionID.Int64
}

// diffSHA is the hash of the diff the version applied, nil for none.
func (c *versionColumns) diffSHA() *string {
	if !c.DiffSHA.Valid {
		return nil
	}
	return &c.DiffSHA.String
}

type versionRow struct {
	versionColumns
	FormID int64          `db:"form_id"`
	State  string         `db:"state"`
	Diff   sql.NullString `db:"diff"`
}

const versionSelect = `SELECT id, form_id, seq, state, source, parent_version_id, diff, diff_applied,
	diff_sha, prompt_hash, tokens_prompt, tokens_completion, tokens_total, created_by, created_at
FROM form_versions`

func (r *versionRow) toDomain() (*domain.Version, error) {
	v := &domain.Version{
		ID: r.ID, FormID: r.FormID, Seq: r.Seq, Source: r.Source, DiffApplied: r.DiffApplied,
		PromptHash: r.PromptHash.String, TokensPrompt: r.TokensPrompt, TokensComplete: r.TokensComplete,
		TokensTotal: r.TokensTotal, CreatedBy: r.CreatedBy, CreatedAt: parseTime(r.CreatedAt),
	}
	v.ParentVersionID, v.DiffSHA = r.parent(), r.diffSHA()
	if r.Diff.Valid {
		v.Diff = json.RawMessage(r.Diff.String)
	}
	if err := json.Unmarshal([]byte(r.State), &v.State); err != nil {
		return nil, fmt.Errorf("version %d: state: %w", r.ID, err)
	}
	v.State.Document = normalizeDocument(v.State.Document)
	return v, nil
}

// txConn is an Update call's handle on its transaction: its share of an
// SQLite batch (cachedTx) or its own MariaDB or MySQL transaction
// (mysqlTx).
type txConn interface {
	queryer
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// queryer is what both a pool and a transaction offer.
type queryer interface {
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// getForm finds a form of the site; one of another site is NOT_FOUND
// with the very error a missing one gets.
func getForm(ctx context.Context, q queryer, siteID, id int64, includeDeleted bool) (*domain.Form, error) {
	var r formRow
	query := sqlFormByIDAny
	if !includeDeleted {
		query = sqlFormByID
	}
	if err := q.GetContext(ctx, &r, query, id, siteID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.Errorf(domain.CodeNotFound, "form %v was not found", id)
		}
		return nil, err
	}
	return r.toDomain()
}

// getVersion finds a version of the site's form: a version carries its
// form's site, so one lookup by primary key answers.
func getVersion(ctx context.Context, q queryer, siteID, formID, versionID int64) (*domain.Version, error) {
	var r versionRow
	if err := q.GetContext(ctx, &r, versionSelect+" WHERE id = ? AND form_id = ? AND site_id = ?", versionID, formID, siteID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.Errorf(domain.CodeNotFound, "version %v was not found", versionID)
		}
		return nil, err
	}
	return r.toDomain()
}

// GetForm returns a live form of the site with its head document.
func (db *DB) GetForm(ctx context.Context, siteID, id int64) (*domain.Form, error) {
	return getForm(ctx, db.reads, siteID, id, false)
}

// LookupForm reports a live form's title and field count; it lets the
// contract engine check references without knowing the store. That
// engine's interface names no site, so the site is the one of the call's
// actor (ctx): a plan never learns of another site's form.
func (db *DB) LookupForm(ctx context.Context, id int64) (string, int, bool, error) {
	f, err := db.GetForm(ctx, domain.ActorFrom(ctx).Site(), id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, err
	}
	return f.Title, len(f.Document.Fields), true, nil
}

// ListForms returns the site's forms newest first.
func (db *DB) ListForms(ctx context.Context, q domain.FormQuery) ([]domain.Form, error) {
	query := formSelect + " WHERE f.site_id = ?"
	args := []any{q.SiteID}
	if !q.IncludeDeleted {
		query += " AND f.deleted_at IS NULL"
	}
	if q.Status != "" {
		query += " AND f.status = ?"
		args = append(args, string(q.Status))
	}
	if q.Limit <= 0 {
		q.Limit = 50
	}
	query += " ORDER BY f.id DESC LIMIT ? OFFSET ?"
	args = append(args, q.Limit, q.Offset)
	var rows []formRow
	if err := db.reads.SelectContext(ctx, &rows, query, args...); err != nil {
		return nil, err
	}
	out := make([]domain.Form, 0, len(rows))
	for i := range rows {
		f, err := rows[i].toDomain()
		if err != nil {
			return nil, err
		}
		out = append(out, *f)
	}
	return out, nil
}

// ListVersions returns a form's versions, newest first. The form is
// looked up in the site first; its versions are then all the site's.
func (db *DB) ListVersions(ctx context.Context, siteID, formID int64, limit, offset int) ([]domain.Version, error) {
	if _, err := getForm(ctx, db.reads, siteID, formID, true); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 20
	}
	var rows []versionRow
	if err := db.reads.SelectContext(ctx, &rows, versionSelect+" WHERE form_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?", formID, limit, offset); err != nil {
		return nil, err
	}
	return versionsToDomain(rows)
}

// ListVersionInfo pages a form's versions, newest first, without their
// snapshots: the title, status and field count are read from the state
// inside SQLite, which sends back a few bytes per version.
func (db *DB) ListVersionInfo(ctx context.Context, siteID, formID int64, limit, offset int) ([]domain.VersionInfo, error) {
	if _, err := getForm(ctx, db.reads, siteID, formID, true); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 20
	}
	var rows []struct {
		versionColumns
		Title      sql.NullString `db:"title"`
		Status     sql.NullString `db:"status"`
		FieldCount sql.NullInt64  `db:"field_count"`
	}
	picks := `json_extract(state, '$.title') AS title,
		json_extract(state, '$.status') AS status, json_array_length(state, '$.document.fields') AS field_count`
	if db.mysql != nil {
		picks = `JSON_UNQUOTE(JSON_EXTRACT(state, '$.title')) AS title,
		JSON_UNQUOTE(JSON_EXTRACT(state, '$.status')) AS status, JSON_LENGTH(state, '$.document.fields') AS field_count`
	}
	err := db.reads.SelectContext(ctx, &rows, `SELECT id, seq, source, `+picks+`,
		parent_version_id, diff_applied, diff_sha, prompt_hash, tokens_prompt, tokens_completion, tokens_total,
		created_by, created_at FROM form_versions WHERE form_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`, formID, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]domain.VersionInfo, len(rows))
	for i, r := range rows {
		out[i] = domain.VersionInfo{ID: r.ID, FormID: formID, Seq: r.Seq, Source: r.Source, Title: r.Title.String,
			Status: domain.FormStatus(r.Status.String), FieldCount: int(r.FieldCount.Int64), DiffApplied: r.DiffApplied,
			PromptHash: r.PromptHash.String, TokensPrompt: r.TokensPrompt, TokensComplete: r.TokensComplete,
			TokensTotal: r.TokensTotal, CreatedBy: r.CreatedBy, CreatedAt: parseTime(r.CreatedAt),
			ParentVersionID: r.parent(), DiffSHA: r.diffSHA()}
	}
	return out, nil
}

func versionsToDomain(rows []versionRow) ([]domain.Version, error) {
	out := make([]domain.Version, 0, len(rows))
	for i := range rows {
		v, err := rows[i].toDomain()
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, nil
}

// GetVersion returns one snapshot of a form of the site.
func (db *DB) GetVersion(ctx context.Context, siteID, formID, versionID int64) (*domain.Version, error) {
	return getVersion(ctx, db.reads, siteID, formID, versionID)
}

// Tx is one Update call's view of a write transaction; it implements
// domain.FormTx.
type Tx struct {
	tx       txConn
	ctx      context.Context
	tokenKey cipher.Block // see publicToken
	now      time.Time
	ts       string // now as stored, formatted once rather than per statement
	// mysql is set on a MariaDB or MySQL store, where other hosts write
	// at the same time: forms this call reads or changes are locked
	// (lockForm) so that their heads stay exact until it commits.
	mysql bool
	// ids gives the ids of new rows on MariaDB and MySQL (idblocks.go),
	// nil on SQLite, where the writer's inserts give them.
	ids *idBlocks
	// fresh are the submissions whose tracking codes this call drew
	// (InsertSubmission): a code another submission holds is drawn again
	// when the call runs again (heldBackError).
	fresh  []*domain.Submission
	host   string
	locked []int64
	// heads are the head versions of the forms this call has read or
	// written. Only this call writes while its fn runs, so they stay
	// exact and CommitVersion need not look the head up again.
	heads []formHeadRef
}

// formHeadRef is a form's head as this call knows it. A moved head is
// written to the form's row once, when the call's fn has returned or
// before the row is read (flushHeads), not at every version: a plan of
// several steps on one form rewrote that row at each of them.
type formHeadRef struct {
	// siteID is the site the form was read or created for: a head is
	// only reused by a call naming the same site.
	siteID, formID, versionID, seq int64
	moved                          bool
	title                          string
	status                         domain.FormStatus
	newToken                       string // a form created by this call has no token in its row yet
}

// flushHeads writes every moved head to its form's row.
func (t *Tx) flushHeads() error {
	for i := range t.heads {
		h := &t.heads[i]
		if !h.moved {
			continue
		}
		var token any
		if h.newToken != "" {
			token = h.newToken
		}
		if err := t.execUnread(sqlMoveHead, h.title, string(h.status), h.versionID, t.ts, token, h.formID); err != nil {
			return err
		}
		h.moved, h.newToken = false, ""
	}
	return nil
}

// execUnread runs a write whose result is not read. On MariaDB and
// MySQL it is held back and sent with the next statement, or with the
// commit (mysqlTx.deferExec).
func (t *Tx) execUnread(query string, args ...any) error {
	if m, ok := t.tx.(*mysqlTx); ok {
		return m.deferExec(t.ctx, query, args...)
	}
	_, err := t.tx.ExecContext(t.ctx, query, args...)
	return err
}

func (t *Tx) knownHead(siteID, formID int64) (formHeadRef, bool) {
	for _, h := range t.heads {
		if h.formID == formID {
			return h, h.siteID == siteID
		}
	}
	return formHeadRef{}, false
}

func (t *Tx) setHead(h formHeadRef) {
	for i := range t.heads {
		if t.heads[i].formID == h.formID {
			// A form created by this call keeps its token until the head
			// is written, whatever versions follow.
			if h.newToken == "" {
				h.newToken = t.heads[i].newToken
			}
			t.heads[i] = h
			return
		}
	}
	t.heads = append(t.heads, h)
}

func (t *Tx) getForm(siteID, id int64, includeDeleted bool) (*domain.Form, error) {
	if err := t.flushHeads(); err != nil {
		return nil, err
	}
	if err := t.lockForm(id); err != nil {
		return nil, err
	}
	f, err := getForm(t.ctx, t.tx, siteID, id, includeDeleted)
	if err == nil && f.HeadVersionID != 0 {
		t.setHead(formHeadRef{siteID: siteID, formID: f.ID, versionID: f.HeadVersionID, seq: f.HeadSeq})
	}
	return f, err
}

// GetForm returns a live form of the site as this transaction sees it.
func (t *Tx) GetForm(siteID, id int64) (*domain.Form, error) { return t.getForm(siteID, id, false) }

// GetFormAny returns a form of the site even when soft-deleted.
func (t *Tx) GetFormAny(siteID, id int64) (*domain.Form, error) { return t.getForm(siteID, id, true) }

// GetVersion returns a snapshot as this transaction sees it.
func (t *Tx) GetVersion(siteID, formID, versionID int64) (*domain.Version, error) {
	return getVersion(t.ctx, t.tx, siteID, formID, versionID)
}

// LatestVersionInfo returns the metadata of a form's newest version; its
// State and Diff are left empty, so a conflict report costs one index
// lookup whatever the size and number of the snapshots.
func (t *Tx) LatestVersionInfo(siteID, formID int64) (*domain.Version, error) {
	var r struct {
		ID        int64  `db:"id"`
		Seq       int64  `db:"seq"`
		Source    string `db:"source"`
		CreatedBy int64  `db:"created_by"`
		CreatedAt string `db:"created_at"`
	}
	err := t.tx.GetContext(t.ctx, &r, `SELECT id, seq, source, created_by, created_at
FROM form_versions WHERE form_id = ? AND site_id = ? ORDER BY seq DESC LIMIT 1`, formID, siteID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "form %v was not found", formID)
	}
	if err != nil {
		return nil, err
	}
	return &domain.Version{ID: r.ID, FormID: formID, Seq: r.Seq, Source: r.Source, CreatedBy: r.CreatedBy, CreatedAt: parseTime(r.CreatedAt)}, nil
}

// publicToken is a form's public token: its id enciphered with the
// database's own AES key. Distinct ids give distinct tokens, because a
// block cipher is a permutation, so the column needs no unique index
// (an index whose random pages every new form would write); without the key a
// token tells nothing of the id, the form count or the creation time.
func publicToken(key cipher.Block, formID int64) string {
	var b [aes.BlockSize]byte
	binary.BigEndian.PutUint64(b[8:], uint64(formID))
	key.Encrypt(b[:], b[:])
	return hex.EncodeToString(b[:])
}

// CreateForm inserts a form of the site and its first version.
func (t *Tx) CreateForm(siteID, owner int64, state domain.FormState, meta domain.VersionMeta) (*domain.Form, *domain.Version, error) {
	if !state.Status.Valid() {
		state.Status = domain.StatusDraft
	}
	state.Document = normalizeDocument(state.Document)
	id, token, err := t.insertForm(siteID, owner, state)
	if err != nil {
		return nil, nil, err
	}
	v, err := t.insertVersion(siteID, id, 1, nil, state, meta)
	if err != nil {
		return nil, nil, err
	}
	head := formHeadRef{siteID: siteID, formID: id, versionID: v.ID, seq: 1, moved: true, title: state.Title, status: state.Status}
	if t.ids == nil {
		head.newToken = token
	}
	t.setHead(head)
	f := &domain.Form{ID: id, Title: state.Title, Status: state.Status, PublicToken: token, OwnerID: owner, SiteID: siteID,
		HeadVersionID: v.ID, HeadSeq: 1, VersionCount: 1, Document: state.Document, CreatedAt: t.now, UpdatedAt: t.now}
	return f, v, nil
}

// insertForm inserts a form's row, without its head, and returns its id
// and public token. On MariaDB and MySQL the id is the host's own
// (idblocks.go) and the row, token included, is held back for the
// call's next packet. On SQLite the token is made from the id the insert
// gives, so the row is inserted without it and takes it when its head is
// written (flushHeads), in the same call, before anyone can read the
// row.
func (t *Tx) insertForm(siteID, owner int64, state domain.FormState) (int64, string, error) {
	if t.ids != nil {
		id, err := t.ids.take(t.ctx, "forms")
		if err != nil {
			return 0, "", err
		}
		token := publicToken(t.tokenKey, id)
		return id, token, t.execUnread(sqlInsertFormID, id, siteID, state.Title, string(state.Status), token, owner, t.ts, t.ts)
	}
	res, err := t.tx.ExecContext(t.ctx, sqlInsertForm, siteID, state.Title, string(state.Status), owner, t.ts, t.ts)
	if err != nil {
		return 0, "", fmt.Errorf("insert form: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, "", err
	}
	return id, publicToken(t.tokenKey, id), nil
}

func (t *Tx) insertVersion(siteID, formID, seq int64, parent *int64, state domain.FormState, meta domain.VersionMeta) (*domain.Version, error) {
	stateJSON, err := json.Marshal(state)
	if err != nil {
		return nil, err
	}
	source := meta.Source
	if source == "" {
		source = domain.SourceAPI
	}
	var diff, sha, prompt any
	if len(meta.Diff) > 0 {
		// The schema does not check JSON columns, so the bytes
		// a caller hands in are checked here; state is encoding/json's.
		if !json.Valid(meta.Diff) {
			return nil, errors.New("insert version: the diff is not valid JSON")
		}
		diff = string(meta.Diff)
	}
	if meta.DiffSHA != nil {
		sha = *meta.DiffSHA
	}
	if meta.PromptHash != "" {
		prompt = meta.PromptHash
	}
	var id int64
	if t.ids != nil {
		// The host's own id, and the row held back for the call's next
		// packet (idblocks.go).
		if id, err = t.ids.take(t.ctx, "form_versions"); err != nil {
			return nil, err
		}
		err = t.execUnread(sqlInsertVersionID, id, siteID, formID, seq, string(stateJSON), source, parent, diff, meta.DiffApplied,
			sha, prompt, meta.TokensPrompt, meta.TokensComplete, meta.TokensTotal, meta.CreatedBy, t.ts)
		if err != nil {
			return nil, fmt.Errorf("insert version: %w", err)
		}
	} else {
		res, err := t.tx.ExecContext(t.ctx, sqlInsertVersion,
			siteID, formID, seq, string(stateJSON), source, parent, diff, meta.DiffApplied, sha, prompt,
			meta.TokensPrompt, meta.TokensComplete, meta.TokensTotal, meta.CreatedBy, t.ts)
		if err != nil {
			return nil, fmt.Errorf("insert version: %w", err)
		}
		if id, err = res.LastInsertId(); err != nil {
			return nil, err
		}
	}
	return &domain.Version{
		ID: id, FormID: formID, Seq: seq, State: state, Source: source, ParentVersionID: parent,
		Diff: meta.Diff, DiffApplied: meta.DiffApplied, DiffSHA: meta.DiffSHA, PromptHash: meta.PromptHash,
		TokensPrompt: meta.TokensPrompt, TokensComplete: meta.TokensComplete, TokensTotal: meta.TokensTotal,
		CreatedBy: meta.CreatedBy, CreatedAt: t.now,
	}, nil
}

// CommitVersion appends a version and moves the form's head to it, in the
// caller's transaction, so a form never changes without its snapshot. A
// form of another site is NOT_FOUND.
func (t *Tx) CommitVersion(siteID, formID int64, state domain.FormState, meta domain.VersionMeta) (*domain.Version, error) {
	head, ok := t.knownHead(siteID, formID)
	if !ok {
		if err := t.lockForm(formID); err != nil {
			return nil, err
		}
		var row struct {
			ID  int64 `db:"head_version_id"`
			Seq int64 `db:"seq"`
		}
		if err := t.tx.GetContext(t.ctx, &row, sqlFormHead, formID, siteID); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return nil, domain.Errorf(domain.CodeNotFound, "form %v was not found", formID)
			}
			return nil, err
		}
		head = formHeadRef{siteID: siteID, formID: formID, versionID: row.ID, seq: row.Seq}
	}
	if !state.Status.Valid() {
		return nil, domain.InvalidParams("unknown form status %s", string(state.Status))
	}
	state.Document = normalizeDocument(state.Document)
	parent := head.versionID
	v, err := t.insertVersion(siteID, formID, head.seq+1, &parent, state, meta)
	if err != nil {
		return nil, err
	}
	t.setHead(formHeadRef{siteID: siteID, formID: formID, versionID: v.ID, seq: v.Seq, moved: true, title: state.Title, status: state.Status})
	return v, nil
}

// SetDeleted soft-deletes a form of the site or brings it back.
func (t *Tx) SetDeleted(siteID, formID int64, deleted bool) error {
	var at any
	if deleted {
		at = t.ts
	}
	if err := t.flushHeads(); err != nil {
		return err
	}
	res, err := t.tx.ExecContext(t.ctx, "UPDATE forms SET deleted_at = ?, updated_at = ? WHERE id = ? AND site_id = ?", at, t.ts, formID, siteID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Errorf(domain.CodeNotFound, "form %v was not found", formID)
	}
	return nil
}
