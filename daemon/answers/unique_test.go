package answers

import (
	"encoding/json"
	"strings"
	"testing"
)

// uniqueDoc marks one question of each kind unique, and leaves one text
// question not unique.
const uniqueDoc = `{"version":"arshline_form@v1","fields":[
{"id":"mobile","type":"text","label":"موبایل","format":"mobile_ir","unique":true},
{"id":"nc","type":"text","label":"کد ملی","format":"national_code","unique":true},
{"id":"email","type":"email","label":"ایمیل","unique":true},
{"id":"mail2","type":"text","label":"ایمیل","format":"email","unique":true},
{"id":"name","type":"text","label":"نام کاربری","unique":true},
{"id":"plain","type":"text","label":"یادداشت"}
]}`

// TestUniqueValue: the forms one person types one value in compare
// equal after Validate and UniqueValue; other values do not.
func TestUniqueValue(t *testing.T) {
	d := parse(t, uniqueDoc)
	key := func(t *testing.T, field, typed string) string {
		t.Helper()
		raw, _ := json.Marshal(typed)
		res, fields, err := run(t, d, map[string]json.RawMessage{field: raw})
		if err != nil {
			t.Fatalf("%q: %v %v", typed, err, fields)
		}
		a, ok := res.Get(field)
		if !ok {
			t.Fatalf("%q: no answer", typed)
		}
		for i := range d.Fields {
			if d.Fields[i].ID == field {
				k, ok := UniqueValue(&d.Fields[i], a.Value)
				if !ok {
					t.Fatalf("%q: no unique value", typed)
				}
				return k
			}
		}
		t.Fatalf("no field %s", field)
		return ""
	}
	same := []struct {
		name, field string
		forms       []string
	}{
		{"mobile", "mobile", []string{"09121234567", "۰۹۱۲۱۲۳۴۵۶۷", "٠٩١٢١٢٣٤٥٦٧", "+989121234567", "+98 912 123 4567", "989121234567", "00989121234567", "9121234567", "0912-123-4567"}},
		{"national code", "nc", []string{"0012345679", "۰۰۱۲۳۴۵۶۷۹", "٠٠١٢٣٤٥٦٧٩", " 001-234567-9 "}},
		{"email domain case", "email", []string{"ali@example.com", "ali@EXAMPLE.com", " ali@Example.COM "}},
		{"email format of a text", "mail2", []string{"ali@example.com", "ali@EXAMPLE.COM"}},
		{"text", "name", []string{"علی رضایی ۱۲", "علي رضايي 12", "  علی   رضایی ١٢ ", "علی رضا\u200cیی 12", "علی رضاـیی ۱۲"}},
		{"latin text case", "name", []string{"Ali Rezaei", "ali rezaei", "ALI  REZAEI"}},
	}
	for _, c := range same {
		t.Run(c.name+" is one person", func(t *testing.T) {
			want := key(t, c.field, c.forms[0])
			for _, f := range c.forms[1:] {
				if got := key(t, c.field, f); got != want {
					t.Errorf("%q → %q, %q → %q", c.forms[0], want, f, got)
				}
			}
		})
	}
	differ := []struct{ name, field, a, b string }{
		{"two mobiles", "mobile", "09121234567", "09121234568"},
		{"two national codes", "nc", "0012345679", "0084575948"},
		{"the mailbox part keeps its case", "email", "Ali@example.com", "ali@example.com"},
		{"two names", "name", "علی", "علیرضا"},
		{"a space between words counts", "name", "علی رضا", "علیرضا"},
	}
	for _, c := range differ {
		t.Run(c.name+" are two people", func(t *testing.T) {
			if key(t, c.field, c.a) == key(t, c.field, c.b) {
				t.Errorf("%q and %q compare equal", c.a, c.b)
			}
		})
	}
	t.Run("not unique, not text", func(t *testing.T) {
		for i := range d.Fields {
			if d.Fields[i].ID == "plain" {
				if _, ok := UniqueValue(&d.Fields[i], "x"); ok {
					t.Error("a question not marked unique has a unique value")
				}
			}
			if d.Fields[i].ID == "name" {
				if _, ok := UniqueValue(&d.Fields[i], 12.0); ok {
					t.Error("a number has a unique value")
				}
				if _, ok := UniqueValue(&d.Fields[i], "\u200c"); ok {
					t.Error("an answer of nothing but a ZWNJ has a unique value")
				}
			}
		}
	})
	t.Run("refusal says nothing of the other entry", func(t *testing.T) {
		fields := FieldErrors(AlreadyUsed([]string{"nc", "mobile"}))
		if len(fields) != 2 || fields[0].Field != "nc" || fields[1].Code != ReasonAlreadyUsed {
			t.Fatalf("%+v", fields)
		}
		for _, f := range fields {
			if f.MessageFA == "" || f.MessageEN == "" || strings.ContainsAny(f.MessageEN, "0123456789") || strings.ContainsAny(f.MessageFA, "۰۱۲۳۴۵۶۷۸۹0123456789") {
				t.Errorf("message: %+v", f)
			}
		}
	})
}

// FuzzUniqueValue: whatever a respondent types into a unique question,
// judging it and taking its unique value never panics, a value is its own
// unique value once normalised (one person, one key), and digits of any
// script never tell two values apart.
func FuzzUniqueValue(f *testing.F) {
	d := parse(f, uniqueDoc)
	for _, s := range []string{"09121234567", "+98 ۹۱۲ ۱۲۳ ۴۵۶۷", "۰۰۱۲۳۴۵۶۷۹", "Ali@EXAMPLE.com", "علي  رضا\u200cيي", "ـ\u200d ", "ǅ ß İ"} {
		for i := range d.Fields {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, typed string) {
		fd := &d.Fields[int(which)%len(d.Fields)]
		raw, _ := json.Marshal(typed)
		res, err := Validate(d, map[string]json.RawMessage{fd.ID: raw}, Options{})
		if err != nil {
			return
		}
		a, ok := res.Get(fd.ID)
		if !ok {
			return
		}
		key, ok := UniqueValue(fd, a.Value)
		if !ok {
			if fd.IsUnique() && strings.TrimSpace(a.Value.(string)) != "" && fd.Type == "text" && fd.Format == nil && strings.Trim(a.Value.(string), "\u200c\u200dـ \t") != "" {
				t.Fatalf("%q: no unique value", a.Value)
			}
			return
		}
		if again, _ := UniqueValue(fd, key); again != key {
			t.Fatalf("%q → %q → %q", a.Value, key, again)
		}
		if fd.Format == nil && fd.Type == "text" {
			persian := strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return '۰' + (r - '0')
				}
				return r
			}, key)
			if k2, _ := UniqueValue(fd, persian); k2 != key {
				t.Fatalf("%q and %q differ by digits only: %q %q", key, persian, key, k2)
			}
		}
	})
}
