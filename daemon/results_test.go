package daemon

import (
	"bytes"
	"context"
	"encoding/csv"
	"testing"

	"github.com/xuri/excelize/v2"

	benchfill "github.com/arshline/arshline-sidecar/bench/fill"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// answeredForm writes n submissions (every tenth spam) of the fill form
// into the daemon's own database file, through the write path.
func answeredForm(t *testing.T, cfg *Config, n int) int64 {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), cfg.DB, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	id, err := benchfill.Form(context.Background(), db, benchfill.Options{N: n, Days: 3, SpamEvery: 10, Batch: 100})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// exportOverSocket pages submissions.export to its end.
func exportOverSocket(t *testing.T, c *rpc.Client, params map[string]any) ([]byte, int) {
	t.Helper()
	var out bytes.Buffer
	for pages := 1; ; pages++ {
		var page struct {
			Data        []byte `json:"data"`
			NextCursor  string `json:"next_cursor"`
			Done        bool   `json:"done"`
			Filename    string `json:"filename"`
			ContentType string `json:"content_type"`
		}
		call(t, c, "submissions.export", params, &page)
		if page.Filename == "" || page.ContentType == "" {
			t.Fatalf("page without a name or type: %+v", page)
		}
		out.Write(page.Data)
		if page.Done {
			return out.Bytes(), pages
		}
		params["cursor"] = page.NextCursor
	}
}

// TestResultsOverSocket: results.summary and submissions.export through
// the method table, on a form answered through the write path.
func TestResultsOverSocket(t *testing.T) {
	c, cfg := startDaemon(t)
	form := answeredForm(t, cfg, 300)
	var sum struct {
		Total  int64 `json:"total"`
		Fields []struct {
			ID        string `json:"id"`
			Answered  int64  `json:"answered"`
			Histogram []struct{ Value, Count int64 }
		} `json:"fields"`
	}
	call(t, c, "results.summary", map[string]any{"form_id": form}, &sum)
	if sum.Total != 270 || len(sum.Fields) != 10 || sum.Fields[0].ID != "name" || sum.Fields[0].Answered != 270 {
		t.Fatalf("summary: %+v", sum)
	}
	var rated int64
	for _, f := range sum.Fields {
		if f.ID == "rating" {
			for _, b := range f.Histogram {
				rated += b.Count
			}
		}
	}
	if rated != 270 {
		t.Errorf("the rating histogram counts %d", rated)
	}

	b, _ := exportOverSocket(t, c, map[string]any{"form_id": form, "format": "csv"})
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\ufeff")))).ReadAll()
	if err != nil || len(recs) != 271 || len(recs[0]) != 6+10+1 {
		t.Fatalf("csv: %v, %d records", err, len(recs))
	}
	b, pages := exportOverSocket(t, c, map[string]any{"form_id": form, "format": "xlsx"})
	wb, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("xlsx of %d pages: %v", pages, err)
	}
	rows, err := wb.GetRows(wb.GetSheetName(0))
	if err != nil || len(rows) != 271 {
		t.Errorf("xlsx: %v, %d rows", err, len(rows))
	}
	wb.Close()

	site2 := map[string]any{"user_id": 9, "caps": []string{domain.CapManageForms}, "site_id": 2}
	for _, tc := range []struct {
		method string
		params map[string]any
		want   domain.Code
	}{
		{"submissions.export", map[string]any{"form_id": form, "format": "ods"}, domain.CodeInvalidParams},
		{"submissions.export", map[string]any{"form_id": form, "format": "csv", "cursor": "x"}, domain.CodeInvalidParams},
		{"submissions.export", map[string]any{"form_id": form + 1, "format": "csv"}, domain.CodeNotFound},
		{"results.summary", map[string]any{"form_id": form + 1}, domain.CodeNotFound},
		{"results.summary", map[string]any{"form_id": form, "from": "دیروز"}, domain.CodeInvalidParams},
		{"results.summary", map[string]any{"form_id": form, "actor": map[string]any{"user_id": 9, "caps": []string{"read"}}}, domain.CodeForbidden},
		{"submissions.export", map[string]any{"form_id": form, "format": "csv", "actor": map[string]any{"user_id": 9, "caps": []string{"read"}}}, domain.CodeForbidden},
		// Another site's administrator does not see the form at all.
		{"results.summary", map[string]any{"form_id": form, "actor": site2}, domain.CodeNotFound},
		{"submissions.export", map[string]any{"form_id": form, "format": "csv", "actor": site2}, domain.CodeNotFound},
		{"submissions.export", map[string]any{"form_id": form, "format": "xlsx", "actor": site2}, domain.CodeNotFound},
	} {
		if code := callErr(t, c, tc.method, tc.params); code != tc.want {
			t.Errorf("%s %v: %s, want %s", tc.method, tc.params, code, tc.want)
		}
	}
}
