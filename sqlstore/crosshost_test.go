package sqlstore

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// twoHosts opens one MariaDB database twice, as two web hosts' daemons
// do, each with its own pool and host name.
func twoHosts(t *testing.T) (a, b *DB) {
	t.Helper()
	addr := mariadbtest.NewDatabase(t)
	var err error
	if a, err = Open(context.Background(), addr, Options{Host: "web1"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if b, err = Open(context.Background(), addr, Options{Host: "web2"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b
}

// closedStore is a MariaDB store already closed: a host's store that
// does not answer.
func closedStore(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), mariadbtest.NewDatabase(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	return db
}

// createFormSeen creates a form through a and reads it through b, as a
// daemon reads a form before it writes anything of it. On Galera the
// read waits for what the cluster committed before it
// (wsrep_sync_wait=1), so b's node has then applied the form and b's
// writes that refer to it find it; a write with no read before it may
// reach b's node an instant before the form does.
func createFormSeen(t testing.TB, a, b *DB, title string) *domain.Form {
	t.Helper()
	f := createFormTB(t, a, title)
	if _, err := b.GetForm(context.Background(), 1, f.ID); err != nil {
		t.Fatal(err)
	}
	return f
}

// onBoth runs n calls of fn on each of the two hosts at once.
func onBoth(a, b *DB, n int, fn func(db *DB, host, i int) error) []error {
	var wg sync.WaitGroup
	errs := make([]error, 2*n)
	for h, db := range []*DB{a, b} {
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[h*n+i] = fn(db, h, i)
			}()
		}
	}
	wg.Wait()
	return errs
}

// TestTwoHostsShareEveryGuarantee: two stores on one MariaDB database,
// written at once, keep what one store keeps alone.
func TestTwoHostsShareEveryGuarantee(t *testing.T) {
	sqliteOnly(t) // opens MariaDB itself, twice
	a, b := twoHosts(t)
	shareEveryGuarantee(t, a, b)
}

// TestGaleraHostsShareEveryGuarantee: the same, with each host on its
// own node of a Galera cluster, where a row lock holds on its own node
// only and the cluster aborts the second of two conflicting commits.
func TestGaleraHostsShareEveryGuarantee(t *testing.T) {
	sqliteOnly(t) // starts the cluster itself
	a, b, _ := galeraHosts(t)
	shareEveryGuarantee(t, a, b)
}

// shareEveryGuarantee writes through a and b, two hosts' stores of one
// database, at once, and checks what one store keeps alone.
func shareEveryGuarantee(t *testing.T, a, b *DB) {
	ctx := context.Background()
	const n = 8

	t.Run("wrong tries at one code from both hosts all count", func(t *testing.T) {
		const key = "otp-shared"
		at := time.Now().UTC()
		if err := a.UpdateOTPCode(ctx, key, func(*domain.OTPCode) (*domain.OTPCode, error) {
			return &domain.OTPCode{SiteID: 1, FormID: 1, Field: "m", Hash: []byte("h"), SentAt: at, ExpiresAt: at.Add(time.Hour),
				MaxAttempts: 100, Sends: 1, SendsSince: at, ResendAt: at, KeepUntil: at.Add(time.Hour)}, nil
		}); err != nil {
			t.Fatal(err)
		}
		errs := onBoth(a, b, n, func(db *DB, _, _ int) error {
			return db.UpdateOTPCode(ctx, key, func(cur *domain.OTPCode) (*domain.OTPCode, error) {
				next := *cur
				next.Attempts++
				return &next, nil
			})
		})
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		var got int
		if err := b.UpdateOTPCode(ctx, key, func(cur *domain.OTPCode) (*domain.OTPCode, error) {
			got = cur.Attempts
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
		if got != 2*n {
			t.Fatalf("%d tries counted of %d", got, 2*n)
		}
	})
	t.Run("versions of one form from both hosts form one chain", func(t *testing.T) {
		f := createFormSeen(t, a, b, "زنجیره")
		errs := onBoth(a, b, n, func(db *DB, h, i int) error {
			return db.Update(ctx, func(tx domain.FormTx) error {
				g, err := tx.GetForm(1, f.ID)
				if err != nil {
					return err
				}
				st := g.State()
				st.Title = fmt.Sprintf("host %d call %d", h, i)
				_, err = tx.CommitVersion(1, f.ID, st, domain.VersionMeta{Source: domain.SourcePlanner, CreatedBy: 7})
				return err
			})
		})
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		versions, err := a.ListVersions(ctx, 1, f.ID, 100, 0)
		if err != nil || len(versions) != 2*n+1 {
			t.Fatalf("%d versions, %v", len(versions), err)
		}
		// Newest first: each version's parent is the one before it.
		for i := 0; i+1 < len(versions); i++ {
			if versions[i].Seq != versions[i+1].Seq+1 || versions[i].ParentVersionID == nil || *versions[i].ParentVersionID != versions[i+1].ID {
				t.Fatalf("version %d (seq %d) does not follow %d", versions[i].ID, versions[i].Seq, versions[i+1].ID)
			}
		}
		g, _ := b.GetForm(ctx, 1, f.ID)
		if g.HeadVersionID != versions[0].ID || g.Title != versions[0].State.Title {
			t.Fatalf("head %d %q, newest %d %q", g.HeadVersionID, g.Title, versions[0].ID, versions[0].State.Title)
		}
	})

	t.Run("one undo token is used once across hosts", func(t *testing.T) {
		f := createFormSeen(t, a, b, "بازگردانی")
		entry := &domain.AuditEntry{ReqID: "r", Actor: 7, Action: "test", FormID: &f.ID, UndoTokenHash: "undo-hash"}
		if err := a.Update(ctx, func(tx domain.FormTx) error { return tx.InsertAudit(1, entry) }); err != nil {
			t.Fatal(err)
		}
		errs := onBoth(a, b, n, func(db *DB, _, _ int) error {
			return db.Update(ctx, func(tx domain.FormTx) error {
				e, err := tx.AuditByTokenHash(1, "undo-hash")
				if err != nil {
					return err
				}
				return tx.MarkUndone(e.ID, 7)
			})
		})
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !(domain.ErrorCode(err) == domain.CodeAlreadyUndone):
				t.Fatal(err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d undos succeeded, want 1", ok)
		}
	})

	t.Run("a unique answer is kept once across hosts", func(t *testing.T) {
		f := createFormSeen(t, a, b, "یکتا")
		errs := onBoth(a, b, n, func(db *DB, _, _ int) error {
			return db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
				s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte("[]")}
				if err := tx.InsertSubmission(s, ""); err != nil {
					return err
				}
				taken, err := tx.ClaimUniqueAnswers(s, []domain.UniqueClaim{{Field: "nc", Hash: "same"}})
				if err == nil && len(taken) > 0 {
					return domain.Errorf(domain.CodeInvalidSubmission, "taken", "taken")
				}
				return err
			})
		})
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !(domain.ErrorCode(err) == domain.CodeInvalidSubmission):
				t.Fatal(err)
			}
		}
		if kept, _ := a.KeptSubmissions(ctx, f.ID); ok != 1 || kept != 1 {
			t.Fatalf("%d accepted, %d kept; want 1 and 1", ok, kept)
		}
	})

	t.Run("an idempotency key stores one submission across hosts", func(t *testing.T) {
		f := createFormSeen(t, a, b, "تکرار")
		ids := make([]int64, 2*n)
		errs := onBoth(a, b, n, func(db *DB, h, i int) error {
			return db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
				if s, err := tx.SubmissionByIdempotencyKey(f.ID, "key-1"); err != nil || s != nil {
					if s != nil {
						ids[h*n+i] = s.ID
					}
					return err
				}
				s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", IdempotencyKey: "key-1", AnswersSHA: "x", Answers: []byte("[]")}
				err := tx.InsertSubmission(s, "")
				ids[h*n+i] = s.ID
				return err
			})
		})
		for i, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
			if ids[i] != ids[0] || ids[0] == 0 {
				t.Fatalf("calls got submissions %v", ids)
			}
		}
	})

	t.Run("a form's limit holds across hosts", func(t *testing.T) {
		f := createFormSeen(t, a, b, "ظرفیت")
		const limit = 5
		errs := onBoth(a, b, n, func(db *DB, _, _ int) error {
			return db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
				kept, err := tx.CountSubmissions(f.ID)
				if err != nil {
					return err
				}
				if kept >= limit {
					return domain.Errorf(domain.CodeConflict, "full", "full")
				}
				s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte("[]")}
				return tx.InsertSubmission(s, "")
			})
		})
		full := 0
		for _, err := range errs {
			if err != nil {
				if !(domain.ErrorCode(err) == domain.CodeConflict) {
					t.Fatal(err)
				}
				full++
			}
		}
		if kept, _ := b.KeptSubmissions(ctx, f.ID); kept != limit || full != 2*n-limit {
			t.Fatalf("%d kept, %d refused; want %d and %d", kept, full, limit, 2*n-limit)
		}
	})

	t.Run("the rollup counts each submission once while both hosts write", func(t *testing.T) {
		f := createFormSeen(t, a, b, "شمارش")
		answers := `[{"field":"q","value":"x"}]`
		factsOfAnswers[answers] = []domain.AnswerFact{{Field: "q", Key: "x"}}
		// A call whose every run was aborted by the other host's (on
		// Galera, where every submission of the form updates its day's
		// row) ends as CONFLICT with nothing saved; the results worker
		// then counts in its next round, and the respondent sends again.
		stop := make(chan struct{})
		rolled := make(chan error, 1)
		go func() {
			for {
				select {
				case <-stop:
					rolled <- nil
					return
				default:
				}
				if _, err := b.RollUpAnswers(ctx, 3, func(raw []byte) ([]domain.AnswerFact, error) { return factsOfAnswers[string(raw)], nil }); err != nil && domain.ErrorCode(err) != domain.CodeConflict {
					rolled <- err
					return
				}
			}
		}()
		errs := onBoth(a, b, 3*n, func(db *DB, _, _ int) error {
			return db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
				s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte(answers)}
				return tx.InsertSubmission(s, "")
			})
		})
		close(stop)
		if err := <-rolled; err != nil {
			t.Fatal(err)
		}
		saved := 0
		for _, err := range errs {
			switch {
			case err == nil:
				saved++
			case domain.ErrorCode(err) != domain.CodeConflict:
				t.Fatal(err)
			}
		}
		if kept, _ := a.KeptSubmissions(ctx, f.ID); kept != int64(saved) || saved == 0 {
			t.Fatalf("%d kept, %d saved", kept, saved)
		}
		rollUp(t, a)
		counts, err := a.SumAnswerCounts(ctx, f.ID, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if len(counts) != 1 || counts[0].Count != int64(saved) {
			t.Fatalf("counts %+v, want one key counted %d times", counts, saved)
		}
	})

	t.Run("outbox entries are claimed by one host at a time, and taken over after the lease", func(t *testing.T) {
		f := createFormSeen(t, a, b, "وب‌هوک")
		var entries []*domain.OutboxEntry
		for i := range 40 {
			entries = append(entries, &domain.OutboxEntry{SiteID: 1, FormID: f.ID, SubmissionID: int64(i + 1), URL: "https://example.com/h", Payload: []byte(`{}`)})
		}
		if err := a.Update(ctx, func(tx domain.FormTx) error { return tx.(*Tx).EnqueueWebhooks(entries...) }); err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		claimed := map[int64]int{}
		errs := onBoth(a, b, 4, func(db *DB, _, _ int) error {
			for range 10 {
				got, err := db.ClaimWebhooks(ctx, 3, time.Hour)
				if err != nil {
					return err
				}
				mu.Lock()
				for _, e := range got {
					claimed[e.ID]++
				}
				mu.Unlock()
			}
			return nil
		})
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if len(claimed) != len(entries) {
			t.Fatalf("%d of %d entries claimed", len(claimed), len(entries))
		}
		for id, times := range claimed {
			if times != 1 {
				t.Fatalf("entry %d claimed %d times within its lease", id, times)
			}
		}
		// Host A claims one more with a short lease and dies; host B
		// takes it over once the lease has run out.
		late := &domain.OutboxEntry{SiteID: 1, FormID: f.ID, SubmissionID: 99, URL: "https://example.com/h", Payload: []byte(`{}`)}
		if err := a.Update(ctx, func(tx domain.FormTx) error { return tx.(*Tx).EnqueueWebhooks(late) }); err != nil {
			t.Fatal(err)
		}
		const lease = 4 * time.Second
		claimedAt := time.Now()
		got, err := a.ClaimWebhooks(ctx, 5, lease)
		if err != nil || len(got) != 1 || got[0].ID != late.ID {
			t.Fatalf("host A's claim: %+v %v", got, err)
		}
		got, _ = b.ClaimWebhooks(ctx, 5, time.Hour)
		if len(got) != 0 && time.Since(claimedAt) < lease {
			t.Fatalf("host B took a leased entry: %+v", got)
		}
		// Times are kept to the second: a second more than the lease.
		time.Sleep(time.Until(claimedAt.Add(lease + 1100*time.Millisecond)))
		got, err = b.ClaimWebhooks(ctx, 5, time.Hour)
		if err != nil || len(got) != 1 || got[0].ID != late.ID || got[0].Attempts != 2 {
			t.Fatalf("host B's takeover: %+v %v", got, err)
		}
	})

	t.Run("notifications are claimed by one host at a time", func(t *testing.T) {
		f := createFormSeen(t, a, b, "اعلان")
		var owed []*domain.Notification
		for i := range 40 {
			owed = append(owed, note(1, f.ID, int64(i+1), domain.ChannelSMS, fmt.Sprintf("0912%07d", i)))
		}
		enqueueNotes(t, a, domain.NotificationLimits{}, owed...)
		var mu sync.Mutex
		claimed := map[int64]int{}
		errs := onBoth(a, b, 4, func(db *DB, _, _ int) error {
			for range 10 {
				got, err := db.ClaimNotifications(ctx, domain.ChannelSMS, 0, 3, time.Hour)
				if err != nil {
					return err
				}
				mu.Lock()
				for _, e := range got {
					claimed[e.ID]++
					if e.Attempts != 1 {
						mu.Unlock()
						return fmt.Errorf("delivery %d claimed with %d attempts", e.ID, e.Attempts)
					}
				}
				mu.Unlock()
			}
			return nil
		})
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if len(claimed) != len(owed) {
			t.Fatalf("%d of %d deliveries claimed", len(claimed), len(owed))
		}
		for id, times := range claimed {
			if times != 1 {
				t.Fatalf("delivery %d claimed %d times within its lease", id, times)
			}
		}
	})

	t.Run("a budget is one across hosts", func(t *testing.T) {
		const budget = 5
		la := limit.New(budget, nil).Share(a, "test_client")
		lb := limit.New(budget, nil).Share(b, "test_client")
		var mu sync.Mutex
		admitted, refused := 0, 0
		onBoth(a, b, n, func(db *DB, h, _ int) error {
			l := la
			if h == 1 {
				l = lb
			}
			ok, wait := l.Allow(42)
			mu.Lock()
			defer mu.Unlock()
			if ok {
				admitted++
			} else if wait >= time.Second && wait <= limit.Window {
				refused++
			}
			return nil
		})
		if admitted != budget || refused != 2*n-budget {
			t.Fatalf("%d admitted, %d refused with a wait; want %d and %d", admitted, refused, budget, 2*n-budget)
		}
		if ok, _ := la.Allow(43); !ok {
			t.Fatal("another key shares the first one's budget")
		}
		lb.Undo(42)
		if ok, _ := la.Allow(42); !ok {
			t.Fatal("a slot given back on one host is not free on the other")
		}
		if ok, _ := lb.Allow(42); ok {
			t.Fatal("the budget was exceeded after a slot was given back and taken")
		}
	})

	t.Run("a host whose store fails keeps its own window", func(t *testing.T) {
		l := limit.New(2, nil).Share(closedStore(t), "test_client")
		if ok, _ := l.Allow(1); !ok {
			t.Fatal("first call refused")
		}
		if ok, _ := l.Allow(1); !ok {
			t.Fatal("second call refused")
		}
		if ok, _ := l.Allow(1); ok {
			t.Fatal("the local window let a third call through")
		}
	})

	t.Run("a byte budget is one across hosts", func(t *testing.T) {
		// Each host's own bucket would take all 2n spends of 100.
		const per = 2 * n * 100
		ba := limit.NewBudget(per, time.Hour, 16).Share(a, "test_bytes")
		bb := limit.NewBudget(per, time.Hour, 16).Share(b, "test_bytes")
		now := time.Now()
		for i, b := range []*limit.Budget{ba, bb} {
			if ok, _ := b.Spend(42, per/4, now); !ok {
				t.Fatalf("a quarter of the budget refused on web%d", i+1)
			}
		}
		var mu sync.Mutex
		spent, refused := 0, 0
		onBoth(a, b, n, func(_ *DB, h, _ int) error {
			ok, wait := []*limit.Budget{ba, bb}[h].Spend(42, 100, now)
			mu.Lock()
			defer mu.Unlock()
			if ok {
				spent++
			} else if wait >= time.Second && wait <= time.Hour {
				refused++
			}
			return nil
		})
		// Half the budget was spent, half is left: n spends of 100.
		if spent != n || refused != n {
			t.Fatalf("%d spent, %d refused with a wait; want %d and %d", spent, refused, n, n)
		}
		if ok, _ := ba.Spend(43, per, now); !ok {
			t.Fatal("another key shares the first one's budget")
		}
	})

	t.Run("a host whose store fails keeps its own byte budget", func(t *testing.T) {
		b := limit.NewBudget(1000, time.Hour, 16).Share(closedStore(t), "test_bytes")
		now := time.Now()
		if ok, _ := b.Spend(1, 1000, now); !ok {
			t.Fatal("the host's whole budget refused")
		}
		if ok, wait := b.Spend(1, 1, now); ok || wait < time.Second {
			t.Fatalf("the host's own budget let a byte past it: %v, wait %v", ok, wait)
		}
	})

	t.Run("a restarting host fails only its own jobs", func(t *testing.T) {
		f := createFormSeen(t, a, b, "کار")
		for _, h := range []struct {
			db  *DB
			req string
		}{{a, "job-a"}, {b, "job-b"}} {
			j := &domain.Job{ReqID: h.req, Actor: 7, FormID: f.ID, Intent: "x", Status: "running"}
			if err := h.db.Update(ctx, func(tx domain.FormTx) error { return tx.PutJob(1, j) }); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := a.FailRunningJobs(ctx); err != nil || n != 1 {
			t.Fatalf("host A failed %d jobs, %v", n, err)
		}
		ja, _ := b.GetJob(ctx, 1, "job-a")
		jb, _ := b.GetJob(ctx, 1, "job-b")
		if ja.Status != "failed" || jb.Status != "running" {
			t.Fatalf("job-a %s, job-b %s", ja.Status, jb.Status)
		}
	})
}
