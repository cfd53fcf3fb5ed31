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
	// members holds the members of the objects being written, for
	// sorting, as a stack shared by the levels.
	members []member
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
	e.out, e.members, e.failed = e.out[:0], e.members[:0], false
	e.writeReport(r)
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
func (e *elementEncoder) newline(depth int) {
	if e.array {
		depth++ // the top-level array's indentation
	}
	n := 1 + 2*depth
	if n <= len(indents) {
		e.out = append(e.out, indents[:n]...)
		return
	}
	e.out = append(e.out, indents...)
	for range (n - len(indents)) / 2 {
		e.out = append(e.out, "  "...)
	}
}

// member is one member of an object being written.
type member struct {
	name  string
	value any
}

// member starts an object member: a comma unless it is the first, the
// line, the name.
func (e *elementEncoder) member(first bool, depth int, name string) {
	if !first {
		e.out = append(e.out, ',')
	}
	e.newline(depth)
	e.str(name)
	e.out = append(e.out, ':', ' ')
}

// str writes a string as encoding/json does.
func (e *elementEncoder) str(s string) {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c == '"' || c == '\\' || c >= 0x80 {
			plain = false
			break
		}
	}
	if plain {
		e.out = append(e.out, '"')
		e.out = append(e.out, s...)
		e.out = append(e.out, '"')
		return
	}
	if strings.Contains(s, "\u2028") || strings.Contains(s, "\u2029") {
		e.failed = true
		return
	}
	var err error
	if e.out, err = jsontext.AppendQuote(e.out, s); err != nil {
		e.failed = true // invalid UTF-8: encoding/json writes \ufffd
	}
}

// writeReport writes r's members in the order of its struct fields.
func (e *elementEncoder) writeReport(r FileReport) {
	depth := 0
	if e.array {
		e.out = append(e.out, '{')
		e.member(true, 1, "file")
		e.str(r.File)
		e.member(false, 1, "report")
		depth = 1
	}
	rep := r.Report
	e.out = append(e.out, '{')
	e.member(true, depth+1, "contract")
	e.str(rep.Contract)
	e.member(false, depth+1, "valid")
	e.out = appendBool(e.out, rep.Valid)
	e.member(false, depth+1, "risk_score")
	score, err := json.Marshal(rep.RiskScore)
	if err != nil {
		e.failed = true
	}
	e.out = append(e.out, score...)
	e.member(false, depth+1, "violations")
	if len(rep.Violations) == 0 {
		e.out = append(e.out, '[', ']')
	} else {
		e.out = append(e.out, '[')
		for i, v := range rep.Violations {
			if i > 0 {
				e.out = append(e.out, ',')
			}
			e.newline(depth + 2)
			e.writeViolation(v, depth+2)
		}
		e.newline(depth + 1)
		e.out = append(e.out, ']')
	}
	if rep.Normalized != nil {
		e.member(false, depth+1, "normalized")
		e.writeTree(rep.Normalized, depth+1)
	}
	e.newline(depth)
	e.out = append(e.out, '}')
	if e.array {
		e.newline(0)
		e.out = append(e.out, '}')
	}
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

func (e *elementEncoder) writeViolation(v contract.Violation, depth int) {
	e.out = append(e.out, '{')
	e.member(true, depth+1, "rule")
	e.str(v.Rule)
	e.member(false, depth+1, "severity")
	e.str(string(v.Severity))
	if v.Step != "" {
		e.member(false, depth+1, "step")
		e.str(v.Step)
	}
	e.member(false, depth+1, "path")
	e.str(v.Path)
	e.member(false, depth+1, "message")
	e.str(v.Message)
	if v.Fix != "" {
		e.member(false, depth+1, "fix")
		e.str(v.Fix)
	}
	e.newline(depth)
	e.out = append(e.out, '}')
}

// writeTree writes a decoded JSON value at nesting depth.
func (e *elementEncoder) writeTree(v any, depth int) {
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			e.out = append(e.out, '{', '}')
			return
		}
		mark := len(e.members)
		for k, v := range t {
			e.members = append(e.members, member{k, v})
		}
		sorted := e.members[mark:]
		slices.SortFunc(sorted, func(a, b member) int { return strings.Compare(a.name, b.name) })
		e.out = append(e.out, '{')
		for i, m := range sorted {
			e.member(i == 0, depth+1, m.name)
			e.writeTree(m.value, depth+1)
		}
		clear(e.members[mark:])
		e.members = e.members[:mark]
		e.newline(depth)
		e.out = append(e.out, '}')
	case []any:
		if len(t) == 0 {
			e.out = append(e.out, '[', ']')
			return
		}
		e.out = append(e.out, '[')
		for i, x := range t {
			if i > 0 {
				e.out = append(e.out, ',')
			}
			e.newline(depth + 1)
			e.writeTree(x, depth+1)
		}
		e.newline(depth)
		e.out = append(e.out, ']')
	case string:
		e.str(t)
	case json.Number:
		if !contract.IsNumber(string(t)) {
			e.failed = true // encoding/json writes "" as 0 and refuses the rest
			return
		}
		e.out = append(e.out, t...)
	case bool:
		e.out = appendBool(e.out, t)
	case nil:
		e.out = append(e.out, "null"...)
	default:
		e.failed = true
	}
}
