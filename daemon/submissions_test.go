package daemon

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// clinicForm is API.md's example form with a checkbox and a rating.
var clinicForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "f1", "type": "text", "label": "نام", "required": true, "max_length": 100},
	map[string]any{"id": "f2", "type": "text", "label": "موبایل", "required": true, "format": "mobile_ir"},
	map[string]any{"id": "f3", "type": "radio", "label": "بیمه", "options": []any{
		map[string]any{"value": "o1", "label": "تأمین اجتماعی"}, map[string]any{"value": "o2", "label": "آزاد"}}},
	map[string]any{"id": "f4", "type": "date", "label": "تاریخ مراجعه", "calendar": "jalali", "min": "1403-01-01"},
	map[string]any{"id": "f5", "type": "textarea", "label": "توضیح", "show_if": map[string]any{"field": "f3", "op": "equals", "value": "o2"}},
	map[string]any{"id": "f6", "type": "rating", "label": "رضایت", "scale": map[string]any{"min": 1, "max": 5}},
}, "settings": map[string]any{"thank_you": "ممنون از شما", "max_submissions": 4, "notify_emails": []any{"admin@example.com"}}}

// withWebhook returns doc with one webhook to url.
func withWebhook(doc map[string]any, url string) map[string]any {
	out := map[string]any{}
	for k, v := range doc {
		out[k] = v
	}
	settings := map[string]any{}
	for k, v := range doc["settings"].(map[string]any) {
		settings[k] = v
	}
	settings["webhooks"] = []any{map[string]any{"url": url}}
	out["settings"] = settings
	return out
}

// publishForm creates, fills and publishes a form and returns its id and
// public token.
func publishForm(t *testing.T, c *rpc.Client, doc map[string]any) (int64, string) {
	t.Helper()
	var created struct{ Form domain.Form }
	call(t, c, "forms.create", map[string]any{"title": "نوبت‌دهی"}, &created)
	call(t, c, "forms.update", map[string]any{"id": created.Form.ID, "document": doc}, nil)
	var pub struct{ Form domain.Form }
	call(t, c, "forms.set_status", map[string]any{"id": created.Form.ID, "status": "published"}, &pub)
	return created.Form.ID, pub.Form.PublicToken
}

type publicForm struct {
	Token     string          `json:"token"`
	Title     string          `json:"title"`
	Document  domain.Document `json:"document"`
	FormToken string          `json:"form_token"`
}

type receipt struct {
	SubmissionID int64  `json:"submission_id"`
	TrackingCode string `json:"tracking_code"`
	ThankYou     string `json:"thank_you"`
}

func submitErr(t *testing.T, c *rpc.Client, params map[string]any) *rpc.Error {
	t.Helper()
	err := c.Call(context.Background(), "submissions.submit", params, nil)
	re, ok := err.(*rpc.Error)
	if !ok {
		t.Fatalf("submit %v: want an RPC error, got %v", params["answers"], err)
	}
	return re
}

func fieldCodes(t *testing.T, re *rpc.Error) map[string]string {
	t.Helper()
	raw, _ := json.Marshal(re.Data["fields"])
	var fields []answers.FieldError
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatalf("error.data.fields: %v (%s)", err, raw)
	}
	out := map[string]string{}
	for _, f := range fields {
		if f.MessageFA == "" || f.MessageEN == "" {
			t.Errorf("field %q: a message is missing: %+v", f.Field, f)
		}
		out[f.Field] = string(f.Code)
	}
	return out
}

// TestSubmissionsOverSocket: the submission methods as the shim calls
// them: each wired to its service, the envelope's actor deciding the
// site, the refusals' numbers on the wire, and a stored submission
// waking the webhook worker. What the service decides is tested in
// daemon/submissions.
func TestSubmissionsOverSocket(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--webhooks-allow-loopback-http")
	deliveries := make(chan map[string]any, 16)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		json.NewDecoder(r.Body).Decode(&body)
		body["delivery"] = r.Header.Get("X-Arshline-Delivery")
		deliveries <- body
	}))
	defer hook.Close()
	id, token := publishForm(t, c, withWebhook(clinicForm, hook.URL+"/hook"))
	var pf publicForm
	call(t, c, "forms.public", map[string]any{"token": token}, &pf)
	if pf.Title != "نوبت‌دهی" || pf.FormToken == "" || len(pf.Document.Fields) != 6 {
		t.Fatalf("forms.public %+v", pf)
	}
	answersOK := map[string]any{"f1": "علي كريمي", "f2": "+98 ۹۱۲ ۱۲۳ ۴۵۶۷", "f3": "o1", "f6": 4}
	submit := func(ans map[string]any, extra map[string]any) map[string]any {
		p := map[string]any{"token": token, "form_token": freshToken(t, c, token), "answers": ans, "client": map[string]any{"ip_hash": "abc", "user_agent": "test"}}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	var r1 receipt
	t.Run("a submission is stored and its webhook delivered once", func(t *testing.T) {
		call(t, c, "submissions.submit", submit(answersOK, map[string]any{"idempotency_key": "click-1"}), &r1)
		if r1.SubmissionID == 0 || len(r1.TrackingCode) != 10 || r1.ThankYou != "ممنون از شما" {
			t.Fatalf("receipt %+v", r1)
		}
		select {
		case d := <-deliveries:
			if d["event"] != "submission.created" || d["tracking_code"] != r1.TrackingCode || d["submission_id"] != float64(r1.SubmissionID) || d["delivery"] == "" {
				t.Fatalf("webhook delivery %v", d)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no webhook delivery")
		}
		var again receipt
		call(t, c, "submissions.submit", submit(answersOK, map[string]any{"idempotency_key": "click-1"}), &again)
		if again != r1 {
			t.Fatalf("replay gave %+v, want %+v", again, r1)
		}
		select {
		case d := <-deliveries:
			t.Fatalf("a replayed idempotency key was delivered again: %v", d)
		case <-time.After(1500 * time.Millisecond):
		}
	})
	t.Run("refusals carry their numbers and fields on the wire", func(t *testing.T) {
		re := submitErr(t, c, submit(map[string]any{"f1": " ", "f2": "0912"}, nil))
		if re.CodeName() != "INVALID_SUBMISSION" || re.Code != -32017 || fieldCodes(t, re)["f1"] != "required" {
			t.Errorf("invalid answers: %v %v", re, re.Data)
		}
		many := map[string]any{}
		for i := 0; i < 10000; i++ {
			many["x"+strconv.Itoa(i)] = 1
		}
		if re := submitErr(t, c, submit(many, nil)); re.CodeName() != "TOO_LARGE" || re.Code != -32016 {
			t.Errorf("10,000 answers: %v", re)
		}
		p := submit(answersOK, nil)
		p["token"] = "00000000000000000000000000000000"
		if re := submitErr(t, c, p); re.CodeName() != "FORM_CLOSED" || re.Code != -32018 {
			t.Errorf("an unknown form: %v", re)
		}
		if re := submitErr(t, c, map[string]any{"token": token, "form_token": pf.FormToken, "answers": answersOK}); re.CodeName() != "INVALID_PARAMS" {
			t.Errorf("no client: %v", re)
		}
	})
	t.Run("the admin's methods", func(t *testing.T) {
		var page struct {
			Items []domain.Submission `json:"items"`
		}
		call(t, c, "submissions.list", map[string]any{"form_id": id, "q": r1.TrackingCode}, &page)
		if len(page.Items) != 1 || page.Items[0].ID != r1.SubmissionID {
			t.Fatalf("list: %+v", page)
		}
		var entry struct {
			domain.Submission
			Version domain.Version `json:"version"`
		}
		call(t, c, "submissions.get", map[string]any{"form_id": id, "id": r1.SubmissionID}, &entry)
		if entry.TrackingCode != r1.TrackingCode || entry.Version.ID != entry.VersionID {
			t.Fatalf("get: %+v", entry)
		}
		var upd struct{ Updated int }
		call(t, c, "submissions.set_status", map[string]any{"form_id": id, "ids": []int64{r1.SubmissionID}, "status": "starred"}, &upd)
		var del struct{ Deleted int }
		call(t, c, "submissions.delete", map[string]any{"form_id": id, "ids": []int64{r1.SubmissionID}}, &del)
		if upd.Updated != 1 || del.Deleted != 1 {
			t.Fatalf("set_status %d, delete %d", upd.Updated, del.Deleted)
		}
	})
	t.Run("the envelope's site decides whose form it is", func(t *testing.T) {
		site2 := map[string]any{"user_id": 5, "caps": []string{"manage_arshline_forms"}, "site_id": 2}
		if code := callErr(t, c, "forms.public", map[string]any{"token": token, "actor": site2}); code != domain.CodeFormClosed {
			t.Errorf("forms.public from another site: %v", code)
		}
		if code := callErr(t, c, "submissions.list", map[string]any{"form_id": id, "actor": site2}); code != domain.CodeNotFound {
			t.Errorf("submissions.list from another site: %v", code)
		}
	})
}

// TestSubmitTooFastAndRateLimited: --submit-min-fill and
// --submit-per-client-per-minute reach the service: a form sent at once
// is refused with the seconds to wait, and a third send in a minute
// answers RATE_LIMIT.
func TestSubmitTooFastAndRateLimited(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "1s", "--submit-per-client-per-minute", "2")
	_, token := publishForm(t, c, map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"}}})
	// Five pages loaded now, one per send.
	tokens := make([]string, 5)
	for i := range tokens {
		var pf publicForm
		call(t, c, "forms.public", map[string]any{"token": token}, &pf)
		tokens[i] = pf.FormToken
	}
	send := func(i int) map[string]any {
		return map[string]any{"token": token, "form_token": tokens[i], "answers": map[string]any{"f1": "x"}, "client": map[string]any{"ip_hash": "h"}}
	}
	re := submitErr(t, c, send(0))
	if re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != "too_fast" {
		t.Fatalf("sent at once: %v", re)
	}
	// The page is told how long to wait: the rest of the minimum fill time.
	if wait, _ := re.Data["retry_after_sec"].(float64); wait != 1 {
		t.Fatalf("sent at once: retry_after_sec %v, want 1", re.Data["retry_after_sec"])
	}
	time.Sleep(1100 * time.Millisecond)
	call(t, c, "submissions.submit", send(1), nil)
	call(t, c, "submissions.submit", send(2), nil)
	// Two in the window: the third waits.
	re = submitErr(t, c, send(3))
	if re.CodeName() != "RATE_LIMIT" || re.Data["retry_after_sec"] == nil {
		t.Fatalf("third in a minute: %v %v", re, re.Data)
	}
	// Another client is not held back by the first.
	p := send(4)
	p["client"] = map[string]any{"ip_hash": "other"}
	call(t, c, "submissions.submit", p, nil)
}
