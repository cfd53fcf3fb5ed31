package rpc

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// ErrSocketInUse means a live process answers on the socket path.
var ErrSocketInUse = errors.New("rpc: socket in use")

// DefaultSocketMode lets the daemon's user and the socket's group connect.
const DefaultSocketMode os.FileMode = 0o660

// staleProbeTimeout bounds the dial that tells a live socket from a stale
// one. A daemon too busy to accept within it is still treated as live.
const staleProbeTimeout = 500 * time.Millisecond

// Listen creates the Unix socket at path, creating its directory if
// needed, and sets its mode (0 means DefaultSocketMode) and group (a name
// or a numeric gid; "" leaves it). A socket file nobody answers on, left by
// a daemon that died, is replaced; one a live daemon answers on is an
// ErrSocketInUse error, so two daemons never serve one database by
// accident. Any other file at path is left alone and is an error.
//
// Closing the listener (Server.Serve and Shutdown do) removes the file.
func Listen(path string, mode os.FileMode, group string) (net.Listener, error) {
	if mode == 0 {
		mode = DefaultSocketMode
	}
	gid := -1
	if group != "" {
		var err error
		if gid, err = lookupGroup(group); err != nil {
			return nil, err
		}
	}
	if err := ensureDir(filepath.Dir(path), gid); err != nil {
		return nil, err
	}
	if err := removeStale(path); err != nil {
		return nil, err
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", path, err)
	}
	// Until the chmod the file has the umask's mode; the peer check still
	// guards every connection made in that moment.
	if err := os.Chmod(path, mode); err != nil {
		ln.Close()
		return nil, fmt.Errorf("setting the mode of %s: %w", path, err)
	}
	if gid >= 0 {
		if err := os.Lchown(path, -1, gid); err != nil {
			ln.Close()
			return nil, fmt.Errorf("giving %s to group %s: %w", path, group, err)
		}
	}
	return ln, nil
}

// ensureDir creates the socket's directory when it is missing, closed to
// others: only the owner and the socket's group need to reach the socket.
func ensureDir(dir string, gid int) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("creating the socket directory: %w", err)
	}
	if gid >= 0 {
		if err := os.Chown(dir, -1, gid); err != nil {
			return fmt.Errorf("giving the socket directory %s to gid %d: %w", dir, gid, err)
		}
	}
	return nil
}

// SocketInUseError reports a socket path a live daemon answers on.
type SocketInUseError struct{ Path string }

func (e *SocketInUseError) Error() string {
	return fmt.Sprintf("another daemon is listening on %s; stop it or choose another socket path", e.Path)
}

// Is makes errors.Is(err, ErrSocketInUse) true.
func (e *SocketInUseError) Is(target error) bool { return target == ErrSocketInUse }

func removeStale(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("checking %s: %w", path, err)
	}
	if fi.Mode()&os.ModeSocket == 0 {
		return fmt.Errorf("%s exists and is not a socket; not replacing it", path)
	}
	c, err := net.DialTimeout("unix", path, staleProbeTimeout)
	if err == nil {
		c.Close()
		return &SocketInUseError{Path: path}
	}
	var ne net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		// Nobody listens: the file is stale.
	case errors.As(err, &ne) && ne.Timeout(), errors.Is(err, syscall.EAGAIN):
		// A daemon too busy to take the probe is still alive.
		return &SocketInUseError{Path: path}
	default:
		return fmt.Errorf("checking whether %s is in use: %w", path, err)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing the stale socket %s: %w", path, err)
	}
	return nil
}

func lookupGroup(group string) (int, error) {
	if n, err := strconv.Atoi(group); err == nil {
		if n < 0 {
			return 0, fmt.Errorf("socket group %q: a gid cannot be negative", group)
		}
		return n, nil
	}
	g, err := user.LookupGroup(group)
	if err != nil {
		return 0, fmt.Errorf("socket group %q: %w", group, err)
	}
	return strconv.Atoi(g.Gid)
}
