-- On MariaDB and MySQL, 0005_answer_totals.sql is part of 0001_initial.sql: no store on
-- these engines predates it.
SELECT 1;
