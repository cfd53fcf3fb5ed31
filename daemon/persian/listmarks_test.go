package persian

import (
	"encoding/json"
	"testing"
)

// TestCommandWrittenAsAList: a command written as a list or a report —
// a bullet and dashes between its parts, numbered steps, numbered options
// after «options:», labels before each part — is read item by item: each
// step an order of its own, «Expected:» and «Fix:» what is wanted, «Bug:»
// and «Actual:» the form as it is, which names the form and orders
// nothing.
func TestCommandWrittenAsAList(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"bullet and dashed parts", "- فرم 17 - سوال جدید: «ایمیل پشتیبانی» - نوع: متن کوتاه",
			`[{"action":"add_field","params":{"id":17,"type":"short_text","question":"ایمیل پشتیبانی"}}]`},
		{"bullet with an edit", "- فرم 8 - سوال 2 - اجباری",
			`[{"action":"update_field","params":{"id":8,"required":true,"index":1}}]`},
		{"bullet with a formal verb", "- فرم ۵ - منتشر شود",
			`[{"action":"publish_form","params":{"id":5}}]`},
		{"bullet with options", "- فرم 12 - سوال کشویی «اولویت»: کم / زیاد",
			`[{"action":"add_field","params":{"id":12,"type":"dropdown","question":"اولویت","options":["کم","زیاد"]}}]`},
		{"steps with no stop between", "Step 1: فرم 14 رو منتشر کن Step 2: فرم 15 رو غیرفعال کن",
			`[{"action":"publish_form","params":{"id":14}},{"action":"disable_form","params":{"id":15}}]`},
		{"persian steps", "مرحله ۱: فرم ۲۰ را پیش‌نویس کن. مرحله ۲: عنوانش را «نسخه نهایی» بگذار",
			`[{"action":"draft_form","params":{"id":20}},{"action":"update_form_title","params":{"id":20,"title":"نسخه نهایی"}}]`},
		{"steps numbered with a dash", "گام ۱- فرم ۳۳ رو کپی کن گام ۲- فرم ۳۳ رو منتشر کن",
			`[{"action":"duplicate_form","params":{"id":33}},{"action":"publish_form","params":{"id":33}}]`},
		{"numbered options are one list", "Step 1: فرم 40. Step 2: سوال جدید کشویی «سیستم عامل». options: 1) Linux 2) Windows 3) macOS",
			`[{"action":"add_field","params":{"id":40,"type":"dropdown","question":"سیستم عامل","options":["Linux","Windows","macOS"]}}]`},
		{"bug names the form, expected orders", "Bug #7: فرم 28 هنوز منتشره. Expected: غیرفعال بشه.",
			`[{"action":"disable_form","params":{"id":28}}]`},
		{"bug names the question, fix orders", "Bug: سوال 3 فرم 61 اجباری نیست. Fix: اجباریش کن",
			`[{"action":"update_field","params":{"id":61,"required":true,"index":2}}]`},
		{"persian labels", "مشکل: فرم ۴۴ هنوز جواب می‌گیره. راه‌حل: ببندش",
			`[{"action":"disable_form","params":{"id":44}}]`},
		{"label with no stop before it", "Actual: فرم 31 پیش‌نویس است Expected: منتشر بشه",
			`[{"action":"publish_form","params":{"id":31}}]`},
		{"a plus joins the parts", "new form «ثبت ویزیت» + q: short text «نام پزشک» + publish",
			`[{"action":"create_form","params":{"title":"ثبت ویزیت"}},{"action":"add_field","params":{"type":"short_text","question":"نام پزشک"}},{"action":"publish_form","params":{}}]`},
		{"a plus inside a wording stays", "یه سوال امتیازی «۲ + ۲» به فرم ۳ اضافه کن",
			`[{"action":"add_field","params":{"id":3,"type":"rating","question":"۲ + ۲"}}]`},
		{"a question label and its colon", "فرم ۵، q: dropdown «نام پزشک»",
			`[{"action":"add_field","params":{"id":5,"type":"dropdown","question":"نام پزشک"}}]`},
		{"a persian question label", "فرم ۵، سوال: متن کوتاه «کد پیگیری»",
			`[{"action":"add_field","params":{"id":5,"type":"short_text","question":"کد پیگیری"}}]`},
		{"rename after a question edit renames the question", "form 40 q2: make optional + rename to «تلفن»",
			`[{"action":"update_field","params":{"id":40,"question":"تلفن","required":false,"index":1}}]`},
		{"rename with its verb after a question edit", "سوال ۱ فرم ۹ رو اجباری کن و rename کن به «کد ملی»",
			`[{"action":"update_field","params":{"id":9,"question":"کد ملی","required":true,"index":0}}]`},
		{"the form renamed when named", "سوال ۲ فرم ۹ رو اجباری کن و فرم رو rename کن به «ثبت»",
			`[{"action":"update_field","params":{"id":9,"required":true,"index":1}},{"action":"update_form_title","params":{"id":9,"title":"ثبت"}}]`},
		{"a count and kind as the label of names", "فرم ۴۴، ۳ سوال کوتاه: شهر، محله، کوچه",
			`[{"action":"add_field","params":{"id":44,"type":"short_text","question":"شهر"}},{"action":"add_field","params":{"id":44,"type":"short_text","question":"محله"}},{"action":"add_field","params":{"id":44,"type":"short_text","question":"کوچه"}}]`},
		{"a count of a kind with no noun", "فرم ۱۲: ۲ تا عددی: سن، وزن",
			`[{"action":"add_field","params":{"id":12,"type":"number","question":"سن"}},{"action":"add_field","params":{"id":12,"type":"number","question":"وزن"}}]`},
		{"a bulleted count after the form", "- فرم ۷۰ - ۲ سوال کوتاه: کد رهگیری، نام فروشگاه",
			`[{"action":"add_field","params":{"id":70,"type":"short_text","question":"کد رهگیری"}},{"action":"add_field","params":{"id":70,"type":"short_text","question":"نام فروشگاه"}}]`},
		{"the form as the label of an order", "فرم ۵۱: منتشر شود",
			`[{"action":"publish_form","params":{"id":51}}]`},
		{"a new question labelled with its place", "فرم ۱۸. سوال جدید بعد از سوال ۴: متن بلند «شرح خطا»",
			`[{"action":"add_field","params":{"id":18,"type":"long_text","question":"شرح خطا","index":4}}]`},
		{"a new question labelled, english", "form 5: new question after q2: short text «App version»",
			`[{"action":"add_field","params":{"id":5,"type":"short_text","question":"App version","index":2}}]`},
		{"a new question, its place after it", "فرم ۲۷، سوال تازه dropdown «شهر» بعد از سوال ۱",
			`[{"action":"add_field","params":{"id":27,"type":"dropdown","question":"شهر","index":1}}]`},
		{"a question renamed to the word new stays an edit", "سوال ۳ فرم ۵ رو بکن «جدید»",
			`[{"action":"update_field","params":{"id":5,"question":"جدید","index":2}}]`},
		{"the form's name in the item after a question's edit", "فرم ۶۲، سوال ۱ رو بکنید اختیاری، اسم فرم هم بشه «ثبت‌نام ۱۴۰۵»",
			`[{"action":"update_field","params":{"id":62,"required":false,"index":0}},{"action":"update_form_title","params":{"id":62,"title":"ثبت‌نام ۱۴۰۵"}}]`},
		{"the form's title as an item of its own", "فرم ۹، عنوان فرم بشه «گزارش روزانه»",
			`[{"action":"update_form_title","params":{"id":9,"title":"گزارش روزانه"}}]`},
		{"a title that begins with the word form", "فرم ۸ رو منتشر کن، اسمش هم بشه فرم ثبت نام",
			`[{"action":"publish_form","params":{"id":8}},{"action":"update_form_title","params":{"id":8,"title":"فرم ثبت نام"}}]`},
		{"an action named as the plan writes it", "Step 1: فرم 14. Step 2: add_field آپلود فایل رسید پرداخت",
			`[{"action":"add_field","params":{"id":14,"type":"file","question":"رسید پرداخت"}}]`},
		{"a state action named as the plan writes it", "publish_form فرم ۱۲",
			`[{"action":"publish_form","params":{"id":12}}]`},
		{"an underscore in a quoted wording stays", "یه سوال «user_name» به فرم ۳ اضافه کن",
			`[{"action":"add_field","params":{"id":3,"type":"short_text","question":"user_name"}}]`},
		{"kinds and quoted wordings as items after a new form", "new form «ترخیص»، number «سن»، short text «نام همراه»",
			`[{"action":"create_form","params":{"title":"ترخیص"}},{"action":"add_field","params":{"type":"number","question":"سن"}},{"action":"add_field","params":{"type":"short_text","question":"نام همراه"}}]`},
		{"what each new form gets, after its label", "دو فرم جدید: «صبح»، «عصر»؛ هر کدوم: عددی «تعداد»، کوتاه «مسئول»",
			`[{"action":"create_form","params":{"title":"صبح"}},{"action":"add_field","params":{"type":"number","question":"تعداد"}},{"action":"add_field","params":{"type":"short_text","question":"مسئول"}},{"action":"create_form","params":{"title":"عصر"}},{"action":"add_field","params":{"type":"number","question":"تعداد"}},{"action":"add_field","params":{"type":"short_text","question":"مسئول"}}]`},
		{"each past the limit is refused, not cut", "3 new forms: «A»، «B»، «C»؛ each: number «n»، short text «s»، long text «l»، then publish all", ``},
		{"a kind, a wording and its options as an item", "فرم ۳۰، dropdown «نقش»: مدیر / کارمند / مهمان",
			`[{"action":"add_field","params":{"id":30,"type":"dropdown","question":"نقش","options":["مدیر","کارمند","مهمان"]}}]`},
		{"an option taken back from the list", "فرم ۳۰، dropdown «نقش»: مدیر / کارمند / مهمان / ناظر، ناظر رو نمی‌خوایم",
			`[{"action":"add_field","params":{"id":30,"type":"dropdown","question":"نقش","options":["مدیر","کارمند","مهمان"]}}]`},
		{"only the first of the list kept", "فرم ۹، کشویی «شهر»: تهران / مشهد / شیراز / تبریز، فقط دو تای اول",
			`[{"action":"add_field","params":{"id":9,"type":"dropdown","question":"شهر","options":["تهران","مشهد"]}}]`},
		{"a correction naming no option denies nothing it can read", "فرم ۹، کشویی «شهر»: تهران / مشهد / شیراز، اصفهان رو نمی‌خوایم", ``},
		{"the form named once above its bullets", "فرم ۱۲:\n- سوال ۲ اجباری شود\n- سوال ۳ اختیاری شود",
			`[{"action":"update_field","params":{"id":12,"required":true,"index":1}},{"action":"update_field","params":{"id":12,"required":false,"index":2}}]`},
		{"bullets on lines, each its own order", "- فرم ۵ رو منتشر کن\n- فرم ۶ رو غیرفعال کن",
			`[{"action":"publish_form","params":{"id":5}},{"action":"disable_form","params":{"id":6}}]`},
		{"an item lends its verb to no other", "1) فرم ۵ منتشر شود\n2) فرم ۶",
			`[{"action":"publish_form","params":{"id":5}}]`},
		{"the state alone orders nothing", "Actual: فرم 12 حذف شده", ``},
		{"a bug alone orders nothing", "Bug #4: فرم ۹ منتشر نمیشه", ``},
		{"what must not happen", "Expected: فرم 81 پاک نشه. Actual: پاک شد", ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := p.Plan(c.text)
			got := ""
			if r.Plan != nil {
				b, err := json.Marshal(r.Plan.Steps)
				if err != nil {
					t.Fatal(err)
				}
				got = string(b)
			}
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, r.Reason, c.want)
			}
		})
	}
}

// TestVerbsInEveryPerson: the polite plural of placing moves a question
// named with its place as the singular does, and the insistent «ـها»
// after the person of a denied verb («نکنی‌ها») still denies it.
func TestVerbsInEveryPerson(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"سوال ۵ فرم ۲ رو بگذارید قبل از سوال اول":           "move_field",
		"پرسش سوم فرم ۷ را بذارین بعد از پرسش ششم":          "move_field",
		"به فرم ۴ یه سوال کوتاه «نام» بذارید":               "add_field",
		"فرم ۳۹ رو پاک نکنی‌ها، فقط پیش‌نویسش کن":           "draft_form",
		"فرم ۱۲ رو نبندید‌ها، فقط سوال ۲ رو اجباری کنید":    "update_field",
		"فرم ۸ رو حذف نکنی‌ها":                              "",
		"سوال اول فرم ۵ رو پاک نکنین‌ها، فقط اختیاریش کنین": "update_field",
		// The copy named in the formal passive, «نامیده شود», or «بنام».
		"فرم ۱۲ تکثیر گردد و نسخه تازه «آزمون دوم» نامیده شود": "duplicate_form",
		"فرم ۵ رو کپی کن و نسخه جدید رو «بهار» بنام":           "duplicate_form",
	} {
		t.Run(text, func(t *testing.T) {
			if r := p.Plan(text); actionsOf(r) != want {
				t.Errorf("steps %q, want %q (%s)", actionsOf(r), want, r.Reason)
			}
		})
	}
}

// TestVowelMarksKeptInWordings: a vowel mark is how the writer spells a
// word of a title or a question, which is copied as typed; the words the
// planner reads are compared without it, and on a digit it is dropped.
func TestVowelMarksKeptInWordings(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"a quoted title", "یه فرم بساز «آبیاری مزرعهٔ اُرگانیک»",
			`[{"action":"create_form","params":{"title":"آبیاری مزرعهٔ اُرگانیک"}}]`},
		{"an unquoted wording", "فرم ۱۵ یه سوال متن بلند شرح خُشک‌سالی بذار",
			`[{"action":"add_field","params":{"id":15,"type":"long_text","question":"شرح خُشک‌سالی"}}]`},
		{"the verb read without its mark", "فرم ۲۷ رو منتشر بُکن",
			`[{"action":"publish_form","params":{"id":27}}]`},
		{"the ordinal read without its mark", "سوال اوّل فرم ۳۸ رو اجباری کن",
			`[{"action":"update_field","params":{"id":38,"required":true,"index":0}}]`},
		{"a mark on a digit is dropped", "فرم ۲ُ۵ رو منتشر کن",
			`[{"action":"publish_form","params":{"id":25}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := p.Plan(c.text)
			got := ""
			if r.Plan != nil {
				b, _ := json.Marshal(r.Plan.Steps)
				got = string(b)
			}
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, r.Reason, c.want)
			}
		})
	}
}
