// Package mariadbtest starts a private MariaDB server for tests: Debian's
// mariadbd, in a temporary directory, listening only on a Unix socket, as
// the end-to-end test starts the site's. One server serves a whole test
// binary; each test gets a database of its own.
//
// A test is skipped, saying why, when mariadbd is not installed, except
// under CI=true, where that is a failure: CI installs mariadb-server, so
// a store suite that did not run on MariaDB there would pass unseen.
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
	cmd    *exec.Cmd
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
		var missing *missingError
		if errors.As(startErr, &missing) && os.Getenv("CI") != "true" {
			t.Skipf("MariaDB tests skipped: %v", startErr)
		}
		t.Fatalf("mariadbtest: %v", startErr)
	}
	return server
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
	started := make(chan error, 1)
	go func() {
		// The server dies with this thread (PR_SET_PDEATHSIG), which lives
		// as long as the test binary: a test binary that is killed leaves
		// no server behind.
		runtime.LockOSThread()
		cmd := exec.Command(mariadbd, dargs...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		s.cmd = cmd
		started <- nil
		cmd.Wait()
		select {} // keep the thread
	}()
	if err := <-started; err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("mariadbd: %v", err)
	}
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "unix", s.Socket
	c, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	s.admin = sql.OpenDB(c)
	deadline := time.Now().Add(60 * time.Second)
	for {
		err := s.admin.Ping()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			s.Stop()
			return nil, fmt.Errorf("mariadbd did not answer within a minute: %v\n%s", err, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return s, nil
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
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGTERM)
		for i := 0; i < 100; i++ {
			if err := s.cmd.Process.Signal(syscall.Signal(0)); err != nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		s.cmd.Process.Kill()
	}
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
	n := seq.Add(1)
	name := "t" + strconv.Itoa(os.Getpid()) + "_" + strconv.FormatInt(n, 10)
	pass := "pw" + strconv.FormatInt(time.Now().UnixNano(), 36)
	s.Exec(t, "CREATE DATABASE "+name+" CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci")
	s.Exec(t, "CREATE USER '"+name+"'@'localhost' IDENTIFIED BY '"+pass+"'")
	s.Exec(t, "GRANT ALL PRIVILEGES ON "+name+".* TO '"+name+"'@'localhost'")
	t.Cleanup(func() {
		s.admin.Exec("DROP DATABASE IF EXISTS " + name)
		s.admin.Exec("DROP USER IF EXISTS '" + name + "'@'localhost'")
	})
	return Database{Name: name, Password: pass, Socket: s.Socket}
}
