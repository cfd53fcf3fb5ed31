package iranformat

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// fuzzCheck is what every parser promises: no panic; a failure is an
// *Error carrying the input and a kind with messages; a success is
// idempotent (checking the output again gives the output) and, where the
// input was UTF-8, so is the output.
func fuzzCheck(t *testing.T, name string, fn func(string) (string, error), s string) {
	out, err := fn(s)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Input != s || messages.Render("fa_IR", e.Kind.Text()) == "" || e.Kind.Text().String() == "" {
			t.Fatalf("%s(%q): %v is not an *Error with the input and messages", name, s, err)
		}
		return
	}
	again, err := fn(out)
	if err != nil || again != out {
		t.Fatalf("%s(%q) = %q, but %s(%q) = %q, %v", name, s, out, name, out, again, err)
	}
	if utf8.ValidString(s) && !utf8.ValidString(out) {
		t.Fatalf("%s(%q) = %q, not UTF-8", name, s, out)
	}
}

func seeds(f *testing.F, ss ...string) {
	for _, s := range ss {
		f.Add(s)
	}
}

func FuzzMobile(f *testing.F) {
	seeds(f, "09121234567", "+98 (0) 912 123 4567", "۰۹۱۲۱۲۳۴۵۶۷", "00989121234567", "989121234567", "9121234567", "+98", "")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "Mobile", Mobile, s) })
}

func FuzzLandline(f *testing.F) {
	seeds(f, "021-88776655", "+982188776655", "2188776655", "۰۳۱-۳۲۲۲۱۱۰۰", "88776655")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "Landline", Landline, s) })
}

func FuzzNationalCode(f *testing.F) {
	seeds(f, "0012345679", "۰۰۴۴۲۱۵۸۷۸", "1111111111", "004-421587-8", "12345678")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "NationalCode", NationalCode, s) })
}

func FuzzPostalCode(f *testing.F) {
	seeds(f, "1136913131", "۱۱۳۶۹-۱۳۱۳۱", "1036913131")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "PostalCode", PostalCode, s) })
}

func FuzzBankCard(f *testing.F) {
	seeds(f, "6037991234567893", "6037-9912-3456-7893", "۶۲۱۹ ۸۶۱۲ ۳۴۵۶ ۷۸۹۸", "0000000000000000")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "BankCard", BankCard, s) })
}

func FuzzSheba(f *testing.F) {
	seeds(f, "IR062960000000100324200001", "ir06 2960 0000 0010 0324 2000 01", "062960000000100324200001", "IR۰۶۲۹۶۰۰۰۰۰۰۰۱۰۰۳۲۴۲۰۰۰۰۱", "IR")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "Sheba", Sheba, s) })
}

func FuzzEmail(f *testing.F) {
	seeds(f, "ali@example.com", " Ali@Example.CO.IR ", "Ali <ali@example.com>", `"a b"@example.com`, "ali@[1.2.3.4]", "a@xn--mgba3a4f16a")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "Email", Email, s) })
}

func FuzzURL(f *testing.F) {
	seeds(f, "https://example.com", "HTTPS://Example.com:8443/a?b=c#d", "https://نمونه.ایران/صفحه", "http://[2001:db8::1]:8080/", "https://user@example.com", "javascript:alert(1)")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "URL", URL, s) })
}

func FuzzTime(f *testing.F) {
	seeds(f, "09:30", "۹:۳۰", "24:00", "23:59")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "Time", Time, s) })
}

func FuzzPersianLetters(f *testing.F) {
	seeds(f, "علی رضایی", "  علي   رضايي  ", "می\u200cخواهم", "سلامـــت", "خانهٔ")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "PersianLetters", PersianLetters, s) })
}

func FuzzLatinLetters(f *testing.F) {
	seeds(f, "Ali Rezaei", "Jean-Luc O'Neil", "José", "Jose\u0301", "O’Brien")
	f.Fuzz(func(t *testing.T, s string) { fuzzCheck(t, "LatinLetters", LatinLetters, s) })
}

// FuzzText: Text and Digits never panic and are idempotent, and Text never
// leaves a ZWNJ at the edge of a word or two in a row.
func FuzzText(f *testing.F) {
	seeds(f, "  علي  ", "می\u200c\u200cخواهم", "\u200cمی \u200cخواهم\u200c", "a\r\nb\rc", "👨\u200d👩\u200d👧", "١٤٠٣ ۱۴۰۳")
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if again := Text(out); again != out {
			t.Fatalf("Text(%q) = %q, Text of that = %q", s, out, again)
		}
		runes := []rune(out)
		for i, r := range runes {
			if r != zwnj {
				continue
			}
			if i == 0 || i == len(runes)-1 || runes[i-1] == zwnj || runes[i+1] == zwnj ||
				runes[i-1] == ' ' || runes[i+1] == ' ' || runes[i-1] == '\n' || runes[i+1] == '\n' {
				t.Fatalf("Text(%q) = %q: a ZWNJ outside a word", s, out)
			}
		}
		d := Digits(s)
		if Digits(d) != d {
			t.Fatalf("Digits(%q) = %q is not stable", s, d)
		}
	})
}
