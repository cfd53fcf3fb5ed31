package answers

import (
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// catalogue holds every reason's words; wrong_type has one per answer
// shape (see typeMessages). Keep it in one place so a reviewer reads all
// a respondent can see.
var catalogue = map[Reason]domain.Text{
	ReasonRequired:       domain.T("Please answer this question"),
	ReasonUnknownField:   domain.T("This question is not in the form; reload the page"),
	ReasonNotAnswerable:  domain.T("This part of the form takes no answer"),
	ReasonDuplicate:      domain.T("This question was answered twice; reload the page"),
	ReasonTooShort:       domain.T("Write at least %s characters"),
	ReasonTooLong:        domain.T("Write at most %s characters"),
	ReasonNotANumber:     domain.T("Enter a number, like 12 or 2.5"),
	ReasonNumberTooSmall: domain.T("The number must be at least %s"),
	ReasonNumberTooLarge: domain.T("The number must be at most %s"),
	ReasonNumberStep:     domain.T("The number must go in steps of %s, like %s"),
	ReasonUnknownOption:  domain.T("This is not one of the options; choose from the list"),
	ReasonRepeatedOption: domain.T("Choose each option once"),
	ReasonTooFewOptions:  domain.T("Choose at least %s options"),
	ReasonTooManyOptions: domain.T("Choose at most %s options"),
	ReasonInvalidDate:    domain.T("Enter the date as year-month-day, like 2025-03-21"),
	ReasonDateTooEarly:   domain.T("The date must be %s or later"),
	ReasonDateTooLate:    domain.T("The date must be %s or earlier"),
	ReasonNotInteger:     domain.T("Choose a whole number"),
	ReasonOutOfScale:     domain.T("Choose a rating from %s to %s"),
	ReasonUnknownRow:     domain.T("A row that is not in the table was answered; reload the page"),
	ReasonUnknownColumn:  domain.T("For each row, choose one of the table's columns"),
	ReasonIncomplete:     domain.T("Choose an answer for every row of the table"),
	ReasonTooManyFiles:   domain.T("Send at most %s files"),
	ReasonInvalidUpload:  domain.T("An uploaded file was not recognised; upload it again"),
	ReasonRepeatedUpload: domain.T("Send each file once"),
	// Nothing about the other entry: not its tracking code, its time or
	// whether it is the respondent's own.
	ReasonAlreadyUsed: domain.T("This answer was already used on this form; each person may send it only once"),
}

// shape is the JSON an answer must be, named for the wrong_type message.
type shape int

const (
	shapeText shape = iota
	shapeNumber
	shapeOption
	shapeOptions
	shapeDate
	shapeRating
	shapeMatrix
	shapeFiles
)

var typeMessages = [...]domain.Text{
	shapeText:    domain.T("Write the answer as text"),
	shapeNumber:  domain.T("Enter a number, like 12 or 2.5"),
	shapeOption:  domain.T("Choose one of the options"),
	shapeOptions: domain.T("Choose options from the list"),
	shapeDate:    domain.T("Enter the date as year/month/day, like 1403/12/30"),
	shapeRating:  domain.T("Choose a rating"),
	shapeMatrix:  domain.T("Choose one column for each row of the table"),
	shapeFiles:   domain.T("Upload the files again"),
}

// NewFieldError is the FieldError of reason r for field id, saying text
// in both languages (the Persian from the catalogue, daemon/messages).
func NewFieldError(id string, r Reason, text domain.Text) FieldError {
	return FieldError{Field: id, Code: r, MessageFA: messages.Render(domain.LocaleFA, text), MessageEN: text.String()}
}

// entry builds the FieldError of reason for field id; args are the
// numbers (or dates) the message shows, in Persian digits in the Persian
// text.
func entry(id string, r Reason, args ...string) FieldError {
	t := catalogue[r]
	nums := make([]any, len(args))
	for i, a := range args {
		nums[i] = domain.Numeral(a)
	}
	return NewFieldError(id, r, domain.T(t.Key, nums...))
}

func wrongType(id string, s shape) FieldError {
	return NewFieldError(id, ReasonWrongType, typeMessages[s])
}

func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
