package sqlstore

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// testEngine is the engine openTest opens: the suite runs once on SQLite
// and once on MariaDB (TestMain).
var testEngine = "sqlite"

// TestMain runs the package's tests on SQLite, then again with openTest
// opening a fresh MariaDB database for each test, so that every
// repository test holds on both engines. Tests of what only SQLite has
// (its file, WAL, VACUUM, the writer batch) call sqliteOnly.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && os.Getenv("ARSHLINE_TEST_SQLITE_ONLY") == "" {
		fmt.Println("--- the store suite again, on MariaDB")
		testEngine = "mariadb"
		code = m.Run()
	}
	mariadbtest.Stop()
	mariadbtest.StopGalera()
	os.Exit(code)
}

// sqliteOnly skips t on the MariaDB run: it tests what only the SQLite
// store has, and has run already on the SQLite one.
func sqliteOnly(t testing.TB) {
	t.Helper()
	if testEngine != "sqlite" {
		t.Skip("SQLite only; ran in the SQLite pass")
	}
}

// mariadbFor maps the SQLite paths a test opens to the MariaDB
// databases standing for them, so that reopening a path reopens its
// database.
var mariadbFor sync.Map

// openEngine opens a store on the engine of this pass: an SQLite file at
// path, or the MariaDB database standing for path (fresh on first use).
func openEngine(t testing.TB, path string, opts Options) (*DB, error) {
	t.Helper()
	if testEngine == "mariadb" {
		t.Log("engine: MariaDB")
		addr, ok := mariadbFor.Load(path)
		if !ok {
			addr = mariadbtest.NewDatabase(t)
			mariadbFor.Store(path, addr)
		}
		return Open(context.Background(), addr.(string), opts)
	}
	return Open(context.Background(), path, opts)
}
