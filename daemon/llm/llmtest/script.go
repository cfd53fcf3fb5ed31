package llmtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// scriptReply is a Reply as written in a script file: content may be a
// JSON value instead of a string holding one (far easier to write by
// hand), delay is a Go duration ("1.5s") or milliseconds, retry_after a
// string or a number.
type scriptReply struct {
	Status       int             `json:"status"`
	Content      json.RawMessage `json:"content"`
	FinishReason string          `json:"finish_reason"`
	Refusal      string          `json:"refusal"`
	Delay        json.RawMessage `json:"delay"`
	RetryAfter   json.RawMessage `json:"retry_after"`
	RawBody      string          `json:"raw_body"`
	Usage        Usage           `json:"usage"`
	ErrorCode    string          `json:"error_code"`
	ErrorMessage string          `json:"error_message"`
}

// ParseScript reads a JSON array of replies, the format of fakeopenai's
// -script file:
//
//	[{"content": {"intent": "generate", …}, "delay": "200ms"},
//	 {"status": 429, "retry_after": 1},
//	 {"status": 400, "error_code": "context_length_exceeded"}]
func ParseScript(data []byte) ([]Reply, error) {
	var raw []scriptReply
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("llmtest: script: %w", err)
	}
	out := make([]Reply, 0, len(raw))
	for i, r := range raw {
		rep := Reply{
			Status: r.Status, FinishReason: r.FinishReason, Refusal: r.Refusal, RawBody: r.RawBody,
			Usage: r.Usage, ErrorCode: r.ErrorCode, ErrorMessage: r.ErrorMessage,
		}
		var err error
		if rep.Content, err = contentText(r.Content); err != nil {
			return nil, fmt.Errorf("llmtest: script reply %d: content: %w", i, err)
		}
		if rep.Delay, err = delayOf(r.Delay); err != nil {
			return nil, fmt.Errorf("llmtest: script reply %d: delay: %w", i, err)
		}
		if rep.RetryAfter, err = retryAfterText(r.RetryAfter); err != nil {
			return nil, fmt.Errorf("llmtest: script reply %d: retry_after: %w", i, err)
		}
		out = append(out, rep)
	}
	return out, nil
}

func contentText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return "", err
	}
	return buf.String(), nil
}

func delayOf(raw json.RawMessage) (time.Duration, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return 0, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		d, err := time.ParseDuration(s)
		if err == nil && d < 0 {
			return 0, fmt.Errorf("%q is negative", s)
		}
		return d, err
	}
	var ms float64
	if err := json.Unmarshal(raw, &ms); err != nil {
		return 0, err
	}
	if ms < 0 {
		return 0, fmt.Errorf("%v ms is negative", ms)
	}
	return time.Duration(ms * float64(time.Millisecond)), nil
}

func retryAfterText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	var n float64
	if err := json.Unmarshal(raw, &n); err != nil {
		return "", err
	}
	return strconv.FormatFloat(n, 'f', -1, 64), nil
}
