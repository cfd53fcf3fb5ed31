package arshlineplan

import (
	"context"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// typeNames name the question types in a sentence; the English key is
// the English name.
var typeNames = map[string]domain.Text{
	domain.PlanFieldShortText:      domain.T("question type\x04short-text"),
	domain.PlanFieldLongText:       domain.T("question type\x04long-text"),
	domain.PlanFieldMultipleChoice: domain.T("question type\x04multiple-choice"),
	domain.PlanFieldDropdown:       domain.T("question type\x04dropdown"),
	domain.PlanFieldRating:         domain.T("question type\x04rating"),
	domain.PlanFieldCheckboxes:     domain.T("question type\x04several-answer"),
	domain.PlanFieldNumber:         domain.T("question type\x04number"),
	domain.PlanFieldEmail:          domain.T("question type\x04email"),
	domain.PlanFieldDate:           domain.T("question type\x04date"),
	domain.PlanFieldFile:           domain.T("question type\x04file-upload"),
}

var formatNames = map[string]domain.Text{
	domain.PlanFormatMobileIR:     domain.T("answer format\x04mobile number"),
	domain.PlanFormatPhoneIR:      domain.T("answer format\x04landline number"),
	domain.PlanFormatNationalCode: domain.T("answer format\x04national code"),
	domain.PlanFormatPostalCodeIR: domain.T("answer format\x04postal code"),
	domain.PlanFormatURL:          domain.T("answer format\x04web address"),
}

// optionList writes options for a sentence: "a", "b" in English, each
// in guillemets in Persian.
func optionList(opts []string) any {
	var out any = ""
	for k, o := range opts {
		q := domain.T("option\x04\"%s\"", o)
		if k == 0 {
			out = q
		} else {
			out = domain.T("%s, %s", out, q)
		}
	}
	return out
}

// Preview writes one sentence per step of a valid plan in the locale
// (Persian for fa*, English otherwise), naming existing forms by id and
// current title; forms is nil offline, and then forms are named by id.
func Preview(ctx context.Context, p *domain.Plan, forms contract.FormLookup, locale string) []string {
	if p == nil {
		return nil
	}
	titles := map[int64]string{}
	formName := func(id int64) domain.Text {
		t, seen := titles[id]
		if !seen && forms != nil {
			if title, _, ok, err := forms.LookupForm(ctx, id); err == nil && ok {
				t = title
			}
			titles[id] = t
		}
		if t != "" {
			return domain.T(`form %d "%s"`, id, t)
		}
		return domain.T("form %d", id)
	}
	out := make([]string, 0, len(p.Steps))
	newTitle := ""
	for _, st := range p.Steps {
		var target domain.Text
		if st.Params.ID != nil {
			target = formName(*st.Params.ID)
		} else {
			target = domain.T(`the new form "%s"`, newTitle)
		}
		var s domain.Text
		switch st.Action {
		case domain.ActionCreateForm:
			newTitle = st.Params.Title
			s = domain.T(`Create a new form "%s" (draft).`, st.Params.Title)
		case domain.ActionAddField:
			s = addSentence(st.Params, target)
		case domain.ActionUpdateFormTitle:
			s = domain.T(`Rename %s to "%s".`, target, st.Params.Title)
		case domain.ActionPublishForm:
			s = domain.T("Publish %s.", target)
		case domain.ActionDraftForm:
			s = domain.T("Return %s to draft.", target)
		case domain.ActionOpenBuilder:
			s = domain.T("Open %s in the builder.", target)
		case domain.ActionOpenEditor:
			idx := 0
			if st.Params.Index != nil {
				idx = *st.Params.Index
			}
			s = domain.T("Open question %d of %s in the editor.", idx+1, target)
		case domain.ActionOpenResults:
			s = domain.T("Open the results of %s.", target)
		case domain.ActionUpdateField:
			s = updateSentence(st.Params, target)
		case domain.ActionDeleteField:
			s = domain.T("Delete question %d of %s.", position(st.Params.Index), target)
		case domain.ActionMoveField:
			s = domain.T("Move question %d of %s to position %d.", position(st.Params.Index), target, position(st.Params.To))
		case domain.ActionDeleteForm:
			s = domain.T("Delete %s (it can be undone).", target)
		case domain.ActionDuplicateForm:
			if st.Params.Title != "" {
				s = domain.T(`Make a copy of %s titled "%s" (draft).`, target, st.Params.Title)
			} else {
				s = domain.T("Make a copy of %s (draft).", target)
			}
		case domain.ActionDisableForm:
			s = domain.T("Disable %s: its link stays, but it takes no more answers.", target)
		}
		line := ""
		if s.Key != "" {
			line = contract.Msg(locale, s)
		}
		out = append(out, line)
	}
	return out
}

// addSentence says what one add_field adds. The English article agrees
// with the word after it; Persian has none.
func addSentence(p domain.StepParams, target domain.Text) domain.Text {
	kind := typeNames[p.Type]
	var req, q, format, options, pos any = "", "", "", "", ""
	if p.Required {
		req = domain.T("required ")
	}
	if p.Index != nil {
		pos = domain.T(" at position %d", *p.Index+1)
	}
	if f, ok := formatNames[p.Format]; ok {
		format = domain.T("add_field format\x04 (%s)", f)
	}
	if len(p.Options) > 0 {
		options = domain.T(" with options %s", optionList(p.Options))
	}
	if p.Question != "" {
		q = domain.T("add_field wording\x04 \"%s\"", p.Question)
	}
	article := "a"
	english := domain.English(kind.Key)
	if p.Required {
		english = "required " + english
	}
	if english != "" && strings.ContainsRune("aeiou", rune(english[0])) {
		article = "an"
	}
	return domain.T("Add %s %s%s question%s%s%s to %s%s.", article, req, kind, q, format, options, target, pos)
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
func updateSentence(p domain.StepParams, target domain.Text) domain.Text {
	var parts []domain.Text
	if p.Question != "" {
		parts = append(parts, domain.T(`wording "%s"`, p.Question))
	}
	if name, ok := typeNames[p.Type]; ok {
		parts = append(parts, domain.T("type %s", name))
	}
	if p.Required {
		parts = append(parts, domain.T("update_field\x04required"))
	} else if p.Optional {
		parts = append(parts, domain.T("update_field\x04optional"))
	}
	if len(p.Options) > 0 {
		parts = append(parts, domain.T("options %s", optionList(p.Options)))
	}
	if f, ok := formatNames[p.Format]; ok {
		parts = append(parts, domain.T("format %s", f))
	}
	var changes any = ""
	for k, part := range parts {
		if k == 0 {
			changes = part
		} else {
			changes = domain.T("%s; %s", changes, part)
		}
	}
	return domain.T("Change question %d of %s: %s.", position(p.Index), target, changes)
}
