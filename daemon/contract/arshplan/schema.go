package arshplan

import (
	"encoding/json"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// stepSchema is one step in the subset of JSON Schema that OpenAI strict
// structured outputs accept: every object closed, every property listed
// as required, optional ones nullable.
const stepSchema = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["action", "params"],
  "properties": {
    "action": {"type": "string", "enum": ["create_form", "add_field", "update_form_title", "open_builder", "open_editor", "open_results", "publish_form", "draft_form"]},
    "params": {
      "type": "object",
      "additionalProperties": false,
      "required": ["id", "title", "type", "question", "required", "index"],
      "properties": {
        "id": {"type": ["integer", "null"], "description": "form id, only when the user wrote it; null right after create_form"},
        "title": {"type": ["string", "null"], "description": "create_form and update_form_title"},
        "type": {"type": ["string", "null"], "enum": ["short_text", "long_text", "multiple_choice", "dropdown", "rating", null]},
        "question": {"type": ["string", "null"]},
        "required": {"type": ["boolean", "null"]},
        "index": {"type": ["integer", "null"], "description": "0-based position"}
      }
    }
  }
}`

const planSchema = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["version", "steps"],
  "properties": {
    "version": {"type": "integer", "enum": [1]},
    "steps": {"type": "array", "items": ` + stepSchema + `}
  }
}`

const noneSchema = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["none", "reason"],
  "properties": {
    "none": {"type": "boolean", "enum": [true]},
    "reason": {"type": "string"}
  }
}`

// Schema implements contract.Contract: the plan as JSON Schema 2020-12,
// in the strict subset models accept.
func (Contract) Schema() json.RawMessage {
	return json.RawMessage(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "arshline-plan/v1", "title": "Arshline plan",` + planSchema[1:])
}

// LLMResponseSchema is what the model must answer: an object whose
// "result" is either a plan or {"none": true, "reason": …}. OpenAI wants
// an object at the root, hence the wrapper.
func LLMResponseSchema() json.RawMessage {
	return json.RawMessage(`{"type": "object", "additionalProperties": false, "required": ["result"], "properties": {"result": {"anyOf": [` + planSchema + `, ` + noneSchema + `]}}}`)
}

// Rules implements contract.Contract.
func (Contract) Rules() []contract.RuleInfo {
	e, w := contract.SeverityError, contract.SeverityWarning
	return []contract.RuleInfo{
		{ID: RulePlanNotObject, Severity: e, Description: "The plan must be a JSON object."},
		{ID: RulePlanVersion, Severity: e, Description: "version must be the integer 1."},
		{ID: RulePlanNoSteps, Severity: e, Description: "The plan needs a non-empty steps array."},
		{ID: RulePlanTooManySteps, Severity: e, Description: "At most 12 steps (configurable)."},
		{ID: RuleStepNotObject, Severity: e, Description: "Each step is an object with action and params."},
		{ID: RuleActionNotAllowed, Severity: e, Description: "Only the eight whitelisted actions are allowed."},
		{ID: RuleParamMissing, Severity: e, Description: "A parameter the action needs is missing."},
		{ID: RuleParamType, Severity: e, Description: "A parameter has the wrong JSON type (ids are positive JSON integers)."},
		{ID: RuleParamInvalid, Severity: e, Description: "A parameter's value is not allowed (non-positive id, negative index, unknown field type)."},
		{ID: RuleParamUnknown, Severity: w, Description: "An unknown key; it is dropped."},
		{ID: RuleParamTruncated, Severity: w, Description: "A title (160) or question (200) was cut to its limit."},
		{ID: RuleSeqAddWithoutForm, Severity: e, Description: "add_field without id is valid only after a create_form in the same plan."},
		{ID: RuleRefFormNotFound, Severity: e, Description: "The form id does not exist (checked against the store)."},
		{ID: RuleRefIndexOutOfRange, Severity: e, Description: "The index is outside the form (checked against the store)."},
	}
}
