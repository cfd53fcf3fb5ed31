package logx

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// RPCCall is the one line every RPC call gets, as Event would write it
//
//	Event(ctx, level, "rpc", "rpc_call", method, req_id, user, latency_ms,
//	      latency_us, outcome, error_code)
//
// byte for byte, but built directly: through slog it cost about 3 µs, a
// tenth of a quick call's whole time in the daemon.
type RPCCall struct {
	Method    string
	ReqID     string
	User      int64
	Latency   time.Duration
	Outcome   string
	ErrorCode string
}

var lineBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 320); return &b }}

// Call writes c's line at level.
func (l *Logger) Call(level slog.Level, c RPCCall) {
	if !l.Enabled(context.Background(), level) {
		return
	}
	if l.batch == nil {
		// Not a file logger: keep the general path.
		l.Event(context.Background(), level, "rpc", "rpc_call", c.attrs()...)
		return
	}
	bp := lineBuffers.Get().(*[]byte)
	b := appendCallLine((*bp)[:0], time.Now(), level, c)
	l.batch.Write(b)
	*bp = b
	lineBuffers.Put(bp)
}

func (c RPCCall) attrs() []slog.Attr {
	return []slog.Attr{slog.String("method", c.Method), slog.String("req_id", c.ReqID), slog.Int64("user", c.User),
		slog.Int64("latency_ms", c.Latency.Milliseconds()), slog.Int64("latency_us", c.Latency.Microseconds()),
		slog.String("outcome", c.Outcome), slog.String("error_code", c.ErrorCode)}
}

func appendCallLine(b []byte, now time.Time, level slog.Level, c RPCCall) []byte {
	b = append(b, `{"ts":"`...)
	b = now.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","lvl":"`...)
	b = append(b, levelName(level)...)
	b = append(b, `","evt":"rpc_call","phase":"rpc","method":`...)
	b = appendJSONString(b, Redact(c.Method))
	b = append(b, `,"req_id":`...)
	b = appendJSONString(b, Redact(c.ReqID))
	b = append(b, `,"user":`...)
	b = strconv.AppendInt(b, c.User, 10)
	b = append(b, `,"latency_ms":`...)
	b = strconv.AppendInt(b, c.Latency.Milliseconds(), 10)
	b = append(b, `,"latency_us":`...)
	b = strconv.AppendInt(b, c.Latency.Microseconds(), 10)
	b = append(b, `,"outcome":`...)
	b = appendJSONString(b, Redact(c.Outcome))
	b = append(b, `,"error_code":`...)
	b = appendJSONString(b, Redact(c.ErrorCode))
	return append(b, "}\n"...)
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as slog's JSON handler does: encoding/json's
// escaping without the HTML escapes, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
