package sms_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
)

// wire is what each provider's documented request looks like on the
// wire, and the parameter names its patterns take.
type wire struct {
	key, sender  string
	sendPath     string
	contentType  string
	keyIn        func(r smstest.Request, key string) bool
	receiverSeen string // the receiver as the provider receives it
	params       []string
}

var providers = map[string]wire{
	sms.Kavenegar: {
		key: "4F5A6B7C8D9E0F1A2B3C4D5E6F7A8B9C", sender: "10004346",
		sendPath: "/v1/4F5A6B7C8D9E0F1A2B3C4D5E6F7A8B9C/sms/send.json", contentType: "application/x-www-form-urlencoded",
		keyIn:        func(r smstest.Request, key string) bool { return strings.Contains(r.Path, "/"+key+"/") },
		receiverSeen: "09121234567", params: []string{"token", "token2"},
	},
	sms.Melipayamak: {
		key: "09121111111:d72abfd2-ba2f-4cb2-b4a8-29578c2d4875", sender: "50004001464354",
		sendPath: "/api/SendSMS/SendSMS", contentType: "application/json",
		keyIn: func(r smstest.Request, key string) bool {
			u, p, _ := strings.Cut(key, ":")
			return strings.Contains(r.Body, `"username":"`+u+`"`) && strings.Contains(r.Body, `"password":"`+p+`"`)
		},
		receiverSeen: "09121234567", params: []string{"name", "code"},
	},
	sms.IPPanel: {
		key: "OWY5ZjA3ZjQtNjU2Ni00YjM3LWE0ZjEtY2Q1ZDZkY2E2OTk4", sender: "+983000505",
		sendPath: "/api/send", contentType: "application/json",
		keyIn:        func(r smstest.Request, key string) bool { return r.Header.Get("Authorization") == key },
		receiverSeen: "+989121234567", params: []string{"name", "code"},
	},
	sms.Ghasedak: {
		key: "b7ee4eace78744868fc38b1b7fa90caed21717d4d7bf2c9f483d8abce6c018e1", sender: "210002100",
		sendPath: "/SendSingleSMS", contentType: "application/json",
		keyIn:        func(r smstest.Request, key string) bool { return r.Header.Get("ApiKey") == key },
		receiverSeen: "09121234567", params: []string{"Name", "Code"},
	},
}

func client(t *testing.T, provider, key, sender, base string) sms.Provider {
	t.Helper()
	p, err := sms.New(sms.Config{Provider: provider, APIKey: key, Sender: sender, BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fails checks that err is an *sms.Error of kind, and that the error the
// administrator sees has code and both messages, without the key.
func fails(t *testing.T, err error, kind sms.Kind, code domain.Code, key string) *sms.Error {
	t.Helper()
	var se *sms.Error
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T), want an *sms.Error", err, err)
	}
	if se.Kind != kind {
		t.Fatalf("kind %s (%v), want %s", se.Kind, err, kind)
	}
	d := domain.AsError(err)
	if d.Code != code || d.Text().String() == "" || messages.Render("fa_IR", d.Text()) == "" || d.Data["kind"] != string(kind) {
		t.Fatalf("domain error %+v, want %s", d, code)
	}
	for _, s := range []string{err.Error(), d.Text().String(), messages.Render("fa_IR", d.Text()), se.Message} {
		if key != "" && strings.Contains(s, key) {
			t.Fatalf("the key shows in %q", s)
		}
	}
	return se
}

func TestProviders(t *testing.T) {
	ctx := context.Background()
	for _, name := range sms.Names {
		w := providers[name]
		t.Run(name, func(t *testing.T) {
			t.Run("plain message", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				id, err := client(t, name, w.key, w.sender, f.URL()).Send(ctx, "+98 ۹۱۲ ۱۲۳ ۴۵۶۷", "سلام، فرم شما ثبت شد")
				if err != nil {
					t.Fatal(err)
				}
				sent := f.Sent()
				if len(sent) != 1 || sent[0].ID != id || sent[0].To != w.receiverSeen || sent[0].Text != "سلام، فرم شما ثبت شد" {
					t.Fatalf("id %q, sent %+v", id, sent)
				}
				req := f.Requests()[0]
				if req.Method != http.MethodPost || req.Path != w.sendPath || !strings.HasPrefix(req.ContentType, w.contentType) || !w.keyIn(req, w.key) {
					t.Fatalf("request %s %s %s %q", req.Method, req.Path, req.ContentType, req.Body)
				}
			})
			t.Run("pattern message with named parameters", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.Approve("52345", w.params...)
				id, err := client(t, name, w.key, w.sender, f.URL()).SendPattern(ctx, "09121234567",
					sms.Pattern{Code: "52345", Params: []sms.Param{{Name: w.params[0], Value: "مریم"}, {Name: w.params[1], Value: "48213"}}})
				if err != nil {
					t.Fatal(err)
				}
				sent := f.Sent()
				if len(sent) != 1 || sent[0].ID != id || sent[0].Pattern != "52345" ||
					sent[0].Params[w.params[0]] != "مریم" || sent[0].Params[w.params[1]] != "48213" {
					t.Fatalf("id %q, sent %+v", id, sent)
				}
			})
			t.Run("balance", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.SetCredit(7)
				b, err := client(t, name, w.key, w.sender, f.URL()).Balance(ctx)
				if err != nil || b.Amount <= 0 || b.Unit == "" {
					t.Fatalf("%+v %v", b, err)
				}
				f.SetCredit(3)
				if c, _ := client(t, name, w.key, w.sender, f.URL()).Balance(ctx); c.Amount >= b.Amount {
					t.Fatalf("balance did not follow the account: %v then %v", b.Amount, c.Amount)
				}
			})
			t.Run("invalid key", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				bad := "WRONGKEY1234567890"
				if name == sms.Melipayamak {
					bad = "09121111111:wrong-password"
				}
				c := client(t, name, bad, w.sender, f.URL())
				_, err := c.Send(ctx, "09121234567", "x")
				fails(t, err, sms.KindInvalidKey, domain.CodeUnavailable, bad)
				_, err = c.Balance(ctx)
				fails(t, err, sms.KindInvalidKey, domain.CodeUnavailable, bad)
				if len(f.Sent()) != 0 {
					t.Fatal("a message was sent with a wrong key")
				}
			})
			t.Run("a number that is not a mobile number is refused before any request", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				c := client(t, name, w.key, w.sender, f.URL())
				for _, to := range []string{"02188776655", "0951234567", "", "abc"} {
					_, err := c.Send(ctx, to, "x")
					d := domain.AsError(err)
					if d.Code != domain.CodeInvalidParams || d.Data["param"] != "to" || !strings.Contains(messages.Render("fa_IR", d.Text()), "موبایل") && to != "" {
						t.Fatalf("%q: %+v", to, d)
					}
					_, err = c.SendPattern(ctx, to, sms.Pattern{Code: "1", Params: []sms.Param{{Name: w.params[0], Value: "1"}}})
					if domain.ErrorCode(err) != domain.CodeInvalidParams {
						t.Fatalf("pattern to %q: %v", to, err)
					}
				}
				if n := len(f.Requests()); n != 0 {
					t.Fatalf("%d requests left for invalid numbers", n)
				}
			})
			t.Run("blocked receiver", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.Block("09121234567")
				_, err := client(t, name, w.key, w.sender, f.URL()).Send(ctx, "09121234567", "x")
				se := fails(t, err, sms.KindInvalidReceiver, domain.CodeInvalidParams, w.key)
				if se.Retryable() {
					t.Fatal("a refused receiver is retryable")
				}
			})
			t.Run("invalid sender", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				_, err := client(t, name, w.key, "30001234", f.URL()).Send(ctx, "09121234567", "x")
				fails(t, err, sms.KindInvalidSender, domain.CodeUnavailable, w.key)
			})
			t.Run("no credit", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.SetCredit(0)
				f.Approve("52345", w.params...)
				c := client(t, name, w.key, w.sender, f.URL())
				_, err := c.Send(ctx, "09121234567", "x")
				fails(t, err, sms.KindNoCredit, domain.CodeUnavailable, w.key)
				_, err = c.SendPattern(ctx, "09121234567", sms.Pattern{Code: "52345", Params: []sms.Param{{Name: w.params[0], Value: "a"}, {Name: w.params[1], Value: "1"}}})
				fails(t, err, sms.KindNoCredit, domain.CodeUnavailable, w.key)
			})
			t.Run("pattern not approved", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.Submit("99999")
				_, err := client(t, name, w.key, w.sender, f.URL()).SendPattern(ctx, "09121234567",
					sms.Pattern{Code: "99999", Params: []sms.Param{{Name: w.params[0], Value: "a"}}})
				se := fails(t, err, sms.KindPatternNotApproved, domain.CodeUnavailable, w.key)
				if se.Retryable() || len(f.Sent()) != 0 {
					t.Fatal("an unapproved pattern was retryable or sent")
				}
			})
			t.Run("rate limited", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.Throttle(1)
				c := client(t, name, w.key, w.sender, f.URL())
				_, err := c.Send(ctx, "09121234567", "x")
				se := fails(t, err, sms.KindRateLimited, domain.CodeRateLimit, w.key)
				if !se.Retryable() || domain.AsError(err).Data["retry_after_sec"] == nil {
					t.Fatalf("rate limit: %+v", domain.AsError(err))
				}
				if _, err := c.Send(ctx, "09121234567", "x"); err != nil {
					t.Fatalf("after the limit: %v", err)
				}
			})
			t.Run("server error", func(t *testing.T) {
				f := smstest.New(t, name, w.key, w.sender)
				f.Break(1)
				_, err := client(t, name, w.key, w.sender, f.URL()).Send(ctx, "09121234567", "x")
				if se := fails(t, err, sms.KindServerError, domain.CodeUnavailable, w.key); !se.Retryable() {
					t.Fatal("a server error is not retryable")
				}
			})
			t.Run("unreachable", func(t *testing.T) {
				l, err := net.Listen("tcp", "127.0.0.1:0")
				if err != nil {
					t.Fatal(err)
				}
				addr := l.Addr().String()
				l.Close()
				_, err = client(t, name, w.key, w.sender, "http://"+addr).Send(ctx, "09121234567", "x")
				if se := fails(t, err, sms.KindUnreachable, domain.CodeUnavailable, w.key); !se.Retryable() {
					t.Fatal("an unreachable provider is not retryable")
				}
			})
			t.Run("an answer that is not the provider's", func(t *testing.T) {
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
					w.Header().Set("Content-Type", "text/html")
					_, _ = w.Write([]byte("<html>captive portal</html>"))
				}))
				defer srv.Close()
				_, err := client(t, name, w.key, w.sender, srv.URL).Send(ctx, "09121234567", "x")
				fails(t, err, sms.KindBadAnswer, domain.CodeUnavailable, w.key)
			})
			t.Run("an answer that echoes the key does not carry it on", func(t *testing.T) {
				_, pass, ok := strings.Cut(w.key, ":")
				if !ok {
					pass = w.key
				}
				srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
					rw.WriteHeader(http.StatusBadGateway)
					_, _ = rw.Write([]byte("upstream refused " + r.URL.Path + " key=" + w.key + " password=" + pass))
				}))
				defer srv.Close()
				_, err := client(t, name, w.key, w.sender, srv.URL).Send(ctx, "09121234567", "x")
				se := fails(t, err, sms.KindServerError, domain.CodeUnavailable, w.key)
				for _, s := range []string{err.Error(), se.Message, domain.AsError(err).Text().String()} {
					if strings.Contains(s, pass) || !strings.Contains(se.Message, "[key]") {
						t.Fatalf("secret shown, or not hidden: %q", s)
					}
				}
			})
			t.Run("a redirect is not followed", func(t *testing.T) {
				var hit bool
				other := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hit = true }))
				defer other.Close()
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
				}))
				defer srv.Close()
				if _, err := client(t, name, w.key, w.sender, srv.URL).Send(ctx, "09121234567", "x"); err == nil || hit {
					t.Fatalf("redirect followed: err %v, hit %v", err, hit)
				}
			})
		})
	}
}

func TestNewAndBaseURL(t *testing.T) {
	t.Run("an unknown provider is refused", func(t *testing.T) {
		if _, err := sms.New(sms.Config{Provider: "twilio", APIKey: "k"}); err == nil {
			t.Fatal("twilio accepted")
		}
	})
	t.Run("a Melipayamak key without a password is refused", func(t *testing.T) {
		if _, err := sms.New(sms.Config{Provider: sms.Melipayamak, APIKey: "onlyuser"}); err == nil {
			t.Fatal("accepted")
		}
	})
	t.Run("plain http only on loopback or to a named host", func(t *testing.T) {
		for _, tc := range []struct {
			url   string
			allow []string
			ok    bool
		}{
			{"https://api.kavenegar.com", nil, true},
			{"http://127.0.0.1:8080", nil, true},
			{"http://[::1]:8080", nil, true},
			{"http://localhost:8080", nil, true},
			{"http://sms-gw.lan", nil, false},
			{"http://sms-gw.lan", []string{"sms-gw.lan"}, true},
			{"http://192.168.1.5", []string{"sms-gw.lan"}, false},
			{"ftp://example.com", nil, false},
			{"/relative", nil, false},
		} {
			err := sms.CheckBaseURL(tc.url, tc.allow)
			if (err == nil) != tc.ok {
				t.Errorf("%s %v: %v", tc.url, tc.allow, err)
			}
		}
		if _, err := sms.New(sms.Config{Provider: sms.IPPanel, APIKey: "k", BaseURL: "http://sms-gw.lan"}); err == nil {
			t.Fatal("New took plain http to an unnamed host")
		}
	})
	t.Run("the Kavenegar pattern parameters are its tokens", func(t *testing.T) {
		f := smstest.New(t, sms.Kavenegar, "K123", "10004346")
		f.Approve("verify")
		_, err := client(t, sms.Kavenegar, "K123", "10004346", f.URL()).SendPattern(context.Background(), "09121234567",
			sms.Pattern{Code: "verify", Params: []sms.Param{{Name: "code", Value: "1"}}})
		if domain.ErrorCode(err) != domain.CodeInvalidParams || len(f.Requests()) != 0 {
			t.Fatalf("%v", err)
		}
	})
}

// TestMelipayamakRefusals: the SendSMS codes the documents add to the
// ones every provider shares — a filtered word (7) and a link (14) — are
// the provider refusing the message, with its code and words.
func TestMelipayamakRefusals(t *testing.T) {
	ctx := context.Background()
	w := providers[sms.Melipayamak]
	f := smstest.New(t, sms.Melipayamak, w.key, w.sender)
	f.Filter("قمار")
	c := client(t, sms.Melipayamak, w.key, w.sender, f.URL())
	for _, tc := range []struct{ name, text, code string }{
		{"a filtered word", "سایت قمار", "7"},
		{"a link", "ثبت شد: https://example.com/x", "14"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Send(ctx, "09121234567", tc.text)
			se := fails(t, err, sms.KindRejected, domain.CodeUnavailable, w.key)
			if se.Code != tc.code || se.Message == "" {
				t.Fatalf("code %q, words %q", se.Code, se.Message)
			}
		})
	}
	if len(f.Sent()) != 0 {
		t.Fatalf("a refused text was sent: %+v", f.Sent())
	}
}
