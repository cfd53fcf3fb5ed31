package fill

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arshline/arshline-sidecar/sqlstore"
)

func BenchmarkForm(b *testing.B) {
	db, err := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "f.db"), sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	b.ResetTimer()
	if _, err := Form(context.Background(), db, Options{N: b.N, Days: 2, Batch: 2000}); err != nil {
		b.Fatal(err)
	}
}
