package persian

import "testing"

// TestFormatNamesByMeaning: a format is named by a head noun and the
// word that qualifies it in any register («نشانی وب‌سایت»، «آدرس
// اینترنتی»، «تلیفون منزل»، «web address»), and a demonstrative before
// its name («قالب آن …») stays a word of its own, never joined to the
// name as one misspelt word.
func TestFormatNamesByMeaning(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"در فرم ۹ پرسشی با عنوان «وبلاگ» افزوده شود و قالب آن نشانی وب باشد": "add_field #9 short_text url وبلاگ",
		"به فرم ۴ سوال «صفحه شخصی» اضافه کن و فرمت اون رو آدرس وب‌سایت بذار": "add_field #4 short_text url صفحه شخصی",
		"قالب پرسش دوم فرم ۱۳ به نشانی اینترنتی تغییر یابد":                  "update_field #13 @1 url",
		"فرمت سوال ۵ فرم ۲ رو بکن تلیفون منزل":                               "update_field #2 @4 phone_ir",
		"فرمت سوال ۵ فرم ۲ رو بکن شماره تلفن همراه":                          "update_field #2 @4 mobile_ir",
		"add a question \"Blog\" to form 6 with format web address":          "add_field #6 short_text url Blog",
		"قالب پاسخ سؤال چهارم فرم ۱۱ کد پستی تعیین گردد":                     "update_field #11 @3 postal_code_ir",
		"سوال «تلفن» به فرم ۷ اضافه کن، فرمتش تلفن خانه":                     "add_field #7 short_text phone_ir تلفن",
	})
}

// TestFormatKeptWithType: a format said of a question and a type said
// of it in the clause after are one change; the short text keeps its
// format, and a formal connective before the order is no word left over.
func TestFormatKeptWithType(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"لذا قالب پرسش دوم فرم ۱۵ به آدرس سایت تغییر یابد و نوع آن پاسخ کوتاه گردد": "update_field #15 @1 short_text url",
		"فرمت سوال ۳ فرم ۸ رو بکن کد ملی و نوعش رو هم متن کوتاه کن":                 "update_field #8 @2 short_text national_code",
		"بنابراین در فرم ۴ قالب سؤال اول کد پستی شود و نوعش پاسخ کوتاه":             "update_field #4 @0 short_text postal_code_ir",
	})
}
