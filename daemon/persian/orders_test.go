package persian

import "testing"

// TestDariVerbNouns: Dari makes its verbs of other nouns than Iranian
// Persian — «جور کردن» to make, «نشر کردن» to publish, «نو» for new —
// and the English «title» is typed in Persian letters («تیتل»). Said
// before a light verb (or after a form's noun, for «نو») they are the
// verbs and the adjective they stand for; alone they keep their own
// meaning.
func TestDariVerbNouns(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		// «جور کن» makes a form, a question, a question optional.
		"یک فورم نو به اسم «ثبت سفارش» جور کنید":         "create_form ثبت سفارش",
		"یه فرم تازه جور کن «دفتر حساب» و منتشرش کن":     "create_form دفتر حساب; publish_form",
		"یک سوال پاسخ کوتاه «نام پدر» به فورم ۱۲ جور کن": "add_field #12 short_text نام پدر",
		"سوال دوم فورم ۷ را اجباری جور کن":               "update_field #7 @1 required",
		"سوال ۳ فرم ۱۱ را پاک نکن، فقط اختیاری جورش کن":  "update_field #11 @2 optional",
		// «نشر کن», «نشرش کن» publish.
		"فورم ۲۵ را نشر کنید":                           "publish_form #25",
		"یک فورم نو «کرایه» بساز و بعد نشرش کن":         "create_form کرایه; publish_form",
		"سوال اول فورم ۹ را اجباری کن و فورم را نشر کن": "update_field #9 @0 required; publish_form #9",
		// «نو» after the noun of a form or a question is new.
		"یک فورم نو «مشتریان ۱۴۰۵» بساز":                            "create_form مشتریان ۱۴۰۵",
		"یک پرسشنامه نو «خیاطی» جور کن و دو سوال کوتاه در آن بگذار": "create_form خیاطی; add_field short_text; add_field short_text",
		// «تیتل» is the title.
		"تیتل فرم ۱۲ رو بذار «جشن تولد»":          "update_form_title #12 جشن تولد",
		"فرم ۸ رو تیتلش رو عوض کن به «آتلیه نور»": "update_form_title #8 آتلیه نور",
		// Alone the words keep their meaning: no verb, no act.
		"نشر فرم ۵ چه وقت بود؟": "none",
	})
}

// TestFormsSharingOneVerb: forms named one by one before the verb they
// share («فرم ۷ و فرم ۸ و فرم ۹ را …») are acted on in the order said,
// however many and whatever digits they are written in.
func TestFormsSharingOneVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم 7 و فرم ۸ و فرم ٩ را غیر فعال کنید":           "disable_form #7; disable_form #8; disable_form #9",
		"فرم ۱۲، فرم ۳ و فرم ۴۰ رو منتشر کن":               "publish_form #12; publish_form #3; publish_form #40",
		"فرم ٤ و فرم 2 و فرم ۹ و فرم ۶ را پیش‌نویس کنید":   "draft_form #4; draft_form #2; draft_form #9; draft_form #6",
		"form 5 and form 3 and form 8 publish کن":          "publish_form #5; publish_form #3; publish_form #8",
		"خواهشمند است فرم ۲۰ و فرم ۱۱ و فرم ۱۵ منتشر گردد": "publish_form #20; publish_form #11; publish_form #15",
		"فرم ۷ و فرم ۸ رو منتشر کن":                        "publish_form #7; publish_form #8",
	})
}

// TestPlaceIsTheMove: a question and a place beside another question,
// with no verb of moving — in the short clauses of a terse writer
// («فرم ۱۰۸. سوال ۴. قبل سوال ۲.») or as one noun phrase — move the
// question there. «to» is its final place (ruling 3, 20): before
// question N from above is N−2, from below N−1; after N from above is
// N−1, from below N. The end of the form has no index: refused.
func TestPlaceIsTheMove(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲. سوال ۶. قبل سوال ۳.":      "move_field #12 @5 >2",
		"فرم ۱۲. سوال ٢. قبل از سوال ٥.":   "move_field #12 @1 >3",
		"فرم 40. سوال 1. بعد سوال 4.":      "move_field #40 @0 >3",
		"فرم ۴۰. سوال ۷. بعد از سوال ۲.":   "move_field #40 @6 >2",
		"فرم ۴۰. سوال پنجم. قبل سوال اول.": "move_field #40 @4 >0",
		"سوال ۶ فرم ۱۲ قبل از سوال ۳":      "move_field #12 @5 >2",
		"فرم ۷، سوال سوم بعد از سوال پنجم": "move_field #7 @2 >4",
		"فرم ۱۲. سوال ۶. ببرش قبل سوال ۳.": "move_field #12 @5 >2",
		"فرم ۱۲. سوال ۶. بعد سوال آخر.":    "none",
		"فرم ۱۰. سوال ۳. جا: بعد سوال ۵.":  "move_field #10 @2 >4",
		// «بعد» before a question that is acted on is «then», not a place.
		"سوال ۲ فرم ۹ رو حذف کن بعد سوال ۳ رو اجباری کن": "delete_field #9 @1; update_field #9 @1 required",
		"فرم ۹. سوال ۲. حذف. بعد سوال ۳. اجباری.":        "delete_field #9 @1; update_field #9 @1 required",
	})
}

// TestOrdinalIsAQuestionAdded: «اولی», «دومی» opening a clause after
// questions were added speak of the question added in that place. In a
// form the plan makes, that is the form's question of that number as
// the earlier steps left it, a change of its own after them; in a form
// that has questions already, the change goes on the question as it is
// added, since where the new ones land is unknown.
func TestOrdinalIsAQuestionAdded(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم جدید. نام: «کلاس شنبه». سوال کوتاه «نام». سوال کوتاه «نام خانوادگی». بعد: اولی اجباری.":      "create_form کلاس شنبه; add_field short_text نام; add_field short_text نام خانوادگی; update_field @0 required",
		"یک فرم «کلاس» بساز با دو سوال کوتاه «نام» و «فامیل»، بعد اولی رو اجباری کن":                      "create_form کلاس; add_field short_text نام; add_field short_text فامیل; update_field @0 required",
		"یه فرم «ثبت‌نام» بساز، یه سوال کوتاه «نام» و یه سوال ایمیل «ایمیل» بذار، بعدش دومی رو اجباری کن": "create_form ثبت‌نام; add_field short_text نام; add_field email ایمیل; update_field @1 required",
		"فرم تازه «اردو». سوال عددی «سن». سوال کوتاه «شهر». سوال کوتاه «مدرسه». سپس: سومی الزامی.":        "create_form اردو; add_field number سن; add_field short_text شهر; add_field short_text مدرسه; update_field @2 required",
		// An existing form: the change goes on the question added.
		"به فرم ۸ دو سوال کوتاه «نام» و «فامیل» اضافه کن، بعد دومی رو اجباری کن": "add_field #8 short_text نام; add_field #8 short_text فامیل required",
		"فرم ۱۴. سوال کوتاه «کد». سوال کوتاه «شعبه». بعد: اولی اجباری.":          "add_field #14 short_text کد required; add_field #14 short_text شعبه",
		// Ordinals that describe the questions one by one still do.
		"دو سوال کوتاه به فرم ۳ اضافه کن، اولی «نام»، دومی «بخش»": "add_field #3 short_text نام; add_field #3 short_text بخش",
		"دو فرم بساز، اولی «الف» دومی «ب»":                        "create_form الف; create_form ب",
		// The ordinal further in the clause, and in English.
		"new form «Trip», add two short questions «Name» and «Phone», then make the second one required": "create_form Trip; add_field short_text Name; add_field short_text Phone; update_field @1 required",
		"new form «Trip» with two short questions «Name» and «Phone», then make the first required":      "create_form Trip; add_field short_text Name; add_field short_text Phone; update_field @0 required",
		// An ordinal past the questions added names nothing: no change.
		"یه فرم «الف» بساز با یه سوال کوتاه «نام»، بعد سومی رو اجباری کن": "none",
	})
}

// TestNameAsLabelRenames: a form's name written as a labelled field
// («عنوان: «…»», «نام: …») in a clause of its own renames the form the
// command names, when it makes none; after «فرم جدید» it names the new
// one.
func TestNameAsLabelRenames(t *testing.T) {
	for _, contract := range []int{1, 2} {
		p := New(Config{Contract: contract})
		t.Run(map[int]string{1: "v1", 2: "v2"}[contract], func(t *testing.T) {
			checkReadings(t, p, map[string]string{
				"فرم ۵۰. اول پیش‌نویس. بعد عنوان: «کلاس جدید».":   "draft_form #50; update_form_title #50 کلاس جدید",
				"فرم ۱۸. عنوان: «ثبت‌نام پاییز».":                 "update_form_title #18 ثبت‌نام پاییز",
				"فرم ۷. نام: «اردوی بهاره». بعد منتشر.":           "update_form_title #7 اردوی بهاره; publish_form #7",
				"form 9. title: «Onboarding». then publish.":      "update_form_title #9 Onboarding; publish_form #9",
				"فرم جدید. عنوان: «کلاس زبان». سوال کوتاه «نام».": "create_form کلاس زبان; add_field short_text نام",
			})
		})
	}
}

// TestSeveralFormsNamedInAList: a count of new forms with their titles
// listed after it — quoted, or unquoted after «یکی … یکی …», or after a
// colon with no verb of making («two forms: "A" و "B"») — makes each,
// and «هر دو»/«both» acts on each after it is made (ruling 7). Forms
// named by their titles with no making are not made (ruling 10).
func TestSeveralFormsNamedInAList(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"دو فرم بسازید یکی اردوی مشهد یکی اردوی شیراز و هر دو را منتشر کنید":               "create_form اردوی مشهد; publish_form; create_form اردوی شیراز; publish_form",
		"سه تا فرم درست کن یکی ثبت نام یکی نظرسنجی یکی شکایات":                             "create_form ثبت نام; create_form نظرسنجی; create_form شکایات",
		"دو پرسشنامه ایجاد کنید یکی رضایت مشتری و یکی رضایت کارکنان":                       "create_form رضایت مشتری; create_form رضایت کارکنان",
		"two forms pls: \"Rider onboarding\" و \"Vendor onboarding\"، هر دو رو publish کن": "create_form Rider onboarding; publish_form; create_form Vendor onboarding; publish_form",
		"دو فرم: «ثبت‌نام» و «انصراف»، هر دو منتشر شوند":                                   "create_form ثبت‌نام; publish_form; create_form انصراف; publish_form",
		"3 forms please: \"Q1\", \"Q2\" and \"Q3\"":                                        "create_form Q1; create_form Q2; create_form Q3",
		// «هر کدوم», «هر یک», «each»: a state for each form made.
		"سه فرم «الف»، «ب» و «ج» بساز و هر کدوم رو منتشر کن":       "create_form الف; publish_form; create_form ب; publish_form; create_form ج; publish_form",
		"دو فرم «الف» و «ب» ایجاد و هر یک منتشر گردد":              "create_form الف; publish_form; create_form ب; publish_form",
		"make three forms \"A\", \"B\" and \"C\" and publish each": "create_form A; publish_form; create_form B; publish_form; create_form C; publish_form",
		// Named, not made: no id, no plan.
		"دو فرم «الف» و «ب» رو منتشر کن": "none",
	})
}

// TestNewQuestionAndItsPlace: a new question and where it goes, said
// the short ways — «بعد سوال ۲» with its «از» dropped before the verb
// that puts it, a place in a clause of its own («جا: بعد سوال 2.»), its
// wording as a quote standing alone after it — and «جدید» said of the
// question, which is never its wording nor makes it an edit of the
// question named beside it. Then an edit after it counts the questions
// as that add left them.
func TestNewQuestionAndItsPlace(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال short text «اسم عکاس دوم» بعد سوال 2 فرم 45 بذار، بعدش سوال 1 رو required کن": "add_field #45 @2 short_text اسم عکاس دوم; update_field #45 @0 required",
		"یه سوال عددی «تعداد مهمان» قبل سوال ۳ فرم ۱۲ اضافه کن":                                "add_field #12 @2 number تعداد مهمان",
		"یک سؤال کوتاه «نام پدر» بعد سؤال ۱ فرم ۹ درج کنید و سپس فرم را منتشر کنید":            "add_field #9 @1 short_text نام پدر; publish_form #9",
		"فرم ٨١. سوال کوتاه جدید. «شماره سفارش». جا: بعد سوال 2.":                              "add_field #81 @2 short_text شماره سفارش",
		"فرم ۳۳. سوال جدید. «کد رهگیری». جا: قبل سوال ۴.":                                      "add_field #33 @3 short_text کد رهگیری",
		"یه سوال کوتاه جدید به فرم ۸ اضافه کن":                                                 "add_field #8 short_text",
		"فرم ۸۱. سوال کوتاه جدید «شماره سفارش» بعد از سوال ۲.":                                 "add_field #81 @2 short_text شماره سفارش",
		// «بعد» with an object of its own is «then».
		"یه سوال کوتاه «الف» به فرم ۸ اضافه کن بعد سوال ۲ فرم ۸ رو پاک کن": "add_field #8 short_text الف; delete_field #8 @1",
	})
}

// TestListKeepsTheKindSaid: the kind said of a counted list of
// questions is each one's; a label only guesses a kind where none is
// said («سن» a number, «ایمیل» an email), while a format a label says
// stays on the short answer, and a kind said of the item itself wins.
// Exactly six questions are added; seven are refused (ruling 10).
func TestListKeepsTheKindSaid(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم جدید «لیگ برتر ۱۴۰۵-۱۴۰۶» بسازیددد و ۶ تا سوال کوتاه: نام، فامیل، شهر، سن، تیم، پست!!!": "create_form لیگ برتر ۱۴۰۵-۱۴۰۶; add_field short_text نام; add_field short_text فامیل; add_field short_text شهر; add_field short_text سن; add_field short_text تیم; add_field short_text پست",
		"به فرم ۵ سه سوال کوتاه اضافه کن: نام، سن، شهر":                                              "add_field #5 short_text نام; add_field #5 short_text سن; add_field #5 short_text شهر",
		"به فرم ۵ سه سوال اضافه کن: نام، سن، شهر":                                                    "add_field #5 short_text نام; add_field #5 number سن; add_field #5 short_text شهر",
		"به فرم ۲ دو سوال پاسخ کوتاه اضافه کنید: موبایل، ایمیل":                                      "add_field #2 short_text mobile_ir موبایل; add_field #2 short_text ایمیل",
		"به فرم ۲ دو سوال کوتاه اضافه کن: نام، سن (عددی)":                                            "add_field #2 short_text نام; add_field #2 number سن",
		"یه فرم «x» بساز با ۷ تا سوال کوتاه: الف، ب، ج، د، ه، و، ز":                                  "none",
	})
}

// TestActOnACopyNotMade: «its copy» as what another act is done to —
// «کپی‌شو منتشر کن», «publish the copy» — is a form with no id, whether
// or not the command copies anything: no plan (ruling 6), never the act
// done to the form itself. A verb of copying stays one.
func TestActOnACopyNotMade(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه فرم بساز «سفارش» ده، بعد کپی شو منتشر کن دیه": "none",
		"یه فرم «الف» بساز، بعدش کپیشو پابلیش کن":         "none",
		"یک فرم «ثبت» ایجاد و کپی آن منتشر گردد":          "none",
		"create a form «Menu» and publish the copy":       "none",
		"فرم ۵ رو کپی کن و کپیشو منتشر کن":                "none",
		"فرم ۵ رو کپیش کن":                                "duplicate_form #5",
		"فرم ۵ رو کپی کن و اصلی رو منتشر کن":              "duplicate_form #5; publish_form #5",
	})
}

// TestFormNumbersListedAndRanged: form numbers in words listed after one
// «فرم» are each a form, the last before its verb too; a range written
// from the top down names the same forms, in the order said, and the
// step limit weighs it: twelve steps pass, more are refused, never cut.
func TestFormNumbersListedAndRanged(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم دو و سه و چهار رو منتشر کن":        "publish_form #2; publish_form #3; publish_form #4",
		"فرم پنج و شش و هفت و هشت منتشر بشن":    "publish_form #5; publish_form #6; publish_form #7; publish_form #8",
		"فرم ده و یازده و دوازده پیش‌نویس شوند": "draft_form #10; draft_form #11; draft_form #12",
		"فرم دو و سه پیش‌نویس بشن":              "draft_form #2; draft_form #3",
		"فرم‌های ۵ تا ۱ رو پیش‌نویس کن":         "draft_form #5; draft_form #4; draft_form #3; draft_form #2; draft_form #1",
		"فرم‌های ۱۲ تا ۱ رو منتشر کن":           "publish_form #12; publish_form #11; publish_form #10; publish_form #9; publish_form #8; publish_form #7; publish_form #6; publish_form #5; publish_form #4; publish_form #3; publish_form #2; publish_form #1",
		"فرم‌های ۲۰ تا ۱ رو منتشر کن":           "none",
		"فرم‌های ۱۳ تا ۱ رو غیرفعال کنید":       "none",
	})
}

// TestOrdinalOfAQuestionAddedInV1: arshline-plan/v1 has no step to
// change a question, so «اولی اجباری» after the questions it adds goes
// on the question as it is added — never one more question.
func TestOrdinalOfAQuestionAddedInV1(t *testing.T) {
	p := New(Config{Contract: 1})
	checkReadings(t, p, map[string]string{
		"فرم جدید. نام: «کلاس شنبه». سوال کوتاه «نام». سوال کوتاه «نام خانوادگی». بعد: اولی اجباری.":      "create_form کلاس شنبه; add_field short_text نام required; add_field short_text نام خانوادگی",
		"یه فرم «ثبت‌نام» بساز، یه سوال کوتاه «نام» و یه سوال کوتاه «فامیل» بذار، بعدش دومی رو اجباری کن": "create_form ثبت‌نام; add_field short_text نام; add_field short_text فامیل required",
		"به فرم ۸ دو سوال کوتاه «نام» و «فامیل» اضافه کن، بعد دومی رو اجباری کن":                          "add_field #8 short_text نام; add_field #8 short_text فامیل required",
	})
}

// TestOrdersInEnglish: the same orders said in English — «first …, then
// …, then … again», a question put «in its place» after a delete — come
// in the order meant, the place as the delete left the form.
func TestOrdersInEnglish(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"pls first unpublish form 14, then rename it to \"Menu v2\", then publish again":  "draft_form #14; update_form_title #14 Menu v2; publish_form #14",
		"form 30: delete Q2, then add a short question «Seat» in its place":               "delete_field #30 @1; add_field #30 @1 short_text Seat",
		"new form \"Feedback\" → add rating \"Food\" → add long text \"Notes\" → publish": "create_form Feedback; add_field rating Food; add_field long_text Notes; publish_form",
		"فرم ۵ ← سوال ۲ رو حذف کن ← منتشرش کن":                                            "delete_field #5 @1; publish_form #5",
		"form 5. Q4. after Q1.": "move_field #5 @3 >1",
	})
}

// TestNumbersInWordsAndDigits: ids, question numbers and ordinals in
// words — compound, and «سی‌ام», the ordinal of a number ending in «ی»
// — and in any digit script, in the short clauses of a terse writer too.
func TestNumbersInWordsAndDigits(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال سی‌ام فرم ۹ رو حذف کن":          "delete_field #9 @29",
		"سوال بیست و دوم فرم ۹ رو اجباری کن":  "update_field #9 @21 required",
		"فرم صد و دو رو منتشر کن":             "publish_form #102",
		"فرم نود و نه. سوال دو. قبل سوال یک.": "move_field #99 @1 >0",
		"فرم ٩٩ سوال ٢ رو ببر بعد از سوال ٥":  "move_field #99 @1 >4",
		"فرم 1۲ سوال ٣ رو اجباری کن":          "update_field #12 @2 required",
	})
}
