package answers

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/iranformat"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// everyType has a field of every type and every key the validator reads.
const everyType = `{"version":"arshline_form@v1","fields":[
{"id":"name","type":"text","label":"نام","required":true,"min_length":2,"max_length":10},
{"id":"mobile","type":"text","label":"موبایل","format":"mobile_ir"},
{"id":"nc","type":"text","label":"کد ملی","format":"national_code"},
{"id":"phone","type":"text","label":"تلفن","format":"phone_ir"},
{"id":"postal","type":"text","label":"کد پستی","format":"postal_code_ir"},
{"id":"site","type":"text","label":"وب","format":"url"},
{"id":"at","type":"text","label":"ساعت","format":"time"},
{"id":"fa","type":"text","label":"نام فارسی","format":"persian_letters"},
{"id":"en","type":"text","label":"نام لاتین","format":"latin_letters"},
{"id":"card","type":"text","label":"کارت","format":"card_ir"},
{"id":"sheba","type":"text","label":"شبا","format":"sheba"},
{"id":"mail2","type":"text","label":"ایمیل","format":"email","max_length":20},
{"id":"bio","type":"textarea","label":"درباره","max_length":5},
{"id":"email","type":"email","label":"ایمیل"},
{"id":"count","type":"number","label":"تعداد","min":0,"max":100,"step":0.5},
{"id":"temp","type":"number","label":"دما"},
{"id":"stepped","type":"number","label":"گام","min":1,"step":3},
{"id":"ins","type":"radio","label":"بیمه","options":[{"value":"o1","label":"تأمین اجتماعی"},{"value":"o2","label":"آزاد"}]},
{"id":"city","type":"select","label":"شهر","options":[{"value":"thr","label":"تهران"},{"value":"isf","label":"اصفهان"}]},
{"id":"langs","type":"checkbox","label":"زبان‌ها","options":[{"value":"a","label":"فارسی"},{"value":"b","label":"English"},{"value":"c","label":"عربی"}],"min_select":2,"max_select":2},
{"id":"visit","type":"date","label":"تاریخ","calendar":"jalali","min":"1403-01-01","max":"1405-12-29"},
{"id":"born","type":"date","label":"تولد","calendar":"gregorian","min":"2000-01-01","max":"2025-12-31"},
{"id":"stars","type":"rating","label":"امتیاز","scale":{"min":1,"max":5}},
{"id":"grid","type":"matrix","label":"جدول","rows":["کیفیت","قیمت"],"cols":["خوب","بد"],"required":true},
{"id":"grid2","type":"matrix","label":"جدول ۲","rows":["r1","r2"],"cols":["c1","c2"]},
{"id":"docs","type":"file","label":"مدارک","accept":["image/png"],"max_files":2},
{"id":"sec","type":"section","label":"بخش"},
{"id":"info","type":"html","label":"توضیح","html":"<p>سلام</p>"}
]}`

func parse(t testing.TB, raw string) *document.Document {
	t.Helper()
	d, err := document.Parse([]byte(raw))
	if err != nil {
		t.Fatalf("document: %v", err)
	}
	return d
}

// base answers everything that must be answered in everyType.
func base() map[string]json.RawMessage {
	return map[string]json.RawMessage{
		"name": json.RawMessage(`"علی"`),
		"grid": json.RawMessage(`{"کیفیت":"خوب","قیمت":"بد"}`),
	}
}

func run(t *testing.T, d *document.Document, answers map[string]json.RawMessage) (Result, []FieldError, error) {
	t.Helper()
	res, err := Validate(d, answers, Options{})
	if err != nil {
		fields := FieldErrors(err)
		if fields == nil {
			return res, nil, err
		}
		for _, f := range fields {
			if f.MessageFA == "" || f.MessageEN == "" || f.Code == "" || f.Field == "" {
				t.Errorf("entry without a message: %+v", f)
			}
		}
		return res, fields, err
	}
	return res, nil, nil
}

func TestEveryRule(t *testing.T) {
	d := parse(t, everyType)
	cases := []struct {
		field string
		sent  string
		want  any    // the normalised value when accepted
		code  Reason // the reason when refused
	}{
		{"name", `"  علي  "`, "علی", ""},
		{"name", `"كاظم\nعلي"`, "کاظم علی", ""},
		{"name", `"ع"`, nil, ReasonTooShort},
		{"name", `"عليعليعليعلي"`, nil, ReasonTooLong},
		{"name", `"ییییییییی\u200fی"`, "یییییییییی", ""}, // a bidi mark is dropped: 10 characters
		{"name", `12`, nil, ReasonWrongType},
		{"name", "\f\"علی\"", nil, ReasonWrongType}, // a form feed is not JSON's whitespace
		{"name", "\"علی\"\u00a0", nil, ReasonWrongType},
		{"name", " \"علی\"\n", "علی", ""},
		{"name", `"   "`, nil, ReasonRequired},
		{"name", `null`, nil, ReasonRequired},
		{"mobile", `"+98 912 123 4567"`, "09121234567", ""},
		{"mobile", `"۰۰۹۸۹۱۲۱۲۳۴۵۶۷"`, "09121234567", ""},
		{"mobile", `"989121234567"`, "09121234567", ""},
		{"mobile", `"9121234567"`, "09121234567", ""},
		{"mobile", `"٠٩١٢١٢٣٤٥٦٧"`, "09121234567", ""},
		{"mobile", `"0912123456"`, nil, Reason(iranformat.KindMobile)},
		{"mobile", `9121234567`, nil, ReasonWrongType},
		{"nc", `"۰۰۱۳۵۴۲۴۱۹"`, "0013542419", ""},
		{"nc", `"1234567890"`, nil, Reason(iranformat.KindNationalCode)},
		{"nc", `"12345678"`, nil, Reason(iranformat.KindNationalCodeLength)},
		{"phone", `"021-88776655"`, "02188776655", ""},
		{"phone", `"88776655"`, nil, Reason(iranformat.KindLandline)},
		{"postal", `"۱۱۳۶۹-۱۳۱۳۱"`, "1136913131", ""},
		{"postal", `"1036913131"`, nil, Reason(iranformat.KindPostalCode)},
		{"site", `"https://example.com/a"`, "https://example.com/a", ""},
		{"site", `"javascript:alert(1)"`, nil, Reason(iranformat.KindURL)},
		{"at", `"۹:۳۰"`, "09:30", ""},
		{"at", `"24:00"`, nil, Reason(iranformat.KindTime)},
		{"fa", `"علي رضايي"`, "علی رضایی", ""},
		{"fa", `"Ali"`, nil, Reason(iranformat.KindPersianLetters)},
		{"en", `"Jean-Luc"`, "Jean-Luc", ""},
		{"en", `"علی"`, nil, Reason(iranformat.KindLatinLetters)},
		{"card", `"6037-9912-3456-7893"`, "6037991234567893", ""},
		{"card", `"6037991234567890"`, nil, Reason(iranformat.KindCard)},
		{"sheba", `"IR06 2960 0000 0010 0324 2000 01"`, "IR062960000000100324200001", ""},
		{"sheba", `"IR062960000000100324200002"`, nil, Reason(iranformat.KindSheba)},
		{"mail2", `" Ali@Example.com "`, "Ali@example.com", ""},
		{"mail2", `"a-very-long-name@example.com"`, nil, ReasonTooLong},
		{"bio", `"خط یک\nدو"`, nil, ReasonTooLong},
		{"bio", `"يك\nدو"`, "یک\nدو", ""},
		{"email", `"ali@example.com"`, "ali@example.com", ""},
		{"email", `"ali@"`, nil, Reason(iranformat.KindEmail)},
		{"email", `["ali@example.com"]`, nil, ReasonWrongType},
		{"count", `12.5`, 12.5, ""},
		{"count", `"۱۲٫۵"`, 12.5, ""},
		{"count", `"١٢٫٥"`, 12.5, ""},
		{"count", `"12.5"`, 12.5, ""},
		{"count", `0`, 0.0, ""},
		{"count", `-0`, 0.0, ""},
		{"count", `12.3`, nil, ReasonNumberStep},
		{"count", `-1`, nil, ReasonNumberTooSmall},
		{"count", `100.5`, nil, ReasonNumberTooLarge},
		{"count", `"دوازده"`, nil, ReasonNotANumber},
		{"count", `"1e3"`, nil, ReasonNotANumber},
		{"count", `"NaN"`, nil, ReasonNotANumber},
		{"count", `"0x10"`, nil, ReasonNotANumber},
		{"count", `1e400`, nil, ReasonNotANumber},
		{"count", `true`, nil, ReasonWrongType},
		{"count", `[1]`, nil, ReasonWrongType},
		{"temp", `"−۵"`, -5.0, ""},
		{"temp", `"۱۲٬۵۰۰"`, 12500.0, ""},
		{"temp", `"1.2.3"`, nil, ReasonNotANumber},
		{"temp", `"1,250,000"`, 1250000.0, ""},
		{"temp", `"۱،۲۵۰٫۵"`, 1250.5, ""},
		{"temp", `"-12 500"`, -12500.0, ""},
		{"temp", `"12,5"`, nil, ReasonNotANumber},
		{"temp", `"1 2"`, nil, ReasonNotANumber},
		{"temp", `"1234,567"`, nil, ReasonNotANumber},
		{"temp", `"1,2345"`, nil, ReasonNotANumber},
		{"temp", `"1,234,56"`, nil, ReasonNotANumber},
		{"temp", `",123"`, nil, ReasonNotANumber},
		{"temp", `"123,"`, nil, ReasonNotANumber},
		{"temp", `".5"`, 0.5, ""},
		{"temp", `"-"`, nil, ReasonNotANumber},
		{"stepped", `7`, 7.0, ""},
		{"stepped", `6`, nil, ReasonNumberStep},
		{"ins", `"o2"`, "o2", ""},
		{"ins", `"o3"`, nil, ReasonUnknownOption},
		{"ins", `"آزاد"`, nil, ReasonUnknownOption},
		{"ins", `1`, nil, ReasonWrongType},
		{"ins", `["o1"]`, nil, ReasonWrongType},
		{"city", `"isf"`, "isf", ""},
		{"city", `"shz"`, nil, ReasonUnknownOption},
		{"langs", `["c","a"]`, []string{"a", "c"}, ""},
		{"langs", `["a"]`, nil, ReasonTooFewOptions},
		{"langs", `["a","b","c"]`, nil, ReasonTooManyOptions},
		{"langs", `["a","a"]`, nil, ReasonRepeatedOption},
		{"langs", `["a","z"]`, nil, ReasonUnknownOption},
		{"langs", `"a"`, nil, ReasonWrongType},
		{"langs", `[1,2]`, nil, ReasonWrongType},
		{"langs", `[]`, nil, ""},
		{"visit", `"۱۴۰۳/۱۲/۳۰"`, "1403-12-30", ""},
		{"visit", `"1404/12/30"`, nil, ReasonInvalidDate},
		{"visit", `"30/12/1403"`, "1403-12-30", ""},
		{"visit", `"1402/12/29"`, nil, ReasonDateTooEarly},
		{"visit", `"1406/01/01"`, nil, ReasonDateTooLate},
		{"visit", `"فردا"`, nil, ReasonInvalidDate},
		{"visit", `14031230`, nil, ReasonWrongType},
		{"born", `"2024-02-29"`, "2024-02-29", ""},
		{"born", `"۲۰۲۴/۲/۹"`, "2024-02-09", ""},
		{"born", `"2023-02-29"`, nil, ReasonInvalidDate},
		{"born", `"1999-12-31"`, nil, ReasonDateTooEarly},
		{"born", `"2026-01-01"`, nil, ReasonDateTooLate},
		{"born", `20240229`, nil, ReasonWrongType},
		{"stars", `4`, 4, ""},
		{"stars", `"۵"`, 5, ""},
		{"stars", `0`, nil, ReasonOutOfScale},
		{"stars", `6`, nil, ReasonOutOfScale},
		{"stars", `3.5`, nil, ReasonNotInteger},
		{"stars", `"خوب"`, nil, ReasonWrongType},
		{"grid", `{"کیفيت":"خوب","قیمت":"بد"}`, map[string]string{"کیفیت": "خوب", "قیمت": "بد"}, ""},
		{"grid", `{"کیفیت":"خوب"}`, nil, ReasonIncomplete},
		{"grid", `{"کیفیت":"خوب","قیمت":"عالی"}`, nil, ReasonUnknownColumn},
		{"grid", `{"کیفیت":"خوب","قیمت":"بد","رنگ":"خوب"}`, nil, ReasonUnknownRow},
		{"grid", `{"کیفیت":1,"قیمت":"بد"}`, nil, ReasonWrongType},
		{"grid", `["خوب","بد"]`, nil, ReasonWrongType},
		{"grid", `{}`, nil, ReasonRequired},
		{"grid2", `{"r1":"c2","r2":""}`, map[string]string{"r1": "c2"}, ""},
		{"grid2", `{"r1":null}`, nil, ""},
		{"docs", `[{"upload_id":"u_1"},{"upload_id":"u-2"}]`, []Upload{{UploadID: "u_1"}, {UploadID: "u-2"}}, ""},
		{"docs", `[{"upload_id":"u_1","name":"x.exe","size":1}]`, nil, ReasonInvalidUpload},
		{"docs", `[{"upload_id":"a"},{"upload_id":"b"},{"upload_id":"c"}]`, nil, ReasonTooManyFiles},
		{"docs", `[{"upload_id":"a"},{"upload_id":"a"}]`, nil, ReasonRepeatedUpload},
		{"docs", `[{"upload_id":"../etc/passwd"}]`, nil, ReasonInvalidUpload},
		{"docs", `[{"upload_id":"a","path":"/tmp/x"}]`, nil, ReasonInvalidUpload},
		{"docs", `["a"]`, nil, ReasonInvalidUpload},
		{"docs", `{"upload_id":"a"}`, nil, ReasonWrongType},
		{"sec", `"x"`, nil, ReasonNotAnswerable},
		{"info", `null`, nil, ReasonNotAnswerable},
		{"nope", `"x"`, nil, ReasonUnknownField},
	}
	for _, c := range cases {
		t.Run(c.field+"="+c.sent, func(t *testing.T) {
			answers := base()
			answers[c.field] = json.RawMessage(c.sent)
			res, fields, err := run(t, d, answers)
			if c.code != "" {
				if len(fields) != 1 || fields[0].Field != c.field || fields[0].Code != c.code {
					t.Fatalf("want one %s entry for %s, got %v (%v)", c.code, c.field, fields, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v %+v", err, fields)
			}
			a, ok := res.Get(c.field)
			if c.want == nil {
				if ok {
					t.Fatalf("an empty answer was kept: %+v", a)
				}
				return
			}
			if !ok {
				t.Fatalf("answer missing from %+v", res)
			}
			if !reflect.DeepEqual(a.Value, c.want) {
				t.Fatalf("value %#v, want %#v", a.Value, c.want)
			}
			if want := c.sent; c.field == "docs" && string(a.Typed) != "" {
				t.Fatalf("typed %s, want none: a file answer's value is what was sent", a.Typed)
			} else if c.field != "docs" && string(a.Typed) != want {
				t.Fatalf("typed %s, want %s as sent", a.Typed, want)
			}
		})
	}
}

// TestEveryProblemAtOnce: one error lists each failing field once, in
// document order, unknown ids last.
func TestEveryProblemAtOnce(t *testing.T) {
	d := parse(t, everyType)
	answers := map[string]json.RawMessage{
		"zz":     json.RawMessage(`1`),
		"stars":  json.RawMessage(`9`),
		"mobile": json.RawMessage(`"123"`),
		"aa":     json.RawMessage(`1`),
		"visit":  json.RawMessage(`"1404/12/30"`),
	}
	_, err := Validate(d, answers, Options{})
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != CodeInvalidSubmission {
		t.Fatalf("%v", err)
	}
	var got []string
	for _, f := range FieldErrors(err) {
		got = append(got, f.Field+":"+string(f.Code))
	}
	want := []string{"name:required", "mobile:invalid_mobile", "visit:invalid_date", "stars:out_of_scale", "grid:required", "aa:unknown_field", "zz:unknown_field"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	// The wire shape API.md publishes: data.fields [{field, code, message_fa, message_en}].
	b, _ := json.Marshal(de.Data)
	var wire struct {
		Fields []map[string]string `json:"fields"`
	}
	if err := json.Unmarshal(b, &wire); err != nil || len(wire.Fields) != len(want) {
		t.Fatalf("%s", b)
	}
	for _, f := range wire.Fields {
		if len(f) != 4 || f["field"] == "" || f["code"] == "" || f["message_fa"] == "" || f["message_en"] == "" {
			t.Fatalf("entry %v", f)
		}
	}
	if fields := FieldErrors(err); fields[0].MessageFA != "به این پرسش پاسخ دهید" || fields[0].MessageEN != "Please answer this question" {
		t.Fatalf("%+v", fields[0])
	}
	if v := FieldErrors(err)[2]; !strings.Contains(v.MessageFA, "۲۹ روز") || !strings.Contains(v.MessageEN, "29 days") {
		t.Fatalf("the date message should say how many days Esfand 1404 has: %+v", v)
	}
}

// TestMessages: every reason and every wrong-type shape has both
// messages, and numbers reach the Persian text in Persian digits.
func TestMessages(t *testing.T) {
	for r, m := range catalogue {
		if !messages.Has(m.Key) || strings.Count(messages.Render("fa_IR", m), "%s") != 0 {
			t.Errorf("%s: %+v", r, m)
		}
	}
	for s, m := range typeMessages {
		if !messages.Has(m.Key) {
			t.Errorf("shape %d: %+v", s, m)
		}
	}
	for _, r := range []Reason{ReasonRequired, ReasonUnknownField, ReasonNotAnswerable, ReasonDuplicate, ReasonTooShort, ReasonTooLong,
		ReasonNotANumber, ReasonNumberTooSmall, ReasonNumberTooLarge, ReasonNumberStep, ReasonUnknownOption, ReasonRepeatedOption,
		ReasonTooFewOptions, ReasonTooManyOptions, ReasonInvalidDate, ReasonDateTooEarly, ReasonDateTooLate, ReasonNotInteger,
		ReasonOutOfScale, ReasonUnknownRow, ReasonUnknownColumn, ReasonIncomplete, ReasonTooManyFiles, ReasonInvalidUpload, ReasonRepeatedUpload, ReasonAlreadyUsed} {
		if _, ok := catalogue[r]; !ok {
			t.Errorf("%s has no message", r)
		}
	}
	e := entry("f", ReasonNumberStep, "0.5", "-12.5")
	if e.MessageFA != "عدد باید با گام‌های ۰٫۵ باشد، مانند −۱۲٫۵" || e.MessageEN != "The number must go in steps of 0.5, like -12.5" {
		t.Fatalf("%+v", e)
	}
	e = entry("f", ReasonOutOfScale, "1", "10")
	if e.MessageFA != "امتیازی از ۱ تا ۱۰ انتخاب کنید" || e.MessageEN != "Choose a rating from 1 to 10" {
		t.Fatalf("%+v", e)
	}
}

// showIfDoc chains conditions: b shows when a is o2, c when b is answered,
// d when c equals "بلی" (so hiding b hides c and d), e unless a is o1, f
// when the checkbox g has x or y, h when the number n is 3.
const showIfDoc = `{"version":"arshline_form@v1","fields":[
{"id":"a","type":"radio","label":"a","options":[{"value":"o1","label":"۱"},{"value":"o2","label":"۲"}]},
{"id":"b","type":"text","label":"b","required":true,"show_if":{"field":"a","op":"equals","value":"o2"}},
{"id":"c","type":"text","label":"c","required":true,"show_if":{"field":"b","op":"answered"}},
{"id":"d","type":"text","label":"d","required":true,"show_if":{"field":"c","op":"equals","value":"بلی"}},
{"id":"e","type":"text","label":"e","required":true,"show_if":{"field":"a","op":"not_equals","value":"o1"}},
{"id":"g","type":"checkbox","label":"g","options":[{"value":"x","label":"x"},{"value":"y","label":"y"},{"value":"z","label":"z"}]},
{"id":"f","type":"text","label":"f","required":true,"show_if":{"field":"g","op":"in","value":["x","y"]}},
{"id":"n","type":"number","label":"n"},
{"id":"h","type":"text","label":"h","required":true,"show_if":{"field":"n","op":"equals","value":3}},
{"id":"s","type":"section","label":"s","show_if":{"field":"a","op":"equals","value":"o2"}},
{"id":"k","type":"text","label":"k","required":true,"show_if":{"field":"g","op":"equals","value":"z"}},
{"id":"m","type":"text","label":"m","format":"mobile_ir"},
{"id":"mm","type":"text","label":"mm","required":true,"show_if":{"field":"m","op":"in","value":["+98 912 000 0000","09121234567"]}},
{"id":"dt","type":"date","label":"dt"},
{"id":"dd","type":"text","label":"dd","required":true,"show_if":{"field":"dt","op":"equals","value":"۱۴۰۳/۱۲/۳۰"}}
]}`

func TestShowIf(t *testing.T) {
	d := parse(t, showIfDoc)
	cases := []struct {
		name     string
		answers  string
		kept     []string // answered fields kept, in order
		dropped  []string
		problems []string
	}{
		{"a=o1 hides b, c, d and e; their answers are dropped and not required",
			`{"a":"o1","b":"x","c":"بلی","d":"y","e":"z"}`, []string{"a"}, []string{"b", "c", "d", "e"}, nil},
		{"a=o2 shows b, which is required, and e (not o1)",
			`{"a":"o2"}`, nil, nil, []string{"b:required", "e:required"}},
		{"b answered shows c; c=بلی (typed with an Arabic yeh and a bidi mark) shows d",
			`{"a":"o2","b":"x","c":"بلي\u200f","e":"z"}`, nil, nil, []string{"d:required"}},
		{"the chain is all there",
			`{"a":"o2","b":"x","c":"بلی","d":"y","e":"z"}`, []string{"a", "b", "c", "d", "e"}, nil, nil},
		{"an unanswered a shows its not_equals dependant e only",
			`{"e":"z"}`, []string{"e"}, nil, nil},
		{"an invalid a counts as no answer: b hidden, e shown",
			`{"a":"o9","b":"x"}`, nil, nil, []string{"a:unknown_option", "e:required"}},
		{"checkbox in",
			`{"e":"z","g":["z","y"]}`, nil, nil, []string{"f:required", "k:required"}},
		{"checkbox in, not met",
			`{"e":"z","g":["z"],"f":"x","k":"k"}`, []string{"e", "g", "k"}, []string{"f"}, nil},
		{"number equals, typed in Persian digits",
			`{"e":"z","n":"۳"}`, nil, nil, []string{"h:required"}},
		{"a condition meets the answer in one spelling: mobiles",
			`{"e":"z","m":"۹۱۲۱۲۳۴۵۶۷"}`, nil, nil, []string{"mm:required"}},
		{"a condition meets the answer in one spelling: dates",
			`{"e":"z","dt":"1403-12-30"}`, nil, nil, []string{"dd:required"}},
		{"a condition not met",
			`{"e":"z","m":"09351234567","dt":"1403-12-29","mm":"x","dd":"y"}`, []string{"e", "m", "dt"}, []string{"mm", "dd"}, nil},
		{"a hidden section takes no answer and is no error",
			`{"a":"o1","s":"x"}`, []string{"a"}, []string{"s"}, nil},
		{"a shown section takes no answer",
			`{"a":"o2","b":"x","c":"نه","e":"z","s":"x"}`, nil, nil, []string{"s:not_answerable"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var answers map[string]json.RawMessage
			if err := json.Unmarshal([]byte(c.answers), &answers); err != nil {
				t.Fatal(err)
			}
			res, fields, err := run(t, d, answers)
			var problems []string
			for _, f := range fields {
				problems = append(problems, f.Field+":"+string(f.Code))
			}
			if !reflect.DeepEqual(problems, c.problems) {
				t.Fatalf("problems %v, want %v (%v)", problems, c.problems, err)
			}
			if c.problems != nil {
				return
			}
			var kept []string
			for _, a := range res.Answers {
				kept = append(kept, a.Field)
			}
			if !reflect.DeepEqual(kept, c.kept) || !reflect.DeepEqual(res.Dropped, c.dropped) {
				t.Fatalf("kept %v dropped %v, want %v and %v", kept, res.Dropped, c.kept, c.dropped)
			}
		})
	}
}

func TestTooLarge(t *testing.T) {
	d := parse(t, everyType)
	many := map[string]json.RawMessage{}
	for i := 0; i < 10000; i++ {
		many[fmt.Sprintf("f%d", i)] = json.RawMessage(`"x"`)
	}
	if _, err := Validate(d, many, Options{}); domain.ErrorCode(err) != CodeTooLarge {
		t.Fatalf("10,000 answers: %v", err)
	}
	long := base()
	long["bio"] = json.RawMessage(`"` + strings.Repeat("ا", 40000) + `"`)
	_, err := Validate(d, long, Options{})
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != CodeTooLarge || de.Data["field"] != "bio" || messages.Render("fa_IR", de.Text()) == "" {
		t.Fatalf("a long answer: %v", err)
	}
	// A textarea at the schema's longest, every letter \u-escaped, fits.
	escaped := base()
	escaped["bio"] = json.RawMessage(`"` + strings.Repeat(`\u0627`, 10000) + `"`)
	if _, err := Validate(d, escaped, Options{}); domain.ErrorCode(err) == CodeTooLarge {
		t.Fatalf("10,000 escaped letters: %v", err)
	}
	total := base()
	for _, id := range []string{"bio", "email", "fa", "en", "site", "card", "sheba", "phone", "postal"} {
		total[id] = json.RawMessage(`"` + strings.Repeat("x", 60000) + `"`)
	}
	if _, err := Validate(d, total, Options{}); domain.ErrorCode(err) != CodeTooLarge {
		t.Fatalf("540 KB in all: %v", err)
	}
	if _, err := Validate(d, base(), Options{MaxAnswers: 1}); domain.ErrorCode(err) != CodeTooLarge {
		t.Fatalf("MaxAnswers: %v", err)
	}
}

// TestDecode: the body is read under the same limits, counting first.
func TestDecode(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 10000; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"f%d":"x"`, i)
	}
	b.WriteString("}")
	if _, err := Decode([]byte(b.String()), Options{}); domain.ErrorCode(err) != CodeTooLarge {
		t.Fatalf("10,000 answers: %v", err)
	}
	m, err := Decode([]byte(` {"name": "علی", "grid": {"کیفیت":"خوب","قیمت":"بد"}} `), Options{})
	if err != nil || string(m["name"]) != `"علی"` || len(m) != 2 {
		t.Fatalf("%v %v", m, err)
	}
	// Colons and quotes inside strings and nested objects are not keys.
	if m, err := Decode([]byte(`{"a:b":"c\":d","e":{"f":1,"g":[{"h":2}]}}`), Options{MaxAnswers: 2}); err != nil || len(m) != 2 {
		t.Fatalf("nested: %v %v", m, err)
	}
	if m, err := Decode([]byte(`null`), Options{}); err != nil || len(m) != 0 {
		t.Fatalf("null: %v %v", m, err)
	}
	for _, bad := range []string{`[]`, `"x"`, `{"a":1}x`, `{"a":}`, `{"a":1`, ``} {
		if _, err := Decode([]byte(bad), Options{}); domain.ErrorCode(err) != domain.CodeInvalidParams {
			t.Errorf("%q: %v", bad, err)
		}
	}
	_, err = Decode([]byte(`{"b":1,"a":1,"b":2}`), Options{})
	if f := FieldErrors(err); len(f) != 1 || f[0].Field != "b" || f[0].Code != ReasonDuplicate {
		t.Fatalf("duplicate key: %v", err)
	}
	if _, err := Decode([]byte(`{"a":"`+strings.Repeat("x", 70000)+`"}`), Options{}); domain.ErrorCode(err) != CodeTooLarge {
		t.Fatalf("long value: %v", err)
	}
	if _, err := Decode([]byte(strings.Repeat(" ", 2<<20)), Options{}); domain.ErrorCode(err) != CodeTooLarge {
		t.Fatalf("huge body: %v", err)
	}
}

func TestNoAnswers(t *testing.T) {
	d := parse(t, showIfDoc)
	if _, err := Validate(d, nil, Options{}); len(FieldErrors(err)) != 1 {
		t.Fatalf("e is required when a is unanswered: %v", err)
	}
	d.Fields[4].Required = nil
	res, err := Validate(d, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(res); !strings.HasPrefix(string(b), `{"answers":[],"hidden":["b","c","d","f","h","s","k","mm","dd"]}`) {
		t.Fatalf("%s", b)
	}
}

func TestNoDocument(t *testing.T) {
	if _, err := Validate(nil, nil, Options{}); domain.ErrorCode(err) != domain.CodeInternal {
		t.Fatal(err)
	}
}

// TestResultEncodes: a result is stored as JSON: every value encodes, and
// typed keeps the bytes sent.
func TestResultEncodes(t *testing.T) {
	d := parse(t, everyType)
	answers := base()
	answers["mobile"] = json.RawMessage(`"۰۹۱۲ ۱۲۳ ۴۵۶۷"`)
	answers["docs"] = json.RawMessage(`[{"upload_id":"u1"}]`)
	res, err := Validate(d, answers, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `{"field":"mobile","type":"text","value":"09121234567","typed":"۰۹۱۲ ۱۲۳ ۴۵۶۷"}`) {
		t.Fatalf("%s", b)
	}
	if v := res.Values(); v["docs"].([]Upload)[0].UploadID != "u1" {
		t.Fatalf("%v", v)
	}
}

// TestTyped: typed is the JSON as sent, escapes and all; TypedText its
// text.
func TestTyped(t *testing.T) {
	d := parse(t, everyType)
	answers := base()
	answers["name"] = json.RawMessage(`"\u0639\u0644\u064a"`)
	answers["count"] = json.RawMessage(`"۱۲٫۵"`)
	answers["stars"] = json.RawMessage(`4`)
	res, err := Validate(d, answers, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string][3]string{
		"name":  {`"\u0639\u0644\u064a"`, "علي", "علی"},
		"count": {`"۱۲٫۵"`, "۱۲٫۵", "12.5"},
		"stars": {`4`, "4", "4"},
	} {
		a, _ := res.Get(id)
		if string(a.Typed) != want[0] || a.TypedText() != want[1] || fmt.Sprint(a.Value) != want[2] {
			t.Errorf("%s: typed %s, text %q, value %v; want %v", id, a.Typed, a.TypedText(), a.Value, want)
		}
	}
}
