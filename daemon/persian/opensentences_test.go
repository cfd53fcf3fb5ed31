package persian

import (
	"fmt"
	"testing"
)

// TestOpenSaidInShortSentences: a command said in short sentences that
// ends in a bare verb of opening opens the page the sentences before it
// name, not the builder; a sentence with an act of its own keeps the
// command apart.
func TestOpenSaidInShortSentences(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"فرم ۵۶. نتایج. باز.":               "open_results #56",
		"فرم 12. نتایج. open.":              "open_results #12",
		"فرم ۱۰۸. سوال ٤. ویرایشگر باز.":    "open_editor #108 @3",
		"فرم ۹. سوال ۲. باز کن.":            "open_editor #9 @1",
		"فرم ۷. باز.":                       "open_builder #7",
		"فرم ۴۰. جواب‌ها. نتیجه‌ها. باز کن": "open_results #40",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan != nil || r.Navigate == nil {
				t.Fatalf("want only a page to open, got %s (reason %q)", stepsOf(r), r.Reason)
			}
			got := fmt.Sprintf("%s #%v", r.Navigate.Action, r.Navigate.Params["id"])
			if i, ok := r.Navigate.Params["index"]; ok {
				got += fmt.Sprintf(" @%v", i)
			}
			if got != want {
				t.Errorf("got %s, want %s", got, want)
			}
		})
	}
	t.Run("an act of its own keeps the sentences apart", func(t *testing.T) {
		if r := p.Plan("فرم ۳۰. حذف. باز."); r.Plan != nil || r.Navigate != nil {
			t.Errorf("got %s / %v, want no plan and no page", stepsOf(r), r.Navigate)
		}
	})
}
