#!/usr/bin/env bash
# End-to-end test: real MariaDB, real WordPress (Debian's package, its
# default theme and Persian language pack, the site and the admin in
# Persian on Tehran time) served by PHP's built-in server on loopback as
# www-data, the plugin installed from its release zip through wp-admin's
# Upload Plugin screen and activated there, arshlined with the loopback
# fake model, and Chromium driven by playwright-core through the admin
# pages. Installs what it needs on a fresh Debian machine (as root).
#
#   .ci/e2e.sh            run it; screenshots land in e2e/artifacts/
#   E2E_KEEP=1 .ci/e2e.sh keep the scratch directory for inspection
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
for pkg in wordpress wordpress-theme-twentytwentythree wordpress-l10n mariadb-server php-cli php-mysql php-curl php-xml php-mbstring php-zip zip chromium fonts-dejavu-core; do
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
log "building arshlined and the fake model"
# A private build of the tree as it is (set ARSHLINED_BIN to test another binary).
daemon_bin=${ARSHLINED_BIN:-$tmp/arshlined}
if [[ -z "${ARSHLINED_BIN:-}" ]]; then
	go build -o "$daemon_bin" ./cmd/arshlined
fi
go build -o "$tmp/fakeopenai" ./e2e/fakeopenai
(cd e2e && npm ci --no-audit --no-fund --loglevel=error)
# The plugin as a site owner downloads it (make release builds the same zip).
version=$(cat VERSION 2>/dev/null || echo 0.1.0)
plugin_zip=$(wp-plugin/bin/build-zip.sh "$tmp/dist" "$version")
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
ARSHLINE_OPENAI_API_KEY=sk-e2e-not-a-real-key "$daemon_bin" --socket "$socket" --db "$tmp/data/arshline.db" \
	--log-dir "$tmp/logs" --openai-base-url "http://127.0.0.1:$fake_port/v1" --openai-model fake-model \
	--openai-timeout 30s --socket-group www-data --allow-uids www-data >"$tmp/logs/arshlined.log" 2>&1 &
daemon_pid=$!
pids+=($daemon_pid)
wait_for 15 arshlined test -S "$socket"

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
log "running the browser test"
rm -rf "$repo/e2e/artifacts"
mkdir -p "$repo/e2e/artifacts"
E2E_URL=$url E2E_USER=admin E2E_PASS=$admin_pass E2E_CHROMIUM=$chromium_bin \
	E2E_ARTIFACTS="$repo/e2e/artifacts" E2E_FAKE_URL="http://127.0.0.1:$fake_port" \
	E2E_SOCKET=$socket E2E_HOSTILE_FORM=$hostile_form E2E_PLUGIN_ZIP=$plugin_zip E2E_VERSION=$version \
	E2E_SOCKET_REFUSE="$tmp/run/refuse.sock" E2E_SOCKET_ROOT_ONLY="$tmp/run/root-only.sock" \
	E2E_SOCKET_PROTOCOL2="$tmp/run/protocol-2.sock" \
	node "$repo/e2e/run.mjs"
E2E_URL=$url E2E_CHROMIUM=$chromium_bin E2E_ARTIFACTS="$repo/e2e/artifacts" E2E_SOCKET=$socket node "$repo/e2e/visitor.mjs"

# --- the socket constant, uninstall and the PHP log ------------------------
php "$repo/e2e/wp-constant-check.php" "$docroot"
php "$repo/e2e/wp-uninstall-check.php" "$docroot"
if [[ -f "$docroot/wp-content/debug.log" ]] && grep -n 'arshline-sidecar' "$docroot/wp-content/debug.log"; then
	fail "PHP reported errors, warnings or notices from the plugin (above)"
fi
if grep -n 'PHP \(Warning\|Notice\|Fatal\)' "$tmp/logs/php-server.log" | grep arshline; then
	fail "the PHP server logged warnings from the plugin (above)"
fi
log "no PHP warnings or notices from the plugin"
