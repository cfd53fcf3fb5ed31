-- What keeps anonymous traffic bounded and ids unique for good.

-- The highest id each table has ever given, kept when its newest rows are
-- erased: SQLite hands out max(rowid) + 1, which would give an erased
-- submission's id (and its webhook delivery's) to the next one, and a
-- receiver dropping repeats by id would drop it. Inserts take
-- max(max(id), last_id) + 1; the triggers raise last_id on every delete.
CREATE TABLE id_floors (
    name    TEXT    PRIMARY KEY,
    last_id INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO id_floors (name, last_id) SELECT 'submissions', coalesce(max(id), 0) FROM submissions;
INSERT INTO id_floors (name, last_id) SELECT 'webhook_outbox', coalesce(max(id), 0) FROM webhook_outbox;
CREATE TRIGGER submissions_id_floor AFTER DELETE ON submissions BEGIN
    UPDATE id_floors SET last_id = OLD.id WHERE name = 'submissions' AND last_id < OLD.id;
END;
CREATE TRIGGER webhook_outbox_id_floor AFTER DELETE ON webhook_outbox BEGIN
    UPDATE id_floors SET last_id = OLD.id WHERE name = 'webhook_outbox' AND last_id < OLD.id;
END;

-- The form token a submission was sent with (its 16-byte enciphered
-- block, hex): one token is one accepted submission.
ALTER TABLE submissions ADD COLUMN form_token_id TEXT;
CREATE UNIQUE INDEX submissions_form_token ON submissions (form_id, form_token_id) WHERE form_token_id IS NOT NULL;

-- Bytes of uploaded files kept per site and form, pending or claimed,
-- which the storage quotas bound; kept by triggers, so that no write path
-- can forget them.
CREATE TABLE upload_usage (
    site_id INTEGER NOT NULL,
    form_id INTEGER NOT NULL,
    bytes   INTEGER NOT NULL,
    files   INTEGER NOT NULL,
    PRIMARY KEY (site_id, form_id)
) WITHOUT ROWID;
INSERT INTO upload_usage (site_id, form_id, bytes, files)
SELECT site_id, form_id, sum(size), count(*) FROM uploads GROUP BY site_id, form_id;
CREATE TRIGGER uploads_usage_insert AFTER INSERT ON uploads BEGIN
    INSERT INTO upload_usage (site_id, form_id, bytes, files) VALUES (NEW.site_id, NEW.form_id, NEW.size, 1)
    ON CONFLICT (site_id, form_id) DO UPDATE SET bytes = bytes + excluded.bytes, files = files + 1;
END;
CREATE TRIGGER uploads_usage_delete AFTER DELETE ON uploads BEGIN
    UPDATE upload_usage SET bytes = bytes - OLD.size, files = files - 1
    WHERE site_id = OLD.site_id AND form_id = OLD.form_id;
END;

-- Each site's own keys (the webhook signing secret), made on first use.
CREATE TABLE site_secrets (
    site_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (site_id, name)
) WITHOUT ROWID;

-- Delivered webhook bodies past their retention: the sweep empties
-- payload, oldest first.
CREATE INDEX webhook_outbox_delivered ON webhook_outbox (delivered_at) WHERE delivered_at IS NOT NULL AND payload <> '';

-- Site 1, the one site of a single-site install, keeps the secret its
-- receivers know.
INSERT INTO site_secrets (site_id, name, value, created_at)
SELECT 1, 'webhook_secret', value, strftime('%Y-%m-%dT%H:%M:%SZ', 'now') FROM settings WHERE name = 'webhook_secret';
