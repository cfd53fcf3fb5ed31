package lint

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// elementEncoder writes one report the way encoding a whole []FileReport
// (or, for a single file, the bare report) with encoding/json, two-space
// indentation and no HTML escaping writes it, so that the files can be
// encoded independently and joined.
//
// Writing the normalised plan is most of a report's cost, and
// encoding/json spends ~20 µs on a 1 KB plan reflecting over maps of
// interfaces. A report whose plan is made of decoded JSON values (maps,
// slices, strings, json.Number, bools, nil) is written here directly:
// members sorted as encoding/json sorts a map's keys, plain strings
// copied between quotes and any other string quoted by jsontext. What
// this writer does not take on — a typed arshline plan, a string with
// U+2028 or U+2029 (which encoding/json escapes and jsontext does not),
// invalid UTF-8, a float or a json.Number that is not a number — goes to
// encoding/json whole. TestReportEncodingMatchesEncodingJSON and
// FuzzReportEncoding hold the two to the same bytes.
type elementEncoder struct {
	buf   bytes.Buffer
	array bool
	std   *json.Encoder
	out   []byte
	arena []byte
	// failed is set when the report has something for encoding/json.
	failed bool
}

func newElementEncoder(array bool) *elementEncoder {
	e := &elementEncoder{array: array}
	e.std = json.NewEncoder(&e.buf)
	e.std.SetEscapeHTML(false)
	if array {
		e.std.SetIndent("  ", "  ") // an element of the top-level array
	} else {
		e.std.SetIndent("", "  ")
	}
	return e
}

func (e *elementEncoder) encode(r FileReport) ([]byte, error) {
	e.failed = false
	e.out = e.writeReport(e.out[:0], r)
	if !e.failed {
		return e.keep(e.out), nil
	}
	e.buf.Reset()
	var err error
	if e.array {
		err = e.std.Encode(r)
	} else {
		err = e.std.Encode(r.Report)
	}
	if err != nil {
		return nil, err
	}
	return e.keep(bytes.TrimSuffix(e.buf.Bytes(), []byte("\n"))), nil
}

// arenaSize is the size of the blocks the encoded reports are kept in.
const arenaSize = 256 << 10

// keep copies an encoded report into the encoder's current block: the
// reports of a batch all wait for the last one, and one allocation per
// block instead of one per report spares the collector.
func (e *elementEncoder) keep(b []byte) []byte {
	if len(b) > cap(e.arena)-len(e.arena) {
		e.arena = make([]byte, 0, max(arenaSize, len(b)))
	}
	start := len(e.arena)
	e.arena = append(e.arena, b...)
	return e.arena[start:len(e.arena):len(e.arena)]
}

// indents is a new line and the indentation of the deepest lines most
// reports have; deeper ones are written in pieces.
const indents = "\n                                                                "

// newline starts a line at nesting depth.
func (e *elementEncoder) newline(b []byte, depth int) []byte {
	if e.array {
		depth++ // the top-level array's indentation
	}
	n := 1 + 2*depth
	if n <= len(indents) {
		return append(b, indents[:n]...)
	}
	b = append(b, indents...)
	for range (n - len(indents)) / 2 {
		b = append(b, "  "...)
	}
	return b
}

// member is one member of an object being written.
type member struct {
	name  string
	value any
}

// member starts an object member: a comma unless it is the first, the
// line, the name.
func (e *elementEncoder) member(b []byte, first bool, depth int, name string) []byte {
	if !first {
		b = append(b, ',')
	}
	b = e.newline(b, depth)
	b = e.str(b, name)
	return append(b, ':', ' ')
}

// quoted marks the bytes a string cannot be copied with as it is: those
// JSON escapes, and the lead of a non-ASCII character (U+2028 and
// invalid UTF-8 need a look).
var quoted = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c < ' ' || c == '"' || c == '\\' || c >= 0x80
	}
	return t
}()

// str writes a string as encoding/json does.
func (e *elementEncoder) str(b []byte, s string) []byte {
	plain := true
	for i := 0; i < len(s); i++ {
		if quoted[s[i]] {
			plain = false
			break
		}
	}
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	if strings.Contains(s, "\u2028") || strings.Contains(s, "\u2029") {
		e.failed = true
		return b
	}
	b, err := jsontext.AppendQuote(b, s)
	if err != nil {
		e.failed = true // invalid UTF-8: encoding/json writes \ufffd
	}
	return b
}

// writeReport writes r's members in the order of its struct fields.
func (e *elementEncoder) writeReport(b []byte, r FileReport) []byte {
	depth := 0
	if e.array {
		b = append(b, '{')
		b = e.member(b, true, 1, "file")
		b = e.str(b, r.File)
		b = e.member(b, false, 1, "report")
		depth = 1
	}
	rep := r.Report
	b = append(b, '{')
	b = e.member(b, true, depth+1, "contract")
	b = e.str(b, rep.Contract)
	b = e.member(b, false, depth+1, "valid")
	b = appendBool(b, rep.Valid)
	b = e.member(b, false, depth+1, "risk_score")
	score, err := json.Marshal(rep.RiskScore)
	if err != nil {
		e.failed = true
	}
	b = append(b, score...)
	b = e.member(b, false, depth+1, "violations")
	if len(rep.Violations) == 0 {
		b = append(b, '[', ']')
	} else {
		b = append(b, '[')
		for i, v := range rep.Violations {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.newline(b, depth+2)
			b = e.writeViolation(b, v, depth+2)
		}
		b = e.newline(b, depth+1)
		b = append(b, ']')
	}
	if rep.Normalized != nil {
		b = e.member(b, false, depth+1, "normalized")
		b = e.writeTree(b, rep.Normalized, depth+1)
	}
	b = e.newline(b, depth)
	b = append(b, '}')
	if e.array {
		b = e.newline(b, 0)
		b = append(b, '}')
	}
	return b
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

func (e *elementEncoder) writeViolation(b []byte, v contract.Violation, depth int) []byte {
	b = append(b, '{')
	b = e.member(b, true, depth+1, "rule")
	b = e.str(b, v.Rule)
	b = e.member(b, false, depth+1, "severity")
	b = e.str(b, string(v.Severity))
	if v.Step != "" {
		b = e.member(b, false, depth+1, "step")
		b = e.str(b, v.Step)
	}
	b = e.member(b, false, depth+1, "path")
	b = e.str(b, v.Path)
	b = e.member(b, false, depth+1, "message")
	b = e.str(b, v.Message)
	if v.Fix != "" {
		b = e.member(b, false, depth+1, "fix")
		b = e.str(b, v.Fix)
	}
	b = e.newline(b, depth)
	return append(b, '}')
}

// writeTree writes a decoded JSON value at nesting depth.
func (e *elementEncoder) writeTree(b []byte, v any, depth int) []byte {
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			return append(b, '{', '}')
		}
		// The members of a plan's objects fit on the stack, where
		// storing them needs no write barrier while the collector runs.
		var local [12]member
		sorted := local[:0]
		if len(t) > len(local) {
			sorted = make([]member, 0, len(t))
		}
		for k, v := range t {
			sorted = append(sorted, member{k, v})
		}
		slices.SortFunc(sorted, func(a, b member) int { return strings.Compare(a.name, b.name) })
		b = append(b, '{')
		for i, m := range sorted {
			b = e.member(b, i == 0, depth+1, m.name)
			b = e.writeTree(b, m.value, depth+1)
		}
		b = e.newline(b, depth)
		b = append(b, '}')
	case []any:
		if len(t) == 0 {
			return append(b, '[', ']')
		}
		b = append(b, '[')
		for i, x := range t {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.newline(b, depth+1)
			b = e.writeTree(b, x, depth+1)
		}
		b = e.newline(b, depth)
		b = append(b, ']')
	case string:
		b = e.str(b, t)
	case json.Number:
		if !contract.IsNumber(string(t)) {
			e.failed = true // encoding/json writes "" as 0 and refuses the rest
			return b
		}
		b = append(b, t...)
	case bool:
		b = appendBool(b, t)
	case nil:
		b = append(b, "null"...)
	default:
		e.failed = true
	}
	return b
}
