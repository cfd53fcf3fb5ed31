package answers

import "github.com/arshline/arshline-sidecar/daemon/domain"

// The submission's domain codes (docs/API.md).
const (
	// CodeInvalidSubmission: one or more answers need fixing;
	// error.data.fields lists them (HTTP 422).
	CodeInvalidSubmission = domain.CodeInvalidSubmission
	// CodeTooLarge: too many answers or too many bytes (HTTP 413).
	CodeTooLarge = domain.CodeTooLarge
)

// Reason is why one field's answer was refused: the code of an entry of
// error.data.fields. The strings are stable; clients branch on them. Format
// failures use iranformat's kinds (invalid_mobile, national_code_length, …)
// as their reasons.
type Reason string

const (
	ReasonRequired       Reason = "required"
	ReasonUnknownField   Reason = "unknown_field"
	ReasonNotAnswerable  Reason = "not_answerable"
	ReasonDuplicate      Reason = "duplicate_answer"
	ReasonWrongType      Reason = "wrong_type"
	ReasonTooShort       Reason = "too_short"
	ReasonTooLong        Reason = "too_long"
	ReasonNotANumber     Reason = "not_a_number"
	ReasonNumberTooSmall Reason = "number_too_small"
	ReasonNumberTooLarge Reason = "number_too_large"
	ReasonNumberStep     Reason = "number_step"
	ReasonUnknownOption  Reason = "unknown_option"
	ReasonRepeatedOption Reason = "repeated_option"
	ReasonTooFewOptions  Reason = "too_few_options"
	ReasonTooManyOptions Reason = "too_many_options"
	ReasonInvalidDate    Reason = "invalid_date"
	ReasonDateTooEarly   Reason = "date_too_early"
	ReasonDateTooLate    Reason = "date_too_late"
	ReasonNotInteger     Reason = "not_an_integer"
	ReasonOutOfScale     Reason = "out_of_scale"
	ReasonUnknownRow     Reason = "unknown_row"
	ReasonUnknownColumn  Reason = "unknown_column"
	ReasonIncomplete     Reason = "matrix_incomplete"
	ReasonTooManyFiles   Reason = "too_many_files"
	ReasonInvalidUpload  Reason = "invalid_upload"
	ReasonRepeatedUpload Reason = "repeated_upload"
	// ReasonAlreadyUsed: the question is marked unique and another kept
	// entry of the form has the same answer (normalised; UniqueValue).
	ReasonAlreadyUsed Reason = "already_used"
)

// FieldError is one entry of error.data.fields: the field, the reason and
// what the respondent reads, in Persian (fa_IR) and English (en_US). The
// messages say what to do, not only that something is wrong, and never
// repeat the answer (answers are personal data and errors reach logs).
type FieldError struct {
	Field     string `json:"field"`
	Code      Reason `json:"code"`
	MessageFA string `json:"message_fa"`
	MessageEN string `json:"message_en"`
}

// Error returns the entry as an error, for tests and logs.
func (e FieldError) Error() string { return e.Field + ": " + string(e.Code) + ": " + e.MessageEN }

// invalid builds the INVALID_SUBMISSION error carrying every entry.
func invalid(fields []FieldError) *domain.Error {
	if len(fields) == 1 {
		return domain.Errorf(CodeInvalidSubmission, "One answer needs fixing; see the question").With("fields", fields)
	}
	return domain.Errorf(CodeInvalidSubmission, "Some answers need fixing; see each question").With("fields", fields)
}

// Invalid is the INVALID_SUBMISSION error of entries found outside this
// package (a code that does not confirm a mobile number).
func Invalid(fields []FieldError) *domain.Error { return invalid(fields) }

// tooLarge builds the TOO_LARGE error; data says which limit (and which
// field, when one answer is too large).
func tooLarge(text domain.Text, data map[string]any) *domain.Error {
	e := domain.Errorf(CodeTooLarge, text.Key, text.Args...)
	for k, v := range data {
		e = e.With(k, v)
	}
	return e
}

// FieldErrors returns the entries of an INVALID_SUBMISSION error (nil for
// any other error).
func FieldErrors(err error) []FieldError {
	de, ok := err.(*domain.Error)
	if !ok || de.Code != CodeInvalidSubmission {
		return nil
	}
	fields, _ := de.Data["fields"].([]FieldError)
	return fields
}
