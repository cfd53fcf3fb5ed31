package sms_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
)

// FuzzAnswers feeds every provider's client any answer (status and body):
// each call ends in a message id or credit, or in an error the
// administrator can read (an *sms.Error or a domain error), never a panic
// or an empty id.
func FuzzAnswers(f *testing.F) {
	for _, seed := range []struct {
		status int
		body   string
	}{
		{200, `{"return":{"status":200,"message":"تایید شد"},"entries":[{"messageid":8792343,"status":1}]}`},
		{418, `{"return":{"status":418,"message":"اعتبار حساب شما کافی نیست"},"entries":null}`},
		{200, `{"return":{"status":200,"message":"تایید شد"},"entries":{"remaincredit":1200}}`},
		{200, `{"Value":"5243690627088685351","RetStatus":1,"StrRetStatus":"Ok"}`},
		{200, `{"Value":"0","RetStatus":35,"StrRetStatus":"InvalidData"}`},
		{200, `{"Value":"-4","RetStatus":1,"StrRetStatus":"Ok"}`},
		{200, `{"data":{"message_outbox_ids":[1123544244]},"meta":{"status":true,"message":"انجام شد","message_code":"200-1"}}`},
		{422, `{"data":null,"meta":{"status":false,"message":"x","message_code":"400-2","errors":{"params.recipients.0":["x"]}}}`},
		{200, `{"isSuccess":true,"statusCode":200,"message":"ok","data":{"messageId":"2366799","items":[{"messageId":7}],"credit":5}}`},
		{400, `{"isSuccess":false,"statusCode":400,"message":"اعتبار حساب کافی نیست","data":null}`},
		{200, `{"data":{"message_outbox_ids":[]},"meta":{"status":true,"message_code":"200-1"}}`},
		{500, `<html>oops</html>`},
		{200, ``},
	} {
		f.Add(seed.status, seed.body)
	}
	var mu sync.Mutex
	var status int
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		st, b := status, body
		mu.Unlock()
		w.WriteHeader(st)
		_, _ = w.Write([]byte(b))
	}))
	defer srv.Close()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, st int, b string) {
		if st < 200 || st > 599 {
			st = 200
		}
		mu.Lock()
		status, body = st, b
		mu.Unlock()
		check := func(what, id string, err error) {
			if err == nil {
				if id == "" {
					t.Fatalf("%s: no error and no id for %d %q", what, st, b)
				}
				return
			}
			var se *sms.Error
			var de *domain.Error
			if !errors.As(err, &se) && !errors.As(err, &de) {
				t.Fatalf("%s: %T %v", what, err, err)
			}
			if d := domain.AsError(err); d.Code == domain.CodeInternal || messages.Render("fa_IR", d.Text()) == "" {
				t.Fatalf("%s: %+v", what, d)
			}
		}
		for _, name := range sms.Names {
			w := providers[name]
			c := client(t, name, w.key, w.sender, srv.URL)
			id, err := c.Send(ctx, "09121234567", "x")
			check(name+" send", id, err)
			id, err = c.SendPattern(ctx, "09121234567", sms.Pattern{Code: "1", Params: []sms.Param{{Name: w.params[0], Value: "a"}}})
			check(name+" pattern", id, err)
			if _, err := c.Balance(ctx); err != nil {
				check(name+" balance", "-", err)
			}
		}
	})
}
