-- The store on MariaDB (10.6 or newer) or MySQL (8.0 or newer): the
-- schema the SQLite migrations 0001 to 0009 build, in one step, since no
-- store on these engines predates them. Later migrations come in pairs:
-- ../NNNN_name.sql for SQLite and mysql/NNNN_name.sql here, same name.
--
-- Table names are written bare: the store adds the configured prefix
-- (arsh_ by default) to every one of its tables. Statements are
-- separated by a semicolon at the end of a line. Everything is InnoDB,
-- utf8mb4 with binary collation, so that Persian text compares byte for
-- byte, as on SQLite. Times are RFC 3339 UTC text, as on SQLite.
--
-- Differences from the SQLite schema, each for a reason:
-- * ids come from AUTO_INCREMENT, which InnoDB never hands out twice
--   (the counter survives restarts and erased rows), and which Galera
--   spreads over its nodes (auto_increment_increment); SQLite's
--   id_floors table is not needed;
-- * no triggers: creating one needs SUPER where binary logging is on
--   (every replica or Galera node). What they keep on SQLite
--   (upload_usage, unique_answers on erase and spam) the store's own
--   statements keep here, in the same transaction;
-- * a partial unique index is a unique index over a generated column
--   that is NULL where the SQLite index has no entry;
-- * full-text search reads submission_terms (form, word, submission)
--   instead of an FTS5 table;
-- * jobs name the host running them, so a restarting host fails only
--   its own jobs;
-- * each submission says whether the rollup has counted its answers
--   (submissions.counted): on SQLite the rollup follows the ids, but
--   here ids are taken in one order and committed in another, by hosts
--   that do not wait for each other.

CREATE TABLE forms (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    site_id         BIGINT       NOT NULL DEFAULT 1,
    title           TEXT         NOT NULL,
    status          VARCHAR(16)  NOT NULL CHECK (status IN ('draft', 'published', 'disabled')),
    public_token    VARCHAR(64)  NOT NULL,
    owner_id        BIGINT       NOT NULL,
    head_version_id BIGINT,
    created_at      VARCHAR(40)  NOT NULL,
    updated_at      VARCHAR(40)  NOT NULL,
    deleted_at      VARCHAR(40),
    KEY forms_live (deleted_at, id),
    KEY forms_site (site_id, deleted_at, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE form_versions (
    id                BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    site_id           BIGINT       NOT NULL DEFAULT 1,
    form_id           BIGINT       NOT NULL,
    seq               BIGINT       NOT NULL CHECK (seq >= 1),
    state             LONGTEXT     NOT NULL,
    source            VARCHAR(16)  NOT NULL CHECK (source IN ('planner', 'hosha2', 'rollback', 'undo', 'api')),
    parent_version_id BIGINT,
    diff              LONGTEXT,
    diff_applied      TINYINT      NOT NULL DEFAULT 0,
    diff_sha          VARCHAR(128),
    prompt_hash       VARCHAR(128),
    tokens_prompt     BIGINT       NOT NULL DEFAULT 0,
    tokens_completion BIGINT       NOT NULL DEFAULT 0,
    tokens_total      BIGINT       NOT NULL DEFAULT 0,
    created_by        BIGINT       NOT NULL,
    created_at        VARCHAR(40)  NOT NULL,
    UNIQUE KEY form_versions_seq (form_id, seq),
    FOREIGN KEY (form_id) REFERENCES forms (id),
    FOREIGN KEY (parent_version_id) REFERENCES form_versions (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

ALTER TABLE forms ADD FOREIGN KEY (head_version_id) REFERENCES form_versions (id);

CREATE TABLE audit_log (
    id                BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    site_id           BIGINT       NOT NULL DEFAULT 1,
    ts                VARCHAR(40)  NOT NULL,
    req_id            VARCHAR(255) NOT NULL,
    actor             BIGINT       NOT NULL,
    action            VARCHAR(255) NOT NULL,
    form_id           BIGINT,
    before_version_id BIGINT,
    after_version_id  BIGINT,
    undo_token_hash   VARCHAR(128),
    undone_at         VARCHAR(40),
    undone_by         BIGINT,
    details           LONGTEXT     NOT NULL,
    UNIQUE KEY audit_log_undo (undo_token_hash),
    KEY audit_log_form (form_id, id),
    KEY audit_log_ts (ts),
    FOREIGN KEY (form_id) REFERENCES forms (id),
    FOREIGN KEY (before_version_id) REFERENCES form_versions (id),
    FOREIGN KEY (after_version_id) REFERENCES form_versions (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE jobs (
    req_id            VARCHAR(191) NOT NULL PRIMARY KEY,
    site_id           BIGINT       NOT NULL DEFAULT 1,
    host              VARCHAR(255) NOT NULL DEFAULT '',
    actor             BIGINT       NOT NULL,
    form_id           BIGINT       NOT NULL,
    intent            TEXT         NOT NULL,
    status            VARCHAR(16)  NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    progress          DOUBLE       NOT NULL DEFAULT 0,
    phases            LONGTEXT     NOT NULL,
    error_code        VARCHAR(64),
    error_message     TEXT,
    result_version_id BIGINT,
    result            LONGTEXT,
    created_at        VARCHAR(40)  NOT NULL,
    updated_at        VARCHAR(40)  NOT NULL,
    finished_at       VARCHAR(40),
    KEY jobs_status (status),
    FOREIGN KEY (result_version_id) REFERENCES form_versions (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE settings (
    name  VARCHAR(191) NOT NULL PRIMARY KEY,
    value BLOB         NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE submissions (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    site_id         BIGINT       NOT NULL,
    form_id         BIGINT       NOT NULL,
    version_id      BIGINT       NOT NULL,
    tracking_code   VARCHAR(32)  NOT NULL,
    status          VARCHAR(16)  NOT NULL CHECK (status IN ('new', 'read', 'starred', 'spam')),
    created_at      VARCHAR(40)  NOT NULL,
    client_hash     VARCHAR(128) NOT NULL,
    idempotency_key VARCHAR(255),
    answers_sha     VARCHAR(128) NOT NULL,
    answers         LONGTEXT     NOT NULL,
    form_token_id   VARCHAR(64),
    -- 1 once the rollup has counted the answers (SQLite's rollup_state
    -- watermark instead: ids commit out of order across hosts).
    counted         TINYINT      NOT NULL DEFAULT 0,
    KEY submissions_form (form_id, id),
    KEY submissions_uncounted (counted, id),
    KEY submissions_form_status (form_id, status, id),
    UNIQUE KEY submissions_idempotency (form_id, idempotency_key),
    UNIQUE KEY submissions_tracking_code (site_id, tracking_code),
    UNIQUE KEY submissions_form_token (form_id, form_token_id),
    FOREIGN KEY (form_id) REFERENCES forms (id),
    FOREIGN KEY (version_id) REFERENCES form_versions (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The words of each submission's search text (normalised as on SQLite,
-- lower case, cut to 100 characters): a search asks that every word it
-- names begin some word of the submission.
CREATE TABLE submission_terms (
    form_id       BIGINT       NOT NULL,
    term          VARCHAR(100) NOT NULL,
    submission_id BIGINT       NOT NULL,
    PRIMARY KEY (form_id, term, submission_id),
    KEY submission_terms_submission (submission_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE submission_days (
    form_id  BIGINT      NOT NULL,
    day      VARCHAR(10) NOT NULL,
    count    BIGINT      NOT NULL,
    first_id BIGINT      NOT NULL,
    last_id  BIGINT      NOT NULL,
    PRIMARY KEY (form_id, day)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE answer_counts (
    form_id  BIGINT       NOT NULL,
    field_id VARCHAR(255) NOT NULL,
    day      VARCHAR(10)  NOT NULL,
    `key`    VARCHAR(255) NOT NULL,
    count    BIGINT       NOT NULL,
    sum      DOUBLE       NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, field_id, day, `key`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE answer_totals (
    form_id  BIGINT       NOT NULL,
    field_id VARCHAR(255) NOT NULL,
    `key`    VARCHAR(255) NOT NULL,
    count    BIGINT       NOT NULL,
    sum      DOUBLE       NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, field_id, `key`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE answer_blocks (
    form_id  BIGINT       NOT NULL,
    field_id VARCHAR(255) NOT NULL,
    block    BIGINT       NOT NULL,
    `key`    VARCHAR(255) NOT NULL,
    count    BIGINT       NOT NULL,
    sum      DOUBLE       NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, field_id, block, `key`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE rollup_state (
    name    VARCHAR(64) NOT NULL PRIMARY KEY,
    last_id BIGINT      NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
INSERT INTO rollup_state (name, last_id) VALUES ('answer_counts', 0);

CREATE TABLE uploads (
    id            VARCHAR(64)  NOT NULL PRIMARY KEY,
    site_id       BIGINT       NOT NULL,
    form_id       BIGINT       NOT NULL,
    field_id      VARCHAR(255) NOT NULL,
    submission_id BIGINT,
    stored_name   VARCHAR(255) NOT NULL,
    mime          VARCHAR(255) NOT NULL,
    size          BIGINT       NOT NULL,
    original_name TEXT         NOT NULL,
    sha256        VARCHAR(64)  NOT NULL,
    created_at    VARCHAR(40)  NOT NULL,
    KEY uploads_submission (submission_id),
    KEY uploads_pending (created_at),
    FOREIGN KEY (form_id) REFERENCES forms (id),
    FOREIGN KEY (submission_id) REFERENCES submissions (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE upload_usage (
    site_id BIGINT NOT NULL,
    form_id BIGINT NOT NULL,
    bytes   BIGINT NOT NULL,
    files   BIGINT NOT NULL,
    PRIMARY KEY (site_id, form_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE webhook_outbox (
    id              BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
    site_id         BIGINT      NOT NULL,
    form_id         BIGINT      NOT NULL,
    submission_id   BIGINT      NOT NULL,
    url             TEXT        NOT NULL,
    payload         LONGTEXT    NOT NULL,
    attempts        INT         NOT NULL DEFAULT 0,
    next_attempt_at VARCHAR(40) NOT NULL,
    delivered_at    VARCHAR(40),
    last_error      TEXT,
    created_at      VARCHAR(40) NOT NULL,
    KEY webhook_outbox_due (delivered_at, next_attempt_at, id),
    KEY webhook_outbox_submission (submission_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE site_secrets (
    site_id    BIGINT       NOT NULL,
    name       VARCHAR(64)  NOT NULL,
    value      VARCHAR(255) NOT NULL,
    created_at VARCHAR(40)  NOT NULL,
    PRIMARY KEY (site_id, name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE unique_answers (
    submission_id BIGINT       NOT NULL,
    field_id      VARCHAR(255) NOT NULL,
    form_id       BIGINT       NOT NULL,
    value_hash    VARCHAR(128) NOT NULL,
    spam          TINYINT      NOT NULL DEFAULT 0,
    kept_hash     VARCHAR(128) AS (CASE WHEN spam = 0 THEN value_hash END) STORED,
    PRIMARY KEY (submission_id, field_id),
    UNIQUE KEY unique_answers_kept (form_id, field_id, kept_hash)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Rate windows every host shares (limit.Limiter sharing the store): the
-- times of the calls admitted per scope and key, and a row per key that
-- a taker locks, so that hosts admit calls of one key in turn.
CREATE TABLE rate_keys (
    scope   VARCHAR(32) NOT NULL,
    `key`   BIGINT      NOT NULL,
    touched BIGINT      NOT NULL,
    PRIMARY KEY (scope, `key`),
    KEY rate_keys_touched (scope, touched)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

CREATE TABLE rate_windows (
    id    BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
    scope VARCHAR(32) NOT NULL,
    `key` BIGINT      NOT NULL,
    at    BIGINT      NOT NULL,
    KEY rate_windows_key (scope, `key`, at),
    KEY rate_windows_at (scope, at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Hosha2 cancels asked on any host, for the host running the job.
CREATE TABLE job_cancels (
    req_id       VARCHAR(191) NOT NULL PRIMARY KEY,
    requested_at VARCHAR(40)  NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
