package llm_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// A hostile or broken model server answering 20 MB must not have it read
// into memory: the client stops at its cap and says MODEL_LIMIT.
func TestCompleteRefusesAnAnswerLargerThanTheCap(t *testing.T) {
	huge := `{"answer":"` + strings.Repeat("a", 20<<20) + `","temperature":1}`
	for _, tc := range []struct {
		name string
		req  llm.Request
		cap  int64
	}{
		{"schema, default cap", ask(), 0},
		{"plain, configured cap", llm.Request{System: "s", User: "u"}, 64 << 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t, llmtest.Reply{Content: huge})
			c := client(t, srv, func(c *llm.Config) { c.MaxAnswerBytes = tc.cap })
			resp, err := c.Complete(context.Background(), tc.req)
			if err == nil {
				t.Fatalf("a %d-byte answer was accepted (content %d bytes)", len(huge), len(resp.Content))
			}
			var lerr *llm.Error
			if !errors.As(err, &lerr) {
				t.Fatalf("err = %T %v", err, err)
			}
			d := lerr.Domain()
			if d.Code != domain.CodeModelLimit || lerr.Cause != llm.CauseAnswerTooLarge {
				t.Fatalf("code %s cause %q: %v", d.Code, lerr.Cause, err)
			}
			if !strings.Contains(d.Text().String(), "answer") || messages.Render("fa_IR", d.Text()) == "" || messages.Render("fa_IR", d.Text()) == d.Text().String() {
				t.Fatalf("messages: en %q fa %q", d.Text().String(), messages.Render("fa_IR", d.Text()))
			}
			if srv.RequestCount() != 1 {
				t.Fatalf("%d requests: an oversized answer is not asked for again", srv.RequestCount())
			}
		})
	}
}

// A small answer that still exceeds a small cap: net/http sends it with
// a Content-Length, which fails before the body is read.
func TestCompleteRefusesADeclaredLengthOverTheCap(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"answer":"` + strings.Repeat("b", 1500) + `","temperature":1}`})
	c := client(t, srv, func(c *llm.Config) { c.MaxAnswerBytes = 1 << 10 })
	_, err := c.Complete(context.Background(), ask())
	var lerr *llm.Error
	if !errors.As(err, &lerr) || lerr.Cause != llm.CauseAnswerTooLarge || lerr.Domain().Code != domain.CodeModelLimit {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(lerr.Domain().Text().String(), "1 KB") {
		t.Fatalf("message %q does not name the cap", lerr.Domain().Text().String())
	}
}

// An answer under the cap is unaffected.
func TestCompleteAcceptsAnAnswerUnderTheCap(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"answer":"hi","temperature":1}`})
	c := client(t, srv, func(c *llm.Config) { c.MaxAnswerBytes = 4 << 10 })
	if _, err := c.Complete(context.Background(), ask()); err != nil {
		t.Fatal(err)
	}
}
