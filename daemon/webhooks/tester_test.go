package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// createForm stores a form of site with two questions and the webhook
// URLs given.
func createForm(t *testing.T, db *sqlstore.DB, site int64, urls ...string) *domain.Form {
	t.Helper()
	doc := domain.NewDocument()
	doc.Fields = []map[string]any{
		{"id": "name", "type": "text", "label": "نام"},
		{"id": "age", "type": "number", "label": "سن"},
	}
	if len(urls) > 0 {
		hooks := make([]any, len(urls))
		for i, u := range urls {
			hooks[i] = map[string]any{"url": u}
		}
		doc.Settings = map[string]any{"webhooks": hooks}
	}
	var f *domain.Form
	err := db.Update(context.Background(), func(tx domain.FormTx) error {
		var err error
		f, _, err = tx.CreateForm(site, 1, domain.FormState{Title: "آزمون", Status: domain.StatusPublished, Document: doc}, domain.VersionMeta{Source: domain.SourceAPI})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func asPersianAdmin(site int64) context.Context {
	return domain.WithActor(context.Background(), domain.Actor{UserID: 1, Locale: "fa_IR", SiteID: site})
}

// errCode is a domain error's code and its Persian text.
func errCode(t *testing.T, err error) (domain.Code, string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) {
		t.Fatalf("error %v is not a domain error", err)
	}
	return de.Code, messages.Render(domain.LocaleFA, de.Text())
}

func TestWebhooksTest(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, filepath.Join(t.TempDir(), "w.db"))
	rc := newReceiver(t, nil)
	w := start(t, fast(db))
	tester := &Tester{Store: db, Notify: w.Notify}

	t.Run("one signed test delivery to each of the form's webhooks", func(t *testing.T) {
		f := createForm(t, db, 1, rc.URL+"/first", rc.URL+"/second?k=v")
		res, err := tester.Test(asPersianAdmin(1), TestParams{FormID: f.ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Deliveries) != 2 || res.Deliveries[0].URL != rc.URL+"/first" || res.Deliveries[1].URL != rc.URL+"/second?k=v" {
			t.Fatalf("deliveries %+v, want one per URL in the form's order", res.Deliveries)
		}
		for _, d := range res.Deliveries {
			waitFor(t, "the test delivery", 5*time.Second, func() bool { return readRow(t, db, d.ID).delivered })
		}
		secret, err := db.WebhookSecret(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]delivery{}
		for _, d := range rc.deliveries() {
			got[d.id] = d
		}
		for _, want := range res.Deliveries {
			d, ok := got[strconv.FormatInt(want.ID, 10)]
			if !ok {
				t.Fatalf("the receiver got no delivery %d", want.ID)
			}
			if err := verify(secret, d); err != nil {
				t.Fatal(err)
			}
			if d.url != want.URL {
				t.Fatalf("delivery %d went to %s, want %s", want.ID, d.url, want.URL)
			}
			var body struct {
				Event        string            `json:"event"`
				Test         bool              `json:"test"`
				FormID       int64             `json:"form_id"`
				SubmissionID int64             `json:"submission_id"`
				TrackingCode string            `json:"tracking_code"`
				Answers      map[string]string `json:"answers"`
			}
			if err := json.Unmarshal(d.body, &body); err != nil {
				t.Fatal(err)
			}
			if body.Event != "test" || !body.Test || body.FormID != f.ID || body.SubmissionID != 0 || body.TrackingCode != "1234567890" ||
				body.Answers["name"] != "نمونه" || body.Answers["age"] != "نمونه" || len(body.Answers) != 2 {
				t.Fatalf("test body %s", d.body)
			}
		}
	})

	t.Run("the outbox's address checks apply", func(t *testing.T) {
		f := createForm(t, db, 1, "http://192.0.2.1/hook")
		res, err := tester.Test(asPersianAdmin(1), TestParams{FormID: f.ID})
		if err != nil {
			t.Fatal(err)
		}
		id := res.Deliveries[0].ID
		waitFor(t, "the refusal", 5*time.Second, func() bool { return readRow(t, db, id).lastErr != "" })
		if r := readRow(t, db, id); r.delivered || !strings.Contains(r.lastErr, "plain http is allowed to a loopback address only") {
			t.Fatalf("a plain http test to a public address: %+v", r)
		}
	})

	refused := []struct {
		name    string
		ctx     context.Context
		formID  func() int64
		code    domain.Code
		persian string
	}{
		{"no webhook", asPersianAdmin(1), func() int64 { return createForm(t, db, 1).ID }, domain.CodeNotFound, "وب‌هوکی برای آزمایش ندارد"},
		{"unknown form", asPersianAdmin(1), func() int64 { return 999999 }, domain.CodeNotFound, ""},
		{"another site's form", asPersianAdmin(2), func() int64 { return createForm(t, db, 1, rc.URL+"/x").ID }, domain.CodeNotFound, ""},
		{"form_id not positive", asPersianAdmin(1), func() int64 { return 0 }, domain.CodeInvalidParams, "form_id"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			id := c.formID()
			before, err := db.PendingWebhooks(ctx)
			if err != nil {
				t.Fatal(err)
			}
			n := len(rc.deliveries())
			res, err := (&Tester{Store: db}).Test(c.ctx, TestParams{FormID: id})
			if err == nil {
				t.Fatalf("accepted: %+v", res)
			}
			code, text := errCode(t, err)
			if code != c.code || !strings.Contains(text, c.persian) {
				t.Fatalf("error %s %q, want %s containing %q", code, text, c.code, c.persian)
			}
			after, err := db.PendingWebhooks(ctx)
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond) // two polls: a delivery queued would go out
			if after != before || len(rc.deliveries()) != n {
				t.Fatalf("a refused test queued deliveries: pending %d → %d, received %d → %d", before, after, n, len(rc.deliveries()))
			}
		})
	}
}
