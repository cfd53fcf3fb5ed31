package persian

import "testing"

// TestNameSaidRight: «عنوان غلط. عنوان درست: «…»»: a name said right,
// new or correct, with no verb, is the name to give — the form's, or,
// after a question named alone, the question's wording; the wrong name
// is a remark, its misspelling («قلط») read by its sound.
func TestNameSaidRight(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۵. اسم اشتباه. اسم درست: «آزمون ورودی».":        "update_form_title #15 آزمون ورودی",
		"عنوان جدید فرم ۲۲: «کارگاه عکاسی»":                   "update_form_title #22 کارگاه عکاسی",
		"عنوان فرم ۸ قلطه، عنوان صحیح «کلاس یوگا» است":        "update_form_title #8 کلاس یوگا",
		"فرم ۵. سوال ۳. عنوان قلط. عنوان درست: «سن».":         "update_field #5 @2 سن",
		"سوال ۴ فرم ۷. متن اشتباه. متن صحیح: «شهر محل تولد».": "update_field #7 @3 شهر محل تولد",
		"سوال ۳ فرم ۵ رو اجباری کن، عنوان جدید: «سن»":         "update_field #5 @2 سن required",
		// a new form's name is its title, not a rename.
		"یه فرم جدید بساز، عنوان جدید: «باشگاه»": "create_form باشگاه",
	})
}

// TestLimitIsThePoint: a limit said in a clause of its own, of a
// question named only by its kind, in a command with no verb («فرم ۱۸.
// سوال ۳. فایل. حجم: حداکثر دو مگابایت.»), is all the command asks, and
// no plan carries it: no plan. With a verb changing the kind, the change
// is made and the limit named.
func TestLimitIsThePoint(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹. سوال ۲. متن کوتاه. طول: حداکثر ۳۰ حرف.": "none",
		"فرم ۴. سوال ۵. عددی. حداقل ۱۸.":                "none",
		"فرم ۱۸. سوال ۳. فایل. حجم: حداکثر ۵ مگابایت.":  "none",
		"فرم ۱۸. سوال ۳. فایل.":                         "update_field #18 @2 file",
		"سوال ۳ فرم ۱۸ رو فایل کن. حجمش حداکثر دو مگ":   "update_field #18 @2 file",
	})
}
