# arshline-sidecar — build, run and test.
GO      ?= go
BIN     ?= bin
# X.Y.Z of a vX.Y.Z tag on HEAD, else the VERSION file (packaging/version.sh).
VERSION ?= $(shell packaging/version.sh)
DIST    ?= dist
LDFLAGS := -s -w -X github.com/arshline/arshline-sidecar/daemon.Version=$(VERSION)

.PHONY: build run test test-go test-galera test-race planner-score php-test systemd-verify release release-check e2e bench bench-lint fuzz vet fmt bench-multihost clean

build:
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/arshlined ./cmd/arshlined
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/arshlinectl ./cmd/arshlinectl
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/arshline-load ./cmd/arshline-load

# Runs the daemon in the foreground with the defaults a new user needs:
# ./arshlined.sock, ./data/arshline.db, ./data/logs/. No API key required.
run: build
	$(BIN)/arshlined

# Every test: Go (unit, integration over real sockets and SQLite files),
# the planner corpus, the PHP client against a real daemon, the systemd
# units, and WordPress + Chromium end to end. Installs what it needs.
test: build vet test-go planner-score php-test systemd-verify release-check e2e

# The release in $(DIST)/: the plugin zip, the .deb and .tar.gz of each
# architecture, SHA256SUMS (packaging/release.sh). Reproducible.
release:
	bash packaging/release.sh $(DIST) $(VERSION)

# Builds the release, lints the packages, builds it again and compares
# the checksums, then installs the .deb into this machine (root, no
# systemd needed), runs the daemon from its unit, removes and purges it
# (.ci/release-check.sh).
release-check: release
	bash .ci/release-check.sh $(DIST) $(VERSION)

# gofmt, go vet, staticcheck (staticcheck.conf) and deadcode: a function
# that neither a program nor a test reaches is an error.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
DEADCODE    ?= golang.org/x/tools/cmd/deadcode@v0.52.0
# The module's packages, without the Go sources some npm packages ship
# under node_modules (wp-plugin/ and e2e/ install them).
PKGS = $$($(GO) list ./... | grep -v /node_modules/)
vet:
	@unformatted="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) run $(STATICCHECK) $(PKGS)
	@dead="$$($(GO) run $(DEADCODE) -test $(PKGS))" || exit 1; if [ -n "$$dead" ]; then echo "deadcode:"; echo "$$dead"; exit 1; fi; echo "deadcode: none"

test-go:
	$(GO) test -count=1 -timeout 20m $(PKGS)

# The store and two daemons on a two-node Galera cluster on loopback
# (part of test-go): certification conflicts forced through both nodes,
# migrations, ids (docs/OPERATIONS.md, Galera and replicas).
test-galera:
	$(GO) test -count=1 -v -run 'Galera|HostsMigrateTogether' ./sqlstore/ ./cmd/arshlined/

test-race:
	$(GO) test -race -count=1 ./rpc/... ./daemon/...

# Scores every planner corpus of testdata/planner through the CLI, by the
# rule TestCorpora applies in process (testdata/planner/README.md): one
# line a file, the core commands all passing and every other file 95%.
planner-score: build
	$(GO) test -count=1 -run '^TestCorpora$$' -v ./daemon/persian/ -args -planner-cmd '$(abspath $(BIN))/arshlinectl plan --offline --json'

php-test: build
	@if [ -f .ci/php-tests.sh ]; then bash .ci/php-tests.sh; else echo "php-test: no PHP client tests in this tree yet"; fi

systemd-verify:
	bash .ci/systemd-verify.sh

e2e: build
	@if [ -f .ci/e2e.sh ]; then bash .ci/e2e.sh; else echo "e2e: no WordPress end-to-end suite in this tree yet"; fi

# In-process benchmarks of every package; the load tool against a running
# daemon is $(BIN)/arshline-load, and bench/compare.sh compares two builds.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# The contracts' speed: lints 2,000 generated plan files of each contract
# (copies of the reference examples with their own ids and values, in a
# temporary directory) as `arshlinectl lint --format json` does, and
# prints lint-µs/plan next to read-µs/plan, a bare read of the same files
# in the same run; then in-process validation of a decoded plan.
bench-lint:
	$(GO) test -run '^$$' -bench 'BenchmarkLintBatch|BenchmarkLintProcess' -benchtime 5x ./cmd/arshlinectl/
	$(GO) test -run '^$$' -bench 'BenchmarkValidate/(web-navigator|step-contract)/v1/typical' -benchmem ./daemon/contract/registry/
	$(GO) test -run '^$$' -bench 'BenchmarkAgentPlan/typical' -benchmem ./daemon/contract/agentplan/

fuzz:
	bash .ci/fuzz.sh

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf $(BIN) $(DIST)

# Two daemons on one MariaDB against SQLite and the server's own insert rate
# (docs/PERFORMANCE.md, "Several hosts on one MariaDB").
bench-multihost:
	bash bench/multihost.sh
