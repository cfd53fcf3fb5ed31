package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/sqlstore"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// TestMySQLCommands: migrate and check work on a MariaDB store named by
// --db mysql://… with the password in --db-password-file (and never in
// their output); copy-store moves an SQLite store made by the daemon into
// an empty MariaDB database, prints each table's count and checksum, and
// refuses a second copy into the now full target with exit code 2; bad
// uses are refused with exit code 2.
func TestMySQLCommands(t *testing.T) {
	mdb := mariadbtest.Create(t)
	dir := systemdtest.ShortTempDir(t)
	pass := filepath.Join(dir, "db-password")
	if err := os.WriteFile(pass, []byte(mdb.Password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr := mdb.Address("arsh_", false)
	common := []string{"--db", addr, "--db-password-file", pass, "--log-dir", filepath.Join(dir, "logs"), "--socket", filepath.Join(dir, "s.sock")}
	noPassword := func(t *testing.T, out string) {
		t.Helper()
		if strings.Contains(out, mdb.Password) {
			t.Fatalf("the password shows in the output:\n%s", out)
		}
	}
	t.Run("migrate", func(t *testing.T) {
		out, code := arshlined(t, append([]string{"migrate"}, common...)...)
		if code != 0 || !strings.Contains(out, "(mysql) is at schema") {
			t.Fatalf("exit %d: %s", code, out)
		}
		noPassword(t, out)
	})
	t.Run("check", func(t *testing.T) {
		out, code := arshlined(t, append([]string{"check"}, common...)...)
		if code != 0 || !strings.Contains(out, "CHECK TABLE ok") {
			t.Fatalf("exit %d: %s", code, out)
		}
		noPassword(t, out)
	})
	t.Run("a wrong password fails clearly", func(t *testing.T) {
		bad := filepath.Join(dir, "bad")
		os.WriteFile(bad, []byte("wrong"), 0o600)
		out, code := arshlined(t, "check", "--db", addr, "--db-password-file", bad, "--log-dir", filepath.Join(dir, "logs"))
		if code == 0 || !strings.Contains(out, "Access denied") || strings.Contains(out, "wrong") {
			t.Fatalf("exit %d: %s", code, out)
		}
	})
	t.Run("backup is the server's tools' job", func(t *testing.T) {
		out, code := arshlined(t, append([]string{"backup", filepath.Join(dir, "b.db")}, common...)...)
		if code != 2 || !strings.Contains(out, "mariadb-dump") {
			t.Fatalf("exit %d: %s", code, out)
		}
	})

	target := mariadbtest.Create(t)
	lite := filepath.Join(dir, "old.db")
	src, err := sqlstore.Open(context.Background(), lite, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Update(context.Background(), func(tx domain.FormTx) error {
		_, _, err := tx.CreateForm(1, 7, domain.FormState{Title: "فرم", Status: domain.StatusDraft, Document: domain.NewDocument()}, domain.VersionMeta{Source: domain.SourceAPI, CreatedBy: 7})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	src.Close()
	copyArgs := []string{"copy-store", "--from", "sqlite:" + lite, "--to", target.Address("arsh_", true)}
	t.Run("copy-store", func(t *testing.T) {
		out, code := arshlined(t, copyArgs...)
		if code != 0 || !strings.Contains(out, "every table's row count and checksum agree") || !strings.Contains(out, "form_versions           1 rows") {
			t.Fatalf("exit %d: %s", code, out)
		}
		if strings.Contains(out, target.Password) {
			t.Fatalf("the target's password shows:\n%s", out)
		}
	})
	t.Run("copy-store refuses a target that is not empty", func(t *testing.T) {
		out, code := arshlined(t, copyArgs...)
		if code != 2 || !strings.Contains(out, "not empty") {
			t.Fatalf("a second copy: exit %d: %s", code, out)
		}
	})
	for _, c := range []struct {
		name string
		args []string
	}{
		{"no --from", []string{"copy-store", "--to", target.Address("arsh_", true)}},
		{"--from without sqlite:", []string{"copy-store", "--from", lite, "--to", target.Address("arsh_", true)}},
		{"--to not mysql", []string{"copy-store", "--from", "sqlite:" + lite, "--to", lite}},
		{"a missing source", []string{"copy-store", "--from", "sqlite:" + filepath.Join(dir, "none.db"), "--to", target.Address("arsh_", true)}},
	} {
		t.Run("refused: "+c.name, func(t *testing.T) {
			if out, code := arshlined(t, c.args...); code != 2 {
				t.Fatalf("exit %d: %s", code, out)
			}
			if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
				t.Fatal("a missing source was created")
			}
		})
	}
}
