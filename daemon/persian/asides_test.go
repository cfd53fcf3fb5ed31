package persian

import (
	"strings"
	"testing"
)

// TestReadingAroundTheObject: a polite or formal denial, a remark set off
// by commas, a draft named beside a closing and a verb said of others
// are read for what they are; none of them lets an act fall on the form.
func TestReadingAroundTheObject(t *testing.T) {
	p := New(Config{Contract: 2})
	type want struct {
		actions string // "" for no plan
		warning string // a warning code the result must hold, or ""
	}
	for text, w := range map[string]want{
		// Denials with the polite and formal light verbs.
		"سوال ۳ فرم ۴۲ رو لطفاً پاک نفرمایید، فقط اختیاریش کنید": {"update_field", ""},
		"سوال دوم فرم ۸ رو حذف ننمایید، فقط اجباریش کنید":        {"update_field", ""},
		"فرم ۴ رو پاک نفرمائید فقط منتشرش کنید":                  {"publish_form", ""},
		"فرم ۴ را حذف ننمائید":                                   {"", ""},
		"فرم ۴ حذف نگردد":                                        {"", ""},
		"پرسش دوم فرم ۶ حذف نشوند":                               {"", ""},
		// Remarks between the object and its verb.
		"بی‌زحمت سؤال چهارم فرم ۲۱ را، که دیگر لزومی ندارد، حذف بفرمایید": {"delete_field", "plan.remark"},
		"سوال چهارم فرم ۲۱ را، که اجباری است، اختیاری کن":                 {"update_field", "plan.remark"},
		"فرم ۵، که ماه پیش ساختیم، منتشر بشه":                             {"publish_form", "plan.remark"},
		// A draft named beside a closing is where the form goes.
		"فرم سی و سه رو از دسترس خارج کن برگرده پیش نویس": {"draft_form", ""},
		"فرم ۳۳ رو غیرفعال کن پیش‌نویس بشه":               {"draft_form", ""},
		"فرم ۳۳ رو غیرفعال کن":                            {"disable_form", ""},
		// A verb said of others is no order, nor a slip of one.
		"فرم ۵ رو منتشر کن تا مردم ببینن":  {"publish_form", "plan.leftover"},
		"فرم ۵ رو منتشر کن، که همه ببینند": {"publish_form", "plan.leftover"},
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if got := actionsOf(r); got != w.actions {
				t.Fatalf("steps %q, want %q (%s)", got, w.actions, r.Reason)
			}
			if w.warning == "" {
				return
			}
			for _, x := range r.Warnings {
				if x.Code == w.warning {
					return
				}
			}
			t.Errorf("want a %s warning, got %+v", w.warning, r.Warnings)
		})
	}
	t.Run("the remark is named back", func(t *testing.T) {
		r := p.Plan("سوال چهارم فرم ۲۱ را، که اجباری است، اختیاری کن")
		if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Params.Required {
			t.Fatalf("want the question made optional, got %+v", r.Plan)
		}
		for _, x := range r.Warnings {
			if x.Code == "plan.remark" && strings.Contains(x.MessageFA, "که اجباری است") && strings.Contains(x.MessageEN, "remark") {
				return
			}
		}
		t.Errorf("the remark is not named in both languages: %+v", r.Warnings)
	})
	t.Run("a comma after a verb opens no remark", func(t *testing.T) {
		r := p.Plan("یه سوال کوتاه به فرم ۴ اضافه کن، که بپرسه «اسمت چیه؟»")
		for _, x := range r.Warnings {
			if x.Code == "plan.remark" {
				t.Errorf("a clause after the verb was cut as a remark: %+v", r.Warnings)
			}
		}
	})
}

// TestWhatIsRemovedOrNotNeeded: a removal said of the question's being
// required takes that away, not the question; an act said not to be
// needed is denied; a form's state said twice is one step; numbered
// items are orders of their own, and a question named after a delete
// is numbered as the form then stands.
func TestWhatIsRemovedOrNotNeeded(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سوال اول فرم ۳۸ رو اجباریشو بردارید":                  "update_field #38 @0 optional",
		"حالت اجباری سوال ۲ فرم ۳۸ رو حذف کن":                  "update_field #38 @1 optional",
		"سوال دوم فرم ۵ رو اجباریش کن":                         "update_field #5 @1 required",
		"سوال دوم فرم ۳۷ نیازی به حذف ندارد":                   "none",
		"فرم ۳۷ احتیاجی به انتشار نداره":                       "none",
		"پرسش سوم فرم ۱۲ لزومی به حذف شدن نیست":                "none",
		"فرم ۹ رو پاک کن دیگه لزومی نداره":                     "delete_form #9",
		"فرم ۵۹ دیگه جواب نگیره، ببندش":                        "disable_form #59",
		"فرم ۵ رو منتشر کن، همین الان منتشرش کن":               "publish_form #5",
		"سوال ۲ فرم ۵ رو پاک کن و سوال ۲ رو هم پاک کن":         "delete_field #5 @1; delete_field #5 @1",
		"1) فرم 95 رو منتشر کن 2) فرم 96 رو پیش نویس کن":       "publish_form #95; draft_form #96",
		"۱- فرم ۵ رو منتشر کن ۲- فرم ۶ رو ببند":                "publish_form #5; disable_form #6",
		"1) فرم 95: سوال 1 حذف 2) فرم 95: سوال 3 اجباری":       "delete_field #95 @0; update_field #95 @1 required",
		"سوال اول فرم ۸ رو حذف کن بعد سوال چهارم رو اجباری کن": "delete_field #8 @0; update_field #8 @2 required",
		"سوال چهارم فرم ۸ رو اجباری کن بعد سوال اول رو حذف کن": "update_field #8 @3 required; delete_field #8 @0",
	})
}

// TestRemovedFromViewOrAnsweredNo: a form removed from where the public
// sees it is taken off the site, not deleted; an order asked as a
// question and answered no by the writer, or followed by «دست نزن», is
// taken back.
func TestRemovedFromViewOrAnsweredNo(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"فرم 3 را فعلا از دید مردم بردارید":   "draft_form",
		"فرم ۸ رو از معرض دید بردار":          "draft_form",
		"remove form 4 from public view":      "draft_form",
		"سوال ۲ رو از فرم ۵ بردار":            "delete_field",
		"فرم ۵ رو بردار":                      "delete_form",
		"فرم ۱۷ سوال ۵ حذف؟ نه، فعلا دست نزن": "",
		"سوال ۲ فرم ۵ رو پاک کنم؟ نه":         "",
		"فرم ۵ رو پاک کن، نه دست نزن":         "",
		"فرم ۶ رو ببندم؟ no":                  "",
	} {
		t.Run(text, func(t *testing.T) {
			if got := actionsOf(p.Plan(text)); got != want {
				t.Errorf("steps %q, want %q", got, want)
			}
		})
	}
}

// TestStressAndFormalDenial: a letter held for stress is the letter
// once («نکنیددددد» denies as «نکنید» does), «عدم» before an act denies
// it, and «غیر» typed on to a word of being required is its negation.
func TestStressAndFormalDenial(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"فرم ۹۷ رو به هیچ وجه پاک نکنیددددد!!! NEVER":         "",
		"لطفااا فرم ۵ رو منتشر کن":                            "publish_form",
		"فرم ۱۰۰۰ رو منتشر کن":                                "publish_form",
		"ضمن عدم حذف فرم ۲۴، صرفاً سؤال ۳ آن غیرالزامی گردد.": "update_field",
		"عدم انتشار فرم ۱۲":                                   "",
		"صرفاً سؤال ۳ فرم ۲۴ غیرالزامی گردد.":                 "update_field",
		"فرم ۵ رو غیرفعال کن":                                 "disable_form",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if got := actionsOf(r); got != want {
				t.Fatalf("steps %q, want %q (%s)", got, want, r.Reason)
			}
			if want == "update_field" && r.Plan.Steps[0].Params.Required {
				t.Errorf("the question was made required: %+v", r.Plan.Steps[0].Params)
			}
		})
	}
	t.Run("the number keeps its digits", func(t *testing.T) {
		r := p.Plan("فرم ۱۰۰۰ رو منتشر کن")
		if r.Plan == nil || *r.Plan.Steps[0].Params.ID != 1000 {
			t.Fatalf("want form 1000, got %+v", r.Plan)
		}
	})
}
