package submissions_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
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
}, "settings": map[string]any{"thank_you": "ممنون از شما", "max_submissions": 4, "notify_emails": []any{"admin@example.com"},
	"webhooks": []any{map[string]any{"url": "https://hooks.example.com/arshline"}}}}

// oneFieldForm is a form of one optional text question and one number.
var oneFieldForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "f1", "type": "text", "label": "نام"},
	map[string]any{"id": "f2", "type": "number", "label": "سن"},
}}

var answersOK = map[string]any{"f1": "علي كريمي", "f2": "+98 ۹۱۲ ۱۲۳ ۴۵۶۷", "f3": "o1", "f4": "۱۴۰۳/۱۲/۳۰", "f5": "dropped", "f6": 4}

// TestPublicForm: what a respondent's page is built from, and the forms
// no respondent may answer.
func TestPublicForm(t *testing.T) {
	s := newSite(t, open())
	f := s.publish(clinicForm)
	pf, err := s.svc.Public(admin, submissions.PublicParams{Token: f.PublicToken})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("the form and a form token", func(t *testing.T) {
		if pf.Title != "نوبت‌دهی" || pf.FormToken == "" || len(pf.Document.Fields) != 6 {
			t.Fatalf("forms.public %+v", pf)
		}
	})
	t.Run("what only admins see stays with them", func(t *testing.T) {
		if _, ok := pf.Document.Settings["webhooks"]; ok || pf.Document.Settings["notify_emails"] != nil || pf.Document.Settings["max_submissions"] != nil {
			t.Fatalf("forms.public showed admin settings: %v", pf.Document.Settings)
		}
		if pf.Document.Settings["thank_you"] != "ممنون از شما" {
			t.Fatalf("the thank-you text is missing: %v", pf.Document.Settings)
		}
	})
	t.Run("by id, the same form", func(t *testing.T) {
		byID, err := s.svc.Public(admin, submissions.PublicParams{ID: f.ID})
		if err != nil || byID.Token != f.PublicToken {
			t.Fatalf("by id: %+v %v", byID, err)
		}
	})
	t.Run("token and id, or neither, is INVALID_PARAMS", func(t *testing.T) {
		for _, p := range []submissions.PublicParams{{}, {Token: f.PublicToken, ID: f.ID}} {
			if _, err := s.svc.Public(admin, p); domain.ErrorCode(err) != domain.CodeInvalidParams {
				t.Errorf("%+v: %v", p, err)
			}
		}
	})
	t.Run("closed alike: unknown, another site's, a draft", func(t *testing.T) {
		for name, call := range map[string]func() error{
			"an unknown token": func() error {
				_, err := s.svc.Public(admin, submissions.PublicParams{Token: "00000000000000000000000000000000"})
				return err
			},
			"another site": func() error {
				_, err := s.svc.Public(actorOf(2), submissions.PublicParams{Token: f.PublicToken})
				return err
			},
		} {
			if err := call(); domain.ErrorCode(err) != domain.CodeFormClosed {
				t.Errorf("%s: %v", name, err)
			}
		}
		draft, err := s.forms.Create(admin, forms.CreateParams{Title: "پیش‌نویس", Document: documentOf(t, oneFieldForm)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.Public(admin, submissions.PublicParams{ID: draft.Form.ID}); domain.ErrorCode(err) != domain.CodeFormClosed {
			t.Errorf("a draft: %v", err)
		}
	})
}

// TestSubmit: one respondent's submission, judged against the version
// the page showed, stored once, and every way it is refused with nothing
// stored.
func TestSubmit(t *testing.T) {
	s := newSite(t, open())
	f := s.publish(clinicForm)
	other := s.publish(oneFieldForm)
	var first *submissions.Receipt
	t.Run("a receipt with the tracking code and the thank-you text", func(t *testing.T) {
		p := s.send(f.PublicToken, answersOK)
		p.IdempotencyKey = "click-1"
		first = s.submit(p)
		if first.SubmissionID == 0 || len(first.TrackingCode) != 10 || first.ThankYou != "ممنون از شما" {
			t.Fatalf("receipt %+v", first)
		}
	})
	t.Run("stored: normalised values, and what was typed where it differs", func(t *testing.T) {
		got := map[string]string{}
		for field, a := range s.stored(f.ID, first.SubmissionID) {
			got[field] = string(a.Value) + " typed " + string(a.Typed)
		}
		want := map[string]string{
			"f1": `"علی کریمی" typed "علي كريمي"`, "f2": `"09121234567" typed "+98 ۹۱۲ ۱۲۳ ۴۵۶۷"`,
			"f3": `"o1" typed `, "f4": `"1403-12-30" typed "۱۴۰۳/۱۲/۳۰"`, "f6": `4 typed `,
		}
		if len(got) != len(want) {
			t.Errorf("stored answers %v, want %v (f5 hidden, dropped)", got, want)
		}
		for field, w := range want {
			if got[field] != w {
				t.Errorf("%s stored as %s, want %s", field, got[field], w)
			}
		}
	})
	t.Run("a double click is one submission", func(t *testing.T) {
		p := s.send(f.PublicToken, answersOK)
		p.IdempotencyKey = "click-1"
		if again := s.submit(p); !reflect.DeepEqual(again, first) {
			t.Fatalf("replay gave %+v, want %+v", again, first)
		}
	})
	t.Run("the same key with other answers is a conflict", func(t *testing.T) {
		p := s.send(f.PublicToken, map[string]any{"f1": "رضا", "f2": "09121234567"})
		p.IdempotencyKey = "click-1"
		if code, _ := s.refused(p); code != domain.CodeConflict {
			t.Fatalf("replayed key with other answers: %v", code)
		}
	})
	t.Run("every wrong answer at once, each with its reason", func(t *testing.T) {
		code, reasons := s.refused(s.send(f.PublicToken, map[string]any{"f1": " ", "f2": "0912", "f3": "o9", "f4": "1404/12/30", "f6": 9, "f99": "x"}))
		if code != domain.CodeInvalidSubmission {
			t.Fatalf("invalid answers: %v", code)
		}
		for field, want := range map[string]string{"f1": "required", "f3": "unknown_option", "f4": "invalid_date", "f6": "out_of_scale", "f99": "unknown_field"} {
			if reasons[field] != want {
				t.Errorf("%s: reason %q, want %q (all: %v)", field, reasons[field], want, reasons)
			}
		}
	})
	t.Run("refusals of the whole form", func(t *testing.T) {
		otherToken := s.page(other.PublicToken)
		for name, tc := range map[string]struct {
			edit   func(*submissions.SubmitParams)
			reason string
		}{
			"honeypot":             {func(p *submissions.SubmitParams) { p.Honeypot = "http://spam" }, "suspected_spam"},
			"another form's token": {func(p *submissions.SubmitParams) { p.FormToken = otherToken }, "form_token_invalid"},
			"a forged token":       {func(p *submissions.SubmitParams) { p.FormToken = "AAAA" + p.FormToken[4:] }, "form_token_invalid"},
		} {
			t.Run(name, func(t *testing.T) {
				p := s.send(f.PublicToken, answersOK)
				tc.edit(&p)
				if code, reasons := s.refused(p); code != domain.CodeInvalidSubmission || reasons[""] != tc.reason {
					t.Fatalf("%v %v", code, reasons)
				}
			})
		}
	})
	t.Run("too much: 10,000 answers, or one of 100,000 characters", func(t *testing.T) {
		many := map[string]any{}
		for i := range 10000 {
			many["x"+strconv.Itoa(i)] = 1
		}
		if code, _ := s.refused(s.send(f.PublicToken, many)); code != domain.CodeTooLarge {
			t.Errorf("10,000 answers: %v", code)
		}
		if code, _ := s.refused(s.send(f.PublicToken, map[string]any{"f1": strings.Repeat("ب", 100000), "f2": "09121234567"})); code != domain.CodeTooLarge {
			t.Errorf("a 100,000-character answer: %v", code)
		}
	})
	t.Run("an unknown form token is a closed form", func(t *testing.T) {
		for _, token := range []string{"00000000000000000000000000000000", other.PublicToken + "0"} {
			p := s.send(f.PublicToken, answersOK)
			p.Token = token
			if code, _ := s.refused(p); code != domain.CodeFormClosed {
				t.Errorf("token %s: %v", token, code)
			}
		}
	})
	t.Run("no client is INVALID_PARAMS", func(t *testing.T) {
		p := s.send(f.PublicToken, answersOK)
		p.Client = submissions.Client{}
		if code, _ := s.refused(p); code != domain.CodeInvalidParams {
			t.Errorf("no client: %v", code)
		}
	})
	t.Run("another site's respondent finds the form closed", func(t *testing.T) {
		if _, err := s.svc.Submit(actorOf(2), s.send(f.PublicToken, answersOK)); domain.ErrorCode(err) != domain.CodeFormClosed {
			t.Errorf("a submission from another site: %v", err)
		}
	})
	t.Run("max_submissions: the fifth finds the form full, forms.public too", func(t *testing.T) {
		s.submit(s.send(f.PublicToken, map[string]any{"f1": "مریم", "f2": "09351234567", "f3": "o2", "f5": "ساعت عصر لطفا", "f6": "۵"}))
		p := s.send(f.PublicToken, map[string]any{"f1": "سوم", "f2": "09121111111"})
		s.submit(p)
		last := s.send(f.PublicToken, map[string]any{"f1": "پنجم", "f2": "09121111113"})
		s.submit(s.send(f.PublicToken, map[string]any{"f1": "چهارم", "f2": "09121111112"}))
		if code, _ := s.refused(last); code != domain.CodeFormClosed {
			t.Fatalf("a full form took a fifth: %v", code)
		}
		if _, err := s.svc.Public(admin, submissions.PublicParams{Token: f.PublicToken}); domain.ErrorCode(err) != domain.CodeFormClosed {
			t.Fatalf("forms.public of a full form: %v", err)
		}
	})
	t.Run("a draft takes no answers", func(t *testing.T) {
		p := s.send(other.PublicToken, map[string]any{"f1": "x"})
		if _, err := s.forms.SetStatus(admin, forms.SetStatusParams{ID: other.ID, Status: "draft"}); err != nil {
			t.Fatal(err)
		}
		if code, _ := s.refused(p); code != domain.CodeFormClosed {
			t.Errorf("a draft took answers: %v", code)
		}
	})
}

// TestAdminPages: the admin's side of a form's submissions: pages,
// search, days, one entry, status, erasure, and nothing of another
// site's.
func TestAdminPages(t *testing.T) {
	s := newSite(t, open())
	f := s.publish(clinicForm)
	other := s.publish(oneFieldForm)
	r1 := s.submit(s.send(f.PublicToken, answersOK))
	r2 := s.submit(s.send(f.PublicToken, map[string]any{"f1": "مریم", "f2": "09351234567", "f3": "o2", "f5": "ساعت عصر لطفا", "f6": "۵"}))
	s.submit(s.send(f.PublicToken, map[string]any{"f1": "سوم", "f2": "09121111111"}))
	s.submit(s.send(f.PublicToken, map[string]any{"f1": "چهارم", "f2": "09121111112"}))
	list := func(p submissions.ListParams) *submissions.Page {
		t.Helper()
		p.FormID = f.ID
		page, err := s.svc.List(admin, p)
		if err != nil {
			t.Fatalf("list %+v: %v", p, err)
		}
		return page
	}
	t.Run("pages, newest first", func(t *testing.T) {
		p1 := list(submissions.ListParams{Limit: 3})
		if len(p1.Items) != 3 || p1.NextBeforeID == nil || p1.Items[0].ID <= p1.Items[2].ID {
			t.Fatalf("first page %+v", p1)
		}
		p2 := list(submissions.ListParams{Limit: 3, BeforeID: *p1.NextBeforeID})
		if len(p2.Items) != 1 || p2.Items[0].ID != r1.SubmissionID || p2.NextBeforeID != nil {
			t.Fatalf("second page %+v", p2)
		}
	})
	t.Run("search", func(t *testing.T) {
		// Arabic letters typed by the admin find Persian ones; a tracking
		// code finds its submission; an option's label finds who chose it.
		for q, want := range map[string]int64{"عصر": r2.SubmissionID, "علی": r1.SubmissionID, "كريمي": r1.SubmissionID,
			r1.TrackingCode: r1.SubmissionID, "آزاد": r2.SubmissionID} {
			if got := list(submissions.ListParams{Q: q}); len(got.Items) != 1 || got.Items[0].ID != want {
				t.Errorf("q %q: %+v", q, got.Items)
			}
		}
	})
	t.Run("days, Iran's, Gregorian or Jalali", func(t *testing.T) {
		today := domain.IranDay(time.Now())
		if got := list(submissions.ListParams{From: today, To: today}); len(got.Items) != 4 {
			t.Errorf("from/to today: %d items", len(got.Items))
		}
		if got := list(submissions.ListParams{To: "1400/01/01"}); len(got.Items) != 0 {
			t.Errorf("to a Jalali day in the past: %d items", len(got.Items))
		}
	})
	t.Run("bad parameters are INVALID_PARAMS", func(t *testing.T) {
		for _, bad := range []submissions.ListParams{{FormID: f.ID, Limit: 201}, {FormID: f.ID, Status: "deleted"}, {FormID: f.ID, From: "1404/12/30"}, {}} {
			if _, err := s.svc.List(admin, bad); domain.ErrorCode(err) != domain.CodeInvalidParams {
				t.Errorf("list %+v: %v", bad, err)
			}
		}
	})
	t.Run("one entry with the version it answered", func(t *testing.T) {
		e, err := s.svc.Get(admin, submissions.GetParams{FormID: f.ID, ID: r1.SubmissionID})
		if err != nil {
			t.Fatal(err)
		}
		if e.Version.ID != e.VersionID || len(e.Version.State.Document.Fields) != 6 || e.TrackingCode != r1.TrackingCode {
			t.Errorf("get: %+v", e)
		}
		if _, err := s.svc.Get(admin, submissions.GetParams{FormID: other.ID, ID: r1.SubmissionID}); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("a submission through another form: %v", err)
		}
	})
	t.Run("status", func(t *testing.T) {
		upd, err := s.svc.SetStatus(admin, submissions.IDsParams{FormID: f.ID, IDs: []int64{r1.SubmissionID, r2.SubmissionID, 999999}, Status: "starred"})
		if err != nil || upd.Updated != 2 {
			t.Fatalf("set_status: %+v %v, want 2 updated", upd, err)
		}
		if got := list(submissions.ListParams{Status: "starred"}); len(got.Items) != 2 {
			t.Errorf("starred: %d", len(got.Items))
		}
		if _, err := s.svc.SetStatus(admin, submissions.IDsParams{FormID: f.ID, IDs: []int64{r1.SubmissionID}, Status: "gone"}); domain.ErrorCode(err) != domain.CodeInvalidParams {
			t.Errorf("bad status: %v", err)
		}
	})
	t.Run("spam frees a place under max_submissions", func(t *testing.T) {
		if _, err := s.svc.Public(admin, submissions.PublicParams{Token: f.PublicToken}); domain.ErrorCode(err) != domain.CodeFormClosed {
			t.Fatalf("the full form is open: %v", err)
		}
		if _, err := s.svc.SetStatus(admin, submissions.IDsParams{FormID: f.ID, IDs: []int64{r2.SubmissionID}, Status: "spam"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.Public(admin, submissions.PublicParams{Token: f.PublicToken}); err != nil {
			t.Fatalf("the form stays closed: %v", err)
		}
	})
	t.Run("erasure, with an audit row", func(t *testing.T) {
		del, err := s.svc.Delete(admin, submissions.IDsParams{FormID: f.ID, IDs: []int64{r1.SubmissionID}})
		if err != nil || del.Deleted != 1 {
			t.Fatalf("deleted %+v %v", del, err)
		}
		if _, err := s.svc.Get(admin, submissions.GetParams{FormID: f.ID, ID: r1.SubmissionID}); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("an erased submission is still read: %v", err)
		}
		if got := list(submissions.ListParams{Q: r1.TrackingCode}); len(got.Items) != 0 {
			t.Errorf("an erased submission is still found")
		}
		audit, err := s.forms.ListAudit(admin, forms.AuditParams{FormID: &f.ID, Limit: 5})
		if err != nil || len(audit) == 0 || audit[0].Action != "submissions.delete" {
			t.Errorf("no audit row for the erasure: %+v %v", audit, err)
		}
	})
	t.Run("another site sees none of it", func(t *testing.T) {
		site2 := actorOf(2)
		ids := submissions.IDsParams{FormID: f.ID, IDs: []int64{r2.SubmissionID}, Status: "read"}
		for name, call := range map[string]func() error{
			"submissions.list": func() error { _, err := s.svc.List(site2, submissions.ListParams{FormID: f.ID}); return err },
			"submissions.get": func() error {
				_, err := s.svc.Get(site2, submissions.GetParams{FormID: f.ID, ID: r2.SubmissionID})
				return err
			},
			"submissions.set_status": func() error { _, err := s.svc.SetStatus(site2, ids); return err },
			"submissions.delete":     func() error { _, err := s.svc.Delete(site2, ids); return err },
		} {
			if err := call(); domain.ErrorCode(err) != domain.CodeNotFound {
				t.Errorf("%s from another site: %v", name, err)
			}
		}
	})
}

// TestSpamDefences: the minimum fill time, the per-client and per-form
// limits, and single-use form tokens.
func TestSpamDefences(t *testing.T) {
	t.Run("sent before the minimum fill time: too_fast, with the seconds left", func(t *testing.T) {
		cfg := open()
		cfg.MinFill = 3 * time.Second
		s := newSite(t, cfg)
		f := s.publish(oneFieldForm)
		p := s.send(f.PublicToken, map[string]any{"f1": "x"})
		s.clock.advance(time.Second)
		_, err := s.svc.Submit(admin, p)
		if domain.ErrorCode(err) != domain.CodeInvalidSubmission || domain.AsError(err).Data["retry_after_sec"] != 2 {
			t.Fatalf("sent after 1 s of 3: %v %v", err, domain.AsError(err).Data)
		}
		s.clock.advance(2 * time.Second)
		s.submit(p)
	})
	t.Run("the per-client limit answers RATE_LIMIT with the wait, and holds back no one else", func(t *testing.T) {
		cfg := open()
		cfg.PerClientPerMinute = 2
		s := newSite(t, cfg)
		f := s.publish(oneFieldForm)
		s.submit(s.send(f.PublicToken, map[string]any{"f1": "x"}))
		s.submit(s.send(f.PublicToken, map[string]any{"f1": "x"}))
		_, err := s.svc.Submit(admin, s.send(f.PublicToken, map[string]any{"f1": "x"}))
		if domain.ErrorCode(err) != domain.CodeRateLimit || domain.AsError(err).Data["retry_after_sec"] == nil {
			t.Fatalf("third in a minute: %v %v", err, domain.AsError(err).Data)
		}
		p := s.send(f.PublicToken, map[string]any{"f1": "x"})
		p.Client.IPHash = "other"
		s.submit(p)
		s.clock.advance(time.Minute)
		s.submit(s.send(f.PublicToken, map[string]any{"f1": "x"}))
	})
	t.Run("the client limit keys on the address, whatever the User-Agent", func(t *testing.T) {
		cfg := open()
		cfg.PerClientPerMinute = 2
		s := newSite(t, cfg)
		f := s.publish(oneFieldForm)
		accepted := 0
		for i := range 6 {
			p := s.send(f.PublicToken, map[string]any{"f1": "علی"})
			p.Client = submissions.Client{IPHash: "one-address", UserAgent: fmt.Sprintf("Mozilla/5.0/%d", i)}
			if _, err := s.svc.Submit(admin, p); err == nil {
				accepted++
			} else if domain.ErrorCode(err) != domain.CodeRateLimit {
				t.Fatal(err)
			}
		}
		if accepted != 2 {
			t.Fatalf("one address rotating its User-Agent: %d of 6 accepted, want 2", accepted)
		}
	})
	t.Run("one client cannot spend the form's budget", func(t *testing.T) {
		// The client's limit is checked first, and a refused submission
		// gives its place in the form's budget back.
		cfg := open()
		cfg.PerClientPerMinute, cfg.PerFormPerMinute = 3, 5
		s := newSite(t, cfg)
		f := s.publish(oneFieldForm)
		codes := map[domain.Code]int{}
		for range 20 {
			p := s.send(f.PublicToken, map[string]any{"f2": "not a number"})
			p.Client.IPHash = "noisy"
			code, _ := s.refused(p)
			codes[code]++
		}
		if codes[domain.CodeInvalidSubmission] != 3 || codes[domain.CodeRateLimit] != 17 {
			t.Fatalf("one noisy client: %v", codes)
		}
		for i := range 5 {
			p := s.send(f.PublicToken, map[string]any{"f1": "علی"})
			p.Client.IPHash = fmt.Sprintf("visitor-%d", i)
			s.submit(p)
		}
	})
	t.Run("a form token is one submission", func(t *testing.T) {
		s := newSite(t, open())
		f := s.publish(oneFieldForm)
		p := s.send(f.PublicToken, map[string]any{"f1": "علی"})
		if second := s.page(f.PublicToken); second == p.FormToken {
			t.Fatal("two loads of the form got the same token")
		}
		p.IdempotencyKey = "k1"
		r1 := s.submit(p)
		if again := s.submit(p); !reflect.DeepEqual(again, r1) {
			t.Fatalf("a repeated send with its key gave %+v, want the first receipt %+v", again, r1)
		}
		for name, edit := range map[string]func(*submissions.SubmitParams){
			"without a key": func(q *submissions.SubmitParams) { q.IdempotencyKey = "" },
			"another key": func(q *submissions.SubmitParams) {
				q.IdempotencyKey, q.Answers, q.Client.IPHash = "k2", json.RawMessage(`{"f1":"دیگر"}`), "b"
			},
		} {
			q := p
			edit(&q)
			if code, reasons := s.refused(q); code != domain.CodeInvalidSubmission || reasons[""] != "form_token_used" {
				t.Errorf("%s: the used token gave %v %v", name, code, reasons)
			}
		}
	})
}

// TestOlderVersionToken: a token of an older version is judged by that
// version only within the grace after a newer one was made; an answer to
// a question the newer version removed is not stored but named in the
// receipt; past the grace the token is refused (form_token_superseded).
func TestOlderVersionToken(t *testing.T) {
	cfg := open()
	cfg.TokenGrace = 2 * time.Second
	s := newSite(t, cfg)
	f := s.publish(oneFieldForm)
	old1 := s.send(f.PublicToken, map[string]any{"f1": "علی", "f2": 30})
	old2 := s.send(f.PublicToken, map[string]any{"f1": "علی"})
	if _, err := s.forms.Update(admin, forms.UpdateParams{ID: f.ID, Document: documentOf(t, map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"}}})}); err != nil {
		t.Fatal(err)
	}
	t.Run("within the grace", func(t *testing.T) {
		r := s.submit(old1)
		stored := s.stored(f.ID, r.SubmissionID)
		if _, ok := stored["f1"]; !ok || len(stored) != 1 || len(r.DroppedFields) != 1 || r.DroppedFields[0] != "f2" {
			t.Fatalf("stored %v, dropped %v: want f1 stored and f2 named as dropped", stored, r.DroppedFields)
		}
	})
	t.Run("past the grace", func(t *testing.T) {
		s.clock.advance(3 * time.Second)
		if code, reasons := s.refused(old2); code != domain.CodeInvalidSubmission || reasons[""] != "form_token_superseded" {
			t.Fatalf("an old token past the grace: %v %v", code, reasons)
		}
	})
	t.Run("a token of the current version", func(t *testing.T) {
		s.submit(s.send(f.PublicToken, map[string]any{"f1": "علی"}))
	})
}
