-- Codes texted to verify a mobile number (see ../0011_otp_codes.sql for
-- what each column means), on MariaDB and MySQL. The key otp_code_key is
-- made by the store when it opens, as the other keys are.
CREATE TABLE otp_codes (
    code_key     VARCHAR(64)  NOT NULL PRIMARY KEY,
    site_id      BIGINT       NOT NULL,
    form_id      BIGINT       NOT NULL,
    field_id     VARCHAR(64)  NOT NULL,
    code_hash    VARBINARY(32) NOT NULL,
    sent_at      BIGINT       NOT NULL,
    expires_at   BIGINT       NOT NULL,
    attempts     INT          NOT NULL DEFAULT 0,
    max_attempts INT          NOT NULL,
    consumed     TINYINT      NOT NULL DEFAULT 0,
    sends        INT          NOT NULL,
    sends_since  BIGINT       NOT NULL,
    resend_at    BIGINT       NOT NULL,
    keep_until   BIGINT       NOT NULL,
    KEY otp_codes_keep_until (keep_until)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
