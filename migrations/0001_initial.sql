-- Forms, their immutable versions, the audit log and Hosha2 jobs.
-- Timestamps are RFC 3339 UTC text so sqlite3 users can read them.

CREATE TABLE forms (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    title           TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('draft', 'published', 'disabled')),
    public_token    TEXT    NOT NULL UNIQUE,
    owner_id        INTEGER NOT NULL,
    head_version_id INTEGER REFERENCES form_versions (id),
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    deleted_at      TEXT
);

CREATE INDEX forms_live ON forms (deleted_at, id);

CREATE TABLE form_versions (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    form_id           INTEGER NOT NULL REFERENCES forms (id),
    seq               INTEGER NOT NULL CHECK (seq >= 1),
    state             TEXT    NOT NULL CHECK (json_valid(state)),
    source            TEXT    NOT NULL CHECK (source IN ('planner', 'hosha2', 'rollback', 'undo', 'api')),
    parent_version_id INTEGER REFERENCES form_versions (id),
    diff              TEXT    CHECK (diff IS NULL OR json_valid(diff)),
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

-- A snapshot, once written, is history: nothing may rewrite or remove it.
CREATE TRIGGER form_versions_no_update BEFORE UPDATE ON form_versions
BEGIN
    SELECT RAISE(ABORT, 'form_versions rows are immutable');
END;

CREATE TRIGGER form_versions_no_delete BEFORE DELETE ON form_versions
BEGIN
    SELECT RAISE(ABORT, 'form_versions rows are immutable');
END;

CREATE TABLE audit_log (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
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
    details           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details))
);

CREATE INDEX audit_log_form ON audit_log (form_id, id);
CREATE INDEX audit_log_req ON audit_log (req_id);

CREATE TABLE jobs (
    req_id            TEXT PRIMARY KEY,
    actor             INTEGER NOT NULL,
    form_id           INTEGER NOT NULL,
    intent            TEXT    NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    progress          REAL    NOT NULL DEFAULT 0,
    phases            TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(phases)),
    error_code        TEXT,
    error_message     TEXT,
    result_version_id INTEGER REFERENCES form_versions (id),
    result            TEXT    CHECK (result IS NULL OR json_valid(result)),
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL,
    finished_at       TEXT
);

CREATE INDEX jobs_status ON jobs (status);
