package persian

import "testing"

// The story an admin tells before or around the order (background.go).
// None is a line of a corpus: each is said in other words, other voices
// and other sentence shapes than testdata/planner/background-and-reasons.jsonl.

// TestStoryDatesAreNoTimeToAct: a date, a weekday or an hour in the
// story is when the event is, not when to act; said in the order, it is
// still a time to act, refused.
func TestStoryDatesAreNoTimeToAct(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"جشن فارغ‌التحصیلی ۱۲ تیر ساعت ۵ عصر توی آمفی‌تئاتر برگزار میشه. یه فرم با عنوان «جشن فارغ‌التحصیلی» بسازید": "create_form جشن فارغ‌التحصیلی",
		"مسابقه کتابخوانی از اول اسفند شروع می‌شود؛ خواهشمندم فرم ۱۴ را منتشر کنید":                                  "publish_form #14",
		"دوشنبه صبح جلسه هیئت مدیره داریم، برای همین لطفاً به فرم ۲۷ یه سوال بلند «پیشنهادها» اضافه کنید":            "add_field #27 long_text پیشنهادها",
		"آزمون ورودی پنجشنبه هفته آینده‌ست. میشه سوال دوم فرم ۵۰ رو اجباری کنید؟":                                    "update_field #50 @1 required",
		"اردو ۳ روزه‌ست و ماه بعد می‌ریم. ممنون میشم اگه فرم ۱۹ رو منتشر کنید":                                       "publish_form #19",
		// the time said in the order itself
		"نمایشگاه ۵ بهمن افتتاح میشه. فرم ۲۳ رو همون روز صبح منتشر کنید":      "none",
		"کلاس‌ها از شنبه شروع میشن؛ فرم ۲۳ رو جمعه شب ببندید":                 "none",
		"ثبت‌نام پنجشنبه تموم میشه. فرم ۲۳ رو دو روز قبل از اون غیرفعال کنید": "none",
		// what is arranged to happen is told, not ordered
		"فرم ۲۴ قراره آخر ماه بسته بشه. فعلاً سوال دومش رو اختیاری کنید":  "update_field #24 @1 optional",
		"همایش دو هفته دیگه‌ست. فرم ۲۳ رو یه روز قبلش از انتشار دربیارید": "none",
	})
}

// TestStoryCountsAreNoCounts: people, rooms, buses or last year's
// questions counted in the story are no count of questions to add.
func TestStoryCountsAreNoCounts(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سال قبل ۸ تا سوال داشت و کسی تا آخر پرش نکرد. این دفعه فقط یه سوال امتیازی به فرم ۳۶ اضافه کنید":          "add_field #36 rating",
		"۴ تا کلاس داریم و هر کدوم ۲۵ نفر. دو سوال کوتاه به فرم ۳۶ اضافه کن":                                       "add_field #36 short_text; add_field #36 short_text",
		"حدود ۳۰۰ نفر ثبت‌نام کردن و ۶ تا اتوبوس گرفتیم، به همین خاطر یه سوال کشویی «شماره اتوبوس» بذار تو فرم ۳۶": "add_field #36 dropdown شماره اتوبوس",
	})
}

// TestStoryPastActsAreNoOrders: a deletion, a closing or an unpublishing
// the story tells of is history, not an order: only the order's own
// clauses make steps.
func TestStoryPastActsAreNoOrders(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ترم پیش همه جواب‌ها رو پاک کردیم و استادا ناراحت شدن. حالا فقط عنوان فرم ۵۸ رو بکن «ارزشیابی ترم بهار»":   "update_form_title #58 ارزشیابی ترم بهار",
		"مدیر قبلی فرم نظرسنجی رو غیرفعال کرده بود. لطفاً سوال سوم فرم ۵۸ رو ببرید اول":                            "move_field #58 @2 >0",
		"فرم پارسال وسط کار حذف شد؛ امسال یه کپی از فرم ۵۸ با اسم «ثبت‌نام ۱۴۰۵» بگیرید":                           "duplicate_form #58 ثبت‌نام ۱۴۰۵",
		"یه بار اشتباهی فرم رو از انتشار درآوردیم و کسی نتونست ثبت‌نام کنه. سوال دوم فرم ۵۸ رو اختیاری کنید لطفاً": "update_field #58 @1 optional",
		"همکارم دیروز فرم ۵۸ رو بست. فرم ۵۹ رو منتشر کنید":                                                         "publish_form #59",
		// told alone, a past act is a report: no plan.
		"دیروز فرم ۵۸ رو بستیم و امروز صبح دوباره بازش کردیم.": "none",
		// the order denied after the story
		"پارسال فرم رو پاک کردیم و پشیمون شدیم. فرم ۵۸ رو پاک نکنید": "none",
		// an English act with a Persian verb that states is told
		"ترم قبل فرم ارزشیابی رو close کردیم و استادا شاکی شدن. سوال اول فرم ۶۴ رو required کن": "update_field #64 @0 required",
		// the spoken «کردن» (they did) with its object before it; the
		// infinitive's object follows it.
		"همکارا فرم قبلی رو کلا حذف کردن و همه چی پرید. تو فرم ۶۴ سوال اول رو ببرید سوم": "move_field #64 @0 >2",
		"فرم ۶۴ رو پاک نکنید، مدیرا فرم پارسال رو پاک کردن":                              "none",
		"پاک کردن سوال سوم فرم ۶۴":                                                       "delete_field #64 @2",
		// a state with the spoken copula on is what the form is.
		"کاربرا میگن فرم رو پیدا نمی‌کنن. فرم ۹۰ غیرفعاله":                     "none",
		"مردم دارن پرش می‌کنن و فرم ۹۰ منتشره. سوال دوم فرم ۹۰ رو اجباری کنید": "update_field #90 @1 required",
	})
}

// TestStoryBeforeBackReference: an order that names nothing of its own
// («آن سؤال», «پاکش») acts on the question or form the story names.
func TestStoryBeforeBackReference(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"مشتری‌ها شکایت کردن که سوال پنجم فرم ۴۴ خیلی طولانیه. اون سوال رو اختیاری کن":      "update_field #44 @4 optional",
		"بچه‌ها گفتن پرسش دوم فرم ۴۴ با پرسش اول یکیه. حذفش کنید":                           "delete_field #44 @1",
		"سوال سوم فرم ۴۴ رو ترم قبل پاک کرده بودیم. این دفعه پاکش نکنید، فقط اختیاریش کنید": "update_field #44 @2 optional",
		"فرم ۴۴ دیروز کلی جواب گرفت. فرم رو ببندید":                                         "disable_form #44",
		"فرم ۴۴ هنوز پیش‌نویسه و کسی ندیدتش. منتشرش کنید":                                   "publish_form #44",
	})
}

// TestStoryConnectors: «برای همین», «به همین خاطر», «پس», «بنابراین»
// after a comma end the story inside one sentence.
func TestStoryConnectors(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"همایش ۱۸ آبان تو تالار مرکزی برگزار میشه، پس لطفاً فرم ۶۰ رو منتشر کنید":                              "publish_form #60",
		"ماه بعد بازرسی داریم، بنابراین سوال چهارم فرم ۶۰ را اجباری کنید":                                      "update_field #60 @3 required",
		"شب یلدا مهمونی داریم، واسه همین یه سوال چندگزینه‌ای «غذا» با گزینه‌های کباب، ماهی به فرم ۶۰ اضافه کن": "add_field #60 multiple_choice غذا [کباب|ماهی]",
		// the connector said with no comma before it
		"پنجشنبه شب جشن داریم به همین خاطر فرم ۶۰ رو منتشر کنید":                       "publish_form #60",
		"ماه بعد کلاسا شروع میشه بنابراین یه سوال کوتاه «نام کلاس» به فرم ۶۰ اضافه کن": "add_field #60 short_text نام کلاس",
		// what others can do is told: «می‌تونن بیان» orders nothing
		"ظرفیت هر کارگاه ۲۰ نفره و هر کسی فقط یکیش رو می‌تونه بره، برای همین یه سوال کشویی «کارگاه» با گزینه‌های عکاسی، نقاشی به فرم ۶۰ اضافه کن": "add_field #60 dropdown کارگاه [عکاسی|نقاشی]",
		// «پس از» is «after», no connector.
		"پس از سوال دوم فرم ۶۰ یه سوال کوتاه اضافه کن": "add_field #60 @2 short_text",
	})
}

// TestStoryStaysWhenItIsTheOrder: a sentence that says what the order
// makes is part of it; a polite question is an order; a question about
// the form, a correction and a story alone are read as they were.
func TestStoryStaysWhenItIsTheOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کوتاه «کد پرسنلی» به فرم ۷۷ اضافه کنید؛ پاسخ به این سوال اجباری است.": "add_field #77 short_text کد پرسنلی required",
		"یه سوال کوتاه «کد پرسنلی» به فرم ۷۷ اضافه کنید. این سوال اجباریه.":            "add_field #77 short_text کد پرسنلی required",
		"اردو ۲۰ مهره و ۴۰ نفر میان. امکانش هست فرم ۷۷ رو منتشر کنید؟":                 "publish_form #77",
		"پارسال فرم رو حذف کردیم. فرم ۷۷ الان منتشر شده؟":                              "none",
		"فرم ۷۷ رو منتشر کنید. اصلاحیه: منظورم فرم ۷۸ بود.":                            "publish_form #78",
		"کارگاه عکاسی هفته بعد برگزار میشه و ۱۵ نفر ثبت‌نام کردن.":                     "none",
	})
}

// TestStoryLines: a command written on several lines, one of them a
// story, reads each line as a sentence.
func TestStoryLines(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سلام\nجلسه اولیا سه‌شنبه ساعت ۴ عصره و ۶۰ نفر دعوتن\nیه فرم بسازید به اسم «جلسه اولیا»\nممنون": "create_form جلسه اولیا",
		"دکتر از هفته بعد مرخصیه\nمریض‌ها دارن زنگ می‌زنن\nفرم ۸۸ رو ببندید":                            "disable_form #88",
		"صبح ۹ تا ۱۲ کلاس داریم\nفرم ۸۸ رو فردا ساعت ۸ منتشر کن":                                        "none",
		// bare lines after a line of the story go on telling it.
		"کلاس‌ها دو نوبت دارن\nنوبت اول ساعت ۸ صبح\nنوبت دوم ساعت ۱۰\nیه سوال کشویی «نوبت» با گزینه‌های اول، دوم به فرم ۹۵ اضافه کن": "add_field #95 dropdown نوبت [اول|دوم]",
	})
}

// TestPluralBySound: «ـه» before the plural «ها» is two letters heard,
// so «گذینه‌های» is read as «گزینه‌های», not as «گزینه‌ای».
func TestPluralBySound(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کشویی «رنگ بدنه» با گذینه‌های سفید، مشکی، نقره‌ای به فرم ۱۲ اضافه کن": "add_field #12 dropdown رنگ بدنه [سفید|مشکی|نقره‌ای]",
		"به فرم ۱۲ یه سوال چند گذینه‌ای «نوبت» با گزینه‌های صبح، عصر اضافه کن":         "add_field #12 multiple_choice نوبت [صبح|عصر]",
		"گذینه‌های سوال سوم فرم ۱۲ رو بکن «بله» و «خیر»":                               "update_field #12 @2 [بله|خیر]",
	})
}

// TestStoryInEnglish: the same story told in English, or English inside
// Persian.
func TestStoryInEnglish(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"The open day is on Saturday at 10. Publish form 31":                                                 "publish_form #31",
		"We had 80 guests last month and the form was closed too early. Make question 3 of form 31 optional": "update_field #31 @2 optional",
		"ما یه وبینار داریم next Monday. لطفاً فرم ۳۱ رو publish کنید":                                       "publish_form #31",
		"The fair starts next week. Publish form 31 tomorrow":                                                "none",
	})
}

// TestStoryWhenAndIf: a clause of condition or time before the order is
// no story to drop: a condition keeps the form from being destroyed on
// it, and an order for when something happens is for later.
func TestStoryWhenAndIf(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"وقتی مهلت ثبت‌نام سر اومد، فرم ۹۳ رو غیرفعال کنید": "none",
		"هروقت ظرفیت کلاس پر شد، فرم ۹۳ رو ببند":            "none",
		"once the workshop is over, close form 93":          "none",
		"اگه تا حالا کسی جواب نداده، فرم ۹۳ رو حذف کنید":    "none",
		"اگه کسی جواب نداده. فرم ۹۳ رو حذف کنید":            "none",
		// a story before a comma, an order after it
		"ما یه اردو داریم جمعه صبح، فرم ۹۳ رو منتشر کنید":                "publish_form #93",
		"سلام، مدیر ما از فردا مرخصیه و ۴۰ نفر منتظرن، فرم ۹۳ رو ببندید": "disable_form #93",
	})
}

// TestStatedState: a state with the spoken copula on it says what the
// form is, in a command of one sentence too; before a light verb it is
// the order typed with a slip.
func TestStatedState(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۷۰ الان غیرفعاله":    "none",
		"فرم ۷۰ هنوز منتشره":      "none",
		"فرم ۷۰ رو غیرفعاله کنید": "disable_form #70",
		"فرم ۷۰ رو منتشره کن":     "publish_form #70",
	})
}

// TestStoryOwnPlan: what the speaker wants to do themselves («می‌خوایم
// ثبت‌نام کنیم») is told; a wish that names the form's act, or asks the
// reader, is the order.
func TestStoryOwnPlan(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ما ماه بعد می‌خوایم اردو بریم و ۳۰ نفر ثبت‌نام کنیم؛ یه فرم با عنوان «اردوی کویر» بسازید": "create_form اردوی کویر",
		"می‌خواستم فردا یه جلسه بذارم با بچه‌ها. لطفاً سوال دوم فرم ۸۱ رو اجباری کنید":             "update_field #81 @1 required",
		"می‌خوام یه فرم بسازم. اسمش رو بذار «مسابقه عکاسی»":                                        "create_form مسابقه عکاسی",
		"می‌خوام فرم ۸۱ رو هفته بعد منتشر کنم. فعلاً یه سوال کوتاه بهش اضافه کن":                   "none",
	})
}
