package daemon

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// rpcErr calls method and returns its error, which must be an RPC error.
func rpcErr(t *testing.T, c *rpc.Client, method string, params any) *rpc.Error {
	t.Helper()
	err := c.Call(context.Background(), method, params, nil)
	re, ok := err.(*rpc.Error)
	if !ok {
		t.Fatalf("%s: %v, want an RPC error", method, err)
	}
	return re
}

// TestSMSOverSocket: an administrator sets the site's SMS provider over
// the socket, reads it back without its key, and sends a test text to
// each provider's loopback fake; refusals (an unknown provider, a
// number that is not a mobile one, plain http to a host nobody named, a
// caller without manage_options, the provider's own errors) come back
// localized and change nothing.
func TestSMSOverSocket(t *testing.T) {
	c, _ := startDaemon(t, "--sms-allow-http-host", "sms-gw.lan")
	var info sms.Info
	call(t, c, "sms.settings.get", nil, &info)
	if info.Configured || info.KeySet || len(info.Providers) != 4 {
		t.Fatalf("sms.settings.get with nothing set: %+v", info)
	}

	keys := map[string][2]string{
		sms.Kavenegar:   {"4F5A6B7C8D9E0F1A2B3C", "10004346"},
		sms.Melipayamak: {"09121111111:d72abfd2-ba2f-4cb2", "50004001464354"},
		sms.IPPanel:     {"OWY5ZjA3ZjQtNjU2Ni00YjM3", "+983000505"},
		sms.Ghasedak:    {"b7ee4eace78744868fc38b1b7fa90cae", "210002100"},
	}
	for _, name := range sms.Names {
		key, sender := keys[name][0], keys[name][1]
		t.Run(name, func(t *testing.T) {
			f := smstest.New(t, name, key, sender)
			var raw json.RawMessage
			call(t, c, "sms.settings.set", map[string]any{"provider": name, "api_key": key, "sender": sender, "base_url": f.URL()}, &raw)
			if strings.Contains(string(raw), key) || !strings.Contains(string(raw), `"key_set":true`) {
				t.Fatalf("sms.settings.set answered %s", raw)
			}
			call(t, c, "sms.settings.get", nil, &raw)
			info = sms.Info{}
			if strings.Contains(string(raw), key) || json.Unmarshal(raw, &info) != nil || info.Balance != nil || info.Provider != name || info.Sender != sender || info.BaseURL != f.URL() {
				t.Fatalf("sms.settings.get answered %s", raw)
			}
			var res sms.TestResult
			call(t, c, "sms.test", map[string]any{"to": "+98 912 123 4567"}, &res)
			sent := f.Sent()
			if !res.Sent || res.Provider != name || res.To != "0912***4567" || len(sent) != 1 || sent[0].ID != res.MessageID || sent[0].Text != sms.TestText {
				t.Fatalf("sms.test: %+v, sent %+v", res, sent)
			}

			var withBalance sms.Info
			call(t, c, "sms.settings.get", map[string]any{"balance": true}, &withBalance)
			if withBalance.Balance == nil || withBalance.Balance.Amount <= 0 || withBalance.Balance.Unit == "" {
				t.Fatalf("balance: %+v", withBalance)
			}

			// The provider's refusals, mapped.
			f.Block("09351234567")
			re := rpcErr(t, c, "sms.test", map[string]any{"to": "09351234567"})
			if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["kind"] != string(sms.KindInvalidReceiver) || re.Data["message_fa"] == "" {
				t.Fatalf("blocked receiver: %v %v", re, re.Data)
			}
			f.SetCredit(0)
			re = rpcErr(t, c, "sms.test", map[string]any{"to": "09121234567"})
			if re.CodeName() != string(domain.CodeUnavailable) || re.Data["kind"] != string(sms.KindNoCredit) {
				t.Fatalf("no credit: %v %v", re, re.Data)
			}
			f.Throttle(1)
			re = rpcErr(t, c, "sms.test", map[string]any{"to": "09121234567"})
			if re.CodeName() != string(domain.CodeRateLimit) || re.Data["kind"] != string(sms.KindRateLimited) {
				t.Fatalf("rate limited: %v %v", re, re.Data)
			}
			f.Break(1)
			call(t, c, "sms.settings.get", map[string]any{"balance": true}, &raw)
			var failed sms.Info
			if json.Unmarshal(raw, &failed) != nil || failed.Balance != nil || failed.BalanceError["kind"] != string(sms.KindServerError) ||
				failed.BalanceError["error"] != string(domain.CodeUnavailable) || failed.BalanceError["message_fa"] == "" || !failed.Configured {
				t.Fatalf("a failed balance: %s", raw)
			}
			if len(f.Sent()) != 1 {
				t.Fatalf("refused texts were sent: %+v", f.Sent())
			}
		})
	}

	t.Run("refusals", func(t *testing.T) {
		before := info
		re := rpcErr(t, c, "sms.settings.set", map[string]any{"provider": "twilio", "api_key": "k", "sender": "1000"})
		if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "provider" ||
			!strings.Contains(re.Message, "سامانهٔ پیامک ناشناخته") || !strings.Contains(re.Data["message_en"].(string), "unknown SMS provider") {
			t.Fatalf("unknown provider: %v %v", re, re.Data)
		}
		en := map[string]any{"user_id": 1, "caps": []string{"manage_options"}, "locale": "en_US"}
		re = rpcErr(t, c, "sms.settings.set", map[string]any{"provider": "twilio", "api_key": "k", "sender": "1000", "actor": en})
		if !strings.Contains(re.Message, "unknown SMS provider") {
			t.Fatalf("en_US message: %q", re.Message)
		}
		re = rpcErr(t, c, "sms.settings.set", map[string]any{"provider": sms.IPPanel, "api_key": "k", "sender": "1000", "base_url": "http://192.168.1.9"})
		if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "base_url" {
			t.Fatalf("plain http to an unnamed host: %v", re)
		}
		re = rpcErr(t, c, "sms.test", map[string]any{"to": "02188776655"})
		if re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "to" {
			t.Fatalf("a landline: %v %v", re, re.Data)
		}
		editor := map[string]any{"user_id": 3, "caps": []string{"manage_arshline_forms"}}
		for _, m := range []string{"sms.settings.get", "sms.settings.set", "sms.test"} {
			if code := callErr(t, c, m, map[string]any{"actor": editor}); code != domain.CodeForbidden {
				t.Fatalf("%s without manage_options: %v", m, code)
			}
		}
		var after sms.Info
		call(t, c, "sms.settings.get", nil, &after)
		if after.Provider != before.Provider || after.BaseURL != before.BaseURL {
			t.Fatalf("a refusal changed the settings: %+v → %+v", before, after)
		}
		// A host named with --sms-allow-http-host is accepted over http.
		call(t, c, "sms.settings.set", map[string]any{"provider": sms.IPPanel, "api_key": "k", "sender": "1000", "base_url": "http://sms-gw.lan:8080"}, &after)
		if after.BaseURL != "http://sms-gw.lan:8080" {
			t.Fatalf("%+v", after)
		}
	})
}
