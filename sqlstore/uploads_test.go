package sqlstore

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// withFileField gives form f a new head version whose document has two
// file fields (written in SQL, as any writer's version would hold it)
// and publishes the form.
func withFileField(t *testing.T, db *DB, f *domain.Form) {
	t.Helper()
	st := domain.FormState{Title: f.Title, Status: domain.StatusPublished, Document: domain.NewDocument()}
	st.Document.Fields = []map[string]any{
		{"id": "photo", "type": "file", "label": "عکس", "accept": []string{"image/png"}},
		{"id": "cv", "type": "file", "label": "رزومه"},
	}
	b, _ := json.Marshal(st)
	res, err := db.write.Exec(`INSERT INTO form_versions (form_id, seq, state, source, created_by, created_at)
		VALUES (?, ?, ?, 'api', 7, ?)`, f.ID, f.HeadSeq+1, string(b), formatTime(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	f.HeadVersionID, _ = res.LastInsertId()
	f.HeadSeq++
	if _, err := db.write.Exec("UPDATE forms SET status = 'published', head_version_id = ? WHERE id = ?", f.HeadVersionID, f.ID); err != nil {
		t.Fatal(err)
	}
}

// addSubmission inserts a bare submission row of form f, which claimed
// uploads refer to.
func addSubmission(t *testing.T, db *DB, f *domain.Form, code string) int64 {
	t.Helper()
	res, err := db.write.Exec(`INSERT INTO submissions (site_id, form_id, version_id, tracking_code, status, created_at,
		client_hash, answers_sha, answers) VALUES (1, ?, ?, ?, 'new', ?, 'c', 's', '[]')`, f.ID, f.HeadVersionID, code, formatTime(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

func pending(db *DB, f *domain.Form, id, field string, size int64) error {
	return db.InsertPendingUpload(context.Background(), &domain.Upload{ID: id, SiteID: 1, FormID: f.ID, FieldID: field,
		StoredName: strings.Repeat("a", 31) + id[len(id)-1:], MIME: "image/png", Size: size, OriginalName: "x.png", SHA256: "00"}, domain.UploadLimits{MaxPending: 1000})
}

func claim(db *DB, site, formID, sub int64, field string, ids ...string) ([]domain.Upload, error) {
	var got []domain.Upload
	err := db.Update(context.Background(), func(tx domain.FormTx) error {
		var err error
		got, err = tx.(*Tx).ClaimUploads(site, formID, sub, field, ids)
		return err
	})
	return got, err
}

func TestPendingUploadCap(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "u.db"))
	f := createForm(t, db, "فرم")
	if err := pending(db, f, "up1", "photo", 600); err != nil {
		t.Fatal(err)
	}
	if err := pending(db, f, "up2", "photo", 401); domain.ErrorCode(err) != domain.CodeTooLarge {
		t.Fatalf("past the cap: %v", err)
	}
	if err := pending(db, f, "up3", "photo", 400); err != nil {
		t.Fatalf("up to the cap: %v", err)
	}
	if n, err := db.PendingUploadBytes(ctx, f.ID); err != nil || n != 1000 {
		t.Fatalf("pending %d, %v", n, err)
	}
	// Claimed bytes no longer count as pending.
	withFileField(t, db, f)
	sub := addSubmission(t, db, f, "1")
	if _, err := claim(db, 1, f.ID, sub, "photo", "up1"); err != nil {
		t.Fatal(err)
	}
	if n, _ := db.PendingUploadBytes(ctx, f.ID); n != 400 {
		t.Fatalf("pending after a claim: %d", n)
	}
}

func TestClaimUploads(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "u.db"))
	f, g := createForm(t, db, "فرم"), createForm(t, db, "دیگر")
	withFileField(t, db, f)
	withFileField(t, db, g)
	for _, id := range []string{"a1", "a2", "a3"} {
		if err := pending(db, f, id, "photo", 10); err != nil {
			t.Fatal(err)
		}
	}
	if err := pending(db, f, "c1", "cv", 10); err != nil {
		t.Fatal(err)
	}
	sf, sg := addSubmission(t, db, f, "1"), addSubmission(t, db, g, "2")
	refused := []struct {
		name  string
		site  int64
		form  int64
		sub   int64
		field string
		ids   []string
	}{
		{"another form", 1, g.ID, sg, "photo", []string{"a1"}},
		{"another field", 1, f.ID, sf, "cv", []string{"a1"}},
		{"another site", 2, f.ID, sf, "photo", []string{"a1"}},
		{"an unknown id", 1, f.ID, sf, "photo", []string{"a1", "nope"}},
		{"an id twice", 1, f.ID, sf, "photo", []string{"a1", "a1"}},
	}
	for _, r := range refused {
		_, err := claim(db, r.site, r.form, r.sub, r.field, r.ids...)
		if !errors.Is(err, domain.ErrUploadNotPending) || !strings.Contains(err.Error(), strconv.Quote(r.field)) {
			t.Errorf("%s: %v", r.name, err)
		}
	}
	// Nothing was claimed by the refusals.
	if n, _ := db.PendingUploadBytes(ctx, f.ID); n != 40 {
		t.Fatalf("pending after refusals: %d", n)
	}
	got, err := claim(db, 1, f.ID, sf, "photo", "a2", "a1")
	if err != nil || len(got) != 2 || got[0].ID != "a2" || got[1].ID != "a1" || got[0].SubmissionID == nil || *got[0].SubmissionID != sf {
		t.Fatalf("claim: %+v, %v", got, err)
	}
	// Claimed once: a second submission cannot take it.
	sf2 := addSubmission(t, db, f, "3")
	if _, err := claim(db, 1, f.ID, sf2, "photo", "a1"); !errors.Is(err, domain.ErrUploadNotPending) {
		t.Fatalf("claimed twice: %v", err)
	}
	u, err := db.GetSubmissionUpload(ctx, 1, f.ID, sf, "a1")
	if err != nil || u.FieldID != "photo" || u.Size != 10 || u.MIME != "image/png" {
		t.Fatalf("get: %+v, %v", u, err)
	}
	for _, c := range []struct {
		site, form, sub int64
		id              string
	}{{2, f.ID, sf, "a1"}, {1, g.ID, sf, "a1"}, {1, f.ID, sf2, "a1"}, {1, f.ID, sf, "a3"}} {
		if _, err := db.GetSubmissionUpload(ctx, c.site, c.form, c.sub, c.id); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("get %+v: %v", c, err)
		}
	}
}

func TestSweepPendingUploads(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "u.db"))
	f := createForm(t, db, "فرم")
	withFileField(t, db, f)
	for _, id := range []string{"s1", "s2", "s3"} {
		if err := pending(db, f, id, "photo", 10); err != nil {
			t.Fatal(err)
		}
	}
	sub := addSubmission(t, db, f, "1")
	if _, err := claim(db, 1, f.ID, sub, "photo", "s3"); err != nil {
		t.Fatal(err)
	}
	if got, err := db.SweepPendingUploads(ctx, time.Now().Add(-time.Hour), 10); err != nil || len(got) != 0 {
		t.Fatalf("nothing is old yet: %v, %v", got, err)
	}
	got, err := db.SweepPendingUploads(ctx, time.Now().Add(time.Hour), 1)
	if err != nil || len(got) != 1 || got[0].StoredName == "" {
		t.Fatalf("first sweep: %+v, %v", got, err)
	}
	rest, err := db.SweepPendingUploads(ctx, time.Now().Add(time.Hour), 10)
	if err != nil || len(rest) != 1 || rest[0].ID == got[0].ID || rest[0].ID == "s3" {
		t.Fatalf("second sweep: %+v, %v", rest, err)
	}
	var left []string
	if err := db.read.Select(&left, "SELECT id FROM uploads"); err != nil || len(left) != 1 || left[0] != "s3" {
		t.Fatalf("left %v, %v", left, err)
	}
	names, err := db.StoredUploadNames(ctx)
	if err != nil || len(names) != 1 || !names[strings.Repeat("a", 31)+"3"] {
		t.Fatalf("stored names %v, %v", names, err)
	}
}

// TestUploadUsageAndQuotas: the bytes a form and its site keep follow
// every upload row, pending or claimed, through inserts, claims and
// sweeps; a file past the form's or the site's quota is refused in the
// insert's own transaction.
func TestUploadUsageAndQuotas(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "u.db"))
	f, g := createForm(t, db, "یک"), createForm(t, db, "دو")
	usage := func(form int64) (int64, int64) {
		t.Helper()
		a, b, err := db.UploadUsage(ctx, 1, form)
		if err != nil {
			t.Fatal(err)
		}
		return a, b
	}
	if err := pending(db, f, "up1", "photo", 300); err != nil {
		t.Fatal(err)
	}
	if err := pending(db, g, "up2", "photo", 200); err != nil {
		t.Fatal(err)
	}
	withFileField(t, db, f)
	if _, err := claim(db, 1, f.ID, addSubmission(t, db, f, "1"), "photo", "up1"); err != nil {
		t.Fatal(err)
	}
	t.Run("counted, claimed or not", func(t *testing.T) {
		if fb, sb := usage(f.ID); fb != 300 || sb != 500 {
			t.Fatalf("form %d site %d, want 300 and 500", fb, sb)
		}
	})
	lim := domain.UploadLimits{MaxPending: 1 << 20, FormQuota: 400, SiteQuota: 600}
	up := func(form *domain.Form, id string, size int64) error {
		return db.InsertPendingUpload(ctx, &domain.Upload{ID: id, SiteID: 1, FormID: form.ID, FieldID: "photo",
			StoredName: strings.Repeat("b", 31) + id[len(id)-1:], MIME: "image/png", Size: size, OriginalName: "x.png", SHA256: "00"}, lim)
	}
	t.Run("the form's quota", func(t *testing.T) {
		if err := up(f, "up3", 101); err != domain.ErrFormQuota {
			t.Fatalf("300 + 101 in a form of 400: %v", err)
		}
	})
	t.Run("the site's quota", func(t *testing.T) {
		if err := up(g, "up4", 101); err != domain.ErrSiteQuota {
			t.Fatalf("500 + 101 in a site of 600: %v", err)
		}
	})
	t.Run("swept rows leave the count", func(t *testing.T) {
		if _, err := db.SweepPendingUploads(ctx, time.Now().Add(time.Hour), 10); err != nil {
			t.Fatal(err)
		}
		if fb, sb := usage(g.ID); fb != 0 || sb != 300 {
			t.Fatalf("form %d site %d after the sweep, want 0 and 300", fb, sb)
		}
	})
}
