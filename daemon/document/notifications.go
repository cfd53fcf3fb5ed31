package document

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
)

// PlaceholderTracking is the placeholder of the entry's tracking code.
const PlaceholderTracking = "tracking_code"

// placeholder is {{name}}, spaces allowed inside the braces.
var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z][A-Za-z0-9_-]{0,63})\s*\}\}`)

// Placeholders lists the names of a template's {{…}} placeholders, in
// order, repeats included.
func Placeholders(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// Fill replaces each placeholder of text by value(name); a name value
// does not know becomes "".
func Fill(text string, value func(name string) string) string {
	return placeholder.ReplaceAllStringFunc(text, func(m string) string {
		return value(placeholder.FindStringSubmatch(m)[1])
	})
}

// Receiver kinds of a notification's "to".
const (
	ToAdmin = "admin"
	ToField = "field"
	ToFixed = "fixed"
)

// Receiver reads a notification's "to": admin, field:F (F the question)
// or one fixed receiver (the number or address, normalised).
func (n *Notification) Receiver() (kind, value string) {
	to := strings.TrimSpace(n.To)
	switch {
	case to == domain.ReceiverAdmin:
		return ToAdmin, ""
	case strings.HasPrefix(to, "field:"):
		return ToField, strings.TrimSpace(strings.TrimPrefix(to, "field:"))
	}
	return ToFixed, to
}

// ParamNames are a pattern's parameter names in the order the values are
// given to a provider that fills them by position: names that are
// numbers by their value, then the others alphabetically.
func (p *SMSPattern) ParamNames() []string {
	names := make([]string, 0, len(p.Params))
	for k := range p.Params {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		a, ea := strconv.Atoi(names[i])
		b, eb := strconv.Atoi(names[j])
		switch {
		case ea == nil && eb == nil:
			return a < b
		case ea == nil:
			return true
		case eb == nil:
			return false
		}
		return names[i] < names[j]
	})
	return names
}

// MobileField reports whether a question's answer is an Iranian mobile
// number, as an SMS notification to it needs.
func (f *Field) MobileField() bool {
	return f.Type == domain.FieldText && f.Format != nil && *f.Format == "mobile_ir"
}

// EmailField reports whether a question's answer is an email address.
func (f *Field) EmailField() bool {
	return f.Type == domain.FieldEmail || f.Type == domain.FieldText && f.Format != nil && *f.Format == "email"
}

// notifications checks settings.notifications against the fields: who
// each goes to, that a pattern is an SMS one, that every placeholder
// names a question or the tracking code.
func notifications(d *Document, vs *violations) {
	fields := map[string]*Field{}
	for i := range d.Fields {
		fields[d.Fields[i].ID] = &d.Fields[i]
	}
	for i := range d.Settings.Notifications {
		n := &d.Settings.Notifications[i]
		at := "/settings/notifications/" + strconv.Itoa(i)
		kind, value := n.Receiver()
		switch kind {
		case ToField:
			f, ok := fields[value]
			switch {
			case !ok:
				vs.add(at+"/to", "notification.unknown_field", domain.T("to names question %q, which the form does not have", value))
			case n.Channel == domain.ChannelSMS && !f.MobileField():
				vs.add(at+"/to", "notification.not_mobile", domain.T("an SMS goes to a mobile question (format mobile_ir); %q is not one", value))
			case n.Channel == domain.ChannelEmail && !f.EmailField():
				vs.add(at+"/to", "notification.not_email", domain.T("a mail goes to an email question; %q is not one", value))
			}
		case ToFixed:
			if n.Channel == domain.ChannelSMS {
				if _, err := iranformat.Mobile(value); err != nil {
					vs.add(at+"/to", "notification.receiver", domain.T("to is admin, field:F or an Iranian mobile number such as 09121234567"))
				}
			} else if _, err := iranformat.Email(value); err != nil {
				vs.add(at+"/to", "notification.receiver", domain.T("to is admin, field:F or one email address"))
			}
		}
		if n.Pattern != nil && n.Channel != domain.ChannelSMS {
			vs.add(at+"/pattern", "notification.pattern_not_sms", domain.T("a pattern is an SMS provider's template; a mail has none"))
		}
		if n.Pattern != nil && n.Template != nil {
			vs.add(at+"/template", "notification.template_and_pattern", domain.T("give either a template or a pattern: a pattern's text is the provider's"))
		}
		check := func(path, text string) {
			if controlChar(text, true) {
				vs.add(path, "text.control", domain.T("contains control characters"))
			}
			for _, name := range Placeholders(text) {
				if name == PlaceholderTracking {
					continue
				}
				if f, ok := fields[name]; !ok || !f.Answerable() {
					vs.add(path, "notification.unknown_placeholder", domain.T("{{%s}} names no question of the form (nor tracking_code)", name))
				}
			}
		}
		if n.Template != nil {
			check(at+"/template", *n.Template)
		}
		if n.Pattern != nil {
			if controlChar(n.Pattern.Code, false) || strings.TrimSpace(n.Pattern.Code) == "" {
				vs.add(at+"/pattern/code", "notification.pattern_code", domain.T("the pattern's code is one line of text"))
			}
			for _, name := range n.Pattern.ParamNames() {
				check(at+"/pattern/params/"+name, n.Pattern.Params[name])
			}
		}
	}
}
