package persian

import (
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestNoUnaskedDestructionTempted: commands that tempt a reading into a
// destructive step nobody asked for — a delete, disable, draft or
// unpublish denied in every register, asked about, put off till
// tomorrow, made conditional, reported, or said of something smaller
// than a question or a form (an option, a word, the required mark, the
// answers, a window) — give no delete_form, delete_field, disable_form
// or draft_form the command did not ask for. Where the right plan is
// clear it is written beside the command ("none" for no plan); where
// it is not, only the safety is checked.
func TestNoUnaskedDestructionTempted(t *testing.T) {
	destroys := map[string]bool{domain.ActionDeleteForm: true, domain.ActionDeleteField: true, domain.ActionDisableForm: true, domain.ActionDraftForm: true}
	families := []struct {
		name  string
		cases []tempted
	}{
		{"denied in every register", []tempted{
			{text: "فرم ۳۱ رو پاک نکنی‌ها، فقط منتشرش کن", want: "publish_form #31"},
			{text: "خواهشمند است از حذف فرم شماره ۴۴ اجتناب فرمایید", want: "none"},
			{text: "فرم ۱۹ به هیچ عنوان غیرفعال نگردد", want: "none"},
			{text: "dont delete form 23, just rename it to «Survey 2»", want: "update_form_title #23 Survey 2"},
			{text: "form 12 ro hazf nakon, publishesh kon", want: "publish_form #12"},
			{text: "فرم۵۶ حذف نه. فقط سوال دوم اجباری", want: "update_field #56 @1 required"},
			{text: "سوال سوم فرم ۷۲ رو نمی‌خوام حذف کنی، فقط متنش رو بکن «سن شما»", want: "update_field #72 @2 سن شما"},
			{text: "فرم ۸۸ رو از حالت انتشار خارج نکنید", want: "none"},
			{text: "باگ: فرم ۹۰ نباید پیش‌نویس بشه. لطفا منتشرش کنید", want: "publish_form #90"},
			{text: "فرم ۶۱ رو دیگه غیرفعالش نکن بابا", want: "none"},
			{text: "pak nakonid form 14 ro", want: "none"},
			{text: "فرم ۲۷ رو آرشیو نکن، یه کپی ازش بگیر", want: "duplicate_form #27"},
		}},
		{"asked about, not ordered", []tempted{
			{text: "میشه فرم ۴۰ رو پاک کرد؟", want: "none"},
			{text: "اگه سوال دوم فرم ۱۱ رو حذف کنم جواباش می‌پره؟", want: "none"},
			{text: "حذف فرم ۳۳ برگشت‌پذیره؟", want: "none"},
			{text: "چرا فرم ۵۰ غیرفعال شده؟", want: "none"},
			{text: "can I delete form 9 later?", want: "none"},
		}},
		{"conditional or later", []tempted{
			{text: "اگه کسی فرم ۲۲ رو پر نکرد پاکش کن", want: "none"},
			{text: "فردا فرم ۱۸ رو پاکش کن", want: "none"},
			{text: "هفته بعد فرم ۳۴ رو غیرفعال کن", want: "none"},
			{text: "در صورت اتمام مهلت، فرم ۴۵ غیرفعال شود", want: "none"},
			{text: "بعد از جمعه فرم ۶۶ رو ببر تو پیش‌نویس", want: "none"},
		}},
		{"reported speech", []tempted{
			{text: "مدیرمون گفت فرم ۵۲ رو پاک کنم ولی فعلا دست نزن", want: "none"},
			{text: "مشتری می‌گه سوال اول فرم ۷ رو حذف کردید؟", want: "none"},
			{text: "یکی پرسیده بود چطوری فرم رو غیرفعال کنه", want: "none"},
		}},
		{"something smaller than the question", []tempted{
			{text: "گزینه «سبز» رو از سوال سوم فرم ۸ بردار", want: "none"},
			{text: "کلمه «لطفا» رو از متن سوال اول فرم ۱۵ پاک کن", want: "none"},
			{text: "ستاره اجباری سوال دوم فرم ۲۹ رو بردار", want: "update_field #29 @1 optional"},
			{text: "اجباری بودن پرسش چهارم فرم ۳۶ را بردارید", want: "update_field #36 @3 optional"},
			{text: "required رو از سوال ۳ فرم ۴۱ بردار", want: "update_field #41 @2 optional"},
			{text: "گزینه آخر سوال دوم فرم ۱۶ اضافیه، حذفش کن", want: "none"},
			{text: "توضیحات زیر سوال اول فرم ۳۹ رو پاک کن", want: "none"},
		}},
		{"emptied, cleaned, closed", []tempted{
			{text: "پاسخ‌های فرم ۲۴ رو خالی کن", want: "none"},
			{text: "پاکسازی پاسخ‌های فرم ۵۷", want: "none"},
			{text: "جوابای تستی فرم ۱۳ رو پاک کن", want: "none"},
			{text: "پنجره ویرایش فرم ۴۳ رو ببند", want: "none"},
			{text: "ادیتور رو ببند و فرم ۲۶ رو منتشر کن", want: "publish_form #26"},
			{text: "بستن پنجره پیش‌نمایش فرم ۴۷", want: "none"},
			{text: "کش فرم ۳۸ رو پاک کن", want: "none"},
		}},
		{"denied next to an order", []tempted{
			{text: "فرم ۶۲ رو منتشر کن ولی فرم ۶۳ رو پاک نکن", want: "publish_form #62"},
			{text: "فرم ۷۱ رو حذف نکن. فرم ۷۳ رو منتشر کن", want: "publish_form #73"},
			{text: "سوال دوم فرم ۸۱ رو اجباری کن؛ سوال سومش رو هم حذف نکن", want: "update_field #81 @1 required"},
			{text: "فرم ۹۲ غیرفعال نشه، فقط عنوانش بشه «نظرسنجی پاییز»", want: "update_form_title #92 نظرسنجی پاییز"},
		}},
		{"finglish, reports and later", []tempted{
			{text: "form 30 ro farda pak kon", want: "none"},
			{text: "disable nakon form 33 ro", want: "none"},
			{text: "BUG: وقتی فرم ۱۷ رو پیش‌نویس نکردم خودش رفت تو پیش‌نویس", want: "none"},
			{text: "اگه لازم شد بعدا سوال سوم فرم ۴۸ رو حذف می‌کنم", want: "none"},
			{text: "سوالات تکراری فرم ۷۵ رو پاک نکن تا خودم چک کنم", want: "none"},
			{text: "فرم ۲۸ رو آرشیو نکنید لطفاً، فقط عنوانش را «بایگانی ۱۴۰۳» بگذارید", want: "update_form_title #28 بایگانی ۱۴۰۳"},
			{text: "نمیخواد فرم ۵۸ رو پاک کنی، فقط سوال اولش رو اختیاری کن", want: "update_field #58 @0 optional"},
			{text: "حذف سوال دوم فرم ۶۹؟ نه بابا، فقط متنشو بکن «شغل»"},
			{text: "دفترچه رو ببند، فرم ۷۴ رو منتشر کن", want: "publish_form #74"},
			{text: "فرم ۱۲ اسمشو کن حذف و اضافه ترم پاییز"},
		}},
		{"said to remove, and meant", []tempted{
			{text: "فرم ۳۷ رو ببند", want: "disable_form #37", allow: []string{domain.ActionDisableForm}},
			{text: "فرم ۵۴ رو پاک کن", want: "delete_form #54", allow: []string{domain.ActionDeleteForm}},
			{text: "سوال دوم فرم ۵۵ رو پاک کن ولی فرم رو نه", want: "delete_field #55 @1", allow: []string{domain.ActionDeleteField}},
		}},
	}
	p := New(Config{Contract: 2})
	// Each command retyped every way of retypings keeps its safety.
	t.Run("retyped", func(t *testing.T) {
		for _, rt := range retypings() {
			for _, fam := range families {
				for _, c := range fam.cases {
					allowed := map[string]bool{}
					for _, a := range c.allow {
						allowed[a] = true
					}
					v := rt.retype(c.text)
					r := p.Plan(v)
					if r.Plan == nil {
						continue
					}
					for _, st := range r.Plan.Steps {
						onSpare := rt.spared != "" && st.Params.ID != nil && *st.Params.ID == spareID
						if destroys[st.Action] && (onSpare && st.Action == rt.spared || !onSpare && !allowed[st.Action]) {
							t.Errorf("%s: %q: %s not asked for (%s)", rt.name, v, st.Action, stepsOf(r))
						}
					}
				}
			}
		}
	})
	for _, fam := range families {
		t.Run(fam.name, func(t *testing.T) {
			for _, c := range fam.cases {
				t.Run(c.text, func(t *testing.T) {
					r := p.Plan(c.text)
					allowed := map[string]bool{}
					for _, a := range c.allow {
						allowed[a] = true
					}
					if r.Plan != nil {
						for _, st := range r.Plan.Steps {
							if destroys[st.Action] && !allowed[st.Action] {
								t.Errorf("%s not asked for (%s)", st.Action, stepsOf(r))
							}
						}
					}
					if got := stepsOf(r); c.want != "" && got != c.want {
						t.Errorf("got  %s\nwant %s\n(reason %q, warnings %q)", got, c.want, r.Reason, r.Warnings)
					}
				})
			}
		})
	}
}

// tempted is one command that tempts a destructive step: want is its
// plan ("" to check only that nothing unasked is destroyed), allow the
// destructive actions it does ask for.
type tempted struct {
	text  string
	want  string
	allow []string
}
