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
