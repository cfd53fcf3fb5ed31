package jalali

import (
	"errors"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/messages"
)

func TestKnownDays(t *testing.T) {
	tests := []struct {
		gregorian string
		jalali    Date
		weekday   time.Weekday
	}{
		{"2025-03-20", Date{1403, Esfand, 30}, time.Thursday},
		{"2025-03-21", Date{1404, Farvardin, 1}, time.Friday},
		{"2026-03-20", Date{1404, Esfand, 29}, time.Friday},
		{"2026-03-21", Date{1405, Farvardin, 1}, time.Saturday},
		{"1979-02-11", Date{1357, Bahman, 22}, time.Sunday},
		{"1970-01-01", Date{1348, Dey, 11}, time.Thursday},
		{"2000-01-01", Date{1378, Dey, 11}, time.Saturday},
		{"2024-02-29", Date{1402, Esfand, 10}, time.Thursday},
		{"0622-03-21", Date{1, Farvardin, 1}, time.Thursday}, // ICU's epoch, proleptic Gregorian
	}
	for _, tt := range tests {
		g, err := time.Parse(time.DateOnly, tt.gregorian)
		if err != nil {
			t.Fatal(err)
		}
		if got := FromTime(g); got != tt.jalali {
			t.Errorf("FromTime(%s) = %v, want %v", tt.gregorian, got, tt.jalali)
		}
		if got := tt.jalali.Time(time.UTC); !got.Equal(g) {
			t.Errorf("%v.Time = %s, want %s", tt.jalali, got.Format(time.DateOnly), tt.gregorian)
		}
		y, m, d := tt.jalali.Gregorian()
		if got := time.Date(y, m, d, 0, 0, 0, 0, time.UTC); !got.Equal(g) {
			t.Errorf("%v.Gregorian() = %d-%d-%d, want %s", tt.jalali, y, m, d, tt.gregorian)
		}
		if got := tt.jalali.Weekday(); got != tt.weekday {
			t.Errorf("%v.Weekday() = %v, want %v", tt.jalali, got, tt.weekday)
		}
		if got, want := tt.jalali.DayNumber(), int(g.Unix()/86400); g.Year() >= 1970 && got != want {
			t.Errorf("%v.DayNumber() = %d, want %d", tt.jalali, got, want)
		}
	}
}

// TestFromTimeUsesTheLocationsDay: five past midnight in Tehran on
// 1 Farvardin is still 20 March in UTC; the respondent's day is the one
// their clock shows.
func TestFromTimeUsesTheLocationsDay(t *testing.T) {
	tehran := time.FixedZone("IRST", 3*3600+1800)
	at := time.Date(2025, 3, 21, 0, 5, 0, 0, tehran)
	if got := FromTime(at); got != (Date{1404, Farvardin, 1}) {
		t.Errorf("FromTime(Tehran) = %v", got)
	}
	if got := FromTime(at.UTC()); got != (Date{1403, Esfand, 30}) {
		t.Errorf("FromTime(UTC) = %v", got)
	}
	if got := (Date{1404, Farvardin, 1}).Time(tehran); !got.Equal(time.Date(2025, 3, 21, 0, 0, 0, 0, tehran)) {
		t.Errorf("Time(Tehran) = %v", got)
	}
}

// TestGregorianDayNumbers holds the hand-written Gregorian arithmetic to
// the time package for every day of 1600–2400.
func TestGregorianDayNumbers(t *testing.T) {
	start := time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC)
	for d := start; d.Year() < 2400; d = d.AddDate(0, 0, 1) {
		want := int(d.Unix() / 86400) // exact: d is a UTC midnight
		if got := gregorianDayNumber(d.Year(), int(d.Month()), d.Day()); got != want {
			t.Fatalf("gregorianDayNumber(%s) = %d, want %d", d.Format(time.DateOnly), got, want)
		}
		y, m, dd := gregorianFromDayNumber(want)
		if y != d.Year() || m != int(d.Month()) || dd != d.Day() {
			t.Fatalf("gregorianFromDayNumber(%d) = %d-%d-%d, want %s", want, y, m, dd, d.Format(time.DateOnly))
		}
	}
}

func TestLeapAndMonthLengths(t *testing.T) {
	for _, y := range []int{1399, 1403, 1408, 1412} {
		if !IsLeap(y) {
			t.Errorf("IsLeap(%d) = false", y)
		}
	}
	for _, y := range []int{1400, 1401, 1402, 1404, 1405} {
		if IsLeap(y) {
			t.Errorf("IsLeap(%d) = true", y)
		}
	}
	if !Valid(1403, Esfand, 30) || Valid(1404, Esfand, 30) {
		t.Error("1403/12/30 is a day and 1404/12/30 is not")
	}
	for _, c := range []struct {
		m    Month
		want int
	}{{Farvardin, 31}, {Shahrivar, 31}, {Mehr, 30}, {Bahman, 30}, {Esfand, 29}, {0, 0}, {13, 0}} {
		if got := DaysInMonth(1404, c.m); got != c.want {
			t.Errorf("DaysInMonth(1404, %v) = %d, want %d", c.m, got, c.want)
		}
	}
	if DaysInYear(1403) != 366 || DaysInYear(1404) != 365 {
		t.Error("DaysInYear")
	}
	for _, bad := range []Date{{1404, 0, 1}, {1404, 13, 1}, {1404, 1, 0}, {1404, 1, 32}, {1404, 7, 31}} {
		if bad.Valid() {
			t.Errorf("%v.Valid() = true", bad)
		}
	}
}

func TestNew(t *testing.T) {
	if d, err := New(1403, Esfand, 30); err != nil || d != (Date{1403, Esfand, 30}) {
		t.Errorf("New(1403/12/30) = %v, %v", d, err)
	}
	for _, c := range []struct {
		y, m, d int
		want    error
	}{{1404, 12, 30, ErrDay}, {1404, 13, 1, ErrMonth}, {1404, 0, 1, ErrMonth}, {1404, 1, 0, ErrDay}, {0, 1, 1, ErrYear}, {10000, 1, 1, ErrYear}} {
		if _, err := New(c.y, Month(c.m), c.d); !errors.Is(err, c.want) {
			t.Errorf("New(%d/%d/%d) error = %v, want %v", c.y, c.m, c.d, err, c.want)
		}
	}
}

func TestNames(t *testing.T) {
	if Esfand.String() != "Esfand" || Esfand.Persian() != "اسفند" || Farvardin.Persian() != "فروردین" {
		t.Error("month names")
	}
	if Month(13).String() != "Month(13)" || Month(0).Persian() != "" {
		t.Error("names of months that do not exist")
	}
	if PersianWeekday(time.Saturday) != "شنبه" || PersianWeekday(time.Friday) != "جمعه" || PersianWeekday(7) != "" {
		t.Error("weekday names")
	}
}

func TestFormat(t *testing.T) {
	d := Date{1403, Esfand, 30}
	if got := d.String(); got != "1403/12/30" {
		t.Errorf("String = %q", got)
	}
	if got := d.ISO(); got != "1403-12-30" {
		t.Errorf("ISO = %q", got)
	}
	if got := d.Persian(); got != "۱۴۰۳/۱۲/۳۰" {
		t.Errorf("Persian = %q", got)
	}
	if got := (Date{1404, Farvardin, 5}).PersianLong(); got != "۵ فروردین ۱۴۰۴" {
		t.Errorf("PersianLong = %q", got)
	}
	if got := (Date{5, Farvardin, 1}).String(); got != "0005/01/01" {
		t.Errorf("String of year 5 = %q", got)
	}
	b, err := d.MarshalText()
	if err != nil || string(b) != "1403-12-30" {
		t.Errorf("MarshalText = %q, %v", b, err)
	}
	if _, err := (Date{1404, Esfand, 30}).MarshalText(); err == nil {
		t.Error("MarshalText of 1404/12/30 succeeded")
	}
	var back Date
	if err := back.UnmarshalText([]byte("۱۴۰۳/۱۲/۳۰")); err != nil || back != d {
		t.Errorf("UnmarshalText = %v, %v", back, err)
	}
}

func TestParse(t *testing.T) {
	want := Date{1403, Esfand, 30}
	for _, s := range []string{
		"1403/12/30", "۱۴۰۳/۱۲/۳۰", "١٤٠٣/١٢/٣٠", "1403-12-30", "1403.12.30",
		"۱۴۰۳٫۱۲٫۳۰", " 1403 / 12 / 30 ", "\u200f۱۴۰۳/۱۲/۳۰\u200f", "30/12/1403",
		"۳۰/۱۲/۱۴۰۳", "14031230", "۱۴۰۳۱۲۳۰", "1403/12-30", "۱۴۰۳/12/٣٠",
	} {
		if got, err := Parse(s); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, c := range []struct {
		in   string
		want Date
	}{
		{"1404/1/5", Date{1404, Farvardin, 5}},
		{"1404/01/05", Date{1404, Farvardin, 5}},
		{"۱۴۰۴/۷/۳۰", Date{1404, Mehr, 30}},
		{"0005/01/01", Date{5, Farvardin, 1}},
	} {
		if got, err := Parse(c.in); err != nil || got != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want error
	}{
		{"", ErrNotADate},
		{"   ", ErrNotADate},
		{"hello", ErrNotADate},
		{"1403/12", ErrNotADate},
		{"1403/12/30/1", ErrNotADate},
		{"1403 12 30", ErrNotADate},
		{"1403//12/30", ErrNotADate},
		{"/1403/12/30", ErrNotADate},
		{"1403/12/30/", ErrNotADate},
		{"1403/012/30", ErrNotADate},
		{"1403/12/30 x", ErrNotADate},
		{"۳۰ اسفند ۱۴۰۳", ErrNotADate},
		{"1403/12/3a", ErrNotADate},
		{"03/12/30", ErrYear},
		{"403/12/30", ErrYear},
		{"14030/12/30", ErrYear},
		{"0000/01/01", ErrYear},
		{"1404/12/30", ErrDay},
		{"۱۴۰۴/۱۲/۳۰", ErrDay},
		{"1404/07/31", ErrDay},
		{"1404/01/00", ErrDay},
		{"1404/13/01", ErrMonth},
		{"1404/00/01", ErrMonth},
		{"12/30/1403", ErrMonth},
	} {
		_, err := Parse(c.in)
		if !errors.Is(err, c.want) {
			t.Errorf("Parse(%q) error = %v, want %v", c.in, err, c.want)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Input != c.in || e.Detail == "") {
			t.Errorf("Parse(%q) error %#v does not carry the input and a detail", c.in, err)
		}
	}
	_, err := Parse("1404/12/30")
	var e *Error
	if !errors.As(err, &e) || messages.Render("fa_IR", e.Text()) != "ماه اسفند سال ۱۴۰۴ ۲۹ روز دارد؛ روز باید از ۱ تا ۲۹ باشد" || e.Text().String() != "Esfand 1404 has 29 days; the day must be from 1 to 29" {
		t.Errorf("messages of %v: %q / %q", err, messages.Render("fa_IR", e.Text()), e.Text().String())
	}
	for in, want := range map[string]string{"hello": "Enter the date as year/month/day, like 1403/12/30", "03/1/1": "Enter the year in four digits, like 1403", "1404/13/1": "The month must be from 1 to 12"} {
		_, err := Parse(in)
		if !errors.As(err, &e) || e.Text().String() != want || messages.Render("fa_IR", e.Text()) == "" {
			t.Errorf("Parse(%q) messages: %v", in, err)
		}
	}
	if got := err.Error(); got != `jalali: "1404/12/30": no such day: 1404 is not a leap year: Esfand has 29 days` {
		t.Errorf("error text = %q", got)
	}
}

func TestCompareAndAddDays(t *testing.T) {
	a, b := Date{1403, Esfand, 30}, Date{1404, Farvardin, 1}
	if !a.Before(b) || !b.After(a) || a.Compare(a) != 0 || a.After(b) {
		t.Error("Compare")
	}
	if a.AddDays(1) != b || b.AddDays(-1) != a || a.AddDays(366) != (Date{1405, Farvardin, 1}) {
		t.Errorf("AddDays: %v %v %v", a.AddDays(1), b.AddDays(-1), a.AddDays(366))
	}
}

// TestRoundTripEveryDay goes through every day from 1 to 4000 AP: the day
// number of the date of a day number is that number, and each date there
// is valid and one day after the previous one.
func TestRoundTripEveryDay(t *testing.T) {
	prev := FromDayNumber(yearStart(1) - 1)
	for n := yearStart(1); n < yearStart(4001); n++ {
		d := FromDayNumber(n)
		if !d.Valid() || d.DayNumber() != n {
			t.Fatalf("day %d: %v (valid %v) has day number %d", n, d, d.Valid(), d.DayNumber())
		}
		next := prev
		next.Day++
		if !next.Valid() {
			next = Date{prev.Year, prev.Month + 1, 1}
			if next.Month > Esfand {
				next = Date{prev.Year + 1, Farvardin, 1}
			}
		}
		if d != next {
			t.Fatalf("day %d is %v, the day after %v", n, d, prev)
		}
		prev = d
	}
}
