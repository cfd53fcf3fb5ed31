package persian

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// BenchmarkPlanCorpora reads every command of every corpus with the
// contract its file is written for: ns/op is the mean time of one
// command, cpu-ns/op the CPU time the process spent on it (user and
// system, garbage collection included), which a busy machine does not
// inflate as it does the wall-clock time.
func BenchmarkPlanCorpora(b *testing.B) {
	type job struct {
		p    *Planner
		text string
	}
	var jobs []job
	for _, c := range corpora {
		p := New(Config{Contract: c.contract})
		for _, cs := range loadCorpus(b, c.name) {
			jobs = append(jobs, job{p, cs.Text})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	before := cpuTime()
	for i := 0; i < b.N; i++ {
		j := jobs[i%len(jobs)]
		j.p.Plan(j.text)
	}
	b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time the process has used, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// TestSoundKey: words typed with a letter that sounds like the right one,
// with or without hamza, madda, ZWNJ or a doubled letter, share a key.
func TestSoundKey(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"حزف", "حذف"}, {"ثوال", "سوال"}, {"صوال", "سوال"}, {"طاریخ", "تاریخ"}, {"سوآل", "سوال"},
		{"سؤال", "سوال"}, {"اضافح", "اضافه"}, {"قیرفعال", "غیرفعال"}, {"منتتشر", "منتشر"},
	} {
		if soundKey(tc.a) != soundKey(tc.b) {
			t.Errorf("soundKey(%s)=%s, soundKey(%s)=%s", tc.a, soundKey(tc.a), tc.b, soundKey(tc.b))
		}
	}
	for _, tc := range []struct{ typed, want string }{
		{"ثوال", "سوال"}, {"طاریخ", "تاریخ"}, {"فورم", "فرم"}, {"منطشر", "منتشر"}, {"پیشنوث", "پیشنویس"},
	} {
		got, ok := soundWord(tc.typed)
		if !ok || got != tc.want {
			t.Errorf("soundWord(%s) = %q, %v; want %q", tc.typed, got, ok, tc.want)
		}
	}
	// Real words of their own and slips that change the first letter
	// are not read as lexicon words.
	for _, w := range []string{"منتظر", "حضوری", "نباشه", "سال", "نویس"} {
		if got, ok := soundWord(w); ok {
			t.Errorf("soundWord(%s) = %q, want no match", w, got)
		}
	}
}

// TestFuzzyNeverDestroys: a word read only by its sound never deletes,
// closes or unpublishes a form, and a word not understood with its own
// number stops a destructive act.
func TestFuzzyNeverDestroys(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"فورم ۱۲ رو پاک کن",
		"فورم ۱۲ رو غیرفعال کن",
		"فورم ۱۲ رو پیش نویس کن",
		"ببببب ۷ فرم ۹۰ رو حذف کن",
		"سوال ۲ فرم ۵ خوبه، غیرفعالش کن",
		"A3 فرم ۴ رو پاک کن",
		"سوال ۳ فرم ۴ رو مخفی کن",
		"close question 3 of form 4",
		"عنوان فرم ۳ رو پاک کن",
		"delete the title of form 3",
		"سوال ۲ و فرم ۳ رو پاک کن",
		"فرم بیست رو پاک کن نه ببخشید فرم بیست و یک رو",
		"سوال دوم از آخر فرم ۳ رو پاک کن",
		"سوال یکی مونده به آخر فرم ۳ رو پاک کن",
		"فرم ۳ و سوال ۲ فرم ۴ رو پاک کن",
		"اگه فرم ۳ جواب نداره پاکش کن",
		"delete form 3 if it has no answers",
		"add a question to form 3 and delete it",
		"فرم دوازده رو پاک نکن ها",
		"فرم ۴۵ رو نه پاک کن نه غیرفعال فقط اسمشو بزار نسخه قدیمی",
		"فرم ۶۵ رو delete نکن!! فقط qustion اولش رو پاک کن",
		"فرم ۶۵ رو delete نکن!! فقط ققق اولش رو پاک کن",
	} {
		if strings.Contains(text, "بیست و یک") {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != 1 || *r.Plan.Steps[0].Params.ID != 21 {
				t.Errorf("%q: want only form 21 deleted, got %+v", text, r.Plan)
			}
			continue
		}
		r := p.Plan(text)
		if r.Plan != nil {
			for _, st := range r.Plan.Steps {
				if st.Action == domain.ActionDeleteForm || st.Action == domain.ActionDisableForm || st.Action == domain.ActionDraftForm {
					t.Errorf("%q: destructive step %s", text, st.Action)
				}
			}
		}
		if r.Plan == nil && r.Reason == "" {
			t.Errorf("%q: no plan and no reason", text)
		}
	}
	// A misspelt question noun narrows the act to the question.
	r := p.Plan("صوال ۹ فرم ۶ رو هذف کن")
	if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Action != domain.ActionDeleteField {
		t.Errorf("want delete_field, got %+v", r)
	}
	// «Q3» is question 3: the act is narrowed to it.
	r = p.Plan("Q3 فرم ۴ رو پاک کن")
	if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Action != domain.ActionDeleteField || *r.Plan.Steps[0].Params.Index != 2 {
		t.Errorf("Q3: want delete_field of index 2, got %+v", r)
	}
	// «سوال ۵ فرم ۳ اضافیه، پاکش کن»: the pronoun is the question.
	r = p.Plan("سوال ۵ فرم ۳ اضافیه، پاکش کن")
	if r.Plan == nil || r.Plan.Steps[0].Action != domain.ActionDeleteField {
		t.Errorf("pronoun after a question: want delete_field, got %+v", r)
	}
}

// TestLeftoverWords: content words the reading did not use are named
// in a warning; a command read whole has none.
func TestLeftoverWords(t *testing.T) {
	p := New(Config{Contract: 2})
	r := p.Plan("فرم ۳ رو منتشر کن و زرافه بنفش")
	found := false
	for _, w := range r.Warnings {
		found = found || w.Code == "plan.leftover" && strings.Contains(w.MessageFA, "زرافه")
	}
	if !found {
		t.Errorf("want a plan.leftover warning naming «زرافه», got %+v", r.Warnings)
	}
	for _, text := range []string{"فرم ۳ رو منتشر کن", "خواهشمند است پرسشی با عنوان «نام» به فرم ۲۷ افزوده شود."} {
		for _, w := range p.Plan(text).Warnings {
			if w.Code == "plan.leftover" {
				t.Errorf("%q: unexpected leftover warning %s", text, w.MessageEN)
			}
		}
	}
}

// TestFormatsInWords: a format said in words is carried; a format the
// contract has no name for refuses the clause; a length in digits that
// names no format is warned of.
func TestFormatsInWords(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"یه سوال «شماره تلفن منزل» به فرم 3 اضافه کن با فرمت تلفن ثابت":                                domain.PlanFormatPhoneIR,
		"فرم 20 یه سوال متن کوتاه «آدرس سایت مطب» بذار فرمتش url باشه":                                 domain.PlanFormatURL,
		"به فرم ۱۸ یه سوال کوتاه «شماره تماس» اضافه کن که فقط موبایل قبول کنه":                         domain.PlanFormatMobileIR,
		"یه سوال کوتاه «کد» به فرم ۶ اضافه کن که فقط کد ملی معتبر قبول کنه":                            domain.PlanFormatNationalCode,
		"تو فرم 2 یه سوال بذار «کد پستی محل سکونت»":                                                    domain.PlanFormatPostalCodeIR,
		"لطفاً پرسشی با عنوان «تماس» به فرم ۲۶ افزوده شود؛ پاسخ باید یازده رقم باشد و با ۰۹ آغاز شود.": domain.PlanFormatMobileIR,
	} {
		r := p.Plan(text)
		if r.Plan == nil || r.Plan.Steps[len(r.Plan.Steps)-1].Params.Format != want {
			t.Errorf("%q: want format %s, got %+v", text, want, r.Plan)
		}
	}
	// A format no plan carries is the point when nothing else is said
	// of the answer: no plan. Said of a kind of answer chosen in words,
	// it is a detail of it: dropped, and named in a warning.
	if r := p.Plan("پرسش «کد» به فرم ۳ اضافه کن با فرمت شماره شبا"); r.Plan != nil {
		t.Errorf("unknown format as the point: want no plan, got %+v", r.Plan)
	}
	if r := p.Plan("یه سوال کوتاه «کد» به فرم ۳ اضافه کن با فرمت شماره شبا"); r.Plan == nil || len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0].MessageEN, "شبا") {
		t.Errorf("unknown format beside a type: want a plan and a warning naming it, got %s %+v", stepsOf(r), r.Warnings)
	}
	r := p.Plan("یه سوال کوتاه «شماره کارت» به فرم ۷ اضافه کن که ۱۶ رقمی باشه")
	warned := false
	for _, w := range r.Warnings {
		warned = warned || w.Code == "detail.dropped"
	}
	if r.Plan == nil || !warned {
		t.Errorf("a length in digits: want a plan and a detail.dropped warning, got %+v", r)
	}
}

// TestRefusedNotCut: questions, a time to act, looks, and more forms
// than the step limit get no plan, in both contracts.
func TestRefusedNotCut(t *testing.T) {
	for _, v := range []int{1, 2} {
		p := New(Config{Contract: v})
		for _, text := range []string{
			"صد تا فرم جدید بساز",
			"فرم‌های ۱ تا ۳۰ رو منتشر کن",
			"فرم ۲ منتشر شده یا نه؟",
			"فرم ۴ رو منتشر کنم یا پیش‌نویس بمونه؟",
			"فرم ۹ فردا ساعت هشت صبح منتشر شود.",
			"فرم ۲ رو هفته بعد منتشر کن",
			"فرم ۸ رو منتشر کن و رنگش رو سبز کن",
			"make a hundred new forms",
			"ثوال سوم فرم ۲۸ اجباریح؟",
			"سوال سوم فرم ۲۸ اختیاریه؟",
			"فرم‌های شماره ۲۰ الی ۳۵ غیرفعال گردند.",
			"یک فرم جدید بساز و بیست سوال کوتاه اضافه کن",
			"به فرم ۵ هشت سوال کوتاه و پنج سوال بلند اضافه کن",
		} {
			if r := p.Plan(text); r.Plan != nil || r.Reason == "" {
				t.Errorf("v%d %q: want no plan with a reason, got %+v", v, text, r)
			}
		}
	}
}

// TestV1CutsWithinTheStepLimit: v1 cuts a command's questions to six,
// with a warning, only while what the command asks fits one plan.
func TestV1CutsWithinTheStepLimit(t *testing.T) {
	p := New(Config{Contract: 1})
	for _, c := range []struct {
		text  string
		steps int
	}{
		{"فرم جدیدی بساز به نام آزمون و ده سوال کوتاه اضافه کن", 7},
		{"به فرم ۵ هشت سوال کوتاه و دو سوال بلند اضافه کن", 6},
	} {
		t.Run(c.text, func(t *testing.T) {
			r := p.Plan(c.text)
			if r.Plan == nil || len(r.Plan.Steps) != c.steps || len(r.Warnings) == 0 {
				t.Fatalf("want %d steps and a warning of the cut, got %+v", c.steps, r)
			}
		})
	}
}

// TestStepOrder: the steps come in the order the command means.
func TestStepOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"فرم ۹ رو پاک کن ولی قبلش ازش یه کپی بگیر":                            "duplicate_form delete_form",
		"قبل از اینکه فرم ۱۵ رو پاک کنی یه کپی ازش بگیر":                      "duplicate_form delete_form",
		"پیش از انتشار فرم ۱۲، پرسش دوم آن الزامی شود.":                       "update_field publish_form",
		"فرم ۶ رو پیش‌نویس کن، سوال دومش رو اجباری کن و بعد دوباره منتشرش کن": "draft_form update_field publish_form",
		"فرم سه رو منتشر کن فرم چهار رو پیش نویس کن و فرم پنج رو غیر فعال کن": "publish_form draft_form disable_form",
		"سوال ۳ فرم ۵ رو پاک نکن، فقط اختیاریش کن":                            "update_field",
		"فرم ۲۰ رو به جای اینکه پاک کنی فقط از انتشار درش بیار":               "draft_form",
		"فرم ۲۸ رو منطشر کن ولی غبلش ثوال ۴ رو حزف کن":                        "delete_field publish_form",
	} {
		if got := actionsOf(p.Plan(text)); got != want {
			t.Errorf("%q: got %q, want %s", text, got, want)
		}
	}
	if r := p.Plan("فرم ۹ رو پاک کن و بعد منتشرش کن"); r.Plan != nil {
		t.Errorf("a form used after its deletion: want no plan, got %+v", r.Plan)
	}
}

// TestSelfCorrected: only the corrected order is planned (RULINGS 17),
// never the one taken back.
func TestSelfCorrected(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"فرم بیست رو پاک کن نه ببخشید فرم بیست و یک رو":          "delete_form/21",
		"فرم ۳۱ رو حذف کن نه ببخشید، منظورم فرم ۳۲ بود":          "delete_form/32",
		"فرم ۳۰ رو منتشر کن نه ببخشید پیش نویس کن":               "draft_form/30",
		"فرم ۲ رو منتشر کن و فرم ۳ رو پاک کن نه ببخشید فرم ۴ رو": "publish_form/2 delete_form/4",
		"delete form 5 sorry I mean form 6":                      "delete_form/6",
	} {
		r := p.Plan(text)
		var got []string
		if r.Plan != nil {
			for _, st := range r.Plan.Steps {
				id := int64(0)
				if st.Params.ID != nil {
					id = *st.Params.ID
				}
				got = append(got, st.Action+"/"+strconv.FormatInt(id, 10))
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: got %v, want %s", text, got, want)
		}
	}
}

// TestQuestionsListed: questions named by their places get the act
// each, in their own forms; a question beside a form being deleted is
// never dropped silently.
func TestQuestionsListed(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"سوالای ۲ و ۳ فرم ۴ رو پاک کن":                         "delete_field/4/2 delete_field/4/1",
		"سوال ۲ فرم ۴ و سوال ۳ فرم ۵ رو پاک کن":                "delete_field/4/1 delete_field/5/2",
		"سوال های دوم و سوم فرم ۴ رو اجباری کن":                "update_field/4/1 update_field/4/2",
		"فرم ده سوال سه رو پاک کن":                             "delete_field/10/2",
		"سوال ۲ و فرم ۳ رو پاک کن":                             "",
		"اول سوال ۲ فرم ۴ رو پاک کن بعد سوال ۶ رو":             "delete_field/4/5 delete_field/4/1",
		"لطفاً ابتدا پرسش دهم و سپس پرسش سوم فرم ۲۴ حذف گردد.": "delete_field/24/9 delete_field/24/2",
	} {
		r := p.Plan(text)
		var got []string
		if r.Plan != nil {
			for _, st := range r.Plan.Steps {
				got = append(got, st.Action+"/"+strconv.FormatInt(*st.Params.ID, 10)+"/"+strconv.Itoa(*st.Params.Index))
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: got %v, want %q", text, got, want)
		}
	}
}

// FuzzSoundWord: the sound key is stable under itself, and a word read
// by its sound is always a word of the lexicon, never the word typed.
func FuzzSoundWord(f *testing.F) {
	for _, w := range []string{"حزف", "ثوال", "فورم", "منطشر", "پیشنوث", "حضوری", "گضینههای", "\u200cآ\u0654ء", "ززز"} {
		f.Add(w)
	}
	f.Fuzz(func(t *testing.T, w string) {
		k := soundKey(w)
		if soundKey(k) != k {
			t.Fatalf("soundKey(%q)=%q, soundKey of that %q", w, k, soundKey(k))
		}
		m := matchForm(w)
		if got, ok := soundWord(m); ok && (got == m || !sounds.known[got] && spokenSpellings[m] != got) {
			t.Fatalf("soundWord(%q)=%q: not a lexicon word", m, got)
		}
	})
}

// TestEnglishNounSlip: an English question or option noun typed with
// one slip is read as the noun; verbs, other words and two slips are
// not.
func TestEnglishNounSlip(t *testing.T) {
	for in, want := range map[string]string{
		"qustion": "question", "qeustion": "question", "questoin": "question", "quesiton": "question",
		"optons": "options", "optiom": "option",
		"delette": "", "deleted": "", "quetsoin": "", "querying": "", "question": "", "form": "", "مسئله": "",
	} {
		t.Run(in, func(t *testing.T) {
			got, ok := englishNounSlip(in)
			if got != want || ok != (want != "") {
				t.Errorf("englishNounSlip(%q) = %q, %v; want %q", in, got, ok, want)
			}
		})
	}
}

// stepsOf writes a plan as «action id index to type format required
// question [options]» per step, for tests that compare whole readings.
func stepsOf(r Result) string {
	if r.Plan == nil {
		return "none"
	}
	var out []string
	for _, st := range r.Plan.Steps {
		p := st.Params
		s := st.Action
		if p.ID != nil {
			s += " #" + strconv.FormatInt(*p.ID, 10)
		}
		if p.Index != nil {
			s += " @" + strconv.Itoa(*p.Index)
		}
		if p.To != nil {
			s += " >" + strconv.Itoa(*p.To)
		}
		for _, v := range []string{p.Type, p.Format, p.Title, p.Question} {
			if v != "" {
				s += " " + v
			}
		}
		if p.Required {
			s += " required"
		}
		if p.Optional {
			s += " optional"
		}
		if len(p.Options) > 0 {
			s += " [" + strings.Join(p.Options, "|") + "]"
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// TestReadingsByMechanism reads one command for each way of saying a
// detail that the planner used to drop or misread, family by family:
// each must give exactly the plan written beside it.
func TestReadingsByMechanism(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, family := range []struct {
		name  string
		cases map[string]string
	}{
		{"list ends at a preposition with a pronoun", map[string]string{
			"یه فرم «سفارش» بساز، یه dropdown «شهر» با options تهران/مشهد/تبریز بهش اضافه کن":                          "create_form سفارش; add_field dropdown شهر [تهران|مشهد|تبریز]",
			"به فرم ۹ یه سوال چندگزینه‌ای «رنگ» با گزینه‌های سبز، آبی و قرمز براش بذار":                                "add_field #9 multiple_choice رنگ [سبز|آبی|قرمز]",
			"options فیلد 2 فرم 14 رو set کن به low, medium, high":                                                     "update_field #14 @1 [low|medium|high]",
			"گزینه‌های سوال ۳ فرم ۴ رو replace کن با «حضوری» و «آنلاین»":                                               "update_field #4 @2 [حضوری|آنلاین]",
			"سوال سوم فرم دوازده رو چند انتخابی کن گزینه هاشم بزار کتاب و فیلم":                                        "update_field #12 @2 checkboxes [کتاب|فیلم]",
			"گزینه های سوال سوم فرم ۷ رو عوض کن بکن یک کیلو و دو کیلو":                                                 "update_field #7 @2 [یک کیلو|دو کیلو]",
			"به فرم ۹ یه سوال «سطح» (مبتدی/متوسط/پیشرفته) اضافه کن":                                                    "add_field #9 multiple_choice سطح [مبتدی|متوسط|پیشرفته]",
			"به فرم 21 یه dropdown «نوع پرداخت» اضافه کن: نقدی، اقساطی، چک":                                            "add_field #21 dropdown نوع پرداخت [نقدی|اقساطی|چک]",
			"خواهشمند است پرسش‌های زیر به فرم ۳۳ افزوده شوند: «نام» (پاسخ کوتاه، الزامی)، «توضیحات» (پاسخ بلند). سپاس": "add_field #33 short_text نام required; add_field #33 long_text توضیحات",
		}},
		{"wording said after the verb or by its noun", map[string]string{
			"فرم ۲ یه سوال عددی بذار «تعداد دفعات مراجعه»":                           "add_field #2 number تعداد دفعات مراجعه",
			"تو فرم دوازده یه سوال عددی بذار با عنوان تعداد شیشه":                    "add_field #12 number تعداد شیشه",
			"تو فرم دوازده یه سوال بذار اسم مشتری جواب کوتاه":                        "add_field #12 short_text اسم مشتری",
			"تو فرم ۲۳ یه سوال بزار کدملی":                                           "add_field #23 short_text national_code کدملی",
			"به فرم 12 یه field جدید add کن، type‌ش short text و label‌ش «نام شرکت»": "add_field #12 short_text نام شرکت",
			"field 1 فرم 14 رو optional کن و label‌ش رو بکن «Full name»":             "update_field #14 @0 Full name optional",
			"متن پرسش اول فرم ۴۱ غلطه، بکنیدش «نام دانش‌آموز»":                       "update_field #41 @0 نام دانش‌آموز",
			"سوال دوم فرم سی رو متنشو عوض کن بشه سن شما چقدر است":                    "update_field #30 @1 سن شما چقدر است",
		}},
		{"formats said apart from the question", map[string]string{
			"به فرم 35 یه short text با عنوان «لینک» و format url اضافه کن":                          "add_field #35 short_text url لینک",
			"سوال 5 فرم 20 رو short text کن و format‌ش رو کد ملی بذار":                               "update_field #20 @4 short_text national_code",
			"به فرم 80 یه short text «شماره تماس اضطراری» اضافه کن که 11 رقمی باشه و با 09 شروع بشه": "add_field #80 short_text mobile_ir شماره تماس اضطراری",
			"به فرم ۵ یه سوال «وبسایت شرکت» اضافه کن که لینک معتبر باشه":                             "add_field #5 short_text url وبسایت شرکت",
			"add a short text «Phone» to form 5 that only accepts Iranian mobile numbers":            "add_field #5 short_text mobile_ir Phone",
			"یه سوال جواب کوتاه به فرم ۷۲ اضافه کن با عنوان آدرس سایت شرکت فرمتش هم یو آر ال باشه":   "add_field #72 short_text url آدرس سایت شرکت",
		}},
		{"moves, renames and orders said colloquially", map[string]string{
			"سوال نهم فرم ۳۸ رو بیار بشه سوال دوم":                                             "move_field #38 @8 >1",
			"سوال پنجم فرم دوازده رو ببر بالا بشه سوال دوم":                                    "move_field #12 @4 >1",
			"فرم ۳۸ رو نبندید، فقط عنوانش رو بکنید «آزمون میان‌ترم»":                           "update_form_title #38 آزمون میان‌ترم",
			"آقا فرم دوازده رو دیگه نمیخوام پاکش کن":                                           "delete_form #12",
			"یه فرم بساز به اسم نظرسنجی کارکنان و به فرم نود و هفت هم یه سوال تشریحی اضافه کن": "create_form نظرسنجی کارکنان; add_field #97 long_text",
		}},
		{"verbs of every register, with the pronoun on", map[string]string{
			"فرم ۶۱ رو پاک نکنید، فقط از انتشار خارجش کنید":                  "draft_form #61",
			"سوال سه فرم ۸۸ رو بنداز دور":                                    "delete_field #88 @2",
			"فرم ۶۱ دیگه ثبت‌نام نگیره":                                      "disable_form #61",
			"فرم ۸۸ رو فعلا ببند ظرفیت پر شد":                                "disable_form #88",
			"خیلی ممنون، سوال پنجم فرم ۷۷ را بیاورید اول":                    "move_field #77 @4 >0",
			"یه سوال بله/خیر با عنوان «آیا دانشجو هستید؟» به فرم ۷ اضافه کن": "add_field #7 multiple_choice آیا دانشجو هستید؟ [بله|خیر]",
			"add a yes/no question «Are you a student?» to form 7":           "add_field #7 multiple_choice Are you a student? [yes|no]",
			"کد ملی هم بذار تو فرم ۳":                                        "add_field #3 short_text national_code کد ملی",
			"فرم ۱۲ رو دیگه نمیخوام پاکش کن":                                 "delete_form #12",
			"سوال های دوم تا چهارم فرم ۲۳ رو اجباری کن":                      "update_field #23 @1 required; update_field #23 @2 required; update_field #23 @3 required",
			"یه سوال به فرم ۲۳ اضافه کن بپرسه چند نفر مهمون دارید":           "add_field #23 short_text چند نفر مهمون دارید",
			"فرم ۲۳ یه سوال بذار آدرس دقیق که بلند باشه":                     "add_field #23 long_text آدرس دقیق",
			"فرم ۱۴ بازگشایی شود":                                            "publish_form #14",
			"فرم ۱۴ مسدود گردد":                                              "disable_form #14",
			"پرسش سوم فرم ۱۴ به جای پرسش دوم قرار گیرد":                      "move_field #14 @2 >1",
			"پرسش پنجم فرم ۱۴ از حالت الزامی خارج شود":                       "update_field #14 @4 optional",
			"question 2 of form 6 is no longer required":                     "update_field #6 @1 optional",
			"فرم ۶ رو از حالت غیرفعال خارج کن":                               "publish_form #6",
			"فرم ۸ رو منتشر کن، البته بعد از اینکه سوال سومشو اجباری کردی":   "update_field #8 @2 required; publish_form #8",
			"سوال ۴ فرم ۵ رو یکی ببر بالا":                                   "move_field #5 @3 >2",
			"سوال ۴ فرم ۵ رو دو تا ببر پایین":                                "move_field #5 @3 >5",
			"عنوان فرم ۴: «گزارش»":                                           "update_form_title #4 گزارش",
			"title of form 4: «Report»":                                      "update_form_title #4 Report",
			"فرم ۴ رو rename کن: «Customer Survey»":                          "update_form_title #4 Customer Survey",
			"یه سوالکوتاه به فرم ۵ اضافه کن":                                 "add_field #5 short_text",
			"یه پرسشبلند به فرم ۵ بیفزایید":                                  "add_field #5 long_text",
			"فرم ۳ رو منتشر کن فرم ۴ رو ببند فرم ۵ رو پاک کن":                "publish_form #3; disable_form #4; delete_form #5",
			"remove question four from form eight":                           "delete_field #8 @3",
			"دو تا کپی از فرم ۷ بگیر":                                        "duplicate_form #7; duplicate_form #7",
			"تو فرم ۷ دو تا سوال بذار یکی نام یکی نام خانوادگی هر دو اجباری": "add_field #7 short_text نام required; add_field #7 short_text نام خانوادگی required",
			"make question 2 of form 3 required and move it to the top":      "update_field #3 @1 required; move_field #3 @1 >0",
			"سوال ۲ فرم ۳ رو اجباری کن و بعد ببرش جای سوال اول":              "update_field #3 @1 required; move_field #3 @1 >0",
			"پاک کن سوال دوم فرم ۸ رو":                                       "delete_field #8 @1",
			"منتشر کن فرم ۸ رو":                                              "publish_form #8",
			"سوال دوم فرم ۶۱ رو بکن سوال پنجم":                               "move_field #61 @1 >4",
			"سوال سوم فرم ۵۸ رو یه سوال عددی کن":                             "update_field #58 @2 number",
			"فرم‌های یک و ۲ و سه رو منتشر کن":                                "publish_form #1; publish_form #2; publish_form #3",
			"فرم ۳ رو لطفاً در دسترس دانشجوها قرار بدید":                     "publish_form #3",
			"دریافت پاسخ در فرم ۲۸ متوقف شود، ولی پیوندش در دسترس باشد":      "disable_form #28",
			"فرم ۱۲ رو منتشر کن آخرش هم اسمشو بزار نظرسنجی مشتریان":          "publish_form #12; update_form_title #12 نظرسنجی مشتریان",
			"فرم ۷ یه سوال شماره موبایل پدر هم بذار":                         "add_field #7 short_text mobile_ir شماره موبایل پدر",
			"فرم های چهار و پنج و شش رو غیرفعال کن":                          "disable_form #4; disable_form #5; disable_form #6",
		}},
		{"what one clause says of the question the next one adds or names", map[string]string{
			"در فرم ۶۱ سوال «سابقه» از نوع عددی و اجباری اضافه کنید":                                       "add_field #61 number سابقه required",
			"به فرم 18 یه سوال عددی «تعداد بلیت» اضافه کن و بذارش بعد از سوال 4":                           "add_field #18 @4 number تعداد بلیت",
			"نوع پرسش چهارم فرم ۱۵ را کشویی کنید و گزینه‌های «الف»، «ب» و «ج» را برای آن تعیین نمایید":     "update_field #15 @3 dropdown [الف|ب|ج]",
			"سوال سوم فرم ۹۶ رو جابجا نکن فقط متنشو عوض کن بنویس رشته و گرایش":                             "update_field #96 @2 رشته و گرایش",
			"به فرم ۳۲ دو تا سوال اضافه کن یکی جواب کوتاه با عنوان نام شرکت یکی ایمیل با عنوان ایمیل شرکت": "add_field #32 short_text نام شرکت; add_field #32 email ایمیل شرکت",
			"دو تا فرم بساز یکی اسمش اردوی کیش یکی اردوی قشم جفتشم منتشر کن":                               "create_form اردوی کیش; publish_form; create_form اردوی قشم; publish_form",
		}},
		{"lists of questions and of forms", map[string]string{
			"به فرم ۸ دو سوال بلند اضافه کن: انتقادات، پیشنهادات":                                                      "add_field #8 long_text انتقادات; add_field #8 long_text پیشنهادات",
			"به فرم ۶ سه سوال اضافه کن: کد ملی، شماره شناسنامه":                                                        "add_field #6 short_text; add_field #6 short_text; add_field #6 short_text",
			"add two short answer questions and a rating question to form 12":                                          "add_field #12 short_text; add_field #12 short_text; add_field #12 rating",
			"به فرم ۴ یک سوال بلند و یک سوال کوتاه اضافه کن، هر دو اجباری":                                             "add_field #4 long_text required; add_field #4 short_text required",
			"یه سوال بلند و غیر ضروری به فرم ۴ اضافه کن":                                                               "add_field #4 long_text",
			"میشه به فرم ۵ یه سوال ستاره ای اضافه کنی؟":                                                                "add_field #5 rating",
			"یه فرم بساز به اسم مسابقه سه تا سوال داشته باشه یکی اسم جواب کوتاه یکی ایمیل یکی سن که عددی باشه":         "create_form مسابقه; add_field short_text اسم; add_field email ایمیل; add_field number سن",
			"به فرم ۴ این سوال‌ها رو اضافه کن: «نام» (کوتاه)، «ایمیل» و یه سوال کشویی «شهر» با گزینه‌های تهران، شیراز": "add_field #4 short_text نام; add_field #4 email ایمیل; add_field #4 dropdown شهر [تهران|شیراز]",
			"یه فرم بساز اسمش اردو سوالاشم اینا باشه یه سوال جواب کوتاه با عنوان اسم دانش آموز یه سوال کد ملی":         "create_form اردو; add_field short_text اسم دانش آموز; add_field short_text national_code کد ملی",
			"یه فرم «ثبت کلاس» بساز، فرم ۹ رو هم پاک کن، بعد تو فرم جدیده یه سوال کوتاه «نام» بذار":                    "create_form ثبت کلاس; delete_form #9; add_field short_text نام",
			"duplicate form 9 and call it «Copy B»":                                            "duplicate_form #9 Copy B",
			"فرم 46 رو duplicate کن با اسم «X2» و خود 46 رو disable کن":                        "duplicate_form #46 X2; disable_form #46",
			"add a file upload field «Screenshot» to form 55 after field 2":                    "add_field #55 @2 file Screenshot",
			"پرسش دوم فرم ۷۲ از نوع پاسخ کوتاه به پاسخ بلند تغییر یابد":                        "update_field #72 @1 long_text",
			"یه فرم بساز به اسم «مسابقه»: اسم (کوتاه)، سن (عددی)، عکس (فایل) و بعدش منتشرش کن": "create_form مسابقه; add_field short_text اسم; add_field number سن; add_field file عکس; publish_form",
			"دو فرم بساز، اولی به اسم کلاس صبح و دومی به اسم کلاس عصر":                         "create_form کلاس صبح; create_form کلاس عصر",
			"به فرم ۵ یه سوال با صورت سوال «سن شما؟» اضافه کن":                                 "add_field #5 short_text سن شما؟",
		}},
		{"what gives no plan", map[string]string{
			"فرم هفت رو تو صفحه ساخت فرم باز کن":            "none",
			"rating سوال 4 فرم 10 رو بکن از 1 تا 10":        "none",
			"امتیاز سوال سوم فرم پونزده رو از ده کن":        "none",
			"سوال ۲ فرم ۶ امتیازیه از ۵، بکنش از ۱۰":        "none",
			"فرم 33 رو duplicate کن و copy‌ش رو publish کن": "none",
			"بیست تا کپی از فرم ۷ بگیر":                     "none",
			"فرم ۳ رو پاک نکنیا":                            "none",
			"فرم ۳ رو نبندینا":                              "none",
			"فرم ۱۱ رو بعد از تموم شدن ثبت نام ببند":        "none",
			"فرم ۱۱ رو وقتی ظرفیت پر شد غیرفعال کن":         "none",
			"close form 11 once registration ends":          "none",
			"فرم ۱۲ رو نمیخوام منتشر کنی":                   "none",
		}},
	} {
		t.Run(family.name, func(t *testing.T) {
			for text, want := range family.cases {
				if got := stepsOf(p.Plan(text)); got != want {
					t.Errorf("%s\n got: %s\nwant: %s", text, got, want)
				}
			}
		})
	}
}

// TestV1ReadsAsV2: a v1 planner gives the v2 reading without options
// and formats when v1 can say it, and keeps v1's own reading (and its
// cap on added questions) when it cannot.
func TestV1ReadsAsV2(t *testing.T) {
	p := New(Config{Contract: 1})
	for text, want := range map[string]string{
		"فرم جدید بساز با سه سوال: نام (کوتاه، اجباری)، توضیحات (بلند)، رضایت (امتیازی)": "create_form فرم جدید; add_field short_text نام required; add_field long_text توضیحات; add_field rating رضایت",
		"به فرم ۹ یه سوال کشویی «شهر» با گزینه‌های تهران و شیراز اضافه کن":               "add_field #9 dropdown شهر",
		"به فرم ۳ یه سوال «کد ملی» اضافه کن":                                             "add_field #3 short_text کد ملی",
		"عنوان فرم: نظرسنجی کارکنان، سوال: نام":                                          "create_form نظرسنجی کارکنان; add_field short_text نام",
		"سوال دوم فرم ۵ رو حذف کن":                                                       "none",
		"به فرم ۳ یه سوال بلندی اضافه کن":                                                "add_field #3 long_text",
		"یه سوال تشریحی به فرم ۳ اضافه کن که بپرسه چرا ما را انتخاب کردید؟":              "add_field #3 long_text چرا ما را انتخاب کردید؟",
		"نام فرم: ارزیابی، سوال ۱: نام، سوال ۲: نظر شما (بلند)":                          "create_form ارزیابی; add_field short_text نام; add_field long_text نظر شما",
		"به فرم ۲ ده تا سوال اضافه کن":                                                   strings.TrimSuffix(strings.Repeat("add_field #2 short_text; ", 6), "; "),
	} {
		r := p.Plan(text)
		if got := stepsOf(r); got != want {
			t.Errorf("%s\n got: %s\nwant: %s", text, got, want)
		}
		if r.Plan != nil && r.Plan.Version != 1 {
			t.Errorf("%s: a v1 planner wrote version %d", text, r.Plan.Version)
		}
	}
}

// TestQuotesNeverVanish: quoted text that no step carries is named in a
// warning; quoted text a step carries is not.
func TestQuotesNeverVanish(t *testing.T) {
	t.Run("uniqueness warned", func(t *testing.T) {
		r := New(Config{Contract: 2}).Plan("یه سوال «ایمیل» به فرم ۶ اضافه کن که تکراری قبول نکنه")
		warned := false
		for _, w := range r.Warnings {
			warned = warned || w.Code == "detail.dropped"
		}
		if r.Plan == nil || !warned {
			t.Errorf("want a plan and a detail.dropped warning, got %s %+v", stepsOf(r), r.Warnings)
		}
	})
	p := New(Config{Contract: 2})
	quoteLeft := func(r Result) string {
		for _, w := range r.Warnings {
			if w.Code == "plan.text_left" {
				return w.MessageFA
			}
		}
		return ""
	}
	t.Run("carried", func(t *testing.T) {
		for _, text := range []string{
			"به فرم ۳ یه سوال کوتاه «نام» اضافه کن",
			"فرم ۴ رو کپی کن با اسم «نسخه دوم»",
			"یه فرم «سفارش» بساز و یه سوال کشویی «شهر» با گزینه‌های «تهران» و «شیراز» بهش اضافه کن",
		} {
			if r := p.Plan(text); r.Plan == nil || quoteLeft(r) != "" {
				t.Errorf("%s: want a plan with no quote warning, got %s / %q", text, stepsOf(r), quoteLeft(r))
			}
		}
	})
	t.Run("left out", func(t *testing.T) {
		for text, quote := range map[string]string{
			"در فرم ۹ پرسشی پاسخ کوتاه با عنوان «نام پدر» و متن راهنمای «مطابق شناسنامه» افزوده شود": "مطابق شناسنامه",
			"پرسش پنجم فرم ۱۱ تنها در صورتی نمایش داده شود که پاسخ پرسش چهارم «بله» باشد":            "بله",
		} {
			if w := quoteLeft(p.Plan(text)); !strings.Contains(w, quote) {
				t.Errorf("%s: want a warning naming «%s», got %q", text, quote, w)
			}
		}
	})
}

// TestPartOfFormNeverDestroys: a question's subject or a thing of the
// form's said in ezafe with it («کد ملی فرم ۳», «لوگوی فرم ۳») is what
// the order is about, and a pronoun after a question just changed may
// be that question: the form is never deleted, closed or unpublished
// for either.
func TestPartOfFormNeverDestroys(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"کد ملی فرم ۳ رو پاک کن",
		"ایمیل فرم ۳ رو حذف کن",
		"شماره موبایل فرم ۳ رو غیرفعال کن",
		"تاریخ تولد فرم ۳ رو از انتشار خارج کن",
		"لوگوی فرم ۳ رو حذف کن",
		"فرم ۱۱ رو منتشر کن. سوال دومش هم اجباری بشه. بعدشم حذفش کن",
		"make question 2 of form 11 required and then delete it",
	} {
		r := p.Plan(text)
		if r.Plan != nil {
			for _, st := range r.Plan.Steps {
				if destructiveActions[st.Action] {
					t.Errorf("%s: planned %s", text, st.Action)
				}
			}
		}
	}
	if got := stepsOf(p.Plan("لطفا فرم ۳ رو پاک کن")); got != "delete_form #3" {
		t.Errorf("the form named alone: got %s", got)
	}
	for _, text := range []string{
		"فرم ۵ یا ۶ رو پاک کن",
		"یکی از فرم های ۵ و ۶ رو پاک کن",
		"فرم ۵ یا فرم ۶، فرقی نمیکنه، یکیشو پاک کن",
		"delete one of forms 5 and 6",
		"فرم ۵ رو منتشر کن یا پیش نویس؟",
		"فرم ۵ رو پاک کن شوخی کردم",
		"delete form 5... actually no, keep it",
		"فرم ۵ رو شاید پاک کنم",
		"فرم ۵ رو پاک کن؟",
		"سوال دوم فرم ۵ رو حذف کن؟",
	} {
		if r := p.Plan(text); r.Plan != nil {
			t.Errorf("%s: a choice left open or an order taken back, want no plan, got %s", text, stepsOf(r))
		}
	}
	if got := stepsOf(p.Plan("فرم ۵ رو نبند، ۶ رو ببند")); got != "disable_form #6" {
		t.Errorf("«نبند» denies closing form 5: got %s", got)
	}
	for _, text := range []string{"فرم ۵ رو نه، فرم ۴ رو پاک کن", "not form 5, delete form 4", "فرم ۴ رو پاک کن، فرم ۵ رو نه"} {
		if got := stepsOf(p.Plan(text)); got != "delete_form #4" {
			t.Errorf("%s: the form denied is not deleted: got %s", text, got)
		}
	}
}

// TestOptionRuns: where a list of options ends and how it parts is
// decided by grammar — a plural option noun before words said with no
// separator, «/» between words, a position phrase after them.
func TestOptionRuns(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string][]string{
		"یه سوال چندگزینه ای «رنگ» به فرم ۳ اضافه کن گزینه هاش قرمز آبی سبز":               {"قرمز", "آبی", "سبز"},
		"به فرم ۳ یه سوال کشویی «وزن» اضافه کن گزینه هاش نیم کیلو یک کیلو دو کیلو":         {"نیم کیلو", "یک کیلو", "دو کیلو"},
		"یه dropdown «سطح» به فرم 3 اضافه کن options: low mid high":                        {"low", "mid", "high"},
		"تو فرم ۳ یه سوال چندگزینه ای «شیفت» بذار صبح / عصر / شب":                          {"صبح", "عصر", "شب"},
		"یه سوال کشویی «شهر» با گزینه‌های تهران، شیراز پس از پرسش دوم به فرم ۳ افزوده شود": {"تهران", "شیراز"},
		"گزینه های سوال سوم فرم ۳ رو بکن صبح ظهر عصر":                                      {"صبح", "ظهر", "عصر"},
		"لطفاً برای پرسش سوم فرم ۳ گزینه‌های «کتاب»، «مجله» و «روزنامه» تعیین گردد.":       {"کتاب", "مجله", "روزنامه"},
		"یه سوال کشویی «شهر» به فرم ۳ اضافه کن گزینه هاش تهران مشهد تبریز لطفا":            {"تهران", "مشهد", "تبریز"},
		"یه سوال کشویی «نوع» به فرم ۳ اضافه کن گزینه هاش جدید و قدیمی":                     {"جدید", "قدیمی"},
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != 1 {
				t.Fatalf("want one step, got %+v (%s)", r.Plan, r.Reason)
			}
			if got := r.Plan.Steps[0].Params.Options; !reflect.DeepEqual(got, want) {
				t.Errorf("options %q, want %q", got, want)
			}
		})
	}
	t.Run("a place after the options is the question's", func(t *testing.T) {
		r := p.Plan("یه سوال کشویی «شهر» با گزینه‌های تهران، شیراز پس از پرسش دوم به فرم ۳ افزوده شود")
		if r.Plan == nil || r.Plan.Steps[0].Params.Index == nil || *r.Plan.Steps[0].Params.Index != 2 {
			t.Errorf("want index 2, got %+v", r.Plan)
		}
	})
	t.Run("one option after a singular noun is no list", func(t *testing.T) {
		if r := p.Plan("به سوال دوم فرم ۳ یه گزینه کارشناسی ارشد اضافه کن"); r.Plan != nil {
			t.Errorf("want no plan (an option added to a list not known), got %+v", r.Plan)
		}
	})
}

// TestOrderWords: «before»/«after» an act, «but first», and an act said
// after its own clause put the steps in the order the command means.
func TestOrderWords(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string][]string{
		"فرم ۸ رو منتشر کن ولی اول اسمشو بذار «الف»":                         {domain.ActionUpdateFormTitle, domain.ActionPublishForm},
		"فرم ۸ رو منتشر کن بعد از اینکه سوال دومشو پاک کردی":                 {domain.ActionDeleteField, domain.ActionPublishForm},
		"بعد از اینکه سوال دوم فرم ۸ رو پاک کردی منتشرش کن":                  {domain.ActionDeleteField, domain.ActionPublishForm},
		"منتشرش کن فرم ۸ رو، قبلش یه سوال کوتاه بهش اضافه کن":                {domain.ActionAddField, domain.ActionPublishForm},
		"فرم ۱۲ منتشر گردد؛ لیکن پیش از آن پرسش اول اجباری شود.":             {domain.ActionUpdateField, domain.ActionPublishForm},
		"before publishing form 9, rename it to «Beta»":                      {domain.ActionUpdateFormTitle, domain.ActionPublishForm},
		"rename form 9 to «Beta» after you unpublish it":                     {domain.ActionDraftForm, domain.ActionUpdateFormTitle},
		"publish form 9 after adding an email field":                         {domain.ActionAddField, domain.ActionPublishForm},
		"فرم ۱۲ حذف گردد؛ البته پیش از آن یک نسخه پشتیبان تهیه شود.":         {domain.ActionDuplicateForm, domain.ActionDeleteForm},
		"فرم ۱۵ رو منتشر کن ولی قبل از انتشار سوال دومشو اجباری کن":          {domain.ActionUpdateField, domain.ActionPublishForm},
		"مقتضی است پرسش دوم فرم ۲۲ پس از تغییر عنوان فرم به «الف» حذف گردد.": {domain.ActionUpdateFormTitle, domain.ActionDeleteField},
		"مقتضی است پیش از غیرفعال‌سازی فرم ۵۸، رونوشتی از آن تهیه گردد.":     {domain.ActionDuplicateForm, domain.ActionDisableForm},
		"سوال دوم فرم ۵ رو پاک کن قبل از اینکه منتشرش کنی":                   {domain.ActionDeleteField, domain.ActionPublishForm},
		"before you publish form 5 delete question 2":                        {domain.ActionDeleteField, domain.ActionPublishForm},
		"delete question 2 of form 5 before you publish it":                  {domain.ActionDeleteField, domain.ActionPublishForm},
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil {
				t.Fatalf("no plan: %s", r.Reason)
			}
			if got := actionsOf(r); got != strings.Join(want, " ") {
				t.Errorf("steps %q, want %v", got, want)
			}
		})
	}
	t.Run("english endings", func(t *testing.T) {
		for in, want := range map[string]string{"publishing": "publish", "adding": "add", "renaming": "rename", "deleting": "delete"} {
			if got, ok := englishStem(in); !ok || got != want {
				t.Errorf("englishStem(%q) = %q, %v; want %q", in, got, ok, want)
			}
		}
		for _, in := range []string{"morning", "thing", "red", "bed"} {
			if got, ok := englishStem(in); ok {
				t.Errorf("englishStem(%q) = %q, want none", in, got)
			}
		}
	})
}

// TestDurations: how long a state lasts is carried by no plan — the
// state is set and the duration warned of; undoing it after the while,
// or acting at a later time, gets no plan; so does a question about a
// form's state, and more new forms than the step limit, in both
// contracts.
func TestDurations(t *testing.T) {
	for _, v := range []int{1, 2} {
		p := New(Config{Contract: v})
		for text, want := range map[string]string{
			"فرم ۲۰ رو تا اطلاع ثانوی ببند":                       domain.ActionDisableForm,
			"فرم ۲۰ رو تا آخر هفته پیش نویس کن":                   domain.ActionDraftForm,
			"فرم ۳۳ به مدت دو هفته غیرفعال شود.":                  domain.ActionDisableForm,
			"فرم ۳۳ تا پایان سال تحصیلی غیرفعال گردد.":            domain.ActionDisableForm,
			"فرم 44 رو until further notice disable کن":           domain.ActionDisableForm,
			"unpublish form 44 for two weeks":                     domain.ActionDraftForm,
			"خواهشمند است فرم ۲۲ تا پایان ماه جاری غیرفعال باشد.": domain.ActionDisableForm,
		} {
			t.Run(fmt.Sprintf("v%d carried %s", v, text), func(t *testing.T) {
				r := p.Plan(text)
				if v == 1 && want == domain.ActionDisableForm {
					// arshline-plan/v1 has no disable_form.
					if r.Plan != nil {
						t.Errorf("v1: want no plan, got %+v", r.Plan)
					}
					return
				}
				if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Action != want {
					t.Fatalf("want one %s step, got %+v (%s)", want, r.Plan, r.Reason)
				}
				warned := false
				for _, w := range r.Warnings {
					warned = warned || w.Code == "plan.duration"
				}
				if !warned {
					t.Errorf("want a plan.duration warning, got %+v", r.Warnings)
				}
			})
		}
		for _, text := range []string{
			"فرم ۲۰ رو یه هفته ببند بعد دوباره بازش کن",
			"فرم ۲۰ رو یه ساعت دیگه ببند",
			"فرم ۳۳ از ابتدای مهرماه منتشر گردد.",
			"فرم 44 رو disable کن و بعد از یلدا دوباره publish کن",
			"فرم ۲۰ منتشره؟",
			"is form 20 published?",
			"فرم ۲۰ فعاله؟",
			"فرم ۵ رو بعد از انتشار پاک کن",
			"delete form 5 after publishing it",
			"can you make 50 new forms?",
		} {
			t.Run(fmt.Sprintf("v%d refused %s", v, text), func(t *testing.T) {
				if r := p.Plan(text); r.Plan != nil || r.Reason == "" {
					t.Errorf("want no plan with a reason, got %+v", r)
				}
			})
		}
	}
	t.Run("a count before «تا» is no duration", func(t *testing.T) {
		r := New(Config{Contract: 2}).Plan("فرم‌های ۱ تا ۳ رو ببند")
		if r.Plan == nil || len(r.Plan.Steps) != 3 {
			t.Errorf("want three disable steps, got %+v (%s)", r.Plan, r.Reason)
		}
	})
}

// TestLabelsAndWordings: the wording said after a type word, a
// pronoun's name or a colon is the question's; a type in parentheses
// or a format in the next clause is its kind; a question named by its
// wording alone joins the clause that adds.
func TestLabelsAndWordings(t *testing.T) {
	p := New(Config{Contract: 2})
	type field struct{ typ, question, format string }
	for text, want := range map[string][]field{
		"یه سوال آدرس محل کار به فرم ۵۰ اضافه کن":                                           {{"short_text", "آدرس محل کار", ""}},
		"یه فیلد عدد «متراژ» به فرم ۵۰ بذار":                                                {{"number", "متراژ", ""}},
		"یه سوال کوتاه اسمش «رشته تحصیلی» به فرم ۹۰ اضافه کن":                               {{"short_text", "رشته تحصیلی", ""}},
		"یه سوال به فرم ۹۰ اضافه کن متنش این باشه: چند سالته؟":                              {{"short_text", "چند سالته؟", ""}},
		"پرسش «تاریخ استخدام» (تاریخ) و «مبلغ حقوق» (عدد) به فرم ۸۰ افزوده شود.":            {{"date", "تاریخ استخدام", ""}, {"number", "مبلغ حقوق", ""}},
		"پرسش «الف» و پرسش «ب» به فرم ۸۰ افزوده شود.":                                       {{"short_text", "الف", ""}, {"short_text", "ب", ""}},
		"خواهشمند است پرسشی با عنوان «تلفن محل کار» و قالب تلفن ثابت به فرم ۸۰ افزوده شود.": {{"short_text", "تلفن محل کار", "phone_ir"}},
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != len(want) {
				t.Fatalf("want %d steps, got %+v (%s)", len(want), r.Plan, r.Reason)
			}
			for k, w := range want {
				got := r.Plan.Steps[k].Params
				if got.Type != w.typ || got.Question != w.question || got.Format != w.format {
					t.Errorf("step %d: %s «%s» %s, want %+v", k, got.Type, got.Question, got.Format, w)
				}
			}
		})
	}
	t.Run("a name after the form is not the question's", func(t *testing.T) {
		r := p.Plan("سوال دوم فرم ۹ رو اجباری کن و اسمش رو بذار «الف»")
		if r.Plan != nil {
			for _, st := range r.Plan.Steps {
				if st.Action == domain.ActionAddField {
					t.Errorf("no question is added: %+v", r.Plan)
				}
			}
		}
	})
	t.Run("a new question with no wording stays so", func(t *testing.T) {
		r := p.Plan("یه سوال جدید به فرم ۵۰ اضافه کن")
		if r.Plan == nil || r.Plan.Steps[0].Params.Question != "" {
			t.Errorf("want a question with no wording, got %+v", r.Plan)
		}
	})
}

// TestRightWordingSaid: «غلطه، درستش «…»ه» gives a question its
// wording — «درستش» fixes, it makes nothing — with no word left over.
func TestRightWordingSaid(t *testing.T) {
	p := New(Config{Contract: 2})
	r := p.Plan("متن سوال اول فرم ۲۵ غلطه، درستش «نام بازیکن»ه")
	if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Action != domain.ActionUpdateField || r.Plan.Steps[0].Params.Question != "نام بازیکن" {
		t.Fatalf("want one update_field with the new wording, got %+v (%s)", r.Plan, r.Reason)
	}
	for _, w := range r.Warnings {
		if w.Code == "plan.leftover" {
			t.Errorf("unexpected leftover warning %s", w.MessageEN)
		}
	}
	if r := p.Plan("یه فرم جدید درست کن"); r.Plan == nil || r.Plan.Steps[0].Action != domain.ActionCreateForm {
		t.Errorf("«درست کن» still makes a form, got %+v", r.Plan)
	}
}

// TestQuestionsByOrdinal: «اولی …، دومی …» after a count of questions
// describe those questions, one each; they add none of their own.
func TestQuestionsByOrdinal(t *testing.T) {
	for _, v := range []int{1, 2} {
		p := New(Config{Contract: v})
		for text, want := range map[string][][2]string{
			"به فرم ۴ دو سوال کوتاه اضافه کن، اولی «نام»، دومی «بخش»":                     {{"short_text", "نام"}, {"short_text", "بخش"}},
			"add two short text questions to form 4, the first «Name», the second «Dept»": {{"short_text", "Name"}, {"short_text", "Dept"}},
			"به فرم ۴ سه تا سوال اضافه کن اولی کوتاه «اسم» دومی بلند «آدرس» سومی امتیازی": {{"short_text", "اسم"}, {"long_text", "آدرس"}, {"rating", ""}},
		} {
			t.Run(fmt.Sprintf("v%d %s", v, text), func(t *testing.T) {
				r := p.Plan(text)
				if r.Plan == nil || len(r.Plan.Steps) != len(want) {
					t.Fatalf("want %d steps, got %+v (%s)", len(want), r.Plan, r.Reason)
				}
				for k, w := range want {
					if got := r.Plan.Steps[k].Params; got.Type != w[0] || got.Question != w[1] {
						t.Errorf("step %d: %s «%s», want %v", k, got.Type, got.Question, w)
					}
				}
			})
		}
	}
}

// TestEachNewForm: questions given «to each» of several new forms,
// named in a clause before the verb, go to each, and a state said of
// them all follows each form's questions.
func TestEachNewForm(t *testing.T) {
	p := New(Config{Contract: 2})
	r := p.Plan("دو فرم با عنوان‌های «الف» و «ب» ایجاد شود؛ به هر کدام پرسش «نام» (پاسخ کوتاه) و پرسش «سن» (عدد) افزوده و سپس هر دو منتشر شوند.")
	want := []string{domain.ActionCreateForm, domain.ActionAddField, domain.ActionAddField, domain.ActionPublishForm,
		domain.ActionCreateForm, domain.ActionAddField, domain.ActionAddField, domain.ActionPublishForm}
	if r.Plan == nil {
		t.Fatalf("no plan: %s", r.Reason)
	}
	if got := actionsOf(r); got != strings.Join(want, " ") {
		t.Errorf("steps %q, want %v", got, want)
	}
	if r.Plan.Steps[6].Params.Type != domain.PlanFieldNumber || r.Plan.Steps[6].Params.Question != "سن" {
		t.Errorf("the second form's second question: %+v", r.Plan.Steps[6].Params)
	}
}

// TestLookLeadIn: «ببین» before a change in the same breath leads to
// it; alone it opens the page.
func TestLookLeadIn(t *testing.T) {
	p := New(Config{Contract: 2})
	r := p.Plan("سوال دوم فرم ۴ رو ببین گزینه هاش غلطه بکنش بله و خیر")
	if r.Plan == nil || r.Plan.Steps[0].Action != domain.ActionUpdateField || !reflect.DeepEqual(r.Plan.Steps[0].Params.Options, []string{"بله", "خیر"}) {
		t.Errorf("want update_field with the options, got %+v (%s)", r.Plan, r.Reason)
	}
	r = p.Plan("سوال دوم فرم ۴ رو ببین")
	if r.Plan != nil || r.Navigate == nil || r.Navigate.Action != domain.ActionOpenEditor {
		t.Errorf("want the editor opened, got %+v %+v", r.Plan, r.Navigate)
	}
}

// TestPoliteAskIsAnOrder: «is it possible to …?» asks for the act, as
// «میشه …؟» does; «is form 5 published?» asks what is.
func TestPoliteAskIsAnOrder(t *testing.T) {
	p := New(Config{Contract: 2})
	if r := p.Plan("is it possible to publish form 5?"); r.Plan == nil || r.Plan.Steps[0].Action != domain.ActionPublishForm {
		t.Errorf("want publish_form, got %+v (%s)", r.Plan, r.Reason)
	}
	if r := p.Plan("is form 5 published?"); r.Plan != nil {
		t.Errorf("want no plan, got %+v", r.Plan)
	}
}

// TestTrailingFormToo: «… و فرم ۶ رو هم» takes the order said before
// it — a destructive one only for a form named exactly; a form named
// after the order with no «هم» and no verb is warned of, never dropped
// unsaid.
func TestTrailingFormToo(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string][]int64{
		"فرم ۵ رو پاک کن و فرم ۶ رو هم":  {5, 6},
		"فرم ۵ رو ببند و فرم ۶ رو هم":    {5, 6},
		"فرم ۵ رو پاک کن و فورم ۶ رو هم": {5},
		"فرم ۵ رو پاک کن و فرم ۶ رو":     {5},
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != len(want) {
				t.Fatalf("want %d steps, got %+v (%s)", len(want), r.Plan, r.Reason)
			}
			for k, id := range want {
				if got := r.Plan.Steps[k].Params.ID; got == nil || *got != id {
					t.Errorf("step %d: form %v, want %d", k, got, id)
				}
			}
			if len(want) == 1 {
				warned := false
				for _, w := range r.Warnings {
					warned = warned || w.Code == "plan.leftover" && strings.Contains(w.MessageFA, "۶")
				}
				if !warned {
					t.Errorf("form 6 not acted on and not warned of: %+v", r.Warnings)
				}
			}
		})
	}
}

// TestThirdRoundReadings: a name right after a new question begins its
// wording and renames no form; a form's number in words before a verb
// or «اجباری» is its id; «ـیا» of insistence leaves the verb; «the
// copy» named is the copy made.
func TestThirdRoundReadings(t *testing.T) {
	p := New(Config{Contract: 2})
	type want struct {
		action, question, title string
		id                      int64
	}
	for text, w := range map[string]want{
		"یه سوال کوتاه اسم مهمون به فرم دوازده اضافه کن":   {domain.ActionAddField, "اسم مهمون", "", 12},
		"یه سوال بذار تو فرم دوازده بپرسه چند نفر میاین":   {domain.ActionAddField, "چند نفر میاین", "", 12},
		"یه سوال کوتاه بذار تو فرم دوازده اجباری باشه":     {domain.ActionAddField, "", "", 12},
		"فرم دوازده رو پاک نکنیا فقط ببندش":                {domain.ActionDisableForm, "", "", 12},
		"duplicate form 88 and call the copy «Campaign B»": {domain.ActionDuplicateForm, "", "Campaign B", 88},
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != 1 {
				t.Fatalf("want one step, got %+v (%s)", r.Plan, r.Reason)
			}
			st := r.Plan.Steps[0]
			if st.Action != w.action || st.Params.Question != w.question || st.Params.Title != w.title || st.Params.ID == nil || *st.Params.ID != w.id {
				t.Errorf("got %s %+v, want %+v", st.Action, st.Params, w)
			}
		})
	}
}

// TestVerbIsNoTitle: a verb of the command read as a form's new name
// renames nothing; a quoted name is kept, whatever its words.
func TestVerbIsNoTitle(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{"اسم فرم ۵ رو بذار اضافه", "یه سوال کوتاه اسم پدر به فرم ۵ اضافه کن"} {
		if r := p.Plan(text); r.Plan != nil {
			for _, st := range r.Plan.Steps {
				if st.Action == domain.ActionUpdateFormTitle {
					t.Errorf("%q: renamed to %q", text, st.Params.Title)
				}
			}
		}
	}
	if r := p.Plan("اسم فرم ۵ رو بذار «اضافه»"); r.Plan == nil || r.Plan.Steps[0].Params.Title != "اضافه" {
		t.Errorf("a quoted name is the name: %+v", r.Plan)
	}
}

// TestUnreadNumberNeverDestroys: a number the reading did not use may
// name another form or a question, so the form is not deleted, closed
// or unpublished on the rest of the command.
func TestUnreadNumberNeverDestroys(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{"فرم ۲۰ رو حذف کن ۳۵", "فرم ۲۰ غیرفعال کن ۳۵", "فرم ۹ را از انتشار خارج کن 14"} {
		t.Run(text, func(t *testing.T) {
			if r := p.Plan(text); r.Plan != nil || r.Reason == "" {
				t.Errorf("want no plan with a reason, got %+v", r.Plan)
			}
		})
	}
	t.Run("a range joined by a formal word names every form", func(t *testing.T) {
		r := p.Plan("فرم‌های ۳ لغایت ۵ منتشر شوند")
		if r.Plan == nil || len(r.Plan.Steps) != 3 {
			t.Fatalf("want three publish steps, got %+v", r)
		}
	})
}

// TestNoLongerNeededIsAReason: «دیگه لازم نیست» after an order says why
// it is given; before an act, or without «دیگه», it denies the act.
func TestNoLongerNeededIsAReason(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"فرم ۹ رو پاک کن دیگه لازم نیست":                  "delete_form",
		"فرم ۹ رو بندازین تو سطل زباله دیگه لازم نیست":    "delete_form",
		"دیگه لازم نیست فرم ۹ رو پاک کنی":                 "",
		"لازم نیست فرم ۶ منتشر بشه":                       "",
		"ثوال اول فرم ۲۸ رو اختیاری کن دیگه اجباری نباشح": "update_field",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if got := actionsOf(r); got != want {
				t.Errorf("got %q, want %q (%s)", got, want, r.Reason)
			}
			for _, st := range planSteps(r) {
				if st.Params.Required {
					t.Errorf("a question made required: %+v", st.Params)
				}
			}
		})
	}
}

// TestWordsEndBeforeTheForm: a wording said without quotes ends where a
// preposition names the form by its number.
func TestWordsEndBeforeTheForm(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"یک پرسش از نوع تاریخ با عنوان تاریخ مراجعه در فرم ۴۰ درج گردد.": "تاریخ مراجعه",
		"یک پرسش کوتاه با عنوان نام پدر به فرم ۴۰ اضافه شود":             "نام پدر",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan == nil || len(r.Plan.Steps) != 1 || r.Plan.Steps[0].Params.Question != want || r.Plan.Steps[0].Params.ID == nil || *r.Plan.Steps[0].Params.ID != 40 {
				t.Fatalf("want one question «%s» in form 40, got %+v", want, r.Plan)
			}
		})
	}
}

// TestNewCopyIsTheCopy: «نسخه جدید» after a copy is made is that copy,
// which has no id yet — not a second copy.
func TestNewCopyIsTheCopy(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{"فرم 44 رو duplicate کن و نسخه جدید رو publish کن", "فرم ۴۴ رو کپی کن و نسخه جدید رو منتشر کن"} {
		t.Run(text, func(t *testing.T) {
			if r := p.Plan(text); r.Plan != nil || r.Reason == "" {
				t.Errorf("want no plan with a reason, got %+v", r.Plan)
			}
		})
	}
}

// TestCounterBySound: «طا» after a number is the counter «تا».
func TestCounterBySound(t *testing.T) {
	r := New(Config{Contract: 2}).Plan("یه فرم جدید بصاز اسمش «ثبت نام کلاس شنا» و دو طا سوال کوطاه بذار")
	if r.Plan == nil || len(r.Plan.Steps) != 3 || len(r.Warnings) != 0 {
		t.Fatalf("want a form and two short questions with nothing left over, got %+v", r)
	}
}

// planSteps are the steps of r's plan, none when it has no plan.
func planSteps(r Result) []domain.PlanStep {
	if r.Plan == nil {
		return nil
	}
	return r.Plan.Steps
}

// actionsOf is r's plan as its actions in order, space-separated; "" when
// there is no plan.
func actionsOf(r Result) string {
	var got []string
	for _, st := range planSteps(r) {
		got = append(got, st.Action)
	}
	return strings.Join(got, " ")
}
