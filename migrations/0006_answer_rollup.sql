-- The answer counts (answer_counts, answer_totals) are added up after the
-- submissions commit, in batches, by a rollup that follows the
-- submissions in id order: a submission's own transaction then writes
-- its row, its search entry and its day's count only, and the shared
-- writer does per batch what it did per submission. last_id is the
-- newest submission whose answers are counted; everything before this
-- migration already is.
CREATE TABLE rollup_state (
    name    TEXT    PRIMARY KEY,
    last_id INTEGER NOT NULL
);
INSERT INTO rollup_state (name, last_id) VALUES ('answer_counts', (SELECT coalesce(max(id), 0) FROM submissions));
