// Package migrations embeds the SQL files that build and evolve the
// SQLite schema. Files are applied in name order, each exactly once.
package migrations

import "embed"

// FS holds every *.sql migration, named NNNN_description.sql.
//
//go:embed *.sql
var FS embed.FS
