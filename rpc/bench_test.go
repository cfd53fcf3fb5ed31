package rpc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A call as the PHP shim makes it: an actor, a request id, small params.
const benchRequest = `{"jsonrpc":"2.0","id":12,"method":"system.health","params":{"actor":{"user_id":7,"caps":["manage_options"],"locale":"fa_IR"},"req_id":"9f86d081884c7d65"}}`

func benchMethods() []Method {
	type health struct {
		OK      bool    `json:"ok"`
		Version string  `json:"version"`
		Uptime  float64 `json:"uptime_s"`
	}
	return []Method{{Name: "system.health", Handler: Typed(func(ctx context.Context, _ struct{}) (any, error) {
		return health{OK: true, Version: "0.1.0", Uptime: 12.5}, nil
	})}}
}

// BenchmarkFrameRead splits a stream of request lines into frames.
func BenchmarkFrameRead(b *testing.B) {
	const perStream = 1000
	stream := bytes.Repeat([]byte(benchRequest+"\n"), perStream)
	b.SetBytes(int64(len(benchRequest) + 1))
	b.ReportAllocs()
	r := bytes.NewReader(stream)
	fr := newFrameReader(r, DefaultMaxFrameBytes)
	for i := 0; b.Loop(); i++ {
		if i%perStream == 0 {
			r.Reset(stream)
			fr = newFrameReader(r, DefaultMaxFrameBytes)
		}
		if _, err := fr.next(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeFrame is the whole server side of one call without the
// socket: checks, envelope, strict params, handler, reply encoding.
func BenchmarkDecodeFrame(b *testing.B) {
	s := NewServer(withTestHooks(Config{}), benchMethods())
	frame := []byte(benchRequest)
	var out bytes.Buffer
	b.SetBytes(int64(len(frame)))
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		s.handleFrame(context.Background(), Peer{}, frame, &out)
	}
	if !bytes.Contains(out.Bytes(), []byte(`"result":{"ok":true`)) {
		b.Fatalf("reply %s", out.Bytes())
	}
}

// BenchmarkDecodeBatch answers a batch of 10 such calls.
func BenchmarkDecodeBatch(b *testing.B) {
	s := NewServer(withTestHooks(Config{}), benchMethods())
	batch := []byte("[" + benchRequest + slicesRepeat(","+benchRequest, 9) + "]")
	var out bytes.Buffer
	b.SetBytes(int64(len(batch)))
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		s.handleFrame(context.Background(), Peer{}, batch, &out)
	}
}

func slicesRepeat(s string, n int) string { return string(bytes.Repeat([]byte(s), n)) }

// BenchmarkEncodeReply encodes a success and an error reply.
func BenchmarkEncodeReply(b *testing.B) {
	result := map[string]any{"ok": true, "version": "0.1.0", "uptime_s": 12.5}
	e := wireError(errMethodNotFound("forms.delete"), "fa_IR", "9f86d081884c7d65", nil)
	id := []byte("12")
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := appendResult(&out, id, result); err != nil {
			b.Fatal(err)
		}
		appendError(&out, id, e)
	}
}

// latencies collects per-call times and reports p50 and p99.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d []time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d...)
	l.mu.Unlock()
}

func (l *latencies) report(b *testing.B) {
	if len(l.d) == 0 {
		return
	}
	slices.Sort(l.d)
	at := func(q float64) float64 { return float64(l.d[int(q*float64(len(l.d)-1))].Nanoseconds()) }
	b.ReportMetric(at(0.50), "p50-ns")
	b.ReportMetric(at(0.99), "p99-ns")
}

type benchParams struct {
	Actor map[string]any `json:"actor"`
	ReqID string         `json:"req_id"`
}

var benchCallParams = benchParams{
	Actor: map[string]any{"user_id": 7, "caps": []string{"manage_options"}, "locale": "fa_IR"},
	ReqID: "9f86d081884c7d65",
}

// BenchmarkCallOneClient is one client calling system.health over the
// socket, one call at a time: the round trip the PHP shim pays.
func BenchmarkCallOneClient(b *testing.B) {
	ts := startServer(b, Config{}, benchMethods())
	c := dialClient(b, ts.path)
	ctx := context.Background()
	var lat latencies
	times := make([]time.Duration, 0, 1<<16)
	var out json.RawMessage
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if err := c.Call(ctx, "system.health", benchCallParams, &out); err != nil {
			b.Fatal(err)
		}
		if len(times) < cap(times) {
			times = append(times, time.Since(start))
		}
	}
	lat.add(times)
	lat.report(b)
}

// BenchmarkCallParallelClients is 32 clients, each on its own connection,
// calling at once.
func BenchmarkCallParallelClients(b *testing.B) {
	const clients = 32
	ts := startServer(b, Config{}, benchMethods())
	conns := make([]*Client, clients)
	for i := range conns {
		conns[i] = dialClient(b, ts.path)
	}
	var lat latencies
	var remaining atomic.Int64
	remaining.Store(int64(b.N))
	b.ReportAllocs()
	b.ResetTimer()
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			times := make([]time.Duration, 0, b.N/clients+1)
			var out json.RawMessage
			for remaining.Add(-1) >= 0 {
				start := time.Now()
				if err := c.Call(context.Background(), "system.health", benchCallParams, &out); err != nil {
					b.Error(err)
					return
				}
				times = append(times, time.Since(start))
			}
			lat.add(times)
		})
	}
	wg.Wait()
	b.StopTimer()
	lat.report(b)
}

// BenchmarkRawUnixEcho is the floor: a line of the same size echoed over a
// Unix socket with no JSON at all, to compare the calls above with.
func BenchmarkRawUnixEcho(b *testing.B) {
	path := filepath.Join(b.TempDir(), "echo.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	go func() {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		defer nc.Close()
		r := bufio.NewReader(nc)
		for {
			line, err := r.ReadSlice('\n')
			if err != nil {
				return
			}
			if _, err := nc.Write(line); err != nil {
				return
			}
		}
	}()
	nc, err := net.Dial("unix", path)
	if err != nil {
		b.Fatal(err)
	}
	defer nc.Close()
	msg := []byte(benchRequest + "\n")
	r := bufio.NewReader(nc)
	var lat latencies
	times := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		start := time.Now()
		if _, err := nc.Write(msg); err != nil {
			b.Fatal(err)
		}
		if _, err := r.ReadSlice('\n'); err != nil && err != io.EOF {
			b.Fatal(err)
		}
		if len(times) < cap(times) {
			times = append(times, time.Since(start))
		}
	}
	lat.add(times)
	lat.report(b)
}
