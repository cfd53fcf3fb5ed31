package contract

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// echoContract reports the locale and the decoded document it was given.
type echoContract struct{ name string }

func (c echoContract) Name() string            { return c.name }
func (c echoContract) Description() string     { return "about " + c.name }
func (c echoContract) Schema() json.RawMessage { return json.RawMessage(`{"title":"` + c.name + `"}`) }
func (c echoContract) Rules() []RuleInfo       { return nil }
func (c echoContract) Validate(ctx context.Context, doc any, opts Options) Report {
	return Finish(Report{Contract: c.name, Violations: []Violation{{Rule: "seen", Severity: SeverityInfo, Message: opts.Locale, Path: Pointer(doc.(map[string]any)["n"].(json.Number).String())}}})
}

func TestService(t *testing.T) {
	s := &Service{Registry: NewRegistry(echoContract{"b/v1"}, echoContract{"a/v1"})}
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: 1, Locale: "fa_IR"})

	list, err := s.List(ctx, ListParams{})
	if want := []Info{{"a/v1", "about a/v1"}, {"b/v1", "about b/v1"}}; err != nil || !reflect.DeepEqual(list, want) {
		t.Fatalf("List: %v %v", list, err)
	}
	if empty, _ := (&Service{Registry: NewRegistry()}).List(ctx, ListParams{}); empty == nil {
		t.Fatal("no contracts must list as [], not null")
	}
	if sc, err := s.Schema(ctx, SchemaParams{Contract: "a/v1"}); err != nil || string(sc) != `{"title":"a/v1"}` {
		t.Fatalf("Schema: %s %v", sc, err)
	}

	r, err := s.Validate(ctx, ValidateParams{Contract: "b/v1", Plan: json.RawMessage(`{"n": 12345678901234567890}`)})
	if err != nil || r.Contract != "b/v1" || r.Violations[0].Message != "fa_IR" || r.Violations[0].Path != "/12345678901234567890" {
		t.Fatalf("Validate: %+v %v", r, err)
	}
	r, _ = s.Validate(ctx, ValidateParams{Contract: "b/v1", Plan: json.RawMessage(`{"n":1}`), Options: Options{Locale: "en_US"}})
	if r.Violations[0].Message != "en_US" {
		t.Fatalf("the options' locale did not win: %+v", r)
	}

	for _, tc := range []struct {
		name   string
		call   func() error
		en, fa string
	}{
		{"schema of an unknown contract", func() error { _, err := s.Schema(ctx, SchemaParams{Contract: "x"}); return err },
			`unknown contract x; known: ["a/v1","b/v1"]`, `قرارداد ناشناخته: x؛ قراردادهای موجود: ["a/v1","b/v1"]`},
		{"validate with an unknown contract", func() error { _, err := s.Validate(ctx, ValidateParams{Plan: json.RawMessage(`{}`)}); return err },
			`unknown contract ; known: ["a/v1","b/v1"]`, `قرارداد ناشناخته: ؛ قراردادهای موجود: ["a/v1","b/v1"]`},
		{"no plan", func() error { _, err := s.Validate(ctx, ValidateParams{Contract: "a/v1"}); return err },
			"plan is required", "طرح (plan) ارسال نشده است"},
		{"two plans", func() error {
			_, err := s.Validate(ctx, ValidateParams{Contract: "a/v1", Plan: json.RawMessage(`{} {}`)})
			return err
		}, "plan is not valid JSON: unexpected data after the JSON value", "طرح JSON معتبر نیست: unexpected data after the JSON value"},
	} {
		de := domain.AsError(tc.call())
		if de == nil || de.Code != domain.CodeInvalidParams || de.Text().String() != tc.en || messages.Render("fa_IR", de.Text()) != tc.fa {
			t.Errorf("%s: %+v, want %q / %q", tc.name, de, tc.en, tc.fa)
		}
	}
	if de := domain.AsError(func() error { _, err := s.Schema(ctx, SchemaParams{Contract: "x"}); return err }()); !reflect.DeepEqual(de.Data["known"], []string{"a/v1", "b/v1"}) {
		t.Errorf("data.known: %v", de.Data)
	}
}
