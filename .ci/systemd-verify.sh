#!/usr/bin/env bash
# Checks the systemd units in systemd/ without a running systemd (a CI
# container has none):
#   1. systemd-analyze verify on both units, inside a throwaway root that
#      holds the units, the distribution's own units (for sysinit.target
#      and friends) and stubs for the ExecStart/ExecReload binaries. Any
#      message, not only a non-zero exit, is a failure: systemd reports a
#      mistyped setting as a warning and ignores it.
#   2. /run/arshline is left to the socket unit; systemd-sysusers and
#      systemd-tmpfiles, applied to the same root, make the user, groups
#      and /etc/arshline as documented.
#   3. systemd-analyze security --offline=true: the exposure score must not
#      exceed MAX_EXPOSURE (the measured value; loosening the sandbox fails).
#   4. The real daemon, run under strace as an unprivileged user through
#      start, a call, SIGHUP (log rotation) and SIGTERM: every system call
#      it makes must be in the unit's SystemCallFilter=, or the filter
#      would break the daemon in production.
# A self-check first proves step 1 fails on a unit with an unknown setting.
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_EXPOSURE="${MAX_EXPOSURE:-1.2}"
export SYSTEMD_LOG_COLOR=0 SYSTEMD_PAGER= SYSTEMD_COLORS=0

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=
need() { # need COMMAND PACKAGE
	command -v "$1" >/dev/null && return
	if [ -z "$apt_updated" ]; then
		as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
		apt_updated=1
	fi
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}
need systemd-analyze systemd
need strace strace
need python3 python3-minimal
echo "systemd: $(systemd-analyze --version | head -n1)"

work=$(mktemp -d)
chmod 755 "$work"
daemon_pid=
cleanup() {
	if [ -n "$daemon_pid" ]; then as_root kill -KILL "$daemon_pid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

# make_root DIR: a filesystem root in which the units can be loaded.
make_root() {
	local root=$1
	mkdir -p "$root/etc/systemd/system" "$root/usr/lib/systemd" "$root/usr/bin" "$root/bin"
	cp -a "$(systemd-analyze unit-paths | grep -m1 -E '^/(usr/)?lib/systemd/system$')/." "$root/usr/lib/systemd/system"
	cp systemd/arshlined.service systemd/arshlined.socket "$root/etc/systemd/system/"
	# verify only checks that the binaries exist and are executable.
	printf '#!/bin/sh\nexit 0\n' >"$root/usr/bin/arshlined"
	cp "$root/usr/bin/arshlined" "$root/bin/kill"
	chmod 755 "$root/usr/bin/arshlined" "$root/bin/kill"
}

# verify_units ROOT: fails on any message from systemd-analyze verify.
verify_units() {
	local out rc=0
	out=$(cd "$1/etc/systemd/system" && systemd-analyze verify --root="$1" arshlined.service arshlined.socket 2>&1) || rc=$?
	if [ "$rc" != 0 ] || [ -n "$out" ]; then
		printf '%s\n' "$out"
		return 1
	fi
}

echo "== self-check: verify must reject an unknown setting"
make_root "$work/broken"
sed -i 's/^NotifyAccess=main$/NotifyAccess=mian/' "$work/broken/etc/systemd/system/arshlined.service"
if verify_units "$work/broken" >/dev/null; then
	echo "FAIL: systemd-analyze verify accepted NotifyAccess=mian; the check below would prove nothing" >&2
	exit 1
fi

echo "== systemd-analyze verify"
root="$work/root"
make_root "$root"
verify_units "$root"
echo "ok: no errors, no warnings"

echo "== the socket's directory is not a RuntimeDirectory= of the service"
# systemd chowns a RuntimeDirectory= tree to the service's user when it
# starts, which would take the socket away from group www-data.
sock_dir=$(sed -n 's|^ListenStream=/run/\([^/]*\)/.*|\1|p' systemd/arshlined.socket)
if grep -Eq "^RuntimeDirectory=(.* )?${sock_dir}( |$)" systemd/arshlined.service; then
	echo "FAIL: arshlined.service has RuntimeDirectory=$sock_dir, the socket unit's directory" >&2
	exit 1
fi
echo "ok: /run/$sock_dir belongs to the socket unit alone"

echo "== sysusers.d and tmpfiles.d"
mkdir -p "$root/etc/sysusers.d" "$root/etc/tmpfiles.d"
cp systemd/arshline.sysusers.conf "$root/etc/sysusers.d/arshline.conf"
cp systemd/arshline.tmpfiles.conf "$root/etc/tmpfiles.d/arshline.conf"
systemd-sysusers --root="$root" "$root/etc/sysusers.d/arshline.conf"
systemd-tmpfiles --root="$root" --create "$root/etc/tmpfiles.d/arshline.conf"
grep -E '^arshline:x:[0-9]+:[0-9]+:' "$root/etc/passwd" || { echo "FAIL: no arshline user" >&2; exit 1; }
grep -q '^arshline:x:' "$root/etc/group" || { echo "FAIL: no arshline group" >&2; exit 1; }
grep -q '^www-data:x:' "$root/etc/group" || { echo "FAIL: no www-data group" >&2; exit 1; }
mode=$(stat -c '%a %U' "$root/etc/arshline")
[ "$mode" = "700 root" ] || { echo "FAIL: /etc/arshline is '$mode', want '700 root'" >&2; exit 1; }
echo "ok: user arshline, groups arshline and www-data, /etc/arshline 0700 root"

echo "== systemd-analyze security --offline=true"
systemd-analyze security --offline=true --root="$root" arshlined.service | tee "$work/security.txt"
score=$(sed -n 's/.*Overall exposure level for arshlined\.service: \([0-9.]*\).*/\1/p' "$work/security.txt")
[ -n "$score" ] || { echo "FAIL: no exposure score in the output" >&2; exit 1; }
if ! python3 -c "import sys; sys.exit(0 if float('$score') <= float('$MAX_EXPOSURE') else 1)"; then
	echo "FAIL: exposure $score is above the limit $MAX_EXPOSURE" >&2
	exit 1
fi
echo "ok: exposure $score <= $MAX_EXPOSURE"

echo "== system calls of the real daemon against SystemCallFilter="
# The allow list exactly as systemd resolves it for this unit (groups
# expanded, the ~ lines removed), taken from the unit dump of verify.
# The dump goes to stdout, debug logging to stderr (dropped: the two
# would interleave mid-line).
(cd "$root/etc/systemd/system" && SYSTEMD_LOG_LEVEL=debug systemd-analyze verify --root="$root" arshlined.service 2>/dev/null || true) |
	sed -n 's/^[[:space:]]*SystemCallFilter: //p' | head -n1 | tr ' ' '\n' | sort -u >"$work/allowed.txt"
[ -s "$work/allowed.txt" ] || { echo "FAIL: could not read the resolved SystemCallFilter=" >&2; exit 1; }

run="$work/run"
mkdir -p "$run"
go build -o "$run/arshlined" ./cmd/arshlined
# Unprivileged like the service: as root, SQLite and others take paths
# (fchown to keep file owners) that the real service never takes.
chown -R 65534:65534 "$run"
as_root setpriv --reuid=65534 --regid=65534 --clear-groups \
	strace -f -qq -o "$run/trace.txt" \
	"$run/arshlined" --socket "$run/arshlined.sock" --db "$run/arshline.db" --log-dir "$run/logs" \
	--socket-mode 0666 --allow-uids "$(id -u)" \
	>"$run/daemon.log" 2>&1 &
for _ in $(seq 100); do [ -S "$run/arshlined.sock" ] && break; sleep 0.1; done
python3 - "$run/arshlined.sock" <<'EOF'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.settimeout(10)
s.connect(sys.argv[1])
s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"system.health"}\n')
replies = s.makefile()
reply = json.loads(replies.readline())
assert reply["result"]["db_ok"] is True, reply
# A call the event log records at INFO (health probes are DEBUG), so the
# log's writes and its rotation below are among the traced calls.
s.sendall(b'{"jsonrpc":"2.0","id":2,"method":"forms.list"}\n')
reply = json.loads(replies.readline())
assert "result" in reply, reply
EOF
# strace starts each line with the pid; the first line is the daemon's.
daemon_pid=$(awk 'NR == 1 { print $1 }' "$run/trace.txt")
as_root kill -HUP "$daemon_pid"
for _ in $(seq 50); do grep -q 'rotated' "$run/daemon.log" && break; sleep 0.1; done
as_root kill -TERM "$daemon_pid"
wait || true
daemon_pid=
grep -q 'rotated' "$run/daemon.log" || { cat "$run/daemon.log"; echo "FAIL: the daemon did not rotate its log on SIGHUP" >&2; exit 1; }
# Calls from the daemon's process, after its execve (strace's own setup
# before it is not the daemon's).
sed -n '/execve(.*arshlined/,$p' "$run/trace.txt" | sed -nE 's/^[0-9]+ +([a-z0-9_]+)\(.*/\1/p' | sort -u >"$work/used.txt"
denied=$(comm -23 "$work/used.txt" "$work/allowed.txt")
echo "daemon used $(wc -l <"$work/used.txt") distinct system calls; the filter allows $(wc -l <"$work/allowed.txt")"
if [ -n "$denied" ]; then
	echo "FAIL: the daemon uses system calls SystemCallFilter= refuses:" >&2
	printf '  %s\n' $denied >&2
	exit 1
fi
echo "ok: every system call the daemon made is allowed"
