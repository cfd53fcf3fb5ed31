package webhooks

import (
	"context"
	"encoding/json"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// TesterStore is what webhooks.test reads and writes (sqlstore.DB).
type TesterStore interface {
	GetForm(ctx context.Context, siteID, id int64) (*domain.Form, error)
	UpdateSubmissions(ctx context.Context, fn func(tx domain.SubmissionTx) error) error
}

// Tester serves webhooks.test: a form's author sees that each receiver
// gets, verifies and answers a delivery before a respondent's answers
// depend on it. The test travels through the outbox like any delivery,
// so the same address checks, signature and retries apply.
type Tester struct {
	Store TesterStore
	// Notify wakes the Worker (Worker.Notify); nil leaves the test to
	// its next poll.
	Notify func()
}

// TestParams names the form whose webhooks are tested.
type TestParams struct {
	FormID int64 `json:"form_id"`
}

// TestResult lists the deliveries queued, one per webhook in the form's
// order: each delivery's id is the X-Arshline-Delivery header its
// receiver gets.
type TestResult struct {
	Deliveries []TestDelivery `json:"deliveries"`
}

// TestDelivery is one queued test delivery.
type TestDelivery struct {
	ID  int64  `json:"id"`
	URL string `json:"url"`
}

// TestEvent is the event of a test delivery, beside submission.created.
const TestEvent = "test"

// testTrackingCode is the sample submission's tracking code, the one
// forms.notifications.test uses.
const testTrackingCode = "1234567890"

// Test serves webhooks.test: one delivery of a "test" event with sample
// answers (each question answered "sample", in the actor's language) is
// owed to each of the form's webhook URLs, with submission_id 0.
func (t *Tester) Test(ctx context.Context, p TestParams) (*TestResult, error) {
	if p.FormID <= 0 {
		return nil, domain.InvalidParams("form_id must be a positive integer").With("param", "form_id")
	}
	actor := domain.ActorFrom(ctx)
	// A form of another site is NOT_FOUND, as every lookup by id.
	f, err := t.Store.GetForm(ctx, actor.Site(), p.FormID)
	if err != nil {
		return nil, err
	}
	urls := formWebhookURLs(f.Document)
	if len(urls) == 0 {
		return nil, domain.Errorf(domain.CodeNotFound, "the form has no webhook to test; add a webhook URL in its settings first").With("param", "form_id")
	}
	sample := messages.Render(actor.Locale, domain.T("placeholder value\x04sample"))
	answers := map[string]any{}
	for _, field := range f.Document.Fields {
		if id, _ := field["id"].(string); id != "" {
			answers[id] = sample
		}
	}
	body, err := json.Marshal(testPayload{Event: TestEvent, Test: true, SiteID: f.SiteID, FormID: f.ID, VersionID: f.HeadVersionID,
		TrackingCode: testTrackingCode, CreatedAt: time.Now().UTC().Truncate(time.Second), Answers: answers})
	if err != nil {
		return nil, err
	}
	entries := make([]*domain.OutboxEntry, len(urls))
	for i, u := range urls {
		entries[i] = &domain.OutboxEntry{SiteID: f.SiteID, FormID: f.ID, URL: u, Payload: body}
	}
	if err := t.Store.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		return tx.EnqueueWebhooks(entries...)
	}); err != nil {
		return nil, err
	}
	if t.Notify != nil {
		t.Notify()
	}
	out := &TestResult{Deliveries: make([]TestDelivery, len(entries))}
	for i, e := range entries {
		out.Deliveries[i] = TestDelivery{ID: e.ID, URL: e.URL}
	}
	return out, nil
}

// testPayload is a test delivery's body: submission.created's fields
// (docs/API.md, Webhooks) with event "test", test true and submission_id
// 0, so that a receiver can tell it from an answer.
type testPayload struct {
	Event        string         `json:"event"`
	Test         bool           `json:"test"`
	SiteID       int64          `json:"site_id"`
	FormID       int64          `json:"form_id"`
	SubmissionID int64          `json:"submission_id"`
	VersionID    int64          `json:"version_id"`
	TrackingCode string         `json:"tracking_code"`
	CreatedAt    time.Time      `json:"created_at"`
	Answers      map[string]any `json:"answers"`
}

// formWebhookURLs are the URLs of the document's settings.webhooks, in
// order, as the submission's deliveries take them.
func formWebhookURLs(d domain.Document) []string {
	list, _ := d.Settings["webhooks"].([]any)
	var out []string
	for _, w := range list {
		if m, ok := w.(map[string]any); ok {
			if u, _ := m["url"].(string); u != "" {
				out = append(out, u)
			}
		}
	}
	return out
}
