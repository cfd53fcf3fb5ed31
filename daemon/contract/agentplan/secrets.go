package agentplan

import (
	"regexp"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

type secretPattern struct {
	name domain.Text // what the value holds, for the message
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
	{name: domain.T("AWS access key"), anchors: []string{"akia", "asia", "agpa", "aida", "aroa", "aipa", "anpa", "anva"}, re: regexp.MustCompile(`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[0-9A-Z]{16}\b`)},
	{name: domain.T("private key"), anchors: []string{"private key"}, re: regexp.MustCompile(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----`)},
	{name: domain.T("JSON Web Token"), anchors: []string{"eyj"}, re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*`)},
	{name: domain.T("GitHub token"), anchors: []string{"gh", "github_pat_"}, re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})`)},
	{name: domain.T("Slack token"), anchors: []string{"xox"}, re: regexp.MustCompile(`\bxox[abprs]-[A-Za-z0-9-]{10,}`)},
	{name: domain.T("OpenAI API key"), anchors: []string{"sk-"}, re: regexp.MustCompile(`\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`)},
	{name: domain.T("password in a URL"), anchors: []string{"://"}, re: regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]+:([^/\s@]+)@`), group: 1},
	{name: domain.T("password"), anchors: []string{"passw", "pwd"}, re: regexp.MustCompile(`(?i)\b(?:password|passwd|pwd)\s*[:=]\s*("[^"]*"|'[^']*'|[^\s'",;&]+)`), group: 1},
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

// secretAnchorAutomaton finds every anchor of secretPatterns in one pass
// (Aho-Corasick, as a table): class folds a byte to its lower-case
// letter's class, next[state*classes+class] is the next state, and out
// holds the patterns whose anchors end in a state. The two bytes that
// start U+0130 and U+212A lead to the state foldState, which matches like
// the start but reports foldSeen, so the caller can take the general
// path for them. step is next and out packed for the scan: the next
// state's offset (state*classes) in the low 16 bits, its out in the high.
type secretAnchorAutomaton struct {
	class   [256]uint8
	classes int
	next    []uint8
	out     []uint16
	step    []uint32
	// longest is the length of the longest anchor.
	longest int
}

const foldSeen = 1 << 15

var secretAnchors = func() *secretAnchorAutomaton {
	a := &secretAnchorAutomaton{classes: 1} // class 0: any other byte
	type anchor struct {
		text    string
		pattern int
	}
	var anchors []anchor
	for i, sp := range secretPatterns {
		for _, t := range sp.anchors {
			if t == "" || t != strings.ToLower(t) || !isASCII(t) {
				panic("agentplan: secret anchor " + t + " must be lower-case ASCII")
			}
			anchors = append(anchors, anchor{t, i})
			a.longest = max(a.longest, len(t))
			for j := 0; j < len(t); j++ {
				if a.class[t[j]] == 0 {
					a.class[t[j]], a.class[upperASCII(t[j])] = uint8(a.classes), uint8(a.classes)
					a.classes++
				}
			}
		}
	}
	foldClass := a.classes
	a.class[0xC4], a.class[0xE2] = uint8(foldClass), uint8(foldClass)
	a.classes++
	// The trie; -1 is no edge yet.
	trie := [][]int{make([]int, a.classes)}
	out := []uint16{0}
	for i := range trie[0] {
		trie[0][i] = -1
	}
	for _, an := range anchors {
		st := 0
		for j := 0; j < len(an.text); j++ {
			c := a.class[an.text[j]]
			if trie[st][c] < 0 {
				row := make([]int, a.classes)
				for k := range row {
					row[k] = -1
				}
				trie = append(trie, row)
				out = append(out, 0)
				trie[st][c] = len(trie) - 1
			}
			st = trie[st][c]
		}
		out[st] |= 1 << an.pattern
	}
	foldState := len(trie)
	if foldState+1 > 256 {
		panic("agentplan: too many secret anchor states")
	}
	n := foldState + 1
	a.next = make([]uint8, n*a.classes)
	a.out = make([]uint16, n)
	copy(a.out, out)
	a.out[foldState] = foldSeen
	// Breadth first, each state's missing edges are its failure state's.
	fail := make([]int, len(trie))
	queue := []int{}
	for c := 0; c < a.classes; c++ {
		switch t := trie[0][c]; {
		case c == foldClass:
			a.next[c] = uint8(foldState)
		case t < 0:
			a.next[c] = 0
		default:
			a.next[c] = uint8(t)
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		a.out[st] |= a.out[fail[st]]
		for c := 0; c < a.classes; c++ {
			t := trie[st][c]
			if c == foldClass || t < 0 {
				a.next[st*a.classes+c] = a.next[fail[st]*a.classes+c]
				continue
			}
			fail[t] = int(a.next[fail[st]*a.classes+c])
			a.next[st*a.classes+c] = uint8(t)
			queue = append(queue, t)
		}
	}
	copy(a.next[foldState*a.classes:], a.next[:a.classes])
	if n*a.classes > 1<<16 {
		panic("agentplan: secret anchor table too large")
	}
	a.step = make([]uint32, len(a.next))
	for i, t := range a.next {
		a.step[i] = uint32(t)*uint32(a.classes) | uint32(a.out[t])<<16
	}
	return a
}()

// secretCandidates has bit i set when secretPatterns[i] may match s: when
// strings.ToLower(s) contains one of its anchors. It reads s once and
// does not allocate. The anchors are ASCII, and the only non-ASCII
// letters that strings.ToLower turns into ASCII are U+0130 (İ → i) and
// U+212A (Kelvin sign → k): a string with either takes the general path,
// any other keeps its ASCII bytes where they were, lowered.
//
// Each byte's step depends on the one before, so a long string is read as
// two halves at once: the first half extended by the longest anchor but
// one byte, so that it holds every anchor starting in it, and the second
// half, which holds every anchor starting there.
func secretCandidates(s string) uint32 {
	a := secretAnchors
	var seen uint32
	if h := len(s) / 2; h >= 16 && h >= a.longest {
		first, second := s[:h+a.longest-1], s[h:]
		off1, off2 := uint32(0), uint32(0)
		i := 0
		for ; i < len(first) && i < len(second); i++ {
			e1 := a.step[off1+uint32(a.class[first[i]])]
			e2 := a.step[off2+uint32(a.class[second[i]])]
			off1, off2 = e1&0xffff, e2&0xffff
			seen |= e1 | e2
		}
		for ; i < len(first); i++ {
			e := a.step[off1+uint32(a.class[first[i]])]
			off1 = e & 0xffff
			seen |= e
		}
		for ; i < len(second); i++ {
			e := a.step[off2+uint32(a.class[second[i]])]
			off2 = e & 0xffff
			seen |= e
		}
	} else {
		off := uint32(0)
		for i := 0; i < len(s); i++ {
			e := a.step[off+uint32(a.class[s[i]])]
			off = e & 0xffff
			seen |= e
		}
	}
	seen >>= 16
	if seen&foldSeen != 0 && (strings.Contains(s, "\u0130") || strings.Contains(s, "\u212A")) {
		return secretCandidatesLowered(strings.ToLower(s))
	}
	return seen &^ foldSeen
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

// scanSecret reports the raw secrets in s, a string under the object key
// key; the path is that of the value being walked.
func (v *validator) scanSecret(step, key, s string) {
	if secretKeys.has(key) && !placeholderValue(s) {
		v.add(RuleSecretRaw, step, v.pointer(),
			domain.T("%s holds a literal secret; remove it and let the tool read the secret at run time from a secret store or the environment.", quote(key)), "")
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
					domain.T("The value holds a raw %s (%s); remove it and let the tool read the secret at run time from a secret store or the environment.", sp.name, shown), "")
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
				domain.T("The value matches the policy's deny_tokens_regex %s (%s); remove it and let the tool read the secret at run time from a secret store or the environment.", quote(re.String()), shown), "")
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
