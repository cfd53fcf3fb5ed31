-- Running counts per form, field, block of 16 days and answer key: a
-- date range of results.summary adds up the whole blocks it covers here
-- and only its edge days (at most 15 at each end) from answer_counts, so
-- a range reads a few thousand rows whatever its length, where adding up
-- its days read some 130 rows a day of a ten-field form (half a year:
-- 24,000). A block is the days whose number (days since 1970-01-01, the
-- day being Iran's) divided by 16 gives block. Kept with answer_counts:
-- by the rollup in the same transaction, and by deletes and spam marks.
CREATE TABLE answer_blocks (
    form_id  INTEGER NOT NULL,
    field_id TEXT    NOT NULL,
    block    INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    count    INTEGER NOT NULL,
    sum      REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, field_id, block, key)
) WITHOUT ROWID;

INSERT INTO answer_blocks (form_id, field_id, block, key, count, sum)
SELECT form_id, field_id, CAST(julianday(day) - 2440587.5 AS INTEGER) / 16, key, sum(count), sum(sum)
FROM answer_counts GROUP BY 1, 2, 3, 4;
