package daemon

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
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

func TestSubmissionsOverSocket(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--webhooks-allow-loopback-http")
	ctx := context.Background()
	deliveries := make(chan map[string]any, 16)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		json.NewDecoder(r.Body).Decode(&body)
		body["delivery"] = r.Header.Get("X-Arshline-Delivery")
		deliveries <- body
	}))
	defer hook.Close()
	id, token := publishForm(t, c, withWebhook(clinicForm, hook.URL+"/hook"))
	other, otherToken := publishForm(t, c, map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"}}})

	var pf publicForm
	call(t, c, "forms.public", map[string]any{"token": token}, &pf)
	if pf.Title != "نوبت‌دهی" || pf.FormToken == "" || len(pf.Document.Fields) != 6 {
		t.Fatalf("forms.public %+v", pf)
	}
	// What only admins see stays with them.
	if _, ok := pf.Document.Settings["webhooks"]; ok || pf.Document.Settings["notify_emails"] != nil || pf.Document.Settings["max_submissions"] != nil {
		t.Fatalf("forms.public showed admin settings: %v", pf.Document.Settings)
	}
	var byID publicForm
	call(t, c, "forms.public", map[string]any{"id": id}, &byID)
	if byID.Token != token {
		t.Fatalf("by id: token %q, want %q", byID.Token, token)
	}
	var otherPF publicForm
	call(t, c, "forms.public", map[string]any{"token": otherToken}, &otherPF)

	answersOK := map[string]any{"f1": "علي كريمي", "f2": "+98 ۹۱۲ ۱۲۳ ۴۵۶۷", "f3": "o1", "f4": "۱۴۰۳/۱۲/۳۰", "f5": "dropped", "f6": 4}
	// Each send is a page loaded anew (one token, one submission); a
	// full form gives no new token, and the last one shows it full.
	formToken := func() string {
		var fresh publicForm
		if err := c.Call(ctx, "forms.public", map[string]any{"token": token}, &fresh); err == nil {
			return fresh.FormToken
		}
		return pf.FormToken
	}
	submit := func(ans map[string]any, extra map[string]any) map[string]any {
		p := map[string]any{"token": token, "form_token": formToken(), "answers": ans, "client": map[string]any{"ip_hash": "abc", "user_agent": "test"}}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	var r1 receipt
	call(t, c, "submissions.submit", submit(answersOK, map[string]any{"idempotency_key": "click-1"}), &r1)
	if r1.SubmissionID == 0 || len(r1.TrackingCode) != 10 || r1.ThankYou != "ممنون از شما" {
		t.Fatalf("receipt %+v", r1)
	}
	// A double click is one submission; the same key with other answers
	// is a conflict.
	// The form's webhook receives it: one delivery, with its id.
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
	changed := map[string]any{"f1": "رضا", "f2": "09121234567"}
	if re := submitErr(t, c, submit(changed, map[string]any{"idempotency_key": "click-1"})); re.CodeName() != "CONFLICT" {
		t.Fatalf("replayed key with other answers: %v", re)
	}

	// Every wrong answer at once, each with its reason and both messages.
	re := submitErr(t, c, submit(map[string]any{"f1": " ", "f2": "0912", "f3": "o9", "f4": "1404/12/30", "f6": 9, "f99": "x"}, nil))
	if re.CodeName() != "INVALID_SUBMISSION" || re.Code != -32017 {
		t.Fatalf("invalid answers: %v", re)
	}
	codes := fieldCodes(t, re)
	for f, want := range map[string]string{"f1": "required", "f3": "unknown_option", "f4": "invalid_date", "f6": "out_of_scale", "f99": "unknown_field"} {
		if codes[f] != want {
			t.Errorf("%s: code %q, want %q (all: %v)", f, codes[f], want, codes)
		}
	}
	// Refusals of the whole form.
	for name, tc := range map[string]struct {
		params map[string]any
		reason string
	}{
		"honeypot":             {submit(answersOK, map[string]any{"honeypot": "http://spam"}), "suspected_spam"},
		"another form's token": {submit(answersOK, map[string]any{"form_token": otherPF.FormToken}), "form_token_invalid"},
		"a forged token":       {submit(answersOK, map[string]any{"form_token": "AAAA" + pf.FormToken[4:]}), "form_token_invalid"},
	} {
		re := submitErr(t, c, tc.params)
		if re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != tc.reason {
			t.Errorf("%s: %v %v", name, re, re.Data)
		}
	}
	// Too much: 10,000 answers, or one answer of 100,000 characters.
	many := map[string]any{}
	for i := 0; i < 10000; i++ {
		many["x"+strconv.Itoa(i)] = 1
	}
	if re := submitErr(t, c, submit(many, nil)); re.CodeName() != "TOO_LARGE" || re.Code != -32016 {
		t.Errorf("10,000 answers: %v", re)
	}
	if re := submitErr(t, c, submit(map[string]any{"f1": strings.Repeat("ب", 100000), "f2": "09121234567"}, nil)); re.CodeName() != "TOO_LARGE" {
		t.Errorf("a 100,000-character answer: %v", re)
	}
	closed := []map[string]any{
		{"token": "00000000000000000000000000000000", "form_token": pf.FormToken, "answers": answersOK, "client": map[string]any{"ip_hash": "a"}},
		{"token": otherToken + "0", "form_token": pf.FormToken, "answers": answersOK, "client": map[string]any{"ip_hash": "a"}},
	}
	for _, p := range closed {
		if re := submitErr(t, c, p); re.CodeName() != "FORM_CLOSED" || re.Code != -32018 {
			t.Errorf("token %v: %v", p["token"], re)
		}
	}
	if re := submitErr(t, c, map[string]any{"token": token, "form_token": pf.FormToken, "answers": answersOK}); re.CodeName() != "INVALID_PARAMS" {
		t.Errorf("no client: %v", re)
	}

	// Three more fill the form (max_submissions 4); the fifth finds it
	// closed, and forms.public too.
	second := map[string]any{"f1": "مریم", "f2": "09351234567", "f3": "o2", "f5": "ساعت عصر لطفا", "f6": "۵"}
	var r2 receipt
	call(t, c, "submissions.submit", submit(second, nil), &r2)
	call(t, c, "submissions.submit", submit(map[string]any{"f1": "سوم", "f2": "09121111111"}, nil), nil)
	call(t, c, "submissions.submit", submit(map[string]any{"f1": "چهارم", "f2": "09121111112"}, nil), nil)
	if re := submitErr(t, c, submit(map[string]any{"f1": "پنجم", "f2": "09121111113"}, nil)); re.CodeName() != "FORM_CLOSED" {
		t.Fatalf("a full form took a fifth: %v", re)
	}
	if code := callErr(t, c, "forms.public", map[string]any{"token": token}); code != domain.CodeFormClosed {
		t.Fatalf("forms.public of a full form: %v", code)
	}

	// The admin's side.
	type page struct {
		Items        []domain.Submission `json:"items"`
		NextBeforeID *int64              `json:"next_before_id"`
	}
	var p1 page
	call(t, c, "submissions.list", map[string]any{"form_id": id, "limit": 3}, &p1)
	if len(p1.Items) != 3 || p1.NextBeforeID == nil || p1.Items[0].ID <= p1.Items[2].ID {
		t.Fatalf("first page %+v", p1)
	}
	var p2 page
	call(t, c, "submissions.list", map[string]any{"form_id": id, "limit": 3, "before_id": *p1.NextBeforeID}, &p2)
	if len(p2.Items) != 1 || p2.Items[0].ID != r1.SubmissionID || p2.NextBeforeID != nil {
		t.Fatalf("second page %+v", p2)
	}
	var found page
	call(t, c, "submissions.list", map[string]any{"form_id": id, "q": "عصر"}, &found)
	if len(found.Items) != 1 || found.Items[0].ID != r2.SubmissionID {
		t.Fatalf("search: %+v", found)
	}
	// Arabic letters typed by the admin find Persian ones; a tracking code
	// finds its submission; an option's label finds who chose it.
	for q, want := range map[string]int64{"علی": r1.SubmissionID, "كريمي": r1.SubmissionID, r1.TrackingCode: r1.SubmissionID, "آزاد": r2.SubmissionID} {
		var got page
		call(t, c, "submissions.list", map[string]any{"form_id": id, "q": q}, &got)
		if len(got.Items) != 1 || got.Items[0].ID != want {
			t.Errorf("q %q: %+v", q, got.Items)
		}
	}
	today := domain.IranDay(time.Now()) // days are Iran's
	var dated page
	call(t, c, "submissions.list", map[string]any{"form_id": id, "from": today, "to": today}, &dated)
	if len(dated.Items) != 4 {
		t.Errorf("from/to today: %d items", len(dated.Items))
	}
	call(t, c, "submissions.list", map[string]any{"form_id": id, "to": "1400/01/01"}, &dated)
	if len(dated.Items) != 0 {
		t.Errorf("to a Jalali day in the past: %d items", len(dated.Items))
	}
	for _, bad := range []map[string]any{
		{"form_id": id, "limit": 201}, {"form_id": id, "status": "deleted"}, {"form_id": id, "from": "1404/12/30"}, {"form_id": 0},
	} {
		if code := callErr(t, c, "submissions.list", bad); code != domain.CodeInvalidParams {
			t.Errorf("list %v: %v", bad, code)
		}
	}

	var entry struct {
		domain.Submission
		Version domain.Version `json:"version"`
	}
	call(t, c, "submissions.get", map[string]any{"form_id": id, "id": r1.SubmissionID}, &entry)
	var stored []struct {
		Field string          `json:"field"`
		Value json.RawMessage `json:"value"`
		Typed json.RawMessage `json:"typed"`
	}
	if err := json.Unmarshal(entry.Answers, &stored); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, a := range stored {
		got[a.Field] = string(a.Value) + " typed " + string(a.Typed)
	}
	want := map[string]string{
		"f1": `"علی کریمی" typed "علي كريمي"`, "f2": `"09121234567" typed "+98 ۹۱۲ ۱۲۳ ۴۵۶۷"`,
		"f3": `"o1" typed `, "f4": `"1403-12-30" typed "۱۴۰۳/۱۲/۳۰"`, "f6": `4 typed `,
	}
	if len(got) != len(want) {
		t.Errorf("stored answers %v, want %v (f5 hidden, dropped)", got, want)
	}
	for f, w := range want {
		if got[f] != w {
			t.Errorf("%s stored as %s, want %s", f, got[f], w)
		}
	}
	if entry.Version.ID != entry.VersionID || len(entry.Version.State.Document.Fields) != 6 || entry.TrackingCode != r1.TrackingCode {
		t.Errorf("get: %+v", entry)
	}
	if code := callErr(t, c, "submissions.get", map[string]any{"form_id": other, "id": r1.SubmissionID}); code != domain.CodeNotFound {
		t.Errorf("a submission through another form: %v", code)
	}

	var upd struct{ Updated int }
	call(t, c, "submissions.set_status", map[string]any{"form_id": id, "ids": []int64{r1.SubmissionID, r2.SubmissionID, 999999}, "status": "starred"}, &upd)
	if upd.Updated != 2 {
		t.Errorf("set_status updated %d, want 2", upd.Updated)
	}
	var starred page
	call(t, c, "submissions.list", map[string]any{"form_id": id, "status": "starred"}, &starred)
	if len(starred.Items) != 2 {
		t.Errorf("starred: %d", len(starred.Items))
	}
	if code := callErr(t, c, "submissions.set_status", map[string]any{"form_id": id, "ids": []int64{r1.SubmissionID}, "status": "gone"}); code != domain.CodeInvalidParams {
		t.Errorf("bad status: %v", code)
	}
	// Spam frees a place under max_submissions: the form opens again.
	call(t, c, "submissions.set_status", map[string]any{"form_id": id, "ids": []int64{r2.SubmissionID}, "status": "spam"}, nil)
	call(t, c, "forms.public", map[string]any{"token": token}, nil)

	var del struct{ Deleted int }
	call(t, c, "submissions.delete", map[string]any{"form_id": id, "ids": []int64{r1.SubmissionID}}, &del)
	if del.Deleted != 1 {
		t.Fatalf("deleted %d", del.Deleted)
	}
	if code := callErr(t, c, "submissions.get", map[string]any{"form_id": id, "id": r1.SubmissionID}); code != domain.CodeNotFound {
		t.Errorf("an erased submission is still read: %v", code)
	}
	var gone page
	call(t, c, "submissions.list", map[string]any{"form_id": id, "q": r1.TrackingCode}, &gone)
	if len(gone.Items) != 0 {
		t.Errorf("an erased submission is still found")
	}
	var audit []domain.AuditEntry
	call(t, c, "audit.list", map[string]any{"form_id": id, "limit": 5}, &audit)
	if len(audit) == 0 || audit[0].Action != "submissions.delete" {
		t.Errorf("no audit row for the erasure: %+v", audit)
	}
	// Another site of the network: the form does not exist for it.
	site2 := map[string]any{"user_id": 5, "caps": []string{"manage_arshline_forms"}, "site_id": 2}
	if code := callErr(t, c, "forms.public", map[string]any{"token": token, "actor": site2}); code != domain.CodeFormClosed {
		t.Errorf("forms.public from another site: %v", code)
	}
	if re := submitErr(t, c, submit(second, map[string]any{"actor": site2})); re.CodeName() != "FORM_CLOSED" {
		t.Errorf("a submission from another site: %v", re)
	}
	for _, m := range []string{"submissions.list", "submissions.get", "submissions.set_status", "submissions.delete"} {
		p := map[string]any{"form_id": id, "id": r2.SubmissionID, "ids": []int64{r2.SubmissionID}, "status": "read", "actor": site2}
		switch m {
		case "submissions.list":
			delete(p, "id")
			delete(p, "ids")
			delete(p, "status")
		case "submissions.get":
			delete(p, "ids")
			delete(p, "status")
		case "submissions.delete":
			delete(p, "id")
			delete(p, "status")
		default:
			delete(p, "id")
		}
		if code := callErr(t, c, m, p); code != domain.CodeNotFound {
			t.Errorf("%s from another site: %v", m, code)
		}
	}
	// A draft takes no answers, and says so as it does for any other case.
	call(t, c, "forms.set_status", map[string]any{"id": id, "status": "draft"}, nil)
	if re := submitErr(t, c, submit(second, nil)); re.CodeName() != "FORM_CLOSED" {
		t.Errorf("a draft took answers: %v", re)
	}
	_ = ctx
}

// TestSubmitTooFastAndRateLimited: the default minimum fill time refuses
// a form sent at once, and the per-client limit answers RATE_LIMIT with
// the seconds to wait.
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
