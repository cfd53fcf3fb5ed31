package persian

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Commands written as enumerations (enumerated.go). None is a line of
// testdata/planner/enumerated-steps.jsonl: each mechanism is said here in
// other words, other voices and other shapes.

// TestEnumeratedLetteredOrders: orders lettered «الف) … ب) …» or «الف-»,
// on one line or one a line, are each a step; the letters are no
// options and no wording.
func TestEnumeratedLetteredOrders(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"لطفاً در فرم ۸۸ این کارها رو بکن: الف) سوال سوم رو اختیاری کن ب) عنوان فرم رو بذار «ثبت‌نام اردو» ج) منتشرش کن": "update_field #88 @2 optional; update_form_title #88 ثبت‌نام اردو; publish_form #88",
		"فرم ۱۲\nالف- پرسش ۲ اجباری شود\nب- پرسش ۴ اختیاری شود":                                                          "update_field #12 @1 required; update_field #12 @3 optional",
		"فرم ۷۶ رو اینطوری کن: a) سوال ۱ اجباری b) سوال ۲ اختیاری":                                                       "update_field #76 @0 required; update_field #76 @1 optional",
		"form 33: a) make question 2 required b) rename the form to «Exit Survey» c) publish it":                         "update_field #33 @1 required; update_form_title #33 Exit Survey; publish_form #33",
		"برای فرم ۵۰: (الف) سوال اول رو بکن متن بلند (ب) فرم رو منتشر کن":                                                "update_field #50 @0 long_text; publish_form #50",
		// A letter is no option when the items are orders, and is one
		// when they are the options of the question said before them.
		"به فرم ۹۱ یه سوال چندگزینه‌ای «نوبت» بذار: الف) صبح ب) عصر": "add_field #91 multiple_choice نوبت [صبح|عصر]",
	})
}

// TestEnumeratedOrdinalHeads: «اولاً، … ثانیاً، …», «First: … Second: …»
// head steps as numbers do.
func TestEnumeratedOrdinalHeads(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"اولاً، پرسش دوم فرم ۷۵ اجباری گردد؛ ثانیاً، فرم مزبور منتشر شود.":   "update_field #75 @1 required; publish_form #75",
		"First: add a short text «Name» to form 36\nSecond: publish form 36": "add_field #36 short_text Name; publish_form #36",
		"First: publish form 34. Second: unpublish form 35.":                 "publish_form #34; draft_form #35",
	})
}

// TestEnumeratedQuiz: a teacher's quiz — «سوال N:» heads, then the
// wording and its lettered options — is one choice question per head,
// on its own line or run together; «سوال N:» there names no question of
// the form.
func TestEnumeratedQuiz(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"برای فرم ۴۱ این تست‌ها رو بذار:\nسؤال ۱: پنج ضربدر شش چند می‌شود؟ الف) ۳۰ ب) ۱۱ ج) ۵۶\nسؤال ۲: پایتخت ژاپن کجاست؟ الف) توکیو ب) پکن": "add_field #41 multiple_choice پنج ضربدر شش چند می‌شود؟ [۳۰|۱۱|۵۶]; add_field #41 multiple_choice پایتخت ژاپن کجاست؟ [توکیو|پکن]",
		"به فرم ۴۲ اضافه کن: سوال ۱: پرچم ایران چند رنگ دارد؟ الف) دو ب) سه سوال ۲: کدام فصل گرم‌تر است؟ الف) تابستان ب) زمستان":              "add_field #42 multiple_choice پرچم ایران چند رنگ دارد؟ [دو|سه]; add_field #42 multiple_choice کدام فصل گرم‌تر است؟ [تابستان|زمستان]",
		"add these to form 7:\nQ1: Best language? a) Go b) Rust\nQ2: Editor? a) Vim b) Emacs": "add_field #7 multiple_choice Best language? [Go|Rust]; add_field #7 multiple_choice Editor? [Vim|Emacs]",
		// One question with its options on lines under it.
		"به فرم ۴۳ این سوال رو اضافه کن:\nسوال ۱: بهترین زمان تماس؟\nالف) صبح\nب) شب": "add_field #43 multiple_choice بهترین زمان تماس؟ [صبح|شب]",
	})
}

// TestEnumeratedOptionedQuestions: several questions each with «با
// گزینه‌های …» after one colon are each read, with the type their
// count or noun named.
func TestEnumeratedOptionedQuestions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"دو سوال کشویی به فرم ۹ بذار: «استان» با گزینه‌های تهران، فارس و «رشته» با گزینه‌های ریاضی، تجربی، انسانی":                 "add_field #9 dropdown استان [تهران|فارس]; add_field #9 dropdown رشته [ریاضی|تجربی|انسانی]",
		"به فرم ۳ سه سوال اضافه کن: «رنگ» با گزینه‌های سفید، مشکی و «سایز» با گزینه‌های کوچک، بزرگ و «جنس» با گزینه‌های نخی، پشمی": "add_field #3 multiple_choice رنگ [سفید|مشکی]; add_field #3 multiple_choice سایز [کوچک|بزرگ]; add_field #3 multiple_choice جنس [نخی|پشمی]",
		"form 19: add two checkboxes: «Skills» با گزینه‌های Go، SQL؛ «Tools» با گزینه‌های Git، Docker":                             "add_field #19 checkboxes Skills [Go|SQL]; add_field #19 checkboxes Tools [Git|Docker]",
		"به فرم ۱۹ این سوالا رو اضافه کن:\n- رنگ (کشویی: قرمز، آبی)\n- توضیحات (بلند)":                                             "add_field #19 dropdown رنگ [قرمز|آبی]; add_field #19 long_text توضیحات",
		"یه فرم بساز اسمش «ثبت کلاس» سوالاش: 1) نام 2) شماره همراه 3) سطح با گزینه‌های مبتدی، متوسط، پیشرفته":                      "create_form ثبت کلاس; add_field short_text نام; add_field short_text mobile_ir شماره همراه; add_field multiple_choice سطح [مبتدی|متوسط|پیشرفته]",
	})
}

// TestEnumeratedPipes: «|» after a colon parts options as «،» does.
func TestEnumeratedPipes(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۱۴ یه سوال چندگزینه‌ای اضافه کن: قرمز | آبی | سبز":                   "add_field #14 multiple_choice [قرمز|آبی|سبز]",
		"فرم ۱۵ یه سوال کشویی «ماه» بذار: فروردین|اردیبهشت|خرداد":                    "add_field #15 dropdown ماه [فروردین|اردیبهشت|خرداد]",
		"به فرم ۴ یه سوال «میزان رضایت» اضافه کن، گزینه‌ها: «کم» | «متوسط» | «زیاد»": "add_field #4 multiple_choice میزان رضایت [کم|متوسط|زیاد]",
		// Inside a quote a «|» is the writer's text.
		"به فرم ۱۶ یه سوال کوتاه «نام | نام خانوادگی» اضافه کن": "add_field #16 short_text نام | نام خانوادگی",
	})
}

// TestEnumeratedItemsOfAnOrder: items under one order are its objects —
// forms and questions by number take the place of the noun that
// announced them, wordings are that order's questions — and the
// numbers that mark them are never ids.
func TestEnumeratedItemsOfAnOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"این فرم‌ها رو منتشر کن:\n- فرم ۵\n- فرم ۶":                                                                            "publish_form #5; publish_form #6",
		"این سوال‌ها رو از فرم ۹ پاک کن: ۱) سوال ۴ ۲) سوال ۱":                                                                  "delete_field #9 @3; delete_field #9 @0",
		"به فرم ۳۰ این موارد رو اضافه کن:\n- نام شرکت (کوتاه)\n- توضیحات (بلند)\n- ایمیل کاری":                                 "add_field #30 short_text نام شرکت; add_field #30 long_text توضیحات; add_field #30 email ایمیل کاری",
		"گزینه‌های سوال ۲ فرم ۱۲:\n- کم\n- متوسط\n- زیاد":                                                                      "update_field #12 @1 [کم|متوسط|زیاد]",
		"به فرم ۲۰ سوالای زیر اضافه شه:\n۱. ساعت ورود (۸ تا ۱۰)\n۲. ساعت خروج":                                                 "add_field #20 short_text ساعت ورود (۸ تا ۱۰); add_field #20 short_text ساعت خروج",
		"فرم ۱۳ سوالای ۲ و ۴ رو پاک کن، بقیه:\nالف) سوال ۱ اجباری\nب) سوال ۳ اختیاری":                                          "delete_field #13 @3; delete_field #13 @1; update_field #13 @0 required; update_field #13 @1 optional",
		"دو تا سوال به فرم ۴ اضافه کن: ۱) «نام» ۲) «نام خانوادگی»":                                                             "add_field #4 short_text نام; add_field #4 short_text نام خانوادگی",
		"سه تا سوال کوتاه به فرم ۶ اضافه کن:\n- اسم\n- شهر\n- شغل ممنون":                                                       "add_field #6 short_text اسم; add_field #6 short_text شهر; add_field #6 short_text شغل",
		"فرم جدید «ثبت‌نام کارگاه» ساخته شود. موارد زیر در آن درج شود:\n۱. نام و نام خانوادگی\n۲. شماره همراه\n۳. رشته تحصیلی": "create_form ثبت‌نام کارگاه; add_field short_text نام و نام خانوادگی; add_field short_text mobile_ir شماره همراه; add_field short_text رشته تحصیلی",
	})
}

// TestEnumeratedStepsOnLines: bullets, numbers and ordinal heads one a
// line are steps; lines under a step marked otherwise or indented are
// its options; a number glued to the verb before it still marks a step.
func TestEnumeratedStepsOnLines(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۷:\n• سوال چندگزینه‌ای «شیفت» اضافه کن\n   - صبح\n   - عصر\n• منتشرش کن": "add_field #7 multiple_choice شیفت [صبح|عصر]; publish_form #7",
		"فرم ۲۶:\n✅ سوال ۱ اجباری\n✅ منتشر بشه":                                       "update_field #26 @0 required; publish_form #26",
		"کارای امروز:\n* فرم ۱۱ رو ببند\n* یه کپی از فرم ۱۲ بگیر به اسم «نسخه دوم»":   "disable_form #11; duplicate_form #12 نسخه دوم",
		"اول: پرسش سوم فرم ۶۱ حذف شود\nدوم: پرسش نخست آن اجباری شود":                  "delete_field #61 @2; update_field #61 @0 required",
		// «ببین:» heads the list: its subject, not a page to open.
		"فرم ۶۱ رو ببین:\n- سوال ۱ اجباری بشه\n- منتشرش کن":       "update_field #61 @0 required; publish_form #61",
		"فرم ۴۰\n۱-۱) سوال ۲ اجباری شود\n۱-۲) سوال ۳ اختیاری شود": "update_field #40 @1 required; update_field #40 @2 optional",
		"1)سوال ۲ فرم ۹ رو اجباری کن2)فرم ۹ رو منتشر کن":          "update_field #9 @1 required; publish_form #9",
		// «(A1/A2/B1)»: a number glued to a Latin letter inside a
		// parenthesis is part of an option.
		"یه سوال کشویی «سطح زبان» با گزینه‌های (A1/A2/B1) به فرم ۳۱ اضافه کن": "add_field #31 dropdown سطح زبان [A1|A2|B1]",
	})
}

// TestEnumeratedActOnCopy: after a copy, an act whose object is left
// unsaid acts on the copy, which has no id: no plan. Named again, or
// said to be the original, the form copied is acted on; acted on first,
// then copied, both steps are the form's.
func TestEnumeratedActOnCopy(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۸ رو تکثیر کن و پیش‌نویس کن":     "none",
		"۱- فرم ۲۵ کپی شود ۲- غیرفعال شود":     "none",
		"یه رونوشت از فرم ۲۶ بگیر و منتشر کن":  "none",
		"copy form 6 and publish":              "none",
		"فرم ۵ رو duplicate کن و publish کن":   "none",
		"فرم ۱۸ رو کپی کن و فرم ۱۸ رو ببند":    "duplicate_form #18; disable_form #18",
		"فرم ۱۸ رو کپی کن و نسخه اصلی رو ببند": "duplicate_form #18; disable_form #18",
		"فرم ۲۷ رو ببند و بعد یه کپی ازش بگیر": "disable_form #27; duplicate_form #27",
		"فرم ۹ رو کپی کن و اصلش رو منتشر کن":   "duplicate_form #9; publish_form #9",
	})
}

// TestEnumeratedNeverDestroysUnasked: numbers and letters that mark
// items never become a form's or a question's id, and an item that
// denies an act makes no step of it.
func TestEnumeratedNeverDestroysUnasked(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		// The marks «1.», «2.» are no forms 1 and 2.
		"1. form 40 → draft\n2. form 41 → publish":         "draft_form #40; publish_form #41",
		"این فرم‌ها رو ببند:\n1. فرم ۵۵\n2. فرم ۵۶":        "disable_form #55; disable_form #56",
		"فرم‌های زیر پیش‌نویس شوند:\n۱. فرم ۳۳\n۲. فرم ۳۴": "draft_form #33; draft_form #34",
		// Marks typed apart, as keycaps or with a kashida are no ids.
		// (Indexes are the form's as the steps before left it: after
		// question 2 is deleted, question 3 is the second.)
		"فرم ۲۲:\n1 - سوال ۲ حذف شود\n2 - سوال ۳ اختیاری شود": "delete_field #22 @1; update_field #22 @1 optional",
		"فرم ۲۲: 1 - سوال ۲ حذف شود 2 - سوال ۳ اختیاری شود":   "delete_field #22 @1; update_field #22 @1 optional",
		"فرم ۲۳: 1 - سوال ۲ حذف شود":                          "delete_field #23 @1",
		"form 25:\n1️⃣ delete question 1\n2️⃣ publish":        "delete_field #25 @0; publish_form #25",
		"فرم ۲۷\n۱ـ سوال ۱ پاک شود\n۲ـ سوال ۲ اختیاری شود":    "delete_field #27 @0; update_field #27 @0 optional",
		"1. فرم ۲۹ منتشر بشه. 2. فرم ۳۰ هم.":                  "publish_form #29; publish_form #30",
		// A denied item makes no step.
		"فرم ۳:\nالف) سوال ۲ رو پاک نکن\nب) فقط اجباریش کن": "update_field #3 @1 required",
		"الف) فرم ۸ رو حذف نکنید ب) فرم ۹ رو هم نبندید":     "none",
		// An item that asks to destroy is a question, whatever the
		// items after it order; a plea makes it a request.
		"فرم ۸:\n۱- سوال ۳ پاک بشه؟\n۲- سوال ۴ اجباری بشه":           "none",
		"فرم ۸۱ رو پاک کنم؟ بعد فرم ۸۲ رو منتشر کن":                  "none",
		"میشه فرم ۸۳ رو پاک کنی؟ بعد فرم ۸۴ رو منتشر کن":             "delete_form #83; publish_form #84",
		"todo:\n1) form 3 → close\n2) form 4 → delete? ask me first": "none",
		// A copy then a delete with its object unsaid deletes nothing.
		"duplicate form 7 and then delete":        "none",
		"فرم ۱۸ رو کپی کن و حذف کن":               "none",
		"۱) یه کپی از فرم ۲۰ بگیر ۲) غیرفعالش کن": "none",
		// A quiz's «سوال ۲:» is no question 2 to delete or change.
		"به فرم ۴۴ اضافه کن:\nسوال ۲: کدام حذف نمی‌شود؟ الف) مو ب) ناخن": "add_field #44 multiple_choice کدام حذف نمی‌شود؟ [مو|ناخن]",
	})
}

// TestEnumeratedDeniedThenOnly: a denial followed by «فقط», «تنها» or
// «بلکه» with no comma between them ends there: the act denied is not
// done, what follows is (ruling 12).
func TestEnumeratedDeniedThenOnly(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"پاک کردن سوال ۴ فرم ۳۶ لازم نیست فقط اختیاریش کن":       "update_field #36 @3 optional",
		"فرم ۳۷ رو حذف نکن تنها از انتشار درش بیار":              "draft_form #37",
		"بستن فرم ۳۸ مد نظر نیست بلکه عنوانش بشه «دوره تابستان»": "update_form_title #38 دوره تابستان",
		// «فقط» inside the order, with no denial before it, is no break.
		"فقط سوال اول فرم ۳۹ رو حذف کن": "delete_field #39 @0",
	})
}

// FuzzStepsRead: the enumeration pass never panics, keeps valid text
// valid, and never writes a word of deleting, closing or unpublishing
// the text did not hold.
func FuzzStepsRead(f *testing.F) {
	for _, s := range []string{
		"فرم ۴۵:\n۱- سوال ۲ اجباری شود\n۲- سوال ۴ اختیاری شود",
		"در فرم ۲۴: الف) سوال ۱ رو اجباری کن ب) فرم رو منتشر کن",
		"به فرم ۲۰ اضافه کن:\nسوال ۱: پایتخت؟ الف) تهران ب) تبریز",
		"سه سوال به فرم ۲۲ اضافه کنید: «الف» با گزینه‌های ۱، ۲؛ «ب» با گزینه‌های ۳، ۴",
		"اضافه کن: a | b | c", "1)فرم 47 رو پیش نویس کن2)سوال 1 رو پاک کن", "الف)", "ب)", "سوال ۱:", ":", "۱-", "\n-\n-", "•", "* *",
		"اولاً، ثانیاً،", "First: Second:", "(A1/B1)", "حذف لازم نیست فقط", "«:»: 1) 2)", "این‌ها رو پاک کن: ۱) ۲)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := stepsRead(deniedThenOnly(text))
		if utf8.ValidString(text) && !utf8.ValidString(got) {
			t.Fatalf("%q gave invalid UTF-8 %q", text, got)
		}
		for _, w := range []string{"حذف", "پاک", "ببند", "پیش‌نویس", "delete", "draft", "close"} {
			if strings.Contains(got, w) && !strings.Contains(text, w) {
				t.Fatalf("%q gave %q, which says %q", text, got, w)
			}
		}
	})
}
