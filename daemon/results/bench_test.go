package results_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/results"
	"github.com/arshline/arshline-sidecar/internal/filltest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// benchForm is a store holding one answered form of n submissions.
func benchForm(b *testing.B, n int) (*results.Service, int64) {
	b.Helper()
	dir := b.TempDir()
	db, err := sqlstore.Open(context.Background(), filepath.Join(dir, "b.db"), sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	form, err := filltest.Form(context.Background(), db, filltest.Options{N: n, Days: 30})
	if err != nil {
		b.Fatal(err)
	}
	svc := results.New(db, filepath.Join(dir, "exports"))
	b.Cleanup(svc.Close)
	return svc, form
}

// BenchmarkExport: rows per second of a whole export, in process.
func BenchmarkExport(b *testing.B) {
	const n = 20000
	svc, form := benchForm(b, n)
	ctx := ctxSite(1, "fa_IR")
	for _, format := range []string{"csv", "xlsx"} {
		b.Run(format, func(b *testing.B) {
			for range b.N {
				p := results.ExportParams{FormID: form, Format: format}
				for {
					page, err := svc.Export(ctx, p)
					if err != nil {
						b.Fatal(err)
					}
					if page.Done {
						break
					}
					p.Cursor = page.NextCursor
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkSummary: one results.summary of a 30-day form.
func BenchmarkSummary(b *testing.B) {
	svc, form := benchForm(b, 20000)
	ctx := ctxSite(1, "fa_IR")
	b.ResetTimer()
	for range b.N {
		if _, err := svc.Summary(ctx, results.SummaryParams{FormID: form}); err != nil {
			b.Fatal(err)
		}
	}
}
