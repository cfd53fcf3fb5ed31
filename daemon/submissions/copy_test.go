package submissions_test

import (
	"context"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/sqlstore"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestStoredSearchTextAfterCopy: an entry moved from SQLite into MariaDB
// by copy-store is found by what it was found by before the move: the
// label of the option chosen, the name as typed, the tracking code;
// without StoredSearchText, the label is not indexed.
func TestStoredSearchTextAfterCopy(t *testing.T) {
	ctx := context.Background()
	s := newSite(t, open())
	f := s.publish(clinicForm)
	r := s.submit(s.send(f.PublicToken, answersOK))
	find := func(db *sqlstore.DB, q string) bool {
		t.Helper()
		got, err := db.ListSubmissions(ctx, domain.SubmissionQuery{SiteID: 1, FormID: f.ID, Q: q, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		return len(got) == 1 && got[0].TrackingCode == r.TrackingCode
	}
	queries := []string{"اجتماعی", "تأمین", "كريمي", r.TrackingCode}
	for _, q := range queries {
		if !find(s.db, q) {
			t.Fatalf("on SQLite, %q does not find the entry", q)
		}
	}
	// The label of the option not chosen finds nothing, on either engine.
	const other = "آزاد"
	if find(s.db, other) {
		t.Fatalf("on SQLite, %q finds the entry", other)
	}
	for _, c := range []struct {
		name   string
		opts   sqlstore.CopyOptions
		labels bool
	}{
		{"with the labels", sqlstore.CopyOptions{SearchText: submissions.StoredSearchText()}, true},
		{"values only", sqlstore.CopyOptions{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dst, err := sqlstore.Open(ctx, mariadbtest.NewDatabase(t), sqlstore.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			if _, err := sqlstore.CopyStore(ctx, s.db, dst, c.opts); err != nil {
				t.Fatal(err)
			}
			if find(dst, other) {
				t.Errorf("on MariaDB, %q finds the entry", other)
			}
			for _, q := range queries {
				want := c.labels || (q != "اجتماعی" && q != "تأمین")
				if got := find(dst, q); got != want {
					t.Errorf("on MariaDB, %q finds the entry: %v, want %v", q, got, want)
				}
			}
		})
	}
}

// TestStoredSearchTextReadsWhatItCan: a version state or answers that do
// not parse give the text they can, never a panic.
func TestStoredSearchTextReadsWhatItCan(t *testing.T) {
	text := submissions.StoredSearchText()
	for _, c := range []struct{ name, state, stored, want string }{
		{"no state: the value without its label", "", `[{"field":"f1","type":"radio","value":"o1"}]`, "o1 "},
		{"broken state", "{", `[{"field":"f1","type":"radio","value":"o1"}]`, "o1 "},
		{"the label", `{"title":"x","status":"published","document":{"version":"arshline_form@v1","fields":[{"id":"f1","type":"radio","label":"q","options":[{"value":"o1","label":"گزینه"}]}]}}`,
			`[{"field":"f1","type":"radio","value":"o1"}]`, "o1 گزینه "},
		{"broken answers", "", `[{`, ""},
		{"an answer of the wrong shape is left out", "", `[{"field":"f1","type":"number","value":"x"},{"field":"f2","type":"text","value":"y"}]`, "y "},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := text([]byte(c.state), []byte(c.stored)); got != c.want {
				t.Fatalf("%q, want %q", got, c.want)
			}
		})
	}
}
