package domain

import (
	"context"
	"time"
)

// OTPCode is the code a number was last texted to verify it on one form's
// field, as the store keeps it for every host: a keyed hash of the code,
// never the code, and the counts that bound its use and the texts.
type OTPCode struct {
	// Key names the number on the form's field (a keyed hash of the
	// three; the number is not kept in clear).
	Key    string
	SiteID int64
	FormID int64
	Field  string
	// Hash is the keyed hash of the code.
	Hash   []byte
	SentAt time.Time
	// ExpiresAt ends the code.
	ExpiresAt time.Time
	// Attempts counts the wrong tries made through any host, at most
	// MaxAttempts; the last one burns the code.
	Attempts    int
	MaxAttempts int
	// Consumed: the code was used by a kept submission, or burnt.
	Consumed bool
	// Sends counts the texts to the number on the field since
	// SendsSince; ResendAt is the earliest next one.
	Sends      int
	SendsSince time.Time
	ResendAt   time.Time
	// KeepUntil is when the row is of no more use to any check; the
	// retention deletes it then.
	KeepUntil time.Time
}

// OTPStore keeps the codes texted to verify mobile numbers, where every
// host reads them.
type OTPStore interface {
	// UpdateOTPCode reads the code kept under key (nil: none), locked
	// against other hosts until fn returns, and writes the row fn returns
	// in place of it (nil: nothing changes), in one transaction. fn may
	// run again when the transaction is retried, so it must decide from
	// cur alone.
	UpdateOTPCode(ctx context.Context, key string, fn func(cur *OTPCode) (*OTPCode, error)) error
	// PurgeOTPCodes deletes the codes kept until now or earlier and
	// returns how many.
	PurgeOTPCodes(ctx context.Context, now time.Time) (int64, error)
}
