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

// TestFormatByWhatTheAnswerTakes: a format is said by what the question
// takes or the writer wants — «که شماره ثابت بگیرد», «صرفاً کد پستی
// بپذیرد», «شماره تلفن ثابت میخواهم نه موبایل» — and by «صرفاً» or
// «منحصراً» before its name; a count of digits the format already has
// is part of it, and a format described so in an edit changes no type.
func TestFormatByWhatTheAnswerTakes(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۸ سوال «وبسایت شرکت» اضافه کن که لینک بپذیره":                               "add_field #8 short_text url وبسایت شرکت",
		"به فرم ۶ سوال «کد ملی پدر» اضافه کن که فقط کد ملی بگیره":                           "add_field #6 short_text national_code کد ملی پدر",
		"یه سوال «تماس اضطراری» به فرم ۲ اضافه کن، شماره موبایل میخوام نه تلفن ثابت":        "add_field #2 short_text mobile_ir تماس اضطراری",
		"در فرم ۱۲ پرسشی با عنوان «محل سکونت» درج شود که منحصراً کد پستی ده رقمی را بپذیرد": "add_field #12 short_text postal_code_ir محل سکونت",
		"خواهشمند است به فرم ۹ سؤال «شناسه» افزوده شود که پاسخ آن صرفاً کد ملی باشد":        "add_field #9 short_text national_code شناسه",
		"فرم ۵ سوال ۲ => کد ملی ده رقمی":                                                    "update_field #5 @1 national_code",
		// A form asked to take a format asks a question of it.
		"یه فرم بساز که کد ملی بگیره": "create_form فرم جدید; add_field short_text national_code کد ملی",
	})
}

// TestStateMadeWithSaakhtan: in Dari and colloquial Persian «ساختن» and
// «جور کردن» are light verbs of making: «سوال اولش را اجباری بساز» sets
// a state, «یک سوال … جور کن» adds one; «یه سوال اجباری بساز» still
// makes a new question.
func TestStateMadeWithSaakhtan(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال سوم فورم ۴ را اختیاری بسازید":           "update_field #4 @2 optional",
		"فورم ۶ را پاک نکن، صوال دومش رو الزامی بساز": "update_field #6 @1 required",
		"یه سوال اجباری بساز تو فرم ۴":                "add_field #4 short_text required",
		"یک سوال کوتاه «نام پدر» به فورم ۳ جور کن":    "add_field #3 short_text نام پدر",
		"یک فورم نو جور کنید به نام «ثبت سفارش»":      "create_form ثبت سفارش",
	})
}

// TestDigitsOfTheFormat: the number of digits a format's answers have,
// said right after its name, is the format, not a length dropped.
func TestDigitsOfTheFormat(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۳ سوال «تلفن محل کار» اضافه کن، تلفن ثابت ۱۱ رقمی": "add_field #3 short_text phone_ir تلفن محل کار",
		"سوال ۴ فرم ۲۰ رو کد پستی ده رقمی کن":                      "update_field #20 @3 postal_code_ir",
	})
}

// TestFormatsInEnglish: «a mobile number», «a landline number», «phone
// number»: the number of a phone names its format, never the number type.
func TestFormatsInEnglish(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 12 question 3 should only accept a mobile number":              "update_field #12 @2 mobile_ir",
		"add a field \"Home\" to form 4 that only accepts a landline number": "add_field #4 short_text phone_ir Home",
		"form 5: new field \"Contact\" with format phone number":             "add_field #5 short_text phone_ir Contact",
		"یه سوال number «سن» به فرم ۳ اضافه کن":                              "add_field #3 number سن",
		// «بنام» typed as it is said names the question added.
		"لطفا به فورم ۹ یک صوال کوتاه اظافه کنید بنام شغل مادر": "add_field #9 short_text شغل مادر",
	})
}

// TestFormatAfterArrowOrValidation: in a terse or Slack-style command an
// arrow («=>», «->») or «validation» before a format's name says what the
// question's answers must be: the format alone, no type.
func TestFormatAfterArrowOrValidation(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۸ سوال ۲ => لینک":                 "update_field #8 @1 url",
		"فرم 44 Q2 -> landline":                "update_field #44 @1 phone_ir",
		"فرم 31: Q5 validation: postal code 🙏": "update_field #31 @4 postal_code_ir",
		"فرم ۹ سوال ۳ => کد ملی ده رقمی":       "update_field #9 @2 national_code",
		"فرم ۸ سوال ۲ => اجباری":               "update_field #8 @1 required",
	})
}

// TestFormatNamesBySound: a format's name typed with a letter of the
// same sound («اینطرنتی», «پصتی», «صابت», «طلفن») is read as the name.
func TestFormatNamesBySound(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۵ قالبش نشانی اینطرنتی باشد": "update_field #5 @1 url",
		"سوال ۲ فرم ۵ فرمتش کد پصتی باشه":        "update_field #5 @1 postal_code_ir",
		"سوال ۲ فرم ۵ فرمت طلفن صابت":            "update_field #5 @1 phone_ir",
	})
}

// TestMadeIntoWithSaakhtan: «X را <a state, a kind, a format or «طوری»>
// بساز» makes X so; with nothing between, «را بساز» still makes a form.
// Dari names of formats («نمبر مبایل», «تیلفون ثابت», «ویب سایت») are
// the formats.
func TestMadeIntoWithSaakhtan(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرمت سوال ۲ فورم ۸ را تیلفون ثابت بساز":                       "update_field #8 @1 phone_ir",
		"سوال سوم فورم ۸ را متن طولانی بساز":                           "update_field #8 @2 long_text",
		"سوال دوم فورم ۸ را طوری بساز که فقط آدرس ویب سایت بگیرد":      "update_field #8 @1 url",
		"به فورم ۸ یک سوال «نمبر تماس» جور کن که فقط نمبر مبایل بگیرد": "add_field #8 short_text mobile_ir نمبر تماس",
		"فرم جدید را بساز": "create_form فرم جدید",
	})
}

// TestFormatOfTheInput: what is checked or entered names the format
// alone («ورودیش موبایل باشه», «با اعتبارسنجی کد ملی», «کنترل کد ملی»,
// «تنها شماره ثابت وارد شود»), no type and no word left over.
func TestFormatOfTheInput(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۳ ورودیش موبایل باشه":                     "update_field #3 @1 mobile_ir",
		"سوال ۲ فرم ۳ کنترل کد ملی داشته باشه":                "update_field #3 @1 national_code",
		"در سوال ۲ فرم ۳ تنها شماره ثابت وارد شود":            "update_field #3 @1 phone_ir",
		"به فرم ۳ سوال «شناسه» با اعتبارسنجی کد ملی اضافه کن": "add_field #3 short_text national_code شناسه",
		"به فرم ۳ یه سوال «ورودی» اضافه کن":                   "add_field #3 short_text ورودی",
	})
	r := p.Plan("در سوال ۲ فرم ۳ تنها شماره ثابت وارد شود")
	if len(r.Warnings) != 0 {
		t.Errorf("want no word left over, got %+v", r.Warnings)
	}
}

// TestPlainWordsOfFormatNames: the plain words in a format's longer
// names («تماس», «صفحه», «خانه») stay plain words of a wording outside
// the name: «یه سوال شماره تماس» is worded «شماره تماس».
func TestPlainWordsOfFormatNames(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال شماره تماس به فرم ۵۰ اضافه کن فرمتش موبایل باشه": "add_field #50 short_text mobile_ir شماره تماس",
		"یه سوال صفحه شخصی به فرم ۵ اضافه کن":                     "add_field #5 short_text صفحه شخصی",
		"خانم‌ها آقایان، فرم ۵۰ تا اطلاع ثانوی پاسخ نپذیرد":       "disable_form #50",
	})
}

// TestFormatFromTo: «از X به Y» changes a format from the one it had to
// the one asked: Y, in Persian and English.
func TestFormatFromTo(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرمت سوال ۲ فرم ۵ رو از موبایل به تلفن ثابت تغییر بده":             "update_field #5 @1 phone_ir",
		"قالب پرسش سوم فرم ۸ از کد ملی به کد پستی تغییر یابد":               "update_field #8 @2 postal_code_ir",
		"change the format of question 2 in form 5 from mobile to landline": "update_field #5 @1 phone_ir",
	})
}
