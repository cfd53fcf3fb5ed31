#!/usr/bin/env bash
# PHP tests of the WordPress plugin: lint, the translation catalogue, the
# built admin script against its sources (npm), and
# PHPUnit (Debian's phpunit) for the socket client against a real arshlined
# and the loopback fake model, which this script builds first, and for the
# plugin on Debian's real WordPress (fa_IR, its default theme) over a
# private MariaDB that the tests start. Installs what it needs on a fresh
# Debian machine (as root).
set -euo pipefail
start_ns=$(date +%s%N)
cd "$(dirname "$0")/.."
repo=$PWD
export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive

need=()
for pkg in php-cli php-xml php-mbstring php-mysql phpunit gettext wordpress wordpress-theme-twentytwentythree wordpress-l10n mariadb-server; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
if ((${#need[@]})); then
	echo "php-tests: installing ${need[*]}"
	apt-get update
	apt-get install -y --no-install-recommends "${need[@]}"
fi
command -v go >/dev/null 2>&1 || { echo "php-tests: Go is needed to build arshlined" >&2; exit 1; }

build="$repo/wp-plugin/tests/.build"
mkdir -p "$build"
echo "php-tests: building arshlined and the fake model"
# A private build, so that bin/ (make build, with its version stamp) stays as it is.
go build -o "$build/arshlined" ./cmd/arshlined
go build -o "$build/fakeopenai" ./e2e/fakeopenai
export ARSHLINED_BIN="$build/arshlined" FAKEOPENAI_BIN="$build/fakeopenai"

echo "php-tests: php -l"
status=0
while IFS= read -r -d '' f; do
	out=$(php -l "$f" 2>&1) || { echo "$out"; status=1; }
done < <(find wp-plugin e2e -name '*.php' -not -path '*/node_modules/*' -print0)
((status == 0)) || exit 1

echo "php-tests: translation catalogue"
wp-plugin/bin/i18n.sh --check

echo "php-tests: built admin script"
wp-plugin/bin/check-build.sh

echo "php-tests: the scripts' unit tests: calendar and show_if against the daemon's, the admin store (node --test)"
node --test wp-plugin/tests/js/

echo "php-tests: phpunit"
(cd wp-plugin && phpunit --colors=never "$@")

ms=$((($(date +%s%N) - start_ns) / 1000000))
printf 'php-tests: passed in %d.%03d s\n' $((ms / 1000)) $((ms % 1000))
