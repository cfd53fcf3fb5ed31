package bench

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
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

// EchoServerEnv, when set in a process's environment, makes the process
// that calls MaybeServeEcho an echo server on that socket path. The load
// tool starts itself that way, so the baseline crosses two processes just
// as a client and the daemon do.
const EchoServerEnv = "ARSHLINE_BENCH_ECHO_SOCKET"

// MaybeServeEcho serves one echo connection and exits when the
// environment asks for it; otherwise it returns at once.
func MaybeServeEcho() {
	path := os.Getenv(EchoServerEnv)
	if path == "" {
		return
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		os.Exit(3)
	}
	os.Stdout.Write([]byte("ready\n"))
	c, err := ln.Accept()
	if err != nil {
		os.Exit(3)
	}
	r := bufio.NewReader(c)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			os.Exit(0)
		}
		if _, err := c.Write(line); err != nil {
			os.Exit(0)
		}
	}
}

// MeasureEcho times n one-line round trips to an echo server in another
// process (this executable re-run with EchoServerEnv) over a temporary
// Unix socket, with the same line framing the daemon uses.
func MeasureEcho(ctx context.Context, n int) (EchoResult, error) {
	dir, err := os.MkdirTemp("", "arshline-echo")
	if err != nil {
		return EchoResult{}, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "echo.sock")
	self, err := os.Executable()
	if err != nil {
		return EchoResult{}, err
	}
	cmd := exec.CommandContext(ctx, self)
	cmd.Env = append(os.Environ(), EchoServerEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return EchoResult{}, err
	}
	if err := cmd.Start(); err != nil {
		return EchoResult{}, err
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
		return EchoResult{}, fmt.Errorf("echo server did not start (is MaybeServeEcho called first in main?)")
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", path)
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
