package iranformat

import (
	"errors"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/messages"
)

type valid struct{ in, want string }

type invalid struct {
	in   string
	kind Kind
}

func checkTable(t *testing.T, name string, fn func(string) (string, error), ok []valid, bad []invalid) {
	t.Helper()
	for _, c := range ok {
		got, err := fn(c.in)
		if err != nil || got != c.want {
			t.Errorf("%s(%q) = %q, %v; want %q", name, c.in, got, err, c.want)
		}
	}
	for _, c := range bad {
		got, err := fn(c.in)
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind || e.Input != c.in {
			t.Errorf("%s(%q) = %q, %v; want an *Error of kind %s", name, c.in, got, err, c.kind)
		}
	}
}

func TestDigits(t *testing.T) {
	for in, want := range map[string]string{
		"۰۱۲۳۴۵۶۷۸۹":   "0123456789",
		"٠١٢٣٤٥٦٧٨٩":   "0123456789",
		"abc ۱۲ ١٢ 12": "abc 12 12 12",
		"":             "",
		"بدون عدد":     "بدون عدد",
	} {
		if got := Digits(in); got != want {
			t.Errorf("Digits(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestText(t *testing.T) {
	for _, c := range []valid{
		{"  علي  ", "علی"},
		{"كتاب يا كتابى", "کتاب یا کتابی"},
		{"سلامـــــ", "سلام"},
		{"می\u200cخواهم", "می\u200cخواهم"},
		{"می\u200c\u200cخواهم", "می\u200cخواهم"},
		{"\u200cمی \u200cخواهم\u200c", "می خواهم"},
		{"\u200fسلام\u200e", "سلام"},
		{"سال ١٤٠٣ و ۱۴۰۳ و 1403", "سال ۱۴۰۳ و ۱۴۰۳ و 1403"},
		{"خط اول\r\nخط دوم\rسوم", "خط اول\nخط دوم\nسوم"},
		{"a\u00a0b\u2009c", "a b c"},
		{"a\x00b\x07c", "abc"},
		{"👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"},
		{"دو  فاصله", "دو  فاصله"},
		{"\n\n متن \n\n", "متن"},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMobile(t *testing.T) {
	checkTable(t, "Mobile", Mobile, []valid{
		{"09121234567", "09121234567"},
		{"9121234567", "09121234567"},
		{"+989121234567", "09121234567"},
		{"00989121234567", "09121234567"},
		{"989121234567", "09121234567"},
		{"+98 (0) 912 123 4567", "09121234567"},
		{"0912-123-4567", "09121234567"},
		{"(0912) 123 45 67", "09121234567"},
		{"۰۹۱۲۱۲۳۴۵۶۷", "09121234567"},
		{"٠٩١٢١٢٣٤٥٦٧", "09121234567"},
		{"+۹۸۹۳۵۱۲۳۴۵۶۷", "09351234567"},
		{"\u200e0901 234 5678\u200e", "09012345678"},
		{"09201234567", "09201234567"},
		{"09901234567", "09901234567"},
		{"09411234567", "09411234567"},
	}, []invalid{
		{"", KindEmpty},
		{"   ", KindEmpty},
		{"0912123456", KindMobile},
		{"091212345678", KindMobile},
		{"02188776655", KindMobile},
		{"09512345678", KindMobile},
		{"09812345678", KindMobile},
		{"+1 912 123 4567", KindMobile},
		{"0912123456a", KindMobile},
		{"0912+1234567", KindMobile},
		{"+98", KindMobile},
		{"98912123456", KindMobile},
		{"1912 123 4567", KindMobile},
	})
}

func TestLandline(t *testing.T) {
	checkTable(t, "Landline", Landline, []valid{
		{"021-88776655", "02188776655"},
		{"02188776655", "02188776655"},
		{"+982188776655", "02188776655"},
		{"00982188776655", "02188776655"},
		{"982188776655", "02188776655"},
		{"(021) 8877 6655", "02188776655"},
		{"2188776655", "02188776655"},
		{"۰۳۱-۳۲۲۲۱۱۰۰", "03132221100"},
		{"+98 (0)51 3800 1234", "05138001234"},
		{"08733334444", "08733334444"},
	}, []invalid{
		{"", KindEmpty},
		{"88776655", KindLandline},
		{"09121234567", KindLandline},
		{"02288776655", KindLandline},
		{"01088776655", KindLandline},
		{"0218877665", KindLandline},
		{"021887766551", KindLandline},
		{"021-8877-665x", KindLandline},
		{"+12188776655", KindLandline},
	})
}

func TestNationalCode(t *testing.T) {
	checkTable(t, "NationalCode", NationalCode, []valid{
		{"0012345679", "0012345679"},
		{"0085467545", "0085467545"},
		{"1234567891", "1234567891"},
		{"4973012548", "4973012548"},
		{"0752159631", "0752159631"},
		{"2681029414", "2681029414"},
		{"3689541239", "3689541239"},
		{"1000000001", "1000000001"},
		{"۰۰۴۴۲۱۵۸۷۸", "0044215878"},
		{"٤٩٧٣٠١٢٥٤٨", "4973012548"},
		{"004-421587-8", "0044215878"},
		{" 1234567891 ", "1234567891"},
	}, []invalid{
		{"", KindEmpty},
		{"1234567890", KindNationalCode},
		{"0012345678", KindNationalCode},
		{"1111111111", KindNationalCode},
		{"0000000000", KindNationalCode},
		{"123456789a", KindNationalCode},
		{"12345678", KindNationalCodeLength},
		{"44215878", KindNationalCodeLength},
		{"044215878", KindNationalCodeLength},
		{"00123456790", KindNationalCodeLength},
	})
	// Every repeated-digit code satisfies the checksum; each is refused.
	for d := '0'; d <= '9'; d++ {
		code := strings.Repeat(string(d), 10)
		if !nationalCodeChecksum(code) {
			t.Errorf("%s fails the checksum; the explicit refusal is then not what refuses it", code)
		}
	}
}

// TestNationalCodeCheckDigit: of the ten possible last digits of a code,
// exactly one is accepted.
func TestNationalCodeCheckDigit(t *testing.T) {
	for _, prefix := range []string{"001234567", "497301254", "268102941", "999999998"} {
		accepted := 0
		for d := byte('0'); d <= '9'; d++ {
			if _, err := NationalCode(prefix + string(d)); err == nil {
				accepted++
			}
		}
		if accepted != 1 && !(prefix == "999999998" && accepted == 0) {
			t.Errorf("%s?: %d check digits accepted, want 1", prefix, accepted)
		}
	}
}

func TestPostalCode(t *testing.T) {
	checkTable(t, "PostalCode", PostalCode, []valid{
		{"1136913131", "1136913131"},
		{"۱۱۳۶۹-۱۳۱۳۱", "1136913131"},
		{"8174673441", "8174673441"},
		{"1983963102", "1983963102"},
	}, []invalid{
		{"", KindEmpty},
		{"113691313", KindPostalCodeLength},
		{"11369131311", KindPostalCodeLength},
		{"1036913131", KindPostalCode},
		{"1136213131", KindPostalCode},
		{"11369a3131", KindPostalCode},
	})
}

func TestBankCard(t *testing.T) {
	checkTable(t, "BankCard", BankCard, []valid{
		{"6037991234567893", "6037991234567893"},
		{"6037-9912-3456-7893", "6037991234567893"},
		{"۶۲۱۹ ۸۶۱۲ ۳۴۵۶ ۷۸۹۸", "6219861234567898"},
		{"6104339876543210", "6104339876543210"},
		{"4111111111111111", "4111111111111111"},
		{"5555555555554444", "5555555555554444"},
		{"4012888888881881", "4012888888881881"},
	}, []invalid{
		{"", KindEmpty},
		{"6037991234567890", KindCard},
		{"0000000000000000", KindCard},
		{"6037 9912 3456 789", KindCardLength},
		{"60379912345678930", KindCardLength},
		{"6037-9912-3456-789x", KindCard},
	})
}

func TestSheba(t *testing.T) {
	checkTable(t, "Sheba", Sheba, []valid{
		{"IR062960000000100324200001", "IR062960000000100324200001"},
		{"ir062960000000100324200001", "IR062960000000100324200001"},
		{"IR06 2960 0000 0010 0324 2000 01", "IR062960000000100324200001"},
		{"IR۰۶۲۹۶۰۰۰۰۰۰۰۱۰۰۳۲۴۲۰۰۰۰۱", "IR062960000000100324200001"},
		{"062960000000100324200001", "IR062960000000100324200001"},
		{"IR05-0170-0000-0012-3456-7890-12", "IR050170000000123456789012"},
		{"IR160120000000001234567890", "IR160120000000001234567890"},
	}, []invalid{
		{"", KindEmpty},
		{"IR062960000000100324200002", KindSheba},
		{"IR162960000000100324200001", KindSheba},
		{"DE89370400440532013000", KindSheba},
		{"IR0629600000001003242000", KindShebaLength},
		{"IR06296000000010032420000100", KindShebaLength},
		{"IR", KindSheba},
		{"IRAB2960000000100324200001", KindSheba},
		{"06296000000010032420000", KindSheba},
	})
}

func TestEmail(t *testing.T) {
	checkTable(t, "Email", Email, []valid{
		{"ali@example.com", "ali@example.com"},
		{"  Ali.Rezaei+forms@Example.CO.IR ", "Ali.Rezaei+forms@example.co.ir"},
		{"\u200fali@example.ir\u200f", "ali@example.ir"},
		{"ali۱۳۶۰@gmail.com", "ali1360@gmail.com"},
		{"a_b-c@mail.xn--mgba3a4f16a", "a_b-c@mail.xn--mgba3a4f16a"},
		{"x@sub-domain.example.travel", "x@sub-domain.example.travel"},
	}, []invalid{
		{"", KindEmpty},
		{"ali", KindEmail},
		{"ali@", KindEmail},
		{"@example.com", KindEmail},
		{"ali@example", KindEmail},
		{"ali@localhost", KindEmail},
		{"ali@example.c", KindEmail},
		{"ali@example.123", KindEmail},
		{"ali@-example.com", KindEmail},
		{"ali@example-.com", KindEmail},
		{"ali@exa_mple.com", KindEmail},
		{"ali@example..com", KindEmail},
		{"ali@[192.168.1.1]", KindEmail},
		{"Ali <ali@example.com>", KindEmail},
		{"ali@example.com (Ali)", KindEmail},
		{`"ali reza"@example.com`, KindEmail},
		{"ali reza@example.com", KindEmail},
		{"علی@example.com", KindEmail},
		{"ali@مثال.ایران", KindEmail},
		{strings.Repeat("a", 65) + "@example.com", KindEmail},
		{"ali@" + strings.Repeat("a", 64) + ".com", KindEmail},
	})
}

func TestURL(t *testing.T) {
	checkTable(t, "URL", URL, []valid{
		{"https://example.com", "https://example.com"},
		{"http://example.ir/path?q=۱#top", "http://example.ir/path?q=۱#top"},
		{" HTTPS://Example.com:8443/a ", "HTTPS://Example.com:8443/a"},
		{"\u200ehttps://www.example.co.ir/\u200e", "https://www.example.co.ir/"},
		{"https://نمونه.ایران/صفحه", "https://نمونه.ایران/صفحه"},
		{"http://192.168.1.10/form", "http://192.168.1.10/form"},
		{"http://[2001:db8::1]:8080/", "http://[2001:db8::1]:8080/"},
	}, []invalid{
		{"", KindEmpty},
		{"example.com", KindURL},
		{"www.example.com/page", KindURL},
		{"ftp://example.com/file", KindURL},
		{"javascript:alert(1)", KindURL},
		{"mailto:ali@example.com", KindURL},
		{"https://", KindURL},
		{"https:///path", KindURL},
		{"https:example.com", KindURL},
		{"http://localhost:8080/", KindURL},
		{"https://user:pass@example.com/", KindURL},
		{"https://bank.ir@evil.example/", KindURL},
		{"https://exa mple.com", KindURL},
		{"https://example.com:port/", KindURL},
		{"https://-bad-.com/", KindURL},
		{"https://example.com/" + strings.Repeat("a", 2048), KindURL},
	})
}

func TestTime(t *testing.T) {
	checkTable(t, "Time", Time, []valid{
		{"09:30", "09:30"},
		{"9:30", "09:30"},
		{"۹:۳۰", "09:30"},
		{"۱۸:۴۵", "18:45"},
		{"٢٣:٥٩", "23:59"},
		{"00:00", "00:00"},
		{" 12:00 ", "12:00"},
	}, []invalid{
		{"", KindEmpty},
		{"24:00", KindTime},
		{"12:60", KindTime},
		{"12:5", KindTime},
		{"123:00", KindTime},
		{"12.30", KindTime},
		{"1230", KindTime},
		{":30", KindTime},
		{"12:30:00", KindTime},
		{"12: 30", KindTime},
		{"9:30 PM", KindTime},
		{"-1:30", KindTime},
	})
}

func TestPersianLetters(t *testing.T) {
	checkTable(t, "PersianLetters", PersianLetters, []valid{
		{"علی رضایی", "علی رضایی"},
		{"  علي   رضايي  ", "علی رضایی"},
		{"كاوه", "کاوه"},
		{"می\u200cخواهم", "می\u200cخواهم"},
		{"مسئله تأثیر خانهٔ", "مسئله تأثیر خانهٔ"},
		{"ژاله گلپایگانی", "ژاله گلپایگانی"},
		{"سلامـــت", "سلامت"},
		{"خط\nدوم", "خط دوم"},
		{"آب", "آب"},
	}, []invalid{
		{"", KindEmpty},
		{"\u200c", KindEmpty},
		{"علی 2", KindPersianLetters},
		{"علی ۲", KindPersianLetters},
		{"Ali", KindPersianLetters},
		{"علی، رضا", KindPersianLetters},
		{"علی.", KindPersianLetters},
		{"\u064e", KindPersianLetters},
	})
}

func TestLatinLetters(t *testing.T) {
	checkTable(t, "LatinLetters", LatinLetters, []valid{
		{"Ali Rezaei", "Ali Rezaei"},
		{"  Ali   Rezaei ", "Ali Rezaei"},
		{"Jean-Luc O'Neil", "Jean-Luc O'Neil"},
		{"O’Brien", "O’Brien"},
		{"José Müller Straße", "José Müller Straße"},
		{"Jose\u0301", "Jose\u0301"},
	}, []invalid{
		{"", KindEmpty},
		{"Ali2", KindLatinLetters},
		{"علی", KindLatinLetters},
		{"Ali Реза", KindLatinLetters},
		{"-Ali", KindLatinLetters},
		{"Ali-", KindLatinLetters},
		{"Ali - Reza", KindLatinLetters},
		{"Ali.", KindLatinLetters},
		{"'", KindLatinLetters},
		{"\u0301a", KindLatinLetters},
	})
}

func TestCheck(t *testing.T) {
	samples := map[Format]string{
		FormatEmail: "ali@example.com", FormatMobile: "۰۹۱۲۱۲۳۴۵۶۷", FormatPhone: "021-88776655",
		FormatNationalCode: "0012345679", FormatPostalCode: "1136913131", FormatURL: "https://example.com",
		FormatTime: "9:30", FormatPersianLetters: "علی", FormatLatinLetters: "Ali",
		FormatCard: "6037991234567893", FormatSheba: "IR062960000000100324200001",
	}
	for _, f := range Formats() {
		s, ok := samples[f]
		if !ok {
			t.Errorf("no sample for %s", f)
			continue
		}
		if _, err := Check(f, s); err != nil {
			t.Errorf("Check(%s, %q): %v", f, s, err)
		}
		var e *Error
		if _, err := Check(f, "  "); !errors.As(err, &e) || e.Kind != KindEmpty {
			t.Errorf("Check(%s, blank) = %v, want KindEmpty", f, err)
		}
	}
	if len(Formats()) != len(checks) {
		t.Errorf("Formats lists %d formats, Check knows %d", len(Formats()), len(checks))
	}
	if _, err := Check("zip", "12345"); err == nil || errors.As(err, new(*Error)) {
		t.Errorf("Check of an unknown format = %v, want a plain error", err)
	}
}

func TestMessages(t *testing.T) {
	seen := map[Kind]bool{}
	for _, k := range Kinds() {
		if seen[k] {
			t.Errorf("%s listed twice", k)
		}
		seen[k] = true
		if messages.Render("fa_IR", k.Text()) == "" || k.Text().String() == "" {
			t.Errorf("%s has no message", k)
		}
		if !messages.Has(k.Text().Key) {
			t.Errorf("%s has no Persian message", k)
		}
	}
	if messages.Render("fa_IR", KindNationalCode.Text()) != "کد ملی معتبر نیست" || KindNationalCode.Text().String() != "This national code is not valid" {
		t.Error("national code messages")
	}
	// The error text goes to logs: it names the kind, never the input.
	_, err := NationalCode("0012345678")
	if got := err.Error(); strings.Contains(got, "0012345678") || !strings.Contains(got, string(KindNationalCode)) {
		t.Errorf("error text %q", got)
	}
}
