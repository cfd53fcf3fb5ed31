package persian

import "testing"

// TestFinglishSuffixes: a command typed in Finglish carries the pronoun
// suffix ـش on its Latin words («publishesh», «draftesh», «formatesh»)
// and its Finglish words keep their own suffixes («esmesh»); a Latin
// word of a title that only ends in «sh» stays a word.
func TestFinglishSuffixes(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 8 ro unpublish kon, bad dobare publishesh kon":                  "draft_form #8; publish_form #8",
		"form 21 ro draftesh kon":                                             "draft_form #21",
		"form 5 soal 2 formatesh kod posti bashe":                             "update_field #5 @1 postal_code_ir",
		"be form 3 ye soal kootah «سایت شخصی» ezafe kon, formatesh url bashe": "add_field #3 short_text url سایت شخصی",
		"ye form besaz esmesh «Fresh Start»":                                  "create_form Fresh Start",
		"form 30 soal 4 ro bebar dovom":                                       "move_field #30 @3 >1",
		// the suffix read, the verb still never destroys what it names
		// not: a form is never deleted by a pronoun on another verb.
		"form 30 ro pak nakon, faghat draftesh kon": "draft_form #30",
	})
}

// TestPlaceSaidLoosely: the place a question goes to said the spoken
// way: «قبل سوال سوم» without its «از», an ordinal straight after the
// verb of moving («ببر سوم»), a demonstrative with the spoken object
// marker («اینو بذار اول»). «بعد سوال ۳ رو …» is another order.
func TestPlaceSaidLoosely(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ششم فرم ۱۰ رو ببر قبل سوال دوم":                    "move_field #10 @5 >1",
		"سوال اول فرم ۱۰ رو بذار بعد سوال چهارم":                 "move_field #10 @0 >3",
		"فرم ۴ سوال ۵ رو ببر سوم":                                "move_field #4 @4 >2",
		"تو فرم ۷ یه سوال تاریخ «روز تولد» بذار قبل سوال دوم":    "add_field #7 @1 date روز تولد",
		"فرم ۹ رو منتشر کن بعد سوال ۳ رو پاک کن":                 "publish_form #9; delete_field #9 @2",
		"سوال چهارم فرم ۱۲ رو بیار بالا بعد سوال ۲ رو اجباری کن": "move_field #12 @3 >0; update_field #12 @1 required",
	})
}

// TestBlessingsAroundAnOrder: religious and polite formulas said
// anywhere in an order («ان‌شاءالله», «خواهش می‌کنم» after a refusal,
// «خدا خیرتون بده») are taken out whole and change no reading; a
// negated act stays refused with them around it.
func TestBlessingsAroundAnOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"انشالله فرم ۱۸ رو منتشر کنید":                                       "publish_form #18",
		"فرم ۱۸ رو غیرفعال نکنید خواهش میکنم، فقط سوال دومش رو اختیاری کنید": "update_field #18 @1 optional",
		"ایشالا اول فرم ۲۵ رو پیش نویس کنید بعد دوباره منتشرش کنید":          "draft_form #25; publish_form #25",
		"خدا خیرتون بده یه سوال کوتاه «نام نیکوکار» به فرم ۹ اضافه کنید":     "add_field #9 short_text نام نیکوکار",
		"فرم ۹ رو پاک نکنید خواهش می‌کنم":                                    "none",
		"یه فرم بساز به اسم «خواهش می‌کنم»":                                  "create_form خواهش می‌کنم",
	})
}

// TestSpokenDefinite: the spoken definite ـه on the noun of a form or
// a question («فرمه ۱۲», «سواله ۳», «the form 12») is the noun, beside
// letters typed twice («سوالل», «اجباریی»).
func TestSpokenDefinite(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرمه ۷ رو منتشر کن":                          "publish_form #7",
		"سواله ۳ فرم ۷ رو اجباری کن":                  "update_field #7 @2 required",
		"فرمه ۲۰ رو پیش نویس کن بعد سوالل ۲شو پاک کن": "draft_form #20; delete_field #20 @1",
		// still never a form destroyed for a question named loosely.
		"سواله ۳ فرم ۷ رو حذف کن":         "delete_field #7 @2",
		"یه فرم بساز اسمش «فرمه ثبت نام»": "create_form فرمه ثبت نام",
	})
}

// TestWordingHoldsItsPreposition: a wording said after a type word
// keeps a prepositional phrase whose object is a plain noun («از
// خدمات», «قبل از ثبت نام», «به تومان»); a preposition that names the
// form, a place or another question ends it.
func TestWordingHoldsItsPreposition(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال امتیازی رضایت از خدمات به فرم ۱۵ اضافه کن":    "add_field #15 rating رضایت از خدمات",
		"تو فرم ۸ یه سوال تاریخ روز قبل از ثبت نام بذار":       "add_field #8 date روز قبل از ثبت نام",
		"به فرم ۳ یه سوال عددی مبلغ به تومان اضافه کنید":       "add_field #3 number مبلغ به تومان",
		"یه سوال بلند نظر شما در مورد همایش به فرم ۴ اضافه کن": "add_field #4 long_text نظر شما در مورد همایش",
		"یه سوال کوتاه نام به فرم ۴ اضافه کن":                  "add_field #4 short_text نام",
		"یه سوال امتیازی کیفیت غذا به انتهای فرم ۶ اضافه کن":   "add_field #6 rating کیفیت غذا",
		"یه سوال کوتاه شغل قبل از سوال سوم فرم ۶ اضافه کن":     "add_field #6 @2 short_text شغل",
	})
}

// TestTextedShortWords: «ی» for «یه» and «ب» for «به» in texting;
// lettered options («الف ب ج», «الف/ب») stay letters.
func TestTextedShortWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ب فرم ۹ ی سوال کوتاه اسم پدر اضافه کن":                     "add_field #9 short_text اسم پدر",
		"ی فرم جدید بساز اسمش «مسابقه فوتبال»":                      "create_form مسابقه فوتبال",
		"تو فرم ۴ ی سوال بلند نظرت بذار و ی سوال تاریخ روز تولد":    "add_field #4 long_text نظرت; add_field #4 date روز تولد",
		"ب فرم ۲۸ ی سوال چهار گزینه ای اضافه کن گزینه ها الف ب ج د": "add_field #28 multiple_choice [الف|ب|ج|د]",
		"ب فرم ۲۸ ی سوال چند گزینه ای «رده» (الف/ب/ج) اضافه کن":     "add_field #28 multiple_choice رده [الف|ب|ج]",
	})
}

// TestBeforeHoldsOverTheClausesJoined: «قبل از X، A و B» is A, B and
// then X — the act said after «قبل از» waits for every clause joined
// to the first by «و» or a comma, and a «بعدش X» after them says it
// again, not twice.
func TestBeforeHoldsOverTheClausesJoined(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"قبل از انتشار فرم ۱۲، سوال دوم رو اجباری کن و اسم فرم رو بذار «ثبت نام»":              "update_field #12 @1 required; update_form_title #12 ثبت نام; publish_form #12",
		"پیش از انتشار فرم ۷، سوال سوم را حذف کنید، سوال اول را اختیاری کنید؛ سپس منتشرش کنید": "delete_field #7 @2; update_field #7 @0 optional; publish_form #7",
		"قبل از پابلیش فرم ۴، عنوانش رو بذار «اردو» و سوال دوم رو ببر اول":                     "update_form_title #4 اردو; move_field #4 @1 >0; publish_form #4",
		"قبل از انتشار فرم ۱۲، سوال دوم رو اجباری کن. بعد فرم ۱۳ رو پیش نویس کن":               "update_field #12 @1 required; publish_form #12; draft_form #13",
	})
}

// TestItsNameAfterAQuestionEdit: «اسمش», «نامش» in a clause joined to
// one that changes a question name that question — the thing last
// spoken of — and the change is one step; after a clause acting on the
// form they name the form.
func TestItsNameAfterAQuestionEdit(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دوم فرم ۱۱ رو اختیاری کن و اسمش رو بذار «شماره دوم»":      "update_field #11 @1 شماره دوم optional",
		"پرسش چهارم فرم ۲ را الزامی کنید و نامش را «کد پرسنلی» بگذارید": "update_field #2 @3 کد پرسنلی required",
		"form 6 soal 1 ro ejbari kon va esmesh ro bezar «Email kari»":   "update_field #6 @0 Email kari required",
		"فرم ۱۱ رو منتشر کن و اسمش رو بذار «ثبت نام»":                   "publish_form #11; update_form_title #11 ثبت نام",
	})
}

// TestTypeSaidInJargon: «تایپ» (type) written in Persian letters, with
// its pronoun («تایپش دیت باشه»), names the kind of answer as «نوعش».
func TestTypeSaidInJargon(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فیلد «مبلغ» رو به فرم ۸ اضافه کنید، تایپش نامبر باشه":      "add_field #8 number مبلغ",
		"سوال دوم فرم ۸ رو ریکوآیرد کنید و تایپش رو بکنید دیت":      "update_field #8 @1 date required",
		"به فرم ۸ یه فیلد «تاریخ شروع» اضافه کنید تایپش تاریخ باشه": "add_field #8 date تاریخ شروع",
	})
}

// TestKindInARunOn: «نوعش …» / «تایپش …» said straight after the verb,
// with no comma, is a clause of its own describing what was just named.
func TestKindInARunOn(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۸ یه فیلد «روز مراجعه» اضافه کنید نوعش تاریخ باشه": "add_field #8 date روز مراجعه",
		"یه سوال «وزن» به فرم ۱۴ اضافه کن نوعش عددی باشه":          "add_field #14 number وزن",
		"سوال دوم فرم ۸ رو اجباری کن نوعش کشویی باشه":              "update_field #8 @1 dropdown required",
	})
}

// TestOptionsAfterThePlacingVerb: after the verb that puts a choice
// question, words parted by «یا» or a comma are its options, up to the
// end or the next order; a demonstrative with «را» then places the
// question just put («آن را پس از سؤال دوم قرار دهید»).
func TestOptionsAfterThePlacingVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"تو فرم ۱۹ یه سوال کشویی «شهر» بذار تهران، شیراز یا تبریز":                                     "add_field #19 dropdown شهر [تهران|شیراز|تبریز]",
		"فرم ۱۹ یه سوال چند گزینه ای رنگ بذار قرمز یا آبی یا سبز":                                      "add_field #19 multiple_choice رنگ [قرمز|آبی|سبز]",
		"تو فرم ۱۹ یه سوال کشویی «نوبت» بذار صبح یا عصر بعد منتشرش کن":                                 "add_field #19 dropdown نوبت [صبح|عصر]; publish_form #19",
		"در فرم ۱۹ یک سؤال کشویی «رشته» (ریاضی/تجربی/انسانی) بگذارید و آن را پس از سؤال سوم قرار دهید": "add_field #19 @3 dropdown رشته [ریاضی|تجربی|انسانی]",
		"یه سوال کوتاه «نام» به فرم ۱۹ اضافه کنید و آن را جایگاه دوم قرار دهید":                        "add_field #19 @1 short_text نام",
		// a question that is not a choice takes no options from the words.
		"تو فرم ۱۹ یه سوال کوتاه «شهر» بذار تهران یا شیراز": "add_field #19 short_text شهر",
	})
}

// TestWordingBetweenVerbAndOptions: a choice question's words said
// between its verb and «گزینه‌هاش» are its wording, and the options end
// at a demonstrative that is the next verb's object («اینو بذار اول»).
func TestWordingBetweenVerbAndOptions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۳۰ یه سوال کشویی بذار نوع خودرو گزینه هاش پراید پژو سمند":                                 "add_field #30 dropdown نوع خودرو [پراید|پژو|سمند]",
		"فرم ۳۰ یه سوال چند گزینه ای بذار سطح زبان گزینه هاش مبتدی متوسط پیشرفته اینو بذار جایگاه دوم": "add_field #30 @1 multiple_choice سطح زبان [مبتدی|متوسط|پیشرفته]",
		"فرم ۳۰ یه سوال کشویی «فصل» بذار گزینه هاش بهار تابستان اینو بذار قبل سوال سوم":                "add_field #30 @2 dropdown فصل [بهار|تابستان]",
	})
}

// TestAdjectiveQualifiesTheKind: an adjective said right after the word
// of a question's kind («ایمیل سازمانی», «تاریخ شمسی») qualifies it, so
// the wording is both words; a noun after the kind word is still the
// subject alone («تاریخ روز مسابقه»).
func TestAdjectiveQualifiesTheKind(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال ایمیل شخصی به فرم ۹ اضافه کن":         "add_field #9 email ایمیل شخصی",
		"یک فیلد ایمیل کاری به فرم ۳ اضافه کنید":       "add_field #3 email ایمیل کاری",
		"به فرم ۴۷ یه سوال تاریخ روز مسابقه اضافه کن":  "add_field #47 date روز مسابقه",
		"یه سوال فایل عکس کیک اضافه کن به فرم سی و سه": "add_field #33 file عکس کیک",
	})
}

// TestSeveralAnswersInV1: a question of several answers («چند
// انتخابی», «checkbox») asked of arshline-plan/v1, which has no such
// kind, gets no plan rather than a one-answer question in its place.
func TestSeveralAnswersInV1(t *testing.T) {
	p := New(Config{Contract: 1})
	checkReadings(t, p, map[string]string{
		"به فرم ۹ یه سوال چند انتخابی «علاقه‌ها» اضافه کن": "none",
		"add a checkbox question «Skills» to form 4":       "none",
		"به فرم ۹ یه سوال چند گزینه ای «رشته» اضافه کن":    "add_field #9 multiple_choice رشته",
	})
}

// TestCountedQuestionsWorded: as many quotes as the count before the
// question noun, after its type, word one question each; a different
// number of quotes words none of them by guess.
func TestCountedQuestionsWorded(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۵ دو سوال کوتاه «شهر» و «محله» اضافه کن":                  "add_field #5 short_text شهر; add_field #5 short_text محله",
		"سه تا سوال بلند «سابقه»، «انگیزه» و «توضیحات» به فرم ۸ بیفزایید": "add_field #8 long_text سابقه; add_field #8 long_text انگیزه; add_field #8 long_text توضیحات",
		"یه فرم «باشگاه» بساز و دو سوال «اسم» و «سن» بهش اضافه کن":        "create_form باشگاه; add_field short_text اسم; add_field number سن",
	})
	p1 := New(Config{Contract: 1})
	checkReadings(t, p1, map[string]string{
		"ابتدا فرمی به نام «کانون» بسازید و سپس دو سؤال کوتاه «نام» و «شهر» به آن بیفزایید": "create_form کانون; add_field short_text نام; add_field short_text شهر",
	})
}

// TestEachFormHasItsQuestions: «هر کدوم … داشته باشه» after several
// new forms gives each of them the questions, in the create's clause or
// in one of its own; past six questions in all the command is refused,
// never cut.
func TestEachFormHasItsQuestions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"دو تا فرم بساز «صبح» و «عصر» هر کدوم یه سوال کوتاه «نام» داشته باشه":    "create_form صبح; add_field short_text نام; create_form عصر; add_field short_text نام",
		"دو فرم بساز، هر کدوم دو تا سوال بلند داشته باشه":                        "create_form فرم جدید; add_field long_text; add_field long_text; create_form فرم جدید; add_field long_text; add_field long_text",
		"چهار تا فرم بساز «الف» «ب» «ج» «د» هر کدوم دو تا سوال کوتاه داشته باشه": "none",
	})
}

// TestOrderPassedOn: «به X بگو …» asks the listener to pass an order on
// to a person; it orders the planner nothing, and never destroys. «بگو
// …» with no one named is the speaker's own order.
func TestOrderPassedOn(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به علی بگو فرم ۱۲ رو پاک کنه":                "none",
		"به خانم احمدی بگید فرم ۳ رو غیرفعال کنه":     "none",
		"به همکارم بگو فرم ۵ رو منتشر کنه":            "none",
		"بگو یه فرم درست کنن اسمش باشه «مهمونی»":      "create_form مهمونی",
		"سوال دوم فرم ۴ رو بکن «به من بگو چند سالته»": "update_field #4 @1 به من بگو چند سالته",
	})
}

// TestCompoundSpaced: a compound typed with a space for its ZWNJ
// («پیش نویس», «ثبت نام», «پرسش نامه») reads as the one word, the same
// plan as with the ZWNJ.
func TestCompoundSpaced(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, pair := range [][2]string{
		{"پیش نویس ۱۲", "پیش‌نویس ۱۲"},
		{"فرم ۸ رو پیش نویسش کن", "فرم ۸ رو پیش‌نویسش کن"},
		{"فرم ثبت نام شماره ۴ رو منتشر کن", "فرم ثبت‌نام شماره ۴ رو منتشر کن"},
		{"فرم ثبت نام شماره ۴ رو پیش نویس کن", "فرم ثبت‌نام شماره ۴ رو پیش‌نویس کن"},
		{"یه پرسش نامه بساز به اسم «رضایت»", "یه پرسش‌نامه بساز به اسم «رضایت»"},
	} {
		t.Run(pair[0], func(t *testing.T) {
			got, want := stepsOf(p.Plan(pair[0])), stepsOf(p.Plan(pair[1]))
			if got != want || want == "none" {
				t.Errorf("got %s, with the ZWNJ %s", got, want)
			}
		})
	}
}
