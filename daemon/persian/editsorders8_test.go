package persian

import "testing"

// TestKurdishAndGilakiVerbs: the verbs and small words of Persian as Kurds of
// Kermanshah and Gilaks of Rasht write it — «بکه»/«نکه», «بوکون»/«نوکون»,
// «بیذار», «ره» after the object, «ئی», «بۆ» — read as the Persian
// words they stand for, a denial still a denial.
func TestKurdishAndGilakiVerbs(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۳۳ منتشر بکه":                        "publish_form #33",
		"ئی فرم ۸ ره پیش‌نویس بکه":                "draft_form #8",
		"سوال دوم فرم ۱۲ اجباری بکه":              "update_field #12 @1 required",
		"فرم ۴۰ ره منتشر بوکون":                   "publish_form #40",
		"فرم ۴۰ ره پاک نوکون":                     "none",
		"فرم ۶ پاکش نکه، فقط پیش‌نویسش بکه":       "draft_form #6",
		"فرم ۲۱ ره پاک نوکونید، پیش نویس بوکونید": "draft_form #21",
		"به فرم ۹ یه سوال کوتاه «شهر» بیذار":      "add_field #9 short_text شهر",
		"فرم ۱۴ ره کپی بوکون":                     "duplicate_form #14",
		"سوال سوم فرم ۵ ببر بکه اولی":             "move_field #5 @2 >0",
		"ئی فرم ۳ هیچ حذفش نکه، بۆش پیش‌نویس بکه": "draft_form #3",
		"فرم ۲ ره یه کپی بوکون، اسم نمیخاد":       "duplicate_form #2",
	})
}

// TestTextErasedThenWritten: the name of a form or the text of a
// question erased and another written in its place is the change of
// name or text — never the form or the question deleted — and the
// erasing alone, of a part, is no plan.
func TestTextErasedThenWritten(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"اسم قدیمی فرم ۱۱ پاک کن، بنویس «بازارچه خیریه»":                "update_form_title #11 بازارچه خیریه",
		"عنوان فعلی فرم ۹ رو پاک کن جاش بنویس «ثبت نام»":                "update_form_title #9 ثبت نام",
		"اسم فرم ۵ رو پاک کن «تست» بنویس":                               "update_form_title #5 تست",
		"title of form 4 delete, write \"Signup\"":                      "update_form_title #4 Signup",
		"متن سوال دوم فرم ۱۸ رو پاک کن و بنویس «محل تولد»":              "update_field #18 @1 محل تولد",
		"متن پیشین پرسش سوم فرم ۶ حذف و عبارت «کد ملی» جایگزین آن گردد": "update_field #6 @2 کد ملی",
		"نام قبلی فرم ۳۰ پاک شود و «اردوی تابستانه» جایگزین گردد":       "update_form_title #30 اردوی تابستانه",
		// the erasing alone: a part, never the whole
		"اسم قدیمی فرم ۲۷ رو پاک کن": "none",
		"عنوان فعلی فرم ۸ حذف شود":   "none",
		"اسم قبلی فرم ۲ پاک بکه":     "none",
		"فرم ۵ رو پاک کن":            "delete_form #5",
	})
}

// TestCopyNamed: a name given after a copy — «title جدید: …», «اسم
// کپی: …» with or without quotes, "new title: …" — is the copy's
// (duplicate_form.title), never a rename of the form copied; a copy
// said to need no name is a copy without one.
func TestCopyNamed(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم 19 رو duplicate کن، title جدید: \"نسخه آزمایشی\"": "duplicate_form #19 نسخه آزمایشی",
		"فرم ۳۸ کپی. اسم کپی: جشن فارغ التحصیلی":               "duplicate_form #38 جشن فارغ التحصیلی",
		"از فرم ۷ یه نسخه بگیر. عنوان نسخه جدید: کلاس تابستان": "duplicate_form #7 کلاس تابستان",
		"فرم ۱۲ رو کپی کن، اسم جدید: «ثبت نام پاییز»":          "duplicate_form #12 ثبت نام پاییز",
		"duplicate form 4, new title: staging copy":            "duplicate_form #4 staging copy",
		"clone form 5, new name: \"Q3 survey\"":                "duplicate_form #5 Q3 survey",
		"فرم ۸۷ رو یه کپی بکن، اسم نمیخواد":                    "duplicate_form #87",
		// without a copy, the right name is the form's own
		"اسم فرم ۹ غلطه، درستش «ثبت نام»": "update_form_title #9 ثبت نام",
		"فرم ۹. اسم جدید: «ثبت نام»":      "update_form_title #9 ثبت نام",
	})
}

// TestProgrammersOrders: a programmer's orders — the shell's «rm», «mv»,
// «cp», an arrow typed «->» between orders or to where a question goes,
// a form's name as a key and its value («title -> "…"», «عنوان: …») —
// in the order written.
func TestProgrammersOrders(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"form 12: rm q2": "delete_field #12 @1",
		"اول form 8 رو draft کن، بعد q3 رو rm کن، بعدش publish": "draft_form #8; delete_field #8 @2; publish_form #8",
		"form 40: mv q5 -> q1": "move_field #40 @4 >0",
		"فرم 7: mv q6 -> q2، بعد q3 رو rename کن به \"کد ملی\"": "move_field #7 @5 >1; update_field #7 @2 کد ملی",
		"فرم ۱۲ رو cp کن": "duplicate_form #12",
		"create form \"crm\" -> add short_text \"company\" -> add rating \"رضایت\"": "create_form crm; add_field short_text company; add_field rating رضایت",
		"form 3 -> publish":                         "publish_form #3",
		"form 54 title -> \"release checklist v2\"": "update_form_title #54 release checklist v2",
		"form 54 title = \"ops\"":                   "update_form_title #54 ops",
		"فرم ۵۴ عنوان: «چک لیست انتشار»":            "update_form_title #54 چک لیست انتشار",
		"فرم ۱۲ اسم: جشن تولد سارا":                 "update_form_title #12 جشن تولد سارا",
		"form 6 title: \"beta\", then publish":      "update_form_title #6 beta; publish_form #6",
		// a question's title is its wording
		"form 5 q3 title: \"city\"":                   "update_field #5 @2 city",
		"form 10 -> draft -> rm q2 -> publish":        "draft_form #10; delete_field #10 @1; publish_form #10",
		"form 10: draft → mv q3 -> q1 → publish":      "draft_form #10; move_field #10 @2 >0; publish_form #10",
		"form 8: q2 required=true, q3 required=false": "update_field #8 @1 required; update_field #8 @2 optional",
		"form 7 -> duplicate, title: \"copy of 7\"":   "duplicate_form #7 copy of 7",
		// «rm» never reaches what was not named
		"form 9: rm نکن، فقط draft": "draft_form #9",
	})
}

// TestClosedWithItsLinkKept: a form kept from taking answers — «از
// دریافت پاسخ جدید بازداشته شود», «ببند که دیگه کسی جواب نده» — with
// its link said to stay active is closed: the purpose said with nobody
// as its subject denies nothing, and the link active is the link kept,
// not the form published.
func TestClosedWithItsLinkKept(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۷۶ از دریافت پاسخ جدید بازداشته شود":                    "disable_form #76",
		"فرم ۱۱ از پذیرش جواب‌های تازه بازایستد":                     "disable_form #11",
		"فرم ۴ صرفاً از دریافت پاسخ منع شود و پیوند آن فعال بماند":   "disable_form #4",
		"فرم ۸ رو ببند ولی لینکش فعال بمونه":                         "disable_form #8",
		"فرم ۸۵ رو ببند که دیگه کسی جواب نده":                        "disable_form #85",
		"فرم ۲۲ رو پاک نکن، فقط ببندش تا هیچ‌کس دیگه پر نکنه":        "disable_form #22",
		"فرم ۳ ره پاک نوکون، فقط ببند که کسی جواب ندِه، لینکش بمانه": "disable_form #3",
		"فرم ۱۴ رو پیش‌نویس کن که کسی نبینه":                         "draft_form #14",
		// the order itself denied stays denied
		"فرم ۳ رو نبند که کسی ناراحت نشه": "none",
		"لینک فرم ۸ رو فعال کن":           "publish_form #8",
	})
}

// TestActNotMeant: an act said not to be meant or planned — «… مد نظر
// نیست», «قصد نداریم …», «قرار نیست …», «برنامه‌ای برای … نیست» — is
// no order to do it, whichever side of the act the denial stands.
func TestActNotMeant(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"حذف فرم ۷۶ به هیچ عنوان مد نظر نیست.":               "none",
		"قصد نداریم فرم ۹ رو حذف کنیم":                       "none",
		"برنامه‌ای برای حذف فرم ۹ نیست":                      "none",
		"قرار نیست فرم ۹ پاک بشه":                            "none",
		"فرم ۱۲ قرار نیست غیرفعال بشه":                       "none",
		"حذف سوال دوم فرم ۴ در کار نیست":                     "none",
		"غیرفعال کردن فرم ۵ اصلا منظور ما نیست":              "none",
		"فرم ۷۶ از دریافت پاسخ بازایستد؛ حذف آن مد نظر نیست": "disable_form #76",
		"فرم ۹ رو در نظر بگیر و منتشرش کن":                   "publish_form #9",
	})
}

// TestRequiredKeyed: a requirement set as a key and its value —
// «required=false», «اجباری: خیر», «required: true» — is what the value
// says, never required for the key alone.
func TestRequiredKeyed(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"form 19 / q3: required=false. حذفش نکن، فقط optional بشه": "update_field #19 @2 optional",
		"form 7 q1 required: no":     "update_field #7 @0 optional",
		"سوال ۲ فرم ۵ اجباری: خیر":   "update_field #5 @1 optional",
		"form 4 q2 required: true":   "update_field #4 @1 required",
		"سوال سوم فرم ۸ الزامی: بله": "update_field #8 @2 required",
	})
}

// TestNewQuestionBecomesPlace: where a new question is to stand, said
// as what it becomes — «… بذار بشه سوال دوم», «… اضافه کن که سوال سوم
// بشه», «… تا پرسش نخست گردد» — is the place it is added at; said of a
// question named by its number, it is still that question moved.
func TestNewQuestionBecomesPlace(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"به فرم ۹۱ یه سوال کوتاه «کد تخفیف» بذار بشه سوال دوم":               "add_field #91 @1 short_text کد تخفیف",
		"به فرم ۱۲ یه سوال کوتاه «شهر» اضافه کن که سوال سوم بشه":             "add_field #12 @2 short_text شهر",
		"یک پرسش کوتاه «نام پدر» به فرم ۵ افزوده شود تا پرسش نخست گردد":      "add_field #5 @0 short_text نام پدر",
		"فرم ۹ ره پیش نویس بوکون، بعد یه سوال کوتاه «کد» بیذار بشه سوال دوم": "draft_form #9; add_field #9 @1 short_text کد",
		"سوال ۵ فرم ۹۱ رو ببر بشه سوال دوم":                                  "move_field #91 @4 >1",
		"سوال ۵ فرم ۹۱ رو بیار بالا، بشه سوال دوم":                           "move_field #91 @4 >1",
	})
}

// TestNewFormNamedInOtherWords: a new form's name said other than with
// «به اسم» — a quoted text after «برای»/«واسه» right after the verb, or
// the short sentence of dictation after the order («فرم جدید. اردوی
// مهدکودک.») — and a list that ends in «، هر دو اجباری» (a trait of
// every question listed, no question of its own).
func TestNewFormNamedInOtherWords(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"یه فرم بساز برای «اردوی پاوه»":                                          "create_form اردوی پاوه",
		"یه فرم جدید درست کن واسه «کلاس زبان»":                                   "create_form کلاس زبان",
		"make a form for \"Camp\"":                                               "create_form Camp",
		"یه نظرسنجی بساز برای «رضایت مشتری»":                                     "create_form رضایت مشتری",
		"یه فرم بساز. جشن تولد سارا.":                                            "create_form جشن تولد سارا",
		"new form. Summer camp. add short_text \"name\"":                         "create_form Summer camp; add_field short_text name",
		"یه فرم جدید درست کن. ثبت نام کلاس شنا. دو تا سوال: نام، بیمه":           "create_form ثبت نام کلاس شنا; add_field short_text نام; add_field short_text بیمه",
		"یه فرم «اردو» بساز، دو تا سوال: اسم کامل، نام مدرسه، هر دو اجباری":      "create_form اردو; add_field short_text اسم کامل required; add_field short_text نام مدرسه required",
		"یه فرم «اردو» بساز، دو تا سوال بنویس: اسم کامل و نام مدرسه، همه اجباری": "create_form اردو; add_field short_text اسم کامل required; add_field short_text نام مدرسه required",
		// a sentence that is an order, a question or a plea names nothing
		"فرم جدید. منتشرش کن": "create_form فرم جدید; publish_form",
		"فرم جدید. لطفا سریع": "create_form فرم جدید",
		// unquoted, what the form is for is not its name
		"یه فرم بساز برای اردوی پاوه": "create_form فرم جدید",
	})
}

// TestRegionalSmallWords: the small words of the regional voices — the
// Gilaki «ایسه» (now) and «بیدین» (look), the Kurdish «نیه» (is not) —
// read as what they say; «بیدین» is no «ببندین» (close it) by its sound.
func TestRegionalSmallWords(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۸۷ ره ایسه منتشر بوکون":                          "publish_form #87",
		"سوال دوم فرم ۲۰ اختیاری بکه، لازم نیه حتما جواب بدن": "update_field #20 @1 optional",
		"فرم ۸ ره بیدین منتشر بوکون":                          "publish_form #8",
		"بیدین، فرم ۸ ره منتشر بوکون":                         "publish_form #8",
		"فرم ۸ رو ببندین":                                     "disable_form #8",
	})
}

// TestOrdersJoinedOtherwise: orders joined by the shell's «&&» or the
// written «متعاقباً» and «در ادامه» come one after the other.
func TestOrdersJoinedOtherwise(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"form 12: draft && rm q3 && publish": "draft_form #12; delete_field #12 @2; publish_form #12",
		"فرم ۱۲ را نخست به پیش‌نویس بازگردانید، متعاقباً پرسش سوم آن را حذف و در ادامه مجدداً منتشر فرمایید.": "draft_form #12; delete_field #12 @2; publish_form #12",
		"فرم ۹ پیش‌نویس شود، متعاقباً عنوان آن به «آزمون» تغییر یابد":                                         "draft_form #9; update_form_title #9 آزمون",
	})
}

// TestTextEmptiedThenWritten: the same change of name or text said with
// «خالی کن» (empty it), «درج گردد», an English verb before the part, or
// the new text unquoted to the end of the sentence; emptied with nothing
// written, the part is no name «خالی» and no form deleted.
func TestTextEmptiedThenWritten(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"clear the title of form 4 and write \"Intake\"":    "update_form_title #4 Intake",
		"delete the name of form 6, then type \"Triage\"":   "update_form_title #6 Triage",
		"اسم فرم ۴ رو خالی کن بنویس «پذیرش»":                "update_form_title #4 پذیرش",
		"عنوان فرم ۱۳ حذف شود و عنوان «پذیرش» درج گردد":     "update_form_title #13 پذیرش",
		"اسم فرم ۴ پاک، بنویس پذیرش بیماران":                "update_form_title #4 پذیرش بیماران",
		"متن سوال سوم فرم ۲ رو خالی کن جاش بنویس «شغل پدر»": "update_field #2 @2 شغل پدر",
		"اسم فرم ۴ رو خالی کن":                              "none",
		"متن سوال ۲ فرم ۴ رو خالی کن":                       "none",
	})
}

// TestMovedToTheFirstOne: «اولی» (the first one) straight after the
// verb of moving is the first place, as «دومی» is the second.
func TestMovedToTheFirstOne(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سوال ۵ فرم ۱۲ رو ببر اولی":              "move_field #12 @4 >0",
		"سوال ۵ فرم ۱۲ ره ببر اولی":              "move_field #12 @4 >0",
		"سوال چهارم فرم ۲۷ ببر بکه اولی":         "move_field #27 @3 >0",
		"سوال ۵ فرم ۱۲ رو ببر دومی":              "move_field #12 @4 >1",
		"سوال ۵ فرم ۱۲ رو ببر اول بعد منتشرش کن": "move_field #12 @4 >0; publish_form #12",
	})
}

// TestRequirementRemoved: a question's requirement removed — «الزام
// پاسخ‌گویی به پرسش دوم … برداشته شود», «اجباری بودن سوال ۳ رو بردار»,
// "remove the requirement on q2" — is the question made optional,
// never deleted; a link said not to be deleted is kept; «انتقال یابد»
// moves.
func TestRequirementRemoved(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"الزام پاسخ‌گویی به پرسش دوم فرم ۱۲ برداشته شود.":               "update_field #12 @1 optional",
		"اجباری بودن سوال ۳ فرم ۵ رو بردار":                             "update_field #5 @2 optional",
		"remove the requirement on q2 of form 5":                        "update_field #5 @1 optional",
		"drop required from q3 of form 8 and publish it":                "update_field #8 @2 optional; publish_form #8",
		"حذف الزام پرسش دوم فرم ۱۲":                                     "update_field #12 @1 optional",
		"سوال اجباری فرم ۵ رو حذف کن":                                   "none",
		"امکان ارسال پاسخ در فرم ۱۲ مسدود گردد لیکن پیوند آن حذف نشود.": "disable_form #12",
		"فرم ۱۲ رو ببند ولی لینکش پاک نشه":                              "disable_form #12",
		"پرسش چهارم فرم ۱۲ به جایگاه دوم انتقال یابد.":                  "move_field #12 @3 >1",
	})
}

// TestLestItBeDone: «مبادا» (lest) before an act is the order not to do
// it, and the Gilaki «نوکونی ها» denies as «نکنی ها» does.
func TestLestItBeDone(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"مبادا فرم ۵ رو پاک کنی":                "none",
		"فرم ۵ رو مبادا پاک کنی، کپیش بگیر":     "duplicate_form #5",
		"مبادا فرم ۵ منتشر بشه، پیش‌نویس بمونه": "draft_form #5",
		"فرم ۵ ره پاک نوکونی ها":                "none",
		"فرم ۵ ره پاک نوکونی ها، فقط ببند":      "disable_form #5",
	})
}

// TestItAfterACopy: «it» after a copy — «فرم ۵ رو کپی کن، بعد منتشرش
// کن», "duplicate form 5 then delete its q3" — may be the copy, which
// has no id: no plan acts on the form copied for it. Named again by its
// number, or named in a clause between, the form is acted on.
func TestItAfterACopy(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۵ رو کپی کن، بعد منتشرش کن":                                  "none",
		"فرم ۵ رو کپی کن، بعد سوال سومش رو پاک کن":                        "none",
		"duplicate form 5 then delete its q3":                             "none",
		"فرم ۵ ره کپی بوکون، بعد پیش نویسش بوکون":                         "none",
		"فرم ۵ رو کپی کن، بعد سوال سوم فرم ۵ رو پاک کن":                   "duplicate_form #5; delete_field #5 @2",
		"اول فرم ۹ رو کپی کن بعد اسم فرم ۹ رو بذار «قدیمی» و غیرفعالش کن": "duplicate_form #9; update_form_title #9 قدیمی; disable_form #9",
		"فرم ۱۲ رو کپی کن و اسمش رو «نسخه ۲» بذار":                        "duplicate_form #12 نسخه ۲",
		"فرم ۹ رو پیش‌نویس کن و کپیش بگیر":                                "draft_form #9; duplicate_form #9",
	})
}

// TestClosedSoNobodyAnswers: closing said with its purpose in other
// words and voices — "so nobody can answer anymore", «تا دیگه هیچکس پر
// نکنه», "link stays live" — is the form closed, nothing left unread.
func TestClosedSoNobodyAnswers(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"close form 18 so nobody can answer anymore":         "disable_form #18",
		"فرم ۱۸ رو ببندین تا دیگه هیچکس پر نکنه":             "disable_form #18",
		"form 18: stop accepting responses, link stays live": "disable_form #18",
		"فرم ۱۸ ره ببند، کسی جواب ندِه دیگه":                 "disable_form #18",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if got := stepsOf(r); got != want {
				t.Errorf("got %s, want %s (%s)", got, want, r.Reason)
			}
			if len(r.Warnings) > 0 {
				t.Errorf("warnings %q: every word is read", r.Warnings)
			}
		})
	}
}

// TestEnglishStatesInPersianLetters: the English words of a form's state
// typed in Persian letters — «اکتیو», «دی‌اکتیو», «دراف» — are the states,
// denied as any verb is; quoted, a name.
func TestEnglishStatesInPersianLetters(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۱۲ رو اکتیو کن":              "publish_form #12",
		"فرم ۱۲ رو دی‌اکتیو کن":           "disable_form #12",
		"فرم ۱۲ رو دی اکتیو کن":           "disable_form #12",
		"فرم ۱۲ رو دراف کن":               "draft_form #12",
		"فرم ۱۲ رو دی‌اکتیو نکن، دراف کن": "draft_form #12",
		"فرم «اکتیو» رو بساز":             "create_form اکتیو",
	})
}

// TestPartSaidWithModifiers: a part of a form named with modifiers
// before the form — «اسم خیلی قدیمی فرم ۵», «esme ghadimi form 5» — is
// still what is erased: the form is never deleted for it; an order about
// the part in a clause of its own leaves the form's deletion as asked.
func TestPartSaidWithModifiers(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"اسم خیلی قدیمی فرم ۵ رو پاک کن":                    "none",
		"esme ghadimi form 5 ro pak kon":                    "none",
		"اسم زشت فرم ۵ رو پاک کن":                           "none",
		"esme ghadimi form 5 ro pak kon, benevis \"bahar\"": "update_form_title #5 bahar",
		"عنوان رو نگه دار و فرم ۵ رو پاک کن":                "delete_form #5",
		"لطفا فرم ۵ رو پاک کن":                              "delete_form #5",
	})
}

// TestQuestionNamedBesideAnother: a question named by its place beside
// another — «سوال بعد از سوال ۳», «سوال زیر سوال ۳», "the question after
// q3" — is not question 3: no plan deletes or changes question 3 for
// it. Adding or moving beside a question still places.
func TestQuestionNamedBesideAnother(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سوال بعد از سوال ۳ فرم ۵ رو پاک کن":         "none",
		"سوال بعدی سوال ۳ فرم ۵ رو پاک کن":           "none",
		"delete the question after q3 of form 5":     "none",
		"سوال زیر سوال ۳ فرم ۵ رو اجباری کن":         "none",
		"پرسش پیش از پرسش چهارم فرم ۸ حذف گردد":      "none",
		"یه سوال کوتاه بعد از سوال ۳ فرم ۵ اضافه کن": "add_field #5 @3 short_text",
		"سوال ۵ فرم ۵ رو ببر بعد از سوال ۳":          "move_field #5 @4 >3",
		"سوال جدید بعد از سوال ۳ فرم ۵ بذار «شهر»":   "add_field #5 @3 short_text شهر",
		"توضیح سوال ۳ فرم ۵ رو پاک کن":               "none",
		"ستاره سوال ۳ فرم ۵ رو پاک کن":               "update_field #5 @2 optional",
		"به فرم ۴ یه سوال توضیح اضافه کن «سوابق»":    "add_field #4 long_text سوابق",
	})
}

// TestFormNamedBesideAnother: a form named by its place beside another,
// by an open run from it, or as «the next one» — «فرم بعد از فرم ۵»,
// «فرم ۵ به بعد», «… و بعدی رو هم», "delete forms from 5 onwards" —
// is no form whose number is said: nothing is deleted for it.
func TestFormNamedBesideAnother(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم بعد از فرم ۵ رو پاک کن":               "none",
		"فرم بعدی فرم ۵ رو حذف کن":                 "none",
		"delete the form after form 5":             "none",
		"فرم ۵ و فرم بعدیش رو پاک کن":              "none",
		"فرم شماره ۵ به بعد رو پاک کن":             "none",
		"فرم ۵ رو پاک کن و بعدی رو هم":             "none",
		"delete form 5 onwards":                    "none",
		"unpublish form 91 until the next release": "draft_form #91",
		"فرم ۵ رو منتشر کن، بعد سوال ۳ رو پاک کن":  "publish_form #5; delete_field #5 @2",
		"فرم ۵ رو پیش‌نویس کن بعدش منتشر":          "draft_form #5; publish_form #5",
	})
}

// TestLeftOutOrTheRest: an order about what a command leaves out or
// about «the rest» — «غیر از فرم ۵ بقیه رو پاک کن», «فرم ۵ رو نگه دار،
// بقیه رو حذف کن», "delete all except form 5" — never acts on the one
// named, which is the one to spare; «بقیه» and «سایر» as options stay.
func TestLeftOutOrTheRest(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"غیر از فرم ۵ بقیه رو پاک کن":                                        "none",
		"فرم ۵ رو نگه دار، بقیه رو حذف کن":                                   "none",
		"سوال‌های فرم ۵ به جز سوال اول رو پاک کن":                            "none",
		"delete all forms except form 5":                                     "none",
		"فرم ۹ ره نگه دار، باقی رو پاک بوکون":                                "none",
		"یه سوال چندگزینه‌ای به فرم ۵ اضافه کن با گزینه‌های آبی، قرمز، بقیه": "add_field #5 multiple_choice [آبی|قرمز|بقیه]",
		"یه فرم بساز «غیر از ما»":                                            "create_form غیر از ما",
	})
}

// TestCorrectedToBareIDs: a self-correction that names only the ids —
// «… نه ببخشید فقط ۶», «… منظورم ۶ بود» — stands for the corrected
// clause's ids, a list of them included; the form left out of the
// correction is never deleted.
func TestCorrectedToBareIDs(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۵ و ۶ رو پاک کن، نه ببخشید فقط ۶":          "delete_form #6",
		"فرم ۵ و ۶ رو منتشر کن، نه ببخشید فقط ۶ رو":     "publish_form #6",
		"فرم ۵ رو منتشر کن نه ببخشید منظورم ۶ بود":      "publish_form #6",
		"فرم ۵ و ۶ رو پاک کن، نه ببخشید فرم ۷":          "delete_form #7",
		"سوال ۲ و ۳ فرم ۵ رو پاک کن، نه ببخشید فقط ۳":   "none",
		"فرم بیست رو پاک کن نه ببخشید فرم بیست و یک رو": "delete_form #21",
	})
}

// TestNumberWithAMeasure: a number with a measure after it — «فرم ۵
// نفره» (for five people), «۵ تایی», «۵ ساله» — counts something of the
// form and is no id: the form is not deleted or closed on it.
func TestNumberWithAMeasure(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۵ نفره رو پاک کن":  "none",
		"فرم ۵ تایی رو حذف کن":  "none",
		"فرم ۵ ساله رو ببند":    "none",
		"فرم ۵ ستاره رو پاک کن": "none",
		"فرم ۵ رو پاک کن":       "delete_form #5",
		"فرم ۵ هم پاک بشه":      "delete_form #5",
	})
}

// TestStepsNumberedWithAFullStop: orders numbered «1.», «۲.» — "form
// 12: 1. draft 2. rm q3 3. publish" — are steps in that order; a step's
// number is never a form («2. rm q3» drafted and emptied forms 1 and 2),
// and the number after a noun stays its id.
func TestStepsNumberedWithAFullStop(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"form 12: 1. draft 2. rm q3 3. publish":         "draft_form #12; delete_field #12 @2; publish_form #12",
		"فرم ۱۲: ۱. پیش‌نویس ۲. حذف سوال سوم ۳. انتشار": "draft_form #12; delete_field #12 @2; publish_form #12",
		"1. draft form 12 2. publish it":                "draft_form #12; publish_form #12",
		"فرم ۱۲ رو منتشر کن. ۲. سوال ۳ رو پاک کن":       "publish_form #12; delete_field #12 @2",
		"فرم 5. سوال 2. پاک.":                           "delete_field #5 @1",
	})
}
