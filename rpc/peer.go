package rpc

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"syscall"

	"golang.org/x/sys/unix"
)

// Peer is the process at the other end of a Unix socket, as the kernel
// reports it (SO_PEERCRED): it cannot be forged by the client.
type Peer struct {
	UID uint32
	GID uint32
	PID int32
}

// peerCredentials reads SO_PEERCRED. A connection that is not a Unix
// socket has no credentials and is refused: the check fails closed.
func peerCredentials(nc net.Conn) (Peer, error) {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return Peer{}, fmt.Errorf("a %T carries no peer credentials", nc)
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return Peer{}, err
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return Peer{}, err
	}
	if credErr != nil {
		return Peer{}, fmt.Errorf("SO_PEERCRED: %w", credErr)
	}
	if cred == nil {
		return Peer{}, errors.New("SO_PEERCRED returned nothing")
	}
	return Peer{UID: cred.Uid, GID: cred.Gid, PID: cred.Pid}, nil
}

// peerAllowed applies AllowUIDs and AllowGIDs. The gid is the peer's
// effective group when it connected; supplementary groups do not count,
// because the kernel does not report them.
func (s *Server) peerAllowed(p Peer) bool {
	return slices.Contains(s.cfg.AllowUIDs, p.UID) || slices.Contains(s.cfg.AllowGIDs, p.GID)
}
