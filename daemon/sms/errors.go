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
var providerNames = map[string][2]string{
	Kavenegar:   {"Kavenegar", "کاوه‌نگار"},
	Melipayamak: {"Melipayamak", "ملی‌پیامک"},
	IPPanel:     {"IPPanel (FarazSMS)", "آی‌پی‌پنل (فراز اس‌ام‌اس)"},
	Ghasedak:    {"Ghasedak", "قاصدک"},
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
		return domain.Wrap(domain.CodeInvalidParams, e, "the receiver: "+kind.MessageEN(), "گیرنده: "+kind.MessageFA()).
			With("param", "to").With("kind", string(KindInvalidReceiver))
	}
	n, ok := providerNames[e.Provider]
	if !ok {
		n = [2]string{"the SMS provider", "سامانهٔ پیامک"}
	}
	en, fa := n[0], n[1]
	code := domain.CodeUnavailable
	var msgEN, msgFA string
	switch e.Kind {
	case KindInvalidKey:
		msgEN = en + " refused the API key (or the account is disabled, or this server's address is not allowed); check the key in the SMS settings"
		msgFA = fa + " کلید API را نپذیرفت (یا حساب غیرفعال است یا نشانی این سرور مجاز نیست)؛ کلید را در تنظیمات پیامک بررسی کنید"
	case KindInvalidSender:
		msgEN = en + " refused the sender line; enter a line of your account in the SMS settings"
		msgFA = fa + " خط فرستنده را نپذیرفت؛ یکی از خطوط حساب خود را در تنظیمات پیامک وارد کنید"
	case KindInvalidReceiver:
		code = domain.CodeInvalidParams
		msgEN = en + " refused the receiver's number (invalid, or blocked from receiving such messages)"
		msgFA = fa + " شمارهٔ گیرنده را نپذیرفت (نامعتبر است یا دریافت این پیامک‌ها برایش مسدود است)"
	case KindNoCredit:
		msgEN = "the " + en + " account has no credit left; top it up in the provider's panel"
		msgFA = "اعتبار حساب " + fa + " تمام شده است؛ آن را در پنل سامانه افزایش دهید"
	case KindPatternNotApproved:
		msgEN = en + " has no approved pattern with this code, or its parameters do not fit it; check the pattern in the provider's panel"
		msgFA = fa + " الگوی تأییدشده‌ای با این کد ندارد یا پارامترها با الگو نمی‌خوانند؛ الگو را در پنل سامانه بررسی کنید"
	case KindRateLimited:
		code = domain.CodeRateLimit
		msgEN = en + " is limiting this account's messages; try again later"
		msgFA = fa + " ارسال پیامک این حساب را محدود کرده است؛ کمی بعد دوباره تلاش کنید"
	case KindRejected:
		msgEN = en + " refused the message"
		msgFA = fa + " پیامک را نپذیرفت"
		if e.Message != "" {
			msgEN += ": " + e.Message
			msgFA += ": " + e.Message
		}
	case KindServerError:
		msgEN = en + " failed or is under maintenance; try again shortly"
		msgFA = fa + " با خطا روبه‌رو شد یا در حال به‌روزرسانی است؛ کمی بعد دوباره تلاش کنید"
	case KindUnreachable:
		msgEN = en + " cannot be reached; check the server's network and the base URL, then try again"
		msgFA = fa + " در دسترس نیست؛ شبکهٔ سرور و نشانی پایه را بررسی کنید و دوباره تلاش کنید"
	default:
		msgEN = en + " answered in a way the daemon does not understand; try again, and check the base URL"
		msgFA = fa + " پاسخی داد که سرویس آن را نمی‌فهمد؛ دوباره تلاش کنید و نشانی پایه را بررسی کنید"
	}
	d := domain.Wrap(code, e, msgEN, msgFA).With("kind", string(e.Kind)).With("provider", e.Provider)
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
