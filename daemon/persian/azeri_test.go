package persian

import (
	"strings"
	"testing"
)

// TestAzeri reads Persian as Azerbaijani speakers type it, by mechanism,
// in phrasings of other writers than azeri-habits.jsonl's: a word of the
// table is read exactly as the standard word it means, a case ending
// typed apart only after the word it ends, and a verb of the table that
// removes only after its object said exactly.
func TestAzeri(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, family := range []struct {
		name  string
		cases map[string]string
	}{
		{"the light verb «ائله» and «اولسون», «آدی», «یارات»", map[string]string{
			"فرم ۶۰ ی منتشر ائلیین، ساغ اولون":                         "publish_form #60",
			"یئنی بیر فرم یارات، آدی «کلاس قرآن مراغه» اولسون":         "create_form کلاس قرآن مراغه",
			"فرم ۶۱ ده سوال اوچونجونو اختیاری ائله":                    "update_field #61 @2 optional",
			"فرم ۶۱ ین آدینی «نمایشگاه کتاب خوی» قویون، ساغ اولون":     "update_form_title #61 نمایشگاه کتاب خوی",
			"فرم ۶۲ نی پیش‌نویس ائله":                                  "draft_form #62",
			"sabah فرم ۶۲ نی منتشر ائله":                               "none",
			"yeni form yarat adı «Xoy kitab sərgisi» sonra منتشر ائله": "create_form Xoy kitab sərgisi; publish_form",
		}},
		{"Turkish numbers and ordinals, before their noun", map[string]string{
			"فرم ۶۳ ده اوچ سوال کوتاه اضافه ائله":             "add_field #63 short_text; add_field #63 short_text; add_field #63 short_text",
			"فرم ۶۳ ده دؤردونجو سوالی اجباری ائله":            "update_field #63 @3 required",
			"فرم ۶۳ ون بیرینجی سوالینی ایکینجی یئره آپار":     "none",
			"فرم 63 da ikinci سوالو اجباری ائله":              "update_field #63 @1 required",
			"فرم ۶۴ ده سوال بیر دانا ایمیل «ایمیل مشتری» قوی": "add_field #64 email ایمیل مشتری",
			"فرم ۶۴ ه ایکی دانا سوال بلند اضافه ائله":         "add_field #64 long_text; add_field #64 long_text",
			"فرم ۶۴ سوال üçüncü رو ببر birinci yer":           "move_field #64 @2 >0",
		}},
		{"the count said after its question", map[string]string{
			"سوال بلند دو تا به فرم ۶۷ اضافه کنید": "add_field #67 long_text; add_field #67 long_text",
			"فرم ۶۷ سوال کوتاه چهار تا اضافه کن":   "add_field #67 short_text; add_field #67 short_text; add_field #67 short_text; add_field #67 short_text",
			"سوال ۳ تا ۵ فرم ۶۷ رو اجباری کن":      "update_field #67 @2 required; update_field #67 @3 required; update_field #67 @4 required",
			"سوال دوم فرم ۶۷ سه تا گزینه داره":     "none",
		}},
		{"a case ending typed apart: in, to, of, the object", map[string]string{
			"فرم ۶۵ ده بیر سوال «شهر» اضافه ائله": "add_field #65 short_text شهر",
			"فرم ۶۵ ه بیر سوال تاریخ قوی":         "add_field #65 date",
			"فرم ۶۵ ین ایکینجی سوالی سیل":         "delete_field #65 @1",
			"فرم ۶۵ نی تز منتشر ائله":             "publish_form #65",
			"فرم ۶۵ ده ده تا سوال کوتاه اضافه کن": "none",
			"فرم ده ده بیر سوال کوتاه اضافه ائله": "add_field #10 short_text",
		}},
		{"a label before its question, options said «گزینه لری»", map[string]string{
			"فرم ۶۶ ده «رشته» سوالی قوی، گزینه‌لری تجربی، ریاضی":                      "add_field #66 multiple_choice رشته [تجربی|ریاضی]",
			"فرم ۶۶ ده شهر سوالی قوی، ساغ اول":                                        "add_field #66 short_text شهر",
			"فرم ۶۶ ده شماره موبایل سوالی اضافه ائله":                                 "add_field #66 short_text mobile_ir شماره موبایل",
			"فرم ۶۶ ده بیر سوال چندگزینه‌ای «بیمه» قوی گزینه لری تامین اجتماعی، آزاد": "add_field #66 multiple_choice بیمه [تامین اجتماعی|آزاد]",
		}},
		{"«یوخ», «هه», «ساغ اول», «حئیف»: no, yes, thanks, a pity", map[string]string{
			"یوخ، فرم ۶۷ نی منتشر ائلمه":               "none",
			"یوخ یوخ، فرم ۶۷ یوخ، فرم ۶۸ ی منتشر ائله": "publish_form #68",
			"هه، فرم ۶۷ نی باغلا":                      "disable_form #67",
			"ساغ اول قارداش، فرم ۶۷ نی منتشر ائله":     "publish_form #67",
			"حئیف، فرم ۶۸ ین سوالاری آز اولدو":         "none",
			"فرم ۶۸ منتشر اولوب؟":                      "none",
			"فرم ۶۸ ده نئچه سوال وار؟":                 "none",
		}},
		{"close, open, hide, copy: the Turkish verbs after their object", map[string]string{
			"bu formu bağla: فرم ۶۹":                          "none",
			"فرم ۶۹ و bağla":                                  "disable_form #69",
			"فرم ۶۹ نی قاپات، ظرفیت دولدو":                    "disable_form #69",
			"فرم ۶۹ نی گیزلت":                                 "draft_form #69",
			"فرم ۶۹ نی یئنیدن آچ":                             "publish_form #69",
			"فرم ۶۹ نی kopyala آدی «شعبه مرند» اولسون":        "duplicate_form #69 شعبه مرند",
			"فرم ۶۹ نی باغلاما، سوال ایکینجی نی اختیاری ائله": "update_field #69 @1 optional",
		}},
	} {
		t.Run(family.name, func(t *testing.T) { checkReadings(t, p, family.cases) })
	}
}

// TestAzeriDestroysNothingUnasked: «سیل», «sil» delete only after their
// object said exactly; «سیل» the flood, «سیلمه» the denial, «سیلینیب»
// the report and «حئیف» the pity destroy nothing.
func TestAzeriDestroysNothingUnasked(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۷۰ نی سیل":                 "delete_form #70",
		"فرم ۷۰ ده سوال ایکینجی نی sil": "delete_field #70 @1",
		"فرم ۷۰ سیل":                    "none",
		"سیل":                           "none",
		"sil فرم ۷۰":                    "none",
		"سیل گلدی، فرم ۷۰ ی منتشر ائله":            "publish_form #70",
		"بیر فرم یارات آدی «کمک به سیل‌زدگان خوی»": "create_form کمک به سیل‌زدگان خوی",
		"فرم ۷۰ ده بیر سوال خسارت سیل اضافه ائله":  "add_field #70 short_text خسارت سیل",
		"فرم ۷۰ نی سیلمه":                          "none",
		"silmə, فرم ۷۰ نی باغلا":                   "disable_form #70",
		"فرم ۷۰ ین ایکینجی سوالی سیلینیب؟":         "none",
		"حئیف فرم ۷۰":                              "none",
		"فرم ۷۱ ی باغلاما":                         "none",
		"باغلا":                                    "none",
		"bütün formları sil":                       "none",
		"بوتون فرملاری سیل":                        "none",
		"فرم ۷۱ نی کوپی ائله آدی «نسخه دوم» اولسون، اصلینی سیلمه": "duplicate_form #71 نسخه دوم",
	})
	for w, std := range azeriWords {
		for _, s := range std {
			for _, d := range []string{"پاک", "حذف", "بردار", "دیلیت"} {
				if strings.HasPrefix(matchForm(s), d) {
					t.Errorf("azeri %q reads as %q, a verb that removes, outside its context", w, s)
				}
			}
		}
	}
}
