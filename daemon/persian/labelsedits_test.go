package persian

import "testing"

// TestPictographsDecorate: an emoji outside quotes decorates a command
// and is no word of it — not of a bare wording, not a word left unread;
// inside quotes it is kept as written.
func TestPictographsDecorate(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲: یه سوال امتیازی کیفیت سرویس ⭐⭐ اضافه کن": "add_field #12 rating کیفیت سرویس",
		"یه سوال کوتاه اسم مشتری 😊 به فرم ۸ اضافه کن":     "add_field #8 short_text اسم مشتری",
		"فرم ۱۴ رو منتشر کن 🚀🚀":                           "publish_form #14",
		"فرم ۱۵ رو پاک نکن 🙏🏻 فقط پیش نویس کن":            "draft_form #15",
		"به فرم ۳ یه سوال کوتاه «غذای محبوب 🍕» اضافه کن":  "add_field #3 short_text غذای محبوب 🍕",
		"👍": "none",
		"یه سوال بلند نظر شما 👨‍💻 درباره اپ به فرم ۹ اضافه کن": "add_field #9 long_text نظر شما درباره اپ",
	})
}

// TestKindBeforeNoun: in English order the kind comes before the noun
// («rating field», «a date field»); the noun then names a question to
// make, and all the words after it, a label word at their head
// included, are its wording — with a verb or without one, in either
// contract.
func TestKindBeforeNoun(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"email field ایمیل همکار to form 12":                 "add_field #12 email ایمیل همکار",
		"یه date field تاریخ تحویل به فرم ۸ اضافه کن":        "add_field #8 date تاریخ تحویل",
		"add a number field تعداد مهمان to form 9":           "add_field #9 number تعداد مهمان",
		"فرم ۲۰: یه rating field سرعت ارسال":                 "add_field #20 rating سرعت ارسال",
		"long text field توضیحات سفارش برای form 7 اضافه کن": "add_field #7 long_text توضیحات سفارش",
		"یه email field به فرم ۸ اضافه کن":                   "add_field #8 email",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"rating field کیفیت غذا برای form 61": "add_field #61 rating کیفیت غذا",
		"short text field نام پدر to form 4":  "add_field #4 short_text نام پدر",
	})
}
