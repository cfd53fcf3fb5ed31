package submissions_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
)

// uniqueForm asks for a national code and a mobile, one entry per
// person each, and a name that may repeat.
var uniqueForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code", "required": true, "unique": true},
	map[string]any{"id": "mobile", "type": "text", "label": "موبایل", "format": "mobile_ir", "unique": true},
	map[string]any{"id": "name", "type": "text", "label": "نام"},
}}

// alreadyUsed checks that err refuses exactly fields as already used,
// with messages that say nothing of the other entry.
func alreadyUsed(t *testing.T, err error, first *submissions.Receipt, fields ...string) {
	t.Helper()
	if domain.ErrorCode(err) != domain.CodeInvalidSubmission {
		t.Fatalf("want INVALID_SUBMISSION, got %v", err)
	}
	codes := map[string]string{}
	for _, f := range answers.FieldErrors(err) {
		codes[f.Field] = string(f.Code)
	}
	if len(codes) != len(fields) {
		t.Fatalf("refused fields %v, want %v", codes, fields)
	}
	for _, f := range fields {
		if codes[f] != string(answers.ReasonAlreadyUsed) {
			t.Fatalf("refused fields %v, want %v already_used", codes, fields)
		}
	}
	de := domain.AsError(err)
	raw, _ := json.Marshal(de.Data)
	body := messages.Render("en_US", de.Text()) + messages.Render("fa_IR", de.Text()) + string(raw)
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
	s := newSite(t, open())
	formA, formB := s.publish(uniqueForm), s.publish(uniqueForm)
	send := func(f *domain.Form, ans map[string]any) (*submissions.Receipt, error) {
		return s.svc.Submit(admin, s.send(f.PublicToken, ans))
	}
	entries := func(f *domain.Form, status string) []domain.Submission {
		t.Helper()
		page, err := s.svc.List(admin, submissions.ListParams{FormID: f.ID, Limit: 200, Status: status})
		if err != nil {
			t.Fatal(err)
		}
		return page.Items
	}
	setStatus := func(id int64, status string) error {
		_, err := s.svc.SetStatus(admin, submissions.IDsParams{FormID: formA.ID, IDs: []int64{id}, Status: status})
		return err
	}
	erase := func(id int64) {
		t.Helper()
		if del, err := s.svc.Delete(admin, submissions.IDsParams{FormID: formA.ID, IDs: []int64{id}}); err != nil || del.Deleted != 1 {
			t.Fatalf("delete: %+v %v", del, err)
		}
	}
	first := s.submit(s.send(formA.PublicToken, map[string]any{"nc": "0012345679", "mobile": "09121234567", "name": "علی"}))
	t.Run("a repeated value is refused and nothing is stored", func(t *testing.T) {
		_, err := send(formA, map[string]any{"nc": "۰۰۱۲۳۴۵۶۷۹", "mobile": "09351112233", "name": "علی"})
		alreadyUsed(t, err, first, "nc")
		_, err = send(formA, map[string]any{"nc": "0084575948", "mobile": "+98 912 123 4567"})
		alreadyUsed(t, err, first, "mobile")
		_, err = send(formA, map[string]any{"nc": "٠٠١٢٣٤٥٦٧٩", "mobile": "989121234567"})
		alreadyUsed(t, err, first, "nc", "mobile")
		if got := entries(formA, ""); len(got) != 1 || got[0].ID != first.SubmissionID {
			t.Fatalf("entries after the refusals: %+v", got)
		}
		// The refused sends left the mobile 0935… free.
		if _, err := send(formA, map[string]any{"nc": "0084575948", "mobile": "09351112233"}); err != nil {
			t.Fatalf("a value only refused sends carried: %v", err)
		}
	})
	t.Run("different forms are independent", func(t *testing.T) {
		if _, err := send(formB, map[string]any{"nc": "0012345679", "mobile": "09121234567"}); err != nil {
			t.Fatalf("the same person on another form: %v", err)
		}
		if n := len(entries(formB, "")); n != 1 {
			t.Fatalf("form B has %d entries", n)
		}
	})
	t.Run("an idempotent resend returns its first receipt", func(t *testing.T) {
		p := s.send(formA.PublicToken, map[string]any{"nc": "0067749828"})
		p.IdempotencyKey = "resend-1"
		r1, r2 := s.submit(p), s.submit(p)
		if !reflect.DeepEqual(r1, r2) || r1.SubmissionID == 0 {
			t.Fatalf("resend gave %+v, first %+v", r2, r1)
		}
	})
	t.Run("erasing the entry frees the value", func(t *testing.T) {
		erase(first.SubmissionID)
		again, err := send(formA, map[string]any{"nc": "0012345679", "mobile": "09121234567"})
		if err != nil {
			t.Fatalf("after erasure: %v", err)
		}
		first = again
	})
	t.Run("spam frees the value and leaving spam is refused while another entry holds it", func(t *testing.T) {
		if err := setStatus(first.SubmissionID, "spam"); err != nil {
			t.Fatal(err)
		}
		second, err := send(formA, map[string]any{"nc": "0012345679"})
		if err != nil {
			t.Fatalf("after spam: %v", err)
		}
		err = setStatus(first.SubmissionID, "read")
		if de := domain.AsError(err); domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(messages.Render("en_US", de.Text()), "spam") || !strings.Contains(messages.Render("fa_IR", de.Text()), "هرزنامه") {
			t.Fatalf("leaving spam with a value taken: %v", err)
		}
		if got := entries(formA, "spam"); len(got) != 1 || got[0].ID != first.SubmissionID {
			t.Fatalf("spam after the refused move: %+v", got)
		}
		// Once the other entry is erased, it may leave spam, and holds
		// the value again.
		erase(second.SubmissionID)
		if err := setStatus(first.SubmissionID, "read"); err != nil {
			t.Fatal(err)
		}
		_, err = send(formA, map[string]any{"nc": "0012345679"})
		alreadyUsed(t, err, first, "nc")
	})
	t.Run("unique turned on later checks new entries only", func(t *testing.T) {
		formC := s.publish(map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code"}}})
		for range 2 {
			if _, err := send(formC, map[string]any{"nc": "0012345679"}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.forms.Update(admin, forms.UpdateParams{ID: formC.ID, Document: documentOf(t, uniqueForm)}); err != nil {
			t.Fatal(err)
		}
		if n := len(entries(formC, "")); n != 2 {
			t.Fatalf("turning unique on left %d entries, want the 2 there were", n)
		}
		// Entries from before hold no claim: the value is free once.
		r, err := send(formC, map[string]any{"nc": "0012345679"})
		if err != nil {
			t.Fatalf("first checked entry: %v", err)
		}
		_, err = send(formC, map[string]any{"nc": "0012345679"})
		alreadyUsed(t, err, r, "nc")
	})
}
