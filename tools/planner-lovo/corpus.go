package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// command is one line of a planner corpus (testdata/planner/README.md).
type command struct {
	ID     string         `json:"id"`
	Text   string         `json:"text"`
	Expect map[string]any `json:"expect"`
}

// voice is one corpus file: the commands of one or a few voices, the
// unit left out in turn.
type voice struct {
	Name     string
	Contract int // 2 when any expected plan says "version": 2, else 1
	Commands []command
}

// loadVoice reads a corpus file. Its contract is the plan version its
// expectations are written in: every v2 file has v2 plans, no v1 file
// has one.
func loadVoice(path string) (voice, error) {
	v := voice{Name: filepath.Base(path), Contract: 1}
	f, err := os.Open(path)
	if err != nil {
		return v, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c command
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return v, fmt.Errorf("%s:%d: %v", v.Name, line, err)
		}
		if c.Expect == nil {
			return v, fmt.Errorf("%s:%d: no expect", v.Name, line)
		}
		if ver, _ := c.Expect["version"].(float64); ver == 2 {
			v.Contract = 2
		}
		v.Commands = append(v.Commands, c)
	}
	if err := sc.Err(); err != nil {
		return v, err
	}
	if len(v.Commands) == 0 {
		return v, fmt.Errorf("%s: no commands", v.Name)
	}
	return v, nil
}

// noPlan is the intent of a command that must give no plan.
const noPlan = "none"

// intentOf is what a learned reading predicts of a plan: the set of
// actions it holds, sorted and joined by «+», or noPlan. How many
// questions, in which order, on which form, with which wording are
// slots the rules read (numbers, ids, quotes, order words); which acts
// the command asks for is what the rules get wrong when they misread
// the object, and the one thing a check on a destructive step needs.
func intentOf(actions []string) string {
	if len(actions) == 0 {
		return noPlan
	}
	seen := map[string]bool{}
	var set []string
	for _, a := range actions {
		if !seen[a] {
			seen[a] = true
			set = append(set, a)
		}
	}
	sort.Strings(set)
	return strings.Join(set, "+")
}

// actionsOf is the actions of a plan (an expectation or an answer) in
// order, none when it has no plan.
func actionsOf(plan map[string]any) []string {
	steps, _ := plan["steps"].([]any)
	var out []string
	for _, s := range steps {
		step, _ := s.(map[string]any)
		a, _ := step["action"].(string)
		out = append(out, a)
	}
	return out
}

// destructive are the actions that take something away from the
// respondents or the admin: a wrong one loses data or a live form.
var destructive = map[string]bool{"delete_form": true, "delete_field": true, "disable_form": true, "draft_form": true}

// unaskedDestruction reports a plan holding a destructive action that
// the expected plan does not hold at all.
func unaskedDestruction(got, expect []string) bool {
	asked := map[string]bool{}
	for _, a := range expect {
		asked[a] = true
	}
	for _, a := range got {
		if destructive[a] && !asked[a] {
			return true
		}
	}
	return false
}
