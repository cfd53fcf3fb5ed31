// Package webnav is the web-navigator/v1 contract: browser-automation
// plans of 1 to 20 actions (goto, click, fill, scrape…) in a {"plan": …}
// envelope, with every conditional field the schema document states and
// no field it does not.
package webnav

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// Name is the contract's registry name.
const Name = "web-navigator/v1"

// MaxActions bounds a plan, as the document does.
const MaxActions = 20

var actionTypes = []string{"goto", "click", "fill", "press", "wait_for", "scrape", "evaluate", "screenshot", "select", "scroll", "back", "forward", "set_cookie", "clear_cookies", "download", "pause"}

var (
	needsURL      = map[string]bool{"goto": true}
	needsSelector = map[string]bool{"click": true, "fill": true, "scrape": true, "select": true, "download": true}
	needsValue    = map[string]bool{"fill": true, "select": true, "press": true}
)

// Contract implements contract.Contract.
type Contract struct{}

// New returns the web-navigator/v1 contract.
func New() contract.Contract { return Contract{} }

// Name implements contract.Contract.
func (Contract) Name() string { return Name }

// Description implements contract.Contract.
func (Contract) Description() string {
	return "Web Navigator browser-automation plan: {\"plan\": {id, description, actions[1..20], output}}"
}

type checker struct {
	locale string
	vs     []contract.Violation
}

func (c *checker) add(rule string, sev contract.Severity, step, path, en, fa, fix string) {
	c.vs = append(c.vs, contract.Violation{Rule: rule, Severity: sev, Step: step, Path: path, Message: contract.Msg(c.locale, en, fa), Fix: fix})
}

func (c *checker) err(rule, step, path, en, fa, fix string) {
	c.add(rule, contract.SeverityError, step, path, en, fa, fix)
}

// fields checks an object's keys: the required ones present, no others.
func (c *checker) fields(obj map[string]any, step, path string, required, optional []string) {
	missing, extra := contract.Fields(obj, required, optional)
	for _, k := range missing {
		c.err("schema.missing_field", step, path+contract.Pointer(k), fmt.Sprintf("%q is required here", k), fmt.Sprintf("فیلد %q در اینجا الزامی است", k), "add "+k)
	}
	for _, k := range extra {
		c.err("schema.extra_field", step, path+contract.Pointer(k), fmt.Sprintf("%q is not a field of this object", k), fmt.Sprintf("فیلد %q در این شیء مجاز نیست", k), "remove "+k)
	}
}

func (c *checker) str(obj map[string]any, key, step, path string, nonEmpty bool) (string, bool) {
	v, ok := obj[key]
	if !ok || v == nil {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		c.err("schema.type", step, path+contract.Pointer(key), fmt.Sprintf("%q must be a string", key), fmt.Sprintf("%q باید رشته باشد", key), "")
		return "", false
	}
	if nonEmpty && strings.TrimSpace(s) == "" {
		c.err("schema.type", step, path+contract.Pointer(key), fmt.Sprintf("%q must not be empty", key), fmt.Sprintf("%q نباید خالی باشد", key), "")
		return "", false
	}
	return s, true
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

func object(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	return m, ok
}

// Validate implements contract.Contract.
func (Contract) Validate(_ context.Context, doc any, opts contract.Options) contract.Report {
	c := &checker{locale: opts.Locale}
	root, ok := object(doc)
	if !ok {
		c.err("schema.type", "", "", "the document must be an object {\"plan\": {…}}", "سند باید شیئی به شکل {\"plan\": {…}} باشد", "")
		return finish(c, nil)
	}
	c.fields(root, "", "", []string{"plan"}, nil)
	plan, ok := object(root["plan"])
	if !ok {
		if root["plan"] != nil {
			c.err("schema.type", "", "/plan", "plan must be an object", "plan باید شیء باشد", "")
		}
		return finish(c, nil)
	}
	c.fields(plan, "", "/plan", []string{"id", "description", "actions", "output"}, nil)
	c.str(plan, "id", "", "/plan", true)
	c.str(plan, "description", "", "/plan", false)
	if out, ok := object(plan["output"]); ok {
		c.output(out)
	} else if plan["output"] != nil {
		c.err("schema.type", "", "/plan/output", "output must be an object", "output باید شیء باشد", "")
	}
	acts, isArr := plan["actions"].([]any)
	if plan["actions"] != nil && !isArr {
		c.err("schema.type", "", "/plan/actions", "actions must be an array", "actions باید آرایه باشد", "")
	}
	if isArr && (len(acts) < 1 || len(acts) > MaxActions) {
		c.err("plan.actions_count", "", "/plan/actions", fmt.Sprintf("a plan has 1 to %d actions, not %d", MaxActions, len(acts)), fmt.Sprintf("طرح باید ۱ تا %d اقدام داشته باشد، نه %d", MaxActions, len(acts)), "split the plan")
	}
	seen := map[string]int{}
	for i, a := range acts {
		path := contract.Pointer("plan", "actions", i)
		act, ok := object(a)
		if !ok {
			c.err("schema.type", strconv.Itoa(i), path, "an action must be an object", "هر اقدام باید شیء باشد", "")
			continue
		}
		c.action(act, i, path, seen)
	}
	return finish(c, doc)
}

func (c *checker) output(out map[string]any) {
	c.fields(out, "", "/plan/output", []string{"type"}, []string{"max_results"})
	if t, ok := c.str(out, "type", "", "/plan/output", true); ok && t != "json" && t != "text" && t != "csv" {
		c.err("output.type", "", "/plan/output/type", fmt.Sprintf("output type %q is not json, text or csv", t), fmt.Sprintf("نوع خروجی %q باید json، text یا csv باشد", t), "")
	}
	if v, ok := out["max_results"]; ok && v != nil {
		n, isNum := number(v)
		if !isNum || n < 1 || n != float64(int64(n)) {
			c.err("output.max_results", "", "/plan/output/max_results", "max_results must be a positive integer", "max_results باید عدد صحیح مثبت باشد", "")
		}
	}
}

func (c *checker) action(act map[string]any, i int, path string, seen map[string]int) {
	step := strconv.Itoa(i)
	c.fields(act, step, path, []string{"id", "type", "description"}, []string{"selector", "url", "value", "extract", "wait_for", "retry", "store_as"})
	if id, ok := c.str(act, "id", step, path, true); ok {
		step = id
		if first, dup := seen[id]; dup {
			c.err("action.duplicate_id", step, path+"/id", fmt.Sprintf("action id %q is already used by action %d", id, first), fmt.Sprintf("شناسهٔ %q پیش‌تر برای اقدام %d به کار رفته است", id, first), "give every action its own id")
		} else {
			seen[id] = i
		}
	}
	c.str(act, "description", step, path, false)
	selector, hasSel := c.str(act, "selector", step, path, true)
	_ = selector
	c.str(act, "store_as", step, path, true)
	typ, ok := c.str(act, "type", step, path, true)
	if ok && !contains(actionTypes, typ) {
		c.err("action.type_not_allowed", step, path+"/type", fmt.Sprintf("action type %q is not one of %s", typ, strings.Join(actionTypes, ", ")), fmt.Sprintf("نوع اقدام %q مجاز نیست", typ), "")
		ok = false
	}
	if u, has := c.str(act, "url", step, path, true); has {
		if parsed, err := url.Parse(u); err != nil || (parsed.Scheme != "http" && parsed.Scheme != "https") || parsed.Host == "" {
			c.err("url.scheme", step, path+"/url", fmt.Sprintf("url %q must be an absolute http or https URL", u), fmt.Sprintf("نشانی %q باید نشانی کامل http یا https باشد", u), "javascript:, file: and data: URLs are refused")
		}
	}
	value, hasValue := act["value"]
	hasValue = hasValue && value != nil
	if hasValue {
		switch value.(type) {
		case string, json.Number, float64, map[string]any:
		default:
			c.err("schema.type", step, path+"/value", "value must be a string, a number or (for scroll) an object", "value باید رشته، عدد یا (برای scroll) شیء باشد", "")
		}
	}
	var wait map[string]any
	if w, present := act["wait_for"]; present && w != nil {
		var isObj bool
		if wait, isObj = object(w); !isObj {
			c.err("wait_for.invalid", step, path+"/wait_for", "wait_for must be an object with selector or millis", "wait_for باید شیئی با selector یا millis باشد", "")
		} else {
			c.waitFor(wait, step, path+"/wait_for")
		}
	}
	if r, present := act["retry"]; present && r != nil {
		if retry, isObj := object(r); !isObj {
			c.err("schema.type", step, path+"/retry", "retry must be an object {count, delay}", "retry باید شیء {count, delay} باشد", "")
		} else {
			c.fields(retry, step, path+"/retry", nil, []string{"count", "delay"})
			if v, ok := retry["count"]; ok {
				n, isNum := number(v)
				if !isNum || n < 0 || n > 5 || n != float64(int64(n)) {
					c.err("retry.count", step, path+"/retry/count", "retry count must be an integer from 0 to 5", "تعداد تلاش دوباره باید عددی صحیح از ۰ تا ۵ باشد", "")
				}
			}
			if v, ok := retry["delay"]; ok {
				if n, isNum := number(v); !isNum || n < 0 {
					c.err("retry.delay", step, path+"/retry/delay", "retry delay must be a non-negative number of milliseconds", "تأخیر تلاش دوباره باید عددی نامنفی (میلی‌ثانیه) باشد", "")
				}
			}
		}
	}
	if e, present := act["extract"]; present && e != nil {
		if ex, isObj := object(e); !isObj {
			c.err("schema.type", step, path+"/extract", "extract must be an object {type, attr?}", "extract باید شیء {type, attr?} باشد", "")
		} else {
			c.fields(ex, step, path+"/extract", []string{"type"}, []string{"attr"})
			if t, ok := c.str(ex, "type", step, path+"/extract", true); ok {
				switch t {
				case "attr":
					if a, ok := c.str(ex, "attr", step, path+"/extract", true); !ok || a == "" {
						c.err("extract.attr_required", step, path+"/extract/attr", "extract type attr needs the attribute name in attr", "برای نوع attr نام ویژگی را در attr بدهید", "e.g. \"attr\": \"href\"")
					}
				case "text", "html":
				default:
					c.err("extract.type", step, path+"/extract/type", fmt.Sprintf("extract type %q is not text, html or attr", t), fmt.Sprintf("نوع استخراج %q باید text، html یا attr باشد", t), "")
				}
			}
		}
	}
	if !ok {
		return
	}
	if needsURL[typ] {
		if _, has := act["url"]; !has {
			c.err("action.requires_url", step, path+"/url", typ+" needs a url", "اقدام "+typ+" به url نیاز دارد", "")
		}
	}
	if needsSelector[typ] && !hasSel {
		if _, present := act["selector"]; !present {
			c.err("action.requires_selector", step, path+"/selector", typ+" needs a selector", "اقدام "+typ+" به selector نیاز دارد", "")
		}
	}
	if needsValue[typ] && !hasValue {
		c.err("action.requires_value", step, path+"/value", typ+" needs a value", "اقدام "+typ+" به value نیاز دارد", "")
	}
	if typ == "scrape" {
		if _, present := act["extract"]; !present {
			c.err("action.requires_extract", step, path+"/extract", "scrape needs extract {type: text|html|attr}", "اقدام scrape به extract نیاز دارد", "")
		}
		if _, present := act["store_as"]; !present {
			c.add("scrape.store_as_missing", contract.SeverityWarning, step, path, "scrape without store_as: its data will not reach the result", "scrape بدون store_as: داده‌اش در نتیجه نمی‌آید", "add store_as")
		}
	}
	if typ == "wait_for" && !hasSel && (wait == nil || (wait["selector"] == nil && wait["millis"] == nil)) {
		c.err("wait_for.invalid", step, path, "a wait_for action needs a selector or wait_for.millis", "اقدام wait_for به selector یا wait_for.millis نیاز دارد", "")
	}
	if typ == "pause" && !(wait != nil && wait["millis"] != nil) && !numericValue(value) {
		c.err("pause.requires_duration", step, path, "pause needs wait_for.millis or a numeric value in milliseconds", "اقدام pause به wait_for.millis یا مقدار عددی (میلی‌ثانیه) نیاز دارد", "")
	}
	if typ == "scroll" && hasValue && !scrollValue(value) {
		c.err("scroll.value", step, path+"/value", "scroll value must be {\"x\":…,\"y\":…}, that object as a JSON string, or \"bottom\"", "مقدار scroll باید {\"x\",\"y\"}، همان به صورت رشتهٔ JSON، یا \"bottom\" باشد", "")
	}
}

func (c *checker) waitFor(w map[string]any, step, path string) {
	c.fields(w, step, path, nil, []string{"selector", "millis", "timeout"})
	sel, hasSel := w["selector"]
	_, hasMillis := w["millis"]
	if !hasSel && !hasMillis {
		c.err("wait_for.invalid", step, path, "wait_for needs selector or millis", "wait_for به selector یا millis نیاز دارد", "")
	}
	if hasSel {
		if s, ok := sel.(string); !ok || strings.TrimSpace(s) == "" {
			c.err("wait_for.invalid", step, path+"/selector", "wait_for.selector must be a non-empty string", "wait_for.selector باید رشتهٔ ناخالی باشد", "")
		}
	}
	for _, k := range []string{"millis", "timeout"} {
		if v, ok := w[k]; ok {
			if n, isNum := number(v); !isNum || n < 0 {
				c.err("wait_for.invalid", step, path+contract.Pointer(k), k+" must be a non-negative number of milliseconds", k+" باید عددی نامنفی (میلی‌ثانیه) باشد", "")
			}
		}
	}
}

func numericValue(v any) bool {
	if _, ok := number(v); ok {
		return true
	}
	if s, ok := v.(string); ok {
		_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return err == nil
	}
	return false
}

func scrollValue(v any) bool {
	xy := func(m map[string]any) bool {
		if len(m) == 0 {
			return false
		}
		for k, x := range m {
			if k != "x" && k != "y" {
				return false
			}
			if _, ok := number(x); !ok {
				return false
			}
		}
		return true
	}
	switch t := v.(type) {
	case map[string]any:
		return xy(t)
	case string:
		if t == "bottom" || t == "top" {
			return true
		}
		doc, err := contract.Decode([]byte(t))
		if err != nil {
			return false
		}
		m, ok := doc.(map[string]any)
		return ok && xy(m)
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func finish(c *checker, doc any) contract.Report {
	r := contract.Finish(contract.Report{Contract: Name, Violations: c.vs})
	if r.Valid {
		r.Normalized = doc
	}
	errs := 0
	for _, v := range r.Violations {
		if v.Severity == contract.SeverityError {
			errs++
		}
	}
	r.RiskScore = float64(min(errs, 5)) / 5
	return r
}

// Rules implements contract.Contract.
func (Contract) Rules() []contract.RuleInfo {
	e, w := contract.SeverityError, contract.SeverityWarning
	return []contract.RuleInfo{
		{ID: "schema.extra_field", Severity: e, Description: "A field the document does not define, at any level."},
		{ID: "schema.missing_field", Severity: e, Description: "A required field is missing."},
		{ID: "schema.type", Severity: e, Description: "A field has the wrong JSON type."},
		{ID: "plan.actions_count", Severity: e, Description: "A plan has 1 to 20 actions."},
		{ID: "action.duplicate_id", Severity: e, Description: "Action ids are unique within the plan."},
		{ID: "action.type_not_allowed", Severity: e, Description: "Only the 16 documented action types."},
		{ID: "action.requires_url", Severity: e, Description: "goto needs url."},
		{ID: "action.requires_selector", Severity: e, Description: "click, fill, scrape, select and download need selector."},
		{ID: "action.requires_value", Severity: e, Description: "fill, select and press need value."},
		{ID: "action.requires_extract", Severity: e, Description: "scrape needs extract."},
		{ID: "extract.attr_required", Severity: e, Description: "extract type attr needs attr."},
		{ID: "extract.type", Severity: e, Description: "extract type is text, html or attr."},
		{ID: "wait_for.invalid", Severity: e, Description: "wait_for needs selector or millis, non-negative numbers."},
		{ID: "retry.count", Severity: e, Description: "retry count is 0 to 5."},
		{ID: "retry.delay", Severity: e, Description: "retry delay is non-negative."},
		{ID: "output.type", Severity: e, Description: "output type is json, text or csv."},
		{ID: "output.max_results", Severity: e, Description: "output max_results is a positive integer."},
		{ID: "pause.requires_duration", Severity: e, Description: "pause needs wait_for.millis or a numeric value."},
		{ID: "scroll.value", Severity: e, Description: "scroll value is {x,y}, that object as a JSON string, or \"bottom\"."},
		{ID: "url.scheme", Severity: e, Description: "URLs are absolute http or https."},
		{ID: "scrape.store_as_missing", Severity: w, Description: "scrape should name store_as."},
	}
}

// Schema implements contract.Contract.
func (Contract) Schema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "web-navigator/v1",
  "type": "object", "additionalProperties": false, "required": ["plan"],
  "properties": {"plan": {
    "type": "object", "additionalProperties": false, "required": ["id", "description", "actions", "output"],
    "properties": {
      "id": {"type": "string", "minLength": 1},
      "description": {"type": "string"},
      "actions": {"type": "array", "minItems": 1, "maxItems": 20, "items": {
        "type": "object", "additionalProperties": false, "required": ["id", "type", "description"],
        "properties": {
          "id": {"type": "string", "minLength": 1},
          "type": {"enum": ["goto", "click", "fill", "press", "wait_for", "scrape", "evaluate", "screenshot", "select", "scroll", "back", "forward", "set_cookie", "clear_cookies", "download", "pause"]},
          "description": {"type": "string"},
          "selector": {"type": "string"},
          "url": {"type": "string", "pattern": "^https?://"},
          "value": {"type": ["string", "number", "object"]},
          "extract": {"type": "object", "additionalProperties": false, "required": ["type"], "properties": {"type": {"enum": ["text", "html", "attr"]}, "attr": {"type": "string"}}},
          "wait_for": {"type": "object", "additionalProperties": false, "properties": {"selector": {"type": "string"}, "millis": {"type": "number", "minimum": 0}, "timeout": {"type": "number", "minimum": 0}}},
          "retry": {"type": "object", "additionalProperties": false, "properties": {"count": {"type": "integer", "minimum": 0, "maximum": 5}, "delay": {"type": "number", "minimum": 0}}},
          "store_as": {"type": "string"}
        }}},
      "output": {"type": "object", "additionalProperties": false, "required": ["type"], "properties": {"type": {"enum": ["json", "text", "csv"]}, "max_results": {"type": "integer", "minimum": 1}}}
    }}}
}`)
}
