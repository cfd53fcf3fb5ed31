package persian

import "testing"

// TestActSaidNotToTakePlace: the formal way of saying an act is not to
// happen — «صورت نپذیرد», «انجام نگیرد», «انجام نشود», «انجام ندهید»
// after the act named as a noun — denies it like «نکنید» does, while
// «نپذیرد» of a form's answers still closes the form.
func TestActSaidNotToTakePlace(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"مقرر گردید در خصوص حذف فرم ۴۱ هیچ اقدامی صورت نپذیرد": "none",
		"تا اطلاع بعدی غیرفعال‌سازی فرم ۱۷ انجام نگیرد":        "none",
		"حذف پرسش دوم فرم ۸ فعلا انجام نشود":                   "none",
		"لطفا هیچ حذفی روی فرم ۳۰ انجام ندید":                  "none",
		"سوال سوم فرم ۹ حذف شود":                               "delete_field #9 @2",
		"فرم ۲۰ دیگر پاسخی نپذیرد":                             "disable_form #20",
	})
}

// TestTextOfAQuestionRemoved: the text, title or wording of a question
// said as what is removed («متن سوال اول … حذف و … جایگزین شود») is a
// part of the question, never the question: no delete_field.
func TestTextOfAQuestionRemoved(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"متن پیشین سوال اول فرم ۱۲ حذف و «نام کامل» جایگزین آن گردد",
		"عنوان قبلی پرسش دوم فرم ۳ پاک شود و «سن» به جایش بیاید",
		"متن سوال ۴ فرم ۱۸ رو پاک کن و بنویس «شهر محل تولد»",
		"عنوان سوال آخر فرم ۷ رو بردار",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil {
				return
			}
			for _, st := range r.Plan.Steps {
				if st.Action == "delete_field" || st.Action == "delete_form" {
					t.Errorf("%s: the question's text was removed, not the question", stepsOf(r))
				}
			}
		})
	}
}

// TestUnmarkedAnswer: an act asked about and answered, dictated with no
// marks — «… کنیم نه …», «حذف نه پیش‌نویس بله» — is read as it is with
// them: the act answered no is not done, the one answered yes is.
func TestUnmarkedAnswer(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۶۸ رو از انتشار خارج کنیم نه بذار بمونه": "none",
		"فرم ۱۲ رو پاکش کنم نه":                       "none",
		"فرم ۵۴ حذف نه پیش نویس بله":                  "draft_form #54",
		"فرم ۳۳ غیرفعال نه منتشر آره":                 "publish_form #33",
		"فرم ۱۲ رو منتشر کن نه پیش‌نویس":              "publish_form #12",
	})
}

// TestQuestionBeforeARemarkInParentheses: a question about an act with
// a remark in parentheses after its «؟» is still a question, with or
// without an order denied before it: nothing is deleted.
func TestQuestionBeforeARemarkInParentheses(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۴۱ رو پاک نکن، فرم ۳۳ رو پاک کنم یا نه؟ (بعدا تصمیم می‌گیرم)": "none",
		"فرم ۳۳ رو غیرفعال کنم یا نه؟ (هنوز مطمئن نیستم)":                  "none",
		"فرم ۳۳ منتشر بشه یا نه؟ (نظرت چیه)":                               "none",
	})
}

// TestTitleRenamedThenDrafted: a title is a part only of what is
// deleted; the form whose title a clause renamed is still the one a
// later «پیش‌نویسش کن» drafts.
func TestTitleRenamedThenDrafted(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"عنوان فرم ۱۲ را به «گزارش هفتگی» تغییر بده و بعد پیش‌نویسش کن": "update_form_title #12 گزارش هفتگی; draft_form #12",
		"عنوان فرم ۳۱ رو بکن «آزمون» و سپس غیرفعالش کنید":               "update_form_title #31 آزمون; disable_form #31",
	})
}
