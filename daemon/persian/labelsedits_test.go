package persian

import "testing"

// TestPictographsDecorate: an emoji outside quotes decorates a command
// and is no word of it — not of a bare wording, not a word left unread;
// inside quotes it is kept as written.
func TestPictographsDecorate(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲: یه سوال امتیازی کیفیت سرویس ⭐⭐ اضافه کن": "add_field #12 rating کیفیت سرویس",
		"یه سوال کوتاه اسم مشتری 😊 به فرم ۸ اضافه کن":     "add_field #8 short_text اسم مشتری",
		"فرم ۱۴ رو منتشر کن 🚀🚀":                           "publish_form #14",
		"فرم ۱۵ رو پاک نکن 🙏🏻 فقط پیش نویس کن":            "draft_form #15",
		"به فرم ۳ یه سوال کوتاه «غذای محبوب 🍕» اضافه کن":  "add_field #3 short_text غذای محبوب 🍕",
		"👍": "none",
		"یه سوال بلند نظر شما 👨‍💻 درباره اپ به فرم ۹ اضافه کن": "add_field #9 long_text نظر شما درباره اپ",
	})
}

// TestKindBeforeNoun: in English order the kind comes before the noun
// («rating field», «a date field»); the noun then names a question to
// make, and all the words after it, a label word at their head
// included, are its wording — with a verb or without one, in either
// contract.
func TestKindBeforeNoun(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"email field ایمیل همکار to form 12":                 "add_field #12 email ایمیل همکار",
		"یه date field تاریخ تحویل به فرم ۸ اضافه کن":        "add_field #8 date تاریخ تحویل",
		"add a number field تعداد مهمان to form 9":           "add_field #9 number تعداد مهمان",
		"فرم ۲۰: یه rating field سرعت ارسال":                 "add_field #20 rating سرعت ارسال",
		"long text field توضیحات سفارش برای form 7 اضافه کن": "add_field #7 long_text توضیحات سفارش",
		"یه email field به فرم ۸ اضافه کن":                   "add_field #8 email",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"rating field کیفیت غذا برای form 61": "add_field #61 rating کیفیت غذا",
		"short text field نام پدر to form 4":  "add_field #4 short_text نام پدر",
	})
}

// TestKindMarkerBeforeKind: «از نوع», «به صورت», «of type» between the
// question noun and its kind only say the kind follows; the words after
// the kind are the wording, as after «سوال متن بلند».
func TestKindMarkerBeforeKind(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۱۲ پرسشی به صورت عددی تعداد فرزندان اضافه شود":           "add_field #12 number تعداد فرزندان",
		"یه سوال از نوع تاریخ روز مراجعه به فرم ۵ اضافه کن":              "add_field #5 date روز مراجعه",
		"add a question of type number تعداد مهمان to form 9":            "add_field #9 number تعداد مهمان",
		"مستدعی است در فرم ۲۱ سؤالی از نوع پاسخ کوتاه نام وکیل درج گردد": "add_field #21 short_text نام وکیل",
		"یه سوال از نوع چندگزینه‌ای به فرم ۴ اضافه کن":                   "add_field #4 multiple_choice",
	})
}

// TestKindNounHeadsOneNoun: «ایمیل» and «تاریخ» name the kind and are
// what is asked; with one noun after them they head it («ایمیل بیمار»
// asks the patient's email), while «فایل» only names the kind and a
// phrase after the kind asks on its own.
func TestKindNounHeadsOneNoun(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۴ یه سوال تاریخ عقد اضافه کن":          "add_field #4 date تاریخ عقد",
		"فرم ۱۸ سوال ایمیل مشتری بذار":                 "add_field #18 email ایمیل مشتری",
		"در فرم ۳۳ سؤال ایمیل موکل درج گردد":           "add_field #33 email ایمیل موکل",
		"یه سوال تاریخ جلسه به فرم ۲ اضافه کنید":       "add_field #2 date تاریخ جلسه",
		"یه سوال فایل رسید به فرم ۹ اضافه کن":          "add_field #9 file رسید",
		"یه سوال تاریخ روز تحویل به فرم ۲ اضافه کن":    "add_field #2 date روز تحویل",
		"یه سوال ایمیل به فرم ۹۰ اضافه کن اجباری باشه": "add_field #90 email required",
	})
}

// TestWordingNamedInItsOwnSentence: a question said in short sentences
// («فرم ۴۸. سوال تاریخ. موضوع: «…».») takes the wording the next
// sentence names by a noun of wording, «موضوع» among them.
func TestWordingNamedInItsOwnSentence(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲. سوال کوتاه. موضوع: «نام پدر».":        "add_field #12 short_text نام پدر",
		"فرم ۱۲. سوال عددی. موضوعش: «سن».":             "add_field #12 number سن",
		"فرم ۱۲. سوال بلند. متن: «توضیحات».":           "add_field #12 long_text توضیحات",
		"فرم ۹ سوال تاریخ موضوع «روز مراجعه» اضافه کن": "add_field #9 date روز مراجعه",
	})
}

// TestQuestionGoesItself: the question as the subject of going or
// coming («سوال ۲ بره بعد سوال ۴», «سوال ۶ بیاد اول») is moved as by
// «ببر» and «بیار»; the places keep their rulings (the end is refused).
func TestQuestionGoesItself(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۶ فرم ۹ بیاد اول":                   "move_field #9 @5 >0",
		"تو فرم ۱۲ سوال پنجم بره قبل از سوال دوم": "move_field #12 @4 >1",
		"فرم ۸ سوال ۲ بیاد جای سوال ۵":            "move_field #8 @1 >4",
		"سؤال سوم فرم ۷ به بعد از سؤال ششم برود":  "move_field #7 @2 >5",
		"پرسش چهارم فرم ۱۱ بیاید پیش از پرسش دوم": "move_field #11 @3 >1",
		"سوال ۳ فرم ۴ بره آخر":                    "none",
		"سوال ۳ فرم ۴ بره":                        "none",
	})
}

// TestItsUnquotedNameAfterAQuestionEdit: «اسمش», «متنش» in a clause after one
// that changes a question are that question's — the thing last spoken
// of — and the name said unquoted after the verb, or between the
// object marker and the verb, is its wording, in the same one step.
func TestItsUnquotedNameAfterAQuestionEdit(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۳ فرم ۸ رو اختیاری کن و اسمش رو نام پدر بذار":            "update_field #8 @2 نام پدر optional",
		"سوال ۳ فرم ۸ رو کشویی کن و اسمش رو بذار شهر محل تولد":         "update_field #8 @2 dropdown شهر محل تولد",
		"سوال دوم فرم ۵ را اجباری کنید و متنش را بکنید چند سال دارید؟": "update_field #5 @1 چند سال دارید؟ required",
		"پرسش اول فرم ۱۶ الزامی شود و عنوانش را بگذارید شماره پرونده":  "update_field #16 @0 شماره پرونده required",
		// The form's name, named as the form's, stays the form's.
		"سوال ۳ فرم ۸ رو اجباری کن و عنوان فرم رو بکن ثبت نام": "update_field #8 @2 required; update_form_title #8 ثبت نام",
	})
}

// TestTakenOutOfPublication: a form taken out of publication by any
// verb of taking out («بکش», «بردار», «پایین بکش», «بیرون بیار») is
// drafted — never published by the noun «انتشار», never deleted by
// «بردار»; who it is taken from («از دسترس عموم») says nothing more
// than «از دسترس», and a closing said beside a draft is the draft.
func TestTakenOutOfPublication(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۳۰ را از انتشار بکش":                                  "draft_form #30",
		"فرم ۳۰ را از نشر بکشید":                                   "draft_form #30",
		"فرم ۳۰ را از انتشار بردار":                                "draft_form #30",
		"فرم ۳۰ رو از انتشار پایین بکش":                            "draft_form #30",
		"فرم ۳۰ رو از حالت انتشار بیرون بیار":                      "draft_form #30",
		"فرم ۳۰ را از انتشار برندار":                               "none",
		"فرم ۴۱ از دسترس همگان خارج شود":                           "disable_form #41",
		"فرم ۴۱ رو از دسترس کاربرا خارج کن و ببرش پیش نویس":        "draft_form #41",
		"فرم ۴۱ غیرفعال و به حالت پیش‌نویس بازگردانده شود":         "draft_form #41",
		"فرم ۴۱ رو غیرفعال کن و فرم ۴۲ رو پیش نویس کن":             "disable_form #41; draft_form #42",
		"فرم ۳۹ تا اطلاع ثانوی از دسترس مردم خارج و پیش‌نویس گردد": "draft_form #39",
		// «بردار» without «از انتشار» keeps its reading.
		"سوال ۲ فرم ۳۰ رو بردار": "delete_field #30 @1",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"فرم ۳۰ را از نشر بکش":      "draft_form #30",
		"فرم ۳۰ را از انتشار بردار": "draft_form #30",
	})
}

// TestLastQuestionIsNoNewOne: «سوال آخر» said of no counted question,
// in short sentences or one, is the last question the form has — no
// new question, and no index a plan can know (RULINGS 15).
func TestLastQuestionIsNoNewOne(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۳۳. سوال آخر. اختیاری.":        "none",
		"فرم ۳۳. آخرین سوال. اجباری.":       "none",
		"فرم ۳۳، سوال آخر، کشویی":           "none",
		"form 33. last question. required.": "none",
		"به فرم ۳۳ یه سوال آخر هم اضافه کن": "add_field #33 short_text",
		"فرم ۳۳. سوال ۲. اجباری.":           "update_field #33 @1 required",
		"فرم ۳۳. سوال آخر. پاک.":            "none",
	})
}

// TestReasonIsNoOrder: the reason given for an order — «نظر به اینکه
// …،», «از آنجا که …،», «چون …» before or after it — is a remark; its
// own words («ندارد», «نمی‌خوایم») deny nothing, and a reason said first
// still names the form the order speaks of with a pronoun. A reason
// alone orders nothing.
func TestReasonIsNoOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"با توجه به اینکه فرم ۱۹ دیگر کاربردی ندارد، آن را غیرفعال نمایید": "disable_form #19",
		"فرم ۱۹ رو ببند چون دیگه جواب نمی‌خوایم":                           "disable_form #19",
		"فرم ۱۹ رو منتشر کن چون کسی منتظرش نیست":                           "publish_form #19",
		"از آنجا که فرم ۲۲ آماده نیست، پیش‌نویسش کنید":                     "draft_form #22",
		"draft form 22 because we don't need it yet":                       "draft_form #22",
		"چون فرم ۲۲ تکراریه":                                               "none",
		// A denial stays a denial, whatever the reason.
		"فرم ۲۲ رو پاک نکن چون لازمش داریم": "none",
	})
}

// TestStoppingAnswersIsClosing: taking answers in, stopped —
// «پذیرش پاسخ متوقف گردد», «دریافت جواب رو قطع کن», "stop accepting
// responses" — is the form closed with its link kept (RULINGS 5); said
// as what is done instead of a delete («از حذف خودداری و صرفاً …»), it
// is all that is done.
func TestStoppingAnswersIsClosing(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"پذیرش پاسخ فرم ۲۸ متوقف گردد":                                       "disable_form #28",
		"دریافت جواب فرم ۲۸ رو قطع کن":                                       "disable_form #28",
		"stop accepting responses on form 28":                                "disable_form #28",
		"form 28: stop collecting answers pls":                               "disable_form #28",
		"از حذف فرم ۲۸ خودداری و صرفاً دریافت پاسخ آن متوقف شود":             "disable_form #28",
		"فرم ۲۸ را حذف نکنید، صرفاً پذیرش پاسخ بسته شود و پیوند محفوظ بماند": "disable_form #28",
		"پذیرش پاسخ فرم ۲۸ متوقف نشود":                                       "none",
	})
}

// TestAzeriFillers: in Persian with Azeri habits «ده» after a form's
// number, in a command that says «دیه» too, is a filler — not ten
// questions; without the voice's «دیه», or counted with «تا», it is ten.
func TestAzeriFillers(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲ ده سوال کوتاه اسم مشتری بذار دیه":     "add_field #12 short_text اسم مشتری",
		"فرم ۱۲ ده یه سوال عددی تعداد کارتن بذار دیه": "add_field #12 number تعداد کارتن",
		"فرم ۱۲ ده منتشرش کن دیه":                     "publish_form #12",
		"فرم ۱۲ ده تا سوال کوتاه بذار دیه":            "none",
		"فرم ۱۲ ده سوال کوتاه اضافه کن":               "none",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"فرم ۱۲ ده سوال متن بلند توضیحات بذار دیه": "add_field #12 long_text توضیحات",
	})
}

// TestNameWordHeadsATypedWording: «اسم» right after a question noun
// and its type begins the new question's wording («اسم مشتری», the
// customer's name) with «یه» or without it; it names no form.
func TestNameWordHeadsATypedWording(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲ سوال کوتاه اسم مشتری بذار":      "add_field #12 short_text اسم مشتری",
		"فرم ۱۲ سوال کوتاه نام پدر اضافه کن":    "add_field #12 short_text نام پدر",
		"تو فرم ۱۲ سوال بلند اسم و آدرس بذارید": "add_field #12 long_text اسم و آدرس",
		"فرم ۱۲ رو اسمش رو بذار «ثبت نام»":      "update_form_title #12 ثبت نام",
	})
}

// TestNameOfTheFormStaysTheForms: «اسم فرم» after a counted question
// and its type names the new form, not the question.
func TestNameOfTheFormStaysTheForms(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه فرم بساز با دو سوال کوتاه اسم فرم رو بذار نظرسنجی": "create_form نظرسنجی; add_field short_text; add_field short_text",
	})
}

// TestWrongThenRightWording: a wording said to be wrong, then the right
// one named — «عنوان غلطه. عنوان درست: …», «متن صحیح: …», "correct
// label: …" — quoted or not, is the question's new wording; «درست»
// there is the adjective, not the verb of making.
func TestWrongThenRightWording(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۴ فرم ۱۱: عنوان غلطه. عنوان درست: «شماره پرسنلی»": "update_field #11 @3 شماره پرسنلی",
		"فرم ۱۱، سوال ۴: متن غلط. متن درست: رشته تحصیلی":        "update_field #11 @3 رشته تحصیلی",
		"سوال چهارم فرم ۱۱ اسمش اشتباهه. اسم درست: «محل تولد»":  "update_field #11 @3 محل تولد",
		"متن پرسش چهارم فرم ۱۱ نادرست است. متن صحیح: سال ورود":  "update_field #11 @3 سال ورود",
		"فرم ۱۱. سوال ۴. متن جدید: چند بار مراجعه کرده‌اید؟":    "update_field #11 @3 چند بار مراجعه کرده‌اید؟",
		"Q4 of form 11: wrong label. right label: «کد پرسنلی»":  "update_field #11 @3 کد پرسنلی",
		// «درست کن» stays the verb of making.
		"یه فرم درست کن به اسم «نوبت دهی»": "create_form نوبت دهی",
	})
}

// TestMoveBecomesAPlace: after a verb of moving, «، بشه سوال دوم» says
// where the question ends up — finer than «بالا» or «پایین» — and is
// the move's destination, not a clause of its own.
func TestMoveBecomesAPlace(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۶ فرم ۱۰ رو بیار بالا، بشه سوال سوم": "move_field #10 @5 >2",
		"سوال ۶ فرم ۱۰ رو بیار بالا، بشه دومی":     "move_field #10 @5 >1",
		"سوال ۲ فرم ۱۰ رو ببر پایین، بشه پنجمی":    "move_field #10 @1 >4",
		"سوال ۶ فرم ۱۰ رو ببر، بشه سوال اول":       "move_field #10 @5 >0",
		"سوال ۶ فرم ۱۰ رو بیار بالا":               "move_field #10 @5 >0",
	})
}

// TestSubjectAndKindSaidApart: the formal register names a question's
// subject with «با موضوع …» or «موضوعش …» and its kind apart, joined by
// «و از نوع …» / «و به صورت …»: one question, not two.
func TestSubjectAndKindSaidApart(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"در فرم ۱۲ پرسشی با عنوان «سن» و از نوع عددی افزوده شود":             "add_field #12 number سن",
		"در فرم ۱۲ سؤالی با عنوان «تاریخ ورود» و از نوع تاریخ درج گردد":      "add_field #12 date تاریخ ورود",
		"در فرم ۱۲ سؤالی با عنوان «محل کار» و به صورت پاسخ کوتاه افزوده شود": "add_field #12 short_text محل کار",
		"یه سوال کوتاه با موضوع نام پدر به فرم ۵ اضافه کن":                   "add_field #5 short_text نام پدر",
		"فرم ۵ یه سوال تاریخ بذار موضوعش روز تولد":                           "add_field #5 date روز تولد",
		"به فرم ۱۲ یک سوال از نوع عددی و یک سوال از نوع تاریخ اضافه کن":      "add_field #12 number; add_field #12 date",
		// An unquoted wording ends where the kind's marker begins.
		"به فرم ۵ سوالی با عنوان شغل پدر و از نوع متن کوتاه افزوده شود":  "add_field #5 short_text شغل پدر",
		"به فرم ۵ سوالی با عنوان تعداد فرزندان و از نوع عددی افزوده شود": "add_field #5 number تعداد فرزندان",
		"به فرم ۵ سوالی با عنوان روز تولد از نوع تاریخ افزوده شود":       "add_field #5 date روز تولد",
	})
}

// TestWordingInTheNextShortSentence: in short topic-first sentences a
// question said without a verb («سوال بلند.») takes as its wording the
// next sentence when that is plain words or a label and nothing else;
// after a question added with its verb, a sentence is no wording.
func TestWordingInTheNextShortSentence(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۳. سوال بلند. نظر شما درباره کلاس.":          "add_field #23 long_text نظر شما درباره کلاس",
		"فرم ۲۳. سوال عددی. سن.":                           "add_field #23 number سن",
		"فرم ۲۳. سوال کوتاه. شغل پدر. اجباری.":             "add_field #23 short_text شغل پدر required",
		"فرم ۲۳. سوال بلند. چرا این دوره را انتخاب کردید؟": "add_field #23 long_text چرا این دوره را انتخاب کردید؟",
		"فرم ۲۳. سوال کوتاه. اجباری.":                      "add_field #23 short_text required",
		"فرم ۲۳. سوال ۲. حذف.":                             "delete_field #23 @1",
		"به فرم ۲۳ یه سوال کوتاه اضافه کن. دستت درد نکنه":  "add_field #23 short_text",
	})
}

// TestWhatTheQuestionIsFor: «برای/واسه/جهت X» after a new question and
// its kind says what it asks — its wording — and names no form, even
// when X begins with «اسم»; «برای فرم ۳» is where it goes.
func TestWhatTheQuestionIsFor(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۳ یه short answer واسه اسم پدر اضافه کن":     "add_field #3 short_text اسم پدر",
		"به فرم ۳ یه سوال ستاره‌ای برای سرعت ارسال بذار":     "add_field #3 rating سرعت ارسال",
		"به فرم ۳ یه سوال بلند جهت توضیحات تکمیلی اضافه شود": "add_field #3 long_text توضیحات تکمیلی",
		"یه سوال عددی واسه تعداد مهمونا به فرم ۳ اضافه کن":   "add_field #3 number تعداد مهمونا",
		"یه سوال کوتاه برای فرم ۳ بذار":                      "add_field #3 short_text",
	})
}

// TestKindNamedByItsNoun: after the word «نوع» the noun «عدد» is the
// kind number, as «عددی» says it, in a labelled sentence or a phrase.
func TestKindNamedByItsNoun(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۳. سوال جدید. نوع: عدد. متن: تعداد فرزندان.": "add_field #3 number تعداد فرزندان",
		"سوال ۳ فرم ۸ نوعش عدد باشه":                      "update_field #8 @2 number",
		"به فرم ۸ یه سوال اضافه کن نوعش عدد، متنش «سن»":   "add_field #8 number سن",
		"به فرم ۸ یه سوال «تعداد عدد» اضافه کن":           "add_field #8 short_text تعداد عدد",
	})
}

// TestClosedSaidAsAState: a form said to be closed («بسته شود», «بسته
// کن», «فرم ۱۲. بسته.») or to take in no answers («پاسخی دریافت نکند»,
// «جوابی قبول نکنه») is closed, its link kept; denied, asked, reported
// in the past or said of a question it is not.
func TestClosedSaidAsAState(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۷ بسته شود":                      "disable_form #27",
		"فرم ۲۷ رو بسته کن دیگه":               "disable_form #27",
		"فرم ۲۷. بسته. لینک بمونه.":            "disable_form #27",
		"فرم ۲۷ از امروز پاسخی دریافت نکند":    "disable_form #27",
		"فرم ۲۷ دیگه جوابی قبول نکنه":          "disable_form #27",
		"فرم ۲۷ بسته نشه":                      "none",
		"فرم ۲۷ بسته است؟":                     "none",
		"فرم ۲۷ هنوز پاسخی دریافت نکرده":       "none",
		"سوال ۳ فرم ۲۷ بسته باشه":              "none",
		"به فرم ۲۷ یه سوال بسته‌بندی اضافه کن": "add_field #27 short_text بسته‌بندی",
	})
}

// TestPlacesOnThePage: a place said on the page — above a question is
// before it, below or under it after it — for a move and for a new
// question alike (RULINGS 3 and 20).
func TestPlacesOnThePage(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۵ فرم ۱۴ بره بالای سوال ۲":                     "move_field #14 @4 >1",
		"سوال ۲ فرم ۱۴ رو بیار زیر سوال ۶":                   "move_field #14 @1 >5",
		"پرسش دوم فرم ۱۴ به پایین پرسش ششم منتقل شود":        "move_field #14 @1 >5",
		"move Q5 of form 14 above Q2":                        "move_field #14 @4 >1",
		"move Q2 of form 14 below Q6":                        "move_field #14 @1 >5",
		"به فرم ۱۴ یه سوال کوتاه «کد» زیر سوال ۳ اضافه کن":   "add_field #14 @3 short_text کد",
		"به فرم ۱۴ یه سوال کوتاه «کد» بالای سوال ۳ اضافه کن": "add_field #14 @2 short_text کد",
	})
}

// TestFormNameSaidWrongThenRight: a form's name said wrong and the
// right one named («درستش «…» است», «عنوان صحیح: «…»», «اسم جدید:
// «…»», «بکنش «…»») renames the form, in the order of the command.
func TestFormNameSaidWrongThenRight(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"اسم فرم ۱۸ غلطه، درستش «اردوی تابستانه» است":           "update_form_title #18 اردوی تابستانه",
		"عنوان فرم ۱۸ نادرست است. عنوان صحیح: «اردوی تابستانه»": "update_form_title #18 اردوی تابستانه",
		"فرم ۱۸. اسم جدید: «اردوی تابستانه».":                   "update_form_title #18 اردوی تابستانه",
		"اسم فرم ۱۸ اشتباهه، بکنش «اردوی تابستانه»":             "update_form_title #18 اردوی تابستانه",
		"اسم فرم ۱۸ غلطه، درستش «اردو» است، بعد منتشرش کن":      "update_form_title #18 اردو; publish_form #18",
		"form 18 name is wrong. correct name: «اردوی تابستانه»": "update_form_title #18 اردوی تابستانه",
		// A question's wording keeps its own reading.
		"سوال ۲ فرم ۱۸ اسمش غلطه، درستش «نام پدر» است": "update_field #18 @1 نام پدر",
	})
}

// TestMadeIntoIsAnEdit: «ساختن» with a question that exists and what
// it is to become («سوال اولش را اجباری بساز», Dari and the written
// register) changes that question, as «کن» says it — no new question.
func TestMadeIntoIsAnEdit(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۹ را منتشر نکن، ولی سوال اولش را اجباری بساز": "update_field #19 @0 required",
		"سوال دوم فورم ۷ را «نام کامل» بسازید":              "update_field #7 @1 نام کامل",
		"سوال دوم فرم ۷ را کشویی بساز":                      "update_field #7 @1 dropdown",
		"سؤال سوم فرم ۷ را اختیاری بسازید":                  "update_field #7 @2 optional",
		"یه فرم بساز به اسم «ثبت نام»":                      "create_form ثبت نام",
		"به فرم ۷ یه سوال اجباری بساز":                      "add_field #7 short_text required",
	})
}

// TestSlackShorthand: a product manager's shorthand — "dup" for a copy,
// «type=email, label=«…»» as labelled fields, "move Q3 → Q1" and «ببر
// به سوال ۱» for a question's place.
func TestSlackShorthand(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 16 dup → «نسخه دوم»":                           "duplicate_form #16 نسخه دوم",
		"form 16: new field, type=email, label=«ایمیل کاری»": "add_field #16 email ایمیل کاری",
		"form 16: move Q4 → Q1":                              "move_field #16 @3 >0",
		"move question 5 of form 16 to question 2":           "move_field #16 @4 >1",
		"فرم ۱۶ سوال ۴ رو ببر به سوال ۱":                     "move_field #16 @3 >0",
		"پرسش چهارم فرم ۱۶ به پرسش اول منتقل شود":            "move_field #16 @3 >0",
		"یه سوال کوتاه به فرم ۱۶ اضافه کن":                   "add_field #16 short_text",
	})
}

// TestCopyTakenPolitely: «یه کپی بگیرین», «بگیری» — the polite and
// familiar forms of taking a copy — copy the form, and the name said
// with them is the copy's, never the original's.
func TestCopyTakenPolitely(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو یه کپی بگیرین اسمشم بذارین «فصل بعد»": "duplicate_form #9 فصل بعد",
		"از فرم ۹ یه کپی بگیرین":                        "duplicate_form #9",
		"از فرم ۹ یه نسخه بگیری اسمش «آزمایشی» باشه":    "duplicate_form #9 آزمایشی",
		// The register's frames are no words left unread.
		"احتراماً سؤال دوم فرم ۹ به جایگاه نخست منتقل گردد": "move_field #9 @1 >0",
	})
}

// TestCopySaidByLikeness: a form made like another («عین فرم ۹»,
// «مشابه فرم ۹», "like form 9") or copied and pasted is its copy, and
// the name said is the copy's — never a rename of the original.
func TestCopySaidByLikeness(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه فرم عین فرم ۹ بساز اسمش «فصل بعد»":             "duplicate_form #9 فصل بعد",
		"یه فرم مشابه فرم ۹ ایجاد کنید با عنوان «فصل بعد»": "duplicate_form #9 فصل بعد",
		"make a form like form 9 called \"Next\"":          "duplicate_form #9 Next",
		"فرم ۹ رو کپی پیست کن اسمشو بذار «فصل بعد»":        "duplicate_form #9 فصل بعد",
		"یه فرم جدید بساز به اسم «فصل بعد»":                "create_form فصل بعد",
	})
}
