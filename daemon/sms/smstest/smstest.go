// Package smstest runs loopback fakes of the SMS providers daemon/sms
// speaks to: Kavenegar, Melipayamak, IPPanel and Ghasedak. Each listens
// on 127.0.0.1, checks the key where its provider takes it, reads the
// body the way the provider documents it (a form, JSON), keeps an
// account (credit, approved patterns, blocked numbers, its sender line),
// and answers with the provider's documented success and error bodies;
// Throttle and Break make the next requests rate-limited or failing, so
// every error the client maps comes through real HTTP. Each provider's
// file names the page its requests and answers follow.
package smstest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Fake is one provider's account behind a loopback server.
type Fake struct {
	// Provider is the provider's name (sms.Kavenegar, …).
	Provider string
	// Key is the key the account accepts (Melipayamak: "user:pass").
	Key string
	// Sender is the account's line.
	Sender string

	srv     *httptest.Server
	handler func(f *Fake, w http.ResponseWriter, r *http.Request, body []byte)

	mu       sync.Mutex
	credit   int
	blocked  map[string]bool
	patterns map[string][]string // approved: code → parameter names
	pending  map[string]bool     // submitted, not approved
	filtered []string            // words the provider's filter refuses
	throttle int
	broken   int
	nextID   int64
	requests []Request
	sent     []Message
}

// Request is one request as it arrived.
type Request struct {
	Method      string
	Path        string
	ContentType string
	Header      http.Header
	Body        string
}

// Message is one message the fake accepted.
type Message struct {
	ID      string
	To      string // as the provider received it
	Text    string
	Pattern string
	Params  map[string]string
}

// New starts the fake of provider on loopback; it stops when the test
// ends. The account starts with credit for 100 messages.
func New(t testing.TB, provider, key, sender string) *Fake {
	t.Helper()
	f := &Fake{Provider: provider, Key: key, Sender: sender, credit: 100,
		blocked: map[string]bool{}, patterns: map[string][]string{}, pending: map[string]bool{}, nextID: 8792343}
	switch provider {
	case "kavenegar":
		f.handler = kavenegar
	case "melipayamak":
		f.handler = melipayamak
	case "ippanel":
		f.handler = ippanel
	case "ghasedak":
		f.handler = ghasedak
	default:
		t.Fatalf("smstest: no fake of %q", provider)
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// URL is the base URL to configure the client with.
func (f *Fake) URL() string { return f.srv.URL }

// SetCredit sets how many messages the account can still pay for.
func (f *Fake) SetCredit(messages int) { f.mu.Lock(); f.credit = messages; f.mu.Unlock() }

// Block makes the provider refuse a receiver (09… form) as blocked.
func (f *Fake) Block(mobile string) { f.mu.Lock(); f.blocked[mobile] = true; f.mu.Unlock() }

// Approve adds an approved pattern with its parameters' names.
func (f *Fake) Approve(code string, params ...string) {
	f.mu.Lock()
	f.patterns[code] = params
	f.mu.Unlock()
}

// Filter makes the provider refuse texts holding any of words, as the
// operators' filter of banned words does.
func (f *Fake) Filter(words ...string) {
	f.mu.Lock()
	f.filtered = append(f.filtered, words...)
	f.mu.Unlock()
}

// isFiltered reports whether text holds a filtered word.
func (f *Fake) isFiltered(text string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, w := range f.filtered {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// Submit adds a pattern that waits for the provider's approval.
func (f *Fake) Submit(code string) { f.mu.Lock(); f.pending[code] = true; f.mu.Unlock() }

// Throttle rate-limits the next n requests.
func (f *Fake) Throttle(n int) { f.mu.Lock(); f.throttle = n; f.mu.Unlock() }

// Break fails the next n requests as the provider's servers fail.
func (f *Fake) Break(n int) { f.mu.Lock(); f.broken = n; f.mu.Unlock() }

// Requests returns every request received, in order.
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.requests...)
}

// Sent returns the messages accepted, in order.
func (f *Fake) Sent() []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Message(nil), f.sent...)
}

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	f.mu.Lock()
	f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.EscapedPath(), ContentType: r.Header.Get("Content-Type"), Header: r.Header.Clone(), Body: string(body)})
	f.mu.Unlock()
	f.handler(f, w, r, body)
}

// takeFault reports whether this request is throttled or broken.
func (f *Fake) takeFault() (throttled, broken bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.throttle > 0:
		f.throttle--
		return true, false
	case f.broken > 0:
		f.broken--
		return false, true
	}
	return false, false
}

// pattern says whether code is approved (with its parameter names),
// waiting for approval, or unknown.
func (f *Fake) pattern(code string) (names []string, approved, pending bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	names, approved = f.patterns[code]
	return names, approved, f.pending[code]
}

func (f *Fake) isBlocked(mobile string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.blocked[mobile]
}

func (f *Fake) creditLeft() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.credit
}

// accept records a message, charges one credit and returns its id;
// false when the account has no credit.
func (f *Fake) accept(m Message) (int64, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.credit <= 0 {
		return 0, false
	}
	f.credit--
	f.nextID++
	m.ID = itoa(f.nextID)
	if f.Provider == "melipayamak" {
		m.ID = recID(f.nextID)
	}
	f.sent = append(f.sent, m)
	return f.nextID, true
}

// mobile09 reports whether s is 09 and nine digits.
func mobile09(s string) bool {
	if len(s) != 11 || s[:2] != "09" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// fitParams reports whether got names exactly the pattern's parameters.
func fitParams(want []string, got map[string]string) bool {
	if len(want) != len(got) {
		return false
	}
	for _, n := range want {
		if _, ok := got[n]; !ok {
			return false
		}
	}
	return true
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
