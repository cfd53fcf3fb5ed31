#!/usr/bin/env bash
# Compares two builds of arshlined under the load tool, arshline-load,
# alternating them round by round so that both see the machine alike
# (a shared virtual machine drifts by tens of percent within minutes).
#
#   bench/compare.sh OLD_BIN_DIR NEW_BIN_DIR CLIENTS METHOD [ROUNDS] [DURATION]
#
# Each BIN_DIR holds arshlined and arshline-load, e.g. built from two
# commits with `make build BIN=DIR`, or `go build -o DIR/arshlined
# ./cmd/arshlined` and `go build -o DIR/arshline-load ./cmd/arshline-load`.
# Every round starts each daemon on a fresh database in a scratch directory.
# ARSHLINED_FLAGS are extra flags for both daemons (OLD_FLAGS and NEW_FLAGS,
# when set, for one side: a flag one build lacks), e.g. for
# submissions.submit the spam defences off, as docs/PERFORMANCE.md measures
# it:
#
#   ARSHLINED_FLAGS='--submit-min-fill 0 --submit-per-client-per-minute 0
#   --submit-per-form-per-minute 0 --form-token-reuse' bench/compare.sh …
set -euo pipefail
old=$1 new=$2 clients=$3 method=$4 rounds=${5:-2} duration=${6:-3s}
for bin in "$old" "$new"; do
	for tool in arshlined arshline-load; do
		[ -x "$bin/$tool" ] || { echo "compare.sh: $bin/$tool is missing" >&2; exit 2; }
	done
done
scratch=$(mktemp -d /tmp/arsh-compare.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for _ in $(seq "$rounds"); do
	for side in old new; do
		bin=$old flags=${OLD_FLAGS-${ARSHLINED_FLAGS-}}
		[ "$side" = new ] && bin=$new flags=${NEW_FLAGS-${ARSHLINED_FLAGS-}}
		dir="$scratch/$side"
		rm -rf "$dir" && mkdir -p "$dir"
		# shellcheck disable=SC2086 # flags are words
		"$bin/arshlined" --socket "$dir/d.sock" --db "$dir/d.db" --log-dir "$dir/logs" $flags 2>/dev/null &
		pid=$!
		for _ in $(seq 100); do [ -S "$dir/d.sock" ] && break; sleep 0.05; done
		printf '%-4s ' "$side"
		"$bin/arshline-load" --socket "$dir/d.sock" --clients "$clients" --duration "$duration" \
			--mix "$method" --fsync-dir "$dir" | sed -n 3p || true # errors show in their column
		kill "$pid"
		wait "$pid" 2>/dev/null || true
	done
done
