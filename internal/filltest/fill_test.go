package filltest

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/sqlstore"
)

// TestForm: the form is answered as asked, through the product's write
// path: N submissions on their days, every SpamEvery-th spam, the
// answers stored as the submit path stores them and counted.
func TestForm(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "f.db")
	db, err := sqlstore.Open(ctx, path, sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	form, err := Form(ctx, db, Options{N: 301, Days: 3, LastDay: "2026-01-10", SpamEvery: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	one := func(q string, args ...any) (n int64) {
		t.Helper()
		if err := raw.QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	t.Run("every submission stored", func(t *testing.T) {
		if n := one("SELECT count(*) FROM submissions WHERE form_id = ?", form); n != 301 {
			t.Fatalf("%d submissions", n)
		}
	})
	t.Run("every tenth spam", func(t *testing.T) {
		if n := one("SELECT count(*) FROM submissions WHERE form_id = ? AND status = 'spam'", form); n != 30 {
			t.Fatalf("%d spam", n)
		}
	})
	t.Run("spread over the days asked", func(t *testing.T) {
		for day, want := range map[string]int64{"2026-01-08": 101, "2026-01-09": 100, "2026-01-10": 100} {
			// The Iran day starts at 20:30 UTC the day before.
			if n := one(`SELECT count(*) FROM submissions WHERE form_id = ?
				AND date(created_at, '+210 minutes') = ?`, form, day); n != want {
				t.Errorf("%s: %d submissions, want %d", day, n, want)
			}
		}
	})
	t.Run("answers stored as the submit path stores them", func(t *testing.T) {
		var answers string
		if err := raw.QueryRow("SELECT answers FROM submissions WHERE form_id = ? ORDER BY id LIMIT 1", form).Scan(&answers); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(answers, `[{"field":"name","type":"text","value":"`) || strings.Contains(answers, `"typed":null`) {
			t.Fatalf("%s", answers)
		}
		if n := one("SELECT count(*) FROM submissions_fts WHERE submissions_fts MATCH 'تهران'"); n == 0 {
			t.Fatal("no submission is found by a city's label")
		}
	})
	t.Run("answers counted", func(t *testing.T) {
		if n := one("SELECT count(*) FROM answer_counts WHERE form_id = ?", form); n == 0 {
			t.Fatal("no counts")
		}
	})
}

func BenchmarkForm(b *testing.B) {
	db, err := sqlstore.Open(context.Background(), filepath.Join(b.TempDir(), "f.db"), sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	b.ResetTimer()
	if _, err := Form(context.Background(), db, Options{N: b.N, Days: 2}); err != nil {
		b.Fatal(err)
	}
}
