package daemon

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
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

// eventLines waits until the event log holds a line for method, then
// returns every rpc_call line (lines reach the file in batches).
func eventLines(t *testing.T, dir, method string) []map[string]any {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		raw, _ := os.ReadFile(filepath.Join(dir, "hooshyar2-log.txt"))
		var lines []map[string]any
		found := false
		for _, l := range bytes.Split(raw, []byte("\n")) {
			var m map[string]any
			if json.Unmarshal(l, &m) != nil || m["evt"] != "rpc_call" {
				continue
			}
			lines = append(lines, m)
			found = found || m["method"] == method
		}
		if found {
			return lines
		}
		if time.Now().After(deadline) {
			t.Fatalf("no rpc_call line for %s in %s", method, raw)
		}
	}
}

// Every call gets an event-log line, failures at WARN; a successful
// health probe only at DEBUG, so that probes do not push the calls that
// changed something out of the rotated files.
func TestEventLogLinePerCall(t *testing.T) {
	for _, level := range []string{"INFO", "DEBUG"} {
		c, cfg := startDaemon(t, "--log-level", level)
		call(t, c, "system.health", nil, nil)
		call(t, c, "forms.create", map[string]any{"title": "x"}, nil)
		if code := callErr(t, c, "forms.get", map[string]any{"id": 999999}); code != domain.CodeNotFound {
			t.Fatalf("forms.get of a missing form: %s", code)
		}
		byMethod := map[string]map[string]any{}
		for _, l := range eventLines(t, cfg.LogDir, "forms.get") {
			if _, dup := byMethod[l["method"].(string)]; dup {
				t.Fatalf("two lines for one %s call", l["method"])
			}
			byMethod[l["method"].(string)] = l
		}
		if l := byMethod["forms.create"]; l == nil || l["lvl"] != "INFO" || l["outcome"] != "ok" {
			t.Errorf("%s: forms.create line %v", level, l)
		}
		if l := byMethod["forms.get"]; l == nil || l["lvl"] != "WARN" || l["outcome"] != "NOT_FOUND" {
			t.Errorf("%s: forms.get line %v", level, l)
		}
		l, logged := byMethod["system.health"]
		switch {
		case level == "INFO" && logged:
			t.Errorf("a health probe was logged at INFO: %v", l)
		case level == "DEBUG" && (!logged || l["lvl"] != "DEBUG" || l["outcome"] != "ok"):
			t.Errorf("DEBUG: health line %v", l)
		}
	}
}
