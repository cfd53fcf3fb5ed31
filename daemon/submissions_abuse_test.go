package daemon

import (
	"context"
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

// TestOldVersionTokenGrace: --form-token-grace reaches both paths that
// take a form token: past the grace after a newer version was made, a
// token of the older one is refused (form_token_superseded) by a
// submission and by an upload alike. The grace itself is tested in
// daemon/submissions.
func TestOldVersionTokenGrace(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--form-token-grace", "1s")
	id, token := publishForm(t, c, oneFieldForm)
	old := freshToken(t, c, token)
	call(t, c, "forms.update", map[string]any{"id": id, "document": map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"}}}}, nil)
	time.Sleep(1100 * time.Millisecond)
	t.Run("a submission", func(t *testing.T) {
		re := submitErr(t, c, map[string]any{"token": token, "form_token": old, "answers": map[string]any{"f1": "علی"}, "client": map[string]any{"ip_hash": "b"}})
		if re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != "form_token_superseded" {
			t.Fatalf("an old token past the grace: %v %v", re, re.Data)
		}
	})
	t.Run("an upload", func(t *testing.T) {
		err := c.Call(context.Background(), "submissions.upload", map[string]any{"token": token, "form_token": old, "field": "f1",
			"name": "a.txt", "size": 5, "offset": 0, "data": "aGVsbG8=", "final": true, "client": map[string]any{"ip_hash": "b"}}, nil)
		re, ok := err.(*rpc.Error)
		if !ok || re.CodeName() != "INVALID_SUBMISSION" || fieldCodes(t, re)[""] != "form_token_superseded" {
			t.Fatalf("an upload with an old token past the grace: %v", err)
		}
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

// TestUploadNamesNoHostOnOneHost: on one host (SQLite) an upload in
// progress does not report the machine's name to the visitor: no load
// balancer needs it.
func TestUploadNamesNoHostOnOneHost(t *testing.T) {
	c, _ := startDaemon(t, "--submit-min-fill", "0", "--node-name", "web1")
	_, token := publishForm(t, c, map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "file", "label": "پیوست"}}})
	var r map[string]any
	call(t, c, "submissions.upload", map[string]any{"token": token, "form_token": freshToken(t, c, token), "field": "f1",
		"name": "a.txt", "size": 10, "offset": 0, "data": "aGVsbG8=", "final": false, "client": map[string]any{"ip_hash": "a"}}, &r)
	if _, named := r["host"]; named || r["upload_id"] == "" {
		t.Fatalf("a first chunk on one host answered %v", r)
	}
}
