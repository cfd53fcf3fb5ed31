package sqlstore

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestErasedAnswersLeaveNoBytes: an erased submission's answers are
// overwritten in the database file, not only unlinked, so that the file
// (or a copy of it) does not keep them: once the log is checkpointed the
// answer's text is nowhere in it. Answers both small (in the table's
// page) and large (in overflow pages) are checked.
func TestErasedAnswersLeaveNoBytes(t *testing.T) {
	sqliteOnly(t)
	ctx := context.Background()
	for name, answer := range map[string]string{
		"small": "secret-answer-0912345678",
		"large": "secret-answer-" + strings.Repeat("x", 20000),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.db")
			db := openTest(t, path)
			f := createForm(t, db, "پاک")
			answers := `[{"field":"f1","type":"text","value":"` + answer + `"}]`
			s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte(answers)}
			if err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") }); err != nil {
				t.Fatal(err)
			}
			// A later submission keeps the erased one's page in use.
			later := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "y", Answers: []byte(`[]`)}
			if err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(later, "") }); err != nil {
				t.Fatal(err)
			}
			marker := []byte("secret-answer-")
			checkpoint := func() []byte {
				t.Helper()
				if _, err := db.write.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			if !bytes.Contains(checkpoint(), marker) {
				t.Fatal("the answer is not in the file before the erasure: the test cannot see it")
			}
			err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
				_, err := tx.DeleteSubmission(s, nil)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(checkpoint(), marker); n != 0 {
				t.Fatalf("the erased answer is still %d times in the database file", n)
			}
		})
	}
}
