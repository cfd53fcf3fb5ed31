package persian

import "testing"

// TestFormalRegisters reads the written formal registers — a
// professor's academic Persian, an office's letters, a court clerk's and
// a research institute's circulars — mechanism by mechanism, in wordings
// that formal-registers.jsonl does not hold. None of them may give a
// delete, a close or an unpublish the command did not order.
func TestFormalRegisters(t *testing.T) {
	p := New(Config{Contract: 2})
	t.Run("back-references", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"خواهشمند است عنوان فرم ۴۵ به «گزارش ماهانه» تغییر یابد و سپس فرم یادشده منتشر گردد":  "update_form_title #45 گزارش ماهانه; publish_form #45",
			"پرسش چهارم فرم ۱۸ به پرسش تاریخ تبدیل و پرسش یادشده الزامی گردد":                     "update_field #18 @3 date required",
			"پرسشی بلند با عنوان «توضیحات تکمیلی» به فرم ۲۲ افزوده و پرسش فوق الذکر اختیاری باشد": "add_field #22 long_text توضیحات تکمیلی",
			"پرسش دوم فرم ۱۴ حذف گردد و فرم مزبور منتشر شود":                                      "delete_field #14 @1; publish_form #14",
			// with nothing named before it, a back-reference names nothing.
			"فرم یادشده از حالت انتشار خارج گردد": "none",
			"پرسش مذکور حذف گردد":                 "none",
		})
	})
	t.Run("a letter's opening reasons and references", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"با عنایت به پایان مهلت ثبت‌نام، فرم ۲۶ مسدود گردد":                                                            "disable_form #26",
			"پیرو مکاتبات قبلی و با توجه به درخواست معاونت محترم آموزشی، خواهشمند است نسبت به انتشار فرم ۳۳ اقدام فرمایید": "publish_form #33",
			"نظر به اینکه فرم ۴۸ دیگر کاربردی ندارد، فرم مذکور غیرفعال گردد":                                               "disable_form #48",
			// «حذف» in the reasons deletes nothing.
			"در راستای حذف کاغذ از فرایندهای اداری، فرمی با عنوان «درخواست مرخصی» ایجاد گردد": "create_form درخواست مرخصی",
			"به استناد ماده ۱۲ آیین‌نامه داخلی، فرم ۵۰ از حالت انتشار خارج گردد":              "draft_form #50",
			// the reasons name the only form the order acts on: kept.
			"با توجه به اینکه فرم ۵۱ منتشر شده است، پرسش دوم آن اجباری گردد": "update_field #51 @1 required",
		})
	})
	t.Run("a pronoun after the reasons is the question they name", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"با توجه به اینکه پرسش دوم فرم ۱۲ تکراری است، آن را حذف کنید": "delete_field #12 @1",
			"چون سوال دوم فرم ۱۲ تکراریه، پاکش کن":                        "delete_field #12 @1",
			"چون فرم ۵ تکراریه، فرم ۶ رو پاک کن":                          "delete_form #6",
			"از اونجایی که فرم ۹ آماده نیست، پیش‌نویسش کنید":              "draft_form #9",
		})
	})
	t.Run("asides, cited clauses and dates, points", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"فرم ۳۸ — که در نامه پیشین به حذف آن اشاره شده بود — مجدداً منتشر گردد":                "publish_form #38",
			"مطابق بند ۴ دستورالعمل (ابلاغی مورخ ۱۴۰۲/۱۱/۰۳)، پرسش ایمیل به فرم ۶۶ افزوده گردد":    "add_field #66 email",
			"بند ۱) پرسش اول فرم ۹۰ اجباری گردد؛ بند ۲) فرم ۹۰ منتشر گردد":                         "update_field #90 @0 required; publish_form #90",
			"احتراماً، به استحضار می‌رساند طبق تبصره ۲ ماده ۵، فرم ۹۲ تا اطلاع ثانوی غیرفعال گردد": "disable_form #92",
		})
	})
	t.Run("impersonal frames are not «required»", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"ضروری است پرسشی از نوع عدد با عنوان «سن» به فرم ۱۹ افزوده گردد": "add_field #19 number سن",
			"کافی است فرم ۲۰ منتشر شود":                                      "publish_form #20",
			"لازم است پرسش سوم فرم ۲۱ اجباری گردد":                           "update_field #21 @2 required",
			"لطفاً لازم است پرسش «شغل» به فرم ۲۳ افزوده گردد":                "add_field #23 short_text شغل",
			// after its noun, «لازم است» is still the answer required.
			"پاسخ به پرسش دوم فرم ۲۱ لازم است": "update_field #21 @1 required",
		})
	})
	t.Run("formal negations", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"ضرورتی به حذف پرسش دوم فرم ۲۴ نمی‌باشد":                                      "none",
			"ضرورتی به حذف پرسش دوم فرم ۲۴ نمی باشد دیگه":                                 "none",
			"لزومی به انتشار فرم ۲۵ نیست؛ صرفاً عنوان آن به «پیش‌نویس طرح» تغییر یابد":    "update_form_title #25 پیش‌نویس طرح",
			"نیازی به افزودن پرسش جدید به فرم ۲۸ نیست":                                    "none",
			"انتشار فرم ۲۹ ضرورتی ندارد":                                                  "none",
			"حذف پرسش‌های فرم ۳۰ لزومی ندارد، تنها پرسش اول اختیاری گردد":                 "update_field #30 @0 optional",
			"از غیرفعال‌سازی فرم ۳۱ خودداری گردد":                                         "none",
			"فرم ۳۴ حذف‌شدنی نیست و تنها باید از حالت انتشار خارج شود":                    "draft_form #34",
			"با عنایت به اینکه پرسش‌های فرم ۳۵ نیازی به حذف ندارند، فرم مزبور منتشر گردد": "publish_form #35",
		})
	})
	t.Run("what is to be done without is not done", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"فرم ۵ بدون غیرفعال و حذف کردن منتشر گردد":            "publish_form #5",
			"فرم ۵ رو بدون حذف کردن منتشر کن":                     "publish_form #5",
			"فرم ۵ بدون حذف و تغییر پرسش‌ها منتشر گردد":           "publish_form #5",
			"بدون حذف کردن فرم ۵ رو ببند":                         "disable_form #5",
			"بدون حذف پرسش‌ها، فرم ۵ را از حالت انتشار خارج کنید": "draft_form #5",
		})
	})
	t.Run("a clause that describes is no order", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"مقتضی است پرسش دوم فرم ۱۵ که در نسخه پیشین حذف شده بود، به پرسش بلند تبدیل گردد":       "update_field #15 @1 long_text",
			"پرسش سوم فرم ۹ که قبلاً حذف شده بود، دوباره اجباری بشه":                                "update_field #9 @2 required",
			"لطفاً فرم ۲۰ را که پیش‌نویس است، منتشر فرمایید":                                        "publish_form #20",
			"خواهشمند است ضمن حفظ پرسش‌های موجود، پرسشی با عنوان «پیشنهادات» به فرم ۲۰ افزوده گردد": "add_field #20 short_text پیشنهادات",
			// a text ending on the past «گردید» reports; «مقرر گردید» orders.
			"ضمن سپاس، به اطلاع می‌رساند فرم ۲۰ منتشر گردید": "none",
			"به استحضار می‌رساند فرم ۲۱ حذف گردید":           "none",
			"مقرر گردید فرم ۲۰ منتشر گردد":                   "publish_form #20",
			"انتشار فرم ۱۵ مورد تأیید نمی‌باشد":              "none",
			"خواهشمند است نسبت به درج پرسشی از نوع تاریخ با عنوان «تاریخ استخدام» در فرم شماره ۱۵ اقدام لازم معمول گردد": "add_field #15 date تاریخ استخدام",
		})
	})
	t.Run("an act's noun with a negative predicate, an exception", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"پیشنهاد حذف پرسش سوم فرم ۱۵ از سوی شورا رد گردید":                            "none",
			"حذف پرسش دوم فرم ۱۵ موجه نیست":                                               "none",
			"حذف فرم ۱۵ به صلاح نمی‌باشد":                                                 "none",
			"حذف پرسش دوم فرم ۱۵ موجه نیست ولی اختیاری گردد":                              "update_field #15 @1 optional",
			"درخواست حذف فرم ۱۵ مورد موافقت قرار نگرفت؛ لذا فرم مزبور صرفاً غیرفعال گردد": "disable_form #15",
			// the exception is never what is deleted.
			"پرسش‌های فرم ۱۵ به استثنای پرسش نخست حذف گردد": "none",
			"همه سوالای فرم ۱۵ به جز سوال اول رو پاک کن":    "none",
			"غیر از فرم ۳ همه فرم‌ها حذف شوند":              "none",
		})
	})
	t.Run("formal questions without their mark", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"آیا فرم ۱۶ هم‌اکنون فعال می‌باشد":            "none",
			"آیا امکان حذف پرسش سوم فرم ۱۶ وجود دارد":     "none",
			"با سلام، آیا حذف فرم ۱۷ قابل بازگشت می‌باشد": "none",
		})
	})
	t.Run("formal ordinals", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"سومین پرسش فرم ۴۴ حذف گردد":                    "delete_field #44 @2",
			"چهارمین و پنجمین پرسش فرم ۴۴ الزامی گردند":     "update_field #44 @3 required; update_field #44 @4 required",
			"پرسش ششم فرم ۴۴ به دومین جایگاه منتقل گردد":    "move_field #44 @5 >1",
			"پرسش اول فرم ۴۴ به عنوان سومین پرسش قرار گیرد": "move_field #44 @0 >2",
			// the last question needs an index the command does not give.
			"واپسین پرسش فرم ۴۴ اجباری گردد": "none",
			"واپسین پرسش فرم ۴۴ حذف گردد":    "none",
		})
	})
	t.Run("Arabic-derived words of the register", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"فرم ۷۷ تا اطلاع ثانوی مفتوح باشد": "publish_form #77",
			"فرم ۷۸ مسدود و فرم ۷۹ مفتوح گردد": "disable_form #78; publish_form #79",
			"فرم ۸۸ از دسترس عموم خارج شود":    "draft_form #88",
			"خواهشمند است نسبت به طراحی پرسشنامه‌ای با عنوان «سنجش سلامت سازمانی» اقدام گردد": "create_form سنجش سلامت سازمانی",
		})
	})
	t.Run("an auxiliary left out before «و», two acts before one object", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"فرمی با عنوان «ارزیابی دوره» تهیه و پرسش امتیازی «کیفیت تدریس» به آن افزوده گردد": "create_form ارزیابی دوره; add_field rating کیفیت تدریس",
			"پرسش دوم فرم ۱۳ به پرسش بلند تبدیل و اجباری گردد":                                 "update_field #13 @1 long_text required",
			"عنوان فرم ۲۰ به «ارزیابی کیفی» و عنوان فرم ۲۱ به «ارزیابی کمی» تغییر یابد":        "update_form_title #20 ارزیابی کیفی; update_form_title #21 ارزیابی کمی",
			"عنوان فرم ۲۰ به «الف» و عنوان فرم ۲۱ به «ب» و عنوان فرم ۲۲ به «ج» اصلاح گردد":     "update_form_title #20 الف; update_form_title #21 ب; update_form_title #22 ج",
			"نسبت به ایجاد و انتشار فرمی با عنوان «ثبت‌نام همایش» اقدام گردد":                  "create_form ثبت‌نام همایش; publish_form",
		})
	})
	t.Run("plural labels and «نخست … سپس»", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"به فرم ۳۶ پرسش‌های بلند «سوابق کاری» و «انگیزه همکاری» افزوده گردد":              "add_field #36 long_text سوابق کاری; add_field #36 long_text انگیزه همکاری",
			"پرسش‌های کوتاه «نام»، «نام خانوادگی» و «شماره پرسنلی» به فرم ۳۷ اضافه شود":       "add_field #37 short_text نام; add_field #37 short_text نام خانوادگی; add_field #37 short_text شماره پرسنلی",
			"نخست عنوان فرم ۴۱ به «آزمون نهایی» تغییر یابد و سپس فرم مزبور منتشر گردد":        "update_form_title #41 آزمون نهایی; publish_form #41",
			"در ابتدا پرسش کوتاه «نام» به فرم ۴۲ افزوده و سپس فرم منتشر گردد":                 "add_field #42 short_text نام; publish_form #42",
			"خواهشمند است پیش از انتشار فرم ۴۳، پرسش نخست آن الزامی گردد و سپس فرم منتشر شود": "update_field #43 @0 required; publish_form #43",
		})
	})
}

// TestFormalTrigger: the formal reading waits for its words; a command
// holding none of them is returned as it was typed.
func TestFormalTrigger(t *testing.T) {
	for text, want := range map[string]bool{
		"فرم ۱۲ رو منتشر کن":              false,
		"یه سوال کوتاه به فرم ۳ اضافه کن": false,
		"فرم مزبور منتشر گردد":            true,
		"فرم ۵ مفتوح گردد":                true,
		"فرمی ایجاد و منتشر گردد":         true,
		"نیازی به حذف نیست":               true,
		"پرسش یاد شده حذف گردد":           true,
		"پرسش فوق الذکر اجباری گردد":      true,
	} {
		t.Run(text, func(t *testing.T) {
			if got := formalTrigger(text); got != want {
				t.Errorf("formalTrigger = %v, want %v", got, want)
			}
			if !want && formalRegister(text) != text {
				t.Errorf("changed a text it was not opened for: %q", formalRegister(text))
			}
		})
	}
}
