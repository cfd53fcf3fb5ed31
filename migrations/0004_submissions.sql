-- Forms that people answer: every row belongs to one WordPress site, and
-- submissions, their search index, the running counts results are read
-- from, uploaded files and the webhook outbox.

-- A multisite network shares one daemon; a site never sees another's
-- rows. Rows written before sites existed belong to site 1, the one site
-- of a single-site install.
ALTER TABLE forms ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE form_versions ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE audit_log ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE jobs ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;
CREATE INDEX forms_site ON forms (site_id, deleted_at, id);

-- One accepted submission. answers is the JSON list of accepted answers
-- (field, type, normalised value, and what the respondent typed where it
-- differs); answers_sha is its SHA-256, which tells a replayed
-- idempotency key with the same answers from one with others.
CREATE TABLE submissions (
    id              INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL,
    form_id         INTEGER NOT NULL REFERENCES forms (id),
    version_id      INTEGER NOT NULL REFERENCES form_versions (id),
    tracking_code   TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status = 'new' OR status = 'read' OR status = 'starred' OR status = 'spam'),
    created_at      TEXT    NOT NULL,
    client_hash     TEXT    NOT NULL,
    idempotency_key TEXT,
    answers_sha     TEXT    NOT NULL,
    answers         TEXT    NOT NULL
);
-- Keyset pages, newest first, of one form, and of one form in one status.
CREATE INDEX submissions_form ON submissions (form_id, id);
CREATE INDEX submissions_form_status ON submissions (form_id, status, id);
CREATE UNIQUE INDEX submissions_idempotency ON submissions (form_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX submissions_tracking ON submissions (site_id, tracking_code);

-- Full-text search over the answers (rowid = submissions.id). Contentless:
-- the text lives in submissions.answers already; contentless_delete lets
-- an erased submission leave no trace in the index.
CREATE VIRTUAL TABLE submissions_fts USING fts5(
    body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

-- Running counts per form and day (the day in Iran's time zone): how many
-- submissions, and the id range they span, which turns a date filter into
-- an id range on submissions_form.
CREATE TABLE submission_days (
    form_id  INTEGER NOT NULL,
    day      TEXT    NOT NULL,
    count    INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    last_id  INTEGER NOT NULL,
    PRIMARY KEY (form_id, day)
) WITHOUT ROWID;

-- Running counts per form, field, day and answer key, which
-- results.summary adds up instead of reading a million submissions. The
-- key is an option value, a rating, a number, a date, a matrix
-- row/column pair, or '' for "answered"; sum adds numbers and ratings.
-- Spam is not counted.
CREATE TABLE answer_counts (
    form_id  INTEGER NOT NULL,
    field_id TEXT    NOT NULL,
    day      TEXT    NOT NULL,
    key      TEXT    NOT NULL,
    count    INTEGER NOT NULL,
    sum      REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, field_id, day, key)
) WITHOUT ROWID;

-- Files received for file fields. An upload is pending (submission_id
-- NULL) until a submission names it; pending uploads past their time are
-- swept. stored_name is a random name in the daemon's upload directory,
-- outside any web root.
CREATE TABLE uploads (
    id            TEXT    PRIMARY KEY,
    site_id       INTEGER NOT NULL,
    form_id       INTEGER NOT NULL REFERENCES forms (id),
    field_id      TEXT    NOT NULL,
    submission_id INTEGER REFERENCES submissions (id),
    stored_name   TEXT    NOT NULL,
    mime          TEXT    NOT NULL,
    size          INTEGER NOT NULL,
    original_name TEXT    NOT NULL,
    sha256        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX uploads_submission ON uploads (submission_id) WHERE submission_id IS NOT NULL;
CREATE INDEX uploads_pending ON uploads (created_at) WHERE submission_id IS NULL;

-- Webhook deliveries, written in the submission's own transaction, so a
-- submission acknowledged is a delivery owed (at least once; the id is
-- the receiver's key to drop a repeat).
CREATE TABLE webhook_outbox (
    id              INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL,
    form_id         INTEGER NOT NULL,
    submission_id   INTEGER NOT NULL,
    url             TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    delivered_at    TEXT,
    last_error      TEXT,
    created_at      TEXT    NOT NULL
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at) WHERE delivered_at IS NULL;
CREATE INDEX webhook_outbox_submission ON webhook_outbox (submission_id);

-- The keys that sign form tokens (a respondent's proof of having loaded
-- the form) and webhook bodies, and hash client ids; kept here so that
-- they outlive restarts and backups.
INSERT INTO settings (name, value) VALUES ('form_token_key', randomblob(32));
INSERT INTO settings (name, value) VALUES ('webhook_secret', lower(hex(randomblob(32))));
INSERT INTO settings (name, value) VALUES ('client_hash_key', randomblob(32));
