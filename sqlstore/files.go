package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The database holds every form, its history and the audit log, and
// backups hold the same: nobody but the daemon's user has a reason to read
// them. SQLite creates a new file with 0644 less the umask, so outside
// systemd (whose unit keeps the state directory 0700) a daemon started by
// hand left them world-readable. The store therefore creates the database
// itself at 0600 before SQLite opens it: SQLite gives the -wal, -shm and
// -journal files the mode of the database they belong to, so they follow.
const privateMode fs.FileMode = 0o600

// Errors the arshlined subcommands turn into a refusal (exit code 2)
// rather than a failure.
var (
	// ErrNoDatabase: the database to read does not exist (a mistyped
	// path, or a symlink to nothing). Nothing is created in its place.
	ErrNoDatabase = errors.New("database does not exist")
	// ErrTargetExists: a backup's target path is taken, by a file or a
	// symlink (even a dangling one). Nothing is written through it.
	ErrTargetExists = errors.New("backup target already exists")
	// ErrSchemaTooNew: the database was migrated by a newer arshlined.
	ErrSchemaTooNew = errors.New("database schema is newer than this binary")
)

// SchemaTooNewError names the database's schema version and the newest
// this binary knows. A binary serving a schema it does not know could
// write rows that break the newer one's invariants, or misread them, so it
// refuses the database instead.
type SchemaTooNewError struct {
	Path    string
	Version string // the newest migration recorded in the database
	Newest  string // the newest migration embedded in this binary
}

func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("database %s is at schema %s, but this arshlined knows schemas only up to %s: "+
		"run the newer arshlined that migrated it, or restore a backup taken before the upgrade", e.Path, e.Version, e.Newest)
}

// Is makes errors.Is(err, ErrSchemaTooNew) true.
func (e *SchemaTooNewError) Is(target error) bool { return target == ErrSchemaTooNew }

// createPrivate creates the database file at path with mode 0600 unless
// something is there already. A file that exists keeps its owner and group
// bits (an operator may have chosen 0640 for a backup agent), but loses
// any bits for others, and so do its -wal and -shm: nothing in arshline
// reads the database as another user.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, privateMode)
	if err == nil {
		return f.Close()
	}
	if !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("sqlstore: create %s: %w", path, err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil || fi.Mode().Perm()&0o007 == 0 {
			continue
		}
		if err := os.Chmod(p, fi.Mode().Perm()&^0o007); err != nil && !errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("sqlstore: restrict %s: %w", p, err)
		}
	}
	return nil
}

// uriPath makes path the path part of an SQLite URI that names exactly
// that file: absolute, with %, ? and # escaped. The driver hands "file:"
// names to SQLite as URIs, so a path given by the user is never taken for
// a URI of its own: "file:x.db?mode=memory" is a file of that name in the
// working directory, not an in-memory database.
func uriPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return (&url.URL{Path: abs}).EscapedPath(), nil
}

func uriFor(path string, q url.Values) (string, error) {
	p, err := uriPath(path)
	if err != nil {
		return "", fmt.Errorf("sqlstore: %s: %w", path, err)
	}
	return "file:" + p + "?" + q.Encode(), nil
}

// openReadOnly opens the existing database at path read-only: SQLite's
// mode=ro, so a missing file is an error and not a new empty database,
// and nothing, not even a migration, can change the file.
func openReadOnly(ctx context.Context, path string) (*sql.DB, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (check --db)", ErrNoDatabase, path)
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", "busy_timeout(5000)")
	uri, err := uriFor(path, q)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", uri)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations").Scan(&n); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s is not an arshline database: %w", path, err)
	}
	return db, nil
}

// createTarget creates dest for a backup: O_EXCL|O_NOFOLLOW, so an
// existing file or any symlink at dest (a dangling one would otherwise
// lead the copy wherever it points) is refused, and mode 0600.
func createTarget(dest string) (*os.File, error) {
	f, err := os.OpenFile(dest, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, privateMode)
	if errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("%w: %s", ErrTargetExists, dest)
	}
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	return f, nil
}

// vacuumInto writes a consistent copy of the database behind conn into
// dest with VACUUM INTO (which takes an empty file), into the file
// createTarget made: if anything replaced dest meanwhile, the copy is
// refused. A copy that does not pass integrity_check is removed.
func vacuumInto(ctx context.Context, conn interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, dest string) (err error) {
	f, err := createTarget(dest)
	if err != nil {
		return err
	}
	defer f.Close()
	defer func() {
		if err != nil && sameFile(f, dest) {
			os.Remove(dest)
		}
	}()
	// The connection takes URIs, and VACUUM INTO names its target the way
	// ATTACH does: a target given as a URI of that very path.
	target, err := uriPath(dest)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", "file:"+target); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if !sameFile(f, dest) {
		return fmt.Errorf("backup: %s was replaced while the copy was written", dest)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	cp, err := openReadOnly(ctx, dest)
	if err != nil {
		return fmt.Errorf("backup: the copy: %w", err)
	}
	defer cp.Close()
	if err := integrityCheck(ctx, cp); err != nil {
		return fmt.Errorf("backup: the copy fails %w", err)
	}
	return nil
}

func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Lstat(path)
	return err == nil && os.SameFile(a, b)
}

func integrityCheck(ctx context.Context, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) error {
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		found = append(found, s)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	return fmt.Errorf("integrity_check: %s", strings.Join(found, "; "))
}

// BackupFile writes a consistent copy of the database at src to dest,
// which must not exist, without opening src for writing: src is never
// created, migrated or otherwise changed, and may be served meanwhile
// (the copy is one read transaction). The copy is 0600 and must pass
// integrity_check.
func BackupFile(ctx context.Context, src, dest string) error {
	db, err := openReadOnly(ctx, src)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer db.Close()
	return vacuumInto(ctx, db, dest)
}

// ProbeWrite proves that the database can still commit: it rewrites one
// row of settings in a transaction of the writer (queued like any other
// write) and returns the commit's error. A full disk, a file or file
// system gone read-only, or a failing device show here, where a read
// (Ping) still succeeds from the page cache.
func (db *DB) ProbeWrite(ctx context.Context) error {
	return db.Update(ctx, func(ftx domain.FormTx) error {
		tx := ftx.(*Tx)
		_, err := tx.tx.ExecContext(tx.ctx,
			"INSERT INTO settings (name, value) VALUES ('health_probe', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
			tx.ts)
		return err
	})
}

// DiskSpace reports the bytes an unprivileged writer may still use on the
// file system holding the database, and whether that file system is
// mounted read-only: one statfs(2), cheap enough to run every second.
func (db *DB) DiskSpace() (avail uint64, readOnly bool, err error) {
	var st unix.Statfs_t
	dir := filepath.Dir(db.path)
	if db.mysql != nil {
		// The server watches its own disk; the daemon writes uploads and
		// exports here.
		dir = db.localDir
		if dir == "" {
			dir = "."
		}
	}
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, false, err
	}
	return st.Bavail * uint64(st.Bsize), st.Flags&unix.ST_RDONLY != 0, nil
}
