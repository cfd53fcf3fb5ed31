package persian

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/arshlineplan"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestChoiceQuestionsNamedByTheirOptions: a number of options, joined or
// apart, names a choice question and is never a count of questions.
func TestChoiceQuestionsNamedByTheirOptions(t *testing.T) {
	p := New(Config{})
	cases := []struct {
		text  string
		types []string
	}{
		{"لطفاً یک سوال چهارگزینه‌ای به فرم ۱۹ اضافه کنید", []string{"multiple_choice"}},
		{"یک سوال ۴گزینه‌ای به فرم ۱۹ اضافه کن", []string{"multiple_choice"}},
		{"یک سوال سه‌گزینه‌ای و یک سوال کوتاه به فرم ۵ اضافه کن", []string{"multiple_choice", "short_text"}},
		{"یک سوال ۵ گزینه‌ای به فرم ۳ اضافه کن", []string{"multiple_choice"}},
		{"دو سوال ۴ گزینه ای و یک سوال کوتاه به فرم ۲ اضافه کن", []string{"multiple_choice", "multiple_choice", "short_text"}},
		{"یک سوال کشویی با سه گزینه به فرم ۳ اضافه کن", []string{"dropdown"}},
	}
	for _, c := range cases {
		r := p.Plan(c.text)
		var got []string
		if r.Plan != nil {
			for _, s := range r.Plan.Steps {
				got = append(got, s.Params.Type)
			}
		}
		if !reflect.DeepEqual(got, c.types) {
			t.Errorf("%q: field types %v, want %v", c.text, got, c.types)
		}
	}
}

// TestSpokenGrammar: the morphology and grammar of commands as they are
// typed, in sentences no corpus holds. Each step is written
// action/id/type/required/index/title, empty parts left out.
func TestSpokenGrammar(t *testing.T) {
	p := New(Config{})
	cases := map[string]string{
		// enclitics and spoken plurals
		"فرمای ۴ و ۵ رو منتشرشون کن":      "publish_form/4 publish_form/5",
		"فرم ۳ رو پاکشون کن":              "",
		"سوالای فرم ۲ رو ببینم":           "",
		"یه فرم بساز، عنوانش هم «کارگاه»": "create_form/کارگاه",
		// negation scope
		"یه سوال کوتاه به فرم ۳ اضافه کن که اجباری نباشه":       "add_field/3/short_text",
		"یه سوال کوتاه به فرم ۳ اضافه کن که پر کردنش لازم نیست": "add_field/3/short_text",
		"فرم ۳ نباید منتشر بشه":                                 "",
		"فرم ۸ دیگه منتشر نباشه و فرم ۹ منتشر بشه":              "draft_form/8 publish_form/9",
		"add a question that is not required to form 4":         "add_field/4/short_text",
		// clauses that only describe the questions before them
		"به فرم ۴ یه سوال کوتاه و یه سوال بلند اضافه کن و اجباری باشن": "add_field/4/short_text/req add_field/4/long_text/req",
		"یه سوال اضافه کن به فرم ۳ و اجباری باشه":                      "add_field/3/short_text/req",
		"یه فرم بساز با سه سوال: کوتاه، بلند و امتیازی":                "create_form/فرم جدید add_field/short_text add_field/long_text add_field/rating",
		"به فرم ۵ دو سوال اضافه کن: اولی کوتاه و دومی کشویی":           "add_field/5/short_text add_field/5/dropdown",
		// form references
		"به فرم بیست و دو یه سوال بلند اضافه کن":   "add_field/22/long_text",
		"فرم ۳، ۲ سوال کوتاه اضافه کن":             "add_field/3/short_text add_field/3/short_text",
		"فرم ۲ رو منتشر کن و ۳ و ۴ رو پیش‌نویس کن": "publish_form/2 draft_form/3 draft_form/4",
		"۵ رو منتشر کن":                    "",
		"فرمهای ۲، ۳ و ۴ رو پیش نویس کنید": "draft_form/2 draft_form/3 draft_form/4",
		"اسم فرم A 0 بذار":                 "",
		// naming several forms, renaming
		"سه فرم بساز: «الف»، «ب» و «ج»":          "create_form/الف create_form/ب create_form/ج",
		"create three forms: A, B and C":         "create_form/A create_form/B create_form/C",
		"فرم ۵ رو تغییر عنوان بده به مسابقه":     "update_form_title/5/مسابقه",
		"عنوان فرم ۳ رو ویرایش کن و بذار «تازه»": "update_form_title/3/تازه",
		"تیتر فرم ۲ بشه 'اردو'":                  "update_form_title/2/اردو",
		// typing slips and other words for the same thing
		"فرم ۲ رو منطشر کن":                                          "publish_form/2",
		"فرم ۳ رو حزف کن":                                            "",
		"به فرم ۶ یه سوال امتیاذی اضافه کن":                          "add_field/6/rating",
		"به فرم ۲ یه سوال منوی بازشو بذار":                           "add_field/2/dropdown",
		"یه سوال کشویی با گزینه های تهران و شیراز به فرم ۲ اضافه کن": "add_field/2/dropdown",
		"به فرم ۳ یه سوال کوتاه به عنوان اولین سوال اضافه کن":        "add_field/3/short_text//0",
	}
	for text, want := range cases {
		if g := stepsString(p.Plan(text)); g != want {
			t.Errorf("%s\n got: %s\nwant: %s", text, g, want)
		}
	}
}

// TestOtherWordings: other verbs and nouns for the same acts, and the
// grammar around them, read without misreading the commands near them.
func TestOtherWordings(t *testing.T) {
	p := New(Config{})
	cases := map[string]string{
		// verbs and nouns
		"یه پرسشنامه جدید تعریف کن":   "create_form/فرم جدید",
		"یه نظرسنجی راه بنداز":        "create_form/فرم جدید",
		"یک فرم تازه راه‌اندازی کنید": "create_form/فرم جدید",
		"create a survey": "create_form/فرم جدید",
		"به فرم ۳ یه سوال کوتاه بساز":          "add_field/3/short_text",
		"یه سوال جدید برای فرم ۴ تعریف کن":     "add_field/4/short_text",
		"یک سوال کشویی در فرم ۳ درج کن":        "add_field/3/dropdown",
		"به فرم ۳ یه سوال تک انتخابی اضافه کن": "add_field/3/multiple_choice",
		"فرم ثبت‌نام شماره ۴ رو منتشر کن":      "publish_form/4",
		"فرم سیزده و فرم چهارده را منتشر کن":   "publish_form/13 publish_form/14",
		"فرم دو و سه رو منتشر کن":              "publish_form/2 publish_form/3",
		"فرم سیزده و ۱۴ رو منتشر کن":           "publish_form/13 publish_form/14",
		"اسم فرم رو بذار فرم دو":               "",
		"برای فرم ۱۲ عنوان «گزارش» رو بذار":    "update_form_title/12/گزارش",
		"عنوان «نظرسنجی» رو عوض کن":            "",
		// scales, items, ordinals
		"یه سوال امتیازی ۵ ستاره به فرم ۲ اضافه کن":         "add_field/2/rating",
		"به فرم ۲ سه تا ستاره‌ای اضافه کن":                  "add_field/2/rating add_field/2/rating add_field/2/rating",
		"یه سوال نمره‌ای از ۱۰ امتیاز به فرم ۳ اضافه کن":    "add_field/3/rating",
		"به فرم ۳ دو سوال اضافه کن: یکی کوتاه و دیگری بلند": "add_field/3/short_text add_field/3/long_text",
		"put a required dropdown at the top of form 6":      "add_field/6/dropdown/req//0",
		"سوال بیست و سوم فرم ۲ رو در ویرایشگر باز کن":       "",
		// negation, contrast, refusals
		"نمی‌خواد فرم ۹ رو منتشر کنی":                               "",
		"نه سوال کوتاه به فرم ۳ اضافه کن":                           "add_field/3/short_text add_field/3/short_text add_field/3/short_text add_field/3/short_text add_field/3/short_text add_field/3/short_text",
		"فرم نه منتشر بشه":                                          "publish_form/9",
		"فرم ۵ رو منتشر کن نه پیش‌نویس":                             "publish_form/5",
		"یه فرم بساز ولی نه منتشرش کن نه سوال بهش اضافه کن":         "create_form/فرم جدید",
		"یه کپی از فرم ۷ بساز":                                      "",
		"به فرم ۳ یه سوال کوتاه برای کپی کارت ملی اضافه کن":         "add_field/3/short_text",
		"فرم ۴ و همه فرم‌های دیگه رو منتشر کن":                      "",
		"همه‌ی فرم‌های ۲ و ۳ رو منتشر کن":                           "publish_form/2 publish_form/3",
		"به فرم ۹ یه سوال با گزینه‌های «بله» و «خیر» اضافه کن":      "add_field/9/multiple_choice",
		"یه سوال با گزینه‌هایی مثل «بله» و «خیر» به فرم ۳ اضافه کن": "add_field/3/multiple_choice",
	}
	for text, want := range cases {
		if g := stepsString(p.Plan(text)); g != want {
			t.Errorf("%s\n got: %s\nwant: %s", text, g, want)
		}
	}
	// Only a page to open: no plan, the page as the hint.
	if r := p.Plan("سوال بیست و سوم فرم ۲ رو در ویرایشگر باز کن"); r.Navigate == nil || r.Navigate.Params["index"] != 22 {
		t.Errorf("compound ordinal: navigate %+v, want open_editor index 22", r.Navigate)
	}
}

// stepsString writes a result's steps as action/id/type/req//index/title.
func stepsString(r Result) string {
	var got []string
	if r.Plan != nil {
		for _, st := range r.Plan.Steps {
			parts := []string{st.Action}
			if st.Params.ID != nil {
				parts = append(parts, jsonStr(*st.Params.ID))
			}
			if st.Params.Type != "" {
				parts = append(parts, st.Params.Type)
			}
			if st.Params.Required {
				parts = append(parts, "req")
			}
			if st.Params.Index != nil {
				parts = append(parts, "", jsonStr(int64(*st.Params.Index)))
			}
			if st.Params.Title != "" {
				parts = append(parts, st.Params.Title)
			}
			got = append(got, strings.Join(parts, "/"))
		}
	}
	return strings.Join(got, " ")
}

// TestEveryPlanValidates is the property the ai.plan contract promises:
// whatever the planner emits passes arshline-plan/v1 with no error.
func TestEveryPlanValidates(t *testing.T) {
	p := New(Config{})
	for _, file := range []string{"core.jsonl", "basics.jsonl"} {
		for _, c := range loadCorpus(t, file) {
			r := p.Plan(c.Text)
			if r.Plan == nil {
				if !r.None || (r.Reason == "" && r.Navigate == nil) {
					t.Errorf("%s: neither plan nor a reasoned none", c.ID)
				}
				continue
			}
			rep, _ := arshlineplan.ValidatePlan(context.Background(), r.Plan, contract.Options{})
			if !rep.Valid {
				t.Errorf("%s: emitted an invalid plan: %+v", c.ID, rep.Violations)
			}
		}
	}
}

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"فرم جديد":          "فرم جدید",
		"يك سوال كشويي":     "یک سوال کشویی",
		"فـــرم ۱۲":         "فرم 12",
		"فرم ١٢":            "فرم 12",
		"پیش‌نویس":          "پیشنویس",
		"می‌خواهم":          "میخواهم",
		"سؤالِ  اول":        "سوال اول",
		"\u202bفرم\u202c ۳": "فرم 3",
		"FORM 3":            "form 3",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMatchRuneArabicBlock backs matchRune's shortcut: no rune of the
// Arabic block changes in lower case.
func TestMatchRuneArabicBlock(t *testing.T) {
	for r := rune(0x0600); r <= 0x06ff; r++ {
		if unicode.ToLower(r) != r {
			t.Errorf("unicode.ToLower(%U) = %U", r, unicode.ToLower(r))
		}
	}
}

func TestIsSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if isSpace(r) != unicode.IsSpace(r) {
			t.Errorf("isSpace(%U) = %v", r, isSpace(r))
		}
	}
}

// TestRuneClasses: isLetter and isDigit answer as unicode.IsLetter and
// unicode.IsDigit for every rune, and for the values outside Unicode.
func TestRuneClasses(t *testing.T) {
	for r := rune(-2); r <= unicode.MaxRune+1; r++ {
		if isLetter(r) != unicode.IsLetter(r) {
			t.Errorf("isLetter(%U) = %v", r, isLetter(r))
		}
		if isDigit(r) != unicode.IsDigit(r) {
			t.Errorf("isDigit(%U) = %v", r, isDigit(r))
		}
	}
}

// TestSecondRune: secondRune answers as decoding the first two runes
// with utf8 does, for every string of up to four bytes drawn from the
// bytes that start, continue or break UTF-8, and for Persian words.
func TestSecondRune(t *testing.T) {
	want := func(w string) rune {
		_, n := utf8.DecodeRuneInString(w)
		r, size := utf8.DecodeRuneInString(w[n:])
		if size == 0 || r == utf8.RuneError {
			return -1
		}
		return r
	}
	bytes := []byte{0x00, 0x41, 0x7f, 0x80, 0xa9, 0xbf, 0xc0, 0xc1, 0xc2, 0xd8, 0xdb, 0xdf, 0xe0, 0xe2, 0xef, 0xf0, 0xf4, 0xf5, 0xff}
	var walk func(b []byte)
	walk = func(b []byte) {
		if w := string(b); secondRune(w) != want(w) {
			t.Errorf("secondRune(% x) = %d, want %d", b, secondRune(w), want(w))
		}
		if len(b) == 4 {
			return
		}
		for _, c := range bytes {
			walk(append(b, c))
		}
	}
	walk(nil)
	for _, w := range []string{"فرم", "سوال", "a", "ab", "€x", "𝔸b", "ف€", "ف𝔸"} {
		if secondRune(w) != want(w) {
			t.Errorf("secondRune(%q) = %d, want %d", w, secondRune(w), want(w))
		}
	}
}

func TestNumbersAndOrdinals(t *testing.T) {
	toks := tokenize(surface("بیست و سه دوتا ۴ ٥ 6 یه سه‌تا"))
	var got []int
	for _, tk := range toks {
		if tk.isNum {
			got = append(got, tk.num)
		}
	}
	if !reflect.DeepEqual(got, []int{23, 2, 4, 5, 6, 1, 3}) {
		t.Fatalf("numbers %v", got)
	}
	for w, want := range map[string]int{"اول": 1, "دوم": 2, "سوم": 3, "سومین": 3, "چهارم": 4, "دهم": 10, "دوازدهم": 12, "third": 3, "5th": 5, "دومی": 2, "اولی": 1, "۵ام": 5, "۳امین": 3} {
		if n, ok := ordinal(Normalize(w)); !ok || n != want {
			t.Errorf("ordinal(%s) = %d %v", w, n, ok)
		}
	}
	if _, ok := ordinal("یکم"); ok {
		t.Error("یکم is a date word here, not a position")
	}
}

// TestMisspellingsKeepKnownWords: a slip is corrected only onto a word it
// cannot itself be; no word the planner reads is ever rewritten.
func TestMisspellingsKeepKnownWords(t *testing.T) {
	known := map[string]bool{}
	for _, l := range [][]string{formNouns, createVerbs, addVerbs, placeVerbs, forbiddenWords, publishWords, draftWords, openWords,
		resultsWords, builderWords, editorWords, nameNouns, renameVerbs, titleMarkers, questionMarks, requiredWords, optionalWords, lightVerbs} {
		for _, w := range l {
			for _, x := range strings.Fields(w) {
				known[matchForm(x)] = true
			}
		}
	}
	for _, ft := range fieldTypes {
		for _, x := range strings.Fields(ft.key) {
			known[x] = true
		}
	}
	for w := range numberWords {
		known[w] = true
	}
	for w := range negativeVerbs {
		known[w] = true
	}
	for slip, word := range misspellings {
		if known[slip] {
			t.Errorf("%s is read as %s but is a word of its own", slip, word)
		}
	}
	for slip, word := range map[string]string{"منشتر": "منتشر", "اضاف": "اضافه", "گذینه": "گزینه", "حزف": "حذف", "کوتا": "کوتاه"} {
		if got := wordToken(slip).m; got != word {
			t.Errorf("%s read as %s, want %s", slip, got, word)
		}
	}
	for _, w := range []string{"منتظر", "گزین", "سازند"} {
		if got := wordToken(w).m; got != w {
			t.Errorf("%s read as %s", w, got)
		}
	}
}

func TestEdgeCases(t *testing.T) {
	p := New(Config{MaxFields: 2})
	cases := []struct {
		text string
		want func(Result) bool
	}{
		{"", func(r Result) bool { return r.None }},
		{"   ،،، ", func(r Result) bool { return r.None }},
		{"فرم ۰ را منتشر کن", func(r Result) bool { return r.None }},
		{"فرم را منتشر کن", func(r Result) bool { return r.None && strings.Contains(r.ReasonFA, "کدام فرم") }},
		{"یک فرم بساز و پنج سوال کوتاه اضافه کن", func(r Result) bool {
			return r.Plan != nil && len(r.Plan.Steps) == 3 && len(r.Warnings) == 1
		}},
		{"فرم ۳ را منتشر نکن", func(r Result) bool { return r.None }},
		{"«فرم ۳ را حذف کن»", func(r Result) bool { return r.None }},
		// v1 cannot name the new form's id, and never invents one: the
		// command it cannot express whole gets no plan.
		{"یک فرم بساز و منتشرش کن", func(r Result) bool {
			return r.None && strings.Contains(r.ReasonFA, "شماره")
		}},
		// A new form is a draft already: keeping it one asks nothing more.
		{"یک فرم بساز و پیش نویس نگهش دار", func(r Result) bool {
			return r.Plan != nil && len(r.Plan.Steps) == 1 && r.Plan.Steps[0].Action == "create_form"
		}},
	}
	for _, c := range cases {
		if r := p.Plan(c.text); !c.want(r) {
			b, _ := json.Marshal(r)
			t.Errorf("%q: %s", c.text, b)
		}
	}
}

func TestDeterministic(t *testing.T) {
	p := New(Config{})
	for _, c := range loadCorpus(t, "basics.jsonl") {
		a, _ := json.Marshal(p.Plan(c.Text))
		b, _ := json.Marshal(p.Plan(c.Text))
		if string(a) != string(b) {
			t.Fatalf("%s: two answers", c.ID)
		}
	}
}

func FuzzPlanner(f *testing.F) {
	for _, c := range loadCorpus(f, "core.jsonl") {
		f.Add(c.Text)
	}
	for _, name := range []string{"v2.jsonl", "office-and-phone.jsonl", "english-and-dictation.jsonl", "club-caterer-translator.jsonl", "finglish.jsonl", "background-and-reasons.jsonl", "dari.jsonl", "azeri-habits.jsonl"} {
		for _, c := range loadCorpus(f, name) {
			f.Add(c.Text)
		}
	}
	f.Add("«»\"“'‘ فرم ۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶۷۸۹۰ و و و ، ، سوال سوال")
	f.Add("گزینه‌های سوال ، و و : ( ) سوال دوم و سوم و : اولی دومی")
	// The edges of the readings said loosely: a colon with nothing after
	// it, a lone archive word, an order taken back with nothing before.
	f.Add("یه سوال :")
	f.Add("یه long answer :؟")
	f.Add("آرشیو کن")
	f.Add("ولی نه")
	f.Add("یا نه بذار")
	f.Add("فرمتش")
	f.Add("درس کن فرم")
	f.Add("فرم ۱ بمونه")
	// a story with nothing after it, or an order that is only a connector
	// or a pronoun.
	f.Add("داریم. پس")
	f.Add("سوال ۲ فرم ۳ بود. اون سوال")
	f.Add("گفت.\nپاکش کن")
	f.Add("، برای همین")
	// Dari's words read by their neighbours, at the edges of a command.
	f.Add("کو")
	f.Add("نشر")
	f.Add("دانه دانه")
	f.Add("نمیخایم پاک")
	f.Add("امید است")
	f.Add("پاک کو؟ «کو»")
	p := New(Config{})
	p2 := New(Config{Contract: 2})
	f.Fuzz(func(t *testing.T, text string) {
		fuzzOne(t, p, text)
		fuzzOne(t, p2, text)
	})
}

// fuzzOne holds one planner's answer to a text to what every answer
// must be: the same twice, a plan or none, a plan valid by the contract
// its version names, and no id the text does not say.
func fuzzOne(t *testing.T, p *Planner, text string) {
	{
		r := p.Plan(text)
		again := p.Plan(text)
		a, _ := json.Marshal(r)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatal("not deterministic")
		}
		if r.Plan == nil {
			if !r.None {
				t.Fatal("neither plan nor none")
			}
			return
		}
		rep, _ := arshlineplan.ValidatePlan(context.Background(), r.Plan, contract.Options{})
		if r.Plan.Version == 2 {
			rep, _ = arshlineplan.ValidatePlanV2(context.Background(), r.Plan, contract.Options{})
		}
		if !rep.Valid {
			t.Fatalf("invalid plan for %q: %+v", text, rep.Violations)
		}
		written := writtenNumbers(text)
		for _, st := range r.Plan.Steps {
			if st.Params.ID != nil && !strings.Contains(Normalize(text), strings.TrimSpace(jsonStr(*st.Params.ID))) && !written[*st.Params.ID] {
				t.Fatalf("invented id %d for %q", *st.Params.ID, text)
			}
		}
	}
}

// writtenNumbers are the numbers a text spells as words, alone or
// compound («فرم سه», «فرم بیست و یک»): ids the planner may read that
// are not digits in the text.
func writtenNumbers(text string) map[int64]bool {
	out := map[int64]bool{}
	words := strings.FieldsFunc(Normalize(text), func(r rune) bool {
		_, quote := closingQuote(r)
		return isSpace(r) || isPunct(r) || quote
	})
	for i, w := range words {
		t := wordToken(w)
		if !t.isNum || t.digits {
			continue
		}
		out[int64(t.num)] = true
		// «صد و بیست و پنج»: every sum of a chain of parts, each
		// smaller than the one before.
		sum, last := t.num, t.num
		for k := i; k+2 < len(words) && words[k+1] == "و"; k += 2 {
			u := wordToken(words[k+2])
			if !u.isNum || u.digits || u.num >= last {
				break
			}
			sum, last = sum+u.num, u.num
			out[int64(sum)] = true
		}
	}
	return out
}

func jsonStr(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func BenchmarkPlan(b *testing.B) {
	p := New(Config{})
	cases := loadCorpus(b, "core.jsonl")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Plan(cases[i%len(cases)].Text)
	}
}

// BenchmarkPlanPerCommand reports each core command on its own.
func BenchmarkPlanPerCommand(b *testing.B) {
	p := New(Config{})
	for _, c := range loadCorpus(b, "core.jsonl") {
		b.Run(c.ID, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p.Plan(c.Text)
			}
		})
	}
}

var _ = domain.DefaultFormTitle

// TestDeniedAndReported: what a command denies or only reports is not
// done, and does not stop what it asks for.
func TestDeniedAndReported(t *testing.T) {
	p := New(Config{})
	cases := []struct {
		text string
		want string // stepsString of the plan, or "none:" and the reason's start
	}{
		{"فرم ۳ را منتشر کن نه فرم ۴ را", "publish_form/3"},
		{"فرم ۳ رو پیش نویس کن نه فرم ۴", "draft_form/3"},
		{"فرم ۵ رو پاک نکن، فقط منتشرش کن", "publish_form/5"},
		{"فرم ۵ را حذف نکن و منتشرش کن", "publish_form/5"},
		{"فرم ۵ را پاک نکن", "none:فرمان منفی است"},
		{"فرم ۵ را حذف کن و منتشر نکن", "none:برنامه‌ریز فرم‌ها را حذف"},
		{"یه فرم ساختم، حالا منتشرش کن", "none:کدام فرم"},
		{"دیروز یک فرم ایجاد کردم، دو سوال کوتاه بهش اضافه کن", "none:کدام فرم"},
		{"فرم ۴ رو که ساختم منتشر کن", "publish_form/4"},
		{"یک فرم ساخته شود با عنوان «ج»", "create_form/ج"},
		{"به فرم ۳ نه سوال کوتاه اضافه کن", strings.TrimSpace(strings.Repeat("add_field/3/short_text ", 6))},
	}
	for _, c := range cases {
		r := p.Plan(c.text)
		got := stepsString(r)
		if r.Plan == nil {
			got = "none:" + r.ReasonFA
		}
		if got != c.want && !(strings.HasPrefix(c.want, "none:") && strings.HasPrefix(got, c.want)) {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// stepsLine writes a result as action:id:type:question per step, or
// none:<navigate action>:<id> when no plan is produced.
func stepsLine(r Result) string {
	if r.Plan == nil {
		if r.Navigate != nil {
			id := int64(0)
			if v, ok := r.Navigate.Params["id"].(int64); ok {
				id = v
			} else if v, ok := r.Navigate.Params["id"].(int); ok {
				id = int64(v)
			}
			return fmt.Sprintf("none:%s:%d", r.Navigate.Action, id)
		}
		return "none"
	}
	var parts []string
	for _, s := range r.Plan.Steps {
		id := int64(0)
		if s.Params.ID != nil {
			id = *s.Params.ID
		}
		parts = append(parts, fmt.Sprintf("%s:%d:%s:%s", s.Action, id, s.Params.Type, s.Params.Question))
	}
	return strings.Join(parts, " ")
}

func TestListedWordingsAndNumberWordIDs(t *testing.T) {
	p := New(Config{})
	cases := []struct{ text, want string }{
		// The items after the colon are the counted questions' wordings.
		{"به فرم ۴ سه سوال اضافه کن: نام، نام خانوادگی، شماره تماس",
			"add_field:4:short_text:نام add_field:4:short_text:نام خانوادگی add_field:4:short_text:شماره تماس"},
		{"یه فرم بساز با دو سوال: «سن» و «شهر»", "create_form:0:: add_field:0:short_text:سن add_field:0:short_text:شهر"},
		{"به فرم ۲ دو تا سوال اجباری بذار مثل ایمیل و موبایل", "add_field:2:short_text:ایمیل add_field:2:short_text:موبایل"},
		// Items that are types stay types.
		{"به فرم ۴ سه سوال اضافه کن: کوتاه، بلند و امتیازی", "add_field:4:short_text: add_field:4:long_text: add_field:4:rating:"},
		// A list closed by «و» is complete: its items win over the count.
		{"به فرم ۴ دو سوال اضافه کن: نام، سن و شهر",
			"add_field:4:short_text:نام add_field:4:short_text:سن add_field:4:short_text:شهر"},
		// An open list of another number does not say which questions
		// its items are: the count stands, without wordings.
		{"به فرم ۴ سه سوال اضافه کن: نام، سن", "add_field:4:short_text: add_field:4:short_text: add_field:4:short_text:"},
		{"به فرم ۴ دو سوال اضافه کن: نام، سن، شهر", "add_field:4:short_text: add_field:4:short_text:"},
		// A number word closing a verbless phrase of a page or an act.
		{"نتایج فرم هفت", "none:open_results:7"},
		{"نتایج فرم ۷", "none:open_results:7"},
		{"انتشار فرم هفت", "publish_form:7::"},
		// A number typed onto a grammar word is cut from it; other words stay whole.
		{"فرم۳رو منتشر کن", "publish_form:3::"},
		{"به فرم ۴ ۳سوال بلند اضافه کن", "add_field:4:long_text: add_field:4:long_text: add_field:4:long_text:"},
		{"یه فرم به اسم «چکاپ۳» بساز", "create_form:0::"},
		// Words in parentheses after a question noun are its wording;
		// a type or a mark in parentheses is not.
		{"یه سوال کوتاه (نام و نام خانوادگی) به فرم ۳ اضافه کن", "add_field:3:short_text:نام و نام خانوادگی"},
		{"یه سوال چندگزینه‌ای (multiple choice) به فرم ۷ اضافه کن", "add_field:7:multiple_choice:"},
		{"یه سوال کوتاه (اختیاری) به فرم ۷ اضافه کن", "add_field:7:short_text:"},
		// Going live on the site publishes; «غیرفعال» stays refused.
		{"فرم ۹ رو لایو کن", "publish_form:9::"},
		{"فرم ۶ رو روی سایت بذار", "publish_form:6::"},
		{"فرم ۴ رو فعال کن", "publish_form:4::"},
		{"فرم ۴ رو غیر فعال کن", "none"},
		// «هم» after a state change repeats it on the form named with its noun.
		{"فرم ۴ رو منتشر کن، فرم ۵ رو هم", "publish_form:4:: publish_form:5::"},
		// The place beside an existing question.
		{"یک سوال کوتاه بعد از سوال دوم فرم ۵ اضافه کن", "add_field:5:short_text:"},
		{"یک سوال بلند قبل از سوال سوم فرم ۶ اضافه کن", "add_field:6:long_text:"},
	}
	index := map[string]int64{"یک سوال کوتاه بعد از سوال دوم فرم ۵ اضافه کن": 2, "یک سوال بلند قبل از سوال سوم فرم ۶ اضافه کن": 2}
	for _, c := range cases {
		r := p.Plan(c.text)
		if want, ok := index[c.text]; ok && (r.Plan == nil || r.Plan.Steps[0].Params.Index == nil || int64(*r.Plan.Steps[0].Params.Index) != want) {
			t.Errorf("%q: index is not %d", c.text, want)
		}
		if got := stepsLine(r); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.text, got, c.want)
		}
	}
}

// TestV1StaysV1: a v1 planner reads none of what only v2 can say. Put
// to every v2 command, it answers a version 1 plan with v1's actions,
// types and params, valid by v1, or none.
func TestV1StaysV1(t *testing.T) {
	p := New(Config{})
	for _, c := range append(loadCorpus(t, "v2.jsonl"), loadCorpus(t, "v2-other-words.jsonl")...) {
		r := p.Plan(c.Text)
		if r.Plan == nil {
			continue
		}
		if r.Plan.Version != 1 || needsV2(r.Plan) {
			t.Errorf("%s: v1 plan says what needs v2: %+v", c.ID, r.Plan)
		}
		if rep, _ := arshlineplan.ValidatePlan(context.Background(), r.Plan, contract.Options{}); !rep.Valid {
			t.Errorf("%s: invalid v1 plan: %+v", c.ID, rep.Violations)
		}
	}
}

// TestV2Refusals: v2 refuses, saying why, what it cannot do rather than
// cutting it short.
func TestV2Refusals(t *testing.T) {
	p := New(Config{Contract: 2})
	for _, text := range []string{
		"فرم‌های ۱، ۲، ۳، ۴، ۵، ۶، ۷، ۸، ۹، ۱۰، ۱۱، ۱۲ و ۱۳ را منتشر کن",
		"یه فرم بساز با نه سوال بلند",
		"به فرم ۳ چهار سوال کوتاه و به فرم ۴ سه سوال بلند اضافه کن",
		"سوال دوم فرم ۶ رو ببر آخر",
		"یه گزینه «سایر» به سوال دوم فرم ۳ اضافه کن",
		"سوال «ایمیل» فرم ۴ رو حذف کن",
		"همه فرم‌ها را پاک کن",
		"delete all the questions in form 7",
		"همه سوالات فرم ۳ رو پاک کن",
		"پاسخ‌های فرم ۳ رو پاک کن",
		"گزینه دوم سوال سوم فرم ۲ رو حذف کن",
		"فرم ۳ حذف شد؟",
		"فرم ۳ رو حذف کردم",
		"فرم ۴ رو کپی کردم",
		"کپی رایت فرم ۳ با کیه؟",
		"منتظر فرم ۳ هستم",
		"فرم ۳ رو منتشر کنیم یا نه؟",
		"اسمشو عوض کنم؟",
	} {
		r := p.Plan(text)
		if r.Plan != nil || r.Reason == "" || r.ReasonFA == "" {
			t.Errorf("%q: want a refusal with its reason, got %+v", text, r)
		}
	}
}

// BenchmarkPlanV2 reads the v2 commands with a v2 planner.
func BenchmarkPlanV2(b *testing.B) {
	p := New(Config{Contract: 2})
	cases := loadCorpus(b, "v2.jsonl")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Plan(cases[i%len(cases)].Text)
	}
}

// TestV2DroppedDetail: a detail the contract cannot carry is dropped
// with a warning that names it; the question is still added.
func TestV2DroppedDetail(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"یه سوال امتیازی از ۱ تا ۱۰ به فرم ۳ اضافه کن":       "scale",
		"یه سوال فایل به فرم ۵ اضافه کن که حداکثر ۲ مگ باشه": "file",
		"یه سوال عددی بین ۱۸ تا ۶۰ به فرم ۲ اضافه کن":        "number",
	} {
		r := p.Plan(text)
		found := false
		for _, w := range r.Warnings {
			found = found || w.Code == "detail.dropped" && strings.Contains(w.MessageEN, want)
		}
		if r.Plan == nil || !found {
			t.Errorf("%q: want a plan and a warning naming the %s, got %+v", text, want, r)
		}
	}
}

// TestPlanContract: one planner answers either contract as a planner
// made for it does.
func TestPlanContract(t *testing.T) {
	p := New(Config{})
	for _, text := range []string{"فرم ۵ را حذف کن", "یه فرم نظرسنجی بساز و منتشرش کن", "به فرم ۳ دو سوال کوتاه اضافه کن"} {
		for _, v := range []int{1, 2} {
			a, _ := json.Marshal(p.PlanContract(text, v))
			b, _ := json.Marshal(New(Config{Contract: v}).Plan(text))
			if string(a) != string(b) {
				t.Errorf("%q v%d: %s, want %s", text, v, a, b)
			}
		}
	}
}
