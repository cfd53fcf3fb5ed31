package persian

import (
	"encoding/json"
	"testing"
)

// stepsJSON is r's plan steps as compact JSON, "" when there is no plan.
func stepsJSON(t *testing.T, r Result) string {
	t.Helper()
	if r.Plan == nil {
		return ""
	}
	b, err := json.Marshal(r.Plan.Steps)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// planCases reads each command with the contract given and wants the
// steps as JSON ("" for no plan).
func planCases(t *testing.T, contract int, cases map[string]string) {
	t.Helper()
	p := New(Config{Contract: contract})
	for text, want := range cases {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if got := stepsJSON(t, r); got != want {
				t.Fatalf("got  %s\nwant %s\n(reason %q, warnings %+v)", got, want, r.Reason, r.Warnings)
			}
		})
	}
}

// TestTypeAloneBesideItsVerb: a terse order names the new question by
// its type alone, with no article, count or noun — after an English
// add verb («add number …») or before a Persian one («کشویی اضافه
// کن») — and the words after the type are its wording.
func TestTypeAloneBesideItsVerb(t *testing.T) {
	planCases(t, 2, map[string]string{
		"form 12 add number تعداد فرزندان، required": `[{"action":"add_field","params":{"id":12,"type":"number","question":"تعداد فرزندان","required":true}}]`,
		"فرم 8: add long text شرح حادثه":             `[{"action":"add_field","params":{"id":8,"type":"long_text","question":"شرح حادثه"}}]`,
		"form 9 insert date تاریخ ترخیص":             `[{"action":"add_field","params":{"id":9,"type":"date","question":"تاریخ ترخیص"}}]`,
		"form 4 add dropdown «بیمه» (تامین / آزاد)":  `[{"action":"add_field","params":{"id":4,"type":"dropdown","question":"بیمه","options":["تامین","آزاد"]}}]`,
		"فرم ۴۷ کشویی اضافه کن":                      `[{"action":"add_field","params":{"id":47,"type":"dropdown"}}]`,
		// A type word that is not beside the verb adds nothing of itself.
		"سوال ۳ فرم ۷ رو کشویی کن": `[{"action":"update_field","params":{"id":7,"type":"dropdown","index":2}}]`,
	})
	planCases(t, 1, map[string]string{
		"form 5: add long text علت مراجعه": `[{"action":"add_field","params":{"id":5,"type":"long_text","question":"علت مراجعه"}}]`,
	})
}

// TestOptionsAfterAnArrowOrColon: an arrow points from a worded choice
// question to its options as a colon does, and the list is closed by
// the verb that puts the question as well as by the command's end —
// even when «form N:» was said before the question.
func TestOptionsAfterAnArrowOrColon(t *testing.T) {
	planCases(t, 2, map[string]string{
		"form 47: add dropdown «نوبت» → صبح / عصر / شب":           `[{"action":"add_field","params":{"id":47,"type":"dropdown","question":"نوبت","options":["صبح","عصر","شب"]}}]`,
		"فرم ۱۲ یه سوال کشویی «وعده» → صبحانه / ناهار / شام بذار": `[{"action":"add_field","params":{"id":12,"type":"dropdown","question":"وعده","options":["صبحانه","ناهار","شام"]}}]`,
		"فرم ۱۲ یه سوال «وعده»: صبحانه، ناهار، شام اضافه کنید":    `[{"action":"add_field","params":{"id":12,"type":"multiple_choice","question":"وعده","options":["صبحانه","ناهار","شام"]}}]`,
		"form 3. add a dropdown «size» ⇒ S / M / L":               `[{"action":"add_field","params":{"id":3,"type":"dropdown","question":"size","options":["S","M","L"]}}]`,
	})
}

// TestOptionsWithoutTheirNoun: options are said without «گزینه» too —
// after a choice type and «با» («کشویی با …», "a dropdown with …"),
// numbered after their noun («با گزینه‌های ۱- … ۲- …», where the numbers
// part items instead of orders), or listed first and pointed back at
// («…؛ با اینا یه سوال کشویی …»). The verb's own noun after the last
// option («… تبدیل شود») is no option.
func TestOptionsWithoutTheirNoun(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم ۴۵ یه سوال کشویی «رنگ» با قرمز، آبی، سبز اضافه کن":                  `[{"action":"add_field","params":{"id":45,"type":"dropdown","question":"رنگ","options":["قرمز","آبی","سبز"]}}]`,
		"فرم ۴۵ یه سوال «سایز» چندگزینه‌ای با کوچک یا متوسط یا بزرگ بذار":        `[{"action":"add_field","params":{"id":45,"type":"multiple_choice","question":"سایز","options":["کوچک","متوسط","بزرگ"]}}]`,
		"form 8: add a dropdown «size» with small, medium, large":                `[{"action":"add_field","params":{"id":8,"type":"dropdown","question":"size","options":["small","medium","large"]}}]`,
		"فرم ۱۲ یه سوال کشویی «شهر» با گزینه‌های 1) تهران 2) مشهد 3) شیراز بذار": `[{"action":"add_field","params":{"id":12,"type":"dropdown","question":"شهر","options":["تهران","مشهد","شیراز"]}}]`,
		"فرم ۱۲ یه سوال کشویی «شهر» بذار، گزینه‌ها: ۱- تهران ۲- مشهد ۳- شیراز":   `[{"action":"add_field","params":{"id":12,"type":"dropdown","question":"شهر","options":["تهران","مشهد","شیراز"]}}]`,
		"پرسش سوم فرم ۸ به پرسش کشویی با گزینه‌های ۱- نقد ۲- کارت تبدیل گردد":    `[{"action":"update_field","params":{"id":8,"type":"dropdown","index":2,"options":["نقد","کارت"]}}]`,
		"قرمز، آبی، سبز: با اینا یه سوال چندگزینه‌ای «رنگ» به فرم ۹ اضافه کن":    `[{"action":"add_field","params":{"id":9,"type":"multiple_choice","question":"رنگ","options":["قرمز","آبی","سبز"]}}]`,
		"small, medium, large. make a dropdown «size» in form 4 with these":      `[{"action":"add_field","params":{"id":4,"type":"dropdown","question":"size","options":["small","medium","large"]}}]`,
		// Numbered orders stay orders of their own.
		"1) فرم ۹ رو منتشر کن 2) فرم ۱۰ رو پیش‌نویس کن": `[{"action":"publish_form","params":{"id":9}},{"action":"draft_form","params":{"id":10}}]`,
	})
}

// TestWordingKeepsItsMarks: the marks a writer puts over or under
// letters («اُو» for water, «اوّل») are kept in a wording or title as
// typed, while the words of the command are read without them.
func TestWordingKeepsItsMarks(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم ۱۵ یه سوال متن بلند سهمیه اُو باغ بذار": `[{"action":"add_field","params":{"id":15,"type":"long_text","question":"سهمیه اُو باغ"}}]`,
		"یه فرم بساز «نوبت اُو کشاورزی» و منتشرش کن": `[{"action":"create_form","params":{"title":"نوبت اُو کشاورزی"}},{"action":"publish_form","params":{}}]`,
		"سوالِ اوّلِ فرم ۹ رو اجباری کُن":            `[{"action":"update_field","params":{"id":9,"required":true,"index":0}}]`,
	})
}

// TestLabelledNewFormAndQuestion: a colon gives a new form its title
// («new form: …», «فرم جدید: …») up to the sentence's stop, and a
// question's noun its description («q: چندگزینه‌ای …»); a quote an
// English add verb adds is a question's wording; a format said in a
// clause after a listed wording is that question's, and names none.
func TestLabelledNewFormAndQuestion(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم جدید: گزارش بازدید مزرعه":                                     `[{"action":"create_form","params":{"title":"گزارش بازدید مزرعه"}}]`,
		"new form: Night report":                                           `[{"action":"create_form","params":{"title":"Night report"}}]`,
		"new form: ثبت ویزیت. add: «موبایل همراه»، mobile format":          `[{"action":"create_form","params":{"title":"ثبت ویزیت"}},{"action":"add_field","params":{"type":"short_text","question":"موبایل همراه","format":"mobile_ir"}}]`,
		"new form: تحویل بخش. q: چندگزینه‌ای سطح هوشیاری (alert / drowsy)": `[{"action":"create_form","params":{"title":"تحویل بخش"}},{"action":"add_field","params":{"type":"multiple_choice","question":"سطح هوشیاری","options":["alert","drowsy"]}}]`,
		"form 5 add «نام بیمار»":                                           `[{"action":"add_field","params":{"id":5,"type":"short_text","question":"نام بیمار"}}]`,
		"فرم 23 یه سوال کوتاه اضافه کن: «سایت شرکت»، فرمتش url باشه":       `[{"action":"add_field","params":{"id":23,"type":"short_text","question":"سایت شرکت","format":"url"}}]`,
		// Words that name questions after the colon are no title.
		"فرم ۸ با سه سوال: کوتاه، بلند، عددی": `[{"action":"add_field","params":{"id":8,"type":"short_text"}},{"action":"add_field","params":{"id":8,"type":"long_text"}},{"action":"add_field","params":{"id":8,"type":"number"}}]`,
	})
}

// TestFormatSaidInOtherWords: a format is named in English order
// («mobile format», «in landline format»), or as what the answer must
// be («جوابش حتماً لینک اینترنتی باشه»).
func TestFormatSaidInOtherWords(t *testing.T) {
	planCases(t, 2, map[string]string{
		"form 5: add «تلفن سوپروایزر», mobile format":                                 `[{"action":"add_field","params":{"id":5,"type":"short_text","question":"تلفن سوپروایزر","format":"mobile_ir"}}]`,
		"form 5: add a short text «office» in landline format":                        `[{"action":"add_field","params":{"id":5,"type":"short_text","question":"office","format":"phone_ir"}}]`,
		"فرم ۳ یه سوال کوتاه «صفحه اینستاگرام» بذار، جوابش لینک باشه":                 `[{"action":"add_field","params":{"id":3,"type":"short_text","question":"صفحه اینستاگرام","format":"url"}}]`,
		"تو فرم ۹ یه سوال کوتاه «وبلاگ مدرسه» بذار که جوابش حتماً لینک اینترنتی باشه": `[{"action":"add_field","params":{"id":9,"type":"short_text","question":"وبلاگ مدرسه","format":"url"}}]`,
	})
}

// TestWordingBetweenCommas: a wording set off by commas after the
// question's type, before the verb that adds it, is its wording — the
// type word is not («یه سوال تاریخ، روز تحویل فرش، اضافه کنید»).
func TestWordingBetweenCommas(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم ۸ یه سوال عددی، تعداد فرزندان، بذار":   `[{"action":"add_field","params":{"id":8,"type":"number","question":"تعداد فرزندان"}}]`,
		"فرم ۸ یه سوال تاریخ، تاریخ عقد، بذار":      `[{"action":"add_field","params":{"id":8,"type":"date","question":"تاریخ عقد"}}]`,
		"فرم ۸ یه سوال ایمیل، ایمیل کاری، اضافه کن": `[{"action":"add_field","params":{"id":8,"type":"email","question":"ایمیل کاری"}}]`,
		// What the commas hold may only describe the question.
		"فرم ۸ یه سوال عددی، اجباری، بذار": `[{"action":"add_field","params":{"id":8,"type":"number","required":true}}]`,
	})
}

// TestBesideTheLastQuestion: the last question's place depends on how
// many questions the form has, which a plan cannot know: a question put
// before or after it gets no plan (nor a second, stray question).
func TestBesideTheLastQuestion(t *testing.T) {
	planCases(t, 2, map[string]string{
		"یه سوال کوتاه بعد از سوال آخر فرم ۲۶ اضافه کن":                   "",
		"پرسشی تشریحی با عنوان «سوابق» پیش از آخرین پرسش فرم ۲۶ درج گردد": "",
		"form 5: add a short text «x» before the last question":           "",
		// «سوال آخر» quoted is a wording, not a place.
		"یه سوال کوتاه «سوال آخر» به فرم ۵ اضافه کن": `[{"action":"add_field","params":{"id":5,"type":"short_text","question":"سوال آخر"}}]`,
	})
	planCases(t, 1, map[string]string{
		"یه سوال کوتاه قبل از سوال آخر فرم ۲۶ اضافه کن": "",
	})
}

// TestPlusAndVerblessTypedWording: «+» adds what follows it as «add»
// does («new form «X» + short text «Y»»), and a type said right before
// its quoted wording, with no verb at all, is a new question of the form
// named («فرم 71: dropdown «مرورگر»: …»).
func TestPlusAndVerblessTypedWording(t *testing.T) {
	planCases(t, 2, map[string]string{
		"new form «ویزیت» + number «سن»":                       `[{"action":"create_form","params":{"title":"ویزیت"}},{"action":"add_field","params":{"type":"number","question":"سن"}}]`,
		"فرم 71: dropdown «مرورگر»: Chrome / Firefox / Safari": `[{"action":"add_field","params":{"id":71,"type":"dropdown","question":"مرورگر","options":["Chrome","Firefox","Safari"]}}]`,
		"فرم ۹: کشویی «شهر» (تهران / مشهد)":                    `[{"action":"add_field","params":{"id":9,"type":"dropdown","question":"شهر","options":["تهران","مشهد"]}}]`,
	})
	planCases(t, 1, map[string]string{
		"new form «پیگیری» + short text «نام همراه»":  `[{"action":"create_form","params":{"title":"پیگیری"}},{"action":"add_field","params":{"type":"short_text","question":"نام همراه"}}]`,
		"فرم 71: dropdown «مرورگر»: Chrome / Firefox": `[{"action":"add_field","params":{"id":71,"type":"dropdown","question":"مرورگر"}}]`,
	})
}

// TestSpokenChandAndQuestionsOnly: «چن» is «چند» as it is said, so
// «چن جوابی» is a question of several answers (none in v1, which has
// none); a command whose every sentence asks («… چن تا سوال داره؟
// چیکار کنم بفهمم») gets no plan, while a sentence that orders, however
// it ends, still does.
func TestSpokenChandAndQuestionsOnly(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم ۳۳ یه سوال چن جوابی بذار: گندم، جو، پنبه": `[{"action":"add_field","params":{"id":33,"type":"checkboxes","options":["گندم","جو","پنبه"]}}]`,
		"فرم ۲۹ چن تا سوال داره؟ چیکار کنم بفهمم":      "",
		"فرم ۸ کدوم سوالاش اجباریه؟":                   "",
		"فرم ۱۲ چند تا جواب گرفته؟ چطوری ببینم":        "",
		"یه سوال «چند سالته؟» به فرم ۵ اضافه کن":       `[{"action":"add_field","params":{"id":5,"type":"short_text","question":"چند سالته؟"}}]`,
	})
	planCases(t, 1, map[string]string{
		"فرم ۳۳ یه سوال چن جوابی بذار که چن تاشو بشه تیک زد: گندم، جو":                     "",
		"خواهشمند است پرسشی از نوع تاریخ با عنوان «روز تولد نوزاد» به فرم ۳۰ افزوده گردد.": "",
		"فرم ۳۰ یه سوال عددی اضافه کن":                                                     "",
		// A kind only the wording implies is v1's short text.
		"به فرم ۴ دو سوال اضافه کن: نام، سن": `[{"action":"add_field","params":{"id":4,"type":"short_text","question":"نام"}},{"action":"add_field","params":{"id":4,"type":"short_text","question":"سن"}}]`,
	})
}

// TestAskVerbAfterAComma: «…، بپرسه «…»» words the question before the
// comma, as «که بپرسه «…»» does.
func TestAskVerbAfterAComma(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم ۵ یه سوال کوتاه بذار، بپرسه «اسمت چیه»":                               `[{"action":"add_field","params":{"id":5,"type":"short_text","question":"اسمت چیه"}}]`,
		"تو فرم ۸ یه سوال کشویی بذارید، بپرسه «کدوم شعبه» با گزینه های شمال، جنوب": `[{"action":"add_field","params":{"id":8,"type":"dropdown","question":"کدوم شعبه","options":["شمال","جنوب"]}}]`,
	})
}

// TestSpokenObjectAndWarningParticle: «سومشه» is «سومش رو» (the spoken
// object marker typed onto «its third»), and the «ها» of warning typed
// apart after a denied verb («حذفش نکنی ها») leaves it denied: the
// alternative said beside it is the plan, and nothing is deleted.
func TestSpokenObjectAndWarningParticle(t *testing.T) {
	planCases(t, 2, map[string]string{
		"فرم ۲۷ سوال سومشه اجباری بکن":                  `[{"action":"update_field","params":{"id":27,"required":true,"index":2}}]`,
		"فرم ۱۴ سوال دومشو اختیاری کن، پاکش نکنی ها":    `[{"action":"update_field","params":{"id":14,"required":false,"index":1}}]`,
		"فرم ۲۷ سوال سوم رو اجباری کن، حذفش نکنی ها":    `[{"action":"update_field","params":{"id":27,"required":true,"index":2}}]`,
		"فرم ۲۷ رو پاک نکنی ها":                         "",
		"فرم ۹ رو غیرفعال نکنید ها، فقط پیش‌نویسش کنید": `[{"action":"draft_form","params":{"id":9}}]`,
	})
}
