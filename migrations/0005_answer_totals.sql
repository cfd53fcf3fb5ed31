-- Running counts per form, field and answer key over all time: what
-- results.summary reads when no date range is asked, a few hundred rows
-- for a form whatever its age, where answer_counts holds one row per day
-- for each (a year of a ten-field form: some 50,000). answer_counts stays
-- for date ranges. Both are kept in the submission's own transaction.
CREATE TABLE answer_totals (
    form_id  INTEGER NOT NULL,
    field_id TEXT    NOT NULL,
    key      TEXT    NOT NULL,
    count    INTEGER NOT NULL,
    sum      REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, field_id, key)
) WITHOUT ROWID;

INSERT INTO answer_totals (form_id, field_id, key, count, sum)
SELECT form_id, field_id, key, sum(count), sum(sum) FROM answer_counts GROUP BY form_id, field_id, key;
