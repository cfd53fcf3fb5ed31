package systemd

import (
	"errors"
	"fmt"
	"net"
	"os"

	"github.com/coreos/go-systemd/v22/activation"
	"golang.org/x/sys/unix"
)

// Listeners returns the stream sockets systemd passed to this process
// (LISTEN_FDS descriptors starting at fd 3, addressed to this process by
// LISTEN_PID), in the order of the socket unit's Listen*= lines. It is
// empty, with a nil error, when the process was not socket-activated.
//
// The LISTEN_* variables are removed from the environment whatever the
// outcome, so a child process never mistakes our descriptors for its own.
// Call it once: the descriptors change owner on the first call.
//
// A passed descriptor that is not a listening stream socket is an error
// rather than a silent gap: a datagram socket, a FIFO, or the connection a
// socket unit with Accept=yes hands over would otherwise be wrapped as a
// listener whose every Accept fails, and a daemon that starts but serves
// nothing is worse than one that refuses to start.
func Listeners() ([]net.Listener, error) {
	files := activation.Files(true)
	listeners := make([]net.Listener, 0, len(files))
	var errs error
	for _, f := range files {
		ln, err := fileListener(f)
		f.Close() // the listener holds its own duplicate
		if err != nil {
			errs = errors.Join(errs, fmt.Errorf("passed descriptor %s: %w", f.Name(), err))
			continue
		}
		listeners = append(listeners, ln)
	}
	if errs != nil {
		for _, ln := range listeners {
			ln.Close()
		}
		return nil, errs
	}
	return listeners, nil
}

func fileListener(f *os.File) (net.Listener, error) {
	raw, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var sotype, accepting int
	var sockErr error
	if err := raw.Control(func(fd uintptr) {
		sotype, sockErr = unix.GetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_TYPE)
		if sockErr == nil {
			accepting, sockErr = unix.GetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_ACCEPTCONN)
		}
	}); err != nil {
		return nil, err
	}
	switch {
	case sockErr != nil:
		return nil, fmt.Errorf("not a socket: %w", sockErr)
	case sotype != unix.SOCK_STREAM && sotype != unix.SOCK_SEQPACKET:
		return nil, errors.New("not a stream socket (ListenStream= is required)")
	case accepting == 0:
		return nil, errors.New("socket is not listening (the socket unit must use Accept=no)")
	}
	return net.FileListener(f)
}
