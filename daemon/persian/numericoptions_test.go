package persian

import "testing"

// Option lists whose items hold numbers, units and ranges. None is a
// line of testdata/planner/numeric-options.jsonl: each reading is said
// in other words, other voices and other sentence shapes.

// TestNumeralsInOptions: a clock time's colon and a thousands comma are
// the numeral's, not a label's colon or a list's comma.
func TestNumeralsInOptions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		// clock times
		"یه سوال کشویی «شیفت» به فرم ۹ اضافه کن با گزینه‌های ۷:۳۰ تا ۱۴:۳۰، ۱۴:۳۰ تا ۲۲:۰۰": "add_field #9 dropdown شیفت [۷:۳۰ تا ۱۴:۳۰|۱۴:۳۰ تا ۲۲:۰۰]",
		"add a dropdown «slot» to form 4 with options 09:00, 11:30, 15:45":                  "add_field #4 dropdown slot [09:00|11:30|15:45]",
		"گزینه‌های سوال اول فرم ۲۰ رو بکن ۱۰:۰۰ یا ۱۸:۰۰":                                   "update_field #20 @0 [۱۰:۰۰|۱۸:۰۰]",
		// thousands
		"به فرم ۱۵ یه سوال «مبلغ کمک» با گزینه‌های 100,000 تومان، 250,000 تومان، 1,000,000 تومان اضافه کن": "add_field #15 multiple_choice مبلغ کمک [100,000 تومان|250,000 تومان|1,000,000 تومان]",
		"سوال دوم فرم ۱۵ رو کشویی کن با گزینه‌های ۲۰,۰۰۰ / ۵۰,۰۰۰ / ۱۰۰,۰۰۰":                               "update_field #15 @1 dropdown [۲۰,۰۰۰|۵۰,۰۰۰|۱۰۰,۰۰۰]",
		// digits a comma parts that are no thousands stay a list
		"به فرم ۵ یه سوال «کلاس» با گزینه‌های 1,2,3 اضافه کن": "add_field #5 multiple_choice کلاس [1|2|3]",
		// a form named by its number keeps it beside such options
		"فرم ۱۱ رو منتشر کن و یه سوال «ساعت» با گزینه‌های ۸:۰۰ و ۹:۰۰ بهش اضافه کن": "publish_form #11; add_field #11 multiple_choice ساعت [۸:۰۰|۹:۰۰]",
	})
}

// TestOpenEndedOptions: «و بیشتر», «به بعد» say a numbered option goes
// on past its number; they are its words, not an option or an order.
func TestOpenEndedOptions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۸ یه سوال «تعداد فرزند» اضافه کن با گزینه‌های ۰، ۱، ۲ و بیشتر":               "add_field #8 multiple_choice تعداد فرزند [۰|۱|۲ و بیشتر]",
		"یه سوال کشویی «سابقه کار» بذار تو فرم ۸ با گزینه‌های کمتر از ۲ سال، ۵ سال یا بیشتر": "add_field #8 dropdown سابقه کار [کمتر از ۲ سال|۵ سال یا بیشتر]",
		"به فرم ۳ سوال «سال ورود» با گزینه‌های ۱۳۹۹ به قبل، ۱۴۰۰ به بعد اضافه شود":           "add_field #3 multiple_choice سال ورود [۱۳۹۹ به قبل|۱۴۰۰ به بعد]",
		"به فرم ۳ یه سوال «قد» بذار، گزینه‌ها: ۱۶۰ به پایین / ۱۶۰ تا ۱۸۰ / ۱۸۰ به بالا":      "add_field #3 multiple_choice قد [۱۶۰ به پایین|۱۶۰ تا ۱۸۰|۱۸۰ به بالا]",
		// without a number, «و» still parts the words
		"به فرم ۸ یه سوال «میوه» با گزینه‌های سیب و بیشتر اضافه کن": "add_field #8 multiple_choice میوه [سیب|بیشتر]",
		// «بعد» after an option that is no number is the next act
		"به فرم ۸ یه سوال «رنگ» با گزینه‌های سبز، آبی بذار بعد منتشرش کن": "add_field #8 multiple_choice رنگ [سبز|آبی]; publish_form #8",
	})
}

// TestDashesAndParenthesesInOptions: where commas part the options, a
// dash inside one joins its words (a service and its price); words in
// parentheses are kept as written.
func TestDashesAndParenthesesInOptions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۲۱ یه سوال چند جوابی «پکیج» اضافه کن با گزینه‌های برنزی - ۲ میلیون، نقره‌ای - ۴ میلیون، طلایی - ۷ میلیون": "add_field #21 checkboxes پکیج [برنزی - ۲ میلیون|نقره‌ای - ۴ میلیون|طلایی - ۷ میلیون]",
		// dashes alone still part the options
		"به فرم ۲۱ یه سوال کشویی «سایز» با گزینه‌های ۳۶ - ۳۸ - ۴۰ اضافه کن":                  "add_field #21 dropdown سایز [۳۶|۳۸|۴۰]",
		"به فرم ۲۲ یه سوال «بسته» با گزینه‌های پایه (۳ ماه)، ویژه (۱۲ ماه) اضافه کن":         "add_field #22 multiple_choice بسته [پایه (۳ ماه)|ویژه (۱۲ ماه)]",
		"گزینه‌های سوال سوم فرم ۲۲ رو عوض کن به کوچک (زیر ۵ نفر)، متوسط (۵ تا ۲۰ نفر)، بزرگ": "update_field #22 @2 [کوچک (زیر ۵ نفر)|متوسط (۵ تا ۲۰ نفر)|بزرگ]",
	})
}

// TestNumbersInOptionsAreNotPlaces: the numbers and ranges inside
// options are no form, no question's place, no count of questions.
func TestNumbersInOptionsAreNotPlaces(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال ۲ فرم ۴۰ رو حذف نکن، فقط گزینه‌هاش رو بکن ۳ تا ۵ نفر، ۶ تا ۱۰ نفر": "update_field #40 @1 [۳ تا ۵ نفر|۶ تا ۱۰ نفر]",
		"سوال‌های ۳ تا ۵ فرم ۴۰ که گزینه‌هاشون ۱ تا ۱۰ هست رو پاک نکن":           "none",
		"به فرم ۴۱ یه سوال «طبقه» با گزینه‌های ۱۲، ۱۳، ۱۴ اضافه کن":              "add_field #41 multiple_choice طبقه [۱۲|۱۳|۱۴]",
	})
}

// TestNumericOptionsOnLines: options of numbers said on lines of their
// own, with no mark between them, are a range or a bound with its
// number and unit each.
func TestNumericOptionsOnLines(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۳۳ یه سوال کشویی «ساعت کلاس» اضافه کن با گزینه‌های\n۹ تا ۱۱\n۱۴ تا ۱۶\n۱۸ تا ۲۰":     "add_field #33 dropdown ساعت کلاس [۹ تا ۱۱|۱۴ تا ۱۶|۱۸ تا ۲۰]",
		"فرم ۳۳ یه سوال «وزن» بخواد، گزینه‌ها:\nزیر ۶۰ کیلو\n۶۰ تا ۹۰ کیلو\nبالای ۹۰ کیلو\nاضافش کن": "add_field #33 multiple_choice وزن [زیر ۶۰ کیلو|۶۰ تا ۹۰ کیلو|بالای ۹۰ کیلو]",
		"گزینه‌های سوال دوم فرم ۳۴ اینا بشه:\n۱ نفر\n۲ تا ۵ نفر\nبیش از ۵ نفر":                       "update_field #34 @1 [۱ نفر|۲ تا ۵ نفر|بیش از ۵ نفر]",
		// one range alone is no list: it is neither read as twelve
		// options nor as two
		"گزینه‌های سوال ۳ فرم ۳۴ رو بکن ۱ تا ۱۲": "none",
	})
}

// TestFormNamedAsOption: «فرم N» among the options, parted from the
// others, is an option; a form named by a preposition or followed by
// its own order stays the form acted on.
func TestFormNamedAsOption(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم ۷ یه سوال کشویی «نوع اظهارنامه» با گزینه‌های فرم ۱، فرم ۲، فرم ۳ اضافه کن": "add_field #7 dropdown نوع اظهارنامه [فرم ۱|فرم ۲|فرم ۳]",
		"یه سوال «مدرک» با گزینه‌های فرم ۵ / فرم ۶ به فرم ۹ اضافه کن":                      "add_field #9 multiple_choice مدرک [فرم ۵|فرم ۶]",
		"یه سوال «رنگ» با گزینه‌های سبز، آبی، فرم ۸ رو هم منتشر کن":                        "add_field #8 multiple_choice رنگ [سبز|آبی]; publish_form #8",
		"یه سوال کشویی «رنگ» با گزینه‌های سبز، آبی به فرم‌های ۸ و ۹ اضافه کن":              "add_field #8 dropdown رنگ [سبز|آبی]; add_field #9 dropdown رنگ [سبز|آبی]",
	})
}
