package persian

import "testing"

// TestActSaidAsANounDenied: an act named as a noun or an infinitive
// («حذف فرم ۱۴», «پاک کردن سوال دوم») and then said not to be meant,
// needed, wise or allowed is denied, whatever the words of the
// predicate; an order in the clause, or a relative clause, keeps its
// reading.
func TestActSaidAsANounDenied(t *testing.T) {
	p := New(Config{Contract: 2})
	t.Run("denied", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"حذف فرم ۱۴ مد نظر نیست":                         "none",
			"حذف فرم ۱۴ فعلاً در دستور کار نیست":             "none",
			"پاک کردن سوال دوم فرم ۱۴ لازم نیست":             "none",
			"بستن فرم ۹ صلاح نمی‌باشد":                       "none",
			"غیرفعال کردن فرم ۳۱ به هیچ عنوان مجاز نیست":     "none",
			"پیش‌نویس کردن فرم ۸ قرار نبوده":                 "none",
			"افزودن پرسش به فرم ۱۴ مد نظر نیست":              "none",
			"حذف سوال سوم فرم ۲۰ منظور نیست دیگه":            "none",
			"حذف کردن فرم ۵ اصلا ضروری نیست.":                "none",
			"خواهشمند است توجه شود حذف فرم ۴۰ موضوعیت ندارد": "none",
		})
	})
	t.Run("ordered", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"فرم ۱۴ دیگه لازم نیست، حذفش کن":                     "delete_form #14",
			"سوال دوم فرم ۱۴ رو پاک کن چون لازم نیست":            "delete_field #14 @1",
			"حذف فرم ۱۴ مد نظر است":                              "delete_form #14",
			"یه سوال به فرم ۱۴ اضافه کن که جواب دادنش لازم نیست": "add_field #14 short_text",
		})
	})
}
