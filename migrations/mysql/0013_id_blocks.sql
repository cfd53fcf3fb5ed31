-- Sequences the hosts reserve blocks of ids from (sqlstore/idblocks.go):
-- the rows of forms, form_versions, audit_log and submissions take
-- their ids from a block of the host that writes them, so that a call's
-- rows can name each other before the server has seen any of them.
-- next_id is the first id no block holds; it only ever grows. The store
-- raises it past each table's AUTO_INCREMENT counter when it opens, so
-- no id given before this migration comes back.
CREATE TABLE id_blocks (
    name    VARCHAR(64) NOT NULL PRIMARY KEY,
    next_id BIGINT      NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
INSERT INTO id_blocks (name, next_id) VALUES ('forms', 1), ('form_versions', 1), ('audit_log', 1), ('submissions', 1);
