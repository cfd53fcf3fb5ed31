package persian

import "testing"

// TestBackticksQuote: a programmer quotes a name as code; the words
// between backticks are the wording or title, kept as written, without
// the backticks.
func TestBackticksQuote(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۷ یه سوال کوتاه `شماره پرسنلی` اضافه کن": "add_field #7 short_text شماره پرسنلی",
		"form 4 -> add سوال بلند `شرح باگ`":              "add_field #4 long_text شرح باگ",
		"یه فرم جدید بساز به اسم `گزارش روزانه`":         "create_form گزارش روزانه",
		"عنوان فرم ۹ رو بکن `release notes`":             "update_form_title #9 release notes",
		"سوال دوم فرم ۳ رو بکن `آدرس محل کار`":           "update_field #3 @1 آدرس محل کار",
		"یه فرم بساز به اسم `حذف فرم ۳`":                 "create_form حذف فرم ۳",
	})
}

// TestTakenFromForm: a form said as where something is taken from —
// «از فرم ۶», «from form 6» — is not what a delete removes; the
// command names something of the form's, and no form is deleted.
func TestTakenFromForm(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"کد ملی متقاضی رو از فرم ۶ پاک کن":   "none",
		"«نام پدر» رو از فرم ۶ حذف کنید":     "none",
		"از فرم ۱۲ ایمیل رو بردار":           "none",
		"remove the email field from form 6": "none",
		"سوال ۳ رو از فرم ۶ پاک کن":          "delete_field #6 @2",
		"فرم ۶ رو پاک کن":                    "delete_form #6",
	})
}

// TestGilakiPut: Gilaki-coloured speech says the imperative of
// «گذاشتن» with «ی» after the «ب»: «بیذار» puts a question as «بذار»
// does; «نیذار» denies it.
func TestGilakiPut(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کوتاه «اسم مهمان» بیذار تو فرم ۴":    "add_field #4 short_text اسم مهمان",
		"تو فرم ۱۲ یه سوال امتیازی «طعم چای» بیذارین": "add_field #12 rating طعم چای",
		"فرم ۵ ره پیش‌نویس نیذار":                     "none",
	})
}

// TestLabelQualified: a label that implies a kind or a format («کد
// ملی», «شماره موبایل», «ایمیل», «تاریخ تولد») followed by the noun it
// is said of — «کد ملی بچه», «شماره همراه مشتری» — is one wording up to
// the object marker, «هم» or the verb; said alone as what to add or put,
// it is a new question, with «اضافه کن» as with «بذار».
func TestLabelQualified(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"شماره موبایل پدر رو بذار تو فرم ۱۱":             "add_field #11 short_text mobile_ir شماره موبایل پدر",
		"کد پستی منزل رو هم به فرم ۵ اضافه کنید":         "add_field #5 short_text postal_code_ir کد پستی منزل",
		"تاریخ تولد همسر هم بذار تو فرم ۱۸، اجباری باشه": "add_field #18 date تاریخ تولد همسر required",
		"کد پستی رو به فرم ۵ اضافه کن":                   "add_field #5 short_text postal_code_ir کد پستی",
		"ایمیل کاری هم میخوام تو فرم ۸":                  "add_field #8 email ایمیل کاری",
		"کد ملی متقاضی رو از فرم ۶ پاک کن":               "none",
	})
}
