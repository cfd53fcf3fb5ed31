package persian

import "testing"

// TestFormIDCountsNoQuestion: a number said right after the form's noun
// («فرم ۹۱ سوال …», «فرم شماره ۴۰ سوال …») is the form's id; it does
// not count the questions, so the one choice question worded after it
// still takes the options its colon lists.
func TestFormIDCountsNoQuestion(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲ سوال کشویی «شهر» بذار: تهران، مشهد، تبریز":                "add_field #12 dropdown شهر [تهران|مشهد|تبریز]",
		"فرم 7 سوال چندانتخابی «رنگ» اضافه کن: قرمز / آبی / سبز":          "add_field #7 checkboxes رنگ [قرمز|آبی|سبز]",
		"فرم شماره ۴۰ سوال کشویی «نوبت» اضافه کنید: صبح، عصر":             "add_field #40 dropdown نوبت [صبح|عصر]",
		"فرم ۲ سوال تک گزینه ای «جنس» بذار: زن، مرد":                      "add_field #2 multiple_choice جنس [زن|مرد]",
		"فرم ۳۰ سوال چند گزینه‌ای «سطح» بذارین: الف) کم ب) متوسط ج) زیاد": "add_field #30 multiple_choice سطح [کم|متوسط|زیاد]",
		// A count said after the id still counts: two questions, worded.
		"فرم ۸ دو سوال کشویی: استان و شهرستان": "add_field #8 dropdown استان; add_field #8 dropdown شهرستان",
	})
}

// TestPicturesTypedBesideWords: an emoji typed among the words says
// none of them: it ends the word before it and is dropped, so it is no
// part of the last option, a wording or a verb, glued on or spaced
// apart, alone or as a sequence of pictures. Inside quotes it stays.
func TestPicturesTypedBesideWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۱۴ رو کشویی کن با گزینه‌های صبح / عصر / شب 🌙":  "update_field #14 @1 dropdown [صبح|عصر|شب]",
		"فرم ۹ یه سوال چندانتخابی «ورزش» بذار: فوتبال، والیبال ⚽️": "add_field #9 checkboxes ورزش [فوتبال|والیبال]",
		"form 12: dropdown «Size» options: Small🍕, Large🍔":         "add_field #12 dropdown Size [Small|Large]",
		"فرم ۳ رو منتشر کن 🚀🚀":                                     "publish_form #3",
		"فرم ۷ رو منتشر کن 👨\u200d👩\u200d👧":                        "publish_form #7",
		"یه سوال کوتاه «غذای محبوب 🍕» به فرم ۵ اضافه کن":           "add_field #5 short_text غذای محبوب 🍕",
		"فرم 70: dropdown \"City\" 🏙️ options: Tehran, Tabriz":     "add_field #70 dropdown City [Tehran|Tabriz]",
	})
}
