package persian

import (
	"strings"
	"testing"
)

// TestDari reads Dari, the Persian of Afghanistan, by mechanism, in
// phrasings of other writers than dari.jsonl's: a word of the table
// is read exactly as the standard word it means, and a word read by
// its neighbours only beside them.
func TestDari(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, family := range []struct {
		name  string
		cases map[string]string
	}{
		{"the light verb «کو» after a word that takes one", map[string]string{
			"فورم ۷۰ ره منتشر کو":                         "publish_form #70",
			"یک سوال کوتاه «نام پدر» به فورم ۷۰ علاوه کو": "add_field #70 short_text نام پدر",
			"سوال دوم فورم ۷۰ ره اجباری کو":               "update_field #70 @1 required",
			"سوال چارمی فورم ۷۰ ره حذف کو":                "delete_field #70 @3",
			"یک فورم تیار کو به نام «سروی والدین»":        "create_form سروی والدین",
		}},
		{"«کو» as where: a question, never an act", map[string]string{
			"سوال سوم فورم ۷۱ کو؟":        "none",
			"فورم ۷۱ کو؟ پاکش کدین؟":      "none",
			"پاک کو؟ فورم ۷۱ ره؟":         "none",
			"کو فورم ۷۱؟ نشرش کدی یا نی؟": "none",
			"فورم ۷۱ کو که مه پاکش کنم":   "none",
		}},
		{"«کده/کدی/کدن»: the past and the infinitive report, never order", map[string]string{
			"سوال اول فورم ۷۲ ره کسی پاک کده":                  "none",
			"فورم ۷۲ ره مسوده کدی؟":                            "none",
			"حذف کدن فورم ۷۲ ضرور نیست، فقط نشرش کو":           "publish_form #72",
			"بسته کدن فورم ۷۲ لازم نیست، سوال اولش ره حتمی کو": "update_field #72 @0 required",
		}},
		{"Dari nouns made verbs: «نشر», «جور», «تیار», «بسته»", map[string]string{
			"فورم ۷۳ ره نشر کنین":                            "publish_form #73",
			"فورم ۷۳ ره بسته کو، دیگه جواب نمیخایم":          "disable_form #73",
			"فورم ۷۳ ره بسته نکو":                            "none",
			"قبل از نشر فورم ۷۳، سوال سیوم آن ره لازمی کنین": "update_field #73 @2 required; publish_form #73",
			"فورم ۷۳ ره از نشر بکشین":                        "draft_form #73",
		}},
		{"Dari nouns of formats and kinds", map[string]string{
			"به فورم ۷۴ یک سوال نمبر مبایل پدر علاوه کنین": "add_field #74 short_text mobile_ir نمبر مبایل پدر",
			"یک سوال «نمبر تذکره پدر» در فورم ۷۴ جور کو":   "add_field #74 short_text national_code نمبر تذکره پدر",
			"فارمت سوال دوم فورم ۷۴ ره مبایل کو":           "update_field #74 @1 mobile_ir",
			"یک سوال طویل «نظر شما» به فورم ۷۴ علاوه کنید": "add_field #74 long_text نظر شما",
			"فورم ۷۴ ره مسوده کنین":                        "draft_form #74",
			"از فورم ۷۴ یک کاپی جور کو به نام «سروی دوم»":  "duplicate_form #74 سروی دوم",
		}},
		{"counts, ordinals and «قد/کتی»", map[string]string{
			"چار دانه سوال کوتاه به فورم ۷۵ علاوه کو":                               "add_field #75 short_text; add_field #75 short_text; add_field #75 short_text; add_field #75 short_text",
			"یک دانه سوال ایمیل به فورم ۷۵ بان":                                     "add_field #75 email",
			"سوال سیوم فورم ۷۵ ره بیار بالا دوم شوه":                                "move_field #75 @2 >1",
			"سوال پنجم فورم ۷۵ ره ببر بالا سوال دوم شوه":                            "move_field #75 @4 >1",
			"سوال سیوم فورم ۷۵ ره بان اول":                                          "move_field #75 @2 >0",
			"یک سوال «رشته» کتی گزینه‌های طب، انجنیری، حقوق به فورم ۷۵ علاوه کو":    "add_field #75 multiple_choice رشته [طب|انجنیری|حقوق]",
			"یک سوال «قد» به فورم ۷۵ علاوه کو":                                      "add_field #75 short_text قد",
			"یک سوال کشویی «نقش» گزینه هایش دروازه بان و مدافع به فورم ۷۵ علاوه کو": "add_field #75 dropdown نقش [دروازه بان|مدافع]",
		}},
		{"«نی» and «نمیخایم» deny; the alternative after is the order", map[string]string{
			"نی، فورم ۷۶ ره نشر نکنین":                         "none",
			"فورم ۷۶ ره پاک کنم؟ نی":                           "none",
			"نمیخایم فورم ۷۶ نشر شوه":                          "none",
			"سوال دوم فورم ۷۶ ره نمیخایم پاک کنی، اختیاریش کو": "update_field #76 @1 optional",
			"فورم ۷۶ ره صبا نشر کنین":                          "none",
		}},
		{"Dari spelling and small words: «ـه‌یی», «پرسان», «دَ», «چارده», «کو» after a value set", map[string]string{
			"دَ فورم ۶۰ یک سوال چندگزینه‌یی «جنسیت» کتی گزینه‌های مرد و زن علاوه کو": "add_field #60 multiple_choice جنسیت [مرد|زن]",
			"یک پرسان کوتاه به فورم ۶۰ علاوه کو":                                     "add_field #60 short_text",
			"فورم چارده ره نشر کو":                                                   "publish_form #14",
			"نوع سوال سیوم فورم ۶۰ ره جواب طویل کو":                                  "update_field #60 @2 long_text",
			"نام فورم ۸۶ ره تغیر بتین به «سروی مشتریان»":                             "update_form_title #86 سروی مشتریان",
			"فورم ۸۷ ره نشر کو، نی نی ببخشین، فورم ۸۸ ره":                            "publish_form #88",
			"فورمه ۹۴ ره نشر کو":                                                     "publish_form #94",
			"فورمه‌ی ۹۴ را نشر نمایید":                                               "publish_form #94",
			"سوال اول فورم ۹۶ را اختیاری سازید":                                      "update_field #96 @0 optional",
			"سوال دوم فورم ۹۷ ره عددی کو":                                            "update_field #97 @1 number",
			"سوال دوم کو": "none",
		}},
		{"«بان» puts and lets; politeness reads as none of the order", map[string]string{
			"امید است صحت‌مند باشین، مهربانی نموده فورم ۲۴ را نشر نمایید": "publish_form #24",
			"نام فورم ۷۷ ره «ثبت نام صنف دهم» بانین، زنده باشین":          "update_form_title #77 ثبت نام صنف دهم",
			"مهربانی کده سوال دوم فورم ۷۷ ره بعد از سوال چارم بان":        "move_field #77 @1 >3",
			"بان که فورم ۷۷ نشر شوه، بسیار تشکر":                          "publish_form #77",
		}},
	} {
		t.Run(family.name, func(t *testing.T) { checkReadings(t, p, family.cases) })
	}
}

// TestDariDestroysNothingUnasked: the Dari words that sound like, stand
// near or deny a destructive act never make one the command did not
// ask for, and «فورم» is exact only where the command says Dari.
func TestDariDestroysNothingUnasked(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فورم ۷۸ ره پاک نکو، تنها سوال سیومش ره پاک کو": "delete_field #78 @2",
		"فورم ۷۸ کو؟": "none",
		"اینه پاک نکنین، فورم ۷۸ ره میگم":                                       "none",
		"فورم ۷۸ ره کی بسته کده؟":                                               "none",
		"سوال اول فورم ۷۸ پاک شده، دوباره یک سوال «ولایت» علاوه کو":             "add_field #78 short_text ولایت",
		"فورم ۷۸ ره ایلا کو":                                                    "none",
		"همی فورم ۷۸ ره پاک نکو":                                                "none",
		"کاپی فورم ۷۸ ره پاک نکو، اصلش ره نشر کو":                               "publish_form #78",
		"پاک کدن سوالا ضرور نیست فقط سوال دوم فورم ۷۸ ره حتمی کو":               "update_field #78 @1 required",
		"حذف سوال ها لازم نیست، سوال سوم فرم ۷۸ رو اختیاری کن":                  "update_field #78 @2 optional",
		"فورم ۷۸ ره پاک کو. نه، صبر کو":                                         "none",
		"یک سوال «آیا تذکره دارید؟» کتی گزینه‌های بلی و نی به فورم ۷۸ علاوه کو": "add_field #78 multiple_choice آیا تذکره دارید؟ [بلی|نی]",
		"یک سوال «آیا تذکره دارید؟» به فورم ۷۸ علاوه کو":                        "add_field #78 short_text آیا تذکره دارید؟",
		"دکمه پاک کو در فورم ۷۸":                                                "none",
		"گزینه حذف فورم ۷۸ کو":                                                  "none",
		"فورم ۷۸ کو پیدا نمیشه، پاکش کدی":                                       "none",
		"پاک کو":                       "none",
		"سوال دوم ره پاک کو":           "none",
		"فورم ره پاک کو، همو که دیروز": "none",
		"فورم ۷۸ ره پاک کو":            "delete_form #78",
		// no Dari word: «فورم» is a slip of a form named by sound.
		"فورم ۷۸ رو پاک کن": "none",
	})
	for w, std := range dariWords {
		for _, s := range std {
			for _, d := range []string{"پاک", "حذف", "بردار", "دیلیت", "غیرفعال", "پیش"} {
				if strings.HasPrefix(matchForm(s), d) && w != "مسوده" {
					t.Errorf("Dari %q reads as %q, a destructive act", w, s)
				}
			}
		}
	}
}
