package daemon

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/rpc"
)

// oneFieldForm is a form of one optional text question and one number.
var oneFieldForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "f1", "type": "text", "label": "نام"},
	map[string]any{"id": "f2", "type": "number", "label": "سن"},
}}

// freshToken is a form token from forms.public, as a page loads it.
func freshToken(t *testing.T, c *rpc.Client, token string) string {
	t.Helper()
	var pf publicForm
	call(t, c, "forms.public", map[string]any{"token": token}, &pf)
	return pf.FormToken
}

// tryTokens sends n submissions of one client, each with a fresh form
// token, and counts those accepted.
func trySubmissions(t *testing.T, c *rpc.Client, token string, n int, client map[string]any, answers func(i int) map[string]any) (accepted int, refusals map[string]int) {
	t.Helper()
	refusals = map[string]int{}
	for i := range n {
		cl := client
		if ua, ok := client["user_agent"].(string); ok {
			cl = map[string]any{"ip_hash": client["ip_hash"], "user_agent": fmt.Sprintf("%s/%d", ua, i)}
		}
		p := map[string]any{"token": token, "form_token": freshToken(t, c, token), "answers": answers(i), "client": cl}
		err := c.Call(context.Background(), "submissions.submit", p, nil)
		if err == nil {
			accepted++
			continue
		}
		re, ok := err.(*rpc.Error)
		if !ok {
			t.Fatal(err)
		}
		refusals[re.CodeName()]++
	}
	return accepted, refusals
}

func validAnswers(int) map[string]any { return map[string]any{"f1": "علی"} }

// TestClientLimitKeysOnTheAddress: the per-client limit counts one
// address however its User-Agent changes.
func TestClientLimitKeysOnTheAddress(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "2")
	_, token := publishForm(t, c, oneFieldForm)
	accepted, refusals := trySubmissions(t, c, token, 6, map[string]any{"ip_hash": "one-address", "user_agent": "Mozilla/5.0"}, validAnswers)
	if accepted != 2 || refusals["RATE_LIMIT"] != 4 {
		t.Fatalf("one address rotating its User-Agent: %d of 6 accepted (refusals %v), want 2", accepted, refusals)
	}
}

// TestOneClientCannotSpendTheFormsBudget: what one client sends, refused
// or not, leaves the rest of the form's budget to everyone else: the
// client's limit is checked first, and a refused submission gives its
// place in the form's budget back.
func TestOneClientCannotSpendTheFormsBudget(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "3", "--submit-per-form-per-minute", "5")
	_, token := publishForm(t, c, oneFieldForm)
	invalid := func(int) map[string]any { return map[string]any{"f2": "not a number"} }
	t.Run("refused answers of one client", func(t *testing.T) {
		accepted, refusals := trySubmissions(t, c, token, 20, map[string]any{"ip_hash": "noisy"}, invalid)
		if accepted != 0 || refusals["INVALID_SUBMISSION"] != 3 || refusals["RATE_LIMIT"] != 17 {
			t.Fatalf("accepted %d, refusals %v", accepted, refusals)
		}
	})
	t.Run("everyone else", func(t *testing.T) {
		accepted := 0
		for i := range 5 {
			n, refusals := trySubmissions(t, c, token, 1, map[string]any{"ip_hash": fmt.Sprintf("visitor-%d", i)}, validAnswers)
			if n != 1 {
				t.Logf("visitor %d refused: %v", i, refusals)
			}
			accepted += n
		}
		if accepted != 5 {
			t.Fatalf("%d of 5 other visitors accepted, want all 5 within the form's budget of 5", accepted)
		}
	})
}

// TestOneTokenOneSubmission: a form token is one accepted submission; a
// second send with it is refused (form_token_used) unless it repeats the
// first's idempotency key, and every forms.public gives a new token.
func TestOneTokenOneSubmission(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "0")
	_, token := publishForm(t, c, oneFieldForm)
	first, second := freshToken(t, c, token), freshToken(t, c, token)
	if first == second {
		t.Fatal("two loads of the form got the same token")
	}
	p := map[string]any{"token": token, "form_token": first, "answers": validAnswers(0), "client": map[string]any{"ip_hash": "a"}, "idempotency_key": "k1"}
	var r1, again receipt
	call(t, c, "submissions.submit", p, &r1)
	call(t, c, "submissions.submit", p, &again)
	if again != r1 {
		t.Fatalf("a repeated send with its key gave %+v, want the first receipt %+v", again, r1)
	}
	delete(p, "idempotency_key")
	for name, q := range map[string]map[string]any{
		"without a key": p,
		"another key":   {"token": token, "form_token": first, "answers": map[string]any{"f1": "دیگر"}, "client": map[string]any{"ip_hash": "b"}, "idempotency_key": "k2"},
	} {
		re := submitErr(t, c, q)
		if re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != "form_token_used" {
			t.Errorf("%s: the used token gave %v %v", name, re, re.Data)
		}
	}
	p["form_token"] = second
	call(t, c, "submissions.submit", p, nil)
}

// TestOldVersionTokenGrace: a token of an older version is judged by that
// version only within the grace after a newer one was made, and an
// answer to a question the newer version removed is not stored but
// named in the receipt; past the grace the token is refused
// (form_token_superseded).
func TestOldVersionTokenGrace(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--form-token-grace", "2s")
	id, token := publishForm(t, c, oneFieldForm)
	old1, old2 := freshToken(t, c, token), freshToken(t, c, token)
	call(t, c, "forms.update", map[string]any{"id": id, "document": map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"}}}}, nil)
	var r struct {
		SubmissionID  int64    `json:"submission_id"`
		DroppedFields []string `json:"dropped_fields"`
	}
	call(t, c, "submissions.submit", map[string]any{"token": token, "form_token": old1, "answers": map[string]any{"f1": "علی", "f2": 30},
		"client": map[string]any{"ip_hash": "a"}}, &r)
	var entry struct {
		Answers json.RawMessage `json:"answers"`
	}
	call(t, c, "submissions.get", map[string]any{"form_id": id, "id": r.SubmissionID}, &entry)
	var stored []struct{ Field string }
	if err := json.Unmarshal(entry.Answers, &stored); err != nil {
		t.Fatal(err)
	}
	t.Run("within the grace", func(t *testing.T) {
		if len(stored) != 1 || stored[0].Field != "f1" || len(r.DroppedFields) != 1 || r.DroppedFields[0] != "f2" {
			t.Fatalf("stored %+v, dropped %v: want f1 stored and f2 named as dropped", stored, r.DroppedFields)
		}
	})
	time.Sleep(2100 * time.Millisecond)
	t.Run("past the grace", func(t *testing.T) {
		re := submitErr(t, c, map[string]any{"token": token, "form_token": old2, "answers": validAnswers(0), "client": map[string]any{"ip_hash": "b"}})
		if re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != "form_token_superseded" {
			t.Fatalf("an old token past the grace: %v %v", re, re.Data)
		}
	})
	t.Run("an upload past the grace", func(t *testing.T) {
		err := c.Call(context.Background(), "submissions.upload", map[string]any{"token": token, "form_token": old2, "field": "f1",
			"name": "a.txt", "size": 5, "offset": 0, "data": "aGVsbG8=", "final": true, "client": map[string]any{"ip_hash": "b"}}, nil)
		re, ok := err.(*rpc.Error)
		if !ok || re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != "form_token_superseded" {
			t.Fatalf("an upload with an old token past the grace: %v", err)
		}
	})
	t.Run("a token of the current version", func(t *testing.T) {
		call(t, c, "submissions.submit", map[string]any{"token": token, "form_token": freshToken(t, c, token), "answers": validAnswers(0), "client": map[string]any{"ip_hash": "c"}}, nil)
	})
}

// TestLowDiskStopsUploadsOnly: with the upload directory's file system
// under the free-space floor (here a floor no disk reaches, on the real
// file system), a file is refused with a message in the respondent's
// language, while a submission without files and the admin's edits go
// on: the database stays writable.
func TestLowDiskStopsUploadsOnly(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--upload-min-free-bytes", fmt.Sprint(int64(1)<<60))
	doc := map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"},
		map[string]any{"id": "f2", "type": "file", "label": "پیوست"},
	}}
	id, token := publishForm(t, c, doc)
	for locale, want := range map[string]string{"fa_IR": "فضای دیسک", "en_US": "disk space"} {
		t.Run("upload in "+locale, func(t *testing.T) {
			err := c.Call(context.Background(), "submissions.upload", map[string]any{"token": token, "form_token": freshToken(t, c, token),
				"field": "f2", "name": "a.txt", "size": 5, "offset": 0, "data": "aGVsbG8=", "final": true,
				"client": map[string]any{"ip_hash": "a"}, "actor": map[string]any{"user_id": 0, "locale": locale}}, nil)
			re, ok := err.(*rpc.Error)
			if !ok || re.CodeName() != "UNAVAILABLE" || re.Data["limit"] != "disk_free" || !strings.Contains(re.Message, want) {
				t.Fatalf("an upload under the floor: %v", err)
			}
		})
	}
	t.Run("a submission without files", func(t *testing.T) {
		call(t, c, "submissions.submit", map[string]any{"token": token, "form_token": freshToken(t, c, token),
			"answers": map[string]any{"f1": "علی"}, "client": map[string]any{"ip_hash": "a"}}, nil)
	})
	t.Run("the admin's edit", func(t *testing.T) {
		call(t, c, "forms.update", map[string]any{"id": id, "title": "فرم تازه"}, nil)
	})
}

// TestWebhookSecretMethod: webhooks.secret shows each site's own secret
// to its administrators (manage_options), rotates it on request, and is
// refused to a forms manager.
func TestWebhookSecretMethod(t *testing.T) {
	c, _ := startDaemon(t)
	admin := func(site int64) map[string]any {
		return map[string]any{"user_id": 1, "caps": []string{"manage_options", "manage_arshline_forms"}, "site_id": site}
	}
	secret := func(site int64, rotate bool) string {
		t.Helper()
		var r struct{ Secret string }
		call(t, c, "webhooks.secret", map[string]any{"rotate": rotate, "actor": admin(site)}, &r)
		if len(r.Secret) != 64 {
			t.Fatalf("site %d's secret %q", site, r.Secret)
		}
		return r.Secret
	}
	one, two := secret(1, false), secret(2, false)
	if one == two || secret(1, false) != one {
		t.Fatalf("sites share a secret, or it changed: %s %s", one, two)
	}
	if fresh := secret(2, true); fresh == two || secret(2, false) != fresh || secret(1, false) != one {
		t.Fatal("rotation did not give site 2 alone a new secret")
	}
	manager := map[string]any{"user_id": 2, "caps": []string{"manage_arshline_forms"}, "site_id": 1}
	if code := callErr(t, c, "webhooks.secret", map[string]any{"actor": manager}); code != "FORBIDDEN" {
		t.Fatalf("a forms manager read the secret: %v", code)
	}
}
