-- Notifications of a form's submissions (settings.notifications and
-- settings.notify_emails): one row per delivery owed, written in the
-- submission's own transaction, as webhook_outbox is. SMS rows are sent
-- by the daemon's worker; email rows are taken by the WordPress plugin
-- (notifications.email.claim), sent with wp_mail and reported back.
--   - receiver: the normalised mobile (09…) or address, or 'admin' (the
--     site's own: the SMS settings' admin mobile, WordPress's admin
--     email), resolved when the message leaves;
--   - payload: the message as rendered when the submission was kept
--     ({"text"} or {"pattern":{"code","params"}} for SMS,
--     {"subject","body"} for email);
--   - attempts counts attempts begun (a claim adds one), attempt_base the
--     attempts made before an administrator's last retry: a delivery is
--     given up when attempts - attempt_base reaches the worker's bound;
--   - next_attempt_at is a lease while an attempt runs, and
--     '9999-12-31T23:59:59Z' once given up (failed);
--   - limited is 1 for a delivery refused by the per-form or
--     per-receiver hourly bound: recorded as failed, never sent, not
--     counted against the bounds;
--   - error_kind is the class of the last failure (rate_limited,
--     invalid_receiver, no_credit, …), last_error the words;
--   - submission_id is 0 for a test sent from the form's settings.
CREATE TABLE notification_outbox (
    id              INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL,
    form_id         INTEGER NOT NULL,
    submission_id   INTEGER NOT NULL,
    notice          INTEGER NOT NULL,
    channel         TEXT    NOT NULL,
    receiver        TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    attempt_base    INTEGER NOT NULL DEFAULT 0,
    limited         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL,
    sent_at         TEXT,
    provider_id     TEXT,
    error_kind      TEXT,
    last_error      TEXT,
    created_at      TEXT    NOT NULL
);
CREATE INDEX notification_outbox_due ON notification_outbox (channel, next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX notification_outbox_submission ON notification_outbox (submission_id);
-- The hourly bounds count a form's and a receiver's recent deliveries.
CREATE INDEX notification_outbox_form ON notification_outbox (form_id, channel, created_at) WHERE limited = 0;
CREATE INDEX notification_outbox_receiver ON notification_outbox (site_id, channel, receiver, created_at) WHERE limited = 0;
-- Sent deliveries past their retention: the sweep empties the text and
-- masks the receiver, oldest first.
CREATE INDEX notification_outbox_sent ON notification_outbox (sent_at) WHERE sent_at IS NOT NULL AND payload <> '';

-- Delivery ids are never given twice (see id_floors).
INSERT INTO id_floors (name, last_id) VALUES ('notification_outbox', 0);
CREATE TRIGGER notification_outbox_id_floor AFTER DELETE ON notification_outbox BEGIN
    UPDATE id_floors SET last_id = OLD.id WHERE name = 'notification_outbox' AND last_id < OLD.id;
END;
-- Erasing an entry erases its deliveries: their receivers and texts are
-- the respondent's answers.
CREATE TRIGGER submissions_notifications_delete AFTER DELETE ON submissions BEGIN
    DELETE FROM notification_outbox WHERE submission_id = OLD.id AND OLD.id <> 0;
END;
