package results

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// writeSheet writes rows with sheetWriter and opens the workbook.
func writeSheet(t testing.TB, rows [][]cell, rtl bool) *excelize.File {
	t.Helper()
	var buf bytes.Buffer
	sw, err := newSheetWriter(&buf, "پاسخ‌ها & <more>", len(rows[0]), rtl)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := sw.writeRow(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.close(); err != nil {
		t.Fatal(err)
	}
	wb, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("excelize cannot open the workbook: %v", err)
	}
	return wb
}

// excelizeSheet writes the same rows with excelize's StreamWriter: the
// reference for what a cell must read back as.
func excelizeSheet(t testing.TB, rows [][]cell) *excelize.File {
	t.Helper()
	wb := excelize.NewFile()
	sw, err := wb.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		values := make([]any, len(r))
		for j, c := range r {
			switch {
			case c.isNum:
				values[j] = c.num
			case c.text != "":
				values[j] = c.text
			}
		}
		name, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(name, values); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := wb.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func assertSameCells(t *testing.T, rows [][]cell) {
	t.Helper()
	ours, ref := writeSheet(t, rows, false), excelizeSheet(t, rows)
	defer ours.Close()
	defer ref.Close()
	got, err := ours.GetRows(ours.GetSheetName(0), excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := ref.GetRows("Sheet1", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows read back, excelize's own %d", len(got), len(want))
	}
	for i := range want {
		if strings.Join(got[i], "\x00") != strings.Join(want[i], "\x00") {
			t.Errorf("row %d reads back %q; written by excelize %q", i+1, got[i], want[i])
		}
		for j := range rows[i] {
			name, _ := excelize.CoordinatesToCellName(j+1, i+1)
			gt, _ := ours.GetCellType(ours.GetSheetName(0), name)
			wt, _ := ref.GetCellType("Sheet1", name)
			if gt != wt {
				t.Errorf("%s has type %v; written by excelize %v", name, gt, wt)
			}
			if f, _ := ours.GetCellFormula(ours.GetSheetName(0), name); f != "" {
				t.Errorf("%s is the formula %q", name, f)
			}
		}
	}
}

// TestSheetWriterReadsBackAsExcelizeWrites: every kind of text and number
// a submission can hold reads back from the workbook as it does from
// excelize's own, with the same cell types and never a formula.
func TestSheetWriterReadsBackAsExcelizeWrites(t *testing.T) {
	long := strings.Repeat("سلام ", 7000) // past a cell's 32,767 characters
	emoji := strings.Repeat("😀", 20000)   // two UTF-16 units each
	texts := []string{"مریم", "plain", "=HYPERLINK(\"http://x\",\"y\")", "+1", "@a", "a & b < c > d", `"quoted" 'single'`,
		" leading", "trailing ", "\tt", "line\nbreak\r\nx", "ctl\x01\x1f", "bad \xff utf8", "\uFFFE\uFFFF", "_x0041_", "_x005F_x0041_", "a_x00", "_xZZZZ_",
		"ی‌ک ZWNJ", long, emoji}
	nums := []float64{0, 1, -2.5, 1234567, 0.1, 0.30000000000000004, 1e20, 123456789012345678, -0.000001, 2.5e-7}
	var rows [][]cell
	header := make([]cell, 4)
	for i := range header {
		header[i] = textCell("ستون " + string(rune('A'+i)))
	}
	rows = append(rows, header)
	for i, text := range texts {
		rows = append(rows, []cell{textCell(text), numCell(nums[i%len(nums)], ""), textCell(""), textCell("x")})
	}
	assertSameCells(t, rows)
}

// FuzzSheetWriter: any text in a cell reads back as excelize's own writing
// of it reads back.
func FuzzSheetWriter(f *testing.F) {
	for _, s := range []string{"مریم", "a & b", "_x0041_", "\x00", " x ", "\xff"} {
		f.Add(s, 1.5)
	}
	f.Fuzz(func(t *testing.T, text string, num float64) {
		if math.IsNaN(num) || math.IsInf(num, 0) {
			return // answers hold finite numbers only
		}
		assertSameCells(t, [][]cell{{textCell("h"), textCell("n")}, {textCell(text), numCell(num, "")}})
	})
}

func TestColumnNames(t *testing.T) {
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA", 16383: "XFD"} {
		if got := columnName(i); got != want {
			t.Errorf("columnName(%d) = %q, want %q", i, got, want)
		}
		if want2, _ := excelize.ColumnNumberToName(i + 1); want2 != want {
			t.Errorf("excelize names column %d %q", i+1, want2)
		}
	}
}

// TestSheetWriterRightToLeftAndName: a Persian export's sheet is right
// to left, and its name (escaped in the workbook) reads back whole.
func TestSheetWriterRightToLeftAndName(t *testing.T) {
	for _, rtl := range []bool{false, true} {
		wb := writeSheet(t, [][]cell{{textCell("a")}}, rtl)
		name := wb.GetSheetName(0)
		if name != "پاسخ‌ها & <more>" {
			t.Errorf("sheet name %q", name)
		}
		view, err := wb.GetSheetView(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := view.RightToLeft != nil && *view.RightToLeft; got != rtl {
			t.Errorf("right to left %v, want %v", got, rtl)
		}
		wb.Close()
	}
}

type failingWriter struct{ after int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.after -= len(p); w.after < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// TestSheetWriterReportsWriteErrors: a file that cannot be written is an
// error from the writer, whether it fails at its first bytes or
// mid-sheet, and an abandoned sheet leaves no goroutine waiting.
func TestSheetWriterReportsWriteErrors(t *testing.T) {
	sw, err := newSheetWriter(&failingWriter{after: 10}, "s", 1, false)
	if err == nil {
		err = sw.writeRow([]cell{textCell("a")})
		if err == nil {
			err = sw.close()
		}
	}
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("a file that fails at once: %v", err)
	}
	sw, err = newSheetWriter(&failingWriter{after: 100_000}, "s", 2, false)
	if err != nil {
		t.Fatal(err)
	}
	// Text that does not compress, so that the file outgrows the writer.
	rnd := rand.New(rand.NewPCG(1, 2))
	var werr error
	for i := 0; i < 3000 && werr == nil; i++ {
		text := make([]byte, 1000)
		for j := range text {
			text[j] = byte('a' + rnd.IntN(26))
		}
		werr = sw.writeRow([]cell{textCell(string(text)), numCell(float64(i), "")})
	}
	if werr == nil {
		werr = sw.close()
	} else {
		sw.abandon()
	}
	if werr == nil || !strings.Contains(werr.Error(), "disk full") {
		t.Errorf("a file that fails mid-sheet: %v", werr)
	}
	sw, err = newSheetWriter(&bytes.Buffer{}, "s", 1, false)
	if err != nil {
		t.Fatal(err)
	}
	sw.abandon()
}
