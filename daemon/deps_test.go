package daemon

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/arshline/arshline-sidecar"

// packageImports lists every package of the module with the module
// packages its non-test files import, as the go command sees them.
func packageImports(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go list output: %v", err)
		}
		var own []string
		for _, imp := range p.Imports {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				own = append(own, strings.TrimPrefix(strings.TrimPrefix(imp, module), "/"))
			}
		}
		pkgs[strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")] = own
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

func under(pkg, dir string) bool { return pkg == dir || strings.HasPrefix(pkg, dir+"/") }

// TestArchitecture fails when an import crosses a line the layout draws
// (README, "Layout"): the transport and the domain vocabulary import
// nothing of the application, capabilities never reach into the wiring,
// the transport or a concrete store, and test doubles stay out of
// shipped code.
func TestArchitecture(t *testing.T) {
	rules := []struct {
		name   string
		from   func(pkg string) bool
		denied func(imp string) bool
	}{
		{"the transport imports nothing of the application",
			func(p string) bool { return under(p, "rpc") },
			func(string) bool { return true }},
		{"the domain vocabulary imports nothing",
			func(p string) bool { return p == "daemon/domain" },
			func(string) bool { return true }},
		{"the calendar and the answer formats speak only the domain vocabulary",
			func(p string) bool { return p == "daemon/jalali" || p == "daemon/iranformat" },
			func(i string) bool { return i != "daemon/domain" }},
		{"only the daemon's main imports the wiring",
			func(p string) bool { return p != "cmd/arshlined" },
			func(i string) bool { return i == "daemon" }},
		{"capabilities take interfaces, not the transport or the store",
			func(p string) bool { return strings.HasPrefix(p, "daemon/") },
			func(i string) bool { return under(i, "rpc") || under(i, "sqlstore") }},
		// The contract engine writes its violations' messages from the
		// daemon's one catalogue, so it may read daemon/messages, a leaf
		// over the domain vocabulary: the lint command and the daemon then
		// say the same text, and a text exists once.
		{"the contract engine stands alone, speaking through the message catalogue",
			func(p string) bool { return under(p, "daemon/contract") },
			func(i string) bool {
				return !under(i, "daemon/contract") && i != "daemon/domain" && i != "daemon/messages"
			}},
		{"the message catalogue is a leaf over the domain vocabulary",
			func(p string) bool { return p == "daemon/messages" },
			func(i string) bool { return i != "daemon/domain" }},
		{"the store adapts the domain and the schema only",
			func(p string) bool { return under(p, "sqlstore") },
			func(i string) bool { return i != "daemon/domain" && i != "migrations" }},
		{"the CLI talks to the daemon over the socket, never through its store",
			func(p string) bool { return under(p, "cmd/arshlinectl") },
			func(i string) bool { return i == "daemon" || under(i, "sqlstore") }},
		{"test doubles are imported by tests only",
			func(string) bool { return true },
			func(i string) bool { return strings.HasSuffix(i, "test") || strings.Contains(i, "/internal/golden") }},
	}
	pkgs := packageImports(t)
	for pkg, imports := range pkgs {
		for _, imp := range imports {
			for _, r := range rules {
				// A test double may build on another; the loopback fakes
				// of the end-to-end and PHP tests (e2e/) are test doubles,
				// and the measuring tools (bench/), never shipped, fill
				// their stores with the tests' filler.
				double := strings.HasSuffix(pkg, "test") || under(pkg, "e2e") || under(pkg, "bench")
				if r.from(pkg) && r.denied(imp) && !(double && strings.HasSuffix(imp, "test")) {
					t.Errorf("%s imports %s: %s", pkg, imp, r.name)
				}
			}
		}
	}
}

// TestOneWriterOfVersions fails when a version is written anywhere but
// forms.Writer: "every change writes a new immutable version with an
// audit row" holds because one function does both. The store implements
// the calls and the domain declares them; everything else goes through
// the writer.
func TestOneWriterOfVersions(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := func(rel string) bool {
		return rel == "daemon/forms/write.go" || rel == "daemon/domain/store.go" || strings.HasPrefix(rel, "sqlstore/")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := strings.Fields(string(out))
	if len(files) < 50 {
		t.Fatalf("go list found only %d files", len(files))
	}
	for _, file := range files {
		rel, err := filepath.Rel(root, file)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, call := range []string{".CommitVersion(", ".CreateForm("} {
			if strings.Contains(string(src), call) && !allowed(rel) {
				t.Errorf("%s calls %s: versions are written by forms.Writer only", rel, strings.Trim(call, ".("))
			}
		}
	}
}
