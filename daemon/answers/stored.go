package answers

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The stored answer. A submission keeps its accepted answers as one JSON
// list, written by EncodeStored and read by StoredReader: the submit path
// writes it, the rollup counts it (FactsOf), the admin's pages show it and
// the export writes it out. Its shape is
//
//	[{"field": "…", "type": "…", "value": …, "typed": …, "verified": true}]
//
// in document order: value is the normalised answer (Answer.Value's
// JSON; a file answer's uploads with the name, size and type the daemon
// added), typed what the respondent sent, kept only when it is not the
// value's JSON already, and verified present when the respondent proved
// a mobile number with a code texted to it.

// Stored is one answer as a submission keeps it, its value and typed copy
// left as JSON until its type says how to read them.
type Stored struct {
	Field string          `json:"field"`
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
	Typed json.RawMessage `json:"typed,omitempty"`
	// Verified says the respondent proved the mobile number with a code
	// sent to it by SMS.
	Verified bool `json:"verified,omitempty"`
}

// EncodeStored returns the stored JSON of accepted answers; verified
// names the fields whose mobile number was proved by a texted code.
func EncodeStored(list []Answer, verified map[string]bool) ([]byte, error) {
	out := make([]Stored, len(list))
	for i, a := range list {
		value, err := json.Marshal(a.Value)
		if err != nil {
			return nil, err
		}
		out[i] = Stored{Field: a.Field, Type: a.Type, Value: value, Verified: verified[a.Field]}
		if t := bytes.TrimSpace(a.Typed); len(t) > 0 && !bytes.Equal(value, t) {
			out[i].Typed = a.Typed
		}
	}
	return json.Marshal(out)
}

// Answer reads the stored answer back as the judge made it: Value of the
// Go type Answer.Value names for its type, Typed what was sent (the
// value's JSON when the store kept no copy). ok is false when the value
// is not of its type's shape.
func (s Stored) Answer() (a Answer, ok bool) {
	a = Answer{Field: s.Field, Type: s.Type, Typed: s.Typed}
	if len(a.Typed) == 0 && s.Type != domain.FieldFile {
		a.Typed = s.Value
	}
	switch s.Type {
	case domain.FieldNumber:
		a.Value, ok = storedNumber(s.Value)
	case domain.FieldRating:
		var f float64
		if f, ok = storedNumber(s.Value); ok && f == math.Trunc(f) && math.Abs(f) < 1<<31 {
			a.Value = int(f)
		} else {
			a.Value = f
		}
	case domain.FieldCheckbox:
		a.Value, ok = storedStrings(s.Value)
	case domain.FieldMatrix:
		var m map[string]string
		ok = json.Unmarshal(s.Value, &m) == nil && m != nil
		a.Value = m
	case domain.FieldFile:
		var ups []Upload
		ok = json.Unmarshal(s.Value, &ups) == nil && ups != nil
		a.Value = ups
	default: // text, textarea, email, radio, select, date
		a.Value, ok = s.Text()
	}
	return a, ok
}

// Text is the value of an answer stored as a string (text, textarea,
// email, radio, select, date), as Answer reads it but without making
// the whole answer: an export reads millions.
func (s Stored) Text() (string, bool) { return storedString(s.Value) }

// NumberKey is the count key of a number: its shortest decimal form.
func NumberKey(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// MatrixKeySep joins a matrix answer's row and column in its count key.
const MatrixKeySep = "\x1f"

// Facts lists the counts one submission adds: for every answer, one
// "answered" fact (key ""), and one per option chosen, rating, number,
// date or matrix cell. Text, email and file answers count only as
// answered: their words are searched, not counted.
func Facts(list []Answer) []domain.AnswerFact {
	facts := make([]domain.AnswerFact, 0, 2*len(list))
	for _, a := range list {
		facts = append(facts, domain.AnswerFact{Field: a.Field})
		switch v := a.Value.(type) {
		case string:
			switch a.Type {
			case domain.FieldRadio, domain.FieldSelect, domain.FieldDate:
				facts = append(facts, domain.AnswerFact{Field: a.Field, Key: v})
			}
		case []string: // checkbox
			for _, o := range v {
				facts = append(facts, domain.AnswerFact{Field: a.Field, Key: o})
			}
		case float64: // number
			facts = append(facts, domain.AnswerFact{Field: a.Field, Key: NumberKey(v), Num: v})
		case int: // rating
			facts = append(facts, domain.AnswerFact{Field: a.Field, Key: strconv.Itoa(v), Num: float64(v)})
		case map[string]string: // matrix
			for row, col := range v {
				facts = append(facts, domain.AnswerFact{Field: a.Field, Key: row + MatrixKeySep + col})
			}
		}
	}
	return facts
}

// errStored: a stored answer is not of its type's shape.
var errStored = errors.New("answers: a stored answer is not of its type's shape")

// FactsOf reads a submission's stored answers into the counts they add,
// as Facts does for answers just judged.
func FactsOf(stored []byte) ([]domain.AnswerFact, error) {
	var r StoredReader
	list, err := r.Read(stored)
	if err != nil {
		return nil, err
	}
	out := make([]Answer, len(list))
	for i, s := range list {
		var ok bool
		if out[i], ok = s.Answer(); !ok {
			return nil, errStored
		}
	}
	return Facts(out), nil
}

// StoredReader reads stored answer lists, one submission after another.
//
// An export reads every answer of every submission, and encoding/json
// spent three quarters of a CSV export's time on them (about 30,000
// rows/s in all, short of the 100,000 the export must keep). The list
// is always the shape EncodeStored writes, so it is read here by a small
// scanner that finds each value's bytes and decodes only the strings it
// needs; a string with an escape, and anything the scanner does not
// expect, goes to encoding/json, so the result is the same either way
// (TestStoredReaderAgreesWithEncodingJSON, FuzzStoredReader).
//
// Field ids and types repeat from row to row: the reader keeps one copy
// of each, so that reading them allocates nothing, and tries the
// previous row's answer at the same place first, which costs a
// comparison of a few bytes instead of a map lookup. The store holds
// only what EncodeStored wrote: text that is not JSON may be read
// rather than refused. The zero value is ready to use; the list Read
// returns is reused by its next call.
type StoredReader struct {
	list  []Stored
	names map[string]string
}

// Read reads one submission's stored answers.
func (r *StoredReader) Read(b []byte) ([]Stored, error) {
	if r.names == nil {
		r.names = map[string]string{}
	}
	var ok bool
	if r.list, ok = scanStored(b, r.list, r.names); ok {
		return r.list, nil
	}
	r.list = r.list[:0]
	if err := json.Unmarshal(b, &r.list); err != nil {
		return nil, err
	}
	for i := range r.list {
		if string(r.list[i].Typed) == "null" {
			r.list[i].Typed = nil
		}
	}
	return r.list, nil
}

// scanStored reads a stored answers list into list (reused).
func scanStored(b []byte, list []Stored, names map[string]string) ([]Stored, bool) {
	list = list[:0]
	var prev Stored
	s := jscan{b: b}
	if !s.byte('[') {
		return list, false
	}
	if s.peek() == ']' {
		s.i++
		return list, s.peek() == 0
	}
	for {
		if !s.byte('{') {
			return list, false
		}
		if len(list) < cap(list) {
			prev = list[:len(list)+1][len(list)]
		} else {
			prev = Stored{}
		}
		a, ok := s.compactStored(prev, names)
		if !ok {
			if a, ok = s.generalStored(prev, names); !ok {
				return list, false
			}
		}
		list = append(list, a)
		if s.byte(',') {
			continue
		}
		return list, s.byte(']') && s.peek() == 0
	}
}

// generalStored reads the members of a stored answer in any order and
// spacing, after its '{'; members it does not know are skipped.
func (s *jscan) generalStored(prev Stored, names map[string]string) (a Stored, ok bool) {
	if s.byte('}') {
		return a, true
	}
	for {
		if s.peek() != '"' {
			return a, false
		}
		key, ok := s.value()
		if !ok || !s.byte(':') {
			return a, false
		}
		v, ok := s.value()
		if !ok {
			return a, false
		}
		// Comparing string(key) allocates nothing.
		switch string(key) {
		case `"field"`:
			a.Field, ok = name(v, prev.Field, names)
		case `"type"`:
			a.Type, ok = name(v, prev.Type, names)
		case `"value"`:
			a.Value = v
		case `"typed"`:
			if string(v) != "null" {
				a.Typed = v
			}
		case `"verified"`:
			switch string(v) {
			case "true":
				a.Verified = true
			case "false", "null":
			default:
				ok = false
			}
		}
		if !ok {
			return a, false
		}
		if s.byte(',') {
			continue
		}
		return a, s.byte('}')
	}
}

// compactStored reads the members of a stored answer written as
// EncodeStored writes one, without spaces and in its order:
// "field":"…","type":"…","value":…[,"typed":…][,"verified":true]} — the
// member names compared whole instead of read token by token, which
// halves the scanner's work per answer. Anything else (an escaped quote
// in an id, other spacing or order) leaves s where it was, for
// generalStored.
func (s *jscan) compactStored(prev Stored, names map[string]string) (a Stored, ok bool) {
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
		a.Typed, ok = s.value()
	}
	if ok && s.literal(`,"verified":true`) {
		a.Verified = true
	}
	if ok && s.literal("}") {
		return a, true
	}
	s.i = at
	return Stored{}, false
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
	return storedString(v)
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
	s, ok := storedString(v)
	if ok && len(names) < 4096 {
		names[string(v)] = s
	}
	return s, ok
}

// storedString decodes a string token: its bytes when it has no escape,
// else through encoding/json.
func storedString(v []byte) (string, bool) {
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

// storedStrings decodes a list of strings (a checkbox answer).
func storedStrings(v []byte) ([]string, bool) {
	s := jscan{b: v}
	if !s.byte('[') {
		return nil, false
	}
	out := []string{}
	if s.byte(']') {
		return out, s.peek() == 0
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

// storedNumber decodes a number.
func storedNumber(v []byte) (float64, bool) {
	f, err := strconv.ParseFloat(string(v), 64)
	return f, err == nil
}
