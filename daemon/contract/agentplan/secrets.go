package agentplan

import (
	"fmt"
	"regexp"
	"strings"
)

type secretPattern struct {
	en, fa string
	// anchors are substrings every match contains (compared in lower
	// case); a string without any of them skips the regexp, which is most
	// of the cost of a plan.
	anchors []string
	re      *regexp.Regexp
	// group is the submatch holding the secret value; 0 is the match.
	group int
}

// secretPatterns are the built-in raw-secret detectors. Each one is
// shaped after the issuer's documented format, so ordinary text rarely
// matches.
var secretPatterns = []secretPattern{
	{en: "AWS access key", fa: "کلید دسترسی AWS", anchors: []string{"akia", "asia", "agpa", "aida", "aroa", "aipa", "anpa", "anva"}, re: regexp.MustCompile(`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[0-9A-Z]{16}\b`)},
	{en: "private key", fa: "کلید خصوصی", anchors: []string{"private key"}, re: regexp.MustCompile(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----`)},
	{en: "JSON Web Token", fa: "توکن JWT", anchors: []string{"eyj"}, re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*`)},
	{en: "GitHub token", fa: "توکن GitHub", anchors: []string{"gh", "github_pat_"}, re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})`)},
	{en: "Slack token", fa: "توکن Slack", anchors: []string{"xox"}, re: regexp.MustCompile(`\bxox[abprs]-[A-Za-z0-9-]{10,}`)},
	{en: "OpenAI API key", fa: "کلید API سرویس OpenAI", anchors: []string{"sk-"}, re: regexp.MustCompile(`\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`)},
	{en: "password in a URL", fa: "گذرواژهٔ درون نشانی", anchors: []string{"://"}, re: regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]+:([^/\s@]+)@`), group: 1},
	{en: "password", fa: "گذرواژه", anchors: []string{"passw", "pwd"}, re: regexp.MustCompile(`(?i)\b(?:password|passwd|pwd)\s*[:=]\s*("[^"]*"|'[^']*'|[^\s'",;&]+)`), group: 1},
}

// secretKeys are parameter names whose literal value is a secret.
var secretKeys = newUpperTable(wordSet("PASSWORD PASSWD PWD SECRET CLIENT_SECRET API_KEY APIKEY ACCESS_TOKEN AUTH_TOKEN PRIVATE_KEY"))

// placeholderValue reports whether a secret-looking value is only a
// stand-in: empty, masked, a reference or a bind placeholder.
func placeholderValue(s string) bool {
	s = strings.Trim(strings.TrimSpace(s), `"'`)
	if s == "" || strings.Trim(s, "*xX•.") == "" || s == "?" {
		return true
	}
	if strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") {
		return true
	}
	if (strings.HasPrefix(s, "{{") && strings.HasSuffix(s, "}}")) || (strings.HasPrefix(s, "${") && strings.HasSuffix(s, "}")) {
		return true
	}
	return strings.HasPrefix(s, "$") && len(s) > 1 && strings.Trim(s[1:], "0123456789") == ""
}

// secretAnchor is one anchor of secretPatterns[pattern], in lower case.
type secretAnchor struct {
	text    string
	pattern int
}

// secretAnchorIndex finds where an anchor may start in two table
// lookups: group[b] is non-zero for a byte that starts an anchor, in
// either case (or, as unicodeFold, a non-ASCII letter that
// strings.ToLower turns into ASCII), second[group] holds the lower-case
// bytes that follow it in some anchor, and anchors[group] the anchors.
type secretAnchorIndex struct {
	group   [256]uint8
	second  [][4]uint64
	anchors [][]secretAnchor
}

const unicodeFold = 255

var secretAnchors = func() *secretAnchorIndex {
	x := &secretAnchorIndex{second: make([][4]uint64, 1), anchors: make([][]secretAnchor, 1)}
	for i, sp := range secretPatterns {
		for _, a := range sp.anchors {
			if len(a) < 2 || a != strings.ToLower(a) || !isASCII(a) {
				panic("agentplan: secret anchor " + a + " must be lower-case ASCII of two bytes or more")
			}
			g := x.group[a[0]]
			if g == 0 {
				g = uint8(len(x.anchors))
				x.second = append(x.second, [4]uint64{})
				x.anchors = append(x.anchors, nil)
				x.group[a[0]], x.group[upperASCII(a[0])] = g, g
			}
			x.second[g][a[1]>>6] |= 1 << (a[1] & 63)
			x.anchors[g] = append(x.anchors[g], secretAnchor{a, i})
		}
	}
	// The first bytes of U+0130 and U+212A.
	x.group[0xC4], x.group[0xE2] = unicodeFold, unicodeFold
	return x
}()

// secretCandidates has bit i set when secretPatterns[i] may match s: when
// strings.ToLower(s) contains one of its anchors. It reads s once and
// does not allocate. The anchors are ASCII, and the only non-ASCII
// letters that strings.ToLower turns into ASCII are U+0130 (İ → i) and
// U+212A (Kelvin sign → k): a string with either takes the general path,
// any other keeps its ASCII bytes where they were, lowered.
func secretCandidates(s string) uint32 {
	x := secretAnchors
	var mask uint32
	for i := 0; i < len(s); i++ {
		g := x.group[s[i]]
		switch {
		case g == 0:
			continue
		case g == unicodeFold:
			if strings.HasPrefix(s[i:], "\u0130") || strings.HasPrefix(s[i:], "\u212A") {
				return secretCandidatesLowered(strings.ToLower(s))
			}
			continue
		case i+1 == len(s):
			continue
		}
		if c := lowerASCII(s[i+1]); x.second[g][c>>6]&(1<<(c&63)) == 0 {
			continue
		}
		for _, a := range x.anchors[g] {
			if mask&(1<<a.pattern) == 0 && hasLowerPrefix(s[i:], a.text) {
				mask |= 1 << a.pattern
			}
		}
	}
	return mask
}

func secretCandidatesLowered(lower string) uint32 {
	var mask uint32
	for i, sp := range secretPatterns {
		for _, a := range sp.anchors {
			if strings.Contains(lower, a) {
				mask |= 1 << i
				break
			}
		}
	}
	return mask
}

// hasLowerPrefix reports whether s starts with the lower-case ASCII
// prefix, ignoring the case of ASCII letters in s.
func hasLowerPrefix(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lowerASCII(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// scanSecret reports the raw secrets in s, a string under the object key
// key; the path is that of the value being walked.
func (v *validator) scanSecret(step, key, s string) {
	const how = "remove it and let the tool read the secret at run time from a secret store or the environment"
	const howFA = "آن را حذف کنید و بگذارید ابزار هنگام اجرا راز را از انبار رازها یا متغیرهای محیطی بخواند"
	if secretKeys.has(key) && !placeholderValue(s) {
		v.add(RuleSecretRaw, step, v.pointer(),
			fmt.Sprintf("%s holds a literal secret; %s.", quote(key), how),
			fmt.Sprintf("%s یک راز را به‌صورت خام در خود دارد؛ %s.", quote(key), howFA), "")
	}
	if cands := secretCandidates(s); cands != 0 {
		for i, sp := range secretPatterns {
			if cands&(1<<i) == 0 {
				continue
			}
			for _, m := range sp.re.FindAllStringSubmatch(s, -1) {
				if sp.group > 0 && placeholderValue(m[sp.group]) {
					continue
				}
				shown := mask(m[0])
				v.add(RuleSecretRaw, step, v.pointer(),
					fmt.Sprintf("The value holds a raw %s (%s); %s.", sp.en, shown, how),
					fmt.Sprintf("مقدار یک %s خام دارد (%s)؛ %s.", sp.fa, shown, howFA), "")
				break
			}
		}
	}
	for _, re := range v.policy.DenyTokens {
		// Every match starts with the literal prefix, so a string without
		// it is skipped before the regexp machine is set up.
		if prefix, _ := re.LiteralPrefix(); prefix != "" && !strings.Contains(s, prefix) {
			continue
		}
		if loc := re.FindStringIndex(s); loc != nil {
			shown := mask(s[loc[0]:loc[1]])
			v.add(RuleSecretRaw, step, v.pointer(),
				fmt.Sprintf("The value matches the policy's deny_tokens_regex %s (%s); %s.", quote(re.String()), shown, how),
				fmt.Sprintf("مقدار با الگوی deny_tokens_regex سیاست %s جور است (%s)؛ %s.", quote(re.String()), shown, howFA), "")
		}
	}
}

// mask shows enough of a secret to find it, and no more.
func mask(s string) string {
	r := []rune(s)
	if len(r) <= 8 {
		return "…"
	}
	return string(r[:4]) + "…"
}
