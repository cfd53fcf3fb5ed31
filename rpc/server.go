package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Config bounds what one client can make the server do. A zero or
// negative field takes the default named in its comment.
type Config struct {
	MaxFrameBytes int           // longest line accepted: 1 MiB
	MaxDepth      int           // deepest nesting of arrays and objects: 64
	MaxBatch      int           // most requests in one batch: 1000
	MaxInFlight   int           // frames of one connection, and calls of one batch, handled at once: 16
	MaxConns      int           // simultaneous connections: 256
	IdleTimeout   time.Duration // a connection silent this long (up to an eighth more), with no call running, is closed: 2 min
	WriteTimeout  time.Duration // a reply not written in this time (up to an eighth more) closes the connection: 10 s

	// MaxReplyBytes bounds the reply to one request, and
	// MaxBatchReplyBytes the replies to one batch together: 4 MiB and
	// 8 MiB. A request whose reply would be longer gets TOO_LARGE
	// instead; once a batch's budget is spent, its calls not yet run are
	// not run and answer TOO_LARGE. With MaxInFlight frames per
	// connection this bounds what replies of one connection hold.
	MaxReplyBytes      int
	MaxBatchReplyBytes int

	// The peers (SO_PEERCRED) that may connect: root, the daemon's own
	// uid and OperatorUIDs, which are operators, and AllowUIDs and the
	// peers whose effective gid is in AllowGIDs, which are not. Nobody
	// else, whatever the flags left empty. Peer.Operator tells Envelope
	// which is which.
	AllowUIDs    []uint32
	AllowGIDs    []uint32
	OperatorUIDs []uint32
	selfUID      uint32 // the daemon's own uid, set by setDefaults
	rootUID      uint32 // 0; tests, which run as root, move it away

	// DefaultLocale is the language of error messages when Envelope
	// names none, and of errors found before a request is read: fa_IR
	// unless it names another ("en…" gives en_US).
	DefaultLocale string
	// Localize writes the messages of the application's errors (see
	// ErrCoder) in a locale; nil writes them in English.
	Localize Localizer

	// Envelope, when set, reads what every request's params carry for
	// the application rather than for the method (who the call runs
	// for, its request id) and returns the handler's context and params.
	// It runs for every valid request, before the method is looked up.
	// A non-nil error refuses the call with that error (see ErrCoder);
	// the Call returned with it still names the request id and locale
	// of the reply.
	Envelope func(ctx context.Context, params json.RawMessage, peer Peer) (Call, error)
	// Authorize decides whether a call may run a method that names a
	// Capability; ctx is the Call's context. A non-nil error refuses the
	// call with that error. NewServer refuses a table with capabilities
	// when Authorize is nil.
	Authorize func(ctx context.Context, capability string) error

	// OnCall is told about every finished call, notifications included.
	// It runs on the call's goroutine, so it must be quick.
	OnCall func(CallInfo)
	// OnReject is told about every connection turned away.
	OnReject func(Rejection)
	// ErrorLog receives operational messages; nil discards them.
	ErrorLog *slog.Logger
}

// Defaults of Config.
const (
	DefaultMaxFrameBytes = 1 << 20
	DefaultMaxDepth      = 64
	DefaultMaxBatch      = 1000
	DefaultMaxInFlight   = 16
	DefaultMaxConns      = 256
	DefaultIdleTimeout   = 2 * time.Minute
	DefaultWriteTimeout  = 10 * time.Second

	DefaultMaxReplyBytes      = 4 << 20
	DefaultMaxBatchReplyBytes = 8 << 20
)

func (c *Config) setDefaults() { c.setDefaultsFor(uint32(os.Getuid())) }

// setDefaultsFor is setDefaults for a daemon running as uid self.
func (c *Config) setDefaultsFor(self uint32) {
	setDefault(&c.MaxFrameBytes, DefaultMaxFrameBytes)
	setDefault(&c.MaxDepth, DefaultMaxDepth)
	setDefault(&c.MaxBatch, DefaultMaxBatch)
	setDefault(&c.MaxInFlight, DefaultMaxInFlight)
	setDefault(&c.MaxConns, DefaultMaxConns)
	setDefault(&c.IdleTimeout, DefaultIdleTimeout)
	setDefault(&c.WriteTimeout, DefaultWriteTimeout)
	setDefault(&c.MaxReplyBytes, DefaultMaxReplyBytes)
	setDefault(&c.MaxBatchReplyBytes, DefaultMaxBatchReplyBytes)
	c.DefaultLocale = normalizeLocale(c.DefaultLocale)
	c.selfUID = self
}

func setDefault[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Rejection describes a connection turned away before any request.
type Rejection struct {
	Peer   Peer   // zero when the credentials could not be read
	Reason string // one of the Reject* constants
}

// Reasons of a Rejection.
const (
	RejectPeer          = "peer_not_allowed"
	RejectNoCredentials = "no_peer_credentials"
	RejectTooMany       = "too_many_connections"
)

// Server serves a method table to clients of a socket. Use NewServer.
type Server struct {
	cfg     Config
	methods map[string]*Method
	log     *slog.Logger

	// calls is the parent context of every handler. It is cancelled only
	// when a shutdown deadline passes, not when Serve's context ends, so
	// that calls in flight can finish during a graceful shutdown.
	calls       context.Context
	cancelCalls context.CancelFunc

	mu        sync.Mutex
	shutting  bool
	stopped   chan struct{} // closed by Shutdown
	listeners map[net.Listener]struct{}
	conns     map[*conn]struct{}
	connWG    sync.WaitGroup // one per registered connection

	active   atomic.Int64 // connections past the checks, being served
	inFlight atomic.Int64 // handlers running
}

// NewServer builds a server for the method table. It panics on a table
// that cannot be served (empty or duplicate names, names in the "rpc."
// space the specification reserves, nil handlers, capabilities nobody
// checks): that is a programming error found at start-up.
func NewServer(cfg Config, methods []Method) *Server {
	cfg.setDefaults()
	s := &Server{
		cfg:       cfg,
		methods:   make(map[string]*Method, len(methods)),
		log:       cfg.ErrorLog,
		stopped:   make(chan struct{}),
		listeners: map[net.Listener]struct{}{},
		conns:     map[*conn]struct{}{},
	}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	for i := range methods {
		m := methods[i]
		switch {
		case m.Name == "" || strings.HasPrefix(m.Name, "rpc."):
			panic(fmt.Sprintf("rpc: method name %q cannot be served", m.Name))
		case m.Handler == nil:
			panic(fmt.Sprintf("rpc: method %q has no handler", m.Name))
		case s.methods[m.Name] != nil:
			panic(fmt.Sprintf("rpc: method %q is registered twice", m.Name))
		case m.Capability != "" && cfg.Authorize == nil:
			panic(fmt.Sprintf("rpc: method %q needs capability %q, and Config.Authorize is nil", m.Name, m.Capability))
		}
		s.methods[m.Name] = &m
	}
	s.calls, s.cancelCalls = context.WithCancel(context.Background())
	return s
}

// InFlight returns the number of handlers running.
func (s *Server) InFlight() int { return int(s.inFlight.Load()) }

// Serve accepts connections on ln until ctx is done or Shutdown is
// called, and returns nil then. It closes ln, which removes the socket
// file a listener from Listen created. Connections already accepted are
// drained and closed by Shutdown, not by the end of ctx.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.mu.Lock()
	if s.shutting {
		s.mu.Unlock()
		ln.Close()
		return nil
	}
	s.listeners[ln] = struct{}{}
	s.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { s.closeListener(ln) })
	defer stop()
	defer s.closeListener(ln)

	var backoff time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			if s.isShutting() || ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			// Out of descriptors and the like: wait for them to free up
			// instead of spinning.
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			s.log.Warn("accepting a connection failed", "err", err, "retry_in", backoff)
			select {
			case <-time.After(backoff):
			case <-ctx.Done():
			case <-s.stopped:
			}
			continue
		}
		backoff = 0
		if c := s.register(nc); c != nil {
			c.admit()
			go c.run()
		}
	}
}

func (s *Server) closeListener(ln net.Listener) {
	s.mu.Lock()
	_, open := s.listeners[ln]
	delete(s.listeners, ln)
	s.mu.Unlock()
	if open {
		ln.Close()
	}
}

func (s *Server) isShutting() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutting
}

// register makes nc known to Shutdown. Registration and the shutting flag
// share one lock, so no connection slips in after Shutdown started waiting.
func (s *Server) register(nc net.Conn) *conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutting {
		nc.Close()
		return nil
	}
	c := newConn(s, nc)
	s.conns[c] = struct{}{}
	s.connWG.Add(1)
	return c
}

func (s *Server) forget(c *conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	s.connWG.Done()
}

// Shutdown stops accepting, stops reading new requests, and lets the calls
// in flight finish and their replies go out until ctx is done. Then it
// cancels the calls still running and closes every connection; the error
// says so. Requests a client pipelined but the server had not yet read
// are not answered.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if !s.shutting {
		s.shutting = true
		close(s.stopped)
	}
	listeners := make([]net.Listener, 0, len(s.listeners))
	for ln := range s.listeners {
		listeners = append(listeners, ln)
	}
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()

	for _, ln := range listeners {
		s.closeListener(ln)
	}
	for _, c := range conns {
		c.stopReading()
	}
	drained := make(chan struct{})
	go func() {
		s.connWG.Wait()
		close(drained)
	}()
	select {
	case <-drained:
		s.cancelCalls()
		return nil
	case <-ctx.Done():
	}
	running := s.InFlight()
	s.cancelCalls()
	s.mu.Lock()
	for c := range s.conns {
		c.kill()
	}
	s.mu.Unlock()
	return fmt.Errorf("rpc: shutdown cut off %d running calls: %w", running, ctx.Err())
}

// conn is one client connection. Its reader goroutine reads frames and
// starts a goroutine per frame, at most MaxInFlight at once, except that
// a call to an Inline method arriving while nothing else of the
// connection runs is answered on the reader itself; replies are written
// whole under writeMu, in whatever order calls finish.
type conn struct {
	srv *Server
	nc  net.Conn

	ctx    context.Context // the calls of this connection
	cancel context.CancelFunc

	writeMu    sync.Mutex
	writeArmed time.Time // the write deadline on nc; guarded by writeMu

	mu       sync.Mutex // orders stopReading against the reader's deadline updates
	stopping atomic.Bool

	peer    Peer     // set by admit
	refusal *refusal // set by admit when the connection is turned away

	slots    chan struct{}
	frames   sync.WaitGroup
	pending  atomic.Int32 // frames being handled
	dead     chan struct{}
	killOnce sync.Once
}

func newConn(s *Server, nc net.Conn) *conn {
	c := &conn{srv: s, nc: nc, slots: make(chan struct{}, s.cfg.MaxInFlight), dead: make(chan struct{})}
	c.ctx, c.cancel = context.WithCancel(s.calls)
	return c
}

// kill closes the connection at once and cancels its calls: used when the
// client cannot be written to and when a shutdown deadline passes.
func (c *conn) kill() {
	c.killOnce.Do(func() {
		close(c.dead)
		c.cancel()
		c.nc.Close()
	})
}

// stopReading makes the reader stop after the frame it is reading, or at
// once when it is waiting; calls already read go on.
func (c *conn) stopReading() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopping.Store(true)
	c.nc.SetReadDeadline(time.Unix(1, 0))
}

// armRead sets the read deadline unless the connection is stopping. It
// shares stopReading's lock so that a deadline set here never overrides
// the one that stops the reader.
func (c *conn) armRead(deadline time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopping.Load() {
		return false
	}
	c.nc.SetReadDeadline(deadline)
	return true
}

func (c *conn) isStopping() bool { return c.stopping.Load() }

// deadlineSlack is how much later than its timeout a deadline may be
// set. Moving a deadline costs a clock read and a timer update, which
// was a twentieth of a quick call; with the slack a busy connection moves
// each of its deadlines once per eighth of the timeout instead of once
// per call, and no deadline ever comes sooner than its timeout promises.
func deadlineSlack(timeout time.Duration) time.Duration { return timeout / 8 }

// admit runs the peer check and the connection limit on the accepting
// goroutine, in accept order, so that the connections refused for the
// limit are exactly the newest ones. Both checks take microseconds.
func (c *conn) admit() {
	s := c.srv
	peer, err := peerCredentials(c.nc)
	allowed := false
	if err == nil {
		allowed, peer.Operator = s.cfg.trust(peer)
	}
	c.peer = peer
	switch {
	case err != nil:
		s.log.Warn("connection refused: no peer credentials", "err", err)
		c.refusal = &refusal{Rejection{Reason: RejectNoCredentials}, errPeerRejected}
	case !allowed:
		s.log.Warn("connection refused: peer not allowed", "uid", peer.UID, "gid", peer.GID, "pid", peer.PID)
		c.refusal = &refusal{Rejection{Peer: peer, Reason: RejectPeer}, errPeerRejected}
	case s.active.Add(1) > int64(s.cfg.MaxConns):
		s.active.Add(-1)
		s.log.Warn("connection refused: too many connections", "max", s.cfg.MaxConns, "uid", peer.UID, "pid", peer.PID)
		c.refusal = &refusal{Rejection{Peer: peer, Reason: RejectTooMany}, errBusy}
	}
}

// refusal is why admit turned a connection away.
type refusal struct {
	Rejection
	err *codedError
}

// run serves an admitted connection, or tells a refused one why.
func (c *conn) run() {
	s := c.srv
	defer s.forget(c)
	defer c.kill()
	if c.refusal != nil {
		c.reject(c.refusal.Rejection, c.refusal.err)
		return
	}
	defer s.active.Add(-1)
	c.serve()
}

// rejectWriteTimeout bounds the one error line a refused client gets; a
// refused client gets no more of the server's time than that.
const rejectWriteTimeout = time.Second

func (c *conn) reject(r Rejection, e *codedError) {
	if c.srv.cfg.OnReject != nil {
		c.srv.cfg.OnReject(r)
	}
	out := getBuffer()
	defer putBuffer(out)
	appendError(out, nullID, c.srv.protocolError(e))
	out.WriteByte('\n')
	c.nc.SetWriteDeadline(time.Now().Add(rejectWriteTimeout))
	c.nc.Write(out.Bytes())
}

// serve reads frames until the client stops, is idle too long, breaks
// the framing or the server shuts down; then it waits for the calls it
// started, so their replies are delivered, and returns.
func (c *conn) serve() {
	s := c.srv
	fr := newFrameReader(c.nc, s.cfg.MaxFrameBytes)
	idleUntil := time.Now().Add(s.cfg.IdleTimeout)
	var armed time.Time // the read deadline on nc
	// Calls run on copies of their frames, so the buffer can go back as
	// soon as reading stops.
	defer fr.release()
	defer c.frames.Wait()
	for {
		if c.isStopping() {
			return
		}
		if idleUntil.After(armed) {
			armed = idleUntil.Add(deadlineSlack(s.cfg.IdleTimeout))
			if !c.armRead(armed) {
				return
			}
		}
		frame, err := fr.next()
		if err != nil {
			var ne net.Error
			switch {
			case errors.Is(err, errFrameTooLarge):
				out := getBuffer()
				s.protocolErrorLine(out, errOversizedFrame(s.cfg.MaxFrameBytes))
				c.write(out.Bytes())
				putBuffer(out)
				s.log.Warn("closing a connection that sent an oversized frame", "limit", s.cfg.MaxFrameBytes)
			case errors.As(err, &ne) && ne.Timeout() && !c.isStopping():
				// Waiting for its replies is not idleness; stopping in the
				// middle of a frame is.
				if c.pending.Load() > 0 && !fr.partial() {
					idleUntil = time.Now().Add(s.cfg.IdleTimeout)
					continue
				}
				s.log.Debug("closing an idle connection", "partial_frame", fr.partial())
			}
			return
		}
		idleUntil = time.Now().Add(s.cfg.IdleTimeout)
		var req *request
		if c.pending.Load() == 0 {
			var inline bool
			if req, inline = s.runsInline(frame); inline {
				// Nothing of this connection is running, so answering here
				// delays no other call; the frame's buffer is not reused
				// before the call returns.
				c.handleInline(frame, req)
				continue
			}
		}
		select {
		case c.slots <- struct{}{}:
		case <-c.dead:
			return
		}
		if req == nil {
			// The reader's buffer is reused for the next frame, and params
			// reach handlers as sub-slices, so each frame gets its own
			// copy. A request already read holds copies of its members.
			frame = append([]byte(nil), frame...)
		} else {
			frame = nil
		}
		c.pending.Add(1)
		c.frames.Add(1)
		go c.handle(frame, req)
	}
}

func (c *conn) handle(frame []byte, req *request) {
	defer func() {
		c.pending.Add(-1)
		<-c.slots
		c.frames.Done()
	}()
	c.handleInline(frame, req)
}

// handleInline answers one frame on the calling goroutine; req is the
// frame's request when runsInline already read it.
func (c *conn) handleInline(frame []byte, req *request) {
	defer c.srv.survive("answering a frame")
	out := getBuffer()
	defer putBuffer(out)
	if req != nil {
		c.srv.answerRequest(c.ctx, c.peer, *req, out)
	} else {
		c.srv.handleFrame(c.ctx, c.peer, frame, out)
	}
	if out.Len() > 0 {
		c.write(out.Bytes())
	}
}

// inlineMaxFrame bounds the frames runsInline looks into: a larger one is
// not a quick call and is not worth a second scan.
const inlineMaxFrame = 64 << 10

// runsInline reports whether frame is answered on the reader goroutine:
// one request (not a batch) for an Inline method, or a frame that is not
// JSON at all, whose parse error is as quick to answer as any call. A
// valid request is returned read, inline or not, so that the frame is
// read once.
func (s *Server) runsInline(frame []byte) (*request, bool) {
	frame = trimSpace(frame)
	if len(frame) == 0 || len(frame) > inlineMaxFrame || frame[0] != '{' {
		return nil, false
	}
	if s.frameError(frame) != nil {
		return nil, true
	}
	req, err := parseRequest(frame)
	switch {
	case err == errNotJSON:
		return nil, true
	case err != nil:
		return nil, false
	}
	m := s.methods[req.method]
	return &req, m != nil && m.Inline
}

// write sends one whole reply. A client that does not take its replies
// within WriteTimeout is disconnected, so it cannot hold the server's
// goroutines or memory.
func (c *conn) write(b []byte) {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	select {
	case <-c.dead:
		return
	default:
	}
	timeout := c.srv.cfg.WriteTimeout
	if now := time.Now(); c.writeArmed.Sub(now) < timeout {
		c.writeArmed = now.Add(timeout + deadlineSlack(timeout))
		c.nc.SetWriteDeadline(c.writeArmed)
	}
	if _, err := c.nc.Write(b); err != nil {
		c.srv.log.Debug("closing a connection that does not take its replies", "err", err)
		c.kill()
	}
}
