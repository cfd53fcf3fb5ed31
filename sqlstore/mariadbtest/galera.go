package mariadbtest

import (
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// A Galera cluster for tests: GaleraNodes mariadbd servers on loopback,
// each in its own directory with its own socket and ports, joined by
// Debian's galera-4 provider, as docs/OPERATIONS.md asks a site's
// cluster to be set (binlog_format=ROW, innodb_autoinc_lock_mode=2,
// wsrep_sync_wait=1). The first node bootstraps the cluster; the others
// join it and receive its state by rsync (a state snapshot transfer), as
// a node added to a running cluster does. One cluster serves a whole
// test binary; each test gets a database of its own on it.

// GaleraNodes is the number of nodes of the test cluster.
const GaleraNodes = 2

var (
	galeraOnce sync.Once
	galera     *Cluster
	galeraErr  error
)

// Cluster is a running Galera cluster.
type Cluster struct {
	Dir   string
	Nodes []*Node
}

// Node is one mariadbd of a Cluster.
type Node struct {
	Name, Dir, Socket string
	proc              *proc
	admin             *sql.DB
}

// galeraProvider returns the path of the galera-4 provider library.
func galeraProvider() (string, error) {
	for _, p := range []string{"/usr/lib/galera/libgalera_smm.so", "/usr/lib/libgalera_smm.so", "/usr/lib64/galera-4/libgalera_smm.so", "/usr/lib64/galera/libgalera_smm.so"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("libgalera_smm.so is not installed (apt-get install galera-4)")
}

// StartGalera returns the binary's cluster, starting it on first use; t
// is skipped (or, under CI=true, failed) when mariadbd, galera-4 or
// rsync is not installed.
func StartGalera(t testing.TB) *Cluster {
	t.Helper()
	galeraOnce.Do(func() {
		// The ports are chosen free, then bound by the nodes a moment
		// later: another program may take one meanwhile, so a cluster
		// that fails to start is started once more on other ports.
		for range 2 {
			galera, galeraErr = startGalera(GaleraNodes)
			var missing *missingError
			if galeraErr == nil || errors.As(galeraErr, &missing) {
				break
			}
		}
	})
	if galeraErr != nil {
		skipOrFail(t, "Galera", galeraErr)
	}
	return galera
}

// StopGalera ends the binary's cluster, if it started one, and removes
// its directory; TestMain calls it.
func StopGalera() {
	if galera != nil {
		galera.Stop()
	}
}

// freePorts returns n TCP ports of 127.0.0.1 free now: each is held
// until all are chosen, so that none is chosen twice.
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

func startGalera(nodes int) (*Cluster, error) {
	mariadbd, err := find("mariadbd")
	if err != nil {
		return nil, &missingError{err}
	}
	install, err := find("mariadb-install-db")
	if err != nil {
		return nil, &missingError{err}
	}
	provider, err := galeraProvider()
	if err != nil {
		return nil, &missingError{err}
	}
	// The joiner's snapshot arrives through wsrep_sst_rsync, which
	// mariadbd runs from its PATH.
	for _, p := range []string{"wsrep_sst_rsync", "rsync"} {
		if _, err := exec.LookPath(p); err != nil {
			return nil, &missingError{fmt.Errorf("%s is not installed (apt-get install mariadb-server rsync)", p)}
		}
	}
	dir, err := os.MkdirTemp("", "arshline-galera-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{Dir: dir}
	// Run as root, rsync's daemon receiving a joiner's snapshot drops to
	// the nobody account: it must reach the node's data directory.
	if err := os.Chmod(dir, 0o755); err != nil {
		c.Stop()
		return nil, err
	}
	// Per node: Galera's group port, its incremental transfer port, the
	// snapshot transfer port and the server's own.
	ports, err := freePorts(4 * nodes)
	if err != nil {
		c.Stop()
		return nil, err
	}
	var members []string
	for i := range nodes {
		members = append(members, "127.0.0.1:"+strconv.Itoa(ports[4*i]))
	}
	for i := range nodes {
		name := "node" + strconv.Itoa(i+1)
		n := &Node{Name: name, Dir: filepath.Join(dir, name)}
		n.Socket = filepath.Join(n.Dir, "mysql.sock")
		c.Nodes = append(c.Nodes, n)
		data := filepath.Join(n.Dir, "data")
		if err := os.MkdirAll(data, 0o755); err != nil {
			c.Stop()
			return nil, err
		}
		if i == 0 {
			args := []string{"--no-defaults", "--datadir=" + data, "--auth-root-authentication-method=normal", "--skip-test-db"}
			if os.Geteuid() == 0 {
				args = append(args, "--user=root")
			}
			if out, err := exec.Command(install, args...).CombinedOutput(); err != nil {
				c.Stop()
				return nil, fmt.Errorf("mariadb-install-db: %v\n%s", err, out)
			}
		} else if os.Geteuid() == 0 {
			// A joiner starts empty and is filled by the snapshot.
			if err := chownNobody(data); err != nil {
				c.Stop()
				return nil, err
			}
		}
		gm, ist, sst, port := ports[4*i], ports[4*i+1], ports[4*i+2], ports[4*i+3]
		args := []string{"--no-defaults", "--datadir=" + data, "--socket=" + n.Socket,
			"--bind-address=127.0.0.1", "--port=" + strconv.Itoa(port),
			"--pid-file=" + filepath.Join(n.Dir, "mysql.pid"), "--log-error=" + filepath.Join(n.Dir, "error.log"),
			"--innodb-buffer-pool-size=64M", "--skip-log-bin", "--innodb-flush-log-at-trx-commit=1",
			"--innodb-lock-wait-timeout=5", "--max-connections=500",
			"--binlog-format=ROW", "--innodb-autoinc-lock-mode=2", "--default-storage-engine=InnoDB",
			"--wsrep-on=ON", "--wsrep-provider=" + provider,
			"--wsrep-cluster-name=arshline-test", "--wsrep-node-name=" + name,
			"--wsrep-cluster-address=gcomm://" + strings.Join(members, ","),
			"--wsrep-node-address=127.0.0.1:" + strconv.Itoa(gm),
			"--wsrep-provider-options=" + fmt.Sprintf("gmcast.listen_addr=tcp://127.0.0.1:%d;ist.recv_addr=127.0.0.1:%d;gcache.size=32M", gm, ist),
			"--wsrep-sst-method=rsync", "--wsrep-sst-receive-address=127.0.0.1:" + strconv.Itoa(sst),
			"--wsrep-sync-wait=1", "--wsrep-slave-threads=2"}
		if i == 0 {
			args = append(args, "--wsrep-new-cluster")
		}
		if os.Geteuid() == 0 {
			args = append(args, "--user=root")
		}
		if n.proc, err = spawn(mariadbd, args); err != nil {
			c.Stop()
			return nil, fmt.Errorf("mariadbd %s: %v", name, err)
		}
		if n.admin, err = rootDB(n.Socket); err != nil {
			c.Stop()
			return nil, err
		}
		if err := n.waitSynced(i + 1); err != nil {
			c.Stop()
			return nil, err
		}
	}
	return c, nil
}

// chownNobody gives path to the nobody account.
func chownNobody(path string) error {
	u, err := user.Lookup("nobody")
	if err != nil {
		return err
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return os.Chown(path, uid, gid)
}

// waitSynced waits up to two minutes for n to answer, be Synced with the
// cluster and see size nodes in it.
func (n *Node) waitSynced(size int) error {
	errorLog := filepath.Join(n.Dir, "error.log")
	if err := waitPing(n.admin, n.proc, errorLog); err != nil {
		return fmt.Errorf("%s: %w", n.Name, err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		state, err := n.status("wsrep_local_state_comment")
		got, _ := n.status("wsrep_cluster_size")
		ready, _ := n.status("wsrep_ready")
		if state == "Synced" && got == strconv.Itoa(size) && ready == "ON" {
			return nil
		}
		select {
		case <-n.proc.exited:
			log, _ := os.ReadFile(errorLog)
			return fmt.Errorf("%s ended before it was Synced in a cluster of %d:\n%s", n.Name, size, log)
		default:
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(errorLog)
			return fmt.Errorf("%s is %q in a cluster of %s (ready %s; %v), not Synced in one of %d, after two minutes:\n%s", n.Name, state, got, ready, err, size, log)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// status reads one of the node's global status variables.
func (n *Node) status(name string) (string, error) {
	var k, v string
	// SHOW takes no placeholders; name is one of the callers' own.
	err := n.admin.QueryRow("SHOW GLOBAL STATUS LIKE '"+name+"'").Scan(&k, &v)
	return v, err
}

// Status reads one of the node's global status variables
// (wsrep_local_cert_failures, wsrep_local_bf_aborts, …).
func (n *Node) Status(t testing.TB, name string) string {
	t.Helper()
	v, err := n.status(name)
	if err != nil {
		t.Fatalf("mariadbtest: %s: status %s: %v", n.Name, name, err)
	}
	return v
}

// StatusInt reads a numeric global status variable of the node.
func (n *Node) StatusInt(t testing.TB, name string) int64 {
	t.Helper()
	v, err := strconv.ParseInt(n.Status(t, name), 10, 64)
	if err != nil {
		t.Fatalf("mariadbtest: %s: status %s: %v", n.Name, name, err)
	}
	return v
}

// Exec runs a statement as the node's root.
func (n *Node) Exec(t testing.TB, query string, args ...any) {
	t.Helper()
	if _, err := n.admin.Exec(query, args...); err != nil {
		t.Fatalf("mariadbtest: %s: %s: %v", n.Name, query, err)
	}
}

// Query runs a query as the node's root and returns its one value.
func (n *Node) Query(t testing.TB, query string, args ...any) string {
	t.Helper()
	var v sql.NullString
	if err := n.admin.QueryRow(query, args...).Scan(&v); err != nil {
		t.Fatalf("mariadbtest: %s: %s: %v", n.Name, query, err)
	}
	return v.String
}

// Stop ends the nodes, the joiners first, and removes the cluster's
// directory.
func (c *Cluster) Stop() {
	for i := len(c.Nodes) - 1; i >= 0; i-- {
		n := c.Nodes[i]
		if n.admin != nil {
			n.admin.Close()
		}
		n.proc.stop()
	}
	os.RemoveAll(c.Dir)
}

// CreateGalera creates a database and its user on the cluster (through
// its first node, which replicates both to the others), drops them when
// t ends, and returns the database as each node serves it, in the order
// of the nodes.
func CreateGalera(t testing.TB) []Database {
	t.Helper()
	c := StartGalera(t)
	first := createOn(t, c.Nodes[0].admin, c.Nodes[0].Socket)
	out := []Database{first}
	for _, n := range c.Nodes[1:] {
		// The user reaches the other nodes in the cluster's order of
		// writes, a moment after the first node answered.
		deadline := time.Now().Add(10 * time.Second)
		for {
			var k int
			err := n.admin.QueryRow("SELECT count(*) FROM mysql.global_priv WHERE user = ? AND host = 'localhost'", first.Name).Scan(&k)
			if err == nil && k == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("mariadbtest: user %s did not reach %s: %v", first.Name, n.Name, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		d := first
		d.Socket = n.Socket
		out = append(out, d)
	}
	return out
}
