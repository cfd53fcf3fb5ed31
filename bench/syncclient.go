package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strconv"

	"github.com/arshline/arshline-sidecar/rpc"
)

// syncClient sends one request and reads its reply before the next, as
// the PHP shim does. The load tool measures with it so the figures are
// what a WordPress request sees, without the bookkeeping a multiplexing
// client adds.
type syncClient struct {
	nc  net.Conn
	r   *bufio.Reader
	id  int
	buf []byte
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

// Call performs one call; an error reply is returned as *rpc.Error.
func (c *syncClient) Call(ctx context.Context, method string, params any, result any) error {
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
			return err
		}
		c.buf = append(c.buf, `,"params":`...)
		c.buf = append(c.buf, p...)
	}
	c.buf = append(c.buf, '}', '\n')
	if dl, ok := ctx.Deadline(); ok {
		c.nc.SetDeadline(dl)
	}
	if _, err := c.nc.Write(c.buf); err != nil {
		return err
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return err
	}
	var resp struct {
		ID     int             `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *rpc.Error      `json:"error"`
	}
	if err := json.Unmarshal(line, &resp); err != nil {
		return err
	}
	if resp.Error != nil {
		return resp.Error
	}
	if resp.ID != c.id {
		return fmt.Errorf("reply for id %d, expected %d", resp.ID, c.id)
	}
	if result != nil && len(resp.Result) > 0 {
		return json.Unmarshal(resp.Result, result)
	}
	return nil
}
