package answers

import (
	"bytes"
	"encoding/json"
	"io"
	"sort"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Decode reads the answers object of submissions.submit ({field_id:
// value}) under opts' limits, counting before it decodes: the body's size
// is checked first, then a byte scan counts its top-level keys and stops at
// the (MaxAnswers+1)th, so 10,000 answers cost the scan of a bounded prefix
// and no map. A key sent twice is an INVALID_SUBMISSION entry
// (duplicate_answer): which of the two the respondent meant is unknown.
// null is no answers; JSON that is not an object is INVALID_PARAMS.
func Decode(raw []byte, opts Options) (map[string]json.RawMessage, error) {
	opts = opts.withDefaults()
	// Keys, values and the punctuation between them: a body larger than
	// this cannot be within MaxTotalBytes.
	if len(raw) > opts.MaxTotalBytes+8*opts.MaxAnswers+64 {
		return nil, totalTooLarge(opts.MaxTotalBytes)
	}
	n := countKeys(raw, opts.MaxAnswers)
	if n > opts.MaxAnswers {
		return nil, tooManyAnswers(opts.MaxAnswers)
	}
	t := trimJSON(raw)
	if string(t) == "null" {
		return map[string]json.RawMessage{}, nil // no answers
	}
	var m map[string]json.RawMessage
	if len(t) == 0 || t[0] != '{' || json.Unmarshal(t, &m) != nil {
		return nil, notObject()
	}
	if len(m) != n {
		// In valid JSON countKeys counts every key: fewer entries mean a
		// key was sent twice, which the token reader names.
		return decodeTokens(raw, opts)
	}
	if err := checkSize(m, opts); err != nil {
		return nil, err
	}
	return m, nil
}

func notObject() error {
	return domain.InvalidParams("answers must be a JSON object of field id to answer")
}

// decodeTokens reads the object key by key, to find the keys sent twice.
func decodeTokens(raw []byte, opts Options) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, notObject()
	}
	out := map[string]json.RawMessage{}
	var twice []string
	total := 0
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, notObject()
		}
		key, _ := tok.(string)
		if len(out)+len(twice) >= opts.MaxAnswers {
			return nil, tooManyAnswers(opts.MaxAnswers)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, notObject()
		}
		if len(v) > opts.MaxValueBytes {
			return nil, valueTooLarge(key, opts.MaxValueBytes)
		}
		if total += len(key) + len(v); total > opts.MaxTotalBytes {
			return nil, totalTooLarge(opts.MaxTotalBytes)
		}
		if _, dup := out[key]; dup {
			twice = append(twice, key)
			continue
		}
		out[key] = v
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return nil, notObject()
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, notObject() // something after the object
	}
	if len(twice) > 0 {
		sort.Strings(twice)
		var fields []FieldError
		for i, id := range twice {
			if i == 0 || twice[i-1] != id {
				fields = append(fields, entry(echoID(id), ReasonDuplicate))
			}
		}
		return nil, invalid(fields)
	}
	return out, nil
}

// countKeys counts the keys of the top-level object in raw, stopping once
// there are more than limit: a scan of bytes, no tokens, so a body of
// 10,000 answers is refused after the bytes of the first limit+1. It
// trusts nothing: malformed JSON only miscounts, and the decoder that
// follows refuses it.
func countKeys(raw []byte, limit int) int {
	n, depth, inString := 0, 0, false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ':':
			if depth == 1 {
				if n++; n > limit {
					return n
				}
			}
		}
	}
	return n
}
