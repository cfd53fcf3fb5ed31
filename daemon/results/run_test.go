package results_test

import (
	"context"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestRunCountsNewSubmissions: the daemon's rollup loop counts a stored
// submission's answers without anyone asking for results, and ends with
// its context.
func TestRunCountsNewSubmissions(t *testing.T) {
	f := newFixture(t)
	v := f.newForm(map[string]any{"id": "city", "type": "radio", "label": "شهر",
		"options": []map[string]any{{"value": "thr", "label": "تهران"}}})
	f.submit(v, domain.SubmissionNew, map[string]any{"city": "thr"})
	counted := func() int {
		var n int
		if err := f.raw.QueryRow("SELECT count(*) FROM answer_counts WHERE form_id = ?", f.form).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if counted() != 0 {
		t.Fatal("counted before Run")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.svc.Run(ctx); close(done) }()
	for deadline := time.Now().Add(30 * time.Second); counted() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Run did not count the submission")
		}
	}
	cancel()
	<-done
}
