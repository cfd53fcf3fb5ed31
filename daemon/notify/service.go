package notify

import (
	"context"
	"encoding/json"

	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
)

// ServiceStore is what Service reads and writes besides the worker's
// part (sqlstore.DB implements it).
type ServiceStore interface {
	Store
	Notifications(ctx context.Context, siteID, submissionID int64) ([]domain.Notification, error)
	Notification(ctx context.Context, siteID, id int64) (*domain.Notification, error)
	RetryNotification(ctx context.Context, siteID, id int64) (*domain.Notification, error)
	UpdateSubmissions(ctx context.Context, fn func(tx domain.SubmissionTx) error) error
	GetForm(ctx context.Context, siteID, id int64) (*domain.Form, error)
}

// Credits is the site's SMS account as sms.credit reads it.
type Credits interface {
	Get(ctx context.Context, p sms.GetParams) (sms.Info, error)
}

// Defaults of Service.
const (
	// DefaultEmailLease is how long a claimed mail is the plugin's to send
	// and report before it comes due again.
	DefaultEmailLease = 2 * time.Minute
	// DefaultPerFormPerHour and DefaultPerReceiverPerHour bound the
	// deliveries owed per channel in any hour.
	DefaultPerFormPerHour     = 100
	DefaultPerReceiverPerHour = 20
	maxClaim                  = 50
	// testWait is how long forms.notifications.test waits for a text's
	// outcome before answering with the delivery as it stands.
	testWait = 20 * time.Second
)

// Service serves the delivery log and the plugin's side of mail.
type Service struct {
	Store   ServiceStore
	Credits Credits
	// Wake tells the SMS worker a delivery is due (Worker.Notify).
	Wake        func()
	Limits      domain.NotificationLimits
	EmailLease  time.Duration
	MaxAttempts int
	RetryBase   time.Duration
	RetryMax    time.Duration
}

func (s *Service) lease() time.Duration {
	if s.EmailLease > 0 {
		return s.EmailLease
	}
	return DefaultEmailLease
}

func (s *Service) maxAttempts() int {
	if s.MaxAttempts > 0 {
		return s.MaxAttempts
	}
	return DefaultMaxAttempts
}

// Delivery is one delivery as the entry's log shows it: the receiver
// masked, the status, and the last failure in the caller's language.
type Delivery struct {
	ID      int64  `json:"id"`
	Channel string `json:"channel"`
	To      string `json:"to"`
	// Status is pending, sent, failed or retrying.
	Status   string `json:"status"`
	Attempts int    `json:"attempts"`
	// LastError is why the last attempt failed ("" none); ErrorKind its
	// class (rate_limited_form, no_credit, mail_failed, …).
	LastError string `json:"last_error"`
	ErrorKind string `json:"error_kind,omitempty"`
	// Notice is the notification's index in settings.notifications, -1
	// for notify_emails.
	Notice    int        `json:"notice"`
	Test      bool       `json:"test,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
	// At is when the delivery was sent, else when it was owed.
	At time.Time `json:"at"`
}

// Delivery statuses.
const (
	StatusPending  = "pending"
	StatusSent     = "sent"
	StatusFailed   = "failed"
	StatusRetrying = "retrying"
)

// never is the outbox's next_attempt_at of a delivery given up.
var never = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)

// View is n as the log shows it, in locale's language.
func View(n domain.Notification, locale string) Delivery {
	d := Delivery{ID: n.ID, Channel: n.Channel, To: Mask(n.Channel, n.Receiver), Attempts: n.Attempts, ErrorKind: n.ErrorKind,
		Notice: n.Notice, Test: n.SubmissionID == 0, CreatedAt: n.CreatedAt, SentAt: n.SentAt, At: n.CreatedAt}
	if n.SentAt != nil {
		d.At = *n.SentAt
	}
	switch {
	case n.SentAt != nil:
		d.Status = StatusSent
	case !n.NextAttemptAt.Before(never):
		d.Status = StatusFailed
	case n.LastError != "" || n.ErrorKind != "":
		d.Status = StatusRetrying
	default:
		d.Status = StatusPending
	}
	if n.SentAt == nil && (n.LastError != "" || n.ErrorKind != "") {
		d.LastError = ErrorText(n.ErrorKind, n.LastError, domain.IsPersian(locale))
	}
	return d
}

// Mask hides most of a receiver: 0912***4567, a***@example.com.
func Mask(channel, to string) string {
	if to == domain.ReceiverAdmin {
		return to
	}
	if channel == domain.ChannelSMS {
		return sms.Mask(to)
	}
	local, host, ok := strings.Cut(to, "@")
	if !ok || local == "" {
		return "***"
	}
	return local[:1] + "***@" + host
}

// errorTexts are the failures the log explains, beyond the provider's
// own words.
var errorTexts = map[string]domain.Text{
	domain.NotifyRateLimitedForm:       domain.T("not sent: the form reached its bound of notifications in an hour"),
	domain.NotifyRateLimitedReceiver:   domain.T("not sent: this receiver reached its bound of notifications in an hour"),
	"no_admin_mobile":                  domain.T("no admin mobile is set in the SMS settings"),
	"not_configured":                   domain.T("no SMS provider is configured"),
	"mail_failed":                      domain.T("WordPress could not send the mail"),
	"no_outcome":                       domain.T("given up: no outcome was reported after the bound of attempts"),
	"interrupted":                      domain.T("the daemon stopped during the attempt"),
	"invalid_pattern":                  domain.T("the pattern's parameters do not fit the provider"),
	string(sms.KindInvalidKey):         domain.T("the provider refused the API key"),
	string(sms.KindInvalidSender):      domain.T("the provider refused the sender line"),
	string(sms.KindInvalidReceiver):    domain.T("the provider refused the receiver's number"),
	string(sms.KindNoCredit):           domain.T("the SMS account has no credit left"),
	string(sms.KindPatternNotApproved): domain.T("the provider has no approved pattern with this code, or its parameters do not fit"),
	string(sms.KindRateLimited):        domain.T("the provider is limiting this account's messages"),
	string(sms.KindRejected):           domain.T("the provider refused the message"),
	string(sms.KindServerError):        domain.T("the provider failed or is under maintenance"),
	string(sms.KindUnreachable):        domain.T("the provider could not be reached"),
	string(sms.KindBadAnswer):          domain.T("the provider answered in a way the daemon does not understand"),
}

// ErrorText is a stored failure in the reader's language: the class's
// sentence, then the words recorded (a provider's or WordPress's own).
func ErrorText(kind, words string, persian bool) string {
	t, ok := errorTexts[kind]
	if !ok {
		return words
	}
	locale := domain.LocaleEN
	if persian {
		locale = domain.LocaleFA
	}
	msg := messages.Render(locale, t)
	if words != "" && kind != domain.NotifyRateLimitedForm && kind != domain.NotifyRateLimitedReceiver {
		msg += " — " + words
	}
	return msg
}

// Deliveries is the log of one submission, for submissions.get.
func (s *Service) Deliveries(ctx context.Context, siteID, submissionID int64) ([]Delivery, error) {
	list, err := s.Store.Notifications(ctx, siteID, submissionID)
	if err != nil {
		return nil, err
	}
	locale := domain.ActorFrom(ctx).Locale
	out := make([]Delivery, len(list))
	for i := range list {
		out[i] = View(list[i], locale)
	}
	return out, nil
}

// RetryParams are submissions.deliveries.retry's.
type RetryParams struct {
	DeliveryID int64 `json:"delivery_id"`
}

// Retry serves submissions.deliveries.retry: a failed delivery of the
// caller's site is due again now, with a fresh bound of attempts.
func (s *Service) Retry(ctx context.Context, p RetryParams) (*Delivery, error) {
	if p.DeliveryID <= 0 {
		return nil, domain.InvalidParams("delivery_id must be a positive integer").With("param", "delivery_id")
	}
	actor := domain.ActorFrom(ctx)
	n, err := s.Store.RetryNotification(ctx, actor.Site(), p.DeliveryID)
	if err != nil {
		return nil, err
	}
	if n.Channel == domain.ChannelSMS && s.Wake != nil {
		s.Wake()
	}
	d := View(*n, actor.Locale)
	return &d, nil
}

// TestParams are forms.notifications.test's: the form, the index of its
// notification, and where to send the test (required when the
// notification goes to an answer).
type TestParams struct {
	FormID int64  `json:"form_id"`
	Index  *int   `json:"index"`
	To     string `json:"to,omitempty"`
}

// TestResult is forms.notifications.test's answer: the delivery as it
// stands (a text waited for, up to 20 s; a mail pending until the
// plugin's next pull).
type TestResult struct {
	Delivery Delivery `json:"delivery"`
}

// Test serves forms.notifications.test: notification #index of the form
// is rendered with sample answers ("نمونه", the tracking code
// 1234567890) and owed, through the outbox and its bounds, to its
// receiver or to.
func (s *Service) Test(ctx context.Context, p TestParams) (*TestResult, error) {
	if p.FormID <= 0 {
		return nil, domain.InvalidParams("form_id must be a positive integer").With("param", "form_id")
	}
	if p.Index == nil || *p.Index < 0 {
		return nil, domain.InvalidParams("index is the notification's place in settings.notifications, from 0").With("param", "index")
	}
	actor := domain.ActorFrom(ctx)
	f, err := s.Store.GetForm(ctx, actor.Site(), p.FormID)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(f.Document)
	if err != nil {
		return nil, err
	}
	doc, err := document.Parse(raw)
	if err != nil {
		return nil, domain.Wrap(domain.CodeInternal, err, "the form's document cannot be read")
	}
	if doc.Settings == nil || *p.Index >= len(doc.Settings.Notifications) {
		return nil, domain.Errorf(domain.CodeNotFound, "the form has no notification #%d", *p.Index).With("param", "index")
	}
	n := doc.Settings.Notifications[*p.Index]
	to := strings.TrimSpace(p.To)
	if kind, _ := n.Receiver(); to == "" && kind == document.ToField {
		return nil, domain.InvalidParams("this notification goes to an answer; give to: the number or address the test goes to").With("param", "to")
	}
	if to != "" {
		if len(to) > 254 {
			return nil, domain.InvalidParams("to is too long").With("param", "to")
		}
		n.To = to
	}
	persian := domain.IsPersian(actor.Locale)
	sample := func(name string) string {
		if name == document.PlaceholderTracking {
			return "1234567890"
		}
		return messages.Render(actor.Locale, domain.T("placeholder value\x04sample"))
	}
	receiverTo, ok := receiver(&n, func(string) (string, bool) { return "", false })
	if !ok {
		if n.Channel == domain.ChannelSMS {
			return nil, domain.InvalidParams("to is a mobile number such as 09121234567").With("param", "to")
		}
		return nil, domain.InvalidParams("to is an email address").With("param", "to")
	}
	entry := &domain.Notification{SiteID: f.SiteID, FormID: f.ID, Notice: *p.Index, Channel: n.Channel, Receiver: receiverTo,
		Payload: render(&n, Message{Doc: doc, Title: f.Title, Persian: persian, Value: sample, Time: time.Now()})}
	err = s.Store.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		return tx.EnqueueNotifications(s.Limits, entry)
	})
	if err != nil {
		return nil, err
	}
	if entry.Channel == domain.ChannelSMS && !entry.Limited {
		if s.Wake != nil {
			s.Wake()
		}
		wait, cancel := context.WithTimeout(ctx, testWait)
		defer cancel()
		for {
			cur, err := s.Store.Notification(wait, f.SiteID, entry.ID)
			if err == nil && (cur.SentAt != nil || cur.LastError != "") {
				return &TestResult{Delivery: View(*cur, actor.Locale)}, nil
			}
			select {
			case <-wait.Done():
			case <-time.After(100 * time.Millisecond):
				continue
			}
			break
		}
	}
	cur, err := s.Store.Notification(ctx, f.SiteID, entry.ID)
	if err != nil {
		return nil, err
	}
	return &TestResult{Delivery: View(*cur, actor.Locale)}, nil
}

// ClaimParams are notifications.email.claim's.
type ClaimParams struct {
	Limit int `json:"limit,omitempty"`
}

// Mail is one mail the plugin is to send. To is the address, or "admin"
// for the site's admin email; Attempt counts this one.
type Mail struct {
	ID           int64  `json:"id"`
	FormID       int64  `json:"form_id"`
	SubmissionID int64  `json:"submission_id"`
	To           string `json:"to"`
	Subject      string `json:"subject"`
	Body         string `json:"body"`
	Attempt      int    `json:"attempt"`
}

// Claimed is notifications.email.claim's answer: the mails, each the
// caller's until LeaseSec has passed, by when it reports each outcome.
type Claimed struct {
	Deliveries []Mail `json:"deliveries"`
	LeaseSec   int    `json:"lease_sec"`
}

// Claim serves notifications.email.claim: up to limit (default 10, at
// most 50) due mails of the caller's site, leased. A mail claimed past
// its bound of attempts without an outcome is given up instead.
func (s *Service) Claim(ctx context.Context, p ClaimParams) (*Claimed, error) {
	if p.Limit == 0 {
		p.Limit = 10
	}
	if p.Limit < 1 || p.Limit > maxClaim {
		return nil, domain.InvalidParams("limit is 1 to %d", maxClaim).With("param", "limit")
	}
	site := domain.ActorFrom(ctx).Site()
	list, err := s.Store.ClaimNotifications(ctx, domain.ChannelEmail, site, p.Limit, s.lease())
	if err != nil {
		return nil, err
	}
	out := &Claimed{Deliveries: []Mail{}, LeaseSec: int(s.lease() / time.Second)}
	for _, n := range list {
		if n.Attempts-n.AttemptBase > s.maxAttempts() {
			if _, err := s.Store.MarkNotificationFailed(ctx, site, n.ID, "no_outcome", "no outcome was reported", time.Time{}); err != nil {
				return nil, err
			}
			continue
		}
		var m EmailPayload
		if json.Unmarshal(n.Payload, &m) != nil {
			if _, err := s.Store.MarkNotificationFailed(ctx, site, n.ID, "bad_payload", "the delivery's message cannot be read", time.Time{}); err != nil {
				return nil, err
			}
			continue
		}
		out.Deliveries = append(out.Deliveries, Mail{ID: n.ID, FormID: n.FormID, SubmissionID: n.SubmissionID, To: n.Receiver,
			Subject: m.Subject, Body: m.Body, Attempt: n.Attempts - n.AttemptBase})
	}
	return out, nil
}

// ReportParams are notifications.email.report's: the mail, whether
// wp_mail sent it, and if not why (wp_mail_failed's message).
type ReportParams struct {
	ID    int64  `json:"id"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

// Reported is notifications.email.report's answer: the delivery as it
// now stands.
type Reported struct {
	Delivery Delivery `json:"delivery"`
}

// Report serves notifications.email.report: a mail sent is marked sent;
// a failure is retried with backoff until the bound of attempts, then
// given up. A report on a mail sent already changes nothing.
func (s *Service) Report(ctx context.Context, p ReportParams) (*Reported, error) {
	if p.ID <= 0 {
		return nil, domain.InvalidParams("id must be a positive integer").With("param", "id")
	}
	actor := domain.ActorFrom(ctx)
	site := actor.Site()
	n, err := s.Store.Notification(ctx, site, p.ID)
	if err != nil {
		return nil, err
	}
	if n.Channel != domain.ChannelEmail {
		return nil, domain.InvalidParams("this delivery is not a mail").With("param", "id")
	}
	if n.SentAt == nil {
		if p.OK {
			_, err = s.Store.MarkNotificationSent(ctx, site, n.ID, "")
		} else {
			words := strings.Join(strings.Fields(p.Error), " ")
			if words == "" {
				words = "wp_mail returned false"
			}
			retryAt := time.Time{}
			if n.Attempts-n.AttemptBase < s.maxAttempts() {
				base, top := s.RetryBase, s.RetryMax
				if base <= 0 {
					base = DefaultRetryBase
				}
				if top <= 0 {
					top = DefaultRetryMax
				}
				retryAt = time.Now().Add(Backoff(base, top, n.Attempts-n.AttemptBase))
			}
			_, err = s.Store.MarkNotificationFailed(ctx, site, n.ID, "mail_failed", words, retryAt)
		}
		if err != nil {
			return nil, err
		}
		if n, err = s.Store.Notification(ctx, site, p.ID); err != nil {
			return nil, err
		}
	}
	return &Reported{Delivery: View(*n, actor.Locale)}, nil
}

// CreditResult is sms.credit's answer.
type CreditResult struct {
	Provider string       `json:"provider"`
	Balance  *sms.Balance `json:"balance"`
}

// Credit serves sms.credit: the account's balance as the provider states
// it (Kavenegar's account/info, Melipayamak's GetCredit, IPPanel's
// credit, Ghasedak's account information); the provider's refusal as
// the error.
func (s *Service) Credit(ctx context.Context, _ struct{}) (*CreditResult, error) {
	in, err := s.Credits.Get(ctx, sms.GetParams{Balance: true})
	if err != nil {
		return nil, err
	}
	if !in.Configured {
		return nil, domain.Errorf(domain.CodeUnavailable, "no SMS provider is configured; choose one in the plugin's SMS settings").With("kind", "not_configured")
	}
	if in.BalanceFailure != nil {
		return nil, in.BalanceFailure
	}
	return &CreditResult{Provider: in.Provider, Balance: in.Balance}, nil
}
