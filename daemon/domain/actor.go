package domain

import (
	"context"
	"strings"
)

// Capabilities checked by methods. They are WordPress capability names
// because the PHP shim copies them from the current WordPress user.
const (
	CapManageOptions = "manage_options"
	CapManageForms   = "manage_arshline_forms"
	CapReadForms     = "read"
)

// Locales the daemon speaks.
const (
	LocaleFA = "fa_IR"
	LocaleEN = "en_US"
)

// Actor is the person on whose behalf a call runs, as WordPress told the
// PHP shim. A call without an actor comes from a local operator (the CLI)
// whose access the socket's peer check already granted.
type Actor struct {
	UserID int64    `json:"user_id"`
	Caps   []string `json:"caps,omitempty"`
	Locale string   `json:"locale,omitempty"`
	// SiteID is the WordPress site (blog id) the call is for: every
	// method sees only that site's rows. Zero means site 1, the one site
	// of a single-site install.
	SiteID int64 `json:"site_id,omitempty"`
}

// Site returns the actor's site, 1 when none was named.
func (a Actor) Site() int64 {
	if a.SiteID <= 0 {
		return 1
	}
	return a.SiteID
}

// OperatorActor is the actor of calls made without one: a local user the
// socket's permissions and peer check already trust.
func OperatorActor(locale string) Actor {
	return Actor{UserID: 0, Caps: []string{CapManageOptions}, Locale: NormalizeLocale(locale)}
}

// Can reports whether the actor holds cap. manage_options implies every
// capability, as it does for a WordPress administrator.
func (a Actor) Can(cap string) bool {
	if cap == "" {
		return true
	}
	for _, c := range a.Caps {
		if c == cap || c == CapManageOptions {
			return true
		}
	}
	return false
}

// Label is how logs and audit rows name the actor.
func (a Actor) Label() string {
	if a.UserID == 0 {
		return "operator"
	}
	return "wp:" + itoa(a.UserID)
}

// IsPersian reports whether locale asks for Persian text.
func IsPersian(locale string) bool {
	return strings.HasPrefix(strings.ToLower(locale), "fa")
}

// NormalizeLocale maps any locale to one the daemon speaks, Persian first.
func NormalizeLocale(locale string) string {
	if locale == "" || IsPersian(locale) {
		return LocaleFA
	}
	return LocaleEN
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

type actorKey struct{}
type reqIDKey struct{}

// WithActor returns ctx carrying the actor.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom returns the actor of ctx, or the operator when none was set.
func ActorFrom(ctx context.Context) Actor {
	if a, ok := ctx.Value(actorKey{}).(Actor); ok {
		return a
	}
	return OperatorActor(LocaleFA)
}

// WithRequestID returns ctx carrying the request id used in logs and audit.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, reqIDKey{}, id)
}

// RequestIDFrom returns the request id of ctx, or "".
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(reqIDKey{}).(string)
	return id
}
