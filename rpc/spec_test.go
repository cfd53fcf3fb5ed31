package rpc

import (
	"testing"
)

// The examples of section 7 of the JSON-RPC 2.0 specification, sent over
// a real socket. want "" means the specification expects no reply.
var specExamples = []struct {
	name, request, want string
}{
	{"positional params",
		`{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}`,
		`{"jsonrpc": "2.0", "result": 19, "id": 1}`},
	{"positional params reversed",
		`{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}`,
		`{"jsonrpc": "2.0", "result": -19, "id": 2}`},
	{"named params",
		`{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}`,
		`{"jsonrpc": "2.0", "result": 19, "id": 3}`},
	{"named params reordered",
		`{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}`,
		`{"jsonrpc": "2.0", "result": 19, "id": 4}`},
	{"notification",
		`{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}`,
		``},
	{"notification of a missing method",
		`{"jsonrpc": "2.0", "method": "foobar"}`,
		``},
	{"non-existent method",
		`{"jsonrpc": "2.0", "method": "foobar", "id": "1"}`,
		`{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}`},
	{"invalid JSON",
		`{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`,
		`{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}`},
	{"invalid request object",
		`{"jsonrpc": "2.0", "method": 1, "params": "bar"}`,
		`{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}`},
	{"batch, invalid JSON",
		`[
  {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
  {"jsonrpc": "2.0", "method"
]`,
		`{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}`},
	{"empty array",
		`[]`,
		`{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}`},
	{"invalid batch, not empty",
		`[1]`,
		`[{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}]`},
	{"invalid batch",
		`[1,2,3]`,
		`[
  {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
  {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
  {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}
]`},
	{"mixed batch",
		`[
        {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
        {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
        {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
        {"foo": "boo"},
        {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
        {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
    ]`,
		`[
        {"jsonrpc": "2.0", "result": 7, "id": "1"},
        {"jsonrpc": "2.0", "result": 19, "id": "2"},
        {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
        {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"},
        {"jsonrpc": "2.0", "result": ["hello", 5], "id": "9"}
    ]`},
	{"batch of notifications",
		`[
        {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
        {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
    ]`,
		``},
}

func TestSpecExamples(t *testing.T) {
	var counters specCounters
	// One frame at a time, so that replies come in request order and a
	// probe after a notification proves that the notification got no reply.
	ts := startServer(t, Config{MaxInFlight: 1}, specMethods(&counters))
	c := dialRaw(t, ts.path)
	for _, ex := range specExamples {
		t.Run(ex.name, func(t *testing.T) {
			c.t = t
			c.sendLine(ex.request)
			if ex.want != "" {
				got := c.recv()
				if canonical(t, got) != canonical(t, ex.want) {
					t.Fatalf("reply\n got  %s\n want %s", got, ex.want)
				}
			}
			probe := `{"jsonrpc": "2.0", "method": "get_data", "id": "probe"}`
			c.sendLine(probe)
			if got, want := c.recv(), `{"jsonrpc":"2.0","result":["hello",5],"id":"probe"}`; canonical(t, got) != canonical(t, want) {
				t.Fatalf("a reply came where none was due: %s", got)
			}
		})
	}
	// The notifications above ran although nobody was told.
	if counters.update.Load() != 1 || counters.hello.Load() != 2 || counters.sum.Load() != 1 {
		t.Fatalf("notification handlers ran update=%d hello=%d sum=%d times, want 1, 2, 1",
			counters.update.Load(), counters.hello.Load(), counters.sum.Load())
	}
}

// TestSpecExamplesConcurrent runs the same examples with batch entries
// handled concurrently: replies keep their ids whatever order they finish in.
func TestSpecExamplesConcurrent(t *testing.T) {
	var counters specCounters
	ts := startServer(t, Config{}, specMethods(&counters))
	for _, ex := range specExamples {
		if ex.want == "" {
			continue
		}
		t.Run(ex.name, func(t *testing.T) {
			c := dialRaw(t, ts.path)
			c.sendLine(ex.request)
			if got := c.recv(); canonical(t, got) != canonical(t, ex.want) {
				t.Fatalf("reply\n got  %s\n want %s", got, ex.want)
			}
		})
	}
}
