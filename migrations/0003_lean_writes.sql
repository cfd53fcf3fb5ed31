-- Rebuilds the four tables so that a write costs only what it needs.
-- Every plan step runs these statements in the one serial writer, so each
-- constraint evaluated per row is paid by every caller waiting behind it:
--
-- * AUTOINCREMENT read and rewrote a sqlite_sequence row on every insert.
--   Rows of these tables are never deleted (versions cannot be, forms are
--   soft-deleted), so plain rowids, max(id) + 1, are never reused either.
-- * `x IN ('a', 'b', ...)` in a CHECK built a temporary b-tree of the list
--   for every row written; the same test spelled with OR compares in place.
-- * json_valid() CHECKs parsed every snapshot, diff, audit detail and job
--   result again inside SQLite. The daemon, the only writer, produces state
--   and details with encoding/json and checks the JSON it is handed (diffs,
--   job results) before writing it.
-- * audit_log_req indexed a column no query reads by; operators find a
--   request's rows by form, actor or time, or in the event log.
-- * forms.public_token was random and UNIQUE, so every new form wrote a
--   random page of its index. New tokens are the form's id enciphered
--   with AES under the key in `settings`: a permutation of distinct ids,
--   so unique without an index, and unguessable without the key. Tokens
--   made before (24 hex digits, unique when made) stay as they are.
--
-- The runner applies migrations with foreign keys off and checks them all
-- before committing, as SQLite's procedure for table rebuilds requires.

DROP VIEW v_audit;
DROP VIEW v_form_versions;
DROP VIEW v_recent_jobs;

CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);
INSERT INTO settings (name, value) VALUES ('public_token_key', randomblob(16));

CREATE TABLE forms_rebuilt (
    id              INTEGER PRIMARY KEY,
    title           TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status = 'draft' OR status = 'published' OR status = 'disabled'),
    public_token    TEXT    NOT NULL,
    owner_id        INTEGER NOT NULL,
    head_version_id INTEGER REFERENCES form_versions (id),
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    deleted_at      TEXT
);
INSERT INTO forms_rebuilt (id, title, status, public_token, owner_id, head_version_id, created_at, updated_at, deleted_at)
SELECT id, title, status, public_token, owner_id, head_version_id, created_at, updated_at, deleted_at FROM forms;
DROP TABLE forms;
ALTER TABLE forms_rebuilt RENAME TO forms;
CREATE INDEX forms_live ON forms (deleted_at, id);

CREATE TABLE form_versions_rebuilt (
    id                INTEGER PRIMARY KEY,
    form_id           INTEGER NOT NULL REFERENCES forms (id),
    seq               INTEGER NOT NULL CHECK (seq >= 1),
    state             TEXT    NOT NULL,
    source            TEXT    NOT NULL CHECK (source = 'planner' OR source = 'hosha2' OR source = 'rollback'
                                              OR source = 'undo' OR source = 'api'),
    parent_version_id INTEGER REFERENCES form_versions (id),
    diff              TEXT,
    diff_applied      INTEGER NOT NULL DEFAULT 0,
    diff_sha          TEXT,
    prompt_hash       TEXT,
    tokens_prompt     INTEGER NOT NULL DEFAULT 0,
    tokens_completion INTEGER NOT NULL DEFAULT 0,
    tokens_total      INTEGER NOT NULL DEFAULT 0,
    created_by        INTEGER NOT NULL,
    created_at        TEXT    NOT NULL,
    UNIQUE (form_id, seq)
);
INSERT INTO form_versions_rebuilt (id, form_id, seq, state, source, parent_version_id, diff, diff_applied,
    diff_sha, prompt_hash, tokens_prompt, tokens_completion, tokens_total, created_by, created_at)
SELECT id, form_id, seq, state, source, parent_version_id, diff, diff_applied,
    diff_sha, prompt_hash, tokens_prompt, tokens_completion, tokens_total, created_by, created_at FROM form_versions;
DROP TABLE form_versions;
ALTER TABLE form_versions_rebuilt RENAME TO form_versions;

-- A snapshot, once written, is history: nothing may rewrite or remove it.
CREATE TRIGGER form_versions_no_update BEFORE UPDATE ON form_versions
BEGIN
    SELECT RAISE(ABORT, 'form_versions rows are immutable');
END;

CREATE TRIGGER form_versions_no_delete BEFORE DELETE ON form_versions
BEGIN
    SELECT RAISE(ABORT, 'form_versions rows are immutable');
END;

CREATE TABLE audit_log_rebuilt (
    id                INTEGER PRIMARY KEY,
    ts                TEXT    NOT NULL,
    req_id            TEXT    NOT NULL,
    actor             INTEGER NOT NULL,
    action            TEXT    NOT NULL,
    form_id           INTEGER REFERENCES forms (id),
    before_version_id INTEGER REFERENCES form_versions (id),
    after_version_id  INTEGER REFERENCES form_versions (id),
    undo_token_hash   TEXT UNIQUE,
    undone_at         TEXT,
    undone_by         INTEGER,
    details           TEXT    NOT NULL DEFAULT '{}'
);
INSERT INTO audit_log_rebuilt (id, ts, req_id, actor, action, form_id, before_version_id, after_version_id,
    undo_token_hash, undone_at, undone_by, details)
SELECT id, ts, req_id, actor, action, form_id, before_version_id, after_version_id,
    undo_token_hash, undone_at, undone_by, details FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_rebuilt RENAME TO audit_log;
CREATE INDEX audit_log_form ON audit_log (form_id, id);

CREATE TABLE jobs_rebuilt (
    req_id            TEXT PRIMARY KEY,
    actor             INTEGER NOT NULL,
    form_id           INTEGER NOT NULL,
    intent            TEXT    NOT NULL,
    status            TEXT    NOT NULL CHECK (status = 'queued' OR status = 'running' OR status = 'succeeded'
                                              OR status = 'failed' OR status = 'cancelled'),
    progress          REAL    NOT NULL DEFAULT 0,
    phases            TEXT    NOT NULL DEFAULT '[]',
    error_code        TEXT,
    error_message     TEXT,
    result_version_id INTEGER REFERENCES form_versions (id),
    result            TEXT,
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL,
    finished_at       TEXT
);
INSERT INTO jobs_rebuilt (req_id, actor, form_id, intent, status, progress, phases, error_code, error_message,
    result_version_id, result, created_at, updated_at, finished_at)
SELECT req_id, actor, form_id, intent, status, progress, phases, error_code, error_message,
    result_version_id, result, created_at, updated_at, finished_at FROM jobs;
DROP TABLE jobs;
ALTER TABLE jobs_rebuilt RENAME TO jobs;
CREATE INDEX jobs_status ON jobs (status);

-- The views of 0002, unchanged, over the rebuilt tables.
CREATE VIEW v_audit AS
SELECT a.id, a.ts, a.req_id, a.actor, a.action, a.form_id, f.title AS form_title,
       bv.seq AS before_seq, av.seq AS after_seq,
       a.undone_at, a.undone_by, a.details
FROM audit_log a
LEFT JOIN forms f ON f.id = a.form_id
LEFT JOIN form_versions bv ON bv.id = a.before_version_id
LEFT JOIN form_versions av ON av.id = a.after_version_id;

CREATE VIEW v_form_versions AS
SELECT v.form_id, v.seq, v.id AS version_id, v.source, v.created_by, v.created_at,
       json_extract(v.state, '$.title') AS title,
       json_extract(v.state, '$.status') AS status,
       json_array_length(v.state, '$.document.fields') AS field_count,
       v.diff_sha, v.tokens_total,
       (f.head_version_id = v.id) AS is_head
FROM form_versions v
JOIN forms f ON f.id = v.form_id;

CREATE VIEW v_recent_jobs AS
SELECT req_id, actor, form_id, intent, status, round(progress, 2) AS progress,
       error_code, result_version_id, created_at, finished_at
FROM jobs
ORDER BY created_at DESC;
