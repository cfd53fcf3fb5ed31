package contract

import (
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDecodeDepth matches encoding/json's nesting limit, so the fast path
// refuses nothing the standard decoder would take.
const maxDecodeDepth = 10000

// decodeFast parses well-formed JSON into the same values Decode's
// standard path gives (maps, slices, strings, json.Number, bools, nil),
// several times faster: plan.validate decodes every plan it is sent, and
// encoding/json's reflection over interface values was the largest share
// of that call. It reports ok=false on anything it does not take plainly
// — malformed text, invalid UTF-8, lone surrogates — and the standard
// decoder then decides, with its own error messages.
func decodeFast(data []byte) (v any, ok bool) {
	d := fastDecoder{data: data, words: interned.Load()}
	d.space()
	v, ok = d.value(0)
	if !ok {
		return nil, false
	}
	d.space()
	return v, d.pos == len(d.data)
}

// internTable holds the words of the contracts' plans — member names,
// action names, enumerated values — so that decoding one does not
// allocate them again: a 5-step plan spells some thirty of them, and each
// was two allocations (the text and its interface box). The table is
// replaced, never changed, so Decode reads it without a lock.
type internTable struct {
	keys   map[string]string
	values map[string]any
}

var (
	interned  atomic.Pointer[internTable]
	internMu  sync.Mutex // serializes Intern's copy-and-replace
	maxIntern = 40       // longer texts are rarely repeated words
)

// Intern adds words that plans of a contract repeat; the contract
// packages call it from init. Decoding gives the same values with or
// without it.
func Intern(words ...string) {
	internMu.Lock()
	defer internMu.Unlock()
	next := &internTable{keys: map[string]string{}, values: map[string]any{}}
	if old := interned.Load(); old != nil {
		for k, v := range old.keys {
			next.keys[k] = v
			next.values[k] = old.values[k]
		}
	}
	for _, w := range words {
		if len(w) <= maxIntern {
			next.keys[w] = w
			next.values[w] = any(w)
		}
	}
	interned.Store(next)
}

type fastDecoder struct {
	words *internTable // may be nil
	data  []byte
	pos   int
}

func (d *fastDecoder) space() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *fastDecoder) value(depth int) (any, bool) {
	if d.pos >= len(d.data) || depth > maxDecodeDepth {
		return nil, false
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object(depth + 1)
	case c == '[':
		return d.array(depth + 1)
	case c == '"':
		return d.string()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	}
	return nil, false
}

func (d *fastDecoder) literal(word string) bool {
	if len(d.data)-d.pos < len(word) || string(d.data[d.pos:d.pos+len(word)]) != word {
		return false
	}
	d.pos += len(word)
	return true
}

func (d *fastDecoder) object(depth int) (any, bool) {
	d.pos++ // {
	m := map[string]any{}
	d.space()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return m, true
	}
	for {
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, false
		}
		key, ok := d.key()
		if !ok {
			return nil, false
		}
		d.space()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, false
		}
		d.pos++
		d.space()
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		m[key] = v // a repeated key: the last one wins, as in encoding/json
		if done, ok := d.separator('}'); !ok {
			return nil, false
		} else if done {
			return m, true
		}
	}
}

func (d *fastDecoder) array(depth int) (any, bool) {
	d.pos++ // [
	a := []any{}
	d.space()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return a, true
	}
	for {
		v, ok := d.value(depth)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		if done, ok := d.separator(']'); !ok {
			return nil, false
		} else if done {
			return a, true
		}
	}
}

// separator reads what follows a member or an element: a comma (more
// follow) or close (the container is done).
func (d *fastDecoder) separator(close byte) (done, ok bool) {
	d.space()
	if d.pos >= len(d.data) {
		return false, false
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		d.space()
		return false, true
	case close:
		d.pos++
		return true, true
	}
	return false, false
}

// key reads a member name.
func (d *fastDecoder) key() (string, bool) {
	raw, plain, ok := d.stringBody()
	if !ok {
		return "", false
	}
	if plain && d.words != nil && len(raw) <= maxIntern {
		if w, found := d.words.keys[string(raw)]; found {
			return w, true
		}
	}
	return text(raw, plain)
}

func (d *fastDecoder) string() (any, bool) {
	raw, plain, ok := d.stringBody()
	if !ok {
		return nil, false
	}
	if plain && d.words != nil && len(raw) <= maxIntern {
		if w, found := d.words.values[string(raw)]; found {
			return w, true
		}
	}
	s, ok := text(raw, plain)
	if !ok {
		return nil, false
	}
	return s, true
}

// text is a string body as Go text; plain says it holds no escape.
func text(raw []byte, plain bool) (string, bool) {
	if !plain {
		return unescape(raw)
	}
	if !utf8.Valid(raw) {
		return "", false
	}
	return string(raw), true
}

// stringBody reads a string literal, returning the bytes between its
// quotes and whether they hold no escape.
func (d *fastDecoder) stringBody() (raw []byte, plain, ok bool) {
	d.pos++ // opening quote
	start := d.pos
	plain = true
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			raw = d.data[start:d.pos]
			d.pos++
			return raw, plain, true
		case c == '\\':
			plain = false
			d.pos += 2
		case c < 0x20:
			return nil, false, false
		default:
			d.pos++
		}
	}
	return nil, false, false
}

// unescape decodes a string body holding escapes. Lone or broken
// surrogates and invalid UTF-8 are left to the standard decoder, which
// replaces them with U+FFFD.
func unescape(raw []byte) (string, bool) {
	if !utf8.Valid(raw) {
		return "", false
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(raw) {
			return "", false
		}
		switch raw[i+1] {
		case '"', '\\', '/':
			out = append(out, raw[i+1])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(raw, i+2)
			if !ok {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
					return "", false
				}
				r2, ok := hex4(raw, i+2)
				if !ok {
					return "", false
				}
				r = utf16.DecodeRune(r, r2)
				if r == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return "", false
		}
		i += 2
	}
	return string(out), true
}

func hex4(raw []byte, at int) (rune, bool) {
	if at+4 > len(raw) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(raw[at:at+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(n), true
}

// number reads a number in JSON's grammar, kept as its literal text.
func (d *fastDecoder) number() (any, bool) {
	start := d.pos
	if d.data[d.pos] == '-' {
		d.pos++
	}
	switch {
	case d.pos < len(d.data) && d.data[d.pos] == '0':
		d.pos++
	case d.pos < len(d.data) && d.data[d.pos] >= '1' && d.data[d.pos] <= '9':
		d.digits()
	default:
		return nil, false
	}
	if d.pos < len(d.data) && d.data[d.pos] == '.' {
		d.pos++
		if !d.digits() {
			return nil, false
		}
	}
	if d.pos < len(d.data) && (d.data[d.pos] == 'e' || d.data[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.data) && (d.data[d.pos] == '+' || d.data[d.pos] == '-') {
			d.pos++
		}
		if !d.digits() {
			return nil, false
		}
	}
	return json.Number(d.data[start:d.pos]), true
}

func (d *fastDecoder) digits() bool {
	start := d.pos
	for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
		d.pos++
	}
	return d.pos > start
}
