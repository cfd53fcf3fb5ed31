// Package webnavigator is the web-navigator/v1 contract: browser-automation
// plans of 1 to 20 actions (goto, click, fill, scrape…) in a {"plan": …}
// envelope, with every conditional field the contract states and
// no field it does not.
package webnavigator

import (
	"context"
	"encoding/json"

	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Name is the contract's registry name.
const Name = "web-navigator/v1"

// Bounds the contract states, and where it is silent the bounds the Web
// Navigator executor's own models hold plans to.
const (
	MaxActions    = 20
	MaxRetryCount = 5
	MaxResults    = 100 // output.max_results
	MinWaitMillis = 100 // wait_for.millis and wait_for.timeout
)

// ActionTypes are the 16 action types the contract allows, in its order.
var ActionTypes = []string{"goto", "click", "fill", "press", "wait_for", "scrape", "evaluate", "screenshot", "select", "scroll", "back", "forward", "set_cookie", "clear_cookies", "download", "pause"}

// OutputTypes are the result packagings accepted in output.type: the
// contract's example shows "json", and the executor also writes "csv".
var OutputTypes = []string{"json", "csv"}

// DefaultOutputType is the output a plan without "output" gets: the
// executor packages results as JSON unless told otherwise.
const DefaultOutputType = "json"

// ExtractTypes are the accepted extract.type values.
var ExtractTypes = []string{"text", "html", "attr"}

var (
	// typeNeeds is what each action type needs beside id, type and
	// description: one lookup per action for all of its conditions.
	typeNeeds = func() map[string]needs {
		m := make(map[string]needs, len(ActionTypes))
		for _, t := range ActionTypes {
			m[t] = needs{}
		}
		m["goto"] = needs{url: true}
		for _, t := range []string{"click", "scrape", "download"} {
			m[t] = needs{selector: true}
		}
		for _, t := range []string{"fill", "select"} {
			m[t] = needs{selector: true, value: true}
		}
		m["press"] = needs{value: true}
		return m
	}()
)

// The closed field sets of each object, as the contract lists them.
var (
	envelopeFields       = []string{"plan"}
	planRequired         = []string{"id", "description", "actions"}
	planOptional         = []string{"output"}
	actionRequired       = []string{"id", "type", "description"}
	actionOptional       = []string{"selector", "url", "value", "extract", "wait_for", "retry", "store_as"}
	extractRequired      = []string{"type"}
	extractOptional      = []string{"attr"}
	waitForOptional      = []string{"selector", "millis", "timeout"}
	retryOptional        = []string{"count", "delay"}
	outputRequired       = []string{"type"}
	outputOptional       = []string{"max_results"}
	extractMembers       = []string{"type", "attr"}        // required, then optional
	outputMembers        = []string{"type", "max_results"} // required, then optional
	planMembers          = []string{"id", "description", "actions", "output"}
	actionTypeList       = contract.ListBoth(ActionTypes)
	outputTypeList       = contract.ListBoth(OutputTypes)
	needsSelectorList    = contract.ListBoth([]string{"click", "fill", "scrape", "select", "download"})
	needsValueList       = contract.ListBoth([]string{"fill", "select", "press"})
	scrollValueExplained = `{"x": 0, "y": 400}, that object as a JSON string, or "bottom"`
)

// needs are the fields an action type requires.
type needs struct{ url, selector, value bool }

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

// msg is one violation's text in both languages, with the fix.
type msg struct{ text, fix domain.Text }

type checker struct {
	locale string
	vs     []contract.Violation
}

func (c *checker) add(sev contract.Severity, rule, step, path string, m msg) {
	c.vs = append(c.vs, contract.Violation{Rule: rule, Severity: sev, Step: step, Path: path,
		Message: contract.Msg(c.locale, m.text), Fix: contract.Msg(c.locale, m.fix)})
}

func (c *checker) fail(rule, step, path string, m msg) {
	c.add(contract.SeverityError, rule, step, path, m)
}

// fields checks an object's keys against its closed field set.
func (c *checker) fields(obj map[string]any, step, path string, required, optional []string) {
	missing, extra := contract.Fields(obj, required, optional)
	c.fieldProblems(missing, extra, step, path, required, optional)
}

// fieldProblems reports the missing and extra members of an object.
func (c *checker) fieldProblems(missing, extra []string, step, path string, required, optional []string) {
	for _, k := range missing {
		c.fail(contract.RuleSchemaMissingField, step, path+contract.Pointer(k), msg{
			domain.T("%q is required here", k),
			domain.T("add %s", k)})
	}
	for _, k := range extra {
		allowed := strings.Join(append(append([]string(nil), required...), optional...), ", ")
		c.fail(contract.RuleSchemaExtraField, step, path+contract.Pointer(k), msg{
			domain.T("%q is not a field of this object (fields: %s)", k, allowed),
			domain.T("remove %s", k)})
	}
}

// strOf reads an optional string member, key, whose value v was read
// from its object: ok is false when it is absent, null or not a string
// (the last reported as schema.type). nonEmpty reports a blank string as
// schema.invalid.
func (c *checker) strOf(v any, key, step, path string, nonEmpty bool) (string, bool) {
	if v == nil {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		c.fail(contract.RuleSchemaType, step, path+contract.Pointer(key), msg{
			domain.T("%q must be a string, not %s", key, contract.Kind(v)),
			domain.T("write %s as text in quotes", key)})
		return "", false
	}
	if nonEmpty && strings.TrimSpace(s) == "" {
		c.fail(contract.RuleSchemaInvalid, step, path+contract.Pointer(key), msg{
			domain.T("%q must not be empty", key),
			domain.T("give %s a value, or leave it out where it is optional", key)})
		return "", false
	}
	return s, true
}

// object reads an optional object field; a non-object is reported with
// rule (schema.type, or the field's own rule where the contract has one).
func (c *checker) object(obj map[string]any, key, step, path, rule, shape string) (map[string]any, bool) {
	return c.objectOf(obj[key], key, step, path, rule, shape)
}

// objectOf is object for the member's value v, already read.
func (c *checker) objectOf(v any, key, step, path, rule, shape string) (map[string]any, bool) {
	if v == nil {
		return nil, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		c.fail(rule, step, path+contract.Pointer(key), msg{
			domain.T("%q must be an object %s, not %s", key, shape, contract.Kind(v)),
			domain.T("write %s as %s", key, shape)})
	}
	return m, ok
}

// Validate implements contract.Contract.
func (Contract) Validate(_ context.Context, doc any, opts contract.Options) contract.Report {
	c := &checker{locale: opts.Locale}
	root, ok := doc.(map[string]any)
	if !ok {
		c.fail(contract.RuleSchemaType, "", "", msg{
			domain.T(`the document must be an object {"plan": {…}}, not %s`, contract.Kind(doc)),
			domain.T(`wrap the plan in {"plan": {id, description, actions, output}}`)})
		return c.finish(nil)
	}
	c.fields(root, "", "", envelopeFields, nil)
	plan, ok := c.object(root, "plan", "", "", contract.RuleSchemaType, "{id, description, actions, output}")
	if !ok {
		return c.finish(doc)
	}
	var members [4]any // planMembers: id, description, actions, output
	extra := contract.ReadMembers(plan, planMembers, members[:])
	if missing := contract.MissingMembers(planMembers, members[:], len(planRequired)); missing != nil || extra != nil {
		c.fieldProblems(missing, extra, "", "/plan", planRequired, planOptional)
	}
	c.strOf(members[0], "id", "", "/plan", true)
	c.strOf(members[1], "description", "", "/plan", true)
	if out, ok := c.objectOf(members[3], "output", "", "/plan", contract.RuleSchemaType, "{type, max_results}"); ok {
		c.output(out)
	}
	if raw := members[2]; raw != nil {
		acts, isArr := raw.([]any)
		if !isArr {
			c.fail(contract.RuleSchemaType, "", "/plan/actions", msg{
				domain.T("actions must be an array, not %s", contract.Kind(raw)),
				domain.T(`write actions as [{"id": …, "type": …, "description": …}, …]`)})
		} else {
			if len(acts) < 1 || len(acts) > MaxActions {
				c.fail("plan.actions_count", "", "/plan/actions", msg{
					domain.T("a plan has 1 to %d actions, not %d", MaxActions, len(acts)),
					domain.T("give at least one action and split longer plans")})
			}
			var seenIDs [MaxActions]string // on the stack for any valid plan
			seen := seenIDs[:0]
			for i, a := range acts {
				path := actionPath(i)
				act, ok := a.(map[string]any)
				if !ok {
					c.fail(contract.RuleSchemaType, strconv.Itoa(i), path, msg{
						domain.T("an action must be an object, not %s", contract.Kind(a)),
						domain.T(`write the action as {"id": …, "type": …, "description": …}`)})
					continue
				}
				seen = c.action(act, i, path, seen)
			}
		}
	}
	return c.finish(doc)
}

func (c *checker) output(out map[string]any) {
	const path = "/plan/output"
	var vals [2]any
	extra := contract.ReadMembers(out, outputMembers, vals[:])
	if missing := contract.MissingMembers(outputMembers, vals[:], 1); missing != nil || extra != nil {
		c.fieldProblems(missing, extra, "", path, outputRequired, outputOptional)
	}
	if t, ok := c.strOf(vals[0], "type", "", path, false); ok && !contains(OutputTypes, t) {
		c.fail("output.type", "", path+"/type", msg{
			domain.T("output type %q is not allowed", t),
			domain.T("use one of %s", outputTypeList)})
	}
	if v := vals[1]; v != nil {
		if n, isInt := wholeNumber(v); !isInt || n < 1 || n > MaxResults {
			c.fail("output.max_results", "", path+"/max_results", msg{
				domain.T("max_results must be an integer from 1 to %d, not %s", MaxResults, contract.Show(v)),
				domain.T("give how many results to keep, e.g. 10")})
		}
	}
}

// actionPointers are the JSON Pointers of an action and of its objects.
type actionPointers struct{ base, waitFor, retry, extract string }

// actionPaths are the pointers of the actions a valid plan can have,
// written once: building them for every action of every plan cost more
// than checking the action.
var actionPaths = func() (paths [MaxActions]actionPointers) {
	for i := range paths {
		base := contract.Pointer("plan", "actions", i)
		paths[i] = actionPointers{base, base + "/wait_for", base + "/retry", base + "/extract"}
	}
	return paths
}()

// actionPath is the JSON Pointer of action i.
func actionPath(i int) string {
	if i < MaxActions {
		return actionPaths[i].base
	}
	return contract.Pointer("plan", "actions", i)
}

// subPath is the pointer of member sub ("/wait_for") of action i at path.
func subPath(i int, path, sub string) string {
	if i < MaxActions {
		switch p := &actionPaths[i]; sub {
		case "/wait_for":
			return p.waitFor
		case "/retry":
			return p.retry
		case "/extract":
			return p.extract
		}
	}
	return path + sub
}

// actionView is an action's members, read in one pass over the object:
// an action is most of a plan, and looking each member up again and
// again was most of the cost of validating it.
type actionView struct {
	id, typ, description, selector, url, value, extract, waitFor, retry, storeAs any
	extra                                                                        []string
}

func viewAction(act map[string]any) actionView {
	var v actionView
	for k, x := range act {
		switch k {
		case "id":
			v.id = x
		case "type":
			v.typ = x
		case "description":
			v.description = x
		case "selector":
			v.selector = x
		case "url":
			v.url = x
		case "value":
			v.value = x
		case "extract":
			v.extract = x
		case "wait_for":
			v.waitFor = x
		case "retry":
			v.retry = x
		case "store_as":
			v.storeAs = x
		default:
			v.extra = append(v.extra, k)
		}
	}
	return v
}

// missing lists the required members the action lacks (absent or null),
// in the order of actionRequired.
func (v *actionView) missing() []string {
	var out []string
	for i, x := range []any{v.id, v.typ, v.description} {
		if x == nil {
			out = append(out, actionRequired[i])
		}
	}
	return out
}

// action checks one action; seen holds the ids of the actions before
// it, and is returned with this one's.
func (c *checker) action(act map[string]any, i int, path string, seen []string) []string {
	view := viewAction(act)
	step := ""
	if id, ok := view.id.(string); ok && strings.TrimSpace(id) != "" {
		step = id // violations name the action by its id once it has one
	} else {
		step = strconv.Itoa(i)
	}
	if missing := view.missing(); missing != nil || view.extra != nil {
		slices.Sort(view.extra)
		c.fieldProblems(missing, view.extra, step, path, actionRequired, actionOptional)
	}
	if id, ok := c.strOf(view.id, "id", step, path, true); ok {
		if first := slices.Index(seen, id); first >= 0 {
			c.fail("action.duplicate_id", step, path+"/id", msg{
				domain.T("action id %q is already used by action %d", id, first),
				domain.T("give every action its own id, e.g. a1, a2, …")})
		} else {
			seen = append(seen, id)
		}
	}
	c.strOf(view.description, "description", step, path, true)
	_, hasSelector := c.strOf(view.selector, "selector", step, path, true)
	c.strOf(view.storeAs, "store_as", step, path, true)
	typ, typeOK := c.strOf(view.typ, "type", step, path, false)
	need, known := typeNeeds[typ]
	if typeOK && !known {
		c.fail("action.type_not_allowed", step, path+"/type", msg{
			domain.T("action type %q is not allowed", typ),
			domain.T("use one of %s", actionTypeList)})
		typeOK = false
	}
	u, hasURL := c.strOf(view.url, "url", step, path, false)
	if hasURL {
		c.checkURL(u, step, path+"/url")
	}
	value := view.value
	if value != nil {
		switch value.(type) {
		case string, json.Number, float64, map[string]any:
		default:
			c.fail(contract.RuleSchemaType, step, path+"/value", msg{
				domain.T("value must be a string, a number or (for scroll) an object, not %s", contract.Kind(value)),
				domain.T("write the text, key or number the action needs")})
		}
	}
	wait, hasWait := c.objectOf(view.waitFor, "wait_for", step, path, "wait_for.invalid", "{selector, millis, timeout}")
	if hasWait {
		c.waitFor(wait, step, subPath(i, path, "/wait_for"))
	}
	if retry, ok := c.objectOf(view.retry, "retry", step, path, contract.RuleSchemaType, "{count, delay}"); ok {
		c.retry(retry, step, subPath(i, path, "/retry"))
	}
	extract, hasExtract := c.objectOf(view.extract, "extract", step, path, contract.RuleSchemaType, "{type, attr}")
	if hasExtract {
		c.extract(extract, step, subPath(i, path, "/extract"))
	}
	if !typeOK {
		return seen // the conditional fields depend on a known type
	}
	if need.url && !hasURL && view.url == nil {
		c.fail("action.requires_url", step, path+"/url", msg{
			domain.T("%s needs a url", typ),
			domain.T(`add "url": "https://…"`)})
	}
	if need.selector && !hasSelector && view.selector == nil {
		c.fail("action.requires_selector", step, path+"/selector", msg{
			domain.T("%s needs a selector", typ),
			domain.T("add the CSS or XPath selector of the element (%s need one)", needsSelectorList)})
	}
	if need.value && value != nil && blankString(value) {
		c.fail("action.requires_value", step, path+"/value", msg{
			domain.T("%s needs a non-empty value", typ),
			domain.T("write the text or key to use (%s need one)", needsValueList)})
	}
	if need.value && value == nil {
		c.fail("action.requires_value", step, path+"/value", msg{
			domain.T("webnavigator\x04%s needs a value", typ),
			domain.T("add the text or key to use (%s need one)", needsValueList)})
	}
	switch typ {
	case "scrape":
		if view.extract == nil {
			c.fail("action.requires_extract", step, path+"/extract", msg{
				domain.T("scrape needs extract"),
				domain.T(`add "extract": {"type": "text"} (text, html or attr)`)})
		}
		if view.storeAs == nil {
			c.add(contract.SeverityWarning, "scrape.store_as_missing", step, path, msg{
				domain.T("scrape without store_as: what it extracts will not reach the result"),
				domain.T(`add "store_as": "results"`)})
		}
	case "wait_for":
		if !hasSelector && (wait == nil || (wait["selector"] == nil && wait["millis"] == nil)) && view.selector == nil {
			c.fail("wait_for.invalid", step, path, msg{
				domain.T("a wait_for action needs a selector or wait_for.millis"),
				domain.T(`add the selector to wait for, or "wait_for": {"millis": 500}`)})
		}
	case "pause":
		c.pause(view.value, wait, step, path)
	case "scroll":
		if value != nil && !scrollValue(value) {
			c.fail("scroll.value", step, path+"/value", msg{
				domain.T("scroll value must be %s", scrollValueExplained),
				domain.T(`e.g. "value": {"x": 0, "y": 400}`)})
		}
	}
	return seen
}

// pause needs a duration: wait_for.millis, or a non-negative value in
// milliseconds, as a number or a numeric string.
func (c *checker) pause(value any, wait map[string]any, step, path string) {
	if wait != nil && wait["millis"] != nil {
		return // wait_for checks millis itself
	}
	if value == nil {
		c.fail("pause.requires_duration", step, path, msg{
			domain.T("pause needs a duration: wait_for.millis or a numeric value in milliseconds"),
			domain.T(`add "value": 1000 or "wait_for": {"millis": 1000}`)})
		return
	}
	if n, ok := numeric(value); !ok || n < 0 {
		c.fail("pause.requires_duration", step, path+"/value", msg{
			domain.T("pause value must be a non-negative number of milliseconds, not %s", contract.Show(value)),
			domain.T(`e.g. "value": 1000`)})
	}
}

func (c *checker) checkURL(raw, step, path string) {
	if plainWebURL(raw) {
		return
	}
	u, err := url.Parse(raw)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		return
	}
	scheme := ""
	if err == nil {
		scheme = u.Scheme
	}
	problem := domain.T("url %q is not an absolute http or https URL", raw)
	if scheme != "" && scheme != "http" && scheme != "https" {
		problem = domain.T("url scheme %q is not allowed; only http and https", scheme+":")
	}
	c.fail("url.scheme", step, path, msg{problem,
		domain.T("write a full address such as https://example.com/page (javascript:, file: and data: are refused)")})
}

// plainWebURL reports, without parsing, a URL that net/url parses as an
// absolute http or https URL with a host: the scheme, then a host of
// letters, digits, dots and dashes, then printable ASCII without "%"
// (no escapes to check) or nothing. Most plans' URLs are such, and
// url.Parse cost an eighth of validating them; any other URL is parsed
// (FuzzPlainWebURL holds the two to the same answer).
func plainWebURL(s string) bool {
	var rest string
	switch {
	case len(s) > 8 && (s[:8] == "https://" || s[:8] == "HTTPS://"):
		rest = s[8:]
	case len(s) > 7 && (s[:7] == "http://" || s[:7] == "HTTP://"):
		rest = s[7:]
	default:
		return false
	}
	host := 0
	for host < len(rest) {
		c := rest[host]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			break
		}
		host++
	}
	if host == 0 {
		return false
	}
	if host < len(rest) && rest[host] != '/' && rest[host] != '?' && rest[host] != '#' {
		return false
	}
	for i := host; i < len(rest); i++ {
		if c := rest[i]; c <= ' ' || c >= 0x7f || c == '%' {
			return false
		}
	}
	return true
}

func (c *checker) waitFor(w map[string]any, step, path string) {
	var vals [3]any
	if extra := contract.ReadMembers(w, waitForOptional, vals[:]); extra != nil {
		c.fieldProblems(nil, extra, step, path, nil, waitForOptional)
	}
	sel, millis := vals[0], vals[1]
	if sel == nil && millis == nil {
		c.fail("wait_for.invalid", step, path, msg{
			domain.T("wait_for needs selector or millis"),
			domain.T(`add "selector": "#results" or "millis": 500`)})
	}
	if sel != nil {
		if s, ok := sel.(string); !ok || strings.TrimSpace(s) == "" {
			c.fail("wait_for.invalid", step, path+"/selector", msg{
				domain.T("wait_for.selector must be a non-empty string"),
				domain.T("write the CSS or XPath selector to wait for")})
		}
	}
	for i, k := range waitForOptional[1:] { // millis, timeout
		if v := vals[1+i]; v != nil {
			if n, isNum := number(v); !isNum || n < MinWaitMillis {
				c.fail("wait_for.invalid", step, path+"/"+k, msg{
					domain.T("%s must be a number of milliseconds of at least %d, not %s", k, MinWaitMillis, contract.Show(v)),
					domain.T(`e.g. "%s": 500`, k)})
			}
		}
	}
}

func (c *checker) retry(r map[string]any, step, path string) {
	c.fields(r, step, path, nil, retryOptional)
	if v := r["count"]; v != nil {
		if n, isInt := wholeNumber(v); !isInt || n < 0 || n > MaxRetryCount {
			c.fail("retry.count", step, path+"/count", msg{
				domain.T("retry count must be an integer from 0 to %d, not %s", MaxRetryCount, contract.Show(v)),
				domain.T("use a count from 0 to %d", MaxRetryCount)})
		}
	}
	if v := r["delay"]; v != nil {
		if n, isNum := number(v); !isNum || n < 0 {
			c.fail("retry.delay", step, path+"/delay", msg{
				domain.T("retry delay must be a non-negative number of milliseconds, not %s", contract.Show(v)),
				domain.T(`e.g. "delay": 1000`)})
		}
	}
}

func (c *checker) extract(e map[string]any, step, path string) {
	var vals [2]any
	extra := contract.ReadMembers(e, extractMembers, vals[:])
	if missing := contract.MissingMembers(extractMembers, vals[:], 1); missing != nil || extra != nil {
		c.fieldProblems(missing, extra, step, path, extractRequired, extractOptional)
	}
	t, ok := c.strOf(vals[0], "type", step, path, false)
	if !ok {
		return
	}
	switch t {
	case "attr":
		if a, isStr := vals[1].(string); !isStr || strings.TrimSpace(a) == "" {
			c.fail("extract.attr_required", step, path+"/attr", msg{
				domain.T("extract type attr needs the attribute's name in attr"),
				domain.T(`e.g. "attr": "href"`)})
		}
	case "text", "html":
		c.strOf(vals[1], "attr", step, path, false)
	default:
		c.fail("extract.type", step, path+"/type", msg{
			domain.T("extract type %q is not allowed", t),
			domain.T("use text, html or attr")})
	}
}

// number reads any JSON number.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil && !math.IsInf(f, 0)
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

// wholeNumber reads a JSON number with no fractional part (1e1 included:
// it is the count 10, however it is written).
func wholeNumber(v any) (float64, bool) {
	n, ok := number(v)
	return n, ok && n == math.Trunc(n)
}

// numeric reads a number or a string holding one, as pause's value may be.
func numeric(v any) (float64, bool) {
	if n, ok := number(v); ok {
		return n, true
	}
	if s, ok := v.(string); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	}
	return 0, false
}

// scrollValue accepts {"x": n, "y": n} (either key may be left out), the
// same object as a JSON string, or "bottom".
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
		if strings.TrimSpace(t) == "bottom" {
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

// finish sorts the report. The plan is its own normal form, with the
// default output filled in when it has none: the contract rejects what it
// does not accept rather than rewriting it. There is no risk model for
// browser plans, so risk_score stays 0.
func (c *checker) finish(doc any) contract.Report {
	r := contract.Finish(contract.Report{Contract: Name, Violations: c.vs})
	if r.Valid {
		r.Normalized = withDefaultOutput(doc)
	}
	return r
}

// withDefaultOutput returns doc, or for a plan without output a shallow
// copy of the envelope and plan with {"type": "json"} in it; the caller's
// value is never changed.
func withDefaultOutput(doc any) any {
	root, ok := doc.(map[string]any)
	if !ok {
		return doc
	}
	plan, ok := root["plan"].(map[string]any)
	if !ok || plan["output"] != nil {
		return doc
	}
	p := make(map[string]any, len(plan)+1)
	for k, v := range plan {
		p[k] = v
	}
	p["output"] = map[string]any{"type": DefaultOutputType}
	r := make(map[string]any, len(root))
	for k, v := range root {
		r[k] = v
	}
	r["plan"] = p
	return r
}

// blankString reports a string value holding only white space.
func blankString(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) == ""
}

// Rules implements contract.Contract.
func (Contract) Rules() []contract.RuleInfo {
	e, w := contract.SeverityError, contract.SeverityWarning
	return []contract.RuleInfo{
		{ID: contract.RuleSchemaExtraField, Severity: e, Description: "A field the schema does not define, at any level (envelope, plan, action, extract, wait_for, retry, output)."},
		{ID: contract.RuleSchemaMissingField, Severity: e, Description: "A required field is missing."},
		{ID: contract.RuleSchemaType, Severity: e, Description: "A field has the wrong JSON type."},
		{ID: contract.RuleSchemaInvalid, Severity: e, Description: "An id, description, selector or store_as is empty."},
		{ID: "plan.actions_count", Severity: e, Description: "A plan has 1 to 20 actions."},
		{ID: "action.duplicate_id", Severity: e, Description: "Action ids are unique within the plan."},
		{ID: "action.type_not_allowed", Severity: e, Description: "Only the 16 action types."},
		{ID: "action.requires_url", Severity: e, Description: "goto needs url."},
		{ID: "action.requires_selector", Severity: e, Description: "click, fill, scrape, select and download need selector."},
		{ID: "action.requires_value", Severity: e, Description: "fill, select and press need a value, and a text value is not empty."},
		{ID: "action.requires_extract", Severity: e, Description: "scrape needs extract."},
		{ID: "extract.attr_required", Severity: e, Description: "extract type attr needs attr."},
		{ID: "extract.type", Severity: e, Description: "extract type is text, html or attr."},
		{ID: "wait_for.invalid", Severity: e, Description: "wait_for (object or action) needs selector or millis; millis and timeout are at least 100 ms."},
		{ID: "retry.count", Severity: e, Description: "retry count is an integer from 0 to 5."},
		{ID: "retry.delay", Severity: e, Description: "retry delay is a non-negative number of milliseconds."},
		{ID: "output.type", Severity: e, Description: "output type is json or csv (no output: json)."},
		{ID: "output.max_results", Severity: e, Description: "output max_results is an integer from 1 to 100."},
		{ID: "pause.requires_duration", Severity: e, Description: "pause needs wait_for.millis or a non-negative numeric value (number or numeric string)."},
		{ID: "scroll.value", Severity: e, Description: "scroll value is {x, y}, that object as a JSON string, or \"bottom\"."},
		{ID: "url.scheme", Severity: e, Description: "Every url is an absolute http or https URL."},
		{ID: "scrape.store_as_missing", Severity: w, Description: "scrape should name store_as, or its data is lost."},
	}
}

// Schema implements contract.Contract. It states the structure; the
// conditional rules (which type needs which field, unique ids, pause
// durations, scroll values, hosts in URLs) are the contract's own checks.
// An optional field may be null, which the contract reads as absent.
func (Contract) Schema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "web-navigator/v1",
  "type": "object", "additionalProperties": false, "required": ["plan"],
  "properties": {"plan": {
    "type": "object", "additionalProperties": false, "required": ["id", "description", "actions"],
    "properties": {
      "id": {"type": "string", "pattern": "\\S"},
      "description": {"type": "string", "pattern": "\\S"},
      "actions": {"type": "array", "minItems": 1, "maxItems": 20, "items": {
        "type": "object", "additionalProperties": false, "required": ["id", "type", "description"],
        "properties": {
          "id": {"type": "string", "pattern": "\\S"},
          "type": {"enum": ["goto", "click", "fill", "press", "wait_for", "scrape", "evaluate", "screenshot", "select", "scroll", "back", "forward", "set_cookie", "clear_cookies", "download", "pause"]},
          "description": {"type": "string", "pattern": "\\S"},
          "selector": {"type": ["string", "null"], "pattern": "\\S"},
          "url": {"type": ["string", "null"], "pattern": "^[hH][tT][tT][pP][sS]?://"},
          "value": {"type": ["string", "number", "object", "null"]},
          "extract": {"type": ["object", "null"], "additionalProperties": false, "required": ["type"], "properties": {"type": {"enum": ["text", "html", "attr"]}, "attr": {"type": ["string", "null"]}}},
          "wait_for": {"type": ["object", "null"], "additionalProperties": false, "properties": {"selector": {"type": ["string", "null"], "pattern": "\\S"}, "millis": {"type": ["number", "null"], "minimum": 100}, "timeout": {"type": ["number", "null"], "minimum": 100}}},
          "retry": {"type": ["object", "null"], "additionalProperties": false, "properties": {"count": {"type": ["integer", "null"], "minimum": 0, "maximum": 5}, "delay": {"type": ["number", "null"], "minimum": 0}}},
          "store_as": {"type": ["string", "null"], "pattern": "\\S"}
        }}},
      "output": {"type": ["object", "null"], "additionalProperties": false, "required": ["type"], "properties": {"type": {"enum": ["json", "csv"]}, "max_results": {"type": ["integer", "null"], "minimum": 1, "maximum": 100}}}
    }}}
}`)
}
