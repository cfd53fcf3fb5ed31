package jalali

import (
	"errors"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// FuzzParse: no input panics; every error is one of the four kinds; a
// parsed date is valid, formats back to text Parse reads as the same date
// in every notation, and goes to the Gregorian calendar and back unchanged.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"1403/12/30", "۱۴۰۳/۱۲/۳۰", "١٤٠٣/١٢/٣٠", "1403-12-30", "1404/1/5", "30/12/1403",
		"14031230", "1404/12/30", "0000/00/00", "9999/12/29", "1403..12", "\u200f۱۴۰۳/۱۲/۳۰", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrNotADate) && !errors.Is(err, ErrYear) && !errors.Is(err, ErrMonth) && !errors.Is(err, ErrDay) {
				t.Fatalf("Parse(%q): error of no known kind: %v", s, err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Input != s || messages.Render("fa_IR", e.Text()) == "" || e.Text().String() == "" {
				t.Fatalf("Parse(%q): %v carries no input or messages", s, err)
			}
			return
		}
		if !d.Valid() {
			t.Fatalf("Parse(%q) = %v, not a valid date", s, d)
		}
		for _, text := range []string{d.String(), d.ISO(), d.Persian()} {
			back, err := Parse(text)
			if err != nil || back != d {
				t.Fatalf("Parse(%q) = %v, %v; want %v (from %q)", text, back, err, d, s)
			}
		}
		y, m, dd := d.Gregorian()
		if back := FromGregorian(y, m, dd); back != d {
			t.Fatalf("%v → %d-%d-%d → %v", d, y, m, dd, back)
		}
		if back := FromTime(d.Time(time.UTC)); back != d {
			t.Fatalf("%v → time → %v", d, back)
		}
		if back := FromDayNumber(d.DayNumber()); back != d {
			t.Fatalf("%v → day number → %v", d, back)
		}
	})
}

// FuzzDayNumber: every day number in the years Parse accepts converts to
// a valid date and back.
func FuzzDayNumber(f *testing.F) {
	f.Add(0)
	f.Add(20167)
	f.Add(-492268)
	f.Fuzz(func(t *testing.T, n int) {
		lo, hi := yearStart(MinYear), yearStart(MaxYear+1)-1
		if n < lo || n > hi {
			n = lo + mod(n, hi-lo+1)
		}
		d := FromDayNumber(n)
		if !d.Valid() || d.DayNumber() != n {
			t.Fatalf("day %d → %v (valid %v) → %d", n, d, d.Valid(), d.DayNumber())
		}
		if back, err := Parse(d.String()); err != nil || back != d {
			t.Fatalf("Parse(%q) = %v, %v", d.String(), back, err)
		}
	})
}
