package answers

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/document"
)

// showIfSharedFile holds show_if cases the public form's script
// (wp-plugin/arshline-sidecar/src/public/showif.js) is tested on too, so
// that what a visitor sees hidden is what the daemon drops.
const showIfSharedFile = "../../testdata/showif-shared.json"

type showIfShared struct {
	Comment string `json:"comment"`
	Cases   []struct {
		Name    string                     `json:"name"`
		Fields  []json.RawMessage          `json:"fields"`
		Answers map[string]json.RawMessage `json:"answers"`
		Hidden  []string                   `json:"hidden"`
	} `json:"cases"`
}

// TestShowIfSharedCases judges every shared case: the answers are valid
// and show_if hides exactly the listed fields.
func TestShowIfSharedCases(t *testing.T) {
	raw, err := os.ReadFile(showIfSharedFile)
	if err != nil {
		t.Fatal(err)
	}
	var shared showIfShared
	if err := json.Unmarshal(raw, &shared); err != nil {
		t.Fatal(err)
	}
	if len(shared.Cases) < 10 {
		t.Fatalf("%d shared cases, expected at least 10", len(shared.Cases))
	}
	for _, c := range shared.Cases {
		t.Run(c.Name, func(t *testing.T) {
			docJSON, err := json.Marshal(map[string]any{"version": "arshline_form@v1", "fields": c.Fields})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := document.Parse(docJSON)
			if err != nil {
				t.Fatalf("the case's form does not parse: %v", err)
			}
			res, err := Validate(doc, c.Answers, Options{})
			if err != nil {
				t.Fatalf("the case's answers are refused: %v", err)
			}
			hidden := res.Hidden
			if hidden == nil {
				hidden = []string{}
			}
			if !slices.Equal(hidden, c.Hidden) {
				t.Errorf("hidden %v, the shared case says %v", hidden, c.Hidden)
			}
		})
	}
}
