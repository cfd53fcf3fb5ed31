package logx

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Placeholders written instead of personal data.
const (
	RedactedEmail  = "<REDACT_EMAIL>"
	RedactedPhone  = "<REDACT_PHONE>"
	RedactedSecret = "<REDACT_SECRET>"
)

// d matches a digit in Latin, Persian (۰-۹) or Arabic-Indic (٠-٩) script:
// Persian users type all three, often mixed in one number.
const d = `[0-9۰-۹٠-٩]`
const sep = `[ \-]?`

// Single digits of the three scripts, for prefixes such as 09 and +98.
const (
	zero  = `[0۰٠]`
	eight = `[8۸٨]`
	nine  = `[9۹٩]`
)

var (
	emailRE = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
	// Iranian mobiles (+98 / 0098 / 0 prefix, 9xx), landlines with an area
	// code, and other international numbers written with a plus.
	phoneREs = []*regexp.Regexp{
		regexp.MustCompile(`(?:(?:\+|` + zero + zero + `)` + nine + eight + sep + `|` + zero + `)?` + nine + d + `{2}` + sep + d + `{3}` + sep + d + `{2}` + sep + d + `{2}`),
		regexp.MustCompile(zero + d + `{2,3}` + sep + d + `{4}` + sep + d + `{3,4}`),
		regexp.MustCompile(`\+` + d + `{1,3}` + sep + d + `{2,4}` + sep + d + `{3,4}` + sep + d + `{3,4}`),
	}
	openAIKeyRE = regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{12,}`)
	bearerRE    = regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}`)
	assignRE    = regexp.MustCompile(`(?i)\b(api[_-]?key|secret|token|password|passwd|authorization)(\s*[:=]\s*)("[^"]*"|'[^']*'|\S+)`)
)

// Redact masks emails, phone numbers, API keys, bearer tokens and
// key=value secrets inside s. It is cheap on strings that cannot hold any
// of them, which are most log values.
func Redact(s string) string {
	if !mayHoldSecret(s) {
		return s
	}
	s = emailRE.ReplaceAllString(s, RedactedEmail)
	s = openAIKeyRE.ReplaceAllStringFunc(s, maskKeepTail)
	s = bearerRE.ReplaceAllStringFunc(s, func(m string) string {
		return RedactedSecret
	})
	s = assignRE.ReplaceAllString(s, "${1}${2}"+RedactedSecret)
	for _, re := range phoneREs {
		s = replaceStandalone(re, s, RedactedPhone)
	}
	return s
}

func mayHoldSecret(s string) bool {
	for _, r := range s {
		switch {
		case r == '@', r == '=', r == ':', r == '+':
			return true
		case r >= '0' && r <= '9', r >= '۰' && r <= '۹', r >= '٠' && r <= '٩':
			return true
		}
	}
	l := strings.ToLower(s)
	return strings.Contains(l, "sk-") || strings.Contains(l, "bearer")
}

// replaceStandalone replaces matches that are not part of a longer word
// or number, so hex hashes and ids are never mistaken for phone numbers.
func replaceStandalone(re *regexp.Regexp, s, with string) string {
	idx := re.FindAllStringIndex(s, -1)
	if idx == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		before, _ := utf8.DecodeLastRuneInString(s[:m[0]])
		after, _ := utf8.DecodeRuneInString(s[m[1]:])
		if m[0] > 0 && isWordRune(before) || m[1] < len(s) && isWordRune(after) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(with)
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
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
