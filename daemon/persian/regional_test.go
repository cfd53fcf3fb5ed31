package persian

import (
	"strings"
	"testing"
)

// Regional Persian typed by admins from the provinces (regional.go).
// None is a line of a corpus: each word is said in other sentences,
// other voices and other shapes than testdata/planner/regional.jsonl.

// TestRegionalVerbs: the regional verbs and verb forms are the standard
// verbs they mean.
func TestRegionalVerbs(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		// Lori «بکو», «بکوش», «بنه».
		"فرم ۷ پیش‌نویس بکو":                      "draft_form #7",
		"سوال دوم فرم ۷ اختیاری بکو":              "update_field #7 @1 optional",
		"به فرم ۷ یه سوال تاریخ «روز مراجعه» بنه": "add_field #7 date روز مراجعه",
		"دو تا سوال بلند بنه تو فرم ۹":            "add_field #9 long_text; add_field #9 long_text",
		"سوال پنجم فرم ۹ بنه بعد از سوال اول":     "move_field #9 @4 >1",
		"فرم ۹ منتشرش بکوین":                      "publish_form #9",
		// Mashhadi «مُخُم»: a desire is the order.
		"مُخُم فرم ۳ منتشر بشه":                   "publish_form #3",
		"مخم یه سوال امتیازی به فرم ۳ اضافه کنُم": "add_field #3 rating",
		"مخیم فرم ۳ دیگه جواب نگیره":              "disable_form #3",
		// Yazdi and Shirazi clipped endings: «-ُم», «-ُش».
		"فرم ۱۸ اسمُش بکن «بازارچه محله»":        "update_form_title #18 بازارچه محله",
		"میخوام سوال دوم فرم ۱۸ رو اجباری بکنُم": "update_field #18 @1 required",
		"فرم ۱۸ رو ببندُش":                       "disable_form #18",
		// Khuzestani «سوّی», «سوّ لی»: make.
		"سوي فرم جديد بعنوان «مسابقة الشعر»": "create_form مسابقة الشعر",
		"سو لي فرم جديد بعنوان «ثبت نام»":    "create_form ثبت نام",
		"سولي يك سوال كوتاه بفرم ۴":          "add_field #4 short_text",
		// the glued preposition of an Arabic keyboard: «بفرم».
		"بفرم ۲۲ يك سوال بلند اضافه كن":  "add_field #22 long_text",
		"يك سوال ايميل بفرم ۲۲ اضافه كن": "add_field #22 email",
	})
}

// TestRegionalWords: the other words of the table — now, here, again,
// this one, brother, I — read as the standard ones, and the Arabic ة
// kept in a wording as typed.
func TestRegionalWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"هسه فرم ۶ رو ببند": "disable_form #6",
		"هسه بعد از سوال دوم فرم ۶ یه سوال کوتاه بذار":                       "add_field #6 @2 short_text",
		"ایچو یه سوال بلند به فرم ۶ اضافه بکو":                               "add_field #6 long_text",
		"هنی فرم ۶ ره منتشر بکو":                                             "publish_form #6",
		"کاکو یه سوال کشویی «شهر» بذار تو فرم ۸، گزینه‌هاش شیراز، فسا، جهرم": "add_field #8 dropdown شهر [شیراز|فسا|جهرم]",
		"ایطو بکن: سوال اول فرم ۸ اجباری بشه":                                "update_field #8 @0 required",
		"مو میخوام فرم ۸ منتشر بشه":                                          "publish_form #8",
		"زين، بعدين فرم ۸ رو منتشر كن":                                       "publish_form #8",
		"به فرم ۸ يك سوال كوتاه «الكلية» اضافه كن":                           "add_field #8 short_text الکلیة",
		// «مو» in a wording is hair; «زین» in one is a saddle.
		"یه سوال کوتاه رنگ مو به فرم ۸ اضافه کن":  "add_field #8 short_text رنگ مو",
		"به فرم ۸ یه سوال کوتاه جنس زین اضافه کن": "add_field #8 short_text جنس زین",
		// «به سوی» is towards, not «make».
		"یه فرم بساز به اسم «به سوی فردا»": "create_form به سوی فردا",
	})
}

// TestRegionalNo: «لا» is no, where it is said as one, and «لو لا» is
// «or not»: a denial or a question, never the act.
func TestRegionalNo(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"لا، فرم ۹ رو منتشر نكن":              "none",
		"لا لا لا، سوال دوم فرم ۹ رو حذف نكن": "none",
		"فرم ۹ رو پاك كنم؟ لا":                "none",
		"سوال سوم فرم ۹ اجباريه لو لا؟":       "none",
		"فرم ۹ پيش‌نويسه لو لا":               "none",
		"لا، فرم ۹ رو حذف نكن، بس ببندش":      "disable_form #9",
		"لا ما نمي‌خوايم فرم ۹ پاك بشه":       "none",
		// the caution «دیر بالک» is no act of its own.
		"دير بالك فرم ۹ رو پاك نكني":             "none",
		"دير بالك، سوال دوم فرم ۹ رو اختياري كن": "update_field #9 @1 optional",
		// «ماکو»: what the form has not is said, then added or not.
		"فرم ۹ ماكو سوال تاريخ، يه سوال تاريخ بهش اضافه كن": "add_field #9 date",
		"فرم ۹ ماكو سوال موبايل":                            "none",
		// «بس»: only, or but — both leave the act said.
		"بس سوال دوم فرم ۹ رو اجباري كن":            "update_field #9 @1 required",
		"فرم ۹ رو منتشر كن بس سوال اولش رو پاك نكن": "publish_form #9",
	})
}

// TestRegionalNeverDestroysUnasked: a regional word becomes a
// destructive verb only where the table says so exactly — «وردار» —
// and not where it picks a question up to put it elsewhere.
func TestRegionalNeverDestroysUnasked(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال سوم فرم ۱۱ رو وردار":                       "delete_field #11 @2",
		"فرم ۱۱، سوال دومُش وردار، اضافیه":               "delete_field #11 @1",
		"سوال سوم فرم ۱۱ رو وردار بذار اول":              "move_field #11 @2 >0",
		"سوال چهارم فرم ۱۱ رو وردار ببر بعد از سوال اول": "move_field #11 @3 >1",
		"سوال سوم فرم ۱۱ رو ور ندار":                     "none",
		"فرم ۱۱ بکو":           "none",
		"فرم ۱۱ چی‌کارش بکنم؟": "none",
		"فرم ۱۱ هنی":           "none",
		"مخم فرم ۱۱ بمونه":     "none",
	})
}

// TestRegionalDestroysExactly: no word of the table reads as a verb
// that removes, but those regionalDestroys names.
func TestRegionalDestroysExactly(t *testing.T) {
	for m, std := range regionalWords {
		for _, w := range std {
			for _, d := range []string{"پاک", "حذف", "بردار", "بردارش", "دیلیت"} {
				if strings.HasPrefix(matchForm(w), d) && !regionalDestroys[m] {
					t.Errorf("regional %q reads as %q, a destructive verb, and is not in regionalDestroys", m, w)
				}
			}
		}
	}
	for m := range regionalDestroys {
		if _, ok := regionalWords[m]; !ok {
			t.Errorf("regionalDestroys names %q, which is not in regionalWords", m)
		}
	}
}

// TestKeptQuestionNotDeleted: a question said to stay beside an order
// (kept.go) is never deleted with the ones the order names.
func TestKeptQuestionNotDeleted(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال اول فرم ۳۶ رو پاک کن ولی سوال دوم بمونه":            "delete_field #36 @0",
		"سوال دوم فرم ۳۶ بمونه، سوال پنجم رو بردار":               "delete_field #36 @4",
		"سوال ۴ فرم ۳۶ رو حذف کنید اما سوال ۵ دست نخوره":          "delete_field #36 @3",
		"سوال سوم و چهارم فرم ۳۶ رو پاک کن، سوال پنجم رو نگه دار": "delete_field #36 @3; delete_field #36 @2",
		"سوال دوم فرم ۳۶ رو اختیاری کن و سوال سوم همینطوری بمونه": "update_field #36 @1 optional",
		"سوال ششم فرم ۳۶ رو نگه دار":                              "none",
		"سوال سوم فرم ۵ رو حذف كن بس سوال چهارم سالمه":            "delete_field #5 @2",
		"فرم ۳۶ رو منتشر کن بس سوال دومش رو حذف نکن":              "publish_form #36",
	})
}

// TestRegionalOrders: the regional words inside longer orders — a
// place, a list named after a comma, a question answered with «لا».
func TestRegionalOrders(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"هنی فرم ۱۲ پیش‌نویس بکو":                                             "draft_form #12",
		"یه سوال کوتاه بنه اول فرم ۱۲":                                        "add_field #12 @0 short_text",
		"ایطوری نکنید، فرم ۲۰ رو پاک نکنید":                                   "none",
		"کاکو ایکه سوال سومه اجباریش بُکُن تو فرم ۳۰":                         "update_field #30 @2 required",
		"لا، بس ببندش فرم ۵۰ رو":                                              "disable_form #50",
		"فرم ۵۰ رو پاك كنم؟ لا، بس پيش‌نويسش كن":                              "draft_form #50",
		"زين، هسه منتشرش كن فرم ۵۰ رو":                                        "publish_form #50",
		"لا والله، فرم ۵۰ رو حذف نكن":                                         "none",
		"فرم ۵۰ رو حذف كنم لو لا؟":                                            "none",
		"سوال دوم فرم ۱۲ رو وردار بنه بعد از سوال چهارم":                      "move_field #12 @1 >3",
		"سه تا سوال کوتاه به فرم ۷ اضافه بکو، اولی نام، دومی فامیل، سومی شهر": "add_field #7 short_text نام; add_field #7 short_text فامیل; add_field #7 short_text شهر",
		"سوي فرم جديد بعنوان «مسابقة الرسم» وبعدين منتشرش كن":                 "create_form مسابقة الرسم; publish_form",
	})
}

// TestLoneNoCorrects: «نه» or «لا» alone between marks, after an order
// and before another, corrects the order (RULINGS 17); a verb of moving
// after a correction is the new verb, never an object of the delete.
func TestLoneNoCorrects(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دوم فرم ۱۴ رو پاک کن، نه، اجباریش کن":                 "update_field #14 @1 required",
		"سوال دوم فرم ۱۴ رو پاك كن، لا، اختياريش كن":                "update_field #14 @1 optional",
		"فرم ۱۴ رو منتشر كن، لا، پيش‌نويسش كن":                      "draft_form #14",
		"فرم ۱۴ رو پاک کن. نه. ببندش":                               "disable_form #14",
		"فرم ۱۴ رو پاک کن، نه، فرم ۱۵ رو":                           "delete_form #15",
		"فرم ۱۴ رو منتشر كن، لا، فرم ۱۵ رو":                         "publish_form #15",
		"فرم ۱۴ رو منتشر کن، نه، منتشر نکن":                         "none",
		"سوال سوم فرم ۱۴ رو حذف بکو، لا، ببرش اول":                  "move_field #14 @2 >0",
		"سوال سوم فرم ۱۴ رو حذف کن، نه ببخشید، بذارش اول":           "move_field #14 @2 >0",
		"سوال چهارم فرم ۱۴ رو پاک کن نه نه ببرش اول":                "move_field #14 @3 >0",
		"سوال چهارم فرم ۱۴ رو پاک کن، نه نه، ببرش بعد از سوال پنجم": "none",
		// after the correction, neither an order read nor an object:
		// the order is taken back, never turned on the whole form.
		"سوال سوم فرم ۱۴ رو حذف کن، نه ببخشید، اختیاری":    "none",
		"سوال سوم فرم ۱۴ رو حذف کن، نه ببخشید، بفرستش اول": "none",
		"سوال دوم فرم ۱۴ رو پاک کن، لا، سوال سوم رو":       "delete_field #14 @2",
	})
}

// TestNoAfterTheOrder: «نه» after an order with nothing after it but
// more «نه» takes the order back; with ids typed in digits after it, it
// corrects the order's ids. Neither leaves the first order planned.
func TestNoAfterTheOrder(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۸ رو حذف کن نه، نه":             "none",
		"فرم ۱۲ رو پاک کن، نه نه":            "none",
		"فرم ۸ رو حذف کن، نه ۹":              "delete_form #9",
		"فرم ۸ رو ببند نه ۱۸":                "disable_form #18",
		"فرم ۳ رو منتشر کن نه ۴":             "publish_form #4",
		"فرم ۸ و ۹ رو پیش‌نویس کن، نه فقط ۹": "draft_form #9",
	})
}
