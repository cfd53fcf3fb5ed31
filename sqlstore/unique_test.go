package sqlstore

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestUniqueAnswers: a value's hash is held by one kept submission of a
// form and field; erasure and spam free it, leaving spam takes it back
// or is CONFLICT, and other forms and fields are independent.
func TestUniqueAnswers(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, filepath.Join(t.TempDir(), "u.db"))
	f := createForm(t, db, "ثبت‌نام")
	other := createForm(t, db, "دیگر")
	// claim inserts a submission of form with claims, as submit does:
	// refused (nothing stored) when a value is taken.
	claim := func(form *domain.Form, claims ...domain.UniqueClaim) (*domain.Submission, []string) {
		t.Helper()
		s := &domain.Submission{SiteID: 1, FormID: form.ID, VersionID: form.HeadVersionID, ClientHash: "c", Answers: []byte("[]")}
		var taken []string
		err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
			if err := tx.InsertSubmission(s, ""); err != nil {
				return err
			}
			var err error
			if taken, err = tx.ClaimUniqueAnswers(s, claims); err == nil && len(taken) > 0 {
				return domain.Errorf(domain.CodeInvalidSubmission, "taken", "taken")
			}
			return err
		})
		if err != nil && len(taken) == 0 {
			t.Fatal(err)
		}
		return s, taken
	}
	nc := domain.UniqueClaim{Field: "nc", Hash: "h1"}
	mobile := domain.UniqueClaim{Field: "mobile", Hash: "h2"}
	first, taken := claim(f, nc, mobile)
	if taken != nil {
		t.Fatalf("first claim: %v taken", taken)
	}
	t.Run("a held value is reported taken and nothing is stored", func(t *testing.T) {
		before, _ := db.KeptSubmissions(ctx, f.ID)
		if _, taken := claim(f, domain.UniqueClaim{Field: "mobile", Hash: "h9"}, nc); !slices.Equal(taken, []string{"nc"}) {
			t.Fatalf("taken %v", taken)
		}
		if _, taken := claim(f, nc, mobile); !slices.Equal(taken, []string{"nc", "mobile"}) {
			t.Fatalf("taken %v", taken)
		}
		if after, _ := db.KeptSubmissions(ctx, f.ID); after != before {
			t.Fatalf("kept %d, was %d", after, before)
		}
		// h9 was claimed only by a refused submission: it is free.
		if _, taken := claim(f, domain.UniqueClaim{Field: "mobile", Hash: "h9"}); taken != nil {
			t.Fatalf("a refused submission's claim held: %v", taken)
		}
	})
	t.Run("other forms and fields are independent", func(t *testing.T) {
		if _, taken := claim(other, nc); taken != nil {
			t.Fatalf("another form: %v", taken)
		}
		if _, taken := claim(f, domain.UniqueClaim{Field: "email", Hash: "h1"}); taken != nil {
			t.Fatalf("another field: %v", taken)
		}
	})
	setStatus := func(s *domain.Submission, status domain.SubmissionStatus) error {
		return db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.SetSubmissionStatus(s, status, nil) })
	}
	t.Run("spam frees the value, leaving spam takes it back or is CONFLICT", func(t *testing.T) {
		if err := setStatus(first, domain.SubmissionSpam); err != nil {
			t.Fatal(err)
		}
		second, taken := claim(f, nc)
		if taken != nil {
			t.Fatalf("after spam: %v taken", taken)
		}
		err := setStatus(first, domain.SubmissionRead)
		if domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("leaving spam while another holds the value: %v", err)
		}
		first.Status = domain.SubmissionSpam // the refused move changed nothing
		got, _ := db.GetSubmission(ctx, 1, f.ID, first.ID)
		if got.Status != domain.SubmissionSpam {
			t.Fatalf("status %s after a refused move", got.Status)
		}
		t.Run("erasure frees the value", func(t *testing.T) {
			err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
				_, err := tx.DeleteSubmission(second, nil)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := setStatus(first, domain.SubmissionRead); err != nil {
				t.Fatalf("leaving spam once the value is free: %v", err)
			}
			if _, taken := claim(f, nc); !slices.Equal(taken, []string{"nc"}) {
				t.Fatalf("the submission back from spam does not hold its value: %v", taken)
			}
			var rows int
			if err := db.reads.GetContext(ctx, &rows, "SELECT count(*) FROM unique_answers WHERE submission_id = ?", second.ID); err != nil || rows != 0 {
				t.Fatalf("an erased submission left %d rows (%v)", rows, err)
			}
		})
	})
}
