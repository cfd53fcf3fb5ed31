package daemon

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestConcurrentCallsOnOneConnection checks the daemon's pipelining end to
// end: many calls in flight on one client, each answered with its own id.
func TestConcurrentCallsOnOneConnection(t *testing.T) {
	c, _ := startDaemon(t)
	var wg sync.WaitGroup
	var failed atomic.Int32
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var res struct{ Form domain.Form }
			title := fmt.Sprintf("form %d", i)
			if err := c.Call(context.Background(), "forms.create", map[string]any{"title": title}, &res); err != nil || res.Form.Title != title {
				failed.Add(1)
			}
		}(i)
	}
	wg.Wait()
	if failed.Load() != 0 {
		t.Fatalf("%d calls failed or crossed", failed.Load())
	}
	var forms []json.RawMessage
	if err := c.Call(context.Background(), "forms.list", map[string]any{"limit": 200}, &forms); err != nil || len(forms) != 200 {
		t.Fatalf("forms.list: %d %v", len(forms), err)
	}
}
