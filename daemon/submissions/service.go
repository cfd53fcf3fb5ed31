// Package submissions serves a published form to its respondents and
// keeps their answers: forms.public hands out the form with a signed form
// token, submissions.submit judges the answers (daemon/answers) against
// the version the respondent saw and stores them once, and the admin's
// methods page, read, file and erase them.
//
// Spam is kept out without any third-party service: a honeypot field, a
// minimum time between loading the form and sending it (the form token
// says when it was loaded), and per-client and per-form rate limits.
// Every refusal is logged with its reason and the form, never with the
// answers or the client.
package submissions

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/notify"
)

// Store is the persistence the service needs.
type Store interface {
	domain.SubmissionStore
	GetForm(ctx context.Context, siteID, id int64) (*domain.Form, error)
	GetVersion(ctx context.Context, siteID, formID, versionID int64) (*domain.Version, error)
	// FormIDByPublicToken finds the form a public token names.
	FormIDByPublicToken(ctx context.Context, token string) (int64, error)
	// FormHead reports a form's head version and whether it is deleted.
	FormHead(ctx context.Context, siteID, formID int64) (headVersionID int64, deleted bool, err error)
	// KeptSubmissions counts a form's kept submissions (no spam).
	KeptSubmissions(ctx context.Context, formID int64) (int64, error)
	// PendingUploads returns the pending uploads of the site's form among
	// ids, by id.
	PendingUploads(ctx context.Context, siteID, formID int64, ids []string) (map[string]domain.Upload, error)
	// OTPStore keeps the codes texted to verify mobile numbers.
	domain.OTPStore
	// Secret returns one of the database's own keys.
	Secret(ctx context.Context, name string) ([]byte, error)
}

// Config tunes the service; zero values take the defaults.
type Config struct {
	// SharedLimits, when set, keeps the per-client and per-form windows
	// in a store every host shares (several hosts on one MariaDB/MySQL).
	SharedLimits limit.Shared
	// MinFill is the least time between loading a form and sending it
	// (default 3 s): a person reads before answering, a bot does not.
	// Negative turns the check off.
	MinFill time.Duration
	// TokenTTL is how long a loaded form may be answered (default 24 h).
	TokenTTL time.Duration
	// TokenGrace is how long after a form's newer version was made a
	// token of an older one is still taken (default 10 min); negative
	// refuses such tokens at once.
	TokenGrace time.Duration
	// TokenReuse lets one form token send many submissions: for load
	// measurements that send one request body over and over. Off (the
	// default), a token is one accepted submission.
	TokenReuse bool
	// PerClientPerMinute and PerFormPerMinute bound submissions in any
	// 60 s (defaults 10 and 600); negative turns a limit off.
	PerClientPerMinute int
	PerFormPerMinute   int
	// OTPTTL is how long a code sent by SMS is valid, OTPTries how many
	// wrong tries burn it, OTPResendAfter the first wait before another
	// code to the same number (doubling with each text in the hour).
	OTPTTL         time.Duration
	OTPTries       int
	OTPResendAfter time.Duration
	// Texts a form may make the site send: per number and per client in
	// any hour, per form in any hour, per site in any day; negative
	// turns a limit off.
	OTPPerMobilePerHour int
	OTPPerClientPerHour int
	OTPPerFormPerHour   int
	OTPPerSitePerDay    int
	// Answers bounds one submission's size.
	Answers answers.Options
}

// Defaults of Config.
const (
	DefaultMinFill            = 3 * time.Second
	DefaultTokenTTL           = 24 * time.Hour
	DefaultTokenGrace         = 10 * time.Minute
	DefaultPerClientPerMinute = 10
	DefaultPerFormPerMinute   = 600
)

// Service serves the public and the admin's submission methods.
type Service struct {
	store Store
	cfg   Config
	// RemoveFiles deletes erased submissions' files once the erasure has
	// committed (the upload store's); nil when files are not kept.
	RemoveFiles func([]domain.Upload)
	// NotifyWebhooks wakes the webhook worker after a submission that
	// owes deliveries has committed; nil when there is none.
	NotifyWebhooks func()
	// SMS is the site's SMS provider, for codes that verify a mobile
	// number; nil: no code can be sent.
	SMS SMSProviders
	// NotifyLimits bound the notification deliveries a form and a
	// receiver are owed in any hour.
	NotifyLimits domain.NotificationLimits
	// NotifySMS wakes the SMS worker after a submission that owes texts
	// has committed; nil when there is none.
	NotifySMS func()
	// Deliveries reads a submission's notification log for
	// submissions.get; nil: none is shown.
	Deliveries func(ctx context.Context, siteID, submissionID int64) ([]notify.Delivery, error)
	events     *logx.Logger
	now        func() time.Time

	tokens    *formTokens
	clientKey []byte
	uniqueKey []byte
	perClient *limit.Limiter // nil: off
	perForm   *limit.Limiter // nil: off
	otp       *otpBook

	// docs caches parsed documents by version id: versions never change,
	// and a submission storm answers the same few.
	docsMu sync.Mutex
	docs   map[int64]*document.Document
	// forms caches forms by head version id: a version never changes, so
	// a form whose head is still that version is the cached one but for
	// deletion, which FormHead reports. A submission then costs one
	// small query instead of reading and decoding the whole form.
	forms map[int64]*domain.Form
}

// maxCachedDocs bounds the document cache; past it the cache starts over.
const maxCachedDocs = 512

// New returns the service; it reads the database's keys.
func New(ctx context.Context, store Store, cfg Config, events *logx.Logger, now func() time.Time) (*Service, error) {
	if now == nil {
		now = time.Now
	}
	if cfg.MinFill == 0 {
		cfg.MinFill = DefaultMinFill
	}
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = DefaultTokenTTL
	}
	if cfg.TokenGrace == 0 {
		cfg.TokenGrace = DefaultTokenGrace
	}
	if cfg.PerClientPerMinute == 0 {
		cfg.PerClientPerMinute = DefaultPerClientPerMinute
	}
	if cfg.PerFormPerMinute == 0 {
		cfg.PerFormPerMinute = DefaultPerFormPerMinute
	}
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&cfg.OTPTries, DefaultOTPTries)
	def(&cfg.OTPPerMobilePerHour, DefaultOTPPerMobilePerHour)
	def(&cfg.OTPPerClientPerHour, DefaultOTPPerClientPerHour)
	def(&cfg.OTPPerFormPerHour, DefaultOTPPerFormPerHour)
	def(&cfg.OTPPerSitePerDay, DefaultOTPPerSitePerDay)
	if cfg.OTPTTL <= 0 {
		cfg.OTPTTL = DefaultOTPTTL
	}
	if cfg.OTPTries < 0 {
		cfg.OTPTries = DefaultOTPTries
	}
	if cfg.OTPResendAfter <= 0 {
		cfg.OTPResendAfter = DefaultOTPResendAfter
	}
	s := &Service{store: store, cfg: cfg, events: events, now: now, docs: map[int64]*document.Document{}, forms: map[int64]*domain.Form{}}
	key, err := store.Secret(ctx, "form_token_key")
	if err != nil {
		return nil, err
	}
	if s.tokens, err = newFormTokens(key); err != nil {
		return nil, err
	}
	if s.clientKey, err = store.Secret(ctx, "client_hash_key"); err != nil {
		return nil, err
	}
	if s.uniqueKey, err = store.Secret(ctx, "unique_answer_key"); err != nil {
		return nil, err
	}
	otpKey, err := store.Secret(ctx, "otp_code_key")
	if err != nil {
		return nil, err
	}
	s.otp = newOTPBook(cfg, otpKey, store)
	if cfg.PerClientPerMinute > 0 {
		s.perClient = limit.New(cfg.PerClientPerMinute, now)
		if cfg.SharedLimits != nil {
			s.perClient.Share(cfg.SharedLimits, "submit_client")
		}
	}
	if cfg.PerFormPerMinute > 0 {
		s.perForm = limit.New(cfg.PerFormPerMinute, now)
		if cfg.SharedLimits != nil {
			s.perForm.Share(cfg.SharedLimits, "submit_form")
		}
	}
	return s, nil
}

// formClosed is the one answer for every form a respondent cannot answer:
// unknown, of another site, a draft, disabled, deleted, past close_at or
// full. One answer for all, so that nothing about the site's forms can be
// learned from it.
func formClosed() *domain.Error {
	return domain.Errorf(domain.CodeFormClosed, "this form is not accepting answers")
}

// openForm returns the site's published form that a respondent may
// answer now, given its public token or id.
func (s *Service) openForm(ctx context.Context, token string, id int64) (*domain.Form, error) {
	site := domain.ActorFrom(ctx).Site()
	if token != "" {
		var err error
		if id, err = s.store.FormIDByPublicToken(ctx, token); err != nil {
			if domain.ErrorCode(err) == domain.CodeNotFound {
				return nil, formClosed()
			}
			return nil, err
		}
	}
	// Another site's form is not found, like a missing one.
	f, err := s.form(ctx, site, id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil, formClosed()
	}
	if err != nil {
		return nil, err
	}
	if (token != "" && f.PublicToken != token) || !s.accepting(f) {
		return nil, formClosed()
	}
	return f, nil
}

// form returns a live or deleted form of the site, from the cache when
// its head has not moved.
func (s *Service) form(ctx context.Context, site, id int64) (*domain.Form, error) {
	head, deleted, err := s.store.FormHead(ctx, site, id)
	if err != nil {
		return nil, err
	}
	s.docsMu.Lock()
	f, ok := s.forms[head]
	s.docsMu.Unlock()
	if ok && f.ID == id && f.SiteID == site {
		if deleted {
			return nil, domain.Errorf(domain.CodeNotFound, "form %v was not found", id)
		}
		return f, nil
	}
	if f, err = s.store.GetForm(ctx, site, id); err != nil {
		return nil, err
	}
	s.docsMu.Lock()
	if len(s.forms) >= maxCachedDocs {
		s.forms = map[int64]*domain.Form{}
	}
	s.forms[f.HeadVersionID] = f
	s.docsMu.Unlock()
	return f, nil
}

// accepting reports whether f takes answers now, but for max_submissions,
// which is counted inside the write transaction.
func (s *Service) accepting(f *domain.Form) bool {
	if f.Status != domain.StatusPublished || f.DeletedAt != nil {
		return false
	}
	if at, ok := closeAt(f.Document); ok && !s.now().Before(at) {
		return false
	}
	return true
}

func closeAt(d domain.Document) (time.Time, bool) {
	v, _ := d.Settings["close_at"].(string)
	if v == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, v)
	return t, err == nil
}

func maxSubmissions(d domain.Document) (int64, bool) {
	switch v := d.Settings["max_submissions"].(type) {
	case float64:
		return int64(v), v > 0
	case int64:
		return v, v > 0
	case int:
		return int64(v), v > 0
	case json.Number:
		n, err := v.Int64()
		return n, err == nil && n > 0
	}
	return 0, false
}

// PublicParams names the form: its public token (links) or its id (the
// shortcode's).
type PublicParams struct {
	Token string `json:"token,omitempty"`
	ID    int64  `json:"id,omitempty"`
}

// PublicForm is what a respondent's page is built from.
type PublicForm struct {
	Token  string `json:"token"`
	Title  string `json:"title"`
	Locale string `json:"locale"`
	// Document is the form's head document without what only its admins
	// may see: settings keep welcome and thank_you only (no webhooks,
	// notification addresses or limits).
	Document  domain.Document `json:"document"`
	FormToken string          `json:"form_token"`
}

// Public serves forms.public.
func (s *Service) Public(ctx context.Context, p PublicParams) (*PublicForm, error) {
	if (p.Token == "") == (p.ID == 0) {
		return nil, domain.Errorf(domain.CodeInvalidParams, "give the form's token or its id, one of them")
	}
	f, err := s.openForm(ctx, p.Token, p.ID)
	if err != nil {
		return nil, err
	}
	if n, ok := maxSubmissions(f.Document); ok {
		// Read outside a transaction: a form one short of full may still
		// be shown; the write transaction counts again.
		if kept, err := s.store.KeptSubmissions(ctx, f.ID); err == nil && kept >= n {
			return nil, formClosed()
		}
	}
	return &PublicForm{
		Token: f.PublicToken, Title: f.Title, Locale: domain.ActorFrom(ctx).Locale,
		Document:  publicDocument(f.Document),
		FormToken: s.tokens.issue(f.ID, f.HeadVersionID, s.now()),
	}, nil
}

func publicDocument(d domain.Document) domain.Document {
	out := d
	out.Settings = map[string]any{}
	for _, k := range []string{"welcome", "thank_you"} {
		if v, ok := d.Settings[k]; ok && v != nil {
			out.Settings[k] = v
		}
	}
	out.Meta = map[string]any{}
	return out
}

// document returns the parsed document of a version of the form.
func (s *Service) document(ctx context.Context, siteID, formID, versionID int64) (*document.Document, error) {
	s.docsMu.Lock()
	doc, ok := s.docs[versionID]
	s.docsMu.Unlock()
	if ok {
		return doc, nil
	}
	v, err := s.store.GetVersion(ctx, siteID, formID, versionID)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(v.State.Document)
	if err != nil {
		return nil, err
	}
	if doc, err = document.Parse(raw); err != nil {
		return nil, err
	}
	s.docsMu.Lock()
	if len(s.docs) >= maxCachedDocs {
		s.docs = map[int64]*document.Document{}
	}
	s.docs[versionID] = doc
	s.docsMu.Unlock()
	return doc, nil
}

// refuse logs a refused submission (its reason and form, nothing the
// respondent sent) and returns err.
func (s *Service) refuse(ctx context.Context, formID int64, reason string, err error) error {
	if s.events != nil {
		s.events.Event(ctx, slog.LevelWarn, "submit", "submission_refused",
			slog.Int64("form_id", formID), slog.String("reason", reason))
	}
	return err
}

// encodeAnswers returns the stored JSON of the accepted answers
// (answers.EncodeStored), its SHA-256, and the text the search index
// keeps.
func encodeAnswers(doc *document.Document, res answers.Result, verified map[string]bool) (raw []byte, sha string, search string, err error) {
	if raw, err = answers.EncodeStored(res.Answers, verified); err != nil {
		return nil, "", "", err
	}
	var text strings.Builder
	for _, a := range res.Answers {
		searchWords(&text, doc, a)
	}
	sum := sha256.Sum256(raw)
	return raw, hex.EncodeToString(sum[:]), text.String(), nil
}

// StoredSearchText returns a function that makes a stored submission's
// search text as encodeAnswers made it when the submission was stored:
// from state, the stored JSON of the form version it answered (a
// domain.FormState), and its stored answers. copy-store rebuilds the
// MariaDB search index with it, so that entries moved from SQLite are
// found by their options' labels too. A state it cannot read leaves
// the labels out; an answer it cannot read, that answer.
func StoredSearchText() func(state, stored []byte) string {
	docs := map[string]*document.Document{}
	var reader answers.StoredReader
	return func(state, stored []byte) string {
		doc, ok := docs[string(state)]
		if !ok {
			doc = &document.Document{}
			var fs domain.FormState
			if json.Unmarshal(state, &fs) == nil {
				if raw, err := json.Marshal(fs.Document); err == nil {
					if d, err := document.Parse(raw); err == nil {
						doc = d
					}
				}
			}
			if len(docs) >= maxCachedDocs {
				clear(docs)
			}
			docs[string(state)] = doc
		}
		list, err := reader.Read(stored)
		if err != nil {
			return ""
		}
		var text strings.Builder
		for _, st := range list {
			if a, ok := st.Answer(); ok {
				searchWords(&text, doc, a)
			}
		}
		return text.String()
	}
}

// searchWords adds what an admin may search an answer by: the text as
// normalised and as typed, and the labels of the options chosen.
func searchWords(b *strings.Builder, doc *document.Document, a answers.Answer) {
	add := func(s string) {
		if s != "" {
			b.WriteString(s)
			b.WriteByte(' ')
		}
	}
	var field *document.Field
	for i := range doc.Fields {
		if doc.Fields[i].ID == a.Field {
			field = &doc.Fields[i]
			break
		}
	}
	label := func(v string) string {
		if field != nil {
			for _, o := range field.Options {
				if o.Value == v {
					return o.Label
				}
			}
		}
		return ""
	}
	switch v := a.Value.(type) {
	case string:
		add(v)
		add(label(v))
		if t := a.TypedText(); t != v {
			add(t)
		}
	case []string:
		for _, o := range v {
			add(label(o))
		}
	case map[string]string:
		for row, col := range v {
			add(row)
			add(col)
		}
	case float64, int:
		add(a.TypedText())
	}
}

// factsOf reads a stored submission's answers back into the facts they
// counted.
func factsOf(sub *domain.Submission) ([]domain.AnswerFact, error) {
	return answers.FactsOf(sub.Answers)
}
