-- The notification outbox (see ../0010_notifications.sql for what each
-- column means), on MariaDB and MySQL. Differences from SQLite:
-- * the id is AUTO_INCREMENT's, never handed out twice (see
--   0001_initial.sql), so no id floor is kept;
-- * no triggers: erasing an entry deletes its deliveries in the store's
--   own transaction;
-- * no partial indexes: the column a partial index filters on is part
--   of the plain index instead (sent_at for the due index, limited for
--   the hourly bounds).
CREATE TABLE notification_outbox (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    site_id         BIGINT       NOT NULL,
    form_id         BIGINT       NOT NULL,
    submission_id   BIGINT       NOT NULL,
    notice          INT          NOT NULL,
    channel         VARCHAR(16)  NOT NULL,
    receiver        VARCHAR(255) NOT NULL,
    payload         LONGTEXT     NOT NULL,
    attempts        INT          NOT NULL DEFAULT 0,
    attempt_base    INT          NOT NULL DEFAULT 0,
    limited         TINYINT      NOT NULL DEFAULT 0,
    next_attempt_at VARCHAR(40)  NOT NULL,
    sent_at         VARCHAR(40),
    provider_id     TEXT,
    error_kind      TEXT,
    last_error      TEXT,
    created_at      VARCHAR(40)  NOT NULL,
    KEY notification_outbox_due (channel, sent_at, next_attempt_at, id),
    KEY notification_outbox_submission (submission_id),
    KEY notification_outbox_form (form_id, channel, limited, created_at),
    KEY notification_outbox_receiver (site_id, channel, receiver, limited, created_at),
    KEY notification_outbox_sent (sent_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
