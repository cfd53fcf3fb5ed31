package persian

import (
	"strings"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// The lexicon: every word list the planner reads commands with, in
// comparison form (see matchForm: Persian letters, Latin digits, lower
// case, no ZWNJ). A phrase of several words («روی سایت») also matches
// typed as one word or with its ZWNJ typed as a space (see clause.at).
// The irregular ordinals («اول», «نخست», «third») are in ordinal, a
// switch that spares every word a map lookup.
var (
	// formNouns name a form, alone or in the plural, with the object
	// marker typed on («فرمرو», «فرمو»).
	formNouns = []string{"فرم", "فرمها", "فرمهای", "فرمی", "فرمرو", "form", "forms", "فرمو"}
	// questionNouns name a question (or a field). «گزینه» is listed as
	// false: an option is not a question.
	questionNouns = map[string]bool{"سوال": true, "سوالات": true, "سوالها": true, "سوالهای": true, "سوالی": true, "پرسشی": true, "فیلدی": true, "سؤال": true, "سؤالات": true, "سئوال": true, "سیوال": true, "پرسش": true, "پرسشها": true, "پرسشهای": true, "فیلد": true, "فیلدها": true, "فیلدهای": true, "آیتم": true, "کوئسشن": true, "کوئسچن": true, "کوشچن": true, "question": true, "questions": true, "q": true, "field": true, "fields": true, "گزینه": false}
	// createVerbs make a form, or questions where no form is made.
	createVerbs = []string{"بساز", "بسازید", "بسازین", "بسازی", "بسازم", "بسازیم", "بسازش", "ساختن", "بسازه", "بسازد", "ایجاد", "درست", "تعریف", "راهاندازی", "راه بنداز", "create", "make", "build", "new"}
	// addVerbs add questions to a form.
	addVerbs = []string{"اضافه", "بیفزا", "بیافزا", "بیفزایید", "بیافزایید", "افزودن", "بیفزای", "درج", "افزوده", "بگنجانید", "بگنجان", "بگنجانی", "گنجانده", "add", "insert", "append", "اد",
		// Dari adds with «علاوه» and a light verb («… به فورم ۲۱ علاوه
		// کن»); «علاوه بر» alone is «besides».
		"علاوه کن", "علاوه کنید", "علاوه کنین", "علاوه بکن", "علاوه بکنید", "علاوه شود", "علاوه شه", "علاوه بشه", "علاوه گردد", "علاوه نما", "علاوه نمایید",
		// the clerk's register annexes: «… به فرم ۶۵ الحاق گردد», «ملحق شود».
		"الحاق", "ملحق"}
	// placeVerbs put something somewhere: a question into a form, a
	// title onto it, a question at a place.
	placeVerbs = []string{"بذار", "بگذار", "بذارید", "بگذارید", "بزار", "بزارید", "بذارین", "بزارین", "بگذارین", "بذاری", "بگذاری", "بزاری", "بذارم", "بزارم", "بگذارم", "قرار", "بنویس", "بزن", "بزنید", "بزنین", "put"}
	// negativeVerbs deny what the clause asks: «نکن», «نباید», «don't».
	negativeVerbs = map[string]bool{"نساز": true, "نسازید": true, "نسازین": true, "نکن": true, "نکنید": true, "نکنین": true, "نده": true, "ندهید": true, "ندید": true, "نذار": true, "نگذار": true, "نذارید": true, "نگذارید": true, "نزار": true, "نشود": true, "نشه": true, "نشود.": true, "نکنم": true, "نمیخواهم": true, "نمیخوام": true, "نمیخواد": true, "نمیخواهد": true, "نمیخوای": true, "نمیخواهی": true, "نمیخوایم": true, "نمیخواهیم": true, "نمیخواین": true, "نمیخواهید": true, "نباشد": true, "نباشه": true, "نباشند": true, "نباشن": true, "نباید": true, "نبایست": true, "نگردد": true, "نگردند": true, "نشوند": true, "نفرمایید": true, "نفرمایین": true, "ننمایید": true, "ننمایین": true, "نفرمائید": true, "ننمائید": true, "dont": true, "don't": true, "not": true, "never": true, "نیفزا": true, "نیافزا": true,
		// a past act denied is a report, never an order: «هنوز فرم ۱۲ رو
		// پاک نکردم».
		"نکردم": true, "نکردیم": true, "نکردی": true, "نکردید": true, "نکردین": true, "نکرده": true, "نکردن": true, "نکردند": true,
		// «مبادا فرم ۵ رو پاک کنی»: lest it be done, an order not to.
		"مبادا": true, "مباد": true,
		// the denials of slang verbs unclear between destroying and not
		// (slang.go): whatever the act, it is not to be done.
		"نپرون": true, "نپرونش": true, "نترکون": true, "نترکونش": true}
	// forbiddenWords ask for what the planner refuses: deleting or
	// disabling forms.
	forbiddenWords = []string{"حذف", "پاک", "delete", "remove", "erase", "drop", "destroy", "غیرفعال", "disable"}
	// publishWords put a form on the site.
	publishWords = []string{"منتشر", "انتشار", "بازگشایی", "از سر گرفته", "publish", "republish", "re-publish", "ریپابلیش", "relaunch", "re-launch", "پابلیش", "لایو", "فعال", "روی سایت", "روی وبسایت", "go live", "public", "enable", "activate", "پابلیک", "اکتیو", "اکتیوش", "لانچ", "ریلانچ"}
	// draftWords take a form off the site, back to a draft.
	draftWords = []string{"پیشنویس", "draft", "unpublish", "مخفی", "پنهان", "hide", "آنپابلیش", "انپابلیش", "درفت", "دراف", "درافت", "از انتشار خارج", "لغو انتشار", "هاید"}
	// openWords ask to see a page rather than change anything.
	openWords = []string{"باز", "open", "نشان", "نشون", "نشانم", "نشونم", "نمایش", "show", "ببینم", "view", "برو", "ببین", "take me", "go to"}
	// resultsWords name a form's answers, its results page.
	resultsWords = []string{"نتایج", "نتیجه", "نتیجهها", "نتیجههای", "پاسخها", "پاسخهای", "جوابها", "جوابهای", "results", "responses", "submissions", "آمار", "گزارش"}
	// builderWords name the form builder's page.
	builderWords = []string{"سازنده", "فرمساز", "فرم ساز", "builder", "ویرایش فرم", "صفحه ساخت فرم", "صفحه ساخت", "صفحه طراحی فرم", "صفحه طراحی", "صفحه ویرایش فرم", "صفحه ویرایش"}
	// editorWords name the question editor's page.
	editorWords = []string{"ویرایشگر", "editor", "ادیتور"}
	// nameNouns name a form's title, in a rename or a naming.
	nameNouns = []string{"اسم", "نام", "عنوان", "تیتر", "title", "name", "تایتل"}
	// renameVerbs close a naming phrase: «اسمش را X بگذار», «عنوان را
	// عوض کن», «title to X».
	renameVerbs = []string{"تغییر", "عوض", "بذار", "بگذار", "بذارید", "بگذارید", "بزار", "بذاری", "بگذاری", "بزاری", "بزارید", "بذارین", "بزارین", "کن", "کنید", "کنین", "کنی", "بکن", "بکنی", "بکنید", "بکنین", "باشد", "باشه", "بشود", "بشه", "قرار", "to", "rename", "set", "change", "call", "ویرایش", "اصلاح",
		// a note to oneself: «اسم فرم ۳۴۲ رو بذارم «آرشیو مهر»»
		"بذارم", "بزارم", "بگذارم", "بذاریم", "بزاریم", "بگذاریم", "کنم", "کنیم", "بکنم", "بکنیم"}
	// titleMarkers introduce a title: «با عنوان X», «به اسم X».
	titleMarkers = []string{"با عنوان", "به عنوان", "با نام", "به نام", "با اسم", "به اسم", "تحت عنوان", "با تیتر", "به تیتر", "با موضوع", "بعنوان", "بنام", "به اسمهای", "با اسمهای", "به نامهای", "با نامهای", "با عنوانهای", "با عناوین", "به عناوین", "تحت عناوین", "با اسامی", "به اسامی", "با نامهای", "called", "named", "titled", "with title", "with the title", "with name", "با title", "به title", "با name", "به name"}
	// questionMarks introduce a question's wording after its noun: «با
	// متن X», «که بپرسد X».
	questionMarks = []string{"با label", "with label", "with the label", "با لیبل", "با متن", "با عنوان", "با صورت سوال", "با صورت پرسش", "با متن سوال", "بپرسه", "بپرسد", "بنویسه", "بنویسد", "که بنویسه", "که بنویسد", "با سوال", "با پرسش", "با محتوای", "که بپرسد", "که بپرسه", "با این متن", "با این سوال", "با موضوع", "به موضوع", "با موضوعِ", "with subject", "with the subject", "with text", "with the text", "saying", "asking", "labeled", "labelled", "با title", "with title", "with the title", "titled", "called", "named",
		// the written register heads a question «تحت عنوان …», as a form.
		"تحت عنوان"}
	// requiredWords make a question required.
	requiredWords = []string{"اجباری", "الزامی", "ضروری", "لازم", "required", "mandatory", "ریکوایرد", "ریکوآیرد", "ریکوئیرد"}
	// quantifiers speak of all the questions named before: «همه
	// اجباری».
	quantifiers = []string{"همه", "همگی", "همشون", "همهشون", "همهی", "هرکدوم", "هرکدام", "هردو", "هرسه", "all", "each", "both"}
	// optionNouns name a question's options, which make it a choice
	// question.
	optionNouns = []string{"گزینه", "گزینهها", "گزینههای", "گزینههایی", "options", "choices", "opts", "optionها", "optionهای", "choiceها", "choiceهای", "آپشن", "آپشنها", "آپشنهای"}
	// needWords before «نیست» («لازم نیست») deny a need: of an action,
	// or of a question being required.
	needWords = []string{"لازم", "نیازی", "نیاز", "احتیاجی", "احتیاج", "ضرورتی", "ضرورت", "لزومی", "لزوم"}
	// negativeCopulas deny a state: «اجباری نباشه», «منتشر نباشه».
	negativeCopulas = []string{"نباشد", "نباشه", "نباشند", "نباشن", "نباشید"}
	// optionalWords leave a question optional, which it is anyway.
	optionalWords = []string{"اختیاری", "optional", "آپشنال", "اپشنال"}
	// lightVerbs make a verb of the noun before them («اضافه کن»,
	// «منتشر بشه»), and say nothing of their own.
	lightVerbs = []string{"کن", "کنید", "کنین", "بکن", "بکنید", "بده", "بدهید", "بدید", "بدین", "نما", "نمایید", "شود", "بشه", "بشود", "کرد", "کردن", "دهید", "گردد", "گردند", "شوند", "نمایند", "فرمایید", "فرمائید", "بفرمایید", "یابد", "یابند",
		// a note to oneself: «اسم فرم ۳۴۲ رو عوض کنم بشه …»
		"کنم", "کنیم", "بکنم", "بکنیم"}
	// formKinds are the kinds of form an admin makes, said instead of
	// «فرم»: «یه پرسشنامه جدید بساز».
	formKinds = []string{"پرسشنامه", "نظرسنجی", "questionnaire", "survey"}
	// copyWords name copying a form, which the planner cannot do.
	copyWords = []string{"کپی", "copy", "duplicate", "clone", "cp", "تکثیر", "کلون", "داپلیکیت", "dup", "dupe"}
	// fillers are politeness and hedges around a command: «لطفا»,
	// «میشه …».
	fillers = map[string]bool{"ها": true, "لطفا": true, "لطفاً": true, "لطفن": true, "please": true, "میشه": true, "بیزحمت": true, "خواهشا": true, "خواهشمندم": true, "دیه": true,
		// the manner of «… را طوری کن که فقط لینک بگیرد»: what follows says it.
		"طوری": true, "جوری": true,
		// the Gilaki «بیدین» (look), said before an order (regionalFillers)
		"بیدین": true, "بیدینید": true, "بیدینین": true}

	// formalFrames wrap a request in the written register: «خواهشمند
	// است …», «مقتضی است …», «مقرر گردید …», «نسبت به … اقدام گردد».
	formalFrames = []string{"خواهشمند", "خواهشمندیم", "مستدعی", "مستدعیست", "مستدعیاست", "احتراما", "بدینوسیله", "اعلام", "میگردد", "urgent", "asap", "است", "مقتضی", "مقرر", "گردید", "نسبت", "اقدام", "ضمن", "تشکر", "احترام", "باسلام", "همکار", "گرامی", "محترم", "اطلاع", "ثانوی", "فعلا", "موقتا", "عجالتا"}

	// politeWords wrap an order in wishes, hedges and courtesy: «قربونت
	// برم»، «قصد دارم»، «امکانش هست»، «اگه میشه»، «می‌خواستم».
	politeWords = []string{"قربونت", "قربانت", "برم", "قصد", "دارم", "داریم", "امکانش", "امکان", "اگه", "اگر", "میخواستم", "میخواستیم", "میخوام", "میخواهم", "مخام", "مخوام", "ممنون", "مرسی", "سپاسگزارم", "متشکرم", "عزیزم", "عزیز", "جان", "دمت", "گرم", "وقت", "بخیر", "خسته", "نباشید", "نباشی", "زحمت", "بی", "یه", "لطف", "کنید", "کنین", "بفرمایید", "set", "back", "نگهش", "نگه", "دار", "نگهدار", "کسی", "هیچکس", "احدی", "پر", "نکنه", "نکند", "اصلی", "قبلی", "قدیمی", "جدیده", "تازه"}
	// sequenceWords put one act before another and are read by their
	// sound too: «ولی غبلش …» is «ولی قبلش …».
	sequenceWords = []string{"قبلش", "قبلشم", "بعدش", "بعدشم", "بعدم", "سپس"}
	// verbalNouns are the nouns of changing that make a verb with a light
	// verb («تغییر بده») and are plain nouns otherwise («تغییر کاربری»).
	verbalNouns = []string{"تغییر", "عوض", "ویرایش", "اصلاح", "قرار"}
	// orderWords say which of two acts comes first: «ولی قبلش …»,
	// «اول … بعد …», «ابتدا … سپس …».
	orderWords = []string{"قبلش", "پیشش", "قبلشم", "اول", "ابتدا", "نخست", "سپس", "ادامه", "متعاقبا", "بعدش", "بعدم", "بعدشم", "دوباره", "مجدد", "مجددا", "again", "درپایان", "پایان", "همزمان", "همین", "حالا", "الان", "کلا", "کلاً", "اصلا", "ری", "re", "واسه", "واسهی", "بهصورت", "بصورت", "صورت", "هر", "دوتاشم", "دوتاشو", "دوتاش", "سهتاشم", "سهتاشو", "هردوتاشم", "هردوتاشو", "دوتاشونو", "سهتاشونو", "فورا", "فوری", "همچنان", "پیوند", "لینک", "دسترس", "دریافت", "پاسخگیری", "جوابگیری"}
	// englishParticles are the function words of English commands, and
	// the dashes that part a command's items.
	englishParticles = []string{"can", "could", "would", "should", "you", "in", "on", "of", "the", "a", "an", "to", "from", "with", "and", "it", "its", "as", "be", "is", "are", "for", "this", "that", "then", "also", "too", "please", "-", "–", "—",
		// a purpose said after an order: "… so nobody answers anymore"
		"so", "nobody", "anyone", "anymore", "stays", "remains"}
	// clitics typed apart from their word: «سوال ۲ شو» (its, with the
	// object marker).
	clitics = []string{"ش", "شو", "شم", "شون", "شان", "اش", "اشو"}
	// takeVerbs take a copy: «یه کپی ازش بگیر», «نسخه‌ای تهیه کنید».
	takeVerbs = []string{"بگیر", "بگیرید", "بگیرین", "بگیری", "ازش", "ازشون", "ازآن", "تهیه", "تکراری", "بساز"}

	// refrainWords ask that something not be done: «از انتشار فرم ۹
	// خودداری فرمایید».
	// «از حذف فرم ۹ صرف‌نظر شود», «حذف سؤال سوم منتفی است»: the act
	// given up, called off or refrained from.
	refrainWords = []string{"خودداری", "اجتناب", "پرهیز", "صرفنظر", "منصرف", "منتفی", "چشمپوشی", "ممنوع", "ممنوعه", "refrain", "avoid", "forbidden", "prohibited"}
	// greetings may open a question without changing what it asks.
	greetings = []string{"سلام", "ببخشید", "hi", "hello"}
	// whyHowWords open a question to be answered, not a command: «چرا فرم
	// ۳ منتشر نمیشه؟».
	whyHowWords = []string{"چرا", "چطور", "چطوری", "چگونه", "چجوری", "why", "how"}
	// haveVerbs after «لازم» make the verb "to need" («لازم دارم»), which
	// says nothing of a question being required.
	haveVerbs = []string{"دارم", "داریم", "داره", "دارد", "دارید", "دارین", "داشتم", "داشتیم", "داشته"}
	// outVerbs take a form out of a state: «از پیش‌نویس خارج کن».
	// returnVerbs put a form back into a state: «به حالت پیش‌نویس
	// برگردان», «به پیش‌نویس بازگردانده شود».
	returnVerbs = []string{"برگردان", "برگردانید", "برگرده", "برگردد", "برگردند", "برگردن", "برگرد", "بازگردد", "بازگرده", "برگردون", "برگردونید", "برگردونین", "برگردانین", "برگردانده", "بازگردان", "بازگردانید", "بازگردانده", "حالت", "وضعیت"}
	outVerbs    = []string{"خارج", "دربیار", "دربیارید", "دربیارین", "درآر", "درار", "درآور", "دراور", "بیرون"}
	// allWords before the plural «فرم‌ها» speak of every form at once,
	// which the planner refuses.
	allWords = []string{"همه", "همهی", "تمام", "تمامی", "کل", "all", "every"}
	// misspelledWords are the key words whose misspellings (see
	// misspellings) are still read as them; realWords are words one slip
	// from them that keep their own meaning; soundAlikes are the letters
	// a Persian speaker may type for one another.
	misspelledWords = []string{
		"اضافه", "منتشر", "انتشار", "پیشنویس", "گزینه", "گزینهای", "کشویی", "امتیازی", "امتیازدهی", "تشریحی",
		"کوتاه", "ضروری", "الزامی", "اجباری", "اختیاری", "نتایج", "ویرایش", "ویرایشگر", "سازنده", "عنوان",
		"حذف", "ستارهای", "چندگزینهای", "تغییر", "غیرفعال", "موبایل", "ایمیل", "رونوشت", "آپلود", "چندانتخابی",
		// what is said of a wording being corrected: «عنوان قلط».
		"غلط", "غلطه", "اشتباه", "اشتباهه", "صحیح",
	}
	// formatWords name the format an answer must have: «با فرمت
	// موبایل», «قالب پاسخ».
	formatWords = []string{"فرمت", "فرمتش", "قالب", "قالبش", "format"}
	// formalVerbs are the written register's verbs and auxiliaries:
	// «افزوده شود», «درج گردد», «بگنجانید», «اقدام فرمایید».
	formalVerbs = []string{"افزوده", "گردد", "گردند", "شوند", "نمایید", "فرمایید", "بیفزایید", "بگنجانید", "گنجانده", "بگنجان", "گیرد", "بگیرد", "داده", "یابد", "کند", "نماید"}
	realWords   = map[string]bool{"منتظر": true, "گزین": true, "سازند": true, "اضافی": true, "اضافیه": true, "اضافیست": true, "اضافیا": true,
		// What is said of a question being changed: «غلطه، بکنش …»,
		// «درستش «…»ه» (the copula typed after the quote).
		"غلط": true, "غلطه": true, "اشتباه": true, "اشتباهه": true, "ه": true, "wrong": true}
	soundAlikes = []string{"زذضظ", "سصث", "تط", "هح", "قغ"}
	// carriedWords are words whose meaning the reading carries without
	// a rule of their own, so they are never left over: an empty form is
	// what is made («یه فرم خالی بساز»), a change of type converts
	// («تبدیل کن به سوال بلند»), a wording is a label («با label «…»»),
	// the verb that ends a clause of what is accepted («… قبول کنه»),
	// the verb of throwing into the bin («… بندازین تو سطل زباله»).
	carriedWords = []string{"خالی", "blank", "empty", "ساده", "معمولی", "کدوم", "کدام", "تبدیل", "تعیین", "update", "آپدیت", "convert", "replace", "label", "لیبل", "labelش", "wording", "type", "نوعشو", "متنش", "اینا", "مذکور", "+",
		"کنه", "بکنه", "کند", "بکند", "نکنه", "نکند",
		// the verb of throwing said with «سطل زباله», «دور» (deleteWords)
		"بندازین", "بندازید", "بیندازید", "بیندازین", "بیاندازید", "بندازیم", "بندازینش", "بندازیدش", "بندازش",
		// the verb of sending said with «سطل زباله» («بفرست تو سطل آشغال»)
		"بفرست", "بفرستید", "بفرستین", "بفرستش",
		// what is said of a question being removed: «زائد است»
		"زائد", "زاید",
		// the act of replacing said as a noun, and the noun of the items
		// it replaces with: «نسبت به جایگزینی … با موارد «…» اقدام شود»,
		// «تعویض … انجام گیرد»
		"جایگزینی", "تعویض", "موارد", "انجام",
		// the key of a form's state given as a value: «status=draft»
		"status", "state", "="}
	// courtesyWords are the courtesies around a command, which ask
	// nothing: «ممنون میشم», «دستت درد نکنه», «قربان شما», «ببخشید
	// مزاحم شدم», «خانم‌ها آقایان», «داداش».
	courtesyWords = []string{"میشم", "میشوم", "دستت", "دستتان", "دستتون", "درد", "قربان", "قربونت", "شما", "مزاحم", "خانمها", "آقایان", "آقا", "خانم", "داداش", "عزیز", "عزیزم", "جان", "علیکم", "خیلی", "possible", "پلیز", "ok", "okay", "اوکی", "thanks", "thx"}
	// nowWords say the act is to be done now, which every plan is:
	// «هم‌اکنون», «بلافاصله», «همون موقع», «right now», «for good».
	nowWords = []string{"هماکنون", "اکنون", "الان", "الآن", "فورا", "فوراً", "بلافاصله", "موقع", "همیشه", "right", "now", "immediately", "asap", "good"}
	// spokenVerbForms are forms of the grammar's verbs and auxiliaries
	// said in speech: «منتشر شه», «اجباری بشن», «می‌خواد», «لازم نیست»,
	// «پر کردنش», «یه دونه».
	spokenVerbForms = []string{"شه", "بشن", "باشن", "میخواد", "میخواهد", "میخواهیم", "میخوایم", "میتونی", "میتونید", "میتوانید", "ممکنه", "هست", "نیست", "بره", "برود", "کردنش", "دادن", "دادنش", "نخوره", "نمیخوره", "need", "دونه", "جفتشم", "جفتشون", "لیکن", "اخر"}
)

// The word lists above that are matched as phrases, and the grammar's
// other phrase lists, split into words once rather than on every match.
var (
	formNounsV      = newVocab(formNouns...)
	formKindsV      = newVocab(formKinds...)
	copyWordsV      = newVocab(copyWords...)
	addVerbsV       = newVocab(addVerbs...)
	placeVerbsV     = newVocab(placeVerbs...)
	forbiddenWordsV = newVocab(forbiddenWords...)
	publishWordsV   = newVocab(publishWords...)
	draftWordsV     = newVocab(draftWords...)
	openWordsV      = newVocab(openWords...)
	resultsWordsV   = newVocab(resultsWords...)
	editorWordsV    = newVocab(editorWords...)
	builderWordsV   = newVocab(builderWords...)
	nameNounsV      = newVocab(nameNouns...)
	renameVerbsV    = newVocab(renameVerbs...)
	titleMarkersV   = newVocab(titleMarkers...)
	questionMarksV  = newVocab(questionMarks...)
	actionWordsV    = newVocab(append(append(append(append(append([]string{}, publishWords...), draftWords...), addVerbs...), createVerbs...), openWords...)...)
	refersBackV     = newVocab("آن", "اون", "همان", "همون", "این فرم", "it", "this form", "the form", "that form")
	newFormV        = newVocab("فرم جدید", "فرم جدیدی", "فرمی جدید", "فرم تازه", "فرم تازهای", "فرم نو", "new form", "a form", "یک فرم", "یه فرم", "فرم جدیدم", "فرم جدیدو", "فرم جدیدرو")
	publishStemV    = newVocab("انتشار", "منتشر")
	unpublishV      = newVocab("خارج", "لغو", "عدم", "درش بیار", "درش بیارید", "درشون بیار", "دربیار", "دربیارید", "دربیارین", "درآر", "درار", "درآور", "دراور", "بیرون", "متوقف", "توقف",
		// denied, «از انتشار در نیار» still speaks of unpublishing: the
		// denial is read by readNegation.
		"در نیار", "در نیارید", "در نیارین", "در نیاورید", "درنیار", "درنیارید", "درنیارین", "درش نیار")
	editV        = newVocab("ویرایش", "edit", "ادیت")
	actionNounsV = newVocab("انتشار", "پیشنویس", "publish", "draft", "unpublish")
	toV          = newVocab("to")
	renameV      = newVocab("rename")
	idMarkersV   = newVocab("شماره", "شماره ی", "با شناسه", "به شناسه", "با شماره", "شناسه", "آیدی", "با آیدی", "id", "number", "no", "#",
		// the English «number» as it is said and written short: «فرم نمبر ۱۲», "form nr 12"
		"نمبر", "nr", "num")
	stopWordsV   = newVocab(append(append(append([]string{}, createVerbs...), addVerbs...), "را", "رو", "کن", "کنید", "بکن", "بده", "بدهید", "باشد", "باشه", "بشه", "شود", "بذار", "بگذار", "بزار", "بذارید", "بگذارید", "and", "with", "و", "در جایگاه", "به فرم")...)
	slotMarkersV = newVocab("در جایگاه", "در موقعیت", "در ردیف", "در مکان", "در جای", "جایگاه", "موقعیت", "ردیف", "at position", "position", "به عنوان سوال", "به عنوان پرسش", "بهعنوان سوال", "بهعنوان پرسش", "بعنوان پرسش", "که بشه سوال", "که بشود سوال", "که بشه پرسش", "که شود پرسش", "به عنوان", "بعنوان سوال", "بعنوان", "بهعنوان", "as question", "as the")
	topMarkersV  = newVocab("اول فرم", "ابتدای فرم", "ابتدای آن", "ابتدای اون", "ابتدایش", "اول آن", "اولش", "ابتدا", "ابتدای", "بالای فرم", "بالای", "اول لیست", "سر فرم", "at the top", "at the beginning", "to the top", "first position", "before all questions", "before all the questions", "before the other questions")
	// «قبل از همه‌ی سوال‌ها», «پیش از بقیه سوالا»: before all the
	// questions is the top. «قبل از همه» alone is "first of all", an
	// order of steps, not a place.
	beforeAllV = func() *vocab {
		var keys []string
		for _, pre := range []string{"قبل از", "پیش از"} {
			for _, q := range []string{"همه", "همهی", "تمام", "تمامی", "بقیه", "بقیهی"} {
				for _, n := range []string{"سوالها", "سوالهای", "سوالات", "پرسشها", "فیلدها"} {
					keys = append(keys, pre+" "+q+" "+n)
				}
			}
		}
		return newVocab(keys...)
	}()
	// createStems are the create verbs that also match inflected forms
	// by prefix: Persian verbs inflect by suffix (بساز → بسازید، بسازیم);
	// an English word that starts like a verb is another word (builder
	// is not build).
	createStems = func() []stem {
		out := make([]stem, 0, len(createVerbs))
		for _, v := range createVerbs {
			out = append(out, stem{s: v, prefix: utf8.RuneCountInString(v) >= 4 && !isLatin(v)})
		}
		return out
	}()
	// createStemStarts are the first runes of createStems.
	createStemStarts = firstRunes(createVerbs)
)

// fieldTypes maps type words to planner field types; longer phrases first
// so «پاسخ کوتاه» wins over «پاسخ».
var fieldTypes = withSpokenAdjectives([]fieldTypeName{
	{"پاسخ کوتاه", domain.PlanFieldShortText}, {"جواب کوتاه", domain.PlanFieldShortText}, {"متن کوتاه", domain.PlanFieldShortText},
	// the adjective first, as one word: «پرسش کوتاه‌پاسخ», «سوال بلندجواب»
	{"کوتاه پاسخ", domain.PlanFieldShortText}, {"کوتاهپاسخ", domain.PlanFieldShortText}, {"کوتاه جواب", domain.PlanFieldShortText}, {"کوتاهجواب", domain.PlanFieldShortText},
	{"بلند پاسخ", domain.PlanFieldLongText}, {"بلندپاسخ", domain.PlanFieldLongText}, {"بلند جواب", domain.PlanFieldLongText}, {"بلندجواب", domain.PlanFieldLongText},
	{"متنی کوتاه", domain.PlanFieldShortText}, {"تک خطی", domain.PlanFieldShortText}, {"short text", domain.PlanFieldShortText}, {"شورت تکست", domain.PlanFieldShortText},
	{"short answer", domain.PlanFieldShortText}, {"کوتاه", domain.PlanFieldShortText}, {"short", domain.PlanFieldShortText},
	{"پاسخ بلند", domain.PlanFieldLongText}, {"جواب بلند", domain.PlanFieldLongText}, {"پاسخ طولانی", domain.PlanFieldLongText},
	{"متن بلند", domain.PlanFieldLongText}, {"متنی بلند", domain.PlanFieldLongText}, {"چند خطی", domain.PlanFieldLongText},
	{"تشریحی", domain.PlanFieldLongText}, {"توضیحی", domain.PlanFieldLongText}, {"long text", domain.PlanFieldLongText}, {"لانگ تکست", domain.PlanFieldLongText}, {"long answer", domain.PlanFieldLongText},
	{"paragraph", domain.PlanFieldLongText}, {"textarea", domain.PlanFieldLongText}, {"text area", domain.PlanFieldLongText}, {"بلند", domain.PlanFieldLongText}, {"طولانی", domain.PlanFieldLongText}, {"long", domain.PlanFieldLongText},
	{"چند گزینه ای", domain.PlanFieldMultipleChoice}, {"چندگزینه", domain.PlanFieldMultipleChoice}, {"چند انتخابی", domain.PlanFieldMultipleChoice},
	{"گزینه ای", domain.PlanFieldMultipleChoice}, {"تستی", domain.PlanFieldMultipleChoice}, {"چند جوابی", domain.PlanFieldMultipleChoice}, {"تک انتخابی", domain.PlanFieldMultipleChoice}, {"تک گزینه ای", domain.PlanFieldMultipleChoice}, {"single choice", domain.PlanFieldMultipleChoice},
	{"multiple choice", domain.PlanFieldMultipleChoice}, {"مالتیپل چویس", domain.PlanFieldMultipleChoice}, {"multiple-choice", domain.PlanFieldMultipleChoice}, {"radio", domain.PlanFieldMultipleChoice},
	// the builder's widgets in marketing English, typed in Persian letters
	{"ریدیو", domain.PlanFieldMultipleChoice}, {"ریدیو باتن", domain.PlanFieldMultipleChoice}, {"poll", domain.PlanFieldMultipleChoice},
	{"تکست باکس", domain.PlanFieldShortText}, {"text box", domain.PlanFieldShortText}, {"textbox", domain.PlanFieldShortText}, {"تکست اریا", domain.PlanFieldLongText},
	{"لیست کشویی", domain.PlanFieldDropdown}, {"فهرست کشویی", domain.PlanFieldDropdown}, {"منوی کشویی", domain.PlanFieldDropdown}, {"کشویی", domain.PlanFieldDropdown},
	{"کشوئی", domain.PlanFieldDropdown}, {"dropdown", domain.PlanFieldDropdown}, {"دراپ داون", domain.PlanFieldDropdown}, {"دراپداون", domain.PlanFieldDropdown}, {"drop-down", domain.PlanFieldDropdown}, {"select", domain.PlanFieldDropdown},
	{"امتیازی", domain.PlanFieldRating}, {"امتیازدهی", domain.PlanFieldRating}, {"امتیاز دهی", domain.PlanFieldRating}, {"ستاره ای", domain.PlanFieldRating},
	{"ستاره", domain.PlanFieldRating}, {"رتبه بندی", domain.PlanFieldRating}, {"نمره ای", domain.PlanFieldRating}, {"rating", domain.PlanFieldRating}, {"ریتینگ", domain.PlanFieldRating},
	{"star", domain.PlanFieldRating}, {"امتیاز", domain.PlanFieldRating},
	// The keys v2TypeWords gives the types only v2 has; no typed word
	// reads as one.
	{"\x01checkboxes", domain.PlanFieldCheckboxes}, {"\x01number", domain.PlanFieldNumber}, {"\x01email", domain.PlanFieldEmail},
	{"\x01date", domain.PlanFieldDate}, {"\x01file", domain.PlanFieldFile},
})

// fieldTypeName is a phrase that names a question type.
type fieldTypeName struct{ key, typ string }

// withSpokenAdjectives adds «یه سوال بلندی», «یه سوال کوتاهی»: in
// speech the adjective takes the indefinite «ی», and the type is the same.
func withSpokenAdjectives(names []fieldTypeName) []fieldTypeName {
	out := names
	for _, ft := range names {
		if !isLatin(ft.key) && ft.key[0] != 1 && !strings.HasSuffix(ft.key, "ی") {
			out = append(out, fieldTypeName{ft.key + "ی", ft.typ})
		}
	}
	return out
}

// typeWords holds every word of every type phrase, to walk back from a
// question noun over its type to its count.
var typeWords = func() map[string]bool {
	m := map[string]bool{"ای": true, "ایی": true}
	for _, ft := range fieldTypes {
		for _, w := range strings.Fields(ft.key) {
			m[w] = true
		}
		m[strings.ReplaceAll(ft.key, " ", "")] = true
	}
	return m
}()

// fieldTypesV holds the keys of fieldTypes, in the same order.
var fieldTypesV = func() *vocab {
	keys := make([]string, len(fieldTypes))
	for k, ft := range fieldTypes {
		keys[k] = ft.key
	}
	return newVocab(keys...)
}()

var conjunctions = map[string]bool{"و": true, "سپس": true, "بعد": true, "بعدش": true, "همچنین": true, "then": true, "and": true, "also": true, "ضمنا": true, "بعدا": true, "ولی": true, "اما": true, "بلکه": true, "but": true, "سپس،": true, "بعدشم": true, "همینطور": true, "آخرش": true, "آخرشم": true, "اخرش": true, "درآخر": true, "نهایتا": true, "finally": true, "lastly": true,
	// the shell's «&&», one order then the next; the written «متعاقبا»
	// (thereafter), «در ادامه»'s formal twin
	"&&": true, "متعاقبا": true}

// titleEnders are words said after a command that are not part of it:
// thanks, «دیگه», «هم», «فقط».
var titleEnders = map[string]bool{"ممنون": true, "ممنونم": true, "مرسی": true, "متشکرم": true, "سپاس": true, "تشکر": true, "thanks": true, "thank": true, "دیگه": true, "هم": true, "فقط": true, "فعلا": true, "سریع": true, "زود": true}

// pastMakeVerbs are «ساختن» in the past with a person: a clause saying
// what someone made («یه فرم ساختم، حالا منتشرش کن») reports, it does not
// ask. The bare «ساخته» stays out: «فرمی ساخته شود» is a request.
var pastMakeVerbs = []string{"ساختم", "ساختیم", "ساختی", "ساختید", "ساختین", "ساختند", "ساختن", "ساختهام", "ساختهایم"}

// pastLightVerbs are «کردن» and «شدن» in the past and the perfect; the
// infinitive names the act asked for («پیش‌نویس کردن فرم ۱۸»).
var pastLightVerbs = []string{"شد", "شده", "شدند", "کردم", "کردیم", "کردی", "کرد", "کردید", "کردین", "کردند", "کرده", "کردهام", "کردهایم", "published", "drafted",
	"deleted", "removed", "created", "made", "added", "copied", "duplicated", "closed", "disabled", "unpublished", "renamed"}

// functionWords are the particles that can follow «فرم» and are never a
// noun describing it.
var functionWords = []string{"را", "رو", "و", "به", "با", "از", "در", "تو", "که", "هم", "یا", "برای"}

// idSeparators join the numbers of a list of forms: «۳ و ۴», «۵، ۶ و ۷».
var idSeparators = []string{"و", "and", "تا", "الی", "لغایت", "through", "thru", "،", ","}

// rangeWords join the two ends of a range of forms: «فرم‌های ۲۰ تا ۳۵»,
// the formal «۲۰ الی ۳۵» and «۲۰ لغایت ۳۵», «20 through 35».
var rangeWords = []string{"تا", "الی", "لغایت", "through", "thru"}

// listMarkers announce what a count of questions is: «سه سوال: …»,
// «سه سوال مثل …».
var listMarkers = []string{":", "مثل", "مانند", "مثلا", "like"}

var numberWords = map[string]int{
	"یک": 1, "یه": 1, "یکی": 1, "دو": 2, "سه": 3, "چهار": 4, "چار": 4, "پنج": 5, "شش": 6, "شیش": 6, "هفت": 7, "هشت": 8, "نه": 9, "ده": 10,
	"یازده": 11, "دوازده": 12, "سیزده": 13, "چهارده": 14, "پانزده": 15, "پونزده": 15, "شانزده": 16, "شونزده": 16,
	"هفده": 17, "هیفده": 17, "هجده": 18, "هیجده": 18, "نوزده": 19, "بیست": 20, "سی": 30, "چهل": 40, "پنجاه": 50,
	"شصت": 60, "هفتاد": 70, "هشتاد": 80, "نود": 90, "صد": 100,
	"یکصد": 100, "دویست": 200, "سیصد": 300, "چهارصد": 400, "پانصد": 500, "پونصد": 500, "ششصد": 600, "شیشصد": 600,
	"هفتصد": 700, "هشتصد": 800, "نهصد": 900,
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12,
}

// scaleSuffixes name a question by the size of its scale; key is the
// type word the joined form reads as.
var scaleSuffixes = [...]struct{ suffix, key string }{
	{"گزینهای", "گزینهای"}, {"گزینهایی", "گزینهای"}, {"گزینه", "گزینهای"},
	{"ستارهای", "ستارهای"}, {"ستاره", "ستارهای"},
}

// pronounSuffixes are the enclitics from ش on: ـش, with the object marker
// (ـشو), with «هم» (ـشم), and the plural (ـشون, ـشان). An ا before the ش
// (ـاش) is taken off with it.
var pronounSuffixes = map[string]bool{"ش": true, "شو": true, "شم": true, "شون": true, "شان": true}

// spokenPluralBases are the nouns whose spoken plural drops the ه of
// ـها. Only nouns ending in a consonant: after ه, ـای is the adjective
// suffix («گزینه‌ای»), not a plural.
var spokenPluralBases = map[string]bool{
	"فرم": true, "سوال": true, "سؤال": true, "جواب": true, "پاسخ": true, "فیلد": true, "پرسش": true,
}

// pronounBases are words that take ـش meaning "of it / to it" in commands.
// demonstratives name what the command spoke of just before: the
// question just added, in «آن را پس از سؤال دوم قرار دهید».
var demonstratives = []string{"این", "آن", "اون", "همین", "همون", "همان", "it", "this"}

var pronounBases = map[string]bool{
	"منتشر": true, "نتایج": true, "نتیجه": true, "اسم": true, "نام": true, "عنوان": true,
	"به": true, "پیشنویس": true, "سوالات": true, "سوالها": true, "پاسخها": true, "جوابها": true,
	"بساز": true, "بسازید": true, "بذار": true, "بگذار": true, "فرم": true, "تیتر": true, "برا": true, "برای": true,
	"تو": true, "داخل": true, "باز": true, "ویرایش": true, "از": true,
	"غیرفعال": true, "الزامی": true, "اجباری": true, "اختیاری": true, "ببر": true, "کپی": true,
	"سوال": true, "سؤال": true, "پرسش": true, "بکن": true, "پاک": true, "حذف": true, "عوض": true, "تغییر": true,
	"لینک": true, "پیوند": true,
}

// wordingNouns name a question's wording: «label‌ش رو بکن «…»», «متنش
// بشه «…»».
var wordingNouns = []string{"label", "labelش", "لیبل", "لیبلش", "متن", "متنش", "عنوان", "عنوانش", "text", "wording", "صورت", "موضوع", "موضوعش", "subject", "topic"}

// listPointers point to a list said further on: «پرسش‌های زیر»,
// «the following questions».
var listPointers = []string{"زیر", "ذیل", "زیرین", "پایین", "following", "below"}

// thankWords close a command politely.
var thankWords = []string{"ممنون", "مرسی", "سپاسگزارم", "سپاس", "متشکرم", "ممنونم", "تشکر", "thanks", "thx"}

// refuseTakingVerbs say a form takes no more: «دیگه جواب نگیره».
var refuseTakingVerbs = []string{"نگیره", "نگیرد", "نگیرن", "نگیرند", "نپذیره", "نپذیرد", "نپذیرن", "نپذیرند"}

// pluralFormNouns name several forms: a list of their numbers follows.
var pluralFormNouns = []string{"فرمها", "فرمهای", "فورمها", "فورمهای", "فرمای", "فرما", "forms"}

// verbEndings are the forms of «کردن» and «دادن» that end a polite
// request: «اضافه کنی؟», «بذارید».
var verbEndings = []string{"کنم", "بکنم", "بذارم", "بزارم", "کنی", "کنید", "کنین", "بکنی", "بکنید", "بکنین", "کنیم", "بدی", "بدید", "بدین", "بدهید", "بذاری", "بذارید", "بذارین", "بزاری", "بزارید", "بفرمایید", "نمایید", "فرمایید"}

// emphaticWords stress the thing named, «خود ۴۶ رو غیرفعال کن» (46
// itself): words of the grammar, no detail.
var emphaticWords = []string{"خود", "itself", "البته", "of course"}

// pronounPrepositions are the pronoun bases that are prepositions:
// with ـش on («بهش», «براش», «توش») they point back at what was named.
var pronounPrepositions = []string{"به", "برا", "برای", "تو", "داخل", "از"}

// The words of the acts take the pronoun too: «خارجش کن», «بندازش»,
// «بیاوریدش».
func init() {
	for _, l := range [][]string{placeVerbs, moveVerbs, renameVerbs, deleteWords, disableWords, publishWords, draftWords, copyWords, addVerbs, createVerbs} {
		for _, w := range l {
			if !strings.Contains(w, " ") && !isLatin(w) {
				pronounBases[w] = true
			}
		}
	}
	pronounBases["خارج"] = true
}

// gluedWords are the words a number is typed onto without a space:
// «فرم۵», «۳سوال», «فرم ۳را», «فرم۳رو».
var gluedWords = func() map[string]bool {
	m := map[string]bool{"را": true, "رو": true, "تا": true}
	for _, w := range formNouns {
		m[w] = true
	}
	for w, ok := range questionNouns {
		if ok {
			m[w] = true
		}
	}
	return m
}()

// The words only a v2 planner reads (Config{Contract: 2}).
var (
	// optionPluralNouns name a question's options with a pronoun on:
	// «گزینه‌هاش», «گزینه‌هایش».
	optionPluralNouns = []string{"گزینههاش", "گزینههایش", "گزینههاشو", "گزینههاشون", "گزینهها:", "option", "گزینههایی", "choice"}
	// pluralQuestionNouns head a list of the questions' wordings.
	pluralQuestionNouns = []string{"fieldها", "fieldهای", "questionها", "سوالات", "سوالها", "سوالهای", "سؤالات", "سؤالها", "سؤالهای", "پرسشها", "پرسشهای", "فیلدها", "فیلدهای", "questions", "fields"}
	// askVerbs end a description of what a form asks: «که اسم و سن رو
	// بپرسه».
	askVerbs = []string{"بپرسه", "بپرسد", "بپرسن", "بپرسند", "بپرسیم", "بپرسم", "بگیره", "بگیرد", "بخواد", "بخواهد", "بخواهیم", "asks", "ask", "asking", "collects", "collect"}
	// deleteWords remove a form or a question.
	deleteWords = []string{"حذف", "پاک", "delete", "remove", "erase", "rm", "دیلیت", "ریموو", "دلیت", "برداشته", "سطل آشغال", "سطل زباله", "بنداز دور", "بندازش دور", "دور بنداز", "دور بریز", "بریز دور", "سطل بازیافت", "trash", "get rid of", "wipe", "drop", "بردار", "برداری", "بردارید", "بردارین"}
	// disableWords stop a form taking answers, keeping its link.
	disableWords = []string{"غیرفعال", "غیر فعال", "مسدود", "تعطیل", "disable", "deactivate", "دیس ایبل", "دیسیبل", "دیزیبل", "دیاکتیو", "دی اکتیو", "غیراکتیو", "ببند", "ببندش", "ببندید", "ببندین", "close", "از دسترس خارج", "جواب قبول نکنه", "جواب قبول نکند", "پاسخ قبول نکنه", "پاسخ نپذیرد", "پاسخ نپذیره", "دیگه جواب نگیره", "دیگر پاسخ نپذیرد",
		// the formal "cease taking answers": «از پذیرش پاسخ بازایستد»,
		// «دریافت پاسخ متوقف گردد»
		"از پذیرش پاسخ بازایستد", "از پذیرش پاسخ باز ایستد", "از پذیرش پاسخ بازماند",
		"از دریافت پاسخ بازایستد", "از دریافت پاسخ باز ایستد", "از دریافت پاسخ بازماند",
		"پذیرش پاسخ متوقف شود", "پذیرش پاسخ متوقف گردد", "دریافت پاسخ متوقف شود", "دریافت پاسخ متوقف گردد",
		"پذیرش پاسخ قطع شود", "پذیرش پاسخ قطع گردد", "دریافت پاسخ قطع شود", "دریافت پاسخ قطع گردد"}
	// moveVerbs move a question to another place in its form; «mv»,
	// like «rm» and «cp», is the shell's verb a programmer types.
	moveVerbs = []string{"ببر", "ببرش", "ببرید", "ببرین", "بیاورید", "بیارید", "بیارین", "منتقل", "انتقال", "جابجا", "جابهجا", "move", "mv", "بذار", "بگذار", "بزار", "بذارید", "بگذارید", "بزارید", "بذارین", "بگذارین", "بزارین", "بذارش", "بگذارش", "بزارش", "بیار", "بیارش", "بیاور",
		// the question itself goes or comes: «سوال ۲ بره بعد سوال ۴»
		"بره", "برود", "بیاد", "بیاید", "بیان", "بیایند", "برن", "بروند",
		// a note to oneself: «سؤال ۸ ← ببرمش قبل از سؤال ۵»
		"ببرم", "ببرمش", "ببریم", "ببریمش", "بیارم", "بیارمش", "بیاریم", "بیاریمش"}
	// endWords name the end of a form: a place no index can say
	// without knowing how many questions it has.
	endWords = []string{"آخر", "انتها", "انتهای", "ته", "آخرین", "پایین", "last", "end", "bottom"}
	// firstPersonVerbs end a question the speaker asks about their own
	// act: «عوض کنم؟», «منتشر کنیم؟».
	firstPersonVerbs = []string{"کنم", "کنیم", "بکنم", "بکنیم", "بدم", "بدیم", "بذارم", "بذاریم", "بگذارم", "بگذاریم", "بزنم", "بزنیم", "ببرم", "ببرمش", "ببریم", "ببریمش"}
)

// v2TypeWords name a type only v2 has, or say a v1 type in other words;
// a v2 planner reads each as the key of fieldTypes it stands for.
var v2TypeWords = []struct{ phrase, key string }{
	{"چند گزینه ای با چند جواب", "\x01checkboxes"}, {"با چند انتخاب", "\x01checkboxes"}, {"چند انتخابی", "\x01checkboxes"},
	{"چند جوابی", "\x01checkboxes"}, {"چند پاسخی", "\x01checkboxes"}, {"چند انتخاب", "\x01checkboxes"}, {"checkboxes", "\x01checkboxes"},
	{"checkbox", "\x01checkboxes"}, {"چک باکس", "\x01checkboxes"}, {"چند تا جواب", "\x01checkboxes"}, {"چند جواب", "\x01checkboxes"},
	{"چند تا گزینه", "\x01checkboxes"}, {"بیش از یک گزینه", "\x01checkboxes"}, {"بیشتر از یک گزینه", "\x01checkboxes"}, {"more than one", "\x01checkboxes"},
	{"از نوع عدد", "\x01number"}, {"از نوع عددی", "\x01number"}, {"از نوع تاریخ", "\x01date"}, {"از نوع ایمیل", "\x01email"},
	{"از نوع فایل", "\x01file"}, {"از نوع پست الکترونیک", "\x01email"}, {"عددی", "\x01number"}, {"number", "\x01number"}, {"نامبر", "\x01number"}, {"numeric", "\x01number"},
	{"email", "\x01email"}, {"date", "\x01date"}, {"دیت", "\x01date"}, {"تاریخی", "\x01date"},
	{"آپلود فایل", "\x01file"}, {"بارگذاری فایل", "\x01file"}, {"upload", "\x01file"}, {"file", "\x01file"},
	{"با جواب مفصل", "بلند"}, {"با پاسخ مفصل", "بلند"}, {"مفصل", "بلند"}, {"توضیحی", "بلند"}, {"انشایی", "بلند"}, {"انشائی", "بلند"}, {"جواب تشریحی", "بلند"}, {"چند پاراگراف", "بلند"}, {"چند پاراگرافی", "بلند"},
	{"نمره دهی", "امتیازی"}, {"نمرهدهی", "امتیازی"}, {"درجه بندی", "امتیازی"}, {"درجهبندی", "امتیازی"},
}

// v2TypeWordsV holds the phrases of v2TypeWords, in the same order.
var v2TypeWordsV = func() *vocab {
	keys := make([]string, len(v2TypeWords))
	for k, w := range v2TypeWords {
		keys[k] = w.phrase
	}
	return newVocab(keys...)
}()

// labels are the subjects of questions that tell the answer's kind: a
// mobile number is short text in the mobile format, an email an email
// question. typeOnly labels name the kind and not the subject
// («آپلود رزومه» asks for the résumé).
var labels = []struct {
	key, typ, format string
	typeOnly         bool
}{
	{"شماره موبایل", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false}, {"شماره همراه", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false},
	{"تلفن همراه", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false}, {"موبایل", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false},
	{"mobile", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false},
	{"کد ملی", domain.PlanFieldShortText, domain.PlanFormatNationalCode, false}, {"شماره ملی", domain.PlanFieldShortText, domain.PlanFormatNationalCode, false},
	{"تذکره", domain.PlanFieldShortText, domain.PlanFormatNationalCode, false}, {"مبایل", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false}, // Dari
	{"کد پستی", domain.PlanFieldShortText, domain.PlanFormatPostalCodeIR, false}, {"postal code", domain.PlanFieldShortText, domain.PlanFormatPostalCodeIR, false},
	{"national code", domain.PlanFieldShortText, domain.PlanFormatNationalCode, false}, {"national id", domain.PlanFieldShortText, domain.PlanFormatNationalCode, false},
	{"mobile number", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false}, {"cell phone", domain.PlanFieldShortText, domain.PlanFormatMobileIR, false},
	{"تلفن ثابت", domain.PlanFieldShortText, domain.PlanFormatPhoneIR, false}, {"شماره ثابت", domain.PlanFieldShortText, domain.PlanFormatPhoneIR, false},
	{"تلفن منزل", domain.PlanFieldShortText, domain.PlanFormatPhoneIR, false},
	{"آدرس وبسایت", domain.PlanFieldShortText, domain.PlanFormatURL, false}, {"آدرس سایت", domain.PlanFieldShortText, domain.PlanFormatURL, false},
	{"وبسایت", domain.PlanFieldShortText, domain.PlanFormatURL, false}, {"website", domain.PlanFieldShortText, domain.PlanFormatURL, false},
	{"url", domain.PlanFieldShortText, domain.PlanFormatURL, false}, {"یو آر ال", domain.PlanFieldShortText, domain.PlanFormatURL, false},
	{"یوآرال", domain.PlanFieldShortText, domain.PlanFormatURL, false},
	{"آدرس ایمیل", domain.PlanFieldEmail, "", false}, {"ایمیل", domain.PlanFieldEmail, "", false}, {"پست الکترونیک", domain.PlanFieldEmail, "", false},
	{"\x01email", domain.PlanFieldEmail, "", true},
	{"تاریخ تولد", domain.PlanFieldDate, "", false}, {"تاریخ", domain.PlanFieldDate, "", false}, {"\x01date", domain.PlanFieldDate, "", true},
	{"سن", domain.PlanFieldNumber, "", false}, {"تعداد", domain.PlanFieldNumber, "", false}, {"\x01number", domain.PlanFieldNumber, "", true},
	{"رزومه", domain.PlanFieldFile, "", false}, {"آپلود", domain.PlanFieldFile, "", true}, {"بارگذاری", domain.PlanFieldFile, "", true},
	{"فایل", domain.PlanFieldFile, "", true}, {"\x01file", domain.PlanFieldFile, "", true},
}

// joined returns a phrase of Persian words with its spaces left out, or
// "" for one word or a Latin phrase (English keeps its spaces).
func joined(phrase string) string {
	if !strings.Contains(phrase, " ") || isLatin(phrase) {
		return ""
	}
	return strings.ReplaceAll(phrase, " ", "")
}

// labelsV holds the keys of labels, in the same order.
var labelsV = func() *vocab {
	// «کدملی», «کد‌ملی»: a label of two words typed as one is the label.
	for _, l := range labels {
		if j := joined(l.key); j != "" {
			labels = append(labels, l)
			labels[len(labels)-1].key = j
		}
	}
	keys := make([]string, len(labels))
	for k, l := range labels {
		keys[k] = l.key
	}
	return newVocab(keys...)
}()
