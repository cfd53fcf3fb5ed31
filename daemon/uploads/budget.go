package uploads

import "syscall"

// freeSpace is the free bytes (those an unprivileged writer may use) and
// the size of the file system holding the store.
func (s *Store) freeSpace() (free, total uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(s.dir, &st); err != nil {
		return 0, 0, err
	}
	return st.Bavail * uint64(st.Bsize), st.Blocks * uint64(st.Bsize), nil
}
