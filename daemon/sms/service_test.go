package sms_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func openStore(t *testing.T, path string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func adminCtx() context.Context {
	return domain.WithActor(context.Background(), domain.Actor{UserID: 1, Caps: []string{domain.CapManageOptions}})
}

func ptr(s string) *string { return &s }

func TestService(t *testing.T) {
	ctx := adminCtx()
	path := filepath.Join(t.TempDir(), "s.db")
	db := openStore(t, path)
	s := sms.NewService(db, []string{"sms-gw.lan"})
	w := providers[sms.IPPanel]
	f := smstest.New(t, sms.IPPanel, w.key, w.sender)

	t.Run("nothing configured", func(t *testing.T) {
		in, err := s.Get(ctx, sms.GetParams{})
		if err != nil || in.Configured || in.KeySet || len(in.Providers) != 4 {
			t.Fatalf("%+v %v", in, err)
		}
		if _, err := s.Test(ctx, sms.TestParams{To: "09121234567"}); domain.ErrorCode(err) != domain.CodeUnavailable {
			t.Fatalf("test with no provider: %v", err)
		}
	})
	t.Run("refused settings change nothing", func(t *testing.T) {
		for _, tc := range []struct {
			p     sms.SetParams
			param string
		}{
			{sms.SetParams{Provider: "twilio", APIKey: ptr("k"), Sender: "1000"}, "provider"},
			{sms.SetParams{Provider: "", APIKey: ptr("k"), Sender: "1000"}, "provider"},
			{sms.SetParams{Provider: sms.IPPanel, Sender: "1000"}, "api_key"},
			{sms.SetParams{Provider: sms.IPPanel, APIKey: ptr("with space"), Sender: "1000"}, "api_key"},
			{sms.SetParams{Provider: sms.IPPanel, APIKey: ptr(strings.Repeat("k", 501)), Sender: "1000"}, "api_key"},
			{sms.SetParams{Provider: sms.IPPanel, APIKey: ptr("k"), Sender: ""}, "sender"},
			{sms.SetParams{Provider: sms.IPPanel, APIKey: ptr("k"), Sender: "30x0"}, "sender"},
			{sms.SetParams{Provider: sms.IPPanel, APIKey: ptr("k"), Sender: "1000", BaseURL: "http://192.168.1.9"}, "base_url"},
			{sms.SetParams{Provider: sms.IPPanel, APIKey: ptr("k"), Sender: "1000", BaseURL: "ftp://x"}, "base_url"},
			{sms.SetParams{Provider: sms.Melipayamak, APIKey: ptr("useronly"), Sender: "5000"}, "api_key"},
		} {
			_, err := s.Set(ctx, tc.p)
			d := domain.AsError(err)
			if d.Code != domain.CodeInvalidParams || d.Data["param"] != tc.param || messages.Render("fa_IR", d.Text()) == "" || d.Text().String() == "" {
				t.Errorf("%+v: %+v", tc.p, d)
			}
		}
		if in, _ := s.Get(ctx, sms.GetParams{}); in.Configured {
			t.Fatalf("a refused setting was kept: %+v", in)
		}
	})
	t.Run("set, get never shows the key, test sends through the provider", func(t *testing.T) {
		in, err := s.Set(ctx, sms.SetParams{Provider: "IPPanel", APIKey: ptr(w.key), Sender: w.sender, BaseURL: f.URL()})
		if err != nil || !in.Configured || in.Provider != sms.IPPanel || !in.KeySet || in.BaseURL != f.URL() {
			t.Fatalf("%+v %v", in, err)
		}
		raw, _ := json.Marshal(in)
		if strings.Contains(string(raw), w.key) {
			t.Fatalf("the key in %s", raw)
		}
		res, err := s.Test(ctx, sms.TestParams{To: "۰۹۱۲ ۱۲۳ ۴۵۶۷"})
		sent := f.Sent()
		if err != nil || !res.Sent || res.Provider != sms.IPPanel || res.To != "0912***4567" || len(sent) != 1 || sent[0].ID != res.MessageID || sent[0].Text != sms.TestText {
			t.Fatalf("%+v %v %+v", res, err, sent)
		}
	})
	t.Run("the balance is asked of the provider only when wanted", func(t *testing.T) {
		f.SetCredit(40)
		before := len(f.Requests())
		in, err := s.Get(ctx, sms.GetParams{})
		if err != nil || in.Balance != nil || len(f.Requests()) != before {
			t.Fatalf("%+v %v", in, err)
		}
		in, err = s.Get(ctx, sms.GetParams{Balance: true})
		if err != nil || in.Balance == nil || in.Balance.Amount != 40*1180.5 || in.BalanceFailure != nil {
			t.Fatalf("%+v %v", in, err)
		}
		f.Break(1)
		in, err = s.Get(ctx, sms.GetParams{Balance: true})
		if err != nil || in.Balance != nil || in.BalanceFailure == nil || in.BalanceFailure.Data["kind"] != string(sms.KindServerError) || in.Provider != sms.IPPanel {
			t.Fatalf("a failing provider: %+v %v", in, err)
		}
	})
	t.Run("an invalid number is INVALID_PARAMS and sends nothing", func(t *testing.T) {
		before := len(f.Requests())
		_, err := s.Test(ctx, sms.TestParams{To: "021 8877 6655"})
		if domain.ErrorCode(err) != domain.CodeInvalidParams || len(f.Requests()) != before {
			t.Fatalf("%v", err)
		}
	})
	t.Run("the provider's refusal comes back mapped", func(t *testing.T) {
		f.SetCredit(0)
		_, err := s.Test(ctx, sms.TestParams{To: "09121234567"})
		d := domain.AsError(err)
		if d.Code != domain.CodeUnavailable || d.Data["kind"] != string(sms.KindNoCredit) || d.Data["provider"] != sms.IPPanel {
			t.Fatalf("%+v", d)
		}
		f.SetCredit(10)
	})
	t.Run("an absent key keeps the key in use for the same provider only", func(t *testing.T) {
		if _, err := s.Set(ctx, sms.SetParams{Provider: sms.IPPanel, Sender: w.sender, BaseURL: f.URL()}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Test(ctx, sms.TestParams{To: "09121234567"}); err != nil {
			t.Fatalf("the kept key: %v", err)
		}
		if _, err := s.Set(ctx, sms.SetParams{Provider: sms.Ghasedak, Sender: "210002100"}); domain.ErrorCode(err) != domain.CodeInvalidParams {
			t.Fatalf("another provider with the old key: %v", err)
		}
	})
	t.Run("plain http to a named host is accepted", func(t *testing.T) {
		in, err := s.Set(ctx, sms.SetParams{Provider: sms.Kavenegar, APIKey: ptr("K1"), BaseURL: "http://sms-gw.lan:8080"})
		if err != nil || in.Sender != "" || in.Provider != sms.Kavenegar {
			t.Fatalf("%+v %v", in, err)
		}
	})
	t.Run("the settings outlive a reopen and the audit names no key", func(t *testing.T) {
		if _, err := s.Set(ctx, sms.SetParams{Provider: sms.IPPanel, APIKey: ptr(w.key), Sender: w.sender, BaseURL: f.URL()}); err != nil {
			t.Fatal(err)
		}
		db.Close()
		db2 := openStore(t, path)
		s2 := sms.NewService(db2, nil)
		in, err := s2.Get(ctx, sms.GetParams{})
		if err != nil || in.Provider != sms.IPPanel || !in.KeySet {
			t.Fatalf("%+v %v", in, err)
		}
		rows, err := db2.ListAudit(ctx, domain.AuditQuery{SiteID: 1, Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range rows {
			if r.Action == "sms.settings.set" {
				n++
				if strings.Contains(string(r.Details), w.key) {
					t.Fatalf("the key in the audit: %s", r.Details)
				}
			}
		}
		if n != 4 {
			t.Fatalf("%d audit rows of sms.settings.set, want 4", n)
		}
	})
}
