package submissions_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// site is a real store with the forms and submissions services over it,
// on a clock the test moves.
type site struct {
	t     *testing.T
	db    *sqlstore.DB
	forms *forms.Service
	svc   *submissions.Service
	clock *clock
}

// clock is a time the test sets; it starts at the real now, so that the
// store's own timestamps and the service's agree.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.at = c.at.Add(d)
	c.mu.Unlock()
}

// newSite opens a store in a temporary directory and the service with
// cfg.
func newSite(t *testing.T, cfg submissions.Config) *site {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := &site{t: t, db: db, forms: &forms.Service{Store: db}, clock: &clock{at: time.Now()}}
	if s.svc, err = submissions.New(context.Background(), db, cfg, nil, s.clock.now); err != nil {
		t.Fatal(err)
	}
	return s
}

// open is a Config with the spam defences off, so that a scenario turns
// on only the ones it is about.
func open() submissions.Config {
	return submissions.Config{MinFill: -1, PerClientPerMinute: -1, PerFormPerMinute: -1}
}

// admin is the context of site 1's forms manager; other sites' actors
// are made with actorOf.
var admin = actorOf(1)

func actorOf(siteID int64) context.Context {
	return domain.WithActor(context.Background(), domain.Actor{UserID: 5, Caps: []string{domain.CapManageForms}, SiteID: siteID, Locale: "en_US"})
}

// documentOf reads a form document written as JSON-like maps.
func documentOf(t *testing.T, doc map[string]any) *domain.Document {
	t.Helper()
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var d domain.Document
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// publish creates a published form with doc and returns it.
func (s *site) publish(doc map[string]any) *domain.Form {
	s.t.Helper()
	res, err := s.forms.Create(admin, forms.CreateParams{Title: "نوبت‌دهی", Status: string(domain.StatusPublished), Document: documentOf(s.t, doc)})
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Form
}

// page loads the form as a respondent's page does and returns its form
// token.
func (s *site) page(token string) string {
	s.t.Helper()
	pf, err := s.svc.Public(admin, submissions.PublicParams{Token: token})
	if err != nil {
		s.t.Fatalf("forms.public: %v", err)
	}
	return pf.FormToken
}

// send is one submission of answers to the form of token from a freshly
// loaded page.
func (s *site) send(token string, ans map[string]any) submissions.SubmitParams {
	s.t.Helper()
	raw, err := json.Marshal(ans)
	if err != nil {
		s.t.Fatal(err)
	}
	return submissions.SubmitParams{Token: token, FormToken: s.page(token), Answers: raw, Client: submissions.Client{IPHash: "abc", UserAgent: "test"}}
}

// submit sends p and fails the test unless it is stored.
func (s *site) submit(p submissions.SubmitParams) *submissions.Receipt {
	s.t.Helper()
	r, err := s.svc.Submit(admin, p)
	if err != nil {
		s.t.Fatalf("submit %s: %v %v", p.Answers, err, domain.AsError(err).Data)
	}
	return r
}

// refused sends p and returns the error's code and the reason of each
// field (the whole form's under "").
func (s *site) refused(p submissions.SubmitParams) (domain.Code, map[string]string) {
	s.t.Helper()
	_, err := s.svc.Submit(admin, p)
	if err == nil {
		s.t.Fatalf("submit %s: stored", p.Answers)
	}
	reasons := map[string]string{}
	for _, f := range answers.FieldErrors(err) {
		if f.MessageFA == "" || f.MessageEN == "" {
			s.t.Errorf("field %q: a message is missing: %+v", f.Field, f)
		}
		reasons[f.Field] = string(f.Code)
	}
	return domain.ErrorCode(err), reasons
}

// stored reads a submission's stored answers by field.
func (s *site) stored(formID, id int64) map[string]answers.Stored {
	s.t.Helper()
	e, err := s.svc.Get(admin, submissions.GetParams{FormID: formID, ID: id})
	if err != nil {
		s.t.Fatal(err)
	}
	var r answers.StoredReader
	list, err := r.Read(e.Answers)
	if err != nil {
		s.t.Fatal(err)
	}
	out := map[string]answers.Stored{}
	for _, a := range list {
		out[a.Field] = a
	}
	return out
}
