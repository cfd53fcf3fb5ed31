package forms

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// failingPurger is a store whose purge fails.
type failingPurger struct{}

func (failingPurger) Purge(context.Context, time.Time, time.Time) (int64, int64, error) {
	return 0, 0, errors.New("disk I/O error")
}

// TestAuditRetention: the audit rows past --audit-retention go, the
// others and the jobs stay; zero keeps every row; a failed purge is
// logged for the operator.
func TestAuditRetention(t *testing.T) {
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: 1, Caps: []string{domain.CapManageForms}})
	s := newService(t)
	var log bytes.Buffer
	s.Purger, s.Ops = s.Store.(*sqlstore.DB), slog.New(slog.NewTextHandler(&log, nil))
	created, err := s.Create(ctx, CreateParams{Title: "فرم"})
	if err != nil {
		t.Fatal(err)
	}
	rows := func() int {
		t.Helper()
		list, err := s.ListAudit(ctx, AuditParams{FormID: &created.Form.ID})
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}
	if rows() != 1 {
		t.Fatalf("%d audit rows after a create", rows())
	}
	t.Run("zero keeps every row", func(t *testing.T) {
		s.AuditRetention = 0
		s.PurgeAudit(ctx, time.Now().Add(1000*time.Hour))
		if rows() != 1 {
			t.Fatal("a row went")
		}
	})
	t.Run("a row within the retention stays", func(t *testing.T) {
		s.AuditRetention = time.Hour
		s.PurgeAudit(ctx, time.Now().Add(30*time.Minute))
		if rows() != 1 {
			t.Fatal("a row went")
		}
	})
	t.Run("a row past the retention goes", func(t *testing.T) {
		s.PurgeAudit(ctx, time.Now().Add(2*time.Hour))
		if rows() != 0 {
			t.Fatal("the row stayed")
		}
		if !strings.Contains(log.String(), "audit_rows_deleted=1") {
			t.Fatalf("not logged: %s", log.String())
		}
	})
	t.Run("a failed purge is logged", func(t *testing.T) {
		s.Purger = failingPurger{}
		s.PurgeAudit(ctx, time.Now())
		if !strings.Contains(log.String(), "retention purge of audit rows failed") {
			t.Fatalf("not logged: %s", log.String())
		}
	})
	t.Run("Run ends with its context", func(t *testing.T) {
		rctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { s.Run(rctx); close(done) }()
		cancel()
		<-done
	})
}
