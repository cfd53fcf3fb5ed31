package agentplan

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// compiledPolicy is a parsed policy with the problems found in it.
type compiledPolicy struct {
	policy   *Policy
	problems []PolicyProblem
}

// policyCache holds compiled policies by content, so that a policy's
// regular expressions and bounds are compiled once and not at every
// Validate: lint passes the same policy for every file, and RPC callers
// send the same few policies again and again. It is bounded: when full it
// starts over, which only costs a recompilation.
var policyCache = struct {
	sync.Mutex
	m map[string]*compiledPolicy
}{m: map[string]*compiledPolicy{}}

const policyCacheSize = 256

// recentPolicies are the last few policies looked up, each with a copy of
// the map it came from. Callers mostly pass the same policy again (lint
// passes one for every file, an RPC client sends the same one with every
// plan), and comparing a map with a copy neither allocates nor sorts,
// unlike fingerprinting it; a different policy usually differs at its
// first key. The comparison decides, not the map's identity, so a map
// changed in place is compiled anew. A new snapshot replaces the oldest.
var recentPolicies struct {
	slots [4]atomic.Pointer[policySnapshot]
	next  atomic.Uint32
}

type policySnapshot struct {
	raw      map[string]any // a copy the caller cannot change
	compiled *compiledPolicy
}

// compilePolicy returns the parsed policy for raw, from the cache when the
// same content was parsed before. The result is shared and read-only.
func compilePolicy(raw map[string]any) (*Policy, []PolicyProblem) {
	if len(raw) == 0 {
		return defaultPolicy.policy, nil
	}
	for i := range recentPolicies.slots {
		if r := recentPolicies.slots[i].Load(); r != nil && sameValue(r.raw, raw) {
			return r.compiled.policy, r.compiled.problems
		}
	}
	var b strings.Builder
	fingerprint(&b, raw)
	key := b.String()
	policyCache.Lock()
	c, ok := policyCache.m[key]
	policyCache.Unlock()
	if !ok {
		p, problems := parsePolicy(raw)
		c = &compiledPolicy{policy: p, problems: problems}
		policyCache.Lock()
		if len(policyCache.m) >= policyCacheSize {
			policyCache.m = map[string]*compiledPolicy{}
		}
		policyCache.m[key] = c
		policyCache.Unlock()
	}
	if snapshot, ok := copyValue(raw).(map[string]any); ok {
		slot := (recentPolicies.next.Add(1) - 1) % uint32(len(recentPolicies.slots))
		recentPolicies.slots[slot].Store(&policySnapshot{raw: snapshot, compiled: c})
	}
	return c.policy, c.problems
}

// copyValue deep-copies a decoded value for sameValue; nil stands for a
// value of a type it does not know, which then never compares equal.
func copyValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			c := copyValue(e)
			if c == nil && e != nil {
				return nil
			}
			m[k] = c
		}
		return m
	case []any:
		l := make([]any, len(t))
		for i, e := range t {
			c := copyValue(e)
			if c == nil && e != nil {
				return nil
			}
			l[i] = c
		}
		return l
	case nil, string, bool, json.Number, float64, float32, int, int64, uint64:
		return v
	}
	return nil
}

// sameValue reports whether two decoded values are equal with the same Go
// types, so that they fingerprint alike; numbers compare by their bits,
// since -0 and 0 show differently in messages. Types it does not know are
// never equal.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, e := range x {
			f, ok := y[k]
			if !ok || !sameValue(e, f) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case float32:
		y, ok := b.(float32)
		return ok && math.Float32bits(x) == math.Float32bits(y)
	case int:
		y, ok := b.(int)
		return ok && x == y
	case int64:
		y, ok := b.(int64)
		return ok && x == y
	case uint64:
		y, ok := b.(uint64)
		return ok && x == y
	}
	return false
}

var defaultPolicy = func() *compiledPolicy {
	p, problems := parsePolicy(nil)
	return &compiledPolicy{policy: p, problems: problems}
}()

// fingerprint writes a canonical, unambiguous form of a decoded policy:
// keys sorted, every value tagged with its kind and strings with their
// length, so two policies share a fingerprint only when they are equal.
func fingerprint(b *strings.Builder, v any) {
	switch t := v.(type) {
	case nil:
		b.WriteByte('n')
	case string:
		b.WriteByte('s')
		b.WriteString(strconv.Itoa(len(t)))
		b.WriteByte(':')
		b.WriteString(t)
	case bool:
		if t {
			b.WriteByte('T')
		} else {
			b.WriteByte('F')
		}
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for _, k := range keys {
			fingerprint(b, k)
			fingerprint(b, t[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for _, e := range t {
			fingerprint(b, e)
		}
		b.WriteByte(']')
	default:
		// Numbers of every Go type a decoder produces: the type is part
		// of the fingerprint, since parsing treats them differently.
		fmt.Fprintf(b, "%T:%v;", t, t)
	}
}
