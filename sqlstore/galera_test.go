package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// galeraHosts opens one database of the test Galera cluster through each
// of its nodes, as the daemons of two web hosts do when each points at a
// node of its own.
func galeraHosts(t testing.TB) (a, b *DB, cluster *mariadbtest.Cluster) {
	t.Helper()
	cluster = mariadbtest.StartGalera(t)
	dbs := mariadbtest.CreateGalera(t)
	var err error
	if a, err = Open(context.Background(), dbs[0].Address("arsh_", true), Options{Host: "web1"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if b, err = Open(context.Background(), dbs[1].Address("arsh_", true), Options{Host: "web2"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b, cluster
}

// TestGaleraCluster: the store on a Galera cluster of two nodes, set as
// docs/OPERATIONS.md asks.
func TestGaleraCluster(t *testing.T) {
	sqliteOnly(t) // starts the cluster itself
	ctx := context.Background()
	cluster := mariadbtest.StartGalera(t)
	node1, node2 := cluster.Nodes[0], cluster.Nodes[1]

	t.Run("the cluster is synced and steps ids by its size", func(t *testing.T) {
		for _, n := range cluster.Nodes {
			if got := n.Status(t, "wsrep_local_state_comment"); got != "Synced" {
				t.Fatalf("%s is %s", n.Name, got)
			}
			if got := n.StatusInt(t, "wsrep_cluster_size"); got != mariadbtest.GaleraNodes {
				t.Fatalf("%s sees %d nodes", n.Name, got)
			}
			if got := n.Query(t, "SELECT @@auto_increment_increment"); got != strconv.Itoa(mariadbtest.GaleraNodes) {
				t.Fatalf("%s: auto_increment_increment %s", n.Name, got)
			}
		}
		if node1.Query(t, "SELECT @@auto_increment_offset") == node2.Query(t, "SELECT @@auto_increment_offset") {
			t.Fatal("both nodes hand out ids of one offset")
		}
	})

	t.Run("the store finds nothing to warn about on a cluster set as the docs ask", func(t *testing.T) {
		a, b, _ := galeraHosts(t)
		for _, db := range []*DB{a, b} {
			if w, err := db.ServerWarnings(ctx); err != nil || len(w) != 0 {
				t.Fatalf("%v, %v", w, err)
			}
		}
		node2.Exec(t, "SET GLOBAL wsrep_sync_wait = 0")
		defer node2.Exec(t, "SET GLOBAL wsrep_sync_wait = 1")
		w, err := b.ServerWarnings(ctx)
		if err != nil || len(w) != 1 || !strings.Contains(w[0], "wsrep_sync_wait") {
			t.Fatalf("node 2 without wsrep_sync_wait: %v, %v", w, err)
		}
	})

	t.Run("migrations run through node 1 are on node 2", func(t *testing.T) {
		dbs := mariadbtest.CreateGalera(t)
		a, err := Open(ctx, dbs[0].Address("arsh_", true), Options{Host: "web1"})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		names, err := MigrationNames()
		if err != nil {
			t.Fatal(err)
		}
		q := "SELECT count(*) FROM " + dbs[0].Name + ".arsh_schema_migrations"
		if got := node2.Query(t, q); got != strconv.Itoa(len(names)) {
			t.Fatalf("node 2 has %s migrations recorded, want %d", got, len(names))
		}
		for _, table := range StoreTables() {
			if got := node2.Query(t, "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?", dbs[0].Name, "arsh_"+table); got != "1" {
				t.Fatalf("node 2 lacks %s", table)
			}
		}
		b, err := Open(ctx, dbs[1].Address("arsh_", true), Options{Host: "web2"})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		f := createForm(t, a, "از گره یک")
		g, err := b.GetForm(ctx, 1, f.ID)
		if err != nil || g.Title != "از گره یک" {
			t.Fatalf("node 2 reads %+v, %v", g, err)
		}
	})
}

// openTogether opens a store at each of addrs at once, as hosts started
// together after an upgrade do, and checks that the database was
// migrated once, every migration recorded, and the lease let go.
func openTogether(t *testing.T, addrs []string) {
	t.Helper()
	errs := make([]error, len(addrs))
	dbs := make([]*DB, len(addrs))
	var wg sync.WaitGroup
	for i, addr := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dbs[i], errs[i] = Open(context.Background(), addr, Options{Host: fmt.Sprintf("web%d", i+1)})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("host %d: %v", i+1, err)
		}
		defer dbs[i].Close()
	}
	names, err := MigrationNames()
	if err != nil {
		t.Fatal(err)
	}
	for i, db := range dbs {
		var n int
		var held int64
		if err := db.write.Get(&n, "SELECT count(*) FROM schema_migrations"); err != nil || n != len(names) {
			t.Fatalf("host %d sees %d migrations recorded, %v; want %d", i+1, n, err, len(names))
		}
		if err := db.write.Get(&held, "SELECT held_until FROM schema_lock WHERE name = 'migrate'"); err != nil || held != 0 {
			t.Fatalf("the migration lease is held until %d, %v", held, err)
		}
		var fks int
		if err := db.write.Get(&fks, `SELECT count(*) FROM information_schema.referential_constraints
			WHERE constraint_schema = DATABASE() AND table_name = 'arsh_forms'`); err != nil || fks != 1 {
			t.Fatalf("forms has %d foreign keys, %v; want 1", fks, err)
		}
	}
}

// TestHostsMigrateTogether: hosts opening a new database at once take
// turns through the migration lease, on one server and through two nodes
// of a Galera cluster (where a named lock would hold on one node only).
func TestHostsMigrateTogether(t *testing.T) {
	sqliteOnly(t) // opens the servers itself
	t.Run("one server", func(t *testing.T) {
		for range 2 {
			d := mariadbtest.Create(t)
			openTogether(t, []string{d.Address("arsh_", true), d.Address("arsh_", true)})
		}
	})
	t.Run("a lease left by a host that died is taken once it runs out", func(t *testing.T) {
		d := mariadbtest.Create(t)
		addr := d.Address("arsh_", true)
		db, err := Open(context.Background(), addr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		// The newest migration is pending again (each statement is
		// checked against the schema, so it is applied again as if cut
		// short), and a host that died holds the lease for 1.5 s more.
		names, _ := MigrationNames()
		const held = 1500 * time.Millisecond
		for _, q := range []string{"DELETE FROM schema_migrations WHERE version = '" + names[len(names)-1] + "'",
			fmt.Sprintf("UPDATE schema_lock SET holder = 'web9 dead', held_until = %d", time.Now().Add(held).UnixMicro())} {
			if _, err := db.write.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
		start := time.Now()
		openTogether(t, []string{addr})
		if d := time.Since(start); d < held-100*time.Millisecond {
			t.Fatalf("migrated after %v, while the dead host's lease ran", d)
		}
	})
	t.Run("two Galera nodes", func(t *testing.T) {
		for range 2 {
			dbs := mariadbtest.CreateGalera(t)
			openTogether(t, []string{dbs[0].Address("arsh_", true), dbs[1].Address("arsh_", true)})
		}
	})
}

// aborts is how many transactions the cluster's nodes have refused at
// certification or aborted for a write replicated from another node.
func aborts(t *testing.T, c *mariadbtest.Cluster) int64 {
	t.Helper()
	var n int64
	for _, node := range c.Nodes {
		n += node.StatusInt(t, "wsrep_local_cert_failures") + node.StatusInt(t, "wsrep_local_bf_aborts")
	}
	return n
}

// collide runs one Update on each of a and b at once. The first run of
// each does read, then waits for the other's read before it writes: two
// transactions on the same rows are in flight through two nodes at
// once, which row locks cannot prevent (SELECT … FOR UPDATE locks only
// on its own node), so the cluster certifies the first to commit and
// aborts the other, which runs again from its start. runs counts each
// host's runs.
func collide(ctx context.Context, a, b *DB, read func(tx *Tx) error, write func(tx *Tx, host int) error) (errs [2]error, runs [2]int) {
	var wg sync.WaitGroup
	arrived := make(chan struct{}, 2)
	both := make(chan struct{})
	go func() {
		<-arrived
		<-arrived
		close(both)
	}()
	for h, db := range []*DB{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first := true
			errs[h] = db.Update(ctx, func(ftx domain.FormTx) error {
				tx := ftx.(*Tx)
				runs[h]++
				if err := read(tx); err != nil {
					return err
				}
				if first {
					first = false
					arrived <- struct{}{}
					select {
					case <-both:
					case <-time.After(10 * time.Second):
						return errors.New("the other host never read")
					}
				}
				return write(tx, h)
			})
		}()
	}
	wg.Wait()
	return errs, runs
}

// TestGaleraConflicts: the same rows changed at once through the two
// nodes of a Galera cluster. Each call ends done once, or refused as it
// would be on one server, or as CONFLICT when its every run was
// aborted; nothing is lost or done twice.
func TestGaleraConflicts(t *testing.T) {
	sqliteOnly(t) // starts the cluster itself
	ctx := context.Background()
	a, b, cluster := galeraHosts(t)

	t.Run("a form's head: the aborted host builds on the winner's version", func(t *testing.T) {
		f := createFormSeen(t, a, b, "سر فرم")
		before, retries := aborts(t, cluster), a.Retries()+b.Retries()
		errs, runs := collide(ctx, a, b, func(tx *Tx) error {
			_, err := tx.GetForm(1, f.ID)
			return err
		}, func(tx *Tx, h int) error {
			g, err := tx.GetForm(1, f.ID)
			if err != nil {
				return err
			}
			st := g.State()
			st.Title = fmt.Sprintf("host %d", h)
			_, err = tx.CommitVersion(1, f.ID, st, domain.VersionMeta{Source: domain.SourcePlanner, CreatedBy: 7})
			return err
		})
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("%v / %v", errs[0], errs[1])
		}
		if runs[0]+runs[1] < 3 || a.Retries()+b.Retries() <= retries || aborts(t, cluster) <= before {
			t.Fatalf("runs %v: no transaction was aborted", runs)
		}
		versions, err := b.ListVersions(ctx, 1, f.ID, 10, 0)
		if err != nil || len(versions) != 3 {
			t.Fatalf("%d versions, %v; want the first and one of each host", len(versions), err)
		}
		for i := 0; i+1 < len(versions); i++ {
			if versions[i].Seq != versions[i+1].Seq+1 || versions[i].ParentVersionID == nil || *versions[i].ParentVersionID != versions[i+1].ID {
				t.Fatalf("version %d (seq %d) does not follow %d", versions[i].ID, versions[i].Seq, versions[i+1].ID)
			}
		}
		if versions[0].State.Title == versions[1].State.Title {
			t.Fatalf("one host's change is lost: %q twice", versions[0].State.Title)
		}
		g, _ := a.GetForm(ctx, 1, f.ID)
		if g.HeadVersionID != versions[0].ID {
			t.Fatalf("head %d, newest version %d", g.HeadVersionID, versions[0].ID)
		}
	})

	t.Run("an undo token: used once, the aborted host finds it used", func(t *testing.T) {
		f := createFormSeen(t, a, b, "بازگردانی")
		entry := &domain.AuditEntry{ReqID: "r2", Actor: 7, Action: "test", FormID: &f.ID, UndoTokenHash: "galera-undo-2"}
		if err := a.Update(ctx, func(tx domain.FormTx) error { return tx.InsertAudit(1, entry) }); err != nil {
			t.Fatal(err)
		}
		// Both read the row before either marks it: on one server the
		// second read would wait for the first's lock.
		errs, runs := collide(ctx, a, b, func(tx *Tx) error {
			_, err := tx.AuditByTokenHash(1, "galera-undo-2")
			return err
		}, func(tx *Tx, h int) error {
			e, err := tx.AuditByTokenHash(1, "galera-undo-2")
			if err != nil {
				return err
			}
			return tx.MarkUndone(e.ID, int64(h+1))
		})
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if domain.ErrorCode(err) != domain.CodeAlreadyUndone {
				t.Fatal(err)
			}
		}
		if ok != 1 || runs[0]+runs[1] < 3 {
			t.Fatalf("%d undone, runs %v; want 1 and an aborted run", ok, runs)
		}
	})

	// Claims, slots and starts go through public calls, which leave no
	// room to wait between their read and their write: both hosts call
	// at once, round after round, until the cluster has aborted one of
	// their transactions, and each round must keep the rule.
	untilAborted := func(t *testing.T, round func(t *testing.T, i int)) {
		t.Helper()
		for i := range 20 {
			before := a.Retries() + b.Retries()
			round(t, i)
			if t.Failed() || a.Retries()+b.Retries() > before {
				return
			}
		}
		t.Fatal("20 rounds and no transaction aborted: no conflict was forced")
	}
	// conflictOrNil fails t on an error other than CONFLICT, the answer
	// of a call whose every run was aborted.
	conflictOrNil := func(t *testing.T, errs []error) (conflicts int) {
		t.Helper()
		for _, err := range errs {
			if err != nil {
				if domain.ErrorCode(err) != domain.CodeConflict {
					t.Fatal(err)
				}
				conflicts++
			}
		}
		return conflicts
	}

	t.Run("outbox claims through both nodes: each delivery claimed once", func(t *testing.T) {
		f := createFormSeen(t, a, b, "وب‌هوک")
		claimed := map[int64]int{}
		var mu sync.Mutex
		untilAborted(t, func(t *testing.T, i int) {
			var entries []*domain.OutboxEntry
			for k := range 8 {
				entries = append(entries, &domain.OutboxEntry{SiteID: 1, FormID: f.ID, SubmissionID: int64(100*i + k + 1), URL: "https://example.com/h", Payload: []byte(`{}`)})
			}
			if err := a.Update(ctx, func(tx domain.FormTx) error { return tx.(*Tx).EnqueueWebhooks(entries...) }); err != nil {
				t.Fatal(err)
			}
			take := func(db *DB) error {
				got, err := db.ClaimWebhooks(ctx, 3, time.Hour)
				mu.Lock()
				defer mu.Unlock()
				for _, e := range got {
					claimed[e.ID]++
					if e.Attempts != 1 {
						return fmt.Errorf("delivery %d claimed with %d attempts", e.ID, e.Attempts)
					}
				}
				return err
			}
			conflictOrNil(t, onBoth(a, b, 3, func(db *DB, _, _ int) error { return take(db) }))
			// What the round left is claimed by one host alone.
			if err := take(b); err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if claimed[e.ID] != 1 {
					t.Fatalf("delivery %d claimed %d times", e.ID, claimed[e.ID])
				}
			}
		})
	})

	t.Run("a rate window's slots through both nodes: the budget holds", func(t *testing.T) {
		const budget = 3
		untilAborted(t, func(t *testing.T, i int) {
			var mu sync.Mutex
			admitted, refused := 0, 0
			errs := onBoth(a, b, 4, func(db *DB, _, _ int) error {
				ok, wait, err := db.TakeWindowSlot(ctx, "galera_test", int64(i), budget, time.Minute)
				mu.Lock()
				defer mu.Unlock()
				if err == nil && ok {
					admitted++
				} else if err == nil && wait > 0 {
					refused++
				}
				return err
			})
			conflicts := conflictOrNil(t, errs)
			if admitted > budget || (refused > 0 && admitted != budget) || admitted+refused+conflicts != 8 {
				t.Fatalf("%d admitted, %d refused, %d conflicts; budget %d", admitted, refused, conflicts, budget)
			}
			var rows int
			if err := a.write.Get(&rows, "SELECT count(*) FROM rate_windows WHERE scope = 'galera_test' AND `key` = ?", i); err != nil || rows != admitted {
				t.Fatalf("%d slots recorded for %d admitted calls, %v", rows, admitted, err)
			}
		})
	})

	t.Run("a budget through both nodes' limiters is one", func(t *testing.T) {
		const budget = 5
		la := limit.New(budget, nil).Share(a, "galera_client")
		lb := limit.New(budget, nil).Share(b, "galera_client")
		untilAborted(t, func(t *testing.T, i int) {
			var mu sync.Mutex
			admitted := 0
			onBoth(a, b, 6, func(db *DB, h, _ int) error {
				l := la
				if h == 1 {
					l = lb
				}
				ok, _ := l.Allow(int64(i))
				mu.Lock()
				defer mu.Unlock()
				if ok {
					admitted++
				}
				return nil
			})
			if admitted > budget || admitted == 0 {
				t.Fatalf("%d admitted of a budget of %d", admitted, budget)
			}
		})
	})

	t.Run("Hosha2 jobs started through both nodes: the cap holds", func(t *testing.T) {
		f := createFormSeen(t, a, b, "کار")
		const most = 2
		untilAborted(t, func(t *testing.T, i int) {
			var mu sync.Mutex
			started, refused := 0, 0
			errs := onBoth(a, b, 3, func(db *DB, h, k int) error {
				j := &domain.Job{ReqID: fmt.Sprintf("galera-%d-%d-%d", i, h, k), Actor: 7, FormID: f.ID, Intent: "x", Status: "running"}
				ok, err := db.StartJobCapped(ctx, 1, j, most, 10*time.Minute)
				mu.Lock()
				defer mu.Unlock()
				if err == nil && ok {
					started++
				} else if err == nil {
					refused++
				}
				return err
			})
			conflicts := conflictOrNil(t, errs)
			var running int
			if err := a.write.Get(&running, "SELECT count(*) FROM jobs WHERE status IN ('queued', 'running')"); err != nil {
				t.Fatal(err)
			}
			if started > most || (refused > 0 && started != most) || running != started || started+refused+conflicts != 6 {
				t.Fatalf("%d started, %d refused, %d conflicts, %d running; cap %d", started, refused, conflicts, running, most)
			}
			if _, err := a.write.Exec("UPDATE jobs SET status = 'failed' WHERE status IN ('queued', 'running')"); err != nil {
				t.Fatal(err)
			}
		})
	})

	t.Run("ids and tracking codes from both nodes are unique", func(t *testing.T) {
		f := createFormSeen(t, a, b, "شناسه")
		var mu sync.Mutex
		ids, codes := map[int64]bool{}, map[string]bool{}
		errs := onBoth(a, b, 10, func(db *DB, _, _ int) error {
			s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte("[]")}
			err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") })
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				if ids[s.ID] || codes[s.TrackingCode] {
					return fmt.Errorf("submission %d (%s) handed out twice", s.ID, s.TrackingCode)
				}
				ids[s.ID], codes[s.TrackingCode] = true, true
			}
			return err
		})
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if kept, _ := b.KeptSubmissions(ctx, f.ID); kept != 20 || len(ids) != 20 {
			t.Fatalf("%d kept, %d ids; want 20", kept, len(ids))
		}
	})

	node2 := cluster.Nodes[1]
	reject := func(t *testing.T, mode string) {
		node2.Exec(t, "SET GLOBAL wsrep_reject_queries = "+mode)
	}
	t.Run("a node not ready for a moment (error 1047): the call runs again and commits", func(t *testing.T) {
		t.Cleanup(func() { reject(t, "NONE") })
		reject(t, "ALL")
		runs := 0
		var first error
		err := b.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			runs++
			if runs == 2 {
				// The node is ready again while the call waits to run
				// again.
				reject(t, "NONE")
			}
			_, err := tx.tx.ExecContext(tx.ctx, "INSERT INTO settings (name, value) VALUES ('galera_ready', 'x')")
			if runs == 1 {
				first = err
			}
			return err
		})
		if mysqlErrno(first) != erWsrepNotReady {
			t.Fatalf("the first run's error: %v; want 1047", first)
		}
		if err != nil || runs != 2 {
			t.Fatalf("%d runs, %v", runs, err)
		}
		var n int
		if err := a.write.Get(&n, "SELECT count(*) FROM settings WHERE name = 'galera_ready'"); err != nil || n != 1 {
			t.Fatalf("%d rows through node 1, %v", n, err)
		}
	})
	t.Run("a node not ready fails the health ping, which a query reading no table would pass, and reads (UNAVAILABLE)", func(t *testing.T) {
		t.Cleanup(func() { reject(t, "NONE") })
		if err := b.Ping(ctx); err != nil {
			t.Fatal(err)
		}
		reject(t, "ALL")
		if err := b.Ping(ctx); mysqlErrno(err) != erWsrepNotReady {
			t.Fatalf("ping through a node not ready: %v", err)
		}
		if _, err := b.GetForm(ctx, 1, 1); domain.ErrorCode(err) != domain.CodeUnavailable || mysqlErrno(err) != erWsrepNotReady {
			t.Fatalf("a read through a node not ready: %v; want UNAVAILABLE (1047)", err)
		}
		var one int
		if err := b.reads.GetContext(ctx, &one, "SELECT 1"); err != nil {
			t.Fatalf("the node refused a query reading no table too (%v): the ping's table proves nothing", err)
		}
		reject(t, "NONE")
		if err := b.Ping(ctx); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a node that stays not ready: UNAVAILABLE after the bounded runs", func(t *testing.T) {
		t.Cleanup(func() { reject(t, "NONE") })
		reject(t, "ALL")
		runs := 0
		start := time.Now()
		err := b.Update(ctx, func(ftx domain.FormTx) error {
			tx := ftx.(*Tx)
			runs++
			_, err := tx.tx.ExecContext(tx.ctx, "INSERT INTO settings (name, value) VALUES ('galera_never', 'x')")
			return err
		})
		if domain.ErrorCode(err) != domain.CodeUnavailable || mysqlErrno(err) != erWsrepNotReady || runs != maxAttempts {
			t.Fatalf("%d runs, %v; want UNAVAILABLE (1047) after %d", runs, err, maxAttempts)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("gave up after %v", d)
		}
		reject(t, "NONE")
		var n int
		if err := a.write.Get(&n, "SELECT count(*) FROM settings WHERE name = 'galera_never'"); err != nil || n != 0 {
			t.Fatalf("%d rows, %v: a refused call wrote", n, err)
		}
	})
}

// BenchmarkGaleraSubmissions: submissions through both nodes at once,
// to one form (each adds to the form's row of the day, which the two
// nodes then fight over) and to a form per host. Besides the time, the
// transactions run again and the calls that ended CONFLICT, per
// submission.
func BenchmarkGaleraSubmissions(b *testing.B) {
	sqliteOnly(b) // starts the cluster itself
	ctx := context.Background()
	for _, oneForm := range []bool{true, false} {
		name := "a form per host"
		if oneForm {
			name = "one form"
		}
		b.Run(name, func(b *testing.B) {
			a, c, _ := galeraHosts(b)
			forms := []*domain.Form{createFormSeen(b, a, c, "یک"), createFormSeen(b, c, a, "دو")}
			if oneForm {
				forms[1] = forms[0]
			}
			var conflicts, next atomic.Int64
			retries := a.Retries() + c.Retries()
			b.SetParallelism(4)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				h := int(next.Add(1) % 2)
				db, f := []*DB{a, c}[h], forms[h]
				for pb.Next() {
					s := &domain.Submission{SiteID: 1, FormID: f.ID, VersionID: f.HeadVersionID, ClientHash: "c", AnswersSHA: "x", Answers: []byte("[]")}
					err := db.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error { return tx.InsertSubmission(s, "") })
					if domain.ErrorCode(err) == domain.CodeConflict {
						conflicts.Add(1)
					} else if err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(a.Retries()+c.Retries()-retries)/float64(b.N), "retries/op")
			b.ReportMetric(float64(conflicts.Load())/float64(b.N), "conflicts/op")
		})
	}
}
