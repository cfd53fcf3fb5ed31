package bench

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestMain lets this test binary be its own echo server process, and
// stops the MariaDB server a benchmark may have started.
func TestMain(m *testing.M) {
	MaybeServeEcho()
	code := m.Run()
	mariadbtest.Stop()
	os.Exit(code)
}

func TestParseMix(t *testing.T) {
	m, err := ParseMix("system.health=3, ai.execute")
	if err != nil || m["system.health"] != 3 || m["ai.execute"] != 1 || len(m) != 2 {
		t.Fatalf("%v %v", m, err)
	}
	for _, bad := range []string{"", "nope=1", "system.health=0", "system.health=x"} {
		if _, err := ParseMix(bad); err == nil {
			t.Errorf("ParseMix(%q) accepted", bad)
		}
	}
}

func TestBaselinesMeasureSomething(t *testing.T) {
	e, err := MeasureEcho(context.Background(), 200, 4, 100*time.Millisecond)
	if err != nil || e.RoundTrips != 200 || e.P50us <= 0 || e.P99us < e.P50us || e.Clients != 4 || e.PerSecond <= 0 {
		t.Fatalf("echo %+v %v", e, err)
	}
	f, err := MeasureFsync(t.TempDir(), 50_000_000)
	if err != nil || f <= 0 {
		t.Fatalf("fsync %v %v", f, err)
	}
	if _, err := MeasureFsync("/nonexistent/dir", 1); err == nil {
		t.Fatal("fsync in a missing directory succeeded")
	}
}
