package sms

import (
	"fmt"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
)

// Kind is what went wrong with a send, whatever the provider: the few
// cases an administrator acts on differently. The strings are stable:
// they travel in error.data.kind.
type Kind string

const (
	// KindInvalidKey: the provider refused the key (or the account is
	// disabled, or this server's address is not allowed to use it).
	KindInvalidKey Kind = "invalid_key"
	// KindInvalidSender: the sender line is not the account's.
	KindInvalidSender Kind = "invalid_sender"
	// KindInvalidReceiver: the number is not a mobile number, or the
	// provider refused it (invalid, or on the operators' block list).
	KindInvalidReceiver Kind = "invalid_receiver"
	// KindNoCredit: the account has no credit left for the message.
	KindNoCredit Kind = "no_credit"
	// KindPatternNotApproved: the pattern does not exist or is not yet
	// approved, or its parameters do not fit it.
	KindPatternNotApproved Kind = "pattern_not_approved"
	// KindRateLimited: the provider is limiting this account's sends.
	KindRateLimited Kind = "rate_limited"
	// KindRejected: the provider refused the message for another reason
	// it states (a filtered word, a link, an incomplete account).
	KindRejected Kind = "rejected"
	// KindServerError: the provider failed or is under maintenance.
	KindServerError Kind = "server_error"
	// KindUnreachable: no answer at all (refused, DNS, timeout).
	KindUnreachable Kind = "unreachable"
	// KindBadAnswer: an answer that is not the documented one.
	KindBadAnswer Kind = "bad_answer"
)

// Error is one failed request to a provider.
type Error struct {
	Provider string
	Kind     Kind
	// HTTPStatus is the answer's HTTP status, 0 when none arrived.
	HTTPStatus int
	// Code is the provider's own error code as it sent it, if any.
	Code string
	// Message is the provider's own words, bounded and without the key:
	// shown to the administrator as text, and logged.
	Message string
	Err     error
	// local marks a refusal before any request left (a number that is
	// not an Iranian mobile number).
	local bool
}

func (e *Error) Error() string {
	s := "sms"
	if e.Provider != "" {
		s += " " + e.Provider
	}
	s += ": " + string(e.Kind)
	if e.HTTPStatus != 0 {
		s += fmt.Sprintf(" (HTTP %d)", e.HTTPStatus)
	}
	if e.Code != "" {
		s += " code " + e.Code
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Retryable reports whether the same message may go through later
// unchanged: a rate limit, the provider's failure, no answer.
func (e *Error) Retryable() bool {
	switch e.Kind {
	case KindRateLimited, KindServerError, KindUnreachable:
		return true
	}
	return false
}

// providerNames are the providers as an administrator knows them.
var providerNames = map[string]domain.Text{
	Kavenegar:   domain.T("Kavenegar"),
	Melipayamak: domain.T("Melipayamak"),
	IPPanel:     domain.T("IPPanel (FarazSMS)"),
	Ghasedak:    domain.T("Ghasedak"),
}

// Domain is the error the administrator sees: an invalid receiver is
// INVALID_PARAMS, a rate limit RATE_LIMIT, everything else UNAVAILABLE;
// data.kind says which case, data.provider_message the provider's words.
func (e *Error) Domain() *domain.Error {
	if e.local {
		kind := iranformat.KindMobile
		if fe, ok := e.Err.(*iranformat.Error); ok {
			kind = fe.Kind
		}
		return domain.Wrap(domain.CodeInvalidParams, e, "the receiver: %s", kind.Text()).
			With("param", "to").With("kind", string(KindInvalidReceiver))
	}
	name, ok := providerNames[e.Provider]
	if !ok {
		name = domain.T("the SMS provider")
	}
	code := domain.CodeUnavailable
	var msg domain.Text
	switch e.Kind {
	case KindInvalidKey:
		msg = domain.T("%s refused the API key (or the account is disabled, or this server's address is not allowed); check the key in the SMS settings", name)
	case KindInvalidSender:
		msg = domain.T("%s refused the sender line; enter a line of your account in the SMS settings", name)
	case KindInvalidReceiver:
		code = domain.CodeInvalidParams
		msg = domain.T("%s refused the receiver's number (invalid, or blocked from receiving such messages)", name)
	case KindNoCredit:
		msg = domain.T("the %s account has no credit left; top it up in the provider's panel", name)
	case KindPatternNotApproved:
		msg = domain.T("%s has no approved pattern with this code, or its parameters do not fit it; check the pattern in the provider's panel", name)
	case KindRateLimited:
		code = domain.CodeRateLimit
		msg = domain.T("%s is limiting this account's messages; try again later", name)
	case KindRejected:
		msg = domain.T("%s refused the message", name)
		if e.Message != "" {
			msg = domain.T("%s refused the message: %s", name, e.Message)
		}
	case KindServerError:
		msg = domain.T("%s failed or is under maintenance; try again shortly", name)
	case KindUnreachable:
		msg = domain.T("%s cannot be reached; check the server's network and the base URL, then try again", name)
	default:
		msg = domain.T("%s answered in a way the daemon does not understand; try again, and check the base URL", name)
	}
	d := domain.Wrap(code, e, msg.Key, msg.Args...).With("kind", string(e.Kind)).With("provider", e.Provider)
	if e.Code != "" {
		d = d.With("provider_code", e.Code)
	}
	if e.Message != "" {
		d = d.With("provider_message", e.Message)
	}
	if code == domain.CodeRateLimit {
		d = d.With("retry_after_sec", 60)
	}
	return d
}
