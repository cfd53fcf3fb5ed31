package results_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/results"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// fixture is a real store with one form, written through the real write
// path (answers.Validate, answers.EncodeStored, InsertSubmission).
type fixture struct {
	t     *testing.T
	dir   string
	db    *sqlstore.DB
	raw   *sql.DB // the same file, to move submissions to other days
	svc   *results.Service
	form  int64
	moved int64 // submissions up to this id have been given their day
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "r.db")
	db, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, dir: dir, db: db, raw: raw}
	f.svc = results.New(db, filepath.Join(dir, "exports"))
	t.Cleanup(func() { f.svc.Close(); raw.Close(); db.Close() })
	return f
}

// newForm creates a form whose first version has fields.
func (f *fixture) newForm(fields ...map[string]any) *domain.Version {
	f.t.Helper()
	var v *domain.Version
	err := f.db.Update(context.Background(), func(tx domain.FormTx) error {
		doc := domain.NewDocument()
		doc.Fields = fields
		form, ver, err := tx.CreateForm(1, 1, domain.FormState{Title: "فرم آزمون", Status: domain.StatusPublished, Document: doc},
			domain.VersionMeta{Source: domain.SourceAPI, CreatedBy: 1})
		f.form, v = form.ID, ver
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return v
}

// version commits a new version of the form with fields.
func (f *fixture) version(fields ...map[string]any) *domain.Version {
	f.t.Helper()
	var v *domain.Version
	err := f.db.Update(context.Background(), func(tx domain.FormTx) error {
		form, err := tx.GetForm(1, f.form)
		if err != nil {
			return err
		}
		st := form.State()
		st.Document.Fields = fields
		v, err = tx.CommitVersion(1, f.form, st, domain.VersionMeta{Source: domain.SourceAPI, CreatedBy: 1})
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return v
}

// submit stores one submission to version v, as the submit path would.
func (f *fixture) submit(v *domain.Version, status domain.SubmissionStatus, sent map[string]any) int64 {
	f.t.Helper()
	raw, _ := json.Marshal(v.State.Document)
	doc, err := document.Parse(raw)
	if err != nil {
		f.t.Fatalf("document: %v", err)
	}
	m := map[string]json.RawMessage{}
	for k, val := range sent {
		m[k], _ = json.Marshal(val)
	}
	res, err := answers.Validate(doc, m, answers.Options{})
	if err != nil {
		f.t.Fatalf("answers %v: %v", sent, err)
	}
	body, err := answers.EncodeStored(res.Answers, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	s := &domain.Submission{SiteID: 1, FormID: f.form, VersionID: v.ID, Status: status, ClientHash: "c",
		AnswersSHA: hex.EncodeToString(sum[:]), Answers: body}
	err = f.db.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
		return tx.InsertSubmission(s, string(body))
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return s.ID
}

// onDay moves every submission stored since the last call, with its
// counts, to day (Iran time): the write path stamps the present moment,
// and results are about days.
func (f *fixture) onDay(day string) {
	f.t.Helper()
	today := domain.IranDay(time.Now())
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"UPDATE submission_days SET day = ? WHERE form_id = ? AND day = ?", []any{day, f.form, today}},
		{"UPDATE answer_counts SET day = ? WHERE form_id = ? AND day = ?", []any{day, f.form, today}},
		// The blocks of days (migration 0007) follow the days moved.
		{"DELETE FROM answer_blocks WHERE form_id = ?", []any{f.form}},
		{`INSERT INTO answer_blocks (form_id, field_id, block, key, count, sum)
			SELECT form_id, field_id, CAST(julianday(day) - 2440587.5 AS INTEGER) / 16, key, sum(count), sum(sum)
			FROM answer_counts WHERE form_id = ? GROUP BY 1, 2, 3, 4`, []any{f.form}},
		{"UPDATE submissions SET created_at = ? WHERE form_id = ? AND id > ?", []any{day + "T08:00:00Z", f.form, f.moved}},
	} {
		if _, err := f.raw.Exec(q.sql, q.args...); err != nil {
			f.t.Fatal(err)
		}
	}
	if err := f.raw.QueryRow("SELECT coalesce(max(id), 0) FROM submissions").Scan(&f.moved); err != nil {
		f.t.Fatal(err)
	}
}

func ctxSite(site int64, locale string) context.Context {
	return domain.WithActor(context.Background(), domain.Actor{UserID: 3, Caps: []string{domain.CapManageForms}, SiteID: site, Locale: locale})
}
