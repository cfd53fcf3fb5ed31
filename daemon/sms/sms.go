// Package sms sends text messages through the Iranian providers site
// admins use: Kavenegar, Melipayamak, IPPanel (FarazSMS) and Ghasedak,
// each through its documented HTTP API. One Provider interface covers a
// plain message, a pattern (template) message with named parameters and
// the account's credit; every provider's error answers become one small
// set of typed errors (Error) with messages in Persian and English. The
// site's provider, key and sender are kept by Service (sms.settings.get,
// sms.settings.set, sms.test).
package sms

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/iranformat"
	"github.com/arshline/arshline-sidecar/daemon/llm"
)

// Provider sends messages through one provider's account.
type Provider interface {
	// Name is the provider's name as Names lists it.
	Name() string
	// Send sends text to one Iranian mobile number (any way a person
	// writes one) and returns the provider's message id.
	Send(ctx context.Context, to, text string) (messageID string, err error)
	// SendPattern sends an approved pattern (template) message: the
	// provider fills the pattern's placeholders with the parameters.
	SendPattern(ctx context.Context, to string, p Pattern) (messageID string, err error)
	// Balance is the account's remaining credit.
	Balance(ctx context.Context) (Balance, error)
}

// Pattern names an approved template and the values of its
// placeholders. Params keep their order: Melipayamak fills its
// placeholders by position, the others by name.
type Pattern struct {
	Code   string  `json:"code"`
	Params []Param `json:"params"`
}

// Param is one placeholder's name and value.
type Param struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Balance is the credit left on the account, in the provider's own unit:
// "rial" when the provider says so, else "credit" (the panel's own
// units) or "sms" (messages).
type Balance struct {
	Amount float64 `json:"amount"`
	Unit   string  `json:"unit"`
}

// The providers' names.
const (
	Kavenegar   = "kavenegar"
	Melipayamak = "melipayamak"
	IPPanel     = "ippanel"
	Ghasedak    = "ghasedak"
)

// Names lists the providers New knows.
var Names = []string{Kavenegar, Melipayamak, IPPanel, Ghasedak}

// DefaultBaseURL is where each provider's API lives; Config.BaseURL
// replaces it for a loopback fake or a self-hosted gateway.
var DefaultBaseURL = map[string]string{
	Kavenegar:   "https://api.kavenegar.com",
	Melipayamak: "https://rest.payamak-panel.com",
	IPPanel:     "https://edge.ippanel.com/v1",
	Ghasedak:    "https://gw.ghasedak.me/Rest/api/v1/WebService",
}

// Config builds one provider's client.
type Config struct {
	Provider string
	// APIKey is the account's key; for Melipayamak "username:password"
	// (the web-service password or the panel's API key in its place).
	APIKey string
	// Sender is the line the messages leave from.
	Sender string
	// BaseURL replaces DefaultBaseURL[Provider] when set.
	BaseURL string
	// AllowHTTPHosts are hosts the provider may be reached at over plain
	// http besides loopback (--sms-allow-http-host).
	AllowHTTPHosts []string
	// Timeout bounds one request; DefaultTimeout when zero.
	Timeout time.Duration
}

// DefaultTimeout bounds one request to a provider.
const DefaultTimeout = 15 * time.Second

// maxAnswerBytes bounds what is read of a provider's answer: every
// documented answer is a few hundred bytes.
const maxAnswerBytes = 64 << 10

// New builds the client of cfg.Provider.
func New(cfg Config) (Provider, error) {
	base := cfg.BaseURL
	if base == "" {
		base = DefaultBaseURL[cfg.Provider]
	}
	if err := CheckBaseURL(base, cfg.AllowHTTPHosts); err != nil {
		return nil, err
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	h := &httpClient{
		provider: cfg.Provider,
		base:     strings.TrimRight(base, "/"),
		key:      cfg.APIKey,
		client: &http.Client{
			Timeout: timeout,
			// A redirect could carry the key (in Kavenegar's path, in the
			// others' headers) to a host nobody chose: none is followed.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	switch cfg.Provider {
	case Kavenegar:
		return &kavenegar{h: h, sender: cfg.Sender}, nil
	case Melipayamak:
		user, pass, ok := strings.Cut(cfg.APIKey, ":")
		if !ok || user == "" || pass == "" {
			return nil, errors.New("melipayamak: the key is the web service's username:password")
		}
		h.secrets = []string{pass}
		return &melipayamak{h: h, user: user, pass: pass, sender: cfg.Sender}, nil
	case IPPanel:
		return &ippanel{h: h, sender: cfg.Sender}, nil
	case Ghasedak:
		return &ghasedak{h: h, sender: cfg.Sender}, nil
	}
	return nil, fmt.Errorf("unknown SMS provider %q (known: %s)", cfg.Provider, strings.Join(Names, ", "))
}

// CheckBaseURL allows https anywhere and plain http only on loopback or
// to a host the operator named (--sms-allow-http-host), so a key is
// never sent in clear over a network nobody chose. It is the model
// server's rule (llm.IsLoopback, llm.PlainHTTPAllowed).
func CheckBaseURL(raw string, allowHTTP []string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("SMS base URL %q is not an absolute URL", raw)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if h := u.Hostname(); llm.IsLoopback(h) || strings.HasPrefix(h, "127.") || llm.PlainHTTPAllowed(h, allowHTTP) {
			return nil
		}
		return fmt.Errorf("SMS base URL %q: plain http is allowed only on loopback or to a host named with --sms-allow-http-host; use https", raw)
	}
	return fmt.Errorf("SMS base URL %q: scheme must be https", raw)
}

// Receiver normalises an Iranian mobile number to 09121234567 with the
// project's one normaliser; anything else is an invalid receiver, refused
// before any request leaves.
func Receiver(s string) (string, error) {
	n, err := iranformat.Mobile(s)
	if err != nil {
		return "", &Error{Kind: KindInvalidReceiver, local: true, Err: err}
	}
	return n, nil
}

// e164 is 09121234567 as +989121234567.
func e164(mobile string) string { return "+98" + strings.TrimPrefix(mobile, "0") }

// httpClient is the part every provider shares: one base URL, bounded
// answers, and failures that never carry the key.
type httpClient struct {
	provider string
	base     string
	key      string
	// secrets are what never leaves in an error besides the key (the
	// password inside Melipayamak's user:password).
	secrets []string
	client  *http.Client
}

// answer is a provider's HTTP answer.
type answer struct {
	status int
	body   []byte
}

// do sends one request; a failure to get an answer at all is an
// unreachable Error.
func (h *httpClient) do(ctx context.Context, method, path, contentType string, body io.Reader, header map[string]string) (*answer, error) {
	req, err := http.NewRequestWithContext(ctx, method, h.base+path, body)
	if err != nil {
		return nil, h.fail(KindBadAnswer, 0, "", "", err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		kind := KindUnreachable
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return nil, h.fail(kind, 0, "", "", h.scrub(err))
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return nil, h.fail(KindUnreachable, resp.StatusCode, "", "", h.scrub(err))
	}
	return &answer{status: resp.StatusCode, body: b}, nil
}

// scrub removes the key from an error's text: net/http names the URL,
// and Kavenegar's URL holds the key.
func (h *httpClient) scrub(err error) error {
	if err == nil {
		return nil
	}
	if s := h.hide(err.Error()); s != err.Error() {
		return errors.New(s)
	}
	return err
}

// hide replaces the key and the other secrets in s.
func (h *httpClient) hide(s string) string {
	for _, secret := range append([]string{h.key}, h.secrets...) {
		if secret != "" {
			s = strings.ReplaceAll(s, secret, "[key]")
		}
	}
	return s
}

// fail builds the Error of one failed request.
func (h *httpClient) fail(kind Kind, status int, code, message string, err error) *Error {
	message = h.hide(message)
	if r := []rune(strings.Join(strings.Fields(message), " ")); len(r) > 200 {
		message = string(r[:200]) + "…"
	} else {
		message = string(r)
	}
	return &Error{Provider: h.provider, Kind: kind, HTTPStatus: status, Code: code, Message: message, Err: err}
}

// byHTTPStatus classes an answer by its HTTP status alone, for answers
// whose body says nothing a provider documents: 401/403 a refused key,
// 429 a rate limit, 5xx the provider's failure.
func byHTTPStatus(status int) (Kind, bool) {
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return KindInvalidKey, true
	case status == http.StatusTooManyRequests:
		return KindRateLimited, true
	case status >= 500:
		return KindServerError, true
	}
	return "", false
}
