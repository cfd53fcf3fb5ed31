#!/bin/bash
# planner-instructions.sh BIN... — the instructions the planner executes
# per command, for each `go test -c` binary of daemon/persian given.
#
# CPU time on a shared machine moves by a third from run to run; the
# instructions a build executes do not. valgrind's callgrind counts them
# for two runs of BenchmarkPlanCorpora, over the corpora once and twice,
# and the difference divided by the commands of one pass is the count
# per command, with the corpora's loading taken out. Garbage collection
# is off (GOGC=off): when it runs depends on timing, and its cost follows
# the allocations, which the benchmark reports itself. A count is not a
# time (a cache miss or a mispredicted branch costs more than one), so
# a change is still confirmed by alternated timed runs on a quiet machine.
#
#   go test -c -o /tmp/old.test ./daemon/persian/   # at each commit
#   bench/planner-instructions.sh /tmp/old.test /tmp/new.test
set -euo pipefail
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cd "$(dirname "$0")/../daemon/persian"
# The commands of one pass: every line of the corpora the benchmark reads.
n=$(grep -h -c . $(sed -n 's/^\t{"\([^"]*\.jsonl\)".*/..\/..\/testdata\/planner\/\1/p' corpus_test.go | sort -u) | awk "{s+=\$1} END {print s}")
for bin in "$@"; do
	ir=()
	for reps in "$n" $((2 * n)); do
		out=$(mktemp)
		GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
			"$bin" -test.run '^$' -test.bench 'BenchmarkPlanCorpora$' -test.benchtime "${reps}x" >/dev/null 2>&1
		ir+=("$(awk '/^totals:/ {print $2}' "$out")")
		rm -f "$out"
	done
	echo "$bin $(((ir[1] - ir[0]) / n)) instructions per command ($n commands)"
done
