-- Codes texted to verify a mobile number (submissions.otp.send), kept in
-- the store so that a code sent through one web host is checked through
-- any other, and wrong tries made through all hosts count together.
--   - code_key: HMAC-SHA-256 (hex) of the form, field and number under
--     otp_code_key: one row per number on a form's field, the newest
--     code replacing the last; no number is stored in clear;
--   - code_hash: HMAC-SHA-256 of the form, field, number and code: the
--     code itself is never kept;
--   - times are Unix microseconds; expires_at ends the code, resend_at
--     is the earliest next text to the number on that field, sends the
--     texts since sends_since (the resend wait doubles with each in the
--     hour), keep_until when the row is of no more use and retention
--     deletes it;
--   - attempts counts wrong tries, at most max_attempts (the last one
--     burns the code); consumed is 1 once the code was used by a kept
--     submission, or burnt.
INSERT INTO settings (name, value) VALUES ('otp_code_key', randomblob(32));

CREATE TABLE otp_codes (
    code_key     TEXT    PRIMARY KEY,
    site_id      INTEGER NOT NULL,
    form_id      INTEGER NOT NULL,
    field_id     TEXT    NOT NULL,
    code_hash    BLOB    NOT NULL,
    sent_at      INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    consumed     INTEGER NOT NULL DEFAULT 0,
    sends        INTEGER NOT NULL,
    sends_since  INTEGER NOT NULL,
    resend_at    INTEGER NOT NULL,
    keep_until   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX otp_codes_keep_until ON otp_codes (keep_until);
