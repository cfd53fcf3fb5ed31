package results

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Reading stored answers. An export reads every answer of every
// submission, and encoding/json spent three quarters of a CSV export's
// time on them (about 30,000 rows/s in all, short of the 100,000 the
// export must keep). The stored list is always the same shape, written
// by encoding/json: [{"field": "…", "type": "…", "value": …, "typed": …}].
// So it is read here by a small scanner that finds each value's bytes and
// decodes only the strings it needs; a string with an escape, and
// anything the scanner does not expect, goes to encoding/json, so the
// result is the same either way.

// scanAnswers reads a stored answers list into list (reused). Field ids
// and types repeat from row to row: names keeps one copy of each, so
// that reading them allocates nothing, and the previous row's answer at
// the same place (still in list's spare capacity) is tried first, which
// costs a comparison of a few bytes instead of a map lookup.
func scanAnswers(b []byte, list []storedAnswer, names map[string]string) ([]storedAnswer, bool) {
	list = list[:0]
	var prev storedAnswer
	s := jscan{b: b}
	if !s.byte('[') {
		return list, false
	}
	if s.peek() == ']' {
		return list, true
	}
	for {
		if !s.byte('{') {
			return list, false
		}
		if len(list) < cap(list) {
			prev = list[:len(list)+1][len(list)]
		} else {
			prev = storedAnswer{}
		}
		if a, ok := s.compactAnswer(prev, names); ok {
			list = append(list, a)
			if s.byte(',') {
				continue
			}
			return list, s.byte(']')
		}
		var a storedAnswer
		for {
			if s.peek() != '"' {
				return list, false
			}
			key, ok := s.value()
			if !ok || !s.byte(':') {
				return list, false
			}
			v, ok := s.value()
			if !ok {
				return list, false
			}
			// Comparing string(key) allocates nothing.
			switch string(key) {
			case `"field"`:
				a.Field, ok = name(v, prev.Field, names)
			case `"type"`:
				a.Type, ok = name(v, prev.Type, names)
			case `"value"`:
				a.Value = v
			}
			if !ok {
				return list, false
			}
			if s.byte(',') {
				continue
			}
			if !s.byte('}') {
				return list, false
			}
			break
		}
		list = append(list, a)
		if s.byte(',') {
			continue
		}
		return list, s.byte(']')
	}
}

// compactAnswer reads the members of a stored answer written as
// encoding/json writes one, without spaces and in its order:
// "field":"…","type":"…","value":…[,"typed":…]} — the member names
// compared whole instead of read token by token, which halves the
// scanner's work per answer. Anything else (an escaped quote in an id,
// other spacing or order) leaves s where it was, for the general reader.
func (s *jscan) compactAnswer(prev storedAnswer, names map[string]string) (a storedAnswer, ok bool) {
	at := s.i
	field, ok := s.literalThenString(`"field":`)
	if ok {
		a.Field, ok = name(field, prev.Field, names)
	}
	var typ []byte
	if ok {
		typ, ok = s.literalThenString(`,"type":`)
	}
	if ok {
		a.Type, ok = name(typ, prev.Type, names)
	}
	if ok {
		ok = s.literal(`,"value":`)
	}
	if ok {
		a.Value, ok = s.value()
	}
	if ok && s.literal(`,"typed":`) {
		_, ok = s.value()
	}
	if ok && s.literal("}") {
		return a, true
	}
	s.i = at
	return storedAnswer{}, false
}

// literal consumes lit if the text goes on with it.
func (s *jscan) literal(lit string) bool {
	if len(s.b)-s.i >= len(lit) && string(s.b[s.i:s.i+len(lit)]) == lit {
		s.i += len(lit)
		return true
	}
	return false
}

// literalThenString consumes lit and the string token after it, which
// must hold no escaped quote; it returns the token, quotes included.
func (s *jscan) literalThenString(lit string) ([]byte, bool) {
	if !s.literal(lit) || s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	end := bytes.IndexByte(s.b[s.i+1:], '"')
	if end < 0 || s.b[s.i+end] == '\\' {
		return nil, false
	}
	tok := s.b[s.i : s.i+end+2]
	s.i += end + 2
	return tok, true
}

// jscan walks JSON text.
type jscan struct {
	b []byte
	i int
}

func (s *jscan) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\n' || s.b[s.i] == '\t' || s.b[s.i] == '\r') {
		s.i++
	}
}

func (s *jscan) peek() byte {
	s.space()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// byte consumes c if it comes next.
func (s *jscan) byte(c byte) bool {
	if s.peek() == c {
		s.i++
		return true
	}
	return false
}

// str reads a string token and decodes it.
func (s *jscan) str() (string, bool) {
	if s.peek() != '"' {
		return "", false
	}
	v, ok := s.value()
	if !ok {
		return "", false
	}
	return jsonString(v)
}

// value returns the bytes of the next value, whatever it is: a string,
// a list or an object with all it holds, or a number or literal up to
// the next delimiter.
func (s *jscan) value() ([]byte, bool) {
	s.space()
	start, depth := s.i, 0
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			// To the closing quote: the next quote not escaped, found
			// by bytes.IndexByte (a Persian answer is a long string).
			for {
				j := bytes.IndexByte(s.b[s.i+1:], '"')
				if j < 0 {
					return nil, false
				}
				s.i += 1 + j
				escapes := 0
				for k := s.i - 1; s.b[k] == '\\'; k-- {
					escapes++
				}
				if escapes%2 == 0 {
					break
				}
			}
			s.i++
		case c == '[' || c == '{':
			depth++
			s.i++
		case c == ']' || c == '}':
			if depth == 0 { // the end of the list or object around a number
				return s.b[start:s.i], s.i > start
			}
			depth--
			s.i++
		case depth == 0 && (c == ',' || c == ':' || c == ' ' || c == '\n' || c == '\t' || c == '\r'):
			return s.b[start:s.i], s.i > start
		default:
			s.i++
		}
		if depth == 0 && (c == '"' || c == ']' || c == '}') {
			return s.b[start:s.i], true
		}
	}
	return s.b[start:s.i], depth == 0 && s.i > start
}

// name decodes a string token: prev when the token is prev unescaped,
// else through names, the strings seen before.
func name(v []byte, prev string, names map[string]string) (string, bool) {
	if len(v) == len(prev)+2 && string(v[1:len(v)-1]) == prev && v[0] == '"' && bytes.IndexByte(v, '\\') < 0 {
		return prev, true
	}
	if s, ok := names[string(v)]; ok {
		return s, true
	}
	s, ok := jsonString(v)
	if ok && len(names) < 4096 {
		names[string(v)] = s
	}
	return s, ok
}

// jsonString decodes a string token: its bytes when it has no escape,
// else through encoding/json.
func jsonString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	inner := v[1 : len(v)-1]
	for _, c := range inner {
		if c == '\\' || c < 0x20 {
			var out string
			err := json.Unmarshal(v, &out)
			return out, err == nil
		}
	}
	// encoding/json wrote it, so it is valid UTF-8 (invalid bytes were
	// written as U+FFFD).
	return string(inner), true
}

// jsonStrings decodes a list of strings (a checkbox answer).
func jsonStrings(v []byte) ([]string, bool) {
	s := jscan{b: v}
	if !s.byte('[') {
		return nil, false
	}
	var out []string
	if s.byte(']') {
		return out, true
	}
	for {
		str, ok := s.str()
		if !ok {
			return nil, false
		}
		out = append(out, str)
		if s.byte(',') {
			continue
		}
		return out, s.byte(']') && s.peek() == 0
	}
}

// jsonNumber decodes a number.
func jsonNumber(v []byte) (float64, bool) {
	f, err := strconv.ParseFloat(string(v), 64)
	return f, err == nil
}
