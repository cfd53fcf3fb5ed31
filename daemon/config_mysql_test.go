package daemon

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigMySQLStore: --db takes a mysql:// address, its password from
// --db-password-file, a systemd credential or ARSHLINE_DB_PASSWORD;
// uploads and exports then live in the state directory; a bad address,
// an empty or missing password file named on the command line, and an
// unknown parameter are refused before anything starts, without the
// password in the message.
func TestConfigMySQLStore(t *testing.T) {
	dir := t.TempDir()
	pass := filepath.Join(dir, "db-password")
	if err := os.WriteFile(pass, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const addr = "mysql://arshline@unix(/run/mysqld/mysqld.sock)/wordpress?prefix=arsh_"
	parse := func(env map[string]string, args ...string) (*Config, error) {
		return ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), args, func(k string) string { return env[k] })
	}
	t.Run("the password from a file, files in the state directory", func(t *testing.T) {
		c, err := parse(map[string]string{"STATE_DIRECTORY": dir}, "--db", addr, "--db-password-file", pass, "--node-name", "web1")
		if err != nil {
			t.Fatal(err)
		}
		o := c.StoreOptions()
		if o.Password != "s3cret" || o.Host != "web1" || c.StateDir != dir || c.UploadDir != filepath.Join(dir, "uploads") {
			t.Fatalf("%+v, state %s, uploads %s", o, c.StateDir, c.UploadDir)
		}
	})
	t.Run("the password from systemd's credential", func(t *testing.T) {
		creds := t.TempDir()
		os.WriteFile(filepath.Join(creds, "db-password"), []byte("from-creds"), 0o600)
		c, err := parse(map[string]string{"CREDENTIALS_DIRECTORY": creds}, "--db", addr)
		if err != nil || c.DBPassword != "from-creds" {
			t.Fatalf("%v %v", c, err)
		}
	})
	t.Run("a blank credential is no password", func(t *testing.T) {
		creds := t.TempDir()
		os.WriteFile(filepath.Join(creds, "db-password"), []byte("\n"), 0o600)
		c, err := parse(map[string]string{"CREDENTIALS_DIRECTORY": creds}, "--db", addr)
		if err != nil || c.DBPassword != "" {
			t.Fatalf("%v %v", c, err)
		}
	})
	t.Run("the password from the environment wins", func(t *testing.T) {
		c, err := parse(map[string]string{"ARSHLINE_DB_PASSWORD": "env-pw"}, "--db", addr, "--db-password-file", pass)
		if err != nil || c.DBPassword != "env-pw" {
			t.Fatalf("%v %v", c, err)
		}
	})
	t.Run("an SQLite path keeps its directory", func(t *testing.T) {
		c, err := parse(nil, "--db", filepath.Join(dir, "a.db"))
		if err != nil || c.StateDir != dir || c.DBPassword != "" {
			t.Fatalf("%v %v", c, err)
		}
	})
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o600)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a bad prefix", []string{"--db", "mysql://u:s3cret@unix(/s)/db?prefix=a-b"}, "the prefix must be"},
		{"an unknown parameter", []string{"--db", "mysql://u:s3cret@unix(/s)/db?autocommit=0"}, "unknown parameter"},
		{"no database", []string{"--db", "mysql://u:s3cret@unix(/s)/"}, "names no database"},
		{"a missing password file", []string{"--db", addr, "--db-password-file", filepath.Join(dir, "none")}, "--db-password-file"},
		{"an empty password file named", []string{"--db", addr, "--db-password-file", empty}, "is empty"},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			_, err := parse(nil, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "s3cret") {
				t.Fatalf("%v, want %q and no password", err, tc.want)
			}
		})
	}
}
