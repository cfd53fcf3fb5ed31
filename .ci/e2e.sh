#!/usr/bin/env bash
# End-to-end test: real MariaDB, real WordPress (Debian's package, its
# default theme and Persian language pack, the site and the admin in
# Persian on Tehran time) served by PHP's built-in server on loopback as
# www-data, the plugin installed from its release zip through wp-admin's
# Upload Plugin screen and activated there, arshlined from the release's
# .deb started as its systemd units start it (make release builds the
# .deb when it is missing or stale) with the loopback fake model, and
# Chromium driven by playwright-core through the admin pages. Then the
# same site on two web hosts behind a load balancer, each with its own
# PHP server and arshlined, both daemons on one store in MariaDB
# (e2e/hosts.mjs). Installs what it needs on a fresh Debian machine (as
# root).
#
#   .ci/e2e.sh                          run it; screenshots land in e2e/artifacts/
#   E2E_KEEP=1 .ci/e2e.sh               keep the scratch directory for inspection
#   ARSHLINED_BIN=bin/arshlined .ci/e2e.sh   a private build instead of the .deb's
#   E2E_HOSTS=0 .ci/e2e.sh              without the two-host pass
#   E2E_ONLY=hosts .ci/e2e.sh           the two-host pass alone
set -euo pipefail
start_ns=$(date +%s%N)
cd "$(dirname "$0")/.."
repo=$PWD
export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive

log() { printf 'e2e: %s\n' "$*"; }
fail() { printf 'e2e: FAILED: %s\n' "$*" >&2; exit 1; }

# --- packages -------------------------------------------------------------
need=()
for pkg in wordpress wordpress-theme-twentytwentythree wordpress-l10n mariadb-server php-cli php-mysql php-curl php-xml php-mbstring php-zip zip chromium fonts-dejavu-core systemd; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
if ((${#need[@]})); then
	log "installing ${need[*]}"
	apt-get update
	apt-get install -y --no-install-recommends "${need[@]}"
fi
command -v go >/dev/null 2>&1 || fail "Go is needed to build arshlined (see README: Go in /usr/local/go)"
chromium_bin=$(command -v chromium || true)
[[ -x "$chromium_bin" ]] || fail "chromium is not installed"

# --- scratch space and cleanup ---------------------------------------------
tmp=$(mktemp -d /tmp/arsh-e2e.XXXXXX)
pids=()
groups=() # process groups (PHP's server forks workers that outlive a killed parent)
cleanup() {
	local status=$?
	for pgid in "${groups[@]}"; do
		kill -- "-$pgid" 2>/dev/null || true
	done
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[$i]}" 2>/dev/null || true
	done
	for pid in "${pids[@]}"; do
		for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
	if ((status != 0)); then
		for f in "$tmp"/logs/*.log "$tmp"/wp/wp-content/debug.log; do
			[[ -s "$f" ]] || continue
			printf '\n----- %s (last 40 lines) -----\n' "$f" >&2
			tail -n 40 "$f" >&2
		done
	fi
	if [[ "${E2E_KEEP:-}" == 1 ]]; then log "kept $tmp"; else rm -rf "$tmp"; fi
	local ms=$((($(date +%s%N) - start_ns) / 1000000))
	printf 'e2e: wall time %d.%03d s (%s)\n' $((ms / 1000)) $((ms % 1000)) "$([[ $status == 0 ]] && echo passed || echo failed)"
	exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$tmp/logs" "$tmp/run" "$tmp/data"

free_port() { php -r '$s=stream_socket_server("tcp://127.0.0.1:0");$n=stream_socket_get_name($s,false);echo substr($n,strrpos($n,":")+1);'; }
wait_for() { # seconds, description, command...
	local secs=$1 what=$2; shift 2
	for _ in $(seq $((secs * 10))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
	fail "$what did not come up within ${secs}s"
}

# --- build -----------------------------------------------------------------
log "building the fake model"
go build -o "$tmp/fakeopenai" ./e2e/fakeopenai
(cd e2e && npm ci --no-audit --no-fund --loglevel=error)
version=$(packaging/version.sh)
# The plugin as a site owner downloads it (make release builds the same zip).
plugin_zip=$(wp-plugin/bin/build-zip.sh "$tmp/dist" "$version")

# --- the daemon as the package ships it --------------------------------------
# The release's .deb unpacked into the scratch directory: its binary, its
# units and its /etc/arshline/arshlined.env. Not installed: the release
# check installs and purges the package on this machine, and the two must
# not meet. ARSHLINED_BIN runs a developer's binary with the tree's units
# instead, laid out as the package lays them.
pkgroot="$tmp/pkg"
if [[ -n "${ARSHLINED_BIN:-}" ]]; then
	log "arshlined: $ARSHLINED_BIN with the units of systemd/"
	install -D -m 0755 "$ARSHLINED_BIN" "$pkgroot/usr/bin/arshlined"
	install -D -m 0644 systemd/arshlined.service "$pkgroot/lib/systemd/system/arshlined.service"
	install -D -m 0644 systemd/arshlined.socket "$pkgroot/lib/systemd/system/arshlined.socket"
	install -D -m 0600 packaging/deb/arshlined.env "$pkgroot/etc/arshline/arshlined.env"
else
	deb="dist/arshlined_${version}_$(dpkg --print-architecture).deb"
	# make release (which make test runs before this) wrote it; built
	# again when missing or older than what goes into it.
	if [[ ! -f "$deb" ]] || [[ -n "$(find cmd daemon rpc sqlstore migrations systemd packaging go.mod go.sum VERSION \
		-newer "$deb" -print -quit 2>/dev/null)" ]]; then
		log "building the release: $deb is missing or older than its sources"
		make release >"$tmp/logs/release.log" 2>&1 || { tail -n 40 "$tmp/logs/release.log" >&2; fail "make release"; }
	fi
	log "arshlined: from $deb"
	dpkg-deb -x "$deb" "$pkgroot"
fi
daemon_bin="$pkgroot/usr/bin/arshlined"
unit="$pkgroot/lib/systemd/system/arshlined.service"
sock_unit="$pkgroot/lib/systemd/system/arshlined.socket"
daemon_version=$("$daemon_bin" version | awk '{print $2}')
[[ -n "$daemon_version" ]] || fail "$daemon_bin version says nothing"
# PHP serves WordPress as www-data, the user of Debian's PHP-FPM: the
# permission and peer checks of the socket meet it as they would a site.
chmod 0755 "$tmp"

# --- MariaDB ---------------------------------------------------------------
log "starting MariaDB"
mariadb-install-db --user=root --datadir="$tmp/mysql" --auth-root-authentication-method=socket \
	--skip-test-db >"$tmp/logs/mariadb-install.log" 2>&1
mariadbd --no-defaults --user=root --datadir="$tmp/mysql" --socket="$tmp/run/mysql.sock" \
	--skip-networking --pid-file="$tmp/run/mysql.pid" --log-error="$tmp/logs/mariadb.log" \
	--innodb-buffer-pool-size=64M --skip-log-bin &
pids+=($!)
wait_for 30 MariaDB mariadb --no-defaults -uroot -S "$tmp/run/mysql.sock" -e 'SELECT 1'
db_pass=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
mariadb --no-defaults -uroot -S "$tmp/run/mysql.sock" <<SQL
CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '$db_pass';
GRANT ALL PRIVILEGES ON wordpress.* TO 'wordpress'@'localhost';
SQL

# --- fake model and daemon ---------------------------------------------------
log "starting the fake model and arshlined"
"$tmp/fakeopenai" -addr 127.0.0.1:0 -port-file "$tmp/run/fake.port" -slow "${E2E_SLOW:-8s}" \
	>"$tmp/logs/fakeopenai.log" 2>&1 &
pids+=($!)
wait_for 10 "the fake model" test -s "$tmp/run/fake.port"
fake_port=$(cat "$tmp/run/fake.port")
socket="$tmp/run/arshlined.sock"

# As systemd starts it from arshlined.service and arshlined.socket: the
# unit's ExecStart, Environment= and EnvironmentFile=, UMask=, its state
# and logs directories, the openai-key credential, and the socket passed
# already listening with the socket unit's owner, group and mode. The
# paths are the e2e's own, and the user is one of its own with the same
# shape as the unit's User= (a system user, no login), so the package's
# arshline user stays the release check's.
unit_get() { sed -n "s/^$1=//p" "$2"; } # key, unit file: every value of the key
unit_one() { # key, unit file: the one value of the key
	local v
	v=$(unit_get "$1" "$2")
	[[ -n "$v" && "$v" != *$'\n'* ]] || fail "$(basename "$2") should have exactly one $1="
	printf '%s' "$v"
}
[[ "$(unit_one User "$unit")" == arshline && "$(unit_one Group "$unit")" == arshline ]] || fail "arshlined.service no longer runs as arshline"
[[ "$(unit_one SocketUser "$sock_unit")" == arshline ]] || fail "arshlined.socket no longer belongs to arshline"
daemon_user=arshline-e2e
getent passwd "$daemon_user" >/dev/null ||
	useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
		--comment "Arshline e2e daemon" "$daemon_user" ||
	getent passwd "$daemon_user" >/dev/null || fail "could not create the user $daemon_user"
declare -A unit_env=()
env_set() { # KEY=VALUE, from where
	[[ "$1" =~ ^[A-Za-z_][A-Za-z0-9_]*=[^\"\'\ \\]*$ ]] || fail "$2: cannot read «$1» (quotes, spaces or escapes)"
	unit_env[${1%%=*}]=${1#*=}
}
while IFS= read -r kv; do env_set "$kv" Environment=; done < <(unit_get Environment "$unit")
# EnvironmentFile= values override Environment= (systemd.exec(5)); "-"
# lets the unit start without the file.
while IFS= read -r envfile; do
	optional=no
	[[ "$envfile" == -* ]] && { optional=yes; envfile=${envfile#-}; }
	if [[ ! -f "$pkgroot$envfile" ]]; then
		[[ $optional == yes ]] || fail "the unit needs $envfile, which the package lacks"
		continue
	fi
	while IFS= read -r line; do
		[[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
		env_set "$line" "$envfile"
	done <"$pkgroot$envfile"
done < <(unit_get EnvironmentFile "$unit")
# StateDirectory=, LogsDirectory= with their modes and owner.
install -d -o "$daemon_user" -g "$daemon_user" -m "$(unit_one StateDirectoryMode "$unit")" "$tmp/data"
install -d -o "$daemon_user" -g "$daemon_user" -m "$(unit_one LogsDirectoryMode "$unit")" "$tmp/logs/arshlined"
unit_env[STATE_DIRECTORY]=$tmp/data
unit_env[LOGS_DIRECTORY]=$tmp/logs/arshlined
# LoadCredential=openai-key:…: the fake model's key, readable by the daemon alone.
unit_get LoadCredential "$unit" | grep -q '^openai-key:' || fail "arshlined.service no longer loads the openai-key credential"
install -d -o "$daemon_user" -g "$daemon_user" -m 0500 "$tmp/credentials"
printf 'sk-e2e-not-a-real-key\n' >"$tmp/credentials/openai-key"
chown "$daemon_user:$daemon_user" "$tmp/credentials/openai-key"
chmod 0400 "$tmp/credentials/openai-key"
unit_env[CREDENTIALS_DIRECTORY]=$tmp/credentials
setenv=()
for k in "${!unit_env[@]}"; do setenv+=(-E "$k=${unit_env[$k]}"); done
read -ra exec_start <<<"$(unit_one ExecStart "$unit")"
[[ "${exec_start[0]}" == /usr/bin/arshlined ]] || fail "ExecStart runs ${exec_start[0]}, not /usr/bin/arshlined"
exec_start[0]="$pkgroot/usr/bin/arshlined"
chmod "$(unit_one DirectoryMode "$sock_unit")" "$tmp/run"
(umask "$(unit_one UMask "$unit")" && exec env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin systemd-socket-activate -l "$socket" "${setenv[@]}" \
	setpriv --reuid="$daemon_user" --regid="$daemon_user" --init-groups "${exec_start[@]}" \
	--openai-base-url "http://127.0.0.1:$fake_port/v1" --openai-model fake-model --openai-timeout 30s \
	--webhooks-allow-loopback-http) \
	>"$tmp/logs/arshlined.log" 2>&1 &
daemon_pid=$!
pids+=($daemon_pid)
wait_for 15 "the socket of arshlined" test -S "$socket"
socket_group=$(unit_one SocketGroup "$sock_unit")
chown "$daemon_user:$socket_group" "$socket"
chmod "$(unit_one SocketMode "$sock_unit")" "$socket"
# What a site owner gets: PHP as www-data reaches the socket the units
# make, and, as under systemd, this first connection starts the daemon.
runuser -u www-data -- php -r '$s = @stream_socket_client("unix://" . $argv[1], $no, $err, 5); if (!$s) { fwrite(STDERR, "$err\n"); exit(1); }' "$socket" ||
	fail "www-data cannot connect to the socket the units make ($(stat -c '%U:%G %a' "$socket"))"
wait_for 15 arshlined grep -q 'arshlined ready' "$tmp/logs/arshlined.log"
log "arshlined $daemon_version runs as $(stat -c %U "/proc/$daemon_pid"); socket $(stat -c '%U:%G %a' "$socket"); ${#unit_env[@]} variables from the unit"

# Sockets for the settings page's connection test, one per cause: a second
# arshlined that does not list www-data (it refuses it), a socket only
# root may open, and a stand-in answering system.health with protocol 2.
mkdir -p "$tmp/data-refuse"
"$daemon_bin" --socket "$tmp/run/refuse.sock" --socket-mode 0666 --db "$tmp/data-refuse/arshline.db" \
	--log-dir "$tmp/logs/refuse" >"$tmp/logs/arshlined-refuse.log" 2>&1 &
pids+=($!)
standin() { # socket, mode, file mode
	php "$repo/wp-plugin/tests/fixtures/standin-server.php" "$1" "$2" >"$tmp/logs/standin-$2.log" 2>&1 &
	pids+=($!)
	wait_for 10 "the stand-in ($2)" grep -qx ready "$tmp/logs/standin-$2.log"
	chmod "$3" "$1"
}
standin "$tmp/run/root-only.sock" health-1 0600
standin "$tmp/run/protocol-2.sock" health-2 0666
wait_for 15 "the second arshlined" test -S "$tmp/run/refuse.sock"

# Kavenegar's sms/send as a loopback stand-in (the plugin's tests use the
# same one): the visitor's mobile question verified by a texted code. It
# writes each text to a file, where the browser test reads the code.
sms_port=$(free_port)
ARSHLINE_SMS_LOG="$tmp/logs/sms.jsonl" ARSHLINE_SMS_KEY=e2e-kavenegar-key \
	php -S "127.0.0.1:$sms_port" "$repo/wp-plugin/tests/fixtures/kavenegar-stand-in.php" >"$tmp/logs/kavenegar.log" 2>&1 &
pids+=($!)
wait_for 10 "the Kavenegar stand-in" php -r "exit(@fsockopen('127.0.0.1', $sms_port) ? 0 : 1);"

# --- WordPress -------------------------------------------------------------
log "installing WordPress"
wp_port=$(free_port)
url="http://127.0.0.1:$wp_port"
export E2E_URL=$url
docroot="$tmp/wp"
mkdir -p "$docroot/wp-content/plugins" "$docroot/wp-content/uploads" "$docroot/wp-content/upgrade"
# Debian's tree with its own wp-config.php left out: a private copy whose
# __DIR__ paths resolve inside the docroot.
(cd /usr/share/wordpress && tar --dereference --exclude=./wp-config.php --exclude=./wp-content --exclude=./.htaccess -cf - .) | tar -xf - -C "$docroot"
# Debian's themes (twentytwentythree, the default) and language packs
# (wordpress-l10n puts fa_IR.mo, admin-fa_IR.mo… in wp-content/languages).
ln -s /usr/share/wordpress/wp-content/themes "$docroot/wp-content/themes"
ln -s /usr/share/wordpress/wp-content/languages "$docroot/wp-content/languages"
[[ -f /usr/share/wordpress/wp-content/languages/admin-fa_IR.mo ]] || fail "wordpress-l10n has no admin-fa_IR.mo"
[[ -f /usr/share/wordpress/wp-content/themes/twentytwentythree/style.css ]] || fail "twentytwentythree is not installed"
salt() { head -c 48 /dev/urandom | base64 | tr -d '\n/+='; }
cat >"$docroot/wp-config.php" <<PHP
<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'wordpress' );
define( 'DB_PASSWORD', '$db_pass' );
define( 'DB_HOST', 'localhost:$tmp/run/mysql.sock' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'AUTH_KEY', '$(salt)' );
define( 'SECURE_AUTH_KEY', '$(salt)' );
define( 'LOGGED_IN_KEY', '$(salt)' );
define( 'NONCE_KEY', '$(salt)' );
define( 'AUTH_SALT', '$(salt)' );
define( 'SECURE_AUTH_SALT', '$(salt)' );
define( 'LOGGED_IN_SALT', '$(salt)' );
define( 'NONCE_SALT', '$(salt)' );
define( 'WP_HOME', '$url' );
define( 'WP_SITEURL', '$url' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', '$docroot/wp-content/debug.log' );
define( 'WP_DEBUG_DISPLAY', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'FS_METHOD', 'direct' );
// A loopback test site without TLS: 'local' lets WordPress offer
// application passwords, which the browser test calls the REST API with.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
\$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
admin_pass="e2e-$(head -c 9 /dev/urandom | base64 | tr -d '/+=')"
php "$repo/e2e/wp-setup.php" "$docroot" "$admin_pass" "$socket"
chown -R www-data:www-data "$docroot/wp-content/plugins" "$docroot/wp-content/uploads" "$docroot/wp-content/upgrade"
chown www-data:www-data "$docroot/wp-content"
touch "$docroot/wp-content/debug.log"
chown www-data:www-data "$docroot/wp-content/debug.log"

log "serving WordPress on $url as www-data"
PHP_CLI_SERVER_WORKERS=4 setsid runuser -u www-data -- php -S "127.0.0.1:$wp_port" -t "$docroot" "$repo/e2e/router.php" \
	>"$tmp/logs/php-server.log" 2>&1 &
pids+=($!)
groups+=($!)
wait_for 15 "the WordPress server" php -r "exit(@file_get_contents('$url/wp-login.php') === false ? 1 : 0);"

hostile_form=$(php "$repo/e2e/seed-daemon.php" "$socket")

# --- the browser -----------------------------------------------------------
rm -rf "$repo/e2e/artifacts"
mkdir -p "$repo/e2e/artifacts"
if [[ "${E2E_ONLY:-}" == hosts ]]; then
	# The plugin unpacked from its zip and activated by PHP, not through
	# wp-admin's upload: the two-host pass alone, for working on it.
	log "E2E_ONLY=hosts: the one-host browser tests are skipped"
	php -r '$z = new ZipArchive(); if (true !== $z->open($argv[1]) || !$z->extractTo($argv[2])) { exit(1); }' "$plugin_zip" "$docroot/wp-content/plugins"
	chown -R www-data:www-data "$docroot/wp-content/plugins"
	php -r '$_SERVER["HTTP_HOST"] = parse_url($argv[2], PHP_URL_HOST) . ":" . parse_url($argv[2], PHP_URL_PORT); require $argv[1] . "/wp-load.php"; require_once ABSPATH . "wp-admin/includes/plugin.php";
		$r = activate_plugin("arshline-sidecar/arshline-sidecar.php"); if (is_wp_error($r)) { fwrite(STDERR, $r->get_error_message() . "\n"); exit(1); }' "$docroot" "$url"
else
	log "running the browser test"
	E2E_URL=$url E2E_USER=admin E2E_PASS=$admin_pass E2E_CHROMIUM=$chromium_bin \
		E2E_ARTIFACTS="$repo/e2e/artifacts" E2E_FAKE_URL="http://127.0.0.1:$fake_port" \
		E2E_SOCKET=$socket E2E_HOSTILE_FORM=$hostile_form E2E_PLUGIN_ZIP=$plugin_zip E2E_VERSION=$version E2E_DAEMON_VERSION=$daemon_version \
		E2E_SOCKET_REFUSE="$tmp/run/refuse.sock" E2E_SOCKET_ROOT_ONLY="$tmp/run/root-only.sock" \
		E2E_SOCKET_PROTOCOL2="$tmp/run/protocol-2.sock" \
		E2E_SMS_URL="http://127.0.0.1:$sms_port" E2E_SMS_KEY=e2e-kavenegar-key E2E_SMS_LOG="$tmp/logs/sms.jsonl" \
		node "$repo/e2e/run.mjs"
	E2E_URL=$url E2E_CHROMIUM=$chromium_bin E2E_ARTIFACTS="$repo/e2e/artifacts" E2E_SOCKET=$socket \
		E2E_SMS_URL="http://127.0.0.1:$sms_port" E2E_SMS_KEY=e2e-kavenegar-key E2E_SMS_LOG="$tmp/logs/sms.jsonl" \
		node "$repo/e2e/visitor.mjs"
fi

# --- two web hosts on one MariaDB store -------------------------------------
# The site outgrows one machine: two web hosts behind a load balancer at
# the site's address, each with its PHP and its own arshlined (the
# package's unit as above, with its own socket, log directory and
# --node-name), both daemons on one store in the WordPress database, as
# OPERATIONS.md's "Several web hosts" sets it up: the tables made by a
# user that may change the schema, the daemons running as one that may
# only read and write rows (MariaDB's unix_socket authentication of the
# daemon's user, so a blank db-password credential) and only add
# versions. Uploads and exports stay in one state directory, the storage
# both hosts mount. Each host's PHP reaches its own daemon through
# ARSHLINE_SIDECAR_SOCKET, defined per server (auto_prepend_file stands
# in for each host's own wp-config.php); the option the settings page
# stored stays as it is. E2E_HOSTS=0 skips this pass.
if [[ "${E2E_HOSTS:-1}" != 0 ]]; then
	hosts_t0=$(date +%s%N)
	one_host_pgid=${groups[0]} # the PHP server of the pass above
	log "two hosts: the store in MariaDB, two arshlined, two PHP servers behind a balancer"
	mysql_sock="$tmp/run/mysql.sock"
	admin_db_pass=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
	install -m 0600 /dev/stdin "$tmp/db-admin-password" <<<"$admin_db_pass"
	mariadb --no-defaults -uroot -S "$mysql_sock" <<SQL
CREATE USER 'arshline_admin'@'localhost' IDENTIFIED BY '$admin_db_pass';
GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, INDEX, REFERENCES, DROP ON wordpress.* TO 'arshline_admin'@'localhost';
CREATE USER '$daemon_user'@'localhost' IDENTIFIED VIA unix_socket;
SQL
	store_admin="mysql://arshline_admin@unix($mysql_sock)/wordpress?prefix=arsh_"
	"$daemon_bin" migrate --db "$store_admin" --db-password-file "$tmp/db-admin-password" \
		--log-dir "$tmp/logs/migrate" >"$tmp/logs/migrate.log" 2>&1 || { cat "$tmp/logs/migrate.log" >&2; fail "arshlined migrate on MariaDB"; }
	log "$(cat "$tmp/logs/migrate.log")"
	# Rows only, on every table the migrations made; versions are added, never changed.
	grants=$(mariadb --no-defaults -uroot -S "$mysql_sock" -N -e "SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'wordpress' AND table_name LIKE 'arsh\\_%' AND table_type = 'BASE TABLE'" |
		while read -r t; do
			if [[ "$t" == arsh_form_versions ]]; then privs="SELECT, INSERT"; else privs="SELECT, INSERT, UPDATE, DELETE"; fi
			printf "GRANT %s ON wordpress.\`%s\` TO '%s'@'localhost';\n" "$privs" "$t" "$daemon_user"
		done)
	[[ "$grants" == *arsh_forms* && "$grants" == *arsh_form_versions* ]] || fail "the migration made no arsh_ tables: $grants"
	mariadb --no-defaults -uroot -S "$mysql_sock" <<<"$grants"

	install -d -o "$daemon_user" -g "$daemon_user" -m "$(unit_one StateDirectoryMode "$unit")" "$tmp/data-hosts"
	install -d -o "$daemon_user" -g "$daemon_user" -m 0500 "$tmp/credentials-hosts"
	install -o "$daemon_user" -g "$daemon_user" -m 0400 "$tmp/credentials/openai-key" "$tmp/credentials-hosts/openai-key"
	# No db-password file: the unit's blank SetCredential=, no password.
	: >"$tmp/credentials-hosts/db-password"
	chown "$daemon_user:$daemon_user" "$tmp/credentials-hosts/db-password"
	chmod 0400 "$tmp/credentials-hosts/db-password"
	declare -A host_sock=() host_log=() host_port=()
	for h in a b; do
		host_sock[$h]="$tmp/run/host-$h.sock"
		install -d -o "$daemon_user" -g "$daemon_user" -m "$(unit_one LogsDirectoryMode "$unit")" "$tmp/logs/arshlined-$h"
		host_log[$h]="$tmp/logs/arshlined-$h/hooshyar2-log.txt"
		host_env=()
		for k in "${!unit_env[@]}"; do
			case $k in STATE_DIRECTORY | LOGS_DIRECTORY | CREDENTIALS_DIRECTORY) ;; *) host_env+=(-E "$k=${unit_env[$k]}") ;; esac
		done
		# What arshlined.env holds on each host (the same on both), the
		# node name, and the directories systemd would make on each.
		host_env+=(-E "ARSHLINE_DB=mysql://$daemon_user@unix($mysql_sock)/wordpress?prefix=arsh_" -E "ARSHLINE_NODE_NAME=e2e-$h"
			-E "STATE_DIRECTORY=$tmp/data-hosts" -E "LOGS_DIRECTORY=$tmp/logs/arshlined-$h" -E "CREDENTIALS_DIRECTORY=$tmp/credentials-hosts")
		(umask "$(unit_one UMask "$unit")" && exec env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin systemd-socket-activate -l "${host_sock[$h]}" "${host_env[@]}" \
			setpriv --reuid="$daemon_user" --regid="$daemon_user" --init-groups "${exec_start[@]}" \
			--openai-base-url "http://127.0.0.1:$fake_port/v1" --openai-model fake-model --openai-timeout 30s) \
			>"$tmp/logs/arshlined-$h.log" 2>&1 &
		pids+=($!)
		wait_for 15 "the socket of host $h's arshlined" test -S "${host_sock[$h]}"
		chown "$daemon_user:$socket_group" "${host_sock[$h]}"
		chmod "$(unit_one SocketMode "$sock_unit")" "${host_sock[$h]}"
		runuser -u www-data -- php -r '$s = @stream_socket_client("unix://" . $argv[1], $no, $err, 5); if (!$s) { fwrite(STDERR, "$err\n"); exit(1); }' "${host_sock[$h]}" ||
			fail "www-data cannot connect to host $h's socket"
		wait_for 30 "host $h's arshlined" grep -q 'arshlined ready' "$tmp/logs/arshlined-$h.log"

		cat >"$tmp/host-$h.php" <<PHP
<?php
// Host $h: its own arshlined, as its wp-config.php would name it.
define( 'ARSHLINE_SIDECAR_SOCKET', '${host_sock[$h]}' );
PHP
		host_port[$h]=$(free_port)
		PHP_CLI_SERVER_WORKERS=4 setsid runuser -u www-data -- php -d "auto_prepend_file=$tmp/host-$h.php" -S "127.0.0.1:${host_port[$h]}" -t "$docroot" "$repo/e2e/router.php" \
			>"$tmp/logs/php-host-$h.log" 2>&1 &
		pids+=($!)
		groups+=($!)
	done
	for h in a b; do
		wait_for 15 "host $h's WordPress server" php -r "exit(@fsockopen('127.0.0.1', ${host_port[$h]}) ? 0 : 1);"
	done
	# The one-host server leaves the site's address to the balancer.
	kill -- "-$one_host_pgid" 2>/dev/null || true
	node "$repo/e2e/balancer.mjs" "127.0.0.1:$wp_port" "$tmp/logs/balancer-requests.log" a="127.0.0.1:${host_port[a]}=e2e-a" b="127.0.0.1:${host_port[b]}=e2e-b" \
		>"$tmp/logs/balancer.log" 2>&1 &
	pids+=($!)
	wait_for 15 "the balancer" grep -qx ready "$tmp/logs/balancer.log"
	hosts_ready_ms=$((($(date +%s%N) - hosts_t0) / 1000000))
	log "two hosts up in ${hosts_ready_ms} ms: a on :${host_port[a]} (node e2e-a), b on :${host_port[b]} (node e2e-b), balancer on $url"

	E2E_URL=$url E2E_USER=admin E2E_PASS=$admin_pass E2E_CHROMIUM=$chromium_bin E2E_ARTIFACTS="$repo/e2e/artifacts" \
		E2E_SOCKET_A="${host_sock[a]}" E2E_SOCKET_B="${host_sock[b]}" E2E_LOG_A="${host_log[a]}" E2E_LOG_B="${host_log[b]}" \
		E2E_BALANCER_LOG="$tmp/logs/balancer-requests.log" \
		E2E_SMS_URL="http://127.0.0.1:$sms_port" E2E_SMS_KEY=e2e-kavenegar-key E2E_SMS_LOG="$tmp/logs/sms.jsonl" \
		node "$repo/e2e/hosts.mjs"
	# The store after both hosts: every table checked by the server, no
	# setting that weakens it.
	"$daemon_bin" check --db "$store_admin" --db-password-file "$tmp/db-admin-password" --log-dir "$tmp/logs/migrate" \
		>"$tmp/logs/check.log" 2>&1 || { cat "$tmp/logs/check.log" >&2; fail "arshlined check on the two hosts' store"; }
	hosts_ms=$((($(date +%s%N) - hosts_t0) / 1000000))
	log "two hosts: passed in $((hosts_ms / 1000)).$(printf %03d $((hosts_ms % 1000))) s (setup ${hosts_ready_ms} ms)"
fi

# --- the socket constant, uninstall and the PHP log ------------------------
php "$repo/e2e/wp-constant-check.php" "$docroot"
php "$repo/e2e/wp-uninstall-check.php" "$docroot"
if [[ -f "$docroot/wp-content/debug.log" ]] && grep -n 'arshline-sidecar' "$docroot/wp-content/debug.log"; then
	fail "PHP reported errors, warnings or notices from the plugin (above)"
fi
if grep -n 'PHP \(Warning\|Notice\|Fatal\)' "$tmp"/logs/php-*.log | grep arshline; then
	fail "the PHP server logged warnings from the plugin (above)"
fi
log "no PHP warnings or notices from the plugin"
