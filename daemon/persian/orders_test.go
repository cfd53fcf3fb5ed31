package persian

import "testing"

// TestDariVerbNouns: Dari makes its verbs of other nouns than Iranian
// Persian — «جور کردن» to make, «نشر کردن» to publish, «نو» for new —
// and the English «title» is typed in Persian letters («تیتل»). Said
// before a light verb (or after a form's noun, for «نو») they are the
// verbs and the adjective they stand for; alone they keep their own
// meaning.
func TestDariVerbNouns(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		// «جور کن» makes a form, a question, a question optional.
		"یک فورم نو به اسم «ثبت سفارش» جور کنید":         "create_form ثبت سفارش",
		"یه فرم تازه جور کن «دفتر حساب» و منتشرش کن":     "create_form دفتر حساب; publish_form",
		"یک سوال پاسخ کوتاه «نام پدر» به فورم ۱۲ جور کن": "add_field #12 short_text نام پدر",
		"سوال دوم فورم ۷ را اجباری جور کن":               "update_field #7 @1 required",
		"سوال ۳ فرم ۱۱ را پاک نکن، فقط اختیاری جورش کن":  "update_field #11 @2 optional",
		// «نشر کن», «نشرش کن» publish.
		"فورم ۲۵ را نشر کنید":                           "publish_form #25",
		"یک فورم نو «کرایه» بساز و بعد نشرش کن":         "create_form کرایه; publish_form",
		"سوال اول فورم ۹ را اجباری کن و فورم را نشر کن": "update_field #9 @0 required; publish_form #9",
		// «نو» after the noun of a form or a question is new.
		"یک فورم نو «مشتریان ۱۴۰۵» بساز":                            "create_form مشتریان ۱۴۰۵",
		"یک پرسشنامه نو «خیاطی» جور کن و دو سوال کوتاه در آن بگذار": "create_form خیاطی; add_field short_text; add_field short_text",
		// «تیتل» is the title.
		"تیتل فرم ۱۲ رو بذار «جشن تولد»":          "update_form_title #12 جشن تولد",
		"فرم ۸ رو تیتلش رو عوض کن به «آتلیه نور»": "update_form_title #8 آتلیه نور",
		// Alone the words keep their meaning: no verb, no act.
		"نشر فرم ۵ چه وقت بود؟": "none",
	})
}
