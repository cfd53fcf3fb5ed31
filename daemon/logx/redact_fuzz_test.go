package logx

import "testing"

// redactEverywhere is Redact without its pre-scans: every pattern on every
// string. Redact must agree with it on all input; the scans only save work.
func redactEverywhere(s string) string {
	s = emailRE.ReplaceAllString(s, RedactedEmail)
	s = openAIKeyRE.ReplaceAllStringFunc(s, maskKeepTail)
	s = bearerRE.ReplaceAllStringFunc(s, func(string) string { return RedactedSecret })
	s = assignRE.ReplaceAllString(s, "${1}${2}"+RedactedSecret)
	return redactNumbers(s)
}

func FuzzRedact(f *testing.F) {
	for _, s := range []string{
		"contact ali.rezaei@example.co.ir now", "call ۰۹۱۲۱۲۳۴۵۶۷ please", "+1 415 555 0100",
		"office 021-88776655", "Authorization: BEARER eyJhbGciOiJIUzI1NiJ9.abc.def", "key sk-proj-abcdefghijklmnop1234",
		"password=hunter22", "req 3abe8060852f0f80", "+98 912 123 4567", "phone: 1 2 3 4 5 6 7 8 9",
		"187a9c0123456789ab3f5e7d9c1b2a40", "09123456789", "x_0912 345 6789", "٠٩١٢-٣٤٥-٦٧٨٩!", "a1 +98 912 123 4567b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Redact(s), redactEverywhere(s); got != want {
			t.Fatalf("Redact(%q) = %q, every pattern gives %q", s, got, want)
		}
	})
}

func BenchmarkRedactRequestID(b *testing.B) {
	for b.Loop() {
		Redact("3abe8060852f0f80")
	}
}

// A generated request id (32 hex digits, the time first) with a run of
// nine decimal digits, which the phone patterns must not take for a
// number.
func BenchmarkRedactDigitRunID(b *testing.B) {
	for b.Loop() {
		Redact("187a9c0123456789ab3f5e7d9c1b2a40")
	}
}
