package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// ErrNoDaemon means nothing listens on the socket path.
var ErrNoDaemon = errors.New("rpc: no daemon")

// ErrConnectionClosed means the connection to the daemon ended before the
// reply came.
var ErrConnectionClosed = errors.New("rpc: connection to arshlined closed")

// MaxReplyBytes bounds one reply line the client accepts. Replies are not
// limited by the server, and a form snapshot can be large.
const MaxReplyBytes = 64 << 20

// NoDaemonError reports a socket path nobody listens on.
type NoDaemonError struct {
	Path string
	Err  error // the dial error
}

func (e *NoDaemonError) Error() string {
	format, args := e.ErrorMessage()
	return English("", format, args)
}

// ErrorMessage is the explanation as an English fmt format, a key of the
// daemon's message catalogue, and its argument.
func (e *NoDaemonError) ErrorMessage() (format string, args []any) {
	return clientMessage("no arshlined is listening on %s (is it running?)", e.Path)
}

// Message returns the explanation in the locale (fa_IR or en_US), written
// by localize (the daemon's catalogue); nil writes it in English. The
// transport imports nothing of the application, so the caller passes the
// catalogue in, as the server's Config.Localize.
func (e *NoDaemonError) Message(locale string, localize Localizer) string {
	if localize == nil {
		localize = English
	}
	format, args := e.ErrorMessage()
	return localize(locale, format, args)
}

// clientMessage pairs a message the client says with its arguments.
func clientMessage(format string, args ...any) (string, []any) { return format, args }

func (e *NoDaemonError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrNoDaemon) true.
func (e *NoDaemonError) Is(target error) bool { return target == ErrNoDaemon }

// Client is a JSON-RPC client over one connection. It is safe for
// concurrent use: every call has its own id and waits for its own reply,
// whatever order the server answers in.
type Client struct {
	nc      net.Conn
	writeMu sync.Mutex
	nextID  atomic.Uint64

	mu      sync.Mutex
	pending map[uint64]waiter
	err     error // why the connection ended; set once
	done    chan struct{}
	// connErr is an error the server sent with a null id before closing
	// (peer refused, too many connections, oversized frame): the reason
	// every call still waiting then fails with.
	connErr *Error
}

type reply struct {
	result json.RawMessage
	err    *Error
}

// waiter is a call waiting for its reply; reads: its result is a
// ResultReader, which checks the result's text itself.
type waiter struct {
	ch    chan reply
	reads bool
}

// ResultReader is a result that reads its own JSON text: Call hands
// ReadResult the result's bytes as they came, without the pass of
// encoding/json that checks them first, so ReadResult must refuse
// whatever it does not read in full. It is for results too big for
// encoding/json's passes over them to be paid on every call (an export
// page of half a megabyte of base64: those passes were three quarters of
// arshlinectl's time).
type ResultReader interface {
	ReadResult(text []byte) error
}

// Dial connects to the daemon's socket. When nobody listens on path the
// error is a *NoDaemonError (errors.Is(err, ErrNoDaemon)).
func Dial(ctx context.Context, path string) (*Client, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED) {
			return nil, &NoDaemonError{Path: path, Err: err}
		}
		if errors.Is(err, syscall.EACCES) {
			return nil, fmt.Errorf("no permission to connect to %s (is this user in the socket's group?): %w", path, err)
		}
		return nil, fmt.Errorf("connecting to %s: %w", path, err)
	}
	return NewClient(nc), nil
}

// NewClient speaks JSON-RPC over an established connection.
func NewClient(nc net.Conn) *Client {
	c := &Client{nc: nc, pending: map[uint64]waiter{}, done: make(chan struct{})}
	go c.readLoop()
	return c
}

// Close closes the connection; calls waiting for replies fail.
func (c *Client) Close() error {
	err := c.nc.Close()
	<-c.done
	if errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}

// Call sends one request and decodes its result into result, which may
// be nil. An error reply is returned as *Error; use CodeName to branch
// on it. params is encoded with encoding/json; nil sends no params.
func (c *Client) Call(ctx context.Context, method string, params any, result any) error {
	// A context that is already done sends nothing: the write could
	// otherwise finish before the cancellation reaches the socket, and the
	// reply race the context in the select below.
	if err := ctx.Err(); err != nil {
		return err
	}
	id := c.nextID.Add(1)
	frame, err := encodeRequest(method, params, strconv.AppendUint(nil, id, 10))
	if err != nil {
		return err
	}
	ch := make(chan reply, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.closedErr()
		c.mu.Unlock()
		return err
	}
	_, reads := result.(ResultReader)
	c.pending[id] = waiter{ch: ch, reads: reads}
	c.mu.Unlock()

	if err := c.send(ctx, frame); err != nil {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.closedErr()
		}
		if r.err != nil {
			return r.err
		}
		if rr, ok := result.(ResultReader); ok {
			if err := rr.ReadResult(r.result); err != nil {
				return fmt.Errorf("decoding the result of %s: %w", method, err)
			}
		} else if result != nil && len(r.result) > 0 {
			if err := json.Unmarshal(r.result, result); err != nil {
				return fmt.Errorf("decoding the result of %s: %w", method, err)
			}
		}
		return nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return ctx.Err()
	}
}

// encodeRequest builds one request line; id nil makes a notification.
// Params go through encoding/json, which also compacts a json.RawMessage,
// so a request never spans lines.
func encodeRequest(method string, params any, id []byte) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0",`)
	if id != nil {
		b.WriteString(`"id":`)
		b.Write(id)
		b.WriteByte(',')
	}
	b.WriteString(`"method":`)
	if err := encodeJSON(&b, method); err != nil {
		return nil, err
	}
	if params != nil {
		b.WriteString(`,"params":`)
		if err := encodeJSON(&b, params); err != nil {
			return nil, fmt.Errorf("encoding the params of %s: %w", method, err)
		}
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// send writes one whole frame. A write cut short by ctx would leave half
// a frame on the stream, so it ends the connection.
func (c *Client) send(ctx context.Context, frame []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	deadline, _ := ctx.Deadline()
	c.nc.SetWriteDeadline(deadline)
	interrupted := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		c.nc.SetWriteDeadline(time.Unix(1, 0))
		close(interrupted)
	})
	_, err := c.nc.Write(frame)
	if !stop() {
		// The interruption is running; let it finish before the next
		// writer sets its own deadline.
		<-interrupted
	}
	if err == nil {
		return nil
	}
	if ctx.Err() != nil || errors.Is(err, os.ErrDeadlineExceeded) {
		// Part of the frame may be out: the stream cannot be used again.
		c.nc.Close()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return context.DeadlineExceeded
	}
	// The server closed the connection. It may have said why first (peer
	// refused, too many connections); the reader is about to see that,
	// and the reason beats a bare broken pipe.
	select {
	case <-c.done:
	case <-time.After(time.Second):
	}
	c.nc.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.connErr != nil {
		return c.connErr
	}
	return fmt.Errorf("%w: %v", ErrConnectionClosed, err)
}

// closedErr is the error of calls on a finished connection; c.mu held.
func (c *Client) closedErr() error {
	if c.connErr != nil {
		return c.connErr
	}
	return c.err
}

func (c *Client) readLoop() {
	fr := newFrameReader(c.nc, MaxReplyBytes)
	var err error
	for {
		var line []byte
		if line, err = fr.next(); err != nil {
			break
		}
		if err = c.dispatch(line); err != nil {
			break
		}
	}
	c.nc.Close()
	c.mu.Lock()
	c.err = fmt.Errorf("%w: %v", ErrConnectionClosed, err)
	for id, w := range c.pending {
		close(w.ch)
		delete(c.pending, id)
	}
	c.mu.Unlock()
	close(c.done)
}

type wireReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *Error          `json:"error"`
}

// dispatch hands each reply of a line to the call waiting for it.
func (c *Client) dispatch(line []byte) error {
	line = trimSpace(line)
	if id, result, ok := successReply(line); ok {
		c.mu.Lock()
		w, ok := c.pending[id]
		c.mu.Unlock()
		// A ResultReader checks the text as it reads it; any other
		// result is checked here, as encoding/json checked the whole
		// line before. A reply that is not JSON ends the connection,
		// and with it the call, still pending.
		if !w.reads && !json.Valid(result) {
			return fmt.Errorf("unreadable reply from the daemon: the result of call %d is not JSON", id)
		}
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		if ok {
			// The line is the frame reader's buffer, reused by the next.
			w.ch <- reply{result: append(json.RawMessage(nil), result...)}
		}
		return nil
	}
	var replies []wireReply
	if len(line) > 0 && line[0] == '[' {
		if err := json.Unmarshal(line, &replies); err != nil {
			return fmt.Errorf("unreadable reply from the daemon: %w", err)
		}
	} else {
		var r wireReply
		if err := json.Unmarshal(line, &r); err != nil {
			return fmt.Errorf("unreadable reply from the daemon: %w", err)
		}
		replies = []wireReply{r}
	}
	for _, r := range replies {
		id, err := strconv.ParseUint(string(r.ID), 10, 64)
		c.mu.Lock()
		w, ok := c.pending[id]
		delete(c.pending, id)
		if err != nil && r.Error != nil {
			c.connErr = r.Error
		}
		c.mu.Unlock()
		if ok && err == nil {
			w.ch <- reply{result: r.Result, err: r.Error}
		}
	}
	return nil
}

// successReply reads a success reply written as the daemon's server
// writes one, {"jsonrpc":"2.0","id":N,"result":R}, without decoding R:
// the id and where R lies. Anything else (an error, a batch, other
// spacing or order) is left to encoding/json.
func successReply(line []byte) (id uint64, result []byte, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"jsonrpc":"2.0","id":`))
	if !ok {
		return 0, nil, false
	}
	digits := 0
	for digits < len(rest) && digits < 20 && '0' <= rest[digits] && rest[digits] <= '9' {
		digits++
	}
	id, err := strconv.ParseUint(string(rest[:digits]), 10, 64)
	if err != nil || (digits > 1 && rest[0] == '0') {
		return 0, nil, false
	}
	rest, ok = bytes.CutPrefix(rest[digits:], []byte(`,"result":`))
	if !ok || len(rest) < 2 || rest[len(rest)-1] != '}' {
		return 0, nil, false
	}
	return id, rest[:len(rest)-1], true
}
