-- On MariaDB and MySQL, 0007_answer_blocks.sql is part of 0001_initial.sql: no store on
-- these engines predates it.
SELECT 1;
