package results_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/results"
)

// soffice finds LibreOffice, which the spreadsheet tests open exports
// in. Under CI (CI=true; .ci/run installs Debian's
// libreoffice-calc-nogui) a missing one fails the test: a skipped test
// must not pass for a checked one.
func soffice(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("soffice")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("soffice (Debian's libreoffice-calc-nogui) is not installed, and CI needs this test run")
		}
		t.Skip("soffice not installed (apt-get install libreoffice-calc-nogui); CI runs this test")
	}
	return path
}

// openInCalc imports csvPath into LibreOffice Calc splitting fields on
// sep (with formulas evaluated, the import's worst case) and returns the
// sheet as flat ODS XML.
func openInCalc(t *testing.T, bin, csvPath string, sep rune) string {
	t.Helper()
	dir := t.TempDir()
	// Token 1: the separator's code; 2: the quote ("); 3: UTF-8 (76); 4:
	// first line 1; 5: no column formats; 6: language; 7: quoted fields
	// not forced to text; 8: detect special numbers; 13: evaluate
	// formulas.
	filter := "CSV:" + itoa(int(sep)) + ",34,76,1,,1033,false,true,false,false,false,-1,true"
	cmd := exec.Command(bin, "--headless", "--norestore", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--infilter="+filter, "--convert-to", "fods", "--outdir", dir, csvPath)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(csvPath), ".csv")+".fods"))
	if err != nil {
		t.Fatalf("soffice wrote no sheet: %v\n%s", err, out)
	}
	return string(b)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestExportOpensInASpreadsheetWithoutFormulas: an export opened in
// LibreOffice Calc, split on a comma, a semicolon, the Arabic semicolon
// or a tab (a spreadsheet's locale picks one), holds no formula whatever
// the respondents typed, and a code with leading zeros stays the text it
// was.
func TestExportOpensInASpreadsheetWithoutFormulas(t *testing.T) {
	bin := soffice(t)
	f := newFixture(t)
	v := f.newForm(
		map[string]any{"id": "f1", "type": "text", "label": "متن"},
		map[string]any{"id": "f2", "type": "text", "label": "کد ملی", "format": "national_code"},
	)
	payloads := []string{
		"x;=2+3;", "x,=2+3,", "x؛=2+3؛", "x\t=2+3", "a; -1+1", "b;@SUM(1,2)", `c;"=1+1"`, "d; +4+4", "e,=HYPERLINK(\"http://evil.example\")",
		`f";=5+5`, "g ;=6+6", "=7+7", " =8+8", "h؛ =9+9",
	}
	for _, p := range payloads {
		f.submit(v, domain.SubmissionNew, map[string]any{"f1": p, "f2": "0084575948"})
	}
	f.onDay("2026-01-10")
	for _, locale := range []string{"fa_IR"} {
		b, _ := exportAll(t, f.svc, ctxSite(1, locale), results.ExportParams{FormID: f.form, Format: "csv"})
		path := filepath.Join(t.TempDir(), "export-"+locale+".csv")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, sep := range []rune{',', ';', '؛', '\t'} {
			t.Run(locale+" split on "+strings.ReplaceAll(string(sep), "\t", "tab"), func(t *testing.T) {
				sheet := openInCalc(t, bin, path, sep)
				if !strings.Contains(sheet, "<table:table-cell") {
					t.Fatalf("LibreOffice read no cells:\n%.2000s", sheet)
				}
				if m := regexp.MustCompile(`table:formula="[^"]*"`).FindAllString(sheet, -1); len(m) > 0 {
					t.Fatalf("%d cells became formulas: %q", len(m), m)
				}
				if sep == ',' {
					if n := strings.Count(sheet, "0084575948"); n != len(payloads) {
						t.Errorf("the code 0084575948 is kept %d times of %d", n, len(payloads))
					}
				}
			})
		}
	}
	_ = context.Background
}
