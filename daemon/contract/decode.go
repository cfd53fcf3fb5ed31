package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// Decode parses JSON for validation as encoding/json reads it into an
// any with UseNumber: numbers stay json.Number so integer rules see
// exactly what the client sent, a repeated member keeps its last value,
// nesting is bounded by encoding/json's own limit, and trailing data is
// an error.
//
// Most plans are plain, valid JSON, and decoding them is most of what
// linting a file costs: encoding/json spends ~16 µs on a 1 KB plan, two
// thirds of it in its reflection-driven scanner. So a plan is first read
// by fastDecode, a small parser that builds the same values directly and
// shares one copy of the text among its unescaped strings (~4 µs); it
// gives up, without an opinion, on anything it does not take on — a
// syntax error, invalid UTF-8, a lone surrogate, deep nesting — and
// encoding/json then decides, with its own errors and repairs. FuzzDecode
// holds the two to the same values.
func Decode(data []byte) (any, error) {
	if v, ok := fastDecode(data); ok {
		return v, nil
	}
	return decodeStandard(data)
}

// decodeStandard is Decode by encoding/json alone.
func decodeStandard(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

// fastMaxDepth stays below encoding/json's nesting limit (10,000), so
// that what is refused for its depth is refused by encoding/json.
const fastMaxDepth = 1000

// fastParser reads one JSON text. src is the text as one string, so an
// unescaped string value or member name is a substring of it, not a copy.
type fastParser struct {
	data  []byte
	src   string
	pos   int
	depth int
}

// fastDecode parses data when it is valid JSON it can read exactly as
// encoding/json does; ok is false otherwise, and then nothing is known
// about data.
func fastDecode(data []byte) (v any, ok bool) {
	p := fastParser{data: data, src: string(data)}
	v, ok = p.value()
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.pos == len(data)
}

func (p *fastParser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *fastParser) value() (any, bool) {
	p.space()
	if p.pos >= len(p.data) {
		return nil, false
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, ok := p.string()
		if !ok {
			return nil, false
		}
		return s, true
	case c == '-' || ('0' <= c && c <= '9'):
		return p.number()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return nil, false
}

func (p *fastParser) literal(word string) bool {
	if len(p.data)-p.pos < len(word) || p.src[p.pos:p.pos+len(word)] != word {
		return false
	}
	p.pos += len(word)
	return true
}

func (p *fastParser) object() (any, bool) {
	if p.depth++; p.depth > fastMaxDepth {
		return nil, false
	}
	p.pos++ // {
	m := map[string]any{}
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.depth--
		return m, true
	}
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, false
		}
		name, ok := p.string()
		if !ok {
			return nil, false
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, false
		}
		p.pos++
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		m[name] = v
		p.space()
		if p.pos >= len(p.data) {
			return nil, false
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			p.depth--
			return m, true
		default:
			return nil, false
		}
	}
}

func (p *fastParser) array() (any, bool) {
	if p.depth++; p.depth > fastMaxDepth {
		return nil, false
	}
	p.pos++ // [
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.depth--
		return []any{}, true
	}
	a := make([]any, 0, 4)
	for {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		a = append(a, v)
		p.space()
		if p.pos >= len(p.data) {
			return nil, false
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			p.depth--
			return a, true
		default:
			return nil, false
		}
	}
}

// string reads a string at p.pos (its opening quote). Unescaped text is
// shared with src; escapes are written out. Control characters, invalid
// UTF-8 and lone surrogates are left to encoding/json, which repairs or
// refuses them in its own way.
func (p *fastParser) string() (string, bool) {
	start := p.pos + 1
	ascii := true
	for i := start; i < len(p.data); i++ {
		if !stringSpecial[p.data[i]] {
			continue
		}
		switch c := p.data[i]; {
		case c == '"':
			s := p.src[start:i]
			if !ascii && !utf8.ValidString(s) {
				return "", false
			}
			p.pos = i + 1
			return s, true
		case c == '\\':
			return p.escapedString(start, i)
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}

// stringSpecial marks the bytes a string's scan stops at: the closing
// quote, an escape, a control character, and the lead of a non-ASCII
// character; one table lookup a byte skips the rest.
var stringSpecial = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= utf8.RuneSelf
	}
	return t
}()

// escapedString finishes a string whose first escape is at i.
func (p *fastParser) escapedString(start, i int) (string, bool) {
	buf := make([]byte, 0, i-start+16)
	buf = append(buf, p.data[start:i]...)
	for i < len(p.data) {
		c := p.data[i]
		switch {
		case c == '"':
			if !utf8.Valid(buf) {
				return "", false
			}
			p.pos = i + 1
			return string(buf), true
		case c < 0x20:
			return "", false
		case c != '\\':
			buf = append(buf, c)
			i++
			continue
		}
		if i+1 >= len(p.data) {
			return "", false
		}
		switch p.data[i+1] {
		case '"', '\\', '/':
			buf = append(buf, p.data[i+1])
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := hex4(p.data, i+2)
			if !ok {
				return "", false
			}
			if utf16.IsSurrogate(r) {
				// Only a high surrogate followed by an escaped low one
				// makes a character; encoding/json decides the rest.
				if r >= 0xdc00 || i+11 >= len(p.data) || p.data[i+6] != '\\' || p.data[i+7] != 'u' {
					return "", false
				}
				low, ok := hex4(p.data, i+8)
				if !ok || low < 0xdc00 || low > 0xdfff {
					return "", false
				}
				buf = utf8.AppendRune(buf, utf16.DecodeRune(r, low))
				i += 12
				continue
			}
			buf = utf8.AppendRune(buf, r)
			i += 6
			continue
		default:
			return "", false
		}
		i += 2
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape at data[i:].
func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// number reads a number by JSON's grammar and keeps its text.
func (p *fastParser) number() (any, bool) {
	end := numberEnd(p.src, p.pos)
	if end < 0 {
		return nil, false
	}
	start := p.pos
	p.pos = end
	return json.Number(p.src[start:end]), true
}

// numberEnd returns where the number that begins at s[i] ends, or -1
// when s[i:] does not begin with a number by JSON's grammar.
func numberEnd(s string, i int) int {
	digits := func() bool {
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if !digits() {
		return -1
	}
	if i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return -1
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return -1
		}
	}
	return i
}

// IsNumber reports whether s is a number by JSON's grammar, as
// encoding/json checks a json.Number before writing it.
func IsNumber(s string) bool { return numberEnd(s, 0) == len(s) }
