package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

const fuzzMaxDepth, fuzzMaxBatch = 32, 50

// FuzzDecodeFrame feeds arbitrary frames to the parse and dispatch path.
// Whatever arrives, the server must not panic, and must answer with one
// well-formed line exactly when the specification says so: never for
// notifications, one reply per request otherwise, with the request's id.
func FuzzDecodeFrame(f *testing.F) {
	for _, ex := range specExamples {
		f.Add([]byte(strings.ReplaceAll(ex.request, "\n", " ")))
	}
	for _, seed := range []string{
		``, `   `, `null`, `[[]]`, `[{}]`, `{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":null}`,
		`{"jsonrpc":"2.0","method":"sum","id":1,"id":2}`,
		`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":1,"subtrahend":2,"actor":{"user_id":1},"req_id":"abcdef"},"id":"x"}`,
		`{"jsonrpc":"2.0","method":"subtract","params":{"actor":{"user_id":1,"caps":["read"],"locale":"fa"},"req_id":"zz"},"id":1}`,
		"{\"jsonrpc\":\"2.0\",\"method\":\"s\\u0075m\",\"params\":[1],\"id\":\"\\u00e9\"}",
		"[\xff]", strings.Repeat("[", 40), `{"a":` + strings.Repeat(`{"a":`, 40),
	} {
		f.Add([]byte(seed))
	}
	srv := NewServer(withTestHooks(Config{MaxDepth: fuzzMaxDepth, MaxBatch: fuzzMaxBatch}), specMethods(&specCounters{}))
	f.Fuzz(func(t *testing.T, frame []byte) {
		if bytes.IndexByte(frame, '\n') >= 0 {
			return // the frame reader never hands these to dispatch
		}
		var out bytes.Buffer
		srv.handleFrame(context.Background(), Peer{}, frame, &out)
		checkReply(t, frame, out.Bytes())
	})
}

func checkReply(t *testing.T, frame, reply []byte) {
	if len(reply) > 0 {
		if reply[len(reply)-1] != '\n' || bytes.Count(reply, []byte("\n")) != 1 {
			t.Fatalf("reply is not one line: %q", reply)
		}
		if !json.Valid(reply) || !utf8.Valid(reply) {
			t.Fatalf("reply is not valid JSON: %q", reply)
		}
	}
	text := bytes.Trim(frame, " \t\r\n") // JSON whitespace only
	ok := len(text) > 0 && utf8.Valid(text) && json.Valid(text) && jsonDepth(text) <= fuzzMaxDepth
	if !ok {
		// Blank frames are skipped; anything else unreadable is one error.
		if len(text) == 0 {
			if len(reply) != 0 {
				t.Fatalf("reply to a blank frame: %q", reply)
			}
			return
		}
		r := singleReply(t, reply)
		if r.Error == nil || r.Error.Code != CodeParseError || string(r.ID) != "null" {
			t.Fatalf("unreadable frame %q got %q", frame, reply)
		}
		return
	}
	if text[0] != '[' {
		want := expectedReply(text)
		if !want.replied {
			if len(reply) != 0 {
				t.Fatalf("notification %q got a reply %q", frame, reply)
			}
			return
		}
		r := singleReply(t, reply)
		if want.id != nil && string(r.ID) != string(want.id) {
			t.Fatalf("request %q: reply id %s, want %s", frame, r.ID, want.id)
		}
		return
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(text, &elems); err != nil {
		t.Fatalf("valid array did not decode: %v", err)
	}
	if len(elems) == 0 || len(elems) > fuzzMaxBatch {
		r := singleReply(t, reply)
		if r.Error == nil || r.Error.Code != CodeInvalidRequest {
			t.Fatalf("batch of %d got %q", len(elems), reply)
		}
		return
	}
	wantIDs := map[string]int{}
	answered := 0
	for _, e := range elems {
		if w := expectedReply(e); w.replied {
			answered++
			if w.id != nil {
				wantIDs[string(w.id)]++
			}
		}
	}
	if answered == 0 {
		if len(reply) != 0 {
			t.Fatalf("batch of notifications %q got %q", frame, reply)
		}
		return
	}
	var replies []json.RawMessage
	if err := json.Unmarshal(reply, &replies); err != nil {
		t.Fatalf("batch reply is not an array: %q", reply)
	}
	if len(replies) != answered {
		t.Fatalf("batch %q: %d replies, want %d", frame, len(replies), answered)
	}
	for _, raw := range replies {
		r := wellFormed(t, raw)
		if wantIDs[string(r.ID)] > 0 {
			wantIDs[string(r.ID)]--
		}
	}
	for id, n := range wantIDs {
		if n > 0 {
			t.Fatalf("batch %q: no reply for id %s", frame, id)
		}
	}
}

type fuzzReply struct {
	ID     json.RawMessage
	Result json.RawMessage
	Error  *Error
}

func singleReply(t *testing.T, reply []byte) fuzzReply {
	if len(reply) == 0 {
		t.Fatal("no reply where one was due")
	}
	return wellFormed(t, bytes.Trim(reply, " \t\r\n"))
}

// wellFormed checks one response object against the specification.
func wellFormed(t *testing.T, raw []byte) fuzzReply {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		t.Fatalf("response is not an object: %q", raw)
	}
	if string(members["jsonrpc"]) != `"2.0"` {
		t.Fatalf("response without jsonrpc 2.0: %q", raw)
	}
	id, hasID := members["id"]
	_, hasResult := members["result"]
	errRaw, hasError := members["error"]
	if !hasID || hasResult == hasError {
		t.Fatalf("response needs an id and exactly one of result and error: %q", raw)
	}
	r := fuzzReply{ID: id, Result: members["result"]}
	if hasError {
		var e struct {
			Code    *int    `json:"code"`
			Message *string `json:"message"`
			Data    map[string]any
		}
		if err := json.Unmarshal(errRaw, &e); err != nil || e.Code == nil || e.Message == nil || e.Data["error"] == nil ||
			e.Data["message_fa"] == nil || e.Data["message_en"] == nil || e.Data["request_id"] == nil {
			t.Fatalf("malformed error object: %q", errRaw)
		}
		r.Error = &Error{Code: *e.Code, Message: *e.Message, Data: e.Data}
	}
	return r
}

type expectation struct {
	replied bool
	id      json.RawMessage // the id the reply must carry, when known
}

// expectedReply decides from the specification alone, with encoding/json
// rather than the server's scanners, whether an element is a notification
// (no reply) and which id a reply must carry.
func expectedReply(raw []byte) expectation {
	members, duplicate, ok := objectMembers(raw)
	if !ok || duplicate {
		return expectation{replied: true}
	}
	var version, method string
	versionOK := json.Unmarshal(members["jsonrpc"], &version) == nil && version == "2.0"
	m := members["method"]
	methodOK := len(m) > 0 && m[0] == '"' && json.Unmarshal(m, &method) == nil
	params, hasParams := members["params"]
	paramsOK := !hasParams || len(params) > 0 && (params[0] == '{' || params[0] == '[' || string(params) == "null")
	id, hasID := members["id"]
	idOK := !hasID || len(id) > 0 && (id[0] == '"' || id[0] == '-' || id[0] >= '0' && id[0] <= '9' || string(id) == "null")
	valid := versionOK && methodOK && paramsOK && idOK
	switch {
	case valid && !hasID:
		return expectation{replied: false}
	case valid:
		return expectation{replied: true, id: id}
	case !idOK || !hasID:
		return expectation{replied: true, id: json.RawMessage("null")}
	}
	return expectation{replied: true, id: id}
}

// objectMembers decodes the top level of a JSON object, noticing a
// duplicated protocol member, which encoding/json alone would hide.
func objectMembers(raw []byte) (map[string]json.RawMessage, bool, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, false, false
	}
	members := map[string]json.RawMessage{}
	duplicate := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false, false
		}
		key := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false, false
		}
		if _, seen := members[key]; seen {
			switch key {
			case "jsonrpc", "method", "params", "id":
				duplicate = true // other members belong to extensions
			}
		}
		members[key] = v
	}
	return members, duplicate, true
}

// jsonDepth measures nesting with encoding/json's tokenizer, independently
// of the server's pre-scan.
func jsonDepth(raw []byte) int {
	dec := json.NewDecoder(bytes.NewReader(raw))
	depth, deepest := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return deepest
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			deepest = max(deepest, depth)
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}
