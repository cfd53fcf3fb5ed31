package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"

	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// galeraHosts opens one database of the test Galera cluster through each
// of its nodes, as the daemons of two web hosts do when each points at a
// node of its own.
func galeraHosts(t *testing.T) (a, b *DB, cluster *mariadbtest.Cluster) {
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
		f := createForm(t, a, "سر فرم")
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
		f := createForm(t, a, "بازگردانی")
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
}
