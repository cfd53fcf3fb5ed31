package submissions

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
)

// SMSProviders gives the site's configured SMS provider (daemon/sms's
// Service); UNAVAILABLE when none is set.
type SMSProviders interface {
	Provider(ctx context.Context) (sms.Provider, error)
	// OTP is the approved pattern codes are sent with; nil: a plain text.
	OTP(ctx context.Context) (*sms.OTPPattern, error)
}

// OTP codes are kept in the store (otp_codes), so that a code texted
// through one web host is checked through any other, and wrong tries
// made through all of them count against one bound. No code is kept in
// clear: only its HMAC under the store's otp_code_key, the form, field
// and number in the message; the number itself is kept only as a keyed
// hash too. A code's row lives until the code has expired and the
// number's resend wait and hourly count are over; the retention deletes
// it then (RunOTPRetention), and the per-site daily count bounds how
// many there are. The hourly and daily counts are in memory on one host
// (a restart, the operator's act, forgets them); hosts sharing a MariaDB
// or MySQL store keep them there (Config.SharedLimits), so that the
// hosts together text no more than each budget.
const (
	DefaultOTPTTL              = 5 * time.Minute
	DefaultOTPTries            = 5
	DefaultOTPResendAfter      = 60 * time.Second
	DefaultOTPPerMobilePerHour = 5
	DefaultOTPPerClientPerHour = 10
	DefaultOTPPerFormPerHour   = 200
	DefaultOTPPerSitePerDay    = 1000
	// maxOTPResendWait caps the resend wait, which doubles with each
	// text to the same number in the hour.
	maxOTPResendWait = 15 * time.Minute
	// maxOTPKeys bounds the numbers, clients, forms and sites counted in
	// memory: they are keyed by what visitors send.
	maxOTPKeys = 50000
	otpDigits  = 6
	// otpCountSpan is how long the texts to one number on one field
	// count towards its resend wait.
	otpCountSpan = time.Hour
)

// Refusal reasons of OTP (error.data.fields[].code of the mobile field).
const (
	ReasonOTPRequired = "otp_required"
	ReasonOTPWrong    = "otp_wrong"
	ReasonOTPExpired  = "otp_expired"
	ReasonOTPBurnt    = "otp_too_many_tries"
)

// otpBook checks the codes kept in the store and holds the counts that
// bound the texts.
type otpBook struct {
	// key is the store's otp_code_key, the same on every host.
	key   []byte
	codes domain.OTPStore

	mu sync.Mutex
	// perMobile, perClient, perForm count texts in the last hour,
	// perSite in the last day.
	perMobile, perClient, perForm, perSite *window
	// shared, when set, keeps those counts for every host (see
	// admitShared); the windows above then decide only while it does not
	// answer.
	shared limit.Shared
}

// window counts events per key in a sliding span, at most max of them,
// at most maxOTPKeys keys.
type window struct {
	max  int // < 0: no limit
	span time.Duration
	m    map[string][]time.Time
}

func newWindow(max int, span time.Duration) *window {
	return &window{max: max, span: span, m: map[string][]time.Time{}}
}

// wait is how long until key may have one more event (0: now); a key
// not held while the window holds as many keys as it may waits a span.
func (w *window) wait(key string, now time.Time) time.Duration {
	if w.max < 0 {
		return 0
	}
	list := w.live(key, now)
	if list == nil && len(w.m) >= maxOTPKeys {
		w.sweep(now)
		if len(w.m) >= maxOTPKeys {
			return w.span
		}
	}
	if len(list) < w.max {
		return 0
	}
	return list[0].Add(w.span).Sub(now)
}

func (w *window) live(key string, now time.Time) []time.Time {
	list := w.m[key]
	i := 0
	for i < len(list) && now.Sub(list[i]) >= w.span {
		i++
	}
	if i == len(list) {
		delete(w.m, key)
		return nil
	}
	list = list[i:]
	w.m[key] = list
	return list
}

func (w *window) add(key string, now time.Time) {
	if w.max >= 0 {
		w.m[key] = append(w.live(key, now), now)
	}
}

func (w *window) sweep(now time.Time) {
	for k := range w.m {
		w.live(k, now)
	}
}

func newOTPBook(cfg Config, key []byte, codes domain.OTPStore) *otpBook {
	return &otpBook{key: key, codes: codes,
		perMobile: newWindow(cfg.OTPPerMobilePerHour, time.Hour), perClient: newWindow(cfg.OTPPerClientPerHour, time.Hour),
		perForm: newWindow(cfg.OTPPerFormPerHour, time.Hour), perSite: newWindow(cfg.OTPPerSitePerDay, 24*time.Hour),
		shared: cfg.SharedLimits}
}

// codeKey names one code: the form, the field and the number.
func codeKey(formID int64, field, mobile string) string {
	return fmt.Sprintf("%d\x00%s\x00%s", formID, field, mobile)
}

func (b *otpBook) hash(key, code string) [32]byte {
	h := hmac.New(sha256.New, b.key)
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write([]byte(code))
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// rowKey is the store's key of a code's row: a keyed hash of its
// codeKey, so that the number is not kept in clear.
func (b *otpBook) rowKey(key string) string {
	h := hmac.New(sha256.New, b.key)
	h.Write([]byte("otp_codes\x00"))
	h.Write([]byte(key))
	return hex.EncodeToString(h.Sum(nil))
}

// newCode is otpDigits random decimal digits.
func newCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return fmt.Sprintf("%0*d", otpDigits, n.Int64())
}

// otpLimit names the limit a send would pass.
type otpLimit struct {
	name string
	wait time.Duration
}

// admit checks every limit of one text to mobile on form's field, sent
// by client on site, and records it when all pass: the resend wait of
// the number on that field (kept with its code, for every host), then
// the number's, the client's, the form's and the site's counts.
func (b *otpBook) admit(ctx context.Context, site, formID int64, field, mobile, client string, now time.Time) (*otpLimit, error) {
	var resendAt time.Time
	err := b.codes.UpdateOTPCode(ctx, b.rowKey(codeKey(formID, field, mobile)), func(cur *domain.OTPCode) (*domain.OTPCode, error) {
		resendAt = time.Time{}
		if cur != nil {
			resendAt = cur.ResendAt
		}
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	if now.Before(resendAt) {
		return &otpLimit{"resend", resendAt.Sub(now)}, nil
	}
	keys := []otpCount{
		{"mobile", b.perMobile, fmt.Sprintf("%d\x00%s", site, mobile)},
		{"client", b.perClient, fmt.Sprintf("%d\x00%s", site, client)},
		{"form", b.perForm, fmt.Sprint(formID)},
		{"site", b.perSite, fmt.Sprint(site)},
	}
	if b.shared != nil {
		return b.admitShared(keys, now), nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, k := range keys {
		if d := k.w.wait(k.key, now); d > 0 {
			return &otpLimit{k.name, d}, nil
		}
	}
	for _, k := range keys {
		k.w.add(k.key, now)
	}
	return nil, nil
}

// otpCount is one count a text passes: its name, window and key.
type otpCount struct {
	name string
	w    *window
	key  string
}

// sharedOTPTimeout bounds each call to the shared store; past it, or on
// any error, this host's own window decides that count.
const sharedOTPTimeout = 2 * time.Second

// admitShared takes a slot of each count in the shared store, in order;
// when one is full, the slots already taken are given back, so a text
// refused spends no budget of the counts before it. A count the store
// cannot take (it does not answer) is decided by this host's window.
func (b *otpBook) admitShared(keys []otpCount, now time.Time) *otpLimit {
	var taken []otpCount
	giveBack := func() {
		for _, k := range taken {
			ctx, cancel := context.WithTimeout(context.Background(), sharedOTPTimeout)
			_ = b.shared.ReturnWindowSlot(ctx, "otp_"+k.name, sharedOTPKey(k.key))
			cancel()
		}
	}
	for _, k := range keys {
		if k.w.max < 0 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), sharedOTPTimeout)
		ok, wait, err := b.shared.TakeWindowSlot(ctx, "otp_"+k.name, sharedOTPKey(k.key), k.w.max, k.w.span)
		cancel()
		if err != nil {
			b.mu.Lock()
			wait = k.w.wait(k.key, now)
			if ok = wait <= 0; ok {
				k.w.add(k.key, now)
			}
			b.mu.Unlock()
			if !ok {
				giveBack()
				return &otpLimit{k.name, wait}
			}
			continue
		}
		if !ok {
			giveBack()
			return &otpLimit{k.name, max(wait, time.Second)}
		}
		taken = append(taken, k)
	}
	return nil
}

// sharedOTPKey is a count's key in the shared store: the first 8 bytes
// of its SHA-256, so that no number is stored in clear there.
func sharedOTPKey(key string) int64 {
	sum := sha256.Sum256([]byte(key))
	return int64(binary.BigEndian.Uint64(sum[:8]))
}

// keep stores code as the one valid code of mobile on site's form's
// field, replacing any earlier one, and returns the wait before the next
// text.
func (b *otpBook) keep(ctx context.Context, site, formID int64, field, mobile, code string, cfg Config, now time.Time) (time.Duration, error) {
	key := codeKey(formID, field, mobile)
	h := b.hash(key, code)
	var wait time.Duration
	err := b.codes.UpdateOTPCode(ctx, b.rowKey(key), func(cur *domain.OTPCode) (*domain.OTPCode, error) {
		sends, since := 1, now
		if cur != nil && now.Sub(cur.SendsSince) < otpCountSpan {
			sends, since = cur.Sends+1, cur.SendsSince
		}
		wait = cfg.OTPResendAfter << min(sends-1, 10)
		if wait > maxOTPResendWait || wait <= 0 {
			wait = maxOTPResendWait
		}
		next := &domain.OTPCode{SiteID: site, FormID: formID, Field: field, Hash: h[:], SentAt: now,
			ExpiresAt: now.Add(cfg.OTPTTL), MaxAttempts: cfg.OTPTries, Sends: sends, SendsSince: since, ResendAt: now.Add(wait)}
		next.KeepUntil = maxTime(next.ExpiresAt, next.ResendAt, since.Add(otpCountSpan))
		return next, nil
	})
	return wait, err
}

func maxTime(first time.Time, rest ...time.Time) time.Time {
	for _, t := range rest {
		if t.After(first) {
			first = t
		}
	}
	return first
}

// otpOutcome is what checking a code found.
type otpOutcome int

const (
	otpOK otpOutcome = iota
	otpNone
	otpWrong
	otpExpired
	otpBurnt
)

// take checks code for mobile on form's field. A right, unexpired code
// is taken (one use, on every host) and restore puts it back, for a
// submission that is then not stored; a wrong one spends a try, and the
// last try burns the code. The row is locked while it is checked, so
// that tries made through two hosts at once are both counted.
func (b *otpBook) take(ctx context.Context, formID int64, field, mobile, code string, now time.Time) (out otpOutcome, triesLeft int, restore func(), err error) {
	key := codeKey(formID, field, mobile)
	row := b.rowKey(key)
	h := b.hash(key, code)
	var sentAt time.Time
	err = b.codes.UpdateOTPCode(ctx, row, func(cur *domain.OTPCode) (*domain.OTPCode, error) {
		out, triesLeft = otpNone, 0
		switch {
		case cur == nil || cur.Consumed:
			return nil, nil
		case !now.Before(cur.ExpiresAt):
			out = otpExpired
			return nil, nil
		}
		next := *cur
		if !hmac.Equal(h[:], cur.Hash) {
			next.Attempts++
			if next.Attempts >= next.MaxAttempts {
				next.Consumed = true
				out = otpBurnt
				return &next, nil
			}
			out, triesLeft = otpWrong, next.MaxAttempts-next.Attempts
			return &next, nil
		}
		next.Consumed = true
		out, triesLeft, sentAt = otpOK, next.MaxAttempts-next.Attempts, cur.SentAt
		return &next, nil
	})
	if err != nil || out != otpOK {
		return out, triesLeft, nil, err
	}
	return out, triesLeft, func() {
		// The submission was not stored: the code it took is put back,
		// unless a newer one was sent meanwhile.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sharedOTPTimeout)
		defer cancel()
		_ = b.codes.UpdateOTPCode(rctx, row, func(cur *domain.OTPCode) (*domain.OTPCode, error) {
			if cur == nil || !cur.Consumed || !cur.SentAt.Equal(sentAt) || !hmac.Equal(h[:], cur.Hash) {
				return nil, nil
			}
			next := *cur
			next.Consumed = false
			return &next, nil
		})
	}, nil
}

// RunOTPRetention deletes the rows of codes of no more use, a minute
// after it is called and then every domain.RetentionEvery, until ctx
// ends.
func (s *Service) RunOTPRetention(ctx context.Context) {
	domain.RunRetention(ctx, s.purgeOTP)
}

func (s *Service) purgeOTP(ctx context.Context, now time.Time) {
	n, err := s.otp.codes.PurgeOTPCodes(ctx, now)
	if s.events == nil {
		return
	}
	if err != nil {
		s.events.Event(ctx, slog.LevelWarn, "submit", "otp_purge_failed", slog.String("error", err.Error()))
	} else if n > 0 {
		s.events.Event(ctx, slog.LevelInfo, "submit", "otp_purged", slog.Int64("codes", n))
	}
}

// OTPSendParams are submissions.otp.send's: the form (its public token
// and the page's form token, as submissions.submit takes them), the
// mobile question and the number answered.
type OTPSendParams struct {
	Token     string `json:"token"`
	FormToken string `json:"form_token"`
	Field     string `json:"field"`
	Mobile    string `json:"mobile"`
	Client    Client `json:"client"`
}

// OTPSent is submissions.otp.send's answer.
type OTPSent struct {
	Sent bool `json:"sent"`
	// RetryAfterSec is the wait before another code may be asked for.
	RetryAfterSec int `json:"retry_after_sec"`
	// ExpiresInSec is how long the code is valid, Tries how many tries
	// it has.
	ExpiresInSec int `json:"expires_in_sec"`
	Tries        int `json:"tries"`
	// Mobile is the number the code went to, masked (0912***4567).
	Mobile string `json:"mobile"`
}

func secs(d time.Duration) int { return max(1, int((d+time.Second-1)/time.Second)) }

// SendOTP serves submissions.otp.send: it checks the form and its page,
// that the field is a mobile question with verify "otp", the number,
// that the site has an SMS provider and every limit, then texts a new
// code to the number. Nothing is kept when the text is not sent.
func (s *Service) SendOTP(ctx context.Context, p OTPSendParams) (*OTPSent, error) {
	bad := func(param string, text domain.Text) error {
		return domain.InvalidParams(text.Key, text.Args...).With("param", param)
	}
	switch {
	case p.Token == "":
		return nil, bad("token", domain.T("token is required: the form's public token"))
	case p.Field == "" || len(p.Field) > 64:
		return nil, bad("field", domain.T("field is required: the id of the mobile question"))
	case p.Client.IPHash == "" || len(p.Client.IPHash) > maxClientField || len(p.Client.UserAgent) > maxClientField:
		return nil, bad("client", domain.T("client.ip_hash is required, and client's members are at most %d bytes", maxClientField))
	case len(p.Mobile) > maxClientField:
		return nil, bad("mobile", domain.T("mobile is too long"))
	}
	f, err := s.openForm(ctx, p.Token, 0)
	if err != nil {
		return nil, s.refuseOTP(ctx, 0, "form_closed", err)
	}
	versionID, err := s.VerifyFormToken(p.FormToken, f.ID)
	if err == nil && versionID != f.HeadVersionID {
		err = s.withinGrace(ctx, f)
	}
	if err != nil {
		return nil, s.refuseOTP(ctx, f.ID, "form_token", err)
	}
	doc, err := s.document(ctx, f.SiteID, f.ID, versionID)
	if err != nil {
		return nil, err
	}
	fd := findField(doc, p.Field)
	if fd == nil || !fd.VerifiesOTP() {
		return nil, s.refuseOTP(ctx, f.ID, "not_otp_field", bad("field",
			domain.T("this question does not verify a mobile number by code")))
	}
	mobile, err := iranformat.Mobile(p.Mobile)
	if err != nil {
		return nil, s.refuseOTP(ctx, f.ID, "mobile", domain.Errorf(domain.CodeInvalidSubmission, "enter a mobile number such as 09121234567").With("fields", []answers.FieldError{
			answers.NewFieldError(fd.ID, answers.Reason(iranformat.KindMobile), iranformat.KindMobile.Text())}))
	}
	if s.SMS == nil {
		return nil, s.otpUnavailable(ctx, f, nil)
	}
	prov, err := s.SMS.Provider(ctx)
	if err != nil {
		return nil, s.otpUnavailable(ctx, f, err)
	}
	client := clientHash(s.clientKey, p.Client.IPHash)
	now := s.now()
	lim, err := s.otp.admit(ctx, f.SiteID, f.ID, fd.ID, mobile, client, now)
	if err != nil {
		return nil, err
	}
	if lim != nil {
		return nil, s.refuseOTP(ctx, f.ID, "limit_"+lim.name, otpLimitError(lim))
	}
	code := newCode()
	minutes := int(s.cfg.OTPTTL / time.Minute)
	// The code goes to an Iranian mobile: in Persian, whatever the page's
	// language.
	text := messages.Render(domain.LocaleFA, domain.T("Verification code for “%s”: %s\nThe code is valid for %d minutes.", f.Title, code, max(1, minutes)))
	// Providers hold plain service texts from shared lines back, or refuse
	// them; a code then goes as the site's approved pattern.
	pattern, err := s.SMS.OTP(ctx)
	if err != nil {
		return nil, err
	}
	if pattern != nil {
		_, err = prov.SendPattern(ctx, mobile, sms.Pattern{Code: pattern.Code, Params: []sms.Param{{Name: pattern.Param, Value: code}}})
	} else {
		_, err = prov.Send(ctx, mobile, text)
	}
	if err != nil {
		if s.events != nil {
			s.events.Event(ctx, slog.LevelWarn, "submit", "otp_send_failed", slog.Int64("form_id", f.ID), slog.String("error", err.Error()))
		}
		return nil, domain.AsError(err)
	}
	wait, err := s.otp.keep(ctx, f.SiteID, f.ID, fd.ID, mobile, code, s.cfg, now)
	if err != nil {
		return nil, err
	}
	if s.events != nil {
		s.events.Event(ctx, slog.LevelInfo, "submit", "otp_sent", slog.Int64("form_id", f.ID), slog.String("field", fd.ID), slog.String("to", sms.Mask(mobile)))
	}
	return &OTPSent{Sent: true, RetryAfterSec: secs(wait), ExpiresInSec: secs(s.cfg.OTPTTL), Tries: s.cfg.OTPTries, Mobile: sms.Mask(mobile)}, nil
}

func findField(doc *document.Document, id string) *document.Field {
	for i := range doc.Fields {
		if doc.Fields[i].ID == id {
			return &doc.Fields[i]
		}
	}
	return nil
}

// refuseOTP logs a refused code request (its reason and form) and
// returns err.
func (s *Service) refuseOTP(ctx context.Context, formID int64, reason string, err error) error {
	if s.events != nil {
		s.events.Event(ctx, slog.LevelWarn, "submit", "otp_refused", slog.Int64("form_id", formID), slog.String("reason", reason))
	}
	return err
}

// otpUnavailable is the answer when the site has no SMS provider: the
// respondent is told the form cannot send codes now, and the log tells
// the form's author that verify "otp" needs the SMS settings.
func (s *Service) otpUnavailable(ctx context.Context, f *domain.Form, cause error) error {
	if s.events != nil {
		s.events.Event(ctx, slog.LevelError, "submit", "otp_needs_sms", slog.Int64("form_id", f.ID),
			slog.String("hint", "the form verifies a mobile number by code; set the site's SMS provider (sms.settings.set)"))
	}
	e := domain.Errorf(domain.CodeUnavailable, "this form cannot send verification codes now: the site's SMS provider is not set up; please tell the site's administrator").With("kind", "sms_not_configured")
	if de := domain.AsError(cause); de != nil && de.Code != domain.CodeUnavailable {
		return de
	}
	return e
}

func otpLimitError(l *otpLimit) error {
	n := secs(l.wait)
	var e *domain.Error
	switch l.name {
	case "resend":
		e = domain.Errorf(domain.CodeRateLimit, "a code was sent a moment ago; you can ask for a new one in %d seconds", n)
	case "mobile":
		e = domain.Errorf(domain.CodeRateLimit, "too many codes were sent to this number; try again in %d minutes", (n+59)/60)
	default:
		e = domain.Errorf(domain.CodeRateLimit, "too many verification codes were asked for; try again in %d minutes", (n+59)/60)
	}
	return e.With("retry_after_sec", n).With("limit", l.name)
}

// checkOTP checks the code sent for each answered mobile question of doc
// that verifies by code, takes the right ones, and returns the fields
// verified and a restore that puts the codes back (for a submission not
// stored after all). On any refusal no code is taken; an error of the
// store is returned as it is, with no code taken either.
func (s *Service) checkOTP(ctx context.Context, f *domain.Form, doc *document.Document, res answers.Result, codes map[string]string) (verified map[string]bool, restore func(), err error) {
	var restores []func()
	restore = func() {
		for _, r := range restores {
			r()
		}
	}
	var refused []answers.FieldError
	triesLeft := map[string]int{}
	now := s.now()
	for i := range doc.Fields {
		fd := &doc.Fields[i]
		if !fd.VerifiesOTP() {
			continue
		}
		a, ok := res.Get(fd.ID)
		if !ok {
			continue
		}
		mobile, _ := a.Value.(string)
		code := strings.TrimSpace(iranformat.Digits(codes[fd.ID]))
		if code == "" {
			refused = append(refused, answers.NewFieldError(fd.ID, ReasonOTPRequired,
				domain.T("confirm this number with the code sent to it by SMS; ask for a code first")))
			continue
		}
		out, left, r, err := s.otp.take(ctx, f.ID, fd.ID, mobile, code, now)
		if err != nil {
			restore()
			return nil, nil, err
		}
		switch out {
		case otpOK:
			if verified == nil {
				verified = map[string]bool{}
			}
			verified[fd.ID] = true
			restores = append(restores, r)
		case otpWrong:
			triesLeft[fd.ID] = left
			refused = append(refused, answers.NewFieldError(fd.ID, ReasonOTPWrong, domain.T("the code is not right; %d tries left", left)))
		case otpExpired, otpNone:
			refused = append(refused, answers.NewFieldError(fd.ID, ReasonOTPExpired,
				domain.T("the code has expired or was not sent to this number; ask for a new code")))
		case otpBurnt:
			refused = append(refused, answers.NewFieldError(fd.ID, ReasonOTPBurnt,
				domain.T("the code was entered wrong too many times and no longer works; ask for a new code")))
		}
	}
	if len(refused) > 0 {
		restore()
		e := answers.Invalid(refused)
		if len(triesLeft) > 0 {
			e = e.With("tries_left", triesLeft)
		}
		return nil, nil, e
	}
	return verified, restore, nil
}
