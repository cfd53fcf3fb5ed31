package logx

import (
	"regexp"
	"strings"
)

// Placeholders written instead of personal data.
const (
	RedactedEmail  = "<REDACT_EMAIL>"
	RedactedPhone  = "<REDACT_PHONE>"
	RedactedCard   = "<REDACT_CARD>"
	RedactedIBAN   = "<REDACT_IBAN>"
	RedactedSecret = "<REDACT_SECRET>"
)

// uspace is any Unicode space, the no-break ones (U+00A0, U+202F) and the
// zero-width ones included: Go's \s is ASCII only.
const uspace = `[\s\p{Z}\x{200B}\x{2060}\x{FEFF}]`

var (
	// Letters, marks and digits of any script on both sides of the @ (an
	// internationalised address such as علی@مثال.ایران), ZWNJ inside
	// Persian words, and the full-width @.
	emailRE     = regexp.MustCompile(`[\p{L}\p{M}\p{N}\x{200C}._%+\-]+[@＠][\p{L}\p{M}\p{N}\x{200C}\-]+(?:\.[\p{L}\p{M}\p{N}\x{200C}\-]+)*\.[\p{L}\p{M}\x{200C}]{2,}`)
	openAIKeyRE = regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{12,}`)
	bearerRE    = regexp.MustCompile(`(?i)\bbearer` + uspace + `+[A-Za-z0-9._~+/=\-]{8,}`)
	// An Authorization header's value is masked whole, scheme and
	// credentials: in "Authorization: Basic dXNlcjpwYXNz" the credentials
	// follow the scheme's word, and masking only that word would leave
	// them.
	assignRE = regexp.MustCompile(`(?i)\b(api[_-]?key|secret|token|password|passwd|authorization)(` + uspace + `*[:=]` + uspace + `*)((?:basic|bearer|digest|negotiate|token)` + uspace + `+\S+|"[^"]*"|'[^']*'|\S+)`)
)

// Redact masks emails, phone numbers, card and IBAN (Sheba) numbers, API
// keys, bearer tokens and key=value secrets inside s. Each pattern runs
// only where a cheap scan finds what it cannot match without (an @, sk-,
// "bearer", = or :, nine digits in a run), so most log values cost a scan and no
// regexp.
func Redact(s string) string {
	if strings.IndexByte(s, '@') >= 0 || strings.Contains(s, "＠") {
		s = emailRE.ReplaceAllString(s, RedactedEmail)
	}
	if strings.Contains(s, "sk-") {
		s = openAIKeyRE.ReplaceAllStringFunc(s, maskKeepTail)
	}
	if containsFold(s, "bearer") {
		s = bearerRE.ReplaceAllStringFunc(s, func(m string) string {
			return RedactedSecret
		})
	}
	if strings.ContainsAny(s, "=:") {
		s = assignRE.ReplaceAllString(s, "${1}${2}"+RedactedSecret)
	}
	if mayHoldNumber(s) {
		s = redactNumbers(s)
	}
	return s
}

// containsFold reports whether s contains the lower-case ASCII word w in
// any case, without building a lowered copy of s.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i]|0x20 == w[0] && strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

func maskKeepTail(m string) string {
	if len(m) <= 7 {
		return RedactedSecret
	}
	return "sk-****" + m[len(m)-4:]
}

// sensitiveKey reports whether a log attribute's name says its value is a
// credential, whatever the value looks like.
func sensitiveKey(key string) bool {
	k := strings.ToLower(key)
	switch k {
	case "diff_sha", "prompt_hash", "req_id", "tokens_in", "tokens_out", "token_usage":
		return false
	}
	for _, w := range []string{"key", "secret", "token", "password", "passwd", "authorization", "cookie"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}
