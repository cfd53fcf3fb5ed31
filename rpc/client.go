package rpc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
)

// ErrNoDaemon means nothing listens on the socket path.
var ErrNoDaemon = errors.New("no daemon")

// Client is a JSON-RPC client over one socket connection. It is safe for
// concurrent use: calls are matched to replies by id.
type Client struct {
	nc      net.Conn
	writeMu sync.Mutex
	nextID  atomic.Int64

	mu      sync.Mutex
	pending map[int64]chan response
	err     error
	closed  chan struct{}
}

// MaxReplyBytes bounds one reply the client accepts.
const MaxReplyBytes = 64 << 20

// Dial connects to the daemon's socket.
func Dial(ctx context.Context, path string) (*Client, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return nil, fmt.Errorf("%w: no arshlined is listening on %s (is it running?): %v", ErrNoDaemon, path, err)
	}
	c := &Client{nc: nc, pending: map[int64]chan response{}, closed: make(chan struct{})}
	go c.readLoop()
	return c, nil
}

func (c *Client) readLoop() {
	sc := bufio.NewScanner(c.nc)
	sc.Buffer(make([]byte, 64<<10), MaxReplyBytes)
	var err error
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var resps []response
		if line[0] == '[' {
			if err = json.Unmarshal(line, &resps); err != nil {
				break
			}
		} else {
			var r response
			if err = json.Unmarshal(line, &r); err != nil {
				break
			}
			resps = []response{r}
		}
		for _, r := range resps {
			id, perr := strconv.ParseInt(string(r.ID), 10, 64)
			c.mu.Lock()
			ch, ok := c.pending[id]
			delete(c.pending, id)
			c.mu.Unlock()
			if perr != nil || !ok {
				// An error with a null id is about the connection itself
				// (peer refused, too many connections): fail every call.
				if r.Error != nil {
					err = r.Error
				}
				continue
			}
			ch <- r
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		err = sc.Err()
	}
	if err == nil {
		err = errors.New("connection closed by the daemon")
	}
	c.mu.Lock()
	c.err = err
	for id, ch := range c.pending {
		close(ch)
		delete(c.pending, id)
	}
	c.mu.Unlock()
	close(c.closed)
}

// Call sends one request and decodes its result into result (which may
// be nil). An error reply is returned as *Error.
func (c *Client) Call(ctx context.Context, method string, params any, result any) error {
	id := c.nextID.Add(1)
	ch := make(chan response, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return err
	}
	c.pending[id] = ch
	c.mu.Unlock()
	if err := c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			c.mu.Lock()
			err := c.err
			c.mu.Unlock()
			return err
		}
		if r.Error != nil {
			return r.Error
		}
		if result != nil && len(r.Result) > 0 {
			return json.Unmarshal(r.Result, result)
		}
		return nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return ctx.Err()
	}
}

// Notify sends a notification; the server sends no reply.
func (c *Client) Notify(method string, params any) error {
	return c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

func (c *Client) send(msg map[string]any) error {
	if msg["params"] == nil {
		delete(msg, "params")
	}
	b, err := marshal(msg)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err = c.nc.Write(b)
	return err
}

// Close closes the connection.
func (c *Client) Close() error { return c.nc.Close() }
