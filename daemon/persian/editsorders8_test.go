package persian

import "testing"

// TestRegionalVerbs: the verbs and small words of Persian as Kurds of
// Kermanshah and Gilaks of Rasht write it — «بکه»/«نکه», «بوکون»/«نوکون»,
// «بیذار», «ره» after the object, «ئی», «بۆ» — read as the Persian
// words they stand for, a denial still a denial.
func TestRegionalVerbs(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۳۳ منتشر بکه":                        "publish_form #33",
		"ئی فرم ۸ ره پیش‌نویس بکه":                "draft_form #8",
		"سوال دوم فرم ۱۲ اجباری بکه":              "update_field #12 @1 required",
		"فرم ۴۰ ره منتشر بوکون":                   "publish_form #40",
		"فرم ۴۰ ره پاک نوکون":                     "none",
		"فرم ۶ پاکش نکه، فقط پیش‌نویسش بکه":       "draft_form #6",
		"فرم ۲۱ ره پاک نوکونید، پیش نویس بوکونید": "draft_form #21",
		"به فرم ۹ یه سوال کوتاه «شهر» بیذار":      "add_field #9 short_text شهر",
		"فرم ۱۴ ره کپی بوکون":                     "duplicate_form #14",
		"سوال سوم فرم ۵ ببر بکه اولی":             "move_field #5 @2 >0",
		"ئی فرم ۳ هیچ حذفش نکه، بۆش پیش‌نویس بکه": "draft_form #3",
		"فرم ۲ ره یه کپی بوکون، اسم نمیخاد":       "duplicate_form #2",
	})
}

// TestTextErasedThenWritten: the name of a form or the text of a
// question erased and another written in its place is the change of
// name or text — never the form or the question deleted — and the
// erasing alone, of a part, is no plan.
func TestTextErasedThenWritten(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"اسم قدیمی فرم ۱۱ پاک کن، بنویس «بازارچه خیریه»":                "update_form_title #11 بازارچه خیریه",
		"عنوان فعلی فرم ۹ رو پاک کن جاش بنویس «ثبت نام»":                "update_form_title #9 ثبت نام",
		"اسم فرم ۵ رو پاک کن «تست» بنویس":                               "update_form_title #5 تست",
		"title of form 4 delete, write \"Signup\"":                      "update_form_title #4 Signup",
		"متن سوال دوم فرم ۱۸ رو پاک کن و بنویس «محل تولد»":              "update_field #18 @1 محل تولد",
		"متن پیشین پرسش سوم فرم ۶ حذف و عبارت «کد ملی» جایگزین آن گردد": "update_field #6 @2 کد ملی",
		"نام قبلی فرم ۳۰ پاک شود و «اردوی تابستانه» جایگزین گردد":       "update_form_title #30 اردوی تابستانه",
		// the erasing alone: a part, never the whole
		"اسم قدیمی فرم ۲۷ رو پاک کن": "none",
		"عنوان فعلی فرم ۸ حذف شود":   "none",
		"اسم قبلی فرم ۲ پاک بکه":     "none",
		"فرم ۵ رو پاک کن":            "delete_form #5",
	})
}

// TestCopyNamed: a name given after a copy — «title جدید: …», «اسم
// کپی: …» with or without quotes, "new title: …" — is the copy's
// (duplicate_form.title), never a rename of the form copied; a copy
// said to need no name is a copy without one.
func TestCopyNamed(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم 19 رو duplicate کن، title جدید: \"نسخه آزمایشی\"": "duplicate_form #19 نسخه آزمایشی",
		"فرم ۳۸ کپی. اسم کپی: جشن فارغ التحصیلی":               "duplicate_form #38 جشن فارغ التحصیلی",
		"از فرم ۷ یه نسخه بگیر. عنوان نسخه جدید: کلاس تابستان": "duplicate_form #7 کلاس تابستان",
		"فرم ۱۲ رو کپی کن، اسم جدید: «ثبت نام پاییز»":          "duplicate_form #12 ثبت نام پاییز",
		"duplicate form 4, new title: staging copy":            "duplicate_form #4 staging copy",
		"clone form 5, new name: \"Q3 survey\"":                "duplicate_form #5 Q3 survey",
		"فرم ۸۷ رو یه کپی بکن، اسم نمیخواد":                    "duplicate_form #87",
		// without a copy, the right name is the form's own
		"اسم فرم ۹ غلطه، درستش «ثبت نام»": "update_form_title #9 ثبت نام",
		"فرم ۹. اسم جدید: «ثبت نام»":      "update_form_title #9 ثبت نام",
	})
}
