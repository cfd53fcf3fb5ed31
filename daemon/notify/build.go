// Package notify sends the notifications of a form's submissions
// (settings.notifications, settings.notify_emails): Build renders the
// deliveries a kept submission owes, which the submission's transaction
// writes into the notification outbox; Worker sends the SMS ones through
// the site's provider (daemon/sms) with retries and backoff; Service
// hands the email ones to the WordPress plugin, which sends them with
// wp_mail and reports each outcome (notifications.email.claim,
// notifications.email.report), and serves the delivery log
// (submissions.get's deliveries, submissions.deliveries.retry,
// forms.notifications.test, sms.credit).
package notify

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/sms"
)

// Bounds of what one delivery carries: a text is a few SMS pages, a
// pattern's value one short phrase, a mail's body a screen.
const (
	maxAnswerRunes = 300
	maxTextRunes   = 1000
	maxParamRunes  = 200
	maxBodyRunes   = 8000
)

// SMSPayload is an SMS delivery's message: a plain text, or a pattern
// with its values in the order a positional provider takes them.
type SMSPayload struct {
	Text    string       `json:"text,omitempty"`
	Pattern *sms.Pattern `json:"pattern,omitempty"`
}

// EmailPayload is an email delivery's message, plain text: the plugin
// escapes it when the site sends HTML mail.
type EmailPayload struct {
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

// Message is what Build renders from: the form, the submission, and the
// language of the default texts.
type Message struct {
	Doc     *document.Document
	Title   string
	Persian bool
	// Value is an answer as text, by field id, "" when unanswered; the
	// tracking code by document.PlaceholderTracking.
	Value func(name string) string
	// Answer is the raw answer of a field, for receivers: the stored
	// (normalised) mobile or address.
	Answer func(field string) (string, bool)
	// Time is when the submission was kept.
	Time time.Time
}

// Build renders every notification the form owes one kept submission:
// settings.notifications in order, then a mail to each of
// settings.notify_emails. A notification to an unanswered question is
// skipped: there is nobody to send it to. The entries' site, form and
// submission are the caller's to set.
func Build(m Message) []*domain.Notification {
	var out []*domain.Notification
	if m.Doc.Settings == nil {
		return nil
	}
	for i := range m.Doc.Settings.Notifications {
		n := &m.Doc.Settings.Notifications[i]
		to, ok := receiver(n, m.Answer)
		if !ok {
			continue
		}
		out = append(out, &domain.Notification{Notice: i, Channel: n.Channel, Receiver: to, Payload: render(n, m)})
	}
	for _, addr := range m.Doc.Settings.NotifyEmails {
		a, err := iranformat.Email(addr)
		if err != nil {
			continue
		}
		body, _ := json.Marshal(defaultMail(m))
		out = append(out, &domain.Notification{Notice: -1, Channel: domain.ChannelEmail, Receiver: a, Payload: body})
	}
	return out
}

// receiver is where n goes for this submission.
func receiver(n *document.Notification, answer func(string) (string, bool)) (string, bool) {
	kind, value := n.Receiver()
	switch kind {
	case document.ToAdmin:
		return domain.ReceiverAdmin, true
	case document.ToField:
		v, ok := answer(value)
		if !ok || v == "" {
			return "", false
		}
		return normalReceiver(n.Channel, v)
	}
	return normalReceiver(n.Channel, value)
}

// normalReceiver is a number or address as it is stored and counted:
// 09… or the address with its domain in lower case.
func normalReceiver(channel, v string) (string, bool) {
	var err error
	if channel == domain.ChannelSMS {
		v, err = iranformat.Mobile(v)
	} else {
		v, err = iranformat.Email(v)
	}
	return v, err == nil
}

// render is n's message for this submission.
func render(n *document.Notification, m Message) json.RawMessage {
	var v any
	switch {
	case n.Channel == domain.ChannelSMS && n.Pattern != nil:
		p := &sms.Pattern{Code: n.Pattern.Code}
		for _, name := range n.Pattern.ParamNames() {
			p.Params = append(p.Params, sms.Param{Name: name, Value: cut(oneLine(document.Fill(n.Pattern.Params[name], m.Value)), maxParamRunes)})
		}
		v = SMSPayload{Pattern: p}
	case n.Channel == domain.ChannelSMS:
		text := defaultText(m)
		if n.Template != nil && strings.TrimSpace(*n.Template) != "" {
			text = document.Fill(*n.Template, m.Value)
		}
		v = SMSPayload{Text: cut(text, maxTextRunes)}
	default:
		mail := defaultMail(m)
		if n.Template != nil && strings.TrimSpace(*n.Template) != "" {
			mail.Body = cut(document.Fill(*n.Template, m.Value), maxBodyRunes)
		}
		v = mail
	}
	raw, _ := json.Marshal(v)
	return raw
}

// iranTime is Iran Standard Time (UTC+03:30 all year since 2022), the
// time a mail states.
var iranTime = time.FixedZone("IRST", 3*3600+1800)

// defaultText is the SMS sent when the notification gives no template.
func defaultText(m Message) string {
	code := m.Value(document.PlaceholderTracking)
	return messages.Render(m.locale(), domain.T("New answer to the form “%s”\nTracking code: %s", m.Title, code))
}

// locale is the locale the message is written in.
func (m Message) locale() string {
	if m.Persian {
		return domain.LocaleFA
	}
	return domain.LocaleEN
}

// defaultMail is the mail sent when the notification gives no template:
// the form, the tracking code, the time; the plugin adds the link to the
// entry.
func defaultMail(m Message) EmailPayload {
	code := m.Value(document.PlaceholderTracking)
	at := m.Time.In(iranTime)
	return EmailPayload{Subject: messages.Render(m.locale(), domain.T("New answer to the form: %s", oneLine(m.Title))),
		Body: messages.Render(m.locale(), domain.T("Form: %s\nTracking code: %s\nTime: %s (Iran time)", m.Title, code, at.Format("2006-01-02 15:04")))}
}

// oneLine joins a text's lines and runs of spaces into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cut bounds s to n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// storedAnswer is one answer as submissions keep it.
type storedAnswer struct {
	Field string          `json:"field"`
	Value json.RawMessage `json:"value"`
}

// Answers reads a submission's stored answers into Message's Value and
// Answer: choices by their labels, lists joined, files by their names.
func Answers(doc *document.Document, sub *domain.Submission) (value func(string) string, answer func(string) (string, bool)) {
	var list []storedAnswer
	_ = json.Unmarshal(sub.Answers, &list)
	fields := map[string]*document.Field{}
	for i := range doc.Fields {
		fields[doc.Fields[i].ID] = &doc.Fields[i]
	}
	raw := map[string]json.RawMessage{}
	for _, a := range list {
		raw[a.Field] = a.Value
	}
	value = func(name string) string {
		if name == document.PlaceholderTracking {
			return sub.TrackingCode
		}
		v, ok := raw[name]
		if !ok {
			return ""
		}
		return cut(answerText(fields[name], v), maxAnswerRunes)
	}
	answer = func(field string) (string, bool) {
		var s string
		if json.Unmarshal(raw[field], &s) != nil {
			return "", false
		}
		return s, true
	}
	return value, answer
}

// answerText is an answer as a person reads it.
func answerText(f *document.Field, raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	label := func(s string) string {
		if f != nil {
			for _, o := range f.Options {
				if o.Value == s {
					return o.Label
				}
			}
		}
		return s
	}
	var text func(v any) string
	text = func(v any) string {
		switch x := v.(type) {
		case nil:
			return ""
		case string:
			return label(x)
		case float64:
			return strconv.FormatFloat(x, 'f', -1, 64)
		case bool:
			if x {
				return "✓"
			}
			return "✗"
		case []any:
			parts := make([]string, 0, len(x))
			for _, e := range x {
				parts = append(parts, text(e))
			}
			return strings.Join(parts, "، ")
		case map[string]any:
			if name, ok := x["name"].(string); ok {
				return name
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			parts := make([]string, 0, len(keys))
			for _, k := range keys {
				parts = append(parts, k+": "+text(x[k]))
			}
			return strings.Join(parts, "؛ ")
		}
		return ""
	}
	return text(v)
}
