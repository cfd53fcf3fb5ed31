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
// key=value secrets inside s. Each pattern runs only where a cheap scan
// finds what it cannot match without (an @, sk-, "bearer", = or :, nine
// digits in a row of digits and separators), so values such as request
// ids and hashes, which are most log values, cost a scan and no regexp.
func Redact(s string) string {
	if strings.IndexByte(s, '@') >= 0 {
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
	if mayHoldPhone(s) {
		for _, re := range phoneREs {
			s = replaceStandalone(re, s, RedactedPhone)
		}
	}
	return s
}

// phoneMinDigits is the fewest digits any of phoneREs matches (an
// international number: +, then 1+2+3+3).
const phoneMinDigits = 9

// mayHoldPhone reports whether s could hold a phone number that
// replaceStandalone would mask. Every phone pattern matches only phone
// characters (digits of the three scripts, spaces, dashes, pluses), holds
// phoneMinDigits digits, begins with a plus or a digit and ends with a
// digit, and a match glued to a word rune is left alone. So a string
// needs a run of phone characters with that many digits (a quick count
// that most strings fail), and in it that many digits between a digit
// that follows no word rune and a digit that precedes none: request ids,
// hashes and tokens, whose digits touch letters, skip the patterns.
func mayHoldPhone(s string) bool {
	return hasDigitRun(s) && hasStandaloneDigitRun(s)
}

func hasDigitRun(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case isPhoneDigit(r):
			digits++
			if digits >= phoneMinDigits {
				return true
			}
		case r == ' ', r == '-', r == '+':
		default:
			digits = 0
		}
	}
	return false
}

func hasStandaloneDigitRun(s string) bool {
	digits := -1     // digits since the run's first digit that follows no word rune; -1 before it
	prev := rune(-1) // the rune before r; -1 at the start
	for _, r := range s {
		if isPhoneDigit(r) {
			if digits < 0 && (prev < 0 || !isWordRune(prev)) {
				digits = 0
			}
			if digits >= 0 {
				digits++
			}
		} else {
			if digits >= phoneMinDigits && isPhoneDigit(prev) && !isWordRune(r) {
				return true
			}
			if r != ' ' && r != '-' && r != '+' {
				digits = -1
			}
		}
		prev = r
	}
	return digits >= phoneMinDigits && isPhoneDigit(prev)
}

func isPhoneDigit(r rune) bool {
	return r >= '0' && r <= '9' || r >= '۰' && r <= '۹' || r >= '٠' && r <= '٩'
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
	if r < utf8.RuneSelf {
		return 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9' || r == '_'
	}
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
