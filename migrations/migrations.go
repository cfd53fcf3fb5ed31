// Package migrations embeds the SQL files that build and evolve the
// store's schema, one list for both engines: NNNN_description.sql here
// for SQLite and mysql/NNNN_description.sql, of the same name, for
// MariaDB and MySQL. Files are applied in name order, each exactly once,
// and a store that has applied a name this list lacks was written by a
// newer arshlined and is refused on either engine.
//
// Adding a migration means adding both files; a test refuses a name
// present for one engine only. On MariaDB and MySQL table names are
// written bare (the store adds its prefix) and statements end with a
// semicolon at the end of a line.
package migrations

import "embed"

// FS holds every SQLite *.sql migration, named NNNN_description.sql.
//
//go:embed *.sql
var FS embed.FS

// MySQL holds the MariaDB and MySQL migrations, under mysql/.
//
//go:embed mysql/*.sql
var MySQL embed.FS
