package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestNoDaemonIsOneClearLine(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "none.sock")
	for _, args := range [][]string{{"forms", "list"}, {"call", "system.health"}, {"undo", "0123456789abcdef0123456789abcdef"}, {"plan", "فرم ۳ را منتشر کن"}} {
		var out, errb bytes.Buffer
		code := run(append([]string{"--socket", sock}, args...), &out, &errb)
		lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
		if code != 1 || len(lines) != 1 || !strings.Contains(lines[0], "is it running") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"frobnicate"}, {"forms", "get", "x"}, {"versions", "get", "1"}, {"call", "m", "{not json"}, {"plan"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

func TestPlanOfflineJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"plan", "--offline", "--json", "فرم ۷ را منتشر کن"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"publish_form"`) || !strings.Contains(out.String(), `"id": 7`) || !strings.Contains(out.String(), "انتشار فرم ۷") {
		t.Fatalf("output %s", out.String())
	}
}

func TestPlanOfflineContract(t *testing.T) {
	for _, c := range []struct {
		flag    []string
		version float64
	}{{nil, 2}, {[]string{"--contract", "arshline-plan/v2"}, 2}, {[]string{"--contract", "v1"}, 1}, {[]string{"--contract", "arshline-plan/v1"}, 1}} {
		var out, errb bytes.Buffer
		args := append(append([]string{"plan", "--offline", "--json"}, c.flag...), "یه فرم بساز و دو سوال کوتاه اضافه کن")
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.flag, code, errb.String())
		}
		var res struct {
			Plan struct {
				Version float64
				Steps   []any
			}
		}
		if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Plan.Version != c.version || len(res.Plan.Steps) == 0 {
			t.Errorf("%v: %v %s", c.flag, err, out.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"plan", "--offline", "--contract", "arshline-plan/v3", "x"}, &out, &errb); code != 2 {
		t.Errorf("unknown contract: exit %d", code)
	}
}

// TestPlanTextStartingWithDash: a command written as a list begins with
// «-»; it is the text to plan, not a flag, while a real unknown flag is
// still a usage error.
func TestPlanTextStartingWithDash(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"list item", []string{"plan", "--offline", "--json", "- فرم ۴۹ را منتشر کن"}, 0, `"publish_form"`},
		{"after a flag value", []string{"plan", "--offline", "--contract", "v2", "--json", "- فرم ۷ را منتشر کن"}, 0, `"publish_form"`},
		{"minus number", []string{"plan", "--offline", "--json", "-5 فرم ۷ را منتشر کن"}, 0, `"publish_form"`},
		{"double dash kept", []string{"plan", "--offline", "--json", "--", "- فرم ۷ را منتشر کن"}, 0, `"publish_form"`},
		{"unknown flag", []string{"plan", "--offline", "--frobnicate", "فرم ۷ را منتشر کن"}, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(c.args, &out, &errb); code != c.code || !strings.Contains(out.String(), c.want) {
				t.Errorf("exit %d (want %d), stdout %s, stderr %s", code, c.code, out.String(), errb.String())
			}
		})
	}
}

func TestPlanOfflineJSONRefusalIsJSON(t *testing.T) {
	for _, text := range []string{"", "   "} {
		var out, errb bytes.Buffer
		code := run([]string{"plan", "--offline", "--json", text}, &out, &errb)
		var res struct {
			Error struct{ Code, Message string }
		}
		if code != 1 || json.Unmarshal(out.Bytes(), &res) != nil || res.Error.Code != "INVALID_PARAMS" || res.Error.Message == "" {
			t.Errorf("plan %q: exit %d, stdout %q", text, code, out.String())
		}
		if !strings.Contains(errb.String(), "INVALID_PARAMS") {
			t.Errorf("plan %q: stderr %q", text, errb.String())
		}
	}
}

// TestNoLoadTool: the shipped CLI has no bench command, mentions none in
// its usage, and does not link the load tool (whose echo baseline turns
// the process that links it into a server).
func TestNoLoadTool(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"bench", "--count", "1"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "bench"`) {
		t.Errorf("bench: exit %d, stderr %q", code, errb.String())
	}
	if strings.Contains(errb.String(), "load-test") {
		t.Errorf("the usage still offers a load test: %q", errb.String())
	}
	deps, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(deps)) {
		if pkg == "github.com/arshline/arshline-sidecar/bench" {
			t.Fatal("arshlinectl links the load tool's package bench")
		}
	}
}

// TestSiteFlag: --site names the operator as the actor, with that site,
// in every call, or adds the site to an actor the params name; without it
// no actor is sent (the daemon's operator, site 1); a bad site, or params
// whose actor is not an object or names a site itself, are refused before
// anything is sent.
func TestSiteFlag(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	requests := make(chan map[string]json.RawMessage, 8)
	go func() {
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer nc.Close()
				line, err := bufio.NewReader(nc).ReadBytes('\n')
				if err != nil {
					return
				}
				var req struct {
					ID     json.RawMessage            `json:"id"`
					Params map[string]json.RawMessage `json:"params"`
				}
				json.Unmarshal(line, &req)
				requests <- req.Params
				fmt.Fprintf(nc, `{"jsonrpc":"2.0","id":%s,"result":{}}`+"\n", req.ID)
			}()
		}
	}()
	for _, c := range []struct {
		args  []string
		actor string
		other string
	}{
		{[]string{"--site", "3", "forms", "get", "9"}, `{"caps":["manage_options"],"site_id":3,"user_id":0}`, `9`},
		{[]string{"--site", "12", "call", "forms.list", `{"limit":5}`}, `{"caps":["manage_options"],"site_id":12,"user_id":0}`, `5`},
		{[]string{"--site", "4", "call", "system.health"}, `{"caps":["manage_options"],"site_id":4,"user_id":0}`, ``},
		{[]string{"forms", "get", "9"}, ``, `9`},
		// An actor the params name already keeps its members and gains the site.
		{[]string{"--site", "5", "call", "forms.list", `{"limit":2,"actor":{"user_id":7,"caps":["read"]}}`}, `{"caps":["read"],"site_id":5,"user_id":7}`, `2`},
		{[]string{"--site", "6", "plan", "--locale", "en_US", "فرم ۹ را منتشر کن"}, `{"caps":["manage_options"],"locale":"en_US","site_id":6,"user_id":0}`, ``},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"--socket", sock}, c.args...), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errb.String())
		}
		p := <-requests
		if string(p["actor"]) != c.actor {
			t.Errorf("%v: actor %s, want %s", c.args, p["actor"], c.actor)
		}
		if other := string(p["id"]) + string(p["limit"]); other != c.other {
			t.Errorf("%v: the call's own params became %v", c.args, p)
		}
	}
	for _, args := range [][]string{{"--site", "0", "forms", "list"}, {"--site", "x", "forms", "list"}, {"--site", "-1", "forms", "list"}} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"--socket", sock}, args...), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
	for _, args := range [][]string{
		{"--site", "2", "call", "forms.list", `{"actor":{"user_id":1,"site_id":3}}`},
		{"--site", "2", "call", "forms.list", `{"actor":null}`},
		{"--site", "2", "call", "forms.list", `{"actor":[1]}`},
		{"--site", "2", "call", "forms.list", `[1]`},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"--socket", sock}, args...), &out, &errb); code != 1 || !strings.Contains(errb.String(), "--site") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	select {
	case p := <-requests:
		t.Fatalf("a refused call was sent: %v", p)
	default:
	}
}
