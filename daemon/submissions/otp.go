package submissions

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
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

// OTP codes are kept in memory, bounded, not in the database: a code
// lives minutes, and writing each send and each try would put an fsync
// on the one shared writer for every text a visitor asks for. A restart
// forgets the codes (the respondent asks for a new one). No code is kept
// in clear: only its HMAC under a key made at start. The hourly and
// daily counts are in memory on one host (a restart, the operator's act,
// forgets them); hosts sharing a MariaDB or MySQL store keep them there
// (Config.SharedLimits), so that the hosts together text no more than
// each budget.
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
	// maxOTPCodes bounds the codes held at once, and maxOTPKeys the
	// numbers, clients, forms and sites counted: both are keyed by what
	// visitors send.
	maxOTPCodes = 20000
	maxOTPKeys  = 50000
	otpDigits   = 6
)

// Refusal reasons of OTP (error.data.fields[].code of the mobile field).
const (
	ReasonOTPRequired = "otp_required"
	ReasonOTPWrong    = "otp_wrong"
	ReasonOTPExpired  = "otp_expired"
	ReasonOTPBurnt    = "otp_too_many_tries"
)

// otpCode is one code sent: its keyed hash, when it stops being valid,
// the tries left.
type otpCode struct {
	hash    [32]byte
	expires time.Time
	tries   int
}

// otpResend is when a number may get its next text on one form's
// field, and how many it got in the hour.
type otpResend struct {
	next  time.Time
	sends int
	since time.Time
}

// otpBook holds the codes sent and the counts that bound the texts.
type otpBook struct {
	key []byte

	mu      sync.Mutex
	codes   map[string]*otpCode
	resends map[string]*otpResend
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

func newOTPBook(cfg Config) *otpBook {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return &otpBook{key: key, codes: map[string]*otpCode{}, resends: map[string]*otpResend{},
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
// the number on that field, then the number's, the client's, the
// form's and the site's counts.
func (b *otpBook) admit(site, formID int64, field, mobile, client string, now time.Time) *otpLimit {
	b.mu.Lock()
	key := codeKey(formID, field, mobile)
	if r := b.resends[key]; r != nil && now.Before(r.next) {
		b.mu.Unlock()
		return &otpLimit{"resend", r.next.Sub(now)}
	}
	keys := []otpCount{
		{"mobile", b.perMobile, fmt.Sprintf("%d\x00%s", site, mobile)},
		{"client", b.perClient, fmt.Sprintf("%d\x00%s", site, client)},
		{"form", b.perForm, fmt.Sprint(formID)},
		{"site", b.perSite, fmt.Sprint(site)},
	}
	if b.shared != nil {
		b.mu.Unlock()
		return b.admitShared(keys, now)
	}
	defer b.mu.Unlock()
	for _, k := range keys {
		if d := k.w.wait(k.key, now); d > 0 {
			return &otpLimit{k.name, d}
		}
	}
	for _, k := range keys {
		k.w.add(k.key, now)
	}
	return nil
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

// keep holds code as the one valid code of mobile on form's field,
// replacing any earlier one, and returns the wait before the next text.
func (b *otpBook) keep(formID int64, field, mobile, code string, cfg Config, now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	key := codeKey(formID, field, mobile)
	if len(b.codes) >= maxOTPCodes {
		for k, c := range b.codes {
			if !now.Before(c.expires) {
				delete(b.codes, k)
			}
		}
		for k, r := range b.resends {
			if now.Sub(r.since) >= time.Hour && !now.Before(r.next) {
				delete(b.resends, k)
			}
		}
	}
	if _, held := b.codes[key]; !held && len(b.codes) >= maxOTPCodes {
		// Every code held is still valid: the oldest-expiring one goes,
		// since the per-site and per-form counts already bound how fast
		// codes come.
		var oldest string
		for k, c := range b.codes {
			if oldest == "" || c.expires.Before(b.codes[oldest].expires) {
				oldest = k
			}
		}
		delete(b.codes, oldest)
	}
	b.codes[key] = &otpCode{hash: b.hash(key, code), expires: now.Add(cfg.OTPTTL), tries: cfg.OTPTries}
	r := b.resends[key]
	if r == nil || now.Sub(r.since) >= time.Hour {
		r = &otpResend{since: now}
		b.resends[key] = r
	}
	r.sends++
	wait := cfg.OTPResendAfter << min(r.sends-1, 10)
	if wait > maxOTPResendWait || wait <= 0 {
		wait = maxOTPResendWait
	}
	r.next = now.Add(wait)
	return wait
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
// is taken (one use) and restore puts it back, for a submission that is
// then not stored; a wrong one spends a try, and the last try burns the
// code.
func (b *otpBook) take(formID int64, field, mobile, code string, now time.Time) (out otpOutcome, triesLeft int, restore func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	key := codeKey(formID, field, mobile)
	c := b.codes[key]
	switch {
	case c == nil:
		return otpNone, 0, nil
	case !now.Before(c.expires):
		delete(b.codes, key)
		return otpExpired, 0, nil
	}
	h := b.hash(key, code)
	if !hmac.Equal(h[:], c.hash[:]) {
		c.tries--
		if c.tries <= 0 {
			delete(b.codes, key)
			return otpBurnt, 0, nil
		}
		return otpWrong, c.tries, nil
	}
	delete(b.codes, key)
	return otpOK, c.tries, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if _, newer := b.codes[key]; !newer {
			b.codes[key] = c
		}
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
	if lim := s.otp.admit(f.SiteID, f.ID, fd.ID, mobile, client, now); lim != nil {
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
	wait := s.otp.keep(f.ID, fd.ID, mobile, code, s.cfg, now)
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
// stored after all). On any refusal no code is taken.
func (s *Service) checkOTP(f *domain.Form, doc *document.Document, res answers.Result, codes map[string]string) (verified map[string]bool, restore func(), err error) {
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
		out, left, r := s.otp.take(f.ID, fd.ID, mobile, code, now)
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
