package persian

import "testing"

// TestRangeEndInWords: a range of questions whose ends are said in
// words, as dictation writes them («یک تا سیزده»), or as ordinals with
// «یکم» for the first — every question of it, and past the step limit
// refused whole.
func TestRangeEndInWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوالای دو تا چهار فرم بیست رو اختیاری کن":            "update_field #20 @1 optional; update_field #20 @2 optional; update_field #20 @3 optional",
		"پرسش‌های یک الی سه فرم ۱۲ الزامی گردد":               "update_field #12 @0 required; update_field #12 @1 required; update_field #12 @2 required",
		"سوال‌های یکم تا سوم فرم ۹ رو اجباری کن":               "update_field #9 @0 required; update_field #9 @1 required; update_field #9 @2 required",
		"پرسش‌های یکم و دوم فرم ۴۴ اختیاری شوند":               "update_field #44 @0 optional; update_field #44 @1 optional",
		"question 2 to 3 of form 5 make required":              "update_field #5 @1 required; update_field #5 @2 required",
		"سوالای یک تا چهارده فرم سی رو همه رو اجباری کن":        "none",
		"پرسش‌های یکم تا سیزدهم فرم ۷ همگی اختیاری گردند":      "none",
		// «یکم» alone is "a little": no question is named by it.
		"فرم ۴ رو یکم تغییر بده": "none",
	})
}
