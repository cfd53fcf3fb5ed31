package uploads

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// partsDir is the subdirectory of files still being received.
const partsDir = "parts"

// webRootMarkers are files that make a directory a WordPress install
// (wp-config.php may also sit one level above the web root).
var webRootMarkers = []string{"wp-config.php", "wp-load.php"}

// Store keeps the bytes of uploads in one directory: 0700, files 0600
// under random 128-bit names without extension, none of which a web
// server serves or runs. Files still being received are in parts/.
type Store struct {
	dir string
}

// OpenStore opens the upload directory dir, creating it 0700 (an
// existing one open to other users is tightened to 0700). It refuses a
// directory that is not a directory, or lies in or under one holding
// wp-config.php or wp-load.php, before creating anything: a file there
// might be served, or run by PHP, however it is named. Files left in
// parts/ by an earlier run are removed: their upload cannot go on (the
// daemon keeps its progress in memory).
func OpenStore(dir string) (*Store, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	// The nearest existing ancestor first, so that nothing is created in
	// a web root; then the directory itself, once made, which may be a
	// symlink.
	existing := abs
	for {
		if _, err := os.Lstat(existing); err == nil || existing == filepath.Dir(existing) {
			break
		}
		existing = filepath.Dir(existing)
	}
	if err := outsideWebRoot(existing); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	if err := outsideWebRoot(abs); err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	st, err := os.Lstat(real)
	if err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("upload directory %s is not a directory", real)
	}
	if st.Mode().Perm()&0o077 != 0 {
		// Made by someone else with looser bits: tighten it, as MkdirAll
		// does not touch an existing directory.
		if err := os.Chmod(real, 0o700); err != nil {
			return nil, fmt.Errorf("upload directory: %w", err)
		}
	}
	s := &Store{dir: real}
	parts := filepath.Join(real, partsDir)
	if err := os.RemoveAll(parts); err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	if err := os.Mkdir(parts, 0o700); err != nil {
		return nil, fmt.Errorf("upload directory: %w", err)
	}
	return s, nil
}

// outsideWebRoot refuses dir when it, once symlinks are resolved (the
// place bytes really land), or a directory above it holds a WordPress
// marker file.
func outsideWebRoot(dir string) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("upload directory: %w", err)
	}
	for d := real; ; d = filepath.Dir(d) {
		for _, m := range webRootMarkers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return fmt.Errorf("upload directory %s is inside a WordPress install (%s holds %s): choose one outside any web root", real, d, m)
			}
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// newName returns 128 random bits in hex: a file name nobody can guess
// and no extension any server maps to a handler.
func newName() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return hex.EncodeToString(b[:])
}

// validName reports whether name is one newName made: a name read back
// from the database never reaches the file system otherwise.
func validName(name string) bool {
	if len(name) != 32 {
		return false
	}
	_, err := hex.DecodeString(name)
	return err == nil
}

// freeSpace is the free bytes (those an unprivileged writer may use) and
// the size of the file system holding the store.
func (s *Store) freeSpace() (free, total uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(s.dir, &st); err != nil {
		return 0, 0, err
	}
	return st.Bavail * uint64(st.Bsize), st.Blocks * uint64(st.Bsize), nil
}

func (s *Store) partPath(name string) string { return filepath.Join(s.dir, partsDir, name) }
func (s *Store) path(name string) string     { return filepath.Join(s.dir, name) }

// createPart makes an empty part file under a new name; O_EXCL and
// O_NOFOLLOW so that nothing already there, a symlink least of all, is
// written through.
func (s *Store) createPart() (string, error) {
	name := newName()
	f, err := os.OpenFile(s.partPath(name), os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return "", err
	}
	return name, f.Close()
}

// appendPart adds data at the end of part file name.
func (s *Store) appendPart(name string, data []byte) error {
	f, err := os.OpenFile(s.partPath(name), os.O_WRONLY|os.O_APPEND|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Close())
}

// openPart opens part file name for reading (the type is sniffed from it).
func (s *Store) openPart(name string) (*os.File, error) {
	return os.OpenFile(s.partPath(name), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
}

// removePart deletes part file name; a missing one is no error.
func (s *Store) removePart(name string) {
	if validName(name) {
		_ = os.Remove(s.partPath(name))
	}
}

// keep moves a complete part file to a new stored name, durably: the
// bytes and the directory entry reach the disk before the row that
// names them is committed. A link, not a rename, so that an existing
// file of that name is never replaced.
func (s *Store) keep(part string) (string, error) {
	f, err := s.openPart(part)
	if err != nil {
		return "", err
	}
	err = f.Sync()
	f.Close()
	if err != nil {
		return "", err
	}
	name := newName()
	if err := os.Link(s.partPath(part), s.path(name)); err != nil {
		return "", err
	}
	s.removePart(part)
	if d, err := os.Open(s.dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return name, nil
}

// Remove deletes the files of uploads: those of a submission erased (call
// it once the deletion has committed), of pending uploads swept, or of a
// file whose row could not be written. A file already gone is no error;
// a stored name that newName could not have made is left alone.
func (s *Store) Remove(list []domain.Upload) {
	for _, u := range list {
		if validName(u.StoredName) {
			_ = os.Remove(s.path(u.StoredName))
		}
	}
}

// Open opens the stored file of u for reading.
func (s *Store) Open(u domain.Upload) (*os.File, error) {
	if !validName(u.StoredName) {
		return nil, fmt.Errorf("upload %s: stored name %q is not one the store makes", u.ID, u.StoredName)
	}
	return os.OpenFile(s.path(u.StoredName), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
}

// sweepParts removes part files last written before before: uploads
// abandoned by their client, or whose progress the daemon lost.
func (s *Store) sweepParts(before time.Time) {
	d, err := os.Open(filepath.Join(s.dir, partsDir))
	if err != nil {
		return
	}
	defer d.Close()
	for {
		entries, err := d.ReadDir(256)
		for _, e := range entries {
			if info, err := e.Info(); err == nil && info.ModTime().Before(before) {
				_ = os.Remove(filepath.Join(s.dir, partsDir, e.Name()))
			}
		}
		if err != nil { // io.EOF once every entry was read
			return
		}
	}
}

// removeUnnamed removes the stored files that names lacks and that were
// last written before before. Only names newName makes are considered:
// parts/ and anything an operator put there are left alone.
func (s *Store) removeUnnamed(names map[string]bool, before time.Time) error {
	d, err := os.Open(s.dir)
	if err != nil {
		return err
	}
	defer d.Close()
	for {
		entries, err := d.ReadDir(256)
		for _, e := range entries {
			if !e.Type().IsRegular() || !validName(e.Name()) || names[e.Name()] {
				continue
			}
			if info, err := e.Info(); err == nil && info.ModTime().Before(before) {
				_ = os.Remove(s.path(e.Name()))
			}
		}
		if err != nil { // io.EOF once every entry was read
			return nil
		}
	}
}
