package persian

import (
	"strings"
	"testing"
)

// TestSlang reads young Tehrani admins' slang and marketing English by
// mechanism, in phrasings of other writers than slang-and-marketing.jsonl's.
func TestSlang(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, family := range []struct {
		name  string
		cases map[string]string
	}{
		{"switch verbs before their light verb: off closes, on publishes", map[string]string{
			"فرم ۶۱ رو خاموشش کنید دیگه":                   "disable_form #61",
			"بچه‌ها فرم ۶۱ رو آف کنید تا شنبه":             "disable_form #61",
			"فرم شصت و یک رو آف کن":                        "disable_form #61",
			"فرم ۶۲ رو روشنش کن":                           "publish_form #62",
			"فرمای ۶۲ و ۶۳ رو روشن کنید":                   "publish_form #62; publish_form #63",
			"فرم ۶۲ رو از آف دربیار":                       "publish_form #62",
			"فرم ۶۲ رو از حالت خاموش در بیار":              "publish_form #62",
			"فرم ۶۲ رو از غیرفعال در بیار":                 "publish_form #62",
			"یه سوال از خاموشی برق بذار تو فرم ۶۲":         "add_field #62 short_text",
			"فرم ۶۲ رو آف نکن":                             "none",
			"فرم ۶۲ خاموش شده؟":                            "none",
			"فرم ۶۲ رو خاموش نکن، فقط روشنش کن":            "publish_form #62",
			"یه سوال «۲۰٪ آف می‌خوای؟» به فرم ۶۴ اضافه کن": "add_field #64 short_text ۲۰٪ آف می‌خوای؟",
		}},
		{"an address last in its clause is said to the reader", map[string]string{
			"یه سوال کوتاه بذار تو فرم ۶۵ داش":   "add_field #65 short_text",
			"فرم ۶۵ رو لایو کن عشقم":             "publish_form #65",
			"سوال دوم فرم ۶۵ رو اجباری کن فدات":  "update_field #65 @1 required",
			"یه سوال «داداش» به فرم ۶۵ اضافه کن": "add_field #65 short_text داداش",
			"یه فرم بساز اسمش «جیگر» باشه":       "create_form جیگر",
		}},
		{"the builder's widgets in marketing English", map[string]string{
			"یه ریدیو باتن «سایزت چنده؟» با گزینه‌های S و M و L به فرم ۶۶ اضافه کن": "add_field #66 multiple_choice سایزت چنده؟ [S|M|L]",
			"یه تکست باکس «کد تخفیف» تو فرم ۶۶ بذار":                                "add_field #66 short_text کد تخفیف",
			"به فرم ۶۶ یه اینپوت «اسم برند» اضافه کن":                               "add_field #66 short_text اسم برند",
			"سوال سوم فرم ۶۶ رو ریدیو کن با آپشنای بله، خیر":                        "update_field #66 @2 multiple_choice [بله|خیر]",
			"یه poll «بهترین ساعت لایو؟» بذار تو فرم ۶۶ با گزینه‌های ۸ شب / ۱۰ شب":  "add_field #66 multiple_choice بهترین ساعت لایو؟ [۸ شب|۱۰ شب]",
		}},
		{"a question thrown out is removed, when it is named exactly", map[string]string{
			"سوال چهارم فرم ۶۷ رو بندازش بیرون": "delete_field #67 @3",
			"از فرم ۶۷ سوال دوم رو بیرون بنداز": "delete_field #67 @1",
			"سوال آخر فرم ۶۷ رو بنداز بیرون":    "none",
			"سوال دوم فرم ۶۷ رو بیرون ننداز":    "none",
			"سوال دومو بنداز بیرون":             "none",
		}},
		{"a slang verb between destroying and not gives no plan", map[string]string{
			"فرم ۶۸ رو جمعش کنید":           "none",
			"سوال سوم فرم ۶۸ رو جمع کن":     "none",
			"فرم ۶۸ رو بپرون":               "none",
			"فرم ۶۸ رو ریست کن از اول":      "none",
			"این فرم ۶۸ رو بترکونید بچه‌ها": "none",
			"فرم ۶۸ رو اوکیش کن":            "none",
			"یه حالی به فرم ۶۸ بده":         "none",
			"فرم ۶۸ رو جمع و جور کن":        "none",
		}},
		{"a pronoun in an opening «before» points at the form named after", map[string]string{
			"قبل از اینکه لایوش کنی، سوال سوم فرم ۶۹ رو اجباری کن":     "update_field #69 @2 required; publish_form #69",
			"قبل از اینکه روشنش کنی یه سوال موبایل به فرم ۶۹ اضافه کن": "add_field #69 short_text mobile_ir موبایل; publish_form #69",
			"قبل از اینکه آفش کنی، یه کپی از فرم ۶۹ بگیر":              "duplicate_form #69",
			"قبل از اینکه پاکش کنی، سوال اول فرم ۶۹ رو اختیاری کن":     "update_field #69 @0 optional",
		}},
		{"a question dragged up or down is moved; a form dragged down is not read", map[string]string{
			"سوال پنجم فرم ۷۳ رو بکش بالا بشه دومی":  "move_field #73 @4 >1",
			"سوال اول فرم ۷۳ رو بکشش پایین بشه سومی": "move_field #73 @0 >2",
			"فرم ۷۳ رو بکش پایین":                    "none",
			"فرم ۷۳ رو بکشش پایین از سایت":           "none",
			"فرم ۷۳ رو هایدش کن":                     "draft_form #73",
			"فرم ۷۳ رو هاید نکنیا، لایوش کن":         "publish_form #73",
			"فرم ۷۳ رو از انتشار بکش":                "draft_form #73",
		}},
		{"English verbs in Persian letters: «چنج», «لانچ»", map[string]string{
			"تایتل فرم ۷۴ رو چنج کن به «پادکست هفتگی»": "update_form_title #74 پادکست هفتگی",
			"سوال سوم فرم ۷۴ رو چنجش کن بشه «شغلت؟»":   "update_field #74 @2 شغلت؟",
			"فرم ۷۴ رو ری‌لانچ کنید":                   "publish_form #74",
			"فرم ۷۴ رو فعلا لانچ نکن":                  "none",
		}},
		{"the copy's name after «اسم کپی»", map[string]string{
			"فرم ۷۰ رو داپلیکیت کن اسم کپیش رو بذار «کمپین نوروز»": "duplicate_form #70 کمپین نوروز",
			"از فرم ۷۰ کپی بگیر، اسم کپی «وبینار ۲» باشه":          "duplicate_form #70 وبینار ۲",
		}},
		{"how a form is, said before the order on it", map[string]string{
			"فرم ۷۱ ترکونده، یه کپی ازش بگیر":         "duplicate_form #71",
			"فرم ۷۱ محشره، منتشرش کنید":               "publish_form #71",
			"فرم ۷۱ دیگه آماده‌ست، لایوش کن":          "publish_form #71",
			"فرم ۷۱ ردیفه، سوال اولش رو ریکوایرد کن":  "update_field #71 @0 required",
			"فرم ۷۱ تمومه، پاکش کن":                   "none",
			"فرم ۷۱ اوکیه، خاموشش کن":                 "none",
			"فرم ۷۱ باحاله، سوال دومش رو بنداز بیرون": "none",
		}},
		{"the kind of page a form is, and «راش بنداز»", map[string]string{
			"یه لید فرم «مشاوره رایگان» راش بنداز":        "create_form مشاوره رایگان",
			"یه سروی تازه بساز به اسم «NPS پاییز»":        "create_form NPS پاییز",
			"یه لندینگ فرم جدید بساز، اسمش «پیش‌ثبت‌نام»": "create_form پیش‌ثبت‌نام",
			"فرم ۷۲ رو راش بنداز":                         "none",
			"یه سوال «راش» به فرم ۷۲ اضافه کن":            "add_field #72 short_text راش",
		}},
	} {
		t.Run(family.name, func(t *testing.T) { checkReadings(t, p, family.cases) })
	}
}

// TestSlangUnclearActRefused: a slang verb whose act is unclear between
// destroying and not is refused with its own reason, naming the verb;
// denied, it leaves the order after it.
func TestSlangUnclearActRefused(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, verb := range map[string]string{
		"فرم ۸۰ رو جمعش کنید لطفا":              "جمعش کنید",
		"سوالای فرم ۸۰ رو جمع کن":               "جمع کن",
		"فرم ۸۰ رو بپرونش بره":                  "بپرونش",
		"سوال دوم فرم ۸۰ رو ریست کن":            "ریست کن",
		"بچه‌ها فرم ۸۰ رو بترکونید":             "بترکونید",
		"فرم ۸۰ رو اوکیش کن بزن بریم":           "اوکیش کن",
		"فرم ۸۰ رو فعلا کنسلش کنید":             "کنسلش کنید",
		"فرم ۸۰ رو پاز کن":                      "پاز کن",
		"فرم ۸۰ رو بسوزونش":                     "بسوزونش",
		"داداش یه حالی بهش بده، فرم ۸۰ رو میگم": "حالی … بده",
		"فرم ۸۰ رو از لیست بندازش بیرون":        "بندازش بیرون",
		"کلاً فرم ۸۰ رو بیرون بندازید":          "بیرون بندازید",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if !r.None || !strings.Contains(r.ReasonFA, "«"+verb+"»") || !strings.Contains(r.Reason, "does not say which act") {
				t.Errorf("got none=%v reason %q / %q, want the unclear act «%s» refused", r.None, r.Reason, r.ReasonFA, verb)
			}
		})
	}
	checkReadings(t, p, map[string]string{
		"فرم ۸۱ رو جمعش نکن، فقط سوال اولش رو آپشنال کن": "update_field #81 @0 optional",
		"فرم ۸۱ رو نپرون، لایوش کن":                      "publish_form #81",
		"یه سوال «جمع کل خرید» به فرم ۸۱ اضافه کن":       "add_field #81 short_text جمع کل خرید",
		"اوکی، فرم ۸۱ رو روشن کن":                        "publish_form #81",
	})
}
