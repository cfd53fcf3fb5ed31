package persian

import "testing"

// TestFormIDCountsNoQuestion: a number said right after the form's noun
// («فرم ۹۱ سوال …», «فرم شماره ۴۰ سوال …») is the form's id; it does
// not count the questions, so the one choice question worded after it
// still takes the options its colon lists.
func TestFormIDCountsNoQuestion(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲ سوال کشویی «شهر» بذار: تهران، مشهد، تبریز":                "add_field #12 dropdown شهر [تهران|مشهد|تبریز]",
		"فرم 7 سوال چندانتخابی «رنگ» اضافه کن: قرمز / آبی / سبز":          "add_field #7 checkboxes رنگ [قرمز|آبی|سبز]",
		"فرم شماره ۴۰ سوال کشویی «نوبت» اضافه کنید: صبح، عصر":             "add_field #40 dropdown نوبت [صبح|عصر]",
		"فرم ۲ سوال تک گزینه ای «جنس» بذار: زن، مرد":                      "add_field #2 multiple_choice جنس [زن|مرد]",
		"فرم ۳۰ سوال چند گزینه‌ای «سطح» بذارین: الف) کم ب) متوسط ج) زیاد": "add_field #30 multiple_choice سطح [کم|متوسط|زیاد]",
		// A count said after the id still counts: two questions, worded.
		"فرم ۸ دو سوال کشویی: استان و شهرستان": "add_field #8 dropdown استان; add_field #8 dropdown شهرستان",
	})
}

// TestPicturesTypedBesideWords: an emoji typed among the words says
// none of them: it ends the word before it and is dropped, so it is no
// part of the last option, a wording or a verb, glued on or spaced
// apart, alone or as a sequence of pictures. Inside quotes it stays.
func TestPicturesTypedBesideWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۱۴ رو کشویی کن با گزینه‌های صبح / عصر / شب 🌙":  "update_field #14 @1 dropdown [صبح|عصر|شب]",
		"فرم ۹ یه سوال چندانتخابی «ورزش» بذار: فوتبال، والیبال ⚽️": "add_field #9 checkboxes ورزش [فوتبال|والیبال]",
		"form 12: dropdown «Size» options: Small🍕, Large🍔":         "add_field #12 dropdown Size [Small|Large]",
		"فرم ۳ رو منتشر کن 🚀🚀":                                     "publish_form #3",
		"فرم ۷ رو منتشر کن 👨\u200d👩\u200d👧":                        "publish_form #7",
		"یه سوال کوتاه «غذای محبوب 🍕» به فرم ۵ اضافه کن":           "add_field #5 short_text غذای محبوب 🍕",
		"فرم 70: dropdown \"City\" 🏙️ options: Tehran, Tabriz":     "add_field #70 dropdown City [Tehran|Tabriz]",
	})
}

// TestQuestionDescribedWithItsOptions: a question worded, typed and
// given its options with no verb at all, beside the form it goes in
// («فرم ۲۵ — سوال «پرداخت» کشویی: کارت، نقد», «فرم 70: dropdown field
// "City" options: …»), is a new question; with a verb of changing or an
// object marker it names one the form has, which a wording cannot find.
func TestQuestionDescribedWithItsOptions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۵ — سوال «نحوه پرداخت» کشویی: کارت، نقد، بیمه تکمیلی":  "add_field #25 dropdown نحوه پرداخت [کارت|نقد|بیمه تکمیلی]",
		"فرم ۱۹ سوال «روز تحویل» کشویی: شنبه، یکشنبه":                "add_field #19 dropdown روز تحویل [شنبه|یکشنبه]",
		"فرم ۲۵ سوال کشویی «نوع بیمه»: تأمین، سلامت":                 "add_field #25 dropdown نوع بیمه [تأمین|سلامت]",
		"فرم ۱۴، field «Size» dropdown: S / M / L":                   "add_field #14 dropdown Size [S|M|L]",
		"فرم 70: dropdown field \"City\" options: Tehran, Tabriz":    "add_field #70 dropdown City [Tehran|Tabriz]",
		"form 33 - checkbox field «Toppings» options: cheese, olive": "add_field #33 checkboxes Toppings [cheese|olive]",
		// A verb of changing, or the object marker: a question the form
		// has, named by a wording whose place is not known.
		"فرم ۱۹ سوال «شهر» رو کشویی کن: تهران، کرج": "none",
		"فرم ۱۹ سوال «شهر» کشویی بشه: تهران، کرج":   "none",
		// Named by its number it is edited.
		"سوال ۲ فرم ۱۹ کشویی: تهران، کرج": "update_field #19 @1 dropdown [تهران|کرج]",
	})
}

// TestListEndsBeforeTalk: what follows the last option and cannot be
// part of one ends the list — the particle «دیگه» said clipped as
// «دیه» or «دگه» at a sentence's end, «خب», words saying the list goes
// on («و اینا», «و غیره», «etc», «and so on»), a run of «!» — while an
// option that is a word of the same sound stays («خوب», «مبلغ دیه»).
func TestListEndsBeforeTalk(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۸ یه سوال کشویی «سایز» بذار گزینه هاش کوچیک، متوسط، بزرگ دیه.":                     "add_field #8 dropdown سایز [کوچیک|متوسط|بزرگ]",
		"فرم ۶ یه سوال چند گزینه ای «رنگ» بذار با گزینه‌های سبز و زرد دگه":                         "add_field #6 multiple_choice رنگ [سبز|زرد]",
		"فرم ۱۲ ده، یه سوال کشویی «نوبت» بذار: صبح، عصر دیه":                                       "add_field #12 dropdown نوبت [صبح|عصر]",
		"به فرم ۸ یه سوال کشویی «سایز» بذار گزینه هاش کوچیک، متوسط، بزرگ خب":                       "add_field #8 dropdown سایز [کوچیک|متوسط|بزرگ]",
		"فرم ۸ یه سوال کشویی «سایز» بذار گزینه هاش کوچیک و متوسط و بزرگ و غیره":                    "add_field #8 dropdown سایز [کوچیک|متوسط|بزرگ]",
		"به فرم ۴ یه سوال چند جوابی «میوه» اضافه کن: سیب، موز، انار و اینا":                        "add_field #4 checkboxes میوه [سیب|موز|انار]",
		"form 8: dropdown «Size» options: S, M, L, etc.":                                           "add_field #8 dropdown Size [S|M|L]",
		"form 8: dropdown «Size» options: S, M, L etc":                                             "add_field #8 dropdown Size [S|M|L]",
		"form 8: dropdown «Size» options: S, M, L and so on":                                       "add_field #8 dropdown Size [S|M|L]",
		"فرم ۲۰ یه سوال کشویی «تیم» بذار: پرسپولیس، استقلال، تراکتور!!!":                           "add_field #20 dropdown تیم [پرسپولیس|استقلال|تراکتور]",
		"فرم ۹ یه سوال چندجوابی بذار «سرگرمی» گزینه‌ها فوتبال، کتاب، سینما و اینا، اجباری هم باشه": "add_field #9 checkboxes سرگرمی required [فوتبال|کتاب|سینما]",
		"فرم ۲۲ یه کشویی «شهر» بذار: تهران، مشهد، لطفا":                                            "add_field #22 dropdown شهر [تهران|مشهد]",
		// Words of the same sound that are options or wordings stay;
		// an address said alone after a separator is an option.
		"فرم ۲۲ یه کشویی «جنسیت» بذار: خانم / آقا":                  "add_field #22 dropdown جنسیت [خانم|آقا]",
		"فرم ۸ یه سوال کشویی «کیفیت» بذار گزینه هاش بد، متوسط، خوب": "add_field #8 dropdown کیفیت [بد|متوسط|خوب]",
		"یه سوال عددی «مبلغ دیه» به فرم ۳ اضافه کن":                 "add_field #3 number مبلغ دیه",
		"فرم ۱۵ ده یه سوال متن بلند آدرس انبار بذار دیه":            "add_field #15 long_text آدرس انبار",
	})
}

// TestQuestionSaidInParts: in short, topic-first sentences a new
// question is named in one and given its kind, its wording («موضوع:
// «…»», «عنوان: «…»», a quote alone) and its options each in a sentence
// of its own after it; they complete that question, and make none of
// their own. A second «سوال جدید.» opens the next one.
func TestQuestionSaidInParts(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲. سوال جدید. چندانتخابی. عنوان: «علاقه‌ها». گزینه‌ها: ورزش، موسیقی، کتاب.": "add_field #12 checkboxes علاقه‌ها [ورزش|موسیقی|کتاب]",
		"فرم ۳۰. پرسش جدید. «نام پدر».":                                              "add_field #30 short_text نام پدر",
		"form 9. new question. dropdown. title: «Shift». options: morning, evening.": "add_field #9 dropdown Shift [morning|evening]",
		"فرم ۷. سوال تازه. کشویی «شهر». گزینه: تبریز، اهر.":                          "add_field #7 dropdown شهر [تبریز|اهر]",
		"فرم ۵. سوال جدید. کشویی. موضوع: «سطح». گزینه: کم، زیاد. اجباری.":            "add_field #5 dropdown سطح required [کم|زیاد]",
		"فرم ۲۲. سوال تاریخ. موضوع: «روز مراجعه».":                                   "add_field #22 date روز مراجعه",
		"فرم ۵. سوال جدید. کشویی. «سطح». سوال جدید. کوتاه. «نام».":                   "add_field #5 dropdown سطح; add_field #5 short_text نام",
		// A question named by its number is edited by the sentence after.
		"فرم ۴۵. سوال ۲. «نام».": "update_field #45 @1 نام",
	})
	v1 := New(Config{})
	checkReadings(t, v1, map[string]string{
		"فرم ۱۸. سوال جدید. کوتاه. «کد پرسنلی».": "add_field #18 short_text کد پرسنلی",
	})
}

// TestOptionsReplacedInShort: the new options of a question said in
// short, with a noun of changing and no light verb before a colon
// («گزینه‌ها عوض: …», «گزینه‌هاش تغییر: …», «گزینه‌های جدید: …»), replace
// its list; a single option said so is no list.
func TestOptionsReplacedInShort(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۴۵ سوال ۲ گزینه‌ها عوض: حضوری، آنلاین":        "update_field #45 @1 [حضوری|آنلاین]",
		"سوال ۳ فرم ۱۱، گزینه‌هاش تغییر: نقد، کارت، اقساط": "update_field #11 @2 [نقد|کارت|اقساط]",
		"فرم ۶. سوال ۱. گزینه‌های جدید: صبح / عصر.":        "update_field #6 @0 [صبح|عصر]",
		"فرم ۲۰. سوال ۴. گزینه‌ها اصلاح: کم، متوسط، زیاد.": "update_field #20 @3 [کم|متوسط|زیاد]",
		"form 7 q2 options changed: yes, no, maybe":        "update_field #7 @1 [yes|no|maybe]",
	})
}

// TestKindAndWordingBeforeTheVerb: the Persian verb follows its object,
// and a question may be said by its kind and its quoted wording alone,
// with no noun or count: «کشویی «شهر» اضافه کن» adds the question as
// «یه سوال کشویی «شهر»» would.
func TestKindAndWordingBeforeTheVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۱۳ کشویی «شهر» اضافه کن":                  "add_field #13 dropdown شهر",
		"فرم ۱۳: dropdown «شهر» اضافه کن":                 "add_field #13 dropdown شهر",
		"به فرم ۵ متن بلند «توضیحات» اضافه کنید":          "add_field #5 long_text توضیحات",
		"فرم ۷ عددی «سن» اضافه شود":                       "add_field #7 number سن",
		"فرم ۲ چندانتخابی «علاقه‌ها» اضافه کن: ورزش، هنر": "add_field #2 checkboxes علاقه‌ها [ورزش|هنر]",
	})
}

// TestNumberedOptionsAfterAChoice: numbers that first come right after
// a choice question said with its wording («… اضافه ۱) تب ۲) سرفه»,
// «…: الف) شرقی ب) غربی») number its options, not steps; the list ends
// at the order said after it («… و منتشرش کن»). Numbers that began as
// steps stay steps.
func TestNumberedOptionsAfterAChoice(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۸: کشویی «استان» اضافه ۱) تهران ۲) فارس ۳) گیلان":                          "add_field #8 dropdown استان [تهران|فارس|گیلان]",
		"فرم ۲ یه سوال چندگزینه‌ای «رنگ» بذار: 1) قرمز 2) سبز":                          "add_field #2 multiple_choice رنگ [قرمز|سبز]",
		"form 4: add checkbox «Days» 1) Mon 2) Tue 3) Wed":                              "add_field #4 checkboxes Days [Mon|Tue|Wed]",
		"به فرم ۹ یه سوال کشویی «روز» اضافه کن ۱) شنبه ۲) یکشنبه ۳) دوشنبه و منتشرش کن": "add_field #9 dropdown روز [شنبه|یکشنبه|دوشنبه]; publish_form #9",
		"به فرم ۹ یه سوال کشویی «روز» اضافه کن: شنبه، یکشنبه، دوشنبه و منتشرش کن":       "add_field #9 dropdown روز [شنبه|یکشنبه|دوشنبه]; publish_form #9",
		"فرم ۹ سوال چند گزینه ای «سکو» بذارید: الف) شرقی ب) غربی و منتشرش کنید":         "add_field #9 multiple_choice سکو [شرقی|غربی]; publish_form #9",
		// Numbered steps stay steps, a choice question among them.
		"1) فرم ۵ یه سوال کشویی «شهر» بذار 2) فرم ۶ رو منتشر کن":        "add_field #5 dropdown شهر; publish_form #6",
		"۱) یه سوال کشویی «شهر» به فرم ۵ اضافه کن ۲) فرم ۵ رو منتشر کن": "add_field #5 dropdown شهر; publish_form #5",
	})
}

// TestDariAdds: Dari adds with «علاوه» and a light verb, where Iranian
// Persian says «اضافه».
func TestDariAdds(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فورم ۷ یک سوال متن کوتاه «نام پدر» علاوه کنید":                 "add_field #7 short_text نام پدر",
		"فورم ۱۲ یک سوال عددی «قد» علاوه شود":                              "add_field #12 number قد",
		"یک سوال تک‌انتخابی «جنس» با گزینه‌های مرد، زن به فورم ۹ علاوه کن": "add_field #9 multiple_choice جنس [مرد|زن]",
	})
}

// TestOptionsSaidBeforeTheirQuestion: options said first, as the object
// the verb puts into a question («گزینه‌های … رو بذار تو یه سوال …») or
// with «با» before the question («با گزینه‌های بله و خیر یه سوال …»),
// are the one question's options; with no kind said it is a choice.
func TestOptionsSaidBeforeTheirQuestion(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"گزینه‌های صبح و عصر رو بذار توی یه سوال به اسم «نوبت» تو فرم ۸":              "add_field #8 multiple_choice نوبت [صبح|عصر]",
		"با گزینه‌های بله و خیر یه سوال «رضایت» به فرم ۴ اضافه کن":                    "add_field #4 multiple_choice رضایت [بله|خیر]",
		"گزینه‌های نقد، کارت، چک رو بذارید تو یه سوال کشویی «پرداخت» در فرم ۱۶":       "add_field #16 dropdown پرداخت [نقد|کارت|چک]",
		"گزینه‌هاش تهران، اصفهان، شیراز باشه، یه سوال چندجوابی «شهرها» تو فرم ۳ بذار": "add_field #3 checkboxes شهرها [تهران|اصفهان|شیراز]",
	})
}

// TestWordingAfterATwoWordVerb: one question's wording said after its
// verb, up to its options or the clause's end, is read after a verb of
// two words («اضافه کنید …», «اضافه بشه …») as after «بذار …»; an
// adverb said there («سریع») words nothing.
func TestWordingAfterATwoWordVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۷ یه سوال چندگزینه‌ای اضافه کن رشته تحصیلی گزینه‌هاش ریاضی، تجربی، انسانی": "add_field #7 multiple_choice رشته تحصیلی [ریاضی|تجربی|انسانی]",
		"به فرم ۳ یه سوال اضافه کن اسم مشتری":                                              "add_field #3 short_text اسم مشتری",
		"به فرم ۳ یه سوال اضافه بشه شماره پرونده":                                          "add_field #3 short_text شماره پرونده",
		"به فرم ۹ یک سوال کشویی اضافه کنید نوع عضویت گزینه هایش عادی، ویژه":                "add_field #9 dropdown نوع عضویت [عادی|ویژه]",
		"به فرم ۳ یه سوال کوتاه اضافه کن سریع":                                             "add_field #3 short_text",
		"به فرم ۳ یه سوال اضافه کن و منتشرش کن":                                            "add_field #3 short_text; publish_form #3",
	})
}

// TestQuestionSaidBeforeAnOrder: a question said with no verb, after the
// form it goes in, and then an order that adds nothing («… و بعدش
// منتشرش کن») is added on its own before the order is carried out; it
// was dropped without a word. A destructive order after it is still
// refused, as its pronoun may mean the new question.
func TestQuestionSaidBeforeAnOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۱: سوال کشویی «ماه» گزینه‌ها: فروردین، اردیبهشت، خرداد و بعدش منتشرش کن": "add_field #11 dropdown ماه [فروردین|اردیبهشت|خرداد]; publish_form #11",
		"فرم ۱۱، یه سوال کوتاه «نام»، بعد منتشرش کن":                                   "add_field #11 short_text نام; publish_form #11",
		"form 40: dropdown «Plan» options: basic, pro, then publish it":                "add_field #40 dropdown Plan [basic|pro]; publish_form #40",
		"فرم ۵، یه سوال کوتاه «نام»، بعد پاکش کن":                                      "none",
	})
}

// TestArrowTypedWithKeys: an arrow typed with the keys it is drawn with
// («->», «=>») points at what follows as «→» does, a colon: the options
// after it are read, and «new» before a kind and its quote is no part of
// the question.
func TestArrowTypedWithKeys(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 14 q3 -> options: Yes / No / Not sure":                     "update_field #14 @2 [Yes|No|Not sure]",
		"form 47: add dropdown «شیفت» -> صبح / عصر / شب":                 "add_field #47 dropdown شیفت [صبح|عصر|شب]",
		"form 3: new checkbox \"Extras\" -> cheese, olives, mushrooms 🍄": "add_field #3 checkboxes Extras [cheese|olives|mushrooms]",
		"فرم ۱۲ یه سوال کشویی «نوبت» اضافه کن => صبح، عصر":               "add_field #12 dropdown نوبت [صبح|عصر]",
		"form 3: a dropdown \"Size\": S, M":                              "add_field #3 dropdown Size [S|M]",
		// Inside a word or a quote it is what was typed.
		"یه سوال کوتاه «a->b» به فرم ۵ اضافه کن": "add_field #5 short_text a->b",
	})
}

// TestNoBesideAnswers: «نه» said beside a word of answering («اره نه
// شاید») is the answer no, an option of its own; before a word it
// counts («نه کیلو») it is nine.
func TestNoBesideAnswers(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۴ سوال سوم رو بکن چند گزینه ای با گزینه های اره نه شاید":      "update_field #14 @2 multiple_choice [اره|نه|شاید]",
		"یه سوال «موافقی؟» به فرم ۲ اضافه کن گزینه‌هاش بله نه":              "add_field #2 multiple_choice موافقی؟ [بله|نه]",
		"فرم ۶ یه سوال کشویی «وزن» بذار گزینه هاش نیم کیلو یک کیلو نه کیلو": "add_field #6 dropdown وزن [نیم کیلو|یک کیلو|نه کیلو]",
	})
}

// TestOptionsReplacedOnUpdate: the ways a question's whole list of
// options is replaced — the copula or «بشن» saying what they become,
// «با … جایگزین شود» with the new ones before the verb, «از این به بعد»
// (when it is to hold) beside them, all taken away and others put «به
// جاش» — give the new list and delete nothing.
func TestOptionsReplacedOnUpdate(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۳ فرم ۱۲: گزینه‌ها بشن صبح / عصر / شب":                                   "update_field #12 @2 [صبح|عصر|شب]",
		"گزینه‌های پرسش سوم فرم ۸ با «بله» و «خیر» جایگزین شود.":                       "update_field #8 @2 [بله|خیر]",
		"گزینه‌های سوال ۲ فرم ۶ با صبح و عصر عوض بشه":                                  "update_field #6 @1 [صبح|عصر]",
		"گزینه‌های سؤال ۴ فرم ۴۲ از این به بعد «موافقم»، «مخالفم» و «نظری ندارم» باشد": "update_field #42 @3 [موافقم|مخالفم|نظری ندارم]",
		"گزینه‌های سوال ۲ فرم ۶ «بله»، «خیر» باشه":                                     "update_field #6 @1 [بله|خیر]",
		"گزینه‌های سوال ۳ فرم ۱۲ رو بردار و به جاش بذار صبح، عصر، شب":                  "update_field #12 @2 [صبح|عصر|شب]",
		"گزینه‌های سوال دوم فرم ۴ رو پاک کن، جاش بنویس بله، خیر، شاید":                 "update_field #4 @1 [بله|خیر|شاید]",
		// Taking them away with nothing in their place is still refused.
		"گزینه‌های سوال ۳ فرم ۱۲ رو بردار": "none",
	})
}

// TestEnglishPossessive: the English possessive «'s» is the noun's, as
// «ـش» is: «q2's options» are the options of question 2.
func TestEnglishPossessive(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"in form 9, change q2's options to red / green / blue pls": "update_field #9 @1 [red|green|blue]",
		"set form 12’s q1 options to: small, large":                "update_field #12 @0 [small|large]",
		"یه سوال کوتاه «John's car» به فرم ۵ اضافه کن":             "add_field #5 short_text John's car",
	})
}

// TestListEndsAtItsPlace: a place said right before the verb that puts
// the question there («… اردبیل، اولش بذار») ends the list, while
// ordinals listed as options stay options; a bar standing alone parts
// options as a slash does.
func TestListEndsAtItsPlace(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۰ یه سوال کشویی «شهر» بذار گزینه‌هاش تبریز، ارومیه، اردبیل، اولش بذار": "add_field #10 @0 dropdown شهر [تبریز|ارومیه|اردبیل]",
		"فرم ۱۰ یه سوال کشویی «رتبه» بذار گزینه‌هاش اول، دوم، سوم":                   "add_field #10 dropdown رتبه [اول|دوم|سوم]",
		"گزینه‌های سوال ۲ فرم ۴ رو بکن اول، دوم، سوم":                                "update_field #4 @1 [اول|دوم|سوم]",
		"فرم ۱۰ یه سوال کشویی «شهر» بذار با گزینه های تبریز | ارومیه | اردبیل":       "add_field #10 dropdown شهر [تبریز|ارومیه|اردبیل]",
	})
}

// TestListThenRequired: after a colon's options, whether the question
// must be answered, said after a separator or a dash («… night -
// required», «…، اجباری هم باشه»), closes the list and is read.
func TestListThenRequired(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 30 - dropdown \"Shift\": morning / evening / night - required": "add_field #30 dropdown Shift required [morning|evening|night]",
		"form 30, dropdown \"Shift\": morning / evening / night, required":   "add_field #30 dropdown Shift required [morning|evening|night]",
		"فرم ۳۰ یه سوال کشویی «شیفت» بذار: صبح، عصر، شب، اجباری هم باشه":     "add_field #30 dropdown شیفت required [صبح|عصر|شب]",
		"فرم ۳۰ یه سوال کشویی «شیفت» بذار: صبح، عصر، شب - اختیاری":           "add_field #30 dropdown شیفت [صبح|عصر|شب]",
	})
}

// TestItsNameAfterTheFormItGoesTo: «اسمش» after a question added «به
// فرم N» is the question's name — the form named as where it goes is
// not what the pronoun means — so its options still follow; a form
// named as the object keeps its name.
func TestItsNameAfterTheFormItGoesTo(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال کشویی به فرم ۱۴ اضافه کن اسمش سایز گزینه هاش اسمال مدیوم لارج": "add_field #14 dropdown سایز [اسمال|مدیوم|لارج]",
		"یه سوال کشویی به فرم ۱۴ اضافه کن اسمش سایز باشه":                       "add_field #14 dropdown سایز",
		"یه سوال کوتاه تو فرم ۱۴ بذار اسمش نام پدر":                             "add_field #14 short_text نام پدر",
		"یه فرم بساز اسمش کلاس زبان":                                            "create_form کلاس زبان",
	})
}

// TestOptionsSaidInEnglishShapes: after the options' noun the English
// copula («options are …», «will be …») says what they are, as a colon
// does, and a bar typed between words («basic|pro|enterprise») parts
// them as one standing alone does.
func TestOptionsSaidInEnglishShapes(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 22: dropdown \"Size\", options are S, M and L":                         "add_field #22 dropdown Size [S|M|L]",
		"form 22: dropdown \"Size\", the options should be S / M":                    "add_field #22 dropdown Size [S|M]",
		"for form 22 add multiple choice \"Plan\" with options basic|pro|enterprise": "add_field #22 multiple_choice Plan [basic|pro|enterprise]",
		"فرم ۲۲ یه سوال کشویی «شیفت» بذار گزینه‌هاش صبح|عصر|شب":                      "add_field #22 dropdown شیفت [صبح|عصر|شب]",
		"یه سوال کوتاه «A|B» به فرم ۵ اضافه کن":                                      "add_field #5 short_text A|B",
	})
}
