-- On MariaDB and MySQL, 0009_unique_answers.sql is part of 0001_initial.sql: no store on
-- these engines predates it.
SELECT 1;
