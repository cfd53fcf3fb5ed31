package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/csv"
	"flag"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/internal/filltest"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// exportDaemon runs a daemon on a store with one answered form of n
// submissions, and returns its socket and the form's id.
func exportDaemon(t *testing.T, n int) (string, int64) {
	t.Helper()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "d.db")
	db, err := sqlstore.Open(context.Background(), dbPath, sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		t.Fatal(err)
	}
	form, err := filltest.Form(context.Background(), db, filltest.Options{N: n, Days: 2, SpamEvery: 7})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "d.sock")
	cfg, err := daemon.ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError),
		[]string{"--socket", sock, "--db", dbPath, "--log-dir", filepath.Join(dir, "logs")}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- daemon.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	t.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := rpc.Dial(context.Background(), sock); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the daemon did not come up")
		}
	}
	return sock, form
}

// TestExportCommand: the file on stdout is the whole export, pages
// joined, in either format; bad flags are usage errors and a missing
// form one clear line.
func TestExportCommand(t *testing.T) {
	const n = 3000 // several pages of CSV: about 1 MiB
	sock, form := exportDaemon(t, n)
	id := strconv.FormatInt(form, 10)
	kept := n - n/7

	var out, errb bytes.Buffer
	if code := run([]string{"--socket", sock, "export", id, "--format", "csv"}, &out, &errb); code != 0 {
		t.Fatalf("csv: exit %d: %s", code, errb.String())
	}
	if out.Len() < 600<<10 {
		t.Errorf("a %d-byte export fits one page: the test does not join pages", out.Len())
	}
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(out.Bytes(), []byte("\ufeff")))).ReadAll()
	if err != nil || len(recs) != kept+1 {
		t.Fatalf("csv: %v, %d records, want %d", err, len(recs), kept+1)
	}
	// The same rows, flags before the id, one status.
	out.Reset()
	if code := run([]string{"--socket", sock, "export", "--format", "csv", "--status", "spam", id}, &out, &errb); code != 0 {
		t.Fatalf("csv spam: exit %d: %s", code, errb.String())
	}
	if recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(out.Bytes(), []byte("\ufeff")))).ReadAll(); err != nil || len(recs) != n/7+1 {
		t.Errorf("spam: %v, %d records", err, len(recs))
	}

	out.Reset()
	if code := run([]string{"--socket", sock, "export", id, "--format", "xlsx"}, &out, &errb); code != 0 {
		t.Fatalf("xlsx: exit %d: %s", code, errb.String())
	}
	wb, err := excelize.OpenReader(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := wb.GetRows(wb.GetSheetName(0))
	wb.Close()
	if err != nil || len(rows) != kept+1 {
		t.Errorf("xlsx: %v, %d rows", err, len(rows))
	}

	for _, args := range [][]string{{"export"}, {"export", "x"}, {"export", id, "--format", "pdf"}, {"export", id, "extra"}} {
		errb.Reset()
		if code := run(append([]string{"--socket", sock}, args...), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
	errb.Reset()
	if code := run([]string{"--socket", sock, "export", strconv.FormatInt(form+1, 10)}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "NOT_FOUND") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("a missing form: exit %d, %q", code, errb.String())
	}
}

// TestExportPageReader: a page in the daemon's shape is read without
// encoding/json over its data, to the same result encoding/json gives;
// a page in another shape through encoding/json; and a page that is not
// a whole valid one is an error either way.
func TestExportPageReader(t *testing.T) {
	data := []byte("\ufeffکد,id\r\n\"a,b\",2\r\n")
	b64 := base64.StdEncoding.EncodeToString(data)
	for _, tc := range []struct {
		text, want, cursor string
		done               bool
	}{
		{`{"data":"` + b64 + `","next_cursor":"c1","done":false,"filename":"f.csv","rows":1}`, string(data), "c1", false},
		{`{"data":"` + b64 + `","done":true}`, string(data), "", true},
		{`{"data":"","next_cursor":"c2","done":false}`, "", "c2", false},
		{`{"data":null,"done":true}`, "", "", true},
		{`{"done":true, "data":"` + b64 + `"}`, string(data), "", true},
		{`{ "data" : "` + b64 + `" , "next_cursor":"c3"}`, string(data), "c3", false},
	} {
		var p exportPage
		p.data = make([]byte, 0, 3) // reused, and too small
		if err := p.ReadResult([]byte(tc.text)); err != nil || string(p.data) != tc.want || p.NextCursor != tc.cursor || p.Done != tc.done {
			t.Errorf("%s: %q %q %v, %v", tc.text, p.data, p.NextCursor, p.Done, err)
		}
	}
	for _, bad := range []string{
		`{"data":"` + b64[:len(b64)-2] + `","done":true}`, // cut short
		`{"data":"` + b64[:8] + "\r" + b64[8:] + `","done":true}`,
		`{"data":"` + b64 + `\"","done":true}`,
		`{"data":"` + b64 + `","data":"` + b64 + `","done":true}`,
		`{"data":"` + b64 + `","done":true} x`,
		`{"data":"` + b64 + `","done":tru}`,
		`{"data":"` + b64 + `",`,
		`{"data":"` + b64,
		`[1]`,
	} {
		var p exportPage
		if err := p.ReadResult([]byte(bad)); err == nil {
			t.Errorf("%.60s… read as %q", bad, p.data)
		}
	}
}
