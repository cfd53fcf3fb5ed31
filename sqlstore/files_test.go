package sqlstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/jmoiron/sqlx"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// withUmask runs the test under a permissive umask, as a daemon started by
// hand from a login shell would be.
func withUmask(t *testing.T, mask int) {
	old := syscall.Umask(mask)
	t.Cleanup(func() { syscall.Umask(old) })
}

func wantMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s: mode %04o, want %04o", filepath.Base(path), got, want)
	}
}

// The database, its -wal and -shm, and a backup are 0600 whatever the
// umask; an existing database readable by others loses those bits.
func TestDatabaseFilesArePrivate(t *testing.T) {
	sqliteOnly(t)
	withUmask(t, 0o022)
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "a.db")
	db := openTest(t, path)
	createForm(t, db, "private")
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		wantMode(t, p, 0o600)
	}
	dest := filepath.Join(dir, "copy.db")
	if err := db.Backup(ctx, dest); err != nil {
		t.Fatal(err)
	}
	wantMode(t, dest, 0o600)
	if err := BackupFile(ctx, path, dest+"2"); err != nil {
		t.Fatal(err)
	}
	wantMode(t, dest+"2", 0o600)
	db.Close()

	os.Chmod(path, 0o644)
	openTest(t, path)
	wantMode(t, path, 0o640)
}

// BackupFile reads its source read-only: a missing source (a typo, a
// symlink to nothing) is refused without creating anything, a source at an
// older schema is copied as it is and not migrated, a target that exists
// or is a symlink is refused, and nothing is written through the link.
func TestBackupFileRefusesAndNeverWrites(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "live.db")
	db := openTest(t, src)
	createForm(t, db, "kept")

	missing := filepath.Join(dir, "lvie.db")
	if err := BackupFile(ctx, missing, filepath.Join(dir, "b1.db")); !errors.Is(err, ErrNoDatabase) {
		t.Errorf("missing source: %v", err)
	}
	dangling := filepath.Join(dir, "dangling.db")
	os.Symlink(filepath.Join(dir, "nowhere.db"), dangling)
	if err := BackupFile(ctx, dangling, filepath.Join(dir, "b2.db")); !errors.Is(err, ErrNoDatabase) {
		t.Errorf("dangling source: %v", err)
	}
	for _, p := range []string{missing, filepath.Join(dir, "nowhere.db"), filepath.Join(dir, "b1.db"), filepath.Join(dir, "b2.db")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s was created", filepath.Base(p))
		}
	}

	exists := filepath.Join(dir, "exists.db")
	os.WriteFile(exists, nil, 0o600)
	if err := BackupFile(ctx, src, exists); !errors.Is(err, ErrTargetExists) {
		t.Errorf("existing target: %v", err)
	}
	link := filepath.Join(dir, "link.db")
	victim := filepath.Join(dir, "victim.db")
	os.Symlink(victim, link)
	if err := BackupFile(ctx, src, link); !errors.Is(err, ErrTargetExists) {
		t.Errorf("symlink target: %v", err)
	}
	if err := db.Backup(ctx, link); !errors.Is(err, ErrTargetExists) {
		t.Errorf("symlink target of the live backup: %v", err)
	}
	if _, err := os.Lstat(victim); err == nil {
		t.Error("the backup was written through a dangling symlink")
	}

	old := filepath.Join(dir, "old.db")
	openSchemaAt(t, old, "0001_initial.sql").Close()
	if err := BackupFile(ctx, old, filepath.Join(dir, "old-copy.db")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{old, filepath.Join(dir, "old-copy.db")} {
		ro, err := openReadOnly(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		ro.QueryRow("SELECT count(*) FROM schema_migrations").Scan(&n)
		ro.Close()
		if n != 1 {
			t.Errorf("%s: %d migrations recorded, want the 1 it had", filepath.Base(p), n)
		}
	}

	copyPath := filepath.Join(dir, "copy.db")
	if err := BackupFile(ctx, src, copyPath); err != nil {
		t.Fatal(err)
	}
	cp := openTest(t, copyPath)
	forms, err := cp.ListForms(ctx, domain.FormQuery{SiteID: 1})
	if err != nil || len(forms) != 1 || forms[0].Title != "kept" {
		t.Fatalf("backup content %v %v", forms, err)
	}
}

// A path is a path: one that begins with "file:" or holds a ? is the file
// of that name, never an SQLite URI with its own parameters.
func TestPathIsNeverAURI(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	t.Chdir(t.TempDir())
	name := "file:x.db?mode=memory"
	db := openTest(t, name)
	createForm(t, db, "on disk")
	db.Close()
	if fi, err := os.Stat(name); err != nil || fi.Size() == 0 {
		t.Fatalf("no file named %q: %v", name, err)
	}
	if err := BackupFile(ctx, name, "file:copy.db"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("file:copy.db"); err != nil {
		t.Fatal(err)
	}
	if err := BackupFile(ctx, "file:nothing.db?mode=memory", "c2.db"); !errors.Is(err, ErrNoDatabase) {
		t.Fatalf("a missing file: URI source: %v", err)
	}
}

// A database migrated by a newer arshlined is refused, naming its schema
// and the newest this binary knows, and left as it was.
func TestSchemaNewerThanBinaryRefused(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db := openTest(t, path)
	db.Close()
	raw := sqlx.MustOpen("sqlite", dsn(path, nil, "immediate"))
	raw.MustExec("INSERT INTO schema_migrations VALUES ('9999_from_the_future.sql', '2030-01-01T00:00:00Z')")
	raw.Close()
	_, err := Open(ctx, path, Options{})
	var tooNew *SchemaTooNewError
	if !errors.Is(err, ErrSchemaTooNew) || !errors.As(err, &tooNew) {
		t.Fatalf("Open of a newer schema: %v", err)
	}
	if !strings.Contains(err.Error(), "9999_from_the_future.sql") || !strings.Contains(err.Error(), NewestSchema()) {
		t.Errorf("message does not name both versions: %v", err)
	}
}
