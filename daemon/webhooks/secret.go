package webhooks

import (
	"context"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// SecretStore keeps each site's webhook secret (sqlstore.DB).
type SecretStore interface {
	WebhookSecret(ctx context.Context, siteID int64) (string, error)
	RotateWebhookSecret(ctx context.Context, siteID int64) (string, error)
}

// Secrets serves webhooks.secret: a site's administrators read the key
// their receivers verify deliveries with, and may replace it.
type Secrets struct {
	Store SecretStore
}

// SecretParams asks for the actor's site's secret; Rotate replaces it
// first.
type SecretParams struct {
	Rotate bool `json:"rotate,omitempty"`
}

// SecretResult is the site's secret as receivers use it.
type SecretResult struct {
	Secret string `json:"secret"`
}

// Secret serves webhooks.secret for the actor's site.
func (s *Secrets) Secret(ctx context.Context, p SecretParams) (*SecretResult, error) {
	site := domain.ActorFrom(ctx).Site()
	var (
		secret string
		err    error
	)
	if p.Rotate {
		secret, err = s.Store.RotateWebhookSecret(ctx, site)
	} else {
		secret, err = s.Store.WebhookSecret(ctx, site)
	}
	if err != nil {
		return nil, err
	}
	return &SecretResult{Secret: secret}, nil
}
