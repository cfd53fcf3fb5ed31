package forms

import (
	"context"
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/sms"
)

// SMSStatus is what the author's warnings need of the site's SMS
// settings (sms.Service).
type SMSStatus interface {
	Configured(ctx context.Context) (bool, error)
	OTP(ctx context.Context) (*sms.OTPPattern, error)
}

// warnings are what a stored document will not do as its author expects
// while the site's settings stay as they are: a question that verifies a
// mobile by code, or a text notification, with no SMS provider; codes
// sent as plain texts, which Iranian providers hold back or refuse from
// shared service lines unless they are an approved pattern. They do not
// refuse the document: the settings may come after it.
func (s *Service) warnings(ctx context.Context, d domain.Document) []document.Violation {
	if s.SMS == nil {
		return nil
	}
	otp, texts := []string{}, []string{}
	for i, f := range d.Fields {
		if v, _ := f["verify"].(string); v == document.VerifyOTP {
			otp = append(otp, "/fields/"+strconv.Itoa(i)+"/verify")
		}
	}
	list, _ := d.Settings["notifications"].([]any)
	for i, n := range list {
		if m, ok := n.(map[string]any); ok && m["channel"] == domain.ChannelSMS {
			texts = append(texts, "/settings/notifications/"+strconv.Itoa(i))
		}
	}
	if len(otp) == 0 && len(texts) == 0 {
		return nil
	}
	configured, err := s.SMS.Configured(ctx)
	if err != nil {
		return nil
	}
	var out []document.Violation
	if !configured {
		for _, p := range otp {
			out = append(out, document.NewViolation(p, "otp.needs_sms", domain.T("this question sends a code by SMS, but the site has no SMS provider: respondents cannot send the form until one is set in the plugin's SMS settings")))
		}
		for _, p := range texts {
			out = append(out, document.NewViolation(p, "notification.needs_sms", domain.T("this notification is a text, but the site has no SMS provider: it will be logged failed until one is set in the plugin's SMS settings")))
		}
		return out
	}
	if len(otp) > 0 {
		if p, err := s.SMS.OTP(ctx); err == nil && p == nil {
			for _, path := range otp {
				out = append(out, document.NewViolation(path, "otp.plain_text", domain.T("codes go as plain texts; providers hold back or refuse codes from shared service lines unless they are an approved pattern: set the OTP pattern in the SMS settings")))
			}
		}
	}
	return out
}
