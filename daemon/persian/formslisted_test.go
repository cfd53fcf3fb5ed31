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

// TestQuestionsNamedBeforeTheSharedVerb: questions named by their wording
// one after another, the verb said once after the last («به فرم ۵ سوال
// «نام» و سوال «شهر» اضافه کن»), are each added — the first had been
// read as a question the form has, with nothing to change, and dropped
// without a warning. A question named with a verb of its own, or by its
// number, is still the one the form has (and by its wording alone, which
// no plan can point at, asks which).
func TestQuestionsNamedBeforeTheSharedVerb(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"به فرم ۵ سوال «نام» و سوال «شهر» اضافه کن":                "add_field #5 short_text نام; add_field #5 short_text شهر",
		"به فرم ۵ سوال «نام» و سوال «شهر» رو اضافه کن":             "add_field #5 short_text نام; add_field #5 short_text شهر",
		"تو فرم ۸ سوال «کد پرسنلی»، سوال «واحد» و سوال «سمت» بذار": "add_field #8 short_text کد پرسنلی; add_field #8 short_text واحد; add_field #8 short_text سمت",
		"برای فرم ۱۲ پرسش «رشته» و پرسش «مقطع» درج شود":            "add_field #12 short_text رشته; add_field #12 short_text مقطع",
		"فرم ۵ سوال «نام» رو حذف کن":                               "none",
		"فرم ۵ سوال ۲ و سوال ۳ رو حذف کن":                          "delete_field #5 @2; delete_field #5 @1",
	})
}

// TestTypeWordsOfQuestionsJoined: a word that is a type as well as a
// label («ایمیل», «تاریخ») says the type and no wording (RULINGS 14),
// also when another question said with its own noun follows it after
// «و» — that «و» joins two questions, not two labels of one list.
func TestTypeWordsOfQuestionsJoined(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"به فرم ۷ یه سوال ایمیل و یه سوال تاریخ اضافه کن":    "add_field #7 email; add_field #7 date",
		"یه سوال ایمیل و یه سوال تاریخ به فرم ۷ اضافه کن":    "add_field #7 email; add_field #7 date",
		"تو فرم ۳ سوال تاریخ و دو تا سوال کوتاه بذار":        "add_field #3 date; add_field #3 short_text; add_field #3 short_text",
		"برای فرم ۹ یک پرسش ایمیل و یک پرسش عددی افزوده شود": "add_field #9 email; add_field #9 number",
	})
}
