// Package rpc is arshlined's JSON-RPC 2.0 transport over a Unix stream
// socket, one JSON text per line.
//
// It keeps three concerns apart, as creachadair/jrpc2 does:
//
//   - framing (frame.go): bounded line reads without per-byte allocation,
//     a cheap nesting pre-scan and a small JSON member scanner;
//   - dispatch (dispatch.go): requests, notifications and batches with the
//     standard errors and id handling of the specification, the actor and
//     req_id envelope, and the one mapping of domain errors to wire codes;
//   - handlers (method.go): a table of methods, each with the capability it
//     needs, and Typed for strictly decoded parameter structs.
//
// server.go holds connection handling (limits, deadlines, the SO_PEERCRED
// peer check, graceful shutdown), listen.go the socket file, and client.go
// the client the CLI and the tests use.
package rpc
