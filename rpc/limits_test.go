package rpc

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadMethods serve the connection tests.
func loadMethods() []Method {
	type nParams struct {
		N int `json:"n"`
	}
	return []Method{
		{Name: "double", Handler: Typed(func(ctx context.Context, p nParams) (any, error) {
			// A little jitter so that pipelined replies overtake each other.
			time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
			return 2 * p.N, nil
		})},
		{Name: "big", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return strings.Repeat("x", 256<<10), nil
		}},
		{Name: "system.health", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
			return map[string]bool{"ok": true}, nil
		}},
	}
}

func TestOversizedFrameIsAnsweredThenClosed(t *testing.T) {
	const limit = 4096
	ts := startServer(t, Config{MaxFrameBytes: limit}, loadMethods())

	// A request of exactly the limit is served.
	c := dialRaw(t, ts.path)
	head := `{"jsonrpc":"2.0","id":1,"method":"double","params":{"n":21},"pad":"`
	exact := head + strings.Repeat("p", limit-len(head)-2) + `"}`
	if len(exact) != limit {
		t.Fatalf("test frame is %d bytes", len(exact))
	}
	c.send(exact + "\n")
	if got := c.recv(); !strings.Contains(got, `"result":42`) {
		t.Fatalf("a frame of exactly the limit: %s", got)
	}

	for name, frame := range map[string]string{
		"one byte over":     exact + " \n",
		"never terminated":  strings.Repeat("[", 3*limit),
		"over after a call": `{"jsonrpc":"2.0","id":1,"method":"double"}` + "\n" + strings.Repeat(" ", limit+10) + "x\n",
	} {
		t.Run(name, func(t *testing.T) {
			c := dialRaw(t, ts.path)
			c.send(frame)
			line := c.recv()
			if strings.Contains(line, `"result"`) { // the call before the oversized frame
				line = c.recv()
			} else if name == "over after a call" {
				// The refusal may overtake the call's reply, which still comes.
				if got := c.recv(); !strings.Contains(got, `"result":0`) {
					t.Fatalf("the call before the oversized frame: %s", got)
				}
			}
			r := decodeErrorReply(t, line)
			if r.Error.Code != CodeInvalidRequest || string(r.ID) != "null" || !strings.Contains(r.Error.Data["message_en"].(string), "4096") {
				t.Fatalf("reply %s", line)
			}
			c.expectClosed()
		})
	}
}

func TestDeepNestingIsRefusedCheaply(t *testing.T) {
	ts := startServer(t, Config{MaxDepth: 8}, loadMethods())
	c := dialRaw(t, ts.path)
	for name, frame := range map[string]string{
		"100k brackets":       strings.Repeat("[", 100000),
		"100k objects":        strings.Repeat(`{"a":`, 100000),
		"deep inside params":  `{"jsonrpc":"2.0","id":1,"method":"double","params":{"n":1,"x":` + strings.Repeat("[", 8) + strings.Repeat("]", 8) + `}}`,
		"closed 100k deep":    strings.Repeat("[", 100000) + strings.Repeat("]", 100000),
		"deep inside a batch": `[` + strings.Repeat("[", 20) + strings.Repeat("]", 20) + `]`,
	} {
		start := time.Now()
		c.sendLine(frame)
		r := decodeErrorReply(t, c.recv())
		if r.Error.Code != CodeParseError || string(r.ID) != "null" || !strings.Contains(r.Error.Data["message_en"].(string), "8 levels") {
			t.Fatalf("%s: %+v", name, r.Error)
		}
		t.Logf("%s: refused in %v", name, time.Since(start))
	}
	// Depth 8 exactly (the request object, params, then six arrays) is fine.
	atLimit := `{"jsonrpc":"2.0","id":2,"method":"system.health","params":{"x":` + strings.Repeat("[", 6) + strings.Repeat("]", 6) + `}}`
	c.sendLine(atLimit)
	if got := c.recv(); !strings.Contains(got, `"result":{"ok":true}`) {
		t.Fatalf("depth at the limit refused: %s", got)
	}
}

func TestInvalidUTF8IsAParseError(t *testing.T) {
	ts := startServer(t, Config{}, loadMethods())
	c := dialRaw(t, ts.path)
	for _, frame := range []string{
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"double\",\"params\":{\"n\":1,\"s\":\"\xff\"}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xc3\x28\"}",
		"\xed\xa0\x80", // an encoded surrogate
	} {
		c.sendLine(frame)
		r := decodeErrorReply(t, c.recv())
		if r.Error.Code != CodeParseError || string(r.ID) != "null" || !strings.Contains(r.Error.Data["message_en"].(string), "UTF-8") {
			t.Fatalf("%q: %+v", frame, r.Error)
		}
	}
	c.sendLine(`{"jsonrpc":"2.0","id":1,"method":"double","params":{"n":5}}`)
	if got := c.recv(); !strings.Contains(got, `"result":10`) {
		t.Fatalf("connection unusable after bad frames: %s", got)
	}
}

func TestPipelinedRequestsOnOneConnection(t *testing.T) {
	ts := startServer(t, Config{}, loadMethods())
	c := dialRaw(t, ts.path)
	const n = 200
	var frames strings.Builder
	for i := range n {
		fmt.Fprintf(&frames, `{"jsonrpc":"2.0","id":"r%d","method":"double","params":{"n":%d}}`+"\n", i, i)
	}
	go func() { c.nc.Write([]byte(frames.String())) }()

	seen := map[string]bool{}
	inOrder := true
	for k := range n {
		var r struct {
			ID     string `json:"id"`
			Result int    `json:"result"`
		}
		line := c.recv()
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("reply %q: %v", line, err)
		}
		i, err := strconv.Atoi(strings.TrimPrefix(r.ID, "r"))
		if err != nil || seen[r.ID] || r.Result != 2*i {
			t.Fatalf("reply %s (duplicate or wrong result)", line)
		}
		seen[r.ID] = true
		inOrder = inOrder && i == k
	}
	if len(seen) != n {
		t.Fatalf("%d distinct replies, want %d", len(seen), n)
	}
	t.Logf("replies in request order: %v", inOrder)
}

func TestBatchRunsConcurrentlyAndKeepsIDs(t *testing.T) {
	release := make(chan struct{})
	var running atomic.Int32
	methods := []Method{{Name: "gate", Handler: Typed(func(ctx context.Context, p struct {
		N int `json:"n"`
	}) (any, error) {
		// Every entry waits until all four run at once: a sequential
		// batch would never get here.
		if running.Add(1) == 4 {
			close(release)
		}
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return p.N * 10, nil
	})}}
	ts := startServer(t, Config{MaxInFlight: 4}, methods)
	c := dialRaw(t, ts.path)
	c.sendLine(`[{"jsonrpc":"2.0","id":"a","method":"gate","params":{"n":1}},{"jsonrpc":"2.0","id":"b","method":"gate","params":{"n":2}},` +
		`{"jsonrpc":"2.0","method":"gate","params":{"n":0}},{"jsonrpc":"2.0","id":"d","method":"gate","params":{"n":4}}]`)
	want := `[{"jsonrpc":"2.0","id":"a","result":10},{"jsonrpc":"2.0","id":"b","result":20},{"jsonrpc":"2.0","id":"d","result":40}]`
	if got := c.recv(); canonical(t, got) != canonical(t, want) {
		t.Fatalf("got %s", got)
	}
}

func TestBatchSizeLimit(t *testing.T) {
	s := NewServer(Config{MaxBatch: 3, Localize: testLocalize}, loadMethods())
	req := `{"jsonrpc":"2.0","id":1,"method":"system.health"}`
	if got := frameOf(s, "["+strings.Repeat(req+",", 2)+req+"]"); strings.Count(got, `"ok":true`) != 3 {
		t.Fatalf("a batch at the limit: %s", got)
	}
	line := frameOf(s, "["+strings.Repeat(req+",", 3)+req+"]")
	r := decodeErrorReply(t, line)
	if r.Error.Code != CodeInvalidRequest || string(r.ID) != "null" || r.Error.Data["message_en"] != "invalid request: the batch holds 4 requests; at most 3 are allowed" {
		t.Fatalf("an oversized batch: %s", line)
	}
	if !strings.Contains(r.Error.Data["message_fa"].(string), "۴") {
		t.Fatalf("Persian message without Persian digits: %v", r.Error.Data["message_fa"])
	}
}

func TestManyConcurrentClients(t *testing.T) {
	ts := startServer(t, Config{}, loadMethods())
	const clients, callsEach = 200, 5
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for i := range clients {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			c, err := Dial(ctx, ts.path)
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			for j := range callsEach {
				n := i*100 + j
				var got int
				if err := c.Call(ctx, "double", map[string]int{"n": n}, &got); err != nil {
					errs <- err
					return
				}
				if got != 2*n {
					errs <- fmt.Errorf("client %d: double(%d) = %d", i, n, got)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestStalledClientsDoNotDelayOthers(t *testing.T) {
	ts := startServer(t, Config{WriteTimeout: 300 * time.Millisecond, IdleTimeout: time.Second}, loadMethods())
	var stalled []net.Conn
	defer func() {
		for _, nc := range stalled {
			nc.Close()
		}
	}()
	for i := range 50 {
		rc := dialRaw(t, ts.path)
		stalled = append(stalled, rc.nc)
		if i%3 != 2 {
			// Served once, so it is surely accepted, then stalled.
			rc.sendLine(`{"jsonrpc":"2.0","id":1,"method":"double","params":{"n":1}}`)
			rc.recv()
		}
		switch i % 3 {
		case 0: // connected and silent
		case 1: // half a frame, then nothing
			rc.send(`{"jsonrpc":"2.0","id":1,"meth`)
		case 2: // asks for big replies and never reads them
			var b strings.Builder
			for range 32 {
				b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"big"}` + "\n")
			}
			go rc.nc.Write([]byte(b.String()))
		}
	}

	c := dialClient(t, ts.path)
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	for i := range 20 {
		var got int
		if err := c.Call(ctx, "double", map[string]int{"n": i}, &got); err != nil || got != 2*i {
			t.Fatalf("a good client was not served beside stalled ones: %v, %d", err, got)
		}
	}

	// The stalled clients do not stay forever: the ones that never read
	// hit the write deadline, the others the idle deadline. The test holds
	// them all open, so only the server can bring the count to zero once
	// the good client has gone.
	c.Close()
	waitFor(t, "stalled connections to be closed", func() bool { return ts.srv.ConnCount() == 0 })
}

func TestIdleConnectionIsClosedButAWaitingOneIsNot(t *testing.T) {
	release := make(chan struct{})
	methods := append(loadMethods(), Method{Name: "wait", Handler: func(ctx context.Context, _ json.RawMessage) (any, error) {
		<-release
		return "done", nil
	}})
	ts := startServer(t, Config{IdleTimeout: 150 * time.Millisecond}, methods)

	idle := dialRaw(t, ts.path)
	idle.expectClosed()

	waiting := dialRaw(t, ts.path)
	waiting.sendLine(`{"jsonrpc":"2.0","id":1,"method":"wait"}`)
	time.Sleep(600 * time.Millisecond) // several idle periods with a call running
	close(release)
	if got := waiting.recv(); !strings.Contains(got, `"result":"done"`) {
		t.Fatalf("a client waiting for its reply was cut off: %s", got)
	}
	waiting.expectClosed() // and once nothing runs, idleness counts again
}

// The idle deadline is moved lazily (once per eighth of the timeout, not
// per call), which must never close a connection sooner than the timeout
// after its last frame, however many times the deadline was carried along.
func TestIdleDeadlineIsNeverEarly(t *testing.T) {
	const idle = 200 * time.Millisecond
	ts := startServer(t, Config{IdleTimeout: idle}, loadMethods())
	c := dialRaw(t, ts.path)
	var last time.Time
	for end := time.Now().Add(3 * idle); time.Now().Before(end); time.Sleep(idle / 5) {
		c.sendLine(`{"jsonrpc":"2.0","id":1,"method":"double","params":{"n":2}}`)
		last = time.Now()
		if got := c.recv(); !strings.Contains(got, `"result":4`) {
			t.Fatalf("a busy connection was not served: %s", got)
		}
	}
	c.expectClosed()
	if silent := time.Since(last); silent < idle {
		t.Fatalf("closed after %v of silence, before the %v idle timeout", silent, idle)
	}
}

func TestPeerCheck(t *testing.T) {
	notMe := uint32(os.Getuid()) + 4242
	var rejected []Rejection
	var mu sync.Mutex
	ts := startServerAs(t, Config{AllowUIDs: []uint32{notMe}, OnReject: func(r Rejection) {
		mu.Lock()
		rejected = append(rejected, r)
		mu.Unlock()
	}}, loadMethods(), notMe+1)

	c := dialRaw(t, ts.path)
	r := decodeErrorReply(t, c.recv()) // sent before any request
	if r.Error.Code != -32001 || r.Error.Data["error"] != "FORBIDDEN" || string(r.ID) != "null" ||
		r.Error.Message != "این کاربر اجازهٔ استفاده از سوکت arshlined را ندارد" {
		t.Fatalf("rejection %+v", r.Error)
	}
	c.expectClosed()
	mu.Lock()
	got := rejected
	mu.Unlock()
	want := Peer{UID: uint32(os.Getuid()), GID: uint32(os.Getegid()), PID: int32(os.Getpid())}
	if len(got) != 1 || got[0].Reason != RejectPeer || got[0].Peer != want {
		t.Fatalf("OnReject got %+v, want one rejection of %+v", got, want)
	}

	// The client reports the server's reason, not a bare broken pipe.
	cl := dialClient(t, ts.path)
	err := cl.Call(context.Background(), "system.health", nil, nil)
	if rerr, ok := err.(*Error); !ok || rerr.CodeName() != "FORBIDDEN" {
		t.Fatalf("client got %v", err)
	}
	if ts.srv.ConnCount() != 0 {
		t.Fatalf("rejected peers counted as connections: %d", ts.srv.ConnCount())
	}
}

func TestPeerCheckAllowsByGroupOrOwnUser(t *testing.T) {
	other := uint32(os.Getuid()) + 4242
	byGroup := startServerAs(t, Config{AllowUIDs: []uint32{other}, AllowGIDs: []uint32{uint32(os.Getegid())}}, loadMethods(), other)
	if err := dialClient(t, byGroup.path).Call(context.Background(), "system.health", nil, nil); err != nil {
		t.Fatalf("allowed by gid: %v", err)
	}
	byDefault := startServer(t, Config{}, loadMethods())
	if err := dialClient(t, byDefault.path).Call(context.Background(), "system.health", nil, nil); err != nil {
		t.Fatalf("the daemon's own user: %v", err)
	}
	// A peer that is not the daemon's user gets in by its gid only when
	// that gid is named.
	onlyOtherGroup := startServerAs(t, Config{AllowGIDs: []uint32{uint32(os.Getegid()) + 4242}}, loadMethods(), other)
	err := dialClient(t, onlyOtherGroup.path).Call(context.Background(), "system.health", nil, nil)
	if rerr, ok := err.(*Error); !ok || rerr.CodeName() != "FORBIDDEN" {
		t.Fatalf("a gid nobody named let a peer in: %v", err)
	}
}

func TestPeerCheckFailsClosedWithoutCredentials(t *testing.T) {
	var rejected atomic.Int32
	s := NewServer(Config{OnReject: func(r Rejection) {
		if r.Reason == RejectNoCredentials {
			rejected.Add(1)
		}
	}}, loadMethods())
	server, client := net.Pipe()
	c := s.register(server)
	c.admit()
	go c.run()
	client.SetReadDeadline(time.Now().Add(generous))
	buf := make([]byte, 4096)
	n, _ := client.Read(buf)
	if r := decodeErrorReply(t, string(buf[:n])); r.Error.Code != -32001 || rejected.Load() != 1 {
		t.Fatalf("a connection without credentials: %+v", r.Error)
	}
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestMaxConnections(t *testing.T) {
	ts := startServer(t, Config{MaxConns: 2}, loadMethods())
	first, second := dialClient(t, ts.path), dialClient(t, ts.path)
	for _, c := range []*Client{first, second} {
		if err := c.Call(context.Background(), "system.health", nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	third := dialRaw(t, ts.path)
	r := decodeErrorReply(t, third.recv())
	if r.Error.Code != -32015 || r.Error.Data["error"] != "UNAVAILABLE" || string(r.ID) != "null" {
		t.Fatalf("over the limit: %+v", r.Error)
	}
	third.expectClosed()

	first.Close()
	waitFor(t, "the closed connection to be released", func() bool { return ts.srv.ConnCount() == 1 })
	if err := dialClient(t, ts.path).Call(context.Background(), "system.health", nil, nil); err != nil {
		t.Fatalf("after a connection closed, a new one is served: %v", err)
	}
}

func TestConnectionsPastTheLimitAreTheNewest(t *testing.T) {
	const limit, dialled = 4, 10
	ts := startServer(t, Config{MaxConns: limit}, loadMethods())
	conns := make([]*rawConn, dialled)
	for i := range conns {
		conns[i] = dialRaw(t, ts.path)
	}
	for i, c := range conns {
		if i < limit {
			c.sendLine(`{"jsonrpc":"2.0","id":1,"method":"system.health"}`)
			if got := c.recv(); !strings.Contains(got, `"result"`) {
				t.Fatalf("connection %d of %d: %s", i+1, limit, got)
			}
			continue
		}
		if r := decodeErrorReply(t, c.recv()); r.Error.Code != -32015 {
			t.Fatalf("connection %d, past the limit: %+v", i+1, r.Error)
		}
		c.expectClosed()
	}
}
