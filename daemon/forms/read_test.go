package forms

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

func newService(t *testing.T) *Service {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &Service{Store: db}
}

// TestParamsChecks: each read method refuses bad parameters with
// INVALID_PARAMS and the same message in both languages as ever.
func TestParamsChecks(t *testing.T) {
	s := newService(t)
	ctx := context.Background()
	idOf := func(n int64) *int64 { return &n }
	for _, tc := range []struct {
		name   string
		call   func() error
		en, fa string
	}{
		{"forms.list limit", func() error { _, err := s.List(ctx, ListParams{Limit: 201}); return err },
			"limit must be between 1 and 200", "مقدار limit باید بین ۱ و 200 باشد"},
		{"forms.list negative limit", func() error { _, err := s.List(ctx, ListParams{Limit: -1}); return err },
			"limit must be between 1 and 200", "مقدار limit باید بین ۱ و 200 باشد"},
		{"forms.list status", func() error { _, err := s.List(ctx, ListParams{Status: "gone"}); return err },
			"status must be draft, published or disabled", "وضعیت باید draft، published یا disabled باشد"},
		{"forms.list offset", func() error { _, err := s.List(ctx, ListParams{Offset: -1}); return err },
			"offset must not be negative", "offset نباید منفی باشد"},
		{"forms.get id", func() error { _, err := s.Get(ctx, GetParams{}); return err },
			"id must be a positive integer", "id باید عدد صحیح مثبت باشد"},
		{"forms.set_status id", func() error { _, err := s.SetStatus(ctx, SetStatusParams{Status: "draft"}); return err },
			"form_id and version_id must be positive integers", "شناسهٔ فرم و نسخه باید عدد صحیح مثبت باشد"},
		{"forms.set_status status", func() error { _, err := s.SetStatus(ctx, SetStatusParams{ID: 1, Status: "gone"}); return err },
			`status "gone" is not one of draft, published, disabled`, `وضعیت "gone" نامعتبر است؛ یکی از draft، published یا disabled را بفرستید`},
		{"versions.list form_id", func() error { _, err := s.ListVersions(ctx, ListVersionsParams{Limit: 500}); return err },
			"form_id must be a positive integer", "form_id باید عدد صحیح مثبت باشد"},
		{"versions.list limit", func() error { _, err := s.ListVersions(ctx, ListVersionsParams{FormID: 1, Limit: 101}); return err },
			"limit must be between 1 and 100", "مقدار limit باید بین ۱ و 100 باشد"},
		{"versions.list offset", func() error { _, err := s.ListVersions(ctx, ListVersionsParams{FormID: 1, Offset: -3}); return err },
			"offset must not be negative", "offset نباید منفی باشد"},
		{"versions.get form_id", func() error { _, err := s.GetVersion(ctx, VersionParams{VersionID: 1}); return err },
			"form_id must be a positive integer", "form_id باید عدد صحیح مثبت باشد"},
		{"versions.get version_id", func() error { _, err := s.GetVersion(ctx, VersionParams{FormID: 1, VersionID: -1}); return err },
			"version_id must be a positive integer", "version_id باید عدد صحیح مثبت باشد"},
		{"versions.rollback ids", func() error { _, err := s.Rollback(ctx, VersionParams{FormID: 1}); return err },
			"form_id and version_id must be positive integers", "شناسهٔ فرم و نسخه باید عدد صحیح مثبت باشد"},
		{"audit.list limit", func() error { _, err := s.ListAudit(ctx, AuditParams{FormID: idOf(1), Limit: 201}); return err },
			"limit must be between 1 and 200", "مقدار limit باید بین ۱ و 200 باشد"},
	} {
		de := domain.AsError(tc.call())
		if de == nil || de.Code != domain.CodeInvalidParams || de.Text().String() != tc.en || messages.Render("fa_IR", de.Text()) != tc.fa {
			t.Errorf("%s: %+v, want INVALID_PARAMS %q / %q", tc.name, de, tc.en, tc.fa)
		}
	}
}

// TestReadsPageWithDefaults: the reads go to the store with the default
// page sizes when none is given.
func TestReadsPageWithDefaults(t *testing.T) {
	s := newService(t)
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: 4, Caps: []string{domain.CapManageForms}})
	var last *FormResult
	for i := range 60 {
		r, err := s.Create(ctx, CreateParams{Title: "فرم"})
		if err != nil {
			t.Fatal(i, err)
		}
		last = r
	}
	for range 24 {
		if _, err := s.SetStatus(ctx, SetStatusParams{ID: last.Form.ID, Status: "published"}); err != nil {
			t.Fatal(err)
		}
	}
	fs, err := s.List(ctx, ListParams{})
	if err != nil || len(fs) != 50 || fs[0].ID != last.Form.ID {
		t.Fatalf("forms.list: %d forms, %v", len(fs), err)
	}
	if fs, err := s.List(ctx, ListParams{Status: "published"}); err != nil || len(fs) != 1 {
		t.Fatalf("forms.list published: %d forms, %v", len(fs), err)
	}
	f, err := s.Get(ctx, GetParams{ID: last.Form.ID})
	if err != nil || f.VersionCount != 25 {
		t.Fatalf("forms.get: %+v %v", f, err)
	}
	vs, err := s.ListVersions(ctx, ListVersionsParams{FormID: f.ID})
	if err != nil || len(vs) != 20 || vs[0].ID != f.HeadVersionID {
		t.Fatalf("versions.list: %d versions, %v", len(vs), err)
	}
	// Rows describe versions without copying them.
	if raw, _ := json.Marshal(vs[0]); strings.Contains(string(raw), `"state"`) || vs[0].Title != f.Title || vs[0].Status != f.Status || vs[0].FieldCount != len(f.Document.Fields) {
		t.Fatalf("versions.list row %s, want the head's title, status and field count without its state", raw)
	}
	if v, err := s.GetVersion(ctx, VersionParams{FormID: f.ID, VersionID: vs[19].ID}); err != nil || v.Seq != 6 {
		t.Fatalf("versions.get: %+v %v", v, err)
	}
	as, err := s.ListAudit(ctx, AuditParams{})
	if err != nil || len(as) != 50 {
		t.Fatalf("audit.list: %d rows, %v", len(as), err)
	}
	if as, err := s.ListAudit(ctx, AuditParams{FormID: &f.ID, Limit: 200}); err != nil || len(as) != 25 {
		t.Fatalf("audit.list of one form: %d rows, %v", len(as), err)
	}
}
