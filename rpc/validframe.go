package rpc

import "unicode/utf8"

// validFrame reports, in one pass, what handleFrame needs to know before
// it reads a frame: that it is valid UTF-8, nests no deeper than
// maxDepth, and is one valid JSON text. It is exactly
//
//	utf8.Valid(b) && !tooDeep(b, maxDepth) && json.Valid(b)
//
// (FuzzValidFrame checks it), which as three scans cost a tenth of a
// quick call. On false, handleFrame runs the three checks to say which
// one failed.
func validFrame(b []byte, maxDepth int) bool {
	v := frameValidator{b: b, maxDepth: maxDepth}
	v.space()
	if !v.value() {
		return false
	}
	v.space()
	return v.i == len(b)
}

type frameValidator struct {
	b        []byte
	i        int
	depth    int
	maxDepth int
}

func (v *frameValidator) space() {
	for v.i < len(v.b) {
		switch v.b[v.i] {
		case ' ', '\t', '\n', '\r':
			v.i++
		default:
			return
		}
	}
}

// value reads one value. Containers recurse; the depth limit (a few dozen)
// bounds the recursion.
func (v *frameValidator) value() bool {
	if v.i >= len(v.b) {
		return false
	}
	switch c := v.b[v.i]; {
	case c == '{':
		return v.container('}')
	case c == '[':
		return v.container(']')
	case c == '"':
		return v.string()
	case c == '-' || c >= '0' && c <= '9':
		return v.number()
	case c == 't':
		return v.literal("true")
	case c == 'f':
		return v.literal("false")
	case c == 'n':
		return v.literal("null")
	}
	return false
}

func (v *frameValidator) literal(word string) bool {
	if len(v.b)-v.i < len(word) || string(v.b[v.i:v.i+len(word)]) != word {
		return false
	}
	v.i += len(word)
	return true
}

func (v *frameValidator) enter() bool {
	v.depth++
	v.i++
	return v.depth <= v.maxDepth
}

// container reads an object (close '}') or an array (close ']').
func (v *frameValidator) container(close byte) bool {
	if !v.enter() {
		return false
	}
	v.space()
	if v.i < len(v.b) && v.b[v.i] == close {
		v.i++
		v.depth--
		return true
	}
	for {
		if close == '}' && !v.memberName() || !v.value() {
			return false
		}
		v.space()
		if v.i >= len(v.b) {
			return false
		}
		switch v.b[v.i] {
		case ',':
			v.i++
			v.space()
		case close:
			v.i++
			v.depth--
			return true
		default:
			return false
		}
	}
}

// memberName reads an object member's name and its colon.
func (v *frameValidator) memberName() bool {
	if v.i >= len(v.b) || v.b[v.i] != '"' || !v.string() {
		return false
	}
	v.space()
	if v.i >= len(v.b) || v.b[v.i] != ':' {
		return false
	}
	v.i++
	v.space()
	return true
}

func (v *frameValidator) string() bool {
	b := v.b
	for i := v.i + 1; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			v.i = i + 1
			return true
		case c == '\\':
			if i+1 >= len(b) {
				return false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return false
				}
				i += 6
			default:
				return false
			}
		case c < 0x20:
			return false
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				return false
			}
			i += size
		}
	}
	return false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (v *frameValidator) number() bool {
	b, i := v.b, v.i
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || b[i] < '0' || b[i] > '9' {
			return false
		}
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || b[i] < '0' || b[i] > '9' {
			return false
		}
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	v.i = i
	return true
}
