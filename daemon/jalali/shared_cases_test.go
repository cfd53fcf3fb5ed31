package jalali

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateShared = flag.Bool("update-shared", false, "rewrite testdata/jalali-shared.json from this package")

// sharedFile holds the cases the WordPress plugin's date picker
// (wp-plugin/arshline-sidecar/src/public/jalali.js) is tested on, so that
// the day a visitor picks is the day the daemon keeps.
const sharedFile = "../../testdata/jalali-shared.json"

type sharedCases struct {
	Comment string `json:"comment"`
	// Leap is one character per year from 1: '1' for a leap year.
	Leap string `json:"leap"`
	// Days are [days from 1970-01-01, year, month, day, weekday from Saturday].
	Days [][5]int `json:"days"`
	// Parse is what Parse makes of text a respondent typed.
	Parse []sharedParse `json:"parse"`
}

type sharedParse struct {
	In    string `json:"in"`
	Y     int    `json:"y,omitempty"`
	M     int    `json:"m,omitempty"`
	D     int    `json:"d,omitempty"`
	Error string `json:"error,omitempty"`
}

var sharedInputs = []string{
	"۱۴۰۳/۰۵/۱۲", "1403/5/12", "1403-5-12", "1403.5.12", "1403٫05٫12", "١٤٠٣/٠٥/١٢", "14030512", "۱۴۰۳۰۵۱۲",
	" ۱۴۰۳ / ۵ / ۱۲ ", "\u200f1403/05/12\u200e", "12/05/1403", "30/12/1403", "1403/12/30", "1404/12/30",
	"1403/13/01", "1403/00/10", "1403/01/00", "1403/01/32", "1403/07/31", "1502/12/30", "1503/12/30",
	"03/05/12", "1403/5", "abc", "1403//5/12", "1403/05/12/", "123456789", "0000/01/01", "14031", "1403/05/12 x",
}

func buildShared() sharedCases {
	var c sharedCases
	c.Comment = "Written by daemon/jalali's TestSharedCases (go test ./daemon/jalali -run TestSharedCases -update-shared); read by wp-plugin/tests/js/jalali.test.mjs."
	var leap strings.Builder
	for y := 1; y <= 3000; y++ {
		if IsLeap(y) {
			leap.WriteByte('1')
		} else {
			leap.WriteByte('0')
		}
	}
	c.Leap = leap.String()
	day := func(d Date) {
		n := d.DayNumber()
		c.Days = append(c.Days, [5]int{n, d.Year, int(d.Month), d.Day, (int(d.Weekday()) + 1) % 7})
	}
	years := []int{}
	for y := 1200; y <= 1600; y++ {
		years = append(years, y)
	}
	years = append(years, 1, 622, 1000, 1997, 1998, 2029, 2030, 2031, 2986, 2987, 2988, 3000)
	for _, y := range years {
		for m := Farvardin; m <= Esfand; m++ {
			day(Date{y, m, 1})
			day(Date{y, m, DaysInMonth(y, m)})
		}
	}
	for _, in := range sharedInputs {
		p := sharedParse{In: in}
		d, err := Parse(in)
		switch {
		case err == nil:
			p.Y, p.M, p.D = d.Year, int(d.Month), d.Day
		case errors.Is(err, ErrYear):
			p.Error = "year"
		case errors.Is(err, ErrMonth):
			p.Error = "month"
		case errors.Is(err, ErrDay):
			p.Error = "day"
		default:
			p.Error = "not_a_date"
		}
		c.Parse = append(c.Parse, p)
	}
	return c
}

// encodeShared writes the cases one to a line, so that a change reads as
// the lines of the days that changed.
func encodeShared(c sharedCases) ([]byte, error) {
	var b bytes.Buffer
	head, err := json.Marshal(map[string]string{"comment": c.Comment, "leap": c.Leap})
	if err != nil {
		return nil, err
	}
	b.Write(head[:len(head)-1])
	b.WriteString(",\n\"days\": [\n")
	for i, d := range c.Days {
		line, _ := json.Marshal(d)
		b.Write(line)
		if i < len(c.Days)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("],\n\"parse\": [\n")
	for i, p := range c.Parse {
		line, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		b.Write(line)
		if i < len(c.Parse)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]}\n")
	return b.Bytes(), nil
}

// TestSharedCases keeps testdata/jalali-shared.json what this package
// says: a change of the calendar or of Parse changes the file, and the
// plugin's tests then check the page's calendar against it.
func TestSharedCases(t *testing.T) {
	got, err := encodeShared(buildShared())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.FromSlash(sharedFile)
	if *updateShared {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with -update-shared)", err)
	}
	t.Run("file matches the package", func(t *testing.T) {
		if !bytes.Equal(got, want) {
			t.Fatalf("%s is stale: go test ./daemon/jalali -run TestSharedCases -update-shared", sharedFile)
		}
	})
	t.Run("weekday of a known day", func(t *testing.T) {
		// 12 Mordad 1403 was a Friday (2 August 2024).
		d := Date{1403, Mordad, 12}
		if w := (int(d.Weekday()) + 1) % 7; w != 6 {
			t.Fatalf("weekday from Saturday = %d, want 6 (Friday)", w)
		}
	})
}
