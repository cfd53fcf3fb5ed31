-- The MariaDB and MySQL stores reserve blocks of ids per host
-- (mysql/0012_id_blocks.sql). SQLite's single writer gives each row its
-- id as it inserts it, so this migration changes nothing here; it keeps
-- the two lists of migrations one list.
SELECT 1;
