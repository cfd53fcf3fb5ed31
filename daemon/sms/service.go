package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Service keeps the site's provider, key and sender, and serves
// sms.settings.get, sms.settings.set and sms.test.
type Service struct {
	store domain.SettingsStore
	// allowHTTP are the hosts a base URL may name over plain http
	// besides loopback (--sms-allow-http-host).
	allowHTTP []string
	// Timeout bounds one request to the provider; DefaultTimeout when
	// zero.
	Timeout time.Duration
}

// NewService returns the service of the settings in store.
func NewService(store domain.SettingsStore, allowHTTPHosts []string) *Service {
	return &Service{store: store, allowHTTP: allowHTTPHosts}
}

// settingName is the settings row of the site's SMS provider.
const settingName = "sms_config"

// settings is that row: the key is kept in the daemon's own 0600
// database and never sent back to anyone.
type settings struct {
	Provider string `json:"provider"`
	APIKey   string `json:"api_key"`
	Sender   string `json:"sender"`
	BaseURL  string `json:"base_url,omitempty"`
	// AdminMobile is where notifications "to": "admin" are texted.
	AdminMobile string `json:"admin_mobile,omitempty"`
	// OTPPattern, when set, sends verification codes as this approved
	// pattern instead of a plain text.
	OTPPattern *OTPPattern `json:"otp_pattern,omitempty"`
}

// OTPPattern is the provider's approved pattern verification codes are
// sent with (Kavenegar's verify/lookup template, Melipayamak's bodyId,
// IPPanel's and Ghasedak's pattern code or template name) and the name of
// the parameter the code fills (token, code, …; by position for
// Melipayamak).
type OTPPattern struct {
	Code  string `json:"code"`
	Param string `json:"param,omitempty"`
}

// Info is what an administrator may see of the settings: never the key.
type Info struct {
	Configured bool   `json:"configured"`
	Provider   string `json:"provider,omitempty"`
	Sender     string `json:"sender,omitempty"`
	// BaseURL is empty when the provider's own API is used.
	BaseURL string `json:"base_url,omitempty"`
	KeySet  bool   `json:"key_set"`
	// AdminMobile is where notifications to "admin" are texted.
	AdminMobile string `json:"admin_mobile,omitempty"`
	// OTPPattern is the pattern verification codes are sent with; absent:
	// a plain text.
	OTPPattern *OTPPattern `json:"otp_pattern,omitempty"`
	// Providers lists the providers sms.settings.set accepts.
	Providers []string `json:"providers"`
	// Balance is the account's credit when it was asked for and the
	// provider answered; BalanceError the provider's refusal otherwise
	// (in error.data's shape, which the wiring fills in).
	Balance      *Balance       `json:"balance,omitempty"`
	BalanceError map[string]any `json:"balance_error,omitempty"`
	// BalanceFailure is the refusal BalanceError is made from.
	BalanceFailure *domain.Error `json:"-"`
}

// GetParams are sms.settings.get's: balance asks the provider for the
// account's credit too.
type GetParams struct {
	Balance bool `json:"balance,omitempty"`
}

// SetParams are sms.settings.set's: an absent api_key keeps the key in
// use, which only works while the provider stays the same.
type SetParams struct {
	Provider    string      `json:"provider"`
	APIKey      *string     `json:"api_key,omitempty"`
	Sender      string      `json:"sender"`
	BaseURL     string      `json:"base_url,omitempty"`
	AdminMobile string      `json:"admin_mobile,omitempty"`
	OTPPattern  *OTPPattern `json:"otp_pattern,omitempty"`
}

// TestParams are sms.test's: the number the test text goes to.
type TestParams struct {
	To string `json:"to"`
}

// TestResult is sms.test's answer.
type TestResult struct {
	Sent      bool   `json:"sent"`
	Provider  string `json:"provider"`
	MessageID string `json:"message_id"`
	// To is the receiver as it was sent, masked (0912***4567).
	To string `json:"to"`
}

// TestText is the text sms.test sends, in Persian as the site's texts are.
var TestText = messages.Render(domain.LocaleFA, domain.T("Arshline test message: the SMS settings are right."))

func (s *Service) load(ctx context.Context) (*settings, error) {
	raw, ok, err := s.store.Setting(ctx, settingName)
	if err != nil || !ok {
		return nil, err
	}
	var c settings
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("settings %s: %w", settingName, err)
	}
	return &c, nil
}

// Get serves sms.settings.get; with balance, the credit comes from the
// provider, and a provider that fails leaves the settings readable.
func (s *Service) Get(ctx context.Context, p GetParams) (Info, error) {
	c, err := s.load(ctx)
	if err != nil {
		return Info{}, err
	}
	in := info(c)
	if !p.Balance || c == nil {
		return in, nil
	}
	prov, err := New(s.config(*c))
	if err == nil {
		var b Balance
		if b, err = prov.Balance(ctx); err == nil {
			in.Balance = &b
			return in, nil
		}
	}
	in.BalanceFailure = domain.AsError(err)
	return in, nil
}

func info(c *settings) Info {
	in := Info{Providers: Names}
	if c != nil {
		in.Configured, in.Provider, in.Sender, in.BaseURL, in.KeySet = true, c.Provider, c.Sender, c.BaseURL, c.APIKey != ""
		in.AdminMobile, in.OTPPattern = c.AdminMobile, c.OTPPattern
	}
	return in
}

func invalid(param string, text domain.Text) *domain.Error {
	return domain.InvalidParams(text.Key, text.Args...).With("param", param)
}

// Set serves sms.settings.set: it checks the settings, keeps them with an
// audit row that names no key, and answers what sms.settings.get would.
func (s *Service) Set(ctx context.Context, p SetParams) (Info, error) {
	cur, err := s.load(ctx)
	if err != nil {
		return Info{}, err
	}
	c := settings{Provider: strings.ToLower(strings.TrimSpace(p.Provider)), Sender: strings.TrimSpace(p.Sender), BaseURL: strings.TrimSpace(p.BaseURL)}
	if _, ok := DefaultBaseURL[c.Provider]; !ok {
		return Info{}, invalid("provider", domain.T("unknown SMS provider; choose one of: %s", domain.List(Names)))
	}
	switch {
	case p.APIKey != nil:
		c.APIKey = strings.TrimSpace(*p.APIKey)
	case cur != nil && cur.Provider == c.Provider:
		c.APIKey = cur.APIKey
	}
	if c.APIKey == "" || len(c.APIKey) > 500 || strings.ContainsAny(c.APIKey, " \t\r\n") {
		return Info{}, invalid("api_key", domain.T("api_key is required (at most 500 characters, no spaces)"))
	}
	if !validSender(c.Sender) || c.Sender == "" && c.Provider != Kavenegar {
		return Info{}, invalid("sender", domain.T("sender is the line messages leave from: digits, perhaps after a +, at most 20"))
	}
	if len(c.BaseURL) > 500 {
		return Info{}, invalid("base_url", domain.T("base_url is at most 500 characters"))
	}
	if c.BaseURL != "" {
		if err := CheckBaseURL(c.BaseURL, s.allowHTTP); err != nil {
			return Info{}, invalid("base_url",
				domain.T("the base URL must be https, or http on this host or to a host named with --sms-allow-http-host")).With("reason", err.Error())
		}
	}
	if a := strings.TrimSpace(p.AdminMobile); a != "" {
		m, err := Receiver(a)
		if err != nil {
			return Info{}, invalid("admin_mobile", domain.T("admin_mobile is the site's own mobile number, such as 09121234567"))
		}
		c.AdminMobile = m
	}
	if op := p.OTPPattern; op != nil {
		o := OTPPattern{Code: strings.TrimSpace(op.Code), Param: strings.TrimSpace(op.Param)}
		if o.Param == "" {
			o.Param = defaultOTPParam[c.Provider]
		}
		if o.Code == "" || len(o.Code) > 100 || strings.ContainsAny(o.Code, "\r\n\t") || len(o.Param) > 32 || !paramName(o.Param) {
			return Info{}, invalid("otp_pattern", domain.T("otp_pattern is {code, param?}: the approved pattern's code (at most 100 characters) and the name of the parameter the code fills"))
		}
		c.OTPPattern = &o
	}
	if _, err := New(s.config(c)); err != nil {
		// Melipayamak's key is username:password.
		return Info{}, invalid("api_key", domain.T("the key cannot be used: %s", err.Error()))
	}
	raw, _ := json.Marshal(c)
	actor := domain.ActorFrom(ctx)
	details, _ := json.Marshal(map[string]any{"provider": c.Provider, "sender": c.Sender, "base_url": c.BaseURL, "key_set": true,
		"admin_mobile_set": c.AdminMobile != "", "otp_pattern": c.OTPPattern,
		"key_changed": cur == nil || cur.APIKey != c.APIKey})
	if err := s.store.PutSetting(ctx, actor.Site(), settingName, raw, &domain.AuditEntry{
		ReqID: domain.RequestIDFrom(ctx), Actor: actor.UserID, Action: "sms.settings.set", Details: details}); err != nil {
		return Info{}, err
	}
	return info(&c), nil
}

// defaultOTPParam is the parameter a verification code fills when the
// administrator names none: Kavenegar's verify/lookup takes "token"; the
// others' patterns are named by their authors, "code" being the usual.
var defaultOTPParam = map[string]string{Kavenegar: "token", Melipayamak: "0", IPPanel: "code", Ghasedak: "code"}

// paramName: a pattern parameter's name as the providers take them.
func paramName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// AdminMobile is the number notifications to "admin" are texted to;
// UNAVAILABLE when none is set.
func (s *Service) AdminMobile(ctx context.Context) (string, error) {
	c, err := s.load(ctx)
	if err != nil {
		return "", err
	}
	if c == nil || c.AdminMobile == "" {
		return "", domain.Errorf(domain.CodeUnavailable, "no admin mobile is set; enter the site's own mobile number in the plugin's SMS settings").With("kind", "no_admin_mobile")
	}
	return c.AdminMobile, nil
}

// OTP is the pattern verification codes are sent with; nil: a plain
// text.
func (s *Service) OTP(ctx context.Context) (*OTPPattern, error) {
	c, err := s.load(ctx)
	if err != nil || c == nil {
		return nil, err
	}
	return c.OTPPattern, nil
}

// Configured reports whether the site has an SMS provider.
func (s *Service) Configured(ctx context.Context) (bool, error) {
	c, err := s.load(ctx)
	return c != nil, err
}

// validSender: a line number, as the providers write them (10004346,
// 50004001464354, +983000505). Kavenegar alone may go without one: it
// then uses the account's default line.
func validSender(s string) bool {
	d := strings.TrimPrefix(s, "+")
	return len(d) <= 20 && (d == "" && s == "" || allDigits(d))
}

func (s *Service) config(c settings) Config {
	return Config{Provider: c.Provider, APIKey: c.APIKey, Sender: c.Sender, BaseURL: c.BaseURL, AllowHTTPHosts: s.allowHTTP, Timeout: s.Timeout}
}

// Provider is the site's configured provider, for whatever sends
// messages; UNAVAILABLE when none is configured.
func (s *Service) Provider(ctx context.Context) (Provider, error) {
	c, err := s.load(ctx)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, domain.Errorf(domain.CodeUnavailable, "no SMS provider is configured; choose one in the plugin's SMS settings").With("kind", "not_configured")
	}
	p, err := New(s.config(*c))
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Test serves sms.test: a plain test text to one number through the
// configured provider; the provider's message id, or its refusal mapped.
func (s *Service) Test(ctx context.Context, p TestParams) (TestResult, error) {
	to, err := Receiver(p.To)
	if err != nil {
		return TestResult{}, domain.AsError(err)
	}
	prov, err := s.Provider(ctx)
	if err != nil {
		return TestResult{}, err
	}
	id, err := prov.Send(ctx, to, TestText)
	if err != nil {
		return TestResult{}, domain.AsError(err)
	}
	return TestResult{Sent: true, Provider: prov.Name(), MessageID: id, To: Mask(to)}, nil
}

// Mask hides the middle of a mobile number (0912***4567), for answers and
// logs that need to say which number without keeping it.
func Mask(mobile string) string {
	if len(mobile) < 8 {
		return "***"
	}
	return mobile[:4] + "***" + mobile[len(mobile)-4:]
}
