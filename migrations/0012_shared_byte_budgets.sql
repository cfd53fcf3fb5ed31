-- Budgets of bytes several web hosts share are kept on MariaDB and MySQL
-- only (mysql/0012_shared_byte_budgets.sql): a store on SQLite serves one
-- host, whose byte budgets are kept in its memory.
SELECT 1;
