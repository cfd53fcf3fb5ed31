package daemon

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/internal/filltest"
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
	id, err := filltest.Form(context.Background(), db, filltest.Options{N: n, Days: 3, SpamEvery: 10})
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

// TestExportNamesFilesWithALink: a file answer's cell in CSV and XLSX
// holds the name the respondent's file had and the link the plugin gave
// for opening it (its upload id, form and submission filled in), not an
// upload id alone. The entry itself holds the file once: described, and
// with no "typed" copy of the bare reference the respondent sent.
func TestExportNamesFilesWithALink(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0")
	id, token := publishForm(t, c, map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "file", "label": "پیوست"}}})
	ft := freshToken(t, c, token)
	var up struct {
		UploadID string `json:"upload_id"`
	}
	call(t, c, "submissions.upload", map[string]any{"token": token, "form_token": ft, "field": "f1", "name": "گزارش نهایی.txt",
		"size": 5, "offset": 0, "data": "aGVsbG8=", "final": true, "client": map[string]any{"ip_hash": "a"}}, &up)
	var r receipt
	call(t, c, "submissions.submit", map[string]any{"token": token, "form_token": ft, "answers": map[string]any{"f1": []any{map[string]any{"upload_id": up.UploadID}}},
		"client": map[string]any{"ip_hash": "a"}}, &r)
	t.Run("the entry holds the file once, described, with no typed copy", func(t *testing.T) {
		var entry struct {
			Answers json.RawMessage `json:"answers"`
		}
		call(t, c, "submissions.get", map[string]any{"form_id": id, "id": r.SubmissionID}, &entry)
		var stored []struct {
			Field string           `json:"field"`
			Value []answers.Upload `json:"value"`
			Typed json.RawMessage  `json:"typed"`
		}
		if err := json.Unmarshal(entry.Answers, &stored); err != nil {
			t.Fatal(err)
		}
		want := answers.Upload{UploadID: up.UploadID, Name: "گزارش نهایی.txt", Size: 5, MIME: "text/plain"}
		if len(stored) != 1 || len(stored[0].Value) != 1 || stored[0].Value[0] != want || stored[0].Typed != nil {
			t.Fatalf("stored %s, want the one file %+v and no typed", entry.Answers, want)
		}
	})
	link := "https://example.com/wp-json/arshline/v1/forms/{form_id}/submissions/{submission_id}/files/{upload_id}"
	want := fmt.Sprintf("گزارش نهایی.txt — https://example.com/wp-json/arshline/v1/forms/%d/submissions/%d/files/%s", id, r.SubmissionID, up.UploadID)
	t.Run("csv", func(t *testing.T) {
		b, _ := exportOverSocket(t, c, map[string]any{"form_id": id, "format": "csv", "file_link": link})
		if !strings.Contains(string(b), want) {
			t.Fatalf("the CSV lacks %q:\n%s", want, b)
		}
	})
	t.Run("xlsx", func(t *testing.T) {
		b, _ := exportOverSocket(t, c, map[string]any{"form_id": id, "format": "xlsx", "file_link": link})
		wb, err := excelize.OpenReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer wb.Close()
		rows, err := wb.GetRows(wb.GetSheetName(0))
		if err != nil || len(rows) != 2 || rows[1][len(rows[1])-1] != want {
			t.Fatalf("rows %q (%v), want the last cell %q", rows, err, want)
		}
	})
	t.Run("without a link", func(t *testing.T) {
		b, _ := exportOverSocket(t, c, map[string]any{"form_id": id, "format": "csv"})
		if !strings.Contains(string(b), "گزارش نهایی.txt ["+up.UploadID+"]") {
			t.Fatalf("the CSV lacks the file's name:\n%s", b)
		}
	})
	t.Run("a link that is not https or lacks the upload id", func(t *testing.T) {
		for _, bad := range []string{"javascript:alert(1)//{upload_id}", "https://example.com/files/"} {
			if code := callErr(t, c, "submissions.export", map[string]any{"form_id": id, "format": "csv", "file_link": bad}); code != domain.CodeInvalidParams {
				t.Errorf("file_link %q: %v", bad, code)
			}
		}
	})
}
