package lint

import (
	"bufio"
	"fmt"
	"io"

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
		status := paint(styleGreen, contract.Msg(locale, domain.T("valid")))
		if !r.Report.Valid {
			invalid++
			status = paint(styleRed, contract.Msg(locale, domain.T("invalid")))
		}
		fmt.Fprintf(out, "%s: %s (%s), %s\n", r.File, status, r.Report.Contract, contract.Msg(locale, counts(errs, warns)))
	}
	files := domain.T("%d files", len(reports))
	if len(reports) == 1 {
		files = domain.T("1 file")
	}
	fmt.Fprintln(out, contract.Msg(locale, domain.T("%s, %d invalid, %s", files, invalid, counts(totalErrors, totalWarnings))))
	return out.Flush()
}

// counts says how many errors and warnings, in the message's language.
func counts(errs, warns int) domain.Text {
	e, w := domain.T("%d errors", errs), domain.T("%d warnings", warns)
	if errs == 1 {
		e = domain.T("1 error")
	}
	if warns == 1 {
		w = domain.T("1 warning")
	}
	return domain.T("%s, %s", e, w)
}
