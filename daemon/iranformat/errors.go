package iranformat

import "github.com/arshline/arshline-sidecar/daemon/domain"

// Kind names one way an answer fails a format. The strings are stable:
// the submission validator sends them to clients as field error codes.
type Kind string

const (
	KindEmpty              Kind = "empty"
	KindMobile             Kind = "invalid_mobile"
	KindLandline           Kind = "invalid_phone"
	KindNationalCodeLength Kind = "national_code_length"
	KindNationalCode       Kind = "invalid_national_code"
	KindPostalCodeLength   Kind = "postal_code_length"
	KindPostalCode         Kind = "invalid_postal_code"
	KindCardLength         Kind = "card_length"
	KindCard               Kind = "invalid_card"
	KindShebaLength        Kind = "sheba_length"
	KindSheba              Kind = "invalid_sheba"
	KindEmail              Kind = "invalid_email"
	KindURL                Kind = "invalid_url"
	KindTime               Kind = "invalid_time"
	KindPersianLetters     Kind = "not_persian_letters"
	KindLatinLetters       Kind = "not_latin_letters"
)

// Kinds lists every Kind, so a caller (and a test) can check that each has
// its messages.
func Kinds() []Kind {
	kinds := make([]Kind, 0, len(kindTexts))
	for _, m := range messageList {
		kinds = append(kinds, m.kind)
	}
	return kinds
}

type message struct {
	kind Kind
	text domain.Text
}

// messageList is the one catalogue of what a respondent reads: each message
// says what is expected, not only that the answer is wrong, because the
// person on the phone has to fix it.
var messageList = []message{
	{KindEmpty, domain.T("Nothing was entered")},
	{KindMobile, domain.T("This mobile number is not valid; enter it like 09121234567")},
	{KindLandline, domain.T("This phone number is not valid; enter it with the area code, like 02188776655")},
	{KindNationalCodeLength, domain.T("A national code has 10 digits; include any zeros it starts with")},
	{KindNationalCode, domain.T("This national code is not valid")},
	{KindPostalCodeLength, domain.T("A postal code has 10 digits")},
	{KindPostalCode, domain.T("This postal code is not valid")},
	{KindCardLength, domain.T("A card number has 16 digits")},
	{KindCard, domain.T("This card number is not valid")},
	{KindShebaLength, domain.T("A Sheba number is IR followed by 24 digits")},
	{KindSheba, domain.T("This Sheba number is not valid")},
	{KindEmail, domain.T("This email address is not valid")},
	{KindURL, domain.T("This web address is not valid; start it with http:// or https://")},
	{KindTime, domain.T("This time is not valid; enter it like 09:30 or 18:45")},
	{KindPersianLetters, domain.T("Use Persian letters only")},
	{KindLatinLetters, domain.T("Use Latin (English) letters only")},
}

var kindTexts = func() map[Kind]message {
	m := make(map[Kind]message, len(messageList))
	for _, msg := range messageList {
		m[msg.kind] = msg
	}
	return m
}()

// Text is what the respondent reads (its Persian is the catalogue's,
// daemon/messages).
func (k Kind) Text() domain.Text { return kindTexts[k].text }

// Error is an answer that does not fit its format. Input is what the
// respondent typed, for the caller to show back or store; Error() leaves it
// out, because these errors reach logs and the inputs are personal data
// (phone numbers, national codes, card numbers).
type Error struct {
	Kind  Kind
	Input string
}

func (e *Error) Error() string {
	return "iranformat: " + string(e.Kind) + ": " + e.Kind.Text().String()
}

func fail(kind Kind, input string) error { return &Error{Kind: kind, Input: input} }
