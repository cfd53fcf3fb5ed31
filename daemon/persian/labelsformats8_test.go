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
// does; «نیذار» denies it; «ره» marks the object as «رو».
func TestGilakiPut(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کوتاه «اسم مهمان» بیذار تو فرم ۴":            "add_field #4 short_text اسم مهمان",
		"تو فرم ۱۲ یه سوال امتیازی «طعم چای» بیذارین":         "add_field #12 rating طعم چای",
		"یه سوال کوتاه بیذار تو فرم ۵۴ که اسم مشتری ره بپرسه": "add_field #54 short_text اسم مشتری",
		"فرم ۸۸ ره منتشر کن":                                  "publish_form #88",
		"فرم ۵ ره پیش‌نویس نیذار":                             "none",
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

// TestWordingSaidLast: speech puts a new question's wording after the
// rest of the order — after the form («… تو فرم ۸۹ شماره همراه مشتری،
// که …»), after «بنویس:», after a colon — and a question's own wording
// after «اسمش بشه:»; the words to the comma or full stop are the
// wording, a question mark and a request to the respondent after it
// included. Words that order something stay orders.
func TestWordingSaidLast(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کوتاه بذار تو فرم ۳۱ نام مربی، لطفا":                   "add_field #31 short_text نام مربی",
		"یه سوال بلند به فرم ۷ اضافه کنید، بنویسید: سوابق درمانی بیمار": "add_field #7 long_text سوابق درمانی بیمار",
		"یک پرسش کوتاه در فرم ۵۵ درج شود، بنویسید: نام آموزشگاه":        "add_field #55 short_text نام آموزشگاه",
		"فرم ۸ یه سوال متن بلند: سابقه جراحی دارید؟ اگر بله توضیح دهید": "add_field #8 long_text سابقه جراحی دارید؟ اگر بله توضیح دهید",
		"یه سوال کوتاه بذار فرم ۴۴: شماره میز":                          "add_field #44 short_text شماره میز",
		"form 41 add q (rating): سرعت پاسخ":                             "add_field #41 rating سرعت پاسخ",
		"به فرم ۴ یه سوال (کوتاه) اضافه کن: نام پدر":                    "add_field #4 short_text نام پدر",
		"فرم ۱۸ سوال جدید بذار: اسم معلم":                               "add_field #18 short_text اسم معلم",
		"فرم ۱۸ یه سوال کوتاه اضافه کن: اسم معلم و منتشرش کن":           "add_field #18 short_text اسم معلم; publish_form #18",
		"بۆ فرم ۲۰ یه سوال متن کوتاه بنویسی، ناوی خوت":                  "add_field #20 short_text ناوی خوت",
		"به فرم ۵ یه سوال کشویی اضافه کن: کرج، قزوین":                   "add_field #5 dropdown [کرج|قزوین]",
		"یه سوال تاریخ بیذار فرم ۸۱، روز رزرو":                          "add_field #81 date روز رزرو",
		"یه سوال کوتاه بذار تو فرم ۸۲، شماره میز.":                      "add_field #82 short_text شماره میز",
		"یه سوال کوتاه بذار تو فرم ۸۳، لطفا":                            "add_field #83 short_text",
		"یه سوال کوتاه به فرم ۹۰ اضافه کن، بنویس: اسم میز و منتشرش کن":  "add_field #90 short_text اسم میز; publish_form #90",
		"سوال دوم فرم ۱۲ متنش بشه: ساعت شروع کار":                       "update_field #12 @1 ساعت شروع کار",
		"پرسش سوم فرم ۶ عنوانش باشد: محل تولد و محل صدور":               "update_field #6 @2 محل تولد و محل صدور",
		"یه سوال چندگزینه‌ای بذار تو فرم ۹ گزینه هاش قرمز آبی":          "add_field #9 multiple_choice [قرمز|آبی]",
		"یه سوال کوتاه بذار تو فرم ۱۰، بنویس: اجباری":                   "add_field #10 short_text required",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"یه سوال کوتاه تو فرم ۲۰، بنویس: شغل شما چیه؟": "add_field #20 short_text شغل شما چیه؟",
	})
}

// TestFormalAnnexAndHeading: the clerk's register annexes a question
// («… به فرم ۶۵ الحاق گردد», «ملحق شود») and heads it «تحت عنوان …»,
// as «افزوده گردد» and «با عنوان …» say.
func TestFormalAnnexAndHeading(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یک پرسش تاریخ تحت عنوان تاریخ صدور پروانه به فرم ۱۴ الحاق گردد": "add_field #14 date تاریخ صدور پروانه",
		"پرسشی کوتاه با عنوان «شماره پرونده» به فرم ۳ ملحق شود":          "add_field #3 short_text شماره پرونده",
		"یک سوال پاسخ بلند تحت عنوان شرح درخواست در فرم ۹ درج گردد":      "add_field #9 long_text شرح درخواست",
		"فرمی تحت عنوان ثبت شکایات ایجاد گردد":                           "create_form ثبت شکایات",
		"پرسشی به فرم ۱۴ الحاق نگردد":                                    "none",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"یک پرسش پاسخ کوتاه تحت عنوان کد رهگیری مرسوله به فرم ۷ الحاق شود": "add_field #7 short_text کد رهگیری مرسوله",
	})
}

// TestDeletedToRewrite: a wording deleted to write another in its
// place — «متن … حذف و عبارت «…» جایگزین آن گردد», «متن سوال دوم رو
// پاک کن و بنویس «…»» — is the wording changed; no question or form is
// deleted.
func TestDeletedToRewrite(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"متن پرسش سوم فرم ۴۰ حذف و عبارت «تاریخ مراجعه» جایگزین آن شود": "update_field #40 @2 تاریخ مراجعه",
		"متن سوال دوم فرم ۸ رو پاک کن و بنویس «نام پدر»":                "update_field #8 @1 نام پدر",
		"متن سوال اول فرم ۱۲ رو پاک کن، جاش بنویس «کد ملی همسر»":        "update_field #12 @0 کد ملی همسر",
		"عبارت پرسش دوم فرم ۵ حذف گردد و «محل سکونت» جایگزین گردد":      "update_field #5 @1 محل سکونت",
		"متن سوال دوم فرم ۸ رو پاک کن":                                  "none",
	})
}

// TestKeyedRecord: a question written as a programmer's record of keys
// and values — in braces or not, with «:» or «=», the wording quoted or
// not, before the keys or among them — is its kind, wording,
// requirement and format; a key the record reading does not know leaves
// the record to the other readings.
func TestKeyedRecord(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۸ add q: {type: email, label: ایمیل کاری}":                                          "add_field #8 email ایمیل کاری",
		"form 5 add field {label: شماره تماس اضطراری, type: short_text, format: phone}":          "add_field #5 short_text phone_ir شماره تماس اضطراری",
		"form 5 add field {label: \"موبایل\", type: short_text, format: mobile, required: true}": "add_field #5 short_text mobile_ir موبایل required",
		"به فرم ۹ یه سوال اضافه کن: label=امتیاز شما type=rating":                                "add_field #9 rating امتیاز شما",
		"form 12 -> add سوال کوتاه `نام شرکت` required=true":                                     "add_field #12 short_text نام شرکت required",
		"form 4 add q: «کد معرف» type=short_text required=false":                                 "add_field #4 short_text کد معرف",
		"form 31 add {\"type\": \"long_text\", \"label\": \"توضیحات سفارش\"}":                    "add_field #31 long_text توضیحات سفارش",
		"form 31 add q {\"label\": \"ایمیل شرکت\", \"type\": \"email\", \"required\": true}":     "add_field #31 email ایمیل شرکت required",
		"form 33 add q: «وب سایت» validation=url":                                                "add_field #33 short_text url وب سایت",
		"form 33: q4.format = postal":        "update_field #33 @3 postal_code_ir",
		"form 30 -> q2.label = \"نام کامل\"": "update_field #30 @1 نام کامل",
		"form 30 q2.required = true":         "update_field #30 @1 required",
		"form 5 q2 -> type: number":          "update_field #5 @1 number",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"form 7 add q: `نام مدرسه` type=short_text format=url": "add_field #7 short_text نام مدرسه",
	})
}

// TestDescribedKind: a label said with the copula typed on
// («موبایله», «کد ملیه») at the end of a sentence or clause says what a
// question asks: beside an order that names a format or another change
// it sets nothing of its own; beside an order of digits it names their
// format; alone it is read as the order it stands for.
func TestDescribedKind(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۷ سوال دوم. کد ملیه. قالبشو کد ملی کن.":        "update_field #7 @1 national_code",
		"سوال اول فرم ۴. شماره موبایله. اجباریش کن.":        "update_field #4 @0 required",
		"سوال ۴ فرم ۱۳ موبایله، فرمتش هم موبایل بشه":        "update_field #13 @3 mobile_ir",
		"سوال ۴ فرم ۱۳ فقط عدد ده رقمی بگیره، کد ملیه":      "update_field #13 @3 national_code",
		"فرم ۱۱ سوال سوم. موبایله.":                         "update_field #11 @2 short_text mobile_ir",
		"فرم ۲۰، سوال چهارم. کد پستیه. فرمتش کد پستی باشه.": "update_field #20 @3 postal_code_ir",
	})
}

// TestPurposeAfterMaking: the quoted purpose of a new form said after
// the verb that makes it — «یه فرم بساز بۆ "…"», «… درست کن برای «…»»
// — is its title, as it is said before the verb.
func TestPurposeAfterMaking(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه فرم جدید درست کن برای «ثبت نام اردو»":                   "create_form ثبت نام اردو",
		"یه فرم بساز بۆ «دورهمی نوروز» و منتشرش بکن":                "create_form دورهمی نوروز; publish_form",
		"یه فرم بساز واسه \"مسابقه نقاشی\"، یه سوال کوتاه: اسم بچه": "create_form مسابقه نقاشی; add_field short_text اسم بچه",
		"یه فرم جدید بساز for \"Team lunch\"":                       "create_form Team lunch",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"یه فرم بساز بۆ «کلاس زبان»، یه سوال متن بلند بنویسی: هدف شما": "create_form کلاس زبان; add_field long_text هدف شما",
	})
}

// TestOwnWordingSaid: a question named by its place is given a new
// wording unquoted — after «اسمش بشه», «متنش … بشه», «رو بکن:», «to»,
// «عنوان پرسش سوم … به … تغییر یابد» — and the wording is the
// question's, not the form's; words of a kind or format still change
// the kind or format.
func TestOwnWordingSaid(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دوم فرم ۱۹ اسمش بشه اسم کوچیک بچه":                       "update_field #19 @1 اسم کوچیک بچه",
		"سوال دوم فرم ۱۹ متنش اسم کوچیک بچه بشه":                       "update_field #19 @1 اسم کوچیک بچه",
		"پرسش سوم فرم ۶ عنوانش محل صدور باشد.":                         "update_field #6 @2 محل صدور",
		"سوال دوم فرم ۱۹ رو بکن: اسم کوچیک بچه":                        "update_field #19 @1 اسم کوچیک بچه",
		"سوال دوم فرم ۱۹ اسمش بشه اسم کوچیک بچه و اجباری باشه":         "update_field #19 @1 اسم کوچیک بچه required",
		"سوال دوم فرم ۱۹ رو بکن: چند گزینه ای":                         "update_field #19 @1 multiple_choice",
		"form 40 rename q2 to کد پیگیری":                               "update_field #40 @1 کد پیگیری",
		"form 40: set q2 label to شماره سفارش":                         "update_field #40 @1 شماره سفارش",
		"rename form 40 to گزارش ماهانه":                               "update_form_title #40 گزارش ماهانه",
		"مقرر گردید عنوان پرسش سوم فرم ۶۴ به شماره پرونده تغییر یابد.": "update_field #64 @2 شماره پرونده",
		"متن سوال ۲ فرم ۵ رو به نام پدر عوض کن":                        "update_field #5 @1 نام پدر",
		"قالب سوال ۲ فرم ۵ رو به کد ملی تغییر بده":                     "update_field #5 @1 national_code",
		"فرم ۱۹ رو اسمش بشه اردوی بهاره":                               "update_form_title #19 اردوی بهاره",
		"فرم ۱۴ یه سوال تاریخ بذار، بنویس: تاریخ ورود":                 "add_field #14 date تاریخ ورود",
	})
}

// TestFormatWished: a format's name wished for at the end of a clause
// opened by a comma or «که» — «، موبایل باشه», «که لینک باشه» — is the
// question's format, as «فرمتش … باشه» says; it is never dropped.
func TestFormatWished(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال «آدرس اینستاگرام» بذار تو فرم ۹۷، لینک باشه":                   "add_field #97 short_text url آدرس اینستاگرام",
		"یه سوال «شماره بابا» بذار تو فرم ۹۷ که موبایل باشه":                    "add_field #97 short_text mobile_ir شماره بابا",
		"به فرم ۱۲ یه سوال کوتاه «تلفن محل کار» اضافه کن، تلفن ثابت باشه":       "add_field #12 short_text phone_ir تلفن محل کار",
		"یه سوال «شماره بابا» بذار تو فرم ۹۷ موبایل باشه":                       "add_field #97 short_text mobile_ir شماره بابا",
		"یه سوال «وبلاگ» اضافه کن به فرم ۹۷ لینک باشه":                          "add_field #97 short_text url وبلاگ",
		"سوال دوم فرم ۹ رو عوض کن که کد ملی باشه":                               "update_field #9 @1 national_code",
		"پرسشی با عنوان «کد پستی محل کار» به فرم ۸ افزوده شود که کد پستی باشد.": "add_field #8 short_text postal_code_ir کد پستی محل کار",
	})
}

// TestIntoFormUnsaid: the form said right after the verb that puts or
// adds, with no «تو» or «به» — «… بذار فرم ۹۷ و منتشرش کن» — is where
// the question goes; a form with «رو» after it is the next act's.
func TestIntoFormUnsaid(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال «آدرس اینستاگرام» بذار فرم ۹۷ و منتشرش کن":     "add_field #97 short_text آدرس اینستاگرام; publish_form #97",
		"یه سوال کوتاه «نام» بیذار فرم ۳، اجباری باشه":          "add_field #3 short_text نام required",
		"یه سوال امتیازی «طعم» اضافه کن فرم ۱۲ و بعد منتشرش کن": "add_field #12 rating طعم; publish_form #12",
	})
}

// TestHeadedWordingJoined: in the written register a question's
// wording named after «با عنوان» or «تحت عنوان», unquoted, may hold
// «و» or «یا» — it runs to the form it goes to; a list of options after
// it is no part of it.
func TestHeadedWordingJoined(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یک پرسش کوتاه‌پاسخ با عنوان نام و نام خانوادگی متقاضی در فرم ۱۶ درج گردد": "add_field #16 short_text نام و نام خانوادگی متقاضی",
		"پرسشی تحت عنوان تاریخ شروع و پایان قرارداد به فرم ۲۲ افزوده شود":          "add_field #22 short_text تاریخ شروع و پایان قرارداد",
		"یک پرسش پاسخ بلند با عنوان شرح وظایف یا سوابق شغلی در فرم ۸ درج شود":      "add_field #8 long_text شرح وظایف یا سوابق شغلی",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"یک پرسش تحت عنوان محل تولد و محل صدور به فرم ۱۶ الحاق گردد": "add_field #16 short_text محل تولد و محل صدور",
		"به فرم ۱۴ یه سوال کوتاه اضافه کن، متنش: نام مادر":           "add_field #14 short_text نام مادر",
	})
}

// TestFormatColon: the colon after a noun of format says the format's
// name follows; a name of two words after it is one name, never two
// options of a choice.
func TestFormatColon(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کوتاه «تلفن» به فرم ۱۲ اضافه کن، فرمت: تلفن ثابت": "add_field #12 short_text phone_ir تلفن",
		"سوال ۲ فرم ۵ قالب: کد پستی":                               "update_field #5 @1 postal_code_ir",
		"فرم ۷ یه سوال «آدرس سایت» بذار، فرمتش: وب سایت":           "add_field #7 short_text url آدرس سایت",
	})
}

// TestSaidLastButNoWording: after the order, words parted by slashes
// are the options of a choice, and a word of haste («سریع», «فوری»,
// "asap") says how soon — neither is the question's wording.
func TestSaidLastButNoWording(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"به فرم ۱۲ یه سوال چند گزینه ای نوبت اضافه کن: اول / دوم / سوم": "add_field #12 multiple_choice نوبت [اول|دوم|سوم]",
		"تو فرم ۴ یه سوال کشویی شهر بذار: تهران/تبریز/یزد":              "add_field #4 dropdown شهر [تهران|تبریز|یزد]",
		"یه سوال ایمیل بذار تو فرم ۷۷ سریع":                             "add_field #77 email",
		"یه سوال کوتاه اضافه کن به فرم ۵ فوری":                          "add_field #5 short_text",
		"add a short question to form 9 asap":                           "add_field #9 short_text",
		"یه سوال کوتاه بذار فرم ۹۰، بنویس: ارسال سریع":                  "add_field #90 short_text ارسال سریع",
	})
}
