package hosha2

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// BenchmarkThousandJobsHeap runs 1,000 Hosha2 generations of a 60-field
// form and reports the heap still in use once they have finished: what
// finished jobs cost the daemon's memory (heap-MB).
//
//	go test ./daemon/hosha2 -run '^$' -bench ThousandJobsHeap -benchtime 1x
func BenchmarkThousandJobsHeap(b *testing.B) {
	fields := make([]map[string]any, 60)
	for i := range fields {
		fields[i] = field(fmt.Sprintf("f%d", i+1), "textarea", fmt.Sprintf("پرسش شمارهٔ %d دربارهٔ تجربهٔ شما از خدمات ما", i+1), nil)
	}
	reply := llmtest.Reply{Content: answer(fields, nil)}
	for range b.N {
		db, err := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "m.db"), sqlstore.Options{Synchronous: "OFF"})
		if err != nil {
			b.Fatal(err)
		}
		m := llmtest.New(b)
		m.ForgetRequests()
		m.Then(func(llmtest.Request) llmtest.Reply { return reply })
		svc := New(Config{Store: db, Jobs: db, Model: mustModel(b, llm.Config{BaseURL: m.URL(), Model: "m", APIKey: "k", Timeout: 10 * time.Second}),
			ModelID: "m", MaxRunningJobs: 1000})
		var form int64
		db.Update(context.Background(), func(tx domain.FormTx) error {
			f, _, err := tx.CreateForm(1, 3, domain.FormState{Title: "x", Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{})
			form = f.ID
			return err
		})
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range 1000 {
			if _, err := svc.Generate(ctxReq(fmt.Sprintf("m%05d", i)), GenerateParams{FormID: form, Prompt: prompt("x"), Wait: true}); err != nil {
				b.Fatal(err)
			}
		}
		svc.wg.Wait()
		var after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heap-MB")
		b.ReportMetric((float64(after.HeapInuse)-float64(before.HeapInuse))/(1<<20), "growth-MB")
		svc.Shutdown(context.Background())
		db.Close()
	}
}
