package persian

import "testing"

// The readings below are each said several ways, none of them a line
// of a corpus: a mechanism that reads one phrasing and not its
// neighbours fits a sentence, not Persian. Each family is a named
// subtest; each command must give exactly the plan written beside it
// (stepsOf), "none" for no plan.

// checkReadings plans every command of a family with p and compares.
func checkReadings(t *testing.T, p *Planner, cases map[string]string) {
	t.Helper()
	for text, want := range cases {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if got := stepsOf(r); got != want {
				t.Errorf("got  %s\nwant %s\n(reason %q, warnings %q)", got, want, r.Reason, r.Warnings)
			}
		})
	}
}

// TestVerbsBySound: verbs heard and typed by their sound («درس کن» for
// «درست کن», «ادد» for add), and the nouns «گذینه», «فورم».
func TestVerbsBySound(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه فورم تازه درس کن اسمش ثبت نام کلاس شنا":          "create_form ثبت نام کلاس شنا",
		"یه فرم جدید درس کنید به اسم «نوبت آرایشگاه»":        "create_form نوبت آرایشگاه",
		"سوال دوم فرم ۸ رو درس کن بنویس «نام پدر»":           "update_field #8 @1 نام پدر",
		"یه سوال کوتاه ادد کن به فرم ۱۲":                     "add_field #12 short_text",
		"به فورم ۱۲ یه سوال با گذینه های بله و خیر ادد کنید": "add_field #12 multiple_choice [بله|خیر]",
		// «درس» alone is a lesson, never a verb.
		"درس ریاضی رو به فرم ۳ اضافه کن": "none",
		// read by its sound, the verb still never destroys.
		"فورم ۱۲ رو حظف کن": "none",
	})
}

// TestEditInsideAnOrder: a question mended («درست کن بنویس …», «اصلاح
// کن بکن …») between taking a form off the site and publishing it
// again keeps its place in the order the command says.
func TestEditInsideAnOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو از انتشار دربیار، سوال دوم رو درست کن بنویس «شماره اتاق» بعد دوباره منتشرش کن":              "draft_form #9; update_field #9 @1 شماره اتاق; publish_form #9",
		"اول فرم ۱۴ رو پیش نویس کن بعد سوال اولش رو درست کن بنویس «نام و نام خانوادگی» بعد منتشرش کن":         "draft_form #14; update_field #14 @0 نام و نام خانوادگی; publish_form #14",
		"فرم ۲۰ رو از انتشار خارج کنید، متن پرسش سوم را اصلاح کنید بنویسید «تاریخ ورود» و دوباره منتشرش کنید": "draft_form #20; update_field #20 @2 تاریخ ورود; publish_form #20",
		"سوال چهارم فرم ۸ رو درست کن بنویس «کد رهگیری»":                                                       "update_field #8 @3 کد رهگیری",
		"سوال چهارم فرم ۸ رو درست کن اجباری باشه":                                                             "update_field #8 @3 required",
		// «درست کن» with nothing said of the change changes nothing.
		"سوال چهارم فرم ۸ رو درست کن": "none",
	})
}
