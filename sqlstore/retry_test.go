package sqlstore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// TestRetryClassification: which server errors run a transaction again,
// and what a call answers once every run was aborted.
func TestRetryClassification(t *testing.T) {
	sqliteOnly(t) // no server: once is enough
	server := func(n uint16, msg string) error { return &mysql.MySQLError{Number: n, Message: msg} }
	for _, c := range []struct {
		name      string
		err       error
		retryable bool
		gaveUp    domain.Code
	}{
		{"a deadlock's victim, or a Galera certification failure (1213)", server(1213, "Deadlock found when trying to get lock; try restarting transaction"), true, domain.CodeConflict},
		{"the same, at the commit", fmt.Errorf("sqlstore: commit: %w", server(1213, "Deadlock found")), true, domain.CodeConflict},
		{"a lock wait timeout (1205)", server(1205, "Lock wait timeout exceeded"), true, domain.CodeConflict},
		{"a Galera node not ready (1047)", server(1047, "WSREP has not yet prepared node for application use"), true, domain.CodeUnavailable},
		{"a row another host wrote first", &raceError{server(1062, "Duplicate entry")}, true, domain.CodeConflict},
		{"a duplicate key the call did not expect (1062)", server(1062, "Duplicate entry"), false, ""},
		{"a missing table (1146)", server(1146, "Table doesn't exist"), false, ""},
		{"a lost connection", errors.New("invalid connection"), false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := retryable(c.err); got != c.retryable {
				t.Fatalf("retryable %v, want %v", got, c.retryable)
			}
			if !c.retryable {
				return
			}
			g := gaveUp(c.err)
			if domain.ErrorCode(g) != c.gaveUp {
				t.Fatalf("gave up as %s, want %s", domain.ErrorCode(g), c.gaveUp)
			}
			if !errors.Is(g, c.err) {
				t.Fatal("the server's error is lost for the log")
			}
		})
	}
	t.Run("a statement refused by a node not ready is UNAVAILABLE wherever it runs", func(t *testing.T) {
		err := fmt.Errorf("form 3: %w", notReady(server(1047, "WSREP has not yet prepared node for application use")))
		if domain.ErrorCode(err) != domain.CodeUnavailable || mysqlErrno(err) != erWsrepNotReady || !retryable(err) {
			t.Fatalf("%v: code %s, errno %d", err, domain.ErrorCode(err), mysqlErrno(err))
		}
		if other := notReady(server(1213, "Deadlock found")); domain.ErrorCode(other) != domain.CodeInternal {
			t.Fatalf("a deadlock outside a transaction's runs is %s", domain.ErrorCode(other))
		}
	})
}

// TestNoTableOrNamedLocks: the store takes neither table locks nor named
// locks. LOCK TABLES stops every other host's writes to the table, and
// GET_LOCK holds on one node of a Galera cluster only; the store's turns
// are taken on rows, which the cluster certifies.
func TestNoTableOrNamedLocks(t *testing.T) {
	sqliteOnly(t) // reads the sources: once is enough
	locks := regexp.MustCompile(`(?i)\bLOCK\s+TABLES?\b|\bGET_LOCK\s*\(|\bIS_FREE_LOCK\s*\(|\bRELEASE_LOCK\s*\(`)
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "testdata", "vendor":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, "_test.go") || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".sql")) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		if loc := locks.FindIndex(b); loc != nil {
			t.Errorf("%s takes a lock: %q", path, b[loc[0]:loc[1]])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d files read: the walk missed the module", checked)
	}
}
