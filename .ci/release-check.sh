#!/usr/bin/env bash
# Checks a release built by packaging/release.sh (make release) in DIST:
#   1. contents: SHA256SUMS matches; the zip's plugin header and readme
#      carry the version; each .deb holds the static binaries of its
#      architecture, the units, sysusers/tmpfiles, /etc/arshline with its
#      conffile and the maintainer scripts; each .tar.gz the same files;
#   2. lintian: no error on either .deb (overrides carry their reason);
#   3. reproducible: a second build of the same commit into another
#      directory gives the same SHA256SUMS;
#   4. the .deb installed into this machine (root; systemd need not be
#      PID 1, as in CI): files, user, conffile, directories; the daemon
#      started from the installed unit's ExecStart, Environment= and
#      socket settings through systemd-socket-activate as the arshline
#      user; `arshlinectl status` as arshline and system.health as www-data
#      with an actor (what PHP does); then `dpkg -r` keeps the data and
#      `dpkg --purge` deletes it. The maintainer scripts' systemctl calls
#      on a host that systemd runs are checked in a mount namespace with
#      /run/systemd/system and a stand-in systemctl.
# It leaves the machine as it found it (package purged, the arshline user
# removed if it created it) and may be run again.
#
# usage: .ci/release-check.sh DIST VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$(cd "${1:?usage: release-check.sh DIST VERSION}" && pwd)
version=${2:?usage: release-check.sh DIST VERSION}
export LC_ALL=C DEBIAN_FRONTEND=noninteractive

fail() { echo "FAIL: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=
need() { # need COMMAND PACKAGE
	command -v "$1" >/dev/null && return
	if [ -z "$apt_updated" ]; then
		as_root apt-get update -qq
		apt_updated=1
	fi
	as_root apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}
need lintian lintian
need systemd-socket-activate systemd
need unzip unzip
need adduser adduser
need setpriv util-linux
need sqlite3 sqlite3
need unshare util-linux

# dpkg_locked ARGS: dpkg, waiting while another dpkg or apt run holds its
# lock (a shared machine may be installing packages meanwhile).
dpkg_locked() {
	local out rc
	for _ in $(seq 120); do
		rc=0
		out=$(as_root dpkg "$@" 2>&1) || rc=$?
		if [ "$rc" = 0 ]; then printf '%s\n' "$out"; return 0; fi
		if ! grep -qiE 'lock|locked' <<<"$out"; then printf '%s\n' "$out" >&2; return "$rc"; fi
		sleep 5
	done
	printf '%s\n' "$out" >&2
	return 1
}

work=$(mktemp -d)
chmod 755 "$work"
daemon_pid=
user_existed=no
getent passwd arshline >/dev/null && user_existed=yes
# known: dpkg has the package installed, or its conffiles after a remove.
known() { case "$(dpkg-query -W -f='${db:Status-Status}' arshlined 2>/dev/null)" in "" | not-installed) return 1 ;; esac; }
cleanup() {
	if [ -n "$daemon_pid" ]; then as_root kill "$daemon_pid" 2>/dev/null || true; wait "$daemon_pid" 2>/dev/null || true; fi
	if known; then dpkg_locked --purge arshlined >/dev/null || true; fi
	if [ "$user_existed" = no ] && getent passwd arshline >/dev/null; then
		as_root deluser --system --quiet arshline >/dev/null 2>&1 || true
		if getent group arshline >/dev/null; then as_root delgroup --system --quiet arshline >/dev/null 2>&1 || true; fi
	fi
	rm -rf "$work"
}
trap cleanup EXIT

deb_amd64="arshlined_${version}_amd64.deb"
deb_arm64="arshlined_${version}_arm64.deb"
zip="arshline-sidecar-${version}.zip"

echo "== checksums"
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the files"
[ "$(wc -l <"$dist/SHA256SUMS")" = 5 ] || fail "SHA256SUMS should list 5 files"
echo "ok: $(wc -l <"$dist/SHA256SUMS") files match SHA256SUMS"

echo "== the plugin zip"
unzip -Z1 "$dist/$zip" >"$work/zip.txt"
grep -qx 'arshline-sidecar/arshline-sidecar.php' "$work/zip.txt" || fail "$zip has no arshline-sidecar/arshline-sidecar.php"
if grep -E '^arshline-sidecar/(src|tests|node_modules)/' "$work/zip.txt" | head -n3 | grep .; then
	fail "$zip carries development files"
fi
unzip -p "$dist/$zip" arshline-sidecar/arshline-sidecar.php | grep -Eq "^ \* Version: +${version//./\\.}\$" ||
	fail "the plugin header in $zip does not say Version: $version"
unzip -p "$dist/$zip" arshline-sidecar/readme.txt | grep -Eq "^Stable tag: ${version//./\\.}\$" ||
	fail "readme.txt in $zip does not say Stable tag: $version"
echo "ok: $(wc -l <"$work/zip.txt") entries, version $version in the header and readme.txt"

# elf_machine FILE: the ELF e_machine field (62 x86-64, 183 aarch64).
elf_machine() { od -An -tu2 -j18 -N2 "$1" | tr -d ' '; }
# static FILE: no program interpreter, i.e. no dynamic loader.
static() { ! LC_ALL=C grep -aq '/lib.*/ld-linux' "$1"; }

expected_deb_files='./etc/arshline/arshlined.env
./lib/systemd/system/arshlined.service
./lib/systemd/system/arshlined.socket
./usr/bin/arshlinectl
./usr/bin/arshlined
./usr/lib/sysusers.d/arshline.conf
./usr/lib/tmpfiles.d/arshline.conf
./usr/share/doc/arshlined/changelog.gz
./usr/share/doc/arshlined/copyright
./usr/share/man/man1/arshlinectl.1.gz
./usr/share/man/man8/arshlined.8.gz'

for arch in amd64 arm64; do
	deb="$dist/arshlined_${version}_${arch}.deb"
	echo "== $(basename "$deb")"
	[ "$(dpkg-deb -f "$deb" Package)" = arshlined ] || fail "$deb: package name"
	[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "$deb: version $(dpkg-deb -f "$deb" Version)"
	[ "$(dpkg-deb -f "$deb" Architecture)" = "$arch" ] || fail "$deb: architecture"
	dpkg-deb -c "$deb" >"$work/deb-$arch.txt"
	while read -r f; do
		grep -q " $f\$" "$work/deb-$arch.txt" || fail "$deb lacks $f"
	done <<<"$expected_deb_files"
	grep -E ' \./etc/arshline/$' "$work/deb-$arch.txt" | grep -q '^drwx------ root/root' || fail "$deb: /etc/arshline is not 0700 root"
	if awk '{print $2}' "$work/deb-$arch.txt" | grep -v '^root/root$' | grep .; then fail "$deb: files not owned by root"; fi
	rm -rf "$work/x" && mkdir "$work/x"
	dpkg-deb -e "$deb" "$work/x/DEBIAN"
	[ "$(cat "$work/x/DEBIAN/conffiles")" = /etc/arshline/arshlined.env ] || fail "$deb: conffiles"
	for s in postinst prerm postrm; do [ -x "$work/x/DEBIAN/$s" ] || fail "$deb: no $s"; done
	dpkg-deb -x "$deb" "$work/x"
	want=62; [ "$arch" = arm64 ] && want=183
	for b in arshlined arshlinectl; do
		[ "$(elf_machine "$work/x/usr/bin/$b")" = "$want" ] || fail "$deb: $b is not built for $arch"
		static "$work/x/usr/bin/$b" || fail "$deb: $b is dynamically linked"
	done
	grep -qx 'ExecStart=/usr/bin/arshlined' "$work/x/lib/systemd/system/arshlined.service" || fail "$deb: the unit does not start /usr/bin/arshlined"
	echo "ok: $(wc -l <"$work/deb-$arch.txt") entries, static $arch binaries, conffile, scripts"

	tgz="$dist/arshline-sidecar_${version}_linux_${arch}.tar.gz"
	echo "== $(basename "$tgz")"
	top="arshline-sidecar_${version}_linux_${arch}"
	tar -tzvf "$tgz" >"$work/tar-$arch.txt"
	for f in bin/arshlined bin/arshlinectl systemd/arshlined.service systemd/arshlined.socket \
		systemd/arshline.sysusers.conf systemd/arshline.tmpfiles.conf systemd/arshlined.env README.md INSTALL.md OPERATIONS.md; do
		grep -q " $top/$f\$" "$work/tar-$arch.txt" || fail "$tgz lacks $top/$f"
	done
	if awk '{print $2}' "$work/tar-$arch.txt" | grep -v '^0/0$' | grep .; then fail "$tgz: owners are not 0/0"; fi
	rm -rf "$work/t" && mkdir "$work/t" && tar -C "$work/t" -xzf "$tgz"
	cmp -s "$work/t/$top/bin/arshlined" "$work/x/usr/bin/arshlined" || fail "$tgz and $deb hold different daemons"
	echo "ok: $(wc -l <"$work/tar-$arch.txt") entries, the same binaries as the .deb"
done

echo "== the binaries say the version and protocol"
host_arch=$(dpkg --print-architecture)
rm -rf "$work/t" && mkdir "$work/t" && tar -C "$work/t" -xzf "$dist/arshline-sidecar_${version}_linux_${host_arch}.tar.gz"
got=$("$work/t/arshline-sidecar_${version}_linux_${host_arch}/bin/arshlined" version)
[ "$got" = "arshlined $version protocol 1" ] || fail "arshlined version says '$got'"
echo "ok: $got"

echo "== lintian"
lintian --tag-display-limit 0 "$dist/$deb_amd64" "$dist/$deb_arm64" 2>/dev/null | tee "$work/lintian.txt" || true
if grep -q '^E: ' "$work/lintian.txt"; then fail "lintian reports errors"; fi
echo "ok: no lintian errors ($(grep -c '^W: ' "$work/lintian.txt" || true) warnings)"

echo "== reproducible: a second build of the same commit"
SOURCE_DATE_EPOCH='' bash packaging/release.sh "$work/again" "$version" >/dev/null
if ! diff -u "$dist/SHA256SUMS" "$work/again/SHA256SUMS"; then
	fail "a second build differs"
fi
echo "ok: the same SHA256SUMS"

echo "== dpkg -i $host_arch"
if known; then dpkg_locked --purge arshlined >/dev/null; fi
dpkg_locked -i "$dist/arshlined_${version}_${host_arch}.deb"
dpkg-query -W -f='${Status} ${Version}\n' arshlined | grep -qx "install ok installed $version" || fail "not installed"
for f in /usr/bin/arshlined /usr/bin/arshlinectl /lib/systemd/system/arshlined.service /lib/systemd/system/arshlined.socket \
	/usr/lib/sysusers.d/arshline.conf /usr/lib/tmpfiles.d/arshline.conf /etc/arshline/arshlined.env; do
	[ -e "$f" ] || fail "$f is not installed"
done
dpkg-query -W -f='${Conffiles}\n' arshlined | grep -q '^ /etc/arshline/arshlined.env ' || fail "arshlined.env is not a conffile"
getent passwd arshline | grep -Eq '^arshline:x:[0-9]+:[0-9]+:[^:]*:/var/lib/arshline:/usr/sbin/nologin$' || fail "user arshline: $(getent passwd arshline)"
[ "$(stat -c '%a %U' /etc/arshline)" = "700 root" ] || fail "/etc/arshline is $(stat -c '%a %U' /etc/arshline)"
[ "$(stat -c '%a %U' /etc/arshline/arshlined.env)" = "600 root" ] || fail "arshlined.env is $(stat -c '%a %U' /etc/arshline/arshlined.env)"
for d in /var/lib/arshline /var/log/arshline; do
	[ "$(stat -c '%a %U %G' "$d")" = "700 arshline arshline" ] || fail "$d is $(stat -c '%a %U %G' "$d")"
done
echo "ok: files, conffile, user $(id arshline), directories"

echo "== the maintainer scripts on a host that systemd runs"
# In a mount namespace of its own, /run is a fresh tmpfs holding
# /run/systemd/system (what the scripts test), and systemctl is a stand-in
# that records its arguments: the calls a real systemd would get.
mkdir -p "$work/fake"
cat >"$work/fake/systemctl" <<'FAKE'
#!/bin/sh
echo "$*" >>"$SYSTEMCTL_LOG"
FAKE
chmod 755 "$work/fake/systemctl"
under_systemd() { # under_systemd SCRIPT ARGS…
	SYSTEMCTL_LOG="$work/systemctl.log" PATH="$work/fake:$PATH" unshare --mount sh -c \
		'mount -t tmpfs tmpfs /run && mkdir -p /run/systemd/system && exec sh "$@"' sh "$@"
}
expect_calls() { # expect_calls WHAT EXPECTED
	local got
	got=$(cat "$work/systemctl.log" 2>/dev/null || true)
	[ "$got" = "$2" ] || fail "$1: systemctl got '$got', want '$2'"
	rm -f "$work/systemctl.log"
	echo "ok: $1: systemctl $(printf '%s' "$2" | tr '\n' ';')"
}
info=/var/lib/dpkg/info
under_systemd "$info/arshlined.postinst" configure
expect_calls "first install" "--system daemon-reload
enable --now arshlined.socket"
under_systemd "$info/arshlined.postinst" configure 0.1.0
expect_calls "upgrade" "--system daemon-reload
try-restart arshlined.service"
under_systemd "$info/arshlined.prerm" upgrade 0.2.1
expect_calls "prerm before an upgrade" ""
under_systemd "$info/arshlined.prerm" remove
expect_calls "removal" "disable --now arshlined.socket arshlined.service"
[ -d /var/lib/arshline ] || fail "the scripts' runs deleted the data"

echo "== the plugin's default socket is the unit's"
unit=/lib/systemd/system/arshlined.service
sock_unit=/lib/systemd/system/arshlined.socket
listen=$(sed -n 's/^ListenStream=//p' "$sock_unit")
grep -q "DEFAULT_SOCKET *= *'$listen'" wp-plugin/arshline-sidecar/includes/class-arshline-sidecar-plugin.php ||
	fail "the plugin's DEFAULT_SOCKET is not $listen"
[ "$(sed -n 's/^SocketGroup=//p' "$sock_unit")" = www-data ] || fail "the socket's group is not www-data"
echo "ok: $listen, group www-data"

echo "== the daemon from the installed unit, through systemd-socket-activate"
# As systemd would: the unit's ExecStart and Environment=, the state and
# logs directories, its umask, the socket's owner, group and mode from
# the socket unit. The socket lives in a directory of this check, so a
# daemon another test runs at the unit's path is left alone.
read -ra exec_start <<<"$(sed -n 's/^ExecStart=//p' "$unit")"
envs=(-E STATE_DIRECTORY=/var/lib/arshline -E LOGS_DIRECTORY=/var/log/arshline)
while IFS= read -r kv; do envs+=(-E "$kv"); done < <(sed -n 's/^Environment=//p' "$unit")
sock="$work/run/arshlined.sock"
install -d -m "$(sed -n 's/^DirectoryMode=//p' "$sock_unit")" "$work/run"
umask_unit=$(sed -n 's/^UMask=//p' "$unit")
(umask "$umask_unit" && exec systemd-socket-activate -l "$sock" "${envs[@]}" \
	setpriv --reuid=arshline --regid=arshline --init-groups "${exec_start[@]}") >"$work/daemon.log" 2>&1 &
daemon_pid=$!
for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
[ -S "$sock" ] || { cat "$work/daemon.log"; fail "no socket"; }
chown "$(sed -n 's/^SocketUser=//p' "$sock_unit"):$(sed -n 's/^SocketGroup=//p' "$sock_unit")" "$sock"
chmod "$(sed -n 's/^SocketMode=//p' "$sock_unit")" "$sock"

echo "-- sudo -u arshline arshlinectl status"
status_out=$(setpriv --reuid=arshline --regid=arshline --init-groups arshlinectl --socket "$sock" status) ||
	{ cat "$work/daemon.log"; fail "arshlinectl status failed"; }
printf '%s\n' "$status_out" | tee "$work/status.txt"
grep -qx "arshlined  $version (protocol 1)" "$work/status.txt" || fail "status: version"
grep -q '^database   /var/lib/arshline/arshline.db  .*, ok$' "$work/status.txt" || fail "status: database"
grep -q '^uploads    /var/lib/arshline/uploads  ' "$work/status.txt" || fail "status: uploads"

echo "-- system.health as www-data, naming an actor as the plugin does"
health=$(setpriv --reuid=www-data --regid=www-data --init-groups arshlinectl --socket "$sock" call system.health \
	'{"actor":{"user_id":1,"caps":["manage_options"]}}')
printf '%s\n' "$health"
grep -q "\"version\": \"$version\"" <<<"$health" || fail "health: version"
grep -q '"protocol": 1' <<<"$health" || fail "health: protocol"
grep -q '"db_ok": true' <<<"$health" || fail "health: db_ok"

echo "-- a form, to see it outlive dpkg -r"
setpriv --reuid=arshline --regid=arshline --init-groups arshlinectl --socket "$sock" forms create "فرم نگه‌داشتنی" >/dev/null
kill -TERM "$daemon_pid"
wait "$daemon_pid" || true
daemon_pid=
[ -s /var/lib/arshline/arshline.db ] || fail "no database in /var/lib/arshline"
[ "$(stat -c %U /var/lib/arshline/arshline.db)" = arshline ] || fail "the database is not arshline's"

echo "== dpkg -i again, as an upgrade: data and an edited conffile kept"
echo 'ARSHLINE_LOG_LEVEL=DEBUG' >>/etc/arshline/arshlined.env
dpkg_locked -i "$dist/arshlined_${version}_${host_arch}.deb" >/dev/null
grep -qx 'ARSHLINE_LOG_LEVEL=DEBUG' /etc/arshline/arshlined.env || fail "reinstalling lost the edit of arshlined.env"
[ -s /var/lib/arshline/arshline.db ] || fail "reinstalling lost the database"
echo "ok"

echo "== dpkg -r: programs gone, data and settings kept"
dpkg_locked -r arshlined
dpkg-query -W -f='${Status}\n' arshlined | grep -qx 'deinstall ok config-files' || fail "status after remove: $(dpkg-query -W -f='${Status}' arshlined)"
for f in /usr/bin/arshlined /usr/bin/arshlinectl /lib/systemd/system/arshlined.service; do
	[ ! -e "$f" ] || fail "$f is still there after dpkg -r"
done
[ -s /var/lib/arshline/arshline.db ] || fail "dpkg -r deleted the database"
[ -f /etc/arshline/arshlined.env ] || fail "dpkg -r deleted the conffile"
forms=$(setpriv --reuid=arshline --regid=arshline --init-groups sqlite3 -readonly /var/lib/arshline/arshline.db "SELECT count(*) FROM forms WHERE title = 'فرم نگه‌داشتنی'")
[ "$forms" = 1 ] || fail "the form is not in the kept database ($forms)"
echo "ok: $(find /var/lib/arshline -mindepth 1 -maxdepth 1 -printf '%f ' | sort)kept"

echo "== dpkg --purge: data, logs and settings gone"
dpkg_locked --purge arshlined
if known; then fail "still known to dpkg after purge"; fi
for d in /var/lib/arshline /var/log/arshline /etc/arshline; do
	[ ! -e "$d" ] || fail "$d is still there after purge"
done
getent passwd arshline >/dev/null || fail "purge removed the arshline user (Debian keeps system users)"
echo "ok: /var/lib/arshline, /var/log/arshline, /etc/arshline deleted; the user arshline stays"
echo "release-check: all ok"
