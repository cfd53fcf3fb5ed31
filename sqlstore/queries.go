package sqlstore

import "strings"

// The write path's hot statements, prepared once at open (see stmtCache).
//
// Every statement that finds a form by id also names its site: a form of
// another site is not found, as a missing one is.
const (
	sqlFormByIDAny = formSelect + " WHERE f.id = ? AND f.site_id = ?"
	sqlFormByID    = sqlFormByIDAny + " AND f.deleted_at IS NULL"
	sqlInsertForm  = `INSERT INTO forms (site_id, title, status, public_token, owner_id, created_at, updated_at)
		VALUES (?, ?, ?, '', ?, ?, ?)`
	sqlInsertVersion = `INSERT INTO form_versions (site_id, form_id, seq, state, source, parent_version_id,
		diff, diff_applied, diff_sha, prompt_hash, tokens_prompt, tokens_completion, tokens_total, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// On MariaDB and MySQL the ids come from the host's blocks
	// (idblocks.go), and a form has its public token from the start.
	sqlInsertFormID = `INSERT INTO forms (id, site_id, title, status, public_token, owner_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	sqlInsertVersionID = `INSERT INTO form_versions (id, site_id, form_id, seq, state, source, parent_version_id,
		diff, diff_applied, diff_sha, prompt_hash, tokens_prompt, tokens_completion, tokens_total, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlFormHead = `SELECT f.head_version_id, v.seq FROM forms f
		JOIN form_versions v ON v.id = f.head_version_id WHERE f.id = ? AND f.site_id = ?`
	sqlMoveHead = `UPDATE forms SET title = ?, status = ?, head_version_id = ?, updated_at = ?,
		public_token = coalesce(?, public_token) WHERE id = ?`
)

// Every call in a batch runs inside its own savepoint (see groupcommit.go);
// one name suffices because the savepoints never nest.
const (
	sqlSavepoint  = "SAVEPOINT batch_call"
	sqlRelease    = "RELEASE batch_call"
	sqlRollbackTo = "ROLLBACK TO batch_call"
)

var hotWriteQueries = append([]string{sqlFormByID, sqlFormByIDAny, sqlInsertForm, sqlInsertVersion, sqlFormHead, sqlMoveHead,
	sqlSavepoint, sqlRelease, sqlRollbackTo}, sqlInsertAudit[:]...)

// sqlInsertAudit[n-1] inserts n audit rows.
var sqlInsertAudit = auditInserts("")

// sqlInsertAuditID[n-1] inserts n audit rows with their ids (MariaDB and
// MySQL, see idblocks.go).
var sqlInsertAuditID = auditInserts("id, ")

func auditInserts(id string) (qs [maxAuditRows]string) {
	columns := auditColumns + strings.Count(id, ",")
	row := "(?" + strings.Repeat(", ?", columns-1) + ")"
	for n := range qs {
		qs[n] = `INSERT INTO audit_log (` + id + `site_id, ts, req_id, actor, action, form_id,
		before_version_id, after_version_id, undo_token_hash, details) VALUES ` +
			row + strings.Repeat(", "+row, n)
	}
	return qs
}

const (
	maxAuditRows = 8
	auditColumns = 10
)
