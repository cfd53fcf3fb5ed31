package persian

import "testing"

// TestRangeEndInWords: a range of questions whose ends are said in
// words, as dictation writes them («یک تا سیزده»), or as ordinals with
// «یکم» for the first — every question of it, and past the step limit
// refused whole.
func TestRangeEndInWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوالای دو تا چهار فرم بیست رو اختیاری کن":        "update_field #20 @1 optional; update_field #20 @2 optional; update_field #20 @3 optional",
		"پرسش‌های یک الی سه فرم ۱۲ الزامی گردد":           "update_field #12 @0 required; update_field #12 @1 required; update_field #12 @2 required",
		"سوال‌های یکم تا سوم فرم ۹ رو اجباری کن":          "update_field #9 @0 required; update_field #9 @1 required; update_field #9 @2 required",
		"پرسش‌های یکم و دوم فرم ۴۴ اختیاری شوند":          "update_field #44 @0 optional; update_field #44 @1 optional",
		"question 2 to 3 of form 5 make required":         "update_field #5 @1 required; update_field #5 @2 required",
		"سوالای یک تا چهارده فرم سی رو همه رو اجباری کن":  "none",
		"پرسش‌های یکم تا سیزدهم فرم ۷ همگی اختیاری گردند": "none",
		// «یکم» alone is "a little": no question is named by it.
		"فرم ۴ رو یکم تغییر بده": "none",
	})
}

// TestCorrectedToANewVerb: a question order taken back for another
// verb («… حذف کن نه ببخشید منظورم این بود اجباریش کن») gives the new
// verb to the same question of the same form; "what I meant was" only
// leads to it, and the verb taken back is never done.
func TestCorrectedToANewVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دو فرم ۸۱ رو حذف کن، نه ببخشید، اجباریش کن":                "update_field #81 @1 required",
		"سوال سوم فرم ۱۲ رو پاک کن ببخشید منظورم این بود که اختیاریش کن": "update_field #12 @2 optional",
		"پرسش دوم فرم ۵ حذف شود؛ اصلاحیه: الزامی شود":                    "update_field #5 @1 required",
		"فرم ۱۲ رو پاک کن نه ببخشید منظورم این بود که منتشرش کن":         "publish_form #12",
		"سوال ۴ فرم ۶ رو ببر اول نه ببخشید منظورم اینه که اختیاریش کن":   "update_field #6 @3 optional",
		"سوال دوم فرم ۱۴ رو پاک کن، منظورم سوال سوم بود":                 "delete_field #14 @2",
	})
}

// TestNotDeletedButClosed: "don't delete it, just let it take no more
// answers" closes the form; the answers are what it stops taking, not a
// part removed, and the delete denied is never done.
func TestNotDeletedButClosed(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۲ رو حذف نکنید، فقط دیگه پاسخ نپذیرد":   "disable_form #22",
		"فرم ۲۲ رو حذف نکن فقط دیگه جواب قبول نکنه":   "disable_form #22",
		"فرم ۴۸ رو پاک نکنین، فقط دیگه ثبت‌نام نگیره": "disable_form #48",
		"فرم ۲۲ رو پاک نکن، فقط جوابهاش رو پاک کن":    "none",
		"فرم ۲۲ رو پاک نکن":                           "none",
	})
}

// TestCeasesTakingAnswers: the formal register closes a form by saying
// it ceases to take answers («از پذیرش پاسخ بازایستد», «دریافت پاسخ …
// متوقف گردد»): that is disabling, never a draft or a delete.
func TestCeasesTakingAnswers(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۰۲ از پذیرش پاسخ بازایستد":             "disable_form #102",
		"پذیرش پاسخ فرم ۷۷ تا اطلاع ثانوی متوقف شود": "disable_form #77",
		"مستدعی است فرم ۸۸ از دریافت پاسخ بازایستد":  "disable_form #88",
		"فرم ۶۱ از پذیرش پاسخ باز ایستد":             "disable_form #61",
		"پذیرش پاسخ فرم ۶۱ متوقف نشود":               "none",
	})
}
