package persian

import (
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The readings below are each said several ways, none of them a line
// of a corpus: a mechanism that reads one phrasing and not its
// neighbours fits a sentence, not Persian. Each family is a named
// subtest; each command must give exactly the plan written beside it
// (stepsOf), "none" for no plan.

// checkReadings plans every command of a family with p and compares.
// It also runs every reading a closed gate skips (gates.go) and fails
// when one would have changed the command, so that each phrasing written
// for a reading proves its gate opens for it.
func checkReadings(t *testing.T, p *Planner, cases map[string]string) {
	t.Helper()
	for text, want := range cases {
		t.Run(text, func(t *testing.T) {
			onClosedGate = func(g gates, changed bool) {
				if changed {
					t.Errorf("gate %#x hides a reading that changes this command", uint64(g))
				}
			}
			r := p.Plan(text)
			onClosedGate = nil
			if got := stepsOf(r); got != want {
				t.Errorf("got  %s\nwant %s\n(reason %q, warnings %q)", got, want, r.Reason, r.Warnings)
			}
		})
	}
}

// TestVerbsBySound: verbs heard and typed by their sound («درس کن» for
// «درست کن», «ادد» for add), and the nouns «گذینه», «فورم».
func TestVerbsBySound(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه فورم تازه درس کن اسمش ثبت نام کلاس شنا":          "create_form ثبت نام کلاس شنا",
		"یه فرم جدید درس کنید به اسم «نوبت آرایشگاه»":        "create_form نوبت آرایشگاه",
		"سوال دوم فرم ۸ رو درس کن بنویس «نام پدر»":           "update_field #8 @1 نام پدر",
		"یه سوال کوتاه ادد کن به فرم ۱۲":                     "add_field #12 short_text",
		"به فورم ۱۲ یه سوال با گذینه های بله و خیر ادد کنید": "add_field #12 multiple_choice [بله|خیر]",
		// «درس» alone is a lesson, never a verb.
		"درس ریاضی رو به فرم ۳ اضافه کن": "none",
		// read by its sound, the verb still never destroys.
		"فورم ۱۲ رو حظف کن": "none",
	})
}

// TestEditInsideAnOrder: a question mended («درست کن بنویس …», «اصلاح
// کن بکن …») between taking a form off the site and publishing it
// again keeps its place in the order the command says.
func TestEditInsideAnOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو از انتشار دربیار، سوال دوم رو درست کن بنویس «شماره اتاق» بعد دوباره منتشرش کن":              "draft_form #9; update_field #9 @1 شماره اتاق; publish_form #9",
		"اول فرم ۱۴ رو پیش نویس کن بعد سوال اولش رو درست کن بنویس «نام و نام خانوادگی» بعد منتشرش کن":         "draft_form #14; update_field #14 @0 نام و نام خانوادگی; publish_form #14",
		"فرم ۲۰ رو از انتشار خارج کنید، متن پرسش سوم را اصلاح کنید بنویسید «تاریخ ورود» و دوباره منتشرش کنید": "draft_form #20; update_field #20 @2 تاریخ ورود; publish_form #20",
		"سوال چهارم فرم ۸ رو درست کن بنویس «کد رهگیری»":                                                       "update_field #8 @3 کد رهگیری",
		"سوال چهارم فرم ۸ رو درست کن اجباری باشه":                                                             "update_field #8 @3 required",
		// «درست کن» with nothing said of the change changes nothing.
		"سوال چهارم فرم ۸ رو درست کن": "none",
	})
}

// TestFormatsSaidInWords: a format the contract has is carried however
// it is said («فقط کد ملی درست قبول کنه», «یازده رقم … با صفر نه شروع
// بشه», «format اش رو URL بذار»); one it has not is dropped with a
// warning naming it beside a kind of answer chosen in words, and is no
// plan when it is all that is said of the answer.
func TestFormatsSaidInWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دوم فرم ۴۰ فقط کد ملی درست قبول کنه":                                       "update_field #40 @1 national_code",
		"سوال اول فرم ۷ فقط کد ملی صحیح بپذیره":                                          "update_field #7 @0 national_code",
		"تو فرم ۹ یه سوال بذار که کد ملی مادر رو بپرسه، فقط کد ملی درست قبول کنه":        "add_field #9 short_text national_code کد ملی مادر",
		"به فرم ۱۱ یه سوال اضافه کن که اسم بچه رو بپرسه، اجباری باشه":                    "add_field #11 short_text اسم بچه required",
		"سوال سوم فرم ۴۰ رو بکن متن کوتاه که یازده رقمی باشه و با ۰۹ شروع بشه":           "update_field #40 @2 short_text mobile_ir",
		"سوال چهارم فرم ۶ رو کن پاسخ کوتاه که یازده رقم باشه با صفر نه شروع بشه":         "update_field #6 @3 short_text mobile_ir",
		"به فرم ۵ یه سوال کوتاه «تلفن» اضافه کن که یازده رقمی باشه و با صفر نه شروع بشه": "add_field #5 short_text mobile_ir تلفن",
		"توی فرم 31 یه short answer اضافه کن به اسم «Website» و format اش رو URL بذار":   "add_field #31 short_text url Website",
		"in form 42 add a short answer «Portfolio» و format اش رو url کن":                "add_field #42 short_text url Portfolio",
		"فرم ۱۲ یه سوال کوتاه «موبایل مادر» بزارین فرمتش موبایل باشه":                    "add_field #12 short_text mobile_ir موبایل مادر",
		"salam فرم ۱۲ یه سوال کوتاه «تلفن پدر» بزارین فرمتش موبایل باشه mersi":           "add_field #12 short_text mobile_ir تلفن پدر",
		"فرم ۲۲ یه سوال بذار بنویسه کد پستی انبار فرمتش هم کد پستی باشه":                 "add_field #22 short_text postal_code_ir کد پستی انبار",
		"فرمت سوال سوم فرم ۳۰ رو بذار لینک":                                              "update_field #30 @2 url",
		"به فرم ۳۰ یه سوال بذار شماره موبایل پدر که با ۰۹ شروع بشه":                      "add_field #30 short_text mobile_ir شماره موبایل پدر",
		"به فرم ۳۰ یه سوال کوتاه «موبایل» اضافه کن که با صفر نه شروع بشه":                "add_field #30 short_text mobile_ir موبایل",
		// A format the contract has not, beside a type chosen in words.
		"فرم ۴۱ یه سوال کوتاه «شماره کارت عضو» اضافه کن فرمتش کارت بانکی باشه": "add_field #41 short_text شماره کارت عضو",
		"فرم ۱۲ یه سوال کوتاه «کارت» بزارین فرمتش کارت بانکی شانزده رقمی باشه": "add_field #12 short_text کارت",
		"به فرم ۵ یه سوال پاسخ کوتاه «حساب» با فرمت شبا اضافه کن":              "add_field #5 short_text حساب",
		// ... and as the whole point: no plan.
		"پرسش «شماره شبا» با قالب شبا به فرم ۸۰ افزوده شود.": "none",
		"فرمت سوال چهارم فرم ۴۱ رو کارت بانکی کن":            "none",
		// «درست کن» is still the verb that makes a question.
		"یه سوال کد ملی درست کن تو فرم ۳": "add_field #3 short_text national_code کد ملی",
	})
	t.Run("the dropped format is named", func(t *testing.T) {
		r := p.Plan("فرم ۴۱ یه سوال کوتاه «شماره کارت عضو» اضافه کن فرمتش کارت بانکی باشه")
		found := false
		for _, w := range r.Warnings {
			found = found || w.Code == "detail.dropped" && strings.Contains(w.MessageEN, "کارت بانکی")
		}
		if !found {
			t.Errorf("want a detail.dropped warning naming «کارت بانکی», got %+v", r.Warnings)
		}
	})
}

// TestOptionListsSaidLoosely: single letters joined by «و», options
// after «گزینه‌هاش» with no verb after them (the question worded before,
// in its own words), and options in parentheses or with «/» after the
// verb in any person.
func TestOptionListsSaidLoosely(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۴۳ یه سوال با گزینه های X و Y و Z اضافه کن":                             "add_field #43 multiple_choice [X|Y|Z]",
		"یه سوال چندگزینه ای با گزینه‌های الف و ب و ج به فرم ۴۴ اضافه کنید":             "add_field #44 multiple_choice [الف|ب|ج]",
		"به فرم 44 یه سوال با گذینه های A و B و C ادد کن":                               "add_field #44 multiple_choice [A|B|C]",
		"فرم ۴۳ یه سوال بذار سایز پیراهن گزینه هاش کوچک و متوسط و بزرگ":                 "add_field #43 multiple_choice سایز پیراهن [کوچک|متوسط|بزرگ]",
		"فرم ۴۴ یه سوال کشویی بذار پست بازیکن گزینه هاش دروازه بان و دفاع و هافبک":      "add_field #44 dropdown پست بازیکن [دروازه بان|دفاع|هافبک]",
		"فرم ۲۲ یه سوال بذار کدوم شیرینی رو میخواید گزینه هاش نون خامه ای و رولت و کیک": "add_field #22 multiple_choice کدوم شیرینی رو میخواید [نون خامه ای|رولت|کیک]",
		"فرم ۴۴ یه سوال کشویی بذار چه ساعتی میاید گزینه هاش صبح و عصر":                  "add_field #44 dropdown چه ساعتی میاید [صبح|عصر]",
		"فرم ۴۴ یه سوال بذار کدوم روز میاید؟ گزینه هاش شنبه و یکشنبه":                   "add_field #44 multiple_choice کدوم روز میاید؟ [شنبه|یکشنبه]",
		"گزینه های سوال دوم فرم ۴۳ رو بکنین (آره/نه/شاید)":                              "update_field #43 @1 [آره|نه|شاید]",
		"گزینه‌های سوال اول فرم ۴۳ رو بذارید (صبح / عصر)":                               "update_field #43 @0 [صبح|عصر]",
		"گزینه های سوال سوم فرم ۵ رو بکنید کم، متوسط، زیاد":                             "update_field #5 @2 [کم|متوسط|زیاد]",
		"یه سوال کشویی «شهر» به فرم ۳ اضافه کن گزینه‌ها: تهران - مشهد - شیراز":          "add_field #3 dropdown شهر [تهران|مشهد|شیراز]",
		"گزینه های سوال دوم فرم ۳ رو بکن صبح – عصر – شب":                                "update_field #3 @1 [صبح|عصر|شب]",
		"یه سوال «شبکه» به فرم ۳ اضافه کن گزینه هاش Wi-Fi و LAN":                        "add_field #3 multiple_choice شبکه [Wi-Fi|LAN]",
		"گزینه های سوال ۳ فرم ۱۲ رو بزارین بله/خیر":                                     "update_field #12 @2 [بله|خیر]",
	})
}

// TestEnglishInPersianGrammar: a wording after an English type and a
// colon or the verb («یه long answer اضافه کن: …», a question with its
// own question mark), and an English verb said before its object
// («rename کن فرم ۳۱ رو به «…»»).
func TestEnglishInPersianGrammar(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم 31 یه long answer اضافه کن: Explain your approach":          "add_field #31 long_text Explain your approach",
		"توی فرم 46 یه long answer بذار: Describe the source text":          "add_field #46 long_text Describe the source text",
		"به فرم 31 یه پاسخ بلند اضافه کن: شرح کامل پروژه":                   "add_field #31 long_text شرح کامل پروژه",
		"به فرم 31 یه long answer بذار شرح کامل پروژه":                      "add_field #31 long_text شرح کامل پروژه",
		"به فرم ۴۵ یه short answer اضافه کن: What is your native language?": "add_field #45 short_text What is your native language?",
		"به فرم ۴۵ یه سوال کوتاه اضافه کن: زبان مادری شما چیست؟":            "add_field #45 short_text زبان مادری شما چیست؟",
		"rename کن فرم 31 رو به «Project proposal»":                         "update_form_title #31 Project proposal",
		"rename کنید فرم 45 رو «Translation request»":                       "update_form_title #45 Translation request",
		"rename کن فرم 31 رو به «Draft 2» و publish کن":                     "update_form_title #31 Draft 2; publish_form #31",
		// The same order with a Persian verb: the form's reference is
		// never its new name.
		"اسمشو عوض کن فرم 31 رو به «Project proposal»": "update_form_title #31 Project proposal",
		"عنوانشو تغییر بده فرم ۱۲ رو به «ثبت نام»":     "update_form_title #12 ثبت نام",
		"یه email field ادد کن به فرم 45":              "add_field #45 email",
		// counted lists still name one question each.
		"به فرم ۴۵ سه سوال کوتاه اضافه کن: نام، شهر، محله": "add_field #45 short_text نام; add_field #45 short_text شهر; add_field #45 short_text محله",
	})
}

// TestKindThenSubject: a word that only names the kind of answer
// («فایل», «تاریخ», «آپلود») right after the question noun, then what
// the question asks for: those words are its wording.
func TestKindThenSubject(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"یه سوال فایل عکس کیک اضافه کن به فرم سی و سه":       "add_field #33 file عکس کیک",
		"یه سوال فایل کارت ورزشی اضافه کن به فرم ۴۷":         "add_field #47 file کارت ورزشی",
		"به فرم ۱۲ یه سوال آپلود اسکن شناسنامه بذار":         "add_field #12 file اسکن شناسنامه",
		"به فرم ۴۷ یه سوال تاریخ روز مسابقه اضافه کن":        "add_field #47 date روز مسابقه",
		"تو فرم ۸ یه سوال تاریخ شروع قرارداد اجباری بذار":    "add_field #8 date شروع قرارداد required",
		"یه سوال فایل رزومه اضافه کن به فرم ۳۳":              "add_field #33 file رزومه",
		"به فرم ۴۷ یه سوال تاریخ اضافه کن":                   "add_field #47 date",
		"یه سوال انشایی به فرم ۴ اضافه کن":                   "add_field #4 long_text",
		"به فرم ۴۷ یه سوال تاریخ با متن «روز ورود» اضافه کن": "add_field #47 date روز ورود",
	})
}

// TestArchiveIsTheUndoableDelete: archiving a form, said as an order
// of its own, is its delete (to the bin, undoable), with a warning that
// says so; denied, asked about, said as a name, of a question, or of a
// form named only by its sound, it is no delete.
func TestArchiveIsTheUndoableDelete(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۵ رو آرشیو کنین دیگه ازش استفاده نمیکنیم": "delete_form #15",
		"فرم ۸ رو ارشیو کن":                       "delete_form #8",
		"فرم 55 رو archive کن":                    "delete_form #55",
		"archive form 55":                         "delete_form #55",
		"فرم ۵ بایگانی شود":                       "delete_form #5",
		"فرم ۵۰ رو آرشیو نکن":                     "none",
		"فرم ۵۰ آرشیو شده؟":                       "none",
		"فرم ۵ رو آرشیو کنم؟":                     "none",
		"فرم 77 رو archive نکن، فقط unpublish کن": "draft_form #77",
		"اسم فرم ۹ رو بذار «آرشیو»":               "update_form_title #9 آرشیو",
		"عنوان فرم ۲۲ رو بذار «بایگانی ۱۴۰۲»":     "update_form_title #22 بایگانی ۱۴۰۲",
		"سوال دوم فرم ۵ رو آرشیو کن":              "none",
		"فورم ۵۰ رو آرشیو کن":                     "none",
	})
	t.Run("the reading is warned of", func(t *testing.T) {
		r := p.Plan("فرم ۸ رو آرشیو کن")
		found := false
		for _, w := range r.Warnings {
			found = found || w.Code == "plan.archive"
		}
		if !found {
			t.Errorf("want a plan.archive warning, got %+v", r.Warnings)
		}
	})
	t.Run("v1 cannot delete", func(t *testing.T) {
		if r := New(Config{Contract: 1}).Plan("فرم ۸ رو آرشیو کن"); r.Plan != nil {
			t.Errorf("v1: want no plan, got %s", stepsOf(r))
		}
	})
}

// TestSeveralFormsFormally: forms named «با عناوین …» (the Arabic
// plural of «عنوان») and made with one verb, each published when the
// formal passive says «هر دو منتشر گردند/شوند».
func TestSeveralFormsFormally(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"دو فرم با عناوین «شکایات» و «پیشنهادات» ایجاد و هر دو منتشر گردند.":      "create_form شکایات; publish_form; create_form پیشنهادات; publish_form",
		"دو فرم با عناوین «بزرگسالان» و «نونهالان» ایجاد شوند و هر دو منتشر شوند": "create_form بزرگسالان; publish_form; create_form نونهالان; publish_form",
		"دو فرم با اسامی «الف» و «ب» بساز و هر دو رو منتشر کن":                    "create_form الف; publish_form; create_form ب; publish_form",
		"دو فرم به عناوین «صبح» و «عصر» ایجاد گردد":                               "create_form صبح; create_form عصر",
		"فرمی با عنوان «نظرسنجی منو» ایجاد و منتشر گردد":                          "create_form نظرسنجی منو; publish_form",
	})
}

// TestItemNamedLikeAKind: in a list of questions each with its kind in
// parentheses, a wording that is itself a kind's word («امتیاز
// (امتیازی)») is the wording; a bare kind is still an item of that kind.
func TestItemNamedLikeAKind(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۵ سه سوال اضافه کن: نام (کوتاه)، توضیحات (بلند)، امتیاز (امتیازی)": "add_field #5 short_text نام; add_field #5 long_text توضیحات; add_field #5 rating امتیاز",
		"به فرم ۵ دو سوال اضافه کن: تاریخ (تاریخ)، توضیح (بلند)":                   "add_field #5 date تاریخ; add_field #5 long_text توضیح",
		"به فرم ۵ سه سوال اضافه کن: کوتاه، بلند، امتیازی":                          "add_field #5 short_text; add_field #5 long_text; add_field #5 rating",
	})
}

// TestOneWordingAfterColon: after a colon of one question counted
// before it, the rest of the sentence is its wording — «و», a label or
// a type word in it included — and a label in it still tells the
// format; a list (commas) or an order after it is read as before.
func TestOneWordingAfterColon(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۵ یه سوال اضافه کن: نام و نام خانوادگی":  "add_field #5 short_text نام و نام خانوادگی",
		"به فرم 31 یه سوال بلند اضافه کن: توضیح بده":     "add_field #31 long_text توضیح بده",
		"یه سوال ساده اضافه کن به فرم 12: نام شما":       "add_field #12 short_text نام شما",
		"به فرم ۵ یه سوال اضافه کن: کد ملی دانش آموز":    "add_field #5 short_text national_code کد ملی دانش آموز",
		"یه فرم بساز با یه سوال: اسمت چیه؟ و منتشرش کن":  "create_form فرم جدید; add_field short_text اسمت چیه؟; publish_form",
		"به فرم ۵ یه سوال کشویی اضافه کن: تهران، شیراز":  "add_field #5 dropdown [تهران|شیراز]",
		"به فرم ۵ سه سوال اضافه کن: نام، سن، شهر":        "add_field #5 short_text نام; add_field #5 number سن; add_field #5 short_text شهر",
		"به فرم ۵ یه سوال اضافه کن: نام و بعد منتشرش کن": "add_field #5 short_text نام; publish_form #5",
		"یه سوال اضافه کن به فرم 12: Your email address": "add_field #12 short_text Your email address",
	})
	t.Run("v1 keeps the wording whole too", func(t *testing.T) {
		r := New(Config{Contract: 1}).Plan("به فرم ۵ یه سوال اضافه کن: نام و نام خانوادگی")
		if got := stepsOf(r); got != "add_field #5 short_text نام و نام خانوادگی" {
			t.Errorf("got %s", got)
		}
	})
}

// TestNeverTheWrongForm: a correction opened by «ولی نه،» or «نه صبر
// کن،» replaces the order before it, and a past act denied («هنوز …
// پاک نکردم») is a report: neither destroys the form first named.
func TestNeverTheWrongForm(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲ رو پاک کن ولی نه، ببخشید، فرم ۱۳ رو":       "delete_form #13",
		"فرم ۱۲ رو منتشر کن، نه صبر کن، ببخشید فرم ۱۴ رو":  "publish_form #14",
		"فرم ۱۲ رو ببند اما نه، ببخشید، منظورم فرم ۱۵ بود": "disable_form #15",
		"هنوز فرم ۱۲ رو پاک نکردم":                         "none",
		"فرم ۱۲ رو غیرفعال نکردیم":                         "none",
		"فرم ۱۲ رو منتشر نکردیم هنوز، منتشرش کن":           "publish_form #12",
		"کلون کن فرم ۱۲ رو":                                "duplicate_form #12",
	})
}

// TestOrderTakenBack: an order taken back at its end («… ولی فعلا نه»,
// «… یا نه بذار بمونه», «… but not yet») orders nothing; «یا نه»
// before another order corrects to it.
func TestOrderTakenBack(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"میخوام فرم ۱۲ رو پاک کنم ولی فعلا نه": "none",
		"فرم ۱۲ رو ببند اما هنوز نه":           "none",
		"فرم ۱۲ رو پاک کن یا نه بذار بمونه":    "none",
		"delete form 12, but not yet":          "none",
		"فرم ۱۲ رو منتشر کن یا نه پیش نویس کن": "draft_form #12",
		"فرم ۱۲ و ۱۳ رو منتشر کن ولی ۱۴ رو نه": "publish_form #12; publish_form #13",
	})
}

// TestEditLengthNamed: a length in digits said of an edit («… که ده
// رقمی باشه») is a detail no plan carries: the change is made and the
// length named in a warning; said alone, there is no plan.
func TestEditLengthNamed(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"سوال پنجم فرم ۶۰ رو کنید متن کوتاه که ده رقمی باشه",
		"سوال سوم فرم ۴۰ رو بکن متن کوتاه که یازده رقمی باشه",
		"سوال دوم فرم ۸ رو اجباری کن و هشت رقمی باشه",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			found := false
			for _, w := range r.Warnings {
				found = found || w.Code == "detail.dropped"
			}
			if r.Plan == nil || !found {
				t.Errorf("want a plan and a detail.dropped warning, got %s %+v", stepsOf(r), r.Warnings)
			}
		})
	}
	checkReadings(t, p, map[string]string{"سوال سوم فرم ۴۰ ده رقمی باشه": "none"})
}

// TestUnreadWordKeepsItsForm: a form named with a word not understood
// («فرم ۲۰ بازنشر و فرم ۲۱ حذف گردد») never takes the next order's verb
// — it deleted form 20 — and the command gets no plan; bare references
// still share it. «تعطیل» closes a form; «در هر دو …» adds to each new
// form, «هر دو» being no count.
func TestUnreadWordKeepsItsForm(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۰ بازنشر و فرم ۲۱ حذف گردد.":                                          "none",
		"فرم ۲۰ رو بازنشر و فرم ۲۱ رو حذف کن":                                       "none",
		"فرم ۲۰ آپدیت و فرم ۲۱ غیرفعال بشه":                                         "none",
		"فرم ۲۰ و فرم ۲۱ حذف گردد.":                                                 "delete_form #20; delete_form #21",
		"فرم ۸ و فرم ۹ را منتشر کن":                                                 "publish_form #8; publish_form #9",
		"فرم ۲۰ تعطیل و فرم ۲۱ منتشر گردد.":                                         "disable_form #20; publish_form #21",
		"دو فرم با عناوین «الف» و «ب» ایجاد گردد و در هر دو پرسش «نام» افزوده شود.": "create_form الف; add_field short_text نام; create_form ب; add_field short_text نام",
		"دو فرم «الف» و «ب» بساز و به هر دو یه سوال «نام» اضافه کن":                 "create_form الف; add_field short_text نام; create_form ب; add_field short_text نام",
	})
}

// TestFormSaidToStay: a form said to stay as it is («نگه دار», «بمونه»,
// «سالمه», «دست نخوره») is never acted on by the order beside it — it
// was deleted with the next form.
func TestFormSaidToStay(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۸ رو نگه دار و فرم ۹ رو پاک کن": "delete_form #9",
		"فرم ۸ بمونه فرم ۹ رو پاک کن":        "delete_form #9",
		"فرم ۸ سالمه فرم ۹ رو پاک کن":        "delete_form #9",
		"فرم ۸ دست نخوره، فرم ۹ رو ببند":     "disable_form #9",
		"فرم ۱۲ بماند و فرم ۱۳ غیرفعال گردد": "disable_form #13",
		"فرم ۹ رو ببند ولی لینکش بمونه":      "disable_form #9",
		"فرم ۸ رو نگه دار":                   "none",
	})
}

// TestConditionAndTimeNeverDestroy: «در صورت لزوم/نیاز» is a condition
// a plan cannot weigh, of a question's delete too, and «شب» a time to
// act: neither destroys now; «در صورت امکان» is a courtesy.
func TestConditionAndTimeNeverDestroy(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"در فرم ۸، پرسش دوم را بررسی و در صورت لزوم آن را حذف کنید":    "none",
		"در صورت نیاز فرم ۸ را غیرفعال کنید":                           "none",
		"در صورتی که فرم ۸ پاسخی ندارد، حذفش کنید":                     "none",
		"فرم ۸ رو شب پاک کن":                                           "none",
		"در صورت امکان فرم ۸ را منتشر کنید":                            "publish_form #8",
		"یه سوال کشویی «شیفت» با گزینه های صبح و شب به فرم ۸ اضافه کن": "add_field #8 dropdown شیفت [صبح|شب]",
	})
}

// TestPronounNamesOne: «it» after a clause that names nothing is still
// the question named before («… رو دیدی؟ خیلی بده. پاکش کن»), and a
// singular «it» with several forms named before destroys none of them;
// a plural one («پاکشون», «هر دو») acts on each.
func TestPronounNamesOne(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال سوم فرم ۱۲ رو دیدی؟ خیلی بده. پاکش کن":              "delete_field #12 @2",
		"سوال سوم فرم ۱۲ خیلی بده. ممنون. پاکش کن":                "delete_field #12 @2",
		"فرم ۱۲ و فرم ۱۳ رو ببین. پاکش کن":                        "none",
		"سوال سوم فرم ۱۲ خیلی بده. راستی فرم ۱۳ رو ببین. پاکش کن": "none",
		"فرم ۱۲ و فرم ۱۳ رو ببین. پاکشون کن":                      "open_builder #12; open_builder #13; delete_form #12; delete_form #13",
		"فرم ۱۲ و ۱۳ رو منتشر کن بعد هر دو رو ببند":               "publish_form #12; publish_form #13; disable_form #12; disable_form #13",
		"فرم ۱۳ رو ببین. پاکش کن":                                 "open_builder #13; delete_form #13",
	})
}

// TestSentenceOfItsOwn: a form said with an unread word in a sentence
// of its own keeps out of the next sentence's order on another form,
// and is still «it» to a pronoun after a description.
func TestSentenceOfItsOwn(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۲۰ بازنشر. فرم ۲۱ حذف گردد.": "none",
		"فرم ۱۲ خیلی قدیمیه. پاکش کن":     "delete_form #12",
	})
}

// TestQuestionsWithoutTheirMark: a choice between two acts or states,
// or the speaker's own destructive verb, stays a question with its
// question mark left off or a courtesy after it; a wish makes the
// speaker's verb a request.
func TestQuestionsWithoutTheirMark(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۶ رو پاک کنم":                                "none",
		"باید فرم ۷ رو غیرفعال کنم":                       "none",
		"سوال دوم فرم ۴ رو حذف کنیم":                      "none",
		"فرم ۶ رو پاک کنم؟ ممنون":                         "none",
		"فرم ۴ رو منتشر کنم یا پیش‌نویس بمونه":            "none",
		"فرم پونزده منتشر شده یا هنوز پیش نویسه":          "none",
		"فرم 31 رو publish کنم یا بذارم draft بمونه":      "none",
		"میخوام فرم ۶ رو پاک کنم":                         "delete_form #6",
		"فرم سی رو برگردون پیش نویس تا قیمتا رو درست کنم": "draft_form #30",
		"فرم ۱۲ رو منتشر کن یا نه پیش نویس کن":            "draft_form #12",
	})
}

// TestNoUnaskedDestructionWhenRetyped: every corpus command said again
// each of the ways people retype it (retypings: digits in another
// script, dictation with no marks, register swapped, a letter held,
// sound-alike typos, a remark or a filler, the orders the other way
// round, a denied destructive order beside it …) destroys nothing its
// corpus line did not ask to destroy, and never the form the retyping
// itself denies destroying.
func TestNoUnaskedDestructionWhenRetyped(t *testing.T) {
	destroys := map[string]bool{domain.ActionDeleteForm: true, domain.ActionDeleteField: true, domain.ActionDisableForm: true, domain.ActionDraftForm: true}
	rs := retypings()
	for _, c := range corpora {
		p := New(Config{Contract: c.contract})
		cases := loadCorpus(t, c.name)
		t.Run(c.name, func(t *testing.T) {
			for _, rt := range rs {
				t.Run(rt.name, func(t *testing.T) {
					for _, cs := range cases {
						asked := map[string]bool{}
						if steps, ok := cs.Expect["steps"].([]any); ok {
							for _, s := range steps {
								asked[s.(map[string]any)["action"].(string)] = true
							}
						}
						v := rt.retype(cs.Text)
						r := p.Plan(v)
						if r.Plan == nil {
							continue
						}
						for _, st := range r.Plan.Steps {
							if !destroys[st.Action] {
								continue
							}
							onSpare := rt.spared != "" && st.Params.ID != nil && *st.Params.ID == spareID
							// the retyping names form spareID: another act on it
							// than the one denied may be what the writer meant
							// («فرم ۴۲۱۷ رو پاک نکن، فرم رو پیش‌نویس کن»).
							if onSpare && st.Action == rt.spared || !onSpare && !asked[st.Action] {
								t.Errorf("%s %q: %s not asked for (%s)", cs.ID, v, st.Action, stepsOf(r))
							}
						}
					}
				})
			}
		})
	}
}

// TestSameReadingRetyped: a greeting or plea before a command, thanks
// after it, and its ZWNJs typed as spaces leave its reading as it was,
// for every command of every corpus. The ZWNJ typed as a space may
// still part a few verbless or compound phrases («پیش نویس ۱۲»); they
// are logged, and more than three fail.
func TestSameReadingRetyped(t *testing.T) {
	zwnj := strings.NewReplacer("\u200c", " ")
	spaced := 0
	for _, c := range corpora {
		p := New(Config{Contract: c.contract})
		for _, cs := range loadCorpus(t, c.name) {
			base := zwnj.Replace(stepsOf(p.Plan(cs.Text)))
			for _, v := range []string{"لطفا " + cs.Text, "سلام، " + cs.Text, cs.Text + " ممنون"} {
				if got := zwnj.Replace(stepsOf(p.Plan(v))); got != base {
					t.Errorf("%s %q:\n got  %s\n want %s", cs.ID, v, got, base)
				}
			}
			v := strings.ReplaceAll(cs.Text, "\u200c", " ")
			if got := zwnj.Replace(stepsOf(p.Plan(v))); got != base {
				spaced++
				t.Logf("%s %q: %s, not %s", cs.ID, v, got, base)
			}
		}
	}
	if spaced > 3 {
		t.Errorf("%d commands read otherwise with their ZWNJs typed as spaces, more than 3", spaced)
	}
}

// TestEmailSaidAsAFormat: an email address said as the format («فرمتش
// ایمیل باشه», «فقط ایمیل قبول کنه») is the email question, which the
// contract has as a type, not a format.
func TestEmailSaidAsAFormat(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۷۰ سوال دومش فرمتش ایمیل باشه":                                      "update_field #70 @1 email",
		"سوال دوم فرم ۳ فقط ایمیل معتبر بپذیره":                                  "update_field #3 @1 email",
		"به فرم ۳ یه سوال «تماس» اضافه کن فرمتش ایمیل باشه":                      "add_field #3 email تماس",
		"یه سوال کوتاه «ایمیل سازمانی» به فرم ۳۰ اضافه کن که فقط ایمیل قبول کنه": "add_field #30 email ایمیل سازمانی",
	})
}

// TestSlipsAndWhomAsked: a real word before a light verb that can only
// be a slip of the verb's noun («منتظر کن», «درس کن»); the formal light
// verb «یابد» ends a list of options; whom a form asks («… ایمیل افراد
// را بپرسد») is no word of the last wording.
func TestSlipsAndWhomAsked(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۸ رو منتظر کن": "publish_form #8",
		"گزینه‌های پرسش دوم فرم ۶۰ به الف، ب، ج و د تغییر یابد.": "update_field #60 @1 [الف|ب|ج|د]",
		"گزینه‌های پرسش سوم فرم ۶۰ به صبح، عصر و شب تغییر یابند": "update_field #60 @2 [صبح|عصر|شب]",
		"یک فرم درست کن که سن و ایمیل افراد را بپرسد":            "create_form فرم جدید; add_field number سن; add_field email ایمیل",
		"یه فرم بساز که اسم و شماره موبایل مشتریا رو بپرسه":      "create_form فرم جدید; add_field short_text اسم; add_field short_text mobile_ir شماره موبایل",
	})
}

// TestNameAfterAPlace: «اسمش …» after a place named by another
// question («قبل از سوال اول») names the new question, not that one —
// the wording, quoted or not, was lost with no warning.
func TestNameAfterAPlace(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم سی یه سوال اضافه کن قبل از سوال اول اسمش کد ملی":    "add_field #30 @0 short_text national_code کد ملی",
		"به فرم سی یه سوال قبل از سوال اول اضافه کن اسمش «کد ملی»":  "add_field #30 @0 short_text national_code کد ملی",
		"به فرم ۵ یه سوال بلند بعد از سوال سوم بذار اسمش «توضیحات»": "add_field #5 @3 long_text توضیحات",
		"سوال دوم فرم ۵ اسمش رو بکن «شهر»":                          "update_field #5 @1 شهر",
	})
}

// TestFormatAfterAColon: «format: url», «فرمت: موبایل» — the format
// named after a colon.
func TestFormatAfterAColon(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"add a short text «Site» to form 9, format: url":       "add_field #9 short_text url Site",
		"به فرم ۹ یه سوال کوتاه «تلفن» اضافه کن، فرمت: موبایل": "add_field #9 short_text mobile_ir تلفن",
		"فرمت سوال دوم فرم ۹: کد پستی":                         "update_field #9 @1 postal_code_ir",
	})
}

// TestDigitsOnlyNamed: «فقط عدد قبول کنه» is no format a plan carries:
// the question is added or changed and the rule named in a warning;
// said alone of a question, there is no plan.
func TestDigitsOnlyNamed(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"یه سوال کوتاه «کد» به فرم ۹ اضافه کن که فقط عدد قبول کنه",
		"به فرم ۹ یه سوال «کد» اضافه کن که فقط عدد بگیره",
		"سوال ۲ فرم ۹ رو اجباری کن و فقط عدد قبول کنه",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			found := false
			for _, w := range r.Warnings {
				found = found || w.Code == "detail.dropped" && strings.Contains(w.MessageEN, "digits only")
			}
			if r.Plan == nil || !found {
				t.Errorf("want a plan and a warning naming digits only, got %s %+v", stepsOf(r), r.Warnings)
			}
		})
	}
	checkReadings(t, p, map[string]string{"سوال ۲ فرم ۹ فقط عدد قبول کنه": "none"})
}
