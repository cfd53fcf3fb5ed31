package bench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/arshline/arshline-sidecar/rpc"
)

// syncClient sends one request and reads its reply before the next, as
// the PHP shim does. The load tool measures with it so the figures are
// what a WordPress request sees, without the bookkeeping a multiplexing
// client adds.
type syncClient struct {
	nc       net.Conn
	r        *bufio.Reader
	id       int
	buf      []byte
	want     []byte    // the prefix of a successful reply to the call in flight
	deadline time.Time // set on the connection
}

func dialSync(ctx context.Context, path string) (*syncClient, error) {
	var d net.Dialer
	nc, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return nil, fmt.Errorf("no arshlined is listening on %s (is it running?): %w", path, err)
	}
	return &syncClient{nc: nc, r: bufio.NewReaderSize(nc, 64<<10)}, nil
}

func (c *syncClient) Close() error { return c.nc.Close() }

// Call performs one call and returns its raw result, valid until the
// next call; an error reply is returned as *rpc.Error.
func (c *syncClient) Call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	c.id++
	c.buf = c.buf[:0]
	c.buf = append(c.buf, `{"jsonrpc":"2.0","id":`...)
	c.buf = strconv.AppendInt(c.buf, int64(c.id), 10)
	c.buf = append(c.buf, `,"method":`...)
	c.buf = strconv.AppendQuote(c.buf, method)
	if raw, ok := params.(json.RawMessage); ok {
		// Encoded once by the caller: the load tool shares the machine's
		// cores with the daemon it measures, so it spends none it need not.
		c.buf = append(c.buf, `,"params":`...)
		c.buf = append(c.buf, raw...)
	} else if params != nil {
		p, err := json.Marshal(params)
		if err != nil {
			return nil, err
		}
		c.buf = append(c.buf, `,"params":`...)
		c.buf = append(c.buf, p...)
	}
	c.buf = append(c.buf, '}', '\n')
	if dl, ok := ctx.Deadline(); ok && !dl.Equal(c.deadline) {
		c.nc.SetDeadline(dl)
		c.deadline = dl
	}
	if _, err := c.nc.Write(c.buf); err != nil {
		return nil, err
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return nil, err
	}
	return c.reply(line)
}

// reply reads a reply line. The daemon writes its successful replies as
// {"jsonrpc":"2.0","id":N,"result":...}; a line of exactly that shape is
// taken without decoding it, since decoding every reply was most of the
// load tool's own CPU, taken from the daemon it measures (the replies'
// content is checked by the daemon's tests, not here). Anything else,
// errors included, goes through encoding/json.
func (c *syncClient) reply(line []byte) (json.RawMessage, error) {
	c.want = c.want[:0]
	c.want = append(c.want, `{"jsonrpc":"2.0","id":`...)
	c.want = strconv.AppendInt(c.want, int64(c.id), 10)
	c.want = append(c.want, `,"result":`...)
	body := bytes.TrimRight(line, "\r\n")
	if bytes.HasPrefix(body, c.want) && len(body) > len(c.want) && body[len(body)-1] == '}' {
		result := body[len(c.want) : len(body)-1]
		if len(result) > 0 && (result[0] == '{' || result[0] == '[' || result[0] == '"') {
			return result, nil
		}
	}
	var resp struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *rpc.Error      `json:"error"`
	}
	if err := json.Unmarshal(line, &resp); err != nil {
		return nil, fmt.Errorf("reply is not JSON: %w", err)
	}
	if resp.Error != nil {
		return nil, resp.Error
	}
	if string(resp.ID) != strconv.Itoa(c.id) {
		return nil, fmt.Errorf("reply for id %s, expected %d", resp.ID, c.id)
	}
	if resp.Result == nil {
		return nil, fmt.Errorf("reply has neither result nor error")
	}
	return resp.Result, nil
}
