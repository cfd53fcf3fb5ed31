package domain

import (
	"encoding/json"
	"time"
)

// The channels a notification leaves by.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"
)

// ReceiverAdmin is the receiver of a notification to the site itself:
// the SMS settings' admin mobile, WordPress's admin email.
const ReceiverAdmin = "admin"

// Notification is one notification delivery owed: a text or a mail about
// a submission (or a test of a form's notification, SubmissionID 0).
type Notification struct {
	ID           int64
	SiteID       int64
	FormID       int64
	SubmissionID int64
	// Notice is the notification's index in settings.notifications; -1
	// for settings.notify_emails.
	Notice  int
	Channel string
	// Receiver is a normalised mobile (09…), an address, or ReceiverAdmin.
	Receiver string
	// Payload is the message as rendered when the delivery was owed.
	Payload json.RawMessage
	// Attempts counts attempts begun; AttemptBase those made before the
	// last retry an administrator asked for.
	Attempts    int
	AttemptBase int
	// Limited marks a delivery an hourly bound refused: failed, never
	// sent.
	Limited       bool
	NextAttemptAt time.Time
	SentAt        *time.Time
	// ProviderID is the provider's id of the message sent.
	ProviderID string
	// ErrorKind classes the last failure (rate_limited, no_credit, …);
	// LastError is its words.
	ErrorKind string
	LastError string
	CreatedAt time.Time
}

// NotificationLimits bound the deliveries owed in any hour, per channel:
// to one form's receivers together and to one receiver from every form
// of the site. Zero or less is no bound.
type NotificationLimits struct {
	PerFormPerHour     int
	PerReceiverPerHour int
}

// Kinds of a delivery refused before it left, besides the providers'
// own (daemon/sms's Kind).
const (
	// NotifyRateLimitedForm: the form's hourly bound was reached.
	NotifyRateLimitedForm = "rate_limited_form"
	// NotifyRateLimitedReceiver: the receiver's hourly bound was reached.
	NotifyRateLimitedReceiver = "rate_limited_receiver"
)
