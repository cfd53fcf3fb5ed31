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
var secretKeys = wordSet("PASSWORD PASSWD PWD SECRET CLIENT_SECRET API_KEY APIKEY ACCESS_TOKEN AUTH_TOKEN PRIVATE_KEY")

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

// checkSecrets scans every string that reaches a tool or a log: the
// parameters, the goal, the context and the meta.
func (v *validator) checkSecrets(p *planView) {
	for _, s := range p.steps {
		if s != nil && s.params != nil {
			walkKeyed(s.params, s.path(s.paramsKey), "", func(path, key, str string) { v.scanSecret(s.id, path, key, str) })
		}
	}
	for _, k := range []string{"goal", "context", "meta"} {
		if val, ok := p.root[k]; ok {
			walkKeyed(val, "/"+k, k, func(path, key, str string) { v.scanSecret("", path, key, str) })
		}
	}
}

func (v *validator) scanSecret(step, path, key, s string) {
	const how = "remove it and let the tool read the secret at run time from a secret store or the environment"
	const howFA = "آن را حذف کنید و بگذارید ابزار هنگام اجرا راز را از انبار رازها یا متغیرهای محیطی بخواند"
	if secretKeys[strings.ToUpper(key)] && !placeholderValue(s) {
		v.add(RuleSecretRaw, step, path,
			fmt.Sprintf("%s holds a literal secret; %s.", quote(key), how),
			fmt.Sprintf("%s یک راز را به‌صورت خام در خود دارد؛ %s.", quote(key), howFA), "")
	}
	lower := strings.ToLower(s)
	for _, sp := range secretPatterns {
		if !containsAny(lower, sp.anchors) {
			continue
		}
		for _, m := range sp.re.FindAllStringSubmatch(s, -1) {
			if sp.group > 0 && placeholderValue(m[sp.group]) {
				continue
			}
			shown := mask(m[0])
			v.add(RuleSecretRaw, step, path,
				fmt.Sprintf("The value holds a raw %s (%s); %s.", sp.en, shown, how),
				fmt.Sprintf("مقدار یک %s خام دارد (%s)؛ %s.", sp.fa, shown, howFA), "")
			break
		}
	}
	for _, re := range v.policy.DenyTokens {
		if loc := re.FindStringIndex(s); loc != nil {
			shown := mask(s[loc[0]:loc[1]])
			v.add(RuleSecretRaw, step, path,
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

// walkKeyed is walkStrings that also passes the name of the object key
// holding each string (array elements inherit their array's key).
func walkKeyed(v any, path, key string, fn func(path, key, s string)) {
	switch t := v.(type) {
	case string:
		fn(path, key, t)
	case map[string]any:
		for _, k := range sortedKeys(t) {
			walkKeyed(t[k], path+"/"+escapePointer(k), k, fn)
		}
	case []any:
		for i, e := range t {
			walkKeyed(e, fmt.Sprintf("%s/%d", path, i), key, fn)
		}
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
