package persian

import (
	"strings"
	"testing"
)

// TestActiveDenied: a form said to be not active («فعال نباشه») is a form
// closed, as «غیرفعال» is (RULINGS 5) — it had been published. The
// closing denied («غیر فعال نباشه») is no order, and a question cannot
// be closed on its own.
func TestActiveDenied(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۲۳ فعال نباشه":               "disable_form #23",
		"فرم ۴۱ از امروز دیگه فعال نباشد": "disable_form #41",
		"فرم ۴۱ دیگه فعال نباشد":          "disable_form #41",
		"فرم ۲۳ غیر فعال نباشه":           "none",
		"فرم ۲۳ فعال باشه":                "publish_form #23",
		"فرم ۲۳ منتشر نباشه":              "draft_form #23",
		"سوال دوم فرم ۵ فعال نباشه":       "none",
		"یه فرم بساز که فعال نباشه":       "create_form فرم جدید",
	})
}

// TestNeedDeniedOfRequired: «لازم نیست … اجباری باشه» makes the
// question optional also when the question is named between the need
// denied and its being required — it had been made required.
func TestNeedDeniedOfRequired(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"لازم نیست سوال دوم فرم ۵ اجباری باشه":                "update_field #5 @1 optional",
		"نیازی نیست پرسش سوم فرم ۸ الزامی باشد":               "update_field #8 @2 optional",
		"سوال دوم فرم ۵ لازم نیست اجباری باشه":                "update_field #5 @1 optional",
		"لازم نیست فرم ۵ رو منتشر کنی، سوال دوم رو اجباری کن": "update_field #5 @1 required",
	})
}

// TestCopyOfANamedForm: «کپی فرم ۲۳», the copy of form 23 said as a
// noun, is the object of the act after it; the copy has no id, so the
// command is refused — it had made a copy and dropped the delete.
func TestCopyOfANamedForm(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"کپی فرم ۲۳ رو پاک کن":        "none",
		"رونوشت فرم ۲۳ را منتشر کنید": "none",
		"کپی فرم ۱۹ رو ببند":          "none",
		"کپی فرم ۲۳ رو بگیر":          "duplicate_form #23",
		"فرم ۲۳ رو کپی کن":            "duplicate_form #23",
		"فرم ۲۳ رو کپی کن و پاکش نکن": "duplicate_form #23",
	})
}

// TestNumberGoesOnInAWordNotUnderstood: «فرم بیست و شیس»: the number
// may go on in the word after «و», so the form is perhaps not form 20,
// whatever is done to it — it had been published.
func TestNumberGoesOnInAWordNotUnderstood(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم بیست و شیس رو منتشر کن":               "none",
		"فرم سی و فلان رو کپی کن":                  "none",
		"سوال دوم فرم چهل و خورده‌ای رو اجباری کن": "none",
		"فرم بیست و سه رو منتشر کن":                "publish_form #23",
		"فرم بیست و شیش رو منتشر کن":               "publish_form #26",
	})
}

// TestAskingPredicateLast: «… کجاست», «… چیه» said last ask where or
// what something is, with or without «؟» — «دکمه انتشار فرم ۱۲ کجاست»
// had published form 12. After an order or a page named, they are no
// question about the form.
func TestAskingPredicateLast(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"دکمه انتشار فرم ۱۲ کجاست":             "none",
		"عنوان سوال دوم فرم ۵ چیه":             "none",
		"گزینه حذف فرم ۹ کجاس":                 "none",
		"فرم ۱۶ رو منتشر کن ببینم جوابا چیه":   "publish_form #16; open_results #16",
		"یه سوال «شغلت چیه» به فرم ۵ اضافه کن": "add_field #5 short_text شغلت چیه",
	})
}

// TestBlessingsAroundTheOrder: the religious and polite formulas said
// around an order («با صلوات», «قربون دستت», «خیر ببینی», «خسته
// نباشید», «دستتون درد نکنه», «یا علی» opening the command) say nothing
// of the act: taken out whole, their words are left over nowhere and
// their «نکنه», «نباشید» deny nothing. «یا» anywhere else is "or".
func TestBlessingsAroundTheOrder(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"با صلوات یه سوال کوتاه «نام سرپرست» به فرم ۱۲ اضافه کنید، التماس دعا": "add_field #12 short_text نام سرپرست",
		"قربون دستت فرم ۱۲ رو ببند خیر ببینی":                                  "disable_form #12",
		"دستتون درد نکنه، فرم ۱۲ رو منتشر کنید":                                "publish_form #12",
		"خسته نباشید، سوال دوم فرم ۱۲ رو اجباری کنید ان شاء الله":              "update_field #12 @1 required",
		"یا علی، یه فرم بسازید با اسم «نذری»":                                  "create_form نذری",
		"بسم الله الرحمن الرحیم. فرم ۱۲ رو منتشر کنید":                         "publish_form #12",
		"یا فرم ۱۲ یا فرم ۱۳ رو منتشر کن":                                      "none",
		"یه سوال کشویی «اسم» با گزینه‌های حسن یا علی به فرم ۵ اضافه کن":        "add_field #5 dropdown اسم [حسن|علی]",
	})
}

// TestPurposeAfterTheVerb: what a form is for said after the verb that
// makes it («یه فرم بسازید برای ثبت‌نام نذری») is warned of as its
// purpose, as it is before the verb — its words had been left over. A
// quote there is still the form's name.
func TestPurposeAfterTheVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkWarned(t, p, "create_form", "plan.purpose", map[string]string{
		"یه فرم بسازید برای ثبت‌نام نذری":         "ثبت‌نام نذری",
		"یه فرم درست کن واسه مسابقه نقاشی بچه ها": "مسابقه نقاشی بچه ها",
		"یه فرم جدید بساز جهت ارزیابی کارکنان":    "ارزیابی کارکنان",
	})
	checkReadings(t, p, map[string]string{
		"یه فرم بساز برای «ثبت نام اردو»": "create_form ثبت نام اردو",
	})
}

// checkWarned plans each text and wants one step of the action given
// and a warning of the code given whose English names the text's value.
func checkWarned(t *testing.T, p *Planner, action, code string, cases map[string]string) {
	t.Helper()
	for text, want := range cases {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Action != action {
				t.Fatalf("want one %s, got %+v (%s)", action, r.Plan, r.Reason)
			}
			for _, w := range r.Warnings {
				if w.Code == code && strings.Contains(w.MessageEN, want) {
					return
				}
			}
			t.Errorf("no %s warning naming %q: %+v", code, want, r.Warnings)
		})
	}
}

// TestNewTitleBeforeTheVerbalNoun: «فرم ۸ رو به «X» تغییر نام بده» — the
// new title said with «به» before «تغییر نام» — renames; it had been
// left unread and the command refused. After the verbal noun it already
// did.
func TestNewTitleBeforeTheVerbalNoun(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۸ رو به «نظرسنجی پاییز» تغییر نام بده":    "update_form_title #8 نظرسنجی پاییز",
		"فرم ۱۲ را به «ثبت‌نام اردو» تغییر عنوان دهید": "update_form_title #12 ثبت‌نام اردو",
		"فرم ۸ رو به نظرسنجی مشتریان تغییر نام بدید":   "update_form_title #8 نظرسنجی مشتریان",
		"فرم ۸ رو تغییر نام بده به «نظرسنجی پاییز»":    "update_form_title #8 نظرسنجی پاییز",
	})
}

// TestRangeOfAnotherKind: a range «از N تا M» said of a question that is
// no rating, number or file is warned of as dropped — it had vanished
// without a word.
func TestRangeOfAnotherKind(t *testing.T) {
	p := New(Config{Contract: 2})
	checkWarned(t, p, "add_field", "detail.dropped", map[string]string{
		"یه سوال «رضایت» از ۱ تا ۱۰ به فرم ۴ اضافه کن":              "range",
		"به فرم ۹ یه سوال کوتاه «میزان علاقه» از ۰ تا ۵ اضافه کنید": "range",
	})
	t.Run("no range, no warning", func(t *testing.T) {
		if r := p.Plan("یه سوال کوتاه «سن» به فرم ۴ اضافه کن"); len(r.Warnings) != 0 {
			t.Errorf("warnings %+v", r.Warnings)
		}
	})
}

// TestBesidesInTwoWords: «در ضمن» (besides) parts two orders as «ضمنا»
// does — the order before it had been dropped without a warning.
func TestBesidesInTwoWords(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۱۲ رو ببند در ضمن سوال ۲ رو بیار بالا":     "disable_form #12; move_field #12 @1 >0",
		"فرم ۱۲ رو منتشر کن در ضمن سوال ۲ رو اجباری کن": "publish_form #12; update_field #12 @1 required",
		"در ضمن فرم ۱۲ رو منتشر کن":                     "publish_form #12",
	})
}

// TestPlaceBeforeComingOrGoing: the place said as an ordinal before a
// verb of coming or going («سوال پنجم فرم ۲ دوم بیاد») is where the
// question moves, as before «بشه» — it was not read.
func TestPlaceBeforeComingOrGoing(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سوال پنجم فرم ۲ دوم بیاد":    "move_field #2 @4 >1",
		"سوال اول فرم ۷ سوم بره":      "move_field #7 @0 >2",
		"پرسش چهارم فرم ۹ نخست بیاید": "move_field #9 @3 >0",
	})
}

// TestSendingIsNamed: sending or sharing the form («لینکشو بفرست», «…
// برام ایمیل کن», «به همه پیامک بزن») is no step; it is warned of by name
// — its words had been carried by other readings and it vanished.
// Sending to the trash is deleting.
func TestSendingIsNamed(t *testing.T) {
	p := New(Config{Contract: 2})
	checkWarned(t, p, "publish_form", "plan.send", map[string]string{
		"فرم ۴ رو منتشر کن و لینکشو بفرست":         "بفرست",
		"فرم ۴ رو منتشر کن و لینکشو برام ایمیل کن": "ایمیل کن",
		"فرم ۹ منتشر بشه و برای اعضا ارسال شود":    "ارسال",
		"publish form 4 and share it":              "share",
	})
	checkReadings(t, p, map[string]string{
		"فرم ۴ رو بفرست تو سطل آشغال":     "delete_form #4",
		"یه سوال ایمیل به فرم ۴ اضافه کن": "add_field #4 email",
	})
}
