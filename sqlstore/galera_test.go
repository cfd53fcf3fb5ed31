package sqlstore

import (
	"context"
	"strconv"
	"testing"

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
