package results_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/results"
	"github.com/arshline/arshline-sidecar/internal/filltest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// exportAll pages an export to its end and returns the file and how many
// pages it took.
func exportAll(t *testing.T, svc *results.Service, ctx context.Context, p results.ExportParams) ([]byte, int) {
	t.Helper()
	var out bytes.Buffer
	for pages := 1; ; pages++ {
		page, err := svc.Export(ctx, p)
		if err != nil {
			t.Fatalf("page %d: %v", pages, err)
		}
		out.Write(page.Data)
		if page.Done {
			if page.NextCursor != "" {
				t.Error("the last page has a cursor")
			}
			return out.Bytes(), pages
		}
		if page.NextCursor == "" || pages > 10000 {
			t.Fatalf("page %d: no cursor, not done", pages)
		}
		p.Cursor = page.NextCursor
	}
}

func readCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		t.Fatalf("no UTF-8 byte order mark: %q", b[:min(len(b), 10)])
	}
	recs, err := csv.NewReader(bytes.NewReader(b[3:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// column returns the values of the column headed name, row by row.
func column(t *testing.T, recs [][]string, name string) []string {
	t.Helper()
	for i, h := range recs[0] {
		if h == name {
			var out []string
			for _, r := range recs[1:] {
				out = append(out, r[i])
			}
			return out
		}
	}
	t.Fatalf("no column %q in %q", name, recs[0])
	return nil
}

// TestExportCSV: the header, one row per submission but spam, answers by
// the labels of the version each answered, both calendars for a Jalali
// date, and every formula-looking text neutralised.
func TestExportCSV(t *testing.T) {
	s := newSample(t)
	b, _ := exportAll(t, s.svc, ctxSite(1, "fa_IR"), results.ExportParams{FormID: s.form, Format: "csv"})
	recs := readCSV(t, b)
	wantHeader := []string{"کد رهگیری", "شناسه", "وضعیت", "زمان ثبت (ISO)", "زمان ثبت (شمسی)", "نسخه",
		"بیمه", "علاقه‌ها", "رضایت", "سن", "تاریخ مراجعه", "تاریخ مراجعه (میلادی)", "نظر", "کیفیت", "قدیمی ۲"}
	if !reflect.DeepEqual(recs[0], wantHeader) {
		t.Fatalf("header\n%q\nwant\n%q", recs[0], wantHeader)
	}
	if len(recs) != 6 {
		t.Fatalf("%d rows, want 5 and the header", len(recs)-1)
	}
	checks := map[string][]string{
		"وضعیت":                 {"جدید", "خوانده‌شده", "ستاره‌دار", "جدید", "جدید"},
		"زمان ثبت (ISO)":        {"2026-01-10T08:00:00Z", "2026-01-10T08:00:00Z", "2026-01-12T08:00:00Z", "2026-01-12T08:00:00Z", "2026-01-15T08:00:00Z"},
		"زمان ثبت (شمسی)":       {"1404/10/20 11:30:00", "1404/10/20 11:30:00", "1404/10/22 11:30:00", "1404/10/22 11:30:00", "1404/10/25 11:30:00"},
		"نسخه":                  {"1", "1", "2", "2", "3"},
		"بیمه":                  {"تأمین اجتماعی", "آزاد", "آزاد (خصوصی)", "تأمین اجتماعی", "تأمین اجتماعی"},
		"علاقه‌ها":              {"ورزش، کتاب", "کتاب", "ورزش", "ورزش، سفر", ""},
		"رضایت":                 {"4", "5", "7", "2", "3"},
		"سن":                    {"30", "20", "40", "25", "36.5"},
		"تاریخ مراجعه":          {"1404-10-20", "1404-10-25", "1404-11-01", "", ""},
		"تاریخ مراجعه (میلادی)": {"2026-01-10", "2026-01-15", "2026-01-21", "", ""},
		"نظر":                   {"خوب بود", `'=HYPERLINK("http://evil.example","x")`, "'+98 cmd", "'-2+3", "'@SUM(1)"},
		"کیفیت":                 {"غذا: خوب؛ خدمات: بد", "غذا: خوب", "", "", ""},
		"قدیمی ۲":               {"x1", "x2", "x4", "", ""},
	}
	for name, want := range checks {
		if got := column(t, recs, name); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	ids := column(t, recs, "شناسه")
	if ids[0] != "1" || ids[4] != "6" {
		t.Errorf("ids %q", ids)
	}
	for _, code := range column(t, recs, "کد رهگیری") {
		// A code with a leading zero carries the word joiner that keeps
		// a spreadsheet from reading it as a number.
		if code = strings.TrimPrefix(code, "\u2060"); len(code) != 10 {
			t.Errorf("tracking code %q", code)
		}
	}
	// English headers for an English-speaking admin.
	b, _ = exportAll(t, s.svc, ctxSite(1, "en_US"), results.ExportParams{FormID: s.form, Format: "csv"})
	if h := readCSV(t, b)[0]; h[0] != "tracking_code" || h[4] != "created_at_jalali" || h[11] != "تاریخ مراجعه (Gregorian)" {
		t.Errorf("English header %q", h)
	}
	t.Run("statuses in English", func(t *testing.T) {
		if got, want := column(t, readCSV(t, b), "status"), []string{"New", "Read", "Starred", "New", "New"}; !reflect.DeepEqual(got, want) {
			t.Errorf("status %q, want %q", got, want)
		}
	})
}

// TestExportCSVPages: pages of a few hundred bytes, joined, are the file
// one page makes; filters hold across pages.
func TestExportCSVPages(t *testing.T) {
	s := newSample(t)
	ctx := ctxSite(1, "fa_IR")
	one, pages := exportAll(t, s.svc, ctx, results.ExportParams{FormID: s.form, Format: "csv"})
	if pages != 1 {
		t.Fatalf("%d pages for a small form", pages)
	}
	results.SetPageBytes(s.svc, 100)
	joined, pages := exportAll(t, s.svc, ctx, results.ExportParams{FormID: s.form, Format: "csv"})
	if pages < 5 || !bytes.Equal(joined, one) {
		t.Errorf("%d pages joined differ from one:\n%s\n---\n%s", pages, joined, one)
	}
	for _, tc := range []struct {
		p     results.ExportParams
		count int
	}{
		{results.ExportParams{Status: "spam"}, 1},
		{results.ExportParams{Status: "new"}, 3},
		{results.ExportParams{From: "2026-01-12"}, 3},
		{results.ExportParams{From: "1404-10-20", To: "2026-01-12"}, 4},
		{results.ExportParams{To: "2026-01-09"}, 0},
		{results.ExportParams{Status: "new", From: "2026-01-11", To: "2026-01-12"}, 1},
	} {
		tc.p.FormID, tc.p.Format = s.form, "csv"
		b, _ := exportAll(t, s.svc, ctx, tc.p)
		if n := len(readCSV(t, b)) - 1; n != tc.count {
			t.Errorf("%+v: %d rows, want %d", tc.p, n, tc.count)
		}
	}
}

// TestExportXLSX: the workbook opens, holds the same cells as the CSV
// (numbers as numbers, formula-looking text as text, never a formula),
// and its file is gone once served.
func TestExportXLSX(t *testing.T) {
	s := newSample(t)
	ctx := ctxSite(1, "fa_IR")
	results.SetPageBytes(s.svc, 1000)
	b, pages := exportAll(t, s.svc, ctx, results.ExportParams{FormID: s.form, Format: "xlsx"})
	if pages < 3 {
		t.Errorf("%d pages of 1000 bytes for %d bytes", pages, len(b))
	}
	wb, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	sheet := wb.GetSheetName(0)
	rows, err := wb.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	csvBytes, _ := exportAll(t, s.svc, ctx, results.ExportParams{FormID: s.form, Format: "csv"})
	recs := readCSV(t, csvBytes)
	if len(rows) != len(recs) || !reflect.DeepEqual(rows[0], recs[0]) {
		t.Fatalf("xlsx rows %d (header %q), csv %d", len(rows), rows[0], len(recs))
	}
	for i := 1; i < len(rows); i++ {
		for j, v := range rows[i] {
			// The CSV's apostrophe before a formula, and its word joiner
			// before a code a spreadsheet would read as a number, are
			// not needed where cells have types.
			if want := strings.TrimPrefix(strings.TrimPrefix(recs[i][j], "'"), "\u2060"); v != want {
				t.Errorf("row %d col %d: %q, csv %q", i, j, v, recs[i][j])
			}
		}
	}
	// Row 3 (the second submission): its text is "=HYPERLINK(...)".
	if f, _ := wb.GetCellFormula(sheet, "M3"); f != "" {
		t.Errorf("a text became the formula %q", f)
	}
	if v, _ := wb.GetCellValue(sheet, "M3"); !strings.HasPrefix(v, "=HYPERLINK") {
		t.Errorf("M3 = %q", v)
	}
	if typ, _ := wb.GetCellType(sheet, "J2"); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
		t.Errorf("a number cell has type %v", typ)
	}
	if view, err := wb.GetSheetView(sheet, 0); err != nil || view.RightToLeft == nil || !*view.RightToLeft {
		t.Errorf("a Persian sheet is not right to left: %+v %v", view, err)
	}
	left, _ := os.ReadDir(s.dir + "/exports")
	if len(left) != 0 {
		t.Errorf("files left behind: %v", left)
	}
}

// TestExportRefusals: a bad format, status or cursor is INVALID_PARAMS,
// and so is a cursor of another form or another filter; another site's
// form is NOT_FOUND on the first page and on every later one.
func TestExportRefusals(t *testing.T) {
	s := newSample(t)
	ctx := ctxSite(1, "fa_IR")
	other := s.newForm(sampleFields(1)...) // s.form is now the second form
	second := s.form
	s.submit(other, domain.SubmissionNew, map[string]any{"f1": "o1"})
	first := second - 1
	results.SetPageBytes(s.svc, 100)
	page, err := s.svc.Export(ctx, results.ExportParams{FormID: first, Format: "csv"})
	if err != nil || page.Done {
		t.Fatalf("first page: %+v %v", page, err)
	}
	cur := page.NextCursor
	for _, tc := range []struct {
		ctx  context.Context
		p    results.ExportParams
		want domain.Code
	}{
		{ctx, results.ExportParams{FormID: first, Format: "pdf"}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: first}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: first, Format: "csv", Status: "deleted"}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: first, Format: "csv", From: "soon"}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{Format: "csv"}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: first, Format: "csv", Cursor: "not-a-cursor!"}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: second, Format: "csv", Cursor: cur}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: first, Format: "xlsx", Cursor: cur}, domain.CodeInvalidParams},
		{ctx, results.ExportParams{FormID: first, Format: "csv", Cursor: cur, Status: "spam"}, domain.CodeInvalidParams},
		{ctxSite(2, "fa_IR"), results.ExportParams{FormID: first, Format: "csv"}, domain.CodeNotFound},
		{ctxSite(2, "fa_IR"), results.ExportParams{FormID: first, Format: "csv", Cursor: cur}, domain.CodeNotFound},
		{ctxSite(2, "fa_IR"), results.ExportParams{FormID: first, Format: "xlsx"}, domain.CodeNotFound},
		{ctx, results.ExportParams{FormID: second + 1, Format: "csv"}, domain.CodeNotFound},
	} {
		_, err := s.svc.Export(tc.ctx, tc.p)
		if code := domain.ErrorCode(err); code != tc.want {
			t.Errorf("%+v: %v, want %s", tc.p, err, tc.want)
		}
		if de := domain.AsError(err); messages.Render("fa_IR", de.Text()) == "" {
			t.Errorf("%+v: no Persian message", tc.p)
		}
	}
	// The cursor still works for its own form.
	if _, err := s.svc.Export(ctx, results.ExportParams{FormID: first, Format: "csv", Cursor: cur}); err != nil {
		t.Error(err)
	}
	// An XLSX export begun by site 1 cannot be read on by another site.
	page, err = s.svc.Export(ctx, results.ExportParams{FormID: first, Format: "xlsx"})
	if err != nil {
		t.Fatal(err)
	}
	if page.Done {
		t.Fatal("a 100-byte page holds the whole workbook")
	}
	if _, err := s.svc.Export(ctxSite(2, "fa_IR"), results.ExportParams{FormID: first, Format: "xlsx", Cursor: page.NextCursor}); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("another site's xlsx cursor: %v", err)
	}
}

// TestExportXLSXLimitsAndCleanup: exports begun and never finished are
// bounded (UNAVAILABLE past them, never an error of another kind), and
// Close stops them and leaves no file behind; their cursors then lead
// nowhere.
func TestExportXLSXLimitsAndCleanup(t *testing.T) {
	s := newSample(t)
	ctx := ctxSite(1, "fa_IR")
	results.SetPageBytes(s.svc, 10)
	var cursors []string
	for i := 0; ; i++ {
		page, err := s.svc.Export(ctx, results.ExportParams{FormID: s.form, Format: "xlsx"})
		if domain.ErrorCode(err) == domain.CodeUnavailable {
			if i < 2 || messages.Render("fa_IR", domain.AsError(err).Text()) == "" {
				t.Fatalf("refused after %d exports: %v", i, err)
			}
			break
		}
		if err != nil || page.Done {
			t.Fatalf("export %d: %+v %v", i, page, err)
		}
		if i > 20 {
			t.Fatal("unfinished exports are not bounded")
		}
		cursors = append(cursors, page.NextCursor)
	}
	s.svc.Close()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		left, _ := os.ReadDir(filepath.Join(s.dir, "exports"))
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("files left after Close: %v", left)
		}
	}
	if _, err := s.svc.Export(ctx, results.ExportParams{FormID: s.form, Format: "xlsx", Cursor: cursors[0]}); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("a cursor of a closed export: %v", err)
	}
}

// TestExportCSVPagesOfAFilledForm: a form of 5,000 submissions (more
// than one read of the store, many batches handed from the reader to
// the writer) exported in one page, in pages of the daemon's size and
// in pages of a few rows is the same file, every kept submission once
// and in id order, whether rendered values are kept from row to row or
// not; a cancelled export fails rather than ending early.
func TestExportCSVPagesOfAFilledForm(t *testing.T) {
	const n = 5000
	dir := t.TempDir()
	db, err := sqlstore.Open(context.Background(), filepath.Join(dir, "f.db"), sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	form, err := filltest.Form(context.Background(), db, filltest.Options{N: n, Days: 3, SpamEvery: 9, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	svc := results.New(db, filepath.Join(dir, "exports"))
	defer svc.Close()
	ctx := ctxSite(1, "fa_IR")
	p := results.ExportParams{FormID: form, Format: "csv"}
	results.SetPageBytes(svc, 1<<30)
	one, pages := exportAll(t, svc, ctx, p)
	if pages != 1 {
		t.Fatalf("%d pages of 1 GiB", pages)
	}
	recs := readCSV(t, one)
	if len(recs) != n-n/9+1 {
		t.Fatalf("%d rows, want %d", len(recs)-1, n-n/9)
	}
	last := int64(0)
	for _, id := range column(t, recs, "شناسه") {
		v, err := strconv.ParseInt(id, 10, 64)
		if err != nil || v <= last {
			t.Fatalf("id %q after %d", id, last)
		}
		last = v
	}
	for _, size := range []int{512 << 10, 100 << 10, 3000} {
		results.SetPageBytes(svc, size)
		joined, pages := exportAll(t, svc, ctx, p)
		if !bytes.Equal(joined, one) || pages < len(one)/size {
			t.Fatalf("pages of %d bytes: %d pages, %d bytes joined, one page %d, equal %v", size, pages, len(joined), len(one), bytes.Equal(joined, one))
		}
	}
	// Without the rendered values kept from row to row, the same file.
	defer results.SetMaxMemo(results.SetMaxMemo(0))
	results.SetPageBytes(svc, 512<<10)
	if fresh, _ := exportAll(t, svc, ctx, p); !bytes.Equal(fresh, one) {
		t.Fatal("rendering every value afresh made another file")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if page, err := svc.Export(cancelled, p); err == nil {
		t.Fatalf("a cancelled export gave a page of %d bytes", len(page.Data))
	}
}
