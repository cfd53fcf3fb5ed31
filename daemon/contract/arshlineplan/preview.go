package arshlineplan

import (
	"context"
	"fmt"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

var typeNames = map[string][2]string{
	domain.PlanFieldShortText:      {"short-text", "پاسخ کوتاه"},
	domain.PlanFieldLongText:       {"long-text", "پاسخ بلند"},
	domain.PlanFieldMultipleChoice: {"multiple-choice", "چندگزینه‌ای"},
	domain.PlanFieldDropdown:       {"dropdown", "کشویی"},
	domain.PlanFieldRating:         {"rating", "امتیازدهی"},
	domain.PlanFieldCheckboxes:     {"several-answer", "چندانتخابی"},
	domain.PlanFieldNumber:         {"number", "عددی"},
	domain.PlanFieldEmail:          {"email", "ایمیل"},
	domain.PlanFieldDate:           {"date", "تاریخ"},
	domain.PlanFieldFile:           {"file-upload", "بارگذاری فایل"},
}

var formatNames = map[string][2]string{
	domain.PlanFormatMobileIR:     {"mobile number", "شمارهٔ موبایل"},
	domain.PlanFormatPhoneIR:      {"landline number", "تلفن ثابت"},
	domain.PlanFormatNationalCode: {"national code", "کد ملی"},
	domain.PlanFormatPostalCodeIR: {"postal code", "کد پستی"},
	domain.PlanFormatURL:          {"web address", "نشانی وب"},
}

// optionList writes options for a sentence: «الف»، «ب» or "a", "b".
func optionList(fa bool, opts []string) string {
	parts := make([]string, len(opts))
	for k, o := range opts {
		parts[k] = pick(fa, "\""+o+"\"", "«"+o+"»")
	}
	return strings.Join(parts, pick(fa, ", ", "، "))
}

// Preview writes one sentence per step of a valid plan in the locale
// (Persian for fa*, English otherwise), naming existing forms by id and
// current title; forms is nil offline, and then forms are named by id.
func Preview(ctx context.Context, p *domain.Plan, forms contract.FormLookup, locale string) []string {
	if p == nil {
		return nil
	}
	fa := domain.IsPersian(locale)
	titles := map[int64]string{}
	formName := func(id int64) string {
		t, seen := titles[id]
		if !seen && forms != nil {
			if title, _, ok, err := forms.LookupForm(ctx, id); err == nil && ok {
				t = title
			}
			titles[id] = t
		}
		if fa {
			if t != "" {
				return fmt.Sprintf("فرم %s «%s»", domain.PersianDigits(fmt.Sprint(id)), t)
			}
			return "فرم " + domain.PersianDigits(fmt.Sprint(id))
		}
		if t != "" {
			return fmt.Sprintf("form %d \"%s\"", id, t)
		}
		return fmt.Sprintf("form %d", id)
	}
	out := make([]string, 0, len(p.Steps))
	newTitle := ""
	for _, st := range p.Steps {
		target := ""
		if st.Params.ID != nil {
			target = formName(*st.Params.ID)
		} else if fa {
			target = fmt.Sprintf("فرم تازهٔ «%s»", newTitle)
		} else {
			target = fmt.Sprintf("the new form \"%s\"", newTitle)
		}
		var s string
		switch st.Action {
		case domain.ActionCreateForm:
			newTitle = st.Params.Title
			s = pick(fa, fmt.Sprintf("Create a new form \"%s\" (draft).", st.Params.Title), fmt.Sprintf("ساختن فرم تازه با عنوان «%s» (پیش‌نویس).", st.Params.Title))
		case domain.ActionAddField:
			names := typeNames[st.Params.Type]
			kindEN, kindFA := names[0], names[1]
			req := ""
			if st.Params.Required {
				req = pick(fa, "required ", "، اجباری")
			}
			pos := ""
			if st.Params.Index != nil {
				pos = pick(fa, fmt.Sprintf(" at position %d", *st.Params.Index+1), fmt.Sprintf(" در جایگاه %s", domain.PersianDigits(fmt.Sprint(*st.Params.Index+1))))
			}
			extraEN, extraFA := "", ""
			if f, ok := formatNames[st.Params.Format]; ok {
				extraEN, extraFA = " ("+f[0]+")", "، "+f[1]
			}
			if len(st.Params.Options) > 0 {
				extraEN += " with options " + optionList(false, st.Params.Options)
				extraFA += "، گزینه‌ها: " + optionList(true, st.Params.Options)
			}
			if fa {
				q := ""
				if st.Params.Question != "" {
					q = fmt.Sprintf(" «%s»", st.Params.Question)
				}
				s = fmt.Sprintf("افزودن سوال%s (%s%s%s) به %s%s.", q, kindFA, req, extraFA, target, pos)
			} else {
				q := ""
				if st.Params.Question != "" {
					q = fmt.Sprintf(" \"%s\"", st.Params.Question)
				}
				article := "a"
				if strings.ContainsRune("aeiou", rune((req + kindEN)[0])) {
					article = "an"
				}
				s = fmt.Sprintf("Add %s %s%s question%s%s to %s%s.", article, req, kindEN, q, extraEN, target, pos)
			}
		case domain.ActionUpdateFormTitle:
			s = pick(fa, fmt.Sprintf("Rename %s to \"%s\".", target, st.Params.Title), fmt.Sprintf("تغییر عنوان %s به «%s».", target, st.Params.Title))
		case domain.ActionPublishForm:
			s = pick(fa, fmt.Sprintf("Publish %s.", target), fmt.Sprintf("انتشار %s.", target))
		case domain.ActionDraftForm:
			s = pick(fa, fmt.Sprintf("Return %s to draft.", target), fmt.Sprintf("بازگرداندن %s به پیش‌نویس.", target))
		case domain.ActionOpenBuilder:
			s = pick(fa, fmt.Sprintf("Open %s in the builder.", target), fmt.Sprintf("باز کردن %s در فرم‌ساز.", target))
		case domain.ActionOpenEditor:
			idx := 0
			if st.Params.Index != nil {
				idx = *st.Params.Index
			}
			s = pick(fa, fmt.Sprintf("Open question %d of %s in the editor.", idx+1, target), fmt.Sprintf("باز کردن سوال %s از %s در ویرایشگر.", domain.PersianDigits(fmt.Sprint(idx+1)), target))
		case domain.ActionOpenResults:
			s = pick(fa, fmt.Sprintf("Open the results of %s.", target), fmt.Sprintf("باز کردن نتایج %s.", target))
		case domain.ActionUpdateField:
			s = updateSentence(fa, st.Params, target)
		case domain.ActionDeleteField:
			s = pick(fa, fmt.Sprintf("Delete question %d of %s.", position(st.Params.Index), target), fmt.Sprintf("حذف سوال %s از %s.", domain.PersianDigits(fmt.Sprint(position(st.Params.Index))), target))
		case domain.ActionMoveField:
			s = pick(fa, fmt.Sprintf("Move question %d of %s to position %d.", position(st.Params.Index), target, position(st.Params.To)), fmt.Sprintf("بردن سوال %s از %s به جایگاه %s.", domain.PersianDigits(fmt.Sprint(position(st.Params.Index))), target, domain.PersianDigits(fmt.Sprint(position(st.Params.To)))))
		case domain.ActionDeleteForm:
			s = pick(fa, fmt.Sprintf("Delete %s (it can be undone).", target), fmt.Sprintf("حذف %s (برگشت‌پذیر).", target))
		case domain.ActionDuplicateForm:
			if st.Params.Title != "" {
				s = pick(fa, fmt.Sprintf("Make a copy of %s titled \"%s\" (draft).", target, st.Params.Title), fmt.Sprintf("ساختن رونوشتی از %s با عنوان «%s» (پیش‌نویس).", target, st.Params.Title))
			} else {
				s = pick(fa, fmt.Sprintf("Make a copy of %s (draft).", target), fmt.Sprintf("ساختن رونوشتی از %s (پیش‌نویس).", target))
			}
		case domain.ActionDisableForm:
			s = pick(fa, fmt.Sprintf("Disable %s: its link stays, but it takes no more answers.", target), fmt.Sprintf("غیرفعال کردن %s: پیوندش می‌ماند اما دیگر پاسخی نمی‌پذیرد.", target))
		}
		out = append(out, s)
	}
	return out
}

func pick(fa bool, en, faText string) string {
	if fa {
		return faText
	}
	return en
}

// position is a 0-based index shown counting from 1.
func position(p *int) int {
	if p == nil {
		return 1
	}
	return *p + 1
}

// updateSentence lists what one update_field changes, in the order of the
// contract's parameters.
func updateSentence(fa bool, p domain.StepParams, target string) string {
	var en, faParts []string
	if p.Question != "" {
		en = append(en, fmt.Sprintf("wording \"%s\"", p.Question))
		faParts = append(faParts, fmt.Sprintf("متن «%s»", p.Question))
	}
	if names, ok := typeNames[p.Type]; ok {
		en = append(en, "type "+names[0])
		faParts = append(faParts, "نوع "+names[1])
	}
	if p.Required || p.Optional {
		if p.Required {
			en, faParts = append(en, "required"), append(faParts, "اجباری")
		} else {
			en, faParts = append(en, "optional"), append(faParts, "اختیاری")
		}
	}
	if len(p.Options) > 0 {
		en = append(en, "options "+optionList(false, p.Options))
		faParts = append(faParts, "گزینه‌ها: "+optionList(true, p.Options))
	}
	if f, ok := formatNames[p.Format]; ok {
		en = append(en, "format "+f[0])
		faParts = append(faParts, "قالب "+f[1])
	}
	n := position(p.Index)
	if fa {
		return fmt.Sprintf("ویرایش سوال %s از %s: %s.", domain.PersianDigits(fmt.Sprint(n)), target, strings.Join(faParts, "؛ "))
	}
	return fmt.Sprintf("Change question %d of %s: %s.", n, target, strings.Join(en, "; "))
}
