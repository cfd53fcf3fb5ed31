package persian

import (
	"encoding/json"
	"testing"
)

// readSteps is the steps of the plan read from text as JSON, or "" when
// there is none, with the reason.
func readSteps(t *testing.T, p *Planner, text string) (string, string) {
	t.Helper()
	r := p.Plan(text)
	if r.Plan == nil {
		return "", r.Reason
	}
	b, err := json.Marshal(r.Plan.Steps)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), r.Reason
}

// TestOptionsNumberedInParentheses: options written as a list numbered or
// lettered in parentheses — «(۱) اول (۲) دوم», «(a) … (b) …», «(الف) …
// (ب) …» — are one list, the marks parting its items as commas do; a
// number in parentheses that numbers nothing stays what it was.
func TestOptionsNumberedInParentheses(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"persian numbers after a colon", "فرم ۴۰: یه سوال کشویی «شیفت» اضافه کن، گزینه‌ها: (۱) صبح (۲) عصر (۳) شب",
			`[{"action":"add_field","params":{"id":40,"type":"dropdown","question":"شیفت","options":["صبح","عصر","شب"]}}]`},
		{"latin letters after the wording", "add a multiple choice question \"Size\" to form 12 (a) Small (b) Medium (c) Large",
			`[{"action":"add_field","params":{"id":12,"type":"multiple_choice","question":"Size","options":["Small","Medium","Large"]}}]`},
		{"persian letters after the option noun", "یه سوال چندگزینه‌ای «رنگ» به فرم ۴ اضافه کن با گزینه‌های (الف) قرمز (ب) سبز (ج) آبی",
			`[{"action":"add_field","params":{"id":4,"type":"multiple_choice","question":"رنگ","options":["قرمز","سبز","آبی"]}}]`},
		{"latin digits, several words an item", "به فرم ۷ سوال چندانتخابی «غذا» اضافه کنید با گزینه‌های (1) کباب کوبیده (2) جوجه کباب",
			`[{"action":"add_field","params":{"id":7,"type":"checkboxes","question":"غذا","options":["کباب کوبیده","جوجه کباب"]}}]`},
		{"numbered orders stay orders", "فرم ۹ رو (۱) منتشر کن (۲) کپی کن",
			`[{"action":"publish_form","params":{"id":9}},{"action":"duplicate_form","params":{"id":9}}]`},
		{"one number in parentheses is no list", "سوال ۳ (یا ۴) فرم ۸ رو اجباری کن",
			`[{"action":"update_field","params":{"id":8,"required":true,"index":2}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestOptionsReplacedAfterTheirVerb: the new options of a question follow
// the verb of changing however it is said — a second verb after a comma
// and its colon («عوض کن، بذار: …», «تغییر دهید، بگذارید: …»), the
// first person of a note to oneself («عوض کنم ← …»), an arrow for the
// colon, what they become said after it («… عوض کن بشه صبح و عصر», the
// times options, not a time to act) — and «the options there now» («گزینه‌های قبلی/پیشین») names the
// options replaced, not one of the new ones. Taking them away with
// nothing in their place stays refused.
func TestOptionsReplacedAfterTheirVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"second verb after a comma, then a colon", "گزینه‌های سوال ۴ فرم ۸ رو عوض کنید، بنویسید: کم، متوسط، زیاد",
			`[{"action":"update_field","params":{"id":8,"index":3,"options":["کم","متوسط","زیاد"]}}]`},
		{"formal change and put", "گزینه‌های پرسش دوم فرم ۹ را تغییر دهید، بگذارید: نقد، اقساط",
			`[{"action":"update_field","params":{"id":9,"index":1,"options":["نقد","اقساط"]}}]`},
		{"first person note with an arrow", "سوال ۵ فرم ۱۲: گزینه‌هاش رو عوض کنم → «حضوری» / «تلفنی»",
			`[{"action":"update_field","params":{"id":12,"index":4,"options":["حضوری","تلفنی"]}}]`},
		{"first person note, put after a comma", "سوال ۵ فرم ۱۲: گزینه‌هاش رو عوض کنم، بذارم: حضوری / تلفنی",
			`[{"action":"update_field","params":{"id":12,"index":4,"options":["حضوری","تلفنی"]}}]`},
		{"dialect put after a comma", "گزینه‌های سوال سوم فرم ۱۴ رو عوض کن، بذا: نخی یا پشمی",
			`[{"action":"update_field","params":{"id":14,"index":2,"options":["نخی","پشمی"]}}]`},
		{"dictated, the change and what they become", "سوال چهار فرم سی و یک گزینه هاش رو عوض کن بشه حضوری و تلفنی",
			`[{"action":"update_field","params":{"id":31,"index":3,"options":["حضوری","تلفنی"]}}]`},
		{"times as the new options are no time to act", "سوال دو فرم ۱۸ گزینه هاش رو تغییر بده بشه صبح و ظهر و شب",
			`[{"action":"update_field","params":{"id":18,"index":1,"options":["صبح","ظهر","شب"]}}]`},
		{"the previous options replaced", "گزینه‌های قبلی سوال ۲ فرم ۸ رو بکن صبح، عصر",
			`[{"action":"update_field","params":{"id":8,"index":1,"options":["صبح","عصر"]}}]`},
		{"the old options cancelled and turned into others", "گزینه‌های فعلی پرسش چهارم فرم ۴۰ به «نقدی» و «چکی» تبدیل گردد.",
			`[{"action":"update_field","params":{"id":40,"index":3,"options":["نقدی","چکی"]}}]`},
		{"the present options only taken away stays refused", "گزینه‌های فعلی سوال ۴ فرم ۶ رو پاک کن", ``},
		{"a comma before another order gives no options", "گزینه‌های سوال ۲ فرم ۸ رو عوض کن، سوال ۳ رو اجباری کن",
			`[{"action":"update_field","params":{"id":8,"required":true,"index":2}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestDialectPutWithoutItsR: the spoken «بذا», «بزا» (the «ر» of «بذار»
// dropped, as Isfahani and other colloquial speech says it) is «بذار»
// wherever that is read — putting a question, naming, moving — and is
// never part of a wording.
func TestDialectPutWithoutItsR(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"quoted wording", "تو فرم ۵ یه سوال کوتاه «نام» بذا",
			`[{"action":"add_field","params":{"id":5,"type":"short_text","question":"نام"}}]`},
		{"unquoted wording before the verb", "فرم ۱۱ یه سوال عددی سن مشتری بزا",
			`[{"action":"add_field","params":{"id":11,"type":"number","question":"سن مشتری"}}]`},
		{"wording after its label", "فرم ۹ یه سوال متن بلند بذا، متنش: آدرس کامل رو بنویسید",
			`[{"action":"add_field","params":{"id":9,"type":"long_text","question":"آدرس کامل رو بنویسید"}}]`},
		{"renaming a form", "اسم فرم ۴۴ رو بزا «دوخت سفارشی»",
			`[{"action":"update_form_title","params":{"id":44,"title":"دوخت سفارشی"}}]`},
		{"moving a question", "سوال سوم فرم ۴ رو بذا اول",
			`[{"action":"move_field","params":{"id":4,"index":2,"to":0}}]`},
		{"after a new form", "یه فرم تازه بساز اسمش سفارش پیراهن، بعد یه سوال کوتاه یقه بذا",
			`[{"action":"create_form","params":{"title":"سفارش پیراهن"}},{"action":"add_field","params":{"type":"short_text","question":"یقه"}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestWordingNamedByWhatFollows: «با این عنوان: …», «به این عبارت: «…»»,
// «with this title: …» name the wording as what follows, as «با عنوان»
// does, and the commas that set a wording off between the question and
// its verb in formal writing («پرسشی کوتاه، با عنوان «…»، درج فرمایید»)
// part no two orders.
func TestWordingNamedByWhatFollows(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"this title and a colon", "فرم ۲۰، یه سوال کوتاه با این عنوان: شماره پرونده",
			`[{"action":"add_field","params":{"id":20,"type":"short_text","question":"شماره پرونده"}}]`},
		{"this text, quoted", "یه سوال کوتاه با همین متن «نام پدر» به فرم ۷ اضافه کن",
			`[{"action":"add_field","params":{"id":7,"type":"short_text","question":"نام پدر"}}]`},
		{"english this title", "add a short text question to form 4 with this title: Company name",
			`[{"action":"add_field","params":{"id":4,"type":"short_text","question":"Company name"}}]`},
		{"formal wording set off by commas", "به فرم ۴۰ پرسشی تشریحی، با متن «سوابق کاری»، بیفزایید.",
			`[{"action":"add_field","params":{"id":40,"type":"long_text","question":"سوابق کاری"}}]`},
		{"kind joined to its answer, then this phrase", "در فرم ۶۰ پرسشی کوتاه‌پاسخ، به این عبارت: «نام شعبه»، درج فرمایید.",
			`[{"action":"add_field","params":{"id":60,"type":"short_text","question":"نام شعبه"}}]`},
		{"colloquial wording set off by commas", "یه سوال کوتاه، با اسم «رنگ مو»، به فرم ۸ اضافه کن",
			`[{"action":"add_field","params":{"id":8,"type":"short_text","question":"رنگ مو"}}]`},
		{"a comma before another order stays", "یه سوال کوتاه «سن» به فرم ۸ اضافه کن، با این عنوان هم فرم ۹ رو منتشر کن",
			`[{"action":"add_field","params":{"id":8,"type":"short_text","question":"سن"}},{"action":"publish_form","params":{"id":9}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestItsNameRunsOverAnd: a wording said unquoted after «عنوانش»,
// «اسمش», «متنش», with no punctuation (dictated), runs over «و» as it
// does after «با عنوان»: «و» with no order after it joins two words of
// the name; «و» before an order still parts the orders.
func TestItsNameRunsOverAnd(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"its title, two nouns", "در فرم ۵۵ یک سوال متن بلند اضافه کن عنوانش سوابق و داروها",
			`[{"action":"add_field","params":{"id":55,"type":"long_text","question":"سوابق و داروها"}}]`},
		{"its name, a name and a surname", "به فرم ۱۲ یه سوال کوتاه بزار اسمش نام و نام خانوادگی",
			`[{"action":"add_field","params":{"id":12,"type":"short_text","question":"نام و نام خانوادگی"}}]`},
		{"its text, formal", "در فرم ۷ یک پرسش تشریحی اضافه کنید متنش داروهای مصرفی و حساسیت‌ها",
			`[{"action":"add_field","params":{"id":7,"type":"long_text","question":"داروهای مصرفی و حساسیت‌ها"}}]`},
		{"an order after and stays an order", "در فرم ۵۵ یک سوال متن بلند اضافه کن عنوانش علت مراجعه و منتشرش کن",
			`[{"action":"add_field","params":{"id":55,"type":"long_text","question":"علت مراجعه"}},{"action":"publish_form","params":{"id":55}}]`},
		{"a new question after and stays a question", "یه فرم بساز اسمش مهمانی و یه سوال کوتاه نام بذار",
			`[{"action":"create_form","params":{"title":"مهمانی"}},{"action":"add_field","params":{"type":"short_text","question":"نام"}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestPleaAfterTheLastOption: a plea said after the last option —
// «بیزحمت», «خواهشا», «لطفن», as well as «لطفا» — is said to the
// listener and is no option, and the options before it still part at the
// last «و» («…، مشکی و قهوه‌ای سوخته»).
func TestPleaAfterTheLastOption(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"dialect plea before the verb", "تو فرم ۶ یه سوال کشویی «جنس» بذار با گزینه‌های نخی، پشمی و ابریشم خام، بیزحمت اضافه‌اش کن",
			`[{"action":"add_field","params":{"id":6,"type":"dropdown","question":"جنس","options":["نخی","پشمی","ابریشم خام"]}}]`},
		{"plea at the end", "به فرم ۸ یه سوال کشویی «سایز» بذار با گزینه‌های کوچک، متوسط، بزرگ، خواهشا",
			`[{"action":"add_field","params":{"id":8,"type":"dropdown","question":"سایز","options":["کوچک","متوسط","بزرگ"]}}]`},
		{"plea typed as spoken", "یه سوال چندگزینه‌ای «روز» به فرم ۹ اضافه کن، گزینه‌ها: شنبه، یکشنبه، دوشنبه، لطفن",
			`[{"action":"add_field","params":{"id":9,"type":"multiple_choice","question":"روز","options":["شنبه","یکشنبه","دوشنبه"]}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestOneAndFirstPersonPut: «یدونه» («یه دونه», one piece) counts one as
// «یه» does, and the teacher's first person «بذارم» puts a question as
// «بذار» does.
func TestOneAndFirstPersonPut(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"one piece, unquoted wording", "تو فرم ۱۸ یدونه سوال بذار شماره پلاک خونه",
			`[{"action":"add_field","params":{"id":18,"type":"short_text","question":"شماره پلاک خونه"}}]`},
		{"one piece of a form", "یدونه فرم بساز اسمش سفارش کیف",
			`[{"action":"create_form","params":{"title":"سفارش کیف"}}]`},
		{"a note's first person", "به فرم ۳۰۵ یه سؤال کوتاه «نام پدر» بذارم",
			`[{"action":"add_field","params":{"id":305,"type":"short_text","question":"نام پدر"}}]`},
		{"a numbered note's second item", "فرم ۳۰۶: ۱) یه سؤال «کلاس» اضافه کنم ۲) یه سؤال «معلم» هم بذارم",
			`[{"action":"add_field","params":{"id":306,"type":"short_text","question":"کلاس"}},{"action":"add_field","params":{"id":306,"type":"short_text","question":"معلم"}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestHelpTextForAQuestionRefused: a help text or note asked for a
// question that is there already — «زیرش یه توضیح بنویسم», «برای سوال
// دوم یه راهنما بذار», «توضیحات اضافه کنید» — is refused, as no plan can
// set it; it had changed the question's type to long text. A new
// question of that kind, or named «توضیح», is read as ever.
func TestHelpTextForAQuestionRefused(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"a note under the question", "سؤال دوم فرم ۴۰: زیرش یه توضیح کوتاه بنویسم (فقط با حروف فارسی)", ``},
		{"a help for the question", "برای سوال ۳ فرم ۸ یه راهنما بذار که شماره رو با صفر بنویسن", ``},
		{"formal description added", "به پرسش پنجم فرم ۱۲۰ توضیحات اضافه کنید: به ریال وارد شود", ``},
		{"a new question of that kind is added", "به فرم ۴ یه سوال توضیح اضافه کن «سوابق»",
			`[{"action":"add_field","params":{"id":4,"type":"long_text","question":"سوابق"}}]`},
		{"a new question named note is added", "فرم ۴ یه سوال کوتاه بذار «توضیح»",
			`[{"action":"add_field","params":{"id":4,"type":"short_text","question":"توضیح"}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
			if c.want == "" && why == "" {
				t.Errorf("%s: refused with no reason", c.text)
			}
		})
	}
}

// TestOptionsTakenAwayAndPutThisWay: the options taken away and others
// put «this way» — «… پاک کن و اینجوری بذار: …», «… حذف و به این صورت
// درج شود: …» — is the list replaced, as «به جاش بذار» is; taken away
// with nothing put stays refused, and nothing is deleted.
func TestOptionsTakenAwayAndPutThisWay(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"colloquial, this way", "گزینه‌های سوال ۲ فرم ۲۱۵ رو پاک کن و اینجوری بذار: Instagram, LinkedIn, Telegram",
			`[{"action":"update_field","params":{"id":215,"index":1,"options":["Instagram","LinkedIn","Telegram"]}}]`},
		{"no and, written", "گزینه‌های سوال چهارم فرم ۱۲ رو پاک کن اینطوری بنویس: کم، زیاد",
			`[{"action":"update_field","params":{"id":12,"index":3,"options":["کم","زیاد"]}}]`},
		{"formal, in this form", "گزینه‌های پرسش دوم فرم ۹ حذف و به این صورت درج شود: نقد، اقساط",
			`[{"action":"update_field","params":{"id":9,"index":1,"options":["نقد","اقساط"]}}]`},
		{"only taken away stays refused", "گزینه‌های سوال ۲ فرم ۲۱۵ رو پاک کن", ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestLabelRightAfterTheVerb: «عنوان:», «متن:», «title:» said right after
// the verb that adds a question open its wording, as they do after a
// comma; an edit's verb likewise.
func TestLabelRightAfterTheVerb(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"title after the add verb", "فرم ۲۲۰ یه سوال کوتاه اضافه کن عنوان: اسم شرکت",
			`[{"action":"add_field","params":{"id":220,"type":"short_text","question":"اسم شرکت"}}]`},
		{"text after the put verb", "به فرم ۱۶ یه سوال بلند بذار متن: سابقه کاری خود را بنویسید",
			`[{"action":"add_field","params":{"id":16,"type":"long_text","question":"سابقه کاری خود را بنویسید"}}]`},
		{"title after a rename verb", "سوال ۲ فرم ۵ رو عوض کن عنوان: سن",
			`[{"action":"update_field","params":{"id":5,"question":"سن","index":1}}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}

// TestBareQuestionPut: «سوال «…» بذار» with no article, the wording
// quoted right after the noun and the verb of putting closing the
// sentence, puts a new question in the form named; with «رو» or a place
// after the verb it names one there already, and with no form named it
// adds nothing.
func TestBareQuestionPut(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, c := range []struct{ name, text, want string }{
		{"into the form named", "تو فرم ۸ سوال «شغل پدر» بذار",
			`[{"action":"add_field","params":{"id":8,"type":"short_text","question":"شغل پدر"}}]`},
		{"a note's second item", "برای فرم ۴۱: ۱) سؤال «نام» اضافه کنم ۲) سؤال «نام خانوادگی» هم بذارم",
			`[{"action":"add_field","params":{"id":41,"type":"short_text","question":"نام"}},{"action":"add_field","params":{"id":41,"type":"short_text","question":"نام خانوادگی"}}]`},
		{"formal", "در فرم ۵۰ پرسش «محل صدور» بگذارید",
			`[{"action":"add_field","params":{"id":50,"type":"short_text","question":"محل صدور"}}]`},
		{"with the object marker it is no new question", "سوال «شغل» فرم ۸ رو بذار اول", ``},
		{"no form named adds nothing", "سوال «شغل» بذار", ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, why := readSteps(t, p, c.text)
			if got != c.want {
				t.Errorf("%s\n got %s (%s)\nwant %s", c.text, got, why, c.want)
			}
		})
	}
}
