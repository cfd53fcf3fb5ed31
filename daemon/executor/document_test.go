package executor

import (
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func TestPlanTextObeysDocumentRules(t *testing.T) {
	ex, _ := newExec(t)
	long := strings.Repeat("ع", 161)
	for name, steps := range map[string][]domain.PlanStep{
		"long title":   {{Action: domain.ActionCreateForm, Params: domain.StepParams{Title: long}}},
		"long label":   {{Action: domain.ActionCreateForm}, {Action: domain.ActionAddField, Params: domain.StepParams{Type: domain.PlanFieldShortText, Question: strings.Repeat("ب", 501)}}},
		"control char": {{Action: domain.ActionCreateForm}, {Action: domain.ActionAddField, Params: domain.StepParams{Type: domain.PlanFieldShortText, Question: "a\x00b"}}},
	} {
		_, err := ex.Execute(actorCtx(1, domain.CapManageForms), &domain.Plan{Version: 1, Steps: steps})
		if domain.ErrorCode(err) != domain.CodeInvalidPlan {
			t.Fatalf("%s: %v", name, err)
		}
	}
	res, err := ex.Execute(actorCtx(1, domain.CapManageForms), &domain.Plan{Version: 1, Steps: []domain.PlanStep{{Action: domain.ActionCreateForm},
		{Action: domain.ActionAddField, Params: domain.StepParams{Type: domain.PlanFieldShortText, Question: "<iframe> or <div>?"}}}})
	if err != nil || res.Results[1].FieldID != "f1" {
		t.Fatalf("%v %+v", err, res)
	}
}
