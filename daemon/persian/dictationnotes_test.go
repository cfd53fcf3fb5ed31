package persian

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Commands dictated to a phone, whose voice typing spells the marks as
// words, and commands written as terse notes. None is a line of a
// corpus: each family is said in other words, other voices and other
// sentence shapes than testdata/planner/dictation-and-notes.jsonl.

// TestSpokenMarksByPosition: a mark's word is read as the mark only
// where it stands as punctuation; elsewhere it is the word it is.
func TestSpokenMarksByPosition(t *testing.T) {
	for text, want := range map[string]string{
		// «نقطه» after a verb, or last, ends the clause; before a noun it is a word.
		"فرم چهارده رو پیش نویس کن نقطه":               "فرم چهارده رو پیش نویس کن.",
		"منتشرش کنید نقطه مرسی":                        "منتشرش کنید. مرسی",
		"یه سوال کوتاه نقطه مبدا به فرم ۲ اضافه کن":    "یه سوال کوتاه نقطه مبدا به فرم ۲ اضافه کن",
		"یه سوال کوتاه اضافه کن دو نقطه نقطه ضعف شما":  "یه سوال کوتاه اضافه کن: نقطه ضعف شما",
		"سوال اول رو اجباری کن ویرگول دومی رو اختیاری": "سوال اول رو اجباری کن، دومی رو اختیاری",
		// a dictated quote keeps every word inside it, marks' words too.
		"با متن گیومه باز علامت سوال یعنی چه گیومه بسته":              "با متن «علامت سوال یعنی چه»",
		"عنوانش رو بذار نقل قول نقطه عطف پایان نقل قول":               "عنوانش رو بذار «نقطه عطف»",
		"با عنوان گیومه باز شهر گیومه بسته دو نقطه تبریز کاما ارومیه": "با عنوان «شهر»: تبریز، ارومیه",
		// an opening with no closing after it is left as said.
		"یه سوال با عنوان گیومه باز شهر محل تولد": "یه سوال با عنوان گیومه باز شهر محل تولد",
		// a line break after a verb, a quote or a form's number; «خط» of a bus stays.
		"فرم سی و یک خط جدید منتشرش کن":               "فرم سی و یک. منتشرش کن",
		"یه سوال کوتاه شماره خط بعدی اتوبوس اضافه کن": "یه سوال کوتاه شماره خط بعدی اتوبوس اضافه کن",
		"اجباریش کن اینتر سوال دوم رو پاک نکن":        "اجباریش کن. سوال دوم رو پاک نکن",
		"گزینه هاش پرسپولیس کاما اینتر کاما میلان":    "گزینه هاش پرسپولیس، اینتر، میلان",
		"کد ملی بدون خط تیره":                         "کد ملی بدون خط تیره",
		// «دو نقطه» after a preposition counts points.
		"با دو نقطه قوت": "با دو نقطه قوت",
		"منتشرش کن نقطه ویرگول بعد پیش نویسش کن": "منتشرش کن؛ بعد پیش نویسش کن",
		"با عنوان گیومه نام مادر گیومه":          "با عنوان «نام مادر»",
		// parentheses and the exclamation.
		"اضافه کن پرانتز باز اجباری پرانتز بسته علامت تعجب": "اضافه کن (اجباری)!",
	} {
		t.Run(text, func(t *testing.T) {
			if got := spokenMarks(text); got != want {
				t.Errorf("spokenMarks(%q)\n got %q\nwant %q", text, got, want)
			}
		})
	}
}

// TestDictatedCommands: whole dictated commands give the plan their
// typed twins give.
func TestDictatedCommands(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"به فرم نه یه سوال کوتاه با عنوان گیومه باز نام پدر گیومه بسته اضافه کن":               "add_field #9 short_text نام پدر",
		"عنوان فرم سه رو بذار نقل قول ثبت نام اردو پایان نقل قول":                              "update_form_title #3 ثبت نام اردو",
		"به فرم یازده یه سوال کوتاه نقطه مبدا اضافه کن":                                        "add_field #11 short_text نقطه مبدا",
		"فرم یازده رو منتشر کن علامت تعجب":                                                     "publish_form #11",
		"فرم یازده منتشر شده علامت سؤال":                                                       "none",
		"سوال اول فرم ده رو اجباری کن خط بعد سوال دوم رو اختیاری کن":                           "update_field #10 @0 required; update_field #10 @1 optional",
		"به فرم بیست یه سوال چندگزینه ای اضافه کن گزینه هاش بله کاما خیر کاما نمیدانم":         "add_field #20 multiple_choice [بله|خیر|نمیدانم]",
		"به فرم بیست یه سوال کوتاه اضافه کن پرانتز باز اجباری پرانتز بسته نقطه":                "add_field #20 short_text required",
		"به فرم پنج یه سوال کوتاه اضافه کن با متن گیومه باز علامت سوال یعنی چه گیومه بسته":     "add_field #5 short_text علامت سوال یعنی چه",
		"به فرم شش یه سوال کشویی اضافه کن گزینه هاش پرسپولیس کاما اینتر کاما میلان":            "add_field #6 dropdown [پرسپولیس|اینتر|میلان]",
		"یه سوال کوتاه شماره خط اتوبوس به فرم دو اضافه کن":                                     "add_field #2 short_text شماره خط اتوبوس",
		"فرم هجده رو منتشر کن ویرگول فرم نوزده رو پیش نویس کن نقطه":                            "publish_form #18; draft_form #19",
		"فرم بیست و یک رو پاک نکن نقطه":                                                        "none",
		"فرم بیست و هشت نقطه سوال سوم رو اجباری کن نقطه":                                       "update_field #28 @2 required",
		"یه سوال کوتاه به فرم ۵ اضافه کن نقطه تحویل":                                           "add_field #5 short_text نقطه تحویل",
		"فرم ۵ رو منتشر کن نقطه خیلی ممنون":                                                    "publish_form #5",
		"فرم نه رو منتشر کن نقطه ویرگول فرم ده رو پیش نویس کن":                                 "publish_form #9; draft_form #10",
		"به فرم شش یه سوال کوتاه با عنوان گیومه نام مادر گیومه اضافه کن":                       "add_field #6 short_text نام مادر",
		"سوال اول فرم هفت رو اجباری کن پاراگراف جدید سوال دوم رو اختیاری کن":                   "update_field #7 @0 required; update_field #7 @1 optional",
		"فرم سی و یک خط جدید سوال سوم رو ببر اول نقطه":                                         "move_field #31 @2 >0",
		"یه فرم بساز به اسم گیومه باز اردوی مشهد گیومه بسته اینتر یه سوال تاریخ تولد بذار توش": "create_form اردوی مشهد; add_field date تاریخ تولد",
	})
}

// TestTerseNotes: a form, a question and an order abbreviated as
// notes are.
func TestTerseNotes(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ف۸ س۲ اجب":                "update_field #8 @1 required",
		"ف ۸: س ۳ → اخت":           "update_field #8 @2 optional",
		"f8 q2 -> q5":              "move_field #8 @1 >4",
		"F8 => «ثبت نام تابستان»":  "update_form_title #8 ثبت نام تابستان",
		"ف۸ عنوان ← «اردوی پاییز»": "update_form_title #8 اردوی پاییز",
		"F8 unpub":         "draft_form #8",
		"ف۸ pub؛ ف۹ draft": "publish_form #8; draft_form #9",
		"F8: +سوال کوتاه «نام پدر»؛ +سوال تاریخ «تاریخ تولد» req": "add_field #8 short_text نام پدر; add_field #8 date تاریخ تولد required",
		"ف۸ +۳ سوال بلند":                               "add_field #8 long_text; add_field #8 long_text; add_field #8 long_text",
		"F8 Q2-5 opt":                                   "update_field #8 @1 optional; update_field #8 @2 optional; update_field #8 @3 optional; update_field #8 @4 optional",
		"F8:\nQ1 => req\nQ2 => req":                     "update_field #8 @0 required; update_field #8 @1 required",
		"F8 / Q1 → «نام کامل» / pub":                    "update_field #8 @0 نام کامل; publish_form #8",
		"F8 +Q dropdown «شیفت» options: صبح / عصر / شب": "add_field #8 dropdown شیفت [صبح|عصر|شب]",
		"ف۸: س۲ حذف نکن، اخت کن":                        "update_field #8 @1 optional",
		"F8 pub?":                                       "none",
		"F8 keep pub":                                   "none",
		"ف۸: -س۴":                                       "delete_field #8 @3",
		"F8 draft -> pub":                               "publish_form #8",
		"F3 Q1..Q3 req":                                 "update_field #3 @0 required; update_field #3 @1 required; update_field #3 @2 required",
		"F3 Q2–Q4 opt":                                  "update_field #3 @1 optional; update_field #3 @2 optional; update_field #3 @3 optional",
		"F3: Q4 -> first":                               "move_field #3 @3 >0",
		"ف۳ س۵ ← اول":                                   "move_field #3 @4 >0",
		"ف۱۲:\n+سوال کوتاه «نام»\n-س۴":                  "add_field #12 short_text نام; delete_field #12 @3",
		"- ف۱۲ pub\n- ف۱۳ draft":                        "publish_form #12; draft_form #13",
		"1) F12 Q3 req\n2) F12 pub":                     "update_field #12 @2 required; publish_form #12",
		"F12 - pub":                                     "publish_form #12",
		"F12 Q3=req":                                    "update_field #12 @2 required",
		"F12 Q3->req":                                   "update_field #12 @2 required",
		"F12: Q3→Q1":                                    "move_field #12 @2 >0",
		"F12 title: «ثبت نام»":                          "update_form_title #12 ثبت نام",
		"ف۱۲ عنوان: «ثبت نام»":                          "update_form_title #12 ثبت نام",
		"F12 Q5 -> short text":                          "update_field #12 @4 short_text",
		"F3 Q2 REQ":                                     "update_field #3 @1 required",
		"F3 +2Q short":                                  "add_field #3 short_text; add_field #3 short_text",
		"ف۳ +۲س کوتاه":                                  "add_field #3 short_text; add_field #3 short_text",
		// removals after separators; deletes run from the highest question down.
		"F3: -Q2; -Q3": "delete_field #3 @2; delete_field #3 @1",
	})
}

// TestNoteMinusIsNoRemovalOnAGuess: a minus sign is a removal only glued
// to a question's abbreviation alone between orders; as a range, a
// hyphen, a question asked or beside other words it deletes nothing.
func TestNoteMinusIsNoRemovalOnAGuess(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"ف۸ س۲-۴",
		"F8 Q2 - Q4 req",
		"F8 -Q2 req",
		"F8 -Q2?",
		"ف۸ -س۲ اجب",
		"F8: Q-3",
		"F8 del",
		"ف۸ حذف؟",
		"F8 Q2 del?",
		"ف۸ ۲-۳ سوال کوتاه اضافه کن",
		"F8 -> archive? no",
		"F8: do not delete Q2 / Q2 => opt",
		"ف۳ -س۲ -س۳",
		"فرم ۳: -سوال ۲",
		"F3 Q1..Q3",
		// a glued minus opening the lines of a list that adds nothing is a bullet.
		"ف۱۲:\n-س۳\n-س۴",
		"F12 - Q3",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil {
				return
			}
			for _, st := range r.Plan.Steps {
				if isAny(st.Action, "delete_form", "delete_field", "disable_form", "draft_form") {
					t.Errorf("%q planned %s: %s", text, st.Action, stepsOf(r))
				}
			}
		})
	}
}

// TestNotesLeaveOtherTextAlone: the passes leave a command with none of
// their marks as it is, and never read inside a quote.
func TestNotesLeaveOtherTextAlone(t *testing.T) {
	for _, text := range []string{
		"فرم ۱۲ را منتشر کن",
		"یه سوال «ف۱۲ س۳ → اجب» به فرم ۵ اضافه کن",
		"new form «پیگیری» + short text «شماره موبایل همراه»",
		"options: bronze silver gold",
		"حذف کن سوال دوم فرم ۵ رو",
	} {
		t.Run(text, func(t *testing.T) {
			got := terseNotes(spokenMarks(text))
			if strings.Contains(text, "«") {
				if q := text[strings.Index(text, "«"):strings.Index(text, "»")]; !strings.Contains(got, q) {
					t.Errorf("the quote %q was changed: %q", q, got)
				}
				return
			}
			if got != text {
				t.Errorf("changed %q to %q", text, got)
			}
		})
	}
}

// TestDictatedCorrections: a dictated correction is often stammered
// («نه نه نه اشتباه شد») and often names its new act by a verb with the
// form typed on as «ـش» («فقط ببندش»); a form named by a number word
// before «فقط» or «لطفا» is still the form acted on.
func TestDictatedCorrections(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۱۲ رو منتشر کن نه نه ببخشید پیش نویسش کن":           "draft_form #12",
		"سوال دوم فرم ۵ رو پاک کن نه نه اشتباه گفتم اختیاریش کن": "update_field #5 @1 optional",
		"فرم ۳۰ رو حذف کن نه ببخشید فقط ببندش":                   "disable_form #30",
		"فرم بیست و شش رو پاک کن نه نه ببندش":                    "disable_form #26",
		"فرم سی فقط غیرفعالش کن":                                 "disable_form #30",
		"فرم چهل و یک لطفا منتشرش کن":                            "publish_form #41",
		"فرم شصت رو پاک کن؟ نه ببخشید فقط از انتشار خارجش کن":    "draft_form #60",
		// a stammered no with nothing after it takes the order back.
		"فرم ۸ رو حذف کن نه نه نه": "none",
	})
}

// TestBeforeThatInsideTheClause: «قبلش» said after a clause's object,
// not at its start, still puts that clause's act first.
func TestBeforeThatInsideTheClause(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"فرم ۹ رو منتشر کن ولی سوال دوم رو قبلش پاک کن":                "delete_field #9 @1; publish_form #9",
		"فرم بیست رو منتشر کن، فقط سوال اول رو قبلش اجباری کن":         "update_field #20 @0 required; publish_form #20",
		"فرم ۹ رو از حالت انتشار خارج کن، سوال سوم رو پیشش اختیاری کن": "update_field #9 @2 optional; draft_form #9",
		// «بعدش» keeps the order said.
		"فرم ۹ رو منتشر کن و سوال اول رو بعدش اجباری کن": "publish_form #9; update_field #9 @0 required",
	})
}

// TestDeletedIsAReport: a question or form said to have been deleted
// («پاک شده», «حذف شده است») is a report or, asked, a question — never
// an order to delete it — whether its question mark was dictated, typed
// or dropped; «حذف شده باشد» and «حذف شود» stay orders.
func TestDeletedIsAReport(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دوم فرم ۵ حذف شده":                        "none",
		"سوال اول فرم چهل پاک شده علامت سوال":           "none",
		"سوال سوم فرم ۱۱ حذف شده است":                   "none",
		"فرم ۱۲ پاک شده":                                "none",
		"سوال دوم فرم ۵ حذف شده باشد":                   "delete_field #5 @1",
		"سوال سوم فرم ۷ حذف شود":                        "delete_field #7 @2",
		"بعد از اینکه سوال دوم فرم ۵ حذف شده منتشرش کن": "delete_field #5 @1; publish_form #5",
	})
}

// TestNotesRetyped: a note keeps its reading with a full stop typed
// after it or thanks after its last order, and a state after «نه»
// without a comma between them («draft نه pub» may be "draft, not
// published") orders nothing.
func TestNotesRetyped(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"F14: draft => pub.":        "publish_form #14",
		"ف۸ س۲ اجب.":                "update_field #8 @1 required",
		"ف۸: +سوال کوتاه؛ -س۴ مرسی": "add_field #8 short_text; delete_field #8 @3",
		"ف۸ draft نه pub":           "none",
		"ف۸ draft نه، pub":          "publish_form #8",
	})
}

// TestOrdinalItemsAfterCommas: the questions counted, then named one by
// one after commas by «اولی», «دومی», «سومی» — as voice typing writes
// them from «ویرگول» — take those words as their wordings; a kind or a
// label said there is the item's kind, as before.
func TestOrdinalItemsAfterCommas(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سه تا سوال کوتاه به فرم ۷ اضافه کن، اولی شهر، دومی محله، سومی کوچه":     "add_field #7 short_text شهر; add_field #7 short_text محله; add_field #7 short_text کوچه",
		"دو تا سوال بلند به فرم ۴ اضافه کن ویرگول اولی سابقه ویرگول دومی انگیزه": "add_field #4 long_text سابقه; add_field #4 long_text انگیزه",
		"دو تا سوال کوتاه به فرم ۴ اضافه کن، اولی اسم، دومی فامیل نقطه ممنون":    "add_field #4 short_text اسم; add_field #4 short_text فامیل",
		"دو تا سوال به فرم ۱۳ اضافه کن، اولی کوتاه، دومی بلند":                   "add_field #13 short_text; add_field #13 long_text",
		"دو تا سوال کوتاه به فرم ۱۳ اضافه کن، اولی ایمیل، دومی کد ملی":           "add_field #13 email; add_field #13 short_text national_code کد ملی",
		// one ordinal short of the count is no list: nothing is guessed.
		"سه تا سوال کوتاه به فرم ۷ اضافه کن، اولی شهر، دومی محله": "add_field #7 short_text; add_field #7 short_text; add_field #7 short_text",
	})
}

// FuzzDictationAndNotes: the two passes never panic, return valid UTF-8
// for valid input, and keep every typed quote's words; a minus they read
// as a removal is always glued to a question's abbreviation.
func FuzzDictationAndNotes(f *testing.F) {
	for _, s := range []string{
		"به فرم نه یه سوال کوتاه با عنوان گیومه باز نام پدر گیومه بسته اضافه کن نقطه",
		"ف۱۱: +سوال عددی «دما»؛ -س۳", "F12 / Q3 => req / Q4 => opt", "F50\nQ2 => opt\npub",
		"گیومه باز", "گیومه بسته گیومه باز", "نقل قول پایان نقل قول", "+", "-", "-س", "ف", "ف ", "F1-", "Q1..", "«", "»«",
		"پرانتز باز پرانتز بسته نقطه ویرگول", "+2Q", "ف۳ -س۲ -س۳", "\n\n;;//",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := terseNotes(spokenMarks(surface(noteLines(text))))
		if utf8.ValidString(text) && !utf8.ValidString(got) {
			t.Fatalf("%q gave invalid UTF-8 %q", text, got)
		}
		if strings.Contains(got, "حذف کن") && !strings.Contains(text, "حذف") {
			for _, u := range units(surface(text)) {
				if k, _ := noteAbbrev(strings.TrimPrefix(u.s, "-")); k == 'q' && strings.HasPrefix(u.s, "-") && !u.quoted {
					return
				}
			}
			t.Fatalf("%q read as a removal: %q", text, got)
		}
	})
}

// TestDenialInParentheses: a parenthesis holding only a denied act,
// typed or dictated, denies that act and leaves the order beside it
// (ruling 12), as the same denial after a comma does.
func TestDenialInParentheses(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"سوال دوم فرم ۵ رو اختیاری کن (حذف نکن)":                           "update_field #5 @1 optional",
		"سوال دوم فرم ۵ رو اختیاری کن پرانتز باز حذف نکن پرانتز بسته":      "update_field #5 @1 optional",
		"فرم ۵ رو پیش نویس کن (پاکش نکن)":                                  "draft_form #5",
		"سوال سوم فرم ۹ رو ببر اول پرانتز باز پاکش نکنیا پرانتز بسته نقطه": "move_field #9 @2 >0",
		"(پاک نکن)": "none",
	})
}
