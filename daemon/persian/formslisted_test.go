package persian

import "testing"

// TestMoreFormsOfTheAddedQuestions: forms listed after the form a
// question is added to, the last with the verb alone, get the same
// question — they were read and dropped without a word; a clause with
// its own question or its own order keeps it.
func TestMoreFormsOfTheAddedQuestions(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"یه سوال کوتاه «نام» به فرم ۱۲، فرم ۱۳ و فرم ۱۴ اضافه کن": "add_field #12 short_text نام; add_field #13 short_text نام; add_field #14 short_text نام",
		"یه سوال ایمیل به فرم ۵ و فرم ۹ اضافه کنید":               "add_field #5 email; add_field #9 email",
		"یه سوال تاریخ «تولد» به فرم ۳، فرم ۴ اضافه کنید":         "add_field #3 date تولد; add_field #4 date تولد",
		"یه سوال ایمیل به فرم ۵، و فرم ۶ یه سوال تاریخ اضافه کن":  "add_field #5 email; add_field #6 date",
		"یه سوال تاریخ به فرم ۵ اضافه کن و فرم ۶ رو منتشر کن":     "add_field #5 date; publish_form #6",
	})
}
