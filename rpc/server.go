package rpc

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// Config bounds what one client can make the server do.
type Config struct {
	MaxFrameBytes int           // longest line accepted (1 MiB)
	MaxDepth      int           // deepest JSON nesting accepted (64)
	MaxBatch      int           // most calls in one batch (1000)
	MaxInFlight   int           // calls of one connection running at once (16)
	MaxConns      int           // simultaneous connections (256)
	IdleTimeout   time.Duration // a connection silent this long is closed (2 min)
	WriteTimeout  time.Duration // a reply that cannot be written in this time closes the connection (10 s)
	AllowUIDs     []uint32      // peers allowed by uid
	AllowGIDs     []uint32      // peers allowed by gid
	DefaultLocale string        // language of errors before an actor is known
	OnCall        func(CallInfo)
	OnReject      func(uid, gid uint32, pid int32)
	ErrorLog      *slog.Logger
}

func (c *Config) setDefaults() {
	if c.MaxFrameBytes <= 0 {
		c.MaxFrameBytes = 1 << 20
	}
	if c.MaxDepth <= 0 {
		c.MaxDepth = 64
	}
	if c.MaxBatch <= 0 {
		c.MaxBatch = 1000
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = 16
	}
	if c.MaxConns <= 0 {
		c.MaxConns = 256
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = 2 * time.Minute
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.DefaultLocale == "" {
		c.DefaultLocale = "fa_IR"
	}
	if len(c.AllowUIDs) == 0 && len(c.AllowGIDs) == 0 {
		c.AllowUIDs = []uint32{uint32(os.Getuid())}
		c.AllowGIDs = []uint32{uint32(os.Getegid())}
	}
}

// Server serves a method table to socket clients.
type Server struct {
	cfg     Config
	methods map[string]Method

	mu       sync.Mutex
	listener net.Listener
	conns    map[*conn]struct{}
	closing  bool
	done     chan struct{}

	active   atomic.Int64
	inFlight sync.WaitGroup
	handlers sync.WaitGroup
	baseCtx  context.Context
	cancel   context.CancelFunc
}

// NewServer builds a server for the given methods.
func NewServer(cfg Config, methods []Method) *Server {
	cfg.setDefaults()
	s := &Server{cfg: cfg, methods: make(map[string]Method, len(methods)), conns: map[*conn]struct{}{}, done: make(chan struct{})}
	for _, m := range methods {
		s.methods[m.Name] = m
	}
	s.baseCtx, s.cancel = context.WithCancel(context.Background())
	return s
}

// Conns returns the number of open connections.
func (s *Server) Conns() int64 { return s.active.Load() }

func (s *Server) logError(msg string, args ...any) {
	if s.cfg.ErrorLog != nil {
		s.cfg.ErrorLog.Warn(msg, args...)
	}
}

// Serve accepts connections on ln until ctx is done or Shutdown is
// called. It returns nil after a shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return net.ErrClosed
	}
	s.listener = ln
	s.mu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
			s.mu.Lock()
			s.closing = true
			s.mu.Unlock()
			ln.Close()
		case <-s.done:
		}
	}()
	var backoff time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			s.mu.Lock()
			closing := s.closing
			s.mu.Unlock()
			if closing || errors.Is(err, net.ErrClosed) {
				return nil
			}
			// Out of file descriptors and the like: wait instead of spinning.
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			s.logError("accept failed", "err", err)
			time.Sleep(backoff)
			continue
		}
		backoff = 0
		s.handlers.Add(1)
		go func() {
			defer s.handlers.Done()
			s.serveConn(nc)
		}()
	}
}

// Shutdown stops accepting, lets calls in flight finish and their replies
// go out until ctx ends, then closes every connection.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	if s.listener != nil {
		s.listener.Close()
	}
	select {
	case <-s.done:
	default:
		close(s.done)
	}
	// Stop reading new frames; running calls go on.
	for c := range s.conns {
		c.nc.SetReadDeadline(time.Now())
	}
	s.mu.Unlock()

	finished := make(chan struct{})
	go func() { s.inFlight.Wait(); close(finished) }()
	var err error
	select {
	case <-finished:
	case <-ctx.Done():
		err = ctx.Err()
		s.cancel() // handlers that honour their context stop now
	}
	s.mu.Lock()
	for c := range s.conns {
		c.nc.Close()
	}
	s.mu.Unlock()
	s.handlers.Wait()
	s.cancel()
	return err
}

type conn struct {
	nc      net.Conn
	writeMu sync.Mutex
	broken  atomic.Bool
}

func (s *Server) serveConn(nc net.Conn) {
	c := &conn{nc: nc}
	defer nc.Close()
	if n := s.active.Add(1); n > int64(s.cfg.MaxConns) {
		s.active.Add(-1)
		s.writeLine(c, s.encode(response{JSONRPC: "2.0", ID: nullID, Error: protocolErrorDomain(unavailable(), s.cfg.DefaultLocale)}))
		return
	}
	defer s.active.Add(-1)
	if !s.peerAllowed(nc) {
		s.writeLine(c, s.encode(response{JSONRPC: "2.0", ID: nullID, Error: protocolErrorDomain(forbiddenPeer(), s.cfg.DefaultLocale)}))
		return
	}
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return
	}
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
	}()

	fr := newFrameReader(nc, s.cfg.MaxFrameBytes)
	sem := make(chan struct{}, s.cfg.MaxInFlight)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		nc.SetReadDeadline(time.Now().Add(s.cfg.IdleTimeout))
		frame, err := fr.next()
		if err != nil {
			if errors.Is(err, errFrameTooLarge) {
				wg.Wait()
				s.writeLine(c, s.encode(response{JSONRPC: "2.0", ID: nullID, Error: protocolError(CodeInvalidRequest,
					"invalid request: the frame is larger than the limit; the connection is closed",
					"درخواست نامعتبر: اندازهٔ پیام از حد مجاز بیشتر است؛ اتصال بسته شد", s.cfg.DefaultLocale)}))
			}
			return
		}
		if c.broken.Load() {
			return
		}
		// The frame buffer is reused by the reader, so each call gets its copy.
		own := append([]byte(nil), frame...)
		sem <- struct{}{}
		s.inFlight.Add(1)
		wg.Add(1)
		go func() {
			defer func() { <-sem; s.inFlight.Done(); wg.Done() }()
			if out := s.handleFrame(s.baseCtx, own); out != nil {
				s.writeLine(c, out)
			}
		}()
	}
}

// writeLine writes one whole reply; a client that does not read its
// replies in time is disconnected rather than allowed to hold a goroutine.
func (s *Server) writeLine(c *conn, b []byte) {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if c.broken.Load() {
		return
	}
	c.nc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
	if _, err := c.nc.Write(b); err != nil {
		c.broken.Store(true)
		c.nc.Close()
	}
}

// peerAllowed checks the connecting process's credentials (SO_PEERCRED).
func (s *Server) peerAllowed(nc net.Conn) bool {
	uc, ok := nc.(*net.UnixConn)
	if !ok {
		return true // not a Unix socket (tests over pipes): nothing to check
	}
	raw, err := uc.SyscallConn()
	if err != nil {
		return false
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil || credErr != nil {
		s.logError("peer credentials unavailable", "err", errors.Join(err, credErr))
		return false
	}
	for _, u := range s.cfg.AllowUIDs {
		if cred.Uid == u {
			return true
		}
	}
	for _, g := range s.cfg.AllowGIDs {
		if cred.Gid == g {
			return true
		}
	}
	s.logError("peer rejected", "uid", cred.Uid, "gid", cred.Gid, "pid", cred.Pid)
	if s.cfg.OnReject != nil {
		s.cfg.OnReject(cred.Uid, cred.Gid, cred.Pid)
	}
	return false
}
