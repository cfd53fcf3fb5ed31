-- Read-only views for operators inspecting the database with sqlite3.

CREATE VIEW v_audit AS
SELECT a.id, a.ts, a.req_id, a.actor, a.action, a.form_id, f.title AS form_title,
       bv.seq AS before_seq, av.seq AS after_seq,
       a.undone_at, a.undone_by, a.details
FROM audit_log a
LEFT JOIN forms f ON f.id = a.form_id
LEFT JOIN form_versions bv ON bv.id = a.before_version_id
LEFT JOIN form_versions av ON av.id = a.after_version_id;

CREATE VIEW v_form_versions AS
SELECT v.form_id, v.seq, v.id AS version_id, v.source, v.created_by, v.created_at,
       json_extract(v.state, '$.title') AS title,
       json_extract(v.state, '$.status') AS status,
       json_array_length(v.state, '$.document.fields') AS field_count,
       v.diff_sha, v.tokens_total,
       (f.head_version_id = v.id) AS is_head
FROM form_versions v
JOIN forms f ON f.id = v.form_id;

CREATE VIEW v_recent_jobs AS
SELECT req_id, actor, form_id, intent, status, round(progress, 2) AS progress,
       error_code, result_version_id, created_at, finished_at
FROM jobs
ORDER BY created_at DESC;
