package daemon

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// The tests here run a whole daemon and call it over its socket as two
// sites of one network: actor.site_id scopes every method, and a row of
// another site is NOT_FOUND exactly as a missing one is.

// asSite returns params with an administrator of site as the actor.
func asSite(site int64, params map[string]any) map[string]any {
	out := map[string]any{"actor": map[string]any{"user_id": 1, "caps": []string{domain.CapManageOptions}, "site_id": site}}
	for k, v := range params {
		out[k] = v
	}
	return out
}

// refusal is a call's error reply, with every id named in it replaced by
// N, so that the refusals of two different ids compare equal when they
// say the same thing.
func refusal(t *testing.T, c *rpc.Client, method string, params map[string]any, ids ...int64) string {
	t.Helper()
	err := c.Call(context.Background(), method, params, nil)
	re, ok := err.(*rpc.Error)
	if !ok {
		t.Fatalf("%s %v: want an error reply, got %v", method, params, err)
	}
	fa, _ := re.Data["message_fa"].(string)
	s := re.CodeName() + " | " + re.Message + " | " + fa
	for _, id := range ids {
		for _, digits := range []string{strconv.FormatInt(id, 10), domain.PersianDigits(strconv.FormatInt(id, 10))} {
			s = strings.ReplaceAll(s, digits, "N")
		}
	}
	return s
}

// sameAsMissing checks that site 2 calling method on site 1's id gets the
// very refusal a missing id gets, and that it is NOT_FOUND.
func sameAsMissing(t *testing.T, c *rpc.Client, method string, params func(id int64) map[string]any, theirs, missing int64) {
	t.Helper()
	got := refusal(t, c, method, asSite(2, params(theirs)), theirs)
	want := refusal(t, c, method, asSite(2, params(missing)), missing)
	if got != want || !strings.HasPrefix(got, string(domain.CodeNotFound)+" ") {
		t.Errorf("%s on another site's row: %q\na missing row gets: %q", method, got, want)
	}
}

// siteForm creates a form of site with one question and returns it.
func siteForm(t *testing.T, c *rpc.Client, site int64, title string) domain.Form {
	t.Helper()
	var created struct{ Form domain.Form }
	call(t, c, "forms.create", asSite(site, map[string]any{"title": title, "document": map[string]any{
		"version": "arshline_form@v1", "fields": []any{map[string]any{"id": "f1", "type": "text", "label": "نام"}}}}), &created)
	if created.Form.SiteID != site {
		t.Fatalf("form created for site %d belongs to %d", site, created.Form.SiteID)
	}
	return created.Form
}

// unchanged checks that site 1's form is still as it was.
func unchanged(t *testing.T, c *rpc.Client, was domain.Form) {
	t.Helper()
	var f domain.Form
	call(t, c, "forms.get", asSite(1, map[string]any{"id": was.ID}), &f)
	if f.HeadVersionID != was.HeadVersionID || f.Title != was.Title || f.Status != was.Status || f.DeletedAt != nil {
		t.Fatalf("site 1's form changed: %+v, was %+v", f, was)
	}
}

func TestSitesFormsOverSocket(t *testing.T) {
	c, _ := startDaemon(t)
	one := siteForm(t, c, 1, "فرم سایت یک")
	two := siteForm(t, c, 2, "فرم سایت دو")
	const missing = 987654

	// Without a site the operator acts on site 1.
	var f domain.Form
	call(t, c, "forms.get", map[string]any{"id": one.ID}, &f)
	if f.SiteID != 1 {
		t.Fatalf("the operator read %+v", f)
	}
	if code := callErr(t, c, "forms.get", map[string]any{"id": two.ID}); code != domain.CodeNotFound {
		t.Fatalf("the operator read site 2's form without naming it: %s", code)
	}

	sameAsMissing(t, c, "forms.get", func(id int64) map[string]any { return map[string]any{"id": id} }, one.ID, missing)
	sameAsMissing(t, c, "forms.update", func(id int64) map[string]any { return map[string]any{"id": id, "title": "ربوده"} }, one.ID, missing)
	sameAsMissing(t, c, "forms.set_status", func(id int64) map[string]any { return map[string]any{"id": id, "status": "published"} }, one.ID, missing)
	for _, deleted := range []bool{false, true} {
		var list []domain.Form
		call(t, c, "forms.list", asSite(2, map[string]any{"include_deleted": deleted, "limit": 200}), &list)
		if len(list) != 1 || list[0].ID != two.ID {
			t.Fatalf("site 2 lists %+v", list)
		}
	}
	var list []domain.Form
	call(t, c, "forms.list", asSite(3, nil), &list)
	if len(list) != 0 {
		t.Fatalf("site 3 lists %+v", list)
	}
	unchanged(t, c, one)
}

func TestSitesVersionsOverSocket(t *testing.T) {
	c, _ := startDaemon(t)
	one := siteForm(t, c, 1, "یک")
	var updated struct{ Form domain.Form }
	call(t, c, "forms.update", asSite(1, map[string]any{"id": one.ID, "title": "یک، دوباره"}), &updated)
	one = updated.Form
	two := siteForm(t, c, 2, "دو")
	const missing = 987654

	sameAsMissing(t, c, "versions.list", func(id int64) map[string]any { return map[string]any{"form_id": id} }, one.ID, missing)
	sameAsMissing(t, c, "versions.get", func(id int64) map[string]any {
		return map[string]any{"form_id": id, "version_id": one.HeadVersionID}
	}, one.ID, missing)
	sameAsMissing(t, c, "versions.rollback", func(id int64) map[string]any {
		return map[string]any{"form_id": id, "version_id": one.HeadVersionID - 1}
	}, one.ID, missing)
	patch := json.RawMessage(`[{"op":"remove","path":"/fields/0"}]`)
	sameAsMissing(t, c, "versions.apply_diff", func(id int64) map[string]any {
		return map[string]any{"form_id": id, "version_id": one.HeadVersionID, "diff": patch}
	}, one.ID, missing)
	sameAsMissing(t, c, "versions.apply_diff", func(id int64) map[string]any {
		return map[string]any{"form_id": id, "version_id": one.HeadVersionID, "diff": patch, "dry_run": true}
	}, one.ID, missing)

	// Site 2's own form does not open site 1's versions either.
	if code := callErr(t, c, "versions.get", asSite(2, map[string]any{"form_id": two.ID, "version_id": one.HeadVersionID})); code != domain.CodeNotFound {
		t.Fatalf("site 1's version under site 2's form: %s", code)
	}
	if code := callErr(t, c, "versions.rollback", asSite(2, map[string]any{"form_id": two.ID, "version_id": one.HeadVersionID})); code != domain.CodeNotFound {
		t.Fatalf("site 2 rolled back to site 1's version: %s", code)
	}
	unchanged(t, c, one)
	var f domain.Form
	call(t, c, "forms.get", asSite(2, map[string]any{"id": two.ID}), &f)
	if f.HeadVersionID != two.HeadVersionID {
		t.Fatalf("site 2's form moved: %+v", f)
	}

	// Site 1 still rolls its own form back.
	call(t, c, "versions.rollback", asSite(1, map[string]any{"form_id": one.ID, "version_id": one.HeadVersionID - 1}), nil)
}

func TestSitesAuditOverSocket(t *testing.T) {
	c, _ := startDaemon(t)
	one := siteForm(t, c, 1, "یک")
	two := siteForm(t, c, 2, "دو")
	for site, want := range map[int64]int64{1: one.ID, 2: two.ID} {
		var rows []domain.AuditEntry
		call(t, c, "audit.list", asSite(site, map[string]any{"limit": 200}), &rows)
		if len(rows) != 1 || *rows[0].FormID != want {
			t.Fatalf("site %d's audit: %+v", site, rows)
		}
	}
	var rows []domain.AuditEntry
	call(t, c, "audit.list", asSite(2, map[string]any{"form_id": one.ID}), &rows)
	if len(rows) != 0 {
		t.Fatalf("site 2 reads site 1's form's audit: %+v", rows)
	}
}

func TestSitesPlansOverSocket(t *testing.T) {
	c, _ := startDaemon(t)
	one := siteForm(t, c, 1, "فرم سایت یک")
	const missing = 987654

	// ai.plan and a preview of site 2 know nothing of site 1's form: what
	// they say of it is what they say of a form that does not exist.
	planOf := func(site, id int64) string {
		var res json.RawMessage
		call(t, c, "ai.plan", asSite(site, map[string]any{"text": "فرم " + domain.PersianDigits(strconv.FormatInt(id, 10)) + " را منتشر کن"}), &res)
		return strings.NewReplacer(strconv.FormatInt(id, 10), "N", domain.PersianDigits(strconv.FormatInt(id, 10)), "N").Replace(string(res))
	}
	if theirs, none := planOf(2, one.ID), planOf(2, missing); theirs != none {
		t.Errorf("ai.plan of site 1's form for site 2:\n%s\nof a missing form:\n%s", theirs, none)
	}
	if mine, none := planOf(1, one.ID), planOf(1, missing); mine == none {
		t.Errorf("ai.plan tells site 1's own form from a missing one in no way: %s", mine)
	}
	publish := func(id int64) map[string]any {
		return map[string]any{"confirm": true, "plan": map[string]any{"version": 2, "steps": []any{
			map[string]any{"action": "publish_form", "params": map[string]any{"id": id}}}}}
	}
	preview := func(id int64) map[string]any {
		p := publish(id)
		p["confirm"] = false
		return p
	}
	for _, params := range []func(int64) map[string]any{publish, preview} {
		got := refusal(t, c, "ai.execute", asSite(2, params(one.ID)), one.ID)
		want := refusal(t, c, "ai.execute", asSite(2, params(missing)), missing)
		if got != want {
			t.Errorf("ai.execute of site 1's form as site 2: %q\nof a missing form: %q", got, want)
		}
	}
	unchanged(t, c, one)

	// Site 1's undo token does nothing for site 2, and still works for
	// site 1 afterwards.
	var run struct {
		UndoTokens []string `json:"undo_tokens"`
	}
	call(t, c, "ai.execute", asSite(1, publish(one.ID)), &run)
	if len(run.UndoTokens) != 1 {
		t.Fatalf("execute %+v", run)
	}
	var published domain.Form
	call(t, c, "forms.get", asSite(1, map[string]any{"id": one.ID}), &published)
	never := strings.Repeat("ab", 24)
	got := refusal(t, c, "ai.undo", asSite(2, map[string]any{"tokens": run.UndoTokens}))
	if want := refusal(t, c, "ai.undo", asSite(2, map[string]any{"tokens": []string{never}})); got != want || !strings.HasPrefix(got, string(domain.CodeNotFound)+" ") {
		t.Errorf("site 2 undoing site 1's step: %q\nan unknown token: %q", got, want)
	}
	unchanged(t, c, published)
	var undone struct {
		Undone []any `json:"undone"`
	}
	call(t, c, "ai.undo", asSite(1, map[string]any{"tokens": run.UndoTokens}), &undone)
	if len(undone.Undone) != 1 {
		t.Fatalf("site 1's undo: %+v", undone)
	}

	// A plan of site 2 makes forms of site 2.
	var made struct {
		FormsTouched []int64 `json:"forms_touched"`
	}
	call(t, c, "ai.execute", asSite(2, map[string]any{"confirm": true, "plan": map[string]any{"version": 2, "steps": []any{
		map[string]any{"action": "create_form", "params": map[string]any{"title": "تازه"}}}}}), &made)
	var f domain.Form
	call(t, c, "forms.get", asSite(2, map[string]any{"id": made.FormsTouched[0]}), &f)
	if f.SiteID != 2 {
		t.Fatalf("site 2's plan made %+v", f)
	}
}

func TestSitesHosha2OverSocket(t *testing.T) {
	m := llmtest.New(t)
	release := make(chan struct{})
	m.Then(func(llmtest.Request) llmtest.Reply {
		<-release
		return llmtest.Reply{Content: `{"intent":"generate","diagnostics":{"notes":[],"riskFlags":[]},"final_form":{"version":"arshline_form@v1","title":"رزرو","fields":[{"id":"f1","type":"text","label":"نام","required":true,"placeholder":null,"help_text":null,"options":null,"scale":null,"html":null}]},"diff":[],"ui_hints":{"previewTips":[],"emptyStates":[]},"token_usage":{"prompt":1,"completion":1,"total":2}}`}
	})
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	t.Setenv("ARSHLINE_OPENAI_API_KEY", "sk-test-key")
	c, _ := startDaemonEnv(t, os.Getenv, "--openai-base-url", m.URL(), "--openai-model", "test-model")
	one := siteForm(t, c, 1, "یک")
	const missing = 987654

	for _, method := range []string{"hosha2.generate", "hosha2.edit"} {
		sameAsMissing(t, c, method, func(id int64) map[string]any {
			return map[string]any{"form_id": id, "prompt": "فرم رزرو"}
		}, one.ID, missing)
	}

	// A running job of site 1: site 2 can neither see nor cancel it.
	call(t, c, "hosha2.generate", asSite(1, map[string]any{"form_id": one.ID, "prompt": "فرم رزرو", "req_id": "5a5a01"}), nil)
	job := func(id string) func(int64) map[string]any {
		return func(int64) map[string]any { return map[string]any{"request_id": id} }
	}
	for _, method := range []string{"hosha2.progress", "hosha2.cancel"} {
		got := refusal(t, c, method, asSite(2, job("5a5a01")(0)))
		want := refusal(t, c, method, asSite(2, job("5a5a02")(0)))
		if got != strings.ReplaceAll(want, "5a5a02", "5a5a01") || !strings.HasPrefix(got, string(domain.CodeNotFound)+" ") {
			t.Errorf("%s of site 1's running job as site 2: %q\nof a missing one: %q", method, got, want)
		}
	}
	var prog struct {
		Status string `json:"status"`
	}
	call(t, c, "hosha2.progress", asSite(1, job("5a5a01")(0)), &prog)
	if prog.Status != domain.JobRunning {
		t.Fatalf("site 1's job after site 2's cancel: %+v", prog)
	}

	// Finished, it stays site 1's.
	close(release)
	deadline := time.Now().Add(10 * time.Second)
	for prog.Status == domain.JobRunning && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		call(t, c, "hosha2.progress", asSite(1, job("5a5a01")(0)), &prog)
	}
	if prog.Status != domain.JobSucceeded {
		t.Fatalf("site 1's job: %+v", prog)
	}
	if code := callErr(t, c, "hosha2.progress", asSite(2, job("5a5a01")(0))); code != domain.CodeNotFound {
		t.Fatalf("site 2 reads site 1's finished job: %s", code)
	}
	var f domain.Form
	call(t, c, "forms.get", asSite(1, map[string]any{"id": one.ID}), &f)
	if f.HeadSeq != 2 || f.SiteID != 1 {
		t.Fatalf("site 1's form after its job: %+v", f)
	}
	var rows []domain.AuditEntry
	call(t, c, "audit.list", asSite(2, nil), &rows)
	if len(rows) != 0 {
		t.Fatalf("site 2's audit holds %+v", rows)
	}
}
