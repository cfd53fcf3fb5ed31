-- One entry per person: each answer to a question marked unique (a
-- national code, a mobile, an email, a short text) is kept here as a
-- keyed hash of its normalised value, never as the value itself, and the
-- unique index refuses a second kept submission of the form with the
-- same one. Written in the submission's own transaction, so concurrent
-- sends cannot both pass.

-- The key of those hashes (HMAC-SHA-256, the form and field in the
-- message): a copy of the table tells no one which national codes it
-- holds, nor that one person answered two forms.
INSERT INTO settings (name, value) VALUES ('unique_answer_key', randomblob(32));

CREATE TABLE unique_answers (
    submission_id INTEGER NOT NULL,
    field_id      TEXT    NOT NULL,
    form_id       INTEGER NOT NULL,
    value_hash    TEXT    NOT NULL,
    -- 1 while the submission is filed as spam: spam leaves the counts,
    -- and leaves the value free for the person it belongs to.
    spam          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (submission_id, field_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX unique_answers_kept ON unique_answers (form_id, field_id, value_hash) WHERE spam = 0;

-- Kept by triggers, so that no path that erases or files a submission
-- can forget them: erasing frees the value; spam frees it, and filing the
-- submission back out of spam takes it again (refused by the index when
-- another entry holds it by then).
CREATE TRIGGER submissions_unique_delete AFTER DELETE ON submissions BEGIN
    DELETE FROM unique_answers WHERE submission_id = OLD.id;
END;
CREATE TRIGGER submissions_unique_spam AFTER UPDATE OF status ON submissions
WHEN (OLD.status = 'spam') <> (NEW.status = 'spam') BEGIN
    UPDATE unique_answers SET spam = (NEW.status = 'spam') WHERE submission_id = NEW.id;
END;
