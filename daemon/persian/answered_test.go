package persian

import "testing"

// TestActsAnsweredInShortClauses: in short topic-first sentences an act
// is asked and answered — «حذف؟ نه. پیش‌نویس؟ بله.», «حذف نه.
// پیش‌نویس.» — the act answered no is denied, the one answered yes or
// said after it is the order, and the topic sentence before («فرم ۵۴.»)
// still names what it acts on.
func TestActsAnsweredInShortClauses(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۳۱. حذف؟ نه. پیش‌نویس؟ بله.":      "draft_form #31",
		"فرم ۳۱. انتشار نه. پیش نویس.":         "draft_form #31",
		"فرم ۶. پاک؟ نه. منتشر؟ آره.":          "publish_form #6",
		"فرم ۵. سوال ۳. حذف نه. اختیاری.":      "update_field #5 @2 optional",
		"فرم ۹. سؤال ۲. حذف: نه. اجباری: بله.": "update_field #9 @1 required",
		// denied with nothing after it, nothing is done.
		"فرم ۷. حذف نه.":  "none",
		"فرم ۷. حذف؟ نه.": "none",
	})
	v1 := New(Config{Contract: 1})
	checkReadings(t, v1, map[string]string{
		"فرم ۸۸. حذف نه. پیش‌نویس.": "draft_form #88",
	})
}

// TestCorrectionNotice: the written register corrects an order with a
// notice after it («…؛ اصلاحیه: منظور فرم ۳۳ بوده است»), and a question
// named by an ordinal is corrected like one named by its number: the
// corrected order alone, never both.
func TestCorrectionNotice(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۴۰ منتشر گردد؛ اصلاحیه: منظور فرم ۴۱ بوده است.":          "publish_form #41",
		"فرم ۱۲ به حالت پیش‌نویس درآید. اصلاحیه: فرم ۱۳.":             "draft_form #13",
		"سؤال دوم فرم ۱۴ حذف گردد. اصلاحیه: منظور سؤال سوم بوده است.": "delete_field #14 @2",
		"سوال دوم فرم ۱۴ رو پاک کن، منظورم سوال سوم بود":              "delete_field #14 @2",
		"سوال اول فرم ۳ رو اجباری کن نه ببخشید سوال دوم":              "update_field #3 @1 required",
	})
}

// TestNotNeededDenies: a delete said after a need denied («لازم نیست
// حذف شه», «نیازی نیست پاک شود») is the act not needed — never done;
// «لازم نیست» alone of a question makes it optional, and an order
// after a no keeps the form or question the question named.
func TestNotNeededDenies(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۴ فرم ۱۰ لازم نیست حذف شه":                  "none",
		"لازم نیست سوال دوم فرم ۳ پاک بشه":                "none",
		"سوال ۴ فرم ۱۰ نیازی نیست حذف شود":                "none",
		"سوال ۴ فرم ۱۰ لازم نیست حذف بشه، اختیاریش کن":    "update_field #10 @3 optional",
		"سوال ۴ فرم ۱۰ لازم نیست":                         "update_field #10 @3 optional",
		"فرم ۲۰ رو حذف کنم؟ نه. فقط ببندش.":               "disable_form #20",
		"فرم ۵: انتشار؟ خیر. پیش‌نویس؟ بله.":              "draft_form #5",
		"delete form 5? no. draft it.":                    "draft_form #5",
		"فرم ۵ رو منتشر کنم؟ نه، فقط سوال ۲ رو اجباری کن": "update_field #5 @1 required",
		"سوال ۳ فرم ۸ رو پاک کنم؟ نه، اختیاریش کن":        "update_field #8 @2 optional",
	})
}

// TestActGivenUp: an act given up, called off or refrained from — «از
// حذف فرم ۹ صرف‌نظر شود», «حذف سؤال سوم منتفی است», «از انتشار منصرف
// شدم» — is never done; «بلکه» opens the order said instead.
func TestActGivenUp(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"از حذف فرم ۱۱ صرف نظر شود":                             "none",
		"از پاک کردن سوال دوم فرم ۶ صرف‌نظر کنید":               "none",
		"حذف سؤال سوم فرم ۲۰ منتفی است":                         "none",
		"از حذف فرم ۹ صرف‌نظر کنید و آن را غیرفعال نمایید":      "disable_form #9",
		"از انتشار فرم ۹ منصرف شدم، فقط سوال دومش رو اجباری کن": "update_field #9 @1 required",
		"فرم ۱۴ حذف نشود بلکه به حالت پیش‌نویس برگردد":          "draft_form #14",
		"فرم ۱۴ رو پاک نکن بلکه ببندش":                          "disable_form #14",
	})
}

// TestDeniedInOtherTenses: an act denied in the present («حذف
// نمیکنیم»), said to be no more («پاک کردن نداره»), forbidden («حذف
// فرم ۹ ممنوع») or answered «no» before it («no delete») is never done;
// a denied verb elsewhere in the sentence is a reason and the order
// stands.
func TestDeniedInOtherTenses(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۹ رو حذف نمیکنیم، فقط اجباریش کن":   "update_field #9 @1 required",
		"فرم ۹ رو پاکش نمیکنم":                          "none",
		"فرم ۹ دیگه پاک کردن نداره":                     "none",
		"حذف فرم ۹ ممنوع":                               "none",
		"پاک کردن سوال سوم فرم ۴ ممنوعه":                "none",
		"form 9: no delete! only unpublish":             "draft_form #9",
		"فرم ۱۵ رو آرشیو کنین دیگه ازش استفاده نمیکنیم": "delete_form #15",
	})
}

// TestRequiredInsteadOfDelete: «don't delete it, make it required» in
// every way the alternative is said — with «فقط», «ولی», or nothing,
// and the pronoun on the state («اجباریش کن») — is the edit alone.
func TestRequiredInsteadOfDelete(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۹ رو حذف نکن، اجباریش کن":           "update_field #9 @1 required",
		"سوال سوم فرم ۴ رو پاک نکنید، ولی الزامیش کنید": "update_field #4 @2 required",
		"سوال ۲ فرم ۹ رو حذف نمیکنیم، اجباریش کنید":     "update_field #9 @1 required",
		"سوال ۲ فرم ۹ رو حذف نکن، ولی اختیاریش کن":      "update_field #9 @1 optional",
	})
}

// TestRefrainMisspelt: a word of refraining typed by its sound («خوداری»
// with its doubled letter once, «صرفنضر») still denies the act.
func TestRefrainMisspelt(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"از حذف فرم ۹ خوداری شود":                         "none",
		"از انتشار فرم ۱۲ خوداری کنید":                    "none",
		"از حذف فرم ۹ صرفنضر شود":                         "none",
		"از حذف سوال ۲ فرم ۹ خوداری و آن را اختیاری کنید": "update_field #9 @1 optional",
	})
}

// TestDeniedVerbAsSaid: a denied light verb spelt as it is said, which
// no lexicon lists («نکونید», «نکونین», «نگردیده»), right after the act
// denies it; «خیر» after an act asked takes it back like «نه».
func TestDeniedVerbAsSaid(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۹ رو حذف نکونید":                           "none",
		"سوال ۳ فرم ۱۹ رو پاک نکونین":                    "none",
		"فرم ۱۹ حذف نگردیده":                             "none",
		"فرم ۹ رو پاک کنید؟ خیر":                         "none",
		"فرم ۹ رو منتشر نکونین، فقط سوال ۲ رو اجباری کن": "update_field #9 @1 required",
	})
}

// TestOrderTakenBackOrPutOff: an order followed by a bare denial («…
// حذف کن. نه صبر کن، نکن.», «… ؟ هرگز») is taken back; an act put off
// («بذار برای بعد», «به بعد موکول شود», «بعداً حذف کن») is an order for
// later, which a plan cannot wait for; «بعداً» after a break is «then».
func TestOrderTakenBackOrPutOff(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو حذف کن. نه صبر کن، نکن.":            "none",
		"فرم ۱۲ رو پاک کن، نکن":                       "none",
		"سوال دوم فرم ۶ رو حذف کن، نه، صبر کن، نکن!":  "none",
		"حذف فرم ۹؟ هرگز":                             "none",
		"حذف فرم ۹ رو فعلا بذار برای بعد":             "none",
		"حذف پرسش دوم فرم ۹ به بعد موکول شود":         "none",
		"فرم ۹ رو بعداً حذف کن":                       "none",
		"فرم ۹ رو منتشر کن. فرم ۱۰ رو نکن.":           "publish_form #9",
		"فرم ۹ رو منتشر کن، پاکش نکن":                 "publish_form #9",
		"فرم ۹ رو منتشر کن، بعدا سوال ۲ رو اجباری کن": "publish_form #9; update_field #9 @1 required",
	})
}

// TestAnsweredNoInWords: «به هیچ وجه», «no way» answer an asked act no
// as «نه» does, with or without an order after.
func TestAnsweredNoInWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو پاک کنیم؟ به هیچ وجه":            "none",
		"delete form 9? no way":                    "none",
		"فرم ۹ رو پاک کنیم؟ به هیچ وجه، فقط ببندش": "disable_form #9",
	})
}

// TestFormalDenials: the written register denies an act with an
// auxiliary or a verb of approval after it — «اقدامی صورت نپذیرد»,
// «مورد موافقت قرار نگرفت», «موافقت نمی‌شود» — never done; «اقدام
// گردد» orders it.
func TestFormalDenials(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"در خصوص حذف فرم ۹ اقدامی صورت نپذیرد":      "none",
		"حذف سؤال دوم فرم ۹ مورد موافقت قرار نگرفت": "none",
		"با غیرفعال‌سازی فرم ۹ موافقت نمی‌شود":      "none",
		"نسبت به حذف فرم ۹ اقدام گردد":              "delete_form #9",
		"فرم ۹ منتشر نشد، دوباره منتشرش کن":         "publish_form #9",
	})
}
