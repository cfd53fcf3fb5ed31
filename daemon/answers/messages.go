package answers

import (
	"strconv"
	"strings"
)

// message is what the respondent reads for one reason: Persian and
// English, with %s (Persian) and %s (English) filled from the same
// arguments, numbers in Persian digits in the Persian text.
type message struct{ fa, en string }

// catalogue holds every reason's words; wrong_type has one per answer
// shape (see typeMessages). Keep it in one place so a reviewer reads all
// a respondent can see.
var catalogue = map[Reason]message{
	ReasonRequired:       {"به این پرسش پاسخ دهید", "Please answer this question"},
	ReasonUnknownField:   {"این پرسش در این فرم نیست؛ صفحه را دوباره باز کنید", "This question is not in the form; reload the page"},
	ReasonNotAnswerable:  {"این بخش از فرم پاسخی نمی‌گیرد", "This part of the form takes no answer"},
	ReasonDuplicate:      {"این پرسش دو بار پاسخ داده شده است؛ صفحه را دوباره باز کنید", "This question was answered twice; reload the page"},
	ReasonTooShort:       {"دست‌کم %s نویسه بنویسید", "Write at least %s characters"},
	ReasonTooLong:        {"حداکثر %s نویسه بنویسید", "Write at most %s characters"},
	ReasonNotANumber:     {"یک عدد وارد کنید، مانند ۱۲ یا ۲٫۵", "Enter a number, like 12 or 2.5"},
	ReasonNumberTooSmall: {"عدد باید دست‌کم %s باشد", "The number must be at least %s"},
	ReasonNumberTooLarge: {"عدد باید حداکثر %s باشد", "The number must be at most %s"},
	ReasonNumberStep:     {"عدد باید با گام‌های %s باشد، مانند %s", "The number must go in steps of %s, like %s"},
	ReasonUnknownOption:  {"این گزینه در فهرست نیست؛ از گزینه‌های فهرست انتخاب کنید", "This is not one of the options; choose from the list"},
	ReasonRepeatedOption: {"هر گزینه را یک بار انتخاب کنید", "Choose each option once"},
	ReasonTooFewOptions:  {"دست‌کم %s گزینه انتخاب کنید", "Choose at least %s options"},
	ReasonTooManyOptions: {"حداکثر %s گزینه انتخاب کنید", "Choose at most %s options"},
	ReasonInvalidDate:    {"تاریخ را به شکل سال-ماه-روز میلادی وارد کنید، مانند ۲۰۲۵-۰۳-۲۱", "Enter the date as year-month-day, like 2025-03-21"},
	ReasonDateTooEarly:   {"تاریخ باید %s یا پس از آن باشد", "The date must be %s or later"},
	ReasonDateTooLate:    {"تاریخ باید %s یا پیش از آن باشد", "The date must be %s or earlier"},
	ReasonNotInteger:     {"یک عدد صحیح انتخاب کنید", "Choose a whole number"},
	ReasonOutOfScale:     {"امتیازی از %s تا %s انتخاب کنید", "Choose a rating from %s to %s"},
	ReasonUnknownRow:     {"ردیفی پاسخ داده شده که در جدول نیست؛ صفحه را دوباره باز کنید", "A row that is not in the table was answered; reload the page"},
	ReasonUnknownColumn:  {"برای هر ردیف یکی از ستون‌های جدول را انتخاب کنید", "For each row, choose one of the table's columns"},
	ReasonIncomplete:     {"برای همهٔ ردیف‌های جدول پاسخی انتخاب کنید", "Choose an answer for every row of the table"},
	ReasonTooManyFiles:   {"حداکثر %s فایل بفرستید", "Send at most %s files"},
	ReasonInvalidUpload:  {"فایل فرستاده‌شده شناخته نشد؛ آن را دوباره بفرستید", "An uploaded file was not recognised; upload it again"},
	ReasonRepeatedUpload: {"هر فایل را یک بار بفرستید", "Send each file once"},
	// Nothing about the other entry: not its tracking code, its time or
	// whether it is the respondent's own.
	ReasonAlreadyUsed: {"این پاسخ پیش‌تر در این فرم ثبت شده است و هر نفر فقط یک‌بار می‌تواند آن را بفرستد", "This answer was already used on this form; each person may send it only once"},
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

var typeMessages = [...]message{
	shapeText:    {"پاسخ را به صورت متن بنویسید", "Write the answer as text"},
	shapeNumber:  {"یک عدد وارد کنید، مانند ۱۲ یا ۲٫۵", "Enter a number, like 12 or 2.5"},
	shapeOption:  {"یکی از گزینه‌ها را انتخاب کنید", "Choose one of the options"},
	shapeOptions: {"گزینه‌ها را از فهرست انتخاب کنید", "Choose options from the list"},
	shapeDate:    {"تاریخ را به شکل سال/ماه/روز وارد کنید، مانند ۱۴۰۳/۱۲/۳۰", "Enter the date as year/month/day, like 1403/12/30"},
	shapeRating:  {"یک امتیاز انتخاب کنید", "Choose a rating"},
	shapeMatrix:  {"برای هر ردیف جدول یک ستون انتخاب کنید", "Choose one column for each row of the table"},
	shapeFiles:   {"فایل‌ها را دوباره بفرستید", "Upload the files again"},
}

// entry builds the FieldError of reason for field id; args fill the
// message's %s in order (Latin digits; the Persian text gets Persian ones).
func entry(id string, r Reason, args ...string) FieldError {
	m := catalogue[r]
	return FieldError{Field: id, Code: r, MessageFA: fill(m.fa, args, true), MessageEN: fill(m.en, args, false)}
}

func wrongType(id string, s shape) FieldError {
	m := typeMessages[s]
	return FieldError{Field: id, Code: ReasonWrongType, MessageFA: m.fa, MessageEN: m.en}
}

func fill(template string, args []string, persian bool) string {
	if len(args) == 0 {
		return template
	}
	var b strings.Builder
	b.Grow(len(template) + 16)
	for i := 0; ; i++ {
		j := strings.Index(template, "%s")
		if j < 0 || i >= len(args) {
			b.WriteString(template)
			return b.String()
		}
		b.WriteString(template[:j])
		if persian {
			b.WriteString(persianDigits(args[i]))
		} else {
			b.WriteString(args[i])
		}
		template = template[j+2:]
	}
}

// persianDigits writes Latin digits in Persian script, '.' as the Persian
// decimal mark «٫» and '-' as the minus sign (Persian text is
// right-to-left; a hyphen would read as a dash).
func persianDigits(s string) string {
	var b strings.Builder
	b.Grow(2 * len(s))
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune('۰' + (r - '0'))
		case r == '.':
			b.WriteRune('٫')
		case r == '-':
			b.WriteRune('−')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
