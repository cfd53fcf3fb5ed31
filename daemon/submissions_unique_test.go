package daemon

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// uniqueForm asks for a national code and a mobile, one entry per
// person each, and a name that may repeat.
var uniqueForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code", "required": true, "unique": true},
	map[string]any{"id": "mobile", "type": "text", "label": "موبایل", "format": "mobile_ir", "unique": true},
	map[string]any{"id": "name", "type": "text", "label": "نام"},
}}

// noLimits turns off the minimum fill time and the per-client and
// per-form rate limits, which would otherwise refuse before uniqueness
// is judged.
var noLimits = []string{"--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--submit-per-form-per-minute", "0"}

// listEntries returns every entry of a form (at most 200).
func listEntries(t *testing.T, c *rpc.Client, formID int64, status string) []domain.Submission {
	t.Helper()
	var page struct{ Items []domain.Submission }
	p := map[string]any{"form_id": formID, "limit": 200}
	if status != "" {
		p["status"] = status
	}
	call(t, c, "submissions.list", p, &page)
	return page.Items
}

// uniqueSubmit sends answers to the form with a fresh form token, as a
// page loaded anew does.
func uniqueSubmit(c *rpc.Client, t *testing.T, token string, ans map[string]any, extra map[string]any) (receipt, error) {
	t.Helper()
	p := map[string]any{"token": token, "form_token": freshToken(t, c, token), "answers": ans, "client": map[string]any{"ip_hash": "visitor"}}
	for k, v := range extra {
		p[k] = v
	}
	var r receipt
	err := c.Call(context.Background(), "submissions.submit", p, &r)
	return r, err
}

// alreadyUsed checks that err refuses exactly fields as already used,
// with messages that say nothing of the other entry.
func alreadyUsed(t *testing.T, err error, first receipt, fields ...string) {
	t.Helper()
	re, ok := err.(*rpc.Error)
	if !ok || re.CodeName() != string(domain.CodeInvalidSubmission) {
		t.Fatalf("want INVALID_SUBMISSION, got %v", err)
	}
	codes := fieldCodes(t, re)
	if len(codes) != len(fields) {
		t.Fatalf("refused fields %v, want %v", codes, fields)
	}
	for _, f := range fields {
		if codes[f] != string(answers.ReasonAlreadyUsed) {
			t.Fatalf("refused fields %v, want %v already_used", codes, fields)
		}
	}
	raw, _ := json.Marshal(re)
	body := string(raw)
	for _, leak := range []string{first.TrackingCode, `"submission_id"`, domain.PersianDigits(first.TrackingCode)} {
		if leak != "" && strings.Contains(body, leak) {
			t.Fatalf("the refusal reveals the other entry (%q): %s", leak, body)
		}
	}
	if !strings.Contains(body, "already used on this form") || !strings.Contains(body, "پیش‌تر در این فرم ثبت شده است") {
		t.Fatalf("the refusal does not say the value was used on this form: %s", body)
	}
}

// TestOneEntryPerPerson: a question marked unique takes one kept entry
// per normalised value and form; erasure and spam free the value.
func TestOneEntryPerPerson(t *testing.T) {
	c, _ := startDaemon(t, noLimits...)
	formA, tokenA := publishForm(t, c, uniqueForm)
	formB, tokenB := publishForm(t, c, uniqueForm)

	first, err := uniqueSubmit(c, t, tokenA, map[string]any{"nc": "0012345679", "mobile": "09121234567", "name": "علی"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("a repeated value is refused and nothing is stored", func(t *testing.T) {
		_, err := uniqueSubmit(c, t, tokenA, map[string]any{"nc": "۰۰۱۲۳۴۵۶۷۹", "mobile": "09351112233", "name": "علی"}, nil)
		alreadyUsed(t, err, first, "nc")
		_, err = uniqueSubmit(c, t, tokenA, map[string]any{"nc": "0084575948", "mobile": "+98 912 123 4567"}, nil)
		alreadyUsed(t, err, first, "mobile")
		_, err = uniqueSubmit(c, t, tokenA, map[string]any{"nc": "٠٠١٢٣٤٥٦٧٩", "mobile": "989121234567"}, nil)
		alreadyUsed(t, err, first, "nc", "mobile")
		if got := listEntries(t, c, formA, ""); len(got) != 1 || got[0].ID != first.SubmissionID {
			t.Fatalf("entries after the refusals: %+v", got)
		}
		// The refused sends left the mobile 0935… free.
		if _, err := uniqueSubmit(c, t, tokenA, map[string]any{"nc": "0084575948", "mobile": "09351112233"}, nil); err != nil {
			t.Fatalf("a value only refused sends carried: %v", err)
		}
	})
	t.Run("different forms are independent", func(t *testing.T) {
		if _, err := uniqueSubmit(c, t, tokenB, map[string]any{"nc": "0012345679", "mobile": "09121234567"}, nil); err != nil {
			t.Fatalf("the same person on another form: %v", err)
		}
		if n := len(listEntries(t, c, formB, "")); n != 1 {
			t.Fatalf("form B has %d entries", n)
		}
	})
	t.Run("an idempotent resend returns its first receipt", func(t *testing.T) {
		p := map[string]any{"token": tokenA, "form_token": freshToken(t, c, tokenA), "idempotency_key": "resend-1",
			"answers": map[string]any{"nc": "0067749828"}, "client": map[string]any{"ip_hash": "visitor"}}
		var r1, r2 receipt
		call(t, c, "submissions.submit", p, &r1)
		call(t, c, "submissions.submit", p, &r2)
		if r1 != r2 || r1.SubmissionID == 0 {
			t.Fatalf("resend gave %+v, first %+v", r2, r1)
		}
	})
	t.Run("erasing the entry frees the value", func(t *testing.T) {
		var del struct{ Deleted int }
		call(t, c, "submissions.delete", map[string]any{"form_id": formA, "ids": []int64{first.SubmissionID}}, &del)
		if del.Deleted != 1 {
			t.Fatalf("deleted %d", del.Deleted)
		}
		again, err := uniqueSubmit(c, t, tokenA, map[string]any{"nc": "0012345679", "mobile": "09121234567"}, nil)
		if err != nil {
			t.Fatalf("after erasure: %v", err)
		}
		first = again
	})
	t.Run("spam frees the value and leaving spam is refused while another entry holds it", func(t *testing.T) {
		call(t, c, "submissions.set_status", map[string]any{"form_id": formA, "ids": []int64{first.SubmissionID}, "status": "spam"}, nil)
		second, err := uniqueSubmit(c, t, tokenA, map[string]any{"nc": "0012345679"}, nil)
		if err != nil {
			t.Fatalf("after spam: %v", err)
		}
		err = c.Call(context.Background(), "submissions.set_status", map[string]any{"form_id": formA, "ids": []int64{first.SubmissionID}, "status": "read"}, nil)
		re, ok := err.(*rpc.Error)
		if !ok || re.CodeName() != string(domain.CodeConflict) || !(strings.Contains(re.Message, "spam") || strings.Contains(re.Message, "هرزنامه")) {
			t.Fatalf("leaving spam with a value taken: %v", err)
		}
		if got := listEntries(t, c, formA, "spam"); len(got) != 1 || got[0].ID != first.SubmissionID {
			t.Fatalf("spam after the refused move: %+v", got)
		}
		// Once the other entry is erased, it may leave spam, and holds
		// the value again.
		call(t, c, "submissions.delete", map[string]any{"form_id": formA, "ids": []int64{second.SubmissionID}}, nil)
		call(t, c, "submissions.set_status", map[string]any{"form_id": formA, "ids": []int64{first.SubmissionID}, "status": "read"}, nil)
		_, err = uniqueSubmit(c, t, tokenA, map[string]any{"nc": "0012345679"}, nil)
		alreadyUsed(t, err, first, "nc")
	})
	t.Run("unique turned on later checks new entries only", func(t *testing.T) {
		plain := map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code"}}}
		formC, tokenC := publishForm(t, c, plain)
		for range 2 {
			if _, err := uniqueSubmit(c, t, tokenC, map[string]any{"nc": "0012345679"}, nil); err != nil {
				t.Fatal(err)
			}
		}
		call(t, c, "forms.update", map[string]any{"id": formC, "document": uniqueForm}, nil)
		if n := len(listEntries(t, c, formC, "")); n != 2 {
			t.Fatalf("turning unique on left %d entries, want the 2 there were", n)
		}
		// Entries from before hold no claim: the value is free once.
		r, err := uniqueSubmit(c, t, tokenC, map[string]any{"nc": "0012345679"}, nil)
		if err != nil {
			t.Fatalf("first checked entry: %v", err)
		}
		_, err = uniqueSubmit(c, t, tokenC, map[string]any{"nc": "0012345679"}, nil)
		alreadyUsed(t, err, r, "nc")
	})
}

// TestFiftyConcurrentSubmissionsOneNationalCode: fifty respondents, each
// on its own connection to the daemon's socket, send one national code at
// once; exactly one entry is kept and the other 49 are told the value was
// used, none failing otherwise.
func TestFiftyConcurrentSubmissionsOneNationalCode(t *testing.T) {
	c, cfg := startDaemon(t, noLimits...)
	formID, token := publishForm(t, c, uniqueForm)
	const n = 50
	type sender struct {
		conn   *rpc.Client
		params map[string]any
	}
	senders := make([]sender, n)
	codes := []string{"0012345679", "۰۰۱۲۳۴۵۶۷۹", "٠٠١٢٣٤٥٦٧٩", "001-234567-9"}
	for i := range senders {
		conn, err := rpc.Dial(context.Background(), cfg.Socket)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		senders[i] = sender{conn, map[string]any{"token": token, "form_token": freshToken(t, c, token),
			"answers": map[string]any{"nc": codes[i%len(codes)], "name": fmt.Sprintf("نفر %d", i)},
			"client":  map[string]any{"ip_hash": fmt.Sprintf("respondent-%d", i)}}}
	}
	start := make(chan struct{})
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = senders[i].conn.Call(context.Background(), "submissions.submit", senders[i].params, nil)
		}()
	}
	close(start)
	wg.Wait()
	accepted, refused := 0, 0
	for i, err := range errs {
		if err == nil {
			accepted++
			continue
		}
		re, ok := err.(*rpc.Error)
		if ok && re.CodeName() == string(domain.CodeInvalidSubmission) && fieldCodes(t, re)["nc"] == string(answers.ReasonAlreadyUsed) {
			refused++
			continue
		}
		t.Errorf("sender %d: %v", i, err)
	}
	entries := listEntries(t, c, formID, "")
	t.Logf("%d concurrent submissions of one national code: %d accepted, %d refused already_used, %d entries kept", n, accepted, refused, len(entries))
	if accepted != 1 || refused != n-1 || len(entries) != 1 {
		t.Fatalf("%d accepted, %d refused as already used, %d entries; want 1, %d, 1", accepted, refused, len(entries), n-1)
	}
}
