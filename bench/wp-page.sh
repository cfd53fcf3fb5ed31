#!/usr/bin/env bash
# What the public form adds to a page's server time: real MariaDB, Debian's
# WordPress served by PHP's built-in server on loopback (one worker, so
# requests are served one at a time), the plugin active, arshlined on its
# socket with a published ten-question form (bench.TenQuestionForm), and
# two pages with the same title and text, one with the form's shortcode.
# Each page is requested N times, alternating, after a warm-up; a
# must-use plugin records each request's server time (from its arrival
# to the last shutdown hook), and the p50/p90/p99 of both pages and the
# difference of the p50s are printed.
#
#   bench/wp-page.sh                 N=1000, OPcache on (as a production PHP has it)
#   BENCH_N=200 bench/wp-page.sh     fewer requests
#   BENCH_OPCACHE=0 bench/wp-page.sh without OPcache
#   BENCH_KEEP=1 bench/wp-page.sh    keep the scratch directory
#   BENCH_VISITS=200 (default)       visits of the visit bench (page, token, send)
#   BENCH_SERVER=fpm bench/wp-page.sh  nginx + PHP-FPM (Debian's nginx, php8.2-fpm) instead of PHP's server
#
# The setup follows .ci/e2e.sh (which installs the packages it needs:
# run that once on a fresh machine) without the browser and the model.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"
n=${BENCH_N:-1000}

log() { printf 'wp-page: %s\n' "$*" >&2; }
fail() { printf 'wp-page: FAILED: %s\n' "$*" >&2; exit 1; }

for cmd in mariadbd mariadb-install-db php go; do
	command -v "$cmd" >/dev/null 2>&1 || fail "$cmd is missing (.ci/e2e.sh installs what this needs)"
done
[[ -f /usr/share/wordpress/wp-settings.php ]] || fail "Debian's wordpress package is missing"
php -r 'exit(function_exists("curl_init") ? 0 : 1);' || fail "php-curl is missing"

tmp=$(mktemp -d /tmp/arsh-wppage.XXXXXX)
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
	if [[ "${BENCH_KEEP:-}" == 1 ]]; then log "kept $tmp"; else rm -rf "$tmp"; fi
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

log "building arshlined and arshlinectl"
daemon_bin=${ARSHLINED_BIN:-$tmp/arshlined}
if [[ -z "${ARSHLINED_BIN:-}" ]]; then
	go build -o "$daemon_bin" ./cmd/arshlined
fi
go build -o "$tmp/arshlinectl" ./cmd/arshlinectl

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

log "starting arshlined"
socket="$tmp/run/arshlined.sock"
# The visits send as fast as one client can: no least fill time and no
# per-client or per-form limit (the pages' figures are unaffected).
"$daemon_bin" --socket "$socket" --db "$tmp/data/arshline.db" --log-dir "$tmp/logs" \
	--submit-min-fill 0s --submit-per-client-per-minute 0 --submit-per-form-per-minute 0 \
	>"$tmp/logs/arshlined.log" 2>&1 &
pids+=($!)
wait_for 15 arshlined test -S "$socket"

# bench.TenQuestionForm (bench/bench.go), created, filled and published as
# an operator would with arshlinectl.
ctl() { "$tmp/arshlinectl" --socket "$socket" call "$@"; }
form_id=$(ctl forms.create '{"title":"سنجش رضایت"}' | php -r 'echo json_decode(stream_get_contents(STDIN), true)["form"]["id"];')
[[ "$form_id" =~ ^[0-9]+$ ]] || fail "forms.create gave no id"
ctl forms.update "$(
	cat <<JSON
{"id":$form_id,"document":{"version":"arshline_form@v1","fields":[
{"id":"name","type":"text","label":"نام و نام خانوادگی","required":true},
{"id":"mobile","type":"text","label":"شماره موبایل","format":"mobile_ir","required":true},
{"id":"code","type":"text","label":"کد ملی","format":"national_code"},
{"id":"email","type":"email","label":"ایمیل"},
{"id":"age","type":"number","label":"سن","min":1,"max":120},
{"id":"city","type":"select","label":"شهر","options":[{"value":"thr","label":"تهران"},{"value":"isf","label":"اصفهان"},{"value":"shz","label":"شیراز"}]},
{"id":"topics","type":"checkbox","label":"موضوع‌های مورد علاقه","options":[{"value":"a","label":"ورزش"},{"value":"b","label":"کتاب"},{"value":"c","label":"سفر"}]},
{"id":"day","type":"date","label":"تاریخ مراجعه","calendar":"jalali"},
{"id":"score","type":"rating","label":"میزان رضایت","scale":{"min":1,"max":5}},
{"id":"note","type":"textarea","label":"توضیحات"}]}}
JSON
)" >/dev/null
ctl forms.set_status "{\"id\":$form_id,\"status\":\"published\"}" >/dev/null

log "installing WordPress"
wp_port=$(free_port)
url="http://127.0.0.1:$wp_port"
export E2E_URL=$url
docroot="$tmp/wp"
mkdir -p "$docroot/wp-content/plugins" "$docroot/wp-content/uploads" "$docroot/wp-content/mu-plugins" \
	"$docroot/wp-content/themes/arshline-bench"
(cd /usr/share/wordpress && tar --dereference --exclude=./wp-config.php --exclude=./wp-content --exclude=./.htaccess -cf - .) | tar -xf - -C "$docroot"
ln -s "$repo/wp-plugin/arshline-sidecar" "$docroot/wp-content/plugins/arshline-sidecar"
# Debian's package ships no theme: a minimal classic one prints the page
# through the_content, as every theme does.
printf '/*\nTheme Name: Arshline Bench\n*/\n' >"$docroot/wp-content/themes/arshline-bench/style.css"
cp bench/wp-page/theme-index.php "$docroot/wp-content/themes/arshline-bench/index.php"
cp bench/wp-page/timing.php "$docroot/wp-content/mu-plugins/arshline-bench-timing.php"
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
define( 'WP_DEBUG', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'ARSHLINE_BENCH_TIMING', '$tmp/timing.txt' );
\$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
php "$repo/e2e/wp-setup.php" "$docroot" "bench-$(head -c 9 /dev/urandom | base64 | tr -d '/+=')" "$socket" >&2
php -r '$_SERVER["HTTP_HOST"]="x"; require $argv[1] . "/wp-load.php"; switch_theme("arshline-bench");' "$docroot"
read -r with_id without_id < <(php bench/wp-page/pages.php "$docroot" "$form_id")

# The built-in server follows opcache.enable (opcache.enable_cli is the
# command line's).
opcache=${BENCH_OPCACHE:-1}
if [[ "${BENCH_SERVER:-php}" == fpm ]]; then
	# nginx in front of PHP-FPM, as sites run it: one FastCGI worker
	# (pm static, one child), so requests are still served one at a time
	# and the timing plugin's CPU difference is each request's own.
	log "serving WordPress on $url (nginx + PHP-FPM, one worker, OPcache $([[ $opcache == 1 ]] && echo on || echo off))"
	command -v nginx >/dev/null 2>&1 && command -v php-fpm8.2 >/dev/null 2>&1 || fail "BENCH_SERVER=fpm needs Debian's nginx and php8.2-fpm"
	cat >"$tmp/fpm.conf" <<CONF
[global]
pid = $tmp/run/fpm.pid
error_log = $tmp/logs/fpm.log
daemonize = no
[bench]
listen = $tmp/run/fpm.sock
pm = static
pm.max_children = 1
clear_env = no
php_admin_value[opcache.enable] = $opcache
php_admin_value[opcache.validate_timestamps] = 0
CONF
	setsid php-fpm8.2 -R -F -y "$tmp/fpm.conf" >"$tmp/logs/fpm-stdout.log" 2>&1 &
	pids+=($!)
	groups+=($!)
	wait_for 15 PHP-FPM test -S "$tmp/run/fpm.sock"
	mkdir -p "$tmp/nginx"
	cat >"$tmp/nginx.conf" <<CONF
user root;
worker_processes 1;
daemon off;
pid $tmp/run/nginx.pid;
error_log $tmp/logs/nginx-error.log;
events { worker_connections 64; }
http {
	access_log off;
	include /etc/nginx/mime.types;
	client_body_temp_path $tmp/nginx/body;
	fastcgi_temp_path $tmp/nginx/fastcgi;
	proxy_temp_path $tmp/nginx/proxy;
	uwsgi_temp_path $tmp/nginx/uwsgi;
	scgi_temp_path $tmp/nginx/scgi;
	server {
		listen 127.0.0.1:$wp_port;
		root $docroot;
		index index.php;
		location / { try_files \$uri \$uri/ /index.php?\$args; }
		location ~ \.php\$ {
			include /etc/nginx/fastcgi_params;
			fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
			fastcgi_param HTTP_HOST \$host:\$server_port; # Debian's fastcgi_params send \$host, without the port the site is on
			fastcgi_pass unix:$tmp/run/fpm.sock;
		}
	}
}
CONF
	setsid nginx -c "$tmp/nginx.conf" -p "$tmp/nginx" >"$tmp/logs/nginx-stdout.log" 2>&1 &
	pids+=($!)
	groups+=($!)
else
	log "serving WordPress on $url (one worker, OPcache $([[ $opcache == 1 ]] && echo on || echo off))"
	setsid php -d opcache.enable="$opcache" -d opcache.validate_timestamps=0 -S "127.0.0.1:$wp_port" \
		-t "$docroot" "$repo/e2e/router.php" >"$tmp/logs/php-server.log" 2>&1 &
	pids+=($!)
	groups+=($!)
fi
wait_for 15 "the WordPress server" php -r "exit(@file_get_contents('$url/wp-login.php') === false ? 1 : 0);"

printf 'arshlined %s; PHP %s; WordPress %s; %s; %s; %d requests per page after 50 of warm-up\n' \
	"$(ctl system.health | php -r 'echo json_decode(stream_get_contents(STDIN), true)["version"];')" \
	"$(php -r 'echo PHP_VERSION;')" "$(php -r 'include $argv[1]; echo $wp_version;' "$docroot/wp-includes/version.php")" \
	"$([[ "${BENCH_SERVER:-php}" == fpm ]] && echo 'nginx + PHP-FPM' || echo "PHP's built-in server")" \
	"$([[ $opcache == 1 ]] && echo 'OPcache on' || echo 'OPcache off')" "$n"
php bench/wp-page/requests.php "$url" "$with_id" "$without_id" "$tmp/timing.txt" "$n"
php bench/wp-page/forms-public.php "$socket" "$form_id" "$n"
printf 'visits (one at a time): %d after 20 of warm-up\n' "${BENCH_VISITS:-200}"
php bench/wp-page/visit.php "$url" "$with_id" "$without_id" "$tmp/timing.txt" "${BENCH_VISITS:-200}"
