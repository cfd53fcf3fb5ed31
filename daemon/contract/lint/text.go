package lint

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// ANSI styles of the text format on a terminal.
const (
	styleBold   = "1"
	styleRed    = "31"
	styleGreen  = "32"
	styleYellow = "33"
	styleDim    = "2"
)

// writeText prints one line per violation,
//
//	FILE: step S: RULE (SEVERITY) at PATH: MESSAGE — fix: HINT
//
// then a line per file and a closing summary in the locale.
func writeText(w io.Writer, reports []FileReport, locale string, color bool) error {
	paint := func(style, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + style + "m" + s + "\x1b[0m"
	}
	out := bufio.NewWriter(w)
	fa := locale == "fa_IR"
	num := func(n int) string {
		if fa {
			return domain.PersianNumber(n)
		}
		return strconv.Itoa(n)
	}
	totalErrors, totalWarnings, invalid := 0, 0, 0
	for _, r := range reports {
		errs, warns := 0, 0
		for _, v := range r.Report.Violations {
			sev := string(v.Severity)
			switch v.Severity {
			case contract.SeverityError:
				errs++
				sev = paint(styleRed, sev)
			case contract.SeverityWarning:
				warns++
				sev = paint(styleYellow, sev)
			}
			line := r.File + ":"
			if v.Step != "" {
				line += " step " + v.Step + ":"
			}
			path := v.Path
			if path == "" {
				path = "(document)"
			}
			line += fmt.Sprintf(" %s (%s) at %s: %s", paint(styleBold, v.Rule), sev, path, v.Message)
			if v.Fix != "" {
				line += paint(styleDim, " — fix: "+v.Fix)
			}
			fmt.Fprintln(out, line)
		}
		totalErrors += errs
		totalWarnings += warns
		status := paint(styleGreen, contract.Msg(locale, "valid", "معتبر"))
		if !r.Report.Valid {
			invalid++
			status = paint(styleRed, contract.Msg(locale, "invalid", "نامعتبر"))
		}
		fmt.Fprintf(out, "%s: %s (%s), %s\n", r.File, status, r.Report.Contract, counts(fa, num, errs, warns))
	}
	if fa {
		fmt.Fprintf(out, "%s پرونده، %s نامعتبر، %s\n", num(len(reports)), num(invalid), counts(fa, num, totalErrors, totalWarnings))
	} else {
		fmt.Fprintf(out, "%s, %d invalid, %s\n", plural(len(reports), "file", "files"), invalid, counts(fa, num, totalErrors, totalWarnings))
	}
	return out.Flush()
}

func counts(fa bool, num func(int) string, errs, warns int) string {
	if fa {
		return num(errs) + " خطا، " + num(warns) + " هشدار"
	}
	return plural(errs, "error", "errors") + ", " + plural(warns, "warning", "warnings")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
