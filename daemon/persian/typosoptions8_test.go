package persian

import "testing"

// TestRegionalForms: Persian written with Kurdish (Kermanshahi) or
// Gilaki (Rashti) habits — «بکه», «نکه», «بوکون», «نوکون», «بیذار», the
// object marker «ره», «ئی», «بۆ» — is read as the Persian words they
// stand for; a denial in those forms still denies.
func TestRegionalForms(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سوال سوم فرم ۴۰ ره اجباری بوکون":                             "update_field #40 @2 required",
		"فرم ۱۲ ره منتشر بوکونید":                                     "publish_form #12",
		"یه سوال کوتاه بیذار تو فرم ۱۴، \"اسم مشتری\"":                "add_field #14 short_text اسم مشتری",
		"فرم ۷ ره حذف نوکون، فقط پیش نویس بوکون":                      "draft_form #7",
		"سوال دوم فرم ۱۸ اختیاری بکه":                                 "update_field #18 @1 optional",
		"ئی فرم ۵۵ منتشر بکه":                                         "publish_form #55",
		"فرم ۶ پاک نکه، پیش‌نویس بکه":                                 "draft_form #6",
		"فرم ۹ رو پاک مکن، فقط پیش‌نویسش کن":                          "draft_form #9",
		"فرم ۱۲ رو منتشر بوکن":                                        "publish_form #12",
		"فرم ۱۲ رو پاک نکو، فقط پیش نویس بکو":                         "draft_form #12",
		"سوال سوم فرم ۸ رو اجباری بکو":                                "update_field #8 @2 required",
		"بۆ فرم ۲۲ یه سوال تاریخ بنویسی \"روز تولد\"":                 "add_field #22 date روز تولد",
		"یه سوال عددی بۆ فرم ۹ اضافه بکه، اجباری بۆ":                  "add_field #9 number required",
		"سوال چهارم فرم ۱۱ اجباری بکه، نه ببخشی، سوال پنجم منظورم بۆ": "update_field #11 @4 required",
		"اسم فرم ۳۳ ره بوکون «کافه ساحل»":                             "update_form_title #33 کافه ساحل",
	})
	checkReadings(t, New(Config{Contract: 1}), map[string]string{
		"فرم ۳۱ ره منتشر بوکون": "publish_form #31",
	})
}

// TestPartOfTheFormWithItsTime: a part of the form with an adjective of
// time between it and the form («اسم قدیمی فرم ۵», «عنوان فعلی فرم ۸»)
// is still the part: deleting it never deletes the form, and another
// written in its place renames the form.
func TestPartOfTheFormWithItsTime(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"اسم قدیمی فرم ۵ ره پاک بوکون، بنویس \"کافه گیلان\"": "update_form_title #5 کافه گیلان",
		"عنوان فعلی فرم ۸ رو حذف کن بذار «بازارچه»":          "update_form_title #8 بازارچه",
		"تیتر قبلی فرم ۱۹ حذف شود":                           "none",
		"فرم ۱۹ حذف شود":                                     "delete_form #19",
	})
}

// TestLoanwordsOfPublishing: the English «publish» as Persian speakers
// say and type it — «پابلیس», «پابلیص», «ریپابلیص», Finglish «pablish» —
// is publishing; words of one meaning that sound alike («پابلیش»,
// «پابلیک») do not make a slip of either unreadable. A slip of a
// word of unpublishing («آنپابلیص») is still never guessed.
func TestLoanwordsOfPublishing(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۱۲ رو پابلیس کن لطفا":       "publish_form #12",
		"فرم ۵ ریپابلیص بشه":             "publish_form #5",
		"lotfan form 4 ro pablish konid": "publish_form #4",
		"فرم ۸ رو آنپابلیص کن":           "none",
	})
	checkReadings(t, New(Config{Contract: 1}), map[string]string{
		"form 71: status = pablish": "publish_form #71",
		"فرم ۶۰ پابلیص بشه":         "publish_form #60",
	})
}

// TestCountedLabelsAfterAVerbAndItsForm: the questions counted, then
// their subjects listed after a colon, are those questions even when a
// subject is also a word of the grammar («اسم», «توضیح», «ساعت …») and
// when the form follows the verb with its «به»/«تو» dropped, as said
// («بذار فرم ۹۲: …»).
func TestCountedLabelsAfterAVerbAndItsForm(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سه تا سوال کوتاه بذار فرم ۴۵: نام، سن، شهر":                        "add_field #45 short_text نام; add_field #45 short_text سن; add_field #45 short_text شهر",
		"دو تا سوال عددی بذارید فرم ۴۴: وزن، قد":                            "add_field #44 number وزن; add_field #44 number قد",
		"یه سوال تاریخ اضافه کن فرم ۱۲":                                     "add_field #12 date",
		"چهار تا سوال کوتاه به فرم ۷ اضافه کن: اسم، ساعت ورود، آدرس، توضیح": "add_field #7 short_text اسم; add_field #7 short_text ساعت ورود; add_field #7 short_text آدرس; add_field #7 short_text توضیح",
		"سه سوال متنی تو فرم ۲۰ بذار: توضیح، ساعت تحویل، نام گیرنده":        "add_field #20 short_text توضیح; add_field #20 short_text ساعت تحویل; add_field #20 short_text نام گیرنده",
		// a form named after the verb of an order on a form is another
		// order's object.
		"فرم ۳ رو منتشر کن فرم ۴ رو پیش نویس کن": "publish_form #3; draft_form #4",
	})
}

// TestOptionsReplacedWithoutInstead: a question's options taken away
// and new ones given by the next verb — «… پاک کن، بذار …», «… حذف کن،
// بنویس: …», «… پاک کن. بشه: …», «… عوض کن، بشه این سه تا: …» — is the
// list replaced: one update_field, never a deletion. Options numbered by
// letters in parentheses («(الف) … (ب) …») are one list.
func TestOptionsReplacedWithoutInstead(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"گزینه های سوال ۳ فرم ۱۰ رو حذف کن، بنویس: بله، خیر، شاید":              "update_field #10 @2 [بله|خیر|شاید]",
		"گزینه‌های قبلی پرسش ۲ فرم ۷۱ رو پاک کنید. بشه: «نقدی» «کارتی»":         "update_field #71 @1 [نقدی|کارتی]",
		"گزینه های سوال ۶ فرم ۱۵ ره پاک بوکون، بیذار (الف) چای (ب) قهوه (ج) آب": "update_field #15 @5 [چای|قهوه|آب]",
		"گزینه های سوال ۲ فرم ۳۳ رو عوض کن بذار (الف) کم (ب) زیاد":              "update_field #33 @1 [کم|زیاد]",
		"گزینه‌های سوال اول فرم ۱۴ رو تغییر بدید، بشه این دو تا: حضوری، آنلاین": "update_field #14 @0 [حضوری|آنلاین]",
		"گزینه‌های سوال ۲ فرم ۹ را حذف کنید و این‌ها را بگذارید: «بله»، «خیر»":  "update_field #9 @1 [بله|خیر]",
		"گزینه‌های پرسش سوم فرم ۱۱ حذف و موارد «الف» و «ب» جایگزین گردد":        "update_field #11 @2 [الف|ب]",
		"گزینه‌های پرسش ۴ فرم ۲۶ حذف و «صبح»، «عصر» و «شب» جایگزین شود":         "update_field #26 @3 [صبح|عصر|شب]",
		"گزینه های سوال پنجم فرم ۲ عوض بکه، بۆ ئی دو تا: بله / نه":              "update_field #2 @4 [بله|نه]",
		"یه سوال چندگزینه ای به فرم ۵ اضافه کن با گزینه های (الف) کم (ب) زیاد":  "add_field #5 multiple_choice [کم|زیاد]",
		// the options deleted and nothing put instead: no plan, nothing
		// deleted.
		"گزینه های سوال ۳ فرم ۱۰ رو حذف کن. بعد فرم رو منتشر کن": "none",
		"گزینه های سوال ۳ فرم ۱۰ رو حذف کن، بذار بمونه":          "none",
	})
}

// TestDictatedInSentences: a command dictated in short sentences — the
// new question, the form, its subject, its options, each a sentence of
// its own — is one question: the form's sentence may come anywhere,
// the subject is its wording and the items after it its options.
func TestDictatedInSentences(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"یه سوال کشویی. فرم ۱۲. شهر. تهران / کرج / قم":                     "add_field #12 dropdown شهر [تهران|کرج|قم]",
		"فرم ۹. یه سوال چند جوابی. ورزش مورد علاقه. فوتبال، والیبال، شنا.": "add_field #9 checkboxes ورزش مورد علاقه [فوتبال|والیبال|شنا]",
		"یه سوال چند گزینه ای. فرم ۲۰. سرویس. آره یا نه. منتشرش کن":        "add_field #20 multiple_choice سرویس [آره|نه]; publish_form #20",
		"یه سوال کوتاه. فرم ۵. اسم بچه.":                                   "add_field #5 short_text اسم بچه",
		"یه سوال تاریخ. فرم ۱۷. روز تحویل":                                 "add_field #17 date روز تحویل",
		"فرم ۷. سوال جدید. کشویی. رنگ مو. مشکی، قهوه ای، بور.":             "add_field #7 dropdown رنگ مو [مشکی|قهوه ای|بور]",
		"یه سوال کوتاه. فرم ۵. اسم بچه. اجباری.":                           "add_field #5 short_text اسم بچه required",
		// a courtesy after the order is no wording.
		"یه سوال کشویی. فرم ۵. خیلی ممنون.": "add_field #5 dropdown",
		// a form's own sentence after an order on another form is not
		// moved.
		"فرم ۳ رو منتشر کن. فرم ۴.": "publish_form #3",
	})
	checkReadings(t, New(Config{Contract: 1}), map[string]string{
		"یه سوال امتیازی. فرم ۴۴. کیفیت غذا": "add_field #44 rating کیفیت غذا",
	})
}

// TestListsAndMovesWrittenAsCode: a programmer's shorthand — a JSON
// array of wordings or options («["نام","ایمیل"]»), «opts:» for the
// options, an arrow from a question to its new place with no verb
// («q12 → position 1») — is read as the list and the move it writes.
func TestListsAndMovesWrittenAsCode(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		`form 8 add fields: ["نام","کد پستی","ایمیل"]`:                     "add_field #8 short_text نام; add_field #8 short_text postal_code_ir کد پستی; add_field #8 email ایمیل",
		`form 8 add fields: [نام، سن]`:                                     "add_field #8 short_text نام; add_field #8 number سن",
		`form 8: add dropdown "شهر" opts: ["تهران", "کرج"]`:                "add_field #8 dropdown شهر [تهران|کرج]",
		`فرم ۵ یه سوال چندگزینه‌ای "رنگ" اضافه کن، options: ["سبز","زرد"]`: "add_field #5 multiple_choice رنگ [سبز|زرد]",
		"فرم ۱۴: سوال ۱۲ → جایگاه ۱":                                       "move_field #14 @11 >0",
		"form 7: q3 → q1":                   "move_field #7 @2 >0",
		"form 9: q4 → position 2":           "move_field #9 @3 >1",
		"فرم نمبر 12 رو منتشر کن":           "publish_form #12",
		"form nr 12 publish":                "publish_form #12",
		`form 3: q2 options = ["yes","no"]`: "update_field #3 @1 [yes|no]",
		// an arrow to a wording renames, as before; to an act, acts.
		`form 4: q2 → "نام کامل"`: "update_field #4 @1 نام کامل",
		"form 3 -> publish":       "publish_form #3",
	})
}

// TestWordingThenOptionsAfterAColon: after the colon of a new choice
// question, its wording and then the noun of its options with the
// options — «…: رشته تحصیلی، گزینه‌هاش ریاضی، تجربی» — are the two: the
// noun of the options starts their list and is no option.
func TestWordingThenOptionsAfterAColon(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"به فرم ۱۱ یه سوال کشویی اضافه کن: استان محل تولد، گزینه‌هاش تهران، فارس":             "add_field #11 dropdown استان محل تولد [تهران|فارس]",
		"بۆ فرم ۳۱ یه سوال چن گضینه ای بنویسی: نوع بیمه، گزینه هاش تامین، آزاد، نیروهای مسلح": "add_field #31 multiple_choice نوع بیمه [تامین|آزاد|نیروهای مسلح]",
		"تو فرم ۶ یه سوال چند جوابی بذار: غذاهای محبوب، گزینه هاش کباب، پیتزا":                "add_field #6 checkboxes غذاهای محبوب [کباب|پیتزا]",
	})
}

// TestReplacingOptionsSaidAsANoun: the formal register names the act of
// replacing as a noun before the options — «نسبت به جایگزینی
// گزینه‌های … با موارد «…» اقدام شود», «تعویض گزینه‌های … با … انجام
// گیرد» — which replaces the list; the noun of the items («موارد») is
// none of them.
func TestReplacingOptionsSaidAsANoun(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"مقتضی است تعویض گزینه‌های سوال دوم فرم ۱۸ با «صبح» و «عصر» انجام گیرد":                   "update_field #18 @1 [صبح|عصر]",
		"خواهشمند است نسبت به جایگزینی گزینه‌های پرسش اول فرم ۴۰ با موارد «نقد»، «چک» اقدام گردد": "update_field #40 @0 [نقد|چک]",
		"گزینه‌های پرسش سوم فرم ۲۲ با موارد «کم»، «متوسط» و «زیاد» جایگزین شود":                   "update_field #22 @2 [کم|متوسط|زیاد]",
	})
}

// TestStateGivenAsAValue: a form's state written as a key and its value
// («status: published», «state = unpublished») is the order to put it
// in that state; the participle said of the form as a fact is no order.
func TestStateGivenAsAValue(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"form 12: status = published":                         "publish_form #12",
		"form 9 state: unpublished":                           "draft_form #9",
		"فرم ۴۰ status=live":                                  "publish_form #40",
		"form 12 is published, add a short question \"name\"": "none",
	})
}

// TestHamzaSeatTypedAsAin: «ع» typed for the hamza seat «ئ» between a
// vowel letter and «ی» («کشوعی» for «کشوئی») is heard as it.
func TestHamzaSeatTypedAsAin(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"یه سوال کشوعی به فرم ۳ اضافه کن \"شهر\"":          "add_field #3 dropdown شهر",
		"یه سوال کشوعی \"استان\" بذار تو فرم ۸: تهران، قم": "add_field #8 dropdown استان [تهران|قم]",
	})
}

// TestDeniedVerbSaidFirst: a denied light verb said before the act —
// «فرم ۴۵ رو نکن پاک», «نوکون پاک», «نکن حذف سوال دوم …» — denies that
// act as «پاک نکن» does: nothing is deleted. An act ended before the
// verb, or one with a light verb of its own after it, reads as before.
func TestDeniedVerbSaidFirst(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۴۵ رو نکن پاک":                       "none",
		"فرم ۴۵ ره نوکون پاک":                     "none",
		"نکن حذف سوال دوم فرم ۳ رو":               "none",
		"فرم ۲۲ رو نکنید غیرفعال":                 "none",
		"فرم ۴۵ رو نکنید حذف، فقط پیش نویسش کنید": "draft_form #45",
		"فرم ۴۵ رو پاکش نکن منتشرش کن":            "publish_form #45",
		"فرم ۴۵ رو پاک نکن منتشر کن":              "publish_form #45",
	})
}

// TestItemsOnLinesOfTheirOwn: short items typed one under another at
// the end of a command — bare, after a bullet or counted — are the list
// the line before them introduces; lines that give orders stay orders.
func TestItemsOnLinesOfTheirOwn(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"به فرم ۷ یه سوال کشویی \"شهر\" اضافه کن\nتهران\nمشهد\nتبریز": "add_field #7 dropdown شهر [تهران|مشهد|تبریز]",
		"یه سوال چند جوابی «ورزش» تو فرم ۴ بذار:\n- شنا\n- فوتبال":    "add_field #4 checkboxes ورزش [شنا|فوتبال]",
		"به فرم ۹ سه تا سوال کوتاه اضافه کن:\n1. نام\n2. شهر\n3. شغل": "add_field #9 short_text نام; add_field #9 short_text شهر; add_field #9 short_text شغل",
		"فرم ۱۲ رو منتشر کن\nفرم ۱۳ رو پیش نویس کن":                   "publish_form #12; draft_form #13",
		"فرم ۱۲ رو منتشر کن\nممنون\nمرسی":                             "publish_form #12",
	})
}

// TestToldToWaitAfterTheOrder: an order followed at the end by «نه صبر
// کن», «وایسا», «دست نگه دار», "no, wait" is held back: nothing is done.
func TestToldToWaitAfterTheOrder(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"فرم ۱۲ رو پاک کن نه صبر کن":            "none",
		"فرم ۱۲ رو پاک کن\nنه\nصبر کن":          "none",
		"delete form 12, no wait":               "none",
		"فرم ۱۲ رو غیرفعال کن، نه، دست نگه دار": "none",
		"سوال دوم فرم ۵ رو حذف کن... وایسا":     "none",
		"صبر کن، فرم ۱۲ رو منتشر کن":            "publish_form #12",
	})
}

// TestAnswersListedAreOptions: the answers a new question offers,
// listed after «جواب‌های», «جواباش:», «انتخاب‌های», are its options;
// «جواب‌های فرم ۵» stays the form's results, and a sentence saying what
// its answers must be lists none.
func TestAnswersListedAreOptions(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"یه سوال کشویی «شهر» به فرم ۵ اضافه کن با جواب‌های تهران، قم": "add_field #5 dropdown شهر [تهران|قم]",
		"یه سوال کشویی «شهر» به فرم ۵ اضافه کن، جواباش: تهران، قم":    "add_field #5 dropdown شهر [تهران|قم]",
		"یه سوال «جنسیت» با انتخاب های زن و مرد به فرم ۵ اضافه کن":    "add_field #5 multiple_choice جنسیت [زن|مرد]",
		"یه سوال به فرم ۵ اضافه کن که جواب‌هاش فقط عدد باشه":          "add_field #5 short_text",
		"سوال دوم فرم ۵ رو پاک کن و جواب‌هاش رو هم":                   "delete_field #5 @1",
	})
}
