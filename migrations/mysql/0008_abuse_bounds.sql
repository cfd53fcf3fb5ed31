-- On MariaDB and MySQL, 0008_abuse_bounds.sql is part of 0001_initial.sql: no store on
-- these engines predates it.
SELECT 1;
