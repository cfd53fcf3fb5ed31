#!/usr/bin/env bash
# What one call costs a daemon on MariaDB: statements and round trips
# the server receives, and CPU time of the server and of the daemon, per
# ai.execute and per submissions.submit, over N calls from 16 clients
# after a warm-up. Statements are the server's Questions counter; round
# trips are the queries in its general log (a packet holding several
# statements is one); CPU is utime+stime from /proc/PID/stat, the load
# tool's its own over the calls (getrusage, in its report). Needs
# Debian's mariadb-server; starts its own mariadbd on a Unix socket in a
# temporary directory.
#
#   bash bench/multihost-cost.sh [calls per method, default 3000]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-3000}
tmp=$(mktemp -d /tmp/arsh-cost.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
go build -o "$tmp/arshlined" ./cmd/arshlined
go build -o "$tmp/arshline-load" ./cmd/arshline-load

. bench/lib-mariadb.sh
start_mariadb --general-log-file="$tmp/general.log"
pids+=("$mariadb_pid")
server=$mariadb_pid
mkdir -p "$tmp/web1"
STATE_DIRECTORY="$tmp/web1" "$tmp/arshlined" --socket "$tmp/web1/d.sock" --log-dir "$tmp/web1/logs" --upload-dir "$tmp/web1/uploads" \
	--submit-min-fill 0 --submit-per-client-per-minute 0 --submit-per-form-per-minute 0 --form-token-reuse --rate-per-minute 1000000 \
	--db "mysql://bench@unix($tmp/mysql.sock)/bench?prefix=arsh_" --db-password-file "$tmp/pw" --node-name web1 >"$tmp/web1/out.log" 2>&1 &
pids+=($!)
daemon=$!
for _ in $(seq 100); do [[ -S "$tmp/web1/d.sock" ]] && break; sleep 0.1; done

ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
questions() { sql -N -e "SHOW GLOBAL STATUS LIKE 'Questions'" | awk '{print $2}'; }
load() { "$tmp/arshline-load" --socket "$tmp/web1/d.sock" --clients 16 --count "$1" --mix "$2" --fsync-dir "$tmp" >"$tmp/load.out"; }
echo "| method | statements / call | round trips / call | mariadbd CPU ms / call | arshlined CPU ms / call | load tool CPU ms / call | calls/s |"
echo "|---|---|---|---|---|---|---|"
for method in ai.execute submissions.submit; do
	load 200 "$method" # the form, the pools, the caches
	# Statements and round trips, over n/10 calls with the general log on
	# (it costs the server, so CPU is measured apart).
	m=$((n / 10))
	q0=$(questions)
	: >"$tmp/general.log"
	sql -e "SET GLOBAL general_log = 1"
	load "$m" "$method"
	sql -e "SET GLOBAL general_log = 0"
	q1=$(questions)
	trips=$(grep -c $' Query\t' "$tmp/general.log" || true)
	# The status queries of this script: two SHOW STATUS and a SET.
	stmts=$(awk -v a="$q0" -v b="$q1" -v m="$m" 'BEGIN { printf "%.1f", (b - a - 3) / m }')
	rt=$(awk -v t="$trips" -v m="$m" 'BEGIN { printf "%.1f", (t - 2) / m }')
	s0=$(cpu "$server"); d0=$(cpu "$daemon")
	load "$n" "$method"
	s1=$(cpu "$server"); d1=$(cpu "$daemon")
	rate=$(awk -v m="$method" '$1 == m { print $4 }' "$tmp/load.out")
	l=$(awk '/^load tool CPU:/ { print $4 }' "$tmp/load.out")
	awk -v m="$method" -v st="$stmts" -v rt="$rt" -v s="$((s1 - s0))" -v d="$((d1 - d0))" -v n="$n" -v hz="$ticks" -v r="$rate" -v l="$l" \
		'BEGIN { printf "| `%s` | %s | %s | %.2f | %.2f | %.2f | %s |\n", m, st, rt, s * 1000 / hz / n, d * 1000 / hz / n, l * 1000 / n, r }'
done
