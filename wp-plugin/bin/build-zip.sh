#!/usr/bin/env bash
# Writes the plugin as WordPress installs it from Plugins → Add New →
# Upload Plugin: OUTDIR/arshline-sidecar-VERSION.zip with one top folder,
# arshline-sidecar/, holding the PHP, the built scripts and styles, the block,
# the languages and readme.txt (no src/, node_modules/, tests or dev files),
# with VERSION in the plugin header's `Version:`, ARSHLINE_SIDECAR_VERSION and
# readme.txt's `Stable tag:`.
#
# Reproducible: every entry has the same mode and mtime (SOURCE_DATE_EPOCH,
# or the last commit's time, or 1980-01-01 outside git), entries are sorted
# and `zip -X` leaves out owner ids and extra timestamps, so two builds of the
# same tree give the same bytes.
#
#   wp-plugin/bin/build-zip.sh OUTDIR VERSION     e.g. build-zip.sh dist 1.2.3
set -euo pipefail

usage() { echo "usage: $0 OUTDIR VERSION   (VERSION like 1.2.3 or 1.2.3-rc.1)" >&2; exit 2; }
(($# == 2)) || usage
outdir=$1 version=$2
# WordPress compares versions with version_compare(); keep to what it and
# readme.txt's Stable tag understand.
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]] || usage

if ! command -v zip >/dev/null 2>&1; then
	if ((EUID == 0)) && command -v apt-get >/dev/null 2>&1; then
		echo "build-zip: installing zip" >&2
		# Waits for another apt/dpkg instead of failing on its lock.
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends zip >&2 \
			|| { apt-get -o DPkg::Lock::Timeout=600 update >&2 && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends zip >&2; }
	else
		echo "build-zip: needs zip (apt-get install zip)" >&2
		exit 1
	fi
fi

here=$(cd "$(dirname "$0")/.." && pwd)
src="$here/arshline-sidecar"
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
zipfile="$outdir/arshline-sidecar-$version.zip"

if [[ -n "${SOURCE_DATE_EPOCH:-}" ]]; then
	epoch=$SOURCE_DATE_EPOCH
elif epoch=$(git -C "$here" log -1 --format=%ct 2>/dev/null) && [[ -n "$epoch" ]]; then
	:
else
	epoch=315532800 # 1980-01-01, the earliest time a zip entry can hold
fi
[[ "$epoch" =~ ^[0-9]+$ ]] || { echo "build-zip: SOURCE_DATE_EPOCH must be seconds since 1970" >&2; exit 2; }

tmp=$(mktemp -d /tmp/arsh-zip.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
stage="$tmp/arshline-sidecar"
mkdir -p "$stage"

# What WordPress runs and shows; everything else in the plugin directory
# (src/, node_modules/, editor and test files) stays out.
ship=(arshline-sidecar.php uninstall.php readme.txt assets blocks build includes languages)
for entry in "${ship[@]}"; do
	[[ -e "$src/$entry" ]] || { echo "build-zip: $src/$entry is missing" >&2; exit 1; }
	cp -R "$src/$entry" "$stage/"
done
# The built files must exist (they are committed; see check-build.sh).
# One script per admin page (webpack.config.js), the public form's and the block's.
for built in build/forms.js build/new-form.js build/ai.js build/settings.js build/form-build.js build/form-settings.js \
	build/form-entries.js build/form-results.js build/form-versions.js build/public.js build/block-form.js languages/arshline-sidecar-fa_IR.mo; do
	[[ -s "$stage/$built" ]] || { echo "build-zip: $built is missing or empty" >&2; exit 1; }
done
find "$stage" \( -name '.*' -o -name '*~' -o -name '*.orig' -o -name '*.rej' -o -name '*.map' \) -prune -exec rm -rf {} +

# One version everywhere WordPress reads it.
stamp() { # file, sed expression, what must be there afterwards
	sed -E -i "$2" "$stage/$1"
	grep -qF -- "$3" "$stage/$1" || { echo "build-zip: could not stamp the version into $1" >&2; exit 1; }
}
stamp arshline-sidecar.php "s/^( \* Version:[[:space:]]+).*/\1$version/" " * Version:           $version"
stamp arshline-sidecar.php "s/^define\( 'ARSHLINE_SIDECAR_VERSION', '[^']*' \);/define( 'ARSHLINE_SIDECAR_VERSION', '$version' );/" "define( 'ARSHLINE_SIDECAR_VERSION', '$version' );"
stamp readme.txt "s/^Stable tag:.*/Stable tag: $version/" "Stable tag: $version"

find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod 0644 {} +
find "$stage" -exec touch -h -d "@$epoch" {} +

rm -f "$zipfile"
# zip writes local time into entries: UTC keeps the bytes the same on every host.
(cd "$tmp" && find arshline-sidecar -print | LC_ALL=C sort | TZ=UTC zip -X -q -9 -@ "$zipfile")
touch -d "@$epoch" "$zipfile"
echo "$zipfile"
