package persian

import "testing"

// TestRangeEndInWords: a range of questions whose ends are said in
// words, as dictation writes them («یک تا سیزده»), or as ordinals with
// «یکم» for the first — every question of it, and past the step limit
// refused whole.
func TestRangeEndInWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوالای دو تا چهار فرم بیست رو اختیاری کن":        "update_field #20 @1 optional; update_field #20 @2 optional; update_field #20 @3 optional",
		"پرسش‌های یک الی سه فرم ۱۲ الزامی گردد":           "update_field #12 @0 required; update_field #12 @1 required; update_field #12 @2 required",
		"سوال‌های یکم تا سوم فرم ۹ رو اجباری کن":          "update_field #9 @0 required; update_field #9 @1 required; update_field #9 @2 required",
		"پرسش‌های یکم و دوم فرم ۴۴ اختیاری شوند":          "update_field #44 @0 optional; update_field #44 @1 optional",
		"question 2 to 3 of form 5 make required":         "update_field #5 @1 required; update_field #5 @2 required",
		"سوالای یک تا چهارده فرم سی رو همه رو اجباری کن":  "none",
		"پرسش‌های یکم تا سیزدهم فرم ۷ همگی اختیاری گردند": "none",
		// «یکم» alone is "a little": no question is named by it.
		"فرم ۴ رو یکم تغییر بده": "none",
	})
}

// TestCorrectedToANewVerb: a question order taken back for another
// verb («… حذف کن نه ببخشید منظورم این بود اجباریش کن») gives the new
// verb to the same question of the same form; "what I meant was" only
// leads to it, and the verb taken back is never done.
func TestCorrectedToANewVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دو فرم ۸۱ رو حذف کن، نه ببخشید، اجباریش کن":                "update_field #81 @1 required",
		"سوال سوم فرم ۱۲ رو پاک کن ببخشید منظورم این بود که اختیاریش کن": "update_field #12 @2 optional",
		"پرسش دوم فرم ۵ حذف شود؛ اصلاحیه: الزامی شود":                    "update_field #5 @1 required",
		"فرم ۱۲ رو پاک کن نه ببخشید منظورم این بود که منتشرش کن":         "publish_form #12",
		"سوال ۴ فرم ۶ رو ببر اول نه ببخشید منظورم اینه که اختیاریش کن":   "update_field #6 @3 optional",
		"سوال دوم فرم ۱۴ رو پاک کن، منظورم سوال سوم بود":                 "delete_field #14 @2",
	})
}

// TestNotDeletedButClosed: "don't delete it, just let it take no more
// answers" closes the form; the answers are what it stops taking, not a
// part removed, and the delete denied is never done.
func TestNotDeletedButClosed(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۲ رو حذف نکنید، فقط دیگه پاسخ نپذیرد":   "disable_form #22",
		"فرم ۲۲ رو حذف نکن فقط دیگه جواب قبول نکنه":   "disable_form #22",
		"فرم ۴۸ رو پاک نکنین، فقط دیگه ثبت‌نام نگیره": "disable_form #48",
		"فرم ۲۲ رو پاک نکن، فقط جوابهاش رو پاک کن":    "none",
		"فرم ۲۲ رو پاک نکن":                           "none",
	})
}

// TestCeasesTakingAnswers: the formal register closes a form by saying
// it ceases to take answers («از پذیرش پاسخ بازایستد», «دریافت پاسخ …
// متوقف گردد»): that is disabling, never a draft or a delete.
func TestCeasesTakingAnswers(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۰۲ از پذیرش پاسخ بازایستد":             "disable_form #102",
		"پذیرش پاسخ فرم ۷۷ تا اطلاع ثانوی متوقف شود": "disable_form #77",
		"مستدعی است فرم ۸۸ از دریافت پاسخ بازایستد":  "disable_form #88",
		"فرم ۶۱ از پذیرش پاسخ باز ایستد":             "disable_form #61",
		"پذیرش پاسخ فرم ۶۱ متوقف نشود":               "none",
	})
}

// TestImperativeWithoutItsR: «بذا», «بزا», «وردا» — the imperatives of
// putting and taking said without their last «ر» — are read as the
// imperative, in renames, added questions, lists after a colon and
// moves.
func TestImperativeWithoutItsR(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"اسم فرم ۱۸ رو بذا «پیراهن مردانه»":                         "update_form_title #18 پیراهن مردانه",
		"عنوان فرم ۱۸ رو بِزا «دوخت کت»":                            "update_form_title #18 دوخت کت",
		"تو فرم ۲۹ دو تا سوال کوتاه بذا دیگه: دور سینه، قد شلوار":   "add_field #29 short_text دور سینه; add_field #29 short_text قد شلوار",
		"سوال دوم فرم ۵ رو اجباری بذا":                              "update_field #5 @1 required",
		"یه فرم بساز اسمش «پرو»، یه سوال متن بلند توضیحات بذا دیگه": "create_form پرو; add_field long_text توضیحات",
		"سوال سوم فرم ۴ رو وردا ببر جای اول":                        "move_field #4 @2 >0",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"به فرم ۱۲ یه سوال کوتاه شماره قد بذا": "add_field #12 short_text شماره قد",
	})
}

// TestBeforeThatGoesFirst: «ولی قبلش، …», «لیکن پیش از آن، …» — with
// or without the comma after the opener — put the acts said after
// before those said first, even before a form the command creates when
// they name their own forms; acts on the new form stay after it.
func TestBeforeThatGoesFirst(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۵ رو منتشر کن، ولی قبلش، فرم ۶ رو پیش‌نویس کن":                           "draft_form #6; publish_form #5",
		"فرم ۵ رو منتشر کن. قبل از اون، فرم ۶ رو پیش‌نویس کن":                         "draft_form #6; publish_form #5",
		"فرم ۲۱ منتشر گردد؛ لیکن پیش از آن، عنوان آن به «وام مسکن» اصلاح شود":         "update_form_title #21 وام مسکن; publish_form #21",
		"یه فرم بساز به اسم «الف»؛ ولی قبلش، فرم ۶ رو پیش‌نویس کن":                    "draft_form #6; create_form الف",
		"فرمی با عنوان «همایش» ایجاد گردد؛ لیکن پیش از آن فرم ۱۴۱ از انتشار خارج شود": "draft_form #141; create_form همایش",
		"یه فرم بساز به اسم «ب» و منتشرش کن، ولی قبلش یه سوال کوتاه بهش اضافه کن":     "create_form ب; add_field short_text; publish_form",
	})
}

// TestMoveInANoteToSelf: a to-do note moves a question with the
// speaker's own verb («ببرمش», «ببرم», «بیارمش»); asked as a question
// («… ببرمش؟») it orders nothing.
func TestMoveInANoteToSelf(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سؤال ۶ فرم ۴۱ ← ببرمش بعد از سؤال ۲":    "move_field #41 @5 >2",
		"فرم ۴۱: سؤال سوم رو ببرم اول":           "move_field #41 @2 >0",
		"سوال دوم فرم ۷ رو بیارمش جای سوال پنجم": "move_field #7 @1 >4",
		"سؤال ۶ فرم ۴۱ رو قبل از سؤال ۲ ببرمش؟":  "none",
		"سؤال ۶ فرم ۴۱ رو ببرم آخر":              "none",
	})
}

// TestPlaceAfterTheEarlierSteps: "the question that will then be
// first" («سؤالی که اون موقع اول میشه», «پرسشی که آنگاه نخست خواهد
// بود») names a place as the earlier steps leave the form, which is how
// a plan's indexes count: it is that index, whatever aside restates it.
func TestPlaceAfterTheEarlierSteps(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال اول فرم ۱۱ رو ببر جای سوم، بعد سوالی که اون موقع دوم میشه رو اختیاری کن":         "move_field #11 @0 >2; update_field #11 @1 optional",
		"پرسش دوم فرم ۹۰ به جایگاه چهارم منتقل شود، سپس پرسشی که آنگاه سوم خواهد بود حذف گردد": "move_field #90 @1 >3; delete_field #90 @2",
		"سؤال ۳ فرم ۱۲ رو ببر اول، بعد سؤالی که اون موقع دوم میشه رو اجباری کن":                "move_field #12 @2 >0; update_field #12 @1 required",
		"سوال پنجم فرم ۸ رو بیار جای سوال اول و سوالی که آن وقت ششم می‌شود را اجباری کن":       "move_field #8 @4 >0; update_field #8 @5 required",
	})
}

// TestCurrentPlaceFollowsTheSteps: a question named by its place as the
// form is now («پرسش دوم فعلی», "current question 3") after a move or a
// delete in the same plan is followed through them to the index they
// leave it at, since plan indexes count after the earlier steps; one the
// plan has deleted is refused.
func TestCurrentPlaceFollowsTheSteps(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ابتدا پرسش نخست فرم ۱۴ به جایگاه سوم منتقل شود و سپس پرسش دوم فعلی الزامی گردد.": "move_field #14 @0 >2; update_field #14 @0 required",
		"سوال ۴ فرم ۹ رو پاک کن بعد سوال پنجم فعلی رو اجباری کن":                          "delete_field #9 @3; update_field #9 @3 required",
		"سوال ۶ فرم ۹ رو ببر اول، بعد سوال دوم فعلی رو اختیاری کن":                        "move_field #9 @5 >0; update_field #9 @2 optional",
		"سوال ۴ فرم ۹ رو پاک کن بعد سوال چهارم فعلی رو اجباری کن":                         "none",
		// with no earlier step, the place is as the form is
		"سوال دوم فعلی فرم ۲۰ رو اجباری کن": "update_field #20 @1 required",
	})
}

// TestNameInParentheses: a name said in parentheses after a label and
// a colon, unquoted («(اسم کپی: اولیا کلاس دوم)», «(عنوان: …)»), is the
// name, as it is when quoted; a remark in parentheses stays a remark.
func TestNameInParentheses(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۳۱ رو کپی کنم برای پایه چهارم (اسم کپی: ثبت‌نام پایه چهارم)":     "duplicate_form #31 ثبت‌نام پایه چهارم",
		"از فرم ۴۰ یه نسخه بگیر (نام: جشنواره بهار)":                          "duplicate_form #40 جشنواره بهار",
		"به فرم ۱۲ یه سؤال متن بلند اضافه کنم (عنوان: نظر اولیا درباره اردو)": "add_field #12 long_text نظر اولیا درباره اردو",
		"فرم ۱۲ رو منتشر کن (بعد از جلسه)":                                    "publish_form #12",
	})
}

// TestNumberedWordingsAfterPluralQuestions: numbers right after the
// colon of a sentence that names questions in the plural («این سؤال‌ها
// رو اضافه کنم: ۱) … ۲) …») number the questions' wordings, one list,
// as commas would; numbered to-dos with no such sentence stay steps.
func TestNumberedWordingsAfterPluralQuestions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۳۰ این سؤال‌ها رو اضافه کنم: ۱) نام ۲) نام خانوادگی ۳) کلاس": "add_field #30 short_text نام; add_field #30 short_text نام خانوادگی; add_field #30 short_text کلاس",
		"سوال‌های زیر به فرم ۹ افزوده شود: ۱- نام ۲- رشته":                   "add_field #9 short_text نام; add_field #9 short_text رشته",
		"کارهای امروز: ۱) فرم ۷ رو منتشر کنم ۲) فرم ۸ رو منتشر کنم":          "publish_form #7; publish_form #8",
	})
}

// TestDictatedOrdinalList: a counted list dictated with no marks, one
// ordinal opening each question's wording («سه تا سوال اضافه کن اول
// نام … دوم تاریخ تولد سوم …»), is read as the punctuated list; an
// ordinal naming a question («اول سوال دوم …») is no item.
func TestDictatedOrdinalList(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم چهل دو تا سوال اضافه کن اولی کد ملی دومی شماره موبایل":                                  "add_field #40 short_text national_code کد ملی; add_field #40 short_text mobile_ir شماره موبایل",
		"دو تا سوال به فرم ۹ اضافه کن اول سن دوم شغل":                                                   "add_field #9 number سن; add_field #9 short_text شغل",
		"یه فرم بساز به اسم ثبت نام بعد سه تا سوال بذار اول نام دوم کلاس سوم تاریخ تولد بعدش منتشرش کن": "create_form ثبت نام; add_field short_text نام; add_field short_text کلاس; add_field date تاریخ تولد; publish_form",
		"به فرم ۹ دو تا سوال اضافه کن اول سوال دوم رو پاک کن":                                           "none",
	})
}

// TestRenameInANoteToSelf: a rename written as a note to oneself
// («اسم فرم ۳۴۲ رو بذارم «…»», «عوض کنم بشه «…»») renames with the
// name said, never with the verb as the name; asked, it is a question.
func TestRenameInANoteToSelf(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"اسم فرم ۵۵ رو بذارم «اردوی پاییز»":                                           "update_form_title #55 اردوی پاییز",
		"عنوان فرم ۵۵ رو عوض کنم بشه «جلسه اولیا»":                                    "update_form_title #55 جلسه اولیا",
		"اسم فرم ۵۵ رو عوض کنیم بشه «کارگاه»":                                         "update_form_title #55 کارگاه",
		"۱) فرم «اردو» بسازم ۲) یه سؤال کوتاه «نام» ۳) اسم فرم ۳۰ رو بذارم «بایگانی»": "create_form اردو; add_field short_text نام; update_form_title #30 بایگانی",
		"اسم فرم ۵۵ رو عوض کنم؟":                                                      "none",
	})
}

// TestKindAsOneWordAdjectiveFirst: «کوتاه‌پاسخ», «بلندجواب» — the kind
// said adjective first as one word — type the questions and leave
// their quoted wordings to them; and acts said «before that» on forms
// named by id go before a new form with its questions, never between.
func TestKindAsOneWordAdjectiveFirst(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"دو پرسش کوتاه‌پاسخ «نام» و «کد پرسنلی» به فرم ۹ افزوده شود":                                           "add_field #9 short_text نام; add_field #9 short_text کد پرسنلی",
		"یه سوال بلندجواب «توضیحات» به فرم ۹ اضافه کن":                                                         "add_field #9 long_text توضیحات",
		"فرمی با عنوان «همایش» ایجاد و پرسشی کوتاه‌پاسخ «نام» در آن درج گردد؛ لیکن پیش از آن، فرم ۷ منتشر شود": "publish_form #7; create_form همایش; add_field short_text نام",
	})
}

// TestGuardianInAWording: «ولی» after «نام», «شغل», «امضای» … is the
// guardian, part of the wording («نام ولی»), not "but" opening a clause;
// "but" still opens one.
func TestGuardianInAWording(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۱۵ این سؤال‌ها رو اضافه کنم: ۱) نام ۲) شغل ولی ۳) تلفن ولی":              "add_field #15 short_text نام; add_field #15 short_text شغل ولی; add_field #15 short_text تلفن ولی",
		"به فرم ۱۵ دو سوال کوتاه اضافه کن: امضای ولی، نام ولی":                           "add_field #15 short_text امضای ولی; add_field #15 short_text نام ولی",
		"به فرم ۱۵ این سؤال‌ها رو اضافه کن: نام، کلاس، نام ولی، شغل ولی، آدرس، سن، تلفن": "none",
		"به فرم ۹ یه سوال کوتاه «نام» اضافه کن ولی اجباری نباشه":                         "add_field #9 short_text نام",
	})
}

// TestThemPublishesEachNewForm: «منتشرشون کن», «منتشرشان کنید» (publish
// them) after several new forms publishes each one after its create
// (RULINGS 7), as «هر دو» does; «منتشرش کن» is the last form only.
func TestThemPublishesEachNewForm(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"دو تا فرم بساز به اسم‌های «اردو» و «جلسه» و منتشرشون کن":     "create_form اردو; publish_form; create_form جلسه; publish_form",
		"دو فرم «اردو» و «جلسه» ایجاد و منتشرشان کنید":                "create_form اردو; publish_form; create_form جلسه; publish_form",
		"یه فرم «اردو» بساز و یه سوال کوتاه بهش اضافه کن و منتشرش کن": "create_form اردو; add_field short_text; publish_form",
	})
}

// TestAFormForEachName: names listed, then «هر کدوم یه فرم (جدا)
// بساز» — a form for each name, and what is said of it after («و
// منتشرش کن») done to each after its create; seven names are past
// the step limit with their publishes and refused whole.
func TestAFormForEachName(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"۱) «کلاس اول الف» ۲) «کلاس اول ب» ← هر کدوم یه فرم جدا بسازم و همون موقع منتشرش کنم": "create_form کلاس اول الف; publish_form; create_form کلاس اول ب; publish_form",
		"برای «شعبه شمال» و «شعبه جنوب» هر کدوم یه فرم بساز":                                  "create_form شعبه شمال; create_form شعبه جنوب",
		"«تیم الف»، «تیم ب»، «تیم ج»: برای هر یک فرمی جداگانه ایجاد و منتشر گردد":             "create_form تیم الف; publish_form; create_form تیم ب; publish_form; create_form تیم ج; publish_form",
		"«الف»، «ب»، «ج»: برای هر کدوم یه فرم جداگانه بساز و منتشرش کن":                       "create_form الف; publish_form; create_form ب; publish_form; create_form ج; publish_form",
		"«۱»، «۲»، «۳»، «۴»، «۵»، «۶»، «۷» ← هر کدوم یه فرم بساز و منتشرش کن":                 "none",
	})
}

// TestRefrainsFromTakingAnswers: «از پذیرش پاسخ خودداری نماید»
// (refrain from taking answers) closes the form; refraining from an act
// of the plan («از حذف فرم ۸۸ خودداری شود») still denies it.
func TestRefrainsFromTakingAnswers(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"مستدعی است فرم ۸۸ از دریافت پاسخ خودداری نماید":    "disable_form #88",
		"فرم ۸۸ از پذیرش پاسخ‌ها اجتناب کند، لیکن حذف نشود": "disable_form #88",
		"فرم ۸۸ از قبول جواب خودداری کنه":                   "disable_form #88",
		"فرم ۸۸ تا اطلاع ثانوی از پذیرش پاسخ خودداری گردد.": "disable_form #88",
		"از حذف فرم ۸۸ خودداری شود":                         "none",
	})
}
