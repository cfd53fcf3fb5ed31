// Package mariadbtest starts a private MariaDB server for tests: Debian's
// mariadbd, in a temporary directory, listening only on a Unix socket, as
// the end-to-end test starts the site's. One server serves a whole test
// binary; each test gets a database of its own. StartGalera starts a
// Galera cluster of two such servers on loopback instead (galera.go).
//
// A test is skipped, saying why, when mariadbd (or, for the cluster,
// galera-4 or rsync) is not installed, except under CI=true, where that
// is a failure: CI installs them, so a store suite that did not run on
// MariaDB there would pass unseen.
package mariadbtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

var (
	once     sync.Once
	server   *Server
	startErr error
	seq      atomic.Int64
)

// Server is a running mariadbd.
type Server struct {
	Dir    string
	Socket string
	proc   *proc
	admin  *sql.DB
}

// find returns the path of a MariaDB program, looking in sbin too.
func find(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	for _, dir := range []string{"/usr/sbin", "/usr/local/sbin", "/usr/bin"} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not installed (apt-get install mariadb-server)", name)
}

// Start returns the binary's server, starting it on first use; t is
// skipped (or, under CI=true, failed) when MariaDB is not installed.
func Start(t testing.TB) *Server {
	t.Helper()
	once.Do(func() { server, startErr = start() })
	if startErr != nil {
		skipOrFail(t, "MariaDB", startErr)
	}
	return server
}

// skipOrFail ends t for a server (what) that did not start: skipped when
// its binaries are missing outside CI, failed otherwise.
func skipOrFail(t testing.TB, what string, err error) {
	t.Helper()
	var missing *missingError
	if errors.As(err, &missing) && os.Getenv("CI") != "true" {
		t.Skipf("%s tests skipped: %v", what, err)
	}
	t.Fatalf("mariadbtest: %s: %v", what, err)
}

type missingError struct{ err error }

func (e *missingError) Error() string { return e.err.Error() }

func start() (*Server, error) {
	mariadbd, err := find("mariadbd")
	if err != nil {
		return nil, &missingError{err}
	}
	install, err := find("mariadb-install-db")
	if err != nil {
		return nil, &missingError{err}
	}
	dir, err := os.MkdirTemp("", "arshline-mariadb-")
	if err != nil {
		return nil, err
	}
	s := &Server{Dir: dir, Socket: filepath.Join(dir, "mysql.sock")}
	data := filepath.Join(dir, "data")
	args := []string{"--no-defaults", "--datadir=" + data, "--auth-root-authentication-method=normal", "--skip-test-db"}
	if os.Geteuid() == 0 {
		args = append(args, "--user=root")
	}
	if out, err := exec.Command(install, args...).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("mariadb-install-db: %v\n%s", err, out)
	}
	dargs := []string{"--no-defaults", "--datadir=" + data, "--socket=" + s.Socket, "--skip-networking",
		"--pid-file=" + filepath.Join(dir, "mysql.pid"), "--log-error=" + filepath.Join(dir, "error.log"),
		"--innodb-buffer-pool-size=64M", "--skip-log-bin", "--innodb-flush-log-at-trx-commit=1",
		"--innodb-lock-wait-timeout=5", "--max-connections=500"}
	if os.Geteuid() == 0 {
		dargs = append(dargs, "--user=root")
	}
	if s.proc, err = spawn(mariadbd, dargs); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("mariadbd: %v", err)
	}
	s.admin, err = rootDB(s.Socket)
	if err != nil {
		s.Stop()
		return nil, err
	}
	if err := waitPing(s.admin, s.proc, filepath.Join(dir, "error.log")); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// proc is a running mariadbd; exited is closed once it has ended.
type proc struct {
	cmd    *exec.Cmd
	exited chan struct{}
}

// spawn starts mariadbd with args. The server dies with the thread that
// started it (PR_SET_PDEATHSIG), which lives as long as the test binary:
// a test binary that is killed leaves no server behind.
func spawn(mariadbd string, args []string) (*proc, error) {
	started := make(chan error, 1)
	p := &proc{exited: make(chan struct{})}
	go func() {
		runtime.LockOSThread()
		p.cmd = exec.Command(mariadbd, args...)
		p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := p.cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		p.cmd.Wait()
		close(p.exited)
		select {} // keep the thread
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return p, nil
}

// rootDB is a pool of root's connections over socket.
func rootDB(socket string) (*sql.DB, error) {
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "unix", socket
	c, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(c), nil
}

// waitPing waits up to a minute for db, served by p, to answer; the
// error carries the server's log, errorLog.
func waitPing(db *sql.DB, p *proc, errorLog string) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		err := db.Ping()
		if err == nil {
			return nil
		}
		select {
		case <-p.exited:
			log, _ := os.ReadFile(errorLog)
			return fmt.Errorf("mariadbd ended before it answered: %v\n%s", err, log)
		default:
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(errorLog)
			return fmt.Errorf("mariadbd did not answer within a minute: %v\n%s", err, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stop ends the server with SIGTERM, then SIGKILL after 5 s.
func (p *proc) stop() {
	if p == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// Stop ends the server and removes its directory; TestMain calls it.
func Stop() {
	if server != nil {
		server.Stop()
	}
}

// Stop ends s and removes its directory.
func (s *Server) Stop() {
	if s.admin != nil {
		s.admin.Close()
	}
	s.proc.stop()
	os.RemoveAll(s.Dir)
}

// Exec runs statements as the server's root.
func (s *Server) Exec(t testing.TB, query string, args ...any) {
	t.Helper()
	if _, err := s.admin.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("mariadbtest: %s: %v", query, err)
	}
}

// Database is an empty database on the test server with a user of its
// own (of the same name) that may use only it.
type Database struct {
	Name, Password, Socket string
}

// Address is the database's mysql:// address with tables prefixed
// prefix, with the password in it or not.
func (d Database) Address(prefix string, withPassword bool) string {
	a := "mysql://" + d.Name
	if withPassword {
		a += ":" + d.Password
	}
	return a + "@unix(" + d.Socket + ")/" + d.Name + "?prefix=" + prefix
}

// NewDatabase creates a Database, drops it and its user when t ends, and
// returns its address, the password in it and tables prefixed arsh_.
func NewDatabase(t testing.TB) string {
	t.Helper()
	return Create(t).Address("arsh_", true)
}

// Create creates a Database, and drops it and its user when t ends.
func Create(t testing.TB) Database {
	t.Helper()
	s := Start(t)
	return createOn(t, s.admin, s.Socket)
}

// createOn creates a database and its user through admin, a root pool
// of the server at socket, and drops both when t ends.
func createOn(t testing.TB, admin *sql.DB, socket string) Database {
	t.Helper()
	n := seq.Add(1)
	name := "t" + strconv.Itoa(os.Getpid()) + "_" + strconv.FormatInt(n, 10)
	pass := "pw" + strconv.FormatInt(time.Now().UnixNano(), 36)
	for _, q := range []string{
		"CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci",
		"CREATE USER '" + name + "'@'localhost' IDENTIFIED BY '" + pass + "'",
		"GRANT ALL PRIVILEGES ON " + name + ".* TO '" + name + "'@'localhost'",
	} {
		if _, err := admin.Exec(q); err != nil {
			t.Fatalf("mariadbtest: %s: %v", q, err)
		}
	}
	t.Cleanup(func() {
		admin.Exec("DROP DATABASE IF EXISTS " + name)
		admin.Exec("DROP USER IF EXISTS '" + name + "'@'localhost'")
	})
	return Database{Name: name, Password: pass, Socket: socket}
}
