package filltest

// TenQuestionForm is the form submissions are measured on: ten questions
// of the common types, with Persian labels and Iranian formats.
var TenQuestionForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "name", "type": "text", "label": "نام و نام خانوادگی", "required": true},
	map[string]any{"id": "mobile", "type": "text", "label": "شماره موبایل", "format": "mobile_ir", "required": true},
	map[string]any{"id": "code", "type": "text", "label": "کد ملی", "format": "national_code"},
	map[string]any{"id": "email", "type": "email", "label": "ایمیل"},
	map[string]any{"id": "age", "type": "number", "label": "سن", "min": 1, "max": 120},
	map[string]any{"id": "city", "type": "select", "label": "شهر", "options": []any{
		map[string]any{"value": "thr", "label": "تهران"}, map[string]any{"value": "isf", "label": "اصفهان"}, map[string]any{"value": "shz", "label": "شیراز"}}},
	map[string]any{"id": "topics", "type": "checkbox", "label": "موضوع‌های مورد علاقه", "options": []any{
		map[string]any{"value": "a", "label": "ورزش"}, map[string]any{"value": "b", "label": "کتاب"}, map[string]any{"value": "c", "label": "سفر"}}},
	map[string]any{"id": "day", "type": "date", "label": "تاریخ مراجعه", "calendar": "jalali"},
	map[string]any{"id": "score", "type": "rating", "label": "میزان رضایت", "scale": map[string]any{"min": 1, "max": 5}},
	map[string]any{"id": "note", "type": "textarea", "label": "توضیحات"},
}}

// TenAnswers is one respondent's answers to TenQuestionForm, typed the
// way phones send them (Persian digits, a +98 mobile, a Jalali date).
var TenAnswers = map[string]any{"name": "علی رضایی", "mobile": "+98 ۹۱۲ ۱۲۳ ۴۵۶۷", "code": "۰۰۱۳۵۴۲۴۱۹",
	"email": "ali@example.com", "age": "۳۴", "city": "isf", "topics": []string{"a", "c"}, "day": "۱۴۰۴/۰۹/۰۲",
	"score": 4, "note": "برخورد کارکنان خوب بود ولی زمان انتظار طولانی بود."}
