package bench

import (
	"bufio"
	"context"
	"net"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// EchoResult is the raw Unix-socket round trip: the floor under any RPC.
type EchoResult struct {
	RoundTrips int     `json:"round_trips"`
	P50us      float64 `json:"p50_us"`
	P99us      float64 `json:"p99_us"`
}

// MeasureEcho times n one-line round trips to an echo server on a
// temporary Unix socket, with the same line framing the daemon uses.
func MeasureEcho(ctx context.Context, n int) (EchoResult, error) {
	dir, err := os.MkdirTemp("", "arshline-echo")
	if err != nil {
		return EchoResult{}, err
	}
	defer os.RemoveAll(dir)
	ln, err := net.Listen("unix", filepath.Join(dir, "echo.sock"))
	if err != nil {
		return EchoResult{}, err
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				return
			}
			if _, err := c.Write(line); err != nil {
				return
			}
		}
	}()
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", ln.Addr().String())
	if err != nil {
		return EchoResult{}, err
	}
	defer c.Close()
	r := bufio.NewReader(c)
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"system.health"}` + "\n")
	ds := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		t0 := time.Now()
		if _, err := c.Write(msg); err != nil {
			return EchoResult{}, err
		}
		if _, err := r.ReadBytes('\n'); err != nil {
			return EchoResult{}, err
		}
		ds = append(ds, time.Since(t0))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return EchoResult{RoundTrips: n, P50us: us(percentile(ds, 0.5)), P99us: us(percentile(ds, 0.99))}, nil
}

// MeasureFsync returns how many 4 KiB write+fsync pairs the disk under
// dir completes per second: the ceiling of durable commits.
func MeasureFsync(dir string, d time.Duration) (float64, error) {
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, ".arshline-fsync-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	buf := make([]byte, 4096)
	n := 0
	start := time.Now()
	for time.Since(start) < d {
		if _, err := f.WriteAt(buf, int64(n%64)*4096); err != nil {
			return 0, err
		}
		if err := f.Sync(); err != nil {
			return 0, err
		}
		n++
	}
	return round2(float64(n) / time.Since(start).Seconds()), nil
}
