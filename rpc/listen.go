package rpc

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"time"
)

// ErrSocketInUse means another process answers on the socket path.
var ErrSocketInUse = errors.New("socket in use")

// Listen creates the Unix socket at path with the given mode and group.
// A stale socket file (nobody answers on it) is replaced; a live one is
// an error, so two daemons never share a database by accident.
func Listen(path string, mode os.FileMode, group string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("socket directory: %w", err)
	}
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("%s exists and is not a socket; refusing to replace it", path)
		}
		if c, err := net.DialTimeout("unix", path, 500*time.Millisecond); err == nil {
			c.Close()
			return nil, fmt.Errorf("%w: another daemon is listening on %s", ErrSocketInUse, path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("removing stale socket %s: %w", path, err)
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	// The daemon removes the file itself on shutdown; a listener closed
	// early by an error must not take the path from a successor.
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	if mode == 0 {
		mode = 0o660
	}
	if err := os.Chmod(path, mode); err != nil {
		ln.Close()
		return nil, fmt.Errorf("chmod socket: %w", err)
	}
	if group != "" {
		gid, err := groupID(group)
		if err != nil {
			ln.Close()
			return nil, err
		}
		if err := os.Chown(path, -1, gid); err != nil {
			ln.Close()
			return nil, fmt.Errorf("chown socket to group %s: %w", group, err)
		}
	}
	return ln, nil
}

func groupID(group string) (int, error) {
	if n, err := strconv.Atoi(group); err == nil {
		return n, nil
	}
	g, err := user.LookupGroup(group)
	if err != nil {
		return 0, fmt.Errorf("socket group %q: %w", group, err)
	}
	return strconv.Atoi(g.Gid)
}
