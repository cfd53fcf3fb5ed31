#!/usr/bin/env bash
# Throughput of two daemons on one MariaDB against one daemon on SQLite,
# and MariaDB's own single-row durable insert rate, in one run:
# ai.execute and submissions.submit at 16 and 32 clients, split evenly
# over the two MariaDB daemons, with the CPU time (utime+stime) each part
# spent per call of the two-daemon series: mariadbd, the two daemons
# together, the two load tools together. Needs Debian's mariadb-server;
# starts its own mariadbd on a Unix socket in a temporary directory.
#
#   bash bench/multihost.sh [seconds per series, default 4]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-4}
tmp=$(mktemp -d /tmp/arsh-multihost.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
go build -o "$tmp/arshlined" ./cmd/arshlined
go build -o "$tmp/arshline-load" ./cmd/arshline-load
go build -o "$tmp/dbceiling" ./bench/dbceiling

. bench/lib-mariadb.sh
start_mariadb
pids+=("$mariadb_pid")
addr="mysql://bench@unix($tmp/mysql.sock)/bench?prefix=arsh_"
flags=(--submit-min-fill 0 --submit-per-client-per-minute 0 --submit-per-form-per-minute 0 --form-token-reuse --rate-per-minute 1000000)

start() { # name db-args...
	local name=$1; shift
	mkdir -p "$tmp/$name"
	STATE_DIRECTORY="$tmp/$name" "$tmp/arshlined" --socket "$tmp/$name/d.sock" --log-dir "$tmp/$name/logs" \
		--upload-dir "$tmp/$name/uploads" "${flags[@]}" "$@" >"$tmp/$name/out.log" 2>&1 &
	pids+=($!)
	for _ in $(seq 100); do [[ -S "$tmp/$name/d.sock" ]] && return; sleep 0.1; done
	echo "$name did not start"; cat "$tmp/$name/out.log"; exit 1
}
start web1 --db "$addr" --db-password-file "$tmp/pw" --node-name web1
web1_pid=${pids[-1]}
start web2 --db "$addr" --db-password-file "$tmp/pw" --node-name web2
web2_pid=${pids[-1]}
start lite --db "$tmp/lite/d.db"

# The calls/s of the method's line of arshline-load's report; a series
# with errors is shown as failed, not counted.
rate() {
	awk -v m="$2" '$1 == m { if ($3 != 0) { print "errors:" $3; exit } print $4 }' "$1"
}
ticks=$(getconf CLK_TCK)
cpu() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
echo "| clients | method | two daemons on MariaDB, calls/s | one daemon on SQLite, calls/s | MariaDB single-row durable inserts/s | MariaDB daemons / inserts | CPU ms / call: mariadbd, daemons, load tools |"
echo "|---|---|---|---|---|---|---|"
for clients in 16 32; do
	half=$((clients / 2))
	ceiling=$(ARSHLINE_DB_PASSWORD=bench-pw "$tmp/dbceiling" --db "$addr" --clients "$clients" --duration "${secs}s" | sed -n 's/.*s, \([0-9]*\)\/s.*/\1/p')
	for method in ai.execute submissions.submit; do
		s0=$(cpu "$mariadb_pid"); d0=$(cpu "$web1_pid" "$web2_pid")
		"$tmp/arshline-load" --socket "$tmp/web1/d.sock" --clients "$half" --duration "${secs}s" --mix "$method" --fsync-dir "$tmp" >"$tmp/a.out" 2>&1 &
		a=$!
		"$tmp/arshline-load" --socket "$tmp/web2/d.sock" --clients "$half" --duration "${secs}s" --mix "$method" --fsync-dir "$tmp" >"$tmp/b.out" 2>&1 &
		b=$!
		wait "$a" "$b"
		s1=$(cpu "$mariadb_pid"); d1=$(cpu "$web1_pid" "$web2_pid")
		ra=$(rate "$tmp/a.out" "$method"); rb=$(rate "$tmp/b.out" "$method")
		if [[ $ra != [0-9]* || $rb != [0-9]* ]]; then echo "two daemons, $method: $ra $rb"; cat "$tmp/a.out" "$tmp/b.out"; exit 1; fi
		two=$(awk -v x="$ra" -v y="$rb" 'BEGIN { printf "%.0f", x + y }')
		# Calls made: the report's calls column of both tools.
		calls=$(awk -v m="$method" '$1 == m { n += $2 } END { print n }' "$tmp/a.out" "$tmp/b.out")
		# The load tools' own CPU over their calls, from their reports.
		split=$(awk -v s="$((s1 - s0))" -v d="$((d1 - d0))" -v hz="$ticks" -v n="$calls" \
			'/^load tool CPU:/ { l += $4 } END { printf "%.2f, %.2f, %.2f", s * 1000 / hz / n, d * 1000 / hz / n, l * 1000 / n }' "$tmp/a.out" "$tmp/b.out")
		"$tmp/arshline-load" --socket "$tmp/lite/d.sock" --clients "$clients" --duration "${secs}s" --mix "$method" --fsync-dir "$tmp" >"$tmp/l.out" 2>&1
		lite=$(rate "$tmp/l.out" "$method")
		ratio=$(awk -v x="$two" -v y="$ceiling" 'BEGIN { printf "%.2f", x / y }')
		echo "| $clients | \`$method\` | $two | ${lite%.*} | $ceiling | $ratio | $split |"
	done
done
