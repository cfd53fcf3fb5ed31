package persian

import (
	"testing"
)

// Words spelt by ear (spelledbyear.go). None is a line of a corpus:
// each change of sound is said in other words, voices and sentence
// shapes than testdata/planner/spelled-by-ear.jsonl.

// TestEarVowelWrittenOut: a short vowel written as a letter («کون»,
// «نکونین», «سیوم», «پرسیش», «سعوال») is the word without it, in every
// table: light verbs, denials, ordinals, question nouns.
func TestEarVowelWrittenOut(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال اول فرم ۴۴ رو اختیاری کون":                "update_field #44 @0 optional",
		"اسم فرم ۴۴ رو عوض کونید بزارید «کلاس قرآن»":    "update_form_title #44 کلاس قرآن",
		"پرسیش سیوم فرم ۴۴ اجباری بشه":                  "update_field #44 @2 required",
		"به فرم ۴۴ دو تا پرسیش کوتاه اضافه کونید":       "add_field #44 short_text; add_field #44 short_text",
		"سعوال دوم فرم ۴۴ رو ببر بعد از سوال چهارم":     "move_field #44 @1 >3",
		"سعوال هشتم فرم ۴۴ رو پاک کن":                   "delete_field #44 @7",
		"فرم ۴۴ رو منتشر نکونین":                        "none",
		"سوال دوم فرم ۴۴ رو پاک نکونین، اجباریش کنین":   "update_field #44 @1 required",
		"فرم ۴۴ رو غیر فعال نکونی ها، فقط پیش نویسش کن": "draft_form #44",
	})
}

// TestEarDots: the letters a script without «پ چ ژ گ» writes without
// their dots, or with dots guessed on («پنچ», «تاریح»), and a final «د»
// heard as «ت» («فیلط»).
func TestEarDots(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۶۱ پنچ تا سوال بلند اضافه کن":      "add_field #61 long_text; add_field #61 long_text; add_field #61 long_text; add_field #61 long_text; add_field #61 long_text",
		"سوال پنچم فرم ۶۱ رو بیار اول":             "move_field #61 @4 >0",
		"یه سوال تاریح «روز تحویل» بزار تو فرم ۶۱": "add_field #61 date روز تحویل",
		"فیلط سوم فرم ۶۱ رو اجباری کن":             "update_field #61 @2 required",
		"یه فیلط کوتاه به فرم ۶۱ اضافه کن":         "add_field #61 short_text",
		"فیلط دوم فرم ۶۱ رو حذف کن":                "delete_field #61 @1",
	})
}

// TestEarNumbers: number words and ordinals spelt by ear are numbers —
// a final «ه» not heard («هفد»), a letter by its sound («بیصت»), a
// letter held («دوومی») — and never name what a destructive step acts
// on, but when only a letter was held.
func TestEarNumbers(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم هفد رو منتشر کن":           "publish_form #17",
		"فرم بیصت و سه رو منتشر کن":     "publish_form #23",
		"فرم دوازد رو کپی کن":           "duplicate_form #12",
		"سوال دوومی فرم ۸ رو اجباری کن": "update_field #8 @1 required",
		"تو فرم ۸ سوال دوومی رو پاک کن": "delete_field #8 @1",
		"فرم بیصت و سه رو پاک کن":       "none",
		"فرم هفد رو ببند":               "none",
		"فرم دوازد رو از انتشار دربیار": "none",
		"سوال پنچم فرم ۸ رو حذف کن":     "none",
		"تو فرم ۸ سوال ثوم رو پاک کن":   "none",
		// «سیوم» is a spelling of «سوم» of its own (Dari, older
		// Persian), read exactly by the regional table: it names.
		"تو فرم ۸ سوال سیوم رو پاک کن": "delete_field #8 @2",
		// a unit of two letters by its key; a number going on in a word
		// not understood is heard, not read, even in another clause.
		"فرم بیست و صه رو منتشر کن": "publish_form #23",
		"فرم بیست و صه رو پاک کن":   "none",
		"فرم سی و شیس رو پاک کن":    "none",
		"فرم بیست و شیش رو پاک کن":  "delete_form #26",
	})
}

// TestEarKeepsWords: words of their own are not read as a slip of a
// lexicon word — a feast, an adjective with «ی», a word with a suffix,
// a verb said of others — and titles keep what was typed.
func TestEarKeepsWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو بعد از عید ببند":                    "none",
		"عنوان فعلی فرم ۹ رو بکن «بازارچه»":           "update_form_title #9 بازارچه",
		"فرم ۹ و فرم بعدیش رو پاک کن":                 "none",
		"فرم ۹ رو منتشر کن تا همه ببینن":              "publish_form #9",
		"یه فرم بساز اسمش «پنچ تا سیوم»":              "create_form پنچ تا سیوم",
		"یه فرم جدید بساز به اسم «فیلط و کون و نکون»": "create_form فیلط و کون و نکون",
	})
}

// TestEarInContext: «نی» after a word of need is «نیست» clipped, so the
// act after it is denied; a short first word of a two-word label is read
// by two changes of sound when the label's second word is typed exactly.
func TestEarInContext(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"لازم نی فرم ۳۳ رو پاک کنی":         "none",
		"نیاز نی سوال چهارم فرم ۳۳ حذف بشه": "none",
		// a need denied after the order is its reason: the order stands.
		"فرم ۳۳ رو ببند، احتیاج نی منتشر بمونه":             "disable_form #33",
		"یه پرسیش ادد «تعداد بچه ها» به فرم ۳۳ بزار":        "add_field #33 number تعداد بچه ها",
		"دو تا سوال ادد تو فرم ۳۳ بزار":                     "add_field #33 number; add_field #33 number",
		"یه سوال ادد کن به فرم ۳۳":                          "add_field #33 short_text",
		"سوال دوم فرم ۳۳ لازم نی اجباری باشه":               "update_field #33 @1 optional",
		"به فرم ۳۳ یه سوال کوت ملی بزار":                    "add_field #33 short_text national_code کوت ملی",
		"یه سوال کت پستی «کد پستی خونه» به فرم ۳۳ اضافه کن": "add_field #33 short_text postal_code_ir کد پستی خونه",
		// «نی» with no word of need before it is a word of its own.
		"یه سوال «نی یا تار» به فرم ۳۳ اضافه کن": "add_field #33 short_text نی یا تار",
	})
}

// TestEarDenialsNeverDestroy: a denial spelt by ear is a denial — read
// («نمیخام», «نکونین», «نضار») or, when no change of sound reaches it,
// an unread word that may deny («نمیحام») — and no destructive step is
// planned on it; the alternative said beside it is the plan.
func TestEarDenialsNeverDestroy(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۷۰ نمیخام پاک بشه":                        "none",
		"فرم ۷۰ رو نمیحام پاک کنی":                     "none",
		"نمیخایم فرم ۷۰ غیر فعال بشه":                  "none",
		"سوال سوم فرم ۷۰ رو پاک نضار":                  "none",
		"فرم ۷۰ رو از انتشار درنیارین، پاکم نکونین":    "none",
		"فرم ۷۰ رو حزف نکونیا، فقط ببندش":              "disable_form #70",
		"سوال اول فرم ۷۰ رو پاک نکونید، اختیاریش کنید": "update_field #70 @0 optional",
		"فرم ۷۰ رو پیش نویس نکون، سوال دومشو پاک کن":   "delete_field #70 @1",
		"فرم ۷۰ رو نبندین":                             "none",
		// a denied act's reason after an order is no denial of it.
		"فرم ۷۰ رو ببند دیگه جواب نمیگیریم": "disable_form #70",
	})
}

// TestEarQuestionWords: a question word spelt by ear («چتور», «چرآ»)
// still asks, and a question gets no plan.
func TestEarQuestionWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"چتور سوال دوم فرم ۸۰ رو پاک کنم": "none",
		"چتوری فرم ۸۰ رو ببندم":           "none",
		"چرآ فرم ۸۰ از انتشار دراومد":     "none",
		"چطو فرم ۸۰ رو ببندم":             "none",
		"چتو صوال سوم فرم ۸۰ رو حزف کنم":  "none",
		"چتور فرم ۸۰ رو منتشر کنم":        "none",
	})
}

// TestEarEzafeAndParts: the ezafe «ی» written on a noun ending in a
// silent «ه», joined or apart («گزینه‌ی دوم», «گذینه ی دوم»), leaves
// the noun, so one option is never read as its question; and an unread
// word with its own ordinal names a part of a question, which no
// delete_field removes.
func TestEarEzafeAndParts(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"گزینه‌ی سوم سوال ۲ فرم ۵۵ رو حذف کن":       "none",
		"گذینه ی اول صوال دوم فرم ۵۵ رو پاک کن":     "none",
		"گزینهی آخر سوال ۴ فرم ۵۵ رو بردار":         "none",
		"ستون دوم سوال ۴ فرم ۵۵ رو پاک کن":          "none",
		"زیرگزینه اول سوال ۴ فرم ۵۵ رو پاک کن":      "none",
		"نمونه ی سوم فرم ۵۵ رو حذف کن":              "none",
		"به فرم ۵۵ یه سوال چند گزینه ای «رنگ» بزار": "add_field #55 multiple_choice رنگ",
		"سوال ۳ فرم ۵۵ رو پاک کن":                   "delete_field #55 @2",
	})
}

// TestEarGlued: a number typed onto a noun spelt by ear parts from it
// as from the noun typed right («صوال۳», «ثوال۲»); a form's noun so
// read still destroys nothing, and a title's word with a digit on it
// stays whole.
func TestEarGlued(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ثوال۲ فرم ۶۶ رو الزامی کن":       "update_field #66 @1 required",
		"صوال۴ فرم۶۶ رو ببر اول":          "move_field #66 @3 >0",
		"پرسیش۵ فرم ۶۶ رو پاک کن":         "delete_field #66 @4",
		"فورم۶۶رو منتشر کن":               "publish_form #66",
		"فورم۶۶رو غیرفعال کن":             "none",
		"یه فرم بساز به اسم «صوال۳ تستی»": "create_form صوال۳ تستی",
	})
}

// TestDenialThenOnly: after a denial, «فقط» (or «تنها») and an order
// after the verb that ends it say what is done instead — in the passive
// («حذف نشه فقط اختیاری بشه»), after a denied wish («نمیخواد …»,
// «نباید …») and spelt by ear; the act denied is never planned.
func TestDenialThenOnly(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال سوم فرم ۲۹ نباید پاک بشه فقط اختیاری بشه":   "update_field #29 @2 optional",
		"سوال سوم فرم ۲۹ پاک نشه تنها متنش بشه «شغل پدر»": "update_field #29 @2 شغل پدر",
		"فرم ۲۹ نمیخاد حزف بشه فقط پیش نویس بشه":          "draft_form #29",
		"صوال دوم فرم ۲۹ نمیخام پاک شه فقط ببرش اول":      "move_field #29 @1 >0",
		"فرم ۲۹ نباید پاک بشه":                            "none",
	})
}

// TestDeniedDeleteThenMove: a delete denied names the question its
// alternative moves, when the move names its place by another question
// («… حذف نکن، ببرش بعد از سوال اول»); the delete is never planned.
func TestDeniedDeleteThenMove(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال پنجم فرم ۱۹ رو پاک نکنید، بذاریدش قبل از سوال دوم": "move_field #19 @4 >1",
		"پرسیش ششم فرم ۱۹ رو حزف نکونین، ببریدش بعد از سوال سوم": "move_field #19 @5 >3",
		"سوال دوم فرم ۱۹ رو حذف نکن، بیارش بعد از سوال چهارم":    "move_field #19 @1 >3",
		"سوال دوم فرم ۱۹ رو حذف نکن، سوال چهارم رو حذف کن":       "delete_field #19 @3",
	})
}

// TestLestAndSpacedClosing: «نکنه» opening a command («lest») or right
// after an act denies it, typed right or by ear («نکونه»), but not
// after «که» or of something else («کسی پرش نکنه»); «غیر فعال نباشه»
// with its ZWNJ typed as a space denies the closing, as «غیرفعال
// نباشه» does — «فعال» there is no word of publishing.
func TestLestAndSpacedClosing(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"نکنه سوال دوم فرم ۴۷ رو حذف کنی":            "none",
		"نکنه فرم ۴۷ رو ببندی":                       "none",
		"فرم ۴۷ رو غیرفعال نکونه":                    "none",
		"سوال سوم فرم ۴۷ رو حزف نکنه، اجباریش کنه":   "update_field #47 @2 required",
		"فرم ۴۷ دیگه جواب قبول نکنه":                 "disable_form #47",
		"فرم ۴۷ غیر فعال نباشه":                      "none",
		"فرم ۴۷ غير فعال نباشد.":                     "none",
		"فرم ۴۷ رو پیش نویس کن که فعلا کسی پرش نکنه": "draft_form #47",
	})
}

// TestEarTimesAndDoubts: a time, a condition, a doubt or «نه» spelt by
// ear («فردآ», «هفطه», «اگرر», «شاعد», «نع») holds the act back as the
// word typed right does; no destructive step is planned beside it.
func TestEarTimesAndDoubts(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فردآ سوال دوم فرم ۳۸ رو حذف کن":        "none",
		"آخر هفطه فرم ۳۸ رو غیرفعال کن":         "none",
		"حفته دیگه فرم ۳۸ رو از انتشار دربیار":  "none",
		"فردآ فرم ۳۸ رو منتشر کن":               "none",
		"اگرر فرم ۳۸ کسی پرش نکرده پاکش کن":     "none",
		"اگح جواب نداره فرم ۳۸ رو ببند":         "none",
		"فرم ۳۸ رو پاک کونم یا نع":              "none",
		"فرم ۳۸ رو پاک کن، نع ببخشید فرم ۳۹ رو": "delete_form #39",
		// a feast in a reason is no time to act.
		"سفارشای عید تموم شد فرم ۳۸ رو ببند": "disable_form #38",
	})
}

// TestEarPartsNotTheWhole: a part of a form or a question typed by ear
// — the spoken «ه» on («اسمه فرم», «متنه سوال»), a letter held
// («لوگوو»), a letter by its sound («توضیحاط») — is that part, and a
// delete of it never deletes the form or the question.
func TestEarPartsNotTheWhole(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"اسمه فرم ۵۸ رو پاک کن":          "none",
		"تیطره فرم ۵۸ رو حذف کن":         "none",
		"متنه صوال سوم فرم ۵۸ رو پاک کن": "none",
		"لوگوو فرم ۵۸ رو بردار":          "none",
		"توضیحاط فرم ۵۸ رو حزف کن":       "none",
		"عکسه فرم ۵۸ رو پاک کن":          "none",
		"لینکه فرم ۵۸ رو غیرفعال کن":     "none",
		"نسخه ی دوم فرم ۵۸ رو پاک کن":    "none",
		"صوال سوم فرم ۵۸ رو پاک کن":      "delete_field #58 @2",
	})
}
