package hosha2

import (
	"os"
	"testing"

	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestMain stops the MariaDB server a test started, if any.
func TestMain(m *testing.M) {
	code := m.Run()
	mariadbtest.Stop()
	os.Exit(code)
}
