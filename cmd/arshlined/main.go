// Command arshlined is the Arshline AI sidecar daemon: JSON-RPC over a
// Unix socket in front of an SQLite store, or of a MariaDB/MySQL one that
// several hosts share.
//
//	arshlined [flags]              serve (the default)
//	arshlined migrate [flags]      apply database migrations and exit
//	arshlined check [flags]        check configuration and database integrity
//	arshlined backup PATH [flags]  write an online copy of the (SQLite) database
//	arshlined copy-store --from sqlite:PATH --to mysql://… [flags]
//	                               move an SQLite store into an empty MariaDB/MySQL one
//	arshlined version              print the version and the RPC protocol
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func main() {
	// Files the daemon creates are never for others: the database and its
	// backups are created 0600 explicitly (see sqlstore), and this covers
	// whatever else a library creates with 0644 or 0755 when started by
	// hand from a login shell's 022. Group bits stay: the socket's
	// directory is created 0750 so that the socket's group can reach it.
	syscall.Umask(0o027)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// dbError prints err for cmd and returns the exit code: 2 when the
// database cannot be used as asked (a newer schema, a missing source, a
// backup target that exists), as for a configuration error; 1 otherwise.
func dbError(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "arshlined %s: %v\n", cmd, err)
	if errors.Is(err, sqlstore.ErrSchemaTooNew) || errors.Is(err, sqlstore.ErrNoDatabase) || errors.Is(err, sqlstore.ErrTargetExists) ||
		errors.Is(err, sqlstore.ErrTargetNotEmpty) {
		return 2
	}
	return 1
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	if cmd == "version" {
		fmt.Fprintf(stdout, "arshlined %s protocol %d\n", daemon.Version, daemon.Protocol)
		return 0
	}
	var backupPath string
	if cmd == "backup" {
		if len(args) == 0 || args[0] == "" || args[0][0] == '-' {
			fmt.Fprintln(stderr, "usage: arshlined backup PATH [flags]")
			return 2
		}
		backupPath, args = args[0], args[1:]
	}
	switch cmd {
	case "serve", "migrate", "check", "backup":
	case "copy-store":
		return copyStore(args, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "arshlined: unknown command %q (serve, migrate, check, backup, copy-store, version)\n", cmd)
		return 2
	}

	fs := flag.NewFlagSet("arshlined "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg, err := daemon.ParseConfig(fs, args, os.Getenv)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "arshlined:", err)
		return 2
	}
	level, _ := logx.ParseLevel(cfg.LogLevel)
	ops := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "serve":
		if err := daemon.Run(ctx, cfg, ops); err != nil {
			ops.Error("arshlined failed", "err", err)
			if errors.Is(err, sqlstore.ErrSchemaTooNew) {
				return 2
			}
			return 1
		}
		return 0
	case "migrate":
		db, err := sqlstore.Open(ctx, cfg.DB, cfg.StoreOptions())
		if err != nil {
			return dbError(stderr, cmd, err)
		}
		defer db.Close()
		versions, _ := db.SchemaVersions(ctx)
		fmt.Fprintf(stdout, "database %s (%s) is at schema %s (%d migrations)\n", db.Path(), db.Engine(), versions[len(versions)-1], len(versions))
		return 0
	case "check":
		return check(ctx, cfg, stdout, stderr)
	case "backup":
		// The source is opened read-only: never created, never migrated.
		if sqlstore.IsMySQL(cfg.DB) {
			fmt.Fprintln(stderr, "arshlined backup: a MariaDB or MySQL store is backed up with mariadb-dump --single-transaction or mariabackup (see docs/OPERATIONS.md)")
			return 2
		}
		if err := sqlstore.BackupFile(ctx, cfg.DB, backupPath); err != nil {
			return dbError(stderr, cmd, err)
		}
		fmt.Fprintf(stdout, "backup of %s written to %s (integrity_check ok)\n", cfg.DB, backupPath)
		return 0
	}
	return 2
}

func check(ctx context.Context, cfg *daemon.Config, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "config: ok (socket %s, db %s, log dir %s, llm configured: %v)\n", cfg.Socket, sqlstore.Redact(cfg.DB), cfg.LogDir, cfg.LLMConfigured())
	if !sqlstore.IsMySQL(cfg.DB) {
		if _, err := os.Stat(cfg.DB); errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(stdout, "database: %s does not exist yet; it is created on first start\n", cfg.DB)
			return 0
		}
	}
	db, err := sqlstore.Open(ctx, cfg.DB, cfg.StoreOptions())
	if err != nil {
		return dbError(stderr, "check", err)
	}
	defer db.Close()
	if err := db.IntegrityCheck(ctx); err != nil {
		fmt.Fprintln(stderr, "database:", err)
		return 1
	}
	if db.Engine() == "mysql" {
		fmt.Fprintln(stdout, "database: CHECK TABLE ok")
		warnings, err := db.ServerWarnings(ctx)
		if err != nil {
			fmt.Fprintln(stderr, "database:", err)
			return 1
		}
		for _, w := range warnings {
			fmt.Fprintln(stdout, "database server: warning:", w)
		}
	} else {
		fmt.Fprintln(stdout, "database: integrity_check ok")
	}
	return 0
}

// copyStore moves an SQLite store into an empty MariaDB or MySQL one and
// verifies it; the daemon must be stopped on every host meanwhile.
func copyStore(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arshlined copy-store", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite store to read: sqlite:PATH")
	to := fs.String("to", "", "the empty MariaDB/MySQL store to write: mysql://USER@unix(/run/mysqld/mysqld.sock)/DB?prefix=arsh_")
	passFile := fs.String("db-password-file", "", "file holding the target's password (else ARSHLINE_DB_PASSWORD, or the address's own)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	path, ok := strings.CutPrefix(*from, "sqlite:")
	if !ok || path == "" || !sqlstore.IsMySQL(*to) || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: arshlined copy-store --from sqlite:PATH --to mysql://USER@unix(/path)/DB?prefix=arsh_ [--db-password-file FILE]")
		return 2
	}
	password := strings.TrimSpace(os.Getenv("ARSHLINE_DB_PASSWORD"))
	if *passFile != "" {
		p, err := sqlstore.ReadPasswordFile(*passFile)
		if err != nil {
			fmt.Fprintln(stderr, "arshlined copy-store: --db-password-file:", err)
			return 2
		}
		password = p
	}
	if _, err := sqlstore.ParseMySQL(*to, password); err != nil {
		fmt.Fprintln(stderr, "arshlined copy-store:", err)
		return 2
	}
	if _, err := os.Stat(path); err != nil {
		return dbError(stderr, "copy-store", fmt.Errorf("%w: %s", sqlstore.ErrNoDatabase, path))
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	src, err := sqlstore.Open(ctx, path, sqlstore.Options{})
	if err != nil {
		return dbError(stderr, "copy-store", err)
	}
	defer src.Close()
	dst, err := sqlstore.Open(ctx, *to, sqlstore.Options{Password: password})
	if err != nil {
		return dbError(stderr, "copy-store", err)
	}
	defer dst.Close()
	report, err := sqlstore.CopyStore(ctx, src, dst, sqlstore.CopyOptions{SearchText: submissions.StoredSearchText()})
	if err != nil {
		return dbError(stderr, "copy-store", err)
	}
	for _, r := range report {
		fmt.Fprintf(stdout, "%-16s %8d rows  sha256 %s  (same on both)\n", r.Table, r.Rows, r.Checksum)
	}
	fmt.Fprintf(stdout, "copied %s into %s: every table's row count and checksum agree\n", path, dst.Path())
	return 0
}
