package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

func newForm(tx domain.FormTx, title string) (*domain.Form, error) {
	f, _, err := tx.CreateForm(1, 7, domain.FormState{Title: title, Status: domain.StatusDraft, Document: domain.NewDocument()},
		domain.VersionMeta{Source: domain.SourceAPI, CreatedBy: 7})
	return f, err
}

func titles(t *testing.T, db *DB) map[string]bool {
	t.Helper()
	forms, err := db.ListForms(context.Background(), domain.FormQuery{SiteID: 1, IncludeDeleted: true, Limit: 10000})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, f := range forms {
		m[f.Title] = true
	}
	return m
}

func queued(db *DB) int {
	db.group.mu.Lock()
	defer db.group.mu.Unlock()
	return len(db.group.queue)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// holdCommitter makes the committer run a call whose fn blocks until the
// returned release is called, so that the calls enqueued meanwhile are
// taken together as the next batch. done yields that call's outcome.
func holdCommitter(t *testing.T, db *DB, title string) (release func(), done <-chan error) {
	t.Helper()
	started := make(chan struct{})
	unblock := make(chan struct{})
	out := make(chan error, 1)
	go func() {
		out <- db.Update(context.Background(), func(tx domain.FormTx) error {
			close(started)
			<-unblock
			_, err := newForm(tx, title)
			return err
		})
	}()
	<-started
	var once sync.Once
	release = func() { once.Do(func() { close(unblock) }) }
	t.Cleanup(release)
	return release, out
}

// enqueueInOrder starts one Update per fn, each only once the previous one
// is queued, so their queue order is the order given.
func enqueueInOrder(t *testing.T, db *DB, ctx context.Context, fns ...func(domain.FormTx) error) []chan error {
	t.Helper()
	outs := make([]chan error, len(fns))
	for i, fn := range fns {
		outs[i] = make(chan error, 1)
		before := queued(db)
		go func(out chan error, fn func(domain.FormTx) error) { out <- db.Update(ctx, fn) }(outs[i], fn)
		waitFor(t, "a call to queue", func() bool { return queued(db) == before+1 })
	}
	return outs
}

func TestGroupCommitConcurrentUpdatesAllCommitted(t *testing.T) {
	sqliteOnly(t)
	path := filepath.Join(t.TempDir(), "a.db")
	db := openTest(t, path)
	const n = 200
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- db.Update(context.Background(), func(tx domain.FormTx) error {
				f, err := newForm(tx, fmt.Sprint("form ", i))
				if err != nil {
					return err
				}
				// Read-your-writes inside one call.
				st := f.State()
				st.Title = fmt.Sprint("form ", i, " v2")
				if _, err := tx.CommitVersion(1, f.ID, st, domain.VersionMeta{Source: domain.SourceAPI}); err != nil {
					return err
				}
				got, err := tx.GetForm(1, f.ID)
				if err != nil || got.HeadSeq != 2 || got.Title != st.Title {
					return fmt.Errorf("own write not visible: %+v %v", got, err)
				}
				return nil
			})
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db2 := openTest(t, path)
	got := titles(t, db2)
	for i := 0; i < n; i++ {
		if !got[fmt.Sprint("form ", i, " v2")] {
			t.Fatalf("form %d missing after reopen", i)
		}
	}
	var versions int
	if err := db2.read.Get(&versions, "SELECT count(*) FROM form_versions"); err != nil || versions != 2*n {
		t.Fatalf("%d versions, %v", versions, err)
	}
}

func TestGroupCommitFailingCallsLeaveNoTraceBatchMatesCommit(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	release, held := holdCommitter(t, db, "held")
	boom := errors.New("boom")
	var aID atomic.Int64
	var aReturned atomic.Bool
	var sawAUncommitted bool
	outs := enqueueInOrder(t, db, context.Background(),
		func(tx domain.FormTx) error { // a
			f, err := newForm(tx, "a")
			aID.Store(f.ID)
			return err
		},
		func(tx domain.FormTx) error { // b fails after writing
			if _, err := newForm(tx, "b"); err != nil {
				return err
			}
			return boom
		},
		func(tx domain.FormTx) error { // c panics after writing
			if _, err := newForm(tx, "c"); err != nil {
				return err
			}
			panic("c went wrong")
		},
		func(tx domain.FormTx) error { // d changes a's form, as if run after a
			sawAUncommitted = !aReturned.Load()
			f, err := tx.GetForm(1, aID.Load())
			if err != nil {
				return err
			}
			st := f.State()
			st.Title = "a by d"
			_, err = tx.CommitVersion(1, f.ID, st, domain.VersionMeta{Source: domain.SourceAPI})
			return err
		},
	)
	go func() {
		err := <-outs[0]
		aReturned.Store(true)
		outs[0] <- err
	}()
	release()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if err := <-outs[1]; !errors.Is(err, boom) {
		t.Fatalf("b: %v", err)
	}
	var pe *PanicError
	if err := <-outs[2]; !errors.As(err, &pe) || pe.Value != "c went wrong" || !strings.Contains(string(pe.Stack), "groupcommit_test") {
		t.Fatalf("c: %v", err)
	}
	if err := <-outs[3]; err != nil {
		t.Fatalf("d: %v", err)
	}
	waitFor(t, "a to return", aReturned.Load)
	if err := <-outs[0]; err != nil {
		t.Fatalf("a: %v", err)
	}
	if !sawAUncommitted {
		t.Fatal("a and d were not in one batch")
	}
	got := titles(t, db)
	if !got["held"] || !got["a by d"] || got["a"] || got["b"] || got["c"] || len(got) != 2 {
		t.Fatalf("forms after the batch: %v", got)
	}
	f, err := db.GetForm(context.Background(), 1, aID.Load())
	if err != nil || f.HeadSeq != 2 || f.VersionCount != 2 {
		t.Fatalf("a's form: %+v %v", f, err)
	}
	var versions int
	if err := db.read.Get(&versions, "SELECT count(*) FROM form_versions"); err != nil || versions != 3 {
		t.Fatalf("%d versions, %v", versions, err)
	}
	if err := db.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestGroupCommitPanicIsReturnedAndRolledBack(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	cause := errors.New("cause")
	err := db.Update(context.Background(), func(tx domain.FormTx) error {
		if _, err := newForm(tx, "x"); err != nil {
			return err
		}
		panic(cause)
	})
	var pe *PanicError
	if !errors.As(err, &pe) || !errors.Is(err, cause) {
		t.Fatalf("err = %v", err)
	}
	if got := titles(t, db); len(got) != 0 {
		t.Fatalf("forms after a panic: %v", got)
	}
	createForm(t, db, "after")
	if got := titles(t, db); !got["after"] {
		t.Fatalf("store unusable after a panic: %v", got)
	}
}

func TestGroupCommitGoexitIsRolledBack(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	done := make(chan struct{})
	go func() {
		defer close(done)
		db.Update(context.Background(), func(tx domain.FormTx) error {
			newForm(tx, "x")
			runtime.Goexit()
			return nil
		})
	}()
	<-done
	createForm(t, db, "after")
	if got := titles(t, db); got["x"] || !got["after"] {
		t.Fatalf("forms: %v", got)
	}
}

func TestGroupCommitCancelledContext(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	ran := false
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := db.Update(ctx, func(domain.FormTx) error { ran = true; return nil }); !errors.Is(err, context.Canceled) || ran {
		t.Fatalf("cancelled before the call: %v, ran %v", err, ran)
	}

	// Cancelled while queued: the caller leaves at once and fn never runs.
	release, held := holdCommitter(t, db, "held")
	qctx, qcancel := context.WithCancel(context.Background())
	var queuedRan atomic.Bool
	outs := enqueueInOrder(t, db, qctx, func(tx domain.FormTx) error {
		queuedRan.Store(true)
		_, err := newForm(tx, "queued")
		return err
	})
	qcancel()
	select {
	case err := <-outs[0]:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled while queued: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a cancelled caller kept waiting for the committer")
	}

	// Cancelled while its fn runs: its next statement fails, only its own
	// savepoint is undone, and the batch-mate before it commits.
	mctx, mcancel := context.WithCancel(context.Background())
	outs = enqueueInOrder(t, db, context.Background(), func(tx domain.FormTx) error {
		_, err := newForm(tx, "mate")
		return err
	})
	outs = append(outs, enqueueInOrder(t, db, mctx, func(tx domain.FormTx) error {
		if _, err := newForm(tx, "mid 1"); err != nil {
			return err
		}
		mcancel()
		_, err := newForm(tx, "mid 2")
		return err
	})...)
	release()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if err := <-outs[0]; err != nil {
		t.Fatalf("batch-mate: %v", err)
	}
	if err := <-outs[1]; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled mid-fn: %v", err)
	}
	if queuedRan.Load() {
		t.Fatal("the fn of a caller that left ran")
	}
	if got := titles(t, db); !got["held"] || !got["mate"] || got["queued"] || got["mid 1"] || got["mid 2"] {
		t.Fatalf("forms: %v", got)
	}
}

func TestGroupCommitFailedCommitFailsWholeBatch(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	release, held := holdCommitter(t, db, "held")
	outs := enqueueInOrder(t, db, context.Background(),
		func(tx domain.FormTx) error {
			_, err := newForm(tx, "a")
			return err
		},
		func(tx domain.FormTx) error {
			// A deferred foreign key violation is only found by COMMIT.
			raw := tx.(*Tx).tx
			if _, err := raw.ExecContext(context.Background(), "PRAGMA defer_foreign_keys = ON"); err != nil {
				return err
			}
			missing := int64(424242)
			err := tx.InsertAudit(1, &domain.AuditEntry{ReqID: "r", Actor: 1, Action: "x", FormID: &missing})
			return err
		},
	)
	release()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	for i, out := range outs {
		if err := <-out; err == nil || !strings.Contains(err.Error(), "commit") {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	var audit int
	if err := db.read.Get(&audit, "SELECT count(*) FROM audit_log"); err != nil || audit != 0 {
		t.Fatalf("%d audit rows, %v", audit, err)
	}
	if got := titles(t, db); got["a"] || !got["held"] {
		t.Fatalf("forms: %v", got)
	}
	// The connection is usable again: the refused transaction was ended.
	createForm(t, db, "after")
	if got := titles(t, db); !got["after"] {
		t.Fatalf("forms: %v", got)
	}
}

func TestGroupCommitLostTransactionRerunsTheRest(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	release, held := holdCommitter(t, db, "held")
	var cRuns atomic.Int32
	outs := enqueueInOrder(t, db, context.Background(),
		func(tx domain.FormTx) error {
			_, err := newForm(tx, "a")
			return err
		},
		func(tx domain.FormTx) error {
			// Stands for an error that made SQLite roll the whole
			// transaction back while fn carried on.
			_, err := tx.(*Tx).tx.ExecContext(context.Background(), "ROLLBACK")
			return err
		},
		func(tx domain.FormTx) error {
			cRuns.Add(1)
			_, err := newForm(tx, "c")
			return err
		},
	)
	release()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	for i, out := range outs[:2] {
		if err := <-out; err == nil || !strings.Contains(err.Error(), "lost") {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if err := <-outs[2]; err != nil || cRuns.Load() != 1 {
		t.Fatalf("call not yet begun: %v, ran %d times", err, cRuns.Load())
	}
	if got := titles(t, db); got["a"] || !got["c"] || !got["held"] {
		t.Fatalf("forms: %v", got)
	}
}

func TestGroupCommitTxUnusableAfterFn(t *testing.T) {
	sqliteOnly(t)
	db := openTest(t, filepath.Join(t.TempDir(), "a.db"))
	var kept domain.FormTx
	if err := db.Update(context.Background(), func(tx domain.FormTx) error { kept = tx; return nil }); err != nil {
		t.Fatal(err)
	}
	release, held := holdCommitter(t, db, "held")
	defer release()
	if _, err := newForm(kept, "late"); err == nil {
		t.Fatal("a Tx kept past its fn still writes")
	}
	release()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if got := titles(t, db); got["late"] {
		t.Fatalf("forms: %v", got)
	}
}

func TestGroupCommitCloseFailsQueuedCalls(t *testing.T) {
	sqliteOnly(t)
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	goroutines := runtime.NumGoroutine()
	release, held := holdCommitter(t, db, "held")
	var ran atomic.Int32
	fns := make([]func(domain.FormTx) error, 5)
	for i := range fns {
		fns[i] = func(tx domain.FormTx) error {
			ran.Add(1)
			_, err := newForm(tx, "queued")
			return err
		}
	}
	outs := enqueueInOrder(t, db, context.Background(), fns...)
	closed := make(chan error, 1)
	go func() { closed <- db.Close() }()
	for i, out := range outs {
		select {
		case err := <-out:
			if !errors.Is(err, ErrClosed) {
				t.Fatalf("queued call %d: %v", i, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("queued call %d still waiting after Close", i)
		}
	}
	// The batch in progress is let finish, and Close waits for it.
	select {
	case err := <-closed:
		t.Fatalf("Close returned before the running batch ended: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	release()
	if err := <-held; err != nil {
		t.Fatalf("running call: %v", err)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if err := db.Update(context.Background(), func(domain.FormTx) error { return nil }); !errors.Is(err, ErrClosed) {
		t.Fatalf("Update after Close: %v", err)
	}
	if ran.Load() != 0 {
		t.Fatalf("%d queued fns ran after Close", ran.Load())
	}
	select {
	case <-db.group.exited:
	default:
		t.Fatal("the committer is still running after Close")
	}
	waitFor(t, "goroutines to end", func() bool { return runtime.NumGoroutine() <= goroutines-1 })
	db2 := openTest(t, path)
	if got := titles(t, db2); !got["held"] || got["queued"] {
		t.Fatalf("forms after reopen: %v", got)
	}
}
