package results

import (
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
	"github.com/arshline/arshline-sidecar/daemon/jalali"
)

// iranTime is Iran Standard Time, UTC+03:30 all year since 2022: the
// zone of the days results count by (domain.IranDay) and of the Jalali
// times exports write.
var iranTime = time.FixedZone("IRST", 3*3600+1800)

// parseDay reads a from/to bound as the Iran-time day (Gregorian
// YYYY-MM-DD) it names: a Gregorian date (2026-11-23), a Jalali one
// (1405-09-02 or ۱۴۰۵/۰۹/۰۲; years before 1700 are Jalali), or an RFC 3339
// time, taken as the day it falls on in Iran. "" is no bound.
func parseDay(name, s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return domain.IranDay(t), nil
	}
	latin := iranformat.Digits(s)
	if t, err := time.Parse("2006-01-02", strings.ReplaceAll(latin, "/", "-")); err == nil && t.Year() >= 1700 {
		return t.Format("2006-01-02"), nil
	}
	if d, err := jalali.Parse(latin); err == nil && d.Year < 1700 {
		y, m, dd := d.Gregorian()
		return time.Date(y, m, dd, 0, 0, 0, 0, time.UTC).Format("2006-01-02"), nil
	}
	return "", domain.InvalidParams("%s must be a date (2026-11-23, 1405-09-02) or an RFC 3339 time", name).With("param", name)
}

// DayBounds reads from and to (a Gregorian or Jalali date in any
// script's digits, or an RFC 3339 time) as Iran-time days, and refuses a
// range that ends before it starts: the date filters of results.summary,
// submissions.export and submissions.list.
func DayBounds(from, to string) (fromDay, toDay string, err error) {
	if fromDay, err = parseDay("from", from); err != nil {
		return "", "", err
	}
	if toDay, err = parseDay("to", to); err != nil {
		return "", "", err
	}
	if fromDay != "" && toDay != "" && toDay < fromDay {
		return "", "", domain.InvalidParams("to is before from").With("param", "to")
	}
	return fromDay, toDay, nil
}
