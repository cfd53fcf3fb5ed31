package daemon

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

func encodingJSON(t testing.TB, v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func checkHealthJSON(t testing.TB, h Health) {
	if got, want := string(h.AppendJSON(nil)), encodingJSON(t, h); got != want {
		t.Fatalf("AppendJSON(%+v) =\n%s\nencoding/json gives\n%s", h, got, want)
	}
}

// Health writes its own JSON; it must be what encoding/json writes.
func TestHealthJSON(t *testing.T) {
	for _, up := range []float64{0, 1e-7, 5e-7, 1e-6, 0.5, 123.456789, 86400.000001, 1e20, 1e21, 3.4e25,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 1.5e-10, 2.5e-300} {
		for _, v := range []string{Version, "", "v1.2.3-4-gabc-dirty", `x"y\z`, "<b>&</b>", "نسخه\u2028", "\x01"} {
			checkHealthJSON(t, Health{OK: true, Version: v, UptimeS: up, DBOK: up > 1, LLMConfigured: v == ""})
		}
	}
}

func FuzzHealthJSON(f *testing.F) {
	f.Add(true, "v1", 12.5, false, true)
	f.Add(false, "<\u2028>", 1e-9, true, false)
	f.Fuzz(func(t *testing.T, ok bool, version string, uptime float64, dbOK, llm bool) {
		if math.IsInf(uptime, 0) || math.IsNaN(uptime) {
			return // not a duration; encoding/json refuses it too
		}
		checkHealthJSON(t, Health{OK: ok, Version: version, UptimeS: uptime, DBOK: dbOK, LLMConfigured: llm})
	})
}
